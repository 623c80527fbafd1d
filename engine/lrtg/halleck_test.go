package lrtg

import (
	"errors"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

var (
	hkHooker   = engine.Actor{ID: "u7", Name: "Hooker"}
	hkReynolds = engine.Actor{ID: "u8", Name: "Reynolds"}
	hkHalleck  = engine.Actor{ID: "u9", Name: "Halleck"}
)

// halleckGame is a started game with the Halleck rule: Hooker (overall,
// I Corps), Reynolds (V, Cav, VI), Halleck (DC, VIII, PA). Hooker's
// counter at 0,0; Wadsworth (I) 25 hexes away, Wright (VI) 21, Barnes
// (V) 20 and Kenly (HF, Halleck's) 30; the Confederates far off.
func halleckGame(t *testing.T, halleck bool) (Game, *engine.OrderOfBattle) {
	t.Helper()
	oob := commandOOB()
	o := opts()
	o.Halleck = halleck
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	for _, j := range []engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"Cav"}}, {By: hkHooker, Side: engine.USA, Commands: []string{"I"}},
		{By: hkReynolds, Side: engine.USA, Commands: []string{"V", "Cav", "VI"}}, {By: hkHalleck, Side: engine.USA, Commands: []string{"DC", "VIII", "PA"}}} {
		g = apply(t, g, j, engine.Script())
	}
	g = apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
	at := map[string]engine.Hex{"usa.hooker": {Q: 0, R: 0}, "usa.wadsworth": {Q: 25, R: 0}, "usa.wright": {Q: 21, R: 0}, "usa.barnes": {Q: 20, R: 0},
		"usa.kenly": {Q: 30, R: 0}, "usa.buford": {Q: 2, R: 0}}
	g.Units = engine.CopyUnits(g.Units)
	for id, u := range g.Units {
		u.OnMap, u.Hex, u.Ref = true, engine.Hex{Q: -40, R: 40}, "far"
		if h, ok := at[id]; ok {
			u.Hex, u.Ref = h, id+"-hex"
		}
		g.Units[id] = u
	}
	for id, d := range map[string]int{"usa.wadsworth": 25, "usa.wright": 21, "usa.barnes": 20} {
		if got := engine.Distance(g.Units[id].Hex, g.Units["usa.hooker"].Hex); got != d {
			t.Fatalf("set-up: %s is %d hexes from Hooker, want %d", id, got, d)
		}
	}
	return g, oob
}

// endLeaderTransfer ends step 3a (forced past its wait) and returns the
// state and the events.
func endLeaderTransfer(t *testing.T, g Game) (Game, []engine.Event) {
	t.Helper()
	g.Sequence = engine.SequenceState{Step: "3a", Turn: g.Turn}
	seq := &engine.Sequence{Game: LRTG, Steps: []engine.Step{{ID: "3a"}, {ID: "3c"}}}
	evs, err := g.Decide(engine.NextStep{By: ump, Sequence: seq, Force: true, Reason: "the test"}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g, evs
}

func halleckEvent(evs []engine.Event) *HalleckDistant {
	for _, e := range evs {
		if h, ok := e.(*HalleckDistant); ok {
			return h
		}
	}
	return nil
}

func ruleCode(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Code
	}
	return ""
}

// 21.1 Halleck: at the Leader Transfer Phase the Union units more than 20
// hexes from Hooker are the Halleck player's for the turn.
func TestHalleckControlsDistantUnits(t *testing.T) {
	g, _ := halleckGame(t, true)
	before := g
	g, evs := endLeaderTransfer(t, g)
	h := halleckEvent(evs)
	if h == nil || h.Halleck.ID != hkHalleck.ID || h.Turn != g.Turn {
		t.Fatalf("no Halleck event at the end of 3a: %+v", evs)
	}
	got := map[string]int{}
	for _, u := range h.Units {
		got[u.Unit] = u.Hexes
	}
	// Wadsworth 25 and Wright 21 go to Halleck; Barnes at exactly 20 does
	// not; Kenly (HF) is his already; Hooker himself is not measured; the
	// Confederates are not Union units.
	if len(got) != 2 || got["usa.wadsworth"] != 25 || got["usa.wright"] != 21 {
		t.Fatalf("distant units %v, want Wadsworth 25 and Wright 21", got)
	}
	for _, c := range []struct {
		who  engine.Actor
		unit string
		want bool
	}{
		{hkHalleck, "usa.wadsworth", true}, {hkHooker, "usa.wadsworth", false},
		{hkHalleck, "usa.wright", true}, {hkReynolds, "usa.wright", false},
		{hkReynolds, "usa.barnes", true}, {hkHalleck, "usa.barnes", false},
		{hkHalleck, "usa.kenly", true}, {hkHooker, "usa.buford", false},
		{ump, "usa.wadsworth", true},
	} {
		if g.Controls(c.who, g.Units[c.unit]) != c.want {
			t.Errorf("%s controls %s: %v, want %v", c.who.Name, c.unit, !c.want, c.want)
		}
	}
	if !before.Controls(hkHooker, before.Units["usa.wadsworth"]) {
		t.Fatal("Apply changed the state before it")
	}
	// Hooker may not move his distant division this turn; Halleck may.
	mv := engine.MoveUnits{By: hkHooker, Units: []string{"usa.wadsworth"}, To: engine.Hex{Q: 24, R: 0}}
	if _, err := g.Decide(mv, engine.Script()); ruleCode(err) != "move.command" {
		t.Fatalf("Hooker moves Wadsworth: %v, want move.command", err)
	}
	mv.By = hkHalleck
	if _, err := g.Decide(mv, engine.Script()); ruleCode(err) == "move.command" {
		t.Fatalf("Halleck may move Wadsworth this turn: %v", err)
	}
	// For that turn only.
	next := g
	next.Turn++
	if !next.Controls(hkHooker, next.Units["usa.wadsworth"]) || next.Controls(hkHalleck, next.Units["usa.wadsworth"]) {
		t.Fatal("the Halleck player kept Wadsworth into the next turn")
	}
	// Meade assumes command (16.2 17)): the rule ceases at once.
	m := g
	m.Movement.Meade = true
	if !m.Controls(hkHooker, m.Units["usa.wadsworth"]) || m.Controls(hkHalleck, m.Units["usa.wadsworth"]) {
		t.Fatal("the Halleck rule outlived Meade's assumption of command")
	}
	if _, evs := endLeaderTransfer(t, m); halleckEvent(evs) != nil {
		t.Fatal("a Halleck check after Meade assumed command")
	}
	// Hooker off the map: nothing is measured.
	off := g
	off.Units = engine.CopyUnits(off.Units)
	hk := off.Units["usa.hooker"]
	hk.OnMap = false
	off.Units["usa.hooker"] = hk
	if _, evs := endLeaderTransfer(t, off); halleckEvent(evs) == nil || !halleckEvent(evs).Absent || len(halleckEvent(evs).Units) != 0 {
		t.Fatalf("Hooker off the map: %+v", halleckEvent(evs))
	}
}

// Without the option nothing happens at the end of 3a and control is the
// division of command's.
func TestHalleckOffChangesNothing(t *testing.T) {
	g, _ := halleckGame(t, false)
	g, evs := endLeaderTransfer(t, g)
	if halleckEvent(evs) != nil {
		t.Fatalf("a Halleck event without the option: %+v", evs)
	}
	if !g.Controls(hkHooker, g.Units["usa.wadsworth"]) || g.Controls(hkHalleck, g.Units["usa.wadsworth"]) {
		t.Fatal("control changed without the option")
	}
	if g.HalleckInterferes() || !g.ActsAsOverall(*g.Player(hkHooker.ID)) {
		t.Fatal("Hooker is not the overall commander without the option")
	}
}

// Halleck Interferes (000 2.0 2); 21.1): the Halleck player is the Union
// overall commander for the rest of the turn, unless Meade commands.
func TestHalleckInterferes(t *testing.T) {
	g, _ := halleckGame(t, true)
	g.Events.Rolled = []RandomEventRolled{{Turn: g.Turn, Outcome: RandomHalleck, HalleckCommands: true}}
	if !g.HalleckInterferes() || !g.ActsAsOverall(*g.Player(hkHalleck.ID)) || g.ActsAsOverall(*g.Player(hkHooker.ID)) {
		t.Fatal("Halleck does not hold the overall command this turn")
	}
	if o := g.ActingOverall(engine.USA); o == nil || o.Actor.ID != hkHalleck.ID {
		t.Fatalf("acting overall %+v", o)
	}
	if o := g.ActingOverall(engine.CSA); o == nil || o.Actor.ID != lee.ID {
		t.Fatalf("the Confederates' overall commander changed: %+v", o)
	}
	// 1e: Halleck declares for the Union, Hooker may not.
	g.Sequence = engine.SequenceState{Step: "1e", Turn: g.Turn}
	if _, err := g.Decide(DeclarePosture{By: hkHooker, Posture: "operational"}, engine.Script()); ruleCode(err) != "declare.overall" {
		t.Fatalf("Hooker declares: %v, want declare.overall", err)
	}
	if _, err := g.Decide(DeclarePosture{By: hkHalleck, Posture: "operational"}, engine.Script()); err != nil {
		t.Fatalf("Halleck declares: %v", err)
	}
	// The initiative is his to use or defer; Hooker is a subordinate.
	g.Sequence = engine.SequenceState{Step: "4a", Turn: g.Turn}
	g.Actions = ActionState{Turn: g.Turn, Step: "4a", ToDecide: engine.USA}
	if _, err := g.decider(hkHooker, g.Actions); ruleCode(err) != "action.overall" {
		t.Fatalf("Hooker decides the initiative: %v", err)
	}
	if _, err := g.decider(hkHalleck, g.Actions); err != nil {
		t.Fatalf("Halleck decides the initiative: %v", err)
	}
	if _, err := g.Decide(DeferInitiative{By: hkHalleck, To: hkHooker.ID}, engine.Script()); err != nil {
		t.Fatalf("Halleck defers to Hooker: %v", err)
	}
	// Not the next turn; not once Meade commands.
	n := g
	n.Turn++
	if n.HalleckInterferes() || !n.ActsAsOverall(*n.Player(hkHooker.ID)) {
		t.Fatal("Halleck kept the overall command into the next turn")
	}
	m := g
	m.Command.Meade = true
	if m.HalleckInterferes() || !m.ActsAsOverall(*m.Player(hkHooker.ID)) {
		t.Fatal("Halleck holds the overall command after Meade assumed it")
	}
}

// Until Meade takes command the Halleck player keeps DC, VIII and PA
// only: control changes to or from him are refused.
func TestHalleckKeepsHisCommand(t *testing.T) {
	g, oob := halleckGame(t, true)
	g.Sequence = engine.SequenceState{Step: "2c", Turn: g.Turn}
	if _, err := g.Decide(GiveCommand{By: hkReynolds, Designation: "VI", To: hkHalleck.ID, OOB: oob}, engine.Script()); ruleCode(err) != "control.halleck" {
		t.Fatalf("VI to Halleck: %v, want control.halleck", err)
	}
	if _, err := g.Decide(GiveCommand{By: hkHalleck, Designation: "PA", To: hkReynolds.ID, OOB: oob}, engine.Script()); ruleCode(err) != "control.halleck" {
		t.Fatalf("PA from Halleck: %v, want control.halleck", err)
	}
	if _, err := g.Decide(GiveCommand{By: ump, Designation: "PA", To: hkReynolds.ID, OOB: oob, Reason: "ruling"}, engine.Script()); err != nil {
		t.Fatalf("the umpire's ruling: %v", err)
	}
	m := g
	m.Movement.Meade = true
	if _, err := m.Decide(GiveCommand{By: hkHalleck, Designation: "PA", To: hkReynolds.ID, OOB: oob}, engine.Script()); ruleCode(err) == "control.halleck" {
		t.Fatalf("after Meade: %v", err)
	}
}

// With two Union players Hooker keeps every AoP unit, the V Corps and its
// cavalry too, and Halleck the DC, VIII and PA forces (21.1).
func TestHalleckTwoUnionPlayers(t *testing.T) {
	for _, c := range []struct {
		halleck bool
		code    string
	}{{true, ""}, {false, "game.command"}} {
		o := opts()
		o.Halleck = c.halleck
		g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
		for _, j := range []engine.JoinGame{{By: lee, Side: engine.CSA}, {By: hkHooker, Side: engine.USA}, {By: hkHalleck, Side: engine.USA, Commands: []string{"DC", "VIII", "PA"}}} {
			g = apply(t, g, j, engine.Script())
		}
		_, err := g.Decide(engine.StartGame{By: ump, OOB: commandOOB()}, engine.Script())
		if ruleCode(err) != c.code || (c.code == "" && err != nil) {
			t.Errorf("halleck %v: %v, want %q", c.halleck, err, c.code)
		}
	}
}
