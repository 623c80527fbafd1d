package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// battleUnitList reads the units of one side of /battle result. A player
// names his own units only: each side records its own half of a battle
// (docs/combat-results.md), or the umpire both, or /attack settles both
// at once with the group's Combat Chart. A name that is none of the
// player's is answered so (issue 22: "You have no unit "Buford"" misled a
// Confederate who named the Union defender), in the same words whether
// or not the enemy has such a unit, so a hidden game tells nothing of it.
func (r *Router) battleUnitList(g engine.GameState, asker engine.Actor, s string) ([]string, error) {
	var ids []string
	for _, x := range strings.Split(s, ",") {
		if strings.TrimSpace(x) == "" {
			continue
		}
		id, err := findUnit(g, asker, x)
		var re *engine.RuleError
		if err != nil && !g.IsUmpire(asker) && errors.As(err, &re) && re.Code == "unit.unknown" {
			return nil, r.notYourHalf(g, re, strings.TrimSpace(x))
		}
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// notYourHalf is the refusal of a name none of the player's units bears.
func (r *Router) notYourHalf(g engine.GameState, re *engine.RuleError, name string) error {
	hint := "Name your own units (attacker: or defender:, with their result); the other side's commander records his half with his own /battle result, or the umpire records both"
	if r.attackChartsOf(g) != nil {
		hint += ". /attack declare settles both halves at once on the loaded Combat Chart"
	} else {
		hint += ". Once the group loads its Combat Chart, /attack settles both halves at once"
	}
	return &engine.RuleError{Kind: re.Kind, Code: re.Code,
		What: fmt.Sprintf("You have no unit %q: /battle result records your own side's half of a battle", name), Hint: hint}
}
