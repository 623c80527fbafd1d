package engine

import (
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
