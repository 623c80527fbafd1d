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

// Issue 22, choice D5: a friendly force moving onto its dummy merges with
// it: the dummy leaves the side's dummies in play, and when the force
// moves on no marker stays behind, for the enemy, the public or the
// umpire. An enemy unit entering a dummy's hex finds it out (D6).
func TestDummyMergesWithAFriendlyForce(t *testing.T) {
	o := opts()
	o.LimitedIntel = true
	g := viewGame(t, o)
	h := engine.Hex{Q: 9, R: 19}
	g = apply(t, g, PlaceDummy{By: meade, Hex: h}, engine.Script())
	g = apply(t, g, PlaceDummy{By: meade, Hex: engine.Hex{Q: 40, R: 0}}, engine.Script())
	g = viewMove(t, g, jebA, "csa.rodes", engine.Hex{Q: 40, R: 0}) // the enemy on a dummy: found out (D6)
	if n := len(g.DummiesOf(engine.USA)); n != 1 {
		t.Fatalf("%d Union dummies after Rodes entered one, want 1: he found it out", n)
	}
	for _, a := range []engine.Actor{guest(), meade} {
		for _, c := range viewOf(g, a).Counters {
			if c.Hex == (engine.Hex{Q: 40, R: 0}) && engine.Side(c.Side) == engine.USA {
				t.Errorf("%s sees a Union counter where Rodes found the dummy out: %+v", a.Name, c)
			}
		}
	}
	g = viewMove(t, g, meade, "usa.sykes", h)
	if n := len(g.DummiesOf(engine.USA)); n != 0 {
		t.Errorf("%d Union dummies with Sykes on one, want 0: it is his marker now", n)
	}
	for _, a := range []engine.Actor{lee, guest(), meade, ump} {
		m, other := markersAt(viewOf(g, a), engine.USA, h)
		if a == meade || a == ump {
			m, other = other, m
		}
		if m+other != 1 {
			t.Errorf("%s sees %d Union counters where Sykes and his marker stand, want 1", a.Name, m+other)
		}
	}
	g = viewMove(t, g, meade, "usa.sykes", engine.Hex{Q: 9, R: 20})
	for _, a := range []engine.Actor{lee, guest(), meade, ump} {
		if m, other := markersAt(viewOf(g, a), engine.USA, h); m+other != 0 {
			t.Errorf("%s still sees %d Union counters where Sykes stood: the dummy stayed behind", a.Name, m+other)
		}
	}
	// The place is free again under the limit, and the hex takes a dummy.
	g = apply(t, g, PlaceDummy{By: meade, Hex: h}, engine.Script())
	if n := len(g.DummiesOf(engine.USA)); n != 1 {
		t.Errorf("%d Union dummies after placing one again, want 1", n)
	}
}
