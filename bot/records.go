package bot

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/render"
	"github.com/umpire-games/umpire/scenarios"
)

// The records: /turn (the turn record, and the umpire's turn advance),
// /morale (army morale, LRTG 15) and /supply (victuals, LRTG 13, 24).
//
// Who sees what: the turn, its date and the record are public. Each army's
// morale level and state are public (the Army Morale Chart lies by the
// maps for both players, 000 II 8); its contributions, which tell of
// losses and supply, are shown to the army's own side and the umpire only.
// A side's supply sheet is its own secret (only the Spy's winner may look
// at the enemy's, 2.0): /supply shows a player his side's sheet, and
// supply changes are answered to their author alone.

func recordCommands() []*Command {
	sideOpt := OptionSpec{Name: "side", Description: "csa or usa", Type: String, Required: true, MaxLength: 3, Placeholder: "csa|usa"}
	byOpt := OptionSpec{Name: "by", Description: "How much, e.g. 1 or -2", Type: Integer, Required: true}
	plotOpt := OptionSpec{Name: "plot", Description: "true: attach a plot of the VP total and both armies' morale, turn by turn", Type: Boolean}
	return []*Command{
		{
			Name:        "turn",
			Description: "The turn record: this turn, its date, what the record lists; the umpire advances it",
			Subcommands: []*Command{
				{
					Name:        "show",
					Description: "This turn, its date, what the turn record lists for it, and the days left",
					Ephemeral:   true,
					Defer:       true,
					Options:     []OptionSpec{plotOpt},
					Handle:      handleTurnShow,
				},
				{
					Name:        "next",
					Description: "End this turn and start the next (umpire)",
					Options: []OptionSpec{
						{Name: "reason", Description: "A note for the record", Type: String, MaxLength: 200, Placeholder: "text"},
					},
					Handle: handleTurnNext,
				},
			},
		},
		{
			Name:        "morale",
			Description: "Army morale (LRTG 15): both armies' levels and states",
			Subcommands: []*Command{
				{
					Name:        "show",
					Description: "Both armies' morale levels and states; your own army's contributions",
					Ephemeral:   true,
					Defer:       true,
					Options:     []OptionSpec{plotOpt},
					Handle:      handleMoraleShow,
				},
				{
					Name:        "adjust",
					Description: "Record a morale contribution the umpire cannot compute yet (combat losses...)",
					Ephemeral:   true,
					Options: []OptionSpec{sideOpt, byOpt,
						{Name: "reason", Description: "What it is, e.g. 16 AoP combat losses (15.1 7)", Type: String, Required: true, MaxLength: 200, Placeholder: "text"}},
					Handle: handleMoraleAdjust,
				},
				{
					Name:        "check",
					Description: "Confirm both armies' morale states and their Disorder / Panic VP now",
					Handle:      handleMoraleCheck,
				},
			},
		},
		{
			Name:        "supply",
			Description: "Your side's victuals (LRTG 13, 24): the supply sheet",
			Subcommands: []*Command{
				{
					Name:        "show",
					Description: "Your side's supply sheet (only your side; the umpire names one)",
					Ephemeral:   true,
					Options: []OptionSpec{
						{Name: "side", Description: "The umpire names a side: csa or usa", Type: String, MaxLength: 3, Placeholder: "csa|usa"},
					},
					Handle: handleSupplyShow,
				},
				{
					Name:        "adjust",
					Description: "Record victuals spent or gained (until the sequence of play does it)",
					Ephemeral:   true,
					Options: []OptionSpec{sideOpt, byOpt,
						{Name: "reason", Description: "Why, e.g. supply expenditure (13.4)", Type: String, Required: true, MaxLength: 200, Placeholder: "text"},
						{Name: "units", Description: "Normal supply: these units (default: all of the side's on the map)", Type: String, MaxLength: 300, Placeholder: "unit,...", Autocomplete: supplyUnits},
						{Name: "at", Description: "A levied town whose store is taken from", Type: String, MaxLength: 60, Placeholder: "town", Autocomplete: leviedTowns},
					},
					Handle: handleSupplyAdjust,
				},
			},
		},
	}
}

func recordGameSubcommands() []*Command { return nil }

// unitSizes returns the sizes of the game's units, from its order of
// battle (the state does not copy them).
func (r *Router) unitSizes(g engine.GameState) engine.UnitSizes {
	return engine.SizesOf(r.orderOf(g))
}

// turnRecord is the printed turn record (nil if the rules data lacks it).
type turnRecord []lrtg.TurnEntry

func (r *Router) turnRecord(g engine.GameState) turnRecord {
	if !gameNamed(g.Game()).turnRecordLetters {
		// The letters of the LRTG June and July 1863 records; LRTA's
		// record (lrta.turn-record) prints its notes in /table.
		return nil
	}
	rec, err := scenarios.TurnRecord(r.library)
	if err != nil {
		r.log.Error("turn record", "err", err)
		return nil
	}
	return rec
}

// entry returns the record's entry for a turn.
func (rec turnRecord) entry(turn int) (lrtg.TurnEntry, bool) {
	if turn < 1 || turn > len(rec) {
		return lrtg.TurnEntry{}, false
	}
	return rec[turn-1], true
}

func (r *Router) scenarioTitle(id string) string {
	for _, s := range r.scenarios {
		if s.ID == id {
			return s.Title
		}
	}
	return id
}

// startedGame returns the channel's game once it has started.
func (r *Router) startedGame(ctx context.Context, req Request) (engine.GameState, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return g, err
	}
	if !g.Started {
		return g, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started", Hint: "The umpire starts it with /game start"}
	}
	return g, nil
}

func recordSide(s string) engine.Side { return engine.Side(strings.ToLower(strings.TrimSpace(s))) }

func sideName(s engine.Side) string {
	if s == engine.CSA {
		return "Confederate"
	}
	return "Union"
}

// marksText writes what the record lists for a turn.
func marksText(e lrtg.TurnEntry) string {
	if len(e.Marks) == 0 {
		return "nothing printed"
	}
	var out []string
	for _, m := range e.Marks {
		out = append(out, fmt.Sprintf("%s — %s", m.Mark, m.Meaning))
	}
	return strings.Join(out, "; ")
}

func handleTurnShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.startedGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	last := g.LastTurn()
	rec := r.turnRecord(g)
	var lines []string
	lines = append(lines, fmt.Sprintf("%s: turn %d of %d.", r.scenarioTitle(g.Options.Scenario), g.Turn, last))
	if e, ok := rec.entry(g.Turn); ok {
		lines = append(lines, "The turn record lists: "+marksText(e)+".")
	}
	left := last - g.Turn
	if left == 0 {
		lines = append(lines, "This is the last turn: the game ends at its end (000 VIII), if it has not ended before.")
	} else {
		lines = append(lines, fmt.Sprintf("After it: %d more turns, %d days (to %s).", left, lrtg.Of(g).DaysLeft(g.Turn), g.TurnLabel(last)))
		for t := g.Turn + 1; t <= last; t++ {
			if e, ok := rec.entry(t); ok && len(e.Marks) > 0 {
				lines = append(lines, fmt.Sprintf("Next on the record: turn %d (%s): %s.", t, g.TurnLabel(t), marksText(e)))
				break
			}
		}
	}
	lines = append(lines, "Phase: "+r.phaseLabel(g)+" (/phase show).")
	e := &Embed{Title: fmt.Sprintf("Turn %d: %s", g.Turn, g.TurnLabel(g.Turn)), Description: strings.Join(lines, "\n")}
	return r.recordsReply(req, g, e)
}

// viewEvents returns the events a public post may carry: none when the
// game hides its units (the events name eliminated units).
func viewEvents(g engine.GameState, views []EventView) []EventView {
	if g.Options.LimitedIntel {
		return []EventView{}
	}
	return views
}

func handleTurnNext(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o reasonOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := engine.AdvanceTurn{By: req.User, Reason: o.Reason, Sizes: r.unitSizes(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*engine.TurnAdvanced)
		next := g
		for _, ev := range evs {
			next = next.Apply(ev)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "⏭️ Turn %d ends. **Turn %d: %s** begins", e.From, e.To, next.TurnLabel(e.To))
		if e.Reason != "" {
			fmt.Fprintf(&b, " (%s)", e.Reason)
		}
		b.WriteString(".")
		if te, ok := r.turnRecord(next).entry(e.To); ok && len(te.Marks) > 0 {
			b.WriteString("\nThe turn record lists: " + marksText(te) + ".")
		}
		for _, c := range []engine.MoraleCheck{e.Closing, e.Opening} {
			for _, v := range c.VP {
				fmt.Fprintf(&b, "\n%s: %+d VP (%s).", v.What, v.VP, seriesOf(next).moraleAwardRule)
			}
		}
		b.WriteString("\n" + moraleSummary(lrtg.Of(next).Records.Armies))
		if e.To == next.LastTurn() {
			b.WriteString("\nThis is the scenario's last turn.")
		}
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: b.String(), Events: viewEvents(g, views)}}}
	})
}

// moraleSummary writes both armies' confirmed morale (public).
func moraleSummary(armies map[engine.Side]lrtg.ArmyRecord) string {
	var parts []string
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		a := armies[s]
		parts = append(parts, fmt.Sprintf("%s %d (%s)", strings.ToUpper(string(s)), a.Level, moraleStateOf(a)))
	}
	return "Army morale: " + strings.Join(parts, ", ") + "."
}

func moraleStateOf(a lrtg.ArmyRecord) string {
	switch {
	case a.Panic:
		return "Panic"
	case a.Disorder:
		return "Disorder"
	}
	return "Normal"
}

// moraleVPTotal is the Disorder / Panic part of the VP record.
func moraleVPTotal(g engine.GameState) int {
	n := 0
	for _, e := range lrtg.Of(g).VP {
		if e.Category == "disorder-panic" {
			n += e.VP
		}
	}
	return n
}

// viewer returns the side whose secrets the asker may see ("" for none)
// and whether he is the umpire (who sees both).
func viewer(g engine.GameState, a engine.Actor) (engine.Side, bool) {
	if g.IsUmpire(a) {
		return "", true
	}
	if p := g.Player(a.ID); p != nil {
		return p.Side, false
	}
	return "", false
}

func handleMoraleShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.startedGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	own, umpire := viewer(g, req.User)
	sizes := r.unitSizes(g)
	e := &Embed{Title: fmt.Sprintf("Army morale, turn %d (%s)", g.Turn, g.TurnLabel(g.Turn))}
	booklet := seriesOf(g).bookletMorale
	disorderAt, panicAt, flightAt := lrtg.MoraleThresholds(g.Game())
	unconfirmed := false
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		m := lrtg.Of(g).ArmyMorale(s, sizes)
		rec := lrtg.Of(g).Records.Armies[s]
		if m.Level != rec.Level || m.Disorder != rec.Disorder || m.Panic != rec.Panic {
			unconfirmed = true
		}
		var lines []string
		lines = append(lines, fmt.Sprintf("Level **%d**: %s — %s.", m.Level, m.State(), r.moraleEffect(g, m.State())))
		if booklet {
			// 004 Army Morale: every state needs an infantry division or
			// cavalry brigade demoralized or recently eliminated.
			if m.Level >= disorderAt && !m.DemoralizedDivision {
				lines = append(lines, fmt.Sprintf("Level %d+: Disorder (%d+ Panic, %d+ Flight) as soon as one of its infantry divisions or cavalry brigades is demoralized or eliminated in the last three turns (004 Army Morale).", disorderAt, panicAt, flightAt))
			}
		} else if m.Level >= lrtg.MoraleFlight && !m.Flight {
			lines = append(lines, "Level 14+: Flight as soon as one of its infantry divisions is demoralized (15.2).")
		}
		var reached []string
		if rec.EverDisorder {
			reached = append(reached, "Disorder")
		}
		if rec.EverPanic {
			reached = append(reached, "Panic")
		}
		if len(reached) > 0 {
			lines = append(lines, "Reached so far: "+strings.Join(reached, " and ")+fmt.Sprintf(" (worth %d VP to the enemy now, %s).", lrtg.MoraleAward(rec), seriesOf(g).moraleAwardRule))
		}
		if umpire || own == s {
			if len(m.Lines) == 0 {
				lines = append(lines, "No contributions.")
			}
			for _, l := range m.Lines {
				when := ""
				if l.Turn > 0 {
					when = fmt.Sprintf(" (turn %d)", l.Turn)
				}
				lines = append(lines, fmt.Sprintf("%+d %s%s [%s]", l.Value, l.What, when, l.Rule))
			}
		} else {
			lines = append(lines, "Its contributions are the other side's secret.")
		}
		e.Fields = append(e.Fields, EmbedField{Name: armyTitle(g, s), Value: clipLines(lines, 1000)})
	}
	e.Description = fmt.Sprintf("Disorder / Panic VP on the record: %+d (+ is Confederate). Disorder at 8, Panic at 11, Flight at 14 (15.2).", moraleVPTotal(g))
	if booklet {
		e.Description = fmt.Sprintf("Disorder / Panic VP on the record: %+d (+ is Confederate). Disorder at %d, Panic at %d, Flight at %d, each with an infantry division or cavalry brigade demoralized or eliminated in the last three turns (004 Army Morale).",
			moraleVPTotal(g), disorderAt, panicAt, flightAt)
	}
	e.Footer = "Combat losses count from /battle result and /unit set field:manpower cause:combat; /morale adjust records what the board does not."
	if unconfirmed {
		e.Footer = "The levels changed since they were last confirmed: the state and its VP are confirmed by /morale check or the turn's end. " + e.Footer
	}
	return r.recordsReply(req, g, e)
}

// moraleEffect says what an army's state does in the game: LRTG's 15.2,
// or LRTA's lrta.army-morale-effects (004 Army Morale).
func (r *Router) moraleEffect(g engine.GameState, state string) string {
	w := seriesOf(g)
	if w.moraleEffects == "" || state == "Normal" {
		return lrtg.MoraleEffect(state)
	}
	if ch := r.library.Chart(w.moraleEffects); ch != nil {
		for _, row := range ch.Rows {
			if len(row) >= 4 && strings.HasSuffix(row[2], state) && row[3] != "" {
				return strings.ToLower(row[3][:1]) + row[3][1:] + " (" + w.moraleRule + ")"
			}
		}
	}
	return lrtg.MoraleEffect(state)
}

// armyTitle names a side's army in the game: LRTA's Union army is the
// Army of the Potomac and the Army of Virginia (004 Army Morale f)).
func armyTitle(g engine.GameState, s engine.Side) string {
	if u := seriesOf(g).unionArmy; u != "" && s == engine.USA {
		return u
	}
	return lrtg.ArmyName(s)
}

// checkText writes a morale check for the channel: the levels and any VP,
// citing the game's award rule (an LRTA game's says it follows 000 VII 7).
func checkText(g engine.GameState, c engine.MoraleCheck) string {
	var parts []string
	for _, a := range c.Armies {
		st := moraleStateOf(lrtg.ArmyRecord{Disorder: a.Disorder, Panic: a.Panic})
		if a.Flight {
			st = "Flight"
		}
		parts = append(parts, fmt.Sprintf("%s %d (%s)", strings.ToUpper(string(a.Side)), a.Level, st))
	}
	text := "Army morale: " + strings.Join(parts, ", ") + "."
	for _, v := range c.VP {
		text += fmt.Sprintf("\n%s: %+d VP (%s).", v.What, v.VP, seriesOf(g).moraleAwardRule)
	}
	for _, a := range c.Armies {
		if a.Flight {
			text += fmt.Sprintf("\n🏳️ The %s is in Flight: the game ends in a decisive victory for the other side (15.2). The umpire ends it with /game end.", lrtg.ArmyName(a.Side))
		}
	}
	return text
}

func handleMoraleAdjust(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Side   string `opt:"side,lower"`
		By     int    `opt:"by"`
		Reason string `opt:"reason,raw"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.AdjustMorale{By: req.User, Side: engine.Side(o.Side), Delta: o.By, Reason: o.Reason, Sizes: r.unitSizes(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.MoraleAdjusted)
		private := fmt.Sprintf("%s army morale %+d: %s (turn %d).\n%s", sideName(e.Side), e.Delta, e.Reason, e.Turn, checkText(g, e.Check))
		public := fmt.Sprintf("%s adjusts the %s's morale.\n%s", req.User.Name, lrtg.ArmyName(e.Side), checkText(g, e.Check))
		return Reply{Outputs: []Output{
			{Audience: Audience{Kind: AudienceEphemeral}, Text: private, Events: views},
			{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: public, Events: []EventView{}},
		}}
	})
}

func handleMoraleCheck(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.CheckMorale{By: req.User, Sizes: r.unitSizes(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.MoraleChecked)
		text := fmt.Sprintf("✔️ %s confirms the armies' morale (turn %d).\n%s", req.User.Name, e.Turn, checkText(g, e.Check))
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: viewEvents(g, views)}}}
	})
}

// supplySide returns the side whose sheet the asker may see: his own; the
// umpire's choice. Asking for the enemy's is refused.
func supplySide(g engine.GameState, a engine.Actor, asked engine.Side) (engine.Side, error) {
	own, umpire := viewer(g, a)
	switch {
	case umpire && asked == "":
		return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "supply.side", What: "Which side's supply?", Hint: "/supply show side:csa or side:usa"}
	case umpire:
		if asked != engine.CSA && asked != engine.USA {
			return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "supply.side", What: fmt.Sprintf("%q is not a side", asked), Hint: "Use side:csa or side:usa"}
		}
		return asked, nil
	case own == "":
		return "", &engine.RuleError{Kind: engine.ErrIllegal, Code: "supply.secret", What: "Only a side's players and the umpire see its supply", Hint: "Join the game with /game join"}
	case asked != "" && asked != own:
		return "", &engine.RuleError{Kind: engine.ErrIllegal, Code: "supply.secret", What: "The other side's supply is secret", Hint: "Only the Spy's winner may look at it (2.0); /supply show shows your own"}
	}
	return own, nil
}

func handleSupplyShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.startedGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o sideOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	side, err := supplySide(g, req.User, engine.Side(o.Side))
	if err != nil {
		return Reply{}, err
	}
	e := &Embed{Title: fmt.Sprintf("%s supply, turn %d (%s rules)", sideName(side), g.Turn, g.Options.Supply)}
	var lines []string
	if g.Options.Supply == "simplified" {
		lvl := lrtg.Of(g).SupplyLevel(side)
		lines = append(lines, fmt.Sprintf("Supply track: **%+d** (boxes -1 to %+d, 24.0).", lvl, lrtg.SupplyMax(side)))
		if c := r.library.Chart("lrtg.simplified-supply-effects"); c != nil {
			for _, row := range c.Rows {
				if supplyRowHas(row[0], lvl) {
					lines = append(lines, fmt.Sprintf("Supply effects at %+d: army morale %s; disorganization %s; manpower %s (24.6).", lvl, row[1], row[2], row[3]))
				}
			}
		}
	} else {
		lines = append(lines, fmt.Sprintf("Victuals of each unit requiring supply (at most %d, 13.0):", lrtg.SupplyMax(side)))
		units := lrtg.Of(g).SupplyUnits(side, r.unitSizes(g))
		cmd := ""
		var row []string
		flush := func() {
			if len(row) > 0 {
				lines = append(lines, fmt.Sprintf("%s: %s", cmd, strings.Join(row, ", ")))
			}
			row = nil
		}
		for _, u := range units {
			if u.Command != cmd {
				flush()
				cmd = u.Command
			}
			v := lrtg.Of(g).Victuals(u)
			s := fmt.Sprintf("%s %d", u.Name, v)
			if v <= 0 {
				s += " (out of supply)"
			}
			row = append(row, s)
		}
		flush()
		if len(units) == 0 {
			lines = append(lines, "No unit of the side on the map needs supply.")
		}
	}
	if t := r.theatres["lrtg"]; t != nil {
		var stores []string
		for name := range lrtg.Of(g).Places {
			p := t.Place(name)
			if p == nil {
				continue
			}
			if left, holder, full, ok := lrtg.Of(g).Store(*p); ok && holder == side {
				stores = append(stores, fmt.Sprintf("%s %d of %d", name, left, full))
			}
		}
		if len(stores) > 0 {
			sort.Strings(stores)
			lines = append(lines, "Stores: levied towns (13.1) and captured depots (13.8), victuals left: "+strings.Join(stores, ", ")+".")
		}
	}
	var log []string
	for _, s := range lrtg.Of(g).Records.SupplyLog {
		if s.Side == side {
			what, reason := supplyEntryText(s)
			log = append(log, fmt.Sprintf("turn %d: %s — %s (%s)", s.Turn, what, reason, s.By.Name))
		}
	}
	if n := len(log); n > 8 {
		log = log[n-8:]
	}
	if len(log) > 0 {
		e.Fields = append(e.Fields, EmbedField{Name: "Latest changes", Value: clipLines(log, 1000)})
	}
	e.Description = clipLines(lines, 3800)
	e.Footer = "Secret to your side. Expenditure, resupply and foraging are recorded with /supply adjust until the sequence of play does them."
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

// supplyRowHas reports whether a chart's supply level cell ("3-7", "2",
// "-1") holds the level.
func supplyRowHas(cell string, level int) bool {
	if lo, hi, ok := strings.Cut(cell, "-"); ok && lo != "" {
		a, _ := strconv.Atoi(lo)
		b, _ := strconv.Atoi(hi)
		return level >= a && level <= b
	}
	n, err := strconv.Atoi(cell)
	return err == nil && n == level
}

// findSideUnit reads a unit of a side by id or (case-insensitive) name.
func findSideUnit(g engine.GameState, side engine.Side, s string) (string, error) {
	s = strings.TrimSpace(s)
	if u, ok := g.Units[s]; ok && u.Side == side {
		return s, nil
	}
	var hits []string
	for _, id := range sortedUnitIDs(g) {
		if u := g.Units[id]; u.Side == side && strings.EqualFold(u.Name, s) {
			hits = append(hits, id)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.unknown", What: fmt.Sprintf("The %s have no unit %q", strings.ToUpper(string(side)), s), Hint: "/supply show lists the units that keep victuals"}
	}
	return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.ambiguous", What: fmt.Sprintf("%q names several units: %s", s, strings.Join(hits, ", ")), Hint: "Use the unit's id"}
}

func handleSupplyAdjust(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Side   string   `opt:"side,lower"`
		By     int      `opt:"by"`
		Units  []string `opt:"units"` // names separated by commas
		At     string   `opt:"at"`
		Reason string   `opt:"reason,raw"`
	}
	var probs optionProblems
	probs.decode(req, &o)
	side := engine.Side(o.Side)
	cmd := lrtg.AdjustSupply{By: req.User, Side: side, Delta: o.By, Reason: o.Reason, Sizes: r.unitSizes(g)}
	// Names are read only for a side the asker keeps: a name never confirms
	// an enemy unit or store (the engine refuses the side itself).
	if own, umpire := viewer(g, req.User); umpire || own == side {
		for _, s := range o.Units {
			id, err := findSideUnit(g, side, s)
			if probs.also(err) {
				break // the first wrong name, as before
			}
			cmd.Units = append(cmd.Units, id)
		}
		if o.At != "" {
			p := r.theatres["lrtg"].Place(o.At)
			if p == nil {
				probs.add("place.unknown", fmt.Sprintf("There is no place %q", o.At), "Discord completes the levied towns")
			}
			cmd.Store = p
		}
	}
	if err := probs.err(req); err != nil {
		return Reply{}, err // a wrong unit and a wrong place refused together
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.SupplyAdjusted)
		var b strings.Builder
		fmt.Fprintf(&b, "%s supply %+d (turn %d): %s.", sideName(e.Side), e.Delta, e.Turn, supplyReason(e.ReasonCode, e.Divisions, e.Reason))
		switch {
		case e.Store != nil:
			fmt.Fprintf(&b, "\n%s: %d → %d victuals.", e.Store.Name, e.Store.From, e.Store.To)
		case e.Track != nil:
			fmt.Fprintf(&b, "\nSupply track: %+d → %+d.", e.Track.From, e.Track.To)
		default:
			var parts []string
			for _, u := range e.Units {
				parts = append(parts, fmt.Sprintf("%s %d → %d", u.Name, u.From, u.To))
			}
			b.WriteString("\n" + clipLines(parts, 1500))
		}
		outs := []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: b.String(), Events: views}}
		// A change of army state is public (the VP record is): say so
		// without the supply behind it.
		if len(e.Check.VP) > 0 {
			outs = append(outs, Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: checkText(g, e.Check), Events: []EventView{}})
		}
		return Reply{Outputs: outs}
	})
}

// supplyUnits completes the asker's side's units that keep victuals.
func supplyUnits(r *Router, req Request, typed string) []engine.Match {
	g, err := r.game(context.Background(), req)
	if err != nil || !g.Started {
		return nil
	}
	own, umpire := viewer(g, req.User)
	last := typed
	if i := strings.LastIndex(typed, ","); i >= 0 {
		last = typed[i+1:]
	}
	last = strings.ToLower(strings.TrimSpace(last))
	var out []engine.Match
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if !umpire && s != own {
			continue
		}
		for _, u := range lrtg.Of(g).SupplyUnits(s, r.unitSizes(g)) {
			if strings.Contains(strings.ToLower(u.Name+" "+u.ID), last) && len(out) < 25 {
				out = append(out, engine.Match{Value: u.ID, Label: fmt.Sprintf("%s (%s, %d victuals)", u.Name, u.Command, lrtg.Of(g).Victuals(u))})
			}
		}
	}
	return out
}

// leviedTowns completes the towns levied so far (their existence is on the
// map for both sides).
func leviedTowns(r *Router, req Request, typed string) []engine.Match {
	g, err := r.game(context.Background(), req)
	if err != nil {
		return nil
	}
	var out []engine.Match
	for name, ps := range lrtg.Of(g).Places {
		if (ps.Levied || (ps.Captured != "" && !ps.DepotDestroyed)) && strings.Contains(strings.ToLower(name), strings.ToLower(strings.TrimSpace(typed))) {
			out = append(out, engine.Match{Value: name, Label: name})
		}
	}
	return out
}

// recordsPlotFile draws the VP total and both armies' morale, turn by
// turn: the public record.
func (r *Router) recordsPlotFile(g engine.GameState) (File, error) {
	png, err := recordsPlot(g, r.scenarioTitle(g.Options.Scenario))
	if err != nil {
		return File{}, err
	}
	return File{Name: "turn-record.png", ContentType: "image/png", Size: len(png), Data: png}, nil
}

func recordsPlot(g engine.GameState, title string) ([]byte, error) {
	pts := lrtg.Of(g).TurnHistory()
	p := render.Plot{Title: fmt.Sprintf("%s — VP and army morale by turn", title),
		Caption: "Each turn as it ended; the current turn as last confirmed. VP: + is Confederate (000 VII)."}
	vp := render.Series{Name: "VP total", Color: render.ColorVP}
	csa := render.Series{Name: "CSA (ANV)", Color: render.ColorCSA}
	usa := render.Series{Name: "USA (AoP)", Color: render.ColorUSA}
	for _, pt := range pts {
		d, err := time.Parse(time.DateOnly, pt.Date)
		label := strconv.Itoa(pt.Turn)
		if err == nil {
			label += "|" + d.Format("Jan 2")
		}
		p.XLabels = append(p.XLabels, label)
		vp.Values = append(vp.Values, float64(pt.VP))
		csa.Values = append(csa.Values, float64(pt.CSA))
		usa.Values = append(usa.Values, float64(pt.USA))
	}
	disorderAt, panicAt, flightAt := lrtg.MoraleThresholds(g.Game())
	rule := seriesOf(g).moraleRule
	p.Panels = []render.Panel{
		{Title: "Victory points (+ Confederate)", Series: []render.Series{vp}, Min: 0, Max: 10},
		{Title: fmt.Sprintf("Army morale level (%s)", rule), Series: []render.Series{csa, usa}, Min: 0, Max: float64(flightAt),
			Guides: []render.Guide{{Value: float64(disorderAt), Label: fmt.Sprintf("Disorder %d", disorderAt)}, {Value: float64(panicAt), Label: fmt.Sprintf("Panic %d", panicAt)}, {Value: float64(flightAt), Label: fmt.Sprintf("Flight %d", flightAt)}}},
	}
	return render.LinePlot(p)
}

// recordStatusLines are the records' part of /game status: turn and date,
// phase, morale, VP and who the game waits for. Nothing in them is a
// side's secret.
// armyMoraleStatus is both armies' morale for /game status (LRTG 15),
// and whether it is the level last confirmed.
func armyMoraleStatus(g engine.GameState, sizes engine.UnitSizes) (string, bool) {
	var morale []string
	confirmed := true
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		m := lrtg.Of(g).ArmyMorale(s, sizes)
		rec := lrtg.Of(g).Records.Armies[s]
		confirmed = confirmed && m.Level == rec.Level && m.Disorder == rec.Disorder && m.Panic == rec.Panic
		morale = append(morale, fmt.Sprintf("%s %d (%s)", strings.ToUpper(string(s)), m.Level, m.State()))
	}
	return strings.Join(morale, ", "), confirmed
}

func (r *Router) recordStatusLines(g engine.GameState) []string {
	var out []string
	var owes []string
	if !g.Started {
		for _, s := range []engine.Side{engine.CSA, engine.USA} {
			n := 0
			for _, p := range g.Players {
				if p.Side == s {
					n++
				}
			}
			if n == 0 {
				owes = append(owes, fmt.Sprintf("a %s player (/game join side:%s)", sideName(s), s))
			}
		}
		if len(owes) == 0 {
			owes = append(owes, fmt.Sprintf("the umpire, %s, to start it (/game start)", g.Umpire.Name))
		}
		return append(out, "Waiting for: "+strings.Join(owes, "; "))
	}
	if g.Ended != nil {
		return out
	}
	out = append(out, fmt.Sprintf("Date: %s (turn %d of %d; %d days left after it)", g.TurnLabel(g.Turn), g.Turn, g.LastTurn(), lrtg.Of(g).DaysLeft(g.Turn)))
	out = append(out, "Phase: "+r.phaseLabel(g))
	confirmed := true
	if gameNamed(g.Game()).armyRecords {
		var morale string
		morale, confirmed = armyMoraleStatus(g, r.unitSizes(g))
		out = append(out, "Army morale: "+morale)
		_, total := lrtg.Of(g).VPTotals()
		out = append(out, fmt.Sprintf("Victory points: %+d (+ is Confederate)", total))
	}
	waits := g.Waiting()
	switch {
	case g.Paused:
		owes = append(owes, fmt.Sprintf("the umpire, %s, to resume (/game pause resume:true)", g.Umpire.Name))
	case g.Turn >= g.LastTurn():
		owes = append(owes, fmt.Sprintf("the umpire, %s, to end the game after this last turn (/game end)", g.Umpire.Name))
	case len(waits) > 0:
		owes = append(owes, waits...)
	default:
		owes = append(owes, fmt.Sprintf("the umpire, %s, to begin the next step (/phase next)", g.Umpire.Name))
	}
	if !confirmed {
		owes = append(owes, "a morale check: the levels changed since they were confirmed (/morale check)")
	}
	return append(out, "Waiting for: "+strings.Join(owes, "; "))
}

// recordsReply answers privately with the embed, and the VP and morale
// plot when the asker wants it (plot:true).
func (r *Router) recordsReply(req Request, g engine.GameState, e *Embed) (Reply, error) {
	out := Output{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}
	var o struct {
		Plot bool `opt:"plot"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	if o.Plot {
		f, err := r.recordsPlotFile(g)
		if err != nil {
			return Reply{}, err
		}
		out.Files = []File{f}
	}
	return Reply{Outputs: []Output{out}}, nil
}
