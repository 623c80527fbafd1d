package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 A2, Attrition (11) in play: each unit's line of communications,
// territory and distance to a depot, and the attrition rolled as the step
// begins.

// initFacts returns a unit's facts for attrition and replacements, and
// how they were reached: its line of communications as declared for the
// Command and Movement Phases (MovePlay.NoLOC: in LOC unless declared
// out), its territory and depot distance as declared here or by default.
func (g Game) initFacts(u Unit, m *engine.Theatre) (loc, friendly, nearDepot bool, how string) {
	f := g.LITN.Initial.Facts[u.ID]
	loc, nearDepot = !g.LITN.Moves.NoLOC[u.ID], f.NearDepot
	var terr string
	switch f.Territory {
	case "friendly":
		friendly, terr = true, "friendly territory (declared)"
	case "enemy":
		terr = "enemy territory (declared)"
	default:
		friendly, terr = initTerritory(m, u)
	}
	lt := "in LOC"
	if !loc {
		lt = "no LOC (declared)"
	}
	how = fmt.Sprintf("%s: %s, %s", u.Name, lt, terr)
	if nearDepot {
		how += ", within four MPs of a friendly depot (declared)"
	}
	return loc, friendly, nearDepot, how
}

// initTerritory is the default territory of a unit's hex (2.1): the named
// place's, else Union territory (north of the Potomac, where the 1862
// campaign is fought; the border is not in the seeds).
func initTerritory(m *engine.Theatre, u Unit) (bool, string) {
	if m != nil {
		for i := range m.Places {
			p := &m.Places[i]
			if p.Hex != u.Hex || !(p.Is("union-territory") || p.Is("confederate-territory")) {
				continue
			}
			own := "union-territory"
			if u.Side == engine.CSA {
				own = "confederate-territory"
			}
			if p.Is(own) {
				return true, fmt.Sprintf("friendly territory (%s, 002 2.1)", p.Name)
			}
			return false, fmt.Sprintf("enemy territory (%s, 002 2.1)", p.Name)
		}
	}
	if u.Side == engine.USA {
		return true, "friendly territory (default: north of the Potomac)"
	}
	return false, "enemy territory (default: north of the Potomac)"
}

func beginAttrition(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	var evs []engine.Event
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		var units []AttritionUnit
		var facts []string
		for _, u := range g.UnitsOf(side) {
			if !u.OnMap() || !u.IsCombat() {
				continue
			}
			troops, strength := u.Troops, u.Strength
			if u.Militia {
				troops, strength = "militia", max(1, strength)
			}
			if strength < 1 {
				continue
			}
			loc, friendly, near, how := g.initFacts(u, ctx.Map)
			units = append(units, AttritionUnit{ID: u.ID, Name: u.Name, Troops: troops, Strength: strength, Friendly: friendly, LOC: loc, NearDepot: near})
			if troops == "infantry" || troops == "cavalry" {
				facts = append(facts, how)
			}
		}
		res, err := Attrition(g.CurrentTurn(), side, units, g.initCharts(ctx.Library), d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, &AttritionRolled{Turn: g.Turn, Side: side, Result: res, Facts: facts})
	}
	return evs, nil
}
