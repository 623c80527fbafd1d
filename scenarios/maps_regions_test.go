package scenarios

import (
	"io/fs"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The regions of the theatres (scenarios/maps/lrtg-regions.yaml, written by
// tools/mapfit from public geography) against what the seeds say of places:
// 000 (LRTG rules), 003 (LRTG charts), 004 (LRTA charts), 002 (LITN).
//
// The regions come from an affine fit of the plane to latitude / longitude
// whose residuals reach 2.4 hexes (lrtg-regions.yaml header), over county
// borders that are generalized. A place may therefore sit on the wrong side
// of a border only where a tolerance is written below: then the test asserts
// that its hex centre is within that many hexes of the border, and the note
// says which documented error it is.

func regionsTheatre(t *testing.T, id string) *engine.Theatre {
	t.Helper()
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts[id]
	if th == nil {
		t.Fatalf("no %s theatre", id)
	}
	return th
}

// regionsBorderDist is the distance in hexes from p to the nearest border of r.
func regionsBorderDist(r *engine.Region, p engine.Point) float64 {
	d := math.Inf(1)
	for _, ring := range r.Rings {
		for i := range ring {
			a, b := ring[i], ring[(i+1)%len(ring)]
			dx, dy := b.X-a.X, b.Y-a.Y
			l := dx*dx + dy*dy
			t := 0.0
			if l > 0 {
				t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
			}
			d = math.Min(d, math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy))
		}
	}
	return d / math.Sqrt(3)
}

// regionsExpect is one place the seeds put in (or out of) a region.
type regionsExpect struct {
	place, region string
	seed          string  // where the seeds say so
	tol           float64 // hexes; 0: strictly on the stated side
	note          string  // the documented fit error a tolerance stands for
}

func regionsCheck(t *testing.T, th *engine.Theatre, e regionsExpect, in bool) {
	t.Helper()
	p := th.Place(e.place)
	if p == nil {
		t.Errorf("no place %q (%s)", e.place, e.seed)
		return
	}
	r := th.Region(e.region)
	if r == nil {
		t.Errorf("no region %s (%s)", e.region, e.seed)
		return
	}
	c := engine.Center(p.Hex)
	if r.Contains(c) == in {
		return
	}
	d := regionsBorderDist(r, c)
	word := map[bool]string{true: "in", false: "out of"}[in]
	if e.tol > 0 && d <= e.tol {
		t.Logf("%s %s is %.2f hexes on the wrong side of %s's border, within the documented %.1f (%s)", e.place, p.Ref, d, e.region, e.tol, e.note)
		return
	}
	t.Errorf("%s %s: want %s %s (%s); it is %.2f hexes from the border, regions %v", e.place, p.Ref, word, e.region, e.seed, d, th.RegionsAt(p.Hex))
}

// regionsSheetHexes lists every hex of the theatre's sheets once.
func regionsSheetHexes(th *engine.Theatre) []engine.Hex {
	seen := map[engine.Hex]bool{}
	var out []engine.Hex
	for _, s := range th.Sheets {
		for c := s.MinCol; c <= s.MaxCol; c++ {
			for r := s.MinRow; r <= s.MaxRow; r++ {
				if h := s.Global(c, r); !seen[h] {
					seen[h] = true
					out = append(out, h)
				}
			}
		}
	}
	return out
}

// Counties named by the seeds, with their state (000 VII 1, 11, 12, 13.7,
// 13.8, 16.3, 27; 003 County Control; 004 County/DC Control).
var regionsSeedCounties = map[string]string{
	"md.baltimore": "md", "md.prince-georges": "md", "md.anne-arundel": "md", "md.montgomery": "md",
	"md.howard": "md", "md.frederick": "md", "md.carroll": "md", "md.washington": "md",
	"va.alexandria": "va", "va.fairfax": "va", "va.loudoun": "va", "va.frederick": "va", "va.clarke": "va",
	"va.warren": "va", "va.orange": "va", "va.spotsylvania": "va", "va.caroline": "va", "va.culpeper": "va",
	"va.rappahannock": "va", "va.fauquier": "va", "va.stafford": "va",
	"pa.adams": "pa", "pa.york": "pa", "pa.dauphin": "pa", "pa.cumberland": "pa",
}

func TestRegionsShape(t *testing.T) {
	th := regionsTheatre(t, "lrtg")
	kinds := map[string]string{
		"md": "state", "va": "state", "pa": "state", "dc": "state",
		"north-of-potomac": "area", "south-of-potomac": "area", "dc-defense-area": "area",
	}
	for id, st := range regionsSeedCounties {
		kinds[id] = "county"
		if r := th.Region(id); r != nil && r.Parent != st {
			t.Errorf("%s: parent %q, want %s", id, r.Parent, st)
		}
	}
	for id, k := range kinds {
		r := th.Region(id)
		if r == nil {
			t.Errorf("no region %s", id)
			continue
		}
		if r.Kind != k {
			t.Errorf("%s: kind %s, want %s", id, r.Kind, k)
		}
	}
	// Delaware reaches no hex of the sheets (HE ends at Annapolis), so it is
	// not drawn: the header says only regions that reach the sheets are kept.
	if th.Region("de") != nil {
		t.Log("de drawn")
	}
	for _, r := range th.Regions {
		switch r.Kind {
		case "state", "area":
			if r.Parent != "" {
				t.Errorf("%s: a %s has no parent", r.ID, r.Kind)
			}
		case "county":
			if p := th.Region(r.Parent); p == nil || p.Kind != "state" || !strings.HasPrefix(r.ID, r.Parent+".") {
				t.Errorf("%s: parent %q is not its state", r.ID, r.Parent)
			}
		default:
			t.Errorf("%s: kind %q", r.ID, r.Kind)
		}
		if !strings.Contains(r.Source, "counties.geojson") {
			t.Errorf("%s: source %q does not cite the geography", r.ID, r.Source)
		}
		for i, ring := range r.Rings {
			if len(ring) < 4 || ring[0] != ring[len(ring)-1] {
				t.Errorf("%s ring %d: %d points, not closed", r.ID, i, len(ring))
			}
		}
	}
	// The region files stay small.
	total := 0
	names, _ := fs.Glob(mapsFS, "maps/*-regions.yaml")
	for _, n := range names {
		b, _ := fs.ReadFile(mapsFS, n)
		total += len(b)
	}
	if total == 0 || total > 1<<20 {
		t.Errorf("region files: %d bytes", total)
	}
}

// Every hex of the sheets is in at most one state and one county, a county's
// hexes are in its state, and the two banks of the Potomac are the states.
func TestRegionsPartition(t *testing.T) {
	th := regionsTheatre(t, "lrtg")
	north := map[string]bool{"md": true, "pa": true, "de": true, "dc": true}
	inState := 0
	hexes := regionsSheetHexes(th)
	for _, h := range hexes {
		var states, counties []string
		areas := map[string]bool{}
		for _, id := range th.RegionsAt(h) {
			r := th.Region(id)
			switch r.Kind {
			case "state":
				states = append(states, id)
			case "county":
				counties = append(counties, id)
			default:
				areas[id] = true
			}
		}
		if len(states) > 1 || len(counties) > 1 {
			t.Errorf("%v %v: in states %v, counties %v", h, th.Printed(h), states, counties)
			continue
		}
		for _, c := range counties {
			if p := th.Region(c).Parent; len(states) != 1 || states[0] != p {
				t.Errorf("%v %v: in %s but states %v", h, th.Printed(h), c, states)
			}
		}
		if len(states) == 1 {
			inState++
			st := states[0]
			if areas["north-of-potomac"] != north[st] || areas["south-of-potomac"] != (st == "va") {
				t.Errorf("%v %v: state %s, areas %v", h, th.Printed(h), st, areas)
			}
			if areas["dc-defense-area"] && st != "dc" && !contains(counties, "va.alexandria") {
				t.Errorf("%v %v: DC defense area outside DC and Alexandria County", h, th.Printed(h))
			}
		} else if areas["north-of-potomac"] || areas["south-of-potomac"] {
			t.Errorf("%v %v: in an area but no state", h, th.Printed(h))
		}
	}
	// Only water (the Chesapeake, the lower Potomac) is in no state.
	if inState < len(hexes)*98/100 {
		t.Errorf("%d of %d sheet hexes in a state", inState, len(hexes))
	}
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// States the seeds give.
func TestRegionsStatesOfPlaces(t *testing.T) {
	th := regionsTheatre(t, "lrtg")
	for _, e := range []regionsExpect{
		// 000 13.1: Martinsburg and Harper's Ferry, Virginia may also be levied.
		{place: "Harpers Ferry", region: "va", seed: "000 13.1"},
		{place: "Martinsburg", region: "va", seed: "000 13.1"},
		// 000 14.3: the Pennsylvania (Harrisburg) and Maryland (Annapolis) State Capitols.
		{place: "Harrisburg", region: "pa", seed: "000 14.3, VII 4"},
		{place: "Annapolis", region: "md", seed: "000 14.3, VII 4"},
		// 000 12.5: the Baltimore Depot hex in Washington DC; the White House, the US
		// Capitol (000 14.3, VII 4), the DC arsenal (000 VIII "US Arsenal (DC)").
		{place: "Baltimore Depot", region: "dc", seed: "000 12.5"},
		{place: "White House", region: "dc", seed: "000 14.3, VII 4"},
		{place: "US Capitol", region: "dc", seed: "000 14.3, VII 4"},
		{place: "US Arsenal (DC)", region: "dc", seed: "000 VIII"},
		// 000 13.1 / 003 Levies: levy towns are in Pennsylvania or Maryland (VPs only
		// for Pennsylvania: 000 13.1); the brief's anchors Gettysburg, Carlisle, York, Frederick.
		{place: "Gettysburg", region: "pa", seed: "000 13.1, VII 5 (levy VPs: Pennsylvania)"},
		{place: "Carlisle", region: "pa", seed: "000 13.1, VII 5"},
		{place: "York", region: "pa", seed: "000 13.1, VII 5"},
		{place: "Frederick", region: "md", seed: "000 13.1 (levy, no VPs: Maryland)"},
		// 000 3.2 / 12.3: PA militia placed in Camp Curtin and may not leave Pennsylvania.
		{place: "Camp Curtin", region: "pa", seed: "000 3.2, 12.3"},
		// 000 VII 4: the Marysville bridge; 003 VP Record under Pennsylvania.
		{place: "Marysville Bridge", region: "pa", seed: "000 VII 4"},
	} {
		regionsCheck(t, th, e, true)
	}
}

// 000 13.1: levies are of towns in Pennsylvania and Maryland, plus Martinsburg
// and Harpers Ferry, Virginia; VPs are scored only for Pennsylvania towns.
func TestRegionsLevyTownsByState(t *testing.T) {
	th := regionsTheatre(t, "lrtg")
	want := map[string][]string{
		"pa": {"Carlisle", "Chambersburg", "Gettysburg", "Greencastle", "Hanover", "Harrisburg", "Mechanicsburg", "York"},
		"md": {"Annapolis", "Bladensburg", "Ellicott Mills", "Frederick", "Hagerstown", "Laurel", "Rockville", "Sharpsburg", "Taneytown", "Westminster", "Williamsport"},
		"va": {"Harpers Ferry", "Martinsburg"},
	}
	var listed []string
	for st, names := range want {
		for _, n := range names {
			listed = append(listed, n)
			regionsCheck(t, th, regionsExpect{place: n, region: st, seed: "000 13.1; 003 / 004 Levies"}, true)
		}
	}
	var got []string
	for _, p := range th.Places {
		if !p.Is("levy-town") {
			continue
		}
		got = append(got, p.Name)
		// The rule itself: a levy with VPs is a Pennsylvania town.
		if p.Values["levy_vp"] > 0 != contains(want["pa"], p.Name) {
			t.Errorf("%s: levy_vp %d but listed in %v", p.Name, p.Values["levy_vp"], want)
		}
	}
	sort.Strings(got)
	sort.Strings(listed)
	if strings.Join(got, ",") != strings.Join(listed, ",") {
		t.Errorf("levy towns %v, listed %v", got, listed)
	}
}

// Counties the seeds give.
func TestRegionsCountiesOfPlaces(t *testing.T) {
	th := regionsTheatre(t, "lrtg")
	for _, e := range []regionsExpect{
		// County control hexes (003 County Control, 000 VII 1, 004).
		{place: "Camden Station", region: "md.baltimore", seed: "003 County Control (Baltimore County, Camden Station Control Hex)"},
		{place: "Westminster", region: "md.carroll", seed: "003 County Control (Carroll County, Westminster Control Hex); 004 Objectives"},
		// 000 13.8: a CSA depot in Winchester if no Union infantry occupy Frederick County, VA;
		// in Berryville if none occupy Clarke, Warren or Frederick County, VA; in Culpeper.
		{place: "Winchester", region: "va.frederick", seed: "000 13.8"},
		{place: "Berryville", region: "va.clarke", seed: "000 13.8 (Clarke, the first of the three counties it names; Berryville is its seat)"},
		{place: "Culpeper", region: "va.culpeper", seed: "000 13.8, VIII (the Culpeper depot; 27.2 Culpeper County)"},
		// 004 DC Garrison: "Montgomery County east of Seneca Creek and south of Rockville".
		{place: "Rockville", region: "md.montgomery", seed: "004 DC Garrison"},
		// 000 12.2 / 16.3: DC units stay in DC or Alexandria County; the DC defense area is
		// Washington & Alexandria County. Alexandria's depot (000 VIII) is in its county.
		{place: "Alexandria", region: "va.alexandria", seed: "000 12.2, 16.3; 003 County Control (Alexandria County)"},
		{place: "Alexandria", region: "dc-defense-area", seed: "000 16.3"},
		{place: "White House", region: "dc-defense-area", seed: "000 16.3"},
		{place: "US Capitol", region: "dc-defense-area", seed: "000 16.3"},
		{place: "Navy Yard", region: "dc-defense-area", seed: "000 16.3, VIII (DC units)"},
		// 000 VIII / 13.5: Fairfax Court House and Fairfax Station are the Fairfax set-up hexes
		// (000 12.2: DC units starting in Fairfax county).
		{place: "Fairfax Court House", region: "va.fairfax", seed: "000 VIII, 12.2"},
		{place: "Fairfax Station", region: "va.fairfax", seed: "000 VIII, 12.2"},
		// 000 27.2: Brandy Station, the cavalry battle of Culpeper County.
		{place: "Brandy Station", region: "va.culpeper", seed: "000 27.2"},
	} {
		regionsCheck(t, th, e, true)
	}
	// The DC defense area is DC and Alexandria County only (000 16.3).
	for _, n := range []string{"Fairfax Court House", "Rockville", "Bladensburg", "Falls Church"} {
		regionsCheck(t, th, regionsExpect{place: n, region: "dc-defense-area", seed: "000 16.3"}, false)
	}
}

// County seats and towns whose county is a matter of geography, not of the
// seeds: a check of the drawing (source: the towns' counties in the
// reference geography/places-latlon.csv, kelvins/US-Cities-Database, MIT).
func TestRegionsCountySeats(t *testing.T) {
	th := regionsTheatre(t, "lrtg")
	harrisburg := "Harrisburg's hex centre lies 1.1 hexes west of the Dauphin / Cumberland border (the Susquehanna): its affine residual is 1.23 hexes, and the generalized county file puts even the town's own point in Cumberland (lrtg-regions.yaml header)"
	for _, e := range []regionsExpect{
		{place: "Harrisburg", region: "pa.dauphin", seed: "geography (county seat; Dauphin County, 000 VII 1)", tol: 1.3, note: harrisburg},
		{place: "Gettysburg", region: "pa.adams", seed: "geography"},
		{place: "York", region: "pa.york", seed: "geography"},
		{place: "Carlisle", region: "pa.cumberland", seed: "geography"},
		{place: "Chambersburg", region: "pa.franklin", seed: "geography"},
		{place: "Hagerstown", region: "md.washington", seed: "geography"},
		{place: "Frederick", region: "md.frederick", seed: "geography"},
		{place: "Annapolis", region: "md.anne-arundel", seed: "geography"},
		{place: "Ellicott Mills", region: "md.howard", seed: "geography"},
		{place: "Bladensburg", region: "md.prince-georges", seed: "geography"},
		{place: "Leesburg", region: "va.loudoun", seed: "geography"},
		{place: "Front Royal", region: "va.warren", seed: "geography"},
		{place: "Martinsburg", region: "va.berkeley", seed: "geography"},
		{place: "Harpers Ferry", region: "va.jefferson", seed: "geography"},
		{place: "Stafford Court House", region: "va.stafford", seed: "geography"},
		{place: "Fredericksburg", region: "va.spotsylvania", seed: "geography (Fredericksburg lay in Spotsylvania in 1863)"},
		{place: "Manassas Junction", region: "va.prince-william", seed: "geography"},
	} {
		regionsCheck(t, th, e, true)
	}
}

// The banks of the Potomac: 000 13.3 (Potomac control hexes), 6.2 (Harpers
// Ferry and its heights), 12.1 (north of the Potomac), 004 Objectives (the
// C&O canal, on the Maryland bank).
func TestRegionsPotomacBanks(t *testing.T) {
	th := regionsTheatre(t, "lrtg")
	north := []string{"Williamsport", "Sharpsburg", "Naval Battery", "Hagerstown", "Frederick",
		"Conococheague Creek Aqueduct", "Dam #4", "Antietam Creek Aqueduct", "Catoctin Creek Aqueduct",
		"Broad Run Trunk Aqueduct", "Seneca Creek Aqueduct", "Great Falls Locks", "C&O Aqueduct", "Poolesville", "Georgetown"}
	south := []string{"Leesburg", "Harpers Ferry", "Bolivar Heights", "Martinsburg", "Winchester", "Front Royal", "Alexandria", "Falls Church"}
	for _, n := range north {
		regionsCheck(t, th, regionsExpect{place: n, region: "north-of-potomac", seed: "000 13.3 / 12.1; 004 Objectives"}, true)
		regionsCheck(t, th, regionsExpect{place: n, region: "south-of-potomac", seed: "000 13.3 / 12.1"}, false)
	}
	for _, n := range south {
		regionsCheck(t, th, regionsExpect{place: n, region: "south-of-potomac", seed: "000 13.1 / 13.3"}, true)
		regionsCheck(t, th, regionsExpect{place: n, region: "north-of-potomac", seed: "000 13.1 / 13.3"}, false)
	}
}

// 000 27.1 (Brandy Station opening) and the High Tide opening restrictions:
// no Union unit may move into Caroline, Spotsylvania, Orange, Culpeper,
// Rappahannock or Warren counties on turns 1-3, and the restrictions lift
// when a Confederate unit moves outside them: so the Confederate set-up
// hexes of 000 VIII lie inside them and the Union ones outside. Union
// cavalry in Culpeper or Orange retreat at night to SJW South 2109, 2112,
// 2213, 2414, 2515, 2718: outside both.
func TestRegionsOpeningRestrictions(t *testing.T) {
	th := regionsTheatre(t, "lrtg")
	six := []string{"va.caroline", "va.spotsylvania", "va.orange", "va.culpeper", "va.rappahannock", "va.warren"}
	inSix := func(h engine.Hex) bool {
		for _, id := range six {
			if th.Region(id).Contains(engine.Center(h)) {
				return true
			}
		}
		return false
	}
	for _, n := range []string{"Verdierville", "Hamilton's Crossing", "Salem Church", "Oak Shade", "Sandy Hook", "Culpeper"} {
		if p := th.Place(n); p == nil || !inSix(p.Hex) {
			t.Errorf("Confederate set-up %s not in the six counties of 000 27.1 (regions %v)", n, th.RegionsAt(p.Hex))
		}
	}
	for _, n := range []string{"Snowdon", "Boscobel", "Falmouth", "Stafford Court House", "Beria Church", "Warrenton Junction", "Aquia Creek Station"} {
		if p := th.Place(n); p == nil || inSix(p.Hex) {
			t.Errorf("Union set-up %s in the six counties of 000 27.1 (regions %v)", n, th.RegionsAt(p.Hex))
		}
	}
	for _, s := range []string{"SS2109", "SS2112", "SS2213", "SS2414", "SS2515", "SS2718"} {
		h, _, err := th.ParseHex(s, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"va.culpeper", "va.orange"} {
			r := th.Region(id)
			if !r.Contains(engine.Center(h)) {
				continue
			}
			// The retreat hexes line the Rappahannock, the Culpeper / Fauquier
			// border; the fit places there are off by up to 0.83 hexes (Culpeper;
			// Brandy Station 0.27: lrtg-regions.yaml header).
			if d := regionsBorderDist(r, engine.Center(h)); d <= 0.9 {
				t.Logf("night retreat hex %s is %.2f hexes inside %s, within the documented fit error 0.9 (000 27.1)", s, d, id)
			} else {
				t.Errorf("night retreat hex %s is in %s (000 27.1); %.2f hexes from its border", s, id, d)
			}
		}
	}
}

// LITN (002 2.1): friendly territory by state. The LITN regions are written
// by tools/mapfit -litn; until they are installed (scenarios/maps_litn_test.go
// expects none), this test has nothing to check.
func TestRegionsLITN(t *testing.T) {
	th := regionsTheatre(t, "litn")
	if len(th.Regions) == 0 {
		t.Skip("no litn-regions.yaml: see tools/mapfit/README.md")
	}
	// Rockville's and Alexandria's fit residuals (2.06 and 1.31 hexes) are the
	// documented errors of the LITN fit (litn-regions.yaml header); Maryland
	// Heights, across the river from Harpers Ferry, is held to the residual of
	// Harpers Ferry (0.29), the nearest fit place.
	tol := map[string]float64{"Rockville": 2.1, "Alexandria": 1.4, "Maryland Heights": 0.3}
	for _, p := range th.Places {
		for kind, region := range map[string]string{"state-md": "md", "state-pa": "pa", "state-dc": "dc", "state-va": "va"} {
			if !p.Is(kind) {
				continue
			}
			area := "north-of-potomac"
			if region == "va" {
				area = "south-of-potomac"
			}
			for _, r := range []string{region, area} {
				regionsCheck(t, th, regionsExpect{place: p.Name, region: r, seed: "002 2.1 (litn-places.yaml " + kind + ")", tol: tol[p.Name], note: "LITN fit residual"}, true)
			}
		}
	}
	// Harpers Ferry (1529) is Virginia; Maryland Heights (1629) across the river.
	regionsCheck(t, th, regionsExpect{place: "Harpers Ferry", region: "south-of-potomac", seed: "002 2.1, 8.8"}, true)
	regionsCheck(t, th, regionsExpect{place: "Maryland Heights", region: "north-of-potomac", seed: "002 8.8", tol: tol["Maryland Heights"], note: "Harpers Ferry's LITN residual"}, true)
}
