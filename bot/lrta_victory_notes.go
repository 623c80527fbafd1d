// The words of what LRTA's Victory Check Phase tells every player
// (lrtg.VictoryNote: a code and its parameters, issue 20), word for word
// what the engine wrote into the event before the codes.

package bot

import (
	"fmt"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// victoryPhaseLines is what the phase tells: the sentences an event
// stored before the codes carries, or its facts said.
func victoryPhaseLines(e *lrtg.LRTAVictoryPhase) []string {
	return storedThenSaid(e.Notes, e.Facts, victoryNoteText)
}

// victoryNoteText says one note.
func victoryNoteText(n lrtg.VictoryNote) string {
	switch n.Code {
	case lrtg.VictoryNoteGameOver:
		return fmt.Sprintf("🏁 The game is over: %s (%s).", n.Name, outcomeWhy(n.Outcome, n.Why))
	case lrtg.VictoryNotePotomac:
		return fmt.Sprintf("The turn record prints \"Potomac\" on turn %d; 004 does not explain it.", n.Turn)
	case lrtg.VictoryNoteEndRTA:
		return fmt.Sprintf("The turn record prints \"End RTA\" on turn %d; 004 does not explain it: this campaign game goes on to turn %d (\"End LSN\").", n.Turn, n.To)
	case lrtg.VictoryNoteNoneNorth:
		return fmt.Sprintf("No Confederate infantry unit is north of the Potomac on or after the turn record's \"Potomac\" (turn %d): LRTG VIII would end the game now; in LRTA that is the umpire's ruling (/victory check end:true reason:...).", n.Turn)
	case lrtg.VictoryNoteEPOpen:
		return fmt.Sprintf("The Union may issue the Emancipation Proclamation (Confederate level %d, Union %d, a Confederate infantry division demoralized): /victory emancipation issue:true or false.", n.CSA, n.USA)
	}
	// A code this program does not know (a newer program's log): say so
	// rather than nothing.
	return fmt.Sprintf("(note %q)", n.Code)
}
