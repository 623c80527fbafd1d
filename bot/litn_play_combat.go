package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// /litn attack, supply, option and retreat: LITN's Combat Phase (002 3.1
// G, 10, 13, 14.3; engine/litn/play_combat.go; docs/litn-play-combat.md).
// Each side's combat option comes with buttons in its own channel (or to
// the asker alone): a click runs /litn option as the clicking user. The
// buttons' custom ids are routes:
//
//	litn/<game channel>/<turn>.<hex>.<side>/<option code>
//
// checked like the action buttons (components.go): the game of the
// channel clicked in, the battle still waiting for that side's chit, the
// clicker of that side (the umpire may click for it).

const litnOptionPrefix = "litn/"

func litnCombatSubcommands() []*Command {
	hex := OptionSpec{Name: "hex", Description: "The battle hex (printed, e.g. 1625)", Type: String, Required: true, MaxLength: 4, Placeholder: "hex", Autocomplete: litnCombatHexes}
	side := OptionSpec{Name: "side", Description: "Umpire: the side he acts for", Type: String, MaxLength: 3, Placeholder: "csa|usa"}
	return []*Command{
		&Command{
			Name:        "attack",
			Description: "Attack in a battle hex, or decline (002 10)",
			Options: []OptionSpec{hex,
				{Name: "units", Description: "Attacking units (default: all that may)", Type: String, MaxLength: 300, Placeholder: "unit,...", Autocomplete: litnCombatOwnUnits},
				{Name: "decline", Description: "Do not attack (your opponent may then)", Type: Boolean},
				{Name: "fortification", Description: "Umpire: a fortification hex (002 13)", Type: Boolean},
				{Name: "surprise", Description: "Movement Phase: surprise attack (14.2)", Type: Boolean},
				side},
			Handle: handleLITNAttack,
		},
		&Command{
			Name:        "supply",
			Description: "Declare a battle's supply: wagon or depot (002 10.2)",
			Ephemeral:   true,
			Options: []OptionSpec{hex,
				{Name: "wagon", Description: "Your undepleted wagon (id)", Type: String, MaxLength: 40, Placeholder: "wagon"},
				{Name: "depot", Description: "Your depot's printed hex", Type: String, MaxLength: 4, Placeholder: "hex"},
				{Name: "unsupplied", Description: "No supply source in range", Type: Boolean},
				{Name: "no_retreat_path", Description: "No legal retreat path (10.3)", Type: Boolean},
				{Name: "loss_order", Description: "Your units in loss order (10.5)", Type: String, MaxLength: 300, Placeholder: "unit,...", Autocomplete: litnCombatOwnUnits},
				side},
			Handle: handleLITNSupply,
		},
		&Command{
			Name:        "option",
			Description: "Choose your combat option, secretly (002 10.3)",
			Ephemeral:   true,
			Options: []OptionSpec{hex,
				{Name: "choice", Description: "probe, assault, pitched; withdraw, stand, pitched", Type: String, Required: true, MaxLength: 20, Placeholder: "option"},
				side},
			Handle: handleLITNOption,
		},
		&Command{
			Name:        "retreat",
			Description: "Retreat from a battle hex (002 10.6)",
			Options: []OptionSpec{hex,
				{Name: "path", Description: "Hexes entered (none: no legal route)", Type: String, Required: true, MaxLength: 100, Placeholder: "hex,..."},
				{Name: "costs", Description: "MPs of each hex (default 1 each)", Type: String, MaxLength: 60, Placeholder: "1,1,2"},
				{Name: "units", Description: "Units retreating (default: all)", Type: String, MaxLength: 300, Placeholder: "unit,...", Autocomplete: litnCombatOwnUnits},
				side},
			Handle: handleLITNRetreat,
		}}
}

// litnAttackOpts are /litn attack's options.
type litnAttackOpts struct {
	litnSide
	Hex           string   `opt:"hex,raw"`
	Units         []string `opt:"units"` // default: all that may
	Decline       bool     `opt:"decline"`
	Fortification bool     `opt:"fortification"`
	Surprise      bool     `opt:"surprise"`
}

func handleLITNAttack(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnAttackOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITNCombat(ctx, req, g, litn.Attack{By: req.User, Hex: o.Hex, Side: o.Side, Units: o.Units,
		Decline: o.Decline, Fortification: o.Fortification, Surprise: o.Surprise, Library: r.library})
}

// litnSupplyOpts are /litn supply's options.
type litnSupplyOpts struct {
	litnSide
	Hex           string   `opt:"hex,raw"`
	Wagon         string   `opt:"wagon"`
	Depot         string   `opt:"depot"`
	Unsupplied    bool     `opt:"unsupplied"`
	NoRetreatPath bool     `opt:"no_retreat_path"`
	LossOrder     []string `opt:"loss_order"`
}

func handleLITNSupply(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnSupplyOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITNCombat(ctx, req, g, litn.Supply{By: req.User, Hex: o.Hex, Side: o.Side, Wagon: o.Wagon,
		Depot: o.Depot, Unsupplied: o.Unsupplied, NoRetreatPath: o.NoRetreatPath,
		LossOrder: o.LossOrder, Map: r.theatres[string(litn.ID)]})
}

// litnOptionOpts are /litn option's options (an option button's too:
// pressLITNOption).
type litnOptionOpts struct {
	litnSide
	Hex    string `opt:"hex,raw"`
	Choice string `opt:"choice,raw"` // litn.ParseOption reads it
}

func handleLITNOption(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnOptionOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITNCombat(ctx, req, g, litn.ChooseOption{By: req.User, Hex: o.Hex, Side: o.Side, Option: o.Choice, Library: r.library})
}

// litnRetreatOpts are /litn retreat's options.
type litnRetreatOpts struct {
	litnSide
	Hex   string   `opt:"hex,raw"`
	Path  []string `opt:"path"`  // none: no legal route
	Costs []string `opt:"costs"` // whole MPs, one for each hex of the path
	Units []string `opt:"units"` // default: all
}

func handleLITNRetreat(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o litnRetreatOpts
	var p optionProblems
	p.decode(req, &o)
	cmd := litn.RetreatOrder{By: req.User, Hex: o.Hex, Side: o.Side, Units: o.Units, Map: r.theatres[string(litn.ID)]}
	if len(o.Path) == 1 && strings.EqualFold(o.Path[0], "none") {
		cmd.Remove = true
	} else {
		cmd.Path = o.Path
	}
	for _, c := range o.Costs {
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 {
			p.add("litn.retreat.costs", fmt.Sprintf("%q is not a movement point cost", c), "Give whole MPs, comma-separated: costs:1,1,2")
			continue
		}
		cmd.Costs = append(cmd.Costs, n)
	}
	if err := p.err(req); err != nil {
		return Reply{}, err // a wrong side and every wrong cost together
	}
	return r.settleLITNCombat(ctx, req, g, cmd)
}

// settleLITNCombat settles a combat command: each audience's sayings, then
// the option buttons of every side the battle now waits for.
func (r *Router) settleLITNCombat(ctx context.Context, req Request, g engine.GameState, cmd engine.Command) (Reply, error) {
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		rep := r.litnReply(req, g, views, evs)
		after := g
		for _, e := range evs {
			after = after.Apply(e)
		}
		rep.Outputs = append(rep.Outputs, r.litnOptionButtons(req, after, evs)...)
		return rep
	})
}

// litnCombatAudiences are where a side's secrets go: its commanders' private
// channels; without one, the asker if he is of that side or the umpire.
func (r *Router) litnCombatAudiences(req Request, g engine.GameState, side engine.Side) []Audience {
	var out []Audience
	for _, p := range g.Players {
		if p.Side != side {
			continue
		}
		if ch, ok := r.commanderChannel(g, p.Actor.ID); ok {
			out = append(out, Audience{Kind: AudienceChannel, Channel: ch})
		}
	}
	if len(out) == 0 && (litn.Of(g).SideOf(req.User) == side || g.IsUmpire(req.User)) {
		out = append(out, Audience{Kind: AudienceEphemeral})
	}
	return out
}

// litnOptionButtons gives each side the battle newly waits for its chit
// (an attack declared, its supply declared) the buttons of the options it
// may play, with the refused ones and why in the text.
func (r *Router) litnOptionButtons(req Request, g engine.GameState, evs []engine.Event) []Output {
	type want struct {
		hex  string
		side engine.Side
	}
	var wants []want
	for _, e := range evs {
		switch e := e.(type) {
		case *litn.AttackDeclared:
			if !e.Declined {
				wants = append(wants, want{e.Hex, engine.CSA}, want{e.Hex, engine.USA})
			}
		case *litn.SupplyDeclared:
			wants = append(wants, want{e.Hex, e.Side})
		}
	}
	var outs []Output
	for _, w := range wants {
		b, ok := litn.Of(g).BattleAt(w.hex)
		if !ok || !b.AwaitsOption(w.side) {
			continue
		}
		allowed, refused := litn.Of(g).OptionsFor(b, w.side)
		role := "defender"
		if b.Attacker == w.side {
			role = "attacker"
		}
		text := fmt.Sprintf("🂠 **Your combat option for the battle in %s** (you are the %s; secret until both are chosen, then revealed together: 002 10.3). Click one, or /litn option hex:%s choice:<option>.",
			b.Hex, role, b.Hex)
		var no []string
		for _, o := range append(litn.AttackerOptions(), litn.Withdraw, litn.Stand) {
			if why, ok := refused[o]; ok {
				no = append(no, fmt.Sprintf("%s (%s)", o, why))
			}
		}
		if len(no) > 0 {
			text += " Not allowed: " + strings.Join(no, "; ") + "."
		}
		var buttons []Button
		for _, o := range allowed {
			id := fmt.Sprintf("%s%s/%d.%s.%s/%s", litnOptionPrefix, req.ChannelID, g.Turn, b.Hex, w.side, litn.OptionCode(o))
			if len(id) > maxCustomID || strings.Count(req.ChannelID, "/") > 0 {
				buttons = nil // a route that does not fit: the slash command only
				break
			}
			buttons = append(buttons, Button{ID: id, Label: string(o), Command: fmt.Sprintf("/litn option hex:%s choice:%s", b.Hex, litn.OptionCode(o))})
		}
		for _, aud := range r.litnCombatAudiences(req, g, w.side) {
			t := text
			if aud.Kind == AudienceEphemeral && litn.Of(g).SideOf(req.User) != w.side {
				t = fmt.Sprintf("(%s only) ", sheetSideName(w.side)) + t
			}
			outs = append(outs, Output{Audience: aud, Text: t, Events: []EventView{}, Buttons: buttons})
		}
	}
	return outs
}

// litnOptionRoute is a parsed option button.
type litnOptionRoute struct {
	channel, hex, option string
	turn                 int
	side                 engine.Side
}

func parseLITNOptionRoute(id string) (litnOptionRoute, bool) {
	rest, ok := strings.CutPrefix(id, litnOptionPrefix)
	p := strings.Split(rest, "/")
	if !ok || len(p) != 3 || p[0] == "" {
		return litnOptionRoute{}, false
	}
	k := strings.Split(p[1], ".")
	if len(k) != 3 {
		return litnOptionRoute{}, false
	}
	turn, err := strconv.Atoi(k[0])
	side := engine.Side(k[2])
	if _, known := litn.ParseOption(p[2]); err != nil || !known || side != engine.CSA && side != engine.USA {
		return litnOptionRoute{}, false
	}
	return litnOptionRoute{channel: p[0], turn: turn, hex: k[1], side: side, option: p[2]}, true
}

// pressLITNOption runs the command of an option button as the user who
// clicked it, in the button's game.
func (r *Router) pressLITNOption(ctx context.Context, req Request, customID string) Reply {
	start := r.now()
	rt, ok := parseLITNOptionRoute(customID)
	if !ok {
		return r.refused(req, start, &engine.RuleError{Kind: engine.ErrInvalid, Code: "component.unknown", What: "This button is not one the umpire knows",
			Hint: "Use the slash commands; /help lists them"})
	}
	g, req, rep, done := r.buttonGame(ctx, req, start, rt.channel) // components.go
	if done {
		return rep
	}
	if s := litn.Of(g).SideOf(req.User); s != rt.side && !g.IsUmpire(req.User) {
		return r.refused(req, start, &engine.RuleError{Kind: engine.ErrIllegal, Code: "component.side", What: fmt.Sprintf("This button is the %s player's", sheetSideName(rt.side)),
			Hint: "Choose your own option with /litn option"})
	}
	b, open := litn.Of(g).BattleAt(rt.hex)
	if g.Turn != rt.turn || g.CurrentStep() != litn.StepCombat || !open || !b.AwaitsOption(rt.side) {
		return r.refused(req, start, &engine.RuleError{Kind: engine.ErrIllegal, Code: "component.stale", What: "This button was for a combat option that is no longer awaited",
			Hint: "/phase show says what the Combat Phase waits for"})
	}
	req.Command, req.Path = "litn", []string{"option"}
	req.Options = map[string]string{"hex": rt.hex, "choice": rt.option}
	if g.IsUmpire(req.User) {
		req.Options["side"] = string(rt.side)
	}
	return r.Handle(ctx, req)
}

// litnCombatHexes completes the hexes of this turn's battles (the
// counters on the map are public). It is asked in a LITN game only: the
// router completes no option of another game's command (Autocomplete,
// games.go; TestLITNCompletionsElsewhere).
func litnCombatHexes(r *Router, req Request, typed string) []engine.Match {
	g, err := r.game(context.Background(), req)
	if err != nil {
		return nil
	}
	var out []engine.Match
	for _, b := range litn.Of(g).Battles() {
		if strings.HasPrefix(b.Hex, strings.TrimSpace(typed)) {
			out = append(out, engine.Match{Value: b.Hex, Label: "battle in " + b.Hex})
		}
	}
	// 14.2: in the Movement Phase, the hex the last (public) move ended in.
	if p := litn.Of(g).LITN.Moves.Phase; litn.OptionsOf(g.Options).SurpriseAttacks && p != nil && p.Turn == g.Turn && p.Step == g.CurrentStep() && p.Last != nil && len(p.Last.Hexes) > 0 {
		if h := p.Last.Hexes[len(p.Last.Hexes)-1]; strings.HasPrefix(h, strings.TrimSpace(typed)) {
			out = append(out, engine.Match{Value: h, Label: "the last move's hex " + h + " (surprise attack, 14.2)"})
		}
	}
	return out
}

// litnCombatOwnUnits completes the last of a comma-separated list among the
// asker's own units (never the enemy's), in a LITN game only (as
// litnCombatHexes).
func litnCombatOwnUnits(r *Router, req Request, typed string) []engine.Match {
	g, err := r.game(context.Background(), req)
	if err != nil || !g.Started {
		return nil
	}
	side := litn.Of(g).SideOf(req.User)
	last := typed
	if i := strings.LastIndex(typed, ","); i >= 0 {
		last = typed[i+1:]
	}
	last = strings.ToLower(strings.TrimSpace(last))
	var out []engine.Match
	for _, u := range litn.Of(g).UnitsOf(side) {
		if side == "" && !g.IsUmpire(req.User) || !u.OnMap() {
			continue
		}
		if strings.Contains(strings.ToLower(u.Name+" "+u.ID), last) {
			out = append(out, engine.Match{Value: u.ID, Label: fmt.Sprintf("%s at %s", u.Name, u.At)})
		}
		if len(out) == 25 {
			break
		}
	}
	return out
}
