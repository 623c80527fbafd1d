package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 C-F, the Command and Movement Phases in play (issue 10): the pure
// pieces of command.go (7.1, 7.2) and move*.go (6.3, 8) wired into
// the game. docs/litn-play-movement.md.
//
//   - C and E (the first / second player's Command Phase, 3.1 C): as the
//     step begins, the side's ways of entry are settled and the variable
//     entries rolled (15.6, play_arrivals.go), and its
//     department leader, cavalry commander (and Couch in 1863, 15.5) roll on
//     the Command Point Table (7.1, 7.2, 5.1); then the player broadcasts
//     (BroadcastCmd) until /litn done.
//   - D and F (the Movement Phases, 3.1 D): as the step begins every unit of
//     the phasing side gets its allowance from its hex's CPs (7.1), and its
//     arrivals due their full allowance (15.5); the
//     player moves (MoveCmd: arrivals enter by a path from their entry
//     hex, 15.5), detaches and reattaches (6.3), works on
//     bridges, rail and entrenchments (8.7, 8.8) and moves by rail (8.9);
//     the other player reacts (ReactCmd, 8.5). When the step ends,
//     entrenchment and bridge repair are settled (8.7, 8.8).
//
// The LITN map has no terrain, roads, rivers or rail lines: the player
// declares what the engine cannot know (the terrain of each hex of a path,
// ZOCs, a longer broadcast distance), the engine checks everything it can
// (adjacency, distances, who is where, enemy presence, allowances, charts)
// and the umpire may correct.
//
// This file holds the phases' state, the units as the pure pieces see
// them and the steps; each part of the procedure has its own file:
// play_move_path.go, play_move_commands.go, play_move_declare.go,
// play_command_phase.go, play_movement.go, play_reaction.go,
// play_detach.go, play_works.go, play_rail.go, play_move_end.go and
// play_move_apply.go.

// MovePlay is 3.1 C-F's state. The fields below are read by other
// phases (keep their names and meaning).
type MovePlay struct {
	// DestroyedBridges are the bridge places (litn-places.yaml names)
	// destroyed and not repaired (8.7; 15.1 the Harrisburg bridge).
	DestroyedBridges map[string]bool
	// DestroyedRail are the printed hexes whose rail is destroyed (8.7;
	// 15.1 rail interdiction).
	DestroyedRail map[string]bool
	// Entrenched are the units entrenched (8.8): the combat phase reads it.
	Entrenched map[string]bool

	// BasicMA are the basic movement allowances printed on the map (7.1 A)
	// per kind: infantry, cavalry, artillery, wagon, leader (non-combat
	// leaders). Not in the seeds: the umpire declares them (/litn declare).
	BasicMA map[string]int
	// Year are the year modifiers printed beside the Command Point and
	// Command Broadcast Tables (7.1), as the umpire declares them.
	Year YearModifiers
	// NoLOC are the units declared without a line of communications (7.2):
	// the map cannot trace one, so a side (or the umpire) declares it;
	// every unit has its LOC until declared otherwise.
	NoLOC map[string]bool
	// Command is each side's Command Phase of the turn (7.1).
	Command map[engine.Side]CommandPhase
	// Phase is the Movement Phase under way or last played.
	Phase *PhaseMoves
	// Entrenchment is each unit's entrenchment stage (8.8).
	Entrenchment map[string]Entrenchment
	// Entrained are the Union units on a train (8.9).
	Entrained map[string]bool
	// Released are Miles and White once a Confederate unit has moved
	// within 5 hexes (15.2; the Lost Dispatch's release is
	// ReleasedByDispatch).
	Released map[string]bool
	// Arrivals are the ways of entry decided and the variable entries
	// rolled (15.6; play_arrivals.go).
	Arrivals Arrivals
}

// Held says why an 1862 unit may not spend MPs yet ("" when it may):
// Miles and White until released (15.2).
func (g Game) Held(u Unit) string {
	if u.Side != engine.USA || Year(g.Options.Scenario) != 1862 || !milesOrWhite(u) || g.LITN.Moves.Released[u.ID] || g.ReleasedByDispatch(u.ID) {
		return ""
	}
	return u.Name + " may not spend MPs until released: a Confederate unit moves within 5 hexes of him (White: of him or Miles), or the Lost Dispatch is found (002 15.2)"
}

func lpmIsMiles(u Unit) bool {
	n := strings.ToLower(strings.TrimSpace(u.Name))
	return n == "miles" || strings.HasSuffix(n, " miles")
}

// releases are the held units a Confederate move through hexes
// releases (15.2: within 5 hexes of Miles's hex; White also of Miles's).
func (g Game) releases(path []engine.Hex) []string {
	var miles []engine.Hex
	for _, u := range g.UnitsOf(engine.USA) {
		if u.OnMap() && lpmIsMiles(u) {
			miles = append(miles, u.Hex)
		}
	}
	var out []string
	for _, u := range g.UnitsOf(engine.USA) {
		if !u.OnMap() || g.Held(u) == "" {
			continue
		}
		near := []engine.Hex{u.Hex}
		if !lpmIsMiles(u) {
			near = append(near, miles...)
		}
	hit:
		for _, h := range path {
			for _, n := range near {
				if engine.Distance(h, n) <= 5 {
					out = append(out, u.ID)
					break hit
				}
			}
		}
	}
	return out
}

// PhaseMoves is one Movement Phase: allowances and what was done.
type PhaseMoves struct {
	Turn int
	Step string
	Side engine.Side
	// Allowance is each unit's allowance from its hex's CPs (7.1).
	Allowance map[string]UnitAllowance
	// Start is each unit's hex as the phase began (8.2 units leaving ahead).
	Start        map[string]string
	Spent        map[string]int
	Moved        map[string]bool // began its move (6.3: no detaching after)
	Ended        map[string]bool // may not move again this phase (8.3)
	ForceMarched map[string]bool
	Entrench     map[string]bool   // works at an entrenchment this phase (8.8)
	Repair       map[string]string // unit -> bridge it repairs this phase (8.7)
	Rail         []string          // units moved by rail this phase (8.9 capacity)
	Reactions    Reactions
	// Steps counts the hexes of phasing movement so far; Last is the last
	// phasing move, which the other player's reaction answers (8.5).
	Steps int
	Last  *LastMove
}

// LastMove is the last phasing move: its units and hexes entered.
type LastMove struct {
	Units []string `json:"units"`
	Hexes []string `json:"hexes"`
	First int      `json:"first"` // the phase's count of hexes of movement at Hexes[0]
}

func (p *PhaseMoves) clone() *PhaseMoves {
	if p == nil {
		return nil
	}
	q := *p
	q.Allowance = lpmClone(p.Allowance)
	q.Start = lpmClone(p.Start)
	q.Spent = lpmClone(p.Spent)
	q.Moved = lpmClone(p.Moved)
	q.Ended = lpmClone(p.Ended)
	q.ForceMarched = lpmClone(p.ForceMarched)
	q.Entrench = lpmClone(p.Entrench)
	q.Repair = lpmClone(p.Repair)
	q.Rail = append([]string(nil), p.Rail...)
	return &q
}

func lpmClone[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// phase returns the Movement Phase under way, or nil.
func (g Game) phase() *PhaseMoves {
	p := g.LITN.Moves.Phase
	if p == nil || p.Turn != g.Turn || p.Step != g.CurrentStep() {
		return nil
	}
	return p
}

// CommandOf is the side's Command Phase this turn (empty if none).
func (g Game) CommandOf(side engine.Side) CommandPhase {
	if p, ok := g.LITN.Moves.Command[side]; ok && p.Context.Turn == g.Turn {
		return p
	}
	return NewCommandPhase(g.commandContext(side))
}

func (g Game) commandContext(side engine.Side) CommandContext {
	return CommandContext{Side: side, Year: Year(g.Options.Scenario), Turn: g.Turn, LostDispatchFound: g.LostDispatchFound()}
}

// ---- units as the pure pieces see them --------------------------------------

// mAKind is the kind of basic allowance printed on the map (7.1 A).
func mAKind(u Unit) string {
	if !u.IsCombat() {
		return "leader"
	}
	switch u.Troops {
	case "cavalry", "artillery":
		return u.Troops
	}
	return "infantry"
}

// corps is a Confederate unit's corps: a corps leader's own id, a
// division's corps leader up its subordination, a detachment its parent's
// (6.2, 6.3).
func (g Game) corps(u Unit) string {
	for i := 0; i < 5; i++ {
		if u.Role == SheetCorps {
			return u.ID
		}
		next := u.SubordinateTo
		if u.Parent != "" {
			next = u.Parent
		}
		p, ok := g.LITN.Units[next]
		if !ok {
			return ""
		}
		u = p
	}
	return ""
}

func (g Game) commandUnit(u Unit) CommandUnit {
	c := CommandUnit{ID: u.ID, Name: u.Name, Side: u.Side, CommandRating: u.Command, Rank: u.Rank, Hex: u.Hex,
		BasicMA: g.LITN.Moves.BasicMA[mAKind(u)]}
	switch {
	case u.Role == SheetDepartment:
		c.Role = CommandDepartment
	case u.Role == SheetCavalryCommander:
		c.Role = CommandCavalryCommander
	case u.Role == SheetCorps:
		c.Role = CommandCorps
	case u.Role == SheetCouch:
		c.Role = CommandCouch
	case u.Militia:
		c.Role = CommandMilitia
	case u.Parent != "":
		c.Role = CommandDetachment
	case u.Side == engine.USA && u.Troops == "artillery":
		c.Role = CommandArtillery
	default:
		c.Role = CommandLeader
	}
	if u.IsCombat() {
		c.Troop = CommandTroop(u.Troops)
	}
	if u.Side == engine.CSA {
		c.Corps = g.corps(u)
	}
	if u.Disorganized {
		c.CannotMove = "disorganized: it may not move (002 15.4)"
	}
	if why := g.Held(u); why != "" {
		c.CannotMove = why
	}
	return c
}

func (g Game) moveUnit(u Unit) MoveUnit {
	return MoveUnit{CommandUnit: g.commandUnit(u), Strength: u.Strength, StartStrength: u.Original, Initiative: u.Initiative,
		Entrained: g.LITN.Moves.Entrained[u.ID]}
}

func (g Game) wagonUnit(w WagonPiece) MoveUnit {
	return MoveUnit{CommandUnit: CommandUnit{ID: w.ID, Name: "wagon " + w.ID, Side: w.Side, Role: CommandWagon, Hex: w.Hex,
		BasicMA: g.LITN.Moves.BasicMA["wagon"]}, Entrained: g.LITN.Moves.Entrained[w.ID]}
}

// stack is a side's units and wagons in a printed hex.
func (g Game) stack(side engine.Side, at string) []MoveUnit {
	var out []MoveUnit
	for _, u := range g.UnitsAt(at) {
		if u.Side == side {
			out = append(out, g.moveUnit(u))
		}
	}
	for _, w := range g.WagonsOf(side) {
		if w.At == at {
			out = append(out, g.wagonUnit(w))
		}
	}
	return out
}

func commandHex(at string, h engine.Hex, stack []MoveUnit) CommandHex {
	ch := CommandHex{Hex: h, Label: at}
	for _, u := range stack {
		ch.Units = append(ch.Units, u.CommandUnit)
	}
	return ch
}

// mover is a unit or wagon the actor may move.
type mover struct {
	Unit  MoveUnit
	At    string
	Wagon bool
}

// movers resolves a units: list (ids or names, by commas) of the
// actor's side (the umpire: side's).
func (g Game) movers(by engine.Actor, side engine.Side, refs []string) ([]mover, error) {
	if len(refs) == 0 {
		return nil, engine.Invalid("litn.move.units", "No units were named", "Give units:<id or name>,<id or name>... (/litn status lists yours)")
	}
	var out []mover
	seen := map[string]bool{}
	for _, ref := range refs {
		var m mover
		if w, ok := g.LITN.Wagons[strings.TrimSpace(ref)]; ok && (g.IsUmpire(by) || w.Side == g.SideOf(by)) {
			m = mover{Unit: g.wagonUnit(w), At: w.At, Wagon: true}
		} else {
			u, err := g.ownUnit(by, ref)
			if err != nil {
				return nil, err
			}
			if !u.OnMap() {
				return nil, engine.Illegal("litn.move.off-map", u.Name+" is not on the map", "Units off the map enter by /litn move with a path from their entry hex, in their side's Movement Phase from their turn of arrival (002 15, 15.5)")
			}
			if why := g.Held(u); why != "" {
				return nil, engine.Illegal("litn.move.held", why, "Use other units")
			}
			m = mover{Unit: g.moveUnit(u), At: u.At}
		}
		if m.Unit.Side != side {
			return nil, engine.Illegal("litn.move.side", fmt.Sprintf("%s is not a %s unit", m.Unit.name(), sideName(side)), "Name units of the side whose move it is")
		}
		if seen[m.Unit.ID] {
			continue
		}
		seen[m.Unit.ID] = true
		if len(out) > 0 && out[0].At != m.At {
			return nil, engine.Illegal("litn.move.hex", fmt.Sprintf("%s is in %s, %s in %s", out[0].Unit.name(), out[0].At, m.Unit.name(), m.At),
				"A force is units in one hex moving together (002 8.1, 8.2); move the others separately")
		}
		out = append(out, m)
	}
	return out, nil
}

func force(ms []mover) []MoveUnit {
	out := make([]MoveUnit, len(ms))
	for i, m := range ms {
		out[i] = m.Unit
	}
	return out
}

func lpmNames(us []MoveUnit) string {
	var n []string
	for _, u := range us {
		n = append(n, u.name())
	}
	return strings.Join(n, ", ")
}

// enemyHexes are the hexes of every enemy unit on the map (7.1 minimum
// allowance).
func (g Game) enemyHexes(side engine.Side) []engine.Hex {
	var out []engine.Hex
	for _, u := range g.UnitsOf(engine.EnemyOf(side)) {
		if u.OnMap() {
			out = append(out, u.Hex)
		}
	}
	for _, w := range g.WagonsOf(engine.EnemyOf(side)) {
		out = append(out, w.Hex)
	}
	return out
}

// ---- the steps -------------------------------------------------------------

// moveSteps: the Command Phases (C, E: 7) and the Movement Phases
// (D, F: 8), each the phasing player's.
func moveSteps() []stepHooks {
	var out []stepHooks
	for _, step := range []string{StepFirstCommand, StepSecondCommand} {
		out = append(out, stepHooks{ID: step, Begin: func(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
			return g.beginCommand(step, d, ctx)
		}, Wait: waitFor(func(g Game) []engine.Side {
			if s := g.PhaseSide(step); s != "" {
				return []engine.Side{s}
			}
			return nil
		})})
	}
	for _, step := range []string{StepFirstMove, StepSecondMove} {
		out = append(out, stepHooks{ID: step, Begin: func(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
			return g.beginMovement(step)
		}, Wait: waitFor(func(g Game) []engine.Side {
			if s := g.PhaseSide(step); s != "" {
				return []engine.Side{s, engine.EnemyOf(s)} // the phasing player moves, the other reacts (8.5)
			}
			return nil
		}), End: func(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
			evs, err := g.endMovement()
			if err != nil || g.phase() == nil {
				return evs, err
			}
			// 15.5: a unit due and not entered waits; its side is told.
			wait, err := g.arrivalsDue(step, g.phase().Side, true)
			return append(evs, wait...), err
		}})
	}
	return out
}

func decideMoves(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	var evs []engine.Event
	var err error
	switch c := cmd.(type) {
	case Declare:
		evs, err = g.decideDeclare(c)
	case BroadcastCmd:
		evs, err = g.decideBroadcast(c, d)
	case MoveCmd:
		evs, err = g.decideMoveCmd(c, d)
	case ReactCmd:
		evs, err = g.decideReact(c, d)
	case DetachCmd:
		evs, err = g.decideDetachCmd(c)
	case WorkCmd:
		evs, err = g.decideWork(c)
	case RailCmd:
		evs, err = g.decideRail(c)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

// ---- small helpers -------------------------------------------------------

func lpmKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func lpmUnitName(g Game, id string) string {
	if u, ok := g.LITN.Units[id]; ok {
		return u.Name
	}
	if _, ok := g.LITN.Wagons[id]; ok {
		return "wagon " + id
	}
	return id
}
