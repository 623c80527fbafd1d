package engine

import (
	"errors"
	"strings"
	"testing"
)

// TestOptionProblemsListsEveryOne: no problem is nil, one is itself word
// for word, several are one refusal under the first one's code that names
// every problem with its hint.
func TestOptionProblemsListsEveryOne(t *testing.T) {
	if err := OptionProblems(nil); err != nil {
		t.Fatalf("no problem: %v", err)
	}
	one := Invalid("game.supply", `"weird" is not a supply rule`, "Use supply:normal")
	if err := OptionProblems([]*RuleError{one}); err != one {
		t.Fatalf("one problem: %v, want it as it is", err)
	}
	two := Invalid("game.comms", "Communications option 7 does not exist", "Use communications:1, 2 or 3")
	err := OptionProblems([]*RuleError{one, two})
	var re *RuleError
	if !errors.As(err, &re) || re.Code != "game.supply" || !errors.Is(err, ErrInvalid) {
		t.Fatalf("two problems: %v, want game.supply's code and kind", err)
	}
	for _, want := range []string{"2 problems with the options", `"weird" is not a supply rule (Use supply:normal)`, "Communications option 7 does not exist (Use communications:1, 2 or 3)"} {
		if !strings.Contains(re.What, want) {
			t.Errorf("%q misses %q", re.What, want)
		}
	}
}
