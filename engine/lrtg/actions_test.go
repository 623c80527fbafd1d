package lrtg

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The action cycle tests play on a small board: Lee with Longstreet and
// Hood, McLaws two hexes away, Stuart and Hampton (Jeb's), Meade's army
// counter with Sykes and Barnes, Hooker, and Buford far away.
func acGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	u := setupUnit
	return acStart(t, o,
		u("csa.lee", "Lee", engine.CSA, "leader", "ANV", 0, at(0, 0)),
		u("csa.longstreet", "Longstreet", engine.CSA, "leader", "1", 0, at(0, 0)),
		u("csa.hood", "Hood", engine.CSA, "infantry", "1", 15, at(0, 0)),
		u("csa.mclaws", "McLaws", engine.CSA, "infantry", "1", 14, at(2, 0)),
		u("csa.stuart", "Stuart", engine.CSA, "leader", "Cav", 0, at(20, 0)),
		u("csa.hampton", "Hampton", engine.CSA, "cavalry", "Cav", 4, at(20, 0)),
		u("usa.meade-army", "Meade", engine.USA, "leader", "AoP", 0, at(40, 0)),
		u("usa.sykes", "Sykes", engine.USA, "leader", "V", 0, at(40, 0)),
		u("usa.barnes", "Barnes", engine.USA, "infantry", "V", 6, at(40, 0)),
		u("usa.hooker", "Hooker", engine.USA, "leader", "AoP", 0, at(60, 0)),
		u("usa.buford", "Buford", engine.USA, "cavalry", "Cav", 4, at(60, 30)),
	)
}

// setupUnit is a unit of a test's order of battle, on the map.
func setupUnit(id, name string, side engine.Side, kind, command string, mp int, h engine.Hex) engine.UnitSetup {
	return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Command: command, Manpower: mp, OnMap: true, Hex: h}
}

// acStart starts a game of the action cycle tests' players (lee with the
// 1st Corps, jebA with the cavalry, meade) on the board given.
func acStart(t *testing.T, o engine.GameOptions, units ...engine.UnitSetup) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: jebA, Side: engine.CSA, Commands: []string{"Cav"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	return apply(t, g, engine.StartGame{By: ump, OOB: &engine.OrderOfBattle{Units: units}}, engine.Script())
}

// acBegin stands the game at a step of the action cycle on a turn and
// runs its procedure with the dice.
func acBegin(t *testing.T, g Game, turn int, step string, d engine.Dice) (Game, []engine.Event) {
	t.Helper()
	g.Turn = turn
	g.Sequence = engine.SequenceState{Step: step, Turn: turn}
	evs, err := g.stepProcedureOf(step)(g, d, engine.StepContext{})
	if err != nil {
		t.Fatalf("%s: %v", step, err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g, evs
}

func acDo(t *testing.T, g Game, cmd engine.Command, d engine.Dice) (Game, []engine.Event) {
	t.Helper()
	evs, err := g.Decide(cmd, d)
	if err != nil {
		t.Fatalf("%s: %v", cmd.CommandName(), err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g, evs
}

func acRefused(t *testing.T, g Game, cmd engine.Command, code string, says ...string) *engine.RuleError {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("%s: got %v, want %s", cmd.CommandName(), err, code)
	}
	for _, s := range says {
		if !strings.Contains(re.Error(), s) {
			t.Errorf("%s: %q does not say %q", cmd.CommandName(), re.Error(), s)
		}
	}
	return re
}

func acInitiative(t *testing.T, evs []engine.Event) *InitiativeWon {
	t.Helper()
	for _, e := range evs {
		if w, ok := e.(*InitiativeWon); ok {
			return w
		}
	}
	t.Fatalf("no initiative among %d events", len(evs))
	return nil
}

// acEvent gives a turn a random event (randomevents.go).
func acEvent(g Game, turn int, outcome string, spy engine.Side) Game {
	g.Events = EventsState{Rolled: []RandomEventRolled{{Turn: turn, Outcome: outcome, Spy: spy}}}
	return g
}

func acArmyTable() *engine.Table {
	x, _ := engine.ParseDice("1d6")
	return &engine.Table{ID: "lrtg.activate-army-leader", Title: "Activate Army Leader", Dice: x,
		Entries:  []engine.Entry{{Min: math.MinInt, Max: 3, Outcome: "success"}, {Min: 4, Max: math.MaxInt, Outcome: "failure"}},
		Outcomes: []engine.Outcome{{ID: "success", Name: "Army leader activates"}, {ID: "failure", Name: "Activation fails"}}}
}

// Both sides roll a die; the higher wins, the Confederates win ties; the
// rolls are the game's, numbered.
func TestInitiativeRollsAndTies(t *testing.T) {
	for _, c := range []struct {
		csa, usa int
		want     engine.Side
		tie      bool
	}{{5, 2, engine.CSA, false}, {2, 5, engine.USA, false}, {3, 3, engine.CSA, true}, {6, 6, engine.CSA, true}} {
		g := acGame(t, opts())
		g, evs := acBegin(t, g, 5, "4a", engine.Script(c.csa, c.usa))
		if len(evs) != 4 {
			t.Fatalf("%d-%d: %d events", c.csa, c.usa, len(evs))
		}
		r1, r2 := evs[1].(*engine.DiceRolled), evs[2].(*engine.DiceRolled)
		if r1.Number != 1 || r2.Number != 2 || r1.Total != c.csa || r2.Total != c.usa || !strings.Contains(r1.Purpose, "CSA initiative, Normal Action Phase action phase 1") {
			t.Errorf("%d-%d: rolls %+v %+v", c.csa, c.usa, r1, r2)
		}
		w := acInitiative(t, evs)
		if w.Side != c.want || (w.Tie != "") != c.tie || w.Phase != 1 || len(w.Rolls) != 2 || w.Rolls[0].Roll != 1 || w.Rolls[1].Die != c.usa {
			t.Errorf("%d-%d: %+v", c.csa, c.usa, w)
		}
		if c.tie && !strings.Contains(w.Tie, "the Confederates win it") {
			t.Errorf("tie reason %q", w.Tie)
		}
		if g.Rolls != 2 || g.Actions.ToDecide != c.want || g.Actions.Initiative != c.want {
			t.Errorf("%d-%d: state %+v rolls %d", c.csa, c.usa, g.Actions, g.Rolls)
		}
	}
}

// Optional rule 25: once Meade commands, ties of 5-5 and 6-6 go to the
// Union; before Meade, or without the rule, to the Confederates.
func TestVariableInitiative(t *testing.T) {
	o := opts()
	o.Optional = []int{25}
	for _, c := range []struct {
		meade    bool
		optional bool
		csa, usa int
		want     engine.Side
		says     string
	}{
		{true, true, 5, 5, engine.USA, "5-5 and 6-6 go to the Union"},
		{true, true, 6, 6, engine.USA, "optional rule 25"},
		{true, true, 4, 4, engine.CSA, "1-1 to 4-4 go to the Confederates"},
		{false, true, 5, 5, engine.CSA, "the Confederates win it"},
		{true, false, 6, 6, engine.CSA, "the Confederates win it"},
	} {
		oo := opts()
		if c.optional {
			oo = o
		}
		g := acGame(t, oo)
		g.Movement.Meade = c.meade
		_, evs := acBegin(t, g, 8, "4a", engine.Script(c.csa, c.usa))
		if w := acInitiative(t, evs); w.Side != c.want || !strings.Contains(w.Tie, c.says) {
			t.Errorf("%+v: %+v", c, w)
		}
	}
}

// Random events modify the rolls (Lee is Sick -1 CSA; Halleck Interferes
// -1 USA): each modifier is in the roll and its reason; ties are compared
// after the subtraction. The Spy's winner takes the first initiative with
// no roll, and only the first.
func TestInitiativeModifiers(t *testing.T) {
	t.Run("lee is sick", func(t *testing.T) {
		g := acEvent(acGame(t, opts()), 5, RandomLeeSick, "")
		_, evs := acBegin(t, g, 5, "4a", engine.Script(4, 3))
		r := evs[1].(*engine.DiceRolled)
		w := acInitiative(t, evs)
		if r.Expression != "1d6-1" || r.Total != 3 || !strings.Contains(r.Purpose, "-1 Lee is Sick: Confederate command paralysis") {
			t.Errorf("CSA roll %+v", r)
		}
		// 4-1 = 3 against 3: a tie after the subtraction, the Confederates'.
		if w.Side != engine.CSA || w.Rolls[0].Total != 3 || w.Rolls[0].Die != 4 || len(w.Rolls[0].Modifiers) != 1 || w.Tie == "" {
			t.Errorf("%+v", w)
		}
		_, evs = acBegin(t, g, 5, "4a", engine.Script(3, 3))
		if w := acInitiative(t, evs); w.Side != engine.USA {
			t.Errorf("2 against 3: %+v", w)
		}
	})
	t.Run("halleck interferes", func(t *testing.T) {
		g := acEvent(acGame(t, opts()), 5, RandomHalleck, "")
		_, evs := acBegin(t, g, 5, "4a", engine.Script(3, 4))
		if w := acInitiative(t, evs); w.Side != engine.CSA || w.Rolls[1].Total != 3 || evs[2].(*engine.DiceRolled).Expression != "1d6-1" {
			t.Errorf("3 against 4-1: %+v", w)
		}
		_, evs = acBegin(t, g, 5, "4a", engine.Script(3, 5))
		if w := acInitiative(t, evs); w.Side != engine.USA {
			t.Errorf("3 against 5-1: %+v", w)
		}
	})
	// 16.2 11): on the turn Meade assumes command the Union suffers
	// command paralysis, -1 to its initiative rolls (000 2.0 2)); not the
	// turn after; with Halleck the same turn, one -1.
	t.Run("meade arrives", func(t *testing.T) {
		g := acGame(t, opts())
		g.Movement.Meade = true
		g.Command.Meade, g.Command.MeadeTurn = true, 9
		_, evs := acBegin(t, g, 9, "4a", engine.Script(4, 5))
		r := evs[2].(*engine.DiceRolled)
		w := acInitiative(t, evs)
		if r.Expression != "1d6-1" || r.Total != 4 || !strings.Contains(r.Purpose, "Meade assumed command this turn (16.2 11))") {
			t.Errorf("USA roll %+v", r)
		}
		// 4 against 5-1: a tie after the subtraction, the Confederates'.
		if w.Side != engine.CSA || w.Rolls[1].Total != 4 || w.Tie == "" {
			t.Errorf("%+v", w)
		}
		_, evs = acBegin(t, g, 10, "4a", engine.Script(4, 5))
		if r := evs[2].(*engine.DiceRolled); r.Expression != "1d6" || acInitiative(t, evs).Side != engine.USA {
			t.Errorf("the turn after: %+v", r)
		}
		g = acEvent(g, 9, RandomHalleck, "")
		_, evs = acBegin(t, g, 9, "4a", engine.Script(3, 5))
		if w := acInitiative(t, evs); w.Rolls[1].Total != 4 || len(w.Rolls[1].Modifiers) != 1 || w.Side != engine.USA {
			t.Errorf("Halleck and Meade's arrival: %+v", w)
		}
	})
	t.Run("another turn's event", func(t *testing.T) {
		g := acEvent(acGame(t, opts()), 4, RandomLeeSick, "")
		_, evs := acBegin(t, g, 5, "4a", engine.Script(4, 3))
		if r := evs[1].(*engine.DiceRolled); r.Expression != "1d6" || acInitiative(t, evs).Tie != "" {
			t.Errorf("turn 4's Lee is Sick on turn 5: %+v", r)
		}
	})
	t.Run("spy", func(t *testing.T) {
		g := acEvent(acGame(t, opts()), 5, RandomSpy, engine.USA)
		g, evs := acBegin(t, g, 5, "4a", engine.Script()) // no dice
		w := acInitiative(t, evs)
		if w.Side != engine.USA || len(w.Rolls) != 0 || !strings.Contains(w.Automatic, "Spy") || g.Rolls != 0 {
			t.Fatalf("%+v", w)
		}
		g, _ = acDo(t, g, ActivateUnit{By: meade, Unit: "usa.barnes"}, engine.Script())
		_, evs = acDo(t, g, EndAction{By: meade}, engine.Script(1, 2))
		if w := acInitiative(t, evs); w.Automatic != "" || len(w.Rolls) != 2 || w.Side != engine.USA || w.Phase != 2 {
			t.Errorf("the second initiative: %+v", w)
		}
		// Nor is the Distance Action Phase's first initiative the Spy's.
		_, evs = acBegin(t, g, 5, "4b", engine.Script(6, 1))
		if w := acInitiative(t, evs); w.Automatic != "" || w.Side != engine.CSA {
			t.Errorf("4b: %+v", w)
		}
	})
}

// The cycle: the winner acts or passes; after a pass the other side acts
// or passes; two passes in one action phase end it. The wait says whose
// decision it is.
func TestActionCycleEndsOnTwoPasses(t *testing.T) {
	g := acGame(t, opts())
	g, _ = acBegin(t, g, 5, "4a", engine.Script(5, 2))
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "the CSA's decision: it has the initiative in Normal Action Phase action phase 1") {
		t.Fatalf("wait %q", w)
	}
	acRefused(t, g, PassAction{By: meade}, "action.turn", "CSA's decision")
	acRefused(t, g, ActivateUnit{By: lee, Unit: "usa.barnes"}, "unit.command")
	acRefused(t, g, EndAction{By: lee}, "action.none")
	g, evs := acDo(t, g, ActivateUnit{By: lee, Unit: "csa.longstreet"}, engine.Script())
	if a := evs[0].(*Activated); !a.Leader || a.Phase != 1 || a.Side != engine.CSA || a.Name != "Longstreet" {
		t.Errorf("%+v", a)
	}
	if w := g.Waiting(); len(w) != 1 || w[0] != "the CSA's action to end: Longstreet's activation (/action done)" {
		t.Fatalf("wait %q", w)
	}
	acRefused(t, g, ActivateUnit{By: lee, Unit: "csa.hood"}, "action.active")
	acRefused(t, g, PassAction{By: lee}, "action.active")
	acRefused(t, g, EndAction{By: meade}, "action.end")
	// The action ends: the next action phase's initiative is rolled.
	g, evs = acDo(t, g, EndAction{By: lee}, engine.Script(1, 4))
	if len(evs) != 4 || acInitiative(t, evs).Side != engine.USA || acInitiative(t, evs).Phase != 2 {
		t.Fatalf("%d events: %+v", len(evs), acInitiative(t, evs))
	}
	// The Union passes; the Confederates may still act, then it is a new
	// phase with a new roll.
	g, evs = acDo(t, g, PassAction{By: meade}, engine.Script())
	if p := evs[0].(*Passed); p.Ends || p.Side != engine.USA {
		t.Errorf("%+v", p)
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "the CSA's decision after the USA passed") || !strings.Contains(w[0], "which ends the Normal Action Phase") {
		t.Fatalf("wait %q", w)
	}
	g, _ = acDo(t, g, ActivateUnit{By: lee, Unit: "csa.mclaws"}, engine.Script())
	g, evs = acDo(t, g, EndAction{By: lee}, engine.Script(2, 2))
	if w := acInitiative(t, evs); w.Side != engine.CSA || w.Phase != 3 || len(g.Actions.Passed) != 0 {
		t.Fatalf("%+v %+v", w, g.Actions)
	}
	// Both pass: the Normal Action Phase is over; nothing more is declared.
	g, _ = acDo(t, g, PassAction{By: lee}, engine.Script())
	g, evs = acDo(t, g, PassAction{By: meade}, engine.Script())
	if p := evs[0].(*Passed); !p.Ends {
		t.Errorf("the second pass: %+v", p)
	}
	if w := g.Waiting(); len(w) != 0 || !g.Actions.Over {
		t.Fatalf("wait %q after both passed", w)
	}
	acRefused(t, g, ActivateUnit{By: lee, Unit: "csa.hood"}, "action.over")
	if n := len(g.Actions.Log); n != 5 {
		t.Errorf("the turn's log has %d entries: %+v", n, g.Actions.Log)
	}
	// The Distance Action Phase begins with a new roll.
	g, evs = acBegin(t, g, 5, "4b", engine.Script(3, 6))
	if w := acInitiative(t, evs); w.Side != engine.USA || w.Step != "4b" || w.Phase != 1 || g.Actions.Over {
		t.Fatalf("4b: %+v", w)
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "Distance Action Phase") {
		t.Errorf("4b wait %q", w)
	}
	// Outside the cycle, actions are acRefused.
	g.Sequence.Step = "6"
	acRefused(t, g, PassAction{By: meade}, "action.step")
}

// 21.1: the overall commander decides, or defers to a subordinate, who
// activates one of his units or defers back; only the overall commander
// passes. The umpire decides for the side whose decision it is.
func TestInitiativeDeferredToASubordinate(t *testing.T) {
	g := acGame(t, opts())
	g, _ = acBegin(t, g, 5, "4a", engine.Script(6, 1))
	acRefused(t, g, ActivateUnit{By: jebA, Unit: "csa.stuart"}, "action.overall")
	acRefused(t, g, DeferInitiative{By: lee, To: "Meade"}, "action.defer")
	acRefused(t, g, DeferInitiative{By: lee, To: "Lee"}, "action.defer")
	g, _ = acDo(t, g, DeferInitiative{By: lee, To: "Jeb"}, engine.Script())
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "deferred to Jeb (21.1)") {
		t.Fatalf("wait %q", w)
	}
	acRefused(t, g, ActivateUnit{By: lee, Unit: "csa.hood"}, "action.deferred", "Jeb")
	acRefused(t, g, PassAction{By: jebA}, "action.pass")
	g, _ = acDo(t, g, DeferInitiative{By: jebA}, engine.Script()) // back to Lee
	g, _ = acDo(t, g, DeferInitiative{By: lee, To: "u4"}, engine.Script())
	acRefused(t, g, ActivateUnit{By: jebA, Unit: "csa.hood"}, "unit.command")
	g, evs := acDo(t, g, ActivateUnit{By: jebA, Unit: "csa.stuart"}, engine.Script())
	if a := evs[0].(*Activated); a.By != jebA || a.Unit != "csa.stuart" {
		t.Errorf("%+v", a)
	}
	// His side's overall commander may end it; the next decision is Lee's
	// again.
	g, _ = acDo(t, g, EndAction{By: lee}, engine.Script(4, 1))
	if g.Actions.Holder != "" || g.Actions.ToDecide != engine.CSA {
		t.Fatalf("%+v", g.Actions)
	}
	// Under limited intelligence the wait names no deferral and no unit.
	hidden := acGame(t, engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1, LimitedIntel: true})
	hidden, _ = acBegin(t, hidden, 5, "4a", engine.Script(6, 1))
	hidden, _ = acDo(t, hidden, DeferInitiative{By: lee, To: "Jeb"}, engine.Script())
	if w := hidden.Waiting(); strings.Contains(strings.Join(w, " "), "Jeb") {
		t.Errorf("wait %q", w)
	}
	hidden, _ = acDo(t, hidden, ActivateUnit{By: jebA, Unit: "csa.hampton"}, engine.Script())
	if w := strings.Join(hidden.Waiting(), " "); strings.Contains(w, "Hampton") || !strings.Contains(w, "the CSA's action to end (/action done)") {
		t.Errorf("wait %q", w)
	}
	// The umpire acts for the side whose decision it is.
	g, _ = acDo(t, g, ActivateUnit{By: ump, Unit: "csa.hood"}, engine.Script())
	g, _ = acDo(t, g, EndAction{By: ump}, engine.Script(1, 6))
	acRefused(t, g, ActivateUnit{By: ump, Unit: "csa.hood"}, "action.side")
	g, _ = acDo(t, g, PassAction{By: ump}, engine.Script())
	if g.Actions.ToDecide != engine.CSA || g.Actions.Passed[0] != engine.USA {
		t.Errorf("%+v", g.Actions)
	}
}

// 10.1-10.3: the conditions, the roll (1-3 succeeds), the movement die
// (a 1 counts as 2), the opponent's automatic initiative after a success,
// a new roll after a failure, two attempts a turn, one success, none the
// turn after.
func TestActivateArmyLeader(t *testing.T) {
	g := acGame(t, opts())
	g, _ = acBegin(t, g, 5, "4a", engine.Script(6, 1))
	army := func(by engine.Actor, leader string, units ...string) ActivateArmyLeader {
		return ActivateArmyLeader{By: by, Leader: leader, Units: units, Table: acArmyTable()}
	}
	acRefused(t, g, army(lee, "csa.longstreet", "csa.hood"), "army.leader")
	acRefused(t, g, army(lee, "csa.lee"), "army.units")
	acRefused(t, g, army(lee, "csa.lee", "csa.hood", "csa.hood"), "army.twice")
	acRefused(t, g, army(lee, "csa.lee", "csa.longstreet"), "army.kind")
	// Fatigue 4 units may not be selected; nor without infantry at 3 or
	// less anywhere.
	tired := edit(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue = 4 })
	acRefused(t, tired, army(lee, "csa.lee", "csa.hood"), "army.fatigue", "fatigue 4")
	tired = edit(tired, "csa.mclaws", func(u *engine.UnitState) { u.Fatigue = 4 })
	acRefused(t, tired, army(lee, "csa.lee", "csa.hampton"), "army.infantry")
	// Not stacked with a non-cavalry leader: Stuart does not count.
	alone := edit(g, "csa.longstreet", func(u *engine.UnitState) { u.Hex = at(10, 10) })
	acRefused(t, alone, army(lee, "csa.lee", "csa.hood"), "army.stack", "non-cavalry leader")
	withStuart := edit(alone, "csa.stuart", func(u *engine.UnitState) { u.Hex = at(0, 0) })
	acRefused(t, withStuart, army(lee, "csa.lee", "csa.hood"), "army.stack")
	// The umpire may set a condition aside with a reason.
	acRefused(t, alone, army(ump, "csa.lee", "csa.hood"), "army.stack", "As umpire you may set the rule aside")
	_, evs := acDo(t, alone, ActivateArmyLeader{By: ump, Leader: "csa.lee", Units: []string{"csa.hood"}, Table: acArmyTable(), Reason: "Longstreet is in the next hex by the players' agreement"}, engine.Script(6, 3, 5))
	if a := evs[1].(*ArmyAttempted); a.Override == "" || len(a.Overrode) != 1 || a.Success {
		t.Errorf("override %+v", a)
	}
	// Failure (4 or more): no action, a new action phase and a new roll.
	g2, evs := acDo(t, g, army(lee, "csa.lee", "csa.hood", "csa.hampton"), engine.Script(4, 2, 5))
	tr, att := evs[0].(*engine.TableRolled), evs[1].(*ArmyAttempted)
	if tr.Natural != 4 || tr.Outcome != "failure" || att.Success || att.Roll != 3 || att.Nearest != 0 || len(evs) != 5 {
		t.Fatalf("failure: %+v %+v (%d events)", tr, att, len(evs))
	}
	if w := acInitiative(t, evs); w.Side != engine.USA || w.Phase != 2 || w.Automatic != "" || g2.Actions.Active != nil {
		t.Fatalf("after the failure: %+v", w)
	}
	// Activate Army Leader belongs to the initiative's winner.
	g2, _ = acDo(t, g2, PassAction{By: meade}, engine.Script())
	acRefused(t, g2, army(lee, "csa.lee", "csa.hood"), "army.initiative")
	g2, _ = acDo(t, g2, ActivateUnit{By: lee, Unit: "csa.hood"}, engine.Script())
	g2, _ = acDo(t, g2, EndAction{By: lee}, engine.Script(5, 1))
	// The second attempt succeeds: the movement die of 1 counts as 2.
	g3, evs := acDo(t, g2, army(lee, "csa.lee", "csa.hood", "csa.mclaws", "csa.hampton"), engine.Script(3, 1))
	att = evs[2].(*ArmyAttempted)
	if !att.Success || att.MADie != 1 || att.MA != 2 || att.MARoll != att.Roll+1 || g3.Actions.Active == nil || g3.Actions.Active.Kind != ActionArmy {
		t.Fatalf("success: %+v", att)
	}
	if w := g3.Waiting(); len(w) != 1 || !strings.Contains(w[0], "Lee's army activation") {
		t.Errorf("wait %q", w)
	}
	// 10.3: the Union wins the next initiative with no roll.
	g3, evs = acDo(t, g3, EndAction{By: lee}, engine.Script())
	if w := acInitiative(t, evs); w.Side != engine.USA || len(w.Rolls) != 0 || !strings.Contains(w.Automatic, "10.3") {
		t.Fatalf("penalty: %+v", w)
	}
	// No more this turn (once), nor after two attempts.
	g3, _ = acDo(t, g3, PassAction{By: meade}, engine.Script())
	g3, _ = acDo(t, g3, ActivateUnit{By: lee, Unit: "csa.hood"}, engine.Script())
	g3, _ = acDo(t, g3, EndAction{By: lee}, engine.Script(6, 1))
	acRefused(t, g3, army(lee, "csa.lee", "csa.hood"), "army.once")
	twice := g3
	twice.Actions.Army = []ArmyAttempt{{Side: engine.CSA, Turn: 5}, {Side: engine.CSA, Turn: 5}}
	acRefused(t, twice, army(lee, "csa.lee", "csa.hood"), "army.attempts")
	// Not in the turn after a success; again in the second turn after.
	next, _ := acBegin(t, g3, 6, "4a", engine.Script(6, 1))
	acRefused(t, next, army(lee, "csa.lee", "csa.hood"), "army.last_turn")
	after, _ := acBegin(t, g3, 7, "4a", engine.Script(6, 1))
	acDo(t, after, army(lee, "csa.lee", "csa.hood"), engine.Script(5, 3, 3))
	// The Union needs Meade in command; Hooker is never the army leader.
	u, _ := acBegin(t, acGame(t, opts()), 5, "4a", engine.Script(1, 6))
	acRefused(t, u, army(meade, "usa.meade-army", "usa.barnes"), "army.meade", "Meade has assumed command")
	u.Movement.Meade = true
	acRefused(t, u, army(meade, "usa.hooker", "usa.barnes"), "army.meade")
	_, evs = acDo(t, u, army(meade, "usa.meade-army", "usa.barnes", "usa.buford"), engine.Script(2, 4))
	if att := evs[2].(*ArmyAttempted); !att.Success || att.MA != 4 || att.Side != engine.USA {
		t.Errorf("Meade: %+v", att)
	}
}

// 4a allows no strategic or rail movement (003 4 a)); 4b does; time
// limitation and the opening allow them in 4a; the umpire may set the rule
// aside; outside the sequence of play nothing changes.
func TestNormalActionPhaseMovementGate(t *testing.T) {
	g := moveGame(t, opts())
	g.Turn = 5
	from := at(10, 30)
	east := engine.Hex{Q: from.Q + 9, R: from.R}
	cmd := strategic(meade, east, 2, "usa.b1")
	wantMove(t, g, cmd) // no step under way: as before
	g.Sequence = engine.SequenceState{Step: "4a", Turn: 5}
	g.Actions = ActionState{Turn: 5, Step: "4a", Phase: 1, Initiative: engine.USA,
		Active: &Activation{Side: engine.USA, By: meade, Kind: ActionActivate, Unit: "usa.b1"}}
	re := wantRule(t, g, cmd, "move.portion", "003 4 a)", "Distance Action Phase")
	if !strings.Contains(re.Error(), "Strategic movement") {
		t.Errorf("%q", re.Error())
	}
	wantRule(t, g, railMove(meade, at(20, 30), "usa.b1"), "move.portion", "003 4 a)", "Rail movement")
	wantMove(t, g, marched(g, move(meade, east, "usa.b1")))
	umpire := strategic(ump, east, 2, "usa.b1")
	umpire.Reason = "the players agreed to move it now"
	_, ev := wantMove(t, g, umpire)
	if len(ev.Overrode) != 1 || !strings.Contains(ev.Overrode[0], "003 4 a)") {
		t.Errorf("override %+v", ev.Overrode)
	}
	g4b := g
	g4b.Sequence.Step = "4b"
	g4b.Actions.Step = "4b"
	wantMove(t, g4b, cmd)
	timed := g
	timed.Options.TimeLimit = true
	wantMove(t, timed, cmd)
	opening := g
	opening.Turn, opening.Sequence.Turn, opening.Actions.Turn = 2, 2, 2
	wantMove(t, opening, cmd)
	opening.Options.BrandyStation = true
	wantRule(t, opening, cmd, "move.portion", "27.1 c)")
}

// Time limitation (000 IV e) note; 22.1): every kind of movement in the
// Normal Action Phase; the Distance Action Phase is not played.
func TestTimeLimitationHasOneCycle(t *testing.T) {
	o := opts()
	o.TimeLimit = true
	g := acGame(t, o)
	g, evs := acBegin(t, g, 5, "4a", engine.Script(2, 1))
	if b := evs[0].(*CycleBegun); !b.AllMoves || b.Skipped != "" || b.WhyCode != AllMovesTimeLimit || b.Why != "" {
		t.Errorf("4a: %+v", b)
	}
	g, _ = acDo(t, g, PassAction{By: lee}, engine.Script())
	g, _ = acDo(t, g, PassAction{By: meade}, engine.Script())
	g, evs = acBegin(t, g, 5, "4b", engine.Script()) // no dice
	if b := evs[0].(*CycleBegun); b.Skipped == "" || len(evs) != 1 {
		t.Fatalf("4b: %+v", evs)
	}
	if w := g.Waiting(); len(w) != 0 {
		t.Errorf("4b waits for %q", w)
	}
	acRefused(t, g, PassAction{By: lee}, "action.skipped", "time limitation")
}

// The opening (000 VIII 3)): no initiative; the Confederates activate
// (no cavalry on turns 1-2), then the Union with its allowance; the
// Distance Action Phase is not played; the umpire begins the rolls when
// the restrictions lift.
func TestOpeningTurnsHaveNoInitiative(t *testing.T) {
	g := acGame(t, opts())
	g, evs := acBegin(t, g, 1, "4a", engine.Script())
	if b := evs[0].(*CycleBegun); !b.Opening || !b.AllMoves || len(evs) != 1 || g.Actions.ToDecide != engine.CSA {
		t.Fatalf("%+v", evs)
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "the CSA's activations, without initiative") {
		t.Fatalf("wait %q", w)
	}
	acRefused(t, g, ActivateUnit{By: meade, Unit: "usa.barnes"}, "action.turn")
	g, _ = acDo(t, g, ActivateUnit{By: lee, Unit: "csa.longstreet"}, engine.Script())
	g, evs = acDo(t, g, EndAction{By: lee}, engine.Script()) // no roll
	if len(evs) != 1 || g.Actions.ToDecide != engine.CSA || g.Actions.Phase != 1 {
		t.Fatalf("%+v %+v", evs, g.Actions)
	}
	g, _ = acDo(t, g, DeferInitiative{By: lee, To: "Jeb"}, engine.Script())
	acRefused(t, g, ActivateUnit{By: jebA, Unit: "csa.hampton"}, "action.opening", "turns 1 and 2")
	acRefused(t, g, ActivateUnit{By: ump, Unit: "csa.hampton"}, "action.opening")
	_, evs = acDo(t, g, ActivateUnit{By: ump, Unit: "csa.hampton", Reason: "released by Union cavalry (27.2)"}, engine.Script())
	if a := evs[0].(*Activated); a.Override == "" || a.Phase != 2 {
		t.Errorf("%+v", a)
	}
	three, _ := acBegin(t, acGame(t, opts()), 3, "4a", engine.Script())
	three, _ = acDo(t, three, DeferInitiative{By: lee, To: "Jeb"}, engine.Script())
	acDo(t, three, ActivateUnit{By: jebA, Unit: "csa.hampton"}, engine.Script())
	// The Confederates pass: the Union's activations, with the allowance.
	g, _ = acDo(t, g, DeferInitiative{By: jebA}, engine.Script())
	g, _ = acDo(t, g, PassAction{By: lee}, engine.Script())
	w := g.Waiting()
	if len(w) != 1 || !strings.Contains(w[0], "the USA's activations") || !strings.Contains(w[0], "each of the 1 Confederate corps that moved (1)") {
		t.Fatalf("wait %q", w)
	}
	// With limited intelligence the (public) wait counts the corps that
	// moved without naming them.
	li := g
	li.Options.LimitedIntel = true
	if w := li.Waiting(); len(w) != 1 || !strings.Contains(w[0], "each of the 1 Confederate corps that moved, plus") {
		t.Fatalf("limited intelligence: wait %q", w)
	}
	acRefused(t, g, ActivateUnit{By: lee, Unit: "csa.hood"}, "action.turn")
	g, _ = acDo(t, g, ActivateUnit{By: meade, Unit: "usa.sykes"}, engine.Script())
	g, _ = acDo(t, g, EndAction{By: meade}, engine.Script())
	if g.Actions.ToDecide != engine.USA {
		t.Fatalf("%+v", g.Actions)
	}
	g, evs = acDo(t, g, PassAction{By: meade}, engine.Script())
	if !evs[0].(*Passed).Ends || len(g.Waiting()) != 0 {
		t.Fatalf("%+v", evs[0])
	}
	g, evs = acBegin(t, g, 1, "4b", engine.Script())
	if b := evs[0].(*CycleBegun); !strings.Contains(b.Skipped, "opening") || len(g.Waiting()) != 0 {
		t.Fatalf("4b: %+v", b)
	}
	// A Confederate unit leaves the six counties: the rolls begin at once,
	// and the Distance Action Phase is played.
	r, _ := acBegin(t, acGame(t, opts()), 2, "4a", engine.Script())
	if _, err := r.Decide(BeginInitiativeRolls{By: lee, Reason: "x"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a player began the rolls: %v", err)
	}
	acRefused(t, r, BeginInitiativeRolls{By: ump}, "action.reason")
	r, evs = acDo(t, r, BeginInitiativeRolls{By: ump, Reason: "Hood left Culpeper County"}, engine.Script(2, 3))
	if w := acInitiative(t, evs); w.Side != engine.USA || len(w.Rolls) != 2 || r.Actions.Opening || r.Actions.AllMoves {
		t.Fatalf("%+v %+v", w, r.Actions)
	}
	acRefused(t, r, BeginInitiativeRolls{By: ump, Reason: "again"}, "action.rolls")
	r, _ = acDo(t, r, PassAction{By: meade}, engine.Script())
	r, _ = acDo(t, r, PassAction{By: lee}, engine.Script())
	_, evs = acBegin(t, r, 2, "4b", engine.Script(6, 5))
	if b := evs[0].(*CycleBegun); b.Skipped != "" || acInitiative(t, evs).Side != engine.CSA {
		t.Fatalf("4b after the rolls began: %+v", evs)
	}
}

// 17.2: a side without the initiative asks to move units 8 or more hexes
// from every enemy unit; the enemy's overall commander answers.
func TestRemoteMovementPermission(t *testing.T) {
	g := acGame(t, opts())
	g, _ = acBegin(t, g, 5, "4a", engine.Script(6, 1))
	acRefused(t, g, AskRemote{By: lee, Units: []string{"csa.mclaws"}}, "remote.initiative")
	near := edit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex = at(44, 0) })
	re := acRefused(t, near, AskRemote{By: meade, Units: []string{"usa.buford", "usa.barnes"}}, "remote.near", "Barnes is 4 hexes from an enemy unit")
	if strings.Contains(re.Error(), "Hampton") {
		t.Errorf("the refusal names the enemy: %q", re.Error())
	}
	g, _ = acDo(t, g, AskRemote{By: meade, Units: []string{"usa.buford"}}, engine.Script())
	if w := strings.Join(g.Waiting(), "; "); !strings.Contains(w, "the CSA's answer to a remote movement request") {
		t.Errorf("wait %q", w)
	}
	acRefused(t, g, AskRemote{By: meade, Units: []string{"usa.barnes"}}, "remote.open")
	acRefused(t, g, AnswerRemote{By: jebA, Allow: true}, "remote.answer")
	acRefused(t, g, AnswerRemote{By: meade, Allow: true}, "remote.answer")
	g, _ = acDo(t, g, AnswerRemote{By: lee, Allow: true}, engine.Script())
	if !g.RemoteAllowed("usa.buford") || g.RemoteAllowed("usa.barnes") || len(g.Waiting()) != 1 {
		t.Errorf("%+v", g.Actions)
	}
	g, _ = acDo(t, g, AskRemote{By: meade, Units: []string{"usa.barnes"}}, engine.Script())
	g, _ = acDo(t, g, AnswerRemote{By: lee, Allow: false, Comment: "no"}, engine.Script())
	if g.RemoteAllowed("usa.barnes") || g.Actions.Remotes[1].Answer != "denied" {
		t.Errorf("%+v", g.Actions.Remotes)
	}
}

// Every event survives its JSON record; folding never writes into the
// state it came from.
func TestActionEventsRoundTripAndFoldImmutably(t *testing.T) {
	evs := []engine.Event{
		&CycleBegun{Turn: 5, Step: "4a", AllMoves: true, Why: "w"},
		&InitiativeWon{Turn: 5, Step: "4a", Phase: 1, Side: engine.USA, Rolls: []InitiativeRoll{{Side: engine.CSA, Roll: 1, Die: 3, Modifiers: []engine.AppliedModifier{{Value: -1, Reason: "r"}}, Total: 2}}, Tie: "t"},
		&Activated{By: lee, Side: engine.CSA, Turn: 5, Step: "4a", Phase: 1, Unit: "csa.hood", Name: "Hood"},
		&ArmyAttempted{By: lee, Side: engine.CSA, Turn: 5, Step: "4a", Phase: 1, Leader: "csa.lee", Units: []string{"csa.hood"}, Roll: 3, Die: 2, Success: true, MARoll: 4, MADie: 1, MA: 2},
		&ActionEnded{By: lee, Side: engine.CSA, Turn: 5, Step: "4a", Phase: 1},
		&Passed{By: lee, Side: engine.CSA, Turn: 5, Step: "4a", Phase: 1, Ends: true},
		&Deferred{By: lee, Side: engine.CSA, To: jebA},
		&RollsBegun{By: ump, Turn: 2, Reason: "r"},
		&RemoteAsked{By: meade, Side: engine.USA, Units: []string{"usa.buford"}, Phase: 1},
		&RemoteAnswered{By: lee, Side: engine.CSA, Allow: true},
	}
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := testDecode(typ, data)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		_, again, _ := engine.EncodeEvent(back)
		if string(again) != string(data) {
			t.Errorf("%s: %s != %s", typ, again, data)
		}
	}
	g := acGame(t, opts())
	g, _ = acBegin(t, g, 5, "4a", engine.Script(6, 1))
	g, _ = acDo(t, g, ActivateUnit{By: lee, Unit: "csa.hood"}, engine.Script())
	before := g
	log := slices.Clone(g.Actions.Log)
	next := g.Apply(&ActionEnded{By: lee, Side: engine.CSA, Turn: 5, Step: "4a", Phase: 1})
	next = next.Apply(&Passed{By: lee, Side: engine.CSA, Turn: 5, Step: "4a", Phase: 1})
	if before.Actions.Active == nil || len(before.Actions.Passed) != 0 || !slices.Equal(before.Actions.Log, log) || len(next.Actions.Log) != 2 {
		t.Errorf("folding changed the state it came from: %+v", before.Actions)
	}
}
