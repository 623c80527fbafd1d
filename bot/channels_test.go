package bot

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
)

var (
	jebChA     = engine.Actor{ID: "u3", Name: "Jeb Stuart"}
	hancockChA = engine.Actor{ID: "u4", Name: "Hancock"}
)

// chanReq is a game request in the fake Discord's guild.
func chanReq(user engine.Actor, channel, sub string, opts map[string]string) Request {
	req := gameReq(user, sub, opts)
	req.GuildID, req.ChannelID = "g1", channel
	return req
}

// fourCommanders creates a game in channel with two commanders a side,
// through the router (no channels are made before the start).
func fourCommanders(t *testing.T, r *Router, channel string) {
	t.Helper()
	mustOK(t, r, chanReq(umpireA, channel, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "7"}))
	mustOK(t, r, chanReq(leeA, channel, "join", map[string]string{"side": "csa", "command": "1"}))
	mustOK(t, r, chanReq(jebChA, channel, "join", map[string]string{"side": "csa", "command": "Cav,2,Rich"}))
	mustOK(t, r, chanReq(meadeA, channel, "join", map[string]string{"side": "usa", "command": "I"}))
	mustOK(t, r, chanReq(hancockChA, channel, "join", map[string]string{"side": "usa", "command": "II,III,V,VI,XI,XII,Cav"}))
}

// umpireSlash sends a /game subcommand from the umpire through the fake.
func umpireSlash(t *testing.T, b *botUnderTest, channel, sub string, opts ...discordtest.Option) *discordgo.Interaction {
	t.Helper()
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: "game", Subcommand: sub, GuildID: "g1", ChannelID: channel,
		UserID: umpireA.ID, Username: umpireA.Name, Options: opts})
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := b.srv.WaitCallback(waitCtx(t), i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if cbs[0].Response.Data != nil && strings.Contains(cbs[0].Response.Data.Content, "❌") {
		t.Fatalf("/game %s: %s", sub, cbs[0].Response.Data.Content)
	}
	return i
}

// viewers are the members a channel's overwrites let see it (the
// @everyone role, whose id is the guild's, denied).
func viewers(t *testing.T, c *discordgo.Channel) []string {
	t.Helper()
	everyoneDenied := false
	var out []string
	for _, o := range c.PermissionOverwrites {
		switch {
		case o.Type == discordgo.PermissionOverwriteTypeRole && o.ID == c.GuildID:
			everyoneDenied = o.Deny&discordgo.PermissionViewChannel != 0
		case o.Type == discordgo.PermissionOverwriteTypeRole:
			t.Errorf("channel %s admits role %s", c.Name, o.ID)
		case o.Allow&discordgo.PermissionViewChannel != 0:
			out = append(out, o.ID)
		}
	}
	if !everyoneDenied {
		t.Errorf("channel %s does not deny @everyone View Channel: %+v", c.Name, c.PermissionOverwrites)
	}
	sort.Strings(out)
	return out
}

func gameIn(t *testing.T, r *Router, channel string) engine.GameState {
	t.Helper()
	g, err := r.game(context.Background(), Request{GuildID: "g1", ChannelID: channel})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// startWithChannels starts a four-commander game through the fake and
// waits for the welcome in every private channel.
func startWithChannels(t *testing.T, b *botUnderTest, channel string) engine.GameState {
	t.Helper()
	fourCommanders(t, b.router, channel)
	umpireSlash(t, b, channel, "start")
	if _, err := b.srv.WaitChannelMessage(waitCtx(t), channel, 1); err != nil {
		t.Fatal(err)
	}
	g := gameIn(t, b.router, channel)
	if len(g.Channels.Players) != 4 || g.Channels.Category == "" {
		t.Fatalf("channels recorded = %+v; table says %v", g.Channels, msgs(b.srv.ChannelMessages(channel)))
	}
	for _, id := range g.Channels.Players {
		if _, err := b.srv.WaitChannelMessage(waitCtx(t), id, 1); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func msgs(ms []*discordtest.ChannelMessage) []string {
	var out []string
	for _, m := range ms {
		if m.Data != nil {
			out = append(out, m.Data.Content)
		}
	}
	return out
}

func TestDiscordGameChannelsCreatedRecordedDeleted(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, SeededSource{}, DiscordOptions{GuildID: "g1"})
	g := startWithChannels(t, b, "c1")
	bot := b.srv.Options().BotUserID

	all := b.srv.GuildChannels("g1")
	if len(all) != 6 {
		t.Fatalf("guild channels = %d, want a category, 4 commanders' channels and the umpire's", len(all))
	}
	cat := b.srv.GuildChannel(g.Channels.Category)
	if cat == nil || cat.Type != discordgo.ChannelTypeGuildCategory {
		t.Fatalf("category = %+v", cat)
	}
	for _, p := range g.Players {
		id := g.Channels.Players[p.Actor.ID]
		c := b.srv.GuildChannel(id)
		if c == nil || c.ParentID != cat.ID || c.Type != discordgo.ChannelTypeGuildText {
			t.Fatalf("%s's channel = %+v", p.Actor.Name, c)
		}
		want := []string{bot, p.Actor.ID}
		sort.Strings(want)
		if got := viewers(t, c); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s's channel admits %v, want exactly %v", p.Actor.Name, got, want)
		}
		for _, o := range c.PermissionOverwrites {
			if o.Type == discordgo.PermissionOverwriteTypeMember && o.Allow != commanderAllow {
				t.Errorf("%s's channel allows %d to %s, want View, Send, History, Attach", p.Actor.Name, o.Allow, o.ID)
			}
		}
		// The welcome goes to the commander's channel, naming only him.
		ms := msgs(b.srv.ChannelMessages(id))
		if len(ms) != 1 || !strings.Contains(ms[0], "<@"+p.Actor.ID+">") {
			t.Errorf("%s's channel got %q", p.Actor.Name, ms)
		}
		for _, q := range g.Players {
			if q.Actor.ID != p.Actor.ID && strings.Contains(ms[0], q.Actor.ID) {
				t.Errorf("%s's welcome names %s", p.Actor.Name, q.Actor.Name)
			}
		}
	}
	// The umpire's channel (issue 19): the creator and the bot see it, no
	// player; its welcome names no one.
	uc := b.srv.GuildChannel(g.Channels.Umpire)
	if uc == nil || uc.ParentID != cat.ID {
		t.Fatalf("the umpire's channel = %+v", uc)
	}
	want := []string{bot, umpireA.ID}
	sort.Strings(want)
	if got := viewers(t, uc); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("the umpire's channel admits %v, want exactly %v", got, want)
	}
	if _, err := b.srv.WaitChannelMessage(waitCtx(t), uc.ID, 1); err != nil {
		t.Fatal(err)
	}
	if ms := msgs(b.srv.ChannelMessages(uc.ID)); len(ms) != 1 || !strings.Contains(ms[0], "umpire's private channel") || strings.Contains(ms[0], "<@") {
		t.Errorf("the umpire's channel got %q", ms)
	}
	// A player's change the rules cannot check is posted there, and in no
	// commander's channel.
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: "unit", Subcommand: "set", GuildID: "g1", ChannelID: "c1", UserID: leeA.ID, Username: leeA.Name,
		Options: []discordtest.Option{{Name: "unit", Value: "Hood"}, {Name: "field", Value: "fatigue"}, {Name: "value", Value: "2"}}})
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	ums, err := b.srv.WaitChannelMessage(waitCtx(t), uc.ID, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := ums[1].Data.Content; !strings.Contains(got, "📒 #1 turn 1: Lee (CSA) set Hood's fatigue 0 → 2") {
		t.Errorf("the umpire's channel got %q", got)
	}
	for _, p := range g.Players {
		if ms := msgs(b.srv.ChannelMessages(g.Channels.Players[p.Actor.ID])); len(ms) != 1 {
			t.Errorf("%s's channel got %q", p.Actor.Name, ms)
		}
	}
	if table := msgs(b.srv.ChannelMessages("c1")); len(table) != 1 || !strings.Contains(table[0], "📁 Each of the 4 commanders") {
		t.Errorf("table channel got %q", table)
	}

	// A restart (a new router on the same store) keeps the ids, and the
	// router addresses a commander's channel, no one else's.
	r2 := NewRouter(st, WithLogger(quietLog()))
	g2 := gameIn(t, r2, "c1")
	for _, p := range g.Players {
		if id, ok := r2.commanderChannel(g2, p.Actor.ID); !ok || id != g.Channels.Players[p.Actor.ID] {
			t.Errorf("after restart %s's channel = %q, %v", p.Actor.Name, id, ok)
		}
	}
	if _, ok := r2.commanderChannel(g2, umpireA.ID); ok {
		t.Error("the umpire is no commander: no private channel")
	}
	if _, ok := r2.commanderChannel(g2, guestA.ID); ok {
		t.Error("a guest has a commander's channel")
	}

	// A bad channels option is refused before the game ends.
	i = b.srv.SlashCommand(discordtest.SlashCommand{Name: "game", Subcommand: "end", GuildID: "g1", ChannelID: "c1",
		UserID: umpireA.ID, Username: umpireA.Name, Options: []discordtest.Option{{Name: "channels", Value: "burn"}}})
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := b.srv.WaitCallback(waitCtx(t), i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cbs[0].Response.Data.Content, "archive") || gameIn(t, b.router, "c1").Ended != nil {
		t.Fatalf("channels:burn answered %q", cbs[0].Response.Data.Content)
	}

	umpireSlash(t, b, "c1", "end", discordtest.Option{Name: "channels", Value: "delete"})
	if err := b.srv.WaitFor(waitCtx(t), func() bool { return len(b.srv.DeletedChannels()) == 6 }); err != nil {
		t.Fatalf("deleted %d channels: %v", len(b.srv.DeletedChannels()), err)
	}
	if left := b.srv.GuildChannels("g1"); len(left) != 0 {
		t.Errorf("channels left: %d", len(left))
	}
	if err := b.srv.WaitFor(waitCtx(t), func() bool { return gameIn(t, b.router, "c1").Channels.Closed == engine.ChannelsDelete }); err != nil {
		t.Fatalf("closing not recorded: %+v", gameIn(t, b.router, "c1").Channels)
	}
	if _, ok := b.router.commanderChannel(gameIn(t, b.router, "c1"), leeA.ID); ok {
		t.Error("a deleted channel is still addressed")
	}
	if r := b.srv.Rejected(); len(r) != 0 {
		t.Errorf("Discord refused: %v", r)
	}
}

func TestDiscordGameChannelsArchived(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, SeededSource{}, DiscordOptions{GuildID: "g1"})
	g := startWithChannels(t, b, "c2")
	umpireSlash(t, b, "c2", "end") // default: archive
	if _, err := b.srv.WaitChannelMessage(waitCtx(t), "c2", 2); err != nil {
		t.Fatal(err)
	}
	if table := msgs(b.srv.ChannelMessages("c2")); !strings.Contains(table[1], "archived") {
		t.Errorf("table got %q", table)
	}
	if len(b.srv.DeletedChannels()) != 0 || len(b.srv.GuildChannels("g1")) != 6 {
		t.Fatal("archiving deleted channels")
	}
	// The umpire's channel: read-only for its creator.
	for _, o := range b.srv.GuildChannel(g.Channels.Umpire).PermissionOverwrites {
		if o.ID == umpireA.ID && (o.Deny&discordgo.PermissionSendMessages == 0 || o.Allow&discordgo.PermissionViewChannel == 0) {
			t.Errorf("the umpire's archived channel: %+v", o)
		}
	}
	for _, p := range g.Players {
		c := b.srv.GuildChannel(g.Channels.Players[p.Actor.ID])
		found := false
		for _, o := range c.PermissionOverwrites {
			if o.ID != p.Actor.ID {
				continue
			}
			found = true
			if o.Deny&discordgo.PermissionSendMessages == 0 || o.Allow&discordgo.PermissionSendMessages != 0 || o.Allow&discordgo.PermissionViewChannel == 0 {
				t.Errorf("%s's archived channel: %+v, want view allowed and send denied", p.Actor.Name, o)
			}
		}
		if !found {
			t.Errorf("%s lost his channel's overwrite", p.Actor.Name)
		}
		if got := viewers(t, c); len(got) != 2 {
			t.Errorf("archived channel admits %v", got)
		}
	}
	if err := b.srv.WaitFor(waitCtx(t), func() bool { return gameIn(t, b.router, "c2").Channels.Closed == engine.ChannelsArchive }); err != nil {
		t.Fatal(err)
	}
	if r := b.srv.Rejected(); len(r) != 0 {
		t.Errorf("Discord refused: %v", r)
	}
}

func TestDiscordGameChannelsMissingPermission(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, SeededSource{}, DiscordOptions{GuildID: "g1"})
	b.srv.Handle("POST /api/v9/guilds/{guild}/channels", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		_, _ = w.Write([]byte(`{"message": "Missing Permissions", "code": 50013}`))
	})
	fourCommanders(t, b.router, "c3")
	umpireSlash(t, b, "c3", "start")
	ms, err := b.srv.WaitChannelMessage(waitCtx(t), "c3", 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := ms[0].Data.Content; !strings.Contains(got, "**Manage Channels**") {
		t.Errorf("missing permission message = %q", got)
	}
	g := gameIn(t, b.router, "c3")
	if !g.Started || g.Channels.Category != "" {
		t.Errorf("started %v, channels %+v", g.Started, g.Channels)
	}
}

func TestDiscordGameThreadsWhenGuildFull(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, SeededSource{}, DiscordOptions{GuildID: "g1"})
	b.srv.AddGuildChannels("g1", "", 496) // a category and 4 channels would make 501
	fourCommanders(t, b.router, "c5")
	umpireSlash(t, b, "c5", "start")
	ms, err := b.srv.WaitChannelMessage(waitCtx(t), "c5", 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := ms[0].Data.Content; !strings.Contains(got, "🧵") || !strings.Contains(got, "limit of 500") || !strings.Contains(got, "496 channels") {
		t.Errorf("full guild message = %q", got)
	}
	if n := len(b.srv.GuildChannels("g1")); n != 496 {
		t.Errorf("guild has %d channels, want 496 (no channel made)", n)
	}
	g := gameIn(t, b.router, "c5")
	if !g.Channels.Threads || g.Channels.Category != "c5" || len(g.Channels.Players) != 4 {
		t.Fatalf("channels %+v", g.Channels)
	}
	threads := b.srv.Threads("c5")
	if len(threads) != 5 {
		t.Fatalf("threads = %d, want 4 commanders' and the umpire's", len(threads))
	}
	if m := b.srv.ThreadMembers(g.Channels.Umpire); len(m) != 1 || m[0] != umpireA.ID {
		t.Errorf("the umpire's thread has members %v", m)
	}
	for _, p := range g.Players {
		id := g.Channels.Players[p.Actor.ID]
		th := b.srv.GuildChannel(id)
		if th == nil || th.Type != discordgo.ChannelTypeGuildPrivateThread || th.ParentID != "c5" || th.ThreadMetadata.Invitable {
			t.Fatalf("%s's thread = %+v", p.Actor.Name, th)
		}
		if m := b.srv.ThreadMembers(id); len(m) != 1 || m[0] != p.Actor.ID {
			t.Errorf("%s's thread has members %v", p.Actor.Name, m)
		}
		if _, err := b.srv.WaitChannelMessage(waitCtx(t), id, 1); err != nil {
			t.Fatal(err)
		}
		if ms := msgs(b.srv.ChannelMessages(id)); !strings.Contains(ms[0], "<@"+p.Actor.ID+">") {
			t.Errorf("%s's thread got %q", p.Actor.Name, ms)
		}
	}

	umpireSlash(t, b, "c5", "channels", discordtest.Option{Name: "close", Value: "archive"})
	if err := b.srv.WaitFor(waitCtx(t), func() bool { return gameIn(t, b.router, "c5").Channels.Closed == engine.ChannelsArchive }); err != nil {
		t.Fatal(err)
	}
	for _, id := range g.Channels.Players {
		if th := b.srv.GuildChannel(id); !th.ThreadMetadata.Archived || !th.ThreadMetadata.Locked {
			t.Errorf("thread %s not archived and locked: %+v", id, th.ThreadMetadata)
		}
	}
	umpireSlash(t, b, "c5", "end", discordtest.Option{Name: "channels", Value: "delete"})
	if err := b.srv.WaitFor(waitCtx(t), func() bool { return len(b.srv.DeletedChannels()) == 5 }); err != nil {
		t.Fatalf("deleted %d: %v", len(b.srv.DeletedChannels()), err)
	}
	for _, c := range b.srv.DeletedChannels() {
		if !c.IsThread() {
			t.Errorf("deleted %s, not a thread", c.Name)
		}
	}
	if len(b.srv.GuildChannels("g1")) != 496 {
		t.Error("deleting the threads touched other channels")
	}
	if r := b.srv.Rejected(); len(r) != 0 {
		t.Errorf("Discord refused: %v", r)
	}
}

func TestDiscordGameChannelsRetryAfterRefusal(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, SeededSource{}, DiscordOptions{GuildID: "g1"})
	b.srv.Handle("POST /api/v9/channels/{channel}/threads", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		_, _ = w.Write([]byte(`{"message": "Missing Permissions", "code": 50013}`))
	})
	fillers := b.srv.AddGuildChannels("g1", "", 496)
	fourCommanders(t, b.router, "c4")
	umpireSlash(t, b, "c4", "start")
	ms, err := b.srv.WaitChannelMessage(waitCtx(t), "c4", 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := ms[0].Data.Content; !strings.Contains(got, "limit of 500") || !strings.Contains(got, "**Create Private Threads**") {
		t.Errorf("full guild, threads refused: %q", got)
	}
	if g := gameIn(t, b.router, "c4"); !g.Started || g.Channels.Category != "" || len(b.srv.GuildChannels("g1")) != 496 {
		t.Errorf("channels %+v", g.Channels)
	}

	// Someone clears two channels; the umpire makes them with /game
	// channels (a category, 4 commanders' channels and the umpire's).
	sess, err := b.srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fillers[:2] {
		if _, err := sess.ChannelDelete(f); err != nil {
			t.Fatal(err)
		}
	}
	umpireSlash(t, b, "c4", "channels")
	if _, err := b.srv.WaitChannelMessage(waitCtx(t), "c4", 2); err != nil {
		t.Fatal(err)
	}
	g := gameIn(t, b.router, "c4")
	if len(g.Channels.Players) != 4 || g.Channels.Threads || len(b.srv.GuildChannels("g1")) != 500 {
		t.Fatalf("after /game channels: %+v, %d guild channels", g.Channels, len(b.srv.GuildChannels("g1")))
	}
	// A second time is refused; a player may not; close:delete removes them.
	for _, who := range []engine.Actor{umpireA, leeA} {
		i := b.srv.SlashCommand(discordtest.SlashCommand{Name: "game", Subcommand: "channels", GuildID: "g1", ChannelID: "c4", UserID: who.ID, Username: who.Name})
		if _, err := b.srv.DispatchInteraction(i); err != nil {
			t.Fatal(err)
		}
		cbs, err := b.srv.WaitCallback(waitCtx(t), i.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		if c := cbs[0].Response.Data.Content; !strings.Contains(c, "already") && !strings.Contains(c, "Only the umpire") {
			t.Errorf("%s: /game channels again answered %q", who.Name, c)
		}
	}
	umpireSlash(t, b, "c4", "channels", discordtest.Option{Name: "close", Value: "delete"})
	if err := b.srv.WaitFor(waitCtx(t), func() bool { return len(b.srv.DeletedChannels()) == 8 }); err != nil {
		t.Fatalf("deleted %d: %v", len(b.srv.DeletedChannels()), err)
	}
	if len(b.srv.GuildChannels("g1")) != 494 {
		t.Errorf("%d channels left", len(b.srv.GuildChannels("g1")))
	}
}

// The console has no channels: /game start there records none, and
// /game end's channels option is accepted and ignored.
func TestConsoleGameHasNoChannels(t *testing.T) {
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"seed": "3"})
	mustOK(t, r, gameReq(umpireA, "end", map[string]string{"channels": "delete"}))
	g, err := r.game(context.Background(), gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	if g.Channels.Category != "" {
		t.Errorf("console game has channels %+v", g.Channels)
	}
	if _, ok := r.commanderChannel(g, leeA.ID); ok {
		t.Error("console commander has a channel")
	}
}

func TestChannelsFailedNamesThePermission(t *testing.T) {
	perm := &discordgo.RESTError{Message: &discordgo.APIErrorMessage{Code: discordgo.ErrCodeMissingPermissions, Message: "Missing Permissions"}}
	got := channelsFailed("create Lee's private channel", perm, "Manage Channels", "Manage Roles")
	if !strings.Contains(got, "create Lee's private channel") || !strings.Contains(got, "**Manage Channels** and **Manage Roles**") {
		t.Errorf("50013 = %q", got)
	}
	other := &discordgo.RESTError{Message: &discordgo.APIErrorMessage{Code: 50035, Message: "Invalid Form Body"}}
	if got := channelsFailed("lock it", other, "Manage Roles"); strings.Contains(got, "Manage Roles") {
		t.Errorf("another refusal blames a permission: %q", got)
	}
	if n := channelName(engine.Player{Side: engine.CSA, Actor: engine.Actor{Name: "J.E.B. Stuart!"}}); n != "csa-j-e-b-stuart" {
		t.Errorf("channel name = %q", n)
	}
}

// A game whose channels were made before the umpire's channel existed
// gets it from /game channels: in its category, admitting the creator and
// the bot only, recorded, welcomed; a second /game channels is refused.
func TestDiscordGameChannelsAddsTheUmpiresChannelToAnOlderGame(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, SeededSource{}, DiscordOptions{GuildID: "g1"})
	fourCommanders(t, b.router, "c1")
	mustOK(t, b.router, chanReq(umpireA, "c1", "start", nil)) // through the router: no channels made
	// The channels as an older release made them: a category and one
	// channel a commander, no umpire's channel.
	other, err := b.srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := other.GuildChannelCreateComplex("g1", discordgo.GuildChannelCreateData{Name: "older game", Type: discordgo.ChannelTypeGuildCategory})
	if err != nil {
		t.Fatal(err)
	}
	g := gameIn(t, b.router, "c1")
	ids := b.srv.AddGuildChannels("g1", cat.ID, len(g.Players))
	players := map[string]string{}
	for i, p := range g.Players {
		players[p.Actor.ID] = ids[i]
	}
	if err := b.router.recordChannels(context.Background(), chanReq(umpireA, "c1", "channels", nil), cat.ID, players, false, ""); err != nil {
		t.Fatal(err)
	}

	umpireSlash(t, b, "c1", "channels")
	if _, err := b.srv.WaitChannelMessage(waitCtx(t), "c1", 1); err != nil {
		t.Fatal(err)
	}
	g = gameIn(t, b.router, "c1")
	uc := b.srv.GuildChannel(g.Channels.Umpire)
	if uc == nil || uc.ParentID != cat.ID || len(g.Channels.Players) != len(players) {
		t.Fatalf("the umpire's channel = %+v; recorded %+v", uc, g.Channels)
	}
	want := []string{b.srv.Options().BotUserID, umpireA.ID}
	sort.Strings(want)
	if got := viewers(t, uc); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("the umpire's channel admits %v, want exactly %v", got, want)
	}
	if _, err := b.srv.WaitChannelMessage(waitCtx(t), uc.ID, 1); err != nil {
		t.Fatal(err)
	}
	if ms := msgs(b.srv.ChannelMessages(uc.ID)); len(ms) != 1 || !strings.Contains(ms[0], "umpire's private channel") {
		t.Errorf("the umpire's channel got %q", ms)
	}
	if out := b.router.Handle(context.Background(), chanReq(umpireA, "c1", "channels", nil)).first(); out.Error == nil || out.Error.Code != "channels.exist" {
		t.Errorf("a second /game channels: %+v", out)
	}
}
