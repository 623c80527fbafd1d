package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/scenarios"
	"github.com/umpire-games/umpire/store"
)

// snapshotLogs are real games' logs: every stored log of
// testdata/stored (the games as users' databases hold them: the scripted
// LRTG games, open and with limited intelligence, dummies, clocks,
// Halleck, dispatches and deadlines; Jackson Lives; LRTA with limited and
// double-blind intelligence; two LITN games with moves, battles and
// retreats), and a generated double-blind LRTG game with chess clocks
// (the leak property test's).
func snapshotLogs(t *testing.T) map[string][]engine.Event {
	t.Helper()
	logs := map[string][]engine.Event{}
	rs := snapshotRulesets
	for _, g := range storedGames {
		var log []engine.Event
		for _, rec := range readStoredLog(t, g) {
			if rec.Stream != "game:"+storedChannel {
				continue
			}
			e, err := rs.DecodeEvent(rec.Type, rec.Data)
			if err != nil {
				t.Fatalf("%s %d: %v", g.name, rec.Version, err)
			}
			log = append(log, e)
		}
		logs["stored "+g.name] = log
	}
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	p := leakGame(t, ts["lrtg"], 4, "lrtg-gettysburg-campaign", map[string]string{}, map[string]int{}) // seed 4: double-blind, clocks, a long game
	if g := p.state(); g.Options.Intel != engine.IntelDoubleBlind || !g.Options.TimeLimit {
		t.Fatalf("the generated game is not double-blind with clocks: %+v", g.Options)
	}
	logs["lrtg-campaign (double-blind, generated)"] = streamEvents(t, p.r, "game:war")
	for name, log := range logs {
		if len(log) < 20 {
			t.Fatalf("%s: only %d events", name, len(log))
		}
		logs[name] = withUndos(log)
	}
	return logs
}

// withUndos is log with every fifth move or change of a unit undone by
// the umpire and made again at once: the same game, through the undo's
// state (the scripts themselves never undo).
func withUndos(log []engine.Event) []engine.Event {
	var out []engine.Event
	n := 0
	for _, e := range log {
		out = append(out, e)
		switch e.(type) {
		case *engine.UnitsMoved, *engine.UnitSet, *engine.UnitMarked:
			if n++; n%5 == 0 {
				out = append(out, &engine.Undone{By: umpireA, What: e.EventType(), Reason: "snapshot test"}, e)
			}
		}
	}
	return out
}

// snapshotRulesets decode the real logs' events and restore their
// snapshots: one set, so that a game's ruleset is one pointer in both
// (reflect.DeepEqual compares a ruleset's hooks, functions, only by it).
var snapshotRulesets = DefaultRulesets()

func streamEvents(t *testing.T, r *Router, stream string) []engine.Event {
	t.Helper()
	_, recs, err := r.store.Load(context.Background(), stream, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Event
	for _, rec := range recs {
		e, err := snapshotRulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			t.Fatalf("%s %d: %v", stream, rec.Version, err)
		}
		out = append(out, e)
	}
	return out
}

// TestSnapshotsAndBulkFoldOfRealGames, for each real game's log, at cut
// points all along it (every state after an undo among them):
//   - a snapshot of the state there, restored and folded on to the end,
//     is the full fold's final state (reflect.DeepEqual: the undo's prev
//     and lastAction too); the restored state is the state itself;
//   - the bulk fold (engine.GameState.ApplyAll) from there is the same;
//     and so is the bulk fold of the whole log and of the log up to there;
//   - no state folding started from or returned changes when folding
//     goes on from it or from the others (their snapshot bytes, which are
//     deterministic, stay the same).
func TestSnapshotsAndBulkFoldOfRealGames(t *testing.T) {
	for name, log := range snapshotLogs(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each game on its own: the longest test of the package
			seq := []engine.GameState{{}}
			for _, e := range log {
				seq = append(seq, seq[len(seq)-1].Apply(e))
			}
			final := seq[len(seq)-1]
			if got := (engine.GameState{}).ApplyAll(log); !reflect.DeepEqual(got, final) {
				t.Fatal("the bulk fold of the whole log is not the fold one by one")
			}
			cuts := map[int]bool{0: true, len(log): true}
			for k := 1; k < len(log); k += 1 + len(log)/40 {
				cuts[k] = true
			}
			undos := 0
			for k, e := range log {
				if _, ok := e.(*engine.Undone); ok {
					cuts[k+1], cuts[k] = true, true
					undos++
				}
			}
			t.Logf("%d events, %d undos, %d cut points", len(log), undos, len(cuts))
			if b, err := engine.EncodeSnapshot(final, snapshotRulesets); err == nil {
				t.Logf("the final state's snapshot: %d bytes", len(b))
			}
			enc := func(g engine.GameState) []byte {
				t.Helper()
				b, err := engine.EncodeSnapshot(g, snapshotRulesets)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			before := map[int][]byte{}
			bulk := map[int]engine.GameState{}
			for k := range cuts {
				b := enc(seq[k])
				before[k] = b
				restored, err := engine.DecodeSnapshot(b, snapshotRulesets)
				if err != nil {
					t.Fatalf("cut %d: %v", k, err)
				}
				if !reflect.DeepEqual(restored, seq[k]) {
					t.Fatalf("cut %d: the restored state is not the state", k)
				}
				if !reflect.DeepEqual(restored.ApplyAll(log[k:]), final) {
					t.Fatalf("cut %d: restored and folded on in bulk: not the full fold", k)
				}
				s := restored
				for _, e := range log[k:] {
					s = s.Apply(e)
				}
				if !reflect.DeepEqual(s, final) {
					t.Fatalf("cut %d: restored and folded on one by one: not the full fold", k)
				}
				if !reflect.DeepEqual(seq[k].ApplyAll(log[k:]), final) {
					t.Fatalf("cut %d: the bulk fold from the state is not the full fold", k)
				}
				bulk[k] = (engine.GameState{}).ApplyAll(log[:k])
				if !reflect.DeepEqual(bulk[k], seq[k]) {
					t.Fatalf("cut %d: the bulk fold up to it is not the fold one by one", k)
				}
			}
			for k := range cuts {
				bulk[k].ApplyAll(log[k:])
				s := bulk[k]
				for _, e := range log[k:] {
					s = s.Apply(e)
				}
			}
			for k := range cuts {
				if !bytes.Equal(enc(seq[k]), before[k]) {
					t.Errorf("cut %d: the state folded one by one changed as folding went on", k)
				}
				if !bytes.Equal(enc(bulk[k]), before[k]) {
					t.Errorf("cut %d: the state folded in bulk changed as folding went on", k)
				}
			}
		})
	}
}

// TestHighTideSurvivesRestartsFromSnapshots: the scripted High Tide game's
// first turns played straight without snapshots and restarted every
// seventh command with a snapshot every five events (so each restart
// starts from one and folds the rest) give the same transcript.
func TestHighTideSurvivesRestartsFromSnapshots(t *testing.T) {
	p := playHighTide(t)
	lines := p.lines
	if len(lines) > 420 {
		lines = lines[:420]
	}
	dir := t.TempDir()
	straight := runSessionEvery(t, filepath.Join(dir, "straight.db"), 0, lines, WithSnapshots(0))
	path := filepath.Join(dir, "restarted.db")
	restarted := runSessionEvery(t, path, 7, lines, WithSnapshots(5))
	if len(straight) != len(restarted) {
		t.Fatalf("%d outputs straight, %d restarted", len(straight), len(restarted))
	}
	for i := range straight {
		if straight[i] != restarted[i] {
			t.Fatalf("output %d differs after restarts from snapshots:\nstraight:  %.400s\nrestarted: %.400s", i, straight[i], restarted[i])
		}
	}
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sn, err := st.Snapshot(context.Background(), "game:war")
	s, _, _ := st.Load(context.Background(), "game:war", 0)
	if err != nil || sn.Version < s.Version-5 || sn.Format != snapshotRulesets.SnapshotFormat() {
		t.Fatalf("snapshot at %d of %d events (format %q): %v", sn.Version, s.Version, sn.Format, err)
	}
}

// snapshotGame plays a game to more than every events on a router with
// snapshots every events and returns its store and the state.
func snapshotGame(t *testing.T, every int) (*store.Store, engine.GameState) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "snap.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	r := NewRouter(st, WithLogger(quietLog()), WithSnapshots(every))
	ctx := context.Background()
	for _, req := range []Request{
		gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "1"}),
		gameReq(leeA, "join", map[string]string{"side": "csa"}),
		gameReq(meadeA, "join", map[string]string{"side": "usa"}),
		gameReq(umpireA, "start", nil),
	} {
		mustOK(t, r, req)
	}
	g, err := r.game(ctx, Request{ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range sortedUnitIDs(g)[:2*every] {
		u := g.Units[id]
		if !u.OnMap || u.Kind.IsLeader() {
			continue
		}
		rep := r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "unit", Path: []string{"set"},
			Options: map[string]string{"unit": u.Name, "field": "fatigue", "value": fmt.Sprint(1 + i%3), "reason": "snapshot test"}})
		if o := rep.first(); o.Error != nil {
			t.Fatalf("%s: %s", u.Name, o.Text)
		}
	}
	g, err = r.game(ctx, Request{ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	return st, g
}

func coldGame(t *testing.T, st Store, opts ...Option) engine.GameState {
	t.Helper()
	cold := NewRouter(st, append([]Option{WithLogger(quietLog())}, opts...)...)
	g, err := cold.game(context.Background(), Request{ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestColdRouterStartsFromTheSnapshot: a router that has not seen the
// game starts from the stored snapshot (a snapshot changed on purpose
// shows through) and folds the events after it; a snapshot it cannot use
// (another format, bytes that do not decode, a version beyond the
// stream's) is ignored: the whole log is folded and a good snapshot saved.
func TestColdRouterStartsFromTheSnapshot(t *testing.T) {
	ctx := context.Background()
	st, want := snapshotGame(t, 5)
	sn, err := st.Snapshot(ctx, "game:war")
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := st.Load(ctx, "game:war", 0)
	if sn.Version > s.Version || sn.Version <= s.Version-5 {
		t.Fatalf("the snapshot is at %d, the stream at %d: want one in the last 5 events", sn.Version, s.Version)
	}
	if got := coldGame(t, st); !reflect.DeepEqual(got, want) {
		t.Fatal("the cold router's state is not the game's")
	}

	// Proof that the snapshot is read: a marked one shows through.
	marked, err := engine.DecodeSnapshot(sn.Data, snapshotRulesets)
	if err != nil {
		t.Fatal(err)
	}
	marked.SeedHash = "from the snapshot"
	data, err := engine.EncodeSnapshot(marked, snapshotRulesets)
	if err != nil {
		t.Fatal(err)
	}
	save := func(v int64, format string, data []byte) {
		t.Helper()
		if err := st.SaveSnapshot(ctx, store.Snapshot{Stream: "game:war", Version: v, Format: format, Data: data}); err != nil {
			t.Fatal(err)
		}
	}
	save(sn.Version, sn.Format, data)
	if got := coldGame(t, st); got.SeedHash != "from the snapshot" {
		t.Fatal("the cold router did not start from the snapshot")
	}

	for _, c := range []struct {
		name    string
		version int64
		format  string
		data    []byte
	}{
		{"another format", sn.Version, "0-" + sn.Format[2:], data},
		{"bytes that do not decode", sn.Version, sn.Format, data[:len(data)/2]},
		{"a version beyond the stream's", s.Version + 100, sn.Format, data},
	} {
		save(c.version, c.format, c.data)
		if got := coldGame(t, st, WithSnapshots(5)); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the cold router's state is not the game's", c.name)
		}
		again, err := st.Snapshot(ctx, "game:war")
		if err != nil || again.Version != s.Version || again.Format != snapshotRulesets.SnapshotFormat() {
			t.Fatalf("%s: no good snapshot saved after the full fold: %+v %v", c.name, again, err)
		}
		if g, err := engine.DecodeSnapshot(again.Data, snapshotRulesets); err != nil || !reflect.DeepEqual(g, want) {
			t.Fatalf("%s: the new snapshot is not the game: %v", c.name, err)
		}
	}
}

// failingSnapshots is a store whose snapshots always fail.
type failingSnapshots struct {
	*store.Store
	loads, saves int
}

func (f *failingSnapshots) Snapshot(context.Context, string) (store.Snapshot, error) {
	f.loads++
	return store.Snapshot{}, errors.New("snapshots are down")
}

func (f *failingSnapshots) SaveSnapshot(context.Context, store.Snapshot) error {
	f.saves++
	return errors.New("snapshots are down")
}

// TestSnapshotFailureLosesNothing: when snapshots cannot be loaded or
// saved, every command is still recorded and answered, and a cold router
// folds the whole log.
func TestSnapshotFailureLosesNothing(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "snap.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f := &failingSnapshots{Store: st}
	r := NewRouter(f, WithLogger(quietLog()), WithSnapshots(2))
	for _, req := range []Request{
		gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "1"}),
		gameReq(leeA, "join", map[string]string{"side": "csa"}),
		gameReq(meadeA, "join", map[string]string{"side": "usa"}),
		gameReq(umpireA, "start", nil),
	} {
		mustOK(t, r, req)
	}
	warm, err := r.game(context.Background(), Request{ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	if f.saves == 0 {
		t.Fatal("no snapshot was attempted")
	}
	s, _, _ := st.Load(context.Background(), "game:war", 0)
	if n := len(streamEvents(t, r, "game:war")); int64(n) != s.Version || n < 4 {
		t.Fatalf("%d events recorded, stream at %d", n, s.Version)
	}
	if got := coldGame(t, f, WithSnapshots(2)); !reflect.DeepEqual(got, warm) || f.loads == 0 {
		t.Fatalf("the cold router's state is not the game's (loads tried: %d)", f.loads)
	}
}
