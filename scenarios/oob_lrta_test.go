package scenarios

import (
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The shipped LRTA order of battle (scenarios/oob/lrta-*.yaml) and the
// import reader (ParseOrderOfBattle, docs/oob-format.md).

func lrtaOOB(t *testing.T) *engine.OrderOfBattle {
	t.Helper()
	all, err := OrdersOfBattle()
	if err != nil {
		t.Fatal(err)
	}
	o := all["lrta"]
	if o == nil || o.Game != lrtg.LRTA {
		t.Fatalf("no LRTA order of battle: %v", o)
	}
	return o
}

func lrtaUnit(t *testing.T, o *engine.OrderOfBattle, id string) *engine.UnitSetup {
	t.Helper()
	u := o.Unit(id)
	if u == nil {
		t.Fatalf("no unit %s", id)
	}
	return u
}

func hasMarkLRTA(u *engine.UnitSetup, m string) bool {
	for _, x := range u.Marks {
		if x == m {
			return true
		}
	}
	return false
}

func TestLRTAOOBLoadsAndIsWhole(t *testing.T) {
	o := lrtaOOB(t)
	if err := CheckOrderOfBattle(o); err != nil {
		t.Fatal(err)
	}
	if o.Variant != "" {
		t.Errorf("variant %q", o.Variant)
	}
}

// The counts docs/oob-format.md states ("The shipped LRTA order of battle").
func TestLRTAOOBCounts(t *testing.T) {
	o := lrtaOOB(t)
	type where struct {
		side  engine.Side
		track string // "" on the map
	}
	got := map[where]int{}
	mp := map[engine.Side]int{}
	for _, u := range o.Units {
		got[where{u.Side, u.Track}]++
		if u.OnMap {
			mp[u.Side] += u.Manpower
		}
	}
	want := map[where]int{
		{engine.CSA, ""}: 16, {engine.CSA, "reinforcement"}: 5, {engine.CSA, "rest-refit"}: 7,
		{engine.USA, ""}: 52, {engine.USA, "reinforcement"}: 17, {engine.USA, "union-reorganization"}: 15,
		{engine.USA, "cavalry-exhaustion"}: 10, {engine.USA, "mcclellan"}: 2, {engine.USA, "leader-casualty"}: 2,
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s %q: %d units, want %d", k.side, k.track, got[k], n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("places: %v", got)
	}
	if o.Count(engine.CSA, "") != 28 || o.Count(engine.USA, "") != 98 {
		t.Errorf("totals %d / %d, want 28 / 98", o.Count(engine.CSA, ""), o.Count(engine.USA, ""))
	}
	if mp[engine.CSA] != 111 || mp[engine.USA] != 207 {
		t.Errorf("manpower on the map %v, want csa 111, usa 207 (U12: Whipple's division 8, not sjw9's brigade 2)", mp)
	}
	onMap := map[string]int{}
	later := map[string]int{}
	for _, u := range o.Units {
		k := string(u.Side) + " " + u.Command
		if u.OnMap {
			onMap[k]++
		} else if u.Track == "reinforcement" {
			later[k]++
		}
	}
	wantOn := map[string]int{"csa L": 7, "csa J": 4, "csa Cav": 4, "csa ANV": 1,
		"usa I": 5, "usa II": 5, "usa III": 3, "usa IX": 5, "usa AV": 1, "usa V-AP": 5, "usa Cav": 7,
		"usa DC": 4, "usa Shen": 3, "usa RR": 6, "usa Balt": 8}
	wantLater := map[string]int{"csa L": 4, "csa Cav": 1, "usa III-AP": 3, "usa V-AP": 1, "usa VI-AP": 5,
		"usa II-AP": 4, "usa Kan": 2, "usa Res": 1, "usa Cav": 1}
	for _, c := range []struct {
		name      string
		got, want map[string]int
	}{{"on the map", onMap, wantOn}, {"reinforcements", later, wantLater}} {
		if len(c.got) != len(c.want) {
			t.Errorf("%s by command: %v, want %v", c.name, c.got, c.want)
		}
		for k, n := range c.want {
			if c.got[k] != n {
				t.Errorf("%s: %s has %d, want %d", c.name, k, c.got[k], n)
			}
		}
	}
}

// A sample pinned to the rosters' rows (the source of each unit quotes
// its row; the values here are the row's).
func TestLRTAOOBRosterValues(t *testing.T) {
	o := lrtaOOB(t)
	for _, c := range []struct {
		id, name, kind, size, command string
		manpower                      int
		ref, track                    string
		slot                          int
	}{
		{"csa.lee", "Lee", "leader", "army", "ANV", 0, "SS1727", "", 0},
		{"csa.stuart", "Stuart", "leader", "corps", "Cav", 0, "SS1625", "", 0},
		{"csa.ap-hill", "A.P. Hill", "infantry", "division", "J", 18, "SS1529", "", 0},
		{"csa.ewell", "Ewell (B)", "infantry", "division", "J", 14, "SS1430", "", 0},
		{"csa.evans", "Evans", "infantry", "brigade", "L", 5, "SS1729", "", 0},
		{"csa.anderson", "Anderson", "infantry", "division", "L", 14, "SS0832", "", 0},
		{"csa.2va", "2 VA", "cavalry", "regiment", "Cav", 1, "SS1130", "", 0},
		{"csa.ripley", "Ripley", "infantry", "brigade", "L", 7, "", "reinforcement", 8},
		{"csa.hampton", "Hampton", "cavalry", "brigade", "Cav", 3, "", "reinforcement", 9},
		{"csa.mclaws", "McLaws", "infantry", "division", "L", 17, "", "reinforcement", 10},
		{"csa.dh-hill", "D.H. Hill", "infantry", "division", "L", 11, "", "reinforcement", 10},
		{"csa.walker", "Walker", "infantry", "division", "L", 7, "", "reinforcement", 12},
		{"usa.pope", "Pope", "leader", "army", "AV", 0, "SS1916", "", 0},
		{"usa.ricketts", "Ricketts", "infantry", "division", "III", 18, "SS1418", "", 0},
		{"usa.greene", "Greene", "infantry", "division", "II", 9, "SS1916", "", 0},
		{"usa.stevens", "Stevens", "infantry", "division", "IX", 8, "SS2219", "", 0},
		{"usa.fairchild", "Fairchild", "infantry", "brigade", "IX", 9, "SS4426", "", 0},
		{"usa.reynolds", "Reynolds", "infantry", "division", "V-AP", 13, "SS5021", "", 0},
		{"usa.morell", "Morell", "infantry", "division", "V-AP", 7, "SS5021", "", 0},
		{"usa.purnell-legion", "Purnell Legion", "infantry", "regiment", "II", 1, "SS3108", "", 0},
		{"usa.white", "White", "infantry", "brigade", "Shen", 3, "SN0301", "", 0},
		{"usa.trimble", "Trimble", "infantry", "brigade", "RR", 3, "HW2521", "", 0},
		{"usa.emory", "Emory", "infantry", "division", "Balt", 9, "HE3115", "", 0},
		{"usa.abercrombie", "Abercrombie", "infantry", "division", "DC", 5, "HE0537", "", 0},
		{"usa.heintzelman", "Heintzelman", "leader", "corps", "III-AP", 0, "", "reinforcement", 6},
		{"usa.hooker", "Hooker", "infantry", "division", "III-AP", 14, "", "reinforcement", 7},
		{"usa.sedgwick", "Sedgwick", "infantry", "division", "II-AP", 14, "", "reinforcement", 11},
		{"usa.moor", "Moor", "infantry", "brigade", "Kan", 3, "", "reinforcement", 12},
		{"usa.couch", "Couch", "infantry", "division", "VI-AP", 11, "", "reinforcement", 14},
		{"usa.pleasonton", "Pleasonton", "cavalry", "brigade", "Cav", 3, "", "reinforcement", 15},
		{"usa.meade", "Meade", "infantry", "division", "I-AP", 9, "", "union-reorganization", 3},
		{"usa.french", "French", "infantry", "division", "II-AP", 10, "", "mcclellan", 1},
		{"csa.funk", "Funk", "infantry", "brigade", "", 3, "", "rest-refit", 7},
	} {
		u := lrtaUnit(t, o, c.id)
		ref := ""
		if u.OnMap {
			ref = u.Ref.String()
		}
		if u.Name != c.name || string(u.Kind) != c.kind || u.Size != c.size || u.Command != c.command || u.Manpower != c.manpower ||
			ref != c.ref || u.Track != c.track || u.Slot != c.slot {
			t.Errorf("%s = %s %s %s %q %d %s %s %d, want %+v", c.id, u.Name, u.Kind, u.Size, u.Command, u.Manpower, ref, u.Track, u.Slot, c)
		}
		if u.Source == "" {
			t.Errorf("%s has no source", c.id)
		}
	}
}

// A place a row names (the unit's notes begin with it) is the map's place
// at that hex, where the map has one. Two names differ by the map data's
// own choices (lrtg-places-setup 15, lrtg-places-rail R1).
func TestLRTAOOBPlacesAgreeWithTheMap(t *testing.T) {
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	alias := map[string]string{"Ft. Marcy": "Chain Bridge", "Back River Bridge": "Back River Bridge Station"}
	checked := 0
	for _, u := range lrtaOOB(t).Units {
		if !u.OnMap || u.Notes == "" || strings.HasPrefix(u.Notes, "sjw9") || strings.HasPrefix(u.Notes, "hcr8") {
			continue
		}
		name := placeOfNotes(u.Notes)
		if a, ok := alias[name]; ok {
			name = a
		}
		var at []string
		for _, p := range th.Places {
			if p.Hex == u.Hex {
				at = append(at, p.Name)
			}
		}
		if len(at) == 0 {
			continue // the map data has no place there (Orange Church, Langley...)
		}
		checked++
		found := false
		for _, n := range at {
			found = found || strings.EqualFold(n, name)
		}
		if !found {
			t.Errorf("%s at %s: the row names %q, the map has %v", u.ID, u.Ref, name, at)
		}
	}
	if checked < 40 {
		t.Errorf("only %d units checked against the map's places", checked)
	}
	// A reinforcement's entry starts with a printed hex of the map, or says
	// where it enters.
	for _, u := range lrtaOOB(t).Units {
		if u.Track != "reinforcement" || u.Side != engine.USA {
			continue
		}
		ref := strings.Fields(u.Entry)[0]
		if _, _, err := th.ParseHex(ref, ""); err != nil {
			t.Errorf("%s: entry %q: %v", u.ID, u.Entry, err)
		}
	}
}

// LRTA turn t is Aug 19 + t-1 (004 turn record); a reinforcement's notes
// give the date of its turn as the roster prints it.
func TestLRTAOOBReinforcementTurnsAreDates(t *testing.T) {
	day1 := time.Date(1862, 8, 19, 0, 0, 0, 0, time.UTC)
	for _, u := range lrtaOOB(t).Units {
		if u.Track != "reinforcement" {
			continue
		}
		d := day1.AddDate(0, 0, u.Slot-1)
		month := map[time.Month]string{time.August: "Aug", time.September: "Sept"}[d.Month()]
		want := "Turn " + strconv.Itoa(u.Slot) + " = " + month + " " + strconv.Itoa(d.Day())
		if !strings.Contains(u.Notes, want) {
			t.Errorf("%s: slot %d, notes %q, want %q", u.ID, u.Slot, u.Notes, want)
		}
		if !strings.Contains(u.Source, strconv.Itoa(u.Slot)+"-"+month+" "+strconv.Itoa(d.Day())) {
			t.Errorf("%s: the source does not quote the roster's turn and date: %q", u.ID, u.Source)
		}
	}
}

// placeOfNotes is the place a unit's notes begin with: up to a comma, a
// parenthesis or the end of the first sentence ("Ft. Marcy" is one name).
func placeOfNotes(notes string) string {
	name, _, _ := strings.Cut(notes, ",")
	name, _, _ = strings.Cut(name, "(")
	words := strings.Fields(name)
	for i, w := range words {
		if strings.HasSuffix(w, ".") && w != "Ft." && w != "Mt." && w != "St." {
			words = words[:i+1]
			break
		}
	}
	return strings.TrimSuffix(strings.Join(words, " "), ".")
}

// Replacing counters: off the map, name a unit of their side that is
// there, and take its manpower (0 here) unless 004 gives one.
func TestLRTAOOBReplacements(t *testing.T) {
	o := lrtaOOB(t)
	n := 0
	for i := range o.Units {
		u := &o.Units[i]
		for _, m := range u.Marks {
			id, ok := strings.CutPrefix(m, "replaces:")
			if !ok {
				continue
			}
			n++
			r := o.Unit(id)
			if r == nil || r.Side != u.Side || u.OnMap {
				t.Errorf("%s replaces %s: %+v", u.ID, id, r)
			}
			if u.Manpower != 0 && u.Track != "cavalry-exhaustion" {
				t.Errorf("%s takes %s's manpower: its own is %d", u.ID, id, u.Manpower)
			}
		}
	}
	if n != 32 {
		t.Errorf("%d replaces: marks, want 32", n)
	}
	// 004's item numbers and order.
	slots := func(track string) map[string]int {
		out := map[string]int{}
		for _, u := range o.Units {
			if u.Track == track {
				out[u.ID] = u.Slot
			}
		}
		return out
	}
	want := map[string]map[string]int{
		"rest-refit": {"csa.munford": 1, "csa.jr-jones": 2, "csa.lawton": 3, "csa.anderson-a": 4, "csa.dh-hill-a": 4, "csa.mclaws-a": 4, "csa.funk": 7},
		"union-reorganization": {"usa.stahel": 1, "usa.mansfield": 2, "usa.williams-xii": 2, "usa.greene-xii": 2, "usa.hooker-i": 3, "usa.hatch": 3,
			"usa.ricketts-a": 3, "usa.meade": 3, "usa.willcox-a": 4, "usa.rodman": 4, "usa.cox": 4, "usa.sturgis-ix": 4, "usa.stoneman": 5, "usa.sickles": 5, "usa.humphreys": 6},
		"cavalry-exhaustion": {"usa.1-me": 1, "usa.1-ri": 1, "usa.1-ma": 2, "usa.8-il": 2, "usa.1-ny": 3, "usa.6-pa": 3, "usa.3-pa": 3, "usa.6-us": 4, "usa.12-pa": 4, "usa.pleasonton-leader": 5},
		"mcclellan":          {"usa.mcclellan": 1, "usa.french": 1},
		"leader-casualty":    {"usa.cox-leader": 5, "usa.doubleday": 6},
	}
	for track, w := range want {
		g := slots(track)
		if len(g) != len(w) {
			t.Errorf("%s: %v, want %v", track, g, w)
		}
		for id, s := range w {
			if g[id] != s {
				t.Errorf("%s: %s slot %d, want %d", track, id, g[id], s)
			}
		}
	}
	// "Bayard: 1st ME, then 1st RI" (004 line 417): file order is 004's order.
	var order []string
	for _, u := range o.Units {
		if u.Track == "cavalry-exhaustion" && u.Kind == "cavalry" {
			order = append(order, u.Name)
		}
	}
	if strings.Join(order, ",") != "1 ME,1 RI,1 MA,8 IL-A,1 NY-A,6 PA,3 PA,6 US,12 PA" {
		t.Errorf("cavalry exhaustion order %v", order)
	}
}

func lrtaHeader(t *testing.T, file string) string {
	t.Helper()
	b, err := oobFS.ReadFile("oob/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var head []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		head = append(head, strings.TrimSpace(strings.TrimPrefix(l, "#")))
	}
	return strings.Join(head, " ")
}

// The headers cite the rosters with their licence, and each numbered
// choice is stated once and cited by the units it shapes.
func TestLRTAOOBSourcesAndChoices(t *testing.T) {
	o := lrtaOOB(t)
	for file, choices := range map[string][]string{
		"lrta-csa.yaml": {"C1", "C2", "C3", "C4", "C5", "C6", "C7"},
		"lrta-usa.yaml": {"U1", "U2", "U3", "U4", "U5", "U6", "U7", "U8", "U9", "U10", "U11"},
	} {
		h := lrtaHeader(t, file)
		for _, want := range []string{"Bestra/gcacw-printable-rosters", "web/public/data/", "commit 811839949f0d984dbff0fe9c523108dd41e8777b", "MIT licence", "004"} {
			if !strings.Contains(h, want) {
				t.Errorf("%s header does not say %q", file, want)
			}
		}
		for _, c := range choices {
			if !strings.Contains(h, " "+c+". ") {
				t.Errorf("%s header does not state choice %s", file, c)
			}
		}
	}
	for _, u := range o.Units {
		s := u.Source
		if !(strings.Contains(s, "sjw9") || strings.Contains(s, "hcr") || strings.Contains(s, "004")) {
			t.Errorf("%s: source %q cites neither a roster nor 004", u.ID, s)
		}
	}
	// Choices pinned.
	cites := func(id, choice string) {
		u := lrtaUnit(t, o, id)
		if !strings.Contains(u.Source+" "+u.Notes+" "+u.Entry, choice) {
			t.Errorf("%s does not cite %s", id, choice)
		}
	}
	// C2: the Confederate reinforcements enter on the south edge.
	for _, id := range []string{"csa.ripley", "csa.hampton", "csa.mclaws", "csa.dh-hill", "csa.walker"} {
		if u := lrtaUnit(t, o, id); !strings.HasPrefix(u.Entry, "South map edge") {
			t.Errorf("%s entry %q (C2)", id, u.Entry)
		}
		cites(id, "C2")
	}
	// C3: Ripley stays a brigade. C5: Funk, no corps, under a fort.
	if u := lrtaUnit(t, o, "csa.ripley"); u.Size != "brigade" {
		t.Errorf("Ripley size %s (C3)", u.Size)
	}
	if u := lrtaUnit(t, o, "csa.funk"); u.Command != "" || u.Entry != "Front Royal or Winchester (004 (7))" || !hasMarkLRTA(u, "fort") {
		t.Errorf("Funk %+v (C5)", u)
	}
	// C6 / U11: no time chits; no Confederate depot.
	if len(o.Chits) != 0 {
		t.Errorf("time chits %v (C6, U11)", o.Chits)
	}
	// U2: the printed S3108 is Warrenton Junction, which sjw 5-7 print N3131.
	ts, _ := Theatres()
	a, _, _ := ts["lrtg"].ParseHex("SS3108", "")
	b, _, _ := ts["lrtg"].ParseHex("SN3131", "")
	if lrtaUnit(t, o, "usa.purnell-legion").Hex != a || a != b {
		t.Errorf("U2: SS3108 %v, SN3131 %v", a, b)
	}
	// U4, U5: designations.
	for id, cmd := range map[string]string{"usa.whipple": "DC", "usa.waagner": "DC", "usa.white": "Shen", "usa.9-vt": "Shen",
		"usa.scammon": "Kan", "usa.moor": "Kan", "usa.sturgis": "Res", "usa.buford": "Cav", "usa.12-il": "Cav", "usa.pleasonton-leader": "Cav"} {
		if u := lrtaUnit(t, o, id); u.Command != cmd {
			t.Errorf("%s command %q, want %q (U4, U5)", id, u.Command, cmd)
		}
	}
	cites("usa.scammon", "U4")
	// U6: reorganized corps are AoP corps.
	for _, u := range o.Units {
		if u.Track == "union-reorganization" && !strings.HasSuffix(u.Command, "-AP") {
			t.Errorf("%s command %q (U6)", u.ID, u.Command)
		}
	}
	// U7: Haupt at Alexandria.
	if u := lrtaUnit(t, o, "usa.haupt"); u.Ref.String() != "HE0944" || u.Command != "RR" || u.Manpower != 1 || ts["lrtg"].Place("Alexandria").Hex != u.Hex {
		t.Errorf("Haupt %+v (U7)", u)
	}
	// U8: the seven Union depots of 004, no Confederate one.
	var depots []string
	for _, d := range o.Depots {
		if d.Side != engine.USA {
			t.Errorf("depot %+v", d)
		}
		depots = append(depots, d.Place)
	}
	sort.Strings(depots)
	if strings.Join(depots, ",") != "Alexandria,Aquia Creek Station,Camden Station,Harpers Ferry,Harrisburg,Manassas Junction,Winchester" {
		t.Errorf("depots %v (U8)", depots)
	}
	// U9: not set up: 12 PA waits for Pleasonton's exhaustion; no Burnside,
	// no PA militia.
	if u := lrtaUnit(t, o, "usa.12-pa"); u.OnMap {
		t.Errorf("12 PA on the map (U9)")
	}
	for _, u := range o.Units {
		if strings.Contains(u.Name, "Burnside") || u.Command == "PA" || u.Kind == "militia" {
			t.Errorf("%s should not be in the file (U9)", u.ID)
		}
	}
	// C7: the sjw9 set-up is complete: 21 Confederate and 50 Union rows,
	// one of them (Whipple) taken from hcr8 instead (U12).
	n := map[engine.Side]int{}
	for _, u := range o.Units {
		if strings.HasPrefix(u.Source, "sjw9") {
			n[u.Side]++
		}
	}
	if n[engine.CSA] != 21 || n[engine.USA] != 49 {
		t.Errorf("sjw9 rows: %v, want 21 / 49 (and Whipple, U12)", n)
	}
	// U12: the DC Defense Area holds 004's 18 MP at the start (its 2
	// cavalry MP excepted: no roster gives them).
	dc := ts["lrtg"].Region("dc-defense-area")
	area, cav := 0, 0
	for _, u := range o.Units {
		if u.Side == engine.USA && u.OnMap && dc.Contains(engine.Center(u.Hex)) {
			area += u.Manpower
			if u.Kind == engine.KindCavalry {
				cav += u.Manpower
			}
		}
	}
	if area != 18 || cav != 0 {
		t.Errorf("U12: %d MP in the DC Defense Area (%d cavalry), want 18 (0)", area, cav)
	}
	if u := lrtaUnit(t, o, "usa.whipple"); u.Size != "division" || u.Manpower != 8 || u.Ref.String() != "HE0939" || !strings.HasPrefix(u.Source, "hcr8") {
		t.Errorf("Whipple %+v (U12)", u)
	}
	cites("usa.whipple", "U12")
}

// ---- The import reader ----

func oobTheatres(t *testing.T) map[string]*engine.Theatre {
	t.Helper()
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func TestImportTemplate(t *testing.T) {
	b, err := os.ReadFile("../docs/oob-template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	o, err := ParseOrderOfBattle(b, oobTheatres(t))
	if err != nil {
		t.Fatal(err)
	}
	if o.Game != lrtg.LRTA || o.Count(engine.CSA, "") != 8 || o.Count(engine.USA, "") != 9 || o.Chits[engine.USA] != 0 || len(o.Depots) != 2 {
		t.Fatalf("template: %+v", o)
	}
	kinds := map[string]bool{}
	for _, u := range o.Units {
		kinds[string(u.Kind)] = true
	}
	for k := range unitKinds {
		if !kinds[k] {
			t.Errorf("the template shows no %s", k)
		}
	}
	// A place name, a rule book's way of writing a hex, and an overlap.
	if u := o.Unit("csa.anderson"); u.Ref.String() != "SS0832" {
		t.Errorf("Orange Court House: %v", u.Ref)
	}
	if u := o.Unit("usa.dutassy"); u.Ref.String() != "HW2521" {
		t.Errorf("HCR W 2521: %v", u.Ref)
	}
	if o.Unit("usa.purnell-legion").Hex != lrtaUnit(t, lrtaOOB(t), "usa.purnell-legion").Hex {
		t.Errorf("SN3131 is SS3108")
	}
}

// The shipped files, joined into one sides: file, import unchanged.
func TestImportShippedLRTA(t *testing.T) {
	var b strings.Builder
	b.WriteString("game: lrta\nsides:\n")
	for _, f := range []string{"lrta-csa.yaml", "lrta-usa.yaml"} {
		data, err := oobFS.ReadFile("oob/" + f)
		if err != nil {
			t.Fatal(err)
		}
		first := true
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "game:") || strings.TrimSpace(l) == "" {
				continue
			}
			if first {
				b.WriteString("  - " + l + "\n")
				first = false
				continue
			}
			b.WriteString("    " + l + "\n")
		}
	}
	o, err := ParseOrderOfBattle([]byte(b.String()), oobTheatres(t))
	if err != nil {
		t.Fatal(err)
	}
	shipped := lrtaOOB(t)
	if len(o.Units) != len(shipped.Units) || len(o.Depots) != len(shipped.Depots) {
		t.Fatalf("%d units, %d depots; shipped %d, %d", len(o.Units), len(o.Depots), len(shipped.Units), len(shipped.Depots))
	}
	for i := range o.Units {
		a, s := o.Units[i], shipped.Units[i]
		if a.ID != s.ID || a.Hex != s.Hex || a.Manpower != s.Manpower || a.Track != s.Track || a.Slot != s.Slot {
			t.Errorf("unit %d: %+v, shipped %+v", i, a, s)
		}
	}
}

func TestImportRefusals(t *testing.T) {
	ts := oobTheatres(t)
	csa := "  - side: csa\n    units:\n      - {id: csa.jackson, name: Jackson, kind: leader, size: corps, command: J, hex: SS1529, source: t}\n" +
		"      - {id: csa.hill, name: A.P. Hill, kind: infantry, size: division, command: J, manpower: 18, hex: SS1529, source: t}\n"
	usa := func(unit string) string {
		return "  - side: usa\n    units:\n      - {id: usa.pope, name: Pope, kind: leader, size: army, command: AV, hex: SS1916, source: t}\n" + unit
	}
	file := func(units string) string { return "game: lrta\nsides:\n" + csa + usa(units) }
	// Lines: 1 game, 2 sides, 3 - side: csa, 4 units, 5 jackson, 6 hill,
	// 7 - side: usa, 8 units, 9 pope, 10 the unit under test.
	for name, c := range map[string]struct{ file, want string }{
		"unknown field":   {file("      - {id: usa.x, name: X, kind: infantry, colour: blue, hex: SS1418, source: t}\n"), "line 10: colour is not a unit field"},
		"unknown top":     {"game: lrta\nplayers: 2\n", "line 2: players is not a top-level field"},
		"not a number":    {file("      - {id: usa.x, name: X, kind: infantry, manpower: many, hex: SS1418, source: t}\n"), `line 10: "many" is not a whole number`},
		"not yaml":        {"game: [lrta\n", "did not find expected ',' or ']'"},
		"empty":           {"", "the file is empty"},
		"unknown game":    {"game: chess\nsides:\n" + csa + usa(""), `game: unknown game "chess" (lrtg, lrta or litn)`},
		"bad kind":        {file("      - {id: usa.x, name: X, kind: zeppelin, hex: SS1418, source: t}\n"), "usa: line 10: unit usa.x: id, name, source and a kind (artillery, cavalry, infantry, leader, militia, wagon) are required"},
		"no source":       {file("      - {id: usa.x, name: X, kind: infantry, hex: SS1418}\n"), "usa: line 10: unit usa.x: id, name, source and a kind"},
		"bad size":        {file("      - {id: usa.x, name: X, kind: infantry, size: div, hex: SS1418, source: t}\n"), `usa: line 10: unit usa.x: size "div" is not one of army, battalion, battery, brigade, corps, division, regiment (or none)`},
		"duplicate id":    {file("      - {id: usa.pope, name: Pope, kind: leader, size: army, hex: SS1916, source: t}\n"), "usa: line 10: unit usa.pope: the id is already used on line 9 (ids are unique)"},
		"wrong prefix":    {file("      - {id: csa.x, name: X, kind: infantry, hex: SS1418, source: t}\n"), "usa: line 10: unit csa.x: ids start with the side, usa."},
		"hex off sheet":   {file("      - {id: usa.x, name: X, kind: infantry, hex: SS9999, source: t}\n"), `usa: line 10: unit usa.x: "SS9999" is not a hex: sheet SS runs from`},
		"no such place":   {file("      - {id: usa.x, name: X, kind: infantry, hex: Atlantis, source: t}\n"), `usa: line 10: unit usa.x: hex "Atlantis" is neither a printed hex (e.g. SS1418) nor a place of the map`},
		"unknown track":   {file("      - {id: usa.x, name: X, kind: infantry, track: limbo, source: t}\n"), `usa: line 10: unit usa.x: track "limbo" is not one of cavalry-exhaustion, csa-reinforcement, leader-casualty, mcclellan, meade-replacement, pa-militia, reinforcement, replacement, rest-refit, richmond-garrison, union-reorganization, with-corps-commander, wv`},
		"hex and track":   {file("      - {id: usa.x, name: X, kind: infantry, hex: SS1418, track: reinforcement, source: t}\n"), "usa: line 10: unit usa.x: give a hex (on the map) or a track (off it), not both or neither"},
		"leader MP":       {file("      - {id: usa.x, name: X, kind: leader, manpower: 3, hex: SS1418, source: t}\n"), "usa: line 10: unit usa.x: manpower 3 (leaders have none)"},
		"leader no corps": {file("      - {id: usa.x, name: X, kind: leader, size: corps, command: XII, hex: SS1418, source: t}\n"), `unit usa.x: no usa unit belongs to his command "XII"`},
		"one side only":   {"game: lrta\nside: csa\nunits:\n  - {id: csa.x, name: X, kind: infantry, hex: SS1418, source: t}\n", "the file has no usa units: an import replaces the whole order of battle, so give both sides (a sides: list, docs/oob-format.md)"},
		"side twice":      {"game: lrta\nsides:\n" + csa + csa, "line 7: side csa is given twice (first on line 3)"},
		"bad side":        {"game: lrta\nsides:\n  - side: french\n", `line 3: side is csa or usa, not "french"`},
		"both forms":      {"game: lrta\nside: csa\nsides:\n" + csa, "give either one side at the top (side:, units:, ...) or a sides: list, not both"},
		"bad depot":       {"game: lrta\nsides:\n" + csa + "    depots:\n      - {place: Atlantis, source: t}\n" + usa(""), `csa: depot at "Atlantis": not a place of the map`},
	} {
		_, err := ParseOrderOfBattle([]byte(c.file), ts)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got %q\nwant %q", name, err, c.want)
		}
	}
	// The exact message for one, whole.
	_, err := ParseOrderOfBattle([]byte(file("      - {id: usa.x, name: X, kind: infantry, size: div, hex: SS1418, source: t}\n")), ts)
	if want := `usa: line 10: unit usa.x: size "div" is not one of army, battalion, battery, brigade, corps, division, regiment (or none)`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// The shipped files' loader keeps working on one-side files and accepts a
// sides: file as well.
func TestOrdersOfBattleFromSidesFile(t *testing.T) {
	ts := oobTheatres(t)
	src := "# t\ngame: lrta\nsides:\n  - side: csa\n    units:\n      - {id: csa.x, name: X, kind: infantry, hex: SS1418, source: t}\n" +
		"  - side: usa\n    time_chits: 2\n    units:\n      - {id: usa.y, name: Y, kind: cavalry, hex: Culpeper, source: t}\n"
	all, err := loadOrders(fstest.MapFS{"oob/both.yaml": {Data: []byte(src)}}, "oob", ts)
	if err != nil {
		t.Fatal(err)
	}
	o := all["lrta"]
	if o == nil || o.Count(engine.CSA, "") != 1 || o.Count(engine.USA, "") != 1 || o.Chits[engine.USA] != 2 {
		t.Fatalf("%+v", o)
	}
	if u := o.Unit("usa.y"); u.Ref.String() != "SS1418" {
		t.Errorf("Culpeper is SS1418: %v", u.Ref)
	}
}

// Every shipped unit has one of the kernel's named kinds: a rule comparing
// with a constant meets every kind a set-up can hold.
func TestOOBKindsAreNamed(t *testing.T) {
	all, err := OrdersOfBattle()
	if err != nil {
		t.Fatal(err)
	}
	for name, o := range all {
		for _, u := range o.Units {
			if !slices.Contains(engine.UnitKinds, u.Kind) {
				t.Errorf("%s: %s has kind %q, not one of engine.UnitKinds", name, u.ID, u.Kind)
			}
		}
	}
}
