package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA's reorganizations (engine/lrtg/lrta_army.go): /restrefit, the
// Confederate Rest and Refit proposal of step 1r and the Union's answer
// (004 1 e), 7.3) with the Confederate Reorganization and the Union Cavalry
// Exhaustion; /reorganize, the Union Army Reorganization of step 3b
// (004 3, 17.0): McClellan assumes command, then the corps rolls.
//
// With limited intelligence the channel learns what the rules make public
// (a proposal, an answer, McClellan in command, that rolls were made) and
// never where a counter went, how strong it is, which corps D.H. Hill
// joined, where Funk is, or how the Union's rolls came out: the side that
// acted gets those privately, the other side nothing.

func lrtaArmyCommands() []*Command {
	choices := func(values ...string) func(*Router, Request, string) []engine.Match {
		return func(_ *Router, _ Request, typed string) []engine.Match {
			var out []engine.Match
			for _, v := range values {
				if strings.Contains(v, strings.ToLower(strings.TrimSpace(typed))) {
					out = append(out, engine.Match{Value: v, Label: v})
				}
			}
			return out
		}
	}
	reason := OptionSpec{Name: "reason", Description: "Why (the umpire's reason when he acts for a side)", Type: String, MaxLength: 200, Placeholder: "text"}
	return []*Command{
		{
			Name:        "restrefit",
			Description: "LRTA: the Confederate Rest and Refit period (step 1r; 004 1 e), 7.3)",
			Subcommands: []*Command{
				{
					Name:        "propose",
					Description: "Propose the Rest and Refit period: the Confederate Reorganization begins (CSA)",
					Options: []OptionSpec{
						{Name: "dh_hill", Description: "The corps D.H. Hill joins for the rest of the game (004 (5))", Type: String, MaxLength: 12, Placeholder: "longstreet|jackson", Autocomplete: choices("longstreet", "jackson")},
						{Name: "funk", Description: "Where Funk is placed (004 (7))", Type: String, MaxLength: 12, Placeholder: "front-royal|winchester", Autocomplete: choices("front-royal", "winchester")},
						reason,
					},
					Handle: handleRestRefitPropose,
				},
				{
					Name:        "pass",
					Description: "Do not propose a Rest and Refit period this turn (CSA)",
					Options:     []OptionSpec{reason},
					Handle:      handleRestRefitPass,
				},
				{
					Name:        "answer",
					Description: "Accept the proposed Rest and Refit period or not: the Union Cavalry Exhaustion (USA)",
					Options: []OptionSpec{
						{Name: "accept", Description: "true: accept (2 regiments go to DC); false: do not (5 go)", Type: Boolean, Required: true},
						{Name: "dc", Description: "The regiments sent to DC for good (default: the nearest)", Type: String, MaxLength: 200, Placeholder: "regiment,..."},
						{Name: "pleasonton", Description: "The cavalry unit the Pleasonton leader joins (default: the first regiment left)", Type: String, MaxLength: 60, Placeholder: "unit"},
						reason,
					},
					Handle: handleRestRefitAnswer,
				},
				{
					Name:        "consolidate",
					Description: "Break up an infantry brigade (or Kemper, Wilcox, Ripley), sharing its MP within 8 hexes (004 (6))",
					Options: []OptionSpec{
						{Name: "unit", Description: "The brigade broken up", Type: String, Required: true, MaxLength: 60, Placeholder: "unit", Autocomplete: lrtaOwnOnMap},
						{Name: "into", Description: "Who gets its manpower: unit[:MP],... (one unit: all of it)", Type: String, Required: true, MaxLength: 200, Placeholder: "unit:MP,..."},
						reason,
					},
					Handle: handleRestRefitConsolidate,
				},
				{
					Name:        "done",
					Description: "The Confederate Reorganization is finished (CSA)",
					Options:     []OptionSpec{reason},
					Handle:      handleRestRefitDone,
				},
				{
					Name:        "end",
					Description: "Record the end of the Rest and Refit period (umpire; the rule book's 7.3)",
					Options:     []OptionSpec{{Name: "reason", Description: "Why it ends", Type: String, Required: true, MaxLength: 200, Placeholder: "text"}},
					Handle:      handleRestRefitEnd,
				},
				{
					Name:        "show",
					Description: "The Rest and Refit: proposal, answer, reorganizations, extended march rows",
					Ephemeral:   true,
					Handle:      handleRestRefitShow,
				},
			},
		},
		{
			Name:        "reorganize",
			Description: "LRTA: the Union Army Reorganization and McClellan (step 3b; 004 3, 17.0)",
			Subcommands: []*Command{
				{
					Name:        "begin",
					Description: "Begin the Union Army Reorganization: McClellan assumes command (USA)",
					Options: []OptionSpec{
						{Name: "overall", Description: "The Union player who becomes overall commander (several players a side)", Type: String, MaxLength: 60, Placeholder: "player"},
						reason,
					},
					Handle: handleReorganizeBegin,
				},
				{
					Name:        "defer",
					Description: "Do not begin the Union Army Reorganization this turn (USA)",
					Options:     []OptionSpec{reason},
					Handle:      handleReorganizeDefer,
				},
				{
					Name:        "roll",
					Description: "Roll one die for each corps named: 6 or more reorganizes it (USA)",
					Options: []OptionSpec{
						{Name: "corps", Description: "The corps that try this turn: I,III,... or all, or none", Type: String, Required: true, MaxLength: 100, Placeholder: "corps,...|all|none", Autocomplete: lrtaCorpsChoices},
						{Name: "with_mcclellan", Description: "The corps whose commander takes McClellan's +1 when several share his hex", Type: String, MaxLength: 12, Placeholder: "corps", Autocomplete: lrtaCorpsChoices},
						reason,
					},
					Handle: handleReorganizeRoll,
				},
				{
					Name:        "show",
					Description: "McClellan, the corps reorganized, attempts and today's modifiers",
					Ephemeral:   true,
					Handle:      handleReorganizeShow,
				},
			},
		},
	}
}

// lrtaOwnOnMap offers the asker's units on the map.
func lrtaOwnOnMap(r *Router, req Request, typed string) []engine.Match {
	return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
		return !u.Kind.IsLeader() && u.OnMap && !u.Eliminated && g.Controls(req.User, u)
	})
}

// lrtaCorpsChoices offers the Union corps still to reorganize (the corps
// are public: the order of battle's designations).
func lrtaCorpsChoices(r *Router, req Request, typed string) []engine.Match {
	g, err := r.game(context.Background(), req)
	if err != nil || !g.Started {
		return nil
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []engine.Match
	for _, v := range []string{"all", "none"} {
		if strings.HasPrefix(v, typed) {
			out = append(out, engine.Match{Value: v, Label: v})
		}
	}
	for _, s := range lrtg.Of(g).LRTACorpsStatuses() {
		if s.Reorganized == 0 && strings.HasPrefix(strings.ToLower(s.Corps), typed) {
			out = append(out, engine.Match{Value: s.Corps, Label: s.What})
		}
	}
	return out
}

// lrtaOpen reports whether the game's units are open to both sides.
func lrtaOpen(g engine.GameState) bool { return !g.Options.LimitedIntel }

// lrtaAfter folds events into a state.
func lrtaAfter(g engine.GameState, evs []engine.Event) engine.GameState {
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

// lrtaChanges lists a reorganization's changes, with the units' places and
// strengths when full is set (the acting side, or an open game).
func lrtaChanges(changes []lrtg.MeadeChange, full bool) []string {
	var lines []string
	for _, c := range changes {
		line := strings.TrimSpace(c.Step + " " + c.What)
		if full && len(c.Units) > 0 {
			var at []string
			for _, u := range c.Units {
				s := u.Name
				switch {
				case u.OnMap:
					s += " at " + u.Ref
				case u.Track != "":
					s += fmt.Sprintf(" (%s track, %d)", u.Track, u.Slot)
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
	return lines
}

// lrtaReply is the usual shape of this module's replies: in an open game
// the full text goes to the channel with the events; otherwise the actor
// gets it privately with the events and the channel a public text without
// secrets.
func lrtaReply(req Request, g engine.GameState, full, public string, views []EventView) Reply {
	pub := Audience{Kind: AudiencePublic, Channel: req.ChannelID}
	if lrtaOpen(g) {
		return Reply{Outputs: []Output{{Audience: pub, Text: full, Events: views}}}
	}
	return Reply{Outputs: []Output{
		{Audience: Audience{Kind: AudienceEphemeral}, Text: full, Events: views},
		{Audience: pub, Text: public, Events: []EventView{}},
	}}
}

// ---------------------------------------------------------------------------
// /restrefit

func handleRestRefitPropose(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		DHHill string `opt:"dh_hill,raw"`
		Funk   string `opt:"funk,raw"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.ProposeRestRefit{By: req.User, DHHill: o.DHHill, Funk: o.Funk, Reason: o.Reason, Data: r.moveData(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		p := evs[0].(*lrtg.RestRefitProposed)
		re := evs[1].(*lrtg.ConfederateReorganized)
		next := lrtaAfter(g, evs)
		head := fmt.Sprintf("🏕️ **The Confederates propose a Rest and Refit period** (turn %d; 004 1 e), LRTA 7.3). The Union answers it with /restrefit answer accept:true|false.", p.Turn)
		full := []string{head, "📋 The Confederate Reorganization (004, at the start of the Rest and Refit):"}
		full = append(full, lrtaChanges(re.Changes, true)...)
		public := []string{head, "📋 The Confederate Reorganization (004): its HCR counters replace the SJW ones; D.H. Hill joins the corps the Confederates chose; Funk enters where they chose (Front Royal or Winchester); they may break up brigades (004 (6))."}
		for _, l := range lrtaChanges(re.Changes, false) {
			if strings.HasPrefix(l, "(5)") || strings.HasPrefix(l, "(7)") || strings.HasPrefix(l, "(6)") {
				continue // choices and places: the Confederates'
			}
			public = append(public, l)
		}
		full = append(full, waitingLine(next))
		public = append(public, waitingLine(next))
		return lrtaReply(req, g, strings.Join(full, "\n"), strings.Join(public, "\n"), views)
	})
}

func handleRestRefitPass(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o reasonOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.PassRestRefit{By: req.User, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		next := lrtaAfter(g, evs)
		text := fmt.Sprintf("The Confederates do not propose a Rest and Refit period this turn (004 1 e)).\n%s", waitingLine(next))
		return publicText(req, text, views)
	})
}

func handleRestRefitAnswer(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Accept     bool     `opt:"accept"`
		DC         []string `opt:"dc"` // separated by commas
		Pleasonton string   `opt:"pleasonton,raw"`
		Reason     string   `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.AnswerRestRefit{By: req.User, Accept: o.Accept, DC: o.DC, Pleasonton: o.Pleasonton, Reason: o.Reason, Data: r.moveData(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		a := evs[0].(*lrtg.RestRefitAnswered)
		ex := evs[1].(*lrtg.UnionCavalryExhausted)
		next := lrtaAfter(g, evs)
		answer := "accepts"
		if !a.Accepted {
			answer = "does not accept"
		}
		head := fmt.Sprintf("🤝 **The Union %s the Rest and Refit period** (004 1 e)). Union extended march modifiers until McClellan commands: %s.",
			answer, lrtaChartRow(r.library.Chart("lrta.extended-march-usa"), answer))
		full := append([]string{head, "🐎 The Union Cavalry Exhaustion (004):"}, lrtaChanges(ex.Changes, true)...)
		full = append(full, waitingLine(next))
		public := []string{head, fmt.Sprintf("🐎 The Union Cavalry Exhaustion (004): the Union cavalry brigades break into 1-MP regiments; %d of them go to the DC defense area and may never leave it; the Pleasonton division leader (LRTG counter) takes command of the Union cavalry: any unit, three an activation, +1 movement.",
			lrtg.LRTADCRegiments(a.Accepted)), waitingLine(next)}
		return lrtaReply(req, g, strings.Join(full, "\n"), strings.Join(public, "\n"), views)
	})
}

func handleRestRefitConsolidate(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Unit   string `opt:"unit,raw"`
		Into   string `opt:"into,raw"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	own := func(u engine.UnitState) bool { return !u.Eliminated && attachFriendly(g, req.User, u) }
	id, err := leaderFind(g, o.Unit, "unit", own)
	if err != nil {
		return Reply{}, err
	}
	shares, err := lrtg.LRTAShares(o.Into)
	if err != nil {
		return Reply{}, err
	}
	for i := range shares {
		if shares[i].Unit, err = leaderFind(g, shares[i].Unit, "unit", own); err != nil {
			return Reply{}, err
		}
	}
	cmd := lrtg.ConsolidateUnit{By: req.User, Unit: id, Into: shares, Reason: o.Reason, Data: r.moveData(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.UnitConsolidated)
		var to []string
		for _, s := range e.Shares {
			to = append(to, fmt.Sprintf("%d MP to %s", s.Manpower, g.Units[s.Unit].Name))
		}
		text := fmt.Sprintf("%s is broken up: %s (004 Confederate Reorganization (6)).", g.Units[e.Unit].Name, strings.Join(to, ", "))
		if e.Reason != "" {
			text += " Umpire: " + e.Reason
		}
		return r.boardReply(req, g, text, views)
	})
}

func handleRestRefitDone(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o reasonOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.FinishRestRefit{By: req.User, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		return publicText(req, "The Confederates have finished their reorganization.\n"+waitingLine(lrtaAfter(g, evs)), views)
	})
}

func handleRestRefitEnd(ctx context.Context, r *Router, req Request) (Reply, error) {
	if _, err := r.gameHere(ctx, req); err != nil {
		return Reply{}, err
	}
	var o reasonOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.EndRestRefit{By: req.User, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.RestRefitEnded)
		return publicText(req, fmt.Sprintf("⚖️ The umpire records the end of the Confederate Rest and Refit period (turn %d): %s.", e.Turn, e.Reason), views)
	})
}

func handleRestRefitShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started", Hint: "The umpire starts it with /game start"}
	}
	return ephemeralText(restRefitStatus(g, req.User, r.library.Chart("lrta.extended-march-csa"), r.library.Chart("lrta.extended-march-usa"), r.orderOf(g))), nil
}

// lrtaSees reports whether the viewer may see a side's secrets: the
// umpire, the side's players, everyone in an open game.
func lrtaSees(g engine.GameState, viewer engine.Actor, side engine.Side) bool {
	if lrtaOpen(g) || g.IsUmpire(viewer) {
		return true
	}
	p := g.Player(viewer.ID)
	return p != nil && p.Side == side
}

// lrtaChartRow tells the row of an extended march chart whose label holds
// the words: "label: column +n, ...".
func lrtaChartRow(c *engine.Chart, words string) string {
	if c == nil {
		return "(chart missing)"
	}
	for _, row := range c.Rows {
		if len(row) == 0 || !strings.Contains(strings.ToLower(row[0]), words) {
			continue
		}
		var cells []string
		for i := 1; i < len(row) && i < len(c.Columns); i++ {
			cells = append(cells, c.Columns[i]+" "+row[i])
		}
		return row[0] + ": " + strings.Join(cells, ", ")
	}
	return "(no row for " + words + ")"
}

// restRefitStatus is what the viewer may know of the Rest and Refit (the
// extended march rows from the charts csa and usa).
func restRefitStatus(g engine.GameState, viewer engine.Actor, csa, usa *engine.Chart, oob *engine.OrderOfBattle) string {
	a := lrtg.Of(g).LRTAArmy
	lines := []string{fmt.Sprintf("**Confederate Rest and Refit** (004 1 e), LRTA 7.3), turn %d", g.Turn)}
	if !a.Proposed {
		lines = append(lines, "Not proposed yet: the Confederates may propose it in step 1r of any turn (/restrefit propose).")
	} else {
		lines = append(lines, fmt.Sprintf("Proposed on turn %d.", a.ProposedTurn))
		switch a.Answer {
		case lrtg.RestRefitAccepted:
			lines = append(lines, "The Union accepted it.")
		case lrtg.RestRefitDeclined:
			lines = append(lines, "The Union did not accept it.")
		default:
			lines = append(lines, "The Union has not answered yet (/restrefit answer).")
		}
		if a.EndedTurn > 0 {
			lines = append(lines, fmt.Sprintf("The umpire recorded its end on turn %d.", a.EndedTurn))
		}
		if lrtaSees(g, viewer, engine.CSA) {
			if a.DHHill != "" {
				lines = append(lines, "D.H. Hill's corps: "+a.DHHill+".")
			}
			if a.Funk != "" {
				lines = append(lines, "Funk was placed in "+a.Funk+".")
			}
			var broken []string
			for _, id := range a.Consolidated {
				// A unit broken up is out of play: its name is the order
				// of battle's.
				name := id
				if oob != nil {
					if s := oob.Unit(id); s != nil {
						name = s.Name
					}
				}
				broken = append(broken, name)
			}
			if len(broken) > 0 {
				lines = append(lines, "Broken up (004 (6)): "+strings.Join(broken, ", ")+".")
			}
		}
		if lrtaSees(g, viewer, engine.USA) && a.Answer != "" {
			var names []string
			for _, id := range a.DCRegiments {
				names = append(names, unitLabel(g, id))
			}
			lines = append(lines, fmt.Sprintf("Union regiments held in DC for good: %s.", strings.Join(names, ", ")))
			if l, ok := g.Units["usa.pleasonton-leader"]; ok && l.OnMap {
				lines = append(lines, "The Pleasonton division leader is at "+l.Ref+".")
			}
		}
	}
	csaRow := "have not proposed"
	if a.Proposed {
		csaRow = "have proposed"
	}
	usaRow := "at start"
	switch {
	case a.McClellan:
		usaRow = "mcclellan"
	case a.Answer == lrtg.RestRefitAccepted:
		usaRow = "accepts"
	case a.Answer == lrtg.RestRefitDeclined:
		usaRow = "does not accept"
	}
	lines = append(lines, "Extended march modifiers (004; fatigue, exhaustion and Heat add to them):",
		"· CSA — "+lrtaChartRow(csa, csaRow), "· USA — "+lrtaChartRow(usa, usaRow))
	if g.CurrentStep() == lrtg.RestRefitStep {
		lines = append(lines, waitingLine(g))
	}
	return strings.Join(lines, "\n")
}

func unitLabel(g engine.GameState, id string) string {
	if u, ok := g.Units[id]; ok {
		if u.OnMap {
			return u.Name + " at " + u.Ref
		}
		return u.Name
	}
	return id
}

// ---------------------------------------------------------------------------
// /reorganize

func handleReorganizeBegin(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Overall string `opt:"overall,raw"`
		Reason  string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.DecideReorganization{By: req.User, Begin: true, Overall: o.Overall, Reason: o.Reason, Data: r.moveData(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.McClellanAssumed)
		next := lrtaAfter(g, evs)
		row := lrtaChartRow(r.library.Chart("lrta.extended-march-usa"), "mcclellan")
		full := mcclellanText(e, true, row) + "\n" + waitingLine(next)
		public := mcclellanText(e, false, row) + "\n" + waitingLine(next)
		return lrtaReply(req, g, full, public, views)
	})
}

func handleReorganizeDefer(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o reasonOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.DecideReorganization{By: req.User, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		text := "The Union does not begin its army reorganization this turn: Pope keeps command (004 Union Army Reorganization).\n" + waitingLine(lrtaAfter(g, evs))
		return publicText(req, text, views)
	})
}

func handleReorganizeRoll(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	tb := r.library.Table(lrtg.LRTAReorganizationTable)
	var o struct {
		Corps         string `opt:"corps,raw"` // split as typed: the rules read each name
		WithMcClellan string `opt:"with_mcclellan,raw"`
		Reason        string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.RollReorganization{By: req.User, Corps: strings.Split(o.Corps, ","), WithMcClellan: o.WithMcClellan,
		Reason: o.Reason, Table: tb, Data: r.moveData(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		att := evs[0].(*lrtg.ReorganizationAttempts)
		next := lrtaAfter(g, evs)
		var full []string
		var first, last int64
		if len(att.Corps) == 0 {
			full = append(full, fmt.Sprintf("The Union tries no corps' reorganization this turn (turn %d).", att.Turn))
		}
		for _, e := range evs[1:] {
			switch e := e.(type) {
			case *engine.TableRolled:
				if first == 0 {
					first = e.Number
				}
				last = e.Number
				full = append(full, FormatTableRoll(e, tb))
			case *lrtg.CorpsReorganizationRolled:
				if !e.Reorganized {
					full = append(full, fmt.Sprintf("The %s Corps is not reorganized (%d); its next attempt gains +1.", e.Corps, e.Total))
				}
			case *lrtg.UnionCorpsReorganized:
				c := lrtaCorpsLine(e.Corps)
				full = append(full, fmt.Sprintf("📋 **The %s Corps is reorganized** (004 Union Corps Reorganization): %s.", e.Corps, c))
				full = append(full, lrtaChanges(e.Changes, true)...)
			}
		}
		full = append(full, waitingLine(next))
		public := fmt.Sprintf("The Union tries no corps' reorganization this turn.\n%s", waitingLine(next))
		if len(att.Corps) > 0 {
			rolls := fmt.Sprintf("Rolls #%d-#%d", first, last)
			if first == last {
				rolls = fmt.Sprintf("Roll #%d", first)
			}
			public = fmt.Sprintf("🎲 %s: the Union's reorganization rolls for turn %d (004 Union Army Reorganization), the Union's to know.\n%s", rolls, att.Turn, waitingLine(next))
		}
		return lrtaReply(req, g, strings.Join(full, "\n"), public, views)
	})
}

func lrtaCorpsLine(corps string) string {
	for _, c := range lrtg.LRTAUnionCorps {
		if c.Corps == corps {
			return c.What
		}
	}
	return corps
}

// mcclellanText tells McClellan assuming command with every step of 004's
// chart; full adds the units' places and strengths and the Union's losses
// (the Union's, or an open game's).
func mcclellanText(e *lrtg.McClellanAssumed, full bool, marchRow string) string {
	lines := []string{fmt.Sprintf("🎖️ **McClellan assumes command** (004 McClellan assumes command, turn %d)", e.Turn)}
	if e.Must != "" {
		lines[0] += ": the Union Army Reorganization must occur, " + e.Must
	}
	lines[0] += "."
	lines = append(lines, lrtaChanges(e.Changes, full)...)
	if o := e.Overall; o != nil {
		lines = append(lines, fmt.Sprintf("%s hands the overall command to %s and keeps %s.", o.From.Name, o.To.Name, strings.Join(o.FromCommands, ", ")))
	}
	losses := "Union combat losses are halved for the morale count (not for casualty VP)"
	if full {
		losses += fmt.Sprintf(": %d MP counted now", e.Losses)
	}
	lines = append(lines,
		"4) The Union demoralization level loses the 2 for Pope; "+losses+".",
		"5) Union command paralysis holds every Union unit outside a reorganized corps, now -1 infantry / -2 cavalry (it was -2 / -4 under Pope).",
		"6) One more box on every Union forage table (seven at most).",
		"7) Extended march modifiers: "+marchRow+".",
		"8) Casualty effects on Union morale are halved.",
		"From now, in step 3b of each turn the Union rolls one die for each corps it chooses (/reorganize roll): 6 or more reorganizes it.")
	return strings.Join(lines, "\n")
}

func handleReorganizeShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started", Hint: "The umpire starts it with /game start"}
	}
	return ephemeralText(reorganizeStatus(g, req.User, r.moveData(g).Theatre, r.library.Table(lrtg.LRTAReorganizationTable))), nil
}

// reorganizeStatus is what the viewer may know of the Union Army
// Reorganization: McClellan and its public effects for all; the corps, the
// attempts and today's modifiers for the Union (and an open game).
func reorganizeStatus(g engine.GameState, viewer engine.Actor, m *engine.Theatre, tb *engine.Table) string {
	a := lrtg.Of(g).LRTAArmy
	lines := []string{fmt.Sprintf("**Union Army Reorganization** (004 3, LRTA 17.0), turn %d", g.Turn)}
	inf, cav := lrtg.Of(g).LRTAUnionParalysis()
	switch {
	case a.McClellan:
		lines = append(lines, fmt.Sprintf("McClellan has commanded since turn %d. Union command paralysis for units outside reorganized corps: -%d infantry / -%d cavalry.", a.McClellanTurn, inf, cav))
	case lrtg.Of(g).LRTAReorganizationOpen():
		lines = append(lines, fmt.Sprintf("Pope commands. The Union may begin the reorganization in step 3b (/reorganize begin): McClellan assumes command. Union command paralysis events: -%d infantry / -%d cavalry.", inf, cav))
	default:
		lines = append(lines, "Pope commands. The reorganization may begin from Sept 2, or once the Confederates have proposed a Rest and Refit period.")
	}
	if lrtaSees(g, viewer, engine.USA) {
		for _, s := range lrtg.Of(g).LRTACorpsStatuses() {
			army := "AoP"
			if s.AoV {
				army = "AoV"
			}
			line := fmt.Sprintf("· %s (%s): ", s.Corps, army)
			switch {
			case s.Reorganized > 0:
				line += fmt.Sprintf("reorganized on turn %d, now %s", s.Reorganized, s.Becomes)
			case !s.InPlay:
				line += "not on the map"
			default:
				line += fmt.Sprintf("%d attempt(s) so far", s.Attempts)
				if a.McClellan {
					var mods []string
					total := 0
					for _, mo := range lrtg.Of(g).LRTAReorganizationModifiers(s.Corps, lrtg.Of(g).LRTACommanderWithMcClellan(s.Corps), m, tb) {
						mods = append(mods, fmt.Sprintf("%+d %s", mo.Value, mo.Reason))
						total += mo.Value
					}
					line += fmt.Sprintf("; today %+d", total)
					if len(mods) > 0 {
						line += " (" + strings.Join(mods, "; ") + ")"
					}
					if need := 6 - total; need > 6 {
						line += ": no die reorganizes it today"
					} else {
						line += fmt.Sprintf(": reorganized on a die of %d or more", max(need, 1))
					}
				}
			}
			lines = append(lines, line)
		}
	}
	if g.CurrentStep() == lrtg.ReorganizationStep {
		lines = append(lines, waitingLine(g))
	}
	return strings.Join(lines, "\n")
}

// presentLRTAArmy tells what step 3b did by itself: McClellan assuming
// command when the reorganization must occur (public; places and
// strengths only in an open game).
func presentLRTAArmy(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	mc, ok := e.(*lrtg.McClellanAssumed)
	if !ok {
		return nil
	}
	open := lrtaOpen(g)
	var usa *engine.Chart
	if r != nil && r.library != nil {
		usa = r.library.Chart("lrta.extended-march-usa")
	}
	o := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: mcclellanText(mc, open, lrtaChartRow(usa, "mcclellan")), Events: []EventView{}}
	if open {
		o.Events = []EventView{view}
	}
	return []Output{o}
}
