package engine

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
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

// Owed is what a player owes the step under way.
type Owed struct {
	Player Actor
	Side   Side
	What   []string // the step's waits that are his
}

var sideWords = regexp.MustCompile(`\b(CSA|USA|Confederate|Confederates|Union)\b`)

// Owing says who owes the step under way something: for each of
// Waiting()'s entries, the side it names first (its overall commander
// answers for it, LRTG 21.1), else the players it names; the written
// dispatches of the communications phase are each writer's. An entry that
// names neither is the umpire's, and has no deadline.
func (g GameState) Owing() []Owed {
	waits := g.Waiting()
	if len(waits) == 0 {
		return nil
	}
	var out []Owed
	add := func(p Player, what string) {
		for i := range out {
			if out[i].Player.ID == p.Actor.ID {
				out[i].What = append(out[i].What, what)
				return
			}
		}
		out = append(out, Owed{Player: p.Actor, Side: p.Side, What: []string{what}})
	}
	if g.Game() == LRTG && g.CurrentStep() == stepComms {
		for _, p := range g.commsWriters() {
			if !slices.Contains(g.Comms.Done, p.Actor.ID) {
				add(p, "your dispatches (/dispatch send, then /dispatch done)")
			}
		}
		return out
	}
	for _, w := range waits {
		if strings.HasPrefix(strings.ToLower(w), "the umpire") {
			continue // the umpire's own ruling: no deadline
		}
		if m := sideWords.FindString(w); m != "" {
			side := CSA
			if m == "USA" || m == "Union" {
				side = USA
			}
			for _, p := range g.deadlineAnswerers(side) {
				add(p, w)
			}
			continue
		}
		for _, p := range g.Players {
			if p.Actor.Name != "" && strings.Contains(w, p.Actor.Name) {
				add(p, w)
			}
		}
	}
	return out
}

// deadlineAnswerers returns the side's overall commander (all its players when
// none acts as one).
func (g GameState) deadlineAnswerers(s Side) []Player {
	var all, over []Player
	for _, p := range g.Players {
		if p.Side != s {
			continue
		}
		all = append(all, p)
		if g.ActsAsOverall(p) {
			over = append(over, p)
		}
	}
	if len(over) > 0 {
		return over
	}
	return all
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

// ---------------------------------------------------------------------------
// Events.

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

func init() {
	registerModule(decideDeadlines, applyDeadlines,
		&DeadlinesSet{}, &RemindersChosen{}, &VacationDeclared{}, &DeadlinePauseSeen{}, &DeadlineStarted{},
		&DeadlineEnded{}, &DeadlineReminded{}, &DeadlineMissed{}, &DeadlineDefaulted{})
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

func checkSpan(what string, d time.Duration, lo, hi time.Duration) error {
	if d < lo || d > hi {
		return Invalid("deadline.range", fmt.Sprintf("%s %s is out of range", what, FormatSpan(d)),
			fmt.Sprintf("Give %s from %s to %s, e.g. 48h, 3d or 1w", what, FormatSpan(lo), FormatSpan(hi)))
	}
	return nil
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

func cloneSpans(m map[string]time.Duration) map[string]time.Duration {
	if m == nil {
		return nil
	}
	out := make(map[string]time.Duration, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
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

// DeadlineWork reports whether RunDeadlines at t would record anything:
// the scheduler asks before it writes.
func (g GameState) DeadlineWork(t time.Time) bool {
	if !g.deadlinesLive() {
		return false
	}
	if g.Paused != g.Deadlines.Paused {
		return true
	}
	if g.Paused {
		return false
	}
	if g.waitSync(t) != nil {
		return true
	}
	items, defaults := g.dueItems(t)
	return len(items) > 0 || len(defaults) > 0 && g.defaultApplies(defaults)
}

// defaultApplies reports whether the step's default for the players out
// of grace may apply now: one that ends the step for everyone waits
// until everyone who owes is out of grace.
func (g GameState) defaultApplies(out []Owed) bool {
	_, _, whole, covered := g.deadlineDefault(RunDeadlines{}, out)
	return !whole || len(covered) >= len(g.currentOwing(g.Deadlines.Wait))
}

func (g GameState) deadlinesLive() bool {
	return g.Started && g.Ended == nil && (g.Deadlines.Settings.On() || g.Deadlines.Wait != nil || g.Deadlines.Paused)
}

// NextDeadlineEvent is when the next reminder, deadline or default of
// the wait under way falls due (false: none).
func (g GameState) NextDeadlineEvent(after time.Time) (time.Time, bool) {
	var best time.Time
	found := false
	consider := func(t time.Time) {
		if t.After(after) && (!found || t.Before(best)) {
			best, found = t, true
		}
	}
	w := g.Deadlines.Wait
	if w == nil || g.Paused {
		return best, false
	}
	for _, p := range g.currentOwing(w) {
		due, ok := g.Deadlines.Deadline(p.Player.ID)
		if !ok {
			continue
		}
		for _, b := range g.remindTimes(p.Player.ID) {
			consider(due.Add(-b))
		}
		consider(due)
		consider(due.Add(g.Deadlines.Settings.Grace))
	}
	return best, found
}

func (g GameState) remindTimes(player string) []time.Duration {
	out := slices.Clone(g.Deadlines.RemindersOf(player))
	if last := g.Deadlines.Settings.LastCallBefore(); !slices.Contains(out, last) {
		out = append(out, last)
	}
	return out
}

// currentOwing is who still owes the wait (nil when the wait is not the
// step's any more).
func (g GameState) currentOwing(w *DeadlineWait) []Owed {
	if w == nil || w.Turn != g.Turn || w.Step != g.CurrentStep() {
		return nil
	}
	var out []Owed
	for _, o := range g.Owing() {
		if slices.Contains(w.Owing, o.Player.ID) {
			out = append(out, o)
		}
	}
	return out
}

// waitSync returns the event that brings the recorded wait up to the step
// (a wait begins or ends), or nil.
func (g GameState) waitSync(t time.Time) Event {
	w := g.Deadlines.Wait
	step := g.CurrentStep()
	owing := g.Owing()
	dur := g.Deadlines.Settings.For(step)
	if len(owing) == 0 || step == "" || dur <= 0 {
		if w != nil {
			return &DeadlineEnded{N: w.N, At: t}
		}
		return nil
	}
	waits := g.Waiting()
	if w != nil && w.Turn == g.Turn && w.Step == step {
		same := false
		for _, s := range waits {
			same = same || slices.Contains(w.Waits, s)
		}
		for _, o := range owing {
			if !slices.Contains(w.Owing, o.Player.ID) {
				same = false
			}
		}
		if same {
			return nil
		}
	}
	nw := DeadlineWait{N: g.Deadlines.Waits + 1, Turn: g.Turn, Step: step, Waits: slices.Clone(waits), Start: t, Duration: dur}
	for _, o := range owing {
		nw.Owing = append(nw.Owing, o.Player.ID)
	}
	return &DeadlineStarted{Wait: nw}
}

type dueItem struct {
	at time.Time
	ev Event
}

// dueItems returns the reminders and misses due at t in time order, and
// the players whose grace has run out (without a default yet).
func (g GameState) dueItems(t time.Time) ([]dueItem, []Owed) {
	w := g.Deadlines.Wait
	if w == nil {
		return nil, nil
	}
	var items []dueItem
	var defaults []Owed
	for _, o := range g.currentOwing(w) {
		id := o.Player.ID
		due, ok := g.Deadlines.Deadline(id)
		if !ok {
			continue
		}
		if t.Before(due) {
			if g.Deadlines.Away(id, t) {
				continue // he is skipped while away; reminded when back
			}
			last := g.Deadlines.Settings.LastCallBefore()
			for _, b := range g.remindTimes(id) {
				at := due.Add(-b)
				key := fmt.Sprintf("remind %s %d", id, b)
				if at.After(t) || !at.After(w.Start) || w.fired(key) {
					continue
				}
				items = append(items, dueItem{at: at, ev: &DeadlineReminded{N: w.N, Player: id, Before: b, LastCall: b == last, Due: due, At: t}})
			}
			continue
		}
		grace := due.Add(g.Deadlines.Settings.Grace)
		if !w.fired("missed " + id) {
			items = append(items, dueItem{at: due, ev: &DeadlineMissed{N: w.N, Player: id, Due: due, GraceUntil: grace, At: t}})
		}
		if !t.Before(grace) && !w.fired("default "+id) {
			defaults = append(defaults, o)
		}
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].at.Before(items[j].at) })
	// One reminder a player at a time: when several fell due (after an
	// outage), the latest says all.
	var out []dueItem
	for i, it := range items {
		r, ok := it.ev.(*DeadlineReminded)
		if ok {
			later := false
			for _, o := range items[i+1:] {
				if r2, ok := o.ev.(*DeadlineReminded); ok && r2.Player == r.Player {
					later = true
				}
			}
			if later {
				// Mark it fired without a message: the later one covers it.
				r.Before = -r.Before
			}
		}
		out = append(out, it)
	}
	return out, defaults
}

// runDeadlines fires what is due at c.At, in order: the pause, the wait's
// start or end, the reminders and misses, then the defaults (and again
// for the waits the defaults begin).
func (g GameState) runDeadlines(c RunDeadlines, d Dice) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if !g.IsUmpire(c.By) {
		return nil, Illegal("deadline.umpire", "Only the umpire's scheduler runs the deadlines", "")
	}
	if !g.deadlinesLive() {
		return nil, nil
	}
	state := g
	var evs []Event
	add := func(e Event) {
		evs = append(evs, e)
		state = state.Apply(e)
	}
	if state.Paused != state.Deadlines.Paused {
		add(&DeadlinePauseSeen{Paused: state.Paused, At: c.At})
	}
	if state.Paused {
		return evs, nil
	}
	for round := 0; round < maxDeadlineRounds; round++ {
		if e := state.waitSync(c.At); e != nil {
			add(e)
		}
		items, defaults := state.dueItems(c.At)
		for _, it := range items {
			add(it.ev)
		}
		if len(defaults) == 0 {
			break
		}
		more, err := state.applyDefault(c, defaults, d)
		if err != nil {
			return nil, err
		}
		if len(more) == 0 {
			break
		}
		for _, e := range more {
			add(e)
		}
		if df, ok := more[0].(*DeadlineDefaulted); ok && df.Failed != "" {
			break
		}
	}
	return evs, nil
}

// applyDefault decides the step's default for the players whose grace
// has run out: DeadlineDefaulted, then the default's events. A default
// that ends the whole step waits until everyone who owes is out of grace.
func (g GameState) applyDefault(c RunDeadlines, out []Owed, d Dice) ([]Event, error) {
	w := g.Deadlines.Wait
	if !g.defaultApplies(out) {
		return nil, nil // the others still have time
	}
	cmds, what, _, covered := g.deadlineDefault(c, out)
	out = covered
	ev := &DeadlineDefaulted{N: w.N, Step: w.Step, Default: what, At: c.At}
	for _, o := range out {
		ev.Players = append(ev.Players, o.Player.ID)
	}
	evs := []Event{ev}
	state := g.Apply(ev)
	for _, cmd := range cmds {
		// Timed: the chess clocks (clock.go) switch at the default's instant.
		more, err := state.Decide(Timed{Command: cmd, At: c.At}, d)
		if err != nil {
			// The default is not allowed now (the engine is deterministic:
			// it would fail again): record why, and leave it to the umpire;
			// nothing of the default is kept.
			ev.Failed = err.Error()
			return []Event{ev}, nil
		}
		for _, e := range more {
			state = state.Apply(e)
		}
		evs = append(evs, more...)
	}
	return evs, nil
}

// deadlineDefault is the documented default of the step under way for
// players who missed its deadline (docs/deadlines.md): 1e, Operational
// (LRTG 4.1: a side that has not declared is operational); the
// communications phase (LRTG 21.2), done with no dispatch; the action
// cycle (LRTG 5.0), the side passes (an action under way ends; a remote
// movement request is refused); any other step, the umpire ends it as
// /phase next force:true would. whole reports a default that ends the
// step for everyone.
func (g GameState) deadlineDefault(c RunDeadlines, out []Owed) (cmds []Command, what string, whole bool, covered []Owed) {
	by := c.By
	reason := DeadlineReason
	switch step := g.CurrentStep(); {
	case step == "1e":
		sides := owedSides(out)
		winner := spyWinner(g)
		sort.SliceStable(sides, func(i, j int) bool { return sides[j] == winner && sides[i] != winner })
		for _, s := range sides {
			cmds = append(cmds, DeclarePosture{By: by, Side: s, Posture: PostureOperational, Reason: reason})
		}
		return cmds, "declared Operational (LRTG 4.1)", false, out
	case g.Game() == LRTG && step == stepComms:
		if len(out) == len(g.currentOwing(g.Deadlines.Wait)) {
			return []Command{CloseComms{By: by, Table: c.Context.DispatchTable, Reason: reason}}, "done, no dispatch (LRTG 21.2)", false, out
		}
		for _, o := range out {
			cmds = append(cmds, DoneDispatches{By: o.Player, Table: c.Context.DispatchTable})
		}
		return cmds, "done, no dispatch (LRTG 21.2)", false, out
	case step == "4a" || step == "4b":
		// One side's default at a time: the next is decided on the
		// state it leaves (runDeadlines runs again).
		a, _ := g.cycle()
		for _, s := range owedSides(out) {
			var cmd Command
			what := ""
			switch {
			case a.Remote != nil && a.Remote.Answer == "" && s == EnemyOf(a.Remote.Side):
				cmd, what = AnswerRemote{By: by, Allow: false, Comment: reason}, "the remote movement request refused (LRTG 17.2)"
			case a.Active != nil && a.Active.Side == s:
				cmd, what = EndAction{By: by}, "the action under way ended (/action done)"
			case a.ToDecide == s:
				cmd, what = PassAction{By: by, Data: c.Context.Step.Move}, "passed (LRTG 5.0)"
			default:
				continue
			}
			for _, o := range out {
				if o.Side == s {
					covered = append(covered, o)
				}
			}
			return []Command{cmd}, what, false, covered
		}
	}
	return []Command{NextStep{By: by, Sequence: c.Context.Sequence, Context: c.Context.Step, Force: true, Reason: reason}},
		"the umpire ended the step (as /phase next force:true)", true, out
}

func owedSides(out []Owed) []Side {
	var sides []Side
	for _, o := range out {
		if !slices.Contains(sides, o.Side) {
			sides = append(sides, o.Side)
		}
	}
	return sides
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

func absSpan(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
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

// ---------------------------------------------------------------------------
// Spans as players write them.

var spanPart = regexp.MustCompile(`^(\d+)(w|d|h|m)`)

// ParseSpan reads a span such as 48h, 3d, 1w2d or 90m (a bare number is
// hours). A span longer than MaxDeadline is refused with that bound: no
// deadline setting takes more, and a longer one could overflow
// time.Duration (99999999999h once parsed as 0, "off", and was announced
// as set).
func ParseSpan(s string) (time.Duration, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return 0, Invalid("deadline.span", "No time given", "e.g. 48h, 3d, 1w or 90m")
	}
	tooLong := func() error {
		return Invalid("deadline.range", fmt.Sprintf("%q is longer than %s (%d days), the longest span a deadline setting takes", s, FormatSpan(MaxDeadline), MaxDeadline/(24*time.Hour)),
			fmt.Sprintf("Give at most %s, e.g. 48h, 3d or 1w", FormatSpan(MaxDeadline)))
	}
	// part adds n units to total, refusing (before any overflow) a total
	// past MaxDeadline.
	var total time.Duration
	part := func(digits string, unit time.Duration) error {
		n, err := parseInt(digits)
		if err != nil || time.Duration(n) > (MaxDeadline-total)/unit {
			return tooLong()
		}
		total += time.Duration(n) * unit
		return nil
	}
	if isDigits(s) {
		if err := part(s, time.Hour); err != nil {
			return 0, err
		}
		return total, nil
	}
	rest := s
	for rest != "" {
		m := spanPart.FindStringSubmatch(rest)
		if m == nil {
			return 0, Invalid("deadline.span", fmt.Sprintf("%q is not a span of time", s), "e.g. 48h, 3d, 1w2d or 90m")
		}
		unit := map[string]time.Duration{"w": 7 * 24 * time.Hour, "d": 24 * time.Hour, "h": time.Hour, "m": time.Minute}[m[2]]
		if err := part(m[1], unit); err != nil {
			return 0, err
		}
		rest = rest[len(m[0]):]
	}
	return total, nil
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func parseInt(s string) (int, error) {
	if s == "" || len(s) > 6 {
		return 0, fmt.Errorf("not a number")
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("not a number")
		}
		n = n*10 + int(r-'0')
	}
	return n, nil
}

// FormatSpan writes a span as ParseSpan reads it, e.g. 2d12h.
func FormatSpan(d time.Duration) string {
	if d == 0 {
		return "0h"
	}
	neg := d < 0
	if neg {
		d = -d
	}
	var b strings.Builder
	if neg {
		b.WriteString("-")
	}
	for _, u := range []struct {
		n string
		d time.Duration
	}{{"w", 7 * 24 * time.Hour}, {"d", 24 * time.Hour}, {"h", time.Hour}, {"m", time.Minute}} {
		if n := d / u.d; n > 0 {
			fmt.Fprintf(&b, "%d%s", n, u.n)
			d -= n * u.d
		}
	}
	return b.String()
}
