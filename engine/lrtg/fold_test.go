package lrtg

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// foldLog is a small game's log with what the bulk fold must get right:
// board actions in a row, rolls and a pause between them (folded into the
// undo's state too), an undo, an action after the undo, and an
// elimination.
func foldLog(t *testing.T) []engine.Event {
	t.Helper()
	var log []engine.Event
	g := Game{}
	do := func(cmd engine.Command) {
		t.Helper()
		evs, err := g.Decide(cmd, engine.Script(3, 4, 5, 6, 1, 2))
		if err != nil {
			t.Fatalf("%s: %v", cmd.CommandName(), err)
		}
		for _, e := range evs {
			g = g.Apply(e)
		}
		log = append(log, evs...)
	}
	do(withRules(engine.NewGame{By: ump, Options: engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1}}))
	do(engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1"}})
	do(engine.JoinGame{By: meade, Side: engine.USA})
	do(engine.StartGame{By: ump, OOB: &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Command: "ANV", OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Command: "VI", Manpower: 9, OnMap: true, Hex: engine.Hex{Q: 9, R: 9}},
	}}})
	roll := &engine.DiceRolled{Number: 1, Expression: "2d6", By: lee, Terms: []engine.TermResult{{Count: 2, Sides: 6, Faces: []int{3, 4}, Sign: 1, Value: 7}}, Total: 7}
	do(engine.MoveUnits{By: ump, Units: []string{"csa.hood"}, To: engine.Hex{Q: 2, R: 1}, Ref: "x"})
	do(engine.MoveUnits{By: ump, Units: []string{"csa.hood"}, To: engine.Hex{Q: 3, R: 1}, Ref: "x"})
	do(engine.SetUnit{By: ump, Unit: "usa.wright", Field: "fatigue", Value: 2})
	log = append(log, roll)
	g = g.Apply(roll)
	do(engine.PauseGame{By: ump})
	do(engine.PauseGame{By: ump, Resume: true})
	do(engine.MarkUnit{By: ump, Unit: "csa.hood", Mark: "fort"})
	do(engine.UndoLast{By: ump, Reason: "wrong unit"})
	do(engine.MoveUnits{By: ump, Units: []string{"usa.wright"}, To: engine.Hex{Q: 8, R: 9}, Ref: "x"})
	do(engine.UndoLast{By: ump, Reason: "again"})
	do(engine.SetUnit{By: ump, Unit: "csa.hood", Field: "manpower", Value: 12, Cause: "attrition"})
	do(engine.EliminateUnit{By: ump, Unit: "usa.wright", Reason: "test"})
	do(engine.MoveUnits{By: ump, Units: []string{"csa.hood", "csa.lee"}, To: engine.Hex{Q: 4, R: 2}, Ref: "x"})
	return log
}

// TestApplyAllIsApply: the bulk fold from any state of a log, over any
// stretch of it, gives the state applying each event gives, undo included
// (prev, lastAction: reflect.DeepEqual sees unexported fields).
func TestApplyAllIsApply(t *testing.T) {
	log := foldLog(t)
	states := sequentialStates(log)
	for i := range states {
		for k := i; k < len(states); k++ {
			got := states[i].ApplyAll(log[i:k])
			if !reflect.DeepEqual(got, states[k]) {
				t.Fatalf("events %d to %d folded in bulk differ from one by one", i, k)
			}
			if got.HoldsFoldBuffers() {
				t.Fatalf("events %d to %d: the bulk fold's buffers stay in the state", i, k)
			}
		}
	}
	if !states[len(states)-1].CanUndo() {
		t.Fatal("the log ends on a board action: it should leave an undo")
	}
}

// TestApplyAllLeavesStatesAlone: no state the fold starts from or returns
// changes when folding goes on, from it or from any other state (the
// router's cache and the undo's prev hold them).
func TestApplyAllLeavesStatesAlone(t *testing.T) {
	log := foldLog(t)
	states := sequentialStates(log)
	var bulk []Game
	for k := range states {
		bulk = append(bulk, Game{}.ApplyAll(log[:k]))
	}
	enc := func(g Game) []byte {
		b, err := engine.EncodeSnapshot(g.Kernel(), testRulesets)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	var want [][]byte
	for _, g := range states {
		want = append(want, enc(g))
	}
	for i := range states {
		states[i].ApplyAll(log[i:])
		bulk[i].ApplyAll(log[i:])
		s := bulk[i]
		for _, e := range log[i:] {
			s = s.Apply(e)
		}
	}
	for k := range states {
		if !bytes.Equal(enc(states[k]), want[k]) {
			t.Errorf("state %d (one by one) changed by later folds", k)
		}
		if !bytes.Equal(enc(bulk[k]), want[k]) {
			t.Errorf("state %d (in bulk) changed by later folds", k)
		}
	}
}

func sequentialStates(log []engine.Event) []Game {
	states := []Game{{}}
	for _, e := range log {
		states = append(states, states[len(states)-1].Apply(e))
	}
	return states
}
