package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// /litn broadcast, move, react, detach, work, rail and declare: the
// Command and Movement Phases of 002 3.1 C-F (7, 8, 6.3). The Command
// Point rolls and the allowances are made by /phase next as C/E and D/F
// begin (engine/litn/play_move.go). docs/litn-play-movement.md.

func litnMoveSubcommands() []*Command {
	units := OptionSpec{Name: "units", Description: "Units in one hex: a,b,...", Type: String, Required: true, MaxLength: 300, Placeholder: "unit,..."}
	path := OptionSpec{Name: "path", Description: "e.g. 1624 clear road,1623 ridge slope", Type: String, Required: true, MaxLength: 400, Placeholder: "hex terrain [road|slope|ford|+row|zoc:front],..."}
	return []*Command{
		&Command{
			Name:        "broadcast",
			Description: "Broadcast a leader's CPs to a hex (002 7.1)",
			Options: []OptionSpec{
				{Name: "from", Description: "The broadcasting leader", Type: String, Required: true, MaxLength: 60, Placeholder: "leader"},
				{Name: "to", Description: "The receiving hex", Type: String, Required: true, MaxLength: 4, Placeholder: "hex"},
				{Name: "distance", Description: "Cavalry MPs, if more than hexes", Type: Integer},
				{Name: "leader", Description: "The receiver where ranks tie", Type: String, MaxLength: 60, Placeholder: "leader"},
			},
			Handle: handleLITNBroadcast,
		},
		&Command{
			Name:        "move",
			Description: "Move a force along a path (002 8)",
			Options: []OptionSpec{units, path,
				{Name: "march", Description: "Force march (002 8.6)", Type: Boolean},
				{Name: "minimum", Description: "Use the Minimum Movement Allowance (002 7.1)", Type: Boolean},
			},
			Handle: handleLITNMove,
		},
		&Command{
			Name:        "react",
			Description: "React to the enemy's last move (002 8.5)",
			Options: []OptionSpec{units,
				{Name: "path", Description: "Where it moves if it reacts, as for move", Type: String, MaxLength: 400, Placeholder: "hex terrain,..."},
				{Name: "at", Description: "The hex of that move (default: its last)", Type: String, MaxLength: 4, Placeholder: "hex"},
				{Name: "blocked", Description: "Umpire: why the zone is blocked", Type: String, MaxLength: 200},
			},
			Handle: handleLITNReact,
		},
		&Command{
			Name:        "detach",
			Description: "Form or reattach a detachment (002 6.3)",
			Options: []OptionSpec{
				{Name: "unit", Description: "The detaching unit, or the detachment", Type: String, Required: true, MaxLength: 60, Placeholder: "unit"},
				{Name: "strength", Description: "Strength points to detach", Type: Integer},
				{Name: "name", Description: "The detachment's name", Type: String, MaxLength: 60},
				{Name: "reattach", Description: "The leader absorbing it", Type: String, MaxLength: 60, Placeholder: "leader"},
			},
			Handle: handleLITNDetach,
		},
		&Command{
			Name:        "work",
			Description: "Bridges, rail, entrenchment (002 8.7, 8.8)",
			Options: []OptionSpec{units,
				{Name: "kind", Description: "destroy-/repair-bridge, destroy-/repair-rail, entrench", Type: String, Required: true, MaxLength: 20, Placeholder: "kind"},
				{Name: "bridge", Description: "A bridge place, or hex/hex", Type: String, MaxLength: 80, Placeholder: "bridge"},
				{Name: "potomac", Description: "A Potomac rail bridge", Type: Boolean},
				{Name: "friendly", Description: "The hex is friendly territory (2.1)", Type: Boolean},
			},
			Handle: handleLITNWork,
		},
		&Command{
			Name:        "rail",
			Description: "Union rail movement (002 8.9)",
			Options: []OptionSpec{units,
				{Name: "to", Description: "The hex reached", Type: String, MaxLength: 4, Placeholder: "hex"},
				{Name: "hexes", Description: "Rail hexes, if more than counted", Type: Integer},
				{Name: "entrain", Description: "Entrain first", Type: Boolean},
				{Name: "detrain", Description: "Detrain on arriving", Type: Boolean},
				{Name: "destination", Description: "Toward the Destination marker", Type: Boolean},
			},
			Handle: handleLITNRail,
		},
		&Command{
			Name:        "declare",
			Description: "LOCs; umpire: printed allowances, year modifiers",
			Options: []OptionSpec{
				{Name: "loc", Description: "unit=in|out,... (002 7.2)", Type: String, MaxLength: 400, Placeholder: "unit=in|out,..."},
				{Name: "ma", Description: "infantry=N,cavalry=N,artillery=N,wagon=N,leader=N", Type: String, MaxLength: 200, Placeholder: "kind=N,..."},
				{Name: "year", Description: "command-point=N,broadcast=N", Type: String, MaxLength: 100, Placeholder: "table=N,..."},
				{Name: "arrive", Description: "unit=turn,... (15.6 option)", Type: String, MaxLength: 200, Placeholder: "unit=turn,..."},
			},
			Handle: handleLITNDeclare,
		}}
}

func litnInt(req Request, name string) (int, error) {
	v := strings.TrimSpace(req.Options[name])
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.option", What: fmt.Sprintf("%s:%q is not a whole number", name, v), Hint: "Give a number, e.g. " + name + ":3"}
	}
	return n, nil
}

func litnPathOption(req Request) ([]litn.PathHex, error) {
	if strings.TrimSpace(req.Options["path"]) == "" {
		return nil, nil
	}
	return litn.ParsePath(req.Options["path"])
}

func (r *Router) litnMap() *engine.Theatre { return r.theatres[string(litn.ID)] }

func handleLITNBroadcast(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	dist, err := litnInt(req, "distance")
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.BroadcastCmd{By: req.User, From: req.Options["from"], To: req.Options["to"], Distance: dist,
		Leader: req.Options["leader"], Map: r.litnMap(), Library: r.library})
}

func handleLITNMove(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	path, err := litnPathOption(req)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.MoveCmd{By: req.User, Units: litnList(req.Options["units"]), Path: path,
		ForceMarch: litnBool(req, "march"), Minimum: litnBool(req, "minimum"), Map: r.litnMap(), Library: r.library})
}

func handleLITNReact(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	path, err := litnPathOption(req)
	if err != nil {
		return Reply{}, err
	}
	blocked := req.Options["blocked"]
	if blocked != "" && !g.IsUmpire(req.User) {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "litn.react.blocked", What: "Only the umpire says a reaction zone is blocked", Hint: "Leave blocked: out; the umpire rules on ridges and rivers (002 8.5)"}
	}
	return r.settleLITN(ctx, req, g, litn.ReactCmd{By: req.User, Units: litnList(req.Options["units"]), Path: path, At: req.Options["at"],
		Blocked: blocked, Map: r.litnMap(), Library: r.library})
}

func handleLITNDetach(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	n, err := litnInt(req, "strength")
	if err != nil {
		return Reply{}, err
	}
	re := strings.TrimSpace(req.Options["reattach"])
	if re == "" && n == 0 {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.detach.what", What: "Neither strength: nor reattach: was given",
			Hint: "Give strength:N to form a detachment, or reattach:<leader> to absorb one (002 6.3)"}
	}
	return r.settleLITN(ctx, req, g, litn.DetachCmd{By: req.User, Unit: req.Options["unit"], Strength: n, Name: req.Options["name"], Reattach: re})
}

func handleLITNWork(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.WorkCmd{By: req.User, Units: litnList(req.Options["units"]), Kind: strings.ToLower(strings.TrimSpace(req.Options["kind"])),
		Bridge: req.Options["bridge"], PotomacRail: litnBool(req, "potomac"), Friendly: litnBool(req, "friendly"), Map: r.litnMap()})
}

func handleLITNRail(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	n, err := litnInt(req, "hexes")
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.RailCmd{By: req.User, Units: litnList(req.Options["units"]), To: req.Options["to"], Hexes: n,
		Entrain: litnBool(req, "entrain"), Detrain: litnBool(req, "detrain"), Destination: litnBool(req, "destination"), Map: r.litnMap()})
}

// litnPairs reads "k=v,k=v".
func litnPairs(name, s string) (map[string]string, error) {
	out := map[string]string{}
	for _, f := range litnList(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.declare", What: fmt.Sprintf("%s: %q is not name=value", name, f), Hint: "Write " + name + ":name=value,name=value"}
		}
		out[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	return out, nil
}

func handleLITNDeclare(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	cmd := litn.Declare{By: req.User}
	nums := func(name string) (map[string]int, error) {
		p, err := litnPairs(name, req.Options[name])
		if err != nil || len(p) == 0 {
			return nil, err
		}
		out := map[string]int{}
		for k, v := range p {
			n, err := strconv.Atoi(v)
			if err != nil {
				return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.declare", What: fmt.Sprintf("%s: %s=%q is not a number", name, k, v), Hint: "Write " + name + ":name=N,..."}
			}
			out[k] = n
		}
		return out, nil
	}
	if cmd.BasicMA, err = nums("ma"); err != nil {
		return Reply{}, err
	}
	if cmd.Year, err = nums("year"); err != nil {
		return Reply{}, err
	}
	loc, err := litnPairs("loc", req.Options["loc"])
	if err != nil {
		return Reply{}, err
	}
	for k, v := range loc {
		switch strings.ToLower(v) {
		case "in", "yes", "true":
			cmd.LOC = litnSetLOC(cmd.LOC, k, true)
		case "out", "no", "false":
			cmd.LOC = litnSetLOC(cmd.LOC, k, false)
		default:
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.declare", What: fmt.Sprintf("loc: %s=%q", k, v), Hint: "Write loc:<unit>=in or loc:<unit>=out (002 7.2)"}
		}
	}
	// 15.6 Confederate Option: arrive:<unit>=<turn or hex>,...
	arrive, err := litnPairs("arrive", req.Options["arrive"])
	if err != nil {
		return Reply{}, err
	}
	if len(arrive) > 0 {
		cmd.Arrive = arrive
	}
	return r.settleLITN(ctx, req, g, cmd)
}

func litnSetLOC(m map[string]bool, k string, v bool) map[string]bool {
	if m == nil {
		m = map[string]bool{}
	}
	m[k] = v
	return m
}
