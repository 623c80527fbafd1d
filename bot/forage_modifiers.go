package bot

import (
	"fmt"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// forageModifiers says what makes up a forage modifier: each part by its
// code (lrtg.Forage*), word for word what the engine wrote before the
// codes, or the words of an event stored before them (old) (issue 20:
// events carry facts, the bot the words).
func forageModifiers(mods []lrtg.ForageMod, old []string) []string {
	if len(mods) == 0 {
		return old
	}
	out := make([]string, 0, len(mods))
	for _, m := range mods {
		out = append(out, forageModifier(m))
	}
	return out
}

func forageModifier(m lrtg.ForageMod) string {
	noRR := ""
	if !m.RestRefit {
		noRR = " (no Confederate Rest & Refit)"
	}
	switch m.Code {
	case lrtg.ForageRiverPotomac:
		return fmt.Sprintf("%+d the Union controls the Potomac (13.3)", m.Value)
	case lrtg.ForageRiverShenandoah:
		return fmt.Sprintf("%+d the Union controls the Shenandoah Valley (13.3)", m.Value)
	case lrtg.ForageCrossed:
		return fmt.Sprintf("%+d Confederate infantry north of the Potomac for %d turns (%d or more)", m.Value, m.N, m.From)
	case lrtg.ForageBelowTable:
		return fmt.Sprintf("%d is below the table: read as -1", m.N)
	case lrtg.ForageUnionVirginia:
		return fmt.Sprintf("%+d most Union divisions are in Virginia (%d of %d)", m.Value, m.N, m.Of)
	case lrtg.ForageUnionPenn:
		return fmt.Sprintf("%+d most Union divisions are in Pennsylvania (%d of %d)", m.Value, m.N, m.Of)
	case lrtg.ForageLRTAMcClellan:
		return fmt.Sprintf("%+d McClellan has assumed command (one box more)", m.Value)
	case lrtg.ForageLRTALate:
		return fmt.Sprintf("%+d turn %d: turn %d or later%s", m.Value, m.N, m.From, noRR)
	case lrtg.ForageLRTAEarly:
		return fmt.Sprintf("%+d turn %d: turns %d-%d%s", m.Value, m.N, m.From, m.To, noRR)
	case lrtg.ForageLRTAShenandoah:
		return fmt.Sprintf("%+d the Union controls the Shenandoah Valley (Front Royal and Winchester) and %s is north of the Potomac", m.Value, m.Leader)
	case lrtg.ForageLRTAPotomac:
		return fmt.Sprintf("%+d the Union controls the Potomac (Harpers Ferry or Martinsburg) and %s is north of the Potomac", m.Value, m.Leader)
	}
	// A code this program does not know (a newer program's log).
	return fmt.Sprintf("%+d (%s)", m.Value, m.Code)
}
