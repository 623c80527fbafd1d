// The records module's commands and events (/turn next, /morale adjust,
// /morale check, /supply adjust; LRTG 13, 15; 000 VII 7) and the unit sizes
// that morale (15.1) and supply (13.0) read. Moved out of records.go.

package engine

// UnitSizes gives each unit's size by id (division, brigade, regiment...):
// the order of battle's, which the game state does not copy. Morale and
// supply need it (15.1 counts divisions and brigades; 13.0 supplies
// divisions and cavalry brigades).
type UnitSizes map[string]string

// SizesOf returns the unit sizes of an order of battle.
func SizesOf(o *OrderOfBattle) UnitSizes {
	if o == nil {
		return nil
	}
	out := make(UnitSizes, len(o.Units))
	for _, u := range o.Units {
		out[u.ID] = u.Size
	}
	return out
}

type (
	// AdvanceTurn ends the turn and starts the next (umpire; until the
	// sequence of play does it).
	AdvanceTurn struct {
		By     Actor
		Reason string
		Sizes  UnitSizes
	}
	// AdjustMorale records a morale contribution the engine cannot compute
	// yet (combat losses, a second demoralization level, ...).
	AdjustMorale struct {
		By     Actor
		Side   Side
		Delta  int
		Reason string
		Sizes  UnitSizes
	}
	// CheckMorale confirms both armies' morale states and their VP now.
	CheckMorale struct {
		By    Actor
		Sizes UnitSizes
	}
	// AdjustSupply records victuals spent or gained: the side's track
	// (simplified supply), its units' victuals (normal and augmented
	// supply), or a levied town's store.
	AdjustSupply struct {
		By     Actor
		Side   Side
		Delta  int
		Reason string
		Units  []string // normal / augmented supply: these units (none: every unit of the side on the map that needs supply)
		Store  *Place   // a levied town or a captured depot whose victuals are taken
		Sizes  UnitSizes
	}
)

// CommandName implements Command.
func (AdvanceTurn) CommandName() string { return "turn next" }

// CommandName implements Command.
func (AdjustMorale) CommandName() string { return "morale adjust" }

// CommandName implements Command.
func (CheckMorale) CommandName() string { return "morale check" }

// CommandName implements Command.
func (AdjustSupply) CommandName() string { return "supply adjust" }

// Records events.
const (
	EventTurnAdvanced   = "turn.advanced"
	EventMoraleAdjusted = "morale.adjusted"
	EventMoraleChecked  = "morale.checked"
	EventSupplyAdjusted = "supply.adjusted"
)

// MoraleCheck is a confirmation of both armies' morale: the eliminations
// counted from now on, each army's level and state, and the Disorder /
// Panic VP it moves (000 VII 7).
type MoraleCheck struct {
	Stamped   []Elimination `json:"stamped,omitempty"`
	Unstamped []string      `json:"unstamped,omitempty"` // units no longer eliminated
	Armies    []ArmyCheck   `json:"armies"`
	VP        []MoraleVP    `json:"vp,omitempty"`
}

// ArmyCheck is one army's confirmed morale.
type ArmyCheck struct {
	Side     Side `json:"side"`
	Level    int  `json:"level"`
	Disorder bool `json:"disorder,omitempty"`
	Panic    bool `json:"panic,omitempty"`
	Flight   bool `json:"flight,omitempty"`
}

// MoraleVP is a change of the Disorder / Panic award (+ is Confederate).
type MoraleVP struct {
	Turn int    `json:"turn"`
	What string `json:"what"`
	VP   int    `json:"vp"`
}

// TurnAdvanced records the end of a turn and the start of the next: the
// ending turn's morale confirmed (its Victory Check Phase), its line on
// the record, and the new turn's morale once eliminations age.
type TurnAdvanced struct {
	By      Actor       `json:"by"`
	From    int         `json:"from"`
	To      int         `json:"to"`
	Date    string      `json:"date"` // the new turn's first day
	Reason  string      `json:"reason,omitempty"`
	Closing MoraleCheck `json:"closing"`
	Point   TurnPoint   `json:"point"`
	Opening MoraleCheck `json:"opening"`
}

// MoraleAdjusted records a morale contribution and the check after it.
type MoraleAdjusted struct {
	By     Actor       `json:"by"`
	Side   Side        `json:"side"`
	Delta  int         `json:"delta"`
	Reason string      `json:"reason"`
	Turn   int         `json:"turn"`
	Check  MoraleCheck `json:"check"`
}

// MoraleChecked records a confirmation of the armies' morale.
type MoraleChecked struct {
	By    Actor       `json:"by"`
	Turn  int         `json:"turn"`
	Check MoraleCheck `json:"check"`
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
	By     Actor           `json:"by"`
	Side   Side            `json:"side"`
	Turn   int             `json:"turn"`
	Rule   string          `json:"rule"` // normal, simplified or augmented
	Delta  int             `json:"delta"`
	Reason string          `json:"reason"`
	Track  *VictualChange  `json:"track,omitempty"` // simplified: the side's track
	Units  []VictualChange `json:"units,omitempty"` // normal / augmented
	Store  *VictualChange  `json:"store,omitempty"` // a levied town (Unit is its name)
	Check  MoraleCheck     `json:"check"`
}

// EventType implements Event.
func (*TurnAdvanced) EventType() string { return EventTurnAdvanced }

// EventType implements Event.
func (*MoraleAdjusted) EventType() string { return EventMoraleAdjusted }

// EventType implements Event.
func (*MoraleChecked) EventType() string { return EventMoraleChecked }

// EventType implements Event.
func (*SupplyAdjusted) EventType() string { return EventSupplyAdjusted }
