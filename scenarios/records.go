package scenarios

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The LRTG turn record: the June and July 1863 turn record charts of
// rules/lrtg-p2-turns.yaml (003), read into turns with their dates and the
// meanings of the letters printed on them, and checked against the
// calendar the engine keeps (engine/lrtg/records.go, 000 VIII 1) 3)).

// Turn record chart ids.
const (
	turnRecordJune = "lrtg.turn-record-june-1863"
	turnRecordJuly = "lrtg.turn-record-july-1863"
	turnRecordKey  = "lrtg.turn-record-key"
)

var turnDateRE = regexp.MustCompile(`^(June|July) (\d{1,2})(?:-(\d{1,2}))?$`)

// TurnRecord returns every turn of the LRTG turn record (the longest
// scenario's: a shorter one ends on its own last turn), with its first
// day, its length and its marks.
func TurnRecord(lib *engine.Library) ([]lrtg.TurnEntry, error) {
	key := lib.Chart(turnRecordKey)
	if key == nil {
		return nil, fmt.Errorf("scenarios: turn record: no chart %s", turnRecordKey)
	}
	meaning := map[string]string{}
	for _, row := range key.Rows {
		if len(row) < 3 {
			return nil, fmt.Errorf("scenarios: %s: a row has %d cells, want 3", turnRecordKey, len(row))
		}
		meaning[row[0]] = row[2]
	}
	// The calendar of the longest LRTG scenario, to check the charts by.
	calendar := lrtg.Ruleset().Bare(engine.GameOptions{Scenario: "lrtg-gettysburg-campaign"})
	var out []lrtg.TurnEntry
	for _, id := range []string{turnRecordJune, turnRecordJuly} {
		c := lib.Chart(id)
		if c == nil {
			return nil, fmt.Errorf("scenarios: turn record: no chart %s", id)
		}
		if strings.Join(c.Columns, ",") != "Turn,Date,Days,Marks" {
			return nil, fmt.Errorf("scenarios: %s: columns %v, want Turn, Date, Days, Marks", id, c.Columns)
		}
		for _, row := range c.Rows {
			bad := func(f string, a ...any) error {
				return fmt.Errorf("scenarios: %s: turn %s: %s", id, row[0], fmt.Sprintf(f, a...))
			}
			turn, err := strconv.Atoi(row[0])
			if err != nil {
				return nil, bad("not a turn number")
			}
			if turn != len(out)+1 {
				return nil, bad("follows turn %d", len(out))
			}
			m := turnDateRE.FindStringSubmatch(row[1])
			if m == nil {
				return nil, bad("date %q is not like \"June 3-5\" or \"July 1\"", row[1])
			}
			month := time.June
			if m[1] == "July" {
				month = time.July
			}
			day, _ := strconv.Atoi(m[2])
			first := time.Date(1863, month, day, 0, 0, 0, 0, time.UTC)
			days, err := strconv.Atoi(row[2])
			if err != nil || days < 1 {
				return nil, bad("days %q", row[2])
			}
			if m[3] != "" {
				if last, _ := strconv.Atoi(m[3]); last-day+1 != days {
					return nil, bad("%s is not %d days", row[1], days)
				}
			}
			if want, ok := calendar.TurnDate(turn); !ok || !want.Equal(first) || calendar.TurnDays(turn) != days {
				return nil, bad("the record prints %s (%d days); the engine's calendar has %s (%d days)", row[1], days, want.Format("January 2"), calendar.TurnDays(turn))
			}
			e := lrtg.TurnEntry{Turn: turn, Date: first, Days: days}
			for _, mark := range strings.Split(row[3], ",") {
				if mark = strings.TrimSpace(mark); mark == "" {
					continue
				}
				mean, ok := meaning[mark]
				if !ok {
					return nil, bad("mark %q is not in %s", mark, turnRecordKey)
				}
				e.Marks = append(e.Marks, lrtg.TurnMark{Mark: mark, Meaning: mean})
			}
			out = append(out, e)
		}
	}
	if last := calendar.LastTurn(); len(out) != last {
		return nil, fmt.Errorf("scenarios: turn record: %d turns, the Gettysburg Campaign has %d", len(out), last)
	}
	return out, nil
}
