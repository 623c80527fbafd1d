// The turn record (LRTG; 000 VIII; 003 June and July 1863 turn records;
// 004 Turn Record for LRTA): the calendar of each game's turns, their dates
// and labels as the printed record gives them, which LRTG's and LRTA's
// rulesets give the kernel's calendar (calendar.go: Hooks.TurnDate,
// LastTurn...). Moved out of records.go.

package lrtg

import "time"

// lrtgTurnDate returns the first calendar day of an LRTG turn. The game
// starts on June 3, 1863 (000 VIII 1) 2)); each of the first three turns is
// three days (000 VIII 1) 3): June 3-5, 6-8, 9-11), every later turn one
// day (003 June and July 1863 turn records: June 12 is turn 4, with the
// first Random Events roll of 000 2.0; July 7 is turn 29, July 30 turn 52).
func lrtgTurnDate(turn int) time.Time {
	start := time.Date(1863, time.June, 3, 0, 0, 0, 0, time.UTC)
	if turn <= 3 {
		return start.AddDate(0, 0, 3*(turn-1))
	}
	return start.AddDate(0, 0, 9+turn-4)
}

// lrtgTurnDays returns how many days an LRTG turn lasts (000 VIII 1) 3)).
func lrtgTurnDays(turn int) int {
	if turn <= 3 {
		return 3
	}
	return 1
}

// lrtgLastDay is the day of an LRTG scenario's last turn: "at the end of
// the July 7 turn" (000 VIII 1) 8)), "at the end of the July 30 turn"
// (000 VIII 2) Ending Date). scenarios/catalogue.yaml holds the same dates;
// a scenarios test keeps the two together.
func lrtgLastDay(scenario string) (time.Time, bool) {
	switch scenario {
	case "lrtg-high-tide":
		return time.Date(1863, time.July, 7, 0, 0, 0, 0, time.UTC), true
	case "lrtg-gettysburg-campaign":
		return time.Date(1863, time.July, 30, 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}

// LRTA's turn record (004 Turn Record, lrta.turn-record): one day a turn
// from Aug 19, 1862 (turn 1) to Oct 10 (turn 54). The record prints a
// "Sept 31" (turn 44) between Sept 30 and Oct 1: the record is followed,
// so turn 44 is a second day dated Sept 30 that prints "September 31".
const (
	LRTATurns       = 54
	lrtaSeptember31 = 44
)

func lrtaTurnDate(turn int) time.Time {
	start := time.Date(1862, time.August, 19, 0, 0, 0, 0, time.UTC)
	if turn >= lrtaSeptember31 {
		return start.AddDate(0, 0, turn-2)
	}
	return start.AddDate(0, 0, turn-1)
}

// ScenarioLastTurn returns the number of a scenario's last turn, or 0
// for a scenario the turn record does not know.
func ScenarioLastTurn(scenario string) int {
	if scenario == "lrta-campaign" {
		return LRTATurns
	}
	last, ok := lrtgLastDay(scenario)
	if !ok {
		return 0
	}
	for t := 1; ; t++ {
		if !lrtgTurnDate(t).Before(last) {
			return t
		}
	}
}

// TurnOn returns the turn a calendar day falls in, and false for a day
// outside the scenario.
func (g Game) TurnOn(day time.Time) (int, bool) {
	day = time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	for t := 1; t <= g.LastTurn(); t++ {
		first := g.RecordDate(t)
		if !day.Before(first) && day.Before(first.AddDate(0, 0, g.RecordDays(t))) {
			return t, true
		}
	}
	return 0, false
}

// TurnEntry is one turn of the printed turn record: its dates and the
// letters printed on it, with their meanings (scenarios.TurnRecord).
type TurnEntry struct {
	Turn  int
	Date  time.Time
	Days  int
	Marks []TurnMark
}

// TurnMark is a letter printed on the turn record and what it means.
type TurnMark struct {
	Mark    string
	Meaning string
}
