package lrtg

import (
	"reflect"

	"github.com/umpire-games/umpire/engine"
)

// The games of the Long Roads series, LRTG and LRTA (seeds 000, 003, 004),
// as rulesets of the kernel (issue 20). LRTA is LRTG's variant: the same
// modules, LRTA's own where it differs (lrta_ruleset.go, lrtg_variant.go).

// The series' games: their scenarios' (scenarios/catalogue.yaml game:)
// and their rulesets' ids.
const (
	LRTG engine.Game = "lrtg" // Long Roads to Gettysburg (seeds 000, 003)
	LRTA engine.Game = "lrta" // Long Roads to Antietam (seed 004)
)

// Game is a game of the series as its rules see it: the kernel's state
// (the board, the players, the sequence of play) and the series' own,
// which the kernel keeps for the ruleset (GameState.Own). State is
// embedded, so that the rules read g.Records as they read g.Units; a
// module's decider and applier get a Game (claims, folds) and hand the
// kernel Kernel().
type Game struct {
	engine.GameState
	State
}

// Of returns a game as the series' rules see it (a zero State before
// its first event).
func Of(g engine.GameState) Game {
	s, _ := g.Own.(State)
	return Game{GameState: g, State: s}
}

// Kernel returns the kernel's state with the series' own written back. A
// state that has none yet (a game before its first event of the series)
// keeps none: a zero State is no state, and a game without a ruleset
// could not write one into a snapshot.
//
// A state the rules have not changed since Of is the one Own holds
// already (sameState): it is kept, not boxed again.
func (g Game) Kernel() engine.GameState {
	switch old, ok := g.GameState.Own.(State); {
	case ok && sameState(&old, &g.State):
		return g.GameState
	case g.GameState.Own == nil && reflect.ValueOf(g.State).IsZero():
		return g.GameState
	}
	g.GameState.Own = g.State
	return g.GameState
}

// With returns the game with the series' state changed by f (tests set
// up positions with it).
func With(g engine.GameState, f func(s *State)) engine.GameState {
	lg := Of(g)
	f(&lg.State)
	return lg.Kernel()
}

// State is the series' state: each rule module's own, its type in the
// module's file.
type State struct {
	Places map[string]PlaceState
	Chits  map[engine.Side]int // time chits (LRTG 22.5), from the set-up
	VP     []VPEntry           // the Victory Point Record so far (+ Confederate)
	// Charts are the group's copies of the series' charts (Combat Chart,
	// Extended March Table, terrain costs: gcacw-slots.yaml) loaded on the
	// server when the game started; charts.go reads them.
	Charts map[string]*engine.LoadedChart
	// The rule modules' state (each module's own file defines its type).
	Movement MovementState // move.go: releases, rail moves this turn (LRTG 3.2, 8, 12, 17)
	Attach   AttachState   // attach.go: substitutes in use (LRTG 7, 18)
	Records  RecordsState  // records.go: morale, supply (LRTG 13, 15, 24)
	Victory  VictoryState  // vp.go: stations by line, county control, events (LRTG 11, VII)
	Losses   CombatLosses  // status.go: combat losses for army morale (LRTG 15.1 7)-8))
	// The sequence of play's procedures (issue 6), each module's own state.
	TurnStart TurnStartState // turnstart.go: 1a-1c reinforcements, releases, Vicksburg, draft riots
	Events    EventsState    // randomevents.go: 1d random events and their lasting effects
	Declared  DeclaredState  // declare.go: 1e operational / passive, 1f time, 1g Harpers Ferry
	Command   CommandState   // leaders.go: phase 3, leader transfer, Hooker, Meade, Jackson
	Actions   ActionState    // actions.go: phase 4, initiative, activations, passes
	Segment   SegmentState   // segment.go: phases 5-8, supply segment, recovery, county control, victory check
	// phase2.go: 2a, 2b, the Optional Overall Commander Restrictions (21.1).
	Restrictions RestrictionsState
	LRTAStart    LRTAStartState // lrta_turnstart.go, lrta_garrison.go: LRTA 1a-1c, 1g, 8's garrison check (004)
	// lrta_events.go: LRTA 1d random events (004) and their lasting effects.
	LRTAEvents LRTAEventsState
	// lrta_victory.go: LRTA 2b objectives, 7 DC awards, 8 Emancipation Proclamation (004).
	LRTAVictory LRTAVictoryState
	LRTAArmy    LRTAArmyState // lrta_army.go: LRTA 1r Rest and Refit, 3b Union Army Reorganization, McClellan (004)
	// lrta_supply.go: LRTA 5e's foraging tables of the turn (004 Simplified Supply).
	LRTASupply LRTASupplyState
	Comms      CommsState // comms.go: 2d communications, written dispatches (LRTG 21.2)
	// quartermaster.go, halleck.go: 21.1's quartermaster general and Halleck rule.
	Quartermaster QuartermasterState
	Halleck       HalleckState
	Dummies       DummiesState  // dummies.go: dummy force markers (LRTG 20, limited intelligence)
	Sightings     SightingState // sightings.go: where double-blind viewers last saw units
	Clock         ClockState    // clock.go: the chess clocks of time limitation (LRTG 22.3-22.5)
	// unitlog.go: the players' changes to their own units that the engine
	// cannot check, for the umpire (issue 19).
	PlayerLog UnitLogState
	// attack.go: attacks declared and settled by the umpire (issue 21).
	Attacks AttackState
}

// encodeState and decodeState write and read the series' state for a
// snapshot (Hooks.EncodeState) with the kernel's codec.
func encodeState(own any) ([]byte, error) {
	s, _ := own.(State)
	return engine.EncodeValue(s)
}

func decodeState(data []byte) (any, error) {
	var s State
	if string(data) == "null" {
		return s, nil // Rulesets.SnapshotFormat asks for the type
	}
	err := engine.DecodeValue(data, &s)
	return s, err
}
