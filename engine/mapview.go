package engine

import (
	"fmt"
	"sort"
	"strings"
)

// MapView is what a viewer may see of a section of a theatre: the hexes
// with their printed numbers, the places, region borders, lines and (in
// games) counters. Render draws from a MapView only.
type MapView struct {
	Theatre  string
	Title    string   // e.g. "Around Harpers Ferry (HW3218), radius 8"
	Caption  []string // turn, date, legend notes
	Center   Hex
	Hexes    []ViewHex
	Places   []ViewPlace
	Regions  []ViewRegion
	Lines    []ViewLine
	Counters []ViewCounter
	// What the guild's terrain layer says of the section (AddTerrain,
	// terrain_view.go); HasTerrain is set when a layer is loaded.
	Terrain      []ViewTerrain
	Hexsides     []ViewHexside
	TerrainTitle string
	HasTerrain   bool
}

// ViewCounter is a counter as its viewer may see it: a known unit, an
// unidentified force marker, or a last-known position.
type ViewCounter struct {
	Unit     string // the unit's id; empty for a force marker or a dummy
	Hex      Hex
	Side     string // "csa" or "usa"
	Name     string // empty when unidentified
	Kind     string // "infantry", "cavalry", "artillery", "leader", "wagon", "force"
	Manpower int
	Fatigue  int
	Marks    []string // status marks, e.g. "OOS", "DIS", "ENT"
	// Unidentified is an enemy stack seen as a force marker.
	Unidentified bool
	// SeenTurn, when set, marks a last-known position (not seen since).
	SeenTurn int
}

// ViewHex is a hex of the section with the printed number shown on it.
type ViewHex struct {
	Hex   Hex
	Label string // "4129" (the sheet is in the title or legend)
	Sheet string
}

// ViewPlace is a named place in the section.
type ViewPlace struct {
	Name  string
	Hex   Hex
	Kinds []string
}

// ViewRegion is a region clipped to nothing: render clips to the image.
type ViewRegion struct {
	Name  string
	Kind  string
	Rings [][]Point
}

// ViewLine is a line through the section.
type ViewLine struct {
	Name  string
	Kind  string
	Hexes []Hex
}

// MaxMapRadius bounds a map section (a radius of 20 is about 1,260 hexes).
const MaxMapRadius = 20

// Section builds the public view of the hexes within radius of center.
// Places, regions and lines are public knowledge (they are printed on the
// map); games add their counters through their own views.
func (t *Theatre) Section(center Hex, radius int, title string) (*MapView, error) {
	if radius < 1 || radius > MaxMapRadius {
		return nil, &RuleError{Kind: ErrInvalid, Code: "map.radius", What: fmt.Sprintf("A radius of %d hexes cannot be drawn", radius),
			Hint: fmt.Sprintf("Use a radius from 1 to %d", MaxMapRadius)}
	}
	if len(t.Printed(center)) == 0 {
		return nil, &RuleError{Kind: ErrInvalid, Code: "map.off", What: "That hex is off the map", Hint: "Choose a hex printed on one of the sheets"}
	}
	v := &MapView{Theatre: t.ID, Title: title, Center: center}
	for dq := -radius; dq <= radius; dq++ {
		for dr := max(-radius, -dq-radius); dr <= min(radius, -dq+radius); dr++ {
			h := Hex{Q: center.Q + dq, R: center.R + dr}
			p := t.Printed(h)
			if len(p) == 0 {
				continue // off the map
			}
			v.Hexes = append(v.Hexes, ViewHex{Hex: h, Sheet: p[0][:len(p[0])-4], Label: p[0][len(p[0])-4:]})
		}
	}
	for _, p := range t.Places {
		if Distance(p.Hex, center) <= radius {
			v.Places = append(v.Places, ViewPlace{Name: p.Name, Hex: p.Hex, Kinds: p.Kinds})
		}
	}
	sort.Slice(v.Places, func(i, j int) bool { return v.Places[i].Name < v.Places[j].Name })
	for _, r := range t.Regions {
		v.Regions = append(v.Regions, ViewRegion{Name: r.Name, Kind: r.Kind, Rings: r.Rings})
	}
	for _, l := range t.Lines {
		near := false
		for _, h := range l.Hexes {
			near = near || Distance(h, center) <= radius+1
		}
		if near {
			v.Lines = append(v.Lines, ViewLine{Name: l.Name, Kind: l.Kind, Hexes: l.Hexes})
		}
	}
	return v, nil
}

// MaxMapHexes bounds a box section.
const MaxMapHexes = 1500

// Box builds the public view of the hexes whose centres lie in the
// rectangle spanned by the centres of a and b (corners in either order).
func (t *Theatre) Box(a, b Hex, title string) (*MapView, error) {
	pa, pb := Center(a), Center(b)
	minX, maxX := min(pa.X, pb.X), max(pa.X, pb.X)
	minY, maxY := min(pa.Y, pb.Y), max(pa.Y, pb.Y)
	// Columns are 1.5 apart and rows sqrt(3): the count is known before
	// walking them.
	if n := int((maxX-minX)/1.5+1) * int((maxY-minY)/1.7320508+1); n > MaxMapHexes {
		return nil, &RuleError{Kind: ErrInvalid, Code: "map.box", What: fmt.Sprintf("That box holds about %d hexes", n),
			Hint: fmt.Sprintf("Draw at most %d hexes: choose nearer corners", MaxMapHexes)}
	}
	v := &MapView{Theatre: t.ID, Title: title, Center: a}
	for q := min(a.Q, b.Q); q <= max(a.Q, b.Q); q++ {
		// r range from the y bounds: y = sqrt(3)*(r + q/2).
		rLo := int(minY/1.7320508-float64(q)/2) - 1
		rHi := int(maxY/1.7320508-float64(q)/2) + 1
		for r := rLo; r <= rHi; r++ {
			h := Hex{Q: q, R: r}
			if p := Center(h); p.Y < minY-0.01 || p.Y > maxY+0.01 {
				continue
			}
			p := t.Printed(h)
			if len(p) == 0 {
				continue
			}
			v.Hexes = append(v.Hexes, ViewHex{Hex: h, Sheet: p[0][:len(p[0])-4], Label: p[0][len(p[0])-4:]})
		}
	}
	if len(v.Hexes) == 0 {
		return nil, &RuleError{Kind: ErrInvalid, Code: "map.off", What: "That box is off the map", Hint: "Choose corners printed on the sheets"}
	}
	in := map[Hex]bool{}
	for _, h := range v.Hexes {
		in[h.Hex] = true
	}
	for _, p := range t.Places {
		if in[p.Hex] {
			v.Places = append(v.Places, ViewPlace{Name: p.Name, Hex: p.Hex, Kinds: p.Kinds})
		}
	}
	sort.Slice(v.Places, func(i, j int) bool { return v.Places[i].Name < v.Places[j].Name })
	for _, r := range t.Regions {
		v.Regions = append(v.Regions, ViewRegion{Name: r.Name, Kind: r.Kind, Rings: r.Rings})
	}
	for _, l := range t.Lines {
		for _, h := range l.Hexes {
			if in[h] {
				v.Lines = append(v.Lines, ViewLine{Name: l.Name, Kind: l.Kind, Hexes: l.Hexes})
				break
			}
		}
	}
	return v, nil
}

// Locate reads "at" as a place name or a hex reference of the theatre.
func (t *Theatre) Locate(at string) (Hex, string, error) {
	at = strings.TrimSpace(at)
	if p := t.Place(at); p != nil {
		return p.Hex, fmt.Sprintf("%s (%s)", p.Name, p.Ref), nil
	}
	h, ref, err := t.ParseHex(at, "")
	if err != nil {
		// A reference with a number was meant as a hex: its own message
		// says what is wrong; anything else was meant as a place.
		if e, ok := err.(*RuleError); ok && !hexRefRE.MatchString(at) {
			e.What = fmt.Sprintf("%q is neither a place nor a hex of this map", at)
		}
		return Hex{}, "", err
	}
	return h, ref.String(), nil
}
