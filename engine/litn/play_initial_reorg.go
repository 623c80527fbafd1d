package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 A1, Union Reorganization (15.4) in play: scenario 2's disorganized
// Union infantry, the Union's rolls to reorganize them (ReorganizeUnits)
// and turn 5's reorganization.

func initMilesOrWhite(u Unit) bool {
	for _, n := range []string{"miles", "white"} {
		if strings.EqualFold(u.Name, n) || strings.HasSuffix(strings.ToLower(u.ID), "."+n) {
			return true
		}
	}
	return false
}

func beginReorganization(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	var evs []engine.Event
	if g.Options.Scenario == Scenario2 && !g.LITN.Initial.SetUp {
		// 15.4: "At the start of the scenario all Union infantry units
		// except Miles and White are considered disorganized."
		e := &Disorganized{}
		for _, u := range g.UnitsOf(engine.USA) {
			if u.IsCombat() && u.Troops == "infantry" && !initMilesOrWhite(u) {
				e.Units = append(e.Units, u.ID)
			}
		}
		evs = append(evs, e)
		g = g.Apply(e)
	}
	if g.Turn == ReorganizeAll {
		res, err := Reorganize(g.CurrentTurn(), engine.Hex{}, g.initReorgUnits(), nil, g.initCharts(ctx.Library), d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, &Reorganized{Turn: g.Turn, Result: res})
	}
	return evs, nil
}

func (g Game) initReorgUnits() []ReorgUnit {
	var out []ReorgUnit
	for _, u := range g.UnitsOf(engine.USA) {
		if u.Disorganized {
			out = append(out, ReorgUnit{ID: u.ID, Name: u.Name, Hex: u.Hex, Disorganized: true})
		}
	}
	return out
}

func (g Game) decideReorganize(c ReorganizeUnits, d engine.Dice) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Union reorganization", StepReorganization); err != nil {
		return nil, err
	}
	if err := g.needSide(c.By, engine.USA, "Reorganization"); err != nil {
		return nil, err
	}
	if g.Turn >= ReorganizeAll {
		return nil, engine.Illegal("litn.reorg.turn5", "On turn 5 every unit was reorganized without rolls", "002 15.4: nothing to choose")
	}
	if g.LITN.Initial.ReorganizedTurn == g.Turn {
		return nil, engine.Illegal("litn.reorg.again", "The Union has already rolled for reorganization this turn", "002 15.4: up to four units once in each Initial Phase; /litn done ends the step")
	}
	var mc *Unit
	for _, u := range g.UnitsOf(engine.USA) {
		if u.Role == SheetDepartment && u.OnMap() {
			u := u
			mc = &u
			break
		}
	}
	if mc == nil {
		return nil, engine.Illegal("litn.reorg.mcclellan", "McClellan (the Union department leader) is not on the map", "002 15.4: the units must be within three hexes of McClellan")
	}
	var ids []string
	for _, ref := range c.Units {
		if strings.TrimSpace(ref) == "" {
			continue
		}
		u, err := g.ownUnit(c.By, ref)
		if err != nil {
			return nil, err
		}
		if u.Side != engine.USA {
			return nil, engine.Illegal("litn.reorg.side", fmt.Sprintf("%s is not a Union unit", u.Name), "002 15.4: the Union reorganizes its own units")
		}
		ids = append(ids, u.ID)
	}
	if len(ids) == 0 {
		return nil, engine.Invalid("litn.reorg.units", "Which units?", "Give up to four disorganized units within three hexes of McClellan: units:<id or name>,... (002 15.4); /litn done to attempt none")
	}
	var all []ReorgUnit
	for _, u := range g.UnitsOf(engine.USA) {
		all = append(all, ReorgUnit{ID: u.ID, Name: u.Name, Hex: u.Hex, Disorganized: u.Disorganized})
	}
	res, err := Reorganize(g.CurrentTurn(), mc.Hex, all, ids, g.initCharts(c.Library), d)
	if err != nil {
		return nil, err
	}
	return []engine.Event{&Reorganized{By: c.By, Turn: g.Turn, Result: res}}, nil
}
