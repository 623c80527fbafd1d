package bot

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
)

const commandChart = `chart: test.command
cells:
  "1 or less": [0, 1, 1]
  "2-3": [1, 1, 2]
  "4-5": [1, 2, 3]
  "6 or more": [2, 3, 4]
`

func chartReq(sub string, opts map[string]string) Request {
	return Request{GuildID: "g1", ChannelID: "c1", User: engine.Actor{ID: "u", Name: "Lee"}, Command: "chart", Path: []string{sub}, Options: opts, Manager: true}
}

func TestChartSlotLifecycle(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithLibrary(testLibrary()), WithDice(ScriptedSource(4, 6, 1)))

	// An empty slot names the chart to load and its shape; no dice are spent.
	out := r.Handle(ctx, chartReq("roll", map[string]string{"name": "test.command", "column": "2"})).first()
	if out.Error == nil || out.Error.Code != "chart.empty" || !strings.Contains(out.Text, "/chart load name:test.command") ||
		!strings.Contains(out.Text, `"2-3"`) {
		t.Fatalf("empty slot: %+v", out)
	}

	bad := []struct {
		data string
		says string
	}{
		{strings.Replace(commandChart, "  \"2-3\": [1, 1, 2]\n", "", 1), `row "2-3" is missing`},
		{strings.Replace(commandChart, "[1, 1, 2]", "[1, 1]", 1), `row "2-3" has 2 cells; it needs 3`},
		{strings.Replace(commandChart, "[1, 1, 2]", "[1, x, 2]", 1), `"x" is not a whole number of command points`},
		{strings.Replace(commandChart, "2-3", "2 to 3", 1), `it has no row "2 to 3"`},
		{strings.Replace(commandChart, "test.command", "test.other", 1), `for the chart "test.other"`},
		{"chart: [", "not valid"},
	}
	for _, b := range bad {
		out := r.Handle(ctx, chartReq("load", map[string]string{"name": "test.command", "data": b.data})).first()
		if out.Error == nil || !strings.Contains(out.Text, b.says) {
			t.Errorf("load %q: %s, want %q", b.says, out.Text, b.says)
		}
	}
	notManager := chartReq("load", map[string]string{"name": "test.command", "data": commandChart})
	notManager.Manager = false
	if out := r.Handle(ctx, notManager).first(); out.Error == nil || out.Error.Code != "chart.permission" {
		t.Fatalf("a player loaded a chart: %+v", out)
	}
	if _, _, err := st.Load(ctx, "charts:g1", 0); err == nil {
		t.Fatal("a refused load recorded something")
	}

	out = r.Handle(ctx, chartReq("load", map[string]string{"name": "test.command", "data": commandChart})).first()
	if out.Error != nil || len(out.Events) != 1 || out.Events[0].Type != "chart.loaded" {
		t.Fatalf("load: %+v", out)
	}
	out = r.Handle(ctx, chartReq("show", map[string]string{"name": "test.command"})).first()
	if out.Embed == nil || !strings.Contains(out.Embed.Description, "6 or more | 2 | 3 | 4") {
		t.Fatalf("show: %+v", out)
	}

	out = r.Handle(ctx, chartReq("roll", map[string]string{"name": "test.command", "column": "3"})).first()
	if !strings.Contains(out.Text, "Roll #1") || !strings.Contains(out.Text, "1d6: [4]") || !strings.Contains(out.Text, "Row 4-5: **3**") {
		t.Errorf("roll: %s", out.Text)
	}
	out = r.Handle(ctx, chartReq("roll", map[string]string{"name": "test.command", "column": "1", "modifier": "2", "why": "army leader"})).first()
	if !strings.Contains(out.Text, "[6] +2 (army leader) → 8") || strings.Contains(out.Text, "off the chart") || !strings.Contains(out.Text, "Row 6 or more: **2**") {
		t.Errorf("clamped roll: %s", out.Text)
	}
	out = r.Handle(ctx, chartReq("roll", map[string]string{"name": "test.command", "column": "9"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "Its columns: 1, 2, 3") {
		t.Errorf("bad column: %+v", out)
	}
}

func TestConsoleLoadsAChartFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cp.yaml")
	if err := os.WriteFile(path, []byte(commandChart), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &Console{Router: NewRouter(openStore(t), WithLibrary(testLibrary())), User: "umpire", Guild: "console", Channel: "console"}
	req, err := c.Parse("/chart load name:test.command file:" + path)
	if err != nil {
		t.Fatal(err)
	}
	if string(req.Attachments["file"]) != commandChart || !req.Manager {
		t.Fatalf("request = %+v", req)
	}
	if out := c.Router.Handle(context.Background(), req).first(); out.Error != nil {
		t.Fatalf("load: %s", out.Text)
	}
	if _, err := c.Parse("/chart load name:test.command file:/no/such/file"); err == nil || !strings.Contains(err.Error(), "Cannot read") {
		t.Fatalf("missing file: %v", err)
	}
}

func TestDiscordChartLoadFromAttachment(t *testing.T) {
	t.Parallel()
	fetched := ""
	fetch := func(_ context.Context, url string) ([]byte, error) {
		fetched = url
		if url != "https://cdn.discordapp.com/attachments/1/2/cp.yaml" {
			return nil, errors.New("unexpected URL")
		}
		return []byte(commandChart), nil
	}
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	st := openStore(t)
	d := NewDiscord(sess, NewRouter(st, WithLibrary(testLibrary()), WithLogger(quietLog())), DiscordOptions{GuildID: "g1", Logger: quietLog(), Fetch: fetch})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	defer func() { cancel(); <-done }()
	wctx := waitCtx(t)
	if _, err := srv.WaitCommands(wctx, "g1"); err != nil {
		t.Fatal(err)
	}
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "chart", Subcommand: "load", GuildID: "g1",
		Options: []discordtest.Option{{Name: "name", Value: "test.command"}, {Name: "file", Value: "att1", Type: discordgo.ApplicationCommandOptionAttachment}}})
	data := i.Data.(discordgo.ApplicationCommandInteractionData)
	data.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Attachments: map[string]*discordgo.MessageAttachment{
		"att1": {ID: "att1", Filename: "cp.yaml", URL: "https://cdn.discordapp.com/attachments/1/2/cp.yaml", Size: len(commandChart)}}}
	i.Data = data
	i.Member.Permissions = discordgo.PermissionManageGuild
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := srv.WaitCallback(wctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := cbs[0].Response.Data.Content; !strings.Contains(got, "Loaded your copy of Command Points") || fetched == "" {
		t.Fatalf("load answered %q (fetched %q)", got, fetched)
	}
	if s, _, err := st.Load(context.Background(), "charts:g1", 0); err != nil || s.Version != 1 {
		t.Fatalf("charts stream: %+v %v", s, err)
	}
}

func TestFetchAttachmentOnlyFromDiscord(t *testing.T) {
	f := fetchAttachment(nil)
	for _, u := range []string{"http://cdn.discordapp.com/x", "https://example.com/x", "https://127.0.0.1/x", "file:///etc/passwd"} {
		if _, err := f(context.Background(), u); err == nil || !strings.Contains(err.Error(), "not on Discord's attachment hosts") {
			t.Errorf("fetch %s: %v", u, err)
		}
	}
}
