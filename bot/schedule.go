package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"sync"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/store"
)

// The deadline scheduler (engine/deadline.go, docs/deadlines.md). It
// keeps no schedule of its own: on every tick it reads the game streams,
// and each game's state says what is due (DeadlineWork). What it fires
// is recorded in the game's stream through the same settle path as a
// command (the version guard: a second scheduler, or a retry, decides on
// the new state and finds it done), and posted only once recorded. So
// after a restart or an outage the first tick fires what fell due, once,
// in order, and never what was fired before.

// Poster posts a message the scheduler made (it answers no interaction):
// to a channel (Audience.Channel of a public or channel output).
type Poster interface {
	Post(ctx context.Context, o Output) error
}

// A poster that can be unready (Discord before it connects, or while it
// reconnects) says so: the scheduler then waits, since what it fires is
// recorded before it is posted.
type readyPoster interface{ Ready() bool }

// GameLister lists the streams of a kind across guilds (package store
// provides it).
type GameLister interface {
	StreamsOfKind(ctx context.Context, kind string) ([]store.Stream, error)
}

var _ GameLister = (*store.Store)(nil)

// Scheduler fires the deadlines of every game.
type Scheduler struct {
	Router *Router
	Poster Poster
	// Now is the clock (nil: the router's).
	Now func() time.Time
	// Games lists the game streams (nil: the router's store, when it
	// can).
	Games GameLister
	// Owns says which guilds' games this process fires (shards.go): with
	// several processes on one database, the owner of the guild's shard.
	// Nil: every guild.
	Owns func(guildID string) bool
	// OutboxGrace is how old a pending outbox entry must be before a tick
	// posts it again (default DefaultOutboxGrace); the first tick of a
	// scheduler posts every pending entry of its guilds at once, since
	// nothing of its own is in flight then.
	OutboxGrace time.Duration
	flushed     bool

	// idle remembers, per game stream, the version it was last looked at
	// and until when nothing can fall due there, so that a tick folds
	// only the games that changed or have something due (a guild of
	// games without deadlines costs one listing a tick).
	mu   sync.Mutex
	idle map[string]idleGame
}

type idleGame struct {
	version int64
	until   time.Time // zero: until the stream changes
}

// recheck is the longest a game with live deadlines goes unlooked-at.
const recheck = 15 * time.Minute

// skip reports whether a game may be left alone this tick.
func (s *Scheduler) skip(st store.Stream, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.idle[st.ID]
	return ok && e.version == st.Version && (e.until.IsZero() || now.Before(e.until))
}

// rest records until when a game has nothing due.
func (s *Scheduler) rest(id string, version int64, g engine.GameState, now time.Time) {
	e := idleGame{version: version}
	if g.Deadlines.Settings.On() || g.Deadlines.Wait != nil || g.Deadlines.Paused {
		e.until = now.Add(recheck)
		if next, ok := g.NextDeadlineEvent(now); ok && next.Before(e.until) {
			e.until = next
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.idle == nil {
		s.idle = map[string]idleGame{}
	}
	s.idle[id] = e
}

// DefaultTick is how often Run ticks.
const DefaultTick = time.Minute

// DefaultOutboxGrace: see Scheduler.OutboxGrace.
const DefaultOutboxGrace = 2 * time.Minute

// The outbox (store/outbox.go, docs/crash-safety.md). What a tick fires is
// recorded with its events as a pending outbox entry, posted, then marked
// posted. A crash in between leaves it pending: the next scheduler posts
// it on its first tick. Each message carries a nonce made from the entry's
// id and its place in the entry, so Discord drops a message it already
// has (enforce_nonce) when the crash came after the post.
type outboxStore interface {
	PendingOutbox(ctx context.Context) ([]store.OutboxEntry, error)
	MarkPosted(ctx context.Context, id string) error
}

// NoncePoster is a Poster that can post once per nonce: a second post with
// the same nonce is dropped by Discord (bot.Discord implements it).
type NoncePoster interface {
	PostOnce(ctx context.Context, o Output, nonce string) error
}

// outboxNonce is the nonce of an entry's i-th message: at most 25
// characters, as Discord requires.
func outboxNonce(id string, i int) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s#%d", id, i)
	return fmt.Sprintf("u%016x", h.Sum64())
}

// postEntry posts an entry's outputs, but those already refused for good
// (failed), and marks it posted when each went or was refused
// (outbox_refused.go). A transient error stops it: the entry stays
// pending for a later tick.
func (s *Scheduler) postEntry(ctx context.Context, stream, id string, outs []Output, failed []int) error {
	skip := map[int]bool{}
	for _, i := range failed {
		skip[i] = true
	}
	var lost []lostPost
	// Whatever stops the loop, the umpire hears of what was lost in it:
	// those messages are marked failed and never tried again.
	defer func() {
		if len(lost) > 0 {
			s.tellLost(ctx, stream, id, lost)
		}
	}()
	for i, o := range outs {
		if skip[i] {
			continue
		}
		var err error
		if np, ok := s.Poster.(NoncePoster); ok && id != "" {
			err = np.PostOnce(ctx, o, outboxNonce(id, i))
		} else {
			err = s.Poster.Post(ctx, o)
		}
		if code, ok := postRefusal(err); ok && id != "" {
			if of, ok := s.Router.store.(outboxFailer); ok {
				if ferr := of.MarkOutboxFailed(ctx, id, i); ferr != nil {
					return ferr
				}
			}
			lost = append(lost, lostPost{index: i, out: o, code: code})
			continue
		}
		if err != nil {
			return fmt.Errorf("post %s message %d: %w", id, i+1, err)
		}
	}
	if ob, ok := s.Router.store.(outboxStore); ok && id != "" {
		return ob.MarkPosted(ctx, id)
	}
	return nil
}

// flushOutbox posts the pending entries of the scheduler's guilds: on its
// first tick all of them, later those older than the grace (a post that
// failed, or a process that died).
func (s *Scheduler) flushOutbox(ctx context.Context) error {
	ob, ok := s.Router.store.(outboxStore)
	if !ok || s.Poster == nil {
		return nil
	}
	pending, err := ob.PendingOutbox(ctx)
	if err != nil {
		return err
	}
	first := !s.flushed
	s.flushed = true
	grace := s.OutboxGrace
	if grace <= 0 {
		grace = DefaultOutboxGrace
	}
	var firstErr error
	for _, e := range pending {
		if s.Owns != nil && !s.Owns(e.GuildID) || !first && time.Since(e.At) < grace {
			continue
		}
		var rep Reply
		if err := json.Unmarshal(e.Body, &rep); err != nil {
			// Not postable: mark it, so that it does not block the rest.
			s.Router.log.Error("deadline scheduler: outbox entry unreadable", "id", e.ID, "err", err)
			_ = ob.MarkPosted(ctx, e.ID)
			continue
		}
		s.Router.log.Info("deadline scheduler: posting a pending outbox entry", "id", e.ID, "recorded", e.At)
		if err := s.postEntry(ctx, e.Stream, e.ID, rep.Outputs, e.Failed); err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return firstErr
}

// Run ticks at once, then on every tick of ticks, until ctx is done. A
// failed tick is logged; the next one tries again.
func (s *Scheduler) Run(ctx context.Context, ticks <-chan time.Time) error {
	for {
		// A tick under way finishes even when ctx ends (a stop, SIGTERM):
		// what it recorded is posted and marked, not left to the next
		// process (bounded by tickLimit).
		tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), tickLimit)
		err := s.Tick(tctx)
		cancel()
		if err != nil {
			s.Router.log.Error("deadline scheduler: tick", "err", err)
		}
		// Not connected yet (a start, a reconnection): look again soon
		// rather than a whole tick later, so that what fell due during an
		// outage goes out as soon as the session is up.
		var soon <-chan time.Time
		if rp, ok := s.Poster.(readyPoster); ok && !rp.Ready() {
			soon = time.After(notReadyRetry)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-ticks:
		case <-soon:
		}
	}
}

// tickLimit bounds one tick; notReadyRetry is how soon a tick that found
// the poster unready is tried again.
const (
	tickLimit     = 30 * time.Second
	notReadyRetry = 250 * time.Millisecond
)

func (s *Scheduler) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return s.Router.now()
}

// Tick fires everything due now in every game, in each game's order.
// It returns the first error, after trying every game.
func (s *Scheduler) Tick(ctx context.Context) error {
	if rp, ok := s.Poster.(readyPoster); ok && !rp.Ready() {
		return nil
	}
	if err := s.flushOutbox(ctx); err != nil {
		s.Router.log.Error("deadline scheduler: outbox", "err", err)
	}
	games := s.Games
	if games == nil {
		l, ok := s.Router.store.(GameLister)
		if !ok {
			return errors.New("deadline scheduler: the store cannot list the games")
		}
		games = l
	}
	streams, err := games.StreamsOfKind(ctx, kindGame)
	if err != nil {
		return err
	}
	now := s.now()
	var first error
	for _, st := range streams {
		if s.Owns != nil && !s.Owns(st.GuildID) {
			continue
		}
		if s.skip(st, now) {
			continue
		}
		if err := s.tickGame(ctx, st, now); err != nil {
			s.Router.log.Error("deadline scheduler: game", "stream", st.ID, "err", err)
			if first == nil {
				first = err
			}
		}
	}
	return first
}

func (s *Scheduler) tickGame(ctx context.Context, st store.Stream, now time.Time) error {
	r := s.Router
	_, g, err := fold(ctx, r, st.ID, r.games)
	if err != nil {
		return err
	}
	if !g.DeadlineWork(now) {
		s.rest(st.ID, st.Version, g, now)
		return nil
	}
	umpire := engine.Actor{ID: g.Umpire.ID, Name: g.Umpire.Name, Umpire: true}
	if g.Player(umpire.ID) != nil {
		// A creator who plays a side (an open game's, or a hidden game's
		// joined before that was refused) is a player too: the scheduler
		// acts as the umpire without his id, so that nothing it does
		// reads as his.
		umpire.ID = ""
	}
	channel, _ := channelOfStream(st.ID) // game_streams.go
	req := Request{GuildID: st.GuildID, ChannelID: channel, User: umpire, Command: "deadline", Path: []string{"run"}, outbox: true, stream: st.ID}
	cmd := engine.RunDeadlines{By: umpire, At: now, Context: engine.DeadlineContext{
		Sequence:      r.sequence(g),
		Step:          r.stepContext(g),
		DispatchTable: r.library.Table(lrtg.Of(g).DispatchTableID()),
	}}
	var before engine.GameState
	n := 0 // the run's own events; the rest are the steps the game began by itself
	rep, err := settleWith(ctx, r, req, st.ID, kindGame, r.games, nil,
		func(g engine.GameState, d engine.Dice) ([]engine.Event, error) {
			before = g
			evs, err := g.Decide(cmd, d)
			if err != nil {
				return nil, err
			}
			n = len(evs)
			return append(evs, r.autoSteps(g, evs, d)...), nil // sequence_auto.go: after a default
		},
		func(views []EventView, evs []engine.Event) Reply {
			out := r.deadlineOutputs(req, before, views[:n], evs[:n])
			return Reply{Outputs: append(out, r.autoOutputs(req, before, evs[:n], views[n:], evs[n:], false)...)}
		})
	if err != nil {
		return fmt.Errorf("deadline run at %s: %w", now.UTC().Format(time.RFC3339), err)
	}
	if s.Poster == nil {
		return nil
	}
	// A failed post leaves the entry pending: a later tick posts it
	// (flushOutbox).
	return s.postEntry(ctx, st.ID, rep.outboxID, rep.Outputs, nil)
}
