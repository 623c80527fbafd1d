package lrtg

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// TestGameOptionsRefusedAllAtOnce: /game new refuses every wrong option of
// the series in one answer; one wrong option reads as it always did.
func TestGameOptionsRefusedAllAtOnce(t *testing.T) {
	err := checkOptions(engine.GameOptions{Supply: "weird", Comms: 7, Optional: []int{17, 20, 40}})
	if err == nil {
		t.Fatal("accepted")
	}
	for _, want := range []string{"4 problems", `"weird" is not a supply rule`, "Communications option 7", "optional rule 17", "optional rule 40"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q misses %q", err.Error(), want)
		}
	}
	one := checkOptions(engine.GameOptions{Supply: "normal", Comms: 7})
	if one == nil || strings.Contains(one.Error(), "problems") || !strings.Contains(one.Error(), "Communications option 7 does not exist") {
		t.Errorf("one problem: %v", one)
	}
	if err := checkOptions(engine.GameOptions{Supply: "augmented", Comms: 2, Optional: []int{18, 31}}); err != nil {
		t.Errorf("good options refused: %v", err)
	}
}
