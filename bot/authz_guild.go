package bot

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// A game belongs to the guild it was created in (its stream's guild id,
// store.Stream.GuildID). Discord's channel ids are unique across guilds, so
// a genuine slash command in a game's channel always comes from the game's
// guild; what can name a game from elsewhere is a route that carries a
// channel id (a button's or a form's custom id, a private channel's link)
// or a forged or misrouted interaction. One check, where a request's game
// stream is loaded (Router.game, and settleWith for a game stream before
// it decides), refuses them all: nothing of the game is read or recorded.

// errOtherGuild refuses a request for a game of another guild, or from a
// direct message (no guild). Every interaction from Discord has an id; a
// request with neither a guild nor an interaction id is built inside the
// process (tests, tools) and names its game by its channel alone.
func errOtherGuild(st store.Stream, req Request) error {
	if st.Version == 0 || st.GuildID == req.GuildID || (req.GuildID == "" && req.InteractionID == "") {
		return nil
	}
	where := "a direct message"
	if req.GuildID != "" {
		where = "this server"
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.guild",
		What: fmt.Sprintf("This game belongs to another server, not to %s", where),
		Hint: "Give the game's commands in its own server's channels (the table, or your private channel there)"}
}
