package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Lee Invades the North (002) Initiative Phase: 3.1 B, 5, 5.1, 15.2.
//
// Pure pieces: RollInitiative settles one Initiative Phase (the Lost
// Dispatch roll when it is due, then the initiative roll) on the shipped
// tables litn.lost-dispatch and litn.initiative (scenarios/rules/
// litn-command.yaml); ChooseFirst checks the winner's choice of the
// first player. The later wiring turns the results into events.

// The tables the Initiative Phase rolls on.
const (
	TableInitiative   = "litn.initiative"
	TableLostDispatch = "litn.lost-dispatch"
)

// lostDispatchFrom is the first turn of the Lost Dispatch rolls
// (002 5.1: "Starting on turn 6 of both 1862 scenarios").
const lostDispatchFrom = 6

// InitiativeContext is the turn an Initiative Phase belongs to.
type InitiativeContext struct {
	Year int `json:"year"` // 1862 (scenarios 1, 2) or 1863 (scenarios 3, 4)
	Turn int `json:"turn"` // the Turn Record Track's number (scenario 1 starts on 4)
	// LostDispatchFound: the Union discovered it on an earlier turn.
	LostDispatchFound bool `json:"lost_dispatch_found,omitempty"`
	// DispatchRolled: this turn's Lost Dispatch roll was already made in
	// its own step (3.1 B I; litn-sequence.yaml L3): only B II is left.
	DispatchRolled bool `json:"dispatch_rolled,omitempty"`
}

// LostDispatchDue says whether the Union rolls for the Lost Dispatch
// this turn (002 3.1 B I "1862 scenarios only"; 5.1 from turn 6; once found
// there is nothing left to find).
func LostDispatchDue(c InitiativeContext) bool {
	return c.Year == 1862 && c.Turn >= lostDispatchFrom && !c.LostDispatchFound && !c.DispatchRolled
}

// Initiative is a settled Initiative Phase.
type Initiative struct {
	Turn int `json:"turn"`
	// LostDispatch is the 5.1 roll; nil when none was due.
	LostDispatch *engine.TableRoll `json:"lost_dispatch,omitempty"`
	// Found: the dispatch is in Union hands after this phase (found now or
	// before); NewlyFound: found by this phase's roll (15.2: Miles and
	// White are released).
	Found      bool `json:"found"`
	NewlyFound bool `json:"newly_found,omitempty"`
	// UnionCommandPointModifier is what the Union adds to its Command
	// Point Table rolls from now on (5.1), from the table's own values.
	UnionCommandPointModifier int               `json:"union_command_point_modifier,omitempty"`
	Roller                    engine.Side       `json:"roller"`  // who rolled for initiative (5; 5.1)
	Chooser                   engine.Side       `json:"chooser"` // who decides which side moves first
	Roll                      *engine.TableRoll `json:"roll"`
}

func table(lib *engine.Library, id string) (*engine.Table, error) {
	if lib == nil {
		return nil, fmt.Errorf("engine: no rules library")
	}
	t := lib.Table(id)
	if t == nil {
		return nil, fmt.Errorf("engine: the rules library has no table %s", id)
	}
	return t, nil
}

// RollInitiative settles the Initiative Phase: 3.1 B I the Lost
// Dispatch roll (1862, from turn 6, until found), then 3.1 B II the
// initiative roll (5), made by the Confederate player, or by the Union
// player once the dispatch is found (5.1, the same turn included: the
// outline puts the Lost Dispatch first).
func RollInitiative(lib *engine.Library, c InitiativeContext, d engine.Dice) (*Initiative, error) {
	if c.Year != 1862 && c.Year != 1863 {
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.initiative.year",
			What: fmt.Sprintf("LITN is played in 1862 or 1863, not %d", c.Year),
			Hint: "Give the scenario's year: 1862 for scenarios 1 and 2, 1863 for 3 and 4"}
	}
	if c.Year == 1863 && c.LostDispatchFound {
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.initiative.dispatch",
			What: "the Lost Dispatch is only in the 1862 scenarios (002 5.1)",
			Hint: "Leave it unfound in scenarios 3 and 4"}
	}
	if c.Turn < 1 {
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.initiative.turn",
			What: fmt.Sprintf("turn %d is not a turn", c.Turn), Hint: "Turns are numbered from 1"}
	}
	ini, err := table(lib, TableInitiative)
	if err != nil {
		return nil, err
	}
	out := &Initiative{Turn: c.Turn, Found: c.LostDispatchFound}
	if LostDispatchDue(c) {
		ld, err := table(lib, TableLostDispatch)
		if err != nil {
			return nil, err
		}
		r, err := ld.Roll(d, engine.Facts{})
		if err != nil {
			return nil, err
		}
		out.LostDispatch = r
		if r.Outcome == "found" {
			out.Found, out.NewlyFound = true, true
		}
	}
	if out.Found {
		if ld := lib.Table(TableLostDispatch); ld != nil {
			if o := ld.Outcome("found"); o != nil {
				out.UnionCommandPointModifier = o.Values["union_command_point_modifier"]
			}
		}
	}
	found := 0
	out.Roller = engine.CSA
	if out.Found {
		found, out.Roller = 1, engine.USA
	}
	r, err := ini.Roll(d, engine.Facts{"lost_dispatch_found": found})
	if err != nil {
		return nil, err
	}
	out.Roll = r
	switch r.Outcome {
	case "csa-chooses":
		out.Chooser = engine.CSA
	case "usa-chooses":
		out.Chooser = engine.USA
	default:
		return nil, fmt.Errorf("engine: %s gave an unknown outcome %q", ini.ID, r.Outcome)
	}
	return out, nil
}

// ChooseFirst checks the choice of the first player (002 5: the player
// who won the choice "immediately chooses who will be the first player").
func ChooseFirst(i Initiative, by, first engine.Side) (engine.Side, error) {
	if first != engine.CSA && first != engine.USA {
		return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.initiative.first",
			What: fmt.Sprintf("%q is not a side", first), Hint: "Name csa or usa as the first player"}
	}
	if by != i.Chooser {
		return "", &engine.RuleError{Kind: engine.ErrIllegal, Code: "litn.initiative.chooser",
			What: fmt.Sprintf("the %s player does not choose this turn: the roll gave the choice to the %s player (002 5)", sideName(by), sideName(i.Chooser)),
			Hint: fmt.Sprintf("The %s player names the first player", sideName(i.Chooser))}
	}
	return first, nil
}

func sideName(s engine.Side) string {
	switch s {
	case engine.CSA:
		return "Confederate"
	case engine.USA:
		return "Union"
	}
	return string(s)
}

// Explain says what the Initiative Phase rolled and why, with the 002
// sections.
func (i Initiative) Explain() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Initiative Phase, turn %d (002 3.1 B).", i.Turn)
	if i.LostDispatch != nil {
		fmt.Fprintf(&b, " Lost Dispatch (002 5.1, %s): the Union player rolled %d: %s.", i.LostDispatch.Table, i.LostDispatch.Total, i.LostDispatch.Name)
		if i.NewlyFound {
			fmt.Fprintf(&b, " From now on the Union player rolls for initiative and adds %d to his Command Point Table rolls (5.1); Miles and White are released (15.2).", i.UnionCommandPointModifier)
		}
	} else if i.Found {
		b.WriteString(" The Lost Dispatch is in Union hands (002 5.1): the Union player rolls.")
	}
	fmt.Fprintf(&b, " Initiative (002 5, %s): the %s player rolled %d: %s.", i.Roll.Table, sideName(i.Roller), i.Roll.Total, i.Roll.Name)
	for _, rd := range i.Roll.Redirects {
		fmt.Fprintf(&b, " (%s.)", rd.Reason)
	}
	return b.String()
}
