// What LRTG's intelligence rules add to a view (view.go: ViewFor, through
// Hooks.View): limited intelligence's dummies and force markers (LRTG 20,
// dummies.go), double-blind's sightings (sightings.go), and the Spy's
// (or LRTA's Enemy Intelligence's) revelation (LRTG 2.0 7; declare.go).
// The choices V1-V3 are view.go's.

package lrtg

import (
	"sort"

	"github.com/umpire-games/umpire/engine"
)

// hiddenView adds the dummies to the umpire's view and, as force markers,
// to the public's with limited intelligence; it makes a side's or a
// commander's view in a hidden mode.
func hiddenView(g Game, view *engine.View, b engine.ViewBuilder) {
	v := view.Viewer
	dummies := g.ActiveDummies()
	switch {
	case v.Kind == engine.ViewerUmpire || view.Mode == engine.IntelOpen:
		if v.Kind == engine.ViewerUmpire {
			for _, d := range dummies {
				view.Counters = append(view.Counters, engine.ViewCounter{Hex: d.Hex, Side: string(d.Side), Name: "Dummy", Kind: "dummy"})
			}
		}
	case v.Kind == engine.ViewerPublic:
		if view.Mode == engine.IntelLimited {
			for _, d := range dummies {
				b.Marker(d.Side, d.Hex)
			}
		}
	case view.Mode == engine.IntelLimited:
		g.limitedView(view, b.Units, dummies, b.Show, b.Marker)
	default:
		g.doubleBlindView(view, b.Units, b.Show)
	}
}

// limitedView: own units and dummies; enemy stacks as markers unless in
// contact or revealed by a Spy win (LRTG 20; 2.0 7)).
func (g Game) limitedView(view *engine.View, ids []string, dummies []Dummy, show func(engine.UnitState), marker func(engine.Side, engine.Hex)) {
	me := view.Viewer.Side
	revealed := spyWinner(g) == me
	var own []engine.Hex
	for _, id := range ids {
		if u := g.Units[id]; u.Side == me {
			own = append(own, u.Hex)
			show(u)
		}
	}
	contact := func(h engine.Hex) bool {
		for _, o := range own {
			if engine.Distance(o, h) <= 1 {
				return true
			}
		}
		return false
	}
	marked := map[engine.Hex]bool{}
	for _, id := range ids {
		u := g.Units[id]
		if u.Side == me {
			continue
		}
		if revealed || contact(u.Hex) {
			show(u)
			continue
		}
		if !marked[u.Hex] {
			marked[u.Hex] = true
			marker(u.Side, u.Hex)
		}
	}
	for _, d := range dummies {
		switch {
		case d.Side == me:
			view.Counters = append(view.Counters, engine.ViewCounter{Hex: d.Hex, Side: string(d.Side), Name: "Dummy", Kind: "dummy"})
		case contact(d.Hex):
			// In contact a dummy is found out: nothing is there.
			view.Counters = append(view.Counters, engine.ViewCounter{Hex: d.Hex, Side: string(d.Side), Name: "Dummy", Kind: "dummy"})
		default:
			marker(d.Side, d.Hex)
		}
	}
}

// doubleBlindView: what the viewer's eyes see now, and where the rest was
// last seen (sightings.go).
func (g Game) doubleBlindView(view *engine.View, ids []string, show func(engine.UnitState)) {
	v := view.Viewer
	mine := func(u engine.UnitState) bool { return g.holds(v, u) } // sightings.go
	var eyes []engine.UnitState
	var others []engine.UnitState
	for _, id := range ids {
		u := g.Units[id]
		if mine(u) {
			eyes = append(eyes, u)
			show(u)
		} else {
			others = append(others, u)
		}
	}
	revealed := spyWinner(g) == v.Side
	for _, u := range others {
		if revealed && u.Side != v.Side || g.seenBy(eyes, u.Hex) {
			show(u)
		}
	}
	key := sightingKey(g.Options, v)
	last := map[string]LastSeen{}
	g.Sightings.each(key, func(id string, l LastSeen) { last[id] = l })
	lids := make([]string, 0, len(last))
	for id := range last {
		lids = append(lids, id)
	}
	sort.Strings(lids)
	for _, id := range lids {
		s := last[id]
		u, ok := g.Units[id]
		if !ok || view.Knows(id) || u.Eliminated || g.seenBy(eyes, s.Hex) {
			continue // seen now, gone, or the place is watched and empty of it
		}
		view.Counters = append(view.Counters, engine.ViewCounter{Unit: id, Hex: s.Hex, Side: string(u.Side), Name: u.Name, Kind: string(u.Kind), SeenTurn: s.Turn})
	}
}

// seenBy reports whether one of the eyes sees the hex.
func (g Game) seenBy(eyes []engine.UnitState, h engine.Hex) bool {
	for _, e := range eyes {
		if engine.Distance(e.Hex, h) <= g.Options.SightRange(e) {
			return true
		}
	}
	return false
}
