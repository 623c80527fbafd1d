package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"sync"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// Stream kinds.
const (
	kindChannel = "channel"
	kindCharts  = "charts"
)

func channelStream(req Request) string { return "channel:" + req.ChannelID }

// chartsStream holds the charts a guild's umpires loaded (the console is
// its own guild).
func chartsStream(req Request) string { return "charts:" + req.GuildID }

// state is a fold of a stream's events.
type state[S any] interface {
	Apply(engine.Event) S
}

// settleChannel settles a roll: on the game's stream when the channel has
// a game (its rolls are numbered with the game), else on the channel's.
func (r *Router) settleChannel(ctx context.Context, req Request, cmd engine.Command,
	present func(events []EventView, decided []engine.Event) Reply) (Reply, error) {
	g, err := r.game(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if g.Created {
		return r.settleGame(ctx, req, cmd, nil, present)
	}
	return settle(ctx, r, req, channelStream(req), kindChannel, r.states,
		func(c engine.Channel, d engine.Dice) ([]engine.Event, error) { return c.Decide(cmd, d) }, present)
}

// settle runs the one path of every action on a stream: a repeated
// interaction returns its first reply; otherwise load (from the cached
// fold), fold, decide, present, and append with the version guard (a stale
// append is decided again on the new state, up to settleAttempts times in
// all, then answered with errBusy).
func settle[S state[S]](ctx context.Context, r *Router, req Request, stream, kind string, cache *stateCache[S],
	decide func(S, engine.Dice) ([]engine.Event, error),
	present func(events []EventView, decided []engine.Event) Reply) (Reply, error) {
	return settleWith(ctx, r, req, stream, kind, cache, nil, decide, present)
}

// settleWith is settle with the dice of a new stream from src (nil: the
// router's).
func settleWith[S state[S]](ctx context.Context, r *Router, req Request, stream, kind string, cache *stateCache[S], src DiceSource,
	decide func(S, engine.Dice) ([]engine.Event, error),
	present func(events []EventView, decided []engine.Event) Reply) (Reply, error) {
	if src == nil {
		src = r.dice
	}
	if rep, ok, err := r.savedReply(ctx, req.InteractionID); err != nil || ok {
		return rep, err
	}
	// Commands on one stream take turns within this process, so the version
	// guard and its retries only ever meet writers in other processes.
	unlock := r.streamLocks.lock(stream)
	defer unlock()
	for attempt := 1; ; attempt++ {
		if attempt > 1 {
			// The other process may have recorded this very interaction
			// (Discord delivered it to both): its answer is the answer.
			if rep, ok, err := r.savedReply(ctx, req.InteractionID); err != nil || ok {
				return rep, err
			}
		}
		st, state, err := fold(ctx, r, stream, cache)
		if err == nil && kind == kindGame {
			err = errOtherGuild(st, req) // authz_guild.go
		}
		if err != nil {
			return Reply{}, err
		}
		dice, err := src.Open(st.Dice)
		if err != nil {
			return Reply{}, fmt.Errorf("stream %s: %w", stream, err)
		}
		events, err := decide(state, dice)
		if err != nil {
			return Reply{}, err
		}
		app := store.Append{Stream: stream, GuildID: req.GuildID, Kind: kind, Expected: st.Version}
		views := make([]EventView, 0, len(events))
		for i, e := range events {
			typ, data, err := engine.EncodeEvent(e)
			if err != nil {
				return Reply{}, err
			}
			app.Records = append(app.Records, store.NewRecord{Type: typ, Data: data})
			views = append(views, EventView{Type: typ, Stream: stream, Version: st.Version + int64(i) + 1, Data: data})
		}
		if app.Dice, err = dice.MarshalBinary(); err != nil {
			return Reply{}, err
		}
		rep := present(views, events)
		if req.outbox && len(events) > 0 && len(rep.Outputs) > 0 {
			body, err := json.Marshal(rep)
			if err != nil {
				return Reply{}, err
			}
			rep.outboxID = fmt.Sprintf("%s@%d", stream, st.Version+int64(len(events)))
			app.Outbox = &store.OutboxEntry{ID: rep.outboxID, Body: body}
		}
		if req.InteractionID != "" {
			saved, err := json.Marshal(rep)
			if err != nil {
				return Reply{}, err
			}
			app.Interaction = &store.Interaction{ID: req.InteractionID, Stream: stream, Reply: saved}
		}
		_, err = r.store.Append(ctx, app)
		switch {
		case err == nil:
			if engine.HasRewind(events) {
				// The state cannot go back by itself: fold the log again
				// (the next fold meets the rewind and does).
				// The events are recorded: a failure here costs only the
				// cache, which the next command folds again.
				cache.drop(stream)
				if _, _, err := fold(ctx, r, stream, cache); err != nil {
					r.log.Error("refolding after a rewind", "stream", stream, "err", err)
				}
				return rep, nil
			}
			for _, e := range events {
				state = state.Apply(e)
			}
			c, _ := cache.get(stream)
			next := cached[S]{version: st.Version + int64(len(events)), state: state, snap: c.snap}
			cache.put(stream, snapshotIfDue(ctx, r, stream, cache.snapshots, next))
			return rep, nil
		case errors.Is(err, store.ErrDuplicateInteraction):
			rep, _, err := r.savedReply(ctx, req.InteractionID)
			return rep, err
		case errors.Is(err, store.ErrConflict) && attempt < settleAttempts:
			r.log.Info("stale append, retrying on the new state", "stream", stream, "expected", st.Version, "attempt", attempt)
			continue
		case errors.Is(err, store.ErrConflict):
			return Reply{}, &busyError{stream: stream, attempts: attempt, err: err}
		default:
			return Reply{}, err
		}
	}
}

// settleAttempts bounds the decisions of one command whose append keeps
// meeting another process's (the version guard): each is made afresh on
// the state that beat it. Commands are idempotent by interaction id, so a
// retry never records twice.
const settleAttempts = 5

// busyError is a command that lost the version guard settleAttempts times
// running: nothing was recorded, and the player is asked to try again
// (busyReply), not told of an internal error.
type busyError struct {
	stream   string
	attempts int
	err      error
}

func (e *busyError) Error() string {
	return fmt.Sprintf("stream %s busy: %d appends in a row met another process's: %v", e.stream, e.attempts, e.err)
}

func (e *busyError) Unwrap() error { return e.err }

// fold returns the stream's row and its state: the cached fold plus the
// events appended since; for a game no process has folded here, its
// newest snapshot plus the events after it (snapshot.go).
func fold[S state[S]](ctx context.Context, r *Router, stream string, cache *stateCache[S]) (store.Stream, S, error) {
	c, ok := cache.get(stream)
	if !ok {
		c = restore(ctx, r, stream, cache.snapshots)
	}
	st, recs, err := r.store.Load(ctx, stream, c.version)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return st, c.state, err
	}
	if c.version > 0 && st.Version < c.version {
		// The store is behind the cache or the snapshot (the database
		// was replaced): fold from the start.
		cache.drop(stream)
		c = cached[S]{}
		if st, recs, err = r.store.Load(ctx, stream, 0); err != nil && !errors.Is(err, store.ErrNotFound) {
			return st, c.state, err
		}
	}
	events := make([]engine.Event, 0, len(recs))
	var bad error
	for _, rec := range recs {
		e, err := r.rulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			bad = fmt.Errorf("stream %s version %d: %w", stream, rec.Version, err)
			break
		}
		events = append(events, e)
	}
	if bad == nil && engine.HasRewind(events) {
		// A rewind takes back events the state has folded (a state keeps
		// one level of its past): fold the log again from its start,
		// leaving out what was taken back (engine/rewind.go).
		var s S
		st, s, err = refold[S](ctx, r, stream)
		if err != nil {
			return st, s, err
		}
		c = snapshotIfDue(ctx, r, stream, cache.snapshots, cached[S]{version: st.Version, state: s, snap: c.snap})
		cache.put(stream, c)
		return st, s, nil
	}
	s := foldAll(c.state, events)
	if bad != nil {
		return st, s, bad
	}
	if len(recs) > 0 || c.version > 0 && !ok {
		// Reads keep their fold too: after a restart, a game that no one
		// writes to is folded once, not on every /game status or /map.
		c = snapshotIfDue(ctx, r, stream, cache.snapshots, cached[S]{version: st.Version, state: s, snap: c.snap})
		cache.put(stream, c)
	}
	return st, s, nil
}

// refold folds a stream's whole stored log from its start, leaving out
// the events a rewind took back (engine.LiveEvents).
func refold[S state[S]](ctx context.Context, r *Router, stream string) (store.Stream, S, error) {
	var s S
	st, recs, err := r.store.Load(ctx, stream, 0)
	if err != nil {
		return st, s, err
	}
	all := make([]engine.StoredEvent, 0, len(recs))
	for _, rec := range recs {
		e, err := r.rulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			return st, s, fmt.Errorf("stream %s version %d: %w", stream, rec.Version, err)
		}
		all = append(all, engine.StoredEvent{Version: rec.Version, Event: e})
	}
	live := engine.LiveEvents(all)
	events := make([]engine.Event, len(live))
	for i, se := range live {
		events[i] = se.Event
	}
	return st, foldAll(s, events), nil
}

// foldAll folds events into s: in bulk when the state can (a game:
// engine.GameState.ApplyAll, which copies no units map), else one by one.
func foldAll[S state[S]](s S, events []engine.Event) S {
	if b, ok := any(s).(interface{ ApplyAll([]engine.Event) S }); ok {
		return b.ApplyAll(events)
	}
	for _, e := range events {
		s = s.Apply(e)
	}
	return s
}

// stripedLocks serializes work per stream with a fixed number of mutexes
// (streams that share a stripe wait for each other, which is harmless).
type stripedLocks [64]sync.Mutex

func (l *stripedLocks) lock(stream string) func() {
	h := fnv.New32a()
	h.Write([]byte(stream))
	m := &l[h.Sum32()%uint32(len(l))]
	m.Lock()
	return m.Unlock
}

// cached is a stream's state folded up to version; snap is the version
// of the stream's newest snapshot this router knows of (snapshot.go).
type cached[S any] struct {
	version int64
	state   S
	snap    int64
}

// stateCache keeps the latest fold of recently used streams, so a command
// reads only the events appended since (by another process, or none). It
// is bounded: when full, an arbitrary entry is dropped.
type stateCache[S any] struct {
	mu  sync.Mutex
	max int
	m   map[string]cached[S]
	// snapshots saves and restores the states (snapshot.go); nil: the
	// streams are always folded from the start.
	snapshots *snapshots[S]
}

func newStateCache[S any](max int) *stateCache[S] {
	return &stateCache[S]{max: max, m: make(map[string]cached[S])}
}

func (c *stateCache[S]) get(stream string) (cached[S], bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[stream]
	return v, ok
}

func (c *stateCache[S]) put(stream string, v cached[S]) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.m[stream]; ok && old.version > v.version {
		return // a newer fold is already here
	}
	if _, ok := c.m[stream]; !ok && len(c.m) >= c.max {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[stream] = v
}

func (c *stateCache[S]) drop(stream string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, stream)
}

// savedReply returns the reply recorded for an interaction delivered before.
func (r *Router) savedReply(ctx context.Context, id string) (Reply, bool, error) {
	if id == "" {
		return Reply{}, false, nil
	}
	in, err := r.store.Interaction(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Reply{}, false, nil
	}
	if err != nil {
		return Reply{}, false, err
	}
	var rep Reply
	if err := json.Unmarshal(in.Reply, &rep); err != nil {
		return Reply{}, false, fmt.Errorf("interaction %s: saved reply: %w", id, err)
	}
	rep.Duplicate = true
	return rep, true, nil
}
