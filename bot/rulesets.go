package bot

import (
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// DefaultRulesets lists the games the umpire plays, each a ruleset (issue
// 20): the one place a game is added to the umpire.
// Rulesets are values that never change: built once, so that every
// router's games carry the same ones (a state restored by one router is
// the state another folded).
func DefaultRulesets() *engine.Rulesets { return defaultRulesets }

var defaultRulesets = engine.NewRulesets(lrtg.Ruleset(), lrtg.LRTARuleset(), litn.Ruleset())

// WithRulesets sets the games the router plays (default:
// DefaultRulesets).
func WithRulesets(rs *engine.Rulesets) Option { return func(r *Router) { r.rulesets = rs } }
