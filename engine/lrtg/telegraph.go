package lrtg

import (
	"fmt"
	"sort"

	"github.com/umpire-games/umpire/engine"
)

// The Union telegraph (LRTG 21.2 3)): "For the Union, if both commanders
// are within 5 hexes of rail lines (or the Telegraph Road running from
// Alexandria to Fredericksburg) which are connected with one another via
// rail line or the Telegraph Road. The presence of destroyed or damaged RR
// stations or an enemy unit on such rail line or road prohibits such
// verbal communications", and for written dispatches "Union distance not
// counting hexes along connected rail or the Telegraph Road" (003 2 d)).
//
// The wires are the map's railroads and the Telegraph Road, each run as
// the straight hex line between its stops in order: the same reading rail
// movement uses (move.go railNet), since the map data holds the stations,
// not every hex of the track. A damaged or destroyed station, or a hex
// holding a Confederate unit, cuts the wire there; what stays joined is a
// network. Two Union commanders may talk when a counter of each stands
// within 5 hexes of the same network, and then only about the counters
// within 5 hexes of it (and those within 10 hexes of each other, 21.2 2)).
// A dispatch between them travels the hexes from the sender's counter to
// the network and from it to the recipient's, the network's own hexes not
// counted; the shorter of that and the straight distance is the one rolled
// for (choice T1: a dispatch may still ride the wire from more than 5 hexes
// off it; only talking needs the 5).

// TelegraphRange is 21.2 3)'s 5 hexes.
const TelegraphRange = 5

// wireNet is the Union's connected wires as the state cuts them.
type wireNet struct {
	comp map[engine.Hex]int // network id of each live wire hex
}

// unionWires builds the networks from the theatre's lines.
func (g Game) unionWires(t *engine.Theatre) wireNet {
	w := wireNet{comp: map[engine.Hex]int{}}
	if t == nil {
		return w
	}
	cut := map[engine.Hex]bool{}
	for _, u := range g.Units {
		if u.Side == engine.CSA && u.OnMap && !u.Eliminated {
			cut[u.Hex] = true
		}
	}
	parent := map[engine.Hex]engine.Hex{}
	var find func(engine.Hex) engine.Hex
	find = func(h engine.Hex) engine.Hex {
		for parent[h] != h {
			parent[h] = parent[parent[h]]
			h = parent[h]
		}
		return h
	}
	add := func(h engine.Hex) bool {
		if cut[h] {
			return false
		}
		if _, ok := parent[h]; !ok {
			parent[h] = h
		}
		return true
	}
	join := func(a, b engine.Hex) { parent[find(a)] = find(b) }
	for _, l := range t.Lines {
		if !(l.Kind == "railroad" || l.ID == "telegraph-road") || len(l.Stops) != len(l.Hexes) {
			continue
		}
		for i, s := range l.Stops {
			if st := g.Places[s].Station; st == "damaged" || st == "destroyed" {
				cut[l.Hexes[i]] = true
			}
		}
		for i := range l.Hexes {
			if i == 0 {
				add(l.Hexes[0])
				continue
			}
			seg := hexLine(l.Hexes[i-1], l.Hexes[i])
			for k := 1; k < len(seg); k++ {
				if add(seg[k-1]) && add(seg[k]) {
					join(seg[k-1], seg[k])
				}
			}
		}
	}
	ids := map[engine.Hex]int{}
	for h := range parent {
		r := find(h)
		if _, ok := ids[r]; !ok {
			ids[r] = len(ids) + 1
		}
		w.comp[h] = ids[r]
	}
	return w
}

// reach is, for each network, the fewest hexes from h to it.
func (w wireNet) reach(h engine.Hex) map[int]int {
	out := map[int]int{}
	for x, c := range w.comp {
		d := engine.Distance(h, x)
		if old, ok := out[c]; !ok || d < old {
			out[c] = d
		}
	}
	return out
}

// telegraph is what the wire gives a Union pair.
type telegraph struct {
	Talk  bool     // a counter of each within 5 hexes of one network
	About []string // the counters within 5 hexes of such a network
	Hexes int      // the dispatch distance along the wire (-1: no network joins them)
}

// unionTelegraph settles 21.2 3) for two commanders' counters.
func (w wireNet) unionTelegraph(a, b []engine.UnitState) telegraph {
	tg := telegraph{Hexes: -1}
	ra := make([]map[int]int, len(a))
	for i, u := range a {
		ra[i] = w.reach(u.Hex)
	}
	rb := make([]map[int]int, len(b))
	for j, u := range b {
		rb[j] = w.reach(u.Hex)
	}
	talkNets := map[int]bool{}
	for i := range a {
		for j := range b {
			for c, da := range ra[i] {
				db, ok := rb[j][c]
				if !ok {
					continue
				}
				if tg.Hexes < 0 || da+db < tg.Hexes {
					tg.Hexes = da + db
				}
				if da <= TelegraphRange && db <= TelegraphRange {
					tg.Talk, talkNets[c] = true, true
				}
			}
		}
	}
	seen := map[string]bool{}
	for i, u := range a {
		for c := range talkNets {
			if d, ok := ra[i][c]; ok && d <= TelegraphRange && !seen[u.ID] {
				seen[u.ID] = true
				tg.About = append(tg.About, u.ID)
			}
		}
	}
	for j, u := range b {
		for c := range talkNets {
			if d, ok := rb[j][c]; ok && d <= TelegraphRange && !seen[u.ID] {
				seen[u.ID] = true
				tg.About = append(tg.About, u.ID)
			}
		}
	}
	sort.Strings(tg.About)
	return tg
}

// telegraphPair applies 21.2 3) to a Union pair of LRTG's historic option
// that would otherwise write: verbal by telegraph, or a shorter dispatch.
// It reports whether the map data let it decide.
func (g Game) telegraphPair(pr *CommsPair, w wireNet, ca, cb []engine.UnitState) bool {
	if len(w.comp) == 0 || len(ca) == 0 || len(cb) == 0 {
		return false
	}
	tg := w.unionTelegraph(ca, cb)
	if tg.Talk && !g.halleckIn(*pr) {
		pr.Mode = CommsVerbal
		pr.Why = fmt.Sprintf("by telegraph: both within %d hexes of connected rail lines or the Telegraph Road (LRTG 21.2 3)); only about the commanders in range", TelegraphRange)
		pr.About = mergeIDs(pr.About, tg.About)
		return true
	}
	if tg.Hexes >= 0 && (pr.Hexes < 0 || tg.Hexes < pr.Hexes) {
		pr.Why += fmt.Sprintf("; a dispatch rides connected rail or the Telegraph Road: %d hexes counted, not %d (LRTG 21.2)", tg.Hexes, pr.Hexes)
		pr.Hexes = tg.Hexes
	}
	return true
}

func mergeIDs(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range append(append([]string(nil), a...), b...) {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}
