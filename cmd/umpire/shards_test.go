package main

// Several processes on one database (issue 11, docs/postgres.md): two
// umpires split two Discord shards, a third (misconfigured) claims every
// guild; all serve the fake Discord over one PostgreSQL database (and,
// the same, one SQLite file) under a load of commands in both shards'
// guilds, while reminders fall due in a game of each guild.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot"
	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
	"github.com/umpire-games/umpire/store/storetest"
)

func TestShardedProcessesShareOneDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three umpire processes: not in -short mode")
	}
	t.Parallel()
	t.Run("postgres", func(t *testing.T) { t.Parallel(); testShardedProcesses(t, storetest.PostgresDSN(t)) })
	t.Run("sqlite", func(t *testing.T) { t.Parallel(); testShardedProcesses(t, filepath.Join(t.TempDir(), "u.db")) })
}

// shardedGuild is a guild id on shard n of 2.
func shardedGuild(n int) string { return strconv.FormatUint(uint64(2000+n)<<22, 10) }

func testShardedProcesses(t *testing.T, dsn string) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	guilds := []string{shardedGuild(0), shardedGuild(1)}
	gameChannel := func(g int) string { return fmt.Sprintf("34000000000000000%d", g) }
	rollChannel := func(g, k int) string { return fmt.Sprintf("35000000000000%d%03d", g, k) }

	// A game in each guild whose 48-hour deadline began 30 hours ago: the
	// 24-hour reminders are due for Lee and Meade.
	start := time.Now().Add(-30 * time.Hour)
	prepare(t, dsn, start, func(st *store.Store, r *bot.Router) {
		for g, guild := range guilds {
			ch := gameChannel(g)
			do := func(u engine.Actor, cmd string, path []string, opts map[string]string) string {
				if opts == nil {
					opts = map[string]string{}
				}
				rep := r.Handle(ctx, bot.Request{GuildID: guild, ChannelID: ch, User: u, Command: cmd, Path: path, Options: opts})
				if o := rep.Outputs[0]; o.Error != nil {
					t.Fatalf("/%s %v in guild %s: %s", cmd, path, guild, o.Text)
				}
				return rep.Outputs[0].Text
			}
			do(crashUmpire, "game", []string{"new"}, map[string]string{"scenario": "lrtg-high-tide"})
			do(crashLee, "game", []string{"join"}, map[string]string{"side": "csa"})
			do(crashMeade, "game", []string{"join"}, map[string]string{"side": "usa"})
			do(crashUmpire, "game", []string{"start"}, nil)
			for k := 0; !strings.Contains(do(crashUmpire, "phase", []string{"next"}, nil), "▶ 1e "); k++ {
				if k == 10 {
					t.Fatal("step 1e never began")
				}
			}
			do(crashUmpire, "deadline", []string{"set"}, map[string]string{"default": "48h"})
		}
		// The waits begin (the announcement stays pending in the outbox:
		// the processes post it).
		if err := (&bot.Scheduler{Router: r}).Tick(ctx); err != nil {
			t.Fatal(err)
		}
	})

	srv := discordtest.NewServer(t, discordtest.Options{Token: crashToken, HeartbeatInterval: 400 * time.Millisecond, Guilds: guilds})
	logs := t.TempDir()
	base := procConfig{Token: crashToken, DB: dsn, Guild: guilds[0], DiscordURL: srv.URL(), Args: []string{"-tick", "200ms"}}
	procs := map[string]*umpireProc{}
	for _, p := range []struct{ name, shards, count string }{{"shard0", "0", "2"}, {"shard1", "1", "2"}} {
		cfg := base
		cfg.Log = filepath.Join(logs, p.name+".log")
		cfg.Env = []string{"UMPIRE_SHARDS=" + p.shards, "UMPIRE_SHARD_COUNT=" + p.count}
		procs[p.name] = startUmpire(t, cfg)
	}
	procs["shard0"].waitServing(ctx, t, srv, 1)
	if err := srv.WaitShards(ctx, 2); err != nil {
		t.Fatalf("%v; logs:\n%s\n%s", err, tail(procs["shard0"].cfg.Log, 20), tail(procs["shard1"].cfg.Log, 20))
	}
	// The third process claims every guild (one shard of one): its gateway
	// session gets nothing the shards' sessions own, but its scheduler
	// contends for every game.
	cfg := base
	cfg.Log = filepath.Join(logs, "all.log")
	cfg.Env = []string{"UMPIRE_SHARD_COUNT=1"}
	procs["all"] = startUmpire(t, cfg)
	procs["all"].waitServing(ctx, t, srv, 2)

	// The load: 120 rolls from five players in two channels of each guild,
	// eight at a time, plus /game status in the games.
	rng := rand.New(rand.NewPCG(7, 11))
	type sent struct {
		id, channel, guild string
	}
	var all []sent
	var mu sync.Mutex
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for k := range 120 {
		g := rng.IntN(2)
		sc := discordtest.SlashCommand{GuildID: guilds[g], UserID: crashRollers[rng.IntN(len(crashRollers))].ID, Name: "roll",
			ChannelID: rollChannel(g, rng.IntN(2)), Options: []discordtest.Option{{Name: "dice", Value: "2d6"}}}
		if k%10 == 9 {
			sc.ChannelID, sc.Name, sc.Subcommand, sc.Options = gameChannel(g), "game", "status", nil
		}
		i := srv.SlashCommand(sc)
		mu.Lock()
		all = append(all, sent{i.ID, sc.ChannelID, sc.GuildID})
		mu.Unlock()
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if _, err := srv.DispatchInteraction(i); err != nil {
				t.Error(err)
				return
			}
			if _, err := srv.WaitCallback(ctx, i.ID, 1); err != nil {
				t.Errorf("interaction %s in guild %s: %v", i.ID, sc.GuildID, err)
			}
		}()
	}
	wg.Wait()

	// Each game's reminders: posted once per player (and the wait's
	// announcement once), whichever process won.
	reminder := regexp.MustCompile(`^⏰ Reminder <@(\d+)>`)
	countPosted := func(ch string) (reminders map[string]int, announced int) {
		reminders = map[string]int{}
		for _, m := range srv.ChannelMessages(ch) {
			if m.Message == nil || m.Deduplicated {
				continue
			}
			if sm := reminder.FindStringSubmatch(m.Message.Content); sm != nil {
				reminders[sm[1]]++
			}
			if strings.HasPrefix(m.Message.Content, "⏳ Step 1e") {
				announced++
			}
		}
		return reminders, announced
	}
	wctx, wcancel := context.WithTimeout(ctx, 20*time.Second)
	defer wcancel()
	_ = srv.WaitFor(wctx, func() bool {
		for g := range guilds {
			if r, a := countPosted(gameChannel(g)); len(r) < 2 || a < 1 {
				return false
			}
		}
		return true
	})
	time.Sleep(600 * time.Millisecond) // three more ticks of each process: nothing more may come
	for _, p := range procs {
		p.Stop(t)
	}

	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for g := range guilds {
		ch := gameChannel(g)
		reminders, announced := countPosted(ch)
		t.Logf("game of guild %s: reminders posted %v, announced %d times", guilds[g], reminders, announced)
		if reminders[crashLee.ID] != 1 || reminders[crashMeade.ID] != 1 || len(reminders) != 2 || announced != 1 {
			t.Errorf("game of guild %s: reminders posted %v, announcement %d times: want each player once, and one announcement", guilds[g], reminders, announced)
		}
		_, recs, err := st.Load(context.Background(), "game:"+ch, 0)
		if err != nil {
			t.Fatal(err)
		}
		recorded := map[string]int{}
		for _, r := range recs {
			if r.Type == engine.EventDeadlineReminded {
				recorded[string(r.Data)]++
			}
		}
		if len(recorded) != 2 {
			t.Errorf("game of guild %s: %d reminders recorded, want 2: %v", guilds[g], len(recorded), recorded)
		}
		for k, n := range recorded {
			if n != 1 {
				t.Errorf("game of guild %s: reminder recorded %d times: %s", guilds[g], n, k)
			}
		}
		if pending, err := st.PendingOutbox(context.Background()); err != nil || len(pending) != 0 {
			t.Errorf("outbox entries left pending: %+v, %v", pending, err)
		}
	}

	// No command lost or answered twice: each acknowledged once, its
	// events in the log; the rolls of each channel numbered 1..n.
	rollNo := regexp.MustCompile(`Roll #(\d+)`)
	perChannel := map[string][]int{}
	for _, s := range all {
		cbs := srv.Callbacks(s.id)
		if len(cbs) != 1 {
			t.Errorf("interaction %s: %d callbacks, want 1", s.id, len(cbs))
			continue
		}
		if _, err := st.Interaction(context.Background(), s.id); err != nil && !strings.HasPrefix(s.channel, "34") {
			t.Errorf("interaction %s (a roll) not in the log: %v", s.id, err)
		}
		if cbs[0].Response == nil || cbs[0].Response.Data == nil {
			t.Errorf("interaction %s: a callback without a message", s.id)
			continue
		}
		if m := rollNo.FindStringSubmatch(cbs[0].Response.Data.Content); m != nil {
			n, _ := strconv.Atoi(m[1])
			perChannel[s.channel] = append(perChannel[s.channel], n)
		}
	}
	for ch, ns := range perChannel {
		slices.Sort(ns)
		for i, n := range ns {
			if n != i+1 {
				t.Errorf("channel %s: roll numbers %v, want 1..%d", ch, ns, len(ns))
				break
			}
		}
	}
	// Each guild's interactions reached only its shard's process.
	for name, p := range procs {
		for _, line := range logProblems(p.cfg.Log) {
			t.Errorf("%s: %s", name, line)
		}
		served := servedGuilds(t, p.cfg.Log)
		t.Logf("%s served the interactions of guilds %v", name, served)
		switch name {
		case "shard0", "shard1":
			want := guilds[map[string]int{"shard0": 0, "shard1": 1}[name]]
			if len(served) != 1 || !served[want] {
				t.Errorf("%s served guilds %v, want only %s", name, served, want)
			}
		case "all":
			if len(served) != 0 {
				t.Errorf("the third process served %v: the shards' sessions own every guild", served)
			}
		}
	}
}

// servedGuilds reads the guilds of the interactions a process logged.
func servedGuilds(t *testing.T, log string) map[string]bool {
	t.Helper()
	re := regexp.MustCompile(`msg=interaction .*guild=(\d+)`)
	out := map[string]bool{}
	for _, m := range re.FindAllStringSubmatch(readFile(t, log), -1) {
		out[m[1]] = true
	}
	return out
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
