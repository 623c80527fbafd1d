package lrtg

import (
	"reflect"

	"github.com/umpire-games/umpire/engine"
)

// A friendly force on a dummy (issue 22). LRTG 20.0 counts "dummy / force
// markers" together: a dummy is a force marker with no units under it.
// When units of its side enter its hex (a move, a retreat, the umpire's
// ruling, a reinforcement placed), the marker has units under it: it is
// that force's marker and no longer a dummy (choice D5: merged, not left
// behind). So it leaves the side's dummies in play (freeing a place under
// the limit for step 3d), the hex shows the one force marker any occupied
// hex shows (engine/view.go), and when the force moves on nothing stays
// behind: its marker goes with it. Nothing is told to the enemy: his map
// showed a marker there before and shows one now.
//
// An enemy unit entering a dummy's hex (dummies do not restrict movement,
// 20.0) finds it out, as contact does (engine/view.go V1), and finds
// nothing there: the dummy is removed (choice D6). Left on the map, the
// public would see a marker of each side on one hex, which no two real
// forces make, and so tell the dummy.
//
// It is folded after every event that changes the units (Hooks.Folded,
// lrtg_folds.go), so every way a unit reaches a hex is covered; a game
// stored before this fold drops such a dummy with its next such event.

// mergeDummies drops the dummies whose hex holds a unit: of their side
// (merged, D5) or the enemy's (found out, D6).
// prev is the state before the event.
func (g Game) mergeDummies(prev Game) Game {
	if len(g.Dummies.Markers) == 0 || g.Options.IntelMode() != engine.IntelLimited {
		return g
	}
	if len(g.Units) == len(prev.Units) && len(g.Units) > 0 && reflect.ValueOf(g.Units).UnsafePointer() == reflect.ValueOf(prev.Units).UnsafePointer() {
		return g // the event did not touch the units
	}
	// A side has a dozen dummies at most: each unit is checked against
	// them, with nothing allocated unless one goes (this runs in the fold).
	held := func(h engine.Hex) bool {
		for _, u := range g.Units {
			if u.OnMap && !u.Eliminated && u.Hex == h {
				return true
			}
		}
		return false
	}
	var keep []Dummy
	for i, d := range g.Dummies.Markers {
		if !held(d.Hex) {
			if keep != nil {
				keep = append(keep, d)
			}
			continue
		}
		// Its side's force: merged (D5); the enemy's: found out (D6).
		if keep == nil {
			keep = append(make([]Dummy, 0, len(g.Dummies.Markers)), g.Dummies.Markers[:i]...)
		}
	}
	if keep != nil {
		if len(keep) == 0 {
			keep = nil // as a side with no dummies holds them
		}
		g.Dummies.Markers = keep
	}
	return g
}
