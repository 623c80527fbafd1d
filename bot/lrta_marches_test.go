package bot

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// The scripted LRTA game of testdata/lrta-marches.script (issue 21):
// marches priced by the server's terrain layer and the group's cost chart,
// attacks settled on the group's Combat Chart, all of them INVENTED FOR
// TESTS (testdata/lrta-marches/), in Long Roads to Antietam with limited
// intelligence and two commanders a side. The test recomputes every number
// the game records from the dice the events hold, 004's movement
// allowances and Command Paralysis (written out below from the seeds), the
// invented charts (written out again below, read independently of the
// engine's reader) and 000 VII 6's victory points, which LRTA plays with
// (it prints none of its own).

// The invented terrain layer of testdata/lrta-marches/terrain.yaml: the
// terrain of each hex, and the features on each hexside.
var lrtaMarchesTerrain = func() map[string]string {
	t := map[string]string{"SS1920": "Clear", "SS1822": "Woods", "SS1826": "Woods", "SS1821": "Woods"}
	for r := 22; r <= 26; r++ {
		t[fmt.Sprintf("SS17%02d", r)] = "Clear"
	}
	for r := 23; r <= 25; r++ {
		t[fmt.Sprintf("SS18%02d", r)] = "Clear"
	}
	for r := 21; r <= 25; r++ {
		t[fmt.Sprintf("SS19%02d", r)] = "Woods"
	}
	return t
}()

var lrtaMarchesHexsides = func() map[[2]string][]string {
	s := map[[2]string][]string{}
	add := func(a, b, f string) { s[[2]string{a, b}] = append(s[[2]string{a, b}], f) }
	pike := []string{"SS1727", "SS1726", "SS1725", "SS1724", "SS1723", "SS1722"}
	for i := 1; i < len(pike); i++ {
		add(pike[i-1], pike[i], "Pike")
	}
	road := []string{"SS1920", "SS1921", "SS1922", "SS1822"}
	for i := 1; i < len(road); i++ {
		add(road[i-1], road[i], "Road")
	}
	add("SS1823", "SS1824", "Creek")
	add("SS1923", "SS1924", "Creek")
	add("SS1921", "SS1821", "River")
	add("SS1822", "SS1821", "River")
	return s
}()

// The invented terrain cost chart (testdata/lrta-marches/terrain-costs.yaml),
// its Infantry and Cavalry columns: -1 is P (prohibited).
var lrtaMarchesCost = map[string]map[string]float64{
	"infantry": {"Clear": 1, "Woods": 2, "road: Pike": 0.5, "road: Road": 1, "hexside: Creek": 1, "hexside: River": -1},
	"cavalry":  {"Clear": 1, "Woods": 3, "road: Pike": 0.5, "road: Road": 1, "hexside: Creek": 0.5, "hexside: River": 2},
}

// lrtaMarchStep prices one step for a kind as the format says
// (docs/series-charts.md): the hex entered, or a road along the hexside
// if cheaper, plus each water feature crossed. The step is known when the
// layer gives the hex entered and speaks for the hexside (it names a
// feature there, or gives both hexes' terrain).
func lrtaMarchStep(kind, from, to string) (mp float64, known, prohibited bool) {
	terrain, ok := lrtaMarchesTerrain[to]
	sides := append(lrtaMarchesHexsides[[2]string{from, to}], lrtaMarchesHexsides[[2]string{to, from}]...)
	_, fromKnown := lrtaMarchesTerrain[from]
	if !ok || (len(sides) == 0 && !fromKnown) {
		return 0, false, false
	}
	cost := lrtaMarchesCost[kind]
	mp = cost[terrain]
	for _, f := range sides {
		if c, ok := cost["road: "+f]; ok {
			mp = math.Min(mp, c)
		}
	}
	for _, f := range sides {
		c, ok := cost["hexside: "+f]
		switch {
		case !ok:
		case c < 0:
			prohibited = true
		default:
			mp += c
		}
	}
	return mp, true, prohibited
}

// lrtaPrice prices a march for a kind: the steps' MP, the steps the layer
// does not price, and the hexes the chart forbids.
func lrtaPrice(kind string, start string, path ...string) (mp float64, unpriced int, prohibited []string) {
	prev := start
	for _, h := range path {
		c, known, no := lrtaMarchStep(kind, prev, h)
		switch {
		case no:
			prohibited = append(prohibited, h)
		case known:
			mp += c
		default:
			unpriced++
		}
		prev = h
	}
	return mp, unpriced, prohibited
}

// The invented Combat Chart (testdata/lrta-marches/combat.yaml): rows by
// the modified difference, columns by combat value; its codes (Q advance,
// X umpire) are those marchesResult reads.
var lrtaCombatRows = []struct {
	name   string
	lo, hi int
	cells  [5]string // D 1-6, D 7-12, D 13 or more, A 1-9, A 10 or more
}{
	{"-3 or less", -99, -3, [5]string{"-", "-", "-", "2Fr", "1F"}},
	{"-2-0", -2, 0, [5]string{"f", "-", "-", "1f", "f"}},
	{"1-2", 1, 2, [5]string{"1r", "1Dr", "1D", "-", "-"}},
	{"3-4", 3, 4, [5]string{"2Dr", "2R", "1Dr", "-", "Q"}},
	{"5 or more", 5, 99, [5]string{"2R*", "3R*Q", "2R", "X", "Q"}},
}

func lrtaColumn(attacker bool, value float64) (int, string) {
	if attacker {
		if value <= 9 {
			return 3, "A 1-9"
		}
		return 4, "A 10 or more"
	}
	switch {
	case value <= 6:
		return 0, "D 1-6"
	case value <= 12:
		return 1, "D 7-12"
	}
	return 2, "D 13 or more"
}

// The invented die-roll modifiers (combat-modifiers.yaml): the die each
// modifies.
var lrtaModifierDie = map[string]string{"Woods": "defender", "Surprise": "attacker", "Night": "defender"}

// 004 Movement, Normal Movement (the seeds' chart, lrta.movement-allowance):
// the dice and the bonus by side, arm and who activates: "none" a unit
// alone, "leader" a leader (the Union's only for the Army of the Potomac
// and the Army of Virginia: "USA AOP/ANV Infantry + Leader"), "stuart" the
// Confederate cavalry with Stuart.
var lrtaNormalMovement = map[string][2]int{
	"csa/infantry/none": {1, 1}, "csa/infantry/leader": {1, 2},
	"csa/cavalry/none": {2, 1}, "csa/cavalry/stuart": {2, 3},
	"usa/infantry/none": {1, 0}, "usa/infantry/leader": {1, 1},
	"usa/cavalry/none": {2, 0}, "usa/cavalry/leader": {2, 1},
}

// lrtaAoV reads a Union designation's army as 004's order of battle gives
// it: the Army of Virginia's corps (I, II, III, and Reno's IX, which joined
// it) and its army counter; the Army of the Potomac's end in -AP.
func lrtaArmyOf(command string) string {
	switch {
	case slices.Contains([]string{"I", "II", "III", "IX", "AV"}, command):
		return "AoV"
	case strings.HasSuffix(command, "-AP") || command == "AP":
		return "AoP"
	}
	return ""
}

// TestLRTAMarchesScriptedGame plays testdata/lrta-marches.script and
// checks it.
func TestLRTAMarchesScriptedGame(t *testing.T) {
	p := playScript(t, "lrta-marches.script")
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"] // LRTA plays on LRTG's map
	hex := func(ref string) engine.Hex {
		h, _, err := th.ParseHex(ref, "")
		if err != nil {
			t.Fatalf("%s: %v", ref, err)
		}
		return h
	}
	final := p.final()
	if final.Options.Scenario != "lrta-campaign" || !final.Options.LimitedIntel {
		t.Fatalf("the game: %+v", final.Options)
	}
	// The layer the server loaded (checked against the grid by /terrain
	// load) is the one the test reads: as many hexes of each terrain, and
	// hexsides of each feature.
	counts := map[string]int{}
	for _, t := range lrtaMarchesTerrain {
		counts[strings.ToLower(t)]++
	}
	for _, fs := range lrtaMarchesHexsides {
		for _, f := range fs {
			counts[strings.ToLower(f)]++
		}
	}
	want := fmt.Sprintf("%d hexes (clear %d, woods %d), %d hexsides (road %d, pike %d, river %d, creek %d)", len(lrtaMarchesTerrain),
		counts["clear"], counts["woods"], len(lrtaMarchesHexsides), counts["road"], counts["pike"], counts["river"], counts["creek"])
	loaded := false
	for _, cl := range p.out {
		if cl.Input == "/terrain load file:testdata/lrta-marches/terrain.yaml" && strings.Contains(cl.Text, want) {
			loaded = true
		}
	}
	if !loaded {
		t.Errorf("/terrain load did not report the layer the test reads: %q", want)
	}
	rolls := map[string]*engine.DiceRolled{}
	for _, d := range eventsOf[*engine.DiceRolled](p) {
		rolls[fmt.Sprintf("%s#%d", d.Secret, d.Number)] = d
	}

	// Turn 3's random event (004 Random Events: two dice, "5 Union
	// Command Paralysis"; no Union Command Paralysis on the two turns
	// before, which would make it Leader Casualties), from the dice. The
	// turn record's "No RE" on turns 1 and 2: no other roll.
	paralysis := map[int]engine.Side{}
	for _, e := range eventsOf[*lrtg.LRTARandomEvent](p) {
		var roll *engine.TableRolled
		for _, r := range eventsOf[*engine.TableRolled](p) {
			if r.Number == e.Roll {
				roll = r
			}
		}
		if roll == nil || e.Turn != 3 || len(roll.Faces) != 2 || roll.Faces[0]+roll.Faces[1] != 5 {
			t.Fatalf("the random event of turn %d: %+v rolled %+v (want turn 3's 5 on two dice)", e.Turn, e, roll)
		}
		if e.Outcome != lrtg.LRTAEventUnionParalysis || !e.Pope {
			t.Errorf("a 5 is %q (Pope commanding: %v), want Union Command Paralysis under Pope", e.Outcome, e.Pope)
		}
		paralysis[e.Turn] = engine.USA
	}
	if len(paralysis) != 1 {
		t.Fatalf("random events: %v", paralysis)
	}
	if lrtg.Of(final).LRTAMcClellan() {
		t.Fatal("McClellan has assumed command: Pope's doubling no longer applies")
	}

	// The allowances (004 Movement; Command Paralysis: -1 infantry, -2
	// cavalry, doubled for the Union while Pope commands, with the passive
	// penalty, at least one), from the dice, each activation's as the
	// state stood when it began.
	type activation struct {
		act   *lrtg.Activated
		state engine.GameState
	}
	var acts []activation
	for i, e := range p.events {
		if a, ok := e.(*lrtg.Activated); ok {
			acts = append(acts, activation{a, p.states[i]})
		}
	}
	wantActs := []struct {
		turn int
		name string
	}{{1, "Reno"}, {1, "Buford"}, {1, "Longstreet"}, {1, "Stuart"}, {2, "Longstreet"}, {2, "Ferrero"}, {2, "Stuart"}, {2, "Reno"}, {2, "Jackson"}, {3, "Reno"}, {3, "Longstreet"}}
	if len(acts) != len(wantActs) {
		t.Fatalf("%d activations, want %d", len(acts), len(wantActs))
	}
	for i, w := range wantActs {
		a, g := acts[i].act, acts[i].state
		if a.Turn != w.turn || a.Name != w.name {
			t.Fatalf("activation %d: %s on turn %d, want %s on turn %d", i+1, a.Name, a.Turn, w.name, w.turn)
		}
		m := a.Allowance
		if m == nil || len(m.Units) == 0 {
			t.Fatalf("%s's activation on turn %d rolled no allowance", a.Name, a.Turn)
		}
		actor := g.Units[a.Unit]
		with := "none"
		switch {
		case !actor.Kind.IsLeader():
		case actor.Side == engine.CSA && actor.Command == "Cav":
			with = "stuart"
		case actor.Side == engine.CSA || lrtaArmyOf(actor.Command) != "":
			with = "leader"
		}
		faces := map[string][]int{}
		for _, r := range m.Rolls {
			d := rolls[fmt.Sprintf("%s#%d", r.Secret, r.Roll)]
			if r.Secret != string(a.Side) || d == nil || len(d.Terms) != 1 || fmt.Sprint(d.Terms[0].Faces) != fmt.Sprint(r.Faces) {
				t.Fatalf("%s's %s roll %+v: the dice rolled %+v (want a secret roll of the side's)", a.Name, r.Arm, r, d)
			}
			faces[r.Arm] = r.Faces
		}
		for _, u := range m.Units {
			unit := g.Units[u.Unit]
			arm := lrtg.ArmInfantry
			if unit.Kind == engine.KindCavalry {
				arm = lrtg.ArmCavalry
			}
			row, ok := lrtaNormalMovement[fmt.Sprintf("%s/%s/%s", a.Side, arm, with)]
			if !ok {
				t.Fatalf("%s in %s's activation: no line %s/%s/%s", unit.Name, a.Name, a.Side, arm, with)
			}
			if len(faces[arm]) != row[0] {
				t.Fatalf("%s's %s roll has %d dice, want %d", a.Name, arm, len(faces[arm]), row[0])
			}
			mp := row[1]
			for _, f := range faces[arm] {
				mp += f
			}
			less := 0
			if lrtg.Of(g).Passive(a.Side) {
				less += map[string]int{lrtg.ArmInfantry: 1, lrtg.ArmCavalry: 2}[arm]
			}
			paralysed := paralysis[a.Turn] == a.Side
			if paralysed {
				n := map[string]int{lrtg.ArmInfantry: 1, lrtg.ArmCavalry: 2}[arm]
				if a.Side == engine.USA {
					n *= 2 // Pope commands (checked above)
				}
				less += n
			}
			want := max(mp-less, 1)
			if u.MP != want {
				t.Errorf("turn %d, %s's activation: %s has %d MP, want %d (dice %v, +%d, -%d)", a.Turn, a.Name, unit.Name, u.MP, want, faces[arm], row[1], less)
			}
			step := slices.ContainsFunc(u.Steps, func(s lrtg.AllowanceStep) bool { return s.Code == lrtg.AllowParalysisPope })
			if step != (paralysed && a.Side == engine.USA) {
				t.Errorf("turn %d, %s's activation: %s's steps %+v (paralysed: %v)", a.Turn, a.Name, unit.Name, u.Steps, paralysed)
			}
		}
	}

	// The marches, retreats included: each step priced from the invented
	// layer and chart, each march within the allowance of the activation
	// it was made in; a retreat by its owner, after the battle that owed
	// it (LRTG 9.3).
	marches := []struct {
		turn    int
		by      string
		units   []string
		hexes   []string // the start, then the path
		retreat bool
	}{
		{1, "pope", []string{"usa.ferrero"}, []string{"SS1920", "SS1921", "SS1922", "SS1822"}, false},
		{1, "jackson", []string{"csa.f-lee"}, []string{"SS1825", "SS1826"}, true},
		{1, "lee", []string{"csa.dr-jones"}, []string{"SS1727", "SS1726", "SS1725", "SS1724", "SS1723"}, false},
		{1, "lee", []string{"csa.kemper"}, []string{"SS1728", "SS1727", "SS1726", "SS1725", "SS1724", "SS1723"}, false},
		{1, "jackson", []string{"csa.robertson", "csa.stuart"}, []string{"SS1625", "SS1725", "SS1724"}, false},
		{2, "pope", []string{"usa.ferrero"}, []string{"SS1822", "SS1922"}, false},
		{2, "porter", []string{"usa.buford"}, []string{"SS1824", "SS1924"}, true},
		{2, "pope", []string{"usa.ferrero"}, []string{"SS1922", "SS1923"}, false},
		{2, "jackson", []string{"csa.ap-hill", "csa.jackson"}, []string{"SS1529", "SS1528", "SS1527"}, false},
		{3, "pope", []string{"usa.ferrero"}, []string{"SS1923", "SS1823"}, false},
		{3, "pope", []string{"usa.ferrero"}, []string{"SS1823", "SS1923"}, true},
		{3, "lee", []string{"csa.dr-jones", "csa.kemper"}, []string{"SS1723", "SS1823"}, false},
		{3, "pope", []string{"usa.ferrero"}, []string{"SS1923", "SS1922"}, true},
	}
	type march struct {
		m     *engine.UnitsMoved
		act   *lrtg.Activated
		state engine.GameState
	}
	var moved []march
	var current *lrtg.Activated
	for i, e := range p.events {
		switch e := e.(type) {
		case *lrtg.Activated:
			current = e
		case *engine.UnitsMoved:
			if len(e.Path) > 0 {
				moved = append(moved, march{e, current, p.states[i]})
			}
		}
	}
	if len(moved) != len(marches) {
		t.Fatalf("%d marches recorded, want %d", len(moved), len(marches))
	}
	kindOf := func(g engine.GameState, ids []string) string {
		kind := ""
		for _, id := range ids {
			u := g.Units[id]
			if u.Kind.IsLeader() {
				continue
			}
			if kind != "" && kind != string(u.Kind) {
				t.Fatalf("a stack of two kinds: %v", ids)
			}
			kind = string(u.Kind)
		}
		return kind
	}
	for i, want := range marches {
		mv := moved[i]
		m := mv.m
		kind := kindOf(mv.state, want.units)
		mp, unpriced, no := lrtaPrice(kind, want.hexes[0], want.hexes[1:]...)
		var path []engine.Hex
		for _, r := range want.hexes[1:] {
			path = append(path, hex(r))
		}
		units := slices.Sorted(slices.Values(m.Units))
		if mv.act.Turn != want.turn || m.By.Name != want.by || fmt.Sprint(units) != fmt.Sprint(want.units) || fmt.Sprint(m.Path) != fmt.Sprint(path) ||
			m.MP != mp || m.Unpriced != unpriced || len(no) > 0 || (m.Unchecked == lrtg.MoveRetreat) != want.retreat {
			t.Errorf("march %d: turn %d, %s moved %v by %v, %v MP, %d unpriced (%q); want turn %d, %s, %v, %v, %v MP, %d unpriced, retreat %v",
				i+1, mv.act.Turn, m.By.Name, units, m.Path, m.MP, m.Unpriced, m.Unchecked, want.turn, want.by, want.units, path, mp, unpriced, want.retreat)
		}
		for _, id := range want.units {
			if u := mv.state.Units[id]; u.Hex != hex(want.hexes[0]) {
				t.Errorf("march %d: %s starts at %v, not %s", i+1, id, u.Hex, want.hexes[0])
			}
		}
		if want.retreat {
			continue
		}
		// Within the allowance: the priced steps, and each unpriced step
		// at the chart's cheapest for the kind (½, the pike).
		for _, id := range want.units {
			if mv.state.Units[id].Kind.IsLeader() {
				continue
			}
			a, ok := mv.act.Allowance.Of(id)
			if !ok {
				t.Errorf("march %d: %s has no allowance in %s's activation", i+1, id, mv.act.Name)
			} else if bound := mp + 0.5*float64(unpriced); bound > float64(a.MP) {
				t.Errorf("march %d: %s marched %v MP (+%d unpriced) on an allowance of %d", i+1, id, mp, unpriced, a.MP)
			}
		}
	}

	// The refusals say why, with the charts' numbers.
	reply := func(input string) ConsoleLine {
		for _, cl := range p.out {
			if cl.Input == input {
				return cl
			}
		}
		t.Fatalf("no reply to %s", input)
		return ConsoleLine{}
	}
	reno1, _ := acts[0].act.Allowance.Of("usa.ferrero")
	river := reply("@pope /move units:Ferrero path:SS1921 SS1821")
	if _, _, no := lrtaPrice("infantry", "SS1920", "SS1921", "SS1821"); len(no) != 1 || no[0] != "SS1821" ||
		river.Error == nil || !strings.Contains(river.Text, "forbids the stack the step into SS1821") {
		t.Errorf("the march across the river (prohibited %v): %s", no, river.Text)
	}
	far := reply("@pope /move units:Ferrero path:SS1921 SS1922 SS1923 SS1924 SS1925")
	mp, unpriced, no := lrtaPrice("infantry", "SS1920", "SS1921", "SS1922", "SS1923", "SS1924", "SS1925")
	if mp != 9 || unpriced != 0 || len(no) != 0 || mp <= float64(reno1.MP) {
		t.Fatalf("the far march is priced by the test at %v (%d unpriced, %v prohibited) on an allowance of %d", mp, unpriced, no, reno1.MP)
	}
	if want := fmt.Sprintf("Ferrero has %d movement points in this action; this march costs %s", reno1.MP, lrtg.MPText(mp)); far.Error == nil || !strings.Contains(far.Text, want) {
		t.Errorf("the far march: %s\nwant %q", far.Text, want)
	}
	if occupied := reply("@lee /move units:Kemper path:SS1727 SS1726 SS1725 SS1724 SS1723 SS1822"); occupied.Error == nil ||
		!strings.Contains(occupied.Text, "SS1822 is occupied by an enemy unit") || strings.Contains(occupied.Text, "Ferrero") {
		t.Errorf("the march into Ferrero's hex: %s", occupied.Text)
	}
	if assault := reply("@pope /attack declare units:Ferrero at:SS1723 type:assault"); assault.Error == nil ||
		!strings.Contains(assault.Text, "Units suffering Command Paralysis may not participate in assaults") || !strings.Contains(assault.Text, "004 Command Paralysis") {
		t.Errorf("the paralysed assault: %s", assault.Text)
	}

	checkLRTABattles(t, p, rolls)
	t.Run("secrets", func(t *testing.T) { checkLRTAMarchesSecrets(t, p) })
}

// checkLRTABattles recomputes the six battles: values, modifiers, dice,
// row, columns, results, manpower, fatigue and VP, and the retreats their
// owners moved.
func checkLRTABattles(t *testing.T, p *campaignPlay, rolls map[string]*engine.DiceRolled) {
	t.Helper()
	battles := []struct {
		turn      int
		typ       string
		attackers []string
		defenders []string
		attSide   engine.Side
		modifiers map[string]int
	}{
		{1, "march", []string{"usa.buford"}, []string{"csa.f-lee"}, engine.USA, nil},
		{1, "march", []string{"csa.dr-jones"}, []string{"usa.ferrero"}, engine.CSA, map[string]int{"Woods": 1}},
		{2, "assault", []string{"csa.dr-jones", "csa.kemper"}, []string{"usa.ferrero"}, engine.CSA, map[string]int{"Surprise": 2, "Woods": 1}},
		{2, "march", []string{"csa.robertson"}, []string{"usa.buford"}, engine.CSA, nil},
		{3, "march", []string{"usa.ferrero"}, []string{"csa.robertson"}, engine.USA, nil},
		{3, "march", []string{"csa.dr-jones", "csa.kemper"}, []string{"usa.ferrero"}, engine.CSA, map[string]int{"Surprise": 1, "Woods": 1}},
	}
	var settled []*lrtg.AttackSettled
	var applied []*lrtg.CombatApplied
	var before []engine.GameState // the state before each battle's settlement
	for i, e := range p.events {
		switch e := e.(type) {
		case *lrtg.AttackSettled:
			settled = append(settled, e)
			before = append(before, p.states[i])
		case *lrtg.CombatApplied:
			applied = append(applied, e)
		}
	}
	if len(settled) != len(battles) || len(applied) != len(battles) {
		t.Fatalf("%d battles settled, %d applied: want %d", len(settled), len(applied), len(battles))
	}
	// Manpower as the game went: the first battle's start, then each
	// battle's results (nothing else changes it in these three turns).
	manpower := map[string]int{}
	for id, u := range before[0].Units {
		manpower[id] = u.Manpower
	}
	owner := map[engine.Side]map[string]bool{}
	vp := 0
	for i, s := range settled {
		b, a, g := battles[i], applied[i], before[i]
		if s.N != i+1 || s.Turn != b.turn || s.Type != b.typ || s.AttSide != b.attSide || a.Attack != s.N {
			t.Errorf("battle %d: #%d, turn %d, %s by %s (applied for #%d)", i+1, s.N, s.Turn, s.Type, s.AttSide, a.Attack)
		}
		value := func(ids []string, got []lrtg.UnitValue, role string) float64 {
			if len(got) != len(ids) {
				t.Fatalf("battle %d's %s: %+v, want %v", s.N, role, got, ids)
			}
			v := 0.0
			for j, id := range ids {
				u := g.Units[id]
				if got[j].Unit != id || got[j].Manpower != manpower[id] || u.Manpower != manpower[id] || u.WithStatus().Status.Disorganized {
					t.Errorf("battle %d's %s %s: %+v; want %d MP, organized (the script's battles have no disorganized unit)", s.N, role, id, got[j], manpower[id])
				}
				v += float64(manpower[id])
			}
			return v
		}
		attV, defV := value(b.attackers, s.Attackers, "attacker"), value(b.defenders, s.Defenders, "defender")
		if s.AttValue != attV || s.DefValue != defV {
			t.Errorf("battle %d's values %v to %v, want %v to %v (the manpower engaged)", s.N, s.AttValue, s.DefValue, attV, defV)
		}
		attMod, defMod := 0, 0
		got := map[string]int{}
		for _, m := range s.Modifiers {
			got[m.Name] = m.Value
			want := map[string]string{"attacker": "attacker", "defender": "defender"}[lrtaModifierDie[m.Name]]
			if string(m.Side) != want || string(m.StatedBy) != want {
				t.Errorf("battle %d's %s: on the %s's die, stated by the %s; want the %s's", s.N, m.Name, m.Side, m.StatedBy, want)
			}
			if want == "attacker" {
				attMod += m.Value
			} else {
				defMod += m.Value
			}
		}
		if len(got) != len(b.modifiers) || (len(got) > 0 && fmt.Sprint(got) != fmt.Sprint(b.modifiers)) {
			t.Errorf("battle %d's modifiers %v, want %v", s.N, got, b.modifiers)
		}
		ad, dd := rolls[fmt.Sprintf("#%d", s.AttRoll)], rolls[fmt.Sprintf("#%d", s.DefRoll)]
		if ad == nil || dd == nil || ad.Total != s.AttDie || dd.Total != s.DefDie || ad.Total < 1 || ad.Total > 6 || dd.Total < 1 || dd.Total > 6 {
			t.Fatalf("battle %d's dice %d, %d: public rolls %+v, %+v", s.N, s.AttDie, s.DefDie, ad, dd)
		}
		diff := (s.AttDie + attMod) - (s.DefDie + defMod)
		if s.AttTotal != s.AttDie+attMod || s.DefTotal != s.DefDie+defMod || s.Diff != diff {
			t.Errorf("battle %d: %d%+d against %d%+d, difference %d; recorded %d, %d, %d", s.N, s.AttDie, attMod, s.DefDie, defMod, diff, s.AttTotal, s.DefTotal, s.Diff)
		}
		row := lrtaCombatRows[0]
		for _, r := range lrtaCombatRows {
			if diff >= r.lo && diff <= r.hi {
				row = r
			}
		}
		ai, acol := lrtaColumn(true, attV)
		di, dcol := lrtaColumn(false, defV)
		attRes, attCodes := marchesResult(row.cells[ai])
		defRes, defCodes := marchesResult(row.cells[di])
		if s.Row != row.name || s.AttColumn != acol || s.DefColumn != dcol || s.AttResult != attRes || s.DefResult != defRes {
			t.Errorf("battle %d: row %q, columns %q/%q, results %v/%v; want %q, %q/%q, %v/%v",
				s.N, s.Row, s.AttColumn, s.DefColumn, s.AttResult, s.DefResult, row.name, acol, dcol, attRes, defRes)
		}
		codes := func(cs []lrtg.ResultCode) []string {
			var out []string
			for _, c := range cs {
				out = append(out, c.Effect)
			}
			return out
		}
		if fmt.Sprint(codes(s.AttCodes)) != fmt.Sprint(attCodes) || fmt.Sprint(codes(s.DefCodes)) != fmt.Sprint(defCodes) {
			t.Errorf("battle %d's codes %v/%v, want %v/%v", s.N, codes(s.AttCodes), codes(s.DefCodes), attCodes, defCodes)
		}
		// Both results applied at once: manpower lost (the script's losses
		// fall on single units), fatigue added to what the unit had (a
		// march's own fatigue included), 000 VII 6's VP (+2 for each Union
		// MP lost in combat, -3 for each Confederate).
		results := map[string]lrtg.CombatResult{"attacker": attRes, "defender": defRes}
		units := map[string][]string{"attacker": b.attackers, "defender": b.defenders}
		if len(a.Sides) != 2 {
			t.Fatalf("battle %d applied %d sides", s.N, len(a.Sides))
		}
		for _, side := range a.Sides {
			res, ids := results[side.Role], units[side.Role]
			if res.Loss > 0 && len(ids) > 1 {
				t.Fatalf("battle %d: a loss shared by %v (the test does not model choice A4)", s.N, ids)
			}
			per := map[engine.Side]int{engine.USA: 2, engine.CSA: -3}[side.Side]
			lost := 0
			if side.Result != res || len(side.Units) != len(ids) {
				t.Errorf("battle %d, %s: %+v; want %v for %v", s.N, side.Role, side, res, ids)
				continue
			}
			for j, id := range ids {
				c, u := side.Units[j], g.Units[id]
				from := manpower[id]
				to := max(from-res.Loss, 0)
				fatigue := min(u.Fatigue+res.Fatigue, engine.MaxFatigue)
				if c.Unit != id || c.ManpowerFrom != from || c.ManpowerTo != to || c.FatigueFrom != u.Fatigue || c.FatigueTo != fatigue || c.Disorganized != res.Disorganize {
					t.Errorf("battle %d, %s %s: %+v; want %d → %d MP, fatigue %d → %d, disorganized %v", s.N, side.Role, id, c, from, to, u.Fatigue, fatigue, res.Disorganize)
				}
				// A rout raises demoralization one level (choice A3): no
				// unit of the script was demoralized before.
				if rout := res.Retreat == "R" || res.Retreat == "R*"; rout != (c.DemoralizationTo == 1) {
					t.Errorf("battle %d, %s: %s's demoralization %d after %v", s.N, side.Role, id, c.DemoralizationTo, res)
				}
				lost += from - to
				manpower[id] = to
			}
			if side.Lost != lost || side.VP != per*lost {
				t.Errorf("battle %d, %s: %d MP lost for %d VP; want %d, %d", s.N, side.Role, side.Lost, side.VP, lost, per*lost)
			}
			vp += per * lost
			if res.Retreat != "" {
				if owner[side.Side] == nil {
					owner[side.Side] = map[string]bool{}
				}
				for _, id := range ids {
					owner[side.Side][fmt.Sprintf("%d/%s", s.N, id)] = true
				}
			}
		}
	}
	// Each retreat the results owed was moved, by its owner's player, before
	// the next battle (the marches above check the hexes).
	retreats := 0
	n := 0
	sides := map[string]engine.Side{}
	for _, pl := range p.final().Players {
		sides[pl.Actor.ID] = pl.Side
	}
	for _, e := range p.events {
		switch e := e.(type) {
		case *lrtg.AttackSettled:
			n = e.N
		case *engine.UnitsMoved:
			if e.Unchecked != lrtg.MoveRetreat {
				continue
			}
			retreats++
			side := sides[e.By.ID]
			for _, id := range e.Units {
				if !owner[side][fmt.Sprintf("%d/%s", n, id)] {
					t.Errorf("%s retreated %s after battle #%d, which owed it no retreat of his side", e.By.Name, id, n)
				}
			}
		}
	}
	owed := 0
	for _, m := range owner {
		owed += len(m)
	}
	if retreats != owed || owed != 4 {
		t.Errorf("%d retreats moved, %d owed (want the script's 4)", retreats, owed)
	}
	final := p.final()
	for id, mp := range manpower {
		if u := final.Units[id]; u.Manpower != mp {
			t.Errorf("%s ends with %d MP, want %d", id, u.Manpower, mp)
		}
	}
	// The VP: the battles' only (the umpire assessed no garrison penalty).
	if by, total := lrtg.Of(final).VPTotals(); total != vp {
		t.Errorf("VP %v (total %d), want %d from the battles' losses", by, total, vp)
	}
}

// checkLRTAMarchesSecrets: no reply a player reads (his own, his side's,
// the table's) names an enemy unit the battles did not show him.
func checkLRTAMarchesSecrets(t *testing.T, p *campaignPlay) {
	final := p.final()
	sides := map[string]engine.Side{}
	for _, pl := range final.Players {
		sides[pl.Actor.ID] = pl.Side
	}
	// What the battles showed each side of the other's units.
	shown := map[engine.Side]map[string]bool{
		engine.USA: {"F. Lee": true, "D.R. Jones": true, "Kemper": true, "Robertson": true},
		engine.CSA: {"Buford": true, "Ferrero": true},
	}
	for side, enemy := range map[engine.Side]engine.Side{engine.USA: engine.CSA, engine.CSA: engine.USA} {
		var names []string
		for _, u := range final.Units {
			if u.Side == enemy && !shown[side][u.Name] {
				names = append(names, regexp.QuoteMeta(u.Name))
			}
		}
		slices.Sort(names)
		secret := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)
		read := 0
		for _, cl := range p.out {
			if cl.Audience.Kind != AudiencePublic && sides[cl.Audience.UserID] != side {
				continue
			}
			read++
			text := cl.Text
			if cl.Embed != nil {
				text += "\n" + cl.Embed.PlainText()
			}
			// The names the battles showed are read first ("F. Lee" is
			// not Lee), and 004's words on who commands the Union army
			// ("while Pope commands": public, as the army commander is)
			// are not a unit's whereabouts.
			for name := range shown[side] {
				text = strings.ReplaceAll(text, name, "")
			}
			text = strings.ReplaceAll(text, "while Pope commands", "")
			if m := secret.FindString(text); m != "" {
				t.Errorf("a %s player reads %q in the reply to %s: %s", side, m, cl.Input, text)
			}
		}
		if read == 0 {
			t.Errorf("no reply a %s player reads", side)
		}
	}
}
