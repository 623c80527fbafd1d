// Why a unit is or is not in resupply range (13.2), as facts: a code and
// its parameters on UnitSupply (issue 20: events carry facts, not prose).
// The words are the bot's (bot/supply_status_words.go). Events stored
// before the codes carry the sentence in UnitSupply.Why instead.

package lrtg

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// The codes of UnitSupply.Code. A code, once written to a log, keeps its
// meaning and parameters.
const (
	StatusNoMap       = "no-map"       // no map data: the owning player's word
	StatusDepotCounty = "depot.county" // a Side depot in its county: Region at Depot
	StatusRegion      = "region"       // CSA: in Region, always in range (13.2)
	StatusRail        = "rail"         // USA: a station in Region connected by rail to Depot
	StatusRailCity    = "rail.city"    // USA (LRTA, 004 Simplified Supply): a station in Region connected by rail to Depot, one of Alexandria, Harrisburg, Baltimore (its stations) or DC
	StatusNear        = "depot.near"   // Hexes from Depot: the owner's word (no roads in the map data)
	StatusNone        = "none"         // no friendly depot in its county or within six hexes (USA: nor a connected station)
	StatusStore       = "store"        // in range by a victual of Depot, a captured depot or levied town (24.3)
)

// settledWhy is why the map settles a unit's status, for the refusal to
// overrule it (segment.range.sure). Refusals are the engine's words; a
// status the map cannot settle (StatusNoMap, StatusNear) is never quoted
// here, and the bot says every code in events and replies.
func settledWhy(st UnitSupply) string {
	switch st.Code {
	case "":
		return st.Why
	case StatusDepotCounty:
		return fmt.Sprintf("a %s depot in its county (%s at %s)", segSide(st.Side), st.Region, st.Depot)
	case StatusRegion:
		return "in " + st.Region + " (13.2)"
	case StatusRail:
		return fmt.Sprintf("a station in %s connected by rail to the depot at %s", st.Region, st.Depot)
	case StatusRailCity:
		return fmt.Sprintf("a station in %s connected by rail to %s (004 Simplified Supply: Alexandria, Harrisburg, Baltimore or DC)", st.Region, st.Depot)
	case StatusStore:
		return "a victual of " + st.Depot + " (24.3)"
	case StatusNone:
		if st.Side == engine.USA {
			return "no friendly depot in its county or within six hexes, and no station of its county connected by rail to one"
		}
		return "no friendly depot in its county or within six hexes"
	}
	return st.Code
}
