// Random events (LRTG 2.0 4); 3.1): where a unit of the Richmond Garrison
// track, the Confederate Reinforcement boxes or Beauregard enters the map,
// and why it may not yet. Moved out of randomevents.go.

package lrtg

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// RandomEventEntry says where a unit of the Richmond Garrison track, the
// Confederate Reinforcement boxes or Beauregard enters the map (000 2.0 4),
// 3.1), and why it may not yet (notArrived: no random event has brought it);
// governed is false for any other unit, or one on the map. /move's
// reinforcement check (turnstart.go) may call it for these tracks.
func (g Game) RandomEventEntry(u engine.UnitState, t *engine.Theatre) (e EntryPoint, notArrived string, governed bool) {
	if u.OnMap || u.Eliminated {
		return EntryPoint{}, "", false
	}
	switch {
	case u.ID == BeauregardID || u.Track == TrackRichmond:
		e = EntryPoint{Rule: richmondGarrisonRule + ", 3.1", Where: "on the southern edge of the SJW map", In: sjwSouthEdge(t)}
		if !g.Events.Received(u.ID) {
			notArrived = fmt.Sprintf("%s has not arrived: the Richmond Garrison comes one installment per Richmond Garrison random event", u.Name)
		}
	case u.Track == TrackCSAReinforce:
		town := "Winchester"
		if u.Slot == 1 {
			town = "Front Royal" // box 1, Imboden (3.1)
		}
		e = EntryPoint{Rule: "LRTG 3.1", Where: "in " + town}
		if p := placeOf(t, town); p != nil {
			e.In = func(h engine.Hex) bool { return h == p.Hex }
			if g.unionAt(p.Hex) {
				e.Where, e.In = fmt.Sprintf("on the west map edge south of %s, which the Union occupies (the map data has no west edge hexes: not checked)", town), nil
			}
		}
		if !g.Events.Received(u.ID) {
			notArrived = fmt.Sprintf("%s has not arrived: the Confederate Reinforcement boxes come one per Confederate Reinforcement random event", u.Name)
		}
	default:
		return EntryPoint{}, "", false
	}
	return e, notArrived, true
}

func placeOf(t *engine.Theatre, name string) *engine.Place {
	if t == nil {
		return nil
	}
	return t.Place(name)
}

func (g Game) unionAt(h engine.Hex) bool {
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Side == engine.USA && u.OnMap && !u.Eliminated && u.Hex == h {
			return true
		}
	}
	return false
}

// sjwSouthEdge tests the hexes of the SJW South sheet's last printed row
// (the southern edge of the SJW map); nil without that sheet.
func sjwSouthEdge(t *engine.Theatre) func(engine.Hex) bool {
	if t == nil {
		return nil
	}
	for i := range t.Sheets {
		if s := &t.Sheets[i]; s.ID == "SS" {
			return func(h engine.Hex) bool {
				_, row, ok := s.Printed(h)
				return ok && row == s.MaxRow
			}
		}
	}
	return nil
}
