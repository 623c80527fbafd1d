package engine

import (
	"fmt"
	"sort"
)

// Views (issue 8; DESIGN "Fog of war and command"): ViewFor(state, viewer)
// is what one viewer may know of the board. The map, the unit lists and
// every presenter that places units work from a view, never from the
// state's units directly.
//
// Intelligence modes (GameOptions.Intel):
//
//   - open: every unit on the map is known to everyone.
//   - limited (LRTG 20, the Standardized Rules' Limited Intelligence): a
//     side sees its own units; each enemy stack is an unidentified force
//     marker, and so is each enemy dummy (dummies.go). A stack is
//     identified while one of the viewer's units is in contact with it
//     (adjacent: choice V1), and every enemy unit is identified for the
//     rest of a turn in which the viewer's side won the Spy (LRTG 2.0 7)
//     or, in LRTA, Enemy Intelligence (004): "the losing player removes
//     all of his force markers, replaces them with their actual units".
//   - double-blind: a side sees an enemy unit only while it is within
//     sighting range of one of its own units (choice V2); where it was
//     last seen stays on the map, marked with the turn (sightings.go). A
//     Spy or Enemy Intelligence win shows the loser's units for the turn
//     too (choice V3).
//
// Knowledge (GameOptions.Knowledge) is per side (every commander of a side
// sees what any of its units sees) or, with double-blind only, per
// commander: a commander sees the units he controls and what they see,
// friendly or enemy; the rest reaches him by dispatches (LRTG 21).
//
// The umpire sees everything, dummies included. The public (a guest, the
// table channel) sees every unit in an open game, only the force markers
// (no identities, no dummies told apart) with limited intelligence, and
// nothing with double-blind.
//
// Choices where the rules are silent:
//   V1. Contact is adjacency: the Standardized Rules reveal a stack when an
//       enemy unit moves next to it or attacks it; an attack is made from
//       an adjacent hex.
//   V2. Sighting range: GameOptions.Sighting hexes (default 3, a GCACW hex
//       is about a mile) for every unit, twice that for cavalry, whose
//       scouting is what the screens of 1862-63 were for. A unit's own
//       hex is always seen.
//   V3. A Spy win reveals the loser's units in both hidden modes; with
//       double-blind the rule's "replaces them with their actual units"
//       has no markers to replace, and the spy's report is the nearest
//       reading.

// Intelligence modes and knowledge.
const (
	IntelOpen        = "open"
	IntelLimited     = "limited"
	IntelDoubleBlind = "double-blind"

	KnowledgeSide      = "side"
	KnowledgeCommander = "commander"

	// DefaultSighting is choice V2's range in hexes (cavalry: twice).
	DefaultSighting = 3
)

// IntelModes are the modes a game may choose.
var IntelModes = []string{IntelOpen, IntelLimited, IntelDoubleBlind}

// IntelMode is the game's intelligence mode: Intel, or "limited" for the
// older limited_intelligence flag.
func (o GameOptions) IntelMode() string {
	switch {
	case o.Intel != "":
		return o.Intel
	case o.LimitedIntel:
		return IntelLimited
	}
	return IntelOpen
}

// KnowledgeMode is per side unless the game chose per commander.
func (o GameOptions) KnowledgeMode() string {
	if o.Knowledge == KnowledgeCommander {
		return KnowledgeCommander
	}
	return KnowledgeSide
}

// sightingRange is the game's sighting range in hexes (choice V2).
func (o GameOptions) sightingRange() int {
	if o.Sighting > 0 {
		return o.Sighting
	}
	return DefaultSighting
}

// SightRange is how far a unit sees (choice V2).
func (o GameOptions) SightRange(u UnitState) int {
	r := o.sightingRange()
	if u.Kind == KindCavalry {
		r *= 2
	}
	return r
}

// checkIntelOptions checks the intelligence options of a new game.
func checkIntelOptions(o GameOptions) error {
	if o.Intel != "" && !Contains(IntelModes, o.Intel) {
		return Invalid("game.intelligence", fmt.Sprintf("%q is not an intelligence mode", o.Intel), "Use intelligence:open, limited or double-blind")
	}
	if o.Intel == IntelOpen && o.LimitedIntel {
		return Invalid("game.intelligence", "intelligence:open and limited_intelligence:true disagree", "Give one of them")
	}
	switch o.Knowledge {
	case "", KnowledgeSide:
	case KnowledgeCommander:
		if o.IntelMode() != IntelDoubleBlind {
			return Invalid("game.knowledge", "Knowledge per commander needs double-blind intelligence: with an open board or force markers every commander sees the same table",
				"Add intelligence:double-blind, or leave knowledge out (per side)")
		}
	default:
		return Invalid("game.knowledge", fmt.Sprintf("%q is not a knowledge mode", o.Knowledge), "Use knowledge:side or knowledge:commander")
	}
	if o.Sighting < 0 || o.Sighting > 20 {
		return Invalid("game.sighting", fmt.Sprintf("A sighting range of %d hexes is out of range", o.Sighting), "Give 1 to 20 hexes (default 3; cavalry see twice as far)")
	}
	if o.Sighting > 0 && o.IntelMode() != IntelDoubleBlind {
		return Invalid("game.sighting", "A sighting range is for double-blind games", "Add intelligence:double-blind, or leave sighting out")
	}
	return nil
}

// Viewer kinds.
const (
	ViewerUmpire    = "umpire"
	ViewerSide      = "side"
	ViewerCommander = "commander"
	ViewerPublic    = "public"
)

// Viewer is who a view is for.
type Viewer struct {
	Kind string
	Side Side   // side and commander viewers
	ID   string // the commander's (or side member's) user id
}

// ViewerOf is the viewer an actor is in this game: the umpire, a
// commander (knowledge per commander) or his side, or the public.
func (g GameState) ViewerOf(a Actor) Viewer {
	if g.IsUmpire(a) {
		return Viewer{Kind: ViewerUmpire, ID: a.ID}
	}
	p := g.Player(a.ID)
	if p == nil {
		return Viewer{Kind: ViewerPublic}
	}
	if g.Options.KnowledgeMode() == KnowledgeCommander {
		return Viewer{Kind: ViewerCommander, Side: p.Side, ID: a.ID}
	}
	return Viewer{Kind: ViewerSide, Side: p.Side, ID: a.ID}
}

// View is what a viewer may know of the board.
type View struct {
	Viewer Viewer
	Mode   string // the intelligence mode
	Turn   int
	// Counters are the counters on the map as the viewer sees them:
	// identified units, force markers, dummies and last-known positions,
	// by hex, then name.
	Counters []ViewCounter
	known    map[string]bool // units seen identified now
}

// Knows reports whether the viewer sees the unit, identified, now.
func (v View) Knows(id string) bool { return v.known[id] }

// Known lists the ids of the units the viewer sees identified, sorted.
func (v View) Known() []string {
	out := make([]string, 0, len(v.known))
	for id := range v.known {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// A ViewBuilder is what ViewFor gives the game's view (Hooks.View): the
// ids of the units on the map (not eliminated), sorted, and the ways to
// put a counter on the view: a unit identified (Show), a force marker
// (Marker); other counters are appended to View.Counters.
type ViewBuilder struct {
	Units  []string
	Show   func(UnitState)
	Marker func(Side, Hex)
}

// ViewFor is the one way out of the board for a viewer.
func ViewFor(g GameState, v Viewer) View {
	view := View{Viewer: v, Mode: g.Options.IntelMode(), Turn: g.Turn, known: map[string]bool{}}
	ids := make([]string, 0, len(g.Units))
	for id, u := range g.Units {
		if u.OnMap && !u.Eliminated {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	show := func(u UnitState) {
		view.known[u.ID] = true
		u = u.WithStatus()
		marks := append(u.Status.Codes(), u.Marks...)
		view.Counters = append(view.Counters, ViewCounter{Unit: u.ID, Hex: u.Hex, Side: string(u.Side), Name: u.Name, Kind: string(u.Kind), Manpower: u.Manpower, Fatigue: u.Fatigue, Marks: marks})
	}
	// One force marker a side per hex, however many stacks, dummies or
	// both the game puts there (issue 22): a second marker would count
	// them for the enemy, and a "2" on a hex with a dummy and a real force
	// tells him one of them is a dummy (LRTG 20).
	marked := map[markerKey]bool{}
	marker := func(side Side, h Hex) {
		if k := (markerKey{side, h}); !marked[k] {
			marked[k] = true
			view.Counters = append(view.Counters, ViewCounter{Hex: h, Side: string(side), Kind: "force", Unidentified: true})
		}
	}
	b := ViewBuilder{Units: ids, Show: show, Marker: marker}
	hook := func(GameState, *View, ViewBuilder) {}
	if g.rules != nil && g.rules.hooks.View != nil {
		hook = g.rules.hooks.View
	}
	switch {
	case v.Kind == ViewerUmpire || view.Mode == IntelOpen:
		for _, id := range ids {
			show(g.Units[id])
		}
		hook(g, &view, b) // the umpire sees what the game keeps off the units
	case v.Kind == ViewerPublic:
		if view.Mode == IntelLimited {
			seen := map[Hex]bool{}
			for _, id := range ids {
				if u := g.Units[id]; !seen[u.Hex] {
					seen[u.Hex] = true
					marker(u.Side, u.Hex)
				}
			}
		}
		hook(g, &view, b)
	case g.rules != nil && g.rules.hooks.View != nil:
		hook(g, &view, b) // a side's or a commander's view in a hidden mode
	default:
		// No rules of the game for a hidden mode: its own units only.
		for _, id := range ids {
			if u := g.Units[id]; u.Side == v.Side {
				show(u)
			}
		}
	}
	sort.SliceStable(view.Counters, func(i, j int) bool {
		a, b := view.Counters[i], view.Counters[j]
		if a.Hex != b.Hex {
			return a.Hex.Q < b.Hex.Q || a.Hex.Q == b.Hex.Q && a.Hex.R < b.Hex.R
		}
		return a.Name < b.Name
	})
	return view
}

// markerKey is a side's force marker on a hex.
type markerKey struct {
	side Side
	hex  Hex
}

// MapCounters is the viewer's counters: ViewFor for the actor.
func (g GameState) MapCounters(viewer Actor) []ViewCounter {
	return ViewFor(g, g.ViewerOf(viewer)).Counters
}
