package litn_test

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// A LITN game stored before LITN was a ruleset of its own: its creation
// names no ruleset and keeps its options under "litn". It decodes to a
// LITN game (by its scenario) with its optional rules.
func TestLITNStoredGameFindsItsRuleset(t *testing.T) {
	stored := `{"options":{"scenario":"litn-1-frederick-to-antietam","supply":"normal","communications":1,"litn":{"surprise_attacks":true}},"umpire":{"id":"ump","name":"Umpire"},"seed_sha256":"x"}`
	e, err := litnRules.DecodeEvent(engine.EventGameCreated, []byte(stored))
	if err != nil {
		t.Fatal(err)
	}
	g := engine.GameState{}.Apply(e)
	if g.Game() != litn.ID || g.Rules() == nil {
		t.Fatalf("game %q, ruleset %v", g.Game(), g.Rules())
	}
	if o := litn.OptionsOf(g.Options); !o.SurpriseAttacks || o.LeaderCasualties {
		t.Fatalf("options %+v", o)
	}
	if g.TurnDays(4) != 2 || g.LastTurn() != 16 || g.TurnLabel(4) != "September 9-10, 1862" {
		t.Fatalf("turn record: %d days, last %d, %q", g.TurnDays(4), g.LastTurn(), g.TurnLabel(4))
	}
	// The kernel alone does not know LITN's events.
	if _, err := engine.DecodeEvent(litn.EventDone, []byte(`{}`)); err == nil {
		t.Fatal("the kernel decoded a LITN event")
	}
	if _, err := litnRules.DecodeEvent(litn.EventDone, []byte(`{"turn":4,"step":"C","side":"csa"}`)); err != nil {
		t.Fatal(err)
	}
}
