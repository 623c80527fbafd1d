package bot

import "github.com/umpire-games/umpire/engine"

// bare gives a test's bare state (no events folded) the ruleset of its
// scenario, as a stored game finds it.
func bare(g engine.GameState) engine.GameState {
	g, err := DefaultRulesets().Restore(g, nil)
	if err != nil {
		panic(err)
	}
	return g
}
