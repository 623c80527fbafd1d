package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/umpire-games/umpire/engine"
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

// Run ticks at once, then on every tick of ticks, until ctx is done. A
// failed tick is logged; the next one tries again.
func (s *Scheduler) Run(ctx context.Context, ticks <-chan time.Time) error {
	for {
		if err := s.Tick(ctx); err != nil && ctx.Err() == nil {
			s.Router.log.Error("deadline scheduler: tick", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-ticks:
		}
	}
}

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
	req := Request{GuildID: st.GuildID, ChannelID: strings.TrimPrefix(st.ID, "game:"), User: umpire, Command: "deadline", Path: []string{"run"}}
	cmd := engine.RunDeadlines{By: umpire, At: now, Context: engine.DeadlineContext{
		Sequence:      r.sequence(g),
		Step:          r.stepContext(g),
		DispatchTable: r.library.Table(g.DispatchTableID()),
	}}
	var before engine.GameState
	rep, err := settleWith(ctx, r, req, st.ID, kindGame, r.games, nil,
		func(g engine.GameState, d engine.Dice) ([]engine.Event, error) {
			before = g
			return g.Decide(cmd, d)
		},
		func(views []EventView, evs []engine.Event) Reply {
			return Reply{Outputs: r.deadlineOutputs(req, before, views, evs)}
		})
	if err != nil {
		return fmt.Errorf("deadline run at %s: %w", now.UTC().Format(time.RFC3339), err)
	}
	if s.Poster == nil {
		return nil
	}
	var first error
	for _, o := range rep.Outputs {
		if err := s.Poster.Post(ctx, o); err != nil && first == nil {
			first = err
		}
	}
	return first
}
