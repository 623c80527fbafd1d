package bot

import (
	"slices"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestRandomNoteWords: the random-event notes the stored logs' scripts do
// not reach (TestStoredScriptsReadAsStored checks the others against the
// stored logs) read word for word as the sentences the engine wrote before
// the codes (issue 20).
func TestRandomNoteWords(t *testing.T) {
	for _, c := range []struct {
		note lrtg.RandomNote
		want string
	}{
		{lrtg.RandomNote{Code: lrtg.RandomNoteHalleckMeade}, "Halleck option: Meade has assumed command, so the Halleck player does not take overall command."},
		{lrtg.RandomNote{Code: lrtg.RandomNoteInstallmentNone, Track: lrtg.TrackRichmond}, "Richmond Garrison: every installment has already arrived; nothing more comes."},
		{lrtg.RandomNote{Code: lrtg.RandomNoteInstallmentNone, Track: lrtg.TrackCSAReinforce}, "Confederate Reinforcement: every installment has already arrived; nothing more comes."},
		{lrtg.RandomNote{Code: lrtg.RandomNoteInstallment, Track: lrtg.TrackCSAReinforce, N: 3}, "Confederate Reinforcement: installment 3 is available to enter (the Confederates may place it now or delay it to a later Reinforcement Phase, 000 3.0)."},
		{lrtg.RandomNote{Code: lrtg.RandomNoteTable, Name: "Some outcome", Effect: "as printed"}, "Some outcome: as printed"},
		{lrtg.RandomNote{Code: lrtg.RandomNoteCommsBreak, Side: engine.CSA}, "Confederate commanders may not communicate in this turn's Communications Phase, and their dispatches due this turn are held until the next (tracked)."},
		{lrtg.RandomNote{Code: lrtg.RandomNoteSpyIntel, Side: engine.CSA}, "Limited intelligence: the Union reveal every force marker and place none this turn (the umpire's to apply)."},
		{lrtg.RandomNote{Code: lrtg.RandomNoteSpyDispatches, Side: engine.CSA}, "Historic communication: the Confederates' overall commander receives the Union's written dispatches of the previous turn and those due this turn, which are not delivered (he reads them with /dispatch intercepted)."},
		{lrtg.RandomNote{Code: "no.such.code"}, `(effect "no.such.code")`},
	} {
		if got := effectNoteText(c.note); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.note.Code, got, c.want)
		}
	}
	// An event stored before the codes reads its sentences as stored.
	old := &lrtg.RandomEventRolled{Effects: []string{"said then"}}
	if got := effectLines(old); !slices.Equal(got, []string{"said then"}) {
		t.Errorf("stored before the codes: %q", got)
	}
}
