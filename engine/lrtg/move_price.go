package lrtg

import (
	"fmt"
	"math"
	"slices"
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
// Where the layer is silent the mover may state a step's terrain
// (move_stated.go): a stated step is priced as a known one, and recorded
// as his word (UnitsMoved.Steps). A step the chart prices only in part (a
// creek it has a row for, a ford it has none for) costs what is known and
// the least the rest can (stepCost); it is recorded too. A step nothing
// prices is counted (UnitsMoved.Unpriced); it still costs at least the
// cheapest step the chart has (CheapestCost), so a destination the
// allowance rolled at activation (AllowanceOf) cannot reach even at that
// cost is refused. All of these go on the umpire's log.

// stepPrice is what one step of a march costs the stack: known when
// enough of its terrain is known to price it; unrowed lists what the
// chart has no row for (its cost is then the least it can be).
type stepPrice struct {
	mp         float64
	known      bool
	prohibited bool
	unrowed    []string
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

// stepCost prices one step for the stack's kinds, on the cost chart read
// once for the march (nil: none loaded), from what the step enters and
// crosses (terrainOf: the layer, and the mover's word where it is
// silent).
//
// What the chart has no row for (or a "-" in the kind's column) is priced
// at the least it can cost, so that the step still counts toward the
// allowance without refusing a march the rules allow (issue 21 asks for
// "a lower bound that no path can beat"). A hexside feature only adds
// (the format's rule 3, docs/series-charts.md): one without a row adds at
// least nothing, +0. A road or a hex's terrain without a row costs at
// least the chart's cheapest step for the kind (CheapestCost), as a step
// nothing prices does. The step is then known in part (unrowed), and goes
// on the umpire's log. A P on a row the chart has prohibits the way it is
// on, whatever the unknown rows are: the loaded chart says so, and a
// feature it lacks could only add.
func stepCost(t *terrainChart, kinds []string, st stepTerrain) stepPrice {
	if t == nil || !st.known || len(kinds) == 0 {
		return stepPrice{}
	}
	out := stepPrice{known: true}
	for _, k := range kinds {
		col := engine.Column(t.Columns, k)
		least, ok := t.cheapest(k)
		if col < 0 || !ok {
			return stepPrice{} // a kind the chart has no column for
		}
		best, open := 0.0, false
		var bestUnrowed []string
		for _, road := range append([]string{""}, st.roads...) {
			kind, name := TerrainRoad, road
			if road == "" {
				if st.hex == "" {
					continue // across country needs the hex's terrain
				}
				kind, name = TerrainHex, st.hex
			}
			var unrowed []string
			mp, prohibited := least, false
			if c, ok := t.rowCost(col, kind, name); ok {
				mp, prohibited = c.MP, c.Prohibited
			} else {
				unrowed = append(unrowed, name)
			}
			for _, s := range st.sides {
				c, ok := t.rowCost(col, TerrainHexside, s)
				if !ok {
					unrowed = addFeature(unrowed, s)
					continue
				}
				mp, prohibited = mp+c.MP, prohibited || c.Prohibited
			}
			if prohibited {
				continue
			}
			if !open || mp < best || mp == best && len(unrowed) < len(bestUnrowed) {
				best, bestUnrowed, open = mp, unrowed, true
			}
		}
		if !open {
			out.prohibited = true
			continue
		}
		out.mp = math.Max(out.mp, best)
		for _, u := range bestUnrowed {
			out.unrowed = addFeature(out.unrowed, u)
		}
	}
	return out
}

// rowCost is the cost in a column of the row of that kind and name (the
// layer's features meet the rows by name in any case, with hyphens for
// spaces); false when the chart has no such row, or "-" there.
func (t *terrainChart) rowCost(col int, kind, name string) (terrainCost, bool) {
	for _, r := range t.Rows {
		if r.Kind == kind && featureKey(r.Name) == featureKey(name) {
			return r.Costs[col], !r.Costs[col].None
		}
	}
	return terrainCost{}, false
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

// pricedPath is a march's price: the movement points of the steps priced
// (in part: their least), the steps that could not be, the steps the
// chart forbids the stack, the steps priced on the mover's word or in
// part (for the record), and the statements refused.
type pricedPath struct {
	mp         float64
	unpriced   int
	prohibited []engine.Hex
	steps      []engine.MarchStep
	stated     int
	problems   []*engine.RuleError
	statedNo   []engine.Hex // the prohibited steps priced on the mover's word
}

// pricePath prices a march's steps; stated is the mover's word for each
// (nil: none; readStated), ref names a hex in a refusal.
func (g Game) pricePath(d *engine.MoveData, units []engine.UnitState, start engine.Hex, path []engine.Hex, stated []*statedTerrain, ref func(engine.Hex) string) pricedPath {
	var p pricedPath
	t, kinds := g.marchChart(d, units)
	var layer *engine.TerrainLayer
	if d != nil {
		layer = d.Terrain
	}
	prev := start
	for i, h := range path {
		var st *statedTerrain
		if i < len(stated) {
			st = stated[i]
		}
		terrain, e := terrainOf(layer, prev, h, st, i+1, ref)
		if e != nil {
			p.problems = append(p.problems, e)
		}
		switch c := stepCost(t, kinds, terrain); {
		case c.prohibited:
			p.prohibited = append(p.prohibited, h)
			if terrain.stated {
				p.statedNo = append(p.statedNo, h)
			}
		case c.known:
			p.mp += c.mp
			if terrain.stated || len(c.unrowed) > 0 {
				s := engine.MarchStep{Step: i + 1, MP: c.mp, Unrowed: c.unrowed}
				if terrain.stated {
					s.Stated = st.text
					p.stated++
				}
				p.steps = append(p.steps, s)
			}
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
			if slices.Contains(p.statedNo, h) {
				refs[i] += " (on the terrain you state)"
			}
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
		if p.unpriced == 0 && !p.inPart() && p.mp <= limit {
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
	what := fmt.Sprintf("%s; this march costs %s", has, p.costWords(bound, least))
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

// costWords says what a march costs (bound: with the unpriced steps at
// least each) and how it was reckoned: the steps priced on the terrain
// the mover states, those priced in part (at least), the unpriced ones.
// inPart reports whether some step is priced only in part (at the least
// it can cost): the march may cost more than its MP.
func (p pricedPath) inPart() bool {
	for _, s := range p.steps {
		if len(s.Unrowed) > 0 {
			return true
		}
	}
	return false
}

func (p pricedPath) costWords(bound, least float64) string {
	var notes []string
	if p.stated > 0 {
		notes = append(notes, fmt.Sprintf("%d %s on the terrain you state", p.stated, pluralOf(p.stated, "step", "steps")))
	}
	partial := 0
	for _, s := range p.steps {
		if len(s.Unrowed) > 0 {
			partial++
		}
	}
	if partial > 0 {
		notes = append(notes, fmt.Sprintf("%d %s priced in part at the least %s can cost", partial, pluralOf(partial, "step", "steps"), pluralOf(partial, "it", "they")))
	}
	if p.unpriced == 0 && partial == 0 {
		if len(notes) == 0 {
			return mpWords(bound)
		}
		return fmt.Sprintf("%s (%s)", mpWords(bound), strings.Join(notes, ", "))
	}
	if p.unpriced == 0 {
		return fmt.Sprintf("at least %s (%s)", mpWords(bound), strings.Join(notes, ", "))
	}
	priced := "the steps the terrain layer prices"
	if len(notes) > 0 {
		priced = "the steps priced, " + strings.Join(notes, ", ")
	}
	return fmt.Sprintf("at least %s (%s for %s, %d %s at %s or more each)", mpWords(bound), mpWords(p.mp), priced, p.unpriced, pluralOf(p.unpriced, "step", "steps"), mpWords(least))
}

func mpWords(mp float64) string { return MPText(mp) + " MP" }
