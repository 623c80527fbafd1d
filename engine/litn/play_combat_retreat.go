package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 10.6 Demoralization and Retreats in play: RetreatOrder moves a side's
// units out of the battle hex after the battle, checked by
// ValidateRetreat (combat_retreat.go).

// decideRetreat moves a side's units out of the battle hex (10.6): the
// retreat due next, the units, then the path hex by hex, checked by
// ValidateRetreat against what the map can tell (the umpire's retreat is
// taken as given). path:none (Remove) removes the units when no legal
// route exists.
func (g Game) decideRetreat(c RetreatOrder) ([]engine.Event, error) {
	b, s, err := g.battleFor(c.By, c.Hex, c.Side, "Retreating")
	if err != nil {
		return nil, err
	}
	due, s, err := g.retreatDue(b, s)
	if err != nil {
		return nil, err
	}
	units, err := g.retreatUnits(c, b, s)
	if err != nil {
		return nil, err
	}
	ev := &Retreated{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Reason: due.Reason, Umpire: g.IsUmpire(c.By)}
	strength := 0
	for _, u := range units {
		ev.Units = append(ev.Units, u.ID)
		if u.IsCombat() {
			strength += u.Strength
		}
	}
	if c.Remove {
		if len(c.Path) > 0 {
			return nil, engine.Invalid("litn.retreat.path", "Give a path or remove the units, not both", "")
		}
		ev.Removed = true
		return []engine.Event{ev}, nil
	}
	if len(c.Path) == 0 {
		return nil, engine.Invalid("litn.retreat.path", "Give the hexes the units retreat through", "path:1726,1727,1827 (4 MPs; path:none when no legal route of 4 MPs exists: the units are removed, 002 10.6)")
	}
	if c.Map == nil {
		return nil, fmt.Errorf("litn: retreat without the map")
	}
	if len(c.Costs) > 0 && len(c.Costs) != len(c.Path) {
		return nil, engine.Invalid("litn.retreat.costs", fmt.Sprintf("%d costs for %d hexes", len(c.Costs), len(c.Path)), "Give one MP cost per hex entered, or none for 1 each")
	}
	r, total, err := g.retreatPath(c, b, s, ev, Retreat{Reason: due.Reason, ForceStrength: strength})
	if err != nil {
		return nil, err
	}
	if ev.Umpire {
		return []engine.Event{ev}, nil
	}
	// What the map cannot say is taken from the declared path: it is the
	// fewest MPs of a legal route, and no clear alternative exists
	// (docs/litn-play-combat.md).
	r.FewestMP = max(total, 4)
	g.retreatDistances(b, s, c.Map, units, ev.To, &r)
	if err := ValidateRetreat(r); err != nil {
		return nil, err
	}
	return []engine.Event{ev}, nil
}

// retreatDue: the battle was fought and a retreat is due; the side that
// retreats is the one due first (10.6: the worse command rating first, the
// attacker on equal), s when given.
func (g Game) retreatDue(b BattlePlay, s engine.Side) (SideRetreat, engine.Side, error) {
	if !b.Fought {
		return SideRetreat{}, "", engine.Illegal("litn.retreat.early", "The battle in "+b.Hex+" has not been fought", "Retreats come after the rounds (002 10.1 step 6)")
	}
	due := g.nextDue(b)
	if due.Side == "" {
		return SideRetreat{}, "", engine.Illegal("litn.retreat.none", "No retreat is due in "+b.Hex, "002 10.3: when no side retreats, all units remain in the hex")
	}
	if s == "" {
		s = due.Side
	}
	if s != due.Side {
		for _, d := range b.Due {
			if d.Side == s {
				return SideRetreat{}, "", engine.Illegal("litn.retreat.order", fmt.Sprintf("The %s retreats first (002 10.6: the worse command rating first, the attacker on equal ratings)", sideName(due.Side)), "Wait for his retreat")
			}
		}
		return SideRetreat{}, "", engine.Illegal("litn.retreat.none", fmt.Sprintf("The %s need not retreat from %s", sideName(s), b.Hex), "002 10.6: units retreat when demoralized, unsupplied or after Withdraw")
	}
	return due, s, nil
}

// retreatUnits are the units that retreat: those named (the side's, in
// the hex), or all that must.
func (g Game) retreatUnits(c RetreatOrder, b BattlePlay, s engine.Side) ([]Unit, error) {
	staying := g.staying(b, s)
	var units []Unit
	if len(c.Units) == 0 {
		units = staying
	} else {
		seen := map[string]bool{}
		for _, ref := range c.Units {
			u, ok := g.FindUnit(ref)
			if !ok || u.Side != s || !u.OnMap() || u.At != b.Hex {
				return nil, engine.Invalid("litn.retreat.units", fmt.Sprintf("%q is not one of your units in %s", ref, b.Hex), "Name your units in the hex, or leave units: out for all that must retreat")
			}
			if !seen[u.ID] {
				seen[u.ID] = true
				units = append(units, u)
			}
		}
	}
	return units, nil
}

// retreatPath reads the declared path hex by hex from the battle hex
// (each adjacent to the one before), with its MPs and the enemy in each
// hex (10.6), into r and the event; total is the MPs it costs.
func (g Game) retreatPath(c RetreatOrder, b BattlePlay, s engine.Side, ev *Retreated, r Retreat) (Retreat, int, error) {
	prev := g.hexOf(b.Hex)
	total := 0
	for i, at := range c.Path {
		at = strings.TrimSpace(at)
		h, _, err := c.Map.ParseHex(at, "")
		if err != nil {
			return r, 0, engine.Invalid("litn.retreat.path", fmt.Sprintf("%q: %v", at, err), "Give printed hexes, e.g. path:1726,1727")
		}
		if engine.Distance(prev, h) != 1 {
			return r, 0, engine.Invalid("litn.retreat.path", fmt.Sprintf("%s is not next to the hex before it", at), "Each hex of the path is adjacent to the one before (the first to the battle hex)")
		}
		prev = h
		st := RetreatStep{Hex: at, MP: 1}
		if len(c.Costs) > 0 {
			st.MP = c.Costs[i]
		}
		total += st.MP
		enemy := g.sideAt(at, engine.EnemyOf(s))
		for _, u := range enemy {
			if u.IsCombat() {
				st.EnemyStrength += u.Strength
			}
		}
		st.NonCombatOnly = len(enemy) > 0 && st.EnemyStrength == 0
		r.Path = append(r.Path, st)
		ev.Path = append(ev.Path, at)
	}
	ev.To = prev
	return r, total, nil
}

// retreatDistances: what 10.6 prefers, measured from the battle hex and
// from the path's end (to): a shorter line to the side's declared supply
// source, and being closer to another friendly force.
func (g Game) retreatDistances(b BattlePlay, s engine.Side, m *engine.Theatre, units []Unit, to engine.Hex, r *Retreat) {
	bh := g.hexOf(b.Hex)
	if src, ok := g.supplyHex(b, s, m); ok {
		r.SupplyFrom, r.SupplyTo = engine.Distance(bh, src), engine.Distance(to, src)
		r.SupplyBest = max(0, r.SupplyFrom-1)
	}
	moving := map[string]bool{}
	for _, u := range units {
		moving[u.ID] = true
	}
	friendFrom, friendTo := -1, -1
	for _, u := range g.UnitsOf(s) {
		if !u.OnMap() || !u.IsCombat() || moving[u.ID] || u.At == b.Hex {
			continue
		}
		if d := engine.Distance(bh, u.Hex); friendFrom < 0 || d < friendFrom {
			friendFrom = d
		}
		if d := engine.Distance(to, u.Hex); friendTo < 0 || d < friendTo {
			friendTo = d
		}
	}
	if friendFrom > 0 {
		r.FriendFrom, r.FriendTo, r.FriendBest = friendFrom, friendTo, max(0, friendFrom-4)
	}
}

// supplyHex is the hex of a side's declared supply source.
func (g Game) supplyHex(b BattlePlay, s engine.Side, m *engine.Theatre) (engine.Hex, bool) {
	sup := b.Supply[s]
	if sup.Wagon != "" {
		if w, ok := g.LITN.Wagons[sup.Wagon]; ok {
			return w.Hex, true
		}
	}
	if sup.Depot != "" && m != nil {
		if h, _, err := m.ParseHex(sup.Depot, ""); err == nil {
			return h, true
		}
	}
	return engine.Hex{}, false
}
