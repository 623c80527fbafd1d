package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// The Initial Phase's decisions (002 3.1 A; engine/litn/play_initial.go):
// /litn reorganize (A1, 15.4), /litn replace (A3, 15.2, and the units'
// declared territory and depot distance for attrition, 11; their lines of
// communications are /litn declare loc:), /litn wagon (A5, 4.1, 9.2).
// What the rules roll by themselves is rolled by /phase next.
// docs/litn-play-initial.md.

func litnInitialSubcommands() []*Command {
	return []*Command{
		&Command{
			Name:        "reorganize",
			Description: "Scenario 2: roll to reorganize units near McClellan (002 15.4)",
			Options: []OptionSpec{
				{Name: "units", Description: "Up to four disorganized units", Type: String, Required: true, MaxLength: 300, Placeholder: "unit,..."},
			},
			Handle: handleLITNReorganize,
		},
		&Command{
			Name:        "replace",
			Description: "Spend replacements (15.2); declare territory, depot (11)",
			Ephemeral:   true,
			Options: []OptionSpec{
				{Name: "unit", Description: "Your unit, by id or name", Type: String, Required: true, MaxLength: 60, Placeholder: "unit"},
				{Name: "points", Description: "Strength points to add (cavalry: 2 points each)", Type: Integer},
				{Name: "territory", Description: "friendly|enemy territory (2.1)", Type: String, MaxLength: 8, Placeholder: "friendly|enemy|default"},
				{Name: "depot", Description: "Within 4 MPs of a friendly depot (11)? yes|no", Type: String, MaxLength: 3, Placeholder: "yes|no"},
			},
			Handle: handleLITNReplace,
		},
		&Command{
			Name:        "wagon",
			Description: "Place a wagon, or make a Wagon Creation marker (002 4.1, 9.2)",
			Options: []OptionSpec{
				{Name: "hex", Description: "A depot, or a Wagon Creation marker's hex", Type: String, MaxLength: 8, Placeholder: "hex"},
				{Name: "unit", Description: "Union: the leader making a Wagon Creation marker", Type: String, MaxLength: 60, Placeholder: "leader"},
				{Name: "ready", Description: "A depleted wagon by road/rail near depot hex: (9.2)", Type: String, MaxLength: 40, Placeholder: "wagon"},
			},
			Handle: handleLITNWagon,
		}}
}

// litnReorganizeOpts are /litn reorganize's options.
type litnReorganizeOpts struct {
	Units []string `opt:"units"`
}

func handleLITNReorganize(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnReorganizeOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.ReorganizeUnits{By: req.User, Units: o.Units, Library: r.library})
}

// litnYesNo reads a yes/no option as typed (nil when not given), recording
// an answer that is neither.
func litnYesNo(p *optionProblems, name, typed string) *bool {
	var b bool
	switch strings.ToLower(strings.TrimSpace(typed)) {
	case "":
		return nil
	case "yes", "y", "true":
		b = true
	case "no", "n", "false":
		b = false
	default:
		p.add("litn.replace."+name, fmt.Sprintf("%s:%s is not yes or no", name, typed), fmt.Sprintf("Give %s:yes or %s:no", name, name))
		return nil
	}
	return &b
}

// litnReplaceOpts are /litn replace's options.
type litnReplaceOpts struct {
	Unit      string `opt:"unit,raw"`
	Points    int    `opt:"points" min:"1" bad:"litn.replace.points|points:%s is not a number of strength points|Give points:1 or more (002 15.2)"`
	Territory string `opt:"territory,raw"`
	Depot     string `opt:"depot,raw"` // yes|no: litnYesNo reads it
}

func handleLITNReplace(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o litnReplaceOpts
	var p optionProblems
	p.decode(req, &o)
	cmd := litn.Replace{By: req.User, Unit: o.Unit, Territory: o.Territory, Points: o.Points, NearDepot: litnYesNo(&p, "depot", o.Depot)}
	if err := p.err(req); err != nil {
		return Reply{}, err // wrong points and a wrong depot answer together
	}
	return r.settleLITN(ctx, req, g, cmd)
}

// litnWagonOpts are /litn wagon's options: hex: places a wagon, unit:
// makes a Wagon Creation marker, ready: with hex: readies a depleted one.
type litnWagonOpts struct {
	Hex   string `opt:"hex"`
	Unit  string `opt:"unit"`
	Ready string `opt:"ready"`
}

func handleLITNWagon(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnWagonOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	hex, unit := o.Hex, o.Unit
	if ready := o.Ready; ready != "" {
		// 9.2: a depleted wagon declared ready to be undepleted (litn_wagons.go).
		if hex == "" || unit != "" {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.wagon.what", What: "With ready:, give hex: your depot's hex (and no unit:)",
				Hint: "/litn wagon ready:<wagon> hex:<depot> (002 9.2)"}
		}
		return r.settleLITN(ctx, req, g, litn.WagonReady{By: req.User, Wagon: ready, Depot: hex, Map: r.theatres[string(litn.ID)]})
	}
	if (hex == "") == (unit == "") {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.wagon.what", What: "Give hex: (place a wagon) or unit: (create one), not both or neither",
			Hint: "In the Initial Phase: /litn wagon hex:<hex>; at the end of the Union Movement Phase: /litn wagon unit:<leader> (002 4.1, 9.2)"}
	}
	return r.settleLITN(ctx, req, g, litn.PlaceWagon{By: req.User, Hex: hex, Unit: unit, Map: r.theatres[string(litn.ID)]})
}
