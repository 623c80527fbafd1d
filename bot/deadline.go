package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// Deadlines for slow games (engine/deadline.go, docs/deadlines.md): the
// umpire sets them (/deadline set), the players choose their reminders
// and declare vacations, and everyone may look (/deadline show). The
// scheduler (schedule.go) fires them; deadlineOutputs says what it fired.

func deadlineCommands() []*Command {
	steps := func(r *Router, req Request, typed string) []engine.Match {
		g, err := r.game(context.Background(), req)
		if err != nil {
			return nil
		}
		seq := r.sequence(g)
		if seq == nil {
			return nil
		}
		var out []engine.Match
		for _, s := range seq.Steps {
			if strings.Contains(strings.ToLower(s.ID+" "+s.Name), strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: s.ID, Label: s.ID + " " + s.Name})
			}
		}
		return out
	}
	return []*Command{{
		Name:        "deadline",
		Description: "Deadlines and reminders for slow games",
		Subcommands: []*Command{
			{
				Name:        "show",
				Description: "The game's deadlines, the step's deadline for each player who owes, your reminders",
				Ephemeral:   true,
				Handle:      handleDeadlineShow,
			},
			{
				Name:        "set",
				Description: "Set the game's deadlines, 1 hour to 4 weeks (umpire)",
				Options: []OptionSpec{
					{Name: "default", Description: "Every waiting step's deadline, e.g. 48h, 3d, 1w (off: none)", Type: String, MaxLength: 12, Placeholder: "span|off"},
					{Name: "step", Description: "A step with its own deadline (with after:), e.g. 1e", Type: String, MaxLength: 12, Placeholder: "step", Autocomplete: steps},
					{Name: "after", Description: "The step's deadline (off: none; default: the game's)", Type: String, MaxLength: 12, Placeholder: "span|off|default"},
					{Name: "grace", Description: "After a missed deadline, how long before the default applies (e.g. 12h; 0 none)", Type: String, MaxLength: 12, Placeholder: "span"},
					{Name: "remind", Description: "The game's reminders before a deadline, e.g. 24h,2h", Type: String, MaxLength: 60, Placeholder: "span,..."},
					{Name: "last_call", Description: "The last reminder before a deadline (default 1h)", Type: String, MaxLength: 12, Placeholder: "span"},
					{Name: "vacation_days", Description: "Days of vacation a player may take in the game (default 14; 0 none)", Type: Integer},
				},
				Handle: handleDeadlineSet,
			},
			{
				Name:        "remind",
				Description: "When you are reminded before your deadlines, e.g. at:24h,2h (at:default: the game's)",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "at", Description: "How long before the deadline, e.g. 24h,2h (at most 5)", Type: String, Required: true, MaxLength: 60, Placeholder: "span,..."},
				},
				Handle: handleDeadlineRemind,
			},
			{
				Name:        "vacation",
				Description: "Declare yourself away: your deadlines are extended (days:0 ends it early)",
				Options: []OptionSpec{
					{Name: "days", Description: "How many days from now (within the game's limit)", Type: Integer, Required: true},
				},
				Handle: handleDeadlineVacation,
			},
		},
	}}
}

// spanOption reads a span option's value ("off" is 0); nil when blank.
func spanOption(v string) (*time.Duration, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "":
		return nil, nil
	case "off", "none", "0":
		var z time.Duration
		return &z, nil
	}
	d, err := engine.ParseSpan(v)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

func spanList(s string) ([]time.Duration, error) {
	var out []time.Duration
	for _, part := range strings.Split(s, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		d, err := engine.ParseSpan(part)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] > out[j] })
	return out, nil
}

// deadlineSetOpts are /deadline set's options; the spans are read by
// spanOption and spanList, each problem added to the one refusal.
type deadlineSetOpts struct {
	Default      string `opt:"default"`
	Step         string `opt:"step"`
	After        string `opt:"after"`
	Grace        string `opt:"grace"`
	LastCall     string `opt:"last_call"`
	Remind       string `opt:"remind"`
	VacationDays *int   `opt:"vacation_days" bad:"deadline.vacation_days|%q is not a number of days|e.g. vacation_days:14"` // nil: unchanged
}

func handleDeadlineSet(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o deadlineSetOpts
	var probs optionProblems
	probs.decode(req, &o)
	span := func(v string) *time.Duration {
		d, err := spanOption(v)
		probs.also(err)
		return d
	}
	cmd := engine.SetDeadlines{By: req.User}
	cmd.Default = span(o.Default)
	if o.Step != "" {
		if seq := r.sequence(g); seq != nil && seq.Step(o.Step) == nil {
			probs.add("deadline.step", fmt.Sprintf("The sequence of play has no step %q", o.Step), "/phase show lists the steps")
		}
		cmd.Step = o.Step
	}
	if strings.EqualFold(o.After, "default") {
		cmd.ClearStep = true
	} else {
		cmd.After = span(o.After)
	}
	cmd.Grace = span(o.Grace)
	cmd.LastCall = span(o.LastCall)
	if o.Remind != "" {
		cmd.Remind, err = spanList(o.Remind)
		probs.also(err)
		if cmd.Remind == nil {
			cmd.Remind = []time.Duration{}
		}
	}
	cmd.VacationDays = o.VacationDays
	if err := probs.err(req); err != nil {
		return Reply{}, err // every wrong span, step and number in one refusal
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		s := evs[0].(*engine.DeadlinesSet).Settings
		text := "⏳ The umpire set the game's deadlines.\n" + settingsText(s)
		if w := clockDeadlineWarning(g, s); w != "" {
			text += "\n" + w // deadline_clocks.go
		}
		return publicText(req, text, views)
	})
}

func handleDeadlineRemind(ctx context.Context, r *Router, req Request) (Reply, error) {
	if _, err := r.gameHere(ctx, req); err != nil {
		return Reply{}, err
	}
	var o struct {
		At string `opt:"at"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := engine.ChooseReminders{By: req.User}
	if !strings.EqualFold(o.At, "default") {
		before, err := spanList(o.At)
		if err != nil {
			return Reply{}, err
		}
		cmd.Before = append([]time.Duration{}, before...)
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		text := "⏰ You will be reminded at the game's times before your deadlines, and at the last call."
		if cmd.Before != nil {
			text = "⏰ You will be reminded " + spansText(cmd.Before) + " before your deadlines, and at the last call."
		}
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
	})
}

func handleDeadlineVacation(ctx context.Context, r *Router, req Request) (Reply, error) {
	if _, err := r.gameHere(ctx, req); err != nil {
		return Reply{}, err
	}
	var o struct {
		Days int `opt:"days,required" bad:"deadline.vacation|days: is a number of days|e.g. /deadline vacation days:5"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := engine.DeclareVacation{By: req.User, Days: o.Days, At: r.now()}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		v := evs[0].(*engine.VacationDeclared)
		text := fmt.Sprintf("🏖️ %s is away until %s: his deadlines are extended by his absence and he is not reminded while away.", req.User.Name, when(v.Until))
		if v.Ended {
			text = fmt.Sprintf("🏖️ %s is back: his vacation ended %s.", req.User.Name, when(v.Until))
		}
		return publicText(req, text, views)
	})
}

func handleDeadlineShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	d := g.Deadlines
	lines := []string{settingsText(d.Settings)}
	if g.Player(req.User.ID) != nil {
		lines = append(lines, "Your reminders: "+spansText(d.RemindersOf(req.User.ID))+" before, and "+engine.FormatSpan(d.Settings.LastCallBefore())+" before (last call).")
	}
	if w := d.Wait; w != nil && w.Turn == g.Turn && w.Step == g.CurrentStep() {
		lines = append(lines, fmt.Sprintf("Step %s began waiting %s.", w.Step, when(w.Start)))
		for _, o := range g.Owing() {
			if due, ok := d.Deadline(o.Player.ID); ok && containsID(w.Owing, o.Player.ID) {
				line := fmt.Sprintf("• %s: deadline %s", o.Player.Name, when(due))
				if d.Settings.Grace > 0 {
					line += ", then " + engine.FormatSpan(d.Settings.Grace) + " of grace"
				}
				if d.Away(o.Player.ID, r.now()) {
					line += " (away)"
				}
				lines = append(lines, line)
			}
		}
		if g.Paused {
			lines = append(lines, "The game is paused: the deadlines are stopped.")
		}
	} else if len(g.Owing()) > 0 && d.Settings.For(g.CurrentStep()) > 0 {
		lines = append(lines, "The step's deadline starts at the scheduler's next round (within a minute).")
	} else {
		lines = append(lines, "No deadline runs now.")
	}
	for _, v := range d.Vacations {
		if v.Until.After(r.now()) {
			if p := g.Player(v.Player); p != nil {
				lines = append(lines, fmt.Sprintf("🏖️ %s away %s to %s.", p.Actor.Name, when(v.From), when(v.Until)))
			}
		}
	}
	return ephemeralText(strings.Join(lines, "\n")), nil
}

func containsID(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

func settingsText(s engine.DeadlineSettings) string {
	if !s.On() {
		return "Deadlines: none (the umpire sets them with /deadline set default:48h)."
	}
	var b strings.Builder
	b.WriteString("Deadlines: ")
	if s.Default > 0 {
		b.WriteString(engine.FormatSpan(s.Default) + " for every step that waits on players")
	} else {
		b.WriteString("none by default")
	}
	var ids []string
	for id := range s.Steps {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if d := s.Steps[id]; d > 0 {
			fmt.Fprintf(&b, "; step %s: %s", id, engine.FormatSpan(d))
		} else {
			fmt.Fprintf(&b, "; step %s: none", id)
		}
	}
	fmt.Fprintf(&b, ". Grace after a missed deadline: %s. Reminders: %s before, and %s before (last call). Vacation: %d days a player.",
		engine.FormatSpan(s.Grace), spansText(engine.DeadlineState{Settings: s}.RemindersOf("")), engine.FormatSpan(s.LastCallBefore()), s.VacationLimit())
	return b.String()
}

func spansText(ds []time.Duration) string {
	if len(ds) == 0 {
		return "never (only the last call)"
	}
	var parts []string
	for _, d := range ds {
		parts = append(parts, engine.FormatSpan(d))
	}
	return strings.Join(parts, ", ")
}

// when writes an instant for Discord (a timestamp each reader sees in his
// own time zone) and for the console (UTC).
func when(t time.Time) string {
	return fmt.Sprintf("%s UTC (<t:%d:R>)", t.UTC().Format("Mon Jan 2 15:04"), t.Unix())
}

// deadlineOutputs tells what a run of the deadlines fired: each reminder
// to the player who owes (his private channel when the game has them, else
// a mention at the table that names only the step), misses and defaults
// at the table, and what the defaults did, as the commands' own
// presenters tell it to the table.
func (r *Router) deadlineOutputs(req Request, before engine.GameState, views []EventView, evs []engine.Event) []Output {
	g := before
	var out []Output
	table := func(text string, vs ...EventView) {
		if vs == nil {
			vs = []EventView{}
		}
		out = append(out, Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: vs})
	}
	seq := r.sequence(before)
	label := func(step string) string {
		if seq != nil {
			if s := seq.Step(step); s != nil {
				return s.ID + " " + s.Name
			}
		}
		return step
	}
	mention := func(id string) string { return "<@" + id + ">" }
	// ping makes the last output notify the players the game waits for
	// (Output.Ping); every other mention is shown but pings no one.
	ping := func(ids ...string) { out[len(out)-1].Ping = append([]string{}, ids...) }
	for i := 0; i < len(evs); i++ {
		prev := g
		g = g.Apply(evs[i])
		switch e := evs[i].(type) {
		case *engine.DeadlineStarted:
			var who []string
			for _, id := range e.Wait.Owing {
				who = append(who, mention(id))
			}
			table(fmt.Sprintf("⏳ Step %s waits for %s: deadline %s.", label(e.Wait.Step), strings.Join(who, ", "), when(e.Wait.Start.Add(e.Wait.Duration))), views[i])
			ping(e.Wait.Owing...)
		case *engine.DeadlinePauseSeen:
			if e.Paused {
				table("⏸️ The deadlines are stopped while the game is paused.", views[i])
			} else if w := g.Deadlines.Wait; w != nil && w.PausedFor > 0 {
				table(fmt.Sprintf("▶️ The deadlines run again, extended by the pause (%s in all).", engine.FormatSpan(w.PausedFor)), views[i])
			}
		case *engine.DeadlineReminded:
			if e.Before < 0 {
				continue // covered by a later reminder of the same run
			}
			kind := "Reminder"
			if e.LastCall {
				kind = "Last call"
			}
			step := label(g.CurrentStep())
			if ch, ok := r.commanderChannel(g, e.Player); ok {
				what := ""
				for _, o := range g.Owing() {
					if o.Player.ID == e.Player {
						what = ": " + strings.Join(o.What, "; ")
					}
				}
				out = append(out, Output{Audience: Audience{Kind: AudienceChannel, Channel: ch},
					Text:   fmt.Sprintf("⏰ %s, %s: step %s waits for you%s. Deadline %s.", mention(e.Player), strings.ToLower(kind), step, what, when(e.Due)),
					Events: []EventView{views[i]}, Ping: []string{e.Player}})
				continue
			}
			// At the table: the mention and the step only (no secret).
			table(fmt.Sprintf("⏰ %s %s: step %s waits for you. Deadline %s.", kind, mention(e.Player), step, when(e.Due)), views[i])
			ping(e.Player)
		case *engine.DeadlineMissed:
			table(fmt.Sprintf("⌛ %s missed the deadline of step %s. Grace until %s; then the step's default applies for him (docs/deadlines.md).",
				mention(e.Player), label(prev.CurrentStep()), when(e.GraceUntil)), views[i])
			ping(e.Player) // the step still waits for him, through the grace
		case *engine.DeadlineDefaulted:
			var who []string
			for _, id := range e.Players {
				who = append(who, mention(id))
			}
			if e.Failed != "" {
				table(fmt.Sprintf("⚖️ %s missed the deadline and its grace in step %s, but the default (%s) could not be applied: %s The umpire decides.",
					strings.Join(who, ", "), label(e.Step), e.Default, e.Failed), views[i])
				continue
			}
			table(fmt.Sprintf("⚖️ Deadline default for %s in step %s: %s. The umpire's scheduler applied it, reason %q; it is recorded.",
				strings.Join(who, ", "), label(e.Step), e.Default, engine.DeadlineReason), views[i])
			// The default's own events, as their commands tell them.
			j := i + 1
			for j < len(evs) && !isDeadlineEvent(evs[j]) {
				j++
			}
			if j > i+1 && seq != nil {
				rep := r.presentSteps(req, g, seq, views[i+1:j], evs[i+1:j])
				for _, o := range rep.Outputs {
					if o.Audience.Kind == AudiencePublic || o.Audience.Kind == AudienceChannel {
						out = append(out, o)
					}
				}
				for _, e := range evs[i+1 : j] {
					g = g.Apply(e)
				}
				i = j - 1
			}
		}
	}
	return out
}

func isDeadlineEvent(e engine.Event) bool { return strings.HasPrefix(e.EventType(), "deadline.") }
