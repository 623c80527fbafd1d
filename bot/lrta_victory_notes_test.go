package bot

import (
	"slices"
	"testing"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestVictoryNoteWords: what LRTA's Victory Check Phase tells reads word
// for word as the sentences the engine wrote before the codes (issue 20;
// the stored logs hold none of them).
func TestVictoryNoteWords(t *testing.T) {
	e := &lrtg.LRTAVictoryPhase{Turn: 30, Facts: []lrtg.VictoryNote{
		{Code: lrtg.VictoryNoteGameOver, Name: "Union victory", Why: "no Confederate north"},
		{Code: lrtg.VictoryNotePotomac, Turn: 20},
		{Code: lrtg.VictoryNoteEndRTA, Turn: 30, To: 44},
		{Code: lrtg.VictoryNoteNoneNorth, Turn: 20},
		{Code: lrtg.VictoryNoteEPOpen, CSA: 2, USA: -1},
		{Code: "no.such.code"},
	}}
	want := []string{
		"🏁 The game is over: Union victory (no Confederate north).",
		`The turn record prints "Potomac" on turn 20; 004 does not explain it.`,
		`The turn record prints "End RTA" on turn 30; 004 does not explain it: this campaign game goes on to turn 44 ("End LSN").`,
		`No Confederate infantry unit is north of the Potomac on or after the turn record's "Potomac" (turn 20): LRTG VIII would end the game now; in LRTA that is the umpire's ruling (/victory check end:true reason:...).`,
		"The Union may issue the Emancipation Proclamation (Confederate level 2, Union -1, a Confederate infantry division demoralized): /victory emancipation issue:true or false.",
		`(note "no.such.code")`,
	}
	if got := victoryPhaseLines(e); !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := victoryPhaseLines(&lrtg.LRTAVictoryPhase{Notes: []string{"said then"}}); !slices.Equal(got, []string{"said then"}) {
		t.Errorf("stored before the codes: %q", got)
	}
}
