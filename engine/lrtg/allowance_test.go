package lrtg

import (
	"maps"
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The movement allowance rolled when an action begins (allowance.go),
// with scripted dice. The charts below are the seeds' Normal Movement lines
// (003 MOVEMENT; 004 Movement) as scenarios/rules carries them (checked
// there against the seeds, scenarios/movement_allowance_test.go).

func allowanceChartLRTG() *engine.Chart {
	return &engine.Chart{ID: AllowanceChartLRTG, Rows: [][]string{
		{"CSA", "Infantry", "none", "1", "+1", "-1"},
		{"CSA", "Infantry", "leader", "1", "+2", "-1"},
		{"CSA", "Cavalry", "none", "2", "+1", "-2"},
		{"CSA", "Cavalry", "Stuart", "2", "+3", "-2"},
		{"USA", "Infantry", "none", "1", "+0", "-1"},
		{"USA", "Infantry", "leader (AoP)", "1", "+1", "-1"},
		{"USA", "Infantry", "leader (DC, Balt, HF, RR, PA, WV)", "1", "+0", "-1"},
		{"USA", "Cavalry", "none", "2", "+0", "-2"},
		{"USA", "Cavalry", "leader", "2", "+1", "-2"},
	}}
}

func allowanceChartLRTA() *engine.Chart {
	return &engine.Chart{ID: "lrta.movement-allowance", Rows: [][]string{
		{"CSA", "Infantry", "none", "1", "+1", "-1"},
		{"CSA", "Infantry", "leader", "1", "+2", "-1"},
		{"CSA", "Cavalry", "none", "2", "+1", "-2"},
		{"CSA", "Cavalry", "Stuart", "2", "+3", "-2"},
		{"USA", "Infantry", "none", "1", "+0", "-1"},
		{"USA", "Infantry", "leader (AoP, AoV)", "1", "+1", "-1"},
		{"USA", "Cavalry", "none", "2", "+0", "-2"},
		{"USA", "Cavalry", "leader", "2", "+1", "-2"},
	}}
}

// alGame is the action cycle's board (acGame) with Jackson's corps and a
// Union garrison brigade with its leader added, standing at 4a with the
// initiative to side.
func alGame(t *testing.T, o engine.GameOptions, side engine.Side) Game {
	t.Helper()
	g := acGame(t, o)
	add := func(id, name string, side engine.Side, kind engine.UnitKind, command string, h engine.Hex) {
		g.Units[id] = engine.UnitState{ID: id, Name: name, Side: side, Kind: kind, Command: command, Manpower: 5, OnMap: true, Hex: h}
	}
	g.Units = maps.Clone(g.Units)
	add("csa.jackson", "Jackson", engine.CSA, engine.KindLeader, "2", at(10, 10))
	add("csa.rodes", "Rodes", engine.CSA, engine.KindInfantry, "2", at(10, 10))
	add("csa.early", "Early", engine.CSA, engine.KindInfantry, "2", at(10, 11))
	add("usa.schenck", "Schenck", engine.USA, engine.KindLeader, "VIII", at(50, 10))
	add("usa.kenly", "Kenly", engine.USA, engine.KindInfantry, "Balt", at(50, 10))
	add("usa.pleasonton", "Pleasonton", engine.USA, engine.KindLeader, "Cav", at(60, 30))
	early := g.Units["csa.early"]
	early.Status.Disorganized = true
	g.Units["csa.early"] = early
	faces := map[engine.Side][]int{engine.CSA: {6, 1}, engine.USA: {1, 6}}[side]
	g, _ = acBegin(t, g, 5, "4a", engine.Script(faces...))
	if g.Actions.ToDecide != side {
		t.Fatalf("initiative %s, want %s", g.Actions.ToDecide, side)
	}
	return g
}

// alActivate activates a unit or leader with the chart and the dice.
func alActivate(t *testing.T, g Game, by engine.Actor, unit string, chart *engine.Chart, faces ...int) (Game, *Activated, []*engine.DiceRolled) {
	t.Helper()
	g, evs := acDo(t, g, ActivateUnit{By: by, Unit: unit, Allowance: chart}, engine.Script(faces...))
	var ev *Activated
	var rolls []*engine.DiceRolled
	for _, e := range evs {
		switch e := e.(type) {
		case *Activated:
			ev = e
		case *engine.DiceRolled:
			rolls = append(rolls, e)
		}
	}
	if ev == nil || ev.Allowance == nil {
		t.Fatalf("%s: no allowance in %v", unit, evs)
	}
	return g, ev, rolls
}

func alUnit(t *testing.T, al *MovementAllowance, id string) UnitAllowance {
	t.Helper()
	u, ok := al.Of(id)
	if !ok {
		t.Fatalf("no allowance for %s in %+v", id, al.Units)
	}
	return u
}

func alCodes(u UnitAllowance) []string {
	var out []string
	for _, s := range u.Steps {
		out = append(out, s.Code)
	}
	return out
}

// The chart's lines: a march (CSA infantry die +1, cavalry two dice +1;
// Union infantry die, cavalry two dice), a leader's activation (CSA +2,
// Stuart +3, the AoP's leader +1, a garrison's leader +0, a Union cavalry
// leader +1). One roll an arm, numbered publicly with open intelligence;
// the unit's allowance is in the event and in the action under way.
func TestAllowanceRolledAtActivation(t *testing.T) {
	for _, c := range []struct {
		name  string
		side  engine.Side
		by    engine.Actor
		unit  string
		faces []int
		want  map[string]int
		with  string
	}{
		{"CSA infantry march", engine.CSA, lee, "csa.hood", []int{4}, map[string]int{"csa.hood": 5}, "none"},
		{"CSA infantry with its leader", engine.CSA, lee, "csa.longstreet", []int{3}, map[string]int{"csa.hood": 5, "csa.mclaws": 5}, "leader"},
		{"CSA cavalry march", engine.CSA, jebA, "csa.hampton", []int{3, 4}, map[string]int{"csa.hampton": 8}, "none"},
		{"CSA cavalry with Stuart", engine.CSA, jebA, "csa.stuart", []int{3, 4}, map[string]int{"csa.hampton": 10}, "Stuart"},
		{"USA infantry march", engine.USA, meade, "usa.barnes", []int{4}, map[string]int{"usa.barnes": 4}, "none"},
		{"USA AoP infantry with its leader", engine.USA, meade, "usa.sykes", []int{4}, map[string]int{"usa.barnes": 5}, "leader (AoP)"},
		{"USA garrison infantry with its leader", engine.USA, meade, "usa.schenck", []int{4}, map[string]int{"usa.kenly": 4}, "leader (DC, Balt, HF, RR, PA, WV)"},
		{"USA cavalry march", engine.USA, meade, "usa.buford", []int{5, 6}, map[string]int{"usa.buford": 11}, "none"},
		// Pleasonton's +1 (004 Union Cavalry Exhaustion 3), citing 5.2) is this line's.
		{"USA cavalry with its leader", engine.USA, meade, "usa.pleasonton", []int{5, 6}, map[string]int{"usa.buford": 12}, "leader"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := alGame(t, opts(), c.side)
			if c.by == jebA {
				g.Actions.Holder = jebA.ID // Lee defers to him (21.1)
			}
			g, ev, rolls := alActivate(t, g, c.by, c.unit, allowanceChartLRTG(), c.faces...)
			if len(rolls) != 1 || rolls[0].Secret != "" || rolls[0].Number != 3 || len(ev.Allowance.Rolls) != 1 || !reflect.DeepEqual(ev.Allowance.Rolls[0].Faces, c.faces) || ev.Allowance.Rolls[0].Roll != 3 {
				t.Fatalf("rolls %+v; allowance rolls %+v", rolls, ev.Allowance.Rolls)
			}
			if len(ev.Allowance.Units) != len(c.want) {
				t.Errorf("units %+v, want %v", ev.Allowance.Units, c.want)
			}
			for id, mp := range c.want {
				u := alUnit(t, ev.Allowance, id)
				if u.MP != mp || u.With != c.with || len(u.Steps) != 0 {
					t.Errorf("%s: %+v, want %d with %q", id, u, mp, c.with)
				}
				if got, ok := g.AllowanceOf(id); !ok || got != mp {
					t.Errorf("AllowanceOf(%s) = %d %v", id, got, ok)
				}
			}
			if _, ok := g.AllowanceOf("csa.lee"); ok {
				t.Error("a unit outside the action has an allowance")
			}
			g, _ = acDo(t, g, EndAction{By: c.by}, engine.Script(3, 3))
			for id := range c.want {
				if _, ok := g.AllowanceOf(id); ok {
					t.Errorf("%s keeps an allowance after the action", id)
				}
			}
		})
	}
}

// Passive (000 4.2): infantry -1, cavalry -2, never below one; the step
// says when the minimum held.
func TestAllowancePassive(t *testing.T) {
	g := alGame(t, opts(), engine.USA)
	g.Declared = DeclaredState{Postures: []PostureRecord{{Turn: 5, Side: engine.USA, Posture: PosturePassive}, {Turn: 5, Side: engine.CSA, Posture: PostureOperational}}, Reveals: []int{5}}
	if !g.Passive(engine.USA) {
		t.Fatal("the Union is not passive")
	}
	_, ev, _ := alActivate(t, g, meade, "usa.barnes", allowanceChartLRTG(), 1)
	if u := alUnit(t, ev.Allowance, "usa.barnes"); u.MP != 1 || !reflect.DeepEqual(u.Steps, []AllowanceStep{{Code: AllowPassive, Floor: true}}) {
		t.Errorf("die 1, passive: %+v", u)
	}
	_, ev, _ = alActivate(t, g, meade, "usa.sykes", allowanceChartLRTG(), 5)
	if u := alUnit(t, ev.Allowance, "usa.barnes"); u.MP != 5 || !reflect.DeepEqual(u.Steps, []AllowanceStep{{Code: AllowPassive, Value: -1}}) {
		t.Errorf("die 5 +1, passive: %+v", u)
	}
	_, ev, _ = alActivate(t, g, meade, "usa.buford", allowanceChartLRTG(), 1, 2)
	if u := alUnit(t, ev.Allowance, "usa.buford"); u.MP != 1 || !reflect.DeepEqual(u.Steps, []AllowanceStep{{Code: AllowPassive, Value: -2}}) {
		t.Errorf("cavalry 1+2, passive: %+v", u)
	}
	_, ev, _ = alActivate(t, g, meade, "usa.buford", allowanceChartLRTG(), 1, 1)
	if u := alUnit(t, ev.Allowance, "usa.buford"); u.MP != 1 || !reflect.DeepEqual(u.Steps, []AllowanceStep{{Code: AllowPassive, Value: -1, Floor: true}}) {
		t.Errorf("cavalry 1+1, passive: %+v", u)
	}
}

// Jackson's Foot Cavalry (31.3): the seeds' example, 1 white and 2
// colored, gives 1+2+1 = 4, and 3 to a unit disorganized when selected;
// an odd colored die adds nothing; a relapse takes the Foot Cavalry (4-5)
// or it and the +2 (2-3) away (31.4). Without Jackson Lives, one die.
func TestAllowanceFootCavalry(t *testing.T) {
	o := opts()
	o.JacksonLives = true
	g := alGame(t, o, engine.CSA)
	ewell := ump // the umpire decides for the side (Jackson's corps has no commander here)
	_, ev, rolls := alActivate(t, g, ewell, "csa.jackson", allowanceChartLRTG(), 1, 2)
	if len(rolls) != 1 || rolls[0].Expression != "2d6" {
		t.Fatalf("rolls %+v", rolls)
	}
	if u := alUnit(t, ev.Allowance, "csa.rodes"); u.MP != 4 || u.Dice != 1 || u.Plus != 2 || !reflect.DeepEqual(alCodes(u), []string{AllowFootCavalry}) {
		t.Errorf("Rodes: %+v", u)
	}
	if u := alUnit(t, ev.Allowance, "csa.early"); u.MP != 3 || !reflect.DeepEqual(alCodes(u), []string{AllowFootCavalryDisorg}) {
		t.Errorf("Early, disorganized: %+v", u)
	}
	_, ev, _ = alActivate(t, g, ewell, "csa.jackson", allowanceChartLRTG(), 4, 3)
	if u := alUnit(t, ev.Allowance, "csa.rodes"); u.MP != 6 || !reflect.DeepEqual(alCodes(u), []string{AllowFootCavalryOdd}) {
		t.Errorf("odd colored die: %+v", u)
	}
	for _, c := range []struct {
		outcome string
		mp      int
		codes   []string
	}{{"impacted", 6, []string{AllowFootCavalryLost}}, {"debilitated", 5, []string{AllowJacksonNoBonus, AllowFootCavalryLost}}} {
		r := g
		r.Command.Jackson = []JacksonRoll{{Turn: 5, Outcome: c.outcome}}
		_, ev, rolls = alActivate(t, r, ewell, "csa.jackson", allowanceChartLRTG(), 4)
		if u := alUnit(t, ev.Allowance, "csa.rodes"); len(rolls) != 1 || rolls[0].Expression != "1d6" || u.MP != c.mp || !reflect.DeepEqual(alCodes(u), c.codes) {
			t.Errorf("%s: %+v %+v", c.outcome, rolls[0], u)
		}
	}
	plain := alGame(t, opts(), engine.CSA)
	_, ev, rolls = alActivate(t, plain, ump, "csa.jackson", allowanceChartLRTG(), 1)
	if u := alUnit(t, ev.Allowance, "csa.rodes"); rolls[0].Expression != "1d6" || u.MP != 3 || len(u.Steps) != 0 {
		t.Errorf("without Jackson Lives: %+v", u)
	}
}

// Activate Army Leader (10.1 3)-4)): one die counted as a non-cavalry
// leader's (CSA +2), a 1 counting as 2; cavalry twice.
func TestAllowanceArmyLeader(t *testing.T) {
	g := alGame(t, opts(), engine.CSA)
	g, evs := acDo(t, g, ActivateArmyLeader{By: lee, Leader: "csa.lee", Units: []string{"csa.hood", "csa.hampton"}, Table: acArmyTable(), Allowance: allowanceChartLRTG()}, engine.Script(2, 1))
	var ev *ArmyAttempted
	for _, e := range evs {
		if a, ok := e.(*ArmyAttempted); ok {
			ev = a
		}
	}
	if ev == nil || !ev.Success || ev.Allowance == nil || ev.MA != 2 {
		t.Fatalf("%+v", ev)
	}
	if u := alUnit(t, ev.Allowance, "csa.hood"); u.MP != 4 || !reflect.DeepEqual(alCodes(u), []string{AllowArmyOneAsTwo}) {
		t.Errorf("Hood: %+v", u)
	}
	if u := alUnit(t, ev.Allowance, "csa.hampton"); u.MP != 8 || !reflect.DeepEqual(alCodes(u), []string{AllowArmyOneAsTwo, AllowArmyCavalryDouble}) {
		t.Errorf("Hampton: %+v", u)
	}
	if mp, ok := g.AllowanceOf("csa.hampton"); !ok || mp != 8 {
		t.Errorf("AllowanceOf(Hampton) %d %v", mp, ok)
	}
	// A unit that moves strategically, by rail or by sea has that
	// movement's allowance, not the rolled one.
	g.Actions = g.Actions.moved(g, &engine.UnitsMoved{Units: []string{"csa.hood"}, Mode: MoveStrategic})
	if _, ok := g.AllowanceOf("csa.hood"); ok {
		t.Error("Hood moved strategically and keeps the rolled allowance")
	}
}

// Hidden modes: the allowance's dice are the acting side's secret rolls,
// numbered by its own count; the public count does not move.
func TestAllowanceSecretInHiddenModes(t *testing.T) {
	for _, o := range []engine.GameOptions{
		{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1, LimitedIntel: true},
		{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1, LimitedIntel: true, Intel: engine.IntelDoubleBlind},
	} {
		g := alGame(t, o, engine.CSA)
		public := g.Rolls
		g, ev, rolls := alActivate(t, g, lee, "csa.longstreet", allowanceChartLRTG(), 5)
		if rolls[0].Secret != string(engine.CSA) || ev.Allowance.Rolls[0].Secret != string(engine.CSA) || g.Rolls != public || g.SecretRolls[string(engine.CSA)] != 1 {
			t.Errorf("%s: roll %+v, public %d -> %d", o.IntelMode(), rolls[0], public, g.Rolls)
		}
	}
}

// LRTA: the AoP's and the AoV's leaders +1; Command Paralysis -1 / -2,
// doubled for the Union while Pope commands, cumulative with passive, at
// least one (004).
func TestAllowanceLRTAParalysis(t *testing.T) {
	o := engine.GameOptions{Scenario: "lrta-campaign", Supply: "simplified", Comms: 1}
	g := alGame(t, o, engine.USA)
	_, ev, _ := alActivate(t, g, meade, "usa.sykes", allowanceChartLRTA(), 4)
	if u := alUnit(t, ev.Allowance, "usa.barnes"); u.MP != 5 || u.With != "leader (AoP, AoV)" {
		t.Errorf("no paralysis: %+v", u)
	}
	// A garrison's leader: 004 prints no line; the unit rolls as Union
	// infantry alone, and the step says so.
	_, ev, _ = alActivate(t, g, meade, "usa.schenck", allowanceChartLRTA(), 4)
	if u := alUnit(t, ev.Allowance, "usa.kenly"); u.MP != 4 || !reflect.DeepEqual(alCodes(u), []string{AllowNoLeaderLine}) {
		t.Errorf("Balt with its leader: %+v", u)
	}
	// The Pleasonton division leader: "+1 to the movement of cavalry when
	// activated by Pleasanton" is the chart's cavalry-with-leader line.
	_, ev, _ = alActivate(t, g, meade, "usa.pleasonton", allowanceChartLRTA(), 2, 3)
	if u := alUnit(t, ev.Allowance, "usa.buford"); u.MP != 6 || u.With != "leader" || len(u.Steps) != 0 {
		t.Errorf("Buford with Pleasonton: %+v", u)
	}
	g.LRTAEvents = LRTAEventsState{Rolled: []LRTARandomEvent{{Turn: 5, Outcome: LRTAEventUnionParalysis}}}
	_, ev, _ = alActivate(t, g, meade, "usa.sykes", allowanceChartLRTA(), 4)
	if u := alUnit(t, ev.Allowance, "usa.barnes"); u.MP != 3 || !reflect.DeepEqual(u.Steps, []AllowanceStep{{Code: AllowParalysisPope, Value: -2}}) {
		t.Errorf("paralysis under Pope: %+v", u)
	}
	_, ev, _ = alActivate(t, g, meade, "usa.buford", allowanceChartLRTA(), 3, 4)
	if u := alUnit(t, ev.Allowance, "usa.buford"); u.MP != 3 || !reflect.DeepEqual(u.Steps, []AllowanceStep{{Code: AllowParalysisPope, Value: -4}}) {
		t.Errorf("cavalry under Pope: %+v", u)
	}
	g.Declared = DeclaredState{Postures: []PostureRecord{{Turn: 5, Side: engine.USA, Posture: PosturePassive}, {Turn: 5, Side: engine.CSA, Posture: PostureOperational}}, Reveals: []int{5}}
	_, ev, _ = alActivate(t, g, meade, "usa.sykes", allowanceChartLRTA(), 2)
	if u := alUnit(t, ev.Allowance, "usa.barnes"); u.MP != 1 || !reflect.DeepEqual(u.Steps, []AllowanceStep{{Code: AllowPassive, Value: -1}, {Code: AllowParalysisPope, Value: -1, Floor: true}}) {
		t.Errorf("passive and paralysed: %+v", u)
	}
}

// Rain: the seeds give no number ("per the Standardized Rules"): the
// allowance carries a note for the umpire, and no step; but a wagon train
// loses one, at least one left (23.4), unless on a pike.
func TestAllowanceRainIsTheUmpires(t *testing.T) {
	g := acEvent(alGame(t, opts(), engine.CSA), 5, RandomRain, "")
	_, ev, _ := alActivate(t, g, lee, "csa.hood", allowanceChartLRTG(), 4)
	if u := alUnit(t, ev.Allowance, "csa.hood"); u.MP != 5 || len(u.Steps) != 0 || !reflect.DeepEqual(ev.Allowance.Notes, []string{AllowNoteRain}) {
		t.Errorf("%+v %v", u, ev.Allowance.Notes)
	}
	g.Units = maps.Clone(g.Units)
	g.Units["csa.wagon1"] = engine.UnitState{ID: "csa.wagon1", Name: "1st Corps wagons", Side: engine.CSA, Kind: engine.KindWagon, Command: "1", OnMap: true, Hex: at(0, 0)}
	_, ev, _ = alActivate(t, g, lee, "csa.longstreet", allowanceChartLRTG(), 3)
	if u := alUnit(t, ev.Allowance, "csa.wagon1"); u.MP != 4 || !reflect.DeepEqual(u.Steps, []AllowanceStep{{Code: AllowRainWagon, Value: -1}}) {
		t.Errorf("the wagon train in rain: %+v", u)
	}
	if u := alUnit(t, ev.Allowance, "csa.hood"); u.MP != 5 || len(u.Steps) != 0 {
		t.Errorf("Hood in rain: %+v", u)
	}
}
