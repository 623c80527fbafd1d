package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// /command give: changing control of a corps or designation (LRTG 21.1,
// engine/lrtg/control.go).

func controlCommands() []*Command {
	players := func(r *Router, req Request, typed string) []engine.Match {
		g, err := r.game(context.Background(), req)
		if err != nil {
			return nil
		}
		me := g.Player(req.User.ID)
		var out []engine.Match
		for _, p := range g.Players {
			if (me == nil || p.Side == me.Side) && strings.Contains(strings.ToLower(p.Actor.Name), strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: p.Actor.ID, Label: fmt.Sprintf("%s (%s)", p.Actor.Name, strings.ToUpper(string(p.Side)))})
			}
		}
		return out
	}
	return []*Command{{
		Name:        "command",
		Description: "The division of command (LRTG 21.1): give a corps or designation to another commander",
		Subcommands: append([]*Command{{
			Name:        "give",
			Description: "Give a corps or designation you command to another commander of your side (step 2c)",
			Options: []OptionSpec{
				{Name: "designation", Description: "The corps or designation, e.g. 2, Cav, VIII or Imboden", Type: String, Required: true, MaxLength: 20, Placeholder: "corps"},
				{Name: "to", Description: "The commander who receives it", Type: String, Required: true, MaxLength: 60, Placeholder: "player", Autocomplete: players},
				{Name: "reason", Description: "The umpire's reason to set the division of command aside", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handleGiveCommand,
		}}, phase2Subcommands()...), // phase2.go: army, show
	}}
}

// playerNamed finds a game's player by id, mention or name.
func playerNamed(g engine.GameState, s string) *engine.Player {
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "<@"), ">")
	s = strings.TrimPrefix(s, "@")
	if p := g.Player(s); p != nil {
		return p
	}
	for i := range g.Players {
		if strings.EqualFold(g.Players[i].Actor.Name, s) {
			return &g.Players[i]
		}
	}
	return nil
}

// giveCommandOpts are /command give's options; the designation and the
// commander's name go to their readers as typed.
type giveCommandOpts struct {
	Designation string `opt:"designation,raw"`
	To          string `opt:"to,raw"`
	Reason      string `opt:"reason"`
}

func handleGiveCommand(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o giveCommandOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	to := playerNamed(g, o.To)
	if to == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "control.to", What: fmt.Sprintf("%q is not a commander of this game", o.To), Hint: "/game status lists the commanders"}
	}
	cmd := lrtg.GiveCommand{By: req.User, Designation: o.Designation, To: to.Actor.ID, OOB: r.moveData(g).OOB, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.ControlChanged)
		text := fmt.Sprintf("🔁 %s gives %s to %s (LRTG 21.1).", e.From.Name, e.Designation, e.To.Name)
		if n := len(e.Fatigued); n > 0 {
			text += fmt.Sprintf(" %d units gain a fatigue (operational).", n)
		}
		if e.Why != "" {
			text += " " + controlWhyText(e.Why) // phase2.go
		}
		if e.Reason != "" {
			text += " Umpire: " + e.Reason
		}
		// The command is known to the side; under limited intelligence
		// the enemy learns nothing of it.
		return r.boardReply(req, g, text, views)
	})
}
