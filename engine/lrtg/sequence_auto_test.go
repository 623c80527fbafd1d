package lrtg

import (
	"errors"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The turn that runs itself (engine/sequence_auto.go, issue 22), on the
// frame's test sequence: 1a does nothing, 2a opens to the Confederate
// commanders (as 3a's leader transfers would), 4a waits for the umpire on
// turn 1 (as 1g's Harpers Ferry ruling would), 9 ends the turn.
func autoFrame(t *testing.T, steps string) Game {
	t.Helper()
	o := opts()
	o.Steps = steps
	return withoutModules(startedGame(t, o),
		stepRules{ID: "2a", Open: func(g Game) []engine.Opening {
			var out []engine.Opening
			for _, p := range g.Players {
				if p.Side == engine.CSA {
					out = append(out, engine.Opening{Player: p.Actor, Code: engine.OpenLeaderTransfer, Rule: "test"})
				}
			}
			return out
		}},
		stepRules{ID: "4a", Wait: func(g Game) []string {
			if g.Turn == 1 {
				return []string{"the umpire's ruling (test)"}
			}
			return nil
		}},
	)
}

func autoCtx() engine.AutoContext { return engine.AutoContext{Sequence: testSequence()} }

// begun lists the steps the events begin, and fails on any not begun by
// itself.
func autoBegun(t *testing.T, evs []engine.Event, g Game) []string {
	t.Helper()
	var out []string
	for _, e := range evs {
		if b, ok := e.(*engine.StepBegun); ok {
			if !b.Auto || b.By != g.AutoActor() {
				t.Fatalf("step %s begun by %+v, auto %v: want the game's own", b.Step, b.By, b.Auto)
			}
			out = append(out, b.Step)
		}
	}
	return out
}

func TestAutoStepsRunUntilAnOpeningOrAWait(t *testing.T) {
	g := autoFrame(t, engine.StepsAuto)
	if evs := g.AutoSteps(autoCtx(), engine.Script()); evs != nil {
		t.Fatalf("before the first step: %v (the umpire's first /phase next begins the turn)", evs)
	}
	g = apply(t, g, engine.NextStep{By: ump, Sequence: testSequence()}, engine.Script())
	// 1a waits for no one and opens nothing: 2a begins by itself, and
	// stops there (Lee and Jeb may transfer leaders).
	evs := g.AutoSteps(autoCtx(), engine.Script())
	if got := autoBegun(t, evs, g); len(got) != 1 || got[0] != "2a" {
		t.Fatalf("began %v, want [2a]", got)
	}
	g = applyAll(g, evs)
	if len(g.Openings()) != 2 || g.StepFinished() {
		t.Fatalf("openings at 2a: %+v", g.Openings())
	}
	// Lee is done: Jeb is not; nothing begins.
	g = apply(t, g, engine.PhaseDone{By: lee}, engine.Script())
	if evs := g.AutoSteps(autoCtx(), engine.Script()); evs != nil || len(g.Openings()) != 1 || g.Openings()[0].Player.ID != jebA.ID {
		t.Fatalf("after Lee's done: began %v, openings %+v", evs, g.Openings())
	}
	// Jeb is done: 4a begins and waits for the umpire's ruling.
	g = apply(t, g, engine.PhaseDone{By: jebA}, engine.Script())
	evs = g.AutoSteps(autoCtx(), engine.Script())
	if got := autoBegun(t, evs, g); len(got) != 1 || got[0] != "4a" {
		t.Fatalf("began %v, want [4a]", got)
	}
	g = applyAll(g, evs)
	if evs := g.AutoSteps(autoCtx(), engine.Script()); evs != nil {
		t.Fatalf("a step that waits for the umpire passed: %v", evs)
	}
	// His forced /phase next begins 9; the game then ends the turn and
	// runs turn 2 to its opening at 2a, the done of turn 1 forgotten.
	g = apply(t, g, engine.NextStep{By: ump, Sequence: testSequence(), Force: true, Reason: "ruled"}, engine.Script())
	evs = g.AutoSteps(autoCtx(), engine.Script())
	if got := autoBegun(t, evs, g); len(got) != 2 || got[0] != "1a" || got[1] != "2a" {
		t.Fatalf("began %v, want [1a 2a] of turn 2", got)
	}
	g = applyAll(g, evs)
	if g.Turn != 2 || g.CurrentStep() != "2a" || len(g.Openings()) != 2 {
		t.Fatalf("turn %d step %s openings %+v", g.Turn, g.CurrentStep(), g.Openings())
	}
}

func TestManualGamesDoNotStepByThemselves(t *testing.T) {
	for _, steps := range []string{"", engine.StepsManual} {
		g := autoFrame(t, steps)
		g = apply(t, g, engine.NextStep{By: ump, Sequence: testSequence()}, engine.Script())
		if evs := g.AutoSteps(autoCtx(), engine.Script()); evs != nil {
			t.Fatalf("steps %q began %v by itself", steps, evs)
		}
	}
}

func TestAutoStepsStopWhenPausedOrOver(t *testing.T) {
	g := autoFrame(t, engine.StepsAuto)
	g = apply(t, g, engine.NextStep{By: ump, Sequence: testSequence()}, engine.Script())
	g = apply(t, g, engine.PauseGame{By: ump, Reason: "tea"}, engine.Script())
	if evs := g.AutoSteps(autoCtx(), engine.Script()); evs != nil {
		t.Fatalf("a paused game stepped: %v", evs)
	}
}

// A game whose steps all finish by themselves stops after one turn's
// steps: the safety bound.
func TestAutoStepsBoundedByOneTurn(t *testing.T) {
	o := opts()
	o.Steps = engine.StepsAuto
	g := withoutModules(startedGame(t, o))
	g = apply(t, g, engine.NextStep{By: ump, Sequence: testSequence()}, engine.Script())
	evs := g.AutoSteps(autoCtx(), engine.Script())
	n := 0
	for _, e := range evs {
		if _, ok := e.(*engine.StepBegun); ok {
			n++
		}
	}
	if n == 0 || n > len(testSequence().Steps) {
		t.Fatalf("%d steps begun in one go; the bound is %d", n, len(testSequence().Steps))
	}
}

func TestPhaseDoneRefusals(t *testing.T) {
	g := autoFrame(t, engine.StepsAuto)
	code := func(g Game, a engine.Actor) string {
		t.Helper()
		_, err := g.Decide(engine.PhaseDone{By: a}, engine.Script())
		var re *engine.RuleError
		if !errors.As(err, &re) {
			t.Fatalf("%s's /phase done: %v", a.Name, err)
		}
		return re.Code
	}
	if c := code(g, lee); c != "phase.done.step" {
		t.Fatalf("before the turn: %s", c)
	}
	g = apply(t, g, engine.NextStep{By: ump, Sequence: testSequence()}, engine.Script())
	if c := code(g, lee); c != "phase.done.nothing" {
		t.Fatalf("at 1a (no openings): %s", c)
	}
	g = applyAll(g, g.AutoSteps(autoCtx(), engine.Script()))
	if c := code(g, ump); c != "phase.done.player" {
		t.Fatalf("the umpire: %s", c)
	}
	if c := code(g, meade); c != "phase.done.nothing" {
		t.Fatalf("Meade, to whom 2a opens nothing: %s", c)
	}
	g = apply(t, g, engine.PhaseDone{By: lee}, engine.Script())
	if c := code(g, lee); c != "phase.done.again" {
		t.Fatalf("twice: %s", c)
	}
	// The umpire's /phase next ends a step with openings without force.
	if _, err := g.Decide(engine.NextStep{By: ump, Sequence: testSequence()}, engine.Script()); err != nil {
		t.Fatalf("/phase next at a step with openings: %v", err)
	}
}

func TestStepsOptionChecked(t *testing.T) {
	o := opts()
	o.Steps = "sometimes"
	_, err := Game{}.Decide(withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "game.steps" {
		t.Fatalf("steps:sometimes: %v", err)
	}
}
