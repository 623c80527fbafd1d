package engine

import (
	"fmt"
	"slices"
	"time"
)

// Deadlines for slow games (issue 9; docs/deadlines.md). The rules have
// no deadlines: LRTG 22 (Time Limitation) times a live session with chess
// clocks (clock.go). A game played over weeks instead gives each step of
// the sequence of play that waits on players a deadline: a game default
// and per-step overrides, set by the umpire.
//
// The engine never reads the clock: the bot's scheduler issues
// RunDeadlines with the instant (At) from its injected clock, and every
// change is an event with its instant, so a replay gives the same state
// and a restarted bot finds in the stream what it has already fired.
//
// A wait begins when the scheduler first sees the step wait on players
// (DeadlineStarted); it ends when the step no longer waits for them. Each
// player who still owes something (Owing) is reminded at the times he
// chose (RemindersChosen, else the game's default) and once more shortly
// before the deadline (the last call); at the deadline the miss is
// announced and a grace period runs; after it the game applies the step's
// documented default for him (deadlineDefault) as the umpire, with the
// reason "deadline default". Pauses of the game stop the deadlines and
// extend them by the pause; a player's declared vacation extends his.
//
// This file holds the settings, the state, the commands and their
// deciding and folding; who owes what is in deadline_owing.go, the
// scheduler's run in deadline_run.go, spans in deadline_span.go and the
// events in deadline_events.go.

// Deadline bounds.
const (
	MinDeadline       = time.Hour
	MaxDeadline       = 4 * 7 * 24 * time.Hour
	DefaultLastCall   = time.Hour
	DefaultVacation   = 14 // days a player may be away in a game
	MaxVacationLimit  = 60
	DeadlineReason    = "deadline default"
	maxDeadlineRounds = 8 // defaults that chain within one run (a pass, then the other side's pass...)
)

// DefaultReminders is when players are reminded before a deadline unless
// the game or the player chose otherwise.
var DefaultReminders = []time.Duration{24 * time.Hour}

// DeadlineSettings are the umpire's choices.
type DeadlineSettings struct {
	// Default is the deadline of a step that waits on players (0: none).
	Default time.Duration `json:"default,omitempty"`
	// Steps are per-step overrides by step id; 0 means no deadline.
	Steps map[string]time.Duration `json:"steps,omitempty"`
	// Grace is the time after a missed deadline before the default applies.
	Grace time.Duration `json:"grace,omitempty"`
	// Remind is the game's default reminder times before a deadline
	// (nil: DefaultReminders).
	Remind []time.Duration `json:"remind,omitempty"`
	// LastCall is the reminder shortly before the deadline (0: one hour).
	LastCall time.Duration `json:"last_call,omitempty"`
	// VacationDays is how many days a player may be away in the game (0:
	// DefaultVacation; negative: none).
	VacationDays int `json:"vacation_days,omitempty"`
}

// For returns the deadline of a step (0: none).
func (s DeadlineSettings) For(step string) time.Duration {
	if d, ok := s.Steps[step]; ok {
		return d
	}
	return s.Default
}

// On reports whether any step has a deadline.
func (s DeadlineSettings) On() bool {
	if s.Default > 0 {
		return true
	}
	for _, d := range s.Steps {
		if d > 0 {
			return true
		}
	}
	return false
}

// LastCallBefore is the last call's time before a deadline.
func (s DeadlineSettings) LastCallBefore() time.Duration {
	if s.LastCall > 0 {
		return s.LastCall
	}
	return DefaultLastCall
}

// VacationLimit is the days a player may be away in the game.
func (s DeadlineSettings) VacationLimit() int {
	switch {
	case s.VacationDays < 0:
		return 0
	case s.VacationDays == 0:
		return DefaultVacation
	}
	return s.VacationDays
}

// DeadlineState is the deadlines' state of a game.
type DeadlineState struct {
	Settings  DeadlineSettings
	Remind    map[string][]time.Duration // per player id: his own reminder times
	Vacations []Vacation
	Wait      *DeadlineWait // the wait under way (nil: none)
	Waits     int           // the number of waits begun (DeadlineWait.N of the last)
	Paused    bool          // the scheduler has seen the game paused
	PausedAt  time.Time
}

// Vacation is a player's declared absence.
type Vacation struct {
	Player string    `json:"player"`
	From   time.Time `json:"from"`
	Until  time.Time `json:"until"`
}

// DeadlineWait is a step's wait on players with its deadline.
type DeadlineWait struct {
	N        int           `json:"n"`
	Turn     int           `json:"turn"`
	Step     string        `json:"step"`
	Waits    []string      `json:"waits"` // what the step waited for when the wait began
	Owing    []string      `json:"owing"` // the player ids who owed
	Start    time.Time     `json:"start"`
	Duration time.Duration `json:"duration"`
	// PausedFor is the time the game was paused during the wait.
	PausedFor time.Duration `json:"paused_for,omitempty"`
	// Fired are the keys of what was fired ("remind <id> <ns>", "missed
	// <id>", "default <id>").
	Fired []string `json:"fired,omitempty"`
}

func (w *DeadlineWait) fired(key string) bool { return slices.Contains(w.Fired, key) }

// Deadline returns the player's deadline in the wait under way: its
// start, plus the step's deadline, the game's pauses and the part of his
// vacations that falls after the start (a vacation that begins after the
// deadline does not save him).
func (d DeadlineState) Deadline(player string) (time.Time, bool) {
	w := d.Wait
	if w == nil || w.Duration <= 0 {
		return time.Time{}, false
	}
	due := w.Start.Add(w.Duration + w.PausedFor)
	var ext time.Duration
	for _, v := range d.Vacations {
		if v.Player != player || !v.From.Before(due) || !v.Until.After(w.Start) {
			continue
		}
		from := v.From
		if from.Before(w.Start) {
			from = w.Start
		}
		ext += v.Until.Sub(from)
	}
	return due.Add(ext), true
}

// Away reports whether the player is on vacation at t.
func (d DeadlineState) Away(player string, t time.Time) bool {
	for _, v := range d.Vacations {
		if v.Player == player && !t.Before(v.From) && t.Before(v.Until) {
			return true
		}
	}
	return false
}

// vacationDays is the days of vacation the player has declared.
func (d DeadlineState) vacationDays(player string) int {
	n := 0
	for _, v := range d.Vacations {
		if v.Player == player {
			n += int((v.Until.Sub(v.From) + 24*time.Hour - 1) / (24 * time.Hour))
		}
	}
	return n
}

// RemindersOf returns when the player is reminded before a deadline
// (without the last call).
func (d DeadlineState) RemindersOf(player string) []time.Duration {
	if r, ok := d.Remind[player]; ok {
		return r
	}
	if d.Settings.Remind != nil {
		return d.Settings.Remind
	}
	return DefaultReminders
}

// ---------------------------------------------------------------------------
// Commands.

type (
	// SetDeadlines changes the game's deadline settings (the umpire's).
	// Nil fields are left as they are. Step with After sets (or with
	// ClearStep removes) a step's own deadline.
	SetDeadlines struct {
		By           Actor
		Default      *time.Duration
		Step         string
		After        *time.Duration
		ClearStep    bool
		Grace        *time.Duration
		Remind       []time.Duration
		LastCall     *time.Duration
		VacationDays *int
	}
	// ChooseReminders sets when the player is reminded before a deadline
	// (nil: the game's default).
	ChooseReminders struct {
		By     Actor
		Before []time.Duration
	}
	// DeclareVacation declares a player away for Days from At (0 days ends
	// a vacation under way).
	DeclareVacation struct {
		By   Actor
		Days int
		At   time.Time
	}
	// RunDeadlines fires what is due at At: the scheduler's, acting as the
	// umpire (By). Context lets it issue the steps' defaults.
	RunDeadlines struct {
		By      Actor
		At      time.Time
		Context DeadlineContext
	}
)

// DeadlineContext is what the defaults need from the bot.
type DeadlineContext struct {
	Sequence      *Sequence
	Step          StepContext
	DispatchTable *Table
}

// CommandName implements Command.
func (SetDeadlines) CommandName() string { return "deadline set" }

// CommandName implements Command.
func (ChooseReminders) CommandName() string { return "deadline remind" }

// CommandName implements Command.
func (DeclareVacation) CommandName() string { return "deadline vacation" }

// CommandName implements Command.
func (RunDeadlines) CommandName() string { return "deadline run" }

// deadlinesModule is the deadlines (a kernel module: the scheduler runs them in a game of any ruleset).
func deadlinesModule() Module {
	return Module{Name: "deadlines",
		Commands: []Command{SetDeadlines{}, ChooseReminders{}, DeclareVacation{}, RunDeadlines{}}, Decide: Claims(decideDeadlines),
		Events: []Event{&DeadlinesSet{}, &RemindersChosen{}, &VacationDeclared{}, &DeadlinePauseSeen{}, &DeadlineStarted{}, &DeadlineEnded{}, &DeadlineReminded{}, &DeadlineMissed{}, &DeadlineDefaulted{}},
		Apply:  Folds(applyDeadlines)}
}

// ---------------------------------------------------------------------------
// Deciding.

func decideDeadlines(g GameState, cmd Command, d Dice) ([]Event, bool, error) {
	var (
		evs []Event
		err error
	)
	switch c := cmd.(type) {
	case SetDeadlines:
		evs, err = g.decideSetDeadlines(c)
	case ChooseReminders:
		evs, err = g.decideReminders(c)
	case DeclareVacation:
		evs, err = g.decideVacation(c)
	case RunDeadlines:
		evs, err = g.runDeadlines(c, d)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

func (g GameState) decideSetDeadlines(c SetDeadlines) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if g.Ended != nil {
		return nil, Illegal("game.ended", "The game has ended", "")
	}
	if !g.IsUmpire(c.By) {
		return nil, Illegal("deadline.umpire", "Only the umpire sets the game's deadlines", fmt.Sprintf("Ask %s; /deadline show shows them", g.Umpire.Name))
	}
	s := g.Deadlines.Settings
	s.Steps = cloneSpans(s.Steps)
	changed := false
	if c.Default != nil {
		if *c.Default != 0 {
			if err := checkSpan("the default deadline", *c.Default, MinDeadline, MaxDeadline); err != nil {
				return nil, err
			}
		}
		s.Default, changed = *c.Default, true
	}
	if c.Step != "" {
		switch {
		case c.ClearStep:
			delete(s.Steps, c.Step)
		case c.After == nil:
			return nil, Invalid("deadline.after", "A step's deadline needs after:", "e.g. /deadline set step:1e after:24h (after:off: no deadline; after:default: the game's)")
		default:
			if *c.After != 0 {
				if err := checkSpan("a step's deadline", *c.After, MinDeadline, MaxDeadline); err != nil {
					return nil, err
				}
			}
			if s.Steps == nil {
				s.Steps = map[string]time.Duration{}
			}
			s.Steps[c.Step] = *c.After
		}
		changed = true
	} else if c.After != nil || c.ClearStep {
		return nil, Invalid("deadline.step", "after: sets one step's deadline: name the step", "e.g. /deadline set step:1e after:24h; default: sets every step's")
	}
	if c.Grace != nil {
		if err := checkSpan("the grace period", *c.Grace, 0, MaxDeadline); err != nil {
			return nil, err
		}
		s.Grace, changed = *c.Grace, true
	}
	if c.Remind != nil {
		for _, r := range c.Remind {
			if err := checkSpan("a reminder", r, 10*time.Minute, MaxDeadline); err != nil {
				return nil, err
			}
		}
		s.Remind, changed = slices.Clone(c.Remind), true
	}
	if c.LastCall != nil {
		if err := checkSpan("the last call", *c.LastCall, 10*time.Minute, 24*time.Hour); err != nil {
			return nil, err
		}
		s.LastCall, changed = *c.LastCall, true
	}
	if c.VacationDays != nil {
		n := *c.VacationDays
		if n < 0 || n > MaxVacationLimit {
			return nil, Invalid("deadline.vacation_days", fmt.Sprintf("%d days is not a vacation limit", n), fmt.Sprintf("From 0 (no vacations) to %d days a player", MaxVacationLimit))
		}
		if n == 0 {
			n = -1
		}
		s.VacationDays, changed = n, true
	}
	if !changed {
		return nil, Invalid("deadline.nothing", "Nothing to set", "e.g. /deadline set default:48h, step:1e after:24h, grace:12h, remind:24h,2h, vacation_days:14")
	}
	return []Event{&DeadlinesSet{By: c.By, Settings: s}}, nil
}

func (g GameState) decideReminders(c ChooseReminders) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if g.Player(c.By.ID) == nil {
		return nil, Illegal("deadline.player", "Only the game's players choose their reminders", "The umpire sets the game's default: /deadline set remind:")
	}
	if len(c.Before) > 5 {
		return nil, Invalid("deadline.remind", "At most 5 reminders", "e.g. at:24h,2h")
	}
	for _, r := range c.Before {
		if err := checkSpan("a reminder", r, 10*time.Minute, MaxDeadline); err != nil {
			return nil, err
		}
	}
	return []Event{&RemindersChosen{Player: c.By.ID, Before: slices.Clone(c.Before)}}, nil
}

func (g GameState) decideVacation(c DeclareVacation) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if g.Ended != nil {
		return nil, Illegal("game.ended", "The game has ended", "")
	}
	if g.Player(c.By.ID) == nil {
		return nil, Illegal("deadline.player", "Only the game's players declare a vacation", "")
	}
	if c.Days == 0 {
		for _, v := range g.Deadlines.Vacations {
			if v.Player == c.By.ID && !c.At.Before(v.From) && c.At.Before(v.Until) {
				return []Event{&VacationDeclared{Player: c.By.ID, From: v.From, Until: c.At, Ended: true}}, nil
			}
		}
		return nil, Illegal("deadline.vacation", "You are not on vacation", "Declare one with /deadline vacation days:<n>")
	}
	if c.Days < 0 {
		return nil, Invalid("deadline.vacation", fmt.Sprintf("%d days is not a vacation", c.Days), "Give days:1 or more (days:0 ends yours early)")
	}
	if g.Deadlines.Away(c.By.ID, c.At) {
		return nil, Illegal("deadline.vacation", "You are already on vacation", "days:0 ends it; then declare the new one")
	}
	limit := g.Deadlines.Settings.VacationLimit()
	if used := g.Deadlines.vacationDays(c.By.ID); c.Days > limit-used { // not used+c.Days: days:9223372036854775807 overflowed past the limit
		return nil, Illegal("deadline.vacation_limit", fmt.Sprintf("This game allows %d days of vacation a player; you have used %d", limit, used),
			fmt.Sprintf("Declare at most %d days, or ask the umpire (/deadline set vacation_days:)", max(limit-used, 0)))
	}
	return []Event{&VacationDeclared{Player: c.By.ID, From: c.At, Until: c.At.Add(time.Duration(c.Days) * 24 * time.Hour)}}, nil
}

// ---------------------------------------------------------------------------
// Folding.

func applyDeadlines(g GameState, e Event) (GameState, bool) {
	d := g.Deadlines
	switch e := e.(type) {
	case *DeadlinesSet:
		d.Settings = e.Settings
		if d.Wait != nil {
			w := *d.Wait
			w.Duration = e.Settings.For(w.Step)
			d.Wait = &w
		}
	case *RemindersChosen:
		m := make(map[string][]time.Duration, len(d.Remind)+1)
		for k, v := range d.Remind {
			m[k] = v
		}
		if e.Before == nil {
			delete(m, e.Player)
		} else {
			m[e.Player] = e.Before
		}
		d.Remind = m
	case *VacationDeclared:
		vs := slices.Clone(d.Vacations)
		if e.Ended {
			for i, v := range vs {
				if v.Player == e.Player && v.From.Equal(e.From) {
					vs[i].Until = e.Until
				}
			}
		} else {
			vs = append(vs, Vacation{Player: e.Player, From: e.From, Until: e.Until})
		}
		d.Vacations = vs
	case *DeadlinePauseSeen:
		if e.Paused {
			d.Paused, d.PausedAt = true, e.At
		} else {
			if d.Paused && d.Wait != nil {
				w := *d.Wait
				from := d.PausedAt
				if from.Before(w.Start) {
					from = w.Start
				}
				if e.At.After(from) {
					w.PausedFor += e.At.Sub(from)
				}
				d.Wait = &w
			}
			d.Paused, d.PausedAt = false, time.Time{}
		}
	case *DeadlineStarted:
		w := e.Wait
		w.Fired = nil
		d.Wait, d.Waits = &w, w.N
	case *DeadlineEnded:
		if d.Wait != nil && d.Wait.N == e.N {
			d.Wait = nil
		}
	case *DeadlineReminded:
		d.Wait = d.Wait.fire(e.N, fmt.Sprintf("remind %s %d", e.Player, absSpan(e.Before)))
	case *DeadlineMissed:
		d.Wait = d.Wait.fire(e.N, "missed "+e.Player)
	case *DeadlineDefaulted:
		for _, p := range e.Players {
			d.Wait = d.Wait.fire(e.N, "default "+p)
		}
	default:
		return g, false
	}
	g.Deadlines = d
	return g, true
}

// fire returns the wait with key marked fired (a copy; the wait
// unchanged when it is not wait n).
func (w *DeadlineWait) fire(n int, key string) *DeadlineWait {
	if w == nil || w.N != n {
		return w
	}
	c := *w
	c.Fired = append(slices.Clone(w.Fired), key)
	return &c
}
