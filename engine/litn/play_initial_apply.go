package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Folding the Initial Phase's events (3.1 A) into the state: reorganized
// and disorganized units (15.4), attrition (11), replacements (15.2),
// militia (4.2), wagons (4.1, 9.2) and Hooker's replacement (15.6).

func applyInitial(g Game, e engine.Event) (Game, bool) {
	p := g.LITN.Initial
	switch e := e.(type) {
	case *Disorganized:
		var us []Unit
		for _, id := range e.Units {
			if u, ok := g.LITN.Units[id]; ok {
				u.Disorganized = true
				us = append(us, u)
			}
		}
		g = g.withUnits(us...)
		p.SetUp = true
	case *Reorganized:
		var us []Unit
		for _, id := range e.Result.Reorganized {
			if u, ok := g.LITN.Units[id]; ok {
				u.Disorganized = false
				us = append(us, u)
			}
		}
		g = g.withUnits(us...)
		p.ReorganizedTurn = e.Turn
	case *AttritionRolled:
		var us []Unit
		for _, l := range e.Result.Units {
			if u, ok := g.LITN.Units[l.Unit]; ok && l.Lost > 0 {
				u.Strength = l.Strength
				us = append(us, u)
			}
		}
		g = g.withUnits(us...)
	case *ReplacementsBegun:
	case *UnitFactsSet:
		m := make(map[string]UnitFacts, len(p.Facts)+1)
		for k, v := range p.Facts {
			m[k] = v
		}
		m[e.Unit] = e.Facts
		p.Facts = m
	case *Replaced:
		if u, ok := g.LITN.Units[e.Gain.Unit]; ok {
			u.Strength = e.Gain.Strength
			g = g.withUnits(u)
		}
		m := make(map[string][]ReplacementSpend, 2)
		for k, v := range p.Bought {
			if strings.HasPrefix(k, fmt.Sprintf("%d/", e.Turn)) { // older turns are forgotten
				m[k] = v
			}
		}
		key := initBoughtKey(e.Turn, e.Side)
		m[key] = append(append([]ReplacementSpend(nil), m[key]...), e.Buy)
		p.Bought = m
	case *MilitiaRolled:
		if e.Result.Eligible {
			p.MilitiaEligible = true
		}
		g = g.withUnits(e.Units...)
		p.Militia += len(e.Units)
	case *WagonsBegun:
		p.CSAWagonsOwed, p.CSAWagonsTurn, p.CSAWagonsLeft = 0, e.Turn, e.Available
		var ms []WagonMarkerOn
		for _, m := range p.Markers {
			if m.Turn >= e.Turn-1 {
				ms = append(ms, m)
			}
		}
		p.Markers = ms
	case *WagonPlaced:
		g = g.withWagons(e.Wagon)
		made := make(map[engine.Side]int, 2)
		for k, v := range p.Made {
			made[k] = v
		}
		made[e.Wagon.Side]++
		p.Made = made
		if e.Wagon.Side == engine.CSA {
			p.CSAWagonsLeft--
		} else {
			var ms []WagonMarkerOn
			used := false
			for _, m := range p.Markers {
				if !used && m.Turn == e.Turn-1 && m.Hex == e.Wagon.At {
					used = true
					continue
				}
				ms = append(ms, m)
			}
			p.Markers = ms
		}
	case *WagonMarkerPlaced:
		p.Markers = append(append([]WagonMarkerOn(nil), p.Markers...), e.Marker)
	case *HookerRolled:
		p.Hooker, p.HookerCounted = e.Marker, e.Counted
		if e.Result.Replaced {
			p.HookerReplaced = true
			g = g.withUnits(e.Units...)
		}
	case *HookerMajors:
		p.Hooker = e.Marker
	default:
		return g, false
	}
	g.LITN.Initial = p
	return g, true
}
