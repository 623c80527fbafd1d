package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The Combat Chart below is INVENTED for tests; it is not the publisher's
// chart, and none of its columns, rows or results are the printed ones.
type fakeCombat struct{}

func (fakeCombat) Combat(att, def float64, diff int) (CombatResult, CombatResult, string, string, string, error) {
	attCol, defCol := "A low", "D low"
	if att >= 20 {
		attCol = "A high"
	}
	if def >= 10 {
		defCol = "D high"
	}
	var row, a, d string
	switch {
	case diff <= 0:
		row, a, d = "0 or less", "1f", "-"
	case diff <= 3:
		row, a, d = "1 to 3", "f", "1D"
	case diff <= 5:
		row, a, d = "4 to 5", "-", "2Dr"
	default:
		row, a, d = "6 or more", "-", "3R"
	}
	ar, _ := ParseCombatResult(a)
	dr, _ := ParseCombatResult(d)
	return ar, dr, row, attCol, defCol, nil
}

// fakeCharts: the invented chart with invented modifiers.
func fakeCharts() *AttackCharts {
	return &AttackCharts{Chart: fakeCombat{}, Modifiers: []CombatModifier{
		{Name: "flank", Side: Attacker, Min: 1, Max: 1, StatedBy: Attacker},
		{Name: "leader", Side: Attacker, Min: 0, Max: 3, StatedBy: Attacker},
		{Name: "terrain", Side: Defender, Min: 0, Max: 2, StatedBy: Defender},
		{Name: "ruling", Side: Defender, Min: -2, Max: 2, StatedBy: StatedByUmpire},
	}}
}

// atkGame: Longstreet with Hood and McLaws next to Barnes (Sykes's V
// Corps) on turn 5, the Confederates' action under way.
func atkGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	u := setupUnit
	g := acStart(t, o,
		u("csa.lee", "Lee", engine.CSA, "leader", "ANV", 0, at(0, 0)),
		u("csa.longstreet", "Longstreet", engine.CSA, "leader", "1", 0, at(10, 0)),
		u("csa.hood", "Hood", engine.CSA, "infantry", "1", 15, at(10, 0)),
		u("csa.mclaws", "McLaws", engine.CSA, "infantry", "1", 14, at(10, 0)),
		u("csa.pickett", "Pickett", engine.CSA, "infantry", "1", 12, at(12, 1)),
		u("csa.stuart", "Stuart", engine.CSA, "leader", "Cav", 0, at(20, 0)),
		u("csa.hampton", "Hampton", engine.CSA, "cavalry", "Cav", 4, at(20, 0)),
		u("usa.meade-army", "Meade", engine.USA, "leader", "AoP", 0, at(40, 0)),
		u("usa.sykes", "Sykes", engine.USA, "leader", "V", 0, at(11, 0)),
		u("usa.barnes", "Barnes", engine.USA, "infantry", "V", 6, at(11, 0)),
		u("usa.ayres", "Ayres", engine.USA, "infantry", "V", 5, at(11, 0)),
		u("usa.buford", "Buford", engine.USA, "cavalry", "Cav", 4, at(30, 0)),
	)
	g, _ = acBegin(t, g, 5, "4a", engine.Script(6, 1))
	// Spare faces: an activation that rolls its movement allowance takes them.
	g, _ = acDo(t, g, ActivateUnit{By: lee, Unit: "csa.longstreet"}, engine.Script(3, 3, 3, 3))
	return g
}

func declare(units ...string) DeclareAttack {
	return DeclareAttack{By: lee, Units: units, Hex: at(11, 0), Ref: "0611", Type: AttackMarch, Charts: fakeCharts()}
}

func manpowerOnBoard(g Game) int {
	n := 0
	for _, u := range g.Units {
		n += u.Manpower
	}
	return n
}

// A march attack settled end to end, every number asserted, with the
// conservation of manpower.
func TestMarchAttackSettled(t *testing.T) {
	g := atkGame(t, opts())
	if engine.Distance(at(10, 0), at(11, 0)) != 1 {
		t.Fatal("the test board's hexes are not adjacent")
	}
	cmd := declare("csa.hood", "csa.mclaws")
	cmd.Stated = []StatedModifier{{Name: "Flank", Bare: true}, {Name: "leader", Value: 2}}
	g, evs := acDo(t, g, cmd, engine.Script())
	d := evs[0].(*AttackDeclared).Battle
	if d.N != 1 || d.Type != AttackMarch || d.Leader != "csa.longstreet" || strings.Join(d.Defenders, ",") != "usa.ayres,usa.barnes" || len(d.Stated) != 2 || d.Stated[0].Value != 1 || d.Stated[0].Name != "flank" {
		t.Fatalf("declared %+v", d)
	}
	if w := strings.Join(actionWait(g), "; "); !strings.Contains(w, "the USA's modifiers for battle #1 at 0611 (/attack defend)") {
		t.Errorf("waits: %s", w)
	}
	// The USA's modifiers; the battle holds the CSA's action, whose end
	// is not waited for (retreat_owed.go).
	if o := g.Kernel().Owing(); len(o) != 1 || o[0].Player.ID != meade.ID {
		t.Errorf("owing %+v", o)
	}
	acRefused(t, g, EndAction{By: lee}, "action.held", "battle #1 waits for the USA's modifiers")
	// Only the defender answers.
	acRefused(t, g, AnswerAttack{By: lee, Charts: fakeCharts()}, "attack.defender")
	before := manpowerOnBoard(g)
	g, evs = acDo(t, g, AnswerAttack{By: meade, Stated: []StatedModifier{{Name: "terrain", Value: 1}}, Charts: fakeCharts(), Divisions: []string{"usa.barnes"}}, engine.Script(5, 2))
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
	if s == nil || a == nil || len(evs) != 5 {
		t.Fatalf("events %d: %+v", len(evs), evs)
	}
	// Values 29 and 11; dice 5+1+2 = 8 and 2+1 = 3; difference 5.
	if s.AttValue != 29 || s.DefValue != 11 || s.AttDie != 5 || s.DefDie != 2 || s.AttTotal != 8 || s.DefTotal != 3 || s.Diff != 5 ||
		s.Row != "4 to 5" || s.AttColumn != "A high" || s.DefColumn != "D high" || s.AttResult.String() != "-" || s.DefResult.String() != "2Dr" {
		t.Fatalf("settled %+v", s)
	}
	if len(s.Modifiers) != 3 || s.Modifiers[2].StatedBy != Defender || s.Modifiers[0].StatedBy != Attacker {
		t.Errorf("modifiers %+v", s.Modifiers)
	}
	if a.Attack != 1 || len(a.Sides) != 2 || a.Sides[1].Lost != 2 || a.Sides[1].VP != 4 {
		t.Fatalf("applied %+v", a)
	}
	// The loss falls on the larger unit first: Barnes 6 -> 5, Ayres 5 -> 4.
	if b, y := g.Units["usa.barnes"], g.Units["usa.ayres"]; b.Manpower != 5 || y.Manpower != 4 || !b.Status.Disorganized || !y.Status.Disorganized {
		t.Errorf("Barnes %+v, Ayres %+v", b, y)
	}
	if r := g.Actions.Retreats; strings.Join(r, ",") != "usa.ayres,usa.barnes" {
		t.Errorf("retreats %q", r)
	}
	if got := before - manpowerOnBoard(g); got != a.Sides[0].Lost+a.Sides[1].Lost {
		t.Errorf("manpower changed by %d, the results took %d", got, a.Sides[0].Lost+a.Sides[1].Lost)
	}
	if g.Losses.AoP != 2 || len(g.Attacks.Pending) != 0 {
		t.Errorf("losses %+v, pending %+v", g.Losses, g.Attacks.Pending)
	}
	// One battle, one record.
	acRefused(t, g, AnswerAttack{By: ump, Battle: 1, Charts: fakeCharts()}, "attack.settled", "Battle #1 has been settled")
	acRefused(t, g, ApplyCombat{By: meade, Battle: "0611", Defender: CombatSide{Units: []string{"usa.barnes"}, Result: "2Dr"}}, "combat.settled", "Barnes fought in battle #1")
	if _, err := g.Decide(ApplyCombat{By: ump, Battle: "0611", Defender: CombatSide{Units: []string{"usa.barnes"}, Result: "1"}, Reason: "correction"}, engine.Script()); err != nil {
		t.Errorf("the umpire's correction: %v", err)
	}
	// The players' word is on the umpire's log; the settlement is not.
	var stated []UnitLogEntry
	for _, e := range g.UnitLog() {
		if e.Kind != LogStated {
			t.Errorf("log entry %+v", e)
		}
		stated = append(stated, e)
	}
	if len(stated) != 2 || stated[0].Role != Attacker || len(stated[0].Stated) != 2 || stated[1].Role != Defender || stated[1].Stated[0].Name != "terrain" {
		t.Errorf("log %+v", stated)
	}
}

// An assault routs the defender: demoralized, its entrenchment left, a
// routed division for army morale (15.1 1)).
func TestAssaultRouts(t *testing.T) {
	g := atkGame(t, opts())
	g = edit(g, "usa.barnes", func(u *engine.UnitState) { u.Status.Entrenchment = 1 })
	g = edit(g, "usa.ayres", func(u *engine.UnitState) { u.OnMap = false })
	cmd := declare("csa.hood")
	cmd.Type = AttackAssault
	cmd.Stated = []StatedModifier{{Name: "leader", Value: 3}}
	g, _ = acDo(t, g, cmd, engine.Script())
	g, evs := acDo(t, g, AnswerAttack{By: meade, Charts: fakeCharts()}, engine.Script(6, 1))
	s := evs[3].(*AttackSettled)
	if s.AttValue != 15 || s.DefValue != 6 || s.AttTotal != 9 || s.DefTotal != 1 || s.Diff != 8 || s.Row != "6 or more" || s.AttColumn != "A low" || s.DefColumn != "D low" || s.DefResult.String() != "3R" {
		t.Fatalf("settled %+v", s)
	}
	b := g.Units["usa.barnes"]
	if b.Manpower != 3 || b.Status.Demoralization != 1 || b.Status.Entrenchment != 0 {
		t.Errorf("Barnes %+v", b)
	}
	m := g.ArmyMorale(engine.USA, engine.UnitSizes{"usa.barnes": "division"})
	found := false
	for _, l := range m.Lines {
		found = found || (l.Rule == "15.1 1)" && strings.Contains(l.What, "Barnes"))
	}
	if !found {
		t.Errorf("the rout does not count for the V Corps: %+v", m.Lines)
	}
	// The attacker that moved may not assault.
	g2 := atkGame(t, opts())
	g2.Actions.Moved = []string{"csa.hood"}
	acRefused(t, g2, cmd, "attack.moved", "Hood has moved")
}

// Every problem said at once; what is refused changes nothing.
func TestAttackRefusals(t *testing.T) {
	g := atkGame(t, opts())
	cmd := declare("csa.hood", "csa.pickett", "csa.hampton", "csa.longstreet")
	cmd.Stated = []StatedModifier{{Name: "terrain", Value: 1}, {Name: "leader", Value: 5}, {Name: "bogus"}}
	re := acRefused(t, g, cmd, "attack.command")
	for _, want := range []string{"6 problems with the attack", "You do not command Hampton", "Longstreet is a leader", "terrain is stated by the defender", "leader is +5, out of its range", `"bogus" is not a modifier`} {
		if !strings.Contains(re.What, want) {
			t.Errorf("%q lacks %q", re.What, want)
		}
	}
	if strings.Contains(re.What, "Pickett") == false {
		t.Errorf("Pickett, two hexes off, passes: %s", re.What)
	}
	empty := declare("csa.hood")
	empty.Hex, empty.Ref = at(9, 0), "0509"
	acRefused(t, g, empty, "attack.no_enemy", "You see no enemy unit at 0509")
	noChart := declare("csa.hood")
	noChart.Charts = nil
	acRefused(t, g, noChart, "chart.empty", "gcacw.combat")
	bad := declare("csa.hood")
	bad.Type = "charge"
	acRefused(t, g, bad, "attack.type")
	// Hood's march: Hood is the unit activated, so he may not assault.
	march := g
	march.Actions.Active = &Activation{Side: engine.CSA, By: lee, Kind: ActionActivate, Unit: "csa.hood"}
	as := declare("csa.hood")
	as.Type = AttackAssault
	acRefused(t, march, as, "attack.assault", "activated Hood, a unit")
	acRefused(t, march, declare("csa.mclaws"), "attack.activation", "McLaws is not part of the action")
	// 10.2: no attack in an Activate Army Leader action.
	army := g
	army.Actions.Active = &Activation{Side: engine.CSA, By: lee, Kind: ActionArmy, Unit: "csa.lee", Units: []string{"csa.hood"}}
	acRefused(t, army, declare("csa.hood"), "attack.army", "prohibited in an Activate Army Leader action")
	// The enemy's action.
	acRefused(t, g, DeclareAttack{By: meade, Units: []string{"usa.barnes"}, Hex: at(10, 0), Type: AttackMarch, Charts: fakeCharts()}, "attack.action", "No action of yours")
	// 19.3: Out of Ammunition and demoralized.
	ooa := edit(g, "csa.hood", func(u *engine.UnitState) { u.Status.Ammo, u.Status.Demoralization = engine.AmmoOut, 1 })
	ooa.Options.Optional = []int{19}
	acRefused(t, ooa, declare("csa.hood"), "attack.ammo", "may not attack")
	// A disorganized attacker needs the player's word when the chart is
	// silent.
	dis := edit(g, "csa.hood", func(u *engine.UnitState) { u.Status.Disorganized = true })
	acRefused(t, dis, declare("csa.hood"), "attack.disorganized", "Hood is disorganized")
	word := declare("csa.hood")
	word.Disorganized = "half"
	dis, evs := acDo(t, dis, word, engine.Script())
	if evs[0].(*AttackDeclared).Battle.Disorganized != "half" {
		t.Errorf("%+v", evs[0])
	}
	_, evs = acDo(t, dis, AnswerAttack{By: meade, Charts: fakeCharts()}, engine.Script(1, 1))
	if s := evs[3].(*AttackSettled); s.AttValue != 7.5 || !strings.Contains(s.AttCounting, "half (the attacker's word)") {
		t.Errorf("settled %+v", s)
	}
	// A unit attacks in one pending battle at a time.
	pending, _ := acDo(t, g, declare("csa.hood"), engine.Script())
	acRefused(t, pending, declare("csa.hood"), "attack.pending", "battle #1")
}

// A missed deadline answers none; the umpire settles with his modifier.
func TestAttackDeadlineDefault(t *testing.T) {
	g := atkGame(t, opts())
	g, _ = acDo(t, g, declare("csa.hood"), engine.Script())
	cmd, what, ok := g.attackDefault(ump, engine.USA)
	if !ok || !strings.Contains(what, "battle #1") {
		t.Fatalf("default %v %q", cmd, what)
	}
	if _, _, ok := g.attackDefault(ump, engine.CSA); ok {
		t.Error("the attacker owes no modifiers")
	}
	// A player's "deadline default" is no deadline's: the defender answers.
	acRefused(t, g, AnswerAttack{By: lee, Battle: 1, Reason: engine.DeadlineReason}, "attack.defender")
	g, evs := acDo(t, g, cmd, engine.Script())
	if an := evs[0].(*AttackAnswered); !an.Default || len(evs) != 1 {
		t.Fatalf("%+v", evs)
	}
	if w := strings.Join(actionWait(g), "; "); !strings.Contains(w, "the umpire to settle battle #1") {
		t.Errorf("waits %s", w)
	}
	acRefused(t, g, AnswerAttack{By: meade, Charts: fakeCharts()}, "attack.answered")
	g, evs = acDo(t, g, AnswerAttack{By: ump, Stated: []StatedModifier{{Name: "ruling", Value: -1}}, Charts: fakeCharts()}, engine.Script(3, 3))
	s := evs[2].(*AttackSettled)
	if s.Diff != 1 || s.Modifiers[0].StatedBy != StatedByUmpire || s.AttResult.String() != "f" || s.DefResult.String() != "1D" {
		t.Errorf("settled %+v", s)
	}
	if g.Units["csa.hood"].Fatigue != 1 {
		t.Errorf("Hood %+v", g.Units["csa.hood"])
	}
}

// The rules' own modifiers: Army Panic and Disorder (15.2).
func TestAttackRuleModifiers(t *testing.T) {
	g := atkGame(t, opts())
	g.Records.Armies = map[engine.Side]ArmyRecord{engine.CSA: {Disorder: true}, engine.USA: {Panic: true}}
	g, _ = acDo(t, g, declare("csa.hood"), engine.Script())
	_, evs := acDo(t, g, AnswerAttack{By: meade, Charts: fakeCharts()}, engine.Script(4, 4))
	s := evs[3].(*AttackSettled)
	if len(s.Modifiers) != 2 || s.Modifiers[0].Rule != "LRTG 15.2" || s.AttTotal != 3 || s.DefTotal != 3 || s.Diff != 0 {
		t.Errorf("settled %+v", s)
	}
}

// A player's second /battle result for the same battle is refused (a
// second McLaws result took 2 more MP and 6 more VP); the umpire's goes.
func TestBattleResultAppliedOnce(t *testing.T) {
	g := atkGame(t, opts())
	r := ApplyCombat{By: lee, Battle: "0611", Attacker: CombatSide{Units: []string{"csa.mclaws"}, Result: "2"}}
	g, _ = acDo(t, g, r, engine.Script())
	re := acRefused(t, g, r, "combat.applied", "applied already to McLaws")
	var rerr *engine.RuleError
	if !errors.As(re, &rerr) {
		t.Fatal(re)
	}
	if g.Units["csa.mclaws"].Manpower != 12 {
		t.Errorf("McLaws %+v", g.Units["csa.mclaws"])
	}
	r.By, r.Reason = ump, "correction"
	if _, err := g.Decide(r, engine.Script()); err != nil {
		t.Errorf("the umpire: %v", err)
	}
}

// Double-blind: a hex the attacker cannot reach with an enemy he does not
// see answers as the empty hex does; nothing names the unseen unit.
func TestAttackHiddenRefusals(t *testing.T) {
	o := opts()
	o.Intel = engine.IntelDoubleBlind
	g := atkGame(t, o)
	far := declare("csa.hood")
	far.Hex, far.Ref = at(30, 0), "1530"
	_, withEnemy := g.Decide(far, engine.Script())
	empty := edit(g, "usa.buford", func(u *engine.UnitState) { u.OnMap = false })
	_, without := empty.Decide(far, engine.Script())
	if withEnemy == nil || without == nil || withEnemy.Error() != without.Error() {
		t.Fatalf("with Buford: %v; without: %v", withEnemy, without)
	}
	if strings.Contains(withEnemy.Error(), "Buford") {
		t.Errorf("names the unseen unit: %v", withEnemy)
	}
	if w := strings.Join(actionWait(g), "; "); strings.Contains(w, "0611") {
		t.Errorf("a hidden game's wait names the hex: %s", w)
	}
}

// The deadlines: a battle's modifiers are the defending side's to state
// (the waits name it, so the scheduler reminds its commander); missed,
// the default answers none for it (deadline_defaults.go), and the battle
// waits for the umpire.
func TestAttackDeadlineHook(t *testing.T) {
	g := atkGame(t, opts())
	g, _ = acDo(t, g, declare("csa.hood"), engine.Script())
	all := g.Kernel().Owing()
	var usa []engine.Owed
	for _, o := range all {
		if o.Side == engine.USA {
			usa = append(usa, o)
		}
	}
	if len(usa) != 1 || !strings.Contains(strings.Join(usa[0].What, ";"), "modifiers for battle #1") {
		t.Fatalf("owed %+v", all)
	}
	d, ok := commonDeadlineDefault(g, engine.DeadlineMiss{Run: engine.RunDeadlines{By: ump}, Out: usa, Owing: all})
	if !ok || len(d.Commands) != 1 || d.What != "no modifiers stated for battle #1 (none)" || len(d.Covered) != 1 {
		t.Fatalf("default %+v", d)
	}
	g, _ = acDo(t, g, d.Commands[0], engine.Script())
	if b, ok := g.Attacks.Battle(1); !ok || !b.Answered || len(b.DefStated) != 0 {
		t.Fatalf("battle %+v", b)
	}
	// The battle waits for the umpire and holds the CSA's action: nobody
	// owes a deadline (the umpire's settling has none).
	if o := g.Kernel().Owing(); len(o) != 0 {
		t.Errorf("after the default, owed %+v (the umpire's settling has no deadline)", o)
	}
}

// LRTA plays on the same module: an attack settled, and the rules'
// morale modifier under 004's name.
func TestAttackInLRTA(t *testing.T) {
	g := atkGame(t, engine.GameOptions{Scenario: "lrta-campaign", Supply: "simplified", Comms: 1})
	g.Records.Armies = map[engine.Side]ArmyRecord{engine.USA: {Panic: true}}
	g, _ = acDo(t, g, declare("csa.hood", "csa.mclaws"), engine.Script())
	g, evs := acDo(t, g, AnswerAttack{By: meade, Charts: fakeCharts()}, engine.Script(2, 3))
	s := evs[3].(*AttackSettled)
	// 29 against 11; 2 against 3 - 1: a difference of 0.
	if s.Diff != 0 || s.Row != "0 or less" || len(s.Modifiers) != 1 || s.Modifiers[0].Rule != "004 Army Morale" || s.AttResult.String() != "1f" {
		t.Fatalf("settled %+v", s)
	}
	if h := g.Units["csa.hood"]; h.Manpower != 14 || h.Fatigue != 1 {
		t.Errorf("Hood %+v", h)
	}
}

// The umpire calls off a battle that cannot be settled; nobody else may.
func TestAttackCancelled(t *testing.T) {
	g := atkGame(t, opts())
	g, _ = acDo(t, g, declare("csa.hood"), engine.Script())
	acRefused(t, g, CancelAttack{By: lee, Battle: 1, Reason: "x"}, "attack.umpire")
	acRefused(t, g, CancelAttack{By: ump, Battle: 1}, "attack.reason")
	g, _ = acDo(t, g, CancelAttack{By: ump, Battle: 1, Reason: "the copy cannot be read"}, engine.Script())
	if len(g.Attacks.Pending) != 0 || len(actionWait(g)) != 1 {
		t.Errorf("pending %+v, waits %q", g.Attacks.Pending, actionWait(g))
	}
	acRefused(t, g, AnswerAttack{By: meade, Battle: 1, Charts: fakeCharts()}, "attack.settled")
}
