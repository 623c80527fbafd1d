package lrtg

import (
	"errors"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// recordsOOB is a small order of battle with the sizes morale and supply
// count: divisions, brigades, a regiment and leaders of both sides.
func recordsOOB() *engine.OrderOfBattle {
	at := engine.Hex{Q: 1, R: 1}
	far := engine.Hex{Q: 20, R: 20}
	return &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Size: "army", Command: "ANV", OnMap: true, Hex: at},
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "1", Manpower: 16, OnMap: true, Hex: at},
		{ID: "csa.mclaws", Name: "McLaws", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "1", Manpower: 15, OnMap: true, Hex: at},
		{ID: "csa.rodes", Name: "Rodes", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "2", Manpower: 16, OnMap: true, Hex: at},
		{ID: "csa.kershaw", Name: "Kershaw", Side: engine.CSA, Kind: "infantry", Size: "brigade", Command: "1", Manpower: 4, OnMap: true, Hex: at},
		{ID: "csa.hampton", Name: "Hampton", Side: engine.CSA, Kind: "cavalry", Size: "brigade", Command: "Cav", Manpower: 4, OnMap: true, Hex: at},
		{ID: "csa.54nc", Name: "54 NC", Side: engine.CSA, Kind: "infantry", Size: "regiment", Command: "", Manpower: 1, OnMap: true, Hex: at},
		{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Size: "division", Command: "VI", Manpower: 9, OnMap: true, Hex: far},
		{ID: "usa.doubleday", Name: "Doubleday", Side: engine.USA, Kind: "infantry", Size: "division", Command: "I", Manpower: 8, OnMap: true, Hex: far},
		{ID: "usa.crawford", Name: "Crawford", Side: engine.USA, Kind: "infantry", Size: "division", Command: "DC", Manpower: 7, OnMap: true, Hex: far},
		{ID: "usa.elliot", Name: "Elliot", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "HF", Manpower: 3, OnMap: true, Hex: far},
		{ID: "usa.gamble", Name: "Gamble", Side: engine.USA, Kind: "cavalry", Size: "brigade", Command: "Cav", Manpower: 3, OnMap: true, Hex: far},
	}}
}

func recordsGame(t *testing.T, o engine.GameOptions) (Game, engine.UnitSizes) {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	oob := recordsOOB()
	return apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script()), engine.SizesOf(oob)
}

// editUnitState changes a unit on a copy of the state (a test's shortcut
// for statuses other modules set).
func editUnitState(g Game, id string, f func(*engine.UnitState)) Game {
	g.Units = engine.CopyUnits(g.Units)
	g.EditUnit(id, f)
	return g
}

func refused(t *testing.T, g Game, cmd engine.Command, kind error, code string) {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.Is(err, kind) || !errors.As(err, &re) || re.Code != code {
		t.Errorf("%s: %v, want %v %s", cmd.CommandName(), err, kind, code)
	}
}

// 000 VIII 1) 3) and the 003 turn records: June 3, three-day turns to
// June 11, then one a day; High Tide's last turn is July 7 (turn 29).
func TestTurnAdvanceAndDates(t *testing.T) {
	g, sizes := recordsGame(t, opts())
	want := map[int]string{1: "1863-06-03", 2: "1863-06-06", 3: "1863-06-09", 4: "1863-06-12", 16: "1863-06-24", 29: "1863-07-07"}
	for turn, date := range want {
		if d, ok := g.TurnDate(turn); !ok || d.Format(time.DateOnly) != date {
			t.Errorf("turn %d: %v %v, want %s", turn, d, ok, date)
		}
	}
	if _, ok := g.TurnDate(30); ok {
		t.Error("High Tide has a turn 30")
	}
	if g.LastTurn() != 29 {
		t.Errorf("last turn %d", g.LastTurn())
	}
	refused(t, g, engine.AdvanceTurn{By: lee, Sizes: sizes}, engine.ErrIllegal, "game.umpire")
	g = apply(t, g, engine.AdvanceTurn{By: ump, Reason: "both sides done", Sizes: sizes}, engine.Script())
	if g.Turn != 2 || len(g.TurnRecord) != 1 || g.TurnRecord[0].Date != "1863-06-03" {
		t.Fatalf("after one advance: turn %d, history %+v", g.Turn, g.TurnRecord)
	}
	// The umpire may take a mistaken advance back.
	undone := apply(t, g, engine.UndoLast{By: ump, Reason: "too soon"}, engine.Script())
	if undone.Turn != 1 || len(undone.TurnRecord) != 0 {
		t.Fatalf("undo of the advance: turn %d", undone.Turn)
	}
	for g.Turn < 29 {
		g = apply(t, g, engine.AdvanceTurn{By: ump, Sizes: sizes}, engine.Script())
	}
	refused(t, g, engine.AdvanceTurn{By: ump, Sizes: sizes}, engine.ErrIllegal, "turn.last")
	if d, _ := g.TurnDate(g.Turn); d.Format(time.DateOnly) != "1863-07-07" {
		t.Errorf("the last turn is on %v", d)
	}
	if len(g.TurnHistory()) != 29 {
		t.Errorf("history has %d points, want 28 finished and the current", len(g.TurnHistory()))
	}
	// The campaign goes on to July 30, turn 52.
	o := opts()
	o.Scenario = "lrtg-gettysburg-campaign"
	c, _ := recordsGame(t, o)
	if c.LastTurn() != 52 {
		t.Errorf("campaign last turn %d", c.LastTurn())
	}
	ended := apply(t, g, engine.EndGame{By: ump}, engine.NewSeededDice(1, 2))
	refused(t, ended, engine.AdvanceTurn{By: ump, Sizes: sizes}, engine.ErrIllegal, "game.ended")
}

// 15.1: an eliminated division counts +3/+2/+1 (Union) or +6/+4/+2
// (Confederate) on its turn and the two after; a brigade +1/+1/+0 or
// +2/+1/+1; its corps +1 for those three turns.
func TestMoraleEliminations(t *testing.T) {
	g, sizes := recordsGame(t, opts())
	g = apply(t, g, engine.EliminateUnit{By: ump, Unit: "usa.wright", Reason: "combat"}, engine.Script())
	g = apply(t, g, engine.EliminateUnit{By: ump, Unit: "csa.kershaw", Reason: "combat"}, engine.Script())
	g = apply(t, g, engine.EliminateUnit{By: ump, Unit: "usa.elliot", Reason: "combat"}, engine.Script())
	// Union: Wright 3 + VI corps 1 + Elliot 1 (HF: no corps); Confederate: Kershaw 2 + corps 1.
	wantUSA := []int{5, 4, 2, 0}
	wantCSA := []int{3, 2, 2, 0}
	for i := range wantUSA {
		if got := g.ArmyMorale(engine.USA, sizes).Level; got != wantUSA[i] {
			t.Errorf("turn %d: Union morale %d, want %d: %+v", g.Turn, got, wantUSA[i], g.ArmyMorale(engine.USA, sizes).Lines)
		}
		if got := g.ArmyMorale(engine.CSA, sizes).Level; got != wantCSA[i] {
			t.Errorf("turn %d: Confederate morale %d, want %d: %+v", g.Turn, got, wantCSA[i], g.ArmyMorale(engine.CSA, sizes).Lines)
		}
		g = apply(t, g, engine.AdvanceTurn{By: ump, Sizes: sizes}, engine.Script())
	}
	if len(g.Records.Eliminations) != 3 || g.Records.Eliminations[0].Turn != 1 {
		t.Errorf("eliminations recorded: %+v", g.Records.Eliminations)
	}
	// A Confederate division: +6 this turn, and corps 2.
	g = apply(t, g, engine.EliminateUnit{By: ump, Unit: "csa.rodes"}, engine.Script())
	if m := g.ArmyMorale(engine.CSA, sizes); m.Level != 7 || len(m.Lines) != 2 {
		t.Errorf("Rodes eliminated: %d %+v", m.Level, m.Lines)
	}
}

// 000 VII 7 and its note: a current Disorder is worth 30, one over 15; a
// current Panic 20, one over 10; they add up; reaching a state again
// gives nothing more. "If the Union Army is currently panicked, the
// Confederate player shall be awarded 50 points ..., 40 points as long as
// Disorder is in effect and 25 if neither".
func TestDisorderPanicVP(t *testing.T) {
	g, sizes := recordsGame(t, opts())
	moraleVP := func(g Game) int {
		by, _ := g.VPTotals()
		return by["disorder-panic"]
	}
	steps := []struct {
		side   engine.Side
		delta  int
		level  int
		state  string
		vp     int
		reason string
	}{
		{engine.USA, 12, 12, "Panic", 50, "currently panicked: 30 + 20"},
		{engine.USA, -2, 10, "Disorder", 40, "panic over, disorder current: 30 + 10"},
		{engine.USA, -3, 7, "Normal", 25, "neither: 15 + 10"},
		{engine.USA, 1, 8, "Disorder", 40, "disorder again: 30 + 10, not 45 + 10"},
		{engine.USA, 4, 12, "Panic", 50, "panic again: 30 + 20"},
		{engine.CSA, 8, 8, "Disorder", 20, "Confederate disorder: -30"},
		{engine.CSA, -8, 0, "Normal", 35, "Confederate disorder over: -15"},
	}
	for _, s := range steps {
		g = apply(t, g, AdjustMorale{By: ump, Side: s.side, Delta: s.delta, Reason: s.reason, Sizes: sizes}, engine.Script())
		m := g.ArmyMorale(s.side, sizes)
		if m.Level != s.level || m.State() != s.state || moraleVP(g) != s.vp {
			t.Errorf("%s: level %d %s, VP %d; want %d %s %d", s.reason, m.Level, m.State(), moraleVP(g), s.level, s.state, s.vp)
		}
		if rec := g.Records.Armies[s.side]; rec.Level != s.level {
			t.Errorf("%s: confirmed level %d", s.reason, rec.Level)
		}
		// The record's award equals the rule's for both armies.
		if got := MoraleAward(g.Records.Armies[engine.USA]) - MoraleAward(g.Records.Armies[engine.CSA]); got != moraleVP(g) {
			t.Errorf("%s: record %d, rule %d", s.reason, moraleVP(g), got)
		}
	}
	// A player adjusts his own army only, with a reason.
	refused(t, g, AdjustMorale{By: lee, Side: engine.USA, Delta: 1, Reason: "x", Sizes: sizes}, engine.ErrIllegal, "records.side")
	refused(t, g, AdjustMorale{By: lee, Side: engine.CSA, Delta: 1, Sizes: sizes}, engine.ErrInvalid, "morale.reason")
	refused(t, g, AdjustMorale{By: ump, Side: "xyz", Delta: 1, Reason: "x", Sizes: sizes}, engine.ErrInvalid, "records.side")
	refused(t, g, AdjustMorale{By: ump, Side: engine.CSA, Delta: 0, Reason: "x", Sizes: sizes}, engine.ErrInvalid, "morale.delta")
	if _, err := g.Decide(AdjustMorale{By: lee, Side: engine.CSA, Delta: 2, Reason: "10 combat losses (15.1 8)", Sizes: sizes}, engine.Script()); err != nil {
		t.Errorf("Lee's own adjustment: %v", err)
	}
}

// A change another module makes (an elimination) is confirmed by a morale
// check, and by the turn's end at the latest.
func TestMoraleCheckConfirms(t *testing.T) {
	g, sizes := recordsGame(t, opts())
	g = apply(t, g, AdjustMorale{By: ump, Side: engine.USA, Delta: 5, Reason: "40 AoP combat losses", Sizes: sizes}, engine.Script())
	g = apply(t, g, engine.EliminateUnit{By: ump, Unit: "usa.doubleday"}, engine.Script())
	if m := g.ArmyMorale(engine.USA, sizes); m.Level != 9 || !m.Disorder {
		t.Fatalf("live level %d", m.Level)
	}
	if g.Records.Armies[engine.USA].Disorder {
		t.Fatal("confirmed before any check")
	}
	checked := apply(t, g, CheckMorale{By: meade, Sizes: sizes}, engine.Script())
	by, _ := checked.VPTotals()
	if !checked.Records.Armies[engine.USA].Disorder || by["disorder-panic"] != 30 {
		t.Errorf("after the check: %+v, VP %d", checked.Records.Armies[engine.USA], by["disorder-panic"])
	}
	refused(t, g, CheckMorale{By: engine.Actor{ID: "x", Name: "Guest"}, Sizes: sizes}, engine.ErrIllegal, "records.player")
	// Without a check, the turn's end confirms (Victory Check Phase): on
	// turn 2 Doubleday counts 2 + 1, the level 8; on turn 3, 7: over.
	g = apply(t, g, engine.AdvanceTurn{By: ump, Sizes: sizes}, engine.Script())
	by, _ = g.VPTotals()
	if !g.Records.Armies[engine.USA].Disorder || by["disorder-panic"] != 30 || g.TurnRecord[0].USA != 9 || g.TurnRecord[0].VP != 30 {
		t.Errorf("turn 1 closed: %+v, VP %d, history %+v", g.Records.Armies[engine.USA], by["disorder-panic"], g.TurnRecord)
	}
	g = apply(t, g, engine.AdvanceTurn{By: ump, Sizes: sizes}, engine.Script())
	by, _ = g.VPTotals()
	if g.Records.Armies[engine.USA].Disorder || g.Records.Armies[engine.USA].Level != 7 || by["disorder-panic"] != 15 {
		t.Errorf("turn 3 opened: %+v, VP %d", g.Records.Armies[engine.USA], by["disorder-panic"])
	}
}

// Demoralized divisions and brigades (15.1 2)-6)), Confederate combat
// losses from the VP record (15.1 8)), out-of-supply divisions (9)-10)),
// and Flight (15.2).
func TestMoraleContributions(t *testing.T) {
	g, sizes := recordsGame(t, opts())
	g = editUnitState(g, "csa.hood", func(u *engine.UnitState) { u.Status.Demoralization = 2 })
	g = editUnitState(g, "csa.kershaw", func(u *engine.UnitState) { u.Status.Demoralization = 1 })
	g = editUnitState(g, "usa.wright", func(u *engine.UnitState) { u.Status.Demoralization = 1 })
	g = editUnitState(g, "usa.crawford", func(u *engine.UnitState) { u.Status.Demoralization = 1 }) // DC: not AoP, no corps
	// Hood D2: 4; Kershaw: 1; corps 1 once: 1.
	if m := g.ArmyMorale(engine.CSA, sizes); m.Level != 6 || !m.DemoralizedDivision {
		t.Errorf("Confederate: %d %+v", m.Level, m.Lines)
	}
	// Wright D1: 1; VI corps: 1.
	if m := g.ArmyMorale(engine.USA, sizes); m.Level != 2 {
		t.Errorf("Union: %d %+v", m.Level, m.Lines)
	}
	// 17 MP of AoP units lost in combat: 2 (one per 8, 15.1 7)).
	u := g
	u.Losses.AoP = 17
	if m := u.ArmyMorale(engine.USA, sizes); m.Level != 4 {
		t.Errorf("Union with losses: %d %+v", m.Level, m.Lines)
	}
	// 12 Confederate MP lost in combat: 2 (status.go counts them: TestCombatLossesCountForMorale).
	g.Losses.CSA = 12
	if m := g.ArmyMorale(engine.CSA, sizes); m.Level != 8 || !m.Disorder {
		t.Errorf("with losses: %d %+v", m.Level, m.Lines)
	}
	// Normal supply: two Confederate divisions out of victuals: 1.
	g = apply(t, g, AdjustSupply{By: lee, Side: engine.CSA, Delta: -6, Reason: "march", Units: []string{"csa.mclaws", "csa.rodes"}, Sizes: sizes}, engine.Script())
	if m := g.ArmyMorale(engine.CSA, sizes); m.Level != 9 {
		t.Errorf("out of supply: %d %+v", m.Level, m.Lines)
	}
	g = apply(t, g, AdjustMorale{By: ump, Side: engine.CSA, Delta: 5, Reason: "more losses", Sizes: sizes}, engine.Script())
	if m := g.ArmyMorale(engine.CSA, sizes); m.Level != 14 || !m.Flight || m.State() != "Flight" {
		t.Errorf("flight: %d %v", m.Level, m.Flight)
	}
	g = editUnitState(g, "csa.hood", func(u *engine.UnitState) { u.Status.Demoralization = 0 })
	if m := g.ArmyMorale(engine.CSA, sizes); m.Flight {
		t.Errorf("flight with no demoralized infantry division: %d", m.Level)
	}
}

// 24.0-24.6: one track per side, -1 to +6 / +7, starting full; a gain
// starts from the 0 box; the track's level adds to morale.
func TestSimplifiedSupply(t *testing.T) {
	o := opts()
	o.Supply = "simplified"
	g, sizes := recordsGame(t, o)
	if g.SupplyLevel(engine.CSA) != 6 || g.SupplyLevel(engine.USA) != 7 {
		t.Fatalf("start: %d %d", g.SupplyLevel(engine.CSA), g.SupplyLevel(engine.USA))
	}
	adj := func(by engine.Actor, s engine.Side, d int) Game {
		return apply(t, g, AdjustSupply{By: by, Side: s, Delta: d, Reason: "test", Sizes: sizes}, engine.Script())
	}
	g = adj(lee, engine.CSA, -1)
	if g.SupplyLevel(engine.CSA) != 5 || g.SupplyLevel(engine.USA) != 7 {
		t.Errorf("expenditure: %d", g.SupplyLevel(engine.CSA))
	}
	g = adj(ump, engine.CSA, -9)
	if g.SupplyLevel(engine.CSA) != -1 {
		t.Errorf("below the track: %d", g.SupplyLevel(engine.CSA))
	}
	if m := g.ArmyMorale(engine.CSA, sizes); m.Level != 3 {
		t.Errorf("supply -1 adds 3 to morale: %d", m.Level)
	}
	g = adj(lee, engine.CSA, 4)
	if g.SupplyLevel(engine.CSA) != 4 {
		t.Errorf("24.5: -1 + 4 victuals is +4, got %d", g.SupplyLevel(engine.CSA))
	}
	g = adj(meade, engine.USA, 3)
	if g.SupplyLevel(engine.USA) != 7 {
		t.Errorf("above the track: %d", g.SupplyLevel(engine.USA))
	}
	refused(t, g, AdjustSupply{By: meade, Side: engine.CSA, Delta: -1, Reason: "x", Sizes: sizes}, engine.ErrIllegal, "records.side")
	refused(t, g, AdjustSupply{By: lee, Side: engine.CSA, Delta: -1, Reason: "x", Units: []string{"csa.hood"}, Sizes: sizes}, engine.ErrInvalid, "supply.units")
	refused(t, g, AdjustSupply{By: lee, Side: engine.CSA, Delta: -1, Sizes: sizes}, engine.ErrInvalid, "supply.reason")
}

// 13.0: each Unit Requiring Supply (infantry divisions, cavalry brigades)
// holds up to 6 (Confederate) or 7 (Union) victuals, full at the start;
// levied towns hold their victuals (13.1).
func TestNormalSupplyAndStores(t *testing.T) {
	g, sizes := recordsGame(t, opts())
	var names []string
	for _, u := range g.SupplyUnits(engine.CSA, sizes) {
		names = append(names, u.Name)
	}
	if got := len(names); got != 4 { // Hood, McLaws, Rodes (divisions), Hampton (cavalry brigade)
		t.Errorf("Confederate units requiring supply: %v", names)
	}
	g = apply(t, g, AdjustSupply{By: lee, Side: engine.CSA, Delta: -1, Reason: "expenditure (13.4)", Sizes: sizes}, engine.Script())
	if v := g.Victuals(g.Units["csa.hood"]); v != 5 {
		t.Errorf("Hood: %d victuals", v)
	}
	if v := g.Victuals(g.Units["usa.wright"]); v != 7 {
		t.Errorf("Wright: %d victuals (Union untouched)", v)
	}
	refused(t, g, AdjustSupply{By: lee, Side: engine.CSA, Delta: -1, Reason: "x", Units: []string{"csa.kershaw"}, Sizes: sizes}, engine.ErrInvalid, "supply.unit")
	refused(t, g, AdjustSupply{By: lee, Side: engine.CSA, Delta: -1, Reason: "x", Units: []string{"usa.wright"}, Sizes: sizes}, engine.ErrInvalid, "supply.unit")
	o := opts()
	o.Supply = "augmented"
	a, _ := recordsGame(t, o)
	if n := len(a.SupplyUnits(engine.CSA, sizes)); n != 6 { // and Kershaw, 54 NC (23.1)
		t.Errorf("augmented: %d units", n)
	}
	// A levied town's store.
	york := engine.Place{Name: "York", Hex: engine.Hex{Q: 1, R: 1}, Kinds: []string{"levy-town"}, Values: map[string]int{"levy_vp": 12, "levy_victuals": 43, "levy_victuals_simplified": 7}}
	refused(t, g, AdjustSupply{By: lee, Side: engine.CSA, Delta: -1, Reason: "x", Store: &york, Sizes: sizes}, engine.ErrIllegal, "supply.store")
	g = apply(t, g, ActOnPlace{By: lee, Place: york, Action: ActLevy}, engine.Script())
	if v, ok := g.StoreVictuals(york); !ok || v != 43 {
		t.Errorf("York levied: %d %v", v, ok)
	}
	g = apply(t, g, AdjustSupply{By: lee, Side: engine.CSA, Delta: -10, Reason: "feeding Hood", Store: &york, Sizes: sizes}, engine.Script())
	if v, _ := g.StoreVictuals(york); v != 33 {
		t.Errorf("York after -10: %d", v)
	}
	refused(t, g, AdjustSupply{By: meade, Side: engine.USA, Delta: -1, Reason: "x", Store: &york, Sizes: sizes}, engine.ErrIllegal, "supply.store")
	if n := len(g.Records.SupplyLog); n != 2 {
		t.Errorf("supply log: %d lines", n)
	}
}

func TestRecordsEventsRoundTrip(t *testing.T) {
	g, sizes := recordsGame(t, opts())
	g = apply(t, g, engine.EliminateUnit{By: ump, Unit: "csa.hood"}, engine.Script())
	for _, cmd := range []engine.Command{
		engine.AdvanceTurn{By: ump, Reason: "done", Sizes: sizes},
		AdjustMorale{By: ump, Side: engine.USA, Delta: 9, Reason: "x", Sizes: sizes},
		CheckMorale{By: ump, Sizes: sizes},
		AdjustSupply{By: ump, Side: engine.USA, Delta: -2, Reason: "x", Sizes: sizes},
	} {
		evs, err := g.Decide(cmd, engine.Script())
		if err != nil {
			t.Fatalf("%s: %v", cmd.CommandName(), err)
		}
		typ, data, err := engine.EncodeEvent(evs[0])
		if err != nil {
			t.Fatal(err)
		}
		back, err := testDecode(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		a, b := g.Apply(evs[0]), g.Apply(back)
		_, ta := a.VPTotals()
		_, tb := b.VPTotals()
		if a.Turn != b.Turn || ta != tb || len(a.Records.Eliminations) != len(b.Records.Eliminations) || a.Records.Armies[engine.USA] != b.Records.Armies[engine.USA] {
			t.Errorf("%s: the decoded event folds differently", typ)
		}
		g = a
	}
	if g.Records.Eliminations[0].Turn != 1 || g.Records.Eliminations[0].Size != "division" {
		t.Errorf("Hood's elimination: %+v", g.Records.Eliminations)
	}
}
