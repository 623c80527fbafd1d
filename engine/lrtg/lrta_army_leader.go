// LRTA's Union army leader in an Activate Army Leader action (LRTG 10).

package lrtg

import "github.com/umpire-games/umpire/engine"

// lrtaArmyLeaderRule replaces LRTG 10.1's last condition, "For the Union
// player, Meade has assumed command", which is LRTG's own: Meade never
// commands in 1862. 004 prints no condition of its own for the action (the
// LRTA rule book is not among the seeds); its charts name the Union's
// army command as Pope's until McClellan assumes command ("Replace Pope
// with McClellan", 004 McClellan assumes command; "Army Command (Lee,
// McClellan or Pope)", 004 Initiative). So the Union's army leader is its
// commanding general, Pope and then McClellan; the other is refused.
func lrtaArmyLeaderRule(g Game, leader engine.UnitState) *engine.RuleError {
	what := ""
	switch {
	case !g.LRTAMcClellan() && leader.ID != lrtaPope:
		what = leader.Name + " may not activate as army leader: the Union's army leader is Pope until McClellan assumes command"
	case g.LRTAMcClellan() && leader.ID != lrtaMcClellan:
		what = leader.Name + " may not activate as army leader: the Union's army leader is McClellan, who has replaced Pope"
	default:
		return nil
	}
	return moveRule("army.commander", what, "", "004 McClellan assumes command")
}

// armyLeaderHint names the army leaders for a refusal of a leader who
// is none (LRTG's names Meade).
func (g Game) armyLeaderHint() string {
	if g.variant().unionArmyLeader == nil {
		return "Lee (CSA) or, once he commands, Meade (USA) (LRTG 10.1)"
	}
	return "Lee (CSA) or the Union's commanding general: Pope, McClellan once he assumes command (004)"
}
