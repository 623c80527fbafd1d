// The records module's commands and events (/turn next, /morale adjust,
// /morale check, /supply adjust; LRTG 13, 15; 000 VII 7) and the unit sizes
// that morale (15.1) and supply (13.0) read. Moved out of records.go.

package lrtg

import "github.com/umpire-games/umpire/engine"

type (
	// AdjustMorale records a morale contribution the engine cannot compute
	// yet (combat losses, a second demoralization level, ...).
	AdjustMorale struct {
		By     engine.Actor
		Side   engine.Side
		Delta  int
		Reason string
		Sizes  engine.UnitSizes
	}
	// CheckMorale confirms both armies' morale states and their VP now.
	CheckMorale struct {
		By    engine.Actor
		Sizes engine.UnitSizes
	}
	// AdjustSupply records victuals spent or gained: the side's track
	// (simplified supply), its units' victuals (normal and augmented
	// supply), or a levied town's store.
	AdjustSupply struct {
		By     engine.Actor
		Side   engine.Side
		Delta  int
		Reason string
		// Code and Divisions are the engine's own reason, as a code
		// (SupplyWhy*) and its parameter, in place of Reason's words.
		Code      string
		Divisions int
		Units     []string      // normal / augmented supply: these units (none: every unit of the side on the map that needs supply)
		Store     *engine.Place // a levied town or a captured depot whose victuals are taken
		Sizes     engine.UnitSizes
	}
)

// CommandName implements Command.
func (AdjustMorale) CommandName() string { return "morale adjust" }

// CommandName implements Command.
func (CheckMorale) CommandName() string { return "morale check" }

// CommandName implements Command.
func (AdjustSupply) CommandName() string { return "supply adjust" }

// Records events.
const (
	EventMoraleAdjusted = "morale.adjusted"
	EventMoraleChecked  = "morale.checked"
	EventSupplyAdjusted = "supply.adjusted"
)

// MoraleAdjusted records a morale contribution and the check after it.
type MoraleAdjusted struct {
	By     engine.Actor       `json:"by"`
	Side   engine.Side        `json:"side"`
	Delta  int                `json:"delta"`
	Reason string             `json:"reason"`
	Turn   int                `json:"turn"`
	Check  engine.MoraleCheck `json:"check"`
}

// MoraleChecked records a confirmation of the armies' morale.
type MoraleChecked struct {
	By    engine.Actor       `json:"by"`
	Turn  int                `json:"turn"`
	Check engine.MoraleCheck `json:"check"`
}

// VictualChange is one unit's victuals before and after.
type VictualChange struct {
	Unit string `json:"unit"`
	Name string `json:"name"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// SupplyAdjusted records victuals spent or gained, and the morale check
// after (simplified supply moves morale, 24.6; out-of-supply divisions do,
// 15.1).
type SupplyAdjusted struct {
	By     engine.Actor `json:"by"`
	Side   engine.Side  `json:"side"`
	Turn   int          `json:"turn"`
	Rule   string       `json:"rule"` // normal, simplified or augmented
	Delta  int          `json:"delta"`
	Reason string       `json:"reason,omitempty"` // the umpire's or player's words
	// ReasonCode is the engine's reason (SupplyWhy*; the words are the
	// bot's) with its Divisions, in place of Reason; events stored before
	// the codes carry the engine's words in Reason.
	ReasonCode string             `json:"reason_code,omitempty"`
	Divisions  int                `json:"divisions,omitempty"`
	Track      *VictualChange     `json:"track,omitempty"` // simplified: the side's track
	Units      []VictualChange    `json:"units,omitempty"` // normal / augmented
	Store      *VictualChange     `json:"store,omitempty"` // a levied town (Unit is its name)
	Check      engine.MoraleCheck `json:"check"`
}

// EventType implements Event.
func (*MoraleAdjusted) EventType() string { return EventMoraleAdjusted }

// EventType implements Event.
func (*MoraleChecked) EventType() string { return EventMoraleChecked }

// EventType implements Event.
func (*SupplyAdjusted) EventType() string { return EventSupplyAdjusted }
