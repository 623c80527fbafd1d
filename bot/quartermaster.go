package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// /game quartermaster: a side's quartermaster general (LRTG 21.1,
// engine/lrtg/quartermaster.go), and what the Halleck rule's Leader Transfer
// check did (engine/lrtg/halleck.go).

func quartermasterGameSubcommands() []*Command {
	players := func(r *Router, req Request, typed string) []engine.Match {
		g, err := r.game(context.Background(), req)
		if err != nil {
			return nil
		}
		me := g.Player(req.User.ID)
		var out []engine.Match
		for _, p := range g.Players {
			if (me == nil || p.Side == me.Side) && !p.Overall && strings.Contains(strings.ToLower(p.Actor.Name), strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: p.Actor.ID, Label: fmt.Sprintf("%s (%s)", p.Actor.Name, strings.ToUpper(string(p.Side)))})
			}
		}
		return out
	}
	return []*Command{{
		Name:        "quartermaster",
		Description: "Appoint your side's quartermaster general, a subordinate commander (LRTG 21.1)",
		Options: []OptionSpec{
			{Name: "player", Description: "The subordinate commander appointed; leave out (umpire) to end the appointment", Type: String, MaxLength: 60, Placeholder: "player", Autocomplete: players},
			{Name: "side", Description: "The side (the umpire's choice; a player appoints for his own)", Type: String, MaxLength: 3, Placeholder: "csa|usa"},
			{Name: "reason", Description: "The umpire's reason, after the start", Type: String, MaxLength: 200, Placeholder: "text"},
		},
		Handle: handleQuartermaster,
	}}
}

func handleQuartermaster(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Side   string `opt:"side,lower"`
		Player string `opt:"player"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.AppointQuartermaster{By: req.User, Side: engine.Side(o.Side), Reason: o.Reason}
	if s := o.Player; s != "" {
		p := playerNamed(g, s) // control.go
		if p == nil {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "quartermaster.player", What: fmt.Sprintf("%q is not a commander of this game", s), Hint: "/game status lists the commanders"}
		}
		cmd.Player = p.Actor.ID
		if cmd.Side == "" && g.IsUmpire(req.User) {
			cmd.Side = p.Side
		}
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		return publicText(req, quartermasterText(evs[0].(*lrtg.QuartermasterAppointed)), views)
	})
}

// quartermasterText tells an appointment: who and his duties. The duties
// name no unit, so every player may read it.
func quartermasterText(e *lrtg.QuartermasterAppointed) string {
	S := strings.ToUpper(string(e.Side))
	if e.Player.ID == "" {
		text := fmt.Sprintf("📦 The %s no longer have a quartermaster general: each commander keeps the supply duties of his own units (LRTG 21.1).", S)
		if e.Reason != "" {
			text += " Umpire: " + e.Reason
		}
		return text
	}
	duties := []string{lrtg.DutySupply, lrtg.DutyDepots, lrtg.DutyForage, lrtg.DutyVictuals}
	if e.Side == engine.USA {
		duties = append(duties, lrtg.DutyHaupt, lrtg.DutyRepair)
	}
	text := fmt.Sprintf("📦 %s is the %s quartermaster general (LRTG 21.1): %s are his alone.", e.Player.Name, S, strings.Join(duties, "; "))
	if e.Reason != "" {
		text += " Umpire: " + e.Reason
	}
	return text
}

// presentHalleck tells the end of step 3a under the Halleck rule: the
// units more than 20 hexes from Hooker the Halleck player controls this
// turn. With hidden units only the Union commanders (in their channels)
// and the umpire read the names; the public line names none.
func presentHalleck(r *Router, _ Request, g engine.GameState, e engine.Event, view EventView) []Output {
	h, ok := e.(*lrtg.HalleckDistant)
	if !ok {
		return nil
	}
	text := halleckText(g, h)
	if !g.Options.LimitedIntel {
		return []Output{{Audience: Audience{Kind: AudiencePublic}, Text: text, Events: []EventView{view}}}
	}
	outs := []Output{{Audience: Audience{Kind: AudiencePublic}, Text: "🏛️ 3 a) Halleck rule: the Union units more than 20 hexes from Hooker are the Halleck player's this turn (LRTG 21.1); the Union commanders' channels name them."}}
	for _, p := range g.Players {
		if p.Side != engine.USA {
			continue
		}
		if ch, ok := r.commanderChannel(g, p.Actor.ID); ok {
			outs = append(outs, Output{Audience: Audience{Kind: AudienceChannel, Channel: ch}, Text: text, Events: []EventView{view}})
		}
	}
	return outs
}

func halleckText(g engine.GameState, h *lrtg.HalleckDistant) string {
	if h.Absent {
		return fmt.Sprintf("🏛️ 3 a) Halleck rule: Hooker is not on the map, so no unit is measured; %s keeps the DC, VIII Corps and PA forces (LRTG 21.1).", h.Halleck.Name)
	}
	if len(h.Units) == 0 {
		return fmt.Sprintf("🏛️ 3 a) Halleck rule: no Union unit is more than %d hexes from Hooker (%s); %s keeps the DC, VIII Corps and PA forces (LRTG 21.1).", lrtg.HalleckHexes, h.HookerRef, h.Halleck.Name)
	}
	var names []string
	for _, u := range h.Units {
		names = append(names, fmt.Sprintf("%s (%s, %d hexes)", unitNamed(g, u.Unit), u.Ref, u.Hexes))
	}
	return fmt.Sprintf("🏛️ 3 a) Halleck rule: more than %d hexes from Hooker (%s), %s controls this turn: %s (LRTG 21.1).", lrtg.HalleckHexes, h.HookerRef, h.Halleck.Name, strings.Join(names, ", "))
}
