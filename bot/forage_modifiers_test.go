package bot

import (
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestForageModifierWords: every part of a forage modifier reads word for
// word as the engine wrote it before the codes (issue 20), and the words
// of an event stored before them read as stored
// (TestStoredScriptsReadAsStored checks the parts the stored games reach
// against their logs).
func TestForageModifierWords(t *testing.T) {
	for _, c := range []struct {
		m    lrtg.ForageMod
		want string
	}{
		{lrtg.ForageMod{Code: lrtg.ForageRiverPotomac, Value: -1}, "-1 the Union controls the Potomac (13.3)"},
		{lrtg.ForageMod{Code: lrtg.ForageRiverShenandoah, Value: -1}, "-1 the Union controls the Shenandoah Valley (13.3)"},
		{lrtg.ForageMod{Code: lrtg.ForageCrossed, Value: -3, N: 30, From: 29}, "-3 Confederate infantry north of the Potomac for 30 turns (29 or more)"},
		{lrtg.ForageMod{Code: lrtg.ForageCrossed, Value: -1, N: 15, From: 15}, "-1 Confederate infantry north of the Potomac for 15 turns (15 or more)"},
		{lrtg.ForageMod{Code: lrtg.ForageBelowTable, N: -3}, "-3 is below the table: read as -1"},
		{lrtg.ForageMod{Code: lrtg.ForageUnionVirginia, Value: -1, N: 18, Of: 21}, "-1 most Union divisions are in Virginia (18 of 21)"},
		{lrtg.ForageMod{Code: lrtg.ForageUnionPenn, Value: 1, N: 5, Of: 7}, "+1 most Union divisions are in Pennsylvania (5 of 7)"},
		{lrtg.ForageMod{Code: lrtg.ForageLRTAMcClellan, Value: 1}, "+1 McClellan has assumed command (one box more)"},
		{lrtg.ForageMod{Code: lrtg.ForageLRTALate, Value: -2, N: 31, From: 30, RestRefit: true}, "-2 turn 31: turn 30 or later"},
		{lrtg.ForageMod{Code: lrtg.ForageLRTALate, Value: -2, N: 16, From: 15}, "-2 turn 16: turn 15 or later (no Confederate Rest & Refit)"},
		{lrtg.ForageMod{Code: lrtg.ForageLRTAEarly, Value: -1, N: 21, From: 20, To: 29, RestRefit: true}, "-1 turn 21: turns 20-29"},
		{lrtg.ForageMod{Code: lrtg.ForageLRTAEarly, Value: -1, N: 11, From: 10, To: 14}, "-1 turn 11: turns 10-14 (no Confederate Rest & Refit)"},
		{lrtg.ForageMod{Code: lrtg.ForageLRTAShenandoah, Value: -1, Leader: "Lee"}, "-1 the Union controls the Shenandoah Valley (Front Royal and Winchester) and Lee is north of the Potomac"},
		{lrtg.ForageMod{Code: lrtg.ForageLRTAPotomac, Value: -1, Leader: "Jackson"}, "-1 the Union controls the Potomac (Harpers Ferry or Martinsburg) and Jackson is north of the Potomac"},
	} {
		if got := forageModifiers([]lrtg.ForageMod{c.m}, []string{"ignored"}); !reflect.DeepEqual(got, []string{c.want}) {
			t.Errorf("%+v: got %q, want %q", c.m, got, c.want)
		}
	}
	old := []string{"-1 an older event's words"}
	if got := forageModifiers(nil, old); !reflect.DeepEqual(got, old) {
		t.Errorf("stored words: got %q", got)
	}
}
