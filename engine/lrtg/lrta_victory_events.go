// The events of LRTA's victory module (004): the Confederate Objectives
// step and its choices, discoveries and achievements, Washington, DC
// control, the Victory Check Phase and the Emancipation Proclamation, with
// their event type names.

package lrtg

import "github.com/umpire-games/umpire/engine"

// LRTA victory events.
const (
	EventObjectivesPhase     = "lrta.objectives.phase"
	EventObjectivesSelected  = "lrta.objectives.selected"
	EventObjectiveDiscovered = "lrta.objectives.discovery"
	EventObjectiveAchieved   = "lrta.objectives.achieved"
	EventDCControlled        = "lrta.dc"
	EventLRTAVictoryPhase    = "lrta.victory.phase"
	EventEmancipation        = "lrta.emancipation"
)

// ObjectivesPhase records step 2b's start: the optional rule's -40 VP on
// its first turn, and whether the Confederates may choose now.
type ObjectivesPhase struct {
	Turn      int    `json:"turn"`
	RuleVP    int    `json:"rule_vp,omitempty"` // -40 on the first 2b
	MayChoose bool   `json:"may_choose,omitempty"`
	Why       string `json:"why"` // why they may or may not choose
}

// ObjectivesSelected records the Confederates' choice. Its data names the
// objectives: it is shown to the Confederates and the umpire only.
type ObjectivesSelected struct {
	By         engine.Actor `json:"by"`
	Turn       int          `json:"turn"`
	Objectives []string     `json:"objectives,omitempty"` // held from now on
	New        []string     `json:"new,omitempty"`        // newly selected (each costs 10 VP)
	Kept       bool         `json:"kept,omitempty"`
	VP         int          `json:"vp,omitempty"`
	Reason     string       `json:"reason,omitempty"`
}

// ObjectiveDiscovered records the Union's discovery roll (its dice are the
// table.rolled event before it); it names no objective.
type ObjectiveDiscovered struct {
	Turn    int    `json:"turn"`
	Roll    int64  `json:"roll"`
	Total   int    `json:"total"`
	Outcome string `json:"outcome"`
	Held    int    `json:"held"` // how many objectives the roll is about
}

// ObjectiveAchieved records an objective achieved (public: it is
// announced to score).
type ObjectiveAchieved struct {
	By        engine.Actor `json:"by"`
	Turn      int          `json:"turn"`
	Objective string       `json:"objective"`
	Selected  int          `json:"selected"` // the turn it was selected
	VP        int          `json:"vp"`
	Checked   []string     `json:"checked,omitempty"`
	Unchecked []string     `json:"unchecked,omitempty"`
	Overruled string       `json:"overruled,omitempty"`
	Reason    string       `json:"reason,omitempty"`
}

// DCControlled records a Washington, DC award. It names no unit.
type DCControlled struct {
	By        engine.Actor `json:"by"`
	Turn      int          `json:"turn"`
	Item      string       `json:"item"`
	Key       string       `json:"key"` // the item, or fort:<name>
	What      string       `json:"what"`
	VP        int          `json:"vp"`
	Checked   []string     `json:"checked,omitempty"`
	Unchecked []string     `json:"unchecked,omitempty"`
	Overruled string       `json:"overruled,omitempty"`
	Reason    string       `json:"reason,omitempty"`
}

// LRTAVictoryPhase records what the Victory Check Phase tells every player
// beyond the checks: the turn record's notes, and whether the Emancipation
// Proclamation may be issued this turn. Facts are what it tells, as codes
// and parameters (lrta_victory_notes.go); Notes the sentences events
// stored before the codes carry: read, never written.
type LRTAVictoryPhase struct {
	Turn   int           `json:"turn"`
	Notes  []string      `json:"notes,omitempty"`
	EPOpen bool          `json:"ep_open,omitempty"`
	Facts  []VictoryNote `json:"facts,omitempty"`
}

// EmancipationDecided records the Union's choice on the Emancipation
// Proclamation, with the levels that allowed it.
type EmancipationDecided struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Issued bool         `json:"issued"`
	CSA    int          `json:"csa_level"`
	USA    int          `json:"usa_level"`
	Reason string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*ObjectivesPhase) EventType() string { return EventObjectivesPhase }

// EventType implements Event.
func (*ObjectivesSelected) EventType() string { return EventObjectivesSelected }

// EventType implements Event.
func (*ObjectiveDiscovered) EventType() string { return EventObjectiveDiscovered }

// EventType implements Event.
func (*ObjectiveAchieved) EventType() string { return EventObjectiveAchieved }

// EventType implements Event.
func (*DCControlled) EventType() string { return EventDCControlled }

// EventType implements Event.
func (*LRTAVictoryPhase) EventType() string { return EventLRTAVictoryPhase }

// EventType implements Event.
func (*EmancipationDecided) EventType() string { return EventEmancipation }
