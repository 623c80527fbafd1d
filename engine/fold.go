package engine

import "reflect"

// The bulk fold (issue 20): folding a stored log from a state, as a
// restart or a snapshot's catch-up does, where no one holds the states in
// between. Apply must leave its receiver alone (the router caches states,
// the umpire's undo keeps the state before the last board action), so a
// board action under Apply clones the units map: about 30 KB for LRTG's
// 131 units, on every move. ApplyAll gives the same final state without
// those clones: it owns two units maps and takes turns with them.

// unitBuffers are the two units maps a bulk fold owns. After a board
// action the state's units are one of them and the undo's state before it
// (prev) holds the other, or a map from outside the fold; no other state
// or value holds either, since the intermediate states are dropped and no
// applier keeps a units map anywhere but in Units.
//
// It also owns the GameState values a board action builds (the state
// being changed, and prev, the state before it): a GameState is about
// 3 KB, and ApplyAll reuses them instead of allocating two per action.
// work is only a workspace (the action returns a copy of it). The prevs
// take turns like the maps: an action fills the one that is not the
// current state's prev (Apply tells an action by its new prev pointer),
// and a non-board event folded into the current prev is written into it
// in place, its one holder being the current state.
type unitBuffers struct {
	maps  [2]map[string]UnitState
	work  *GameState
	prevs [2]*GameState
}

// ApplyAll returns the state after events: the same state, prev and
// lastAction included, as applying them one by one with Apply. The
// receiver's maps are not changed; the state returned shares no units map
// with the receiver once a board action has been folded.
func (g GameState) ApplyAll(events []Event) GameState {
	if len(events) == 0 {
		return g
	}
	bufs := &unitBuffers{}
	for _, e := range events {
		g.units = bufs // an applier may build its state afresh
		g = g.Apply(e)
	}
	return g.released()
}

// released is g with no fold's buffers: after ApplyAll the maps are the
// state's alone, and a later Apply clones them as it always does.
func (g GameState) released() GameState {
	g.units = nil
	if g.prev != nil && g.prev.units != nil {
		p := *g.prev
		p.units = nil
		g.prev = &p
	}
	return g
}

// writableUnits returns a units map with cur's content that the board
// action under way may change in place: under ApplyAll one of the fold's
// two maps (not cur: the state before the action keeps cur), brought up
// to date by assignment, which allocates nothing once the map has its
// size; otherwise (Apply) a clone.
func (g *GameState) writableUnits(cur map[string]UnitState) map[string]UnitState {
	b := g.units
	if b == nil {
		return CopyUnits(cur)
	}
	i := 0
	if sameMap(b.maps[0], cur) {
		i = 1
	}
	w := b.maps[i]
	if w == nil {
		w = CopyUnits(cur)
		b.maps[i] = w
		return w
	}
	for id, u := range cur {
		w[id] = u
	}
	if len(w) != len(cur) {
		for id := range w {
			if _, ok := cur[id]; !ok {
				delete(w, id)
			}
		}
	}
	return w
}

// actionStates returns the two states a board action fills: the state
// before it (which becomes prev) and the state it changes. Under Apply
// both are new; under ApplyAll they are the fold's own.
func (g *GameState) actionStates() (before, work *GameState) {
	b := g.units
	if b == nil {
		return new(GameState), new(GameState)
	}
	if b.work == nil {
		b.work = new(GameState)
	}
	i := 0
	if g.prev != nil && g.prev == b.prevs[0] {
		i = 1
	}
	if b.prevs[i] == nil {
		b.prevs[i] = new(GameState)
	}
	return b.prevs[i], b.work
}

// foldedPrev returns where the undo's state p (the current prev with a
// non-board event folded in) is kept: under ApplyAll, in the current prev
// itself when it is one of the fold's own; otherwise a new one.
func (g *GameState) foldedPrev(p GameState) *GameState {
	if b := g.units; b != nil && g.prev != nil && (g.prev == b.prevs[0] || g.prev == b.prevs[1]) {
		*g.prev = p
		return g.prev
	}
	q := new(GameState)
	*q = p
	return q
}

// sameMap reports whether a and b are the same map (not merely equal).
func sameMap(a, b map[string]UnitState) bool {
	return a != nil && b != nil && reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}
