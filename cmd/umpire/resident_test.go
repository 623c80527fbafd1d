package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot"
	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// BenchmarkResident is DESIGN's memory target, "under 50 MB resident with
// 100 active games", on the real binary: a SQLite file holds 100 started
// LRTG games of six players each, with 30 rolls apiece; the umpire serves
// the fake Discord (UMPIRE_DISCORD_URL); each game gets a /game status and
// a /roll through the fake, so that the process holds every game's folded
// state; then the process's resident set is read from /proc. One iteration
// is one process: started, its games loaded, measured, killed.
//
// Metrics: idle-rss-MB, the process serving with no game loaded;
// rss-MB, with the 100 games; rss-KB/game, the difference a game;
// peak-rss-MB, the high-water mark (VmHWM). Linux only (/proc).
func BenchmarkResident(b *testing.B) {
	if testing.Short() {
		b.Skip("starts the umpire binary: not in -short mode")
	}
	if raceBuild() {
		b.Skip("the race detector's shadow memory would be measured")
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("resident memory is read from /proc (Linux)")
	}
	const games = 100
	dir := b.TempDir()
	db := filepath.Join(dir, "umpire.db")
	channels := residentGames(b, db, games)
	umpireBinary(b) // built before the clock runs

	var idle, loaded, peak float64
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		srv := discordtest.NewServer(b, discordtest.Options{Token: crashToken, Guilds: []string{crashGuild}, AckDeadline: -1})
		p := startUmpire(b, procConfig{Token: crashToken, DB: db, Guild: crashGuild, DiscordURL: srv.URL(),
			Log: filepath.Join(dir, "umpire.log")})
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		p.waitServing(ctx, b, srv, 1)
		pid := p.cmd.Process.Pid
		idle += procStatusMB(b, pid, "VmRSS")
		for _, ch := range channels {
			for _, c := range []struct {
				sc   discordtest.SlashCommand
				want string
			}{
				{discordtest.SlashCommand{Name: "game", Subcommand: "status"}, "lrtg-high-tide"},
				{discordtest.SlashCommand{Name: "roll", Options: []discordtest.Option{{Name: "dice", Value: "2d6"}}}, "rolls 2d6"},
			} {
				sc := c.sc
				sc.GuildID, sc.ChannelID, sc.UserID, sc.Username = crashGuild, ch, crashLee.ID, crashLee.Name
				i := srv.SlashCommand(sc)
				if _, err := srv.DispatchInteraction(i); err != nil {
					b.Fatal(err)
				}
				cbs, err := srv.WaitCallback(ctx, i.ID, 1)
				if err != nil {
					b.Fatalf("%v; log:\n%s", err, tail(p.cfg.Log, 20))
				}
				if r := cbs[0].Response; !cbs[0].Accepted || r == nil || r.Data == nil || !strings.Contains(r.Data.Content, c.want) {
					b.Fatalf("/%s in %s: %s %s", sc.Name, ch, cbs[0].Request, cbs[0].Request.JSON)
				}
			}
		}
		loaded += procStatusMB(b, pid, "VmRSS")
		peak += procStatusMB(b, pid, "VmHWM")
		cancel()
		p.Kill(b)
		if bad := logProblems(p.cfg.Log); len(bad) > 0 {
			b.Fatalf("the umpire's log has problems:\n%s", strings.Join(bad[:min(len(bad), 10)], "\n"))
		}
		srv.Close()
	}
	b.StopTimer()
	k := float64(b.N)
	b.ReportMetric(idle/k, "idle-rss-MB")
	b.ReportMetric(loaded/k, "rss-MB")
	b.ReportMetric((loaded-idle)/k/games*1024, "rss-KB/game")
	b.ReportMetric(peak/k, "peak-rss-MB")
}

// residentGames creates n started High Tide games of six players each
// (LRTG 21.1's division of command, three a side) with 30 rolls apiece in
// the SQLite file db, and returns their channels.
func residentGames(b *testing.B, db string, n int) []string {
	b.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	r := bot.NewRouter(st, bot.WithLogger(quiet()))
	do := func(req bot.Request) {
		req.GuildID = crashGuild
		if req.Options == nil {
			req.Options = map[string]string{}
		}
		if o := r.Handle(ctx, req).Outputs[0]; o.Error != nil {
			b.Fatalf("/%s %v in %s: %s", req.Command, req.Path, req.ChannelID, o.Text)
		}
	}
	division := []struct{ side, command string }{
		{"csa", "1"}, {"usa", "I,DC,PA"}, {"csa", "2,Rich,Imboden"}, {"usa", "II,III,V,Cav"}, {"csa", "3,Cav"}, {"usa", "VI,XI,XII,VIII"},
	}
	var channels []string
	for g := range n {
		ch := fmt.Sprintf("33%016d", g)
		channels = append(channels, ch)
		game := func(u engine.Actor, sub string, opts map[string]string) bot.Request {
			return bot.Request{ChannelID: ch, User: u, Command: "game", Path: []string{sub}, Options: opts}
		}
		do(game(crashUmpire, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": strconv.Itoa(g + 1)}))
		players := []engine.Actor{crashLee, crashMeade}
		for k := 2; k < len(division); k++ {
			players = append(players, engine.Actor{ID: fmt.Sprintf("71%016d", k), Name: fmt.Sprintf("Commander %d", k)})
		}
		for k, d := range division {
			do(game(players[k], "join", map[string]string{"side": d.side, "command": d.command}))
		}
		do(game(crashUmpire, "start", nil))
		for k := range 30 {
			do(bot.Request{ChannelID: ch, User: players[k%len(players)], Command: "roll", Options: map[string]string{"dice": "2d6"}})
		}
	}
	return channels
}

// procStatusMB reads a field of /proc/<pid>/status in MiB (e.g. VmRSS).
func procStatusMB(b *testing.B, pid int, field string) float64 {
	b.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == field+":" && f[2] == "kB" {
			kb, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb / 1024
		}
	}
	b.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}
