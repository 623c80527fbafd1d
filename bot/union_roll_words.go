// The words of a Union reinforcement track's turn (lrtg.UnionRolled): why
// it does not roll, what began its rolls. The engine says them by a code
// and its parameters (engine/lrtg/turnstart_codes.go, issue 20); each
// sentence here is word for word what the engine wrote into the event
// before the codes, and an event stored then carries its sentence (Why,
// Began), said as stored.

package bot

import (
	"fmt"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// unionNoRoll says why the track does not roll ("" it rolls).
func unionNoRoll(e *lrtg.UnionRolled) string {
	switch e.NoRoll {
	case "":
		return e.Why
	case lrtg.NoRollNoMap:
		return "the game has no map data to compute the roll's facts from: the umpire rolls it with /table roll"
	case lrtg.NoRollBaltDCReleased:
		return "all eight Baltimore / DC groups are released"
	case lrtg.NoRollBaltDCNotBegun:
		return "the rolls begin on the first turn a Confederate infantry unit enters Maryland or Meade takes command"
	case lrtg.NoRollWVArrived:
		return "the West Virginia units have all arrived"
	case lrtg.NoRollWVNotBegun:
		return fmt.Sprintf("the rolls begin on turn %d", e.From)
	case lrtg.NoRollPAArrived:
		return "the Pennsylvania militia have all arrived"
	case lrtg.NoRollPANotBegun:
		return "the rolls begin once the first Confederate infantry or cavalry unit has crossed the Potomac"
	case lrtg.NoRollLRTAPANoTrack:
		return "the order of battle has no Pennsylvania militia on its track (a group imports its own with /game oob)"
	case lrtg.NoRollLRTAPANotBegun:
		return "the rolls begin once the first Confederate unit is across the Potomac"
	}
	// A code this program does not know (a newer program's log): say so
	// rather than nothing.
	return fmt.Sprintf("(reason %q)", e.NoRoll)
}

// unionBegan says what began the track's rolls this turn ("" nothing).
func unionBegan(e *lrtg.UnionRolled) string {
	switch e.BeganCode {
	case "":
		return e.Began
	case lrtg.BeganMeade:
		return "Meade commands the Army of the Potomac"
	case lrtg.BeganMaryland:
		return "Confederate infantry is in Maryland"
	case lrtg.BeganCrossed:
		return fmt.Sprintf("the first Confederate infantry crossed the Potomac on turn %d (recorded with /vp action:crossed)", e.From)
	case lrtg.BeganPAAcross:
		return "Confederate infantry or cavalry is across the Potomac"
	case lrtg.BeganLRTAPAcross:
		return "a Confederate unit is across the Potomac"
	}
	return fmt.Sprintf("(reason %q)", e.BeganCode)
}
