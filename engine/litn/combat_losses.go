package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// A round's losses (10.5, 10.7 Excess Losses) and leader casualties
// (14.3): committed points are removed first, the rest go to the Excess
// Losses Table; a natural 6 risks the side's leaders.

// takeLosses removes a round's losses from a side: committed points first
// in the owner's order; losses beyond them go to the Excess Losses Table,
// rolled by the other player (10.7).
func (b *Battle) takeLosses(r int, p *pool, loss int, c Charts, d engine.Dice, logf func(string, ...any)) (*Excess, error) {
	left := 0
	for _, id := range p.order {
		left += p.committed[id]
	}
	take := min(loss, left)
	if took := p.remove(p.committed, take); take > 0 {
		logf("002 10.5: the %s loses %d committed points (%s, in the owner's order)", roleName(r), take, took)
	}
	if loss <= left {
		return nil, nil
	}
	excess := loss - left
	slot := c.Library.Slot(SlotExcess)
	cr, err := slot.RollSlot(d, c.Loaded[SlotExcess], c.Loaded[SlotExcess].Columns[0],
		[]engine.AppliedModifier{{Value: excess, Reason: fmt.Sprintf("%d excess losses (10.7)", excess)}})
	if err != nil {
		return nil, err
	}
	unc := 0
	for _, id := range p.order {
		unc += p.uncommit[id]
	}
	removed := min(atoi(cr.Result), unc)
	took := p.remove(p.uncommit, removed)
	logf("002 10.7: the %s's losses (%d) exceed its committed strength (%d) by %d: the %s rolls on the Excess Losses Table: %s: %s uncommitted points removed%s%s",
		roleName(r), loss, left, excess, roleName(1-r), chartLine(cr), cr.Result, choose(removed < atoi(cr.Result), fmt.Sprintf(" (only %d left)", removed), ""), choose(took != "", " ("+took+")", ""))
	return &Excess{Excess: excess, Roll: cr, Removed: removed}, nil
}

// remove takes n points from the pool's units in loss order and says
// which units lost them.
func (p *pool) remove(from map[string]int, n int) string {
	var took []string
	for _, id := range p.order {
		if n == 0 {
			break
		}
		k := min(n, from[id])
		if k == 0 {
			continue
		}
		took = append(took, fmt.Sprintf("%s %d", id, k))
		from[id] -= k
		n -= k
		p.lost += k
		p.losses[id] += k
		militia := false
		for _, u := range p.units {
			militia = militia || (u.ID == id && u.Type == Militia)
		}
		if !militia {
			p.nonMilitia += k
		}
	}
	return strings.Join(took, ", ")
}

// casualties rolls 14.3 for each of a side's combat and corps leaders
// after a natural 6.
func casualties(r, n int, f *Force, c Charts, d engine.Dice, logf func(string, ...any)) ([]LeaderCasualty, error) {
	t := c.Library.Table(TableCasualty)
	var out []LeaderCasualty
	logf("002 14.3: the %s rolled a natural 6: a roll for each of his combat and corps leaders", roleName(r))
	for _, l := range f.Leaders {
		if l.Kind == Department || l.Kind == CavalryChief || l.Kind == UnionArty {
			continue
		}
		kind := 0
		if spec := t.Fact("leader_kind"); spec != nil {
			for i, v := range spec.Values {
				if v == "combat-or-corps-leader" {
					kind = i
				}
			}
		}
		tr, err := t.Roll(d, engine.Facts{"leader_kind": kind})
		if err != nil {
			return nil, err
		}
		killed := tr.Outcome == "killed"
		out = append(out, LeaderCasualty{Role: r, Round: n, Leader: l.Name, Roll: tr, Killed: killed})
		logf("002 14.3: %s (%s): %s: %s", l.Name, TableCasualty, tableLine(tr), tr.Name)
	}
	return out, nil
}
