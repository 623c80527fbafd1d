// The events of deadlines (issue 9; docs/deadlines.md): the umpire's
// settings, players' reminders and vacations, and the waits the scheduler
// starts, reminds, misses and defaults, with their event type names.

package engine

import (
	"time"
)

// Deadline event types.
const (
	EventDeadlinesSet      = "deadline.set"
	EventRemindersChosen   = "deadline.reminders"
	EventVacationDeclared  = "deadline.vacation"
	EventDeadlinePauseSeen = "deadline.paused"
	EventDeadlineStarted   = "deadline.started"
	EventDeadlineEnded     = "deadline.ended"
	EventDeadlineReminded  = "deadline.reminded"
	EventDeadlineMissed    = "deadline.missed"
	EventDeadlineDefaulted = "deadline.defaulted"
)

// DeadlinesSet records the umpire's new settings (all of them).
type DeadlinesSet struct {
	By       Actor            `json:"by"`
	Settings DeadlineSettings `json:"settings"`
}

// RemindersChosen records a player's reminder times.
type RemindersChosen struct {
	Player string          `json:"player"`
	Before []time.Duration `json:"before,omitempty"`
}

// VacationDeclared records a player's vacation (or its early end: Until
// is then the end of the one under way).
type VacationDeclared struct {
	Player string    `json:"player"`
	From   time.Time `json:"from"`
	Until  time.Time `json:"until"`
	Ended  bool      `json:"ended,omitempty"`
}

// DeadlinePauseSeen records that the scheduler saw the game paused (or
// resumed) at At: the deadlines stop, and are extended by the pause.
type DeadlinePauseSeen struct {
	Paused bool      `json:"paused"`
	At     time.Time `json:"at"`
}

// DeadlineStarted records the start of a wait with its deadline.
type DeadlineStarted struct {
	Wait DeadlineWait `json:"wait"`
}

// DeadlineEnded records that the step no longer waits on players (they
// were all ready, or the step ended): nothing more fires for the wait.
type DeadlineEnded struct {
	N  int       `json:"n"`
	At time.Time `json:"at"`
}

// DeadlineReminded records a reminder to a player who owes.
type DeadlineReminded struct {
	N        int           `json:"n"`
	Player   string        `json:"player"`
	Before   time.Duration `json:"before"`
	LastCall bool          `json:"last_call,omitempty"`
	Due      time.Time     `json:"due"`
	At       time.Time     `json:"at"`
}

// DeadlineMissed records a missed deadline and the grace period.
type DeadlineMissed struct {
	N          int       `json:"n"`
	Player     string    `json:"player"`
	Due        time.Time `json:"due"`
	GraceUntil time.Time `json:"grace_until"`
	At         time.Time `json:"at"`
}

// DeadlineDefaulted records the default applied for players who missed a
// deadline and its grace; the default's own events follow it. Failed says
// why no default could be applied (the umpire decides).
type DeadlineDefaulted struct {
	N       int       `json:"n"`
	Players []string  `json:"players"`
	Step    string    `json:"step"`
	Default string    `json:"default"`
	Failed  string    `json:"failed,omitempty"`
	At      time.Time `json:"at"`
}

// EventType implements Event.
func (*DeadlinesSet) EventType() string { return EventDeadlinesSet }

// EventType implements Event.
func (*RemindersChosen) EventType() string { return EventRemindersChosen }

// EventType implements Event.
func (*VacationDeclared) EventType() string { return EventVacationDeclared }

// EventType implements Event.
func (*DeadlinePauseSeen) EventType() string { return EventDeadlinePauseSeen }

// EventType implements Event.
func (*DeadlineStarted) EventType() string { return EventDeadlineStarted }

// EventType implements Event.
func (*DeadlineEnded) EventType() string { return EventDeadlineEnded }

// EventType implements Event.
func (*DeadlineReminded) EventType() string { return EventDeadlineReminded }

// EventType implements Event.
func (*DeadlineMissed) EventType() string { return EventDeadlineMissed }

// EventType implements Event.
func (*DeadlineDefaulted) EventType() string { return EventDeadlineDefaulted }
