package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Phase 2, steps a) and b) (engine/lrtg/phase2.go): LRTG 21.1's Optional
// Overall Commander Restrictions. /command army is the overall
// commander's choice of the infantry corps commander his army commander
// joins (2a); /command show tells a side its division of command and what
// 2a and 2b did to it. The steps' messages tell the channel what every
// player may know: with limited intelligence, neither the places of a
// side's units nor its division of command.

// phase2Subcommands are /command's subcommands of this module (bot/control.go).
func phase2Subcommands() []*Command {
	return []*Command{
		{
			Name:        "army",
			Description: "Step 2a: place your army commander with one of your infantry corps commanders (21.1, optional)",
			Options: []OptionSpec{
				{Name: "with", Description: "The infantry corps commander he joins", Type: String, Required: true, MaxLength: 60, Placeholder: "corps commander", Autocomplete: armyCandidates},
				{Name: "reason", Description: "The umpire's reason to set a rule aside", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handleCommandArmy,
		},
		{
			Name:        "show",
			Description: "Your side's division of command, and what steps 2a and 2b did this turn (21.1)",
			Ephemeral:   true,
			Handle:      handleCommandShow,
		},
	}
}

// armyCandidates offers the corps commanders the asker's army commander
// may join (the umpire: both sides').
func armyCandidates(r *Router, req Request, typed string) []engine.Match {
	g, err := r.game(context.Background(), req)
	if err != nil || !g.Started {
		return nil
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []engine.Match
	for _, s := range askerSides(g, req.User) {
		for _, u := range lrtg.Of(g).ArmyCandidates(s) {
			if strings.Contains(strings.ToLower(u.Name+" "+u.ID), typed) {
				out = append(out, engine.Match{Value: u.ID, Label: fmt.Sprintf("%s (%s, %s)", u.Name, corpsName(u.Side, u.Command), u.Ref)})
			}
		}
	}
	return out
}

// askerSides are the sides whose secrets the asker may see.
func askerSides(g engine.GameState, a engine.Actor) []engine.Side {
	if g.IsUmpire(a) {
		return []engine.Side{engine.CSA, engine.USA}
	}
	if p := g.Player(a.ID); p != nil {
		return []engine.Side{p.Side}
	}
	return nil
}

func handleCommandArmy(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		With   string `opt:"with,raw"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	sides := askerSides(g, req.User)
	id, err := leaderFind(g, o.With, "corps commander", func(u engine.UnitState) bool {
		for _, s := range sides {
			if u.Side == s && u.Kind.IsLeader() {
				return true
			}
		}
		return false
	})
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.PlaceArmyCommander{By: req.User, With: id, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.ArmyCommanderPlaced)
		return r.boardReply(req, g, armyText(g, e), views)
	})
}

// corpsName names a designation as a corps: "1st Corps", "XI Corps";
// others as printed ("Cav", "DC").
func corpsName(s engine.Side, d string) string {
	switch {
	case s == engine.CSA && d == "1":
		return "1st Corps"
	case s == engine.CSA && d == "2":
		return "2nd Corps"
	case s == engine.CSA && d == "3":
		return "3rd Corps"
	case strings.Trim(d, "IVX") == "" && d != "":
		return d + " Corps"
	case strings.EqualFold(d, "Cav"):
		return "the cavalry (Cav)"
	}
	return d
}

func unitNamed(g engine.GameState, id string) string {
	if u, ok := g.Units[id]; ok {
		return u.Name
	}
	return id
}

// armyText tells a side's step 2a (or the overall commander's choice),
// with places: for the side and the umpire, or everyone when units are
// open.
func armyText(g engine.GameState, e *lrtg.ArmyCommanderPlaced) string {
	S := strings.ToUpper(string(e.Side))
	l := unitNamed(g, e.Leader)
	with := unitNamed(g, e.With)
	overall := "the overall commander"
	for _, p := range g.Players {
		if p.Side == e.Side && p.Overall {
			overall = p.Actor.Name
		}
	}
	var text string
	switch e.Outcome {
	case lrtg.RestrictOff:
		return "2 a) The Optional Overall Commander Restrictions (LRTG 21.1) are not in play: the army commanders are not moved."
	case lrtg.ArmyStays:
		text = fmt.Sprintf("%s is already with %s at %s, an infantry corps commander of the overall commander's: he stays", l, with, e.Ref)
	case lrtg.ArmyPlaced:
		text = fmt.Sprintf("%s is placed with %s, the only infantry corps commander of the overall commander's on the map: %s → %s", l, with, e.FromRef, e.Ref)
	case lrtg.ArmyChosen:
		text = fmt.Sprintf("%s joins %s: %s → %s (%s's choice)", l, with, e.FromRef, e.Ref, e.By.Name)
		if e.Reason != "" {
			text += ". Umpire: " + e.Reason
		}
	case lrtg.ArmyChoose:
		var cs []string
		for _, id := range e.Candidates {
			cs = append(cs, fmt.Sprintf("%s (%s)", unitNamed(g, id), g.Units[id].Ref))
		}
		text = fmt.Sprintf("%s (now at %s) goes to one of the overall commander's infantry corps commanders: %s. %s chooses with /command army with:<corps commander>",
			l, e.FromRef, strings.Join(cs, ", "), overall)
	case lrtg.ArmyNone:
		text = fmt.Sprintf("the overall commander (%s) controls no infantry corps commander on the map: %s stays at %s", overall, l, e.FromRef)
	case lrtg.ArmyAbsent:
		text = "the army commander is not on the map: he is not placed"
	}
	return fmt.Sprintf("⭐ %s 2 a) %s (LRTG 21.1; 003 2 a)).", S, text)
}

// distantText tells a side's step 2b with distances and places.
func distantText(g engine.GameState, e *lrtg.DistantCorpsChecked) string {
	if e.Outcome == lrtg.RestrictOff {
		return "2 b) The Optional Overall Commander Restrictions (LRTG 21.1) are not in play: no corps changes hands for its distance."
	}
	S := strings.ToUpper(string(e.Side))
	if e.Outcome == lrtg.DistantNoArmy {
		return fmt.Sprintf("📏 %s 2 b): the army commander is not on the map, so nothing is measured (LRTG 21.1).", S)
	}
	army := unitNamed(g, e.Army)
	if len(e.Corps) == 0 {
		return fmt.Sprintf("📏 %s 2 b): %s at %s; the overall commander (%s) controls no corps commander on the map (LRTG 21.1).", S, army, e.ArmyRef, e.Overall.Name)
	}
	var near, far []string
	for _, c := range e.Corps {
		l := unitNamed(g, c.Leader)
		switch {
		case c.Hexes <= lrtg.ControlRange:
			near = append(near, fmt.Sprintf("%s (%s, %s) %d hexes", l, corpsName(e.Side, c.Designation), c.Ref, c.Hexes))
		case !c.Passes():
			far = append(far, fmt.Sprintf("%s (%s, %s) %d hexes: no other commander's corps commander is on the map, so the corps stays", l, corpsName(e.Side, c.Designation), c.Ref, c.Hexes))
		default:
			s := fmt.Sprintf("%s (%s, %s) %d hexes: control passes to %s, whose %s is the nearest corps commander (%d hexes)",
				l, corpsName(e.Side, c.Designation), c.Ref, c.Hexes, c.To.Name, unitNamed(g, c.Nearest), c.NearestHexes)
			if len(c.Tied) > 0 {
				var ts []string
				for _, id := range c.Tied {
					ts = append(ts, unitNamed(g, id))
				}
				s += fmt.Sprintf("; as near: %s (the tie goes to the commander with the fewest corps, then the first to join)", strings.Join(ts, ", "))
			}
			far = append(far, s)
		}
	}
	lines := []string{fmt.Sprintf("📏 %s 2 b): the overall commander's (%s) corps commanders against %s at %s (LRTG 21.1; 003 2 b)):", S, e.Overall.Name, army, e.ArmyRef)}
	if len(near) > 0 {
		lines = append(lines, fmt.Sprintf("· within %d hexes: %s.", lrtg.ControlRange, strings.Join(near, ", ")))
	}
	for _, f := range far {
		lines = append(lines, fmt.Sprintf("· more than %d: %s.", lrtg.ControlRange, f))
	}
	return strings.Join(lines, "\n")
}

// controlWhyText says why a change of control adds no fatigue.
func controlWhyText(why string) string {
	switch why {
	case lrtg.WhyDistant:
		return "No fatigue: its corps commander is more than 10 hexes from the army commander (LRTG 21.1; 003 2 b))."
	case lrtg.WhyReturn:
		return "No fatigue: a corps step 2b passed away returns to the overall commander (LRTG 21.1)."
	case lrtg.WhyMeade:
		return "No fatigue: command is redistributed as Meade assumes command (LRTG 16.2 14), 21.1)."
	}
	return ""
}

// presentRestrictions tells what steps 2a and 2b did. With open units
// the channel hears it all; with limited intelligence it hears only that
// the step was settled (the same words whatever happened), and each
// side's commanders read theirs with /command show.
func presentRestrictions(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	open := !g.Options.LimitedIntel
	var text string
	var side engine.Side
	switch e := e.(type) {
	case *lrtg.ArmyCommanderPlaced:
		text, side = armyText(g, e), e.Side
		if e.Outcome == lrtg.RestrictOff {
			return []Output{publicOut(req, text, view)}
		}
		if !open {
			S := strings.ToUpper(string(side))
			pub := fmt.Sprintf("⭐ %s 2 a) is settled (LRTG 21.1): the %s's commanders see where its army commander is with /command show.", S, S)
			if e.Outcome == lrtg.ArmyChoose {
				pub = fmt.Sprintf("⭐ %s 2 a): the overall commander chooses the infantry corps commander his army commander joins (/command army; LRTG 21.1).", S)
			}
			return []Output{publicOut(req, pub), restrictUmpireOut(text, view)}
		}
	case *lrtg.DistantCorpsChecked:
		text, side = distantText(g, e), e.Side
		if e.Outcome == lrtg.RestrictOff {
			return []Output{publicOut(req, text, view)}
		}
		if !open {
			S := strings.ToUpper(string(side))
			return []Output{publicOut(req, fmt.Sprintf("📏 %s 2 b) is settled (LRTG 21.1): the %s's commanders see it with /command show.", S, S)), restrictUmpireOut(text, view)}
		}
	case *lrtg.ControlChanged:
		if e.Why == "" {
			return nil
		}
		text = fmt.Sprintf("🔁 Control of %s passes from %s to %s. %s", corpsName(playerSide(g, e.From), e.Designation), e.From.Name, e.To.Name, controlWhyText(e.Why))
		if !open {
			return []Output{restrictUmpireOut(text, view)}
		}
	default:
		return nil
	}
	return []Output{publicOut(req, text, view)}
}

// playerSide is a player's side ("" for one who is not).
func playerSide(g engine.GameState, a engine.Actor) engine.Side {
	if p := g.Player(a.ID); p != nil {
		return p.Side
	}
	return ""
}

func restrictUmpireOut(text string, views ...EventView) Output {
	if views == nil {
		views = []EventView{}
	}
	return Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire · " + text, Events: views}
}

// handleCommandShow tells the asker's side (the umpire: both) its
// division of command, this turn's steps 2a and 2b, the corps 2b passed
// away, and what 16.2 14) still asks of the Union.
func handleCommandShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started", Hint: "The umpire starts it with /game start"}
	}
	sides := askerSides(g, req.User)
	if len(sides) == 0 {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.player", What: "You are not a commander of this game", Hint: "/game status lists the commanders"}
	}
	lines := []string{fmt.Sprintf("Turn %d (%s), %s.", g.Turn, g.TurnLabel(g.Turn), r.phaseLabel(g))}
	if g.Options.OverallRestrictions {
		lines = append(lines, "Optional Overall Commander Restrictions (LRTG 21.1): in play.")
	} else {
		lines = append(lines, "Optional Overall Commander Restrictions (LRTG 21.1): not in play.")
	}
	for _, s := range sides {
		S := strings.ToUpper(string(s))
		lines = append(lines, "**"+S+"**")
		for _, d := range lrtg.Of(g).Division(s) {
			who := d.Player.Actor.Name
			if d.Player.Overall {
				who += " (overall commander)"
			}
			cmds := append([]string(nil), d.Declared...)
			if len(d.Default) > 0 {
				cmds = append(cmds, "by default: "+strings.Join(d.Default, ", "))
			}
			if len(cmds) == 0 {
				cmds = []string{"nothing"}
			}
			lines = append(lines, fmt.Sprintf("· %s: %s", who, strings.Join(cmds, "; ")))
		}
		if a, ok := lrtg.Of(g).ArmyThisTurn(s); ok {
			lines = append(lines, armyText(g, &a))
		}
		if c, ok := lrtg.Of(g).DistantThisTurn(s); ok {
			lines = append(lines, distantText(g, &c))
		}
		var away []string
		for _, t := range lrtg.Of(g).Restrictions.Distant {
			if playerSide(g, t.From) == s {
				away = append(away, fmt.Sprintf("%s (to %s, turn %d)", corpsName(s, t.Designation), t.To.Name, t.Turn))
			}
		}
		if len(away) > 0 {
			sort.Strings(away)
			lines = append(lines, "Passed away from the overall commander in 2 b), to return without fatigue in a later Communications Phase within 10 hexes of the army commander (21.1): "+strings.Join(away, ", ")+".")
		}
		if s == engine.USA {
			if p := lrtg.Of(g).MeadeDivisionProblem(); p != "" {
				lines = append(lines, "16.2 14): the division of command must be put right (/command give, no fatigue this step): "+p+".")
			}
		}
	}
	e := &Embed{Title: "Division of command", Description: clipLines(lines, 4000), Footer: "LRTG 21.1; 16.2 14); 003 2 a)-c)."}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}
