package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Fill-in templates (issue 22, LITN set-up 4: "A group types 200-300 chart
// cells ... a fill-in template per chart with the printed layout's rows and
// columns named"). A template is a chart file that /chart load reads once
// it is filled in: every row and column the slot fixes, by name; every
// cell present as "?". It is made from the slot's declaration alone, never
// from a copy: it holds no number of a printed chart.
//
// What the slot does not fix is a placeholder in angle brackets for the
// group to replace ("<row 1>", "<band 1>", "<n> or more"), and the header
// says how. A rolled chart whose copy names its rows gets a row for each
// total its dice can roll and one open row each side for the modifiers:
// the dice's range, not the chart's.

// TemplateCell is what every cell of a template holds until filled in.
const TemplateCell = "?"

// isPlaceholder reports whether a row label or column heading is still a
// template's placeholder ("<row 1>", "D <band 2>").
func isPlaceholder(s string) bool {
	i := strings.Index(s, "<")
	return i >= 0 && strings.Contains(s[i:], ">")
}

// templateRows are a template's row labels and what the header says of
// them.
func (s *ChartSlot) templateRows() ([]string, string) {
	if s.Rows != nil {
		labels := make([]string, len(s.Rows))
		for i, r := range s.Rows {
			labels[i] = r.Label
		}
		return labels, "The rows are fixed by the rules: keep them as they are."
	}
	help := ""
	if s.RowsHelp != "" {
		help = "Rows: " + s.RowsHelp + ". "
	}
	switch {
	case s.Rolled():
		lo, hi := s.Dice.bounds()
		labels := []string{fmt.Sprintf("%d or less", lo-1)}
		for v := lo; v <= hi; v++ {
			labels = append(labels, strconv.Itoa(v))
		}
		labels = append(labels, fmt.Sprintf("%d or more", hi+1))
		return labels, help + fmt.Sprintf("Here, a row for each total %s can roll (%d to %d) and one open row each side for the modifiers. "+
			"Make them the rows your copy prints: merge rows into ranges (\"2-3\"), add or remove rows; the first stays open below (\"... or less\"), the last open above (\"... or more\"), and every total has one row.",
			s.Dice.String(), lo, hi)
	case s.RowBands == BandsOpen:
		return []string{"<n> or less", "<band 1>", "<band 2>", "<n> or more"}, help +
			"Replace each <...> with the bands your copy prints (\"-2 or less\", \"-1\", \"0-1\", \"2 or more\"), adding or removing rows: every value has one row, the first open below, the last open above."
	case s.RowBands == BandsFromStart:
		return []string{"<band 1>", "<band 2>", "<n> or more"}, help +
			"Replace each <...> with the bands your copy prints (\"1-4\", \"5-8\", \"9 or more\"), adding or removing rows: every value from the first row's has one row, the last open above."
	}
	return []string{"<row 1>", "<row 2>", "<row 3>"}, help +
		"Replace each <row N> with a row of your copy, named as printed, in its order; add or remove rows to match it."
}

// templateColumns are a template's column headings, whether the file must
// give them (columns: [...]), and what the header says of them.
func (s *ChartSlot) templateColumns() ([]string, bool, string) {
	if s.Columns != nil {
		return s.Columns, false, "The columns are fixed by the rules; each row's cells are in the order " + strings.Join(s.Columns, ", ") + "."
	}
	help := ""
	if s.ColumnsHelp != "" {
		help = "Columns: " + s.ColumnsHelp + ". "
	}
	if len(s.ColumnBands) > 0 {
		var cols []string
		for _, g := range s.ColumnBands {
			for _, b := range []string{"<band 1>", "<band 2>", "<n> or more"} {
				cols = append(cols, strings.TrimSpace(g+" "+b))
			}
		}
		last := "the last of each group open above (\"... or more\")"
		if s.ColumnBandsClosed {
			last = "the last of each group may be closed (\"56\") or open above"
		}
		return cols, true, help + "Replace each <...> in columns: with the bands your copy prints " + bandGroupsHelp(s.ColumnBands) +
			", adding or removing columns (and a cell in every row for each): every value has one column, " + last + "."
	}
	return []string{"<column 1>", "<column 2>"}, true, help +
		"Replace each <column N> with a column heading of your copy, as printed, in its order; add or remove columns (and a cell in every row for each)."
}

// bounds are the least and greatest totals of the expression.
func (x DiceExpr) bounds() (lo, hi int) {
	for _, t := range x.Terms {
		a, b := t.Count, t.Count // a modifier
		if t.IsDice() {
			a, b = t.Count, t.Count*t.Sides
		}
		if t.Sign < 0 {
			a, b = -b, -a
		}
		lo, hi = lo+a, hi+b
	}
	return lo, hi
}

// Template is the slot's fill-in chart file: a header saying what the
// chart is, which rules use it and how to fill it in (extra lines first,
// e.g. the games that use it), then chart:, columns: where the copy names
// them, and cells: with every row and a "?" for every cell.
func (s *ChartSlot) Template(extra ...string) string {
	rows, rowsNote := s.templateRows()
	cols, named, colsNote := s.templateColumns()
	var head []string
	head = append(head, fmt.Sprintf("Fill-in template for %s: %s.", s.ID, s.Title))
	head = append(head, extra...)
	head = append(head, "Used by: "+s.Source+".")
	if s.Notes != "" {
		head = append(head, s.Notes)
	}
	if s.Rolled() {
		head = append(head, "Rolled on "+s.Dice.String()+": the modified total picks the row.")
	} else {
		head = append(head, "Looked up, not rolled.")
	}
	head = append(head, rowsNote, colsNote)
	for _, c := range cols {
		if f, ok := s.ColumnCells[c]; ok {
			head = append(head, fmt.Sprintf("Column %s: %s.", c, f.Help))
		}
	}
	for _, r := range rows {
		if f, ok := s.RowCells[r]; ok {
			head = append(head, fmt.Sprintf("Row %s: %s.", r, f.Help))
		}
	}
	head = append(head,
		fmt.Sprintf("Every cell is %q until you type what your printed copy says: %s.", TemplateCell, s.CellHelp),
		"This template holds no number of the printed chart: only its shape, from the rules text.",
		fmt.Sprintf("Load it filled in with /chart load name:%s file:<this file>; /chart show name:%s then lays it out as printed to proof-read.", s.ID, s.ID))
	var b strings.Builder
	for _, h := range head {
		for _, l := range wrapWords(h, 88) {
			b.WriteString("# " + l + "\n")
		}
	}
	fmt.Fprintf(&b, "chart: %s\n", s.ID)
	if named {
		b.WriteString("columns: [" + quoteAll(cols) + "]\n")
	}
	b.WriteString("# Each row: \"<row>\": [" + strings.Join(cols, " | ") + "]\n")
	b.WriteString("cells:\n")
	cells := make([]string, len(cols))
	for i := range cells {
		cells[i] = TemplateCell
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(strconv.Quote(r)))
	}
	for _, r := range rows {
		q := strconv.Quote(r)
		fmt.Fprintf(&b, "  %s:%s [%s]\n", q, strings.Repeat(" ", width-len(q)), quoteAll(cells))
	}
	return b.String()
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

// wrapWords cuts text into lines of at most width bytes at spaces.
func wrapWords(text string, width int) []string {
	var lines []string
	var cur strings.Builder
	for _, w := range strings.Fields(text) {
		if cur.Len() > 0 && cur.Len()+1+len(w) > width {
			lines = append(lines, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
		}
		cur.WriteString(w)
	}
	if cur.Len() > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}
