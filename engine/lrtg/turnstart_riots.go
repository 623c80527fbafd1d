// The New York draft riots (LRTG 3.3): when they are due, the units the
// Union removes (/riots quell) and its checks. Moved out of turnstart.go,
// which keeps the registered decider and wait.

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// DraftRiotsDue reports whether this is the July 14 turn and the riots
// have not been rolled (000 3.3).
func (g Game) DraftRiotsDue() bool {
	day, ok := g.TurnDate(g.Turn)
	return ok && day.Equal(draftRiotsOn(day)) && !g.Victory.DraftRiots
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
	By       engine.Actor
	Removals []Removal
	Table    *engine.Table    // lrtg.draft-riots
	Data     *engine.MoveData // the map and order of battle, for the release checks
	Reason   string           // the umpire's, to roll out of season
}

// CommandName implements Command.
func (QuellDraftRiots) CommandName() string { return "draftriots" }

func (g Game) decideDraftRiots(cmd QuellDraftRiots, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != engine.USA) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "draftriots.side", What: "The Union player decides on the draft riots", Rule: "LRTG 3.3"}
	}
	if step := g.CurrentStep(); step != "" && step != "1c" && !(umpire && strings.TrimSpace(cmd.Reason) != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "draftriots.step", What: fmt.Sprintf("The draft riots are settled in step 1c of the July 14 turn; the game is at step %s", step),
			Hint: "The umpire may rule otherwise with reason:<why>", Rule: "LRTG 3.3"}
	}
	var evs []engine.Event
	s := g
	total := 0
	seen := map[string]bool{}
	var units []string
	for _, r := range cmd.Removals {
		u, err := g.Unit(r.Unit)
		if err != nil {
			return nil, err
		}
		if seen[r.Unit] {
			return nil, engine.Invalid("draftriots.twice", fmt.Sprintf("%s is named twice", u.Name), "Name each unit once, with all the manpower it sends")
		}
		seen[r.Unit] = true
		if err := g.checkRiotUnit(u, r.Manpower, cmd.Data); err != nil {
			return nil, err
		}
		set, err := s.Decide(engine.SetUnit{By: cmd.By, Unit: u.ID, Field: "manpower", Value: u.Manpower - r.Manpower, Cause: "other",
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
func (g Game) checkRiotUnit(u engine.UnitState, mp int, d *engine.MoveData) error {
	const rule = "LRTG 3.3"
	switch {
	case u.Side != engine.USA:
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "draftriots.unit", What: u.Name + " is not a Union unit", Rule: rule}
	case u.Kind.IsLeader():
		return engine.Invalid("draftriots.unit", u.Name+" is a leader: leaders have no manpower", "Name units with manpower")
	case !u.OnMap || u.Eliminated:
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "draftriots.unit", What: u.Name + " is not on the map", Hint: "Manpower is removed from the board", Rule: rule}
	case mp < 1:
		return engine.Invalid("draftriots.manpower", fmt.Sprintf("%d manpower from %s: send 1 or more, or leave the unit out", mp, u.Name), "Write unit:manpower, e.g. Crawford:2")
	case mp > u.Manpower:
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "draftriots.manpower", What: fmt.Sprintf("%s has %d manpower; it cannot send %d", u.Name, u.Manpower, mp), Rule: rule}
	case u.Command == "PA" || u.Kind == engine.KindMilitia:
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "draftriots.unit", What: u.Name + " is Pennsylvania militia: the militia never go to New York", Rule: rule}
	}
	if u.Command == "DC" || u.Command == "Balt" || releaseMark(u) != "" || hasUnitMark(u, "dc-only") {
		if r, _ := g.Restricted(u, d); r || hasUnitMark(u, "dc-only") {
			return &engine.RuleError{Kind: engine.ErrIllegal, Code: "draftriots.unit", What: fmt.Sprintf("%s (%s) has not been released: DC and Balt units go only once released", u.Name, u.Command), Rule: rule}
		}
	}
	return nil
}
