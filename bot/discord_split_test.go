package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

// longText is n lines of numbered filler, each distinct so that order and
// loss show: about 41 characters a line.
func longText(lines int) string {
	var b strings.Builder
	for n := range lines {
		if n > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "line %04d: the corps marches, and marches on", n)
	}
	return b.String()
}

// checkParts fails unless parts are each within limit and, joined by the
// line breaks they were split at, are s again: nothing cut.
func checkParts(t *testing.T, s string, parts []string, limit int) {
	t.Helper()
	for n, p := range parts {
		if c := utf8.RuneCountInString(p); c > limit || c == 0 {
			t.Errorf("part %d has %d characters (limit %d)", n+1, c, limit)
		}
	}
	if got := strings.Join(parts, "\n"); got != s {
		t.Errorf("the parts joined are not the text: %d characters, want %d", len(got), len(s))
	}
}

func TestSplitTextAtLines(t *testing.T) {
	t.Parallel()
	if got := splitText("short", 2000); len(got) != 1 || got[0] != "short" {
		t.Fatalf("a short text: %q", got)
	}
	s := longText(100)[:4100]
	parts := splitText(s, 2000)
	if len(parts) != 3 {
		t.Fatalf("%d parts of a %d-character text, want 3", len(parts), len(s))
	}
	checkParts(t, s, parts, 2000)

	// One line longer than the limit: at a word boundary, no word cut.
	line := strings.Repeat("Longstreet's corps ", 250)
	parts = splitText(line, 2000)
	if len(parts) < 3 {
		t.Fatalf("%d parts of a %d-character line", len(parts), len(line))
	}
	for n, p := range parts {
		if utf8.RuneCountInString(p) > 2000 || !strings.HasPrefix(p, "Longstreet's") {
			t.Errorf("part %d is not whole words within the limit: %q…", n+1, p[:min(len(p), 30)])
		}
	}
	if got := strings.Join(parts, " "); got != line {
		t.Error("the line's parts joined are not the line")
	}
}

func TestSplitTextKeepsCodeBlocks(t *testing.T) {
	t.Parallel()
	s := "The order of battle:\n```text\n" + longText(70) + "\n```\nEnd."
	parts := splitText(s, 2000)
	if len(parts) != 2 {
		t.Fatalf("%d parts, want 2", len(parts))
	}
	for n, p := range parts {
		if utf8.RuneCountInString(p) > 2000 {
			t.Errorf("part %d over the limit", n+1)
		}
		if strings.Count(p, "```")%2 != 0 {
			t.Errorf("part %d leaves a code block open:\n%s", n+1, p)
		}
	}
	if !strings.HasSuffix(parts[0], "\n```") || !strings.HasPrefix(parts[1], "```text\n") {
		t.Errorf("the block is not closed and reopened: ends %q, starts %q", parts[0][len(parts[0])-20:], parts[1][:20])
	}
	// Without the added fences, the text is whole.
	joined := strings.TrimSuffix(parts[0], "\n```") + "\n" + strings.TrimPrefix(parts[1], "```text\n")
	if joined != s {
		t.Error("the parts without their added fences are not the text")
	}
}

// splitBot is the adapter on a session of the fake Discord, without Run:
// the test answers the interactions itself through it.
func splitBot(t *testing.T) (*Discord, *discordtest.Server) {
	t.Helper()
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true, Guilds: []string{"g1"}})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	d := NewDiscord(sess, NewRouter(openStore(t), WithLogger(quietLog())), DiscordOptions{GuildID: "g1", Logger: quietLog()})
	d.ctx = context.Background()
	return d, srv
}

// A 4,100-character answer arrives whole, in three messages in order (the
// answer, then two follow-ups), each within Discord's 2,000 characters.
func TestDiscordLongAnswerInParts(t *testing.T) {
	t.Parallel()
	d, srv := splitBot(t)
	for _, eph := range []bool{false, true} {
		i := srv.SlashCommand(discordtest.SlashCommand{Name: "phase", GuildID: "g1", ChannelID: "c1", UserID: "u7", Username: "jeb"})
		if _, err := srv.DispatchInteraction(i); err != nil {
			t.Fatal(err)
		}
		text := longText(100)[:4100]
		aud := Audience{Kind: AudiencePublic, Channel: "c1"}
		if eph {
			aud = Audience{Kind: AudienceEphemeral, UserID: "u7"}
		}
		d.respond(i, Reply{Outputs: []Output{{Audience: aud, Text: text, Buttons: []Button{{ID: "act:next", Label: "Next", Command: "/phase next"}}}}})
		cbs := srv.Callbacks(i.ID)
		if len(cbs) != 1 || !cbs[0].Accepted {
			t.Fatalf("ephemeral %v: callbacks %+v", eph, cbs)
		}
		parts := []string{cbs[0].Response.Data.Content}
		fups := srv.Followups(i.ID)
		for _, f := range fups {
			if f.Message == nil {
				t.Fatalf("ephemeral %v: a follow-up was refused: %s", eph, f.Request)
			}
			parts = append(parts, f.Message.Content)
			if got := f.Data.Flags&(1<<6) != 0; got != eph {
				t.Errorf("ephemeral answer %v: a follow-up is ephemeral %v", eph, got)
			}
		}
		if len(parts) != 3 {
			t.Fatalf("ephemeral %v: %d messages, want 3", eph, len(parts))
		}
		checkParts(t, text, parts, 2000)
		if len(cbs[0].Response.Data.Components) != 0 || len(fups[1].Data.Components) == 0 {
			t.Errorf("ephemeral %v: the buttons are not under the last part", eph)
		}
	}
}

// A post with a code block longer than a message: two posts, each with the
// block closed and reopened.
func TestDiscordLongPostKeepsCodeBlock(t *testing.T) {
	t.Parallel()
	d, srv := splitBot(t)
	text := "Roll for every corps:\n```\n" + longText(70) + "\n```"
	if err := d.PostOnce(context.Background(), Output{Audience: Audience{Kind: AudienceChannel, Channel: "c9"}, Text: text}, "u0123456789abcdef"); err != nil {
		t.Fatal(err)
	}
	ms := srv.ChannelMessages("c9")
	if len(ms) != 2 {
		t.Fatalf("%d posts, want 2", len(ms))
	}
	for n, m := range ms {
		if m.Message == nil {
			t.Fatalf("post %d refused", n+1)
		}
		c := m.Message.Content
		if utf8.RuneCountInString(c) > 2000 || strings.Count(c, "```") != 2 {
			t.Errorf("post %d (%d characters) is not one whole code block", n+1, utf8.RuneCountInString(c))
		}
	}
	if !strings.HasPrefix(ms[1].Message.Content, "```\nline 00") || !strings.Contains(ms[1].Message.Content, "line 0069") {
		t.Errorf("the second post does not reopen the block and carry the end: %q", ms[1].Message.Content[:20])
	}
}

// The scripted games' long outputs (a public /phase next, a /reorganize
// roll corps:all, /help) go to Discord whole: every part within the limit,
// every code block closed in its part, and nothing lost.
func TestScriptedGamesLongOutputsSplit(t *testing.T) {
	t.Parallel()
	long := 0
	for _, name := range []string{"campaign.script", "lrta.script"} {
		for _, cl := range playScript(t, name).out {
			o := Output{Text: cl.Text}
			if utf8.RuneCountInString(o.Text) <= maxMessageContent {
				continue
			}
			long++
			parts := outputParts(o)
			texts := make([]string, len(parts))
			for n, p := range parts {
				texts[n] = p.Text
				if strings.Count(p.Text, "```")%2 != 0 {
					t.Errorf("%s line %d: part %d leaves a code block open", name, cl.Line, n+1)
				}
			}
			// Every word, in order (a line longer than a message is split
			// at a space, which the parts' break stands for).
			if got, want := strings.Fields(strings.Join(texts, "\n")), strings.Fields(cl.Text); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s line %d (%s): the parts are not the text", name, cl.Line, cl.Input)
			}
			for n, p := range texts {
				if c := utf8.RuneCountInString(p); c > maxMessageContent {
					t.Errorf("%s line %d: part %d has %d characters", name, cl.Line, n+1, c)
				}
			}
			if len(parts) < 2 {
				t.Errorf("%s line %d (%s): %d characters in one message", name, cl.Line, cl.Input, len(o.Text))
			}
		}
	}
	if long == 0 {
		t.Fatal("no output of the scripted games is longer than a message: the test checks nothing")
	}
	t.Logf("%d long outputs split", long)
}

// An embed's description longer than Discord's 4,096 is split the same
// way: the title on the first embed, the fields and footer on the last, the
// buttons under the last.
func TestOutputPartsEmbed(t *testing.T) {
	t.Parallel()
	desc := longText(220) // about 9,700 characters: three embeds
	o := Output{Embed: &Embed{Title: "Order of battle", Description: desc, Fields: []EmbedField{{Name: "Union", Value: "I Corps"}}, Footer: "turn 3"},
		Buttons: []Button{{ID: "act:next", Label: "Next"}}}
	parts := outputParts(o)
	if len(parts) != 3 {
		t.Fatalf("%d parts, want 3", len(parts))
	}
	texts := make([]string, len(parts))
	for n, p := range parts {
		texts[n] = p.Embed.Description
		if p.Text != "" {
			t.Errorf("part %d has a text", n+1)
		}
	}
	checkParts(t, desc, texts, maxEmbedDescription)
	first, last := parts[0], parts[2]
	if first.Embed.Title != "Order of battle" || parts[1].Embed.Title != "" || len(first.Embed.Fields) != 0 || first.Embed.Footer != "" || len(first.Buttons) != 0 {
		t.Errorf("first part: %+v", first.Embed)
	}
	if len(last.Embed.Fields) != 1 || last.Embed.Footer != "turn 3" || len(last.Buttons) != 1 {
		t.Errorf("last part: %+v, buttons %v", last.Embed, last.Buttons)
	}
	if o.Embed.Description != desc {
		t.Error("splitting changed the output it split")
	}
}

// A long secret answer after a public deferral: the deferral is deleted and
// every part goes ephemeral; none lands in the public message or channel.
func TestDiscordLongSecretAfterPublicDeferral(t *testing.T) {
	t.Parallel()
	d, srv := splitBot(t)
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "oob", GuildID: "g1", ChannelID: "c1", UserID: "u7", Username: "jeb"})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	if err := d.session.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	secret := strings.ReplaceAll(longText(100)[:4100], "corps", "secret corps")
	d.followUp(i, Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral, UserID: "u7"}, Text: secret}}}, false)
	fups := srv.Followups(i.ID)
	var parts []string
	for n, f := range fups {
		if f.Message == nil || f.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Errorf("part %d refused or not ephemeral", n+1)
			continue
		}
		parts = append(parts, f.Message.Content)
	}
	if len(parts) < 3 {
		t.Fatalf("%d ephemeral parts, want 3", len(parts))
	}
	checkParts(t, secret, parts, 2000)
	if m := srv.Original(i.ID); m != nil && strings.Contains(m.Content, "secret") {
		t.Errorf("the public deferral shows the secret: %q", m.Content[:40])
	}
	for _, m := range srv.ChannelMessages("c1") {
		if m.Message != nil && strings.Contains(m.Message.Content, "secret") {
			t.Error("a channel post shows the secret")
		}
	}
}
