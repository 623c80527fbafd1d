package bot

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// The scripted game of testdata/marches.script (issue 21): marches priced
// by the server's terrain layer and the group's cost chart, and attacks
// settled on the group's Combat Chart, all of them INVENTED FOR TESTS
// (testdata/marches/). The test recomputes every number the game records
// from the dice the events hold, the seeds' allowance (003 MOVEMENT), the
// invented charts (written out again below, read independently of the
// engine's reader) and 000 VII 6's victory points.

// The invented terrain layer of testdata/marches/terrain.yaml, as the
// steps of the script need it: the terrain of each hex and the features
// on each hexside.
var marchesTerrain = map[string]string{
	"HW2217": "Clear", "HW2317": "Clear", // of the clear block HW2018-2317
	"HW2418": "Clear", "HW2419": "Clear",
	"HW2420": "Woods", "HW2421": "Woods", "HW2422": "Woods",
	"HW2520": "Woods", "HW2521": "Woods", "HW2522": "Woods",
	"HW2620": "Woods", "HW2621": "Woods", "HW2622": "Woods",
}

var marchesHexsides = map[[2]string][]string{
	{"HW2418", "HW2419"}: {"Pike"},
	{"HW2419", "HW2420"}: {"Pike"},
	{"HW2420", "HW2520"}: {"Road"},
	{"HW2520", "HW2620"}: {"Road"},
	{"HW2420", "HW2421"}: {"Creek", "Ford"},
	{"HW2520", "HW2521"}: {"Creek"},
	{"HW2620", "HW2621"}: {"River"},
}

// The invented terrain cost chart's Infantry column
// (testdata/marches/terrain-costs.yaml): -1 is P (prohibited).
var marchesInfantryCost = map[string]float64{
	"Clear": 1, "Woods": 2, "road: Pike": 0.5, "road: Trail": 1,
	"hexside: Creek": 1, "hexside: River": -1,
}

// marchStep prices one infantry step as the umpire must: the hex entered
// (or a road along the hexside, when cheaper), plus the chart's cost of
// each hexside feature. What the invented chart has no row for is priced
// at the least it can cost (partial): a road ("road: Road") at the
// chart's cheapest step (the pike's ½), a hexside feature (the ford) at
// +0. known is false when the layer lacks the hex.
func marchStep(from, to string) (mp float64, known, prohibited, partial bool) {
	terrain, ok := marchesTerrain[to]
	if !ok {
		return 0, false, false, false
	}
	sides := marchesHexsides[[2]string{from, to}]
	if sides == nil {
		sides = marchesHexsides[[2]string{to, from}]
	}
	mp = marchesInfantryCost[terrain]
	var water []string
	for _, f := range sides {
		switch f {
		case "Pike", "Trail":
			if c := marchesInfantryCost["road: "+f]; c < mp {
				mp = c
			}
		case "Road": // no "road: Road" row: at least the cheapest step
			if c := marchesInfantryCost["road: Pike"]; c < mp {
				mp, partial = c, true
			}
		default:
			water = append(water, f)
		}
	}
	for _, f := range water {
		c, ok := marchesInfantryCost["hexside: "+f]
		if !ok {
			partial = true // a ford: no row of the invented chart, +0
			continue
		}
		if c < 0 {
			prohibited = true
			continue
		}
		mp += c
	}
	return mp, true, prohibited, partial
}

// The invented Combat Chart (testdata/marches/combat.yaml) and its codes
// (combat-codes.yaml): rows by the difference, columns by value.
var marchesCombatRows = []struct {
	name   string
	lo, hi int
	cells  [5]string // D 1-3, D 4-6, D 7 or more, A 1-5, A 6 or more
}{
	{"-2 or less", -99, -2, [5]string{"-", "-", "-", "2F", "1Fr"}},
	{"-1-0", -1, 0, [5]string{"-", "f", "1", "1f", "1"}},
	{"1-3", 1, 3, [5]string{"1D", "1Dr", "2DR", "-", "Q"}},
	{"4 or more", 4, 99, [5]string{"2R*", "3R*Q", "3R*", "X", "Q"}},
}

func marchesColumn(attacker bool, value float64) (int, string) {
	if attacker {
		if value <= 5 {
			return 3, "A 1-5"
		}
		return 4, "A 6 or more"
	}
	switch {
	case value <= 3:
		return 0, "D 1-3"
	case value <= 6:
		return 1, "D 4-6"
	}
	return 2, "D 7 or more"
}

// marchesResult reads a cell: the manpower loss, fatigue, D, the retreat,
// and the invented codes' letters (Q advance, X umpire) left aside.
func marchesResult(cell string) (lrtg.CombatResult, []string) {
	var r lrtg.CombatResult
	var codes []string
	if cell == "-" {
		return r, nil
	}
	i := 0
	for i < len(cell) && cell[i] >= '0' && cell[i] <= '9' {
		i++
	}
	r.Loss, _ = strconv.Atoi(cell[:i])
	for rest := cell[i:]; rest != ""; {
		switch {
		case strings.HasPrefix(rest, "R*"):
			r.Retreat, rest = "R*", rest[2:]
			continue
		case rest[0] == 'f':
			r.Fatigue = 1
		case rest[0] == 'F':
			r.Fatigue = 2
		case rest[0] == 'D':
			r.Disorganize = true
		case rest[0] == 'r' || rest[0] == 'R':
			r.Retreat = rest[:1]
		case rest[0] == 'Q':
			codes = append(codes, "advance")
		case rest[0] == 'X':
			codes = append(codes, "umpire")
		}
		rest = rest[1:]
	}
	return r, codes
}

// The invented die-roll modifiers (combat-modifiers.yaml): the die each
// modifies.
var marchesModifierDie = map[string]string{"Ridge": "defender", "Surprise": "attacker", "Flank held": "defender"}

func eventsOf[E engine.Event](p *campaignPlay) []E {
	var out []E
	for _, e := range p.events {
		if x, ok := e.(E); ok {
			out = append(out, x)
		}
	}
	return out
}

// TestMarchesScriptedGame plays testdata/marches.script and checks it.
func TestMarchesScriptedGame(t *testing.T) {
	p := playScript(t, "marches.script")
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	hex := func(ref string) engine.Hex {
		h, _, err := th.ParseHex(ref, "")
		if err != nil {
			t.Fatalf("%s: %v", ref, err)
		}
		return h
	}
	printed := func(ref string) string { return th.Printed(hex(ref))[0] }

	// The allowances (003 MOVEMENT: "CSA Infantry + Leader = die +2"; the
	// Union's infantry with a leader of the AoP, die +1), from the dice.
	rolls := map[string]*engine.DiceRolled{}
	for _, d := range eventsOf[*engine.DiceRolled](p) {
		rolls[fmt.Sprintf("%s#%d", d.Secret, d.Number)] = d
	}
	// allowance["act/unit"]: act counts the activations from 0.
	allowance := map[string]int{}
	plus := map[engine.Side]int{engine.CSA: 2, engine.USA: 1}
	acts := eventsOf[*lrtg.Activated](p)
	wantActs := []struct {
		turn int
		name string
	}{{1, "Longstreet"}, {1, "Hancock"}, {2, "Longstreet"}, {3, "Longstreet"}, {3, "Hood"}, {3, "Hood"}, {3, "Hood"}, {4, "Longstreet"}, {4, "Hancock"}}
	if len(acts) != len(wantActs) {
		t.Fatalf("activations: %+v", acts)
	}
	for i, w := range wantActs {
		if acts[i].Turn != w.turn || acts[i].Name != w.name {
			t.Fatalf("activation %d: %s on turn %d, want %s on turn %d", i, acts[i].Name, acts[i].Turn, w.name, w.turn)
		}
	}
	for i, a := range acts {
		m := a.Allowance
		if m == nil || len(m.Rolls) != 1 || m.Rolls[0].Arm != lrtg.ArmInfantry || len(m.Rolls[0].Faces) != 1 {
			t.Fatalf("%s's allowance: %+v", a.Name, m)
		}
		r := m.Rolls[0]
		d := rolls[fmt.Sprintf("%s#%d", r.Secret, r.Roll)]
		if r.Secret == "" || d == nil || len(d.Terms) == 0 || len(d.Terms[0].Faces) != 1 || d.Terms[0].Faces[0] != r.Faces[0] {
			t.Fatalf("%s's allowance roll %+v: the dice rolled %+v (want a secret roll of one die)", a.Name, r, d)
		}
		// Turn 4's random event is Rain+1: the allowance says the umpire
		// rules on the Standardized Rules' rain (allowance.go), and
		// changes no number.
		var at engine.GameState
		for j, e := range p.events {
			if e == engine.Event(a) {
				at = p.states[j]
			}
		}
		if rain := lrtg.Of(at).EventActive(lrtg.EffectAnyRain); rain != slices.Contains(m.Notes, lrtg.AllowNoteRain) || rain != (a.Turn == 4) {
			t.Errorf("%s's allowance on turn %d: rain %v, notes %v", a.Name, a.Turn, rain, m.Notes)
		}
		add := plus[a.Side]
		if a.Name == "Hood" { // 003 MOVEMENT: "CSA Infantry = die +1", without its leader
			add = 1
		}
		for _, u := range m.Units {
			if want := r.Faces[0] + add; u.MP != want {
				t.Errorf("%s's allowance %d, want die %d + %d", u.Unit, u.MP, r.Faces[0], add)
			}
			allowance[fmt.Sprintf("%d/%s", i, u.Unit)] = u.MP
		}
	}
	for _, id := range []string{"0/csa.hood", "0/csa.mclaws", "1/usa.caldwell", "2/csa.hood", "2/csa.mclaws", "3/csa.hood", "3/csa.mclaws", "4/csa.hood", "5/csa.hood", "6/csa.hood", "7/csa.hood", "7/csa.mclaws", "8/usa.caldwell"} {
		if _, ok := allowance[id]; !ok {
			t.Errorf("%s has no allowance: %v", id, allowance)
		}
	}

	// The marches: each step priced from the invented layer and chart.
	partly := 0         // the steps of the last path priced that the chart prices in part, or on stated terrain
	var stated []string // the terrain the mover states per step of the next path priced ("" none)
	price := func(start string, path ...string) (mp float64, unpriced int, prohibited []string) {
		prev := start
		partly = 0
		for i, h := range path {
			c, known, no, part := marchStep(prev, h)
			if !known && i < len(stated) && stated[i] != "" { // off the layer: the chart's row he states
				c, known, part = marchesInfantryCost[stated[i]], true, true
			}
			switch {
			case no:
				prohibited = append(prohibited, h)
			case known:
				mp += c
				if part {
					partly++
				}
			default:
				unpriced++
			}
			prev = h
		}
		return mp, unpriced, prohibited
	}
	marches := []struct {
		act      int // the activation (allowance's key)
		unit     string
		hexes    []string // the start, then the path
		retreat  bool     // a retreat or rout owed (9.3), not a march
		stated   []string // the terrain stated per step ("" none)
		extended bool
	}{
		{0, "csa.hood", []string{"HW2418", "HW2419", "HW2420"}, false, nil, false},
		{0, "csa.mclaws", []string{"HW2418", "HW2417"}, false, nil, false},
		{0, "usa.gibbon", []string{"HW2421", "HW2422"}, true, nil, false}, // a rout: no allowance
		{2, "csa.hood", []string{"HW2420", "HW2421"}, false, nil, false},
		{2, "usa.gibbon", []string{"HW2422", "HW2423"}, true, nil, false}, // a retreat
		{3, "csa.hood", []string{"HW2421", "HW2420"}, false, nil, false},
		{3, "csa.mclaws", []string{"HW2417", "HW2416"}, false, []string{"Woods"}, false},
		{3, "usa.caldwell", []string{"HW2317", "HW2217"}, true, nil, false}, // a retreat, on the layer
		{4, "csa.hood", []string{"HW2420", "HW2419", "HW2418", "HW2417"}, false, []string{"", "", "Woods"}, true},
		{5, "csa.hood", []string{"HW2417", "HW2416"}, false, []string{"Woods"}, false},
		{7, "csa.hood", []string{"HW2416", "HW2415", "HW2414", "HW2413"}, false, []string{"Woods", "Woods", "Woods"}, true}, // turn 4
		{8, "usa.caldwell", []string{"HW2217", "HW2317"}, false, nil, false},
	}
	var moved []*engine.UnitsMoved
	var before, after []engine.GameState // the states around each march
	for i, e := range p.events {
		if m, ok := e.(*engine.UnitsMoved); ok && len(m.Path) > 0 { // the umpire's placements have no path
			moved = append(moved, m)
			before, after = append(before, p.states[i]), append(after, p.states[i+1])
		}
	}
	if len(moved) != len(marches) {
		t.Fatalf("%d marches recorded, want %d", len(moved), len(marches))
	}
	for i, want := range marches {
		m := moved[i]
		stated = want.stated
		mp, unpriced, no := price(want.hexes[0], want.hexes[1:]...)
		stated = nil
		var path []engine.Hex
		for _, r := range want.hexes[1:] {
			path = append(path, hex(r))
		}
		if len(m.Units) != 1 || m.Units[0] != want.unit || fmt.Sprint(m.Path) != fmt.Sprint(path) || m.MP != mp || m.Unpriced != unpriced || len(m.Steps) != partly || len(no) > 0 {
			t.Errorf("march %d: %v, path %v, %v MP, %d unpriced, steps %+v; want %s, %v, %v MP, %d unpriced, %d priced in part", i+1, m.Units, m.Path, m.MP, m.Unpriced, m.Steps, want.unit, path, mp, unpriced, partly)
		}
		if fmt.Sprint(m.Refs) != fmt.Sprint(want.hexes[1:]) { // as typed, not their RS numbers
			t.Errorf("march %d: refs %v, want %v", i+1, m.Refs, want.hexes[1:])
		}
		// 000 8.2: a unit selected to march gains one fatigue level; a
		// retreat or rout owed (Gibbon's) is no march.
		gain := map[bool]int{true: 0, false: 1}[want.retreat]
		if want.extended {
			gain += 1 // the extension's level (docs/series-charts.md)
		}
		if m.Extended != want.extended || want.extended && m.Extension != marchesExtension {
			t.Errorf("march %d: extended %v by %v MP, want %v by %v", i+1, m.Extended, m.Extension, want.extended, marchesExtension)
		}
		for j, st := range m.Steps { // the stated steps carry his word
			if k := st.Step - 1; k < 0 || k >= len(want.hexes)-1 || st.Stated != "" && (k >= len(want.stated) || st.Stated != want.stated[k]) {
				t.Errorf("march %d, step %d: %+v, stated %v", i+1, j, st, want.stated)
			}
		}
		if from, to := before[i].Units[want.unit].Fatigue, after[i].Units[want.unit].Fatigue; m.Fatigue != gain || to != min(from+gain, engine.MaxFatigue) {
			t.Errorf("march %d: %s's fatigue %d → %d (event +%d), want +%d", i+1, want.unit, from, to, m.Fatigue, gain)
		}
		a, ok := allowance[fmt.Sprintf("%d/%s", want.act, want.unit)]
		switch {
		case want.retreat:
		case !ok:
			t.Errorf("march %d: %s has no allowance in activation %d", i+1, want.unit, want.act)
		case want.extended && (mp <= float64(a) || mp > float64(a)+marchesExtension):
			t.Errorf("march %d: %s's extended march of %v MP on an allowance of %d (+%v)", i+1, want.unit, mp, a, marchesExtension)
		case !want.extended && mp+float64(unpriced)*0.5 > float64(a):
			t.Errorf("march %d: %s marched %v MP (+%d unpriced) on an allowance of %d", i+1, want.unit, mp, unpriced, a)
		}
	}
	if mp, unpriced, _ := price("HW2418", "HW2417"); mp != 0 || unpriced != 1 {
		t.Errorf("McLaws's step is priced by the test: %v, %d", mp, unpriced)
	}

	// The refused marches say why, with the numbers of the charts.
	reply := func(input string) ConsoleLine {
		for _, cl := range p.out {
			if cl.Input == input {
				return cl
			}
		}
		t.Fatalf("no reply to %s", input)
		return ConsoleLine{}
	}
	hood := allowance["0/csa.hood"]
	river := reply("@lee /move units:Hood path:HW2419 HW2420 HW2520 HW2620 HW2621")
	mp, _, no := price("HW2418", "HW2419", "HW2420", "HW2520", "HW2620", "HW2621")
	if len(no) != 1 || no[0] != "HW2621" || river.Error == nil || !strings.Contains(river.Text, "forbids the stack the step into HW2621") {
		t.Errorf("the river march (prohibited %v): %s", no, river.Text)
	}
	if over := strings.Contains(river.Text, fmt.Sprintf("Hood has %d movement points in this action; this march costs %s", hood, lrtg.MPText(mp))); over != (mp > float64(hood)) {
		t.Errorf("the river march costs %v on an allowance of %d: %s", mp, hood, river.Text)
	}
	// The replies echo the hexes as typed, not the RS sheet's numbers
	// the same hexes have.
	if along := reply("@lee /move units:Hood path:HW2419 HW2420"); !strings.Contains(along.Text, "🥾 March: HW2419 – HW2420, 2 hexes. Movement points: 1.") || strings.Contains(along.Text, printed("HW2419")) {
		t.Errorf("the march along the pike: %s", along.Text)
	}
	ford := reply("@lee /move units:Hood path:HW2421")
	if !strings.Contains(ford.Text, "Movement points: 3.") || !strings.Contains(ford.Text, "Priced in part, the terrain cost chart having no row for what they cross, at the least it can cost: HW2421 ford (3 MP).") {
		t.Errorf("the march across the ford: %s", ford.Text)
	}
	far := reply("@lee /move units:Hood path:HW2419 HW2420 HW2520 HW2521 HW2522 HW2622")
	mp, unpriced, no := price("HW2418", "HW2419", "HW2420", "HW2520", "HW2521", "HW2522", "HW2622")
	if mp != 8.5 || unpriced != 0 || partly != 1 || len(no) != 0 { // the road to HW2520 at ½, the least it can cost
		t.Fatalf("the far march is priced by the test at %v (%d unpriced, %v prohibited)", mp, unpriced, no)
	}
	if want := fmt.Sprintf("Hood has %d movement points in this action; this march costs at least %s MP (1 step priced in part at the least it can cost)", hood, lrtg.MPText(mp)); far.Error == nil || !strings.Contains(far.Text, want) {
		t.Errorf("the far march: %s\nwant %q", far.Text, want)
	}

	// An attack on a far hex of Confederates hooker cannot see is refused
	// as one on an empty hex is: he sees no enemy there.
	if unseen := reply("@hooker /attack declare units:Caldwell at:SS4028 type:assault"); unseen.Error == nil || !strings.Contains(unseen.Text, "You see no enemy unit at SS4028") {
		t.Errorf("the attack on an unseen hex: %s", unseen.Text)
	}

	// The battles.
	settled := eventsOf[*lrtg.AttackSettled](p)
	applied := eventsOf[*lrtg.CombatApplied](p)
	if len(settled) != 5 || len(applied) != 5 {
		t.Fatalf("%d battles settled, %d applied: want 5", len(settled), len(applied))
	}
	battles := []struct {
		typ                 string
		attackers, defender string
		attSide             engine.Side
		modifiers           map[string]int
	}{
		{"march", "csa.hood", "usa.gibbon", engine.CSA, nil},
		{"assault", "usa.caldwell", "csa.mclaws", engine.USA, map[string]int{"Surprise": 2, "Flank held": 1}},
		{"march", "csa.hood", "usa.gibbon", engine.CSA, nil},                               // turn 2
		{"march", "csa.mclaws", "usa.caldwell", engine.CSA, map[string]int{"Surprise": 2}}, // turn 3
		{"march", "usa.caldwell", "csa.mclaws", engine.USA, map[string]int{"Surprise": 2}}, // turn 4
	}
	// Each unit's manpower as the game went: the start's, then each
	// battle's result.
	var start engine.GameState
	for i, e := range p.events {
		if _, ok := e.(*lrtg.AttackSettled); ok {
			start = p.states[i] // the state before the first battle's settlement
			break
		}
	}
	manpower := map[string]int{}
	for id, u := range start.Units {
		manpower[id] = u.Manpower
	}
	vp := map[engine.Side]int{}
	for i, s := range settled {
		b := battles[i]
		a := applied[i]
		if s.N != i+1 || s.Type != b.typ || s.AttSide != b.attSide || a.Attack != s.N {
			t.Errorf("battle %d: #%d %s by %s (applied for #%d)", i+1, s.N, s.Type, s.AttSide, a.Attack)
		}
		if len(s.Attackers) != 1 || s.Attackers[0].Unit != b.attackers || len(s.Defenders) != 1 || s.Defenders[0].Unit != b.defender {
			t.Fatalf("battle %d's units: %+v against %+v", s.N, s.Attackers, s.Defenders)
		}
		attV, defV := float64(manpower[b.attackers]), float64(manpower[b.defender])
		if s.Attackers[0].Manpower != manpower[b.attackers] || s.AttValue != attV || s.DefValue != defV {
			t.Errorf("battle %d's values %v to %v, want %v to %v (the manpower engaged)", s.N, s.AttValue, s.DefValue, attV, defV)
		}
		attMod, defMod := 0, 0
		got := map[string]int{}
		for _, m := range s.Modifiers {
			got[m.Name] = m.Value
			if marchesModifierDie[m.Name] == "attacker" {
				attMod += m.Value
			} else {
				defMod += m.Value
			}
		}
		if len(got) != len(b.modifiers) || fmt.Sprint(got) != fmt.Sprint(b.modifiers) && len(b.modifiers) > 0 {
			t.Errorf("battle %d's modifiers %v, want %v", s.N, got, b.modifiers)
		}
		ad, dd := rolls[fmt.Sprintf("#%d", s.AttRoll)], rolls[fmt.Sprintf("#%d", s.DefRoll)]
		if ad == nil || dd == nil || ad.Total != s.AttDie || dd.Total != s.DefDie || ad.Total < 1 || ad.Total > 6 || dd.Total < 1 || dd.Total > 6 {
			t.Fatalf("battle %d's dice %d, %d: public rolls %+v, %+v", s.N, s.AttDie, s.DefDie, ad, dd)
		}
		diff := (s.AttDie + attMod) - (s.DefDie + defMod)
		if s.AttTotal != s.AttDie+attMod || s.DefTotal != s.DefDie+defMod || s.Diff != diff {
			t.Errorf("battle %d: %d+%d against %d+%d, difference %d; recorded %d, %d, %d", s.N, s.AttDie, attMod, s.DefDie, defMod, diff, s.AttTotal, s.DefTotal, s.Diff)
		}
		var row = marchesCombatRows[0]
		for _, r := range marchesCombatRows {
			if diff >= r.lo && diff <= r.hi {
				row = r
			}
		}
		ai, acol := marchesColumn(true, attV)
		di, dcol := marchesColumn(false, defV)
		attRes, attCodes := marchesResult(row.cells[ai])
		defRes, defCodes := marchesResult(row.cells[di])
		if s.Row != row.name || s.AttColumn != acol || s.DefColumn != dcol || s.AttResult != attRes || s.DefResult != defRes {
			t.Errorf("battle %d: row %q, columns %q/%q, results %v/%v; want %q, %q/%q, %v/%v",
				s.N, s.Row, s.AttColumn, s.DefColumn, s.AttResult, s.DefResult, row.name, acol, dcol, attRes, defRes)
		}
		if fmt.Sprint(codeEffects(s.AttCodes)) != fmt.Sprint(attCodes) || fmt.Sprint(codeEffects(s.DefCodes)) != fmt.Sprint(defCodes) {
			t.Errorf("battle %d's codes %v/%v, want %v/%v", s.N, s.AttCodes, s.DefCodes, attCodes, defCodes)
		}
		// The chart's Q (the invented codes' advance): the attacker may move
		// once more in the action, though no defender retreated.
		if adv := slices.Contains(attCodes, "advance"); adv != slices.Contains(lrtg.Of(appliedState(p, a, 1)).Movement.Advance, b.attackers) {
			t.Errorf("battle %d: advance %v, the units that may advance: %v", s.N, adv, lrtg.Of(appliedState(p, a, 1)).Movement.Advance)
		}
		// Both results applied: manpower lost, 000 VII 6's VP (+2 for
		// each Union MP lost in combat, -3 for each Confederate).
		results := map[string]lrtg.CombatResult{"attacker": attRes, "defender": defRes}
		units := map[string]string{"attacker": b.attackers, "defender": b.defender}
		for _, side := range a.Sides {
			res, id := results[side.Role], units[side.Role]
			from := manpower[id]
			to := max(from-res.Loss, 0)
			per := map[engine.Side]int{engine.USA: 2, engine.CSA: -3}[side.Side]
			if side.Result != res || side.Lost != from-to || side.VP != per*(from-to) || len(side.Units) != 1 ||
				side.Units[0].Unit != id || side.Units[0].ManpowerFrom != from || side.Units[0].ManpowerTo != to || side.Units[0].Disorganized != res.Disorganize {
				t.Errorf("battle %d, %s: %+v; want %s %d → %d MP, %d VP", s.N, side.Role, side, id, from, to, per*(from-to))
			}
			// The result's f (one level) or F (two), to at most 4, on the
			// fatigue the unit had (a march attack's march added its own).
			fb, fa := appliedState(p, a, 0).Units[id].Fatigue, appliedState(p, a, 1).Units[id].Fatigue
			if u := side.Units[0]; u.FatigueFrom != fb || u.FatigueTo != min(fb+res.Fatigue, engine.MaxFatigue) || fa != u.FatigueTo {
				t.Errorf("battle %d, %s: %s's fatigue %d → %d (the state %d → %d) after %v", s.N, side.Role, id, u.FatigueFrom, u.FatigueTo, fb, fa, res)
			}
			// A rout raises the unit's demoralization one level (choice A3):
			// none of the script's units was demoralized before.
			if rout := res.Retreat == "R" || res.Retreat == "R*"; rout != (side.Units[0].DemoralizationTo == 1) {
				t.Errorf("battle %d, %s: %s's demoralization %d after %v", s.N, side.Role, id, side.Units[0].DemoralizationTo, res)
			}
			manpower[id] = to
			vp[side.Side] += per * (from - to)
		}
	}
	// Hood's extended marches (turns 3 and 4), rolled on the invented
	// Extended March Table: the die, the modifiers (003's for the fatigue
	// reached, exhausted or not; the Night march lee stated on turn 3; no
	// heat or supply effects), LRTG's cap of 8, the row, the result
	// applied. The manpower lost is no combat loss: no VP (the check of
	// the totals below).
	ext := eventsOf[*lrtg.ExtendedMarchSettled](p)
	wantExt := []struct {
		turn      int
		exhausted bool     // the turn-3 recovery from fatigue 4 left Hood exhausted
		stated    []string // the modifiers lee stated
	}{{3, false, []string{"Night march"}}, {4, true, nil}}
	if len(ext) != len(wantExt) {
		t.Fatalf("%d extended marches settled, want %d", len(ext), len(wantExt))
	}
	var changes []lrtg.UnitCombatChange
	for i, w := range wantExt {
		x := ext[i]
		var xs engine.GameState // the state before it
		for i, e := range p.events {
			if e == engine.Event(x) {
				xs = p.states[i]
			}
		}
		hoodX := xs.Units["csa.hood"]
		d := rolls[fmt.Sprintf("%s#%d", x.Secret, x.Roll)]
		if x.Unit != "csa.hood" || x.Turn != w.turn || x.Secret == "" || d == nil || d.Total != x.Die || x.Die < 1 || x.Die > 6 || x.NoRoll != "" {
			t.Fatalf("extended march %d: %+v (the dice rolled %+v; want a secret roll of one die)", i+1, x, d)
		}
		if x.Fatigue != hoodX.Fatigue || x.Fatigue != 3 || x.Exhausted != w.exhausted || hoodX.Status.Exhausted != w.exhausted {
			t.Errorf("extended march %d reached fatigue %d (exhausted %v); Hood is at %d (%+v)", i+1, x.Fatigue, x.Exhausted, hoodX.Fatigue, hoodX.Status)
		}
		drm := marchesFatigueDRM[w.exhausted][x.Fatigue]
		mods := map[string]int{}
		for _, m := range x.Modifiers {
			mods[m.Code+"/"+m.Name] = m.Value
		}
		wantMods := map[string]int{"fatigue/": drm}
		total := x.Die + drm
		for _, name := range w.stated {
			wantMods["chart/"+name] = marchesExtendedModifier[name]
			total += marchesExtendedModifier[name]
		}
		if fmt.Sprint(mods) != fmt.Sprint(wantMods) {
			t.Errorf("extended march %d's modifiers %v, want %v", i+1, mods, wantMods)
		}
		read := min(total, 8) // 003: "Treat Results >8 on Extend March Table as 8"
		row := marchesExtendedRows[0]
		for _, r := range marchesExtendedRows {
			if read >= r.lo && read <= r.hi {
				row = r
			}
		}
		res, _ := marchesResult(row.infantry)
		if x.Total != total || x.Capped != (total > 8) || x.Reading == nil || x.Reading.Row != row.name || x.Reading.Column != "Infantry" || x.Reading.Cell != row.infantry {
			t.Fatalf("extended march %d: total %d (capped %v), reading %+v; want %d, row %q, Infantry %q", i+1, x.Total, x.Capped, x.Reading, total, row.name, row.infantry)
		}
		c := x.Change
		if x.Lost != res.Loss || c.ManpowerFrom != hoodX.Manpower || c.ManpowerTo != hoodX.Manpower-res.Loss ||
			c.FatigueFrom != x.Fatigue || c.FatigueTo != min(x.Fatigue+res.Fatigue, engine.MaxFatigue) || c.Disorganized != (res.Disorganize && !hoodX.Status.Disorganized) {
			t.Errorf("extended march %d's result %q applied as %+v (lost %d); Hood had %d MP", i+1, row.infantry, c, x.Lost, hoodX.Manpower)
		}
		manpower["csa.hood"] -= res.Loss
		changes = append(changes, c)
	}
	c := changes[0]
	hoodFatigue := c.FatigueTo + 1 // the march after it (activation 5)
	if f := after[9].Units["csa.hood"].Fatigue; f != hoodFatigue || f != engine.MaxFatigue {
		t.Errorf("Hood ends turn 3's actions at fatigue %d, want %d", f, hoodFatigue)
	}
	// The fatigue the rules refuse: an extended march from 3 (two levels
	// more), a march from 4.
	if r := reply(`@lee /move units:Hood path:HW2416 HW2415 HW2414 HW2413 terrain:"Woods; Woods; Woods; Woods" extended:true`); r.Error == nil ||
		!strings.Contains(r.Text, fmt.Sprintf("Hood (fatigue %d) would go above fatigue 4: an extended march adds two levels", c.FatigueTo)) {
		t.Errorf("the extended march from fatigue %d: %s", c.FatigueTo, r.Text)
	}
	if r := reply(`@lee /move units:Hood path:HW2415 terrain:"Woods"`); r.Error == nil ||
		!strings.Contains(r.Text, fmt.Sprintf("Hood (fatigue %d) is at the highest fatigue level: a march adds one", hoodFatigue)) {
		t.Errorf("the march from fatigue %d: %s", hoodFatigue, r.Text)
	}
	// McLaws's step on the terrain lee stated is priced on the chart and
	// put on the umpire's log, his word.
	stated = []string{"Woods"}
	woods, _, _ := price("HW2417", "HW2416")
	stated = nil
	logged := false
	for _, cl := range p.out {
		if cl.Input == `@lee /move units:McLaws path:HW2416 terrain:"Woods"` && cl.Audience.Kind == AudienceChannel &&
			strings.Contains(cl.Text, fmt.Sprintf("priced on the terrain the player states (his word): HW2416 Woods (%s MP)", lrtg.MPText(woods))) {
			logged = true
		}
	}
	if !logged || woods != 2 {
		t.Errorf("McLaws's stated step (%v MP) is not on the umpire's log", woods)
	}
	// A retreat owed holds the action (003 4): lee's /action done before
	// hooker moved Caldwell is refused, naming the retreat.
	var held ConsoleLine // the one refused of lee's many /action done
	for _, cl := range p.out {
		if cl.Input == "@lee /action done" && cl.Error != nil {
			held = cl
		}
	}
	if r := held; r.Error == nil || !strings.Contains(r.Text, "The action cannot end yet: Caldwell must retreat after battle #4 (r)") {
		t.Errorf("the action done with a retreat owed: %s", r.Text)
	}

	final := p.final()
	for _, id := range []string{"csa.hood", "csa.mclaws", "usa.gibbon", "usa.caldwell"} {
		if u := final.Units[id]; u.Manpower != manpower[id] {
			t.Errorf("%s ends with %d MP, want %d", id, u.Manpower, manpower[id])
		}
	}
	if by, total := lrtg.Of(final).VPTotals(); total != vp[engine.USA]+vp[engine.CSA] {
		t.Errorf("VP %v (total %d), want %d from the battles' losses", by, total, vp[engine.USA]+vp[engine.CSA])
	}

	var hoodTurn4 []string
	for _, r := range []string{"HW2415", "HW2414", "HW2413"} {
		hoodTurn4 = append(hoodTurn4, th.Printed(hex(r))...)
	}
	t.Run("secrets", func(t *testing.T) { checkMarchesSecrets(t, p, hoodTurn4) })
}

// checkMarchesSecrets: no reply a Union player reads (his own, the
// table's) names a Confederate unit but the two the battles showed him,
// an extended march, or the hexes of Hood's turn-4 march (hoodTurn4:
// the references he typed and the RS sheet's for the same hexes).
func checkMarchesSecrets(t *testing.T, p *campaignPlay, hoodTurn4 []string) {
	final := p.final()
	sides := map[string]engine.Side{}
	for _, pl := range final.Players {
		sides[pl.Actor.ID] = pl.Side
	}
	// Lee: the set-up's public note that he is not yet placed names him
	// (000 VIII 3)), not where he is.
	shown := map[string]bool{"Hood": true, "McLaws": true, "Lee": true}
	var names []string
	for _, u := range final.Units {
		if u.Side == engine.CSA && !shown[u.Name] {
			names = append(names, regexp.QuoteMeta(u.Name))
		}
	}
	csa := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)
	hidden := regexp.MustCompile(`(?i)extended march|\b(` + strings.Join(hoodTurn4, "|") + `)\b`)
	read := 0
	for _, cl := range p.out {
		if cl.Audience.Kind != AudiencePublic && sides[cl.Audience.UserID] != engine.USA {
			continue
		}
		read++
		text := cl.Text
		if cl.Embed != nil {
			text += "\n" + cl.Embed.PlainText()
		}
		// The table's turn-start note names the Confederate reinforcements
		// due (LRTG 3.1: the schedule printed on the reinforcement chart,
		// known to both sides), not where they are placed.
		var kept []string
		for _, l := range strings.Split(text, "\n") {
			if !strings.HasPrefix(l, "🪖 Confederate reinforcements (LRTG 3.1)") {
				kept = append(kept, l)
			}
		}
		text = strings.Join(kept, "\n")
		if m := csa.FindString(text); m != "" {
			t.Errorf("a Union player reads %q in the reply to %s: %s", m, cl.Input, text)
		}
		// Nor Hood's secret marches: the Union marched no extended march,
		// so the words are the Confederates'; turn 4's path is unseen.
		if m := hidden.FindString(text); m != "" {
			t.Errorf("a Union player reads %q in the reply to %s: %s", m, cl.Input, text)
		}
	}
	if read == 0 {
		t.Error("no reply a Union player reads")
	}
}

// marchesExtension is the invented gcacw.extended-march-settings'
// Infantry row (testdata/marches/extended-march-settings.yaml): how many
// MP past the allowance an extended march buys.
const marchesExtension = 3

// codeEffects lists the effects of a cell's extra letters, in order.
func codeEffects(codes []lrtg.ResultCode) []string {
	var out []string
	for _, c := range codes {
		out = append(out, c.Effect)
	}
	return out
}

// appliedState is the game's state just before (after 0) or just after
// (after 1) a battle's result is applied.
func appliedState(p *campaignPlay, a *lrtg.CombatApplied, after int) engine.GameState {
	for i, e := range p.events {
		if e == engine.Event(a) {
			return p.states[i+after]
		}
	}
	return engine.GameState{}
}

// The invented Extended March Table's Infantry column
// (testdata/marches/extended-march.yaml) and its modifiers
// (extended-march-modifiers.yaml).
var marchesExtendedRows = []struct {
	name     string
	lo, hi   int
	infantry string
}{
	{"2 or less", -99, 2, "-"},
	{"3-5", 3, 5, "1"},
	{"6-7", 6, 7, "1D"},
	{"8 or more", 8, 99, "2D"},
}

var marchesExtendedModifier = map[string]int{"Night march": 1, "Muddy roads": 2}

// marchesFatigueDRM: 003 MOVEMENT, "Extend March die roll modifiers", by
// exhaustion and the fatigue reached: unexhausted to F3 0, to F4 +2 (to
// F2 no roll); exhausted to F2 0, to F3 +2, to F4 +4.
var marchesFatigueDRM = map[bool]map[int]int{false: {3: 0, 4: 2}, true: {2: 0, 3: 2, 4: 4}}
