package scenarios

import (
	"embed"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The victory point data that is neither a chart nor a place value: the
// railroad station rows of 000 VII 3 as stretches of the map's railroads,
// and the counties of 000 VII 1 with their map regions. Each file names its
// sources in its header.
//
//go:embed vp/*.yaml
var vpFS embed.FS

type stationsDoc struct {
	Theatre string            `yaml:"theatre"`
	Source  string            `yaml:"source"`
	Awards  []stationAwardDoc `yaml:"awards"`
	Others  []otherDoc        `yaml:"others"`
	States  map[string]string `yaml:"states"`
	// NotStations are railroad stops that are not stations (a bridge).
	NotStations []string  `yaml:"not_stations"`
	Bonus       *bonusDoc `yaml:"bonus"`
}

type stationAwardDoc struct {
	ID       string      `yaml:"id"`
	State    string      `yaml:"state"`
	Title    string      `yaml:"title"`
	Segments [][2]string `yaml:"segments"`
	Line     string      `yaml:"line"`
	Values   []int       `yaml:"values"`
	Each     int         `yaml:"each"`
	Except   []string    `yaml:"except"`
	Source   string      `yaml:"source"`
}

type otherDoc struct {
	State   string `yaml:"state"`
	VP      int    `yaml:"vp"`
	NorthOf *struct {
		Sheet string `yaml:"sheet"`
		Row   int    `yaml:"row"`
	} `yaml:"north_of"`
	Source string `yaml:"source"`
}

type bonusDoc struct {
	Award     string `yaml:"award"`
	Count     int    `yaml:"count"`
	Structure string `yaml:"structure"`
	VP        int    `yaml:"vp"`
	Title     string `yaml:"title"`
	Source    string `yaml:"source"`
}

// StationVP builds the railroad station destruction rules of 000 VII 3 on
// the LRTG map th: each row's stations along the map's railroads, each
// station's state and "other station" value, and the bonus.
func StationVP(th *engine.Theatre) (*lrtg.StationVP, error) {
	var d stationsDoc
	if err := readDataFile(vpFS, "vp/lrtg-vp-stations.yaml", &d); err != nil {
		return nil, err
	}
	return buildStationVP(d, th)
}

// buildStationVP checks the station rules against the map th and builds
// them: the awards' stations along the railroads, each station's state and
// "other station" value, and the bonus.
func buildStationVP(d stationsDoc, th *engine.Theatre) (*lrtg.StationVP, error) {
	if th == nil || d.Theatre != th.ID {
		return nil, badStations("the rules are for theatre %q", d.Theatre)
	}
	r := &lrtg.StationVP{Other: map[string]int{}, State: map[string]string{}, Source: d.Source}
	awards, seen, err := stationAwards(d, th)
	if err != nil {
		return nil, err
	}
	r.Awards = awards
	if err := stationValues(d, th, r); err != nil {
		return nil, err
	}
	if b := d.Bonus; b != nil {
		if !seen[b.Award] || b.Count < 1 || b.VP == 0 || b.Title == "" || b.Source == "" {
			return nil, badStations("bonus: needs an award declared above, a count, vp, title and source")
		}
		if p := th.Place(b.Structure); p == nil || !(p.Is("bridge") || p.Is("capitol") || p.Values["structure_vp"] != 0) {
			return nil, badStations("bonus: %q is not a strategic structure of the map", b.Structure)
		}
		r.Bonus = &lrtg.StationBonus{Award: b.Award, Count: b.Count, Structure: b.Structure, VP: b.VP, Title: b.Title, Source: b.Source}
	}
	return r, nil
}

// badStations is an error in the station rules' file.
func badStations(f string, a ...any) error {
	return fmt.Errorf("scenarios: vp/lrtg-vp-stations.yaml: %s", fmt.Sprintf(f, a...))
}

// stationAwards checks and builds the awards in their order, and returns
// the ids declared (an award's except and the bonus name earlier ones).
func stationAwards(d stationsDoc, th *engine.Theatre) ([]lrtg.StationAward, map[string]bool, error) {
	var out []lrtg.StationAward
	seen := map[string]bool{}
	for _, a := range d.Awards {
		if a.ID == "" || a.Title == "" || a.Source == "" {
			return nil, nil, badStations("an award needs id, title and source (%q)", a.ID)
		}
		if seen[a.ID] {
			return nil, nil, badStations("award %s is declared twice", a.ID)
		}
		if (len(a.Values) == 0) == (a.Each == 0) {
			return nil, nil, badStations("award %s: give values (first, second, ... station) or each, not both", a.ID)
		}
		for _, x := range a.Except {
			if !seen[x] {
				return nil, nil, badStations("award %s: except names %q, which is not an earlier award", a.ID, x)
			}
		}
		seen[a.ID] = true
		stations, err := awardStations(a, th)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, lrtg.StationAward{ID: a.ID, Title: a.Title, State: a.State, Stations: stations,
			Values: append([]int(nil), a.Values...), Each: a.Each, Except: append([]string(nil), a.Except...), Source: a.Source})
	}
	return out, seen, nil
}

// awardStations lists an award's stations once each, in order: the stops
// of its railroad, or of the railroad paths joining its segments' ends.
func awardStations(a stationAwardDoc, th *engine.Theatre) ([]string, error) {
	var stations []string
	add := func(s string) {
		for _, o := range stations {
			if o == s {
				return
			}
		}
		stations = append(stations, s)
	}
	switch {
	case a.Line != "" && len(a.Segments) == 0:
		var line *engine.Line
		for i := range th.Lines {
			if th.Lines[i].ID == a.Line && th.Lines[i].Kind == "railroad" {
				line = &th.Lines[i]
			}
		}
		if line == nil {
			return nil, badStations("award %s: no railroad %q on the map", a.ID, a.Line)
		}
		for _, s := range line.Stops {
			add(s)
		}
	case a.Line == "" && len(a.Segments) > 0:
		for _, sg := range a.Segments {
			path := th.RailPath(sg[0], sg[1])
			if path == nil {
				return nil, badStations("award %s: no railroad joins %s and %s on the map", a.ID, sg[0], sg[1])
			}
			for _, s := range path {
				add(s)
			}
		}
	default:
		return nil, badStations("award %s: give a line or segments", a.ID)
	}
	return stations, nil
}

// stationValues sets each station's state and "other station" value. The
// stations: the railroads' stops and the rr-station places, less the stops
// that are not stations (S7).
func stationValues(d stationsDoc, th *engine.Theatre, r *lrtg.StationVP) error {
	names := map[string]bool{}
	for _, l := range th.Lines {
		if l.Kind == "railroad" {
			for _, s := range l.Stops {
				names[s] = true
			}
		}
	}
	for i := range th.Places {
		if th.Places[i].Is("rr-station") {
			names[th.Places[i].Name] = true
		}
	}
	others := map[string]otherDoc{}
	for _, o := range d.Others {
		if th.Region(o.State) == nil || o.Source == "" {
			return badStations("others: %q is not a state region of the map, or has no source", o.State)
		}
		others[o.State] = o
	}
	for _, s := range d.NotStations {
		if !names[s] {
			return badStations("not_stations: %q is not a railroad stop", s)
		}
		delete(names, s)
	}
	for s := range d.States {
		if !names[s] {
			return badStations("states: %q is not a station", s)
		}
	}
	for s := range names {
		p := th.Place(s)
		if p == nil {
			return badStations("station %q is not a place of the map", s)
		}
		state := d.States[s]
		if state == "" {
			state = stateOf(th, p.Hex)
		}
		if reg := th.Region(state); reg != nil {
			r.State[s] = strings.TrimSpace(strings.SplitN(reg.Name, "(", 2)[0])
		}
		o, ok := others[state]
		if !ok {
			continue
		}
		if o.NorthOf != nil && !northOf(th, p.Hex, o.NorthOf.Sheet, o.NorthOf.Row) {
			continue
		}
		r.Other[s] = o.VP
	}
	return nil
}

// stateOf returns the id of the state region that holds h ("" if none).
func stateOf(th *engine.Theatre, h engine.Hex) string {
	for _, id := range th.RegionsAt(h) {
		if reg := th.Region(id); reg != nil && reg.Kind == "state" {
			return id
		}
	}
	return ""
}

// northOf reports whether h lies north of the printed row on the sheet:
// on the sheet above that row, or not on the sheet at all (the sheets above
// it). 000 VII 3 "north of hex row xx15 S SJW".
func northOf(th *engine.Theatre, h engine.Hex, sheet string, row int) bool {
	for _, ref := range th.Printed(h) {
		if strings.HasPrefix(ref, sheet) && len(ref) == len(sheet)+4 {
			n, err := strconv.Atoi(ref[len(sheet)+2:])
			if err == nil {
				return n < row
			}
		}
	}
	return true
}

type countiesDoc struct {
	Theatre  string      `yaml:"theatre"`
	Source   string      `yaml:"source"`
	Counties []countyDoc `yaml:"counties"`
}

type countyDoc struct {
	ID      string `yaml:"id"`
	Name    string `yaml:"name"`
	State   string `yaml:"state"`
	Region  string `yaml:"region"`
	Control string `yaml:"control"`
	Values  []int  `yaml:"values"`
	Note    string `yaml:"note"`
	Source  string `yaml:"source"`
}

// Counties returns the counties that score for Confederate control (000
// VII 1), checked against the LRTG map th: each region and control hex
// exists.
func Counties(th *engine.Theatre) ([]lrtg.County, error) {
	var d countiesDoc
	if err := readDataFile(vpFS, "vp/lrtg-vp-counties.yaml", &d); err != nil {
		return nil, err
	}
	return buildCounties(d, th)
}

func buildCounties(d countiesDoc, th *engine.Theatre) ([]lrtg.County, error) {
	bad := func(f string, a ...any) error {
		return fmt.Errorf("scenarios: vp/lrtg-vp-counties.yaml: %s", fmt.Sprintf(f, a...))
	}
	if th == nil || d.Theatre != th.ID {
		return nil, bad("the counties are for theatre %q", d.Theatre)
	}
	seen := map[string]bool{}
	out := make([]lrtg.County, 0, len(d.Counties))
	for _, c := range d.Counties {
		if c.ID == "" || c.Name == "" || c.State == "" || c.Source == "" {
			return nil, bad("a county needs id, name, state and source (%q)", c.ID)
		}
		if seen[c.ID] {
			return nil, bad("county %s is declared twice", c.ID)
		}
		seen[c.ID] = true
		if reg := th.Region(c.Region); reg == nil || reg.Kind != "county" {
			return nil, bad("county %s: %q is not a county region of the map", c.ID, c.Region)
		}
		if c.Control != "" && th.Place(c.Control) == nil {
			return nil, bad("county %s: the control hex %q is not a place of the map", c.ID, c.Control)
		}
		if len(c.Values) != 3 || c.Values[0] < c.Values[1] || c.Values[1] < c.Values[2] || c.Values[2] < 0 {
			return nil, bad("county %s: values are three numbers, first turn >= second >= later", c.ID)
		}
		out = append(out, lrtg.County{ID: c.ID, Name: c.Name, State: c.State, Region: c.Region, Control: c.Control,
			Values: [3]int{c.Values[0], c.Values[1], c.Values[2]}, Note: c.Note, Source: c.Source})
	}
	return out, nil
}

// vpFiles lists the data files of vp/, for the tests.
func vpFiles() ([]string, error) { return fs.Glob(vpFS, "vp/*.yaml") }
