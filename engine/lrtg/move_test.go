package lrtg

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The movement tests play on a small invented theatre, laid out in rows
// (at(x, y): column x, even, and row y; hexes of one row are |dx| apart):
//
//	rows <= -20     Pennsylvania
//	rows -19..-1    Maryland (north of the Potomac); columns 40-58 Montgomery,
//	                60-80 the District
//	rows >= 0       Virginia (south of the Potomac); rows 0-5 columns 60-80
//	                Alexandria County, rows 0-10 columns 40-58 Fairfax,
//	                10-38 Loudoun
//	Shenandoah      a line from Front Royal at(-20, 20) to Harpers Ferry at(0, 1)
//	railroads       main: S1 at(10,30), S2 (20), S3 (30), S4 (44), S5 (60);
//	                loop: S1, L1 at(20,40), S3 (S1-L1 15, L1-S3 15)

func at(x, y int) engine.Hex { return engine.Hex{Q: x, R: y - x/2} }

// box is a rectangle of whole hexes: columns xlo-xhi, rows ylo-yhi.
func box(xlo, ylo, xhi, yhi int) []engine.Point {
	x0, x1 := 1.5*(float64(xlo)-0.5), 1.5*(float64(xhi)+0.5)
	y0, y1 := math.Sqrt(3)*(float64(ylo)-0.25), math.Sqrt(3)*(float64(yhi)+0.25)
	return []engine.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
}

func testTheatre() *engine.Theatre {
	reg := func(id string, rings ...[]engine.Point) engine.Region {
		return engine.Region{ID: id, Name: id, Rings: rings}
	}
	return &engine.Theatre{
		ID: "test",
		Regions: []engine.Region{
			reg("north-of-potomac", box(-200, -200, 200, -1)),
			reg("south-of-potomac", box(-200, 0, 200, 200)),
			reg("pa", box(-200, -200, 200, -20)),
			reg("md.montgomery", box(40, -10, 58, -1)),
			reg("dc", box(60, -10, 80, -1)),
			reg("va.alexandria", box(60, 0, 80, 5)),
			reg("dc-defense-area", box(60, -10, 80, 5)),
			reg("va.fairfax", box(40, 0, 58, 10)),
			reg("va.loudoun", box(10, 0, 38, 10)),
		},
		Places: []engine.Place{{Name: "Harpers Ferry", Hex: at(0, 1)}},
		Lines: []engine.Line{
			{ID: "shenandoah", Kind: "river", Hexes: []engine.Hex{at(-20, 20), at(0, 1)}},
			{ID: "main", Kind: "railroad", Stops: []string{"S1", "S2", "S3", "S4", "S5"}, Hexes: []engine.Hex{at(10, 30), at(20, 30), at(30, 30), at(44, 30), at(60, 30)}},
			{ID: "loop", Kind: "railroad", Stops: []string{"S1", "L1", "S3"}, Hexes: []engine.Hex{at(10, 30), at(20, 40), at(30, 30)}},
		},
	}
}

// The 17.1 charts as scenarios/rules/lrtg-p2-movement.yaml has them (the
// shipped copy is checked against 000 / 003 in scenarios/lrtg_p2_test.go).
func testStrategicCharts() (*engine.Chart, *engine.Chart) {
	allow := &engine.Chart{ID: "lrtg.strategic-movement", Rows: [][]string{
		{"Confederate", "2", "11", "9", "16", "12"},
		{"Confederate", "3", "16", "13", "24", "18"},
		{"Confederate", "4", "22", "18", "32", "24"},
		{"Union", "2", "9", "7", "14", "10"},
		{"Union", "3", "13", "10", "21", "15"},
		{"Union", "4", "18", "14", "28", "20"},
	}}
	dis := &engine.Chart{ID: "lrtg.strategic-movement-disorganization", Rows: [][]string{
		{"Unexhausted", "No roll", "0", "+2"},
		{"Exhausted", "0", "+2", "+4"},
	}}
	return allow, dis
}

func moveOOB() *engine.OrderOfBattle {
	u := func(id, name string, side engine.Side, kind, size, command string, mp int, h engine.Hex, marks ...string) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Size: size, Command: command, Manpower: mp, OnMap: true, Hex: h, Marks: marks}
	}
	return &engine.OrderOfBattle{Units: []engine.UnitSetup{
		u("csa.hood", "Hood", engine.CSA, "infantry", "division", "1", 15, at(150, 150)),
		u("csa.hampton", "Hampton", engine.CSA, "cavalry", "brigade", "Cav", 4, at(150, 160)),
		u("csa.lee", "R. E. Lee", engine.CSA, "leader", "army", "ANV", 0, at(150, 150)),
		// 12.1: HF, WV, Balt.
		u("usa.kenly", "Kenly", engine.USA, "infantry", "brigade", "HF", 5, at(0, 1)),
		u("usa.morris", "Morris", engine.USA, "infantry", "brigade", "HF", 6, at(0, -1)),
		u("usa.pierce", "Pierce", engine.USA, "infantry", "brigade", "WV", 4, at(-10, 8)),
		u("usa.briggs", "Briggs", engine.USA, "infantry", "brigade", "Balt", 5, at(30, -5), "release-group-3"),
		u("usa.schenck", "Schenck", engine.USA, "leader", "corps", "VIII", 0, at(30, -5)),
		// 12.2: DC.
		u("usa.wells", "Wells", engine.USA, "infantry", "brigade", "DC", 4, at(70, -5), "release-group-6"),
		u("usa.crawford", "Crawford", engine.USA, "infantry", "division", "DC", 6, at(50, 5), "release-group-2"),
		u("usa.casey", "Casey", engine.USA, "infantry", "brigade", "DC", 1, at(70, -5), "dc-only"),
		u("usa.jewett", "Jewett", engine.USA, "infantry", "brigade", "DC", 1, at(50, -5), "dc-only"),
		u("usa.heintzelman", "Heintzelman", engine.USA, "leader", "corps", "DC", 0, at(70, -5)),
		// 12.3: PA militia.
		u("usa.yates", "Yates", engine.USA, "militia", "brigade", "PA", 3, at(0, -30)),
		// Rail: the Army of the Potomac at S1.
		u("usa.wright", "Wright", engine.USA, "infantry", "division", "VI", 9, at(10, 30)),
		u("usa.b1", "Shaler", engine.USA, "infantry", "brigade", "VI", 3, at(10, 30)),
		u("usa.b2", "Eustis", engine.USA, "infantry", "brigade", "VI", 3, at(10, 30)),
		u("usa.b3", "Neill", engine.USA, "infantry", "regiment", "VI", 1, at(10, 30)),
		u("usa.haupt", "Haupt", engine.USA, "infantry", "", "RR", 1, at(10, 30)),
		u("usa.buford", "Buford", engine.USA, "cavalry", "division", "Cav", 4, at(10, 30)),
		u("usa.sedgwick", "Sedgwick", engine.USA, "leader", "corps", "VI", 0, at(10, 30)),
	}}
}

func moveData() *engine.MoveData {
	allow, dis := testStrategicCharts()
	return &engine.MoveData{Theatre: testTheatre(), OOB: moveOOB(), Strategic: allow, StrategicDisorganization: dis}
}

func moveGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	return apply(t, g, engine.StartGame{By: ump, OOB: moveOOB()}, engine.Script())
}

// edit changes a unit of a test state (on a copy of the units).
func edit(g Game, id string, f func(*engine.UnitState)) Game {
	g.Units = engine.CopyUnits(g.Units)
	g.EditUnit(id, f)
	return g
}

func move(by engine.Actor, to engine.Hex, units ...string) engine.MoveUnits {
	return engine.MoveUnits{By: by, Units: units, To: to, Ref: "test", Data: moveData()}
}

func wantRule(t *testing.T, g Game, cmd engine.MoveUnits, code, section string, says ...string) *engine.RuleError {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || !errors.Is(err, engine.ErrIllegal) || re.Code != code || !strings.Contains(re.Rule+re.What, section) {
		t.Fatalf("%v to %v (%s): got %v, want %s (%s)", cmd.Units, cmd.To, cmd.Mode, err, code, section)
	}
	for _, s := range says {
		if !strings.Contains(re.Error(), s) {
			t.Errorf("%v: %q does not say %q", cmd.Units, re.Error(), s)
		}
	}
	return re
}

func wantMove(t *testing.T, g Game, cmd engine.MoveUnits) (Game, *engine.UnitsMoved) {
	t.Helper()
	evs, err := g.Decide(cmd, engine.Script())
	if err != nil {
		t.Fatalf("%v to %v (%s): %v", cmd.Units, cmd.To, cmd.Mode, err)
	}
	return g.Apply(evs[0]), evs[0].(*engine.UnitsMoved)
}

func TestReleaseAndMeadeCommands(t *testing.T) {
	g := moveGame(t, opts())
	if _, err := g.Decide(ReleaseUnits{By: meade, Group: "HF"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a player released HF: %v", err)
	}
	for _, bad := range []string{"", "9", "VI", "group 0"} {
		if _, err := g.Decide(ReleaseUnits{By: ump, Group: bad}, engine.Script()); !errors.Is(err, engine.ErrInvalid) {
			t.Errorf("group %q: %v", bad, err)
		}
	}
	for in, want := range map[string]string{"hf": "HF", "3": "release-group-3", "group 8": "release-group-8", "Release-Group-2": "release-group-2", "balt": "Balt"} {
		if got, ok := ParseReleaseGroup(in); !ok || got != want {
			t.Errorf("ParseReleaseGroup(%q) = %q, %v", in, got, ok)
		}
	}
	g = apply(t, g, ReleaseUnits{By: ump, Group: "3", Reason: "rolled 2"}, engine.Script())
	if !g.Movement.IsReleased("release-group-3") || g.Movement.IsReleased("HF") {
		t.Fatalf("released = %v", g.Movement.Released)
	}
	if _, err := g.Decide(ReleaseUnits{By: ump, Group: "group 3"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("released twice: %v", err)
	}
	// The umpire may undo a release.
	undone := apply(t, g, engine.UndoLast{By: ump, Reason: "wrong group"}, engine.Script())
	if undone.Movement.IsReleased("release-group-3") {
		t.Error("undo left group 3 released")
	}
	if _, err := g.Decide(MeadeTakesCommand{By: meade}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a player put Meade in command: %v", err)
	}
	g = apply(t, g, MeadeTakesCommand{By: ump, Reason: "third Hooker Questioned"}, engine.Script())
	if !g.Movement.Meade || !g.Movement.IsReleased("HF") || !g.Movement.IsReleased("WV") || g.Movement.IsReleased("Balt") {
		t.Fatalf("after Meade: %+v", g.Movement)
	}
	if _, err := g.Decide(MeadeTakesCommand{By: ump}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("Meade took command twice: %v", err)
	}
	re := wantRuleErr(t, g, ReleaseUnits{By: ump, Group: "WV"})
	if !strings.Contains(re.What, "Meade") {
		t.Errorf("WV after Meade: %s", re.What)
	}
}

func wantRuleErr(t *testing.T, g Game, cmd engine.Command) *engine.RuleError {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: %v", cmd.CommandName(), err)
	}
	return re
}

func TestHFWVBaltRestrictions(t *testing.T) {
	g := moveGame(t, opts())
	north, west, loudoun := at(10, -6), at(-12, 10), at(20, 5)
	south := at(20, 20) // east of the Shenandoah, south of the Potomac, not Loudoun
	for _, to := range []engine.Hex{north, west, loudoun} {
		wantMove(t, g, move(meade, to, "usa.morris"))
		wantMove(t, g, move(meade, to, "usa.pierce"))
		wantMove(t, g, move(meade, to, "usa.briggs"))
	}
	re := wantRule(t, g, move(meade, south, "usa.morris"), "move.restricted", "LRTG 12.1", "Morris (HF)", "north of the Potomac, west of the Shenandoah or in Loudoun County")
	if strings.Contains(re.Hint, "reason") {
		t.Errorf("a player is offered the umpire's override: %s", re.Hint)
	}
	wantRule(t, g, move(meade, south, "usa.pierce"), "move.restricted", "LRTG 12.1", "Pierce (WV)")
	wantRule(t, g, move(meade, south, "usa.briggs"), "move.restricted", "LRTG 12.1", "group 3")
	// Schenck, the VIII Corps leader, moves with his units: not restricted.
	wantMove(t, g, move(meade, south, "usa.schenck"))

	// The umpire: refused without a reason (and told how to override),
	// allowed with one, which the event records.
	re = wantRule(t, g, move(ump, south, "usa.morris"), "move.restricted", "LRTG 12.1")
	if !strings.Contains(re.Hint, "reason") {
		t.Errorf("the umpire is not told how to override: %s", re.Hint)
	}
	cmd := move(ump, south, "usa.morris")
	cmd.Reason = "forced retreat"
	_, ev := wantMove(t, g, cmd)
	if ev.Override != "forced retreat" || len(ev.Overrode) != 1 || !strings.Contains(ev.Overrode[0], "LRTG 12.1") {
		t.Errorf("override = %q %v", ev.Override, ev.Overrode)
	}

	// Releases: group 3 frees Briggs; HF frees Morris but not Pierce;
	// Meade frees HF and WV, not Balt.
	r3 := apply(t, g, ReleaseUnits{By: ump, Group: "3"}, engine.Script())
	wantMove(t, r3, move(meade, south, "usa.briggs"))
	rhf := apply(t, g, ReleaseUnits{By: ump, Group: "HF"}, engine.Script())
	wantMove(t, rhf, move(meade, south, "usa.morris"))
	wantRule(t, rhf, move(meade, south, "usa.pierce"), "move.restricted", "LRTG 12.1")
	rm := apply(t, g, MeadeTakesCommand{By: ump}, engine.Script())
	wantMove(t, rm, move(meade, south, "usa.morris"))
	wantMove(t, rm, move(meade, south, "usa.pierce"))
	wantRule(t, rm, move(meade, south, "usa.briggs"), "move.restricted", "LRTG 12.1")
	rb := apply(t, g, ReleaseUnits{By: ump, Group: "Balt"}, engine.Script())
	wantMove(t, rb, move(meade, south, "usa.briggs"))
	if evs, _ := g.Decide(ReleaseUnits{By: ump, Group: "HF"}, engine.Script()); len(evs) == 1 {
		if got := g.ReleasedBy(evs[0], moveData()); strings.Join(got, ",") != "Kenly,Morris" {
			t.Errorf("HF releases %v", got)
		}
	}
}

func TestDCRestrictions(t *testing.T) {
	g := moveGame(t, opts())
	dc, alexandria, fairfax, montgomery, away := at(64, -8), at(66, 3), at(44, 8), at(44, -8), at(100, 40)
	// Wells began in the District: DC and Alexandria County only.
	wantMove(t, g, move(meade, alexandria, "usa.wells"))
	wantMove(t, g, move(meade, dc, "usa.wells"))
	wantRule(t, g, move(meade, fairfax, "usa.wells"), "move.restricted", "LRTG 12.2", "Wells (DC)", "District of Columbia or Alexandria County", "group 6")
	wantRule(t, g, move(meade, montgomery, "usa.wells"), "move.restricted", "LRTG 12.2")
	// Crawford began in Fairfax: he may stay in (or return to) Fairfax.
	wantMove(t, g, move(meade, alexandria, "usa.crawford"))
	wantMove(t, g, move(meade, fairfax, "usa.crawford"))
	wantRule(t, g, move(meade, montgomery, "usa.crawford"), "move.restricted", "LRTG 12.2", "Fairfax County, where it began")
	// Jewett (DC Only) began in Montgomery.
	wantMove(t, g, move(meade, montgomery, "usa.jewett"))
	wantRule(t, g, move(meade, fairfax, "usa.jewett"), "move.restricted", "LRTG 12.2", "not scheduled for release")
	// Releases: Meade frees Crawford (16.2 3)), not Wells; releasing DC
	// frees Wells but never Casey (DC Only) or Heintzelman (16.3).
	rm := apply(t, g, MeadeTakesCommand{By: ump}, engine.Script())
	wantMove(t, rm, move(meade, away, "usa.crawford"))
	wantRule(t, rm, move(meade, away, "usa.wells"), "move.restricted", "LRTG 12.2")
	r6 := apply(t, g, ReleaseUnits{By: ump, Group: "6"}, engine.Script())
	wantMove(t, r6, move(meade, away, "usa.wells"))
	rdc := apply(t, g, ReleaseUnits{By: ump, Group: "DC"}, engine.Script())
	wantMove(t, rdc, move(meade, away, "usa.wells"))
	wantRule(t, rdc, withTo(move(meade, alexandria, "usa.casey"), fairfax), "move.restricted", "LRTG 12.2")
	wantMove(t, rdc, move(meade, alexandria, "usa.heintzelman"))
	wantRule(t, rdc, move(meade, fairfax, "usa.heintzelman"), "move.restricted", "LRTG 16.3", "DC defense area")

	// Outside its area (an override, a retreat), a unit must come back:
	// nearer is allowed, further or as far is not.
	out := edit(g, "usa.wells", func(u *engine.UnitState) { u.Hex = at(100, 2) })
	wantMove(t, out, move(meade, at(90, 2), "usa.wells"))
	wantRule(t, out, move(meade, at(110, 2), "usa.wells"), "move.restricted", "LRTG 12.2")
	wantRule(t, out, move(meade, at(100, 10), "usa.wells"), "move.restricted", "LRTG 12.2")
	// A unit entering from a track is placed by 3.2 (Lockwood at
	// Brandywine): no check on where it enters.
	track := edit(g, "usa.wells", func(u *engine.UnitState) { u.OnMap, u.Track = false, "reinforcement" })
	wantMove(t, track, move(meade, at(100, 2), "usa.wells"))
}

func withTo(m engine.MoveUnits, h engine.Hex) engine.MoveUnits { m.To = h; return m }

func TestPAMilitiaStaysInPennsylvania(t *testing.T) {
	g := moveGame(t, opts())
	wantMove(t, g, move(meade, at(20, -40), "usa.yates"))
	wantRule(t, g, move(meade, at(0, -10), "usa.yates"), "move.restricted", "LRTG 12.3", "Yates (PA)", "in Pennsylvania")
	// Forced out by a retreat, it may not go further (12.3): nearer or as
	// far is allowed.
	out := edit(g, "usa.yates", func(u *engine.UnitState) { u.Hex = at(0, -14) })
	wantMove(t, out, move(meade, at(0, -16), "usa.yates"))
	wantMove(t, out, move(meade, at(10, -14), "usa.yates"))
	wantRule(t, out, move(meade, at(0, -12), "usa.yates"), "move.restricted", "LRTG 12.3")
	rpa := apply(t, g, ReleaseUnits{By: ump, Group: "PA", Reason: "house rule"}, engine.Script())
	wantMove(t, rpa, move(meade, at(0, -10), "usa.yates"))
}

func TestHarpersFerryGarrison(t *testing.T) {
	g := moveGame(t, opts())
	hf := at(0, 1)
	// Kenly (HF, 5 MP) alone in Harpers Ferry may not leave it.
	wantRule(t, g, move(meade, at(0, -3), "usa.kenly"), "move.garrison", "LRTG 12.1", "0 would remain")
	// With Morris (6) moved in, Kenly may go.
	g2, _ := wantMove(t, g, move(meade, hf, "usa.morris"))
	wantMove(t, g2, move(meade, at(0, -3), "usa.kenly"))
	wantRule(t, g2, move(meade, at(0, -3), "usa.kenly", "usa.morris"), "move.garrison", "LRTG 12.1")
	// Below 5 already, a reinforcement is welcome and nothing more may
	// leave.
	weak := edit(g, "usa.kenly", func(u *engine.UnitState) { u.Manpower = 3 })
	wantMove(t, weak, move(meade, hf, "usa.pierce"))
	// After Meade takes command the garrison may leave.
	rm := apply(t, g, MeadeTakesCommand{By: ump}, engine.Script())
	wantMove(t, rm, move(meade, at(0, -3), "usa.kenly"))
}

func railMove(by engine.Actor, to engine.Hex, units ...string) engine.MoveUnits {
	m := move(by, to, units...)
	m.Mode = MoveRail
	return m
}

func TestRailEligibility(t *testing.T) {
	g := moveGame(t, opts())
	s2, s3, s4, s5 := at(20, 30), at(30, 30), at(44, 30), at(60, 30)
	g2, ev := wantMove(t, g, railMove(meade, s4, "usa.b1", "usa.sedgwick"))
	if strings.Join(ev.Route, "-") != "S1-S2-S3-S4" || ev.Hexes != 34 || ev.Fatigue != 2 || ev.RailLoad != 1 || ev.Mode != MoveRail {
		t.Fatalf("rail move = %+v", ev)
	}
	if u := g2.Units["usa.b1"]; u.Fatigue != 2 || u.Hex != s4 {
		t.Errorf("after rail: %+v", u)
	}
	if g2.Units["usa.sedgwick"].Fatigue != 0 {
		t.Error("a leader gained fatigue")
	}
	wantRule(t, g, railMove(meade, s4, "usa.buford"), "move.rail", "LRTG 8.1", "cavalry")
	tired := edit(g, "usa.b1", func(u *engine.UnitState) { u.Fatigue = 1 })
	wantRule(t, tired, railMove(meade, s2, "usa.b1"), "move.rail", "LRTG 8.1", "fatigue 1")
	dis := edit(g, "usa.b1", func(u *engine.UnitState) { u.Marks = []string{"disorganized"} })
	wantRule(t, dis, railMove(meade, s2, "usa.b1"), "move.rail", "LRTG 8.1", "disorganized")
	dis = edit(g, "usa.b1", func(u *engine.UnitState) { u.Status.Disorganized = true })
	wantRule(t, dis, railMove(meade, s2, "usa.b1"), "move.rail", "LRTG 8.1", "disorganized")
	off := edit(g, "usa.b1", func(u *engine.UnitState) { u.Hex = at(12, 30) })
	wantRule(t, off, railMove(meade, s2, "usa.b1"), "move.rail", "LRTG 8.1", "not in a railroad station")
	wantRule(t, g, railMove(meade, at(22, 30), "usa.b1"), "move.rail", "LRTG 8.2", "not a railroad station")
	wantRule(t, g, railMove(ump, s2, "csa.hood"), "move.rail", "LRTG 8", "only the Union")
	// 40 hexes: S1-S5 is 50.
	wantRule(t, g, railMove(meade, s5, "usa.b1"), "move.rail", "LRTG 8.2", "50 hexes")
	// Once per turn: back to fatigue 0, it still may not go again.
	rested := edit(g2, "usa.b1", func(u *engine.UnitState) { u.Fatigue = 0 })
	wantRule(t, rested, railMove(meade, s3, "usa.b1"), "move.rail", "LRTG 8.2", "already moved by rail")
	rested.Turn++
	wantMove(t, rested, railMove(meade, s3, "usa.b1"))
	if _, err := g.Decide(railMove(meade, s2, "usa.b1", "usa.kenly"), engine.Script()); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("a rail move from two hexes: %v", err)
	}
}

func TestRailMaximaAndHaupt(t *testing.T) {
	g := moveGame(t, opts())
	s2 := at(20, 30)
	// One division uses the turn's rail movement.
	gd, ev := wantMove(t, g, railMove(meade, s2, "usa.wright"))
	if ev.RailLoad != 2 {
		t.Errorf("division load %d", ev.RailLoad)
	}
	wantRule(t, gd, railMove(meade, s2, "usa.b3"), "move.rail-maximum", "LRTG 8.3")
	// Haupt does not count (12.5).
	wantMove(t, gd, railMove(meade, s2, "usa.haupt"))
	// Two brigades / regiments: a brigade and a regiment, then no more.
	g1, _ := wantMove(t, g, railMove(meade, s2, "usa.b1"))
	g2, _ := wantMove(t, g1, railMove(meade, s2, "usa.b3"))
	wantRule(t, g2, railMove(meade, s2, "usa.b2"), "move.rail-maximum", "LRTG 8.3", "2 of 2")
	// None used yet: the move itself is more than the maximum (issue 22,
	// item 12: not "used up").
	re := wantRule(t, g, railMove(meade, s2, "usa.b1", "usa.b2", "usa.b3"), "move.rail-maximum", "LRTG 8.3", "needs 3 brigade-equivalents", "more than the maximum of 2")
	if strings.Contains(re.Error(), "used up") {
		t.Errorf("nothing used, but: %v", re)
	}
	// Some used: what is left, and what the move needs.
	wantRule(t, g1, railMove(meade, s2, "usa.wright"), "move.rail-maximum", "LRTG 8.3", "1 of 2", "needs 2", "1 is left")
	// A new turn, a new maximum.
	g2.Turn++
	wantMove(t, g2, railMove(meade, s2, "usa.b2"))
	// The umpire may set the maximum aside with a reason.
	over := railMove(ump, s2, "usa.b2")
	over.Reason = "Rear Area Paralysis ruled not in effect"
	wantMove(t, g2, over)
}

func TestRailEnemyAndDamagedStations(t *testing.T) {
	s2, s3, s4 := at(20, 30), at(30, 30), at(44, 30)
	// Open games: a hidden mode stops the column instead (hidden_test.go).
	for _, hidden := range []bool{false} {
		o := opts()
		o.LimitedIntel = hidden
		g := moveGame(t, o)
		// Hood next to S2: the main line is in his zone of control, the
		// loop is not.
		g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Hex, u.Ref = at(20, 29), "SN2029" })
		_, ev := wantMove(t, g, railMove(meade, s3, "usa.b1"))
		if strings.Join(ev.Route, "-") != "S1-L1-S3" || ev.Hexes != 30 {
			t.Fatalf("route around Hood: %v %d", ev.Route, ev.Hexes)
		}
		wantRule(t, g, railMove(meade, s2, "usa.b1"), "move.rail", "LRTG 8.2", "enemy zone of control")
		// Hampton on the loop too: no route.
		g = edit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex, u.Ref = at(20, 40), "SN2040" })
		re := wantRule(t, g, railMove(meade, s4, "usa.b1"), "move.rail", "LRTG 8.2", "enemy zone of control")
		if named := strings.Contains(re.Error(), "Hood") || strings.Contains(re.Error(), "SN2029"); named == hidden {
			t.Errorf("limited intelligence %v: %q", hidden, re.Error())
		}
		// The umpire sees everything.
		re = wantRule(t, g, railMove(ump, s4, "usa.b1"), "move.rail", "LRTG 8.2")
		if !strings.Contains(re.Error(), "Hood (SN2029)") {
			t.Errorf("the umpire is not told who blocks: %s", re.Error())
		}
		// A unit in an enemy zone of control may not move by rail at all.
		near := edit(g, "csa.hood", func(u *engine.UnitState) { u.Hex = at(10, 31) })
		re = wantRule(t, near, railMove(meade, s4, "usa.b1"), "move.rail", "LRTG 8.1", "zone of control")
		if strings.Contains(re.Error(), "Hood") == hidden {
			t.Errorf("limited intelligence %v: %q", hidden, re.Error())
		}
	}
	// A damaged station blocks (S3 is on every route to S4); so does a
	// station the order of battle starts damaged.
	g := moveGame(t, opts())
	g.Places = map[string]PlaceState{"S3": {Station: "damaged"}}
	wantRule(t, g, railMove(meade, s4, "usa.b1"), "move.rail", "LRTG 8.2", "S3 (damaged)")
	wantRule(t, g, railMove(meade, s3, "usa.b1"), "move.rail", "LRTG 8.2", "damaged")
	wantMove(t, g, railMove(meade, s2, "usa.b1"))
	// A damaged station repaired is open again: the set-up's list is no
	// longer consulted once the game has started.
	g.Places = map[string]PlaceState{"S3": {}}
	cmd := railMove(meade, s4, "usa.b1")
	cmd.Data.OOB.Damaged = []string{"S3"}
	wantMove(t, g, cmd)
}

func strategic(by engine.Actor, to engine.Hex, fatigue int, units ...string) engine.MoveUnits {
	m := move(by, to, units...)
	m.Mode, m.Fatigue = MoveStrategic, fatigue
	return m
}

func TestStrategicMovement(t *testing.T) {
	g := moveGame(t, opts())
	from := at(10, 30)
	east := func(n int) engine.Hex { return engine.Hex{Q: from.Q + n, R: from.R} } // n hexes from S1
	for _, f := range []int{0, 1, 5} {
		if _, err := g.Decide(strategic(meade, east(3), f, "usa.b1"), engine.Script()); !errors.Is(err, engine.ErrInvalid) {
			t.Errorf("fatigue %d: %v", f, err)
		}
	}
	plain := move(meade, east(3), "usa.b1")
	plain.Fatigue = 2
	if _, err := g.Decide(plain, engine.Script()); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("fatigue on a plain move: %v", err)
	}
	if _, err := g.Decide(engine.MoveUnits{By: meade, Units: []string{"usa.b1"}, To: east(3), Mode: "teleport", Data: moveData()}, engine.Script()); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("unknown mode: %v", err)
	}
	// Union infantry expending 2 levels: 9 hexes (17.1; 7 if passive).
	g2, ev := wantMove(t, g, strategic(meade, east(9), 2, "usa.b1", "usa.sedgwick"))
	if ev.Allowance != 9 || ev.Hexes != 9 || ev.Fatigue != 2 || ev.Mode != MoveStrategic {
		t.Fatalf("strategic move = %+v", ev)
	}
	if len(ev.Disorganization) != 1 || ev.Disorganization[0] != (engine.DisorgCheck{Unit: "usa.b1", Fatigue: 2, Roll: false, Why: "unexhausted, to fatigue 2"}) {
		t.Errorf("disorganization = %+v", ev.Disorganization)
	}
	if g2.Units["usa.b1"].Fatigue != 2 || g2.Units["usa.sedgwick"].Fatigue != 0 {
		t.Errorf("fatigue after: %d, leader %d", g2.Units["usa.b1"].Fatigue, g2.Units["usa.sedgwick"].Fatigue)
	}
	wantRule(t, g, strategic(meade, east(10), 2, "usa.b1"), "move.strategic", "LRTG 17.1", "10 hexes", "allowance of 9")
	passive := strategic(meade, east(8), 2, "usa.b1")
	passive.Passive = true
	wantRule(t, g, passive, "move.strategic", "LRTG 17.1", "allowance of 7")
	passive.To = east(7)
	wantMove(t, g, passive)
	// Cavalry: 14; with infantry, the stack moves as far as its slowest.
	wantMove(t, g, strategic(meade, east(14), 2, "usa.buford"))
	wantRule(t, g, strategic(meade, east(14), 2, "usa.buford", "usa.b1"), "move.strategic", "LRTG 17.1", "Shaler")
	// Never above fatigue 4.
	tired := edit(g, "usa.b1", func(u *engine.UnitState) { u.Fatigue = 3 })
	wantRule(t, tired, strategic(meade, east(3), 2, "usa.b1"), "move.strategic", "LRTG 17.1", "above 4", "at most 1")
	// Disorganization modifiers (17.1 3.): to F4 +2; exhausted to F3 +2,
	// to F2 0.
	_, ev = wantMove(t, g, strategic(meade, east(18), 4, "usa.b1"))
	if d := ev.Disorganization[0]; !d.Roll || d.Modifier != 2 || d.Fatigue != 4 {
		t.Errorf("to F4: %+v", d)
	}
	exh := edit(g, "usa.b1", func(u *engine.UnitState) { u.Marks = []string{"exhausted"} })
	_, ev = wantMove(t, exh, strategic(meade, east(13), 3, "usa.b1"))
	if d := ev.Disorganization[0]; !d.Roll || d.Modifier != 2 || d.Why != "exhausted, to fatigue 3" {
		t.Errorf("exhausted to F3: %+v", d)
	}
	_, ev = wantMove(t, exh, strategic(meade, east(9), 2, "usa.b1"))
	if d := ev.Disorganization[0]; !d.Roll || d.Modifier != 0 {
		t.Errorf("exhausted to F2: %+v", d)
	}
	// The umpire may set the allowance aside with a reason.
	over := strategic(ump, east(12), 2, "usa.b1")
	over.Reason = "road march along the pike"
	if _, ev = wantMove(t, g, over); len(ev.Overrode) != 1 {
		t.Errorf("override = %v", ev.Overrode)
	}
}

func TestStrategicMovementKeepsAwayFromTheEnemy(t *testing.T) {
	from := at(10, 30)
	east := func(n int) engine.Hex { return engine.Hex{Q: from.Q + n, R: from.R} }
	// Open games: a hidden mode stops the move instead (hidden_test.go).
	for _, hidden := range []bool{false} {
		o := opts()
		o.LimitedIntel = hidden
		g := moveGame(t, o)
		// Hampton (cavalry) 6 hexes beyond the destination: infantry may
		// come within 8 of cavalry (not 4), cavalry may not.
		g = edit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex, u.Ref = east(15), "SN9999" })
		wantMove(t, g, strategic(meade, east(9), 2, "usa.b1"))
		re := wantRule(t, g, strategic(meade, east(9), 2, "usa.buford"), "move.strategic", "LRTG 17.1", "within 8 hexes")
		if strings.Contains(re.Error(), "Hampton") == hidden || strings.Contains(re.Error(), "SN9999") == hidden {
			t.Errorf("limited intelligence %v: %q", hidden, re.Error())
		}
		wantRule(t, g, strategic(meade, east(12), 3, "usa.b1"), "move.strategic", "LRTG 17.1", "within 4 hexes")
		// Enemy infantry: 8 hexes for infantry, at the start as at the end.
		g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: from.Q - 8, R: from.R} })
		wantRule(t, g, strategic(meade, east(5), 2, "usa.b1"), "move.strategic", "LRTG 17.1", "within 8 hexes")
	}
}

// A plain move's event is what it was before the movement rules: older
// stored events decode, and new plain moves encode the same way.
func TestUnitsMovedStaysCompatible(t *testing.T) {
	old := `{"by":{"id":"u3","name":"Meade"},"units":["usa.b1"],"to":{"Q":3,"R":4},"ref":"SS1418"}`
	e, err := testDecode(engine.EventUnitsMoved, []byte(old))
	if err != nil {
		t.Fatal(err)
	}
	m := e.(*engine.UnitsMoved)
	if m.Mode != MoveNormal || m.Fatigue != 0 || m.To != (engine.Hex{Q: 3, R: 4}) {
		t.Fatalf("decoded %+v", m)
	}
	b, _ := json.Marshal(m)
	if string(b) != old {
		t.Errorf("a plain move encodes as %s", b)
	}
	g := moveGame(t, opts())
	g = g.Apply(m)
	if u := g.Units["usa.b1"]; u.Hex != (engine.Hex{Q: 3, R: 4}) || u.Fatigue != 0 {
		t.Errorf("after an old move: %+v", u)
	}
}

func TestHexLine(t *testing.T) {
	for _, c := range []struct{ a, b engine.Hex }{{at(0, 0), at(10, 0)}, {at(0, 0), at(4, 9)}, {engine.Hex{Q: 3, R: -2}, engine.Hex{Q: -5, R: 7}}, {at(2, 2), at(2, 2)}} {
		line := hexLine(c.a, c.b)
		if len(line) != engine.Distance(c.a, c.b)+1 || line[0] != c.a || line[len(line)-1] != c.b {
			t.Fatalf("%v-%v: %v", c.a, c.b, line)
		}
		for i := 1; i < len(line); i++ {
			if engine.Distance(line[i-1], line[i]) != 1 {
				t.Fatalf("%v-%v: a gap at %d: %v", c.a, c.b, i, line)
			}
		}
	}
}

// Rear Area Paralysis (000 2.0): no Union railroad movement that turn.
func TestRailStoppedByRearAreaParalysis(t *testing.T) {
	g := moveGame(t, opts())
	wantMove(t, g, railMove(meade, at(30, 30), "usa.b1"))
	g.Events.Rolled = []RandomEventRolled{{Turn: g.Turn, Outcome: RandomRearParalysis}}
	wantRule(t, g, railMove(meade, at(30, 30), "usa.b1"), "move.rail", "LRTG 2.0", "Rear Area Paralysis")
	g.Events.Rolled[0].Turn = g.Turn - 1 // last turn's: over
	wantMove(t, g, railMove(meade, at(30, 30), "usa.b1"))
}
