package bot

import (
	"fmt"
	"regexp"
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
	allowance := map[string]int{}
	plus := map[engine.Side]int{engine.CSA: 2, engine.USA: 1}
	acts := eventsOf[*lrtg.Activated](p)
	if len(acts) != 3 || acts[0].Name != "Longstreet" || acts[1].Name != "Hancock" || acts[2].Name != "Longstreet" || acts[2].Turn != 2 {
		t.Fatalf("activations: %+v", acts)
	}
	for _, a := range acts {
		m := a.Allowance
		if m == nil || len(m.Rolls) != 1 || m.Rolls[0].Arm != lrtg.ArmInfantry || len(m.Rolls[0].Faces) != 1 {
			t.Fatalf("%s's allowance: %+v", a.Name, m)
		}
		r := m.Rolls[0]
		d := rolls[fmt.Sprintf("%s#%d", r.Secret, r.Roll)]
		if r.Secret == "" || d == nil || len(d.Terms) == 0 || len(d.Terms[0].Faces) != 1 || d.Terms[0].Faces[0] != r.Faces[0] {
			t.Fatalf("%s's allowance roll %+v: the dice rolled %+v (want a secret roll of one die)", a.Name, r, d)
		}
		for _, u := range m.Units {
			if want := r.Faces[0] + plus[a.Side]; u.MP != want {
				t.Errorf("%s's allowance %d, want die %d + %d", u.Unit, u.MP, r.Faces[0], plus[a.Side])
			}
			allowance[fmt.Sprintf("%d/%s", a.Turn, u.Unit)] = u.MP
		}
	}
	for _, id := range []string{"1/csa.hood", "1/csa.mclaws", "1/usa.caldwell", "2/csa.hood", "2/csa.mclaws"} {
		if _, ok := allowance[id]; !ok {
			t.Errorf("%s has no allowance: %v", id, allowance)
		}
	}

	// The marches: each step priced from the invented layer and chart.
	partly := 0 // the steps of the last path priced that the chart prices in part
	price := func(start string, path ...string) (mp float64, unpriced int, prohibited []string) {
		prev := start
		partly = 0
		for _, h := range path {
			c, known, no, part := marchStep(prev, h)
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
		turn    int
		unit    string
		hexes   []string // the start, then the path
		retreat bool     // a retreat or rout owed (9.3), not a march
	}{
		{1, "csa.hood", []string{"HW2418", "HW2419", "HW2420"}, false},
		{1, "csa.mclaws", []string{"HW2418", "HW2417"}, false},
		{1, "usa.gibbon", []string{"HW2421", "HW2422"}, true}, // a rout: no allowance
		{2, "csa.hood", []string{"HW2420", "HW2421"}, false},
		{2, "usa.gibbon", []string{"HW2422", "HW2423"}, true}, // a retreat
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
		mp, unpriced, no := price(want.hexes[0], want.hexes[1:]...)
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
		if from, to := before[i].Units[want.unit].Fatigue, after[i].Units[want.unit].Fatigue; m.Fatigue != gain || to != min(from+gain, engine.MaxFatigue) {
			t.Errorf("march %d: %s's fatigue %d → %d (event +%d), want +%d", i+1, want.unit, from, to, m.Fatigue, gain)
		}
		if a, ok := allowance[fmt.Sprintf("%d/%s", want.turn, want.unit)]; ok && mp+float64(unpriced)*0.5 > float64(a) {
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
	hood := allowance["1/csa.hood"]
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
	if len(settled) != 3 || len(applied) != 3 {
		t.Fatalf("%d battles settled, %d applied: want 3", len(settled), len(applied))
	}
	battles := []struct {
		typ                 string
		attackers, defender string
		attSide             engine.Side
		modifiers           map[string]int
	}{
		{"march", "csa.hood", "usa.gibbon", engine.CSA, nil},
		{"assault", "usa.caldwell", "csa.mclaws", engine.USA, map[string]int{"Surprise": 2, "Flank held": 1}},
		{"march", "csa.hood", "usa.gibbon", engine.CSA, nil}, // turn 2
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
		if len(s.AttCodes) != len(attCodes) || len(s.DefCodes) != len(defCodes) {
			t.Errorf("battle %d's codes %v/%v, want %v/%v", s.N, s.AttCodes, s.DefCodes, attCodes, defCodes)
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
			// A rout raises the unit's demoralization one level (choice A3):
			// none of the script's units was demoralized before.
			if rout := res.Retreat == "R" || res.Retreat == "R*"; rout != (side.Units[0].DemoralizationTo == 1) {
				t.Errorf("battle %d, %s: %s's demoralization %d after %v", s.N, side.Role, id, side.Units[0].DemoralizationTo, res)
			}
			manpower[id] = to
			vp[side.Side] += per * (from - to)
		}
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

	t.Run("secrets", func(t *testing.T) { checkMarchesSecrets(t, p) })
}

// checkMarchesSecrets: no reply a Union player reads (his own, the
// table's) names a Confederate unit but the two the battles showed him.
func checkMarchesSecrets(t *testing.T, p *campaignPlay) {
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
	}
	if read == 0 {
		t.Error("no reply a Union player reads")
	}
}
