package bot

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA's Turn Start steps 1a, 1b, 1c, 1g and the Union Garrison Check of
// the Victory Check (engine/lrtg/lrta_turnstart.go, lrta_garrison.go): what the
// step messages say, and /garrison (show: the DC garrison requirement and
// the garrisons; penalty: the umpire's assessment, 004 8).
//
// Secrecy, as LRTG's Turn Start (turnstart.go): the militia roll is the
// Union's with limited intelligence (the channel learns that it rolled);
// scheduled arrivals are public, without their event under limited
// intelligence. The DC garrison requirement comes from what both sides may
// know and is public (the Confederate units that make the threat line
// apply are not named). The garrisons' strength is the Union's: with
// limited intelligence the check's figures go to the umpire (and to the
// Union through /garrison show), the channel learns that the check was
// made and, the Victory Point Record being public, any penalty's VP.

// presentLRTATurnStart is the first of stepPresenters (sequence.go):
// LRTG's presenters claim the same events (the militia roll, arrivals, the
// surrender roll) with LRTG's words; in an LRTA game these are LRTA's.

func lrtaTurnStartCommands() []*Command {
	return []*Command{{
		Name:        "garrison",
		Description: "LRTA's Union garrisons: the DC garrison requirement, the check and its penalty (004 1 c), 8)",
		Subcommands: []*Command{
			{
				Name:        "show",
				Description: "This turn's DC garrison requirement, line by line, and the garrisons (your side's view)",
				Ephemeral:   true,
				Handle:      handleGarrisonShow,
			},
			{
				Name:        "penalty",
				Description: "The penalty for this turn's garrison shortfall: VP to the Confederates, 0 if none (umpire, step 8)",
				Options: []OptionSpec{
					{Name: "vp", Description: "Victory points to the Confederates (0: no penalty is due)", Type: Integer, Required: true},
					{Name: "reason", Description: "The rule applied: 004 prints no penalty (LRTA 3.2, 5.2)", Type: String, Required: true, MaxLength: 200, Placeholder: "text"},
					{Name: "garrisons", Description: "The garrisons penalised: dc, baltimore, harpers-ferry (default: those the check found short)", Type: String, MaxLength: 60, Placeholder: "dc,baltimore,harpers-ferry"},
				},
				Handle: handleGarrisonPenalty,
			},
		},
	}}
}

// presentLRTATurnStart tells what LRTA's 1a, 1b, 1c, 1g and the garrison
// check did; nil for anything else (and in a game whose turn start is not
// 004's: seriesInfo.bookletTurnStart).
func presentLRTATurnStart(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	if !seriesOf(g).bookletTurnStart {
		return nil
	}
	open := !g.Options.LimitedIntel
	switch e := e.(type) {
	case *engine.TableRolled:
		switch e.Table {
		case lrtg.TableLRTAPAMilitia:
			return []Output{} // explained by the militia roll that follows
		case lrtg.TableLRTAHarpersFerry:
			return []Output{publicOut(req, FormatTableRoll(e, r.library.Table(e.Table)), view)}
		}
	case *lrtg.UnionRolled:
		if e.Track != lrtg.TrackPAMilitia {
			return nil
		}
		text := militiaRollText(g, e)
		if open {
			return []Output{publicOut(req, text, view)}
		}
		outs := []Output{umpireOut(text, view)}
		if e.Rolled {
			outs = append(outs, publicOut(req, "🎲 The Union rolls for the Pennsylvania militia (LRTA 2.3): the result is the Union's."))
		}
		return outs
	case *lrtg.ReinforcementsArrived:
		if e.Rule != lrtg.RuleLRTAReinforcements {
			return nil
		}
		text := r.lrtaArrivalText(g, e)
		if open {
			return []Output{publicOut(req, text, view)}
		}
		// The schedule is known to both sides, but with limited
		// intelligence the channel is not told where units enter: an entry
		// hex may be where the side's units stand (Aquia Creek), and an
		// arrival may be held back (LRTG 3.0). The side reads its entries
		// with /reinforcements; the umpire gets the whole text.
		return []Output{publicOut(req, lrtaArrivalPublic(g, e)), {Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire · " + text, Events: []EventView{view}}}
	case *lrtg.HarpersFerryRolled:
		text := lrtaHFRollText(r, g, e, open)
		if open {
			return []Output{publicOut(req, text, view)}
		}
		return []Output{publicOut(req, text)}
	case *lrtg.DCGarrisonSet:
		text := dcRequirementText(e)
		if open {
			return []Output{publicOut(req, text, view)}
		}
		return []Output{publicOut(req, text)}
	case *lrtg.GarrisonChecked:
		text := garrisonCheckText(g, e, true)
		if open {
			return []Output{publicOut(req, text, view)}
		}
		return []Output{
			publicOut(req, "🛡️ Union garrison check (004 8): made. With limited intelligence the garrisons' strength is the Union's (/garrison show)."),
			{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire · " + text, Events: []EventView{view}},
		}
	}
	return nil
}

// militiaRollText explains the militia roll (or why there is none) and
// what it brought.
func militiaRollText(g engine.GameState, e *lrtg.UnionRolled) string {
	const title = "Pennsylvania militia entry (LRTA 2.3; 004 1 a))"
	if !e.Rolled {
		return fmt.Sprintf("– %s: no roll — %s.", title, unionNoRoll(e))
	}
	var b strings.Builder
	if e.RollsBegan() {
		fmt.Fprintf(&b, "▶ The militia rolls begin: %s.\n", unionBegan(e))
	}
	fmt.Fprintf(&b, "🎲 Roll #%d · %s: %s %s%s", e.Number, title, e.Dice, faces(e.Faces), modText(e.Modifiers))
	if len(e.Modifiers) > 0 {
		fmt.Fprintf(&b, " → %d", e.Total)
	}
	fmt.Fprintf(&b, "; needs %s", e.Target)
	for _, rd := range e.Redirects {
		fmt.Fprintf(&b, "; treated instead as %q, because %s", rd.To, rd.Reason)
	}
	fmt.Fprintf(&b, ": **%s**.", e.Result)
	for _, id := range e.Units {
		where := "in Camp Curtin (RN4907)"
		if e.Outcome == "arrives-held" {
			where += ", once the Confederates have left it"
		}
		fmt.Fprintf(&b, "\n🪖 Arrives: %s, %s. The Union places it with /move, now or in a later reinforcement phase (LRTG 3.0).", unitNames(g, []string{id}), where)
	}
	return b.String()
}

// lrtaArrivalText tells of a side's scheduled arrivals, each with its
// entry as the order of battle gives it.
func (r *Router) lrtaArrivalText(g engine.GameState, e *lrtg.ReinforcementsArrived) string {
	data := r.moveData(g)
	var parts []string
	for _, id := range e.Units {
		s := g.Units[id].Name
		if p, ok := lrtg.Of(g).LRTAEntry(g.Units[id], data); ok {
			s += ", " + p.Where
		}
		parts = append(parts, s)
	}
	side := "Confederate"
	if e.Side == engine.USA {
		side = "Union"
	}
	return fmt.Sprintf("🪖 %s reinforcements (LRTA 2.0; 004 1 b)): %s. They enter with /move, now or in a later reinforcement phase (LRTG 3.0).", side, strings.Join(parts, "; "))
}

// lrtaArrivalPublic tells the channel, under limited intelligence, which
// units the schedule brings, without their entries.
func lrtaArrivalPublic(g engine.GameState, e *lrtg.ReinforcementsArrived) string {
	side := "Confederate"
	if e.Side == engine.USA {
		side = "Union"
	}
	return fmt.Sprintf("🪖 %s reinforcements (LRTA 2.0; 004 1 b)): %s, at their entries on the order of battle (/reinforcements shows them to their side). They enter with /move, now or in a later reinforcement phase (LRTG 3.0).",
		side, unitNames(g, e.Units))
}

// surrenderTarget is the lowest total that surrenders on a Harpers Ferry
// table ("13 or more").
func surrenderTarget(tb *engine.Table) string {
	if tb == nil {
		return "13 or more"
	}
	lo := math.MaxInt
	for _, en := range tb.Entries {
		if en.Outcome != "holds" {
			lo = min(lo, en.Min)
		}
	}
	return fmt.Sprintf("%d or more", lo)
}

// lrtaHFRollText tells the LRTA surrender roll's consequence.
func lrtaHFRollText(r *Router, g engine.GameState, e *lrtg.HarpersFerryRolled, names bool) string {
	target := surrenderTarget(r.library.Table(lrtg.TableLRTAHarpersFerry))
	if len(e.Surrendered) == 0 {
		if e.Outcome != "holds" {
			return "🏳️ Harpers Ferry surrenders, but no Union unit is left there to capture."
		}
		return fmt.Sprintf("🏰 Harpers Ferry holds (total %d; %s surrenders: LRTA 9.0).", e.Total, target)
	}
	who := fmt.Sprintf("%d Union unit%s", len(e.Surrendered), declPlural(len(e.Surrendered)))
	if names {
		ids := make([]string, len(e.Surrendered))
		for i, s := range e.Surrendered {
			ids[i] = s.Unit
		}
		who = declUnitNames(g, ids)
	}
	return fmt.Sprintf("🏳️ **Harpers Ferry surrenders** (total %d, %s: LRTA 9.0): %s, %d MP, are captured: **%+d VP** (%s).", e.Total, target, who, e.Manpower, e.VP, lrtaSeries.lossVPRule)
}

// dcRequirementText is the requirement, the lines that apply and why.
func dcRequirementText(e *lrtg.DCGarrisonSet) string {
	var lines []string
	for _, l := range e.Lines {
		if !l.Applies {
			continue
		}
		s := fmt.Sprintf("+%d %s", l.MP, l.What)
		if l.Why != "" {
			s += " (" + l.Why + ")"
		}
		lines = append(lines, s)
	}
	if len(lines) > 0 {
		lines[0] = strings.TrimPrefix(lines[0], "+")
	}
	return fmt.Sprintf("🏛️ DC garrison requirement, turn %d (004 1 c); LRTA 3.2): **%d MP** in the DC Defense Area, %d of it cavalry — %s. Checked in the Victory Check (8).",
		e.Turn, e.Total, e.Cavalry, strings.Join(lines, "; "))
}

// garrisonCheckText says what the check found, garrison by garrison
// (with the Union units counted when names is true).
func garrisonCheckText(g engine.GameState, e *lrtg.GarrisonChecked, names bool) string {
	lines := []string{fmt.Sprintf("🛡️ Union garrison check, turn %d (004 8):", e.Turn)}
	for _, s := range e.Garrisons {
		mark := "–"
		switch {
		case s.Checked && s.Met:
			mark = "✅"
		case s.Checked:
			mark = "❌"
		}
		line := fmt.Sprintf("%s %s: %s", mark, lrtg.GarrisonTitle(s.Garrison), garrisonWhy(s))
		if names && s.Checked && len(s.Units) > 0 {
			line += " [" + unitNames(g, s.Units) + "]"
		}
		lines = append(lines, line+".")
	}
	if short := e.Short(); len(short) > 0 {
		lines = append(lines, "004 prints no penalty: the umpire assesses the one his copy of the rules gives (LRTA 3.2, 5.2) with /garrison penalty vp:<n> reason:<rule> (vp:0 if none is due).")
	}
	return strings.Join(lines, "\n")
}

// garrisonViewer is whether the asker may see the garrisons' strength: the
// umpire, the Union, and anyone in an open game.
func garrisonViewer(g engine.GameState, a engine.Actor) (player, sees bool) {
	p := g.Player(a.ID)
	switch {
	case g.IsUmpire(a):
		return true, true
	case p == nil:
		return false, false
	}
	return true, p.Side == engine.USA || !g.Options.LimitedIntel
}

func handleGarrisonShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Started || !seriesOf(g).bookletTurnStart {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "garrison.game", What: "The Union garrison requirements are LRTA's (004 1 c), 8), in a started game",
			Hint: "/game new scenario:lrta-campaign, then /game start"}
	}
	player, sees := garrisonViewer(g, req.User)
	if !player {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "garrison.player", What: "Only the game's players and umpire see its garrisons", Hint: "Join the game with /game join"}
	}
	data := r.moveData(g)
	req0, set := lrtg.Of(g).LRTAStart.DCRequirementOf(g.Turn)
	lines := []string{}
	if set {
		lines = append(lines, dcRequirementText(&req0))
	} else if now, err := lrtg.Of(g).DCGarrisonRequirement(data, r.library); err == nil {
		lines = append(lines, "Not yet set this turn (step 1c); as things stand:", dcRequirementText(now))
	}
	if c, ok := lrtg.Of(g).LRTAStart.CheckOf(g.Turn); ok {
		if sees {
			lines = append(lines, garrisonCheckText(g, &c, true))
		} else {
			lines = append(lines, "🛡️ This turn's garrison check is made; the garrisons' strength is the Union's (limited intelligence).")
		}
	} else if sees {
		// The garrisons as they stand (the check is made in step 8).
		now := lrtg.GarrisonChecked{Turn: g.Turn}
		if evs, err := lrtg.LRTAGarrisonsNow(lrtg.Of(g), engine.StepContext{Move: data, Library: r.library}); err == nil {
			now = evs
		}
		lines = append(lines, strings.Replace(garrisonCheckText(g, &now, true), "Union garrison check", "The garrisons now (checked in step 8)", 1))
	}
	var pen []string
	for _, p := range lrtg.Of(g).LRTAStart.Penalties {
		s := fmt.Sprintf("Turn %d: %+d VP", p.Turn, p.VP)
		if sees && len(p.Garrisons) > 0 {
			titles := make([]string, len(p.Garrisons))
			for i, id := range p.Garrisons {
				titles[i] = lrtg.GarrisonTitle(id)
			}
			s += " (" + strings.Join(titles, ", ") + "; " + p.Reason + ")"
		}
		pen = append(pen, s)
	}
	if len(pen) > 0 {
		lines = append(lines, "Penalties assessed: "+strings.Join(pen, "; ")+".")
	}
	e := &Embed{Title: fmt.Sprintf("Union garrisons — turn %d (%s)", g.Turn, g.TurnLabel(g.Turn)), Description: clipLines(lines, 4000),
		Footer: "004 DC Garrison Requirements; Sequence of Play 1 c), 8. Baltimore: 004 prints no requirement (the umpire's)."}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

func handleGarrisonPenalty(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		VP        int      `opt:"vp,required" bad:"garrison.vp|%q is not a number of VP|vp:0 or more"`
		Garrisons []string `opt:"garrisons,lower"`
		Reason    string   `opt:"reason,raw"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.AssessGarrisonPenalty{By: req.User, VP: o.VP, Reason: o.Reason, Garrisons: o.Garrisons}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		p := evs[0].(*lrtg.GarrisonPenaltyAssessed)
		next := g.Apply(p)
		_, total := lrtg.Of(next).VPTotals()
		var public string
		switch {
		case p.VP == 0:
			public = fmt.Sprintf("⚖️ The umpire assesses no garrison penalty for turn %d (004 8).", p.Turn)
		case p.Hidden:
			public = fmt.Sprintf("⚖️ Union garrison penalty, turn %d (004 8): **%+d VP** to the Confederates; the record stands at %+d.", p.Turn, p.VP, total)
		default:
			titles := make([]string, len(p.Garrisons))
			for i, id := range p.Garrisons {
				titles[i] = lrtg.GarrisonTitle(id)
			}
			public = fmt.Sprintf("⚖️ Union garrison penalty, turn %d (004 8): %s short — **%+d VP** to the Confederates (%s); the record stands at %+d.",
				p.Turn, strings.Join(titles, ", "), p.VP, p.Reason, total)
		}
		if p.VP == 0 && !p.Hidden {
			public += " Why: " + p.Reason + "."
		}
		if w := next.Waiting(); len(w) > 0 {
			public += "\nWaiting for: " + strings.Join(w, "; ") + "."
		}
		outs := []Output{publicOut(req, public)}
		if p.Hidden {
			outs = append(outs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire: the assessment, with its garrisons and reason.", Events: views})
		} else {
			outs[0].Events = views
		}
		return Reply{Outputs: outs}
	})
}

// hfRollTextOf is the surrender roll's text for the game (/harpersferry,
// declare.go): LRTA's table (its turn start's) needs 13, LRTG's 11.
func (r *Router) hfRollTextOf(g engine.GameState, e *lrtg.HarpersFerryRolled, names bool) string {
	if seriesOf(g).bookletTurnStart {
		return lrtaHFRollText(r, g, e, names)
	}
	return hfRollText(g, e, names)
}
