package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// supplyStatusWhy says why a unit is or is not in resupply range (13.2):
// the engine's reason by its code (lrtg.Status*), word for word what the
// engine wrote before the codes, or the words of an event stored before
// them (issue 20: events carry facts, the bot the words).
func supplyStatusWhy(st lrtg.UnitSupply) string {
	switch st.Code {
	case "":
		return st.Why
	case lrtg.StatusNoMap:
		return "no map data: the owning player's word"
	case lrtg.StatusDepotCounty:
		return fmt.Sprintf("a %s depot in its county (%s at %s)", strings.ToUpper(string(st.Side)), st.Region, st.Depot)
	case lrtg.StatusRegion:
		return "in " + st.Region + " (13.2)"
	case lrtg.StatusRail:
		return fmt.Sprintf("a station in %s connected by rail to the depot at %s", st.Region, st.Depot)
	case lrtg.StatusRailCity:
		return fmt.Sprintf("a station in %s connected by rail to %s (004 Simplified Supply: Alexandria, Harrisburg, Baltimore or DC)", st.Region, st.Depot)
	case lrtg.StatusNear:
		return fmt.Sprintf("%d hexes from the depot at %s: in range if a road, pike or railroad path of six hexes or less, clear of enemy units and uncovered enemy ZOC, reaches it (the owner's word: the map data has no roads)", st.Hexes, st.Depot)
	case lrtg.StatusStore:
		return "a victual of " + st.Depot + " (24.3)"
	case lrtg.StatusNone:
		if st.Side == engine.USA {
			return "no friendly depot in its county or within six hexes, and no station of its county connected by rail to one"
		}
		return "no friendly depot in its county or within six hexes"
	}
	return st.Code
}
