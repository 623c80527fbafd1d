package bot

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/render"
	"github.com/umpire-games/umpire/store"
	"github.com/umpire-games/umpire/store/storetest"
)

// BenchmarkLoad is the load generator of issue 11: N LRTG games with M
// players each, played through the fake Discord and the real adapter
// (discordgo session, gateway websocket, REST callbacks), on SQLite and on
// PostgreSQL. The games are created, joined and started through the fake
// (each start makes its category and commanders' channels), 20 games a
// guild; then every player of every game issues commands of his own at
// once, each waiting for its answer before the next:
//
//	30% /roll, 20% /move (one of his units to a next hex and back),
//	15% /game status, 15% /oob, 15% /rule, 5% /map (a deferred PNG)
//
// "paced": a player thinks between commands, on average 1 s (exponential,
// at most 3 s), so a game of 6 sends about 6 commands a second, far above
// what people type; "saturated": no thinking, every player always has a
// command in flight (a capacity test).
//
// One iteration (b.N) is one second of load: players start no command
// after b.N seconds. For figures, run each configuration in a process of
// its own with -benchtime 10x (in one process the fakes of finished
// sub-benchmarks, with all they recorded, stayed reachable, and later ones
// collected a larger heap). Metrics:
//   - p50/p90/p99/max-ms: interaction latency, from dispatching
//     INTERACTION_CREATE on the fake's gateway to the fake receiving the
//     interaction callback (for /map the deferred acknowledgement);
//   - map-p50-ms, map-p99-ms: from the dispatch of a /map to its PNG;
//   - cmds/s: commands answered per second of the load phase;
//   - cpu-ms/cmd: this process's CPU time (the bot, the fake and the
//     players; not a PostgreSQL server's) per command;
//   - others-cores: the cores other processes kept busy meanwhile, on
//     average (the PostgreSQL server's included): the figures of a shared
//     machine mean little without it;
//   - deferred: commands (not /map) that took over 2 s, so that the
//     adapter acknowledged them first and sent the answer as an edit;
//   - base-MB: heap in use before the games (the bot with its rules
//     library, and the fake);
//   - heap-KB/game: heap in use after the games are set up, minus base-MB,
//     a game (the fake's records of the set-up included);
//   - state-KB/game: the heap a router takes for a game's folded state
//     after the load (a new router over the same store, loading each game);
//   - rss-MB: the test process's resident set with the games set up (the
//     fake and the test binary included).
//
// The answers are checked (each command's reply, every roll in the game,
// each moved unit where the last answer put it), and the bot must log no
// warning. Sizes: games=20/players=6 by default; UMPIRE_LOAD=big adds 50
// and 100 games. PostgreSQL runs in a schema of its own on the test server
// (store/storetest), dropped afterwards. Figures: docs/benchmarks.md.
func BenchmarkLoad(b *testing.B) {
	sizes := []loadSize{{games: 20, players: 6}}
	if os.Getenv("UMPIRE_LOAD") == "big" {
		sizes = append(sizes, loadSize{games: 50, players: 6}, loadSize{games: 100, players: 6})
	}
	for _, db := range []string{"sqlite", "postgres"} {
		for _, sz := range sizes {
			for _, m := range []loadMode{{"paced", time.Second}, {"saturated", 0}} {
				b.Run(fmt.Sprintf("%s/games=%d/players=%d/%s", db, sz.games, sz.players, m.name), func(b *testing.B) {
					benchLoad(b, db, sz, m)
				})
			}
		}
	}
}

type loadSize struct{ games, players int }

type loadMode struct {
	name  string
	think time.Duration // mean time between a player's answer and his next command
}

// loadGamesPerGuild keeps each guild under Discord's 500 channels: a game
// makes a category and a channel per commander.
const loadGamesPerGuild = 20

// loadCommands is the division of command (LRTG 21.1) for 2, 4 and 6
// players, alternating sides: the first of a side is its overall commander.
var loadCommands = map[int][]string{
	2: {"", ""},
	4: {"1", "I", "Cav,2,Rich", "II,III,V,VI,XI,XII,Cav"},
	6: {"1", "I,DC,PA", "2,Rich,Imboden", "II,III,V,Cav", "3,Cav", "VI,XI,XII,VIII"},
}

type loadGame struct {
	guild, channel string
	umpire         engine.Actor
	players        []*loadPlayer
	rolls          atomic.Int64 // rolls answered
	deferred       atomic.Int64 // commands answered after a deferral (other than /map)
}

type loadPlayer struct {
	actor      engine.Actor
	side       string
	commands   string
	unit, name string // the unit he moves, by id and name
	home, away string // its hex and a next one, printed
	moved      bool   // the unit is away
	rng        *rand.Rand
}

// loadRules are the sections players look up.
var loadRules = []string{"lrtg:2.0", "lrtg:21", "lrtg:22.0", "lrtg:13.5", "lrtg:13.7", "lrtg:24.0"}

func benchLoad(b *testing.B, db string, sz loadSize, mode loadMode) {
	ctx := context.Background()
	players, ok := loadCommands[sz.players]
	if !ok {
		b.Fatalf("players=%d: the load generator divides the command for 2, 4 or 6 players", sz.players)
	}
	st := openLoadStore(b, db)
	defer st.Close()

	var logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv := newLoadFake(b)
	defer srv.Close()
	sess, err := srv.NewSession("")
	if err != nil {
		b.Fatal(err)
	}
	router := NewRouter(st, WithLogger(logger))
	d := NewDiscord(sess, router, DiscordOptions{Logger: logger}) // global commands: the games span several guilds
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- d.Run(rctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			b.Error(err)
		}
	}()
	wctx, wcancel := context.WithTimeout(ctx, 5*time.Minute)
	defer wcancel()
	if _, err := srv.WaitCommands(wctx, ""); err != nil {
		b.Fatal(err)
	}

	// Set up the games through the fake, a few at a time.
	before := heapInUse()
	games := make([]*loadGame, sz.games)
	for i := range games {
		g := &loadGame{
			guild:   fmt.Sprintf("g%d", i/loadGamesPerGuild+1),
			channel: fmt.Sprintf("table%d", i),
			umpire:  engine.Actor{ID: fmt.Sprintf("ump%d", i), Name: fmt.Sprintf("Umpire %d", i)},
		}
		for p, cmds := range players {
			side := "csa"
			if p%2 == 1 {
				side = "usa"
			}
			g.players = append(g.players, &loadPlayer{
				actor: engine.Actor{ID: fmt.Sprintf("p%d-%d", i, p), Name: fmt.Sprintf("Player %d-%d", i, p)},
				side:  side, commands: cmds,
				rng: rand.New(rand.NewPCG(uint64(i), uint64(p))),
			})
		}
		games[i] = g
	}
	var setup sync.WaitGroup
	next := atomic.Int64{}
	for range 4 {
		setup.Add(1)
		go func() {
			defer setup.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(games) {
					return
				}
				if err := setUpLoadGame(wctx, srv, router, games[i], int64(i+1)); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	setup.Wait()
	if b.Failed() {
		return
	}
	after := heapInUse()
	rss := residentMB()

	// The load.
	var (
		mu       sync.Mutex
		lat      []time.Duration
		byKind   = map[string][]time.Duration{}
		mapDone  []time.Duration
		failures []string
		failed   int
		wg       sync.WaitGroup
	)
	fail := func(s string) {
		mu.Lock()
		failed++
		if len(failures) < 10 {
			failures = append(failures, s)
		}
		mu.Unlock()
	}
	b.ResetTimer()
	cpu0 := readCPU()
	start := time.Now()
	end := start.Add(time.Duration(b.N) * time.Second)
	for _, g := range games {
		for _, p := range g.players {
			wg.Add(1)
			go func() {
				defer wg.Done()
				next := start
				if mode.think > 0 { // spread the first commands
					next = next.Add(time.Duration(p.rng.Int64N(int64(mode.think))))
				}
				for next.Before(end) {
					time.Sleep(time.Until(next))
					kind, l, m, err := loadCommand(wctx, srv, g, p)
					if err != nil {
						fail(err.Error())
						return
					}
					mu.Lock()
					lat = append(lat, l)
					byKind[kind] = append(byKind[kind], l)
					if m > 0 {
						mapDone = append(mapDone, m)
					}
					mu.Unlock()
					next = time.Now()
					if mode.think > 0 {
						next = next.Add(min(time.Duration(p.rng.ExpFloat64()*float64(mode.think)), 3*mode.think))
					}
				}
			}()
		}
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu1 := readCPU()
	b.StopTimer()
	if failed > 0 {
		b.Fatalf("%d players stopped on a failed command, e.g.:\n%s", failed, strings.Join(failures, "\n"))
	}
	if out := logs.String(); out != "" {
		b.Errorf("the bot logged warnings or errors:\n%s", firstLines(out, 10))
	}
	checkLoadGames(b, ctx, router, games)
	fresh := NewRouter(st, WithLogger(logger))
	beforeStates := heapInUse()
	for _, g := range games {
		if _, err := fresh.gameHere(ctx, Request{GuildID: g.guild, ChannelID: g.channel, User: g.umpire}); err != nil {
			b.Fatal(err)
		}
	}
	stateKB := (float64(heapInUse()) - float64(beforeStates)) / float64(sz.games) / 1024
	runtime.KeepAlive(fresh)
	reportPercentiles(b, lat)
	b.ReportMetric(float64(before)/(1<<20), "base-MB") // after ResetTimer, which drops metrics
	b.ReportMetric((float64(after)-float64(before))/float64(sz.games)/1024, "heap-KB/game")
	b.ReportMetric(stateKB, "state-KB/game")
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "cmds/s")
	if cpu0.ok && cpu1.ok {
		self := float64(cpu1.self - cpu0.self)
		b.ReportMetric(self*10/float64(len(lat)), "cpu-ms/cmd") // 100 ticks a second
		others := float64(cpu1.busy - cpu0.busy - (cpu1.self - cpu0.self))
		b.ReportMetric(max(others, 0)/100/elapsed.Seconds(), "others-cores") // the two counts differ by a tick or two
	}
	var deferred int64
	for _, g := range games {
		deferred += g.deferred.Load()
	}
	b.ReportMetric(float64(deferred), "deferred") // answered after 2 s, by an edit
	if rss > 0 {
		b.ReportMetric(rss, "rss-MB")
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(byKind)) {
		d := byKind[k]
		slices.Sort(d)
		parts = append(parts, fmt.Sprintf("/%s %.1f/%.1f ms (%d)", k, ms(d, 0.5), ms(d, 0.99), len(d)))
	}
	b.Logf("p50/p99 by command: %s", strings.Join(parts, ", "))
	if len(mapDone) > 0 {
		slices.Sort(mapDone)
		b.ReportMetric(ms(mapDone, 0.5), "map-p50-ms")
		b.ReportMetric(ms(mapDone, 0.99), "map-p99-ms")
	}
}

// ms is the q quantile of sorted durations, in milliseconds.
func ms(sorted []time.Duration, q float64) float64 {
	return float64(sorted[int(q*float64(len(sorted)-1))].Microseconds()) / 1000
}

// openLoadStore opens a SQLite file, or a fresh schema of the test
// PostgreSQL server (storetest: UMPIRE_TEST_POSTGRES, or tools/pgtest's;
// skipped when none answers, except under CI).
func openLoadStore(b *testing.B, db string) *store.Store {
	dsn := filepath.Join(b.TempDir(), "load.db")
	if db == "postgres" {
		dsn = storetest.PostgresDSN(b)
	}
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		b.Fatal(err)
	}
	return st
}

// loadFake is the fake Discord with a waiter per interaction. The fake's
// Wait* methods wake every waiter on every change: with hundreds of
// players waiting that costs more CPU than the bot, and the more so the
// longer the answers take. Its Logf hook is handed each REST request as it
// is answered; the waiter wakes only the player whose interaction it is.
type loadFake struct {
	*discordtest.Server
	mu   sync.Mutex
	wake map[string]chan struct{} // by interaction id (callbacks) and token (webhook edits, follow-ups)
}

func newLoadFake(b *testing.B) *loadFake {
	f := &loadFake{wake: map[string]chan struct{}{}}
	f.Server = discordtest.NewServer(b, discordtest.Options{AckDeadline: time.Minute, Logf: f.logf})
	return f
}

// logf is the fake's Logf: REST lines carry their *discordtest.Request,
// recorded before the line is logged.
func (f *loadFake) logf(_ string, args ...any) {
	if len(args) != 1 {
		return
	}
	rec, ok := args[0].(*discordtest.Request)
	if !ok {
		return
	}
	seg := strings.Split(rec.Path, "/")
	key := ""
	for k := range seg {
		switch {
		case seg[k] == "interactions" && k+1 < len(seg):
			key = seg[k+1]
		case seg[k] == "webhooks" && k+2 < len(seg):
			key = seg[k+2]
		default:
			continue
		}
		break
	}
	f.mu.Lock()
	ch := f.wake[key]
	f.mu.Unlock()
	if ch != nil {
		select {
		case ch <- struct{}{}:
		default: // a wake-up is already pending
		}
	}
}

// await waits for cond, checked now and after each request about i.
func (f *loadFake) await(ctx context.Context, ch <-chan struct{}, cond func() bool) error {
	for !cond() {
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// loadSlash sends a slash command through the fake and waits for the
// interaction callback: it returns the callback, the latency from the
// dispatch, and the wake-ups of the interaction (call forget when done).
func loadSlash(ctx context.Context, f *loadFake, sc discordtest.SlashCommand) (i *discordgo.Interaction, cb *discordtest.Callback, l time.Duration, wake <-chan struct{}, forget func(), err error) {
	i = f.SlashCommand(sc)
	ch := make(chan struct{}, 1)
	f.mu.Lock()
	f.wake[i.ID], f.wake[i.Token] = ch, ch
	f.mu.Unlock()
	forget = func() {
		f.mu.Lock()
		delete(f.wake, i.ID)
		delete(f.wake, i.Token)
		f.mu.Unlock()
	}
	t0 := time.Now()
	if _, err := f.DispatchInteraction(i); err != nil {
		return i, nil, 0, ch, forget, err
	}
	var cbs []*discordtest.Callback
	if err := f.await(ctx, ch, func() bool { cbs = f.Callbacks(i.ID); return len(cbs) > 0 }); err != nil {
		return i, nil, 0, ch, forget, fmt.Errorf("/%s: no callback: %w", sc.Name, err)
	}
	cb = cbs[0]
	if !cb.Accepted || cb.Response == nil {
		return i, cb, 0, ch, forget, fmt.Errorf("/%s: callback refused: %s", sc.Name, cb.Request)
	}
	return i, cb, cb.Time.Sub(t0), ch, forget, nil
}

func loadContent(cb *discordtest.Callback) string {
	if cb.Response.Data == nil {
		return ""
	}
	s := cb.Response.Data.Content
	for _, e := range cb.Response.Data.Embeds {
		s += "\n" + e.Title + "\n" + e.Description
		for _, f := range e.Fields {
			s += "\n" + f.Name + "\n" + f.Value
		}
	}
	return s
}

// setUpLoadGame creates, joins and starts a game through the fake, then
// picks for each player a unit he commands and a next hex it may go to and
// come back from.
func setUpLoadGame(ctx context.Context, srv *loadFake, r *Router, g *loadGame, seed int64) error {
	as := func(a engine.Actor, sub string, opts ...discordtest.Option) error {
		_, cb, _, _, forget, err := loadSlash(ctx, srv, discordtest.SlashCommand{Name: "game", Subcommand: sub, GuildID: g.guild, ChannelID: g.channel,
			UserID: a.ID, Username: a.Name, Options: opts})
		forget()
		if err != nil {
			return err
		}
		if text := loadContent(cb); cb.Response.Data != nil && cb.Response.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
			return fmt.Errorf("/game %s in %s: %s", sub, g.channel, text)
		}
		return nil
	}
	if err := as(g.umpire, "new", discordtest.Option{Name: "scenario", Value: "lrtg-high-tide"}, discordtest.Option{Name: "seed", Value: seed}); err != nil {
		return err
	}
	for _, p := range g.players {
		opts := []discordtest.Option{{Name: "side", Value: p.side}}
		if p.commands != "" {
			opts = append(opts, discordtest.Option{Name: "command", Value: p.commands})
		}
		if err := as(p.actor, "join", opts...); err != nil {
			return err
		}
	}
	if err := as(g.umpire, "start"); err != nil {
		return err
	}
	state, err := r.gameHere(ctx, Request{GuildID: g.guild, ChannelID: g.channel, User: g.umpire})
	if err != nil {
		return err
	}
	th := r.theatres["lrtg"]
	data := r.moveData(state)
	for _, p := range g.players {
	units:
		for _, id := range sortedUnitIDs(state) {
			u := state.Units[id]
			if !u.OnMap || u.Kind.IsLeader() || u.Ref == "" || !state.Controls(p.actor, u) {
				continue
			}
			for _, nb := range u.Hex.Neighbours() {
				refs := th.Printed(nb)
				if len(refs) == 0 {
					continue
				}
				evs, err := state.Decide(engine.MoveUnits{By: p.actor, Units: []string{id}, To: nb, Ref: refs[0], Data: data}, engine.Script())
				if err != nil {
					continue
				}
				there := state
				for _, e := range evs {
					there = there.Apply(e)
				}
				if _, err := there.Decide(engine.MoveUnits{By: p.actor, Units: []string{id}, To: u.Hex, Ref: u.Ref, Data: data}, engine.Script()); err != nil {
					continue
				}
				p.unit, p.name, p.home, p.away = id, u.Name, u.Ref, refs[0]
				break units
			}
		}
		if p.unit == "" {
			return fmt.Errorf("%s in %s: no unit to move", p.actor.Name, g.channel)
		}
	}
	return nil
}

// loadCommand issues one command of the mix for p and checks its answer.
// It returns the command's name, the latency to the callback and, for
// /map, to the PNG.
func loadCommand(ctx context.Context, srv *loadFake, g *loadGame, p *loadPlayer) (kind string, l, mapDone time.Duration, err error) {
	sc := discordtest.SlashCommand{GuildID: g.guild, ChannelID: g.channel, UserID: p.actor.ID, Username: p.actor.Name}
	var want string
	isMap, isRoll, isMove := false, false, false
	switch k := p.rng.IntN(100); {
	case k < 30:
		dice := []string{"2d6", "1d6", "3d6+1", "2d6-1"}[p.rng.IntN(4)]
		sc.Name, sc.Options = "roll", []discordtest.Option{{Name: "dice", Value: dice}}
		want, isRoll = "rolls "+dice, true
	case k < 50:
		to := p.away
		if p.moved {
			to = p.home
		}
		sc.Name, sc.Options = "move", []discordtest.Option{{Name: "units", Value: p.unit}, {Name: "to", Value: to}}
		want, isMove = p.name, true
	case k < 65:
		sc.Name, sc.Subcommand = "game", "status"
		want = "lrtg-high-tide"
	case k < 80:
		sc.Name = "oob"
		want = " MP"
	case k < 95:
		sc.Name, sc.Options = "rule", []discordtest.Option{{Name: "section", Value: loadRules[p.rng.IntN(len(loadRules))]}}
		want = "LRTG"
	default:
		sc.Name, sc.Options = "map", []discordtest.Option{{Name: "at", Value: p.unit}, {Name: "radius", Value: 5}}
		want, isMap = "around", true
	}
	kind = strings.TrimSpace(sc.Name + " " + sc.Subcommand)
	i, cb, l, wake, forget, err := loadSlash(ctx, srv, sc)
	defer forget()
	if err != nil {
		return kind, 0, 0, err
	}
	text := loadContent(cb)
	deferred := cb.Response.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource
	if isMap && !deferred {
		return kind, 0, 0, fmt.Errorf("/map by %s: not deferred: %s", p.actor.Name, text)
	}
	if deferred { // the answer comes as an edit of the deferred reply, or a follow-up
		var msg *discordgo.Message
		var files int
		var at time.Time
		err := srv.await(ctx, wake, func() bool {
			for _, e := range srv.Edits(i.ID) {
				msg, files, at = e.Message, len(e.Files), e.Time
			}
			for _, f := range srv.Followups(i.ID) {
				msg, files, at = f.Message, len(f.Files), f.Time
			}
			return msg != nil
		})
		if err != nil {
			return kind, 0, 0, err
		}
		if !isMap {
			g.deferred.Add(1)
		} else if files != 1 {
			return kind, 0, 0, fmt.Errorf("/map by %s: no PNG: %q", p.actor.Name, msg.Content)
		} else {
			mapDone = at.Sub(cb.Time) + l
		}
		text = msg.Content
		for _, e := range msg.Embeds {
			text += "\n" + e.Title + "\n" + e.Description
		}
	}
	if !strings.Contains(text, want) {
		return kind, 0, 0, fmt.Errorf("/%s %s by %s in %s: %q lacks %q", sc.Name, sc.Subcommand, p.actor.Name, g.channel, firstLines(text, 3), want)
	}
	switch {
	case isRoll:
		g.rolls.Add(1)
	case isMove:
		p.moved = !p.moved
	}
	return kind, l, mapDone, nil
}

// checkLoadGames checks that the games hold what the players were told:
// every roll answered, and each moved unit where its last move put it.
func checkLoadGames(b *testing.B, ctx context.Context, r *Router, games []*loadGame) {
	b.Helper()
	for _, g := range games {
		state, err := r.gameHere(ctx, Request{GuildID: g.guild, ChannelID: g.channel, User: g.umpire})
		if err != nil {
			b.Fatal(err)
		}
		if state.Rolls != g.rolls.Load() {
			b.Errorf("%s: %d rolls in the game, %d answered", g.channel, state.Rolls, g.rolls.Load())
		}
		for _, p := range g.players {
			want := p.home
			if p.moved {
				want = p.away
			}
			if got := state.Units[p.unit].Ref; got != want {
				b.Errorf("%s: %s is at %s, the last move answered put it at %s", g.channel, p.name, got, want)
			}
		}
	}
}

// heapInUse is the heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// cpuTicks are CPU times in USER_HZ ticks (1/100 s on Linux): this
// process's, and every CPU's busy time.
type cpuTicks struct {
	self, busy int64
	ok         bool
}

// readCPU reads /proc (Linux; ok is false elsewhere). The machine's busy
// time less this process's is what others took (a PostgreSQL server
// included): the machine is shared, and the figures need it.
func readCPU() cpuTicks {
	var c cpuTicks
	st, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return c
	}
	f := strings.Fields(string(st[strings.LastIndexByte(string(st), ')')+1:])) // the command name may hold spaces
	if len(f) < 13 {
		return c
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)  // utime, field 14
	stt, err2 := strconv.ParseInt(f[12], 10, 64) // stime, field 15
	all, err := os.ReadFile("/proc/stat")
	if err1 != nil || err2 != nil || err != nil {
		return c
	}
	line, _, _ := strings.Cut(string(all), "\n")
	fs := strings.Fields(line) // cpu user nice system idle iowait irq softirq steal ...
	if len(fs) < 9 || fs[0] != "cpu" {
		return c
	}
	for k, v := range fs[1:9] {
		if k == 3 || k == 4 { // idle, iowait
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return c
		}
		c.busy += n
	}
	c.self, c.ok = ut+stt, true
	return c
}

// residentMB is the process's resident set in MiB (Linux; 0 elsewhere),
// after the heap's free pages are returned to the system.
func residentMB() float64 {
	debug.FreeOSMemory()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmRSS:" && f[2] == "kB" {
			kb, err := strconv.ParseFloat(f[1], 64)
			if err == nil {
				return kb / 1024
			}
		}
	}
	return 0
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// BenchmarkMapSection draws sections of the real LRTG theatre (its 44
// county and state borders, 1,541 points, most of them off any section's
// canvas), where render's synthetic BenchmarkSection has one border: the
// load generator found the borders took 90% of a map (clip.go in render).
func BenchmarkMapSection(b *testing.B) {
	th := NewRouter(nil, WithLogger(quietLog())).theatres["lrtg"]
	at, _, err := th.Locate("Gettysburg")
	if err != nil {
		b.Fatal(err)
	}
	for _, radius := range []int{5, 14} {
		b.Run(fmt.Sprintf("radius=%d", radius), func(b *testing.B) {
			v, err := th.Section(at, radius, "Gettysburg")
			if err != nil {
				b.Fatal(err)
			}
			var size int
			for b.Loop() {
				png, err := render.Section(v, render.Style{})
				if err != nil {
					b.Fatal(err)
				}
				size = len(png)
			}
			b.ReportMetric(float64(size)/1024, "KiB/png")
		})
	}
}
