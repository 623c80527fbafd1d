package engine

// Double-blind sightings (view.go): where each viewer last saw each unit
// he does not hold, and on which turn. Units move only by events, so the
// record is brought up to date after every event that moved a unit: a
// moved unit looks at every unit it may see, and every viewer's units look
// at it. A unit seen along the way of a move but not at its end is not
// recorded (the move's end is what the log holds).

// SightingState is the record: by viewer key (sightingKey), by unit.
type SightingState struct {
	Seen map[string]map[string]LastSeen `json:"seen,omitempty"`
}

// LastSeen is where a unit was last seen.
type LastSeen struct {
	Hex  Hex `json:"hex"`
	Turn int `json:"turn"`
}

// sightingKey is whose knowledge a viewer reads: his side's, or his own
// with knowledge per commander.
func sightingKey(o GameOptions, v Viewer) string {
	if v.Kind == ViewerCommander {
		return "commander:" + v.ID
	}
	return "side:" + string(v.Side)
}

// sightingViewers are the viewers whose knowledge is kept.
func (g GameState) sightingViewers() []Viewer {
	if g.Options.KnowledgeMode() == KnowledgeCommander {
		out := make([]Viewer, 0, len(g.Players))
		for _, p := range g.Players {
			out = append(out, Viewer{Kind: ViewerCommander, Side: p.Side, ID: p.Actor.ID})
		}
		return out
	}
	return []Viewer{{Kind: ViewerSide, Side: CSA}, {Kind: ViewerSide, Side: USA}}
}

// holds reports whether the unit is one of the viewer's own (his eyes).
func (g GameState) holds(v Viewer, u UnitState) bool {
	if v.Kind == ViewerCommander {
		return g.Controls(Actor{ID: v.ID}, u)
	}
	return u.Side == v.Side
}

// updateSightings records what the units that moved since prev see and
// are seen by. The receiver's maps are copied before they change.
func (g GameState) updateSightings(prev GameState) GameState {
	var moved []UnitState
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
	var live []UnitState
	for _, u := range g.Units {
		if u.OnMap && !u.Eliminated {
			live = append(live, u)
		}
	}
	seen := g.Sightings.Seen
	copied := map[string]bool{}
	record := func(key string, u UnitState) {
		if s, ok := seen[key][u.ID]; ok && s.Hex == u.Hex && s.Turn == g.Turn {
			return
		}
		if !copied[""] {
			next := make(map[string]map[string]LastSeen, len(seen)+1)
			for k, v := range seen {
				next[k] = v
			}
			seen, copied[""] = next, true
		}
		if !copied[key] {
			inner := make(map[string]LastSeen, len(seen[key])+1)
			for k, v := range seen[key] {
				inner[k] = v
			}
			seen[key], copied[key] = inner, true
		}
		seen[key][u.ID] = LastSeen{Hex: u.Hex, Turn: g.Turn}
	}
	for _, v := range g.sightingViewers() {
		key := sightingKey(g.Options, v)
		mine := make(map[string]bool, len(live))
		for _, u := range live {
			if g.holds(v, u) {
				mine[u.ID] = true
			}
		}
		for _, m := range moved {
			if mine[m.ID] {
				r := g.Options.SightRange(m)
				for _, t := range live {
					if !mine[t.ID] && Distance(m.Hex, t.Hex) <= r {
						record(key, t)
					}
				}
				continue
			}
			for _, e := range live {
				if mine[e.ID] && Distance(e.Hex, m.Hex) <= g.Options.SightRange(e) {
					record(key, m)
					break
				}
			}
		}
	}
	g.Sightings.Seen = seen
	return g
}
