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
	Rows    []RowKey // the rows, in order; nil when the copy names them
	Columns []string // the column headings, in order; nil when the copy names them
	// RowsHelp and ColumnsHelp say what keys the rows and columns, for a
	// copy that names its own (where the rules text does not say how many
	// there are).
	RowsHelp    string
	ColumnsHelp string
	Cell        *regexp.Regexp
	// CellHelp says in words what a cell holds, e.g. "a whole number of
	// command points" or "attacker/defender losses such as 1/2".
	CellHelp string
	// ColumnBands, when set, says the copy's columns are numeric bands
	// (a combat chart's combat-value columns) in the named groups: each
	// heading is "<group> <band>" ("D 1-4", "A 9 or more"), or the band
	// alone in the group "". Each group's bands cover every value from
	// its first, once, and its last is open at the top (slots_bands.go).
	ColumnBands []string
	// ColumnBandsClosed lets the last band of each group be closed
	// ("56"), where the rules say what a value above it reads (LITN
	// 10.5: roll once on the last column per its strength).
	ColumnBandsClosed bool
	// RowBands, for a looked-up slot whose copy names its rows, says the
	// rows are numeric bands: BandsOpen (every whole number has a row, as
	// on a rolled chart) or BandsFromStart (every number from the first
	// row's, open at the top). "" is plain names.
	RowBands string
	// ColumnCells and RowCells give the cells of a column, or of a row,
	// their own form where a chart mixes them (a modifier's side beside
	// its range): a row's form comes first, then its column's, then Cell.
	ColumnCells map[string]CellForm
	RowCells    map[string]CellForm
}

// CellForm is what the cells of one row or column hold: the pattern
// checked on load and its words for a refusal.
type CellForm struct {
	Cell *regexp.Regexp
	Help string
}

// cellForm is the form of the cell at a row and column.
func (s *ChartSlot) cellForm(row, col string) CellForm {
	if f, ok := s.RowCells[row]; ok {
		return f
	}
	if f, ok := s.ColumnCells[col]; ok {
		return f
	}
	return CellForm{Cell: s.Cell, Help: s.CellHelp}
}

// The kinds of banded rows a looked-up slot may declare (RowBands).
const (
	BandsOpen      = "open"
	BandsFromStart = "from-start"
)

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

// column returns the index of a column by its heading (case-insensitive).
func Column(cols []string, name string) int {
	for i, c := range cols {
		if strings.EqualFold(strings.TrimSpace(name), c) {
			return i
		}
	}
	return -1
}

// ChartCopy is a group's copy of a printed chart as its file gives it.
type ChartCopy struct {
	Columns []string            // only where the slot lets the copy name them
	Cells   map[string][]string // row label -> cells in column order
	Order   []string            // the row labels in the file's order
	// Lines and ColumnsLine are where the file gives each row and the
	// column headings (ParseChartFile), so that a refusal points at the
	// line to correct; 0 or absent when the copy was not read from a file.
	Lines       map[string]int
	ColumnsLine int
}

// rowAt is the prefix that says where a row is in the file: "line 7: ".
func (c ChartCopy) rowAt(label string) string { return lineAt(c.Lines[label]) }

// columnsAt is the prefix that says where the column headings are.
func (c ChartCopy) columnsAt() string { return lineAt(c.ColumnsLine) }

func lineAt(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf("line %d: ", n)
}

// LoadedChart is a validated copy: its rows, columns and cells in order.
type LoadedChart struct {
	Rows    []string   `json:"rows"`
	Columns []string   `json:"columns"`
	Cells   [][]string `json:"cells"`
}

// ShapeHelp describes the data file a group loads into the slot.
func (s *ChartSlot) ShapeHelp() string {
	rows := "a row for each modified total, as numbers or ranges (\"0 or less\", \"2-3\", \"7 or more\") covering every total once"
	switch {
	case !s.Rolled() && s.RowBands == BandsFromStart:
		rows = "a row for each band of values, as numbers or ranges (\"1-4\", \"5-8\", \"9 or more\") covering every value from the first once, the last open above"
	case !s.Rolled() && s.RowBands == "":
		rows = "a row for each line of the chart, named as printed"
	}
	if s.RowsHelp != "" {
		rows += " (" + s.RowsHelp + ")"
	}
	if s.Rows != nil {
		labels := make([]string, len(s.Rows))
		for i, r := range s.Rows {
			labels[i] = fmt.Sprintf("%q", r.Label)
		}
		rows = "a row for each of " + strings.Join(labels, ", ")
	}
	cols := "the columns the copy names in columns: [...] (" + s.ColumnsHelp + ")"
	if len(s.ColumnBands) > 0 {
		cols = "the columns the copy names in columns: [...] as bands of values " + bandGroupsHelp(s.ColumnBands) + " (" + s.ColumnsHelp + ")"
	}
	if s.Columns != nil {
		cols = fmt.Sprintf("%d cells in the column order %s", len(s.Columns), strings.Join(s.Columns, ", "))
	}
	return fmt.Sprintf("The chart file names the chart (chart: %s) and gives cells: %s, each with %s; each cell is %s",
		s.ID, rows, cols, s.CellHelp)
}

// rowFor returns the index of the row a modified total falls in, clamping
// to the first or last row as the printed charts do.
func rowFor(rows []RowKey, total int) (int, bool) {
	for i, r := range rows {
		if total >= r.Min && total <= r.Max {
			return i, false
		}
	}
	if len(rows) == 0 {
		return -1, false
	}
	if total < rows[0].Min {
		return 0, true
	}
	return len(rows) - 1, true
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
func (s *ChartSlot) RollSlot(d Dice, lc *LoadedChart, columnName string, mods []AppliedModifier) (*ChartRoll, error) {
	if !s.Rolled() {
		return nil, &RuleError{Kind: ErrInvalid, Code: "chart.lookup", What: s.Title + " is looked up, not rolled", Hint: "Use /chart show"}
	}
	if lc == nil {
		return nil, ErrChartNotLoaded(s)
	}
	col := Column(lc.Columns, columnName)
	if col < 0 {
		return nil, &RuleError{Kind: ErrInvalid, Code: "chart.column", What: fmt.Sprintf("%s has no column %q", s.Title, columnName),
			Hint: "Its columns: " + strings.Join(lc.Columns, ", ")}
	}
	terms, natural := s.Dice.Roll(d)
	r := &ChartRoll{Chart: s.ID, Title: s.Title, Dice: s.Dice.String(), Natural: natural, Total: natural, Modifiers: mods, Column: lc.Columns[col]}
	for _, t := range terms {
		r.Faces = append(r.Faces, t.Faces...)
	}
	for _, m := range mods {
		r.Total += m.Value
	}
	keys := make([]RowKey, len(lc.Rows))
	for i, l := range lc.Rows {
		keys[i] = ParseRowKey(l)
	}
	row, clamped := rowFor(keys, r.Total)
	r.Row, r.Clamped, r.Result = lc.Rows[row], clamped, lc.Cells[row][col]
	return r, nil
}

// ErrChartNotLoaded is the error for a roll on an empty slot: it names the
// chart to load.
func ErrChartNotLoaded(s *ChartSlot) error {
	return &RuleError{Kind: ErrIllegal, Code: "chart.empty",
		What: fmt.Sprintf("%s (%s) is not loaded: its numbers are printed on the game's charts, not in the rules text", s.Title, s.ID),
		Hint: fmt.Sprintf("Load your copy with /chart load name:%s (%s)", s.ID, s.ShapeHelp())}
}
