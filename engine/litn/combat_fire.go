package litn

import (
	"fmt"
	"math"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 10.5 Resolving Rounds: one side's fire in a round, read from the Combat
// Results Table by its committed strength's column.

// fire resolves one side's fire in a round (10.5).
func (b *Battle) fire(r, n int, p *pool, l Leader, opt Option, anyEntrenched bool, entrenched func(CombatUnit) bool, c Charts, d engine.Dice, logf func(string, ...any)) (Fire, error) {
	var fr Fire
	// Strength modifications: each unit's committed points times its
	// multipliers, summed exactly, rounded once (nearest, halves up).
	num, raw := int64(0), 0
	halfRiver, halfSlope, doubled := 0, 0, 0
	for _, u := range p.units {
		k := p.committed[u.ID]
		raw += k
		m := int64(4)
		if u.CrossedRiverOrBridge {
			m /= 2
			halfRiver += k
		}
		if u.CrossedSlope && b.Ridge {
			m /= 2
			halfSlope += k
		}
		if r == Def && entrenched(u) {
			m *= 2
			doubled += k
		}
		num += int64(k) * m
	}
	fr.Committed = raw
	fr.Strength = roundHalfUp(num, 4)
	if halfRiver > 0 {
		fr.Why = append(fr.Why, fmt.Sprintf("x1/2 for %d points that entered this turn across a bridge or river hexside (10.5)", halfRiver))
	}
	if halfSlope > 0 {
		fr.Why = append(fr.Why, fmt.Sprintf("x1/2 for %d points that entered this ridge hex this turn across a slope hexside (10.5)", halfSlope))
	}
	if doubled > 0 {
		fr.Why = append(fr.Why, fmt.Sprintf("x2 for %d entrenched defending points (10.5%s)", doubled, choose(b.Fortification != nil, ", 13", "")))
	}
	if r == Def && b.Surprise && n == 1 {
		fr.Silent = "the defender does not fire in the first round of a surprise attack (14.2)"
		logf("002 14.2: the %s does not fire in the first round of a surprise attack", roleName(r))
		return fr, nil
	}
	if fr.Strength <= 0 {
		fr.Silent = "no committed strength left"
		logf("002 10.5: the %s has no committed strength left and does not fire", roleName(r))
		return fr, nil
	}
	var mods []engine.AppliedModifier
	if l.CombatBonus != 0 {
		mods = append(mods, engine.AppliedModifier{Value: l.CombatBonus, Reason: fmt.Sprintf("combat bonus of %s, the highest-ranking leader (10.5)", l.Name)})
	}
	if !b.Surprise {
		switch opt {
		case Pitched:
			mods = append(mods, engine.AppliedModifier{Value: 1, Reason: "Pitched Battle (10.5)"})
		case Probe, Withdraw:
			mods = append(mods, engine.AppliedModifier{Value: -1, Reason: string(opt) + " (10.5)"})
		}
	}
	if r == Def {
		mods = append(mods, engine.AppliedModifier{Value: 1, Reason: "the defender's fire (10.5)"})
	}
	shift, shiftWhy := 0, []string{}
	if r == Att && anyEntrenched {
		shift--
		shiftWhy = append(shiftWhy, "1 left: a defending unit is entrenched (10.5)")
	}
	if r == Att && b.Surprise {
		shift++
		shiftWhy = append(shiftWhy, "1 right: surprise attack (14.2)")
	}
	slot, lc := c.Library.Slot(SlotResults), c.Loaded[SlotResults]
	cols := make([]engine.RowKey, len(lc.Columns))
	for i, h := range lc.Columns {
		cols[i] = engine.ParseRowKey(h)
	}
	top := cols[len(cols)-1].Min
	if top <= 0 {
		return fr, fmt.Errorf("litn: the Combat Results Table's last column %q is not a strength", lc.Columns[len(cols)-1])
	}
	// Excess strength: once on the top column per full top, once more for
	// the remainder (10.5).
	var parts []int
	s := fr.Strength
	for s > top {
		parts, s = append(parts, top), s-top
	}
	if s == top {
		parts, s = append(parts, top), 0
	}
	if s > 0 {
		parts = append(parts, s)
	}
	if len(parts) > 1 {
		fr.Why = append(fr.Why, fmt.Sprintf("above the last column: %s (10.5 Excess Strength)", ints(parts)))
	}
	if len(fr.Why) > 0 {
		logf("002 10.5: %s strength %d committed -> %d: %s", roleName(r), raw, fr.Strength, strings.Join(fr.Why, "; "))
	}
	for _, part := range parts {
		i, edge := column(cols, part)
		band := lc.Columns[i]
		j := i + shift
		switch {
		case j < 0:
			j, edge = 0, joinS(edge, "the shift stops at the first column")
		case j >= len(cols):
			j, edge = len(cols)-1, joinS(edge, "the shift stops at the last column")
		}
		cr, err := slot.RollSlot(d, lc, lc.Columns[j], mods)
		if err != nil {
			return fr, err
		}
		fr.Rolls = append(fr.Rolls, CRTRoll{Strength: part, Band: band, Shift: shift, Edge: edge, Roll: cr})
		fr.Inflicted += atoi(cr.Result)
		sh := ""
		if len(shiftWhy) > 0 {
			sh = " shifted " + strings.Join(shiftWhy, ", ") + " to " + lc.Columns[j]
		}
		if edge != "" {
			sh += " (" + edge + ")"
		}
		logf("002 10.5: %s fires %d points on column %s%s: %s: %s enemy points eliminated", roleName(r), part, band, sh, chartLine(cr), cr.Result)
	}
	return fr, nil
}

// column finds the column a strength falls in; below the first column
// it reads the first (the rules are silent; see docs/litn-combat.md).
func column(cols []engine.RowKey, s int) (int, string) {
	for i, k := range cols {
		hi := k.Max
		if i == len(cols)-1 {
			hi = math.MaxInt
		}
		if s >= k.Min && s <= hi {
			return i, ""
		}
	}
	return 0, "below the chart's first column: read on it"
}
