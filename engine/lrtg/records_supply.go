// Supply on the records (LRTG 13, 24 Simplified Supply; 003 supply &
// losses sheets): the supply levels and victuals of each side, the depots'
// values, and /supply adjust's decider and applier helpers. Moved out of
// records.go, which keeps what tells LRTA from LRTG (LevyVictuals, LevyVP,
// DepotVP, store).

package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// SupplyMax is the most victuals a side's unit (normal supply, 13.0) or
// its track (simplified supply, 24.0) holds: 6 Confederate, 7 Union.
func SupplyMax(s engine.Side) int {
	if s == engine.CSA {
		return 6
	}
	return 7
}

// SupplyMin is the lowest box of a simplified supply track (24.0), and
// the fewest victuals a unit has under the normal rules (13.6: none).
func SupplyMin(rule string) int {
	if rule == "simplified" {
		return -1
	}
	return 0
}

// SupplyLevel returns a side's simplified supply track. It starts full
// (13.0: every unit is fully victualled at the start; 24.0 keeps the
// side's victuals on one track).
func (g Game) SupplyLevel(s engine.Side) int {
	if v, ok := g.Records.Track[s]; ok {
		return v
	}
	return SupplyMax(s)
}

// Victuals returns a unit's victuals under the normal supply rules: full
// until spent (13.0: units start, and enter as reinforcements, full).
func (g Game) Victuals(u engine.UnitState) int {
	if v, ok := g.Records.Victuals[u.ID]; ok {
		return v
	}
	return SupplyMax(u.Side)
}

// NeedsSupply reports whether a unit is a Unit Requiring Supply: a
// division-sized infantry unit or a brigade-sized cavalry unit (13.0);
// with augmented supply also infantry brigades and regiments and cavalry
// regiments (23.1).
func (g Game) NeedsSupply(u engine.UnitState, sizes engine.UnitSizes) bool {
	size := sizeOf(u, sizes)
	switch {
	case infantry(u) && size == "division":
		return true
	case u.Kind == engine.KindCavalry && size == "brigade":
		return true
	case g.Options.Supply == "augmented" && (infantry(u) || u.Kind == engine.KindCavalry) && (size == "brigade" || size == "regiment"):
		return true
	}
	return false
}

// SupplyUnits returns the side's units requiring supply that are on the
// map, sorted by command and name.
func (g Game) SupplyUnits(s engine.Side, sizes engine.UnitSizes) []engine.UnitState {
	var out []engine.UnitState
	for _, u := range g.Units {
		if u.Side == s && u.OnMap && !u.Eliminated && g.NeedsSupply(u, sizes) {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Command != out[j].Command {
			return out[i].Command < out[j].Command
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// LRTA depots (004 Depots and Levied Supplies). A depot's victuals under
// the normal supply rules and its VPs are the map's lrta_depot_victuals
// and lrta_depot_vp (scenarios/maps/lrtg-places-charts.yaml). What the
// map data does not carry is here, as 004 prints it (the library's
// lrta.depots holds the whole table: bot/lrta_polish_test.go checks these
// against it):
//   - the victuals under the simplified supply rules (the table's middle
//     column, read as lrta.depots reads it, the levies' table heading its
//     middle column so; the map data's value keys, pinned by
//     scenarios/maps_places_test.go, have none for it);
//   - "All other Union Depots 10 3 2": a Union depot 004 gives no row (one
//     the Union builds, or an LRTG depot place);
//   - "All Confederate Depots NA NA 2": its captor draws no victuals; its
//     destruction scores 2 for the Union.
const (
	lrtaOtherDepotVictuals   = 10
	lrtaOtherDepotSimplified = 3
	lrtaOtherDepotVP         = 2
	lrtaCSADepotVP           = 2
)

// lrtaDepotSimplified is a depot's victuals under the simplified supply
// rules, for the depots 004 names (false: none of them).
func lrtaDepotSimplified(place string) (int, bool) {
	switch place {
	case "Alexandria", "Camden Station":
		return 14, true
	case "Manassas Junction":
		return 7, true
	case "Harrisburg":
		return 12, true
	case "Harpers Ferry", "Winchester":
		return 4, true
	case "Aquia Creek Station":
		return 5, true
	}
	return 0, false
}

// LRTADepotValues returns what 004's depot table gives a depot of side at
// p: victuals under the normal and the simplified supply rules, the VP of
// its destruction (+ Confederate), and whether it holds victuals for a
// captor at all (false: "NA", the Confederate depots).
func LRTADepotValues(p engine.Place, side engine.Side) (victuals, simplified, vp int, stocked bool) {
	if side == engine.CSA {
		return 0, 0, -lrtaCSADepotVP, false
	}
	v, okV := p.Values["lrta_depot_victuals"]
	s, okS := lrtaDepotSimplified(p.Name)
	if !okV || !okS {
		return lrtaOtherDepotVictuals, lrtaOtherDepotSimplified, lrtaOtherDepotVP, true
	}
	return v, s, p.Values["lrta_depot_vp"], true
}

// StoreVictuals returns what is left in a levied town or a captured depot
// (false: it is neither).
func (g Game) StoreVictuals(p engine.Place) (int, bool) {
	left, _, _, ok := g.Store(p)
	return left, ok
}

// Store returns a store's victuals left, its holder and what it holds
// full (false: the place is no store).
func (g Game) Store(p engine.Place) (left int, holder engine.Side, full int, ok bool) {
	full, holder, ok = g.store(p)
	if !ok {
		return 0, "", 0, false
	}
	return full - g.Records.StoreUsed[p.Name], holder, full, true
}

func (g Game) decideSupply(cmd AdjustSupply) (engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.sideFor(cmd.By, cmd.Side); err != nil {
		return nil, err
	}
	if err := g.quartermasterDuty(cmd.By, cmd.Side, DutySupply); err != nil { // 21.1 (quartermaster.go)
		return nil, err
	}
	if cmd.Delta == 0 {
		return nil, engine.Invalid("supply.delta", "An adjustment of 0 changes nothing", "Give by: a number, e.g. -1 for the Supply Expenditure Phase")
	}
	reason := strings.TrimSpace(cmd.Reason)
	if reason == "" && cmd.Code == "" {
		return nil, engine.Invalid("supply.reason", "A supply adjustment needs its reason", "Add reason:, e.g. reason:supply expenditure (13.4)")
	}
	rule := g.Options.Supply
	ev := &SupplyAdjusted{By: cmd.By, Side: cmd.Side, Turn: g.Turn, Rule: rule, Delta: cmd.Delta, Reason: reason, ReasonCode: cmd.Code, Divisions: cmd.Divisions}
	switch {
	case cmd.Store != nil:
		if len(cmd.Units) > 0 {
			return nil, engine.Invalid("supply.store", "Adjust a town's store or units' victuals, not both at once", "Take from the town first, then give the units their victuals")
		}
		full, holder, ok := g.store(*cmd.Store)
		if !ok {
			return nil, engine.Illegal("supply.store", cmd.Store.Name+" is neither a levied town nor a captured depot", "Only levied towns (13.1) and captured depots (13.8) hold victuals")
		}
		left := full - g.Records.StoreUsed[cmd.Store.Name]
		if cmd.Side != holder && !g.IsUmpire(cmd.By) {
			return nil, engine.Illegal("supply.store", fmt.Sprintf("%s's victuals are the %s's", cmd.Store.Name, strings.ToUpper(string(holder))), "Another side taking them is the umpire's ruling (13.1, 13.8)")
		}
		to := min(max(left+cmd.Delta, 0), full)
		if to == left {
			return nil, engine.Illegal("supply.store", fmt.Sprintf("%s holds %d victuals: nothing to change", cmd.Store.Name, left), "")
		}
		ev.Store = &VictualChange{Unit: cmd.Store.Name, Name: cmd.Store.Name, From: left, To: to}
	case rule == "simplified":
		if len(cmd.Units) > 0 {
			return nil, engine.Invalid("supply.units", "Simplified supply tracks the whole side, not its units", "Leave out units: (24.0)")
		}
		from := g.SupplyLevel(cmd.Side)
		to := from + cmd.Delta
		if cmd.Delta > 0 && from < 0 {
			to = cmd.Delta // 24.5: a gain starts from the 0 box
		}
		to = min(max(to, SupplyMin(rule)), SupplyMax(cmd.Side))
		ev.Track = &VictualChange{Unit: string(cmd.Side), Name: "supply track", From: from, To: to}
	default:
		var units []engine.UnitState
		if len(cmd.Units) == 0 {
			units = g.SupplyUnits(cmd.Side, cmd.Sizes)
		}
		for _, id := range cmd.Units {
			u, err := g.Unit(id)
			if err != nil {
				return nil, err
			}
			if u.Side != cmd.Side {
				return nil, engine.Invalid("supply.unit", fmt.Sprintf("%s is not a %s unit", u.Name, strings.ToUpper(string(cmd.Side))), "")
			}
			if !g.NeedsSupply(u, cmd.Sizes) {
				return nil, engine.Invalid("supply.unit", fmt.Sprintf("%s does not track victuals under the %s supply rules", u.Name, rule),
					"Divisions and cavalry brigades do (13.0); with augmented supply also brigades and regiments (23.1)")
			}
			units = append(units, u)
		}
		if len(units) == 0 {
			return nil, engine.Illegal("supply.units", "No unit of the side on the map tracks victuals", "")
		}
		for _, u := range units {
			from := g.Victuals(u)
			to := min(max(from+cmd.Delta, SupplyMin(rule)), SupplyMax(u.Side))
			ev.Units = append(ev.Units, VictualChange{Unit: u.ID, Name: u.Name, From: from, To: to})
		}
	}
	ev.Check = g.applySupply(ev).moraleCheck(cmd.Sizes, true)
	return ev, nil
}

func (g Game) applySupply(e *SupplyAdjusted) Game {
	r := g.Records
	entry := SupplyEntry{Turn: e.Turn, Side: e.Side, Kind: SupplyEntryAdjust, Delta: e.Delta, Reason: e.Reason, ReasonCode: e.ReasonCode, Divisions: e.Divisions, By: e.By}
	switch {
	case e.Store != nil:
		m := copyInts(r.StoreUsed)
		m[e.Store.Unit] += e.Store.From - e.Store.To
		r.StoreUsed = m
		entry.Store = e.Store
	case e.Track != nil:
		m := make(map[engine.Side]int, 2)
		for k, v := range r.Track {
			m[k] = v
		}
		m[e.Side] = e.Track.To
		r.Track = m
		entry.Track = e.Track
	default:
		m := copyInts(r.Victuals)
		for _, c := range e.Units {
			m[c.Unit] = c.To
		}
		entry.Units = e.Units
		r.Victuals = m
	}
	r.logSupply(entry)
	g.Records = r
	return g
}

func copyInts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}
