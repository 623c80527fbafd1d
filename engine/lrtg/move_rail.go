// Union railroad movement (LRTG 8.1-8.3, 12.5) and strategic movement (LRTG
// 17.1): the rail network, its routes, and the strategic movement's
// allowance and disorganization. Moved out of move.go, which keeps checkRail,
// railRoute, checkStrategic and strategicClear (they tell LRTA from LRTG).

package lrtg

import (
	"container/heap"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// railNet is the railroads as a graph of stations. The map data gives the
// railroads as ordered station lists, not every rail hex: consecutive
// stations of a line are joined, their distance is the hex distance
// between them, and the rails between them are taken to run along the
// straight hex line joining them (for enemy units and zones of control).
// A rail move therefore starts and ends at stations; off-map rail movement
// (8.5) is not modelled.
type railNet struct {
	at  map[engine.Hex]string // the station at a hex
	hex map[string]engine.Hex
	adj map[string][]railEdge
}

type railEdge struct {
	to    string
	hexes int
}

func newRailNet(t *engine.Theatre) railNet {
	n := railNet{at: map[engine.Hex]string{}, hex: map[string]engine.Hex{}, adj: map[string][]railEdge{}}
	for _, l := range t.Lines {
		if l.Kind != "railroad" || len(l.Stops) != len(l.Hexes) {
			continue
		}
		for i, s := range l.Stops {
			if _, ok := n.hex[s]; !ok {
				n.hex[s] = l.Hexes[i]
				n.at[l.Hexes[i]] = s
			}
			if i > 0 {
				p := l.Stops[i-1]
				dist := engine.Distance(n.hex[p], n.hex[s])
				n.adj[p] = append(n.adj[p], railEdge{s, dist})
				n.adj[s] = append(n.adj[s], railEdge{p, dist})
			}
		}
	}
	return n
}

// route is the shortest path from one station to another that enters no
// station refused by enter and crosses no segment refused by cross.
func (n railNet) route(from, to string, enter func(string) bool, cross func(a, b engine.Hex) bool) ([]string, int, bool) {
	dist := map[string]int{from: 0}
	prev := map[string]string{}
	q := &stationQueue{{from, 0}}
	for q.Len() > 0 {
		cur := heap.Pop(q).(stationItem)
		if cur.dist > dist[cur.name] {
			continue
		}
		if cur.name == to {
			path := []string{to}
			for s := to; s != from; {
				s = prev[s]
				path = append([]string{s}, path...)
			}
			return path, cur.dist, true
		}
		for _, e := range n.adj[cur.name] {
			nd := cur.dist + e.hexes
			if old, seen := dist[e.to]; seen && old <= nd {
				continue
			}
			if !enter(e.to) || !cross(n.hex[cur.name], n.hex[e.to]) {
				continue
			}
			dist[e.to], prev[e.to] = nd, cur.name
			heap.Push(q, stationItem{e.to, nd})
		}
	}
	return nil, 0, false
}

type stationItem struct {
	name string
	dist int
}

type stationQueue []stationItem

func (q stationQueue) Len() int { return len(q) }
func (q stationQueue) Less(i, j int) bool {
	return q[i].dist < q[j].dist || (q[i].dist == q[j].dist && q[i].name < q[j].name)
}
func (q stationQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *stationQueue) Push(x any)   { *q = append(*q, x.(stationItem)) }
func (q *stationQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// hexLine returns the hexes of the straight line from a to b, both
// included.
func hexLine(a, b engine.Hex) []engine.Hex {
	n := engine.Distance(a, b)
	out := make([]engine.Hex, 0, n+1)
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		// A small nudge keeps points on a hex edge on one side of it.
		q := float64(a.Q) + 1e-6 + float64(b.Q-a.Q)*t
		r := float64(a.R) + 1e-6 + float64(b.R-a.R)*t
		out = append(out, hexRound(q, r))
	}
	return out
}

func hexRound(q, r float64) engine.Hex {
	s := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return engine.Hex{Q: int(rq), R: int(rr)}
}

// stationDamaged reports whether a station is damaged or destroyed: by
// the record of the game, or from the start (000 VIII Damaged RR Stations).
func (g Game) stationDamaged(d *engine.MoveData, name string) string {
	// The set-up's damaged stations are in Places from game.started on.
	return g.Places[name].Station
}

// strategicAllowance reads the 17.1 allowance chart: rows side, fatigue
// levels expended, infantry / artillery, passive, cavalry, passive.
func strategicAllowance(c *engine.Chart, side engine.Side, levels int, cav, passive bool) (int, error) {
	name := map[engine.Side]string{engine.CSA: "Confederate", engine.USA: "Union"}[side]
	col := 2
	if cav {
		col += 2
	}
	if passive {
		col++
	}
	for _, row := range c.Rows {
		if len(row) > col && row[0] == name && row[1] == strconv.Itoa(levels) {
			return strconv.Atoi(row[col])
		}
	}
	return 0, fmt.Errorf("engine: chart %s has no row %s %d", c.ID, name, levels)
}

// strategicDisorg reads the 17.1 disorganization modifiers: rows
// Unexhausted / Exhausted, columns the fatigue level reached (2, 3, 4).
func strategicDisorg(c *engine.Chart, exh bool, reached int) (bool, int, string, error) {
	name := "Unexhausted"
	if exh {
		name = "Exhausted"
	}
	col := reached - 1 // columns: Unit, To fatigue 2, 3, 4
	for _, row := range c.Rows {
		if row[0] != name || col < 1 || col >= len(row) {
			continue
		}
		why := fmt.Sprintf("%s, to fatigue %d", strings.ToLower(name), reached)
		cell := strings.TrimSpace(row[col])
		if strings.HasPrefix(strings.ToLower(cell), "no roll") { // LRTA prints "No roll necessary"
			return false, 0, why, nil
		}
		n, err := strconv.Atoi(strings.TrimPrefix(cell, "+"))
		return true, n, why, err
	}
	return false, 0, "", fmt.Errorf("engine: chart %s has no cell %s / fatigue %d", c.ID, name, reached)
}
