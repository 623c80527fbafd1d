package bot

import (
	"fmt"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// Chess clocks and deadlines (issue 22). The clocks of time limitation
// (LRTG 22) count the minutes of a sitting and run on wall time: while a
// step waits hours or days for an absent player, his clock drains (22.3
// runs the clock of whoever decides or acts). Deadlines are for games
// played over days. The two together are allowed (a group may keep the
// clocks for its live sessions), but the umpire is told what they do.

// clockDrainSpan is the longest deadline that still reads as one sitting.
const clockDrainSpan = time.Hour

// longestDeadline is the longest deadline the settings give any step.
func longestDeadline(s engine.DeadlineSettings) time.Duration {
	longest := s.Default
	for _, d := range s.Steps {
		longest = max(longest, d)
	}
	return longest
}

// clockDeadlineWarning is the line that says so, or "" when the game has
// no clocks or no deadline longer than a sitting.
func clockDeadlineWarning(g engine.GameState, s engine.DeadlineSettings) string {
	d := longestDeadline(s)
	if !g.Options.TimeLimit || d <= clockDrainSpan {
		return ""
	}
	return fmt.Sprintf("⚠️ This game plays with time limitation (LRTG 22): its chess clocks run on wall time, so with deadlines of up to %s a player's minutes drain while the table waits for him. Clocks suit a game played live at one sitting; a game played over days is better created without time_limitation, with deadlines alone.",
		spanWords(d))
}

// spanWords is a deadline as a player reads it: "48 hours", "3 days".
func spanWords(d time.Duration) string {
	switch h := int(d.Hours()); {
	case h >= 72 && h%24 == 0:
		return fmt.Sprintf("%d days", h/24)
	case h >= 2:
		return fmt.Sprintf("%d hours", h)
	default:
		return d.String()
	}
}
