package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// LRTA random events (004 "Random Events" and the effect paragraphs under
// it; 004 Sequence of Play 1 d), see 6.0; the turn record's "No RE" on
// turns 1 and 2). Step 1d of every LRTA turn from turn 3 rolls the Random
// Events table (lrta.random-events in scenarios/rules/lrta-random-events.yaml)
// as a game roll, with every "treat instead" fact taken from the game state;
// Enemy Intelligence and Leader Casualties roll their own tables
// (lrta.enemy-intelligence, lrta.leader-casualties). What an event does is
// applied where the state holds it (victuals, leader replacements, Raw
// Recruits' manpower) and otherwise recorded in LRTAEventsState, which the
// other modules read through the GameState methods named LRTA... below
// (movement, initiative, objectives, morale, communications).
//
// The LRTA rule book is not among the seeds: where the charts refer to a
// rule they do not print, the LRTG rule of the same name is followed (000
// 2.0 Random Events), as the data's header says.
//
// Unit ids this module relies on (found by id, else by name on the side):
// csa.lee, csa.jackson, usa.pope, usa.mcclellan, usa.reno, usa.hatch; Cox
// and Doubleday are found by name, or a counter is made.
//
// This file keeps the module's registration (init), decider, applier and step
// functions and what names the game; the rest is in lrta_events_types.go
// (state, events, commands), lrta_events_effects.go (the effects in force,
// read by other modules), lrta_events_roll.go (the facts of the rolls and the
// effects step 1d records) and lrta_events_recruits.go (Raw Recruits).

// The LRTA rules tables this module rolls.
const (
	LRTARandomEventsTable     = "lrta.random-events"
	LRTAIntelTable            = "lrta.enemy-intelligence"
	LRTALeaderCasualtiesTable = "lrta.leader-casualties"
)

// The outcomes of lrta.random-events (its ids in the rules data).
const (
	LRTAEventRainPlusOne       = "rain-plus-one"
	LRTAEventRain              = "rain"
	LRTAEventUnionParalysis    = "union-command-paralysis"
	LRTAEventCSAParalysis      = "csa-command-paralysis"
	LRTAEventRearParalysis     = "rear-area-paralysis"
	LRTAEventReleaseHF         = "release-harpers-ferry-garrison"
	LRTAEventSupplyProblems    = "csa-supply-problems"
	LRTAEventIntel             = "enemy-intelligence"
	LRTAEventMcClellanDelays   = "mcclellan-delays-reinforcements"
	LRTAEventLeaderCasualties  = "leader-casualties"
	LRTAEventSpeedsEvacuation  = "aop-speeds-evacuation"
	LRTAEventRawRecruits       = "raw-recruits" // and raw-recruits-second, -third, -fourth-on
	LRTAEventHeat              = "heat"
	LRTAIntelThreeCigars       = "three-cigars" // lrta.enemy-intelligence outcomes: csa, usa, three-cigars, usa-common
	LRTAIntelUnionCommon       = "usa-common"
	lreFirstTurn               = 3 // 004 Turn Record: "No RE" on turns 1 and 2
	lreStep                    = "1d"
	lreRule                    = "004 Random Events"
	lreHFRadius                = 8  // 004 random event 6
	lreRearRadius              = 8  // 004 Rear Area Paralysis
	lreSugarLoafRadius         = 15 // 004 Enemy Intelligence (the place's lrta_intel_radius)
	lreThreeCigarsTurns        = 4  // 004: "this and the following three turns"
	lreTwoTurns                = 2  // Leader Casualties: "this turn and next turn"
	lreRerolls                 = 2  // Enemy Intelligence: two initiative rolls rerolled
	lreObjectiveDiscoveryBonus = 3  // 004 Enemy Intelligence; 004 2 Confederate Objectives
)

// LRTAMcClellanDelaysAreas are where McClellan Delays Reinforcements holds
// the Army of the Potomac's units this turn (004 random event 9).
var LRTAMcClellanDelaysAreas = []string{"Alexandria County", "the DC Defense Area", "Aquia Creek", "Baltimore", "Annapolis"}

// lreRearDesignations are the Union designations Rear Area Paralysis holds
// (004: Shen, RR, DC, Balt, PA).
var lreRearDesignations = []string{"Shen", "RR", "DC", "Balt", "PA"}

// ---------------------------------------------------------------------------
// What other modules own: McClellan's assumption of command, the corps
// reorganized and the Confederate Rest and Refit proposal are the army
// module's (engine/lrtg/lrta_army.go: LRTAMcClellan, LRTAReorganized,
// LRTAReorganizationParalysis, LRTARestRefitProposed).

// lreFind returns a unit by id, or else the side's unit of that name (the
// first in id order).
func (g Game) lreFind(side engine.Side, id, name string) (engine.UnitState, bool) {
	if u, ok := g.Units[id]; ok {
		return u, true
	}
	for _, k := range sortedIDs(g.Units) {
		if u := g.Units[k]; u.Side == side && strings.EqualFold(u.Name, name) {
			return u, true
		}
	}
	return engine.UnitState{}, false
}

// lreCommander is the Union army's commanding general: Pope, or McClellan
// once he has assumed command.
func (g Game) lreCommander() (engine.UnitState, bool) {
	if g.LRTAMcClellan() {
		return g.lreFind(engine.USA, "usa.mcclellan", "McClellan")
	}
	return g.lreFind(engine.USA, "usa.pope", "Pope")
}

// ---------------------------------------------------------------------------
// Registration, the decider and the applier.

// lrtaEventsModule is LRTA's random events.
func lrtaEventsModule() engine.Module {
	return engine.Module{Name: "lrta-events",
		Commands: []engine.Command{GiveRawRecruits{}}, Decide: claims(decideLRTAEvents),
		Events: []engine.Event{&LRTARandomEvent{}, &LRTARecruitsAdded{}},
		Apply:  folds(applyLRTAEvents)}
}

func decideLRTAEvents(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	if c, ok := cmd.(GiveRawRecruits); ok {
		ev, err := g.decideRecruits(c)
		if err != nil {
			return nil, true, err
		}
		return []engine.Event{ev}, true, nil
	}
	return nil, false, nil
}

func applyLRTAEvents(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *LRTARandomEvent:
		// Dice decided it: an undo of an earlier board action keeps it.
		g = g.keep(func(g *Game) {
			s := g.LRTAEvents
			s.Rolled = append(append([]LRTARandomEvent(nil), s.Rolled...), *e)
			if in := e.Replacement; in != nil && e.Replaced != "" {
				m := make(map[string]string, len(s.Replaced)+1)
				for k, v := range s.Replaced {
					m[k] = v
				}
				m[e.Replaced] = in.ID
				s.Replaced = m
				g.Units = engine.CopyUnits(g.Units)
				delete(g.Units, e.Replaced)
				g.Units[in.ID] = *in
				if v, ok := g.Records.Victuals[e.Replaced]; ok {
					r := g.Records
					r.Victuals = copyInts(r.Victuals)
					r.Victuals[in.ID] = v
					delete(r.Victuals, e.Replaced)
					g.Records = r
				}
			}
			g.LRTAEvents = s
		})
	case *LRTARecruitsAdded:
		g = g.action(e, func(g *Game) {
			s := g.LRTAEvents
			s.Recruits = append(append([]LRTARecruitsAdded(nil), s.Recruits...), *e)
			g.LRTAEvents = s
			for _, m := range e.Gains {
				g.EditUnit(m.Unit, func(u *engine.UnitState) { u.Manpower = m.To })
			}
		})
	default:
		return g, false
	}
	return g, true
}

// ---------------------------------------------------------------------------
// The procedure of step 1d.

func lrtaEventsStep(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if g.Turn < lreFirstTurn || g.LRTAEvents.Of(g.Turn) != nil {
		return nil, nil // no random events on turns 1-2; or already rolled
	}
	if ctx.Library == nil {
		return nil, fmt.Errorf("engine: step %s needs the rules tables", lreStep)
	}
	m := segTheatre(ctx)
	if m == nil {
		return nil, fmt.Errorf("engine: step %s needs the map (Harpers Ferry, the Potomac, Sugar Loaf Mountain)", lreStep)
	}
	by := g.Umpire
	var evs []engine.Event
	state := g
	table, roll := tableRoller(ctx.Library, by, d, &state, &evs)
	tb, err := table(LRTARandomEventsTable)
	if err != nil {
		return nil, err
	}
	tr, err := roll(tb, g.LRTARandomEventFacts(m))
	if err != nil {
		return nil, err
	}
	pope := !g.LRTAMcClellan()
	ev := &LRTARandomEvent{By: by, Turn: g.Turn, Days: max(g.TurnDays(g.Turn), 1), Roll: tr.Number, Printed: tr.Printed,
		Outcome: tr.Outcome, Name: tr.Name, Pope: pope, SugarLoaf: g.lreSugarLoaf(m)}
	multi := g.multipleCommanders()
	var after []engine.Event // events that follow the random event (victuals)
	switch o := ev.Outcome; {
	case o == LRTAEventRain || o == LRTAEventRainPlusOne:
		rainCode := LRTANoteRain
		if o == LRTAEventRainPlusOne {
			rainCode = LRTANoteHeavyRain
		}
		ev.note(RandomNote{Code: rainCode, N: g.LRTARainDays() + ev.Days})
	case o == LRTAEventUnionParalysis:
		if pope {
			ev.note(RandomNote{Code: LRTANoteUnionParalysisPope})
		} else {
			ev.note(RandomNote{Code: LRTANoteUnionParalysis})
		}
		ev.note(RandomNote{Code: LRTANoteParalysedUnion})
		if multi {
			ev.note(RandomNote{Code: LRTANoteNoComms, Side: engine.USA})
		}
	case o == LRTAEventCSAParalysis:
		ev.note(RandomNote{Code: LRTANoteCSAParalysis})
		if multi {
			ev.note(RandomNote{Code: LRTANoteNoComms, Side: engine.CSA})
		}
	case o == LRTAEventRearParalysis:
		rear := RandomNote{Code: LRTANoteRearParalysis}
		if pope {
			rear = RandomNote{Code: LRTANoteRearParalysisPope, From: g.Turn, To: g.Turn + 1}
		}
		ev.note(rear)
	case o == LRTAEventReleaseHF:
		ev.note(RandomNote{Code: LRTANoteReleaseHF})
	case o == LRTAEventSupplyProblems:
		more, err := g.lreSupplyProblems(state.Apply(ev), ev, m, ctx)
		if err != nil {
			return nil, err
		}
		after = more
	case o == LRTAEventIntel:
		it, err := table(LRTAIntelTable)
		if err != nil {
			return nil, err
		}
		f, why, err := g.LRTAIntelFacts(m, it, ev.SugarLoaf)
		if err != nil {
			return nil, err
		}
		ir, err := roll(it, f)
		if err != nil {
			return nil, err
		}
		ev.IntelRoll, ev.IntelForm, ev.IntelCavalry = ir.Number, ir.Outcome, why
		ev.Intel = engine.USA
		if ir.Outcome == string(engine.CSA) {
			ev.Intel = engine.CSA
		}
		g.lreIntelEffects(ev, multi)
	case o == LRTAEventMcClellanDelays:
		ev.note(RandomNote{Code: LRTANoteMcClellanDelays, Names: append([]string(nil), LRTAMcClellanDelaysAreas...)})
	case o == LRTAEventLeaderCasualties:
		lt, err := table(LRTALeaderCasualtiesTable)
		if err != nil {
			return nil, err
		}
		cr, err := roll(lt, engine.Facts{})
		if err != nil {
			return nil, err
		}
		ev.CasualtyRoll, ev.Casualty, ev.CasualtyName = cr.Number, cr.Outcome, cr.Name
		g.lreCasualtyEffects(ev)
	case o == LRTAEventSpeedsEvacuation:
		ev.note(RandomNote{Code: LRTANoteEvacuationEarlier})
		ev.note(RandomNote{Code: LRTANoteEvacuationNaval})
	case strings.HasPrefix(o, LRTAEventRawRecruits):
		ev.Recruits = tr.Values["union_manpower"]
		n := g.LRTARawRecruitsTimes() + 1
		ev.note(RandomNote{Code: LRTANoteRecruits, N: n, M: ev.Recruits})
		if len(g.lreRecruitable()) == 0 {
			ev.note(RandomNote{Code: LRTANoteRecruitsNone})
		}
	case o == LRTAEventHeat:
		ev.note(RandomNote{Code: LRTANoteHeat})
	default:
		ev.note(RandomNote{Code: RandomNoteTable, Name: tr.Name, Effect: tr.Effect})
	}
	evs = append(evs, ev)
	return append(evs, after...), nil
}

// ---------------------------------------------------------------------------
// Raw Recruits: the Union's choice, which step 1d waits for.

// lrtaEventsWait names what step 1d waits for: the Union's Raw Recruits.
func lrtaEventsWait(g Game) []string {
	if g.LRTARawRecruitsPending() > 0 {
		return []string{fmt.Sprintf("the Union's Raw Recruits: up to %d manpower to infantry in resupply range (/recruits manpower:<unit MP, ...> or manpower:none)", g.LRTARawRecruitsPending())}
	}
	return nil
}

// recruitsGiver checks that the actor may give Raw Recruits: the Union's
// overall commander or the umpire. Another game refuses the command after
// it, as at a step other than 1d (GiveRawRecruits.Foreign).
func (g Game) recruitsGiver(by engine.Actor) error {
	if err := g.BoardReady(by); err != nil {
		return err
	}
	umpire := g.IsUmpire(by)
	p := g.Player(by.ID)
	if !umpire && (p == nil || p.Side != engine.USA) {
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "recruits.side", What: "Only the Union gives Raw Recruits", Rule: lreRule}
	}
	// "The Union may add" the total to any Union infantry: one decision
	// for the side, its overall commander's (as the declaration, LRTG 4.1),
	// whoever commands the units.
	overall := umpire || p.Overall
	if !overall {
		hint := ""
		if o := g.overallOf(engine.USA); o != nil {
			hint = "Ask " + o.Actor.Name
		}
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "recruits.overall", What: "Only the Union's overall commander gives Raw Recruits", Hint: hint, Rule: lreRule}
	}
	return nil
}

// recruitsStepRefused: Raw Recruits are given in LRTA's step 1d only.
func (g Game) recruitsStepRefused() error {
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "recruits.step", What: fmt.Sprintf("Raw Recruits are given in LRTA's Random Events step (1d); the game is at %q", g.CurrentStep()),
		Hint: "/phase show says where the turn is", Rule: lreRule}
}

func (g Game) decideRecruits(cmd GiveRawRecruits) (engine.Event, error) {
	if err := g.recruitsGiver(cmd.By); err != nil {
		return nil, err
	}
	if g.CurrentStep() != lreStep {
		return nil, g.recruitsStepRefused()
	}
	e := g.LRTAEvent()
	if e == nil || e.Recruits == 0 {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "recruits.none", What: "This turn's random event is not Raw Recruits", Hint: "/event show says this turn's random event", Rule: lreRule}
	}
	if g.lreRecruitsGiven(g.Turn) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "recruits.given", What: "This turn's Raw Recruits have already been given", Hint: "The umpire may undo it with /game undo", Rule: lreRule}
	}
	ids := make([]string, 0, len(cmd.Manpower))
	total := 0
	for id, n := range cmd.Manpower {
		ids = append(ids, id)
		total += n
	}
	sort.Strings(ids)
	if total > e.Recruits {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "recruits.total", What: fmt.Sprintf("%d manpower asked; this Raw Recruits gives %d in all", total, e.Recruits),
			Hint: "Give at most the total, e.g. manpower:\"King 3, Ricketts 2\"", Rule: lreRule}
	}
	umpire := g.IsUmpire(cmd.By)
	reason := strings.TrimSpace(cmd.Reason)
	ev := &LRTARecruitsAdded{By: cmd.By, Turn: g.Turn}
	out, unknown := 0, 0
	for _, id := range ids {
		n := cmd.Manpower[id]
		u, err := g.Unit(id)
		if err != nil {
			return nil, err
		}
		if u.Side != engine.USA {
			return nil, engine.Invalid("unit.unknown", fmt.Sprintf("There is no Union unit %q", id), "/oob lists your side's units")
		}
		switch {
		case n < 1:
			return nil, engine.Invalid("recruits.manpower", fmt.Sprintf("%s: %d manpower; give 1 or more", u.Name, n), "manpower:\"King 3, Ricketts 5\"")
		case !infantry(u):
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "recruits.unit", What: u.Name + " is not an infantry unit", Hint: "Raw Recruits go to infantry units only", Rule: lreRule}
		case !u.OnMap || u.Eliminated:
			return nil, engine.Illegal("recruits.unit", u.Name+" is not on the map", "")
		}
		switch in, known := g.lreResupply(id); {
		case !known:
			unknown++
		case !in && (!umpire || reason == ""):
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "recruits.range", What: u.Name + " was out of resupply range at the last Supply Status Phase",
				Hint: "Raw Recruits go to units in resupply range; the umpire may rule otherwise with reason:<why>", Rule: lreRule}
		case !in:
			out++
		}
		ev.Gains = append(ev.Gains, ManpowerGain{Unit: id, From: u.Manpower, To: u.Manpower + n})
		if lreAoPOrAttachable(u) {
			ev.AoP += n
		}
	}
	ev.Casualties = (ev.AoP + 1) / 2
	if out > 0 {
		ev.Overruled = fmt.Sprintf("%d units out of resupply range at the last Supply Status Phase", out)
	}
	if unknown > 0 {
		ev.Unchecked = append(ev.Unchecked, fmt.Sprintf("that %d units no Supply Status Phase has judged yet are in resupply range", unknown))
	}
	return ev, nil
}
