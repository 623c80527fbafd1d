package scenarios

import (
	"bytes"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"gopkg.in/yaml.v3"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The LRTG Confederate order of battle (scenarios/oob/lrtg-csa.yaml) and its
// Jackson Lives variant (scenarios/oob/lrtg-csa-jackson-lives.yaml), checked
// against literals read from the seeds: 000 = LRTG rules (set-up table lines
// 2147-2181, Jackson Lives table lines 1781-1808), 003 = LRTG charts.

func csaOrders(t *testing.T) (base, jl *engine.OrderOfBattle) {
	t.Helper()
	os, err := OrdersOfBattle()
	if err != nil {
		t.Fatal(err)
	}
	base, jl = os["lrtg"], os["lrtg/jackson-lives"]
	if base == nil || jl == nil {
		t.Fatalf("missing orders of battle: lrtg %v, lrtg/jackson-lives %v", base != nil, jl != nil)
	}
	return base, jl
}

func csaUnit(t *testing.T, o *engine.OrderOfBattle, id string) *engine.UnitSetup {
	t.Helper()
	u := o.Unit(id)
	if u == nil {
		t.Fatalf("%s/%s: no unit %s", o.Game, o.Variant, id)
	}
	if u.Side != engine.CSA {
		t.Fatalf("%s: side %s", id, u.Side)
	}
	return u
}

// csaDoc decodes one of the Confederate files as written, to see what that
// file itself declares.
func csaDoc(t *testing.T, name string) oobDoc {
	t.Helper()
	b, err := fs.ReadFile(oobFS, "oob/"+name)
	if err != nil {
		t.Fatal(err)
	}
	var d oobDoc
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestOOBCSAKindCounts(t *testing.T) {
	base, jl := csaOrders(t)
	cases := []struct {
		o    *engine.OrderOfBattle
		want map[string]int
	}{
		// 000 lines 2148-2176: leaders Lee, Longstreet, Ewell, Hill, Stuart;
		// infantry: 8 divisions on the map, Pickett, Pettigrew, 4 Richmond, 54 NC, 58 VA;
		// cavalry: 6 Va, Jones, Robertson, Hampton, W.H. Lee, Chambliss, F. Lee, Jenkins,
		// Imboden, 12 VA.
		{base, map[string]int{"leader": 5, "infantry": 16, "cavalry": 10, "artillery": 0, "militia": 0, "wagon": 0, "": 31}},
		// 000 lines 1782-1808: leaders Lee, Longstreet, Jackson, Stuart; infantry: McLaws,
		// Hood, Anderson, Ewell, Hill, Rodes, Johnson, Early, Pickett, Pettigrew, 4 Richmond,
		// 54 NC, 58 VA; 3 artillery reserves; cavalry as in the regular set-up.
		{jl, map[string]int{"leader": 4, "infantry": 16, "cavalry": 10, "artillery": 3, "militia": 0, "wagon": 0, "": 33}},
	}
	for _, c := range cases {
		for kind, n := range c.want {
			if got := c.o.Count(engine.CSA, engine.UnitKind(kind)); got != n {
				t.Errorf("%s/%s: %d Confederate units of kind %q, want %d", c.o.Game, c.o.Variant, got, kind, n)
			}
		}
	}
}

// The printed hex of every Confederate unit that starts on the map, as the
// seed line prints it (or as resolved in the file header: 6 Va, choice C3).
var csaBaseHexes = map[string]string{
	"csa.longstreet": "SS4331", // 2149
	"csa.mclaws":     "SS4229", // 2152
	"csa.hood":       "SS2030", // 2154 Verdierville
	"csa.ewell":      "SS4531", // 2155 Hamilton's Xing
	"csa.rodes":      "SS4531", // 2156 Hamilton's Xing
	"csa.early":      "SS4532", // 2157
	"csa.johnson":    "SS4430", // 2159
	"csa.hill":       "SS4028", // 2160 Salem Church
	"csa.pender":     "SS4028", // 2161 Salem Church
	"csa.anderson":   "SS3928", // 2162
	"csa.heth":       "SS4129", // 2164
	"csa.6va":        "SS1418", // 2166 "Culpepper", hex from 1798 (C3)
	"csa.stuart":     "SS2116", // 2167
	"csa.jones":      "SS2116", // 2168
	"csa.robertson":  "SS2119", // 2169
	"csa.hampton":    "SS1918", // 2170
	"csa.whlee":      "SS1914", // 2171
	"csa.flee":       "SS1710", // 2173 Oak Shade
	"csa.jenkins":    "SN0620", // 2174 Sandy Hook
}

var csaJLHexes = map[string]string{
	"csa.lee":         "SS4129", // 1782
	"csa.longstreet":  "SS4129", // 1783
	"csa.mclaws":      "SS4129", // 1785
	"csa.anv-art-res": "SS4129", // 1786
	"csa.hood":        "SS2030", // 1787 Verdierville
	"csa.anderson":    "SS3928", // 1788
	"csa.i-art-res":   "SS3928", // 1789
	"csa.ewell":       "SS4028", // 1790
	"csa.jackson":     "SS4430", // 1792
	"csa.hill":        "SS4331", // 1793
	"csa.ii-art-res":  "SS4331", // 1794
	"csa.rodes":       "SS4531", // 1795
	"csa.johnson":     "SS4430", // 1796
	"csa.early":       "SS4530", // 1797
	"csa.6va":         "SS1418", // 1798 Culpepper
	"csa.stuart":      "SS2116", // 1799
	"csa.jones":       "SS2116", // 1800
	"csa.robertson":   "SS2417", // 1801
	"csa.hampton":     "SS1918", // 1802
	"csa.whlee":       "SS1914", // 1803
	"csa.flee":        "SS1710", // 1805 Oak Shade
	"csa.jenkins":     "SN0620", // 1806 Sandy Hook
}

func TestOOBCSAHexes(t *testing.T) {
	base, jl := csaOrders(t)
	for _, c := range []struct {
		o    *engine.OrderOfBattle
		want map[string]string
	}{{base, csaBaseHexes}, {jl, csaJLHexes}} {
		seen := map[string]bool{}
		for _, u := range c.o.Units {
			if u.Side != engine.CSA || !u.OnMap {
				continue
			}
			seen[u.ID] = true
			want, ok := c.want[u.ID]
			if !ok {
				t.Errorf("%s/%s: %s is on the map at %s but not in the seed table of the test", c.o.Game, c.o.Variant, u.ID, u.Ref)
				continue
			}
			if u.Ref.String() != want {
				t.Errorf("%s/%s: %s at %s, the seed prints %s", c.o.Game, c.o.Variant, u.ID, u.Ref, want)
			}
		}
		for id := range c.want {
			if !seen[id] {
				t.Errorf("%s/%s: %s is not on the map", c.o.Game, c.o.Variant, id)
			}
		}
	}
}

// csaManpower sums the Confederate manpower of a kind on the map and on the tracks.
func csaManpower(o *engine.OrderOfBattle, kind engine.UnitKind) (onMap, onTracks int) {
	for _, u := range o.Units {
		if u.Side != engine.CSA || u.Kind != kind {
			continue
		}
		if u.OnMap {
			onMap += u.Manpower
		} else {
			onTracks += u.Manpower
		}
	}
	return onMap, onTracks
}

func TestOOBCSAManpower(t *testing.T) {
	base, jl := csaOrders(t)
	// Regular (000 2152-2164): McLaws 15 + Hood 16 + Rodes 16 + Early 13 + Johnson 14 +
	// Pender 14 + Anderson 15 + Heth 13 = 116; off the map: Pickett 12 + Pettigrew 4 +
	// Richmond 4x4 + 54 NC 1 + 58 VA 1 = 34.
	if m, tr := csaManpower(base, "infantry"); m != 116 || tr != 34 {
		t.Errorf("regular: Confederate infantry manpower %d on the map, %d on tracks; want 116, 34", m, tr)
	}
	// Jackson Lives (000 1785-1797): McLaws 14 + Hood 15 + Anderson 14 + Ewell 9 + Hill 15 +
	// Rodes 16 + Johnson 14 + Early 13 = 110; tracks as in the regular set-up.
	if m, tr := csaManpower(jl, "infantry"); m != 110 || tr != 34 {
		t.Errorf("Jackson Lives: Confederate infantry manpower %d on the map, %d on tracks; want 110, 34", m, tr)
	}
	// The variant moves 6 points into the three artillery reserves (2 each): infantry plus
	// artillery on the map equals the regular infantry, a check on both readings.
	art, artTracks := csaManpower(jl, "artillery")
	if m, _ := csaManpower(jl, "infantry"); art != 6 || artTracks != 0 || m+art != 116 {
		t.Errorf("Jackson Lives: artillery %d (+%d off map), infantry+artillery %d; want 6, 0, 116", art, artTracks, m+art)
	}
	// Cavalry (000 2166-2176): 6 Va 1 + Jones 3 + Robertson 2 + Hampton 4 + W.H. Lee 3 +
	// F. Lee 3 + Jenkins 3 = 19 on the map; Imboden 3 + 12 VA 1 (+ Chambliss "-") = 4.
	for _, o := range []*engine.OrderOfBattle{base, jl} {
		if m, tr := csaManpower(o, "cavalry"); m != 19 || tr != 4 {
			t.Errorf("%s/%s: Confederate cavalry %d on the map, %d on tracks; want 19, 4", o.Game, o.Variant, m, tr)
		}
	}
}

func TestOOBCSATrackSlots(t *testing.T) {
	base, jl := csaOrders(t)
	for _, o := range []*engine.OrderOfBattle{base, jl} {
		tracks := map[string][]int{}
		for _, u := range o.Units {
			if u.Side == engine.CSA && !u.OnMap {
				if u.Track == "" || u.Entry == "" {
					t.Errorf("%s/%s: %s is off the map without a track or an entry", o.Game, o.Variant, u.ID)
				}
				tracks[u.Track] = append(tracks[u.Track], u.Slot)
			}
		}
		// "reinforcement" slots are game turns (Pickett 2, Pettigrew 3); the
		// others are boxes / installments numbered from 1.
		if got := tracks["reinforcement"]; !slices.Equal(sorted(got), []int{2, 3}) {
			t.Errorf("%s/%s: reinforcement turns %v, want [2 3]", o.Game, o.Variant, got)
		}
		if p, q := csaUnit(t, o, "csa.pickett"), csaUnit(t, o, "csa.pettigrew"); p.Slot != 2 || q.Slot != 3 {
			t.Errorf("%s/%s: Pickett turn %d, Pettigrew turn %d; want 2, 3", o.Game, o.Variant, p.Slot, q.Slot)
		}
		wantN := map[string]int{"richmond-garrison": 4, "csa-reinforcement": 4, "replacement": 1}
		if o.Variant == "" {
			wantN["with-corps-commander"] = 1
		}
		for tr, slots := range tracks {
			if tr == "reinforcement" {
				continue
			}
			if n, ok := wantN[tr]; !ok || len(slots) != n {
				t.Errorf("%s/%s: track %s has %d units, want %d", o.Game, o.Variant, tr, len(slots), n)
			}
			s := sorted(slots)
			for i, v := range s {
				if v != i+1 {
					t.Errorf("%s/%s: track %s slots %v, want 1..%d without gaps", o.Game, o.Variant, tr, s, len(s))
					break
				}
			}
		}
		for tr := range wantN {
			if _, ok := tracks[tr]; !ok {
				t.Errorf("%s/%s: no units on track %s", o.Game, o.Variant, tr)
			}
		}
	}
}

func sorted(s []int) []int {
	c := slices.Clone(s)
	sort.Ints(c)
	return c
}

// trackOrder lists the names on a track in slot order.
func trackOrder(o *engine.OrderOfBattle, track string) []string {
	var us []engine.UnitSetup
	for _, u := range o.Units {
		if u.Side == engine.CSA && u.Track == track {
			us = append(us, u)
		}
	}
	sort.Slice(us, func(i, j int) bool { return us[i].Slot < us[j].Slot })
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = fmt.Sprintf("%s %d", u.Name, u.Manpower)
	}
	return out
}

func TestOOBCSATracksMatchCharts(t *testing.T) {
	base, jl := csaOrders(t)
	// 000 3.1 lines 466-473, 003 lines 770-778.
	wantReinf := []string{"Imboden 3", "54 NC 1", "58 VA 1", "12 VA 1"}
	// rtg2 roster Richmond Garrison Track boxes 1-4; 003 lines 773-776 (choice C7).
	wantRich := []string{"Corse 4", "M. Jenkins 4", "Cooke 4", "Wise 4"}
	for _, o := range []*engine.OrderOfBattle{base, jl} {
		if got := trackOrder(o, "csa-reinforcement"); !slices.Equal(got, wantReinf) {
			t.Errorf("%s/%s: csa-reinforcement %v, want %v", o.Game, o.Variant, got, wantReinf)
		}
		if got := trackOrder(o, "richmond-garrison"); !slices.Equal(got, wantRich) {
			t.Errorf("%s/%s: richmond-garrison %v, want %v", o.Game, o.Variant, got, wantRich)
		}
	}
	// The charts of scenarios/rules/lrtg-p1-reinforcements.yaml name the same units with
	// the same manpower (the Richmond chart claims no order: compared as a set).
	var chartReinf, chartRich []string
	for _, r := range chart(t, "lrtg.csa-reinforcements").Rows {
		if strings.HasPrefix(r[0], "Reinforcement box") {
			chartReinf = append(chartReinf, r[1]+" "+r[2])
		}
	}
	for _, r := range chart(t, "lrtg.richmond-garrison").Rows {
		chartRich = append(chartRich, r[0]+" "+r[1])
	}
	if !slices.Equal(chartReinf, wantReinf) {
		t.Errorf("chart lrtg.csa-reinforcements boxes %v, the order of battle has %v", chartReinf, wantReinf)
	}
	if a, b := sortedStrings(chartRich), sortedStrings(wantRich); !slices.Equal(a, b) {
		t.Errorf("chart lrtg.richmond-garrison %v, the order of battle has %v", a, b)
	}
	for _, r := range chart(t, "lrtg.csa-reinforcements").Rows {
		if strings.HasPrefix(r[0], "Turn ") {
			u := csaUnit(t, base, "csa."+strings.ToLower(r[1]))
			if fmt.Sprint(u.Manpower) != r[2] || "Turn "+fmt.Sprint(u.Slot) != r[0] {
				t.Errorf("%s: turn %d manpower %d; chart %v", u.ID, u.Slot, u.Manpower, r)
			}
		}
	}
}

func sortedStrings(s []string) []string {
	c := slices.Clone(s)
	sort.Strings(c)
	return c
}

// TestOOBCSAChoices pins every choice of the two files' headers.
func TestOOBCSAChoices(t *testing.T) {
	base, jl := csaOrders(t)
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	theatre := ts["lrtg"]
	for _, o := range []*engine.OrderOfBattle{base, jl} {
		name := fmt.Sprintf("%s/%s", o.Game, o.Variant)
		// C1: "Tiekett" (line 2151) is Pickett's wrapped entry, not a unit.
		for _, u := range o.Units {
			if strings.Contains(strings.ToLower(u.Name), "tiekett") || strings.Contains(u.Name, "subordinates") {
				t.Errorf("%s: %s is a garbled row, not a unit", name, u.ID)
			}
		}
		for _, id := range []string{"csa.pickett", "csa.pettigrew"} {
			if u := csaUnit(t, o, id); !strings.Contains(u.Entry, "20xx or lower") || !strings.Contains(u.Entry, "South edge of the SJW") || u.Track != "reinforcement" {
				t.Errorf("%s: %s entry %q on %q (C1, J3)", name, id, u.Entry, u.Track)
			}
		}
		// C2 / J5: the optional detachment rows are a mark on McLaws, Early, Anderson.
		for _, u := range o.Units {
			marked := slices.Contains(u.Marks, "optional-detachment")
			want := u.ID == "csa.mclaws" || u.ID == "csa.early" || u.ID == "csa.anderson"
			if marked != want {
				t.Errorf("%s: %s optional-detachment mark %v, want %v (C2, J5)", name, u.ID, marked, want)
			}
		}
		// C3: 6 Va in Culpeper, SS1418, the map's place.
		p := theatre.Place("Culpeper")
		if u := csaUnit(t, o, "csa.6va"); p == nil || u.Hex != p.Hex || u.Ref.String() != "SS1418" {
			t.Errorf("%s: 6 Va at %s, Culpeper %v (C3)", name, u.Ref, p)
		}
		// C4: 58 VA, not 58 NC.
		if u := csaUnit(t, o, "csa.58va"); u.Name != "58 VA" {
			t.Errorf("%s: 58 VA named %q (C4)", name, u.Name)
		}
		for _, u := range o.Units {
			if u.Name == "58 NC" {
				t.Errorf("%s: unit %s named 58 NC (C4)", name, u.ID)
			}
		}
		// C6: Chambliss replaces W.H. Lee.
		if u := csaUnit(t, o, "csa.chambliss"); u.OnMap || u.Track != "replacement" || u.Slot != 1 || u.Manpower != 0 || u.Kind != "cavalry" {
			t.Errorf("%s: Chambliss %+v (C6)", name, u)
		}
		// C8: blank commands as printed; Jenkins keeps "Cav"; Richmond "Rich".
		for id, cmd := range map[string]string{"csa.imboden": "", "csa.54nc": "", "csa.58va": "", "csa.12va": "", "csa.jenkins": "Cav",
			"csa.corse": "Rich", "csa.mjenkins": "Rich", "csa.cooke": "Rich", "csa.wise": "Rich", "csa.lee": "ANV", "csa.stuart": "Cav"} {
			if u := csaUnit(t, o, id); u.Command != cmd {
				t.Errorf("%s: %s command %q, want %q (C8)", name, id, u.Command, cmd)
			}
		}
		// C9: the asterisk of Jenkins, Imboden and 12 VA (line 2197), and only theirs.
		for _, u := range o.Units {
			marked := slices.Contains(u.Marks, "no-stuart-activation")
			want := u.ID == "csa.jenkins" || u.ID == "csa.imboden" || u.ID == "csa.12va"
			if u.Side == engine.CSA && marked != want {
				t.Errorf("%s: %s no-stuart-activation %v, want %v (C9)", name, u.ID, marked, want)
			}
		}
		// C10: sizes.
		for id, size := range map[string]string{"csa.lee": "army", "csa.longstreet": "corps", "csa.stuart": "corps", "csa.pickett": "division",
			"csa.pettigrew": "brigade", "csa.6va": "regiment", "csa.54nc": "regiment", "csa.58va": "regiment", "csa.12va": "regiment",
			"csa.imboden": "brigade", "csa.corse": "brigade", "csa.jenkins": "brigade", "csa.hood": "division"} {
			if u := csaUnit(t, o, id); u.Size != size {
				t.Errorf("%s: %s size %q, want %q (C10)", name, id, u.Size, size)
			}
		}
		// C11 / J4: three time chits; the optional depot at Culpeper.
		if o.Chits[engine.CSA] != 3 {
			t.Errorf("%s: %d Confederate time chits, want 3 (C11, J4)", name, o.Chits[engine.CSA])
		}
		var depots []engine.DepotSetup
		for _, d := range o.Depots {
			if d.Side == engine.CSA {
				depots = append(depots, d)
			}
		}
		if len(depots) != 1 || depots[0].Place != "Culpeper" || !depots[0].Optional {
			t.Errorf("%s: Confederate depots %+v, want Culpeper (optional) (C11, J4)", name, depots)
		}
		// Every unit cites its source.
		for _, u := range o.Units {
			if u.Side == engine.CSA && !strings.Contains(u.Source, "000 line") {
				t.Errorf("%s: %s source %q does not cite a line of 000", name, u.ID, u.Source)
			}
		}
	}
	// C5: Lee is placed with a corps commander in the regular set-up, on the map in the variant.
	if u := csaUnit(t, base, "csa.lee"); u.OnMap || u.Track != "with-corps-commander" || u.Slot != 1 {
		t.Errorf("regular: Lee %+v (C5)", u)
	}
	// C12 / J7: the Confederate files name no damaged station.
	for _, f := range []string{"lrtg-csa.yaml", "lrtg-csa-jackson-lives.yaml"} {
		if d := csaDoc(t, f); len(d.Damaged) != 0 || d.Side != "csa" || d.Game != "lrtg" {
			t.Errorf("%s: side %s game %s damaged %v (C12, J7)", f, d.Side, d.Game, d.Damaged)
		}
	}
	// J1: Ewell and Hill are divisions in the variant; Heth and Pender are gone.
	for id, mp := range map[string]int{"csa.ewell": 9, "csa.hill": 15} {
		if u := csaUnit(t, jl, id); u.Kind != "infantry" || u.Size != "division" || u.Manpower != mp || u.Command == "3" {
			t.Errorf("Jackson Lives: %s %+v (J1)", id, u)
		}
	}
	for _, id := range []string{"csa.heth", "csa.pender"} {
		if jl.Unit(id) != nil {
			t.Errorf("Jackson Lives: %s should not be in the variant (J1)", id)
		}
	}
	for _, u := range jl.Units {
		if u.Side == engine.CSA && u.Command == "3" {
			t.Errorf("Jackson Lives: %s is in the disbanded 3rd Corps (J1)", u.ID)
		}
	}
	// J2: the artillery reserves.
	for id, cmd := range map[string]string{"csa.anv-art-res": "ANV", "csa.i-art-res": "1", "csa.ii-art-res": "2"} {
		if u := csaUnit(t, jl, id); u.Kind != "artillery" || u.Manpower != 2 || u.Command != cmd || u.Size != "battalion" {
			t.Errorf("Jackson Lives: %s %+v (J2)", id, u)
		}
	}
	// J6: the variant's own hexes where the tables differ.
	for id, pair := range map[string][2]string{"csa.robertson": {"SS2119", "SS2417"}, "csa.early": {"SS4532", "SS4530"}} {
		if b, v := csaUnit(t, base, id).Ref.String(), csaUnit(t, jl, id).Ref.String(); b != pair[0] || v != pair[1] {
			t.Errorf("%s: regular %s, variant %s; want %s, %s (J6)", id, b, v, pair[0], pair[1])
		}
	}
}

var variantLine = regexp.MustCompile(`000 lines? 1(78[2-9]|79[0-9]|80[0-8])\b`)

func TestOOBCSAJacksonLivesReplacesCSAOnly(t *testing.T) {
	base, jl := csaOrders(t)
	if jl.Variant != "jackson-lives" || jl.Game != lrtg.LRTG {
		t.Fatalf("variant %q of %s", jl.Variant, jl.Game)
	}
	// The Confederate side is the variant's alone: no regular-only unit leaks in.
	if jl.Unit("csa.jackson") == nil || base.Unit("csa.jackson") != nil {
		t.Error("Jackson is in the variant only")
	}
	ids := map[string]bool{}
	for _, u := range jl.Units {
		if u.Side == engine.CSA {
			if ids[u.ID] {
				t.Errorf("%s twice", u.ID)
			}
			ids[u.ID] = true
			// each variant unit cites a line of the variant table (1782-1808)
			if !variantLine.MatchString(u.Source) {
				t.Errorf("%s: source %q does not cite the variant table", u.ID, u.Source)
			}
		}
	}
	// The Union side of the variant is the regular one.
	if base.Count(engine.USA, "") == 0 {
		t.Skip("no Union order of battle yet (scenarios/oob/lrtg-usa*.yaml)")
	}
	sameUnion(t, base, jl)
}

// TestOOBCSAJacksonLivesKeepsUnion runs the Union comparison on the shipped
// Confederate files plus a stand-in Union file, so that it is exercised before
// the real Union order of battle exists.
func TestOOBCSAJacksonLivesKeepsUnion(t *testing.T) {
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"oob/usa.yaml": {Data: []byte("# stand-in\ngame: lrtg\nside: usa\ntime_chits: 3\nunits:\n" +
		"  - {id: usa.wright, name: Wright, kind: infantry, command: VI, manpower: 9, hex: SS4929, source: t}\n" +
		"depots:\n  - {place: Harpers Ferry, source: t}\ndamaged_stations: [Brandy Station]\n")}}
	for _, f := range []string{"lrtg-csa.yaml", "lrtg-csa-jackson-lives.yaml"} {
		b, err := fs.ReadFile(oobFS, "oob/"+f)
		if err != nil {
			t.Fatal(err)
		}
		fsys["oob/"+f] = &fstest.MapFile{Data: b}
	}
	os, err := loadOrders(fsys, "oob", ts)
	if err != nil {
		t.Fatal(err)
	}
	base, jl := os["lrtg"], os["lrtg/jackson-lives"]
	if base.Count(engine.USA, "") != 1 || jl.Count(engine.USA, "") != 1 || jl.Count(engine.CSA, "") != 33 || base.Count(engine.CSA, "") != 31 {
		t.Fatalf("stand-in: usa %d/%d, csa %d/%d", base.Count(engine.USA, ""), jl.Count(engine.USA, ""), base.Count(engine.CSA, ""), jl.Count(engine.CSA, ""))
	}
	sameUnion(t, base, jl)
}

// sameUnion checks that the variant's Union side is the regular one.
func sameUnion(t *testing.T, base, jl *engine.OrderOfBattle) {
	t.Helper()
	var bu, ju []string
	for _, o := range []struct {
		o   *engine.OrderOfBattle
		out *[]string
	}{{base, &bu}, {jl, &ju}} {
		for _, u := range o.o.Units {
			if u.Side == engine.USA {
				*o.out = append(*o.out, fmt.Sprintf("%s %s %v %s %d %d", u.ID, u.Ref, u.OnMap, u.Track, u.Slot, u.Manpower))
			}
		}
	}
	if !slices.Equal(bu, ju) {
		t.Errorf("the variant's Union units differ from the regular ones:\n%v\n%v", bu, ju)
	}
	if base.Chits[engine.USA] != jl.Chits[engine.USA] || !slices.Equal(base.Damaged, jl.Damaged) {
		t.Errorf("Union chits %d/%d, damaged stations %v / %v", base.Chits[engine.USA], jl.Chits[engine.USA], base.Damaged, jl.Damaged)
	}
	var bd, jd []string
	for _, d := range base.Depots {
		if d.Side == engine.USA {
			bd = append(bd, d.Place)
		}
	}
	for _, d := range jl.Depots {
		if d.Side == engine.USA {
			jd = append(jd, d.Place)
		}
	}
	if !slices.Equal(bd, jd) {
		t.Errorf("Union depots %v / %v", bd, jd)
	}
}
