package store

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// An outbox entry is written with its events or not at all, listed while
// pending, and gone from the list once marked posted.
func TestOutboxWithTheEvents(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, _ *clock) {
		ctx := context.Background()
		mustAppend(t, s, Append{Stream: "game:o", GuildID: "g7", Kind: "game", Records: []NewRecord{rec("a", `{}`)}})
		body := json.RawMessage(`{"outputs":[{"text":"⏰ Reminder"}]}`)
		mustAppend(t, s, Append{Stream: "game:o", Expected: 1, Records: []NewRecord{rec("deadline.reminded", `{}`)},
			Outbox: &OutboxEntry{ID: "game:o@2", Body: body}})

		// A stale append with an entry writes neither.
		_, err := s.Append(ctx, Append{Stream: "game:o", Expected: 1, Records: []NewRecord{rec("x", `{}`)},
			Outbox: &OutboxEntry{ID: "game:o@2b", Body: body}})
		if !errors.Is(err, ErrConflict) {
			t.Fatalf("stale append: %v", err)
		}
		// The same entry twice: refused, nothing written.
		_, err = s.Append(ctx, Append{Stream: "game:o", Expected: 2, Records: []NewRecord{rec("y", `{}`)},
			Outbox: &OutboxEntry{ID: "game:o@2", Body: body}})
		if !errors.Is(err, ErrConflict) {
			t.Fatalf("entry recorded twice: %v", err)
		}
		if st, _ := mustLoad(t, s, "game:o", 0); st.Version != 2 {
			t.Fatalf("version %d after refused appends, want 2", st.Version)
		}
		if _, err := s.Append(ctx, Append{Stream: "game:o", Expected: 2, Outbox: &OutboxEntry{ID: "bad", Body: json.RawMessage(`{`)}}); err == nil {
			t.Fatal("an entry that is not JSON was accepted")
		}

		pending, err := s.PendingOutbox(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(pending) != 1 || pending[0].ID != "game:o@2" || pending[0].Stream != "game:o" || pending[0].GuildID != "g7" || string(pending[0].Body) != string(body) {
			t.Fatalf("pending: %+v", pending)
		}
		for range 2 { // marking twice is harmless
			if err := s.MarkPosted(ctx, "game:o@2"); err != nil {
				t.Fatal(err)
			}
		}
		if pending, err := s.PendingOutbox(ctx); err != nil || len(pending) != 0 {
			t.Fatalf("pending after posting: %+v, %v", pending, err)
		}
	})
}

// A message refused for good is recorded with the pending entry, once
// however often it is marked, and survives a reopened handle's listing.
func TestOutboxMarkFailed(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, _ *clock) {
		ctx := context.Background()
		mustAppend(t, s, Append{Stream: "game:f", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)},
			Outbox: &OutboxEntry{ID: "game:f@1", Body: json.RawMessage(`{"outputs":[{},{},{}]}`)}})
		for _, i := range []int{2, 0, 2} {
			if err := s.MarkOutboxFailed(ctx, "game:f@1", i); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.MarkOutboxFailed(ctx, "no-such-entry", 0); err != nil {
			t.Fatalf("an unknown entry: %v", err)
		}
		pending, err := s.PendingOutbox(ctx)
		if err != nil || len(pending) != 1 {
			t.Fatalf("pending: %+v, %v", pending, err)
		}
		if f := pending[0].Failed; len(f) != 2 || f[0] != 2 || f[1] != 0 {
			t.Fatalf("failed: %v, want [2 0]", f)
		}
	})
}
