package lrtg

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// leadersOOB holds every counter 16.2 names, with hexes on one row so that
// distances are easy to read: Hex{Q: n} is n hexes from Hex{Q: 0}.
func leadersOOB() *engine.OrderOfBattle {
	q := func(n int) engine.Hex { return engine.Hex{Q: n} }
	track := func(u engine.UnitSetup) engine.UnitSetup { u.Track, u.Slot = "meade-replacement", 1; return u }
	return &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Command: "ANV", OnMap: true, Hex: q(-10)},
		{ID: "csa.longstreet", Name: "Longstreet", Side: engine.CSA, Kind: "leader", Command: "1", OnMap: true, Hex: q(-10)},
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Hex: q(-10)},
		{ID: "csa.mclaws", Name: "McLaws", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 14, OnMap: true, Hex: q(-20)},
		{ID: "csa.pickett", Name: "Pickett", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 12, OnMap: true, Hex: q(-40)},
		{ID: "csa.rodes", Name: "Rodes", Side: engine.CSA, Kind: "infantry", Command: "2", Manpower: 16, OnMap: true, Hex: q(-12)},
		{ID: "csa.whlee", Name: "W.H. Lee", Side: engine.CSA, Kind: "cavalry", Command: "Cav", Manpower: 3, OnMap: true, Hex: q(-5)},
		{ID: "csa.chambliss", Name: "Chambliss", Side: engine.CSA, Kind: "cavalry", Command: "Cav", Track: "replacement", Slot: 1},

		{ID: "usa.hooker", Name: "Hooker", Side: engine.USA, Kind: "leader", Command: "AoP", OnMap: true, Hex: q(0)},
		{ID: "usa.sedgwick", Name: "Sedgwick", Side: engine.USA, Kind: "leader", Command: "VI", OnMap: true, Hex: q(0)},
		{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Command: "VI", Manpower: 9, OnMap: true, Hex: q(0)},
		{ID: "usa.meade", Name: "Meade", Side: engine.USA, Kind: "leader", Command: "V", OnMap: true, Hex: q(5)},
		{ID: "usa.ayres", Name: "Ayres", Side: engine.USA, Kind: "infantry", Command: "V", Manpower: 8, OnMap: true, Hex: q(5)},
		{ID: "usa.french", Name: "French", Side: engine.USA, Kind: "infantry", Command: "II", Manpower: 5, OnMap: true, Hex: q(6)},
		{ID: "usa.pleasonton", Name: "Pleasonton", Side: engine.USA, Kind: "leader", Command: "Cav", OnMap: true, Hex: q(10)},
		{ID: "usa.whiting", Name: "Whiting", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 2, OnMap: true, Hex: q(10)},
		{ID: "usa.davis", Name: "Davis", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 2, OnMap: true, Hex: q(11)},
		{ID: "usa.dicesnola", Name: "diCesnola", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 3, OnMap: true, Hex: q(12)},
		{ID: "usa.wyndam", Name: "Wyndam", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 3, OnMap: true, Hex: q(13)},
		{ID: "usa.devin", Name: "Devin", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 2, OnMap: true, Hex: q(20)},
		{ID: "usa.kilpatrick", Name: "Kilpatrick", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 3, OnMap: true, Hex: q(21)},
		{ID: "usa.gregg", Name: "Gregg", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 2, OnMap: true, Hex: q(30)},
		{ID: "usa.crawford", Name: "Crawford", Side: engine.USA, Kind: "infantry", Command: "DC", Manpower: 6, OnMap: true, Hex: q(40), Marks: []string{"release-group-2"}},
		{ID: "usa.stannard", Name: "Stannard", Side: engine.USA, Kind: "infantry", Command: "DC", Manpower: 4, OnMap: true, Hex: q(41), Marks: []string{"release-group-6"}},
		{ID: "usa.hays-dc", Name: "Hays", Side: engine.USA, Kind: "infantry", Command: "DC", Manpower: 4, OnMap: true, Hex: q(42), Marks: []string{"release-group-4"}},
		{ID: "usa.copeland", Name: "Copeland", Side: engine.USA, Kind: "cavalry", Command: "DC", Manpower: 2, OnMap: true, Hex: q(43), Marks: []string{"release-group-1"}},
		{ID: "usa.deforest", Name: "DeForest", Side: engine.USA, Kind: "cavalry", Command: "DC", Manpower: 2, OnMap: true, Hex: q(45), Marks: []string{"release-group-1"}},
		{ID: "usa.price", Name: "Price", Side: engine.USA, Kind: "cavalry", Command: "DC", Manpower: 1, OnMap: true, Hex: q(46), Marks: []string{"release-group-1"}},
		{ID: "usa.heintzelman", Name: "Heintzelman", Side: engine.USA, Kind: "leader", Command: "DC", OnMap: true, Hex: q(42)},
		{ID: "usa.knipe", Name: "Knipe", Side: engine.USA, Kind: "militia", Command: "PA", Manpower: 1, OnMap: true, Hex: q(50)},
		{ID: "usa.yates", Name: "Yates", Side: engine.USA, Kind: "militia", Command: "PA", Manpower: 3, OnMap: true, Hex: q(55)},
		track(engine.UnitSetup{ID: "usa.meade-army", Name: "Meade", Side: engine.USA, Kind: "leader", Command: "AoP"}),
		track(engine.UnitSetup{ID: "usa.sykes", Name: "Sykes", Side: engine.USA, Kind: "leader", Command: "V"}),
		track(engine.UnitSetup{ID: "usa.couch", Name: "Couch", Side: engine.USA, Kind: "leader", Command: "PA"}),
		track(engine.UnitSetup{ID: "usa.hays-ii", Name: "Hays", Side: engine.USA, Kind: "infantry", Command: "II"}),
		track(engine.UnitSetup{ID: "usa.willard", Name: "Willard", Side: engine.USA, Kind: "infantry", Command: "DC", Marks: []string{"release-group-4"}}),
		track(engine.UnitSetup{ID: "usa.merritt", Name: "Merritt", Side: engine.USA, Kind: "cavalry", Command: "Cav"}),
		track(engine.UnitSetup{ID: "usa.gamble", Name: "Gamble", Side: engine.USA, Kind: "cavalry", Command: "Cav"}),
		track(engine.UnitSetup{ID: "usa.huey", Name: "Huey", Side: engine.USA, Kind: "cavalry", Command: "Cav"}),
		track(engine.UnitSetup{ID: "usa.mcintosh", Name: "McIntosh", Side: engine.USA, Kind: "cavalry", Command: "Cav"}),
		track(engine.UnitSetup{ID: "usa.custer", Name: "Custer", Side: engine.USA, Kind: "cavalry", Command: "Cav"}),
		track(engine.UnitSetup{ID: "usa.farnsworth", Name: "Farnsworth", Side: engine.USA, Kind: "cavalry", Command: "Cav"}),
		track(engine.UnitSetup{ID: "usa.buford", Name: "Buford", Side: engine.USA, Kind: "leader", Command: "Cav"}),
		track(engine.UnitSetup{ID: "usa.gregg-ldr", Name: "Gregg", Side: engine.USA, Kind: "leader", Command: "Cav"}),
		track(engine.UnitSetup{ID: "usa.kilpatrick-ldr", Name: "Kilpatrick", Side: engine.USA, Kind: "leader", Command: "Cav"}),
	}}
}

var ldSykes = engine.Actor{ID: "u5", Name: "Sykes"}

// leadersGame: Lee (overall, 1st Corps) and Jeb (Cav, 2nd) for the CSA;
// Meade alone for the USA, or with a second Union commander holding the
// V Corps, the cavalry, the II Corps, DC and PA (21.1: at least as many
// corps as the overall commander, who keeps the VI).
func leadersGame(t *testing.T, o engine.GameOptions, secondUnion bool) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: jebA, Side: engine.CSA, Commands: []string{"Cav", "2"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	if secondUnion {
		g = apply(t, g, engine.JoinGame{By: ldSykes, Side: engine.USA, Commands: []string{"V", "Cav", "II", "DC", "PA"}}, engine.Script())
	}
	return apply(t, g, engine.StartGame{By: ump, OOB: leadersOOB()}, engine.Script())
}

func ldAt(g Game, step string) Game {
	g.Sequence = engine.SequenceState{Step: step, Turn: g.Turn}
	return g
}

func ldApplyAll(g Game, evs []engine.Event) Game {
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

// The three sources of 16.2 a)-c), each counted once: the random event
// (each occurrence), 75 Confederate VP (reached now or at the end of an
// earlier turn, even if lost since), the first Union Army Disorder.
func TestHookerQuestionedCountsThreeSources(t *testing.T) {
	g := leadersGame(t, opts(), false)
	g.Turn = 9
	if n := len(g.HookerQuestioned()); n != 0 {
		t.Fatalf("a new game has %d Hooker Questioned events", n)
	}
	g.Events = EventsState{Rolled: []RandomEventRolled{{Turn: 5, Outcome: RandomHooker}, {Turn: 6, Outcome: RandomRain}}}
	g.VP = []VPEntry{{Turn: 8, Category: "counties", VP: 74}}
	if got := g.HookerQuestioned(); len(got) != 1 || got[0].Source != "random-event" || got[0].Turn != 5 {
		t.Fatalf("74 VP and one random event: %+v", got)
	}
	g.VP = append(g.VP, VPEntry{Turn: 9, Category: "counties", VP: 1})
	if got := g.HookerQuestioned(); len(got) != 2 || got[1].Source != "vp" {
		t.Fatalf("75 VP: %+v", got)
	}
	// Lost again: the end of turn 8 on the record had 80.
	g.VP = []VPEntry{{Turn: 9, VP: 60}}
	g.TurnRecord = []engine.TurnPoint{{Turn: 8, VP: 80}}
	if got := g.HookerQuestioned(); len(got) != 2 || got[1].Turn != 8 {
		t.Fatalf("80 VP at the end of turn 8: %+v", got)
	}
	// Two of three: step 3b does nothing.
	if evs, err := stepHookerReplacement(ldAt(g, "3b"), engine.Script(), engine.StepContext{}); err != nil || len(evs) != 0 {
		t.Fatalf("3b with two events: %v %v", evs, err)
	}
	g.Records.Armies = map[engine.Side]ArmyRecord{engine.USA: {Level: 3, EverDisorder: true}}
	got := g.HookerQuestioned()
	if len(got) != HookerQuestionedNeeded || got[2].Source != "disorder" {
		t.Fatalf("with Disorder: %+v", got)
	}
	evs, err := stepHookerReplacement(ldAt(g, "3b"), engine.Script(), engine.StepContext{})
	if err != nil || len(evs) != 2 {
		t.Fatalf("3b with three events: %v %v", evs, err)
	}
	if mc, ok := evs[0].(*MeadeCommands); !ok || !strings.Contains(mc.Reason, "Hooker questioned three times") {
		t.Fatalf("first event: %#v", evs[0])
	}
	if ma, ok := evs[1].(*MeadeAssumed); !ok || len(ma.Counted) != 3 {
		t.Fatalf("second event: %#v", evs[1])
	}
	g = ldApplyAll(ldAt(g, "3b"), evs)
	if !g.Movement.Meade || !g.Command.Meade || g.Command.MeadeTurn != 9 || !g.MeadeParalysis() {
		t.Fatalf("after: movement %v, command %+v", g.Movement.Meade, g.Command)
	}
	// Once only.
	if evs, _ := stepHookerReplacement(ldAt(g, "3b"), engine.Script(), engine.StepContext{}); len(evs) != 0 {
		t.Fatalf("Meade assumed command twice: %v", evs)
	}
	g.Turn = 10
	if g.MeadeParalysis() {
		t.Fatal("the paralysis of 16.2 11) lasts the turn Meade arrives only")
	}
}

// The order of battle after Meade assumes command, step by step against
// 16.2 1)-15), with the choices made by default.
func TestMeadeAssumesCommandOrderOfBattle(t *testing.T) {
	g := leadersGame(t, opts(), false)
	g.Turn = 12
	// French is tired and disorganized: Hays takes his status (16.2 note).
	g = apply(t, g, engine.SetUnit{By: ump, Unit: "usa.french", Field: "fatigue", Value: 2}, engine.Script())
	g = apply(t, g, engine.MarkUnit{By: ump, Unit: "usa.french", Mark: "disorganized"}, engine.Script())
	g = apply(t, g, engine.MarkUnit{By: ump, Unit: "usa.whiting", Mark: "out-of-supply"}, engine.Script())
	g = apply(t, g, MeadeTakesCommand{By: ump, Reason: "the umpire's ruling"}, engine.Script())
	evs, err := stepHookerReplacement(ldAt(g, "3b"), engine.Script(), engine.StepContext{})
	if err != nil || len(evs) != 1 {
		t.Fatalf("3b after /game meade: %v %v", evs, err)
	}
	ma := evs[0].(*MeadeAssumed)
	var steps []string
	for _, c := range ma.Changes {
		steps = append(steps, c.Step)
	}
	want := "1) 2) 3) 4) 5) 6) 7) 8) a) 8) b) 8) c) 8) d) 8) e) 8) f) 8) g) 8) h) 8) i) 8) i) 8) i) 8) j) 15)"
	if strings.Join(steps, " ") != want {
		t.Fatalf("steps %q, want %q", strings.Join(steps, " "), want)
	}
	before := g
	g = ldApplyAll(g, evs)

	gone := []string{"usa.hooker", "usa.meade", "usa.french", "usa.hays-dc", "usa.whiting", "usa.davis", "usa.dicesnola", "usa.wyndam",
		"usa.copeland", "usa.deforest", "usa.price", "usa.kilpatrick", "usa.pleasonton", "csa.whlee"}
	for _, id := range gone {
		if _, ok := g.Units[id]; ok {
			t.Errorf("%s is still in play", id)
		}
		if _, ok := g.Command.Replaced[id]; !ok {
			t.Errorf("%s is not on the record of 16.2", id)
		}
	}
	type want1 struct {
		id       string
		hex      int
		manpower int
		command  string
	}
	for _, w := range []want1{
		{"usa.meade-army", 5, 0, "AoP"}, {"usa.sykes", 5, 0, "V"}, // 2)
		{"usa.crawford", 40, 6, "V"}, {"usa.stannard", 41, 4, "I"}, // 3), 4)
		{"usa.couch", 55, 0, "PA"},                                // 5): the strongest PA unit, Yates (3 MP)
		{"usa.hays-ii", 6, 5, "II"}, {"usa.willard", 42, 4, "DC"}, // 6), 7)
		{"usa.merritt", 10, 2, "Cav"}, {"usa.gamble", 11, 2 + 1, "Cav"}, {"usa.huey", 12, 3, "Cav"}, // 8) a)-c); Gamble gets one of Kilpatrick's
		{"usa.mcintosh", 13, 3, "Cav"}, {"usa.custer", 43, 2, "Cav"}, {"usa.farnsworth", 45, 2 + 1, "Cav"}, // 8) d)-g): Price's 1 to Farnsworth, the nearer
		{"usa.devin", 20, 2 + 1, "Cav"}, {"usa.gregg", 30, 2 + 1, "Cav"}, // 8) h): the three nearest of 2 MP or less
		{"usa.buford", 10, 0, "Cav"}, {"usa.gregg-ldr", 12, 0, "Cav"}, {"usa.kilpatrick-ldr", 13, 0, "Cav"}, // 8) i)
		{"csa.chambliss", -5, 3, "Cav"}, // 15)
	} {
		u, ok := g.Units[w.id]
		switch {
		case !ok:
			t.Errorf("%s is not in play", w.id)
		case !u.OnMap || u.Track != "" || u.Hex != (engine.Hex{Q: w.hex}) || u.Manpower != w.manpower || u.Command != w.command:
			t.Errorf("%s = on map %v track %q hex %v, %d MP, %s; want hex %d, %d MP, %s", w.id, u.OnMap, u.Track, u.Hex, u.Manpower, u.Command, w.hex, w.manpower, w.command)
		}
	}
	if h := g.Units["usa.hays-ii"]; h.Fatigue != 2 || !h.WithStatus().Status.Disorganized {
		t.Errorf("Hays does not take French's status: %+v", h)
	}
	if m := g.Units["usa.merritt"]; !engine.Contains(m.Marks, "out-of-supply") {
		t.Errorf("Merritt does not take Whiting's out-of-supply mark: %v", m.Marks)
	}
	for _, id := range []string{"usa.crawford", "usa.stannard"} {
		if releaseMark(g.Units[id]) != "" {
			t.Errorf("%s keeps a release mark: %v", id, g.Units[id].Marks)
		}
	}
	if releaseMark(g.Units["usa.willard"]) != "release-group-4" {
		t.Errorf("Willard is not in Hays's release group 4: %v", g.Units["usa.willard"].Marks)
	}
	// Manpower: the Union's is the same, Price's and Kilpatrick's
	// dispersed (1 + 3), no unit eliminated (15.1 counts none).
	total := func(g Game, s engine.Side) int {
		n := 0
		for _, u := range g.Units {
			if u.Side == s && !u.Eliminated {
				n += u.Manpower
			}
		}
		return n
	}
	if total(g, engine.USA) != total(before, engine.USA) || total(g, engine.CSA) != total(before, engine.CSA) {
		t.Errorf("manpower %d/%d, was %d/%d", total(g, engine.USA), total(g, engine.CSA), total(before, engine.USA), total(before, engine.CSA))
	}
	if len(g.eliminations(engine.USA, nil)) != 0 {
		t.Error("16.2's removals count as eliminations")
	}
	// One commander: no change of overall commander.
	if ma.Overall != nil || !g.Player(meade.ID).Overall {
		t.Errorf("overall: %+v", ma.Overall)
	}
	// The umpire's undo takes it all back, with the releases.
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "test"}, engine.Script())
	if g.Movement.Meade || g.Command.Meade || g.Units["usa.hooker"].ID == "" {
		t.Fatal("undo left Meade in command")
	}
}

// A replaced unit that was eliminated stays eliminated, and its
// replacement never enters; Kilpatrick's manpower that finds no unit is
// lost.
func TestMeadeReplacementOfEliminatedUnits(t *testing.T) {
	g := leadersGame(t, opts(), false)
	g = apply(t, g, engine.EliminateUnit{By: ump, Unit: "usa.davis", Reason: "test"}, engine.Script())
	g = apply(t, g, engine.EliminateUnit{By: ump, Unit: "csa.whlee", Reason: "test"}, engine.Script())
	for _, id := range []string{"usa.devin", "usa.gregg", "usa.whiting", "usa.copeland", "usa.deforest"} {
		g = apply(t, g, engine.SetUnit{By: ump, Unit: id, Field: "manpower", Value: 3, Reason: "test"}, engine.Script())
	}
	g = apply(t, g, MeadeTakesCommand{By: ump}, engine.Script())
	evs, err := stepHookerReplacement(ldAt(g, "3b"), engine.Script(), engine.StepContext{})
	if err != nil {
		t.Fatal(err)
	}
	g = ldApplyAll(g, evs)
	if u := g.Units["usa.davis"]; !u.Eliminated {
		t.Error("Davis is no longer eliminated")
	}
	if _, ok := g.Units["usa.gamble"]; ok {
		t.Error("Gamble entered in place of an eliminated Davis")
	}
	if _, ok := g.Units["csa.chambliss"]; ok || !g.Units["csa.whlee"].Eliminated {
		t.Error("Chambliss entered in place of an eliminated W.H. Lee")
	}
	// Every AoP cavalry unit has 3 MP, but Price's 1 went to Farnsworth
	// (the nearer: 1 hex against 3), leaving no unit of 2 or less.
	ma := evs[0].(*MeadeAssumed)
	var h MeadeChange
	for _, c := range ma.Changes {
		if c.Step == "8) h)" {
			h = c
		}
	}
	if len(h.Units) != 0 || !strings.Contains(h.What, "3 finds no such unit and is lost") {
		t.Fatalf("8) h): %+v", h)
	}
}

// 16.2 14): the V Corps' commander becomes the overall commander; the
// former one keeps, declared, what he held.
func TestMeadeNewOverallCommander(t *testing.T) {
	g := leadersGame(t, opts(), true)
	g = apply(t, g, MeadeTakesCommand{By: ump}, engine.Script())
	evs, err := stepHookerReplacement(ldAt(g, "3b"), engine.Script(), engine.StepContext{})
	if err != nil {
		t.Fatal(err)
	}
	ma := evs[0].(*MeadeAssumed)
	if ma.Overall == nil || ma.Overall.From.ID != meade.ID || ma.Overall.To.ID != ldSykes.ID {
		t.Fatalf("overall change: %+v", ma.Overall)
	}
	if got := strings.Join(ma.Overall.FromCommands, ","); got != "VI" {
		t.Fatalf("Meade keeps %q", got)
	}
	g = ldApplyAll(g, evs)
	if !g.Player(ldSykes.ID).Overall || g.Player(meade.ID).Overall {
		t.Fatal("the overall commander did not change")
	}
	// The army headquarters are the new overall commander's; the corps
	// Meade commanded by default stay his.
	if !g.Controls(ldSykes, g.Units["usa.meade-army"]) || !g.Controls(meade, g.Units["usa.wright"]) || g.Controls(ldSykes, g.Units["usa.wright"]) {
		t.Fatal("control after the change")
	}
}

// The passive declarations of step 1e, revealed.
func ldPosture(g Game, s engine.Side, posture string) Game {
	d := g.Declared
	d.Postures = append(append([]PostureRecord(nil), d.Postures...), PostureRecord{Turn: g.Turn, Side: s, Posture: posture})
	d.Reveals = append(append([]int(nil), d.Reveals...), g.Turn)
	g.Declared = d
	return g
}

func ldRefused(t *testing.T, g Game, cmd engine.Command, code string) *engine.RuleError {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("%+v: got %v, want %s", cmd, err, code)
	}
	return re
}

// Leader transfer (003 3 a)): 10 hexes, 30 when passive; to a unit of the
// leader's command; once a step; in step 3a only.
func TestLeaderTransferDistances(t *testing.T) {
	g := ldAt(leadersGame(t, opts(), false), "3a")
	tr := func(by engine.Actor, leader, to string) TransferLeader {
		return TransferLeader{By: by, Leader: leader, To: to}
	}
	// McLaws is 10 hexes from Longstreet: allowed; Pickett is 30.
	evs, err := g.Decide(tr(lee, "csa.longstreet", "csa.mclaws"), engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	e := evs[0].(*LeaderTransferred)
	if e.Hexes != 10 || e.Limit != TransferHexes || e.Hex != (engine.Hex{Q: -20}) {
		t.Fatalf("transfer: %+v", e)
	}
	g2 := ldApplyAll(g, evs)
	if u := g2.Units["csa.longstreet"]; u.Hex != (engine.Hex{Q: -20}) || !u.OnMap {
		t.Fatalf("Longstreet at %v", u.Hex)
	}
	ldRefused(t, g2, tr(lee, "csa.longstreet", "csa.hood"), "leader.once")
	re := ldRefused(t, g, tr(lee, "csa.longstreet", "csa.pickett"), "leader.distance")
	if !strings.Contains(re.What, "Pickett is 30 hexes from Longstreet: leaders transfer up to 10 hexes") || !strings.Contains(re.Hint, "30 when the side is passive") {
		t.Fatalf("refusal: %+v", re)
	}
	// Passive: 30.
	p := ldPosture(g, engine.CSA, PosturePassive)
	if g.TransferLimit(engine.CSA) != 10 || p.TransferLimit(engine.CSA) != 30 || p.TransferLimit(engine.USA) != 10 {
		t.Fatal("transfer limits")
	}
	if _, err := p.Decide(tr(lee, "csa.longstreet", "csa.pickett"), engine.Script()); err != nil {
		t.Fatalf("30 hexes when passive: %v", err)
	}
	// Not to another corps, a leader, an enemy unit; not by a player who
	// does not command him; not outside step 3a.
	ldRefused(t, g, tr(lee, "csa.longstreet", "csa.rodes"), "leader.command")
	ldRefused(t, g, tr(lee, "csa.longstreet", "csa.lee"), "leader.target")
	ldRefused(t, g, tr(lee, "csa.longstreet", "usa.wright"), "unit.unknown")
	ldRefused(t, g, tr(jebA, "csa.longstreet", "csa.hood"), "unit.command")
	ldRefused(t, g, tr(lee, "csa.hood", "csa.mclaws"), "leader.kind")
	re = ldRefused(t, ldAt(g, "4a"), tr(lee, "csa.longstreet", "csa.hood"), "leader.step")
	if !strings.Contains(re.What, "step 4a") {
		t.Fatalf("step refusal: %+v", re)
	}
	// The army leader goes to any friendly unit, the umpire may set a
	// rule aside with a reason (recorded).
	if _, err := g.Decide(tr(lee, "csa.lee", "csa.rodes"), engine.Script()); err != nil {
		t.Fatalf("Lee to Rodes: %v", err)
	}
	ldRefused(t, g, tr(ump, "csa.longstreet", "csa.pickett"), "leader.distance")
	evs, err = g.Decide(TransferLeader{By: ump, Leader: "csa.longstreet", To: "csa.pickett", Reason: "a ruling"}, engine.Script())
	if err != nil || len(evs[0].(*LeaderTransferred).Overrode) != 1 {
		t.Fatalf("umpire override: %v %+v", err, evs)
	}
	// Division leaders of 16.2 8) i) go to their division's brigades.
	m := ldApplyAll(g, ldMeade(t, g))
	m = ldAt(m, "3a")
	m.Turn++
	m.Sequence.Turn = m.Turn
	ldRefused(t, m, tr(meade, "usa.buford", "usa.huey"), "leader.command")
	if _, err := m.Decide(tr(meade, "usa.buford", "usa.gamble"), engine.Script()); err != nil {
		t.Fatalf("Buford to Gamble: %v", err)
	}
}

func ldMeade(t *testing.T, g Game) []engine.Event {
	t.Helper()
	evs, err := g.Decide(MeadeTakesCommand{By: ump}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	more, err := stepHookerReplacement(ldAt(ldApplyAll(g, evs), "3b"), engine.Script(), engine.StepContext{})
	if err != nil {
		t.Fatal(err)
	}
	return append(evs, more...)
}

// A passive side's leader leaves the map in 3a and returns to any unit
// the next turn (000 IV b)); the wait lists him then (which step waits:
// TestPassiveLeaderReturnsInTheCommunicationsPhase).
func TestPassiveLeaderLeavesAndReturns(t *testing.T) {
	g := ldAt(leadersGame(t, opts(), false), "3a")
	off := TransferLeader{By: lee, Leader: "csa.longstreet", To: LeaderOff}
	ldRefused(t, g, off, "leader.passive")
	p := ldPosture(g, engine.CSA, PosturePassive)
	evs, err := p.Decide(off, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	p = ldApplyAll(p, evs)
	if u := p.Units["csa.longstreet"]; u.OnMap || p.Command.Away["csa.longstreet"] != p.Turn {
		t.Fatalf("Longstreet: %+v, away %v", u, p.Command.Away)
	}
	back := TransferLeader{By: lee, Leader: "csa.longstreet", To: "csa.pickett"}
	ldRefused(t, p, back, "leader.return")
	if w := waitLeaderTransfer(p); len(w) != 0 {
		t.Fatalf("3a waits this turn: %v", w)
	}
	p.Turn++
	p = ldAt(p, "3a")
	if w := waitLeaderTransfer(p); len(w) != 1 || !strings.Contains(w[0], "the CSA to place Longstreet back") {
		t.Fatalf("the wait: %v", w)
	}
	ldRefused(t, ldAt(p, "1e"), back, "leader.step")
	evs, err = ldAt(p, "2a").Decide(back, engine.Script())
	if err != nil {
		t.Fatalf("return in 2a: %v", err)
	}
	p = ldApplyAll(p, evs)
	if u := p.Units["csa.longstreet"]; !u.OnMap || u.Hex != (engine.Hex{Q: -40}) || len(p.Command.Away) != 0 || len(waitLeaderTransfer(p)) != 0 {
		t.Fatalf("returned: %+v %v", u, p.Command.Away)
	}
	// Under limited intelligence the wait does not name him.
	q := ldPosture(ldAt(leadersGame(t, engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1, LimitedIntel: true}, false), "3a"), engine.CSA, PosturePassive)
	q = ldApplyAll(q, ldMust(t, q, off))
	q.Turn++
	if w := waitLeaderTransfer(q); len(w) != 1 || strings.Contains(w[0], "Longstreet") {
		t.Fatalf("limited intelligence wait: %v", w)
	}
}

func ldMust(t *testing.T, g Game, cmd engine.Command) []engine.Event {
	t.Helper()
	evs, err := g.Decide(cmd, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

// jacksonTable mirrors lrtg.jackson-relapse (scenarios/rules
// lrtg-p1-optional.yaml, 000 31.4).
func ldJacksonTable() *engine.Table {
	yes := func(f string) *engine.Condition { return &engine.Condition{Fact: f, Op: "true"} }
	return &engine.Table{ID: "lrtg.jackson-relapse", Game: LRTG, Title: "Jackson relapse", Source: "000 31.4",
		Dice:  engine.DiceExpr{Terms: []engine.Term{{Sign: 1, Count: 2, Sides: 6}}},
		Facts: []engine.FactSpec{{Name: "two_turns_debilitated", Kind: engine.FactBool}, {Name: "after_july_1", Kind: engine.FactBool}},
		Modifiers: []engine.Modifier{{Value: 1, When: yes("two_turns_debilitated"), Reason: "two consecutive turns of a natural 2-3 result"},
			{Value: 1, When: yes("after_july_1"), Reason: "it is after July 1"}},
		Entries:  []engine.Entry{{Min: math.MinInt, Max: 3, Outcome: "debilitated"}, {Min: 4, Max: 5, Outcome: "impacted"}, {Min: 6, Max: math.MaxInt, Outcome: "no-effect"}},
		Outcomes: []engine.Outcome{{ID: "debilitated", Name: "Jackson debilitated"}, {ID: "impacted", Name: "Jackson impacted"}, {ID: "no-effect", Name: "No effect"}},
	}
}

// The Jackson relapse roll of step 3a (31.4) with scripted dice: the +1
// after two turns of natural 2-3 until a No effect, the +1 after July 1.
func TestJacksonRelapseRoll(t *testing.T) {
	o := opts()
	o.JacksonLives = true
	oob := leadersOOB()
	oob.Units = append(oob.Units, engine.UnitSetup{ID: "csa.jackson", Name: "Jackson", Side: engine.CSA, Kind: "leader", Command: "2", OnMap: true, Hex: engine.Hex{Q: -12}})
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	g = apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
	ctx := engine.StepContext{Library: &engine.Library{Tables: []*engine.Table{ldJacksonTable()}}}
	roll := func(turn int, faces ...int) *JacksonRelapse {
		t.Helper()
		g.Turn = turn
		g = ldAt(g, "3a")
		evs, err := stepLeaderTransfer(g, engine.Script(faces...), ctx)
		if err != nil || len(evs) != 2 {
			t.Fatalf("turn %d: %v %v", turn, evs, err)
		}
		if tr, ok := evs[0].(*engine.TableRolled); !ok || tr.Table != "lrtg.jackson-relapse" || tr.Number != g.Rolls+1 {
			t.Fatalf("turn %d: the roll is not a numbered game roll: %#v", turn, evs[0])
		}
		g = ldApplyAll(g, evs)
		return evs[1].(*JacksonRelapse)
	}
	cases := []struct {
		turn    int
		faces   []int
		total   int
		outcome string
		plus    bool
	}{
		{4, []int{1, 1}, 2, "debilitated", false},
		{5, []int{1, 2}, 3, "debilitated", false},
		{6, []int{2, 2}, 5, "impacted", true}, // +1: two turns of natural 2-3
		{7, []int{3, 2}, 6, "no-effect", true},
		{8, []int{2, 3}, 5, "impacted", false}, // the +1 ended with No effect
		{9, []int{1, 1}, 2, "debilitated", false},
		{11, []int{1, 2}, 3, "debilitated", false}, // not consecutive: no +1 next
		{12, []int{4, 1}, 5, "impacted", false},
		{24, []int{2, 2}, 5, "impacted", false}, // July 2: +1 after July 1
	}
	for _, c := range cases {
		r := roll(c.turn, c.faces...)
		if r.Total != c.total || r.Outcome != c.outcome || r.Plus != c.plus || r.Turn != c.turn {
			t.Errorf("turn %d %v: %+v, want total %d %s plus %v", c.turn, c.faces, r, c.total, c.outcome, c.plus)
		}
	}
	if j, ok := g.JacksonThisTurn(); !ok || j.Turn != 24 {
		t.Fatalf("this turn's roll: %+v", j)
	}
	// Once a turn; none without the variant or without Jackson.
	if evs, _ := stepLeaderTransfer(g, engine.Script(1, 1), ctx); len(evs) != 0 {
		t.Fatal("rolled twice in a turn")
	}
	g.Turn = 25
	g.Units = engine.CopyUnits(g.Units)
	g.EditUnit(idJackson, func(u *engine.UnitState) { u.Eliminated = true })
	if evs, _ := stepLeaderTransfer(g, engine.Script(1, 1), ctx); len(evs) != 0 {
		t.Fatal("rolled for an eliminated Jackson")
	}
	h := leadersGame(t, opts(), false)
	if evs, err := stepLeaderTransfer(ldAt(h, "3a"), engine.Script(1, 1), ctx); len(evs) != 0 || err != nil {
		t.Fatal("rolled without the Jackson Lives variant")
	}
}

// Attachment happens in step 3c, detachment also from a marching unit in
// the action cycle (7.1, 7.2); the umpire may always; a game that has not
// begun the sequence of play is not gated.
func TestAttachmentStepGate(t *testing.T) {
	g := edited(attachGame(t), "csa.hood", func(u *engine.UnitState) { u.Manpower = 10 })
	if _, err := g.Decide(detach(lee, "csa.hood", 2), engine.Script()); err != nil {
		t.Fatalf("before the sequence: %v", err)
	}
	for _, step := range []string{"1e", "3a", "3b", "5a"} {
		s := ldAt(g, step)
		re := wantCode(t, s, detach(lee, "csa.hood", 2), engine.ErrIllegal, "detach.step")
		if !strings.Contains(re.What, "this is step "+step) || re.Rule != "LRTG 7.1; 003 3 c)" {
			t.Fatalf("%s: %+v", step, re)
		}
		wantCode(t, s, attach(lee, "csa.hood", "csa.pettigrew"), engine.ErrIllegal, "attach.step")
		if _, err := s.Decide(detach(ump, "csa.hood", 2), engine.Script()); err != nil {
			t.Fatalf("the umpire in %s: %v", step, err)
		}
	}
	for _, step := range []string{"4a", "4b"} {
		if _, err := ldAt(g, step).Decide(detach(lee, "csa.hood", 2), engine.Script()); err != nil {
			t.Fatalf("detaching from a march in %s: %v", step, err)
		}
		wantCode(t, ldAt(g, step), attach(lee, "csa.hood", "csa.pettigrew"), engine.ErrIllegal, "attach.step")
	}
	s := ldAt(g, "3c")
	if _, err := s.Decide(detach(lee, "csa.hood", 2), engine.Script()); err != nil {
		t.Fatalf("3c detach: %v", err)
	}
	if _, err := s.Decide(attach(lee, "csa.hood", "csa.pettigrew"), engine.Script()); err != nil {
		t.Fatalf("3c attach: %v", err)
	}
	// An enemy's unit is refused as unknown before the step is named.
	wantCode(t, s, detach(meade, "csa.hood", 2), engine.ErrIllegal, "unit.command")
}

// In the step Meade assumes command, the Union places Couch and the
// cavalry division leaders with any unit of theirs (16.2 5), 8) i)).
func TestMeadePlacementsInStep3b(t *testing.T) {
	g := leadersGame(t, opts(), false)
	g = ldApplyAll(g, ldMeade(t, g))
	g = ldAt(g, "3b")
	for _, c := range []TransferLeader{
		{By: meade, Leader: "usa.couch", To: "usa.knipe"},     // 50 hexes from Yates
		{By: meade, Leader: "usa.buford", To: "usa.devin"},    // 10 hexes from Merritt
		{By: meade, Leader: "usa.gregg-ldr", To: "usa.gregg"}, // 18 hexes from Huey
		{By: meade, Leader: "usa.kilpatrick-ldr", To: "usa.custer"},
	} {
		evs, err := g.Decide(c, engine.Script())
		if err != nil {
			t.Fatalf("%s to %s: %v", c.Leader, c.To, err)
		}
		if e := evs[0].(*LeaderTransferred); !strings.HasPrefix(e.Rule, "16.2") || e.Limit != 0 {
			t.Fatalf("%+v", e)
		}
	}
	ldRefused(t, g, TransferLeader{By: meade, Leader: "usa.couch", To: "usa.wright"}, "leader.command")
	ldRefused(t, g, TransferLeader{By: meade, Leader: "usa.sedgwick", To: "usa.wright"}, "leader.step")
	// Not on a later turn.
	g.Turn++
	g = ldAt(g, "3b")
	ldRefused(t, g, TransferLeader{By: meade, Leader: "usa.couch", To: "usa.knipe"}, "leader.step")
}

// A passive side's leader taken off the map is "returned in the next
// Communications Phase" (000 IV b); 4.2: "at the start of the following
// turn's Communications phase"): with several commanders a side the game
// waits for him at 2a, the phase's start, and the Leader Transfer step
// (3a) is too late (the umpire may place him with a reason). A game of one
// commander a side plays no Communications step: he returns in 3a.
func TestPassiveLeaderReturnsInTheCommunicationsPhase(t *testing.T) {
	off := TransferLeader{By: lee, Leader: "csa.longstreet", To: LeaderOff}
	back := TransferLeader{By: lee, Leader: "csa.longstreet", To: "csa.pickett"}
	awayNextTurn := func(g Game) Game {
		p := ldPosture(ldAt(g, "3a"), engine.CSA, PosturePassive)
		p = ldApplyAll(p, ldMust(t, p, off))
		p.Turn++
		return p
	}

	p := awayNextTurn(leadersGame(t, opts(), false))
	if w := waitLeaderReturns(stepArmy)(ldAt(p, stepArmy)); len(w) != 1 || !strings.Contains(w[0], "the CSA to place Longstreet back") {
		t.Errorf("2a's wait: %v", w)
	}
	if w := waitLeaderReturns("3a")(ldAt(p, "3a")); len(w) != 0 {
		t.Errorf("3a waits for him too: %v", w)
	}
	e := ldRefused(t, ldAt(p, "3a"), back, "leader.step")
	for _, want := range []string{"Longstreet returns to the map in the Communications phase (steps 2a-2d), and this is step 3a", "the umpire may place him", "000 IV b)"} {
		if !strings.Contains(e.Error(), want) {
			t.Errorf("3a's refusal %q lacks %q", e, want)
		}
	}
	late := back
	late.By, late.Reason = ump, "Lee forgot him in 2a"
	if _, err := ldAt(p, "3a").Decide(late, engine.Script()); err != nil {
		t.Errorf("the umpire's late return with a reason: %v", err)
	}
	if _, err := ldAt(p, "2c").Decide(back, engine.Script()); err != nil {
		t.Errorf("return in 2c: %v", err)
	}

	// One commander a side: no Communications step is played.
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	g = apply(t, g, engine.StartGame{By: ump, OOB: leadersOOB()}, engine.Script())
	q := awayNextTurn(g)
	if w := waitLeaderReturns("3a")(ldAt(q, "3a")); len(w) != 1 {
		t.Errorf("one commander a side: 3a's wait %v", w)
	}
	if _, err := ldAt(q, "3a").Decide(back, engine.Script()); err != nil {
		t.Errorf("one commander a side: return in 3a: %v", err)
	}
}
