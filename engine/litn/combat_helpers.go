package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Small helpers of the combat rules: reading a chart slot's cell, integer
// arithmetic as the charts round it, and the words a roll is logged with.

// lookup reads a looked-up chart slot's cell.
func lookup(c Charts, id, row, col string) (*Lookup, error) {
	s, lc := c.Library.Slot(id), c.Loaded[id]
	if lc == nil {
		return nil, errChartMissing(s)
	}
	j := engine.Column(lc.Columns, col)
	for i, rw := range lc.Rows {
		if strings.EqualFold(rw, row) && j >= 0 {
			return &Lookup{Chart: id, Row: rw, Column: lc.Columns[j], Result: lc.Cells[i][j]}, nil
		}
	}
	return nil, engine.Invalid("chart.cell", fmt.Sprintf("%s has no cell for row %q, column %q", s.Title, row, col), "Its rows: "+strings.Join(lc.Rows, ", ")+"; columns: "+strings.Join(lc.Columns, ", "))
}

// roundHalfUp rounds num/den to the nearest whole number, halves up
// (10.5); den > 0, num >= 0.
func roundHalfUp(num, den int64) int { return int((2*num + den) / (2 * den)) }

func atoi(s string) int {
	n := 0
	for _, ch := range strings.TrimSpace(s) {
		if ch < '0' || ch > '9' {
			break
		}
		n = n*10 + int(ch-'0')
	}
	return n
}

func choose(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

func boolInt(c bool) int {
	if c {
		return 1
	}
	return 0
}

func joinS(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " + ")
}

// chartLine explains a chart slot roll: slot, dice, modifiers, row.
func chartLine(cr *engine.ChartRoll) string {
	return fmt.Sprintf("%s (%s) %s rolled %s%s = %d, row %s%s", cr.Title, cr.Chart, cr.Dice, ints(cr.Faces), mods(cr.Modifiers), cr.Total, cr.Row, choose(cr.Clamped, " (beyond the chart's rows: the nearest)", ""))
}

func tableLine(tr *engine.TableRoll) string {
	return fmt.Sprintf("%s rolled %s%s = %d", tr.Dice, ints(tr.Faces), mods(tr.Modifiers), tr.Total)
}

func mods(ms []engine.AppliedModifier) string {
	var sb strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&sb, " %+d (%s)", m.Value, m.Reason)
	}
	return sb.String()
}
