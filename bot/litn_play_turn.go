package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// /litn first: the Initiative Phase's choice of the first player (002 3.1
// B II, 5, 5.1). The rolls of B1, B2 and of the Conclusion Phase (H1-H3)
// are made by /phase next (engine/litn/play_turn.go) and presented by
// presentLITN. docs/litn-play-turn.md.

func litnTurnSubcommands() []*Command {
	return []*Command{&Command{
		Name:        "first",
		Description: "Name the side that moves first (002 5)",
		Options: []OptionSpec{
			{Name: "side", Description: "The first player: csa or usa", Type: String, Required: true, MaxLength: 3, Placeholder: "csa|usa"},
		},
		Handle: handleLITNFirst,
	}}
}

// litnFirstOpts are /litn first's options. The side is checked by the
// handler, not by a one: tag: a blank side: is refused too (one: lets a
// blank through), in /litn first's own words.
type litnFirstOpts struct {
	Side string `opt:"side,raw"`
}

func handleLITNFirst(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnFirstOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	first := engine.Side(strings.ToLower(strings.TrimSpace(o.Side)))
	if first != engine.CSA && first != engine.USA {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.initiative.first",
			What: fmt.Sprintf("%q is not a side", o.Side), Hint: "Name the first player: side:csa or side:usa"}
	}
	return r.settleLITN(ctx, req, g, litn.First{By: req.User, First: first})
}
