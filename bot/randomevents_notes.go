// The words of what an LRTG random event did (lrtg.RandomNote: a code and
// its parameters, issue 20). Each sentence is word for word what the
// engine wrote into the event before the codes, so a log stored then and
// one written now read the same.

package bot

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// effectLines is what a random event did, a sentence a line: the sentences
// an event stored before the codes carries, or its notes said.
func effectLines(e *lrtg.RandomEventRolled) []string {
	return storedThenSaid(e.Effects, e.Notes, effectNoteText)
}

// effectTrack names a reinforcement track as the random events say it.
func effectTrack(track string) string {
	switch track {
	case lrtg.TrackRichmond:
		return "Richmond Garrison"
	case lrtg.TrackCSAReinforce:
		return "Confederate Reinforcement"
	}
	return track
}

// effectNoteText says one note.
func effectNoteText(n lrtg.RandomNote) string {
	switch n.Code {
	case lrtg.RandomNoteRain, lrtg.RandomNoteHeavyRain:
		heavy := "Rain"
		if n.Code == lrtg.RandomNoteHeavyRain {
			heavy = "Heavy rain (Rain+1)"
		}
		return fmt.Sprintf("%s for the whole turn: %d days of rain so far in the game. Movement and combat under the Standardized Rules' rain rules are the players' (those rules are not in the rules documents); the turn is marked rainy for the other phases.", heavy, n.N)
	case lrtg.RandomNoteAmmoOff:
		return "Ammunition train: without the ammunition optional rule (19) it does nothing."
	case lrtg.RandomNoteAmmoNone:
		return "Ammunition train: no Confederate division has lost ammunition, so nothing is replenished (what is not used now is lost, 19.4)."
	case lrtg.RandomNoteAmmo:
		return fmt.Sprintf("Ammunition train: the Confederates may move ammunition markers %d levels lower in all, now or never (19.4): /event ammo. Divisions in the same or an adjacent county as Lee only; none north of the Potomac while the Union controls the Potomac or the Shenandoah Valley.", n.N)
	case lrtg.RandomNoteInstallmentNone:
		return fmt.Sprintf("%s: every installment has already arrived; nothing more comes.", effectTrack(n.Track))
	case lrtg.RandomNoteInstallment:
		return fmt.Sprintf("%s: installment %d is available to enter (the Confederates may place it now or delay it to a later Reinforcement Phase, 000 3.0).", effectTrack(n.Track), n.N)
	case lrtg.RandomNoteHalleckInitiative:
		return "Union initiative rolls are one less this turn (tracked for the Action Cycle)."
	case lrtg.RandomNoteReleaseCancelled:
		return fmt.Sprintf("No Baltimore / DC units are released this turn: the release of %s rolled in step 1b is cancelled (applied; the group comes up again at the next release roll).", n.Name)
	case lrtg.RandomNoteNoRelease:
		return "No Baltimore / DC units are released this turn (none was released in step 1b)."
	case lrtg.RandomNoteHalleckManpower:
		return fmt.Sprintf("Every Union unit in DC or Baltimore gains one manpower: %d units (applied; the map data does not part Baltimore City from Baltimore County, so the county counts).", n.N)
	case lrtg.RandomNoteHalleckMeade:
		return "Halleck option: Meade has assumed command, so the Halleck player does not take overall command."
	case lrtg.RandomNoteHalleckCommands:
		return "Halleck option: the Halleck player is the Union overall commander for the rest of the turn (tracked)."
	case lrtg.RandomNoteHooker:
		return fmt.Sprintf("Hooker Questioned: occurrence %d from the random events (the first Union Army Disorder and the Confederates' 75 VP count too). At the third, Meade replaces Hooker in step 3b (16.2).", n.N)
	case lrtg.RandomNoteCommsBreak:
		side := "Union"
		if n.Side == engine.CSA {
			side = "Confederate"
		}
		return fmt.Sprintf("%s commanders may not communicate in this turn's Communications Phase, and their dispatches due this turn are held until the next (tracked).", side)
	case lrtg.RandomNoteCommsBreakNone:
		return "No effect: the breakdown matters only with the historic or hybrid communication rules and several commanders a side."
	case lrtg.RandomNoteGarrisonEnters:
		return "The garrison unit enters on the southern edge of the SJW map."
	case lrtg.RandomNoteBeauregardHere:
		return "Beauregard has already arrived: no roll for him."
	case lrtg.RandomNoteBeauregardArrives:
		return "Beauregard arrives with the garrison unit: from now on he is the corps commander of the Richmond Garrison units, a 2-4 leader (000 2.0 4))."
	case lrtg.RandomNoteBeauregardStays:
		return "Beauregard stays in Richmond."
	case lrtg.RandomNoteRaid:
		return "Dix moves on Richmond (000 2.0 5))."
	case lrtg.RandomNoteRaidWithdraw:
		return "The Confederates may first withdraw Richmond Garrison units (unattached, 3+ manpower, south of the Potomac), each -1 to the roll, then roll for the VP they lose: /event raid."
	case lrtg.RandomNoteRaidAtOnce:
		return "No Richmond Garrison unit can be withdrawn (on the map, 3+ manpower, south of the Potomac): the raid is rolled at once."
	case lrtg.RandomNoteSpy, lrtg.RandomNoteSpyExamine, lrtg.RandomNoteSpyIntel, lrtg.RandomNoteSpyDispatches:
		return spyNoteText(n)
	case lrtg.RandomNoteRearParalysis:
		return "HF, PA, Balt, DC and WV units may activate or entrench only if within 8 hexes of an enemy unit at some point this turn (tracked; the players' to observe), and there is no Union railroad movement (tracked)."
	case lrtg.RandomNoteLeeSick:
		return "Confederate initiative rolls are one less this turn; the Confederates still win ties after the subtraction (tracked for the Action Cycle)."
	case lrtg.RandomNoteLeeSickComms:
		return "Confederate commanders may not communicate this turn (tracked)."
	case lrtg.RandomNoteHeat:
		return "Heat for the whole turn: every disorganization (extended march) roll is one higher (tracked)."
	case lrtg.RandomNoteNothing:
		return "Nothing happens."
	case lrtg.RandomNoteTable:
		return fmt.Sprintf("%s: %s", n.Name, n.Effect)
	}
	// A code this program does not know (a newer program's log): say so
	// rather than nothing.
	return fmt.Sprintf("(effect %q)", n.Code)
}

// spyNoteText says the Spy's notes; Side is the winner. Subjects and
// possessives: "the Confederates win", "the Union wins"; "the
// Confederates'", "the Union's".
func spyNoteText(n lrtg.RandomNote) string {
	win, winVerb, winOf, lose, loseVerb, loseOf := "Confederates", "", "Confederates'", "Union", "s", "Union's"
	if n.Side == engine.USA {
		win, winVerb, winOf, lose, loseVerb, loseOf = "Union", "s", "Union's", "Confederates", "", "Confederates'"
	}
	switch n.Code {
	case lrtg.RandomNoteSpy:
		return fmt.Sprintf("The %s win%s the Spy and take%s the first initiative; the %s declare%s Operational or Passive first and may not switch to Passive if the %s declare%s Passive (tracked for 1e and the Action Cycle).",
			win, winVerb, winVerb, lose, loseVerb, win, winVerb)
	case lrtg.RandomNoteSpyExamine:
		return fmt.Sprintf("The %s may examine the %s supply status sheet and depot schedule for the next Depot Placement / Removal (/event show, for the %s only).", win, loseOf, win)
	case lrtg.RandomNoteSpyIntel:
		return fmt.Sprintf("Limited intelligence: the %s reveal every force marker and place none this turn (the umpire's to apply).", lose)
	default:
		return fmt.Sprintf("Historic communication: the %s overall commander receives the %s written dispatches of the previous turn and those due this turn, which are not delivered (he reads them with /dispatch intercepted).", winOf, loseOf)
	}
}
