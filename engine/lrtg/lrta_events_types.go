// LRTA random events (004 "Random Events"; 004 Sequence of Play 1 d), see
// 6.0): the module's state (LRTAEventsState), its events and the Raw
// Recruits command. Moved out of lrta_events.go, which keeps the module's
// registration, decider, applier and step functions.

package lrtg

import "github.com/umpire-games/umpire/engine"

// LRTAEventsState is the LRTA random events of the game so far: the event
// of each turn and what it did, Raw Recruits' manpower as the Union gave
// it, and the leaders Leader Casualties replaced.
type LRTAEventsState struct {
	Rolled   []LRTARandomEvent   // one per turn rolled, in order
	Recruits []LRTARecruitsAdded // Raw Recruits given
	Replaced map[string]string   // a unit Leader Casualties took out -> its replacement
}

// Of returns the random event of a turn, or nil.
func (s LRTAEventsState) Of(turn int) *LRTARandomEvent {
	for i := range s.Rolled {
		if s.Rolled[i].Turn == turn {
			return &s.Rolled[i]
		}
	}
	return nil
}

// Event types of this module.
const (
	EventLRTARandomEvent = "lrta.random-event"
	EventLRTARecruits    = "lrta.recruits"
)

// LRTARandomEvent is a turn's LRTA random event: the roll (the
// table.rolled event before it), the event after the "treat instead"
// chain, and what it did (Notes).
type LRTARandomEvent struct {
	By      engine.Actor `json:"by"`
	Turn    int          `json:"turn"`
	Days    int          `json:"days"`
	Roll    int64        `json:"roll"`
	Printed string       `json:"printed"`
	Outcome string       `json:"outcome"`
	Name    string       `json:"name"`
	// Pope: McClellan had not assumed command when it was rolled.
	Pope bool `json:"pope,omitempty"`
	// SugarLoaf is the side of the last unit seen on Sugar Loaf Mountain
	// as of this step ("" none yet): the Enemy Intelligence modifiers.
	SugarLoaf engine.Side `json:"sugar_loaf,omitempty"`
	// Enemy Intelligence: the contest's roll, winner and form (csa, usa,
	// three-cigars, usa-common); IntelCavalry settles a tie (umpire;
	// cavalry_tie.go), IntelTie in words in events stored before.
	IntelRoll    int64       `json:"intel_roll,omitempty"`
	Intel        engine.Side `json:"intel,omitempty"`
	IntelForm    string      `json:"intel_form,omitempty"`
	IntelTie     string      `json:"intel_tie,omitempty"`
	IntelCavalry *CavalryTie `json:"intel_cavalry,omitempty"`
	// Leader Casualties: the roll and its outcome id; Replaced is the unit
	// taken out and Replacement the counter that takes its place.
	CasualtyRoll int64             `json:"casualty_roll,omitempty"`
	Casualty     string            `json:"casualty,omitempty"`
	CasualtyName string            `json:"casualty_name,omitempty"`
	Replaced     string            `json:"replaced,omitempty"`
	Replacement  *engine.UnitState `json:"replacement,omitempty"`
	// Raw Recruits: the manpower the Union may give now.
	Recruits int `json:"recruits,omitempty"`
	// Notes says what was applied, what is tracked and what is left to
	// the players: codes and parameters (lrta_events_notes.go), placing no
	// unit. Effects is the sentences events stored before the codes carry:
	// read, never written.
	Effects []string     `json:"effects,omitempty"`
	Notes   []RandomNote `json:"notes,omitempty"`
}

// EventType implements Event.
func (*LRTARandomEvent) EventType() string { return EventLRTARandomEvent }

// LRTARecruitsAdded is the Union's Raw Recruits: manpower given to its
// infantry, and the Army of the Potomac casualties it adds for army
// demoralization only (004 Raw Recruits).
type LRTARecruitsAdded struct {
	By         engine.Actor   `json:"by"`
	Turn       int            `json:"turn"`
	Gains      []ManpowerGain `json:"gains,omitempty"`
	AoP        int            `json:"aop,omitempty"`        // manpower given to AoP units or units that may attach to them
	Casualties int            `json:"casualties,omitempty"` // AoP casualties for demoralization: one per two (rounded up)
	Unchecked  []string       `json:"unchecked,omitempty"`
	Overruled  string         `json:"overruled,omitempty"`
}

// EventType implements Event.
func (*LRTARecruitsAdded) EventType() string { return EventLRTARecruits }

// GiveRawRecruits is the Union's use of a Raw Recruits event: manpower
// per infantry unit in resupply range, at most the event's total (none:
// declined). Reason is the umpire's, to set the resupply check aside.
type GiveRawRecruits struct {
	By       engine.Actor
	Manpower map[string]int
	Reason   string
}

// CommandName implements Command.
func (GiveRawRecruits) CommandName() string { return "recruits" }
