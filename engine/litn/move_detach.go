package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// 6.3 Detachments: a leader's detachment made (Detach) and reattached
// (ReattachDetachment).

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
