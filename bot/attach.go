package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// Substitutes, detachment and attachment (engine/lrtg/attach.go; LRTG 7, 12,
// 18): /unit detach and /unit attach.

func attachCommands() []*Command { return nil }

func attachUnitSubcommands() []*Command {
	return []*Command{
		{
			Name:        "detach",
			Description: "Detach a substitute from a unit (LRTG 7.1; optional rule 18: a division's brigades)",
			Options: []OptionSpec{
				{Name: "unit", Description: "The unit it detaches from, by id or name", Type: String, Required: true, MaxLength: 60, Placeholder: "unit", Autocomplete: attachOwnUnits},
				{Name: "manpower", Description: "The substitute's manpower (infantry 8 or less, cavalry 2 or less)", Type: Integer, Required: true},
				{Name: "as", Description: "The counter: a substitute (e.g. Inf Sub 2) or, with rule 18, a brigade of the division", Type: String, MaxLength: 40, Placeholder: "counter", Autocomplete: attachFreeCounters},
				{Name: "rest", Description: "Rule 18.3: the brigade that replaces a division brought to 8 or less", Type: String, MaxLength: 40, Placeholder: "brigade"},
				{Name: "artillery", Description: "Artillery points the substitute takes (1 at most; rule 18 brigades more)", Type: Integer},
				{Name: "reason", Description: "Why (the umpire's reason waives a limit)", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handleDetach,
		},
		{
			Name:        "attach",
			Description: "Attach units to a friendly unit in their hex (LRTG 7.2, 7.3; rule 18.3 re-forms a division)",
			Options: []OptionSpec{
				{Name: "unit", Description: "The attaching units, by id or name, comma-separated", Type: String, Required: true, MaxLength: 300, Placeholder: "unit,...", Autocomplete: attachOwnUnits},
				{Name: "to", Description: "The friendly unit they attach to", Type: String, Required: true, MaxLength: 60, Placeholder: "unit", Autocomplete: attachFriendlyUnits},
				{Name: "reason", Description: "Why (the umpire's reason waives a limit)", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handleAttach,
		},
	}
}

// attachOwnUnits offers the units the asker may act for (board.go's pattern):
// a player's autocomplete never lists the enemy's.
func attachOwnUnits(r *Router, req Request, typed string) []engine.Match {
	return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
		return g.Controls(req.User, u) && !u.Eliminated && u.OnMap
	})
}

// attachFriendlyUnits offers the units of the asker's side (any unit, to the
// umpire): a unit may attach to a friendly unit of another commander.
func attachFriendlyUnits(r *Router, req Request, typed string) []engine.Match {
	return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
		return attachFriendly(g, req.User, u) && !u.Eliminated && u.OnMap
	})
}

// attachFreeCounters offers the substitute counters free for the unit named so
// far (or for the asker's side).
func attachFreeCounters(r *Router, req Request, typed string) []engine.Match {
	g, err := r.game(context.Background(), req)
	if err != nil || !g.Started {
		return nil
	}
	rules, err := r.substituteRules(g)
	if err != nil {
		return nil
	}
	var side engine.Side
	if p := g.Player(req.User.ID); p != nil {
		side = p.Side
	}
	var o unitOpts
	_ = decodeOptions(req, &o) // a string: nothing to refuse while completing
	unit := ""
	if id, err := findUnit(g, req.User, o.Unit); err == nil {
		unit, side = id, g.Units[id].Side
	}
	if side == "" {
		return nil
	}
	var out []engine.Match
	for _, c := range lrtg.Of(g).FreeCounters(rules, side, unit) {
		if strings.Contains(strings.ToLower(c), strings.ToLower(strings.TrimSpace(typed))) {
			out = append(out, engine.Match{Value: c, Label: c})
		}
	}
	return out
}

// attachFriendly reports whether a unit is of the asker's side (every unit is,
// for the umpire).
func attachFriendly(g engine.GameState, a engine.Actor, u engine.UnitState) bool {
	if g.IsUmpire(a) {
		return true
	}
	p := g.Player(a.ID)
	return p != nil && p.Side == u.Side
}

// attachFindFriendly reads a unit by id or name among the asker's side's units:
// the target of an attachment may be another commander's, never the
// enemy's, and a name never confirms an enemy unit.
func attachFindFriendly(g engine.GameState, asker engine.Actor, s string) (string, error) {
	s = strings.TrimSpace(s)
	if u, ok := g.Units[s]; ok && attachFriendly(g, asker, u) {
		return s, nil
	}
	var hits []string
	for _, id := range sortedUnitIDs(g) {
		u := g.Units[id]
		if strings.EqualFold(u.Name, s) && attachFriendly(g, asker, u) && !u.Eliminated {
			hits = append(hits, id)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.unknown", What: fmt.Sprintf("Your side has no unit %q", s), Hint: "/oob lists your side's units; Discord completes their names"}
	}
	return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.ambiguous", What: fmt.Sprintf("%q names several units: %s", s, strings.Join(hits, ", ")), Hint: "Use the unit's id"}
}

// substituteRules are the game's substitute counters (scenarios/attach)
// with the sizes of its order of battle.
func (r *Router) substituteRules(g engine.GameState) (*lrtg.SubstituteRules, error) {
	all, err := scenarios.Substitutes()
	if err != nil {
		return nil, err
	}
	s := all["lrtg"]
	if s == nil {
		return nil, fmt.Errorf("no substitute counters for lrtg")
	}
	return s.WithOrder(r.orderOf(g)), nil
}

func handleDetach(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Unit      string `opt:"unit,raw"`
		Manpower  int    `opt:"manpower"`
		Artillery int    `opt:"artillery"`
		As        string `opt:"as,raw"`
		Rest      string `opt:"rest,raw"`
		Reason    string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	g, id, err := r.gameUnit(ctx, req, o.Unit)
	if err != nil {
		return Reply{}, err
	}
	rules, err := r.substituteRules(g)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.DetachUnit{By: req.User, Unit: id, Manpower: o.Manpower, As: o.As, Rest: o.Rest, Artillery: o.Artillery,
		Reason: o.Reason, Rules: rules}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.UnitDetached)
		p := g.Units[id]
		var b strings.Builder
		fmt.Fprintf(&b, "%s detaches %s (%d MP", p.Name, e.Unit.Name, e.Manpower)
		if e.Artillery > 0 {
			fmt.Fprintf(&b, ", %d artillery", e.Artillery)
		}
		fmt.Fprintf(&b, ") at %s", attachWhere(e.Unit))
		if e.Brigade == nil {
			fmt.Fprintf(&b, "; %s now has %d MP (LRTG 7.1).", p.Name, p.Manpower-e.Manpower)
		} else {
			fmt.Fprintf(&b, ". %s falls to %d MP: the division is replaced by the brigade %s and its leader %s (LRTG 18.3).",
				p.Name, p.Manpower-e.Manpower, e.Brigade.Name, e.Leader.Name)
		}
		b.WriteString(attachWaived(e.Waived, e.Reason))
		return r.boardReply(req, g, b.String(), views)
	})
}

func handleAttach(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Units  string `opt:"unit,raw"`
		To     string `opt:"to,raw"`
		Reason string `opt:"reason"`
	}
	var p optionProblems
	p.decode(req, &o)
	ids, err := unitList(g, req.User, o.Units)
	p.also(err)
	to, err := attachFindFriendly(g, req.User, o.To)
	p.also(err)
	if err := p.err(req); err != nil {
		return Reply{}, err // wrong units and a wrong unit to join refused together
	}
	rules, err := r.substituteRules(g)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.AttachUnits{By: req.User, Units: ids, To: to, Reason: o.Reason, Rules: rules}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.UnitsAttached)
		names := make([]string, len(ids))
		for i, id := range ids {
			names[i] = g.Units[id].Name
		}
		res := e.Result
		var b strings.Builder
		if e.Reformed {
			fmt.Fprintf(&b, "%s and %s re-form the division %s (%d MP) at %s; the division leader leaves the map (LRTG 18.3).",
				strings.Join(names, ", "), g.Units[to].Name, res.Name, res.Manpower, attachWhere(res))
		} else {
			fmt.Fprintf(&b, "%s attach%s to %s at %s: %s now has %d MP (LRTG 7.2).",
				strings.Join(names, ", "), map[bool]string{true: "", false: "es"}[len(names) > 1], res.Name, attachWhere(res), res.Name, res.Manpower)
		}
		if res.Fatigue > 0 {
			fmt.Fprintf(&b, " Fatigue %d.", res.Fatigue)
		}
		if l := statusLabels(res.Status); len(l) > 0 {
			fmt.Fprintf(&b, " Status: %s.", strings.Join(l, ", "))
		}
		if e.Control {
			b.WriteString(" +1 fatigue: it took a unit of another commander (LRTG 21).")
		}
		b.WriteString(attachWaived(e.Waived, e.Reason))
		return r.boardReply(req, g, b.String(), views)
	})
}

// attachWhere is a unit's printed hex, for a reply.
func attachWhere(u engine.UnitState) string {
	if u.Ref != "" {
		return u.Ref
	}
	return fmt.Sprintf("hex %d,%d", u.Hex.Q, u.Hex.R)
}

func attachWaived(codes []string, reason string) string {
	if len(codes) == 0 {
		return ""
	}
	return fmt.Sprintf(" The umpire waived %s: %s.", strings.Join(codes, ", "), reason)
}
