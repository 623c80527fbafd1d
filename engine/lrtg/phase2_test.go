package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Actors of the Communications Phase tests: three Union commanders and
// two Confederate ones.
var (
	p2Hooker = engine.Actor{ID: "p2h", Name: "Joe"}    // Union overall commander
	p2Second = engine.Actor{ID: "p2s", Name: "Dan"}    // V, III, Cav, VIII
	p2Third  = engine.Actor{ID: "p2t", Name: "Oliver"} // VI, XI, DC
	p2Lee    = engine.Actor{ID: "p2l", Name: "Robert"} // Confederate overall commander: 1 (and 3 by default)
	p2Stuart = engine.Actor{ID: "p2j", Name: "Jeb"}    // Cav, 2, Rich
)

// p2OOB lays the leaders (their names and corps from 000 VIII's set-up)
// on one row: Hex{Q: n} is n hexes from Hex{Q: 0}, where the army
// commanders stand.
func p2OOB() *engine.OrderOfBattle {
	q := func(n int) engine.Hex { return engine.Hex{Q: n} }
	u := func(id, name string, side engine.Side, kind, cmd string, at int) engine.UnitSetup {
		s := engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Command: cmd, OnMap: true, Hex: q(at)}
		if kind != "leader" {
			s.Manpower = 5
		}
		return s
	}
	return &engine.OrderOfBattle{Units: []engine.UnitSetup{
		u("csa.lee", "Lee", engine.CSA, "leader", "ANV", -5),
		u("csa.longstreet", "Longstreet", engine.CSA, "leader", "1", 0),
		u("csa.hood", "Hood", engine.CSA, "infantry", "1", 0),
		u("csa.ewell", "Ewell", engine.CSA, "leader", "2", 20),
		u("csa.rodes", "Rodes", engine.CSA, "infantry", "2", 20),
		u("csa.hill", "Hill", engine.CSA, "leader", "3", 3),
		u("csa.heth", "Heth", engine.CSA, "infantry", "3", 3),
		u("csa.stuart", "Stuart", engine.CSA, "leader", "Cav", 15),
		u("csa.hampton", "Hampton", engine.CSA, "cavalry", "Cav", 15),
		u("csa.corse", "Corse", engine.CSA, "infantry", "Rich", -30),
		u("csa.imboden", "Imboden", engine.CSA, "cavalry", "", -20),

		u("usa.hooker", "Hooker", engine.USA, "leader", "AoP", 0),
		u("usa.reynolds", "Reynolds", engine.USA, "leader", "I", 0),
		u("usa.wadsworth", "Wadsworth", engine.USA, "infantry", "I", 0),
		u("usa.hancock", "Hancock", engine.USA, "leader", "II", 10),
		u("usa.caldwell", "Caldwell", engine.USA, "infantry", "II", 10),
		u("usa.slocum", "Slocum", engine.USA, "leader", "XII", 11),
		u("usa.williams", "Williams", engine.USA, "infantry", "XII", 11),
		u("usa.meade", "Meade", engine.USA, "leader", "V", 30),
		u("usa.barnes", "Barnes", engine.USA, "infantry", "V", 30),
		u("usa.sickles", "Sickles", engine.USA, "leader", "III", 14),
		u("usa.birney", "Birney", engine.USA, "infantry", "III", 14),
		u("usa.pleasonton", "Pleasonton", engine.USA, "leader", "Cav", 40),
		u("usa.buford", "Buford", engine.USA, "cavalry", "Cav", 40),
		u("usa.schenck", "Schenck", engine.USA, "leader", "VIII", 60),
		u("usa.kenly", "Kenly", engine.USA, "infantry", "HF", 60),
		u("usa.sedgwick", "Sedgwick", engine.USA, "leader", "VI", -30),
		u("usa.wright", "Wright", engine.USA, "infantry", "VI", -30),
		u("usa.howard", "Howard", engine.USA, "leader", "XI", 13),
		u("usa.barlow", "Barlow", engine.USA, "infantry", "XI", 13),
		u("usa.heintzelman", "Heintzelman", engine.USA, "leader", "DC", 50),
		u("usa.wells", "Wells", engine.USA, "infantry", "DC", 50),
	}}
}

// p2Game: the CSA with two commanders, the Union with three (the
// overall commander holds I, II and XII by default: three corps; the
// others three and four, as 21.1 requires), or with one (oneUnion).
func p2Game(t *testing.T, restrictions, oneUnion bool) Game {
	t.Helper()
	o := opts()
	o.OverallRestrictions = restrictions
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	joins := []engine.JoinGame{{By: p2Lee, Side: engine.CSA, Commands: []string{"1"}}, {By: p2Stuart, Side: engine.CSA, Commands: []string{"Cav", "2", "Rich"}}, {By: p2Hooker, Side: engine.USA}}
	if !oneUnion {
		joins = append(joins, engine.JoinGame{By: p2Second, Side: engine.USA, Commands: []string{"V", "III", "Cav", "VIII"}}, engine.JoinGame{By: p2Third, Side: engine.USA, Commands: []string{"VI", "XI", "DC"}})
	}
	for _, j := range joins {
		g = apply(t, g, j, engine.Script())
	}
	g = apply(t, g, engine.StartGame{By: ump, OOB: p2OOB()}, engine.Script())
	g.Turn = 4
	return g
}

func p2At(g Game, step string) Game {
	g.Sequence = engine.SequenceState{Step: step, Turn: g.Turn}
	return g
}

func p2Move(g Game, id string, q int) Game {
	g.Units = engine.CopyUnits(g.Units)
	u := g.Units[id]
	u.Hex = engine.Hex{Q: q}
	g.Units[id] = u
	return g
}

func p2Apply(g Game, evs []engine.Event) Game {
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

func p2Code(t *testing.T, err error, code string) {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("err %v, want %s", err, code)
	}
}

// Without the option, 2a and 2b do nothing, and say so.
func TestRestrictionsOffDoNothing(t *testing.T) {
	g := p2Game(t, false, false)
	g = p2Move(g, "usa.slocum", 30) // far away: would pass with the option
	evs, err := stepArmyCommander(p2At(g, "2a"), engine.Script(), engine.StepContext{})
	if err != nil || len(evs) != 1 || evs[0].(*ArmyCommanderPlaced).Outcome != RestrictOff {
		t.Fatalf("2a: %+v %v", evs, err)
	}
	after := p2Apply(p2At(g, "2a"), evs)
	if after.Units["csa.lee"].Hex != (engine.Hex{Q: -5}) || len(after.Waiting()) != 0 {
		t.Fatalf("2a moved Lee or waits: %v %v", after.Units["csa.lee"].Hex, after.Waiting())
	}
	evs, err = stepDistantCorps(p2At(g, "2b"), engine.Script(), engine.StepContext{})
	if err != nil || len(evs) != 1 || evs[0].(*DistantCorpsChecked).Outcome != RestrictOff {
		t.Fatalf("2b: %+v %v", evs, err)
	}
	after = p2Apply(p2At(g, "2b"), evs)
	if !after.Controls(p2Hooker, after.Units["usa.williams"]) {
		t.Fatal("2b changed control without the option")
	}
	// The overall commander's choice is refused too.
	_, err = p2At(g, "2a").Decide(PlaceArmyCommander{By: p2Lee, With: "csa.hill"}, engine.Script())
	p2Code(t, err, "army.option")
}

// 2a: several candidates wait for the overall commander's choice; one is
// placed at once; an army commander already with one stays; a side of
// one commander is left alone.
func TestArmyCommanderPlacement(t *testing.T) {
	g := p2At(p2Game(t, true, true), "2a")
	// Lee at -5; the Confederate overall commander holds Longstreet (1, at
	// 0) and Hill (3 by default, at 3): he chooses.
	evs, err := stepArmyCommander(g, engine.Script(), engine.StepContext{})
	if err != nil || len(evs) != 1 {
		t.Fatalf("2a: %+v %v (the one-commander Union has no 2a)", evs, err)
	}
	e := evs[0].(*ArmyCommanderPlaced)
	if e.Side != engine.CSA || e.Outcome != ArmyChoose || strings.Join(e.Candidates, ",") != "csa.hill,csa.longstreet" {
		t.Fatalf("several candidates: %+v", e)
	}
	g = p2Apply(g, evs)
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "Robert") || !strings.Contains(w[0], "place Lee") {
		t.Fatalf("wait: %v", w)
	}
	// Only the overall commander, only his own infantry corps commanders.
	_, err = g.Decide(PlaceArmyCommander{By: p2Stuart, With: "csa.hill"}, engine.Script())
	p2Code(t, err, "army.overall")
	_, err = g.Decide(PlaceArmyCommander{By: p2Lee, With: "csa.ewell"}, engine.Script())
	p2Code(t, err, "army.with")
	_, err = g.Decide(PlaceArmyCommander{By: p2Lee, With: "csa.stuart"}, engine.Script())
	p2Code(t, err, "army.with")
	_, err = g.Decide(PlaceArmyCommander{By: p2Hooker, With: "csa.hill"}, engine.Script())
	p2Code(t, err, "unit.unknown") // the enemy's leaders are not confirmed
	_, err = p2At(g, "2b").Decide(PlaceArmyCommander{By: p2Lee, With: "csa.hill"}, engine.Script())
	p2Code(t, err, "army.step")
	evs, err = g.Decide(PlaceArmyCommander{By: p2Lee, With: "csa.hill"}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	before := g
	g = p2Apply(g, evs)
	if lee := g.Units["csa.lee"]; lee.Hex != (engine.Hex{Q: 3}) || len(g.Waiting()) != 0 {
		t.Fatalf("Lee at %v, wait %v", lee.Hex, g.Waiting())
	}
	if before.Units["csa.lee"].Hex != (engine.Hex{Q: -5}) {
		t.Fatal("Apply changed the state before it")
	}
	_, err = g.Decide(PlaceArmyCommander{By: p2Lee, With: "csa.hill"}, engine.Script())
	p2Code(t, err, "army.already")
	// The umpire's undo takes the choice back: the step waits again.
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "misclick"}, engine.Script())
	if g.Units["csa.lee"].Hex != (engine.Hex{Q: -5}) || len(g.Waiting()) != 1 {
		t.Fatalf("undo: Lee at %v, wait %v", g.Units["csa.lee"].Hex, g.Waiting())
	}

	// Already with Longstreet: he stays, nothing moves.
	g = p2Move(p2At(p2Game(t, true, true), "2a"), "csa.lee", 0)
	evs, _ = stepArmyCommander(g, engine.Script(), engine.StepContext{})
	if e := evs[0].(*ArmyCommanderPlaced); e.Outcome != ArmyStays || e.With != "csa.longstreet" {
		t.Fatalf("stays: %+v", e)
	}
	if g = p2Apply(g, evs); g.Units["csa.lee"].Hex != (engine.Hex{Q: 0}) || len(g.Waiting()) != 0 {
		t.Fatal("stays: moved or waits")
	}

	// Hill off the map: Longstreet is the only candidate; Lee is placed.
	g = p2At(p2Game(t, true, true), "2a")
	g.Units = engine.CopyUnits(g.Units)
	hill := g.Units["csa.hill"]
	hill.OnMap = false
	g.Units["csa.hill"] = hill
	evs, _ = stepArmyCommander(g, engine.Script(), engine.StepContext{})
	e = evs[0].(*ArmyCommanderPlaced)
	if e.Outcome != ArmyPlaced || e.With != "csa.longstreet" || e.From != (engine.Hex{Q: -5}) || e.Hex != (engine.Hex{Q: 0}) {
		t.Fatalf("placed: %+v", e)
	}
	if g = p2Apply(g, evs); g.Units["csa.lee"].Hex != (engine.Hex{Q: 0}) || len(g.Waiting()) != 0 {
		t.Fatal("placed: not moved, or waits")
	}

	// No infantry corps commander of the overall commander's: recorded.
	g = p2At(p2Game(t, true, true), "2a")
	g.Units = engine.CopyUnits(g.Units)
	for _, id := range []string{"csa.hill", "csa.longstreet"} {
		u := g.Units[id]
		u.Eliminated, u.OnMap = true, false
		g.Units[id] = u
	}
	evs, _ = stepArmyCommander(g, engine.Script(), engine.StepContext{})
	if e := evs[0].(*ArmyCommanderPlaced); e.Outcome != ArmyNone {
		t.Fatalf("none: %+v", e)
	}
}

// 2b: a corps commander of the overall commander's 11 hexes from the
// army commander passes to the player of the nearest other corps
// commander, without fatigue; one 10 hexes away stays.
func TestDistantCorpsPass(t *testing.T) {
	g := p2At(p2Game(t, true, false), "2b")
	// Hooker at 0. The Union overall commander holds I (Reynolds, 0), II
	// (Hancock, 10) and XII (Slocum, 11). Nearest Slocum: Howard (XI,
	// Oliver's) at 13, two hexes; Sickles (III, Dan's) at 14, three.
	// The Confederates: Lee at -5, Longstreet 5 hexes, Hill 8.
	evs, err := stepDistantCorps(g, engine.Script(), engine.StepContext{})
	if err != nil {
		t.Fatal(err)
	}
	var checks []*DistantCorpsChecked
	var changes []*ControlChanged
	for _, e := range evs {
		switch e := e.(type) {
		case *DistantCorpsChecked:
			checks = append(checks, e)
		case *ControlChanged:
			changes = append(changes, e)
		}
	}
	if len(checks) != 2 || len(changes) != 1 {
		t.Fatalf("events: %d checks, %d changes", len(checks), len(changes))
	}
	usa := checks[1]
	got := map[string]CorpsDistance{}
	for _, c := range usa.Corps {
		got[c.Leader] = c
	}
	if c := got["usa.hancock"]; c.Hexes != 10 || c.Passes() {
		t.Fatalf("Hancock at 10 hexes: %+v", c)
	}
	if c := got["usa.slocum"]; c.Hexes != 11 || c.To.ID != p2Third.ID || c.Nearest != "usa.howard" || c.NearestHexes != 2 {
		t.Fatalf("Slocum at 11 hexes: %+v", c)
	}
	ch := changes[0]
	if ch.Designation != "XII" || ch.From.ID != p2Hooker.ID || ch.To.ID != p2Third.ID || ch.Why != WhyDistant || len(ch.Fatigued) != 0 {
		t.Fatalf("change: %+v", ch)
	}
	g = p2Apply(g, evs)
	if !g.Controls(p2Third, g.Units["usa.williams"]) || g.Controls(p2Hooker, g.Units["usa.williams"]) || g.Units["usa.williams"].Fatigue != 0 {
		t.Fatal("XII after 2b")
	}
	if !g.Controls(p2Hooker, g.Units["usa.caldwell"]) {
		t.Fatal("II (10 hexes) changed hands")
	}
	if d, ok := g.Restrictions.Distant["xii"]; !ok || d.To.ID != p2Third.ID || d.Turn != 4 {
		t.Fatalf("record: %+v", g.Restrictions.Distant)
	}

	// Returned next turn, within 10 hexes of Hooker, in 2c: no fatigue.
	oob := p2OOB()
	next := g
	next.Turn = 5
	next = p2Move(p2At(next, "2c"), "usa.slocum", 9)
	evs, err = next.Decide(GiveCommand{By: p2Third, Designation: "XII", To: p2Hooker.ID, OOB: oob}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if e := evs[0].(*ControlChanged); e.Why != WhyReturn || len(e.Fatigued) != 0 {
		t.Fatalf("return: %+v", e)
	}
	if next = p2Apply(next, evs); len(next.Restrictions.Distant) != 0 {
		t.Fatalf("record after the return: %+v", next.Restrictions.Distant)
	}
	// The same turn, it is a voluntary change: a fatigue (operational).
	same := p2Move(p2At(g, "2c"), "usa.slocum", 9)
	evs, err = same.Decide(GiveCommand{By: p2Third, Designation: "XII", To: p2Hooker.ID, OOB: oob}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if e := evs[0].(*ControlChanged); e.Why != "" || strings.Join(e.Fatigued, ",") != "usa.williams" {
		t.Fatalf("same-turn return: %+v", e)
	}
}

// 2b ties: the commander with the fewest corps, then the first to join.
func TestDistantCorpsNearestTie(t *testing.T) {
	// Sickles (Dan: four corps) and Howard (Oliver: three) both two
	// hexes from Slocum: Oliver receives XII.
	g := p2Move(p2At(p2Game(t, true, false), "2b"), "usa.sickles", 9)
	evs, _ := stepDistantCorps(g, engine.Script(), engine.StepContext{})
	var c CorpsDistance
	for _, e := range evs {
		if e, ok := e.(*DistantCorpsChecked); ok && e.Side == engine.USA {
			for _, x := range e.Corps {
				if x.Leader == "usa.slocum" {
					c = x
				}
			}
		}
	}
	if c.To.ID != p2Third.ID || c.Nearest != "usa.howard" || strings.Join(c.Tied, ",") != "usa.sickles" {
		t.Fatalf("tie: %+v", c)
	}
	// Nearer still, Sickles wins outright.
	g = p2Move(g, "usa.sickles", 12)
	evs, _ = stepDistantCorps(g, engine.Script(), engine.StepContext{})
	for _, e := range evs {
		if e, ok := e.(*ControlChanged); ok && e.Designation == "XII" && e.To.ID != p2Second.ID {
			t.Fatalf("Sickles one hex away: %+v", e)
		}
	}
}

// 16.2 14): after Meade, the V Corps' commander is the overall commander
// and holds the cavalry and more corps than Meade's player: step 3b waits
// until he has given away what 21.1 forbids; his gives add no fatigue.
func TestMeadeRedistribution(t *testing.T) {
	g := leadersGame(t, opts(), true)
	g = apply(t, g, MeadeTakesCommand{By: ump}, engine.Script())
	g = ldAt(g, "3b")
	evs, err := stepHookerReplacement(g, engine.Script(), engine.StepContext{})
	if err != nil {
		t.Fatal(err)
	}
	g = ldApplyAll(g, evs)
	w := g.Waiting()
	if len(w) != 1 || !strings.Contains(w[0], "Sykes") || !strings.Contains(w[0], "cavalry") {
		t.Fatalf("wait: %v", w)
	}
	oob := leadersOOB()
	// A Confederate may not change control in 3b.
	_, err = g.Decide(GiveCommand{By: jebA, Designation: "2", To: lee.ID, OOB: oob}, engine.Script())
	p2Code(t, err, "control.step")
	// Sykes gives the cavalry to Meade's player: no fatigue although the
	// division still breaks 21.1 (Sykes V, II, DC, PA; Meade VI, Cav).
	evs, err = g.Decide(GiveCommand{By: ldSykes, Designation: "Cav", To: meade.ID, OOB: oob}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if e := evs[0].(*ControlChanged); e.Why != WhyMeade || len(e.Fatigued) != 0 {
		t.Fatalf("Cav: %+v", e)
	}
	g = ldApplyAll(g, evs)
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "fewer than the overall commander") {
		t.Fatalf("wait after Cav: %v", w)
	}
	for _, d := range []string{"II", "DC"} {
		g = apply(t, g, GiveCommand{By: ldSykes, Designation: d, To: meade.ID, OOB: oob}, engine.Script())
	}
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("wait after II, DC: %v", w)
	}
	// The overall commander may move a corps he does not hold (the
	// division of command is checked: not the cavalry to himself); the
	// others give only their own.
	_, err = g.Decide(GiveCommand{By: ldSykes, Designation: "Cav", To: ldSykes.ID, OOB: oob}, engine.Script())
	p2Code(t, err, "game.command")
	_, err = g.Decide(GiveCommand{By: meade, Designation: "V", To: meade.ID, OOB: oob}, engine.Script())
	p2Code(t, err, "control.holder")
	// Not on a later turn.
	later := g
	later.Turn++
	later = ldAt(later, "3b")
	if len(later.Waiting()) != 0 {
		t.Fatal("3b waits on a later turn")
	}
	_, err = later.Decide(GiveCommand{By: meade, Designation: "II", To: ldSykes.ID, OOB: oob}, engine.Script())
	p2Code(t, err, "control.step")
}

// The events survive their JSON encoding.
func TestRestrictionEventsEncode(t *testing.T) {
	g := p2At(p2Game(t, true, false), "2b")
	evs, _ := stepDistantCorps(g, engine.Script(), engine.StepContext{})
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := testDecode(typ, data)
		if err != nil || back.EventType() != e.EventType() {
			t.Fatalf("%s: %v", e.EventType(), err)
		}
	}
}
