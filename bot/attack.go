package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// /attack (issue 21, item 4; engine/lrtg/attack.go): the attacker declares
// an attack of his action with the modifiers that are his to state, the
// defender's commander states his (or the umpire settles it), and the
// umpire rolls both dice, reads the group's loaded Combat Chart and
// applies both results. docs/attacks.md. The words are attack_present.go's.

// withAttackCharts sets what /attack settles with, for tests: an
// invented chart (attack_test.go). Without it, a game settles with the
// series' charts it kept at /game start (seriesAttackCharts).
func withAttackCharts(f func(engine.GameState) *lrtg.AttackCharts) Option {
	return func(r *Router) { r.attackCharts = f }
}

// attackChartsOf is the charts a game's battle settles with (nil: its
// Combat Chart is not loaded, and /attack says which slot to load).
func (r *Router) attackChartsOf(g engine.GameState) *lrtg.AttackCharts {
	if r.attackCharts != nil {
		return r.attackCharts(g)
	}
	return r.seriesAttackCharts(g)
}

// seriesAttackCharts reads the game's copies of the series' charts
// (engine/lrtg SeriesCharts, kept from /game start): the Combat Chart
// and, when loaded, its die-roll modifiers. A copy of the modifiers the
// reader refuses leaves none to state: the players' modifiers are then
// refused by name, and the refusal's hint says none are loaded.
func (r *Router) seriesAttackCharts(g engine.GameState) *lrtg.AttackCharts {
	c := lrtg.Of(g).SeriesCharts(r.library)
	if !c.Has(lrtg.SlotCombat) {
		return nil
	}
	out := &lrtg.AttackCharts{Chart: c}
	if c.Has(lrtg.SlotCombatModifiers) {
		if mods, err := c.Modifiers(); err == nil {
			for _, m := range mods {
				out.Modifiers = append(out.Modifiers, lrtg.CombatModifier(m))
			}
		}
	}
	return out
}

func attackCommands() []*Command {
	place := func(r *Router, req Request, typed string) []engine.Match {
		return r.searchPlaces(context.Background(), req, typed, 25)
	}
	mods := OptionSpec{Name: "modifiers", Description: "Your die-roll modifiers from the loaded chart, e.g. flank=+1,leader=2 (none: none)", Type: String, MaxLength: 300, Placeholder: "name=value,..."}
	dis := OptionSpec{Name: "disorganized", Description: "How your disorganized units count, when the loaded chart does not say: half or full", Type: String, MaxLength: 10, Placeholder: "half|full"}
	battle := OptionSpec{Name: "battle", Description: "The battle's number (default: the one waiting)", Type: Integer}
	return []*Command{{
		Name:        "attack",
		Description: "Attack in your action: the umpire settles the battle on the loaded Combat Chart",
		Subcommands: []*Command{
			{
				Name:        "declare",
				Description: "Declare an attack of units of your action on an adjacent enemy hex",
				Options: []OptionSpec{
					{Name: "units", Description: "The attacking units, comma-separated", Type: String, Required: true, MaxLength: 300, Placeholder: "unit,...", Autocomplete: ownUnits},
					{Name: "at", Description: "The defender's hex", Type: String, Required: true, MaxLength: 60, Placeholder: "hex or place", Autocomplete: place},
					{Name: "type", Description: "march (the units of your activation, from one hex) or assault (a leader's units that have not moved)", Type: String, Required: true, MaxLength: 10, Placeholder: "march|assault"},
					mods, dis,
				},
				Handle: handleAttackDeclare,
			},
			{
				Name:        "defend",
				Description: "State the defender's modifiers (none is an answer); the umpire settles a battle with it",
				Options:     []OptionSpec{battle, mods, dis, {Name: "reason", Description: "A note for the record (the umpire's)", Type: String, MaxLength: 200, Placeholder: "text"}},
				Handle:      handleAttackDefend,
			},
			{
				Name:        "cancel",
				Description: "Call off a battle that cannot be settled, with your reason (umpire)",
				// Discord lists required options first.
				Options: []OptionSpec{{Name: "reason", Description: "Why (apply what you rule with /battle result)", Type: String, Required: true, MaxLength: 200, Placeholder: "text"}, battle},
				Handle:  handleAttackCancel,
			},
			{
				Name:        "rule",
				Description: "Record what you decided for a battle's letters the loaded chart leaves to you (umpire)",
				// Discord lists required options first.
				Options: []OptionSpec{{Name: "note", Description: "What you decided and applied (/unit set, /move, /battle result)", Type: String, Required: true, MaxLength: 300, Placeholder: "text"}, battle},
				Handle:  handleAttackRule,
			},
			{
				Name:        "show",
				Description: "The battles waiting to be settled, as you may see them",
				Ephemeral:   true,
				Handle:      handleAttackShow,
			},
		},
	}}
}

// parseModifiers reads "name=value,name,..." ("none" or nothing: none).
func parseModifiers(s string) ([]lrtg.StatedModifier, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "none") || s == "-" {
		return nil, nil
	}
	var out []lrtg.StatedModifier
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, val, has := strings.Cut(part, "=")
		m := lrtg.StatedModifier{Name: strings.TrimSpace(name), Bare: !has}
		if has {
			v, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(val), "+"))
			if err != nil {
				return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "attack.modifier", What: fmt.Sprintf("%q is not name=value", part),
					Hint: "Write modifiers:flank=+1,leader=2 (a whole number; a modifier with one value may be named alone), or none"}
			}
			m.Value = v
		}
		if m.Name == "" {
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "attack.modifier", What: fmt.Sprintf("%q names no modifier", part), Hint: "Write modifiers:flank=+1"}
		}
		out = append(out, m)
	}
	return out, nil
}

func handleAttackDeclare(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Units        string `opt:"units,raw"`
		At           string `opt:"at"`
		Type         string `opt:"type,lower"`
		Modifiers    string `opt:"modifiers,raw"`
		Disorganized string `opt:"disorganized,lower"`
	}
	var p optionProblems
	p.decode(req, &o)
	ids, err := unitList(g, req.User, o.Units)
	p.also(err)
	hex, _, ref, err := locateRef(r.theatres["lrtg"], o.At)
	if !p.also(err) {
		ref = namedRef(r.theatres["lrtg"], o.At, ref) // the hex as typed, as a march's (move.go)
	}
	stated, err := parseModifiers(o.Modifiers)
	p.also(err)
	if err := p.err(req); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.DeclareAttack{By: req.User, Units: ids, Hex: hex, Ref: ref, Type: o.Type, Stated: stated, Disorganized: o.Disorganized, Charts: r.attackChartsOf(g), Data: r.moveData(g)}
	return r.settleGame(ctx, req, r.timed(g, cmd), nil, func(views []EventView, evs []engine.Event) Reply {
		return r.attackReply(req, g, views, evs)
	})
}

func handleAttackDefend(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Battle       int    `opt:"battle"`
		Modifiers    string `opt:"modifiers,raw"`
		Disorganized string `opt:"disorganized,lower"`
		Reason       string `opt:"reason"`
	}
	var p optionProblems
	p.decode(req, &o)
	stated, err := parseModifiers(o.Modifiers)
	p.also(err)
	if err := p.err(req); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.AnswerAttack{By: req.User, Battle: o.Battle, Stated: stated, Disorganized: o.Disorganized, Charts: r.attackChartsOf(g), Reason: o.Reason}
	if b, ok := battleOf(g, o.Battle); ok {
		cmd.Divisions = r.divisionsOf(g, append(append([]string(nil), b.Attackers...), b.Defenders...))
	}
	return r.settleGame(ctx, req, r.timed(g, cmd), nil, func(views []EventView, evs []engine.Event) Reply {
		return r.attackReply(req, g, views, evs)
	})
}

// battleOf is the battle an answer names (0: the one pending).
func battleOf(g engine.GameState, n int) (lrtg.Battle, bool) {
	p := lrtg.Of(g).Attacks.Pending
	if n == 0 && len(p) == 1 {
		return p[0], true
	}
	return lrtg.Of(g).Attacks.Battle(n)
}

// divisionsOf are the units that are divisions in the game's order of
// battle (optional rule 19.2, as /battle result gives them).
func (r *Router) divisionsOf(g engine.GameState, ids []string) []string {
	oob := r.orderOf(g)
	if oob == nil {
		return nil
	}
	var out []string
	for _, id := range ids {
		if u := oob.Unit(id); u != nil && u.Size == "division" {
			out = append(out, id)
		}
	}
	return out
}

func handleAttackShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var lines []string
	for _, b := range lrtg.Of(g).Attacks.Pending {
		if line := pendingLine(g, req.User, b); line != "" {
			lines = append(lines, line)
		}
	}
	var settled []string
	for _, s := range lrtg.Of(g).Attacks.SettledThisTurn(g.Turn) {
		if settledSeen(g, req.User, s) {
			settled = append(settled, explainLines(g, &s)...)
		}
	}
	switch {
	case len(settled) > 0 && len(lines) > 0:
		return ephemeralText("⚔️ **Battles waiting**\n" + strings.Join(lines, "\n") + "\n**Settled this turn**\n" + strings.Join(settled, "\n")), nil
	case len(settled) > 0:
		return ephemeralText("⚔️ **Settled this turn**\n" + strings.Join(settled, "\n")), nil
	}
	if len(lines) == 0 {
		if g.IsUmpire(req.User) {
			return ephemeralText("⚔️ No battle waits to be settled."), nil
		}
		return ephemeralText("⚔️ No battle of yours waits to be settled."), nil
	}
	return ephemeralText("⚔️ **Battles waiting**\n" + strings.Join(lines, "\n")), nil
}

// handleAttackRule: the umpire records what he decided for the letters a
// battle's result owes him (engine/lrtg/attack_codes.go).
func handleAttackRule(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Battle int    `opt:"battle"`
		Note   string `opt:"note"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	return r.settleGame(ctx, req, lrtg.RuleAttack{By: req.User, Battle: o.Battle, Note: o.Note}, nil, func(views []EventView, evs []engine.Event) Reply {
		return r.attackReply(req, g, views, evs)
	})
}

func handleAttackCancel(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Battle int    `opt:"battle"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	return r.settleGame(ctx, req, r.timed(g, lrtg.CancelAttack{By: req.User, Battle: o.Battle, Reason: o.Reason}), nil, func(views []EventView, evs []engine.Event) Reply {
		return r.attackReply(req, g, views, evs)
	})
}
