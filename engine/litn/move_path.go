package litn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 8.1 Movement Procedure, 8.3 Enemy-Occupied Hexes and 8.4 Cavalry Zones
// of Control: a path's cost on the Movement Costs Chart, step by step,
// and the roll to leave an enemy-occupied hex.

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
	Allowance ForceMA // from StackAllowance
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
		return nil, errMoveCostsMissing(c.Library)
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
