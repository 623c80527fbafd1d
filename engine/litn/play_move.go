package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 C-F, the Command and Movement Phases in play (issue 10): the pure
// pieces of command.go (7.1, 7.2) and move.go (6.3, 8) wired into
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

// ---- path syntax ---------------------------------------------------------

// PathHex is one hex of a declared path: "1624 clear road", "1623 ridge
// slope2 ford +stream zoc:front" (docs/litn-play-movement.md).
type PathHex struct {
	At      string   `json:"at"`
	Terrain string   `json:"terrain,omitempty"` // a row of the Movement Costs Chart; "" = Clear
	Road    bool     `json:"road,omitempty"`
	Slopes  int      `json:"slopes,omitempty"`
	Ford    bool     `json:"ford,omitempty"`
	Other   []string `json:"other,omitempty"`
	ZOC     string   `json:"zoc,omitempty"` // "front" or "two": enemy cavalry ZOC (8.4)
}

// ParsePath reads a path: hexes separated by commas, each followed by
// what the player declares of it: a terrain row of the Movement Costs
// Chart (default Clear), road (entered through a road or rail hexside),
// slope or slope2 (one or two slope crossings), ford, +<row> (another row
// of the chart, e.g. +stream, +bridge), zoc:front or zoc:two (an enemy
// cavalry ZOC: a frontal hex, or two hexes away).
func ParsePath(s string) ([]PathHex, error) {
	var out []PathHex
	hint := "Write path:<hex> [terrain] [road] [slope|slope2] [ford] [+row] [zoc:front|zoc:two],<hex> ..., e.g. path:1624 clear road,1623 ridge slope"
	for _, part := range strings.Split(s, ",") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		h := PathHex{At: f[0]}
		// Four ASCII digits: strconv.Atoi alone took "+123" and "-123"
		// (found by FuzzParseLITNPath).
		if len(f[0]) != 4 || strings.Trim(f[0], "0123456789") != "" {
			return nil, engine.Invalid("litn.path", fmt.Sprintf("%q is not a printed hex number", f[0]), hint)
		}
		var terrain []string
		for _, t := range f[1:] {
			lt := strings.ToLower(t)
			switch {
			case lt == "road" || lt == "rail":
				h.Road = true
			case lt == "slope":
				h.Slopes = 1
			case lt == "slope2" || lt == "slopes":
				h.Slopes = 2
			case lt == "ford":
				h.Ford = true
			case strings.HasPrefix(lt, "+") && len(lt) > 1:
				h.Other = append(h.Other, t[1:])
			case lt == "zoc:front" || lt == "zoc:frontal" || lt == "zoc":
				h.ZOC = "front"
			case lt == "zoc:two" || lt == "zoc:2":
				h.ZOC = "two"
			case strings.HasPrefix(lt, "zoc:"):
				return nil, engine.Invalid("litn.path", fmt.Sprintf("%q is not a ZOC", t), "zoc:front (a frontal hex of enemy cavalry) or zoc:two (two hexes away, Confederate cavalry; 002 8.4)")
			default:
				terrain = append(terrain, t)
			}
		}
		h.Terrain = strings.Join(terrain, " ")
		out = append(out, h)
	}
	if len(out) == 0 {
		return nil, engine.Invalid("litn.path", "The path is empty", hint)
	}
	return out, nil
}

// steps turns a declared path into the pure pieces' steps, from the
// force's hex: adjacency, enemy presence and non-combat enemies alone are
// the engine's; the rest is the player's declaration.
func (g Game) steps(m *engine.Theatre, side engine.Side, from engine.Hex, costs *engine.LoadedChart, path []PathHex) ([]Step, error) {
	if m == nil {
		return nil, fmt.Errorf("engine: LITN move without the map")
	}
	var out []Step
	prev := from
	for i, p := range path {
		h, _, err := m.ParseHex(p.At, "")
		if err != nil {
			return nil, engine.Invalid("litn.path", fmt.Sprintf("%s is not a hex of the LITN map", p.At), "Give printed hex numbers, e.g. 1624")
		}
		if engine.Distance(prev, h) != 1 {
			return nil, engine.Illegal("litn.path.adjacent", fmt.Sprintf("Hex %d of the path, %s, is not adjacent to the hex before it", i+1, p.At),
				"A path goes hex by hex from the force's hex to adjacent hexes (002 8.1)")
		}
		prev = h
		terrain := p.Terrain
		if terrain == "" {
			terrain = "Clear"
		}
		if costs != nil && lpmRow(costs, terrain) == "" {
			return nil, engine.Invalid("litn.path.terrain", fmt.Sprintf("%s: your Movement Costs Chart has no row %q", p.At, terrain), "Its rows: "+strings.Join(costs.Rows, ", "))
		}
		if costs != nil {
			terrain = lpmRow(costs, terrain)
		}
		st := Step{To: h, Label: p.At, Terrain: terrain, Road: p.Road, Slopes: p.Slopes, Ford: p.Ford, Other: p.Other}
		for _, u := range g.UnitsAt(p.At) {
			if u.Side == side {
				continue
			}
			if u.IsCombat() {
				st.EnemyCombat = true
			}
		}
		if !st.EnemyCombat {
			for _, u := range g.UnitsAt(p.At) {
				if u.Side != side {
					st.EnemyAlone = append(st.EnemyAlone, u.ID)
				}
			}
			for _, w := range g.WagonsOf(engine.EnemyOf(side)) {
				if w.At == p.At {
					st.EnemyAlone = append(st.EnemyAlone, w.ID)
				}
			}
		}
		if p.ZOC != "" {
			st.ZOCs = []ZOC{{Side: engine.EnemyOf(side), Frontal: p.ZOC == "front"}}
		}
		out = append(out, st)
	}
	return out, nil
}

// lpmRow finds a row of the chart by name, or one containing the word.
func lpmRow(c *engine.LoadedChart, want string) string {
	for _, r := range c.Rows {
		if strings.EqualFold(r, want) {
			return r
		}
	}
	for _, r := range c.Rows {
		if strings.Contains(strings.ToLower(r), strings.ToLower(want)) {
			return r
		}
	}
	return ""
}

func (g Game) moveCharts(lib *engine.Library) MoveCharts {
	c := MoveCharts{Library: lib, Costs: g.LITN.Charts[SlotMoveCosts]}
	if c.Costs != nil {
		c.Rows = CostRows{Road: lpmRow(c.Costs, "road"), Slope: lpmRow(c.Costs, "slope"), Ford: lpmRow(c.Costs, "ford")}
	}
	return c
}

// ---- commands ------------------------------------------------------------

// Declare records what the map and the charts print but the seeds do
// not hold, and what the map cannot trace: the basic movement allowances
// (7.1 A) and the year modifiers (7.1) are the umpire's; a unit's line of
// communications (7.2) its side's or the umpire's.
type Declare struct {
	By      engine.Actor
	BasicMA map[string]int  // infantry, cavalry, artillery, wagon, leader
	Year    map[string]int  // "command-point", "broadcast": this scenario's year
	LOC     map[string]bool // unit ref -> has a LOC
	// Arrive decides a unit's way of entry: unit ref -> turn (or hex)
	// (15.6 Confederate Option).
	Arrive map[string]string
}

// CommandName implements Command.
func (Declare) CommandName() string { return "litn declare" }

// BroadcastCmd broadcasts a leader's CPs to a hex (7.1).
type BroadcastCmd struct {
	By       engine.Actor
	From     string // leader id or name
	To       string // printed hex
	Distance int    // cavalry MPs declared (0: the hexes counted)
	Leader   string // the receiver where ranks tie (player's choice)
	Map      *engine.Theatre
	Library  *engine.Library
}

// CommandName implements Command.
func (BroadcastCmd) CommandName() string { return "litn broadcast" }

// MoveCmd moves a force along a path (8).
type MoveCmd struct {
	By         engine.Actor
	Units      []string
	Path       []PathHex
	ForceMarch bool // 8.6
	Minimum    bool // use the Minimum Movement Allowance (7.1)
	Map        *engine.Theatre
	Library    *engine.Library
}

// CommandName implements Command.
func (MoveCmd) CommandName() string { return "litn move" }

// ReactCmd is a reaction attempt by the non-phasing player (8.5).
type ReactCmd struct {
	By    engine.Actor
	Units []string
	Path  []PathHex
	// At is the hex of the last enemy move the reaction answers ("": the
	// last hex it entered).
	At      string
	Blocked string // why the zone does not reach (a ridge, a river): declared
	Map     *engine.Theatre
	Library *engine.Library
}

// CommandName implements Command.
func (ReactCmd) CommandName() string { return "litn react" }

// DetachCmd forms a detachment (6.3) or, with Reattach, absorbs a
// detachment into a leader.
type DetachCmd struct {
	By       engine.Actor
	Unit     string // the detaching unit, or the detachment to reattach
	Strength int
	Name     string // the detachment counter's name
	Reattach string // the leader absorbing Unit
}

// CommandName implements Command.
func (DetachCmd) CommandName() string { return "litn detach" }

// WorkCmd is work on bridges, rail lines and entrenchments (8.7, 8.8).
type WorkCmd struct {
	By    engine.Actor
	Units []string
	// Kind: destroy-bridge, repair-bridge, destroy-rail, repair-rail,
	// entrench.
	Kind        string
	Bridge      string // a bridge place name, or "<hex>/<hex>" for one the map data lacks
	PotomacRail bool   // a rail bridge across the Potomac (declared)
	Friendly    bool   // rail repair: the hex is friendly territory (declared, 2.1)
	Map         *engine.Theatre
}

// CommandName implements Command.
func (WorkCmd) CommandName() string { return "litn work" }

// RailCmd is Union rail movement (8.9).
type RailCmd struct {
	By          engine.Actor
	Units       []string
	To          string // printed hex
	Hexes       int    // rail hexes (0: the hexes counted)
	Entrain     bool
	Detrain     bool
	Destination bool // continuing toward a Destination marker without a CP
	Map         *engine.Theatre
}

// CommandName implements Command.
func (RailCmd) CommandName() string { return "litn rail" }

// ---- events --------------------------------------------------------------

// Declared records Declare.
type Declared struct {
	By      engine.Actor    `json:"by"`
	BasicMA map[string]int  `json:"basic_ma,omitempty"`
	Year    map[string]int  `json:"year,omitempty"`
	Years   int             `json:"years,omitempty"`
	LOC     map[string]bool `json:"loc,omitempty"`
	Side    engine.Side     `json:"side,omitempty"` // the side the LOC declarations belong to
}

// Arrived is the side's arrivals of the turn placed (002 15). No longer
// decided: arrivals enter by MoveCmd (15.5); kept so that recorded
// games replay.
type Arrived struct {
	Turn  int         `json:"turn"`
	Side  engine.Side `json:"side"`
	Units []Unit      `json:"units"`
	Notes []string    `json:"notes,omitempty"`
}

// CommandRolled is the Command Point Table rolls of a Command Phase.
type CommandRolled struct {
	Turn    int                `json:"turn"`
	Step    string             `json:"step"`
	Context CommandContext     `json:"context"`
	Rolls   []CommandPointRoll `json:"rolls,omitempty"`
	Refused []string           `json:"refused,omitempty"` // rolls the charts did not allow
}

// BroadcastMade is a broadcast.
type BroadcastMade struct {
	By        engine.Actor `json:"by"`
	Side      engine.Side  `json:"side"`
	Broadcast Broadcast    `json:"broadcast"`
}

// MovementBegun is the allowances of a Movement Phase (7.1).
type MovementBegun struct {
	Turn      int                      `json:"turn"`
	Step      string                   `json:"step"`
	Side      engine.Side              `json:"side"`
	Allowance map[string]UnitAllowance `json:"allowance"`
	Start     map[string]string        `json:"start"`
	Hexes     []HexAllowance           `json:"hexes"`
}

// Moved is a move or a reaction.
type Moved struct {
	By       engine.Actor  `json:"by"`
	Side     engine.Side   `json:"side"`
	Units    []string      `json:"units"`
	Names    []string      `json:"names"`
	From     string        `json:"from"`
	Path     []string      `json:"path,omitempty"`
	To       engine.Hex    `json:"to"`
	Result   *PathResult   `json:"result,omitempty"`
	Stack    []string      `json:"stack,omitempty"` // the allowances after stacking (8.2)
	Leave    *LeaveRoll    `json:"leave,omitempty"`
	Stopped  bool          `json:"stopped,omitempty"` // failed to leave: no more moves this phase
	March    int           `json:"march,omitempty"`
	MarchWhy string        `json:"march_why,omitempty"`
	Losses   []MarchLoss   `json:"losses,omitempty"`
	Minimum  bool          `json:"minimum,omitempty"`
	Reaction *ReactionRoll `json:"reaction,omitempty"`
	// Reactions is the phase's reaction limits after a reaction.
	Reactions *Reactions `json:"reactions,omitempty"`
	Halted    bool       `json:"halted,omitempty"` // a reacting stack entered an enemy-occupied hex
	Stops     []string   `json:"stops,omitempty"`  // phasing units stopped by a reaction into their hex (8.3)
	EnemyStep int        `json:"enemy_step,omitempty"`
	Released  []string   `json:"released,omitempty"` // Miles and White released by this move (15.2)
	Entered   bool       `json:"entered,omitempty"`  // the units entered the map: Path[0] is the entry hex (15.5)
}

// DetachEvent is a detachment formed or reattached (6.3).
type DetachEvent struct {
	By        engine.Actor `json:"by"`
	Side      engine.Side  `json:"side"`
	Unit      Unit         `json:"unit"`   // the detachment (reattached: removed)
	Leader    Unit         `json:"leader"` // the detaching or absorbing leader after
	Reattach  bool         `json:"reattach,omitempty"`
	Forfeited int          `json:"forfeited,omitempty"`
	Why       []string     `json:"why"`
}

// Worked is work on a bridge, a rail line or an entrenchment.
type Worked struct {
	By     engine.Actor `json:"by"`
	Side   engine.Side  `json:"side"`
	Kind   string       `json:"kind"`
	Units  []string     `json:"units"`
	Names  []string     `json:"names"`
	At     string       `json:"at"`
	Places []string     `json:"places,omitempty"` // bridge places
	Cost   int          `json:"cost,omitempty"`
	Why    string       `json:"why"`
}

// RailMoved is a Union rail move (8.9).
type RailMoved struct {
	By        engine.Actor `json:"by"`
	Units     []string     `json:"units"`
	Names     []string     `json:"names"`
	From      string       `json:"from"`
	To        string       `json:"to"`
	Hex       engine.Hex   `json:"hex"`
	Cost      int          `json:"cost"`
	Entrained bool         `json:"entrained"` // after the move
	Why       []string     `json:"why"`
}

// PhaseSettled is the end of a Movement Phase: entrenchment (8.8) and
// bridge repair (8.7).
type PhaseSettled struct {
	Turn         int            `json:"turn"`
	Side         engine.Side    `json:"side"`
	Entrenchment []Entrenchment `json:"entrenchment,omitempty"`
	Repaired     []string       `json:"repaired,omitempty"` // bridge places
	Notes        []string       `json:"notes,omitempty"`
}

// Event types.
const (
	EventDeclared        = "litn.declared"
	EventArrived         = "litn.arrived"
	EventCommandRolled   = "litn.command-points"
	EventBroadcast       = "litn.broadcast"
	EventMovementBegun   = "litn.movement-begun"
	EventMoved           = "litn.moved"
	EventDetachment      = "litn.detachment"
	EventWorked          = "litn.work"
	EventRailMoved       = "litn.rail"
	EventMovementSettled = "litn.movement-settled"
)

// EventType implements Event.
func (*Declared) EventType() string { return EventDeclared }

// EventType implements Event.
func (*Arrived) EventType() string { return EventArrived }

// EventType implements Event.
func (*CommandRolled) EventType() string { return EventCommandRolled }

// EventType implements Event.
func (*BroadcastMade) EventType() string { return EventBroadcast }

// EventType implements Event.
func (*MovementBegun) EventType() string { return EventMovementBegun }

// EventType implements Event.
func (*Moved) EventType() string { return EventMoved }

// EventType implements Event.
func (*DetachEvent) EventType() string { return EventDetachment }

// EventType implements Event.
func (*Worked) EventType() string { return EventWorked }

// EventType implements Event.
func (*RailMoved) EventType() string { return EventRailMoved }

// EventType implements Event.
func (*PhaseSettled) EventType() string { return EventMovementSettled }

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

// ---- declarations ----------------------------------------------------------

var mAKinds = []string{"infantry", "cavalry", "artillery", "wagon", "leader"}

func (g Game) decideDeclare(c Declare) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Declaring printed values and lines of communications"); err != nil {
		return nil, err
	}
	var arrive []engine.Event
	if len(c.Arrive) > 0 {
		// 15.6 Confederate Option (play_arrivals.go).
		ev, err := g.decideArrive(c.By, c.Arrive)
		if err != nil {
			return nil, err
		}
		if len(c.BasicMA) == 0 && len(c.Year) == 0 && len(c.LOC) == 0 {
			return ev, nil
		}
		arrive = ev
	}
	if len(c.BasicMA) == 0 && len(c.Year) == 0 && len(c.LOC) == 0 {
		return nil, engine.Invalid("litn.declare.empty", "Nothing was declared", "Give loc:<unit>=in|out,... or arrive:<unit>=<turn>,..., or (the umpire) ma:infantry=N,cavalry=N,artillery=N,wagon=N,leader=N or year:command-point=N,broadcast=N")
	}
	if (len(c.BasicMA) > 0 || len(c.Year) > 0) && !g.IsUmpire(c.By) {
		return nil, engine.Illegal("litn.declare.umpire", "The printed allowances and year modifiers are the umpire's to record", fmt.Sprintf("Ask %s; you declare your units' lines of communications with loc:", g.Umpire.Name))
	}
	e := &Declared{By: c.By, Years: Year(g.Options.Scenario)}
	for k, v := range c.BasicMA {
		ok := false
		for _, kk := range mAKinds {
			ok = ok || kk == k
		}
		if !ok || v < 0 || v > 40 {
			return nil, engine.Invalid("litn.declare.ma", fmt.Sprintf("%s=%d is not a basic movement allowance", k, v), "Give ma:infantry=N,cavalry=N,artillery=N,wagon=N,leader=N as printed on the map (002 7.1 A)")
		}
		if e.BasicMA == nil {
			e.BasicMA = map[string]int{}
		}
		e.BasicMA[k] = v
	}
	for k, v := range c.Year {
		if k != "command-point" && k != "broadcast" || v < -6 || v > 6 {
			return nil, engine.Invalid("litn.declare.year", fmt.Sprintf("%s=%d is not a year modifier", k, v), fmt.Sprintf("Give year:command-point=N,broadcast=N as printed beside the tables for %d (0 where none; 002 7.1)", e.Years))
		}
		if e.Year == nil {
			e.Year = map[string]int{}
		}
		e.Year[k] = v
	}
	for ref, has := range c.LOC {
		u, err := g.ownUnit(c.By, ref)
		if err != nil {
			return nil, err
		}
		if e.Side != "" && e.Side != u.Side {
			return nil, engine.Invalid("litn.declare.loc", "Declare one side's lines of communications at a time", "The umpire gives side by side")
		}
		e.Side = u.Side
		if e.LOC == nil {
			e.LOC = map[string]bool{}
		}
		e.LOC[u.ID] = has
	}
	return append(arrive, e), nil
}

// Say implements Sayer.
func (e *Declared) Say(g Game) []Say {
	var out []Say
	if len(e.BasicMA) > 0 {
		var p []string
		for _, k := range mAKinds {
			if v, ok := e.BasicMA[k]; ok {
				p = append(p, fmt.Sprintf("%s %d", k, v))
			}
		}
		out = append(out, Say{"all", "📋 Basic movement allowances as printed on the map (002 7.1 A): " + strings.Join(p, ", ") + "."})
	}
	if len(e.Year) > 0 {
		out = append(out, Say{"all", fmt.Sprintf("📋 Year modifiers printed beside the tables for %d (002 7.1): Command Point Table %+d, Command Broadcast Table %+d.", e.Years, e.Year["command-point"], e.Year["broadcast"])})
	}
	if len(e.LOC) > 0 {
		var p []string
		for _, id := range lpmKeys(e.LOC) {
			w := "has a line of communications"
			if !e.LOC[id] {
				w = "has NO line of communications"
			}
			p = append(p, fmt.Sprintf("%s %s", lpmUnitName(g, id), w))
		}
		out = append(out, Say{string(e.Side), "📋 Declared (002 7.2; the map cannot trace it, the umpire may correct): " + strings.Join(p, "; ") + "."})
	}
	return out
}

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

// ---- 3.1 C: the Command Phase --------------------------------------------

func (g Game) commandCharts(lib *engine.Library) CommandCharts {
	c := CommandCharts{CommandPointCopy: g.LITN.Charts[CommandPointSlot], BroadcastCopy: g.LITN.Charts[CommandBroadcastSlot], Year: g.LITN.Moves.Year}
	if lib != nil {
		c.CommandPoint, c.Broadcast = lib.Slot(CommandPointSlot), lib.Slot(CommandBroadcastSlot)
	}
	return c
}

func (g Game) lOC(u Unit) CommandLOC {
	loc := CommandLOC{Traced: !g.LITN.Moves.NoLOC[u.ID], LeeTraced: true}
	for _, d := range g.UnitsOf(u.Side) {
		if d.Role == SheetDepartment {
			loc.LeeTraced = !g.LITN.Moves.NoLOC[d.ID]
		}
	}
	return loc
}

// beginCommand begins a Command Phase: arrivals, then the Command
// Point Table rolls (3.1 C I).
func (g Game) beginCommand(step string, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	side := g.PhaseSide(step)
	if side == "" {
		return nil, engine.Illegal("litn.command.first", "The Initiative Phase has not said who moves first (002 3.1 B II)", "Settle the initiative before the Command Phase")
	}
	year := Year(g.Options.Scenario)
	if _, ok := g.LITN.Moves.Year.CommandPoint[year]; !ok {
		return nil, engine.Illegal("litn.command.year-modifier", fmt.Sprintf("The Command Point Table's modifier for %d is printed beside the table, not in the rules text (002 7.1), and has not been recorded", year),
			"The umpire records it first: /litn declare year:command-point=N,broadcast=N (0 where the chart prints none), then /phase next")
	}
	// 15.5, 15.6: arrivals enter in the Movement Phase (MoveCmd); as
	// the Command Phase begins the ways of entry are settled and the
	// variable entries rolled (play_arrivals.go).
	evs, err := g.arrivalsAtCommand(side, d, ctx.Library)
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	ph := NewCommandPhase(g.commandContext(side))
	ev := &CommandRolled{Turn: g.Turn, Step: step, Context: ph.Context}
	ch := g.commandCharts(ctx.Library)
	for _, u := range g.UnitsOf(side) {
		u, on := commandPost(u, ctx.Map)
		if !on || !(u.Role == SheetDepartment || u.Role == SheetCavalryCommander || u.Role == SheetCouch && year == 1863 && side == engine.USA) {
			continue
		}
		r, err := ph.RollCommandPoints(ch, g.commandUnit(u), g.lOC(u), d)
		if err != nil {
			// A chart missing from the game: the roll cannot be made; the
			// table hears why, and the leader has no CPs.
			ev.Refused = append(ev.Refused, fmt.Sprintf("%s: %v", u.Name, err))
			continue
		}
		ph = ph.WithRoll(*r)
		ev.Rolls = append(ev.Rolls, *r)
	}
	return append(evs, ev), nil
}

// commandPost is the unit where it commands from: on the map, or off
// it at the hex its sheet counts it in for command purposes (15.6: Lee,
// off the map in scenario 3, "is considered to be located in hex 1026";
// broadcast distances count from there). False when it has no such post.
func commandPost(u Unit, m *engine.Theatre) (Unit, bool) {
	if u.OnMap() {
		return u, true
	}
	if u.Eliminated || u.OffMapHex == "" || m == nil {
		return u, false
	}
	h, _, err := m.ParseHex(u.OffMapHex, "")
	if err != nil {
		return u, false
	}
	u.Hex = h
	return u, true
}

// Say implements Sayer.
func (e *Arrived) Say(g Game) []Say {
	var p []string
	for _, u := range e.Units {
		p = append(p, fmt.Sprintf("%s at %s", u.Name, u.At))
	}
	out := []Say{{"all", fmt.Sprintf("🚩 %s arrivals enter the map (002 15, the record sheet's turn of arrival): %s.", sideName(e.Side), strings.Join(p, ", "))}}
	if len(e.Notes) > 0 {
		out = append(out, Say{string(e.Side), strings.Join(e.Notes, "; ")})
	}
	return out
}

// Say implements Sayer.
func (e *CommandRolled) Say(g Game) []Say {
	s := e.Context.Side
	out := []Say{{"all", fmt.Sprintf("📯 Step %s: the %s Command Phase. The %s player has rolled his command points (secret, 002 7.1) and broadcasts them with /litn broadcast; /litn done when finished.", e.Step, sideName(s), sideName(s))}}
	var b strings.Builder
	for _, r := range e.Rolls {
		b.WriteString(r.Explain() + "\n")
	}
	for _, r := range e.Refused {
		b.WriteString("⚠️ No roll for " + r + "\n")
	}
	if b.Len() > 0 {
		out = append(out, Say{string(s), strings.TrimSpace(b.String())})
	}
	if len(e.Refused) > 0 {
		out = append(out, Say{"umpire", fmt.Sprintf("%d Command Point roll(s) could not be made: %s", len(e.Refused), strings.Join(e.Refused, "; "))})
	}
	return out
}

func (g Game) decideBroadcast(c BroadcastCmd, d engine.Dice) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Broadcasting command points", StepFirstCommand, StepSecondCommand); err != nil {
		return nil, err
	}
	side := g.PhaseSide(g.CurrentStep())
	if err := g.needSide(c.By, side, "This Command Phase"); err != nil {
		return nil, err
	}
	from, err := g.ownUnit(c.By, c.From)
	if err != nil {
		return nil, err
	}
	from, on := commandPost(from, c.Map)
	if from.Side != side || !on {
		return nil, engine.Illegal("litn.broadcast.from", fmt.Sprintf("%s cannot broadcast in the %s Command Phase", from.Name, sideName(side)), "Name a leader of the phasing side on the map (002 7.1)")
	}
	if c.Map == nil {
		return nil, fmt.Errorf("engine: broadcast without the map")
	}
	to, _, err := c.Map.ParseHex(strings.TrimSpace(c.To), "")
	if err != nil {
		return nil, engine.Invalid("litn.broadcast.to", fmt.Sprintf("%q is not a hex of the LITN map", c.To), "Give to:<printed hex>, e.g. to:1625")
	}
	at := strings.TrimSpace(c.To)
	year := Year(g.Options.Scenario)
	if _, ok := g.LITN.Moves.Year.Broadcast[year]; !ok {
		return nil, engine.Illegal("litn.command.year-modifier", fmt.Sprintf("The Command Broadcast Table's modifier for %d has not been recorded (002 7.1: printed beside the table)", year),
			"The umpire records it: /litn declare year:command-point=N,broadcast=N")
	}
	hexes := engine.Distance(from.Hex, to)
	dist := hexes
	if c.Distance != 0 {
		if c.Distance < hexes {
			return nil, engine.Illegal("litn.broadcast.distance", fmt.Sprintf("%s is %d hexes from %s: a broadcast distance of %d cavalry MPs is less than that", at, hexes, from.At, c.Distance),
				"Count the cavalry MPs of the path, the receiver's hex but not the broadcaster's (002 7.1 Broadcast Distance); at least the hexes counted")
		}
		dist = c.Distance
	}
	h := commandHex(at, to, g.stack(side, at))
	h.Leader = c.Leader
	if c.Leader != "" {
		if u, ok := g.FindUnit(c.Leader); ok {
			h.Leader = u.ID
		}
	}
	ph := g.CommandOf(side)
	b, err := ph.Broadcast(g.commandCharts(c.Library), g.commandUnit(from), g.lOC(from), h, dist, d)
	if err != nil {
		return nil, err
	}
	return []engine.Event{&BroadcastMade{By: c.By, Side: side, Broadcast: *b}}, nil
}

// Say implements Sayer: CPs are the phasing player's (002 2.5).
func (e *BroadcastMade) Say(g Game) []Say {
	return []Say{{string(e.Side), "📡 " + e.Broadcast.Explain()}}
}

// ---- 3.1 D: the Movement Phase ---------------------------------------------

// beginMovement computes every phasing unit's allowance from its hex's
// CPs (7.1).
func (g Game) beginMovement(step string) ([]engine.Event, error) {
	side := g.PhaseSide(step)
	if side == "" {
		return nil, engine.Illegal("litn.command.first", "The Initiative Phase has not said who moves first (002 3.1 B II)", "Settle the initiative first")
	}
	var missing []string
	byHex := map[string][]MoveUnit{}
	hexOf := map[string]engine.Hex{}
	for _, u := range g.UnitsOf(side) {
		if !u.OnMap() {
			continue
		}
		if _, ok := g.LITN.Moves.BasicMA[mAKind(u)]; !ok {
			missing = append(missing, mAKind(u))
		}
		byHex[u.At] = append(byHex[u.At], g.moveUnit(u))
		hexOf[u.At] = u.Hex
	}
	for _, w := range g.WagonsOf(side) {
		byHex[w.At] = append(byHex[w.At], g.wagonUnit(w))
		hexOf[w.At] = w.Hex
		if _, ok := g.LITN.Moves.BasicMA["wagon"]; !ok {
			missing = append(missing, "wagon")
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, engine.Illegal("litn.move.basic-ma", "The basic movement allowances printed on the map are not recorded for: "+strings.Join(lpmDedupe(missing), ", "),
			"The umpire records them: /litn declare ma:infantry=N,cavalry=N,artillery=N,wagon=N,leader=N (002 7.1 A), then /phase next")
	}
	ph := g.CommandOf(side)
	enemies := g.enemyHexes(side)
	e := &MovementBegun{Turn: g.Turn, Step: step, Side: side, Allowance: map[string]UnitAllowance{}, Start: map[string]string{}}
	for _, at := range lpmKeys(byHex) {
		ha := ph.Allowance(commandHex(at, hexOf[at], byHex[at]), enemies)
		ha.Label = at
		for _, a := range ha.Units {
			e.Allowance[a.Unit] = a
			e.Start[a.Unit] = at
		}
		e.Hexes = append(e.Hexes, ha)
	}
	// 15.5: the units due to enter, with their full allowance.
	due, err := g.arrivalsDue(step, side, false)
	if err != nil {
		return nil, err
	}
	return append([]engine.Event{e}, due...), nil
}

// reinforcementAllowance is the full basic allowance of a unit due to
// enter the map (15.5: "They have their full movement allowances available
// for the turn of entry, and may force march"), whatever CPs reach the
// entry hex; false for any other unit. 15.5 says it of the 1863
// Confederate reinforcements; the rules give no other allowance for
// arrivals, so every arrival has it (docs/litn-play-movement.md).
func (g Game) reinforcementAllowance(id string) (Share, bool) {
	u, ok := g.LITN.Units[id]
	if !ok {
		return Share{}, false
	}
	if _, due := g.ArrivalDue(u); !due {
		return Share{}, false
	}
	if n := g.LITN.Moves.BasicMA[mAKind(u)]; n > 0 {
		return Share{Num: n, Den: 1}, true
	}
	return Share{}, false
}

func lpmDedupe(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// Say implements Sayer: allowances are the phasing player's.
func (e *MovementBegun) Say(g Game) []Say {
	s := e.Side
	out := []Say{{"all", fmt.Sprintf("🏃 Step %s: the %s Movement Phase (002 8). The %s player moves with /litn move; the %s player may react with /litn react (002 8.5). Both say /litn done.",
		e.Step, sideName(s), sideName(s), sideName(engine.EnemyOf(s)))}}
	var b strings.Builder
	b.WriteString("Your movement allowances (002 7.1):")
	for _, h := range e.Hexes {
		fmt.Fprintf(&b, "\n%s: %s %d CP, rating %d%s, %s of the basic allowance", h.Label, h.LeaderName, h.CommandPoints, h.CommandRating, lmIf(h.RatingModifier > 0, "+1", ""), h.Share.Fraction())
		for _, u := range h.Units {
			fmt.Fprintf(&b, "\n- %s: %s MP", u.Name, u.Allowance)
			if u.Minimum != nil {
				fmt.Fprintf(&b, " (minimum %s if it stays more than 6 hexes from every enemy unit)", *u.Minimum)
			}
			if u.Full {
				b.WriteString(" (full: may force march)")
			}
		}
	}
	return append(out, Say{string(s), b.String()})
}

// needMover checks a phasing move may be made now.
func (g Game) needMover(by engine.Actor, what string) (*PhaseMoves, engine.Side, error) {
	if err := g.needStep(by, what, StepFirstMove, StepSecondMove); err != nil {
		return nil, "", err
	}
	side := g.PhaseSide(g.CurrentStep())
	if err := g.needSide(by, side, "This Movement Phase"); err != nil {
		return nil, "", err
	}
	p := g.phase()
	if p == nil {
		return nil, "", engine.Illegal("litn.move.phase", "The Movement Phase has no allowances yet", "The umpire begins the step with /phase next")
	}
	return p, side, nil
}

func (g Game) decideMoveCmd(c MoveCmd, d engine.Dice) ([]engine.Event, error) {
	p, side, err := g.needMover(c.By, "Moving")
	if err != nil {
		return nil, err
	}
	// 15.5: units off the map enter by a path from their entry hex.
	ms, err := g.entering(c.By, side, c.Units, c.Path)
	if err != nil {
		return nil, err
	}
	entering := ms != nil
	if !entering {
		ms, err = g.movers(c.By, side, c.Units)
		if err != nil {
			return nil, err
		}
	}
	force := force(ms)
	from := ms[0].At // "" when entering
	for _, u := range force {
		if why := g.SurpriseHeld(u.ID); why != "" {
			return nil, engine.Illegal("litn.move.surprise", why, "Move other units")
		}
		if p.Ended[u.ID] {
			return nil, engine.Illegal("litn.move.ended", u.name()+" may not move again this phase", "It entered a hex with an enemy combat unit, failed to leave one, or was stopped by a reaction (002 8.3)")
		}
	}
	charts := g.moveCharts(c.Library)
	if charts.Costs == nil {
		return nil, engine.Illegal("chart.empty", "The Movement Costs Chart (litn.movement-costs) is not loaded in this game", "Load your copy with /chart load name:litn.movement-costs (the game keeps the charts it started with)")
	}
	if len(c.Path) == 0 {
		return nil, engine.Invalid("litn.path", "No path was given", "Give path:<hex> [terrain] [road]...,<hex>... (docs/litn-play-movement.md)")
	}
	start := force[0].Hex
	if entering {
		// 15.5: "The map-edge hex of entry counts as the first hex of
		// movement": the path's first hex is entered from off the map (a
		// neighbour stands for it) and costs as declared.
		if c.Map == nil {
			return nil, fmt.Errorf("engine: LITN move without the map")
		}
		h, _, err := c.Map.ParseHex(c.Path[0].At, "")
		if err != nil {
			return nil, engine.Invalid("litn.path", fmt.Sprintf("%s is not a hex of the LITN map", c.Path[0].At), "Give printed hex numbers, e.g. 1026")
		}
		start = h.Neighbours()[0]
	}
	steps, err := g.steps(c.Map, side, start, charts.Costs, c.Path)
	if err != nil {
		return nil, err
	}
	if entering {
		start = steps[0].To
	}
	// 7.1: the allowance from CPs, or the minimum allowance when the force
	// stays more than 6 hexes from every enemy unit all move.
	base := map[string]Share{}
	var fmHex HexAllowance
	for _, u := range force {
		a, ok := p.Allowance[u.ID]
		if !ok {
			return nil, engine.Illegal("litn.move.allowance", u.name()+" has no allowance this phase", "Only units on the map as the phase began move (002 7.1)")
		}
		base[u.ID] = a.Allowance
		if c.Minimum && a.Minimum != nil && a.Allowance.Less(*a.Minimum) {
			base[u.ID] = *a.Minimum
		}
		fmHex.Units = append(fmHex.Units, a)
	}
	if c.Minimum {
		enemies := g.enemyHexes(side)
		hexes := []engine.Hex{start}
		for _, s := range steps {
			hexes = append(hexes, s.To)
		}
		for i, h := range hexes {
			for _, e := range enemies {
				if engine.Distance(h, e) <= 6 {
					where := from
					if i > 0 {
						where = steps[i-1].Label
					}
					return nil, engine.Illegal("litn.move.minimum", fmt.Sprintf("%s is %d hexes from an enemy unit", where, engine.Distance(h, e)),
						"The Minimum Movement Allowance holds only for a unit more than 6 hexes from all enemy units during its entire move (002 7.1)")
				}
			}
		}
	}
	var leftAhead []MoveUnit
	if from != "" && p.Start[force[0].ID] == from { // 15.5: none pay for units entered before them
		in := map[string]bool{}
		for _, u := range force {
			in[u.ID] = true
		}
		for id, st := range p.Start {
			if u, ok := g.LITN.Units[id]; ok && st == from && !in[id] && p.Moved[id] && u.At != from {
				leftAhead = append(leftAhead, g.moveUnit(u))
			}
		}
		sort.Slice(leftAhead, func(i, j int) bool { return leftAhead[i].ID < leftAhead[j].ID })
	}
	stack, err := StackAllowance(force, base, leftAhead)
	if err != nil {
		return nil, err
	}
	e := &Moved{By: c.By, Side: side, From: from, Minimum: c.Minimum, Entered: entering}
	for _, u := range force {
		e.Units = append(e.Units, u.ID)
		e.Names = append(e.Names, u.name())
	}
	for _, u := range stack.Units {
		e.Stack = append(e.Stack, u.Why)
	}
	path := Path{Force: force, Allowance: stack, Spent: map[string]int{}, Steps: steps}
	for _, u := range force {
		path.Spent[u.ID] = p.Spent[u.ID]
	}
	if c.ForceMarch {
		if c.Minimum {
			return nil, engine.Illegal("litn.march.minimum", "Force march needs 100% of the printed allowance from CPs", "Not with the minimum allowance (002 8.6)")
		}
		n, why, err := ForceMarch(force, fmHex)
		if err != nil {
			return nil, err
		}
		path.ForceMarch, e.March, e.MarchWhy = n, n, why
	}
	// 8.3: leaving a hex with an enemy combat unit takes a roll first.
	var enemyHere []MoveUnit
	for _, u := range g.UnitsAt(from) {
		if u.Side != side && u.IsCombat() {
			enemyHere = g.stack(engine.EnemyOf(side), from)
			break
		}
	}
	if len(enemyHere) > 0 {
		lv, err := LeaveEnemyHex(charts, force, enemyHere, d)
		if err != nil {
			return nil, err
		}
		e.Leave = lv
		if !lv.Leaves {
			e.Stopped, e.To = true, force[0].Hex
			return []engine.Event{e}, nil
		}
		path.Left = true
	}
	res, err := PathCost(charts, path)
	if err != nil {
		return nil, err
	}
	e.Result = res
	for _, s := range steps {
		e.Path = append(e.Path, s.Label)
	}
	e.To = steps[len(steps)-1].To
	if c.ForceMarch {
		var combat []MoveUnit
		for _, u := range force {
			if u.Role.combat() {
				combat = append(combat, u)
			}
		}
		losses, err := ForceMarchLosses(charts, combat, d)
		if err != nil {
			return nil, err
		}
		e.Losses = losses
	}
	e.EnemyStep = p.Steps
	if side == engine.CSA {
		var hs []engine.Hex
		for _, s := range steps {
			hs = append(hs, s.To)
		}
		e.Released = g.releases(hs)
	}
	return []engine.Event{e}, nil
}

// Say implements Sayer. The table sees the counters move (the map is
// open); MPs, allowances, rolls against secret ratings and losses are the
// mover's (002 2.5).
func (e *Moved) Say(g Game) []Say {
	s := string(e.Side)
	names := strings.Join(e.Names, ", ")
	var out []Say
	if e.Reaction != nil {
		return e.sayReaction(g)
	}
	var priv []string
	if e.Leave != nil {
		priv = append(priv, e.Leave.Why)
	}
	if e.Stopped {
		out = append(out, Say{"all", fmt.Sprintf("🚫 %s fail to leave the enemy-occupied hex %s: their move ends, and they may not try again this phase (002 8.3).", names, e.From)})
		return append(out, Say{s, strings.Join(priv, "\n")})
	}
	line := fmt.Sprintf("🏃 %s move %s → %s", names, e.From, strings.Join(e.Path, " → "))
	if e.Entered {
		line = fmt.Sprintf("🚩 %s enter the map at %s (002 15.5)", names, e.Path[0])
		if len(e.Path) > 1 {
			line += " and move → " + strings.Join(e.Path[1:], " → ")
		}
	}
	if e.Leave != nil {
		line += fmt.Sprintf(" (leaving the enemy-occupied hex %s, 002 8.3)", e.From)
	}
	if e.March > 0 {
		line += " by force march (002 8.6)"
	}
	line += "."
	if e.Result != nil && e.Result.Ended {
		line += fmt.Sprintf(" They entered a hex with an enemy combat unit (%s) and may move no more this phase (002 8.3).", e.Path[len(e.Path)-1])
	}
	if e.Result != nil && len(e.Result.Eliminated) > 0 {
		var el []string
		for _, id := range e.Result.Eliminated {
			el = append(el, lpmUnitName(g, id))
		}
		line += fmt.Sprintf(" %s, alone without friendly combat units, %s eliminated (002 8.3 Non-combat Units).", strings.Join(el, ", "), lmIf(len(el) > 1, "are", "is"))
	}
	if len(e.Released) > 0 {
		var n []string
		for _, id := range e.Released {
			n = append(n, lpmUnitName(g, id))
		}
		line += fmt.Sprintf(" A Confederate unit has moved within 5 hexes: %s released (002 15.2).", strings.Join(n, ", "))
	}
	out = append(out, Say{"all", line})
	priv = append(priv, "Allowances after stacking (002 8.2): "+strings.Join(e.Stack, "; "))
	if e.MarchWhy != "" {
		priv = append(priv, e.MarchWhy)
	}
	if e.Result != nil {
		priv = append(priv, e.Result.Log...)
		var sp []string
		for _, id := range e.Units {
			sp = append(sp, fmt.Sprintf("%s %d", lpmUnitName(g, id), e.Result.Spent[id]))
		}
		priv = append(priv, "MP spent this phase: "+strings.Join(sp, ", "))
	}
	for _, l := range e.Losses {
		priv = append(priv, l.Why)
	}
	return append(out, Say{s, strings.Join(priv, "\n")})
}

func (e *Moved) sayReaction(g Game) []Say {
	s := string(e.Side)
	names := strings.Join(e.Names, ", ")
	r := e.Reaction
	var pub string
	switch {
	case !r.Succeeds:
		pub = fmt.Sprintf("⚡ %s at %s fail to react (002 8.5).", names, e.From)
	case !r.May:
		pub = fmt.Sprintf("⚡ %s at %s react but fail to leave the enemy-occupied hex (002 8.3, 8.5).", names, e.From)
	case len(e.Path) == 0:
		pub = fmt.Sprintf("⚡ %s at %s react and stay (002 8.5).", names, e.From)
	default:
		pub = fmt.Sprintf("⚡ %s react: %s → %s (002 8.5)", names, e.From, strings.Join(e.Path, " → "))
		if r.Leave != nil {
			pub += ", leaving the enemy-occupied hex (002 8.3)"
		}
		pub += "."
		if e.Halted {
			pub += " They entered an enemy-occupied hex and may not move for the rest of this phase (002 8.5)."
		}
		if len(e.Stops) > 0 {
			var n []string
			for _, id := range e.Stops {
				n = append(n, lpmUnitName(g, id))
			}
			pub += fmt.Sprintf(" %s may move no more this phase (002 8.3).", strings.Join(n, ", "))
		}
	}
	priv := append([]string(nil), r.Why...)
	if e.Result != nil {
		priv = append(priv, e.Result.Log...)
	}
	return []Say{{"all", pub}, {s, strings.Join(priv, "\n")}}
}

// ---- 8.5 Reaction ----------------------------------------------------------

func (g Game) decideReact(c ReactCmd, d engine.Dice) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Reacting", StepFirstMove, StepSecondMove); err != nil {
		return nil, err
	}
	mover := g.PhaseSide(g.CurrentStep())
	side := engine.EnemyOf(mover)
	if err := g.needSide(c.By, side, "Reaction in this Movement Phase"); err != nil {
		return nil, err
	}
	p := g.phase()
	if p == nil {
		return nil, engine.Illegal("litn.move.phase", "The Movement Phase has not begun", "The umpire begins the step with /phase next")
	}
	if p.Last == nil {
		return nil, engine.Illegal("litn.react.trigger", "No enemy force has moved yet this phase", "Reaction may be attempted only after an enemy force has moved (002 8.5)")
	}
	ms, err := g.movers(c.By, side, c.Units)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		// 15.4: "A disorganized unit may not move (including reaction
		// movement)"; the half allowance of 8.5 ignores CPs, so the check
		// is made here.
		if m.Unit.CannotMove != "" {
			return nil, engine.Illegal("litn.react.cannot-move", m.Unit.name()+": "+m.Unit.CannotMove, "React with other units")
		}
	}
	stack := force(ms)
	from := ms[0].At
	idx := len(p.Last.Hexes) - 1
	if at := strings.TrimSpace(c.At); at != "" {
		idx = -1
		for i, h := range p.Last.Hexes {
			if h == at {
				idx = i
			}
		}
		if idx < 0 {
			return nil, engine.Invalid("litn.react.at", fmt.Sprintf("The last enemy move did not enter %s", at), "Give at: one of its hexes: "+strings.Join(p.Last.Hexes, ", "))
		}
	}
	if c.Map == nil {
		return nil, fmt.Errorf("engine: reaction without the map")
	}
	th, _, err := c.Map.ParseHex(p.Last.Hexes[idx], "")
	if err != nil {
		return nil, err
	}
	tu, ok := g.LITN.Units[p.Last.Units[0]]
	var trigger MoveUnit
	if ok {
		trigger = g.moveUnit(tu)
	} else if w, ok := g.LITN.Wagons[p.Last.Units[0]]; ok {
		trigger = g.wagonUnit(w)
	}
	trigger.Hex = th
	a := ReactionAttempt{Stack: stack, Trigger: trigger, EnemyStep: p.Last.First + idx, ZoneBlocked: strings.TrimSpace(c.Blocked)}
	for _, u := range g.UnitsAt(from) {
		if u.Side == mover {
			a.EnemyInHex = g.stack(mover, from)
			break
		}
	}
	charts := g.moveCharts(c.Library)
	r := p.Reactions
	r.Mover = mover
	roll, next, err := r.Attempt(charts, a, d)
	if err != nil {
		return nil, err
	}
	e := &Moved{By: c.By, Side: side, From: from, Reaction: roll, EnemyStep: a.EnemyStep, To: stack[0].Hex}
	for _, u := range stack {
		e.Units = append(e.Units, u.ID)
		e.Names = append(e.Names, u.name())
	}
	if roll.May && len(c.Path) > 0 {
		if charts.Costs == nil {
			return nil, engine.Illegal("chart.empty", "The Movement Costs Chart (litn.movement-costs) is not loaded in this game", "Load your copy with /chart load name:litn.movement-costs")
		}
		steps, err := g.steps(c.Map, side, stack[0].Hex, charts.Costs, c.Path)
		if err != nil {
			return nil, err
		}
		f := ForceMA{Slowest: roll.Allowance}
		for _, u := range stack {
			f.Units = append(f.Units, UnitMA{Unit: u.ID, Base: roll.Allowance, Allowance: roll.Allowance})
		}
		res, err := PathCost(charts, Path{Force: stack, Allowance: f, Left: roll.Leave != nil && roll.Leave.Leaves, Steps: steps})
		if err != nil {
			return nil, err
		}
		e.Result = res
		for _, s := range steps {
			e.Path = append(e.Path, s.Label)
		}
		last := steps[len(steps)-1]
		e.To = last.To
		if last.EnemyCombat {
			next = next.WithHalted(roll.Leader)
			e.Halted = true
			// 8.3: an enemy unit reacting into a moving unit's hex ends
			// that unit's move for the phase.
			for _, u := range g.UnitsAt(last.Label) {
				if u.Side == mover {
					e.Stops = append(e.Stops, u.ID)
				}
			}
		}
	}
	e.Reactions = &next
	if side == engine.CSA && e.Result != nil {
		var hs []engine.Hex
		for _, s := range e.Result.Steps {
			if h, _, err := c.Map.ParseHex(s.Label, ""); err == nil {
				hs = append(hs, h)
			}
		}
		e.Released = g.releases(hs)
	}
	return []engine.Event{e}, nil
}

// ---- 6.3 Detachments -------------------------------------------------------

func (g Game) decideDetachCmd(c DetachCmd) ([]engine.Event, error) {
	p, side, err := g.needMover(c.By, "Detaching and reattaching")
	if err != nil {
		return nil, err
	}
	u, err := g.ownUnit(c.By, c.Unit)
	if err != nil {
		return nil, err
	}
	if u.Side != side || !u.OnMap() {
		return nil, engine.Illegal("litn.detach.side", u.Name+" is not a phasing unit on the map", "Detachments are made in their side's Movement Phase (002 6.3)")
	}
	if c.Reattach != "" {
		l, err := g.ownUnit(c.By, c.Reattach)
		if err != nil {
			return nil, err
		}
		start := !p.Moved[l.ID] && p.Spent[l.ID] == 0 && !p.Moved[u.ID]
		ra, err := ReattachDetachment(g.moveUnit(l), g.moveUnit(u), start)
		if err != nil {
			return nil, err
		}
		l.Strength = ra.Leader.Strength
		u.Eliminated, u.Strength = true, 0 // absorbed: the counter leaves the map
		return []engine.Event{&DetachEvent{By: c.By, Side: side, Unit: u, Leader: l, Reattach: true, Forfeited: ra.Forfeited, Why: []string{ra.Why}}}, nil
	}
	if _, ok := p.Allowance[u.ID]; !ok {
		return nil, engine.Illegal("litn.detach.allowance", u.Name+" has no allowance this phase", "002 6.3: the detachment takes the detaching unit's allowance")
	}
	n := 1
	for {
		if _, ok := g.LITN.Units[fmt.Sprintf("%s.det%d", u.ID, n)]; !ok {
			break
		}
		n++
	}
	id := fmt.Sprintf("%s.det%d", u.ID, n)
	name := strings.TrimSpace(c.Name)
	if name == "" {
		name = fmt.Sprintf("%s detachment %d", u.Name, n)
	}
	dt, err := Detach(g.moveUnit(u), id, name, c.Strength, p.Moved[u.ID] || p.Spent[u.ID] > 0)
	if err != nil {
		return nil, err
	}
	det := Unit{ID: id, Name: name, Side: u.Side, Troops: u.Troops, Strength: c.Strength, Original: c.Strength,
		Command: u.Command, Initiative: u.Initiative, CombatBonus: u.CombatBonus, Rank: u.Rank, SubordinateTo: u.SubordinateTo,
		At: u.At, Hex: u.Hex, Parent: u.ID}
	u.Strength = dt.Parent.Strength
	return []engine.Event{&DetachEvent{By: c.By, Side: side, Unit: det, Leader: u, Why: append(dt.Why,
		"its ratings are taken from "+u.Name+": the detachment counters' printed ratings are not in the seeds (the umpire may correct)")}}, nil
}

// Say implements Sayer: the counter is on the open map; strengths are
// the side's.
func (e *DetachEvent) Say(g Game) []Say {
	if e.Reattach {
		return []Say{{"all", fmt.Sprintf("🔗 %s rejoins %s at %s (002 6.3).", e.Unit.Name, e.Leader.Name, e.Leader.At)},
			{string(e.Side), strings.Join(e.Why, "; ")}}
	}
	return []Say{{"all", fmt.Sprintf("✂️ %s forms a detachment, %s, at %s (002 6.3).", e.Leader.Name, e.Unit.Name, e.Unit.At)},
		{string(e.Side), strings.Join(e.Why, "; ")}}
}

// ---- 8.7, 8.8 Works --------------------------------------------------------

func (g Game) decideWork(c WorkCmd) ([]engine.Event, error) {
	p, side, err := g.needMover(c.By, "Work on bridges, rail lines and entrenchments")
	if err != nil {
		return nil, err
	}
	ms, err := g.movers(c.By, side, c.Units)
	if err != nil {
		return nil, err
	}
	force := force(ms)
	at := ms[0].At
	e := &Worked{By: c.By, Side: side, Kind: c.Kind, At: at}
	for _, u := range force {
		e.Units = append(e.Units, u.ID)
		e.Names = append(e.Names, u.name())
	}
	fromCPs, spent, cps := Share{}, 0, 0
	for i, u := range force {
		a := p.Allowance[u.ID].Allowance
		if i == 0 || a.Less(fromCPs) {
			fromCPs = a
		}
		spent = max(spent, p.Spent[u.ID])
	}
	if fromCPs.Num > 0 {
		cps = 1
	}
	enemyIn, enemyAdj := false, false
	for _, u := range g.UnitsOf(engine.EnemyOf(side)) {
		if !u.OnMap() {
			continue
		}
		if u.At == at {
			enemyIn = true
		}
		if u.IsCombat() && engine.Distance(u.Hex, force[0].Hex) <= 1 {
			enemyAdj = true
		}
	}
	switch c.Kind {
	case "entrench":
		for _, u := range force {
			if g.LITN.Moves.Entrenchment[u.ID].Stage == Entrenched {
				return nil, engine.Illegal("litn.entrench.done", u.name()+" is already entrenched", "It keeps the marker while it does not move (002 8.8)")
			}
			if _, _, err := EntrenchPhase(u, Entrenchment{}, g.Turn, p.Spent[u.ID], cps, true); err != nil {
				return nil, err
			}
		}
		e.Why = "002 8.8: they spend no MPs this phase; at its end a Constructing Entrenchment marker is placed, or flipped to Entrenchment on the second consecutive turn"
		return []engine.Event{e}, nil
	case "repair-bridge":
		places, err := g.bridge(c.Map, c.Bridge, force[0].Hex)
		if err != nil {
			return nil, err
		}
		destroyed := false
		for _, pl := range places {
			destroyed = destroyed || g.LITN.Moves.DestroyedBridges[pl]
		}
		if !destroyed {
			return nil, engine.Illegal("litn.repair.intact", fmt.Sprintf("%s is not destroyed", places[0]), "Only a destroyed bridge is repaired (002 8.7)")
		}
		if spent > 0 {
			return nil, engine.Illegal("litn.repair.moved", "The force has spent MPs this phase", "The repairing units must not move during the phase (002 8.7)")
		}
		e.Places = places
		e.Why = "002 8.7: one full Movement Phase of repair, checked at its end (5+ infantry SP adjacent, no enemy adjacent, no move, at least 1 CP)"
		return []engine.Event{e}, nil
	}
	w := Work{Force: force, PotomacRail: c.PotomacRail, EnemyAdjacent: enemyAdj, EnemyInHex: enemyIn, FriendlyTerritory: c.Friendly, FromCPs: fromCPs, Spent: spent}
	for _, u := range force {
		w.ForceMarched = w.ForceMarched || p.ForceMarched[u.ID]
		w.RepairingBridge = w.RepairingBridge || p.Repair[u.ID] != ""
	}
	switch c.Kind {
	case "destroy-bridge":
		w.Kind = DestroyBridge
		places, err := g.bridge(c.Map, c.Bridge, force[0].Hex)
		if err != nil {
			return nil, err
		}
		for _, pl := range places {
			if g.LITN.Moves.DestroyedBridges[pl] {
				return nil, engine.Illegal("litn.work.destroyed", pl+" is already destroyed", "002 8.7")
			}
		}
		e.Places = places
	case "destroy-rail":
		w.Kind = DestroyRail
		if g.LITN.Moves.DestroyedRail[at] {
			return nil, engine.Illegal("litn.work.destroyed", "The rail line in "+at+" is already destroyed", "002 8.7")
		}
	case "repair-rail":
		w.Kind = RepairRail
		if !g.LITN.Moves.DestroyedRail[at] {
			return nil, engine.Illegal("litn.work.intact", "The rail line in "+at+" is not destroyed", "Only a Destroyed Rail marker is repaired (002 8.7)")
		}
	default:
		return nil, engine.Invalid("litn.work.kind", fmt.Sprintf("%q is not work the rules know", c.Kind), "kind: destroy-bridge, repair-bridge, destroy-rail, repair-rail or entrench (002 8.7, 8.8)")
	}
	r, err := WorkCost(w)
	if err != nil {
		return nil, err
	}
	e.Cost, e.Why = r.Cost, r.Why
	return []engine.Event{e}, nil
}

// bridge names the places of a bridge hexside next to the force: a
// litn-places.yaml bridge place (by name or by its hex), or a declared
// "<hex>/<hex>" hexside the map data lacks.
func (g Game) bridge(m *engine.Theatre, ref string, from engine.Hex) ([]string, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return nil, engine.Invalid("litn.work.bridge", "Which bridge?", "Give bridge:<place name>, or bridge:<hex>/<hex> for a bridge hexside the map data lacks")
	}
	if m != nil {
		for _, pl := range m.Places {
			if !pl.Is("bridge") || !(strings.EqualFold(pl.Name, ref) || strings.Contains(strings.ToLower(pl.Name), strings.ToLower(ref))) {
				continue
			}
			if engine.Distance(pl.Hex, from) > 1 {
				return nil, engine.Illegal("litn.work.adjacent", fmt.Sprintf("%s is not next to the force", pl.Name), "Work on a bridge is done from an adjoining hex (002 8.7)")
			}
			side := strings.SplitN(pl.Name, ", hex", 2)[0]
			var out []string
			for _, q := range m.Places {
				if q.Is("bridge") && strings.SplitN(q.Name, ", hex", 2)[0] == side {
					out = append(out, q.Name)
				}
			}
			sort.Strings(out)
			return out, nil
		}
	}
	parts := strings.Split(ref, "/")
	if len(parts) == 2 && m != nil {
		a, _, err1 := m.ParseHex(parts[0], "")
		b, _, err2 := m.ParseHex(parts[1], "")
		if err1 == nil && err2 == nil && engine.Distance(a, b) == 1 {
			if engine.Distance(a, from) > 1 && engine.Distance(b, from) > 1 {
				return nil, engine.Illegal("litn.work.adjacent", fmt.Sprintf("The hexside %s is not next to the force", ref), "Work on a bridge is done from an adjoining hex (002 8.7)")
			}
			return []string{"Bridge " + ref + " (declared)"}, nil
		}
	}
	return nil, engine.Invalid("litn.work.bridge", fmt.Sprintf("%q is no bridge of the map data nor a hexside <hex>/<hex>", ref), "Give a bridge place (e.g. bridge:\"Bridge 1426/1525\") or the two hexes of the bridge hexside, e.g. bridge:1624/1625")
}

// Say implements Sayer: markers are on the open map; a declared
// entrenchment or repair shows at the phase's end.
func (e *Worked) Say(g Game) []Say {
	names := strings.Join(e.Names, ", ")
	switch e.Kind {
	case "entrench", "repair-bridge":
		return []Say{{string(e.Side), fmt.Sprintf("🛠 %s at %s: %s.", names, e.At, e.Why)}}
	case "destroy-bridge":
		return []Say{{"all", fmt.Sprintf("💥 %s destroy %s: Bridge Destroyed (002 8.7).", names, strings.Join(e.Places, " / "))}, {string(e.Side), e.Why}}
	case "destroy-rail":
		return []Say{{"all", fmt.Sprintf("💥 %s destroy the rail line in %s: Destroyed Rail (002 8.7).", names, e.At)}, {string(e.Side), e.Why}}
	}
	return []Say{{"all", fmt.Sprintf("🛠 %s repair the rail line in %s (002 8.7).", names, e.At)}, {string(e.Side), e.Why}}
}

// ---- 8.9 Rail movement -----------------------------------------------------

func (g Game) decideRail(c RailCmd) ([]engine.Event, error) {
	p, side, err := g.needMover(c.By, "Rail movement")
	if err != nil {
		return nil, err
	}
	if side != engine.USA {
		return nil, engine.Illegal("litn.rail.side", "Only Union units may move by rail", "002 8.9")
	}
	ms, err := g.movers(c.By, side, c.Units)
	if err != nil {
		return nil, err
	}
	force := force(ms)
	from := ms[0].At
	if c.Map == nil {
		return nil, fmt.Errorf("engine: rail move without the map")
	}
	to := strings.TrimSpace(c.To)
	if to == "" {
		to = from
	}
	th, _, err := c.Map.ParseHex(to, "")
	if err != nil {
		return nil, engine.Invalid("litn.rail.to", fmt.Sprintf("%q is not a hex of the LITN map", c.To), "Give to:<printed hex>")
	}
	for _, h := range []string{from, to} {
		if g.LITN.Moves.DestroyedRail[h] {
			return nil, engine.Illegal("litn.rail.destroyed", "The rail line in "+h+" is destroyed", "Repair it first (4 MP, 002 8.7)")
		}
	}
	hexes := engine.Distance(force[0].Hex, th)
	if c.Hexes != 0 {
		if c.Hexes < hexes {
			return nil, engine.Illegal("litn.rail.hexes", fmt.Sprintf("%s is %d hexes from %s: the line cannot be shorter", to, hexes, from), "Give hexes: the rail hexes along the line, at least the distance")
		}
		hexes = c.Hexes
	}
	// 8.9 capacity: the units moved by rail this phase.
	all := map[string]bool{}
	for _, id := range p.Rail {
		all[id] = true
	}
	for _, u := range force {
		all[u.ID] = true
	}
	var byRail []MoveUnit
	for _, id := range lpmKeys(all) {
		if u, ok := g.LITN.Units[id]; ok {
			byRail = append(byRail, g.moveUnit(u))
		} else if w, ok := g.LITN.Wagons[id]; ok {
			byRail = append(byRail, g.wagonUnit(w))
		}
	}
	capWhy, err := RailCapacity(byRail)
	if err != nil {
		return nil, err
	}
	e := &RailMoved{By: c.By, From: from, To: to, Hex: th, Entrained: !c.Detrain, Why: []string{capWhy}}
	for _, u := range force {
		if why := g.SurpriseHeld(u.ID); why != "" {
			return nil, engine.Illegal("litn.move.surprise", why, "Move other units")
		}
		if p.Ended[u.ID] {
			return nil, engine.Illegal("litn.move.ended", u.name()+" may not move again this phase", "002 8.3")
		}
		cost, why, err := RailMove(RailLeg{Unit: u, Entrain: c.Entrain, Hexes: hexes, Detrain: c.Detrain, Destination: c.Destination, Arrives: c.Destination && c.Detrain, Lines: true})
		if err != nil {
			return nil, err
		}
		a := p.Allowance[u.ID].Allowance
		if !c.Destination && a.Less(Share{p.Spent[u.ID] + cost, 1}) {
			return nil, engine.Illegal("litn.rail.mp", fmt.Sprintf("%s needs %d MP by rail after %d spent, but its CPs give %s", u.name(), cost, p.Spent[u.ID], a),
				"Rail movement is paid from the allowance CPs give (002 8.9)")
		}
		e.Cost = max(e.Cost, cost)
		e.Units = append(e.Units, u.ID)
		e.Names = append(e.Names, u.name())
		e.Why = append(e.Why, why)
	}
	e.Why = append(e.Why, "the route is taken on the player's word to be on the lines the Union may use (002 8.9: the map data has no rail lines; the umpire may correct)")
	return []engine.Event{e}, nil
}

// Say implements Sayer.
func (e *RailMoved) Say(g Game) []Say {
	st := "detrained"
	if e.Entrained {
		st = "entrained"
	}
	return []Say{{"all", fmt.Sprintf("🚂 %s by rail %s → %s, %s (002 8.9).", strings.Join(e.Names, ", "), e.From, e.To, st)}, {string(engine.USA), strings.Join(e.Why, "\n")}}
}

// ---- end of the Movement Phase ---------------------------------------------

func (g Game) endMovement() ([]engine.Event, error) {
	p := g.phase()
	if p == nil {
		return nil, nil
	}
	e := &PhaseSettled{Turn: g.Turn, Side: p.Side}
	cpsOf := func(id string) int {
		if p.Allowance[id].Allowance.Num > 0 {
			return 1
		}
		return 0
	}
	for _, u := range g.UnitsOf(p.Side) {
		st := g.LITN.Moves.Entrenchment[u.ID]
		if !u.OnMap() || (st.Stage == NotEntrenched && !p.Entrench[u.ID]) {
			continue
		}
		next, why, err := EntrenchPhase(g.moveUnit(u), st, g.Turn, p.Spent[u.ID], cpsOf(u.ID), p.Entrench[u.ID])
		if err != nil {
			e.Notes = append(e.Notes, fmt.Sprintf("%s: %v", u.Name, err))
			next = Entrenchment{Unit: u.ID}
			why = ""
		}
		if next != st {
			e.Entrenchment = append(e.Entrenchment, next)
			if why != "" {
				e.Notes = append(e.Notes, why)
			}
		}
	}
	byBridge := map[string][]string{}
	for id, b := range p.Repair {
		byBridge[b] = append(byBridge[b], id)
	}
	for _, b := range lpmKeys(byBridge) {
		ids := byBridge[b]
		sort.Strings(ids)
		var force []MoveUnit
		moved, cps := false, 0
		for _, id := range ids {
			if u, ok := g.LITN.Units[id]; ok && u.OnMap() {
				force = append(force, g.moveUnit(u))
				moved = moved || p.Spent[id] > 0
				cps = max(cps, cpsOf(id))
			}
		}
		enemyAdj := false
		if len(force) > 0 {
			for _, u := range g.UnitsOf(engine.EnemyOf(p.Side)) {
				if u.OnMap() && engine.Distance(u.Hex, force[0].Hex) <= 1 {
					enemyAdj = true
				}
			}
		}
		why, err := BridgeRepair(force, len(force) > 0, enemyAdj, moved, cps)
		if err != nil {
			e.Notes = append(e.Notes, fmt.Sprintf("%s not repaired: %v", strings.ReplaceAll(b, "\x00", " / "), err))
			continue
		}
		for _, pl := range strings.Split(b, "\x00") {
			e.Repaired = append(e.Repaired, pl)
		}
		e.Notes = append(e.Notes, why)
	}
	if len(e.Entrenchment) == 0 && len(e.Repaired) == 0 && len(e.Notes) == 0 {
		return nil, nil
	}
	return []engine.Event{e}, nil
}

// Say implements Sayer: markers are on the open map.
func (e *PhaseSettled) Say(g Game) []Say {
	var pub []string
	for _, st := range e.Entrenchment {
		switch st.Stage {
		case Constructing:
			pub = append(pub, lpmUnitName(g, st.Unit)+": Constructing Entrenchment")
		case Entrenched:
			pub = append(pub, lpmUnitName(g, st.Unit)+": Entrenchment")
		default:
			pub = append(pub, lpmUnitName(g, st.Unit)+": marker removed")
		}
	}
	if len(e.Repaired) > 0 {
		pub = append(pub, "repaired: "+strings.Join(e.Repaired, " / "))
	}
	var out []Say
	if len(pub) > 0 {
		out = append(out, Say{"all", "🛠 End of the movement phase (002 8.7, 8.8): " + strings.Join(pub, "; ") + "."})
	}
	if len(e.Notes) > 0 {
		out = append(out, Say{string(e.Side), strings.Join(e.Notes, "\n")})
	}
	return out
}

// ---- apply -----------------------------------------------------------------

func applyMoves(g Game, e engine.Event) (Game, bool) {
	mv := g.LITN.Moves
	switch e := e.(type) {
	case *Declared:
		if len(e.BasicMA) > 0 {
			mv.BasicMA = lpmClone(mv.BasicMA)
			for k, v := range e.BasicMA {
				mv.BasicMA[k] = v
			}
		}
		if len(e.Year) > 0 {
			cp, bc := lpmClone(mv.Year.CommandPoint), lpmClone(mv.Year.Broadcast)
			if v, ok := e.Year["command-point"]; ok {
				cp[e.Years] = v
			}
			if v, ok := e.Year["broadcast"]; ok {
				bc[e.Years] = v
			}
			mv.Year = YearModifiers{CommandPoint: cp, Broadcast: bc}
		}
		if len(e.LOC) > 0 {
			mv.NoLOC = lpmClone(mv.NoLOC)
			for id, has := range e.LOC {
				if has {
					delete(mv.NoLOC, id)
				} else {
					mv.NoLOC[id] = true
				}
			}
		}
	case *Arrived:
		g = g.withUnits(e.Units...)
	case *CommandRolled:
		ph := NewCommandPhase(e.Context)
		for _, r := range e.Rolls {
			ph = ph.WithRoll(r)
		}
		mv.Command = lpmClone(mv.Command)
		mv.Command[e.Context.Side] = ph
	case *BroadcastMade:
		mv.Command = lpmClone(mv.Command)
		mv.Command[e.Side] = g.CommandOf(e.Side).WithBroadcast(e.Broadcast)
	case *MovementBegun:
		mv.Phase = &PhaseMoves{Turn: e.Turn, Step: e.Step, Side: e.Side, Allowance: lpmClone(e.Allowance), Start: lpmClone(e.Start),
			Spent: map[string]int{}, Moved: map[string]bool{}, Ended: map[string]bool{}, ForceMarched: map[string]bool{},
			Entrench: map[string]bool{}, Repair: map[string]string{}, Reactions: Reactions{Mover: e.Side}}
	case *Moved:
		g, mv = applyMoved(g, mv, e)
	case *DetachEvent:
		p := mv.Phase.clone()
		if e.Reattach {
			g = g.withUnits(e.Unit, e.Leader)
			if p != nil {
				p.Spent[e.Leader.ID]++ // 6.3: the leader pays 1 MP
			}
		} else {
			g = g.withUnits(e.Unit, e.Leader)
			if p != nil {
				p.Allowance[e.Unit.ID] = p.Allowance[e.Leader.ID]
				p.Start[e.Unit.ID] = e.Unit.At
				p.Spent[e.Unit.ID] = 1 // 6.3: the detachment pays 1 MP
			}
		}
		mv.Phase = p
	case *Worked:
		p := mv.Phase.clone()
		switch e.Kind {
		case "entrench":
			for _, id := range e.Units {
				p.Entrench[id] = true
			}
		case "repair-bridge":
			for _, id := range e.Units {
				p.Repair[id] = strings.Join(e.Places, "\x00")
			}
		case "destroy-bridge":
			mv.DestroyedBridges = lpmClone(mv.DestroyedBridges)
			for _, pl := range e.Places {
				mv.DestroyedBridges[pl] = true
			}
		case "destroy-rail":
			mv.DestroyedRail = lpmClone(mv.DestroyedRail)
			mv.DestroyedRail[e.At] = true
		case "repair-rail":
			mv.DestroyedRail = lpmClone(mv.DestroyedRail)
			delete(mv.DestroyedRail, e.At)
		}
		for _, id := range e.Units {
			p.Spent[id] += e.Cost
			if e.Cost > 0 {
				p.Moved[id] = true
			}
		}
		mv.Phase = p
	case *RailMoved:
		p := mv.Phase.clone()
		mv.Entrained = lpmClone(mv.Entrained)
		for _, id := range e.Units {
			p.Spent[id] += e.Cost
			p.Moved[id] = true
			p.Rail = append(p.Rail, id)
			if e.Entrained {
				mv.Entrained[id] = true
			} else {
				delete(mv.Entrained, id)
			}
		}
		g = place(g, e.Units, e.To, e.Hex)
		mv.Phase = p
	case *PhaseSettled:
		mv.Entrenchment = lpmClone(mv.Entrenchment)
		mv.Entrenched = lpmClone(mv.Entrenched)
		for _, st := range e.Entrenchment {
			if st.Stage == NotEntrenched {
				delete(mv.Entrenchment, st.Unit)
			} else {
				mv.Entrenchment[st.Unit] = st
			}
			if st.Stage == Entrenched {
				mv.Entrenched[st.Unit] = true
			} else {
				delete(mv.Entrenched, st.Unit)
			}
		}
		if len(e.Repaired) > 0 {
			mv.DestroyedBridges = lpmClone(mv.DestroyedBridges)
			for _, pl := range e.Repaired {
				delete(mv.DestroyedBridges, pl)
			}
		}
	default:
		return g, false
	}
	g.LITN.Moves = mv
	return g, true
}

// place moves units and wagons to a hex.
func place(g Game, ids []string, at string, h engine.Hex) Game {
	var us []Unit
	var ws []WagonPiece
	for _, id := range ids {
		if u, ok := g.LITN.Units[id]; ok {
			u.At, u.Hex = at, h
			us = append(us, u)
		} else if w, ok := g.LITN.Wagons[id]; ok {
			w.At, w.Hex = at, h
			ws = append(ws, w)
		}
	}
	return g.withUnits(us...).withWagons(ws...)
}

func applyMoved(g Game, mv MovePlay, e *Moved) (Game, MovePlay) {
	p := mv.Phase.clone()
	if p == nil {
		p = &PhaseMoves{Spent: map[string]int{}, Moved: map[string]bool{}, Ended: map[string]bool{}, ForceMarched: map[string]bool{}, Entrench: map[string]bool{}, Repair: map[string]string{}}
	}
	if e.Reactions != nil {
		p.Reactions = *e.Reactions
	}
	if len(e.Released) > 0 {
		mv.Released = lpmClone(mv.Released)
		for _, id := range e.Released {
			mv.Released[id] = true
		}
	}
	if e.Stopped {
		for _, id := range e.Units {
			p.Ended[id] = true
			p.Moved[id] = true
		}
		mv.Phase = p
		return g, mv
	}
	if e.Result == nil || len(e.Path) == 0 {
		mv.Phase = p
		return g, mv
	}
	to := e.Path[len(e.Path)-1]
	g = place(g, e.Units, to, e.To)
	if e.Reaction == nil {
		for _, id := range e.Units {
			p.Spent[id] = e.Result.Spent[id]
			p.Moved[id] = true
			if e.Result.Ended {
				p.Ended[id] = true
			}
			if e.March > 0 {
				p.ForceMarched[id] = true
			}
		}
		p.Last = &LastMove{Units: append([]string(nil), e.Units...), Hexes: append([]string(nil), e.Path...), First: p.Steps + 1}
		p.Steps += len(e.Path)
	}
	for _, id := range e.Stops {
		p.Ended[id] = true
	}
	// 8.8: an entrenched unit that moves loses its marker.
	if mv.Entrenched != nil || mv.Entrenchment != nil {
		mv.Entrenched, mv.Entrenchment = lpmClone(mv.Entrenched), lpmClone(mv.Entrenchment)
		for _, id := range e.Units {
			delete(mv.Entrenched, id)
			delete(mv.Entrenchment, id)
		}
	}
	// 8.6: force-march losses.
	var us []Unit
	for _, l := range e.Losses {
		if u, ok := g.LITN.Units[l.Unit]; ok && l.Lost > 0 {
			u.Strength = max(0, u.Strength-l.Lost)
			us = append(us, u)
		}
	}
	g = g.withUnits(us...)
	// 8.3: enemy non-combat units alone are eliminated.
	var dead []Unit
	var gone []WagonPiece
	for _, id := range e.Result.Eliminated {
		if u, ok := g.LITN.Units[id]; ok {
			u.Eliminated = true
			dead = append(dead, u)
		} else if w, ok := g.LITN.Wagons[id]; ok {
			w.At = ""
			gone = append(gone, w)
		}
	}
	g = g.withUnits(dead...).withWagons(gone...)
	mv.Phase = p
	return g, mv
}
