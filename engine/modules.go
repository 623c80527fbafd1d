package engine

import "reflect"

// Rule modules. The board's rules live in files of their own (movement,
// unit status and combat results, attachment, records); each registers,
// in an init function, how it decides its commands and folds its events,
// and the prototypes of its events. Decide and Apply consult them after
// the core game commands and events.

// A decider settles a command it knows (ok true), or passes (ok false).
type decider func(g GameState, cmd Command, d Dice) (evs []Event, ok bool, err error)

// An applier folds an event it knows (ok true), or passes (ok false). It
// must not change the receiver's maps or slices: copy before writing.
type applier func(g GameState, e Event) (next GameState, ok bool)

var (
	deciders   []decider
	appliers   []applier
	eventTypes = map[string]reflect.Type{}
)

// registerModule adds a rule module: its decider, its applier and the
// prototypes of its events (pointers, e.g. &UnitsRailed{}).
func registerModule(d decider, a applier, events ...Event) {
	if d != nil {
		deciders = append(deciders, d)
	}
	if a != nil {
		appliers = append(appliers, a)
	}
	for _, e := range events {
		if _, dup := eventTypes[e.EventType()]; dup {
			panic("engine: event type registered twice: " + e.EventType())
		}
		eventTypes[e.EventType()] = reflect.TypeOf(e).Elem()
	}
}

// moduleEvent returns a new, empty event of a module's type, or nil.
func moduleEvent(typ string) Event {
	t, ok := eventTypes[typ]
	if !ok {
		return nil
	}
	return reflect.New(t).Interface().(Event)
}

func (g GameState) decideModules(cmd Command, d Dice) ([]Event, bool, error) {
	for _, f := range deciders {
		if evs, ok, err := f(g, cmd, d); ok {
			return evs, true, err
		}
	}
	return nil, false, nil
}

func (g GameState) applyModules(e Event) (GameState, bool) {
	for _, f := range appliers {
		if next, ok := f(g, e); ok {
			return next, true
		}
	}
	return g, false
}
