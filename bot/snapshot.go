package bot

import (
	"context"
	"errors"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// Snapshots (issue 20, docs/design.md "Snapshots"): every snapshotEvery
// events the router saves a game's folded state in the store, and a
// router that has not seen the game (after a restart) starts from the
// newest snapshot and folds only the events after it. A snapshot is a
// cache: it is written after the events it folds were committed, on its
// own, and any failure (saving, loading, a format of another program, bytes
// that do not decode) is logged and costs only a full fold, never an event.

// snapshotEvery is how many events a game's stream grows between two
// snapshots. A cold load decodes the snapshot and folds fewer events than
// this: about 15 ms at the worst at 50,000 events (BenchmarkColdGameLoad),
// against about 0.75 s for the whole log. Saving one (15 to 100 KB for
// the scripted games) every thousand events, about a scripted campaign's
// whole length, costs a write of the size of a few hundred events' JSON:
// little next to the events themselves. A smaller N would save more often
// for milliseconds no one notices; a larger one would let a long game's
// first command after a restart grow toward the full fold's cost.
// docs/benchmarks.md has the figures.
const snapshotEvery = 1000

// snapshotStore is a store that keeps snapshots (store.Store). A store
// without them (a test's fake) folds every log from its start.
type snapshotStore interface {
	Snapshot(ctx context.Context, stream string) (store.Snapshot, error)
	SaveSnapshot(ctx context.Context, sn store.Snapshot) error
}

var _ snapshotStore = (*store.Store)(nil)

// snapshotSaveTimeout bounds a save, so that a slow database delays a
// command's answer by at most this much.
const snapshotSaveTimeout = 2 * time.Second

// WithSnapshots sets how many events a game's stream grows between two
// snapshots; 0 or less turns snapshots off (every cold load folds the
// whole log). Default snapshotEvery.
func WithSnapshots(every int) Option { return func(r *Router) { r.snapshotEvery = every } }

// snapshots is a state cache's way to save and restore its states (only
// the games' has one).
type snapshots[S any] struct {
	every  int64
	format string
	encode func(S) ([]byte, error)
	decode func([]byte) (S, error)
}

// gameSnapshots writes and reads games' states with the router's
// rulesets (a game's own state by its ruleset's codec).
func gameSnapshots(every int, rs *engine.Rulesets) *snapshots[engine.GameState] {
	if every <= 0 {
		return nil
	}
	return &snapshots[engine.GameState]{every: int64(every), format: rs.SnapshotFormat(),
		encode: func(g engine.GameState) ([]byte, error) { return engine.EncodeSnapshot(g, rs) },
		decode: func(b []byte) (engine.GameState, error) { return engine.DecodeSnapshot(b, rs) }}
}

// restore returns the stream's newest valid snapshot as a cache entry, or
// the empty entry (fold from the start) when there is none or it cannot
// be used.
func restore[S any](ctx context.Context, r *Router, stream string, sn *snapshots[S]) cached[S] {
	ss, ok := r.store.(snapshotStore)
	if sn == nil || !ok {
		return cached[S]{}
	}
	saved, err := ss.Snapshot(ctx, stream)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return cached[S]{}
	case err != nil:
		r.log.Warn("snapshot not loaded: folding the whole log", "stream", stream, "err", err)
		return cached[S]{}
	case saved.Format != sn.format:
		r.log.Info("snapshot of another format: folding the whole log", "stream", stream, "version", saved.Version, "format", saved.Format, "want", sn.format)
		return cached[S]{}
	}
	s, err := sn.decode(saved.Data)
	if err != nil {
		r.log.Warn("snapshot does not decode: folding the whole log", "stream", stream, "version", saved.Version, "err", err)
		return cached[S]{}
	}
	return cached[S]{version: saved.Version, state: s, snap: saved.Version}
}

// snapshotIfDue saves c as the stream's snapshot when the stream has
// grown snapshotEvery events since the last one this router knows of,
// and returns c with that version noted. A failure is logged; the next
// attempt is snapshotEvery events later.
func snapshotIfDue[S any](ctx context.Context, r *Router, stream string, sn *snapshots[S], c cached[S]) cached[S] {
	ss, ok := r.store.(snapshotStore)
	if sn == nil || !ok || c.version-c.snap < sn.every {
		return c
	}
	c.snap = c.version
	data, err := sn.encode(c.state)
	if err != nil {
		r.log.Error("snapshot not encoded", "stream", stream, "version", c.version, "err", err)
		return c
	}
	ctx, cancel := context.WithTimeout(ctx, snapshotSaveTimeout)
	defer cancel()
	if err := ss.SaveSnapshot(ctx, store.Snapshot{Stream: stream, Version: c.version, Format: sn.format, Data: data}); err != nil {
		r.log.Warn("snapshot not saved", "stream", stream, "version", c.version, "err", err)
	}
	return c
}
