package bot

import (
	"context"

	"github.com/umpire-games/umpire/engine/litn"
)

// /litn set: the umpire's correction of a LITN unit (engine/litn/umpire.go):
// a strength the seeds do not print (4.2 militia), a hex or a morale a
// player declared wrongly.

func litnUmpireSubcommands() []*Command {
	return []*Command{&Command{
		Name:        "set",
		Description: "Umpire: correct a unit's strength, hex or morale",
		Options: []OptionSpec{
			{Name: "unit", Description: "The unit", Type: String, Required: true, MaxLength: 60, Placeholder: "unit"},
			{Name: "reason", Description: "Why", Type: String, Required: true, MaxLength: 200, Placeholder: "text"},
			{Name: "strength", Description: "Its strength (0 eliminates)", Type: Integer},
			{Name: "hex", Description: "Its hex, or off", Type: String, MaxLength: 4, Placeholder: "hex|off"},
			{Name: "demoralized", Description: "Demoralized or not", Type: Boolean},
		},
		Handle: handleLITNSet,
	}}
}

// litnSetOpts are /litn set's options; a strength or morale not given is
// left as it is.
type litnSetOpts struct {
	Unit        string `opt:"unit,raw"`
	Reason      string `opt:"reason,raw"`
	Strength    *int   `opt:"strength"`
	Hex         string `opt:"hex,raw"`
	Demoralized *bool  `opt:"demoralized"`
}

func handleLITNSet(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnSetOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.SetUnit{By: req.User, Unit: o.Unit, At: o.Hex, Reason: o.Reason, Strength: o.Strength,
		Demoralized: o.Demoralized, Map: r.theatres[string(litn.ID)]})
}
