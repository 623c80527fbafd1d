// Step 5f of the Supply Segment: supply effects (LRTG 13.6; Simplified
// Supply 24.6): who is disorganized or loses manpower for want of victuals.

package lrtg

import (
	"fmt"
	"sort"

	"github.com/umpire-games/umpire/engine"
)

// SupplyDisorganizationDRM is what Simplified Supply adds to a side's
// disorganization rolls in this turn's action phase (24.6: from the
// last turn's Supply Effects Phase).
func (g Game) SupplyDisorganizationDRM(s engine.Side) int {
	if g.Segment.EffectsTurn != g.Turn-1 {
		return 0
	}
	return g.Segment.Effects[s]
}

// segExempt says why 24.6 * spares a unit: in or next to a friendly
// depot (its own, or one it captured), or in or next to a station
// connected by rail to one.
func (g Game) segExempt(t *engine.Theatre, u engine.UnitState) string {
	if t == nil {
		return ""
	}
	var held []segDepot
	for _, d := range g.segDepots(t) {
		if d.Holder == u.Side {
			held = append(held, d)
		}
	}
	var stations []string
	for _, d := range held {
		if engine.Distance(u.Hex, d.Hex) <= 1 {
			return "in or next to the depot at " + d.Name
		}
		stations = append(stations, d.Name)
	}
	reach := segRailReach(t, stations, g.segStationOut)
	names := make([]string, 0, len(reach))
	for n := range reach {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if p := t.Place(n); p != nil && engine.Distance(u.Hex, p.Hex) <= 1 {
			return "in or next to " + n + " station, connected by rail to a friendly depot"
		}
	}
	return ""
}

func procSupplyEffects(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	t, sizes := segTheatre(ctx), segSizes(ctx)
	ev := &SupplyEffectsApplied{Turn: g.Turn, Rule: g.Options.Supply}
	var evs []engine.Event
	state := g
	roll := func(u engine.UnitState) (*engine.DiceRolled, error) {
		// The umpire's secret roll (rollstream.go): the outputs show it to
		// him alone, so its count is not the public's.
		out, err := state.SecretRoll(engine.RollDice{By: g.Umpire, Expression: "1d6",
			Purpose: fmt.Sprintf("supply manpower loss: %s loses 1 on %d or less (24.6 **)", u.Name, u.Manpower)}, d, engine.RollAudienceUmpire)
		if err != nil {
			return nil, err
		}
		r := out[0].(*engine.DiceRolled)
		evs = append(evs, r)
		state = state.Apply(r)
		return r, nil
	}
	if g.Options.Supply == "simplified" {
		ev.Levels, ev.DRM = map[engine.Side]int{}, map[engine.Side]int{}
		for _, s := range segSides {
			lvl := g.SupplyLevel(s)
			ev.Levels[s] = lvl
			switch {
			case lvl == 2:
				ev.DRM[s] = 1
			case lvl <= 1:
				ev.DRM[s] = 2
			}
			if lvl > 0 {
				continue
			}
			for _, u := range g.segUnits(func(u engine.UnitState) bool { return u.Side == s }) {
				e := SupplyEffect{Unit: u.ID, Name: u.Name, Side: s}
				if why := g.segExempt(t, u); why != "" {
					e.Exempt = why
					ev.Units = append(ev.Units, e)
					continue
				}
				e.Disorganize = !u.Status.Disorganized
				if u.Fatigue == 4 || lvl < 0 && u.Fatigue == 3 {
					e.Manpower = u.Manpower
					if u.Manpower > 0 && u.Manpower <= 6 {
						r, err := roll(u)
						if err != nil {
							return nil, err
						}
						e.Roll, e.Die = r.Number, r.Total
						e.Lost = r.Total <= u.Manpower
					} else {
						e.Lost = u.Manpower > 0
					}
				}
				if e.Disorganize || e.Lost || e.Roll != 0 {
					ev.Units = append(ev.Units, e)
				}
			}
		}
	} else {
		for _, s := range segSides {
			for _, u := range g.SupplyUnits(s, sizes) {
				u = u.WithStatus()
				if g.Victuals(u) > 0 {
					continue
				}
				e := SupplyEffect{Unit: u.ID, Name: u.Name, Side: s}
				if !u.Status.Disorganized {
					e.Disorganize = true
				} else if u.Fatigue >= 3 && u.Manpower > 0 {
					e.Manpower, e.Lost = u.Manpower, true
				}
				ev.Units = append(ev.Units, e)
			}
		}
	}
	return append(evs, ev), nil
}

// applySupplyEffects disorganizes units and takes their lost manpower
// (13.6), and keeps Simplified Supply's modifier to next turn's
// disorganization rolls (24.6).
func (g *Game) applySupplyEffects(e *SupplyEffectsApplied) {
	for _, x := range e.Units {
		if x.Exempt != "" {
			continue
		}
		g.EditUnit(x.Unit, func(u *engine.UnitState) {
			*u = u.WithStatus()
			if x.Disorganize {
				u.Status.Disorganized = true
			}
			if x.Lost && u.Manpower > 0 {
				u.Manpower--
				if u.Manpower == 0 {
					u.Eliminated, u.OnMap = true, false
				}
			}
		})
	}
	if len(e.DRM) > 0 {
		*g = g.seg(g.Turn, func(s *SegmentState) { s.Effects, s.EffectsTurn = segSideInts(e.DRM), e.Turn })
	}
}
