package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The forts' map for tests: invented places on the test board (the real
// ones are in scenarios/maps; scenarios' tests read them). Around the
// attackers at (10,0) in atkGame: Ft. Stevens (a Washington fort, class
// rolled) at (10,1), Ft. Federal Hill (a Baltimore fort: inside the
// md.baltimore region) at (11,-1), the Naval Battery (printed values, 000
// 9.2: combat 2, artillery 0) at (10,-1), and, for 9.4, Ft. Reno at (11,0)
// under Barnes and Ayres.
func fortData() *engine.MoveData {
	square := func(h engine.Hex) [][]engine.Point {
		c := engine.Center(h)
		return [][]engine.Point{{{X: c.X - .5, Y: c.Y - .5}, {X: c.X + .5, Y: c.Y - .5}, {X: c.X + .5, Y: c.Y + .5}, {X: c.X - .5, Y: c.Y + .5}}}
	}
	return &engine.MoveData{Theatre: &engine.Theatre{
		Places: []engine.Place{
			{Name: "Ft. Stevens", Hex: at(10, 1), Ref: engine.HexRef{Sheet: "HE", Col: 10, Row: 34}, Kinds: []string{"fort", "setup"}},
			{Name: "Ft. Federal Hill", Hex: at(11, -1), Kinds: []string{"fort"}},
			{Name: "Naval Battery", Hex: at(10, -1), Kinds: []string{"heights", "fort"}, Values: map[string]int{"fort_combat": 2, "fort_artillery": 0}},
			{Name: "Ft. Reno", Hex: at(11, 0), Kinds: []string{"fort"}},
			{Name: "Battery Vermont", Hex: at(9, 0), Kinds: []string{"battery"}},
		},
		Regions: []engine.Region{{ID: "md.baltimore", Kind: "county", Rings: square(at(11, -1))}},
	}}
}

func fortDeclare(h engine.Hex, units ...string) DeclareAttack {
	c := declare(units...)
	c.Hex, c.Ref, c.Data = h, "fort", fortData()
	return c
}

func settledOf(evs []engine.Event) (*AttackSettled, *CombatApplied) {
	var s *AttackSettled
	var a *CombatApplied
	for _, e := range evs {
		switch e := e.(type) {
		case *AttackSettled:
			s = e
		case *CombatApplied:
			a = e
		}
	}
	return s, a
}

// 9.2's tables, face by face: "Baltimore Forts: 1-3 = Class 1 4-5 = Class
// 2 6 = Class 3"; "Alexandria and Washington Forts 1-2 = Class 1 3-4 =
// Class 2 5-6 = Class 3"; "Class 1 = Artillery value of 1 = Intrinsic
// garrison of 2" and so on.
func TestFortClassTables(t *testing.T) {
	balt := []int{1, 1, 1, 2, 2, 3}
	wash := []int{1, 1, 2, 2, 3, 3}
	for die := 1; die <= 6; die++ {
		if got := fortClassOf(die, true); got != balt[die-1] {
			t.Errorf("Baltimore, die %d: class %d, want %d", die, got, balt[die-1])
		}
		if got := fortClassOf(die, false); got != wash[die-1] {
			t.Errorf("Washington, die %d: class %d, want %d", die, got, wash[die-1])
		}
	}
	for class, want := range map[int][2]int{1: {1, 2}, 2: {2, 3}, 3: {3, 4}} {
		if fortClasses[class] != want {
			t.Errorf("class %d: %v, want %v", class, fortClasses[class], want)
		}
	}
}

// 9.1: Confederate units may not enter (nor retreat into) an undestroyed
// Union fort: every such step is refused at once, naming the fort; a
// destroyed fort is open; Union units enter freely.
func TestConfederatesKeepOutOfUnionForts(t *testing.T) {
	g := marchGame(t, opts())
	data := &engine.MoveData{Theatre: &engine.Theatre{Places: []engine.Place{
		{Name: "Ft. Marcy", Hex: engine.Hex{Q: 1, R: 0}, Kinds: []string{"bridge", "fort"}},
		{Name: "Ft. Ethan Allen", Hex: engine.Hex{Q: 3, R: 0}, Kinds: []string{"fort"}},
		{Name: "Battery Kemble", Hex: engine.Hex{Q: 2, R: 0}, Kinds: []string{"battery"}},
	}}}
	cmd := marchCmd(lee, pathEast(4), "csa.hood")
	cmd.Data = data
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%v", err)
	}
	for _, s := range []string{"2 problems", "holds Ft. Marcy, an undestroyed Union fort", "holds Ft. Ethan Allen", "may not enter or retreat into it", "LRTG 9.1"} {
		if !strings.Contains(re.Error(), s) {
			t.Errorf("no %q in %q", s, re.Error())
		}
	}
	// Ft. Marcy destroyed (9.3: "no longer considered to occupy that hex").
	g.Places = map[string]PlaceState{"Ft. Marcy": {FortDestroyed: true}}
	short := marchCmd(lee, pathEast(2), "csa.hood")
	short.Data = data
	wantMove(t, g, short)
	wantRule(t, g, cmd, "move.fort", "", "Ft. Ethan Allen")
	// Union units enter freely; LRTA's forts are not 000's.
	barnes := []engine.UnitState{g.Units["usa.barnes"]}
	if p := g.fortSteps(data, barnes, pathEast(4), func(h engine.Hex) string { return "x" }); len(p) != 0 {
		t.Errorf("a Union march refused: %v", p)
	}
}

// 9.2 a) and 9.3: an attack on a fort with no Union unit in it. The class
// is rolled once the attack is declared (public, kept); the column reads
// the fort as combat value 1; an r destroys it, the fort takes no loss
// and gives no VP.
func TestAttackOnAnEmptyFort(t *testing.T) {
	g := atkGame(t, opts())
	cmd := fortDeclare(at(10, 1), "csa.hood", "csa.mclaws")
	cmd.Stated = []StatedModifier{{Name: "flank", Bare: true}}
	g, evs := acDo(t, g, cmd, engine.Script(5))
	if len(evs) != 3 {
		t.Fatalf("events %+v", evs)
	}
	d, ok3 := evs[0].(*AttackDeclared)
	roll, ok1 := evs[1].(*engine.DiceRolled)
	fc, ok2 := evs[2].(*FortClassified)
	if !ok1 || !ok2 || !ok3 || roll.Secret != "" || fc.Place != "Ft. Stevens" || fc.Ref != "HE1034" || fc.Baltimore || fc.Die != 5 || fc.Class != 3 || fc.Artillery != 3 || fc.Garrison != 4 || fc.Battle != 1 || fc.Roll != roll.Number {
		t.Fatalf("events %+v %+v", fc, evs)
	}
	if f := d.Battle.Fort; f == nil || f.Place != "Ft. Stevens" || f.Class != 3 || f.Combat != 4 || f.Artillery != 3 || len(d.Battle.Defenders) != 0 {
		t.Fatalf("battle %+v fort %+v", d.Battle, d.Battle.Fort)
	}
	if g.Places["Ft. Stevens"].FortClass != 3 {
		t.Errorf("places %+v", g.Places)
	}
	before, vp := manpowerOnBoard(g), len(g.VP)
	// The attacker's 29 against the fort's 1 (9.3); 5+1 against 2: +4.
	g, evs = acDo(t, g, AnswerAttack{By: meade, Charts: fakeCharts()}, engine.Script(5, 2))
	s, a := settledOf(evs)
	if s == nil || a == nil {
		t.Fatalf("%+v", evs)
	}
	if s.AttValue != 29 || s.DefValue != 1 || s.DefColumn != "D low" || s.Diff != 4 || s.DefResult.String() != "2Dr" || s.Fort == nil || s.Fort.Combat != 4 || len(s.Defenders) != 0 || s.DefenderSide != engine.USA {
		t.Fatalf("settled %+v", s)
	}
	if len(a.Sides) != 1 || a.Sides[0].Role != Attacker || a.FortDestroyed != "Ft. Stevens" {
		t.Fatalf("applied %+v", a)
	}
	if !g.Places["Ft. Stevens"].FortDestroyed || g.Places["Ft. Stevens"].FortClass != 3 || manpowerOnBoard(g) != before || len(g.VP) != vp || len(g.Attacks.Pending) != 0 {
		t.Errorf("after: %+v, manpower %d -> %d, VP %v", g.Places, before, manpowerOnBoard(g), g.VP[vp:])
	}
	// A destroyed fort with no unit is no battle.
	acRefused(t, g, fortDeclare(at(10, 1), "csa.hood"), "attack.no_enemy")
}

// 9.4 and 9.3: Union units in a fort defend x1.5 (a redoubt); the fort's
// intrinsic value stays out of the column; their r destroys the fort and
// they take the whole loss and retreat; a result without r leaves it.
func TestAttackOnAnOccupiedFort(t *testing.T) {
	g := atkGame(t, opts())
	g, evs := acDo(t, g, fortDeclare(at(11, 0), "csa.hood"), engine.Script(1))
	if fc := evs[2].(*FortClassified); fc.Class != 1 || fc.Garrison != 2 {
		t.Fatalf("%+v", fc)
	}
	// Dice 2 and 1: +1, "1 to 3": the defender's 1D, no retreat.
	g, evs = acDo(t, g, AnswerAttack{By: meade, Charts: fakeCharts()}, engine.Script(2, 1))
	s, a := settledOf(evs)
	if s.DefValue != 16.5 || len(s.Defenders) != 2 || !s.Defenders[0].Redoubt || s.Defenders[0].Counted != 7.5 || s.Defenders[1].Counted != 9 || s.DefColumn != "D high" {
		t.Fatalf("settled %+v", s)
	}
	if a.FortDestroyed != "" || g.Places["Ft. Reno"].FortDestroyed || a.Sides[1].Lost != 1 {
		t.Fatalf("applied %+v", a)
	}
	// A second attack, by McLaws: the class is kept (no die); a 2Dr
	// destroys the fort, the units lose 2 and retreat.
	g.Actions.Retreats = nil
	g, evs = acDo(t, g, fortDeclare(at(11, 0), "csa.mclaws"), engine.Script())
	if len(evs) != 1 || evs[0].(*AttackDeclared).Battle.Fort.Class != 1 {
		t.Fatalf("%+v", evs)
	}
	before := manpowerOnBoard(g)
	g, evs = acDo(t, g, AnswerAttack{By: meade, Charts: fakeCharts(), Disorganized: DisorganizedFull}, engine.Script(6, 2))
	s, a = settledOf(evs)
	if s.DefResult.String() != "2Dr" || a.FortDestroyed != "Ft. Reno" || a.Sides[1].Lost != 2 || a.Sides[1].VP != 4 || before-manpowerOnBoard(g) != 2 {
		t.Fatalf("settled %+v applied %+v", s, a)
	}
	if r := g.Actions.Retreats; strings.Join(r, ",") != "usa.ayres,usa.barnes" || !g.Places["Ft. Reno"].FortDestroyed {
		t.Errorf("retreats %v places %+v", r, g.Places)
	}
}

// The Baltimore table, and a fort with printed values, which rolls none.
func TestFortTablesAndPrintedValues(t *testing.T) {
	g := atkGame(t, opts())
	_, evs := acDo(t, g, fortDeclare(at(11, -1), "csa.hood"), engine.Script(3))
	if fc := evs[2].(*FortClassified); !fc.Baltimore || fc.Class != 1 {
		t.Errorf("Baltimore's 3: %+v", fc)
	}
	_, evs = acDo(t, g, fortDeclare(at(10, -1), "csa.hood"), engine.Script())
	if f := evs[0].(*AttackDeclared).Battle.Fort; len(evs) != 1 || f.Combat != 2 || f.Artillery != 0 || f.Class != 0 || f.Place != "Naval Battery" {
		t.Errorf("Naval Battery: %+v", evs)
	}
	// A battery is no fort: no enemy there, no attack.
	acRefused(t, g, fortDeclare(at(9, 0), "csa.hood"), "attack.no_enemy")
}
