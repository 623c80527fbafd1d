// The board commands' deciders (LRTG 21.1; 000 VII 6): moving
// units, setting a unit's manpower or fatigue, eliminating and marking
// units, the umpire's undo and pause. They were the branches of decideBoard
// (board.go), which calls them.

package engine

import (
	"fmt"
	"strconv"
	"strings"
)

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

// decideEliminate decides /unit eliminate.
func (g GameState) decideEliminate(cmd EliminateUnit) ([]Event, error) {
	u, err := g.unitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	if u.Eliminated {
		return nil, Illegal("unit.eliminated", fmt.Sprintf("%s is already eliminated", u.Name), "")
	}
	return []Event{&UnitEliminated{By: cmd.By, Unit: cmd.Unit, Reason: cmd.Reason}}, nil
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

// decideUndo decides the umpire's undo of the last board action.
func (g GameState) decideUndo(cmd UndoLast) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, Illegal("game.umpire", "Only the umpire undoes actions", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if strings.TrimSpace(cmd.Reason) == "" {
		return nil, Invalid("game.reason", "The umpire gives a reason to undo", "Add reason:<why>")
	}
	if g.prev == nil {
		return nil, Illegal("game.undo", "There is no board action to undo", "Only the last move, change or elimination can be undone")
	}
	return []Event{&Undone{By: cmd.By, What: g.lastAction, Reason: cmd.Reason}}, nil
}

// decidePause decides the umpire's pause or resume of the game.
func (g GameState) decidePause(cmd PauseGame) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, Illegal("game.umpire", "Only the umpire pauses the game", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if g.Paused == !cmd.Resume {
		state := "paused"
		if !g.Paused {
			state = "running"
		}
		return nil, Illegal("game.pause", "The game is already "+state, "")
	}
	return []Event{&Paused{By: cmd.By, Paused: !cmd.Resume, Reason: cmd.Reason}}, nil
}
