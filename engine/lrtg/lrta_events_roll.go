// LRTA random events (004 "Random Events"; Enemy Intelligence and Leader
// Casualties tables): the facts each roll is made with (every "treat
// instead" fact taken from the game state) and the effects step 1d records
// (intelligence, leader casualties and their replacements, supply
// problems). Moved out of lrta_events.go, which keeps the step itself.

package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

func lreBool(v bool) int {
	if v {
		return 1
	}
	return 0
}

// LRTARandomEventFacts computes the facts of lrta.random-events from the
// state (004 random events 2, 4, 5, 6, 9, 10).
func (g Game) LRTARandomEventFacts(m *engine.Theatre) engine.Facts {
	prev := g.LRTAEvents.Of(g.Turn - 1)
	recent := false
	for t := g.Turn - 1; t >= g.Turn-2; t-- {
		if g.lreIs(t, LRTAEventUnionParalysis) != nil {
			recent = true
		}
	}
	near := false
	if hf := placeOf(m, "Harpers Ferry"); hf != nil {
		for _, id := range sortedIDs(g.Units) {
			if u := g.Units[id]; u.Side == engine.CSA && u.Kind == engine.KindInfantry && u.OnMap && !u.Eliminated && engine.Distance(u.Hex, hf.Hex) <= lreHFRadius {
				near = true
			}
		}
	}
	return engine.Facts{
		"rain_plus_one_last_turn":         lreBool(prev != nil && prev.Outcome == LRTAEventRainPlusOne),
		"rain_days":                       min(g.LRTARainDays(), 54),
		"raw_recruits_before":             min(g.LRTARawRecruitsTimes(), 54),
		"union_paralysis_recent":          lreBool(recent),
		"csa_infantry_near_harpers_ferry": lreBool(near),
		"mcclellan_in_command":            lreBool(g.LRTAMcClellan()),
	}
}

// lreSugarLoaf returns the side of the last unit seen on Sugar Loaf
// Mountain: a unit there now, else what the last random event saw. Moves
// record no path, so a unit that only passed through is not seen.
func (g Game) lreSugarLoaf(m *engine.Theatre) engine.Side {
	if p := placeOf(m, "Sugar Loaf Mountain"); p != nil {
		for _, id := range sortedIDs(g.Units) {
			if u := g.Units[id]; u.OnMap && !u.Eliminated && u.Hex == p.Hex {
				return u.Side
			}
		}
	}
	for i := len(g.LRTAEvents.Rolled) - 1; i >= 0; i-- {
		if s := g.LRTAEvents.Rolled[i].SugarLoaf; s != "" {
			return s
		}
	}
	return ""
}

// LRTAIntelFacts computes the Enemy Intelligence contest's facts (004
// Enemy Intelligence modifiers and tie rule), with the tie's distances
// for the umpire. The tie goes to the Confederates at equal
// distances or when neither can be measured (as LRTG's Spy).
func (g Game) LRTAIntelFacts(m *engine.Theatre, tb *engine.Table, sugarLoaf engine.Side) (engine.Facts, *CavalryTie, error) {
	lee, leeOK := g.lreFind(engine.CSA, csaArmyCommanderID, "Lee")
	cmdr, cmdrOK := g.lreCommander()
	tie, why := g.cavalryTie(lee, leeOK, cmdr, cmdrOK)
	near := map[engine.Side]bool{}
	if p := placeOf(m, "Sugar Loaf Mountain"); p != nil {
		radius := lreSugarLoafRadius
		if v, ok := p.Values["lrta_intel_radius"]; ok {
			radius = v
		}
		for _, id := range sortedIDs(g.Units) {
			if u := g.Units[id]; u.Kind.IsLeader() && u.OnMap && !u.Eliminated && engine.Distance(u.Hex, p.Hex) <= radius {
				near[u.Side] = true
			}
		}
	}
	occupant := "none"
	if sugarLoaf != "" {
		occupant = string(sugarLoaf)
	}
	f := engine.Facts{
		"lee_north":                  lreBool(northOf(m, lee)),
		"aop_commander_south":        lreBool(!northOf(m, cmdr)),
		"csa_leader_near_sugar_loaf": lreBool(near[engine.CSA]),
		"usa_leader_near_sugar_loaf": lreBool(near[engine.USA]),
	}
	for name, v := range map[string]string{"sugar_loaf_last_occupant": occupant, "three_cigars": g.LRTAThreeCigars(g.Turn), "closest_cavalry": tie} {
		spec := tb.Fact(name)
		if spec == nil {
			return nil, nil, fmt.Errorf("engine: table %s has no fact %s", tb.ID, name)
		}
		n, err := spec.Parse(v)
		if err != nil {
			return nil, nil, fmt.Errorf("engine: table %s: %w", tb.ID, err)
		}
		f[name] = n
	}
	return f, why, nil
}

// lreIntelEffects says what the Enemy Intelligence winner gains (004).
func (g Game) lreIntelEffects(ev *LRTARandomEvent, multi bool) {
	switch ev.IntelForm {
	case string(engine.CSA):
		ev.note(RandomNote{Code: LRTANoteIntelRerolls})
	case LRTAIntelThreeCigars:
		ev.note(RandomNote{Code: LRTANoteThreeCigars, From: ev.Turn, To: ev.Turn + lreThreeCigarsTurns - 1})
	case LRTAIntelUnionCommon:
		ev.note(RandomNote{Code: LRTANoteCigarsRunning})
	default:
		ev.note(RandomNote{Code: LRTANoteIntelDoubles})
	}
	ev.note(RandomNote{Code: LRTANoteIntelDeclare, Side: ev.Intel})
	ev.note(RandomNote{Code: LRTANoteIntelExamine, Side: ev.Intel})
	if g.Options.LimitedIntel {
		ev.note(RandomNote{Code: LRTANoteIntelMarkers, Side: ev.Intel})
	}
	if multi {
		ev.note(RandomNote{Code: LRTANoteIntelIntercept, Side: ev.Intel})
	}
	if ev.Intel == engine.USA && g.Options.Objectives {
		ev.note(RandomNote{Code: LRTANoteIntelObjectives})
	}
}

// lreCasualtyEffects applies or tracks the Leader Casualties result (004).
func (g Game) lreCasualtyEffects(ev *LRTARandomEvent) {
	switch ev.Casualty {
	case "lee-wrists":
		ev.note(RandomNote{Code: LRTANoteLeeWrists, From: ev.Turn, To: ev.Turn + 1})
	case "jackson-falls":
		ev.note(RandomNote{Code: LRTANoteJacksonFalls, From: ev.Turn, To: ev.Turn + 1})
	case "mcclellan-ill":
		ev.note(RandomNote{Code: LRTANoteMcClellanIll, From: ev.Turn, To: ev.Turn + 1})
	case "reno-killed":
		g.lreReplace(ev, "usa.reno", "Reno", "Cox", true)
	case "hatch-wounded":
		g.lreReplace(ev, "usa.hatch", "Hatch", "Doubleday", false)
	}
}

// lreReplace takes a unit out and puts its replacement in its place (its
// hex, command and, for a division, manpower, fatigue and status): the
// replacement's own counter when the order of battle has one not in play
// (usa.cox-leader, usa.doubleday on its leader-casualty track, marked
// "replaces:<id>"), else a counter made for it. With the unit not in play
// (off the map on a track, or eliminated), nothing happens: the chart
// prints no alternative.
func (g Game) lreReplace(ev *LRTARandomEvent, id, name, by string, leader bool) {
	out, ok := g.lreFind(engine.USA, id, name)
	if !ok || out.Eliminated || !out.OnMap && out.Track != "" {
		ev.note(RandomNote{Code: LRTANoteCasualtyAbsent, Name: ev.Casualty})
		return
	}
	// The replacement's counter: the one marked "replaces:<id>" (the order
	// of battle's leader-casualty track), else one of that name not in play.
	var in engine.UnitState
	found := false
	for _, pass := range []bool{true, false} {
		for _, k := range sortedIDs(g.Units) {
			u := g.Units[k]
			if found || u.Side != engine.USA || u.OnMap || u.Eliminated {
				continue
			}
			if pass && engine.Contains(u.Marks, "replaces:"+out.ID) || !pass && strings.EqualFold(u.Name, by) && (!leader || u.Kind.IsLeader()) {
				in, found = u, true
			}
		}
	}
	if !found {
		nid := "usa." + strings.ToLower(by)
		if _, taken := g.Units[nid]; taken {
			nid += "-ldr"
		}
		in = engine.UnitState{ID: nid, Name: by, Side: engine.USA, Kind: out.Kind}
	}
	keep := in
	in = out
	in.ID, in.Name, in.Marks = keep.ID, keep.Name, keep.Marks
	if leader {
		in.Kind, in.Manpower = engine.KindLeader, 0
	}
	ev.Replaced, ev.Replacement = out.ID, &in
	ev.note(RandomNote{Code: LRTANoteCasualtyReplaced, Name: ev.Casualty})
}

// lreSupplyProblems settles Confederate Supply Problems (004 random event
// 7): one victual from every Confederate unit, a second from those north
// of the Potomac unless the Confederates have offered a Rest and Refit
// period; under Simplified Supply the army victuals marker drops by one
// (two without the offer). The victuals are recorded by the records
// module's supply events.
func (g Game) lreSupplyProblems(state Game, ev *LRTARandomEvent, m *engine.Theatre, ctx engine.StepContext) ([]engine.Event, error) {
	offered := g.LRTARestRefitProposed()
	sizes := segSizes(ctx)
	var evs []engine.Event
	adjust := func(cmd AdjustSupply) error {
		e, err := state.decideSupply(cmd)
		if err != nil {
			return err
		}
		evs = append(evs, e)
		state = state.Apply(e)
		return nil
	}
	if g.Options.Supply == "simplified" {
		n := 2
		if offered {
			n = 1
		}
		ev.note(RandomNote{Code: map[bool]string{true: LRTANoteSupplyTrackOffered, false: LRTANoteSupplyTrack}[offered], N: n})
		return evs, adjust(AdjustSupply{By: ev.By, Side: engine.CSA, Delta: -n, Code: SupplyWhyLRTAProblemsTrack, Sizes: sizes})
	}
	var all, north []string
	for _, u := range g.SupplyUnits(engine.CSA, sizes) {
		if g.Victuals(u) > 0 {
			all = append(all, u.ID)
		}
	}
	if len(all) > 0 {
		if err := adjust(AdjustSupply{By: ev.By, Side: engine.CSA, Delta: -1, Units: all, Code: SupplyWhyLRTAProblemsAll, Sizes: sizes}); err != nil {
			return nil, err
		}
	}
	ev.note(RandomNote{Code: LRTANoteSupplyAll})
	if offered {
		ev.note(RandomNote{Code: LRTANoteSupplyOffered})
		return evs, nil
	}
	for _, u := range state.SupplyUnits(engine.CSA, sizes) {
		if northOf(m, u) && state.Victuals(u) > 0 {
			north = append(north, u.ID)
		}
	}
	sort.Strings(north)
	if len(north) > 0 {
		if err := adjust(AdjustSupply{By: ev.By, Side: engine.CSA, Delta: -1, Units: north, Code: SupplyWhyLRTAProblemsNorth, Sizes: sizes}); err != nil {
			return nil, err
		}
	}
	ev.note(RandomNote{Code: LRTANoteSupplyNorth})
	return evs, nil
}
