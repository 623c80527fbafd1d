package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 8.7 Destroying and Repairing Bridges and Rail and 8.8 Entrenchment in
// play: WorkCmd spends a force's MPs on a bridge, a rail line or
// entrenching (the pure rules are WorkCost, BridgeRepair and
// EntrenchPhase in move_works.go).

func (g Game) decideWork(c WorkCmd) ([]engine.Event, error) {
	p, side, err := g.needMover(c.By, "Work on bridges, rail lines and entrenchments")
	if err != nil {
		return nil, err
	}
	ms, err := g.movers(c.By, side, c.Units)
	if err != nil {
		return nil, err
	}
	force := force(ms)
	at := ms[0].At
	e := &Worked{By: c.By, Side: side, Kind: c.Kind, At: at}
	for _, u := range force {
		e.Units = append(e.Units, u.ID)
		e.Names = append(e.Names, u.name())
	}
	fromCPs, spent, cps := Share{}, 0, 0
	for i, u := range force {
		a := p.Allowance[u.ID].Allowance
		if i == 0 || a.Less(fromCPs) {
			fromCPs = a
		}
		spent = max(spent, p.Spent[u.ID])
	}
	if fromCPs.Num > 0 {
		cps = 1
	}
	enemyIn, enemyAdj := false, false
	for _, u := range g.UnitsOf(engine.EnemyOf(side)) {
		if !u.OnMap() {
			continue
		}
		if u.At == at {
			enemyIn = true
		}
		if u.IsCombat() && engine.Distance(u.Hex, force[0].Hex) <= 1 {
			enemyAdj = true
		}
	}
	switch c.Kind {
	case "entrench":
		for _, u := range force {
			if g.LITN.Moves.Entrenchment[u.ID].Stage == Entrenched {
				return nil, engine.Illegal("litn.entrench.done", u.name()+" is already entrenched", "It keeps the marker while it does not move (002 8.8)")
			}
			if _, _, err := EntrenchPhase(u, Entrenchment{}, g.Turn, p.Spent[u.ID], cps, true); err != nil {
				return nil, err
			}
		}
		e.Why = "002 8.8: they spend no MPs this phase; at its end a Constructing Entrenchment marker is placed, or flipped to Entrenchment on the second consecutive turn"
		return []engine.Event{e}, nil
	case "repair-bridge":
		places, err := g.bridge(c.Map, c.Bridge, force[0].Hex)
		if err != nil {
			return nil, err
		}
		destroyed := false
		for _, pl := range places {
			destroyed = destroyed || g.LITN.Moves.DestroyedBridges[pl]
		}
		if !destroyed {
			return nil, engine.Illegal("litn.repair.intact", fmt.Sprintf("%s is not destroyed", places[0]), "Only a destroyed bridge is repaired (002 8.7)")
		}
		if spent > 0 {
			return nil, engine.Illegal("litn.repair.moved", "The force has spent MPs this phase", "The repairing units must not move during the phase (002 8.7)")
		}
		e.Places = places
		e.Why = "002 8.7: one full Movement Phase of repair, checked at its end (5+ infantry SP adjacent, no enemy adjacent, no move, at least 1 CP)"
		return []engine.Event{e}, nil
	}
	w := Work{Force: force, PotomacRail: c.PotomacRail, EnemyAdjacent: enemyAdj, EnemyInHex: enemyIn, FriendlyTerritory: c.Friendly, FromCPs: fromCPs, Spent: spent}
	for _, u := range force {
		w.ForceMarched = w.ForceMarched || p.ForceMarched[u.ID]
		w.RepairingBridge = w.RepairingBridge || p.Repair[u.ID] != ""
	}
	switch c.Kind {
	case "destroy-bridge":
		w.Kind = DestroyBridge
		places, err := g.bridge(c.Map, c.Bridge, force[0].Hex)
		if err != nil {
			return nil, err
		}
		for _, pl := range places {
			if g.LITN.Moves.DestroyedBridges[pl] {
				return nil, engine.Illegal("litn.work.destroyed", pl+" is already destroyed", "002 8.7")
			}
		}
		e.Places = places
	case "destroy-rail":
		w.Kind = DestroyRail
		if g.LITN.Moves.DestroyedRail[at] {
			return nil, engine.Illegal("litn.work.destroyed", "The rail line in "+at+" is already destroyed", "002 8.7")
		}
	case "repair-rail":
		w.Kind = RepairRail
		if !g.LITN.Moves.DestroyedRail[at] {
			return nil, engine.Illegal("litn.work.intact", "The rail line in "+at+" is not destroyed", "Only a Destroyed Rail marker is repaired (002 8.7)")
		}
	default:
		return nil, engine.Invalid("litn.work.kind", fmt.Sprintf("%q is not work the rules know", c.Kind), "kind: destroy-bridge, repair-bridge, destroy-rail, repair-rail or entrench (002 8.7, 8.8)")
	}
	r, err := WorkCost(w)
	if err != nil {
		return nil, err
	}
	e.Cost, e.Why = r.Cost, r.Why
	return []engine.Event{e}, nil
}

// bridge names the places of a bridge hexside next to the force: a
// litn-places.yaml bridge place (by name or by its hex), or a declared
// "<hex>/<hex>" hexside the map data lacks.
func (g Game) bridge(m *engine.Theatre, ref string, from engine.Hex) ([]string, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return nil, engine.Invalid("litn.work.bridge", "Which bridge?", "Give bridge:<place name>, or bridge:<hex>/<hex> for a bridge hexside the map data lacks")
	}
	if m != nil {
		for _, pl := range m.Places {
			if !pl.Is("bridge") || !(strings.EqualFold(pl.Name, ref) || strings.Contains(strings.ToLower(pl.Name), strings.ToLower(ref))) {
				continue
			}
			if engine.Distance(pl.Hex, from) > 1 {
				return nil, engine.Illegal("litn.work.adjacent", fmt.Sprintf("%s is not next to the force", pl.Name), "Work on a bridge is done from an adjoining hex (002 8.7)")
			}
			side := strings.SplitN(pl.Name, ", hex", 2)[0]
			var out []string
			for _, q := range m.Places {
				if q.Is("bridge") && strings.SplitN(q.Name, ", hex", 2)[0] == side {
					out = append(out, q.Name)
				}
			}
			sort.Strings(out)
			return out, nil
		}
	}
	parts := strings.Split(ref, "/")
	if len(parts) == 2 && m != nil {
		a, _, err1 := m.ParseHex(parts[0], "")
		b, _, err2 := m.ParseHex(parts[1], "")
		if err1 == nil && err2 == nil && engine.Distance(a, b) == 1 {
			if engine.Distance(a, from) > 1 && engine.Distance(b, from) > 1 {
				return nil, engine.Illegal("litn.work.adjacent", fmt.Sprintf("The hexside %s is not next to the force", ref), "Work on a bridge is done from an adjoining hex (002 8.7)")
			}
			return []string{"Bridge " + ref + " (declared)"}, nil
		}
	}
	return nil, engine.Invalid("litn.work.bridge", fmt.Sprintf("%q is no bridge of the map data nor a hexside <hex>/<hex>", ref), "Give a bridge place (e.g. bridge:\"Bridge 1426/1525\") or the two hexes of the bridge hexside, e.g. bridge:1624/1625")
}

// Say implements Sayer: markers are on the open map; a declared
// entrenchment or repair shows at the phase's end.
func (e *Worked) Say(g Game) []Say {
	names := strings.Join(e.Names, ", ")
	switch e.Kind {
	case "entrench", "repair-bridge":
		return []Say{{string(e.Side), fmt.Sprintf("🛠 %s at %s: %s.", names, e.At, e.Why)}}
	case "destroy-bridge":
		return []Say{{"all", fmt.Sprintf("💥 %s destroy %s: Bridge Destroyed (002 8.7).", names, strings.Join(e.Places, " / "))}, {string(e.Side), e.Why}}
	case "destroy-rail":
		return []Say{{"all", fmt.Sprintf("💥 %s destroy the rail line in %s: Destroyed Rail (002 8.7).", names, e.At)}, {string(e.Side), e.Why}}
	}
	return []Say{{"all", fmt.Sprintf("🛠 %s repair the rail line in %s (002 8.7).", names, e.At)}, {string(e.Side), e.Why}}
}
