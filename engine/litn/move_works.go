package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// 8.7 Destroying and Repairing Bridges and Rail and 8.8 Entrenchment:
// what a work costs a force (WorkCost, BridgeRepair) and how a unit's
// entrenchment advances phase by phase (EntrenchPhase).

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
