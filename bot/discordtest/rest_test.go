package discordtest_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

func TestCommandsBulkOverwrite(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	app := srv.Options().ApplicationID
	guildCmds := []*discordgo.ApplicationCommand{
		{Name: "roll", Description: "Roll dice", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "dice", Description: "e.g. 2d6", Required: true, MaxLength: 50},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "secret", Description: "only you see it"},
		}},
		{Name: "game", Description: "Manage games", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Start a game", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "turns", Description: "Turn limit"},
			}},
		}},
	}
	got, err := sess.ApplicationCommandBulkOverwrite(app, guildID, guildCmds)
	if err != nil {
		t.Fatalf("guild overwrite: %v", err)
	}
	if len(got) != 2 || got[0].ID == "" || got[1].ID == "" || got[0].ID == got[1].ID || got[0].ApplicationID != app ||
		got[0].GuildID != guildID || got[0].Type != discordgo.ChatApplicationCommand || len(got[1].Options[0].Options) != 1 {
		t.Fatalf("guild overwrite returned %+v", got)
	}
	global, err := sess.ApplicationCommandBulkOverwrite(app, "", []*discordgo.ApplicationCommand{{Name: "help", Description: "Show help"}})
	if err != nil {
		t.Fatalf("global overwrite: %v", err)
	}
	if len(global) != 1 || global[0].GuildID != "" || global[0].Name != "help" {
		t.Fatalf("global overwrite returned %+v", global)
	}

	stored, err := srv.WaitCommands(ctx, guildID)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != 2 || stored[0].Name != "roll" || stored[0].ID != got[0].ID || !stored[0].Options[0].Required {
		t.Errorf("Commands(guild) = %+v", stored)
	}
	if g := srv.Commands(""); len(g) != 1 || g[0].ID != global[0].ID {
		t.Errorf("Commands(\"\") = %+v", g)
	}
	listed, err := sess.ApplicationCommands(app, guildID)
	if err != nil || len(listed) != 2 || listed[1].Name != "game" {
		t.Errorf("ApplicationCommands = %+v, %v", listed, err)
	}

	// Overwriting again keeps the id of a command with the same name.
	again, err := sess.ApplicationCommandBulkOverwrite(app, guildID, guildCmds[:1])
	if err != nil || len(again) != 1 || again[0].ID != got[0].ID {
		t.Errorf("second overwrite = %+v, %v; want roll kept as %s", again, err, got[0].ID)
	}
	if n := len(srv.Commands(guildID)); n != 1 {
		t.Errorf("commands after second overwrite = %d", n)
	}

	// A slash command of a registered command carries its id.
	if i := srv.SlashCommand(discordtest.SlashCommand{Name: "roll", GuildID: guildID}); i.ApplicationCommandData().ID != got[0].ID {
		t.Errorf("interaction command id = %s, want %s", i.ApplicationCommandData().ID, got[0].ID)
	}

	// Discord's validation.
	bad := map[string][]*discordgo.ApplicationCommand{
		"upper-case name":     {{Name: "Roll", Description: "x"}},
		"space in name":       {{Name: "new game", Description: "x"}},
		"no description":      {{Name: "roll"}},
		"duplicate":           {{Name: "a", Description: "x"}, {Name: "a", Description: "y"}},
		"required after opt":  {{Name: "a", Description: "x", Options: []*discordgo.ApplicationCommandOption{{Type: 3, Name: "o", Description: "d"}, {Type: 3, Name: "r", Description: "d", Required: true}}}},
		"option without desc": {{Name: "a", Description: "x", Options: []*discordgo.ApplicationCommandOption{{Type: 3, Name: "o"}}}},
		"mixed subcommands":   {{Name: "a", Description: "x", Options: []*discordgo.ApplicationCommandOption{{Type: 1, Name: "s", Description: "d"}, {Type: 3, Name: "o", Description: "d"}}}},
		"max_length too big":  {{Name: "a", Description: "x", Options: []*discordgo.ApplicationCommandOption{{Type: 3, Name: "o", Description: "d", MaxLength: 7000}}}},
		"unknown context":     {{Name: "a", Description: "x", Contexts: &[]discordgo.InteractionContextType{0, 3}}},
	}
	for name, cmds := range bad {
		_, err := sess.ApplicationCommandBulkOverwrite(app, guildID, cmds)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		wantRESTError(t, err, 400, 50035)
	}
	if n := len(srv.Commands(guildID)); n != 1 {
		t.Errorf("refused overwrites changed the commands: %d", n)
	}
	_, err = sess.ApplicationCommandBulkOverwrite("999", "", nil)
	wantRESTError(t, err, 403, 50001)
	noUnhandled(t, srv)
}

func TestChannelMessagesWithFiles(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	const ch = "600000000000000006"
	m, err := sess.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Content: "The board",
		Embeds:  []*discordgo.MessageEmbed{{Title: "Turn 4"}},
		Files: []*discordgo.File{
			{Name: "board.png", ContentType: "image/png", Reader: strings.NewReader("png-bytes")},
			{Name: `odd "name".txt`, Reader: strings.NewReader("log")},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.ID == "" || m.ChannelID != ch || m.Content != "The board" || m.Author == nil || m.Author.ID != discordtest.DefaultBotUserID ||
		len(m.Attachments) != 2 || m.Attachments[0].Filename != "board.png" || len(m.Embeds) != 1 {
		t.Errorf("sent message = %+v", m)
	}
	msgs, err := srv.WaitChannelMessage(ctx, ch, 1)
	if err != nil {
		t.Fatal(err)
	}
	cm := msgs[0]
	if cm.Data == nil || cm.Data.Content != "The board" || len(cm.Data.Embeds) != 1 || cm.Data.Embeds[0].Title != "Turn 4" || cm.Message.ID != m.ID {
		t.Errorf("recorded message = %+v", cm.Data)
	}
	if len(cm.Files) != 2 || cm.Files[0].Name != "board.png" || cm.Files[0].ContentType != "image/png" || string(cm.Files[0].Data) != "png-bytes" ||
		cm.Files[1].Name != `odd "name".txt` || cm.Files[1].ContentType != "application/octet-stream" || string(cm.Files[1].Data) != "log" {
		t.Errorf("recorded files = %+v", cm.Files)
	}

	plain, err := sess.ChannelMessageSend(ch, "hello")
	if err != nil {
		t.Fatal(err)
	}
	if msgs := srv.ChannelMessages(ch); len(msgs) != 2 || msgs[1].Data.Content != "hello" || msgs[1].ContentType != "application/json" || string(msgs[1].JSON) == "" {
		t.Errorf("second message = %+v", msgs)
	}
	edited, err := sess.ChannelMessageEdit(ch, plain.ID, "hello again")
	if err != nil || edited.Content != "hello again" || edited.ID != plain.ID {
		t.Errorf("edit = %+v, %v", edited, err)
	}
	if es := srv.ChannelMessageEdits(ch); len(es) != 1 || es[0].MessageID != plain.ID || *es[0].Data.Content != "hello again" {
		t.Errorf("edits = %+v", es)
	}
	if got := srv.Message(plain.ID); got.Content != "hello again" {
		t.Errorf("Message() = %+v", got)
	}

	// Discord's rules: no empty message, at most 2000 characters.
	_, err = sess.ChannelMessageSend(ch, "")
	wantRESTError(t, err, 400, 50006)
	_, err = sess.ChannelMessageSend(ch, strings.Repeat("é", 2001))
	wantRESTError(t, err, 400, 50035)
	if _, err := sess.ChannelMessageSend(ch, strings.Repeat("é", 2000)); err != nil {
		t.Errorf("2000 characters refused: %v", err)
	}
	_, err = sess.ChannelMessageEdit(ch, "1", "x")
	wantRESTError(t, err, 404, 10008)

	// DM channels.
	dm, err := sess.UserChannelCreate("42")
	if err != nil || dm.ID != srv.DMChannel("42") || dm.Type != discordgo.ChannelTypeDM {
		t.Errorf("UserChannelCreate = %+v, %v", dm, err)
	}
	noUnhandled(t, srv)
}

func TestUnhandledAndAuthorization(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{Token: "s3cret"})
	sess, err := srv.NewSession("s3cret")
	if err != nil {
		t.Fatal(err)
	}
	_, err = sess.GuildRoles("500000000000000005")
	wantRESTError(t, err, 404, 0)
	un := srv.Unhandled()
	if len(un) != 1 || un[0].Method != "GET" || un[0].Path != "/api/v9/guilds/500000000000000005/roles" || un[0].Status != 404 || un[0].Route != "" {
		t.Fatalf("Unhandled() = %v", un)
	}

	wrong, err := srv.NewSession("wrong-token")
	if err != nil {
		t.Fatal(err)
	}
	_, err = wrong.ChannelMessageSend("1", "hi")
	wantRESTError(t, err, 401, 0)
	reqs := srv.Requests()
	last := reqs[len(reqs)-1]
	if !last.HasAuthorization || last.Authorized || last.Header.Get("Authorization") != "" || last.Status != 401 {
		t.Errorf("unauthorized request recorded as %+v", last)
	}
	if msgs := srv.ChannelMessages("1"); len(msgs) != 0 {
		t.Errorf("unauthorized message recorded: %v", msgs)
	}
	// Without the "Bot " prefix Discord refuses a bot token.
	noPrefix, err := discordgo.New("s3cret")
	if err != nil {
		t.Fatal(err)
	}
	noPrefix.Client = &http.Client{Transport: srv.Transport()}
	_, err = noPrefix.ChannelMessageSend("1", "hi")
	wantRESTError(t, err, 401, 0)

	if u, err := sess.User("@me"); err != nil || u.ID != discordtest.DefaultBotUserID {
		t.Errorf("User(@me) = %+v, %v", u, err)
	}
	if gb, err := sess.GatewayBot(); err != nil || gb.Shards != 1 || gb.SessionStartLimit.Remaining == 0 || !strings.HasPrefix(gb.URL, "ws://127.0.0.1:") {
		t.Errorf("GatewayBot = %+v, %v", gb, err)
	}
}

func TestCustomRoute(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	srv.Handle("GET /api/v9/guilds/{guild}/members/{user}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"user":{"id":"` + r.PathValue("user") + `","username":"bob"},"nick":"Bobby","roles":[]}`))
	})
	sess, err := srv.NewSession("any-token-will-do") // no Options.Token: any token is accepted
	if err != nil {
		t.Fatal(err)
	}
	m, err := sess.GuildMember("5", "77")
	if err != nil || m.User.ID != "77" || m.Nick != "Bobby" {
		t.Fatalf("GuildMember = %+v, %v", m, err)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 || reqs[0].Route != "custom GET /api/v9/guilds/{guild}/members/{user}" || reqs[0].Status != 200 || reqs[0].Unhandled {
		t.Errorf("requests = %v", reqs)
	}
}

func TestTransportStaysLocal(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	c := &http.Client{Transport: srv.Transport(), Timeout: 5 * time.Second}
	for _, u := range []string{"https://example.com/", "http://discord.com/api/v9/gateway", "https://cdn.discordapp.com/x.png"} {
		if resp, err := c.Get(u); err == nil {
			resp.Body.Close()
			t.Errorf("GET %s went through", u)
		}
	}
	resp, err := c.Get("https://discord.com/api/v9/gateway")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Remaining") != "1" {
		t.Errorf("gateway: %d, headers %v", resp.StatusCode, resp.Header)
	}
	if !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") {
		t.Errorf("URL() = %s, want loopback", srv.URL())
	}
}

func TestWaitsEndWithContext(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := srv.WaitCallback(ctx, "1", 1)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Errorf("WaitCallback = %v after %v", err, time.Since(start))
	}
	if _, err := srv.WaitChannelMessage(ctx, "1", 1); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("WaitChannelMessage = %v", err)
	}
}

// Discord refuses content over 2,000 characters (counted as characters, not
// bytes): the fake must too, or a bot that sends longer ones passes here
// and fails in a guild.
func TestMessageContentLimit(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	_, err = sess.ChannelMessageSend("c1", strings.Repeat("x", 2001))
	wantRESTError(t, err, 400, 50035)
	if _, err := sess.ChannelMessageSend("c1", strings.Repeat("é", 2000)); err != nil {
		t.Errorf("2,000 two-byte characters refused: %v", err)
	}
	if _, err := sess.ChannelMessageSendComplex("c1", &discordgo.MessageSend{Content: strings.Repeat("x", 2001)}); err == nil {
		t.Error("a complex message of 2,001 characters accepted")
	}
}
