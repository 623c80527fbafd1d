package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// A ruleset's options live beside the kernel's in one JSON object, under
// keys of their own: stored options with such a key (a LITN game's
// "litn", stored before LITN was a ruleset) decode with the key kept for
// the ruleset, and write back the same.
func TestGameOptionsKeepRulesetKeys(t *testing.T) {
	stored := `{"scenario":"toy-1","supply":"normal","communications":1,"toy":{"fast":true},"game":"toy"}`
	var o GameOptions
	if err := json.Unmarshal([]byte(stored), &o); err != nil {
		t.Fatal(err)
	}
	if o.Scenario != "toy-1" || o.Comms != 1 || o.Game != "toy" || string(o.Rules["toy"]) != `{"fast":true}` || len(o.Rules) != 1 {
		t.Fatalf("decoded %+v", o)
	}
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var back GameOptions
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if string(back.Rules["toy"]) != `{"fast":true}` || back.Scenario != "toy-1" || back.Game != "toy" {
		t.Fatalf("written %s, read back %+v", b, back)
	}
	// A ruleset's key never overwrites the kernel's options.
	o.Rules["scenario"] = json.RawMessage(`"other"`)
	if b, err = json.Marshal(o); err != nil || !strings.Contains(string(b), `"scenario":"toy-1"`) {
		t.Fatalf("written %s, %v", b, err)
	}
	// Options with no ruleset keys are written as before.
	plain, err := json.Marshal(GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1})
	if err != nil || string(plain) != `{"scenario":"lrtg-high-tide","supply":"normal","communications":1}` {
		t.Fatalf("plain options %s, %v", plain, err)
	}
}
