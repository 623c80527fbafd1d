package engine

import "strings"

// The rulesets of the engine's tests: a test that folds a game from a
// bare GameState names the game's rules as the bot does at /game new.
var testLRTG, testLRTA = LRTGRuleset(), LRTARuleset()

// testRules is the ruleset of a test's scenario: LRTA's for an lrta-
// scenario, else LRTG's (the tests' own scenarios, "x", are LRTG games).
func testRules(scenario string) *Ruleset {
	if strings.HasPrefix(scenario, "lrta-") {
		return testLRTA
	}
	return testLRTG
}

// withRules gives a test's NewGame its scenario's ruleset.
func withRules(c NewGame) NewGame {
	if c.Rules == nil {
		c.Rules = testRules(c.Options.Scenario)
	}
	return c
}

// created gives a test's GameCreated its scenario's ruleset.
func created(e *GameCreated) *GameCreated {
	if e.Rules == nil {
		e.Rules = testRules(e.Options.Scenario)
	}
	return e
}

// testRulesets decode a test's events as the bot does.
var testRulesets = NewRulesets(testLRTG, testLRTA)

// testDecode decodes a stored event of LRTG, LRTA or the kernel.
func testDecode(typ string, data []byte) (Event, error) { return testRulesets.DecodeEvent(typ, data) }

// bare is a bare state of a game with these options and its scenario's
// ruleset (no events folded).
func bare(o GameOptions) GameState { return GameState{Options: o, rules: testRules(o.Scenario)} }
