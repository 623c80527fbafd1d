// The board commands as LRTG's rules read them (LRTG 21.1; 000 VII 6):
// moving units, setting a unit's manpower, fatigue or status, marking a
// unit, and what their events do to the state. The kernel decides and
// folds the board's generic commands and keeps the undo (board.go,
// board_decide.go); it reaches these through the ruleset's hooks
// (Hooks.BoardCommand, BoardEffect, CommandOverride), which LRTG and
// LRTA fill with boardHooks.

package lrtg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// boardHooks gives a ruleset's hooks LRTG's board rules and views.
// decideBoardUnits decides the board commands whose meaning is LRTG's.
func decideBoardUnits(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, error) {
	switch cmd := cmd.(type) {
	case engine.MoveUnits:
		return g.decideMoveUnits(cmd, d)
	case engine.SetUnit:
		return g.decideSetUnit(cmd)
	case engine.MarkUnit:
		return g.decideMarkUnit(cmd)
	}
	return nil, nil
}

// isBoardEvent says whether an event is one of the board events whose
// effect is the series' (Hooks.BoardEffect): the kernel folds it as a
// board action, keeping the state before for the undo.
func isBoardEvent(e engine.Event) bool {
	switch e.(type) {
	case *engine.UnitsMoved, *engine.UnitSet:
		return true
	}
	return false
}

// applyBoardEvent is a board event's effect (isBoardEvent).
func (g *Game) applyBoardEvent(e engine.Event) {
	switch e := e.(type) {
	case *engine.UnitsMoved:
		g.applyMoved(e)
	case *engine.UnitSet:
		g.applyUnitSet(e)
	}
}

// applyUnitSet changes a unit's manpower, fatigue or status field, with
// the Victory Points and the losses a manpower loss records (000 VII 6).
func (g *Game) applyUnitSet(e *engine.UnitSet) {
	side := g.Units[e.Unit].Side
	g.EditUnit(e.Unit, func(u *engine.UnitState) {
		switch e.Field {
		case "manpower":
			u.Manpower = e.To
		case "fatigue":
			u.Fatigue = e.To
		default:
			*u = u.WithStatus()
			if f := findStatusField(e.Field); f != nil {
				f.set(&u.Status, e.To)
			}
		}
	})
	if e.VP != 0 {
		g.VP = append(append([]VPEntry(nil), g.VP...), manpowerVPEntry(g.Turn, side, e.Cause, e.From-e.To, e.VP))
	}
	if e.Field == "manpower" {
		g.Losses = g.Losses.add(g.Units[e.Unit], e.Cause, e.From-e.To)
	}
}

// decideMoveUnits decides a move of units (LRTG 21.1: each commander moves
// his own command), checked unit by unit before decideMove checks the move
// itself.
func (g Game) decideMoveUnits(cmd engine.MoveUnits, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if len(cmd.Units) == 0 {
		return nil, engine.Invalid("move.units", "No unit to move", "Name the units, e.g. unit:csa.hood")
	}
	seen := map[string]bool{}
	for _, id := range cmd.Units {
		u, err := g.Unit(id)
		if err != nil {
			return nil, err
		}
		if seen[id] {
			return nil, engine.Invalid("move.twice", fmt.Sprintf("%s is named twice", u.Name), "Name each unit once")
		}
		seen[id] = true
		if !g.Controls(cmd.By, u) {
			return nil, engine.Illegal("move.command", fmt.Sprintf("You do not command %s", u.Name), "Each commander moves the units of his own command (LRTG 21.1)")
		}
		if u.Eliminated {
			return nil, engine.Illegal("move.eliminated", fmt.Sprintf("%s has been eliminated", u.Name), "")
		}
	}
	return g.decideMove(cmd, d)
}

// decideSetUnit decides /unit set: manpower (with the causes of a gain or a
// loss, 000 VII 6) and fatigue here, the statuses in decideStatusSet.
func (g Game) decideSetUnit(cmd engine.SetUnit) ([]engine.Event, error) {
	u, err := g.UnitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	from, vp := 0, 0
	switch cmd.Field {
	case "manpower":
		if u.Kind.IsLeader() {
			return nil, engine.Invalid("unit.leader", fmt.Sprintf("%s is a leader: leaders have no manpower", u.Name), "")
		}
		if cmd.Value < 0 || cmd.Value > 30 {
			return nil, engine.Invalid("unit.manpower", fmt.Sprintf("Manpower %d is out of range", cmd.Value), "Manpower runs from 0 to 30")
		}
		from = u.Manpower
		if cmd.Value > from {
			// A gain: a cause the rules allow, or the umpire's reason.
			if err := g.checkGain(cmd, u, "manpower", cmd.Value-from, ManpowerGainCauses); err != nil {
				return nil, err
			}
			cmd.Cause = strings.ToLower(strings.TrimSpace(cmd.Cause))
		} else if cmd.Cause != "" {
			if !engine.Contains(LossCauses, cmd.Cause) {
				return nil, engine.Invalid("unit.cause", fmt.Sprintf("%q is not a cause of loss", cmd.Cause), "Causes: "+strings.Join(LossCauses, ", ")+" (000 VII 6: combat, retreat, cavalry-retreat and, for the Union, surrender award VPs)")
			}
			if cmd.Value >= from {
				return nil, engine.Invalid("unit.cause", "A cause is given for a change of manpower only", fmt.Sprintf("%s has %d MP already: leave cause out", u.Name, from))
			}
			vp = ManpowerVP(u.Side, cmd.Cause, from-cmd.Value)
		}
	case "fatigue":
		if cmd.Cause != "" {
			return nil, engine.Invalid("unit.cause", "A cause is given for a change of manpower, or a raised entrenchment, only", "Leave cause out")
		}
		if cmd.Value < 0 || cmd.Value > engine.MaxFatigue {
			return nil, engine.Invalid("unit.fatigue", fmt.Sprintf("Fatigue %d is out of range", cmd.Value), fmt.Sprintf("Fatigue runs from 0 to %d", engine.MaxFatigue))
		}
		from = u.Fatigue
	default:
		return g.decideStatusSet(cmd, u)
	}
	if from == cmd.Value {
		// Nothing would change: an event would only put a no-op on the
		// umpire's unit log (as decideStatusSet refuses it too).
		return nil, engine.Illegal("unit.unchanged", fmt.Sprintf("%s's %s is already %d", u.Name, cmd.Field, from), "Give the value it changes to")
	}
	return []engine.Event{&engine.UnitSet{By: cmd.By, Unit: cmd.Unit, Field: cmd.Field, From: from, To: cmd.Value, Cause: cmd.Cause, VP: vp, Reason: cmd.Reason}}, nil
}

// decideMarkUnit decides /unit mark: a status word goes to decideStatusSet,
// any other mark is one of UnitMarks.
func (g Game) decideMarkUnit(cmd engine.MarkUnit) ([]engine.Event, error) {
	u, err := g.UnitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	u = u.WithStatus()
	if IsStatusMark(cmd.Mark) {
		// A status word: the typed status changes (status.go).
		if statusHasMark(u.Status, cmd.Mark) == cmd.Off {
			field, to, _ := engine.StatusMarkChange(u.Status, cmd.Mark, cmd.Off)
			return g.decideStatusSet(engine.SetUnit{By: cmd.By, Unit: cmd.Unit, Field: field, Text: strconv.Itoa(to), Cause: cmd.Cause, Reason: cmd.Reason}, u)
		}
	} else if !engine.Contains(engine.UnitMarks, cmd.Mark) {
		return nil, engine.Invalid("unit.mark", fmt.Sprintf("%q is not a mark", cmd.Mark), "Marks: "+strings.Join(engine.UnitMarks, ", ")+"; statuses are set with /unit set field:<"+strings.Join(StatusFields, "|")+">")
	}
	if cmd.Cause != "" {
		return nil, engine.Invalid("unit.cause", "A cause is given for a raised entrenchment only", "Leave cause out")
	}
	has := engine.Contains(u.Marks, cmd.Mark) || statusHasMark(u.Status, cmd.Mark)
	if has != cmd.Off {
		state := "already has"
		if cmd.Off {
			state = "does not have"
		}
		return nil, engine.Illegal("unit.mark", fmt.Sprintf("%s %s the mark %s", u.Name, state, cmd.Mark), "")
	}
	return []engine.Event{&engine.UnitMarked{By: cmd.By, Unit: cmd.Unit, Mark: cmd.Mark, Off: cmd.Off, Reason: cmd.Reason}}, nil
}
