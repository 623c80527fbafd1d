// Step 5h of the Supply Segment: depot placement and removal (LRTG 13.8):
// schedules to construct or dismantle depots (/segment depot) and the
// placements and removals that fall due.

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// DepotSchedule is a depot a side has scheduled to construct or dismantle
// (13.8): it takes effect in the Depot Placement / Removal step of Due.
type DepotSchedule struct {
	Side   engine.Side `json:"side"`
	Place  string      `json:"place"`
	Action string      `json:"action"` // construct or dismantle
	Turn   int         `json:"turn"`   // scheduled on
	Due    int         `json:"due"`
	Rail   bool        `json:"rail,omitempty"` // a construction on a connected station (7 turns, not 12)
}

// Depot schedule actions.
const (
	DepotConstruct = "construct"
	DepotDismantle = "dismantle"
	DepotPlace     = "place" // the Confederate depots at Winchester and Berryville (13.8)
)

// Depot schedule lengths (13.8).
const (
	DismantleTurns     = 5
	ConstructRailTurns = 7
	ConstructTownTurns = 12
)

// PendingSchedules returns a side's depot schedules not yet due.
func (g Game) PendingSchedules(s engine.Side) []DepotSchedule {
	var out []DepotSchedule
	for _, d := range g.Segment.Schedules {
		if d.Side == s {
			out = append(out, d)
		}
	}
	return out
}

// segRailConnected reports whether a station has an uninterrupted railroad
// connection to Alexandria, Harrisburg or Baltimore (13.8): no damaged or
// destroyed station and no Confederate-controlled county on the way.
func (g Game) segRailConnected(t *engine.Theatre, station string) bool {
	blocked := func(name string) bool {
		if g.segStationOut(name) {
			return true
		}
		p := t.Place(name)
		return p != nil && g.segCSAControls(segCounty(t, p.Hex))
	}
	reach := segRailReach(t, []string{station}, blocked)
	for _, end := range []string{"Alexandria", "Harrisburg", "Camden Station", "Mt. Royal Depot"} {
		if reach[end] {
			return true
		}
	}
	return false
}

// segConstructTurns says how long a Union depot takes to build at p, or
// why it cannot be built there (13.8).
func (g Game) segConstructTurns(t *engine.Theatre, p engine.Place) (int, bool, error) {
	ps := g.Places[p.Name]
	if ps.Depot != "" && !ps.DepotDestroyed {
		return 0, false, engine.Illegal("segment.depot.there", "There is already a depot at "+p.Name, "")
	}
	if p.Is("rr-station") && g.segRailConnected(t, p.Name) {
		return ConstructRailTurns, true, nil
	}
	if p.Is("levy-town") && (segIn(t, "pa", p.Hex) || segIn(t, "md", p.Hex)) {
		return ConstructTownTurns, false, nil
	}
	return 0, false, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.site",
		What: p.Name + " is neither a station with an uninterrupted railroad connection to Alexandria, Harrisburg or Baltimore nor a Pennsylvania or Maryland town that may be levied",
		Rule: "LRTG 13.8"}
}

// segCSADepotSite checks the conditions of a Confederate depot at Winchester
// or Berryville (13.8; 003 5 h) i)).
func (g Game) segCSADepotSite(t *engine.Theatre, p engine.Place) error {
	if p.Name != "Winchester" && p.Name != "Berryville" {
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.site", What: "The Confederates place depots only at Winchester and Berryville", Rule: "LRTG 13.8"}
	}
	if engine.Contains(g.Segment.Gone, p.Name+"/csa") {
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.gone", What: "The Confederate depot at " + p.Name + " was destroyed or dismantled: it is not replaced", Rule: "LRTG 13.8"}
	}
	ps := g.Places[p.Name]
	if ps.Depot == engine.CSA && !ps.DepotDestroyed {
		return engine.Illegal("segment.depot.there", "There is already a Confederate depot at "+p.Name, "")
	}
	if engine.Contains(g.Segment.Gone, p.Name+"/csa-placed") {
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.gone", What: "The Confederate depot placed at " + p.Name + " is gone: it is not replaced", Rule: "LRTG 13.8"}
	}
	counties := []string{"va.frederick"}
	if p.Name == "Winchester" {
		if ps.Depot == engine.USA && !ps.DepotDestroyed && ps.Captured == "" {
			return &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.union", What: "The Union depot at Winchester stands: it must be destroyed or captured first", Rule: "LRTG 13.8"}
		}
	} else {
		counties = append(counties, "va.clarke", "va.warren")
	}
	for _, c := range counties {
		for _, u := range g.segUnits(func(u engine.UnitState) bool { return u.Side == engine.USA && infantry(u) }) {
			if segIn(t, c, u.Hex) {
				return &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.union", What: fmt.Sprintf("Union infantry occupies %s", segRegionName(t, c)), Rule: "LRTG 13.8"}
			}
		}
	}
	return nil
}

func procDepots(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	t := segTheatre(ctx)
	ch := &DepotsChanged{Turn: g.Turn}
	open := &SegmentOpened{Turn: g.Turn, Step: "5h"}
	for _, sc := range g.Segment.Schedules {
		due := sc.Due
		if g.Passive(sc.Side) && sc.Turn < g.Turn && due > g.Turn {
			due--
			ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "hastened", Due: due,
				Code: DepotWhyHastened})
		}
		if due > g.Turn {
			continue
		}
		ps := g.Places[sc.Place]
		var p *engine.Place
		if t != nil {
			p = t.Place(sc.Place)
		}
		switch {
		case sc.Action == DepotDismantle && (ps.Captured != "" || ps.DepotDestroyed || ps.Depot != sc.Side):
			ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "dropped", Code: DepotWhyCaptured})
		case sc.Action == DepotDismantle:
			ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "removed", Code: DepotWhyDismantled})
		case p == nil:
			ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "dropped", Code: DepotWhyOffMap})
		default:
			if _, _, err := g.segConstructTurns(t, *p); err != nil {
				ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "dropped", Code: DepotWhySite})
			} else {
				ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "placed", Code: DepotWhyConstructed})
			}
		}
	}
	var evs []engine.Event
	if len(ch.Changes) > 0 {
		evs = append(evs, ch)
	}
	for _, s := range segSides {
		if g.Passive(s) {
			open.Waits = append(open.Waits, StepWait{Step: "5h", Side: s, What: fmt.Sprintf("the %s's depot schedule (/segment depot) or /segment done", segSide(s))})
		}
	}
	if !g.Passive(engine.CSA) && t != nil {
		for _, name := range []string{"Winchester", "Berryville"} {
			if p := t.Place(name); p != nil && g.segCSADepotSite(t, *p) == nil {
				open.Waits = append(open.Waits, StepWait{Step: "5h", Side: engine.CSA, What: "the CSA's depot placement (/segment depot action:place) or /segment done"})
				break
			}
		}
	}
	open.tell(SegmentNote{Code: NoteDepotsOpen})
	return append(evs, open), nil
}

// depotHold is until when the Union must keep its depot at Harpers Ferry
// (lrtgVariant.harpersFerryDepot): LRTG until Meade takes command (12.1,
// 13.8, 16.1); LRTA until the Release of Harpers Ferry Garrison random
// event ("the depot in Harper's Ferry may be dismantled or destroyed",
// 004 Random Events 6).
type depotHold struct {
	released    func(g Game) bool // the Union may dismantle or destroy it
	until       string            // "until ...", what releases it
	rule        string            // the rule a dismantling cites
	destroyRule string            // the rule a destruction cites (places.go)
}

// lrtgHFDepot is LRTG's: until Meade takes command.
var lrtgHFDepot = depotHold{released: func(g Game) bool { return g.Movement.Meade }, until: "until Meade takes command",
	rule: "LRTG 13.8, 16.1", destroyRule: "LRTG 12.1, 13.8, 16.1"}

// hfDepot is the game's hold on the Harpers Ferry depot: a variant's, else
// LRTG's.
func (g Game) hfDepot() depotHold {
	if h := g.variant().harpersFerryDepot; h != nil {
		return *h
	}
	return lrtgHFDepot
}

// harpersFerryDepotHeld says until when the Union must keep its depot at
// Harpers Ferry, and the rule ("" once it may dismantle or destroy it).
func (g Game) harpersFerryDepotHeld() (until, rule string) {
	h := g.hfDepot()
	if h.released(g) {
		return "", ""
	}
	return h.until, h.rule
}

// ScheduleDepot schedules a depot's construction (Union) or dismantling,
// or places a Confederate depot at Winchester or Berryville (13.8).
type ScheduleDepot struct {
	By     engine.Actor
	Action string
	Place  engine.Place
	Map    *engine.Theatre
	Reason string
}

// CommandName implements Command.
func (ScheduleDepot) CommandName() string { return "segment depot" }

func (g Game) decideSegDepot(cmd ScheduleDepot) ([]engine.Event, error) {
	if _, err := g.ActingSide(cmd.By, "", "records.side", "Scheduling and placing depots", segSide); err != nil {
		return nil, err
	}
	if err := g.inSegStep(cmd.By, "5h", cmd.Reason); err != nil {
		return nil, err
	}
	if err := g.quartermasterDuty(cmd.By, "", DutyDepots); err != nil { // 21.1 (quartermaster.go)
		return nil, err
	}
	if cmd.Map == nil {
		return nil, fmt.Errorf("engine: depots need the map")
	}
	umpire := g.IsUmpire(cmd.By)
	side := engine.Side("")
	if p := g.Player(cmd.By.ID); p != nil {
		side = p.Side
	}
	p := cmd.Place
	ps := g.Places[p.Name]
	if umpire && side == "" {
		side = ps.Depot
		if cmd.Action == DepotConstruct {
			side = engine.USA
		}
		if cmd.Action == DepotPlace {
			side = engine.CSA
		}
	}
	if cmd.Action == DepotPlace {
		if side != engine.CSA {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.side", What: "Only the Confederates place depots at Winchester and Berryville", Rule: "LRTG 13.8"}
		}
		if err := g.segCSADepotSite(cmd.Map, p); err != nil {
			return nil, err
		}
		return []engine.Event{&DepotsChanged{By: cmd.By, Turn: g.Turn, Changes: []DepotChange{{Side: engine.CSA, Place: p.Name, Action: "placed", Code: DepotWhyCSA}}}}, nil
	}
	if !g.Passive(side) && !(umpire && cmd.Reason != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.passive", What: fmt.Sprintf("The %s are not passive this turn", segSide(side)), Hint: "Only passive players schedule depots", Rule: "LRTG 13.8"}
	}
	for _, sc := range g.Segment.Schedules {
		if sc.Side == side {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.one", What: fmt.Sprintf("The %s are already %sing the depot at %s (due turn %d)", segSide(side), strings.TrimSuffix(sc.Action, "e"), sc.Place, sc.Due),
				Hint: "One depot at a time", Rule: "LRTG 13.8"}
		}
	}
	sc := DepotSchedule{Side: side, Place: p.Name, Action: cmd.Action, Turn: g.Turn}
	switch cmd.Action {
	case DepotDismantle:
		if ps.Depot != side || ps.DepotDestroyed || ps.Captured != "" {
			return nil, engine.Illegal("segment.depot.own", fmt.Sprintf("The %s have no standing depot at %s", segSide(side), p.Name), "")
		}
		if p.Name == "Harpers Ferry" && side == engine.USA {
			if until, rule := g.harpersFerryDepotHeld(); until != "" {
				return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.hf", What: "The Union depot at Harpers Ferry may not be removed " + until, Rule: rule}
			}
		}
		sc.Due = g.Turn + DismantleTurns
	case DepotConstruct:
		if side != engine.USA {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.side", What: "Only the Union constructs depots", Rule: "LRTG 13.8"}
		}
		if g.variant().depotOnePerTurn && g.Segment.Turn == g.Turn && g.Segment.Flipped != "" && !(umpire && cmd.Reason != "") {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.depot.one", What: fmt.Sprintf("The Union depot at %s was flipped to its completed side this turn", g.Segment.Flipped),
				Hint: "Each passive turn the Union places one depot on its build side or flips one, not both: place this one on a later passive turn", Rule: "004 Sequence of Play 5 h) ii); Impacts of Being Passive"}
		}
		n, rail, err := g.segConstructTurns(cmd.Map, p)
		if err != nil {
			return nil, err
		}
		sc.Due, sc.Rail = g.Turn+n, rail
	default:
		return nil, engine.Invalid("segment.depot.action", fmt.Sprintf("%q is not a depot action", cmd.Action), "Use construct, dismantle or place")
	}
	return []engine.Event{&DepotScheduled{By: cmd.By, Schedule: sc, Reason: cmd.Reason}}, nil
}

// applyDepotsChanged places and removes depots on the map (13.8), remembers
// the removed ones (they are not replaced) and settles the schedules the
// changes complete, drop or hasten.
func (g *Game) applyDepotsChanged(e *DepotsChanged) {
	gone := g.applyDepotPlaces(e.Changes)
	onePerTurn := g.variant().depotOnePerTurn
	*g = g.seg(g.Turn, func(s *SegmentState) {
		s.Gone = append(s.Gone, gone...)
		for _, c := range e.Changes {
			if onePerTurn && c.Side == engine.USA && c.Action == "placed" {
				s.Flipped = c.Place // 004 5 h) ii): one place or flip a turn
			}
		}
		s.Schedules = depotSchedulesAfter(s.Schedules, e.Changes)
	})
}

// applyDepotPlaces puts the changes on the map's places; it returns the
// depots gone for good ("place/side"; a Confederate placement uses up the
// place's one placement, "place/csa-placed").
func (g *Game) applyDepotPlaces(changes []DepotChange) []string {
	var gone []string
	*g = g.segPlaces(func(m map[string]PlaceState) {
		for _, c := range changes {
			ps := m[c.Place]
			switch c.Action {
			case "placed":
				ps.Depot, ps.DepotDestroyed, ps.Captured = c.Side, false, ""
				if c.Side == engine.CSA {
					gone = append(gone, c.Place+"/csa-placed")
				}
			case "removed":
				ps.Depot = ""
				gone = append(gone, c.Place+"/"+string(c.Side))
			}
			m[c.Place] = ps
		}
	})
	return gone
}

// depotSchedulesAfter returns the schedules the changes leave pending: a
// schedule is done when its depot was placed or removed, or dropped;
// hastened, it falls due earlier.
func depotSchedulesAfter(schedules []DepotSchedule, changes []DepotChange) []DepotSchedule {
	var keep []DepotSchedule
	for _, sc := range schedules {
		drop := false
		for _, c := range changes {
			if c.Place == sc.Place && c.Side == sc.Side {
				switch c.Action {
				case "placed", "removed", "dropped":
					drop = true
				case "hastened":
					sc.Due = c.Due
				}
			}
		}
		if !drop {
			keep = append(keep, sc)
		}
	}
	return keep
}
