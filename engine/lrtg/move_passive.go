package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// strategicPosture sets a strategic move's passive allowance from the
// side's declaration of the turn (LRTG 9, 17.1: the chart's "(#) If
// Passive" column is the passive side's; 004 "Passive players have reduced
// strategic movement"), not from what the player remembers to type. The
// option passive: stays accepted for old commands: it agrees with the
// declaration or is refused. Before the declarations are revealed (or in a
// game that has none) the player's passive: is all there is, as before.
// It returns the command with Passive set and the posture it followed
// ("" when it followed the option).
func (g Game) strategicPosture(cmd engine.MoveUnits) (engine.MoveUnits, string, error) {
	var side engine.Side
	for _, id := range cmd.Units {
		if u, ok := g.Units[id]; ok {
			side = u.Side
			break
		}
	}
	posture := g.Declared.Posture(side, g.Turn)
	if posture == "" {
		return cmd, "", nil
	}
	declared := posture == PosturePassive
	if cmd.Passive && !declared {
		return cmd, "", engine.Invalid("move.passive",
			fmt.Sprintf("The %s declared itself %s this turn: passive:true does not apply", strings.ToUpper(string(side)), posture),
			"Leave passive: out: the allowance follows the declaration ("+g.moveSection("LRTG 9, 17.1", "004 Strategic Movement")+")")
	}
	cmd.Passive = declared
	return cmd, posture, nil
}
