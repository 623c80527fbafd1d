package lrtg

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// statusGame: Lee (overall, 1st Corps) and Jeb (Cav) for the CSA,
// Meade for the USA; two Confederate divisions, two Union units in a hex,
// and Caldwell set up entrenched with flanks refused (000 VIII).
func statusGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: jebA, Side: engine.CSA, Commands: []string{"Cav"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "csa.mclaws", Name: "McLaws", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 14, OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Command: "ANV", OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "csa.hampton", Name: "Hampton", Side: engine.CSA, Kind: "cavalry", Command: "Cav", Manpower: 4, OnMap: true, Hex: engine.Hex{Q: 2, R: 1}},
		{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Command: "VI", Manpower: 9, OnMap: true, Hex: engine.Hex{Q: 2, R: 0}},
		{ID: "usa.buford", Name: "Buford", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 3, OnMap: true, Hex: engine.Hex{Q: 2, R: 0}},
		{ID: "usa.caldwell", Name: "Caldwell", Side: engine.USA, Kind: "infantry", Command: "II", Manpower: 7, OnMap: true, Hex: engine.Hex{Q: 5, R: 5},
			Marks: []string{"entrenched", "flanks-refused"}},
	}}
	return apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
}

func withOptional(rules ...int) engine.GameOptions {
	o := opts()
	o.Optional = rules
	return o
}

func ruleErr(t *testing.T, err error, kind error, code string) *engine.RuleError {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) || !errors.Is(err, kind) || re.Code != code {
		t.Fatalf("got %v, want %v %s", err, kind, code)
	}
	return re
}

func TestStatusFields(t *testing.T) {
	g := statusGame(t, withOptional(19))
	set := func(g Game, field, value string) Game {
		t.Helper()
		cause := "" // a player raises entrenchment for a cause the rules allow (unitlog.go)
		if f := findStatusField(field); f.name == "entrenchment" {
			if v, _ := f.parse(value); v > g.Units["csa.hood"].Status.Entrenchment {
				cause = "entrench"
			}
		}
		return apply(t, g, engine.SetUnit{By: lee, Unit: "csa.hood", Field: field, Text: value, Cause: cause}, engine.Script())
	}
	cases := []struct {
		field, value string
		want         engine.UnitStatus
	}{
		{"organization", "disorganized", engine.UnitStatus{Disorganized: true}},
		{"organisation", "organized", engine.UnitStatus{}},
		{"exhaustion", "exhausted", engine.UnitStatus{Exhausted: true}},
		{"exhaustion", "unexhausted", engine.UnitStatus{}},
		{"demoralization", "2", engine.UnitStatus{Demoralization: 2}},
		{"demoralization", "none", engine.UnitStatus{}},
		{"entrenchment", "1", engine.UnitStatus{Entrenchment: 1}},
		{"entrenchment", "2", engine.UnitStatus{Entrenchment: 2}},
		{"entrenchment", "0", engine.UnitStatus{}},
		{"ammunition", "1", engine.UnitStatus{Ammo: 1}},
		{"ammo", "low", engine.UnitStatus{Ammo: engine.AmmoLow}},
		{"ammunition", "out", engine.UnitStatus{Ammo: engine.AmmoOut}},
		{"ammunition", "normal", engine.UnitStatus{}},
	}
	for _, c := range cases {
		g = set(g, c.field, c.value)
		if got := g.Units["csa.hood"].Status; got != c.want {
			t.Fatalf("%s:%s: status %+v, want %+v", c.field, c.value, got, c.want)
		}
	}
	// Out of bounds, or not a value: refused, with the allowed values.
	for _, c := range []struct{ field, value, hint string }{
		{"organization", "confused", "organized or disorganized"},
		{"organization", "2", "organized or disorganized"},
		{"exhaustion", "tired", "normal (unexhausted) or exhausted"},
		{"demoralization", "3", "0 (none), 1 or 2"},
		{"demoralization", "-1", "0 (none), 1 or 2"},
		{"entrenchment", "3", "0 (none), 1 or 2"},
		{"ammunition", "4", "3 or out"},
		{"ammunition", "empty", "3 or out"},
	} {
		_, err := g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: c.field, Text: c.value}, engine.Script())
		re := ruleErr(t, err, engine.ErrInvalid, "unit."+findStatusField(c.field).name)
		if !strings.Contains(re.Hint, c.hint) || !strings.Contains(re.What, c.value) {
			t.Errorf("%s:%s: %q / %q", c.field, c.value, re.What, re.Hint)
		}
	}
	_, err := g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "morale", Text: "1"}, engine.Script())
	if re := ruleErr(t, err, engine.ErrInvalid, "unit.field"); !strings.Contains(re.Hint, "organization, exhaustion, demoralization, entrenchment, ammunition") {
		t.Errorf("unknown field hint: %q", re.Hint)
	}
	_, err = g.Decide(engine.SetUnit{By: lee, Unit: "csa.lee", Field: "organization", Text: "disorganized"}, engine.Script())
	ruleErr(t, err, engine.ErrInvalid, "unit.leader")
	_, err = g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "organization", Text: "organized"}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "unit.unchanged")
	_, err = g.Decide(engine.SetUnit{By: meade, Unit: "csa.hood", Field: "organization", Text: "disorganized"}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "unit.command")
	_, err = g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "organization", Text: "disorganized", Cause: "combat"}, engine.Script())
	ruleErr(t, err, engine.ErrInvalid, "unit.cause")
	// Ammunition: Confederate infantry, and only with optional rule 19.
	_, err = g.Decide(engine.SetUnit{By: meade, Unit: "usa.wright", Field: "ammunition", Text: "low"}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "unit.ammunition")
	_, err = g.Decide(engine.SetUnit{By: jebA, Unit: "csa.hampton", Field: "ammunition", Text: "low"}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "unit.ammunition")
	plain := statusGame(t, opts())
	_, err = plain.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "ammunition", Text: "low"}, engine.Script())
	if re := ruleErr(t, err, engine.ErrIllegal, "unit.ammunition"); !strings.Contains(re.What, "optional rule 19") {
		t.Errorf("no rule 19: %q", re.What)
	}
	// The event records levels, and the umpire may undo.
	evs, _ := g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "exhaustion", Text: "exhausted"}, engine.Script())
	if e := evs[0].(*engine.UnitSet); e.Field != "exhaustion" || e.From != 0 || e.To != 1 {
		t.Fatalf("event = %+v", e)
	}
	g = g.Apply(evs[0])
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "not yet"}, engine.Script())
	if g.Units["csa.hood"].Status.Exhausted {
		t.Fatal("undo left Hood exhausted")
	}
}

func TestOldStatusMarksFold(t *testing.T) {
	g := statusGame(t, withOptional(19))
	// Events stored before statuses were typed.
	old := []struct {
		mark string
		off  bool
		want engine.UnitStatus
	}{
		{"disorganized", false, engine.UnitStatus{Disorganized: true}},
		{"exhausted", false, engine.UnitStatus{Disorganized: true, Exhausted: true}},
		{"demoralized", false, engine.UnitStatus{Disorganized: true, Exhausted: true, Demoralization: 1}},
		{"entrenched", false, engine.UnitStatus{Disorganized: true, Exhausted: true, Demoralization: 1, Entrenchment: 1}},
		{"low-ammo", false, engine.UnitStatus{Disorganized: true, Exhausted: true, Demoralization: 1, Entrenchment: 1, Ammo: engine.AmmoLow}},
		{"out-of-ammo", false, engine.UnitStatus{Disorganized: true, Exhausted: true, Demoralization: 1, Entrenchment: 1, Ammo: engine.AmmoOut}},
		{"out-of-ammo", true, engine.UnitStatus{Disorganized: true, Exhausted: true, Demoralization: 1, Entrenchment: 1, Ammo: engine.AmmoLow}},
		{"low-ammo", true, engine.UnitStatus{Disorganized: true, Exhausted: true, Demoralization: 1, Entrenchment: 1, Ammo: 1}},
		{"flanks-refused", false, engine.UnitStatus{Disorganized: true, Exhausted: true, Demoralization: 1, Entrenchment: 1, Ammo: 1}},
		{"disorganized", true, engine.UnitStatus{Exhausted: true, Demoralization: 1, Entrenchment: 1, Ammo: 1}},
		{"entrenched", true, engine.UnitStatus{Exhausted: true, Demoralization: 1, Ammo: 1}},
	}
	for _, o := range old {
		typ, data, err := engine.EncodeEvent(&engine.UnitMarked{By: lee, Unit: "csa.hood", Mark: o.mark, Off: o.off})
		if err != nil {
			t.Fatal(err)
		}
		e, err := testDecode(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		g = g.Apply(e)
		if got := g.Units["csa.hood"].Status; got != o.want {
			t.Fatalf("after %s off=%v: %+v, want %+v", o.mark, o.off, got, o.want)
		}
	}
	if m := g.Units["csa.hood"].Marks; !reflect.DeepEqual(m, []string{"flanks-refused"}) {
		t.Fatalf("marks = %v: a status word stayed a mark", m)
	}
	// A set-up's status word (Caldwell, 000 VIII) is a status from the
	// start: game.started folds it.
	c := g.Units["usa.caldwell"]
	if c.Status.Entrenchment != 1 || !reflect.DeepEqual(c.Marks, []string{"flanks-refused"}) {
		t.Fatalf("Caldwell = %+v", c)
	}
	for _, vc := range g.MapCounters(meade) {
		if vc.Name == "Caldwell" && !reflect.DeepEqual(vc.Marks, []string{"ENT1", "flanks-refused"}) {
			t.Fatalf("Caldwell's counter shows %v", vc.Marks)
		}
	}
	// /unit mark with a status word is now a status change.
	evs, err := g.Decide(engine.MarkUnit{By: meade, Unit: "usa.caldwell", Mark: "entrenched", Off: true}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := evs[0].(*engine.UnitSet); !ok || e.Field != "entrenchment" || e.From != 1 || e.To != 0 {
		t.Fatalf("mark off entrenched = %#v", evs[0])
	}
	g = g.Apply(evs[0])
	if c := g.Units["usa.caldwell"]; c.Status.Entrenchment != 0 || !reflect.DeepEqual(c.Marks, []string{"flanks-refused"}) {
		t.Fatalf("Caldwell after taking entrenchment off = %+v", c)
	}
	_, err = g.Decide(engine.MarkUnit{By: meade, Unit: "usa.caldwell", Mark: "entrenched", Off: true}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "unit.mark")
	_, err = g.Decide(engine.MarkUnit{By: lee, Unit: "csa.hood", Mark: "exhausted"}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "unit.mark")
	_, err = g.Decide(engine.MarkUnit{By: lee, Unit: "csa.hood", Mark: "sleepy"}, engine.Script())
	if re := ruleErr(t, err, engine.ErrInvalid, "unit.mark"); !strings.Contains(re.Hint, "/unit set field:") {
		t.Errorf("hint = %q", re.Hint)
	}
}

func TestParseCombatResult(t *testing.T) {
	good := map[string]CombatResult{
		"1Dr":    {Loss: 1, Disorganize: true, Retreat: "r"},
		"2F":     {Loss: 2, Fatigue: 2},
		"R*":     {Retreat: "R*"},
		"f":      {Fatigue: 1},
		"F":      {Fatigue: 2},
		"D":      {Disorganize: true},
		"R":      {Retreat: "R"},
		"-":      {},
		"0":      {},
		"12fDR*": {Loss: 12, Fatigue: 1, Disorganize: true, Retreat: "R*"},
		"3rD":    {Loss: 3, Disorganize: true, Retreat: "r"},
		" 1 D r": {Loss: 1, Disorganize: true, Retreat: "r"},
	}
	for s, want := range good {
		got, err := ParseCombatResult(s)
		if err != nil || got != want {
			t.Errorf("%q = %+v, %v; want %+v", s, got, err, want)
			continue
		}
		if back, err := ParseCombatResult(got.String()); err != nil || back != got {
			t.Errorf("%q: canonical %q reads back as %+v, %v", s, got.String(), back, err)
		}
	}
	bad := map[string]string{
		"":     "No combat result",
		"Dr1":  "the loss must come first",
		"fF":   "two fatigue results",
		"rR":   "two retreats",
		"DD":   "D twice",
		"1d":   "capital D",
		"*":    "after an R",
		"r*":   "after an R",
		"1X":   `"X"`,
		"123":  "more than 99",
		"E":    `"E"`,
		"1/2R": `"/"`,
	}
	for s, want := range bad {
		_, err := ParseCombatResult(s)
		re := ruleErr(t, err, engine.ErrInvalid, "combat.result")
		if !strings.Contains(re.What, want) || re.Hint != CombatResultHint {
			t.Errorf("%q: %q (hint %q), want %q", s, re.What, re.Hint, want)
		}
	}
}

func FuzzParseCombatResult(f *testing.F) {
	for _, s := range []string{"1Dr", "2F", "R*", "f", "-", "12fDR*", "DD", "R**", "9 9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCombatResult(s)
		if err != nil {
			if !errors.Is(err, engine.ErrInvalid) {
				t.Fatalf("%q: %v is not a rule error", s, err)
			}
			return
		}
		if c.Loss < 0 || c.Loss > 99 || c.Fatigue < 0 || c.Fatigue > 2 {
			t.Fatalf("%q = %+v", s, c)
		}
		if back, err := ParseCombatResult(c.String()); err != nil || back != c {
			t.Fatalf("%q: %q reads back as %+v, %v", s, c.String(), back, err)
		}
	})
}

func combat(attacker []string, ar string, defender []string, dr string) ApplyCombat {
	return ApplyCombat{By: ump, Attacker: CombatSide{Units: attacker, Result: ar}, Defender: CombatSide{Units: defender, Result: dr}}
}

func TestCombatAllocation(t *testing.T) {
	g := statusGame(t, opts())
	// By default each point goes to the unit with the most manpower left
	// (ties: the first named): 15/14 losing 3 is 13/13.
	g2 := apply(t, g, combat([]string{"csa.hood", "csa.mclaws"}, "3f", []string{"usa.wright"}, "-"), engine.Script())
	if h, m := g2.Units["csa.hood"], g2.Units["csa.mclaws"]; h.Manpower != 13 || m.Manpower != 13 || h.Fatigue != 1 || m.Fatigue != 1 {
		t.Fatalf("default allocation: Hood %d F%d, McLaws %d F%d", h.Manpower, h.Fatigue, m.Manpower, m.Fatigue)
	}
	if w := g2.Units["usa.wright"]; w.Manpower != 9 || w.Fatigue != 0 {
		t.Fatalf("Wright took a result of -: %+v", w)
	}
	cmd := combat([]string{"csa.hood", "csa.mclaws"}, "3f", nil, "")
	cmd.Attacker.Losses = map[string]int{"csa.mclaws": 3}
	g3 := apply(t, g, cmd, engine.Script())
	if h, m := g3.Units["csa.hood"], g3.Units["csa.mclaws"]; h.Manpower != 15 || m.Manpower != 11 {
		t.Fatalf("explicit allocation: Hood %d, McLaws %d", h.Manpower, m.Manpower)
	}
	for _, losses := range []map[string]int{
		{"csa.mclaws": 2},                   // sums to 2, not 3
		{"csa.mclaws": 2, "csa.hood": 2},    // 4
		{"csa.mclaws": 15, "csa.hood": -12}, // more than McLaws has
		{"usa.wright": 3},                   // not an attacker
	} {
		cmd.Attacker.Losses = losses
		_, err := g.Decide(cmd, engine.Script())
		ruleErr(t, err, engine.ErrInvalid, "combat.loss")
	}
	// F caps fatigue at 4.
	g4 := apply(t, g, engine.SetUnit{By: meade, Unit: "usa.wright", Field: "fatigue", Value: 3}, engine.Script())
	g4 = apply(t, g4, combat(nil, "", []string{"usa.wright"}, "F"), engine.Script())
	if w := g4.Units["usa.wright"]; w.Fatigue != engine.MaxFatigue {
		t.Fatalf("F from fatigue 3: %d", w.Fatigue)
	}
}

func TestCombatEliminationVPAndUndo(t *testing.T) {
	g := statusGame(t, opts())
	g = apply(t, g, engine.RollDice{By: lee, Expression: "d6"}, engine.Script(4))
	cmd := combat([]string{"csa.hood"}, "1f", []string{"usa.wright", "usa.buford"}, "14D")
	cmd.Defender.Losses = map[string]int{"usa.wright": 9, "usa.buford": 3}
	cmd.Battle = "SS4129"
	evs, err := g.Decide(cmd, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	e := evs[0].(*CombatApplied)
	if len(e.Sides) != 2 || e.Sides[1].Lost != 12 || e.Sides[1].Unabsorbed != 2 || e.Sides[1].VP != 24 || e.Sides[0].Lost != 1 || e.Sides[0].VP != -3 {
		t.Fatalf("sides = %+v", e.Sides)
	}
	// The event survives the store.
	typ, data, _ := engine.EncodeEvent(e)
	back, err := testDecode(typ, data)
	if err != nil || !reflect.DeepEqual(back, e) || typ != "combat.applied" {
		t.Fatalf("round trip: %v %#v", err, back)
	}
	before := g
	g = g.Apply(back)
	for _, id := range []string{"usa.wright", "usa.buford"} {
		if u := g.Units[id]; !u.Eliminated || u.OnMap || u.Manpower != 0 || u.Status.Disorganized {
			t.Fatalf("%s at 0 MP: %+v", id, u)
		}
	}
	if h := g.Units["csa.hood"]; h.Manpower != 14 || h.Fatigue != 1 {
		t.Fatalf("Hood = %+v", h)
	}
	// 000 VII 6: +2 per Union MP, -3 per Confederate MP lost in combat.
	want := []VPEntry{
		{Turn: 1, Category: "manpower", What: "1 Confederate MP lost in combat", VP: -3},
		{Turn: 1, Category: "manpower", What: "12 Union MP lost in combat", VP: 24},
	}
	if !reflect.DeepEqual(g.VP, want) {
		t.Fatalf("VP = %+v", g.VP)
	}
	if _, total := g.VPTotals(); total != 21 {
		t.Fatalf("total %d", total)
	}
	// Army morale's combat losses: the units' losses (12 Union, of which
	// the 2 beyond their manpower were not absorbed), 1 Confederate.
	if g.Losses != (CombatLosses{CSA: 1, AoP: 12}) {
		t.Fatalf("losses = %+v", g.Losses)
	}
	if len(before.VP) != 0 || before.Units["usa.wright"].Eliminated || before.Losses != (CombatLosses{}) {
		t.Fatal("applying changed the state before it")
	}
	// A combat result is one action: the umpire undoes all of it.
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "wrong column"}, engine.Script())
	if len(g.VP) != 0 || g.Units["usa.wright"].Manpower != 9 || g.Units["usa.buford"].Eliminated || g.Units["csa.hood"].Manpower != 15 || g.Rolls != 1 || g.Losses != (CombatLosses{}) {
		t.Fatalf("after undo: VP %v, units %+v, rolls %d", g.VP, g.Units, g.Rolls)
	}
	// Eliminated units take no further result.
	g = g.Apply(back)
	_, err = g.Decide(combat(nil, "", []string{"usa.wright"}, "1"), engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "combat.eliminated")
}

func TestManpowerLossVP(t *testing.T) {
	g := statusGame(t, opts())
	steps := []struct {
		by    engine.Actor
		unit  string
		to    int
		cause string
		vp    int
	}{
		{meade, "usa.wright", 7, "combat", 4},          // +2 x 2
		{meade, "usa.wright", 6, "retreat", 2},         // +2
		{meade, "usa.buford", 1, "cavalry-retreat", 4}, // +2 x 2
		{meade, "usa.buford", 0, "surrender", 2},       // +2: Union surrender counts
		{lee, "csa.hood", 13, "combat", -6},            // -3 x 2
		{lee, "csa.hood", 12, "cavalry-retreat", -3},
		{lee, "csa.hood", 11, "retreat", -3},
		{lee, "csa.mclaws", 10, "surrender", 0}, // not named for the Confederates
		{lee, "csa.mclaws", 9, "march", 0},
		{meade, "usa.caldwell", 5, "supply", 0},
		{meade, "usa.caldwell", 4, "", 0},
	}
	sum := 0
	for _, s := range steps {
		evs, err := g.Decide(engine.SetUnit{By: s.by, Unit: s.unit, Field: "manpower", Value: s.to, Cause: s.cause}, engine.Script())
		if err != nil {
			t.Fatalf("%s to %d (%s): %v", s.unit, s.to, s.cause, err)
		}
		if e := evs[0].(*engine.UnitSet); e.VP != s.vp || e.Cause != s.cause {
			t.Fatalf("%s to %d (%s): %+v", s.unit, s.to, s.cause, e)
		}
		g = g.Apply(evs[0])
		sum += s.vp
	}
	if _, total := g.VPTotals(); total != sum || sum != 0 {
		t.Fatalf("total %d, want %d", total, sum)
	}
	// Army morale counts the losses in combat, retreat and cavalry retreat
	// (15.1 7)-8)): Union 2+1+2 (no surrender), Confederate 2+1+1 (no
	// surrender, no march).
	if g.Losses != (CombatLosses{CSA: 4, AoP: 5}) {
		t.Fatalf("losses = %+v", g.Losses)
	}
	if len(g.VP) != 7 || g.VP[0] != (VPEntry{Turn: 1, Category: "manpower", What: "2 Union MP lost in combat", VP: 4}) ||
		g.VP[2].What != "2 Union MP lost to cavalry retreat" {
		t.Fatalf("VP = %+v", g.VP)
	}
	for _, e := range g.VP {
		for _, name := range []string{"Wright", "Buford", "Hood"} {
			if strings.Contains(e.What, name) {
				t.Fatalf("the open record names %s: %q", name, e.What)
			}
		}
	}
	_, err := g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 12, Cause: "combat"}, engine.Script())
	ruleErr(t, err, engine.ErrInvalid, "unit.cause") // a cause for a gain
	_, err = g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 10, Cause: "bad luck"}, engine.Script())
	if re := ruleErr(t, err, engine.ErrInvalid, "unit.cause"); !strings.Contains(re.Hint, "combat, retreat, cavalry-retreat, surrender") {
		t.Errorf("hint = %q", re.Hint)
	}
	_, err = g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "fatigue", Value: 1, Cause: "combat"}, engine.Script())
	ruleErr(t, err, engine.ErrInvalid, "unit.cause")
	// The umpire's undo takes the VP back.
	g = apply(t, g, engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 10, Cause: "combat"}, engine.Script())
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "it was a march"}, engine.Script())
	if len(g.VP) != 7 || g.Units["csa.hood"].Manpower != 11 {
		t.Fatalf("after undo: %d entries, Hood %d", len(g.VP), g.Units["csa.hood"].Manpower)
	}
}

func TestCombatPermissions(t *testing.T) {
	g := statusGame(t, opts())
	// Each side applies its own result; the umpire applies both.
	for _, c := range []ApplyCombat{
		{By: lee, Attacker: CombatSide{Units: []string{"csa.hood", "csa.mclaws"}, Result: "1"}},
		{By: meade, Defender: CombatSide{Units: []string{"usa.wright"}, Result: "2Dr"}},
		{By: ump, Attacker: CombatSide{Units: []string{"csa.hood", "csa.hampton"}, Result: "1"}, Defender: CombatSide{Units: []string{"usa.wright"}, Result: "R"}},
	} {
		if _, err := g.Decide(c, engine.Script()); err != nil {
			t.Errorf("%s: %v", c.By.Name, err)
		}
	}
	refused := []struct {
		cmd  ApplyCombat
		kind error
		code string
	}{
		{ApplyCombat{By: lee, Attacker: CombatSide{Units: []string{"csa.hood"}, Result: "1"}, Defender: CombatSide{Units: []string{"usa.wright"}, Result: "1"}}, engine.ErrIllegal, "combat.command"},
		{ApplyCombat{By: lee, Attacker: CombatSide{Units: []string{"csa.hood", "csa.hampton"}, Result: "1"}}, engine.ErrIllegal, "combat.command"}, // Jeb's
		{ApplyCombat{By: guest(), Defender: CombatSide{Units: []string{"usa.wright"}, Result: "1"}}, engine.ErrIllegal, "combat.command"},
		{ApplyCombat{By: ump, Attacker: CombatSide{Units: []string{"csa.hood"}, Result: "1"}, Defender: CombatSide{Units: []string{"csa.mclaws"}, Result: "1"}}, engine.ErrInvalid, "combat.sides"},
		{ApplyCombat{By: ump, Attacker: CombatSide{Units: []string{"csa.hood", "usa.buford"}, Result: "1"}}, engine.ErrInvalid, "combat.sides"},
		{ApplyCombat{By: ump, Attacker: CombatSide{Units: []string{"csa.hood"}, Result: "1"}, Defender: CombatSide{Units: []string{"csa.hood"}, Result: "1"}}, engine.ErrInvalid, "combat.twice"},
		{ApplyCombat{By: ump, Attacker: CombatSide{Units: []string{"csa.lee"}, Result: "1"}}, engine.ErrInvalid, "combat.leader"},
		{ApplyCombat{By: ump}, engine.ErrInvalid, "combat.units"},
		{ApplyCombat{By: ump, Defender: CombatSide{Result: "1"}}, engine.ErrInvalid, "combat.units"},
		{ApplyCombat{By: ump, Defender: CombatSide{Units: []string{"usa.wright"}, Result: "1x"}}, engine.ErrInvalid, "combat.result"},
		{ApplyCombat{By: ump, Defender: CombatSide{Units: []string{"usa.nobody"}, Result: "1"}}, engine.ErrInvalid, "unit.unknown"},
	}
	for _, c := range refused {
		_, err := g.Decide(c.cmd, engine.Script())
		ruleErr(t, err, c.kind, c.code)
	}
	paused := apply(t, g, engine.PauseGame{By: ump}, engine.Script())
	_, err := paused.Decide(ApplyCombat{By: meade, Defender: CombatSide{Units: []string{"usa.wright"}, Result: "1"}}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "game.paused")
}

func TestCapturedArtilleryRule29(t *testing.T) {
	g := statusGame(t, withOptional(29))
	cmd := combat([]string{"csa.hood"}, "-", []string{"usa.wright"}, "2R*")
	_, err := g.Decide(cmd, engine.Script())
	if re := ruleErr(t, err, engine.ErrInvalid, "combat.artillery"); !strings.Contains(re.Hint, "artillery:Wright=") {
		t.Fatalf("hint = %q", re.Hint)
	}
	cmd.Artillery = map[string]int{"usa.wright": 3}
	evs, err := g.Decide(cmd, engine.Script(1, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	roll, ok := evs[0].(*engine.DiceRolled)
	if !ok || roll.Number != 1 || roll.Expression != "3d6" {
		t.Fatalf("first event = %#v", evs[0])
	}
	// R*: -1 from each die: 0 captured, 2 destroyed, 3 retained.
	e := evs[1].(*CombatApplied)
	if a := e.Sides[1].Artillery; len(a) != 1 || !reflect.DeepEqual(a[0], ArtilleryFate{Unit: "usa.wright", Value: 3, Roll: 1, Faces: []int{1, 3, 4}, Modifier: -1, Captured: 1, Destroyed: 1, Retained: 1}) {
		t.Fatalf("artillery = %+v", a)
	}
	for _, ev := range evs {
		g = g.Apply(ev)
	}
	if g.Rolls != 1 {
		t.Fatalf("rolls = %d", g.Rolls)
	}
	// An eliminated defender: -1, and 29.2: what is not captured is destroyed.
	cmd = combat([]string{"csa.hood"}, "-", []string{"usa.buford"}, "3")
	cmd.Artillery = map[string]int{"usa.buford": 2}
	evs, err = g.Decide(cmd, engine.Script(2, 6))
	if err != nil {
		t.Fatal(err)
	}
	if a := evs[1].(*CombatApplied).Sides[1].Artillery[0]; a.Roll != 2 || a.Modifier != -1 || a.Captured != 1 || a.Destroyed != 1 || a.Retained != 0 {
		t.Fatalf("eliminated: %+v", a)
	}
	// A retreat (r) rolls nothing; artillery 0 rolls nothing; an attacker is no defender.
	if evs, err := g.Decide(combat(nil, "", []string{"usa.caldwell"}, "1r"), engine.Script()); err != nil || len(evs) != 1 {
		t.Fatalf("r: %v %v", evs, err)
	}
	cmd = combat(nil, "", []string{"usa.caldwell"}, "R")
	cmd.Artillery = map[string]int{"usa.caldwell": 0}
	if evs, err := g.Decide(cmd, engine.Script()); err != nil || len(evs) != 1 {
		t.Fatalf("artillery 0: %v %v", evs, err)
	}
	cmd = combat([]string{"csa.hood"}, "R", []string{"usa.caldwell"}, "-")
	cmd.Artillery = map[string]int{"csa.hood": 2}
	_, err = g.Decide(cmd, engine.Script())
	ruleErr(t, err, engine.ErrInvalid, "combat.artillery")
	// Without the optional rule, no roll.
	plain := statusGame(t, opts())
	if evs, err := plain.Decide(combat(nil, "", []string{"usa.wright"}, "2R*"), engine.Script()); err != nil || len(evs) != 1 {
		t.Fatalf("no rule 29: %v %v", evs, err)
	}
}

// The artillery dice are rolls of the game: the audit replays them.
func TestRule29RollsAreAudited(t *testing.T) {
	g := statusGame(t, withOptional(29))
	d := engine.NewSeededDice(29, 1)
	cmd := combat(nil, "", []string{"usa.wright"}, "R")
	cmd.Artillery = map[string]int{"usa.wright": 4}
	evs, err := g.Decide(cmd, d)
	if err != nil {
		t.Fatal(err)
	}
	n, err := engine.AuditRolls(29, 1, evs)
	if err != nil || n != 4 {
		t.Fatalf("audit: %d dice, %v", n, err)
	}
}

func TestDisorganizedDivisionsSpendAmmunitionRule19(t *testing.T) {
	g := statusGame(t, withOptional(19))
	cmd := combat([]string{"csa.hood", "csa.mclaws"}, "D", nil, "")
	cmd.Divisions = []string{"csa.hood"} // McLaws counted as a brigade here
	for want := 1; want <= 4; want++ {
		g = apply(t, g, cmd, engine.Script())
		if a := g.Units["csa.hood"].Status.Ammo; a != min(want, engine.AmmoOut) {
			t.Fatalf("after D #%d: Hood's ammunition %d", want, a)
		}
		if s := g.Units["csa.hood"].Status; !s.Disorganized {
			t.Fatal("D did not disorganize")
		}
	}
	if a := g.Units["csa.mclaws"].Status.Ammo; a != 0 {
		t.Fatalf("a non-division spent ammunition: %d", a)
	}
	plain := apply(t, statusGame(t, opts()), cmd, engine.Script())
	if a := plain.Units["csa.hood"].Status.Ammo; a != 0 {
		t.Fatalf("ammunition spent without optional rule 19: %d", a)
	}
}
