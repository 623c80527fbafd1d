package engine

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// maxShapeProblems is how many of a copy's problems a refusal lists; the
// rest are counted. A whole chart typed with the wrong grammar has a
// problem per cell, and a refusal of hundreds of lines helps nobody.
const maxShapeProblems = 20

// shapeProblems collects what is wrong with a copy, so that a refusal
// lists every problem at once (issue 21: "Checks on load say everything
// that is wrong at once, not one error per attempt").
type shapeProblems []string

func (p *shapeProblems) add(f string, a ...any) { *p = append(*p, fmt.Sprintf(f, a...)) }

// refusal is the one error that lists the problems: a single problem
// reads as it always has ("Title: row "2-3" is missing").
func (p shapeProblems) refusal(s *ChartSlot) error {
	if len(p) == 0 {
		return nil
	}
	what, hint := s.Title+": "+p[0], s.ShapeHelp()
	if len(p) > 1 {
		hint = "Correct them all and load it again. " + hint
		lines := p
		if len(lines) > maxShapeProblems {
			lines = lines[:maxShapeProblems]
		}
		what = fmt.Sprintf("%s: %d problems:\n- %s", s.Title, len(p), strings.Join(lines, "\n- "))
		if n := len(p) - len(lines); n > 0 {
			what += fmt.Sprintf("\n- and %d more", n)
		}
	}
	return &RuleError{Kind: ErrInvalid, Code: "chart.shape", What: what, Hint: hint}
}

// Validate checks a group's copy of the chart against the slot's shape:
// every row, every column, every cell of the declared form; rows or
// columns that are bands must cover every value once. The one refusal
// lists every problem found and where; nothing is loaded unless there is
// none.
func (s *ChartSlot) Validate(c ChartCopy) (*LoadedChart, error) {
	var p shapeProblems
	cols := s.checkColumns(c, &p)
	rows, badLabels := s.checkRows(c, &p)
	known := map[string]bool{}
	for _, r := range rows {
		known[r.Label] = true
	}
	for _, key := range copyOrder(c) {
		if !known[key] && !badLabels[key] {
			p.add("%sit has no row %q", c.rowAt(key), key)
		}
	}
	out := &LoadedChart{Columns: cols, Cells: make([][]string, 0, len(rows))}
	for _, r := range rows {
		row, ok := c.Cells[r.Label]
		if !ok {
			p.add("row %q is missing", r.Label)
			continue
		}
		if cols == nil {
			continue // the copy named no columns: its cells cannot be read
		}
		if len(row) != len(cols) {
			p.add("%srow %q has %d cells; it needs %d (%s)", c.rowAt(r.Label), r.Label, len(row), len(cols), strings.Join(cols, ", "))
			continue
		}
		clean := make([]string, len(row))
		for j, cell := range row {
			cell = strings.TrimSpace(cell)
			if f := s.cellForm(r.Label, cols[j]); cell == TemplateCell || cell == "" {
				p.add("%srow %q, column %q is not filled in: type what your copy prints, %s", c.rowAt(r.Label), r.Label, cols[j], f.Help)
			} else if !f.Cell.MatchString(cell) {
				p.add("%srow %q, column %q: %q is not %s", c.rowAt(r.Label), r.Label, cols[j], cell, f.Help)
			}
			clean[j] = cell
		}
		out.Rows = append(out.Rows, r.Label)
		out.Cells = append(out.Cells, clean)
	}
	if err := p.refusal(s); err != nil {
		return nil, err
	}
	return out, nil
}

// copyOrder is the copy's row labels in the file's order (ParseChartFile
// keeps it), or sorted when a copy was built without it: a refusal lists
// its problems in the same order every time.
func copyOrder(c ChartCopy) []string {
	if len(c.Order) == len(c.Cells) {
		return c.Order
	}
	keys := make([]string, 0, len(c.Cells))
	for k := range c.Cells {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// checkColumns returns the copy's columns (the slot's, or the copy's own
// where the slot lets it name them), nil when they cannot be known.
func (s *ChartSlot) checkColumns(c ChartCopy, p *shapeProblems) []string {
	cols := s.Columns
	switch {
	case cols == nil && len(c.Columns) == 0:
		p.add("the copy must name its columns (columns: [...]), %s", s.ColumnsHelp)
		return nil
	case cols == nil:
		cols = c.Columns
		seen := map[string]bool{}
		for _, h := range cols {
			switch {
			case isPlaceholder(h):
				p.add("%scolumn %q is still the template's placeholder: give the heading your copy prints", c.columnsAt(), h)
			case strings.TrimSpace(h) == "":
				p.add("%scolumn headings must be distinct and not empty: one is empty", c.columnsAt())
			case seen[h]:
				p.add("%scolumn headings must be distinct and not empty: %q is given twice", c.columnsAt(), h)
			}
			seen[h] = true
		}
		if len(s.ColumnBands) > 0 && !slices.ContainsFunc(cols, isPlaceholder) {
			checkColumnBands(cols, s.ColumnBands, !s.ColumnBandsClosed, c.columnsAt(), p)
		}
	case len(c.Columns) > 0:
		p.add("%sits columns are fixed by the rules (%s): leave columns: out", c.columnsAt(), strings.Join(cols, ", "))
	}
	return cols
}

// checkRows returns the rows the copy must have, in order, and the copy's
// labels already refused as not bands (so they are not also "no row").
func (s *ChartSlot) checkRows(c ChartCopy, p *shapeProblems) ([]RowKey, map[string]bool) {
	if s.Rows != nil {
		return s.Rows, nil
	}
	bad := map[string]bool{}
	if !s.Rolled() && s.RowBands == "" {
		// A looked-up chart whose copy names its rows: any distinct
		// names, in the file's order.
		var rows []RowKey
		for _, label := range copyOrder(c) {
			if strings.TrimSpace(label) == "" {
				p.add("a row has no name")
				bad[label] = true
				continue
			}
			if isPlaceholder(label) {
				p.add("%srow %q is still the template's placeholder: name it as your copy prints it", c.rowAt(label), label)
				bad[label] = true
				continue
			}
			rows = append(rows, RowKey{Label: label})
		}
		if len(rows) == 0 && len(bad) == 0 {
			p.add("it has no rows")
		}
		return rows, bad
	}
	var rows []RowKey
	placeholders := false
	for _, label := range copyOrder(c) {
		if isPlaceholder(label) {
			p.add("%srow %q is still the template's placeholder: give the band your copy prints", c.rowAt(label), label)
			bad[label], placeholders = true, true
			continue
		}
		k, ok := parseBand(label)
		if !ok {
			p.add("%srow %q is not a number or a range such as 2-3, 0 or less, 7 or more", c.rowAt(label), label)
			bad[label] = true
			continue
		}
		rows = append(rows, k)
	}
	if len(rows) == 0 || placeholders {
		// With placeholders left, the bands' gaps and ends say nothing
		// the placeholders have not.
		if len(bad) == 0 {
			p.add("it has no rows")
		}
		return nil, bad
	}
	sortRows(rows)
	openBelow := s.Rolled() || s.RowBands == BandsOpen
	switch {
	case openBelow && (rows[0].Min != math.MinInt || rows[len(rows)-1].Max != math.MaxInt):
		p.add("its first row must be open below (e.g. \"0 or less\") and its last open above (e.g. \"7 or more\"), so every total has a row")
	case !openBelow && rows[len(rows)-1].Max != math.MaxInt:
		p.add("its last row must be open above (e.g. \"9 or more\"), so every value from the first row's has a row")
	}
	bandSequence("rows", "row", rows, c.rowAt, p)
	return rows, bad
}

func sortRows(rows []RowKey) {
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Min < rows[j].Min })
}
