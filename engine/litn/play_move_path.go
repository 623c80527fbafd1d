package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Paths as a player declares them (8.1, 8.3, 8.4): the syntax of a path
// ("1624 clear road"), its steps checked against the map, and the
// movement charts a path's cost is read from.

// PathHex is one hex of a declared path: "1624 clear road", "1623 ridge
// slope2 ford +stream zoc:front" (docs/litn-play-movement.md).
type PathHex struct {
	At      string   `json:"at"`
	Terrain string   `json:"terrain,omitempty"` // a row of the Movement Costs Chart; "" = Clear
	Road    bool     `json:"road,omitempty"`
	Slopes  int      `json:"slopes,omitempty"`
	Ford    bool     `json:"ford,omitempty"`
	Other   []string `json:"other,omitempty"`
	ZOC     string   `json:"zoc,omitempty"` // "front" or "two": enemy cavalry ZOC (8.4)
}

// ParsePath reads a path: hexes separated by commas, each followed by
// what the player declares of it: a terrain row of the Movement Costs
// Chart (default Clear), road (entered through a road or rail hexside),
// slope or slope2 (one or two slope crossings), ford, +<row> (another row
// of the chart, e.g. +stream, +bridge), zoc:front or zoc:two (an enemy
// cavalry ZOC: a frontal hex, or two hexes away).
func ParsePath(s string) ([]PathHex, error) {
	var out []PathHex
	hint := "Write path:<hex> [terrain] [road] [slope|slope2] [ford] [+row] [zoc:front|zoc:two],<hex> ..., e.g. path:1624 clear road,1623 ridge slope"
	for _, part := range strings.Split(s, ",") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		h := PathHex{At: f[0]}
		// Four ASCII digits: strconv.Atoi alone took "+123" and "-123"
		// (found by FuzzParseLITNPath).
		if len(f[0]) != 4 || strings.Trim(f[0], "0123456789") != "" {
			return nil, engine.Invalid("litn.path", fmt.Sprintf("%q is not a printed hex number", f[0]), hint)
		}
		var terrain []string
		for _, t := range f[1:] {
			lt := strings.ToLower(t)
			switch {
			case lt == "road" || lt == "rail":
				h.Road = true
			case lt == "slope":
				h.Slopes = 1
			case lt == "slope2" || lt == "slopes":
				h.Slopes = 2
			case lt == "ford":
				h.Ford = true
			case strings.HasPrefix(lt, "+") && len(lt) > 1:
				h.Other = append(h.Other, t[1:])
			case lt == "zoc:front" || lt == "zoc:frontal" || lt == "zoc":
				h.ZOC = "front"
			case lt == "zoc:two" || lt == "zoc:2":
				h.ZOC = "two"
			case strings.HasPrefix(lt, "zoc:"):
				return nil, engine.Invalid("litn.path", fmt.Sprintf("%q is not a ZOC", t), "zoc:front (a frontal hex of enemy cavalry) or zoc:two (two hexes away, Confederate cavalry; 002 8.4)")
			default:
				terrain = append(terrain, t)
			}
		}
		h.Terrain = strings.Join(terrain, " ")
		out = append(out, h)
	}
	if len(out) == 0 {
		return nil, engine.Invalid("litn.path", "The path is empty", hint)
	}
	return out, nil
}

// steps turns a declared path into the pure pieces' steps, from the
// force's hex: adjacency, enemy presence and non-combat enemies alone are
// the engine's; the rest is the player's declaration.
func (g Game) steps(m *engine.Theatre, side engine.Side, from engine.Hex, costs *engine.LoadedChart, path []PathHex) ([]Step, error) {
	if m == nil {
		return nil, fmt.Errorf("litn: move without the map")
	}
	var out []Step
	prev := from
	for i, p := range path {
		h, _, err := m.ParseHex(p.At, "")
		if err != nil {
			return nil, engine.Invalid("litn.path", fmt.Sprintf("%s is not a hex of the LITN map", p.At), "Give printed hex numbers, e.g. 1624")
		}
		if engine.Distance(prev, h) != 1 {
			return nil, engine.Illegal("litn.path.adjacent", fmt.Sprintf("Hex %d of the path, %s, is not adjacent to the hex before it", i+1, p.At),
				"A path goes hex by hex from the force's hex to adjacent hexes (002 8.1)")
		}
		prev = h
		terrain := p.Terrain
		if terrain == "" {
			terrain = "Clear"
		}
		if costs != nil && lpmRow(costs, terrain) == "" {
			return nil, engine.Invalid("litn.path.terrain", fmt.Sprintf("%s: your Movement Costs Chart has no row %q", p.At, terrain), "Its rows: "+strings.Join(costs.Rows, ", "))
		}
		if costs != nil {
			terrain = lpmRow(costs, terrain)
		}
		st := Step{To: h, Label: p.At, Terrain: terrain, Road: p.Road, Slopes: p.Slopes, Ford: p.Ford, Other: p.Other}
		for _, u := range g.UnitsAt(p.At) {
			if u.Side == side {
				continue
			}
			if u.IsCombat() {
				st.EnemyCombat = true
			}
		}
		if !st.EnemyCombat {
			for _, u := range g.UnitsAt(p.At) {
				if u.Side != side {
					st.EnemyAlone = append(st.EnemyAlone, u.ID)
				}
			}
			for _, w := range g.WagonsOf(engine.EnemyOf(side)) {
				if w.At == p.At {
					st.EnemyAlone = append(st.EnemyAlone, w.ID)
				}
			}
		}
		if p.ZOC != "" {
			st.ZOCs = []ZOC{{Side: engine.EnemyOf(side), Frontal: p.ZOC == "front"}}
		}
		out = append(out, st)
	}
	return out, nil
}

// lpmRow finds a row of the chart by name, or one containing the word.
func lpmRow(c *engine.LoadedChart, want string) string {
	for _, r := range c.Rows {
		if strings.EqualFold(r, want) {
			return r
		}
	}
	for _, r := range c.Rows {
		if strings.Contains(strings.ToLower(r), strings.ToLower(want)) {
			return r
		}
	}
	return ""
}

func (g Game) moveCharts(lib *engine.Library) MoveCharts {
	c := MoveCharts{Library: lib, Costs: g.LITN.Charts[SlotMoveCosts]}
	if c.Costs != nil {
		c.Rows = CostRows{Road: lpmRow(c.Costs, "road"), Slope: lpmRow(c.Costs, "slope"), Ford: lpmRow(c.Costs, "ford")}
	}
	return c
}
