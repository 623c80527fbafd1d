// The engine's own words for a game already over: the wait of its last
// Victory Check (engine.StepWaiting) and the refusal of another check
// (engine.RuleError) are still sentences, so they say the result's reason
// here. Events carry the reason as a code (victory_codes.go); the bot's
// presenters say it (bot/victory_words.go), word for word as these do
// (bot's TestVictoryOverWordsAgree).

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// gameOverWait is what the Victory Check step waits for once the game is
// over.
func gameOverWait(o VictoryResult) string {
	return fmt.Sprintf("the umpire's /game end: the game is over (%s, %s); /game end reveals the seed", o.Name, outcomeWhy(o))
}

// alreadyOver is the refusal's words for a check of a game already over.
func alreadyOver(o VictoryResult) string {
	return fmt.Sprintf("The game is already over: %s (%s)", o.Name, outcomeWhy(o))
}

// outcomeWhy says why the game was won: its code said, or the words of a
// result stored before the codes.
func outcomeWhy(r VictoryResult) string {
	army := func() string {
		if r.Side == engine.USA {
			return "Union"
		}
		return "Confederate"
	}
	switch r.Code {
	case VictoryWhyFlight:
		return fmt.Sprintf("%s Flight (morale %d with a demoralized infantry division, 15.2)", army(), r.Morale)
	case VictoryWhyOccupation:
		return fmt.Sprintf("Confederate infantry (%s) occupies %s (000 VIII)", r.Unit, r.Place)
	case VictoryWhyTable:
		return fmt.Sprintf("%d VP on the %s victory table", r.VP, r.Table)
	case VictoryWhyPrelimStands:
		return fmt.Sprintf("the preliminary %s victory stands (%d VP on the table would be %s)", strings.ToLower(VictoryLevelName(r.Prelim)), r.VP, r.TableLevel)
	case VictoryWhyLRTAFlight:
		return fmt.Sprintf("%s Flight (demoralization level %d, 16 or more, 004 Army Morale)", army(), r.Morale)
	case VictoryWhyLRTAOccupation:
		return fmt.Sprintf("Confederate infantry (%s) occupies the %s in the Victory Check Phase (004 County/DC Control)", r.Unit, strings.TrimPrefix(r.Place, "US "))
	case VictoryWhyLRTATable:
		return fmt.Sprintf("%d VP on LRTG VIII 2)'s campaign victory table (004 prints none)", r.VP)
	}
	return r.Why
}
