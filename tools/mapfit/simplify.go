// The county polygons of counties.geojson, and the simplification of their
// shared borders once (Douglas-Peucker on the arcs between junctions, so
// neighbours keep a common border), with the plane geometry it needs.

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
)

type feature struct {
	State, Name, LSAD string
	Polys             [][][]pt // polygons: exterior then holes, lon/lat
}

func readCounties(path string) ([]feature, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fc struct {
		Features []struct {
			Properties struct{ STATE, NAME, LSAD string }
			Geometry   struct {
				Type        string
				Coordinates json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(b, &fc); err != nil {
		return nil, err
	}
	var out []feature
	for _, f := range fc.Features {
		ft := feature{State: f.Properties.STATE, Name: f.Properties.NAME, LSAD: f.Properties.LSAD}
		switch f.Geometry.Type {
		case "Polygon":
			var p [][]pt
			if err := json.Unmarshal(f.Geometry.Coordinates, &p); err != nil {
				return nil, err
			}
			ft.Polys = [][][]pt{p}
		case "MultiPolygon":
			if err := json.Unmarshal(f.Geometry.Coordinates, &ft.Polys); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%s: geometry %s", ft.Name, f.Geometry.Type)
		}
		out = append(out, ft)
	}
	return out, nil
}

// vkey identifies a vertex of the source data (shared borders share vertices).
type vkey [2]int64

func keyOf(p pt) vkey { return vkey{int64(math.Round(p[0] * 1e7)), int64(math.Round(p[1] * 1e7))} }

func lessKey(a, b vkey) bool { return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) }

// sring is a ring of source vertices (not repeated at the end).
type sring []vkey

// simplifier simplifies every ring by the arcs between junctions, so that a
// border shared by two counties is simplified once, the same for both.
type simplifier struct {
	pos   map[vkey]pt // plane position
	neigh map[vkey]map[vkey]bool
	tol   float64
}

func newSimplifier(rings []sring, pos map[vkey]pt, tol float64) *simplifier {
	s := &simplifier{pos: pos, neigh: map[vkey]map[vkey]bool{}, tol: tol}
	for _, r := range rings {
		n := len(r)
		for i, v := range r {
			if s.neigh[v] == nil {
				s.neigh[v] = map[vkey]bool{}
			}
			s.neigh[v][r[(i+1)%n]] = true
			s.neigh[v][r[(i+n-1)%n]] = true
		}
	}
	return s
}

func (s *simplifier) simplify(r sring) sring {
	n := len(r)
	var nodes []int
	for i, v := range r {
		if len(s.neigh[v]) != 2 {
			nodes = append(nodes, i)
		}
	}
	if len(nodes) == 0 {
		// A ring of its own: start it at its least vertex, and also cut it
		// at the vertex farthest from there so that it is two arcs.
		best := 0
		for i := range r {
			if lessKey(r[i], r[best]) {
				best = i
			}
		}
		far, d := best, -1.0
		for i := range r {
			if dd := dist(s.pos[r[i]], s.pos[r[best]]); dd > d {
				far, d = i, dd
			}
		}
		nodes = []int{best, far}
		if far < best {
			nodes = []int{far, best}
		}
	}
	var out sring
	for k, a := range nodes {
		b := nodes[(k+1)%len(nodes)]
		var arc sring
		for i := a; ; i = (i + 1) % n {
			arc = append(arc, r[i])
			if i == b && len(arc) > 1 {
				break
			}
		}
		out = append(out, s.arc(arc)...)
		out = out[:len(out)-1] // the next arc starts where this one ends
	}
	return out
}

// arc simplifies an arc in a canonical direction, so both rings that share it
// get the same vertices.
func (s *simplifier) arc(a sring) sring {
	rev := lessKey(a[len(a)-1], a[0])
	if a[0] == a[len(a)-1] && len(a) > 2 {
		rev = lessKey(a[len(a)-2], a[1])
	}
	c := append(sring(nil), a...)
	if rev {
		reverse(c)
	}
	keep := make([]bool, len(c))
	keep[0], keep[len(c)-1] = true, true
	s.dp(c, 0, len(c)-1, keep, true)
	var out sring
	for i, v := range c {
		if keep[i] {
			out = append(out, v)
		}
	}
	if rev {
		reverse(out)
	}
	return out
}

// dp is Douglas-Peucker; the first split of an arc always keeps its farthest
// vertex, so that no arc collapses to a segment another arc may also be.
func (s *simplifier) dp(c sring, i, j int, keep []bool, first bool) {
	if j <= i+1 {
		return
	}
	a, b := s.pos[c[i]], s.pos[c[j]]
	far, d := -1, -1.0
	for k := i + 1; k < j; k++ {
		if dd := segDist(s.pos[c[k]], a, b); dd > d {
			far, d = k, dd
		}
	}
	if d <= s.tol && !first {
		return
	}
	keep[far] = true
	s.dp(c, i, far, keep, false)
	s.dp(c, far, j, keep, false)
}

func reverse[T any](s []T) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func dist(a, b pt) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

func segDist(p, a, b pt) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := dx*dx + dy*dy
	if l == 0 {
		return dist(p, a)
	}
	t := ((p[0]-a[0])*dx + (p[1]-a[1])*dy) / l
	t = math.Max(0, math.Min(1, t))
	return dist(p, pt{a[0] + t*dx, a[1] + t*dy})
}

func area(r []pt) float64 {
	s := 0.0
	for i := range r {
		j := (i + 1) % len(r)
		s += r[i][0]*r[j][1] - r[j][0]*r[i][1]
	}
	return s / 2
}

func inRing(p pt, ring []pt) bool {
	in := false
	for i, j := 0, len(ring)-1; i < len(ring); j, i = i, i+1 {
		a, b := ring[i], ring[j]
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}
