package litn_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// LITN's Initial Phase (002 3.1 A, 4.1, 4.2, 9.2, 11, 11.1, 15.2, 15.4,
// 15.6) with scripted dice, on the invented fixture charts of testdata
// (attrition.yaml, union-militia.yaml: INVENTED FOR TESTS — not the printed
// chart) and the shipped tables for the numbers 002 prints. The 11.1
// example is quoted and asserted.

func liCharts(t *testing.T) litn.InitCharts {
	t.Helper()
	lib := lcLibrary(t)
	return litn.InitCharts{Library: lib, Loaded: map[string]*engine.LoadedChart{
		litn.SlotAttrition: lcLoad(t, lib, litn.SlotAttrition, "attrition.yaml"),
		litn.SlotMilitia:   lcLoad(t, lib, litn.SlotMilitia, "union-militia.yaml"),
	}}
}

func liTurn(s string, turn int) litn.InitTurn {
	return litn.InitTurn{Scenario: s, Turn: turn}
}

func TestLITNInitialStepsByScenarioAndTurn(t *testing.T) {
	type want struct {
		s       string
		turn    int
		happens string // the numerals (3.1 A) of the steps that happen
	}
	for _, w := range []want{
		{litn.Scenario2, 1, "I"},        // reorganization; no attrition on turn 1 (11)
		{litn.Scenario2, 2, "I"},        // even: no attrition; replacements from turn 5
		{litn.Scenario2, 3, "I II V"},   // attrition on 3; first wagon on turn 3 (15.4)
		{litn.Scenario2, 4, "I"},        // last reorganization rolls
		{litn.Scenario2, 5, "I II III"}, // all reorganize; attrition; 1 replacement point
		{litn.Scenario2, 6, "III V"},    // 2 points; wagon 3+3
		{litn.Scenario2, 7, "II III"},   // reorganization is over
		{litn.Scenario1, 4, ""},         // scenario 1 starts on turn 4
		{litn.Scenario1, 5, "II III"},   // "turn 5 is the second turn of scenario 1" (15.2)
		{litn.Scenario1, 6, "III V"},    // first wagon on turn 6 (15.3)
		{litn.Scenario1, 9, "II III V"}, // 6+3
		{litn.Scenario3, 1, ""},         // Hooker rolls from turn 2
		{litn.Scenario3, 2, "VI"},
		{litn.Scenario3, 3, "VI"},   // no attrition in 1863 (15.5)
		{litn.Scenario3, 5, "V VI"}, // first wagon on turn 5 (15.6)
		{litn.Scenario3, 8, "V VI"},
		{litn.Scenario4, 3, "V"}, // first wagon on turn 3 (15.7)
		{litn.Scenario4, 6, "V"},
		{litn.Scenario4, 7, ""},
		{litn.Scenario4, 2, ""},
		{litn.Scenario1, 16, "III"},      // even, last turn
		{litn.Scenario2, 15, "II III V"}, // 3+12
		{litn.Scenario3, 14, "V VI"},     // 5+9
		{litn.Scenario2, 11, "II III"},
		{litn.Scenario2, 12, "III V"},
		{litn.Scenario1, 12, "III V"}, // 6+6
		{litn.Scenario1, 13, "II III"},
		{litn.Scenario4, 9, "V"},     // 3+6
		{litn.Scenario3, 11, "V VI"}, // 5+6
		{litn.Scenario3, 12, "VI"},
		{litn.Scenario3, 13, "VI"},
		{litn.Scenario2, 9, "II III V"},
		{litn.Scenario2, 10, "III"},
		{litn.Scenario1, 15, "II III V"},
		{litn.Scenario1, 7, "II III"},
		{litn.Scenario1, 8, "III"},
		{litn.Scenario1, 10, "III"},
		{litn.Scenario1, 11, "II III"},
		{litn.Scenario1, 14, "III"},
		{litn.Scenario2, 8, "III"},
		{litn.Scenario2, 13, "II III"},
		{litn.Scenario2, 14, "III"},
		{litn.Scenario2, 16, "III"},
		{litn.Scenario3, 4, "VI"},
		{litn.Scenario4, 1, ""},
		{litn.Scenario4, 4, ""},
		{litn.Scenario4, 5, ""},
		{litn.Scenario4, 8, ""},
		{litn.Scenario3, 6, "VI"},
		{litn.Scenario3, 7, "VI"},
		{litn.Scenario3, 9, "VI"},
		{litn.Scenario3, 10, "VI"},
	} {
		steps, err := litn.InitialSteps(liTurn(w.s, w.turn), litn.InitState{})
		if err != nil {
			t.Fatal(err)
		}
		if len(steps) != 7 {
			t.Fatalf("%d steps", len(steps))
		}
		var got []string
		for _, s := range steps {
			if s.Why == "" || s.Section == "" {
				t.Errorf("%s turn %d: step %s does not explain itself", w.s, w.turn, s.Step)
			}
			if s.Happens {
				got = append(got, strings.Fields(s.Step)[0])
			}
		}
		if g := strings.Join(got, " "); g != w.happens {
			t.Errorf("%s turn %d: steps %q, want %q", w.s, w.turn, g, w.happens)
		}
	}
	// The state's flags: militia once eligible, Union wagon markers, delayed
	// Confederate wagons, Hooker replaced.
	steps, _ := litn.InitialSteps(liTurn(litn.Scenario3, 4), litn.InitState{MilitiaEligible: true, WagonMarkers: 1, CSAWagonsOwed: 1, HookerReplaced: true})
	var got []string
	for _, s := range steps {
		if s.Happens {
			got = append(got, s.Step)
		}
	}
	if g := strings.Join(got, "; "); g != "IV Militia; V Supply Wagons (Confederate); V Supply Wagons (Union)" {
		t.Errorf("steps with flags: %q", g)
	}
	if _, err := litn.InitialSteps(liTurn("lrtg-high-tide", 3), litn.InitState{}); err == nil {
		t.Error("a non-LITN scenario was accepted")
	}
}

// The 11.1 example: "The Union player rolls a 5. Every Union infantry unit
// in Union territory loses 1 point. Every Union infantry unit in
// Confederate territory loses 2 points, and every Union cavalry unit in
// Confederate territory loses 1 point. For each Union unit which has no
// line of communications, read the result from the "6" line - for example,
// each such cavalry unit in Union territory would lose 1 point instead of
// 0."
func TestLITNAttritionRulesExample(t *testing.T) {
	ch := liCharts(t)
	d := engine.Script(5)
	units := []litn.AttritionUnit{
		{ID: "usa.i-corps", Troops: "infantry", Strength: 30, Friendly: true, LOC: true},
		{ID: "usa.ix-corps", Troops: "infantry", Strength: 30, Friendly: false, LOC: true},
		{ID: "usa.pleasonton", Troops: "cavalry", Strength: 5, Friendly: false, LOC: true},
		{ID: "usa.farnsworth", Troops: "cavalry", Strength: 5, Friendly: true, LOC: true},
		{ID: "usa.rush", Troops: "cavalry", Strength: 5, Friendly: true, LOC: false},
	}
	res, err := litn.Attrition(liTurn(litn.Scenario2, 7), engine.USA, units, ch, d)
	if err != nil {
		t.Fatal(err)
	}
	if d.Remaining() != 0 || res.Die != 5 {
		t.Fatalf("one die for all units (11.1): die %d, %d left", res.Die, d.Remaining())
	}
	want := map[string]int{"usa.i-corps": 1, "usa.ix-corps": 2, "usa.pleasonton": 1, "usa.farnsworth": 0, "usa.rush": 1}
	for _, l := range res.Units {
		if l.Lost != want[l.Unit] {
			t.Errorf("%s lost %d, want %d (%s)", l.Unit, l.Lost, want[l.Unit], l.Explanation)
		}
		if !strings.Contains(l.Explanation, "002 11.1") || !strings.Contains(l.Explanation, litn.SlotAttrition) {
			t.Errorf("%s: explanation %q", l.Unit, l.Explanation)
		}
	}
	if res.Units[4].Row != "6" || res.Units[3].Row != "5" {
		t.Errorf("rows: no LOC %q, with LOC %q", res.Units[4].Row, res.Units[3].Row)
	}
	for _, r := range res.Rolls {
		if r.Chart != litn.SlotAttrition || r.Natural != 5 {
			t.Errorf("lookup %+v", r)
		}
	}
	if len(res.Rolls) != 3 { // friendly, enemy, friendly without LOC
		t.Errorf("%d lookups", len(res.Rolls))
	}
}

func TestLITNAttritionExemptionsNoZeroAndTurns(t *testing.T) {
	ch := liCharts(t)
	units := []litn.AttritionUnit{
		{ID: "csa.hood", Troops: "infantry", Strength: 12, Friendly: false, LOC: false, NearDepot: true},
		{ID: "csa.wagon1", Troops: "wagon"},
		{ID: "csa.walker", Troops: "infantry", Strength: 1, Friendly: false, LOC: false},
		{ID: "csa.ransom", Troops: "infantry", Strength: 2, Friendly: false, LOC: false},
		{ID: "csa.pelham", Troops: "artillery", Strength: 4, Friendly: false, LOC: false},
		{ID: "csa.munford", Troops: "cavalry", Strength: 3, Friendly: false, LOC: false},
	}
	// Roll 6 + 1 without LOC: row 7, enemy territory 3/2 (invented).
	res, err := litn.Attrition(liTurn(litn.Scenario1, 5), engine.CSA, units, ch, engine.Script(6))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		lost, strength int
		why            string
	}{{0, 12, "within four movement points"}, {0, 0, "supply wagon"}, {0, 1, "reduced to 0"}, {1, 1, "reduced to 0"}, {0, 4, "artillery"}, {2, 1, "strength 3 → 1"}}
	for i, w := range want {
		u := res.Units[i]
		if u.Lost != w.lost || u.Strength != w.strength || !strings.Contains(u.Explanation, w.why) {
			t.Errorf("%s: lost %d strength %d (%s), want %d, %d, %q", u.Unit, u.Lost, u.Strength, u.Explanation, w.lost, w.strength, w.why)
		}
	}
	if res.Units[3].Read != 3 || res.Units[3].Row != "7" {
		t.Errorf("ransom read %d on row %s, want 3 on row 7", res.Units[3].Read, res.Units[3].Row)
	}
	for _, c := range []litn.InitTurn{liTurn(litn.Scenario2, 1), liTurn(litn.Scenario2, 4), liTurn(litn.Scenario3, 3), liTurn(litn.Scenario4, 5)} {
		_, err := litn.Attrition(c, engine.CSA, units, ch, engine.Script())
		lcRuleCode(t, err, "litn.attrition.turn")
	}
	// The printed chart not loaded: the refusal names the slot.
	_, err = litn.Attrition(liTurn(litn.Scenario2, 3), engine.CSA, units, litn.InitCharts{Library: ch.Library}, engine.Script(1))
	lcRuleCode(t, err, "chart.empty")
}

func TestLITNReplacements(t *testing.T) {
	for turn, want := range map[int]int{1: 0, 4: 0, 5: 1, 6: 2, 7: 1, 16: 2} {
		if n, why := litn.ReplacementPoints(liTurn(litn.Scenario2, turn)); n != want || !strings.Contains(why, "15.2") {
			t.Errorf("turn %d: %d points (%s), want %d", turn, n, why, want)
		}
	}
	if n, _ := litn.ReplacementPoints(liTurn(litn.Scenario3, 6)); n != 0 {
		t.Error("replacements in 1863")
	}
	units := []litn.ReplacementUnit{
		{ID: "csa.hood", Side: engine.CSA, Troops: "infantry", Strength: 12, LOC: true},
		{ID: "csa.fitz", Side: engine.CSA, Troops: "cavalry", Strength: 3, LOC: true},
		{ID: "csa.cut-off", Side: engine.CSA, Troops: "infantry", Strength: 8, LOC: false},
		{ID: "csa.shaken", Side: engine.CSA, Troops: "infantry", Strength: 8, LOC: true, Demoralized: true},
		{ID: "csa.gone", Side: engine.CSA, Troops: "infantry", Strength: 0, LOC: true},
		{ID: "usa.sumner", Side: engine.USA, Troops: "infantry", Strength: 20, LOC: true},
	}
	// Turn 6: 2 points. One cavalry point costs 2.
	r, err := litn.SpendReplacements(liTurn(litn.Scenario2, 6), engine.CSA, units, nil, []litn.ReplacementSpend{{Unit: "csa.fitz", Strength: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Spent != 2 || r.Lost != 0 || r.Gains[0].Strength != 4 {
		t.Errorf("cavalry: %+v", r)
	}
	// Turn 7: 1 point; none spent: lost ("cannot be saved").
	r, err = litn.SpendReplacements(liTurn(litn.Scenario2, 7), engine.CSA, units, nil, nil)
	if err != nil || r.Lost != 1 || !strings.Contains(strings.Join(r.Explained, " "), "cannot be saved") {
		t.Errorf("unspent: %+v %v", r, err)
	}
	// Above the original strength is allowed.
	r, err = litn.SpendReplacements(liTurn(litn.Scenario2, 8), engine.CSA, units, nil, []litn.ReplacementSpend{{Unit: "csa.hood", Strength: 1}, {Unit: "csa.hood", Strength: 1}})
	if err != nil || r.Gains[1].Strength != 14 || r.Spent != 2 {
		t.Errorf("infantry: %+v %v", r, err)
	}
	for _, c := range []struct {
		turn  int
		side  engine.Side
		spend litn.ReplacementSpend
		code  string
	}{
		{7, engine.CSA, litn.ReplacementSpend{Unit: "csa.fitz", Strength: 1}, "litn.replacements.too-many"},
		{6, engine.CSA, litn.ReplacementSpend{Unit: "csa.cut-off", Strength: 1}, "litn.replacements.loc"},
		{6, engine.CSA, litn.ReplacementSpend{Unit: "csa.shaken", Strength: 1}, "litn.replacements.demoralized"},
		{6, engine.CSA, litn.ReplacementSpend{Unit: "csa.gone", Strength: 1}, "litn.replacements.eliminated"},
		{6, engine.CSA, litn.ReplacementSpend{Unit: "usa.sumner", Strength: 1}, "litn.replacements.side"},
		{4, engine.CSA, litn.ReplacementSpend{Unit: "csa.hood", Strength: 1}, "litn.replacements.none"},
		{6, engine.CSA, litn.ReplacementSpend{FortHex: "3542", Strength: 1}, "litn.replacements.fort"},
	} {
		_, err := litn.SpendReplacements(liTurn(litn.Scenario2, c.turn), c.side, units, []litn.FortHex{{Hex: "3542", Intrinsic: 10}}, []litn.ReplacementSpend{c.spend})
		lcRuleCode(t, err, c.code)
	}
	// The Union's fortification intrinsic strength (15.2, 13).
	r, err = litn.SpendReplacements(liTurn(litn.Scenario1, 6), engine.USA, units, []litn.FortHex{{Hex: "3542", Intrinsic: 10}, {Hex: "3642", Intrinsic: 0}}, []litn.ReplacementSpend{{FortHex: "3542", Strength: 2}})
	if err != nil || r.Gains[0].Strength != 12 {
		t.Errorf("fortification: %+v %v", r, err)
	}
	_, err = litn.SpendReplacements(liTurn(litn.Scenario1, 6), engine.USA, units, []litn.FortHex{{Hex: "3642", Intrinsic: 0}}, []litn.ReplacementSpend{{FortHex: "3642", Strength: 1}})
	lcRuleCode(t, err, "litn.replacements.eliminated")
}

func TestLITNMilitia(t *testing.T) {
	ch := liCharts(t)
	h := litn.Harrisburg()
	at := func(col, row int) engine.Hex { return engine.OffsetToAxial(col, row, engine.OddColumnsDown) }
	if engine.Distance(h, at(40, 16)) != 15 || engine.Distance(h, at(40, 17)) != 16 {
		t.Fatal("test hexes are not 15 and 16 hexes from 4001")
	}
	for _, c := range []struct {
		check litn.MilitiaCheck
		want  bool
	}{
		{litn.MilitiaCheck{NetCSAVP: 4.5}, false},
		{litn.MilitiaCheck{NetCSAVP: 5}, true},
		{litn.MilitiaCheck{NetCSAVP: 0, CSACombatHexes: []engine.Hex{at(40, 17)}}, false},
		{litn.MilitiaCheck{NetCSAVP: 0, CSACombatHexes: []engine.Hex{at(10, 26), at(40, 16)}}, true},
		{litn.MilitiaCheck{AlreadyEligible: true}, true}, // "on every turn for the rest of the game"
	} {
		if ok, why := litn.MilitiaEligible(c.check); ok != c.want || !strings.Contains(why, "4.2") {
			t.Errorf("%+v: %v (%s)", c.check, ok, why)
		}
	}
	// Not eligible: no roll, no die.
	r, err := litn.RollMilitia(liTurn(litn.Scenario3, 2), litn.MilitiaCheck{}, false, ch, engine.Script())
	if err != nil || r.Eligible || r.Roll != nil {
		t.Errorf("not eligible: %+v %v", r, err)
	}
	// Harrisburg Confederate-controlled: no militia, no die.
	r, err = litn.RollMilitia(liTurn(litn.Scenario3, 2), litn.MilitiaCheck{NetCSAVP: 6}, true, ch, engine.Script())
	if err != nil || r.Units != 0 || r.Roll != nil || !strings.Contains(r.Explanation, "Confederate-controlled") {
		t.Errorf("Harrisburg held: %+v %v", r, err)
	}
	// Eligible: the invented chart's 5 gives 2 units.
	d := engine.Script(5)
	r, err = litn.RollMilitia(liTurn(litn.Scenario1, 9), litn.MilitiaCheck{AlreadyEligible: true}, false, ch, d)
	if err != nil || r.Units != 2 || r.Roll.Chart != litn.SlotMilitia || d.Remaining() != 0 || !strings.Contains(r.Explanation, "hex 4001") {
		t.Errorf("militia: %+v %v", r, err)
	}
	_, err = litn.RollMilitia(liTurn(litn.Scenario1, 9), litn.MilitiaCheck{AlreadyEligible: true}, false, litn.InitCharts{Library: ch.Library}, engine.Script(5))
	lcRuleCode(t, err, "chart.empty")
}

func TestLITNConfederateWagons(t *testing.T) {
	depots := []string{"1026", "1029", "1529"}
	// Scenario 2, turn 3: due; placed at a depot.
	w, err := litn.PlaceCSAWagons(liTurn(litn.Scenario2, 3), 0, 0, depots, []string{"1529"})
	if err != nil || !w.Due || len(w.Placed) != 1 || w.Owed != 0 {
		t.Fatalf("%+v %v", w, err)
	}
	// Delayed voluntarily, then placed later with the next one.
	w, _ = litn.PlaceCSAWagons(liTurn(litn.Scenario2, 6), 1, 0, depots, nil)
	if w.Owed != 1 {
		t.Errorf("delay: %+v", w)
	}
	w, err = litn.PlaceCSAWagons(liTurn(litn.Scenario2, 9), 1, 1, depots, []string{"1529", "1029"})
	if err != nil || len(w.Placed) != 2 || w.Owed != 0 {
		t.Errorf("delayed placed: %+v %v", w, err)
	}
	// A delayed wagon may enter on a turn with none due.
	w, err = litn.PlaceCSAWagons(liTurn(litn.Scenario2, 10), 1, 1, depots, []string{"1529"})
	if err != nil || w.Due || len(w.Placed) != 1 {
		t.Errorf("delayed on a turn without: %+v %v", w, err)
	}
	for _, c := range []struct {
		turn         litn.InitTurn
		inPlay, owed int
		place        []string
		code         string
	}{
		{liTurn(litn.Scenario2, 4), 0, 0, []string{"1529"}, "litn.wagons.none"},
		{liTurn(litn.Scenario2, 6), 6, 0, []string{"1529"}, "litn.wagons.six"},
		{liTurn(litn.Scenario2, 6), 0, 0, []string{"1026"}, "litn.wagons.1026"},
		{liTurn(litn.Scenario2, 6), 0, 0, []string{"3014"}, "litn.wagons.depot"},
		{liTurn(litn.Scenario1, 3), 0, 0, []string{"1529"}, "litn.wagons.none"},
	} {
		_, err := litn.PlaceCSAWagons(c.turn, c.inPlay, c.owed, depots, c.place)
		lcRuleCode(t, err, c.code)
	}
	// 1863: the hex 1026 depot exists (15.2 removes it in 1862 only).
	if _, err := litn.PlaceCSAWagons(liTurn(litn.Scenario3, 5), 0, 0, depots, []string{"1026"}); err != nil {
		t.Error(err)
	}
}

func TestLITNUnionWagonCreation(t *testing.T) {
	ok := litn.WagonCreator{ID: "usa.franklin", Name: "Franklin", Side: engine.USA, Leader: true, Hex: "3541", InUnionDepot: true, CommandPoints: 1, WholePhaseHere: true}
	m, err := litn.CreateWagonMarker(ok, 2)
	if err != nil || m.Hex != "3541" || !strings.Contains(m.Explanation, "9.2") {
		t.Fatalf("%+v %v", m, err)
	}
	bad := func(f func(*litn.WagonCreator), left int, code string) {
		t.Helper()
		c := ok
		f(&c)
		_, err := litn.CreateWagonMarker(c, left)
		lcRuleCode(t, err, code)
	}
	bad(func(c *litn.WagonCreator) { c.Side = engine.CSA }, 2, "litn.wagons.union")
	bad(func(c *litn.WagonCreator) { c.Leader = false }, 2, "litn.wagons.leader")
	bad(func(c *litn.WagonCreator) { c.NotReleased = true }, 2, "litn.wagons.released")
	bad(func(c *litn.WagonCreator) { c.InUnionDepot = false }, 2, "litn.wagons.depot")
	bad(func(c *litn.WagonCreator) { c.Moved = true }, 2, "litn.wagons.moved")
	bad(func(c *litn.WagonCreator) { c.WholePhaseHere = false }, 2, "litn.wagons.moved")
	bad(func(c *litn.WagonCreator) { c.CommandPoints = 0 }, 2, "litn.wagons.cp")
	bad(func(*litn.WagonCreator) {}, 0, "litn.wagons.all")
	// Two leaders in one depot each create one (9.2); one is placed, one lapses.
	markers := []litn.WagonMarker{{Leader: "usa.franklin", Hex: "3541"}, {Leader: "usa.couch-det", Hex: "3541"}, {Leader: "usa.sumner", Hex: "4631"}}
	p, err := litn.PlaceUnionWagons(markers, []string{"3541", "3541"}, 5)
	if err != nil || len(p.Placed) != 2 || len(p.Lapsed) != 1 || p.Lapsed[0] != "4631" {
		t.Errorf("%+v %v", p, err)
	}
	_, err = litn.PlaceUnionWagons(markers, []string{"3014"}, 5)
	lcRuleCode(t, err, "litn.wagons.marker")
	_, err = litn.PlaceUnionWagons(markers, []string{"3541", "4631"}, 1)
	lcRuleCode(t, err, "litn.wagons.all")
}

func TestLITNUnionReorganization(t *testing.T) {
	ch := liCharts(t)
	at := func(col, row int) engine.Hex { return engine.OffsetToAxial(col, row, engine.OddColumnsDown) }
	mc := at(35, 41)
	units := []litn.ReorgUnit{
		{ID: "usa.i", Hex: at(35, 41), Disorganized: true},
		{ID: "usa.ii", Hex: at(35, 44), Disorganized: true},
		{ID: "usa.ix", Hex: at(36, 41), Disorganized: true},
		{ID: "usa.xii", Hex: at(34, 42), Disorganized: true},
		{ID: "usa.far", Hex: at(35, 45), Disorganized: true},
		{ID: "usa.miles", Hex: at(15, 29), Disorganized: false},
		{ID: "usa.vi", Hex: at(35, 40), Disorganized: true},
	}
	if engine.Distance(mc, at(35, 44)) != 3 || engine.Distance(mc, at(35, 45)) != 4 {
		t.Fatal("test hexes")
	}
	// "on a roll of 1-4, the unit is no longer disorganized. On a roll of 5 or 6 it remains disorganized."
	d := engine.Script(1, 4, 5, 6)
	r, err := litn.Reorganize(liTurn(litn.Scenario2, 2), mc, units, []string{"usa.i", "usa.ii", "usa.ix", "usa.xii"}, ch, d)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Reorganized, ",") != "usa.i,usa.ii" || d.Remaining() != 0 {
		t.Errorf("reorganized %v", r.Reorganized)
	}
	for _, rl := range r.Rolls {
		if rl.Roll.Table != litn.TableReorganize || !strings.Contains(rl.Explanation, "002 15.4") {
			t.Errorf("roll %+v", rl)
		}
	}
	for _, c := range []struct {
		turn   int
		chosen []string
		code   string
	}{
		{3, []string{"usa.far"}, "litn.reorg.range"},
		{3, []string{"usa.i", "usa.ii", "usa.ix", "usa.xii", "usa.vi"}, "litn.reorg.four"},
		{3, []string{"usa.miles"}, "litn.reorg.organized"},
		{3, []string{"usa.i", "usa.i"}, "litn.reorg.twice"},
		{3, []string{"usa.nobody"}, "litn.reorg.unit"},
		{5, []string{"usa.i"}, "litn.reorg.turn5"},
		{6, nil, "litn.reorg.over"},
	} {
		_, err := litn.Reorganize(liTurn(litn.Scenario2, c.turn), mc, units, c.chosen, ch, engine.Script(1, 1, 1, 1, 1))
		lcRuleCode(t, err, c.code)
	}
	_, err = litn.Reorganize(liTurn(litn.Scenario1, 4), mc, units, nil, ch, engine.Script())
	lcRuleCode(t, err, "litn.reorg.scenario")
	// Turn 5: everyone, no dice, McClellan anywhere.
	r, err = litn.Reorganize(liTurn(litn.Scenario2, 5), at(1, 1), units, nil, ch, engine.Script())
	if err != nil || len(r.Reorganized) != 6 || len(r.Rolls) != 0 {
		t.Errorf("turn 5: %+v %v", r, err)
	}
}

func TestLITNHookerDissatisfaction(t *testing.T) {
	ch := liCharts(t)
	m := litn.NewHookerMarker()
	if m.Box != 1 {
		t.Fatal("the marker starts in box 1 (15.6)")
	}
	// "Move the marker forward one box for each Confederate VP scored, and
	// back two boxes - not five - for each Union major victory."
	if got := m.Moved(6, 0); got.Box != 4 { // 3 VPs
		t.Errorf("3 VPs: box %d", got.Box)
	}
	if got := m.Moved(6, 1); got.Box != 2 {
		t.Errorf("3 VPs and a Union major victory: box %d", got.Box)
	}
	if got := m.Moved(0, 1); got.Box != 1 {
		t.Errorf("below box 1: %d", got.Box)
	}
	half := m.Moved(1, 0)
	if half.Box != 1 || !half.Half || half.Moved(1, 0).Box != 2 {
		t.Errorf("half VPs: %+v", half)
	}
	sheet := &litn.Sheet{Side: engine.USA, Leaders: []litn.SheetLeader{
		{ID: "usa.hooker", Name: "Hooker", Role: litn.SheetDepartment},
		{ID: "usa.meade-dept", Name: "Meade", Role: litn.SheetDepartment, Arrives: []litn.SheetArrival{{By: litn.SheetByHookerOut}}},
		{ID: "usa.meade", Name: "Meade (V Corps)", Troops: "infantry", Strength: 20},
		{ID: "usa.sykes", Name: "Sykes", Troops: "infantry", Arrives: []litn.SheetArrival{{By: litn.SheetByHookerOut}}},
	}}
	// "If the modified die roll equals 6 or more": box 2 + 4 = 6.
	r, err := litn.HookerDissatisfaction(liTurn(litn.Scenario3, 2), litn.HookerMarker{Box: 2}, false, sheet, ch, engine.Script(4))
	if err != nil || !r.Replaced || r.Roll.Total != 6 || r.Roll.Table != litn.TableHooker || len(r.Steps) != 3 {
		t.Fatalf("%+v %v", r, err)
	}
	for i, want := range []string{"usa.hooker", "usa.sykes", "usa.meade-dept"} {
		if !strings.Contains(r.Steps[i], want) {
			t.Errorf("step %d %q does not name %s", i+1, r.Steps[i], want)
		}
	}
	if !strings.Contains(r.Steps[1], "usa.meade)") {
		t.Errorf("step 2 %q does not name Meade's corps", r.Steps[1])
	}
	r, err = litn.HookerDissatisfaction(liTurn(litn.Scenario3, 5), litn.HookerMarker{Box: 1}, false, nil, ch, engine.Script(4))
	if err != nil || r.Replaced || r.Roll.Total != 5 || len(r.Steps) != 0 {
		t.Errorf("5: %+v %v", r, err)
	}
	// A box beyond the track still rolls (any roll succeeds).
	r, err = litn.HookerDissatisfaction(liTurn(litn.Scenario3, 9), litn.HookerMarker{Box: 20}, false, nil, ch, engine.Script(1))
	if err != nil || !r.Replaced {
		t.Errorf("box 20: %+v %v", r, err)
	}
	_, err = litn.HookerDissatisfaction(liTurn(litn.Scenario3, 1), m, false, nil, ch, engine.Script(6))
	lcRuleCode(t, err, "litn.hooker.turn")
	_, err = litn.HookerDissatisfaction(liTurn(litn.Scenario4, 2), m, false, nil, ch, engine.Script(6))
	lcRuleCode(t, err, "litn.hooker.scenario")
	_, err = litn.HookerDissatisfaction(liTurn(litn.Scenario3, 4), m, true, nil, ch, engine.Script(6))
	lcRuleCode(t, err, "litn.hooker.replaced")
}

// The numbers in initial.go agree with the shipped charts that show
// them (scenarios/rules/litn-scenarios.yaml, from 002 4.1, 4.2, 15.2-15.7).
func TestLITNInitialNumbersMatchShippedCharts(t *testing.T) {
	lib := lcLibrary(t)
	wag := lib.Chart("litn.confederate-wagons")
	if wag == nil || len(wag.Rows) != 4 {
		t.Fatal("litn.confederate-wagons")
	}
	for i, s := range []string{litn.Scenario1, litn.Scenario2, litn.Scenario3, litn.Scenario4} {
		first := 0
		fmt.Sscan(wag.Rows[i][1], &first)
		if due, _ := litn.CSAWagonDue(liTurn(s, first)); !due {
			t.Errorf("%s: no wagon on turn %d", s, first)
		}
		if due, _ := litn.CSAWagonDue(liTurn(s, first-1)); due {
			t.Errorf("%s: a wagon before turn %d", s, first)
		}
		if due, _ := litn.CSAWagonDue(liTurn(s, first+3)); !due {
			t.Errorf("%s: no wagon on turn %d", s, first+3)
		}
	}
	cost := lib.Chart("litn.replacement-costs")
	if cost.Rows[0][1] != fmt.Sprint(litn.ReplacementInfantry) || cost.Rows[1][1] != fmt.Sprint(litn.ReplacementCavalry) {
		t.Errorf("replacement costs %v", cost.Rows)
	}
	mil := lib.Chart("litn.militia-eligibility")
	if !strings.HasPrefix(mil.Rows[0][1], fmt.Sprint(litn.MilitiaVP)) || !strings.Contains(mil.Rows[1][1], fmt.Sprint(litn.MilitiaRange)) {
		t.Errorf("militia eligibility %v", mil.Rows)
	}
	reorg := lib.Table(litn.TableReorganize)
	if reorg == nil || lib.Table(litn.TableHooker) == nil {
		t.Fatal("tables missing")
	}
}
