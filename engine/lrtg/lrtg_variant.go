package lrtg

import "github.com/umpire-games/umpire/engine"

// lrtgVariant is what LRTG's modules ask of the game they are played in
// where a variant of LRTG (LRTA) plays a rule differently: each nil field
// is LRTG's own rule. A variant fills in its differences
// (LRTARuleset's Hooks.Variant), so that LRTG's modules hold no branch on
// which game they are played in.
type lrtgVariant struct {
	// variant1: the differences of move.go, records.go, segment_depots.go,
	// unitlog.go, turnstart.go, places.go, attach_*.go, hidden.go,
	// halleck.go and comms.go (LRTA's values: lrta_ruleset.go,
	// lrta_shared.go; control.go's difference is LRTA's control module).
	//
	// restriction: the area a unit must remain in (nil: LRTG 3.2,
	// 12.1-12.3, 16.3's releases and garrisons; LRTA: 004's Union
	// restrictions, lrtaRestriction).
	restriction func(g Game, u engine.UnitState, d *engine.MoveData) *moveArea
	// railParalysed: the variant's own events that forbid the side rail
	// movement this turn, beside LRTG 2.0's (004 Rear Area Paralysis).
	railParalysed func(g Game, side engine.Side) bool
	// railBarredWhere names what railBarred bars in a refusal ("a
	// Confederate-controlled county": 004 Railroad Restrictions).
	railBarredWhere string
	// strategic: the variant's strategic movement (nil: LRTG 17.1's,
	// lrtgStrategic).
	strategic *strategicRules
	// haupt: whether a unit of the RR designation is Haupt's railroad
	// unit, which never attaches or detaches (nil: LRTG 7.0, 7.3, 12.5:
	// the RR designation is Haupt's unit alone).
	haupt func(u engine.UnitState) bool
	// unionAttachLimit: the variant's restrictions on a Union unit's
	// attachment, which replace LRTG 7.3's cavalry brigade and 12's and
	// 16.1 e's groups (nil: LRTG's; LRTA: 004 Union Attachment /
	// Detachment Restrictions).
	unionAttachLimit func(g Game, rules *SubstituteRules, u, t engine.UnitState) *engine.RuleError
	// detachRefused: a detachment the variant's rules refuse, which the
	// umpire may waive (nil: none; LRTA: the designations that never
	// detach, 004).
	detachRefused func(p engine.UnitState) *engine.RuleError
	// noReleases: the variant has no releases for a Union unit to detach
	// (LRTG 12.4: "until released"; 004 lists who may not detach,
	// detachRefused); its PA militia still never detach (12.4).
	noReleases bool
	// arrivals: the variant's check of a unit entering the map by /move,
	// which replaces LRTG 3.0-3.2's entry (004 1 a), b)).
	arrivals func(g Game, u engine.UnitState, cmd engine.MoveUnits) []*engine.RuleError
	// placeValues: the prefix of the map's place values that print the
	// variant's levy table (LRTG 13.1, 24.3: ""; 004 Depots and Levied
	// Supplies: "lrta_").
	placeValues string
	// levyRefused: a town the variant's levy table does not list (nil:
	// every levy town, LRTG 13.1).
	levyRefused func(p engine.Place) *engine.RuleError
	// depotValues: the depot table (nil: LRTG 13.8's, lrtgDepotValues;
	// LRTA: 004's, LRTADepotValues).
	depotValues func(p engine.Place, side engine.Side) (victuals, simplified, vp int, stocked bool)
	// harpersFerryDepot: until when the Union keeps its depot at Harpers
	// Ferry (nil: LRTG's, until Meade takes command).
	harpersFerryDepot *depotHold
	// depotOnePerTurn: each passive turn the Union places one depot or
	// flips one, not both (004 5 h) ii); LRTG 13.8 has no such limit).
	depotOnePerTurn bool
	// manpowerMisfits: the variant's own checks of the manpower gain
	// causes it plays differently, by cause (unitlog.go; nil: LRTG's).
	manpowerMisfits map[string]func(g Game, u engine.UnitState, gain int) string
	// noHalleck: the variant has no Halleck rule (000 21.1; 004 prints
	// none).
	noHalleck bool
	// leadersReturnInTransfer: a passive side's leaders taken off the map
	// return in the next turn's leader transfer step (004: "during the
	// leader transfer phase of the following turn"; false: LRTG 000 IV
	// b)'s Communications phase, returnSteps).
	leadersReturnInTransfer bool

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
	// supplyCities: a Union unit's resupply range by rail is 004's (its
	// Simplified Supply Rules: "In county with RR station connected to
	// Alexandria, Harrisburg, Baltimore or DC"), the District of Columbia
	// counting as a county, not LRTG 13.2's rail path to a Union depot
	// alone (lrta_supply_range.go).
	supplyCities bool
	// unionArmyLeader: the variant's condition on the Union's army leader
	// in an Activate Army Leader action, which replaces LRTG 10.1's "For
	// the Union player, Meade has assumed command" (nil: LRTG's; LRTA:
	// its commanding general, lrtaArmyLeaderRule).
	unionArmyLeader func(g Game, leader engine.UnitState) *engine.RuleError

	// variant2: the sequence of play, the initiative, the time
	// allocation, the movement charts and the victory check.

	// sequence is the rule book whose sequence of play is cited ("": LRTG
	// 003; LRTA's is 004).
	sequence string
	// navalPhase: the phase (a step prefix) in which naval movement needs
	// no action (004 3: the "Leader Transfer / Naval Movement / Attachment
	// Phase"); "": none (LRTG 003 4: units on the map move in the action
	// cycle).
	navalPhase string
	// actionSteps names the action cycle's steps 4a and 4b (nil: LRTG 003
	// 4 a), b)'s Normal and Distance Action Phases).
	actionSteps map[string]string
	// firstPortion is what the action cycle's first step (4a) allows and
	// the rule that says so, when rail, strategic and naval movement wait
	// for 4b ("": LRTG 003 4 a); 000 IV e): regular movement only).
	firstPortion [2]string
	// initiative: this turn's initiative rules (nil: LRTG's random
	// events, Meade's paralysis and the Spy, 000 2.0 2), 3), 7)).
	initiative func(g Game) InitiativeRule
	// initiativeRerolls: how many initiative rolls a side may reroll this
	// turn (nil: none; LRTG has no rerolls).
	initiativeRerolls func(g Game, side engine.Side) int
	// timePerLeader: the minutes a side's time allocation gains for each
	// infantry corps leader near the enemy (nil: LRTG 22.2's
	// TimeLeaderCSA, TimeLeaderUSA).
	timePerLeader map[engine.Side]int
	// ownMoveCharts: the variant's charts replace LRTG's movement
	// sections, and a movement rule cites the chart (false: LRTG's
	// section).
	ownMoveCharts bool
	// marchModifier: the modifiers of an extended march (disorganization)
	// roll that the variant's rules add (nil: LRTG's random event of the
	// turn, 000 2.0).
	marchModifier func(g Game, u engine.UnitState, d *engine.MoveData) (int, []string, error)
	// victoryRefused: the variant checks its own victory conditions with
	// its own command, and refuses LRTG's /segment victory so (nil: LRTG
	// VIII's check).
	victoryRefused *engine.RuleError
	// allowance: the variant's movement allowance chart, armies and
	// command paralysis (nil: LRTG's, allowance.go).
	allowance *allowanceRules
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
