package litn

import (
	"github.com/umpire-games/umpire/engine"
)

// The commands players send and the events the log stores in the Combat
// Phase (3.1 G; 10). Their JSON is the stored log's schema: add fields
// with omitempty, never rename them.

// Attack declares an attack in a battle hex, or declines (002 10).
type Attack struct {
	By      engine.Actor
	Hex     string
	Side    engine.Side // the umpire's choice ("" : the side whose decision it is)
	Units   []string    // the attacking units (ids or names); none: all that may
	Decline bool
	// Fortification: the umpire declares the hex a Washington fortification
	// hex (13); the map data has none (docs/litn-play-combat.md).
	Fortification bool
	// Surprise: the moving player attempts a surprise attack in the
	// Movement Phase (14.2, optional); in the Movement Phase, Decline is
	// the other player's word that he does not react there (14.2 below).
	Surprise bool
	Library  *engine.Library
}

// CommandName implements Command.
func (Attack) CommandName() string { return "litn attack" }

// Supply declares a side's supply for a battle (10.2).
type Supply struct {
	By            engine.Actor
	Hex           string
	Side          engine.Side
	Wagon         string // a wagon id
	Depot         string // a printed depot hex
	Unsupplied    bool
	NoRetreatPath bool     // the force has no legal retreat path (10.3: no Withdraw)
	LossOrder     []string // units (ids or names) in the order they take losses (10.5)
	Map           *engine.Theatre
}

// CommandName implements Command.
func (Supply) CommandName() string { return "litn supply" }

// ChooseOption plays a side's combat option chit (10.3).
type ChooseOption struct {
	By      engine.Actor
	Hex     string
	Side    engine.Side
	Option  string
	Library *engine.Library
}

// CommandName implements Command.
func (ChooseOption) CommandName() string { return "litn option" }

// RetreatOrder retreats a side's units from a battle hex (10.6).
type RetreatOrder struct {
	By    engine.Actor
	Hex   string
	Side  engine.Side
	Units []string // ids or names; none: every participating unit left
	Path  []string // printed hexes entered, in order; empty with Remove
	Costs []int    // the MPs of each hex entered (none: 1 each)
	// Remove: no legal route of at least 4 MPs exists: the units are
	// removed from play (10.6).
	Remove bool
	Map    *engine.Theatre
}

// CommandName implements Command.
func (RetreatOrder) CommandName() string { return "litn retreat" }

// ----- events -----

// Event types of the Combat Phase.
const (
	EventBattlesOpened = "litn.battles-opened"
	EventAttack        = "litn.attack"
	EventSupply        = "litn.supply"
	EventOption        = "litn.option"
	EventBattle        = "litn.battle"
	EventRetreated     = "litn.retreated"
	EventWagonsFlipped = "litn.wagons-depleted"
)

// BattleOpen is a hex where combat may occur.
type BattleOpen struct {
	Hex           string      `json:"hex"`
	First         engine.Side `json:"first"`
	Why           string      `json:"why"`
	Fortification bool        `json:"fortification,omitempty"`
}

// BattlesOpened begins the Combat Phase (10): the hexes with both
// sides' combat units.
type BattlesOpened struct {
	Turn    int          `json:"turn"`
	Battles []BattleOpen `json:"battles"`
}

// EventType implements Event.
func (*BattlesOpened) EventType() string { return EventBattlesOpened }

// AttackDeclared is a side's decision to attack or not (10).
type AttackDeclared struct {
	By            engine.Actor `json:"by"`
	Turn          int          `json:"turn"`
	Hex           string       `json:"hex"`
	Side          engine.Side  `json:"side"`
	Declined      bool         `json:"declined,omitempty"`
	NoCombat      bool         `json:"no_combat,omitempty"` // both declined
	Attackers     []string     `json:"attackers,omitempty"`
	Defenders     []string     `json:"defenders,omitempty"`
	Fortification bool         `json:"fortification,omitempty"`
}

// EventType implements Event.
func (*AttackDeclared) EventType() string { return EventAttack }

// SupplyDeclared is a side's supply for a battle (10.2): secret to it.
type SupplyDeclared struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Hex    string       `json:"hex"`
	Side   engine.Side  `json:"side"`
	Supply SupplyDecl   `json:"supply"`
	Why    string       `json:"why"`
}

// EventType implements Event.
func (*SupplyDeclared) EventType() string { return EventSupply }

// OptionChosen is a side's chit, face down: secret to the side until
// the battle reveals both (10.3).
type OptionChosen struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Hex    string       `json:"hex"`
	Side   engine.Side  `json:"side"`
	Option Option       `json:"option"`
}

// EventType implements Event.
func (*OptionChosen) EventType() string { return EventOption }

// BattleFought is a resolved battle with everything that explains it.
type BattleFought struct {
	Turn     int          `json:"turn"`
	Hex      string       `json:"hex"`
	Attacker engine.Side  `json:"attacker"`
	Battle   Battle       `json:"battle"`
	Result   BattleResult `json:"result"`
	// Killed are the units whose leaders were killed (14.3).
	Killed []string `json:"killed,omitempty"`
}

// EventType implements Event.
func (*BattleFought) EventType() string { return EventBattle }

// Retreated is a retreat made (10.6).
type Retreated struct {
	By      engine.Actor `json:"by"`
	Turn    int          `json:"turn"`
	Hex     string       `json:"hex"`
	Side    engine.Side  `json:"side"`
	Reason  string       `json:"reason"`
	Units   []string     `json:"units"`
	Path    []string     `json:"path,omitempty"`
	To      engine.Hex   `json:"to"`
	Removed bool         `json:"removed,omitempty"`
	Umpire  bool         `json:"umpire,omitempty"` // the umpire's retreat: 10.6's limits not checked
}

// EventType implements Event.
func (*Retreated) EventType() string { return EventRetreated }

// WagonsFlipped flips the wagons with Depletion markers (3.1 G II).
type WagonsFlipped struct {
	Turn   int      `json:"turn"`
	Wagons []string `json:"wagons"`
}

// EventType implements Event.
func (*WagonsFlipped) EventType() string { return EventWagonsFlipped }
