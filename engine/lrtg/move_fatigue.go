package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// A march's fatigue (issue 21). 000 8.2: "To move an eligible unit by
// rail, the Union player declares a March action. The unit's Fatigue
// Level is increased by two (not one)": a march raises it by one. 000's
// substitute rule speaks of "the active unit's Fatigue Level before it was
// selected to march", so the level is gained as the unit is selected,
// whatever the march's length.
//
// Which moves are marches (the choices, docs/design.md):
//   - a player's (or the umpire's) march checked hex by hex (move_path.go)
//     in the action cycle: the units selected gain MarchFatigue each;
//     leaders none (they carry no fatigue: applyMoved);
//   - a remote move (17.2: "With the other player's permission, a player
//     may move any unit ... without having the initiative") is the same
//     march made out of turn, "to speed play": it gains the level too;
//   - a retreat or rout owed (ActionState.Retreats, 9.3) and the advance
//     after combat (Movement.Advance) are not marches: their units are
//     Spared;
//   - the umpire's placements (to: alone, or any move outside the action
//     cycle) are corrections, not marches: no fatigue (he sets it with
//     /unit set when he means it).
//
// A unit at engine.MaxFatigue may not be selected to march: one more level
// is above the highest (as 17.1 refuses a strategic move past 4). The
// umpire may set the refusal aside with reason:, and the level stays 4.

// MarchFatigue is the fatigue level a march adds (000 8.2).
const MarchFatigue = 1

// marchFatigue sets a march's fatigue on its event (and the units it
// spares) and returns the rule it breaks: a unit already at the highest
// level, every such unit named at once.
func (g Game) marchFatigue(cmd engine.MoveUnits, on []engine.UnitState, ev *engine.UnitsMoved) []*engine.RuleError {
	a, ok := g.cycle()
	if !ok {
		return nil // no action cycle under way: a placement, or a game without /phase
	}
	levels := MarchFatigue
	if cmd.Extended {
		levels += ExtendedMarchFatigue // move_extended.go
	}
	key := g.actionKey()
	var marching, spared []string
	var tired []string
	for _, u := range on {
		if u.Kind.IsLeader() {
			continue
		}
		if slices.Contains(a.Retreats, u.ID) || key != "" && g.Movement.Act == key && slices.Contains(g.Movement.Advance, u.ID) {
			spared = append(spared, u.ID)
			continue
		}
		marching = append(marching, u.ID)
		if u.Fatigue+levels > engine.MaxFatigue {
			tired = append(tired, fmt.Sprintf("%s (fatigue %d)", u.Name, u.Fatigue))
		}
	}
	if len(marching) == 0 {
		return nil
	}
	ev.Fatigue, ev.Spared = levels, spared
	if len(tired) == 0 {
		return nil
	}
	is := map[bool]string{true: "is", false: "are"}[len(tired) == 1]
	if levels == MarchFatigue {
		return []*engine.RuleError{moveRule("move.fatigue",
			fmt.Sprintf("%s %s at the highest fatigue level: a march adds one", strings.Join(tired, ", "), is),
			"A unit at fatigue 4 may not march until it recovers (the Recovery Phase)", "LRTG 8.2")}
	}
	return []*engine.RuleError{moveRule("move.fatigue",
		fmt.Sprintf("%s would go above fatigue 4: an extended march adds two levels (the march's and the extension's)", strings.Join(tired, ", ")),
		"March within the allowance (leave extended out), or another unit", "LRTG 8.2, 17.1 1.")}
}
