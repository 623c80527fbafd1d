// LRTA random events: Raw Recruits (004 "Raw Recruits" under Random
// Events): which recruits are pending and which units may take them. Moved
// out of lrta_events.go, which keeps decideRecruits (it names the game).

package lrtg

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// LRTARawRecruitsPending is the manpower this turn's Raw Recruits still
// offers the Union (0: none, given, declined, or no infantry to take it).
func (g Game) LRTARawRecruitsPending() int {
	e := g.LRTAEvent()
	if e == nil || e.Recruits == 0 || g.lreRecruitsGiven(g.Turn) || len(g.lreRecruitable()) == 0 {
		return 0
	}
	return e.Recruits
}

func (g Game) lreRecruitsGiven(turn int) bool {
	for _, r := range g.LRTAEvents.Recruits {
		if r.Turn == turn {
			return true
		}
	}
	return false
}

// lreRecruitable lists the Union infantry units on the map.
func (g Game) lreRecruitable() []string {
	var out []string
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Side == engine.USA && infantry(u) && u.OnMap && !u.Eliminated {
			out = append(out, id)
		}
	}
	return out
}

// lreResupply reports whether a unit is in resupply range by the last
// Supply Status Phase (this turn's or the last); known is false when none
// determined it.
func (g Game) lreResupply(id string) (in, known bool) {
	if g.Segment.Turn != g.Turn && g.Segment.Turn != g.Turn-1 {
		return false, false
	}
	for _, s := range g.Segment.Status {
		if s.Unit == id {
			return s.InRange, s.Sure || s.InRange
		}
	}
	return false, false
}

// lreAoPOrAttachable reports whether Raw Recruits given to a unit count
// for army demoralization: Army of the Potomac / Virginia units and those
// that may attach to them (Shen, RR, Kan, Res), i.e. every Union unit but
// DC, Balt and PA (004 Raw Recruits; 004 Army Morale footnote).
func lreAoPOrAttachable(u engine.UnitState) bool {
	for _, d := range []string{"DC", "Balt", "PA"} {
		if strings.EqualFold(u.Command, d) {
			return false
		}
	}
	return true
}
