package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// LRTA movement on the invented theatre of move_test.go (at(x, y)), with
// what LRTA adds: the Monocacy (a line down column 20 in Maryland: east is
// columns > 20), naval ports, and a county over S3-S5 of the main railroad.

func lrtaOpts() engine.GameOptions {
	return engine.GameOptions{Scenario: "lrta-campaign", Supply: "simplified", Comms: 1}
}

func lrtaTestTheatre() *engine.Theatre {
	t := testTheatre()
	t.Lines = append(t.Lines, engine.Line{ID: "monocacy", Kind: "river", Hexes: []engine.Hex{at(20, -15), at(20, -1)}})
	t.Regions = append(t.Regions, engine.Region{ID: "va.rail-county", Name: "Rail County", Kind: "county", Rings: [][]engine.Point{box(25, 25, 70, 35)}})
	t.Places = append(t.Places,
		engine.Place{Name: "Port A", Hex: at(70, 2), Kinds: []string{"naval-port"}},
		engine.Place{Name: "Port B", Hex: at(70, -6), Kinds: []string{"naval-port"}},
	)
	return t
}

// The charts as scenarios/rules/lrta-movement.yaml has them (checked
// against 004 in scenarios/lrta_test.go).
func lrtaMoveLibrary() *engine.Library {
	return &engine.Library{Charts: []*engine.Chart{
		{ID: "lrta.extended-march-csa", Rows: [][]string{
			{"The Confederates have not proposed a Rest & Refit period", "+0", "+2", "+0"},
			{"The Confederates have proposed a Rest & Refit period", "+0", "+1", "+0"},
		}},
		{ID: "lrta.extended-march-usa", Rows: [][]string{
			{"At start", "+2", "+1", "+2"},
			{"The Union accepts the Confederate Rest & Refit period", "+2*", "+1*", "+2*"},
			{"The Union does not accept the Confederate Rest & Refit period", "+2*", "+2*", "+2*"},
			{"McClellan takes command", "+1", "+1", "+2"},
		}},
		{ID: "lrta.strategic-movement-allowance", Rows: [][]string{
			{"CSA", "2", "11(9)[7]", "16(12)[8]"},
			{"CSA", "3", "16(13)[10]", "24(18)[12]"},
			{"CSA", "4", "22(18)[14]", "32(24)[12]"},
			{"USA", "2", "9(7)[5]", "14(10)[6]"},
			{"USA", "3", "13(10)[7]", "21(15)[9]"},
			{"USA", "4", "18(14)[10]", "28(20)[12]"},
		}},
		{ID: "lrta.strategic-movement-disorganization", Rows: [][]string{
			{"Unexhausted", "No roll necessary", "0", "+2"},
			{"Exhausted", "0", "+2", "+4"},
		}},
	}}
}

func lrtaMoveOOB() *engine.OrderOfBattle {
	u := func(id, name string, side engine.Side, kind, size, command string, mp int, h engine.Hex, marks ...string) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Size: size, Command: command, Manpower: mp, OnMap: true, Hex: h, Marks: marks}
	}
	return &engine.OrderOfBattle{Units: []engine.UnitSetup{
		u("csa.jackson", "Jackson", engine.CSA, "leader", "corps", "J", 0, at(150, 150)),
		u("csa.hill", "A.P. Hill", engine.CSA, "infantry", "division", "J", 18, at(30, -5)), // north of the Potomac
		u("csa.ewell", "Ewell", engine.CSA, "infantry", "division", "J", 14, at(150, 150)),
		u("csa.robertson", "Robertson", engine.CSA, "cavalry", "brigade", "Cav", 2, at(150, 160)),
		// Rail and strategic movement at S1.
		u("usa.king", "King", engine.USA, "infantry", "division", "III", 11, at(10, 30)), // Army of Virginia
		u("usa.kearny", "Kearny", engine.USA, "infantry", "division", "III-AP", 9, at(10, 30)),
		u("usa.b1", "Griffin", engine.USA, "infantry", "brigade", "V-AP", 4, at(10, 30)),
		u("usa.b2", "Piatt", engine.USA, "infantry", "brigade", "V-AP", 3, at(10, 30)),
		u("usa.guard", "Railroad Brigade", engine.USA, "infantry", "brigade", "RR", 3, at(10, 30)),
		u("usa.haupt", "Haupt", engine.USA, "infantry", "", "RR", 1, at(10, 30)),
		u("usa.bayard", "Bayard", engine.USA, "cavalry", "brigade", "Cav", 3, at(10, 30)),
		u("usa.mcdowell", "McDowell", engine.USA, "leader", "corps", "III", 0, at(10, 30)),
		// The designated garrisons (004 Union Movement Restrictions).
		u("usa.dc", "Whipple", engine.USA, "infantry", "brigade", "DC", 4, at(70, -5), "release-group-6"),
		u("usa.balt", "Kenly", engine.USA, "infantry", "brigade", "Balt", 5, at(30, -5)),
		u("usa.shen", "Piatt-S", engine.USA, "infantry", "brigade", "Shen", 3, at(30, -8)),
		u("usa.hf", "Miles", engine.USA, "infantry", "brigade", "VI-AP", 3, at(0, 1)), // alone in Harpers Ferry
		u("usa.cav-dc", "1st ME", engine.USA, "cavalry", "regiment", "Cav", 1, at(72, -5), "dc-only"),
		// Naval movement at Port A.
		u("usa.d1", "Richardson", engine.USA, "infantry", "division", "II-AP", 8, at(70, 2)),
		u("usa.d2", "Sedgwick", engine.USA, "infantry", "division", "II-AP", 8, at(70, 2)),
		u("usa.d3", "Morell", engine.USA, "infantry", "division", "V-AP", 7, at(70, 2)),
		u("usa.d4", "Sykes", engine.USA, "infantry", "division", "V-AP", 7, at(70, 2)),
		u("usa.d5", "Slocum", engine.USA, "infantry", "division", "VI-AP", 9, at(70, 2)),
		u("usa.d6", "Smith", engine.USA, "infantry", "division", "VI-AP", 8, at(70, 2)),
		u("usa.nb", "Taylor", engine.USA, "infantry", "brigade", "VI-AP", 3, at(70, 2)),
		u("usa.nr", "60 NY", engine.USA, "infantry", "regiment", "VI-AP", 1, at(70, 2)),
	}}
}

func lrtaMoveData() *engine.MoveData {
	lib := lrtaMoveLibrary()
	return &engine.MoveData{Theatre: lrtaTestTheatre(), OOB: lrtaMoveOOB(), Library: lib,
		Strategic: lib.Chart("lrta.strategic-movement-allowance"), StrategicDisorganization: lib.Chart("lrta.strategic-movement-disorganization")}
}

func lrtaMoveGame(t *testing.T) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: lrtaOpts()}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	g = apply(t, g, engine.StartGame{By: ump, OOB: lrtaMoveOOB()}, engine.Script())
	if g.Game() != LRTA {
		t.Fatalf("game %s", g.Game())
	}
	return g
}

func lrtaMove(by engine.Actor, to engine.Hex, mode string, units ...string) engine.MoveUnits {
	return engine.MoveUnits{By: by, Units: units, To: to, Ref: "test", Mode: mode, Data: lrtaMoveData()}
}

// withLRTAEvent records an LRTA random event for the game's turn.
func withLRTAEvent(g Game, outcome string) Game {
	g.LRTAEvents.Rolled = append(append([]LRTARandomEvent(nil), g.LRTAEvents.Rolled...), LRTARandomEvent{Turn: g.Turn, Outcome: outcome, Pope: true})
	return g
}

// 004 Extended March Modifiers for Unit Type, every cell.
func TestLRTAExtendedMarchModifiers(t *testing.T) {
	lib := lrtaMoveLibrary()
	csa, usa := lib.Chart("lrta.extended-march-csa"), lib.Chart("lrta.extended-march-usa")
	inf := engine.UnitState{Name: "Hill", Side: engine.CSA, Kind: "infantry", Command: "J"}
	cav := engine.UnitState{Name: "Robertson", Side: engine.CSA, Kind: "cavalry", Command: "Cav"}
	for _, c := range []struct {
		u        engine.UnitState
		north    bool
		proposed bool
		want     int
	}{
		{inf, false, false, 0}, {inf, true, false, 2}, {cav, true, false, 0},
		{inf, false, true, 0}, {inf, true, true, 1}, {cav, true, true, 0},
	} {
		n, why, err := extendedMarchModifier(csa, usa, c.u, c.north, lrtaMarchFacts{Proposed: c.proposed})
		if err != nil || n != c.want {
			t.Errorf("CSA %s north %v proposed %v: %d %q %v, want %+d", c.u.Kind, c.north, c.proposed, n, why, err, c.want)
		}
	}
	aov := engine.UnitState{Name: "King", Side: engine.USA, Kind: "infantry", Command: "III"}
	aop := engine.UnitState{Name: "Kearny", Side: engine.USA, Kind: "infantry", Command: "III-AP"}
	dc := engine.UnitState{Name: "Whipple", Side: engine.USA, Kind: "infantry", Command: "DC"}
	ucav := engine.UnitState{Name: "Bayard", Side: engine.USA, Kind: "cavalry", Command: "Cav"}
	rows := []struct {
		name string
		f    lrtaMarchFacts
		want [4]int // AoV, AoP, DC, cavalry
	}{
		{"at start", lrtaMarchFacts{}, [4]int{2, 1, 2, 2}},
		{"proposed, not answered", lrtaMarchFacts{Proposed: true}, [4]int{2, 1, 2, 2}},
		{"accepted", lrtaMarchFacts{Proposed: true, Answered: true, Accepted: true}, [4]int{2, 1, 2, 2}},
		{"not accepted", lrtaMarchFacts{Proposed: true, Answered: true}, [4]int{2, 2, 2, 2}},
		{"McClellan (the * rows ignored)", lrtaMarchFacts{Proposed: true, Answered: true, McClellan: true}, [4]int{1, 1, 2, 2}},
	}
	for _, r := range rows {
		for i, u := range []engine.UnitState{aov, aop, dc, ucav} {
			n, why, err := extendedMarchModifier(csa, usa, u, false, r.f)
			if err != nil || n != r.want[i] {
				t.Errorf("%s, %s: %d %q %v, want %+d", r.name, u.Name, n, why, err, r.want[i])
			}
		}
	}
	for cmd, want := range map[string]string{"III": armyAoV, "IX": armyAoV, "AV": armyAoV, "V-AP": armyAoP, "XII-AP": armyAoP, "AP": armyAoP, "Shen": armyOther, "Kan": armyOther} {
		if got := lrtaUnionArmy(engine.UnitState{Kind: "infantry", Command: cmd}); got != want {
			t.Errorf("%s: %s, want %s", cmd, got, want)
		}
	}
}

// The extended march roll is a game roll with 004's modifiers, Heat and the
// supply effects' modifier.
func TestLRTAExtendedMarchRoll(t *testing.T) {
	g := lrtaMoveGame(t)
	g.Turn = 5
	roll := func(g Game, by engine.Actor, unit string, die int) (*engine.DiceRolled, *ExtendedMarchRolled) {
		t.Helper()
		evs, err := g.Decide(RollExtendedMarch{By: by, Unit: unit, Data: lrtaMoveData()}, engine.Script(die))
		if err != nil {
			t.Fatalf("%s: %v", unit, err)
		}
		return evs[0].(*engine.DiceRolled), evs[1].(*ExtendedMarchRolled)
	}
	r, e := roll(g, lee, "csa.hill", 4)
	if r.Total != 4 || e.Die != 4 || e.Modifier != 2 || e.Total != 6 || e.Roll != r.Number || r.Number != g.Rolls+1 {
		t.Errorf("Hill north of the Potomac: %+v %+v", r, e)
	}
	if _, e = roll(g, lee, "csa.ewell", 4); e.Modifier != 0 || e.Total != 4 {
		t.Errorf("Ewell south: %+v", e)
	}
	if _, e = roll(g, meade, "usa.king", 3); e.Modifier != 2 || !strings.Contains(strings.Join(e.Modifiers, ";"), "Army of Virginia") {
		t.Errorf("King (AoV): %+v", e)
	}
	// Heat (004 random event 11) and the supply effects (004 Supply Effects: level 1, +2).
	hot := withLRTAEvent(g, LRTAEventHeat)
	hot.Segment.Effects, hot.Segment.EffectsTurn = map[engine.Side]int{engine.USA: 2}, hot.Turn-1
	if _, e = roll(hot, meade, "usa.kearny", 5); e.Modifier != 1+1+2 || e.Total != 9 || len(e.Modifiers) != 3 {
		t.Errorf("Kearny in the heat, short of victuals: %+v", e)
	}
	// The army module's record: the proposal (Hill +1), the Union's refusal
	// (Kearny, AoP, +2), McClellan (King, AoV, +1).
	rr := g
	rr.LRTAArmy.Proposed, rr.LRTAArmy.Answer = true, RestRefitDeclined
	if _, e = roll(rr, lee, "csa.hill", 1); e.Modifier != 1 {
		t.Errorf("Hill after the proposal: %+v", e)
	}
	if _, e = roll(rr, meade, "usa.kearny", 1); e.Modifier != 2 {
		t.Errorf("Kearny after the refusal: %+v", e)
	}
	rr.LRTAArmy.McClellan = true
	if _, e = roll(rr, meade, "usa.king", 1); e.Modifier != 1 || !strings.Contains(e.Modifiers[0], "McClellan") {
		t.Errorf("King under McClellan: %+v", e)
	}
	// The game's roll count goes on.
	evs, _ := g.Decide(RollExtendedMarch{By: lee, Unit: "csa.hill", Data: lrtaMoveData()}, engine.Script(1))
	if g2 := applyAll(g, evs); g2.Rolls != g.Rolls+1 {
		t.Errorf("rolls %d -> %d", g.Rolls, g2.Rolls)
	}
	// A side rolls for its own units, units only, in the action cycle.
	if _, err := g.Decide(RollExtendedMarch{By: lee, Unit: "usa.king", Data: lrtaMoveData()}, engine.Script(1)); err == nil {
		t.Error("the Confederates rolled for King")
	}
	if _, err := g.Decide(RollExtendedMarch{By: lee, Unit: "csa.jackson", Data: lrtaMoveData()}, engine.Script(1)); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("a leader rolled: %v", err)
	}
	at3 := g
	at3.Sequence = engine.SequenceState{Step: "3a", Turn: g.Turn}
	if _, err := at3.Decide(RollExtendedMarch{By: lee, Unit: "csa.hill", Data: lrtaMoveData()}, engine.Script(1)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("an extended march in step 3a: %v", err)
	}
	if _, err := at3.Decide(RollExtendedMarch{By: ump, Unit: "csa.hill", Data: lrtaMoveData(), Reason: "forgotten in 4b"}, engine.Script(1)); err != nil {
		t.Errorf("the umpire's roll with a reason: %v", err)
	}
}

// 004 Strategic Movement: normal (passive or paralysed) [passive and paralysed].
func TestLRTAStrategicAllowanceChart(t *testing.T) {
	ch := lrtaMoveLibrary().Chart("lrta.strategic-movement-allowance")
	for _, c := range []struct {
		side          engine.Side
		levels        int
		cav, pas, par bool
		want          int
	}{
		{engine.CSA, 2, false, false, false, 11}, {engine.CSA, 2, false, true, false, 9}, {engine.CSA, 2, false, false, true, 9}, {engine.CSA, 2, false, true, true, 7},
		{engine.CSA, 4, true, false, false, 32}, {engine.CSA, 4, true, true, false, 24}, {engine.CSA, 4, true, true, true, 12},
		{engine.USA, 3, false, false, false, 13}, {engine.USA, 3, false, true, true, 7}, {engine.USA, 3, true, false, true, 15}, {engine.USA, 4, true, true, true, 12},
	} {
		n, _, err := lrtaStrategicAllowance(ch, c.side, c.levels, c.cav, c.pas, c.par)
		if err != nil || n != c.want {
			t.Errorf("%+v: %d %v", c, n, err)
		}
	}
}

func TestLRTAStrategicMovement(t *testing.T) {
	g := lrtaMoveGame(t)
	g.Turn = 4
	// Cavalry keeps more than 4 hexes from any enemy unit (LRTG: 8).
	g = edit(g, "usa.bayard", func(u *engine.UnitState) { u.Hex = at(150, 166) }) // 6 hexes from Robertson
	cmd := lrtaMove(lee, at(150, 175), MoveStrategic, "csa.robertson")
	cmd.Fatigue = 2
	_, ev := wantMove(t, g, cmd)
	if ev.Allowance != 16 || ev.Hexes != 15 || ev.Fatigue != 2 {
		t.Errorf("Robertson: %+v", ev)
	}
	near := edit(g, "usa.bayard", func(u *engine.UnitState) { u.Hex = at(150, 164) })
	wantRule(t, near, cmd, "move.strategic", "004 Strategic Movement", "within 4 hexes")
	// Passive (declared): 12; paralysed too: [8].
	pas := passive(g, engine.CSA)
	wantRule(t, pas, cmd, "move.strategic", "004 Strategic Movement", "allowance of 12")
	par := withLRTAEvent(pas, LRTAEventCSAParalysis)
	wantRule(t, par, cmd, "move.strategic", "004 Strategic Movement", "allowance of 8")
	// Disorganization: to F2 no roll ("No roll necessary"); to F3 0, +2
	// for the Army of Virginia; Heat +1.
	king := lrtaMove(meade, engine.Hex{Q: at(10, 30).Q + 8, R: at(10, 30).R}, MoveStrategic, "usa.king", "usa.mcdowell")
	king.Fatigue = 2
	_, ev = wantMove(t, g, king)
	if len(ev.Disorganization) != 1 || ev.Disorganization[0].Roll {
		t.Errorf("to F2: %+v", ev.Disorganization)
	}
	king.Fatigue = 3
	_, ev = wantMove(t, withLRTAEvent(g, LRTAEventHeat), king)
	if d := ev.Disorganization[0]; !d.Roll || d.Modifier != 0+2+1 || !strings.Contains(d.Why, "Army of Virginia") || !strings.Contains(d.Why, "Heat") {
		t.Errorf("to F3 in the heat: %+v", d)
	}
}

func TestLRTARailMovement(t *testing.T) {
	g := lrtaMoveGame(t)
	s2, s3 := at(20, 30), at(30, 30)
	// 40 hexes, +2 fatigue, a division is the turn's maximum; Haupt does not count.
	gd, ev := wantMove(t, g, lrtaMove(meade, s2, MoveRail, "usa.king", "usa.mcdowell"))
	if ev.Fatigue != 2 || ev.RailLoad != 2 || gd.Units["usa.king"].Fatigue != 2 {
		t.Errorf("King by rail: %+v", ev)
	}
	wantRule(t, gd, lrtaMove(meade, s2, MoveRail, "usa.b1"), "move.rail-maximum", "004 Railroad Maximums", "2 of 2")
	wantMove(t, gd, lrtaMove(meade, s2, MoveRail, "usa.haupt"))
	// Only Haupt: LRTA's other RR units count (LRTG: every RR unit, Haupt).
	wantRule(t, gd, lrtaMove(meade, s2, MoveRail, "usa.guard"), "move.rail-maximum", "004 Railroad Maximums")
	// Two brigades.
	g1, _ := wantMove(t, g, lrtaMove(meade, s2, MoveRail, "usa.b1"))
	g2, _ := wantMove(t, g1, lrtaMove(meade, s2, MoveRail, "usa.b2"))
	wantRule(t, g2, lrtaMove(meade, s2, MoveRail, "usa.kearny"), "move.rail-maximum", "004 Railroad Maximums")
	// No cavalry.
	wantRule(t, g, lrtaMove(meade, s2, MoveRail, "usa.bayard"), "move.rail", "004 Railroad Restrictions", "cavalry")
	// Not into a Confederate-controlled county (S3 lies in one).
	held := g
	held.Victory.Counties = map[string][]int{"va.rail-county": {g.Turn}}
	wantRule(t, held, lrtaMove(meade, s3, MoveRail, "usa.b1"), "move.rail", "004 Railroad Restrictions", "Confederate-controlled county")
	wantMove(t, held, lrtaMove(meade, s2, MoveRail, "usa.b1"))
	wantMove(t, g, lrtaMove(meade, s3, MoveRail, "usa.b1"))
	// Rear Area Paralysis (004 random event 6).
	wantRule(t, withLRTAEvent(g, LRTAEventRearParalysis), lrtaMove(meade, s2, MoveRail, "usa.b1"), "move.rail", "004 Random Events", "Rear Area Paralysis")
}

func TestLRTANavalMovement(t *testing.T) {
	g := lrtaMoveGame(t)
	b := at(70, -6)
	naval := func(g Game, fatigue int, units ...string) engine.MoveUnits {
		m := lrtaMove(meade, b, MoveNaval, units...)
		m.Fatigue = fatigue
		return m
	}
	g1, ev := wantMove(t, g, naval(g, 2, "usa.d1", "usa.d2", "usa.d3"))
	if ev.Fatigue != 2 || ev.Hexes != 2 || ev.RailLoad != 6 || g1.Units["usa.d1"].Fatigue != 2 || g1.Units["usa.d1"].Hex != b {
		t.Fatalf("three divisions by sea: %+v", ev)
	}
	g2, _ := wantMove(t, g1, naval(g1, 1, "usa.d4", "usa.d5"))
	if g2.Units["usa.d4"].Fatigue != 1 || g2.Movement.NavalLoad != 10 {
		t.Errorf("one box: fatigue %d, load %d", g2.Units["usa.d4"].Fatigue, g2.Movement.NavalLoad)
	}
	// Five units a turn: even a regiment (half a unit) is one too many.
	wantRule(t, g2, naval(g2, 1, "usa.nr"), "move.naval-maximum", "004 Naval Movement", "5 of 5")
	// Brigades and regiments count half: 4 divisions, a brigade and a regiment are 5.
	g3, _ := wantMove(t, g, naval(g, 1, "usa.d1", "usa.d2", "usa.d3", "usa.d4"))
	g3, _ = wantMove(t, g3, naval(g3, 1, "usa.nb", "usa.nr"))
	if g3.Movement.NavalLoad != 10 {
		t.Errorf("4 divisions, a brigade, a regiment: %d halves", g3.Movement.NavalLoad)
	}
	// The AoP Speeds Evacuation: six units, two boxes a fatigue.
	fast := withLRTAEvent(g2, LRTAEventSpeedsEvacuation)
	_, ev = wantMove(t, fast, naval(fast, 1, "usa.d6"))
	if ev.Hexes != 2 || ev.Fatigue != 1 {
		t.Errorf("speeded: %+v", ev)
	}
	// A new turn, a new capacity.
	g2.Turn++
	wantMove(t, g2, naval(g2, 1, "usa.nr"))
	// Organized, fatigue 0, from and to a port; fatigue 1 or 2.
	tired := edit(g, "usa.d6", func(u *engine.UnitState) { u.Fatigue = 1 })
	wantRule(t, tired, naval(tired, 1, "usa.d6"), "move.naval", "004 Naval Movement", "fatigue 1")
	wantRule(t, g, naval(g, 1, "usa.king"), "move.naval", "004 Naval Movement", "not in a naval port")
	inland := naval(g, 1, "usa.d6")
	inland.To = at(60, 10)
	wantRule(t, g, inland, "move.naval", "004 Naval Movement", "not a naval port")
	if _, err := g.Decide(naval(g, 3, "usa.d6"), engine.Script()); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("three boxes: %v", err)
	}
	rebel := naval(g, 1, "csa.ewell")
	rebel.By = ump
	wantRule(t, g, rebel, "move.naval", "004 Naval Movement", "only the Union")
	// LRTG's capacity is three units (000 5.0).
	lg := moveGame(t, opts())
	if n, why := lg.NavalCapacity(); n != 3 || why != "LRTG 5.0" {
		t.Errorf("LRTG naval capacity %d (%s)", n, why)
	}
}

// 004 4 a): the Regular Movement Phase allows normal and remote movement only.
func TestLRTAMovePortion(t *testing.T) {
	g := lrtaMoveGame(t)
	g.Sequence = engine.SequenceState{Step: "4a", Turn: g.Turn}
	for _, m := range []engine.MoveUnits{lrtaMove(meade, at(20, 30), MoveRail, "usa.b1"), lrtaMove(meade, at(70, -6), MoveNaval, "usa.d1")} {
		m.Fatigue = map[string]int{MoveNaval: 1}[m.Mode]
		wantRule(t, g, m, "move.portion", "004 4 a)", "Long Distance Movement Phase")
	}
	g.Sequence.Step = "4b"
	wantMove(t, g, lrtaMove(meade, at(20, 30), MoveRail, "usa.b1"))
}

// 004 Union Movement Restrictions replace LRTG's garrison areas.
func TestLRTAUnionMovementRestrictions(t *testing.T) {
	g := lrtaMoveGame(t)
	// DC: the DC Defense Area, released or not (004 prints no release).
	g.Movement.Released = []string{"DC", "release-group-6"}
	wantRule(t, g, lrtaMove(meade, at(50, -5), "", "usa.dc"), "move.restricted", "004 Union Movement Restrictions", "DC Defense Area")
	wantMove(t, g, lrtaMove(meade, at(70, 3), "", "usa.dc"))
	wantRule(t, g, lrtaMove(meade, at(50, -5), "", "usa.cav-dc"), "move.restricted", "004 Union Cavalry Exhaustion")
	// Balt: north of the Potomac, east of the Monocacy, south of the Mason-Dixon Line.
	wantMove(t, g, lrtaMove(meade, at(40, -10), "", "usa.balt"))
	wantRule(t, g, lrtaMove(meade, at(10, -10), "", "usa.balt"), "move.restricted", "004", "east of the Monocacy")
	wantRule(t, g, lrtaMove(meade, at(40, -25), "", "usa.balt"), "move.restricted", "004")
	wantRule(t, g, lrtaMove(meade, at(40, 5), "", "usa.balt"), "move.restricted", "004")
	// Shen (and PA militia, RR): north of the Potomac or of the Shenandoah; Haupt is free.
	wantMove(t, g, lrtaMove(meade, at(-10, -10), "", "usa.shen"))
	wantMove(t, g, lrtaMove(meade, at(-40, 10), "", "usa.shen"))
	wantRule(t, g, lrtaMove(meade, at(50, 20), "", "usa.shen"), "move.restricted", "004", "Shenandoah")
	wantRule(t, g, lrtaMove(meade, at(50, 40), "", "usa.guard"), "move.restricted", "004")
	wantMove(t, g, lrtaMove(meade, at(50, 40), "", "usa.haupt"))
	// No LRTG Harpers Ferry garrison of 5 manpower on the move (LRTA checks it in 8).
	wantMove(t, g, lrtaMove(meade, at(5, 10), "", "usa.hf"))
	// Army units are free.
	wantMove(t, g, lrtaMove(meade, at(50, 40), "", "usa.kearny"))
}

// 004 random event 9: no Army of the Potomac unit leaves the DC Defense Area.
func TestLRTAMcClellanDelaysReinforcements(t *testing.T) {
	g := lrtaMoveGame(t)
	g = edit(g, "usa.kearny", func(u *engine.UnitState) { u.Hex = at(70, -8) })
	g = edit(g, "usa.king", func(u *engine.UnitState) { u.Hex = at(70, -8) })
	wantMove(t, g, lrtaMove(meade, at(50, -5), "", "usa.kearny"))
	delayed := withLRTAEvent(g, LRTAEventMcClellanDelays)
	wantRule(t, delayed, lrtaMove(meade, at(50, -5), "", "usa.kearny"), "move.delayed", "004 Random Events 9", "DC Defense Area")
	wantMove(t, delayed, lrtaMove(meade, at(70, 3), "", "usa.kearny")) // still in the area
	wantMove(t, delayed, lrtaMove(meade, at(50, -5), "", "usa.king"))  // the Army of Virginia's
}
