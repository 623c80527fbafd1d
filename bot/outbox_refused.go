package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/engine"
)

// The outbox gives up cleanly (issue 23 item 8). A scheduled post that
// Discord refuses for good (the channel was deleted, or the bot may no
// longer see it or send there) would otherwise be retried on every tick
// forever, and once Discord's nonce window had passed each retry would
// create the entry's earlier messages again. Such a message is marked
// failed in the store (so a restart does not try it either), the entry's
// other messages are still posted, the entry is closed once each message
// is posted or failed, and the umpire is told once what was lost and why:
// at the table, or in his own channel when the table is the channel lost.
// Transient errors (5xx, 429) leave the entry pending as before.

// Discord's codes for a channel the bot cannot post to.
const (
	codeUnknownChannel     = 10003 // deleted
	codeMissingAccess      = 50001 // the bot cannot see it
	codeMissingPermissions = 50013 // it may not send there
)

// postRefusal reports whether err is Discord refusing a post for good,
// and its code.
func postRefusal(err error) (int, bool) {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil {
		return 0, false
	}
	switch re.Message.Code {
	case codeUnknownChannel, codeMissingAccess, codeMissingPermissions:
		return re.Message.Code, true
	}
	return 0, false
}

// outboxFailer records a message refused for good (package store).
type outboxFailer interface {
	MarkOutboxFailed(ctx context.Context, id string, i int) error
}

// lostPost is a message of an entry that Discord refused for good.
type lostPost struct {
	index int
	out   Output
	code  int
}

// tellLost tells the umpire, once, which of an entry's messages were
// lost and why. It names the channel's owner and what the message was
// (its kind and step), never its words: the notice may be read at the
// table, and a private channel's message is its owner's.
func (s *Scheduler) tellLost(ctx context.Context, stream, id string, lost []lostPost) {
	r := s.Router
	_, g, err := fold(ctx, r, stream, r.games)
	if err != nil {
		r.log.Error("deadline scheduler: outbox: telling the umpire", "id", id, "err", err)
		return
	}
	table, _ := channelOfStream(stream) // game_streams.go
	to := Audience{Kind: AudiencePublic, Channel: table}
	var lines []string
	for _, l := range lost {
		if l.out.Audience.Channel == table {
			to = Audience{}
			if c, ok := g.Channels.UmpireChannel(); ok {
				to = Audience{Kind: AudienceChannel, Channel: c}
			}
		}
		lines = append(lines, fmt.Sprintf("%s %s: %s was not delivered.", channelOwner(g, table, l.out.Audience.Channel), refusalWords(l.code), lostWhat(l.out, g.Sequence.Step)))
	}
	for _, l := range lost {
		if l.out.Audience.Channel == to.Channel {
			to = Audience{} // his own channel is lost too: the log is all that is left
		}
	}
	r.log.Warn("deadline scheduler: outbox: messages refused for good", "id", id, "lost", strings.Join(lines, " "))
	if to.Channel == "" {
		return
	}
	o := Output{Audience: to, Text: "⚠️ " + strings.Join(lines, "\n")}
	if u := g.Umpire.ID; u != "" {
		o.Text = "<@" + u + "> " + o.Text
		o.Ping = []string{u}
	}
	var perr error
	if np, ok := s.Poster.(NoncePoster); ok {
		perr = np.PostOnce(ctx, o, outboxNonce(id, -1-lost[0].index)) // a retried notice is dropped
	} else {
		perr = s.Poster.Post(ctx, o)
	}
	if perr != nil {
		r.log.Error("deadline scheduler: outbox: telling the umpire", "id", id, "err", perr)
	}
}

// channelOwner names a channel of the game for the umpire.
func channelOwner(g engine.GameState, table, channel string) string {
	if channel == table {
		return "The table channel"
	}
	if c, ok := g.Channels.UmpireChannel(); ok && c == channel {
		return "Your private channel"
	}
	for id, c := range g.Channels.Players {
		if c == channel {
			name := id
			if p := g.Player(id); p != nil && p.Actor.Name != "" {
				name = p.Actor.Name
			}
			return name + "'s private channel"
		}
	}
	return "The channel <#" + channel + ">"
}

// refusalWords says why Discord refused the post.
func refusalWords(code int) string {
	switch code {
	case codeUnknownChannel:
		return "is gone (deleted?)"
	case codeMissingAccess:
		return "is out of my reach (Missing Access: I can no longer see it)"
	case codeMissingPermissions:
		return "does not let me post (Missing Permissions)"
	}
	return fmt.Sprintf("refused the post (Discord code %d)", code)
}

// lostWhat says what a lost message was, from its events (their codes and
// step, never the words); current is the game's step now, for events that
// do not carry theirs (a reminder belongs to the step under way).
func lostWhat(o Output, current string) string {
	what, step := "a scheduled message", ""
	for _, ev := range o.Events {
		switch ev.Type {
		case engine.EventDeadlineReminded:
			what = "the reminder"
		case engine.EventDeadlineMissed, engine.EventDeadlineDefaulted:
			what = "the notice of a missed deadline"
		case engine.EventDeadlineStarted:
			what = "the announcement of the deadline"
		}
		var d struct {
			Step string `json:"step"`
		}
		if step == "" && json.Unmarshal(ev.Data, &d) == nil {
			step = d.Step
		}
	}
	if step == "" && len(o.Events) > 0 {
		step = current
	}
	if step != "" {
		if what == "a scheduled message" {
			return what + " of step " + step
		}
		return what + " for step " + step
	}
	return what
}
