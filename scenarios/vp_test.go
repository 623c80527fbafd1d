package scenarios

import (
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The victory point data of vp/ (railroad stations, 000 VII 3; counties,
// 000 VII 1) against the seeds, and its worked examples.

func vpStations(t *testing.T) (*engine.Theatre, *lrtg.StationVP) {
	t.Helper()
	th := placesTheatre(t)
	r, err := StationVP(th)
	if err != nil {
		t.Fatal(err)
	}
	return th, r
}

// Each row of 000 VII 3 / 003 RAILROADS with its printed values and the
// stations the map puts on it.
func TestVPStationRowsMatchTheSeeds(t *testing.T) {
	_, r := vpStations(t)
	oa := []string{"Alexandria", "Springfield Station", "Burke's Station", "Fairfax Station", "Manassas Junction"}
	dcBalt := []string{"Baltimore Depot", "Bladensburg", "Beltsville", "Laurel", "Annapolis Junction", "Relay House", "Mt. Claire Station", "Camden Station"}
	want := []struct {
		id       string
		values   []int
		each     int
		stations []string
		seed     string
	}{
		{"va-alexandria-rappahannock", []int{7, 3}, 0, append(append([]string{}, oa...), "Warrenton Junction", "Rappahannock Station"),
			"000 VII 3: +7 1st, +3 2nd ... between Alexandria & Rappahannock Station inclusive; 003 +7 / +3"},
		{"va-alexandria-front-royal", []int{5}, 0, append(append([]string{}, oa...), "White Plains", "Piedmont Depot", "Front Royal"),
			"000 VII 3: +5 1st ... between Alexandria & Front Royal inclusive; 003 +5"},
		{"va-alexandria-leesburg", []int{2}, 0, []string{"Alexandria", "Falls Church Station", "Vienna", "Leesburg"},
			"000 VII 3: +2 1st ... between Alexandria & Leesburg inclusive; 003 +2"},
		{"md-washington-baltimore", []int{25}, 0, dcBalt, "000 VII 3: +25 1st ... between Baltimore Depot (DC) & Camden Station; 003 +25"},
		{"md-washington-annapolis", []int{10}, 0, []string{"Baltimore Depot", "Bladensburg", "Beltsville", "Laurel", "Annapolis Junction", "Annapolis"},
			"000 VII 3: +10 1st ... between Baltimore Depot (DC) & Annapolis; 003 +10"},
		{"md-washington-each", nil, 5, append(append([]string{}, dcBalt...), "Annapolis"),
			"000 VII 3: +5 Each additional station on the line between DC & Baltimore or DC and Annapolis; 003 +5 ea"},
		{"md-baltimore-east", []int{10}, 0, []string{"Camden Station", "Back River Bridge Station"}, "000 VII 3: +10 1st ... between Camden Station & east map edge; 003 +10"},
		{"md-bo", []int{15, 5, 5}, 0, []string{"Camden Station", "Mt. Claire Station", "Relay House", "Ellicott Mills", "Hood's Mill", "Mt. Airy",
			"Monrovia", "Ijamsville", "Frederick Junction", "Catoctin Switch", "Berlin", "Weverton", "Harpers Ferry", "Kearneysville",
			"Opequon Station", "Martinsburg", "North Mountain Depot"}, "000 VII 3: +15 / +5 / +5 1st / 2nd / 3rd on the B&O (excluding Frederick spur & W&P RR); 003 +15 / +5 / +5"},
		{"md-baltimore-harrisburg", []int{10}, 0, []string{"Mt. Royal Depot", "York", "Harrisburg"}, "000 VII 3: +10 1st ... between Mt. Royal Depot and Harrisburg; 003 +10"},
	}
	if len(r.Awards) != len(want) {
		t.Fatalf("%d rows, want %d", len(r.Awards), len(want))
	}
	for i, w := range want {
		a := r.Awards[i]
		if a.ID != w.id || intsText(a.Values) != intsText(w.values) || a.Each != w.each {
			t.Errorf("row %d: %s %v each %d, want %s %v each %d (%s)", i, a.ID, a.Values, a.Each, w.id, w.values, w.each, w.seed)
		}
		if strings.Join(a.Stations, "|") != strings.Join(w.stations, "|") {
			t.Errorf("%s: stations %q,\nwant %q", a.ID, a.Stations, w.stations)
		}
		if !strings.Contains(a.Source, "000 VII 3") || !strings.Contains(a.Source, "003") {
			t.Errorf("%s: source %q", a.ID, a.Source)
		}
	}
	if got := strings.Join(r.Awards[5].Except, ","); got != "md-washington-baltimore,md-washington-annapolis" {
		t.Errorf("each additional: except %s (000: except those already counted per above)", got)
	}
}

func intsText(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// The stations' own values (003 RAILROADS rows naming a station) come from
// the places; the "other station" values by state and row; the bonus.
func TestVPStationValuesAndStates(t *testing.T) {
	th, r := vpStations(t)
	for name, v := range map[string]int{"Alexandria": 3, "Aquia Creek Station": 3, "Camden Station": 5, "Frederick Junction": 5, "Camp Curtin": 3, "Harrisburg": 3} {
		if got := th.Place(name).Values["station_vp"]; got != v {
			t.Errorf("%s station_vp %d, want %d (003 RAILROADS; 000 VII 3)", name, got, v)
		}
	}
	for _, c := range []struct {
		station, state string
		other          int
		why            string
	}{
		{"Rappahannock Station", "Virginia", 1, "SS2414: north of row xx15 (003: not below Rappahannock Station)"},
		{"Brandy Station", "Virginia", 0, "SS1916: below row xx15"},
		{"Culpeper", "Virginia", 0, "SS1418: below row xx15"},
		{"Aquia Creek Station", "Virginia", 0, "SS5021: below row xx15 (it has its own +3)"},
		{"3-Mile Station", "Virginia", 1, "SN2930: north of the SJW South sheet"},
		{"Harpers Ferry", "Virginia", 1, "Virginia in 1863 (lrtg-regions.yaml choice 1)"},
		{"Martinsburg", "Virginia", 1, "Virginia in 1863"},
		{"Hagerstown", "Maryland", 1, "000 VII 3: each other station in Maryland"},
		{"Weverton", "Maryland", 1, "Maryland bank"},
		{"Baltimore Depot", "District of Columbia", 0, "000 VII 3 lists no other stations in DC"},
		{"Carlisle", "Pennsylvania", 1, "000 VII 3: all other stations in Pennsylvania"},
		{"York", "Pennsylvania", 1, "000 8.5: an on-map station"},
	} {
		if r.State[c.station] != c.state || r.Other[c.station] != c.other {
			t.Errorf("%s: %q other %d, want %q %d (%s)", c.station, r.State[c.station], r.Other[c.station], c.state, c.other, c.why)
		}
	}
	if _, ok := r.State["Marysville Bridge"]; ok {
		t.Error("the Marysville bridge is counted as a station")
	}
	for s, st := range r.State {
		if st == "" {
			t.Errorf("%s has no state", s)
		}
	}
	b := r.Bonus
	if b == nil || b.Award != "md-bo" || b.Count != 3 || b.Structure != "Marysville Bridge" || b.VP != 15 {
		t.Fatalf("bonus %+v, want three B&O stations and the Marysville bridge, +15 (000 VII 3, 4; 003)", b)
	}
	if p := th.Place("Marysville Bridge"); p.Values["structure_bonus_vp"] != b.VP || p.Values["structure_vp"] != 10 {
		t.Errorf("Marysville Bridge values %v disagree with the bonus %d", p.Values, b.VP)
	}
}

// vpDestroy destroys the stations in order with the game's rules and
// returns each award.
func vpDestroy(t *testing.T, order ...string) []int {
	t.Helper()
	th, r := vpStations(t)
	done := map[string]bool{}
	out := make([]int, len(order))
	for i, s := range order {
		p := th.Place(s)
		if p == nil {
			t.Fatalf("no place %s", s)
		}
		out[i], _ = r.Award(s, p.Values["station_vp"], func(n string) bool { return done[n] })
		done[s] = true
	}
	return out
}

// The worked examples of the note of 000 VII 3.
func TestVPStationWorkedExamples(t *testing.T) {
	// "if the Confederate only player destroys Manassas Station the South
	// would receive 7 for cutting the RR to Rappahannock and 5 for cutting
	// the RR to Front Royal but not an additional point".
	if got := vpDestroy(t, "Manassas Junction")[0]; got != 12 {
		t.Errorf("Manassas alone: %d, want 12 (000 VII 3 note)", got)
	}
	// "if the only station which the Confederates destroys is the one in
	// Alexandria, the South would receive 20 victory points: 10 for cutting
	// the rail line between the Rappahannock and Alexandria, 5 ..., 2 ...
	// and 3 for destroying Alexandria station". The rows print 7 for the
	// first station of the Rappahannock line (000 VII 3 and 003 agree), so
	// the values give 17: the example's "10" is 7 + 3, the first and second
	// awards, which one station cannot take (the Manassas example takes 7).
	// The printed values are used (vp/lrtg-vp-stations.yaml reading S3).
	got := vpDestroy(t, "Alexandria")[0]
	if got != 7+5+2+3 {
		t.Errorf("Alexandria alone: %d, want 17 by the printed values", got)
	}
	if example := 10 + 5 + 2 + 3; example-got != 3 {
		t.Errorf("the example's 20 and the values' %d differ by %d, not by the Rappahannock line's second award (3)", got, example-got)
	}
	// Alexandria then Manassas: the second station on the Rappahannock line
	// is worth 3, and Manassas scores nothing on the Front Royal line
	// (already cut) and is no "other" station (it scored).
	if got := vpDestroy(t, "Alexandria", "Manassas Junction"); got[1] != 3 {
		t.Errorf("Manassas after Alexandria: %d, want 3", got[1])
	}
}

// Maryland and Pennsylvania sequences, each award by the rows of 000 VII 3.
func TestVPStationSequences(t *testing.T) {
	for _, c := range []struct {
		order []string
		want  []int
		why   string
	}{
		{[]string{"Camden Station"}, []int{25 + 10 + 15 + 5}, "first on Washington - Baltimore, Baltimore - east edge and the B&O, and Camden's own +5"},
		{[]string{"Laurel", "Annapolis", "Relay House", "Mt. Airy", "Monrovia", "Ijamsville", "Hagerstown"},
			[]int{25 + 10, 5, 5 + 15, 5, 5, 1, 1},
			"Laurel: first on both DC lines; Annapolis: each additional; Relay House: each additional and the first B&O; then the second and third B&O; the fourth is an other Maryland station; Hagerstown: other"},
		{[]string{"York", "Harrisburg", "Camp Curtin", "Carlisle"}, []int{10, 3, 3, 1},
			"York: first on Mt. Royal Depot - Harrisburg; Harrisburg: second there, its own +3; Camp Curtin +3; Carlisle: other Pennsylvania station"},
		{[]string{"Frederick Junction", "Frederick"}, []int{15 + 5, 1}, "Frederick Junction: first B&O and its own +5; the Frederick spur is not the B&O: other"},
		{[]string{"Winchester", "Aquia Creek Station", "Brandy Station", "Vienna", "Leesburg"}, []int{1, 3, 0, 2, 1},
			"the W&P is not the B&O: other Virginia station; Aquia +3; Brandy Station below row xx15; Vienna: first on the Leesburg line; Leesburg second: other"},
	} {
		if got := vpDestroy(t, c.order...); intsText(got) != intsText(c.want) {
			t.Errorf("%q: %v, want %v (%s)", c.order, got, c.want, c.why)
		}
	}
}

// The counties of 000 VII 1 / 003 COUNTY CONTROL, their regions and
// control hexes; the same values as the library's chart and the places.
func TestVPCountiesMatchTheSeeds(t *testing.T) {
	th := placesTheatre(t)
	cs, err := Counties(th)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name    string
		values  [3]int
		region  string
		control string
	}{
		{"Baltimore County", [3]int{40, 20, 10}, "md.baltimore", "Camden Station"},
		{"Prince George's County", [3]int{20, 10, 5}, "md.prince-georges", ""},
		{"Anne Arundel County", [3]int{20, 10, 5}, "md.anne-arundel", ""},
		{"Montgomery County", [3]int{10, 5, 3}, "md.montgomery", ""},
		{"Howard County", [3]int{10, 5, 3}, "md.howard", ""},
		{"Frederick County-West", [3]int{6, 3, 2}, "md.frederick", ""}, // 003 (000 VII 1 swaps the halves: choice C1)
		{"Frederick County-East", [3]int{4, 2, 1}, "md.frederick", ""},
		{"Carroll County", [3]int{4, 2, 1}, "md.carroll", "Westminster"},
		{"Alexandria County", [3]int{20, 10, 5}, "va.alexandria", ""},
		{"Fairfax County", [3]int{10, 5, 3}, "va.fairfax", ""},
		{"Loudoun County", [3]int{4, 2, 1}, "va.loudoun", ""},
		{"Adams County", [3]int{4, 2, 1}, "pa.adams", ""},
		{"York County", [3]int{8, 4, 2}, "pa.york", ""},
		{"Dauphin County", [3]int{16, 8, 4}, "pa.dauphin", ""},
		{"Cumberland County", [3]int{4, 2, 1}, "pa.cumberland", ""},
	}
	if len(cs) != len(want) {
		t.Fatalf("%d counties, want %d", len(cs), len(want))
	}
	for i, w := range want {
		c := cs[i]
		if c.Name != w.name || c.Values != w.values || c.Region != w.region || c.Control != w.control {
			t.Errorf("county %d: %+v, want %+v", i, c, w)
		}
	}
	// The library's chart (scenarios/rules/lrtg-p2-victory.yaml) prints the
	// same numbers in the same order.
	lib, err := Library()
	if err != nil {
		t.Fatal(err)
	}
	chart := lib.Chart("lrtg.county-control-vp")
	for i, c := range cs {
		row := chart.Rows[i]
		if row[2] != strconv.Itoa(c.Values[0]) || row[3] != strconv.Itoa(c.Values[1]) || row[4] != strconv.Itoa(c.Values[2]) || !strings.HasPrefix(c.Name, strings.Fields(row[1])[0]) {
			t.Errorf("%s %v, chart row %q", c.Name, c.Values, row)
		}
	}
	// The control hexes' places carry the same values.
	for _, c := range cs {
		if c.Control == "" {
			continue
		}
		p := th.Place(c.Control)
		if got := [3]int{p.Values["county_vp_1"], p.Values["county_vp_2"], p.Values["county_vp_3"]}; got != c.Values || !p.Is("county-control") {
			t.Errorf("%s: %s has %v %v", c.Name, c.Control, p.Kinds, got)
		}
		if !vpHas(th.RegionsAt(p.Hex), c.Region) {
			t.Errorf("%s: the control hex %s is not in %s", c.Name, c.Control, c.Region)
		}
	}
}

func vpHas(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// The tables the /vp rolls use exist and carry the values vp.go reads.
func TestVPRollTablesCarryVP(t *testing.T) {
	lib, err := Library()
	if err != nil {
		t.Fatal(err)
	}
	for id, c := range map[string]struct {
		key, fact string
		values    []int
	}{
		"lrtg.vicksburg-surrenders": {"csa_vp_lost", "", []int{15, 0}},
		"lrtg.draft-riots":          {"csa_vp_gained", "union_mp_removed", []int{3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}},
		"lrtg.raspberry-raid":       {"csa_vp_lost", "rg_units_removed", []int{0, 5, 10, 20, 30, 40}},
	} {
		tb := lib.Table(id)
		if tb == nil {
			t.Fatalf("no table %s", id)
		}
		var got []int
		for _, o := range tb.Outcomes {
			v, ok := o.Values[c.key]
			if !ok {
				t.Errorf("%s %s: no %s", id, o.ID, c.key)
			}
			got = append(got, v)
		}
		if intsText(got) != intsText(c.values) {
			t.Errorf("%s: %v, want %v (000 VII 8-10)", id, got, c.values)
		}
		if c.fact != "" && tb.Fact(c.fact) == nil {
			t.Errorf("%s: no fact %s", id, c.fact)
		}
	}
}

func TestVPDataRefusesBadRows(t *testing.T) {
	th := placesTheatre(t)
	base := func() stationsDoc {
		return stationsDoc{Theatre: "lrtg", Source: "s", Awards: []stationAwardDoc{
			{ID: "a", Title: "t", Segments: [][2]string{{"Alexandria", "Leesburg"}}, Values: []int{2}, Source: "s"}}}
	}
	for name, mutate := range map[string]func(*stationsDoc){
		"values and each": func(d *stationsDoc) { d.Awards[0].Each = 5 },
		"later except":    func(d *stationsDoc) { d.Awards[0].Except = []string{"b"} },
		"no rail":         func(d *stationsDoc) { d.Awards[0].Segments = [][2]string{{"Alexandria", "Aquia Creek Station"}} },
		"unknown line":    func(d *stationsDoc) { d.Awards[0].Segments, d.Awards[0].Line = nil, "nowhere" },
		"unknown state":   func(d *stationsDoc) { d.Others = []otherDoc{{State: "ohio", VP: 1, Source: "s"}} },
		"not a stop":      func(d *stationsDoc) { d.NotStations = []string{"Gettysburg Address"} },
		"bonus award": func(d *stationsDoc) {
			d.Bonus = &bonusDoc{Award: "zz", Count: 3, Structure: "Marysville Bridge", VP: 15, Title: "t", Source: "s"}
		},
		"wrong theatre":    func(d *stationsDoc) { d.Theatre = "litn" },
		"duplicate awards": func(d *stationsDoc) { d.Awards = append(d.Awards, d.Awards[0]) },
	} {
		d := base()
		mutate(&d)
		if _, err := buildStationVP(d, th); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := buildStationVP(base(), th); err != nil {
		t.Errorf("the base document: %v", err)
	}
	county := func() countiesDoc {
		return countiesDoc{Theatre: "lrtg", Counties: []countyDoc{{ID: "x", Name: "X", State: "Maryland", Region: "md.carroll", Values: []int{4, 2, 1}, Source: "s"}}}
	}
	for name, mutate := range map[string]func(*countiesDoc){
		"state region":  func(d *countiesDoc) { d.Counties[0].Region = "md" },
		"control":       func(d *countiesDoc) { d.Counties[0].Control = "Nowhere" },
		"two values":    func(d *countiesDoc) { d.Counties[0].Values = []int{4, 2} },
		"rising values": func(d *countiesDoc) { d.Counties[0].Values = []int{1, 2, 4} },
	} {
		d := county()
		mutate(&d)
		if _, err := buildCounties(d, th); err == nil {
			t.Errorf("county %s: accepted", name)
		}
	}
	names, err := vpFiles()
	if err != nil || len(names) != 2 {
		t.Errorf("vp files %v %v", names, err)
	}
}
