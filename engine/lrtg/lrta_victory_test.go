package lrtg_test

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA victory (004): the Confederate Objectives option (2b), County/DC
// control (7), the Victory Check (8) with the Emancipation Proclamation and
// the end of the game, on the real rules data and map.

func lvCtx(t *testing.T) engine.StepContext {
	d := reLoad(t)
	return engine.StepContext{Move: &engine.MoveData{Theatre: d.lrtg, OOB: lvOOB()}, Library: d.lib}
}

// lvAt puts units on a place of the map (a constructed state).
func lvAt(t *testing.T, g engine.GameState, place string, ids ...string) engine.GameState {
	t.Helper()
	p := reLoad(t).lrtg.Place(place)
	if p == nil {
		t.Fatalf("no place %s", place)
	}
	return lvEdit(g, func(u *engine.UnitState) { u.OnMap, u.Hex, u.Track, u.Slot = true, p.Hex, "", 0 }, ids...)
}

// lvApply folds events as a replay does (encoded and decoded).
func lvApply(t *testing.T, g engine.GameState, evs ...engine.Event) engine.GameState {
	t.Helper()
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeEvent(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		g = g.Apply(back)
	}
	return g
}

// lvDo decides a command with scripted dice (all of them used) and folds
// its events.
func lvDo(t *testing.T, g engine.GameState, cmd engine.Command, faces ...int) (engine.GameState, []engine.Event) {
	t.Helper()
	d := engine.Script(faces...)
	evs, err := g.Decide(cmd, d)
	if err != nil {
		t.Fatalf("%s: %v", cmd.CommandName(), err)
	}
	if d.Remaining() != 0 {
		t.Fatalf("%s: %d scripted dice left", cmd.CommandName(), d.Remaining())
	}
	return lvApply(t, g, evs...), evs
}

// lvBegin begins one LRTA step on the game's turn and returns the state
// after it and its procedure's events.
func lvBegin(t *testing.T, g engine.GameState, step string, faces ...int) (engine.GameState, []engine.Event) {
	t.Helper()
	seq := &engine.Sequence{Game: lrtg.LRTA, Steps: []engine.Step{{ID: "0"},
		{ID: step, When: map[string]string{"2b": "option:confederate_objectives"}[step]}, {ID: "9"}}}
	g.Sequence = engine.SequenceState{Step: "0", Turn: g.Turn}
	g, evs := lvDo(t, g, engine.NextStep{By: lvUmpire, Sequence: seq, Context: lvCtx(t)}, faces...)
	if g.CurrentStep() != step {
		t.Fatalf("at %q, want %s", g.CurrentStep(), step)
	}
	return g, evs[1:]
}

func lvRefused(t *testing.T, g engine.GameState, cmd engine.Command, code string) *engine.RuleError {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script(1, 1, 1, 1))
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("%s: %v, want %s", cmd.CommandName(), err, code)
	}
	return re
}

func lvVP(g engine.GameState) int { _, n := lrtg.Of(g).VPTotals(); return n }

func lvWaits(g engine.GameState, part string) bool {
	return slices.ContainsFunc(g.Waiting(), func(w string) bool { return strings.Contains(w, part) })
}

func lvFind[E engine.Event](evs []engine.Event) E {
	var zero E
	for _, e := range evs {
		if x, ok := e.(E); ok {
			return x
		}
	}
	return zero
}

func lvPassive(g engine.GameState, side engine.Side) engine.GameState {
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Declared = lrtg.DeclaredState{Postures: []lrtg.PostureRecord{{Turn: g.Turn, Side: side, Posture: lrtg.PosturePassive}}, Reveals: []int{g.Turn}}
	})
	return g
}

func TestLRTAObjectivesChooseAndDiscover(t *testing.T) {
	lib := reLoad(t).lib
	ch := lib.Chart(lrtg.LRTAObjectivesChart)
	g := lvGame(t, engine.GameOptions{Objectives: true})
	g.Turn = 1
	g = lvAt(t, g, "Culpeper", "csa.lee")
	g, evs := lvBegin(t, g, "2b") // no dice: the roll follows the choice
	ph := lvFind[*lrtg.ObjectivesPhase](evs)
	if ph == nil || ph.RuleVP != -40 || !ph.MayChoose || lvVP(g) != -40 {
		t.Fatalf("2b on turn 1: %+v, VP %d (004: -40 with the rule)", ph, lvVP(g))
	}
	if !lvWaits(g, "/victory select") {
		t.Errorf("waits %v", g.Waiting())
	}
	sel := lrtg.SelectObjectives{By: lvLee, Names: []string{"threaten dc", "Suppress the Miscreant Pope"}, Chart: ch, Context: lvCtx(t)}
	for _, by := range []engine.Actor{lvPope, lvJeb} {
		s := sel
		s.By = by
		lvRefused(t, g, s, "objectives.side")
	}
	bad := sel
	bad.Names = []string{"Take Richmond"}
	lvRefused(t, g, bad, "objectives.unknown")
	// Chosen: 2 x -10; the Union rolls 4+4 = 8: no effect (a total of 8 is
	// read as the first printed range).
	g, evs = lvDo(t, g, sel, 4, 4)
	if lvVP(g) != -60 || !slices.Equal(lrtg.Of(g).LRTAVictory.HeldNames(), []string{"Threaten DC", "Suppress the Miscreant Pope"}) {
		t.Fatalf("VP %d, held %v", lvVP(g), lrtg.Of(g).LRTAVictory.HeldNames())
	}
	tr := lvFind[*engine.TableRolled](evs)
	od := lvFind[*lrtg.ObjectiveDiscovered](evs)
	if tr == nil || tr.Total != 8 || od == nil || od.Outcome != lrtg.DiscoveryNone || lrtg.Of(g).LRTAVictory.Discovery != "" {
		t.Fatalf("roll %+v, discovery %+v", tr, od)
	}
	if len(g.Waiting()) != 0 {
		t.Errorf("still waits: %v", g.Waiting())
	}
	if names, obtained := lrtg.Of(g).ObjectivesSeen(engine.USA); names != nil || obtained {
		t.Errorf("the Union sees %v %v before any discovery", names, obtained)
	}
	for _, e := range evs[1:] { // the roll and its result name no objective
		_, data, _ := engine.EncodeEvent(e)
		if strings.Contains(string(data), "Threaten") || strings.Contains(string(data), "Pope") {
			t.Errorf("%s names the objective: %s", e.EventType(), data)
		}
	}
	lvRefused(t, g, sel, "objectives.twice")

	// Turn 2, operational, Lee north of the Potomac: the roll comes when
	// the step begins: 4+4+1 = 9: obtained, not examined.
	g.Turn = 2
	g = lvAt(t, g, "Frederick", "csa.lee")
	g, evs = lvBegin(t, g, "2b", 4, 4)
	if tr := lvFind[*engine.TableRolled](evs); tr == nil || tr.Total != 9 || lrtg.Of(g).LRTAVictory.Discovery != lrtg.DiscoveryLearns {
		t.Fatalf("turn 2: %+v, discovery %q", tr, lrtg.Of(g).LRTAVictory.Discovery)
	}
	if names, obtained := lrtg.Of(g).ObjectivesSeen(engine.USA); names != nil || !obtained {
		t.Errorf("learns: the Union sees %v %v", names, obtained)
	}
	lvRefused(t, g, lrtg.SelectObjectives{By: lvLee, Keep: true, Chart: ch, Context: lvCtx(t)}, "objectives.passive")

	// Turn 3: the Union won Enemy Intelligence (+3): 4+3+1+3 = 11: examined.
	g.Turn = 3
	g = lrtg.With(g, func(s *lrtg.State) {
		s.LRTAEvents.Rolled = []lrtg.LRTARandomEvent{{Turn: 3, Outcome: "enemy-intelligence", Intel: engine.USA}}
	})
	g, evs = lvBegin(t, g, "2b", 4, 3)
	if tr := lvFind[*engine.TableRolled](evs); tr == nil || tr.Total != 11 || len(tr.Modifiers) != 2 || lrtg.Of(g).LRTAVictory.Discovery != lrtg.DiscoveryExamines {
		t.Fatalf("turn 3: %+v, discovery %q", tr, lrtg.Of(g).LRTAVictory.Discovery)
	}
	if names, _ := lrtg.Of(g).ObjectivesSeen(engine.USA); len(names) != 2 {
		t.Errorf("examined: the Union sees %v", names)
	}
	// Turn 4: nothing left to discover: no roll.
	g.Turn = 4
	if _, evs = lvBegin(t, g, "2b"); lvFind[*engine.TableRolled](evs) != nil {
		t.Errorf("rolled again after examining")
	}
}

func TestLRTAObjectivesChangedWhenPassive(t *testing.T) {
	ch := reLoad(t).lib.Chart(lrtg.LRTAObjectivesChart)
	g := lvGame(t, engine.GameOptions{Objectives: true})
	g.Turn = 6
	g = lrtg.With(g, func(s *lrtg.State) { s.LRTAVictory.Begun = true })
	g = lrtg.With(g, func(s *lrtg.State) { s.LRTAVictory.Held = []lrtg.HeldObjective{{Name: "Threaten DC", Turn: 1}} })
	g = lrtg.With(g, func(s *lrtg.State) { s.LRTAVictory.Discovery = lrtg.DiscoveryExamines })
	g = lvAt(t, g, "Culpeper", "csa.lee")
	g, evs := lvBegin(t, g, "2b")
	if ph := lvFind[*lrtg.ObjectivesPhase](evs); ph.MayChoose || ph.RuleVP != 0 || len(g.Waiting()) != 0 {
		t.Errorf("operational turn 6: %+v, waits %v", ph, g.Waiting())
	}
	lvRefused(t, g, lrtg.SelectObjectives{By: lvLee, Names: []string{"Threaten Baltimore"}, Chart: ch}, "objectives.passive")

	g.Turn = 7
	g = lvPassive(g, engine.CSA)
	g, _ = lvBegin(t, g, "2b")
	if !lvWaits(g, "objectives") {
		t.Fatalf("passive: waits %v", g.Waiting())
	}
	// Threaten DC is kept (its turn stays 1), Threaten Baltimore is new:
	// -10; the Union's examination no longer covers it: it rolls, 2+3 = 5.
	g, evs = lvDo(t, g, lrtg.SelectObjectives{By: lvLee, Names: []string{"Threaten DC", "Threaten Baltimore"}, Chart: ch, Context: lvCtx(t)}, 2, 3)
	sel := lvFind[*lrtg.ObjectivesSelected](evs)
	if sel == nil || sel.VP != -10 || !slices.Equal(sel.New, []string{"Threaten Baltimore"}) || lvVP(g) != -10 {
		t.Fatalf("selected %+v, VP %d", sel, lvVP(g))
	}
	if h := lrtg.Of(g).LRTAVictory.Held; len(h) != 2 || h[0].Turn != 1 || h[1].Turn != 7 || lrtg.Of(g).LRTAVictory.Discovery != "" {
		t.Errorf("held %+v, discovery %q", h, lrtg.Of(g).LRTAVictory.Discovery)
	}
	// Keeping costs nothing (and the Union rolls: 1+1).
	g.Turn = 8
	g = lvPassive(g, engine.CSA)
	g, _ = lvBegin(t, g, "2b")
	g, evs = lvDo(t, g, lrtg.SelectObjectives{By: lvLee, Keep: true, Chart: ch, Context: lvCtx(t)}, 1, 1)
	if sel := lvFind[*lrtg.ObjectivesSelected](evs); !sel.Kept || sel.VP != 0 || lvVP(g) != -10 || len(lrtg.Of(g).LRTAVictory.Held) != 2 || len(g.Waiting()) != 0 {
		t.Errorf("kept: %+v, VP %d, held %v", sel, lvVP(g), lrtg.Of(g).LRTAVictory.Held)
	}
	// Without the option, nothing of this exists.
	off := lvGame(t, engine.GameOptions{})
	lvRefused(t, off, lrtg.SelectObjectives{By: lvLee, Keep: true, Chart: ch}, "objectives.off")
}

func TestLRTAObjectiveAchieved(t *testing.T) {
	g := lvGame(t, engine.GameOptions{Objectives: true})
	sizes := engine.SizesOf(lvOOB())
	g.Turn = 7
	g = lrtg.With(g, func(s *lrtg.State) {
		s.LRTAVictory.Held = []lrtg.HeldObjective{{Name: "Threaten DC", Turn: 4}, {Name: "Suppress the Miscreant Pope", Turn: 1}, {Name: "Isolate DC", Turn: 2}}
	})
	g = lrtg.With(g, func(s *lrtg.State) { s.Victory.Counties = map[string][]int{"md.montgomery": {3, 4, 5}} })
	claim := lrtg.ClaimObjective{By: lvLee, Name: "Threaten DC", Sizes: sizes}
	// Turns 3-5 began before the selection on turn 4.
	lvRefused(t, g, claim, "objectives.requirement")
	g = lrtg.With(g, func(s *lrtg.State) { s.Victory.Counties = map[string][]int{"md.montgomery": {3, 4, 5, 6}} })
	g, evs := lvDo(t, g, claim)
	a := lvFind[*lrtg.ObjectiveAchieved](evs)
	if a == nil || a.VP != 35 || lvVP(g) != 35 || len(a.Checked) != 1 || !strings.Contains(a.Checked[0], "turns 4-6") {
		t.Fatalf("achieved %+v, VP %d", a, lvVP(g))
	}
	lvRefused(t, g, claim, "objectives.achieved")
	lvRefused(t, g, lrtg.ClaimObjective{By: lvLee, Name: "Threaten Baltimore"}, "objectives.unheld")
	lvRefused(t, g, lrtg.ClaimObjective{By: lvPope, Name: "Isolate DC"}, "objectives.side")
	// The Union army has never been in Disorder: refused, unless the umpire overrules.
	sup := lrtg.ClaimObjective{By: lvLee, Name: "Suppress the Miscreant Pope", Sizes: sizes}
	lvRefused(t, g, sup, "objectives.requirement")
	sup.By, sup.Reason = lvUmpire, "Disorder on turn 5 before a morale check"
	g, evs = lvDo(t, g, sup)
	if a := lvFind[*lrtg.ObjectiveAchieved](evs); a.Overruled == "" || lvVP(g) != 70 {
		t.Errorf("overruled %+v, VP %d", a, lvVP(g))
	}
	// What the state cannot check is the claimant's word.
	g, evs = lvDo(t, g, lrtg.ClaimObjective{By: lvLee, Name: "Isolate DC"})
	if a := lvFind[*lrtg.ObjectiveAchieved](evs); len(a.Unchecked) != 1 || lvVP(g) != 105 || len(lrtg.Of(g).LRTAVictory.Held) != 0 {
		t.Errorf("on word %+v, VP %d, held %v", a, lvVP(g), lrtg.Of(g).LRTAVictory.Held)
	}
}

func TestLRTACounties(t *testing.T) {
	d := reLoad(t)
	cs, err := lrtg.LRTACounties(d.lib.Chart(lrtg.LRTACountyChart), d.lrtg)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][3]int{}
	for _, c := range cs {
		got[c.Name] = c.Values
		if c.Region == "" {
			t.Errorf("%s: no map region", c.Name)
		}
	}
	want := map[string][3]int{
		"Baltimore County": {40, 20, 10}, "Prince George's County": {20, 10, 5}, "Anne Arundel County": {20, 10, 5},
		"Montgomery County": {10, 5, 3}, "Howard County": {10, 5, 3}, "Frederick County-West": {6, 3, 2}, "Frederick County-East": {4, 2, 1},
		"Carroll County": {4, 2, 1}, "Washington County": {4, 2, 1}, "Alexandria County": {20, 10, 5}, "Fairfax County": {10, 5, 3},
		"Loudoun County": {4, 2, 1}, "Adams County": {4, 2, 1}, "York County": {8, 4, 2}, "Dauphin County": {16, 8, 4},
		"Cumberland County": {5, 3, 2},
	}
	if !maps.Equal(got, want) {
		t.Errorf("counties %v\nwant %v", got, want)
	}
}

func TestLRTACountyControlStep(t *testing.T) {
	d := reLoad(t)
	cs, _ := lrtg.LRTACounties(d.lib.Chart(lrtg.LRTACountyChart), d.lrtg)
	var montgomery, cumberland lrtg.County
	for _, c := range cs {
		switch c.ID {
		case "md.montgomery":
			montgomery = c
		case "pa.cumberland":
			cumberland = c
		}
	}
	g := lvGame(t, engine.GameOptions{})
	g.Turn = 20
	g = lvAt(t, g, "Rockville", "csa.hood") // 12 MP in Montgomery County
	g, evs := lvBegin(t, g, "7")
	op := lvFind[*lrtg.SegmentOpened](evs)
	if op == nil || len(op.Waits) != 1 || len(op.Told(engine.CSA)) != 1 || op.Told(engine.CSA)[0].Code != lrtg.NoteLRTACountyCan || !slices.Contains(op.Told(engine.CSA)[0].Names, "Montgomery County") {
		t.Fatalf("step 7: %+v", op)
	}
	if !lvWaits(g, "/victory county") {
		t.Errorf("waits %v", g.Waiting())
	}
	g, evs = lvDo(t, g, lrtg.ClaimCounty{By: lvLee, County: montgomery, Map: d.lrtg})
	if e := lvFind[*lrtg.CountyControlled](evs); e.VP != 10 || lvVP(g) != 10 {
		t.Errorf("first turn of Montgomery: %+v", e)
	}
	lvRefused(t, g, lrtg.ClaimCounty{By: lvLee, County: cumberland, Map: d.lrtg}, "vp.county.manpower")
	// Doubled 30 days after the first Confederate infantry crossing (Aug 21,
	// turn 3): turn 33 is Sept 20.
	g, _ = lvDo(t, g, lrtg.RecordCrossing{By: lvUmpire, Date: time.Date(1862, time.August, 21, 0, 0, 0, 0, time.UTC)})
	g.Turn = 33
	g, _ = lvBegin(t, g, "7")
	g, evs = lvDo(t, g, lrtg.ClaimCounty{By: lvLee, County: montgomery, Map: d.lrtg})
	if e := lvFind[*lrtg.CountyControlled](evs); e.VP != 10 || !e.Doubled || e.Nth != 2 {
		t.Errorf("second turn, doubled: %+v", e)
	}
}

func TestLRTADCAwards(t *testing.T) {
	d := reLoad(t)
	g := lvGame(t, engine.GameOptions{})
	g = lvAt(t, g, "White House", "csa.robertson")
	g = lvAt(t, g, "US Capitol", "csa.hood")
	g, evs := lvBegin(t, g, "7")
	if op := lvFind[*lrtg.SegmentOpened](evs); len(op.Told(engine.CSA)) != 1 || !strings.Contains(strings.Join(op.Told(engine.CSA)[0].Items, " "), "occupies the White House") || len(op.Told(engine.USA)) != 0 {
		t.Errorf("step 7 does not tell the Confederates: %+v", op.Notes)
	}
	claim := func(by engine.Actor, item, unit, fort string) lrtg.ClaimDC {
		return lrtg.ClaimDC{By: by, Item: item, Unit: unit, Fort: fort, Map: d.lrtg}
	}
	g, evs = lvDo(t, g, claim(lvJeb, lrtg.DCCavalryWH, "csa.robertson", ""))
	if e := lvFind[*lrtg.DCControlled](evs); e.VP != 25 || len(e.Checked) != 1 || lvVP(g) != 25 {
		t.Fatalf("cavalry in the White House: %+v", e)
	}
	_, data, _ := engine.EncodeEvent(evs[0])
	if strings.Contains(string(data), "Robertson") || strings.Contains(string(data), "robertson") {
		t.Errorf("the public award names the unit: %s", data)
	}
	lvRefused(t, g, claim(lvJeb, lrtg.DCCavalryWH, "csa.robertson", ""), "dc.twice")
	lvRefused(t, g, claim(lvJeb, lrtg.DCCavalryCapitol, "csa.robertson", ""), "dc.where")
	lvRefused(t, g, claim(lvJeb, lrtg.DCCavalryCapitol, "csa.hood", ""), "dc.unit")
	lvRefused(t, g, claim(lvPope, lrtg.DCFort, "", "Fort Stevens"), "dc.side")
	g, _ = lvDo(t, g, claim(lvLee, lrtg.DCInfantryCity, "csa.hood", ""))
	g, _ = lvDo(t, g, claim(lvLee, lrtg.DCFort, "", "Fort Stevens"))
	lvRefused(t, g, claim(lvLee, lrtg.DCFort, "", "fort stevens"), "dc.twice")
	g, _ = lvDo(t, g, claim(lvLee, lrtg.DCFort, "", "Fort Reno"))
	if lvVP(g) != 25+50+10+10 {
		t.Errorf("VP %d, want 95", lvVP(g))
	}
	g.Sequence = engine.SequenceState{Step: "4a", Turn: g.Turn}
	lvRefused(t, g, claim(lvLee, lrtg.DCCavalryCity, "csa.robertson", ""), "dc.step")
}

func TestLRTAVictoryDecisive(t *testing.T) {
	g := lvGame(t, engine.GameOptions{})
	g.Turn = 25
	g = lvAt(t, g, "US Capitol", "csa.hood")
	// Between Victory Check Phases the Capitol does not count (004: "in the
	// Victory Check Phase").
	_, evs := lvDo(t, g, lrtg.CheckLRTAVictory{By: lvUmpire, Context: lvCtx(t)})
	if vc := lvFind[*lrtg.VictoryChecked](evs); vc.Decisive != nil || vc.Ends() {
		t.Errorf("/victory check with infantry in the Capitol: %+v", vc)
	}
	lvRefused(t, g, lrtg.CheckLRTAVictory{By: lvLee, Context: lvCtx(t)}, "victory.umpire")
	lvRefused(t, g, lrtg.CheckLRTAVictory{By: lvUmpire, Context: lvCtx(t), End: true}, "victory.reason")
	g8, evs := lvBegin(t, g, "8")
	vc := lvFind[*lrtg.VictoryChecked](evs)
	if vc == nil || vc.Decisive == nil || vc.Decisive.Level != lrtg.ConfederateDecisive || vc.Result == nil || lrtg.Of(g8).Segment.Outcome == nil {
		t.Fatalf("step 8 with Hood in the Capitol: %+v", vc)
	}
	if !lvWaits(g8, "/game end") {
		t.Errorf("waits %v", g8.Waiting())
	}
	// Union Flight ends the game at any moment.
	sizes := engine.SizesOf(lvOOB())
	f := lvDemoralize(lvAt(t, g, "Culpeper", "csa.hood"), 2, "usa.king", "usa.ricketts") // 4 + a) III 1 + Pope 2
	f = lrtg.With(f, func(s *lrtg.State) { s.Losses = lrtg.CombatLosses{AoP: 72} })      // +9: 16
	if m := lrtg.Of(f).ArmyMorale(engine.USA, sizes); m.Level != 16 || !m.Flight {
		t.Fatalf("Union %d %s", m.Level, m.State())
	}
	_, evs = lvDo(t, f, lrtg.CheckLRTAVictory{By: lvUmpire, Context: lvCtx(t)})
	if vc := lvFind[*lrtg.VictoryChecked](evs); vc.Decisive == nil || vc.Decisive.Level != lrtg.ConfederateDecisive || vc.EndCode != lrtg.EndDecisive || vc.Decisive.Code != lrtg.VictoryWhyLRTAFlight || vc.Decisive.Side != engine.USA || vc.Decisive.Morale != 16 {
		t.Errorf("Union Flight: %+v", vc)
	}
}

func TestLRTAVictoryEnd(t *testing.T) {
	g := lvGame(t, engine.GameOptions{})
	g = lrtg.With(g, func(s *lrtg.State) { s.VP = []lrtg.VPEntry{{Turn: 1, Category: "test", What: "test", VP: 200}} })
	g.Turn = 30
	g30, evs := lvBegin(t, g, "8")
	ph := lvFind[*lrtg.LRTAVictoryPhase](evs)
	if ph == nil || !slices.ContainsFunc(ph.Facts, func(n lrtg.VictoryNote) bool { return n.Code == lrtg.VictoryNoteEndRTA && n.To == lrtg.LRTATurns }) {
		t.Errorf("turn 30 notes: %+v", ph)
	}
	if vc := lvFind[*lrtg.VictoryChecked](evs); vc.Ends() || lrtg.Of(g30).Segment.Outcome != nil {
		t.Errorf("the game ended on End RTA: %+v", vc)
	}
	// On the last turn (54, Oct 10, "End LSN") the VP decide: 200 on LRTG
	// VIII 2)'s table is a Confederate Marginal victory (190-219).
	g.Turn = 54
	g, evs = lvBegin(t, g, "8")
	vc := lvFind[*lrtg.VictoryChecked](evs)
	if vc == nil || vc.Result == nil || vc.Result.Level != lrtg.ConfederateMarginal || lrtg.Of(g).Segment.Outcome == nil {
		t.Fatalf("turn 54: %+v", vc)
	}
	// The umpire's ruling ends the game with the level of the VP then:
	// 150 is a Union Substantive victory (150-179).
	r := lvGame(t, engine.GameOptions{})
	r.Turn = 25
	r = lrtg.With(r, func(s *lrtg.State) { s.VP = []lrtg.VPEntry{{Turn: 1, Category: "test", What: "test", VP: 150}} })
	r, evs = lvDo(t, r, lrtg.CheckLRTAVictory{By: lvUmpire, Context: lvCtx(t), End: true, Reason: "no Confederate infantry north of the Potomac (LRTG VIII)"})
	if vc := lvFind[*lrtg.VictoryChecked](evs); vc.Result == nil || vc.Result.Level != lrtg.UnionSubstantive || lrtg.Of(r).Segment.Outcome == nil {
		t.Errorf("ruling: %+v", vc)
	}
	lvRefused(t, r, lrtg.CheckLRTAVictory{By: lvUmpire, Context: lvCtx(t)}, "victory.over")
	// From "Potomac" (turn 23) with no Confederate infantry north of the
	// Potomac, the phase says so.
	p := lvGame(t, engine.GameOptions{})
	p.Turn = 23
	_, evs = lvBegin(t, lvAt(t, p, "Culpeper", "csa.hood", "csa.ewell", "csa.jones", "csa.hill", "csa.starke", "csa.funk"), "8")
	if ph := lvFind[*lrtg.LRTAVictoryPhase](evs); !slices.ContainsFunc(ph.Facts, func(n lrtg.VictoryNote) bool {
		return n.Code == lrtg.VictoryNoteNoneNorth && n.Turn == lrtg.LRTAPotomacTurn
	}) {
		t.Errorf("turn 23 notes: %+v", ph.Facts)
	}
}

func TestLRTAEmancipationProclamation(t *testing.T) {
	sizes := engine.SizesOf(lvOOB())
	g := lvGame(t, engine.GameOptions{})
	g.Turn = 20
	issue := lrtg.DecideEmancipation{By: lvPope, Issue: true, Sizes: sizes}
	g8, evs := lvBegin(t, g, "8")
	if ph := lvFind[*lrtg.LRTAVictoryPhase](evs); ph.EPOpen || lvWaits(g8, "Emancipation") {
		t.Errorf("conditions not met, yet open: %+v", ph)
	}
	re := lvRefused(t, g8, issue, "emancipation.conditions")
	for _, part := range []string{"level is 0 (6 or more needed)", "no Confederate infantry division is demoralized", "Union level (2) is greater than the Confederate level (0)"} {
		if !strings.Contains(re.What, part) {
			t.Errorf("refusal %q lacks %q", re.What, part)
		}
	}
	// Ewell at demoralization 2 (e) +4, a) J +1) and Jones at 1 (+2, L +1):
	// Confederate 8, Union 2 (Pope): all three hold.
	g = lvDemoralize(g, 2, "csa.ewell")
	g = lvDemoralize(g, 1, "csa.jones")
	lvRefused(t, g, issue, "emancipation.step")
	g, evs = lvBegin(t, g, "8")
	if ph := lvFind[*lrtg.LRTAVictoryPhase](evs); !ph.EPOpen || !lvWaits(g, "Emancipation Proclamation") {
		t.Fatalf("open: %+v, waits %v", ph, g.Waiting())
	}
	lvRefused(t, g, lrtg.DecideEmancipation{By: lvLee, Issue: true, Sizes: sizes}, "emancipation.side")
	g2, evs := lvDo(t, g, issue)
	if e := lvFind[*lrtg.EmancipationDecided](evs); e == nil || !e.Issued || e.CSA != 8 || e.USA != 2 || lrtg.Of(g2).LRTAVictory.Issued != 20 || lvWaits(g2, "Emancipation") {
		t.Errorf("issued: %+v", e)
	}
	lvRefused(t, g2, issue, "emancipation.issued")
	// Declining ends the wait too.
	g3, _ := lvDo(t, g, lrtg.DecideEmancipation{By: lvPope, Sizes: sizes})
	if lrtg.Of(g3).LRTAVictory.Declined != 20 || lvWaits(g3, "Emancipation") {
		t.Errorf("declined: %+v", lrtg.Of(g3).LRTAVictory)
	}
	// A Union level above the Confederate one forbids it.
	g = lrtg.With(g, func(s *lrtg.State) { s.Losses = lrtg.CombatLosses{AoP: 56} }) // +7: 9 > 8
	re = lvRefused(t, g, issue, "emancipation.conditions")
	if !strings.Contains(re.What, "Union level (9) is greater than the Confederate level (8)") {
		t.Errorf("refusal %q", re.What)
	}
}

// The LRTA victory events survive JSON.
func TestLRTAVictoryEventsEncode(t *testing.T) {
	for _, e := range []engine.Event{
		&lrtg.ObjectivesPhase{Turn: 1, RuleVP: -40, MayChoose: true, Why: "x"},
		&lrtg.ObjectivesSelected{Turn: 1, Objectives: []string{"Threaten DC"}, New: []string{"Threaten DC"}, VP: -10},
		&lrtg.ObjectiveDiscovered{Turn: 2, Roll: 3, Total: 11, Outcome: lrtg.DiscoveryExamines, Held: 1},
		&lrtg.ObjectiveAchieved{Turn: 3, Objective: "Threaten DC", VP: 35},
		&lrtg.DCControlled{Turn: 4, Item: lrtg.DCFort, Key: "fort:fort reno", VP: 10},
		&lrtg.LRTAVictoryPhase{Turn: 5, Notes: []string{"n"}, EPOpen: true},
		&lrtg.EmancipationDecided{Turn: 6, Issued: true, CSA: 8, USA: 2},
	} {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeEvent(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(e)
		b, _ := json.Marshal(back)
		if string(a) != string(b) {
			t.Errorf("%s: %s != %s", typ, a, b)
		}
	}
}
