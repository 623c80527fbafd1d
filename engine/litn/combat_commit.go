package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 10.4 Commitment: a side's commitment roll and the committed points
// shared among its units in proportion to strength, in the owner's order.

// commit rolls a side's commitment (10.4) and splits the committed points
// among its units.
func (b *Battle) commit(r int, units []CombatUnit, c Charts, d engine.Dice, opt Option, entrenched func(CombatUnit) bool, logf func(string, ...any)) (Commitment, *pool, error) {
	f := b.force(r)
	l, _ := highest(f.Leaders)
	rating := l.combatCommand()
	why := fmt.Sprintf("%s's command rating %d", l.Name, l.Command)
	if l.McClellan {
		why = fmt.Sprintf("McClellan's command rating counts as 4 in combat (10.4; printed %d)", l.Command)
	}
	if len(f.Units) >= 3 && l.Kind != Department && l.Kind != CorpsLeader {
		rating++
		why += fmt.Sprintf(", +1 for a force of %d combat units under a leader who is neither a department nor a corps leader (7.1)", len(f.Units))
	}
	var mods []engine.AppliedModifier
	add := func(v int, reason string) { mods = append(mods, engine.AppliedModifier{Value: v, Reason: reason}) }
	if !b.Surprise || r == Att {
		if f.ForceMarched {
			add(*c.ForceMarchCommitment, "force march (the modifier printed beside the table; 14.2)")
		}
	}
	if !b.Surprise {
		switch opt {
		case Pitched:
			add(1, "Pitched Battle (10.3)")
		case Probe:
			add(-1, "Probe (10.3)")
		case Withdraw:
			add(-1, "Withdraw (10.3)")
		}
		if r == Def {
			for _, u := range f.Units {
				if u.Demoralized {
					add(-1, "the defending force has demoralized units (10.6)")
					break
				}
			}
		}
		if f.Side == engine.USA {
			for _, u := range f.Units {
				if u.Entrained {
					add(-1, "a Union entrained unit is involved (8.9)")
					break
				}
			}
		}
	}
	slot := c.Library.Slot(SlotCommitment)
	cr, err := slot.RollSlot(d, c.Loaded[SlotCommitment], fmt.Sprint(rating), mods)
	if err != nil {
		return Commitment{}, nil, err
	}
	pct := atoi(strings.TrimSuffix(cr.Result, "%"))
	total := 0
	for _, u := range units {
		total += u.Strength
	}
	committed := roundHalfUp(int64(total)*int64(pct), 100)
	capped := ""
	if committed > total {
		committed, capped = total, " (more than the whole force: all of it)"
	}
	surprise := ""
	if b.Surprise {
		surprise = choose(r == Def, "; surprise attack: the defender uses no modifiers (14.2)", "; surprise attack: the attacker uses only the force-march modifier (14.2)")
	}
	logf("002 10.4: %s commitment: column %d (%s), %s: %s%% of %d strength points = %d committed%s%s",
		roleName(r), rating, why, chartLine(cr), strings.TrimSuffix(cr.Result, "%"), total, committed, capped, surprise)
	p := &pool{units: units, committed: map[string]int{}, uncommit: map[string]int{}, initial: committed, losses: map[string]int{}}
	// Split the committed points: entrenched first when the defender asks
	// (10.5), otherwise in proportion (largest remainders, in order).
	rest := committed
	var share []CombatUnit
	if r == Def && f.EntrenchedFirst {
		for _, u := range units {
			if entrenched(u) {
				k := min(rest, u.Strength)
				p.committed[u.ID], rest = k, rest-k
			} else {
				share = append(share, u)
			}
		}
		if rest > 0 {
			logf("002 10.5: the defender commits his entrenched points first")
		}
	} else {
		share = units
	}
	apportion(share, rest, p.committed)
	for _, u := range units {
		p.uncommit[u.ID] = u.Strength - p.committed[u.ID]
	}
	p.order = order(units, f.LossOrder)
	return Commitment{Leader: l.Name, Column: fmt.Sprint(rating), Roll: cr, Percent: pct, Total: total, Committed: committed, PerUnit: p.committed}, p, nil
}

// apportion shares n points among units in proportion to strength,
// by largest remainders (ties to the earlier unit).
func apportion(units []CombatUnit, n int, out map[string]int) {
	total := 0
	for _, u := range units {
		total += u.Strength
	}
	if total == 0 || n <= 0 {
		for _, u := range units {
			out[u.ID] = 0
		}
		return
	}
	n = min(n, total)
	given := 0
	rem := make([]int, len(units))
	for i, u := range units {
		q := u.Strength * n / total
		out[u.ID] = q
		rem[i] = u.Strength * n % total
		given += q
	}
	for ; given < n; given++ {
		best := -1
		for i, u := range units {
			if out[u.ID] < u.Strength && (best < 0 || rem[i] > rem[best]) {
				best = i
			}
		}
		out[units[best].ID]++
		rem[best] = -1
	}
}

func order(units []CombatUnit, order []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, id := range order {
		for _, u := range units {
			if u.ID == id && !seen[id] {
				out, seen[id] = append(out, id), true
			}
		}
	}
	for _, u := range units {
		if !seen[u.ID] {
			out = append(out, u.ID)
		}
	}
	return out
}
