package engine

import (
	"fmt"
	"time"
)

// The calendar of a game's turns, as its ruleset gives it (Hooks.TurnDate,
// TurnDays, LastTurn, TurnLabel, OpeningTurns): what the kernel reads of
// the turn record to step through the sequence of play and advance the
// turn (sequence.go, turn.go), and what every game's views print. A game
// with no turn record (no ruleset, or hooks left nil) has none: LastTurn
// is 0.

// LastTurn returns the game's last turn: its ruleset's (Hooks.LastTurn;
// 0: the scenario is not known, or a game with no turn record).
func (g GameState) LastTurn() int {
	if g.rules != nil && g.rules.hooks.LastTurn != nil {
		return g.rules.hooks.LastTurn(g.Options.Scenario)
	}
	return 0
}

// TurnDate returns the first calendar day of one of the game's turns, and
// false for a turn outside the scenario (before 1 or after its last).
func (g GameState) TurnDate(turn int) (time.Time, bool) {
	if turn < 1 || turn > g.LastTurn() {
		return time.Time{}, false
	}
	return g.RecordDate(turn), true
}

// TurnDays returns how many days one of the game's turns lasts (0 outside
// the scenario).
func (g GameState) TurnDays(turn int) int {
	if _, ok := g.TurnDate(turn); !ok {
		return 0
	}
	return g.RecordDays(turn)
}

// RecordDate and RecordDays are the scenario's turn record: the ruleset's
// (a game with none has no turn record: LastTurn is 0).
func (g GameState) RecordDate(turn int) time.Time {
	if g.rules != nil && g.rules.hooks.TurnDate != nil {
		return g.rules.hooks.TurnDate(g.Options.Scenario, turn)
	}
	return time.Time{}
}

func (g GameState) RecordDays(turn int) int {
	if g.rules != nil && g.rules.hooks.TurnDays != nil {
		return g.rules.hooks.TurnDays(g.Options.Scenario, turn)
	}
	return 1
}

// inOpening says whether the turn is one of the game's opening turns
// (Hooks.OpeningTurns: LRTG's first three).
func (g GameState) InOpening() bool {
	return g.rules != nil && g.rules.hooks.OpeningTurns > 0 && g.Turn <= g.rules.hooks.OpeningTurns
}

// TurnLabel writes a turn's dates as the turn record prints them:
// "June 3-5, 1863", "July 1, 1863"; "" outside the scenario.
func (g GameState) TurnLabel(turn int) string {
	d, ok := g.TurnDate(turn)
	if !ok {
		return ""
	}
	if g.rules != nil && g.rules.hooks.TurnLabel != nil {
		if l := g.rules.hooks.TurnLabel(g.Options.Scenario, turn); l != "" {
			return l
		}
	}
	return DateLabel(d, g.TurnDays(turn))
}

// DateLabel writes a span of days as the turn record prints it.
func DateLabel(first time.Time, days int) string {
	if days <= 1 {
		return first.Format("January 2, 2006")
	}
	last := first.AddDate(0, 0, days-1)
	if last.Month() != first.Month() {
		return first.Format("January 2") + " - " + last.Format("January 2, 2006")
	}
	return fmt.Sprintf("%s-%d, %d", first.Format("January 2"), last.Day(), first.Year())
}
