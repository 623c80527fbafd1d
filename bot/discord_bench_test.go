package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/store"
)

// BenchmarkDiscordRoll measures interaction to first response through the
// fake Discord: the real discordgo session receives INTERACTION_CREATE over
// the gateway websocket, the router settles a /roll on a SQLite file, and
// the callback reaches the fake's REST endpoint. 50 channels roll in
// parallel, as 50 games would: "saturated" keeps a command of every game in
// flight at all times (the worst case: 50 commands always queued for one
// SQLite writer and two cores shared with the fake); "paced" has each game
// send a command every 100 ms (500 commands a second in all, far above what
// 50 games of people produce).
func BenchmarkDiscordRoll(b *testing.B) {
	for _, mode := range []store.Sync{store.SyncFull, store.SyncNormal} {
		b.Run("saturated/sync="+string(mode), func(b *testing.B) { benchDiscordRoll(b, mode, 0) })
		b.Run("paced/sync="+string(mode), func(b *testing.B) { benchDiscordRoll(b, mode, 100*time.Millisecond) })
	}
}

func benchDiscordRoll(b *testing.B, mode store.Sync, interval time.Duration) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"), store.WithSync(mode))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv := discordtest.NewServer(b, discordtest.Options{AckDeadline: time.Minute})
	sess, err := srv.NewSession("")
	if err != nil {
		b.Fatal(err)
	}
	d := NewDiscord(sess, NewRouter(st, WithLogger(quietLog())), DiscordOptions{GuildID: "g1", Logger: quietLog()})
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- d.Run(rctx) }()
	defer func() { cancel(); <-done }()
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	if _, err := srv.WaitCommands(wctx, "g1"); err != nil {
		b.Fatal(err)
	}

	const games = 50
	var mu sync.Mutex
	durations := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	var wg sync.WaitGroup
	per := (b.N + games - 1) / games
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Spread the games' first commands over the interval.
			time.Sleep(time.Duration(g) * interval / games)
			next := time.Now()
			for range per {
				if interval > 0 {
					time.Sleep(time.Until(next))
					next = next.Add(interval)
				}
				i := srv.SlashCommand(discordtest.SlashCommand{Name: "roll", GuildID: "g1", ChannelID: fmt.Sprintf("c%d", g),
					Options: []discordtest.Option{{Name: "dice", Value: "2d6"}}})
				t0 := time.Now()
				if _, err := srv.DispatchInteraction(i); err != nil {
					b.Error(err)
					return
				}
				cbs, err := srv.WaitCallback(wctx, i.ID, 1)
				if err != nil {
					b.Error(err)
					return
				}
				elapsed := cbs[0].Time.Sub(t0)
				mu.Lock()
				durations = append(durations, elapsed)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	reportPercentiles(b, durations)
}
