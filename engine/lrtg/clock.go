package lrtg

import (
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// Chess clocks (optional LRTG 22.2-22.5; LRTA 004 1 f), "Time Allocation").
//
// The engine never reads the wall clock: the instants come with the
// commands (Timed wraps any command with the bot's time; the clock's own
// commands carry At) and are recorded in the events, so a replay computes
// the same remaining times. Remaining time is computed when it is read,
// from the events and the reader's "now".
//
//   - Clocks are per player: each player of a side has his own clock with
//     the side's allowance of 22.2 (1f, declare.go). The rule says "each
//     player determines their time allowance", and the allowance is cut by
//     3 minutes for every player on the side, which only makes sense if
//     each has a clock (three players of 11 minutes each, against one of
//     17). With one player a side (the usual game) it is the side's clock.
//   - The clock that runs is the player's who decides or acts (22.3): the
//     side that won the initiative, through its overall commander (or the
//     subordinate he deferred to, 21.1); during an action, the player who
//     declared it; after a pass, the other side's. So it starts on the
//     initiative's resolution, switches when the following initiative is
//     won by the other side (22.3 1)) and when the winner passes (22.3 2)),
//     and stops when both have passed or the action cycle ends.
//   - Pauses (22.3): an attack declared, a rules question, a request to
//     reveal an enemy unit (limited intelligence only). Any player or the
//     umpire pauses; /attack declare pauses by itself (attackPause); the
//     umpire resumes (he answers the question, places the unit); an
//     attack's pause ends with the battle settled or called off (/attack
//     defend, /attack cancel), a combat result for both attacker and
//     defender (ApplyCombat, timed), or any player resumes it once the
//     battle is resolved. A pause belongs to the clock that ran: when the
//     clock switches (the action ends, a pass) the pause ends with it.
//   - Time chits (22.5): the side's pool (g.Chits: 3 at the start from the
//     set-up, +1 a passive turn up to 8, declare.go), spent by an
//     operational player of the side onto his own clock, +3 minutes, at any
//     time of the turn once its time is allocated (1f); passive sides spend
//     none. The rules give "each player" chits; the set-up records one pool a
//     side (its Time & Status display), kept here.
//   - 22.4: a player with no time left may not activate (ActivateUnit,
//     ActivateArmyLeader are refused) but may pass, defer, and move units
//     without the initiative under 17.2 (actions.go RemoteAllowed). An
//     activation under way when the time runs out is completed.

// ChitMinutes is what a time chit adds (22.5).
const ChitMinutes = 3

// Pause reasons (22.3).
const (
	PauseAttack = "attack" // an attack is declared, until the battle is resolved
	PauseRules  = "rules"  // a rules question, until it is answered
	PauseReveal = "reveal" // a request to reveal an enemy unit (limited intelligence)
	PauseUmpire = "umpire" // the umpire's own reason (Note)
)

// PauseReasons are the reasons a clock is paused for.
var PauseReasons = []string{PauseAttack, PauseRules, PauseReveal, PauseUmpire}

// ClockState is the game's chess clocks for the turn (g.Clock). It is
// folded from the clock events; never written in place.
type ClockState struct {
	Turn    int
	Running string                   // the player whose clock runs ("" none)
	Since   time.Time                // when it started (or resumed)
	Used    map[string]time.Duration // each player's time used this turn, up to Since
	Chits   map[string]int           // the chits spent on each player's clock this turn
	Pause   *ClockPause              // the running clock is paused
}

// ClockPause is why and since when the running clock is paused.
type ClockPause struct {
	Reason string
	Note   string
	By     engine.Actor
	At     time.Time
}

func (c ClockState) forTurn(turn int) ClockState {
	if c.Turn != turn {
		return ClockState{Turn: turn}
	}
	return c
}

// ---------------------------------------------------------------------------
// Commands and events.

type (
	// Timed is a command given at an instant (the bot's clock): the
	// command is settled as it is, and with time limitation the clocks
	// switch at At when the command changed who decides or acts (22.3),
	// and an activation by a player out of time is refused (22.4).
	Timed struct {
		Command engine.Command
		At      time.Time
	}
	// PauseClock pauses the running clock (22.3).
	PauseClock struct {
		By     engine.Actor
		At     time.Time
		Reason string // PauseReasons
		Note   string
	}
	// ResumeClock restarts the paused clock.
	ResumeClock struct {
		By engine.Actor
		At time.Time
	}
	// SpendChit spends one of the side's time chits on a player's clock
	// (22.5): the player's own; the umpire names the player (Player).
	SpendChit struct {
		By     engine.Actor
		At     time.Time
		Player string
	}
	// SyncClock switches the clocks to whoever decides or acts now, when a
	// command given without an instant changed it (an undo, a correction).
	SyncClock struct {
		At time.Time
	}
)

// CommandName implements Command: the command's own.
func (t Timed) CommandName() string {
	if t.Command == nil {
		return "timed"
	}
	return t.Command.CommandName()
}

// CommandName implements Command.
func (PauseClock) CommandName() string { return "clock pause" }

// CommandName implements Command.
func (ResumeClock) CommandName() string { return "clock resume" }

// CommandName implements Command.
func (SpendChit) CommandName() string { return "clock chit" }

// CommandName implements Command.
func (SyncClock) CommandName() string { return "clock sync" }

// Clock event types.
const (
	EventClockSwitched = "clock.switched"
	EventClockPaused   = "clock.paused"
	EventClockResumed  = "clock.resumed"
	EventChitSpent     = "clock.chit_spent"
)

// ClockSwitched records the running clock changing at an instant: From
// stops, To starts ("" none: the clocks stop).
type ClockSwitched struct {
	Turn     int         `json:"turn"`
	At       time.Time   `json:"at"`
	From     string      `json:"from,omitempty"`
	To       string      `json:"to,omitempty"`
	Side     engine.Side `json:"side,omitempty"` // To's side
	Why      string      `json:"why,omitempty"`
	Unpaused string      `json:"unpaused,omitempty"` // the pause the switch ended
	// Cause is what switched the clocks as a fact (ClockCause*), and
	// CauseSide the side it concerns: a presenter words it for its
	// audience (issue 22: a public line in a hidden game names the side,
	// never the commander who holds a deferred decision). Events stored
	// before carry Why only.
	Cause     string      `json:"cause,omitempty"`
	CauseSide engine.Side `json:"cause_side,omitempty"`
}

// What switched the clocks (ClockSwitched.Cause; 22.3, 21.1).
const (
	ClockCauseInitiative   = "initiative"    // CauseSide won the initiative
	ClockCausePassed       = "passed"        // CauseSide passed: the enemy decides
	ClockCauseCycleOver    = "cycle-over"    // both passed, or the step ended
	ClockCauseDeferred     = "deferred"      // CauseSide's decision deferred to a subordinate
	ClockCauseDeferredBack = "deferred-back" // CauseSide's decision back with its overall commander
	ClockCauseActivated    = "activated"     // CauseSide activates
	ClockCauseArmy         = "army"          // CauseSide's army leader activates
	ClockCauseActionEnded  = "action-ended"  // CauseSide's action ended
	ClockCauseOpening      = "opening"       // the opening's activations begin
	ClockCauseFollow       = "follow"        // the clocks follow who decides or acts
)

// ClockPaused records a pause of the running clock.
type ClockPaused struct {
	Turn   int          `json:"turn"`
	At     time.Time    `json:"at"`
	By     engine.Actor `json:"by"`
	Player string       `json:"player"`
	Reason string       `json:"reason"`
	Note   string       `json:"note,omitempty"`
}

// ClockResumed records the paused clock restarting.
type ClockResumed struct {
	Turn   int           `json:"turn"`
	At     time.Time     `json:"at"`
	By     engine.Actor  `json:"by"`
	Player string        `json:"player"`
	Reason string        `json:"reason"`
	Paused time.Duration `json:"paused"` // how long it was paused
}

// ChitSpent records a time chit spent on a player's clock.
type ChitSpent struct {
	Turn   int          `json:"turn"`
	At     time.Time    `json:"at"`
	By     engine.Actor `json:"by"`
	Player string       `json:"player"`
	Side   engine.Side  `json:"side"`
	Left   int          `json:"left"` // the side's chits after
}

// EventType implements Event.
func (*ClockSwitched) EventType() string { return EventClockSwitched }

// EventType implements Event.
func (*ClockPaused) EventType() string { return EventClockPaused }

// EventType implements Event.
func (*ClockResumed) EventType() string { return EventClockResumed }

// EventType implements Event.
func (*ChitSpent) EventType() string { return EventChitSpent }

// clockModule is the chess clocks, LRTG 22's time limitation: LRTG's and
// LRTA's (lrtgModules). The bot sends Timed and SyncClock only to a game
// with time limitation, an option of theirs alone.
func clockModule() engine.Module {
	return engine.Module{Name: "clock",
		Commands: []engine.Command{Timed{}, PauseClock{}, ResumeClock{}, SpendChit{}, SyncClock{}}, Decide: claims(decideClock),
		Events: []engine.Event{&ClockSwitched{}, &ClockPaused{}, &ClockResumed{}, &ChitSpent{}},
		Apply:  folds(applyClock)}
}

// ---------------------------------------------------------------------------
// Reading the clocks.

// clocking reports whether the game keeps chess clocks.
func (g Game) clocking() bool { return g.Options.TimeLimit && g.Started }

// ClockHolder returns the player whose clock should run now (22.3) and
// why, from the action cycle: "" when none runs (no action cycle under
// way, both passed, no time allocated this turn).
func (g Game) ClockHolder() string {
	if !g.clocking() || g.Ended != nil {
		return ""
	}
	a, ok := g.cycle()
	if !ok || a.Over || a.Skipped != "" {
		return ""
	}
	var side engine.Side
	id := ""
	switch {
	case a.Active != nil:
		side = a.Active.Side
		if p := g.Player(a.Active.By.ID); p != nil && p.Side == side {
			id = p.Actor.ID
		}
	case a.ToDecide != "":
		side, id = a.ToDecide, a.Holder
	default:
		return ""
	}
	if _, ok := g.Declared.Allowance(side, g.Turn); !ok {
		return ""
	}
	if id == "" {
		if p := g.ActingOverall(side); p != nil {
			id = p.Actor.ID
		}
	}
	return id
}

// ClockRemaining is a player's time left on the turn at now: the side's
// allowance (22.2), plus 3 minutes a chit spent on his clock (22.5), less
// the time his clock ran. Negative when he overran it.
func (g Game) ClockRemaining(player string, now time.Time) time.Duration {
	p := g.Player(player)
	if p == nil {
		return 0
	}
	a, ok := g.Declared.Allowance(p.Side, g.Turn)
	if !ok {
		return 0
	}
	c := g.Clock.forTurn(g.Turn)
	left := time.Duration(a.Minutes)*time.Minute + time.Duration(c.Chits[player]*ChitMinutes)*time.Minute - c.Used[player]
	if c.Running == player && c.Pause == nil && now.After(c.Since) {
		left -= now.Sub(c.Since)
	}
	return left
}

// PlayerClock is one player's clock as /clock shows it. A side's time is
// not secret: chess clocks sit on the table.
type PlayerClock struct {
	Player    engine.Actor
	Side      engine.Side
	Overall   bool
	Allowance int // minutes (22.2)
	Chits     int // chits spent on his clock this turn
	Remaining time.Duration
	Running   bool
	Out       bool // no time left (22.4)
}

// ClockView is the game's clocks at an instant.
type ClockView struct {
	Turn      int
	Allocated bool // the turn's time is allocated (1f)
	Clocks    []PlayerClock
	Chits     map[engine.Side]int  // each side's time chits left
	Passive   map[engine.Side]bool // passive this turn: no chits (22.5)
	Pause     *ClockPause
	Since     time.Time // when the running clock started or resumed
	Allowance map[engine.Side]TimeAllowance
}

// Running returns the running clock, if any.
func (v ClockView) Running() (PlayerClock, bool) {
	for _, c := range v.Clocks {
		if c.Running {
			return c, true
		}
	}
	return PlayerClock{}, false
}

// Clocks returns every player's clock at now, the sides in order CSA,
// USA, each side's overall commander first.
func (g Game) Clocks(now time.Time) ClockView {
	c := g.Clock.forTurn(g.Turn)
	v := ClockView{Turn: g.Turn, Chits: map[engine.Side]int{}, Passive: map[engine.Side]bool{}, Allowance: map[engine.Side]TimeAllowance{}, Pause: c.Pause, Since: c.Since}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		v.Chits[s] = g.Chits[s]
		v.Passive[s] = g.Declared.Passive(s, g.Turn)
		a, ok := g.Declared.Allowance(s, g.Turn)
		if ok {
			v.Allocated = true
			v.Allowance[s] = a
		}
		for _, over := range []bool{true, false} {
			for _, p := range g.Players {
				if p.Side != s || p.Overall != over {
					continue
				}
				pc := PlayerClock{Player: p.Actor, Side: s, Overall: p.Overall, Allowance: a.Minutes, Chits: c.Chits[p.Actor.ID],
					Running: c.Running == p.Actor.ID}
				if ok {
					pc.Remaining = g.ClockRemaining(p.Actor.ID, now)
					pc.Out = pc.Remaining <= 0
				}
				v.Clocks = append(v.Clocks, pc)
			}
		}
	}
	return v
}

// ClockOutOfStep reports whether the recorded running clock is not the
// one that should run (a command given without an instant changed who
// decides): SyncClock puts it right.
func (g Game) ClockOutOfStep() bool {
	return g.clocking() && g.ClockHolder() != g.Clock.forTurn(g.Turn).Running
}

// ---------------------------------------------------------------------------
// Deciding.

func decideClock(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	switch cmd := cmd.(type) {
	case Timed:
		evs, err := g.decideTimed(cmd, d)
		return evs, true, err
	case PauseClock:
		evs, err := g.decidePauseClock(cmd)
		return evs, true, err
	case ResumeClock:
		evs, err := g.decideResumeClock(cmd)
		return evs, true, err
	case SpendChit:
		evs, err := g.decideSpendChit(cmd)
		return evs, true, err
	case SyncClock:
		if err := g.NeedGame(); err != nil {
			return nil, true, err
		}
		if sw := g.clockSwitch(cmd.At, nil); sw != nil {
			return []engine.Event{sw}, true, nil
		}
		return nil, true, nil
	}
	return nil, false, nil
}

func (g Game) decideTimed(cmd Timed, d engine.Dice) ([]engine.Event, error) {
	if cmd.Command == nil {
		return nil, engine.Invalid("clock.command", "No command to time", "")
	}
	if _, nested := cmd.Command.(Timed); nested {
		return nil, engine.Invalid("clock.command", "A timed command is timed once", "")
	}
	evs, err := g.Decide(cmd.Command, d)
	if err != nil || !g.clocking() {
		return evs, err
	}
	if err := g.outOfTime(cmd); err != nil {
		return nil, err
	}
	evs = g.attackPause(cmd.At, evs)
	after := g
	for _, e := range evs {
		after = after.Apply(e)
	}
	if sw := after.clockSwitch(cmd.At, evs); sw != nil {
		evs = append(evs, sw)
	}
	return evs, nil
}

// outOfTime refuses an activation by a player with no time left (22.4).
// The umpire may set it aside with a reason.
func (g Game) outOfTime(cmd Timed) *engine.RuleError {
	var by engine.Actor
	var reason string
	switch c := cmd.Command.(type) {
	case ActivateUnit:
		by, reason = c.By, c.Reason
	case ActivateArmyLeader:
		by, reason = c.By, c.Reason
	default:
		return nil
	}
	if g.IsUmpire(by) && strings.TrimSpace(reason) != "" {
		return nil
	}
	who := g.ClockHolder()
	if p := g.Player(by.ID); p != nil {
		who = p.Actor.ID
	}
	p := g.Player(who)
	if p == nil {
		return nil
	}
	if _, ok := g.Declared.Allowance(p.Side, g.Turn); !ok || g.ClockRemaining(who, cmd.At) > 0 {
		return nil
	}
	hint := "You may pass (/action pass), or move units the enemy lets move without the initiative (/action remote, 17.2)"
	if !g.Declared.Passive(p.Side, g.Turn) && g.Chits[p.Side] > 0 {
		hint = fmt.Sprintf("Spend a time chit for 3 more minutes (/clock chit; the %s has %d, 22.5), pass (/action pass), or move units the enemy lets move without the initiative (/action remote, 17.2)",
			sideName(p.Side), g.Chits[p.Side])
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.out", What: fmt.Sprintf("%s has no time left on his clock this turn: a player out of time may no longer activate", p.Actor.Name),
		Hint: hint, Rule: "LRTG 22.4"}
}

// clockSwitch returns the switch to whoever decides or acts now, or nil
// when the running clock is already his. evs are the events that moved
// the game (for the why).
func (g Game) clockSwitch(at time.Time, evs []engine.Event) *ClockSwitched {
	if !g.clocking() {
		return nil
	}
	c := g.Clock.forTurn(g.Turn)
	to := g.ClockHolder()
	if to == c.Running {
		return nil
	}
	why, cause, side := clockWhy(g, evs)
	sw := &ClockSwitched{Turn: g.Turn, At: at, From: c.Running, To: to, Why: why, Cause: cause, CauseSide: side}
	if p := g.Player(to); p != nil {
		sw.Side = p.Side
	}
	if c.Pause != nil {
		sw.Unpaused = c.Pause.Reason
	}
	return sw
}

// clockWhy says what switched the clocks, from the events of the command
// (22.3): the sentence stored events carry (Why), and the cause as a fact
// with the side it concerns.
func clockWhy(g Game, evs []engine.Event) (string, string, engine.Side) {
	for i := len(evs) - 1; i >= 0; i-- {
		switch e := evs[i].(type) {
		case *InitiativeWon:
			return fmt.Sprintf("the %s won the initiative (22.3)", sideName(e.Side)), ClockCauseInitiative, e.Side
		case *Passed:
			if e.Ends {
				return fmt.Sprintf("the %s passed too: the action cycle is over", sideName(e.Side)), ClockCauseCycleOver, e.Side
			}
			return fmt.Sprintf("the %s passed: the %s decides (22.3 2))", sideName(e.Side), sideName(engine.EnemyOf(e.Side))), ClockCausePassed, e.Side
		case *Deferred:
			if e.To.ID == "" {
				return "the decision is back with the overall commander (21.1)", ClockCauseDeferredBack, e.Side
			}
			return fmt.Sprintf("the decision is deferred to %s (21.1)", e.To.Name), ClockCauseDeferred, e.Side
		case *Activated:
			return fmt.Sprintf("%s activates (%s)", e.By.Name, sideName(e.Side)), ClockCauseActivated, e.Side
		case *ArmyAttempted:
			return fmt.Sprintf("%s's army leader activates (%s)", e.By.Name, sideName(e.Side)), ClockCauseArmy, e.Side
		case *ActionEnded:
			return fmt.Sprintf("the %s's action ended", sideName(e.Side)), ClockCauseActionEnded, e.Side
		case *CycleBegun:
			if e.Opening {
				return "the opening's activations begin (000 VIII 3))", ClockCauseOpening, ""
			}
		case *engine.StepBegun:
			return "the action cycle is over", ClockCauseCycleOver, ""
		}
	}
	return "the clocks follow who decides or acts (22.3)", ClockCauseFollow, ""
}

// clockReady checks the game keeps clocks, and returns the state after a
// switch the recorded clocks missed (with the switch).
func (g Game) clockReady(by engine.Actor, at time.Time) (Game, []engine.Event, error) {
	if err := g.BoardReady(by); err != nil {
		return g, nil, err
	}
	if !g.Options.TimeLimit {
		return g, nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.off", What: "This game does not use the time limitation rule", Hint: "Chess clocks come with /game new ... time_limitation:true", Rule: "LRTG 22"}
	}
	if !g.IsUmpire(by) && g.Player(by.ID) == nil {
		return g, nil, engine.Illegal("clock.player", "Only the game's players and the umpire use its clocks", "")
	}
	if sw := g.clockSwitch(at, nil); sw != nil {
		return g.Apply(sw), []engine.Event{sw}, nil
	}
	return g, nil, nil
}

func (g Game) decidePauseClock(cmd PauseClock) ([]engine.Event, error) {
	g, evs, err := g.clockReady(cmd.By, cmd.At)
	if err != nil {
		return nil, err
	}
	reason := strings.ToLower(strings.TrimSpace(cmd.Reason))
	if !engine.Contains(PauseReasons, reason) {
		return nil, engine.Invalid("clock.reason", fmt.Sprintf("%q is not a reason to pause the clock", cmd.Reason), "reason:attack (an attack is declared), rules (a rules question) or reveal (a request to reveal an enemy unit); the umpire also reason:umpire (LRTG 22.3)")
	}
	if reason == PauseUmpire && !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("clock.reason", "Only the umpire pauses the clock for a reason of his own", "Pause for an attack, a rules question or a reveal request (LRTG 22.3)")
	}
	if reason == PauseReveal && !g.Options.LimitedIntel {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.reveal", What: "Every unit is in view in this game: there is no enemy unit to reveal", Hint: "Reveal requests are for limited intelligence games", Rule: "LRTG 22.3 3)"}
	}
	c := g.Clock.forTurn(g.Turn)
	if c.Running == "" {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.stopped", What: "No clock is running", Hint: "The clocks run in the action cycle, from the initiative's resolution (/clock shows them)", Rule: "LRTG 22.3"}
	}
	if c.Pause != nil {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.paused", What: fmt.Sprintf("The clock is already paused (%s)", clockReasonText(c.Pause.Reason)), Hint: "The umpire resumes it with /clock resume", Rule: "LRTG 22.3"}
	}
	return append(evs, &ClockPaused{Turn: g.Turn, At: cmd.At, By: cmd.By, Player: c.Running, Reason: reason, Note: strings.TrimSpace(cmd.Note)}), nil
}

func (g Game) decideResumeClock(cmd ResumeClock) ([]engine.Event, error) {
	g, evs, err := g.clockReady(cmd.By, cmd.At)
	if err != nil {
		return nil, err
	}
	c := g.Clock.forTurn(g.Turn)
	if c.Pause == nil {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.running", What: "No clock is paused", Hint: "/clock shows the clocks", Rule: "LRTG 22.3"}
	}
	if !g.IsUmpire(cmd.By) && c.Pause.Reason != PauseAttack {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.resume", What: fmt.Sprintf("The clock is paused for %s: the umpire restarts it once answered", clockReasonText(c.Pause.Reason)),
			Hint: fmt.Sprintf("Ask %s", g.Umpire.Name), Rule: "LRTG 22.3"}
	}
	return append(evs, &ClockResumed{Turn: g.Turn, At: cmd.At, By: cmd.By, Player: c.Running, Reason: c.Pause.Reason, Paused: max(cmd.At.Sub(c.Pause.At), 0)}), nil
}

func (g Game) decideSpendChit(cmd SpendChit) ([]engine.Event, error) {
	g, evs, err := g.clockReady(cmd.By, cmd.At)
	if err != nil {
		return nil, err
	}
	p := g.Player(cmd.By.ID)
	if who := strings.TrimSpace(cmd.Player); who != "" {
		if !g.IsUmpire(cmd.By) && (p == nil || !strings.EqualFold(who, p.Actor.ID) && !strings.EqualFold(who, p.Actor.Name)) {
			return nil, engine.Illegal("clock.chit", "A player spends a time chit on his own clock", "Leave player out (LRTG 22.5)")
		}
		p = nil
		for i := range g.Players {
			if strings.EqualFold(g.Players[i].Actor.ID, who) || strings.EqualFold(g.Players[i].Actor.Name, who) {
				p = &g.Players[i]
			}
		}
		if p == nil {
			return nil, engine.Invalid("clock.player", fmt.Sprintf("%q is not a player of this game", who), "Name a commander")
		}
	}
	if p == nil {
		return nil, engine.Invalid("clock.player", "The umpire names the player whose clock the chit goes on", "Add player:<name>")
	}
	if _, ok := g.Declared.Allowance(p.Side, g.Turn); !ok {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.allocated", What: fmt.Sprintf("Turn %d's time is not allocated yet", g.Turn),
			Hint: "Time is allocated in step 1f; chits are spent during the turn after it", Rule: "LRTG 22.2, 22.5"}
	}
	if g.Declared.Passive(p.Side, g.Turn) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.passive", What: fmt.Sprintf("The %s is passive this turn: passive players may not use time chits", sideName(p.Side)),
			Hint: "Its passive turn gave it a chit for a later turn", Rule: "LRTG 22.5"}
	}
	if g.Chits[p.Side] <= 0 {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.chits", What: fmt.Sprintf("The %s has no time chits left", sideName(p.Side)),
			Hint: "A side receives one for each turn it is passive (up to 8)", Rule: "LRTG 22.5"}
	}
	return append(evs, &ChitSpent{Turn: g.Turn, At: cmd.At, By: cmd.By, Player: p.Actor.ID, Side: p.Side, Left: g.Chits[p.Side] - 1}), nil
}

// clockReasonText says a pause reason in words.
func clockReasonText(reason string) string {
	switch reason {
	case PauseAttack:
		return "an attack, until the battle is resolved"
	case PauseRules:
		return "a rules question, until it is answered"
	case PauseReveal:
		return "a request to reveal an enemy unit, until it is placed"
	case PauseUmpire:
		return "the umpire"
	}
	return reason
}

// ClockReasonText says why a clock is paused.
func ClockReasonText(reason string) string { return clockReasonText(reason) }

// ---------------------------------------------------------------------------
// Folding.

func applyClock(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *ClockSwitched:
		c := g.Clock.forTurn(e.Turn)
		c.Used = c.stop(e.At)
		c.Running, c.Since, c.Pause = e.To, e.At, nil
		g.Clock = c
	case *ClockPaused:
		c := g.Clock.forTurn(e.Turn)
		c.Used = c.stop(e.At)
		c.Since = e.At
		c.Pause = &ClockPause{Reason: e.Reason, Note: e.Note, By: e.By, At: e.At}
		g.Clock = c
	case *ClockResumed:
		c := g.Clock.forTurn(e.Turn)
		c.Since, c.Pause = e.At, nil
		g.Clock = c
	case *ChitSpent:
		c := g.Clock.forTurn(e.Turn)
		c.Chits = maps.Clone(c.Chits)
		if c.Chits == nil {
			c.Chits = map[string]int{}
		}
		c.Chits[e.Player]++
		g.Clock = c
		chits := maps.Clone(g.Chits)
		if chits == nil {
			chits = map[engine.Side]int{}
		}
		chits[e.Side] = e.Left
		g.Chits = chits
	default:
		return g, false
	}
	return g, true
}

// stop returns the time used with the running clock's run up to at
// counted (a copy).
func (c ClockState) stop(at time.Time) map[string]time.Duration {
	used := maps.Clone(c.Used)
	if used == nil {
		used = map[string]time.Duration{}
	}
	if c.Running != "" && c.Pause == nil && at.After(c.Since) {
		used[c.Running] += at.Sub(c.Since)
	}
	return used
}

// attackPause is 22.3's pause for an attack: "The active player's clock
// is paused ... when an attack is declared" and "is restarted as soon as
// the battle is completely resolved". An attack declared (/attack
// declare) pauses the running clock; the battle settled (/attack defend:
// attack.settled, with its result), called off by the umpire (/attack
// cancel), or a combat result for attacker and defender both (/battle
// result, typed) restarts it (one side's result alone waits for /clock
// resume). A clock paused for another reason is left as it is.
func (g Game) attackPause(at time.Time, evs []engine.Event) []engine.Event {
	c := g.Clock.forTurn(g.Turn)
	if c.Running == "" {
		return evs
	}
	if c.Pause == nil {
		for _, e := range evs {
			if d, ok := e.(*AttackDeclared); ok {
				return append(evs, &ClockPaused{Turn: g.Turn, At: at, By: d.Battle.By, Player: c.Running, Reason: PauseAttack})
			}
		}
		return evs
	}
	if c.Pause.Reason != PauseAttack {
		return evs
	}
	for _, e := range evs {
		var by engine.Actor
		switch e := e.(type) {
		case *AttackSettled:
			by = e.By
		case *AttackCancelled:
			by = e.By
		case *CombatApplied:
			if len(e.Sides) != 2 {
				continue
			}
			by = e.By
		default:
			continue
		}
		return append(evs, &ClockResumed{Turn: g.Turn, At: at, By: by, Player: c.Running, Reason: PauseAttack, Paused: max(at.Sub(c.Pause.At), 0)})
	}
	return evs
}
