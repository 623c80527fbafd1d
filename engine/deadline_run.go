// The deadline scheduler's run (issue 9; docs/deadlines.md): what is due at
// an instant (a wait starting or ending, reminders, the last call, a miss,
// the default after the grace period), the next instant anything is due,
// and the step's documented default applied for a player who missed it
// (what a default does is the game's: Hooks.DeadlineDefault).

package engine

import (
	"fmt"
	"slices"
	"sort"
	"time"
)

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
	waits := g.deadlineWaits()
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
		// The game may time the command (LRTG 22: the chess clocks switch
		// at the default's instant).
		if f := g.deadlineHooks().AtInstant; f != nil {
			cmd = f(cmd, c.At)
		}
		more, err := state.Decide(cmd, d)
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

// A DeadlineMiss is what a game decides a step's default on
// (Hooks.DeadlineDefault): the scheduler's run (its umpire, instant and
// the bot's context), the players whose grace has run out, and everyone
// who still owes the wait.
type DeadlineMiss struct {
	Run   RunDeadlines
	Out   []Owed
	Owing []Owed
}

// A StepDefault is a step's default for players who missed its deadline:
// the commands the umpire gives for them, what the default did (for the
// DeadlineDefaulted event), whether it ends the step for everyone (it
// then waits until everyone who owes is out of grace), and the players
// it covers (the others' defaults follow on the state it leaves).
type StepDefault struct {
	Commands []Command
	What     string
	Whole    bool
	Covered  []Owed
}

// deadlineDefault is the documented default of the step under way for
// players who missed its deadline (docs/deadlines.md): the game's
// (Hooks.DeadlineDefault), else the umpire ends the step as /phase next
// force:true would, a default for everyone. whole reports a default that
// ends the step for everyone.
func (g GameState) deadlineDefault(c RunDeadlines, out []Owed) (cmds []Command, what string, whole bool, covered []Owed) {
	if f := g.deadlineHooks().DeadlineDefault; f != nil {
		if d, ok := f(g, DeadlineMiss{Run: c, Out: out, Owing: g.currentOwing(g.Deadlines.Wait)}); ok {
			return d.Commands, d.What, d.Whole, d.Covered
		}
	}
	return []Command{NextStep{By: c.By, Sequence: c.Context.Sequence, Context: c.Context.Step, Force: true, Reason: DeadlineReason}},
		"the umpire ended the step (as /phase next force:true)", true, out
}
