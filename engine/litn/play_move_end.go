package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The end of a Movement Phase (3.1 D, F): entrenchment (8.8) and bridge
// repair (8.7) are settled for the phasing side's units (PhaseSettled).

func (g Game) endMovement() ([]engine.Event, error) {
	p := g.phase()
	if p == nil {
		return nil, nil
	}
	e := &PhaseSettled{Turn: g.Turn, Side: p.Side}
	cpsOf := func(id string) int {
		if p.Allowance[id].Allowance.Num > 0 {
			return 1
		}
		return 0
	}
	for _, u := range g.UnitsOf(p.Side) {
		st := g.LITN.Moves.Entrenchment[u.ID]
		if !u.OnMap() || (st.Stage == NotEntrenched && !p.Entrench[u.ID]) {
			continue
		}
		next, why, err := EntrenchPhase(g.moveUnit(u), st, g.Turn, p.Spent[u.ID], cpsOf(u.ID), p.Entrench[u.ID])
		if err != nil {
			e.Notes = append(e.Notes, fmt.Sprintf("%s: %v", u.Name, err))
			next = Entrenchment{Unit: u.ID}
			why = ""
		}
		if next != st {
			e.Entrenchment = append(e.Entrenchment, next)
			if why != "" {
				e.Notes = append(e.Notes, why)
			}
		}
	}
	byBridge := map[string][]string{}
	for id, b := range p.Repair {
		byBridge[b] = append(byBridge[b], id)
	}
	for _, b := range lpmKeys(byBridge) {
		ids := byBridge[b]
		sort.Strings(ids)
		var force []MoveUnit
		moved, cps := false, 0
		for _, id := range ids {
			if u, ok := g.LITN.Units[id]; ok && u.OnMap() {
				force = append(force, g.moveUnit(u))
				moved = moved || p.Spent[id] > 0
				cps = max(cps, cpsOf(id))
			}
		}
		enemyAdj := false
		if len(force) > 0 {
			for _, u := range g.UnitsOf(engine.EnemyOf(p.Side)) {
				if u.OnMap() && engine.Distance(u.Hex, force[0].Hex) <= 1 {
					enemyAdj = true
				}
			}
		}
		why, err := BridgeRepair(force, len(force) > 0, enemyAdj, moved, cps)
		if err != nil {
			e.Notes = append(e.Notes, fmt.Sprintf("%s not repaired: %v", strings.ReplaceAll(b, "\x00", " / "), err))
			continue
		}
		for _, pl := range strings.Split(b, "\x00") {
			e.Repaired = append(e.Repaired, pl)
		}
		e.Notes = append(e.Notes, why)
	}
	if len(e.Entrenchment) == 0 && len(e.Repaired) == 0 && len(e.Notes) == 0 {
		return nil, nil
	}
	return []engine.Event{e}, nil
}

// Say implements Sayer: markers are on the open map.
func (e *PhaseSettled) Say(g Game) []Say {
	var pub []string
	for _, st := range e.Entrenchment {
		switch st.Stage {
		case Constructing:
			pub = append(pub, lpmUnitName(g, st.Unit)+": Constructing Entrenchment")
		case Entrenched:
			pub = append(pub, lpmUnitName(g, st.Unit)+": Entrenchment")
		default:
			pub = append(pub, lpmUnitName(g, st.Unit)+": marker removed")
		}
	}
	if len(e.Repaired) > 0 {
		pub = append(pub, "repaired: "+strings.Join(e.Repaired, " / "))
	}
	var out []Say
	if len(pub) > 0 {
		out = append(out, Say{"all", "🛠 End of the movement phase (002 8.7, 8.8): " + strings.Join(pub, "; ") + "."})
	}
	if len(e.Notes) > 0 {
		out = append(out, Say{string(e.Side), strings.Join(e.Notes, "\n")})
	}
	return out
}
