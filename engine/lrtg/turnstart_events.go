// The Turn Start steps 1a-1c (003 Detailed Sequence of Play 1 a)-c)): their
// events, reinforcements arrived (LRTG 3.1, 3.2), the Union's rolls (3.2,
// 3.4) and the manpower the draft riots take (3.3). Moved out of
// turnstart.go, which keeps the module's registration and applier.

package lrtg

import "github.com/umpire-games/umpire/engine"

// Turn start events.
const (
	EventReinforcementsArrived = "reinforcements.arrived"
	EventUnionRolled           = "reinforcements.union-roll"
	EventDraftRiotsManpower    = "reinforcements.draft-riots-manpower"
)

// ReinforcementsArrived records units received as reinforcements: their
// owner may now place them at their entry hexes (3.0: at once or in a
// later reinforcement phase).
type ReinforcementsArrived struct {
	Turn  int         `json:"turn"`
	Side  engine.Side `json:"side"`
	Units []string    `json:"units"`
	Cause string      `json:"cause"`
	Rule  string      `json:"rule"`
}

// EventType implements Event.
func (*ReinforcementsArrived) EventType() string { return EventReinforcementsArrived }

// UnionRolled is one Union reinforcement track's part of a Union
// Reinforcement Phase (3.2): its roll explained (the dice are the
// table.rolled event before it, numbered with the game's rolls), or why
// there was no roll; and what the roll did.
type UnionRolled struct {
	Turn   int    `json:"turn"`
	Track  string `json:"track"`
	Rolled bool   `json:"rolled"`
	// NoRoll is why there is no roll, BeganCode what began the track's
	// rolls this turn, From the turn either names (turnstart_codes.go).
	// Why and Began say the same in words in events stored before the
	// codes: read, never written.
	NoRoll    string `json:"no_roll,omitempty"`
	BeganCode string `json:"began_code,omitempty"`
	From      int    `json:"from,omitempty"`
	Why       string `json:"why,omitempty"`
	Began     string `json:"began,omitempty"`
	// The roll: its number, dice, each modifier with its reason, the total,
	// what it needed, the table's result and any "treat instead" with why.
	Number    int64                    `json:"number,omitempty"`
	Dice      string                   `json:"dice,omitempty"`
	Faces     []int                    `json:"faces,omitempty"`
	Modifiers []engine.AppliedModifier `json:"modifiers,omitempty"`
	Total     int                      `json:"total,omitempty"`
	Target    string                   `json:"target,omitempty"`
	Outcome   string                   `json:"outcome,omitempty"`
	Result    string                   `json:"result,omitempty"`
	Redirects []engine.AppliedRedirect `json:"redirects,omitempty"`
	Success   bool                     `json:"success,omitempty"`
	// Group is the Baltimore / DC release group rolled for; Units the units
	// it releases, or the WV / PA militia unit that arrives; Held the DC
	// units held back by a Confederate threat to Washington, moved to the
	// group HeldTo (released with it).
	Group  string   `json:"group,omitempty"`
	Units  []string `json:"units,omitempty"`
	Held   []string `json:"held,omitempty"`
	HeldTo string   `json:"held_to,omitempty"`
	// Joins are the released units that change corps with their release
	// (000 3.2: Crawford the V Corps, Stannard the I Corps): unit id ->
	// its new designation.
	Joins map[string]string `json:"joins,omitempty"`
}

// EventType implements Event.
func (*UnionRolled) EventType() string { return EventUnionRolled }

// DraftRiotsManpower records that the Union sent manpower to quell the
// draft riots (3.3): the units' losses are the unit.set events before it;
// the Union may not move by rail this turn.
type DraftRiotsManpower struct {
	By      engine.Actor `json:"by"`
	Turn    int          `json:"turn"`
	Units   []string     `json:"units"`
	Removed int          `json:"removed"`
}

// EventType implements Event.
func (*DraftRiotsManpower) EventType() string { return EventDraftRiotsManpower }
