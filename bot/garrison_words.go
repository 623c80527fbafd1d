package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// garrisonWhy says what the Union Garrison Check (004 8) found of one
// garrison: by its code (lrtg.GarrisonWhy*), word for word what the engine
// wrote before the codes, or the words of an event stored before them
// (issue 20: events carry facts, the bot the words).
func garrisonWhy(s lrtg.GarrisonStatus) string {
	switch s.Code {
	case "":
		return s.Why
	case lrtg.GarrisonWhyBaltimore:
		return "004 prints no Baltimore requirement (it cites LRTA 3.2 and 5.2, not among the seeds): the umpire judges it, and assesses any penalty with /garrison penalty"
	case lrtg.GarrisonWhyNoDCArea:
		return "the map data has no DC Defense Area: the umpire judges it"
	case lrtg.GarrisonWhyDC:
		var short []string
		if s.Present < s.Required {
			short = append(short, fmt.Sprintf("%d MP short", s.Required-s.Present))
		}
		if s.CavalryPresent < s.Cavalry {
			short = append(short, fmt.Sprintf("%d cavalry MP short", s.Cavalry-s.CavalryPresent))
		}
		why := fmt.Sprintf("%d MP in the DC Defense Area (%d cavalry); %d required (%d cavalry)", s.Present, s.CavalryPresent, s.Required, s.Cavalry)
		if len(short) > 0 {
			why += ": " + strings.Join(short, ", ")
		}
		return why
	case lrtg.GarrisonWhyHFReleased:
		return fmt.Sprintf("the Release of Harpers Ferry Garrison random event (turn %d) lifted the requirement for the rest of the game", s.Turn)
	case lrtg.GarrisonWhyHFSurrendered:
		return fmt.Sprintf("Harpers Ferry surrendered on turn %d", s.Turn)
	case lrtg.GarrisonWhyNoHF:
		return "the map data has no Harpers Ferry: the umpire judges it"
	case lrtg.GarrisonWhyHF:
		why := fmt.Sprintf("%d MP in or within %d hexes of Harpers Ferry; %d required", s.Present, s.Radius, s.Required)
		if s.Present < s.Required {
			why += fmt.Sprintf(": %d MP short", s.Required-s.Present)
		}
		return why
	}
	return s.Code
}
