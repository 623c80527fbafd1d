package main

// Several processes on one database (issue 11, docs/postgres.md): two
// umpires split two Discord shards, a third (misconfigured) claims every
// guild; all serve the fake Discord over one PostgreSQL database (and,
// the same, one SQLite file) under a load of commands in both shards'
// guilds, while a game of one guild has reminders due and a game of the
// other has missed its deadline, whose default settles the step. Each
// reminder, miss and default is recorded once and posted once, each step
// begun once, every command answered once with its events in the log, and
// each guild's interactions reach its shard's process only.

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

	// A game in each guild with a 48-hour deadline at step 1e. In guild 0
	// it began 30 hours ago: the 24-hour reminders are due for Lee and
	// Meade. In guild 1 it began 48 hours and a minute ago: both missed it,
	// and its default settles the step (LRTG 1e: passive).
	begun := []time.Time{time.Now().Add(-30 * time.Hour), time.Now().Add(-48*time.Hour - time.Minute)}
	for g, guild := range guilds {
		prepare(t, dsn, begun[g], func(st *store.Store, r *bot.Router) {
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
			// The wait begins (its announcement stays pending in the
			// outbox: the processes post it).
			if err := (&bot.Scheduler{Router: r}).Tick(ctx); err != nil {
				t.Fatal(err)
			}
		})
	}

	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true, Token: crashToken, Guilds: guilds})
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

	// Each game's deadline messages: posted once, whichever process won
	// (and the wait's announcement once).
	kinds := []struct {
		re  *regexp.Regexp
		key string
	}{
		{regexp.MustCompile(`^⏰ Reminder <@(\d+)>`), "reminder "},
		{regexp.MustCompile(`^⌛ <@(\d+)> missed the deadline`), "missed "},
		{regexp.MustCompile(`^⚖️ `), "default"},
	}
	countPosted := func(ch string) (posts map[string]int, announced int) {
		posts = map[string]int{}
		for _, m := range srv.ChannelMessages(ch) {
			if m.Message == nil || m.Deduplicated {
				continue
			}
			for _, k := range kinds {
				if sm := k.re.FindStringSubmatch(m.Message.Content); sm != nil {
					key := k.key
					if len(sm) > 1 {
						key += sm[1]
					}
					posts[key]++
				}
			}
			if strings.HasPrefix(m.Message.Content, "⏳ Step 1e") {
				announced++
			}
		}
		return posts, announced
	}
	wctx, wcancel := context.WithTimeout(ctx, 20*time.Second)
	defer wcancel()
	_ = srv.WaitFor(wctx, func() bool {
		for g := range guilds {
			if p, a := countPosted(gameChannel(g)); len(p) < 2+g || a < 1 {
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
		posts, announced := countPosted(ch)
		t.Logf("game of guild %s: posted %v, announced %d times", guilds[g], posts, announced)
		want := map[string]int{"reminder " + crashLee.ID: 1, "reminder " + crashMeade.ID: 1}
		if g == 1 {
			want = map[string]int{"missed " + crashLee.ID: 1, "missed " + crashMeade.ID: 1, "default": 1}
		}
		if fmt.Sprint(posts) != fmt.Sprint(want) || announced != 1 {
			t.Errorf("game of guild %s: posted %v and the announcement %d times: want %v and one announcement", guilds[g], posts, announced, want)
		}
		_, recs, err := st.Load(context.Background(), "game:"+ch, 0)
		if err != nil {
			t.Fatal(err)
		}
		// Each deadline event, and each step begun, recorded once: no two
		// processes fired the same reminder or settled the same step.
		recorded := map[string]int{}
		for _, r := range recs {
			switch r.Type {
			case engine.EventDeadlineReminded, engine.EventDeadlineMissed, engine.EventDeadlineDefaulted, engine.EventStepBegun:
				recorded[r.Type+" "+string(r.Data)]++
			}
		}
		for k, n := range recorded {
			if n != 1 {
				t.Errorf("game of guild %s: recorded %d times: %s", guilds[g], n, k)
			}
		}
		if n := countType(recs, engine.EventDeadlineDefaulted); g == 1 && n != 1 {
			t.Errorf("game of guild %s: the default recorded %d times, want once", guilds[g], n)
		}
	}
	if pending, err := st.PendingOutbox(context.Background()); err != nil || len(pending) != 0 {
		t.Errorf("outbox entries left pending: %+v, %v", pending, err)
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

func countType(recs []store.Record, typ string) int {
	n := 0
	for _, r := range recs {
		if r.Type == typ {
			n++
		}
	}
	return n
}
