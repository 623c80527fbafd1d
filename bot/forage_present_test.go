package bot

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestForageTextStatesTheGain: a forage the unit's maximum caps states
// the victuals gained, not the table's number (issue 22: "+6" for 5 → 6).
// The events are invented, not read from a chart.
func TestForageTextStatesTheGain(t *testing.T) {
	capped := &lrtg.UnitForaged{Side: engine.CSA, Unit: "csa.rodes", Name: "Rodes", Levels: 4, Value: 3, Modified: 3, Gained: 6,
		Fatigue: &lrtg.VictualChange{From: 0, To: 4}, Victuals: &lrtg.VictualChange{Unit: "csa.rodes", Name: "Rodes", From: 5, To: 6}}
	got := forageText(capped)
	for _, want := range []string{": +1 victuals (13.5)", "the table gives +6; a unit holds at most 6", "Victuals: 5 → 6."} {
		if !strings.Contains(got, want) {
			t.Errorf("capped forage lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "⚠️") {
		t.Errorf("a forage without Enough warns:\n%s", got)
	}
	// Issue 22: 4 fatigue for the one victual the unit lacked, when 1 level
	// would have given it, is warned of.
	warned := *capped
	warned.Enough = 1
	if got := forageText(&warned); !strings.Contains(got, "⚠️ 1 fatigue level would have given as much (13.5): a unit holds at most 6 victuals, so the other 3 bought nothing.") {
		t.Errorf("no warning for fatigue spent in vain:\n%s", got)
	}
	if strings.Contains(got, ": +6 victuals") {
		t.Errorf("capped forage states the table's gain as the unit's:\n%s", got)
	}
	whole := &lrtg.UnitForaged{Side: engine.CSA, Unit: "csa.rodes", Name: "Rodes", Levels: 2, Value: 3, Modified: 3, Gained: 2,
		Fatigue: &lrtg.VictualChange{From: 0, To: 2}, Victuals: &lrtg.VictualChange{Unit: "csa.rodes", Name: "Rodes", From: 1, To: 3}}
	if got := forageText(whole); !strings.Contains(got, ": +2 victuals (13.5); fatigue 0 → 2.") || strings.Contains(got, "the table gives") {
		t.Errorf("uncapped forage:\n%s", got)
	}
	// A track below zero goes to zero first (24.5): the table's gain stands.
	track := &lrtg.UnitForaged{Side: engine.USA, Levels: 2, Gained: 2, Victuals: &lrtg.VictualChange{Unit: "usa", Name: "supply track", From: -2, To: 2}}
	if got := forageText(track); !strings.Contains(got, "+2 victuals (24.4)") || strings.Contains(got, "the table gives") {
		t.Errorf("track forage from below zero:\n%s", got)
	}
	full := &lrtg.UnitForaged{Side: engine.USA, Levels: 3, Gained: 3, Victuals: &lrtg.VictualChange{Unit: "usa", Name: "supply track", From: 6, To: 7}}
	if got := forageText(full); !strings.Contains(got, "+1 victuals (24.4) (the table gives +3; the track holds at most 7)") {
		t.Errorf("capped track forage:\n%s", got)
	}
}
