package scenarios

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The map data: sheets, places, regions and lines of each theatre, one or
// more YAML files per theatre, each with its sources in its header.
//
//go:embed maps/*.yaml
var mapsFS embed.FS

// Theatres loads and validates every theatre: "lrtg" (the LRTG and LRTA
// map) and "litn".
func Theatres() (map[string]*engine.Theatre, error) { return loadTheatres(mapsFS, "maps") }

type mapDoc struct {
	Theatre string      `yaml:"theatre"`
	Title   string      `yaml:"title"`
	Sheets  []sheetDoc  `yaml:"sheets"`
	Places  []placeDoc  `yaml:"places"`
	Regions []regionDoc `yaml:"regions"`
	Lines   []lineDoc   `yaml:"lines"`
}

type sheetDoc struct {
	ID          string   `yaml:"id"`
	Name        string   `yaml:"name"`
	Family      string   `yaml:"family"`
	Letter      string   `yaml:"letter"`
	Aliases     []string `yaml:"aliases"`
	Parity      string   `yaml:"parity"`
	DQ          int      `yaml:"dq"`
	DR          int      `yaml:"dr"`
	Cols        [2]int   `yaml:"cols"`
	Rows        [2]int   `yaml:"rows"`
	Calibration struct {
		Pairs       int    `yaml:"pairs"`
		MaxResidual int    `yaml:"max_residual"`
		Note        string `yaml:"note"`
	} `yaml:"calibration"`
}

type placeDoc struct {
	Name    string         `yaml:"name"`
	Hex     string         `yaml:"hex"`
	Context string         `yaml:"context"`
	Kinds   []string       `yaml:"kinds"`
	Region  string         `yaml:"region"`
	Values  map[string]int `yaml:"values"`
	Source  string         `yaml:"source"`
}

type regionDoc struct {
	ID     string         `yaml:"id"`
	Name   string         `yaml:"name"`
	Kind   string         `yaml:"kind"`
	Parent string         `yaml:"parent"`
	Rings  [][][2]float64 `yaml:"rings"`
	Source string         `yaml:"source"`
}

type lineDoc struct {
	ID     string   `yaml:"id"`
	Name   string   `yaml:"name"`
	Kind   string   `yaml:"kind"`
	Stops  []string `yaml:"stops"`
	Hexes  []string `yaml:"hexes"`
	Source string   `yaml:"source"`
}

func loadTheatres(fsys fs.FS, dir string) (map[string]*engine.Theatre, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	docs := map[string][]mapDoc{}
	var order []string
	for _, name := range names {
		var d mapDoc
		if err := readDataFile(fsys, name, &d); err != nil {
			return nil, err
		}
		if d.Theatre == "" {
			return nil, fmt.Errorf("scenarios: %s: theatre: is required", name)
		}
		if _, ok := docs[d.Theatre]; !ok {
			order = append(order, d.Theatre)
		}
		docs[d.Theatre] = append(docs[d.Theatre], d)
	}
	out := map[string]*engine.Theatre{}
	for _, id := range order {
		t, err := buildTheatre(id, docs[id])
		if err != nil {
			return nil, fmt.Errorf("scenarios: theatre %s: %w", id, err)
		}
		out[id] = t
	}
	return out, nil
}

// buildTheatre joins a theatre's files: sheets first (places need them),
// then regions, places and lines.
func buildTheatre(id string, docs []mapDoc) (*engine.Theatre, error) {
	t := &engine.Theatre{ID: id}
	for _, d := range docs {
		if d.Title != "" {
			t.Title = d.Title
		}
		for _, s := range d.Sheets {
			sh, err := s.build()
			if err != nil {
				return nil, fmt.Errorf("sheet %s: %w", s.ID, err)
			}
			for _, o := range t.Sheets {
				if o.ID == sh.ID {
					return nil, fmt.Errorf("sheet %s declared twice", sh.ID)
				}
			}
			t.Sheets = append(t.Sheets, sh)
		}
	}
	if len(t.Sheets) == 0 {
		return nil, fmt.Errorf("no sheets")
	}
	for _, d := range docs {
		for _, r := range d.Regions {
			if r.ID == "" || r.Name == "" || r.Source == "" || len(r.Rings) == 0 {
				return nil, fmt.Errorf("region %q: id, name, rings and source are required", r.ID)
			}
			if t.Region(r.ID) != nil {
				return nil, fmt.Errorf("region %s declared twice", r.ID)
			}
			reg := engine.Region{ID: r.ID, Name: r.Name, Kind: r.Kind, Parent: r.Parent, Source: r.Source}
			for _, ring := range r.Rings {
				if len(ring) < 3 {
					return nil, fmt.Errorf("region %s: a ring needs at least three points", r.ID)
				}
				pts := make([]engine.Point, len(ring))
				for i, p := range ring {
					pts[i] = engine.Point{X: p[0], Y: p[1]}
				}
				reg.Rings = append(reg.Rings, pts)
			}
			t.Regions = append(t.Regions, reg)
		}
	}
	for _, r := range t.Regions {
		if r.Parent != "" && t.Region(r.Parent) == nil {
			return nil, fmt.Errorf("region %s: no parent region %s", r.ID, r.Parent)
		}
	}
	for _, d := range docs {
		for _, p := range d.Places {
			if p.Name == "" || p.Source == "" || len(p.Kinds) == 0 {
				return nil, fmt.Errorf("place %q: name, kinds and source are required", p.Name)
			}
			if t.Place(p.Name) != nil {
				return nil, fmt.Errorf("place %q declared twice", p.Name)
			}
			h, ref, err := t.ParseHex(p.Hex, p.Context)
			if err != nil {
				return nil, fmt.Errorf("place %q: %v", p.Name, err)
			}
			if p.Region != "" && t.Region(p.Region) == nil {
				return nil, fmt.Errorf("place %q: no region %s", p.Name, p.Region)
			}
			t.Places = append(t.Places, engine.Place{Name: p.Name, Ref: ref, Hex: h, Kinds: p.Kinds, Values: p.Values, Region: p.Region, Source: p.Source})
		}
	}
	for _, d := range docs {
		for _, l := range d.Lines {
			if l.ID == "" || l.Name == "" || l.Source == "" {
				return nil, fmt.Errorf("line %q: id, name and source are required", l.ID)
			}
			line := engine.Line{ID: l.ID, Name: l.Name, Kind: l.Kind, Stops: l.Stops, Source: l.Source}
			for _, s := range l.Stops {
				if t.Place(s) == nil {
					return nil, fmt.Errorf("line %s: stop %q is not a place", l.ID, s)
				}
			}
			for _, hs := range l.Hexes {
				h, _, err := t.ParseHex(hs, "")
				if err != nil {
					return nil, fmt.Errorf("line %s: %v", l.ID, err)
				}
				line.Hexes = append(line.Hexes, h)
			}
			t.Lines = append(t.Lines, line)
		}
	}
	return t, nil
}

func (d sheetDoc) build() (engine.Sheet, error) {
	s := engine.Sheet{ID: d.ID, Name: d.Name, Family: d.Family, Letter: strings.ToUpper(d.Letter), Aliases: d.Aliases,
		DQ: d.DQ, DR: d.DR, MinCol: d.Cols[0], MaxCol: d.Cols[1], MinRow: d.Rows[0], MaxRow: d.Rows[1],
		CalibrationPairs: d.Calibration.Pairs, MaxResidual: d.Calibration.MaxResidual, CalibrationNote: d.Calibration.Note}
	switch d.Parity {
	case "odd-down":
		s.Parity = engine.OddColumnsDown
	case "even-down":
		s.Parity = engine.EvenColumnsDown
	default:
		return s, fmt.Errorf("parity is odd-down or even-down, not %q", d.Parity)
	}
	if d.ID == "" || d.Name == "" || s.MinCol < 0 || s.MaxCol <= s.MinCol || s.MaxRow <= s.MinRow || s.MaxCol > 99 || s.MaxRow > 99 {
		return s, fmt.Errorf("id, name, cols and rows (printed ranges within 00-99) are required")
	}
	return s, nil
}
