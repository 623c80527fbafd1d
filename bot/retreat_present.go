package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The words of a retreat owed (engine/lrtg/retreat_owed.go): an action
// the umpire ended while retreats were owed, and a retreat a missed
// deadline handed to him. In a hidden game the table reads no unit and
// not the umpire's reason (free text that may name units); the umpire
// reads them in his reply.

func unitNamesOf(g engine.GameState, ids []string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = id
		if u, ok := g.Units[id]; ok {
			names[i] = u.Name
		}
	}
	return strings.Join(names, ", ")
}

// actionEndedText: "The CSA's action ends." and, forced, what was left.
func actionEndedText(g engine.GameState, e *lrtg.ActionEnded) (pub string, public bool, priv string) {
	pub = fmt.Sprintf("The %s's action ends.", actionSide(e.Side))
	if e.Forced == "" {
		return pub, true, ""
	}
	full := fmt.Sprintf("The %s's action ends: the umpire ended it with the retreat of %s unmade (reason: %s).", actionSide(e.Side), unitNamesOf(g, e.Unretreated), e.Forced)
	if g.Options.IntelMode() == engine.IntelOpen {
		return full, true, ""
	}
	// The event names the units and holds the reason: not the table's.
	n := len(e.Unretreated)
	return fmt.Sprintf("The %s's action ends: the umpire ended it with %d %s owed unmade (his reason is recorded).", actionSide(e.Side), n, plural(n, "retreat", "retreats")), false, full
}

// retreatHandedText: a side's retreat owed is the umpire's now. Its
// event names the units: public in an open game only.
func retreatHandedText(g engine.GameState, e *lrtg.RetreatHanded) (string, bool, string) {
	open := g.Options.IntelMode() == engine.IntelOpen
	what := fmt.Sprintf("%d %s", len(e.Units), plural(len(e.Units), "unit", "units"))
	if open {
		what = unitNamesOf(g, e.Units)
	}
	return fmt.Sprintf("⚖️ The %s's retreat of %s is the umpire's now (its deadline passed): he makes it with /move, or ends the action with /action done reason:<why>.", actionSide(e.Side), what), open, ""
}
