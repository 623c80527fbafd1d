package litn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// LITN movement (002 6.3, 8.1-8.9) on the shipped tables of
// scenarios/rules/litn-movement.yaml, the invented Movement Costs Chart of
// engine/litn/testdata/movement-costs.yaml (INVENTED FOR TESTS — not the
// printed chart) and scripted dice.

func mvCharts(t *testing.T) litn.MoveCharts {
	t.Helper()
	lib := litnLibrary(t)
	_, costs := litnFixture(t, lib, "movement-costs.yaml")
	return litn.MoveCharts{Library: lib, Costs: costs, Rows: litn.CostRows{Road: "Road", Slope: "Slope", Ford: "Ford"}}
}

func mvUnit(id string, side engine.Side, role litn.CommandRole, troop litn.CommandTroop, sp, ma int) litn.MoveUnit {
	return litn.MoveUnit{CommandUnit: litn.CommandUnit{ID: id, Side: side, Role: role, Troop: troop, BasicMA: ma, Hex: engine.Hex{Q: 10, R: 10}}, Strength: sp}
}

func mvLeader(id string, side engine.Side, troop litn.CommandTroop, sp, ma, rank, init int) litn.MoveUnit {
	u := mvUnit(id, side, litn.CommandLeader, troop, sp, ma)
	u.Rank, u.Initiative = rank, init
	return u
}

func mvBase(units []litn.MoveUnit) map[string]litn.Share {
	b := map[string]litn.Share{}
	for _, u := range units {
		b[u.ID] = litn.Share{Num: u.BasicMA, Den: 1}
	}
	return b
}

func mvCode(t *testing.T, err error, code string) {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("error %v, want code %s", err, code)
	}
}

// 8.2: "A Union's force's movement allowance is reduced by 1 for each added
// corps. A Confederate force's movement allowance is reduced by 1 for each
// added division after the second division."
func TestLITNStackingReductions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		force []litn.MoveUnit
		left  []litn.MoveUnit
		want  map[string]string
		forms int
	}{
		{"two Union corps", []litn.MoveUnit{
			mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, 2),
			mvLeader("II", engine.USA, litn.CommandInfantry, 10, 9, 3, 2)},
			nil, map[string]string{"I": "8", "II": "8"}, 2},
		{"two Confederate divisions", []litn.MoveUnit{
			mvLeader("Hood", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
			mvLeader("McLaws", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2)},
			nil, map[string]string{"Hood": "9", "McLaws": "9"}, 2},
		{"three divisions, a corps leader, a wagon", []litn.MoveUnit{
			mvLeader("Hood", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
			mvLeader("McLaws", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
			mvLeader("Pickett", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
			mvUnit("Longstreet", engine.CSA, litn.CommandCorps, "", 0, 9),
			mvUnit("W1", engine.CSA, litn.CommandWagon, "", 0, 6)},
			nil, map[string]string{"Hood": "8", "Pickett": "8", "Longstreet": "9", "W1": "6"}, 3},
		// "Every three militia units (ignore fractions: for example, two
		// militia units have no effect)"
		{"a corps and two militia", []litn.MoveUnit{
			mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, 2),
			mvUnit("M1", engine.USA, litn.CommandMilitia, "", 3, 9),
			mvUnit("M2", engine.USA, litn.CommandMilitia, "", 3, 9)},
			nil, map[string]string{"I": "9", "M1": "9"}, 1},
		{"a corps and three militia", []litn.MoveUnit{
			mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, 2),
			mvUnit("M1", engine.USA, litn.CommandMilitia, "", 3, 9),
			mvUnit("M2", engine.USA, litn.CommandMilitia, "", 3, 9),
			mvUnit("M3", engine.USA, litn.CommandMilitia, "", 3, 9)},
			nil, map[string]string{"I": "8", "M3": "8"}, 2},
		// 25 or more strength points of cavalry count as one corps; 24 do not.
		{"a corps and 24 cavalry", []litn.MoveUnit{
			mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, 2),
			mvLeader("Buford", engine.USA, litn.CommandCavalry, 24, 12, 4, 3)},
			nil, map[string]string{"Buford": "12"}, 1},
		{"a corps, 25 cavalry and the artillery", []litn.MoveUnit{
			mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, 2),
			mvLeader("Buford", engine.USA, litn.CommandCavalry, 15, 12, 4, 3),
			mvLeader("Gregg", engine.USA, litn.CommandCavalry, 10, 12, 4, 3),
			mvUnit("Art", engine.USA, litn.CommandArtillery, "", 5, 6)},
			nil, map[string]string{"I": "7", "Buford": "10", "Art": "4"}, 3},
		// Units that left ahead: each Confederate division -1; a detachment
		// or cavalry has no effect; a wagon never loses MPs for them.
		{"divisions left ahead", []litn.MoveUnit{
			mvLeader("Pickett", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
			mvUnit("W1", engine.CSA, litn.CommandWagon, "", 0, 6)},
			[]litn.MoveUnit{
				mvLeader("Hood", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
				mvLeader("McLaws", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
				mvUnit("Det", engine.CSA, litn.CommandDetachment, litn.CommandInfantry, 30, 9),
				mvLeader("Hood2", engine.USA, litn.CommandInfantry, 8, 9, 3, 2)},
			map[string]string{"Pickett": "7", "W1": "6"}, 1},
		// "never reduced to 0 because of stacking"
		{"never below 1", []litn.MoveUnit{
			mvLeader("I", engine.USA, litn.CommandInfantry, 10, 2, 3, 2),
			mvLeader("II", engine.USA, litn.CommandInfantry, 10, 2, 3, 2),
			mvLeader("III", engine.USA, litn.CommandInfantry, 10, 2, 3, 2)},
			nil, map[string]string{"I": "1"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := litn.StackAllowance(tc.force, mvBase(tc.force), tc.left)
			if err != nil {
				t.Fatal(err)
			}
			if f.Formations != tc.forms {
				t.Errorf("formations %d (%v), want %d", f.Formations, f.Counted, tc.forms)
			}
			for id, want := range tc.want {
				if a, _ := f.Of(id); a.String() != want {
					t.Errorf("%s: %s, want %s (%+v)", id, a, want, f.Units)
				}
			}
		})
	}
}

// 7.1: "Lawton can use 1/3 of his movement allowance, i.e. 3 MPs."; the
// command phase's result feeds the stacking (fractions are kept).
func TestLITNStackFromCommand(t *testing.T) {
	h := litn.HexAllowance{Units: []litn.UnitAllowance{
		{Unit: "Lawton", Allowance: litn.Share{Num: 3, Den: 1}},
		{Unit: "Far", Allowance: litn.Share{Num: 0, Den: 1}, Minimum: &litn.Share{Num: 9, Den: 2}},
	}}
	b := litn.BaseFromCommand(h, true)
	if b["Lawton"].String() != "3" || b["Far"].String() != "4 1/2" {
		t.Fatalf("base %v", b)
	}
	force := []litn.MoveUnit{
		mvLeader("Lawton", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
		mvLeader("Far", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
		mvLeader("X", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
	}
	b["X"] = litn.Share{Num: 9, Den: 1}
	f, err := litn.StackAllowance(force, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := f.Of("Far"); a.String() != "3 1/2" || f.Slowest.String() != "2" {
		t.Errorf("Far %s, slowest %s", a, f.Slowest)
	}
	if _, err := litn.StackAllowance(force[:1], map[string]litn.Share{}, nil); err == nil {
		t.Error("a unit without an allowance was accepted")
	}
}

func TestLITNPathCost(t *testing.T) {
	c := mvCharts(t)
	inf := mvLeader("Hood", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2)
	wag := mvUnit("W1", engine.CSA, litn.CommandWagon, "", 0, 6)
	force := []litn.MoveUnit{inf, wag}
	fa, err := litn.StackAllowance(force, mvBase(force), nil)
	if err != nil {
		t.Fatal(err)
	}
	steps := []litn.Step{
		{Label: "1622", Terrain: "Clear", Slopes: 2},                         // inf 1+2, wagon 2+4
		{Label: "1623", Terrain: "Ridge", Road: true, Slopes: 1, Ford: true}, // road negates slope, not ford: inf 1+1, wagon 1+3
	}
	// The wagon cannot pay the second step: the stack stops (8.1).
	// The wagon (6 MP) spends 2+2x2 on the first step and cannot pay the
	// second: the stack stops (8.1).
	_, err = litn.PathCost(c, litn.Path{Force: force, Allowance: fa, Steps: steps})
	mvCode(t, err, "litn.move.cost")
	r, err := litn.PathCost(c, litn.Path{Force: force, Allowance: fa, Steps: steps[:1]})
	if err != nil || r.Spent["W1"] != 6 || r.Spent["Hood"] != 3 {
		t.Fatalf("%+v %v", r, err)
	}

	alone := []litn.MoveUnit{inf}
	fa1, _ := litn.StackAllowance(alone, mvBase(alone), nil)
	r, err = litn.PathCost(c, litn.Path{Force: alone, Allowance: fa1, Steps: steps, Spent: map[string]int{"Hood": 1}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Spent["Hood"] != 1+3+2 || r.Steps[1].Costs["Hood"] != 2 {
		t.Errorf("spent %v steps %+v", r.Spent, r.Steps)
	}
	if !strings.Contains(strings.Join(r.Log, " "), "the road negates the slope (002 8.1)") {
		t.Errorf("log %v", r.Log)
	}

	// P on the chart: a wagon may not enter a ridge in this invented chart.
	wa := []litn.MoveUnit{wag}
	faw, _ := litn.StackAllowance(wa, mvBase(wa), nil)
	_, err = litn.PathCost(c, litn.Path{Force: wa, Allowance: faw, Steps: []litn.Step{{Terrain: "Ridge"}}})
	mvCode(t, err, "litn.move.prohibited")

	// 8.3 and 8.4: leaving +1, a Confederate cavalry frontal ZOC +2 (not
	// +1+2: the greatest applies), entering an enemy combat hex +1 and the
	// move ends there.
	u := mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, 2)
	uf := []litn.MoveUnit{u}
	fau, _ := litn.StackAllowance(uf, mvBase(uf), nil)
	r, err = litn.PathCost(c, litn.Path{Force: uf, Allowance: fau, Left: true, Steps: []litn.Step{
		{Label: "A", Terrain: "Clear", ZOCs: []litn.ZOC{{Side: engine.CSA, Frontal: false}, {Side: engine.CSA, Frontal: true}, {Side: engine.USA, Frontal: true}}},
		{Label: "B", Terrain: "Clear", EnemyAlone: []string{"Longstreet"}},
		{Label: "C", Terrain: "Clear", EnemyCombat: true},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Steps[0].Costs["I"] != 1+1+2 || r.Steps[1].Costs["I"] != 1 || r.Steps[2].Costs["I"] != 2 || !r.Ended {
		t.Errorf("steps %+v ended %v", r.Steps, r.Ended)
	}
	if len(r.Eliminated) != 1 || r.Eliminated[0] != "Longstreet" {
		t.Errorf("eliminated %v", r.Eliminated)
	}
	_, err = litn.PathCost(c, litn.Path{Force: uf, Allowance: fau, Steps: []litn.Step{
		{Terrain: "Clear", EnemyCombat: true}, {Terrain: "Clear"}}})
	mvCode(t, err, "litn.move.ended")
	// Union cavalry ZOC costs a Confederate unit 1.
	if n, _ := litn.ZOCCost(engine.CSA, []litn.ZOC{{Side: engine.USA, Frontal: true}}); n != 1 {
		t.Errorf("Union ZOC %d", n)
	}
	// Force march MPs extend the allowance.
	_, err = litn.PathCost(c, litn.Path{Force: alone, Allowance: fa1, Spent: map[string]int{"Hood": 9}, Steps: []litn.Step{{Terrain: "Clear"}}})
	mvCode(t, err, "litn.move.cost")
	if _, err = litn.PathCost(c, litn.Path{Force: alone, Allowance: fa1, ForceMarch: 2, Spent: map[string]int{"Hood": 9}, Steps: []litn.Step{{Terrain: "Clear"}}}); err != nil {
		t.Error(err)
	}
	// Without the chart loaded the move is refused, naming the chart.
	_, err = litn.PathCost(litn.MoveCharts{Library: c.Library}, litn.Path{Force: alone, Allowance: fa1})
	mvCode(t, err, "chart.empty")
}

// 8.3: "He adds 1 to the die roll if the enemy leader's initiative rating
// exceeds the friendly leader's; he subtracts 1 if the enemy leader's
// initiative rating is less".
func TestLITNLeaveEnemyHex(t *testing.T) {
	c := mvCharts(t)
	me := []litn.MoveUnit{mvLeader("Hood", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2)}
	for _, tc := range []struct {
		die, foeInit int
		leaves       bool
	}{
		{2, 2, true},  // 2 <= 2
		{3, 2, false}, // 3 > 2
		{2, 3, false}, // 2+1 > 2
		{3, 1, true},  // 3-1 <= 2
		{1, 3, true},  // 1+1 <= 2
	} {
		foe := []litn.MoveUnit{mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, tc.foeInit)}
		r, err := litn.LeaveEnemyHex(c, me, foe, engine.Script(tc.die))
		if err != nil {
			t.Fatal(err)
		}
		if r.Leaves != tc.leaves || !strings.Contains(r.Why, "002 8.3") || !strings.Contains(r.Why, "litn.leave-enemy-hex") {
			t.Errorf("die %d enemy %d: %+v", tc.die, tc.foeInit, r)
		}
	}
}

func TestLITNReaction(t *testing.T) {
	c := mvCharts(t)
	// 8.5: "Fitz Lee (not Robert E. Lee) has initiative rating 2."
	fitz := mvLeader("FitzLee", engine.CSA, litn.CommandCavalry, 10, 12, 4, 2)
	trig := mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, 2)
	trig.Hex = engine.Hex{Q: 12, R: 10}
	r := litn.Reactions{Mover: engine.USA}
	at := litn.ReactionAttempt{Stack: []litn.MoveUnit{fitz}, Trigger: trig, EnemyStep: 1}
	got, r2, err := r.Attempt(c, at, engine.Script(2))
	if err != nil {
		t.Fatal(err)
	}
	if !got.Succeeds || !got.May || got.Allowance.String() != "6" {
		t.Errorf("%+v", got)
	}
	// Each stack once per hex of enemy movement; the receiver is unchanged.
	if _, _, err := r2.Attempt(c, at, engine.Script(1)); err == nil {
		t.Error("a second attempt on the same hex was allowed")
	}
	if _, _, err := r.Attempt(c, at, engine.Script(1)); err != nil {
		t.Errorf("the old limits changed: %v", err)
	}
	at.EnemyStep = 2
	got, _, err = r2.Attempt(c, at, engine.Script(3))
	if err != nil || got.Succeeds {
		t.Errorf("roll 3 over initiative 2: %+v %v", got, err)
	}
	// Out of the zone (3 hexes), blocked, own phase, combat, entrained.
	far := trig
	far.Hex = engine.Hex{Q: 13, R: 10}
	_, _, err = r.Attempt(c, litn.ReactionAttempt{Stack: at.Stack, Trigger: far, EnemyStep: 3}, engine.Script(1))
	mvCode(t, err, "litn.react.zone")
	_, _, err = r.Attempt(c, litn.ReactionAttempt{Stack: at.Stack, Trigger: trig, EnemyStep: 3, ZoneBlocked: "hex 1623 is a ridge"}, engine.Script(1))
	mvCode(t, err, "litn.react.blocked")
	_, _, err = litn.Reactions{Mover: engine.CSA}.Attempt(c, at, engine.Script(1))
	mvCode(t, err, "litn.react.own-phase")
	_, _, err = r.Attempt(c, litn.ReactionAttempt{Stack: at.Stack, Trigger: trig, Combat: true}, engine.Script(1))
	mvCode(t, err, "litn.react.combat")
	ent := trig
	ent.Entrained = true
	ent.Hex = engine.Hex{Q: 10, R: 10}
	_, _, err = litn.Reactions{Mover: engine.CSA}.Attempt(c, litn.ReactionAttempt{Stack: []litn.MoveUnit{ent}, Trigger: fitz, EnemyStep: 1}, engine.Script(1))
	mvCode(t, err, "litn.react.entrained")
	// 8.5 step 4: "Compute the movement allowance taking stacking into
	// account and then halve": three divisions (-1) and one that left
	// ahead (-1): 9-2 = 7, halved 3 1/2.
	divs := []litn.MoveUnit{
		mvLeader("Hood", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2),
		mvLeader("McLaws", engine.CSA, litn.CommandInfantry, 8, 9, 4, 1),
		mvLeader("Pickett", engine.CSA, litn.CommandInfantry, 8, 9, 4, 1),
	}
	got, _, err = r.Attempt(c, litn.ReactionAttempt{Stack: divs, Trigger: trig, EnemyStep: 9,
		LeftAhead: []litn.MoveUnit{mvLeader("Law", engine.CSA, litn.CommandInfantry, 8, 9, 4, 1)}}, engine.Script(2))
	if err != nil || !got.Succeeds || got.Allowance.String() != "3 1/2" || got.Leader != "Hood" {
		t.Errorf("%+v %v", got, err)
	}
	// Halted after entering an enemy-occupied hex in reaction.
	_, _, err = r.WithHalted("FitzLee").Attempt(c, at, engine.Script(1))
	mvCode(t, err, "litn.react.halted")
}

// Issue 10: "a reaction that leaves an enemy-occupied hex". The Union corps
// entered Fitz Lee's hex; he reacts (roll 1 <= 2) and then rolls to leave
// (roll 2, equal initiatives: 2 <= 2). Next, failing to leave bars him.
func TestLITNReactionLeavesEnemyHex(t *testing.T) {
	c := mvCharts(t)
	fitz := mvLeader("FitzLee", engine.CSA, litn.CommandCavalry, 10, 12, 4, 2)
	foe := mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, 2)
	r := litn.Reactions{Mover: engine.USA}
	at := litn.ReactionAttempt{Stack: []litn.MoveUnit{fitz}, Trigger: foe, EnemyStep: 1, EnemyInHex: []litn.MoveUnit{foe}}
	d := engine.Script(1, 2)
	got, _, err := r.Attempt(c, at, d)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Succeeds || got.Leave == nil || !got.Leave.Leaves || !got.May || d.Remaining() != 0 {
		t.Fatalf("%+v", got)
	}
	why := strings.Join(got.Why, " | ")
	for _, s := range []string{"002 8.5", "002 8.3", "litn.reaction", "litn.leave-enemy-hex"} {
		if !strings.Contains(why, s) {
			t.Errorf("explanation lacks %q: %s", s, why)
		}
	}
	got, r2, err := r.Attempt(c, at, engine.Script(1, 3))
	if err != nil || got.May || got.Leave.Leaves {
		t.Fatalf("%+v %v", got, err)
	}
	at.EnemyStep = 2
	_, _, err = r2.Attempt(c, at, engine.Script(1, 1))
	mvCode(t, err, "litn.react.barred")
	// Once the enemy has gone the bar no longer applies.
	at.EnemyInHex = nil
	if _, _, err := r2.Attempt(c, at, engine.Script(1)); err != nil {
		t.Error(err)
	}
}

// 8.6: "Round the 10% up in all cases: for example, a 4-point unit loses 1
// point."
func TestLITNForceMarch(t *testing.T) {
	c := mvCharts(t)
	lead := mvLeader("Hood", engine.CSA, litn.CommandInfantry, 4, 9, 3, 2)
	other := mvLeader("Law", engine.CSA, litn.CommandInfantry, 21, 9, 4, 1)
	stack := []litn.MoveUnit{lead, other}
	full := litn.HexAllowance{CommandPoints: 2, CommandRating: 2, Units: []litn.UnitAllowance{{Unit: "Hood", Full: true}}}
	n, why, err := litn.ForceMarch(stack, full)
	if err != nil || n != 2 || !strings.Contains(why, "002 8.6") {
		t.Fatalf("%d %q %v", n, why, err)
	}
	_, _, err = litn.ForceMarch(stack, litn.HexAllowance{CommandPoints: 1, CommandRating: 2, Units: []litn.UnitAllowance{{Unit: "Hood"}}})
	mvCode(t, err, "litn.march.cps")
	ls, err := litn.ForceMarchLosses(c, stack, engine.Script(5, 6))
	if err != nil {
		t.Fatal(err)
	}
	if ls[0].Lost != 1 || ls[1].Lost != 3 {
		t.Errorf("losses %+v", ls)
	}
	ls, _ = litn.ForceMarchLosses(c, stack, engine.Script(4, 1))
	if ls[0].Lost != 0 || ls[1].Lost != 0 || !strings.Contains(ls[0].Why, "litn.force-march-losses") {
		t.Errorf("losses %+v", ls)
	}
}

// 6.3: "A detachment may not receive more than one-third of the detaching
// unit's current strength points."
func TestLITNDetachments(t *testing.T) {
	hood := mvLeader("Hood", engine.CSA, litn.CommandInfantry, 9, 9, 3, 2)
	hood.Corps = "Longstreet"
	d, err := litn.Detach(hood, "D1", "Detachment 1", 3, false)
	if err != nil {
		t.Fatal(err)
	}
	if d.Parent.Strength != 6 || d.Detachment.Strength != 3 || d.Cost != 1 || d.Detachment.Corps != "Longstreet" || d.Detachment.BasicMA != 9 {
		t.Errorf("%+v", d)
	}
	_, err = litn.Detach(hood, "D1", "Detachment 1", 4, false)
	mvCode(t, err, "litn.detach.third")
	_, err = litn.Detach(hood, "D1", "Detachment 1", 3, true)
	mvCode(t, err, "litn.detach.moved")
	_, err = litn.Detach(mvUnit("M", engine.USA, litn.CommandMilitia, "", 9, 9), "D", "D", 1, false)
	mvCode(t, err, "litn.detach.militia")

	// Reattaching: the leader pays 1 MP and keeps no more than his
	// strength at the start of the game; another corps is fine.
	law := mvLeader("Law", engine.CSA, litn.CommandInfantry, 7, 9, 3, 2)
	law.StartStrength, law.Corps = 8, "Jackson"
	ra, err := litn.ReattachDetachment(law, d.Detachment, true)
	if err != nil {
		t.Fatal(err)
	}
	if ra.Leader.Strength != 8 || ra.Absorbed != 1 || ra.Forfeited != 2 || ra.Cost != 1 || !strings.Contains(ra.Why, "another corps") {
		t.Errorf("%+v", ra)
	}
	_, err = litn.ReattachDetachment(law, d.Detachment, false)
	mvCode(t, err, "litn.attach.when")
	cav := mvLeader("Stuart", engine.CSA, litn.CommandCavalry, 7, 12, 3, 2)
	cav.StartStrength = 20
	_, err = litn.ReattachDetachment(cav, d.Detachment, true)
	mvCode(t, err, "litn.attach.troop")
}

func TestLITNBridgeRailWork(t *testing.T) {
	inf := mvLeader("Hood", engine.CSA, litn.CommandInfantry, 5, 9, 3, 2)
	cav := mvLeader("Stuart", engine.CSA, litn.CommandCavalry, 9, 12, 3, 2)
	nine := litn.Share{Num: 9, Den: 1}
	for _, tc := range []struct {
		w    litn.Work
		cost int
		code string
	}{
		{litn.Work{Kind: litn.DestroyBridge, Force: []litn.MoveUnit{inf}, FromCPs: nine}, 3, ""},
		{litn.Work{Kind: litn.DestroyBridge, Force: []litn.MoveUnit{inf}, PotomacRail: true, EnemyAdjacent: true, FromCPs: nine}, 6, ""},
		{litn.Work{Kind: litn.DestroyRail, Force: []litn.MoveUnit{cav}, FromCPs: nine}, 3, ""},
		{litn.Work{Kind: litn.DestroyRail, Force: []litn.MoveUnit{cav}, EnemyInHex: true, FromCPs: nine}, 0, "litn.work.enemy"},
		{litn.Work{Kind: litn.RepairRail, Force: []litn.MoveUnit{inf}, FriendlyTerritory: true, FromCPs: nine}, 4, ""},
		{litn.Work{Kind: litn.RepairRail, Force: []litn.MoveUnit{cav}, FriendlyTerritory: true, FromCPs: nine}, 0, "litn.work.strength"},
		{litn.Work{Kind: litn.RepairRail, Force: []litn.MoveUnit{inf}, FromCPs: nine}, 0, "litn.work.territory"},
		{litn.Work{Kind: litn.DestroyBridge, Force: []litn.MoveUnit{inf}, ForceMarched: true, FromCPs: nine}, 0, "litn.work.march"},
		{litn.Work{Kind: litn.DestroyBridge, Force: []litn.MoveUnit{inf}, FromCPs: litn.Share{Num: 4, Den: 1}, Spent: 2}, 0, "litn.work.cps"},
	} {
		r, err := litn.WorkCost(tc.w)
		if tc.code != "" {
			mvCode(t, err, tc.code)
			continue
		}
		if err != nil || r.Cost != tc.cost || !strings.HasPrefix(r.Why, "002 8.7") {
			t.Errorf("%+v: %+v %v", tc.w, r, err)
		}
	}
	if why, err := litn.BridgeRepair([]litn.MoveUnit{inf}, true, false, false, 1); err != nil || !strings.Contains(why, "Bridge Destroyed") {
		t.Errorf("%q %v", why, err)
	}
	_, err := litn.BridgeRepair([]litn.MoveUnit{inf}, true, false, true, 1)
	mvCode(t, err, "litn.repair.moved")
	_, err = litn.BridgeRepair([]litn.MoveUnit{cav}, true, false, false, 1)
	mvCode(t, err, "litn.repair.strength")
}

// 8.8: two full Movement Phases on consecutive turns.
func TestLITNEntrenchment(t *testing.T) {
	u := mvLeader("Hood", engine.CSA, litn.CommandInfantry, 5, 9, 3, 2)
	st, why, err := litn.EntrenchPhase(u, litn.Entrenchment{}, 4, 0, 1, true)
	if err != nil || st.Stage != litn.Constructing || !strings.Contains(why, "Constructing") {
		t.Fatalf("%+v %q %v", st, why, err)
	}
	done, _, _ := litn.EntrenchPhase(u, st, 5, 0, 1, true)
	if done.Stage != litn.Entrenched {
		t.Errorf("turn 5: %+v", done)
	}
	// Not the following turn, or no CP: the marker goes.
	if s, _, _ := litn.EntrenchPhase(u, st, 6, 0, 1, true); s.Stage != litn.NotEntrenched {
		t.Errorf("turn 6: %+v", s)
	}
	if s, _, _ := litn.EntrenchPhase(u, st, 5, 0, 0, true); s.Stage != litn.NotEntrenched {
		t.Errorf("no CP: %+v", s)
	}
	if s, why, _ := litn.EntrenchPhase(u, done, 6, 2, 1, false); s.Stage != litn.NotEntrenched || !strings.Contains(why, "remove") {
		t.Errorf("moved: %+v", s)
	}
	_, _, err = litn.EntrenchPhase(u, litn.Entrenchment{}, 4, 1, 1, true)
	mvCode(t, err, "litn.entrench.moved")
	_, _, err = litn.EntrenchPhase(mvUnit("W", engine.CSA, litn.CommandWagon, "", 0, 6), litn.Entrenchment{}, 4, 0, 1, true)
	mvCode(t, err, "litn.entrench.unit")
}

// 8.9: "It may move up to 28 hexes (4 movement points' worth) per turn."
func TestLITNRail(t *testing.T) {
	corps := mvLeader("I", engine.USA, litn.CommandInfantry, 10, 9, 3, 2)
	n, why, err := litn.RailMove(litn.RailLeg{Unit: corps, Entrain: true, Hexes: 15, Detrain: true, Lines: true})
	if err != nil || n != 1+3+1 || !strings.Contains(why, "002 8.9") {
		t.Errorf("%d %q %v", n, why, err)
	}
	ent := corps
	ent.Entrained = true
	if n, _, err := litn.RailMove(litn.RailLeg{Unit: ent, Hexes: 28, Destination: true, Arrives: true, Detrain: true, Lines: true}); err != nil || n != 0 {
		t.Errorf("destination: %d %v", n, err)
	}
	_, _, err = litn.RailMove(litn.RailLeg{Unit: ent, Hexes: 29, Destination: true, Lines: true})
	mvCode(t, err, "litn.rail.28")
	_, _, err = litn.RailMove(litn.RailLeg{Unit: ent, Hexes: 7, Destination: true, Detrain: true, Lines: true})
	mvCode(t, err, "litn.rail.arrive")
	_, _, err = litn.RailMove(litn.RailLeg{Unit: corps, Hexes: 7, Lines: true})
	mvCode(t, err, "litn.rail.entrain")
	csa := mvLeader("Hood", engine.CSA, litn.CommandInfantry, 8, 9, 3, 2)
	_, _, err = litn.RailMove(litn.RailLeg{Unit: csa, Entrain: true, Lines: true})
	mvCode(t, err, "litn.rail.side")

	// Capacity: one corps, or the artillery, or two small units, plus the
	// department leader and cavalry commander.
	mc := mvUnit("McClellan", engine.USA, litn.CommandDepartment, "", 0, 9)
	art := mvUnit("Art", engine.USA, litn.CommandArtillery, "", 5, 6)
	det := mvUnit("D1", engine.USA, litn.CommandDetachment, litn.CommandInfantry, 3, 9)
	mil := mvUnit("M1", engine.USA, litn.CommandMilitia, "", 3, 9)
	cav := mvLeader("Buford", engine.USA, litn.CommandCavalry, 10, 12, 4, 3)
	for _, ok := range [][]litn.MoveUnit{{corps, mc}, {art}, {det, mil}, {cav, det}} {
		if _, err := litn.RailCapacity(ok); err != nil {
			t.Errorf("%v: %v", ok, err)
		}
	}
	for _, bad := range [][]litn.MoveUnit{{corps, corps}, {corps, det}, {art, mil}, {det, mil, cav}} {
		_, err := litn.RailCapacity(bad)
		mvCode(t, err, "litn.rail.capacity")
	}
}
