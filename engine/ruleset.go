package engine

import (
	"fmt"
	"reflect"
	"sort"
	"time"
)

// A Ruleset is one game's rules as a value (issue 20): the modules that
// decide its commands and fold its events, listed explicitly by the
// game's constructor, and the hooks by which the kernel asks the game
// what only the game knows (whether a step happens this turn, who it
// waits for, the turn record, whether the creator may play). The kernel
// names no game: a game is a Ruleset value, recorded when the game is
// created (GameOptions.Game, GameCreated.Rules) and carried by its state.
//
// NewRuleset checks the listing: a command type, an event type or a
// step's procedure claimed twice panics, so a mistake shows at start and
// never as the first module quietly winning.
type Ruleset struct {
	id       Game
	hooks    Hooks
	deciders map[reflect.Type]Decider
	appliers map[reflect.Type][]Applier // the owner's first, then its subscribers'
	// reactions are the subscribers to the kernel's events: folded after
	// the kernel folds the event.
	reactions map[reflect.Type][]Applier
	events    map[string]reflect.Type
	steps     map[string]*StepRules
	ends      map[string][]StepProcedure
}

// A Decider settles a command of a type its module listed.
type Decider func(g GameState, cmd Command, d Dice) ([]Event, error)

// An Applier folds an event its module owns or subscribes to. It must not
// change the receiver's maps or slices: copy before writing.
type Applier func(g GameState, e Event) GameState

// A StepProcedure settles what a step does by itself when it begins (or
// ends): its rolls and changes, as events (none: the step is the
// players').
type StepProcedure func(g GameState, d Dice, ctx StepContext) ([]Event, error)

// A StepWaiting names who the step still waits for (none: it may end).
type StepWaiting func(g GameState) []string

// Module is one part of a game's rules: the commands it decides (by their
// Go types, from the prototypes in Commands), the events it owns (decodes
// and folds: Events), and the events of other modules it reacts to
// (Subscribes: folded by Apply after the owner's applier, in the order
// the modules are listed).
type Module struct {
	Name       string
	Commands   []Command
	Decide     Decider
	Events     []Event // prototypes, pointers: &Moved{}
	Subscribes []Event
	Apply      Applier
	Steps      []StepRules
}

// StepRules are what a module gives one step of the game's sequence of
// play. Happens says whether a step whose When is WhenRules happens this
// turn, and why not; Begin runs as the step begins, Wait says who it
// waits for, End runs as it ends. Each of Happens, Begin and Wait is
// given by one module at most; several modules may end a step (in the
// order they are listed).
type StepRules struct {
	ID      string
	Happens func(g GameState) (bool, string)
	Begin   StepProcedure
	Wait    StepWaiting
	End     StepProcedure
	// Open says what players may do in the step although it waits for
	// no one (sequence_auto.go): a game with steps:auto does not pass a
	// step while an opening is open (its player has not said /phase
	// done). Given by one module at most.
	Open func(g GameState) []Opening
}

// Hooks are what the kernel asks a game about itself. Every hook may be
// nil: the kernel's default then applies (said at each).
type Hooks struct {
	// OwnsScenario says whether a scenario of the catalogue is this
	// game's: how a game stored before its ruleset was recorded finds it.
	OwnsScenario func(scenario string) bool
	// TurnDate is the first calendar day of a turn, TurnDays its length,
	// LastTurn the scenario's last turn (nil: the kernel's turn record).
	TurnDate func(scenario string, turn int) time.Time
	TurnDays func(scenario string, turn int) int
	LastTurn func(scenario string) int
	// TurnLabel writes a turn's dates as the game's turn record prints
	// them, where the kernel's DateLabel would not (""), and
	// UncountedDays are the days of play after a turn that the calendar
	// does not count (LRTA's printed "September 31"); nil: none.
	TurnLabel     func(scenario string, turn int) string
	UncountedDays func(scenario string, turn int) int
	// Variant is the game's own hooks, which the kernel never reads:
	// what the modules a variant shares with the game it varies ask of
	// it (LRTA's differences from LRTG: lrtgVariant).
	Variant any
	// OpeningTurns are the game's opening turns, on which a step whose
	// When is WhenAfterOpening does not happen and the action cycle's
	// initiative is not rolled (0: none).
	OpeningTurns int
	// CreatorMayPlay says whether the game's creator may command a side
	// and keep the umpire's powers (nil: when nothing is hidden by the
	// intelligence rules). A game whose rules keep secrets of their own
	// (a secret record sheet) says no.
	CreatorMayPlay func(g GameState) bool
	// EncodeState and DecodeState write and read the game's own state
	// (GameState.Own) for a snapshot; nil when the game keeps none.
	EncodeState func(own any) ([]byte, error)
	DecodeState func(data []byte) (any, error)

	// The turn's advance and the fold (issue 20: sequence.go, turn.go,
	// game.go).
	//
	// RecordTurn adds to a turn's advance, as it is decided, what the game
	// records of the turn (LRTG: the ending turn's morale confirmed, its
	// line on the turn record, the new turn's morale), given the units'
	// sizes; the game folds it in a module subscribing to TurnAdvanced.
	// nil: the advance records the turn and its date only.
	RecordTurn func(g GameState, e *TurnAdvanced, sizes UnitSizes)
	// Folded is what the game folds after every event of its stream once
	// the event itself is folded, given the state before it (LRTG: the
	// umpire's log of the players' unchecked changes, double-blind
	// sightings). nil: nothing.
	Folded func(before, next GameState, e Event) GameState

	// Deadlines (deadline_owing.go, deadline_run.go; issue 9): the kernel's
	// scheduler keeps the waits, the reminders, the misses and when a
	// default falls due; who owes what and what a default does are the
	// game's rules, asked here.
	//
	// DeadlineOwing says who owes the step under way where the game's
	// rules say it otherwise than the step's waits (ok false: the kernel
	// reads the waits, Owing). It is asked only while the step waits.
	DeadlineOwing func(g GameState) (owed []Owed, ok bool)
	// AnswersForSide says whether a player answers for his side now when
	// a wait names the side (nil: the side's overall commander,
	// Player.Overall). When no player does, every player of the side
	// answers.
	AnswersForSide func(g GameState, p Player) bool
	// DeadlineDefault is the step's documented default for the players
	// whose grace has run out (ok false: the kernel's, the umpire ends
	// the step for everyone as /phase next force:true would).
	DeadlineDefault func(g GameState, m DeadlineMiss) (d StepDefault, ok bool)
	// AtInstant gives a default's command the instant the scheduler
	// applies it, for a game whose rules time commands (nil: the command
	// as it is).
	AtInstant func(cmd Command, at time.Time) Command

	// The board and the views (board.go, view.go): what the game's rules
	// make of the kernel's board commands and events, and what its
	// hidden intelligence shows.
	//
	// BoardCommand decides a move, a unit's change or a mark (MoveUnits,
	// SetUnit, MarkUnit): the kernel decides the elimination of a unit,
	// the umpire's undo and pause itself. nil: the game has no such
	// commands (refused as not a game command).
	BoardCommand func(g GameState, cmd Command, d Dice) ([]Event, error)
	// BoardEffect is what a board event of the game does to the state
	// (a move, a unit's change: UnitsMoved, UnitSet, or an event of its
	// own the kernel folds), nil for an event that is no board action of
	// the game. The kernel applies it as a board action: the state before
	// is kept for the umpire's undo. nil: no board event changes the
	// state but the kernel's own (elimination, marks).
	BoardEffect func(e Event) func(*GameState)
	// CommandOverride decides, before the kernel's rule of command (a
	// side's commanders, then its overall commander: Controls), whether
	// an actor controls a unit, when the game's rules say (decided). nil:
	// the kernel's rule alone.
	CommandOverride func(g GameState, a Actor, u UnitState) (ok, decided bool)
	// CommandsUnit says whether a player's declared commands (Player.
	// Commands) cover a unit, for the kernel's rule of command
	// (Controls), where the game's rules group designations (a corps of
	// several; its readings: GameOptions.Readings). nil: a declared
	// designation covers the units that carry it (Designation).
	CommandsUnit func(g GameState, cmds []string, u UnitState) bool

	// Creating and starting the game (game.go, game_decide.go).
	//
	// CheckOptions checks the values of the game's own options of a new
	// game (its supply rules, its communications options, its optional
	// rules' numbers), after the kernel's (the intelligence modes). nil:
	// none are the game's.
	CheckOptions func(o GameOptions) error
	// CheckCommand checks a side's division of command, its players'
	// declared commands, against the order of battle about to be set up
	// (/game start). nil: the declarations stand as made.
	CheckCommand func(g GameState, side Side, players []Player, oob *OrderOfBattle) error
	// CheckJoin checks one joining player's declared commands against the
	// order of battle as he joins (/game join), naming every designation
	// the side does not have. nil: checked at the start only.
	CheckJoin func(g GameState, side Side, commands []string, oob *OrderOfBattle) error
	// View adds to a view what the game's intelligence rules show
	// (ViewFor): the counters it keeps off the units (dummies) to the
	// umpire's and the public's views, and the whole of a side's or a
	// commander's view in a hidden mode. nil: a side or a commander sees
	// its own units only in a hidden mode, and nothing is added.
	View func(g GameState, view *View, b ViewBuilder)
}

// NewRuleset builds a game's ruleset from its modules, listed explicitly.
// It panics when two modules claim one command type, one event type, or
// one step's Happens, Begin or Wait, or when an event type is the
// kernel's own (a programming error, found when the bot starts).
func NewRuleset(id Game, hooks Hooks, modules ...Module) *Ruleset {
	return newRuleset(id, hooks, false, modules...)
}

// newRuleset builds a ruleset; the kernel's own (kernel true) is not
// checked against the kernel's events, which it defines.
func newRuleset(id Game, hooks Hooks, kernel bool, modules ...Module) *Ruleset {
	rs := &Ruleset{id: id, hooks: hooks, deciders: map[reflect.Type]Decider{}, appliers: map[reflect.Type][]Applier{},
		reactions: map[reflect.Type][]Applier{}, events: map[string]reflect.Type{}, steps: map[string]*StepRules{}, ends: map[string][]StepProcedure{}}
	cmdOwner := map[reflect.Type]string{}
	evOwner := map[string]string{}
	for _, m := range modules {
		for _, c := range m.Commands {
			t := reflect.TypeOf(c)
			if o, dup := cmdOwner[t]; dup {
				panic(fmt.Sprintf("engine: ruleset %s: command %s claimed by %s and %s", id, t, o, m.Name))
			}
			if m.Decide == nil {
				panic(fmt.Sprintf("engine: ruleset %s: module %s lists commands and decides none", id, m.Name))
			}
			cmdOwner[t] = m.Name
			rs.deciders[t] = m.Decide
		}
		for _, e := range m.Events {
			typ := e.EventType()
			if o, dup := evOwner[typ]; dup {
				panic(fmt.Sprintf("engine: ruleset %s: event %s claimed by %s and %s", id, typ, o, m.Name))
			}
			if !kernel && kernelEvent(typ) != nil {
				panic(fmt.Sprintf("engine: ruleset %s: event %s is the kernel's", id, typ))
			}
			evOwner[typ] = m.Name
			rs.events[typ] = reflect.TypeOf(e).Elem()
			if m.Apply != nil {
				rs.appliers[reflect.TypeOf(e)] = []Applier{m.Apply}
			}
		}
		for _, s := range m.Steps {
			sr := rs.steps[s.ID]
			if sr == nil {
				sr = &StepRules{ID: s.ID}
				rs.steps[s.ID] = sr
			}
			claim := func(what string, given, had bool) {
				if given && had {
					panic(fmt.Sprintf("engine: ruleset %s: step %s's %s given twice (module %s)", id, s.ID, what, m.Name))
				}
			}
			claim("Happens", s.Happens != nil, sr.Happens != nil)
			claim("Begin", s.Begin != nil, sr.Begin != nil)
			claim("Wait", s.Wait != nil, sr.Wait != nil)
			claim("Open", s.Open != nil, sr.Open != nil)
			if s.Open != nil {
				sr.Open = s.Open
			}
			if s.Happens != nil {
				sr.Happens = s.Happens
			}
			if s.Begin != nil {
				sr.Begin = s.Begin
			}
			if s.Wait != nil {
				sr.Wait = s.Wait
			}
			if s.End != nil {
				rs.ends[s.ID] = append(rs.ends[s.ID], s.End)
			}
		}
	}
	// Subscribers come after every owner, in the order they are listed.
	for _, m := range modules {
		for _, e := range m.Subscribes {
			if m.Apply == nil {
				panic(fmt.Sprintf("engine: ruleset %s: module %s subscribes and applies nothing", id, m.Name))
			}
			t := reflect.TypeOf(e)
			switch _, owned := evOwner[e.EventType()]; {
			case owned:
				rs.appliers[t] = append(rs.appliers[t], m.Apply)
			case !kernel && kernelEvent(e.EventType()) != nil:
				rs.reactions[t] = append(rs.reactions[t], m.Apply)
			default:
				panic(fmt.Sprintf("engine: ruleset %s: module %s subscribes to %s, which no module owns", id, m.Name, e.EventType()))
			}
		}
	}
	return rs
}

// ID is the game the ruleset plays ("litn").
func (rs *Ruleset) ID() Game { return rs.id }

// Hooks returns the ruleset's hooks.
func (rs *Ruleset) Hooks() Hooks { return rs.hooks }

// EventTypes lists the types of the events the ruleset owns, sorted.
func (rs *Ruleset) EventTypes() []string {
	out := make([]string, 0, len(rs.events))
	for t := range rs.events {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// NewEvent returns a new, empty event of a type the ruleset owns, or nil.
func (rs *Ruleset) NewEvent(typ string) Event {
	t, ok := rs.events[typ]
	if !ok {
		return nil
	}
	return reflect.New(t).Interface().(Event)
}

func (rs *Ruleset) decide(g GameState, cmd Command, d Dice) ([]Event, bool, error) {
	if rs == nil {
		return nil, false, nil
	}
	f, ok := rs.deciders[reflect.TypeOf(cmd)]
	if !ok {
		return nil, false, nil
	}
	evs, err := f(g, cmd, d)
	return evs, true, err
}

func (rs *Ruleset) apply(g GameState, e Event) (GameState, bool) {
	if rs == nil {
		return g, false
	}
	fs, ok := rs.appliers[reflect.TypeOf(e)]
	if !ok {
		return g, false
	}
	for _, f := range fs {
		g = f(g, e)
	}
	return g, true
}

// react folds the ruleset's subscribers to a kernel event, after the
// kernel has folded it.
func (rs *Ruleset) react(g GameState, e Event) GameState {
	if rs == nil {
		return g
	}
	for _, f := range rs.reactions[reflect.TypeOf(e)] {
		g = f(g, e)
	}
	return g
}

// step returns what the ruleset gives a step, or nil.
func (rs *Ruleset) step(id string) *StepRules {
	if rs == nil {
		return nil
	}
	return rs.steps[id]
}

// stepEnd is the procedure that ends a step: every module's, in order.
func (rs *Ruleset) stepEnd(id string) StepProcedure {
	ends := rs.ends[id]
	if len(ends) == 0 {
		return nil
	}
	return func(g GameState, d Dice, ctx StepContext) ([]Event, error) {
		var evs []Event
		for _, end := range ends {
			more, err := end(g, d, ctx)
			if err != nil {
				return nil, err
			}
			for _, e := range more {
				g = g.Apply(e)
			}
			evs = append(evs, more...)
		}
		return evs, nil
	}
}

// A ForeignCommand is a command of one game's ruleset that says why a game
// of another cannot take it (a record sheet loaded into a game that has
// none), rather than the kernel's "not a game command".
type ForeignCommand interface {
	Command
	Foreign(g GameState) error
}

// Rules returns the game's ruleset: nil before the game is created (or
// in a test's bare state).
func (g GameState) Rules() *Ruleset { return g.rules }

// Game returns the game this game plays: its ruleset's ("" before the
// game is created). A game stored before its ruleset was recorded finds
// it by its scenario (Rulesets.Of, Hooks.OwnsScenario).
func (g GameState) Game() Game {
	if g.rules != nil {
		return g.rules.id
	}
	return ""
}

// Rulesets are the games a bot plays, listed in one place (bot's
// DefaultRulesets, cmd/umpire): what decodes a stored event of any game
// and finds the ruleset of a stored game.
type Rulesets struct {
	list []*Ruleset
}

// NewRulesets lists the rulesets. It panics when two have one id or own
// one event type as two Go types.
func NewRulesets(rs ...*Ruleset) *Rulesets {
	ids := map[Game]bool{}
	owner := map[string]Game{}
	types := map[string]reflect.Type{}
	for _, r := range rs {
		if ids[r.id] {
			panic(fmt.Sprintf("engine: ruleset %s listed twice", r.id))
		}
		ids[r.id] = true
		for typ, t := range r.events {
			// A variant (LRTA) shares the events of the game it varies
			// (LRTG): one type may be listed by both, as one Go type.
			if o, dup := owner[typ]; dup && types[typ] != t {
				panic(fmt.Sprintf("engine: event %s owned by rulesets %s and %s", typ, o, r.id))
			}
			owner[typ], types[typ] = r.id, t
		}
	}
	return &Rulesets{list: append([]*Ruleset(nil), rs...)}
}

// Get returns the ruleset with the id, or nil.
func (r *Rulesets) Get(id Game) *Ruleset {
	if r == nil {
		return nil
	}
	for _, rs := range r.list {
		if rs.id == id {
			return rs
		}
	}
	return nil
}

// ForScenario returns the ruleset that owns a scenario of the catalogue,
// or nil.
func (r *Rulesets) ForScenario(scenario string) *Ruleset {
	if r == nil {
		return nil
	}
	for _, rs := range r.list {
		if rs.hooks.OwnsScenario != nil && rs.hooks.OwnsScenario(scenario) {
			return rs
		}
	}
	return nil
}

// Of returns the ruleset of a game with these options: the one recorded
// (Options.Game), else, for a game stored before it was recorded, the one
// that owns its scenario; nil when no listed ruleset plays it.
func (r *Rulesets) Of(o GameOptions) *Ruleset {
	if o.Game != "" {
		if rs := r.Get(o.Game); rs != nil {
			return rs
		}
	}
	return r.ForScenario(o.Scenario)
}

// EventTypes lists every event type the rulesets and the kernel decode,
// sorted.
func (r *Rulesets) EventTypes() []string {
	out := kernelEventTypes()
	if r != nil {
		seen := map[string]bool{}
		for _, rs := range r.list {
			for _, t := range rs.EventTypes() {
				if !seen[t] {
					seen[t] = true
					out = append(out, t)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// DecodeEvent rebuilds an event of any listed game, or of the kernel,
// from its stored type and JSON data. A game's creation learns its
// ruleset here (GameCreated.Rules), so the fold of a stored game knows
// its rules.
func (r *Rulesets) DecodeEvent(typ string, data []byte) (Event, error) {
	if r != nil {
		for _, rs := range r.list {
			if e := rs.NewEvent(typ); e != nil {
				return unmarshalEvent(typ, data, e)
			}
		}
	}
	e, err := DecodeEvent(typ, data)
	if err != nil {
		return nil, err
	}
	if c, ok := e.(*GameCreated); ok {
		c.Rules = r.Of(c.Options)
	}
	return e, nil
}

// EncodeOwn writes the game's own state for a snapshot with its ruleset's
// codec (Hooks.EncodeState): nil for a game with no ruleset or no codec.
func (g GameState) EncodeOwn() ([]byte, error) {
	if g.rules == nil || g.rules.hooks.EncodeState == nil {
		return nil, nil
	}
	return g.rules.hooks.EncodeState(g.Own)
}

// Restore gives a game read back from a snapshot what the snapshot does
// not hold as such: its ruleset (from its options, as DecodeEvent finds
// it) and its own state from the bytes EncodeOwn wrote.
func (r *Rulesets) Restore(g GameState, own []byte) (GameState, error) {
	g.rules = r.Of(g.Options)
	g.Own = nil
	if g.rules == nil || own == nil {
		return g, nil
	}
	if g.rules.hooks.DecodeState == nil {
		return g, fmt.Errorf("engine: ruleset %s has no state decoder for the snapshot", g.rules.id)
	}
	s, err := g.rules.hooks.DecodeState(own)
	if err != nil {
		return g, err
	}
	g.Own = s
	return g, nil
}

// Bare is a state of a game of this ruleset with these options and no
// events folded: what reads a scenario's calendar and turn record outside
// a game (scenarios' checks of the printed records).
func (rs *Ruleset) Bare(o GameOptions) GameState { return GameState{Options: o, rules: rs} }

// CommandTypes are the types of the commands the ruleset's modules
// decide, by name (a game's checks that every command has a decider).
func (rs *Ruleset) CommandTypes() []reflect.Type {
	out := make([]reflect.Type, 0, len(rs.deciders))
	for t := range rs.deciders {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// WithRules returns the state played by another ruleset: a test's game of
// one variant put to the other's rules.
func (g GameState) WithRules(rs *Ruleset) GameState {
	g.rules = rs
	return g
}
