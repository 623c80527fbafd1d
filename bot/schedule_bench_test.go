package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/umpire-games/umpire/store"
)

// BenchmarkSchedulerTick is the deadline scheduler's tick over 300 started
// games, one with a deadline under way: once the games were looked at,
// a tick lists the streams and folds only what changed or falls due.
func BenchmarkSchedulerTick(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "tick.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	c := newTestClock()
	r := NewRouter(st, WithLogger(quietLog()), WithClock(c.now))
	do := func(req Request) {
		if out := r.Handle(ctx, req).first(); out.Error != nil {
			b.Fatalf("%s %v: %s", req.Command, req.Path, out.Text)
		}
	}
	const games = 300
	for i := range games {
		ch := fmt.Sprintf("war%d", i)
		at := func(req Request) Request { req.GuildID, req.ChannelID = "g", ch; return req }
		do(at(gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"})))
		do(at(gameReq(leeA, "join", map[string]string{"side": "csa"})))
		do(at(gameReq(meadeA, "join", map[string]string{"side": "usa"})))
		do(at(gameReq(umpireA, "start", nil)))
		if i == 0 {
			do(at(deadlineReq(umpireA, "set", map[string]string{"default": "48h"})))
		}
	}
	s := &Scheduler{Router: r, Poster: &posted{}, Now: c.now}
	if err := s.Tick(ctx); err != nil { // the first look at every game
		b.Fatal(err)
	}
	b.ReportMetric(games, "games")
	for b.Loop() {
		if err := s.Tick(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
