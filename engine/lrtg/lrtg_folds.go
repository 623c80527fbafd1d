package lrtg

import "github.com/umpire-games/umpire/engine"

// LRTG's part of the kernel's folds (LRTA plays on it too): what the
// kernel's fold of an event did for LRTG before the kernel named no game,
// now reached through the ruleset (issue 20), in the same order.

// setupModule folds the rest of LRTG's set-up (000 VIII) after the
// kernel has placed the units (game.go): set-up marks such as
// "entrenched" are statuses (status.go), the depots on the map and the
// stations that start damaged (places.go).
func setupModule() engine.Module {
	return engine.Module{Name: "setup",
		Subscribes: []engine.Event{&engine.GameStarted{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			s, ok := e.(*engine.GameStarted)
			if !ok {
				return g, false
			}
			return g.applySetup(s), true
		})}
}

func (g Game) applySetup(e *engine.GameStarted) Game {
	units := make(map[string]engine.UnitState, len(e.Units))
	for _, u := range e.Units {
		units[u.ID] = u.WithStatus() // set-up marks such as "entrenched" are statuses
	}
	g.Units = units
	places := make(map[string]PlaceState, len(g.Places)+len(e.Depots)+len(e.Damaged))
	for k, v := range g.Places {
		places[k] = v
	}
	for _, d := range e.Depots {
		ps := places[d.Place]
		ps.Depot = d.Side
		places[d.Place] = ps
	}
	for _, name := range e.Damaged {
		ps := places[name]
		ps.Station = "damaged"
		places[name] = ps
	}
	g.Places = places
	g.Chits = e.Chits   // LRTG 22.5: the time chits of the set-up
	g.Charts = e.Charts // the series' charts the group loaded (charts.go)
	return g
}

// lrtgFolded is what LRTG folds after every event (Hooks.Folded; g is the
// state before it): the players' unchecked changes to their units into
// the umpire's log (unitlog.go), a dummy a friendly force reached merged
// into its marker (dummies_merge.go) and, in a double-blind game, where each
// viewer last saw the units (sightings.go).
func lrtgFolded(g, next Game, e engine.Event) Game {
	next = next.logUnitChange(g, e) // unitlog.go
	next = next.mergeDummies(g)     // dummies_merge.go: a force on its own dummy
	if next.Options.Intel == engine.IntelDoubleBlind && next.Started {
		next = next.updateSightings(g)
		if m, ok := e.(*engine.UnitsMoved); ok && m.Contact != nil {
			next = next.recordContact(m) // hidden.go: a rail column ran into the enemy
		}
	}
	return next
}
