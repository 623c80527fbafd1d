package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
)

// slashIn sends a slash command from a user in a channel through the fake
// and returns the answer's content and flags once it is final (a deferred
// answer after its edit; a deleted one as ephemeral).
func slashIn(t *testing.T, b *botUnderTest, user engine.Actor, channel, name, sub string, opts ...discordtest.Option) (string, discordgo.MessageFlags) {
	t.Helper()
	out := slashAll(t, b, user, channel, name, sub, opts...)
	return out[0].text, out[0].flags
}

// shown is one message an interaction showed: its answer or a follow-up.
type shown struct {
	text  string
	flags discordgo.MessageFlags
}

func slashAll(t *testing.T, b *botUnderTest, user engine.Actor, channel, name, sub string, opts ...discordtest.Option) []shown {
	t.Helper()
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: name, Subcommand: sub, GuildID: "g1", ChannelID: channel,
		UserID: user.ID, Username: user.Name, Options: opts})
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := b.srv.WaitCallback(waitCtx(t), i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	resp := cbs[0].Response
	if resp != nil && resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		if err := b.srv.WaitFor(waitCtx(t), func() bool { return len(b.srv.Edits(i.ID)) > 0 || len(b.srv.Followups(i.ID)) > 0 }); err != nil {
			t.Fatal(err)
		}
	}
	var out []shown
	switch m := b.srv.Original(i.ID); {
	case m != nil:
		out = append(out, shown{m.Content + embedText(m.Embeds), m.Flags})
	case resp != nil && resp.Data != nil:
		out = append(out, shown{resp.Data.Content + embedText(resp.Data.Embeds), resp.Data.Flags})
	default:
		out = append(out, shown{"", discordgo.MessageFlagsEphemeral}) // deleted: the answer went ephemeral
	}
	for _, f := range b.srv.Followups(i.ID) {
		if f.Data != nil {
			out = append(out, shown{f.Data.Content + embedText(f.Data.Embeds), f.Data.Flags})
		}
	}
	return out
}

// A commander plays from his private channel: the commands act on the
// table's game as him; what only reads is answered there; what is done is
// told at the table too; the link survives a restart.
func TestDiscordCommanderChannelPlaysTheGame(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	b := startBot(t, st, SeededSource{}, DiscordOptions{GuildID: "g1"})
	g := startWithChannels(t, b, "c7")
	leeCh := g.Channels.Players[leeA.ID]
	table := len(b.srv.ChannelMessages("c7"))

	text, flags := slashIn(t, b, leeA, leeCh, "game", "status")
	if !strings.Contains(text, "lrtg-high-tide") || flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Errorf("/game status in Lee's channel: %q (flags %v), want the game's status, in his channel", text, flags)
	}
	if n := len(b.srv.ChannelMessages("c7")); n != table {
		t.Errorf("a read in Lee's channel posted %d messages at the table", n-table)
	}

	rolls := gameIn(t, b.router, "c7").Rolls
	text, _ = slashIn(t, b, leeA, leeCh, "roll", "", discordtest.Option{Name: "dice", Value: "2d6"})
	if !strings.Contains(text, "2d6") {
		t.Errorf("/roll in Lee's channel: %q", text)
	}
	if got := gameIn(t, b.router, "c7").Rolls; got != rolls+1 {
		t.Errorf("the roll is not the game's: rolls %d -> %d", rolls, got)
	}
	ms, err := b.srv.WaitChannelMessage(waitCtx(t), "c7", table+1)
	if err != nil {
		t.Fatal(err)
	}
	if last := ms[len(ms)-1].Data.Content; !strings.Contains(last, "2d6") {
		t.Errorf("the table is told %q, want Lee's roll", last)
	}
	// Nothing of it reached another commander's channel.
	for id, ch := range g.Channels.Players {
		if id != leeA.ID && len(b.srv.ChannelMessages(ch)) != 1 {
			t.Errorf("%s's channel got %v", id, msgs(b.srv.ChannelMessages(ch)))
		}
	}

	// A new router over the same store finds the link.
	r2 := NewRouter(st, WithLogger(quietLog()))
	if l, ok := r2.linkOf(context.Background(), leeCh); !ok || l.Table != "c7" || l.Owner != leeA.ID {
		t.Errorf("after a restart the link is %+v, %v", l, ok)
	}
	if _, ok := r2.linkOf(context.Background(), "c7"); ok {
		t.Error("the table is linked to something")
	}
	if r := b.srv.Rejected(); len(r) != 0 {
		t.Errorf("Discord refused: %v", r)
	}
}

func TestShapeForOrigin(t *testing.T) {
	done := []EventView{{Type: "unit.moved"}}
	rep := Reply{Outputs: []Output{
		{Audience: Audience{Kind: AudiencePublic, Channel: "table"}, Text: "moved", Events: done},
		{Audience: Audience{Kind: AudienceEphemeral, UserID: "lee"}, Text: "secret"},
		{Audience: Audience{Kind: AudiencePublic, Channel: "table"}, Text: "read"},
		{Audience: Audience{Kind: AudiencePublic, Channel: "table"}, Text: "also done", Events: done},
		{Audience: Audience{Kind: AudienceChannel, Channel: "jeb"}, Text: "for Jeb"},
	}}
	type want struct{ kind, channel, text string }
	check := func(from origin, ws []want) {
		t.Helper()
		got := shapeForOrigin(rep, from).Outputs
		if len(got) != len(ws) {
			t.Fatalf("outputs %+v", got)
		}
		for i, w := range ws {
			if got[i].Audience.Kind != w.kind || got[i].Audience.Channel != w.channel || got[i].Text != w.text {
				t.Errorf("output %d = %+v %q, want %v", i, got[i].Audience, got[i].Text, w)
			}
		}
	}
	// Lee in his own channel: his secret is posted there.
	check(origin{Channel: "mine", Table: "table", Actor: "lee", Own: true}, []want{
		{AudiencePublic, "table", "moved"}, // the interaction's answer, in "mine"
		{AudienceChannel, "mine", "secret"},
		{AudienceChannel, "mine", "read"},
		{AudiencePublic, "table", "also done"},
		{AudienceChannel, "jeb", "for Jeb"},
		{AudienceChannel, "table", "moved"},
	})
	// The umpire in Lee's channel: a secret for the umpire stays ephemeral.
	check(origin{Channel: "mine", Table: "table", Actor: "ump"}, []want{
		{AudiencePublic, "table", "moved"},
		{AudienceEphemeral, "", "secret"},
		{AudienceChannel, "mine", "read"},
		{AudiencePublic, "table", "also done"},
		{AudienceChannel, "jeb", "for Jeb"},
		{AudienceChannel, "table", "moved"},
	})
	if same := shapeForOrigin(rep, origin{}); len(same.Outputs) != 5 || same.Outputs[1].Audience.Kind != AudienceEphemeral {
		t.Errorf("a request from the table is reshaped: %+v", same.Outputs)
	}
}
