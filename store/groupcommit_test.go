package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/jmoiron/sqlx"
)

// eachSQLite runs f on a fresh in-memory and a fresh file database: group
// commit is SQLite's writer (PostgreSQL has none).
func eachSQLite(t *testing.T, f func(t *testing.T, s *Store, c *clock)) {
	t.Run("memory", func(t *testing.T) {
		c := newClock()
		f(t, openT(t, Memory, WithClock(c.now)), c)
	})
	t.Run("file", func(t *testing.T) {
		c := newClock()
		f(t, openT(t, filepath.Join(t.TempDir(), "umpire.db"), WithClock(c.now)), c)
	})
}

// holdWriter makes the writer wait, when it next wakes, until release is
// called, so that appends queued meanwhile form one batch.
func holdWriter(s *Store) (release func()) {
	ch := make(chan struct{})
	s.gc.beforeBatch = func() { <-ch }
	var once sync.Once
	return func() { once.Do(func() { close(ch) }) }
}

type outcome struct {
	st  Stream
	err error
}

// inOneBatch queues the appends in order while the writer is held, then
// lets it write them, and checks that they took exactly one COMMIT.
func inOneBatch(t *testing.T, s *Store, appends ...Append) []outcome {
	t.Helper()
	release := holdWriter(s)
	defer release()
	commits := s.gc.commits.Load()
	ps := make([]*pending, len(appends))
	for i := range appends {
		p, err := s.enqueue(context.Background(), &appends[i])
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = p
	}
	release()
	out := make([]outcome, len(ps))
	for i, p := range ps {
		out[i].st, out[i].err = s.await(p)
	}
	if n := s.gc.commits.Load() - commits; n != 1 {
		t.Errorf("%d appends took %d commits, want 1", len(appends), n)
	}
	return out
}

// One append's failure, even after it wrote rows, is undone by its
// savepoint alone: the appends before and after it in the batch commit.
func TestGroupCommitIsolatesFailures(t *testing.T) {
	eachSQLite(t, func(t *testing.T, s *Store, _ *clock) {
		ctx := context.Background()
		body := json.RawMessage(`{"text":"posted"}`)
		mustAppend(t, s, Append{Stream: "s:b", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)},
			Outbox: &OutboxEntry{ID: "dup", Body: body}})
		written := s.gc.appends.Load()

		got := inOneBatch(t, s,
			Append{Stream: "s:a", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)},
				Interaction: &Interaction{ID: "i-a", Reply: json.RawMessage(`{}`)}},
			// Right version: its stream row, event and interaction are
			// written before the outbox entry's id collides.
			Append{Stream: "s:b", Expected: 1, Records: []NewRecord{rec("b", `{}`)},
				Interaction: &Interaction{ID: "i-b", Reply: json.RawMessage(`{}`)},
				Outbox:      &OutboxEntry{ID: "dup", Body: body}},
			Append{Stream: "s:b", GuildID: "g", Kind: "game", Records: []NewRecord{rec("c", `{}`)}},
			Append{Stream: "s:c", GuildID: "g", Kind: "game", Records: []NewRecord{rec("d", `{}`)},
				Outbox: &OutboxEntry{ID: "new", Body: body}},
		)
		if got[0].err != nil || got[0].st.Version != 1 {
			t.Errorf("first append: %+v", got[0])
		}
		if !errors.Is(got[1].err, ErrConflict) || !strings.Contains(got[1].err.Error(), "outbox entry dup") {
			t.Errorf("append with a recorded outbox id: %v, want ErrConflict", got[1].err)
		}
		if !errors.Is(got[2].err, ErrConflict) {
			t.Errorf("creating an existing stream: %v, want ErrConflict", got[2].err)
		}
		if got[3].err != nil || got[3].st.Version != 1 {
			t.Errorf("last append: %+v", got[3])
		}
		if n := s.gc.appends.Load() - written; n != 2 {
			t.Errorf("the batch wrote %d appends, want 2", n)
		}

		if st, recs := mustLoad(t, s, "s:b", 0); st.Version != 1 || len(recs) != 1 {
			t.Errorf("s:b at version %d with %d records after its failed appends, want 1", st.Version, len(recs))
		}
		if _, err := s.Interaction(ctx, "i-b"); !errors.Is(err, ErrNotFound) {
			t.Errorf("interaction of the failed append: %v, want ErrNotFound", err)
		}
		if _, err := s.Interaction(ctx, "i-a"); err != nil {
			t.Errorf("interaction of the first append: %v", err)
		}
		pending, err := s.PendingOutbox(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(pending) != 2 || pending[0].ID != "dup" || pending[1].ID != "new" || pending[0].Stream != "s:b" {
			t.Errorf("outbox: %+v, want dup (of s:b) and new", pending)
		}
	})
}

// Appends to one stream in one batch behave as if one after the other: the
// second sees the first's version, and a third decided on the old version
// conflicts. Times follow the batch's order.
func TestGroupCommitSameStream(t *testing.T) {
	eachSQLite(t, func(t *testing.T, s *Store, c *clock) {
		mustAppend(t, s, Append{Stream: "game:1", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)}})
		first := c.peek()
		got := inOneBatch(t, s,
			Append{Stream: "game:1", Expected: 1, Records: []NewRecord{rec("b", `{"n":2}`)}},
			Append{Stream: "game:1", Expected: 2, Records: []NewRecord{rec("c", `{"n":3}`), rec("d", `{"n":4}`)}},
			Append{Stream: "game:1", Expected: 2, Records: []NewRecord{rec("x", `{}`)}},
			Append{Stream: "game:1", Expected: 4, Dice: []byte{9}},
		)
		for i, want := range []int64{2, 4, 0, 4} {
			if i == 2 {
				if !errors.Is(got[i].err, ErrConflict) || !strings.Contains(got[i].err.Error(), "stream is at version 4") {
					t.Errorf("append %d on the old version: %v, want ErrConflict at version 4", i, got[i].err)
				}
				continue
			}
			if got[i].err != nil || got[i].st.Version != want {
				t.Errorf("append %d: version %d, %v; want %d", i, got[i].st.Version, got[i].err, want)
			}
		}
		st, recs := mustLoad(t, s, "game:1", 0)
		if st.Version != 4 || len(recs) != 4 || string(st.Dice) != "\x09" {
			t.Fatalf("stream %+v with %d records", st, len(recs))
		}
		// The clock is read once per append, in the batch's order.
		if !recs[1].At.Equal(first) || !recs[2].At.After(recs[1].At) || !recs[3].At.Equal(recs[2].At) || !st.UpdatedAt.After(recs[3].At) {
			t.Errorf("times: %v %v %v, stream updated %v", recs[1].At, recs[2].At, recs[3].At, st.UpdatedAt)
		}
	})
}

// An interaction recorded earlier, or earlier in the same batch, refuses
// the append that repeats it and only that one.
func TestGroupCommitDuplicateInteraction(t *testing.T) {
	eachSQLite(t, func(t *testing.T, s *Store, _ *clock) {
		ctx := context.Background()
		mustAppend(t, s, Append{Stream: "s:0", GuildID: "g", Kind: "table", Records: []NewRecord{rec("a", `{}`)},
			Interaction: &Interaction{ID: "i-old", Reply: json.RawMessage(`{"n":0}`)}})
		in := func(id, reply string) *Interaction { return &Interaction{ID: id, Reply: json.RawMessage(reply)} }
		got := inOneBatch(t, s,
			Append{Stream: "s:1", GuildID: "g", Kind: "table", Records: []NewRecord{rec("a", `{}`)}, Interaction: in("i-new", `{"n":1}`)},
			Append{Stream: "s:2", GuildID: "g", Kind: "table", Records: []NewRecord{rec("a", `{}`)}, Interaction: in("i-new", `{"n":2}`)},
			Append{Stream: "s:0", Expected: 1, Records: []NewRecord{rec("b", `{}`)}, Interaction: in("i-old", `{"n":3}`)},
			Append{Stream: "s:3", GuildID: "g", Kind: "table", Records: []NewRecord{rec("a", `{}`)}, Interaction: in("i-3", `{"n":4}`)},
		)
		for i, dup := range []bool{false, true, true, false} {
			if dup != errors.Is(got[i].err, ErrDuplicateInteraction) || (!dup && got[i].err != nil) {
				t.Errorf("append %d: %v (want duplicate: %v)", i, got[i].err, dup)
			}
		}
		for id, want := range map[string]string{"i-old": `{"n":0}`, "i-new": `{"n":1}`, "i-3": `{"n":4}`} {
			if got, err := s.Interaction(ctx, id); err != nil || string(got.Reply) != want {
				t.Errorf("interaction %s: %s, %v; want %s", id, got.Reply, err, want)
			}
		}
		if _, _, err := s.Load(ctx, "s:2", 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("stream of a duplicate interaction: %v, want ErrNotFound", err)
		}
		if st, _ := mustLoad(t, s, "s:0", 0); st.Version != 1 {
			t.Errorf("s:0 at version %d, want 1", st.Version)
		}
	})
}

// A COMMIT that fails fails every append of its batch, and writes none.
func TestGroupCommitCommitFailure(t *testing.T) {
	eachSQLite(t, func(t *testing.T, s *Store, _ *clock) {
		ctx := context.Background()
		mustAppend(t, s, Append{Stream: "s:1", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)}})
		// A deferred foreign key violation: SQLite refuses the COMMIT itself.
		s.gc.beforeCommit = func(ctx context.Context, tx *sqlx.Tx) error {
			_, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`)
			if err == nil {
				_, err = tx.ExecContext(ctx, `INSERT INTO events (stream_id, version, type, data, created_at) VALUES ('nope', 1, 't', '{}', 0)`)
			}
			return err
		}
		release := holdWriter(s)
		var ps []*pending
		for _, a := range []Append{
			{Stream: "s:1", Expected: 1, Records: []NewRecord{rec("b", `{}`)}, Interaction: &Interaction{ID: "i-1", Reply: json.RawMessage(`{}`)}},
			{Stream: "s:2", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)}},
			{Stream: "s:1", Expected: 7, Records: []NewRecord{rec("x", `{}`)}}, // its own error stays
		} {
			p, err := s.enqueue(ctx, &a)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
		release()
		for i, p := range ps {
			_, err := s.await(p)
			if i < 2 && (err == nil || !strings.Contains(err.Error(), "commit: FOREIGN KEY constraint failed")) {
				t.Errorf("append %d: %v, want the COMMIT's error", i, err)
			}
			if i == 2 && !errors.Is(err, ErrConflict) {
				t.Errorf("stale append: %v, want ErrConflict", err)
			}
		}
		if st, _ := mustLoad(t, s, "s:1", 0); st.Version != 1 {
			t.Errorf("s:1 at version %d, want 1", st.Version)
		}
		if _, _, err := s.Load(ctx, "s:2", 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("s:2 after a failed commit: %v", err)
		}
		if _, err := s.Interaction(ctx, "i-1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("interaction after a failed commit: %v", err)
		}
		if n := countRows(t, s, "events"); n != 1 {
			t.Errorf("%d events, want 1", n)
		}
		// The writer goes on.
		s.gc.beforeCommit = nil
		mustAppend(t, s, Append{Stream: "s:1", Expected: 1, Records: []NewRecord{rec("b", `{}`)}})
	})
}

// An append whose context ends while it waits leaves the queue, and one
// cancelled before its turn in a batch is skipped: nothing of either is
// written, and the others commit.
func TestGroupCommitCancelWhileWaiting(t *testing.T) {
	eachSQLite(t, func(t *testing.T, s *Store, _ *clock) {
		ctx := context.Background()
		release := holdWriter(s)
		waitCtx, cancelWait := context.WithCancel(ctx)
		turnCtx, cancelTurn := context.WithCancel(ctx)
		mk := func(id string) *Append {
			return &Append{Stream: id, GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)}}
		}
		waiting, _ := s.enqueue(waitCtx, mk("s:wait"))
		taken, _ := s.enqueue(turnCtx, mk("s:turn"))
		kept, _ := s.enqueue(ctx, mk("s:kept"))
		cancelWait()
		if _, err := s.await(waiting); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled while waiting: %v", err)
		}
		cancelTurn() // still queued: the writer takes it and skips it
		release()
		if _, err := s.await(kept); err != nil {
			t.Errorf("append queued with cancelled ones: %v", err)
		}
		if _, err := s.await(taken); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled before its turn: %v", err)
		}
		for _, id := range []string{"s:wait", "s:turn"} {
			if _, _, err := s.Load(ctx, id, 0); !errors.Is(err, ErrNotFound) {
				t.Errorf("%s written after its cancellation: %v", id, err)
			}
		}
	})
}

// Close fails the appends still queued with ErrClosed, lets the writer
// finish and stop, and refuses appends afterwards.
func TestGroupCommitClose(t *testing.T) {
	for _, path := range []string{Memory, filepath.Join(t.TempDir(), "close.db")} {
		ctx := context.Background()
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		release := holdWriter(s)
		var ps []*pending
		for i := range 3 {
			p, err := s.enqueue(ctx, &Append{Stream: fmt.Sprint("s:", i), GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)}})
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
		closed := make(chan error)
		go func() { closed <- s.Close() }()
		for i, p := range ps { // failed before Close waits for the writer
			if _, err := s.await(p); !errors.Is(err, ErrClosed) {
				t.Errorf("queued append %d: %v, want ErrClosed", i, err)
			}
		}
		release()
		if err := <-closed; err != nil {
			t.Errorf("Close: %v", err)
		}
		<-s.gc.done // the writer goroutine returned
		if _, err := s.Append(ctx, Append{Stream: "s:late", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)}}); !errors.Is(err, ErrClosed) {
			t.Errorf("Append after Close: %v, want ErrClosed", err)
		}
		if err := s.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
	}
}

// Concurrent appends share commits: fewer COMMITs than appends, and every
// append is written.
func TestGroupCommitBatchesConcurrentAppends(t *testing.T) {
	s := openT(t, filepath.Join(t.TempDir(), "gc.db"))
	ctx := context.Background()
	const writers, each = 16, 20
	var wg sync.WaitGroup
	start := make(chan struct{})
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			stream := fmt.Sprint("channel:", w)
			var version int64
			for i := range each {
				st, err := s.Append(ctx, Append{Stream: stream, GuildID: "g", Kind: "table", Expected: version,
					Records:     []NewRecord{rec("roll", fmt.Sprintf(`{"i":%d}`, i))},
					Interaction: &Interaction{ID: fmt.Sprintf("%d-%d", w, i), Reply: json.RawMessage(`{}`)}})
				if err != nil {
					t.Error(err)
					return
				}
				version = st.Version
			}
		}()
	}
	close(start)
	wg.Wait()
	commits, appends := s.gc.commits.Load(), s.gc.appends.Load()
	t.Logf("%d appends in %d commits", appends, commits)
	if appends != writers*each || commits >= appends {
		t.Errorf("%d appends in %d commits, want %d appends in fewer commits", appends, commits, writers*each)
	}
	if n := countRows(t, s, "events"); n != writers*each {
		t.Errorf("%d events, want %d", n, writers*each)
	}
}
