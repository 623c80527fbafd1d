package bot

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The umpire's unit log (issue 19, "Trust"): the changes players make to
// their own units that the engine cannot check (engine/lrtg/unitlog.go). Each
// is posted, as it is recorded, on the umpire's private channel
// (bot/channels.go; in the console, which has no channels, as the output
// of a channel named "umpire"), and /unit log lists them for the umpire.
// A player asking is refused with nothing of the log: not even whether it
// holds anything.

// unitLogLast is how many entries /unit log shows by default.
const unitLogLast = 25

func unitLogSubcommands() []*Command {
	return []*Command{{
		Name:        "log",
		Description: "The players' changes to their own units that the rules cannot check (umpire)",
		Ephemeral:   true,
		Options: []OptionSpec{
			{Name: "last", Description: fmt.Sprintf("How many of the latest entries (default %d)", unitLogLast), Type: Integer},
			{Name: "side", Description: "Only this side's players' entries: csa or usa", Type: String, MaxLength: 3, Placeholder: "csa|usa"},
		},
		Handle: handleUnitLog,
	}}
}

// unitLogOpts are /unit log's options.
type unitLogOpts struct {
	Last *int   `opt:"last" min:"1" bad:"unit.log_last|%q is not a number of entries|last:<1 or more>"` // nil: unitLogLast
	Side string `opt:"side,lower" one:"csa|usa" bad:"unit.log_side|%q is not a side|side:csa or side:usa"`
}

func handleUnitLog(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o unitLogOpts
	var probs optionProblems
	probs.decode(req, &o)
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.IsUmpire(req.User) {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "unit.log", What: "Only the umpire reads the unit log",
			Hint: "/oob shows your own units"}
	}
	if err := probs.err(req); err != nil {
		return Reply{}, err // a wrong count and a wrong side together, once the asker is the umpire
	}
	last := unitLogLast
	if o.Last != nil {
		last = *o.Last
	}
	side := engine.Side(o.Side)
	var entries []lrtg.UnitLogEntry
	for _, e := range lrtg.Of(g).UnitLog() {
		if side == "" || e.Side == side {
			entries = append(entries, e)
		}
	}
	if len(entries) == 0 {
		return ephemeralText("📒 The unit log is empty: no player has changed a unit of his by hand where the rules cannot check it."), nil
	}
	umpire := 0 // the letters of battles' results owed to the umpire, and his rulings (attack_codes.go)
	for _, e := range entries {
		if e.Kind == lrtg.LogOwed || e.Kind == lrtg.LogRuled {
			umpire++
		}
	}
	players := len(entries) - umpire
	noun := "changes"
	if players == 1 {
		noun = "change"
	}
	head := fmt.Sprintf("📒 **Unit log**: %d %s players made to their own units that the rules cannot check", players, noun)
	if umpire > 0 {
		head += fmt.Sprintf("; %d %s of battles' letters the chart leaves to you", umpire, plural(umpire, "entry", "entries"))
	}
	lines := []string{head + "."}
	if len(entries) > last {
		lines = append(lines, fmt.Sprintf("(the latest %d; last:%d shows them all)", last, len(entries)))
		entries = entries[len(entries)-last:]
	}
	for _, e := range entries {
		lines = append(lines, unitLogLine(g, e, r.hexRef))
	}
	return ephemeralText(strings.Join(lines, "\n")), nil
}

// unitLogLine is an entry in words: "#3 turn 2, step 4a: Lee (CSA) set
// Hood's manpower 11 → 30, cause stragglers (reason: ...)"; ref names a
// hex of a march's path.
func unitLogLine(g engine.GameState, e lrtg.UnitLogEntry, ref func(engine.Hex) string) string {
	when := fmt.Sprintf("turn %d", e.Turn)
	if e.Step != "" {
		when += ", step " + e.Step
	}
	who := e.By.Name
	if e.Side != "" {
		who += " (" + strings.ToUpper(string(e.Side)) + ")"
	}
	name := e.Unit
	if u, ok := g.Units[e.Unit]; ok {
		name = u.Name
	}
	var what string
	switch e.Kind {
	case lrtg.LogSet:
		from, to := strconv.Itoa(e.From), strconv.Itoa(e.To)
		if e.Field != "manpower" && e.Field != "fatigue" {
			from, to = lrtg.StatusValue(e.Field, e.From), lrtg.StatusValue(e.Field, e.To)
		}
		what = fmt.Sprintf("set %s's %s %s → %s", name, e.Field, from, to)
		if e.To > e.From && (e.Field == "manpower" || e.Field == "entrenchment") {
			what += ", a raise"
		}
	case lrtg.LogMark:
		what = fmt.Sprintf("put the mark %s on %s", e.Mark, name)
		if e.Off {
			what = fmt.Sprintf("took the mark %s off %s", e.Mark, name)
		}
	case lrtg.LogCombat:
		what = fmt.Sprintf("applied the combat result %s to %s", e.Result, name)
		if e.Battle != "" {
			what += " at " + e.Battle
		}
		what += fmt.Sprintf(": manpower %d → %d", e.From, e.To)
	case lrtg.LogStated: // attack_present.go
		what = fmt.Sprintf("stated the %s's modifiers for battle #%d", e.Role, e.Attack)
		if e.Battle != "" {
			what += " at " + e.Battle
		}
		what += ": " + modifiersText(e.Stated)
		if e.Disorganized != "" {
			what += fmt.Sprintf("; his disorganized units count %s", e.Disorganized)
		}
	case lrtg.LogOwed: // engine/lrtg/attack_codes.go
		what = fmt.Sprintf("settled battle #%d", e.Attack)
		if e.Battle != "" {
			what += " at " + e.Battle
		}
		what += fmt.Sprintf(": the chart's %s for the %s (%s) is yours to apply; record what you decide with /attack rule battle:%d note:<...>",
			strings.Join(e.Letters, ", "), e.Role, strings.ToUpper(string(e.For)), e.Attack)
	case lrtg.LogRuled:
		what = fmt.Sprintf("ruled on battle #%d's %s", e.Attack, strings.Join(e.Letters, ", "))
	case lrtg.LogMarchRead: // engine/lrtg/move_extended.go: no Extended March Table loaded
		what = fmt.Sprintf("rolled %s's extended march (%s) with no Extended March Table loaded: total %d", name, rollLabel(e.Roll, engine.RollStream{Secret: e.Secret}), e.Read)
		if e.Capped {
			what += fmt.Sprintf(" (read as %d: 003's cap)", lrtg.ExtendedMarchCap)
		}
		what += "; the result is the player's reading of his printed table, applied with /unit set (his word)"
	case lrtg.LogEliminate:
		what = fmt.Sprintf("eliminated %s", name)
	case lrtg.LogMove:
		from := e.FromRef
		if from == "" {
			from = "?"
		}
		for _, id := range e.With { // a march: the whole stack
			if u, ok := g.Units[id]; ok {
				name += ", " + u.Name
			}
		}
		what = fmt.Sprintf("moved %s %s → %s", name, from, e.ToRef)
		if e.Mode != "" {
			what += " (" + e.Mode + ")"
		}
		if e.Path != nil || e.Stopped != "" {
			what += marchLogWords(e, ref)
		}
		if e.Unchecked != "" {
			what += ", " + uncheckedWhy(e.Unchecked)
		}
	default:
		what = e.Kind + " " + name
	}
	line := fmt.Sprintf("#%d %s: %s %s", e.N, when, who, what)
	switch {
	case e.Cause != "":
		line += ", cause " + e.Cause
	case e.Kind == lrtg.LogSet && e.To > e.From && (e.Field == "manpower" || e.Field == "entrenchment"):
		line += ", no cause"
	}
	if e.Reason != "" {
		line += " (reason: " + e.Reason + ")"
	}
	if e.Undone {
		line += " — undone by the umpire"
	}
	return line
}

// marchLogWords is a march's path for the umpire's log, with what the
// engine could not check (engine/lrtg/move_path.go).
func marchLogWords(e lrtg.UnitLogEntry, ref func(engine.Hex) string) string {
	ref = marchRef(e.Path, e.Planned, e.Refs, ref) // as the player named them
	refs := make([]string, len(e.Path))
	for i, h := range e.Path {
		refs[i] = ref(h)
	}
	var b strings.Builder
	if len(refs) > 0 {
		fmt.Fprintf(&b, " by %s (%d %s)", strings.Join(refs, " – "), len(refs), plural(len(refs), "step", "steps"))
	}
	if e.Stopped == lrtg.MoveStoppedPath {
		b.WriteString(", stopped by an enemy unit the player did not see")
		if e.Contact != nil {
			b.WriteString(" in " + ref(*e.Contact))
		}
		planned := make([]string, len(e.Planned))
		for i, h := range e.Planned {
			planned[i] = ref(h)
		}
		if len(planned) > 0 {
			fmt.Fprintf(&b, " (the path given: %s)", strings.Join(planned, " – "))
		}
	}
	if e.Extended && e.Extension == 0 {
		b.WriteString(", extended past the allowance as far as the player says (no gcacw.extended-march-settings loaded)")
	}
	if len(e.MarchStated) > 0 {
		fmt.Fprintf(&b, ", extended march modifiers stated by the player: %s", strings.Join(e.MarchStated, ", "))
	}
	stated, partial := marchStepWords(e.Path, e.Steps, ref)
	if len(stated) > 0 {
		fmt.Fprintf(&b, ", priced on the terrain the player states (his word): %s", strings.Join(stated, "; "))
	}
	if len(partial) > 0 {
		fmt.Fprintf(&b, ", priced in part (the terrain cost chart has no row for what they cross, counted at the least it can cost): %s", strings.Join(partial, "; "))
	}
	if e.Unpriced > 0 {
		fmt.Fprintf(&b, ", movement points not checked for %d %s: nothing loaded prices them and the player stated no terrain for them (a terrain layer that gives the hexes and hexsides, and the terrain cost chart's rows for them; the Standardized Rules' terrain and ZOC costs are the group's)", e.Unpriced, plural(e.Unpriced, "step", "steps"))
	}
	return b.String()
}

// uncheckedWhy says why the engine could not tie a move to an action.
func uncheckedWhy(code string) string {
	switch code {
	case lrtg.MoveNoStep:
		return "outside any action: no step of the sequence of play is under way"
	case lrtg.MoveNoCycle:
		return "outside any action known: the action cycle was not begun"
	case lrtg.MoveRetreat:
		return "a retreat or rout (LRTG 9.3): its path is the player's"
	}
	return "unchecked (" + code + ")"
}

// umpireLogOutputs posts the log entries evs made (before is the state
// they were decided on) on the umpire's private channel; in the console,
// which has no channels, as the channel "umpire". A game on Discord
// without an umpire's channel posts nothing: the umpire reads /unit log.
func (r *Router) umpireLogOutputs(req Request, before engine.GameState, evs []engine.Event) []Output {
	if !slices.ContainsFunc(evs, lrtg.MayLogUnitChange) {
		return nil // most commands: no second fold
	}
	n := len(lrtg.Of(before).UnitLog())
	after := before
	for _, e := range evs {
		after = after.Apply(e)
	}
	entries := lrtg.Of(after).UnitLog()
	if len(entries) <= n {
		return nil
	}
	ch, ok := after.Channels.UmpireChannel()
	switch {
	case ok:
	case req.console:
		ch = "umpire"
	default:
		return nil
	}
	var out []Output
	for _, e := range entries[n:] {
		out = append(out, Output{Audience: Audience{Kind: AudienceChannel, Channel: ch, UserID: after.Umpire.ID},
			Text: "📒 " + unitLogLine(after, e, r.hexRef), Events: []EventView{}})
	}
	return out
}
