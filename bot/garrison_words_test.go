package bot

import (
	"testing"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestGarrisonWhyWords: what the Union Garrison Check found reads word for
// word as the engine wrote it before the codes (issue 20), and the words
// of an event stored before them read as stored
// (TestStoredScriptsReadAsStored checks the checks the stored games reach
// against their logs).
func TestGarrisonWhyWords(t *testing.T) {
	for _, c := range []struct {
		s    lrtg.GarrisonStatus
		want string
	}{
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyBaltimore}, "004 prints no Baltimore requirement (it cites LRTA 3.2 and 5.2, not among the seeds): the umpire judges it, and assesses any penalty with /garrison penalty"},
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyNoDCArea}, "the map data has no DC Defense Area: the umpire judges it"},
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyDC, Present: 18, CavalryPresent: 2, Required: 18, Cavalry: 2}, "18 MP in the DC Defense Area (2 cavalry); 18 required (2 cavalry)"},
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyDC, Present: 18, CavalryPresent: 2, Required: 38, Cavalry: 2}, "18 MP in the DC Defense Area (2 cavalry); 38 required (2 cavalry): 20 MP short"},
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyDC, Present: 16, Required: 18, Cavalry: 2}, "16 MP in the DC Defense Area (0 cavalry); 18 required (2 cavalry): 2 MP short, 2 cavalry MP short"},
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyHFReleased, Turn: 4}, "the Release of Harpers Ferry Garrison random event (turn 4) lifted the requirement for the rest of the game"},
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyHFSurrendered, Turn: 1}, "Harpers Ferry surrendered on turn 1"},
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyNoHF}, "the map data has no Harpers Ferry: the umpire judges it"},
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyHF, Present: 5, Required: 5, Radius: 3}, "5 MP in or within 3 hexes of Harpers Ferry; 5 required"},
		{lrtg.GarrisonStatus{Code: lrtg.GarrisonWhyHF, Present: 3, Required: 5, Radius: 3}, "3 MP in or within 3 hexes of Harpers Ferry; 5 required: 2 MP short"},
		{lrtg.GarrisonStatus{Why: "an older event's words"}, "an older event's words"},
	} {
		if got := garrisonWhy(c.s); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.s, got, c.want)
		}
	}
}
