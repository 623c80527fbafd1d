package bot

import (
	"context"
	"strings"

	"github.com/umpire-games/umpire/engine/litn"
)

// /litn depots: the umpire records a side's supply depots as printed on
// the group's map (002 9.1; the map data has only 1026). Once recorded,
// every depot a player names must be one of them (the issue 22 ruling,
// engine/litn/play_depots.go).

func litnDepotsSubcommands() []*Command {
	return []*Command{{
		Name:        "depots",
		Description: "Umpire: record a side's supply depots as printed on the map (002 9.1)",
		Options: []OptionSpec{
			{Name: "side", Description: "csa or usa", Type: String, Required: true, MaxLength: 3, Placeholder: "csa|usa"},
			{Name: "hexes", Description: "The depot hexes printed on the map, e.g. 1026,1529", Type: String, Required: true, MaxLength: 300, Placeholder: "hex,hex,..."},
		},
		Handle: handleLITNDepots,
	}}
}

// litnDepotsOpts are /litn depots' options.
type litnDepotsOpts struct {
	litnSide
	Hexes string `opt:"hexes,raw"`
}

func handleLITNDepots(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnDepotsOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	var hexes []string
	for _, h := range strings.Split(o.Hexes, ",") {
		if h = strings.TrimSpace(h); h != "" {
			hexes = append(hexes, h)
		}
	}
	return r.settleLITN(ctx, req, g, litn.DeclareDepots{By: req.User, Side: o.Side, Hexes: hexes, Map: r.litnMap()})
}
