package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Phase 3, Leader Transfer / Attachment (engine/lrtg/leaders.go): /leader
// transfer (step 3a; 000 IV b) for a passive side's leaders), /leader show,
// and what steps 3a and 3b did: the Jackson relapse roll (31.4) and Meade
// assuming command with every change 16.2 makes.

func leaderCommands() []*Command {
	return []*Command{{
		Name:        "leader",
		Description: "Leaders: transfer in step 3a, Hooker questioned and Meade, Jackson's wounds",
		Subcommands: []*Command{
			{
				Name:        "transfer",
				Description: "Transfer a leader to a unit within 10 hexes (30 if passive), or off the map if passive (003 3 a))",
				Options: []OptionSpec{
					{Name: "leader", Description: "Your leader, by id or name", Type: String, Required: true, MaxLength: 60, Placeholder: "leader", Autocomplete: leaderOwn},
					{Name: "to", Description: "The unit he joins, or off (a passive side: he returns to any unit next turn)", Type: String, Required: true, MaxLength: 60, Placeholder: "unit or off", Autocomplete: leaderTargets},
					{Name: "reason", Description: "Why (the umpire's reason sets a rule aside)", Type: String, MaxLength: 200, Placeholder: "text"},
				},
				Handle: handleLeaderTransfer,
			},
			{
				Name:        "show",
				Description: "Hooker Questioned so far, your leaders' transfer range and those off the map, Jackson's wounds",
				Ephemeral:   true,
				Handle:      handleLeaderShow,
			},
		},
	}}
}

// leaderOwn offers the leaders the asker commands, on the map or off it
// to return.
func leaderOwn(r *Router, req Request, typed string) []engine.Match {
	return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
		_, away := lrtg.Of(g).Command.Away[u.ID]
		return u.Kind.IsLeader() && !u.Eliminated && (u.OnMap || away) && g.Controls(req.User, u)
	})
}

// leaderTargets offers the units on the map of the asker's side (a leader
// joins a unit, not another leader), and off.
func leaderTargets(r *Router, req Request, typed string) []engine.Match {
	var out []engine.Match
	if strings.Contains(lrtg.LeaderOff, strings.ToLower(strings.TrimSpace(typed))) {
		out = append(out, engine.Match{Value: lrtg.LeaderOff, Label: "off (a passive side: off the map, back to any unit next turn)"})
	}
	return append(out, unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
		return !u.Kind.IsLeader() && u.OnMap && !u.Eliminated && attachFriendly(g, req.User, u)
	})...)
}

// leaderFind reads a unit by id or name among the units keep allows; a
// name is looked up among the asker's side only, so it never confirms an
// enemy unit.
func leaderFind(g engine.GameState, s, what string, keep func(engine.UnitState) bool) (string, error) {
	s = strings.TrimSpace(s)
	if u, ok := g.Units[s]; ok && keep(u) {
		return s, nil
	}
	var hits []string
	for _, id := range sortedUnitIDs(g) {
		if u := g.Units[id]; strings.EqualFold(u.Name, s) && keep(u) {
			hits = append(hits, id)
		}
	}
	if len(hits) > 1 {
		// A name shared with a counter still off the map (Meade's army
		// counter, the Hays of 16.2): the one in play.
		var on []string
		for _, id := range hits {
			if _, away := lrtg.Of(g).Command.Away[id]; g.Units[id].OnMap || away {
				on = append(on, id)
			}
		}
		if len(on) > 0 {
			hits = on
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.unknown", What: fmt.Sprintf("You have no %s %q", what, s), Hint: "/oob lists your units; Discord completes their names"}
	}
	return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.ambiguous", What: fmt.Sprintf("%q names several units: %s", s, strings.Join(hits, ", ")), Hint: "Use the unit's id"}
}

// transferToLeader says what is wrong when to: names a leader of the
// asker's side: a leader joins a unit, not another leader (003 3 a)), and
// "You have no unit "Slocum"" read as if Slocum were unknown (issue 22).
// It names the units with him, which the asker's side sees anyway; an
// enemy leader's name gets the plain refusal, so it confirms nothing.
func transferToLeader(g engine.GameState, asker engine.Actor, s string, err error) error {
	var re *engine.RuleError
	if err == nil || !errors.As(err, &re) || re.Code != "unit.unknown" {
		return err
	}
	id, lerr := leaderFind(g, s, "leader", func(u engine.UnitState) bool {
		return u.Kind.IsLeader() && !u.Eliminated && attachFriendly(g, asker, u)
	})
	if lerr != nil {
		return err
	}
	l := g.Units[id]
	hint := "Name a unit of your side, e.g. one " + l.Name + " is with; /oob lists them"
	if l.OnMap {
		var with []string
		for _, uid := range sortedUnitIDs(g) {
			if u := g.Units[uid]; !u.Kind.IsLeader() && !u.Eliminated && u.OnMap && u.Hex == l.Hex && attachFriendly(g, asker, u) {
				with = append(with, u.Name)
			}
		}
		if len(with) > 0 {
			pick := "name it"
			if len(with) > 1 {
				pick = "name one of them"
			}
			hint = fmt.Sprintf("%s is with %s: %s", l.Name, strings.Join(with, ", "), pick)
		} else {
			hint = fmt.Sprintf("No unit is with %s; name a unit of your side (/oob lists them)", l.Name)
		}
	}
	return &engine.RuleError{Kind: engine.ErrInvalid, Code: "leader.to", What: fmt.Sprintf("%s is a leader: a leader transfers to a unit, not to another leader (003 3 a))", l.Name), Hint: hint}
}

func handleLeaderTransfer(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Leader string `opt:"leader,raw"`
		To     string `opt:"to"`
		Reason string `opt:"reason"`
	}
	var probs optionProblems
	probs.decode(req, &o)
	id, err := leaderFind(g, o.Leader, "leader", func(u engine.UnitState) bool {
		return u.Kind.IsLeader() && !u.Eliminated && g.Controls(req.User, u)
	})
	probs.also(err)
	to := o.To
	if !strings.EqualFold(to, lrtg.LeaderOff) {
		to, err = leaderFind(g, to, "unit", func(u engine.UnitState) bool {
			return !u.Kind.IsLeader() && !u.Eliminated && attachFriendly(g, req.User, u)
		})
		probs.also(transferToLeader(g, req.User, o.To, err))
	}
	if err := probs.err(req); err != nil {
		return Reply{}, err // a wrong leader and a wrong unit refused together
	}
	cmd := lrtg.TransferLeader{By: req.User, Leader: id, To: to, Reason: o.Reason, Data: r.moveData(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.LeaderTransferred)
		return r.boardReply(req, g, transferText(g, e), views)
	})
}

// transferText tells a transfer: where the leader went, how far and under
// which rule, and any rule the umpire set aside.
func transferText(g engine.GameState, e *lrtg.LeaderTransferred) string {
	l := g.Units[e.Leader].Name
	var text string
	switch {
	case e.Off:
		text = fmt.Sprintf("%s leaves the map: his side is passive, so he returns to any unit next turn (000 IV b); 4.2).", l)
	case e.Return:
		text = fmt.Sprintf("%s returns to the map with %s at %s (000 IV b): any unit).", l, g.Units[e.To].Name, e.Ref)
	case e.Limit > 0:
		text = fmt.Sprintf("%s transfers to %s at %s: %d hexes (up to %d this turn; 003 3 a)).", l, g.Units[e.To].Name, e.Ref, e.Hexes, e.Limit)
	default:
		text = fmt.Sprintf("%s joins %s at %s (LRTG %s).", l, g.Units[e.To].Name, e.Ref, e.Rule)
	}
	if e.Override != "" {
		text += fmt.Sprintf("\n⚖️ The umpire set aside: %s. Reason: %s", strings.Join(e.Overrode, "; "), e.Override)
	}
	return text
}

func handleLeaderShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started", Hint: "The umpire starts it with /game start"}
	}
	umpire := g.IsUmpire(req.User)
	var side engine.Side
	if p := g.Player(req.User.ID); p != nil {
		side = p.Side
	}
	lines := []string{fmt.Sprintf("Turn %d (%s), %s.", g.Turn, g.TurnLabel(g.Turn), r.phaseLabel(g))}
	lines = append(lines, hookerLines(g)...)
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if !umpire && s != side {
			continue
		}
		S := strings.ToUpper(string(s))
		lim := fmt.Sprintf("%s leaders transfer up to %d hexes this turn", S, lrtg.Of(g).TransferLimit(s))
		if lrtg.Of(g).TransferLimit(s) == lrtg.TransferHexesPassive {
			lim += " (passive: or off the map, to return to any unit next turn)"
		}
		lines = append(lines, lim+" (003 3 a)).")
		var moved, away []string
		for _, id := range sortedUnitIDs(g) {
			u := g.Units[id]
			if u.Side != s {
				continue
			}
			if t, ok := lrtg.Of(g).Command.Transferred[id]; ok && t == g.Turn && u.OnMap {
				moved = append(moved, fmt.Sprintf("%s (now at %s)", u.Name, u.Ref))
			}
			if t, ok := lrtg.Of(g).Command.Away[id]; ok {
				away = append(away, fmt.Sprintf("%s (left on turn %d)", u.Name, t))
			}
		}
		if len(moved) > 0 {
			lines = append(lines, "Transferred this turn: "+strings.Join(moved, ", ")+".")
		}
		if len(away) > 0 {
			lines = append(lines, "Off the map, to return to any unit: "+strings.Join(away, ", ")+".")
		}
	}
	if g.Options.JacksonLives && (umpire || side == engine.CSA || !g.Options.LimitedIntel) {
		lines = append(lines, jacksonLine(g))
	}
	e := &Embed{Title: "Leaders", Description: clipLines(lines, 4000), Footer: "LRTG 16, 16.2, 31.4; 003 3 a)-c)."}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

// hookerLines tell the Hooker Questioned events so far, or Meade's
// command (public knowledge: the random events, the VP and army morale
// are public).
func hookerLines(g engine.GameState) []string {
	switch {
	case lrtg.Of(g).Command.Meade:
		return []string{fmt.Sprintf("Meade has commanded the Army of the Potomac since turn %d (LRTG 16.2).", lrtg.Of(g).Command.MeadeTurn)}
	case lrtg.Of(g).Movement.Meade:
		return []string{"The umpire has recorded Meade's command: 16.2's changes to the order of battle are made in the next step 3b."}
	}
	q := lrtg.Of(g).HookerQuestioned()
	out := []string{fmt.Sprintf("Hooker Questioned: %d of %d (LRTG 16.2; Meade assumes command in the next step 3b after the third).", len(q), lrtg.HookerQuestionedNeeded)}
	for _, e := range q {
		out = append(out, "· "+e.What)
	}
	return out
}

func jacksonLine(g engine.GameState) string {
	if _, ok := g.Units["csa.jackson"]; !ok {
		return "Jackson is not in play."
	}
	next := ""
	if lrtg.Of(g).Command.JacksonPlus() {
		next = " The next roll has +1 (two turns of a natural 2-3, until a No effect)."
	}
	j, ok := lrtg.Of(g).JacksonThisTurn()
	if !ok {
		return "Jackson's wounds (31.4): not rolled yet this turn (step 3a)." + next
	}
	return fmt.Sprintf("Jackson's wounds this turn (31.4, roll #%d): %d → %s.%s", j.Roll, j.Total, jacksonOutcome(j.Outcome), next)
}

func jacksonOutcome(o string) string {
	switch o {
	case "debilitated":
		return "debilitated: no corps assaults, no +2 infantry leader movement bonus, no Foot Cavalry"
	case "impacted":
		return "impacted: no +1 corps assault bonus, no Foot Cavalry"
	}
	return "no effect"
}

// presentLeaders tells what steps 3a and 3b did: the Jackson roll (the
// Confederates' only, with limited intelligence) and Meade assuming
// command with each change (public; places and strengths only when the
// game's units are open).
func presentLeaders(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	open := !g.Options.LimitedIntel
	pub := func(text string, public bool) Output {
		o := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: []EventView{}}
		if public {
			o.Events = []EventView{view}
		}
		return o
	}
	switch e := e.(type) {
	case *engine.TableRolled:
		if e.Table != "lrtg.jackson-relapse" {
			return nil
		}
		if !open {
			return []Output{pub(fmt.Sprintf("🎲 Roll #%d: the Jackson relapse roll (31.4), the Confederates' to know: /leader show.", e.Number), false)}
		}
		return []Output{pub(FormatTableRoll(e, r.library.Table(e.Table)), true)}
	case *lrtg.JacksonRelapse:
		return []Output{} // told with its roll (its modifiers say why)
	case *lrtg.MeadeCommands:
		text := "🎖️ **Meade assumes command of the Army of the Potomac** (LRTG 16.2)"
		if e.Reason != "" {
			text += ": " + e.Reason
		}
		return []Output{pub(text+".", true)}
	case *lrtg.MeadeAssumed:
		return []Output{pub(meadeText(g, e, open), open)}
	}
	return nil
}

// meadeText lists 16.2's changes in order, with the units' places and
// strengths when the game's units are open to both sides.
func meadeText(g engine.GameState, e *lrtg.MeadeAssumed, open bool) string {
	lines := []string{fmt.Sprintf("📋 The order of battle under Meade (LRTG 16.2, turn %d):", e.Turn)}
	told := map[string]bool{}
	for _, c := range e.Changes {
		what := c.What
		if !open {
			// What became of a unit out of play ("Davis has been
			// eliminated, so Gamble does not enter", "Price has been
			// eliminated", "... has attached to ...") tells the enemy
			// (LRTG 20): the rule's change alone, as when it applies.
			what, _, _ = strings.Cut(what, ": ")
			if c.Step == "2)" {
				// Whether the V Corps leader was out of play, and the unit
				// Meade and Sykes joined instead, are the Union's.
				what = "Meade's army counter and Sykes (V Corps) replace the Meade V Corps leader counter"
			}
			if told[c.Step+what] {
				continue
			}
			told[c.Step+what] = true
		}
		line := fmt.Sprintf("%s %s", c.Step, what)
		if open && len(c.Units) > 0 {
			var at []string
			for _, u := range c.Units {
				s := u.Name
				if u.OnMap {
					s += " at " + u.Ref
				}
				if u.Manpower > 0 {
					s += fmt.Sprintf(", %d MP", u.Manpower)
				}
				at = append(at, s)
			}
			line += " (" + strings.Join(at, "; ") + ")"
		}
		lines = append(lines, line+".")
	}
	lines = append(lines,
		"9), 10), 12), 13) Rolling for the Baltimore / DC release begins (if it had not); Hooker's restrictions of 16.1 end; all WV and HF units are released and may attach to AoP units, as may released Baltimore and DC units (12.1).",
		fmt.Sprintf("11) The Union suffers command paralysis this turn (turn %d): -1 to its initiative rolls (000 2.0 2)).", e.Turn))
	if o := e.Overall; o != nil {
		kept := append([]string(nil), o.FromCommands...)
		sort.Strings(kept)
		lines = append(lines, fmt.Sprintf("14) %s, who commands the V Corps, becomes the Union overall commander; %s keeps %s. Corps may change commanders now without fatigue (21.1).",
			o.To.Name, o.From.Name, strings.Join(kept, ", ")))
	} else {
		lines = append(lines, "14) The Union overall commander stays (he commands the V Corps, or the Union has one commander).")
	}
	if slices.Contains(g.Options.Optional, 25) {
		lines = append(lines, "16) From now the Union wins tied initiative rolls of 5-5 and 6-6 (variable initiative, optional rule 25).")
	} else {
		lines = append(lines, "16) Variable initiative (optional rule 25) is not in play: the Confederates still win every tie.")
	}
	if g.Options.Halleck {
		lines = append(lines, "17) The Halleck rule's effects end.")
	}
	lines = append(lines, "In this step the Union may place Couch and the cavalry division leaders with another unit of theirs (/leader transfer); "+
		"giving Price's manpower to the other of Custer and Farnsworth is the umpire's (/unit set).")
	return strings.Join(lines, "\n")
}
