package lrtg

import (
	"errors"
	"slices"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// kernelOnly is a game with no rules of its own: none of the board's or
// the views' hooks (Hooks.BoardCommand, BoardEffect, CommandOverride,
// View), so what the kernel does by itself shows.
func kernelOnly(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	rules := engine.NewRuleset(engine.Game("kernel-only"), engine.Hooks{})
	g := apply(t, Game{}, engine.NewGame{By: ump, Options: o, Rules: rules}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Command: "VI", Manpower: 9, OnMap: true, Hex: engine.Hex{Q: 9, R: 9}},
	}}
	return apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
}

// TestBoardWithoutGameRules: the kernel decides the elimination, the undo
// and the pause by itself; a move, a unit's change and a mark are the
// game's, and a game without board rules refuses them, changing nothing.
func TestBoardWithoutGameRules(t *testing.T) {
	g := kernelOnly(t, opts())
	for _, cmd := range []engine.Command{
		engine.MoveUnits{By: ump, Units: []string{"csa.hood"}, To: engine.Hex{Q: 2, R: 2}},
		engine.SetUnit{By: ump, Unit: "csa.hood", Field: "manpower", Value: 10},
		engine.MarkUnit{By: ump, Unit: "csa.hood", Mark: "fort"},
	} {
		evs, err := g.Decide(cmd, engine.Script())
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Code != "command.unknown" || len(evs) != 0 {
			t.Errorf("%s in a game without board rules: %v, %v; want command.unknown and no event", cmd.CommandName(), evs, err)
		}
	}
	if !g.Controls(lee, g.Units["csa.hood"]) || g.Controls(meade, g.Units["csa.hood"]) {
		t.Error("the kernel's rule of command: Lee commands his corps' Hood, Meade does not")
	}
	g = apply(t, g, engine.EliminateUnit{By: lee, Unit: "csa.hood"}, engine.Script())
	if u := g.Units["csa.hood"]; !u.Eliminated || u.OnMap {
		t.Fatalf("Hood eliminated: %+v", u)
	}
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "misclick"}, engine.Script())
	if u := g.Units["csa.hood"]; u.Eliminated || !u.OnMap {
		t.Errorf("undone: %+v", u)
	}
}

// TestViewWithoutGameRules: with no view hook, a side in a hidden mode
// sees its own units and nothing of the enemy's (no secret leaks for
// want of the game's rules), and the public sees force markers only.
func TestViewWithoutGameRules(t *testing.T) {
	for _, mode := range []string{engine.IntelLimited, engine.IntelDoubleBlind} {
		o := opts()
		o.Intel = mode
		g := kernelOnly(t, o)
		v := engine.ViewFor(g.Kernel(), g.ViewerOf(lee))
		if !slices.Equal(v.Known(), []string{"csa.hood"}) || len(v.Counters) != 1 || v.Counters[0].Unit != "csa.hood" {
			t.Errorf("%s: Lee's view %v %+v; want Hood alone", mode, v.Known(), v.Counters)
		}
		pub := engine.ViewFor(g.Kernel(), engine.Viewer{Kind: engine.ViewerPublic})
		for _, c := range pub.Counters {
			if c.Unit != "" || c.Name != "" || !c.Unidentified {
				t.Errorf("%s: the public sees %+v", mode, c)
			}
		}
		if len(pub.Known()) != 0 {
			t.Errorf("%s: the public knows %v", mode, pub.Known())
		}
	}
}

// TestBoardAction: a game's own board action keeps the state before for
// the umpire's undo, as the kernel's do.
func TestBoardAction(t *testing.T) {
	g := kernelOnly(t, opts())
	e := &engine.UnitEliminated{By: ump, Unit: "usa.wright"}
	next := g.action(e, func(w *Game) { w.EditUnit("usa.wright", func(u *engine.UnitState) { u.Manpower = 1 }) })
	if next.Units["usa.wright"].Manpower != 1 || g.Units["usa.wright"].Manpower != 9 {
		t.Fatalf("the action changes the new state only: %d, %d", next.Units["usa.wright"].Manpower, g.Units["usa.wright"].Manpower)
	}
	evs, err := next.Decide(engine.UndoLast{By: ump, Reason: "test"}, engine.Script())
	if err != nil || len(evs) != 1 || evs[0].(*engine.Undone).What != engine.EventUnitEliminated {
		t.Fatalf("undo of the action: %v, %v", evs, err)
	}
	if back := next.Apply(evs[0]); back.Units["usa.wright"].Manpower != 9 {
		t.Errorf("undone: %d MP", back.Units["usa.wright"].Manpower)
	}
}
