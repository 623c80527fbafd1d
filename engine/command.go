package engine

import "strings"

// The division of command: players declare the corps and designations
// they command when they join. Which units a declaration covers, and
// whether a side's division is lawful at the start, are the game's rules
// (Hooks.CommandsUnit, Hooks.CheckCommand: LRTG 21.1 in engine/lrtg's
// command_division.go); the kernel knows a unit's designation, and that
// a declared designation covers the units that carry it.

// Designation is a unit's designation as a player declares it: its corps
// or designation, or, for a unit of no corps, its name.
func Designation(u UnitState) string {
	if u.Command == "" {
		return u.Name
	}
	return u.Command
}

// commandsUnit reports whether a player's declared commands cover the
// unit: the game's rule (Hooks.CommandsUnit), else its designation
// declared.
func (g GameState) commandsUnit(cmds []string, u UnitState) bool {
	if g.rules != nil && g.rules.hooks.CommandsUnit != nil {
		return g.rules.hooks.CommandsUnit(g, cmds, u)
	}
	d := Designation(u)
	for _, c := range cmds {
		if strings.EqualFold(c, d) {
			return true
		}
	}
	return false
}

// checkCommand checks the division of command of every side against the
// order of battle about to be set up (/game start), by the game's rules
// (Hooks.CheckCommand). A game without the hook checks none: its players'
// declarations stand as made.
func (g GameState) checkCommand(oob *OrderOfBattle) error {
	if g.rules == nil || g.rules.hooks.CheckCommand == nil {
		return nil
	}
	for _, side := range []Side{CSA, USA} {
		var players []Player
		for _, p := range g.Players {
			if p.Side == side {
				players = append(players, p)
			}
		}
		if err := g.rules.hooks.CheckCommand(g, side, players, oob); err != nil {
			return err
		}
	}
	return nil
}
