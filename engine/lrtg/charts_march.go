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

// MarchExtensionAll is the row of gcacw.extended-march-settings that
// holds for every kind of unit.
const MarchExtensionAll = "all"

// marchExtensions reads gcacw.extended-march-settings: how many movement
// points past the allowance an extended march buys, by unit kind (or one
// row "all"). The Standardized Rules say it, not the seeds (issue 21).
// Every problem at once: a row that names no kind of unit, "all" beside
// kinds of its own, a cost that is not movement points.
func (c SeriesCharts) marchExtensions() (map[string]float64, error) {
	lc, err := c.Need(SlotExtendedMarchSettings)
	if err != nil {
		return nil, err
	}
	col := engine.Column(lc.Columns, "extra MP")
	if col < 0 {
		return nil, chartProblem(SlotExtendedMarchSettings, "its column is not extra MP", "Load a copy of the slot's shape")
	}
	out := map[string]float64{}
	var list []*engine.RuleError
	bad := func(f string, a ...any) {
		list = append(list, chartProblem(SlotExtendedMarchSettings, fmt.Sprintf(f, a...),
			"Rows are all, or unit kinds (infantry, cavalry, artillery, militia); a cell is movement points (1, ½, 1½)").(*engine.RuleError))
	}
	for i, row := range lc.Rows {
		name := strings.ToLower(strings.TrimSpace(row))
		switch engine.UnitKind(name) {
		case engine.KindInfantry, engine.KindCavalry, engine.KindArtillery, engine.KindMilitia:
		default:
			if name != MarchExtensionAll {
				bad("row %q is not all or a kind of unit", row)
				continue
			}
		}
		v, ok := parseCost(lc.Cells[i][col])
		if !ok || v.Add || v.None || v.Prohibited || v.MP <= 0 {
			bad("row %q: %q is not a number of movement points", row, lc.Cells[i][col])
			continue
		}
		out[name] = v.MP
	}
	if _, all := out[MarchExtensionAll]; all && len(out) > 1 {
		bad("the row all holds for every kind: it cannot stand beside rows by kind")
	}
	if err := joinChartProblems(list); err != nil {
		return nil, err
	}
	return out, nil
}

// MarchExtension is how many movement points past the allowance an
// extended march buys the kinds of a stack (marchKinds: leaders go along,
// militia as infantry where the copy has no row for them): the least of
// theirs, since they march together. ok is false when the copy is not
// loaded (the extension's length is then the player's word) or says
// nothing for one of the kinds.
func (c SeriesCharts) MarchExtension(kinds []string) (mp float64, ok bool, err error) {
	if !c.Has(SlotExtendedMarchSettings) {
		return 0, false, nil
	}
	ext, err := c.marchExtensions()
	if err != nil {
		return 0, false, err
	}
	for i, k := range kinds {
		v, found := ext[MarchExtensionAll]
		if !found {
			v, found = ext[k]
		}
		if !found && k == string(engine.KindMilitia) {
			v, found = ext[string(engine.KindInfantry)]
		}
		if !found {
			return 0, false, nil
		}
		if i == 0 || v < mp {
			mp = v
		}
	}
	return mp, len(kinds) > 0, nil
}
