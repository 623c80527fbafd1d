package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Random events (engine/lrtg/randomevents.go, LRTG 2.0): step 1d's rolls and
// what they did are told in the channel, as the board game's players see
// the event rolled; /event show repeats the turn's event to each player,
// with the Spy's information for the winner only; /event raid and /event
// ammo are the Confederate choices the step waits for.
//
// Who sees what: the event and its rolls are public. With limited
// intelligence the facts that place the army commanders, the units an
// installment brings, the units Halleck reinforces and the units withdrawn
// or resupplied are left out of the channel (the umpire gets every
// event). The loser's supply status sheet goes to the Spy's winner only.

func randomEventCommands() []*Command {
	richmond := func(r *Router, req Request, typed string) []engine.Match {
		g, err := r.game(context.Background(), req)
		if err != nil || !g.Started {
			return nil
		}
		var out []engine.Match
		for _, id := range sortedUnitIDs(g) {
			u := g.Units[id]
			if strings.EqualFold(u.Command, "Rich") && !u.Kind.IsLeader() && u.OnMap && !u.Eliminated && g.Controls(req.User, u) &&
				strings.Contains(strings.ToLower(u.Name), strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: u.ID, Label: fmt.Sprintf("%s (%d MP)", u.Name, u.Manpower)})
			}
		}
		return out
	}
	return []*Command{{
		Name:        "event",
		Description: "The turn's random event (LRTG 2.0): its effects, the Spy's information, the Confederate choices",
		Subcommands: []*Command{
			{
				Name:        "show",
				Description: "This turn's random event and what it does (the Spy's winner also sees the loser's supply)",
				Ephemeral:   true,
				Handle:      handleEventShow,
			},
			{
				Name:        "raid",
				Description: "Raspberry Raid: withdraw Richmond Garrison units (each -1), then roll the VP lost (Confederates)",
				Options: []OptionSpec{
					{Name: "units", Description: "Richmond Garrison units withdrawn first (unattached, 3+ MP, south of the Potomac); none: leave out", Type: String, MaxLength: 300, Placeholder: "unit,...", Autocomplete: richmond},
				},
				Handle: handleEventRaid,
			},
			{
				Name:        "ammo",
				Description: "Ammunition train: levels each division's marker moves lower, 7 in all (Confederates)",
				Options: []OptionSpec{
					{Name: "levels", Description: "e.g. Hood 2, McLaws 1; none: decline the train", Type: String, Required: true, MaxLength: 300, Placeholder: "division levels, ..."},
					{Name: "reason", Description: "The umpire's ruling, to set the county check aside", Type: String, MaxLength: 200, Placeholder: "text"},
				},
				Handle: handleEventAmmo,
			},
		},
	}}
}

// presentRandomEvent tells the channel what step 1d did: each roll, then
// the event and its effects.
func presentRandomEvent(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	if g.CurrentStep() != lrtg.RandomEventsStep {
		return nil
	}
	li := g.Options.LimitedIntel
	pub := func(text string) []Output {
		o := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text}
		if !li {
			o.Events = []EventView{view}
		}
		return []Output{o}
	}
	switch e := e.(type) {
	case *engine.TableRolled:
		switch e.Table {
		case lrtg.RandomEventsTable, lrtg.SpyTable, lrtg.BeauregardTable, lrtg.RaspberryRaidTable:
			return pub(r.rollText(e, li))
		}
	case *lrtg.VPRolled:
		if e.Event == lrtg.VPRaspberry {
			return pub(fmt.Sprintf("→ **%+d VP** (%s).", e.VP, e.Category))
		}
	case *lrtg.RaspberryRaidSettled:
		return pub("The Raspberry Raid is over: Dix's move on Richmond has cost the Confederates what the roll says.")
	case *lrtg.RandomEventRolled:
		out := pub(eventText(g, e, li, false))
		if e.Outcome == lrtg.RandomSpy {
			out = append(out, r.spyCaptures(g)...) // comms.go: the Spy's hand-over of dispatches
		}
		return out
	}
	return nil
}

// rollText is a roll on a rules table as FormatTableRoll writes it; with
// limited intelligence without its facts (where the army commanders
// stand).
func (r *Router) rollText(tr *engine.TableRolled, li bool) string {
	tb := r.library.Table(tr.Table)
	if tb == nil {
		return fmt.Sprintf("🎲 Roll #%d: %s", tr.Number, tr.Name)
	}
	text := FormatTableRoll(tr, tb)
	if !li {
		return text
	}
	var keep []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "Facts: ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// eventText says what a random event does. own: the reader may see the
// units it names (the umpire, or the side they belong to).
func eventText(g engine.GameState, e *lrtg.RandomEventRolled, li, own bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "📜 **Random event, turn %d: %s** (LRTG 2.0).", e.Turn, e.Name)
	for _, s := range effectLines(e) {
		b.WriteString("\n• " + s)
	}
	names := func(ids []string) string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = g.Units[id].Name
			if out[i] == "" {
				out[i] = id
			}
		}
		return strings.Join(out, ", ")
	}
	if len(e.Units) > 0 && (!li || own) {
		fmt.Fprintf(&b, "\n• Available to enter: %s.", names(e.Units))
	}
	if len(e.Manpower) > 0 && (!li || own) {
		parts := make([]string, len(e.Manpower))
		for i, m := range e.Manpower {
			parts[i] = fmt.Sprintf("%s %d → %d", g.Units[m.Unit].Name, m.From, m.To)
		}
		fmt.Fprintf(&b, "\n• Manpower: %s.", strings.Join(parts, ", "))
	}
	return b.String()
}

func handleEventShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.startedGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if seriesOf(g).bookletTurnStart {
		return lrtaEventShow(ctx, r, req, g) // bot/lrta_events.go (004 Random Events)
	}
	side, umpire := viewer(g, req.User)
	if !umpire && side == "" {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.player", What: "Only the game's players and umpire follow its random events", Hint: "Join the game with /game join"}
	}
	e := &Embed{Title: fmt.Sprintf("Random event, turn %d (%s)", g.Turn, g.TurnLabel(g.Turn))}
	var lines []string
	ev := lrtg.Of(g).Events.Of(g.Turn)
	switch {
	case ev != nil:
		lines = append(lines, eventText(g, ev, g.Options.LimitedIntel, umpire || side == engine.CSA && len(ev.Units) > 0 || side == engine.USA && len(ev.Manpower) > 0))
	case g.Turn <= engine.OpeningTurns:
		lines = append(lines, fmt.Sprintf("No random events on turns 1-%d (27.4).", engine.OpeningTurns))
	default:
		lines = append(lines, "Not rolled yet this turn: step 1d rolls it (/phase show).")
	}
	lines = append(lines, fmt.Sprintf("Days of rain so far: %d. Hooker Questioned random events: %d.", lrtg.Of(g).Events.RainDays(), lrtg.Of(g).Events.HookerQuestioned()))
	if umpire || side == engine.CSA {
		if ids := lrtg.Of(g).AvailableToEnter(); len(ids) > 0 {
			var ns []string
			for _, id := range ids {
				ns = append(ns, g.Units[id].Name)
			}
			lines = append(lines, "Available to enter (Richmond Garrison, Confederate Reinforcements; place them with /move): "+strings.Join(ns, ", ")+".")
		}
	}
	if w := g.Waiting(); len(w) > 0 && g.CurrentStep() == lrtg.RandomEventsStep {
		lines = append(lines, "Waiting for: "+strings.Join(w, "; ")+".")
	}
	e.Description = clipLines(lines, 3800)
	out := []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: "", Embed: e, Events: []EventView{}}}
	if win := lrtg.Of(g).Events.SpyWinner(g.Turn); win != "" {
		lose := engine.USA
		if win == engine.USA {
			lose = engine.CSA
		}
		switch {
		case umpire || side == win:
			// The Spy's information: the loser's supply status sheet, shown
			// as the umpire sees it (000 2.0 7)).
			if err := r.addEnemySupplySheet(ctx, req, g, lose, "Spy", e); err != nil {
				return Reply{}, err
			}
			// and where it has scheduled to place or remove depots (13.8).
			e.Fields = append(e.Fields, EmbedField{Name: fmt.Sprintf("Spy: %s depot schedule", sideName(lose)), Value: spyDepotText(g, lose)})
			e.Footer = fmt.Sprintf("The %s won the Spy: this information is theirs only.", sidePlural(win))
		default:
			e.Footer = fmt.Sprintf("The %s won the Spy: you declare Operational or Passive first this turn, and they see your supply status sheet and depot schedule.", sidePlural(win))
		}
	}
	out[0].Text = e.PlainText()
	return Reply{Outputs: out}, nil
}

func handleEventRaid(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.startedGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	tb := r.library.Table(lrtg.RaspberryRaidTable)
	if tb == nil {
		return Reply{}, fmt.Errorf("bot: the rules table %s is missing", lrtg.RaspberryRaidTable)
	}
	var o struct {
		Units []string `opt:"units"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.RaspberryRaid{By: req.User, Table: tb, Map: r.theatres["lrtg"]}
	var names []string
	for _, s := range o.Units {
		id, err := findUnit(g, req.User, s)
		if err != nil {
			return Reply{}, err
		}
		cmd.Units = append(cmd.Units, id)
		names = append(names, g.Units[id].Name)
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		next := g
		for _, ev := range evs {
			next = next.Apply(ev)
		}
		var b strings.Builder
		for _, ev := range evs {
			switch ev := ev.(type) {
			case *engine.TableRolled:
				b.WriteString(FormatTableRoll(ev, tb))
			case *lrtg.VPRolled:
				_, total := lrtg.Of(next).VPTotals()
				fmt.Fprintf(&b, "\n→ **%+d VP** (%s); the record stands at %+d.", ev.VP, ev.Category, total)
			case *lrtg.RaspberryRaidSettled:
				li := g.Options.LimitedIntel
				switch {
				case len(names) == 0:
					b.WriteString("\nNo Richmond Garrison unit was withdrawn.")
				case li:
					fmt.Fprintf(&b, "\n%d Richmond Garrison units were withdrawn from the map before the roll.", len(names))
				default:
					fmt.Fprintf(&b, "\nWithdrawn from the map before the roll: %s.", strings.Join(names, ", "))
				}
				if ev.BeauregardRemoved {
					b.WriteString("\nBeauregard leaves with them: he is removed from play (000 2.0 5)).")
				}
			}
		}
		if w := next.Waiting(); len(w) > 0 {
			fmt.Fprintf(&b, "\nThe Random Events step still waits for: %s.", strings.Join(w, "; "))
		} else {
			b.WriteString("\nThe Random Events step waits for no one: the umpire may go on (/phase next).")
		}
		pub := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: b.String(), Events: views}
		if !g.Options.LimitedIntel || len(names) == 0 {
			return Reply{Outputs: []Output{pub}}
		}
		// Limited intelligence: the units withdrawn, and the events naming
		// them, go to their commander only.
		pub.Events = []EventView{}
		own := Output{Audience: Audience{Kind: AudienceEphemeral}, Events: views,
			Text: fmt.Sprintf("Withdrawn (told to you only): %s. They are out of play (000 2.0 5)).", strings.Join(names, ", "))}
		return Reply{Outputs: []Output{pub, own}}
	})
}

func sidePlural(s engine.Side) string {
	if s == engine.CSA {
		return "Confederates"
	}
	return "Union"
}

// parseLevels reads "Hood 2, McLaws 1" (or "none") into unit ids and
// levels, the asker's own units.
func parseLevels(g engine.GameState, asker engine.Actor, s string) (map[string]int, []string, error) {
	out := map[string]int{}
	var names []string
	if strings.EqualFold(strings.TrimSpace(s), "none") {
		return out, nil, nil
	}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		i := strings.LastIndexAny(part, " :=")
		n, err := strconv.Atoi(strings.TrimSpace(part[i+1:]))
		if i < 0 || err != nil {
			return nil, nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "event.ammo.levels", What: fmt.Sprintf("%q is not a division and its levels", part),
				Hint: "Write levels:\"Hood 2, McLaws 1\", or levels:none to decline the train"}
		}
		id, err := findUnit(g, asker, part[:i])
		if err != nil {
			return nil, nil, err
		}
		if _, dup := out[id]; dup {
			return nil, nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "event.ammo.twice", What: g.Units[id].Name + " is named twice", Hint: "Name each division once"}
		}
		out[id] = n
		names = append(names, fmt.Sprintf("%s %d", g.Units[id].Name, n))
	}
	return out, names, nil
}

func handleEventAmmo(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.startedGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Levels string `opt:"levels,raw"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	levels, names, err := parseLevels(g, req.User, o.Levels)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.AmmoTrain{By: req.User, Levels: levels, Map: r.theatres["lrtg"], Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.AmmoTrainUsed)
		total := 0
		for _, c := range e.Changes {
			total += c.From - c.To
		}
		var b strings.Builder
		switch {
		case len(e.Changes) == 0:
			fmt.Fprintf(&b, "The Confederates decline this turn's ammunition train: it is lost (LRTG 19.4).")
		case g.Options.LimitedIntel:
			fmt.Fprintf(&b, "The Confederates use the ammunition train: %d ammunition levels on %d divisions (LRTG 19.4).", total, len(e.Changes))
		default:
			fmt.Fprintf(&b, "The Confederates use the ammunition train: %s (%d levels; LRTG 19.4).", strings.Join(names, ", "), total)
		}
		if e.Overruled != "" {
			fmt.Fprintf(&b, "\nBy the umpire's ruling (%s): %s.", cmd.Reason, e.Overruled)
		}
		if len(e.Unchecked) > 0 {
			fmt.Fprintf(&b, "\nNot checked (the player's word): %s.", strings.Join(e.Unchecked, "; "))
		}
		pub := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: b.String(), Events: views}
		if g.Options.LimitedIntel && len(e.Changes) > 0 {
			pub.Events = []EventView{}
			own := Output{Audience: Audience{Kind: AudienceEphemeral}, Events: views, Text: "Replenished (told to you only): " + strings.Join(names, ", ") + "."}
			return Reply{Outputs: []Output{pub, own}}
		}
		return Reply{Outputs: []Output{pub}}
	})
}

// spyDepotText lists a side's depot schedules not yet carried out (13.8):
// what the Spy's winner may examine (000 2.0 7)).
func spyDepotText(g engine.GameState, side engine.Side) string {
	var lines []string
	for _, sc := range lrtg.Of(g).PendingSchedules(side) {
		what := "construction"
		if sc.Action == lrtg.DepotDismantle {
			what = "dismantling"
		}
		lines = append(lines, fmt.Sprintf("%s: %s, scheduled on turn %d, due in the Depot Placement / Removal of turn %d", sc.Place, what, sc.Turn, sc.Due))
	}
	if len(lines) == 0 {
		return "No depot is scheduled to be placed or removed."
	}
	return strings.Join(lines, "\n")
}

// addEnemySupplySheet adds the losing side's supply status sheet, as the
// umpire sees it, to the winner's /event show: the Spy's information (000
// 2.0 7)) and LRTA's Enemy Intelligence (004).
func (r *Router) addEnemySupplySheet(ctx context.Context, req Request, g engine.GameState, lose engine.Side, label string, e *Embed) error {
	sheet := req
	sheet.User = g.Umpire
	sheet.Options = map[string]string{"side": string(lose)}
	rep, err := handleSupplyShow(ctx, r, sheet)
	if err != nil {
		return err
	}
	if len(rep.Outputs) > 0 && rep.Outputs[0].Embed != nil {
		se := rep.Outputs[0].Embed
		e.Fields = append(e.Fields, EmbedField{Name: label + ": " + se.Title, Value: clipN(se.Description, 1000)})
		e.Fields = append(e.Fields, se.Fields...)
	}
	return nil
}
