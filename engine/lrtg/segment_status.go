// Step 5b of the Supply Segment: supply status (LRTG 13.2). Which units are
// in resupply range of a friendly depot or railroad, from the map data, and
// the players' word where the map data cannot settle it (/segment range).

package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// SupplyStatus returns the unit's supply status this turn (false: not
// determined this turn).
func (g Game) SupplyStatus(id string) (UnitSupply, bool) {
	if g.Segment.Turn != g.Turn {
		return UnitSupply{}, false
	}
	for _, s := range g.Segment.Status {
		if s.Unit == id {
			return s, true
		}
	}
	return UnitSupply{}, false
}

// segDepot is a standing depot on the map.
type segDepot struct {
	engine.Place
	Owner  engine.Side
	Holder engine.Side // the owner, or the enemy that captured it
}

// depots returns the standing depots of the map, sorted by name.
func (g Game) segDepots(t *engine.Theatre) []segDepot {
	if t == nil {
		return nil
	}
	var out []segDepot
	for _, name := range segPlaceNames(g.Places) {
		ps := g.Places[name]
		if ps.Depot == "" || ps.DepotDestroyed {
			continue
		}
		p := t.Place(name)
		if p == nil {
			continue
		}
		d := segDepot{Place: *p, Owner: ps.Depot, Holder: ps.Depot}
		if ps.Captured != "" {
			d.Holder = ps.Captured
		}
		out = append(out, d)
	}
	return out
}

func segPlaceNames(m map[string]PlaceState) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// segFriendlyDepots are the side's own depots, not captured and not
// occupied by an enemy unit (13.2 note: "a player may not utilize a depot for supply
// if the depot is occupied by an enemy unit").
func (g Game) segFriendlyDepots(t *engine.Theatre, s engine.Side) []segDepot {
	var out []segDepot
	for _, d := range g.segDepots(t) {
		if d.Owner == s && d.Holder == s && !g.segEnemyNear(s, d.Hex, false) {
			out = append(out, d)
		}
	}
	return out
}

// segRailLinks returns the stations joined to each station by the map's
// railroads (neighbouring stops).
func segRailLinks(t *engine.Theatre) map[string][]string {
	adj := map[string][]string{}
	for _, l := range t.Lines {
		if l.Kind != "railroad" {
			continue
		}
		for i := 1; i < len(l.Stops); i++ {
			a, b := l.Stops[i-1], l.Stops[i]
			adj[a] = append(adj[a], b)
			adj[b] = append(adj[b], a)
		}
	}
	return adj
}

// segRailReach returns the stations reached by rail from the start stations
// without entering a blocked one (a start station that is blocked is not
// left).
func segRailReach(t *engine.Theatre, start []string, blocked func(string) bool) map[string]bool {
	adj := segRailLinks(t)
	seen := map[string]bool{}
	queue := []string{}
	for _, s := range start {
		if !blocked(s) && !seen[s] {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, n := range adj[cur] {
			if !seen[n] && !blocked(n) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return seen
}

// segStationOut reports whether a station carries a Damage or Destroy marker.
func (g Game) segStationOut(name string) bool { return g.Places[name].Station != "" }

// segCSAControls reports whether the Confederates control the county
// region now: they scored it in the last County Control Phase (LRTG 11;
// the halves of Frederick County count for the county's region).
func (g Game) segCSAControls(region string) bool {
	if region == "" {
		return false
	}
	for id, turns := range g.Victory.Counties {
		if id != region && !strings.HasPrefix(id, region+"-") {
			continue
		}
		for _, t := range turns {
			if t == g.Turn || t == g.Turn-1 {
				return true
			}
		}
	}
	return false
}

// segUnionRail reports whether a Union unit's county has a station
// without a Damage or Destroy marker from which a railroad path reaches a
// Union depot, entering no damaged or destroyed station and no
// Confederate-controlled county (13.2). Destroyed bridges are not on the
// map's railroads: the path does not see them.
//
// It returns the depot reached, or in LRTA the city (StatusRailCity,
// lrtaRailCity), with the status code.
func (g Game) segUnionRail(t *engine.Theatre, county string, cities bool) (string, string, bool) {
	if t == nil || county == "" || g.segCSAControls(county) {
		return "", "", false
	}
	var start []string
	for i := range t.Places {
		p := &t.Places[i]
		if p.Is("rr-station") && segSupplyCounty(t, p.Hex, cities) == county && !g.segStationOut(p.Name) {
			start = append(start, p.Name)
		}
	}
	if len(start) == 0 {
		return "", "", false
	}
	blocked := func(name string) bool {
		if g.segStationOut(name) {
			return true
		}
		p := t.Place(name)
		return p != nil && g.segCSAControls(segCounty(t, p.Hex))
	}
	reach := segRailReach(t, start, blocked)
	for _, d := range g.segFriendlyDepots(t, engine.USA) {
		if reach[d.Name] {
			return d.Name, StatusRail, true
		}
	}
	if city, ok := lrtaRailCity(t, reach, cities); ok {
		return city, StatusRailCity, true
	}
	return "", "", false
}

// segStatusOf settles a unit's resupply range as far as the map data
// allows, by the game's rules.
func (g Game) segStatusOf(t *engine.Theatre, u engine.UnitState) UnitSupply {
	return g.segStatusIn(t, u, g.variant().supplyCities)
}

// segStatusIn settles a unit's resupply range; cities reads the Union's
// rail range as 004 does (lrta_supply_range.go).
func (g Game) segStatusIn(t *engine.Theatre, u engine.UnitState, cities bool) UnitSupply {
	st := UnitSupply{Unit: u.ID, Name: u.Name, Side: u.Side}
	if t == nil {
		st.Code = StatusNoMap
		return st
	}
	county := segSupplyCounty(t, u.Hex, cities)
	deps := g.segFriendlyDepots(t, u.Side)
	for _, d := range deps {
		if county != "" && segSupplyCounty(t, d.Hex, cities) == county {
			st.InRange, st.Sure, st.Code, st.Region, st.Depot = true, true, StatusDepotCounty, segRegionName(t, county), d.Name
			return st
		}
	}
	if u.Side == engine.CSA {
		for _, c := range []string{"va.orange", "va.spotsylvania", "va.caroline"} {
			if county == c {
				st.InRange, st.Sure, st.Code, st.Region = true, true, StatusRegion, segRegionName(t, c)
				return st
			}
		}
	} else if via, code, ok := g.segUnionRail(t, county, cities); ok {
		st.InRange, st.Sure, st.Code, st.Region, st.Depot = true, true, code, segRegionName(t, county), via
		return st
	}
	near := ""
	best := 0
	for _, d := range deps {
		if n := engine.Distance(u.Hex, d.Hex); n <= 6 && (near == "" || n < best) {
			near, best = d.Name, n
		}
	}
	if near != "" {
		st.Code, st.Hexes, st.Depot = StatusNear, best, near
		return st
	}
	st.Sure, st.Code = true, StatusNone
	return st
}

// segStatusUnits are the units the Supply Status Phase settles: the Units
// Requiring Supply (13.0), or, under Simplified Supply, the side's
// division-sized units (24.2).
func (g Game) segStatusUnits(s engine.Side, sizes engine.UnitSizes) []engine.UnitState {
	if g.Options.Supply != "simplified" {
		return g.SupplyUnits(s, sizes)
	}
	return g.segUnits(func(u engine.UnitState) bool { return u.Side == s && sizeOf(u, sizes) == "division" })
}

func procSupplyStatus(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	t, sizes := segTheatre(ctx), segSizes(ctx)
	// The stored logs' scripts, played before issue 22, are replayed
	// with LRTG's reading (engine.MoveData.FrozenSupplyRange: tests only).
	cities := g.variant().supplyCities && (ctx.Move == nil || !ctx.Move.FrozenSupplyRange)
	ev := &SupplyStatusSet{Turn: g.Turn, Rule: g.Options.Supply}
	open := &SegmentOpened{Turn: g.Turn, Step: "5b", Notes: []SegmentNote{{Code: NoteStatusOpen}}}
	for _, s := range segSides {
		unsure := 0
		for _, u := range g.segStatusUnits(s, sizes) {
			st := g.segStatusIn(t, u, cities)
			if !st.Sure {
				unsure++
			}
			ev.Units = append(ev.Units, st)
		}
		if unsure > 0 || g.Options.LimitedIntel {
			open.Waits = append(open.Waits, StepWait{Step: "5b", Side: s,
				What: fmt.Sprintf("the %s's word on units the map cannot settle (/segment range, then /segment done)", segSide(s))})
		}
		if unsure > 0 {
			open.tellSide(s, SegmentNote{Code: NoteStatusUnsure, N: unsure})
		}
	}
	return []engine.Event{ev, open}, nil
}

// ClaimRange records a player's word on units the map data cannot settle
// (5b), or, under Simplified Supply, puts Confederate divisions in range
// from a captured depot or levied town in their county (24.3).
type ClaimRange struct {
	By      engine.Actor
	Units   []string
	InRange bool
	Store   *engine.Place
	Map     *engine.Theatre
	Reason  string
}

// CommandName implements Command.
func (ClaimRange) CommandName() string { return "segment range" }

func (g Game) decideSegRange(cmd ClaimRange) ([]engine.Event, error) {
	if err := g.inSegStep(cmd.By, "5b", cmd.Reason); err != nil {
		return nil, err
	}
	if len(cmd.Units) == 0 {
		return nil, engine.Invalid("segment.units", "No units named", "Name them with units:<unit,...>")
	}
	umpire := g.IsUmpire(cmd.By)
	ev := &SupplyRangeClaimed{By: cmd.By, Turn: g.Turn, InRange: cmd.InRange, Reason: strings.TrimSpace(cmd.Reason)}
	for _, id := range cmd.Units {
		u, err := g.UnitFor(cmd.By, id)
		if err != nil {
			return nil, err
		}
		if ev.Side == "" {
			ev.Side = u.Side
		} else if u.Side != ev.Side {
			return nil, engine.Invalid("segment.side", "Name one side's units at a time", "")
		}
		st, ok := g.SupplyStatus(u.ID)
		if !ok {
			return nil, engine.Illegal("segment.range", fmt.Sprintf("%s has no supply status this turn", u.Name), "Only the units the Supply Status Phase lists (13.2; 24.2 divisions)")
		}
		if st.Sure && !umpire && cmd.Store == nil {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.range.sure", What: fmt.Sprintf("%s's status is settled by the map: %s", u.Name, settledWhy(st)),
				Hint: "Only units six hexes or less from a depot are the player's word; the umpire may overrule with reason:", Rule: "LRTG 13.2"}
		}
		if engine.Contains(ev.Units, u.ID) {
			return nil, engine.Invalid("segment.twice", u.Name+" is named twice", "")
		}
		ev.Units, ev.Names = append(ev.Units, u.ID), append(ev.Names, u.Name)
	}
	if cmd.Store != nil {
		if g.Options.Supply != "simplified" || ev.Side != engine.CSA {
			return nil, engine.Illegal("segment.range.store", "Only Confederate divisions under Simplified Supply spend a store's victuals to be in range", "Normal supply draws from stores in the Forage / Resupply step (/segment draw); 24.3")
		}
		if !cmd.InRange {
			return nil, engine.Invalid("segment.range.store", "A store puts divisions in range", "Give in_range:true with at:")
		}
		left, holder, _, ok := g.Store(*cmd.Store)
		if !ok || holder != engine.CSA {
			return nil, engine.Illegal("segment.range.store", cmd.Store.Name+" is neither a levied town nor a depot the Confederates captured", "LRTG 24.3")
		}
		if left < len(ev.Units) {
			return nil, engine.Illegal("segment.range.store", fmt.Sprintf("%s has %d victuals left; %d divisions need one each", cmd.Store.Name, left, len(ev.Units)), "LRTG 24.3")
		}
		if cmd.Map != nil {
			c := segCounty(cmd.Map, cmd.Store.Hex)
			for _, id := range ev.Units {
				if segCounty(cmd.Map, g.Units[id].Hex) != c || c == "" {
					return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.range.county", What: fmt.Sprintf("%s is not in %s's county", g.Units[id].Name, cmd.Store.Name), Rule: "LRTG 13.2, 24.3"}
				}
			}
		}
		ev.Store = &VictualChange{Unit: cmd.Store.Name, Name: cmd.Store.Name, From: left, To: left - len(ev.Units)}
	}
	return []engine.Event{ev}, nil
}

// UnitSupply is a unit's supply status (13.2): in resupply range or not,
// why, and whether the map data settles it (Sure) or it is the owning
// player's word (Claimed names who said so).
type UnitSupply struct {
	Unit    string      `json:"unit"`
	Name    string      `json:"name"`
	Side    engine.Side `json:"side"`
	InRange bool        `json:"in_range"`
	Sure    bool        `json:"sure"`
	Why     string      `json:"why,omitempty"` // events stored before the codes: why, in words
	// Code is why (Status*, segment_status_codes.go), with its parameters:
	// the depot or store, the county's name, the hexes to the depot.
	Code    string `json:"code,omitempty"`
	Depot   string `json:"depot,omitempty"`
	Region  string `json:"region,omitempty"`
	Hexes   int    `json:"hexes,omitempty"`
	Claimed string `json:"claimed,omitempty"`
}

// applyRangeClaimed puts the claimed units in or out of range on the
// player's word (5b), and spends the store's victuals that put them in
// range under Simplified Supply (24.3).
func (g Game) applyRangeClaimed(e *SupplyRangeClaimed) Game {
	g = g.seg(e.Turn, func(s *SegmentState) {
		for i := range s.Status {
			if engine.Contains(e.Units, s.Status[i].Unit) {
				s.Status[i].InRange, s.Status[i].Claimed = e.InRange, e.By.Name
				if e.Store != nil {
					s.Status[i].Code, s.Status[i].Depot, s.Status[i].Region, s.Status[i].Hexes, s.Status[i].Why = StatusStore, e.Store.Name, "", 0, ""
				}
			}
		}
	})
	if e.Store != nil {
		g = g.segUseStore(e.Store.Unit, e.Store.From-e.Store.To)
	}
	return g
}
