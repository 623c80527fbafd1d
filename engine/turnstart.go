package engine

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// The Turn Start steps 1a-1c (003 Detailed Sequence of Play 1 a)-c)): the
// Confederate reinforcements of turns 2 and 3 (LRTG 3.1), the Union
// reinforcement and release rolls (3.2: Baltimore / DC, West Virginia, PA
// militia), Vicksburg (3.4) and the New York draft riots (3.3).
//
// A reinforcement that arrives is received, not placed: its owner places
// it with /move at its entry hexes, now or in a later reinforcement phase
// (3.0). /move checks the entry (checkReinforcements, called from
// decideMove). The releases are move.go's (UnitsReleased, IsReleased); the
// rolled VP are vp.go's (RollVP).

// TurnStartState is the game's state of this module of the sequence of play.
type TurnStartState struct {
	// Arrived are the units received as reinforcements (3.0-3.2): they may
	// enter at their entry hexes. A unit stays listed once it has entered.
	Arrived []string
	// BaltDCFrom and PAFrom are the turns the Baltimore / DC release rolls
	// and the PA militia rolls began (0: not yet). Once begun they go on
	// (3.2: "begin rolling ... on the first turn").
	BaltDCFrom int
	PAFrom     int
	// WashingtonThreatened: Lockwood and Spinola have arrived early, in the
	// first Union reinforcement phase after Confederate infantry entered
	// Fairfax, Montgomery or Prince George's County (3.2).
	WashingtonThreatened bool
	// Rolls are the Union reinforcement rolls of the game, and the tracks
	// not rolled with why, in order.
	Rolls []UnionRolled
	// NoRailTurn is the turn the Union sent manpower to quell the draft
	// riots: no Union railroad movement that turn (3.3).
	NoRailTurn int
}

// The Union reinforcement tracks (003 1 b) i)-iii)), in the order they
// are rolled.
const (
	TrackBaltDC    = "balt-dc"
	TrackWV        = "wv"
	TrackPAMilitia = "pa-militia"
)

// TrackReinforcement is the order of battle's track of units that arrive
// on a turn (the Confederates: slot = the turn) or by a rule (Lockwood and
// Spinola).
const TrackReinforcement = "reinforcement"

// The rules tables the steps roll on (scenarios/rules/lrtg-p1-reinforcements.yaml).
const (
	TableBaltDCRelease = "lrtg.baltimore-dc-release"
	TableWVArrival     = "lrtg.west-virginia-reinforcement"
	TablePAMilitia     = "lrtg.pa-militia-reinforcement"
	TableVicksburg     = "lrtg.vicksburg-surrenders"
	TableDraftRiots    = "lrtg.draft-riots"
)

// WVFromTurn is the first turn of the West Virginia rolls (000 3.2; 003 1
// b) ii)).
const WVFromTurn = 4

// Unit ids the Union reinforcement rules name (000 3.2).
const (
	idLockwood = "usa.lockwood"
	idSpinola  = "usa.spinola"
	idLee      = "csa.lee"
)

// Why a unit arrived (ReinforcementsArrived.Cause).
const (
	ArrivalSchedule = "schedule"              // 3.1: turn 2 Pickett, turn 3 Pettigrew
	ArrivalThreat   = "washington-threatened" // 3.2: Lockwood and Spinola, early
	ArrivalReleased = "released"              // 3.2: with their Baltimore / DC group
	ArrivalSetUp    = "set-up"                // 000 VIII: Lee, with a corps commander
)

// The regions (map data ids) of 000 3.2's threats to Washington: DC
// releases wait while Confederate infantry is in the first; Lockwood and
// Spinola arrive when it enters the second.
const (
	dcThreatRegions   = "dc va.alexandria va.fairfax md.montgomery md.prince-georges"
	earlyEntryRegions = "va.fairfax md.montgomery md.prince-georges"
)

// Turn start events.
const (
	EventReinforcementsArrived = "reinforcements.arrived"
	EventUnionRolled           = "reinforcements.union-roll"
	EventDraftRiotsManpower    = "reinforcements.draft-riots-manpower"
)

// ReinforcementsArrived records units received as reinforcements: their
// owner may now place them at their entry hexes (3.0: at once or in a
// later reinforcement phase).
type ReinforcementsArrived struct {
	Turn  int      `json:"turn"`
	Side  Side     `json:"side"`
	Units []string `json:"units"`
	Cause string   `json:"cause"`
	Rule  string   `json:"rule"`
}

// EventType implements Event.
func (*ReinforcementsArrived) EventType() string { return EventReinforcementsArrived }

// UnionRolled is one Union reinforcement track's part of a Union
// Reinforcement Phase (3.2): its roll explained (the dice are the
// table.rolled event before it, numbered with the game's rolls), or why
// there was no roll; and what the roll did.
type UnionRolled struct {
	Turn   int    `json:"turn"`
	Track  string `json:"track"`
	Rolled bool   `json:"rolled"`
	// Why there is no roll; Began: what began the track's rolls this turn.
	Why   string `json:"why,omitempty"`
	Began string `json:"began,omitempty"`
	// The roll: its number, dice, each modifier with its reason, the total,
	// what it needed, the table's result and any "treat instead" with why.
	Number    int64             `json:"number,omitempty"`
	Dice      string            `json:"dice,omitempty"`
	Faces     []int             `json:"faces,omitempty"`
	Modifiers []AppliedModifier `json:"modifiers,omitempty"`
	Total     int               `json:"total,omitempty"`
	Target    string            `json:"target,omitempty"`
	Outcome   string            `json:"outcome,omitempty"`
	Result    string            `json:"result,omitempty"`
	Redirects []AppliedRedirect `json:"redirects,omitempty"`
	Success   bool              `json:"success,omitempty"`
	// Group is the Baltimore / DC release group rolled for; Units the units
	// it releases, or the WV / PA militia unit that arrives; Held the DC
	// units held back by a Confederate threat to Washington, moved to the
	// group HeldTo (released with it).
	Group  string   `json:"group,omitempty"`
	Units  []string `json:"units,omitempty"`
	Held   []string `json:"held,omitempty"`
	HeldTo string   `json:"held_to,omitempty"`
	// Joins are the released units that change corps with their release
	// (000 3.2: Crawford the V Corps, Stannard the I Corps): unit id ->
	// its new designation.
	Joins map[string]string `json:"joins,omitempty"`
}

// EventType implements Event.
func (*UnionRolled) EventType() string { return EventUnionRolled }

// DraftRiotsManpower records that the Union sent manpower to quell the
// draft riots (3.3): the units' losses are the unit.set events before it;
// the Union may not move by rail this turn.
type DraftRiotsManpower struct {
	By      Actor    `json:"by"`
	Turn    int      `json:"turn"`
	Units   []string `json:"units"`
	Removed int      `json:"removed"`
}

// EventType implements Event.
func (*DraftRiotsManpower) EventType() string { return EventDraftRiotsManpower }

// turnStartModule is LRTG's turn start: reinforcements and the draft riots.
func turnStartModule() Module {
	return Module{Name: "turnstart",
		Commands: []Command{QuellDraftRiots{}}, Decide: claims(decideTurnStart),
		Events: []Event{&ReinforcementsArrived{}, &UnionRolled{}, &DraftRiotsManpower{}},
		Apply:  folds(applyTurnStart)}
}

func applyTurnStart(g GameState, e Event) (GameState, bool) {
	// Dice and the schedule decided these: an undo of an earlier board
	// action keeps them (vp.go's keep).
	switch e := e.(type) {
	case *ReinforcementsArrived:
		g = g.keep(func(g *GameState) {
			g.TurnStart.Arrived = appendNew(g.TurnStart.Arrived, e.Units...)
			if e.Cause == ArrivalThreat {
				g.TurnStart.WashingtonThreatened = true
			}
		})
	case *UnionRolled:
		g = g.keep(func(g *GameState) {
			ts := g.TurnStart
			ts.Rolls = append(append([]UnionRolled(nil), ts.Rolls...), *e)
			if e.Rolled {
				switch {
				case e.Track == TrackBaltDC && ts.BaltDCFrom == 0:
					ts.BaltDCFrom = e.Turn
				case e.Track == TrackPAMilitia && ts.PAFrom == 0:
					ts.PAFrom = e.Turn
				}
			}
			if e.Success && (e.Track == TrackWV || e.Track == TrackPAMilitia) {
				ts.Arrived = appendNew(ts.Arrived, e.Units...)
			}
			g.TurnStart = ts
			if len(e.Held) > 0 || len(e.Joins) > 0 {
				g.Units = copyUnits(g.Units)
				for _, id := range e.Held {
					g.editUnit(id, func(u *UnitState) { u.Marks = withReleaseMark(u.Marks, e.HeldTo) })
				}
				for id, corps := range e.Joins {
					if _, ok := g.Units[id]; ok {
						g.editUnit(id, func(u *UnitState) { u.Command = corps })
					}
				}
			}
		})
	case *DraftRiotsManpower:
		g = g.keep(func(g *GameState) { g.TurnStart.NoRailTurn = e.Turn })
	default:
		return g, false
	}
	return g, true
}

// appendNew appends the ids not in xs, on a copy.
func appendNew(xs []string, ids ...string) []string {
	out := append([]string(nil), xs...)
	for _, id := range ids {
		if !contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// withReleaseMark replaces a unit's release-group mark, on a copy.
func withReleaseMark(marks []string, group string) []string {
	out := make([]string, 0, len(marks)+1)
	for _, m := range marks {
		if !strings.HasPrefix(m, "release-group-") {
			out = append(out, m)
		}
	}
	return append(out, group)
}

// ---------------------------------------------------------------------------
// 1a Confederate reinforcements (LRTG 3.1).

// confederateReinforcements receives the Confederate units whose turn has
// come (turn 2 Pickett, turn 3 Pettigrew; and any of an earlier turn not
// yet received, when a turn was played without the sequence). The Richmond
// Garrison and the Confederate Reinforcement boxes come by random events
// (1d), not here.
func confederateReinforcements(g GameState, _ Dice, _ StepContext) ([]Event, error) {
	var ids, setUp []string
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != CSA || u.OnMap || u.Eliminated || contains(g.TurnStart.Arrived, id) {
			continue
		}
		switch {
		case u.Track == TrackReinforcement && u.Slot > 0 && u.Slot <= g.Turn:
			ids = append(ids, id)
		case u.Track == TrackWithCorpsCommander:
			// R.E. Lee sets up "with any CSA corps commander" (000 VIII 3)):
			// the order of battle cannot place him, and until the player
			// does, the rules that ask where Lee is (the random events,
			// the Spy, the militia rolls) find him nowhere. The first
			// reinforcement phase says so and lists him to place.
			setUp = append(setUp, id)
		}
	}
	var evs []Event
	if len(setUp) > 0 {
		evs = append(evs, &ReinforcementsArrived{Turn: g.Turn, Side: CSA, Units: setUp, Cause: ArrivalSetUp, Rule: "000 VIII 3)"})
	}
	if len(ids) > 0 {
		sort.SliceStable(ids, func(i, j int) bool { return g.Units[ids[i]].Slot < g.Units[ids[j]].Slot })
		evs = append(evs, &ReinforcementsArrived{Turn: g.Turn, Side: CSA, Units: ids, Cause: ArrivalSchedule, Rule: "LRTG 3.1"})
	}
	return evs, nil
}

// ---------------------------------------------------------------------------
// 1b Union reinforcements and releases (LRTG 3.2; 003 1 b)).

// unionReinforcements runs the Union Reinforcement Phase: Lockwood and
// Spinola when Washington is threatened, then one roll each for
// Baltimore / DC, West Virginia and the PA militia, in 003's order, every
// fact computed from the state and the map.
func unionReinforcements(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	if ctx.Move == nil || ctx.Move.Theatre == nil || ctx.Library == nil {
		// Without the map the facts cannot be computed: the umpire rolls
		// by hand (/table roll) and releases with /game release.
		var evs []Event
		for _, track := range []string{TrackBaltDC, TrackWV, TrackPAMilitia} {
			evs = append(evs, &UnionRolled{Turn: g.Turn, Track: track, Why: "the game has no map data to compute the roll's facts from: the umpire rolls it with /table roll"})
		}
		return evs, nil
	}
	s := g
	var evs []Event
	for _, step := range []func(GameState, Dice, StepContext) ([]Event, error){threatenedArrivals, rollBaltDC, rollWV, rollPAMilitia} {
		more, err := step(s, d, ctx)
		if err != nil {
			return nil, err
		}
		for _, e := range more {
			s = s.Apply(e)
		}
		evs = append(evs, more...)
	}
	return evs, nil
}

// threatenedArrivals: "Place Lockwood in HE 2050 Brandywine and Spinola in
// the South Chesapeake Bay sea movement box in the first Union
// reinforcement phase after a CSA infantry unit enters Fairfax,
// Montgomery, or Prince George's counties" (000 3.2). The state shows
// where units are now: a unit that entered and left again before this
// phase is the umpire's to rule on.
func threatenedArrivals(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	if g.TurnStart.WashingtonThreatened || !g.csaIn(ctx.Move.Theatre, []string{"infantry"}, strings.Fields(earlyEntryRegions)...) {
		return nil, nil
	}
	var ids []string
	for _, id := range []string{idLockwood, idSpinola} {
		if u, ok := g.Units[id]; ok && !u.OnMap && !u.Eliminated && !contains(g.TurnStart.Arrived, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return []Event{&ReinforcementsArrived{Turn: g.Turn, Side: USA, Units: ids, Cause: ArrivalThreat, Rule: "LRTG 3.2"}}, nil
}

// csaIn reports whether a Confederate unit of one of the kinds (any kind:
// nil) is on the map in one of the regions.
func (g GameState) csaIn(t *Theatre, kinds []string, regions ...string) bool {
	in := t.inAny(regions...)
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == CSA && u.OnMap && !u.Eliminated && (kinds == nil || contains(kinds, u.Kind)) && in(u.Hex) {
			return true
		}
	}
	return false
}

// leeIn reports whether R.E. Lee, the army commander, is in one of the
// regions.
func (g GameState) leeIn(t *Theatre, regions ...string) bool {
	in := t.inAny(regions...)
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == CSA && u.OnMap && !u.Eliminated && (id == idLee || (u.Kind == "leader" && u.Command == "ANV")) && in(u.Hex) {
			return true
		}
	}
	return false
}

// rollOn rolls a rules table as a game roll of the umpire's.
func (g GameState) rollOn(tb *Table, f Facts, d Dice) (*TableRolled, error) {
	evs, err := g.ruleRoll(RollTable{By: g.Umpire, Table: tb, Facts: f}, d)
	if err != nil {
		return nil, err
	}
	return evs[0].(*TableRolled), nil
}

func libraryTable(ctx StepContext, id string) (*Table, error) {
	if ctx.Library != nil {
		if tb := ctx.Library.Table(id); tb != nil {
			return tb, nil
		}
	}
	return nil, fmt.Errorf("engine: the rules table %s is missing", id)
}

// explained fills in a roll's explanation from the table.rolled event.
func (e *UnionRolled) explained(tr *TableRolled, tb *Table, success ...string) {
	e.Rolled, e.Number, e.Dice, e.Faces = true, tr.Number, tr.Dice, tr.Faces
	e.Modifiers, e.Total, e.Outcome, e.Result, e.Redirects = tr.Modifiers, tr.Total, tr.Outcome, tr.Name, tr.Redirects
	e.Target = targetOf(tb, success...)
	e.Success = contains(success, tr.Outcome)
}

// targetOf says what totals the table's entries for the outcomes cover:
// "1-3", "1 or less".
func targetOf(tb *Table, outcomes ...string) string {
	lo, hi, found := math.MaxInt, math.MinInt, false
	for _, en := range tb.Entries {
		if contains(outcomes, en.Outcome) {
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
func (g GameState) NextReleaseGroup() string {
	groups := map[int]bool{}
	for n := 1; n <= 8; n++ {
		groups[n] = true
	}
	for _, u := range g.Units {
		if m := releaseMark(u); m != "" && u.Side == USA && !u.Eliminated {
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

// baltDCTrigger says what begins the Baltimore / DC rolls, or "": "the
// first turn a Confederate Infantry unit enters Maryland or Meade assumes
// command (whichever comes first)" (000 3.2).
func (g GameState) baltDCTrigger(t *Theatre) string {
	switch {
	case g.Movement.Meade:
		return "Meade commands the Army of the Potomac"
	case g.csaIn(t, []string{"infantry"}, "md"):
		return "Confederate infantry is in Maryland"
	case g.Victory.CrossedTurn > 0:
		return fmt.Sprintf("the first Confederate infantry crossed the Potomac on turn %d (recorded with /vp action:crossed)", g.Victory.CrossedTurn)
	}
	return ""
}

// heldBack lists the units of a group whose release a Confederate threat
// to Washington delays: "Additional DC (but not Balt and Stannard, Crawford
// & Lockwood once Meade assumes command) designated units may not be
// released" (000 3.2). Lockwood is printed XII but is a DC release unit
// (003 "5th DC-R").
func (g GameState) heldBack(group string) []string {
	var out []string
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != USA || u.Eliminated || releaseMark(u) != group {
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
func rollBaltDC(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	t := ctx.Move.Theatre
	ev := &UnionRolled{Turn: g.Turn, Track: TrackBaltDC}
	group := g.NextReleaseGroup()
	if group == "" {
		ev.Why = "all eight Baltimore / DC groups are released"
		return []Event{ev}, nil
	}
	if g.TurnStart.BaltDCFrom == 0 {
		if ev.Began = g.baltDCTrigger(t); ev.Began == "" {
			ev.Why = "the rolls begin on the first turn a Confederate infantry unit enters Maryland or Meade takes command"
			return []Event{ev}, nil
		}
	}
	tb, err := libraryTable(ctx, TableBaltDCRelease)
	if err != nil {
		return nil, err
	}
	threat := g.csaIn(t, []string{"infantry"}, strings.Fields(dcThreatRegions)...)
	// In 003's order the release roll (1 b) comes before the random
	// events (1 d): Halleck cannot have interfered yet this turn. The
	// random events cancel a release of their turn (003 random event 5).
	facts := Facts{"halleck_this_turn": 0, "csa_infantry_threatens_dc": b2i(threat)}
	tr, err := g.rollOn(tb, facts, d)
	if err != nil {
		return nil, err
	}
	ev.explained(tr, tb, "release", "release-dc-held")
	ev.Group = group
	evs := []Event{tr}
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
		if u.Side != USA || u.Eliminated || !(u.OnMap || u.Track == TrackReinforcement) {
			continue
		}
		if r1, _ := before.Restricted(u, ctx.Move); r1 {
			if r2, _ := after.Restricted(after.Units[id], ctx.Move); !r2 {
				ev.Units = append(ev.Units, id)
				if !u.OnMap && !contains(before.TurnStart.Arrived, id) {
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
		evs = append(evs, &ReinforcementsArrived{Turn: g.Turn, Side: USA, Units: arriving, Cause: ArrivalReleased, Rule: "LRTG 3.2"})
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
func (g GameState) NextOnTrack(side Side, track string) string {
	best, slot := "", 0
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != side || u.Track != track || u.OnMap || u.Eliminated || contains(g.TurnStart.Arrived, id) {
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
func rollWV(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	ev := &UnionRolled{Turn: g.Turn, Track: TrackWV}
	next := g.NextOnTrack(USA, TrackWV)
	switch {
	case next == "":
		ev.Why = "the West Virginia units have all arrived"
		return []Event{ev}, nil
	case g.Turn < WVFromTurn:
		ev.Why = fmt.Sprintf("the rolls begin on turn %d", WVFromTurn)
		return []Event{ev}, nil
	}
	tb, err := libraryTable(ctx, TableWVArrival)
	if err != nil {
		return nil, err
	}
	facts := Facts{"csa_infantry_north_of_potomac": b2i(g.csaIn(ctx.Move.Theatre, []string{"infantry"}, "north-of-potomac"))}
	tr, err := g.rollOn(tb, facts, d)
	if err != nil {
		return nil, err
	}
	ev.explained(tr, tb, "arrives")
	if ev.Success {
		ev.Units = []string{next}
	}
	return []Event{tr, ev}, nil
}

// rollPAMilitia is 003 1 b) iii): once the first Confederate infantry or
// cavalry has crossed the Potomac, a 1 brings the next militia unit; -1
// for a Confederate unit in Pennsylvania, -1 for Confederate infantry
// across the Potomac, -1 for Lee in Pennsylvania. The unit waits off the
// map while Camp Curtin is Confederate-occupied.
func rollPAMilitia(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	t := ctx.Move.Theatre
	ev := &UnionRolled{Turn: g.Turn, Track: TrackPAMilitia}
	next := g.NextOnTrack(USA, TrackPAMilitia)
	if next == "" {
		ev.Why = "the Pennsylvania militia have all arrived"
		return []Event{ev}, nil
	}
	if g.TurnStart.PAFrom == 0 {
		switch {
		case g.csaIn(t, []string{"infantry", "cavalry"}, "north-of-potomac"):
			ev.Began = "Confederate infantry or cavalry is across the Potomac"
		case g.Victory.CrossedTurn > 0:
			ev.Began = fmt.Sprintf("the first Confederate infantry crossed the Potomac on turn %d (recorded with /vp action:crossed)", g.Victory.CrossedTurn)
		default:
			ev.Why = "the rolls begin once the first Confederate infantry or cavalry unit has crossed the Potomac"
			return []Event{ev}, nil
		}
	}
	tb, err := libraryTable(ctx, TablePAMilitia)
	if err != nil {
		return nil, err
	}
	facts := Facts{
		"csa_unit_in_pennsylvania":      b2i(g.csaIn(t, []string{"infantry", "cavalry"}, "pa")),
		"csa_infantry_north_of_potomac": b2i(g.csaIn(t, []string{"infantry"}, "north-of-potomac")),
		"lee_in_pennsylvania":           b2i(g.leeIn(t, "pa")),
		"camp_curtin_csa_occupied":      b2i(g.campCurtinOccupied(t)),
	}
	tr, err := g.rollOn(tb, facts, d)
	if err != nil {
		return nil, err
	}
	ev.explained(tr, tb, "arrives", "arrives-held")
	if ev.Success {
		ev.Units = []string{next}
	}
	return []Event{tr, ev}, nil
}

// campCurtinOccupied reports whether a Confederate unit is in Camp Curtin
// (N4907), where the militia arrive (000 3.2).
func (g GameState) campCurtinOccupied(t *Theatre) bool {
	if t == nil {
		return false
	}
	p := t.Place("Camp Curtin")
	return p != nil && g.enemyAt(USA, p.Hex)
}

// enemyAt reports whether a unit of side's enemy is on the map at h.
func (g GameState) enemyAt(side Side, h Hex) bool {
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
func (g GameState) BaltDCReleaseThisTurn() *UnionRolled {
	for i := len(g.TurnStart.Rolls) - 1; i >= 0; i-- {
		r := g.TurnStart.Rolls[i]
		if r.Turn == g.Turn && r.Track == TrackBaltDC && r.Success {
			return &r
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// 1c Vicksburg (LRTG 3.4) and the draft riots (3.3).

// vicksburgSurrenders rolls for Vicksburg when due: every turn from June
// 30 until it falls, once a turn (vp.go settles the roll and its VP).
func vicksburgSurrenders(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	day, ok := g.TurnDate(g.Turn)
	if !ok || g.Victory.VicksburgFell || day.Before(vicksburgFrom(day)) {
		return nil, nil
	}
	for _, t := range g.Victory.VicksburgRolls {
		if t == g.Turn {
			return nil, nil // rolled already (/vp action:vicksburg)
		}
	}
	tb, err := libraryTable(ctx, TableVicksburg)
	if err != nil {
		return nil, err
	}
	return g.Decide(RollVP{By: g.Umpire, Event: VPVicksburg, Table: tb}, d)
}

// DraftRiotsDue reports whether this is the July 14 turn and the riots
// have not been rolled (000 3.3).
func (g GameState) DraftRiotsDue() bool {
	day, ok := g.TurnDate(g.Turn)
	return ok && day.Equal(draftRiotsOn(day)) && !g.Victory.DraftRiots
}

// draftRiotsWait: on July 14 the step waits for the Union's choice of
// manpower to send to New York, and its roll.
func draftRiotsWait(g GameState) []string {
	if !g.DraftRiotsDue() {
		return nil
	}
	return []string{"the Union: the New York draft riots — choose the manpower to send (none is a choice) and roll, with /draftriots remove:<unit:manpower, ...> (LRTG 3.3)"}
}

// Removal is manpower taken off a unit.
type Removal struct {
	Unit     string
	Manpower int
}

// QuellDraftRiots is the Union's draft riots roll (000 3.3): the manpower
// it sends to New York comes off the named units, then three dice are
// rolled less one per manpower point sent (at least 3): the Confederate
// VP. Sending any manpower costs the Union its railroad movement that turn.
type QuellDraftRiots struct {
	By       Actor
	Removals []Removal
	Table    *Table    // lrtg.draft-riots
	Data     *MoveData // the map and order of battle, for the release checks
	Reason   string    // the umpire's, to roll out of season
}

// CommandName implements Command.
func (QuellDraftRiots) CommandName() string { return "draftriots" }

func decideTurnStart(g GameState, cmd Command, d Dice) ([]Event, bool, error) {
	c, ok := cmd.(QuellDraftRiots)
	if !ok {
		return nil, false, nil
	}
	evs, err := g.decideDraftRiots(c, d)
	return evs, true, err
}

func (g GameState) decideDraftRiots(cmd QuellDraftRiots, d Dice) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != USA) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "draftriots.side", What: "The Union player decides on the draft riots", Rule: "LRTG 3.3"}
	}
	if step := g.CurrentStep(); step != "" && step != "1c" && !(umpire && strings.TrimSpace(cmd.Reason) != "") {
		return nil, &RuleError{Kind: ErrIllegal, Code: "draftriots.step", What: fmt.Sprintf("The draft riots are settled in step 1c of the July 14 turn; the game is at step %s", step),
			Hint: "The umpire may rule otherwise with reason:<why>", Rule: "LRTG 3.3"}
	}
	var evs []Event
	s := g
	total := 0
	seen := map[string]bool{}
	var units []string
	for _, r := range cmd.Removals {
		u, err := g.unit(r.Unit)
		if err != nil {
			return nil, err
		}
		if seen[r.Unit] {
			return nil, Invalid("draftriots.twice", fmt.Sprintf("%s is named twice", u.Name), "Name each unit once, with all the manpower it sends")
		}
		seen[r.Unit] = true
		if err := g.checkRiotUnit(u, r.Manpower, cmd.Data); err != nil {
			return nil, err
		}
		set, err := s.Decide(SetUnit{By: cmd.By, Unit: u.ID, Field: "manpower", Value: u.Manpower - r.Manpower, Cause: "other",
			Reason: fmt.Sprintf("%d manpower sent to quell the New York draft riots (LRTG 3.3)", r.Manpower)}, d)
		if err != nil {
			return nil, err
		}
		for _, e := range set {
			s = s.Apply(e)
		}
		evs = append(evs, set...)
		total += r.Manpower
		units = append(units, u.ID)
	}
	if cmd.Table == nil {
		return nil, fmt.Errorf("engine: the draft riots need the table %s", TableDraftRiots)
	}
	roll, err := g.Decide(RollVP{By: cmd.By, Event: VPDraftRiots, Table: cmd.Table, Removed: total, Reason: cmd.Reason}, d)
	if err != nil {
		return nil, err
	}
	if total > 0 {
		evs = append(evs, &DraftRiotsManpower{By: cmd.By, Turn: g.Turn, Units: units, Removed: total})
	}
	return append(evs, roll...), nil
}

// checkRiotUnit checks a unit the Union sends to New York (000 3.3): its
// own, on the map, with the manpower, never Pennsylvania militia, DC or
// Balt only once released. "Within 10 hexes of a rail line that can be
// traced to the eastern edge of the map without passing through a damaged
// or destroyed RR station or an enemy unit" is not checked: the map data
// has the railroads as stations only; the reply says so.
func (g GameState) checkRiotUnit(u UnitState, mp int, d *MoveData) error {
	const rule = "LRTG 3.3"
	switch {
	case u.Side != USA:
		return &RuleError{Kind: ErrIllegal, Code: "draftriots.unit", What: u.Name + " is not a Union unit", Rule: rule}
	case u.Kind == "leader":
		return Invalid("draftriots.unit", u.Name+" is a leader: leaders have no manpower", "Name units with manpower")
	case !u.OnMap || u.Eliminated:
		return &RuleError{Kind: ErrIllegal, Code: "draftriots.unit", What: u.Name + " is not on the map", Hint: "Manpower is removed from the board", Rule: rule}
	case mp < 1:
		return Invalid("draftriots.manpower", fmt.Sprintf("%d manpower from %s: send 1 or more, or leave the unit out", mp, u.Name), "Write unit:manpower, e.g. Crawford:2")
	case mp > u.Manpower:
		return &RuleError{Kind: ErrIllegal, Code: "draftriots.manpower", What: fmt.Sprintf("%s has %d manpower; it cannot send %d", u.Name, u.Manpower, mp), Rule: rule}
	case u.Command == "PA" || u.Kind == "militia":
		return &RuleError{Kind: ErrIllegal, Code: "draftriots.unit", What: u.Name + " is Pennsylvania militia: the militia never go to New York", Rule: rule}
	}
	if u.Command == "DC" || u.Command == "Balt" || releaseMark(u) != "" || hasUnitMark(u, "dc-only") {
		if r, _ := g.Restricted(u, d); r || hasUnitMark(u, "dc-only") {
			return &RuleError{Kind: ErrIllegal, Code: "draftriots.unit", What: fmt.Sprintf("%s (%s) has not been released: DC and Balt units go only once released", u.Name, u.Command), Rule: rule}
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Entering the map (/move): where and when arriving units enter.

// EntryPoint is where an arriving unit enters the map and whether it may now.
type EntryPoint struct {
	Rule  string
	Where string         // for people
	In    func(Hex) bool // nil: the map data cannot check it
	Held  string         // why it may not enter now ("": it may)
}

// EntryOf says where an arriving unit of this module enters (3.1, 3.2),
// and false for a unit it does not govern (on the map, or on another
// track: the Richmond Garrison and the Confederate Reinforcement boxes are
// the random events').
func (g GameState) EntryOf(u UnitState, t *Theatre) (EntryPoint, bool) {
	if u.OnMap || u.Eliminated {
		return EntryPoint{}, false
	}
	place := func(name, ref string) (EntryPoint, bool) {
		e := EntryPoint{Rule: "LRTG 3.2", Where: fmt.Sprintf("in %s (%s)", name, ref)}
		if t != nil {
			if p := t.Place(name); p != nil {
				e.In = func(h Hex) bool { return h == p.Hex }
				if g.enemyAt(u.Side, p.Hex) {
					e.Held = fmt.Sprintf("%s is occupied by the enemy", name)
				}
			}
		}
		return e, true
	}
	switch {
	case u.Side == CSA && u.Track == TrackWithCorpsCommander:
		// /move checks it (checkWithCorpsCommander).
		return EntryPoint{Rule: "000 VIII 3)", Where: "with a Confederate corps commander: in his hex, or moving with him (set-up)"}, true
	case u.Side == CSA && u.Track == TrackReinforcement:
		return EntryPoint{Rule: "LRTG 3.1", Where: "on the south edge of the SJW South map, in a hex numbered 20xx or lower (SS0133 to SS2033)", In: southSJWEdge(t)}, true
	case u.Side != USA:
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
func southSJWEdge(t *Theatre) func(Hex) bool {
	if t == nil {
		return nil
	}
	for i := range t.Sheets {
		if s := &t.Sheets[i]; s.ID == "SS" {
			return func(h Hex) bool {
				col, row, ok := s.Printed(h)
				return ok && row == s.MaxRow && col <= 20
			}
		}
	}
	return nil
}

// notArrived says why a unit governed here may not enter yet, or "".
func (g GameState) notArrived(u UnitState) string {
	if contains(g.TurnStart.Arrived, u.ID) {
		return ""
	}
	switch {
	case u.Side == CSA:
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

// checkReinforcements is /move's check of this module (decideMove): an
// arriving unit enters when it has arrived, at its entry hexes; and no
// Union railroad movement in the turn the Union sent manpower to the draft
// riots (3.3).
func (g GameState) checkReinforcements(cmd MoveUnits) []*RuleError {
	var out []*RuleError
	if strings.EqualFold(strings.TrimSpace(cmd.Mode), MoveRail) && g.TurnStart.NoRailTurn != 0 && g.TurnStart.NoRailTurn == g.Turn {
		out = append(out, moveRule("move.draft-riots", "The Union sent manpower to quell the New York draft riots this turn: it may not move by rail", "", "LRTG 3.3"))
	}
	var t *Theatre
	if cmd.Data != nil {
		t = cmd.Data.Theatre
	}
	for _, id := range cmd.Units {
		u := g.Units[id]
		if g.Game() == LRTA {
			out = append(out, g.lrtaCheckEntry(u, cmd)...) // lrta_turnstart.go: LRTA's arrivals (004 1 a), b))
			continue
		}
		e, ok := g.EntryOf(u, t)
		if !ok {
			// The Richmond Garrison and the Confederate Reinforcement
			// boxes come with their random events (randomevents.go).
			if re, why, governed := g.RandomEventEntry(u, t); governed {
				if why != "" {
					out = append(out, moveRule("move.not-arrived", why, "", re.Rule))
				} else if re.In != nil && !re.In(cmd.To) {
					out = append(out, moveRule("move.entry", fmt.Sprintf("%s enters the map %s, not at %s", u.Name, re.Where, cmd.Ref), "Move it to an entry hex; it may also wait (3.0)", re.Rule))
				}
				continue
			}
			// Any other LRTG unit off the map (Meade's replacements,
			// Chambliss) comes in as the rules bring it, not by a move.
			if !u.OnMap && !u.Eliminated && g.Game() == LRTG && (u.Track == "meade-replacement" || u.Track == "replacement") {
				out = append(out, moveRule("move.off-map", fmt.Sprintf("%s is off the map (%s track): it comes into play as the rules bring it, not by a move", u.Name, u.Track),
					"Meade's replacements come when Meade takes command (16.2); /oob shows where a unit waits", "LRTG 3.0, 16.2"))
			}
			continue
		}
		if why := g.notArrived(u); why != "" {
			out = append(out, moveRule("move.not-arrived", why, "", e.Rule))
			continue
		}
		if e.Held != "" {
			out = append(out, moveRule("move.entry", fmt.Sprintf("%s may not enter now: %s", u.Name, e.Held), "", e.Rule))
			continue
		}
		if e.In != nil && !e.In(cmd.To) {
			out = append(out, moveRule("move.entry", fmt.Sprintf("%s enters the map %s, not at %s", u.Name, e.Where, cmd.Ref), "Move it to an entry hex; it may also wait for a later reinforcement phase (3.0)", e.Rule))
		}
	}
	return out
}

// WaitingToEnter lists the arrived units of a side not yet on the map.
func (g GameState) WaitingToEnter(side Side) []string {
	var out []string
	for _, id := range g.TurnStart.Arrived {
		if u, ok := g.Units[id]; ok && u.Side == side && !u.OnMap && !u.Eliminated {
			out = append(out, id)
		}
	}
	return out
}
