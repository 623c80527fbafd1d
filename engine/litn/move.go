package litn

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Lee Invades the North (002) Movement Phase: 6.3 (detachments), 8.1-8.9.
//
// Pure functions, like command.go: each settles one question of the
// Movement Phase and explains itself with its 002 section; nothing here
// changes a game. The later wiring turns the results into events.
//
// What the LITN map data does not hold (scenarios/maps/litn*.yaml has hex
// numbers, named places and a few bridge and rail hexes, but no terrain,
// roads, slopes, rivers, rail lines or ridges) the caller supplies: each
// step's terrain row and hexside features (Step), the cavalry ZOCs on a
// hex, whether a reaction zone is blocked by a ridge or an unbridged river,
// whether a rail route is on the lines the Union may use. The Movement
// Costs Chart is the group's loaded copy of the slot litn.movement-costs;
// the rolled tables (leaving an enemy-occupied hex, reaction, force march
// losses) are the shipped tables of scenarios/rules/litn-movement.yaml.

// Table and slot ids (scenarios/rules/litn-movement.yaml, litn-slots.yaml).
const (
	TableLeave      = "litn.leave-enemy-hex"
	TableReaction   = "litn.reaction"
	TableForceMarch = "litn.force-march-losses"
	SlotMoveCosts   = "litn.movement-costs"
)

// MoveUnit is a unit as the movement rules see it: the command rules'
// unit plus what movement needs.
type MoveUnit struct {
	CommandUnit
	Strength int `json:"strength,omitempty"`
	// StartStrength is the unit's strength at the start of the game: a
	// leader may not absorb a detachment beyond it (6.3 Reattaching).
	StartStrength int  `json:"start_strength,omitempty"`
	Initiative    int  `json:"initiative,omitempty"` // printed (6)
	Entrained     bool `json:"entrained,omitempty"`  // 8.9
}

// noncombatLeader reports a department leader, cavalry commander, corps
// leader or Couch: not a combat unit, never reduced by stacking (8.2).
func (u MoveUnit) noncombatLeader() bool {
	switch u.Role {
	case CommandDepartment, CommandCavalryCommander, CommandCorps, CommandCouch:
		return true
	}
	return false
}

// infantryFormation reports a Union corps or a Confederate division: a
// named combat leader with infantry (2.2; 8.2).
func (u MoveUnit) infantryFormation() bool {
	return u.Role == CommandLeader && (u.Troop == CommandInfantry || u.Troop == "")
}

// Highest returns the highest-ranking leader of a stack (6.4): the
// department leader first, then the lowest rank number; false without one.
func Highest(stack []MoveUnit) (MoveUnit, bool) {
	h := CommandHex{}
	for _, u := range stack {
		h.Units = append(h.Units, u.CommandUnit)
	}
	r, ok := h.Receiver()
	if !ok || !r.Role.leaderRole() {
		return MoveUnit{}, false
	}
	for _, u := range stack {
		if u.ID == r.ID {
			return u, true
		}
	}
	return MoveUnit{}, false
}

// ---- 8.2 Stacking ---------------------------------------------------------

// Formations counts a force's corps (Union) or divisions (Confederate)
// for 8.2: each infantry leader; 25 or more strength points of cavalry; 25
// or more of (non-cavalry) detachments; the Union artillery unit; every
// three militia units. It returns the count and what was counted.
func Formations(side engine.Side, force []MoveUnit) (int, []string) {
	n, cav, det, militia := 0, 0, 0, 0
	var what []string
	for _, u := range force {
		switch {
		case u.infantryFormation():
			n++
			what = append(what, u.name())
		case u.Troop == CommandCavalry && (u.Role == CommandLeader || u.Role == CommandDetachment):
			cav += u.Strength
		case u.Role == CommandDetachment:
			det += u.Strength
		case u.Role == CommandArtillery && side == engine.USA:
			n++
			what = append(what, u.name()+" (the Union artillery unit)")
		case u.Role == CommandMilitia:
			militia++
		}
	}
	if cav >= 25 {
		n++
		what = append(what, fmt.Sprintf("%d cavalry strength points", cav))
	}
	if det >= 25 {
		n++
		what = append(what, fmt.Sprintf("%d detachment strength points", det))
	}
	if side == engine.USA && militia >= 3 {
		n += militia / 3
		what = append(what, fmt.Sprintf("%d militia units (every three count one)", militia))
	}
	return n, what
}

// UnitMA is one unit's movement allowance after stacking (8.2).
type UnitMA struct {
	Unit      string `json:"unit"`
	Base      Share  `json:"base"`
	Reduction int    `json:"reduction"`
	Allowance Share  `json:"allowance"`
	Why       string `json:"why"`
}

// ForceMA is a force's movement allowances after stacking (8.2).
type ForceMA struct {
	Formations int      `json:"formations"`
	Counted    []string `json:"counted,omitempty"`
	StackCut   int      `json:"stack_cut"` // for moving together
	LeftCut    int      `json:"left_cut"`  // for formations that left the hex ahead
	Units      []UnitMA `json:"units"`
	// Slowest is the least allowance in the force: "A force moves with
	// the movement allowance of the slowest unit in the force" (8.2).
	Slowest Share `json:"slowest"`
}

// Of returns the allowance of unit id.
func (f ForceMA) Of(id string) (Share, bool) {
	for _, u := range f.Units {
		if u.Unit == id {
			return u.Allowance, true
		}
	}
	return Share{}, false
}

func lmSub(s Share, n int) Share {
	d := max(s.Den, 1)
	return share(s.Num-n*d, d)
}

// StackAllowance applies 8.2's Movement Allowance Modifications to a
// force about to move. base is each unit's allowance before stacking (the
// command phase's UnitAllowance.Allowance, its Minimum, or the basic
// allowance for a reaction); leftAhead are the side's units that began the
// phase in this hex and moved out of it earlier this phase. The force must
// be all one side's.
func StackAllowance(force []MoveUnit, base map[string]Share, leftAhead []MoveUnit) (ForceMA, error) {
	if len(force) == 0 {
		return ForceMA{}, engine.Invalid("litn.move.empty", "No units were given to move", "Name the units of the force")
	}
	side := force[0].Side
	for _, u := range force {
		if u.Side != side {
			return ForceMA{}, engine.Invalid("litn.move.sides", fmt.Sprintf("%s is not a %s unit", u.name(), side), "A force is one side's units")
		}
	}
	out := ForceMA{}
	out.Formations, out.Counted = Formations(side, force)
	free := 1 // Union: each corps after the first
	unit := "corps"
	if side == engine.CSA {
		free, unit = 2, "division"
	}
	out.StackCut = max(0, out.Formations-free)
	for _, u := range leftAhead {
		if u.Side == side && u.infantryFormation() {
			out.LeftCut++
		}
	}
	for i, u := range force {
		b, ok := base[u.ID]
		if !ok {
			return ForceMA{}, engine.Invalid("litn.move.base", fmt.Sprintf("No allowance was given for %s", u.name()), "Give every unit its allowance from the Command Phase (002 7.1)")
		}
		m := UnitMA{Unit: u.ID, Base: b, Allowance: b}
		var why []string
		switch {
		case u.Role == CommandWagon || u.noncombatLeader():
			why = append(why, "stacking does not affect wagons or non-combat leaders (002 8.2)")
		case b.Num == 0:
			why = append(why, "no allowance to reduce")
		default:
			cut := out.StackCut
			if out.StackCut > 0 {
				why = append(why, fmt.Sprintf("-%d: %d %s moving together (%s), %d free (002 8.2)", out.StackCut, out.Formations, unit+"s", strings.Join(out.Counted, ", "), free))
			}
			if out.LeftCut > 0 {
				cut += out.LeftCut
				why = append(why, fmt.Sprintf("-%d: %d %s left the hex ahead of it (002 8.2)", out.LeftCut, out.LeftCut, unit+"s"))
			}
			if cut > 0 {
				m.Reduction = cut
				m.Allowance = lmSub(b, cut)
				if m.Allowance.Less(Share{1, 1}) {
					m.Allowance = Share{1, 1}
					why = append(why, "never reduced below 1 MP by stacking (002 8.2)")
				}
			}
		}
		m.Why = fmt.Sprintf("%s: %s MP", u.name(), m.Allowance)
		if len(why) > 0 {
			m.Why += " (" + b.String() + "; " + strings.Join(why, "; ") + ")"
		}
		out.Units = append(out.Units, m)
		if i == 0 || m.Allowance.Less(out.Slowest) {
			out.Slowest = m.Allowance
		}
	}
	return out, nil
}

// BaseFromCommand reads each unit's allowance out of the command
// phase's result (7.1); with minimum, a unit's Minimum Movement Allowance
// is used where it has one (the caller vouches that the unit stays more
// than 6 hexes from every enemy unit throughout its move).
func BaseFromCommand(h HexAllowance, minimum bool) map[string]Share {
	out := map[string]Share{}
	for _, u := range h.Units {
		out[u.Unit] = u.Allowance
		if minimum && u.Minimum != nil && u.Allowance.Less(*u.Minimum) {
			out[u.Unit] = *u.Minimum
		}
	}
	return out
}

// ---- 8.1, 8.3, 8.4 Path cost ----------------------------------------------

// ZOC is one enemy cavalry unit's zone of control on a hex (8.4). The
// caller works it out (facing, ridges, bridges, blocking units are map and
// board facts); it omits a ZOC the rules waive (moving from the cavalry
// unit's own hex into its frontal hex, an entrenched unit, an enemy combat
// unit in the cavalry's hex).
type ZOC struct {
	Side engine.Side `json:"side"` // the cavalry unit's side
	// Frontal: one of the three adjacent frontal hexes; otherwise a hex
	// two hexes away (Confederate cavalry only).
	Frontal bool   `json:"frontal"`
	Unit    string `json:"unit,omitempty"`
}

// Step is one hex entered.
type Step struct {
	To    engine.Hex `json:"to"`
	Label string     `json:"label,omitempty"` // the printed hex number
	// Terrain is the Movement Costs Chart row of the hex's terrain (clear,
	// ridge), as the group's copy names it.
	Terrain string `json:"terrain"`
	// Road: entered through a hexside crossed by a road or rail line:
	// the road rate replaces the terrain and slopes (not fords) (8.1).
	Road   bool `json:"road,omitempty"`
	Slopes int  `json:"slopes,omitempty"` // slope crossings: 2 where slopes face each other (8.1)
	Ford   bool `json:"ford,omitempty"`
	// Other are further chart rows that apply to this step (a bridge or
	// stream crossing, as the group's chart prints them).
	Other []string `json:"other,omitempty"`
	// EnemyCombat: an enemy combat unit is in the hex (8.3).
	EnemyCombat bool `json:"enemy_combat,omitempty"`
	// EnemyAlone are enemy department leaders, cavalry commanders, corps
	// leaders or wagons alone in the hex without friendly combat units:
	// entered at no extra cost, and eliminated (8.3 Non-combat Units).
	EnemyAlone []string `json:"enemy_alone,omitempty"`
	ZOCs       []ZOC    `json:"zocs,omitempty"`
}

// CostRows names the rows of the group's Movement Costs Chart that the
// rules refer to by kind, and the column of each unit type.
type CostRows struct {
	Road, Slope, Ford string
	// Columns maps "infantry", "cavalry", "artillery", "wagon", "leader"
	// (non-combat leaders) to a column; when a type is missing, the column
	// whose heading contains the word is used.
	Columns map[string]string
}

// MoveCharts are what movement rolls and looks up.
type MoveCharts struct {
	Library *engine.Library
	Costs   *engine.LoadedChart // the group's Movement Costs Chart; nil when not loaded
	Rows    CostRows
}

func (c MoveCharts) table(id string) (*engine.Table, error) {
	if c.Library == nil || c.Library.Table(id) == nil {
		return nil, engine.Invalid("litn.move.table", "The table "+id+" is missing", "Pass the library with scenarios/rules/litn-movement.yaml")
	}
	return c.Library.Table(id), nil
}

func (c MoveCharts) costType(u MoveUnit) string {
	switch {
	case u.Role == CommandWagon:
		return "wagon"
	case u.noncombatLeader():
		return "leader"
	case u.Troop == CommandCavalry:
		return "cavalry"
	case u.Troop == CommandArtilleryType || u.Role == CommandArtillery:
		return "artillery"
	}
	return "infantry" // militia and infantry leaders and detachments
}

func (c MoveCharts) column(u MoveUnit) (int, error) {
	t := c.costType(u)
	want := c.Rows.Columns[t]
	for i, h := range c.Costs.Columns {
		if (want != "" && strings.EqualFold(h, want)) || (want == "" && strings.Contains(strings.ToLower(h), t)) {
			return i, nil
		}
	}
	return 0, engine.Invalid("litn.move.column", fmt.Sprintf("The Movement Costs Chart has no column for %s (%s)", u.name(), t),
		"Name the column for "+t+" in LITNCostRows.Columns; its columns: "+strings.Join(c.Costs.Columns, ", "))
}

func (c MoveCharts) cost(row string, col int, u MoveUnit) (int, error) {
	for i, r := range c.Costs.Rows {
		if strings.EqualFold(r, row) {
			cell := c.Costs.Cells[i][col]
			switch cell {
			case "P":
				return 0, engine.Illegal("litn.move.prohibited", fmt.Sprintf("%s may not enter: the Movement Costs Chart prints P for %s, %s", u.name(), r, c.Costs.Columns[col]), "Choose another path (002 8.1)")
			case "-":
				return 0, nil
			}
			n, err := strconv.Atoi(cell)
			if err != nil {
				return 0, engine.Invalid("litn.move.cell", fmt.Sprintf("The Movement Costs Chart's cell %s, %s is %q", r, c.Costs.Columns[col], cell), "Reload the chart")
			}
			return n, nil
		}
	}
	return 0, engine.Invalid("litn.move.row", fmt.Sprintf("The Movement Costs Chart has no row %q", row), "Its rows: "+strings.Join(c.Costs.Rows, ", "))
}

// ZOCCost is 8.4's extra cost for a unit of side mover to enter a hex
// with these ZOCs: Union cavalry +1 (frontal hexes); Confederate cavalry +2
// in a frontal hex, +1 two hexes away; not cumulative, the greatest cost
// applies. Friendly ZOCs cost nothing.
func ZOCCost(mover engine.Side, zocs []ZOC) (int, string) {
	best, why := 0, ""
	for _, z := range zocs {
		if z.Side == mover {
			continue
		}
		c := 1
		if z.Side == engine.CSA && z.Frontal {
			c = 2
		}
		if c > best {
			best = c
			where := "a frontal hex"
			if !z.Frontal {
				where = "two hexes away"
			}
			why = fmt.Sprintf("+%d: %s cavalry ZOC, %s (002 8.4; the greatest ZOC cost applies)", c, z.Side, where)
		}
	}
	return best, why
}

// Path is a force's move along a path.
type Path struct {
	Force     []MoveUnit
	Allowance ForceMA // from LITNStackAllowance
	// ForceMarch are extra MPs from ForceMarch (8.6), for every unit.
	ForceMarch int
	// Spent are MPs each unit has already spent this move (1 for a new
	// detachment or a leader who reattached one, 6.3; entraining...).
	Spent map[string]int
	// Left: the force starts in a hex with an enemy combat unit and has
	// passed the roll to leave it (LeaveEnemyHex): +1 MP (8.3).
	Left  bool
	Steps []Step
}

// StepCost is what one step cost each unit.
type StepCost struct {
	Label string         `json:"label"`
	Costs map[string]int `json:"costs"`
	Why   []string       `json:"why"`
}

// PathResult is a settled path.
type PathResult struct {
	Steps []StepCost     `json:"steps"`
	Spent map[string]int `json:"spent"`
	// Ended: the force entered a hex with an enemy combat unit and may
	// spend no more MPs this phase (8.3).
	Ended      bool     `json:"ended,omitempty"`
	Eliminated []string `json:"eliminated,omitempty"` // 8.3 Non-combat Units
	Log        []string `json:"log"`
}

// PathCost settles a force's move: each unit pays its own type's
// costs (8.1 Stacks) from the group's Movement Costs Chart, the extra costs
// of 8.3 and 8.4, and may not enter a hex it cannot pay for in full. The
// move is refused, naming the step and the unit, when any unit cannot pay
// or the path goes on past a hex with an enemy combat unit.
func PathCost(c MoveCharts, p Path) (*PathResult, error) {
	if c.Costs == nil {
		return nil, engine.Illegal("chart.empty", "The Movement Costs Chart (litn.movement-costs) is not loaded: its costs are printed on the game's chart, not in the rules text", "Load your copy with /chart load name:litn.movement-costs")
	}
	if len(p.Force) == 0 {
		return nil, engine.Invalid("litn.move.empty", "No units were given to move", "Name the units of the force")
	}
	side := p.Force[0].Side
	res := &PathResult{Spent: map[string]int{}}
	cols := map[string]int{}
	for _, u := range p.Force {
		col, err := c.column(u)
		if err != nil {
			return nil, err
		}
		cols[u.ID] = col
		res.Spent[u.ID] = p.Spent[u.ID]
		if u.Entrained {
			return nil, engine.Illegal("litn.move.entrained", u.name()+" is entrained", "Detrain first (1 MP) or move it by rail (002 8.9)")
		}
		if a, _ := p.Allowance.Of(u.ID); a.Num == 0 {
			return nil, engine.Illegal("litn.move.zero", u.name()+" has no movement allowance this phase", "A unit moves only when its computed allowance is above 0 (002 8, 7.1)")
		}
	}
	for i, s := range p.Steps {
		label := s.Label
		if label == "" {
			label = fmt.Sprintf("(%d,%d)", s.To.Q, s.To.R)
		}
		if res.Ended {
			return nil, engine.Illegal("litn.move.ended", fmt.Sprintf("The force entered a hex with an enemy combat unit before %s: it may not spend any more MPs this phase", label), "End the move there (002 8.3)")
		}
		sc := StepCost{Label: label, Costs: map[string]int{}}
		zoc, zwhy := ZOCCost(side, s.ZOCs)
		for _, u := range p.Force {
			col := cols[u.ID]
			row := s.Terrain
			if s.Road {
				row = c.Rows.Road
			}
			n, err := c.cost(row, col, u)
			if err != nil {
				return nil, err
			}
			why := []string{fmt.Sprintf("%s %d (%s)", row, n, c.Costs.Columns[col])}
			if !s.Road && s.Slopes > 0 {
				sl, err := c.cost(c.Rows.Slope, col, u)
				if err != nil {
					return nil, err
				}
				n += sl * s.Slopes
				why = append(why, fmt.Sprintf("slope %d x%d (002 8.1)", sl, s.Slopes))
			} else if s.Road && s.Slopes > 0 {
				why = append(why, "the road negates the slope (002 8.1)")
			}
			if s.Ford {
				f, err := c.cost(c.Rows.Ford, col, u)
				if err != nil {
					return nil, err
				}
				n += f
				why = append(why, fmt.Sprintf("ford %d (a road does not negate fords, 002 8.1)", f))
			}
			for _, o := range s.Other {
				f, err := c.cost(o, col, u)
				if err != nil {
					return nil, err
				}
				n += f
				why = append(why, fmt.Sprintf("%s %d", o, f))
			}
			if i == 0 && p.Left {
				n++
				why = append(why, "+1 to leave the enemy-occupied hex (002 8.3)")
			}
			if s.EnemyCombat {
				n++
				why = append(why, "+1 to enter a hex with an enemy combat unit (002 8.3)")
			}
			if zoc > 0 {
				n += zoc
				why = append(why, zwhy)
			}
			spent := res.Spent[u.ID] + n
			a, _ := p.Allowance.Of(u.ID)
			a = share(a.Num+p.ForceMarch*max(a.Den, 1), max(a.Den, 1))
			if a.Less(Share{spent, 1}) {
				fm := ""
				if p.ForceMarch > 0 {
					fm = fmt.Sprintf(" with %d MP of force march", p.ForceMarch)
				}
				return nil, engine.Illegal("litn.move.cost", fmt.Sprintf("%s cannot pay %d MP to enter %s (%s): it has spent %d of %s%s", u.name(), n, label, strings.Join(why, ", "), res.Spent[u.ID], a, fm),
					"A unit may not enter a hex if it cannot pay the full cost, and a stack stops when any unit has used its allowance (002 8.1)")
			}
			res.Spent[u.ID] = spent
			sc.Costs[u.ID] = n
			sc.Why = append(sc.Why, fmt.Sprintf("%s: %d (%s)", u.name(), n, strings.Join(why, ", ")))
		}
		res.Log = append(res.Log, fmt.Sprintf("%s: %s", label, strings.Join(sc.Why, "; ")))
		if len(s.EnemyAlone) > 0 && !s.EnemyCombat {
			res.Eliminated = append(res.Eliminated, s.EnemyAlone...)
			res.Log = append(res.Log, fmt.Sprintf("%s: %s without friendly combat units is eliminated (002 8.3 Non-combat Units)", label, strings.Join(s.EnemyAlone, ", ")))
		}
		if s.EnemyCombat {
			res.Ended = true
			res.Log = append(res.Log, fmt.Sprintf("%s holds an enemy combat unit: the force may spend no more MPs this phase (002 8.3)", label))
		}
		res.Steps = append(res.Steps, sc)
	}
	return res, nil
}

// ---- 8.3 Leaving an enemy-occupied hex ------------------------------------

// LeaveRoll is a settled roll to leave an enemy-occupied hex.
type LeaveRoll struct {
	Units  []string          `json:"units"` // the declared force
	Leader string            `json:"leader"`
	Enemy  string            `json:"enemy"`
	Roll   *engine.TableRoll `json:"roll"`
	Leaves bool              `json:"leaves"`
	Why    string            `json:"why"`
}

// LeaveEnemyHex rolls for a declared force to leave a hex with an
// enemy combat unit (8.3 Exiting Enemy-Occupied Hexes): the die, +1 when
// the highest-ranking enemy leader in the hex has the higher initiative,
// -1 when the lower, must not exceed the moving leader's initiative. On a
// failure none of the declared units may move again this phase.
func LeaveEnemyHex(c MoveCharts, force, enemy []MoveUnit, d engine.Dice) (*LeaveRoll, error) {
	t, err := c.table(TableLeave)
	if err != nil {
		return nil, err
	}
	lead, ok := Highest(force)
	if !ok {
		return nil, engine.Illegal("litn.move.leader", "The force leaving has no leader", "The roll compares the initiative of the highest-ranking leader attempting to leave (002 8.3)")
	}
	foe, ok := Highest(enemy)
	if !ok {
		return nil, engine.Illegal("litn.move.no-enemy-leader", "No enemy leader was given for the hex", "Give the enemy units in the hex (002 8.3 step 2)")
	}
	tr, err := t.Roll(d, engine.Facts{"moving_leader_initiative": lead.Initiative, "enemy_leader_initiative": foe.Initiative})
	if err != nil {
		return nil, err
	}
	out := &LeaveRoll{Leader: lead.ID, Enemy: foe.ID, Roll: tr, Leaves: tr.Outcome == "leaves"}
	for _, u := range force {
		out.Units = append(out.Units, u.ID)
	}
	res := "the force may leave, paying 1 more MP"
	if !out.Leaves {
		res = "the force's movement ends, and none of these units may try to move again this phase"
	}
	out.Why = fmt.Sprintf("002 8.3: %s (initiative %d) leaving past %s (initiative %d): %s: %s", lead.name(), lead.Initiative, foe.name(), foe.Initiative, lmRoll(tr), res)
	return out, nil
}

func lmRoll(tr *engine.TableRoll) string {
	s := fmt.Sprintf("%s rolled %d", tr.Table, tr.Natural)
	for _, m := range tr.Modifiers {
		s += fmt.Sprintf(" %+d (%s)", m.Value, m.Reason)
	}
	if len(tr.Modifiers) > 0 {
		s += fmt.Sprintf(" = %d", tr.Total)
	}
	return s + ": " + tr.Name
}

// ---- 8.5 Reaction ---------------------------------------------------------

// Reactions is what limits reaction in one Movement Phase (8.5): it is
// a value; each attempt returns the next one.
type Reactions struct {
	Mover engine.Side `json:"mover"` // whose Movement Phase it is
	// Tried are "leader@step" keys: each stack tries once per hex of enemy
	// movement.
	Tried map[string]bool `json:"tried,omitempty"`
	// Barred leaders failed a reaction or the roll to leave from an
	// enemy-occupied hex: no reaction again while enemy units are there.
	Barred map[string]bool `json:"barred,omitempty"`
	// Halted leaders entered an enemy-occupied hex in a reaction move: no
	// more movement this phase.
	Halted map[string]bool `json:"halted,omitempty"`
}

// ReactionAttempt is a declared reaction attempt.
type ReactionAttempt struct {
	Stack []MoveUnit // the units that would move (entrained units may not)
	// Trigger is the enemy unit that entered the zone, EnemyStep its
	// step (a number the caller gives each hex of enemy movement).
	Trigger   MoveUnit
	EnemyStep int
	// ZoneBlocked says why the zone does not reach the hex (a ridge hex,
	// a river without an intact bridge): the map data lacks them.
	ZoneBlocked string
	// EnemyInHex are the enemy units in the stack's own hex, if any: a
	// successful reaction must then also pass the roll to leave (8.3).
	EnemyInHex []MoveUnit
	// LeftAhead are units of the side that began the phase in the hex and
	// left it earlier: stacking counts them in reaction moves too (8.2).
	LeftAhead []MoveUnit
	Combat    bool // a Combat Phase: no reaction (8.5)
}

// ReactionRoll is a settled attempt.
type ReactionRoll struct {
	Leader    string            `json:"leader"`
	Roll      *engine.TableRoll `json:"roll"`
	Succeeds  bool              `json:"succeeds"`
	Leave     *LeaveRoll        `json:"leave,omitempty"`
	May       bool              `json:"may_move"`
	Allowance Share             `json:"allowance"` // half the stacked basic allowance of the slowest
	Why       []string          `json:"why"`
}

func lmSet(m map[string]bool, k string) map[string]bool {
	out := make(map[string]bool, len(m)+1)
	for a, b := range m {
		out[a] = b
	}
	out[k] = true
	return out
}

// ReactionAllowance is 8.5 step 4: half the basic allowance of the
// slowest unit type in the force, computed with stacking first (CPs do not
// matter).
func ReactionAllowance(stack []MoveUnit, leftAhead []MoveUnit) (Share, string, error) {
	base := map[string]Share{}
	for _, u := range stack {
		base[u.ID] = Share{u.BasicMA, 1}
	}
	f, err := StackAllowance(stack, base, leftAhead)
	if err != nil {
		return Share{}, "", err
	}
	half := share(f.Slowest.Num, 2*max(f.Slowest.Den, 1))
	return half, fmt.Sprintf("half of %s, the slowest basic allowance after stacking: %s MP (002 8.5 step 4)", f.Slowest, half), nil
}

// Attempt settles one reaction attempt (8.5): who may, the roll on
// litn.reaction with the highest-ranking leader's initiative, then, from an
// enemy-occupied hex, the roll to leave (8.3). It returns the attempt and
// the phase's limits after it.
func (r Reactions) Attempt(c MoveCharts, a ReactionAttempt, d engine.Dice) (*ReactionRoll, Reactions, error) {
	no := func(code, what, hint string) (*ReactionRoll, Reactions, error) {
		return nil, r, engine.Illegal(code, what, hint)
	}
	if len(a.Stack) == 0 {
		return nil, r, engine.Invalid("litn.react.empty", "No reacting stack was given", "Name the units of the stack")
	}
	if a.Combat {
		return no("litn.react.combat", "Reaction may not be attempted during the Combat Phase", "002 8.5 Other Restrictions")
	}
	lead, ok := Highest(a.Stack)
	if !ok {
		return no("litn.react.leader", "The stack has no leader", "Reaction uses the initiative of the stack's highest-ranking leader (002 8.5)")
	}
	if lead.Side == r.Mover {
		return no("litn.react.own-phase", fmt.Sprintf("It is the %s Movement Phase: %s may not react in it", r.Mover, lead.name()), "A player's leaders may not use reaction in his own Movement Phase (002 8.5)")
	}
	if a.Trigger.Side == lead.Side || a.Trigger.ID == "" {
		return no("litn.react.trigger", "Reaction answers an enemy unit that has moved", "Reaction may be attempted only after an enemy force has moved (002 8.5)")
	}
	for _, u := range a.Stack {
		if u.Entrained {
			return no("litn.react.entrained", u.name()+" is entrained", "An entrained unit may not react, nor use rail movement in reaction (002 8.9)")
		}
		if u.Hex != lead.Hex {
			return no("litn.react.hex", u.name()+" is not in "+lead.name()+"'s hex", "Units reacting together start in the same hex and move as one stack (002 8.5)")
		}
	}
	if r.Halted[lead.ID] {
		return no("litn.react.halted", lead.name()+" entered an enemy-occupied hex in a reaction move", "He may not move for the rest of this Movement Phase (002 8.5)")
	}
	if len(a.EnemyInHex) > 0 && r.Barred[lead.ID] {
		return no("litn.react.barred", lead.name()+" already failed to react or to leave this enemy-occupied hex this phase", "No new attempt while enemy units occupy the hex (002 8.3, 8.5)")
	}
	key := fmt.Sprintf("%s@%d", lead.ID, a.EnemyStep)
	if r.Tried[key] {
		return no("litn.react.once", fmt.Sprintf("%s's stack already tried to react to this hex of enemy movement", lead.name()), "Each stack may attempt reaction only once per hex of enemy movement (002 8.5)")
	}
	dist := engine.Distance(lead.Hex, a.Trigger.Hex)
	if dist > lead.Initiative {
		return no("litn.react.zone", fmt.Sprintf("%s is %d hexes from %s's hex: his reaction zone reaches %d (his initiative)", a.Trigger.name(), dist, lead.name(), lead.Initiative),
			"A stack may react only when an enemy unit enters its highest-ranking leader's reaction zone (002 8.5)")
	}
	if a.ZoneBlocked != "" {
		return no("litn.react.blocked", fmt.Sprintf("%s's reaction zone does not reach %s: %s", lead.name(), a.Trigger.name(), a.ZoneBlocked), "Reaction zones do not extend into or through ridge hexes, and cross rivers only at intact bridges (002 8.5)")
	}
	t, err := c.table(TableReaction)
	if err != nil {
		return nil, r, err
	}
	tr, err := t.Roll(d, engine.Facts{"leader_initiative": lead.Initiative})
	if err != nil {
		return nil, r, err
	}
	next := r
	next.Tried = lmSet(r.Tried, key)
	out := &ReactionRoll{Leader: lead.ID, Roll: tr, Succeeds: tr.Outcome == "reacts"}
	out.Why = append(out.Why, fmt.Sprintf("002 8.5: %s (initiative %d, %d hexes from %s): %s", lead.name(), lead.Initiative, dist, a.Trigger.name(), lmRoll(tr)))
	if !out.Succeeds {
		if len(a.EnemyInHex) > 0 {
			next.Barred = lmSet(r.Barred, lead.ID)
			out.Why = append(out.Why, "from an enemy-occupied hex: no further reaction while enemy units occupy it (002 8.5)")
		}
		return out, next, nil
	}
	half, why, err := ReactionAllowance(a.Stack, a.LeftAhead)
	if err != nil {
		return nil, r, err
	}
	out.Allowance = half
	out.Why = append(out.Why, why)
	out.May = true
	if len(a.EnemyInHex) > 0 {
		lv, err := LeaveEnemyHex(c, a.Stack, a.EnemyInHex, d)
		if err != nil {
			return nil, r, err
		}
		out.Leave, out.May = lv, lv.Leaves
		out.Why = append(out.Why, lv.Why)
		if !lv.Leaves {
			next.Barred = lmSet(r.Barred, lead.ID)
			out.Why = append(out.Why, "no further reaction while enemy units occupy the hex (002 8.3, 8.5); units may still spend reaction MPs in the hex")
		} else {
			out.Why = append(out.Why, "it may not leave through a hexside by which enemy units entered the hex this turn (002 8.5)")
		}
	}
	return out, next, nil
}

// WithHalted records that a reacting leader entered an enemy-occupied hex:
// he may not move for the rest of the phase (8.5).
func (r Reactions) WithHalted(leader string) Reactions {
	r.Halted = lmSet(r.Halted, leader)
	return r
}

// ---- 8.6 Force march ------------------------------------------------------

// ForceMarch returns the extra MPs a stack may spend by force march
// (8.6): the initiative of its highest-ranking leader, if that leader's hex
// is entitled to 100% of its printed allowance (UnitAllowance.Full).
// No die roll is needed to march; the losses are rolled after the move.
func ForceMarch(stack []MoveUnit, hex HexAllowance) (int, string, error) {
	lead, ok := Highest(stack)
	if !ok {
		return 0, "", engine.Illegal("litn.march.leader", "The stack has no leader", "Force march uses the highest-ranking leader's initiative (002 8.6)")
	}
	full := false
	for _, u := range hex.Units {
		if u.Unit == lead.ID {
			full = u.Full
		}
	}
	if !full {
		return 0, "", engine.Illegal("litn.march.cps", fmt.Sprintf("%s is not entitled to 100%% of his printed allowance (%d CP for command rating %d)", lead.name(), hex.CommandPoints, hex.CommandRating+hex.RatingModifier),
			"Force march needs CPs equal to the command rating; if the highest-ranking leader does not qualify, no unit of the stack may force march (002 8.6)")
	}
	return lead.Initiative, fmt.Sprintf("002 8.6: %s has his full allowance: each unit may spend %d more MP (his initiative); each rolls for losses after moving", lead.name(), lead.Initiative), nil
}

// MarchLoss is one unit's force-march loss roll.
type MarchLoss struct {
	Unit string            `json:"unit"`
	Roll *engine.TableRoll `json:"roll"`
	Lost int               `json:"lost"`
	Why  string            `json:"why"`
}

// ForceMarchLosses rolls for every unit that force marched, separately
// (8.6): 1-4 nothing, 5-6 a tenth of its strength, rounded up.
func ForceMarchLosses(c MoveCharts, units []MoveUnit, d engine.Dice) ([]MarchLoss, error) {
	t, err := c.table(TableForceMarch)
	if err != nil {
		return nil, err
	}
	var out []MarchLoss
	for _, u := range units {
		tr, err := t.Roll(d, engine.Facts{})
		if err != nil {
			return nil, err
		}
		l := MarchLoss{Unit: u.ID, Roll: tr}
		if p := tr.Values["strength_loss_percent"]; p > 0 && u.Strength > 0 {
			l.Lost = (u.Strength*p + 99) / 100
		}
		l.Why = fmt.Sprintf("002 8.6: %s (%d SP) force marched: %s: loses %d", u.name(), u.Strength, lmRoll(tr), l.Lost)
		out = append(out, l)
	}
	return out, nil
}

// ---- 6.3 Detachments ------------------------------------------------------

// Detached is a detachment formed at the start of a unit's move.
type Detached struct {
	Detachment MoveUnit `json:"detachment"`
	Parent     MoveUnit `json:"parent"` // with its strength reduced
	Cost       int      `json:"cost"`   // MPs the detachment pays
	Why        []string `json:"why"`
}

// Detach forms a detachment of strength points from parent (6.3):
// militia may not; at most a third of the parent's current strength; one
// contributing unit and one troop type (the parent's); a Confederate
// infantry detachment belongs to the parent's corps; the detachment has the
// parent's allowance this turn and pays 1 MP (the parent pays none). id and
// name are the detachment counter's. moved: the parent has begun its move.
func Detach(parent MoveUnit, id, name string, strength int, moved bool) (*Detached, error) {
	switch {
	case parent.Role == CommandMilitia:
		return nil, engine.Illegal("litn.detach.militia", parent.name()+" is militia", "Militia units may not form detachments (002 6.3)")
	case parent.Role != CommandLeader && parent.Role != CommandDetachment:
		return nil, engine.Illegal("litn.detach.unit", parent.name()+" has no troops to detach", "A detachment takes strength from one combat unit (002 6.3)")
	case moved:
		return nil, engine.Illegal("litn.detach.moved", parent.name()+" has already begun its move", "Detachments are created at the start of a unit's movement (002 6.3)")
	case strength <= 0:
		return nil, engine.Invalid("litn.detach.strength", "A detachment needs at least 1 strength point", "Give the strength points to assign")
	case strength*3 > parent.Strength:
		return nil, engine.Illegal("litn.detach.third", fmt.Sprintf("%d SP is more than a third of %s's %d SP", strength, parent.name(), parent.Strength),
			fmt.Sprintf("A detachment may not receive more than one-third of the detaching unit's current strength: at most %d (002 6.3)", parent.Strength/3))
	}
	d := MoveUnit{CommandUnit: CommandUnit{ID: id, Name: name, Side: parent.Side, Role: CommandDetachment, Troop: parent.Troop, Hex: parent.Hex, BasicMA: parent.BasicMA}, Strength: strength, StartStrength: strength}
	out := &Detached{Detachment: d, Parent: parent, Cost: 1}
	out.Parent.Strength -= strength
	out.Why = append(out.Why, fmt.Sprintf("002 6.3: %s detaches %d of its %d SP (at most a third): %s keeps %d", parent.name(), strength, parent.Strength, name, out.Parent.Strength),
		"the detachment has "+parent.name()+"'s allowance this turn and pays 1 MP; the detaching unit pays none (002 6.3 step 4)",
		"it uses the printed detachment ratings like a named leader (002 6.3)")
	switch {
	case parent.Troop == CommandCavalry:
		out.Why = append(out.Why, "a cavalry detachment is subordinate to the cavalry commander (002 6.3)")
	case parent.Side == engine.CSA && (parent.Troop == CommandInfantry || parent.Troop == ""):
		out.Detachment.Corps = parent.Corps
		out.Why = append(out.Why, fmt.Sprintf("note the corps %q in the Subordinate To column (002 6.3 step 3)", parent.Corps))
	}
	return out, nil
}

// Reattach is a settled reattachment.
type Reattach struct {
	Leader    MoveUnit `json:"leader"` // with the new strength
	Absorbed  int      `json:"absorbed"`
	Forfeited int      `json:"forfeited"`
	Cost      int      `json:"cost"` // MPs the leader pays
	Why       string   `json:"why"`
}

// ReattachDetachment absorbs det into leader (6.3 Reattaching): same
// hex, same troop type, at the start of the Movement Phase; the leader pays
// 1 MP and may not exceed his strength at the start of the game (the excess
// is forfeited); a Confederate leader may take another corps' detachment.
func ReattachDetachment(leader, det MoveUnit, phaseStart bool) (*Reattach, error) {
	switch {
	case det.Role != CommandDetachment:
		return nil, engine.Illegal("litn.attach.not-detachment", det.name()+" is not a detachment", "Only detachments reattach (002 6.3)")
	case leader.Role != CommandLeader && leader.Role != CommandDetachment:
		return nil, engine.Illegal("litn.attach.leader", leader.name()+" cannot absorb troops", "A detachment reattaches to a leader with troops of its type (002 6.3)")
	case leader.Side != det.Side:
		return nil, engine.Illegal("litn.attach.side", det.name()+" is not "+leader.name()+"'s side", "002 6.3")
	case leader.Hex != det.Hex:
		return nil, engine.Illegal("litn.attach.hex", det.name()+" is not in "+leader.name()+"'s hex", "A detachment reattaches to a leader in the same hex (002 6.3)")
	case leader.Troop != det.Troop:
		return nil, engine.Illegal("litn.attach.troop", fmt.Sprintf("%s is %s, %s is %s", det.name(), det.Troop, leader.name(), leader.Troop), "Only to a leader of the same troop type (002 6.3)")
	case !phaseStart:
		return nil, engine.Illegal("litn.attach.when", "Reattaching happens at the start of the Movement Phase", "002 6.3 Reattaching")
	case leader.StartStrength <= 0:
		return nil, engine.Invalid("litn.attach.start", "The leader's strength at the start of the game was not given", "It caps what he may absorb (002 6.3)")
	}
	room := max(0, leader.StartStrength-leader.Strength)
	take := min(room, det.Strength)
	out := &Reattach{Leader: leader, Absorbed: take, Forfeited: det.Strength - take, Cost: 1}
	out.Leader.Strength += take
	out.Why = fmt.Sprintf("002 6.3: %s absorbs %s (%d SP) and pays 1 MP: %d SP (start of game %d)", leader.name(), det.name(), det.Strength, out.Leader.Strength, leader.StartStrength)
	if out.Forfeited > 0 {
		out.Why += fmt.Sprintf("; %d SP beyond his starting strength are forfeited", out.Forfeited)
	}
	if leader.Side == engine.CSA && leader.Corps != det.Corps {
		out.Why += "; a Confederate leader may absorb a detachment of another corps"
	}
	return out, nil
}

// ---- 8.7 Bridges and rail lines -------------------------------------------

// WorkKind is work on bridges and rail lines (8.7).
type WorkKind string

// Kinds of work.
const (
	DestroyBridge WorkKind = "destroy-bridge"
	DestroyRail   WorkKind = "destroy-rail"
	RepairRail    WorkKind = "repair-rail"
)

// Work is work a force does with MPs in its move (8.7).
type Work struct {
	Kind  WorkKind
	Force []MoveUnit
	// PotomacRail: a rail bridge across the Potomac (4 MPs, not 3).
	PotomacRail bool
	// EnemyAdjacent: an enemy combat unit occupies a hex adjoining the
	// bridge (+2).
	EnemyAdjacent     bool
	EnemyInHex        bool
	FriendlyTerritory bool // rail repair: only in friendly territory (2.1)
	ForceMarched      bool // this phase (8.6, 8.7)
	RepairingBridge   bool // the same units are repairing a bridge
	// FromCPs is the smallest allowance CPs give the force (not the
	// Minimum Movement Allowance, which does not entitle to this work,
	// 7.1); Spent the most MPs any unit of it has spent.
	FromCPs Share
	Spent   int
}

// WorkResult is settled work.
type WorkResult struct {
	Cost int    `json:"cost"`
	Why  string `json:"why"`
}

// WorkCost settles destroying a bridge or rail line or repairing a
// rail line (8.7): 5 or more strength points (infantry to repair), the MPs,
// and the conditions.
func WorkCost(w Work) (*WorkResult, error) {
	sp, inf := 0, 0
	for _, u := range w.Force {
		sp += u.Strength
		if u.Troop == CommandInfantry || (u.Troop == "" && (u.Role == CommandLeader || u.Role == CommandDetachment || u.Role == CommandMilitia)) {
			inf += u.Strength
		}
	}
	need, have := 5, sp
	if w.Kind == RepairRail {
		have = inf
	}
	cost := 0
	var why string
	switch w.Kind {
	case DestroyBridge:
		cost, why = 3, "3 MP to destroy a bridge from an adjoining hex"
		if w.PotomacRail {
			cost, why = 4, "4 MP to destroy a rail bridge across the Potomac"
		}
		if w.EnemyAdjacent {
			cost += 2
			why += ", +2 with an enemy combat unit adjoining the bridge"
		}
		why += "; place Bridge Destroyed (and Destroyed Rail in the force's hex for a rail bridge)"
	case DestroyRail:
		if w.EnemyInHex {
			return nil, engine.Illegal("litn.work.enemy", "Rails may not be destroyed with enemy units in the hex", "002 8.7")
		}
		cost, why = 3, "3 MP to destroy the rail line; place Destroyed Rail"
	case RepairRail:
		switch {
		case w.EnemyInHex:
			return nil, engine.Illegal("litn.work.enemy", "Rail lines may not be repaired with enemy units in the hex", "002 8.7")
		case !w.FriendlyTerritory:
			return nil, engine.Illegal("litn.work.territory", "Only rail lines in friendly territory can be repaired", "Friendly territory is listed in 002 2.1 (8.7)")
		case w.RepairingBridge:
			return nil, engine.Illegal("litn.work.both", "The same unit may not repair rail lines and a bridge at once", "002 8.7")
		}
		cost, why = 4, "4 MP to repair the rail line; remove Destroyed Rail"
	default:
		return nil, engine.Invalid("litn.work.kind", fmt.Sprintf("Unknown work %q", w.Kind), "destroy-bridge, destroy-rail or repair-rail")
	}
	if w.ForceMarched && w.Kind != RepairRail {
		return nil, engine.Illegal("litn.work.march", "The force has force marched this phase", "A unit may not force march and destroy bridges or rail lines in the same Movement Phase (002 8.6, 8.7)")
	}
	if have < need {
		kind := "strength points"
		if w.Kind == RepairRail {
			kind = "infantry strength points (cavalry and artillery may not repair)"
		}
		return nil, engine.Illegal("litn.work.strength", fmt.Sprintf("The force has %d %s", have, kind), "It takes a force of 5 or more (002 8.7)")
	}
	if w.FromCPs.Less(Share{w.Spent + cost, 1}) {
		return nil, engine.Illegal("litn.work.cps", fmt.Sprintf("The work needs %d MP after %d spent, but CPs give the force only %s", cost, w.Spent, w.FromCPs),
			"The Minimum Movement Allowance does not entitle a unit to destroy or repair bridges or railroads: it must have the CPs for the MPs (002 7.1, 8.7)")
	}
	return &WorkResult{Cost: cost, Why: "002 8.7: " + why}, nil
}

// BridgeRepair checks, at the end of a friendly Movement Phase, the
// one full phase of bridge repair (8.7; the Movement Costs Chart's "three"
// is corrected by the rules): 5 or more infantry SP adjacent to the
// hexside, no enemy unit adjacent to it, the units did not move, and they
// had at least 1 CP. On success the Bridge Destroyed marker is removed (a
// rail bridge's Destroyed Rail marker stays, to be repaired separately).
func BridgeRepair(force []MoveUnit, adjacent, enemyAdjacent, moved bool, cps int) (string, error) {
	inf := 0
	for _, u := range force {
		if u.Troop == CommandInfantry || (u.Troop == "" && u.Role != CommandArtillery && u.Role != CommandWagon && !u.noncombatLeader()) {
			inf += u.Strength
		}
	}
	switch {
	case inf < 5:
		return "", engine.Illegal("litn.repair.strength", fmt.Sprintf("The force has %d infantry SP", inf), "Bridge repair takes 5 or more infantry strength points; cavalry and artillery may not repair (002 8.7)")
	case !adjacent:
		return "", engine.Illegal("litn.repair.adjacent", "The force is not adjacent to the bridge hexside", "002 8.7")
	case enemyAdjacent:
		return "", engine.Illegal("litn.repair.enemy", "An enemy unit is adjacent to the hexside", "002 8.7")
	case moved:
		return "", engine.Illegal("litn.repair.moved", "The force moved this phase", "The repairing unit must not move (002 8.7)")
	case cps < 1:
		return "", engine.Illegal("litn.repair.cps", "The force had no CP this phase", "It needs at least 1 CP (002 8.7)")
	}
	return "002 8.7: one full Movement Phase of repair done: remove the Bridge Destroyed marker (a rail bridge's Destroyed Rail marker must be repaired separately, 4 MP)", nil
}

// ---- 8.8 Entrenchment -----------------------------------------------------

// EntrenchStage is a unit's entrenchment.
type EntrenchStage string

// Stages (8.8).
const (
	NotEntrenched EntrenchStage = ""
	Constructing  EntrenchStage = "constructing"
	Entrenched    EntrenchStage = "entrenched"
)

// Entrenchment is one unit's entrenchment state.
type Entrenchment struct {
	Unit  string        `json:"unit"`
	Stage EntrenchStage `json:"stage"`
	Turn  int           `json:"turn,omitempty"` // the turn of the last phase of work
}

// EntrenchPhase settles a unit's entrenchment at the end of its side's
// Movement Phase on turn (8.8): a combat unit that spent no MP and had at
// least 1 CP (not the minimum allowance) works: the first phase places a
// Constructing Entrenchment marker, the second, on the next turn, flips it
// to Entrenchment. A constructing unit that fails the conditions on the
// next turn loses its marker; an entrenched unit that moves loses it.
// entrench: the player has the unit work this phase.
func EntrenchPhase(u MoveUnit, st Entrenchment, turn, spent, cps int, entrench bool) (Entrenchment, string, error) {
	st.Unit = u.ID
	if !u.Role.combat() {
		return st, "", engine.Illegal("litn.entrench.unit", u.name()+" is not a combat unit", "Combat units may entrench (002 8.8)")
	}
	switch st.Stage {
	case Entrenched:
		if spent > 0 {
			return Entrenchment{Unit: u.ID}, fmt.Sprintf("002 8.8: %s moved: remove its Entrenchment marker", u.name()), nil
		}
		return st, "", nil
	case Constructing:
		if st.Turn != turn-1 || !entrench || spent > 0 || cps < 1 {
			return Entrenchment{Unit: u.ID}, fmt.Sprintf("002 8.8: %s did not meet the conditions on the following turn (no MP spent, at least 1 CP): remove its Constructing Entrenchment marker", u.name()), nil
		}
		return Entrenchment{Unit: u.ID, Stage: Entrenched, Turn: turn}, fmt.Sprintf("002 8.8: %s's second Movement Phase of entrenchment: flip the marker to Entrenchment", u.name()), nil
	}
	if !entrench {
		return st, "", nil
	}
	switch {
	case spent > 0:
		return st, "", engine.Illegal("litn.entrench.moved", fmt.Sprintf("%s spent %d MP this phase", u.name(), spent), "An entrenching unit must not expend any movement points (002 8.8)")
	case cps < 1:
		return st, "", engine.Illegal("litn.entrench.cps", u.name()+" has no CP this phase", "It must have at least 1 CP; the Minimum Movement Allowance does not entitle a unit to entrench (002 7.1, 8.8)")
	}
	return Entrenchment{Unit: u.ID, Stage: Constructing, Turn: turn}, fmt.Sprintf("002 8.8: %s's first Movement Phase of entrenchment: place a Constructing Entrenchment marker", u.name()), nil
}

// ---- 8.9 Rail movement ----------------------------------------------------

// RailCapacity checks the units moving by rail this Movement Phase
// (8.9 Rail Capacity): one corps, or the artillery division, or two of
// detachments, militia units, supply wagons and cavalry divisions (in any
// mix), plus the department leader and cavalry commander. Units that
// start entrained and do not move by rail are not given.
func RailCapacity(units []MoveUnit) (string, error) {
	var corps, art, small []string
	for _, u := range units {
		if u.Side != engine.USA {
			return "", engine.Illegal("litn.rail.side", u.name()+" is Confederate", "Only Union units may move by rail (002 8.9)")
		}
		switch {
		case u.Role == CommandDepartment || u.Role == CommandCavalryCommander:
		case u.infantryFormation():
			corps = append(corps, u.name())
		case u.Role == CommandArtillery:
			art = append(art, u.name())
		case u.Role == CommandDetachment || u.Role == CommandMilitia || u.Role == CommandWagon || (u.Role == CommandLeader && u.Troop == CommandCavalry):
			small = append(small, u.name())
		default:
			return "", engine.Illegal("litn.rail.unit", u.name()+" cannot move by rail", "002 8.9 Rail Capacity")
		}
	}
	groups := 0
	for _, g := range [][]string{corps, art, small} {
		if len(g) > 0 {
			groups++
		}
	}
	all := append(append(append([]string(nil), corps...), art...), small...)
	sort.Strings(all)
	if groups > 1 || len(corps) > 1 || len(art) > 1 || len(small) > 2 {
		return "", engine.Illegal("litn.rail.capacity", "Too many units by rail this phase: "+strings.Join(all, ", "),
			"The Union may move by rail one corps, or his artillery division, or two detachments, militia units, supply wagons or cavalry divisions, plus the department leader and cavalry commander (002 8.9)")
	}
	return "002 8.9: within the rail capacity: " + strings.Join(all, ", "), nil
}

// RailLeg is a unit's rail move in one phase.
type RailLeg struct {
	Unit    MoveUnit
	Entrain bool // it entrains this phase (1 MP)
	Hexes   int  // hexes along the rail line
	Detrain bool // it detrains this phase (1 MP)
	// Destination: it is entrained with a Destination marker from last
	// phase and continues by the most direct route to it (the caller
	// vouches for the route): no CP needed, at most 28 hexes, and it may
	// detrain on arriving.
	Destination bool
	Arrives     bool // reaches the destination this phase
	// Lines: the route uses only rail hexes north of the Potomac and the
	// B&O south of it (1529 to 1021): the map data lacks the lines.
	Lines bool
}

// RailMove settles a rail leg's MPs (8.9): 1 to entrain, 1 per 7 hexes
// (a part of 7 costs 1: the rules do not say), 1 to detrain; toward a
// Destination marker no CP and at most 28 hexes a turn.
func RailMove(l RailLeg) (int, string, error) {
	u := l.Unit
	switch {
	case u.Side != engine.USA:
		return 0, "", engine.Illegal("litn.rail.side", u.name()+" is Confederate", "Only Union units may move by rail (002 8.9)")
	case !l.Lines:
		return 0, "", engine.Illegal("litn.rail.lines", "The route leaves the lines the Union may use", "Any rail hex north of the Potomac and the B&O south of it, 1529 to 1021, not 1529 to 1031 (002 8.9)")
	case l.Hexes < 0:
		return 0, "", engine.Invalid("litn.rail.hexes", "A negative number of hexes", "Count the rail hexes moved")
	case !l.Entrain && !u.Entrained:
		return 0, "", engine.Illegal("litn.rail.entrain", u.name()+" is not entrained", "Entrain in a rail hex first, 1 MP (002 8.9)")
	case l.Entrain && u.Entrained:
		return 0, "", engine.Illegal("litn.rail.entrained", u.name()+" is already entrained", "It moves on without entraining again (002 8.9)")
	}
	if l.Destination {
		if l.Entrain {
			return 0, "", engine.Illegal("litn.rail.destination", "A Destination marker is for a unit left entrained last phase", "002 8.9 Destination Markers")
		}
		if l.Hexes > 28 {
			return 0, "", engine.Illegal("litn.rail.28", fmt.Sprintf("%d hexes toward the destination", l.Hexes), "Without a CP an entrained unit moves at most 28 hexes (4 MP's worth) a turn toward its destination (002 8.9)")
		}
		if l.Detrain && !l.Arrives {
			return 0, "", engine.Illegal("litn.rail.arrive", "It may detrain without a CP only on arriving at the destination", "To go elsewhere it needs a CP, and the marker is removed (002 8.9)")
		}
		return 0, fmt.Sprintf("002 8.9: %s goes %d hexes toward its Destination marker by the most direct route, without a CP%s", u.name(), l.Hexes, lmIf(l.Detrain, ", and detrains on arriving", "")), nil
	}
	cost, parts := 0, []string{}
	if l.Entrain {
		cost++
		parts = append(parts, "1 to entrain")
	}
	if l.Hexes > 0 {
		n := (l.Hexes + 6) / 7
		cost += n
		parts = append(parts, fmt.Sprintf("%d for %d rail hexes (1 per 7)", n, l.Hexes))
	}
	if l.Detrain {
		cost++
		parts = append(parts, "1 to detrain")
	}
	return cost, fmt.Sprintf("002 8.9: %s by rail: %d MP (%s)%s", u.name(), cost, strings.Join(parts, ", "), lmIf(!l.Detrain, "; it stays entrained and may get a Destination marker", "")), nil
}

func lmIf(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}
