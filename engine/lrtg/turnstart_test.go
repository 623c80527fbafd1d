package lrtg

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// The Turn Start steps 1a-1c (LRTG 3.1-3.4; 003 Detailed Sequence of Play
// 1 a)-c)) on a constructed map: the test theatre of move_test.go with
// Maryland, Prince George's County, the three entry places and an SJW
// South sheet far to the south.

var (
	tsMD      = at(20, -10)  // Maryland (north of the Potomac, not PA)
	tsPA      = at(20, -30)  // Pennsylvania
	tsVA      = at(150, 150) // deep in Virginia
	tsFairfax = at(50, 5)    // Fairfax County (Va.)
	tsMontgom = at(50, -5)   // Montgomery County (Md.)
	tsDC      = at(70, -5)   // the District
	tsBalt    = at(30, -5)   // Baltimore (Md.)
	tsCurtin  = at(0, -40)   // Camp Curtin (Pa.)
	tsNMD     = at(-50, -5)  // North Mountain Depot (Md. side of the test map)
	tsBrandy  = at(90, -5)   // Brandywine (Prince George's County)
	tsSSSheet = engine.Sheet{ID: "SS", Parity: engine.EvenColumnsDown, DQ: 0, DR: 300, MinCol: 1, MaxCol: 58, MinRow: 2, MaxRow: 33}
)

func tsTheatre() *engine.Theatre {
	t := testTheatre()
	reg := func(id string, rings ...[]engine.Point) engine.Region {
		return engine.Region{ID: id, Name: id, Rings: rings}
	}
	t.Regions = append(append([]engine.Region(nil), t.Regions...),
		reg("md", box(-200, -19, 58, -1), box(82, -10, 100, -1)),
		reg("md.prince-georges", box(82, -10, 100, -1)),
	)
	t.Places = append(append([]engine.Place(nil), t.Places...),
		engine.Place{Name: "Camp Curtin", Hex: tsCurtin},
		engine.Place{Name: "North Mountain Depot", Hex: tsNMD},
		engine.Place{Name: "Brandywine", Hex: tsBrandy},
	)
	t.Sheets = []engine.Sheet{tsSSSheet}
	return t
}

func tsOOB() *engine.OrderOfBattle {
	on := func(id, name string, side engine.Side, kind, command string, mp int, h engine.Hex, marks ...string) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Command: command, Manpower: mp, OnMap: true, Hex: h, Marks: marks}
	}
	off := func(id, name string, side engine.Side, kind, command string, mp int, track string, slot int, marks ...string) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Command: command, Manpower: mp, Track: track, Slot: slot, Marks: marks}
	}
	return &engine.OrderOfBattle{Units: []engine.UnitSetup{
		on("csa.lee", "Lee", engine.CSA, "leader", "ANV", 0, tsVA),
		on("csa.hood", "Hood", engine.CSA, "infantry", "1", 16, tsVA),
		on("csa.hampton", "Hampton", engine.CSA, "cavalry", "Cav", 4, tsVA),
		off("csa.pickett", "Pickett", engine.CSA, "infantry", "1", 12, "reinforcement", 2),
		off("csa.pettigrew", "Pettigrew", engine.CSA, "infantry", "3", 4, "reinforcement", 3),
		off("csa.corse", "Corse", engine.CSA, "infantry", "Rich", 4, "richmond-garrison", 1),
		// Baltimore / DC (000 3.2 groups 1-8).
		on("usa.copeland", "Copeland", engine.USA, "cavalry", "DC", 2, tsFairfax, "release-group-1"),
		on("usa.2-ma", "2 MA", engine.USA, "cavalry", "DC", 1, tsDC, "release-group-1"),
		on("usa.1-ct", "1 CT", engine.USA, "cavalry", "Balt", 1, tsBalt, "release-group-2"),
		on("usa.crawford", "Crawford", engine.USA, "infantry", "DC", 6, tsFairfax, "release-group-2"),
		on("usa.briggs", "Briggs", engine.USA, "infantry", "Balt", 5, tsBalt, "release-group-3"),
		on("usa.hays-dc", "Hays", engine.USA, "infantry", "DC", 4, tsDC, "release-group-4"),
		off("usa.spinola", "Spinola", engine.USA, "infantry", "DC", 4, "reinforcement", 1, "release-group-4"),
		on("usa.39-ma", "39 MA", engine.USA, "infantry", "DC", 1, tsDC, "release-group-5"),
		off("usa.lockwood", "Lockwood", engine.USA, "infantry", "XII", 3, "reinforcement", 1, "release-group-5"),
		on("usa.wells", "Wells", engine.USA, "infantry", "DC", 4, tsDC, "release-group-6"),
		on("usa.stannard", "Stannard", engine.USA, "infantry", "DC", 4, tsDC, "release-group-6"),
		on("usa.sickel", "Sickel", engine.USA, "infantry", "DC", 3, tsDC, "release-group-7"),
		on("usa.fessenden", "Fessenden", engine.USA, "infantry", "DC", 2, tsDC, "release-group-8"),
		on("usa.casey", "Casey", engine.USA, "infantry", "DC", 1, tsDC, "dc-only"),
		off("usa.willard", "Willard", engine.USA, "infantry", "DC", 0, "meade-replacement", 1, "release-group-4"),
		// West Virginia boxes and PA militia.
		off("usa.mulligan", "Mulligan", engine.USA, "infantry", "WV", 3, "wv", 1),
		off("usa.campbell", "Campbell", engine.USA, "infantry", "WV", 3, "wv", 2),
		off("usa.wilkinson", "Wilkinson", engine.USA, "infantry", "WV", 2, "wv", 3),
		off("usa.brisbane", "Brisbane", engine.USA, "militia", "PA", 5, "pa-militia", 1),
		off("usa.j-smith", "J. Smith", engine.USA, "militia", "PA", 5, "pa-militia", 2),
		on("usa.yates", "Yates", engine.USA, "militia", "PA", 3, tsPA),
		on("usa.wright", "Wright", engine.USA, "infantry", "VI", 9, at(60, 20)),
	}}
}

func tsData() *engine.MoveData { return &engine.MoveData{Theatre: tsTheatre(), OOB: tsOOB()} }

// The reinforcement tables as scenarios/rules/lrtg-p1-reinforcements.yaml
// has them (the engine's tests do not read the data; the bot's tests roll
// the shipped copies).
func tsLibrary() *engine.Library {
	d6 := engine.DiceExpr{Terms: []engine.Term{{Sign: 1, Count: 1, Sides: 6}}}
	is := func(f string) engine.Condition { return engine.Condition{Fact: f, Op: "true"} }
	yesNo := func(n string) engine.FactSpec { return engine.FactSpec{Name: n, Kind: engine.FactBool} }
	redirects := []engine.Redirect{
		{From: "release", When: is("halleck_this_turn"), To: "cancelled", Reason: "Halleck interfered this turn and the Balt/DC release is cancelled"},
		{From: "release", When: is("csa_infantry_threatens_dc"), To: "release-dc-held", Reason: "Confederate infantry is in DC, Alexandria, Fairfax, Montgomery or Prince George's County"},
	}
	baltDC := &engine.Table{ID: TableBaltDCRelease, Title: "Baltimore / DC release", Dice: d6,
		Facts:   []engine.FactSpec{yesNo("halleck_this_turn"), yesNo("csa_infantry_threatens_dc")},
		Entries: []engine.Entry{{Min: 1, Max: 3, Outcome: "release", Redirects: redirects}, {Min: 4, Max: math.MaxInt, Outcome: "no-release"}},
		Outcomes: []engine.Outcome{{ID: "release", Name: "Next group released"}, {ID: "release-dc-held", Name: "Next group released, DC units held back"},
			{ID: "cancelled", Name: "Release cancelled (Halleck)"}, {ID: "no-release", Name: "No release"}}}
	wv := &engine.Table{ID: TableWVArrival, Title: "West Virginia reinforcements", Dice: d6,
		Facts:     []engine.FactSpec{yesNo("csa_infantry_north_of_potomac")},
		Modifiers: []engine.Modifier{{Value: -1, When: &engine.Condition{Fact: "csa_infantry_north_of_potomac", Op: "true"}, Reason: "Confederate infantry is north of the Potomac"}},
		Entries:   []engine.Entry{{Min: math.MinInt, Max: 1, Outcome: "arrives"}, {Min: 2, Max: math.MaxInt, Outcome: "none"}},
		Outcomes:  []engine.Outcome{{ID: "arrives", Name: "Next West Virginia unit arrives"}, {ID: "none", Name: "No West Virginia reinforcement"}}}
	pa := &engine.Table{ID: TablePAMilitia, Title: "Pennsylvania militia reinforcements", Dice: d6,
		Facts: []engine.FactSpec{yesNo("csa_unit_in_pennsylvania"), yesNo("csa_infantry_north_of_potomac"), yesNo("lee_in_pennsylvania"), yesNo("camp_curtin_csa_occupied")},
		Modifiers: []engine.Modifier{
			{Value: -1, When: &engine.Condition{Fact: "csa_unit_in_pennsylvania", Op: "true"}, Reason: "a Confederate unit is in Pennsylvania"},
			{Value: -1, When: &engine.Condition{Fact: "csa_infantry_north_of_potomac", Op: "true"}, Reason: "Confederate infantry is across the Potomac"},
			{Value: -1, When: &engine.Condition{Fact: "lee_in_pennsylvania", Op: "true"}, Reason: "Lee is in Pennsylvania"},
		},
		Entries: []engine.Entry{{Min: math.MinInt, Max: 1, Outcome: "arrives", Redirects: []engine.Redirect{{From: "arrives", When: is("camp_curtin_csa_occupied"), To: "arrives-held", Reason: "Camp Curtin is occupied by the Confederates"}}},
			{Min: 2, Max: math.MaxInt, Outcome: "none"}},
		Outcomes: []engine.Outcome{{ID: "arrives", Name: "Next militia unit arrives"}, {ID: "arrives-held", Name: "Next militia unit arrives, placement held"}, {ID: "none", Name: "No militia reinforcement"}}}
	vick, draft := vpTestTable("vicksburg"), vpTestTable("draft")
	return &engine.Library{Tables: []*engine.Table{baltDC, wv, pa, vick, draft}}
}

func tsCtx() engine.StepContext { return engine.StepContext{Move: tsData(), Library: tsLibrary()} }

func tsGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	return apply(t, g, engine.StartGame{By: ump, OOB: tsOOB()}, engine.Script())
}

// tsAt puts units at a hex (a constructed position).
func tsAt(g Game, h engine.Hex, ids ...string) Game {
	g.Units = engine.CopyUnits(g.Units)
	for _, id := range ids {
		g.EditUnit(id, func(u *engine.UnitState) { u.OnMap, u.Hex, u.Track, u.Slot = true, h, "", 0 })
	}
	return g
}

// tsRun runs a step's procedure and folds its events.
func tsRun(t *testing.T, g Game, step string, d engine.Dice) (Game, []engine.Event) {
	t.Helper()
	g.Sequence = engine.SequenceState{Step: step, Turn: g.Turn}
	evs, err := g.stepProcedureOf(step)(g, d, tsCtx())
	if err != nil {
		t.Fatalf("step %s: %v", step, err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g, evs
}

// tsRolled returns the step's Union roll of a track.
func tsRolled(t *testing.T, evs []engine.Event, track string) *UnionRolled {
	t.Helper()
	for _, e := range evs {
		if r, ok := e.(*UnionRolled); ok && r.Track == track {
			return r
		}
	}
	t.Fatalf("no %s roll in %v", track, evs)
	return nil
}

func tsMove(by engine.Actor, to engine.Hex, units ...string) engine.MoveUnits {
	return engine.MoveUnits{By: by, Units: units, To: to, Ref: "test", Data: tsData()}
}

func ssHex(col, row int) engine.Hex { return tsSSSheet.Global(col, row) }

func TestConfederateReinforcementsArriveOnTheirTurn(t *testing.T) {
	g := tsGame(t, opts())
	// Turn 1: nobody is due; Pickett may not enter before turn 2 (3.1).
	g1, evs := tsRun(t, g, "1a", engine.Script())
	if len(evs) != 0 {
		t.Fatalf("turn 1 arrivals: %v", evs)
	}
	wantRule(t, g1, tsMove(lee, ssHex(10, 33), "csa.pickett"), "move.not-arrived", "LRTG 3.1", "Pickett arrives on turn 2 (June 6-8, 1863); this is turn 1")
	// Turn 2: Pickett (slot 2) arrives, not Pettigrew (3) nor the Richmond
	// Garrison (a random event's).
	g.Turn = 2
	g2, evs := tsRun(t, g, "1a", engine.Script())
	if len(evs) != 1 {
		t.Fatalf("turn 2: %v", evs)
	}
	a := evs[0].(*ReinforcementsArrived)
	if a.Side != engine.CSA || strings.Join(a.Units, ",") != "csa.pickett" || a.Cause != ArrivalSchedule || a.Rule != "LRTG 3.1" {
		t.Fatalf("turn 2 arrival: %+v", a)
	}
	if w := g2.WaitingToEnter(engine.CSA); len(w) != 1 || w[0] != "csa.pickett" {
		t.Fatalf("waiting: %v", w)
	}
	// Entry: the SJW South edge (row 33), columns 20 or lower.
	for _, bad := range []engine.Hex{ssHex(21, 33), ssHex(10, 32), tsVA} {
		wantRule(t, g2, tsMove(lee, bad, "csa.pickett"), "move.entry", "LRTG 3.1", "south edge of the SJW South map")
	}
	for _, ok := range []engine.Hex{ssHex(1, 33), ssHex(10, 33), ssHex(20, 33)} {
		wantMove(t, g2, tsMove(lee, ok, "csa.pickett"))
	}
	// The umpire sets the rule aside with a reason.
	if _, err := g2.Decide(engine.MoveUnits{By: ump, Units: []string{"csa.pickett"}, To: tsVA, Ref: "x", Data: tsData(), Reason: "late entry by rail"}, engine.Script()); err != nil {
		t.Fatalf("umpire override: %v", err)
	}
	// Placed, he is no longer waiting; a second 1a does not receive him again.
	placed, _ := wantMove(t, g2, tsMove(lee, ssHex(5, 33), "csa.pickett"))
	if w := placed.WaitingToEnter(engine.CSA); len(w) != 0 {
		t.Fatalf("still waiting: %v", w)
	}
	if _, evs := tsRun(t, placed, "1a", engine.Script()); len(evs) != 0 {
		t.Fatalf("second 1a of turn 2: %v", evs)
	}
	// Delayed (3.0): not placed on turn 2, Pickett may enter on turn 3,
	// when Pettigrew arrives.
	g2.Turn = 3
	g3, evs := tsRun(t, g2, "1a", engine.Script())
	if len(evs) != 1 || strings.Join(evs[0].(*ReinforcementsArrived).Units, ",") != "csa.pettigrew" {
		t.Fatalf("turn 3: %v", evs)
	}
	wantMove(t, g3, tsMove(lee, ssHex(3, 33), "csa.pickett", "csa.pettigrew"))
	// A turn played without the sequence: Pickett may enter from turn 2 all
	// the same, and a later 1a receives him.
	late := tsGame(t, opts())
	late.Turn = 3
	wantMove(t, late, tsMove(lee, ssHex(3, 33), "csa.pickett"))
	if _, evs := tsRun(t, late, "1a", engine.Script()); len(evs) != 1 || len(evs[0].(*ReinforcementsArrived).Units) != 2 {
		t.Fatalf("catching up: %v", evs)
	}
}

func TestBaltDCRollsBeginWithMarylandOrMeade(t *testing.T) {
	g := tsGame(t, opts())
	g.Turn = 4
	// No Confederate infantry in Maryland, no Meade: no roll, no die.
	g4, evs := tsRun(t, g, "1b", engine.Script(6, 6)) // WV rolls; PA has not begun
	r := tsRolled(t, evs, TrackBaltDC)
	if r.Rolled || r.NoRoll != NoRollBaltDCNotBegun || g4.TurnStart.BaltDCFrom != 0 {
		t.Fatalf("before the trigger: %+v", r)
	}
	if pa := tsRolled(t, evs, TrackPAMilitia); pa.Rolled || pa.NoRoll != NoRollPANotBegun {
		t.Fatalf("PA before the crossing: %+v", pa)
	}
	// Cavalry in Maryland begins the PA rolls, not the Balt/DC ones.
	cav := tsAt(g, tsMD, "csa.hampton")
	_, evs = tsRun(t, cav, "1b", engine.Script(6, 6))
	if r := tsRolled(t, evs, TrackBaltDC); r.Rolled {
		t.Fatalf("cavalry began the Balt/DC rolls: %+v", r)
	}
	// Infantry in Maryland: a 3 releases group 1 (1-3).
	md := tsAt(g, tsMD, "csa.hood")
	after, evs := tsRun(t, md, "1b", engine.Script(3, 6, 6))
	r = tsRolled(t, evs, TrackBaltDC)
	if !r.Rolled || !r.Success || r.Target != "1-3" || r.Total != 3 || r.Group != "release-group-1" || r.BeganCode != BeganMaryland || r.Began != "" {
		t.Fatalf("group 1: %+v", r)
	}
	if strings.Join(r.Units, ",") != "usa.2-ma,usa.copeland" || !after.Movement.IsReleased("release-group-1") || after.TurnStart.BaltDCFrom != 4 {
		t.Fatalf("released %v, state %+v", r.Units, after.Movement)
	}
	// The roll is the game's, numbered, before its explanation.
	if tr, ok := evs[0].(*engine.TableRolled); !ok || tr.Number != 1 || tr.Table != TableBaltDCRelease || r.Number != 1 {
		t.Fatalf("the roll: %+v", evs[0])
	}
	if _, ok := evs[2].(*UnitsReleased); !ok {
		t.Fatalf("no units.released after the roll: %T", evs[2])
	}
	// Begun, the rolls go on when the infantry has left: a 4 releases nothing.
	after.Turn = 5
	left := tsAt(after, tsVA, "csa.hood")
	l5, evs := tsRun(t, left, "1b", engine.Script(4, 6, 6))
	if r := tsRolled(t, evs, TrackBaltDC); !r.Rolled || r.Success || r.Result != "No release" || l5.Movement.IsReleased("release-group-2") {
		t.Fatalf("turn 5: %+v", r)
	}
	// Meade's command begins them too; the crossing recorded does as well.
	meadeG := apply(t, g, MeadeTakesCommand{By: ump}, engine.Script())
	if _, evs := tsRun(t, meadeG, "1b", engine.Script(5, 6)); tsRolled(t, evs, TrackBaltDC).BeganCode != BeganMeade {
		t.Fatal("Meade did not begin the rolls")
	}
	crossed := g
	crossed.Victory.CrossedTurn = 4
	_, evs = tsRun(t, crossed, "1b", engine.Script(5, 6, 6))
	if r := tsRolled(t, evs, TrackBaltDC); r.BeganCode != BeganCrossed || r.From != 4 {
		t.Fatal("the recorded crossing did not begin the rolls")
	}
}

func TestBaltDCHeldWhileWashingtonIsThreatened(t *testing.T) {
	g := tsGame(t, opts())
	g.Turn = 4
	// Hood in Fairfax threatens Washington; Pettigrew's... Maryland holds
	// the trigger (an infantry unit in Montgomery County is both).
	g = tsAt(g, tsMontgom, "csa.hood")
	d := tsData()
	restricted := func(g Game, id string) bool { r, _ := g.Restricted(g.Units[id], d); return r }

	// Lockwood and Spinola arrive first (Montgomery County), then a 2:
	// group 1 is all DC: held, moved to group 2.
	g, evs := tsRun(t, g, "1b", engine.Script(2, 6, 6))
	if a, ok := evs[0].(*ReinforcementsArrived); !ok || a.Cause != ArrivalThreat || strings.Join(a.Units, ",") != "usa.lockwood,usa.spinola" {
		t.Fatalf("early arrival: %+v", evs[0])
	}
	r := tsRolled(t, evs, TrackBaltDC)
	if r.Outcome != "release-dc-held" || len(r.Redirects) != 1 || len(r.Units) != 0 || strings.Join(r.Held, ",") != "usa.2-ma,usa.copeland" || r.HeldTo != "release-group-2" {
		t.Fatalf("group 1 held: %+v", r)
	}
	if !g.Movement.IsReleased("release-group-1") || !restricted(g, "usa.copeland") || releaseMark(g.Units["usa.copeland"]) != "release-group-2" {
		t.Fatalf("group 1: %+v %v", g.Movement, g.Units["usa.copeland"].Marks)
	}
	// Lockwood enters at Brandywine only.
	wantRule(t, g, tsMove(meade, tsDC, "usa.lockwood"), "move.entry", "LRTG 3.2", "Brandywine")
	wantMove(t, g, tsMove(meade, tsBrandy, "usa.lockwood"))
	// Next turn, still threatened: group 2's Balt cavalry goes, Crawford and
	// the held group 1 wait for group 3. Lockwood and Spinola do not
	// arrive twice.
	g.Turn = 5
	g, evs = tsRun(t, g, "1b", engine.Script(1, 6, 6))
	if _, ok := evs[0].(*ReinforcementsArrived); ok {
		t.Fatal("Lockwood and Spinola arrived twice")
	}
	r = tsRolled(t, evs, TrackBaltDC)
	if strings.Join(r.Units, ",") != "usa.1-ct" || strings.Join(r.Held, ",") != "usa.2-ma,usa.copeland,usa.crawford" || r.HeldTo != "release-group-3" {
		t.Fatalf("group 2 held: %+v", r)
	}
	// The threat lifted: a 3 releases group 3 and everything held.
	g.Turn = 6
	g = tsAt(g, tsMD, "csa.hood")
	g, evs = tsRun(t, g, "1b", engine.Script(3, 6, 6))
	r = tsRolled(t, evs, TrackBaltDC)
	if r.Outcome != "release" || strings.Join(r.Units, ",") != "usa.2-ma,usa.briggs,usa.copeland,usa.crawford" || len(r.Held) != 0 {
		t.Fatalf("group 3: %+v", r)
	}
	for _, id := range []string{"usa.copeland", "usa.crawford", "usa.briggs", "usa.1-ct"} {
		if restricted(g, id) {
			t.Errorf("%s still restricted", id)
		}
	}
	// Once Meade commands, Crawford, Stannard and Lockwood are not held.
	m := apply(t, tsAt(tsGame(t, opts()), tsDC, "csa.hood"), MeadeTakesCommand{By: ump}, engine.Script())
	if h := m.heldBack("release-group-2"); strings.Join(h, ",") != "" {
		t.Errorf("group 2 held under Meade: %v", h)
	}
	if h := m.heldBack("release-group-5"); strings.Join(h, ",") != "usa.39-ma" {
		t.Errorf("group 5 held under Meade: %v", h)
	}
	if h := g.heldBack("release-group-6"); strings.Join(h, ",") != "usa.stannard,usa.wells" {
		t.Errorf("group 6 held under Hooker: %v", h)
	}
}

func TestBaltDCGroupsInOrderToTheEnd(t *testing.T) {
	g := tsGame(t, opts())
	g.Turn = 10
	g = tsAt(g, tsMD, "csa.hood")
	want := map[int]string{
		1: "usa.2-ma,usa.copeland",
		2: "usa.1-ct,usa.crawford",
		3: "usa.briggs",
		4: "usa.hays-dc,usa.spinola", // Willard waits on the Meade track
		5: "usa.39-ma,usa.lockwood",
		6: "usa.stannard,usa.wells",
		7: "usa.sickel",
		8: "usa.fessenden",
	}
	for n := 1; n <= 8; n++ {
		var evs []engine.Event
		g, evs = tsRun(t, g, "1b", engine.Script(1, 6, 6))
		r := tsRolled(t, evs, TrackBaltDC)
		if r.Group != "release-group-"+string(rune('0'+n)) || strings.Join(r.Units, ",") != want[n] {
			t.Fatalf("group %d: %+v", n, r)
		}
		var arrived []string
		for _, e := range evs {
			if a, ok := e.(*ReinforcementsArrived); ok && a.Cause == ArrivalReleased {
				arrived = append(arrived, a.Units...)
			}
		}
		// Spinola (group 4) and Lockwood (group 5) arrive with their group.
		if want := map[int]string{4: "usa.spinola", 5: "usa.lockwood"}[n]; strings.Join(arrived, ",") != want {
			t.Fatalf("group %d arrivals %v, want %q", n, arrived, want)
		}
		g.Turn++
	}
	_, evs := tsRun(t, g, "1b", engine.Script(6, 6))
	if r := tsRolled(t, evs, TrackBaltDC); r.Rolled || r.NoRoll != NoRollBaltDCReleased {
		t.Fatalf("after group 8: %+v", r)
	}
}

func TestWestVirginiaRoll(t *testing.T) {
	g := tsGame(t, opts())
	g.Turn = 4
	// A 2 with no Confederate infantry north of the Potomac: nothing.
	_, evs := tsRun(t, g, "1b", engine.Script(2))
	r := tsRolled(t, evs, TrackWV)
	if !r.Rolled || r.Success || len(r.Modifiers) != 0 || r.Target != "1 or less" {
		t.Fatalf("a 2: %+v", r)
	}
	// The same 2 with Confederate infantry in Pennsylvania: -1, Mulligan.
	north := tsAt(g, tsPA, "csa.hood")
	g2, evs := tsRun(t, north, "1b", engine.Script(2, 6)) // WV 2, PA 6 (Balt/DC: no infantry in Maryland)
	r = tsRolled(t, evs, TrackWV)
	if !r.Success || r.Total != 1 || len(r.Modifiers) != 1 || r.Modifiers[0].Value != -1 || !strings.Contains(r.Modifiers[0].Reason, "north of the Potomac") ||
		strings.Join(r.Units, ",") != "usa.mulligan" {
		t.Fatalf("with the modifier: %+v", r)
	}
	// Mulligan enters at North Mountain Depot; Campbell has not arrived.
	wantRule(t, g2, tsMove(meade, tsMD, "usa.mulligan"), "move.entry", "LRTG 3.2", "North Mountain Depot")
	wantMove(t, g2, tsMove(meade, tsNMD, "usa.mulligan"))
	wantRule(t, g2, tsMove(meade, tsNMD, "usa.campbell"), "move.not-arrived", "LRTG 3.2", "roll of 1")
	// The depot enemy-occupied: the B&O west of it, which the data lacks.
	occ := tsAt(g2, tsNMD, "csa.hampton")
	wantMove(t, occ, tsMove(meade, at(-60, -5), "usa.mulligan"))
	// Next is Campbell, then Wilkinson; then no more rolls.
	g2.Turn = 5
	g3, evs := tsRun(t, g2, "1b", engine.Script(1, 6))
	if r := tsRolled(t, evs, TrackWV); strings.Join(r.Units, ",") != "usa.campbell" {
		t.Fatalf("box 2: %+v", r)
	}
	g3, _ = tsRun(t, g3, "1b", engine.Script(1, 6))
	_, evs = tsRun(t, g3, "1b", engine.Script(6))
	if r := tsRolled(t, evs, TrackWV); r.Rolled || r.NoRoll != NoRollWVArrived {
		t.Fatalf("after box 3: %+v", r)
	}
	// Turn 3 and before: no West Virginia roll (3.2 "beginning on turn 4").
	g.Turn = 3
	if _, evs := tsRun(t, g, "1b", engine.Script()); tsRolled(t, evs, TrackWV).Rolled {
		t.Fatal("WV rolled on turn 3")
	}
}

func TestPAMilitiaModifiers(t *testing.T) {
	g := tsGame(t, opts())
	g.Turn = 6
	mods := func(g Game, d engine.Dice) *UnionRolled {
		t.Helper()
		_, evs := tsRun(t, g, "1b", d)
		return tsRolled(t, evs, TrackPAMilitia)
	}
	// Cavalry in Maryland begins the rolls, with no modifier.
	cav := tsAt(g, tsMD, "csa.hampton")
	r := mods(cav, engine.Script(6, 2))
	if !r.Rolled || r.BeganCode != BeganPAAcross || len(r.Modifiers) != 0 || r.Success {
		t.Fatalf("cavalry in Maryland: %+v", r)
	}
	// Each modifier from a constructed state.
	cases := []struct {
		name string
		g    Game
		d    engine.Dice
		want []string
	}{
		{"cavalry in Pennsylvania", tsAt(g, tsPA, "csa.hampton"), engine.Script(6, 2), []string{"a Confederate unit is in Pennsylvania"}},
		{"infantry in Maryland", tsAt(g, tsMD, "csa.hood"), engine.Script(6, 6, 2), []string{"Confederate infantry is across the Potomac"}},
		{"infantry in Pennsylvania", tsAt(g, tsPA, "csa.hood"), engine.Script(6, 3), []string{"a Confederate unit is in Pennsylvania", "Confederate infantry is across the Potomac"}},
		{"all three", tsAt(tsAt(g, tsPA, "csa.hood"), tsPA, "csa.lee"), engine.Script(6, 4), []string{"a Confederate unit is in Pennsylvania", "Confederate infantry is across the Potomac", "Lee is in Pennsylvania"}},
	}
	for _, c := range cases {
		r := mods(c.g, c.d)
		var got []string
		for _, m := range r.Modifiers {
			if m.Value != -1 {
				t.Errorf("%s: modifier %+v", c.name, m)
			}
			got = append(got, m.Reason)
		}
		if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("%s: modifiers %v, want %v", c.name, got, c.want)
		}
		// Each case's die is 1 + the modifiers: always just a success.
		if !r.Success || r.Total != 1 || strings.Join(r.Units, ",") != "usa.brisbane" {
			t.Errorf("%s: %+v", c.name, r)
		}
	}
	// Lee alone in Pennsylvania (no troops there) begins nothing: a leader
	// is not infantry or cavalry.
	if r := mods(tsAt(g, tsPA, "csa.lee"), engine.Script(6, 6)); r.Rolled {
		t.Errorf("Lee alone began the rolls: %+v", r)
	}
	// Camp Curtin occupied: the militia arrive but wait off the map.
	held := tsAt(g, tsCurtin, "csa.hampton")
	h, evs := tsRun(t, held, "1b", engine.Script(6, 1))
	r = tsRolled(t, evs, TrackPAMilitia)
	if r.Outcome != "arrives-held" || !r.Success || strings.Join(r.Units, ",") != "usa.brisbane" {
		t.Fatalf("held: %+v", r)
	}
	wantRule(t, h, tsMove(meade, tsCurtin, "usa.brisbane"), "move.entry", "LRTG 3.2", "Camp Curtin is occupied by the enemy")
	free := tsAt(h, tsMD, "csa.hampton")
	wantRule(t, free, tsMove(meade, tsPA, "usa.brisbane"), "move.entry", "LRTG 3.2", "Camp Curtin")
	wantMove(t, free, tsMove(meade, tsCurtin, "usa.brisbane"))
	// The rolls go on from the next militia unit.
	free.Turn = 7
	if r := mods(free, engine.Script(6, 1)); strings.Join(r.Units, ",") != "usa.j-smith" {
		t.Fatalf("second militia: %+v", r)
	}
}

// Several rolls in one step are numbered in order with the game's rolls,
// through /phase next.
func TestUnionRollsThroughTheSequence(t *testing.T) {
	g := tsAt(tsGame(t, opts()), tsMD, "csa.hood")
	g = apply(t, g, engine.RollDice{By: lee, Expression: "d6"}, engine.Script(4)) // roll #1
	g.Turn = 4
	g.Sequence = engine.SequenceState{Step: "1a", Turn: 4}
	evs, err := g.Decide(engine.NextStep{By: ump, Sequence: testSequence(), Context: tsCtx()}, engine.Script(5, 1, 6))
	if err != nil {
		t.Fatal(err)
	}
	var numbers []int64
	for _, e := range evs {
		if tr, ok := e.(*engine.TableRolled); ok {
			numbers = append(numbers, tr.Number)
		}
	}
	if b := evs[0].(*engine.StepBegun); b.Step != "1b" || len(numbers) != 3 || numbers[0] != 2 || numbers[2] != 4 {
		t.Fatalf("step 1b: %v %v", evs[0], numbers)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	if g.Rolls != 4 || len(g.TurnStart.Rolls) != 3 || g.Waiting() != nil {
		t.Fatalf("rolls %d, record %d, waiting %v", g.Rolls, len(g.TurnStart.Rolls), g.Waiting())
	}
	// The record survives an encode / decode of its events.
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := testDecode(typ, data)
		if err != nil || back.EventType() != e.EventType() {
			t.Fatalf("%s: %v", typ, err)
		}
	}
	// Without the map and the tables nothing is rolled, and the record says
	// why.
	evs, err = g.stepProcedureOf("1b")(g, engine.Script(), engine.StepContext{})
	if err != nil || len(evs) != 3 || evs[0].(*UnionRolled).Rolled || evs[0].(*UnionRolled).NoRoll != NoRollNoMap {
		t.Errorf("1b without the map: %v %v", evs, err)
	}
}

func TestVicksburgFromJune30(t *testing.T) {
	g := tsGame(t, opts())
	g.Turn = 21 // June 29
	if _, evs := tsRun(t, g, "1c", engine.Script()); len(evs) != 0 {
		t.Fatalf("June 29: %v", evs)
	}
	g.Turn = 22 // June 30: a 2 holds
	g, evs := tsRun(t, g, "1c", engine.Script(2))
	if len(evs) != 2 || evs[1].(*VPRolled).Event != VPVicksburg || g.Victory.VicksburgFell || len(g.Victory.VicksburgRolls) != 1 {
		t.Fatalf("June 30: %v", evs)
	}
	if _, evs := tsRun(t, g, "1c", engine.Script()); len(evs) != 0 {
		t.Fatalf("rolled twice on turn 22: %v", evs)
	}
	g.Turn = 23 // July 1: a 1, -15 VP
	g, evs = tsRun(t, g, "1c", engine.Script(1))
	if v := evs[1].(*VPRolled); v.VP != -15 || !g.Victory.VicksburgFell {
		t.Fatalf("July 1: %+v", v)
	}
	if _, total := g.VPTotals(); total != -15 {
		t.Fatalf("VP %d", total)
	}
	g.Turn = 24 // fallen: no more rolls
	if _, evs := tsRun(t, g, "1c", engine.Script()); len(evs) != 0 {
		t.Fatalf("after the fall: %v", evs)
	}
}

func TestDraftRiotsWaitForTheUnion(t *testing.T) {
	o := opts()
	o.Scenario = "lrtg-gettysburg-campaign"
	g := tsGame(t, o)
	july14, ok := g.TurnOn(time.Date(1863, time.July, 14, 0, 0, 0, 0, time.UTC))
	if !ok {
		t.Fatal("no July 14 turn")
	}
	g.Turn = july14 - 1
	g.Sequence = engine.SequenceState{Step: "1c", Turn: g.Turn}
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("July 13 waits: %v", w)
	}
	g.Turn = july14
	g.Victory.VicksburgFell = true // no Vicksburg roll to script
	g, evs := tsRun(t, g, "1c", engine.Script())
	if len(evs) != 0 {
		t.Fatalf("1c rolled the riots by itself: %v", evs)
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "/draftriots") {
		t.Fatalf("July 14 waits for %v", w)
	}
	riots := func(by engine.Actor, rs ...Removal) QuellDraftRiots {
		return QuellDraftRiots{By: by, Removals: rs, Table: vpTestTable("draft"), Data: tsData()}
	}
	for _, c := range []struct {
		cmd  QuellDraftRiots
		code string
	}{
		{riots(lee), "draftriots.side"},
		{riots(meade, Removal{"usa.yates", 1}), "draftriots.unit"},       // PA militia
		{riots(meade, Removal{"usa.crawford", 1}), "draftriots.unit"},    // DC, unreleased
		{riots(meade, Removal{"usa.casey", 1}), "draftriots.unit"},       // DC Only
		{riots(meade, Removal{"usa.brisbane", 1}), "draftriots.unit"},    // off the map
		{riots(meade, Removal{"usa.wright", 10}), "draftriots.manpower"}, // has 9
		{riots(meade, Removal{"usa.wright", 1}, Removal{"usa.wright", 1}), "draftriots.twice"},
	} {
		var re *engine.RuleError
		if _, err := g.Decide(c.cmd, engine.Script(6, 6, 6)); !errors.As(err, &re) || re.Code != c.code {
			t.Errorf("%+v: %v, want %s", c.cmd.Removals, err, c.code)
		}
	}
	// Released, Crawford may go.
	rel := apply(t, g, ReleaseUnits{By: ump, Group: "2"}, engine.Script())
	if err := rel.checkRiotUnit(rel.Units["usa.crawford"], 2, tsData()); err != nil {
		t.Errorf("released Crawford: %v", err)
	}
	// Wright sends 2 of his 9: 6+5+4 = 15, -2 = 13 VP; no rail this turn.
	evs, err := g.Decide(riots(meade, Removal{"usa.wright", 2}), engine.Script(6, 5, 4))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	set, sent, roll := evs[0].(*engine.UnitSet), evs[1].(*DraftRiotsManpower), evs[3].(*VPRolled)
	if set.From != 9 || set.To != 7 || sent.Removed != 2 || roll.VP != 13 || roll.Removed != 2 || g.Units["usa.wright"].Manpower != 7 {
		t.Fatalf("riots: %+v %+v %+v", set, sent, roll)
	}
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("still waiting: %v", w)
	}
	rail := engine.MoveUnits{By: meade, Units: []string{"usa.wright"}, To: at(10, 30), Mode: "rail"}
	if errs := g.checkReinforcements(rail); len(errs) != 1 || errs[0].Code != "move.draft-riots" {
		t.Fatalf("rail after the riots: %v", errs)
	}
	g.Turn++
	if errs := g.checkReinforcements(rail); len(errs) != 0 {
		t.Fatalf("rail the next turn: %v", errs)
	}
	// Rolled once: again is refused (vp.go).
	if _, err := g.Decide(riots(meade), engine.Script(1, 1, 1)); err == nil {
		t.Error("rolled the riots twice")
	}
	// No manpower: the roll alone, floor 3.
	g2 := tsGame(t, o)
	g2.Turn = july14
	evs, err = g2.Decide(riots(meade), engine.Script(1, 1, 2))
	if err != nil || len(evs) != 2 || evs[1].(*VPRolled).VP != 4 {
		t.Fatalf("no manpower: %v %v", evs, err)
	}
	// Outside step 1c of a game on the sequence: refused for the player.
	g2.Sequence = engine.SequenceState{Step: "4a", Turn: july14}
	if _, err := g2.Decide(riots(meade), engine.Script(1, 1, 2)); err == nil || !strings.Contains(err.Error(), "step 1c") {
		t.Errorf("riots in 4a: %v", err)
	}
}

// Crawford and Stannard join their Army of the Potomac corps when their
// groups are released (000 3.2 groups 2 and 6: "immediately becomes part
// of the Union V / I Corps"), not only when Meade takes command; a unit
// held back by the threat to Washington keeps its DC designation until
// it is released.
func TestReleasedDCUnitsJoinTheirCorps(t *testing.T) {
	g := tsGame(t, opts())
	g.Turn = 8
	g = tsAt(g, tsMD, "csa.hood")
	d := tsData()
	restricted := func(g Game, id string) bool { r, _ := g.Restricted(g.Units[id], d); return r }
	joins := map[int]map[string]string{2: {"usa.crawford": "V"}, 6: {"usa.stannard": "I"}}
	for n := 1; n <= 6; n++ {
		var evs []engine.Event
		g, evs = tsRun(t, g, "1b", engine.Script(1, 6, 6))
		r := tsRolled(t, evs, TrackBaltDC)
		if len(r.Joins) != len(joins[n]) {
			t.Fatalf("group %d joins %v, want %v", n, r.Joins, joins[n])
		}
		for id, corps := range joins[n] {
			if r.Joins[id] != corps || g.Units[id].Command != corps {
				t.Fatalf("group %d: %s joins %q, command %q; want %s", n, id, r.Joins[id], g.Units[id].Command, corps)
			}
			if restricted(g, id) {
				t.Errorf("%s is still restricted", id)
			}
		}
		g.Turn++
	}
	if g.Units["usa.wells"].Command != "DC" {
		t.Errorf("Wells left the DC: %s", g.Units["usa.wells"].Command)
	}
	// Held back: group 1 goes on turn 8; Confederate infantry is in
	// Montgomery County (a threat to Washington) when group 2 is rolled.
	h := tsAt(tsGame(t, opts()), tsMD, "csa.hood")
	h.Turn = 8
	h, _ = tsRun(t, h, "1b", engine.Script(1, 6, 6))
	h = tsAt(h, tsMontgom, "csa.hood")
	h.Turn++
	h, evs := tsRun(t, h, "1b", engine.Script(1, 6, 6))
	if r := tsRolled(t, evs, TrackBaltDC); r.Group != "release-group-2" || len(r.Joins) != 0 || !engine.Contains(r.Held, "usa.crawford") || h.Units["usa.crawford"].Command != "DC" {
		t.Fatalf("group 2 with Crawford held back: %+v, command %s", r, h.Units["usa.crawford"].Command)
	}
	// His release with the next group rolled while Washington is free.
	h = tsAt(h, tsMD, "csa.hood")
	h.Turn++
	h, evs = tsRun(t, h, "1b", engine.Script(1, 6, 6))
	if r := tsRolled(t, evs, TrackBaltDC); r.Joins["usa.crawford"] != "V" || h.Units["usa.crawford"].Command != "V" {
		t.Fatalf("Crawford released late: %+v, command %s", r, h.Units["usa.crawford"].Command)
	}
}

// R.E. Lee sets up "with any CSA corps commander" (000 VIII 3)): the first
// reinforcement phase lists him to place, once; he is placed with /move
// in a corps commander's hex.
func TestLeeSetUpIsAnnounced(t *testing.T) {
	oob := tsOOB()
	for i := range oob.Units {
		if oob.Units[i].ID == "csa.lee" {
			oob.Units[i].OnMap, oob.Units[i].Hex, oob.Units[i].Track, oob.Units[i].Slot = false, engine.Hex{}, TrackWithCorpsCommander, 1
		}
	}
	oob.Units = append(oob.Units, engine.UnitSetup{ID: "csa.longstreet", Name: "Longstreet", Side: engine.CSA, Kind: "leader", Size: "corps", Command: "1", OnMap: true, Hex: tsVA})
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	g = apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
	g1, evs := tsRun(t, g, "1a", engine.Script())
	if len(evs) != 1 {
		t.Fatalf("turn 1: %v", evs)
	}
	a := evs[0].(*ReinforcementsArrived)
	if a.Cause != ArrivalSetUp || strings.Join(a.Units, ",") != "csa.lee" || a.Side != engine.CSA {
		t.Fatalf("Lee's set-up: %+v", a)
	}
	if w := g1.WaitingToEnter(engine.CSA); strings.Join(w, ",") != "csa.lee" {
		t.Fatalf("waiting: %v", w)
	}
	if e, ok := g1.EntryOf(g1.Units["csa.lee"], tsTheatre()); !ok || !strings.Contains(e.Where, "corps commander") {
		t.Fatalf("Lee's entry: %+v %v", e, ok)
	}
	data := &engine.MoveData{Theatre: tsTheatre(), OOB: oob}
	wantRule(t, g1, engine.MoveUnits{By: lee, Units: []string{"csa.lee"}, To: tsMD, Ref: "test", Data: data}, "move.with_corps_commander", "000 VIII set-up", "Longstreet")
	placed, _ := wantMove(t, g1, engine.MoveUnits{By: lee, Units: []string{"csa.lee"}, To: tsVA, Ref: "test", Data: data})
	if w := placed.WaitingToEnter(engine.CSA); len(w) != 0 {
		t.Fatalf("still waiting: %v", w)
	}
	// Once said, not again; and a placed Lee is not announced.
	g1.Turn = 2
	if _, evs := tsRun(t, g1, "1a", engine.Script()); len(evs) != 1 || evs[0].(*ReinforcementsArrived).Cause != ArrivalSchedule {
		t.Fatalf("turn 2: %v", evs)
	}
	if _, evs := tsRun(t, tsGame(t, opts()), "1a", engine.Script()); len(evs) != 0 {
		t.Fatalf("Lee on the map: %v", evs)
	}
}
