package bot

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The side's log (issue 22, LRTG 21): in a hidden game the answer to a
// board action goes to its actor alone (boardReply), so a commander would
// never learn what his own side's other commanders did with their units,
// which at a table he sees them do on the board. Each board action on a
// side's units (a move, an activation, a unit's status, a combat's
// result for that side) is therefore also posted in the private channel
// of each of the side's other commanders (bot/channels.go), labelled with
// the side and who acted: the channels' history is the side's log. The
// enemy's channels get nothing of it. Not in an open game (the table
// channel tells everyone), nor with knowledge per commander (double-blind,
// engine/view.go): there each commander knows only what his own units
// see, and the rest reaches him by dispatch (DESIGN "Fog of war"). Without
// private channels (the console; Discord before the channels are made)
// there is nowhere to post it.

// sideLogged reports whether the game keeps the side's log.
func sideLogged(g engine.GameState) bool {
	return g.Options.LimitedIntel && g.Options.KnowledgeMode() == engine.KnowledgeSide
}

// sideLog is the text for each commander of the side other than the
// actor, in his private channel.
func (r *Router) sideLog(req Request, g engine.GameState, side engine.Side, text string) []Output {
	if !sideLogged(g) || side == "" || text == "" {
		return nil
	}
	var out []Output
	for _, p := range g.Players {
		if p.Side != side || p.Actor.ID == req.User.ID {
			continue
		}
		ch, ok := r.commanderChannel(g, p.Actor.ID)
		if !ok {
			continue
		}
		out = append(out, Output{Audience: Audience{Kind: AudienceChannel, UserID: p.Actor.ID, Channel: ch},
			Text: fmt.Sprintf("📒 %s log · %s: %s", sideLabel(side), req.User.Name, text), Events: []EventView{}})
	}
	return out
}

// actorSide is the side the actor plays ("" for the umpire or a guest).
func actorSide(g engine.GameState, a engine.Actor) engine.Side {
	if p := g.Player(a.ID); p != nil {
		return p.Side
	}
	return ""
}

// unitSide is a unit's side ("" when the state has no such unit).
func unitSide(g engine.GameState, id string) engine.Side {
	if u, ok := g.Units[id]; ok {
		return u.Side
	}
	return ""
}

// actionSideLog is what an action command did that only its side may
// know (actions_present.go's private text: an activation with its units
// and allowance, an army leader's attempt), for the side's log.
func (r *Router) actionSideLog(req Request, before engine.GameState, evs []engine.Event) []Output {
	if !sideLogged(before) {
		return nil
	}
	g := before
	var out []Output
	for _, e := range evs {
		g = g.Apply(e)
		var side engine.Side
		switch e := e.(type) {
		case *lrtg.Activated:
			side = e.Side
		case *lrtg.ArmyAttempted:
			side = e.Side
		default:
			continue
		}
		if _, _, priv := actionEventText(g, e); priv != "" {
			out = append(out, r.sideLog(req, g, side, priv)...)
		}
	}
	return out
}
