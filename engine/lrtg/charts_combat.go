package lrtg

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The Combat Chart's two column groups (gcacw-slots.yaml): the defender's
// result is read by the defender's combat value in a "D" column, the
// attacker's by the attacker's in an "A" column.
const (
	combatDefender = "D"
	combatAttacker = "A"
)

// CombatReading is a settled lookup on the group's Combat Chart: the row
// of the modified difference, each side's column and cell, and the
// results with any extra letters and their effects.
type CombatReading struct {
	Diff       int    `json:"diff"`
	Row        string `json:"row"`
	RowClamped bool   `json:"row_clamped,omitempty"` // off the printed rows: the nearest end
	// AttackerColumn and DefenderColumn are the headings read ("A 1-4").
	AttackerColumn string `json:"attacker_column"`
	DefenderColumn string `json:"defender_column"`
	// AttackerBetween and DefenderBetween: the side's combat value fell
	// between two columns (a half) and gcacw.combat-settings chose.
	AttackerBetween string      `json:"attacker_between,omitempty"` // "lower" or "higher"
	DefenderBetween string      `json:"defender_between,omitempty"`
	Attacker        ChartResult `json:"attacker"`
	Defender        ChartResult `json:"defender"`
}

// Combat reads the group's Combat Chart: the row of diff (the attacker's
// modified die minus the defender's), the attacker's result in the "A"
// column of attCV and the defender's in the "D" column of defCV. It
// returns 000's part of each result; CombatLookup gives the extra letters
// the copy declares too (gcacw.combat-codes), which an attack must apply.
func (c SeriesCharts) Combat(attCV, defCV float64, diff int) (att, def CombatResult, row, attCol, defCol string, err error) {
	r, err := c.CombatLookup(attCV, defCV, diff)
	if err != nil {
		return CombatResult{}, CombatResult{}, "", "", "", err
	}
	return r.Attacker.Result, r.Defender.Result, r.Row, r.AttackerColumn, r.DefenderColumn, nil
}

// CombatLookup is Combat with everything that explains it.
func (c SeriesCharts) CombatLookup(attCV, defCV float64, diff int) (CombatReading, error) {
	lc, err := c.Need(SlotCombat)
	if err != nil {
		return CombatReading{}, err
	}
	r := CombatReading{Diff: diff}
	i, clamped := engine.BandIndex(lc.Rows, diff)
	if i < 0 {
		return r, chartProblem(SlotCombat, fmt.Sprintf("no row holds a difference of %d", diff), "Its rows are bands of the difference, open at both ends")
	}
	r.Row, r.RowClamped = lc.Rows[i], clamped
	aj, aBetween, err := c.combatColumn(lc, combatAttacker, "attacker", attCV)
	if err != nil {
		return r, err
	}
	dj, dBetween, err := c.combatColumn(lc, combatDefender, "defender", defCV)
	if err != nil {
		return r, err
	}
	r.AttackerColumn, r.AttackerBetween = lc.Columns[aj], aBetween
	r.DefenderColumn, r.DefenderBetween = lc.Columns[dj], dBetween
	codes, err := c.codes()
	if err != nil {
		return r, err
	}
	for _, side := range []struct {
		cell string
		col  string
		into *ChartResult
	}{{lc.Cells[i][aj], r.AttackerColumn, &r.Attacker}, {lc.Cells[i][dj], r.DefenderColumn, &r.Defender}} {
		res, err := parseChartResult(side.cell, codes)
		if err != nil {
			return r, chartProblem(SlotCombat, fmt.Sprintf("row %q, column %q: %v", r.Row, side.col, err),
				"Declare the letter in gcacw.combat-codes or correct the cell")
		}
		*side.into = res
	}
	return r, nil
}

// combatColumn returns the column of a side's combat value in its group.
// A value with a half between two columns' bands reads the one
// gcacw.combat-settings names ("between columns": lower or higher); a
// value below the first band reads the first, above the last the last
// (which is open above).
func (c SeriesCharts) combatColumn(lc *engine.LoadedChart, group, side string, cv float64) (int, string, error) {
	var labels []string
	var idx []int
	for j, h := range lc.Columns {
		if g, k, ok := engine.SplitBandHeading(h, []string{combatDefender, combatAttacker}); ok && g == group {
			labels, idx = append(labels, k.Label), append(idx, j)
		}
	}
	if len(labels) == 0 {
		return 0, "", chartProblem(SlotCombat, fmt.Sprintf("it has no %q columns for the %s", group, side), fmt.Sprintf("Name them %q, ...", group+" 1-4"))
	}
	lo, _ := engine.BandIndex(labels, int(math.Floor(cv)))
	hi, _ := engine.BandIndex(labels, int(math.Ceil(cv)))
	if lo == hi {
		return idx[lo], "", nil
	}
	way, err := c.Setting("between columns")
	if err != nil {
		return 0, "", &engine.RuleError{Kind: engine.ErrIllegal, Code: "chart.empty",
			What: fmt.Sprintf("The %s's combat value %s falls between the columns %q and %q: which one it reads is a note of your Combat Chart, and gcacw.combat-settings is not loaded",
				side, formatCV(cv), lc.Columns[idx[lo]], lc.Columns[idx[hi]]),
			Hint: "Load your copy with /chart load name:" + SlotCombatSettings + " (between columns: lower or higher)"}
	}
	if way == "higher" {
		return idx[hi], way, nil
	}
	return idx[lo], way, nil
}

// formatCV writes a combat value as printed: 4, 4½.
func formatCV(v float64) string {
	whole := math.Floor(v)
	s := strconv.FormatFloat(whole, 'f', -1, 64)
	switch frac := v - whole; {
	case frac == 0:
		return s
	case frac == 0.5 && whole == 0:
		return "½"
	case frac == 0.5:
		return s + "½"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Setting returns a row of gcacw.combat-settings ("between columns"), or
// the refusal that names the chart to load.
func (c SeriesCharts) Setting(name string) (string, error) {
	lc, err := c.Need(SlotCombatSettings)
	if err != nil {
		return "", err
	}
	i := rowOf(lc, name)
	if i < 0 {
		return "", chartProblem(SlotCombatSettings, fmt.Sprintf("it has no row %q", name), "Its rows: "+strings.Join(lc.Rows, ", "))
	}
	return lc.Cells[i][0], nil
}

// ChartModifier is a die-roll modifier the group's Combat Chart names
// (gcacw.combat-modifiers): the die it modifies (the attacker's or the
// defender's), its range, and who states whether it applies.
type ChartModifier struct {
	Name     string `json:"name"`
	Side     string `json:"side"` // attacker or defender
	Min      int    `json:"min"`
	Max      int    `json:"max"`
	StatedBy string `json:"stated_by"` // attacker, defender or umpire
}

// Modifiers returns the Combat Chart's die-roll modifiers in the copy's
// order, or the refusal that names the chart to load.
func (c SeriesCharts) Modifiers() ([]ChartModifier, error) {
	lc, err := c.Need(SlotCombatModifiers)
	if err != nil {
		return nil, err
	}
	col := func(name string) int { return engine.Column(lc.Columns, name) }
	side, lo, hi, by := col("side"), col("min"), col("max"), col("stated by")
	if side < 0 || lo < 0 || hi < 0 || by < 0 {
		return nil, chartProblem(SlotCombatModifiers, "its columns are not side, min, max, stated by", "Load a copy of the slot's shape")
	}
	var out []ChartModifier
	var list []*engine.RuleError
	for i, name := range lc.Rows {
		m := ChartModifier{Name: name, Side: lc.Cells[i][side], StatedBy: lc.Cells[i][by]}
		var e1, e2 error
		m.Min, e1 = strconv.Atoi(strings.TrimPrefix(lc.Cells[i][lo], "+"))
		m.Max, e2 = strconv.Atoi(strings.TrimPrefix(lc.Cells[i][hi], "+"))
		switch {
		case e1 != nil || e2 != nil:
			list = append(list, chartProblem(SlotCombatModifiers, fmt.Sprintf("row %q: min and max are whole numbers", name), "e.g. 0 and +2").(*engine.RuleError))
			continue
		case m.Min > m.Max:
			list = append(list, chartProblem(SlotCombatModifiers, fmt.Sprintf("row %q: min %d is above max %d", name, m.Min, m.Max), "Give the least value first").(*engine.RuleError))
			continue
		}
		out = append(out, m)
	}
	if err := joinChartProblems(list); err != nil {
		return nil, err
	}
	return out, nil
}
