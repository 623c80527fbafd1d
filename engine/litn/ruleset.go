package litn

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Ruleset is Lee Invades the North (002) as a ruleset: every module
// of the game listed here, each with the commands it decides, the events
// it folds and the steps of 3.1's sequence of play it runs.
func Ruleset() *engine.Ruleset {
	return engine.NewRuleset(ID, engine.Hooks{
		OwnsScenario: func(id string) bool { return strings.HasPrefix(id, "litn-") },
		TurnDate:     turnDate,
		TurnDays:     func(string, int) int { return 2 }, // 002 2.3
		LastTurn:     func(scenario string) int { return turnRecord[scenario].last },
		// The record sheets are secret to their side (002 2.5): the umpire
		// reads both, so he commands neither.
		CreatorMayPlay: func(engine.GameState) bool { return false },
		EncodeState:    encodeState,
		DecodeState:    decodeState,
	},
		engine.Module{Name: "sheet", Commands: []engine.Command{LoadSheet{}}, Decide: decides(decideSheet),
			Events: []engine.Event{&SheetLoaded{}}, Apply: applies(applySheet)},
		engine.Module{Name: "game", Commands: []engine.Command{Start{}, Done{}}, Decide: decides(decideGame),
			Events: []engine.Event{&Started{}, &DoneEvent{}}, Apply: applies(applyGame)},
		engine.Module{Name: "charts", Commands: []engine.Command{LoadGameChart{}}, Decide: decides(decideGameChart),
			Events: []engine.Event{&GameChartLoaded{}}, Apply: applies(applyGameChart)},
		engine.Module{Name: "initial", Commands: []engine.Command{ReorganizeUnits{}, Replace{}, PlaceWagon{}}, Decide: decides(decideInitial),
			Events: []engine.Event{&Disorganized{}, &Reorganized{}, &AttritionRolled{}, &ReplacementsBegun{}, &Replaced{},
				&UnitFactsSet{}, &MilitiaRolled{}, &WagonsBegun{}, &WagonPlaced{}, &WagonMarkerPlaced{},
				&HookerRolled{}, &HookerMajors{}},
			Apply: applies(applyInitial), Steps: steps(initialSteps())},
		engine.Module{Name: "turn", Commands: []engine.Command{First{}}, Decide: decides(decideTurn),
			Events: []engine.Event{&DispatchRolled{}, &InitiativeRolled{}, &FirstChosen{},
				&MoraleRecovered{}, &WagonsUndepleted{}, &VictoryRecorded{}},
			Apply: applies(applyTurn), Steps: steps(turnSteps())},
		engine.Module{Name: "move", Commands: []engine.Command{Declare{}, BroadcastCmd{}, MoveCmd{}, ReactCmd{}, DetachCmd{}, WorkCmd{}, RailCmd{}},
			Decide: decides(decideMoves),
			Events: []engine.Event{&Declared{}, &Arrived{}, &CommandRolled{}, &BroadcastMade{},
				&MovementBegun{}, &Moved{}, &DetachEvent{}, &Worked{}, &RailMoved{}, &PhaseSettled{}},
			Apply: applies(applyMoves), Steps: steps(moveSteps())},
		engine.Module{Name: "arrivals", Events: []engine.Event{&ArrivalChosen{}, &VariableEntryRolled{}, &ArrivalsDue{}},
			Apply: applies(applyArrivals)},
		engine.Module{Name: "combat", Commands: []engine.Command{Attack{}, Supply{}, ChooseOption{}, RetreatOrder{}}, Decide: decides(decideCombat),
			Events: []engine.Event{&BattlesOpened{}, &AttackDeclared{}, &SupplyDeclared{}, &OptionChosen{}, &BattleFought{},
				&Retreated{}, &WagonsFlipped{}, &SurpriseRolled{}, &NoReaction{}},
			Apply: applies(applyCombat), Steps: steps(combatSteps())},
		engine.Module{Name: "umpire", Commands: []engine.Command{SetUnit{}}, Decide: decides(decideSetUnit),
			Events: []engine.Event{&UnitSet{}}, Apply: applies(applySetUnit)},
		engine.Module{Name: "wagons", Commands: []engine.Command{WagonReady{}}, Decide: decides(decideWagonReady),
			Events: []engine.Event{&WagonDeclaredReady{}}, Apply: applies(applyWagonReady)},
		engine.Module{Name: "depots", Commands: []engine.Command{DeclareDepots{}}, Decide: decides(decideDepots),
			Events: []engine.Event{&DepotsDeclared{}}, Apply: applies(applyDepots)},
	)
}

// decides adapts a module's decider of the listed commands (which
// always claims them) to the ruleset's.
func decides(f func(Game, engine.Command, engine.Dice) ([]engine.Event, bool, error)) engine.Decider {
	return func(g engine.GameState, cmd engine.Command, d engine.Dice) ([]engine.Event, error) {
		evs, _, err := f(Of(g), cmd, d)
		return evs, err
	}
}

// applies adapts a module's applier of the listed events.
func applies(f func(Game, engine.Event) (Game, bool)) engine.Applier {
	return func(g engine.GameState, e engine.Event) engine.GameState {
		next, _ := f(Of(g), e)
		return next.State()
	}
}

// stepHooks is what a LITN module gives a step, on LITN's state.
type stepHooks struct {
	ID      string
	Happens func(g Game) (bool, string)
	Begin   func(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error)
	Wait    func(g Game) []string
	End     func(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error)
}

// steps adapts a module's steps to the ruleset's.
func steps(steps []stepHooks) []engine.StepRules {
	out := make([]engine.StepRules, 0, len(steps))
	for _, s := range steps {
		sr := engine.StepRules{ID: s.ID}
		if f := s.Happens; f != nil {
			sr.Happens = func(g engine.GameState) (bool, string) { return f(Of(g)) }
		}
		if f := s.Begin; f != nil {
			sr.Begin = func(g engine.GameState, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
				return f(Of(g), d, ctx)
			}
		}
		if f := s.Wait; f != nil {
			sr.Wait = func(g engine.GameState) []string { return f(Of(g)) }
		}
		if f := s.End; f != nil {
			sr.End = func(g engine.GameState, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
				return f(Of(g), d, ctx)
			}
		}
		out = append(out, sr)
	}
	return out
}

// Foreign implements ForeignCommand: a record sheet loaded into a game of
// another ruleset is refused (sheets are LITN's: 002 2.5). The kernel
// asks it only of a game whose ruleset does not decide LoadSheet, so
// LITN's deciders never ask which game they decide for: a LITN command
// reaches them only in a LITN game (TestLITNCommandsElsewhere).
func (c LoadSheet) Foreign(g engine.GameState) error { return Of(g).foreignSheet(c) }
