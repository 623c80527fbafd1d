package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// gameRollReq is rollReq in the channel "war" of the game's server "g"
// (game_test.go's games).
func gameRollReq(id, expr string) Request {
	req := rollReq(id, "war", expr)
	req.GuildID = "g"
	return req
}

// azRefusedElsewhere fails unless out is the refusal of a request from
// another server than the game's, saying what would be right.
func azRefusedElsewhere(t *testing.T, what string, out Output) {
	t.Helper()
	if out.Error == nil || out.Error.Code != "game.guild" || out.Error.Kind != "illegal" || out.Audience.Kind != AudienceEphemeral ||
		!strings.Contains(out.Text, "This game belongs to another server") || !strings.Contains(out.Text, "its own server's channels") {
		t.Fatalf("%s: %+v", what, out)
	}
}

// A request that names a game's channel from another server (or from a
// direct message) is refused where the game is read, before anything is
// read or recorded; the game's own server is unaffected.
func TestAuthzOtherServerIsRefused(t *testing.T) {
	ctx := context.Background()
	st := newAZStore()
	r := azRouter(st)
	azSetupLRTG(nil)(t, r, func(string) {})
	at := func(guild, id string, u engine.Actor, line string) Request {
		req := azParse(t, r, line)
		req.GuildID, req.InteractionID, req.User = guild, id, u
		return req
	}
	before, appends := fmt.Sprint(st.versions()), st.appends
	for i, line := range []string{"/game status", "/roll dice:2d6", "/move units:Early to:SS4533", "/phase next", "/game end reason:x",
		"/game new scenario:lrtg-high-tide", "/table roll table:lrtg.beauregard", "/map at:Culpeper"} {
		// The game's own umpire and commander, from another server.
		for _, u := range []engine.Actor{umpireA, leeA} {
			req := at("elsewhere", fmt.Sprintf("x%d-%s", i, u.ID), u, line)
			req.Manager = true
			azRefusedElsewhere(t, line, r.Handle(ctx, req).first())
		}
	}
	// A direct message (no server, but an interaction of Discord's).
	out := r.Handle(ctx, at("", "dm1", leeA, "/game status")).first()
	azRefusedElsewhere(t, "a direct message", out)
	if !strings.Contains(out.Text, "not to a direct message") {
		t.Errorf("a direct message: %s", out.Text)
	}
	if st.appends != appends || fmt.Sprint(st.versions()) != before {
		t.Fatalf("refusals recorded: %d appends, %v -> %v", st.appends-appends, before, st.versions())
	}
	// The game's server: the same commands work.
	mustOK(t, r, at("g", "ok1", leeA, "/move units:Early to:SS4533"))
	mustOK(t, r, at("g", "ok2", guestA, "/roll dice:2d6"))
	// A request built inside the process (no server, no interaction: the
	// tests' and tools') names its game by channel alone.
	mustOK(t, r, at("", "", leeA, "/game status"))
	// Another server's channel without a game is its own business.
	other := at("elsewhere", "new1", guestA, "/game new scenario:lrtg-high-tide")
	other.ChannelID = "elsewhere-table"
	mustOK(t, r, other)

	// A commander's private channel linked to the table: a request from
	// another server naming it reaches the table's game, and is refused.
	if err := r.recordLinks(ctx, "g", "war", map[string]string{leeA.ID: "lee-hq"}); err != nil {
		t.Fatal(err)
	}
	req := at("elsewhere", "link1", leeA, "/move units:Early to:SS4534")
	req.ChannelID = "lee-hq"
	r.linkRequest(ctx, &req)
	azRefusedElsewhere(t, "a linked channel", r.Handle(ctx, req).first())
}

// Buttons and forms carry their game's channel in their custom ids: one
// clicked or submitted from another server is refused as another
// server's, one from another channel of the same server as another
// channel's; nothing is recorded either way.
func TestAuthzComponentsFromElsewhere(t *testing.T) {
	ctx := context.Background()
	f := azBuild(t, azFixtures["lrtg"])
	f.restore(t, "4a")
	azDo(t, f.r, "/action rolls reason:test") // the opening's restrictions lifted: the initiative is rolled
	f.st.appends = 0
	g, err := f.r.game(ctx, Request{GuildID: "g", ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	if !pendingDecision(g) {
		t.Fatalf("no decision under way: %+v", lrtg.Of(g).Actions)
	}
	pass := actionRoute{channel: "war", key: decisionKey(g), verb: "pass"}.id()
	press := func(guild, channel, id string) Output {
		return f.r.Press(ctx, Request{InteractionID: id, GuildID: guild, ChannelID: channel, User: leeA}, pass).first()
	}
	azRefusedElsewhere(t, "a click from another server", press("elsewhere", "war", "c1"))
	if out := press("g", "mess-hall", "c2"); out.Error == nil || out.Error.Code != "component.channel" {
		t.Fatalf("a click from another channel: %+v", out)
	}
	form := f.r.SubmitForm(ctx, Request{InteractionID: "c3", GuildID: "elsewhere", ChannelID: "war", User: leeA},
		dispatchFormPrefix+"war/"+longstreetA.ID, map[string]string{"text": "orders"}).first()
	azRefusedElsewhere(t, "a form from another server", form)
	if f.st.appends != 0 {
		t.Fatalf("refused components recorded %d appends", f.st.appends)
	}
	if out := press("g", "war", "c4"); out.Error != nil {
		t.Fatalf("the click at the table: %s", out.Text)
	}

	// LITN's combat option buttons.
	l := azBuild(t, azFixtures["litn"])
	l.restore(t, "supplied")
	lg, err := l.r.game(ctx, Request{GuildID: "g", ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	id := fmt.Sprintf("%swar/%d.1625.csa/%s", litnOptionPrefix, lg.Turn, litn.OptionCode(litn.Assault))
	opt := func(guild, rid string) Output {
		return l.r.Press(ctx, Request{InteractionID: rid, GuildID: guild, ChannelID: "war", User: leeA}, id).first()
	}
	azRefusedElsewhere(t, "a LITN option from another server", opt("elsewhere", "o1"))
	if l.st.appends != 0 {
		t.Fatalf("a refused option recorded %d appends", l.st.appends)
	}
	if out := opt("g", "o2"); out.Error != nil {
		t.Fatalf("the option at the table: %s", out.Text)
	}
}

// Through the fake Discord: a slash command naming the game's channel from
// another server, and a click on the decision's button from another
// server, are answered with the refusal to the user alone, and change
// nothing; the same click from the game's server works.
func TestDiscordRefusesAnotherServersGame(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), ScriptedSource(5, 2, 5, 2, 5, 2), DiscordOptions{GuildID: "g1"})
	cpFourCommanders(t, b.router, "c1", nil)
	umpireSlash(t, b, "c1", "start")
	g := gameIn(t, b.router, "c1")
	leeCh := g.Channels.Players[leeA.ID]
	lastMessage(t, b, leeCh, 1) // the welcome, before the decision
	cpStepTo(t, b.router, "c1", "4a")
	_, cb := slash(t, b, discordtest.SlashCommand{Name: "action", Subcommand: "rolls", ChannelID: "c1", UserID: umpireA.ID, Username: umpireA.Name,
		Options: []discordtest.Option{{Name: "reason", Value: "test"}}})
	if !strings.Contains(cb.Response.Data.Content, "initiative") {
		t.Fatalf("/action rolls: %q", cb.Response.Data.Content)
	}
	dec := lastMessage(t, b, leeCh, 2)
	bs := buttonLabels(b, dec.Message.ID)
	if bs["Pass"] == nil {
		t.Fatalf("Lee's buttons: %v", bs)
	}
	before := lrtg.Of(gameIn(t, b.router, "c1")).Actions

	// /game end from another server, in the game's channel, by its umpire.
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: "game", Subcommand: "end", GuildID: "g2", ChannelID: "c1", UserID: umpireA.ID, Username: umpireA.Name})
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	ephemeralWith(t, "/game end from another server", answered(t, b, i), "This game belongs to another server", "its own server's channels")

	// Lee's Pass, clicked from another server.
	ci, err := b.srv.ClickButton(discordtest.Component{MessageID: dec.Message.ID, CustomID: bs["Pass"].CustomID, GuildID: "g2", UserID: leeA.ID, Username: leeA.Name})
	if err != nil {
		t.Fatal(err)
	}
	ephemeralWith(t, "a click from another server", answered(t, b, ci), "This game belongs to another server")
	after := gameIn(t, b.router, "c1")
	if after.Ended != nil || fmt.Sprint(lrtg.Of(after).Actions) != fmt.Sprint(before) {
		t.Fatalf("refusals changed the game: ended %v, actions %+v -> %+v", after.Ended, before, lrtg.Of(after).Actions)
	}
	if bs := buttonLabels(b, dec.Message.ID); bs["Pass"].Disabled {
		t.Fatal("a refused click spent the buttons")
	}
	// From the game's server, it passes.
	cb = click(t, b, dec.Message.ID, bs["Pass"].CustomID, leeA)
	if cb.Response.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("Lee's pass: %+v", cb.Response)
	}
	if a := lrtg.Of(gameIn(t, b.router, "c1")).Actions; len(a.Passed) != 1 {
		t.Fatalf("the pass was not recorded: %+v", a)
	}
}
