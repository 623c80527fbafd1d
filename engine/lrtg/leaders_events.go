// Phase 3, Leader Transfer / Attachment (003 3 a)-c)): the leader transfer
// command (LRTG 16) and the events of phase 3 (a leader transferred, the
// Jackson relapse of 31.4, Meade assuming command by 16.2). Moved out of
// leaders.go, which keeps the module's registration, decider and applier.

package lrtg

import "github.com/umpire-games/umpire/engine"

// Commands of this module.
type (
	// TransferLeader moves a leader to a friendly unit in the Leader
	// Transfer step (003 3 a)), or, for a passive side, off the map to
	// return to any unit the next turn (000 IV b)). To is a unit id or
	// LeaderOff.
	TransferLeader struct {
		By     engine.Actor
		Leader string
		To     string
		Reason string           // the umpire's reason to set a rule aside
		Data   *engine.MoveData // the map, for Heintzelman's area (16.3); nil: not checked
	}
)

// LeaderOff is the TransferLeader target that takes a passive side's
// leader off the map.
const LeaderOff = "off"

// CommandName implements Command.
func (TransferLeader) CommandName() string { return "leader transfer" }

// Events of this module.
const (
	EventLeaderTransferred = "leader.transferred"
	EventJacksonRelapse    = "jackson.relapse"
	EventMeadeAssumed      = "meade.assumed"
)

// LeaderTransferred records a leader's transfer: to a unit's hex, off the
// map (a passive side, Off) or back onto it (Return).
type LeaderTransferred struct {
	By       engine.Actor `json:"by"`
	Leader   string       `json:"leader"`
	Turn     int          `json:"turn"`
	Step     string       `json:"step,omitempty"`
	From     engine.Hex   `json:"from"`
	FromRef  string       `json:"from_ref,omitempty"`
	To       string       `json:"to,omitempty"` // the unit he joins
	Hex      engine.Hex   `json:"hex"`
	Ref      string       `json:"ref,omitempty"`
	Hexes    int          `json:"hexes,omitempty"` // the distance
	Limit    int          `json:"limit,omitempty"` // 10, or 30 when passive; 0 none
	Passive  bool         `json:"passive,omitempty"`
	Off      bool         `json:"off,omitempty"`    // taken off the map (000 IV b))
	Return   bool         `json:"return,omitempty"` // back from off the map
	Rule     string       `json:"rule,omitempty"`   // the section that allows it
	Override string       `json:"override,omitempty"`
	Overrode []string     `json:"overrode,omitempty"`
}

// EventType implements Event.
func (*LeaderTransferred) EventType() string { return EventLeaderTransferred }

// JacksonRelapse records the outcome of the turn's Jackson relapse roll
// (31.4); the roll itself is the TableRolled before it.
type JacksonRelapse struct {
	JacksonRoll
	Plus bool `json:"plus,omitempty"` // the +1 for two turns of natural 2-3 applied
}

// EventType implements Event.
func (*JacksonRelapse) EventType() string { return EventJacksonRelapse }

// MeadeAssumed records Meade assuming command of the Army of the Potomac
// (LRTG 16.2) with every change its numbered steps make to the order of
// battle, in order. The releases (9), 12), 13)) and the end of Hooker's
// restrictions (10)) are the movement module's MeadeCommands.
type MeadeAssumed struct {
	By      engine.Actor   `json:"by"`
	Turn    int            `json:"turn"`
	Counted []HookerEvent  `json:"counted,omitempty"` // the Hooker Questioned events (none: the umpire's /game meade)
	Changes []MeadeChange  `json:"changes"`
	Overall *OverallChange `json:"overall,omitempty"` // 16.2 14)
}

// EventType implements Event.
func (*MeadeAssumed) EventType() string { return EventMeadeAssumed }

// MeadeChange is one numbered step of 16.2 as it changed the order of
// battle: units taken out of play, units as the step leaves them.
type MeadeChange struct {
	Step string `json:"step"` // 16.2's number: "1)", "8) a)"
	// What says what happened without places or strengths (it is told to
	// both sides); Units carry those.
	What     string             `json:"what"`
	Remove   []string           `json:"remove,omitempty"`
	Units    []engine.UnitState `json:"units,omitempty"`
	Replaces map[string]string  `json:"replaces,omitempty"` // new unit id -> the unit it replaces
}

// OverallChange is the new Union overall commander of 16.2 14): the
// commander of the V Corps. The former one keeps, as declared commands,
// the designations he held as overall commander.
type OverallChange struct {
	From         engine.Actor `json:"from"`
	To           engine.Actor `json:"to"`
	FromCommands []string     `json:"from_commands,omitempty"`
}

// applyTo hands the overall command over (16.2 14); LRTA's McClellan): the
// players with the change made, a new slice; the same slice without one.
func (o *OverallChange) applyTo(players []engine.Player) []engine.Player {
	if o == nil {
		return players
	}
	ps := append([]engine.Player(nil), players...)
	for i := range ps {
		switch ps[i].Actor.ID {
		case o.From.ID:
			ps[i].Overall = false
			ps[i].Commands = append([]string(nil), o.FromCommands...)
		case o.To.ID:
			ps[i].Overall = true
		}
	}
	return ps
}

// HookerEvent is one Hooker Questioned event (16.2 a)-c)).
type HookerEvent struct {
	Source string `json:"source"` // random-event, vp, disorder
	Turn   int    `json:"turn,omitempty"`
	What   string `json:"what"`
}
