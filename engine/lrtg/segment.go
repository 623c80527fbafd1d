package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Phases 5-8 of the sequence of play (003 Detailed Sequence of Play 5-8):
// the Supply Segment (LRTG 13, 19, 24), the Recovery Phase (GCACW
// Standardized Rules as 003 6 a)-d) prints them; optional rule 30), the
// County Control Phase (LRTG 11) and the Victory Check Phase (LRTG 15.2;
// 000 VIII).
//
// What the engine computes and what is the players' word: supply status
// follows 13.2 as far as the map data goes (counties are regions, depots and
// stations are places, railroads are station lists). The map data has no
// roads, pikes or ZOC, so "a path of six hexes or less" to a depot is the
// owning player's word when the unit is six hexes or less from it (and
// impossible beyond). County forage values are on the Player Aids, not
// among the seeds: the forager gives his county's value and the engine
// applies the modifiers it can compute. Everything else the steps do
// (expenditure, resupply, supply effects, recovery, depot schedules, the
// victory check) is applied from the state.
//
// This file holds the module's state, its registration, the shared reading
// helpers, the steps' waits and /segment done, and the deciding and folding
// dispatch. Each step lives in a file of its own: segment_rivers.go (5a,
// 5c), segment_status.go (5b), segment_resupply.go (5d, 5e),
// segment_effects.go (5f), segment_repair.go (5g), segment_depots.go (5h),
// segment_recovery.go (5i, 6), segment_county.go (7), segment_victory.go
// (8); their events are in segment_events.go.

// segmentModule is the supply segment (LRTG 5a-9).
func segmentModule() engine.Module {
	return engine.Module{Name: "segment",
		Commands: []engine.Command{FinishStep{}, ClaimRange{}, SetRivers{}, Forage{}, DrawVictuals{}, AttemptRepair{}, ScheduleDepot{}, DrawAmmo{}, RecordStragglers{}, CheckVictory{}}, Decide: claims(decideSegment),
		Events: []engine.Event{&SegmentOpened{}, &SegmentDone{}, &SupplyStatusSet{}, &SupplyRangeClaimed{}, &RiversControlled{}, &UnitForaged{}, &VictualsDrawn{}, &SupplyEffectsApplied{}, &RepairAttempted{}, &DepotScheduled{}, &DepotsChanged{}, &AmmoDrawn{}, &UnitsRecovered{}, &StragglersRecorded{}, &VictoryChecked{}},
		Apply:  folds(applySegment)}
}

// SegmentState is the game's state of this module: what this turn's steps
// determined (Turn names the turn; a new turn starts them afresh), and
// what lasts from turn to turn (repair attempts, depot schedules, captured
// depots' ammunition, stragglers, preliminary victories, the outcome).
type SegmentState struct {
	Turn    int                 `json:"turn,omitempty"`
	Waits   []StepWait          `json:"waits,omitempty"`   // this turn: who each step waits for
	Done    []StepWait          `json:"done,omitempty"`    // this turn: who has said /segment done
	Notes   []StepNote          `json:"notes,omitempty"`   // this turn: what each step told a side alone
	Status  []UnitSupply        `json:"status,omitempty"`  // this turn: 5b
	Foraged []string            `json:"foraged,omitempty"` // this turn: units that foraged (13.5)
	Keep    map[engine.Side]int `json:"keep,omitempty"`    // this turn: fatigue a side keeps to forage (24.4)
	Flipped string              `json:"flipped,omitempty"` // this turn: the Union depot LRTA's 5h completed (004 5 h) ii))

	Rivers      RiverControl        `json:"rivers,omitzero"`   // 13.3 as last determined
	Effects     map[engine.Side]int `json:"effects,omitempty"` // 24.6: disorganization modifier for the turn after EffectsTurn
	EffectsTurn int                 `json:"effects_turn,omitempty"`
	RepairTurn  int                 `json:"repair_turn,omitempty"` // the turn of the last repair attempt (13.7: one a turn)
	Repairs     map[string]int      `json:"repairs,omitempty"`     // attempts made per station (13.7)
	Schedules   []DepotSchedule     `json:"schedules,omitempty"`   // pending depot schedules (13.8)
	Gone        []string            `json:"gone,omitempty"`        // depots dismantled or removed: not replaced (13.8)
	AmmoUsed    map[string]int      `json:"ammo_used,omitempty"`   // captured depots' ammunition drawn (19.5-19.6)
	Stragglers  map[string]int      `json:"stragglers,omitempty"`  // non-combat march losses awaiting recovery (30.1)
	Prelims     []Prelim            `json:"prelims,omitempty"`     // preliminary victories (000 VIII optional)
	Outcome     *VictoryResult      `json:"outcome,omitempty"`     // the game is over: its result
}

// StepWait is a side a step waits for, and what for.
type StepWait struct {
	Step string      `json:"step"`
	Side engine.Side `json:"side"`
	What string      `json:"what,omitempty"`
}

// ---------------------------------------------------------------------
// Reading the state.

// Passive reports whether a side is passive this turn (1e; LRTG 4.0).
// Only passive sides gain victuals (13.0), forage, schedule depots (13.8)
// and roll for stragglers (30.2).
func (g Game) Passive(s engine.Side) bool { return g.Declared.Passive(s, g.Turn) }

// segSides are both sides in a fixed order.
var segSides = [2]engine.Side{engine.CSA, engine.USA}

func segSide(s engine.Side) string { return strings.ToUpper(string(s)) }

func segTheatre(ctx engine.StepContext) *engine.Theatre {
	if ctx.Move != nil {
		return ctx.Move.Theatre
	}
	return nil
}

func segSizes(ctx engine.StepContext) engine.UnitSizes {
	if ctx.Move != nil {
		return engine.SizesOf(ctx.Move.OOB)
	}
	return nil
}

// segCounty returns the county region holding h ("" when none does).
func segCounty(t *engine.Theatre, h engine.Hex) string {
	if t == nil {
		return ""
	}
	p := engine.Center(h)
	for i := range t.Regions {
		if t.Regions[i].Kind == "county" && t.Regions[i].Contains(p) {
			return t.Regions[i].ID
		}
	}
	return ""
}

func segRegionName(t *engine.Theatre, id string) string {
	if t != nil {
		if r := t.Region(id); r != nil {
			return r.Name
		}
	}
	return id
}

// segIn reports whether h lies in the region (false without map data).
func segIn(t *engine.Theatre, id string, h engine.Hex) bool {
	if t == nil {
		return false
	}
	r := t.Region(id)
	return r != nil && r.Contains(engine.Center(h))
}

// segUnits returns the units on the map that are not leaders, sorted by
// id.
func (g Game) segUnits(keep func(engine.UnitState) bool) []engine.UnitState {
	var out []engine.UnitState
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id].WithStatus()
		if u.OnMap && !u.Eliminated && !u.Kind.IsLeader() && (keep == nil || keep(u)) {
			out = append(out, u)
		}
	}
	return out
}

// segEnemyNear reports whether a unit of the enemy of s is in h or, with
// adjacent, next to it.
func (g Game) segEnemyNear(s engine.Side, h engine.Hex, adjacent bool) bool {
	for _, u := range g.Units {
		if u.Side != s && u.OnMap && !u.Eliminated && !u.Kind.IsLeader() {
			if d := engine.Distance(u.Hex, h); d == 0 || adjacent && d == 1 {
				return true
			}
		}
	}
	return false
}

// segEnemyNearBy is segEnemyNear as an actor knows it (hidden.go): seen,
// a unit he sees identified is there; hidden, only units he does not see.
func (g Game) segEnemyNearBy(s engine.Side, h engine.Hex, adjacent bool, unseen func(engine.UnitState) bool) (seen, hidden bool) {
	for _, u := range g.Units {
		if u.Side != s && u.OnMap && !u.Eliminated && !u.Kind.IsLeader() {
			if d := engine.Distance(u.Hex, h); d == 0 || adjacent && d == 1 {
				if unseen != nil && unseen(u) {
					hidden = true
				} else {
					seen = true
				}
			}
		}
	}
	return seen, hidden
}

func segKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ---------------------------------------------------------------------
// Waits and /segment done.

func segWait(step string) waiting {
	return func(g Game) []string {
		s := g.Segment
		if s.Turn != g.Turn {
			return nil
		}
		var out []string
		seen := map[engine.Side]bool{}
		for _, w := range s.Waits {
			if w.Step != step || seen[w.Side] || s.done(step, w.Side) || step == "5g" && s.RepairTurn == g.Turn {
				continue
			}
			seen[w.Side] = true
			out = append(out, w.What)
		}
		return out
	}
}

func (s SegmentState) done(step string, side engine.Side) bool {
	for _, d := range s.Done {
		if d.Step == step && d.Side == side {
			return true
		}
	}
	return false
}

// segWaitsFor reports whether this turn's step waits for the side.
func (g Game) segWaitsFor(step string, side engine.Side) bool {
	if g.Segment.Turn != g.Turn {
		return false
	}
	for _, w := range g.Segment.Waits {
		if w.Step == step && w.Side == side {
			return true
		}
	}
	return false
}

// FinishStep is a player's /segment done: his side has nothing more to do
// in the step under way.
type FinishStep struct {
	By   engine.Actor
	Side engine.Side // the umpire's choice; a player's own side otherwise
}

// CommandName implements Command.
func (FinishStep) CommandName() string { return "segment done" }

func (g Game) decideSegFinish(cmd FinishStep) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	side, err := g.ActingSide(cmd.By, cmd.Side, "records.side", "Finishing a step", segSide)
	if err != nil {
		return nil, err
	}
	if side == "" {
		return nil, engine.Invalid("records.side", "Say which side is done", "side:csa or side:usa (the umpire finishes a step for a side)")
	}
	if err := g.sideFor(cmd.By, side); err != nil {
		return nil, err
	}
	step := g.CurrentStep()
	if !g.segWaitsFor(step, side) {
		return nil, engine.Illegal("segment.done", fmt.Sprintf("Step %q does not wait for the %s", step, segSide(side)), "/phase show says what the game waits for")
	}
	if g.Segment.done(step, side) {
		return nil, engine.Illegal("segment.done.twice", fmt.Sprintf("The %s are already done with step %s", segSide(side), step), "")
	}
	return []engine.Event{&SegmentDone{By: cmd.By, Side: side, Turn: g.Turn, Step: step}}, nil
}

// inSegStep checks that the game is at the step; the umpire may act outside
// it with a reason.
func (g Game) inSegStep(by engine.Actor, step, reason string) error {
	if err := g.BoardReady(by); err != nil {
		return err
	}
	if g.CurrentStep() == step || g.IsUmpire(by) && strings.TrimSpace(reason) != "" {
		return nil
	}
	now := g.CurrentStep()
	if now == "" {
		now = "before the turn's first step"
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.step", What: fmt.Sprintf("This happens in step %s of the Supply Segment; the game is at %s", step, now),
		Hint: "/phase show says where the turn is; the umpire may act outside the step with reason:", Rule: "003 Detailed Sequence of Play"}
}

// ---------------------------------------------------------------------
// Deciding and folding.

func decideSegment(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	var evs []engine.Event
	var err error
	switch cmd := cmd.(type) {
	case FinishStep:
		evs, err = g.decideSegFinish(cmd)
	case ClaimRange:
		evs, err = g.decideSegRange(cmd)
	case SetRivers:
		evs, err = g.decideSegRivers(cmd)
	case Forage:
		evs, err = g.decideSegForage(cmd)
	case DrawVictuals:
		evs, err = g.decideSegDraw(cmd)
	case AttemptRepair:
		evs, err = g.decideSegRepair(cmd, d)
	case ScheduleDepot:
		evs, err = g.decideSegDepot(cmd)
	case DrawAmmo:
		evs, err = g.decideSegAmmo(cmd)
	case RecordStragglers:
		evs, err = g.decideSegStragglers(cmd)
	case CheckVictory:
		evs, err = g.decideSegVictory(cmd)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

// seg folds a change of this module's state for a turn: the state is
// copied, and this turn's fields start afresh when the turn changed.
func (g Game) seg(turn int, f func(*SegmentState)) Game {
	s := g.Segment.clone()
	if s.Turn != turn {
		s.Turn, s.Waits, s.Done, s.Notes, s.Status, s.Foraged, s.Keep = turn, nil, nil, nil, nil, nil, map[engine.Side]int{}
		s.Flipped = ""
	}
	f(&s)
	g.Segment = s
	return g
}

func (s SegmentState) clone() SegmentState {
	c := s
	c.Waits = append([]StepWait(nil), s.Waits...)
	c.Done = append([]StepWait(nil), s.Done...)
	c.Notes = append([]StepNote(nil), s.Notes...)
	c.Status = append([]UnitSupply(nil), s.Status...)
	c.Foraged = append([]string(nil), s.Foraged...)
	c.Keep = segSideInts(s.Keep)
	c.Effects = segSideInts(s.Effects)
	c.Repairs = copyInts(s.Repairs)
	c.Schedules = append([]DepotSchedule(nil), s.Schedules...)
	c.Gone = append([]string(nil), s.Gone...)
	c.AmmoUsed = copyInts(s.AmmoUsed)
	c.Stragglers = copyInts(s.Stragglers)
	c.Prelims = append([]Prelim(nil), s.Prelims...)
	return c
}

func segSideInts(m map[engine.Side]int) map[engine.Side]int {
	out := make(map[engine.Side]int, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (g Game) segPlaces(f func(map[string]PlaceState)) Game {
	m := make(map[string]PlaceState, len(g.Places)+1)
	for k, v := range g.Places {
		m[k] = v
	}
	f(m)
	g.Places = m
	return g
}

// applySegment folds this module's events. Each event's change is a named
// step of its own next to the rule it implements (the step's file); the
// ones that only set a field of this turn's state are folded here.
func applySegment(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *SegmentOpened:
		return g.seg(e.Turn, func(s *SegmentState) { s.applyOpened(e) }), true
	case *SegmentDone:
		return g.seg(e.Turn, func(s *SegmentState) { s.Done = append(s.Done, StepWait{Step: e.Step, Side: e.Side}) }), true
	case *SupplyStatusSet:
		return g.seg(e.Turn, func(s *SegmentState) { s.Status = append([]UnitSupply(nil), e.Units...) }), true
	case *SupplyRangeClaimed:
		return g.applyRangeClaimed(e), true
	case *RiversControlled:
		return g.seg(g.Turn, func(s *SegmentState) {
			s.Rivers = RiverControl{Turn: e.Turn, Potomac: e.Potomac, Shenandoah: e.Shenandoah, Ruling: e.Ruling}
		}), true
	case *UnitForaged:
		return g.action(e, func(g *Game) { g.applyUnitForaged(e) }), true
	case *VictualsDrawn:
		return g.action(e, func(g *Game) {
			*g = g.segUseStore(e.Store.Unit, e.Store.From-e.Store.To)
			*g = g.segVictuals(SupplyEntry{Turn: e.Turn, Side: e.Side, Kind: SupplyEntryDraw, Store: &e.Store, Units: e.Units, By: e.By})
		}), true
	case *SupplyEffectsApplied:
		return g.action(e, func(g *Game) { g.applySupplyEffects(e) }), true
	case *RepairAttempted:
		return g.action(e, func(g *Game) { g.applyRepairAttempted(e) }), true
	case *DepotScheduled:
		return g.seg(g.Turn, func(s *SegmentState) { s.Schedules = append(s.Schedules, e.Schedule) }), true
	case *DepotsChanged:
		return g.action(e, func(g *Game) { g.applyDepotsChanged(e) }), true
	case *AmmoDrawn:
		return g.action(e, func(g *Game) { g.applyAmmoDrawn(e) }), true
	case *UnitsRecovered:
		return g.action(e, func(g *Game) { g.applyUnitsRecovered(e) }), true
	case *StragglersRecorded:
		return g.seg(g.Turn, func(s *SegmentState) { s.Stragglers[e.Unit] += e.MP }), true
	case *VictoryChecked:
		return g.seg(g.Turn, func(s *SegmentState) { s.applyVictoryChecked(e) }), true
	}
	return g, false
}

// applyOpened records what an opened step waits for and what it told each
// side alone, replacing what an earlier opening of the step said.
func (s *SegmentState) applyOpened(e *SegmentOpened) {
	var keep []StepWait
	for _, w := range s.Waits {
		if w.Step != e.Step {
			keep = append(keep, w)
		}
	}
	s.Waits = append(keep, e.Waits...)
	var notes []StepNote
	for _, n := range s.Notes {
		if n.Step != e.Step {
			notes = append(notes, n)
		}
	}
	for _, side := range segSides {
		for _, line := range e.Secret[side] { // stored before the codes
			notes = append(notes, StepNote{Step: e.Step, Side: side, What: line})
		}
	}
	for _, n := range e.Notes {
		if n.Side != "" {
			notes = append(notes, StepNote{Step: e.Step, Side: n.Side, Note: n})
		}
	}
	s.Notes = notes
}
