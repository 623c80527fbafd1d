package bot

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/scenarios"
)

func rulesCommands() []*Command {
	return []*Command{
		{
			Name:        "table",
			Description: "Roll on the rules' tables, explained step by step",
			Subcommands: []*Command{
				{
					Name:        "roll",
					Description: "Roll on a rules table: dice, modifiers and their reasons, redirects, result",
					Options: []OptionSpec{
						{Name: "table", Description: "The table, e.g. lrtg.random-events", Type: String, Required: true, MaxLength: 100, Placeholder: "table",
							Autocomplete: func(r *Router, req Request, typed string) []engine.Match {
								return r.gameValues(req, r.library.SearchTables(typed, allMatches), r.tableGame)
							}},
						{Name: "facts", Description: "The facts the table needs, as name=value pairs (the table says which)", Type: String, MaxLength: 1000, Placeholder: "name=value ..."},
					},
					Handle: handleTableRoll,
				},
				{
					Name:        "list",
					Description: "List the rules tables and the facts each needs",
					Ephemeral:   true,
					Options: []OptionSpec{
						{Name: "game", Description: "lrtg, lrta or litn", Type: String, MaxLength: 10, Placeholder: "lrtg|lrta|litn"},
					},
					Handle: handleTableList,
				},
			},
		},
		{
			Name:        "chart",
			Description: "Show the rules' charts",
			Subcommands: []*Command{
				{
					Name:        "show",
					Description: "Show a rules chart",
					Ephemeral:   true,
					Options: []OptionSpec{
						{Name: "name", Description: "The chart, e.g. lrtg.county-control-vp", Type: String, Required: true, MaxLength: 100, Placeholder: "chart",
							Autocomplete: func(r *Router, req Request, typed string) []engine.Match {
								return r.gameValues(req, r.library.SearchCharts(typed, allMatches), r.chartGame)
							}},
						{Name: "game", Description: "true: the copy this channel's game keeps (default: the server's)", Type: Boolean},
					},
					Handle: handleChartShow,
				},
				{
					Name:        "list",
					Description: "The printed charts a game needs, each loaded or not",
					Ephemeral:   true,
					Options: []OptionSpec{
						{Name: "game", Description: "lrtg, lrta or litn (default: this channel's game, else all)", Type: String, MaxLength: 10, Placeholder: "lrtg|lrta|litn"},
					},
					Handle: handleChartList,
				},
				{
					Name:        "template",
					Description: "A fill-in file for a printed chart: its rows and columns named, every cell ?",
					Ephemeral:   true,
					Options: []OptionSpec{
						slotNameOption(),
					},
					Handle: handleChartTemplate,
				},
				{
					Name:        "load",
					Description: "Load your copy of a printed chart: the server's (managers), or game:true your game's (its umpire)",
					Ephemeral:   true,
					Options: []OptionSpec{
						{Name: "name", Description: "The chart slot, e.g. litn.command-point", Type: String, Required: true, MaxLength: 100, Placeholder: "chart",
							// Every slot, whatever the channel: a server's charts serve all its games.
							Autocomplete: func(r *Router, _ Request, typed string) []engine.Match { return r.library.SearchSlots(typed, 25) }},
						{Name: "file", Description: "The chart file (YAML: chart, cells)", Type: Attachment},
						{Name: "data", Description: "Or the chart file's text", Type: String, MaxLength: 6000, Placeholder: "yaml"},
						{Name: "game", Description: "Umpire: load it into this channel's game only (LITN; chart_game.go)", Type: Boolean},
						{Name: "reason", Description: "Umpire: why, once the game has started (the table is told)", Type: String, MaxLength: 200, Placeholder: "text"},
					},
					Handle: handleChartLoad,
				},
				{
					Name:        "roll",
					Description: "Roll on your loaded copy of a printed chart",
					Options: []OptionSpec{
						slotNameOption(),
						{Name: "column", Description: "The column to read, e.g. the leader's rating", Type: String, Required: true, MaxLength: 50, Placeholder: "column",
							Autocomplete: slotColumns},
						{Name: "modifier", Description: "Total of the die-roll modifiers that apply", Type: Integer},
						{Name: "why", Description: "Why the modifier applies (shown with the roll)", Type: String, MaxLength: 200, Placeholder: "text"},
					},
					Handle: handleChartRoll,
				},
			},
		},
		{
			Name:        "rule",
			Description: "Summarize a rules section and say where it falls in the sequence of play",
			Ephemeral:   true,
			Options: []OptionSpec{
				{Name: "section", Description: "Section number or name, e.g. lrtg:2.0 or Random Events", Type: String, Required: true, MaxLength: 100, Placeholder: "section",
					Autocomplete: func(r *Router, req Request, typed string) []engine.Match {
						return r.gameValues(req, r.library.SearchRules(typed, allMatches), r.ruleGame)
					}},
			},
			Handle: handleRule,
		},
	}
}

func notFound(code, what, typed string, suggestions []engine.Match, usage string) *engine.RuleError {
	hint := usage
	if len(suggestions) > 0 {
		var s []string
		for _, m := range suggestions {
			s = append(s, m.Value)
		}
		hint = "Did you mean " + strings.Join(s, ", ") + "? " + usage
	}
	return &engine.RuleError{Kind: engine.ErrInvalid, Code: code, What: fmt.Sprintf("There is no %s %q", what, typed), Hint: hint}
}

// tableRollOpts are /table roll's options; the facts are read against
// the table's own (engine.ParseFacts).
type tableRollOpts struct {
	Table string `opt:"table"`
	Facts string `opt:"facts,raw"`
}

func handleTableRoll(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o tableRollOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	name := o.Table
	tb := r.library.Table(name)
	if tb == nil {
		return Reply{}, notFound("table.unknown", "table", name, r.library.SearchTables(name, 5), "/table list shows them all")
	}
	facts, err := engine.ParseFacts(tb.Facts, o.Facts)
	if err != nil {
		return Reply{}, err
	}
	cmd := engine.RollTable{By: req.User, Table: tb, Facts: facts}
	return r.settleChannel(ctx, req, cmd, func(views []EventView, events []engine.Event) Reply {
		var text []string
		for _, e := range events {
			if tr, ok := e.(*engine.TableRolled); ok {
				text = append(text, FormatTableRoll(tr, tb))
			}
		}
		return Reply{Outputs: []Output{{
			Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID},
			Text:     strings.Join(text, "\n"),
			Events:   views,
		}}}
	})
}

// FormatTableRoll explains a table roll: the table and its source, the
// dice, each modifier and why, the total, the printed result, every
// redirect and why, and what the final result does.
func FormatTableRoll(tr *engine.TableRolled, tb *engine.Table) string {
	var b strings.Builder
	fmt.Fprintf(&b, "🎲 %s · %s rolls on **%s** (%s; %s)\n", rollLabel(tr.Number, tr.RollStream), tr.By.Name, tr.Title, strings.ToUpper(string(tb.Game)), tr.Source)
	if len(tr.Facts) > 0 {
		keys := make([]string, 0, len(tr.Facts))
		for k := range tr.Facts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + "=" + tr.Facts[k]
		}
		fmt.Fprintf(&b, "Facts: %s\n", strings.Join(parts, ", "))
	}
	if len(tr.Sides) > 0 {
		for _, s := range tr.Sides {
			name := s.Side
			for _, sd := range tb.Sides {
				if sd.ID == s.Side {
					name = sd.Name
				}
			}
			fmt.Fprintf(&b, "%s: %s %s%s = %d\n", name, tr.Dice, faces(s.Faces), modText(s.Modifiers), s.Total)
		}
	} else {
		fmt.Fprintf(&b, "%s: %s", tr.Dice, faces(tr.Faces))
		if len(tr.Faces) > 1 {
			fmt.Fprintf(&b, " = %d", tr.Natural)
		}
		b.WriteString(modText(tr.Modifiers))
		if len(tr.Modifiers) > 0 || tr.Bounded != "" {
			fmt.Fprintf(&b, " → %d", tr.Total)
		}
		if tr.Bounded != "" {
			fmt.Fprintf(&b, " (%s)", tr.Bounded)
		}
		b.WriteString("\n")
		if o := tb.Outcome(tr.Printed); o != nil {
			fmt.Fprintf(&b, "Table result for %d: %s\n", tr.Total, o.Name)
		}
	}
	for _, rd := range tr.Redirects {
		if rd.From == "tie" {
			side := rd.To
			for _, sd := range tb.Sides {
				if sd.ID == rd.To {
					side = sd.Name
				}
			}
			fmt.Fprintf(&b, "↪ Tie: %s wins it, because %s\n", side, rd.Reason)
			continue
		}
		to := rd.To
		if o := tb.Outcome(rd.To); o != nil {
			to = o.Name
		}
		fmt.Fprintf(&b, "↪ Treat instead as %s, because %s\n", to, rd.Reason)
	}
	fmt.Fprintf(&b, "**%s**", tr.Name)
	if tr.Effect != "" {
		fmt.Fprintf(&b, ": %s", tr.Effect)
	}
	return b.String()
}

func faces(fs []int) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = fmt.Sprint(f)
	}
	return "[" + strings.Join(s, " ") + "]"
}

func modText(ms []engine.AppliedModifier) string {
	var b strings.Builder
	for _, m := range ms {
		sign := "+"
		v := m.Value
		if v < 0 {
			sign, v = "−", -v
		}
		fmt.Fprintf(&b, " %s%d (%s)", sign, v, m.Reason)
	}
	return b.String()
}

func handleTableList(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Game string `opt:"game,lower"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	game := o.Game
	// In a game's channel, without game:, the tables of the rules it plays
	// (an LRTA game's are LRTA's and LRTG's; a LITN game's only LITN's),
	// as autocomplete offers them (gameValues): a LITN game listed LRTG's
	// Vicksburg and draft riots (issue 23 item 9).
	var rules []engine.Game
	footer := "/table roll table:<id> rolls one; with game: the list shows the facts each needs"
	if g, ok := r.channelGame(ctx, req); ok && game == "" {
		rules = gameNamed(g).rules
		footer = "The tables of this channel's game, " + gameNamed(g).title() + ". " + footer
	}
	var lines []string
	for _, tb := range r.library.Tables {
		if game != "" && string(tb.Game) != game || rules != nil && !slices.Contains(rules, tb.Game) {
			continue
		}
		facts := make([]string, len(tb.Facts))
		for i, f := range tb.Facts {
			facts[i] = f.Name
		}
		line := fmt.Sprintf("`%s` %s (%s)", tb.ID, tb.Title, tb.Dice.String())
		if len(facts) > 0 && game != "" {
			line += " — facts: " + strings.Join(facts, ", ")
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "table.game", What: fmt.Sprintf("No tables for the game %q", game), Hint: "Use lrtg, lrta or litn"}
	}
	e := &Embed{Title: fmt.Sprintf("Rules tables (%d)", len(lines)), Description: clipLines(lines, 4000), Footer: footer}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

// clipLines joins lines up to limit bytes and counts the rest.
func clipLines(lines []string, limit int) string {
	var b strings.Builder
	for i, l := range lines {
		if b.Len()+len(l)+40 > limit {
			fmt.Fprintf(&b, "… and %d more", len(lines)-i)
			break
		}
		b.WriteString(l + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// chartOpts are the options of the chart commands that name only a chart
// (or slot).
type chartOpts struct {
	Name string `opt:"name"`
}

func handleChartShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Name string `opt:"name"`
		Game bool   `opt:"game"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	name := o.Name
	if sl := r.library.Slot(name); sl != nil {
		return showSlot(ctx, r, req, sl, o.Game) // chart_show.go: a copy laid out as printed
	}
	c := r.library.Chart(name)
	if c == nil {
		return Reply{}, notFound("chart.unknown", "chart", name, r.library.SearchCharts(name, 5), "Start typing a chart's name to see them")
	}
	if o.Game {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.game",
			What: fmt.Sprintf("%s is in the rules, the same for every game", c.Title), Hint: "game:true is for a printed chart's copy (a chart slot): leave it out"}
	}
	games := strings.ToUpper(string(c.Game))
	e := &Embed{
		Title:       fmt.Sprintf("%s (%s)", c.Title, games),
		Description: "```\n" + TextGrid(c.Columns, c.Rows, 3800) + "\n```",
		Footer:      "Source: " + c.Source,
	}
	if c.Notes != "" {
		e.Fields = append(e.Fields, EmbedField{Name: "Notes", Value: c.Notes})
	}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

// TextGrid lays out a chart in monospace columns, within limit bytes; rows
// that do not fit are counted instead of shown.
func TextGrid(cols []string, rows [][]string, limit int) string {
	w := make([]int, len(cols))
	for i, c := range cols {
		w[i] = len([]rune(c))
	}
	for _, r := range rows {
		for i, c := range r {
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	line := func(cells []string) string {
		var b strings.Builder
		for i, c := range cells {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(c + strings.Repeat(" ", w[i]-len([]rune(c))))
		}
		return strings.TrimRight(b.String(), " ")
	}
	out := []string{line(cols)}
	sep := make([]string, len(cols))
	for i := range sep {
		sep[i] = strings.Repeat("-", w[i])
	}
	out = append(out, line(sep))
	size := len(out[0]) + len(out[1])
	for i, r := range rows {
		l := line(r)
		if size+len(l)+80 > limit {
			out = append(out, fmt.Sprintf("… %d more rows", len(rows)-i))
			break
		}
		size += len(l) + 1
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

func handleRule(_ context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Section string `opt:"section"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	key := o.Section
	rules := r.library.Rule(key)
	if len(rules) == 0 {
		return Reply{}, notFound("rule.unknown", "rules section", key, r.library.SearchRules(key, 5), "Start typing a section number or name to see them")
	}
	var parts []string
	for _, ru := range rules {
		s := fmt.Sprintf("**%s %s — %s**\n%s", strings.ToUpper(string(ru.Game)), ru.Section, ru.Title, ru.Summary)
		if ru.Phase != "" {
			s += "\n*Sequence of play:* " + ru.Phase
		}
		s += "\n*Source:* " + ru.Source
		parts = append(parts, s)
	}
	return ephemeralText(strings.Join(parts, "\n\n")), nil
}

func ephemeralText(text string) Reply {
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: []EventView{}}}}
}

func slotColumns(r *Router, req Request, typed string) []engine.Match {
	var o chartOpts
	_ = decodeOptions(req, &o) // a string: nothing to refuse while completing
	sl := r.library.Slot(o.Name)
	if sl == nil {
		return nil
	}
	cols := sl.Columns
	// Autocomplete has no context to spare for the store; the guild's copy
	// names the columns when the slot does not.
	if loaded, err := r.loadedCharts(context.Background(), req); err == nil && loaded.Loaded[sl.ID] != nil {
		cols = loaded.Loaded[sl.ID].Columns
	}
	var out []engine.Match
	for _, c := range cols {
		if strings.Contains(strings.ToLower(c), strings.ToLower(strings.TrimSpace(typed))) {
			out = append(out, engine.Match{Value: c, Label: c})
		}
	}
	return out
}

// loadedCharts returns the charts the guild's umpires have loaded.
func (r *Router) loadedCharts(ctx context.Context, req Request) (engine.Charts, error) {
	_, c, err := fold(ctx, r, chartsStream(req), r.charts)
	return c, err
}

func handleChartLoad(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Name string `opt:"name"`
		Data string `opt:"data,raw"` // the file pasted as text; file: wins
		// Game loads the copy into the channel's game, by its umpire
		// (chart_game.go); Reason is his, told to the table.
		Game   bool   `opt:"game"`
		Reason string `opt:"reason,raw"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	name := o.Name
	sl := r.library.Slot(name)
	if sl == nil {
		return Reply{}, notFound("chart.unknown", "chart slot", name, r.library.SearchSlots(name, 5), "Start typing a chart's name to see the slots, or /chart list for the charts a game needs")
	}
	if o.Reason != "" && !o.Game {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.reason",
			What: "reason: goes with a chart loaded into a game (game:true); the server's copy needs none", Hint: chartGameHint}
	}
	if o.Game {
		if err := r.mayLoadGameChart(ctx, req); err != nil { // chart_game.go
			return Reply{}, err
		}
	} else if !req.Manager {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "chart.permission",
			What: "Only someone who may manage this server loads the server's charts", Hint: "Ask a member with the Manage Server permission. " + chartGameHint}
	}
	data := uploaded(req, o.Data)
	if data == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.file", What: "No chart file was given",
			Hint: "Attach it as file: or paste it as data:. " + sl.ShapeHelp()}
	}
	id, cp, err := scenarios.ParseChartFile(data)
	if err != nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.file", What: err.Error(), Hint: sl.ShapeHelp()}
	}
	if id != sl.ID {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.file",
			What: fmt.Sprintf("The file is for the chart %q, not %q", id, sl.ID), Hint: "Load it with name:" + id}
	}
	if o.Game {
		return r.loadGameChart(ctx, req, sl, cp, o.Reason) // chart_game.go
	}
	cmd := engine.LoadChart{By: req.User, Slot: sl, Copy: cp}
	return settle(ctx, r, req, chartsStream(req), kindCharts, r.charts,
		func(c engine.Charts, _ engine.Dice) ([]engine.Event, error) { return c.Decide(cmd) },
		func(views []EventView, _ []engine.Event) Reply {
			return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral},
				Text:   chartLoadedText(sl),
				Events: views}}}
		})
}

// chartRollOpts are /chart roll's options.
type chartRollOpts struct {
	Name     string `opt:"name"`
	Column   string `opt:"column,raw"` // the engine matches it to the copy's columns
	Modifier int    `opt:"modifier"`   // 0: none
	Why      string `opt:"why"`
}

func handleChartRoll(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o chartRollOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	name := o.Name
	sl := r.library.Slot(name)
	if sl == nil {
		return Reply{}, notFound("chart.unknown", "chart slot", name, r.library.SearchSlots(name, 5), "Start typing a chart's name to see the slots, or /chart list for the charts a game needs")
	}
	loaded, err := r.loadedCharts(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var mods []engine.AppliedModifier
	if v := o.Modifier; v != 0 {
		why := o.Why
		if why == "" {
			why = "modifiers given"
		}
		mods = append(mods, engine.AppliedModifier{Value: v, Reason: why})
	}
	cmd := engine.RollChart{By: req.User, Slot: sl, Copy: loaded.Loaded[sl.ID], Column: o.Column, Modifiers: mods}
	return r.settleChannel(ctx, req, cmd, func(views []EventView, events []engine.Event) Reply {
		var text []string
		for _, e := range events {
			if cr, ok := e.(*engine.ChartRolled); ok {
				s := fmt.Sprintf("🎲 Roll #%d · %s rolls on **%s** (%s; your copy), column %s\n%s: %s", cr.Number, cr.By.Name, cr.Title, strings.ToUpper(string(sl.Game)), cr.Column, cr.Dice, faces(cr.Faces))
				if len(cr.Faces) > 1 {
					s += fmt.Sprintf(" = %d", cr.Natural)
				}
				s += modText(cr.Modifiers)
				if len(cr.Modifiers) > 0 {
					s += fmt.Sprintf(" → %d", cr.Total)
				}
				s += fmt.Sprintf("\nRow %s", cr.Row)
				if cr.Clamped {
					s += " (the total is off the chart: its last row in that direction applies)"
				}
				s += fmt.Sprintf(": **%s**", cr.Result)
				text = append(text, s)
			}
		}
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: strings.Join(text, "\n"), Events: views}}}
	})
}

// slotNameOption is the name: of a chart slot a channel's game reads
// (/chart template, /chart roll), offered from that game's slots.
func slotNameOption() OptionSpec {
	return OptionSpec{Name: "name", Description: "The chart slot, e.g. litn.command-point", Type: String, Required: true, MaxLength: 100, Placeholder: "chart",
		Autocomplete: func(r *Router, req Request, typed string) []engine.Match {
			return r.gameValues(req, r.library.SearchSlots(typed, allMatches), r.chartGame)
		}}
}
