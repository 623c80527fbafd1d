package engine

import (
	"strings"
	"testing"
)

// LRTA's initiative (004 Enemy Intelligence): no Spy; the Union wins ties
// of 4-4, 5-5 and 6-6 when it won the contest with an army commander south
// of the Potomac; a tie of 3-3 stays the Confederates'.
func TestLRTAInitiativeDoubles(t *testing.T) {
	g := acGame(t, opts())
	g.Options.Scenario = "lrta-campaign"
	g.LRTAEvents = LRTAEventsState{Rolled: []LRTARandomEvent{{Turn: 5, Outcome: LRTAEventIntel, Intel: USA, IntelForm: string(USA)}}}
	g.Turn = 5
	r := g.InitiativeRules()
	if !r.DoublesUSA || r.First != "" || !strings.Contains(r.DoublesWhy, "4-4, 5-5 and 6-6") {
		t.Fatalf("%+v", r)
	}
	_, evs := acBegin(t, g, 5, "4a", Script(4, 4))
	if w := acInitiative(t, evs); w.Side != USA || !strings.Contains(w.Tie, "Enemy Intelligence") {
		t.Errorf("4-4: %+v", w)
	}
	_, evs = acBegin(t, g, 5, "4a", Script(3, 3))
	if w := acInitiative(t, evs); w.Side != CSA {
		t.Errorf("3-3: %+v", w)
	}
	// No opening in LRTA: turn 1 rolls the initiative.
	_, evs = acBegin(t, g, 1, "4a", Script(2, 5))
	if w := acInitiative(t, evs); w.Side != USA {
		t.Errorf("turn 1: %+v", evs)
	}
}

// LRTA's Enemy Intelligence: "The losing player must declare whether he is
// Operational or Passive prior to the winning player" (004).
func TestLRTAIntelligenceWinnerDeclaresSecond(t *testing.T) {
	g, _ := declareGame(t, opts(), nil)
	g.Options.Scenario = "lrta-campaign"
	g.LRTAEvents = LRTAEventsState{Rolled: []LRTARandomEvent{{Turn: g.Turn, Outcome: LRTAEventIntel, Intel: USA, IntelForm: string(USA)}}}
	if w := g.Waiting(); len(w) != 2 || !strings.Contains(w[0], "CSA") || !strings.Contains(w[0], "first") {
		t.Fatalf("1e waits for %v", w)
	}
	if _, err := g.Decide(DeclarePosture{By: meade, Posture: "passive"}, Script()); declCode(err) != "declare.spy" {
		t.Fatalf("the winner declared first: %v", err)
	}
	if _, err := g.Decide(DeclarePosture{By: lee, Posture: "operational"}, Script()); err != nil {
		t.Fatalf("the loser declares: %v", err)
	}
}
