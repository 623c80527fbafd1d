package engine

import (
	"fmt"
	"sort"
)

// Place actions.
const (
	ActLevy             = "levy"
	ActDestroyDepot     = "destroy-depot"
	ActDamageStation    = "damage-station"
	ActDestroyStation   = "destroy-station"
	ActRepairStation    = "repair-station"
	ActDestroyBridge    = "destroy-bridge"
	ActDestroyStructure = "destroy-structure"
)

// PlaceActions lists the actions on places.
var PlaceActions = []string{ActLevy, ActDestroyDepot, ActDamageStation, ActDestroyStation, ActRepairStation, ActDestroyBridge, ActDestroyStructure}

// ActOnPlace levies a town, destroys a depot, damages, destroys or
// repairs a station, or destroys a bridge or strategic structure.
type ActOnPlace struct {
	By     Actor
	Place  Place
	Action string
	Reason string
	// Stations are the railroad station VP rules of the map (000 VII 3,
	// vp.go); nil: a destroyed station scores only its own station_vp.
	Stations *StationVP
}

// CommandName implements Command.
func (ActOnPlace) CommandName() string { return "place" }

// EventPlaceActed is the type of PlaceActed.
const EventPlaceActed = "place.acted"

// PlaceActed records an action on a place and the victory points it
// awards (positive: to the Confederates, as the VP record counts).
type PlaceActed struct {
	By       Actor  `json:"by"`
	Place    string `json:"place"`
	Action   string `json:"action"`
	VP       int    `json:"vp,omitempty"`
	Category string `json:"category,omitempty"` // VP record category
	Victuals int    `json:"victuals,omitempty"` // levies
	Turn     int    `json:"turn"`
	Reason   string `json:"reason,omitempty"`
	Detail   string `json:"detail,omitempty"` // how the VP were made up (stations: 000 VII 3)
}

// EventType implements Event.
func (*PlaceActed) EventType() string { return EventPlaceActed }

// PlaceState is what has happened to a place.
type PlaceState struct {
	Depot          Side   `json:"depot,omitempty"`    // a depot of this side is here (set up, 000 VIII)
	Captured       Side   `json:"captured,omitempty"` // the enemy side holding the depot (13.8)
	Levied         bool   `json:"levied,omitempty"`
	DepotDestroyed bool   `json:"depot_destroyed,omitempty"`
	Station        string `json:"station,omitempty"` // "", "damaged" or "destroyed"
	Destroyed      bool   `json:"destroyed,omitempty"`
}

// VPEntry is one line of the Victory Point Record: who, what, when.
type VPEntry struct {
	Turn     int
	Category string
	What     string
	VP       int
	Detail   string // how the VP were made up, when there is more to say
}

func (g GameState) decidePlace(cmd ActOnPlace) ([]Event, error) {
	if err := g.boardReady(cmd.By); err != nil {
		return nil, err
	}
	p, ps := cmd.Place, g.Places[cmd.Place.Name]
	ev := &PlaceActed{By: cmd.By, Place: p.Name, Action: cmd.Action, Turn: g.Turn, Reason: cmd.Reason}
	umpire := g.IsUmpire(cmd.By)
	player := g.Player(cmd.By.ID)
	side := Side("")
	if player != nil {
		side = player.Side
	}
	need := func(what string, kinds ...string) error {
		for _, k := range kinds {
			if p.Is(k) {
				return nil
			}
		}
		return invalid("place.kind", fmt.Sprintf("%s is not a %s", p.Name, what), "")
	}
	switch cmd.Action {
	case ActLevy:
		if err := need("levy town", "levy-town"); err != nil {
			return nil, err
		}
		if !umpire && side != CSA {
			return nil, illegal("place.side", "Only the Confederates levy towns", "LRTG 13.1")
		}
		if ps.Levied {
			return nil, illegal("place.levied", p.Name+" has already been levied", "Each town may be levied once per game (LRTG 13.1)")
		}
		if err := g.levyAllowed(p); err != nil && !umpire {
			return nil, err
		}
		ev.VP, ev.Category = p.Values["levy_vp"], "levies"
		ev.Victuals = p.Values["levy_victuals"]
		if g.Options.Supply == "simplified" {
			if v, ok := p.Values["levy_victuals_simplified"]; ok {
				ev.Victuals = v
			}
		}
	case ActDestroyDepot:
		if err := need("depot", "depot", "csa-depot"); err != nil {
			return nil, err
		}
		if ps.DepotDestroyed {
			return nil, illegal("place.depot", "The depot at "+p.Name+" is already destroyed", "")
		}
		// 12.1, 13.8, 16.1: the Union keeps its Harpers Ferry depot until
		// Meade takes command.
		if p.Name == "Harpers Ferry" && side == USA && !g.Movement.Meade && !umpire && ps.Captured == "" {
			return nil, illegal("place.depot", "The Union may not destroy its depot at Harpers Ferry until Meade takes command", "LRTG 12.1, 13.8, 16.1")
		}
		ev.VP, ev.Category = p.Values["depot_vp"], "depots"
	case ActDamageStation, ActDestroyStation, ActRepairStation:
		if err := need("railroad station", "rr-station"); err != nil {
			return nil, err
		}
		switch {
		case cmd.Action == ActDamageStation && ps.Station != "":
			return nil, illegal("place.station", fmt.Sprintf("%s station is already %s", p.Name, ps.Station), "")
		case cmd.Action == ActDestroyStation && ps.Station == "destroyed":
			return nil, illegal("place.station", p.Name+" station is already destroyed", "")
		case cmd.Action == ActRepairStation && ps.Station != "damaged":
			return nil, illegal("place.station", p.Name+" station is not damaged", "Only a damaged station is repaired (a destroyed one is gone)")
		}
		if cmd.Action == ActDestroyStation {
			// 000 VII 3: the award depends on the stations destroyed before.
			ev.VP, ev.Detail = g.stationAward(cmd.Stations, p)
			if ev.VP != 0 {
				ev.Category = CategoryStations
			}
		}
	case ActDestroyBridge, ActDestroyStructure:
		var err error
		if cmd.Action == ActDestroyBridge {
			err = need("bridge", "bridge", "aqueduct")
		} else if _, ok := p.Values["structure_vp"]; !ok {
			err = need("strategic structure", "capitol")
		}
		if err != nil {
			return nil, err
		}
		if p.Is("indestructible") {
			return nil, illegal("place.indestructible", "The bridge at "+p.Name+" cannot be destroyed", "")
		}
		if ps.Destroyed {
			return nil, illegal("place.destroyed", p.Name+" is already destroyed", "")
		}
		ev.VP, ev.Category = p.Values["structure_vp"], "structures"
	default:
		return nil, invalid("place.action", fmt.Sprintf("%q is not an action on a place", cmd.Action), "")
	}
	if b := g.stationBonus(cmd); b != nil {
		return []Event{ev, b}, nil // 000 VII 3, 4: three B&O stations and the Marysville bridge
	}
	return []Event{ev}, nil
}

// levyAllowed checks LRTG 13.1: a Confederate infantry unit of 5+ manpower
// at fatigue 0 in the town, and no enemy unit of 3+ manpower adjacent.
func (g GameState) levyAllowed(p Place) error {
	ok := false
	for _, u := range g.Units {
		if u.OnMap && u.Side == CSA && u.Kind == "infantry" && u.Manpower >= 5 && u.Fatigue == 0 && u.Hex == p.Hex {
			ok = true
		}
	}
	if !ok {
		return illegal("place.levy", "No Confederate infantry unit of 5 or more manpower at fatigue 0 is in "+p.Name, "LRTG 13.1")
	}
	for _, u := range g.Units {
		if u.OnMap && u.Side == USA && u.Manpower >= 3 && Distance(u.Hex, p.Hex) == 1 {
			return illegal("place.levy", fmt.Sprintf("%s (%d manpower) is adjacent to %s", u.Name, u.Manpower, p.Name), "No levy with an enemy unit of 3+ manpower adjacent (LRTG 13.1)")
		}
	}
	return nil
}

func (g GameState) applyPlace(e *PlaceActed) GameState {
	m := make(map[string]PlaceState, len(g.Places)+1)
	for k, v := range g.Places {
		m[k] = v
	}
	ps := m[e.Place]
	switch e.Action {
	case ActLevy:
		ps.Levied = true
	case ActDestroyDepot:
		ps.DepotDestroyed, ps.Depot = true, ""
	case ActDamageStation:
		ps.Station = "damaged"
	case ActDestroyStation:
		ps.Station = "destroyed"
	case ActRepairStation:
		ps.Station = ""
	case ActDestroyBridge, ActDestroyStructure:
		ps.Destroyed = true
	}
	m[e.Place] = ps
	g.Places = m
	if e.VP != 0 {
		g.VP = append(append([]VPEntry(nil), g.VP...), VPEntry{Turn: e.Turn, Category: e.Category, What: e.Action + " " + e.Place, VP: e.VP, Detail: e.Detail})
	}
	return g
}

// VPTotals sums the record by category, and in all.
func (g GameState) VPTotals() (map[string]int, int) {
	by := map[string]int{}
	total := 0
	for _, e := range g.VP {
		by[e.Category] += e.VP
		total += e.VP
	}
	return by, total
}

// VPCategories returns the categories of the record so far, sorted.
func (g GameState) VPCategories() []string {
	by, _ := g.VPTotals()
	out := make([]string, 0, len(by))
	for k := range by {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// depotsCaptured names the depots a move captures (LRTG 13.8: "the moment
// any unfriendly unit enters the hex it occupies"), or recaptures for
// their owner: depots standing, at the hex the units enter, held by the
// other side.
func (g GameState) depotsCaptured(cmd MoveUnits) []string {
	if cmd.Data == nil || cmd.Data.Theatre == nil || len(cmd.Units) == 0 {
		return nil
	}
	side := g.Units[cmd.Units[0]].Side
	var out []string
	for _, p := range cmd.Data.Theatre.Places {
		ps, ok := g.Places[p.Name]
		if !ok || p.Hex != cmd.To || ps.Depot == "" || ps.DepotDestroyed {
			continue
		}
		holder := ps.Depot
		if ps.Captured != "" {
			holder = ps.Captured
		}
		if holder != side {
			out = append(out, p.Name)
		}
	}
	return out
}

// captureDepots folds a capture by side: an enemy depot becomes side's
// store; the owner's own depot, recaptured, is fully stocked again (13.8).
func (g GameState) captureDepots(side Side, names []string) GameState {
	places := make(map[string]PlaceState, len(g.Places))
	for k, v := range g.Places {
		places[k] = v
	}
	used := make(map[string]int, len(g.Records.StoreUsed))
	for k, v := range g.Records.StoreUsed {
		used[k] = v
	}
	for _, n := range names {
		ps := places[n]
		if ps.Depot == side {
			ps.Captured = ""
		} else {
			ps.Captured = side
		}
		delete(used, n)
		places[n] = ps
	}
	g.Places, g.Records.StoreUsed = places, used
	return g
}
