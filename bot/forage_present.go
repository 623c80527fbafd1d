// The words of a forage (lrtg.UnitForaged: the table's gain and the
// victuals before and after, as facts).

package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// forageText is the forager's reply. The gain it states is what the unit
// (or the track) received, not what the table gave: a unit holds at most
// lrtg.SupplyMax victuals (13.0, 24.0), and stating the table's number
// beside "Victuals: 5 → 6" read as a gain of 6 (issue 22). A track below
// zero first goes to zero (24.5): there the table's gain is what it gets.
func forageText(f *lrtg.UnitForaged) string {
	var b strings.Builder
	gain, capped := f.Gained, f.Victuals.From+f.Gained > f.Victuals.To
	if capped {
		gain = f.Victuals.To - f.Victuals.From
	}
	if f.Unit == "" {
		fmt.Fprintf(&b, "🔒 The %s forage: %d fatigue kept in the Recovery Phase: %+d victuals (24.4)", segSideName(f.Side), f.Levels, gain)
	} else {
		fmt.Fprintf(&b, "🔒 %s forages: %d fatigue at forage value %d", f.Name, f.Levels, f.Value)
		if f.Modified != f.Value {
			fmt.Fprintf(&b, " (modified %d)", f.Modified)
		}
		fmt.Fprintf(&b, ": %+d victuals (13.5); fatigue %d → %d", gain, f.Fatigue.From, f.Fatigue.To)
	}
	if capped {
		fmt.Fprintf(&b, " (the table gives %+d; %s at most %d)", f.Gained, holdsWhat(f), lrtg.SupplyMax(f.Side))
	}
	if mods := forageModifiers(f.Mods, f.Modifiers); len(mods) > 0 {
		b.WriteString(" — " + strings.Join(mods, "; "))
	}
	fmt.Fprintf(&b, ".\nVictuals: %d → %d.", f.Victuals.From, f.Victuals.To)
	if f.Enough > 0 && f.Enough < f.Levels {
		fmt.Fprintf(&b, "\n⚠️ %d fatigue %s would have given as much (13.5): %s at most %d victuals, so the other %d bought nothing.",
			f.Enough, plural(f.Enough, "level", "levels"), holdsWhat(f), lrtg.SupplyMax(f.Side), f.Levels-f.Enough)
	}
	return b.String()
}

// holdsWhat names what a forage filled: a unit (13.0) or a side's
// simplified supply track (24.0).
func holdsWhat(f *lrtg.UnitForaged) string {
	if f.Unit == "" {
		return "the track holds"
	}
	return "a unit holds"
}
