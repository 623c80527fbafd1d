// The words of what an LRTA random event did (lrtg.RandomNote: a code and
// its parameters, issue 20). Each sentence is word for word what the
// engine wrote into the event before the codes, so a log stored then and
// one written now read the same.

package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// lrtaEffectLines is what an LRTA random event did, a sentence a line:
// the sentences an event stored before the codes carries, or its notes
// said.
func lrtaEffectLines(e *lrtg.LRTARandomEvent) []string {
	return storedThenSaid(e.Effects, e.Notes, lrtaNoteText)
}

// lrtaCasualty is how a leader casualty replaced at once (004) is said:
// what happened, the leader and who replaces him.
var lrtaCasualty = map[string][3]string{
	"reno-killed":   {"Reno is killed: Cox replaces him at once", "Reno", "Cox"},
	"hatch-wounded": {"Hatch is wounded: Doubleday replaces him at once, with Hatch's artillery value", "Hatch", "Doubleday"},
}

// lrtaNoteText says one note.
func lrtaNoteText(n lrtg.RandomNote) string {
	// Subjects and possessives of the Enemy Intelligence winner (Side).
	win, lose, winOf, loseOf := "Confederates", "Union", "Confederates'", "Union's"
	if n.Side == engine.USA {
		win, lose, winOf, loseOf = "Union", "Confederates", "Union's", "Confederates'"
	}
	turns := fmt.Sprintf("turns %d-%d", n.From, n.To)
	switch n.Code {
	case lrtg.LRTANoteRain, lrtg.LRTANoteHeavyRain:
		what := "Rain"
		if n.Code == lrtg.LRTANoteHeavyRain {
			what = "Heavy rain (Rain+1)"
		}
		return fmt.Sprintf("%s for the whole turn, under the Standardized Rules' rain rules (004: \"refer to the Standard rules\"; they are not in the rules documents, so movement and combat in the rain are the players'). Days of rain so far in the game: %d (tracked: after four, a 4 becomes Raw Recruits).", what, n.N)
	case lrtg.LRTANoteUnionParalysisPope:
		return "Union command paralysis this turn, doubled while Pope commands: every Union infantry unit's movement allowance -2 and cavalry's -4 (never below 1), except in strategic movement (-1 / -2, the strategic chart's paralysis column). Tracked for the movement phases."
	case lrtg.LRTANoteUnionParalysis:
		return "Union command paralysis this turn: infantry -1 and cavalry -2 in reorganized corps, -2 / -4 in corps not yet reorganized (never below 1; not cumulative with the reorganization's paralysis: 004's note). Tracked for the movement phases."
	case lrtg.LRTANoteParalysedUnion:
		return "Paralysed units may not force march nor take part in assaults or grand assaults; a Passive Union adds its passive penalties."
	case lrtg.LRTANoteNoComms:
		side := "Union"
		if n.Side == engine.CSA {
			side = "Confederate"
		}
		return side + " commanders may not communicate this turn (tracked)."
	case lrtg.LRTANoteCSAParalysis:
		return "Confederate command paralysis this turn: every Confederate infantry unit's movement allowance -1 and cavalry's -2 (never below 1). Paralysed units may not force march nor take part in assaults or grand assaults; a Passive Confederate side adds its passive penalties. Tracked for the movement phases."
	case lrtg.LRTANoteRearParalysis, lrtg.LRTANoteRearParalysisPope:
		when := "this turn"
		if n.Code == lrtg.LRTANoteRearParalysisPope {
			when = fmt.Sprintf("this turn and next (%s) while Pope commands", turns)
		}
		return fmt.Sprintf("Union Shen, RR, DC, Balt and PA units may neither activate nor entrench %s unless an enemy unit comes within 8 hexes of them, and there is no Union railroad movement (tracked).", when)
	case lrtg.LRTANoteReleaseHF:
		return "For the rest of the game the Union need not keep 5 MP in and around Harpers Ferry, and may dismantle or destroy the Harpers Ferry depot (tracked)."
	case lrtg.LRTANoteMcClellanDelays:
		return fmt.Sprintf("No Army of the Potomac unit may leave %s this turn (tracked).", strings.Join(n.Names, ", "))
	case lrtg.LRTANoteEvacuationEarlier:
		return "Every Union reinforcement due at Harrison's Landing, and every Confederate reinforcement, arrives one turn earlier (tracked for the Reinforcements step)."
	case lrtg.LRTANoteEvacuationNaval:
		return "This turn Union naval movement doubles (4 boxes for two fatigues) and Union naval capacity is six units (tracked)."
	case lrtg.LRTANoteRecruits:
		return fmt.Sprintf("Raw Recruits, its %s occurrence: the Union may add %d manpower in all to Union infantry units in resupply range (/recruits, now). Every two manpower (rounded up) given to Army of the Potomac units, or to Shen, RR, Kan and Res units, adds one AoP casualty for army demoralization only, never for VP.", lrtg.Ordinal(n.N), n.M)
	case lrtg.LRTANoteRecruitsNone:
		return "No Union infantry unit is on the map: nothing can be given."
	case lrtg.LRTANoteHeat:
		return "Heat for the whole turn: every extended march roll is one higher (tracked)."
	case lrtg.LRTANoteIntelRerolls:
		return "The Confederates may have two initiative rolls of this turn rerolled (both dice; a reroll is never rerolled; tracked for the Action Cycle)."
	case lrtg.LRTANoteThreeCigars:
		return fmt.Sprintf("Three Cigars: the Union adds one to all its initiative rolls this turn and the next three (%s; tracked). It happens once a game.", turns)
	case lrtg.LRTANoteCigarsRunning:
		return "Three Cigars is still running: no further initiative benefit."
	case lrtg.LRTANoteIntelDoubles:
		return "The Union wins the initiative on rolls of 4-4, 5-5 and 6-6 this turn (tracked for the Action Cycle)."
	case lrtg.LRTANoteIntelDeclare:
		return fmt.Sprintf("The %s must declare Operational or Passive before the %s (tracked for 1e).", lose, win)
	case lrtg.LRTANoteIntelExamine:
		return fmt.Sprintf("The %s may examine the %s supply status sheet (/event show, for the %s only).", win, loseOf, win)
	case lrtg.LRTANoteIntelMarkers:
		return fmt.Sprintf("Limited intelligence: the %s must remove every force marker, show the units under it and place none this turn (the umpire's to apply).", lose)
	case lrtg.LRTANoteIntelIntercept:
		return fmt.Sprintf("Multiplayer communication: the %s chance of intercepting communications rises this turn (LRTA 21; tracked).", winOf)
	case lrtg.LRTANoteIntelObjectives:
		return "Confederate Objectives: the Union adds three to its roll to discover the Confederate objective this turn (tracked for 2b)."
	case lrtg.LRTANoteLeeWrists:
		return fmt.Sprintf("Lee breaks his wrists: the Lee bonus is ignored and the Confederates may make no grand assault, this turn and next (%s; tracked).", turns)
	case lrtg.LRTANoteJacksonFalls:
		return fmt.Sprintf("Jackson falls off his horse: the Jackson bonus is ignored this turn and next (%s; tracked).", turns)
	case lrtg.LRTANoteMcClellanIll:
		return fmt.Sprintf("McClellan falls ill: the Union may make no grand assault this turn and next (%s; tracked).", turns)
	case lrtg.LRTANoteCasualtyAbsent:
		c := lrtaCasualty[n.Name]
		return fmt.Sprintf("%s: %s is not in play, so nothing happens (004 prints no alternative).", c[0], c[1])
	case lrtg.LRTANoteCasualtyReplaced:
		c := lrtaCasualty[n.Name]
		return fmt.Sprintf("%s (applied: the %s counter takes %s's place and command).", c[0], c[2], c[1])
	case lrtg.LRTANoteSupplyTrack:
		return fmt.Sprintf("Simplified Supply: the Confederate army victuals marker drops by %d (applied; no Rest and Refit period has been proposed).", n.N)
	case lrtg.LRTANoteSupplyTrackOffered:
		return fmt.Sprintf("Simplified Supply: the Confederate army victuals marker drops by %d (applied; the Confederates have offered a Rest and Refit period).", n.N)
	case lrtg.LRTANoteSupplyAll:
		return "Every Confederate unit loses one victual (applied; each side sees its own sheet with /supply show)."
	case lrtg.LRTANoteSupplyOffered:
		return "The Confederates have offered a Rest and Refit period (7.3): no second victual is lost north of the Potomac."
	case lrtg.LRTANoteSupplyNorth:
		return "No Rest and Refit period has been offered (7.3): Confederate units north of the Potomac lose a second victual (applied)."
	case lrtg.RandomNoteTable:
		return fmt.Sprintf("%s: %s", n.Name, n.Effect)
	}
	// A code this program does not know (a newer program's log): say so
	// rather than nothing.
	return fmt.Sprintf("(effect %q)", n.Code)
}
