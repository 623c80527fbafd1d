package store

import (
	"bytes"
	"context"
	"errors"
	"testing"
)

func TestSnapshotRoundTrip(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		if _, err := s.Snapshot(ctx, "game:1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("no snapshot yet: %v", err)
		}
		mustAppend(t, s, Append{Stream: "game:1", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`), rec("b", `{}`), rec("c", `{}`)}})
		at := c.peek()
		data := []byte{0, 1, 2, 255, 'x'}
		if err := s.SaveSnapshot(ctx, Snapshot{Stream: "game:1", Version: 2, Format: "1-abc", Data: data}); err != nil {
			t.Fatal(err)
		}
		got, err := s.Snapshot(ctx, "game:1")
		if err != nil {
			t.Fatal(err)
		}
		if got.Stream != "game:1" || got.Version != 2 || got.Format != "1-abc" || !bytes.Equal(got.Data, data) || !got.At.Equal(at) {
			t.Fatalf("got %+v (at %v)", got, at)
		}
		// An older one of the same format does not replace a newer; one of
		// the same version does.
		if err := s.SaveSnapshot(ctx, Snapshot{Stream: "game:1", Version: 1, Format: "1-abc", Data: []byte("old")}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Snapshot(ctx, "game:1"); got.Version != 2 || !bytes.Equal(got.Data, data) {
			t.Fatalf("an older snapshot replaced the newer: %+v", got)
		}
		if err := s.SaveSnapshot(ctx, Snapshot{Stream: "game:1", Version: 2, Format: "1-abc", Data: []byte("same")}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Snapshot(ctx, "game:1"); got.Version != 2 || string(got.Data) != "same" {
			t.Fatalf("a snapshot of the same version was not replaced: %+v", got)
		}
		// A newer one does; one of another format always does (the
		// program that reads it has changed).
		if err := s.SaveSnapshot(ctx, Snapshot{Stream: "game:1", Version: 3, Format: "1-abc", Data: []byte("new")}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Snapshot(ctx, "game:1"); got.Version != 3 || string(got.Data) != "new" {
			t.Fatalf("the newer snapshot was not kept: %+v", got)
		}
		if err := s.SaveSnapshot(ctx, Snapshot{Stream: "game:1", Version: 1, Format: "2-def", Data: []byte("other")}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Snapshot(ctx, "game:1"); got.Version != 1 || got.Format != "2-def" || string(got.Data) != "other" {
			t.Fatalf("a snapshot of the new format was not kept: %+v", got)
		}
		// One newer than the stream (its events were put back from a
		// backup) gives way to an older one.
		if err := s.SaveSnapshot(ctx, Snapshot{Stream: "game:1", Version: 9, Format: "2-def", Data: []byte("future")}); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveSnapshot(ctx, Snapshot{Stream: "game:1", Version: 3, Format: "2-def", Data: []byte("now")}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Snapshot(ctx, "game:1"); got.Version != 3 || string(got.Data) != "now" {
			t.Fatalf("a snapshot beyond the stream was kept: %+v", got)
		}
		// The events are untouched.
		if st, recs := mustLoad(t, s, "game:1", 0); st.Version != 3 || len(recs) != 3 {
			t.Fatalf("stream at %d with %d events", st.Version, len(recs))
		}
	})
}

func TestSnapshotRefusals(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, c *clock) {
		ctx := context.Background()
		if err := s.SaveSnapshot(ctx, Snapshot{Stream: "game:none", Version: 1, Format: "f", Data: []byte("x")}); err == nil {
			t.Error("a snapshot of a stream that does not exist was saved")
		}
		mustAppend(t, s, Append{Stream: "game:1", GuildID: "g", Kind: "game", Records: []NewRecord{rec("a", `{}`)}})
		for _, sn := range []Snapshot{
			{Stream: "", Version: 1, Format: "f", Data: []byte("x")},
			{Stream: "game:1", Version: 0, Format: "f", Data: []byte("x")},
			{Stream: "game:1", Version: 1, Format: "", Data: []byte("x")},
			{Stream: "game:1", Version: 1, Format: "f"},
		} {
			if err := s.SaveSnapshot(ctx, sn); err == nil {
				t.Errorf("saved %+v", sn)
			}
		}
		if _, err := s.Snapshot(ctx, "game:1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a refused snapshot was kept: %v", err)
		}
	})
}
