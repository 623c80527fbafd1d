package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 8.2 Stacking and Forces: how many formations a force makes, and the
// movement allowance a stack moving together shares (7.1, 8.2).

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
