package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
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
//
// This file keeps the module's state, registration (init), applier and the
// steps it registers; the rest is in turnstart_events.go (events),
// turnstart_rolls.go (the Union's rolls, 3.2), turnstart_riots.go (the draft
// riots, 3.3) and turnstart_entry.go (entering the map, 3.0-3.2).

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

// turnStartModule is LRTG's turn start: reinforcements and the draft riots.
func turnStartModule() engine.Module {
	return engine.Module{Name: "turnstart",
		Commands: []engine.Command{QuellDraftRiots{}}, Decide: claims(decideTurnStart),
		Events: []engine.Event{&ReinforcementsArrived{}, &UnionRolled{}, &DraftRiotsManpower{}},
		Apply:  folds(applyTurnStart)}
}

func applyTurnStart(g Game, e engine.Event) (Game, bool) {
	// Dice and the schedule decided these: an undo of an earlier board
	// action keeps them (vp.go's keep).
	switch e := e.(type) {
	case *ReinforcementsArrived:
		g = g.keep(func(g *Game) {
			g.TurnStart.Arrived = appendNew(g.TurnStart.Arrived, e.Units...)
			if e.Cause == ArrivalThreat {
				g.TurnStart.WashingtonThreatened = true
			}
		})
	case *UnionRolled:
		g = g.keep(func(g *Game) {
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
				g.Units = engine.CopyUnits(g.Units)
				for _, id := range e.Held {
					g.EditUnit(id, func(u *engine.UnitState) { u.Marks = withReleaseMark(u.Marks, e.HeldTo) })
				}
				for id, corps := range e.Joins {
					if _, ok := g.Units[id]; ok {
						g.EditUnit(id, func(u *engine.UnitState) { u.Command = corps })
					}
				}
			}
		})
	case *DraftRiotsManpower:
		g = g.keep(func(g *Game) { g.TurnStart.NoRailTurn = e.Turn })
	default:
		return g, false
	}
	return g, true
}

// appendNew appends the ids not in xs, on a copy.
func appendNew(xs []string, ids ...string) []string {
	out := append([]string(nil), xs...)
	for _, id := range ids {
		if !engine.Contains(out, id) {
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
func confederateReinforcements(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	var ids, setUp []string
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != engine.CSA || u.OnMap || u.Eliminated || engine.Contains(g.TurnStart.Arrived, id) {
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
	var evs []engine.Event
	if len(setUp) > 0 {
		evs = append(evs, &ReinforcementsArrived{Turn: g.Turn, Side: engine.CSA, Units: setUp, Cause: ArrivalSetUp, Rule: "000 VIII 3)"})
	}
	if len(ids) > 0 {
		sort.SliceStable(ids, func(i, j int) bool { return g.Units[ids[i]].Slot < g.Units[ids[j]].Slot })
		evs = append(evs, &ReinforcementsArrived{Turn: g.Turn, Side: engine.CSA, Units: ids, Cause: ArrivalSchedule, Rule: "LRTG 3.1"})
	}
	return evs, nil
}

// ---------------------------------------------------------------------------
// 1b Union reinforcements and releases (LRTG 3.2; 003 1 b)).

// unionReinforcements runs the Union Reinforcement Phase: Lockwood and
// Spinola when Washington is threatened, then one roll each for
// Baltimore / DC, West Virginia and the PA militia, in 003's order, every
// fact computed from the state and the map.
func unionReinforcements(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if ctx.Move == nil || ctx.Move.Theatre == nil || ctx.Library == nil {
		// Without the map the facts cannot be computed: the umpire rolls
		// by hand (/table roll) and releases with /game release.
		var evs []engine.Event
		for _, track := range []string{TrackBaltDC, TrackWV, TrackPAMilitia} {
			evs = append(evs, &UnionRolled{Turn: g.Turn, Track: track, NoRoll: NoRollNoMap})
		}
		return evs, nil
	}
	s := g
	var evs []engine.Event
	for _, step := range []func(Game, engine.Dice, engine.StepContext) ([]engine.Event, error){threatenedArrivals, rollBaltDC, rollWV, rollPAMilitia} {
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

// ---------------------------------------------------------------------------
// 1c Vicksburg (LRTG 3.4) and the draft riots (3.3).

// vicksburgSurrenders rolls for Vicksburg when due: every turn from June
// 30 until it falls, once a turn (vp.go settles the roll and its VP).
func vicksburgSurrenders(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
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

// draftRiotsWait: on July 14 the step waits for the Union's choice of
// manpower to send to New York, and its roll.
func draftRiotsWait(g Game) []string {
	if !g.DraftRiotsDue() {
		return nil
	}
	return []string{"the Union: the New York draft riots — choose the manpower to send (none is a choice) and roll, with /draftriots remove:<unit:manpower, ...> (LRTG 3.3)"}
}

func decideTurnStart(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	c, ok := cmd.(QuellDraftRiots)
	if !ok {
		return nil, false, nil
	}
	evs, err := g.decideDraftRiots(c, d)
	return evs, true, err
}

// ---------------------------------------------------------------------------
// Entering the map (/move): where and when arriving units enter.

// checkReinforcements is /move's check of this module (decideMove): an
// arriving unit enters when it has arrived, at its entry hexes; and no
// Union railroad movement in the turn the Union sent manpower to the draft
// riots (3.3).
func (g Game) checkReinforcements(cmd engine.MoveUnits) []*engine.RuleError {
	var out []*engine.RuleError
	if strings.EqualFold(strings.TrimSpace(cmd.Mode), MoveRail) && g.TurnStart.NoRailTurn != 0 && g.TurnStart.NoRailTurn == g.Turn {
		out = append(out, moveRule("move.draft-riots", "The Union sent manpower to quell the New York draft riots this turn: it may not move by rail", "", "LRTG 3.3"))
	}
	var t *engine.Theatre
	if cmd.Data != nil {
		t = cmd.Data.Theatre
	}
	for _, id := range cmd.Units {
		u := g.Units[id]
		if f := g.variant().arrivals; f != nil {
			out = append(out, f(g, u, cmd)...) // LRTA's arrivals (004 1 a), b)): lrta_turnstart.go
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
			if !u.OnMap && !u.Eliminated && (u.Track == "meade-replacement" || u.Track == "replacement") {
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
