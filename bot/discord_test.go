package bot

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/store"
)

type botUnderTest struct {
	srv    *discordtest.Server
	store  *store.Store
	router *Router
	stop   context.CancelFunc
	done   chan error
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// startBot runs the real Discord adapter, with the real discordgo session,
// against the fake Discord, and waits until its commands are registered.
func startBot(t *testing.T, st Store, dice DiceSource, o DiscordOptions) *botUnderTest {
	t.Helper()
	// Discord's own heartbeat interval (the fake's default, 41 s): discordgo
	// sends a heartbeat on connecting, and the next long after any test, so
	// its heartbeat goroutine never declares the connection dead or runs
	// its loop while the session closes. Either made it reconnect, reading
	// ShouldReconnectOnError without a lock while the shutdown writes it (a
	// data race in discordgo): short intervals (100, then 400 ms) still
	// raced on a loaded 2-CPU machine under -race (docs/discord-rest.md).
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true, Guilds: []string{"g1"}})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	router := NewRouter(st, WithDice(dice), WithLogger(quietLog()))
	if o.Logger == nil {
		o.Logger = quietLog()
	}
	d := NewDiscord(sess, router, o)
	ctx, cancel := context.WithCancel(context.Background())
	b := &botUnderTest{srv: srv, router: router, stop: cancel, done: make(chan error, 1)}
	if s, ok := st.(*store.Store); ok {
		b.store = s
	}
	go func() { b.done <- d.Run(ctx) }()
	wctx, wcancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer wcancel()
	if _, err := srv.WaitCommands(wctx, o.GuildID); err != nil {
		t.Fatalf("commands never registered: %v", err)
	}
	t.Cleanup(func() { b.shutdown(t) })
	return b
}

func (b *botUnderTest) shutdown(t *testing.T) {
	b.stop()
	select {
	case err := <-b.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Error("Run did not return after cancel")
	}
}

func (b *botUnderTest) roll(t *testing.T, expr string) *discordgo.Interaction {
	t.Helper()
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: "roll", GuildID: "g1", ChannelID: "c1", UserID: "u7", Username: "jeb",
		Options: []discordtest.Option{{Name: "dice", Value: expr}}})
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	return i
}

func waitCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestDiscordConnectRegisterRollRedeliverResume(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	var logs syncBuffer
	b := startBot(t, st, ScriptedSource(4, 6, 3, 2), DiscordOptions{GuildID: "g1", Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	ctx := waitCtx(t)
	defer func() {
		// A redelivery and a dropped socket are normal: no error lines.
		if out := logs.String(); strings.Contains(out, `"level":"ERROR"`) {
			t.Errorf("errors logged:\n%s", out)
		}
	}()

	ids := b.srv.Identifies()
	if len(ids) != 1 || ids[0].Intents != discordgo.IntentsGuilds {
		t.Fatalf("identifies = %+v, want one with the Guilds intent only", ids)
	}
	var names []string
	for _, c := range b.srv.Commands("g1") {
		names = append(names, c.Name)
	}
	sort.Strings(names)
	var want []string
	for _, c := range b.router.Commands() {
		want = append(want, c.Name)
	}
	if strings.Join(names, ",") != strings.Join(want, ",") || len(names) < 5 {
		t.Errorf("guild commands = %v, want %v", names, want)
	}
	if len(b.srv.Commands("")) != 0 {
		t.Error("commands were registered globally too")
	}

	// A roll is answered through the interaction callback.
	i := b.roll(t, "2d6+1")
	cbs, err := b.srv.WaitCallback(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	first := cbs[0]
	if !first.Accepted || first.Response.Type != discordgo.InteractionResponseChannelMessageWithSource {
		t.Fatalf("callback = %+v", first.Response)
	}
	text := first.Response.Data.Content
	if !strings.Contains(text, "Roll #1 · jeb rolls 2d6+1: [4 6] +1 = **11**") || first.Response.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Fatalf("roll answered %q (flags %d)", text, first.Response.Data.Flags)
	}

	// Discord delivers the same interaction again: the same roll, nothing new recorded.
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err = b.srv.WaitCallback(ctx, i.ID, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := cbs[1].Response.Data.Content; got != text {
		t.Fatalf("redelivery answered %q, first %q", got, text)
	}
	if s, recs, _ := st.Load(ctx, "channel:c1", 0); s.Version != 1 || len(recs) != 1 {
		t.Fatalf("after redelivery: version %d, %d events", s.Version, len(recs))
	}

	// The socket drops: the bot resumes its session and keeps serving.
	if err := b.srv.WaitHeartbeats(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if err := b.srv.DropConnection(); err != nil {
		t.Fatal(err)
	}
	res, err := b.srv.WaitResume(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].SessionID != ids[0].SessionID {
		t.Errorf("resumed session %q, identified %q", res[0].SessionID, ids[0].SessionID)
	}
	j := b.roll(t, "d6")
	cbs, err = b.srv.WaitCallback(ctx, j.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := cbs[0].Response.Data.Content; !strings.Contains(got, "Roll #2") || !strings.Contains(got, "[3]") {
		t.Fatalf("after resume: %q", got)
	}
	if n := len(b.srv.Identifies()); n != 1 {
		t.Errorf("%d identifies: the bot should resume, not identify again", n)
	}
	if u := b.srv.Unhandled(); len(u) != 0 {
		t.Errorf("unexpected REST calls: %v", u)
	}
}

// The umpire saved a roll and died before answering; Discord delivers the
// interaction again to the restarted bot, which answers with the saved roll.
func TestDiscordRedeliveryAfterCrashAnswersTheSavedRoll(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, ScriptedSource(5), DiscordOptions{GuildID: "g1"})
	ctx := waitCtx(t)
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: "roll", GuildID: "g1", ChannelID: "c1", UserID: "u7", Username: "jeb",
		Options: []discordtest.Option{{Name: "dice", Value: "d6"}}})
	before := NewRouter(st, WithDice(ScriptedSource(2)), WithLogger(quietLog())).Handle(ctx, RequestFromInteraction(i))
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := b.srv.WaitCallback(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := cbs[0].Response.Data.Content; !cbs[0].Accepted || got != before.first().Text || !strings.Contains(got, "[2]") {
		t.Fatalf("answered %q, saved %q", got, before.first().Text)
	}
	if s, _, _ := st.Load(ctx, "channel:c1", 0); s.Version != 1 {
		t.Fatalf("version %d after redelivery, want 1", s.Version)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type slowStore struct {
	*store.Store
	delay time.Duration
}

func (s slowStore) Load(ctx context.Context, id string, after int64) (store.Stream, []store.Record, error) {
	time.Sleep(s.delay)
	return s.Store.Load(ctx, id, after)
}

func TestDiscordDefersSlowCommands(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, slowStore{st, 600 * time.Millisecond}, ScriptedSource(6), DiscordOptions{GuildID: "g1", DeferAfter: 100 * time.Millisecond})
	ctx := waitCtx(t)

	i := b.roll(t, "d6+2")
	edits, err := b.srv.WaitEdit(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	cbs := b.srv.Callbacks(i.ID)
	if len(cbs) != 1 || cbs[0].Response.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("callbacks = %+v, want one deferral", cbs)
	}
	if cbs[0].Time.Sub(edits[0].Time) >= 0 {
		t.Error("the deferral came after the edit")
	}
	if got := *edits[0].Data.Content; !strings.Contains(got, "Roll #1") || !strings.Contains(got, "[6] +2 = **8**") {
		t.Fatalf("edited to %q", got)
	}

	// A refused command after a public deferral: the error must not land
	// in the channel, so the placeholder goes and the error is ephemeral.
	j := b.roll(t, "2d0")
	fus, err := b.srv.WaitFollowup(ctx, j.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if fus[0].Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(fus[0].Data.Content, "d0") {
		t.Fatalf("follow-up = %+v", fus[0].Data)
	}
	if len(b.srv.Edits(j.ID)) != 0 {
		t.Error("the error was edited into the public message")
	}
	deleted := false
	for _, r := range b.srv.Requests() {
		if r.Method == "DELETE" && strings.HasSuffix(r.Path, "/messages/@original") && strings.Contains(r.Path, j.Token) {
			deleted = true
		}
	}
	if !deleted {
		t.Error("the public placeholder was not deleted")
	}
}

func TestDiscordRegistersGloballyWithoutAGuild(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), ScriptedSource(), DiscordOptions{})
	if n := len(b.srv.Commands("")); n != len(b.router.Commands()) {
		t.Fatalf("%d global commands, want %d", n, len(b.router.Commands()))
	}
	if n := len(b.srv.Commands("g1")); n != 0 {
		t.Fatalf("%d guild commands, want none", n)
	}
}

// Commands are registered for guilds only (issue 23, item 7): Discord does
// not offer them in a DM, where /game new made a game no one could join.
// The fake delivers no DM interaction of such a command, as Discord.
func TestDiscordCommandsOnlyInGuilds(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, ScriptedSource(), DiscordOptions{})
	cmds := b.srv.Commands("")
	if len(cmds) == 0 {
		t.Fatal("no commands registered")
	}
	for _, c := range cmds {
		if c.Contexts == nil || len(*c.Contexts) != 1 || (*c.Contexts)[0] != discordgo.InteractionContextGuild {
			t.Errorf("/%s contexts = %v, want the guild only", c.Name, c.Contexts)
		}
	}
	dm := b.srv.SlashCommand(discordtest.SlashCommand{Name: "game", Subcommand: "new", UserID: "u7", Username: "jeb",
		Options: []discordtest.Option{{Name: "scenario", Value: "lrtg-high-tide"}}})
	if _, err := b.srv.DispatchInteraction(dm); !errors.Is(err, discordtest.ErrCommandContext) {
		t.Fatalf("/game new in a DM: %v, want it not offered", err)
	}
	if cbs := b.srv.Callbacks(dm.ID); len(cbs) != 0 {
		t.Errorf("a DM command was answered: %+v", cbs)
	}
	i := b.roll(t, "2d6")
	if _, err := b.srv.WaitCallback(waitCtx(t), i.ID, 1); err != nil {
		t.Errorf("a guild command: %v", err)
	}
}

func TestDiscordHelpIsEphemeral(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), ScriptedSource(), DiscordOptions{GuildID: "g1"})
	ctx := waitCtx(t)
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: "help", GuildID: "g1"})
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := b.srv.WaitCallback(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := cbs[0].Response.Data
	if d.Flags&discordgo.MessageFlagsEphemeral == 0 || len(d.Embeds) != 1 || !strings.Contains(d.Embeds[0].Description, "/roll") || len(d.Embeds[0].Description) > 4096 {
		t.Fatalf("help = %+v", d)
	}
}

// With the default settings, a command that takes longer than two seconds
// is deferred in time for Discord's three-second limit (the fake enforces
// it), then completed by an edit.
func TestDiscordDefaultDeferBeatsTheAckDeadline(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, slowStore{st, 2500 * time.Millisecond}, ScriptedSource(1), DiscordOptions{GuildID: "g1"})
	ctx := waitCtx(t)
	i := b.roll(t, "d6")
	edits, err := b.srv.WaitEdit(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	cbs := b.srv.Callbacks(i.ID)
	if len(cbs) != 1 || !cbs[0].Accepted || cbs[0].Response.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("callbacks = %+v, want one accepted deferral", cbs)
	}
	if got := *edits[0].Data.Content; !strings.Contains(got, "Roll #1") {
		t.Fatalf("edited to %q", got)
	}
}

// A reply's later outputs: a post to another channel, and a secret output
// for the actor (the umpire's record of a step), sent as an ephemeral
// follow-up of the interaction.
func TestDiscordSendsTheActorsSecretOutputs(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), ScriptedSource(), DiscordOptions{GuildID: "g1"})
	ctx := waitCtx(t)
	b.router.commands["twice"] = &Command{Name: "twice", Description: "test", Handle: func(_ context.Context, _ *Router, req Request) (Reply, error) {
		return Reply{Outputs: []Output{
			{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: "for everyone", Events: []EventView{}},
			{Audience: Audience{Kind: AudienceEphemeral}, Text: "for the umpire only", Events: []EventView{}},
			{Audience: Audience{Kind: AudienceChannel, Channel: "c-private"}, Text: "for the private channel", Events: []EventView{}},
		}}, nil
	}}
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: "twice", GuildID: "g1"})
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := b.srv.WaitCallback(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if d := cbs[0].Response.Data; d.Content != "for everyone" || d.Flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Fatalf("first = %+v", d)
	}
	fus, err := b.srv.WaitFollowup(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if fus[0].Data.Content != "for the umpire only" || fus[0].Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("follow-up = %+v", fus[0].Data)
	}
	ms, err := b.srv.WaitChannelMessage(ctx, "c-private", 1)
	if err != nil || len(ms) != 1 || !strings.Contains(ms[0].Message.Content, "for the private channel") {
		t.Fatalf("private channel = %+v (%v)", ms, err)
	}
}
