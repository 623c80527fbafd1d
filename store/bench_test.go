package store

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/umpire-games/umpire/store/storetest"
)

// eventJSON is a ~200-byte event payload.
var eventJSON = json.RawMessage(`{"expr":"3d6+2","rolls":[4,1,6],"modifier":2,"total":13,"by":"123456789012345678","label":"attack roll against the north bridge","seed":"8f3a9c1e","at":"2025-03-14T15:09:26Z"}`)

// reportPercentiles adds p50 and p99 of the per-op durations to the
// benchmark output.
func reportPercentiles(b *testing.B, durs []time.Duration) {
	if len(durs) == 0 {
		return
	}
	slices.Sort(durs)
	pct := func(p float64) float64 {
		i := int(p * float64(len(durs)-1))
		return float64(durs[i].Nanoseconds())
	}
	b.ReportMetric(pct(0.50), "p50-ns/op")
	b.ReportMetric(pct(0.99), "p99-ns/op")
}

// benchStores runs f on a WAL SQLite file and on a PostgreSQL schema
// (skipped without a server: storetest).
func benchStores(b *testing.B, f func(b *testing.B, dsn string)) {
	b.Run("sqlite", func(b *testing.B) { f(b, filepath.Join(b.TempDir(), "bench.db")) })
	b.Run("postgres", func(b *testing.B) { f(b, storetest.PostgresDSN(b)) })
}

// BenchmarkAppend: one event plus an interaction row per append, sequential
// versions, on a WAL file database and on PostgreSQL.
func BenchmarkAppend(b *testing.B) { benchStores(b, benchAppend) }

func benchAppend(b *testing.B, dsn string) {
	ctx := context.Background()
	s, err := Open(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	st, err := s.Append(ctx, Append{Stream: "channel:1", GuildID: "g", Kind: "table", Records: []NewRecord{{Type: "dice.rolled", Data: eventJSON}}})
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, b.N)
	for i := range ids {
		ids[i] = fmt.Sprintf("1%018d", i)
	}
	reply := json.RawMessage(`{"content":"🎲 3d6+2 → [4, 1, 6] + 2 = **13**"}`)
	records := []NewRecord{{Type: "dice.rolled", Data: eventJSON}}
	durs := make([]time.Duration, 0, b.N)
	version := st.Version
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		st, err := s.Append(ctx, Append{
			Stream: "channel:1", Expected: version, Records: records,
			Interaction: &Interaction{ID: ids[i], Reply: reply},
		})
		durs = append(durs, time.Since(t0))
		if err != nil {
			b.Fatal(err)
		}
		version = st.Version
	}
	b.StopTimer()
	reportPercentiles(b, durs)
}

// BenchmarkLoad: loading a whole 1,000-event stream from a WAL file
// database and from PostgreSQL.
func BenchmarkLoad(b *testing.B) { benchStores(b, benchLoad) }

func benchLoad(b *testing.B, dsn string) {
	ctx := context.Background()
	s, err := Open(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const events = 1000
	records := make([]NewRecord, 100)
	for i := range records {
		records[i] = NewRecord{Type: "dice.rolled", Data: eventJSON}
	}
	for v := int64(0); v < events; v += int64(len(records)) {
		if _, err := s.Append(ctx, Append{Stream: "game:1", GuildID: "g", Kind: "game", Expected: v, Records: records}); err != nil {
			b.Fatal(err)
		}
	}
	durs := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		_, recs, err := s.Load(ctx, "game:1", 0)
		durs = append(durs, time.Since(t0))
		if err != nil {
			b.Fatal(err)
		}
		if len(recs) != events {
			b.Fatalf("%d records, want %d", len(recs), events)
		}
	}
	b.StopTimer()
	reportPercentiles(b, durs)
}

// BenchmarkAppendParallel: appends from 16 goroutines at once, each to a
// stream of its own (one event plus an interaction row, as in
// BenchmarkAppend), so that the writer always has appends waiting: the case
// group commit is for. ns/op is the time per append across all goroutines.
func BenchmarkAppendParallel(b *testing.B) { benchStores(b, benchAppendParallel) }

func benchAppendParallel(b *testing.B, dsn string) {
	ctx := context.Background()
	s, err := Open(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	reply := json.RawMessage(`{"content":"🎲 3d6+2 → [4, 1, 6] + 2 = **13**"}`)
	records := []NewRecord{{Type: "dice.rolled", Data: eventJSON}}
	var (
		mu      sync.Mutex
		durs    = make([]time.Duration, 0, b.N)
		streams atomic.Int64
	)
	b.SetParallelism(8) // 8 × GOMAXPROCS goroutines
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		g := streams.Add(1)
		stream := fmt.Sprintf("channel:%d", g)
		var (
			version int64
			mine    []time.Duration
		)
		for i := 0; pb.Next(); i++ {
			a := Append{Stream: stream, GuildID: "g", Kind: "table", Expected: version, Records: records,
				Interaction: &Interaction{ID: fmt.Sprintf("%d-%d", g, i), Reply: reply}}
			t0 := time.Now()
			st, err := s.Append(ctx, a)
			mine = append(mine, time.Since(t0))
			if err != nil {
				b.Error(err)
				return
			}
			version = st.Version
		}
		mu.Lock()
		durs = append(durs, mine...)
		mu.Unlock()
	})
	b.StopTimer()
	reportPercentiles(b, durs)
	if g := s.gc; g != nil {
		b.ReportMetric(float64(g.appends.Load())/float64(g.commits.Load()), "appends/commit")
	}
}
