package lrtg

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// A march's movement points (issue 21). The terrain costs are the
// Standardized Rules' and the terrain is the map's, neither in the seeds:
// a group loads its copy of the cost chart (gcacw.terrain-costs, kept by
// the game from /game start: SeriesCharts) and a terrain layer for the map
// (the server's, MoveData.Terrain). A step is priced when both say what it
// needs: the terrain of the hex entered, what lies on the hexside crossed
// (the layer knows both hexes), and the chart's cost of each for every
// kind of unit in the stack. The stack pays what its dearest kind pays (it
// moves together), and on each step the cheapest way the hexside offers
// (along a road, pike or trail there, or across country). A railroad is
// not a road for a march (8.2 makes rail movement its own kind).
//
// A step nothing prices is counted (UnitsMoved.Unpriced) and goes on the
// umpire's log; it still costs at least the cheapest step the chart has
// (CheapestCost), so a destination the allowance rolled at activation
// (AllowanceOf) cannot reach even at that cost is refused.

// stepPrice is what one step of a march costs the stack.
type stepPrice struct {
	mp         float64
	known      bool
	prohibited bool
}

// marchKinds are the chart columns that price a stack: each kind of unit
// in it but leaders, who go along. Militia march as infantry where the
// copy has no column of its own for them (a choice: the seeds give militia
// no movement of their own).
func marchKinds(cols []string, units []engine.UnitState) []string {
	var kinds []string
	for _, u := range units {
		if u.Kind.IsLeader() {
			continue
		}
		k := string(u.Kind)
		if engine.Column(cols, k) < 0 && u.Kind == engine.KindMilitia {
			k = string(engine.KindInfantry)
		}
		if !engine.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return kinds
}

// stepCost prices one step from prev into h for the stack's kinds, on
// the cost chart read once for the march (nil: none loaded).
func stepCost(t *terrainChart, layer *engine.TerrainLayer, kinds []string, prev, h engine.Hex) stepPrice {
	if t == nil || layer == nil || len(kinds) == 0 {
		return stepPrice{}
	}
	terrain, ok := layer.Terrain(h)
	features := layer.Hexside(prev, h)
	if !ok || (len(features) == 0 && !layer.Knows(prev, h)) {
		return stepPrice{}
	}
	var roads, sides []string
	for _, f := range features {
		switch {
		case f == engine.FeatureRailroad:
		case engine.LineFeature(f):
			roads = append(roads, f)
		default:
			sides = append(sides, f)
		}
	}
	out := stepPrice{known: true}
	for _, k := range kinds {
		best, found, open := 0.0, false, false
		for _, road := range append([]string{""}, roads...) {
			mp, prohibited, ok := t.stepCost(k, terrain, road, sides...)
			if !ok {
				continue
			}
			found = true
			if !prohibited && (!open || mp < best) {
				best, open = mp, true
			}
		}
		switch {
		case !found:
			return stepPrice{}
		case !open:
			out.prohibited = true
		}
		out.mp = math.Max(out.mp, best)
	}
	return out
}

// marchChart is the game's terrain cost chart read once for a march, and
// the kinds of the stack it prices; nil when no copy is loaded (or it
// cannot be read: the lookups refuse it elsewhere).
func (g Game) marchChart(d *engine.MoveData, units []engine.UnitState) (*terrainChart, []string) {
	if d == nil {
		return nil, nil
	}
	t, err := g.SeriesCharts(d.Library).terrain()
	if err != nil {
		return nil, nil
	}
	return t, marchKinds(t.Columns, units)
}

// pricedPath is a march's price: the movement points of the steps priced,
// the steps that could not be, and the steps the chart forbids the stack.
type pricedPath struct {
	mp         float64
	unpriced   int
	prohibited []engine.Hex
}

func (g Game) pricePath(d *engine.MoveData, units []engine.UnitState, start engine.Hex, path []engine.Hex) pricedPath {
	var p pricedPath
	t, kinds := g.marchChart(d, units)
	var layer *engine.TerrainLayer
	if d != nil {
		layer = d.Terrain
	}
	prev := start
	for _, h := range path {
		switch c := stepCost(t, layer, kinds, prev, h); {
		case c.prohibited:
			p.prohibited = append(p.prohibited, h)
		case c.known:
			p.mp += c.mp
		default:
			p.unpriced++
		}
		prev = h
	}
	return p
}

// checkAllowance refuses a march that cannot be made within the movement
// allowance its units rolled at activation: the priced steps plus, for
// each step not priced, the cheapest step the chart has for the stack's
// dearest kind. The least allowance of the stack counts (they move
// together). Outside an action, or without an allowance (rail, strategic,
// naval; the umpire's placements), nothing is compared; without a cost
// chart the unpriced steps are bounded by nothing.
//
// An extended march (ev.Extended, move_extended.go) may go past the
// allowance by what the group's gcacw.extended-march-settings allows
// (ev.Extension), or, without a copy, as far as the player says; one the
// engine prices whole within the allowance is no extended march.
func (g Game) checkAllowance(d *engine.MoveData, units []engine.UnitState, p pricedPath, ref func(engine.Hex) string, ev *engine.UnitsMoved) []*engine.RuleError {
	var broken []*engine.RuleError
	if len(p.prohibited) > 0 {
		refs := make([]string, len(p.prohibited))
		for i, h := range p.prohibited {
			refs[i] = ref(h)
		}
		broken = append(broken, moveRule("move.prohibited", fmt.Sprintf("The terrain cost chart forbids the stack the step into %s", strings.Join(refs, ", ")),
			"Go round it (the chart's P: prohibited; the terrain layer: /terrain show at:<hex>)", ""))
	}
	allow, who, have := 0, "", false
	for _, u := range units {
		if u.Kind.IsLeader() {
			continue
		}
		if mp, ok := g.AllowanceOf(u.ID); ok && (!have || mp < allow) {
			allow, who, have = mp, u.Name, true
		}
	}
	if !have {
		return broken
	}
	least := 0.0
	if t, kinds := g.marchChart(d, units); t != nil {
		for _, k := range kinds {
			if c, ok := t.cheapest(k); ok {
				least = math.Max(least, c)
			}
		}
	}
	bound := p.mp + float64(p.unpriced)*least
	limit, known := float64(allow), true
	if ev.Extended {
		var kinds []string
		for _, u := range units {
			if k := string(u.Kind); !u.Kind.IsLeader() && !engine.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
		ext, ok, err := g.SeriesCharts(libraryOf(d)).MarchExtension(kinds)
		if err != nil {
			return append(broken, chartRule(err))
		}
		if p.unpriced == 0 && p.mp <= limit {
			return append(broken, moveRule("move.extended", fmt.Sprintf("%s has %d movement points in this action and this march costs %s: it is no extended march", who, allow, mpWords(p.mp)),
				"Leave extended out: an extended march goes past the allowance", ""))
		}
		if ok {
			ev.Extension = ext
			limit += ext
		} else {
			known = false // the player's word: recorded, on the umpire's log
		}
	}
	if !known || bound <= limit {
		return broken
	}
	has := fmt.Sprintf("%s has %d movement points in this action", who, allow)
	if ev.Extended {
		has += fmt.Sprintf(" and %s more extended", mpWords(ev.Extension))
	}
	what := fmt.Sprintf("%s; this march costs %s", has, mpWords(p.mp))
	if p.unpriced > 0 {
		what = fmt.Sprintf("%s; this march costs at least %s (%s for the steps the terrain layer prices, %d %s at %s or more each)",
			has, mpWords(bound), mpWords(p.mp), p.unpriced, map[bool]string{true: "step", false: "steps"}[p.unpriced == 1], mpWords(least))
	}
	hint := "March a shorter path, or go on past the allowance as an extended march: add extended:true (a fatigue level more and a roll on the Extended March Table)"
	if ev.Extended {
		hint = "March a shorter path: the group's gcacw.extended-march-settings says how far an extension goes"
	}
	return append(broken, moveRule("move.allowance", what, hint, ""))
}

// MPText writes movement points as the charts print them: whole, or with
// a half (½). The bot's march replies use it too.
func MPText(mp float64) string {
	s := strconv.FormatFloat(mp, 'f', -1, 64)
	if whole, half := strings.CutSuffix(s, ".5"); half {
		s = whole + "½"
		if whole == "0" {
			s = "½"
		}
	}
	return s
}

func mpWords(mp float64) string { return MPText(mp) + " MP" }
