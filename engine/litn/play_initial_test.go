package litn_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
)

// The Initial Phase in play (3.1 A; engine/litn/play_initial.go): each
// step through /phase next (engine.NextStep) and the players' commands,
// with scripted dice and the invented fixture charts of testdata.
// Units are built here (the scenario 2-4 record sheets are not written
// yet); every strength is invented.

type litnInitEnv struct {
	lib    *engine.Library
	seq    *engine.Sequence
	m      *engine.Theatre
	charts map[string]*engine.LoadedChart
}

func newLITNInitEnv(t *testing.T) litnInitEnv {
	t.Helper()
	lib := litnLibrary(t)
	seqs, err := scenarios.Sequences()
	if err != nil {
		t.Fatal(err)
	}
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	env := litnInitEnv{lib: lib, seq: seqs[litn.ID], m: ts["litn"], charts: map[string]*engine.LoadedChart{}}
	for _, f := range []string{"attrition.yaml", "union-militia.yaml"} {
		id, lc := litnFixture(t, lib, f)
		env.charts[id] = lc
	}
	if env.seq == nil || env.m == nil {
		t.Fatal("no LITN sequence or map")
	}
	return env
}

// unit builds a unit at a printed hex ("" off the map).
func (env litnInitEnv) unit(t *testing.T, id, name string, side engine.Side, troops string, strength int, at string) litn.Unit {
	t.Helper()
	u := litn.Unit{ID: id, Name: name, Side: side, Troops: troops, Strength: strength, Original: strength, At: at}
	if at != "" {
		h, _, err := env.m.ParseHex(at, "")
		if err != nil {
			t.Fatal(err)
		}
		u.Hex = h
	}
	return u
}

// start is a started game of the scenario on the turn with the units.
func (env litnInitEnv) start(t *testing.T, scenario string, turn int, score litn.Score, control map[string]litn.Control, units ...litn.Unit) engine.GameState {
	t.Helper()
	g := litnGame(t, scenario)
	if control == nil {
		control = map[string]litn.Control{}
	}
	return g.Apply(&litn.Started{By: umpireActor, Turn: turn, Units: units, Charts: env.charts, Control: control, Score: score})
}

// next is /phase next: it returns the game after and the events.
func (env litnInitEnv) next(t *testing.T, g engine.GameState, d engine.Dice) (engine.GameState, []engine.Event) {
	t.Helper()
	evs, err := g.Decide(engine.NextStep{By: umpireActor, Sequence: env.seq, Context: engine.StepContext{Library: env.lib, Map: env.m}}, d)
	if err != nil {
		t.Fatalf("phase next: %v", err)
	}
	return initApply(t, g, evs), evs
}

func initApply(t *testing.T, g engine.GameState, evs []engine.Event) engine.GameState {
	t.Helper()
	for _, e := range evs {
		// Every event round-trips through the stream's encoding.
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := litnRules.DecodeEvent(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		_, again, err := engine.EncodeEvent(back)
		if err != nil || reflect.TypeOf(back) != reflect.TypeOf(e) || string(again) != string(data) {
			t.Fatalf("%s does not round-trip: %v\n%s\n%s", typ, err, data, again)
		}
		g = g.Apply(e)
	}
	return g
}

func initDecide(t *testing.T, g engine.GameState, cmd engine.Command, d engine.Dice) (engine.GameState, []engine.Event) {
	t.Helper()
	evs, err := g.Decide(cmd, d)
	if err != nil {
		t.Fatalf("%s: %v", cmd.CommandName(), err)
	}
	return initApply(t, g, evs), evs
}

func initRefused(t *testing.T, g engine.GameState, cmd engine.Command, d engine.Dice, code string) {
	t.Helper()
	_, err := g.Decide(cmd, d)
	re, ok := err.(*engine.RuleError)
	if !ok || re.Code != code {
		t.Fatalf("%s: want %s, got %v", cmd.CommandName(), code, err)
	}
}

// says gathers the texts of the events to an audience.
func initSays(g engine.GameState, evs []engine.Event, to string) string {
	var b strings.Builder
	for _, e := range evs {
		if s, ok := e.(litn.Sayer); ok {
			for _, x := range s.Say(litn.Of(g)) {
				if x.To == to {
					b.WriteString(x.Text + "\n")
				}
			}
		}
	}
	return b.String()
}

func initBegun(evs []engine.Event) *engine.StepBegun {
	for _, e := range evs {
		if b, ok := e.(*engine.StepBegun); ok {
			return b
		}
	}
	return nil
}

func TestLITNPlayInitialSkipsWhatDoesNotHappen(t *testing.T) {
	env := newLITNInitEnv(t)
	// Scenario 1, turn 4: no reorganization (scenario 2), no attrition (even
	// turn), no replacements (before turn 5), no militia (not eligible), no
	// wagon (the first on turn 6), no Hooker (scenario 3).
	g := env.start(t, litn.Scenario1, 4, litn.Score{}, nil, env.unit(t, "csa.hood", "Hood", engine.CSA, "infantry", 9, "1625"))
	_, evs := env.next(t, g, engine.Script(3, 3, 3, 3, 3, 3, 3, 3)) // the Initiative Phase rolls
	b := initBegun(evs)
	if b == nil || b.Step[0] == 'A' {
		t.Fatalf("began %+v", b)
	}
	why := map[string]string{}
	for _, s := range b.Skipped {
		why[s.Step] = s.Why
	}
	for id, want := range map[string]string{"A1": "scenario 2", "A2": "even", "A3": "turn 5", "A4": "4.2", "A5": "turn 6", "A6": "scenario 3"} {
		if !strings.Contains(why[id], want) {
			t.Errorf("%s skipped because %q; want %q in it", id, why[id], want)
		}
	}
}

func TestLITNPlayAttritionAndReplacements(t *testing.T) {
	env := newLITNInitEnv(t)
	g := env.start(t, litn.Scenario1, 5, litn.Score{}, nil,
		env.unit(t, "csa.hood", "Hood", engine.CSA, "infantry", 9, "1625"),
		env.unit(t, "csa.stuart", "Stuart", engine.CSA, "cavalry", 3, "1622"),
		env.unit(t, "csa.walker", "Walker", engine.CSA, "infantry", 5, "1622"),
		env.unit(t, "csa.hill", "D.H. Hill", engine.CSA, "infantry", 6, "1529"), // Harpers Ferry: friendly to both (2.1)
		env.unit(t, "usa.sumner", "Sumner", engine.USA, "infantry", 16, "3035"),
		env.unit(t, "usa.farnsworth", "Farnsworth", engine.USA, "cavalry", 1, "3034"),
	)
	// Facts the map cannot give are declared before the Initial Phase.
	yes := true
	// The line of communications is the Command and Movement Phases'
	// declaration (/litn declare loc:); the depot and territory are ours.
	g, _ = initDecide(t, g, litn.Declare{By: leeActor, LOC: map[string]bool{"Stuart": false}}, engine.Script())
	g, _ = initDecide(t, g, litn.Declare{By: mcclellanActor, LOC: map[string]bool{"Farnsworth": false}}, engine.Script())
	g, evs := initDecide(t, g, litn.Replace{By: leeActor, Unit: "csa.walker", NearDepot: &yes}, engine.Script())
	if s := initSays(g, evs, "csa"); !strings.Contains(s, "Walker territory by its hex (default), within four MPs of a friendly depot") || initSays(g, evs, "all")+initSays(g, evs, "usa") != "" {
		t.Fatalf("declaration said: %q / all %q", s, initSays(g, evs, "all"))
	}
	initRefused(t, g, litn.Replace{By: mcclellanActor, Unit: "Hood", NearDepot: &yes}, engine.Script(), "litn.unit")
	initRefused(t, g, litn.Replace{By: leeActor, Unit: "Hood", Territory: "north"}, engine.Script(), "litn.replace.territory")

	// A2 begins: the Confederate rolls 5, the Union 5 (11.1's example roll).
	g, evs = env.next(t, g, engine.Script(5, 5))
	if b := initBegun(evs); b == nil || b.Step != "A2" {
		t.Fatalf("began %+v", b)
	}
	for id, want := range map[string]int{
		"csa.hood":   7, // enemy territory (default north of the Potomac), row 5: 2 infantry
		"csa.stuart": 2, // no LOC: row 6, enemy: 1 cavalry
		"csa.walker": 5, // within four MPs of a depot: spared (11)
		"csa.hill":   5, // Harpers Ferry, friendly: row 5, 1 infantry
		"usa.sumner": 15,
		// No LOC: row 6, friendly: 1 cavalry, but no unit goes to 0 (11.1).
		"usa.farnsworth": 1,
	} {
		if got := litn.Of(g).LITN.Units[id].Strength; got != want {
			t.Errorf("%s: strength %d after attrition, want %d", id, got, want)
		}
	}
	all, csa, usa := initSays(g, evs, "all"), initSays(g, evs, "csa"), initSays(g, evs, "usa")
	if !strings.Contains(all, "Confederate player rolls once for all his units: 5") || !strings.Contains(all, "Union player rolls") {
		t.Errorf("table: %s", all)
	}
	if !strings.Contains(csa, "strength 9 → 7") || !strings.Contains(usa, "no unit can be reduced to 0") || !strings.Contains(csa, "no LOC (declared)") {
		t.Errorf("sides: %s\n%s", csa, usa)
	}
	// Secrecy (002 2.5): no strength or loss reaches the table or the enemy.
	for _, leak := range []string{"Hood", "9 → 7", "Stuart", "Walker", "D.H. Hill"} {
		if strings.Contains(all, leak) || strings.Contains(usa, leak) {
			t.Errorf("%q reached the table or the Union: %s / %s", leak, all, usa)
		}
	}
	for _, leak := range []string{"Sumner", "16 → 15", "Farnsworth"} {
		if strings.Contains(all, leak) || strings.Contains(csa, leak) {
			t.Errorf("%q reached the table or the Confederates", leak)
		}
	}

	// A3: turn 5 is odd: 1 point each (15.2).
	initRefused(t, g, litn.Replace{By: leeActor, Unit: "Hood", Points: 1}, engine.Script(), "litn.step")
	g, evs = env.next(t, g, engine.Script())
	if b := initBegun(evs); b == nil || b.Step != "A3" || !strings.Contains(initSays(g, evs, "all"), "1 replacement point") {
		t.Fatalf("A3: %+v %s", b, initSays(g, evs, "all"))
	}
	initRefused(t, g, litn.Replace{By: leeActor, Unit: "Stuart", Points: 1}, engine.Script(), "litn.replacements.loc")
	initRefused(t, g, litn.Replace{By: mcclellanActor, Unit: "Sumner", Points: 2}, engine.Script(), "litn.replacements.too-many")
	g, evs = initDecide(t, g, litn.Replace{By: leeActor, Unit: "Hood", Points: 1}, engine.Script())
	if litn.Of(g).LITN.Units["csa.hood"].Strength != 8 || !strings.Contains(initSays(g, evs, "csa"), "0 replacement point(s) left") || initSays(g, evs, "all")+initSays(g, evs, "usa") != "" {
		t.Fatalf("Hood after a replacement: %d; %q", litn.Of(g).LITN.Units["csa.hood"].Strength, initSays(g, evs, "csa"))
	}
	initRefused(t, g, litn.Replace{By: leeActor, Unit: "Walker", Points: 1}, engine.Script(), "litn.replacements.too-many")
	// The step waits for both players.
	if _, err := g.Decide(engine.NextStep{By: umpireActor, Sequence: env.seq}, engine.Script()); err == nil {
		t.Fatal("A3 ended while both players were to spend")
	}
	g, _ = initDecide(t, g, litn.Done{By: leeActor}, engine.Script())
	initRefused(t, g, litn.Replace{By: leeActor, Unit: "Hood", Points: 1}, engine.Script(), "litn.replace.done")
	g, _ = initDecide(t, g, litn.Done{By: mcclellanActor}, engine.Script())
	_, evs = env.next(t, g, engine.Script(3, 3, 3, 3, 3, 3, 3, 3)) // the Initiative Phase rolls
	if b := initBegun(evs); b == nil || b.Step[0] == 'A' {
		t.Fatalf("after A3 began %+v", b)
	}
}

func TestLITNPlayReplacementsTwoPointsCavalry(t *testing.T) {
	env := newLITNInitEnv(t)
	g := env.start(t, litn.Scenario1, 6, litn.Score{}, nil,
		env.unit(t, "csa.stuart", "Stuart", engine.CSA, "cavalry", 3, "1622"),
		env.unit(t, "csa.hood", "Hood", engine.CSA, "infantry", 9, "1625"))
	d := litn.Of(g).LITN.Units["csa.hood"]
	d.Demoralized = true
	g = litn.With(g, func(lg *litn.State) {
		lg.Units = map[string]litn.Unit{"csa.stuart": litn.Of(g).LITN.Units["csa.stuart"], "csa.hood": d}
	})
	g, _ = env.next(t, g, engine.Script())
	if g.CurrentStep() != "A3" {
		t.Fatalf("step %s", g.CurrentStep())
	}
	initRefused(t, g, litn.Replace{By: leeActor, Unit: "Hood", Points: 1}, engine.Script(), "litn.replacements.demoralized")
	// Turn 6 is even: 2 points, one cavalry strength point (15.2).
	g, _ = initDecide(t, g, litn.Replace{By: leeActor, Unit: "Stuart", Points: 1}, engine.Script())
	if litn.Of(g).LITN.Units["csa.stuart"].Strength != 4 {
		t.Fatalf("Stuart %d", litn.Of(g).LITN.Units["csa.stuart"].Strength)
	}
	initRefused(t, g, litn.Replace{By: leeActor, Unit: "Stuart", Points: 1}, engine.Script(), "litn.replacements.too-many")
}

func TestLITNPlayMilitia(t *testing.T) {
	env := newLITNInitEnv(t)
	near := env.unit(t, "csa.early", "Early", engine.CSA, "infantry", 6, "3505") // 5 hexes from Harrisburg
	if d := engine.Distance(near.Hex, litn.Harrisburg()); d > 15 {
		t.Fatalf("3505 is %d hexes from 4001", d)
	}
	// Scenario 4, turn 1 (1863: no attrition; no wagon before turn 3).
	g := env.start(t, litn.Scenario4, 1, litn.Score{}, nil, near, env.unit(t, "usa.couch", "Couch", engine.USA, "", 0, "4001"))
	u := litn.Of(g).LITN.Units["usa.couch"]
	u.Role = litn.SheetCouch
	g = litn.With(g, func(lg *litn.State) { lg.Units = map[string]litn.Unit{"csa.early": near, "usa.couch": u} })
	g, evs := env.next(t, g, engine.Script(5)) // the fixture's 5: 2 units
	if g.CurrentStep() != "A4" {
		t.Fatalf("step %s", g.CurrentStep())
	}
	var militia []litn.Unit
	for _, x := range litn.Of(g).UnitsOf(engine.USA) {
		if x.Militia {
			militia = append(militia, x)
		}
	}
	if len(militia) != 2 || militia[0].At != "4001" || militia[0].Hex != litn.Harrisburg() || militia[1].ID != "usa.militia-2" || militia[0].SubordinateTo != "usa.couch" {
		t.Fatalf("militia: %+v", militia)
	}
	if all := initSays(g, evs, "all"); !strings.Contains(all, "2 militia unit(s) placed at Harrisburg") || !strings.Contains(all, "litn.union-militia") {
		t.Errorf("table: %s", all)
	}
	if !litn.Of(g).LITN.Initial.MilitiaEligible {
		t.Fatal("eligibility not remembered")
	}
	// Once met, always met (4.2): the Confederate leaves, the roll stays.
	far := near
	far.At, far.Hex = "1026", engine.Hex{}
	units := map[string]litn.Unit{}
	for k, v := range litn.Of(g).LITN.Units {
		units[k] = v
	}
	units["csa.early"] = far
	g = litn.With(g, func(lg *litn.State) { lg.Units = units })
	a4 := *env.seq.Step("A4")
	if ok, why := g.Happens(a4); !ok {
		t.Fatalf("A4 after eligibility: %s", why)
	}

	// Not eligible: no roll, the step is skipped.
	g2 := env.start(t, litn.Scenario4, 1, litn.Score{}, nil, env.unit(t, "csa.early", "Early", engine.CSA, "infantry", 6, "1026"))
	if ok, why := g2.Happens(a4); ok || !strings.Contains(why, "4.2") {
		t.Fatalf("A4 without eligibility: %v %s", ok, why)
	}
	// 5 net Confederate VPs make the Union eligible (4.2); Harrisburg under
	// Confederate control stops the militia, without a roll.
	g3 := env.start(t, litn.Scenario4, 1, litn.Score{CSA: litn.WholeVP(5)}, map[string]litn.Control{"4001": litn.ControlFull},
		env.unit(t, "csa.early", "Early", engine.CSA, "infantry", 6, "1026"))
	g3, evs = env.next(t, g3, engine.Script())
	if g3.CurrentStep() != "A4" || len(litn.Of(g3).UnitsOf(engine.USA)) != 0 || !strings.Contains(initSays(g3, evs, "all"), "Confederate-controlled") || !litn.Of(g3).LITN.Initial.MilitiaEligible {
		t.Fatalf("Harrisburg held: %s", initSays(g3, evs, "all"))
	}
}

func TestLITNPlayWagons(t *testing.T) {
	env := newLITNInitEnv(t)
	// Scenario 4: the first Confederate wagon on turn 3 (15.7).
	g := env.start(t, litn.Scenario4, 3, litn.Score{}, nil,
		env.unit(t, "csa.early", "Early", engine.CSA, "infantry", 6, "1026"),
		env.unit(t, "usa.buford", "Buford", engine.USA, "cavalry", 3, "3035"))
	g, evs := env.next(t, g, engine.Script())
	if g.CurrentStep() != "A5" || !strings.Contains(initSays(g, evs, "all"), "1 Confederate wagon(s) may enter") {
		t.Fatalf("A5: %s %s", g.CurrentStep(), initSays(g, evs, "all"))
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "Confederate") {
		t.Fatalf("waiting %v", w)
	}
	initRefused(t, g, litn.PlaceWagon{By: mcclellanActor, Hex: "1026", Map: env.m}, engine.Script(), "litn.wagons.marker")
	initRefused(t, g, litn.PlaceWagon{By: leeActor, Hex: "9999", Map: env.m}, engine.Script(), "litn.wagons.hex")
	g, evs = initDecide(t, g, litn.PlaceWagon{By: leeActor, Hex: "1026", Map: env.m}, engine.Script())
	ws := litn.Of(g).WagonsOf(engine.CSA)
	if len(ws) != 1 || ws[0].At != "1026" || ws[0].ID != "csa.wagon-1" || !strings.Contains(initSays(g, evs, "all"), "hex 1026") {
		t.Fatalf("wagons %+v", ws)
	}
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("still waiting %v", w)
	}
	initRefused(t, g, litn.PlaceWagon{By: leeActor, Hex: "1026", Map: env.m}, engine.Script(), "litn.wagons.none")

	// The Union creates a marker at the end of its Movement Phase (9.2) and
	// places the wagon in the next Initial Phase.
	initRefused(t, g, litn.PlaceWagon{By: mcclellanActor, Unit: "Buford", Map: env.m}, engine.Script(), "litn.step")
	g.Sequence = engine.SequenceState{Step: "D", Turn: g.Turn}
	g = litn.With(g, func(lg *litn.State) { lg.First = engine.CSA })
	initRefused(t, g, litn.PlaceWagon{By: mcclellanActor, Unit: "Buford", Map: env.m}, engine.Script(), "litn.wagons.phase")
	g = litn.With(g, func(lg *litn.State) { lg.First = engine.USA })
	initRefused(t, g, litn.PlaceWagon{By: leeActor, Unit: "Buford", Map: env.m}, engine.Script(), "litn.side")
	// A leader who moved this phase creates nothing (9.2).
	g = litn.With(g, func(lg *litn.State) {
		lg.Moves.Phase = &litn.PhaseMoves{Turn: g.Turn, Step: "D", Side: engine.USA, Moved: map[string]bool{"usa.buford": true}}
	})
	initRefused(t, g, litn.PlaceWagon{By: mcclellanActor, Unit: "Buford", Map: env.m}, engine.Script(), "litn.wagons.moved")
	g = litn.With(g, func(lg *litn.State) {
		lg.Moves.Phase = &litn.PhaseMoves{Turn: g.Turn, Step: "D", Side: engine.USA, Start: map[string]string{"usa.buford": "3035"}}
	})
	g, evs = initDecide(t, g, litn.PlaceWagon{By: mcclellanActor, Unit: "Buford", Map: env.m}, engine.Script())
	if !strings.Contains(initSays(g, evs, "all"), "Wagon Creation marker is placed in hex 3035") {
		t.Fatalf("marker: %s", initSays(g, evs, "all"))
	}
	initRefused(t, g, litn.PlaceWagon{By: mcclellanActor, Unit: "Buford", Map: env.m}, engine.Script(), "litn.wagons.again")
	g.Turn, g.Sequence = 4, engine.SequenceState{}
	g, _ = env.next(t, g, engine.Script())
	if g.CurrentStep() != "A5" {
		t.Fatalf("turn 4 step %s", g.CurrentStep())
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "Union") {
		t.Fatalf("waiting %v", w)
	}
	initRefused(t, g, litn.PlaceWagon{By: mcclellanActor, Hex: "3034", Map: env.m}, engine.Script(), "litn.wagons.marker")
	g, _ = initDecide(t, g, litn.PlaceWagon{By: mcclellanActor, Hex: "3035", Map: env.m}, engine.Script())
	if ws := litn.Of(g).WagonsOf(engine.USA); len(ws) != 1 || ws[0].At != "3035" || len(g.Waiting()) != 0 {
		t.Fatalf("Union wagons %+v, waiting %v", ws, g.Waiting())
	}
}

func TestLITNPlayConfederateWagonDelayed(t *testing.T) {
	env := newLITNInitEnv(t)
	g := env.start(t, litn.Scenario4, 3, litn.Score{}, nil, env.unit(t, "csa.early", "Early", engine.CSA, "infantry", 6, "1026"))
	g, _ = env.next(t, g, engine.Script())
	// /litn done delays the wagon (4.1); it may enter on a later turn.
	g, _ = initDecide(t, g, litn.Done{By: leeActor}, engine.Script())
	g.Turn, g.Sequence = 4, engine.SequenceState{}
	g, evs := env.next(t, g, engine.Script())
	if g.CurrentStep() != "A5" || !strings.Contains(initSays(g, evs, "all"), "1 delayed before") {
		t.Fatalf("turn 4: %s %s", g.CurrentStep(), initSays(g, evs, "all"))
	}
	g, _ = initDecide(t, g, litn.PlaceWagon{By: leeActor, Hex: "1026", Map: env.m}, engine.Script())
	if len(litn.Of(g).WagonsOf(engine.CSA)) != 1 {
		t.Fatal("the delayed wagon did not enter")
	}
	// In 1862 the hex 1026 depot does not exist (15.2).
	g1 := env.start(t, litn.Scenario1, 6, litn.Score{}, nil, env.unit(t, "csa.hood", "Hood", engine.CSA, "infantry", 9, "1625"))
	g1, _ = env.next(t, g1, engine.Script()) // A3 (turn 6: 2 points)
	g1, _ = initDecide(t, g1, litn.Done{By: leeActor}, engine.Script())
	g1, _ = initDecide(t, g1, litn.Done{By: mcclellanActor}, engine.Script())
	g1, _ = env.next(t, g1, engine.Script())
	if g1.CurrentStep() != "A5" {
		t.Fatalf("scenario 1 turn 6: %s", g1.CurrentStep())
	}
	initRefused(t, g1, litn.PlaceWagon{By: leeActor, Hex: "1026", Map: env.m}, engine.Script(), "litn.wagons.1026")
	g1, _ = initDecide(t, g1, litn.PlaceWagon{By: leeActor, Hex: "1625", Map: env.m}, engine.Script())
	if ws := litn.Of(g1).WagonsOf(engine.CSA); len(ws) != 1 || ws[0].At != "1625" {
		t.Fatalf("wagons %+v", ws)
	}
}

func TestLITNPlayReorganization(t *testing.T) {
	env := newLITNInitEnv(t)
	mc := env.unit(t, "usa.mcclellan", "G. McClellan", engine.USA, "", 0, "3035")
	mc.Role = litn.SheetDepartment
	g := env.start(t, litn.Scenario2, 1, litn.Score{}, nil, mc,
		env.unit(t, "usa.sumner", "Sumner", engine.USA, "infantry", 16, "3034"),
		env.unit(t, "usa.franklin", "Franklin", engine.USA, "infantry", 10, "2530"),
		env.unit(t, "usa.miles", "Miles", engine.USA, "infantry", 12, "1529"),
		env.unit(t, "usa.pleasonton", "Pleasonton", engine.USA, "cavalry", 4, "3035"),
		env.unit(t, "csa.hood", "Hood", engine.CSA, "infantry", 9, "1625"))
	g, evs := env.next(t, g, engine.Script())
	if g.CurrentStep() != "A1" {
		t.Fatalf("step %s", g.CurrentStep())
	}
	// 15.4: all Union infantry but Miles and White start disorganized.
	for id, want := range map[string]bool{"usa.sumner": true, "usa.franklin": true, "usa.miles": false, "usa.pleasonton": false, "csa.hood": false} {
		if litn.Of(g).LITN.Units[id].Disorganized != want {
			t.Errorf("%s disorganized %v", id, !want)
		}
	}
	if !strings.Contains(initSays(g, evs, "all"), "face down") {
		t.Errorf("table: %s", initSays(g, evs, "all"))
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "Union") {
		t.Fatalf("waiting %v", w)
	}
	initRefused(t, g, litn.ReorganizeUnits{By: leeActor, Units: []string{"Sumner"}, Library: env.lib}, engine.Script(), "litn.side")
	initRefused(t, g, litn.ReorganizeUnits{By: mcclellanActor, Units: []string{"Franklin"}, Library: env.lib}, engine.Script(), "litn.reorg.range")
	initRefused(t, g, litn.ReorganizeUnits{By: mcclellanActor, Units: []string{"Miles"}, Library: env.lib}, engine.Script(), "litn.reorg.organized")
	g, evs = initDecide(t, g, litn.ReorganizeUnits{By: mcclellanActor, Units: []string{"Sumner"}, Library: env.lib}, engine.Script(3))
	if litn.Of(g).LITN.Units["usa.sumner"].Disorganized || !litn.Of(g).LITN.Units["usa.franklin"].Disorganized {
		t.Fatal("Sumner's 3 did not reorganize him, or Franklin changed")
	}
	if all := initSays(g, evs, "all"); !strings.Contains(all, "Sumner (1 hexes from McClellan): 1d6 rolled 3 = 3: reorganized") {
		t.Errorf("table: %s", all)
	}
	initRefused(t, g, litn.ReorganizeUnits{By: mcclellanActor, Units: []string{"Franklin"}, Library: env.lib}, engine.Script(), "litn.reorg.again")
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("still waiting %v", w)
	}
	// Turn 5: all reorganize without rolls.
	g.Turn, g.Sequence = 5, engine.SequenceState{}
	g, evs = env.next(t, g, engine.Script(4, 4)) // attrition on turn 5
	if b := initBegun(evs); b == nil || b.Step != "A1" {
		t.Fatalf("turn 5 began %+v", b)
	}
	if litn.Of(g).LITN.Units["usa.franklin"].Disorganized || len(g.Waiting()) != 0 || !strings.Contains(initSays(g, evs, "all"), "without rolls: Franklin") {
		t.Fatalf("turn 5: %+v %s", litn.Of(g).LITN.Units["usa.franklin"], initSays(g, evs, "all"))
	}
}

func TestLITNPlayHooker(t *testing.T) {
	env := newLITNInitEnv(t)
	hooker := env.unit(t, "usa.hooker", "J. Hooker", engine.USA, "", 0, "3541")
	hooker.Role = litn.SheetDepartment
	meadeDept := env.unit(t, "usa.meade-dept", "G. Meade (department)", engine.USA, "", 0, "")
	meadeDept.Role = litn.SheetDepartment
	meadeDept.Arrives = []litn.SheetArrival{{By: litn.SheetByHookerOut}}
	sykes := env.unit(t, "usa.sykes", "Sykes", engine.USA, "infantry", 10, "")
	sykes.Arrives = []litn.SheetArrival{{By: litn.SheetByHookerOut}}
	meade := env.unit(t, "usa.meade", "Meade", engine.USA, "infantry", 12, "3034")
	meade.Strength, meade.Demoralized = 11, true
	units := []litn.Unit{hooker, meadeDept, sykes, meade}

	// Box 1, die 4: 5, Hooker stays (15.6).
	g := env.start(t, litn.Scenario3, 2, litn.Score{}, nil, units...)
	g, evs := env.next(t, g, engine.Script(4))
	if g.CurrentStep() != "A6" || litn.Of(g).LITN.Initial.HookerReplaced || !strings.Contains(initSays(g, evs, "all"), "Hooker stays") {
		t.Fatalf("A6: %s %s", g.CurrentStep(), initSays(g, evs, "all"))
	}
	// Three Confederate VPs: the marker to box 4; die 2: 6, Meade replaces
	// Hooker.
	g = env.start(t, litn.Scenario3, 2, litn.Score{CSA: litn.WholeVP(3)}, nil, units...)
	g, evs = env.next(t, g, engine.Script(2))
	if !litn.Of(g).LITN.Initial.HookerReplaced || litn.Of(g).LITN.Initial.Hooker.Box != 4 {
		t.Fatalf("Hooker: %+v", litn.Of(g).LITN.Initial)
	}
	h, m, s, md := litn.Of(g).LITN.Units["usa.hooker"], litn.Of(g).LITN.Units["usa.meade"], litn.Of(g).LITN.Units["usa.sykes"], litn.Of(g).LITN.Units["usa.meade-dept"]
	if h.OnMap() || m.OnMap() || s.At != "3034" || s.Strength != 11 || !s.Demoralized || md.At != "3034" || md.Hex != meade.Hex {
		t.Fatalf("swap: hooker %+v meade %+v sykes %+v dept %+v", h, m, s, md)
	}
	if all := initSays(g, evs, "all"); !strings.Contains(all, "moves 3 box(es) forward") || !strings.Contains(all, "Meade replaces Hooker") {
		t.Errorf("table: %s", all)
	}
	// No more rolls (15.6).
	g.Turn, g.Sequence = 3, engine.SequenceState{}
	if ok, _ := g.Happens(*env.seq.Step("A6")); ok {
		t.Fatal("A6 after Meade took over")
	}
}

func TestLITNPlayHookerMarkerBackForUnionMajorVictories(t *testing.T) {
	env := newLITNInitEnv(t)
	g := env.start(t, litn.Scenario3, 3, litn.Score{}, nil, env.unit(t, "usa.meade", "Meade", engine.USA, "infantry", 12, "3034"))
	g = litn.With(g, func(lg *litn.State) { lg.Initial.Hooker = litn.HookerMarker{Box: 6} })
	g = litn.With(g, func(lg *litn.State) {
		lg.Combat.Victories = []litn.VictoryRecord{{Turn: 3, Hex: "3014", Winner: engine.USA, Major: true}, {Turn: 2, Hex: "3015", Winner: engine.USA, Major: true},
			{Turn: 3, Hex: "3016", Winner: engine.CSA, Major: true}}
	})
	g.Sequence = engine.SequenceState{Step: "G2", Turn: 3}
	// The Combat Phase ends: one Union major victory this turn, two boxes
	// back (15.6).
	g, evs := env.next(t, g, engine.Script(4, 4, 4, 4, 4, 4, 4, 4, 4, 4))
	if litn.Of(g).LITN.Initial.Hooker.Box != 4 || !strings.Contains(initSays(g, evs, "all"), "1 Union major victory(ies)") {
		t.Fatalf("marker %+v: %s", litn.Of(g).LITN.Initial.Hooker, initSays(g, evs, "all"))
	}
	// Next turn: 1 Confederate VP scored since: one box forward, then the
	// roll (box 5 + 1 = 6).
	g = litn.With(g, func(lg *litn.State) { lg.Score = litn.Score{CSA: litn.WholeVP(1)} })
	g.Turn, g.Sequence = 4, engine.SequenceState{}
	g, evs = env.next(t, g, engine.Script(1))
	if g.CurrentStep() != "A6" || litn.Of(g).LITN.Initial.Hooker.Box != 5 || !litn.Of(g).LITN.Initial.HookerReplaced {
		t.Fatalf("A6: %s %+v %s", g.CurrentStep(), litn.Of(g).LITN.Initial, initSays(g, evs, "all"))
	}
	if all := initSays(g, evs, "all"); !strings.Contains(all, "record sheet does not name these counters") {
		t.Errorf("without Sykes and Meade's department counter: %s", all)
	}
}
