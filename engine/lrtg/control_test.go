package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func controlGame(t *testing.T) (Game, *engine.OrderOfBattle) {
	t.Helper()
	stuart, ewell := engine.Actor{ID: "u5", Name: "Stuart"}, engine.Actor{ID: "u6", Name: "Ewell"}
	hooker, reynolds := engine.Actor{ID: "u7", Name: "Hooker"}, engine.Actor{ID: "u8", Name: "Reynolds"}
	oob := commandOOB()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	for _, j := range []engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "2"}},
		{By: ewell, Side: engine.CSA, Commands: []string{"3", "Rich", "Imboden"}}, {By: hooker, Side: engine.USA, Commands: []string{"I"}},
		{By: reynolds, Side: engine.USA, Commands: []string{"V", "Cav", "VI", "DC", "VIII", "PA"}}} {
		g = apply(t, g, j, engine.Script())
	}
	g = apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
	g.Units = engine.CopyUnits(g.Units)
	for id, u := range g.Units {
		u.OnMap, u.Hex = true, engine.Hex{Q: 5, R: 5}
		g.Units[id] = u
	}
	return g, oob
}

func controlErr(t *testing.T, g Game, cmd GiveCommand, code string) {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("%+v: err %v, want %s", cmd, err, code)
	}
}

// Changing control (21.1; 003 2 c)).
func TestGiveCommand(t *testing.T) {
	g, oob := controlGame(t)
	stuart, ewell := engine.Actor{ID: "u5", Name: "Stuart"}, engine.Actor{ID: "u6", Name: "Ewell"}
	// Only its commander gives a designation.
	controlErr(t, g, GiveCommand{By: lee, Designation: "2", To: "u6", OOB: oob}, "control.holder")
	// The division of command still holds: the overall commander takes no
	// cavalry; no subordinate is left with fewer corps than he.
	controlErr(t, g, GiveCommand{By: stuart, Designation: "Cav", To: lee.ID, OOB: oob}, "game.command")
	controlErr(t, g, GiveCommand{By: ewell, Designation: "3", To: stuart.ID, OOB: oob}, "game.command")
	// Not outside the Communications Phase once the sequence runs.
	g.Sequence = engine.SequenceState{Step: "1e", Turn: g.Turn}
	controlErr(t, g, GiveCommand{By: stuart, Designation: "2", To: ewell.ID, OOB: oob}, "control.step")
	g.Sequence.Step = "2c"
	evs, err := g.Decide(GiveCommand{By: stuart, Designation: "2", To: ewell.ID, OOB: oob}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	e := evs[0].(*ControlChanged)
	if e.From.ID != stuart.ID || e.To.ID != ewell.ID || len(e.Fatigued) != 1 || e.Fatigued[0] != "csa.rodes" {
		t.Fatalf("event %+v", e)
	}
	before := g
	g = g.Apply(e)
	if !g.Controls(ewell, g.Units["csa.rodes"]) || g.Controls(stuart, g.Units["csa.rodes"]) || g.Units["csa.rodes"].Fatigue != 1 {
		t.Fatalf("after: ewell %v stuart %v fatigue %d", g.Controls(ewell, g.Units["csa.rodes"]), g.Controls(stuart, g.Units["csa.rodes"]), g.Units["csa.rodes"].Fatigue)
	}
	if !before.Controls(stuart, before.Units["csa.rodes"]) || before.Units["csa.rodes"].Fatigue != 0 {
		t.Fatal("Apply changed the state before it")
	}
	// The umpire may set the division aside, with a reason.
	if _, err := g.Decide(GiveCommand{By: ump, Designation: "Cav", To: lee.ID, OOB: oob, Reason: "the players agreed"}, engine.Script()); err != nil {
		t.Fatalf("umpire: %v", err)
	}
}

// Control passes to the overall commander only within 10 hexes of his
// army commander's counter (21.1).
func TestGiveCommandToTheOverallCommanderNearHim(t *testing.T) {
	g, oob := controlGame(t)
	reynolds := engine.Actor{ID: "u8", Name: "Reynolds"}
	hooker := engine.Actor{ID: "u7", Name: "Hooker"}
	g.Units = engine.CopyUnits(g.Units)
	h := g.Units["usa.hooker"]
	h.Hex = engine.Hex{Q: 40, R: 5}
	g.Units["usa.hooker"] = h
	// VI (Wright at 5,5) is 35 hexes from Hooker's counter.
	controlErr(t, g, GiveCommand{By: reynolds, Designation: "VI", To: hooker.ID, OOB: oob}, "control.range")
	h.Hex = engine.Hex{Q: 12, R: 5}
	g.Units["usa.hooker"] = h
	if _, err := g.Decide(GiveCommand{By: reynolds, Designation: "VI", To: hooker.ID, OOB: oob}, engine.Script()); err != nil {
		t.Fatalf("within 7 hexes: %v", err)
	}
}

// The V Corps is not the Union overall commander's player's until Meade
// assumes command (21.1), through /command give as at the start; the
// umpire may set that aside with a reason.
func TestGiveVCorpsToTheOverallCommander(t *testing.T) {
	g, oob := controlGame(t)
	reynolds := engine.Actor{ID: "u8", Name: "Reynolds"}
	hooker := engine.Actor{ID: "u7", Name: "Hooker"}
	g.Sequence = engine.SequenceState{Step: "2c", Turn: g.Turn}
	give := GiveCommand{By: reynolds, Designation: "V", To: hooker.ID, OOB: oob}
	_, err := g.Decide(give, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "control.vcorps" || !strings.Contains(re.Error(), "V Corps") {
		t.Fatalf("V to Hooker: err %v, want control.vcorps", err)
	}
	if strings.Contains(re.Error(), "Lee") || strings.Contains(re.Error(), "Stuart") {
		t.Errorf("the refusal names the enemy: %v", re)
	}
	// Another Union designation may go to him (within 10 hexes).
	if _, err := g.Decide(GiveCommand{By: reynolds, Designation: "VI", To: hooker.ID, OOB: oob}, engine.Script()); err != nil {
		t.Fatalf("VI to Hooker: %v", err)
	}
	if _, err := g.Decide(GiveCommand{By: ump, Designation: "V", To: hooker.ID, OOB: oob, Reason: "the players agreed"}, engine.Script()); err != nil {
		t.Fatalf("umpire with a reason: %v", err)
	}
	// Once Meade commands, the V Corps' player is the overall commander.
	g.Command.Meade = true
	if _, err := g.Decide(give, engine.Script()); err != nil && errors.As(err, &re) && re.Code == "control.vcorps" {
		t.Fatalf("after Meade: %v", err)
	}
}
