package lrtg

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The Harpers Ferry hexes of the test map: Naval Battery and Bolivar
// Heights next to it, as on the real map (RS0632, RS0732, RS0532).
var (
	hfHex      = engine.Hex{Q: 20, R: 20}
	navalHex   = engine.Hex{Q: 21, R: 20}
	bolivarHex = engine.Hex{Q: 19, R: 20}
)

func declareTheatre() *engine.Theatre {
	return &engine.Theatre{ID: "lrtg", Places: []engine.Place{
		{Name: "Harpers Ferry", Hex: hfHex},
		{Name: "Naval Battery", Hex: navalHex},
		{Name: "Bolivar Heights", Hex: bolivarHex},
	}}
}

// declareOOB: Lee commands the 1st Corps, Jeb the cavalry and the 2nd
// (as startedGame), Meade the Union. Hexes are set by the tests.
func declareOOB() *engine.OrderOfBattle {
	return &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.longstreet", Name: "Longstreet", Side: engine.CSA, Kind: "leader", Size: "corps", Command: "1", OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.ewell", Name: "Ewell", Side: engine.CSA, Kind: "leader", Size: "corps", Command: "2", OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.stuart", Name: "Stuart", Side: engine.CSA, Kind: "leader", Size: "corps", Command: "Cav", OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Size: "army", Command: "ANV", OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "1", Manpower: 15, OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.rodes", Name: "Rodes", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "2", Manpower: 8, OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.hampton", Name: "Hampton", Side: engine.CSA, Kind: "cavalry", Size: "brigade", Command: "Cav", Manpower: 4, OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "usa.reynolds", Name: "Reynolds", Side: engine.USA, Kind: "leader", Size: "corps", Command: "I", OnMap: true, Hex: engine.Hex{Q: 60, R: 0}},
		{ID: "usa.hancock", Name: "Hancock", Side: engine.USA, Kind: "leader", Size: "corps", Command: "II", OnMap: true, Hex: engine.Hex{Q: 60, R: 0}},
		{ID: "usa.wadsworth", Name: "Wadsworth", Side: engine.USA, Kind: "infantry", Size: "division", Command: "I", Manpower: 6, OnMap: true, Hex: engine.Hex{Q: 60, R: 0}},
		{ID: "usa.kenly", Name: "Kenly", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "HF", Manpower: 3, OnMap: true, Hex: engine.Hex{Q: 60, R: 0}},
		{ID: "usa.maulsby", Name: "Maulsby", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "HF", Manpower: 2, OnMap: true, Hex: engine.Hex{Q: 60, R: 0}},
	}}
}

// declareGame starts a game (Lee and Jeb for the Confederates, Meade for
// the Union) with the units placed as given, at step 1e of turn 5.
func declareGame(t *testing.T, o engine.GameOptions, at map[string]engine.Hex) (Game, *engine.MoveData) {
	t.Helper()
	oob := declareOOB()
	for i := range oob.Units {
		if h, ok := at[oob.Units[i].ID]; ok {
			oob.Units[i].Hex = h
		}
	}
	oob.Chits = map[engine.Side]int{engine.CSA: 3, engine.USA: 8}
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: jebA, Side: engine.CSA, Commands: []string{"Cav", "2"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	g = apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
	g.Turn = 5
	g.Sequence = engine.SequenceState{Step: "1e", Turn: 5}
	return g, &engine.MoveData{Theatre: declareTheatre(), OOB: oob}
}

func declCode(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Code
	}
	return ""
}

func TestDeclarationsAreRevealedTogether(t *testing.T) {
	o := opts()
	o.TimeLimit = true
	g, _ := declareGame(t, o, nil)
	if w := g.Waiting(); len(w) != 2 || !strings.Contains(w[0], "CSA") || !strings.Contains(w[1], "USA") {
		t.Fatalf("1e waits for %v", w)
	}
	evs, err := g.Decide(DeclarePosture{By: lee, Posture: "Passive"}, engine.Script())
	if err != nil || len(evs) != 1 {
		t.Fatalf("Lee declares: %v %v", evs, err)
	}
	g = g.Apply(evs[0])
	// The first declaration is recorded, not revealed: no rule reads it.
	if g.Declared.Passive(engine.CSA, 5) || g.Declared.Posture(engine.CSA, 5) != "" || g.Declared.Revealed(5) {
		t.Fatal("a declaration counted before both were in")
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "USA") {
		t.Fatalf("after Lee, 1e waits for %v", w)
	}
	evs, err = g.Decide(DeclarePosture{By: meade, Posture: "passive"}, engine.Script())
	if err != nil || len(evs) != 2 {
		t.Fatalf("Meade declares: %v %v", evs, err)
	}
	rv, ok := evs[1].(*PosturesRevealed)
	if !ok || rv.Forced || rv.Turn != 5 || len(rv.Sides) != 2 {
		t.Fatalf("reveal: %+v", evs[1])
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	if !g.Declared.Passive(engine.CSA, 5) || !g.Declared.Passive(engine.USA, 5) || g.Declared.Passive(engine.CSA, 4) {
		t.Fatal("both passive on turn 5, and only on turn 5")
	}
	// 22.5: a passive side receives a chit, up to eight.
	if g.Chits[engine.CSA] != 4 || g.Chits[engine.USA] != 8 || !rv.Sides[0].ChitGain || rv.Sides[1].ChitGain {
		t.Fatalf("chits %v, reveal %+v", g.Chits, rv.Sides)
	}
	if len(g.Waiting()) != 0 {
		t.Fatalf("1e still waits: %v", g.Waiting())
	}
	if _, err := g.Decide(DeclarePosture{By: lee, Posture: "operational"}, engine.Script()); declCode(err) != "declare.revealed" {
		t.Fatalf("a declaration after the reveal: %v", err)
	}
	// Without the time limitation option no chit changes hands (4.2).
	g2, _ := declareGame(t, opts(), nil)
	g2 = apply(t, g2, DeclarePosture{By: lee, Posture: "passive"}, engine.Script())
	g2 = apply(t, g2, DeclarePosture{By: meade, Posture: "operational"}, engine.Script())
	if g2.Chits[engine.CSA] != 3 || !g2.Declared.Passive(engine.CSA, 5) || g2.Declared.Passive(engine.USA, 5) || g2.Declared.Posture(engine.USA, 5) != PostureOperational {
		t.Fatalf("without time limitation: chits %v", g2.Chits)
	}
}

func TestDeclarationRefusals(t *testing.T) {
	g, _ := declareGame(t, opts(), nil)
	cases := []struct {
		cmd  DeclarePosture
		code string
	}{
		{DeclarePosture{By: jebA, Posture: "passive"}, "declare.overall"},                          // not the overall commander
		{DeclarePosture{By: guest(), Posture: "passive"}, "declare.player"},                        // no player
		{DeclarePosture{By: lee, Posture: "resting"}, "declare.posture"},                           // no such posture
		{DeclarePosture{By: meade, Side: engine.CSA, Posture: "passive"}, "declare.side"},          // the other side
		{DeclarePosture{By: ump, Posture: "passive", Reason: "absent"}, "declare.side"},            // the umpire names the side
		{DeclarePosture{By: ump, Side: engine.USA, Posture: "passive"}, "declare.reason"},          // and gives a reason
		{DeclarePosture{By: ump, Side: "rebels", Posture: "passive", Reason: "x"}, "declare.side"}, // a side that is not one
	}
	for _, c := range cases {
		if _, err := g.Decide(c.cmd, engine.Script()); declCode(err) != c.code {
			t.Errorf("%s %+v: %v, want %s", c.cmd.By.Name, c.cmd, err, c.code)
		}
	}
	if _, err := g.Decide(DeclarePosture{By: jebA, Posture: "passive"}, engine.Script()); !strings.Contains(err.Error(), "Lee") {
		t.Errorf("the refusal does not name the overall commander: %v", err)
	}
	// Outside step 1e.
	for _, step := range []string{"1d", "1f", ""} {
		h := g
		h.Sequence = engine.SequenceState{Step: step, Turn: 5}
		if _, err := h.Decide(DeclarePosture{By: lee, Posture: "passive"}, engine.Script()); declCode(err) != "declare.step" {
			t.Errorf("at step %q: %v", step, err)
		}
	}
	// Twice.
	g1 := apply(t, g, DeclarePosture{By: lee, Posture: "passive"}, engine.Script())
	if _, err := g1.Decide(DeclarePosture{By: lee, Posture: "operational"}, engine.Script()); declCode(err) != "declare.twice" {
		t.Errorf("twice: %v", err)
	}
	// The umpire may declare for an absent player, with a reason.
	evs, err := g1.Decide(DeclarePosture{By: ump, Side: engine.USA, Posture: "operational", Reason: "Meade is away"}, engine.Script())
	if err != nil || len(evs) != 2 || evs[0].(*PostureDeclared).Side != engine.USA {
		t.Fatalf("the umpire for the Union: %v %v", evs, err)
	}
}

// After a Spy win (2.0 7); 4.1) the loser declares first, the winner
// after seeing it; the loser's choice is final.
func TestDeclarationOrderAfterASpy(t *testing.T) {
	g, _ := declareGame(t, opts(), nil)
	g.Events = EventsState{Rolled: []RandomEventRolled{{Turn: 5, Outcome: RandomSpy, Spy: engine.USA}}}
	if w := g.Waiting(); len(w) != 2 || !strings.Contains(w[0], "CSA") || !strings.Contains(w[0], "first") || !strings.Contains(w[1], "after the CSA's") {
		t.Fatalf("1e waits for %v", w)
	}
	if _, err := g.Decide(DeclarePosture{By: meade, Posture: "passive"}, engine.Script()); declCode(err) != "declare.spy" {
		t.Fatalf("the Spy's winner declared first: %v", err)
	}
	evs, err := g.Decide(DeclarePosture{By: lee, Posture: "operational"}, engine.Script())
	if err != nil || len(evs) != 1 {
		t.Fatalf("the loser declares: %v %v", evs, err)
	}
	g = g.Apply(evs[0])
	// Meade (the winner) is shown Lee's choice; Jeb sees his own side's;
	// a guest only that it is made.
	if v := g.DeclarationSeen(meade, engine.CSA); v.Posture != PostureOperational || !v.Spy || v.Revealed {
		t.Fatalf("the winner's view: %+v", v)
	}
	if v := g.DeclarationSeen(jebA, engine.CSA); v.Posture != PostureOperational || v.Spy {
		t.Fatalf("the loser's side's view: %+v", v)
	}
	if v := g.DeclarationSeen(guest(), engine.CSA); v.Posture != "" || !v.Declared {
		t.Fatalf("a guest's view: %+v", v)
	}
	if _, err := g.Decide(DeclarePosture{By: lee, Posture: "passive"}, engine.Script()); declCode(err) != "declare.twice" {
		t.Fatalf("the loser switched: %v", err)
	}
	evs, err = g.Decide(DeclarePosture{By: meade, Posture: "passive"}, engine.Script())
	if err != nil || len(evs) != 2 {
		t.Fatalf("the winner declares: %v %v", evs, err)
	}
	if rv := evs[1].(*PosturesRevealed); rv.SpyWinner != engine.USA || rv.Sides[0].Posture != PostureOperational || rv.Sides[1].Posture != PosturePassive {
		t.Fatalf("reveal: %+v", rv)
	}
	g = g.Apply(evs[0]).Apply(evs[1])
	if v := g.DeclarationSeen(guest(), engine.USA); v.Posture != PosturePassive || !v.Revealed {
		t.Fatalf("after the reveal: %+v", v)
	}
	// Without a Spy, either may declare first, and neither sees the other.
	g2, _ := declareGame(t, opts(), nil)
	g2 = apply(t, g2, DeclarePosture{By: meade, Posture: "passive"}, engine.Script())
	if v := g2.DeclarationSeen(lee, engine.USA); v.Posture != "" || !v.Declared {
		t.Fatalf("Lee sees Meade's choice: %+v", v)
	}
	if v := g2.DeclarationSeen(ump, engine.USA); v.Posture != PosturePassive {
		t.Fatalf("the umpire's view: %+v", v)
	}
}

// The umpire ends 1e before both declared: the next step's procedure
// reveals them, the missing side operational, and 1f allocates the time.
func TestForcedRevealAndTimeAllocation(t *testing.T) {
	o := opts()
	o.TimeLimit = true
	// Longstreet (CSA corps leader) 8 hexes from Wadsworth: counts.
	// Ewell 9 hexes from every Union unit: does not. Stuart (cavalry) next
	// to Union units: not an infantry corps. Reynolds 8 hexes from Hood:
	// counts; Hancock next to Lee only (a leader is not a unit): does not.
	at := map[string]engine.Hex{
		"csa.longstreet": {Q: 0, R: 0}, "usa.wadsworth": {Q: 8, R: 0},
		"csa.ewell": {Q: 0, R: 30}, "csa.rodes": {Q: -20, R: 30},
		"csa.stuart": {Q: 9, R: 0}, "csa.hampton": {Q: -30, R: 0},
		"csa.hood": {Q: 30, R: -20}, "usa.reynolds": {Q: 38, R: -20},
		"csa.lee": {Q: 60, R: 30}, "usa.hancock": {Q: 61, R: 30},
		"usa.kenly": {Q: 80, R: 80}, "usa.maulsby": {Q: 80, R: 80},
	}
	g, data := declareGame(t, o, at)
	seq := &engine.Sequence{Game: LRTG, Steps: []engine.Step{{ID: "1e"}, {ID: "1f", When: "option:time_limitation"}, {ID: "9"}}}
	g = apply(t, g, DeclarePosture{By: lee, Posture: "passive"}, engine.Script())
	next := engine.NextStep{By: ump, Sequence: seq, Context: engine.StepContext{Move: data}}
	if _, err := g.Decide(next, engine.Script()); declCode(err) != "phase.waiting" {
		t.Fatalf("1e ended while it waited: %v", err)
	}
	next.Force, next.Reason = true, "Meade's connection dropped"
	evs, err := g.Decide(next, engine.Script())
	if err != nil || len(evs) != 3 {
		t.Fatalf("forced: %v %v", evs, err)
	}
	rv, ok := evs[1].(*PosturesRevealed)
	if !ok || !rv.Forced || rv.Sides[1].Posture != PostureOperational || !rv.Sides[1].Defaulted || rv.Sides[0].Posture != PosturePassive {
		t.Fatalf("forced reveal: %+v", evs[1])
	}
	ta := evs[2].(*TimeAllocated)
	for _, e := range evs {
		g = g.Apply(e)
	}
	// 22.2: CSA 20 - 3x2 players - 3 passive + 3x1 leader = 14;
	// USA 20 - 3x1 player + 2x1 leader = 19.
	csa, _ := g.Declared.Allowance(engine.CSA, 5)
	usa, _ := g.Declared.Allowance(engine.USA, 5)
	if csa.Minutes != 14 || !slices.Equal(csa.Leaders, []string{"csa.longstreet"}) || csa.Players != 2 || !csa.Passive {
		t.Errorf("CSA: %+v", csa)
	}
	if usa.Minutes != 19 || !slices.Equal(usa.Leaders, []string{"usa.reynolds"}) || usa.Players != 1 || usa.Passive {
		t.Errorf("USA: %+v", usa)
	}
	if len(ta.Sides) != 2 || g.Chits[engine.CSA] != 4 {
		t.Errorf("allocation %+v, chits %v", ta, g.Chits)
	}
	if p := strings.Join(csa.Parts(), " "); p != "20 −6 (2 players) −3 (passive) +3 (1 infantry corps leader within 8 hexes of the enemy)" {
		t.Errorf("parts: %s", p)
	}
}

func hfTable() *engine.Table {
	b := func(name string) engine.FactSpec { return engine.FactSpec{Name: name, Kind: engine.FactBool} }
	when := func(f string) *engine.Condition { return &engine.Condition{Fact: f, Op: "true"} }
	return &engine.Table{ID: HarpersFerryTable, Game: LRTG, Title: "Harpers Ferry Surrender",
		Dice:  engine.DiceExpr{Terms: []engine.Term{{Sign: 1, Count: 2, Sides: 6}}},
		Facts: []engine.FactSpec{b(hfFactNaval), b(hfFactLoudoun), b(hfFactBolivar), {Name: hfFactPrior, Kind: engine.FactInt, Min: 0, Max: 60}, b(hfFactDivision)},
		Modifiers: []engine.Modifier{
			{Value: 3, When: when(hfFactNaval), Reason: "naval"}, {Value: 1, When: when(hfFactLoudoun), Reason: "loudoun"},
			{Value: 1, When: when(hfFactBolivar), Reason: "bolivar"}, {Value: 1, Per: hfFactPrior, Reason: "prior"},
			{Value: -2, When: when(hfFactDivision), Reason: "division"},
		},
		Entries:  []engine.Entry{{Min: math.MinInt, Max: 10, Outcome: "no-effect"}, {Min: 11, Max: math.MaxInt, Outcome: "surrender"}},
		Outcomes: []engine.Outcome{{ID: "no-effect", Name: "No effect"}, {ID: "surrender", Name: "Harpers Ferry surrenders"}},
	}
}

// atHF: the game at step 1g with the units placed, and the step's check.
func atHF(t *testing.T, at map[string]engine.Hex) (Game, *engine.MoveData, []engine.Event) {
	t.Helper()
	g, data := declareGame(t, opts(), at)
	g.Declared.Reveals = []int{5}
	g.Sequence = engine.SequenceState{Step: "1g", Turn: 5}
	evs, err := checkHarpersFerry(g, engine.Script(), engine.StepContext{Move: data, Library: &engine.Library{Tables: []*engine.Table{hfTable()}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g, data, evs
}

func TestHarpersFerryCheckFromTheMap(t *testing.T) {
	far := engine.Hex{Q: -40, R: 0}
	// No Union unit within three hexes: nothing to do (6.2).
	g, _, evs := atHF(t, map[string]engine.Hex{"usa.kenly": {Q: 24, R: 20}, "usa.maulsby": far})
	if c := evs[0].(*HarpersFerryChecked); c.Status != HFClear || len(g.Waiting()) != 0 {
		t.Fatalf("clear: %+v", c)
	}
	// The garrison with no Confederate within 10 hexes: open.
	g, _, evs = atHF(t, map[string]engine.Hex{"usa.kenly": hfHex, "usa.maulsby": {Q: 23, R: 20}, "csa.hood": {Q: 34, R: 20}})
	c := evs[0].(*HarpersFerryChecked)
	if c.Status != HFOpen || !slices.Equal(c.Units, []string{"usa.kenly", "usa.maulsby"}) || len(g.Waiting()) != 0 {
		t.Fatalf("open: %+v", c)
	}
	// Hood 10 hexes from Maulsby: the umpire rules. Wadsworth (a
	// division) 10 hexes from Harpers Ferry: -2. No Confederate infantry
	// on or near the heights: those facts are known.
	g, _, evs = atHF(t, map[string]engine.Hex{"usa.kenly": hfHex, "usa.maulsby": {Q: 23, R: 20}, "csa.hood": {Q: 33, R: 20}, "usa.wadsworth": {Q: 30, R: 20}})
	c = evs[0].(*HarpersFerryChecked)
	if c.Status != HFAsk || !slices.Equal(c.Ask, []string{"surrounded"}) || !slices.Equal(c.Near, []string{"csa.hood"}) {
		t.Fatalf("ask: %+v", c)
	}
	if c.Facts[hfFactDivision] != 1 || c.Facts[hfFactNaval] != 0 || c.Facts[hfFactLoudoun] != 0 || c.Facts[hfFactBolivar] != 0 || c.Facts[hfFactPrior] != 0 {
		t.Fatalf("facts: %v", c.Facts)
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "/harpersferry") {
		t.Fatalf("1g waits for %v", w)
	}
	// Wadsworth 11 hexes away: no -2.
	_, _, evs = atHF(t, map[string]engine.Hex{"usa.kenly": hfHex, "csa.hood": {Q: 30, R: 20}, "usa.wadsworth": {Q: 31, R: 20}})
	if c := evs[0].(*HarpersFerryChecked); c.Facts[hfFactDivision] != 0 {
		t.Fatalf("division 11 hexes away: %v", c.Facts)
	}
	// Confederate infantry on Naval Battery: its artillery value is not in
	// the data, nor are Loudoun Heights' hexes: both are asked.
	_, _, evs = atHF(t, map[string]engine.Hex{"usa.kenly": hfHex, "csa.hood": navalHex})
	if c := evs[0].(*HarpersFerryChecked); !slices.Equal(c.Ask, []string{"surrounded", hfFactNaval, hfFactLoudoun}) {
		t.Fatalf("heights asked: %v", c.Ask)
	}
	// No map data at all: everything is the umpire's.
	g0, _ := declareGame(t, opts(), nil)
	if c := g0.HarpersFerryCheck(nil); c.Status != HFAsk || len(c.Ask) != 5 {
		t.Fatalf("no map: %+v", c)
	}
}

func TestHarpersFerryRulingAndSurrender(t *testing.T) {
	at := map[string]engine.Hex{"usa.kenly": hfHex, "usa.maulsby": {Q: 23, R: 20}, "csa.hood": navalHex, "usa.wadsworth": {Q: 30, R: 20}}
	g, _, _ := atHF(t, at)
	// Two earlier turns surrounded in a row (turn 2 was not): +2.
	for turn, st := range map[int]string{2: HFOpen, 3: HFSurrounded, 4: HFSurrounded} {
		g = g.Apply(&HarpersFerryChecked{Turn: turn, Status: st})
	}
	rule := RuleHarpersFerry{By: ump, Surrounded: true, Table: hfTable()}
	if _, err := g.Decide(RuleHarpersFerry{By: lee, Surrounded: true, Table: hfTable()}, engine.Script()); declCode(err) != "harpersferry.umpire" {
		t.Fatalf("Lee ruled: %v", err)
	}
	if _, err := g.Decide(rule, engine.Script(6, 6)); declCode(err) != "harpersferry.facts" || !strings.Contains(err.Error(), "naval_battery:true|false") {
		t.Fatalf("ruled without the facts the map cannot tell: %v", err)
	}
	h := g
	h.Sequence.Step = "1f"
	rule.Facts = map[string]bool{hfFactNaval: true, hfFactLoudoun: false}
	if _, err := h.Decide(rule, engine.Script(6, 6)); declCode(err) != "harpersferry.step" {
		t.Fatalf("outside 1g: %v", err)
	}
	// Not surrounded: no roll, and the step may end.
	evs, err := g.Decide(RuleHarpersFerry{By: ump, Surrounded: false}, engine.Script())
	if err != nil || len(evs) != 1 || evs[0].(*HarpersFerryChecked).Status != HFNotSurrounded {
		t.Fatalf("not surrounded: %v %v", evs, err)
	}
	if n := g.Apply(evs[0]); len(n.Waiting()) != 0 {
		t.Fatalf("1g waits after the ruling: %v", n.Waiting())
	}
	// Surrounded: 4+4 = 8, +3 naval battery, +2 two turns, -2 division = 11:
	// Kenly (3 MP) and Maulsby (2 MP) surrender, +10 VP (000 VII 6).
	evs, err = g.Decide(rule, engine.Script(4, 4))
	if err != nil || len(evs) != 3 {
		t.Fatalf("surrounded: %v %v", evs, err)
	}
	tr := evs[1].(*engine.TableRolled)
	res := evs[2].(*HarpersFerryRolled)
	if tr.Total != 11 || tr.Outcome != "surrender" || res.Manpower != 5 || res.VP != 10 || len(res.Surrendered) != 2 || res.Roll != tr.Number {
		t.Fatalf("roll %+v, result %+v", tr.TableRoll, res)
	}
	before := g
	for _, e := range evs {
		g = g.Apply(e)
	}
	if !g.Units["usa.kenly"].Eliminated || g.Units["usa.kenly"].OnMap || !g.Units["usa.maulsby"].Eliminated || g.Units["usa.wadsworth"].Eliminated {
		t.Fatal("the wrong units surrendered")
	}
	if _, total := g.VPTotals(); total != 10 {
		t.Fatalf("VP %d", total)
	}
	if before.Units["usa.kenly"].Eliminated || len(before.VP) != 0 {
		t.Fatal("Apply wrote into the state before")
	}
	if r, _ := g.Declared.HarpersFerry(5); !r.Rolled || !r.Surrounded() || len(g.Waiting()) != 0 {
		t.Fatalf("record: %+v", r)
	}
	// One roll a turn (6.2).
	if _, err := g.Decide(rule, engine.Script(6, 6)); declCode(err) != "harpersferry.rolled" {
		t.Fatalf("a second roll: %v", err)
	}
	// 4+3 = 7 +3 +2 -2 = 10: no effect; the units stay.
	g2, _, _ := atHF(t, at)
	for turn := 3; turn <= 4; turn++ {
		g2 = g2.Apply(&HarpersFerryChecked{Turn: turn, Status: HFSurrounded})
	}
	evs, err = g2.Decide(rule, engine.Script(4, 3))
	if err != nil {
		t.Fatal(err)
	}
	if res := evs[2].(*HarpersFerryRolled); res.Total != 10 || res.Outcome != "no-effect" || len(res.Surrendered) != 0 || res.VP != 0 {
		t.Fatalf("no effect: %+v", res)
	}
	// The umpire names the units cut off: only they surrender.
	rule.Units = []string{"usa.kenly"}
	evs, err = g2.Decide(rule, engine.Script(6, 6))
	if err != nil {
		t.Fatal(err)
	}
	if res := evs[2].(*HarpersFerryRolled); len(res.Surrendered) != 1 || res.VP != 6 {
		t.Fatalf("named units: %+v", res)
	}
	// The roll is a game roll: numbered with the game's rolls.
	if n := g2.Apply(evs[1]); n.Rolls != g2.Rolls+1 {
		t.Fatalf("rolls %d → %d", g2.Rolls, n.Rolls)
	}
}

// The events survive their JSON encoding (the log).
func TestDeclareEventsRoundTrip(t *testing.T) {
	for _, e := range []engine.Event{
		&PostureDeclared{By: lee, Turn: 5, Side: engine.CSA, Posture: PosturePassive},
		&PosturesRevealed{Turn: 5, Sides: []SidePosture{{Side: engine.CSA, Posture: PosturePassive, ChitGain: true, Chits: 4}}, SpyWinner: engine.USA},
		&TimeAllocated{Turn: 5, Sides: []TimeAllowance{{Turn: 5, Side: engine.CSA, Players: 2, Leaders: []string{"csa.longstreet"}, PerLeader: 3, Minutes: 17}}},
		&HarpersFerryChecked{Turn: 5, Status: HFAsk, Ask: []string{"surrounded"}, Facts: map[string]int{hfFactPrior: 1}},
		&HarpersFerryRolled{Turn: 5, Roll: 3, Total: 11, Outcome: "surrender", Surrendered: []SurrenderedUnit{{Unit: "usa.kenly", Manpower: 3}}, Manpower: 3, VP: 6},
	} {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := testDecode(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		_, again, _ := engine.EncodeEvent(back)
		if string(again) != string(data) {
			t.Errorf("%s: %s ≠ %s", typ, again, data)
		}
	}
}
