package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The LRTA Turn Start steps other than the random events (004 Sequence of
// Play 1 a), b), c), g)):
//
//   - 1a PA Militia Entry (004 1 a), "see 2.3"): once the first
//     Confederate unit is across the Potomac, one die a turn, +1 with
//     Confederate infantry across, +1 with a Confederate unit in
//     Pennsylvania; 6 or more brings the next militia unit to Camp Curtin
//     (lrta.pa-militia-entry; LRTG 3.2 where 004 is silent).
//   - 1b Reinforcements (004 1 b), "see 2.0"): the units of the
//     reinforcement track arrive on their turn (slot), both sides.
//   - 1c Establish DC Garrison Requirements (lrta_garrison.go).
//   - 1g Harpers Ferry Surrender Roll (004 1 g), "see 9.0"): LRTG 6.1's
//     check of whether Harpers Ferry is surrounded (declare.go), with
//     LRTA's table: 13 or more, its own modifiers.
//
// The events are LRTG's where the step is LRTG's (UnionRolled,
// ReinforcementsArrived, HarpersFerryChecked: turnstart.go and declare.go
// fold them, /move and /harpersferry act on them); LRTA's own (the DC
// garrison) are lrta_garrison.go's.

// The LRTA rules tables these steps roll on (scenarios/rules).
const (
	TableLRTAPAMilitia    = "lrta.pa-militia-entry"
	TableLRTAHarpersFerry = "lrta.harpers-ferry-surrender"
)

// HarpersFerryTableOf names a game's Harpers Ferry surrender table (LRTG
// 6.2: 11 or more; LRTA 004: 13 or more).
func HarpersFerryTableOf(game engine.Game) string {
	if game == LRTA {
		return TableLRTAHarpersFerry
	}
	return HarpersFerryTable
}

// The LRTA surrender table's facts that differ from LRTG's (declare.go has
// the three artillery facts, which both tables share).
const (
	lrtaHFFactDivision = "nearest_usa_division_hexes"
	lrtaHFFactTurns    = "turns_surrounded"
	// lrtaHFNoDivision is the distance the table takes when no Union
	// division is on the map (the fact's maximum).
	lrtaHFNoDivision = 200
	// lrtaHFSurrenders is the LRTA table's surrender outcome (LRTG's is
	// "surrender"); rollHarpersFerry knows both.
	lrtaHFSurrenders = "surrenders"
)

// LRTAStartState is the game's state of LRTA's Turn Start steps 1a-1c and
// 1g and the garrison part of the Victory Check (8): the DC garrison
// requirements set each turn, the garrison checks and the penalties
// assessed. (The militia rolls and arrivals are TurnStart's, the Harpers
// Ferry checks Declared's: their events are LRTG's.)
type LRTAStartState struct {
	Requirements []DCGarrisonSet           // one per turn (1c)
	ThreatTurns  []int                     // turns a Confederate threat to Washington was seen (1c, 8)
	Checks       []GarrisonChecked         // one per turn (8)
	Penalties    []GarrisonPenaltyAssessed // the umpire's assessments (8)
}

// lrtaStartModule is LRTA's turn start: the DC garrison.
func lrtaStartModule() engine.Module {
	return engine.Module{Name: "lrta-turnstart",
		Commands: []engine.Command{AssessGarrisonPenalty{}}, Decide: claims(decideLRTAStart),
		Events: []engine.Event{&DCGarrisonSet{}, &GarrisonChecked{}, &GarrisonPenaltyAssessed{}},
		Apply:  folds(applyLRTAStart)}
}

// ---------------------------------------------------------------------------
// 1a PA militia entry (004 1 a); LRTG 3.2).

// lrtaPAMilitia rolls for the next Pennsylvania militia unit. The roll is
// the Union's reinforcement roll of the militia track (UnionRolled, folded
// by turnstart.go: the unit it brings is received and enters at Camp
// Curtin with /move, LRTG 3.2).
func lrtaPAMilitia(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	ev := &UnionRolled{Turn: g.Turn, Track: TrackPAMilitia}
	next := g.NextOnTrack(engine.USA, TrackPAMilitia)
	if next == "" {
		ev.NoRoll = NoRollPAArrived
		if !g.hasTrack(engine.USA, TrackPAMilitia) {
			ev.NoRoll = NoRollLRTAPANoTrack
		}
		return []engine.Event{ev}, nil
	}
	if ctx.Move == nil || ctx.Move.Theatre == nil {
		ev.NoRoll = NoRollNoMap
		return []engine.Event{ev}, nil
	}
	t := ctx.Move.Theatre
	if g.TurnStart.PAFrom == 0 {
		// "roll 1 die 1st CSA across Potomac" (004 1 a)).
		switch {
		case g.csaIn(t, []engine.UnitKind{engine.KindInfantry, engine.KindCavalry}, "north-of-potomac"):
			ev.BeganCode = BeganLRTAPAcross
		case g.Victory.CrossedTurn > 0:
			ev.BeganCode, ev.From = BeganCrossed, g.Victory.CrossedTurn
		default:
			ev.NoRoll = NoRollLRTAPANotBegun
			return []engine.Event{ev}, nil
		}
	}
	tb, err := libraryTable(ctx, TableLRTAPAMilitia)
	if err != nil {
		return nil, err
	}
	facts := engine.Facts{
		"csa_infantry_north_of_potomac": engine.B2i(g.csaIn(t, []engine.UnitKind{engine.KindInfantry}, "north-of-potomac")),
		"csa_unit_in_pennsylvania":      engine.B2i(g.csaIn(t, []engine.UnitKind{engine.KindInfantry, engine.KindCavalry}, "pa")),
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

// hasTrack reports whether a unit of the side is on the track, or a
// Union roll of the track brought one (a unit leaves its track as it
// enters the map).
func (g Game) hasTrack(side engine.Side, track string) bool {
	for _, u := range g.Units {
		if u.Side == side && u.Track == track {
			return true
		}
	}
	for _, r := range g.TurnStart.Rolls {
		if r.Track == track && len(r.Units) > 0 {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// 1b Reinforcements (004 1 b), "see 2.0").

// LRTAArrivalTurn is the turn a unit of the reinforcement track arrives:
// its slot, earlier by the AoP Speeds Evacuation random events before it
// (004 Random Events 10: "Move up the arrival of all Union Reinforcements
// arriving in Harrison's Landing by one turn ... Move up the arrival of
// all Confederate Reinforcements by one turn"; lrta_events.go counts
// them); 0 for a unit that is not on the track.
func (g Game) LRTAArrivalTurn(u engine.UnitState, oob *engine.OrderOfBattle) int {
	if u.Track != TrackReinforcement || u.Slot <= 0 {
		return 0
	}
	return max(u.Slot-g.LRTAReinforcementsAdvanced(u.Side, u.Slot, harrisonsLanding(u, oob)), 1)
}

// harrisonsLanding reports whether a Union unit arrives at Harrison's
// Landing (its order of battle entry or track says so).
func harrisonsLanding(u engine.UnitState, oob *engine.OrderOfBattle) bool {
	if strings.Contains(strings.ToLower(u.Track), "harrison") {
		return true
	}
	if oob != nil {
		if s := oob.Unit(u.ID); s != nil {
			return strings.Contains(strings.ToLower(s.Entry), "harrison")
		}
	}
	return false
}

// lrtaReinforcements receives, for each side, the units of the
// reinforcement track whose turn has come (and any of an earlier turn
// not yet received). Their owner places them at their entry with /move,
// now or in a later reinforcement phase (LRTG 3.0).
func lrtaReinforcements(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	var oob *engine.OrderOfBattle
	if ctx.Move != nil {
		oob = ctx.Move.OOB
	}
	var evs []engine.Event
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		var ids []string
		for _, id := range g.sortedUnits() {
			u := g.Units[id]
			if u.Side != side || u.OnMap || u.Eliminated || engine.Contains(g.TurnStart.Arrived, id) {
				continue
			}
			if t := g.LRTAArrivalTurn(u, oob); t > 0 && t <= g.Turn {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 {
			continue
		}
		sort.SliceStable(ids, func(i, j int) bool { return g.Units[ids[i]].Slot < g.Units[ids[j]].Slot })
		evs = append(evs, &ReinforcementsArrived{Turn: g.Turn, Side: side, Units: ids, Cause: ArrivalSchedule, Rule: RuleLRTAReinforcements})
	}
	return evs, nil
}

// RuleLRTAReinforcements is the rule of LRTA's scheduled arrivals
// (ReinforcementsArrived.Rule).
const RuleLRTAReinforcements = "LRTA 2.0"

// ---------------------------------------------------------------------------
// 1g Harpers Ferry surrender (004 1 g), Harpers Ferry Surrender).

// lrtaHarpersFerry checks Harpers Ferry as LRTG's 1g does (6.1: which Union
// units must trace a path to the map edge, and whether the umpire must
// rule), with the facts of LRTA's table. The umpire's ruling and the roll
// are /harpersferry's (declare.go), on lrta.harpers-ferry-surrender.
func lrtaHarpersFerry(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	return g.harpersFerryStep(d, ctx, Game.LRTAHarpersFerryCheck, TableLRTAHarpersFerry)
}

// LRTAHarpersFerryCheck is LRTG's check (HarpersFerryCheck, 6.1) with the
// facts of LRTA's surrender table: the artillery on the heights as LRTG's
// (the umpire gives those the map data cannot tell); the hexes to the
// nearest Union division (004: -1 within 15, -1 within 10, -1 within 5;
// any Union division, infantry or cavalry, as 004 says "USA division");
// and every earlier turn Harpers Ferry was surrounded in this step (004:
// "+1 for each turn", not LRTG's consecutive turns).
func (g Game) LRTAHarpersFerryCheck(data *engine.MoveData) *HarpersFerryChecked {
	chk := g.HarpersFerryCheck(data)
	facts := map[string]int{}
	for k, v := range chk.Facts {
		if k != hfFactDivision && k != hfFactPrior {
			facts[k] = v
		}
	}
	facts[lrtaHFFactTurns] = g.lrtaTurnsSurrounded()
	facts[lrtaHFFactDivision] = g.nearestUnionDivision(data)
	chk.Facts = facts
	var ask []string
	for _, a := range chk.Ask {
		if a != hfFactDivision {
			ask = append(ask, a)
		}
	}
	chk.Ask = ask
	return chk
}

// lrtaTurnsSurrounded counts the earlier turns on which Harpers Ferry was
// surrounded in the surrender step (the last check or ruling of each).
func (g Game) lrtaTurnsSurrounded() int {
	n := 0
	for _, r := range g.Declared.HF {
		if r.Turn < g.Turn && r.Surrounded() {
			n++
		}
	}
	return n
}

// nearestUnionDivision is the distance in hexes from Harpers Ferry to the
// nearest Union division on the map (lrtaHFNoDivision when there is none,
// or when the map or the order of battle cannot tell).
func (g Game) nearestUnionDivision(data *engine.MoveData) int {
	if data == nil || data.Theatre == nil {
		return lrtaHFNoDivision
	}
	hf := data.Theatre.Place("Harpers Ferry")
	sizes := engine.SizesOf(data.OOB)
	if hf == nil || sizes == nil {
		return lrtaHFNoDivision
	}
	best := lrtaHFNoDivision
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == engine.USA && u.OnMap && !u.Eliminated && !u.Kind.IsLeader() && sizes[id] == "division" {
			best = min(best, engine.Distance(u.Hex, hf.Hex))
		}
	}
	return best
}

// ---------------------------------------------------------------------------
// The module: the garrison's command and events (lrta_garrison.go).

func decideLRTAStart(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	c, ok := cmd.(AssessGarrisonPenalty)
	if !ok {
		return nil, false, nil
	}
	evs, err := g.decideGarrisonPenalty(c)
	return evs, true, err
}

func applyLRTAStart(g Game, e engine.Event) (Game, bool) {
	// Set by the step's procedure from the state, or by the umpire's
	// assessment: an undo of an earlier board action keeps them.
	switch e := e.(type) {
	case *DCGarrisonSet:
		g = g.keep(func(g *Game) {
			s := g.LRTAStart
			var reqs []DCGarrisonSet
			for _, r := range s.Requirements {
				if r.Turn != e.Turn {
					reqs = append(reqs, r)
				}
			}
			s.Requirements = append(reqs, *e)
			if e.Threat {
				s.ThreatTurns = appendTurn(s.ThreatTurns, e.Turn)
			}
			g.LRTAStart = s
		})
	case *GarrisonChecked:
		g = g.keep(func(g *Game) {
			s := g.LRTAStart
			var checks []GarrisonChecked
			for _, c := range s.Checks {
				if c.Turn != e.Turn {
					checks = append(checks, c)
				}
			}
			s.Checks = append(checks, *e)
			if e.Threat {
				s.ThreatTurns = appendTurn(s.ThreatTurns, e.Turn)
			}
			g.LRTAStart = s
		})
	case *GarrisonPenaltyAssessed:
		g = g.keep(func(g *Game) {
			s := g.LRTAStart
			s.Penalties = append(append([]GarrisonPenaltyAssessed(nil), s.Penalties...), *e)
			g.LRTAStart = s
			if e.VP != 0 {
				g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: CategoryGarrison, What: e.recordWhat(), VP: e.VP, Detail: e.recordDetail()})
			}
		})
	default:
		return g, false
	}
	return g, true
}

// appendTurn appends a turn not yet listed, on a copy.
func appendTurn(ts []int, t int) []int {
	for _, x := range ts {
		if x == t {
			return ts
		}
	}
	return append(append([]int(nil), ts...), t)
}

// ---------------------------------------------------------------------------
// Entering the map (/move): LRTA's arrivals.

// LRTAEntry says where an arriving LRTA unit enters and whether it may
// now: the militia at Camp Curtin (LRTG 3.2), a reinforcement at the entry
// its order of battle gives (a printed hex, "south map edge", or the
// places it names). False for a unit off the map that these steps do not
// bring (the Rest and Refit counters, the reorganizations, McClellan...:
// their modules place them).
func (g Game) LRTAEntry(u engine.UnitState, d *engine.MoveData) (EntryPoint, bool) {
	if u.OnMap || u.Eliminated {
		return EntryPoint{}, false
	}
	var t *engine.Theatre
	var oob *engine.OrderOfBattle
	if d != nil {
		t, oob = d.Theatre, d.OOB
	}
	switch {
	case u.Side == engine.USA && u.Track == TrackPAMilitia:
		e := EntryPoint{Rule: "LRTA 2.3 (LRTG 3.2)", Where: "in Camp Curtin (RN4907)"}
		if t != nil {
			if p := t.Place("Camp Curtin"); p != nil {
				e.In = func(h engine.Hex) bool { return h == p.Hex }
				if g.enemyAt(engine.USA, p.Hex) {
					e.Held = "Camp Curtin is occupied by the enemy: the militia stay off the map until a reinforcement phase in which it is free"
				}
			}
		}
		return e, true
	case u.Track == TrackReinforcement:
		e := EntryPoint{Rule: RuleLRTAReinforcements, Where: "where the order of battle says (it gives no entry: not checked)"}
		if oob != nil {
			if s := lrtaEntrySetup(oob, u.ID); s != nil && strings.TrimSpace(s.Entry) != "" {
				e.Where, e.In = entryTest(t, s.Entry)
			}
		}
		return e, true
	}
	return EntryPoint{}, false
}

// lrtaEntrySetup is the set-up whose entry a unit on the reinforcement
// track uses: its own, or, for a counter that took a reinforcement's
// place on the track before it arrived (the Rest and Refit's (A) counters,
// the Union Cavalry Exhaustion's regiments: lrta_army.go), the replaced
// unit's, whose entry its own "replaces ..." text is not.
func lrtaEntrySetup(oob *engine.OrderOfBattle, id string) *engine.UnitSetup {
	s := oob.Unit(id)
	for seen := map[string]bool{id: true}; s != nil; {
		var old string
		for _, m := range s.Marks {
			if strings.HasPrefix(m, replacesMarkPrefix) {
				old = strings.TrimPrefix(m, replacesMarkPrefix)
			}
		}
		o := oob.Unit(old)
		if o == nil || seen[old] || o.Track != TrackReinforcement {
			return s
		}
		seen[old], s = true, o
	}
	return s
}

// entryTest reads an order of battle's entry: a printed hex first
// ("SS5021 (Aquia Creek Station)"), the south map edge (the last row of
// the SJW South sheet), or the map's places it names ("Front Royal or
// Winchester"); otherwise it is not checked (nil).
func entryTest(t *engine.Theatre, entry string) (string, func(engine.Hex) bool) {
	where := "at " + entry
	if t == nil {
		return where + " (no map data: not checked)", nil
	}
	if f := strings.Fields(entry); len(f) > 0 {
		if h, _, err := t.ParseHex(strings.Trim(f[0], ",;:"), "entry"); err == nil {
			return where, func(x engine.Hex) bool { return x == h }
		}
	}
	if strings.Contains(strings.ToLower(entry), "south map edge") {
		for i := range t.Sheets {
			if s := &t.Sheets[i]; s.ID == "SS" {
				return "on the south map edge (the last row of the SJW South sheet)", func(h engine.Hex) bool {
					_, row, ok := s.Printed(h)
					return ok && row == s.MaxRow
				}
			}
		}
	}
	var hexes []engine.Hex
	for i := range t.Places {
		if p := &t.Places[i]; strings.Contains(strings.ToLower(entry), strings.ToLower(p.Name)) {
			hexes = append(hexes, p.Hex)
		}
	}
	if len(hexes) > 0 {
		return where, func(h engine.Hex) bool {
			for _, x := range hexes {
				if x == h {
					return true
				}
			}
			return false
		}
	}
	return where + " (not checked: the map data cannot read it)", nil
}

// lrtaNotArrived says why an LRTA unit governed here may not enter yet, or
// "": received in its step (1a, 1b), or, for a reinforcement, its turn has
// come (a game played without /phase).
func (g Game) lrtaNotArrived(u engine.UnitState, oob *engine.OrderOfBattle) string {
	if engine.Contains(g.TurnStart.Arrived, u.ID) {
		return ""
	}
	if u.Track == TrackPAMilitia {
		return fmt.Sprintf("%s has not arrived: the militia come one at a time, on a 6 or more in the PA Militia Entry step (1a)", u.Name)
	}
	t := g.LRTAArrivalTurn(u, oob)
	if g.Turn >= t {
		return ""
	}
	return fmt.Sprintf("%s arrives on turn %d (%s); this is turn %d", u.Name, t, g.TurnLabel(t), g.Turn)
}

// lrtaCheckEntry is /move's check of LRTA's arrivals (checkReinforcements,
// turnstart.go): a unit these steps bring enters once it has arrived, at
// its entry.
func (g Game) lrtaCheckEntry(u engine.UnitState, cmd engine.MoveUnits) []*engine.RuleError {
	e, ok := g.LRTAEntry(u, cmd.Data)
	if !ok {
		return nil
	}
	var oob *engine.OrderOfBattle
	if cmd.Data != nil {
		oob = cmd.Data.OOB
	}
	switch {
	case g.lrtaNotArrived(u, oob) != "":
		return []*engine.RuleError{moveRule("move.not-arrived", g.lrtaNotArrived(u, oob), "", e.Rule)}
	case e.Held != "":
		return []*engine.RuleError{moveRule("move.entry", fmt.Sprintf("%s may not enter now: %s", u.Name, e.Held), "", e.Rule)}
	case e.In != nil && !e.In(cmd.To):
		return []*engine.RuleError{moveRule("move.entry", fmt.Sprintf("%s enters the map %s, not at %s", u.Name, e.Where, cmd.Ref),
			"Move it to its entry; it may also wait for a later reinforcement phase (LRTG 3.0)", e.Rule)}
	}
	return nil
}
