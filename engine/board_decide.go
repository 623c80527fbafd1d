// The kernel's board commands' deciders: eliminating a unit, the
// umpire's undo and pause. They were the branches of decideBoard
// (board.go), which calls them; the game's (moving units, setting and
// marking a unit) are its own (Hooks.BoardCommand: board_units.go).

package engine

import (
	"fmt"
	"strings"
)

// decideEliminate decides /unit eliminate.
func (g GameState) decideEliminate(cmd EliminateUnit) ([]Event, error) {
	u, err := g.UnitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	if u.Eliminated {
		return nil, Illegal("unit.eliminated", fmt.Sprintf("%s is already eliminated", u.Name), "")
	}
	return []Event{&UnitEliminated{By: cmd.By, Unit: cmd.Unit, Reason: cmd.Reason}}, nil
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
		return nil, Illegal("game.undo", "There is no board action to undo", "Only the last move, change or elimination can be undone; /game history numbers the step's actions, and /game undo to:<number> takes back an earlier one with all after it")
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
