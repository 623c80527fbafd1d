package lrtg

import (
	"reflect"

	"github.com/umpire-games/umpire/engine"
)

// Double-blind sightings (view.go): where each viewer last saw each unit
// he does not hold, and on which turn. Units move only by events, so the
// record is brought up to date after every event that moved a unit: a
// moved unit looks at every unit it may see, and every viewer's units look
// at it. A unit seen along the way of a move but not at its end is not
// recorded (the move's end is what the log holds).

// SightingState is the record: by viewer key (sightingKey), by unit, in
// shards so that a sighting copies a few entries, not the whole record
// (states are immutable: a new sighting copies what it changes).
type SightingState struct {
	Seen map[string]*sightShards
}

const sightShardCount = 16

type sightShards [sightShardCount]map[string]LastSeen

func sightShard(id string) int {
	h := 0
	for i := 0; i < len(id); i++ {
		h = h*31 + int(id[i])
	}
	if h < 0 {
		h = -h
	}
	return h % sightShardCount
}

// Last returns where the viewer key last saw a unit.
func (s SightingState) Last(key, id string) (LastSeen, bool) {
	sh := s.Seen[key]
	if sh == nil {
		return LastSeen{}, false
	}
	l, ok := sh[sightShard(id)][id]
	return l, ok
}

// each calls f for every unit a viewer key saw.
func (s SightingState) each(key string, f func(id string, l LastSeen)) {
	sh := s.Seen[key]
	if sh == nil {
		return
	}
	for _, m := range sh {
		for id, l := range m {
			f(id, l)
		}
	}
}

// LastSeen is where a unit was last seen.
type LastSeen struct {
	Hex  engine.Hex `json:"hex"`
	Turn int        `json:"turn"`
}

// sightingKey is whose knowledge a viewer reads: his side's, or his own
// with knowledge per commander.
func sightingKey(o engine.GameOptions, v engine.Viewer) string {
	if v.Kind == engine.ViewerCommander {
		return "commander:" + v.ID
	}
	return "side:" + string(v.Side)
}

// sightingViewers are the viewers whose knowledge is kept.
func (g Game) sightingViewers() []engine.Viewer {
	if g.Options.KnowledgeMode() == engine.KnowledgeCommander {
		out := make([]engine.Viewer, 0, len(g.Players))
		for _, p := range g.Players {
			out = append(out, engine.Viewer{Kind: engine.ViewerCommander, Side: p.Side, ID: p.Actor.ID})
		}
		return out
	}
	return []engine.Viewer{{Kind: engine.ViewerSide, Side: engine.CSA}, {Kind: engine.ViewerSide, Side: engine.USA}}
}

// holds reports whether the unit is one of the viewer's own (his eyes).
func (g Game) holds(v engine.Viewer, u engine.UnitState) bool {
	if v.Kind == engine.ViewerCommander {
		return g.Controls(engine.Actor{ID: v.ID}, u)
	}
	return u.Side == v.Side
}

// updateSightings records what the units that moved since prev see and
// are seen by. The receiver's maps are copied before they change.
func (g Game) updateSightings(prev Game) Game {
	if len(g.Units) == len(prev.Units) && len(g.Units) > 0 && reflect.ValueOf(g.Units).UnsafePointer() == reflect.ValueOf(prev.Units).UnsafePointer() {
		return g // the event did not touch the units
	}
	var moved []engine.UnitState
	for id, u := range g.Units {
		if !u.OnMap || u.Eliminated {
			continue
		}
		if p, ok := prev.Units[id]; !ok || !p.OnMap || p.Eliminated || p.Hex != u.Hex {
			moved = append(moved, u)
		}
	}
	if len(moved) == 0 {
		return g
	}
	seen := g.Sightings.Seen
	outerCopied := false
	copiedKey := map[string]bool{}
	type shardKey struct {
		key string
		i   int
	}
	copiedShard := map[shardKey]bool{}
	record := func(key string, u engine.UnitState) {
		if l, ok := (SightingState{Seen: seen}).Last(key, u.ID); ok && l.Hex == u.Hex && l.Turn == g.Turn {
			return
		}
		if !outerCopied {
			next := make(map[string]*sightShards, len(seen)+1)
			for k, v := range seen {
				next[k] = v
			}
			seen, outerCopied = next, true
		}
		if !copiedKey[key] {
			sh := &sightShards{}
			if old := seen[key]; old != nil {
				*sh = *old
			}
			seen[key], copiedKey[key] = sh, true
		}
		i := sightShard(u.ID)
		if sk := (shardKey{key, i}); !copiedShard[sk] {
			m := make(map[string]LastSeen, len(seen[key][i])+1)
			for k, v := range seen[key][i] {
				m[k] = v
			}
			seen[key][i], copiedShard[sk] = m, true
		}
		seen[key][i][u.ID] = LastSeen{Hex: u.Hex, Turn: g.Turn}
	}
	for _, v := range g.sightingViewers() {
		key := sightingKey(g.Options, v)
		for _, m := range moved {
			if g.holds(v, m) {
				r := g.Options.SightRange(m)
				for _, t := range g.Units {
					if t.OnMap && !t.Eliminated && engine.Distance(m.Hex, t.Hex) <= r && !g.holds(v, t) {
						record(key, t)
					}
				}
				continue
			}
			for _, e := range g.Units {
				if e.OnMap && !e.Eliminated && engine.Distance(e.Hex, m.Hex) <= g.Options.SightRange(e) && g.holds(v, e) {
					record(key, m)
					break
				}
			}
		}
	}
	g.Sightings.Seen = seen
	return g
}

// recordContact records what a rail column or a march stopped by an
// unseen enemy ran into (hidden.go; LRTG 8.2): the units occupying the hex it could not
// enter or holding it in their zone of control, seen by the viewers whose
// units moved, wherever their sight range ends (the contact is the act's
// discovery, not a sighting at range).
func (g Game) recordContact(e *engine.UnitsMoved) Game {
	if e.Contact == nil || len(e.Units) == 0 {
		return g
	}
	c := *e.Contact
	mover, ok := g.Units[e.Units[0]]
	if !ok {
		return g
	}
	// A march stopped by an enemy-occupied hex meets the units in it, not
	// those around it (move_path.go); one stopped by a ZOC (000 10.2) and
	// a rail column meet the units holding the hex.
	occupied := false
	if e.Stopped == MoveStoppedPath {
		for _, u := range g.Units {
			occupied = occupied || u.Side != mover.Side && u.OnMap && !u.Eliminated && u.Hex == c
		}
	}
	var met []engine.UnitState
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == mover.Side || !u.OnMap || u.Eliminated {
			continue
		}
		if d := engine.Distance(u.Hex, c); d == 0 || d == 1 && !u.Kind.IsLeader() && !occupied {
			met = append(met, u)
		}
	}
	if len(met) == 0 {
		return g
	}
	seen := make(map[string]*sightShards, len(g.Sightings.Seen)+1)
	for k, v := range g.Sightings.Seen {
		seen[k] = v
	}
	for _, v := range g.sightingViewers() {
		if !g.holds(v, mover) {
			continue
		}
		key := sightingKey(g.Options, v)
		sh := &sightShards{}
		if old := seen[key]; old != nil {
			*sh = *old
		}
		for _, u := range met {
			i := sightShard(u.ID)
			m := make(map[string]LastSeen, len(sh[i])+1)
			for k, l := range sh[i] {
				m[k] = l
			}
			m[u.ID] = LastSeen{Hex: u.Hex, Turn: g.Turn}
			sh[i] = m
		}
		seen[key] = sh
	}
	g.Sightings.Seen = seen
	return g
}
