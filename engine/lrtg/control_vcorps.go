package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// checkVCorpsGive keeps the V Corps from the Union overall commander's
// player until Meade assumes command (21.1: "The V Corps (i.e., Meade) may
// not be controlled by the player who is the overall Union commander at
// the start of the game (i.e., Hooker). Whomever controls the Union V
// Corps at the start of the game shall become the overall Union commander
// when Meade assumes command"). The start checks the division
// (checkCommandLimits); this holds it through /command give afterwards.
// With Halleck and two Union players Hooker holds all the AoP until Meade
// (21.1 Halleck), so the rule waits for him there as at the start.
func (g Game) checkVCorpsGive(to engine.Player, units []engine.UnitState) error {
	if to.Side != engine.USA || !to.Overall || g.meadeCommands() {
		return nil
	}
	if g.Options.Halleck && len(g.sidePlayers(engine.USA)) == 2 {
		return nil
	}
	for _, u := range units {
		if strings.EqualFold(u.Command, "V") {
			return &engine.RuleError{Kind: engine.ErrIllegal, Code: "control.vcorps",
				What: fmt.Sprintf("%s is the Union overall commander: the V Corps may not be his until Meade assumes command", to.Actor.Name),
				Hint: "Give V to another Union player; he becomes the overall commander when Meade takes command (the umpire may set this aside with reason:)",
				Rule: "LRTG 21.1"}
		}
	}
	return nil
}

// sidePlayers is the side's players.
func (g Game) sidePlayers(side engine.Side) []engine.Player {
	var out []engine.Player
	for _, p := range g.Players {
		if p.Side == side {
			out = append(out, p)
		}
	}
	return out
}
