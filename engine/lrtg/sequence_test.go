package lrtg

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// A small sequence with every kind of condition.
func testSequence() *engine.Sequence {
	return &engine.Sequence{Game: LRTG, Steps: []engine.Step{
		{ID: "1a", Phase: "Turn Start", Name: "Reinforcements", Rule: "3.1"},
		{ID: "1b", Phase: "Turn Start", Name: "Union rolls", Rule: "3.2", When: engine.WhenAfterOpening},
		{ID: "1c", Phase: "Turn Start", Name: "Vicksburg", Rule: "3.4", When: "date>=06-30"},
		{ID: "1f", Phase: "Turn Start", Name: "Time", Rule: "22.2", When: "option:time_limitation"},
		{ID: "2a", Phase: "Communications", Name: "Transfer", Rule: "21.1", When: engine.WhenMultipleCommanders},
		{ID: "4a", Phase: "Action Cycle", Name: "Normal", Rule: "1.0"},
		{ID: "9", Phase: "Turn Indication", Name: "Advance", Rule: "1.0"},
	}}
}

// withoutModules gives the game LRTG's modules with no step procedures
// or waits but the test's own: the frame alone.
func withoutModules(g Game, rules ...stepRules) Game {
	g.GameState = g.WithRules(engine.NewRuleset(LRTG, g.Rules().Hooks(), append(lrtgModules(), engine.Module{Name: "test", Steps: steps(rules)})...))
	return g
}

func TestStepsInOrderWithTheirConditions(t *testing.T) {
	g := withoutModules(startedGame(t, opts())) // two Confederate commanders
	seq := testSequence()
	next := func(g Game) (Game, *engine.StepBegun) {
		t.Helper()
		evs, err := g.Decide(engine.NextStep{By: ump, Sequence: seq}, engine.Script())
		if err != nil {
			t.Fatal(err)
		}
		var begun *engine.StepBegun
		for _, e := range evs {
			g = g.Apply(e)
			if b, ok := e.(*engine.StepBegun); ok {
				begun = b
			}
		}
		return g, begun
	}
	if g.CurrentStep() != "" {
		t.Fatalf("a new game's step: %q", g.CurrentStep())
	}
	g, b := next(g)
	if b.Step != "1a" || b.Turn != 1 || len(b.Skipped) != 0 {
		t.Fatalf("first: %+v", b)
	}
	// Turn 1 (June 3): no Union rolls (opening), no Vicksburg (date), no
	// time allocation (option); communications happen (Lee and Jeb).
	g, b = next(g)
	if b.Step != "2a" || len(b.Skipped) != 3 || b.Skipped[0].Step != "1b" || !strings.Contains(b.Skipped[1].Why, "June 30") || b.Skipped[2].Step != "1f" {
		t.Fatalf("second: %+v", b)
	}
	g, _ = next(g)
	g, b = next(g)
	if b.Step != "9" || g.CurrentStep() != "9" {
		t.Fatalf("last: %+v", b)
	}
	// After the last step, the next turn's first.
	evs, err := g.Decide(engine.NextStep{By: ump, Sequence: seq}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := evs[0].(*engine.TurnAdvanced); !ok || len(evs) != 2 {
		t.Fatalf("turn end: %+v", evs)
	}
	g, _ = g.Apply(evs[0]), 0
	g = g.Apply(evs[1])
	if g.Turn != 2 || g.CurrentStep() != "1a" {
		t.Fatalf("turn %d step %q", g.Turn, g.CurrentStep())
	}
	// Turn 4 (June 12) on: the Union rolls happen.
	g.Turn = 4
	g, _ = next(g) // 1a of turn 4: the step of turn 2 no longer counts
	if g.CurrentStep() != "1a" {
		t.Fatalf("turn 4 begins at %q", g.CurrentStep())
	}
	g, b = next(g)
	if b.Step != "1b" {
		t.Fatalf("turn 4: %+v", b)
	}
	// The umpire only.
	var re *engine.RuleError
	if _, err := g.Decide(engine.NextStep{By: lee, Sequence: seq}, engine.Script()); !errors.As(err, &re) || re.Code != "phase.umpire" {
		t.Fatalf("a player moved the sequence: %v", err)
	}
}

func TestAStepWaitsForItsPlayers(t *testing.T) {
	g := startedGame(t, opts())
	seq := testSequence()
	waiting := []string{"Lee's declaration"}
	g = withoutModules(g, stepRules{ID: "1a",
		Wait: func(Game) []string { return waiting },
		Begin: func(g Game, d engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
			evs, err := g.Decide(engine.RollDice{By: engine.Actor{ID: "umpire"}, Expression: "d6", Purpose: "step 1a"}, d)
			return evs, err
		}})
	evs, err := g.Decide(engine.NextStep{By: ump, Sequence: seq}, engine.Script(5))
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || evs[1].(*engine.DiceRolled).Total != 5 {
		t.Fatalf("the step's procedure: %+v", evs)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	if w := g.Waiting(); len(w) != 1 {
		t.Fatalf("waiting: %v", w)
	}
	var re *engine.RuleError
	if _, err := g.Decide(engine.NextStep{By: ump, Sequence: seq}, engine.Script()); !errors.As(err, &re) || re.Code != "phase.waiting" || !strings.Contains(re.What, "Lee's declaration") {
		t.Fatalf("ended while waiting: %v", err)
	}
	if _, err := g.Decide(engine.NextStep{By: ump, Sequence: seq, Force: true}, engine.Script()); !errors.As(err, &re) || re.Code != "phase.waiting" {
		t.Fatalf("forced without a reason: %v", err)
	}
	evs, err = g.Decide(engine.NextStep{By: ump, Sequence: seq, Force: true, Reason: "Lee is away"}, engine.Script())
	if err != nil || evs[0].(*engine.StepBegun).Forced != "Lee is away" {
		t.Fatalf("forced: %v %+v", err, evs)
	}
	waiting = nil
	if _, err := g.Decide(engine.NextStep{By: ump, Sequence: seq}, engine.Script()); err != nil {
		t.Fatalf("nothing to wait for: %v", err)
	}
}

func TestStepConditionsAreChecked(t *testing.T) {
	for _, ok := range []string{"", engine.WhenAfterOpening, engine.WhenMultipleCommanders, "option:time_limitation", "option:limited_intelligence", "option:confederate_objectives", "date>=07-14", "turn>=3"} {
		if err := engine.CheckCondition(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"sometimes", "option:fog", "date>=13-40", "turn>=x", "turn>=1", "turn>4"} {
		if err := engine.CheckCondition(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// The umpire's undo takes back the last board action and nothing after
// it: a step begun after a move stays begun, a roll stays rolled.
func TestUndoKeepsWhatCameAfterTheAction(t *testing.T) {
	g := withoutModules(startedGame(t, opts()))
	seq := testSequence()
	g = apply(t, g, engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: engine.Hex{Q: 3, R: 3}}, engine.Script())
	g = apply(t, g, engine.NextStep{By: ump, Sequence: seq}, engine.Script())
	g = apply(t, g, engine.RollDice{By: lee, Expression: "d6"}, engine.Script(6))
	if g.CurrentStep() != "1a" || g.Rolls != 1 {
		t.Fatalf("before the undo: step %q, rolls %d", g.CurrentStep(), g.Rolls)
	}
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "wrong hex"}, engine.Script())
	if g.Units["csa.hood"].Hex != (engine.Hex{Q: 1, R: 1}) {
		t.Errorf("the move was not undone: %+v", g.Units["csa.hood"].Hex)
	}
	if g.CurrentStep() != "1a" || g.Rolls != 1 {
		t.Errorf("the undo took back what came after the move: step %q, rolls %d", g.CurrentStep(), g.Rolls)
	}
}

// LRTA plays its own sequence of play (004): its steps' procedures are
// its own, its turn record is daily with the printed "Sept 31", and its
// random events begin on turn 3.
func TestLRTATurnsAndSteps(t *testing.T) {
	g := bare(engine.GameOptions{Scenario: "lrta-campaign"})
	if g.Game() != LRTA || g.LastTurn() != 54 || (bare(opts())).Game() != LRTG {
		t.Fatalf("game %s, last turn %d", g.Game(), g.LastTurn())
	}
	for turn, want := range map[int]string{1: "August 19, 1862", 14: "September 1, 1862", 43: "September 30, 1862", 44: "September 31, 1862 (as printed)", 45: "October 1, 1862", 54: "October 10, 1862"} {
		if got := g.TurnLabel(turn); got != want {
			t.Errorf("turn %d: %q, want %q", turn, got, want)
		}
	}
	if d := g.DaysLeft(1); d != 53 {
		t.Errorf("days left after turn 1: %d, want 53 (54 turns of a day)", d)
	}
	if d := g.DaysLeft(44); d != 10 {
		t.Errorf("days left after Sept 31: %d, want 10", d)
	}
	re := engine.Step{ID: "1d", When: "turn>=3"}
	g.Turn = 2
	if ok, why := g.Happens(re); ok || why != "not on turns 1-2" {
		t.Errorf("turn 2: %v %q", ok, why)
	}
	g.Turn = 3
	if ok, _ := g.Happens(re); !ok {
		t.Error("turn 3: no random events")
	}
	// An LRTG step's procedure is not LRTA's: 1a is PA Militia Entry in
	// LRTA, the Confederate reinforcements in LRTG.
	lrta, lrtg := stepBegin(lrtaStepRules(), "1a"), stepBegin(lrtgStepRules(), "1a")
	if lrta == nil || lrtg == nil || reflect.ValueOf(lrta).Pointer() == reflect.ValueOf(lrtg).Pointer() {
		t.Error("LRTA runs LRTG's 1a")
	}
	// The steps LRTA shares: the same procedure.
	if reflect.ValueOf(g.stepProcedureOf("4a")).Pointer() == 0 || g.stepWaitOf("1e") == nil {
		t.Error("LRTA lacks the shared steps")
	}
}
