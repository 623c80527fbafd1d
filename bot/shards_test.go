package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
	"github.com/umpire-games/umpire/store/storetest"
)

func TestParseShards(t *testing.T) {
	for _, c := range []struct {
		rng   string
		count int
		want  Shards
		err   string
	}{
		{"", 1, Shards{0, 0, 1}, ""},
		{"", 4, Shards{0, 3, 4}, ""},
		{"2", 4, Shards{2, 2, 4}, ""},
		{"0-1", 4, Shards{0, 1, 4}, ""},
		{" 1 - 3 ", 4, Shards{1, 3, 4}, ""},
		{"4", 4, Shards{}, "within 0-3"},
		{"3-1", 4, Shards{}, "within 0-3"},
		{"-1", 4, Shards{}, "within 0-3"},
		{"a", 2, Shards{}, "give a shard or a range"},
		{"0", 0, Shards{}, "give at least 1"},
	} {
		got, err := ParseShards(c.rng, c.count)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseShards(%q, %d) = %v, %v: want an error with %q", c.rng, c.count, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ParseShards(%q, %d) = %v, %v: want %v", c.rng, c.count, got, err, c.want)
		}
	}
}

// The bot and the fake Discord put a guild on the same shard, and the
// ranges of the processes partition the guilds: each guild has exactly one
// owner.
func TestShardsPartitionTheGuilds(t *testing.T) {
	ranges := []Shards{{0, 1, 5}, {2, 2, 5}, {3, 4, 5}}
	seen := map[int]int{}
	for i := uint64(0); i < 2000; i++ {
		g := strconv.FormatUint(i*7919<<22+i*104729, 10)
		n := ShardOf(g, 5)
		if d := discordtest.ShardOf(g, 5); d != n {
			t.Fatalf("guild %s: the bot says shard %d, the fake Discord %d", g, n, d)
		}
		seen[n]++
		owners := 0
		for _, r := range ranges {
			if r.Owns(g) {
				owners++
			}
		}
		if owners != 1 {
			t.Fatalf("guild %s (shard %d) has %d owners", g, n, owners)
		}
	}
	if len(seen) != 5 {
		t.Errorf("2000 guilds fell on shards %v: want all 5 used", seen)
	}
	if !AllShards.Owns("console") || ShardOf("console", 3) != 0 {
		t.Error("a guild id that is not a snowflake belongs on shard 0")
	}
}

// shardGuild returns a guild id on shard n of count.
func shardGuild(n, count int) string {
	return strconv.FormatUint(uint64(1000*count+n)<<22, 10)
}

// shardProcess is one umpire process: its own store handle (its own
// connections), router and scheduler.
type shardProcess struct {
	st    *store.Store
	r     *Router
	s     *Scheduler
	posts *posted
}

// Two processes on one database, each serving one of two shards, plus a
// third that (misconfigured) claims every shard: each game's reminder is
// recorded once and posted once, by one process, and the owners fire only
// their own guilds' games.
func TestShardedSchedulersFireEachReminderOnce(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { testShardedSchedulers(t, filepath.Join(t.TempDir(), "u.db")) })
	t.Run("postgres", func(t *testing.T) { testShardedSchedulers(t, storetest.PostgresDSN(t)) })
}

func testShardedSchedulers(t *testing.T, dsn string) {
	ctx := context.Background()
	c := newTestClock()
	discord := &nonceSet{} // the processes post to one Discord
	open := func(owns func(string) bool) *shardProcess {
		st, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		r := NewRouter(st, WithLogger(quietLog()), WithClock(c.now))
		p := &posted{nonces: discord}
		return &shardProcess{st: st, r: r, posts: p, s: &Scheduler{Router: r, Poster: p, Now: c.now, Owns: owns}}
	}
	s0, _ := ParseShards("0", 2)
	s1, _ := ParseShards("1", 2)
	procs := []*shardProcess{open(s0.Owns), open(s1.Owns), open(nil)}

	// Two games per shard, set up through the first process.
	type game struct{ guild, channel string }
	var games []game
	for i := range 4 {
		g := game{guild: shardGuild(i%2, 2), channel: fmt.Sprintf("war%d", i)}
		games = append(games, g)
		at := func(req Request) Request { req.GuildID, req.ChannelID = g.guild, g.channel; return req }
		r := procs[0].r
		mustOK(t, r, at(gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"})))
		mustOK(t, r, at(gameReq(leeA, "join", map[string]string{"side": "csa"})))
		mustOK(t, r, at(gameReq(meadeA, "join", map[string]string{"side": "usa"})))
		mustOK(t, r, at(gameReq(umpireA, "start", nil)))
		for step := 0; ; step++ {
			gs, err := r.gameHere(ctx, at(Request{User: umpireA}))
			if err != nil {
				t.Fatal(err)
			}
			if gs.CurrentStep() == "1e" {
				break
			}
			if step == 40 {
				t.Fatal("the game never reached step 1e")
			}
			mustOK(t, r, at(phaseReq(Request{User: umpireA}, "next", nil)))
		}
		mustOK(t, r, at(deadlineReq(umpireA, "set", map[string]string{"default": "48h"})))
	}

	// tickAll ticks the processes at once, rounds times.
	tickAll := func(ps []*shardProcess, rounds int) {
		for range rounds {
			var wg sync.WaitGroup
			errs := make([]error, len(ps))
			for i, p := range ps {
				wg.Add(1)
				go func() { defer wg.Done(); errs[i] = p.s.Tick(ctx) }()
			}
			wg.Wait()
			for i, err := range errs {
				// A tick that lost the race five times reports the conflict;
				// the next tick finds the work done.
				if err != nil && !strings.Contains(err.Error(), "conflict") {
					t.Fatalf("process %d: tick: %v", i, err)
				}
			}
		}
	}
	posts := map[string]int{} // channel+text → times posted, all processes
	perChannel := map[string]int{}
	collect := func() (byProcess [3]map[string]bool) {
		for i, p := range procs {
			byProcess[i] = map[string]bool{}
			for _, o := range p.posts.take() {
				posts[o.Audience.Channel+" "+o.Text]++
				perChannel[o.Audience.Channel]++
				byProcess[i][o.Audience.Channel] = true
			}
		}
		return byProcess
	}
	// The deadlines start (and are announced).
	tickAll(procs, 1)
	collect()
	clear(perChannel)
	// 30 hours on, the 24-hour reminders are due: the two owners tick at
	// once, twice; each fires its own shard's games, and only those.
	c.advance(30 * time.Hour)
	tickAll(procs[:2], 2)
	by := collect()
	for _, g := range games {
		owner := ShardOf(g.guild, 2)
		if !by[owner][g.channel] || by[1-owner][g.channel] {
			t.Errorf("game %s of shard %d: posted by shard 0: %v, by shard 1: %v", g.channel, owner, by[0][g.channel], by[1][g.channel])
		}
	}
	// At 47.5 hours the last calls are due: all three tick at once, three
	// times, the third claiming every guild.
	c.advance(17*time.Hour + 30*time.Minute)
	tickAll(procs, 3)
	collect()
	for k, n := range posts {
		if n != 1 {
			t.Errorf("posted %d times: %s", n, k)
		}
	}

	for _, g := range games {
		_, recs, err := procs[2].st.Load(ctx, "game:"+g.channel, 0)
		if err != nil {
			t.Fatal(err)
		}
		// Both players owe at 1e: a reminder and a last call each, each
		// recorded once and posted once.
		recorded := map[string]int{}
		for _, rec := range recs {
			if rec.Type == engine.EventDeadlineReminded {
				var e engine.DeadlineReminded
				if err := json.Unmarshal(rec.Data, &e); err != nil {
					t.Fatal(err)
				}
				recorded[fmt.Sprintf("%s last call %v", e.Player, e.LastCall)]++
			}
		}
		want := map[string]int{"u1 last call false": 1, "u1 last call true": 1, "u2 last call false": 1, "u2 last call true": 1}
		if fmt.Sprint(recorded) != fmt.Sprint(want) || perChannel[g.channel] != 4 {
			t.Errorf("game %s (shard %d): reminders recorded %v, want %v; posted %d, want 4", g.channel, ShardOf(g.guild, 2), recorded, want, perChannel[g.channel])
		}
	}
}
