package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Mending a join before the start (issue 22): joining again replaces the
// earlier join (its side and commands), and /game leave takes a player off
// his side. Should the overall commander leave his side, the earliest
// joined who remains on it becomes its overall commander (engine:
// withoutPlayer); the table is told either way.

// rejoinText is the table's word on a join that replaces an earlier one.
func rejoinText(g0 engine.GameState, p engine.Player) string {
	role := "a commander"
	if p.Overall {
		role = "the overall commander"
	}
	cmds := "no declared command"
	if len(p.Commands) > 0 {
		cmds = "command " + strings.Join(p.Commands, ", ")
	}
	text := fmt.Sprintf("%s joins again, replacing his earlier join: now %s of the %s, %s.", p.Actor.Name, role, strings.ToUpper(string(p.Side)), cmds)
	if old := g0.Player(p.Actor.ID); old != nil && old.Side != p.Side {
		text += successorText(g0, *old)
	}
	return text
}

// successorText names who becomes the overall commander of a side its
// overall commander has left, or says no one is left on it.
func successorText(g0 engine.GameState, gone engine.Player) string {
	if !gone.Overall {
		return ""
	}
	for _, q := range g0.Players {
		if q.Side == gone.Side && q.Actor.ID != gone.Actor.ID {
			return fmt.Sprintf(" %s is now the %s's overall commander.", q.Actor.Name, strings.ToUpper(string(gone.Side)))
		}
	}
	return fmt.Sprintf(" No one commands the %s now: /game join side:%s.", strings.ToUpper(string(gone.Side)), gone.Side)
}

func handleGameLeave(ctx context.Context, r *Router, req Request) (Reply, error) {
	return r.settleGameFrom(ctx, req, engine.LeaveGame{By: req.User}, nil, func(g0 engine.GameState, views []EventView, _ []engine.Event) Reply {
		p := g0.Player(req.User.ID)
		text := fmt.Sprintf("%s leaves the %s.", req.User.Name, strings.ToUpper(string(p.Side))) + successorText(g0, *p)
		return publicText(req, text, views)
	})
}
