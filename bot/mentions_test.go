package bot

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
)

// pingsOf lists every message the fake received with whom it notifies.
func pingsOf(srv *discordtest.Server) []*discordtest.Mentions {
	var out []*discordtest.Mentions
	for _, r := range srv.Requests() {
		if r.Mentions != nil {
			out = append(out, r.Mentions)
		}
	}
	return out
}

// What players type reaches public messages as typed, and pings no one:
// a roll's for:, a dispatch, the umpire's reason. Every message the bot
// sends says so (allowed_mentions with nothing parsed and no one listed).
func TestDiscordTypedMentionsPingNoOne(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), SeededSource{}, DiscordOptions{GuildID: "g1"})
	const typed = "@everyone @here <@&123> <@456> <@!457>"

	roll, cb := slash(t, b, discordtest.SlashCommand{Name: "roll", ChannelID: "c0", UserID: "777", Username: "jeb",
		Options: []discordtest.Option{{Name: "dice", Value: "1d6"}, {Name: "for", Value: typed}}})
	if !cb.Accepted || cb.Response.Data == nil || !strings.Contains(cb.Response.Data.Content, typed) {
		t.Fatalf("the roll (%s) answered %+v: want its for: shown as typed", roll.ID, cb.Response)
	}

	cpCommsGame(t, b.router, "c1")
	_, cb = slash(t, b, discordtest.SlashCommand{Name: "dispatch", Subcommand: "send", ChannelID: "c1", UserID: leeA.ID, Username: leeA.Name,
		Options: []discordtest.Option{{Name: "to", Value: "Pete"}, {Name: "text", Value: "Hold the road " + typed}}})
	ephemeralWith(t, "the dispatch", cb, "sealed")
	slash(t, b, discordtest.SlashCommand{Name: "dispatch", Subcommand: "close", ChannelID: "c1", UserID: umpireA.ID, Username: umpireA.Name,
		Options: []discordtest.Option{{Name: "reason", Value: "time is up " + typed}}})
	slash(t, b, discordtest.SlashCommand{Name: "dispatch", Subcommand: "inbox", ChannelID: "c1", UserID: peteA.ID, Username: peteA.Name})
	slash(t, b, discordtest.SlashCommand{Name: "dispatch", Subcommand: "log", ChannelID: "c1", UserID: umpireA.ID, Username: umpireA.Name})
	// A name is typed too: a player called @everyone joins a game.
	slash(t, b, discordtest.SlashCommand{Name: "game", Subcommand: "new", ChannelID: "c2", UserID: "778", Username: "@everyone <@&123>",
		Options: []discordtest.Option{{Name: "scenario", Value: "lrtg-high-tide"}}})

	ms := pingsOf(b.srv)
	if len(ms) < 4 {
		t.Fatalf("%d messages recorded", len(ms))
	}
	shown := 0
	for _, m := range ms {
		if strings.Contains(m.Content, "<@&123>") {
			shown++
		}
		if m.Allowed == nil || len(m.Allowed.Parse) != 0 || len(m.Allowed.Users) != 0 || len(m.Allowed.Roles) != 0 {
			t.Errorf("%q: allowed_mentions %+v, want parse [] and no one", m.Content, m.Allowed)
		}
		if m.Pings() {
			t.Errorf("%q pings %+v", m.Content, m)
		}
	}
	if shown < 3 {
		for _, m := range ms {
			t.Logf("%q", m.Content)
		}
		t.Errorf("the typed mentions were shown in %d messages, want the roll's, the dispatch's in the umpire's log and the new game's umpire's name", shown)
	}
}

// A reminder pings exactly the players the game waits for, at the table
// and in the step's announcement; the scheduler's posts go through the
// outbox with an enforced nonce, and carry allowed_mentions all the same.
func TestDiscordRemindersPingThoseTheGameWaitsFor(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	c := newTestClock()
	r := NewRouter(st, WithLogger(quietLog()), WithClock(c.now))
	ump := engine.Actor{ID: "100", Name: "Umpire"}
	lee := engine.Actor{ID: "101", Name: "Lee"}
	meade := engine.Actor{ID: "102", Name: "Meade"}
	req := func(u engine.Actor, command, sub string, opts map[string]string) Request {
		if opts == nil {
			opts = map[string]string{}
		}
		return Request{GuildID: "g", ChannelID: "war", User: u, Command: command, Path: []string{sub}, Options: opts}
	}
	mustOK(t, r, req(ump, "game", "new", map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, req(lee, "game", "join", map[string]string{"side": "csa"}))
	mustOK(t, r, req(meade, "game", "join", map[string]string{"side": "usa"}))
	mustOK(t, r, req(ump, "game", "start", nil))
	for i := 0; ; i++ {
		if g, _ := r.game(context.Background(), req(ump, "game", "status", nil)); g.CurrentStep() == "1e" {
			break
		}
		if i == 40 {
			t.Fatal("the game never reached 1e")
		}
		mustOK(t, r, req(ump, "phase", "next", nil))
	}
	mustOK(t, r, req(ump, "deadline", "set", map[string]string{"default": "48h"}))

	srv, d := runDiscord(t, r)
	s := &Scheduler{Router: r, Poster: d, Now: c.now}
	if err := s.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: lee, Command: "declare", Options: map[string]string{"posture": "passive"}}) // Lee no longer owes
	c.advance(25 * time.Hour)
	if err := s.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	var wait, remind *discordtest.Mentions
	for _, m := range pingsOf(srv) {
		switch {
		case strings.Contains(m.Content, "⏳ Step 1e"):
			wait = m
		case strings.Contains(m.Content, "⏰ Reminder"):
			if remind != nil {
				t.Errorf("a second reminder: %q", m.Content)
			}
			remind = m
		}
		if m.Allowed == nil || len(m.Allowed.Parse) != 0 || len(m.Allowed.Roles) != 0 {
			t.Errorf("%q: allowed_mentions %+v", m.Content, m.Allowed)
		}
	}
	if wait == nil || !slices.Equal(wait.Allowed.Users, []string{"101", "102"}) || !slices.Equal(wait.Users, []string{"101", "102"}) || wait.Everyone {
		t.Errorf("the step's wait: %+v, want Lee and Meade pinged", wait)
	}
	if remind == nil || !slices.Equal(remind.Allowed.Users, []string{"102"}) || !slices.Equal(remind.Users, []string{"102"}) {
		t.Errorf("the reminder: %+v, want Meade alone pinged", remind)
	}
}

// The console shows what was typed as typed: it pings no one, and
// escaping there would only garble the text.
func TestConsolePrintsMentionsUnchanged(t *testing.T) {
	const typed = "@everyone @here <@&123> <@456>"
	var out strings.Builder
	c := &Console{Router: NewRouter(openStore(t), WithDice(ScriptedSource(4))), In: strings.NewReader("/roll dice:1d6 for:" + typed + "\n"), Out: &out, User: "meade", Guild: "g", Channel: "t"}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), typed) {
		t.Errorf("console printed %q, want %q unchanged", out.String(), typed)
	}
}

// A commander's private channel opens with a welcome that notifies him,
// and no one else.
func TestCommanderWelcomePingsHimOnly(t *testing.T) {
	o := commanderWelcome("101", "900", "800")
	am := channelMessage(o, false).AllowedMentions
	if am == nil || len(am.Parse) != 0 || len(am.Users) != 1 || am.Users[0] != "101" || len(am.Roles) != 0 {
		t.Fatalf("allowed mentions = %+v, want user 101 only", am)
	}
	if !strings.Contains(o.Text, "<@101>") || o.Audience.Channel != "900" {
		t.Fatalf("welcome = %+v", o)
	}
}
