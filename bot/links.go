package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/umpire-games/umpire/store"
)

// A commander plays from his private channel (issue 8: "/map, /game status
// and every other output in a commander's channel show that commander's
// view"). When a game's channels are recorded, each private channel is
// linked to the game's table in a stream of its own ("link:<channel>",
// one record), so the link survives a restart. A command given in a
// linked channel acts on the table's game, as its owner; its reply is
// shaped for the place it was asked (shapeForOrigin):
//
//   - a public output that records something done (it carries events: a
//     move, a roll, a declaration) is the table's to see: it is posted at
//     the table as well as answering in the private channel;
//   - a public output that only reads the game (no events: /map, /game
//     status, /oob) is answered in the private channel alone, built for
//     the commander who asked;
//   - a secret output (ephemeral, or for a given channel) is unchanged.
//
// The console is one terminal and has no channels.

const (
	linkStreamPrefix = "link:"
	kindLink         = "link"
	eventLinked      = "channel.linked"
)

// channelLink is where a private channel's commands go.
type channelLink struct {
	Table string `json:"table"` // the game's table channel
	Owner string `json:"owner"` // the commander whose channel it is
}

// linkCache remembers links (and channels that have none).
type linkCache struct {
	mu sync.Mutex
	m  map[string]*channelLink // nil value: no link
}

func (c *linkCache) get(ch string) (*channelLink, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	l, ok := c.m[ch]
	return l, ok
}

func (c *linkCache) put(ch string, l *channelLink) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*channelLink{}
	}
	c.m[ch] = l
}

// recordLinks links each commander's channel (player id -> channel id) to
// the table. A link already recorded is kept.
func (r *Router) recordLinks(ctx context.Context, guild, table string, players map[string]string) error {
	for owner, ch := range players {
		if ch == "" || ch == table {
			continue
		}
		if l, ok := r.linkOf(ctx, ch); ok && l.Table == table && l.Owner == owner {
			continue
		}
		if err := r.appendLink(ctx, guild, ch, channelLink{Table: table, Owner: owner}); err != nil {
			return fmt.Errorf("linking channel %s to %s: %w", ch, table, err)
		}
		r.links.put(ch, &channelLink{Table: table, Owner: owner})
	}
	return nil
}

// appendLink records a channel's link with the version guard. A stale
// append (another process linked the channel meanwhile) is tried again on
// the new version, unless that process recorded this very link.
func (r *Router) appendLink(ctx context.Context, guild, ch string, l channelLink) error {
	data, err := json.Marshal(l)
	if err != nil {
		return err
	}
	for attempt := 1; ; attempt++ {
		st, recs, err := r.store.Load(ctx, linkStreamPrefix+ch, 0)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if attempt > 1 && len(recs) > 0 {
			var last channelLink
			if json.Unmarshal(recs[len(recs)-1].Data, &last) == nil && last == l {
				return nil
			}
		}
		app := store.Append{Stream: linkStreamPrefix + ch, GuildID: guild, Kind: kindLink, Expected: st.Version,
			Records: []store.NewRecord{{Type: eventLinked, Data: data}}}
		_, err = r.store.Append(ctx, app)
		if errors.Is(err, store.ErrConflict) && attempt < settleAttempts {
			continue
		}
		return err
	}
}

// linkOf returns the link of a channel, if it has one.
func (r *Router) linkOf(ctx context.Context, ch string) (channelLink, bool) {
	if ch == "" {
		return channelLink{}, false
	}
	if l, ok := r.links.get(ch); ok {
		if l == nil {
			return channelLink{}, false
		}
		return *l, true
	}
	_, recs, err := r.store.Load(ctx, linkStreamPrefix+ch, 0)
	if err != nil || len(recs) == 0 {
		if err == nil || errors.Is(err, store.ErrNotFound) {
			r.links.put(ch, nil)
		}
		return channelLink{}, false
	}
	var l channelLink
	if err := json.Unmarshal(recs[len(recs)-1].Data, &l); err != nil || l.Table == "" {
		r.log.Error("a channel link cannot be read", "channel", ch, "err", err)
		return channelLink{}, false
	}
	r.links.put(ch, &l)
	return l, true
}

// origin is where a command linked to a table was given.
type origin struct {
	Channel string // the private channel ("": not linked)
	Table   string
	Actor   string
	Own     bool // the actor is the channel's owner
}

// linkRequest sends a request from a linked private channel to its game's
// table, and says where it came from.
func (r *Router) linkRequest(ctx context.Context, req *Request) origin {
	if req.GuildID == "" {
		return origin{}
	}
	l, ok := r.linkOf(ctx, req.ChannelID)
	if !ok {
		return origin{}
	}
	o := origin{Channel: req.ChannelID, Table: l.Table, Actor: req.User.ID, Own: req.User.ID == l.Owner}
	req.ChannelID = l.Table
	return o
}

// shapeForOrigin addresses the outputs of a command given in a private
// channel (see the file's comment). In his own channel, what is for the
// commander alone is posted there rather than shown once and lost: the
// channel admits him and the bot only.
func shapeForOrigin(rep Reply, from origin) Reply {
	if from.Channel == "" || len(rep.Outputs) == 0 {
		return rep
	}
	outs := make([]Output, 0, len(rep.Outputs)+1)
	var told []Output
	for i, o := range rep.Outputs {
		switch {
		case o.Error != nil:
		case o.Audience.Kind == AudienceEphemeral && from.Own && (o.Audience.UserID == "" || o.Audience.UserID == from.Actor):
			o.Audience = Audience{Kind: AudienceChannel, Channel: from.Channel}
			if i == 0 {
				o.Audience.Kind = AudiencePublic // the answer, in his channel
			}
		case o.Audience.Kind != AudiencePublic:
		case len(o.Events) > 0 && i == 0:
			// Answered in the private channel, and told at the table.
			t := o
			t.Audience = Audience{Kind: AudienceChannel, Channel: from.Table}
			told = append(told, t)
		case len(o.Events) > 0:
			o.Audience = Audience{Kind: AudiencePublic, Channel: from.Table}
		case i > 0:
			o.Audience = Audience{Kind: AudienceChannel, Channel: from.Channel}
		}
		outs = append(outs, o)
	}
	rep.Outputs = append(outs, told...)
	return rep
}
