package lrtg

import (
	"time"

	"github.com/umpire-games/umpire/engine"
)

// The series' rules are written on Game (the kernel's state and the
// series' own); the kernel calls them with its GameState. These adapters
// are the one place that converts: Of on the way in, Kernel on the way
// out.

// A decider settles a command its module listed (ok is always true for
// those: the ruleset hands a module only its own commands).
type decider func(g Game, cmd engine.Command, d engine.Dice) (evs []engine.Event, ok bool, err error)

// An applier folds an event its module listed or subscribed to. It must
// not change the receiver's maps or slices: copy before writing.
type applier func(g Game, e engine.Event) (next Game, ok bool)

// claims adapts a module's decider to the kernel's.
func claims(f decider) engine.Decider {
	return func(g engine.GameState, cmd engine.Command, d engine.Dice) ([]engine.Event, error) {
		evs, _, err := f(Of(g), cmd, d)
		return evs, err
	}
}

// folds adapts a module's applier to the kernel's.
func folds(f applier) engine.Applier {
	return func(g engine.GameState, e engine.Event) engine.GameState {
		next, _ := f(Of(g), e)
		return next.Kernel()
	}
}

// procedure and waiting are a step's procedures on Game (the kernel's
// StepProcedure and StepWaiting).
type (
	procedure func(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error)
	waiting   func(g Game) []string
)

// stepRules is a step of the series' sequence of play on Game (the
// kernel's StepRules).
type stepRules struct {
	ID      string
	Happens func(g Game) (bool, string)
	Begin   procedure
	Wait    waiting
	End     procedure
	// Open is what players may do in the step although it waits for no
	// one (engine.StepRules.Open; openings.go).
	Open func(g Game) []engine.Opening
}

// steps converts the series' steps to the kernel's.
func steps(ss []stepRules) []engine.StepRules {
	out := make([]engine.StepRules, len(ss))
	for i, s := range ss {
		out[i] = engine.StepRules{ID: s.ID, Begin: s.Begin.kernel(), Wait: s.Wait.kernel(), End: s.End.kernel()}
		if h := s.Happens; h != nil {
			out[i].Happens = func(g engine.GameState) (bool, string) { return h(Of(g)) }
		}
		if o := s.Open; o != nil {
			out[i].Open = func(g engine.GameState) []engine.Opening { return o(Of(g)) }
		}
	}
	return out
}

func (p procedure) kernel() engine.StepProcedure {
	if p == nil {
		return nil
	}
	return func(g engine.GameState, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
		return p(Of(g), d, ctx)
	}
}

func (w waiting) kernel() engine.StepWaiting {
	if w == nil {
		return nil
	}
	return func(g engine.GameState) []string { return w(Of(g)) }
}

// Apply is GameState.Apply on the series' state: the event folds into
// both (the kernel's Apply runs every module, the series' included).
func (g Game) Apply(e engine.Event) Game { return Of(g.Kernel().Apply(e)) }

// ApplyAll is GameState.ApplyAll on the series' state (no events: the
// game as it is).
func (g Game) ApplyAll(events []engine.Event) Game {
	if len(events) == 0 {
		return g
	}
	return Of(g.Kernel().ApplyAll(events))
}

// Waiting is GameState.Waiting on the series' state as it is.
func (g Game) Waiting() []string { return g.Kernel().Waiting() }

// action applies a board action of the series (a move, a unit's change):
// the kernel keeps the state before it for the umpire's undo (Action),
// the series' state included.
func (g Game) action(e engine.Event, apply func(*Game)) Game {
	st := g.State
	next := g.Kernel().BoardAction(e, func(k *engine.GameState) {
		lg := Game{GameState: *k, State: st}
		apply(&lg)
		st, *k = lg.State, lg.GameState
	})
	return Game{GameState: next, State: st}
}

// seriesHooks fills the hooks both rulesets of the series give the
// kernel with the same functions: the turn record's checks, the folds
// after the kernel's events, who answers for a side, a default's clock,
// the board and the views, the division of command and the options.
func seriesHooks(h engine.Hooks) engine.Hooks {
	h.RecordTurn = func(g engine.GameState, e *engine.TurnAdvanced, sizes engine.UnitSizes) {
		recordTurn(Of(g), e, sizes)
	}
	h.Folded = func(before, next engine.GameState, e engine.Event) engine.GameState {
		return lrtgFolded(Of(before), Of(next), e).Kernel()
	}
	h.AnswersForSide = func(g engine.GameState, p engine.Player) bool { return lrtgAnswersForSide(Of(g), p) }
	h.AtInstant = lrtgTimed
	h.EncodeState, h.DecodeState = encodeState, decodeState // game.go: the series' state in a snapshot
	h.BoardCommand = func(g engine.GameState, cmd engine.Command, d engine.Dice) ([]engine.Event, error) {
		return decideBoardUnits(Of(g), cmd, d)
	}
	h.BoardEffect = func(e engine.Event) func(*engine.GameState) {
		if !isBoardEvent(e) {
			return nil
		}
		return func(k *engine.GameState) {
			lg := Of(*k)
			lg.applyBoardEvent(e) // a method, not a func value: lg stays off the heap
			*k = lg.Kernel()
		}
	}
	h.CommandOverride = func(g engine.GameState, a engine.Actor, u engine.UnitState) (bool, bool) {
		return Of(g).commandOverride(a, u) // halleck.go: 21.1 Halleck, quartermaster general
	}
	h.View = func(g engine.GameState, view *engine.View, b engine.ViewBuilder) { hiddenView(Of(g), view, b) } // view_hidden.go: LRTG 20
	// command_division.go: LRTG 21.1's corps and division of command;
	// game_options.go: the series' options of /game new.
	h.CommandsUnit = func(g engine.GameState, cmds []string, u engine.UnitState) bool {
		return commandsUnit(g.Options, cmds, u)
	}
	h.CheckCommand = func(g engine.GameState, side engine.Side, players []engine.Player, oob *engine.OrderOfBattle) error {
		return checkSideCommand(side, players, oob, g.Options, true)
	}
	h.CheckJoin = checkJoinCommands // command_division.go
	h.CheckOptions = checkOptions
	return h
}

// deadlineDefault adapts a series' deadline default to the kernel's hook.
func deadlineDefault(f func(g Game, m engine.DeadlineMiss) (engine.StepDefault, bool)) func(engine.GameState, engine.DeadlineMiss) (engine.StepDefault, bool) {
	return func(g engine.GameState, m engine.DeadlineMiss) (engine.StepDefault, bool) { return f(Of(g), m) }
}

// The kernel's methods that reach the series' rules through the ruleset's
// hooks (which read GameState.Own), on Game: a Game's own state may have
// changed since Of (a test's position, a decider's trial state), so they
// hand the kernel Kernel(), never the embedded GameState as it was. A
// kernel method that reads no hook is promoted as it is.

// Decide is GameState.Decide on the game as it is.
func (g Game) Decide(cmd engine.Command, d engine.Dice) ([]engine.Event, error) {
	return g.Kernel().Decide(cmd, d)
}

// Controls is GameState.Controls (Halleck's and the quartermaster
// general's overrides are the series').
func (g Game) Controls(a engine.Actor, u engine.UnitState) bool { return g.Kernel().Controls(a, u) }

// BoardReady is GameState.BoardReady.
func (g Game) BoardReady(a engine.Actor) error { return g.Kernel().BoardReady(a) }

// UnitFor is GameState.UnitFor.
func (g Game) UnitFor(by engine.Actor, id string) (engine.UnitState, error) {
	return g.Kernel().UnitFor(by, id)
}

// ActingSide is GameState.ActingSide.
func (g Game) ActingSide(by engine.Actor, named engine.Side, code, what string, name func(engine.Side) string) (engine.Side, error) {
	return g.Kernel().ActingSide(by, named, code, what, name)
}

// Owing is GameState.Owing.
func (g Game) Owing() []engine.Owed { return g.Kernel().Owing() }

// DeadlineWork is GameState.DeadlineWork.
func (g Game) DeadlineWork(t time.Time) bool { return g.Kernel().DeadlineWork(t) }

// Happens is GameState.Happens.
func (g Game) Happens(s engine.Step) (bool, string) { return g.Kernel().Happens(s) }

// MapCounters is GameState.MapCounters (the hidden modes' views are the
// series').
func (g Game) MapCounters(viewer engine.Actor) []engine.ViewCounter {
	return g.Kernel().MapCounters(viewer)
}
