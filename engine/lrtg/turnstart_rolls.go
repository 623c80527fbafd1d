// The Turn Start steps 1a-1c: the Union reinforcement and release rolls
// (LRTG 3.2: Baltimore / DC, West Virginia, PA militia), the release groups'
// order and triggers, and the tables they roll. Moved out of turnstart.go,
// which keeps the steps registered in its init().

package lrtg

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// threatenedArrivals: "Place Lockwood in HE 2050 Brandywine and Spinola in
// the South Chesapeake Bay sea movement box in the first Union
// reinforcement phase after a CSA infantry unit enters Fairfax,
// Montgomery, or Prince George's counties" (000 3.2). The state shows
// where units are now: a unit that entered and left again before this
// phase is the umpire's to rule on.
func threatenedArrivals(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if g.TurnStart.WashingtonThreatened || !g.csaIn(ctx.Move.Theatre, []engine.UnitKind{engine.KindInfantry}, strings.Fields(earlyEntryRegions)...) {
		return nil, nil
	}
	var ids []string
	for _, id := range []string{idLockwood, idSpinola} {
		if u, ok := g.Units[id]; ok && !u.OnMap && !u.Eliminated && !engine.Contains(g.TurnStart.Arrived, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return []engine.Event{&ReinforcementsArrived{Turn: g.Turn, Side: engine.USA, Units: ids, Cause: ArrivalThreat, Rule: "LRTG 3.2"}}, nil
}

// csaIn reports whether a Confederate unit of one of the kinds (any kind:
// nil) is on the map in one of the regions.
func (g Game) csaIn(t *engine.Theatre, kinds []engine.UnitKind, regions ...string) bool {
	in := t.InAny(regions...)
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == engine.CSA && u.OnMap && !u.Eliminated && (kinds == nil || slices.Contains(kinds, u.Kind)) && in(u.Hex) {
			return true
		}
	}
	return false
}

// leeIn reports whether R.E. Lee, the army commander, is in one of the
// regions.
func (g Game) leeIn(t *engine.Theatre, regions ...string) bool {
	in := t.InAny(regions...)
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == engine.CSA && u.OnMap && !u.Eliminated && (id == idLee || (u.Kind.IsLeader() && u.Command == "ANV")) && in(u.Hex) {
			return true
		}
	}
	return false
}

// rollOn rolls a rules table as a game roll of the umpire's.
func (g Game) rollOn(tb *engine.Table, f engine.Facts, d engine.Dice) (*engine.TableRolled, error) {
	evs, err := g.RuleRoll(engine.RollTable{By: g.Umpire, Table: tb, Facts: f}, d)
	if err != nil {
		return nil, err
	}
	return evs[0].(*engine.TableRolled), nil
}

func libraryTable(ctx engine.StepContext, id string) (*engine.Table, error) {
	if ctx.Library != nil {
		if tb := ctx.Library.Table(id); tb != nil {
			return tb, nil
		}
	}
	return nil, fmt.Errorf("engine: the rules table %s is missing", id)
}

// explained fills in a roll's explanation from the table.rolled event.
func (e *UnionRolled) explained(tr *engine.TableRolled, tb *engine.Table, success ...string) {
	e.Rolled, e.Number, e.Dice, e.Faces = true, tr.Number, tr.Dice, tr.Faces
	e.Modifiers, e.Total, e.Outcome, e.Result, e.Redirects = tr.Modifiers, tr.Total, tr.Outcome, tr.Name, tr.Redirects
	e.Target = targetOf(tb, success...)
	e.Success = engine.Contains(success, tr.Outcome)
}

// targetOf says what totals the table's entries for the outcomes cover:
// "1-3", "1 or less".
func targetOf(tb *engine.Table, outcomes ...string) string {
	lo, hi, found := math.MaxInt, math.MinInt, false
	for _, en := range tb.Entries {
		if engine.Contains(outcomes, en.Outcome) {
			lo, hi, found = min(lo, en.Min), max(hi, en.Max), true
		}
	}
	switch {
	case !found:
		return ""
	case lo == math.MinInt:
		return fmt.Sprintf("%d or less", hi)
	case hi == math.MaxInt:
		return fmt.Sprintf("%d or more", lo)
	case lo == hi:
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}

// releaseGroupNumber reads release-group-N.
func releaseGroupNumber(group string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(group, "release-group-"))
	return n
}

// ReleaseGroupLabel names a release group for people: "group 3"; the
// groups after the eighth only carry DC units held back (3.2).
func ReleaseGroupLabel(group string) string {
	n := releaseGroupNumber(group)
	if n > 8 {
		return "the DC units held back"
	}
	return fmt.Sprintf("group %d", n)
}

// NextReleaseGroup is the next Baltimore / DC group to release (3.2: in
// order, 1-8), or, once the eight are out, the DC units still held back
// (marked with a group after the eighth); "" when nothing is left.
func (g Game) NextReleaseGroup() string {
	groups := map[int]bool{}
	for n := 1; n <= 8; n++ {
		groups[n] = true
	}
	for _, u := range g.Units {
		if m := releaseMark(u); m != "" && u.Side == engine.USA && !u.Eliminated {
			groups[releaseGroupNumber(m)] = true
		}
	}
	ns := make([]int, 0, len(groups))
	for n := range groups {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	for _, n := range ns {
		if group := fmt.Sprintf("release-group-%d", n); n > 0 && !g.Movement.IsReleased(group) {
			return group
		}
	}
	return ""
}

// baltDCTrigger says what begins the Baltimore / DC rolls (a Began code
// and the turn it names), or "": "the
// first turn a Confederate Infantry unit enters Maryland or Meade assumes
// command (whichever comes first)" (000 3.2).
func (g Game) baltDCTrigger(t *engine.Theatre) (string, int) {
	switch {
	case g.Movement.Meade:
		return BeganMeade, 0
	case g.csaIn(t, []engine.UnitKind{engine.KindInfantry}, "md"):
		return BeganMaryland, 0
	case g.Victory.CrossedTurn > 0:
		return BeganCrossed, g.Victory.CrossedTurn
	}
	return "", 0
}

// heldBack lists the units of a group whose release a Confederate threat
// to Washington delays: "Additional DC (but not Balt and Stannard, Crawford
// & Lockwood once Meade assumes command) designated units may not be
// released" (000 3.2). Lockwood is printed XII but is a DC release unit
// (003 "5th DC-R").
func (g Game) heldBack(group string) []string {
	var out []string
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != engine.USA || u.Eliminated || releaseMark(u) != group {
			continue
		}
		if u.Command != "DC" && id != idLockwood {
			continue
		}
		if g.Movement.Meade && (id == idCrawford || id == idStannard || id == idLockwood) {
			continue
		}
		out = append(out, id)
	}
	return out
}

// rollBaltDC is 003 1 b) i): the Baltimore / DC release roll (1-3 releases
// the next group), delayed for the DC units while Confederate infantry is
// in DC, Alexandria, Fairfax, Montgomery or Prince George's County.
func rollBaltDC(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	t := ctx.Move.Theatre
	ev := &UnionRolled{Turn: g.Turn, Track: TrackBaltDC}
	group := g.NextReleaseGroup()
	if group == "" {
		ev.NoRoll = NoRollBaltDCReleased
		return []engine.Event{ev}, nil
	}
	if g.TurnStart.BaltDCFrom == 0 {
		if ev.BeganCode, ev.From = g.baltDCTrigger(t); ev.BeganCode == "" {
			ev.NoRoll = NoRollBaltDCNotBegun
			return []engine.Event{ev}, nil
		}
	}
	tb, err := libraryTable(ctx, TableBaltDCRelease)
	if err != nil {
		return nil, err
	}
	threat := g.csaIn(t, []engine.UnitKind{engine.KindInfantry}, strings.Fields(dcThreatRegions)...)
	// In 003's order the release roll (1 b) comes before the random
	// events (1 d): Halleck cannot have interfered yet this turn. The
	// random events cancel a release of their turn (003 random event 5).
	facts := engine.Facts{"halleck_this_turn": 0, "csa_infantry_threatens_dc": engine.B2i(threat)}
	tr, err := g.rollOn(tb, facts, d)
	if err != nil {
		return nil, err
	}
	ev.explained(tr, tb, "release", "release-dc-held")
	ev.Group = group
	evs := []engine.Event{tr}
	if !ev.Success {
		return append(evs, ev), nil
	}
	if tr.Outcome == "release-dc-held" {
		if ev.Held = g.heldBack(group); len(ev.Held) > 0 {
			ev.HeldTo = fmt.Sprintf("release-group-%d", releaseGroupNumber(group)+1)
		}
	}
	rel := &UnitsReleased{By: g.Umpire, Group: group, Turn: g.Turn, Reason: fmt.Sprintf("Baltimore / DC release roll #%d (LRTG 3.2)", tr.Number)}
	// What the release frees: the units restricted before it and free
	// after (move.go's restrictions), on the map or arriving with it.
	before := g.Apply(tr).Apply(ev)
	after := before.Apply(rel)
	var arriving []string
	for _, id := range before.sortedUnits() {
		u := before.Units[id]
		if u.Side != engine.USA || u.Eliminated || !(u.OnMap || u.Track == TrackReinforcement) {
			continue
		}
		if r1, _ := before.Restricted(u, ctx.Move); r1 {
			if r2, _ := after.Restricted(after.Units[id], ctx.Move); !r2 {
				ev.Units = append(ev.Units, id)
				if !u.OnMap && !engine.Contains(before.TurnStart.Arrived, id) {
					arriving = append(arriving, id)
				}
			}
		}
	}
	// "Crawford immediately becomes part of the Union V corps", "Stannard
	// immediately becomes part of the Union I Corps" (000 3.2 groups 2
	// and 6); Lockwood is printed XII already. Meade's command does the
	// same (16.2 3)-4)) for those not released before.
	for _, id := range ev.Units {
		if corps := joinsOnRelease(id); corps != "" && before.Units[id].Command != corps {
			if ev.Joins == nil {
				ev.Joins = map[string]string{}
			}
			ev.Joins[id] = corps
		}
	}
	evs = append(evs, ev, rel)
	if len(arriving) > 0 {
		evs = append(evs, &ReinforcementsArrived{Turn: g.Turn, Side: engine.USA, Units: arriving, Cause: ArrivalReleased, Rule: "LRTG 3.2"})
	}
	return evs, nil
}

// joinsOnRelease names the corps a Baltimore / DC unit joins when its
// group is released (000 3.2), or "".
func joinsOnRelease(id string) string {
	switch id {
	case idCrawford:
		return "V"
	case idStannard:
		return "I"
	}
	return ""
}

// NextOnTrack is the next unit of a reinforcement track (the lowest slot
// not yet received), or "".
func (g Game) NextOnTrack(side engine.Side, track string) string {
	best, slot := "", 0
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != side || u.Track != track || u.OnMap || u.Eliminated || engine.Contains(g.TurnStart.Arrived, id) {
			continue
		}
		if best == "" || u.Slot < slot {
			best, slot = id, u.Slot
		}
	}
	return best
}

// rollWV is 003 1 b) ii): from turn 4, a 1 brings the next West Virginia
// unit; -1 while ANV infantry is north of the Potomac (000 3.2).
func rollWV(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	ev := &UnionRolled{Turn: g.Turn, Track: TrackWV}
	next := g.NextOnTrack(engine.USA, TrackWV)
	switch {
	case next == "":
		ev.NoRoll = NoRollWVArrived
		return []engine.Event{ev}, nil
	case g.Turn < WVFromTurn:
		ev.NoRoll, ev.From = NoRollWVNotBegun, WVFromTurn
		return []engine.Event{ev}, nil
	}
	tb, err := libraryTable(ctx, TableWVArrival)
	if err != nil {
		return nil, err
	}
	facts := engine.Facts{"csa_infantry_north_of_potomac": engine.B2i(g.csaIn(ctx.Move.Theatre, []engine.UnitKind{engine.KindInfantry}, "north-of-potomac"))}
	tr, err := g.rollOn(tb, facts, d)
	if err != nil {
		return nil, err
	}
	ev.explained(tr, tb, "arrives")
	if ev.Success {
		ev.Units = []string{next}
	}
	return []engine.Event{tr, ev}, nil
}

// rollPAMilitia is 003 1 b) iii): once the first Confederate infantry or
// cavalry has crossed the Potomac, a 1 brings the next militia unit; -1
// for a Confederate unit in Pennsylvania, -1 for Confederate infantry
// across the Potomac, -1 for Lee in Pennsylvania. The unit waits off the
// map while Camp Curtin is Confederate-occupied.
func rollPAMilitia(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	t := ctx.Move.Theatre
	ev := &UnionRolled{Turn: g.Turn, Track: TrackPAMilitia}
	next := g.NextOnTrack(engine.USA, TrackPAMilitia)
	if next == "" {
		ev.NoRoll = NoRollPAArrived
		return []engine.Event{ev}, nil
	}
	if g.TurnStart.PAFrom == 0 {
		switch {
		case g.csaIn(t, []engine.UnitKind{engine.KindInfantry, engine.KindCavalry}, "north-of-potomac"):
			ev.BeganCode = BeganPAAcross
		case g.Victory.CrossedTurn > 0:
			ev.BeganCode, ev.From = BeganCrossed, g.Victory.CrossedTurn
		default:
			ev.NoRoll = NoRollPANotBegun
			return []engine.Event{ev}, nil
		}
	}
	tb, err := libraryTable(ctx, TablePAMilitia)
	if err != nil {
		return nil, err
	}
	facts := engine.Facts{
		"csa_unit_in_pennsylvania":      engine.B2i(g.csaIn(t, []engine.UnitKind{engine.KindInfantry, engine.KindCavalry}, "pa")),
		"csa_infantry_north_of_potomac": engine.B2i(g.csaIn(t, []engine.UnitKind{engine.KindInfantry}, "north-of-potomac")),
		"lee_in_pennsylvania":           engine.B2i(g.leeIn(t, "pa")),
		"camp_curtin_csa_occupied":      engine.B2i(g.campCurtinOccupied(t)),
	}
	tr, err := g.rollOn(tb, facts, d)
	if err != nil {
		return nil, err
	}
	ev.explained(tr, tb, "arrives", "arrives-held")
	if ev.Success {
		ev.Units = []string{next}
	}
	return []engine.Event{tr, ev}, nil
}

// campCurtinOccupied reports whether a Confederate unit is in Camp Curtin
// (N4907), where the militia arrive (000 3.2).
func (g Game) campCurtinOccupied(t *engine.Theatre) bool {
	if t == nil {
		return false
	}
	p := t.Place("Camp Curtin")
	return p != nil && g.enemyAt(engine.USA, p.Hex)
}

// enemyAt reports whether a unit of side's enemy is on the map at h.
func (g Game) enemyAt(side engine.Side, h engine.Hex) bool {
	for _, u := range g.Units {
		if u.Side != side && u.OnMap && !u.Eliminated && u.Hex == h {
			return true
		}
	}
	return false
}

// BaltDCReleaseThisTurn returns this turn's Baltimore / DC release roll,
// if one released a group (for the Halleck random event, which cancels
// it: 003 random event 5).
func (g Game) BaltDCReleaseThisTurn() *UnionRolled {
	for i := len(g.TurnStart.Rolls) - 1; i >= 0; i-- {
		r := g.TurnStart.Rolls[i]
		if r.Turn == g.Turn && r.Track == TrackBaltDC && r.Success {
			return &r
		}
	}
	return nil
}
