package bot

import (
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// DefaultRulesets lists the games that have a ruleset of their own (issue
// 20): the one place a game is added to the umpire. LRTG and LRTA are
// still the kernel's built-in modules and need no entry yet.
func DefaultRulesets() *engine.Rulesets {
	return engine.NewRulesets(litn.Ruleset())
}

// WithRulesets sets the games with rules of their own (default:
// DefaultRulesets).
func WithRulesets(rs *engine.Rulesets) Option { return func(r *Router) { r.rulesets = rs } }
