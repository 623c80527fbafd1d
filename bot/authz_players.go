package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Observers (members of the server who are not in a game) read what the
// game shows everyone, but act in nothing (docs/authorization.md). Most
// commands refuse them in the engine, by the side or the unit they name;
// these are the ones where an actor without a side would otherwise be
// taken for the umpire (the engine's "no side given: the side whose turn
// it is", meant for him) or refused with a side that is not there.

// needParticipant refuses an actor who is neither the game's umpire nor
// one of its players. what completes "Only the game's players and its
// umpire ...".
func needParticipant(g engine.GameState, by engine.Actor, what string) error {
	if g.IsUmpire(by) || g.Player(by.ID) != nil {
		return nil
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.player", What: "Only the game's players and its umpire " + what,
		Hint: "Join a side before the start with /game join; /game status names the players, and anyone may follow the game with /phase show and /map"}
}

// litnPlayerSide is litnGameSide for the commands a side gives (/litn
// done and the Combat Phase's attack, supply, option and retreat), for its
// players and the umpire only.
func (r *Router) litnPlayerSide(ctx context.Context, req Request) (engine.GameState, engine.Side, error) {
	g, side, err := r.litnGameSide(ctx, req)
	if err == nil {
		err = needParticipant(g, req.User, "act for its sides")
	}
	return g, side, err
}

// ownSideOnly refuses a player who names a side other than his own in a
// command whose side: is the umpire's choice (a player acts for his own
// side; the engine would quietly take his own instead of the one he
// named, and record what he did not ask for).
func ownSideOnly(g engine.GameState, by engine.Actor, side engine.Side, code, command string) error {
	p := g.Player(by.ID)
	if side == "" || p == nil || g.IsUmpire(by) || p.Side == side {
		return nil
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: code,
		What: fmt.Sprintf("You command for the %s, not the %s", strings.ToUpper(string(p.Side)), strings.ToUpper(string(side))),
		Hint: fmt.Sprintf("Leave side: out: %s is for your own side (side: is the umpire's)", command)}
}
