package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// The division of command and the options of /game new are the game's
// rules (Hooks.CheckOptions, CheckCommand, CommandsUnit; issue 20): the
// kernel checks its own options and asks the game for the rest, and a game
// without the hooks gets the kernel's defaults.

// commandGame is a toy game created and joined: Lee (CSA, the overall
// commander) declares nothing, Longstreet (CSA) "1", Meade (USA) nothing.
func commandGame(t *testing.T, h Hooks) (GameState, Actor) {
	t.Helper()
	rs := NewRuleset("toy", h, toyModules()...)
	ump := Actor{ID: "u0", Name: "Umpire"}
	evs, err := GameState{}.Decide(NewGame{By: ump, Options: GameOptions{Scenario: "toy-1"}, Rules: rs}, Script())
	if err != nil {
		t.Fatalf("a toy game with no options of its own: %v", err)
	}
	g := GameState{}.ApplyAll(evs)
	for _, j := range []JoinGame{
		{By: Actor{ID: "u1", Name: "Lee"}, Side: CSA},
		{By: Actor{ID: "u2", Name: "Longstreet"}, Side: CSA, Commands: []string{"1"}},
		{By: Actor{ID: "u3", Name: "Meade"}, Side: USA},
	} {
		evs, err := g.Decide(j, Script())
		if err != nil {
			t.Fatal(err)
		}
		g = g.ApplyAll(evs)
	}
	return g, ump
}

var commandOOB = &OrderOfBattle{Units: []UnitSetup{
	{ID: "c1", Name: "Hood", Side: CSA, Command: "1"},
	{ID: "c2", Name: "Early", Side: CSA, Command: "2"},
	{ID: "u1", Name: "Buford", Side: USA, Command: "Cav"},
}}

func TestCommandHooksAbsent(t *testing.T) {
	g, ump := commandGame(t, Hooks{})
	// No options of its own: no supply rule or communications option is
	// asked for; the kernel's intelligence modes still are.
	if _, err := (GameState{}).Decide(NewGame{By: ump, Options: GameOptions{Scenario: "toy-1", Intel: "foggy"}, Rules: g.Rules()}, Script()); !hasCode(err, "game.intelligence") {
		t.Errorf("a bad intelligence mode: %v", err)
	}
	// No division of command to check: the declarations stand.
	evs, err := g.Decide(StartGame{By: ump, OOB: commandOOB}, Script())
	if err != nil {
		t.Fatalf("start without CheckCommand: %v", err)
	}
	g = g.ApplyAll(evs)
	lee, longstreet := Actor{ID: "u1", Name: "Lee"}, Actor{ID: "u2", Name: "Longstreet"}
	hood, early := g.Units["c1"], g.Units["c2"]
	// The kernel's rule: a declared designation covers its units; the
	// overall commander (Lee, first of his side) has the undeclared.
	if g.Controls(lee, hood) || !g.Controls(lee, early) || !g.Controls(longstreet, hood) || g.Controls(longstreet, early) {
		t.Errorf("controls by designation: Lee %v/%v, Longstreet %v/%v", g.Controls(lee, hood), g.Controls(lee, early), g.Controls(longstreet, hood), g.Controls(longstreet, early))
	}
}

func TestCommandHooksAsked(t *testing.T) {
	var asked []string
	refuse := Illegal("toy.command", "Meade may not command alone", "Declare more")
	h := Hooks{
		CheckOptions: func(o GameOptions) error {
			if o.Supply != "toy" {
				return Invalid("toy.supply", "not toy supply", "Use supply:toy")
			}
			return nil
		},
		CheckCommand: func(g GameState, side Side, players []Player, oob *OrderOfBattle) error {
			var names []string
			for _, p := range players {
				names = append(names, p.Actor.Name)
			}
			asked = append(asked, string(side)+":"+strings.Join(names, ","))
			if oob != commandOOB {
				t.Errorf("asked about another order of battle")
			}
			if side == USA {
				return refuse
			}
			return nil
		},
		// Designation "1" covers "2" as well (a corps of two).
		CommandsUnit: func(_ GameState, cmds []string, u UnitState) bool {
			return slices.Contains(cmds, u.Command) || (slices.Contains(cmds, "1") && u.Command == "2")
		},
	}
	rs := NewRuleset("toy", h, toyModules()...)
	ump := Actor{ID: "u0", Name: "Umpire"}
	if _, err := (GameState{}).Decide(NewGame{By: ump, Options: GameOptions{Scenario: "toy-1"}, Rules: rs}, Script()); !hasCode(err, "toy.supply") {
		t.Errorf("the game's options not asked: %v", err)
	}
	// The kernel's options come first.
	if _, err := (GameState{}).Decide(NewGame{By: ump, Options: GameOptions{Scenario: "toy-1", Intel: "foggy"}, Rules: rs}, Script()); !hasCode(err, "game.intelligence") {
		t.Errorf("the kernel's options not checked first: %v", err)
	}
	h2 := h
	h2.CheckOptions = nil
	g, _ := commandGame(t, h2)
	g.rules = rs // the same game under the hooks
	if _, err := g.Decide(StartGame{By: ump, OOB: commandOOB}, Script()); !errors.Is(err, refuse) {
		t.Errorf("start: %v, want the game's refusal", err)
	}
	if want := []string{"csa:Lee,Longstreet", "usa:Meade"}; !slices.Equal(asked, want) {
		t.Errorf("asked %v, want each side with its players: %v", asked, want)
	}
	g.rules = NewRuleset("toy", Hooks{CommandsUnit: h.CommandsUnit}, toyModules()...)
	evs, err := g.Decide(StartGame{By: ump, OOB: commandOOB}, Script())
	if err != nil {
		t.Fatal(err)
	}
	g = g.ApplyAll(evs)
	lee, longstreet := Actor{ID: "u1", Name: "Lee"}, Actor{ID: "u2", Name: "Longstreet"}
	if !g.Controls(longstreet, g.Units["c2"]) || g.Controls(lee, g.Units["c2"]) {
		t.Error("Controls did not ask the game which units a declaration covers")
	}
}

func hasCode(err error, code string) bool {
	var re *RuleError
	return errors.As(err, &re) && re.Code == code
}
