package engine

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// ChartSlot declares a printed chart whose numbers are not in the rules
// text (LITN's Command Point Table, Combat Results Table, ...): its exact
// shape, so that a group can load its own copy. The engine never invents
// the numbers: rolling on an empty slot says which chart to load.
type ChartSlot struct {
	ID      string
	Game    Game
	Title   string
	Source  string // the rules sections that use it
	Notes   string
	Dice    DiceExpr // what is rolled to choose the row; no terms = looked up
	Rows    []RowKey // the rows, in order
	Columns []string // the column headings, in order
	Cell    *regexp.Regexp
	// CellHelp says in words what a cell holds, e.g. "a whole number of
	// command points" or "attacker/defender losses such as 1/2".
	CellHelp string
}

// RowKey names a row: a die result or a range of them ("1", "2-3", "0 or
// less", "7 or more"), or a plain name for a looked-up chart.
type RowKey struct {
	Label    string
	Min, Max int // the range of modified totals; both 0 for a named row
}

// ParseRowKey reads a row label; numeric labels become ranges.
func ParseRowKey(label string) RowKey {
	l := strings.TrimSpace(label)
	k := RowKey{Label: l}
	switch {
	case strings.HasSuffix(l, " or less"):
		if n, err := strconv.Atoi(strings.TrimSuffix(l, " or less")); err == nil {
			k.Min, k.Max = math.MinInt, n
		}
	case strings.HasSuffix(l, " or more"):
		if n, err := strconv.Atoi(strings.TrimSuffix(l, " or more")); err == nil {
			k.Min, k.Max = n, math.MaxInt
		}
	case strings.Contains(l[min(1, len(l)):], "-"):
		i := strings.Index(l[1:], "-") + 1
		a, err1 := strconv.Atoi(l[:i])
		b, err2 := strconv.Atoi(l[i+1:])
		if err1 == nil && err2 == nil {
			k.Min, k.Max = a, b
		}
	default:
		if n, err := strconv.Atoi(l); err == nil {
			k.Min, k.Max = n, n
		}
	}
	return k
}

// Rolled reports whether the slot is rolled on (rather than looked up).
func (s *ChartSlot) Rolled() bool { return len(s.Dice.Terms) > 0 }

// Column returns the index of a column by its heading (case-insensitive).
func (s *ChartSlot) Column(name string) int {
	for i, c := range s.Columns {
		if strings.EqualFold(strings.TrimSpace(name), c) {
			return i
		}
	}
	return -1
}

// Validate checks a group's copy of the chart against the slot's shape:
// every row, every column, every cell of the declared form. The message
// says exactly what is wrong and where.
func (s *ChartSlot) Validate(cells map[string][]string) ([][]string, error) {
	bad := func(f string, a ...any) error {
		return &RuleError{Kind: ErrInvalid, Code: "chart.shape", What: fmt.Sprintf("%s: %s", s.Title, fmt.Sprintf(f, a...)), Hint: s.ShapeHelp()}
	}
	out := make([][]string, len(s.Rows))
	for key := range cells {
		found := false
		for _, r := range s.Rows {
			found = found || r.Label == key
		}
		if !found {
			return nil, bad("it has no row %q", key)
		}
	}
	for i, r := range s.Rows {
		row, ok := cells[r.Label]
		if !ok {
			return nil, bad("row %q is missing", r.Label)
		}
		if len(row) != len(s.Columns) {
			return nil, bad("row %q has %d cells; it needs %d (%s)", r.Label, len(row), len(s.Columns), strings.Join(s.Columns, ", "))
		}
		for j, c := range row {
			c = strings.TrimSpace(c)
			if !s.Cell.MatchString(c) {
				return nil, bad("row %q, column %q: %q is not %s", r.Label, s.Columns[j], c, s.CellHelp)
			}
			row[j] = c
		}
		out[i] = row
	}
	return out, nil
}

// ShapeHelp describes the data file a group loads into the slot.
func (s *ChartSlot) ShapeHelp() string {
	rows := make([]string, len(s.Rows))
	for i, r := range s.Rows {
		rows[i] = fmt.Sprintf("%q", r.Label)
	}
	return fmt.Sprintf("The chart file names the chart (chart: %s) and gives cells: a row for each of %s, each a list of %d cells in the column order %s; each cell is %s",
		s.ID, strings.Join(rows, ", "), len(s.Columns), strings.Join(s.Columns, ", "), s.CellHelp)
}

// Row returns the index of the row a modified total falls in, clamping to
// the first or last row as the printed charts do.
func (s *ChartSlot) Row(total int) (int, bool) {
	for i, r := range s.Rows {
		if total >= r.Min && total <= r.Max {
			return i, false
		}
	}
	if len(s.Rows) == 0 {
		return -1, false
	}
	if total < s.Rows[0].Min {
		return 0, true
	}
	return len(s.Rows) - 1, true
}

// ChartRoll is a settled roll on a loaded chart slot.
type ChartRoll struct {
	Chart     string            `json:"chart"`
	Title     string            `json:"title"`
	Dice      string            `json:"dice"`
	Faces     []int             `json:"faces"`
	Natural   int               `json:"natural"`
	Modifiers []AppliedModifier `json:"modifiers,omitempty"`
	Total     int               `json:"total"`
	Row       string            `json:"row"`
	Clamped   bool              `json:"clamped,omitempty"`
	Column    string            `json:"column"`
	Result    string            `json:"result"`
}

// RollSlot rolls on a loaded chart: the dice plus modifiers choose the
// row, the column is given.
func (s *ChartSlot) RollSlot(d Dice, cells [][]string, column string, mods []AppliedModifier) (*ChartRoll, error) {
	if !s.Rolled() {
		return nil, &RuleError{Kind: ErrInvalid, Code: "chart.lookup", What: s.Title + " is looked up, not rolled", Hint: "Use /chart show"}
	}
	if cells == nil {
		return nil, ErrChartNotLoaded(s)
	}
	col := s.Column(column)
	if col < 0 {
		return nil, &RuleError{Kind: ErrInvalid, Code: "chart.column", What: fmt.Sprintf("%s has no column %q", s.Title, column),
			Hint: "Its columns: " + strings.Join(s.Columns, ", ")}
	}
	terms, natural := s.Dice.Roll(d)
	r := &ChartRoll{Chart: s.ID, Title: s.Title, Dice: s.Dice.String(), Natural: natural, Total: natural, Modifiers: mods, Column: s.Columns[col]}
	for _, t := range terms {
		r.Faces = append(r.Faces, t.Faces...)
	}
	for _, m := range mods {
		r.Total += m.Value
	}
	row, clamped := s.Row(r.Total)
	r.Row, r.Clamped, r.Result = s.Rows[row].Label, clamped, cells[row][col]
	return r, nil
}

// ErrChartNotLoaded is the error for a roll on an empty slot: it names the
// chart to load.
func ErrChartNotLoaded(s *ChartSlot) error {
	return &RuleError{Kind: ErrIllegal, Code: "chart.empty",
		What: fmt.Sprintf("%s (%s) is not loaded: its numbers are printed on the game's charts, not in the rules text", s.Title, s.ID),
		Hint: fmt.Sprintf("Load your copy with /chart load name:%s (%s)", s.ID, s.ShapeHelp())}
}
