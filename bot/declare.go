package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Steps 1e-1g of the turn (engine/lrtg/declare.go): /declare, the secret
// operational / passive declaration (LRTG 4.1); the time allocation
// (22.2); /harpersferry, the umpire's ruling on Harpers Ferry (6.1, 6.2).
// A declaration reaches no one but its side (and the umpire, who asks)
// until both are in; then both are shown in the channel together.

func declareCommands() []*Command {
	postures := func(_ *Router, _ Request, typed string) []engine.Match {
		var out []engine.Match
		for _, p := range []string{lrtg.PostureOperational, lrtg.PosturePassive} {
			if strings.HasPrefix(p, strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: p, Label: p})
			}
		}
		return out
	}
	return []*Command{
		{
			Name:        "declare",
			Description: "Declare your side operational or passive (overall commander, step 1e); alone: what you may see",
			Ephemeral:   true,
			Options: []OptionSpec{
				{Name: "posture", Description: "operational or passive (secret until both sides are in; LRTG 4.1)", Type: String, MaxLength: 12, Placeholder: "operational|passive", Autocomplete: postures},
				{Name: "side", Description: "The umpire declares for a side: csa or usa", Type: String, MaxLength: 3, Placeholder: "csa|usa"},
				{Name: "reason", Description: "The umpire's reason to declare for a side", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handleDeclare,
		},
		{
			Name:        "harpersferry",
			Description: "Rule whether Harpers Ferry is surrounded, and roll if it is (umpire, step 1g; LRTG 6.1, 6.2)",
			Options: []OptionSpec{
				{Name: "surrounded", Description: "true: at least one Union unit cannot trace its road path to the map edge (6.1)", Type: Boolean, Required: true},
				{Name: "naval_battery", Description: "Confederate infantry with an artillery value of 1+ on Naval Battery (+3)", Type: Boolean},
				{Name: "loudoun_heights", Description: "Confederate infantry with an artillery value of 1+ on Loudoun Heights (+1)", Type: Boolean},
				{Name: "bolivar_heights", Description: "Confederate infantry with an artillery value of 1+ on Bolivar Heights (+1)", Type: Boolean},
				{Name: "union_division", Description: "A Union infantry division within 10 hexes of Harpers Ferry (-2)", Type: Boolean},
				{Name: "units", Description: "The Union units cut off (default: all in or within three hexes)", Type: String, MaxLength: 300, Placeholder: "unit,..."},
				{Name: "reason", Description: "Why", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handleHarpersFerry,
		},
	}
}

// hfOptions maps /harpersferry's options to the surrender table's facts.
var hfOptions = map[string]string{
	"naval_battery":   "csa_artillery_naval_battery",
	"loudoun_heights": "csa_artillery_loudoun_heights",
	"bolivar_heights": "csa_artillery_bolivar_heights",
	"union_division":  "union_division_within_10",
}

func handleDeclare(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Posture string `opt:"posture,raw"` // the rules read it as typed
		Side    string `opt:"side,lower"`
		Reason  string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	if strings.TrimSpace(o.Posture) == "" {
		return ephemeralText(declareStatus(g, req.User)), nil
	}
	cmd := lrtg.DeclarePosture{By: req.User, Side: engine.Side(o.Side), Posture: o.Posture, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		d := evs[0].(*lrtg.PostureDeclared)
		own := fmt.Sprintf("🔒 You declared the %s **%s** for turn %d.", declSideLabel(d.Side), d.Posture, d.Turn)
		if len(evs) == 1 {
			return r.firstDeclarationReply(req, g, d, own, views)
		}
		rv := evs[1].(*lrtg.PosturesRevealed)
		own += " Both are in: they are shown in the channel."
		return Reply{Outputs: []Output{
			{Audience: Audience{Kind: AudienceEphemeral}, Text: own, Events: views[:1]},
			{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: revealText(rv), Events: views[1:]},
		}}
	})
}

func declSideLabel(s engine.Side) string { return strings.ToUpper(string(s)) }

func declOther(s engine.Side) engine.Side {
	if s == engine.CSA {
		return engine.USA
	}
	return engine.CSA
}

// declareStatus is what the asker may know of the turn's declarations
// (engine.DeclarationSeen decides it): his own side's; the loser's too when
// his side won the Spy (4.1); both once revealed; the umpire, both.
func declareStatus(g engine.GameState, a engine.Actor) string {
	lines := []string{fmt.Sprintf("**Operational / passive, turn %d** (LRTG 4.1)", g.Turn)}
	if g.CurrentStep() != "1e" && !lrtg.Of(g).Declared.Revealed(g.Turn) {
		lines = append(lines, "Declarations are made in step 1e; the game is at step "+declOrNone(g.CurrentStep())+".")
	}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		v := lrtg.Of(g).DeclarationSeen(a, s)
		switch {
		case v.Revealed && v.Posture != "":
			lines = append(lines, fmt.Sprintf("%s: **%s** (revealed)", declSideLabel(s), v.Posture))
		case v.Spy:
			lines = append(lines, fmt.Sprintf("%s: declared **%s**, shown to you alone as the Spy's winner (4.1)", declSideLabel(s), v.Posture))
		case v.Posture != "":
			lines = append(lines, fmt.Sprintf("%s: declared **%s**, secret until both are in", declSideLabel(s), v.Posture))
		case v.Declared:
			lines = append(lines, declSideLabel(s)+": declared (secret)")
		default:
			lines = append(lines, declSideLabel(s)+": not declared yet")
		}
	}
	if w := g.Waiting(); g.CurrentStep() == "1e" && len(w) > 0 {
		lines = append(lines, "Waiting for: "+strings.Join(w, "; ")+".")
		if p := g.Player(a.ID); p != nil && p.Overall && !lrtg.Of(g).DeclarationSeen(a, p.Side).Declared {
			lines = append(lines, "Declare with /declare posture:operational or posture:passive.")
		}
	}
	return strings.Join(lines, "\n")
}

func declOrNone(step string) string {
	if step == "" {
		return "none (the turn has not begun)"
	}
	return step
}

// revealText shows both declarations (public).
func revealText(e *lrtg.PosturesRevealed) string {
	var parts []string
	for _, s := range e.Sides {
		p := fmt.Sprintf("%s **%s**", declSideLabel(s.Side), s.Posture)
		if s.Defaulted {
			p += " (not declared when the umpire ended the step: operational)"
		}
		parts = append(parts, p)
	}
	lines := []string{fmt.Sprintf("🎭 Turn %d's declarations (LRTG 4.1): %s.", e.Turn, strings.Join(parts, ", "))}
	if e.SpyWinner != "" {
		lines = append(lines, fmt.Sprintf("The %s won the Spy and declared after seeing the %s's choice.", declSideLabel(e.SpyWinner), declSideLabel(declOther(e.SpyWinner))))
	}
	for _, s := range e.Sides {
		if s.ChitGain {
			lines = append(lines, fmt.Sprintf("The %s, passive, receives a time chit (now %d) and may spend none this turn (22.5).", declSideLabel(s.Side), s.Chits))
		}
	}
	for _, s := range e.Sides {
		if s.Posture == lrtg.PosturePassive {
			lines = append(lines, "Passive: movement rolls -1 (cavalry -2), smaller strategic moves, leader transfer up to 30 hexes, forage and resupply, depot work (4.2).")
			break
		}
	}
	return strings.Join(lines, "\n")
}

// timeText shows the allowances (public; leader names only when units
// are not hidden).
func timeText(g engine.GameState, e *lrtg.TimeAllocated, names bool) string {
	return timeLines(g, e, names) + "\n" + fmt.Sprintf("Time chits: CSA %d, USA %d; an operational side may spend one for 3 minutes (22.5).", lrtg.Of(g).Chits[engine.CSA], lrtg.Of(g).Chits[engine.USA])
}

// timeLines shows the allowances of e's sides.
func timeLines(g engine.GameState, e *lrtg.TimeAllocated, names bool) string {
	lines := []string{fmt.Sprintf("⏱️ Time allocation, turn %d (LRTG 22.2):", e.Turn)}
	for _, a := range e.Sides {
		l := fmt.Sprintf("%s: **%d minutes** = %s", declSideLabel(a.Side), a.Minutes, strings.Join(a.Parts(), " "))
		if names && len(a.Leaders) > 0 {
			var ns []string
			for _, id := range a.Leaders {
				ns = append(ns, g.Units[id].Name)
			}
			l += " [" + strings.Join(ns, ", ") + "]"
		}
		if a.Floored {
			l += " (no less than 0)"
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

func declUnitNames(g engine.GameState, ids []string) string {
	ns := make([]string, len(ids))
	for i, id := range ids {
		ns[i] = g.Units[id].Name
	}
	return strings.Join(ns, ", ")
}

// hfCheckText tells what the check or ruling found (public; unit names
// only when units are not hidden).
func hfCheckText(g engine.GameState, e *lrtg.HarpersFerryChecked, names bool) string {
	who := ""
	if names && len(e.Units) > 0 {
		who = " (" + declUnitNames(g, e.Units) + ")"
	}
	switch e.Status {
	case lrtg.HFClear:
		if !names {
			return "🏰 Harpers Ferry: not surrounded; no surrender roll (LRTG 6.1, 6.2)."
		}
		return "🏰 Harpers Ferry: no Union unit is in or within three hexes; no surrender roll (LRTG 6.2)."
	case lrtg.HFOpen:
		if !names {
			return "🏰 Harpers Ferry: not surrounded; no surrender roll (LRTG 6.1, 6.2)."
		}
		return fmt.Sprintf("🏰 Harpers Ferry: the Union units there%s can reach the map edge, no Confederate unit being near; no surrender roll (LRTG 6.1).", who)
	case lrtg.HFAsk:
		return "🏰 Harpers Ferry: the umpire rules whether it is surrounded (LRTG 6.1)."
	case lrtg.HFNotSurrounded:
		t := "🏰 Harpers Ferry: the umpire rules it is not surrounded; no surrender roll (LRTG 6.1)."
		if e.Reason != "" {
			t += " Why: " + e.Reason + "."
		}
		return t
	}
	t := "🏰 Harpers Ferry is **surrounded**: the umpire rules that Union units there cannot reach the map edge (LRTG 6.1). The Confederates roll for its surrender (6.2)."
	if names && len(e.Cutoff) > 0 {
		t = fmt.Sprintf("🏰 Harpers Ferry is **surrounded**: the umpire rules that %s cannot reach the map edge (LRTG 6.1). The Confederates roll for its surrender (6.2).", declUnitNames(g, e.Cutoff))
	}
	if e.Reason != "" {
		t += " Why: " + e.Reason + "."
	}
	return t
}

// hfRollText tells the roll's consequence (public).
func hfRollText(g engine.GameState, e *lrtg.HarpersFerryRolled, names bool) string {
	if len(e.Surrendered) == 0 {
		if e.Outcome == "surrender" {
			return "🏳️ Harpers Ferry surrenders, but no Union unit is left there to capture."
		}
		return fmt.Sprintf("🏰 Harpers Ferry holds (total %d; 11 or more surrenders).", e.Total)
	}
	who := fmt.Sprintf("%d Union unit%s", len(e.Surrendered), declPlural(len(e.Surrendered)))
	if names {
		ids := make([]string, len(e.Surrendered))
		for i, s := range e.Surrendered {
			ids[i] = s.Unit
		}
		who = declUnitNames(g, ids)
	}
	return fmt.Sprintf("🏳️ **Harpers Ferry surrenders** (total %d): %s, %d MP, are captured: **%+d VP** (000 VII 6).", e.Total, who, e.Manpower, e.VP)
}

func declPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// presentDeclared tells the channel what steps 1e-1g did by themselves.
func presentDeclared(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	pub := func(text string, public bool) Output {
		o := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: []EventView{}}
		if public {
			o.Events = []EventView{view}
		}
		return o
	}
	open := !g.Options.LimitedIntel
	switch e := e.(type) {
	case *lrtg.PosturesRevealed:
		return []Output{pub(revealText(e), true)}
	case *lrtg.TimeAllocated:
		if open {
			return []Output{pub(timeText(g, e, true), true)}
		}
		// A hidden game: a side's minutes count its leaders near the
		// enemy (22.2), so each side reads its own in its commanders'
		// channels, and the table only that the time is allocated.
		outs := []Output{pub(fmt.Sprintf("⏱️ Time allocation, turn %d (LRTG 22.2): each side reads its own allowance in its commanders' channels and with /clock show (it counts its leaders near the enemy, which this game keeps secret). Time chits: CSA %d, USA %d; an operational side may spend one for 3 minutes (22.5).",
			e.Turn, lrtg.Of(g).Chits[engine.CSA], lrtg.Of(g).Chits[engine.USA]), false)}
		for _, p := range g.Players {
			ch, ok := r.commanderChannel(g, p.Actor.ID)
			if !ok {
				continue
			}
			own := *e
			own.Sides = nil
			for _, a := range e.Sides {
				if a.Side == p.Side {
					own.Sides = append(own.Sides, a)
				}
			}
			outs = append(outs, Output{Audience: Audience{Kind: AudienceChannel, Channel: ch, UserID: p.Actor.ID}, Text: timeLines(g, &own, false), Events: []EventView{}})
		}
		if g.IsUmpire(r.channelActor(req)) {
			outs = append(outs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: timeText(g, e, true), Events: []EventView{view}})
		}
		return outs
	case *lrtg.HarpersFerryChecked:
		outs := []Output{pub(hfCheckText(g, e, open), open)}
		if e.Status == lrtg.HFAsk || e.Status == lrtg.HFOpen {
			outs = append(outs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: hfUmpireText(g, e), Events: []EventView{view}})
		}
		return outs
	case *engine.TableRolled:
		if e.Table != lrtg.HarpersFerryTable {
			return nil
		}
		return []Output{pub(FormatTableRoll(e, r.library.Table(e.Table)), true)}
	case *lrtg.HarpersFerryRolled:
		return []Output{pub(hfRollText(g, e, open), open)}
	}
	return nil
}

// hfUmpireText is the umpire's brief for his ruling: the units that must
// trace, the Confederates near them, and what the map data cannot tell.
func hfUmpireText(g engine.GameState, e *lrtg.HarpersFerryChecked) string {
	lines := []string{"Umpire, Harpers Ferry (6.1): " + e.Why + "."}
	if len(e.Units) > 0 {
		lines = append(lines, "Union units that must trace a road, pike or railroad path to a map edge: "+declUnitHexes(g, e.Units)+".")
	}
	if len(e.Near) > 0 {
		lines = append(lines, "Confederate units near them: "+declUnitHexes(g, e.Near)+".")
	}
	var facts []string
	for _, a := range e.Ask {
		for o, f := range hfOptions {
			if f == a {
				facts = append(facts, o+":true|false")
			}
		}
	}
	rule := "Rule with /harpersferry surrounded:true|false"
	if e.Status != lrtg.HFAsk {
		rule = "To rule otherwise (before /phase next): /harpersferry surrounded:true"
		if g.Options.AutoSteps() {
			// The step waited for no one and the game went on by itself.
			rule = "The game went on by the map's reading (steps:auto: the step waits for your ruling only when the map cannot tell); a group that wants this ruling every turn plays with steps:manual"
		}
	}
	if len(facts) > 0 {
		rule += "; if surrounded, also " + strings.Join(facts, " ") + " (the map data cannot tell them: it has no artillery values)"
	}
	lines = append(lines, rule+".")
	return strings.Join(lines, "\n")
}

func declUnitHexes(g engine.GameState, ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		u := g.Units[id]
		out[i] = u.Name
		if u.Ref != "" {
			out[i] += " (" + u.Ref + ")"
		}
	}
	return strings.Join(out, ", ")
}

func handleHarpersFerry(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Surrounded bool   `opt:"surrounded"`
		Units      string `opt:"units,raw"`
		Reason     string `opt:"reason"`
		// The surrender table's facts (hfOptions): nil when not given.
		NavalBattery   *bool `opt:"naval_battery"`
		LoudounHeights *bool `opt:"loudoun_heights"`
		BolivarHeights *bool `opt:"bolivar_heights"`
		UnionDivision  *bool `opt:"union_division"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.RuleHarpersFerry{By: req.User, Surrounded: o.Surrounded, Facts: map[string]bool{}, Reason: o.Reason,
		Table: r.library.Table(lrtg.HarpersFerryTableOf(g.Game()))} // LRTA: lrta_turnstart.go
	given := map[string]*bool{"naval_battery": o.NavalBattery, "loudoun_heights": o.LoudounHeights, "bolivar_heights": o.BolivarHeights, "union_division": o.UnionDivision}
	for name, f := range hfOptions {
		if v := given[name]; v != nil {
			cmd.Facts[f] = *v
		}
	}
	if g.IsUmpire(req.User) {
		if cmd.Units, err = unitList(g, req.User, o.Units); err != nil {
			return Reply{}, err
		}
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		open := !g.Options.LimitedIntel
		next := g
		var text []string
		var public []EventView
		for i, e := range evs {
			next = next.Apply(e)
			switch e := e.(type) {
			case *lrtg.HarpersFerryChecked:
				text = append(text, hfCheckText(next, e, open))
				if open {
					public = append(public, views[i])
				}
			case *engine.TableRolled:
				text = append(text, FormatTableRoll(e, cmd.Table))
				public = append(public, views[i])
			case *lrtg.HarpersFerryRolled:
				text = append(text, r.hfRollTextOf(next, e, open)) // LRTA's 13: lrta_turnstart.go
				if open {
					public = append(public, views[i])
				}
			}
		}
		text = append(text, waitingLine(next)) // sequence.go
		if public == nil {
			public = []EventView{}
		}
		outs := []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: strings.Join(text, "\n"), Events: public}}
		if len(public) < len(views) {
			outs = append(outs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire: the ruling's events, with the units' names.", Events: views})
		}
		return Reply{Outputs: outs}
	})
}
