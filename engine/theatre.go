package engine

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Theatre is one map: its sheets joined into one hex grid, the places the
// rules name, regions (states, counties, areas) and lines (rivers,
// railroads, roads). LRTG and LRTA share one theatre; LITN has its own.
type Theatre struct {
	ID      string
	Title   string
	Sheets  []Sheet
	Places  []Place
	Regions []Region
	Lines   []Line
}

// Place is a named hex and what the rules and charts say of it.
type Place struct {
	Name   string
	Ref    HexRef // as printed
	Hex    Hex    // in the theatre grid
	Kinds  []string
	Values map[string]int // e.g. {"levy_victuals": 2, "vp": 3}
	Region string         // the region the seeds give it (county or state id), if any
	Source string
}

// Is reports whether the place is of the kind.
func (p *Place) Is(kind string) bool {
	for _, k := range p.Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// Point is a position in the theatre's plane, in hex widths: hex centres
// sit at Center(h). Regions are polygons of points.
type Point struct{ X, Y float64 }

// Center returns the centre of h in the plane (flat-topped hexes of unit
// radius).
func Center(h Hex) Point {
	return Point{X: 1.5 * float64(h.Q), Y: math.Sqrt(3) * (float64(h.R) + float64(h.Q)/2)}
}

// Region is an area of the map: a state, a county, north of the Potomac,
// the DC defense area. Polygons are closed rings in the plane; a point is
// inside when it is inside any ring.
type Region struct {
	ID     string
	Name   string
	Kind   string // "state", "county", "area"
	Parent string // the state of a county
	Rings  [][]Point
	Source string
}

// Contains reports whether p lies inside the region (even-odd rule per
// ring).
func (r *Region) Contains(p Point) bool {
	for _, ring := range r.Rings {
		in := false
		for i, j := 0, len(ring)-1; i < len(ring); j, i = i, i+1 {
			a, b := ring[i], ring[j]
			if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
				in = !in
			}
		}
		if in {
			return true
		}
	}
	return false
}

// Line is a river, a railroad (its stations in order) or a road: a chain
// of hexes.
type Line struct {
	ID     string
	Name   string
	Kind   string   // "river", "railroad", "road"
	Stops  []string // railroads: the station places in order
	Hexes  []Hex    // the hexes along it, in order
	Source string
}

// Place returns the named place (case-insensitive), or nil.
func (t *Theatre) Place(name string) *Place {
	for i := range t.Places {
		if strings.EqualFold(t.Places[i].Name, name) {
			return &t.Places[i]
		}
	}
	return nil
}

// Region returns the region with the id, or nil.
func (t *Theatre) Region(id string) *Region {
	for i := range t.Regions {
		if t.Regions[i].ID == id {
			return &t.Regions[i]
		}
	}
	return nil
}

// RegionsAt returns the ids of the regions that contain h.
func (t *Theatre) RegionsAt(h Hex) []string {
	p := Center(h)
	var out []string
	for i := range t.Regions {
		if t.Regions[i].Contains(p) {
			out = append(out, t.Regions[i].ID)
		}
	}
	sort.Strings(out)
	return out
}

// ParseHex reads a hex reference and places it in the theatre grid.
func (t *Theatre) ParseHex(s, context string) (Hex, HexRef, error) {
	ref, err := ParseHexRef(s, t.Sheets, context)
	if err != nil {
		return Hex{}, ref, err
	}
	for i := range t.Sheets {
		if t.Sheets[i].ID == ref.Sheet {
			return t.Sheets[i].Global(ref.Col, ref.Row), ref, nil
		}
	}
	return Hex{}, ref, ErrInvalid
}

// Printed names a global hex by the printed numbers of the sheets that
// show it, e.g. ["SN4129", "HW0612"].
func (t *Theatre) Printed(h Hex) []string {
	var out []string
	for i := range t.Sheets {
		if col, row, ok := t.Sheets[i].Printed(h); ok {
			out = append(out, HexRef{Sheet: t.Sheets[i].ID, Col: col, Row: row}.String())
		}
	}
	return out
}

// InAny returns a test of whether a hex lies in any of the regions.
func (t *Theatre) InAny(ids ...string) func(Hex) bool {
	var rs []*Region
	for _, id := range ids {
		if r := t.Region(id); r != nil {
			rs = append(rs, r)
		}
	}
	return func(h Hex) bool {
		p := Center(h)
		for _, r := range rs {
			if r.Contains(p) {
				return true
			}
		}
		return false
	}
}

// Named names a hex for a message: "Culpeper (SS1418)" where a place is,
// else the printed hex.
func (t *Theatre) Named(h Hex, ref string) string {
	for i := range t.Places {
		if t.Places[i].Hex == h {
			return fmt.Sprintf("%s (%s)", t.Places[i].Name, t.Places[i].Ref)
		}
	}
	return ref
}

// RailPath returns the stations on the map's railroads between two stops,
// ends included, along the shortest way in hexes (straight stretches
// between neighbouring stops; railroads meet only at shared places), or
// nil when no railroad joins them.
func (t *Theatre) RailPath(from, to string) []string {
	adj := map[string]map[string]int{}
	link := func(a, b string, d int) {
		if adj[a] == nil {
			adj[a] = map[string]int{}
		}
		if old, ok := adj[a][b]; !ok || d < old {
			adj[a][b] = d
		}
	}
	for _, l := range t.Lines {
		if l.Kind != "railroad" || len(l.Hexes) != len(l.Stops) {
			continue
		}
		for i := 1; i < len(l.Stops); i++ {
			d := Distance(l.Hexes[i-1], l.Hexes[i])
			link(l.Stops[i-1], l.Stops[i], d)
			link(l.Stops[i], l.Stops[i-1], d)
		}
	}
	if adj[from] == nil || adj[to] == nil {
		return nil
	}
	dist := map[string]int{from: 0}
	prev := map[string]string{}
	done := map[string]bool{}
	for {
		cur, best := "", -1
		for n, d := range dist {
			if !done[n] && (best < 0 || d < best || (d == best && n < cur)) {
				cur, best = n, d
			}
		}
		if best < 0 {
			return nil
		}
		if cur == to {
			break
		}
		done[cur] = true
		next := make([]string, 0, len(adj[cur]))
		for n := range adj[cur] {
			next = append(next, n)
		}
		sort.Strings(next)
		for _, n := range next {
			nd := best + adj[cur][n]
			if od, ok := dist[n]; !ok || nd < od {
				dist[n], prev[n] = nd, cur
			}
		}
	}
	out := []string{to}
	for n := to; n != from; {
		n = prev[n]
		out = append(out, n)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
