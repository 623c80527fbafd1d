package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// Event is a fact that happened. Events are appended to a stream and never
// changed; a state is the fold of its stream's events.
type Event interface {
	// EventType is the stable name stored with the event and shown to
	// scripts, e.g. "dice.rolled". It never changes once released.
	EventType() string
}

// Actor is who issued a command: a Discord user (or a console player).
type Actor struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Umpire is set by the adapter for members of the configured umpire
	// role: they act as the umpire of every game.
	Umpire bool `json:"umpire,omitempty"`
}

// EncodeEvent returns an event's stored type and JSON data.
func EncodeEvent(e Event) (string, []byte, error) {
	b, err := json.Marshal(e)
	if err != nil {
		return "", nil, fmt.Errorf("engine: encode %s: %w", e.EventType(), err)
	}
	return e.EventType(), b, nil
}

// DecodeEvent rebuilds an event of the kernel or of its built-in modules
// from its stored type and JSON data. A game's own events decode through
// its ruleset: Rulesets.DecodeEvent.
func DecodeEvent(typ string, data []byte) (Event, error) {
	e := kernelEvent(typ)
	if e == nil {
		return nil, fmt.Errorf("engine: unknown event type %q", typ)
	}
	return unmarshalEvent(typ, data, e)
}

func unmarshalEvent(typ string, data []byte, e Event) (Event, error) {
	if err := json.Unmarshal(data, e); err != nil {
		return nil, fmt.Errorf("engine: decode %s: %w", typ, err)
	}
	return e, nil
}

// coreEvents are the prototypes of the kernel's own events (the built-in
// modules' are kernelRules'): the one list kernelEvent and
// kernelEventTypes read.
var coreEvents = []Event{&DiceRolled{}, &TableRolled{}, &ChartLoaded{}, &ChartRolled{}, &GameCreated{}, &GameJoined{}, &GameLeft{},
	&GameStarted{}, &GameEnded{}, &UnitsMoved{}, &UnitSet{}, &UnitEliminated{}, &Undone{}, &Paused{},
	&UnitMarked{}, &TerrainLoaded{}, &Rewound{}}

// kernelEvent returns a new, empty event of the kernel's or a built-in
// module's type, or nil.
func kernelEvent(typ string) Event {
	for _, p := range coreEvents {
		if p.EventType() == typ {
			return reflect.New(reflect.TypeOf(p).Elem()).Interface().(Event)
		}
	}
	return KernelRules().NewEvent(typ)
}

// kernelEventTypes lists the event types kernelEvent knows.
func kernelEventTypes() []string {
	out := make([]string, 0, len(coreEvents))
	for _, p := range coreEvents {
		out = append(out, p.EventType())
	}
	return append(out, KernelRules().EventTypes()...)
}

// Event type names.
const (
	EventDiceRolled  = "dice.rolled"
	EventTableRolled = "table.rolled"
	EventChartLoaded = "chart.loaded"
	EventChartRolled = "chart.rolled"
)

// DiceRolled records one roll: every die, every modifier and the total.
// Number counts the rolls of the stream (a channel, later a game) from 1:
// its public rolls, or, for a secret roll, its audience's (Secret).
type DiceRolled struct {
	Number int64 `json:"number"`
	RollStream
	Expression string       `json:"expression"`
	Purpose    string       `json:"purpose,omitempty"`
	By         Actor        `json:"by"`
	Terms      []TermResult `json:"terms"`
	Total      int          `json:"total"`
}

// EventType implements Event.
func (*DiceRolled) EventType() string { return EventDiceRolled }

// TableRolled records a roll on a rules table with everything that
// explains it. Number counts the stream's rolls, shared with DiceRolled.
type TableRolled struct {
	Number int64 `json:"number"`
	By     Actor `json:"by"`
	RollStream
	TableRoll
}

// EventType implements Event.
func (*TableRolled) EventType() string { return EventTableRolled }

// ChartLoaded records a group's copy of a printed chart loaded into its
// slot (replacing any earlier copy).
type ChartLoaded struct {
	Slot  string      `json:"slot"`
	Chart LoadedChart `json:"chart"`
	By    Actor       `json:"by"`
}

// EventType implements Event.
func (*ChartLoaded) EventType() string { return EventChartLoaded }

// ChartRolled records a roll on a loaded chart. Number counts the stream's
// rolls, shared with DiceRolled and TableRolled.
type ChartRolled struct {
	Number int64 `json:"number"`
	By     Actor `json:"by"`
	RollStream
	ChartRoll
}

// EventType implements Event.
func (*ChartRolled) EventType() string { return EventChartRolled }
