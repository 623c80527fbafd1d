package scenarios

import (
	"sort"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The places of the LRTG / LRTA theatre (scenarios/maps/lrtg-places-*.yaml)
// against the numbers printed in the seeds: 000 (LRTG rules), 003 (LRTG
// charts), 004 (LRTA charts).

func placesTheatre(t *testing.T) *engine.Theatre {
	t.Helper()
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	if th == nil {
		t.Fatal("no lrtg theatre")
	}
	return th
}

func placesGet(t *testing.T, th *engine.Theatre, name string) *engine.Place {
	t.Helper()
	p := th.Place(name)
	if p == nil {
		t.Fatalf("no place %q", name)
	}
	return p
}

// placesWant checks a place's printed hex and the values given (other
// values may be present).
func placesWant(t *testing.T, th *engine.Theatre, name, ref string, values map[string]int) {
	t.Helper()
	p := placesGet(t, th, name)
	if ref != "" && p.Ref.String() != ref {
		t.Errorf("%s: hex %s, want %s", name, p.Ref, ref)
	}
	for k, v := range values {
		got, ok := p.Values[k]
		if !ok || got != v {
			t.Errorf("%s: %s = %d (present %v), want %d", name, k, got, ok, v)
		}
	}
}

func placesWithKind(th *engine.Theatre, kind string) []string {
	var out []string
	for i := range th.Places {
		if th.Places[i].Is(kind) {
			out = append(out, th.Places[i].Name)
		}
	}
	sort.Strings(out)
	return out
}

func placesSameSet(t *testing.T, what string, got, want []string) {
	t.Helper()
	w := append([]string(nil), want...)
	sort.Strings(w)
	if strings.Join(got, "|") != strings.Join(w, "|") {
		t.Errorf("%s = %q, want %q", what, got, w)
	}
}

var placesKinds = map[string]bool{
	"town": true, "levy-town": true, "depot": true, "csa-depot": true, "rr-station": true,
	"damaged-station": true, "county-control": true, "capitol": true, "bridge": true,
	"indestructible": true, "aqueduct": true, "canal-work": true, "heights": true, "fort": true,
	"battery": true, "mountain": true, "naval-port": true, "potomac-control": true,
	"valley-control": true, "lrta-objective": true, "entry": true, "setup": true, "locale": true,
}

var placesValueKeys = map[string]bool{
	"levy_victuals": true, "levy_victuals_simplified": true, "levy_vp": true,
	"depot_victuals": true, "depot_victuals_simplified": true, "depot_ammo": true, "depot_vp": true,
	"station_vp": true, "county_vp_1": true, "county_vp_2": true, "county_vp_3": true,
	"structure_vp": true, "structure_bonus_vp": true, "hf_surrender_drm": true,
	"fort_combat": true, "fort_artillery": true,
	"lrta_levy_victuals": true, "lrta_levy_victuals_simplified": true, "lrta_levy_vp": true,
	"lrta_depot_victuals": true, "lrta_depot_vp": true,
	"lrta_county_vp_1": true, "lrta_county_vp_2": true, "lrta_county_vp_3": true,
	"lrta_hf_surrender_drm": true, "lrta_canal_objective": true, "lrta_intel_radius": true,
}

func TestPlacesVocabularyAndShape(t *testing.T) {
	th := placesTheatre(t)
	if len(th.Places) < 100 {
		t.Errorf("only %d places", len(th.Places))
	}
	byRef := map[string]string{}
	for _, p := range th.Places {
		for _, k := range p.Kinds {
			if !placesKinds[k] {
				t.Errorf("%s: kind %q is not in the vocabulary", p.Name, k)
			}
		}
		for k := range p.Values {
			if !placesValueKeys[k] {
				t.Errorf("%s: value key %q is not documented", p.Name, k)
			}
		}
		if p.Region != "" {
			t.Errorf("%s: region %q (regions come later)", p.Name, p.Region)
		}
		if !(strings.Contains(p.Source, "000") || strings.Contains(p.Source, "003") || strings.Contains(p.Source, "004")) {
			t.Errorf("%s: source %q names no seed", p.Name, p.Source)
		}
		// One place per printed hex: several roles in one hex are one entry.
		if o, dup := byRef[p.Ref.String()]; dup {
			t.Errorf("%s and %s share %s", o, p.Name, p.Ref)
		}
		byRef[p.Ref.String()] = p.Name
		// A levy town is a town (000 13.5: a town is a hex that can be levied).
		if p.Is("levy-town") && !p.Is("town") {
			t.Errorf("%s: levy town but not town", p.Name)
		}
	}
}

// 003 Captured Depots / Levies, LEVIES table (= 000 13.1): victuals under
// the normal and simplified supply rules and VPs; 004 Depots and Levied
// Supplies for LRTA. A zero VP means "-" (no key).
func TestPlacesLevies(t *testing.T) {
	th := placesTheatre(t)
	type levy struct {
		name, ref         string
		norm, simp, vp    int
		lNorm, lSimp, lVP int
	}
	levies := []levy{
		{"Annapolis", "HE3932", 20, 3, 0, 20, 4, 0},
		{"Bladensburg", "HE1635", 2, 1, 0, 10, 2, 0},
		{"Carlisle", "RN3312", 28, 6, 8, 35, 7, 8},
		{"Chambersburg", "RN0929", 26, 5, 6, 30, 6, 6},
		{"Ellicott Mills", "HE2116", 8, 1, 0, 10, 2, 0},
		{"Frederick", "RS2326", 40, 7, 0, 40, 8, 0},
		{"Gettysburg", "RS3201", 12, 2, 4, 15, 3, 4},
		{"Greencastle", "RS0604", 5, 1, 2, 10, 2, 2},
		{"Hagerstown", "HW2502", 20, 3, 0, 20, 4, 0},
		{"Hanover", "RS4503", 8, 1, 4, 10, 2, 4},
		{"Harrisburg", "RN4909", 67, 11, 16, 60, 12, 16},
		{"Harpers Ferry", "RS0632", 8, 1, 0, 10, 2, 0},
		{"Laurel", "HE2026", 6, 1, 0, 10, 2, 0},
		{"Martinsburg", "HW1314", 17, 3, 0, 20, 4, 0},
		{"Mechanicsburg", "RN4311", 10, 2, 4, 15, 3, 4},
		{"Rockville", "HE0328", 4, 1, 0, 10, 2, 0},
		{"Sharpsburg", "RS0525", 5, 1, 0, 10, 2, 0},
		{"Taneytown", "RS3611", 2, 1, 0, 10, 2, 0},
		{"Westminster", "RS4516", 8, 1, 0, 10, 2, 0},
		{"Williamsport", "RS0116", 5, 1, 0, 10, 2, 0},
		{"York", "RN5826", 43, 7, 12, 40, 8, 12},
	}
	var names []string
	for _, l := range levies {
		names = append(names, l.name)
		placesWant(t, th, l.name, l.ref, map[string]int{"levy_victuals": l.norm, "levy_victuals_simplified": l.simp,
			"lrta_levy_victuals": l.lNorm, "lrta_levy_victuals_simplified": l.lSimp})
		p := placesGet(t, th, l.name)
		if v, ok := p.Values["levy_vp"]; ok != (l.vp != 0) || v != l.vp {
			t.Errorf("%s: levy_vp %d (%v), want %d", l.name, v, ok, l.vp)
		}
		if v, ok := p.Values["lrta_levy_vp"]; ok != (l.lVP != 0) || v != l.lVP {
			t.Errorf("%s: lrta_levy_vp %d (%v), want %d", l.name, v, ok, l.lVP)
		}
	}
	placesSameSet(t, "levy towns", placesWithKind(th, "levy-town"), names)
	// The 003 levy towns with no hex in the seeds or rosters are left out
	// (header of lrtg-places-charts.yaml); when one is added, move it above.
	for _, n := range []string{"Baltimore", "Canton", "Columbia", "Littlestown", "New Cumberland", "Newville",
		"Pikesville", "Shippensburg", "Towsontown", "Waynesboro", "Wash DC", "Loudoun Heights", "Fort Washington"} {
		if th.Place(n) != nil {
			t.Errorf("%s is now a place: check its values against 003 / 004 and pin them", n)
		}
	}
	// The 000 VII 5 / 003 VP Record levy VPs sum to 78 for the whole table;
	// the towns encoded here carry 8+6+4+2+4+16+4+12 of them (Columbia 10,
	// Littlestown, New Cumberland, Newville, Waynesboro 2 each and
	// Shippensburg 4 are left out).
	sum := 0
	for _, p := range th.Places {
		sum += p.Values["levy_vp"]
	}
	if sum != 56 {
		t.Errorf("levy VPs of encoded towns = %d, want 56", sum)
	}
}

// 003 Captured Depots (= 000 13.8): normal victuals, simplified victuals,
// ammo, VPs if destroyed; 004 Depots: normal victuals and VPs; 000 VIII
// Union Depots for the list.
func TestPlacesDepots(t *testing.T) {
	th := placesTheatre(t)
	type depot struct {
		name, ref            string
		norm, simp, ammo, vp int
		lNorm, lVP           int
	}
	depots := []depot{
		{"Alexandria", "HE0944", 42, 7, 14, 14, 40, 14},
		{"Aquia Creek Station", "SS5021", 30, 5, 10, 10, 15, 6},
		{"Camden Station", "HE3115", 30, 5, 10, 10, 30, 10},
		{"Harrisburg", "RN4909", 30, 5, 10, 10, 30, 10},
		{"Harpers Ferry", "RS0632", 24, 4, 8, 8, 20, 8},
		{"Manassas Junction", "SN4124", 18, 3, 6, 6, 30, 10},
		{"Martinsburg", "HW1314", 18, 3, 6, 6, 0, 0},
		{"Winchester", "HW0330", 18, 3, 6, 6, 15, 6},
		{"Frederick", "RS2326", 18, 3, 6, 6, 0, 0},
		// "All other Union Depots": 6 / 2 / 2 / 2 (003, 000 13.8; 000
		// 24.3 prints 3 simplified: the charts win).
		{"Baltimore Depot", "HE1139", 6, 2, 2, 2, 0, 0},
		{"Mt. Royal Depot", "HE3013", 6, 2, 2, 2, 0, 0},
		{"Rockville", "HE0328", 6, 2, 2, 2, 0, 0},
	}
	var names []string
	for _, d := range depots {
		names = append(names, d.name)
		placesWant(t, th, d.name, d.ref, map[string]int{"depot_victuals": d.norm, "depot_victuals_simplified": d.simp,
			"depot_ammo": d.ammo, "depot_vp": d.vp})
		p := placesGet(t, th, d.name)
		if d.lNorm != 0 {
			placesWant(t, th, d.name, "", map[string]int{"lrta_depot_victuals": d.lNorm, "lrta_depot_vp": d.lVP})
		} else if _, ok := p.Values["lrta_depot_vp"]; ok {
			t.Errorf("%s: the LRTA depot table has no row for it", d.name)
		}
		// 000 13.8: a captured depot provides three times its VPs in
		// victuals; the charts also print ammo equal to VPs.
		if d.norm != 3*d.vp || d.ammo != d.vp {
			t.Errorf("%s: victuals %d, ammo %d, vp %d", d.name, d.norm, d.ammo, d.vp)
		}
	}
	placesSameSet(t, "Union depots (000 VIII)", placesWithKind(th, "depot"), names)
	// Confederate depot sites: 6 victuals, -2 VPs (003, 000 VII 2).
	for _, n := range []string{"Culpeper", "Berryville"} {
		placesWant(t, th, n, "", map[string]int{"depot_victuals": 6, "depot_vp": -2})
	}
	placesSameSet(t, "CSA depot sites (000 13.8)", placesWithKind(th, "csa-depot"), []string{"Berryville", "Culpeper", "Winchester"})
	placesWant(t, th, "Culpeper", "SS1418", nil)
	placesWant(t, th, "Berryville", "HW1332", nil)
}

// 003 County Control; 000 VII 1; 004 County/DC Control. Only two control
// hexes are printed in the seeds.
func TestPlacesCountyControl(t *testing.T) {
	th := placesTheatre(t)
	placesSameSet(t, "county control hexes", placesWithKind(th, "county-control"), []string{"Camden Station", "Westminster"})
	placesWant(t, th, "Camden Station", "HE3115", map[string]int{"county_vp_1": 40, "county_vp_2": 20, "county_vp_3": 10,
		"lrta_county_vp_1": 40, "lrta_county_vp_2": 20, "lrta_county_vp_3": 10})
	placesWant(t, th, "Westminster", "RS4516", map[string]int{"county_vp_1": 4, "county_vp_2": 2, "county_vp_3": 1,
		"lrta_county_vp_1": 4, "lrta_county_vp_2": 2, "lrta_county_vp_3": 1})
}

// 003 Victory Point Record Table: railroads and strategic structures.
func TestPlacesStationsAndStructures(t *testing.T) {
	th := placesTheatre(t)
	stations := map[string]int{"Alexandria": 3, "Aquia Creek Station": 3, "Camden Station": 5, "Frederick Junction": 5,
		"Camp Curtin": 3, "Harrisburg": 3}
	var withVP []string
	for _, p := range th.Places {
		if v, ok := p.Values["station_vp"]; ok {
			withVP = append(withVP, p.Name)
			if v != stations[p.Name] {
				t.Errorf("%s: station_vp %d, want %d", p.Name, v, stations[p.Name])
			}
			if !p.Is("rr-station") {
				t.Errorf("%s: station VPs but not rr-station", p.Name)
			}
		}
	}
	sort.Strings(withVP)
	var want []string
	for n := range stations {
		want = append(want, n)
	}
	placesSameSet(t, "stations with VPs", withVP, want)

	structures := map[string]int{"Marysville Bridge": 10, "Harpers Ferry": 5, "C&O Aqueduct": 5, "Harrisburg": 7,
		"Annapolis": 5, "White House": 15, "US Capitol": 25}
	for n, v := range structures {
		placesWant(t, th, n, "", map[string]int{"structure_vp": v})
	}
	placesWant(t, th, "Marysville Bridge", "RN4603", map[string]int{"structure_bonus_vp": 15})
	placesSameSet(t, "capitols (000 14.3)", placesWithKind(th, "capitol"), []string{"Annapolis", "Harrisburg", "US Capitol", "White House"})
	// The seed's bare letters, read in the RTG context.
	for _, n := range []string{"Marysville Bridge", "Camp Curtin"} {
		if p := placesGet(t, th, n); p.Ref.Sheet != "RN" {
			t.Errorf("%s on %s, want RN", n, p.Ref.Sheet)
		}
	}
	placesWant(t, th, "Camp Curtin", "RN4907", nil)
}

// 000 IV d, 14.4, VII 4: seven bridges may not be destroyed.
func TestPlacesIndestructibleBridges(t *testing.T) {
	th := placesTheatre(t)
	want := map[string]string{
		"Chain Bridge": "HE0537", "Aqueduct Bridge": "HE0739", "Patterson Viaduct": "HE2317",
		"Relay House":        "HE2518", // Thomas Viaduct 2518 HCR East (choice 4)
		"Frederick Junction": "RS2428", // printed "2428 HCR West" (choice 3)
		"Long Bridge":        "HE0941", "Hunting Creek Bridge": "HE0845",
	}
	var names []string
	for n, ref := range want {
		names = append(names, n)
		placesWant(t, th, n, ref, nil)
		if p := placesGet(t, th, n); !p.Is("bridge") {
			t.Errorf("%s is not a bridge", n)
		}
	}
	placesSameSet(t, "indestructible", placesWithKind(th, "indestructible"), names)
	if !placesGet(t, th, "Frederick Junction").Is("rr-station") || !placesGet(t, th, "Relay House").Is("rr-station") {
		t.Error("Frederick Junction and Relay House are stations as well as bridges")
	}
	if !placesGet(t, th, "Chain Bridge").Is("fort") {
		t.Error("Chain Bridge shares its hex with Ft. Marcy (choice 15)")
	}
}

// 000 6.2; 003 and 004 Harpers Ferry Surrender; 000 9.2 forts; 004 Sugar Loaf.
func TestPlacesHarpersFerryAndHeights(t *testing.T) {
	th := placesTheatre(t)
	placesWant(t, th, "Harpers Ferry", "RS0632", nil)
	placesWant(t, th, "Naval Battery", "RS0732", map[string]int{"hf_surrender_drm": 3, "lrta_hf_surrender_drm": 3,
		"fort_combat": 2, "fort_artillery": 0})
	placesWant(t, th, "Bolivar Heights", "RS0532", map[string]int{"hf_surrender_drm": 1, "lrta_hf_surrender_drm": 1})
	placesSameSet(t, "heights", placesWithKind(th, "heights"), []string{"Bolivar Heights", "Naval Battery"})
	placesWant(t, th, "Sugar Loaf Mountain", "HW4424", map[string]int{"lrta_intel_radius": 15})
	if !placesGet(t, th, "Sugar Loaf Mountain").Is("mountain") {
		t.Error("Sugar Loaf Mountain is a mountain")
	}
	// The three heights all sit within a hex or two of the town on RTG S.
	hf := placesGet(t, th, "Harpers Ferry").Ref
	for _, n := range []string{"Naval Battery", "Bolivar Heights"} {
		r := placesGet(t, th, n).Ref
		if r.Sheet != hf.Sheet || r.Row != hf.Row || (r.Col-hf.Col) > 1 || (hf.Col-r.Col) > 1 {
			t.Errorf("%s %s is not next to Harpers Ferry %s", n, r, hf)
		}
	}
}

// 004 Confederate Objectives: "Wreck the C&O Canal".
func TestPlacesCanalObjective(t *testing.T) {
	th := placesTheatre(t)
	want := map[string]string{
		"Conococheague Creek Aqueduct": "HW1904", "Dam #4": "HW2010", "Antietam Creek Aqueduct": "HW2515",
		"Catoctin Creek Aqueduct": "HW3421", "Broad Run Trunk Aqueduct": "HW3933", "C&O Aqueduct": "HW4126",
		"Seneca Creek Aqueduct": "SN4804", "Great Falls Locks": "SN5510",
	}
	total := 0
	var got []string
	for _, p := range th.Places {
		if v, ok := p.Values["lrta_canal_objective"]; ok {
			got = append(got, p.Name)
			total += v
			if want[p.Name] != p.Ref.String() {
				t.Errorf("%s at %s, want %s", p.Name, p.Ref, want[p.Name])
			}
		}
	}
	sort.Strings(got)
	var names []string
	for n := range want {
		names = append(names, n)
	}
	placesSameSet(t, "canal objective hexes", got, names)
	// The other hexes the LRTA objectives name: Lower Valley (Harpers Ferry,
	// Sharpsburg, Martinsburg), Central Maryland (Westminster control hex),
	// Isolate DC (Annapolis Junction, Baltimore Depot, Relay House), the B&O
	// note (Patterson Viaduct, Frederick Junction).
	placesSameSet(t, "LRTA objective hexes", placesWithKind(th, "lrta-objective"), append(names,
		"Harpers Ferry", "Sharpsburg", "Martinsburg", "Westminster", "Annapolis Junction", "Baltimore Depot",
		"Relay House", "Patterson Viaduct", "Frederick Junction"))
	if total != 9 || placesGet(t, th, "C&O Aqueduct").Values["lrta_canal_objective"] != 2 {
		t.Errorf("canal objective weights total %d, want 9 (the C&O Aqueduct counts double)", total)
	}
}

// 000 13.3, 5.0, 3.1-3.2.
func TestPlacesControlPortsAndEntries(t *testing.T) {
	th := placesTheatre(t)
	placesSameSet(t, "Potomac control", placesWithKind(th, "potomac-control"), []string{"Williamsport", "Sharpsburg", "Naval Battery", "Leesburg"})
	placesWant(t, th, "Williamsport", "RS0116", nil)
	placesWant(t, th, "Sharpsburg", "RS0525", nil)
	placesWant(t, th, "Leesburg", "HW3533", nil)
	placesSameSet(t, "Shenandoah control", placesWithKind(th, "valley-control"), []string{"Winchester", "Front Royal"})
	placesWant(t, th, "Front Royal", "SN0214", nil)
	placesSameSet(t, "naval ports", placesWithKind(th, "naval-port"), []string{"Alexandria", "Navy Yard", "Aquia Creek Station", "Camden Station", "Annapolis"})
	placesWant(t, th, "Navy Yard", "HE1240", nil)
	placesSameSet(t, "entry hexes", placesWithKind(th, "entry"),
		[]string{"Brandywine", "Camp Curtin", "North Mountain Depot", "Front Royal", "Winchester", "Baltimore Depot"})
	placesWant(t, th, "Brandywine", "HE2050", nil)
	placesWant(t, th, "North Mountain Depot", "HW1307", nil)
}

// The hexes where the seeds disagree with each other or with the rosters
// (choices in the file headers).
func TestPlacesChoices(t *testing.T) {
	th := placesTheatre(t)
	for name, ref := range map[string]string{
		"Frederick":           "RS2326", // 000 VIII prints HE 2826
		"Frederick Junction":  "RS2428", // 000 / 004 print 2428 HCR West
		"Annapolis":           "HE3932", // 000 VII 4 prints E3902
		"White House":         "HE0939", // 000 VII 4 prints E930
		"US Capitol":          "HE1140",
		"Poolesville":         "HW4431", // 000 VIII prints HE4431
		"Falmouth":            "SS4426", // 000 VIII also "SS4420 - Faimouti"
		"Fairfax Court House": "SN5017", // 000 13.5 calls SN5017 Falls Church
		"Falls Church":        "SN5715",
		"Germantown (Va.)":    "SN4917",
		"Martinsburg":         "HW1314", // rwh roster: HW1313
		"Leesburg":            "HW3533", // aga roster: SN3502
		"Ellicott Mills":      "HE2116", // rtg2 roster: RS5734
		"Manassas Junction":   "SN4124", // aga roster; no hex in the seeds
		"US Arsenal (DC)":     "HE1141", // not the hcr roster's US Arsenal HE2510
	} {
		placesWant(t, th, name, ref, nil)
	}
	for _, n := range []string{"Fairfax Court House", "Falls Church"} {
		if !placesGet(t, th, n).Is("town") {
			t.Errorf("%s: the 000 13.5 town example", n)
		}
	}
	if placesGet(t, th, "Germantown (Va.)").Is("town") {
		t.Error("Germantown is 000 13.5's example of a hex that is not a town")
	}
	// Thomas Viaduct and Relay House, Frederick Junction and its bridge, are
	// single places.
	for _, n := range []string{"Thomas Viaduct", "Frederick Junction Bridge", "Ft. Marcy"} {
		if th.Place(n) != nil {
			t.Errorf("%s should be part of the place in its hex", n)
		}
	}
}

// 000 VIII: the named set-up locations of both sides.
func TestPlacesSetup(t *testing.T) {
	th := placesTheatre(t)
	for name, ref := range map[string]string{
		"Verdierville": "SS2030", "Hamilton's Crossing": "SS4531", "Salem Church": "SS4028", "Oak Shade": "SS1710",
		"Sandy Hook": "SN0620", "Culpeper": "SS1418", "Snowdon": "SS4930", "Boscobel": "SS4625",
		"Stafford Court House": "SS4520", "Beria Church": "SS4023", "Warrenton Junction": "SS3108",
		"Mt. Royal Depot": "HE3013", "Camden Station": "HE3115", "Relay House": "HE2518", "Mt. Claire Station": "HE3014",
		"Mitchelville": "HE2736", "Annapolis Junction": "HE2223", "York": "RN5826", "Naval Battery": "RS0732",
		"Harpers Ferry": "RS0632", "Martinsburg": "HW1314", "Winchester": "HW0330", "Kernstown": "HW0133",
		"Winchester Toll House": "HW0332", "Berryville": "HW1332", "Ellicott Mills": "HE2116", "Georgetown": "HE0838",
		"Military Asylum": "HE1236", "Ft. Stevens": "HE1034", "White House": "HE0939", "US Arsenal (DC)": "HE1141",
		"Navy Yard": "HE1240", "US Capitol": "HE1140", "Alexandria": "HE0944", "Fairfax Station": "SN5020",
		"Fairfax Court House": "SN5017", "Flint Hill": "SN5116", "Farrs Crossroads": "SN5018",
		"Chambersburg": "RN0929", "Harrisburg": "RN4909", "Poolesville": "HW4431",
	} {
		placesWant(t, th, name, ref, nil)
		if p := placesGet(t, th, name); !p.Is("setup") {
			t.Errorf("%s: not marked setup", name)
		}
	}
	// 000 27.1 night retreat hexes and VIII damaged stations.
	placesWant(t, th, "Rappahannock Station", "SS2414", nil)
	placesWant(t, th, "Mt. Holly Church", "SS2718", nil)
	placesSameSet(t, "damaged stations with a hex", placesWithKind(th, "damaged-station"),
		[]string{"Rappahannock Station", "Brandy Station", "Vienna", "White Plains", "Piedmont Depot", "Scotland"})
}
