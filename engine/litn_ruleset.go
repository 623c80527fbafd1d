package engine

import "strings"

// LITNRuleset is Lee Invades the North (002) as a ruleset: every module
// of the game listed here, each with the commands it decides, the events
// it folds and the steps of 3.1's sequence of play it runs.
func LITNRuleset() *Ruleset {
	return NewRuleset(LITN, Hooks{
		OwnsScenario: func(id string) bool { return strings.HasPrefix(id, "litn-") },
		TurnDate:     litnTurnDate,
		TurnDays:     func(string, int) int { return 2 }, // 002 2.3
		LastTurn:     func(scenario string) int { return litnTurnRecord[scenario].last },
		// The record sheets are secret to their side (002 2.5): the umpire
		// reads both, so he commands neither.
		CreatorMayPlay: func(GameState) bool { return false },
		EncodeState:    litnEncodeState,
		DecodeState:    litnDecodeState,
	},
		Module{Name: "sheet", Commands: []Command{LoadLITNSheet{}}, Decide: litnDecides(decideLITNSheet),
			Events: []Event{&LITNSheetLoaded{}}, Apply: litnApplies(applyLITNSheet)},
		Module{Name: "game", Commands: []Command{StartLITN{}, LITNDone{}}, Decide: litnDecides(decideLITNGame),
			Events: []Event{&LITNStarted{}, &LITNDoneEvent{}}, Apply: litnApplies(applyLITNGame)},
		Module{Name: "initial", Commands: []Command{LITNReorganizeUnits{}, LITNReplace{}, LITNPlaceWagon{}}, Decide: litnDecides(decideLITNInitial),
			Events: []Event{&LITNDisorganized{}, &LITNReorganized{}, &LITNAttritionRolled{}, &LITNReplacementsBegun{}, &LITNReplaced{},
				&LITNUnitFactsSet{}, &LITNMilitiaRolled{}, &LITNWagonsBegun{}, &LITNWagonPlaced{}, &LITNWagonMarkerPlaced{},
				&LITNHookerRolled{}, &LITNHookerMajors{}},
			Apply: litnApplies(applyLITNInitial), Steps: litnSteps(litnInitialSteps())},
		Module{Name: "turn", Commands: []Command{LITNFirst{}}, Decide: litnDecides(decideLITNTurn),
			Events: []Event{&LITNDispatchRolled{}, &LITNInitiativeRolled{}, &LITNFirstChosen{},
				&LITNMoraleRecovered{}, &LITNWagonsUndepleted{}, &LITNVictoryRecorded{}},
			Apply: litnApplies(applyLITNTurn), Steps: litnSteps(litnTurnSteps())},
		Module{Name: "move", Commands: []Command{LITNDeclare{}, LITNBroadcastCmd{}, LITNMoveCmd{}, LITNReactCmd{}, LITNDetachCmd{}, LITNWorkCmd{}, LITNRailCmd{}},
			Decide: litnDecides(decideLITNMoves),
			Events: []Event{&LITNDeclared{}, &LITNArrived{}, &LITNCommandRolled{}, &LITNBroadcastMade{},
				&LITNMovementBegun{}, &LITNMoved{}, &LITNDetachEvent{}, &LITNWorked{}, &LITNRailMoved{}, &LITNPhaseSettled{}},
			Apply: litnApplies(applyLITNMoves), Steps: litnSteps(litnMoveSteps())},
		Module{Name: "arrivals", Events: []Event{&LITNArrivalChosen{}, &LITNVariableEntryRolled{}, &LITNArrivalsDue{}},
			Apply: litnApplies(applyLITNArrivals)},
		Module{Name: "combat", Commands: []Command{LITNAttack{}, LITNSupply{}, LITNChooseOption{}, LITNRetreatOrder{}}, Decide: litnDecides(decideLITNCombat),
			Events: []Event{&LITNBattlesOpened{}, &LITNAttackDeclared{}, &LITNSupplyDeclared{}, &LITNOptionChosen{}, &LITNBattleFought{},
				&LITNRetreated{}, &LITNWagonsFlipped{}, &LITNSurpriseRolled{}, &LITNNoReaction{}},
			Apply: litnApplies(applyLITNCombat), Steps: litnSteps(litnCombatSteps())},
		Module{Name: "umpire", Commands: []Command{LITNSetUnit{}}, Decide: litnDecides(decideLITNSetUnit),
			Events: []Event{&LITNUnitSet{}}, Apply: litnApplies(applyLITNSetUnit)},
		Module{Name: "wagons", Commands: []Command{LITNWagonReady{}}, Decide: litnDecides(decideLITNWagonReady),
			Events: []Event{&LITNWagonDeclaredReady{}}, Apply: litnApplies(applyLITNWagonReady)},
	)
}

// litnDecides adapts a module's decider of the listed commands (which
// always claims them) to the ruleset's.
func litnDecides(f func(LITNGame, Command, Dice) ([]Event, bool, error)) Decider {
	return func(g GameState, cmd Command, d Dice) ([]Event, error) {
		evs, _, err := f(LITNOf(g), cmd, d)
		return evs, err
	}
}

// litnApplies adapts a module's applier of the listed events.
func litnApplies(f func(LITNGame, Event) (LITNGame, bool)) Applier {
	return func(g GameState, e Event) GameState {
		next, _ := f(LITNOf(g), e)
		return next.State()
	}
}

// litnStep is what a LITN module gives a step, on LITN's state.
type litnStep struct {
	ID      string
	Happens func(g LITNGame) (bool, string)
	Begin   func(g LITNGame, d Dice, ctx StepContext) ([]Event, error)
	Wait    func(g LITNGame) []string
	End     func(g LITNGame, d Dice, ctx StepContext) ([]Event, error)
}

// litnSteps adapts a module's steps to the ruleset's.
func litnSteps(steps []litnStep) []StepRules {
	out := make([]StepRules, 0, len(steps))
	for _, s := range steps {
		sr := StepRules{ID: s.ID}
		if f := s.Happens; f != nil {
			sr.Happens = func(g GameState) (bool, string) { return f(LITNOf(g)) }
		}
		if f := s.Begin; f != nil {
			sr.Begin = func(g GameState, d Dice, ctx StepContext) ([]Event, error) { return f(LITNOf(g), d, ctx) }
		}
		if f := s.Wait; f != nil {
			sr.Wait = func(g GameState) []string { return f(LITNOf(g)) }
		}
		if f := s.End; f != nil {
			sr.End = func(g GameState, d Dice, ctx StepContext) ([]Event, error) { return f(LITNOf(g), d, ctx) }
		}
		out = append(out, sr)
	}
	return out
}

// Foreign implements ForeignCommand: a record sheet loaded into a game of
// another ruleset is refused as the sheet's decider refuses it (sheets
// are LITN's: 002 2.5).
func (c LoadLITNSheet) Foreign(g GameState) error {
	_, _, err := decideLITNSheet(LITNOf(g), c, nil)
	return err
}
