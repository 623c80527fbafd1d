package bot

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// /vp: the Victory Point Record (000 VII; 003 Victory Point Record Table),
// and what players and umpire record on it that the board does not: county
// control (LRTG 11, VII 1), the Potomac crossing that doubles county
// points, and the rolled events: Vicksburg (VII 8), the New York draft riots
// (VII 9), the Raspberry Raid (VII 10). Railroad stations (VII 3) are scored
// by /place destroy-station.
//
// Who sees what: the record is public in the boardgame, so anyone in the
// game's channel may read it, and claims and rolls are announced in the
// channel. Nothing here names a unit or its hex to the other side: a county
// claim says which checks passed, never which units made them; withdrawn
// Richmond Garrison units are named to their commander only when the game
// hides units (limited intelligence).
//
// /vp is one command with an action: option rather than subcommands, so
// that a bare /vp still shows the record (Discord does not let a command
// with subcommands run on its own).

// vpActions are the things /vp records, besides showing the record.
func vpActions() []engine.Match {
	return []engine.Match{
		{Value: "county", Label: "county — the Confederates control a county this turn (LRTG 11)"},
		{Value: "crossed", Label: "crossed — the day the first Confederate infantry crossed the Potomac (umpire)"},
		{Value: lrtg.VPVicksburg, Label: "vicksburg — roll for the surrender of Vicksburg (from June 30)"},
		{Value: lrtg.VPDraftRiots, Label: "draft-riots — roll the New York draft riots (July 14; Union)"},
		{Value: lrtg.VPRaspberry, Label: "raspberry-raid — roll the Raspberry Raid's VP loss (Confederate)"},
	}
}

// vpTable names the rules table a rolled event uses ("" for none).
func vpTable(event string) string {
	return map[string]string{
		lrtg.VPVicksburg:  "lrtg.vicksburg-surrenders",
		lrtg.VPDraftRiots: "lrtg.draft-riots",
		lrtg.VPRaspberry:  "lrtg.raspberry-raid",
	}[event]
}

func vpCommands() []*Command {
	counties := func(r *Router, _ Request, typed string) []engine.Match {
		cs, err := scenarios.Counties(r.theatres["lrtg"])
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
	richmond := func(r *Router, req Request, typed string) []engine.Match {
		g, err := r.game(context.Background(), req)
		if err != nil || !g.Started {
			return nil
		}
		var out []engine.Match
		for _, id := range sortedUnitIDs(g) {
			u := g.Units[id]
			if strings.EqualFold(u.Command, "Rich") && u.OnMap && !u.Eliminated && g.Controls(req.User, u) {
				out = append(out, engine.Match{Value: u.ID, Label: fmt.Sprintf("%s (%d MP)", u.Name, u.Manpower)})
			}
		}
		return out
	}
	return []*Command{
		{
			Name:        "vp",
			Description: "The Victory Point Record; county control, Potomac crossing, Vicksburg, draft riots, Raspberry Raid",
			Options: []OptionSpec{
				{Name: "action", Description: "county, crossed, vicksburg, draft-riots or raspberry-raid; none: show the record", Type: String, MaxLength: 20, Placeholder: "action",
					Autocomplete: func(r *Router, req Request, typed string) []engine.Match {
						var refusal func(string) error
						if g, err := r.game(context.Background(), req); err == nil {
							refusal = seriesOf(g).vpRefusal
						}
						var out []engine.Match
						for _, a := range vpActions() {
							if refusal != nil && refusal(a.Value) != nil {
								continue
							}
							if strings.Contains(a.Value, strings.ToLower(strings.TrimSpace(typed))) {
								out = append(out, a)
							}
						}
						return out
					}},
				{Name: "county", Description: "action:county — the county the Confederates control", Type: String, MaxLength: 60, Placeholder: "county", Autocomplete: counties},
				{Name: "date", Description: "action:crossed — the day, e.g. June 14 (default: this turn)", Type: String, MaxLength: 30, Placeholder: "date"},
				{Name: "removed", Description: "action:draft-riots — Union manpower points removed to quell the riots", Type: Integer},
				{Name: "units", Description: "action:raspberry-raid — Richmond Garrison units withdrawn before the roll", Type: String, MaxLength: 300, Placeholder: "unit,...", Autocomplete: richmond},
				{Name: "reason", Description: "Why (the umpire's rulings)", Type: String, MaxLength: 200, Placeholder: "text"},
				{Name: "csv", Description: "true: attach the record as a CSV file", Type: Boolean},
			},
			Handle: handleVP,
		},
	}
}

// vpOpts are /vp's options, decoded once and handed to the action's
// handler. The action's own options are pointers: nil when not given, so
// one given with the wrong action is refused.
type vpOpts struct {
	Action  string  `opt:"action,lower"`
	County  *string `opt:"county,raw"` // action:county (findCounty)
	Date    *string `opt:"date"`       // action:crossed (parseDay)
	Removed *int    `opt:"removed"`    // action:draft-riots
	Units   *string `opt:"units,raw"`  // action:raspberry-raid, comma-separated
	Reason  string  `opt:"reason"`
	CSV     bool    `opt:"csv"`
}

// optString is an option given as typed, "" when it was not given.
func optString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func handleVP(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o vpOpts
	var p optionProblems
	p.decode(req, &o)
	action := o.Action
	// Every option given with the wrong action, in a fixed order.
	for _, u := range []struct {
		opt, act string
		given    bool
	}{{"county", "county", o.County != nil}, {"date", "crossed", o.Date != nil}, {"removed", lrtg.VPDraftRiots, o.Removed != nil}, {"units", lrtg.VPRaspberry, o.Units != nil}} {
		if u.given && action != u.act {
			p.add("vp.option", fmt.Sprintf("%s: goes with action:%s", u.opt, u.act), fmt.Sprintf("Use /vp action:%s %s:<...>", u.act, u.opt))
		}
	}
	if err := p.err(req); err != nil {
		return Reply{}, err
	}
	if lrtaVPRefusal(action) != nil { // the game is read only for an action some game refuses
		if g, err := r.gameHere(ctx, req); err == nil {
			if refuse := seriesOf(g).vpRefusal; refuse != nil && refuse(action) != nil {
				return Reply{}, refuse(action)
			}
		}
	}
	switch action {
	case "":
		return handleVPRecord(ctx, r, req, o)
	case "county":
		return handleVPCounty(ctx, r, req, o)
	case "crossed":
		return handleVPCrossed(ctx, r, req, o)
	case "raspberry":
		action = lrtg.VPRaspberry
	}
	if vpTable(action) != "" {
		return handleVPRoll(ctx, r, req, action, o)
	}
	var names []string
	for _, a := range vpActions() {
		names = append(names, a.Value)
	}
	return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "vp.action", What: fmt.Sprintf("%q is not a /vp action", action),
		Hint: "Use action:" + strings.Join(names, ", ") + ", or no action to show the record"}
}

// lrtaVPRefusal is why a /vp action is not LRTA's (nil: it is): LRTA
// scores its counties with /victory county (004 County/DC Control), and the
// rolled events are LRTG's 1863 (004 prints none of them).
func lrtaVPRefusal(action string) error {
	var what, hint, rule string
	switch action {
	case "county":
		what, hint, rule = "/vp action:county scores LRTG's counties; this is an LRTA game", "The Confederates claim LRTA's counties with /victory county (and Washington, DC with /victory dc)", "004 County/DC Control"
	case lrtg.VPVicksburg:
		what, hint, rule = "The surrender of Vicksburg is an LRTG (1863) event; LRTA has no such roll", "004 prints no Vicksburg roll: there is nothing to roll in an LRTA game", "000 VII 8; 004"
	case lrtg.VPDraftRiots:
		what, hint, rule = "The New York draft riots are an LRTG (1863) event; LRTA has no such roll", "004 prints no draft riots: there is nothing to roll in an LRTA game", "000 VII 9; 004"
	case lrtg.VPRaspberry, "raspberry":
		what, hint, rule = "The Raspberry Raid is an LRTG (1863) event; LRTA has no such roll", "004 prints no Raspberry Raid: there is nothing to roll in an LRTA game", "000 VII 10; 004"
	default:
		return nil
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.game", What: what, Hint: hint, Rule: rule}
}

func handleVPRecord(ctx context.Context, r *Router, req Request, o vpOpts) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	e := vpRecordEmbed(g)
	if hint := r.crossingHint(g, req.User); hint != "" {
		e.Description += "\n" + hint
	}
	out := Output{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}
	if o.CSV {
		data := vpCSV(g)
		out.Files = []File{{Name: "vp-record.csv", ContentType: "text/csv", Size: len(data), Data: data}}
	}
	return Reply{Outputs: []Output{out}}, nil
}

// vpRecordEmbed lays the record out as 003's Victory Point Record Table:
// the total of each category, then category rows by turn, then the
// entries. It shows whatever categories the record holds.
func vpRecordEmbed(g engine.GameState) *Embed {
	by, total := lrtg.Of(g).VPTotals()
	var lines []string
	for _, c := range lrtg.Of(g).VPCategoriesOrdered() {
		lines = append(lines, fmt.Sprintf("%s: %+d", c, by[c]))
	}
	if len(lrtg.Of(g).VP) == 0 {
		lines = append(lines, "No victory points yet.")
	} else {
		lines = append(lines, vpTurnTable(g)...)
		for _, e := range lrtg.Of(g).VP {
			l := fmt.Sprintf("turn %d: %s %+d", e.Turn, e.What, e.VP)
			if e.Detail != "" {
				l += " (" + e.Detail + ")"
			}
			lines = append(lines, l)
		}
	}
	if !lrtg.Of(g).Victory.Crossed.IsZero() {
		lines = append(lines, fmt.Sprintf("First Confederate infantry across the Potomac: %s; county points double from %s (%s).",
			lrtg.Of(g).Victory.Crossed.Format("January 2, 2006"), lrtg.Of(g).Victory.Crossed.AddDate(0, 0, lrtg.DoublingDays).Format("January 2, 2006"), seriesOf(g).crossingRule))
	}
	return &Embed{Title: fmt.Sprintf("Victory Point Record: %+d (+ is Confederate)", total), Description: clipLines(lines, 3800),
		Footer: seriesOf(g).vpRecordFooter}
}

// vpTurnTable writes category rows by turn in a fixed-width block, eight
// turns a block, with each turn's total and the running total.
func vpTurnTable(g engine.GameState) []string {
	cells, turns := lrtg.Of(g).VPByTurn()
	cats := lrtg.Of(g).VPCategoriesOrdered()
	width := len("running")
	for _, c := range cats {
		width = max(width, len(c))
	}
	running := 0
	var out []string
	for len(turns) > 0 {
		n := min(8, len(turns))
		chunk := turns[:n]
		turns = turns[n:]
		var b strings.Builder
		b.WriteString("```\n")
		fmt.Fprintf(&b, "%-*s", width, "turn")
		for _, t := range chunk {
			fmt.Fprintf(&b, " %6s", "T"+strconv.Itoa(t))
		}
		fmt.Fprintf(&b, "\n%-*s", width, "")
		for _, t := range chunk {
			d, ok := g.TurnDate(t)
			label := ""
			if ok {
				label = d.Format("Jan 2")
			}
			fmt.Fprintf(&b, " %6s", label)
		}
		b.WriteString("\n")
		for _, c := range cats {
			fmt.Fprintf(&b, "%-*s", width, c)
			for _, t := range chunk {
				if v, ok := cells[c][t]; ok {
					fmt.Fprintf(&b, " %6s", fmt.Sprintf("%+d", v))
				} else {
					fmt.Fprintf(&b, " %6s", "·")
				}
			}
			b.WriteString("\n")
		}
		sums := make([]int, len(chunk))
		for i, t := range chunk {
			for _, c := range cats {
				sums[i] += cells[c][t]
			}
		}
		fmt.Fprintf(&b, "%-*s", width, "turn VP")
		for _, s := range sums {
			fmt.Fprintf(&b, " %6s", fmt.Sprintf("%+d", s))
		}
		fmt.Fprintf(&b, "\n%-*s", width, "running")
		for _, s := range sums {
			running += s
			fmt.Fprintf(&b, " %6s", fmt.Sprintf("%+d", running))
		}
		b.WriteString("\n```")
		out = append(out, b.String())
	}
	return out
}

// vpCSV writes the record as CSV: one row per award, with the running
// total, for spreadsheets (a pivot on turn and category gives the record
// table).
func vpCSV(g engine.GameState) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"turn", "category", "what", "vp", "running_total"})
	total := 0
	for _, e := range lrtg.Of(g).VP {
		total += e.VP
		w.Write([]string{strconv.Itoa(e.Turn), e.Category, e.What, strconv.Itoa(e.VP), strconv.Itoa(total)})
	}
	w.Flush()
	return b.Bytes()
}

// findCounty reads a county by name or id, or by the start of its name
// ("Baltimore", "Frederick County-West").
func findCounty(cs []lrtg.County, s string) (lrtg.County, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	var hits []lrtg.County
	for _, c := range cs {
		name := strings.ToLower(c.Name)
		if name == s || strings.ToLower(c.ID) == s {
			return c, nil
		}
		if strings.HasPrefix(name, s) && s != "" {
			hits = append(hits, c)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	var names []string
	for _, c := range cs {
		names = append(names, c.Name)
	}
	what := fmt.Sprintf("No county of the Victory Point Record is called %q", s)
	if len(hits) > 1 {
		what = fmt.Sprintf("%q names several counties", s)
	}
	return lrtg.County{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "vp.county", What: what,
		Hint: "The counties that score (000 VII 1): " + strings.Join(names, ", ")}
}

func handleVPCounty(ctx context.Context, r *Router, req Request, o vpOpts) (Reply, error) {
	if _, err := r.gameHere(ctx, req); err != nil {
		return Reply{}, err
	}
	th := r.theatres["lrtg"]
	cs, err := scenarios.Counties(th)
	if err != nil {
		return Reply{}, err
	}
	c, err := findCounty(cs, optString(o.County))
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.ClaimCounty{By: req.User, County: c, Map: th, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.CountyControlled)
		return publicText(req, countyText(e), views)
	})
}

// countyText announces a turn of county control: what was checked and what
// was taken on word, never which units.
func countyText(e *lrtg.CountyControlled) string {
	var b strings.Builder
	date := e.Date
	if d, err := time.Parse(time.DateOnly, e.Date); err == nil {
		date = d.Format("January 2, 2006")
	}
	fmt.Fprintf(&b, "🏛️ %s: Confederate control of **%s**, turn %d (%s), its %s turn of control: **%+d VP**", e.By.Name, e.Name, e.Turn, date, lrtg.Ordinal(e.Nth), e.VP)
	if e.Doubled {
		fmt.Fprintf(&b, " (%+d doubled: 30 days or more after the first Confederate infantry crossed the Potomac)", e.Base)
	}
	b.WriteString(" (LRTG 11.2; 000 VII 1).")
	if len(e.Checked) > 0 {
		b.WriteString("\nChecked: " + strings.Join(e.Checked, "; ") + ".")
	}
	if len(e.Unchecked) > 0 {
		b.WriteString("\nNot checked, on the claimant's word: " + strings.Join(e.Unchecked, "; ") + ".")
	}
	if e.Overruled != "" {
		fmt.Fprintf(&b, "\nThe umpire set aside the check of %s: %s.", e.Overruled, e.Reason)
	}
	return b.String()
}

func handleVPCrossed(ctx context.Context, r *Router, req Request, o vpOpts) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var day time.Time
	if s := optString(o.Date); s != "" {
		year := 1863
		if d, ok := g.TurnDate(1); ok {
			year = d.Year()
		}
		if day, err = parseDay(s, year); err != nil {
			return Reply{}, err
		}
	}
	cmd := lrtg.RecordCrossing{By: req.User, Date: day, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.PotomacCrossed)
		d, _ := time.Parse(time.DateOnly, e.Date)
		rule := seriesOf(g).crossedRule
		text := fmt.Sprintf("📅 %s records the first Confederate infantry crossing of the Potomac on %s (turn %d): county control points double from %s (%s; points already scored are not doubled).",
			req.User.Name, d.Format("January 2, 2006"), e.Turn, d.AddDate(0, 0, lrtg.DoublingDays).Format("January 2, 2006"), rule)
		return publicText(req, text, views)
	})
}

// parseDay reads a day as people write it: 1863-06-14, June 14, Jun 14,
// 14 June, 6/14.
func parseDay(s string, year int) (time.Time, error) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ","))
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		return d, nil
	}
	for _, layout := range []string{"January 2", "Jan 2", "2 January", "2 Jan", "1/2", "January 2 2006", "January 2, 2006", "1/2/2006"} {
		if d, err := time.Parse(layout, s); err == nil {
			if d.Year() == 0 {
				d = d.AddDate(year, 0, 0)
			}
			return d, nil
		}
	}
	return time.Time{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "vp.date", What: fmt.Sprintf("%q is not a day", s), Hint: "Write the day as June 14, 6/14 or 1863-06-14"}
}

func handleVPRoll(ctx context.Context, r *Router, req Request, event string, o vpOpts) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	tb := r.library.Table(vpTable(event))
	if tb == nil {
		return Reply{}, fmt.Errorf("bot: the rules table %s is missing", vpTable(event))
	}
	cmd := lrtg.RollVP{By: req.User, Event: event, Table: tb, Map: r.theatres["lrtg"], Reason: o.Reason}
	if o.Removed != nil {
		cmd.Removed = *o.Removed
	}
	var names []string
	for _, s := range strings.Split(optString(o.Units), ",") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		id, err := findUnit(g, req.User, s)
		if err != nil {
			return Reply{}, err
		}
		cmd.Units = append(cmd.Units, id)
		names = append(names, g.Units[id].Name)
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		tr := evs[0].(*engine.TableRolled)
		e := evs[1].(*lrtg.VPRolled)
		next := g
		for _, ev := range evs {
			next = next.Apply(ev)
		}
		_, total := lrtg.Of(next).VPTotals()
		var b strings.Builder
		b.WriteString(FormatTableRoll(tr, tb))
		fmt.Fprintf(&b, "\n→ **%+d VP** (%s); the record stands at %+d.", e.VP, e.Category, total)
		if e.Overruled != "" {
			fmt.Fprintf(&b, "\nRolled out of season by the umpire's ruling (%s): %s.", e.Reason, e.Overruled)
		}
		switch event {
		case lrtg.VPDraftRiots:
			if e.Removed > 0 {
				fmt.Fprintf(&b, "\nThe Union removes %d manpower from units within 10 hexes of a rail line to the east map edge (record it with /unit set), and uses no railroad movement this turn (000 3.3).", e.Removed)
			}
		case lrtg.VPRaspberry:
			if len(names) > 0 && !g.Options.LimitedIntel {
				fmt.Fprintf(&b, "\nWithdrawn from the map before the roll: %s.", strings.Join(names, ", "))
			} else if len(names) > 0 {
				fmt.Fprintf(&b, "\n%d Richmond Garrison units were withdrawn from the map before the roll.", len(names))
			}
		}
		pub := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: b.String(), Events: views}
		if event != lrtg.VPRaspberry || !g.Options.LimitedIntel || len(names) == 0 {
			return Reply{Outputs: []Output{pub}}
		}
		// The game hides units: the withdrawn units and the events that name
		// them go to their commander only.
		pub.Events = []EventView{}
		own := Output{Audience: Audience{Kind: AudienceEphemeral}, Events: views,
			Text: fmt.Sprintf("Withdrawn (told to you only): %s. They are out of play (000 2.0 5)).", strings.Join(names, ", "))}
		return Reply{Outputs: []Output{pub, own}}
	})
}

// crossingHint tells the umpire, and only him, that Confederate infantry
// stands north of the Potomac while no crossing is recorded (000 VII 1:
// county points double 30 days after it). It names no unit: the umpire
// looks at the map.
func (r *Router) crossingHint(g engine.GameState, asker engine.Actor) string {
	if !g.Started || !g.IsUmpire(asker) || !lrtg.Of(g).Victory.Crossed.IsZero() {
		return ""
	}
	north := r.theatres["lrtg"].Region("north-of-potomac")
	if north == nil {
		return ""
	}
	for _, u := range g.Units {
		if u.Side == engine.CSA && u.Kind == engine.KindInfantry && u.OnMap && !u.Eliminated && north.Contains(engine.Center(u.Hex)) {
			return "Umpire: Confederate infantry is north of the Potomac and no crossing is recorded; record its day with /vp action:crossed date:<day>."
		}
	}
	return ""
}

// stationRules returns the railroad station VP rules of 000 VII 3 on the
// LRTG map for a /place action that needs them (destroying a station, or
// the Marysville bridge of the bonus); nil for the others, or, logged, if
// the data cannot be built: a station then scores only its own value.
// Building them takes about a millisecond, so only those actions pay it.
func (r *Router) stationRules(action string) *lrtg.StationVP {
	switch action {
	case lrtg.ActDestroyStation, lrtg.ActDestroyBridge, lrtg.ActDestroyStructure:
	default:
		return nil
	}
	rules, err := scenarios.StationVP(r.theatres["lrtg"])
	if err != nil {
		r.log.Warn("station VP rules", "error", err)
		return nil
	}
	return rules
}

// vpPlaceNote explains the VP of a place action: how a station's award is
// made up, and a bonus it completed.
func vpPlaceNote(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		switch e := e.(type) {
		case *lrtg.PlaceActed:
			if e.Detail != "" {
				fmt.Fprintf(&b, " %s (000 VII 3).", e.Detail)
			}
		case *lrtg.VPBonus:
			fmt.Fprintf(&b, " Bonus %+d VP (%s): %s (000 VII 3, 4).", e.VP, e.Category, e.What)
		}
	}
	return b.String()
}
