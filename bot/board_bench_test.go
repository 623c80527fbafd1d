package bot

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/store"
)

// benchGame starts an LRTG game on a router and returns its state.
func benchGame(b *testing.B) (*Router, engine.GameState) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	r := NewRouter(st, WithLogger(quietLog()))
	for _, req := range []Request{
		gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-gettysburg-campaign", "seed": "1"}),
		gameReq(leeA, "join", map[string]string{"side": "csa"}),
		gameReq(meadeA, "join", map[string]string{"side": "usa"}),
		gameReq(umpireA, "start", nil),
	} {
		if out := r.Handle(ctx, req).first(); out.Error != nil {
			b.Fatal(out.Text)
		}
	}
	g, err := r.gameHere(ctx, Request{ChannelID: "war", User: umpireA})
	if err != nil {
		b.Fatal(err)
	}
	return r, g
}

// BenchmarkDecideRailMove: deciding one rail move with the real map and
// order of battle: eligibility, the route over the railroad graph, enemy
// units and zones of control along it (LRTG 8.2), the area rules.
func BenchmarkDecideRailMove(b *testing.B) {
	r, g := benchGame(b)
	cmd := engine.MoveUnits{By: meadeA, Units: []string{"usa.haupt"}, Mode: lrtg.MoveRail, Data: r.moveData(g)}
	to := r.theatres["lrtg"].Place("Baltimore Depot")
	cmd.To, cmd.Ref = to.Hex, "Baltimore Depot"
	if _, err := g.Decide(cmd, engine.Script()); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := g.Decide(cmd, engine.Script()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayGame: folding a long game's log from its start, as a
// restart does for a game whose state is not cached: the set-up (131
// units) and 2,000 board actions (moves and manpower changes), one Apply
// at a time (every intermediate state its own, as the router's cache
// needs them).
func BenchmarkReplayGame(b *testing.B) {
	log, n := replayLog(b, func(*engine.GameOptions) {})
	defer b.ReportMetric(float64(len(log)), "events")
	perEvent(b, len(log), func() {
		var s engine.GameState
		for _, e := range log {
			s = s.Apply(e)
		}
		if len(s.Units) != n {
			b.Fatal("units lost")
		}
		replayed(b, log, s)
	})
}

// BenchmarkReplayGameBulk is BenchmarkReplayGame folded as a restart
// folds it (engine.GameState.ApplyAll): no state in between is kept, so
// a board action changes the fold's own units map instead of a clone.
func BenchmarkReplayGameBulk(b *testing.B) {
	log, n := replayLog(b, func(*engine.GameOptions) {})
	defer b.ReportMetric(float64(len(log)), "events")
	perEvent(b, len(log), func() {
		s := (engine.GameState{}).ApplyAll(log)
		if len(s.Units) != n {
			b.Fatal("units lost")
		}
		replayed(b, log, s)
	})
}

// perEvent runs f in b's loop and reports the bytes it allocates per
// event of a log of n (issue 20's fold target: under 4 KB an event) and
// its milliseconds per run.
func perEvent(b *testing.B, n int, f func()) {
	b.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	runs := 0
	for b.Loop() {
		f()
		runs++
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	if runs == 0 || n == 0 {
		return
	}
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(runs)/float64(n), "B/event")
	b.ReportMetric(float64(elapsed.Microseconds())/1000/float64(runs), "ms/run")
}

// coldEvents is the length of BenchmarkColdGameLoad's log: issue 20's
// target, a long Gettysburg Campaign (about 2.5 times DESIGN's 20,000).
const coldEvents = 50000

// BenchmarkColdGameLoad is DESIGN's replay target at issue 20's length:
// a Gettysburg Campaign log of coldEvents events (the set-up and board
// actions, with rolls among them), read from SQLite, decoded and folded
// by a router that has not seen the game (as after a restart). The
// newest snapshot is as old as it can be (snapshotEvery-1 events before
// the end), so this is the worst case: decode it, fold 999 events.
func BenchmarkColdGameLoad(b *testing.B) {
	ctx := context.Background()
	st, g, stream, add := coldLog(b)
	add(coldEvents - (snapshotEvery - 1))
	// A router folds the game once: it saves the snapshot.
	if _, err := NewRouter(st, WithLogger(quietLog())).game(ctx, Request{ChannelID: "war"}); err != nil {
		b.Fatal(err)
	}
	sn, err := st.Snapshot(ctx, stream)
	if err != nil {
		b.Fatal(err)
	}
	version := add(snapshotEvery - 1)
	coldLoads(b, st, g, int(version))
	b.ReportMetric(float64(version), "events")
	b.ReportMetric(float64(version-sn.Version), "after-snapshot")
	b.ReportMetric(float64(len(sn.Data)), "snapshot-bytes")
}

// coldLoads measures the first read of the game by a router that has not
// seen it: the router is made once (loading the rules and maps is the
// process's start, not the game's: about 30 ms) and forgets the game
// before each read, as after a restart.
func coldLoads(b *testing.B, st *store.Store, g engine.GameState, events int, opts ...Option) {
	ctx := context.Background()
	cold := NewRouter(st, append([]Option{WithLogger(quietLog())}, opts...)...)
	stream := streamOfGame("war", 1)
	perEvent(b, events, func() {
		cold.games.drop(stream)
		got, err := cold.game(ctx, Request{ChannelID: "war"})
		if err != nil || len(got.Units) != len(g.Units) {
			b.Fatal(err)
		}
	})
}

// BenchmarkColdGameLoadNoSnapshot is BenchmarkColdGameLoad with
// snapshots off: the whole log read, decoded and folded in bulk.
func BenchmarkColdGameLoadNoSnapshot(b *testing.B) {
	st, g, _, add := coldLog(b)
	version := add(coldEvents)
	coldLoads(b, st, g, int(version), WithSnapshots(0))
	b.ReportMetric(float64(version), "events")
}

// coldLog starts BenchmarkColdGameLoad's game on a file store; add
// appends n more board actions and rolls and returns the stream's
// version.
func coldLog(b *testing.B) (*store.Store, engine.GameState, string, func(n int) int64) {
	ctx := context.Background()
	r, g := benchGame(b)
	st := r.store.(*store.Store)
	stream := streamOfGame("war", 1)
	s, _, err := st.Load(ctx, stream, 0)
	if err != nil {
		b.Fatal(err)
	}
	ids := sortedUnitIDs(g)
	version, n := s.Version, 0
	add := func(more int) int64 {
		for end := n + more; n < end; {
			var recs []store.NewRecord
			for k := 0; k < 500 && n < end; k, n = k+1, n+1 {
				u := g.Units[ids[n%len(ids)]]
				var e engine.Event
				switch n % 4 {
				case 0, 1:
					e = &engine.UnitsMoved{By: umpireA, Units: []string{u.ID}, To: engine.Hex{Q: n % 50, R: n % 40}, Ref: "x"}
				case 2:
					e = &engine.UnitSet{By: umpireA, Unit: u.ID, Field: "fatigue", From: 0, To: n % 4}
				default:
					e = &engine.DiceRolled{Number: int64(n), Expression: "2d6", By: umpireA, Terms: []engine.TermResult{{Count: 2, Sides: 6, Faces: []int{3, 4}, Sign: 1, Value: 7}}, Total: 7}
				}
				typ, data, err := engine.EncodeEvent(e)
				if err != nil {
					b.Fatal(err)
				}
				recs = append(recs, store.NewRecord{Type: typ, Data: data})
			}
			s, err := st.Append(ctx, store.Append{Stream: stream, GuildID: "g", Kind: kindGame, Expected: version, Records: recs})
			if err != nil {
				b.Fatal(err)
			}
			version = s.Version
		}
		return version
	}
	return st, g, stream, add
}

// BenchmarkNewRouter is a process's start: the rules, maps, scenarios
// and orders of battle loaded from the embedded data (once a process;
// BenchmarkColdGameLoad leaves it out).
func BenchmarkNewRouter(b *testing.B) {
	st := openBenchStore(b)
	for b.Loop() {
		NewRouter(st, WithLogger(quietLog()))
	}
}

func openBenchStore(b *testing.B) *store.Store {
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st
}
