package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// /dummy: dummy force markers of limited intelligence (engine/lrtg/dummies.go;
// LRTG 20, 003 3 d)). Every reply is the placing side's secret: the enemy
// sees a dummy as a force marker on his map and nothing else.

func dummyCommands() []*Command {
	side := OptionSpec{Name: "side", Description: "The umpire: whose dummy (csa or usa)", Type: String, MaxLength: 3, Placeholder: "csa|usa"}
	reason := OptionSpec{Name: "reason", Description: "The umpire: why", Type: String, MaxLength: 200, Placeholder: "reason"}
	return []*Command{{
		Name:        "dummy",
		Description: "Dummy force markers (limited intelligence, LRTG 20; step 3d)",
		Subcommands: []*Command{
			{
				Name:        "place",
				Description: "Place a dummy force marker on an empty hex",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "hex", Description: "The hex, e.g. W3418, or a place", Type: String, Required: true, MaxLength: 60, Placeholder: "hex"},
					side, reason,
				},
				Handle: handleDummyPlace,
			},
			{
				Name:        "remove",
				Description: "Remove one of your dummies (or all of them)",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "hex", Description: "The dummy's hex", Type: String, MaxLength: 60, Placeholder: "hex"},
					{Name: "all", Description: "Remove every dummy of your side", Type: Boolean},
					side, reason,
				},
				Handle: handleDummyRemove,
			},
			{
				Name:        "list",
				Description: "Your side's dummies in play and its limit",
				Ephemeral:   true,
				Options:     []OptionSpec{side},
				Handle:      handleDummyList,
			},
		},
	}}
}

// dummyOpts are /dummy place's and /dummy remove's options.
type dummyOpts struct {
	Hex    string `opt:"hex,raw"`
	Side   string `opt:"side,lower"`
	All    string `opt:"all,raw"` // only "true" (any case) removes them all
	Reason string `opt:"reason"`
}

// dummyHex reads the hex option.
func (r *Router) dummyHex(o dummyOpts) (engine.Hex, string, error) {
	h, _, ref, err := locateRef(r.theatres["lrtg"], o.Hex)
	return h, ref, err
}

func handleDummyPlace(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o dummyOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	h, ref, err := r.dummyHex(o)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.PlaceDummy{By: req.User, Side: engine.Side(o.Side), Hex: h, Ref: ref, Reason: o.Reason, Data: r.moveData(g)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		d := evs[0].(*lrtg.DummyPlaced).Dummy
		next := after(g, evs)
		limit, _ := lrtg.Of(next).DummyLimit(d.Side, r.moveData(next))
		text := fmt.Sprintf("🎭 A %s dummy force marker is placed at %s (%d of %d in play). The enemy sees a force marker there.",
			strings.ToUpper(string(d.Side)), ref, len(lrtg.Of(next).DummiesOf(d.Side)), limit)
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
	})
}

func handleDummyRemove(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o dummyOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	var err error
	all := strings.EqualFold(o.All, "true")
	cmd := lrtg.RemoveDummies{By: req.User, Side: engine.Side(o.Side), All: all, Reason: o.Reason}
	switch {
	case all && strings.TrimSpace(o.Hex) != "":
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "dummy.options", What: "Give a hex or all:true, not both", Hint: "/dummy remove hex:<hex>, or /dummy remove all:true"}
	case !all:
		if strings.TrimSpace(o.Hex) == "" {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "dummy.options", What: "Say which dummy to remove", Hint: "/dummy remove hex:<hex>, or /dummy remove all:true"}
		}
		if cmd.Hex, cmd.Ref, err = r.dummyHex(o); err != nil {
			return Reply{}, err
		}
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.DummiesRemoved)
		var refs []string
		for _, h := range e.Hexes {
			refs = append(refs, r.hexRef(h))
		}
		text := fmt.Sprintf("🎭 %d %s dumm%s removed: %s.", len(refs), strings.ToUpper(string(e.Side)), plural(len(refs), "y", "ies"), strings.Join(refs, ", "))
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
	})
}

func handleDummyList(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o sideOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	side := engine.Side(o.Side)
	if p := g.Player(req.User.ID); !g.IsUmpire(req.User) {
		if p == nil {
			return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "dummy.player", What: "Only a side's commanders see its dummies", Hint: "Join the game"}
		}
		if side != "" && side != p.Side {
			return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "dummy.enemy", What: "The enemy's dummies are his secret", Hint: "Leave side out"}
		}
		side = p.Side
	} else if side != engine.CSA && side != engine.USA {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "dummy.side", What: "Say whose dummies", Hint: "Add side:csa or side:usa"}
	}
	if g.Options.IntelMode() != engine.IntelLimited {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "dummy.mode", What: fmt.Sprintf("Dummies belong to limited intelligence (LRTG 20); this game's is %s", g.Options.IntelMode()), Hint: ""}
	}
	limit, why := lrtg.Of(g).DummyLimit(side, r.moveData(g))
	ds := lrtg.Of(g).DummiesOf(side)
	var b strings.Builder
	fmt.Fprintf(&b, "🎭 %s dummies in play: %d of %d (%s).", strings.ToUpper(string(side)), len(ds), limit, why)
	for _, d := range ds {
		fmt.Fprintf(&b, "\n- %s (placed turn %d)", r.hexRef(d.Hex), d.Turn)
	}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: b.String()}}}, nil
}

// dummiesMergedText tells the mover which of his side's dummies his move
// merged into a force's marker (engine/lrtg/dummies_merge.go, choice D5):
// his reply only, as everything about a dummy is its side's.
func (r *Router) dummiesMergedText(g engine.GameState, evs []engine.Event) string {
	before := lrtg.Of(g).ActiveDummies()
	if len(before) == 0 {
		return ""
	}
	left := map[engine.Hex]bool{}
	for _, d := range lrtg.Of(after(g, evs)).ActiveDummies() {
		left[d.Hex] = true
	}
	var refs []string
	for _, d := range before {
		if !left[d.Hex] {
			refs = append(refs, r.hexRef(d.Hex))
		}
	}
	if len(refs) == 0 {
		return ""
	}
	return fmt.Sprintf("\n🎭 The dumm%s at %s now cover%s this force: %s its force marker, no longer a dummy (LRTG 20; it moves on with the force, and frees a place for step 3d).",
		plural(len(refs), "y", "ies"), strings.Join(refs, ", "), plural(len(refs), "s", ""), plural(len(refs), "it is", "each is"))
}

// hexRef is a hex's printed number.
func (r *Router) hexRef(h engine.Hex) string {
	if p := r.theatres["lrtg"].Printed(h); len(p) > 0 {
		return p[0]
	}
	return fmt.Sprint(h)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
