// What LRTA's Victory Check Phase tells every player beyond the checks, as
// facts: a code and its parameters (issue 20). The words are the bot's
// (bot/lrta_victory_notes.go). Events stored before the codes carry their
// sentences (LRTAVictoryPhase.Notes).

package lrtg

// The codes of victory phase notes. A code, once written to a log, keeps
// its meaning and parameters.
const (
	VictoryNoteGameOver  = "lrta.victory.game-over"  // the game is over: Name (Outcome's reason; Why in notes stored before its codes)
	VictoryNotePotomac   = "lrta.victory.potomac"    // the turn record prints "Potomac" on Turn
	VictoryNoteEndRTA    = "lrta.victory.end-rta"    // the turn record prints "End RTA" on Turn; the game goes on to To
	VictoryNoteNoneNorth = "lrta.victory.none-north" // no Confederate infantry north of the Potomac since Turn ("Potomac")
	VictoryNoteEPOpen    = "lrta.victory.ep-open"    // the Union may issue the Emancipation Proclamation: levels CSA and USA
)

// VictoryNote is one thing the phase tells every player.
type VictoryNote struct {
	Code    string         `json:"code"`
	Turn    int            `json:"turn,omitempty"`
	To      int            `json:"to,omitempty"`
	CSA     int            `json:"csa,omitempty"` // army morale levels
	USA     int            `json:"usa,omitempty"`
	Name    string         `json:"name,omitempty"`
	Why     string         `json:"why,omitempty"`     // game over: its reason in words (notes stored before its codes)
	Outcome *VictoryResult `json:"outcome,omitempty"` // game over: the result, its reason by a code
}

// gameOverFact is the note of a game already over: its result.
func gameOverFact(o VictoryResult) VictoryNote {
	return VictoryNote{Code: VictoryNoteGameOver, Name: o.Name, Outcome: &o}
}
