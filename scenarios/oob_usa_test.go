package scenarios

import (
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The Union order of battle of LRTG (scenarios/oob/lrtg-usa.yaml), checked
// against literals read off 000 VIII 4) Union Set-Up (lines 2207-2308) and
// against the release / reinforcement charts of lrtg-p1-reinforcements.yaml.

func usaOOB(t *testing.T) *engine.OrderOfBattle {
	t.Helper()
	os, err := OrdersOfBattle()
	if err != nil {
		t.Fatal(err)
	}
	o := os["lrtg"]
	if o == nil {
		t.Fatal("no lrtg order of battle")
	}
	return o
}

func usaUnit(t *testing.T, o *engine.OrderOfBattle, id string) *engine.UnitSetup {
	t.Helper()
	u := o.Unit(id)
	if u == nil {
		t.Fatalf("no unit %s", id)
	}
	return u
}

func usaUnits(o *engine.OrderOfBattle) []engine.UnitSetup {
	var out []engine.UnitSetup
	for _, u := range o.Units {
		if u.Side == engine.USA {
			out = append(out, u)
		}
	}
	return out
}

func hasMark(u *engine.UnitSetup, m string) bool {
	for _, x := range u.Marks {
		if x == m {
			return true
		}
	}
	return false
}

func releaseGroup(u *engine.UnitSetup) int {
	for _, m := range u.Marks {
		if n, ok := strings.CutPrefix(m, "release-group-"); ok {
			g, _ := strconv.Atoi(n)
			return g
		}
	}
	return 0
}

// Counts per kind, per command and on / off the map, counted by hand from
// the seed's table (lines 2210-2299) and the 16.2 replacement list.
func TestOOBUSACounts(t *testing.T) {
	o := usaOOB(t)
	if n := o.Count(engine.USA, ""); n != 100 {
		t.Errorf("%d Union units, want 100 (86 at the start + 14 Meade replacements)", n)
	}
	kinds := map[string]int{"leader": 17, "infantry": 47, "cavalry": 23, "artillery": 3, "militia": 10, "wagon": 0}
	for k, want := range kinds {
		if n := o.Count(engine.USA, engine.UnitKind(k)); n != want {
			t.Errorf("%s: %d, want %d", k, n, want)
		}
	}
	// The set-up (every unit but the 16.2 replacements), per printed command.
	wantCmd := map[string]int{"AoP": 4, "VI": 4, "V": 3, "I": 4, "XI": 4, "III": 3, "XII": 4, "II": 4, "Cav": 8,
		"VIII": 1, "Balt": 8, "HF": 5, "WV": 6, "RR": 1, "DC": 15, "PA": 12}
	gotCmd := map[string]int{}
	onMap, byTrack := 0, map[string]int{}
	for _, u := range usaUnits(o) {
		if u.OnMap {
			onMap++
		} else {
			byTrack[u.Track]++
		}
		if u.Track != "meade-replacement" {
			gotCmd[u.Command]++
		}
	}
	for c, want := range wantCmd {
		if gotCmd[c] != want {
			t.Errorf("command %s: %d units, want %d", c, gotCmd[c], want)
		}
	}
	for c := range gotCmd {
		if _, ok := wantCmd[c]; !ok {
			t.Errorf("unexpected command %q", c)
		}
	}
	if onMap != 71 {
		t.Errorf("%d units on the map, want 71", onMap)
	}
	wantTrack := map[string]int{"reinforcement": 2, "wv": 3, "pa-militia": 10, "meade-replacement": 14}
	for tr, want := range wantTrack {
		if byTrack[tr] != want {
			t.Errorf("track %s: %d units, want %d", tr, byTrack[tr], want)
		}
	}
	if len(byTrack) != len(wantTrack) {
		t.Errorf("tracks %v, want %v", byTrack, wantTrack)
	}
	if o.Chits[engine.USA] != 3 {
		t.Errorf("Union time chits %d, want 3 (line 2300, 22.5)", o.Chits[engine.USA])
	}
}

// Every hex typed, against the seed's cell (line number and text as printed).
func TestOOBUSAHexesAgainstSeed(t *testing.T) {
	o := usaOOB(t)
	type row struct {
		id, printed, hex string
	}
	rows := []row{
		{"usa.sedgwick", "2210 SS4929 (SJW - South)", "SS4929"},
		{"usa.wright", "2211 SS4929", "SS4929"},
		{"usa.howe", "2212 SS4930 - Snowdon", "SS4930"},
		{"usa.newton", "2213 SS4830", "SS4830"},
		{"usa.meade", "2214 S$4927", "SS4927"}, // U1
		{"usa.ayres", "2215 SS4927", "SS4927"},
		{"usa.barnes", "2216 SS4826", "SS4826"},
		{"usa.reynolds", "2217 SS4828", "SS4828"},
		{"usa.wadsworth", "2218 SS4828", "SS4828"},
		{"usa.doubleday", "2219 SS4728", "SS4728"},
		{"usa.robinson", "2220 S$4627", "SS4627"}, // U1
		{"usa.howard", "2221 SS4525", "SS4525"},
		{"usa.schurz", "2222 SS4525", "SS4525"},
		{"usa.steinwehr", "2223 SS4625 - Boscobel", "SS4625"},
		{"usa.barlow", "2224 SS4524", "SS4524"},
		{"usa.sickles", "2225 SS4527", "SS4527"},
		{"usa.humphries", "2226 SS4527", "SS4527"},
		{"usa.birney", "2227 SS4327 SS4426 - Falmouth", "SS4327"},              // U3
		{"usa.art-res-1", "2228 SS4426 - Falmouth", "SS4426"},                  // U3
		{"usa.art-res-2", "2229 SS4420 - Faimouti SS4527", "SS4527"},           // U3
		{"usa.art-res-3", "2230 SS4527 SS4627", "SS4627"},                      // U3
		{"usa.slocum", "2231 SS4627 SS4520 - Stafford Ct. House.", "SS4520"},   // U3
		{"usa.williams", "2233 SS4520 - Stafford Ct. House. SS4419", "SS4520"}, // U3
		{"usa.geary", "2233 SS4520 - Stafford Ct. House. SS4419", "SS4419"},    // U3
		{"usa.hooker", "2236 With any AoP Corps Commander", "SS4929"},          // U5
		{"usa.hancock", "2237 SS4225", "SS4225"},
		{"usa.gibbon", "2238 SS4225", "SS4225"},
		{"usa.caldwell", "2239 SS4023 – Beria Church", "SS4023"},
		{"usa.french", "2240 SS4326", "SS4326"},
		{"usa.whiting", "2242 SS4423", "SS4423"},
		{"usa.davis", "2243 SS4323", "SS4323"},
		{"usa.devin", "2244 SS3409", "SS3409"},
		{"usa.dicesnola", "2245 SS3007", "SS3007"},
		{"usa.gregg", "2246 SS3108 - Warrenton Jct.", "SS3108"},
		{"usa.wyndam", "2247 SS3208", "SS3208"},
		{"usa.kilpatrick", "2248 SS3309", "SS3309"},
		{"usa.pleasonton", "2250 With any AoP Cav unit", "SS4423"}, // U5
		{"usa.1-ct", "2251 Mt. Royal Depot (HCR E 3013)", "HE3013"},
		{"usa.7-ny", "2252 HE3115 Camden Station", "HE3115"},
		{"usa.briggs", "2253 HE2518 - Relay House", "HE2518"},
		{"usa.6-ny", "2254 HE3014 Mt. Claire Station", "HE3014"},
		{"usa.1-md", "2255 HE2736 - Mitchelville", "HE2736"},
		{"usa.109-ny", "2256 HE2223- Annapolis Jct.", "HE2223"},
		{"usa.3-md-phb", "2257 HE3932 - Annapolis", "HE3932"},
		{"usa.179-pa", "2258 York RN5826", "RN5826"},
		{"usa.schenck", "2261 HE3115 - Camden Station", "HE3115"},
		{"usa.morris", "2262 Naval Battery (RS 0732)", "RS0732"},
		{"usa.kenly", "2263 RS0632 - Harpers Ferry", "RS0632"},
		{"usa.b-smith", "2264 Martinsburg (HW 1314)", "HW1314"},
		{"usa.13-pa", "2265 HW0331", "HW0331"},
		{"usa.elliott", "2266 HW0330 - Winchester", "HW0330"},
		{"usa.1ny-12pa", "2267 HW0133- Kernstown", "HW0133"},
		{"usa.ely", "2268 HW0332 - Winchester Toll Hse.", "HW0332"},
		{"usa.pierce", "2269 HW1332 - Berryville", "HW1332"},
		{"usa.haupt", "2273 Ellicott Mills (HE 2116)", "HE2116"},
		{"usa.jewett", "2275 Poolesville (HE4431)", "HW4431"}, // U8
		{"usa.39-ma", "2276 HE0838 - Georgetown", "HE0838"},
		{"usa.wells", "2277 HE1236 - Military Asylum", "HE1236"},
		{"usa.2-ma", "2278 HE1034 - Ft. Stevens", "HE1034"},
		{"usa.heintzelman", "2279 HE0939 - White House", "HE0939"},
		{"usa.casey", "2280 HE0939 - White House", "HE0939"},
		{"usa.fessenden", "2281 HE1141 - US Arsenal (DC)", "HE1141"},
		{"usa.stannard", "2282 HE1240 - Navy Yard", "HE1240"},
		{"usa.hays-dc", "2283 HE1140 The Capitol", "HE1140"},
		{"usa.sickel", "2285 HE0944 - Alexandria", "HE0944"},
		{"usa.crawford", "2286 Fairfax Sta. (SN 5020)", "SN5020"},
		{"usa.deforest", "2287 SN5017 - Fairfax Ct. House", "SN5017"},
		{"usa.copeland", "2288 SN5116 - Flint Hill", "SN5116"},
		{"usa.price", "2289 SN5018 - Farrs Crossroads", "SN5018"},
		{"usa.knipe", "2291 Chambersburg (RN 0929)", "RN0929"},
		{"usa.yates", "2292 RN4909 - Harrisburg", "RN4909"},
	}
	// The cells whose hex is a choice rather than a plain reading.
	choices := map[string]bool{"usa.meade": true, "usa.robinson": true, "usa.birney": true, "usa.art-res-1": true,
		"usa.art-res-2": true, "usa.art-res-3": true, "usa.slocum": true, "usa.williams": true, "usa.geary": true,
		"usa.hooker": true, "usa.pleasonton": true, "usa.jewett": true}
	seen := map[string]bool{}
	norm := func(s string) string {
		return strings.NewReplacer("HCRE", "HE", "$", "S").Replace(strings.ReplaceAll(s, " ", ""))
	}
	for _, r := range rows {
		seen[r.id] = true
		u := usaUnit(t, o, r.id)
		if !u.OnMap || u.Ref.String() != r.hex {
			t.Errorf("%s: %s (on map %v), want %s (seed line %s)", r.id, u.Ref, u.OnMap, r.hex, r.printed)
		}
		if !choices[r.id] && !strings.Contains(norm(r.printed), r.hex) {
			t.Errorf("%s: %s is not what line %s prints", r.id, r.hex, r.printed)
		}
		if choices[r.id] && strings.Contains(r.printed, "SS") && !strings.Contains(norm(r.printed), r.hex) {
			t.Errorf("%s: choice %s is not one of the hexes on line %s", r.id, r.hex, r.printed)
		}
	}
	for _, u := range usaUnits(o) {
		if u.OnMap && !seen[u.ID] {
			t.Errorf("%s is on the map at %s but not in the seed table here", u.ID, u.Ref)
		}
	}
}

// Units printed at a named place stand in that place's hex of the map data.
func TestOOBUSAPlaces(t *testing.T) {
	o := usaOOB(t)
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	at := map[string]string{
		"usa.howe": "Snowdon", "usa.steinwehr": "Boscobel", "usa.art-res-1": "Falmouth", "usa.slocum": "Stafford Court House",
		"usa.williams": "Stafford Court House", "usa.caldwell": "Beria Church", "usa.gregg": "Warrenton Junction",
		"usa.1-ct": "Mt. Royal Depot", "usa.7-ny": "Camden Station", "usa.briggs": "Relay House", "usa.6-ny": "Mt. Claire Station",
		"usa.1-md": "Mitchelville", "usa.109-ny": "Annapolis Junction", "usa.3-md-phb": "Annapolis", "usa.179-pa": "York",
		"usa.schenck": "Camden Station", "usa.morris": "Naval Battery", "usa.kenly": "Harpers Ferry", "usa.b-smith": "Martinsburg",
		"usa.elliott": "Winchester", "usa.1ny-12pa": "Kernstown", "usa.ely": "Winchester Toll House", "usa.pierce": "Berryville",
		"usa.haupt": "Ellicott Mills", "usa.jewett": "Poolesville", "usa.39-ma": "Georgetown", "usa.wells": "Military Asylum",
		"usa.2-ma": "Ft. Stevens", "usa.heintzelman": "White House", "usa.casey": "White House", "usa.fessenden": "US Arsenal (DC)",
		"usa.stannard": "Navy Yard", "usa.hays-dc": "US Capitol", "usa.sickel": "Alexandria", "usa.crawford": "Fairfax Station",
		"usa.deforest": "Fairfax Court House", "usa.copeland": "Flint Hill", "usa.price": "Farrs Crossroads",
		"usa.knipe": "Chambersburg", "usa.yates": "Harrisburg",
	}
	for id, name := range at {
		u := usaUnit(t, o, id)
		p := th.Place(name)
		if p == nil {
			t.Errorf("%s: no place %q", id, name)
			continue
		}
		if p.Hex != u.Hex {
			t.Errorf("%s at %s, but %s is %s", id, u.Ref, name, p.Ref)
		}
	}
}

// Choices U2-U5, U7, U9-U12 of the file header.
func TestOOBUSAChoices(t *testing.T) {
	o := usaOOB(t)
	// U2: Sickles is the III Corps leader.
	if u := usaUnit(t, o, "usa.sickles"); u.Kind != "leader" || u.Command != "III" || u.Manpower != 0 {
		t.Errorf("sickles = %+v", u)
	}
	// U3: Slocum is XII, the merged Williams / Geary row is split 7 / 8.
	if u := usaUnit(t, o, "usa.slocum"); u.Command != "XII" || u.Kind != "leader" {
		t.Errorf("slocum = %+v", u)
	}
	if w, g := usaUnit(t, o, "usa.williams"), usaUnit(t, o, "usa.geary"); w.Manpower != 7 || g.Manpower != 8 || w.Command != "XII" || g.Command != "XII" {
		t.Errorf("williams %d %s, geary %d %s", w.Manpower, w.Command, g.Manpower, g.Command)
	}
	// U3: every AoP corps leader stands with his first-listed division.
	for leader, div := range map[string]string{"usa.sedgwick": "usa.wright", "usa.meade": "usa.ayres", "usa.reynolds": "usa.wadsworth",
		"usa.howard": "usa.schurz", "usa.sickles": "usa.humphries", "usa.slocum": "usa.williams", "usa.hancock": "usa.gibbon"} {
		if l, d := usaUnit(t, o, leader), usaUnit(t, o, div); l.Hex != d.Hex || l.Command != d.Command {
			t.Errorf("%s (%s %s) is not with %s (%s %s)", leader, l.Ref, l.Command, div, d.Ref, d.Command)
		}
	}
	// U4
	if h, b := usaUnit(t, o, "usa.humphries"), usaUnit(t, o, "usa.birney"); h.Manpower != 11 || b.Manpower != 11 {
		t.Errorf("III Corps %d %d, want 11 11", h.Manpower, b.Manpower)
	}
	// U5: Hooker with Sedgwick, Pleasonton with Whiting, by default.
	if h, s := usaUnit(t, o, "usa.hooker"), usaUnit(t, o, "usa.sedgwick"); h.Hex != s.Hex || h.Size != "army" || !strings.Contains(h.Notes, "With any AoP corps commander") {
		t.Errorf("hooker = %+v", h)
	}
	if p, w := usaUnit(t, o, "usa.pleasonton"), usaUnit(t, o, "usa.whiting"); p.Hex != w.Hex || p.Kind != "leader" {
		t.Errorf("pleasonton = %+v", p)
	}
	// U6, U7
	for id, name := range map[string]string{"usa.1-md": "1 MD", "usa.deforest": "DeForest", "usa.nagle": "Nagle", "usa.ely": "Ely"} {
		if u := usaUnit(t, o, id); u.Name != name {
			t.Errorf("%s named %q, want %q", id, u.Name, name)
		}
	}
	// Caldwell's markers, Kenly's Harpers Ferry note, the DC Only units.
	if c := usaUnit(t, o, "usa.caldwell"); !hasMark(c, "entrenched") || !hasMark(c, "flanks-refused") || len(c.Marks) != 2 {
		t.Errorf("caldwell marks %v", c.Marks)
	}
	if k := usaUnit(t, o, "usa.kenly"); !strings.Contains(k.Notes, "at least five manpower points must remain in Harpers Ferry") {
		t.Errorf("kenly notes %q", k.Notes)
	}
	for _, id := range []string{"usa.casey", "usa.jewett"} {
		if u := usaUnit(t, o, id); !hasMark(u, "dc-only") || releaseGroup(u) != 0 {
			t.Errorf("%s marks %v", id, u.Marks)
		}
	}
	// Notes (1)-(3).
	for id, want := range map[string]string{"usa.lockwood": "Note (1)", "usa.crawford": "Note (2)", "usa.stannard": "Note (3)"} {
		if u := usaUnit(t, o, id); !strings.Contains(u.Notes, want) {
			t.Errorf("%s notes %q lack %s", id, u.Notes, want)
		}
	}
	// U10: cavalry divisions in the notes; U11: Haupt; U12: PA cavalry.
	div := map[string]string{"usa.whiting": "1st", "usa.davis": "1st", "usa.devin": "1st", "usa.dicesnola": "2nd", "usa.gregg": "2nd",
		"usa.wyndam": "3rd", "usa.kilpatrick": "3rd", "usa.merritt": "1st", "usa.gamble": "1st", "usa.huey": "2nd",
		"usa.mcintosh": "3rd", "usa.custer": "3rd", "usa.farnsworth": "3rd", "usa.buford": "1st", "usa.gregg-ldr": "2nd", "usa.kilpatrick-ldr": "3rd"}
	for id, d := range div {
		if u := usaUnit(t, o, id); u.Command != "Cav" || !strings.Contains(u.Notes, "division: "+d) {
			t.Errorf("%s: command %s notes %q, want Cav, division %s", id, u.Command, u.Notes, d)
		}
	}
	if h := usaUnit(t, o, "usa.haupt"); h.Command != "RR" || h.Manpower != 1 || !strings.Contains(h.Notes, "engineer") {
		t.Errorf("haupt = %+v", h)
	}
	for _, id := range []string{"usa.20-pa", "usa.21-pa"} {
		if u := usaUnit(t, o, id); u.Kind != "cavalry" || u.Command != "PA" {
			t.Errorf("%s = %s %s", id, u.Kind, u.Command)
		}
	}
	// U16: sizes.
	sizes := map[string]int{}
	for _, u := range usaUnits(o) {
		sizes[u.Size]++
		if u.Size == "" && u.ID != "usa.haupt" {
			t.Errorf("%s has no size", u.ID)
		}
	}
	// army: Hooker, Meade; corps: 7 AoP corps leaders, Pleasonton, Schenck, Heintzelman, Sykes,
	// Couch; division: 18 AoP infantry, Crawford, Hays (II), Buford, Gregg, Kilpatrick;
	// regiment: 7 Balt, 13 PA, 1NY/12P, 39 MA, 2 MA, 20 PA, 21 PA; the other 49 are brigades.
	wantSizes := map[string]int{"army": 2, "corps": 12, "division": 23, "brigade": 49, "regiment": 13, "": 1}
	for sz, w := range wantSizes {
		if sizes[sz] != w {
			t.Errorf("size %q: %d units, want %d", sz, sizes[sz], w)
		}
	}
	// U9 / U10: the Meade replacements all come on the one event, with no manpower of their own.
	for _, u := range usaUnits(o) {
		if u.Track == "meade-replacement" && (u.Slot != 1 || u.Manpower != 0 || !strings.HasPrefix(u.Entry, "16.2 ")) {
			t.Errorf("%s: slot %d manpower %d entry %q", u.ID, u.Slot, u.Manpower, u.Entry)
		}
	}
}

// Union infantry manpower on the map and on each track.
func TestOOBUSAManpower(t *testing.T) {
	o := usaOOB(t)
	type key struct{ where, kind string }
	got := map[key]int{}
	for _, u := range usaUnits(o) {
		where := "map"
		if !u.OnMap {
			where = u.Track
		}
		kind := string(u.Kind)
		if u.Command == "RR" {
			kind = "engineer"
		}
		got[key{where, kind}] += u.Manpower
	}
	want := map[key]int{
		// AoP 134 (VI 28, V 15, I 19, XI 16, III 22, XII 15, II 19) + Balt 10 + HF 18 + WV 8 + DC 26.
		{"map", "infantry"}:  196,
		{"map", "engineer"}:  1,
		{"map", "cavalry"}:   27, // AoP 2+2+2+3+2+3+3 = 17, Balt 1+1, HF 1, WV 1, DC 1+2+2+1 = 6
		{"map", "artillery"}: 6,
		{"map", "militia"}:   4,
		// Lockwood 3, Spinola 4.
		{"reinforcement", "infantry"}: 7,
		{"wv", "infantry"}:            8,
		{"pa-militia", "militia"}:     48,
		{"pa-militia", "cavalry"}:     2,
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s %s manpower %d, want %d", k.where, k.kind, got[k], w)
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok && g != 0 {
			t.Errorf("unexpected manpower %d for %s %s", g, k.where, k.kind)
		}
	}
	// Per AoP corps.
	corps := map[string]int{"VI": 28, "V": 15, "I": 19, "XI": 16, "III": 22, "XII": 15, "II": 19}
	gotCorps := map[string]int{}
	for _, u := range usaUnits(o) {
		if u.OnMap && u.Kind == "infantry" {
			gotCorps[u.Command] += u.Manpower
		}
	}
	for c, w := range corps {
		if gotCorps[c] != w {
			t.Errorf("%s Corps infantry %d, want %d", c, gotCorps[c], w)
		}
	}
}

// Each track's slots run 1..n without gaps.
func TestOOBUSATrackSlots(t *testing.T) {
	o := usaOOB(t)
	slots := map[string]map[int]bool{}
	for _, u := range usaUnits(o) {
		if u.OnMap {
			if u.Track != "" || u.Slot != 0 || u.Entry != "" {
				t.Errorf("%s is on the map with track %q slot %d entry %q", u.ID, u.Track, u.Slot, u.Entry)
			}
			continue
		}
		if u.Entry == "" {
			t.Errorf("%s (track %s) has no entry", u.ID, u.Track)
		}
		if slots[u.Track] == nil {
			slots[u.Track] = map[int]bool{}
		}
		slots[u.Track][u.Slot] = true
	}
	for tr, s := range slots {
		for i := 1; i <= len(s); i++ {
			if !s[i] {
				var got []int
				for k := range s {
					got = append(got, k)
				}
				sort.Ints(got)
				t.Errorf("track %s slots %v do not run 1..%d", tr, got, len(s))
				break
			}
		}
	}
	for _, tr := range []string{"reinforcement", "wv", "pa-militia", "meade-replacement"} {
		if slots[tr] == nil {
			t.Errorf("no track %s", tr)
		}
	}
	// Lockwood and Spinola share the one trigger (000 3.2 line 481).
	l, s := usaUnit(t, o, "usa.lockwood"), usaUnit(t, o, "usa.spinola")
	if l.Track != "reinforcement" || s.Track != "reinforcement" || l.Slot != 1 || s.Slot != 1 ||
		!strings.Contains(l.Entry, "HE2050") || !strings.Contains(s.Entry, "South Chesapeake Bay") {
		t.Errorf("lockwood %s %d %q, spinola %s %d %q", l.Track, l.Slot, l.Entry, s.Track, s.Slot, s.Entry)
	}
}

// The Baltimore/DC release groups (marks release-group-N) against the chart.
func TestOOBUSAReleaseGroups(t *testing.T) {
	o := usaOOB(t)
	c := chart(t, "lrtg.baltimore-dc-release-order")
	byName := map[string]*engine.UnitSetup{}
	groups := map[int][]string{}
	for i := range o.Units {
		u := &o.Units[i]
		if u.Side != engine.USA || u.Track == "meade-replacement" {
			continue
		}
		byName[u.Name] = u
		if g := releaseGroup(u); g != 0 {
			groups[g] = append(groups[g], u.Name)
		}
	}
	if len(c.Rows) != 8 || len(groups) != 8 {
		t.Fatalf("chart has %d groups, the order of battle %d", len(c.Rows), len(groups))
	}
	for _, row := range c.Rows {
		g, _ := strconv.Atoi(row[0])
		names := strings.Split(row[1], ", ")
		desig := strings.Split(row[2], ", ")
		mp := strings.Split(row[3], ", ")
		if len(names) != len(mp) || len(names) != len(groups[g]) {
			t.Errorf("group %d: chart %v (%v), order of battle %v", g, names, mp, groups[g])
			continue
		}
		for i, n := range names {
			if n == "Hays or Willard" {
				n = "Hays" // Willard replaces Hays (DC) when Meade commands: usa.willard, same group
			}
			u := byName[n]
			if u == nil {
				t.Errorf("group %d: no unit %q", g, n)
				continue
			}
			if releaseGroup(u) != g {
				t.Errorf("%s: release group %d, chart %d", u.ID, releaseGroup(u), g)
			}
			if m, _ := strconv.Atoi(mp[i]); m != u.Manpower {
				t.Errorf("%s: manpower %d, chart %d", u.ID, u.Manpower, m)
			}
			d := desig[0]
			if len(desig) > 1 {
				d = desig[i]
			}
			// Lockwood is a DC-release unit but printed XII (note (1)): the one exception.
			if u.Command != d && u.ID != "usa.lockwood" {
				t.Errorf("%s: command %s, chart %s", u.ID, u.Command, d)
			}
		}
	}
	if l := usaUnit(t, o, "usa.lockwood"); l.Command != "XII" {
		t.Errorf("lockwood command %s, want XII", l.Command)
	}
	if w := usaUnit(t, o, "usa.willard"); releaseGroup(w) != 4 {
		t.Errorf("willard release group %d, want 4", releaseGroup(w))
	}
	// Every Balt and DC unit is in a group, except the leaders and the DC Only units.
	for _, u := range usaUnits(o) {
		if (u.Command == "Balt" || u.Command == "DC") && u.Kind != "leader" && u.Track != "meade-replacement" {
			if (releaseGroup(&u) == 0) != hasMark(&u, "dc-only") {
				t.Errorf("%s: release group %d, marks %v", u.ID, releaseGroup(&u), u.Marks)
			}
		}
	}
}

// The WV boxes and the PA militia order against their charts.
func TestOOBUSAReinforcementOrders(t *testing.T) {
	o := usaOOB(t)
	for track, id := range map[string]string{"wv": "lrtg.west-virginia-reinforcement-order", "pa-militia": "lrtg.pa-militia-order"} {
		c := chart(t, id)
		bySlot := map[int]*engine.UnitSetup{}
		n := 0
		for i := range o.Units {
			if u := &o.Units[i]; u.Side == engine.USA && u.Track == track {
				bySlot[u.Slot] = u
				n++
			}
		}
		if n != len(c.Rows) {
			t.Errorf("%s: %d units, chart %d rows", track, n, len(c.Rows))
		}
		for _, row := range c.Rows {
			slot, _ := strconv.Atoi(row[0])
			mp, _ := strconv.Atoi(row[2])
			u := bySlot[slot]
			if u == nil || u.Name != row[1] || u.Manpower != mp {
				t.Errorf("%s slot %d: %+v, chart %s %d", track, slot, u, row[1], mp)
			}
		}
	}
	// Knipe and Yates start on the map; 1NY/12P and Pierce too (000 3.2 lines 488, 517).
	for _, id := range []string{"usa.knipe", "usa.yates", "usa.1ny-12pa", "usa.pierce"} {
		if u := usaUnit(t, o, id); !u.OnMap {
			t.Errorf("%s is not on the map", id)
		}
	}
}

// Depots and damaged stations: line 2304 and line 2308, with the station
// names the map data does not have yet (choice U15).
func TestOOBUSADepotsAndDamage(t *testing.T) {
	o := usaOOB(t)
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	depots := map[string]string{"Alexandria": "HE0944", "Aquia Creek Station": "SS5021", "Winchester": "HW0330",
		"Harpers Ferry": "RS0632", "Martinsburg": "HW1314", "Baltimore Depot": "HE1139", "Camden Station": "HE3115",
		"Mt. Royal Depot": "HE3013", "Harrisburg": "RN4909", "Frederick": "", "Rockville": "", "Manassas Junction": ""}
	// Frederick: line 2304 prints "HE 2826", which is not Frederick; the map
	// data puts it at RS2326 (maps places choice 2, rtg2 roster S2326).
	if p := th.Place("Frederick"); p == nil || p.Ref.String() != "RS2326" {
		t.Errorf("Frederick is %+v, want RS2326 (maps choice 2)", p)
	}
	n := 0
	for _, d := range o.Depots {
		if d.Side != engine.USA {
			continue
		}
		n++
		hex, ok := depots[d.Place]
		if !ok || d.Optional {
			t.Errorf("depot %s (optional %v) is not a Union depot of line 2304", d.Place, d.Optional)
			continue
		}
		if hex == "" {
			continue
		}
		h, _, err := th.ParseHex(hex, "")
		if p := th.Place(d.Place); err != nil || p.Hex != h {
			t.Errorf("depot %s: the map has %s, line 2304 prints %s (%v)", d.Place, p.Ref, hex, err)
		}
	}
	if n != len(depots) {
		t.Errorf("%d Union depots, want %d", n, len(depots))
	}
	if hf := usaDepot(o, "Harpers Ferry"); hf == nil || !strings.Contains(hf.Source, "until Meade takes command") {
		t.Errorf("harpers ferry depot %+v", hf)
	}
	damaged := []string{"Rappahannock Station", "Brandy Station", "Vienna", "Scotland", "White Plains", "Piedmont Depot"}
	if strings.Join(o.Damaged, "|") != strings.Join(damaged, "|") {
		t.Errorf("damaged stations %v, want %v", o.Damaged, damaged)
	}
	// Printed on line 2308 but not places of the map: when the map gains one,
	// add it to damaged_stations and move it out of this list.
	missing := []string{"Charlestown", "Stephens Depot", "Tank Station", "Owings Mills", "Guilford Sta.", "Guilford Station",
		"Thornton", "Granite Hill Station", "Smith Station", "Cold Spring Station", "Sell Station", "Linden Station"}
	for _, m := range missing {
		if th.Place(m) != nil {
			t.Errorf("%s is now a place of the map: list it in damaged_stations (000 VIII line 2308)", m)
		}
	}
}

func usaDepot(o *engine.OrderOfBattle, place string) *engine.DepotSetup {
	for i := range o.Depots {
		if o.Depots[i].Side == engine.USA && o.Depots[i].Place == place {
			return &o.Depots[i]
		}
	}
	return nil
}
