package lrtg

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The rulesets of the engine's tests: a test that folds a game from a
// bare GameState names the game's rules as the bot does at /game new.
var testLRTG, testLRTA = Ruleset(), LRTARuleset()

// testRules is the ruleset of a test's scenario: LRTA's for an lrta-
// scenario, else LRTG's (the tests' own scenarios, "x", are LRTG games).
func testRules(scenario string) *engine.Ruleset {
	if strings.HasPrefix(scenario, "lrta-") {
		return testLRTA
	}
	return testLRTG
}

// withRules gives a test's NewGame its scenario's ruleset.
func withRules(c engine.NewGame) engine.NewGame {
	if c.Rules == nil {
		c.Rules = testRules(c.Options.Scenario)
	}
	return c
}

// created gives a test's GameCreated its scenario's ruleset.
func created(e *engine.GameCreated) *engine.GameCreated {
	if e.Rules == nil {
		e.Rules = testRules(e.Options.Scenario)
	}
	return e
}

// testRulesets decode a test's events as the bot does.
var testRulesets = engine.NewRulesets(testLRTG, testLRTA)

// testDecode decodes a stored event of LRTG, LRTA or the kernel.
func testDecode(typ string, data []byte) (engine.Event, error) {
	return testRulesets.DecodeEvent(typ, data)
}

// bare is a bare state of a game with these options and its scenario's
// ruleset (no events folded).
func bare(o engine.GameOptions) Game { return Of(testRules(o.Scenario).Bare(o)) }

// withRulesOf is the game put to the ruleset of another scenario (a test
// of a variant's difference).
func (g Game) withRulesOf(scenario string) Game {
	g.GameState = g.WithRules(testRules(scenario))
	return g
}

// stepProcedureOf and stepWaitOf are the kernel's StepProcedureOf and
// StepWaitOf on Game: a step's procedure and wait as the tests call them.
func (g Game) stepProcedureOf(id string) procedure {
	p := g.Kernel().StepProcedureOf(id)
	if p == nil {
		return nil
	}
	return func(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
		return p(g.Kernel(), d, ctx)
	}
}

func (g Game) stepWaitOf(id string) waiting {
	w := g.Kernel().StepWaitOf(id)
	if w == nil {
		return nil
	}
	return func(g Game) []string { return w(g.Kernel()) }
}

// stepBegin is the procedure that begins a step as the series writes it
// (the kernel's are adapters: one function for every step).
func stepBegin(rules []stepRules, id string) procedure {
	for _, s := range rules {
		if s.ID == id {
			return s.Begin
		}
	}
	return nil
}
