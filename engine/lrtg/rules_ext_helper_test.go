package lrtg_test

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The rulesets of the engine's external tests (rules_helper_test.go's
// twins: an external test cannot read the package's test files).
var extLRTG, extLRTA = lrtg.Ruleset(), lrtg.LRTARuleset()

// withRules gives a test's NewGame its scenario's ruleset: LRTA's for an
// lrta- scenario, else LRTG's.
func withRules(c engine.NewGame) engine.NewGame {
	if c.Rules == nil {
		c.Rules = extLRTG
		if strings.HasPrefix(c.Options.Scenario, "lrta-") {
			c.Rules = extLRTA
		}
	}
	return c
}

// extRulesets decode a test's events as the bot does.
var extRulesets = engine.NewRulesets(extLRTG, extLRTA)

// decodeEvent decodes a stored event of LRTG, LRTA or the kernel.
func decodeEvent(typ string, data []byte) (engine.Event, error) {
	return extRulesets.DecodeEvent(typ, data)
}
