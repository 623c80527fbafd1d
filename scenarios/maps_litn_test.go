package scenarios

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The LITN map's places (maps/litn-places.yaml) checked against the hexes
// and numbers the 002 rules print.

func litnMapTheatre(t *testing.T) *engine.Theatre {
	t.Helper()
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["litn"]
	if th == nil {
		t.Fatal("no litn theatre")
	}
	return th
}

func litnMapPlace(t *testing.T, th *engine.Theatre, name string) *engine.Place {
	t.Helper()
	p := th.Place(name)
	if p == nil {
		t.Fatalf("no place %q", name)
	}
	return p
}

func litnMapAt(th *engine.Theatre, printed string) []*engine.Place {
	var out []*engine.Place
	for i := range th.Places {
		if fmt.Sprintf("%02d%02d", th.Places[i].Ref.Col, th.Places[i].Ref.Row) == printed {
			out = append(out, &th.Places[i])
		}
	}
	return out
}

// 002 15.1: the towns and cities and their VPs, as printed (with the
// extraction's garbles read: "l" = 1, "Rockille" = Rockville; Harpers
// Ferry's value is lost).
func TestLITNMapTownVPs(t *testing.T) {
	th := litnMapTheatre(t)
	want := map[string]struct {
		hex string
		vp  int // -1: unknown
	}{
		"Washington 3541": {"3541", 5}, "Washington 3542": {"3542", 5}, "Washington 3642": {"3642", 5},
		"Baltimore": {"4631", 5}, "Carlisle": {"3103", 2}, "Chambersburg": {"1910", 1},
		"Ellicott City": {"4131", 1}, "Gettysburg": {"3014", 1}, "Hagerstown": {"1719", 1},
		"Hanover Junction": {"4313", 1}, "Harpers Ferry": {"1529", -1}, "Harrisburg": {"4001", 2},
		"New Oxford": {"3513", 1}, "Rockville": {"3035", 1}, "York": {"4410", 1}, "York Haven": {"4406", 1},
	}
	for name, w := range want {
		p := litnMapPlace(t, th, name)
		if got := p.Ref.String(); got != "LITN"+w.hex {
			t.Errorf("%s at %s, want %s", name, got, w.hex)
		}
		if !p.Is("victory") || !(p.Is("town") || p.Is("city")) {
			t.Errorf("%s kinds %v: want victory and town or city", name, p.Kinds)
		}
		vp, ok := p.Values["vp"]
		switch {
		case w.vp < 0 && ok:
			t.Errorf("%s has vp %d; 002's value is illegible and must stay unknown", name, vp)
		case w.vp >= 0 && vp != w.vp:
			t.Errorf("%s vp = %d (set %v), want %d", name, vp, ok, w.vp)
		}
	}
	// Every victory place is in the list, and nothing else carries a vp.
	for _, p := range th.Places {
		if _, ok := want[p.Name]; !ok && (p.Is("victory") || p.Values["vp"] != 0) {
			t.Errorf("%s is a victory place 15.1 does not list", p.Name)
		}
	}
	// The known awards add up to 33: Washington 3 x 5, Baltimore 5, Carlisle
	// and Harrisburg 2, nine towns at 1.
	total := 0
	for _, p := range th.Places {
		total += p.Values["vp"]
	}
	if total != 33 {
		t.Errorf("town and city VPs total %d, want 33", total)
	}
	// 15.7: the four towns controlled at the start of scenario 4 give the
	// Confederates 5 VPs.
	s4 := 0
	for _, n := range []string{"Hagerstown", "Chambersburg", "Carlisle", "York"} {
		s4 += th.Place(n).Values["vp"]
	}
	if s4 != 5 {
		t.Errorf("scenario 4 initial VPs from places = %d, want 5 (002 15.7)", s4)
	}
	// City/town choice (header): the three chartered cities.
	var cities []string
	for _, p := range th.Places {
		if p.Is("city") {
			cities = append(cities, p.Name)
		}
	}
	sort.Strings(cities)
	if got := strings.Join(cities, ","); got != "Baltimore,Harrisburg,Washington 3541,Washington 3542,Washington 3642" {
		t.Errorf("cities = %s", got)
	}
}

// The places agree with the rules library's litn.town-vp chart, row by row.
func TestLITNMapTownVPsMatchChart(t *testing.T) {
	th := litnMapTheatre(t)
	lib, err := Library()
	if err != nil {
		t.Fatal(err)
	}
	c := lib.Chart("litn.town-vp")
	if c == nil {
		t.Fatal("no chart litn.town-vp")
	}
	seen := map[string]bool{}
	for _, row := range c.Rows {
		if len(row) != 3 {
			t.Fatalf("row %q: want 3 cells", row)
		}
		name, hexes, vpText := row[0], row[1], row[2]
		if name == "Fortification hexes" {
			if vpText != "2 per hex" {
				t.Errorf("fortifications: %q", vpText)
			}
			continue // not located by 002: no places
		}
		for _, h := range strings.Split(hexes, ",") {
			h = strings.TrimSpace(h)
			var vic []*engine.Place
			for _, p := range litnMapAt(th, h) {
				if p.Is("victory") {
					vic = append(vic, p)
				}
			}
			if len(vic) != 1 {
				t.Errorf("chart row %s hex %s: %d victory places there", name, h, len(vic))
				continue
			}
			p := vic[0]
			seen[p.Name] = true
			if !strings.HasPrefix(p.Name, name) {
				t.Errorf("hex %s: chart says %s, map says %s", h, name, p.Name)
			}
			vp, ok := p.Values["vp"]
			num := strings.TrimSuffix(vpText, " per hex")
			if n, err := strconv.Atoi(num); err == nil {
				if !ok || vp != n {
					t.Errorf("%s: map vp %d, chart %q", p.Name, vp, vpText)
				}
			} else if ok || !strings.HasPrefix(vpText, "unknown") {
				t.Errorf("%s: map vp %d (set %v), chart %q", p.Name, vp, ok, vpText)
			}
		}
	}
	for _, p := range th.Places {
		if p.Is("victory") && !seen[p.Name] {
			t.Errorf("%s is a victory place the chart lacks", p.Name)
		}
	}
}

// 002 2.1 friendly territory, as carried by the places' kinds (the regions
// are not encodable: see the file header).
func TestLITNMapFriendlyTerritory(t *testing.T) {
	th := litnMapTheatre(t)
	both := map[string]bool{"Harpers Ferry": true}
	unionOnlyVA := map[string]string{"Alexandria": "3446", "Hex 3343": "3343"}
	for name, hex := range unionOnlyVA {
		p := litnMapPlace(t, th, name)
		if p.Ref.String() != "LITN"+hex || !p.Is("union-territory") || p.Is("confederate-territory") || !p.Is("state-va") {
			t.Errorf("%s = %s %v: want %s, Virginia, Union territory only (2.1)", name, p.Ref, p.Kinds, hex)
		}
	}
	hf := litnMapPlace(t, th, "Harpers Ferry")
	if hf.Ref.String() != "LITN1529" || !hf.Is("union-territory") || !hf.Is("confederate-territory") {
		t.Errorf("Harpers Ferry = %s %v: want 1529, friendly to both", hf.Ref, hf.Kinds)
	}
	for _, p := range th.Places {
		union := p.Is("state-md") || p.Is("state-pa") || p.Is("state-dc")
		_, carved := unionOnlyVA[p.Name]
		wantU := union || carved || both[p.Name]
		wantC := (p.Is("state-va") && !carved) || both[p.Name]
		if p.Is("union-territory") != wantU || p.Is("confederate-territory") != wantC {
			t.Errorf("%s %v: union %v confederate %v, want %v %v", p.Name, p.Kinds, p.Is("union-territory"), p.Is("confederate-territory"), wantU, wantC)
		}
		states := 0
		for _, s := range []string{"state-md", "state-pa", "state-dc", "state-va"} {
			if p.Is(s) {
				states++
			}
		}
		if states > 1 {
			t.Errorf("%s in %d states", p.Name, states)
		}
	}
	// 4.2 / 15.1 / 15.7: Harrisburg and Baltimore, where militia appear, are Union
	// territory; Maryland Heights faces Harpers Ferry across the river (8.8).
	for _, n := range []string{"Harrisburg", "Baltimore", "Maryland Heights"} {
		if !th.Place(n).Is("union-territory") {
			t.Errorf("%s not Union territory", n)
		}
	}
	if th.Regions != nil {
		t.Errorf("litn regions %d: the header says the territories are not drawn; update this test and the header together", len(th.Regions))
	}
}

// 15.5 / 15.6 entry hexes on the west map edge, the 1026 depot, rail ends.
func TestLITNMapEntryDepotRail(t *testing.T) {
	th := litnMapTheatre(t)
	var entries []string
	for _, p := range th.Places {
		if p.Is("entry") {
			entries = append(entries, fmt.Sprintf("%02d%02d", p.Ref.Col, p.Ref.Row))
			if p.Ref.Col != 10 || !p.Is("edge") {
				t.Errorf("%s: entry hexes are map-edge hexes of column 10", p.Name)
			}
		}
	}
	sort.Strings(entries)
	if got := strings.Join(entries, ","); got != "1026,1029,1031,1044" {
		t.Errorf("entry hexes %s, want 1026,1029,1031,1044 (002 15.5, 15.6)", got)
	}
	d := litnMapPlace(t, th, "Depot 1026")
	if !d.Is("depot") || !d.Is("confederate-depot") || d.Values["from_year"] != 1863 {
		t.Errorf("depot 1026 = %v %v: want a Confederate depot from 1863 (15.2)", d.Kinds, d.Values)
	}
	var depots []string
	for _, p := range th.Places {
		if p.Is("depot") {
			depots = append(depots, p.Name)
		}
	}
	if len(depots) != 1 {
		t.Errorf("depots %v: 002 names only 1026", depots)
	}
	for _, h := range []string{"1529", "1021", "1031"} {
		ok := false
		for _, p := range litnMapAt(th, h) {
			ok = ok || p.Is("rail")
		}
		if !ok {
			t.Errorf("no rail place at %s (8.9)", h)
		}
	}
	for _, n := range []string{"Baltimore", "Harrisburg"} {
		if !th.Place(n).Is("rail-bh") {
			t.Errorf("%s: end of the Baltimore-Harrisburg railroad (15.1)", n)
		}
	}
	if !th.Place("Baltimore").Is("rail-wb") {
		t.Error("Baltimore: end of the Washington-Baltimore railroad (15.1)")
	}
	if h := litnMapPlace(t, th, "Maryland Heights"); h.Ref.String() != "LITN1629" || engine.Distance(h.Hex, th.Place("Harpers Ferry").Hex) != 1 {
		t.Errorf("Maryland Heights %s must be 1629, next to Harpers Ferry (8.8)", h.Ref)
	}
}

// Bridges: each hexside is two adjacent places named with the hexside.
func TestLITNMapBridges(t *testing.T) {
	th := litnMapTheatre(t)
	for _, b := range []struct {
		prefix, a, b string
		vp           int
	}{
		{"Bridge 1426/1525", "1426", "1525", 0},
		{"Harrisburg bridge 3902/4002", "3902", "4002", 2},
	} {
		pa := litnMapPlace(t, th, b.prefix+", hex "+b.a)
		pb := litnMapPlace(t, th, b.prefix+", hex "+b.b)
		if pa.Ref.String() != "LITN"+b.a || pb.Ref.String() != "LITN"+b.b {
			t.Errorf("%s at %s / %s", b.prefix, pa.Ref, pb.Ref)
		}
		if !pa.Is("bridge") || !pb.Is("bridge") {
			t.Errorf("%s: kinds %v %v", b.prefix, pa.Kinds, pb.Kinds)
		}
		if d := engine.Distance(pa.Hex, pb.Hex); d != 1 {
			t.Errorf("%s: the hexes are %d apart; a hexside joins neighbours", b.prefix, d)
		}
		if pa.Values["vp_destroyed"] != b.vp || pb.Values["vp_destroyed"] != b.vp {
			t.Errorf("%s: vp_destroyed %d %d, want %d (15.1)", b.prefix, pa.Values["vp_destroyed"], pb.Values["vp_destroyed"], b.vp)
		}
	}
	// The Harrisburg bridge's east end, 4002, touches Harrisburg (4001); its
	// west end, 3902, does not (odd columns sit lower).
	hb := th.Place("Harrisburg").Hex
	if engine.Distance(hb, th.Place("Harrisburg bridge 3902/4002, hex 4002").Hex) != 1 ||
		engine.Distance(hb, th.Place("Harrisburg bridge 3902/4002, hex 3902").Hex) != 2 {
		t.Error("the Harrisburg bridge is not at Harrisburg")
	}
	n := 0
	for _, p := range th.Places {
		if p.Is("bridge") {
			n++
		}
	}
	if n != 4 {
		t.Errorf("%d bridge places, want 4", n)
	}
}

// 7.1's comprehensive example counts "a distance of 3 hexes" from Lee (1622)
// to Jackson (1625) and "four hexes" from Lee to D.H. Hill (1924).
func TestLITNMapExampleDistances(t *testing.T) {
	th := litnMapTheatre(t)
	at := func(s string) engine.Hex {
		h, _, err := th.ParseHex(s, "")
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	if d := engine.Distance(at("1622"), at("1625")); d != 3 {
		t.Errorf("1622-1625 = %d, want 3", d)
	}
	if d := engine.Distance(at("1622"), at("1924")); d != 4 {
		t.Errorf("1622-1924 = %d, want 4", d)
	}
}

// Every place lies inside the sheet's printed range, and the range the rules
// use is columns 10-46, rows 01-46 (see the report on litn.yaml).
func TestLITNMapExtent(t *testing.T) {
	th := litnMapTheatre(t)
	minC, maxC, minR, maxR := 99, 0, 99, 0
	for _, p := range th.Places {
		if p.Ref.Sheet != "LITN" || p.Source == "" || !strings.HasPrefix(p.Source, "002") {
			t.Errorf("%s: sheet %s source %q", p.Name, p.Ref.Sheet, p.Source)
		}
		minC, maxC = min(minC, p.Ref.Col), max(maxC, p.Ref.Col)
		minR, maxR = min(minR, p.Ref.Row), max(maxR, p.Ref.Row)
	}
	if minC != 10 || maxC != 46 || minR != 1 || maxR != 46 {
		t.Errorf("places span %02d-%02d x %02d-%02d", minC, maxC, minR, maxR)
	}
	// One place per hex.
	seen := map[engine.Hex]string{}
	for _, p := range th.Places {
		if o, dup := seen[p.Hex]; dup {
			t.Errorf("%s and %s share %s", o, p.Name, p.Ref)
		}
		seen[p.Hex] = p.Name
	}
}
