// Long Roads to Antietam (004): the Union Cavalry Exhaustion that the Union's
// answer to a Rest and Refit proposal starts (004 1 e, "see 7.3"): the
// brigades break into 1-MP regiments, two or five go to the DC defense area,
// the Pleasonton division leader joins the rest. Moved out of lrta_army.go.

package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// LRTADCRegiments is how many regiments the Union Cavalry Exhaustion
// sends to DC for the answer (004 2) Depletion; lrta.union-cavalry-depletion).
func LRTADCRegiments(accepted bool) int {
	if accepted {
		return 2
	}
	return 5
}

// lrtaCavalryExhaustion builds 004's Union Cavalry Exhaustion on the state
// after the answer: 1) each brigade gives way to as many 1-MP regiments as
// it has manpower, in the order printed; 2) two regiments (five when the
// Union did not accept) go to the DC defense area and may never leave it;
// 3) the Pleasonton division leader joins a remaining cavalry unit.
func (g Game) lrtaCavalryExhaustion(cmd AnswerRestRefit) (*UnionCavalryExhausted, error) {
	t := cmd.Data.Theatre
	w := &meadeWork{g: g, units: engine.CopyUnits(g.Units)}
	var leader *engine.UnitState
	byBrigade := map[string][]engine.UnitState{}
	var brigades []string
	for _, u := range g.lrtaTrackUnits(trackCavExhaustion, lrtaOOB(cmd.Data)) {
		b := lrtaReplacesOf(u)
		if b == "" {
			if u.Kind.IsLeader() {
				l := u
				leader = &l
			}
			continue
		}
		if _, seen := byBrigade[b]; !seen {
			brigades = append(brigades, b)
		}
		byBrigade[b] = append(byBrigade[b], u)
	}
	var regiments []string // those that entered play, in order
	for _, b := range brigades {
		regs := byBrigade[b]
		bu, live := w.live(b)
		if !live {
			c := MeadeChange{Step: "1)", What: fmt.Sprintf("%s: %s, so its regiments do not enter", unitName(g, b), w.gone(b))}
			for _, r := range regs {
				c.Remove = append(c.Remove, r.ID)
			}
			w.add(c)
			continue
		}
		n := min(bu.Manpower, len(regs))
		c := MeadeChange{Step: "1)", Remove: []string{b}, Replaces: map[string]string{}}
		var names []string
		for i, r := range regs {
			if i >= n {
				c.Remove = append(c.Remove, r.ID)
				continue
			}
			nu := lrtaWithoutReplaces(takePlace(r, bu))
			nu.Manpower = 1
			c.Units = append(c.Units, nu)
			c.Replaces[nu.ID] = b
			names = append(names, nu.Name)
			regiments = append(regiments, nu.ID)
		}
		switch {
		case n == 0:
			c.What = fmt.Sprintf("%s has no manpower left: it leaves play and no regiment replaces it", bu.Name)
		default:
			c.What = fmt.Sprintf("%s (%d MP) gives way to %s, 1 MP each", bu.Name, bu.Manpower, strings.Join(names, ", "))
			if lost := bu.Manpower - n; lost > 0 {
				c.What += fmt.Sprintf("; %d MP beyond its %d regiments are lost", lost, len(regs))
			}
		}
		w.add(c)
	}
	// 2) Depletion.
	want := min(LRTADCRegiments(cmd.Accept), len(regiments))
	dc, err := g.lrtaPickDC(w, regiments, cmd.DC, want, t)
	if err != nil {
		return nil, err
	}
	capitol := t.Place(lrtaCapitol)
	inDC := t.InAny(lrtaDCArea)
	var moved []engine.UnitState
	var names []string
	for _, id := range dc {
		u := w.units[id]
		if !u.OnMap || !inDC(u.Hex) {
			if capitol == nil {
				return nil, fmt.Errorf("engine: the map has no %s for the regiments sent to DC", lrtaCapitol)
			}
			u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, capitol.Hex, capitol.Ref.String(), "", 0
		}
		if !engine.Contains(u.Marks, "dc-only") {
			u.Marks = append(append([]string(nil), u.Marks...), "dc-only")
		}
		moved = append(moved, u)
		names = append(names, u.Name)
	}
	answer := "accepted"
	if !cmd.Accept {
		answer = "did not accept"
	}
	what := fmt.Sprintf("The Union %s the Rest and Refit period: %d regiments go to the DC defense area and may never leave it", answer, LRTADCRegiments(cmd.Accept))
	if len(names) > 0 {
		what += ": " + strings.Join(names, ", ")
	}
	if want < LRTADCRegiments(cmd.Accept) {
		what += fmt.Sprintf(" (only %d in play)", want)
	}
	w.add(MeadeChange{Step: "2)", What: what, Units: moved})
	// 3) Pleasonton.
	ev := &UnionCavalryExhausted{Turn: g.Turn, DC: dc}
	if leader != nil {
		to, err := g.lrtaPleasontonUnit(w, regiments, dc, cmd.Pleasonton)
		if err != nil {
			return nil, err
		}
		if to != "" {
			u := w.units[to]
			l := *leader
			l.OnMap, l.Hex, l.Ref, l.Track, l.Slot = true, u.Hex, u.Ref, "", 0
			w.add(MeadeChange{Step: "3)", What: fmt.Sprintf("The Pleasonton division leader joins %s: he activates any Union cavalry, three units an activation, with +1 movement (Standardized Rules 5.2)", u.Name), Units: []engine.UnitState{l}})
			ev.Pleasonton = to
		} else {
			w.add(MeadeChange{Step: "3)", What: "The Pleasonton division leader: no Union cavalry unit is on the map to join; the umpire places him when one is"})
		}
	} else {
		w.add(MeadeChange{Step: "3)", What: "The Pleasonton division leader: no such counter in this game"})
	}
	ev.Changes = w.changes
	return ev, nil
}

// lrtaPickDC chooses the regiments sent to DC: those the Union names, or
// by default those in the DC defense area, then the nearest to the
// Capitol (on the map before those still to arrive), in 004's order.
func (g Game) lrtaPickDC(w *meadeWork, regiments, named []string, want int, t *engine.Theatre) ([]string, error) {
	if len(named) > 0 {
		var out []string
		for _, s := range named {
			id := lrtaFindAmong(w.units, regiments, s)
			if id == "" {
				return nil, engine.Invalid("restrefit.dc", fmt.Sprintf("%q is not one of the regiments the brigades break into", s), "Name regiments of the Union Cavalry Exhaustion (/restrefit show lists them)")
			}
			if engine.Contains(out, id) {
				return nil, engine.Invalid("restrefit.dc", fmt.Sprintf("%s is named twice", w.units[id].Name), "Name each regiment once")
			}
			out = append(out, id)
		}
		if len(out) != want {
			return nil, engine.Invalid("restrefit.dc", fmt.Sprintf("%d regiments go to DC, not %d", want, len(out)), "004 Union Cavalry Exhaustion 2)")
		}
		return out, nil
	}
	inDC := t.InAny(lrtaDCArea)
	capitol := engine.Hex{}
	if p := t.Place(lrtaCapitol); p != nil {
		capitol = p.Hex
	}
	rank := func(id string) int {
		u := w.units[id]
		switch {
		case u.OnMap && inDC(u.Hex):
			return 0
		case u.OnMap:
			return 1 + engine.Distance(u.Hex, capitol)
		}
		return 1 << 20
	}
	order := append([]string(nil), regiments...)
	sort.SliceStable(order, func(i, j int) bool { return rank(order[i]) < rank(order[j]) })
	return order[:want], nil
}

// lrtaFindAmong finds a unit by id or name among ids.
func lrtaFindAmong(units map[string]engine.UnitState, ids []string, s string) string {
	s = strings.TrimSpace(s)
	for _, id := range ids {
		if strings.EqualFold(id, s) || strings.EqualFold(units[id].Name, s) {
			return id
		}
	}
	return ""
}

// lrtaPleasontonUnit is the unit the Pleasonton leader joins: the one
// named (any Union cavalry unit on the map but those held in DC), or by
// default the first regiment left on the map, else the first Union
// cavalry unit on the map.
func (g Game) lrtaPleasontonUnit(w *meadeWork, regiments, dc []string, named string) (string, error) {
	ok := func(id string) bool {
		u, live := w.live(id)
		return live && u.Side == engine.USA && u.Kind == engine.KindCavalry && u.OnMap && !engine.Contains(dc, id)
	}
	if s := strings.TrimSpace(named); s != "" {
		for _, id := range sortedIDs(w.units) {
			if (strings.EqualFold(id, s) || strings.EqualFold(w.units[id].Name, s)) && ok(id) {
				return id, nil
			}
		}
		return "", engine.Invalid("restrefit.pleasonton", fmt.Sprintf("%q is not a Union cavalry unit on the map (other than those held in DC)", s), "004 Union Cavalry Exhaustion 3): with any remaining Union cavalry unit")
	}
	for _, id := range regiments {
		if ok(id) {
			return id, nil
		}
	}
	for _, id := range sortedIDs(w.units) {
		if ok(id) {
			return id, nil
		}
	}
	return "", nil
}
