package bot

import (
	"context"
	"strconv"

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

func handleLITNSet(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	cmd := litn.SetUnit{By: req.User, Unit: req.Options["unit"], At: req.Options["hex"], Reason: req.Options["reason"], Map: r.theatres[string(litn.ID)]}
	if s := req.Options["strength"]; s != "" {
		n, _ := strconv.Atoi(s) // the option's type was checked
		cmd.Strength = &n
	}
	if s := req.Options["demoralized"]; s != "" {
		b, _ := strconv.ParseBool(s)
		cmd.Demoralized = &b
	}
	return r.settleLITN(ctx, req, g, cmd)
}
