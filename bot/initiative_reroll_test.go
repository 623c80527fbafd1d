package bot

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// A side holding Enemy Intelligence rerolls is reminded of them when it
// loses an initiative roll (issue 22, item 9; 004 Enemy Intelligence: "the
// Confederate player may request the reroll of two initiative rolls during
// the turn (reroll both dice, may not reroll a reroll)"). The rerolls are
// public (the random event is told to the table), so the reminder is too.
func TestInitiativeLostRemindsOfRerolls(t *testing.T) {
	lrta := func(used int, winner engine.Side) engine.GameState {
		g := bare(engine.GameState{Options: engine.GameOptions{Scenario: "lrta-campaign"}, Turn: 5})
		return lrtg.With(g, func(s *lrtg.State) {
			s.LRTAEvents.Rolled = []lrtg.LRTARandomEvent{{Turn: 5, Outcome: lrtg.LRTAEventIntel, Intel: winner, IntelForm: string(winner)}}
			s.Actions.Turn, s.Actions.Rerolls = 5, used
		})
	}
	won := func(side, reroll engine.Side) *lrtg.InitiativeWon {
		return &lrtg.InitiativeWon{Turn: 5, Step: "4a", Phase: 1, Side: side, Reroll: reroll,
			Rolls: []lrtg.InitiativeRoll{{Side: engine.CSA, Die: 2, Total: 2}, {Side: engine.USA, Die: 5, Total: 5}}}
	}
	s := initiativeWonText(lrta(0, engine.CSA), won(engine.USA, ""))
	for _, want := range []string{"The CSA may have this roll rerolled", "/action reroll", "2 of its 2", "Enemy Intelligence"} {
		if !strings.Contains(s, want) {
			t.Errorf("lost with two rerolls: lacks %q:\n%s", want, s)
		}
	}
	if s := initiativeWonText(lrta(1, engine.CSA), won(engine.USA, "")); !strings.Contains(s, "1 of its 2") {
		t.Errorf("one left:\n%s", s)
	}
	for name, c := range map[string]struct {
		g engine.GameState
		e *lrtg.InitiativeWon
	}{
		"none left":           {lrta(2, engine.CSA), won(engine.USA, "")},
		"the holder won":      {lrta(0, engine.CSA), won(engine.CSA, "")},
		"a reroll":            {lrta(1, engine.CSA), won(engine.USA, engine.CSA)},
		"the Union won EI":    {lrta(0, engine.USA), won(engine.CSA, "")},
		"LRTG has no rerolls": {bare(engine.GameState{Options: engine.GameOptions{Scenario: "lrtg-high-tide"}, Turn: 5}), won(engine.USA, "")},
	} {
		if s := initiativeWonText(c.g, c.e); strings.Contains(s, "/action reroll") {
			t.Errorf("%s: reminded:\n%s", name, s)
		}
	}
}
