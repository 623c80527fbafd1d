package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Unit status and printed combat results: /battle result. Statuses are
// set with /unit set (board.go); docs/combat-results.md has the grammar
// of a result and who may apply it.

func statusCommands() []*Command {
	place := func(r *Router, req Request, typed string) []engine.Match {
		return r.searchPlaces(context.Background(), req, typed, 25)
	}
	return []*Command{
		{
			Name:        "battle",
			Description: "Record the results of a combat",
			Subcommands: []*Command{
				{
					Name:        "result",
					Description: "Apply a printed combat result (e.g. 1Dr, 2F, R*) to the units that fought",
					Options: []OptionSpec{
						{Name: "attacker", Description: "The attacking units, comma-separated", Type: String, MaxLength: 300, Placeholder: "unit,...", Autocomplete: ownUnits},
						{Name: "attacker_result", Description: "The attacker's result, e.g. 1f or - for none", Type: String, MaxLength: 20, Placeholder: "result"},
						{Name: "defender", Description: "The defending units, comma-separated", Type: String, MaxLength: 300, Placeholder: "unit,...", Autocomplete: ownUnits},
						{Name: "defender_result", Description: "The defender's result, e.g. 2Dr", Type: String, MaxLength: 20, Placeholder: "result"},
						{Name: "at", Description: "Where it was fought (default: the defender's hex)", Type: String, MaxLength: 60, Placeholder: "hex or place", Autocomplete: place},
						{Name: "loss", Description: "Allocate the losses, e.g. Hood=2,McLaws=1 (default: the largest unit first)", Type: String, MaxLength: 300, Placeholder: "unit=n,..."},
						{Name: "artillery", Description: "Optional rule 29: artillery values of routed or eliminated defenders, unit=n,...", Type: String, MaxLength: 300, Placeholder: "unit=n,..."},
						{Name: "reason", Description: "A note for the record", Type: String, MaxLength: 200, Placeholder: "text"},
					},
					Handle: handleBattleResult,
				},
			},
		},
	}
}

func statusUnitSubcommands() []*Command { return nil }

// ownUnits completes unit names among the asker's own units on the map
// (no leaders: they take no combat results).
func ownUnits(r *Router, req Request, typed string) []engine.Match {
	return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
		return g.Controls(req.User, u) && !u.Eliminated && u.OnMap && !u.Kind.IsLeader()
	})
}

// unitNumbers reads "unit=n,..." among the asker's own units.
func unitNumbers(g engine.GameState, asker engine.Actor, option, s string) (map[string]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	out := map[string]int{}
	for _, pair := range strings.Split(s, ",") {
		if strings.TrimSpace(pair) == "" {
			continue
		}
		name, num, ok := strings.Cut(pair, "=")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if !ok || err != nil {
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "combat." + option, What: fmt.Sprintf("%q is not unit=number", strings.TrimSpace(pair)),
				Hint: fmt.Sprintf("Write %s:Hood=2,McLaws=1", option)}
		}
		id, err := findUnit(g, asker, name)
		if err != nil {
			return nil, err
		}
		if _, dup := out[id]; dup {
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "combat." + option, What: fmt.Sprintf("%s is named twice in %s", g.Units[id].Name, option), Hint: "Name each unit once"}
		}
		out[id] = n
	}
	return out, nil
}

// battleOpts are /battle result's options.
type battleOpts struct {
	Attacker       string `opt:"attacker,raw"`
	Defender       string `opt:"defender,raw"`
	AttackerResult string `opt:"attacker_result,raw"` // the rules read the results as typed
	DefenderResult string `opt:"defender_result,raw"`
	Loss           string `opt:"loss,raw"`
	Artillery      string `opt:"artillery,raw"`
	At             string `opt:"at"`
	Reason         string `opt:"reason"`
}

func handleBattleResult(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started", Hint: "The umpire starts it with /game start"}
	}
	var o battleOpts
	var p optionProblems
	p.decode(req, &o)
	cmd := lrtg.ApplyCombat{By: req.User, Reason: o.Reason}
	cmd.Attacker.Units, err = r.battleUnitList(g, req.User, o.Attacker)
	p.also(err)
	cmd.Defender.Units, err = r.battleUnitList(g, req.User, o.Defender)
	p.also(err)
	cmd.Attacker.Result, cmd.Defender.Result = o.AttackerResult, o.DefenderResult
	for _, x := range []struct {
		units  []string
		result string
		role   string
	}{{cmd.Attacker.Units, cmd.Attacker.Result, "attacker"}, {cmd.Defender.Units, cmd.Defender.Result, "defender"}} {
		if len(x.units) > 0 && strings.TrimSpace(x.result) == "" {
			p.add("combat.result", fmt.Sprintf("The %s's units have no result", x.role), fmt.Sprintf("Add %s_result: (- for none). %s", x.role, lrtg.CombatResultHint))
		}
	}
	if err := p.err(req); err != nil {
		return Reply{}, err // the sides' units and results refused together
	}
	losses, err := unitNumbers(g, req.User, "loss", o.Loss)
	if err != nil {
		return Reply{}, err
	}
	for id, n := range losses {
		switch {
		case hasString(cmd.Attacker.Units, id):
			cmd.Attacker.Losses = putCount(cmd.Attacker.Losses, id, n)
		case hasString(cmd.Defender.Units, id):
			cmd.Defender.Losses = putCount(cmd.Defender.Losses, id, n)
		default:
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "combat.loss", What: fmt.Sprintf("The loss allocation names %s, which is not in this combat", g.Units[id].Name),
				Hint: "Allocate losses to the attacker's and defender's units"}
		}
	}
	if cmd.Artillery, err = unitNumbers(g, req.User, "artillery", o.Artillery); err != nil {
		return Reply{}, err
	}
	if oob := r.orderOf(g); oob != nil {
		for _, id := range append(append([]string(nil), cmd.Attacker.Units...), cmd.Defender.Units...) {
			if u := oob.Unit(id); u != nil && u.Size == "division" {
				cmd.Divisions = append(cmd.Divisions, id)
			}
		}
	}
	switch at := o.At; {
	case at != "":
		t := r.theatres["lrtg"]
		h, name, err := t.Locate(at)
		if err != nil {
			return Reply{}, err
		}
		cmd.Battle = name
		if p := t.Printed(h); len(p) > 0 && !strings.Contains(name, p[0]) {
			cmd.Battle = fmt.Sprintf("%s (%s)", name, p[0])
		}
	case len(cmd.Defender.Units) > 0:
		cmd.Battle = g.Units[cmd.Defender.Units[0]].Ref
	}
	return r.settleGame(ctx, req, r.timed(g, cmd), nil, func(views []EventView, evs []engine.Event) Reply { // clock.go: the battle resolved ends an attack's pause (LRTG 22.3)
		var e *lrtg.CombatApplied
		rolls := map[int64]*engine.DiceRolled{}
		for _, ev := range evs {
			switch ev := ev.(type) {
			case *lrtg.CombatApplied:
				e = ev
			case *engine.DiceRolled:
				rolls[ev.Number] = ev
			}
		}
		detail := battleLine(e, true) + "\n" + strings.Join(combatDetail(g, e), "\n")
		if !g.Options.LimitedIntel {
			return publicText(req, detail, views)
		}
		// Limited intelligence: the units and their losses go to the actor
		// (who commands them all, or is the umpire); the channel learns of
		// the battle and the printed results only.
		outs := []Output{
			{Audience: Audience{Kind: AudienceEphemeral}, Text: detail, Events: views},
			{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: battleLine(e, false), Events: []EventView{}},
		}
		// Each side's log (sidelog.go) gets its own units' results only,
		// without the reason: free text that may name the enemy's.
		for _, s := range e.Sides {
			own := *e
			own.Sides = []lrtg.CombatSideApplied{s}
			outs = append(outs, r.sideLog(req, g, s.Side, battleLine(e, false)+"\n"+strings.Join(combatDetail(g, &own), "\n"))...)
		}
		return Reply{Outputs: outs}
	})
}

func putCount(m map[string]int, k string, v int) map[string]int {
	if m == nil {
		m = map[string]int{}
	}
	m[k] = v
	return m
}

func hasString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// battleLine is what anyone may read of a combat: where, when, and the
// printed results by role and side; no unit and no manpower. The reason,
// free text that may name units, is for those who see the detail.
func battleLine(e *lrtg.CombatApplied, withReason bool) string {
	where := ""
	if e.Battle != "" {
		where = " at " + e.Battle
	}
	var parts []string
	for _, s := range e.Sides {
		parts = append(parts, fmt.Sprintf("%s (%s) **%s**", s.Role, strings.ToUpper(string(s.Side)), s.Result))
	}
	line := fmt.Sprintf("⚔️ Combat%s, turn %d: %s.", where, e.Turn, strings.Join(parts, ", "))
	if withReason && e.Reason != "" {
		line += " " + e.Reason
	}
	return line
}

// combatDetail lists each unit's change, the retreat, the Victory Points
// and the artillery rolls of optional rule 29.
func combatDetail(g engine.GameState, e *lrtg.CombatApplied) []string {
	var lines []string
	for _, s := range e.Sides {
		var units []string
		for _, c := range s.Units {
			name := g.Units[c.Unit].Name
			var ch []string
			if c.ManpowerTo != c.ManpowerFrom {
				ch = append(ch, fmt.Sprintf("%d → %d MP", c.ManpowerFrom, c.ManpowerTo))
			}
			if c.Eliminated {
				ch = append(ch, "eliminated")
			}
			if c.FatigueTo != c.FatigueFrom {
				ch = append(ch, fmt.Sprintf("fatigue %d → %d", c.FatigueFrom, c.FatigueTo))
			} else if s.Result.Fatigue > 0 && !c.Eliminated {
				ch = append(ch, fmt.Sprintf("fatigue stays %d (the highest)", c.FatigueTo))
			}
			if c.Disorganized {
				ch = append(ch, "disorganized")
			}
			if c.Exhausted {
				ch = append(ch, "exhausted") // the chart's letter (engine/lrtg/attack_codes.go)
			}
			if c.AmmoTo != c.AmmoFrom {
				ch = append(ch, fmt.Sprintf("ammunition %d → %d (%s, LRTG 19.2)", c.AmmoFrom, c.AmmoTo, lrtg.StatusValue("ammunition", c.AmmoTo)))
			}
			if len(ch) == 0 {
				ch = append(ch, "no change")
			}
			units = append(units, name+": "+strings.Join(ch, ", "))
		}
		lines = append(lines, fmt.Sprintf("**%s %s** (%s): %s.", strings.ToUpper(string(s.Side)), s.Role, s.Result, strings.Join(units, "; ")))
		if s.Unabsorbed > 0 {
			lines = append(lines, fmt.Sprintf("%d MP of the loss exceed the units' manpower.", s.Unabsorbed))
		}
		standing := 0
		for _, c := range s.Units {
			if !c.Eliminated {
				standing++
			}
		}
		switch { // an eliminated side has no one left to retreat
		case standing == 0 || s.Result.Retreat == "":
		case s.Result.Retreat == "r":
			lines = append(lines, "They must retreat (r): their commander moves them with /move.")
		default:
			lines = append(lines, fmt.Sprintf("They rout (%s): their commander moves them with /move.", s.Result.Retreat))
		}
		if s.VP != 0 {
			lines = append(lines, fmt.Sprintf("%d MP lost in combat: %+d VP (%s).", s.Lost, s.VP, seriesOf(g).lossVPRule))
		}
		for _, a := range s.Artillery {
			lines = append(lines, fmt.Sprintf("Artillery of %s (LRTG 29.1, roll #%d): %d dice %v, modifier %d: %d captured (to an attacking unit), %d destroyed, %d retained.",
				g.Units[a.Unit].Name, a.Roll, a.Value, a.Faces, a.Modifier, a.Captured, a.Destroyed, a.Retained))
		}
	}
	return lines
}

// statusText describes a unit's status for /oob: its status labels and
// the marks that are not statuses (flanks refused, out of supply, fort).
func statusText(u engine.UnitState) string {
	u = u.WithStatus()
	parts := statusLabels(u.Status)
	for _, m := range u.Marks {
		if hasString(engine.UnitMarks, m) {
			parts = append(parts, m)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return ", " + strings.Join(parts, ", ")
}
