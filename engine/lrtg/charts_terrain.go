package lrtg

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The group's terrain costs (gcacw.terrain-costs). Its rows name their
// kind: a hex's terrain by name ("Clear"), a road along the hexside
// crossed as "road: Pike", a hexside feature as "hexside: Creek". A step
// costs the terrain of the hex entered; a road along the hexside crossed
// replaces it; each hexside feature crossed adds its cost ("+1"). These
// are the format's meaning (docs/series-charts.md), chosen to read the
// printed Terrain Effects Chart the way its columns are used.

// The kinds of a terrain row.
const (
	TerrainHex     = "hex"
	TerrainRoad    = "road"
	TerrainHexside = "hexside"
)

// terrainCost is one cell: a cost in movement points, an addition (a
// hexside's "+1"), prohibited (P) or not on the chart (-).
type terrainCost struct {
	MP         float64
	Add        bool
	Prohibited bool
	None       bool
}

type terrainRow struct {
	Kind, Name string
	Costs      []terrainCost // by column
}

type terrainChart struct {
	Columns []string
	Rows    []terrainRow
}

// splitTerrain reads a row label into its kind and name.
func splitTerrain(label string) (kind, name string) {
	l := strings.TrimSpace(label)
	for _, k := range []string{TerrainRoad, TerrainHexside} {
		if len(l) > len(k)+1 && strings.EqualFold(l[:len(k)+1], k+":") {
			return k, strings.TrimSpace(l[len(k)+1:])
		}
	}
	return TerrainHex, l
}

// parseCost reads a cost cell: "1", "½", "1½", "0.5", "+1", "P", "-".
func parseCost(cell string) (terrainCost, bool) {
	s := strings.TrimSpace(cell)
	switch s {
	case "P":
		return terrainCost{Prohibited: true}, true
	case "-":
		return terrainCost{None: true}, true
	}
	var c terrainCost
	if strings.HasPrefix(s, "+") {
		c.Add, s = true, s[1:]
	}
	if strings.HasSuffix(s, "½") {
		c.MP, s = 0.5, strings.TrimSuffix(s, "½")
		if s == "" {
			return c, true
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return c, false
	}
	c.MP += v
	return c, true
}

// terrain reads the whole copy, listing every problem: a hexside's cost
// that is not an addition, a hex's or road's that is, a name twice.
func (c SeriesCharts) terrain() (*terrainChart, error) {
	lc, err := c.Need(SlotTerrainCosts)
	if err != nil {
		return nil, err
	}
	t := &terrainChart{Columns: lc.Columns}
	var list []*engine.RuleError
	bad := func(f string, a ...any) {
		list = append(list, chartProblem(SlotTerrainCosts, fmt.Sprintf(f, a...), "A hex's or road's cost is a number (1, ½); a hexside's is an addition (+1); P is prohibited").(*engine.RuleError))
	}
	seen := map[string]bool{}
	for i, label := range lc.Rows {
		kind, name := splitTerrain(label)
		key := kind + ":" + strings.ToLower(name)
		if name == "" || seen[key] {
			bad("row %q is empty or given twice", label)
			continue
		}
		seen[key] = true
		row := terrainRow{Kind: kind, Name: name}
		for j, cell := range lc.Cells[i] {
			cost, ok := parseCost(cell)
			switch {
			case !ok:
				bad("row %q, column %q: %q is not a cost", label, lc.Columns[j], cell)
			case kind == TerrainHexside && !cost.Add && !cost.Prohibited && !cost.None:
				bad("row %q, column %q: a hexside feature adds to the step's cost: write +%s", label, lc.Columns[j], cell)
			case kind != TerrainHexside && cost.Add:
				bad("row %q, column %q: only a hexside feature adds (%s): a %s's cost is the step's, e.g. %s", label, lc.Columns[j], cell, kind, strings.TrimPrefix(cell, "+"))
			}
			row.Costs = append(row.Costs, cost)
		}
		t.Rows = append(t.Rows, row)
	}
	if err := joinChartProblems(list); err != nil {
		return nil, err
	}
	return t, nil
}

// find returns the row of a terrain: "road: Pike" by kind and name; a
// plain name among the hexes' terrain, then the roads, then the hexside
// features.
func (t *terrainChart) find(terrain string) *terrainRow {
	kind, name := splitTerrain(terrain)
	order := []string{kind}
	if kind == TerrainHex {
		order = []string{TerrainHex, TerrainRoad, TerrainHexside}
	}
	for _, k := range order {
		for i := range t.Rows {
			if r := &t.Rows[i]; r.Kind == k && strings.EqualFold(r.Name, name) {
				return r
			}
		}
	}
	return nil
}

// Cost is what a terrain costs a movement kind (a column of the copy,
// e.g. "Infantry"): the movement points (a hexside feature's: what it
// adds), or prohibited. ok is false when the copy is not loaded or does
// not say (no such kind or terrain, or "-"): the march then takes the
// player's word.
func (c SeriesCharts) Cost(kind, terrain string) (mp float64, prohibited bool, ok bool) {
	t, err := c.terrain()
	if err != nil {
		return 0, false, false
	}
	return t.cost(kind, terrain)
}

func (t *terrainChart) cost(kind, terrain string) (mp float64, prohibited bool, ok bool) {
	j := engine.Column(t.Columns, kind)
	r := t.find(terrain)
	if j < 0 || r == nil || r.Costs[j].None {
		return 0, false, false
	}
	return r.Costs[j].MP, r.Costs[j].Prohibited, true
}

// StepCost is the cost of one step for a movement kind: the terrain of
// the hex entered, or the road along the hexside crossed instead (road
// not ""), plus each hexside feature crossed. ok is false when the copy
// does not say for one of them.
func (c SeriesCharts) StepCost(kind, hexTerrain, road string, hexsides ...string) (mp float64, prohibited bool, ok bool) {
	t, err := c.terrain()
	if err != nil {
		return 0, false, false
	}
	return t.stepCost(kind, hexTerrain, road, hexsides...)
}

// stepCost is StepCost on a copy read once (a march prices every step
// on one reading: move_price.go).
func (t *terrainChart) stepCost(kind, hexTerrain, road string, hexsides ...string) (mp float64, prohibited bool, ok bool) {
	base := hexTerrain
	if road != "" {
		base = TerrainRoad + ": " + road
	}
	mp, prohibited, ok = t.cost(kind, base)
	if !ok {
		return 0, false, false
	}
	for _, h := range hexsides {
		add, p, ok := t.cost(kind, TerrainHexside+": "+h)
		if !ok {
			return 0, false, false
		}
		mp, prohibited = mp+add, prohibited || p
	}
	return mp, prohibited, true
}

// CheapestCost is the least a step can cost a movement kind on the
// group's chart: the cheapest hex terrain or road (hexside features only
// add). It bounds what no path can beat: a destination farther than the
// allowance divided by it is out of reach. ok is false when the copy is
// not loaded or has no cost for the kind.
func (c SeriesCharts) CheapestCost(kind string) (mp float64, ok bool) {
	t, err := c.terrain()
	if err != nil {
		return 0, false
	}
	return t.cheapest(kind)
}

func (t *terrainChart) cheapest(kind string) (mp float64, ok bool) {
	j := engine.Column(t.Columns, kind)
	if j < 0 {
		return 0, false
	}
	for _, r := range t.Rows {
		if cost := r.Costs[j]; r.Kind != TerrainHexside && !cost.Prohibited && !cost.None && (!ok || cost.MP < mp) {
			mp, ok = cost.MP, true
		}
	}
	return mp, ok
}
