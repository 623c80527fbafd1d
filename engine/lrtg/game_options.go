package lrtg

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// The series' options of /game new (the kernel checks its own first, the
// intelligence modes; it asks these through Hooks.CheckOptions:
// adapters.go): the supply rules (LRTG 24), the communications options
// (LRTG 21) and the numbers of the optional rules (LRTG 18-31).

// supplyRules are the supply rules a game may choose (LRTG 24).
var supplyRules = []string{"normal", "simplified", "augmented"}

// checkOptions checks the series' options of a new game.
func checkOptions(o engine.GameOptions) error {
	var problems []*engine.RuleError
	ok := false
	for _, s := range supplyRules {
		ok = ok || o.Supply == s
	}
	if !ok {
		problems = append(problems, engine.Invalid("game.supply", fmt.Sprintf("%q is not a supply rule", o.Supply), "Use supply:normal, simplified or augmented (LRTG 24)"))
	}
	if o.Comms < 1 || o.Comms > 3 {
		problems = append(problems, engine.Invalid("game.comms", fmt.Sprintf("Communications option %d does not exist", o.Comms), "Use communications:1, 2 or 3 (LRTG 21)"))
	}
	for _, n := range o.Optional {
		if n < 18 || n > 31 {
			problems = append(problems, engine.Invalid("game.optional", fmt.Sprintf("There is no optional rule %d", n), "LRTG's optional rules are 18 to 31"))
		}
	}
	return engine.OptionProblems(problems) // every problem at once
}
