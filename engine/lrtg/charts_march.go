package lrtg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// ExtendedMarchCap is 003's "Treat Results >8 on Extend March Table as 8"
// (003 MOVEMENT, Extend March die roll modifiers): LRTG's, for the march
// to apply to the modified total before it reads the table; the reader
// itself reads any total (a total off the copy's rows reads its nearest
// end, as printed charts do).
const ExtendedMarchCap = 8

// MarchReading is a settled lookup on the group's Extended March Table.
type MarchReading struct {
	Total   int         `json:"total"`
	Row     string      `json:"row"`
	Clamped bool        `json:"clamped,omitempty"`
	Column  string      `json:"column"`
	Cell    string      `json:"cell"`
	Result  ChartResult `json:"result"` // Result.Result.Loss is the manpower lost
}

// ExtendedMarch reads the group's Extended March Table: the row of the
// modified total, the column named (a unit type, as the copy names its
// columns; "" when the copy has a single column).
func (c SeriesCharts) ExtendedMarch(total int, column string) (MarchReading, error) {
	lc, err := c.Need(SlotExtendedMarch)
	if err != nil {
		return MarchReading{}, err
	}
	j := engine.Column(lc.Columns, column)
	if column == "" && len(lc.Columns) == 1 {
		j = 0
	}
	if j < 0 {
		return MarchReading{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.column",
			What: fmt.Sprintf("The Extended March Table (%s) has no column %q", SlotExtendedMarch, column),
			Hint: "Its columns: " + strings.Join(lc.Columns, ", ")}
	}
	i, clamped := engine.BandIndex(lc.Rows, total)
	if i < 0 {
		return MarchReading{}, chartProblem(SlotExtendedMarch, fmt.Sprintf("no row holds a total of %d", total), "Its rows are bands of the modified roll")
	}
	r := MarchReading{Total: total, Row: lc.Rows[i], Clamped: clamped, Column: lc.Columns[j], Cell: lc.Cells[i][j]}
	codes, err := c.codes()
	if err != nil {
		return r, err
	}
	if r.Result, err = parseChartResult(r.Cell, codes); err != nil {
		return r, chartProblem(SlotExtendedMarch, fmt.Sprintf("row %q, column %q: %v", r.Row, r.Column, err), "Correct the cell")
	}
	return r, nil
}

// MarchModifier is a modifier the group's Extended March Table lists
// beyond the seeds' (gcacw.extended-march-modifiers): its value and who
// states whether it applies (the moving player or the umpire).
type MarchModifier struct {
	Name     string `json:"name"`
	Value    int    `json:"value"`
	StatedBy string `json:"stated_by"` // player or umpire
}

// MarchModifiers returns the modifiers the group's table lists beyond the
// seeds', in the copy's order: none when the slot is not loaded (the
// seeds' own modifiers, 003 and 004, are the umpire's without it).
func (c SeriesCharts) MarchModifiers() ([]MarchModifier, error) {
	lc := c.Loaded[SlotExtendedMarchModifiers]
	if lc == nil {
		return nil, nil
	}
	val, by := engine.Column(lc.Columns, "value"), engine.Column(lc.Columns, "stated by")
	if val < 0 || by < 0 {
		return nil, chartProblem(SlotExtendedMarchModifiers, "its columns are not value, stated by", "Load a copy of the slot's shape")
	}
	var out []MarchModifier
	for i, name := range lc.Rows {
		v, err := strconv.Atoi(strings.TrimPrefix(lc.Cells[i][val], "+"))
		if err != nil {
			return nil, chartProblem(SlotExtendedMarchModifiers, fmt.Sprintf("row %q: %q is not a whole number", name, lc.Cells[i][val]), "e.g. +1")
		}
		out = append(out, MarchModifier{Name: name, Value: v, StatedBy: lc.Cells[i][by]})
	}
	return out, nil
}
