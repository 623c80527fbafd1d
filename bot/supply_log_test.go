package bot

import (
	"testing"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestSupplyEntryWords: each kind of supply log entry reads as the line
// the engine's fold wrote before the words moved to the bot (issue 20;
// the stored logs' reads check the same on whole games).
func TestSupplyEntryWords(t *testing.T) {
	hood := lrtg.VictualChange{Unit: "csa.hood", Name: "Hood", From: 3, To: 5}
	for _, c := range []struct {
		entry        lrtg.SupplyEntry
		what, reason string
	}{
		{lrtg.SupplyEntry{Kind: lrtg.SupplyEntryAdjust, Delta: -1, Units: []lrtg.VictualChange{{Name: "Hood", From: 3, To: 2}, {Name: "Early", From: 6, To: 5}}, Reason: "supply expenditure"}, "-1: Hood 3 → 2, Early 6 → 5", "supply expenditure"},
		// Issue 22: the units' change heads the line, not the Delta asked
		// for (a full resupply asks for the maximum; a unit holds at most 6).
		{lrtg.SupplyEntry{Kind: lrtg.SupplyEntryAdjust, Delta: 6, Units: []lrtg.VictualChange{{Name: "Rodes", From: 5, To: 6}}, ReasonCode: lrtg.SupplyWhyResupplyFull}, "+1: Rodes 5 → 6", "resupply: units in resupply range are fully resupplied (13.5)"},
		{lrtg.SupplyEntry{Kind: lrtg.SupplyEntryAdjust, Delta: 6, Units: []lrtg.VictualChange{{Name: "Rodes", From: 5, To: 6}, hood}, ReasonCode: lrtg.SupplyWhyResupplyFull}, "Rodes 5 → 6, Hood 3 → 5", "resupply: units in resupply range are fully resupplied (13.5)"},
		{lrtg.SupplyEntry{Kind: lrtg.SupplyEntryAdjust, Delta: -2, Units: []lrtg.VictualChange{{Name: "Early", From: 1, To: 0}}, Reason: "r"}, "-1: Early 1 → 0", "r"},
		{lrtg.SupplyEntry{Kind: lrtg.SupplyEntryAdjust, Delta: 2, Store: &lrtg.VictualChange{Name: "Frederick", From: 6, To: 4}, Reason: "r"}, "+2: Frederick store 6 → 4", "r"},
		{lrtg.SupplyEntry{Kind: lrtg.SupplyEntryAdjust, Delta: 4, Track: &lrtg.VictualChange{From: -1, To: 3}}, "+4: track -1 → +3", ""},
		{lrtg.SupplyEntry{Kind: lrtg.SupplyEntryDraw, Store: &lrtg.VictualChange{Name: "Frederick", From: 6, To: 4}, Units: []lrtg.VictualChange{hood}}, "2 from Frederick: Hood 3 → 5", "drawn from a store (13.1, 13.8)"},
		{lrtg.SupplyEntry{Kind: lrtg.SupplyEntryForage, Units: []lrtg.VictualChange{hood}, Levels: 2, Value: 3}, "+2: Hood 3 → 5", "foraging: 2 fatigue at forage 3 (13.5)"},
		{lrtg.SupplyEntry{Kind: lrtg.SupplyEntryForageTrack, Track: &lrtg.VictualChange{From: 0, To: 2}, Levels: 1}, "+2: track +0 → +2", "foraging: 1 fatigue kept (24.4)"},
	} {
		if what, reason := supplyEntryText(c.entry); what != c.what || reason != c.reason {
			t.Errorf("%s: got %q, %q; want %q, %q", c.entry.Kind, what, reason, c.what, c.reason)
		}
	}
}

// TestSupplyReasonWords: the engine's reasons for a supply adjustment read
// word for word as the engine wrote them before the codes (issue 20), and
// a reason in words (a player's, or an older event's) reads as given.
func TestSupplyReasonWords(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
		want string
	}{
		{lrtg.SupplyWhyExpenditure, 0, "supply expenditure (13.4: all but units at fatigue 0 in resupply range)"},
		{lrtg.SupplyWhyExpenditureSimplified, 0, "supply expenditure (24.1)"},
		{lrtg.SupplyWhyResupplyInRange, 7, "resupply: 7 divisions in resupply range (24.2)"},
		{lrtg.SupplyWhyResupplyFull, 0, "resupply: units in resupply range are fully resupplied (13.5)"},
		{lrtg.SupplyWhyLRTAResupply, 2, "resupply: 2 divisions out of resupply range (004 Simplified Supply)"},
		{lrtg.SupplyWhyLRTAProblemsTrack, 0, "Confederate Supply Problems (004 random event 7)"},
		{lrtg.SupplyWhyLRTAProblemsAll, 0, "Confederate Supply Problems: one victual from every Confederate unit (004 random event 7)"},
		{lrtg.SupplyWhyLRTAProblemsNorth, 0, "Confederate Supply Problems: a second victual north of the Potomac, no Rest and Refit offered (004 random event 7)"},
		{"", 0, "the umpire's words"},
	} {
		if got := supplyReason(c.code, c.n, "the umpire's words"); got != c.want {
			t.Errorf("%q: got %q, want %q", c.code, got, c.want)
		}
	}
}
