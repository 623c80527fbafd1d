package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 A3, Replacements (15.2) in play: Replace spends a side's
// replacement points on its units, with the facts (territory, depot) its
// player declares.

func beginReplacements(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	n, why := ReplacementPoints(g.CurrentTurn())
	return []engine.Event{&ReplacementsBegun{Turn: g.Turn, Points: n, Why: why}}, nil
}

func initBoughtKey(turn int, side engine.Side) string { return fmt.Sprintf("%d/%s", turn, side) }

func (g Game) decideReplace(c Replace) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Replacements and supply facts"); err != nil {
		return nil, err
	}
	if strings.TrimSpace(c.Unit) == "" {
		return nil, engine.Invalid("litn.replace.unit", "Which unit?", "Give unit:<id or name> of your side")
	}
	u, err := g.ownUnit(c.By, c.Unit)
	if err != nil {
		return nil, err
	}
	var evs []engine.Event
	facts := g.LITN.Initial.Facts[u.ID]
	changed := false
	if c.NearDepot != nil {
		facts.NearDepot, changed = *c.NearDepot, true
	}
	switch t := strings.ToLower(strings.TrimSpace(c.Territory)); t {
	case "":
	case "friendly", "enemy":
		facts.Territory, changed = t, true
	case "default":
		facts.Territory, changed = "", true
	default:
		return nil, engine.Invalid("litn.replace.territory", fmt.Sprintf("%q is not a territory", c.Territory), "Give territory:friendly or territory:enemy (002 2.1), or default")
	}
	if changed {
		e := &UnitFactsSet{By: c.By, Unit: u.ID, Side: u.Side, Facts: facts}
		evs = append(evs, e)
		g = g.Apply(e)
		u = g.LITN.Units[u.ID]
	}
	if c.Points == 0 {
		if !changed {
			return nil, engine.Invalid("litn.replace.nothing", "Nothing to do", "Give points:<strength points> to spend replacement points (step A3), or territory:, depot: to declare the unit's facts for attrition (a line of communications is declared with /litn declare loc:)")
		}
		return evs, nil
	}
	if err := g.needStep(c.By, "Spending replacement points", StepReplacements); err != nil {
		return nil, err
	}
	if err := g.needSide(c.By, u.Side, "Spending these replacement points"); err != nil {
		return nil, err
	}
	if g.IsDone(u.Side) {
		return nil, engine.Illegal("litn.replace.done", fmt.Sprintf("The %s player has said he is done with replacements this turn", sideName(u.Side)), "002 15.2: replacement points cannot be saved")
	}
	key := initBoughtKey(g.Turn, u.Side)
	prior := g.LITN.Initial.Bought[key]
	before := map[string]int{}
	for _, b := range prior {
		before[b.Unit] += b.Strength
	}
	var units []ReplacementUnit
	for _, x := range g.LITN.Units {
		if x.Side != u.Side {
			continue
		}
		troops, st := x.Troops, x.Strength-before[x.ID]
		if x.Militia {
			troops = "militia"
		}
		if x.Eliminated {
			st = 0
		}
		loc, _, _, _ := g.initFacts(x, nil)
		units = append(units, ReplacementUnit{ID: x.ID, Name: x.Name, Side: x.Side, Troops: troops, Strength: st, LOC: loc, Demoralized: x.Demoralized})
	}
	sort.Slice(units, func(i, j int) bool { return units[i].ID < units[j].ID })
	buy := ReplacementSpend{Unit: u.ID, Strength: c.Points}
	res, err := SpendReplacements(g.CurrentTurn(), u.Side, units, nil, append(append([]ReplacementSpend(nil), prior...), buy))
	if err != nil {
		return nil, err
	}
	gain := res.Gains[len(res.Gains)-1]
	return append(evs, &Replaced{By: c.By, Turn: g.Turn, Side: u.Side, Buy: buy, Gain: gain, Left: res.Points - res.Spent}), nil
}
