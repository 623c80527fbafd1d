package bot

import (
	"slices"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestLRTANoteWords: the LRTA random-event notes the stored logs' scripts
// do not reach, or reach for one side only (TestStoredScriptsReadAsStored
// checks the others against the stored logs), read word for word as the
// sentences the engine wrote before the codes (issue 20).
func TestLRTANoteWords(t *testing.T) {
	for _, c := range []struct {
		note lrtg.RandomNote
		want string
	}{
		{lrtg.RandomNote{Code: lrtg.LRTANoteRecruitsNone}, "No Union infantry unit is on the map: nothing can be given."},
		{lrtg.RandomNote{Code: lrtg.LRTANoteNoComms, Side: engine.USA}, "Union commanders may not communicate this turn (tracked)."},
		{lrtg.RandomNote{Code: lrtg.LRTANoteNoComms, Side: engine.CSA}, "Confederate commanders may not communicate this turn (tracked)."},
		{lrtg.RandomNote{Code: lrtg.LRTANoteRecruits, N: 2, M: 4}, "Raw Recruits, its second occurrence: the Union may add 4 manpower in all to Union infantry units in resupply range (/recruits, now). Every two manpower (rounded up) given to Army of the Potomac units, or to Shen, RR, Kan and Res units, adds one AoP casualty for army demoralization only, never for VP."},
		{lrtg.RandomNote{Code: lrtg.LRTANoteIntelIntercept, Side: engine.CSA}, "Multiplayer communication: the Confederates' chance of intercepting communications rises this turn (LRTA 21; tracked)."},
		{lrtg.RandomNote{Code: lrtg.LRTANoteIntelDeclare, Side: engine.USA}, "The Confederates must declare Operational or Passive before the Union (tracked for 1e)."},
		{lrtg.RandomNote{Code: lrtg.LRTANoteCasualtyAbsent, Name: "hatch-wounded"}, "Hatch is wounded: Doubleday replaces him at once, with Hatch's artillery value: Hatch is not in play, so nothing happens (004 prints no alternative)."},
		{lrtg.RandomNote{Code: lrtg.LRTANoteCasualtyReplaced, Name: "reno-killed"}, "Reno is killed: Cox replaces him at once (applied: the Cox counter takes Reno's place and command)."},
		{lrtg.RandomNote{Code: lrtg.LRTANoteRearParalysis}, "Union Shen, RR, DC, Balt and PA units may neither activate nor entrench this turn unless an enemy unit comes within 8 hexes of them, and there is no Union railroad movement (tracked)."},
		{lrtg.RandomNote{Code: lrtg.LRTANoteSupplyTrack, N: 2}, "Simplified Supply: the Confederate army victuals marker drops by 2 (applied; no Rest and Refit period has been proposed)."},
		{lrtg.RandomNote{Code: lrtg.RandomNoteTable, Name: "Some outcome", Effect: "as printed"}, "Some outcome: as printed"},
		{lrtg.RandomNote{Code: "no.such.code"}, `(effect "no.such.code")`},
	} {
		if got := lrtaNoteText(c.note); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.note.Code, got, c.want)
		}
	}
	old := &lrtg.LRTARandomEvent{Effects: []string{"said then"}}
	if got := lrtaEffectLines(old); !slices.Equal(got, []string{"said then"}) {
		t.Errorf("stored before the codes: %q", got)
	}
}
