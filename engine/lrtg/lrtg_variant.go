package lrtg

import "github.com/umpire-games/umpire/engine"

// lrtgVariant is what LRTG's modules ask of the game they are played in
// where a variant of LRTG (LRTA) plays a rule differently: each nil field
// is LRTG's own rule. A variant fills in its differences
// (LRTARuleset's Hooks.Variant), so that LRTG's modules hold no branch on
// which game they are played in.
type lrtgVariant struct {
	// railExempt: the unit does not count toward the rail maximum (LRTG
	// 12.5: the RR unit).
	railExempt func(u engine.UnitState) bool
	// railBarred: a rail move may not enter the hex's station (LRTG
	// prints no such restriction).
	railBarred func(g Game, d *engine.MoveData, h engine.Hex) bool
	// navalCapacity: how many units the Union may move by sea this turn,
	// with why, and the fatigue a box moved costs (LRTG 5.0: 6, one).
	navalCapacity func(g Game) (n int, why string, perFatigue int)
	// moveRefused: a move the variant's own rules refuse (nil: none).
	moveRefused func(g Game, cmd engine.MoveUnits) *engine.RuleError
	// garrisonsAtVictory: the variant checks its garrisons in the
	// Victory Check (004 8), not as units move (LRTG's Harpers Ferry
	// garrison is checked at the move: 12.1, 16.1 c).
	garrisonsAtVictory bool
	// comms: the variant's communications phase (nil: LRTG 21.2's).
	comms *commsRules
	// spyWinner: the side that won the variant's contest that orders
	// the declarations on a turn, or "" (nil: LRTG's Spy, 2.0 7)); spy
	// names the contest and its rule.
	spyWinner func(g Game, turn int) engine.Side
	spy       [2]string
	// armyMorale: the variant's army morale (nil: LRTG 15.1's).
	armyMorale func(g Game, side engine.Side, sizes engine.UnitSizes) ArmyMorale
}

// variant returns the game's LRTG variant hooks (all nil in LRTG).
func (g Game) variant() lrtgVariant {
	if g.Rules() != nil {
		if v, ok := g.Rules().Hooks().Variant.(lrtgVariant); ok {
			return v
		}
	}
	return lrtgVariant{}
}
