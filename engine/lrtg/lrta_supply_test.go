package lrtg

import (
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The LRTA Supply Segment on segment_test.go's invented theatre, with
// Harpers Ferry (the Naval Battery's hex, held by Tyler) and Martinsburg.

// The charts as scenarios/rules/lrta-supply.yaml has them (checked against
// 004 in scenarios/lrta_test.go).
func lrtaSupplyLibrary() *engine.Library {
	lib := segTestLibrary()
	lib.Charts = append(lib.Charts,
		&engine.Chart{ID: "lrta.simplified-resupply", Rows: [][]string{
			{"0", "N/A", "7"}, {"1", "0", "6"}, {"2", "1", "5"}, {"3-4", "2", "4"},
			{"5-6", "3", "3"}, {"7-8", "4", "2"}, {"9-10", "5", "1"}, {"11-12", "6+", "0"},
		}},
		&engine.Chart{ID: "lrta.simplified-forage", Rows: [][]string{
			{"3", "0", "0", "0", "0", "0", "0"},
			{"2", "3", "2", "1", "1", "1", "0"},
			{"1", "5", "4", "3", "3", "2", "2"},
			{"0", "7", "6", "5", "4", "3", "2"},
		}},
	)
	return lib
}

func lrtaSegGame(t *testing.T, turn int) (Game, engine.StepContext) {
	t.Helper()
	o := lrtaOpts()
	g, ctx := segGame(t, o, turn)
	th := segTestTheatre()
	th.Places = append(th.Places, engine.Place{Name: "Harpers Ferry", Hex: at(18, -1)}, engine.Place{Name: "Martinsburg", Hex: at(4, 4)})
	ctx.Move.Theatre, ctx.Library = th, lrtaSupplyLibrary()
	return g, ctx
}

func runLRTAStep(t *testing.T, g Game, step string, d engine.Dice, ctx engine.StepContext) (Game, []engine.Event) {
	t.Helper()
	g.Sequence = engine.SequenceState{Step: step, Turn: g.Turn}
	p := g.stepProcedureOf(step)
	if p == nil {
		t.Fatalf("LRTA has no procedure for %s", step)
	}
	evs, err := p(g, d, ctx)
	if err != nil {
		t.Fatalf("%s: %v", step, err)
	}
	return applyAll(g, evs), evs
}

// Which LRTG procedures LRTA reuses, and which are its own.
func TestLRTASupplyStepsRegistered(t *testing.T) {
	ptr := func(p procedure) uintptr { return reflect.ValueOf(p).Pointer() }
	for step, own := range map[string]bool{"5a": false, "5b": false, "5c": true, "5d": false, "5e": true, "5f": false, "5g": false, "5h": true} {
		p, q := stepBegin(lrtaStepRules(), step), stepBegin(lrtgStepRules(), step)
		if p == nil || q == nil {
			t.Fatalf("%s: LRTA %v, LRTG %v", step, p != nil, q != nil)
		}
		if (ptr(p) != ptr(q)) != own {
			t.Errorf("%s: LRTA's own procedure %v, want %v", step, ptr(p) != ptr(q), own)
		}
	}
	if bare(lrtaOpts()).stepProcedureOf("5i") != nil {
		t.Error("LRTA has no step 5i")
	}
}

// 004 Simplified Supply: victuals received by divisions out of resupply range.
func TestLRTAResupplyChart(t *testing.T) {
	ch := lrtaSupplyLibrary().Chart("lrta.simplified-resupply")
	for _, c := range []struct {
		s      engine.Side
		out, v int
	}{
		{engine.USA, 0, 7}, {engine.USA, 1, 6}, {engine.USA, 2, 5}, {engine.USA, 3, 4}, {engine.USA, 4, 4}, {engine.USA, 6, 3}, {engine.USA, 7, 2}, {engine.USA, 10, 1}, {engine.USA, 12, 0}, {engine.USA, 15, 0},
		{engine.CSA, 0, 6}, {engine.CSA, 1, 5}, {engine.CSA, 2, 4}, {engine.CSA, 3, 3}, {engine.CSA, 4, 2}, {engine.CSA, 5, 1}, {engine.CSA, 6, 0}, {engine.CSA, 9, 0},
	} {
		if v, err := LRTAResupply(ch, c.s, c.out); err != nil || v != c.v {
			t.Errorf("%s, %d out of range: %d %v, want %d", c.s, c.out, v, err, c.v)
		}
	}
}

// 004 Foraging: fatigue removed against the modifier.
func TestLRTAForageChart(t *testing.T) {
	ch := lrtaSupplyLibrary().Chart("lrta.simplified-forage")
	for mod, want := range map[int][]int{ // victuals for 0, 1, 2, 3 levels kept (3, 2, 1, 0 removed)
		2: {0, 3, 5, 7}, 1: {0, 3, 5, 7}, 0: {0, 2, 4, 6}, -1: {0, 1, 3, 5}, -2: {0, 1, 3, 4}, -3: {0, 1, 2, 3}, -4: {0, 0, 2, 2}, -6: {0, 0, 2, 2},
	} {
		got, err := lrtaForageGains(ch, mod)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("modifier %+d: %v %v, want %v", mod, got, err, want)
		}
	}
}

// 004: the Union controls the Potomac with Harpers Ferry or Martinsburg, the
// Valley with Front Royal and Winchester.
func TestLRTARiverControl(t *testing.T) {
	g, ctx := lrtaSegGame(t, 10)
	g, evs := runLRTAStep(t, g, "5c", engine.Script(), ctx)
	rc := evs[0].(*RiversControlled)
	if !rc.Potomac || !rc.Shenandoah || rc.Held["Harpers Ferry"] != "Tyler" || rc.Held["Winchester"] != "Milroy" || rc.Held["Front Royal"] != "McReynolds" {
		t.Fatalf("control: %+v", rc)
	}
	if !g.Segment.Rivers.Potomac || !g.Segment.Rivers.Shenandoah {
		t.Errorf("not folded: %+v", g.Segment.Rivers)
	}
	// Martinsburg alone holds the Potomac; Winchester alone not the Valley.
	g = moveTo(g, "usa.tyler", at(4, 4))
	g = moveTo(g, "usa.mcreynolds", at(100, 100))
	_, evs = runLRTAStep(t, g, "5c", engine.Script(), ctx)
	if rc := evs[0].(*RiversControlled); !rc.Potomac || rc.Shenandoah {
		t.Errorf("Martinsburg only, Winchester only: %+v", rc)
	}
	g = moveTo(g, "usa.tyler", at(100, 100))
	_, evs = runLRTAStep(t, g, "5c", engine.Script(), ctx)
	if rc := evs[0].(*RiversControlled); rc.Potomac {
		t.Errorf("neither Harpers Ferry nor Martinsburg: %+v", rc)
	}
}

// A passive turn of LRTA simplified supply, 5b to 5e and the foraging
// choice, with 004's tables.
func TestLRTASupplyTurn(t *testing.T) {
	g, ctx := lrtaSegGame(t, 15)
	g.Records.Track = map[engine.Side]int{engine.CSA: -1, engine.USA: 0}
	g = moveTo(g, "usa.wright", at(150, 150)) // out of range too
	g = moveTo(g, "csa.lee", at(30, -8))      // a Confederate infantry leader north of the Potomac
	g = passive(g, engine.CSA, engine.USA)
	g, _ = runLRTAStep(t, g, "5b", engine.Script(), ctx)
	g, _ = runLRTAStep(t, g, "5c", engine.Script(), ctx)
	g, _ = runLRTAStep(t, g, "5d", engine.Script(), ctx)
	if g.SupplyLevel(engine.CSA) != -1 || g.SupplyLevel(engine.USA) != -1 {
		t.Fatalf("after expenditure: %d %d", g.SupplyLevel(engine.CSA), g.SupplyLevel(engine.USA))
	}
	// Out of range: Heth (Lee's word not given) and Early; Wright and
	// Reynolds. CSA 2 out: 4 victuals; USA 2 out: 5; both from the 0 box.
	g, evs := runLRTAStep(t, g, "5e", engine.Script(), ctx)
	got := map[engine.Side]*SupplyAdjusted{}
	var open *SegmentOpened
	for _, e := range evs {
		switch e := e.(type) {
		case *SupplyAdjusted:
			got[e.Side] = e
		case *SegmentOpened:
			open = e
		}
	}
	if a := got[engine.CSA]; a == nil || a.Delta != 4 || a.Track.From != -1 || a.Track.To != 4 {
		t.Fatalf("CSA resupply: %+v", a)
	}
	if a := got[engine.USA]; a == nil || a.Delta != 5 || a.Track.To != 5 {
		t.Fatalf("USA resupply: %+v", a)
	}
	if told := open.Told(engine.CSA); len(open.Waits) != 2 || len(told) == 0 || told[0].Code != NoteLRTAResupply || told[0].N != 2 || told[0].Delta != 4 {
		t.Errorf("5e opened: %+v", open)
	}
	// Foraging: CSA turn 15 without a Rest & Refit -2, the Valley -1, the
	// Potomac -1 (Lee north): the -4 column; keep 2 (remove 1): 2.
	o, ok := g.LRTASupply.ForageOffer(g.Turn, engine.CSA)
	want := []ForageMod{{Code: ForageLRTALate, Value: -2, N: 15, From: 15}, {Code: ForageLRTAShenandoah, Value: -1, Leader: "Lee"}, {Code: ForageLRTAPotomac, Value: -1, Leader: "Lee"}}
	if !ok || o.Modifier != -4 || len(o.Modifiers) != 0 || !reflect.DeepEqual(o.Mods, want) || !reflect.DeepEqual(o.Gains, []int{0, 0, 2, 2}) {
		t.Fatalf("CSA forage offer: %+v", o)
	}
	g.Sequence.Step = "5e"
	evs, err := g.Decide(Forage{By: lee, Side: engine.CSA, Levels: 2}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if f := evs[0].(*UnitForaged); f.Gained != 2 || f.Victuals.From != 4 || f.Victuals.To != 6 || f.Modified != -4 {
		t.Fatalf("CSA forage: %+v", f)
	}
	g = applyAll(g, evs)
	if g.SupplyLevel(engine.CSA) != 6 || g.Segment.Keep[engine.CSA] != 2 {
		t.Errorf("after foraging: %d, keep %d", g.SupplyLevel(engine.CSA), g.Segment.Keep[engine.CSA])
	}
	_, err = g.Decide(Forage{By: lee, Side: engine.CSA, Levels: 1}, engine.Script())
	wantErr(t, err, "segment.forage.twice")
	// The Union: no majority anywhere, no modifier; keep 1 (remove 2): 2.
	evs, err = g.Decide(Forage{By: meade, Side: engine.USA, Levels: 1}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if f := evs[0].(*UnitForaged); f.Gained != 2 || f.Victuals.To != 7 {
		t.Fatalf("USA forage: %+v", f)
	}
	// Not passive: no resupply, no foraging.
	g2, ctx2 := lrtaSegGame(t, 15)
	g2, _ = runLRTAStep(t, g2, "5b", engine.Script(), ctx2)
	g2, evs = runLRTAStep(t, g2, "5e", engine.Script(), ctx2)
	if len(evs) != 1 || len(evs[0].(*SegmentOpened).Waits) != 0 {
		t.Fatalf("operational sides: %+v", evs)
	}
	_, err = g2.Decide(Forage{By: lee, Side: engine.CSA, Levels: 2}, engine.Script())
	wantErr(t, err, "segment.passive")
}

// 004 Foraging modifiers by turn: -1 turns 20-29 and -2 from 30 with a
// Confederate Rest & Refit; -1 turns 10-14 and -2 from 15 without.
func TestLRTAForageModifiersByTurn(t *testing.T) {
	g, ctx := lrtaSegGame(t, 1)
	for turn, want := range map[int]int{9: 0, 10: -1, 14: -1, 15: -2, 40: -2} {
		g.Turn = turn
		if n, _ := g.lrtaForageModifier(engine.CSA, ctx.Move.Theatre, nil); n != want {
			t.Errorf("turn %d without a Rest & Refit: %+d, want %+d", turn, n, want)
		}
	}
	g.LRTAArmy.Proposed = true
	for turn, want := range map[int]int{15: 0, 19: 0, 20: -1, 29: -1, 30: -2, 54: -2} {
		g.Turn = turn
		if n, _ := g.lrtaForageModifier(engine.CSA, ctx.Move.Theatre, nil); n != want {
			t.Errorf("turn %d after a Rest & Refit: %+d, want %+d", turn, n, want)
		}
	}
	// The Union: one box more once McClellan commands.
	g.LRTAArmy.McClellan = true
	if n, why := g.lrtaForageModifier(engine.USA, ctx.Move.Theatre, nil); n != 1 || len(why) != 1 {
		t.Errorf("McClellan: %+d %v", n, why)
	}
}

// 004 Supply Effects (= 24.6): level -1, a unit at F3 of 6 manpower or
// less rolls, a bigger one loses 1; units next to a friendly depot spared.
func TestLRTASupplyEffects(t *testing.T) {
	g, ctx := lrtaSegGame(t, 15)
	g.Records.Track = map[engine.Side]int{engine.CSA: -1, engine.USA: 2}
	g = setUnit(g, "csa.early", func(u *engine.UnitState) { u.Fatigue = 3 })
	g = setUnit(g, "csa.hampton", func(u *engine.UnitState) { u.Fatigue = 3 })
	g, evs := runLRTAStep(t, g, "5f", engine.Script(4), ctx) // Hampton (4 MP) rolls 4: loses 1
	eff := evs[len(evs)-1].(*SupplyEffectsApplied)
	if eff.DRM[engine.CSA] != 2 || eff.DRM[engine.USA] != 1 {
		t.Errorf("disorganization modifiers: %+v", eff.DRM)
	}
	if u := g.Units["csa.hampton"].WithStatus(); u.Manpower != 3 || !u.Status.Disorganized {
		t.Errorf("Hampton: %+v", u)
	}
	if u := g.Units["csa.early"].WithStatus(); u.Manpower != 6 || !u.Status.Disorganized {
		t.Errorf("Early: %+v", u)
	}
	if u := g.Units["csa.hood"].WithStatus(); u.Status.Disorganized {
		t.Errorf("Hood next to the Culpeper depot: %+v", u)
	}
}

// 004: a passive Union builds a depot on its build side and flips it on a
// later passive turn (LRTG: 7 or 12 turns).
func TestLRTADepotFlip(t *testing.T) {
	g, ctx := lrtaSegGame(t, 10)
	g = passive(g, engine.USA)
	g, _ = runLRTAStep(t, g, "5h", engine.Script(), ctx)
	mid := *ctx.Move.Theatre.Place("Mid")
	g = apply(t, g, ScheduleDepot{By: meade, Action: DepotConstruct, Place: mid, Map: ctx.Move.Theatre}, engine.Script())
	if len(g.Segment.Schedules) != 1 || g.Segment.Schedules[0].Due != 17 {
		t.Fatalf("scheduled: %+v", g.Segment.Schedules)
	}
	// An operational turn: nothing.
	g.Turn = 11
	g1, evs := runLRTAStep(t, g, "5h", engine.Script(), ctx)
	for _, e := range evs {
		if _, ok := e.(*DepotsChanged); ok {
			t.Fatalf("operational turn: %+v", e)
		}
	}
	// The next passive turn: flipped to its completed side.
	g1.Turn = 12
	g1 = passive(g1, engine.USA)
	g2, evs := runLRTAStep(t, g1, "5h", engine.Script(), ctx)
	ch, ok := evs[0].(*DepotsChanged)
	if !ok || len(ch.Changes) != 1 || ch.Changes[0].Action != "placed" || ch.Changes[0].Place != "Mid" || ch.Changes[0].Code != DepotWhyLRTAFlipped || ch.Changes[0].Why != "" {
		t.Fatalf("flip: %+v", evs[0])
	}
	if g2.Places["Mid"].Depot != engine.USA || len(g2.Segment.Schedules) != 0 {
		t.Errorf("after the flip: %+v %+v", g2.Places["Mid"], g2.Segment.Schedules)
	}
}
