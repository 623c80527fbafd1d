// The checks a move makes against the other side and the units' own rules
// (LRTG 8.2, 17.1, 16.2): enemy presence seen on the board, unit sizes, a
// corps commander's company (TrackWithCorpsCommander) and the first crossing
// of the Potomac. Moved out of move.go.

package lrtg

import (
	"fmt"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// enemyPresence is where the enemy of a side is (occupied hexes) and
// where its zones of control are (the hexes next to its combat units;
// leaders exert none). Deterministic: the first unit by id names a hex.
type enemyPresence struct {
	occupied map[engine.Hex]engine.UnitState
	zoc      map[engine.Hex]engine.UnitState
}

func (g Game) enemiesOf(side engine.Side) enemyPresence { return g.seenPresence(side, nil) }

// seenPresence is the enemy of a side as the actor sees it: leaving out
// the units unseen says he does not see (nil: none; hidden.go).
func (g Game) seenPresence(side engine.Side, unseen func(engine.UnitState) bool) enemyPresence {
	p := enemyPresence{occupied: map[engine.Hex]engine.UnitState{}, zoc: map[engine.Hex]engine.UnitState{}}
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == side || !u.OnMap || u.Eliminated || unseen != nil && unseen(u) {
			continue
		}
		if _, ok := p.occupied[u.Hex]; !ok {
			p.occupied[u.Hex] = u
		}
		if u.Kind.IsLeader() {
			continue
		}
		for _, h := range u.Hex.Neighbours() {
			if _, ok := p.zoc[h]; !ok {
				p.zoc[h] = u
			}
		}
	}
	return p
}

// blocking returns the enemy unit that occupies h or whose zone of control
// covers it.
func (p enemyPresence) blocking(h engine.Hex) (engine.UnitState, bool) {
	if u, ok := p.occupied[h]; ok {
		return u, true
	}
	u, ok := p.zoc[h]
	return u, ok
}

// enemyName names an enemy unit as the actor may know it: with limited
// intelligence (LRTG 20) a player learns only that an enemy unit is there,
// never which or exactly where.
func (g Game) enemyName(by engine.Actor, u engine.UnitState) string {
	if g.Options.IntelMode() != engine.IntelOpen && !g.IsUmpire(by) { // double-blind too
		return "an enemy unit"
	}
	ref := u.Ref
	if ref == "" {
		ref = fmt.Sprintf("hex %d,%d", u.Hex.Q, u.Hex.R)
	}
	return fmt.Sprintf("%s (%s)", u.Name, ref)
}

// unitSize returns a unit's size as set up (division, brigade, ...).
func unitSize(d *engine.MoveData, id string) string {
	if d != nil && d.OOB != nil {
		if s := d.OOB.Unit(id); s != nil {
			return s.Size
		}
	}
	return ""
}

// TrackWithCorpsCommander is the set-up track of an army commander placed
// "with any corps commander" (000 VIII: Lee - with any CSA Corps
// Commander).
const TrackWithCorpsCommander = "with-corps-commander"

// checkWithCorpsCommander: an army commander waiting on the
// with-corps-commander track is placed in a hex with a corps commander of
// his side (one already there, or one moving with him).
func (g Game) checkWithCorpsCommander(cmd engine.MoveUnits) *engine.RuleError {
	for _, id := range cmd.Units {
		u := g.Units[id]
		if u.OnMap || u.Track != TrackWithCorpsCommander {
			continue
		}
		ok := false
		var names []string
		for _, oid := range g.sortedUnits() {
			o := g.Units[oid]
			if o.Side != u.Side || !o.Kind.IsLeader() || o.ID == u.ID || o.Eliminated || !isCorpsCommander(cmd.Data, o) {
				continue
			}
			if o.OnMap {
				names = append(names, o.Name+" ("+o.Ref+")")
			}
			if (o.OnMap && o.Hex == cmd.To) || engine.Contains(cmd.Units, o.ID) {
				ok = true
			}
		}
		if !ok {
			return moveRule("move.with_corps_commander", fmt.Sprintf("%s is placed with a corps commander, and none is in %s", u.Name, cmd.Ref),
				"Place him with one of: "+strings.Join(names, ", "), "000 VIII set-up")
		}
	}
	return nil
}

// isCorpsCommander: a leader of corps size in the order of battle, or,
// without it, a leader whose command is a corps.
func isCorpsCommander(d *engine.MoveData, u engine.UnitState) bool {
	if d != nil && d.OOB != nil {
		return unitSize(d, u.ID) == "corps"
	}
	return u.Command != "" && !notCorps[strings.ToLower(u.Command)]
}

// firstCrossing returns the day, when the move takes the first
// Confederate infantry north of the Potomac and no crossing is recorded
// yet (000 VII 1; the umpire may still record another day with /vp
// action:crossed).
func (g Game) firstCrossing(cmd engine.MoveUnits) string {
	if !g.Victory.Crossed.IsZero() || cmd.Data == nil || cmd.Data.Theatre == nil {
		return ""
	}
	infantry := false
	for _, id := range cmd.Units {
		u := g.Units[id]
		infantry = infantry || (u.Side == engine.CSA && u.Kind == engine.KindInfantry)
	}
	if !infantry || !engine.Contains(cmd.Data.Theatre.RegionsAt(cmd.To), "north-of-potomac") {
		return ""
	}
	day, ok := g.TurnDate(g.Turn)
	if !ok {
		return ""
	}
	return day.Format(time.DateOnly)
}
