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

// litnPath reads a path: option (002 8; litn.ParsePath), recording its
// problem; nil when not given.
func litnPath(p *optionProblems, path string) []litn.PathHex {
	if strings.TrimSpace(path) == "" {
		return nil
	}
	out, err := litn.ParsePath(path)
	p.also(err)
	return out
}

func (r *Router) litnMap() *engine.Theatre { return r.theatres[string(litn.ID)] }

// litnBroadcastOpts are /litn broadcast's options.
type litnBroadcastOpts struct {
	From     string `opt:"from,raw"`
	To       string `opt:"to,raw"`
	Distance int    `opt:"distance" bad:"litn.option|distance:%q is not a whole number|Give a number, e.g. distance:3"`
	Leader   string `opt:"leader,raw"`
}

func handleLITNBroadcast(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnBroadcastOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.BroadcastCmd{By: req.User, From: o.From, To: o.To, Distance: o.Distance,
		Leader: o.Leader, Map: r.litnMap(), Library: r.library})
}

// litnMoveOpts are /litn move's options.
type litnMoveOpts struct {
	Units   []string `opt:"units"`
	Path    string   `opt:"path,raw"` // litnPath reads it
	March   bool     `opt:"march"`
	Minimum bool     `opt:"minimum"`
}

func handleLITNMove(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o litnMoveOpts
	var p optionProblems
	p.decode(req, &o)
	path := litnPath(&p, o.Path)
	if err := p.err(req); err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.MoveCmd{By: req.User, Units: o.Units, Path: path,
		ForceMarch: o.March, Minimum: o.Minimum, Map: r.litnMap(), Library: r.library})
}

// litnReactOpts are /litn react's options.
type litnReactOpts struct {
	Units   []string `opt:"units"`
	Path    string   `opt:"path,raw"` // litnPath reads it
	At      string   `opt:"at,raw"`
	Blocked string   `opt:"blocked,raw"` // the umpire's alone
}

func handleLITNReact(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o litnReactOpts
	var p optionProblems
	p.decode(req, &o)
	path := litnPath(&p, o.Path)
	if err := p.err(req); err != nil {
		return Reply{}, err
	}
	// Who may say it is asked once the options read right, as before.
	if o.Blocked != "" && !g.IsUmpire(req.User) {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "litn.react.blocked", What: "Only the umpire says a reaction zone is blocked", Hint: "Leave blocked: out; the umpire rules on ridges and rivers (002 8.5)"}
	}
	return r.settleLITN(ctx, req, g, litn.ReactCmd{By: req.User, Units: o.Units, Path: path, At: o.At,
		Blocked: o.Blocked, Map: r.litnMap(), Library: r.library})
}

// litnDetachOpts are /litn detach's options: strength: forms a
// detachment, reattach: absorbs one (002 6.3).
type litnDetachOpts struct {
	Unit     string `opt:"unit,raw"`
	Strength int    `opt:"strength" bad:"litn.option|strength:%q is not a whole number|Give a number, e.g. strength:3"`
	Name     string `opt:"name,raw"`
	Reattach string `opt:"reattach"`
}

func handleLITNDetach(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnDetachOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	if o.Reattach == "" && o.Strength == 0 {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.detach.what", What: "Neither strength: nor reattach: was given",
			Hint: "Give strength:N to form a detachment, or reattach:<leader> to absorb one (002 6.3)"}
	}
	return r.settleLITN(ctx, req, g, litn.DetachCmd{By: req.User, Unit: o.Unit, Strength: o.Strength, Name: o.Name, Reattach: o.Reattach})
}

// litnWorkOpts are /litn work's options.
type litnWorkOpts struct {
	Units    []string `opt:"units"`
	Kind     string   `opt:"kind,lower"`
	Bridge   string   `opt:"bridge,raw"`
	Potomac  bool     `opt:"potomac"`
	Friendly bool     `opt:"friendly"`
}

func handleLITNWork(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnWorkOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.WorkCmd{By: req.User, Units: o.Units, Kind: o.Kind,
		Bridge: o.Bridge, PotomacRail: o.Potomac, Friendly: o.Friendly, Map: r.litnMap()})
}

// litnRailOpts are /litn rail's options.
type litnRailOpts struct {
	Units       []string `opt:"units"`
	To          string   `opt:"to,raw"`
	Hexes       int      `opt:"hexes" bad:"litn.option|hexes:%q is not a whole number|Give a number, e.g. hexes:3"`
	Entrain     bool     `opt:"entrain"`
	Detrain     bool     `opt:"detrain"`
	Destination bool     `opt:"destination"`
}

func handleLITNRail(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnRailOpts
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.RailCmd{By: req.User, Units: o.Units, To: o.To, Hexes: o.Hexes,
		Entrain: o.Entrain, Detrain: o.Detrain, Destination: o.Destination, Map: r.litnMap()})
}

// litnPairs reads name=value items (a declare: option's list), recording
// each item that is not one. A name given twice keeps its last value;
// the names come in the order first typed, so the problems are listed in
// the order the player wrote them.
func litnPairs(p *optionProblems, name string, items []string) ([]string, map[string]string) {
	var keys []string
	out := map[string]string{}
	for _, f := range items {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			p.add("litn.declare", fmt.Sprintf("%s: %q is not name=value", name, f), "Write "+name+":name=value,name=value")
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		if _, seen := out[k]; !seen {
			keys = append(keys, k)
		}
		out[k] = strings.TrimSpace(v)
	}
	return keys, out
}

// litnNums reads name=N items (ma:, year:); nil when none are given.
func litnNums(p *optionProblems, name string, items []string) map[string]int {
	keys, pairs := litnPairs(p, name, items)
	if len(pairs) == 0 {
		return nil
	}
	out := map[string]int{}
	for _, k := range keys {
		n, err := strconv.Atoi(pairs[k])
		if err != nil {
			p.add("litn.declare", fmt.Sprintf("%s: %s=%q is not a number", name, k, pairs[k]), "Write "+name+":name=N,...")
			continue
		}
		out[k] = n
	}
	return out
}

// litnDeclareOpts are /litn declare's options, each a list of name=value.
type litnDeclareOpts struct {
	LOC    []string `opt:"loc"`    // unit=in|out (002 7.2)
	MA     []string `opt:"ma"`     // kind=N: printed allowances
	Year   []string `opt:"year"`   // table=N: year modifiers
	Arrive []string `opt:"arrive"` // unit=turn or hex (15.6)
}

func handleLITNDeclare(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o litnDeclareOpts
	var p optionProblems
	p.decode(req, &o)
	cmd := litn.Declare{By: req.User}
	cmd.BasicMA = litnNums(&p, "ma", o.MA)
	cmd.Year = litnNums(&p, "year", o.Year)
	keys, loc := litnPairs(&p, "loc", o.LOC)
	for _, k := range keys {
		switch strings.ToLower(loc[k]) {
		case "in", "yes", "true":
			cmd.LOC = litnSetLOC(cmd.LOC, k, true)
		case "out", "no", "false":
			cmd.LOC = litnSetLOC(cmd.LOC, k, false)
		default:
			p.add("litn.declare", fmt.Sprintf("loc: %s=%q", k, loc[k]), "Write loc:<unit>=in or loc:<unit>=out (002 7.2)")
		}
	}
	// 15.6 Confederate Option: arrive:<unit>=<turn or hex>,...
	if _, arrive := litnPairs(&p, "arrive", o.Arrive); len(arrive) > 0 {
		cmd.Arrive = arrive
	}
	if err := p.err(req); err != nil {
		return Reply{}, err // every wrong item of every list together
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
