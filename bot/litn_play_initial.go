package bot

import (
	"context"
	"fmt"
	"strconv"
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

func handleLITNReorganize(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.ReorganizeUnits{By: req.User, Units: litnList(req.Options["units"]), Library: r.library})
}

// litnYesNo reads a yes/no option (nil when not given).
func litnYesNo(req Request, name string) (*bool, error) {
	v := strings.ToLower(strings.TrimSpace(req.Options[name]))
	switch v {
	case "":
		return nil, nil
	case "yes", "y", "true":
		b := true
		return &b, nil
	case "no", "n", "false":
		b := false
		return &b, nil
	}
	return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.replace." + name, What: fmt.Sprintf("%s:%s is not yes or no", name, req.Options[name]), Hint: fmt.Sprintf("Give %s:yes or %s:no", name, name)}
}

func handleLITNReplace(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	cmd := litn.Replace{By: req.User, Unit: req.Options["unit"], Territory: req.Options["territory"]}
	if p := strings.TrimSpace(req.Options["points"]); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.replace.points", What: fmt.Sprintf("points:%s is not a number of strength points", p), Hint: "Give points:1 or more (002 15.2)"}
		}
		cmd.Points = n
	}
	if cmd.NearDepot, err = litnYesNo(req, "depot"); err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, cmd)
}

func handleLITNWagon(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	hex, unit := strings.TrimSpace(req.Options["hex"]), strings.TrimSpace(req.Options["unit"])
	if ready := strings.TrimSpace(req.Options["ready"]); ready != "" {
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
