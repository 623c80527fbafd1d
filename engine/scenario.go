package engine

import "time"

// Game names a game the umpire runs: its ruleset's id (Ruleset.ID, e.g.
// engine/litn's "litn").
type Game string

// Scenario is one entry of the scenario catalogue: what a group chooses
// when it starts a game.
type Scenario struct {
	ID    string // stable id used in commands, e.g. "lrtg-high-tide"
	Game  Game
	Title string
	// Start and End are the calendar days of the first and last turn.
	Start, End time.Time
	// FirstTurn and LastTurn number the turns where the rules number them
	// (LITN scenarios start on the turn record's turn 1 or 4); 0 otherwise.
	FirstTurn, LastTurn int
	Source              string // seed file and section
}

// Turns returns the number of turns when the scenario numbers them.
func (s Scenario) Turns() int {
	if s.LastTurn == 0 {
		return 0
	}
	return s.LastTurn - s.FirstTurn + 1
}
