// LRTA's movement allowance (004 Movement: Normal Movement; Command
// Paralysis; Impacts of Being Passive / Operational): its chart, its
// armies for the "AOP/ANV Infantry + Leader" line, its rain, and command
// paralysis as a step of the allowance (allowance.go).

package lrtg

import "github.com/umpire-games/umpire/engine"

// lrtaAllowance is LRTA's variant of the allowance.
var lrtaAllowance = allowanceRules{
	chart:     "lrta.movement-allowance",
	armies:    lrtaArmies,
	paralysis: lrtaAllowanceParalysis,
	rain:      func(g Game) bool { return g.LRTARain() != "" },
}

// lrtaArmies: "AOP/ANV" (004) read as the Army of the Potomac and the
// Army of Virginia, by lrtaUnionArmy's reading of the designations.
func lrtaArmies(u engine.UnitState) []string {
	if u.Side != engine.USA {
		return nil
	}
	switch lrtaUnionArmy(u) {
	case armyAoP:
		return []string{"AoP"}
	case armyAoV:
		return []string{"AoV"}
	}
	return nil
}

// lrtaAllowanceParalysis is LRTAParalysis (the points, 004 Command
// Paralysis and its note) with a code for the reply: normal movement, so
// the Union's doubling while Pope commands applies.
func lrtaAllowanceParalysis(g Game, u engine.UnitState) (int, string) {
	n, _ := g.LRTAParalysis(u, false)
	if n == 0 {
		return 0, ""
	}
	event := g.LRTACommandParalysis(u.Side)
	switch {
	case event && u.Side == engine.CSA:
		return n, AllowParalysisCSA
	case event && !g.LRTAMcClellan():
		return n, AllowParalysisPope
	case event && g.LRTAReorganizationParalysis(u):
		return n, AllowParalysisUnreorg
	case event:
		return n, AllowParalysisReorg
	}
	return n, AllowParalysisArmy
}
