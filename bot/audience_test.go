package bot

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
)

// Issue 8, "Through the fake Discord: every message the bot posts goes to
// a channel whose permission overwrites admit exactly its audience". A
// limited-intelligence game with two commanders a side and their private
// channels; each commander plays from his channel and from the table
// (moves, dummies, maps, reads). Then every message the bot posted:
//   - in a commander's channel: the channel admits exactly him and the
//     bot, and the message names no enemy unit and no hex an enemy unit
//     holds;
//   - at the table: no unit of either side by id, and no hex a unit holds
//     unless a command typed it.
//
// Answers to interactions given in a private channel count as posted
// there; ephemeral ones are the asker's alone.
func TestDiscordEveryPostReachesItsAudience(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, SeededSource{}, DiscordOptions{GuildID: "g1"})
	const table = "c9"
	r := b.router
	mustOK(t, r, chanReq(umpireA, table, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "11", "limited_intelligence": "true"}))
	mustOK(t, r, chanReq(leeA, table, "join", map[string]string{"side": "csa", "command": "1"}))
	mustOK(t, r, chanReq(jebChA, table, "join", map[string]string{"side": "csa", "command": "Cav,2,Rich"}))
	mustOK(t, r, chanReq(meadeA, table, "join", map[string]string{"side": "usa", "command": "I"}))
	mustOK(t, r, chanReq(hancockChA, table, "join", map[string]string{"side": "usa", "command": "II,III,V,VI,XI,XII,Cav"}))
	umpireSlash(t, b, table, "start")
	if _, err := b.srv.WaitChannelMessage(waitCtx(t), table, 1); err != nil {
		t.Fatal(err)
	}
	g := gameIn(t, r, table)
	if len(g.Channels.Players) != 4 {
		t.Fatalf("channels %+v", g.Channels)
	}
	th := r.theatres["lrtg"]
	players := []engine.Actor{leeA, jebChA, meadeA, hancockChA}
	typed := map[string]bool{}
	type answer struct {
		channel, text string
		by            engine.Actor
	}
	var answers []answer
	ask := func(by engine.Actor, channel, name, sub string, opts ...discordtest.Option) {
		for _, o := range opts {
			if s, ok := o.Value.(string); ok {
				typed[s] = true
			}
		}
		for _, m := range slashAll(t, b, by, channel, name, sub, opts...) {
			if m.flags&discordgo.MessageFlagsEphemeral == 0 {
				answers = append(answers, answer{channel, m.text, by})
			}
		}
	}
	ref := func(h engine.Hex) string {
		if p := th.Printed(h); len(p) > 0 {
			return p[0]
		}
		return ""
	}
	for round := 0; round < 2; round++ {
		for _, p := range players {
			g = gameIn(t, r, table)
			own := g.Channels.Players[p.ID]
			var mine []engine.UnitState
			for _, u := range leakUnits(g, g.Player(p.ID).Side) {
				if g.Controls(p, u) {
					mine = append(mine, u)
				}
			}
			if len(mine) == 0 {
				t.Fatalf("%s commands nothing on the map", p.Name)
			}
			u := mine[round%len(mine)]
			nb := u.Hex.Neighbours()
			to := ref(nb[(round*3+len(p.Name))%len(nb)])
			far := ref(engine.Hex{Q: u.Hex.Q + 6, R: u.Hex.R - 3})
			where := []string{own, table}[round]
			ask(p, where, "move", "", discordtest.Option{Name: "units", Value: u.ID}, discordtest.Option{Name: "to", Value: to})
			if far != "" {
				ask(p, where, "dummy", "place", discordtest.Option{Name: "hex", Value: far})
			}
			ask(p, where, "map", "", discordtest.Option{Name: "at", Value: ref(u.Hex)}, discordtest.Option{Name: "radius", Value: 3})
			ask(p, own, "game", "status")
			ask(p, own, "oob", "")
			ask(p, own, "dummy", "list")
		}
	}
	// Every interaction handled and its posts sent: the bot stops.
	b.shutdown(t)
	b.done <- nil // stopped: the cleanup's shutdown finds it so
	g = gameIn(t, r, table)
	owner := map[string]engine.Player{}
	for _, p := range g.Players {
		owner[g.Channels.Players[p.Actor.ID]] = p
	}
	bot := b.srv.Options().BotUserID
	check := func(channel, text string) {
		t.Helper()
		if p, ok := owner[channel]; ok {
			want := []string{bot, p.Actor.ID}
			sort.Strings(want)
			if got := viewers(t, b.srv.GuildChannel(channel)); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("%s's channel admits %v", p.Actor.Name, got)
			}
			for _, u := range leakUnits(g, enemyOfSide(p.Side)) {
				if strings.Contains(text, u.ID) || ref(u.Hex) != "" && strings.Contains(text, ref(u.Hex)) && !typed[ref(u.Hex)] {
					t.Errorf("%s's channel is told of the enemy's %s (%s): %q", p.Actor.Name, u.Name, ref(u.Hex), text)
				}
			}
			return
		}
		if channel != table {
			t.Errorf("a post in channel %s, neither the table nor a commander's: %q", channel, text)
			return
		}
		for _, s := range []engine.Side{engine.CSA, engine.USA} {
			for _, u := range leakUnits(g, s) {
				if strings.Contains(text, u.ID) || ref(u.Hex) != "" && strings.Contains(text, ref(u.Hex)) && !typed[ref(u.Hex)] {
					t.Errorf("the table is told of %s (%s): %q", u.Name, ref(u.Hex), text)
				}
			}
		}
	}
	posts := 0
	for _, ch := range append([]string{table}, func() []string {
		var out []string
		for _, id := range g.Channels.Players {
			out = append(out, id)
		}
		return out
	}()...) {
		for _, m := range b.srv.ChannelMessages(ch) {
			if m.Data != nil {
				posts++
				check(ch, m.Data.Content+embedText(m.Data.Embeds))
			}
		}
	}
	for _, a := range answers {
		check(a.channel, a.text)
	}
	if posts < 5 || len(answers) < 8 {
		t.Errorf("only %d posts and %d visible answers: the game did not play", posts, len(answers))
	}
	if rj := b.srv.Rejected(); len(rj) != 0 {
		t.Errorf("Discord refused: %v", rj)
	}
	t.Logf("%d posts, %d visible answers checked", posts, len(answers))
}

func enemyOfSide(s engine.Side) engine.Side {
	if s == engine.CSA {
		return engine.USA
	}
	return engine.CSA
}

func embedText(es []*discordgo.MessageEmbed) string {
	var b strings.Builder
	for _, e := range es {
		fmt.Fprintf(&b, " %s %s", e.Title, e.Description)
		for _, f := range e.Fields {
			fmt.Fprintf(&b, " %s %s", f.Name, f.Value)
		}
	}
	return b.String()
}
