package lrtg

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func mv(by engine.Actor, to engine.Hex, units ...string) engine.MoveUnits {
	return engine.MoveUnits{By: by, Units: units, To: to, Ref: "test"}
}

// Once the sequence of play is under way a unit on the map moves in the
// action cycle, as part of an action of its side (003 4).
func TestMovesBelongToActions(t *testing.T) {
	g := acGame(t, opts())
	wantMove(t, g, mv(lee, at(1, 0), "csa.hood")) // no sequence of play: free
	g, _ = acBegin(t, g, 5, "4a", engine.Script(6, 1))
	if g.Actions.ToDecide != engine.CSA {
		t.Fatalf("%+v", g.Actions)
	}
	wantRule(t, g, mv(lee, at(1, 0), "csa.hood"), "move.activation", "003 4", "No action of yours is under way: Hood may move only when activated")
	g, _ = acDo(t, g, ActivateUnit{By: lee, Unit: "csa.longstreet"}, engine.Script())
	wantMove(t, g, mv(lee, at(1, 0), "csa.hood", "csa.longstreet"))
	wantMove(t, g, mv(lee, at(1, 0), "csa.mclaws"))          // one stack moves from one hex (move_path.go)
	wantMove(t, g, mv(lee, at(1, 0), "csa.lee", "csa.hood")) // Lee goes along
	wantRule(t, g, mv(lee, at(1, 0), "csa.lee"), "move.activation", "003 4", "Lee is not part of the activation of Longstreet")
	wantRule(t, g, mv(jebA, at(21, 0), "csa.hampton"), "move.activation", "003 4", "Hampton is not part of the activation of Longstreet")
	wantRule(t, g, mv(meade, at(41, 0), "usa.barnes"), "move.activation", "003 4", "No action of yours")
	wantMove(t, g, mv(ump, at(41, 0), "usa.barnes")) // the umpire's retreats and corrections

	// A combat result retreats Barnes: his owner moves him, once.
	fought := g.Apply(&CombatApplied{By: ump, Turn: 5, Sides: []CombatSideApplied{
		{Role: "attacker", Side: engine.CSA, Result: CombatResult{Fatigue: 1}, Units: []UnitCombatChange{{Unit: "csa.hood", ManpowerFrom: 15, ManpowerTo: 15}}},
		{Role: "defender", Side: engine.USA, Result: CombatResult{Loss: 1, Retreat: "r"}, Units: []UnitCombatChange{{Unit: "usa.barnes", ManpowerFrom: 6, ManpowerTo: 5}}},
	}})
	if r := fought.Actions.Retreats; len(r) != 1 || r[0] != "usa.barnes" {
		t.Fatalf("retreats %q", r)
	}
	retreated, _ := wantMove(t, fought, marched(fought, mv(meade, at(42, 0), "usa.barnes")))
	wantRule(t, retreated, marched(retreated, mv(meade, at(43, 0), "usa.barnes")), "move.activation", "003 4")
	// The retreat owed holds the action (retreat_owed.go); made, it ends.
	acRefused(t, fought, EndAction{By: lee}, "action.held", "Barnes must retreat")
	if ended, _ := acDo(t, retreated, EndAction{By: lee}, engine.Script(1, 2)); len(ended.Actions.Retreats) != 0 || ended.Actions.Active != nil {
		t.Errorf("retreats outlive the action: %q", ended.Actions.Retreats)
	}

	// 17.2: a unit the enemy allowed to move.
	remote := g
	remote.Actions.Remotes = []RemoteRequest{{Side: engine.USA, Units: []string{"usa.barnes"}, Answer: "allowed"}}
	wantMove(t, remote, mv(meade, at(41, 0), "usa.barnes"))
	remote.Actions.Remotes[0].Answer = "denied"
	wantRule(t, remote, mv(meade, at(41, 0), "usa.barnes"), "move.activation", "003 4")

	// An Activate Army Leader action: the units selected, any command.
	army := g
	army.Actions.Active = &Activation{Side: engine.CSA, By: lee, Kind: ActionArmy, Unit: "csa.lee", Units: []string{"csa.hood", "csa.hampton"}}
	wantMove(t, army, mv(jebA, at(21, 0), "csa.hampton"))
	wantMove(t, army, mv(lee, at(1, 0), "csa.lee"))
	wantRule(t, army, mv(lee, at(3, 0), "csa.mclaws"), "move.activation", "003 4", "McLaws is not part of Lee's Activate Army Leader action (10.1 2))")

	// Outside the action cycle.
	for _, step := range []string{"1a", "3a", "5b", "6"} {
		other := g
		other.Sequence.Step = step
		wantRule(t, other, mv(lee, at(1, 0), "csa.hood"), "move.step", "003 4", "not in step "+step)
	}
	// A unit entering the map follows its own rules.
	entering := edit(g, "csa.mclaws", func(u *engine.UnitState) { u.OnMap = false })
	entering.Sequence.Step = "1a"
	wantMove(t, entering, mv(lee, at(1, 0), "csa.mclaws"))
	// The portion not played.
	skipped := g
	skipped.Actions.Skipped = "time limitation"
	wantRule(t, skipped, mv(lee, at(1, 0), "csa.hood"), "move.step", "003 4", "not played")
	// The umpire sets the rule aside with a reason: recorded.
	_, ev := wantMove(t, g, engine.MoveUnits{By: ump, Units: []string{"csa.hampton"}, To: at(21, 0), Ref: "t"})
	if len(ev.Overrode) != 0 {
		t.Errorf("the umpire's move overrode %q", ev.Overrode)
	}
}

// Whose units a leader's activation moves.
func TestLeaderActivates(t *testing.T) {
	var g Game
	u := func(id, name string, side engine.Side, kind, command string, marks ...string) engine.UnitState {
		return engine.UnitState{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Command: command, Marks: marks}
	}
	longstreet := u("csa.longstreet", "Longstreet", engine.CSA, "leader", "1")
	stuart := u("csa.stuart", "Stuart", engine.CSA, "leader", "Cav")
	schenck := u("usa.schenck", "Schenck", engine.USA, "leader", "VIII")
	buford := u("usa.buford", "Buford", engine.USA, "leader", "Cav")
	pleasonton := u("usa.pleasonton", "Pleasonton", engine.USA, "leader", "Cav")
	cases := []struct {
		l, u engine.UnitState
		want bool
		why  string
	}{
		{longstreet, u("csa.hood", "Hood", engine.CSA, "infantry", "1"), true, "his corps"},
		{longstreet, u("csa.rodes", "Rodes", engine.CSA, "infantry", "2"), false, "another corps"},
		{longstreet, u("csa.corse", "Corse", engine.CSA, "infantry", "Rich"), true, "Richmond Garrison, 000 2.0 4)"},
		{stuart, u("csa.corse", "Corse", engine.CSA, "infantry", "Rich"), false, "not with Stuart, 000 2.0 4)"},
		{stuart, u("csa.hampton", "Hampton", engine.CSA, "cavalry", "Cav"), true, "his cavalry"},
		{stuart, u("csa.jenkins", "Jenkins", engine.CSA, "cavalry", "Cav", "no-stuart-activation"), false, "000 IV c)"},
		{schenck, u("usa.kenly", "Kenly", engine.USA, "infantry", "HF"), true, "VIII covers HF (16.3)"},
		{schenck, u("usa.briggs", "Briggs", engine.USA, "infantry", "Balt"), true, "VIII covers Balt (16.3)"},
		{schenck, u("usa.wells", "Wells", engine.USA, "infantry", "DC"), false, "DC is Heintzelman's"},
		{buford, u("usa.merritt", "Merritt", engine.USA, "cavalry", "Cav"), true, "his division (16.2 8))"},
		{buford, u("usa.huey", "Huey", engine.USA, "cavalry", "Cav"), false, "the 2nd division"},
		{pleasonton, u("usa.huey", "Huey", engine.USA, "cavalry", "Cav"), true, "the cavalry corps"},
	}
	for _, c := range cases {
		if got := g.leaderActivates(c.l, c.u); got != c.want {
			t.Errorf("%s activates %s: %v, want %v (%s)", c.l.Name, c.u.Name, got, c.want, c.why)
		}
	}
}

// The opening's Union allowance (000 VIII 3) b)), counted as the
// Confederates pass: one corps or cavalry division per Confederate corps
// that moved, +1 with fewer than three full Confederate infantry
// divisions within 5 hexes of Fredericksburg, +2 more with none.
func TestOpeningUnionAllowance(t *testing.T) {
	fred := at(0, 0)
	u := func(id, name string, side engine.Side, kind, size, command string, mp int, h engine.Hex) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Size: size, Command: command, Manpower: mp, OnMap: true, Hex: h}
	}
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		u("csa.longstreet", "Longstreet", engine.CSA, "leader", "corps", "1", 0, at(30, 0)),
		u("csa.hood", "Hood", engine.CSA, "infantry", "division", "1", 15, at(30, 0)),
		u("csa.hill", "Hill", engine.CSA, "leader", "corps", "3", 0, fred),
		u("csa.anderson", "Anderson", engine.CSA, "infantry", "division", "3", 14, fred),
		u("csa.heth", "Heth", engine.CSA, "infantry", "division", "3", 16, at(3, 0)),
		u("csa.pender", "Pender", engine.CSA, "infantry", "division", "3", 14, at(5, 0)),
		u("csa.stuart", "Stuart", engine.CSA, "leader", "corps", "Cav", 0, at(20, 0)),
		u("csa.hampton", "Hampton", engine.CSA, "cavalry", "brigade", "Cav", 4, at(20, 0)),
		u("usa.sykes", "Sykes", engine.USA, "leader", "corps", "V", 0, at(40, 0)),
		u("usa.barnes", "Barnes", engine.USA, "infantry", "division", "V", 6, at(40, 0)),
		u("usa.reynolds", "Reynolds", engine.USA, "leader", "corps", "I", 0, at(42, 0)),
		u("usa.wadsworth", "Wadsworth", engine.USA, "infantry", "division", "I", 5, at(42, 0)),
		u("usa.pleasonton", "Pleasonton", engine.USA, "leader", "corps", "Cav", 0, at(44, 0)),
		u("usa.merritt", "Merritt", engine.USA, "cavalry", "brigade", "Cav", 2, at(44, 0)),
		u("usa.huey", "Huey", engine.USA, "cavalry", "brigade", "Cav", 2, at(44, 0)),
		u("usa.mcintosh", "McIntosh", engine.USA, "cavalry", "brigade", "Cav", 2, at(44, 0)),
	}}
	data := &engine.MoveData{Theatre: &engine.Theatre{Places: []engine.Place{{Name: "Fredericksburg", Hex: fred}}}, OOB: oob}
	start := func(t *testing.T, o engine.GameOptions, f func(*Game)) Game {
		g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
		g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
		g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
		g = apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
		if f != nil {
			f(&g)
		}
		g, _ = acBegin(t, g, 1, "4a", engine.Script())
		g, _ = acDo(t, g, ActivateUnit{By: lee, Unit: "csa.longstreet"}, engine.Script())
		g, _ = acDo(t, g, EndAction{By: lee}, engine.Script())
		g, evs := acDo(t, g, PassAction{By: lee, Data: data}, engine.Script())
		if evs[0].(*Passed).Allowance == nil {
			t.Fatalf("no allowance: %+v", evs[0])
		}
		return g
	}
	activate := func(t *testing.T, g Game, id string) Game {
		t.Helper()
		g, _ = acDo(t, g, ActivateUnit{By: meade, Unit: id}, engine.Script())
		g, _ = acDo(t, g, EndAction{By: meade}, engine.Script())
		return g
	}

	// Hill's three full divisions at Fredericksburg: one corps moved, +0.
	g := start(t, opts(), nil)
	if al := g.Actions.Allowance; !al.Counted || al.Total != 1 || al.FullDivisions != 3 || al.Fredericksburg != 0 {
		t.Fatalf("%+v", al)
	}
	if w := strings.Join(g.Waiting(), ";"); !strings.Contains(w, "1 infantry corps or cavalry divisions: 1 Confederate corps moved; 3 full Confederate infantry divisions within 5 hexes of Fredericksburg: +0") {
		t.Errorf("wait %q", w)
	}
	g = activate(t, g, "usa.sykes")
	g = activate(t, g, "usa.barnes") // the V corps again: no more of the allowance
	acRefused(t, g, ActivateUnit{By: meade, Unit: "usa.reynolds"}, "action.opening", "allowance this turn is 1", "would make it 2")
	acRefused(t, g, ActivateUnit{By: ump, Unit: "usa.reynolds"}, "action.opening", "As umpire you may allow it")
	_, evs := acDo(t, g, ActivateUnit{By: ump, Unit: "usa.reynolds", Reason: "the players agree"}, engine.Script())
	if a := evs[0].(*Activated); !strings.Contains(a.Overrode, "000 VIII 3) b)") {
		t.Errorf("%+v", a)
	}

	// Heth is not at full strength: two full divisions, +1.
	g = start(t, opts(), func(g *Game) { g.EditUnit("csa.heth", func(u *engine.UnitState) { u.Manpower = 15 }) })
	if al := g.Actions.Allowance; al.Total != 2 || al.FullDivisions != 2 || al.Fredericksburg != 1 {
		t.Fatalf("%+v", al)
	}
	g = activate(t, g, "usa.sykes")
	g = activate(t, g, "usa.reynolds")
	acRefused(t, g, ActivateUnit{By: meade, Unit: "usa.merritt"}, "action.opening", "is 2")

	// Pender six hexes away and Anderson broken into brigades, one of
	// them away: one full division, +1.
	g = start(t, opts(), func(g *Game) {
		g.EditUnit("csa.pender", func(u *engine.UnitState) { u.Hex = at(6, 0) })
		g.EditUnit("csa.anderson", func(u *engine.UnitState) { u.OnMap = false })
		g.Units = engine.CopyUnits(g.Units)
		g.Units["csa.wilcox"] = engine.UnitState{ID: "csa.wilcox", Name: "Wilcox", Side: engine.CSA, Kind: "infantry", Manpower: 7, OnMap: true, Hex: fred, Detached: engine.UnitDetachment{Division: "csa.anderson"}}
		g.Units["csa.mahone"] = engine.UnitState{ID: "csa.mahone", Name: "Mahone", Side: engine.CSA, Kind: "infantry", Manpower: 7, OnMap: true, Hex: at(9, 0), Detached: engine.UnitDetachment{Division: "csa.anderson"}}
	})
	if al := g.Actions.Allowance; al.FullDivisions != 1 || al.Total != 2 {
		t.Fatalf("%+v", al)
	}
	// ... its brigades together within range: two full divisions.
	g = start(t, opts(), func(g *Game) {
		g.EditUnit("csa.anderson", func(u *engine.UnitState) { u.OnMap = false })
		g.Units = engine.CopyUnits(g.Units)
		for _, id := range []string{"csa.wilcox", "csa.mahone"} {
			g.Units[id] = engine.UnitState{ID: id, Side: engine.CSA, Kind: "infantry", Manpower: 7, OnMap: true, Hex: at(2, 0), Detached: engine.UnitDetachment{Division: "csa.anderson"}}
		}
	})
	if al := g.Actions.Allowance; al.FullDivisions != 3 {
		t.Fatalf("brigades: %+v", al)
	}

	// Hill's corps gone from Fredericksburg: +3, and Pleasonton's
	// activation takes the three cavalry divisions.
	g = start(t, opts(), func(g *Game) {
		for _, id := range []string{"csa.anderson", "csa.heth", "csa.pender"} {
			g.EditUnit(id, func(u *engine.UnitState) { u.Hex = at(0, 20) })
		}
	})
	if al := g.Actions.Allowance; al.Total != 4 || al.Fredericksburg != 3 {
		t.Fatalf("%+v", al)
	}
	g = activate(t, g, "usa.sykes")
	// Pleasonton's activation uses the divisions whose units move in it.
	g, _ = acDo(t, g, ActivateUnit{By: meade, Unit: "usa.pleasonton"}, engine.Script())
	g, _ = wantMove(t, g, marched(g, mv(meade, at(45, 0), "usa.pleasonton", "usa.merritt", "usa.huey")))
	g, _ = acDo(t, g, EndAction{By: meade}, engine.Script())
	if used := g.unionUsed(g.Actions); len(used) != 3 {
		t.Fatalf("used %q", used)
	}
	g = activate(t, g, "usa.merritt") // of a division already counted
	g = activate(t, g, "usa.reynolds")
	acRefused(t, g, ActivateUnit{By: meade, Unit: "usa.mcintosh"}, "action.opening", "would make it 5")
	g, _ = acDo(t, g, ActivateUnit{By: meade, Unit: "usa.pleasonton"}, engine.Script())
	wantMove(t, g, marched(g, mv(meade, at(46, 0), "usa.pleasonton", "usa.merritt")))
	re := wantRule(t, g, marched(g, mv(meade, at(46, 0), "usa.mcintosh")), "action.opening", "000 VIII 3) b)", "moving units of the 3rd cavalry division would make it 5")
	if !strings.Contains(re.Hint, "already counted") {
		t.Errorf("%+v", re)
	}

	// Limited intelligence: the public wait gives the counts, not the corps.
	lio := opts()
	lio.LimitedIntel = true
	li := start(t, lio, nil)
	if w := strings.Join(li.Waiting(), ";"); strings.Contains(w, "(1)") || !strings.Contains(w, "1 for the Confederate corps that moved, 0 for Fredericksburg") {
		t.Errorf("limited intelligence: wait %q", w)
	}
	// With the Brandy Station opening, or without a map, the umpire counts.
	bo := opts()
	bo.BrandyStation = true
	brandy := start(t, bo, nil)
	if al := brandy.Actions.Allowance; al.Counted || !strings.Contains(al.Why, "27.1") {
		t.Errorf("%+v", al)
	}
	activate(t, activate(t, brandy, "usa.sykes"), "usa.reynolds")
}

// A unit off the map comes into play as the rules bring it: Meade's
// replacements with Meade (16.2), the Richmond Garrison with its random
// event (000 2.0 4)), not by a player's move.
func TestOffMapUnitsEnterAsTheRulesBringThem(t *testing.T) {
	g := acGame(t, opts())
	g.Units = engine.CopyUnits(g.Units)
	g.Units["usa.huey"] = engine.UnitState{ID: "usa.huey", Name: "Huey", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 2, Track: "meade-replacement", Slot: 1}
	g.Units["csa.corse"] = engine.UnitState{ID: "csa.corse", Name: "Corse", Side: engine.CSA, Kind: "infantry", Command: "Rich", Manpower: 4, Track: TrackRichmond, Slot: 1}
	wantRule(t, g, mv(meade, at(41, 0), "usa.huey"), "move.off-map", "16.2", "Huey is off the map (meade-replacement track)")
	wantRule(t, g, mv(lee, at(1, 0), "csa.corse"), "move.not-arrived", "2.0", "Corse has not arrived")
	received := g
	received.Events.Rolled = []RandomEventRolled{{Turn: 5, Units: []string{"csa.corse"}}}
	wantMove(t, received, mv(lee, at(1, 0), "csa.corse")) // no map: where it enters is not checked here
	_, ev := wantMove(t, g, engine.MoveUnits{By: ump, Units: []string{"usa.huey"}, To: at(41, 0), Ref: "t", Reason: "a correction"})
	if len(ev.Overrode) != 1 || !strings.Contains(ev.Overrode[0], "off the map") {
		t.Errorf("%+v", ev.Overrode)
	}
}

// LRTA's phase 3 is the "Leader Transfer / Naval Movement / Attachment
// Phase" (004 3): a naval move there needs no action; any other move does.
func TestLRTANavalMovesInPhaseThree(t *testing.T) {
	g := acGame(t, opts())
	g.Options.Scenario = "lrta-campaign"
	g = g.withRulesOf(g.Options.Scenario)
	g.Turn = 5
	g.Sequence = engine.SequenceState{Step: "3a", Turn: 5}
	naval := mv(meade, at(41, 0), "usa.barnes")
	naval.Mode = MoveNaval
	if e := g.activationGate(naval); e != nil {
		t.Errorf("naval in 3a: %v", e)
	}
	if e := g.activationGate(mv(meade, at(41, 0), "usa.barnes")); e == nil || e.Code != "move.step" || e.Rule != "004 4" {
		t.Errorf("a normal move in 3a: %v", e)
	}
	lrtg := g
	lrtg.Options.Scenario = "lrtg-high-tide"
	lrtg = lrtg.withRulesOf(lrtg.Options.Scenario)
	if e := lrtg.activationGate(naval); e == nil {
		t.Error("LRTG naval in 3a")
	}
}
