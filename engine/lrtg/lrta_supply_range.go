// Resupply range: LRTA's Union rail range (004 Simplified Supply Rules),
// and the one reckoning of who is in range that /segment show and the
// Resupply step both read.

package lrtg

import "github.com/umpire-games/umpire/engine"

// lrtaRailCities are the stations 004 names a Union unit's county station
// to be connected to: "Alexandria, Harrisburg, Baltimore or DC" (Baltimore
// by either of its stations on the map; DC is every station in the
// District, lrtaDCRegion).
var lrtaRailCities = []string{"Alexandria", "Harrisburg", "Camden Station", "Mt. Royal Depot"}

// lrtaDCRegion is the map's District of Columbia (scenarios/maps
// lrtg-regions.yaml: a state, with no county in it).
const lrtaDCRegion = "dc"

// segSupplyCounty is the county a hex lies in for resupply range. In LRTA
// the District of Columbia counts as one: 004 puts it beside the counties
// ("In county with RR station connected to ... DC"), and without it a unit
// in Washington is in no county, so never in range by its county's depot
// or station (issue 22: the Union vouched for Wadsworth at the Baltimore
// Depot every turn). LRTG's 13.2 is left as it reads (cities false).
func segSupplyCounty(t *engine.Theatre, h engine.Hex, cities bool) string {
	c := segCounty(t, h)
	if c == "" && cities && segIn(t, lrtaDCRegion, h) {
		return lrtaDCRegion
	}
	return c
}

// lrtaRailCity is the city a rail path from a Union unit's county reaches
// (004 Simplified Supply Rules), when the variant reads the rule so
// (cities) and no Union depot was reached first (LRTG 13.2's own end).
func lrtaRailCity(t *engine.Theatre, reach map[string]bool, cities bool) (string, bool) {
	if !cities {
		return "", false
	}
	for _, name := range lrtaRailCities {
		if reach[name] {
			return name, true
		}
	}
	for i := range t.Places {
		p := &t.Places[i]
		if p.Is("rr-station") && reach[p.Name] && segIn(t, lrtaDCRegion, p.Hex) {
			return p.Name, true
		}
	}
	return "", false
}

// SupplyRangeSet is a side's units of this turn's Supply Status Phase as
// the Resupply step counts them.
type SupplyRangeSet struct {
	In  []UnitSupply // in resupply range, by the map or by word
	Out []UnitSupply // out of range, by the map or by word
	// Awaiting: the map cannot settle them and no word was given; the
	// Resupply step counts them out of range (LRTG 13.2: in range only
	// when the path is traced).
	Awaiting []UnitSupply
}

// CountedOut is how many of the side's units the Resupply step counts
// out of resupply range (004 Simplified Supply: "Divisions out of
// Resupply Range").
func (r SupplyRangeSet) CountedOut() int { return len(r.Out) + len(r.Awaiting) }

// SupplyRanges sorts the side's units of this turn's Supply Status Phase
// (none before it). /segment show and the Resupply step both read it, so
// that what a player is shown is what he is charged for (issue 22).
func (g Game) SupplyRanges(side engine.Side) SupplyRangeSet {
	var r SupplyRangeSet
	if g.Segment.Turn != g.Turn {
		return r
	}
	for _, st := range g.Segment.Status {
		switch {
		case st.Side != side:
		case st.InRange:
			r.In = append(r.In, st)
		case !st.Sure && st.Claimed == "":
			r.Awaiting = append(r.Awaiting, st)
		default:
			r.Out = append(r.Out, st)
		}
	}
	return r
}
