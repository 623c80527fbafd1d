package lrtg

import "github.com/umpire-games/umpire/engine"

// LRTA's differences from LRTG where LRTG's modules ask the variant
// (lrtgVariant's "variant2" hooks, set in LRTARuleset).

// lrtaActionSteps are the action cycle's steps as 004 4 a), b) names
// them (LRTG 003: the Normal and Distance Action Phases).
var lrtaActionSteps = map[string]string{
	"4a": "Regular Movement Phase",
	"4b": "Long Distance Movement Phase",
}

// lrtaTimePerLeader is 004 1 f): "Base allocation +2 CSA or +3 USA /
// inf. corps ld. w/i 8 hexes of an enemy unit" (LRTG 22.2: +3 CSA, +2
// USA).
var lrtaTimePerLeader = map[engine.Side]int{engine.CSA: 2, engine.USA: 3}

// lrtaVictoryRefused is LRTA's answer to LRTG's /segment victory: LRTA's
// victory conditions are lrta_victory.go's (004), which one command
// checks, as /segment victory checks LRTG's.
var lrtaVictoryRefused = engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.victory.game", What: "/segment victory checks LRTG's victory conditions; this is an LRTA game",
	Hint: "Check LRTA's with /victory check (end:true reason:... rules that the game ends)", Rule: "004 Sequence of Play 8"}

// lrtaInitiativeRules are the initiative rules of LRTA's random events
// (004; lrta_events.go): Three Cigars, and Enemy Intelligence's doubles.
// No Spy (LRTG 000 2.0 7)), no Halleck or Lee is Sick.
func lrtaInitiativeRules(g Game) InitiativeRule {
	var r InitiativeRule
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		if v, why := g.LRTAInitiativeModifier(side); v != 0 {
			r.Modifiers = append(r.Modifiers, InitiativeModifier{Side: side, Value: v, Reason: why})
		}
	}
	r.DoublesUSA, r.DoublesWhy = g.LRTAUnionWinsDoubles()
	return r
}

// lrtaMarchModifier is what LRTA adds to an extended march roll: the unit
// type's modifier from the extended march charts (004 Extended March
// Modifiers for Unit Type; Union Extended March Die Roll Modifiers) and Heat (004 random event 11), in place of LRTG's random event
// modifier.
func lrtaMarchModifier(g Game, u engine.UnitState, d *engine.MoveData) (int, []string, error) {
	n, w, err := extendedMarchModifier(lrtaLibraryChart(d, "lrta.extended-march-csa"), lrtaLibraryChart(d, "lrta.extended-march-usa"),
		u, northOfPotomac(d, u.Hex), g.lrtaMarchFacts())
	if err != nil {
		return 0, nil, err
	}
	why := []string{w}
	if g.lrtaHeat() {
		n++
		why = append(why, "+1 Heat (004 random event 11)")
	}
	return n, why, nil
}
