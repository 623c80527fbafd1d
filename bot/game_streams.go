package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// A channel's games. Each game is one stream of the store: the channel's
// first "game:<channel>" (every game stored before a channel could hold a
// second is that one), the next "game:<channel>/2", and so on. A new game
// may be created once the last one has ended; commands go to the latest
// game of the channel, and /game audit may name an earlier one. The
// ended games' streams stay as they were: nothing a player did is lost.

// streamOfGame is the stream of a channel's n-th game (n from 1).
func streamOfGame(channel string, n int) string {
	if n <= 1 {
		return "game:" + channel
	}
	return "game:" + channel + "/" + strconv.Itoa(n)
}

// channelOfStream is the channel a game's stream belongs to, and which of
// its games it holds.
func channelOfStream(stream string) (channel string, n int) {
	rest := strings.TrimPrefix(stream, "game:")
	if i := strings.LastIndexByte(rest, '/'); i >= 0 {
		if k, err := strconv.Atoi(rest[i+1:]); err == nil && k > 1 {
			return rest[:i], k
		}
	}
	return rest, 1
}

// gameStream is the stream of the channel's game a request acts on: the
// one it names (the scheduler's, /game new's, /game audit's), else the
// latest. An ended game is followed by the next only once the next has
// been created.
func (r *Router) gameStream(ctx context.Context, req Request) string {
	if req.stream != "" {
		return req.stream
	}
	if n, ok := r.latestGames.Load(req.ChannelID); ok {
		// The game last seen, still under way in the cache: nothing to read.
		stream := streamOfGame(req.ChannelID, n.(int))
		if c, ok := r.games.get(stream); ok && c.state.Ended == nil {
			return stream
		}
	}
	stream, _, _, _ := r.foldGame(ctx, req)
	return stream
}

// foldGame folds the game a request acts on, and returns its stream. The
// channel's latest game is found by walking forward from the latest this
// process has seen (r.latestGames; 1 at first): games are only ever
// added, so a number seen is never too high, and the walk costs a read
// only in a channel whose game has ended. A channel with one game reads
// its stream once, as before channels could hold more.
func (r *Router) foldGame(ctx context.Context, req Request) (string, store.Stream, engine.GameState, error) {
	if req.stream != "" {
		st, g, err := fold(ctx, r, req.stream, r.games)
		return req.stream, st, g, err
	}
	n := 1
	if k, ok := r.latestGames.Load(req.ChannelID); ok {
		n = k.(int)
	}
	for {
		stream := streamOfGame(req.ChannelID, n)
		st, g, err := fold(ctx, r, stream, r.games)
		if err == nil && g.Ended != nil {
			if _, next, err := fold(ctx, r, streamOfGame(req.ChannelID, n+1), r.games); err == nil && next.Created {
				n++
				continue
			}
		}
		r.latestGames.Store(req.ChannelID, n)
		return stream, st, g, err
	}
}

// latestGame is the number of the channel's latest game (1 when it has
// none).
func (r *Router) latestGame(ctx context.Context, channel string) int {
	stream, _, _, _ := r.foldGame(ctx, Request{ChannelID: channel})
	_, n := channelOfStream(stream)
	return n
}

// newGameStream is the stream /game new creates its game in: the latest
// game's when it has none or it is still under way (the engine then
// refuses a second one), the next once the latest has ended.
func (r *Router) newGameStream(ctx context.Context, channel string) string {
	n := r.latestGame(ctx, channel)
	_, g, err := fold(ctx, r, streamOfGame(channel, n), r.games)
	if err == nil && g.Created && g.Ended != nil {
		n++
	}
	return streamOfGame(channel, n)
}

// gameNumberNote is how a channel's later game is named where the
// number matters ("" for the first).
func gameNumberNote(stream string) string {
	if _, n := channelOfStream(stream); n > 1 {
		return fmt.Sprintf(" (this channel's game %d)", n)
	}
	return ""
}
