package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
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
	By     engine.Actor
	Place  engine.Place
	Action string
	// Unit is the unit that tries to destroy a depot (LRTG 13.8): it
	// rolls one die against its combat value. Empty: the umpire destroys
	// the depot outright, with a reason.
	Unit   string
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
	By       engine.Actor `json:"by"`
	Place    string       `json:"place"`
	Action   string       `json:"action"`
	VP       int          `json:"vp,omitempty"`
	Category string       `json:"category,omitempty"` // VP record category
	Victuals int          `json:"victuals,omitempty"` // levies
	Turn     int          `json:"turn"`
	Reason   string       `json:"reason,omitempty"`
	Detail   string       `json:"detail,omitempty"` // how the VP were made up (stations: 000 VII 3)
	// A depot burned by a unit (13.8): the unit, the game roll's number,
	// its die and the combat value it had to equal or beat.
	Unit  string `json:"unit,omitempty"`
	Roll  int64  `json:"roll,omitempty"`
	Die   int    `json:"die,omitempty"`
	Needs int    `json:"needs,omitempty"`
}

// EventType implements Event.
func (*PlaceActed) EventType() string { return EventPlaceActed }

// EventPlaceFailed is the type of PlaceFailed.
const EventPlaceFailed = "place.failed"

// PlaceFailed records an attempt on a place that failed its die roll: a
// unit that tried to burn a depot and rolled more than its combat value
// (13.8: "Any other result has no effect"). Nothing else changes.
type PlaceFailed struct {
	By     engine.Actor `json:"by"`
	Place  string       `json:"place"`
	Action string       `json:"action"`
	Unit   string       `json:"unit"`
	Roll   int64        `json:"roll"`
	Die    int          `json:"die"`
	Needs  int          `json:"needs"`
	Turn   int          `json:"turn"`
	Reason string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*PlaceFailed) EventType() string { return EventPlaceFailed }

// placesModule is the actions on places (LRTG 13.1, 13.8, 000 VII 3):
// ActOnPlace, a board action the umpire may undo, and its failed
// attempts. A failed attempt changes nothing; its roll is folded with the
// DiceRolled event before it.
func placesModule() engine.Module {
	return engine.Module{Name: "places",
		Commands: []engine.Command{ActOnPlace{}},
		Decide: claims(func(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
			c, ok := cmd.(ActOnPlace)
			if !ok {
				return nil, false, nil
			}
			evs, err := g.decidePlace(c, d)
			return evs, true, err
		}),
		Events: []engine.Event{&PlaceFailed{}, &PlaceActed{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			switch e := e.(type) {
			case *PlaceFailed:
				return g, true
			case *PlaceActed:
				return g.action(e, func(g *Game) { *g = g.applyPlace(e) }), true
			}
			return g, false
		}),
	}
}

// PlaceState is what has happened to a place.
type PlaceState struct {
	Depot          engine.Side `json:"depot,omitempty"`    // a depot of this side is here (set up, 000 VIII)
	Captured       engine.Side `json:"captured,omitempty"` // the enemy side holding the depot (13.8)
	Levied         bool        `json:"levied,omitempty"`
	DepotDestroyed bool        `json:"depot_destroyed,omitempty"`
	Station        string      `json:"station,omitempty"` // "", "damaged" or "destroyed"
	Destroyed      bool        `json:"destroyed,omitempty"`
	// A Union permanent fort's class once rolled (000 9.2), and its
	// destruction (9.3): forts.go.
	FortClass     int  `json:"fort_class,omitempty"`
	FortDestroyed bool `json:"fort_destroyed,omitempty"`
}

// VPEntry is one line of the Victory Point Record: who, what, when.
type VPEntry struct {
	Turn     int
	Category string
	What     string
	VP       int
	Detail   string // how the VP were made up, when there is more to say
}

func (g Game) decidePlace(cmd ActOnPlace, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	p, ps := cmd.Place, g.Places[cmd.Place.Name]
	ev := &PlaceActed{By: cmd.By, Place: p.Name, Action: cmd.Action, Turn: g.Turn, Reason: cmd.Reason}
	umpire := g.IsUmpire(cmd.By)
	player := g.Player(cmd.By.ID)
	side := engine.Side("")
	if player != nil {
		side = player.Side
	}
	need := func(what string, kinds ...string) error {
		for _, k := range kinds {
			if p.Is(k) {
				return nil
			}
		}
		return engine.Invalid("place.kind", fmt.Sprintf("%s is not a %s", p.Name, what), "")
	}
	switch cmd.Action {
	case ActLevy:
		if err := need("levy town", "levy-town"); err != nil {
			return nil, err
		}
		if !umpire && side != engine.CSA {
			return nil, engine.Illegal("place.side", "Only the Confederates levy towns", "LRTG 13.1")
		}
		if ps.Levied {
			return nil, engine.Illegal("place.levied", p.Name+" has already been levied", "Each town may be levied once per game (LRTG 13.1)")
		}
		if f := g.variant().levyRefused; f != nil {
			if e := f(p); e != nil { // LRTA: the towns 004's table lists
				return nil, e
			}
		}
		if err := g.levyAllowed(p, g.Options.IntelMode() != engine.IntelOpen && !umpire); err != nil && !umpire {
			return nil, err
		}
		if err := g.levyCommander(cmd.By, p); err != nil { // 21.1
			return nil, err
		}
		// The game's levy table: LRTG 13.1 (003), or 004's LEVIES in an
		// LRTA game (records.go reads the map's lrta_ values).
		ev.VP, ev.Category = g.LevyVP(p), "levies"
		ev.Victuals = g.LevyVictuals(p)
	case ActDestroyDepot:
		if err := need("depot", "depot", "csa-depot"); err != nil {
			return nil, err
		}
		if ps.DepotDestroyed {
			return nil, engine.Illegal("place.depot", "The depot at "+p.Name+" is already destroyed", "")
		}
		if ps.Depot == "" {
			return nil, engine.Illegal("place.depot", "There is no depot at "+p.Name, "")
		}
		ev.VP, ev.Category = g.DepotVP(p), "depots" // 003 / 004's depot table (records.go)
		if cmd.Unit == "" {
			// The umpire may rule a depot destroyed without the roll, as
			// he may set rules aside elsewhere; his reason is recorded.
			if !umpire {
				return nil, engine.Invalid("place.unit", "Name the unit that tries to burn the depot at "+p.Name,
					"Add unit:<your unit in the depot's hex>: it rolls a die against its combat value (LRTG 13.8)")
			}
			if cmd.Reason == "" {
				return nil, engine.Invalid("place.reason", "Name the unit that tries to burn the depot, or give the reason the depot is destroyed without the roll",
					"Add unit:<unit> (LRTG 13.8) or reason:<why>")
			}
			break
		}
		return g.burnDepot(cmd, ev, d)
	case ActDamageStation, ActDestroyStation, ActRepairStation:
		if err := need("railroad station", "rr-station"); err != nil {
			return nil, err
		}
		switch {
		case cmd.Action == ActDamageStation && ps.Station != "":
			return nil, engine.Illegal("place.station", fmt.Sprintf("%s station is already %s", p.Name, ps.Station), "")
		case cmd.Action == ActDestroyStation && ps.Station == "destroyed":
			return nil, engine.Illegal("place.station", p.Name+" station is already destroyed", "")
		case cmd.Action == ActRepairStation && ps.Station != "damaged":
			return nil, engine.Illegal("place.station", p.Name+" station is not damaged", "Only a damaged station is repaired (a destroyed one is gone)")
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
			return nil, engine.Illegal("place.indestructible", "The bridge at "+p.Name+" cannot be destroyed", "")
		}
		if ps.Destroyed {
			return nil, engine.Illegal("place.destroyed", p.Name+" is already destroyed", "")
		}
		ev.VP, ev.Category = p.Values["structure_vp"], "structures"
	default:
		return nil, engine.Invalid("place.action", fmt.Sprintf("%q is not an action on a place", cmd.Action), "")
	}
	if b := g.stationBonus(cmd); b != nil {
		return []engine.Event{ev, b}, nil // 000 VII 3, 4: three B&O stations and the Marysville bridge
	}
	return []engine.Event{ev}, nil
}

// burnDepot settles a unit's attempt to destroy a depot (LRTG 13.8): "Any
// units with a combat value of 2 or more may attempt to destroy a
// friendly or captured depot by performing a burn RR station action in
// the depot's hex. Roll a die, if the result is equal to or less than
// the combat value of unit attempting to destroy the depot, it is
// destroyed. Any other result has no effect."
//
// The order of battle has no separate combat value: a counter's strength
// is its manpower, so the unit's current manpower is its combat value.
// The seeds do not say what a burn RR station action needs beyond that
// (its fatigue and its place in the action cycle are the GCACW standard
// rules'), so nothing more is checked here. Rules for a unit apply to the
// umpire naming one too: only the outright destruction (no unit) sets
// them aside.
func (g Game) burnDepot(cmd ActOnPlace, ev *PlaceActed, d engine.Dice) ([]engine.Event, error) {
	p, ps := cmd.Place, g.Places[cmd.Place.Name]
	u, err := g.UnitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	if !u.OnMap || u.Eliminated {
		return nil, engine.Illegal("place.unit", u.Name+" is not on the map", "The unit must be in the depot's hex (LRTG 13.8)")
	}
	if u.Hex != p.Hex {
		return nil, engine.Illegal("place.unit", fmt.Sprintf("%s is not in %s's hex", u.Name, p.Name), "Move a unit into the depot's hex first (LRTG 13.8)")
	}
	if u.Manpower < 2 {
		return nil, engine.Illegal("place.combat", fmt.Sprintf("%s has a combat value of %d (its manpower)", u.Name, u.Manpower),
			"Only a unit with a combat value of 2 or more may try to destroy a depot (LRTG 13.8)")
	}
	holder := ps.Depot
	if ps.Captured != "" {
		holder = ps.Captured
	}
	if holder != u.Side {
		return nil, engine.Illegal("place.depot", fmt.Sprintf("The depot at %s is the %s's", p.Name, strings.ToUpper(string(holder))),
			"A side destroys only its own depots or those it captured (LRTG 13.8); a unit that enters an enemy depot's hex captures it")
	}
	// 12.1, 13.8, 16.1: the Union keeps its Harpers Ferry depot until
	// Meade takes command.
	// LRTA: until the Release of Harpers Ferry Garrison (segment_depots.go).
	if p.Name == "Harpers Ferry" && u.Side == engine.USA && ps.Depot == engine.USA {
		if h := g.hfDepot(); !h.released(g) {
			return nil, engine.Illegal("place.depot", "The Union may not destroy its depot at Harpers Ferry "+h.until, h.destroyRule)
		}
	}
	// rollstream.go: the actor's secret with limited intelligence.
	out, err := g.RollFor(engine.RollDice{By: cmd.By, Expression: "1d6",
		Purpose: fmt.Sprintf("%s burns the depot at %s (LRTG 13.8)", u.Name, p.Name)}, d, g.ActorAudience(cmd.By))
	if err != nil {
		return nil, err
	}
	roll := out[0].(*engine.DiceRolled)
	die := roll.Total
	if die > u.Manpower {
		return []engine.Event{roll, &PlaceFailed{By: cmd.By, Place: p.Name, Action: cmd.Action, Unit: u.ID, Roll: roll.Number, Die: die, Needs: u.Manpower, Turn: g.Turn, Reason: cmd.Reason}}, nil
	}
	ev.Unit, ev.Roll, ev.Die, ev.Needs = u.ID, roll.Number, die, u.Manpower
	return []engine.Event{roll, ev}, nil
}

// levyAllowed checks LRTG 13.1: a Confederate infantry unit of 5+ manpower
// at fatigue 0 in the town, and no enemy unit of 3+ manpower adjacent.
// hidden (a player in a hidden mode, hidden.go): the enemy unit is not
// named and its manpower not given. It is adjacent to his infantry, in
// contact, but with knowledge per commander the infantry may be another
// commander's; the rule's fact (one of 3+ is adjacent) is what he learns.
func (g Game) levyAllowed(p engine.Place, hidden bool) error {
	ok := false
	for _, u := range g.Units {
		if u.OnMap && u.Side == engine.CSA && u.Kind == engine.KindInfantry && u.Manpower >= 5 && u.Fatigue == 0 && u.Hex == p.Hex {
			ok = true
		}
	}
	if !ok {
		return engine.Illegal("place.levy", "No Confederate infantry unit of 5 or more manpower at fatigue 0 is in "+p.Name, "LRTG 13.1")
	}
	for _, u := range g.Units {
		if u.OnMap && u.Side == engine.USA && u.Manpower >= 3 && engine.Distance(u.Hex, p.Hex) == 1 {
			if hidden {
				return engine.Illegal("place.levy", "An enemy unit of 3 or more manpower is adjacent to "+p.Name, "No levy with an enemy unit of 3+ manpower adjacent (LRTG 13.1)")
			}
			return engine.Illegal("place.levy", fmt.Sprintf("%s (%d manpower) is adjacent to %s", u.Name, u.Manpower, p.Name), "No levy with an enemy unit of 3+ manpower adjacent (LRTG 13.1)")
		}
	}
	return nil
}

func (g Game) applyPlace(e *PlaceActed) Game {
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
func (g Game) VPTotals() (map[string]int, int) {
	by := map[string]int{}
	total := 0
	for _, e := range g.VP {
		by[e.Category] += e.VP
		total += e.VP
	}
	return by, total
}

// VPCategories returns the categories of the record so far, sorted.
func (g Game) VPCategories() []string {
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
func (g Game) depotsCaptured(cmd engine.MoveUnits) []string {
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
func (g Game) captureDepots(side engine.Side, names []string) Game {
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

// levyCommander checks the division of command (21.1) for a levy (13.1):
// a player levies a town only with a unit of his own command that may
// levy it (a Confederate infantry unit of 5 or more manpower at fatigue 0
// in the town, as levyAllowed asks); the umpire with any.
func (g Game) levyCommander(by engine.Actor, p engine.Place) error {
	if g.IsUmpire(by) {
		return nil
	}
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.OnMap && !u.Eliminated && u.Side == engine.CSA && u.Kind == engine.KindInfantry && u.Manpower >= 5 && u.Fatigue == 0 && u.Hex == p.Hex && g.Controls(by, u) {
			return nil
		}
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "unit.command", What: "You command no Confederate infantry unit of 5 or more manpower at fatigue 0 in " + p.Name,
		Hint: "The commander of the unit in the town levies it (or the umpire)", Rule: "LRTG 13.1, 21.1"}
}
