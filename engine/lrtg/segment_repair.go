// Step 5g of the Supply Segment: railroad repair (LRTG 13.7), one attempt a
// turn (/segment repair).

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// segRepairers are the Union infantry or engineer units at fatigue 0 in or
// next to the station (003 5 g): Haupt is the engineer (kind infantry).
func (g Game) segRepairers(p engine.Place) []engine.UnitState {
	return g.segUnits(func(u engine.UnitState) bool {
		return u.Side == engine.USA && infantry(u) && u.Fatigue == 0 && engine.Distance(u.Hex, p.Hex) <= 1
	})
}

func (g Game) segHauptNear(p engine.Place) bool {
	for _, u := range g.segUnits(nil) {
		if u.Side == engine.USA && strings.EqualFold(u.Name, "Haupt") && engine.Distance(u.Hex, p.Hex) <= 1 {
			return true
		}
	}
	return false
}

func procRepair(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "5g"}
	var can []string
	// In a hidden mode the list leaves out only the stations an enemy
	// unit the Union sees stands in or next to: one it does not see
	// prevents the attempt itself (decideSegRepair; hidden.go).
	var unseen func(engine.UnitState) bool
	if g.Options.IntelMode() != engine.IntelOpen {
		v := engine.ViewFor(g.Kernel(), engine.Viewer{Kind: engine.ViewerSide, Side: engine.USA})
		unseen = func(u engine.UnitState) bool { return !v.Knows(u.ID) }
	}
	if t != nil && g.Segment.RepairTurn != g.Turn {
		for _, name := range segPlaceNames(g.Places) {
			p := t.Place(name)
			if seen, _ := g.segEnemyNearBy(engine.USA, p.Hex, true, unseen); g.Places[name].Station == "damaged" && p != nil && len(g.segRepairers(*p)) > 0 && !seen {
				can = append(can, name)
			}
		}
	}
	if len(can) > 0 || g.Options.LimitedIntel {
		open.Waits = []StepWait{{Step: "5g", Side: engine.USA, What: "the USA's railroad repair attempt (/segment repair) or /segment done"}}
	}
	if len(can) > 0 {
		open.tellSide(engine.USA, SegmentNote{Code: NoteRepairStations, Names: can})
	}
	return []engine.Event{open}, nil
}

// AttemptRepair is the Union's attempt to repair a damaged station (13.7).
type AttemptRepair struct {
	By      engine.Actor
	Station engine.Place
	Reason  string
}

// CommandName implements Command.
func (AttemptRepair) CommandName() string { return "segment repair" }

func (g Game) decideSegRepair(cmd AttemptRepair, d engine.Dice) ([]engine.Event, error) {
	if err := g.inSegStep(cmd.By, "5g", cmd.Reason); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != engine.USA) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.repair.side", What: "Only the Union repairs railroad stations", Rule: "LRTG 13.7"}
	}
	if err := g.quartermasterDuty(cmd.By, engine.USA, DutyRepair); err != nil { // 21.1 (quartermaster.go)
		return nil, err
	}
	p := cmd.Station
	if !p.Is("rr-station") {
		return nil, engine.Invalid("segment.repair.station", p.Name+" is not a railroad station", "")
	}
	switch g.Places[p.Name].Station {
	case "destroyed":
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.repair.destroyed", What: p.Name + " station is destroyed", Hint: "Destroyed markers are never removed", Rule: "LRTG 13.7"}
	case "":
		return nil, engine.Illegal("segment.repair.station", p.Name+" station is not damaged", "")
	}
	if g.Segment.RepairTurn == g.Turn {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.repair.twice", What: "The Union has already attempted a repair this turn", Hint: "One attempt a turn", Rule: "LRTG 13.7"}
	}
	if len(g.segRepairers(p)) == 0 && !(umpire && cmd.Reason != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.repair.unit", What: "No Union infantry or engineer unit at fatigue 0 is in or next to " + p.Name, Rule: "LRTG 13.7; 003 5 g)"}
	}
	seen, hidden := g.segEnemyNearBy(engine.USA, p.Hex, true, g.unseenBy(cmd.By))
	if seen && !(umpire && cmd.Reason != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.repair.enemy", What: "A Confederate unit is in or next to " + p.Name, Rule: "LRTG 13.7"}
	}
	if hidden {
		// 13.7: the attempt needs "no enemy unit ... in or adjacent to
		// the damaged station". One the Union does not see prevents the
		// attempt, which is spent (one a turn) without a roll: the
		// answer is the act's, not a free probe (hidden.go).
		return []engine.Event{&RepairAttempted{By: cmd.By, Turn: g.Turn, Station: p.Name, Prevented: true, Reason: cmd.Reason}}, nil
	}
	// rollstream.go: the actor's secret with limited intelligence.
	out, err := g.RollFor(engine.RollDice{By: cmd.By, Expression: "1d6", Purpose: "railroad repair: " + p.Name + " (13.7)"}, d, g.ActorAudience(cmd.By))
	if err != nil {
		return nil, err
	}
	r := out[0].(*engine.DiceRolled)
	ev := &RepairAttempted{By: cmd.By, Turn: g.Turn, Station: p.Name, Roll: r.Number, Die: r.Total, Total: r.Total, Reason: cmd.Reason,
		Unchecked: []string{"the repairing unit is not in an enemy ZOC (003 5 g): the map data has no ZOC"}}
	if g.segHauptNear(p) {
		ev.Total--
		ev.Modifiers = append(ev.Modifiers, "-1 Haupt in or next to the station")
	}
	if n := g.Segment.Repairs[p.Name]; n > 0 {
		ev.Total -= n
		ev.Modifiers = append(ev.Modifiers, fmt.Sprintf("-%d for %d earlier attempts", n, n))
	}
	ev.Repaired = ev.Total <= 1
	return []engine.Event{r, ev}, nil
}

// applyRepairAttempted counts the turn's attempt at the station (13.7: one
// a turn) and clears the station's destruction when the repair succeeded.
func (g *Game) applyRepairAttempted(e *RepairAttempted) {
	*g = g.seg(g.Turn, func(s *SegmentState) {
		s.RepairTurn = e.Turn
		if !e.Prevented {
			s.Repairs[e.Station]++
		}
	})
	if e.Repaired {
		*g = g.segPlaces(func(m map[string]PlaceState) {
			ps := m[e.Station]
			ps.Station = ""
			m[e.Station] = ps
		})
	}
}
