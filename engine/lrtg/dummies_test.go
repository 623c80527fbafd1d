package lrtg

import (
	"errors"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func dummyCode(t *testing.T, g Game, cmd engine.Command) string {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if err == nil {
		return ""
	}
	if !errors.As(err, &re) {
		t.Fatalf("%T: %v", cmd, err)
	}
	return re.Code
}

func TestDummiesPlaceLimitAndView(t *testing.T) {
	o := opts()
	o.LimitedIntel = true
	g := viewGame(t, o)
	// Meade's side: no infantry corps commander on the map, none north:
	// the Union's limit is 6 (20.0; ties are not a majority, choice D1).
	if n, why := g.DummyLimit(engine.USA, nil); n != 6 {
		t.Fatalf("Union limit %d (%s), want 6", n, why)
	}
	if n, _ := g.DummyLimit(engine.CSA, nil); n != 12 {
		t.Fatalf("Confederate limit %d, want 12", n)
	}
	for i := 0; i < 6; i++ {
		g = apply(t, g, PlaceDummy{By: meade, Hex: engine.Hex{Q: 20 + i, R: 0}}, engine.Script())
	}
	if c := dummyCode(t, g, PlaceDummy{By: meade, Hex: engine.Hex{Q: 30, R: 0}}); c != "dummy.limit" {
		t.Errorf("a seventh Union dummy: %q, want dummy.limit", c)
	}
	if c := dummyCode(t, g, PlaceDummy{By: lee, Hex: engine.Hex{Q: 5, R: 0}}); c != "dummy.occupied" {
		t.Errorf("a dummy on Wright's hex: %q", c)
	}
	if c := dummyCode(t, g, PlaceDummy{By: lee, Hex: engine.Hex{Q: 20, R: 0}}); c != "dummy.occupied" {
		t.Errorf("a dummy on a dummy: %q", c)
	}
	if c := dummyCode(t, g, PlaceDummy{By: lee, Side: engine.USA, Hex: engine.Hex{Q: 40, R: 0}}); c != "dummy.enemy" {
		t.Errorf("Lee places a Union dummy: %q", c)
	}
	if c := dummyCode(t, g, PlaceDummy{By: ump, Hex: engine.Hex{Q: 40, R: 0}}); c != "dummy.side" {
		t.Errorf("the umpire without a side: %q", c)
	}
	if c := dummyCode(t, g, PlaceDummy{By: ump, Side: engine.CSA, Hex: engine.Hex{Q: 40, R: 0}}); c != "dummy.reason" {
		t.Errorf("the umpire without a reason: %q", c)
	}
	// Lee sees six markers more; the dummies are not told apart from the
	// real stacks; Meade sees his six dummies as dummies; the umpire too.
	lv := viewOf(g, lee)
	markers := 0
	for _, c := range enemyCounters(lv) {
		if c.Kind == "dummy" || c.Name != "" {
			t.Errorf("Lee tells a Union dummy or stack apart: %+v", c)
		}
		markers++
	}
	if markers != 8 { // Wright+Buford's stack, Sykes, six dummies
		t.Errorf("Lee sees %d Union markers, want 8", markers)
	}
	dummies := 0
	for _, c := range viewOf(g, meade).Counters {
		if c.Kind == "dummy" {
			dummies++
		}
	}
	if dummies != 6 {
		t.Errorf("Meade sees %d of his dummies, want 6", dummies)
	}
	// Contact finds a dummy out.
	g = viewMove(t, g, jebA, "csa.rodes", engine.Hex{Q: 21, R: 1})
	found := false
	for _, c := range enemyCounters(viewOf(g, lee)) {
		found = found || c.Kind == "dummy" && c.Hex == (engine.Hex{Q: 21, R: 0})
	}
	if !found {
		t.Errorf("Rodes next to a dummy does not find it out")
	}
	// Removal: one, then all.
	g = apply(t, g, RemoveDummies{By: meade, Hex: engine.Hex{Q: 20, R: 0}}, engine.Script())
	if n := len(g.DummiesOf(engine.USA)); n != 5 {
		t.Errorf("%d dummies after removing one, want 5", n)
	}
	if c := dummyCode(t, g, RemoveDummies{By: meade, Hex: engine.Hex{Q: 20, R: 0}}); c != "dummy.none" {
		t.Errorf("removing a dummy twice: %q", c)
	}
	g = apply(t, g, RemoveDummies{By: meade, All: true}, engine.Script())
	if n := len(g.DummiesOf(engine.USA)); n != 0 {
		t.Errorf("%d dummies after removing all", n)
	}
}

func TestDummiesSpyLossAndModes(t *testing.T) {
	o := opts()
	o.LimitedIntel = true
	g := viewGame(t, o)
	g = apply(t, g, PlaceDummy{By: lee, Hex: engine.Hex{Q: 30, R: 0}}, engine.Script())
	// The Union wins this turn's Spy: the Confederate dummies are gone and
	// no new one may be placed this turn (2.0 7)).
	g.Events.Rolled = append(g.Events.Rolled, RandomEventRolled{Turn: g.Turn, Outcome: RandomSpy, Spy: engine.USA})
	if n := len(g.DummiesOf(engine.CSA)); n != 0 {
		t.Errorf("%d Confederate dummies after losing the Spy", n)
	}
	if c := dummyCode(t, g, PlaceDummy{By: lee, Hex: engine.Hex{Q: 31, R: 0}}); c != "dummy.spy" {
		t.Errorf("placing after losing the Spy: %q", c)
	}
	if c := dummyCode(t, g, PlaceDummy{By: meade, Hex: engine.Hex{Q: 31, R: 0}}); c != "" {
		t.Errorf("the Spy's winner places: %q", c)
	}
	// Dummies belong to limited intelligence only.
	for _, mod := range []func(*engine.GameOptions){
		func(o *engine.GameOptions) {},
		func(o *engine.GameOptions) { o.Intel, o.LimitedIntel = engine.IntelDoubleBlind, true },
	} {
		o := opts()
		mod(&o)
		g := viewGame(t, o)
		if c := dummyCode(t, g, PlaceDummy{By: lee, Hex: engine.Hex{Q: 30, R: 0}}); c != "dummy.mode" {
			t.Errorf("%s: a dummy is %q, want dummy.mode", o.IntelMode(), c)
		}
	}
}
