package bot

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestSupplyStatusWords: why a unit is or is not in resupply range reads
// word for word as the engine wrote it before the codes (issue 20), and
// the sentence of an event stored before them reads as stored
// (TestStoredScriptsReadAsStored checks the codes the stored games reach
// against their logs).
func TestSupplyStatusWords(t *testing.T) {
	for _, c := range []struct {
		st   lrtg.UnitSupply
		want string
	}{
		{lrtg.UnitSupply{Code: lrtg.StatusNoMap}, "no map data: the owning player's word"},
		{lrtg.UnitSupply{Side: engine.CSA, Code: lrtg.StatusDepotCounty, Region: "Culpeper County", Depot: "Culpeper"}, "a CSA depot in its county (Culpeper County at Culpeper)"},
		{lrtg.UnitSupply{Side: engine.CSA, Code: lrtg.StatusRegion, Region: "Orange County"}, "in Orange County (13.2)"},
		{lrtg.UnitSupply{Side: engine.USA, Code: lrtg.StatusRail, Region: "Fauquier County", Depot: "Alexandria"}, "a station in Fauquier County connected by rail to the depot at Alexandria"},
		{lrtg.UnitSupply{Side: engine.USA, Code: lrtg.StatusRailCity, Region: "District of Columbia", Depot: "Baltimore Depot"}, "a station in District of Columbia connected by rail to Baltimore Depot (004 Simplified Supply: Alexandria, Harrisburg, Baltimore or DC)"},
		{lrtg.UnitSupply{Side: engine.USA, Code: lrtg.StatusNear, Hexes: 6, Depot: "Alexandria"}, "6 hexes from the depot at Alexandria: in range if a road, pike or railroad path of six hexes or less, clear of enemy units and uncovered enemy ZOC, reaches it (the owner's word: the map data has no roads)"},
		{lrtg.UnitSupply{Side: engine.CSA, Code: lrtg.StatusStore, Depot: "Winchester"}, "a victual of Winchester (24.3)"},
		{lrtg.UnitSupply{Side: engine.CSA, Code: lrtg.StatusNone}, "no friendly depot in its county or within six hexes"},
		{lrtg.UnitSupply{Side: engine.USA, Code: lrtg.StatusNone}, "no friendly depot in its county or within six hexes, and no station of its county connected by rail to one"},
		{lrtg.UnitSupply{Side: engine.USA, Why: "an older event's words"}, "an older event's words"},
	} {
		if got := supplyStatusWhy(c.st); got != c.want {
			t.Errorf("%q: got %q, want %q", c.st.Code, got, c.want)
		}
	}
}
