package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// /victory: LRTA's victory rules (engine/lrtg/lrta_victory.go; 004): the
// Confederate Objectives option (step 2b), county and Washington, DC
// control (step 7), the Emancipation Proclamation and the umpire's victory
// check (step 8).
//
// Who sees what: the Confederate objectives are the Confederates' secret.
// Their choice reaches the channel as a count and its VP cost only (the
// Victory Point Record is public); the names go to the Confederates (and
// the umpire) alone, and to the Union only as its discovery rolls allow
// (/victory objectives). An objective achieved is announced to score. County
// and DC claims name no unit. Under limited intelligence the discovery roll
// is told without its modifiers (they say where Lee is).

func lrtaVictoryCommands() []*Command {
	objectives := func(r *Router, req Request, typed string) []engine.Match {
		parts := strings.Split(typed, ",")
		last := strings.ToLower(strings.TrimSpace(parts[len(parts)-1]))
		head := strings.Join(parts[:len(parts)-1], ",")
		if head != "" {
			head += ","
		}
		var out []engine.Match
		for _, n := range append([]string{"keep"}, lrtg.ObjectiveNames(r.library.Chart(lrtg.LRTAObjectivesChart))...) {
			if strings.Contains(strings.ToLower(n), last) && len(out) < 25 {
				out = append(out, engine.Match{Value: head + n, Label: head + n})
			}
		}
		return out
	}
	held := func(r *Router, req Request, typed string) []engine.Match {
		g, err := r.game(context.Background(), req)
		if err != nil || !g.Started {
			return nil
		}
		own, umpire := viewer(g, req.User)
		if !umpire && own != engine.CSA {
			return nil
		}
		var out []engine.Match
		for _, n := range lrtg.Of(g).LRTAVictory.HeldNames() {
			if strings.Contains(strings.ToLower(n), strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: n, Label: n})
			}
		}
		return out
	}
	counties := func(r *Router, _ Request, typed string) []engine.Match {
		cs, err := lrtg.LRTACounties(r.library.Chart(lrtg.LRTACountyChart), r.theatres["lrtg"])
		if err != nil {
			return nil
		}
		var out []engine.Match
		for _, c := range cs {
			if strings.Contains(strings.ToLower(c.Name), strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: c.Name, Label: fmt.Sprintf("%s (%s) %d/%d/%d", c.Name, c.State, c.Values[0], c.Values[1], c.Values[2])})
			}
		}
		return out
	}
	items := func(_ *Router, _ Request, typed string) []engine.Match {
		var out []engine.Match
		for _, it := range lrtg.DCItems {
			if strings.Contains(it.ID, strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: it.ID, Label: fmt.Sprintf("%s — %s (%+d VP)", it.ID, it.Title, it.VP)})
			}
		}
		return out
	}
	csaUnits := func(r *Router, req Request, typed string) []engine.Match {
		g, err := r.game(context.Background(), req)
		if err != nil || !g.Started {
			return nil
		}
		own, umpire := viewer(g, req.User)
		if !umpire && own != engine.CSA {
			return nil
		}
		var out []engine.Match
		for _, id := range sortedUnitIDs(g) {
			u := g.Units[id]
			if u.Side == engine.CSA && u.OnMap && !u.Eliminated && (u.Kind == engine.KindCavalry || u.Kind == engine.KindInfantry) &&
				strings.Contains(strings.ToLower(u.Name), strings.ToLower(strings.TrimSpace(typed))) && len(out) < 25 {
				out = append(out, engine.Match{Value: u.ID, Label: fmt.Sprintf("%s (%s)", u.Name, u.Kind)})
			}
		}
		return out
	}
	reason := OptionSpec{Name: "reason", Description: "Why (the umpire's rulings)", Type: String, MaxLength: 200, Placeholder: "text"}
	return []*Command{{
		Name:        "victory",
		Description: "LRTA victory: Confederate objectives, county and DC control, Emancipation, victory check",
		Subcommands: []*Command{
			{
				Name:        "objectives",
				Description: "The Confederate objectives as far as you may know them (LRTA 22.0)",
				Ephemeral:   true,
				Handle:      handleVictoryObjectives,
			},
			{
				Name:        "select",
				Description: "Choose the Confederate objectives, secretly (CSA overall commander, step 2b; turn 1 or passive)",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "objectives", Description: "The objectives to hold from now on, by name, comma-separated; or keep", Type: String, Required: true, MaxLength: 400, Placeholder: "objective,...|keep", Autocomplete: objectives},
					reason,
				},
				Handle: handleVictorySelect,
			},
			{
				Name:        "achieved",
				Description: "Claim a Confederate objective achieved: +35 VP (004 Confederate Objectives)",
				Options: []OptionSpec{
					{Name: "objective", Description: "The objective achieved", Type: String, Required: true, MaxLength: 60, Placeholder: "objective", Autocomplete: held},
					reason,
				},
				Handle: handleVictoryAchieved,
			},
			{
				Name:        "county",
				Description: "The Confederates control a county this turn (step 7; 004 County/DC Control)",
				Options: []OptionSpec{
					{Name: "county", Description: "The county", Type: String, Required: true, MaxLength: 60, Placeholder: "county", Autocomplete: counties},
					reason,
				},
				Handle: handleVictoryCounty,
			},
			{
				Name:        "dc",
				Description: "A Washington, DC award: a fort destroyed, cavalry or infantry in the city (step 7)",
				Options: []OptionSpec{
					{Name: "item", Description: "fort, cavalry-city, cavalry-white-house, cavalry-capitol or infantry-city", Type: String, Required: true, MaxLength: 20, Placeholder: "item", Autocomplete: items},
					{Name: "unit", Description: "The Confederate unit that occupies (not for a fort)", Type: String, MaxLength: 60, Placeholder: "unit", Autocomplete: csaUnits},
					{Name: "fort", Description: "item:fort — the fort destroyed", Type: String, MaxLength: 60, Placeholder: "fort"},
					reason,
				},
				Handle: handleVictoryDC,
			},
			{
				Name:        "emancipation",
				Description: "Issue the Emancipation Proclamation, or not this turn (Union, step 8)",
				Options: []OptionSpec{
					{Name: "issue", Description: "true: issue it; false: not this turn", Type: Boolean, Required: true},
					reason,
				},
				Handle: handleVictoryEmancipation,
			},
			{
				Name:        "check",
				Description: "Check the victory conditions now (umpire): Flight ends the game at once",
				Options: []OptionSpec{
					{Name: "end", Description: "true: rule that the game ends now (give the reason)", Type: Boolean},
					reason,
				},
				Handle: handleVictoryCheck,
			},
		},
	}}
}

func discoveryText(outcome string) string {
	switch outcome {
	case lrtg.DiscoveryLearns:
		return "the Union obtains the Confederate objective but may not examine it"
	case lrtg.DiscoveryExamines:
		return "the Union obtains the Confederate objective and examines it (the Union sees it with /victory objectives)"
	}
	return "the Union learns nothing of the Confederate objective"
}

// objectivesPublic is what the objectives' events may tell everyone, and
// the events the channel may carry.
func (r *Router) objectivesPublic(g engine.GameState, evs []engine.Event, views []EventView) ([]string, []EventView) {
	var lines []string
	pub := []EventView{}
	li := g.Options.LimitedIntel
	for i, e := range evs {
		switch e := e.(type) {
		case *lrtg.ObjectivesSelected:
			if e.Kept {
				lines = append(lines, fmt.Sprintf("🎯 The Confederates keep their objectives (turn %d).", e.Turn))
			} else {
				lines = append(lines, fmt.Sprintf("🎯 The Confederates choose their objectives for turn %d (secret): %d new, **%+d VP** (10 VP each, 004 Confederate Objectives).", e.Turn, len(e.New), e.VP))
			}
		case *engine.TableRolled:
			if e.Table != lrtg.LRTAObjectiveDiscoveryTable {
				continue
			}
			if li {
				lines = append(lines, fmt.Sprintf("🎲 Roll #%d · the Union's roll to discover the Confederate objective (004 2): %s.", e.Number, e.Name))
				continue
			}
			if tb := r.library.Table(e.Table); tb != nil {
				lines = append(lines, FormatTableRoll(e, tb))
			}
			pub = append(pub, views[i])
		case *lrtg.ObjectiveDiscovered:
			lines = append(lines, "🔎 "+upperFirst(discoveryText(e.Outcome))+".")
			pub = append(pub, views[i])
		}
	}
	return lines, pub
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func handleVictorySelect(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Objectives string `opt:"objectives"` // names separated by commas, or keep
		Reason     string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.SelectObjectives{By: req.User, Chart: r.library.Chart(lrtg.LRTAObjectivesChart), Context: r.stepContext(g), Reason: o.Reason}
	if strings.EqualFold(o.Objectives, "keep") {
		cmd.Keep = true
	} else {
		for _, n := range strings.Split(o.Objectives, ",") {
			if n = strings.TrimSpace(n); n != "" {
				cmd.Names = append(cmd.Names, n)
			}
		}
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		sel := evs[0].(*lrtg.ObjectivesSelected)
		own := fmt.Sprintf("🔒 Your objectives from turn %d: %s.", sel.Turn, listOrNone(sel.Objectives))
		if len(sel.New) > 0 {
			own += fmt.Sprintf(" New: %s (%+d VP).", strings.Join(sel.New, ", "), sel.VP)
		}
		lines, pub := r.objectivesPublic(g, evs, views)
		after := g
		for _, e := range evs {
			after = after.Apply(e)
		}
		lines = append(lines, waitingLine(after))
		return Reply{Outputs: []Output{
			{Audience: Audience{Kind: AudienceEphemeral}, Text: own, Events: views},
			{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: strings.Join(lines, "\n"), Events: pub},
		}}
	})
}

func handleVictoryObjectives(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.startedGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Options.Objectives {
		return ephemeralText("This game is not played with the Confederate Objectives optional rule (LRTA 22.0)."), nil
	}
	own, umpire := viewer(g, req.User)
	ch := r.library.Chart(lrtg.LRTAObjectivesChart)
	v := lrtg.Of(g).LRTAVictory
	var lines []string
	switch {
	case umpire || own == engine.CSA:
		if len(v.Held) == 0 {
			lines = append(lines, "Held: none.")
		}
		for _, h := range v.Held {
			lines = append(lines, fmt.Sprintf("🎯 **%s** (selected turn %d): %s", h.Name, h.Turn, lrtg.ObjectiveRequirement(ch, h.Name)))
		}
		if v.Discovery != "" {
			lines = append(lines, "Union discovery so far: "+discoveryText(v.Discovery)+".")
		}
		if ok, why := lrtg.Of(g).LRTAMayChooseObjectives(); ok {
			lines = append(lines, "You may choose now ("+why+", step 2b): /victory select.")
		}
	case own == engine.USA:
		names, obtained := lrtg.Of(g).ObjectivesSeen(engine.USA)
		switch {
		case len(names) > 0:
			for _, n := range names {
				lines = append(lines, fmt.Sprintf("🎯 **%s**: %s", n, lrtg.ObjectiveRequirement(ch, n)))
			}
			lines = append(lines, "Examined through your discovery rolls: the Confederates do not know what else you know.")
		case obtained:
			lines = append(lines, "You have obtained the Confederate objective but may not examine it.")
		default:
			lines = append(lines, "The Confederate objective is their secret: your discovery rolls (step 2b) have not revealed it.")
		}
	default:
		lines = append(lines, "The Confederate objectives are the Confederates' secret.")
	}
	for _, a := range v.Achieved {
		lines = append(lines, fmt.Sprintf("✅ %s, achieved turn %d (%+d VP).", a.Name, a.Turn, a.VP))
	}
	e := &Embed{Title: fmt.Sprintf("Confederate objectives, turn %d", g.Turn), Description: clipLines(lines, 4000),
		Footer: "004 Confederate Objectives: -40 VP with the rule, 10 VP per objective selected, 35 VP per objective achieved after its selection."}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

func handleVictoryAchieved(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Objective string `opt:"objective"`
		Reason    string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	name := o.Objective
	own, umpire := viewer(g, req.User)
	if umpire || own == engine.CSA { // the claimant's own list: a unique start of a name
		var hits []string
		for _, n := range lrtg.Of(g).LRTAVictory.HeldNames() {
			if strings.EqualFold(n, name) {
				hits = []string{n}
				break
			}
			if strings.HasPrefix(strings.ToLower(n), strings.ToLower(name)) {
				hits = append(hits, n)
			}
		}
		if len(hits) == 1 {
			name = hits[0]
		}
	}
	cmd := lrtg.ClaimObjective{By: req.User, Name: name, Sizes: r.unitSizes(g), Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.ObjectiveAchieved)
		text := fmt.Sprintf("🎯 %s: the Confederate objective **%s** is achieved (selected turn %d): **%+d VP** (004 Confederate Objectives).", e.By.Name, e.Objective, e.Selected, e.VP)
		text += claimChecks(e.Checked, e.Unchecked, e.Overruled, e.Reason)
		return publicText(req, text, views)
	})
}

func claimChecks(checked, unchecked []string, overruled, reason string) string {
	var b strings.Builder
	if len(checked) > 0 {
		b.WriteString("\nChecked: " + strings.Join(checked, "; ") + ".")
	}
	if len(unchecked) > 0 {
		b.WriteString("\nOn the claimant's word: " + strings.Join(unchecked, "; ") + ".")
	}
	if overruled != "" {
		fmt.Fprintf(&b, "\n⚖️ The umpire overruled the check %q: %s.", overruled, reason)
	}
	return b.String()
}

func handleVictoryCounty(ctx context.Context, r *Router, req Request) (Reply, error) {
	if _, err := r.gameHere(ctx, req); err != nil {
		return Reply{}, err
	}
	th := r.theatres["lrtg"]
	cs, err := lrtg.LRTACounties(r.library.Chart(lrtg.LRTACountyChart), th)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		County string `opt:"county,raw"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	c, err := findCounty(cs, o.County)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.ClaimCounty{By: req.User, County: c, Map: th, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		text := strings.Replace(countyText(evs[0].(*lrtg.CountyControlled)), "(LRTG 11.2; 000 VII 1)", "(004 County/DC Control; LRTG 11.2)", 1)
		return publicText(req, text, views)
	})
}

func handleVictoryDC(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Item   string `opt:"item,raw"`
		Unit   string `opt:"unit"`
		Fort   string `opt:"fort,raw"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	unit := o.Unit
	if _, ok := g.Units[unit]; !ok && unit != "" {
		for _, id := range sortedUnitIDs(g) {
			if u := g.Units[id]; u.Side == engine.CSA && strings.EqualFold(u.Name, unit) {
				unit = id
				break
			}
		}
	}
	cmd := lrtg.ClaimDC{By: req.User, Item: o.Item, Unit: unit, Fort: o.Fort, Map: r.theatres["lrtg"], Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.DCControlled)
		text := fmt.Sprintf("🏛️ %s: Washington, DC — %s: **%+d VP** (004 County/DC Control; once in the game).", e.By.Name, e.What, e.VP)
		text += claimChecks(e.Checked, e.Unchecked, e.Overruled, e.Reason)
		return publicText(req, text, views)
	})
}

func emancipationText(e *lrtg.EmancipationDecided) string {
	if !e.Issued {
		return fmt.Sprintf("📜 The Union does not issue the Emancipation Proclamation on turn %d.", e.Turn)
	}
	return fmt.Sprintf("📜 **The Union issues the Emancipation Proclamation** (turn %d; Confederate demoralization level %d, Union %d, a Confederate infantry division demoralized; 004 Army Morale). "+
		"004 prints when it may be issued, not what it does (LRTA 16.2 is not among the seeds): the umpire applies its effects.", e.Turn, e.CSA, e.USA)
}

func handleVictoryEmancipation(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Issue  bool   `opt:"issue"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.DecideEmancipation{By: req.User, Issue: o.Issue, Sizes: r.unitSizes(g), Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		after := g.Apply(evs[0])
		return publicText(req, emancipationText(evs[0].(*lrtg.EmancipationDecided))+"\n"+waitingLine(after), views)
	})
}

func handleVictoryCheck(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		End    bool   `opt:"end"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.CheckLRTAVictory{By: req.User, Context: r.stepContext(g), End: o.End, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		var lines []string
		for _, e := range evs {
			switch e := e.(type) {
			case *lrtg.MoraleChecked:
				lines = append(lines, checkText(g, e.Check))
			case *lrtg.VictoryChecked:
				lines = append(lines, victoryText(g, e))
			}
		}
		return publicText(req, strings.Join(lines, "\n"), viewEvents(g, views))
	})
}

// presentLRTAVictory tells what steps 2b and 8 did for this module: to
// the channel what both sides may know, to the umpire every event.
func presentLRTAVictory(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	pub := func(text string, carry bool) Output {
		o := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: []EventView{}}
		if carry {
			o.Events = []EventView{view}
		}
		return o
	}
	switch e := e.(type) {
	case *lrtg.ObjectivesPhase:
		text := "🎯 Confederate Objectives (optional rule, LRTA 22.0)."
		if e.RuleVP != 0 {
			text += fmt.Sprintf(" Playing with the rule: **%+d VP** (004).", e.RuleVP)
		}
		if e.MayChoose {
			text += " The Confederates may choose their objectives now (" + e.Why + "): /victory select."
		} else {
			text += " The Confederates keep their objectives (" + e.Why + ")."
		}
		return []Output{pub(text, true)}
	case *engine.TableRolled:
		if e.Table != lrtg.LRTAObjectiveDiscoveryTable {
			return nil
		}
		lines, pv := r.objectivesPublic(g, []engine.Event{e}, []EventView{view})
		return []Output{pub(strings.Join(lines, "\n"), len(pv) > 0)}
	case *lrtg.ObjectiveDiscovered:
		return []Output{pub("🔎 "+upperFirst(discoveryText(e.Outcome))+".", true)}
	case *lrtg.LRTAVictoryPhase:
		lines := victoryPhaseLines(e)
		if len(lines) == 0 {
			return []Output{}
		}
		return []Output{pub("📜 "+strings.Join(lines, "\n"), true)}
	}
	return nil
}
