package litn

import (
	"github.com/umpire-games/umpire/engine"
)

// The commands players send and the events the log stores in the Command
// and Movement Phases (3.1 C-F; 6.3, 7, 8). Their JSON is the stored
// log's schema: add fields with omitempty, never rename them.

// Declare records what the map and the charts print but the seeds do
// not hold, and what the map cannot trace: the basic movement allowances
// (7.1 A) and the year modifiers (7.1) are the umpire's; a unit's line of
// communications (7.2) its side's or the umpire's.
type Declare struct {
	By      engine.Actor
	BasicMA map[string]int  // infantry, cavalry, artillery, wagon, leader
	Year    map[string]int  // "command-point", "broadcast": this scenario's year
	LOC     map[string]bool // unit ref -> has a LOC
	// Arrive decides a unit's way of entry: unit ref -> turn (or hex)
	// (15.6 Confederate Option).
	Arrive map[string]string
}

// CommandName implements Command.
func (Declare) CommandName() string { return "litn declare" }

// BroadcastCmd broadcasts a leader's CPs to a hex (7.1).
type BroadcastCmd struct {
	By       engine.Actor
	From     string // leader id or name
	To       string // printed hex
	Distance int    // cavalry MPs declared (0: the hexes counted)
	Leader   string // the receiver where ranks tie (player's choice)
	Map      *engine.Theatre
	Library  *engine.Library
}

// CommandName implements Command.
func (BroadcastCmd) CommandName() string { return "litn broadcast" }

// MoveCmd moves a force along a path (8).
type MoveCmd struct {
	By         engine.Actor
	Units      []string
	Path       []PathHex
	ForceMarch bool // 8.6
	Minimum    bool // use the Minimum Movement Allowance (7.1)
	Map        *engine.Theatre
	Library    *engine.Library
}

// CommandName implements Command.
func (MoveCmd) CommandName() string { return "litn move" }

// ReactCmd is a reaction attempt by the non-phasing player (8.5).
type ReactCmd struct {
	By    engine.Actor
	Units []string
	Path  []PathHex
	// At is the hex of the last enemy move the reaction answers ("": the
	// last hex it entered).
	At      string
	Blocked string // why the zone does not reach (a ridge, a river): declared
	Map     *engine.Theatre
	Library *engine.Library
}

// CommandName implements Command.
func (ReactCmd) CommandName() string { return "litn react" }

// DetachCmd forms a detachment (6.3) or, with Reattach, absorbs a
// detachment into a leader.
type DetachCmd struct {
	By       engine.Actor
	Unit     string // the detaching unit, or the detachment to reattach
	Strength int
	Name     string // the detachment counter's name
	Reattach string // the leader absorbing Unit
}

// CommandName implements Command.
func (DetachCmd) CommandName() string { return "litn detach" }

// WorkCmd is work on bridges, rail lines and entrenchments (8.7, 8.8).
type WorkCmd struct {
	By    engine.Actor
	Units []string
	// Kind: destroy-bridge, repair-bridge, destroy-rail, repair-rail,
	// entrench.
	Kind        string
	Bridge      string // a bridge place name, or "<hex>/<hex>" for one the map data lacks
	PotomacRail bool   // a rail bridge across the Potomac (declared)
	Friendly    bool   // rail repair: the hex is friendly territory (declared, 2.1)
	Map         *engine.Theatre
}

// CommandName implements Command.
func (WorkCmd) CommandName() string { return "litn work" }

// RailCmd is Union rail movement (8.9).
type RailCmd struct {
	By          engine.Actor
	Units       []string
	To          string // printed hex
	Hexes       int    // rail hexes (0: the hexes counted)
	Entrain     bool
	Detrain     bool
	Destination bool // continuing toward a Destination marker without a CP
	Map         *engine.Theatre
}

// CommandName implements Command.
func (RailCmd) CommandName() string { return "litn rail" }

// ---- events --------------------------------------------------------------

// Declared records Declare.
type Declared struct {
	By      engine.Actor    `json:"by"`
	BasicMA map[string]int  `json:"basic_ma,omitempty"`
	Year    map[string]int  `json:"year,omitempty"`
	Years   int             `json:"years,omitempty"`
	LOC     map[string]bool `json:"loc,omitempty"`
	Side    engine.Side     `json:"side,omitempty"` // the side the LOC declarations belong to
}

// Arrived is the side's arrivals of the turn placed (002 15). No longer
// decided: arrivals enter by MoveCmd (15.5); kept so that recorded
// games replay.
type Arrived struct {
	Turn  int         `json:"turn"`
	Side  engine.Side `json:"side"`
	Units []Unit      `json:"units"`
	Notes []string    `json:"notes,omitempty"`
}

// CommandRolled is the Command Point Table rolls of a Command Phase.
type CommandRolled struct {
	Turn    int                `json:"turn"`
	Step    string             `json:"step"`
	Context CommandContext     `json:"context"`
	Rolls   []CommandPointRoll `json:"rolls,omitempty"`
	Refused []string           `json:"refused,omitempty"` // rolls the charts did not allow
}

// BroadcastMade is a broadcast.
type BroadcastMade struct {
	By        engine.Actor `json:"by"`
	Side      engine.Side  `json:"side"`
	Broadcast Broadcast    `json:"broadcast"`
}

// MovementBegun is the allowances of a Movement Phase (7.1).
type MovementBegun struct {
	Turn      int                      `json:"turn"`
	Step      string                   `json:"step"`
	Side      engine.Side              `json:"side"`
	Allowance map[string]UnitAllowance `json:"allowance"`
	Start     map[string]string        `json:"start"`
	Hexes     []HexAllowance           `json:"hexes"`
}

// Moved is a move or a reaction.
type Moved struct {
	By       engine.Actor `json:"by"`
	Side     engine.Side  `json:"side"`
	Units    []string     `json:"units"`
	Names    []string     `json:"names"`
	From     string       `json:"from"`
	Path     []string     `json:"path,omitempty"`
	To       engine.Hex   `json:"to"`
	Result   *PathResult  `json:"result,omitempty"`
	Stack    []string     `json:"stack,omitempty"` // the allowances after stacking (8.2)
	Leave    *LeaveRoll   `json:"leave,omitempty"`
	Stopped  bool         `json:"stopped,omitempty"` // failed to leave: no more moves this phase
	March    int          `json:"march,omitempty"`
	MarchWhy string       `json:"march_why,omitempty"`
	Losses   []MarchLoss  `json:"losses,omitempty"`
	// MarchUnneeded: force march was asked for but every unit stayed
	// within its allowance, so there was none (8.6; issue 22 ruling).
	MarchUnneeded bool          `json:"march_unneeded,omitempty"`
	Minimum       bool          `json:"minimum,omitempty"`
	Reaction      *ReactionRoll `json:"reaction,omitempty"`
	// Reactions is the phase's reaction limits after a reaction.
	Reactions *Reactions `json:"reactions,omitempty"`
	Halted    bool       `json:"halted,omitempty"` // a reacting stack entered an enemy-occupied hex
	Stops     []string   `json:"stops,omitempty"`  // phasing units stopped by a reaction into their hex (8.3)
	EnemyStep int        `json:"enemy_step,omitempty"`
	Released  []string   `json:"released,omitempty"` // Miles and White released by this move (15.2)
	Entered   bool       `json:"entered,omitempty"`  // the units entered the map: Path[0] is the entry hex (15.5)
}

// DetachEvent is a detachment formed or reattached (6.3).
type DetachEvent struct {
	By        engine.Actor `json:"by"`
	Side      engine.Side  `json:"side"`
	Unit      Unit         `json:"unit"`   // the detachment (reattached: removed)
	Leader    Unit         `json:"leader"` // the detaching or absorbing leader after
	Reattach  bool         `json:"reattach,omitempty"`
	Forfeited int          `json:"forfeited,omitempty"`
	Why       []string     `json:"why"`
}

// Worked is work on a bridge, a rail line or an entrenchment.
type Worked struct {
	By     engine.Actor `json:"by"`
	Side   engine.Side  `json:"side"`
	Kind   string       `json:"kind"`
	Units  []string     `json:"units"`
	Names  []string     `json:"names"`
	At     string       `json:"at"`
	Places []string     `json:"places,omitempty"` // bridge places
	Cost   int          `json:"cost,omitempty"`
	Why    string       `json:"why"`
}

// RailMoved is a Union rail move (8.9).
type RailMoved struct {
	By        engine.Actor `json:"by"`
	Units     []string     `json:"units"`
	Names     []string     `json:"names"`
	From      string       `json:"from"`
	To        string       `json:"to"`
	Hex       engine.Hex   `json:"hex"`
	Cost      int          `json:"cost"`
	Entrained bool         `json:"entrained"` // after the move
	Why       []string     `json:"why"`
}

// PhaseSettled is the end of a Movement Phase: entrenchment (8.8) and
// bridge repair (8.7).
type PhaseSettled struct {
	Turn         int            `json:"turn"`
	Side         engine.Side    `json:"side"`
	Entrenchment []Entrenchment `json:"entrenchment,omitempty"`
	Repaired     []string       `json:"repaired,omitempty"` // bridge places
	Notes        []string       `json:"notes,omitempty"`
}

// Event types.
const (
	EventDeclared        = "litn.declared"
	EventArrived         = "litn.arrived"
	EventCommandRolled   = "litn.command-points"
	EventBroadcast       = "litn.broadcast"
	EventMovementBegun   = "litn.movement-begun"
	EventMoved           = "litn.moved"
	EventDetachment      = "litn.detachment"
	EventWorked          = "litn.work"
	EventRailMoved       = "litn.rail"
	EventMovementSettled = "litn.movement-settled"
)

// EventType implements Event.
func (*Declared) EventType() string { return EventDeclared }

// EventType implements Event.
func (*Arrived) EventType() string { return EventArrived }

// EventType implements Event.
func (*CommandRolled) EventType() string { return EventCommandRolled }

// EventType implements Event.
func (*BroadcastMade) EventType() string { return EventBroadcast }

// EventType implements Event.
func (*MovementBegun) EventType() string { return EventMovementBegun }

// EventType implements Event.
func (*Moved) EventType() string { return EventMoved }

// EventType implements Event.
func (*DetachEvent) EventType() string { return EventDetachment }

// EventType implements Event.
func (*Worked) EventType() string { return EventWorked }

// EventType implements Event.
func (*RailMoved) EventType() string { return EventRailMoved }

// EventType implements Event.
func (*PhaseSettled) EventType() string { return EventMovementSettled }
