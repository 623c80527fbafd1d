// Reinforcements entering the map (LRTG 3.0-3.2): a received unit's entry
// hexes, the southern edge of the SJW map, and the units still waiting to
// enter. Moved out of turnstart.go, which keeps checkReinforcements (it
// names the game).

package lrtg

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// EntryPoint is where an arriving unit enters the map and whether it may now.
type EntryPoint struct {
	Rule  string
	Where string                // for people
	In    func(engine.Hex) bool // nil: the map data cannot check it
	Held  string                // why it may not enter now ("": it may)
}

// EntryOf says where an arriving unit of this module enters (3.1, 3.2),
// and false for a unit it does not govern (on the map, or on another
// track: the Richmond Garrison and the Confederate Reinforcement boxes are
// the random events').
func (g Game) EntryOf(u engine.UnitState, t *engine.Theatre) (EntryPoint, bool) {
	if u.OnMap || u.Eliminated {
		return EntryPoint{}, false
	}
	place := func(name, ref string) (EntryPoint, bool) {
		e := EntryPoint{Rule: "LRTG 3.2", Where: fmt.Sprintf("in %s (%s)", name, ref)}
		if t != nil {
			if p := t.Place(name); p != nil {
				e.In = func(h engine.Hex) bool { return h == p.Hex }
				if g.enemyAt(u.Side, p.Hex) {
					e.Held = fmt.Sprintf("%s is occupied by the enemy", name)
				}
			}
		}
		return e, true
	}
	switch {
	case u.Side == engine.CSA && u.Track == TrackWithCorpsCommander:
		// /move checks it (checkWithCorpsCommander).
		return EntryPoint{Rule: "000 VIII 3)", Where: "with a Confederate corps commander: in his hex, or moving with him (set-up)"}, true
	case u.Side == engine.CSA && u.Track == TrackReinforcement:
		return EntryPoint{Rule: "LRTG 3.1", Where: "on the south edge of the SJW South map, in a hex numbered 20xx or lower (SS0133 to SS2033)", In: southSJWEdge(t)}, true
	case u.Side != engine.USA:
		return EntryPoint{}, false
	case u.Track == TrackWV:
		e, ok := place("North Mountain Depot", "HW1307")
		if e.Held != "" {
			// "if enemy occupied, anywhere on the B&O RR west of North
			// Mountain Depot": the map data's B&O ends at the depot.
			e.Where, e.In, e.Held = "anywhere on the B&O west of North Mountain Depot, which the enemy occupies (the map data's B&O ends at the depot: not checked)", nil, ""
		}
		return e, ok
	case u.Track == TrackPAMilitia:
		e, ok := place("Camp Curtin", "RN4907")
		if e.Held != "" {
			e.Held += ": the militia stay off the map until a Union reinforcement phase in which it is free"
		}
		return e, ok
	case u.ID == idLockwood && u.Track == TrackReinforcement:
		return place("Brandywine", "HE2050")
	case u.ID == idSpinola && u.Track == TrackReinforcement:
		return EntryPoint{Rule: "LRTG 3.2", Where: "in the South Chesapeake Bay sea movement box (not in the map data: not checked)"}, true
	}
	return EntryPoint{}, false
}

// southSJWEdge tests the Confederate entry hexes of 3.1: "the south map
// edge hex row 20xx or lower" (003: "S SJW 20xx or Lower"), read as the
// hexes of the SJW South sheet's last printed row (33, the row nearest the
// south edge in every column) whose column is 20 or lower. Nil when the
// map has no SJW South sheet.
func southSJWEdge(t *engine.Theatre) func(engine.Hex) bool {
	if t == nil {
		return nil
	}
	for i := range t.Sheets {
		if s := &t.Sheets[i]; s.ID == "SS" {
			return func(h engine.Hex) bool {
				col, row, ok := s.Printed(h)
				return ok && row == s.MaxRow && col <= 20
			}
		}
	}
	return nil
}

// notArrived says why a unit governed here may not enter yet, or "".
func (g Game) notArrived(u engine.UnitState) string {
	if engine.Contains(g.TurnStart.Arrived, u.ID) {
		return ""
	}
	switch {
	case u.Side == engine.CSA:
		if g.Turn >= u.Slot {
			return ""
		}
		return fmt.Sprintf("%s arrives on turn %d (%s); this is turn %d", u.Name, u.Slot, g.TurnLabel(u.Slot), g.Turn)
	case u.Track == TrackWV:
		return fmt.Sprintf("%s has not arrived: the West Virginia units come one at a time, on a roll of 1 in the Union reinforcement phase", u.Name)
	case u.Track == TrackPAMilitia:
		return fmt.Sprintf("%s has not arrived: the militia come one at a time, on a roll of 1 in the Union reinforcement phase", u.Name)
	}
	return fmt.Sprintf("%s has not arrived: he comes with his Baltimore / DC release group, or when Confederate infantry enters Fairfax, Montgomery or Prince George's County", u.Name)
}

// WaitingToEnter lists the arrived units of a side not yet on the map.
func (g Game) WaitingToEnter(side engine.Side) []string {
	var out []string
	for _, id := range g.TurnStart.Arrived {
		if u, ok := g.Units[id]; ok && u.Side == side && !u.OnMap && !u.Eliminated {
			out = append(out, id)
		}
	}
	return out
}
