package lrtg

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// markersAt counts a side's force markers on a hex of a view.
func markersAt(v engine.View, s engine.Side, h engine.Hex) (markers, others int) {
	for _, c := range v.Counters {
		if c.Hex != h || engine.Side(c.Side) != s {
			continue
		}
		if c.Unidentified {
			markers++
		} else {
			others++
		}
	}
	return markers, others
}

// Issue 22: a hex holding a dummy and a real force shows the enemy and
// the public one force marker, never two (a "2" on the map's stack would
// tell them one of the two is a dummy: LRTG 20).
func TestDummyAndForceOnOneHexShowOneMarker(t *testing.T) {
	o := opts()
	o.LimitedIntel = true
	g := viewGame(t, o)
	h := engine.Hex{Q: 30, R: 0}
	g = apply(t, g, PlaceDummy{By: meade, Hex: h}, engine.Script())
	// The umpire puts Sykes there (the state the issue found: a force
	// moved onto its own dummy). Dummies of the other kind stand apart:
	// the state is built whatever the fold makes of the dummy.
	g.Units = cloneUnits(g.Units)
	u := g.Units["usa.sykes"]
	u.Hex = h
	g.Units["usa.sykes"] = u
	g.Dummies.Markers = []Dummy{{Side: engine.USA, Hex: h, Turn: g.Turn}}
	for _, a := range []engine.Actor{lee, jebA, guest()} {
		m, other := markersAt(viewOf(g, a), engine.USA, h)
		if m != 1 || other != 0 {
			t.Errorf("%s sees %d Union markers and %d other counters on the hex of Sykes and a dummy, want one marker", a.Name, m, other)
		}
	}
}

func cloneUnits(m map[string]engine.UnitState) map[string]engine.UnitState {
	out := make(map[string]engine.UnitState, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
