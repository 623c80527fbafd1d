package lrtg

import (
	"fmt"
	"slices"

	"github.com/umpire-games/umpire/engine"
)

// 000 9.2 b): a fort's class is also rolled "after a Confederate unit with
// a combat value of 5 or greater which occupies a hex adjacent to the fort
// initiates a march action and remains in the hex without attacking". The
// engine reads it when a Confederate action ends (decideEnd: /action
// done, the umpire's forced end and the deadline's default all end it
// there): for each fort not yet classed and not destroyed, a unit of the
// action (inActivation) that stands next to it, moved in no march of the
// action (Movement.ActMoved: the players' marches; the umpire's own moves
// are his rulings and not counted) and attacked in no battle of it (an
// applied result with the unit among the attackers, this turn, step and
// action phase), with a combat value of 5 or more, rolls the class as
// 9.2 a) does (rollFortClass: the same die stream, the same event).
//
// The combat value is combatValue's (attack_settle.go): the unit's
// manpower. A disorganized unit counts its whole manpower here: how the
// loaded Combat Chart counts it is read in a battle, and none is fought;
// the umpire rules otherwise with the class stated (/battle result).
//
// The roll is public (the class is a marker on the board), so the Union
// learns that some strong Confederate unit stood beside the fort: that is
// the rule's own consequence. The event names the fort and the die only,
// never the unit, its hex or its strength.
func (g Game) fortsWatched(d *engine.MoveData, a ActionState, by engine.Actor, dice engine.Dice) ([]engine.Event, error) {
	act := a.Active
	if act == nil || act.Side != engine.CSA || d == nil || d.Theatre == nil || !g.fortsRule() {
		return nil, nil
	}
	var stayed []engine.UnitState
	for _, u := range g.Units {
		if u.Side != engine.CSA || u.Kind.IsLeader() || !u.OnMap || u.Eliminated || !g.inActivation(*act, u) {
			continue
		}
		if g.movedThisAction(u.ID) || g.attackedThisAction(a, u.ID) {
			continue
		}
		if _, cv, _ := combatValue([]engine.UnitState{u}, "", "", Attacker); cv < 5 {
			continue
		}
		stayed = append(stayed, u)
	}
	var out []engine.Event
	seen := map[string]bool{}
	for i := range d.Theatre.Places {
		p := &d.Theatre.Places[i]
		if !p.Is("fort") || seen[p.Name] {
			continue
		}
		if !slices.ContainsFunc(stayed, func(u engine.UnitState) bool { return engine.Distance(u.Hex, p.Hex) == 1 }) {
			continue
		}
		f := g.fortAt(d, p.Hex)
		if f == nil || f.Class != 0 || f.Destroyed {
			continue
		}
		seen[p.Name] = true
		rolled, err := g.rollFortClass(d, p.Hex, f, by, 0, dice, fmt.Sprintf("the class of %s (9.2 b), a strong Confederate unit stayed beside it", p.Name))
		if err != nil {
			return nil, err
		}
		for _, e := range rolled {
			g = g.Apply(e) // the next roll is numbered after this one
		}
		out = append(out, rolled...)
	}
	return out, nil
}

// movedThisAction reports whether a player marched the unit in the action
// under way (move_path.go recordActionMove).
func (g Game) movedThisAction(id string) bool {
	key := g.actionKey()
	return key != "" && g.Movement.Act == key && slices.Contains(g.Movement.ActMoved, id)
}

// attackedThisAction reports whether the unit attacked in a battle of the
// action under way whose result was applied.
func (g Game) attackedThisAction(a ActionState, id string) bool {
	for _, b := range g.Attacks.Applied {
		if b.Turn == g.Turn && b.Step == a.Step && b.Phase == a.Phase && b.Role == Attacker && slices.Contains(b.Units, id) {
			return true
		}
	}
	for _, b := range g.actionBattles(a) {
		if slices.Contains(b.Attackers, id) {
			return true
		}
	}
	return false
}
