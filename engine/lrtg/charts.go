package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The series' charts: the GCACW Standardized Rules' printed charts that
// LRTG and LRTA play on, whose numbers are not in the seeds (issue 21). A
// group loads its own copy of each into a chart slot (/chart load;
// scenarios/rules/gcacw-slots.yaml; docs/series-charts.md); a game keeps
// the copies loaded when it started (State.Charts, from
// engine.GameStarted.Charts). SeriesCharts reads them, typed, for the
// marches and attacks that settle with them.

// The series' chart slots.
const (
	SlotCombat                 = "gcacw.combat"
	SlotCombatCodes            = "gcacw.combat-codes"
	SlotCombatSettings         = "gcacw.combat-settings"
	SlotCombatModifiers        = "gcacw.combat-modifiers"
	SlotExtendedMarch          = "gcacw.extended-march"
	SlotExtendedMarchModifiers = "gcacw.extended-march-modifiers"
	SlotExtendedMarchSettings  = "gcacw.extended-march-settings"
	SlotTerrainCosts           = "gcacw.terrain-costs"
)

// SeriesSlots are the series' chart slots, in the order docs/series-charts.md
// describes them.
var SeriesSlots = []string{SlotCombat, SlotCombatCodes, SlotCombatSettings, SlotCombatModifiers,
	SlotExtendedMarch, SlotExtendedMarchModifiers, SlotExtendedMarchSettings, SlotTerrainCosts}

// SeriesCharts reads a game's loaded copies of the series' charts. The
// library gives each slot's title and shape for a refusal that names the
// chart to load; Loaded is the game's copies by slot id.
type SeriesCharts struct {
	Library *engine.Library
	Loaded  map[string]*engine.LoadedChart
}

// SeriesCharts returns the game's series' charts as kept from its start.
func (g Game) SeriesCharts(lib *engine.Library) SeriesCharts {
	return SeriesCharts{Library: lib, Loaded: g.Charts}
}

// Has reports whether the game has a copy of the slot.
func (c SeriesCharts) Has(slot string) bool { return c.Loaded[slot] != nil }

// Need returns the copy of a slot, or the refusal that names the chart to
// load (engine.ErrChartNotLoaded, "chart.empty").
func (c SeriesCharts) Need(slot string) (*engine.LoadedChart, error) {
	if lc := c.Loaded[slot]; lc != nil {
		return lc, nil
	}
	return nil, c.notLoaded(slot)
}

func (c SeriesCharts) notLoaded(slot string) error {
	if c.Library != nil {
		if s := c.Library.Slot(slot); s != nil {
			return engine.ErrChartNotLoaded(s)
		}
	}
	// A library without the slot (a test's): the same refusal, by id.
	return engine.ErrChartNotLoaded(&engine.ChartSlot{ID: slot, Title: slot})
}

// chartProblem is the refusal for a loaded copy the reader cannot use
// (a letter no slot declares, a cost of the wrong kind): the load checked
// its shape, not what one chart says of another.
func chartProblem(slot, what, hint string) error {
	return &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.content", What: fmt.Sprintf("%s: %s", slot, what),
		Hint: hint + fmt.Sprintf(" (/chart load name:%s; docs/series-charts.md)", slot)}
}

// rowOf is the index of a named row (case-insensitive), or -1.
func rowOf(lc *engine.LoadedChart, name string) int {
	for i, r := range lc.Rows {
		if strings.EqualFold(strings.TrimSpace(r), strings.TrimSpace(name)) {
			return i
		}
	}
	return -1
}

// Check reads every loaded copy through, as the marches and attacks
// will: each problem one chart's copy has with another's (a result letter
// gcacw.combat-codes does not declare, a road's cost written as a hexside
// addition) is listed at once, as the load checks list theirs.
func (c SeriesCharts) Check() error {
	var list []*engine.RuleError
	add := func(err error) {
		if re, ok := err.(*engine.RuleError); ok {
			list = append(list, re)
		} else if err != nil {
			list = append(list, &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.content", What: err.Error()})
		}
	}
	codes, err := c.codes()
	add(err)
	for _, slot := range []string{SlotCombat, SlotExtendedMarch} {
		lc := c.Loaded[slot]
		if lc == nil {
			continue
		}
		for i, row := range lc.Cells {
			for j, cell := range row {
				if _, err := parseChartResult(cell, codes); err != nil {
					add(chartProblem(slot, fmt.Sprintf("row %q, column %q: %v", lc.Rows[i], lc.Columns[j], err), "Declare the letter in gcacw.combat-codes or correct the cell"))
				}
			}
		}
	}
	if c.Has(SlotCombatModifiers) {
		_, err := c.Modifiers()
		add(err)
	}
	if c.Has(SlotTerrainCosts) {
		_, err := c.terrain()
		add(err)
	}
	if c.Has(SlotExtendedMarchSettings) {
		_, err := c.marchExtensions()
		add(err)
	}
	return joinChartProblems(list)
}

// joinChartProblems is one refusal for every problem found: none is nil,
// one is itself.
func joinChartProblems(list []*engine.RuleError) error {
	switch len(list) {
	case 0:
		return nil
	case 1:
		return list[0]
	}
	parts := make([]string, len(list))
	for i, e := range list {
		parts[i] = e.What
	}
	return &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.content",
		What: fmt.Sprintf("%d problems with the loaded charts:\n- %s", len(list), strings.Join(parts, "\n- ")),
		Hint: "Correct them all and load the copies again (/chart load; docs/series-charts.md)"}
}
