package engine

import (
	"strings"
	"testing"
)

var (
	qmStuart   = Actor{ID: "u5", Name: "Stuart"}
	qmEwell    = Actor{ID: "u6", Name: "Ewell"}
	qmHooker   = Actor{ID: "u7", Name: "Hooker"}
	qmReynolds = Actor{ID: "u8", Name: "Reynolds"}
)

// qmJoined is a game not yet started, with three Confederate and two
// Union commanders.
func qmJoined(t *testing.T) GameState {
	t.Helper()
	g := apply(t, GameState{}, withRules(NewGame{By: ump, Options: opts()}), Script())
	for _, j := range []JoinGame{{By: lee, Side: CSA, Commands: []string{"1"}}, {By: qmStuart, Side: CSA, Commands: []string{"Cav", "2"}},
		{By: qmEwell, Side: CSA, Commands: []string{"3", "Rich", "Imboden"}}, {By: qmHooker, Side: USA, Commands: []string{"I"}},
		{By: qmReynolds, Side: USA, Commands: []string{"V", "Cav", "VI", "DC", "VIII", "PA"}}} {
		g = apply(t, g, j, Script())
	}
	return g
}

func qmOOB() *OrderOfBattle {
	oob := commandOOB()
	oob.Units = append(oob.Units, UnitSetup{ID: "usa.haupt", Name: "Haupt", Side: USA, Kind: "infantry", Command: "RR", Manpower: 1})
	return oob
}

// qmStarted starts the game (with the appointments made before) and puts
// every unit on the map.
func qmStarted(t *testing.T, g GameState) GameState {
	t.Helper()
	g = apply(t, g, StartGame{By: ump, OOB: qmOOB()}, Script())
	g.Units = copyUnits(g.Units)
	for id, u := range g.Units {
		u.OnMap, u.Hex = true, Hex{Q: 5, R: 5}
		g.Units[id] = u
	}
	return g
}

// Appointing the quartermaster general (21.1): the overall commander at
// the start, a subordinate; the umpire at any time, with a reason once
// the game is under way.
func TestAppointQuartermaster(t *testing.T) {
	g := qmJoined(t)
	for _, c := range []struct {
		name string
		cmd  AppointQuartermaster
		code string
	}{
		{"a subordinate appoints", AppointQuartermaster{By: qmStuart, Player: qmEwell.ID}, "quartermaster.overall"},
		{"the overall commander appoints himself", AppointQuartermaster{By: lee, Player: lee.ID}, "quartermaster.subordinate"},
		{"an enemy commander", AppointQuartermaster{By: lee, Player: qmReynolds.ID}, "quartermaster.player"},
		{"for the other side", AppointQuartermaster{By: lee, Side: USA, Player: qmReynolds.ID}, "quartermaster.side"},
		{"no one to end", AppointQuartermaster{By: ump, Side: CSA}, "quartermaster.none"},
	} {
		if _, err := g.Decide(c.cmd, Script()); ruleCode(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	evs, err := g.Decide(AppointQuartermaster{By: lee, Player: qmStuart.ID}, Script())
	if err != nil {
		t.Fatal(err)
	}
	e := evs[0].(*QuartermasterAppointed)
	if e.Side != CSA || e.Player.ID != qmStuart.ID {
		t.Fatalf("event %+v", e)
	}
	before := g
	g = g.Apply(e)
	if q := g.QuartermasterOf(CSA); q == nil || q.Actor.ID != qmStuart.ID || g.QuartermasterOf(USA) != nil || before.QuartermasterOf(CSA) != nil {
		t.Fatalf("appointed: %+v (before %+v)", g.QuartermasterOf(CSA), before.QuartermasterOf(CSA))
	}
	// The event survives its encoding.
	typ, raw, err := EncodeEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := testDecode(typ, raw)
	if err != nil || back.(*QuartermasterAppointed).Player.ID != qmStuart.ID {
		t.Fatalf("decoded %+v %v", back, err)
	}
	g = qmStarted(t, g)
	if _, err := g.Decide(AppointQuartermaster{By: lee, Player: qmEwell.ID}, Script()); ruleCode(err) != "quartermaster.started" {
		t.Fatalf("after the start, Lee: %v", err)
	}
	if _, err := g.Decide(AppointQuartermaster{By: ump, Side: CSA, Player: qmEwell.ID}, Script()); ruleCode(err) != "quartermaster.reason" {
		t.Fatalf("after the start, the umpire without a reason: %v", err)
	}
	g = apply(t, g, AppointQuartermaster{By: ump, Side: CSA, Player: qmEwell.ID, Reason: "Stuart is away"}, Script())
	if q := g.QuartermasterOf(CSA); q == nil || q.Actor.ID != qmEwell.ID {
		t.Fatalf("replaced: %+v", q)
	}
	g = apply(t, g, AppointQuartermaster{By: ump, Side: CSA, Reason: "no more"}, Script())
	if g.QuartermasterOf(CSA) != nil {
		t.Fatal("the appointment did not end")
	}
}

// The quartermaster general's duties are his alone (21.1); without one,
// each stays as before.
func TestQuartermasterDuties(t *testing.T) {
	plain := qmStarted(t, qmJoined(t))
	g := qmJoined(t)
	g = apply(t, g, AppointQuartermaster{By: lee, Player: qmStuart.ID}, Script())
	g = apply(t, g, AppointQuartermaster{By: qmHooker, Player: qmReynolds.ID}, Script())
	g = qmStarted(t, g)
	sizes := UnitSizes{"csa.hood": "division", "csa.rodes": "division", "usa.wadsworth": "division"}
	at := func(g GameState, step string) GameState {
		g.Sequence = SequenceState{Step: step, Turn: g.Turn}
		g.Places = map[string]PlaceState{"Carlisle": {Levied: true}} // a store of victuals (13.1)
		return g
	}
	station := Place{Name: "Relay", Hex: Hex{Q: 5, R: 5}, Kinds: []string{"rr-station"}}
	store := Place{Name: "Carlisle", Hex: Hex{Q: 5, R: 5}, Kinds: []string{"levy-town"}, Values: map[string]int{"levy_victuals": 4}}
	cases := []struct {
		name  string
		step  string
		cmd   func(by Actor) Command
		other Actor // a commander of the side, not the quartermaster general
		qm    Actor
	}{
		{"supply adjust", "", func(by Actor) Command {
			return AdjustSupply{By: by, Side: CSA, Delta: -1, Units: []string{"csa.hood"}, Sizes: sizes, Reason: "expenditure"}
		}, lee, qmStuart},
		{"depot", "5h", func(by Actor) Command {
			return ScheduleDepot{By: by, Action: DepotDismantle, Place: Place{Name: "Culpeper"}, Map: &Theatre{}}
		}, lee, qmStuart},
		{"railroad repair", "5g", func(by Actor) Command { return AttemptRepair{By: by, Station: station} }, qmHooker, qmReynolds},
		{"forage, a unit", "5e", func(by Actor) Command {
			return Forage{By: by, Unit: "csa.hood", Levels: 1, Value: 3, Chart: &Chart{ID: "lrtg.forage"}, Sizes: sizes}
		}, lee, qmStuart},
		{"victuals", "5e", func(by Actor) Command {
			return DrawVictuals{By: by, Store: store, Units: []string{"csa.hood"}, Sizes: sizes}
		}, lee, qmStuart},
	}
	for _, c := range cases {
		s := at(g, c.step)
		_, err := s.Decide(c.cmd(c.other), Script())
		if ruleCode(err) != "quartermaster.duty" || !strings.Contains(err.Error(), c.qm.Name) {
			t.Errorf("%s by %s: %v, want quartermaster.duty naming %s", c.name, c.other.Name, err, c.qm.Name)
		}
		if _, err := s.Decide(c.cmd(c.qm), Script()); ruleCode(err) == "quartermaster.duty" || ruleCode(err) == "unit.command" {
			t.Errorf("%s by the quartermaster general %s: %v", c.name, c.qm.Name, err)
		}
		if _, err := s.Decide(c.cmd(ump), Script()); ruleCode(err) == "quartermaster.duty" {
			t.Errorf("%s by the umpire: %v", c.name, err)
		}
		// Without an appointment the commander who had the duty keeps it.
		p := at(plain, c.step)
		if _, err := p.Decide(c.cmd(c.other), Script()); ruleCode(err) == "quartermaster.duty" {
			t.Errorf("%s without a quartermaster general: %v", c.name, err)
		}
	}
	// The supply adjustment goes through for the quartermaster general,
	// on a unit another commander (Lee) controls.
	if _, err := g.Decide(cases[0].cmd(qmStuart), Script()); err != nil {
		t.Fatalf("Stuart adjusts Hood's victuals: %v", err)
	}
	// Without one, a subordinate forages only his own units, as before.
	if _, err := at(plain, "5e").Decide(cases[3].cmd(qmStuart), Script()); ruleCode(err) != "unit.command" {
		t.Fatalf("Stuart forages Hood without an appointment: %v", err)
	}
	// The Haupt unit: the Union quartermaster general's alone.
	haupt := g.Units["usa.haupt"]
	if !g.Controls(qmReynolds, haupt) || g.Controls(qmHooker, haupt) || !g.Controls(ump, haupt) || g.Controls(lee, haupt) {
		t.Fatal("Haupt is not the Union quartermaster general's alone")
	}
	if _, err := g.Decide(MoveUnits{By: qmHooker, Units: []string{"usa.haupt"}, To: Hex{Q: 6, R: 5}}, Script()); ruleCode(err) != "move.command" {
		t.Fatalf("Hooker moves Haupt: %v", err)
	}
	if !plain.Controls(qmHooker, plain.Units["usa.haupt"]) || plain.Controls(qmReynolds, plain.Units["usa.haupt"]) {
		t.Fatal("without a quartermaster general Haupt is the overall commander's (RR: no corps)")
	}
}
