package lrtg

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

var (
	qmStuart   = engine.Actor{ID: "u5", Name: "Stuart"}
	qmEwell    = engine.Actor{ID: "u6", Name: "Ewell"}
	qmHooker   = engine.Actor{ID: "u7", Name: "Hooker"}
	qmReynolds = engine.Actor{ID: "u8", Name: "Reynolds"}
)

// qmJoined is a game not yet started, with three Confederate and two
// Union commanders.
func qmJoined(t *testing.T) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	for _, j := range []engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: qmStuart, Side: engine.CSA, Commands: []string{"Cav", "2"}},
		{By: qmEwell, Side: engine.CSA, Commands: []string{"3", "Rich", "Imboden"}}, {By: qmHooker, Side: engine.USA, Commands: []string{"I"}},
		{By: qmReynolds, Side: engine.USA, Commands: []string{"V", "Cav", "VI", "DC", "VIII", "PA"}}} {
		g = apply(t, g, j, engine.Script())
	}
	return g
}

func qmOOB() *engine.OrderOfBattle {
	oob := commandOOB()
	oob.Units = append(oob.Units, engine.UnitSetup{ID: "usa.haupt", Name: "Haupt", Side: engine.USA, Kind: "infantry", Command: "RR", Manpower: 1})
	return oob
}

// qmStarted starts the game (with the appointments made before) and puts
// every unit on the map.
func qmStarted(t *testing.T, g Game) Game {
	t.Helper()
	g = apply(t, g, engine.StartGame{By: ump, OOB: qmOOB()}, engine.Script())
	g.Units = engine.CopyUnits(g.Units)
	for id, u := range g.Units {
		u.OnMap, u.Hex = true, engine.Hex{Q: 5, R: 5}
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
		{"for the other side", AppointQuartermaster{By: lee, Side: engine.USA, Player: qmReynolds.ID}, "quartermaster.side"},
		{"no one to end", AppointQuartermaster{By: ump, Side: engine.CSA}, "quartermaster.none"},
	} {
		if _, err := g.Decide(c.cmd, engine.Script()); ruleCode(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	evs, err := g.Decide(AppointQuartermaster{By: lee, Player: qmStuart.ID}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	e := evs[0].(*QuartermasterAppointed)
	if e.Side != engine.CSA || e.Player.ID != qmStuart.ID {
		t.Fatalf("event %+v", e)
	}
	before := g
	g = g.Apply(e)
	if q := g.QuartermasterOf(engine.CSA); q == nil || q.Actor.ID != qmStuart.ID || g.QuartermasterOf(engine.USA) != nil || before.QuartermasterOf(engine.CSA) != nil {
		t.Fatalf("appointed: %+v (before %+v)", g.QuartermasterOf(engine.CSA), before.QuartermasterOf(engine.CSA))
	}
	// The event survives its encoding.
	typ, raw, err := engine.EncodeEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := testDecode(typ, raw)
	if err != nil || back.(*QuartermasterAppointed).Player.ID != qmStuart.ID {
		t.Fatalf("decoded %+v %v", back, err)
	}
	g = qmStarted(t, g)
	if _, err := g.Decide(AppointQuartermaster{By: lee, Player: qmEwell.ID}, engine.Script()); ruleCode(err) != "quartermaster.started" {
		t.Fatalf("after the start, Lee: %v", err)
	}
	if _, err := g.Decide(AppointQuartermaster{By: ump, Side: engine.CSA, Player: qmEwell.ID}, engine.Script()); ruleCode(err) != "quartermaster.reason" {
		t.Fatalf("after the start, the umpire without a reason: %v", err)
	}
	g = apply(t, g, AppointQuartermaster{By: ump, Side: engine.CSA, Player: qmEwell.ID, Reason: "Stuart is away"}, engine.Script())
	if q := g.QuartermasterOf(engine.CSA); q == nil || q.Actor.ID != qmEwell.ID {
		t.Fatalf("replaced: %+v", q)
	}
	g = apply(t, g, AppointQuartermaster{By: ump, Side: engine.CSA, Reason: "no more"}, engine.Script())
	if g.QuartermasterOf(engine.CSA) != nil {
		t.Fatal("the appointment did not end")
	}
}

// The quartermaster general's duties are his alone (21.1); without one,
// each stays as before.
func TestQuartermasterDuties(t *testing.T) {
	plain := qmStarted(t, qmJoined(t))
	g := qmJoined(t)
	g = apply(t, g, AppointQuartermaster{By: lee, Player: qmStuart.ID}, engine.Script())
	g = apply(t, g, AppointQuartermaster{By: qmHooker, Player: qmReynolds.ID}, engine.Script())
	g = qmStarted(t, g)
	sizes := engine.UnitSizes{"csa.hood": "division", "csa.rodes": "division", "usa.wadsworth": "division"}
	at := func(g Game, step string) Game {
		g.Sequence = engine.SequenceState{Step: step, Turn: g.Turn}
		g.Places = map[string]PlaceState{"Carlisle": {Levied: true}} // a store of victuals (13.1)
		return g
	}
	station := engine.Place{Name: "Relay", Hex: engine.Hex{Q: 5, R: 5}, Kinds: []string{"rr-station"}}
	store := engine.Place{Name: "Carlisle", Hex: engine.Hex{Q: 5, R: 5}, Kinds: []string{"levy-town"}, Values: map[string]int{"levy_victuals": 4}}
	cases := []struct {
		name  string
		step  string
		cmd   func(by engine.Actor) engine.Command
		other engine.Actor // a commander of the side, not the quartermaster general
		qm    engine.Actor
	}{
		{"supply adjust", "", func(by engine.Actor) engine.Command {
			return AdjustSupply{By: by, Side: engine.CSA, Delta: -1, Units: []string{"csa.hood"}, Sizes: sizes, Reason: "expenditure"}
		}, lee, qmStuart},
		{"depot", "5h", func(by engine.Actor) engine.Command {
			return ScheduleDepot{By: by, Action: DepotDismantle, Place: engine.Place{Name: "Culpeper"}, Map: &engine.Theatre{}}
		}, lee, qmStuart},
		{"railroad repair", "5g", func(by engine.Actor) engine.Command { return AttemptRepair{By: by, Station: station} }, qmHooker, qmReynolds},
		{"forage, a unit", "5e", func(by engine.Actor) engine.Command {
			return Forage{By: by, Unit: "csa.hood", Levels: 1, Value: 3, Chart: &engine.Chart{ID: "lrtg.forage"}, Sizes: sizes}
		}, lee, qmStuart},
		{"victuals", "5e", func(by engine.Actor) engine.Command {
			return DrawVictuals{By: by, Store: store, Units: []string{"csa.hood"}, Sizes: sizes}
		}, lee, qmStuart},
	}
	for _, c := range cases {
		s := at(g, c.step)
		_, err := s.Decide(c.cmd(c.other), engine.Script())
		if ruleCode(err) != "quartermaster.duty" || !strings.Contains(err.Error(), c.qm.Name) {
			t.Errorf("%s by %s: %v, want quartermaster.duty naming %s", c.name, c.other.Name, err, c.qm.Name)
		}
		if _, err := s.Decide(c.cmd(c.qm), engine.Script()); ruleCode(err) == "quartermaster.duty" || ruleCode(err) == "unit.command" {
			t.Errorf("%s by the quartermaster general %s: %v", c.name, c.qm.Name, err)
		}
		if _, err := s.Decide(c.cmd(ump), engine.Script()); ruleCode(err) == "quartermaster.duty" {
			t.Errorf("%s by the umpire: %v", c.name, err)
		}
		// Without an appointment the commander who had the duty keeps it.
		p := at(plain, c.step)
		if _, err := p.Decide(c.cmd(c.other), engine.Script()); ruleCode(err) == "quartermaster.duty" {
			t.Errorf("%s without a quartermaster general: %v", c.name, err)
		}
	}
	// The supply adjustment goes through for the quartermaster general,
	// on a unit another commander (Lee) controls.
	if _, err := g.Decide(cases[0].cmd(qmStuart), engine.Script()); err != nil {
		t.Fatalf("Stuart adjusts Hood's victuals: %v", err)
	}
	// Without one, a subordinate forages only his own units, as before.
	if _, err := at(plain, "5e").Decide(cases[3].cmd(qmStuart), engine.Script()); ruleCode(err) != "unit.command" {
		t.Fatalf("Stuart forages Hood without an appointment: %v", err)
	}
	// The Haupt unit: the Union quartermaster general's alone.
	haupt := g.Units["usa.haupt"]
	if !g.Controls(qmReynolds, haupt) || g.Controls(qmHooker, haupt) || !g.Controls(ump, haupt) || g.Controls(lee, haupt) {
		t.Fatal("Haupt is not the Union quartermaster general's alone")
	}
	if _, err := g.Decide(engine.MoveUnits{By: qmHooker, Units: []string{"usa.haupt"}, To: engine.Hex{Q: 6, R: 5}}, engine.Script()); ruleCode(err) != "move.command" {
		t.Fatalf("Hooker moves Haupt: %v", err)
	}
	if !plain.Controls(qmHooker, plain.Units["usa.haupt"]) || plain.Controls(qmReynolds, plain.Units["usa.haupt"]) {
		t.Fatal("without a quartermaster general Haupt is the overall commander's (RR: no corps)")
	}
}
