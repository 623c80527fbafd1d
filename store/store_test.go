package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/umpire-games/umpire/store/storetest"
)

// clock is an injectable clock that advances by one second (plus a few
// microseconds, to check sub-second precision) on every read.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock {
	// Not UTC on purpose: the store must return the same instant in UTC.
	return &clock{t: time.Date(2025, 3, 14, 15, 9, 26, 535897000, time.FixedZone("X", 3600))}
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second + 7*time.Microsecond)
	return c.t
}

// peek is the time the next transaction will read.
func (c *clock) peek() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t.Add(time.Second + 7*time.Microsecond)
}

func openT(t *testing.T, path string, opts ...Option) *Store {
	t.Helper()
	s, err := Open(context.Background(), path, opts...)
	if err != nil {
		t.Fatalf("Open(%q): %v", path, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// eachDB runs f against a fresh in-memory database, a fresh file database
// and a fresh PostgreSQL schema (skipped without a server: storetest).
func eachDB(t *testing.T, f func(t *testing.T, s *Store, c *clock)) {
	t.Run("memory", func(t *testing.T) {
		c := newClock()
		f(t, openT(t, Memory, WithClock(c.now)), c)
	})
	t.Run("file", func(t *testing.T) {
		c := newClock()
		f(t, openT(t, filepath.Join(t.TempDir(), "umpire.db"), WithClock(c.now)), c)
	})
	t.Run("postgres", func(t *testing.T) {
		c := newClock()
		f(t, openT(t, storetest.PostgresDSN(t), WithClock(c.now)), c)
	})
}

func rec(typ string, data string) NewRecord {
	return NewRecord{Type: typ, Data: json.RawMessage(data)}
}

func mustAppend(t *testing.T, s *Store, a Append) Stream {
	t.Helper()
	st, err := s.Append(context.Background(), a)
	if err != nil {
		t.Fatalf("Append(%s, expected %d): %v", a.Stream, a.Expected, err)
	}
	return st
}

func mustLoad(t *testing.T, s *Store, id string, after int64) (Stream, []Record) {
	t.Helper()
	st, recs, err := s.Load(context.Background(), id, after)
	if err != nil {
		t.Fatalf("Load(%s, %d): %v", id, after, err)
	}
	return st, recs
}

func TestCreateAndLoadRoundTrip(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		at := c.peek()
		st := mustAppend(t, s, Append{
			Stream: "channel:123", GuildID: "guild:9", Kind: "table",
			Records: []NewRecord{
				rec("dice.rolled", `{"expr":"2d6","rolls":[3,5],"total":8}`),
				rec("note.added", `{"text":"héllo \"world\""}`),
				rec("dice.rolled", `[1, 2,  3]`), // whitespace must be kept byte for byte
			},
			Dice:        []byte{0, 1, 2, 255},
			Interaction: &Interaction{ID: "i-1", Reply: json.RawMessage(`{"content":"🎲 8"}`)},
		})
		want := Stream{
			ID: "channel:123", GuildID: "guild:9", Kind: "table", Version: 3,
			Dice: []byte{0, 1, 2, 255}, CreatedAt: at.UTC(), UpdatedAt: at.UTC(),
		}
		checkStream(t, "Append result", st, want)

		got, recs := mustLoad(t, s, "channel:123", 0)
		checkStream(t, "Load", got, want)
		if got.CreatedAt.Location() != time.UTC {
			t.Errorf("CreatedAt location = %v, want UTC", got.CreatedAt.Location())
		}
		wantRecs := []Record{
			{Stream: "channel:123", Version: 1, Type: "dice.rolled", Data: json.RawMessage(`{"expr":"2d6","rolls":[3,5],"total":8}`), InteractionID: "i-1", At: at},
			{Stream: "channel:123", Version: 2, Type: "note.added", Data: json.RawMessage(`{"text":"héllo \"world\""}`), InteractionID: "i-1", At: at},
			{Stream: "channel:123", Version: 3, Type: "dice.rolled", Data: json.RawMessage(`[1, 2,  3]`), InteractionID: "i-1", At: at},
		}
		checkRecords(t, recs, wantRecs)

		// after filters by version.
		_, tail := mustLoad(t, s, "channel:123", 2)
		checkRecords(t, tail, wantRecs[2:])
		_, none := mustLoad(t, s, "channel:123", 3)
		if len(none) != 0 {
			t.Errorf("Load after 3: %d records, want 0", len(none))
		}

		in, err := s.Interaction(ctx, "i-1")
		if err != nil {
			t.Fatalf("Interaction: %v", err)
		}
		if in.ID != "i-1" || in.Stream != "channel:123" || string(in.Reply) != `{"content":"🎲 8"}` || !in.At.Equal(at) {
			t.Errorf("Interaction = %+v", in)
		}
	})
}

func TestAppendToExistingStream(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		created := c.peek()
		mustAppend(t, s, Append{Stream: "game:1", GuildID: "g", Kind: "game", Records: []NewRecord{rec("game.created", `{}`)}})
		later := c.peek()
		st := mustAppend(t, s, Append{
			Stream: "game:1", Expected: 1,
			GuildID: "ignored", Kind: "ignored",
			Records: []NewRecord{rec("unit.moved", `{"unit":"A","to":"B2"}`), rec("unit.fired", `{"unit":"A"}`)},
		})
		want := Stream{ID: "game:1", GuildID: "g", Kind: "game", Version: 3, CreatedAt: created.UTC(), UpdatedAt: later.UTC()}
		checkStream(t, "Append result", st, want)
		got, recs := mustLoad(t, s, "game:1", 0)
		checkStream(t, "Load", got, want)
		checkRecords(t, recs, []Record{
			{Stream: "game:1", Version: 1, Type: "game.created", Data: json.RawMessage(`{}`), At: created},
			{Stream: "game:1", Version: 2, Type: "unit.moved", Data: json.RawMessage(`{"unit":"A","to":"B2"}`), At: later},
			{Stream: "game:1", Version: 3, Type: "unit.fired", Data: json.RawMessage(`{"unit":"A"}`), At: later},
		})
	})
}

func TestStaleAppendRefused(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		mustAppend(t, s, Append{Stream: "game:1", GuildID: "g", Kind: "game", Dice: []byte("d1"),
			Records: []NewRecord{rec("a", `1`), rec("b", `2`), rec("c", `3`)}})
		before, beforeRecs := mustLoad(t, s, "game:1", 0)

		for _, expected := range []int64{1, 2, 4} {
			_, err := s.Append(ctx, Append{
				Stream: "game:1", Expected: expected, Dice: []byte("d2"),
				Records:     []NewRecord{rec("x", `{}`)},
				Interaction: &Interaction{ID: fmt.Sprintf("stale-%d", expected), Reply: json.RawMessage(`{}`)},
			})
			if !errors.Is(err, ErrConflict) {
				t.Fatalf("expected %d: err = %v, want ErrConflict", expected, err)
			}
			msg := err.Error()
			if !strings.Contains(msg, fmt.Sprintf("expected version %d", expected)) || !strings.Contains(msg, "version 3") ||
				!strings.HasPrefix(msg, "store: append game:1: ") {
				t.Errorf("error message %q lacks the stream or both versions", msg)
			}
			if _, err := s.Interaction(ctx, fmt.Sprintf("stale-%d", expected)); !errors.Is(err, ErrNotFound) {
				t.Errorf("interaction of a refused append was saved (err = %v)", err)
			}
		}
		after, afterRecs := mustLoad(t, s, "game:1", 0)
		checkStream(t, "after stale appends", after, before)
		checkRecords(t, afterRecs, beforeRecs)

		// Appending to a stream that does not exist is a conflict too, and
		// creates nothing.
		_, err := s.Append(ctx, Append{Stream: "game:nope", Expected: 2, Records: []NewRecord{rec("x", `{}`)}})
		if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "does not exist") {
			t.Fatalf("append to missing stream: err = %v, want ErrConflict", err)
		}
		if _, _, err := s.Load(ctx, "game:nope", 0); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Load of missing stream: err = %v, want ErrNotFound", err)
		}
		if n := countRows(t, s, "events"); n != 3 {
			t.Errorf("events table has %d rows, want 3", n)
		}
	})
}

func TestCreateExistingStreamRefused(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		orig := mustAppend(t, s, Append{Stream: "channel:7", GuildID: "g1", Kind: "table", Records: []NewRecord{rec("a", `{}`)}})
		_, err := s.Append(ctx, Append{
			Stream: "channel:7", GuildID: "g2", Kind: "other", Dice: []byte{9},
			Records:     []NewRecord{rec("b", `{}`)},
			Interaction: &Interaction{ID: "i-create", Reply: json.RawMessage(`"x"`)},
		})
		if !errors.Is(err, ErrConflict) {
			t.Fatalf("err = %v, want ErrConflict", err)
		}
		if !strings.Contains(err.Error(), "exists at version 1") {
			t.Errorf("error %q does not give the current version", err)
		}
		st, recs := mustLoad(t, s, "channel:7", 0)
		checkStream(t, "after refused create", st, orig)
		if len(recs) != 1 || recs[0].Type != "a" {
			t.Errorf("records = %+v, want the single original one", recs)
		}
		if _, err := s.Interaction(ctx, "i-create"); !errors.Is(err, ErrNotFound) {
			t.Errorf("interaction saved by refused create (err = %v)", err)
		}
	})
}

func TestDuplicateInteractionRefused(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		firstAt := c.peek()
		mustAppend(t, s, Append{
			Stream: "channel:1", GuildID: "g", Kind: "table", Dice: []byte("state-1"),
			Records:     []NewRecord{rec("dice.rolled", `{"total":4}`)},
			Interaction: &Interaction{ID: "i-42", Reply: json.RawMessage(`{"content":"4"}`)},
		})
		before, beforeRecs := mustLoad(t, s, "channel:1", 0)

		// Second delivery of the same interaction, decided on the current
		// version: refused, nothing written.
		_, err := s.Append(ctx, Append{
			Stream: "channel:1", Expected: 1, Dice: []byte("state-2"),
			Records:     []NewRecord{rec("dice.rolled", `{"total":11}`)},
			Interaction: &Interaction{ID: "i-42", Reply: json.RawMessage(`{"content":"11"}`)},
		})
		if !errors.Is(err, ErrDuplicateInteraction) {
			t.Fatalf("err = %v, want ErrDuplicateInteraction", err)
		}
		if errors.Is(err, ErrConflict) {
			t.Errorf("duplicate interaction also reported as conflict: %v", err)
		}
		after, afterRecs := mustLoad(t, s, "channel:1", 0)
		checkStream(t, "after duplicate", after, before)
		checkRecords(t, afterRecs, beforeRecs)

		// Also when the duplicate would create another stream: that stream
		// must not appear.
		_, err = s.Append(ctx, Append{
			Stream: "channel:2", GuildID: "g", Kind: "table",
			Records:     []NewRecord{rec("dice.rolled", `{}`)},
			Interaction: &Interaction{ID: "i-42", Reply: json.RawMessage(`{}`)},
		})
		if !errors.Is(err, ErrDuplicateInteraction) {
			t.Fatalf("err = %v, want ErrDuplicateInteraction", err)
		}
		if _, _, err := s.Load(ctx, "channel:2", 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("stream created by a duplicate interaction (err = %v)", err)
		}
		if n := countRows(t, s, "events"); n != 1 {
			t.Errorf("events table has %d rows, want 1", n)
		}
		if n := countRows(t, s, "interactions"); n != 1 {
			t.Errorf("interactions table has %d rows, want 1", n)
		}

		// The duplicate check comes first: a redelivery decided on a stale
		// version is still reported as a duplicate, not a conflict.
		_, err = s.Append(ctx, Append{
			Stream: "channel:1", Expected: 7,
			Records:     []NewRecord{rec("dice.rolled", `{}`)},
			Interaction: &Interaction{ID: "i-42", Reply: json.RawMessage(`{}`)},
		})
		if !errors.Is(err, ErrDuplicateInteraction) {
			t.Fatalf("stale duplicate: err = %v, want ErrDuplicateInteraction", err)
		}

		in, err := s.Interaction(ctx, "i-42")
		if err != nil {
			t.Fatalf("Interaction: %v", err)
		}
		if string(in.Reply) != `{"content":"4"}` || in.Stream != "channel:1" || !in.At.Equal(firstAt) {
			t.Errorf("Interaction = %+v, want the first reply", in)
		}
	})
}

func TestInteractionWithoutRecords(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		mustAppend(t, s, Append{Stream: "game:1", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)}})
		at := c.peek()
		st := mustAppend(t, s, Append{
			Stream: "game:1", Expected: 1,
			Interaction: &Interaction{ID: "i-refused", Stream: "game:1", Reply: json.RawMessage(`{"content":"not your turn"}`)},
		})
		if st.Version != 1 || !st.UpdatedAt.Equal(at) {
			t.Errorf("stream = %+v, want version 1 updated at %v", st, at)
		}
		in, err := s.Interaction(ctx, "i-refused")
		if err != nil || string(in.Reply) != `{"content":"not your turn"}` {
			t.Fatalf("Interaction = %+v, %v", in, err)
		}
		// The version check applies even with no records.
		_, err = s.Append(ctx, Append{Stream: "game:1", Expected: 2,
			Interaction: &Interaction{ID: "i-x", Reply: json.RawMessage(`{}`)}})
		if !errors.Is(err, ErrConflict) {
			t.Fatalf("err = %v, want ErrConflict", err)
		}
	})
}

func TestDiceStateSavedAndReplaced(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		st := mustAppend(t, s, Append{Stream: "channel:5", GuildID: "g", Kind: "table", Records: []NewRecord{rec("a", `{}`)}})
		if st.Dice != nil {
			t.Fatalf("new stream without dice: Dice = %v, want nil", st.Dice)
		}
		d1 := bytes.Repeat([]byte{0xde, 0xad, 0x00, 0xbe, 0xef}, 7)
		st = mustAppend(t, s, Append{Stream: "channel:5", Expected: 1, Dice: d1, Records: []NewRecord{rec("b", `{}`)}})
		if !bytes.Equal(st.Dice, d1) {
			t.Fatalf("Append result Dice = %x, want %x", st.Dice, d1)
		}
		// nil leaves it unchanged.
		mustAppend(t, s, Append{Stream: "channel:5", Expected: 2, Records: []NewRecord{rec("c", `{}`)}})
		got, _ := mustLoad(t, s, "channel:5", 0)
		if !bytes.Equal(got.Dice, d1) {
			t.Fatalf("after append without dice: Dice = %x, want %x", got.Dice, d1)
		}
		// Replaced, also by an append with dice only.
		d2 := []byte("new generator state")
		st = mustAppend(t, s, Append{Stream: "channel:5", Expected: 3, Dice: d2})
		if st.Version != 3 {
			t.Errorf("dice-only append changed version to %d", st.Version)
		}
		got, _ = mustLoad(t, s, "channel:5", 0)
		if !bytes.Equal(got.Dice, d2) {
			t.Fatalf("after replacement: Dice = %q, want %q", got.Dice, d2)
		}
		// A refused append does not touch it.
		if _, err := s.Append(ctx, Append{Stream: "channel:5", Expected: 1, Dice: []byte("x")}); !errors.Is(err, ErrConflict) {
			t.Fatalf("err = %v, want ErrConflict", err)
		}
		got, _ = mustLoad(t, s, "channel:5", 0)
		if !bytes.Equal(got.Dice, d2) {
			t.Fatalf("after refused append: Dice = %q, want %q", got.Dice, d2)
		}
	})
}

func TestNotFound(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		_, _, err := s.Load(ctx, "game:missing", 0)
		if !errors.Is(err, ErrNotFound) || err.Error() != "store: load game:missing: store: not found" {
			t.Errorf("Load: err = %v, want wrapped ErrNotFound", err)
		}
		_, err = s.Interaction(ctx, "nope")
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("Interaction: err = %v, want ErrNotFound", err)
		}
	})
}

func TestInvalidAppends(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		mustAppend(t, s, Append{Stream: "s", GuildID: "g", Kind: "k", Records: []NewRecord{rec("a", `{}`)}})
		cases := map[string]Append{
			"empty stream id":       {Records: []NewRecord{rec("a", `{}`)}},
			"create without events": {Stream: "t", Interaction: &Interaction{ID: "i", Reply: json.RawMessage(`{}`)}},
			"nothing to append":     {Stream: "s", Expected: 1},
			"negative expected":     {Stream: "s", Expected: -1, Records: []NewRecord{rec("a", `{}`)}},
			"empty type":            {Stream: "s", Expected: 1, Records: []NewRecord{rec("", `{}`)}},
			"invalid data":          {Stream: "s", Expected: 1, Records: []NewRecord{rec("a", `{nope`)}},
			"empty data":            {Stream: "s", Expected: 1, Records: []NewRecord{{Type: "a"}}},
			"empty interaction id":  {Stream: "s", Expected: 1, Interaction: &Interaction{Reply: json.RawMessage(`{}`)}},
			"invalid reply":         {Stream: "s", Expected: 1, Interaction: &Interaction{ID: "i", Reply: json.RawMessage(`x`)}},
			"other stream's reply":  {Stream: "s", Expected: 1, Interaction: &Interaction{ID: "i", Stream: "u", Reply: json.RawMessage(`{}`)}},
		}
		for name, a := range cases {
			_, err := s.Append(ctx, a)
			if err == nil || errors.Is(err, ErrConflict) || errors.Is(err, ErrDuplicateInteraction) {
				t.Errorf("%s: err = %v, want a validation error", name, err)
			}
		}
		st, recs := mustLoad(t, s, "s", 0)
		if st.Version != 1 || len(recs) != 1 {
			t.Errorf("invalid appends wrote something: version %d, %d records", st.Version, len(recs))
		}
	})
}

func TestStreamsListing(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		mustAppend(t, s, Append{Stream: "channel:1", GuildID: "g1", Kind: "table", Records: []NewRecord{rec("a", `{}`)}})
		mustAppend(t, s, Append{Stream: "game:1", GuildID: "g1", Kind: "game", Records: []NewRecord{rec("a", `{}`)}})
		mustAppend(t, s, Append{Stream: "channel:2", GuildID: "g2", Kind: "table", Records: []NewRecord{rec("a", `{}`)}})
		mustAppend(t, s, Append{Stream: "channel:1", Expected: 1, Records: []NewRecord{rec("b", `{}`)}})
		got, err := s.Streams(ctx, "g1")
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, st := range got {
			ids = append(ids, fmt.Sprintf("%s@%d", st.ID, st.Version))
		}
		if strings.Join(ids, ",") != "channel:1@2,game:1@1" {
			t.Errorf("Streams(g1) = %v, want channel:1@2 (most recent) then game:1@1", ids)
		}
		if got, err := s.Streams(ctx, "g3"); err != nil || len(got) != 0 {
			t.Errorf("Streams(g3) = %v, %v; want none", got, err)
		}
	})
}

// TestConcurrentAppendOneWinner races appends decided on the same version:
// exactly one may win each round.
func TestConcurrentAppendOneWinner(t *testing.T) {
	t.Run("file", func(t *testing.T) { testOneWinner(t, filepath.Join(t.TempDir(), "race.db")) })
	// On PostgreSQL the second Store is a second connection pool: the
	// appends contend through row locks under READ COMMITTED.
	t.Run("postgres", func(t *testing.T) { testOneWinner(t, storetest.PostgresDSN(t)) })
}

func testOneWinner(t *testing.T, path string) {
	s := openT(t, path)
	// A second Store on the same file stands in for a second process: its
	// writes contend through SQLite's file locks (BEGIN IMMEDIATE + busy
	// timeout), not through the shared writer connection.
	other := openT(t, path)
	ctx := context.Background()
	mustAppend(t, s, Append{Stream: "game:race", GuildID: "g", Kind: "game", Records: []NewRecord{rec("start", `{}`)}})

	const rounds = 25
	stores := []*Store{s, s, other, other}
	for round := int64(1); round <= rounds; round++ {
		var (
			wg    sync.WaitGroup
			start = make(chan struct{})
			errs  = make([]error, len(stores))
		)
		for i, st := range stores {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = st.Append(ctx, Append{
					Stream: "game:race", Expected: round,
					Records:     []NewRecord{rec("move", fmt.Sprintf(`{"by":%d}`, i))},
					Interaction: &Interaction{ID: fmt.Sprintf("r%d-g%d", round, i), Reply: json.RawMessage(`{}`)},
				})
			}()
		}
		close(start)
		wg.Wait()
		winners := 0
		for i, err := range errs {
			switch {
			case err == nil:
				winners++
			case errors.Is(err, ErrConflict):
			default:
				t.Fatalf("round %d, goroutine %d: unexpected error %v", round, i, err)
			}
		}
		if winners != 1 {
			t.Fatalf("round %d: %d winners, want exactly 1 (errors %v)", round, winners, errs)
		}
	}
	st, recs := mustLoad(t, other, "game:race", 0)
	if st.Version != rounds+1 || len(recs) != rounds+1 {
		t.Fatalf("version %d with %d records, want %d", st.Version, len(recs), rounds+1)
	}
	for i, r := range recs {
		if r.Version != int64(i+1) {
			t.Fatalf("record %d has version %d", i, r.Version)
		}
	}
	if n := countRows(t, s, "interactions"); n != rounds {
		t.Errorf("%d interactions saved, want %d (one per winner)", n, rounds)
	}
}

// TestLoadDuringAppends checks that concurrent readers never see a stream
// row that disagrees with its events.
func TestLoadDuringAppends(t *testing.T) {
	t.Run("file", func(t *testing.T) { testLoadDuringAppends(t, filepath.Join(t.TempDir(), "rw.db")) })
	t.Run("postgres", func(t *testing.T) { testLoadDuringAppends(t, storetest.PostgresDSN(t)) })
}

func testLoadDuringAppends(t *testing.T, path string) {
	s := openT(t, path)
	ctx := context.Background()
	mustAppend(t, s, Append{Stream: "game:1", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)}})
	const appends = 200
	done := make(chan struct{})
	var wg sync.WaitGroup
	for r := 0; r < 3; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			last := int64(0)
			for {
				select {
				case <-done:
					return
				default:
				}
				st, recs, err := s.Load(ctx, "game:1", 0)
				if err != nil {
					t.Errorf("Load: %v", err)
					return
				}
				if int64(len(recs)) != st.Version || st.Version < last {
					t.Errorf("Load: version %d with %d records (previous version %d)", st.Version, len(recs), last)
					return
				}
				last = st.Version
			}
		}()
	}
	v := int64(1)
	for i := 0; i < appends; i++ {
		batch := []NewRecord{rec("b", `{}`), rec("c", `{}`), rec("d", `{}`)}[:1+i%3]
		v = mustAppend(t, s, Append{Stream: "game:1", Expected: v, Records: batch}).Version
	}
	close(done)
	wg.Wait()
}

func TestReopenKeepsDataAndMigrationsAreIdempotent(t *testing.T) {
	t.Run("file", func(t *testing.T) { testReopen(t, filepath.Join(t.TempDir(), "persist.db")) })
	t.Run("postgres", func(t *testing.T) { testReopen(t, storetest.PostgresDSN(t)) })
}

// Processes starting together on a fresh PostgreSQL database migrate one
// at a time (the advisory lock): every Open succeeds, each migration is
// recorded once.
func TestConcurrentOpensMigrateOnce(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	ctx := context.Background()
	const n = 4
	stores := make([]*Store, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = Open(ctx, dsn)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Open %d: %v", i, err)
		}
		defer stores[i].Close()
	}
	var applied []int64
	if err := stores[0].w.SelectContext(ctx, &applied, `SELECT version_id FROM goose_db_version WHERE is_applied ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(applied) != "[0 1 2 3 4]" {
		t.Errorf("goose_db_version = %v, want [0 1 2 3 4]", applied)
	}
	if !stores[0].Postgres() {
		t.Error("a postgres:// DSN opened a store that is not on PostgreSQL")
	}
}

func TestRedactDSN(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://umpire:s3cret@db:5432/u?sslmode=disable": "postgres://umpire:xxxxx@db:5432/u?sslmode=disable",
		"postgresql://umpire@db/u":                           "postgresql://umpire@db/u",
		"./umpire.db":                                        "./umpire.db",
	} {
		if got := RedactDSN(in); got != want {
			t.Errorf("RedactDSN(%q) = %q, want %q", in, got, want)
		}
	}
	_, err := Open(context.Background(), "postgres://umpire:s3cret@127.0.0.1:1/u?sslmode=disable&connect_timeout=2")
	if err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "xxxxx") {
		t.Errorf("Open of an unreachable server: %v (want an error without the password)", err)
	}
}

func testReopen(t *testing.T, path string) {
	ctx := context.Background()
	c := newClock()
	s, err := Open(ctx, path, WithClock(c.now))
	if err != nil {
		t.Fatal(err)
	}
	mustAppend(t, s, Append{Stream: "game:p", GuildID: "g", Kind: "game", Dice: []byte{1, 2, 3},
		Records:     []NewRecord{rec("a", `{"n":1}`), rec("b", `{"n":2}`)},
		Interaction: &Interaction{ID: "i-p", Reply: json.RawMessage(`{"ok":true}`)}})
	wantSt, wantRecs := mustLoad(t, s, "game:p", 0)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	for i := 0; i < 2; i++ {
		s, err = Open(ctx, path, WithClock(c.now))
		if err != nil {
			t.Fatalf("re-Open %d: %v", i, err)
		}
		st, recs := mustLoad(t, s, "game:p", 0)
		checkStream(t, "after re-open", st, wantSt)
		checkRecords(t, recs, wantRecs)
		if in, err := s.Interaction(ctx, "i-p"); err != nil || string(in.Reply) != `{"ok":true}` {
			t.Errorf("Interaction after re-open = %+v, %v", in, err)
		}
		// goose recorded each migration exactly once.
		var applied []int64
		if err := s.w.SelectContext(ctx, &applied, `SELECT version_id FROM goose_db_version WHERE is_applied ORDER BY id`); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(applied) != "[0 1 2 3 4]" {
			t.Errorf("goose_db_version = %v, want [0 1 2 3 4]", applied)
		}
		// The store still writes after re-open.
		mustAppend(t, s, Append{Stream: "game:p", Expected: wantSt.Version, Records: []NewRecord{rec("c", `{}`)}})
		wantSt, wantRecs = mustLoad(t, s, "game:p", 0)
		if err := s.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
	}
	if wantSt.Version != 4 {
		t.Errorf("final version %d, want 4", wantSt.Version)
	}
}

func TestPragmasFile(t *testing.T) {
	s := openT(t, filepath.Join(t.TempDir(), "p.db"))
	ctx := context.Background()
	for name, db := range map[string]*sqlx.DB{"writer": s.w, "reader": s.r} {
		checkPragma(t, db, name, "journal_mode", "wal")
		checkPragma(t, db, name, "foreign_keys", "1")
		checkPragma(t, db, name, "busy_timeout", "5000")
	}
	// FULL: a commit is on disk before Append returns, even across a power
	// loss (the driver's WAL default is NORMAL).
	checkPragma(t, s.w, "writer", "synchronous", "2")
	n := openT(t, filepath.Join(t.TempDir(), "n.db"), WithSync(SyncNormal))
	checkPragma(t, n.w, "writer", "synchronous", "1")
	if _, err := Open(ctx, filepath.Join(t.TempDir(), "x.db"), WithSync("sometimes")); err == nil {
		t.Error("sync \"sometimes\" accepted")
	}
	if s.r == s.w {
		t.Fatal("file database should have a separate read pool")
	}
	if n := s.w.Stats().MaxOpenConnections; n != 1 {
		t.Errorf("writer MaxOpenConnections = %d, want 1", n)
	}
	// The read pool is read-only.
	if _, err := s.r.ExecContext(ctx, `CREATE TABLE x (a TEXT)`); err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Errorf("write through read pool: err = %v, want a read-only error", err)
	}
	// The events primary key guards versions on its own.
	mustAppend(t, s, Append{Stream: "s", GuildID: "g", Kind: "k", Records: []NewRecord{rec("a", `{}`)}})
	_, err := s.w.ExecContext(ctx, `INSERT INTO events (stream_id, version, type, data, created_at) VALUES ('s', 1, 't', '{}', 0)`)
	if !isUniqueViolation(err) {
		t.Errorf("second event with version 1: err = %v, want a primary key violation", err)
	}
	// Foreign keys are enforced.
	_, err = s.w.ExecContext(ctx, `INSERT INTO events (stream_id, version, type, data, created_at) VALUES ('nope', 1, 't', '{}', 0)`)
	if err == nil || !strings.Contains(err.Error(), "FOREIGN KEY") {
		t.Errorf("event for missing stream: err = %v, want a FOREIGN KEY error", err)
	}
}

// TestWriteTransactionsAreImmediate shows that the store's transactions take
// the write lock at BEGIN: while one is open (without having written
// anything), another connection cannot start a write transaction.
func TestWriteTransactionsAreImmediate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock.db")
	s := openT(t, path)
	ctx := context.Background()
	tx, err := s.w.BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()

	probe, err := sqlx.Open("sqlite3", "file:"+path+"?_busy_timeout=0&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer probe.Close()
	ptx, err := probe.BeginTx(ctx, nil)
	if err == nil {
		ptx.Rollback()
		t.Fatal("a second write transaction began while the store's transaction was open: store's BEGIN is not IMMEDIATE")
	}
	if !strings.Contains(err.Error(), "locked") && !strings.Contains(err.Error(), "busy") {
		t.Fatalf("second BEGIN: err = %v, want database is locked", err)
	}
	// Readers are not blocked (WAL).
	if _, _, err := s.Load(ctx, "x", 0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Load during write transaction: %v", err)
	}
}

func TestPragmasMemory(t *testing.T) {
	s := openT(t, Memory)
	if s.r != s.w {
		t.Fatal(":memory: must use one pool")
	}
	if n := s.w.Stats().MaxOpenConnections; n != 1 {
		t.Errorf("MaxOpenConnections = %d, want 1", n)
	}
	checkPragma(t, s.w, "memory", "journal_mode", "memory")
	checkPragma(t, s.w, "memory", "foreign_keys", "1")
	checkPragma(t, s.w, "memory", "busy_timeout", "5000")
	// Two :memory: stores are separate databases.
	a := openT(t, Memory)
	mustAppend(t, a, Append{Stream: "s", GuildID: "g", Kind: "k", Records: []NewRecord{rec("a", `{}`)}})
	if _, _, err := s.Load(context.Background(), "s", 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("stream visible in another :memory: store (err = %v)", err)
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(context.Background(), ""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
	dir := t.TempDir()
	if _, err := Open(context.Background(), filepath.Join(dir, "missing", "x.db")); err == nil || !strings.HasPrefix(err.Error(), "store: open ") {
		t.Errorf("Open in a missing directory: err = %v", err)
	}
}

func TestOpenPathWithURICharacters(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a dir%20")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "x?y#z.db")
	s := openT(t, path)
	mustAppend(t, s, Append{Stream: "s", GuildID: "g", Kind: "k", Records: []NewRecord{rec("a", `{}`)}})
	if _, recs := mustLoad(t, s, "s", 0); len(recs) != 1 {
		t.Fatalf("%d records, want 1", len(recs))
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database not at the literal path: %v", err)
	}
}

func checkPragma(t *testing.T, db *sqlx.DB, name, pragma, want string) {
	t.Helper()
	var got string
	if err := db.Get(&got, "PRAGMA "+pragma); err != nil {
		t.Fatalf("%s: PRAGMA %s: %v", name, pragma, err)
	}
	if got != want {
		t.Errorf("%s: PRAGMA %s = %q, want %q", name, pragma, got, want)
	}
}

func countRows(t *testing.T, s *Store, table string) int {
	t.Helper()
	var n int
	if err := s.w.Get(&n, "SELECT COUNT(*) FROM "+table); err != nil {
		t.Fatal(err)
	}
	return n
}

func checkStream(t *testing.T, what string, got, want Stream) {
	t.Helper()
	if got.ID != want.ID || got.GuildID != want.GuildID || got.Kind != want.Kind || got.Version != want.Version ||
		!bytes.Equal(got.Dice, want.Dice) || (got.Dice == nil) != (want.Dice == nil) ||
		!got.CreatedAt.Equal(want.CreatedAt) || !got.UpdatedAt.Equal(want.UpdatedAt) {
		t.Errorf("%s: stream =\n  %+v\nwant\n  %+v", what, got, want)
	}
}

func checkRecords(t *testing.T, got, want []Record) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Stream != w.Stream || g.Version != w.Version || g.Type != w.Type || string(g.Data) != string(w.Data) ||
			g.InteractionID != w.InteractionID || !g.At.Equal(w.At) {
			t.Errorf("record %d =\n  %+v\nwant\n  %+v", i, g, w)
		}
	}
}
