package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"io"
	"log/slog"

	"github.com/umpire-games/umpire/store"
)

// BenchmarkSettleRoll measures the whole path of one command: duplicate
// check, load and fold of the channel's stream, decide, present, and the
// guarded append with its interaction, on a SQLite file in WAL mode.
// Streams are kept at 100 events (the channel is rotated) so the figure
// does not drift with b.N; snapshots will bound game streams the same way.
func BenchmarkSettleRoll(b *testing.B) {
	for _, mode := range []store.Sync{store.SyncFull, store.SyncNormal} {
		b.Run("sync="+string(mode), func(b *testing.B) { benchSettleRoll(b, mode) })
	}
}

func benchSettleRoll(b *testing.B, mode store.Sync) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"), store.WithSync(mode))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	r := NewRouter(st, WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	durations := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		req := rollReq(fmt.Sprintf("i%d", i), fmt.Sprintf("c%d", i/100), "2d6+1")
		t0 := time.Now()
		rep := r.Handle(ctx, req)
		durations = append(durations, time.Since(t0))
		if rep.first().Error != nil {
			b.Fatal(rep.first().Text)
		}
	}
	reportPercentiles(b, durations)
}

func reportPercentiles(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	p := func(q float64) float64 { return float64(d[int(q*float64(len(d)-1))].Microseconds()) / 1000 }
	b.ReportMetric(p(0.50), "p50-ms")
	b.ReportMetric(p(0.90), "p90-ms")
	b.ReportMetric(p(0.99), "p99-ms")
	b.ReportMetric(p(1), "max-ms")
}
