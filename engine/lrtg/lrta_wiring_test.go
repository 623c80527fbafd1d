package lrtg

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// LRTA's initiative (004 Enemy Intelligence): no Spy; the Union wins ties
// of 4-4, 5-5 and 6-6 when it won the contest with an army commander south
// of the Potomac; a tie of 3-3 stays the Confederates'.
func TestLRTAInitiativeDoubles(t *testing.T) {
	g := acGame(t, opts())
	g.Options.Scenario = "lrta-campaign"
	g = g.withRulesOf(g.Options.Scenario)
	g.LRTAEvents = LRTAEventsState{Rolled: []LRTARandomEvent{{Turn: 5, Outcome: LRTAEventIntel, Intel: engine.USA, IntelForm: string(engine.USA)}}}
	g.Turn = 5
	r := g.InitiativeRules()
	if !r.DoublesUSA || r.First != "" || !strings.Contains(r.DoublesWhy, "4-4, 5-5 and 6-6") {
		t.Fatalf("%+v", r)
	}
	_, evs := acBegin(t, g, 5, "4a", engine.Script(4, 4))
	if w := acInitiative(t, evs); w.Side != engine.USA || !strings.Contains(w.Tie, "Enemy Intelligence") {
		t.Errorf("4-4: %+v", w)
	}
	_, evs = acBegin(t, g, 5, "4a", engine.Script(3, 3))
	if w := acInitiative(t, evs); w.Side != engine.CSA {
		t.Errorf("3-3: %+v", w)
	}
	// No opening in LRTA: turn 1 rolls the initiative.
	_, evs = acBegin(t, g, 1, "4a", engine.Script(2, 5))
	if w := acInitiative(t, evs); w.Side != engine.USA {
		t.Errorf("turn 1: %+v", evs)
	}
}

// LRTA's Enemy Intelligence: "The losing player must declare whether he is
// Operational or Passive prior to the winning player" (004).
func TestLRTAIntelligenceWinnerDeclaresSecond(t *testing.T) {
	g, _ := declareGame(t, opts(), nil)
	g.Options.Scenario = "lrta-campaign"
	g = g.withRulesOf(g.Options.Scenario)
	g.LRTAEvents = LRTAEventsState{Rolled: []LRTARandomEvent{{Turn: g.Turn, Outcome: LRTAEventIntel, Intel: engine.USA, IntelForm: string(engine.USA)}}}
	if w := g.Waiting(); len(w) != 2 || !strings.Contains(w[0], "CSA") || !strings.Contains(w[0], "first") {
		t.Fatalf("1e waits for %v", w)
	}
	if _, err := g.Decide(DeclarePosture{By: meade, Posture: "passive"}, engine.Script()); declCode(err) != "declare.spy" {
		t.Fatalf("the winner declared first: %v", err)
	}
	if _, err := g.Decide(DeclarePosture{By: lee, Posture: "operational"}, engine.Script()); err != nil {
		t.Fatalf("the loser declares: %v", err)
	}
}

// 004 2 Command Transfers: a corps of the overall commander whose corps
// commander is more than 8 hexes from his army commander must go to a
// subordinate (2a waits for it); other changes only when McClellan
// assumes command.
func TestLRTACommandTransfers(t *testing.T) {
	g := acGame(t, opts())
	g.Options.Scenario = "lrta-campaign"
	g = g.withRulesOf(g.Options.Scenario)
	g.Sequence = engine.SequenceState{Step: "2a", Turn: g.Turn}
	for _, id := range []string{"csa.longstreet", "csa.hood", "csa.mclaws"} {
		g = edit(g, id, func(u *engine.UnitState) { u.Hex = at(9, 0) })
	}
	if far := g.lrtaFarDesignations(engine.CSA); len(far) != 1 || far[0] != "1" {
		t.Fatalf("far %q", far)
	}
	w := strings.Join(g.Waiting(), "; ")
	if !strings.Contains(w, "the CSA overall commander to hand to a subordinate the corps whose commanders are more than 8 hexes from his army commander (1;") {
		t.Fatalf("2a waits for %q", w)
	}
	near := edit(g, "csa.longstreet", func(u *engine.UnitState) { u.Hex = at(8, 0) })
	if far := near.lrtaFarDesignations(engine.CSA); len(far) != 0 {
		t.Errorf("8 hexes is near: %q", far)
	}
	acRefused(t, g, GiveCommand{By: jebA, Designation: "Cav", To: lee.ID}, "control.optional", "004 2")
	re := acRefused(t, g, GiveCommand{By: ump, Designation: "Cav", To: lee.ID}, "control.optional")
	if !strings.Contains(re.Hint, "as umpire") {
		t.Errorf("%+v", re)
	}
	g, evs := acDo(t, g, GiveCommand{By: lee, Designation: "1", To: jebA.ID}, engine.Script())
	if c := evs[0].(*ControlChanged); c.Designation != "1" || len(c.Fatigued) != 0 || !strings.Contains(c.Why, "mandatory") {
		t.Errorf("%+v", c)
	}
	if w := g.Waiting(); len(w) != 0 {
		t.Errorf("still waits for %q", w)
	}
	// McClellan's turn: optional changes.
	mc := g
	mc.LRTAArmy.McClellan, mc.LRTAArmy.McClellanTurn = true, g.Turn
	acRefused(t, mc, GiveCommand{By: jebA, Designation: "Cav", To: lee.ID}, "control.range", "within 8 hexes of Lee")
	mc = edit(mc, "csa.hampton", func(u *engine.UnitState) { u.Hex = at(8, 0) })
	acDo(t, mc, GiveCommand{By: jebA, Designation: "Cav", To: lee.ID}, engine.Script())
	// Outside 2a.
	late := g
	late.Sequence.Step = "4a"
	acRefused(t, late, GiveCommand{By: lee, Designation: "1", To: jebA.ID}, "control.step", "004 2")
}

// LRTA Enemy Intelligence won by the Confederates: two initiative rerolls
// a turn, both dice, right after a roll (004).
func TestLRTAInitiativeRerolls(t *testing.T) {
	g := acGame(t, opts())
	g.Options.Scenario = "lrta-campaign"
	g = g.withRulesOf(g.Options.Scenario)
	g.LRTAEvents = LRTAEventsState{Rolled: []LRTARandomEvent{{Turn: 5, Outcome: LRTAEventIntel, Intel: engine.CSA, IntelForm: string(engine.CSA)}}}
	g, evs := acBegin(t, g, 5, "4a", engine.Script(2, 5))
	if w := acInitiative(t, evs); w.Side != engine.USA {
		t.Fatalf("%+v", w)
	}
	acRefused(t, g, RerollInitiative{By: meade}, "action.reroll", "no initiative rerolls")
	acRefused(t, g, RerollInitiative{By: jebA}, "action.reroll", "overall commander")
	g, evs = acDo(t, g, RerollInitiative{By: lee}, engine.Script(6, 1))
	w := acInitiative(t, evs)
	if w.Side != engine.CSA || w.Phase != 1 || w.Reroll != engine.CSA || w.Left != 1 || g.Actions.Phase != 1 || g.Actions.Rerolls != 1 {
		t.Fatalf("reroll %+v %+v", w, g.Actions)
	}
	// 004: "may not reroll a reroll".
	acRefused(t, g, RerollInitiative{By: lee}, "action.reroll", "may not be rerolled again", "004")
	// The next phase's roll may be; then both are used.
	g, _ = acDo(t, g, ActivateUnit{By: lee, Unit: "csa.hood"}, engine.Script())
	g, _ = acDo(t, g, EndAction{By: lee}, engine.Script(2, 5))
	if g.Actions.Initiative != engine.USA || g.Actions.Phase != 2 {
		t.Fatalf("phase 2: %+v", g.Actions)
	}
	g, _ = acDo(t, g, RerollInitiative{By: lee}, engine.Script(1, 6))
	acRefused(t, g, RerollInitiative{By: lee}, "action.reroll", "used its 2 initiative rerolls")
	// Once the Union has acted on the roll (a pass), it stands.
	acted, _ := acDo(t, g, PassAction{By: meade}, engine.Script())
	acRefused(t, acted, RerollInitiative{By: lee}, "action.reroll")
	// LRTG has none.
	lrtg := acGame(t, opts())
	lrtg, _ = acBegin(t, lrtg, 5, "4a", engine.Script(2, 5))
	acRefused(t, lrtg, RerollInitiative{By: lee}, "action.reroll", "no initiative rerolls")
}

// LRTA's time allocation (004 1 f)): +2 a Confederate and +3 a Union
// infantry corps leader within 8 hexes of an enemy unit (LRTG's are the
// other way about); the base is LRTG's.
func TestLRTATimeAllocation(t *testing.T) {
	g := acGame(t, opts())
	g = edit(g, "usa.sykes", func(u *engine.UnitState) { u.Hex = at(5, 0) })
	g = edit(g, "usa.barnes", func(u *engine.UnitState) { u.Hex = at(5, 0) }) // leaders are not enemy units
	sizes := engine.UnitSizes{"csa.longstreet": "corps", "usa.sykes": "corps"}
	per := func(g Game) map[engine.Side]int {
		out := map[engine.Side]int{}
		for _, a := range g.TimeAllocation(sizes).Sides {
			out[a.Side] = a.PerLeader * len(a.Leaders)
		}
		return out
	}
	lrtg := per(g)
	g.Options.Scenario = "lrta-campaign"
	g = g.withRulesOf(g.Options.Scenario)
	lrta := per(g)
	if lrta[engine.CSA] != 2 || lrta[engine.USA] != 3 || lrtg[engine.CSA] != TimeLeaderCSA || lrtg[engine.USA] != TimeLeaderUSA {
		t.Errorf("LRTA %v, LRTG %v", lrta, lrtg)
	}
	if g.stepProcedureOf("1f") == nil {
		t.Error("LRTA has no time allocation")
	}
}
