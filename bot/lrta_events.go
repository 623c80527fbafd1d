package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA random events (engine/lrtg/lrta_events.go; 004 Random Events, Sequence
// of Play 1 d)): step 1d's rolls and what they did are told in the
// channel, each roll with its table, its 004 source, its modifiers and
// every "treat instead" with why; /event show repeats the turn's event and
// what still holds from earlier ones, with the Enemy Intelligence
// information for the winner only; /recruits is the Union's Raw Recruits.
//
// Who sees what: the events and their rolls are public, as the board game
// rolls them in the open. With limited intelligence the facts behind a
// roll (where the army commanders and Confederate infantry stand) and the
// events that place units are left out of the channel; the Confederate
// victuals lost are the Confederates' (their sheet); the loser's supply
// status sheet goes to the Enemy Intelligence winner only; the units Raw
// Recruits reinforce are the Union's. The umpire gets every event.

func lrtaEventCommands() []*Command {
	return []*Command{{
		Name:        "recruits",
		Description: "Raw Recruits (LRTA random event): give the manpower to Union infantry in resupply range (Union)",
		Options: []OptionSpec{
			{Name: "manpower", Description: "e.g. King 3, Casey 5 (at most the event's total); none: decline", Type: String, Required: true, MaxLength: 300, Placeholder: "unit MP, ..."},
			{Name: "reason", Description: "The umpire's ruling, to set the resupply range check aside", Type: String, MaxLength: 200, Placeholder: "text"},
		},
		Handle: handleRecruits,
	}}
}

// presentLRTAEvent tells the channel what LRTA's step 1d did.
func presentLRTAEvent(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	if !seriesOf(g).bookletTurnStart || g.CurrentStep() != "1d" {
		return nil
	}
	li := g.Options.LimitedIntel
	pub := func(text string, public bool) Output {
		o := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: []EventView{}}
		if public {
			o.Events = []EventView{view}
		}
		return o
	}
	umpire := func(text string) Output {
		return Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire: " + text, Events: []EventView{view}}
	}
	switch e := e.(type) {
	case *engine.TableRolled:
		switch e.Table {
		case lrtg.LRTARandomEventsTable, lrtg.LRTAIntelTable, lrtg.LRTALeaderCasualtiesTable:
			return []Output{pub(r.rollText(e, li), !li)}
		}
	case *lrtg.LRTARandomEvent:
		outs := []Output{pub(lrtaEventText(r, e), !li)}
		if e.IntelTie != "" || e.IntelCavalry != nil || e.SugarLoaf != "" || e.Replacement != nil {
			outs = append(outs, umpire(lrtaEventUmpireText(e)))
		}
		return outs
	case *lrtg.SupplyAdjusted:
		// Confederate Supply Problems: the victuals are the Confederates'.
		outs := []Output{pub("🍞 Confederate Supply Problems: the Confederate victuals are reduced as above (004 random event 7); each side sees its own sheet with /supply show.", false)}
		if len(e.Check.VP) > 0 {
			outs = append(outs, pub(checkText(g, e.Check), false))
		}
		var parts []string
		if e.Track != nil {
			parts = append(parts, fmt.Sprintf("track %+d → %+d", e.Track.From, e.Track.To))
		}
		for _, u := range e.Units {
			parts = append(parts, fmt.Sprintf("%s %d → %d", u.Name, u.From, u.To))
		}
		return append(outs, umpire(fmt.Sprintf("%s: %s", supplyReason(e.ReasonCode, e.Divisions, e.Reason), strings.Join(parts, ", "))))
	}
	return nil
}

// lrtaEventText says what an LRTA random event does, in words that place
// no unit (every player may read it).
func lrtaEventText(r *Router, e *lrtg.LRTARandomEvent) string {
	var b strings.Builder
	fmt.Fprintf(&b, "📜 **Random event, turn %d: %s** (004 Random Events; LRTA 6.0).", e.Turn, e.Name)
	if e.Printed != e.Outcome {
		printed := e.Printed
		if tb := r.library.Table(lrtg.LRTARandomEventsTable); tb != nil {
			if o := tb.Outcome(e.Printed); o != nil {
				printed = o.Name
			}
		}
		fmt.Fprintf(&b, "\n• The dice name %s; 004's \"treat instead\" makes it %s (the roll says why).", printed, e.Name)
	}
	if e.Intel != "" {
		fmt.Fprintf(&b, "\n• Enemy Intelligence: the %s win the contest (004).", sidePlural(e.Intel))
	}
	if e.CasualtyName != "" {
		fmt.Fprintf(&b, "\n• Leader Casualties: %s (004).", e.CasualtyName)
	}
	for _, s := range lrtaEffectLines(e) {
		b.WriteString("\n• " + s)
	}
	return b.String()
}

// lrtaEventUmpireText is what only the umpire reads of an event: the
// Enemy Intelligence tie's distances, the Sugar Loaf Mountain occupant
// as the step saw it, the replacement counter's place.
func lrtaEventUmpireText(e *lrtg.LRTARandomEvent) string {
	var parts []string
	if tie := cavalryTieText(e.IntelCavalry, e.IntelTie); tie != "" {
		parts = append(parts, "Enemy Intelligence tie rule: "+tie)
	}
	if e.SugarLoaf != "" {
		parts = append(parts, fmt.Sprintf("the last unit seen on Sugar Loaf Mountain (HCR W 4424) is %s", sideName(e.SugarLoaf)))
	}
	if in := e.Replacement; in != nil {
		parts = append(parts, fmt.Sprintf("%s replaces %s at %s (%s)", in.Name, e.Replaced, in.Ref, in.Command))
	}
	return strings.Join(parts, "; ") + "."
}

// lrtaLasting lists what earlier random events still do this turn.
func lrtaLasting(g engine.GameState) []string {
	var out []string
	if on, why := lrtg.Of(g).LRTARearAreaParalysis(); on && (lrtg.Of(g).LRTAEvent() == nil || lrtg.Of(g).LRTAEvent().Outcome != lrtg.LRTAEventRearParalysis) {
		out = append(out, why+".")
	}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if no, why := lrtg.Of(g).LRTANoGrandAssault(s); no {
			out = append(out, why+".")
		}
	}
	for _, id := range []string{"csa.lee", "csa.jackson"} {
		if ig, why := lrtg.Of(g).LRTALeaderBonusIgnored(id); ig {
			out = append(out, why+".")
		}
	}
	if v, why := lrtg.Of(g).LRTAInitiativeModifier(engine.USA); v != 0 {
		out = append(out, why+".")
	}
	if lrtg.Of(g).LRTAHarpersFerryReleased() {
		out = append(out, "The Harpers Ferry garrison is released for the rest of the game (004 random event 6).")
	}
	out = append(out, fmt.Sprintf("Days of rain so far: %d. Raw Recruits so far: %d (Army of the Potomac casualties for demoralization: %d). Three Cigars: %s.",
		lrtg.Of(g).LRTARainDays(), lrtg.Of(g).LRTARawRecruitsTimes(), lrtg.Of(g).LRTARawRecruitCasualties(), lrtg.Of(g).LRTAThreeCigars(g.Turn)))
	return out
}

// lrtaEventShow is /event show for an LRTA game.
func lrtaEventShow(ctx context.Context, r *Router, req Request, g engine.GameState) (Reply, error) {
	side, umpire := viewer(g, req.User)
	if !umpire && side == "" {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.player", What: "Only the game's players and umpire follow its random events", Hint: "Join the game with /game join"}
	}
	e := &Embed{Title: fmt.Sprintf("Random event, turn %d (%s)", g.Turn, g.TurnLabel(g.Turn))}
	var lines []string
	ev := lrtg.Of(g).LRTAEvent()
	switch {
	case ev != nil:
		lines = append(lines, lrtaEventText(r, ev))
	case g.Turn < 3:
		lines = append(lines, "No random events on turns 1 and 2 (004 Turn Record: \"No RE\").")
	default:
		lines = append(lines, "Not rolled yet this turn: step 1d rolls it (/phase show).")
	}
	lines = append(lines, lrtaLasting(g)...)
	li := g.Options.LimitedIntel
	for _, rc := range lrtg.Of(g).LRTAEvents.Recruits {
		if rc.Turn != g.Turn {
			continue
		}
		switch {
		case len(rc.Gains) == 0:
			lines = append(lines, "The Union declined this turn's Raw Recruits.")
		case !li || umpire || side == engine.USA:
			lines = append(lines, "Raw Recruits given: "+recruitsList(g, rc)+".")
		default:
			lines = append(lines, fmt.Sprintf("Raw Recruits given: %d manpower to %d Union infantry units.", recruitsTotal(rc), len(rc.Gains)))
		}
	}
	if umpire && ev != nil {
		if t := lrtaEventUmpireText(ev); t != "." {
			lines = append(lines, "Umpire: "+t)
		}
	}
	if w := g.Waiting(); len(w) > 0 && g.CurrentStep() == "1d" {
		lines = append(lines, "Waiting for: "+strings.Join(w, "; ")+".")
	}
	e.Description = clipLines(lines, 3800)
	out := []Output{{Audience: Audience{Kind: AudienceEphemeral}, Embed: e, Events: []EventView{}}}
	if win := lrtg.Of(g).LRTAIntelWinner(); win != "" {
		lose := engine.USA
		if win == engine.USA {
			lose = engine.CSA
		}
		switch {
		case umpire || side == win:
			// Enemy Intelligence: the loser's supply status sheet (004),
			// shown as the umpire sees it.
			if err := r.addEnemySupplySheet(ctx, req, g, lose, "Enemy Intelligence", e); err != nil {
				return Reply{}, err
			}
			e.Footer = fmt.Sprintf("The %s won Enemy Intelligence: this information is theirs only (004).", sidePlural(win))
		default:
			e.Footer = fmt.Sprintf("The %s won Enemy Intelligence: you declare Operational or Passive first this turn, and they see your supply status sheet (004).", sidePlural(win))
		}
	}
	out[0].Text = e.PlainText()
	return Reply{Outputs: out}, nil
}

func recruitsTotal(rc lrtg.LRTARecruitsAdded) int {
	n := 0
	for _, m := range rc.Gains {
		n += m.To - m.From
	}
	return n
}

func recruitsList(g engine.GameState, rc lrtg.LRTARecruitsAdded) string {
	parts := make([]string, len(rc.Gains))
	for i, m := range rc.Gains {
		name := g.Units[m.Unit].Name
		if name == "" {
			name = m.Unit
		}
		parts[i] = fmt.Sprintf("%s %d → %d", name, m.From, m.To)
	}
	return strings.Join(parts, ", ")
}

// parseRecruits reads "King 3, Casey 5" (or "none") into the asker's units
// and manpower.
func parseRecruits(g engine.GameState, asker engine.Actor, s string) (map[string]int, error) {
	out := map[string]int{}
	if strings.EqualFold(strings.TrimSpace(s), "none") {
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		i := strings.LastIndexAny(part, " :=")
		if i < 0 {
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "recruits.manpower", What: fmt.Sprintf("%q is not a unit and its manpower", part),
				Hint: "Write manpower:\"King 3, Casey 5\", or manpower:none to decline"}
		}
		n, err := strconv.Atoi(strings.TrimSpace(part[i+1:]))
		if err != nil {
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "recruits.manpower", What: fmt.Sprintf("%q is not a unit and its manpower", part),
				Hint: "Write manpower:\"King 3, Casey 5\", or manpower:none to decline"}
		}
		id, err := recruitsUnit(g, asker, part[:i])
		if err != nil {
			return nil, err
		}
		if _, dup := out[id]; dup {
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "recruits.twice", What: g.Units[id].Name + " is named twice", Hint: "Name each unit once"}
		}
		out[id] = n
	}
	return out, nil
}

// recruitsUnit finds a unit Raw Recruits may go to: the Union's overall
// commander (and the umpire) gives them for the whole side, so he names
// any Union unit; another player his own (the engine refuses him).
func recruitsUnit(g engine.GameState, asker engine.Actor, s string) (string, error) {
	p := g.Player(asker.ID)
	if !g.IsUmpire(asker) && (p == nil || p.Side != engine.USA || !p.Overall) {
		return findUnit(g, asker, s)
	}
	s = strings.TrimSpace(s)
	if u, ok := g.Units[s]; ok && u.Side == engine.USA {
		return s, nil
	}
	var hits []string
	for _, id := range sortedUnitIDs(g) {
		if u := g.Units[id]; u.Side == engine.USA && strings.EqualFold(u.Name, s) {
			hits = append(hits, id)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.unknown", What: fmt.Sprintf("There is no Union unit %q", s), Hint: "/oob lists your side's units"}
	}
	return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.ambiguous", What: fmt.Sprintf("%q names several units: %s", s, strings.Join(hits, ", ")), Hint: "Use the unit's id"}
}

func handleRecruits(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.startedGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Manpower string `opt:"manpower,raw"`
		Reason   string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	mp, err := parseRecruits(g, req.User, o.Manpower)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.GiveRawRecruits{By: req.User, Manpower: mp, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.LRTARecruitsAdded)
		next := g.Apply(e)
		li := g.Options.LimitedIntel
		var b strings.Builder
		switch {
		case len(e.Gains) == 0:
			b.WriteString("🪖 The Union declines this turn's Raw Recruits (004).")
		case li:
			fmt.Fprintf(&b, "🪖 The Union gives Raw Recruits (004): %d manpower to %d infantry units.", recruitsTotal(*e), len(e.Gains))
		default:
			fmt.Fprintf(&b, "🪖 The Union gives Raw Recruits (004): %s.", recruitsList(next, *e))
		}
		if e.Casualties > 0 {
			fmt.Fprintf(&b, "\nArmy of the Potomac casualties +%d for army demoralization only, not VP (one per two manpower given to AoP units or units that may attach to them, rounded up).", e.Casualties)
		}
		if e.Overruled != "" {
			fmt.Fprintf(&b, "\nBy the umpire's ruling (%s): %s.", cmd.Reason, e.Overruled)
		}
		if len(e.Unchecked) > 0 {
			fmt.Fprintf(&b, "\nNot checked (the player's word): %s.", strings.Join(e.Unchecked, "; "))
		}
		if w := next.Waiting(); len(w) > 0 {
			fmt.Fprintf(&b, "\nThe Random Events step still waits for: %s.", strings.Join(w, "; "))
		} else {
			b.WriteString("\nThe Random Events step waits for no one: the umpire may go on (/phase next).")
		}
		pub := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: b.String(), Events: views}
		if !li || len(e.Gains) == 0 {
			return Reply{Outputs: []Output{pub}}
		}
		// Limited intelligence: the units reinforced, and the event naming
		// them, go to the Union commander only.
		pub.Events = []EventView{}
		own := Output{Audience: Audience{Kind: AudienceEphemeral}, Events: views, Text: "Raw Recruits (told to you only): " + recruitsList(next, *e) + "."}
		return Reply{Outputs: []Output{pub, own}}
	})
}
