package litn

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
//
// This file holds the unit as the movement rules see it; each section of
// 8 (and 6.3) is in its own move_*.go file.

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

func lmIf(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}
