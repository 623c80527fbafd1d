package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// 8.5 Reaction Movement: the allowance a reacting stack has, each
// reaction attempt's roll (and the roll to leave an enemy-occupied hex,
// 8.3), and the phase's limits on reactions.

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
