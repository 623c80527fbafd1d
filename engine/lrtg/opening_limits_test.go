package lrtg

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The opening's restrictions, once the umpire lifts them (/action rolls: a
// Confederate unit left the six counties), stay lifted for the rest of
// the opening (000 VIII 3): "All movement restrictions ... are lifted ...
// at the moment a Confederate unit moves outside"), not only for the turn
// they were lifted in.
func TestOpeningStaysLifted(t *testing.T) {
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	for _, c := range []struct {
		turn, rolls int
		want        bool
	}{{1, 0, true}, {3, 0, true}, {2, 2, false}, {3, 2, false}, {3, 1, false}, {4, 0, false}} {
		g.Turn, g.Actions.RollsTurn = c.turn, c.rolls
		if got := g.openingRestricted(); got != c.want {
			t.Errorf("turn %d, rolls begun on turn %d: restricted %v, want %v", c.turn, c.rolls, got, c.want)
		}
	}
}
