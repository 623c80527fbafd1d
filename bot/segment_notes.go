// The words of what an opened step of the Supply Segment and phases 7-8
// tells (lrtg.SegmentNote: a code and its parameters, issue 20). Each
// sentence is word for word what the engine wrote into the event before
// the codes, so a log stored then and one written now read the same.

package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// segmentNoteText says one note.
func segmentNoteText(n lrtg.SegmentNote) string {
	switch n.Code {
	case lrtg.NoteLevyOpen:
		return "The Confederates may levy towns (/place action:levy, LRTG 13.1)."
	case lrtg.NoteLevyTowns:
		return "Towns you may levy now: " + strings.Join(n.Names, ", ") + "."
	case lrtg.NoteLevyNone:
		return "No town can be levied now (13.1: infantry of 5+ manpower at fatigue 0 in it, no enemy of 3+ manpower adjacent)."
	case lrtg.NoteStatusOpen:
		return "Each side's supply status is determined (13.2); each side sees its own with /segment show."
	case lrtg.NoteStatusUnsure:
		return fmt.Sprintf("%d of your units are within six hexes of a depot: say which are in resupply range with /segment range units:<...> in_range:true; the others are not.", n.N)
	case lrtg.NoteNotPassive:
		return fmt.Sprintf("The %s are not passive: they gain no victuals (13.0).", segSideName(n.About))
	case lrtg.NoteResupply:
		return fmt.Sprintf("Resupply: %d divisions in resupply range: %+d victuals (24.2).", n.N, n.Delta)
	case lrtg.NoteRepairStations:
		return "Damaged stations you may try to repair (one a turn, 13.7): " + strings.Join(n.Names, ", ") + "."
	case lrtg.NoteDepotsOpen:
		return "Depot placement and removal (13.8): schedules are secret; each side sees its own with /segment show."
	case lrtg.NoteAmmoUntracked:
		return "Ammunition is not tracked in this game (optional rule 19)."
	case lrtg.NoteAmmoDepots:
		return "Captured depots with ammunition for divisions in their county (19.5): " + strings.Join(n.Names, ", ") + "."
	case lrtg.NoteCountyOpen:
		return "The Confederates claim the counties they control (/vp action:county, LRTG 11)."
	case lrtg.NoteCountyCan:
		return fmt.Sprintf("Counties with %d+ Confederate manpower: %s.", n.N, strings.Join(n.Names, ", "))
	case lrtg.NoteGameOver:
		return fmt.Sprintf("🏁 The game is over: %s (%s).", n.Name, outcomeWhy(n.Outcome, n.Why))
	case lrtg.NoteLRTANotPassive:
		return fmt.Sprintf("The %s are not passive: they gain no victuals (004 Impacts of Being Passive).", segSideName(n.About))
	case lrtg.NoteLRTAResupply:
		return fmt.Sprintf("Resupply: %d divisions out of resupply range: %+d victuals (004 Simplified Supply).", n.N, n.Delta)
	case lrtg.NoteLRTAForage:
		g := func(i int) int {
			if i < len(n.Gains) {
				return n.Gains[i]
			}
			return 0
		}
		line := fmt.Sprintf("Foraging (004): keep 1, 2 or 3 fatigue levels in the Recovery Phase for %+d, %+d or %+d victuals (modifier %+d", g(1), g(2), g(3), n.Modifier)
		if mods := forageModifiers(n.Mods, n.Modifiers); len(mods) > 0 {
			line += ": " + strings.Join(mods, "; ")
		}
		return line + "); /segment forage fatigue:<levels kept>."
	case lrtg.NoteLRTACountyOpen:
		return "The Confederates claim the counties they control (/victory county) and Washington, DC's awards (/victory dc) (004 County/DC Control; LRTG 11)."
	case lrtg.NoteLRTACountyCan:
		can := append([]string(nil), n.Names...)
		for _, it := range n.Items {
			can = append(can, "Washington, DC: "+it)
		}
		return fmt.Sprintf("Claimable by the map (%d+ Confederate manpower in the county; DC occupations): %s.", n.N, strings.Join(can, ", "))
	}
	// A code this program does not know (a newer program's log): say so
	// rather than nothing.
	return fmt.Sprintf("(note %q)", n.Code)
}

// stepNoteText says what a step told a side alone: the note, or the
// sentence an event stored before the codes carries.
func stepNoteText(n lrtg.StepNote) string {
	if n.Note.Code == "" {
		return n.What
	}
	return segmentNoteText(n.Note)
}

// openedLines is what a SegmentOpened tells: to everyone, and to each side
// alone. An event stored before the codes carries its sentences (Public,
// Secret); a newer one its notes.
func openedLines(e *lrtg.SegmentOpened) (public []string, secret map[engine.Side][]string) {
	public = append(public, e.Public...)
	secret = map[engine.Side][]string{}
	for s, lines := range e.Secret {
		secret[s] = append(secret[s], lines...)
	}
	for _, n := range e.Notes {
		if n.Side == "" {
			public = append(public, segmentNoteText(n))
		} else {
			secret[n.Side] = append(secret[n.Side], segmentNoteText(n))
		}
	}
	return public, secret
}
