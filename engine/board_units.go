// The board commands as LRTG's rules read them (LRTG 21.1; 000 VII 6):
// moving units, setting a unit's manpower, fatigue or status, marking a
// unit, and what their events do to the state. The kernel decides and
// folds the board's generic commands and keeps the undo (board.go,
// board_decide.go); it reaches these through the ruleset's hooks
// (Hooks.BoardCommand, BoardEffect, CommandOverride), which LRTG and
// LRTA fill with boardHooks.

package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// boardHooks gives a ruleset's hooks LRTG's board rules and views.
func boardHooks(h Hooks) Hooks {
	h.BoardCommand = decideBoardUnits
	h.BoardEffect = boardEffect
	h.CommandOverride = GameState.commandOverride // halleck.go: 21.1 Halleck, quartermaster general
	h.View = hiddenView                           // view_hidden.go: LRTG 20
	return h
}

// decideBoardUnits decides the board commands whose meaning is LRTG's.
func decideBoardUnits(g GameState, cmd Command) ([]Event, error) {
	switch cmd := cmd.(type) {
	case MoveUnits:
		return g.decideMoveUnits(cmd)
	case SetUnit:
		return g.decideSetUnit(cmd)
	case MarkUnit:
		return g.decideMarkUnit(cmd)
	}
	return nil, nil
}

// boardEffect is what LRTG's board events do to the state (the kernel
// keeps the state before, for the undo).
func boardEffect(e Event) func(*GameState) {
	switch e := e.(type) {
	case *UnitsMoved:
		return func(g *GameState) { g.applyMoved(e) }
	case *UnitSet:
		return func(g *GameState) { g.applyUnitSet(e) }
	}
	return nil
}

// applyUnitSet changes a unit's manpower, fatigue or status field, with
// the Victory Points and the losses a manpower loss records (000 VII 6).
func (g *GameState) applyUnitSet(e *UnitSet) {
	side := g.Units[e.Unit].Side
	g.editUnit(e.Unit, func(u *UnitState) {
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
func (g GameState) decideMoveUnits(cmd MoveUnits) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if len(cmd.Units) == 0 {
		return nil, Invalid("move.units", "No unit to move", "Name the units, e.g. unit:csa.hood")
	}
	seen := map[string]bool{}
	for _, id := range cmd.Units {
		u, err := g.unit(id)
		if err != nil {
			return nil, err
		}
		if seen[id] {
			return nil, Invalid("move.twice", fmt.Sprintf("%s is named twice", u.Name), "Name each unit once")
		}
		seen[id] = true
		if !g.Controls(cmd.By, u) {
			return nil, Illegal("move.command", fmt.Sprintf("You do not command %s", u.Name), "Each commander moves the units of his own command (LRTG 21.1)")
		}
		if u.Eliminated {
			return nil, Illegal("move.eliminated", fmt.Sprintf("%s has been eliminated", u.Name), "")
		}
	}
	return g.decideMove(cmd)
}

// decideSetUnit decides /unit set: manpower (with the causes of a gain or a
// loss, 000 VII 6) and fatigue here, the statuses in decideStatusSet.
func (g GameState) decideSetUnit(cmd SetUnit) ([]Event, error) {
	u, err := g.unitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	from, vp := 0, 0
	switch cmd.Field {
	case "manpower":
		if u.Kind == "leader" {
			return nil, Invalid("unit.leader", fmt.Sprintf("%s is a leader: leaders have no manpower", u.Name), "")
		}
		if cmd.Value < 0 || cmd.Value > 30 {
			return nil, Invalid("unit.manpower", fmt.Sprintf("Manpower %d is out of range", cmd.Value), "Manpower runs from 0 to 30")
		}
		from = u.Manpower
		if cmd.Value > from {
			// A gain: a cause the rules allow, or the umpire's reason.
			if err := g.checkGain(cmd, u, "manpower", cmd.Value-from, ManpowerGainCauses); err != nil {
				return nil, err
			}
			cmd.Cause = strings.ToLower(strings.TrimSpace(cmd.Cause))
		} else if cmd.Cause != "" {
			if !contains(LossCauses, cmd.Cause) {
				return nil, Invalid("unit.cause", fmt.Sprintf("%q is not a cause of loss", cmd.Cause), "Causes: "+strings.Join(LossCauses, ", ")+" (000 VII 6: combat, retreat, cavalry-retreat and, for the Union, surrender award VPs)")
			}
			if cmd.Value >= from {
				return nil, Invalid("unit.cause", "A cause is given for a change of manpower only", fmt.Sprintf("%s has %d MP already: leave cause out", u.Name, from))
			}
			vp = ManpowerVP(u.Side, cmd.Cause, from-cmd.Value)
		}
	case "fatigue":
		if cmd.Cause != "" {
			return nil, Invalid("unit.cause", "A cause is given for a change of manpower, or a raised entrenchment, only", "Leave cause out")
		}
		if cmd.Value < 0 || cmd.Value > MaxFatigue {
			return nil, Invalid("unit.fatigue", fmt.Sprintf("Fatigue %d is out of range", cmd.Value), fmt.Sprintf("Fatigue runs from 0 to %d", MaxFatigue))
		}
		from = u.Fatigue
	default:
		return g.decideStatusSet(cmd, u)
	}
	if from == cmd.Value {
		// Nothing would change: an event would only put a no-op on the
		// umpire's unit log (as decideStatusSet refuses it too).
		return nil, Illegal("unit.unchanged", fmt.Sprintf("%s's %s is already %d", u.Name, cmd.Field, from), "Give the value it changes to")
	}
	return []Event{&UnitSet{By: cmd.By, Unit: cmd.Unit, Field: cmd.Field, From: from, To: cmd.Value, Cause: cmd.Cause, VP: vp, Reason: cmd.Reason}}, nil
}

// decideMarkUnit decides /unit mark: a status word goes to decideStatusSet,
// any other mark is one of UnitMarks.
func (g GameState) decideMarkUnit(cmd MarkUnit) ([]Event, error) {
	u, err := g.unitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	u = u.WithStatus()
	if IsStatusMark(cmd.Mark) {
		// A status word: the typed status changes (status.go).
		if statusHasMark(u.Status, cmd.Mark) == cmd.Off {
			field, to, _ := statusMarkChange(u.Status, cmd.Mark, cmd.Off)
			return g.decideStatusSet(SetUnit{By: cmd.By, Unit: cmd.Unit, Field: field, Text: strconv.Itoa(to), Cause: cmd.Cause, Reason: cmd.Reason}, u)
		}
	} else if !contains(UnitMarks, cmd.Mark) {
		return nil, Invalid("unit.mark", fmt.Sprintf("%q is not a mark", cmd.Mark), "Marks: "+strings.Join(UnitMarks, ", ")+"; statuses are set with /unit set field:<"+strings.Join(StatusFields, "|")+">")
	}
	if cmd.Cause != "" {
		return nil, Invalid("unit.cause", "A cause is given for a raised entrenchment only", "Leave cause out")
	}
	has := contains(u.Marks, cmd.Mark) || statusHasMark(u.Status, cmd.Mark)
	if has != cmd.Off {
		state := "already has"
		if cmd.Off {
			state = "does not have"
		}
		return nil, Illegal("unit.mark", fmt.Sprintf("%s %s the mark %s", u.Name, state, cmd.Mark), "")
	}
	return []Event{&UnitMarked{By: cmd.By, Unit: cmd.Unit, Mark: cmd.Mark, Off: cmd.Off, Reason: cmd.Reason}}, nil
}
