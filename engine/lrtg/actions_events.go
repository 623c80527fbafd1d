// The events of the Action Cycle (phase 4): initiatives, activations, army
// leader attempts, passes, ends of actions and remote movement requests,
// with their event type names.

package lrtg

import "github.com/umpire-games/umpire/engine"

// Action events.
const (
	EventCycleBegun     = "action.cycle_begun"
	EventInitiativeWon  = "action.initiative"
	EventActivated      = "action.activated"
	EventArmyAttempted  = "action.army"
	EventActionEnded    = "action.ended"
	EventPassed         = "action.passed"
	EventDeferred       = "action.deferred"
	EventRollsBegun     = "action.rolls_begun"
	EventRemoteAsked    = "action.remote_asked"
	EventRemoteAnswered = "action.remote_answered"
)

// CycleBegun records the start of a portion of the action cycle.
type CycleBegun struct {
	Turn     int    `json:"turn"`
	Step     string `json:"step"`
	Opening  bool   `json:"opening,omitempty"`   // no initiative rolls: the Confederates act first (000 VIII 3))
	AllMoves bool   `json:"all_moves,omitempty"` // every kind of movement in 4a
	Skipped  string `json:"skipped,omitempty"`   // why the portion is not played
	WhyCode  string `json:"why_code,omitempty"`  // why AllMoves (AllMovesTimeLimit, AllMovesOpening)
	Why      string `json:"why,omitempty"`       // stored before WhyCode: why AllMoves, in words (read, never written)
}

// Why every kind of movement is allowed in a portion (CycleBegun.WhyCode;
// the bot's cycleAllMovesWhy says them). A code, once written to a log,
// keeps its meaning.
const (
	AllMovesTimeLimit = "time-limit" // time limitation: strategic, rail and naval movement now (003 4 a); 000 IV e) note)
	AllMovesOpening   = "opening"    // the opening turns: activated units may use strategic and naval movement (000 VIII 3))
)

// InitiativeRoll is one side's initiative roll.
type InitiativeRoll struct {
	Side      engine.Side              `json:"side"`
	Roll      int64                    `json:"roll"` // the game's roll number
	Die       int                      `json:"die"`
	Modifiers []engine.AppliedModifier `json:"modifiers,omitempty"`
	Total     int                      `json:"total"`
}

// InitiativeWon records who has the initiative in an action phase, and
// why: the rolls and the tie rule, or the rule that gave it without dice.
type InitiativeWon struct {
	Turn      int              `json:"turn"`
	Step      string           `json:"step"`
	Phase     int              `json:"phase"`
	Side      engine.Side      `json:"side"`
	Rolls     []InitiativeRoll `json:"rolls,omitempty"` // the Confederate, then the Union roll
	Tie       string           `json:"tie,omitempty"`
	Automatic string           `json:"automatic,omitempty"`
	// Reroll: the side rerolled the phase's initiative (LRTA Enemy
	// Intelligence); Left is how many rerolls it has left this turn.
	Reroll engine.Side `json:"reroll,omitempty"`
	Left   int         `json:"left,omitempty"`
}

// Activated records an activation declared.
type Activated struct {
	By       engine.Actor `json:"by"`
	Side     engine.Side  `json:"side"`
	Turn     int          `json:"turn"`
	Step     string       `json:"step"`
	Phase    int          `json:"phase"`
	Unit     string       `json:"unit"`
	Name     string       `json:"name"`
	Leader   bool         `json:"leader,omitempty"`
	Override string       `json:"override,omitempty"` // the umpire's reason for setting a restriction aside
	Overrode string       `json:"overrode,omitempty"`
	// Allowance is the movement allowance rolled as the action began
	// (allowance.go); activations stored before have none.
	Allowance *MovementAllowance `json:"allowance,omitempty"`
}

// ArmyAttempted records an Activate Army Leader attempt (10.1): the
// roll on lrtg.activate-army-leader and, on a success, the movement die.
type ArmyAttempted struct {
	By       engine.Actor `json:"by"`
	Side     engine.Side  `json:"side"`
	Turn     int          `json:"turn"`
	Step     string       `json:"step"`
	Phase    int          `json:"phase"`
	Leader   string       `json:"leader"`
	Units    []string     `json:"units"`
	Roll     int64        `json:"roll"` // the table roll's number
	Die      int          `json:"die"`
	Success  bool         `json:"success"`
	MARoll   int64        `json:"ma_roll,omitempty"` // the movement die's roll number
	MADie    int          `json:"ma_die,omitempty"`  // as rolled
	MA       int          `json:"ma,omitempty"`      // the die as it counts: a 1 counts as 2 (10.1 3))
	Nearest  int          `json:"nearest,omitempty"` // hexes to the nearest infantry at fatigue 3 or less (the command radius check)
	Override string       `json:"override,omitempty"`
	Overrode []string     `json:"overrode,omitempty"`
	// Allowance is each selected unit's allowance from the movement die
	// (10.1 3)-4); allowance.go); attempts stored before have none.
	Allowance *MovementAllowance `json:"allowance,omitempty"`
}

// ActionEnded records the end of the action under way.
type ActionEnded struct {
	By    engine.Actor `json:"by"`
	Side  engine.Side  `json:"side"`
	Turn  int          `json:"turn"`
	Step  string       `json:"step"`
	Phase int          `json:"phase"`
	// Forced is the umpire's reason to end the action while retreats were
	// owed; Unretreated the units that owed them (retreat_owed.go).
	Forced      string   `json:"forced,omitempty"`
	Unretreated []string `json:"unretreated,omitempty"`
}

// Passed records a pass; Ends is set when it was the second in the
// action phase and the portion is over.
type Passed struct {
	By    engine.Actor `json:"by"`
	Side  engine.Side  `json:"side"`
	Turn  int          `json:"turn"`
	Step  string       `json:"step"`
	Phase int          `json:"phase"`
	Ends  bool         `json:"ends,omitempty"`
	// Allowance: the Confederates' pass on an opening turn counts the
	// Union's allowance (000 VIII 3) b)).
	Allowance *OpeningAllowance `json:"allowance,omitempty"`
}

// Deferred records the overall commander handing the decision to a
// subordinate (To set), or the decision coming back to him.
type Deferred struct {
	By   engine.Actor `json:"by"`
	Side engine.Side  `json:"side"`
	To   engine.Actor `json:"to,omitzero"`
}

// RollsBegun records the end of the opening's activations without
// initiative: the rolls begin.
type RollsBegun struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Reason string       `json:"reason"`
}

// RemoteAsked records a request for remote movement (17.2).
type RemoteAsked struct {
	By    engine.Actor `json:"by"`
	Side  engine.Side  `json:"side"`
	Units []string     `json:"units"`
	Phase int          `json:"phase"`
}

// RemoteAnswered records the enemy's answer.
type RemoteAnswered struct {
	By      engine.Actor `json:"by"`
	Side    engine.Side  `json:"side"` // the answering side
	Allow   bool         `json:"allow"`
	Comment string       `json:"comment,omitempty"`
}

// EventType implements Event.
func (*CycleBegun) EventType() string { return EventCycleBegun }

// EventType implements Event.
func (*InitiativeWon) EventType() string { return EventInitiativeWon }

// EventType implements Event.
func (*Activated) EventType() string { return EventActivated }

// EventType implements Event.
func (*ArmyAttempted) EventType() string { return EventArmyAttempted }

// EventType implements Event.
func (*ActionEnded) EventType() string { return EventActionEnded }

// EventType implements Event.
func (*Passed) EventType() string { return EventPassed }

// EventType implements Event.
func (*Deferred) EventType() string { return EventDeferred }

// EventType implements Event.
func (*RollsBegun) EventType() string { return EventRollsBegun }

// EventType implements Event.
func (*RemoteAsked) EventType() string { return EventRemoteAsked }

// EventType implements Event.
func (*RemoteAnswered) EventType() string { return EventRemoteAnswered }
