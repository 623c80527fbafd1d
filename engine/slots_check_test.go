package engine

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// A copy with several problems is refused once, listing each of them
// (issue 21: checks on load say everything that is wrong at once).
func TestSlotValidateListsEveryProblem(t *testing.T) {
	d6, _ := ParseDice("1d6")
	s := &ChartSlot{ID: "x.points", Title: "Points", Dice: d6, Columns: []string{"A", "B"},
		Cell: regexp.MustCompile(`^\d+$`), CellHelp: "a whole number", RowsHelp: "the die roll"}
	bad := ChartCopy{Cells: map[string][]string{
		"1 or less": {"1", "x"},      // a bad cell
		"2-4":       {"1", "2", "3"}, // a wrong count
		"6 or more": {"2", "3"},      // and a gap: no row for 5
	}, Order: []string{"1 or less", "2-4", "6 or more"}}
	_, err := s.Validate(bad)
	var re *RuleError
	if !errors.As(err, &re) || re.Code != "chart.shape" || !errors.Is(err, ErrInvalid) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"3 problems", `rows "2-4" and "6 or more" leave a gap (no row for 5)`,
		`row "2-4" has 3 cells; it needs 2 (A, B)`, `row "1 or less", column "B": "x" is not a whole number`} {
		if !strings.Contains(re.What, want) {
			t.Errorf("refusal lacks %q:\n%s", want, re.What)
		}
	}
	// One problem reads as it always has.
	one := ChartCopy{Cells: map[string][]string{"1 or less": {"1", "2"}, "2 or more": {"1", "y"}}}
	if _, err := s.Validate(one); err == nil || !strings.HasPrefix(err.Error(), `Points: row "2 or more", column "B": "y" is not a whole number.`) {
		t.Errorf("one problem: %v", err)
	}
	// A copy typed all wrong lists twenty problems and counts the rest.
	many := ChartCopy{Cells: map[string][]string{}}
	for i := 1; i <= 30; i++ {
		many.Cells[fmt.Sprint(i)] = []string{"?", "?"}
	}
	many.Cells["0 or less"], many.Cells["31 or more"] = []string{"1", "1"}, []string{"1", "1"}
	_, err = s.Validate(many)
	if err == nil || !strings.Contains(err.Error(), "60 problems") || !strings.Contains(err.Error(), "- and 40 more") ||
		strings.Count(err.Error(), "\n- ") != 21 {
		t.Errorf("many problems: %v", err)
	}
}

// Fixed rows: an unknown row and a missing one are both named.
func TestSlotValidateUnknownAndMissingRows(t *testing.T) {
	s := &ChartSlot{ID: "x.opts", Title: "Options", Rows: []RowKey{{Label: "Probe"}, {Label: "Assault"}},
		Columns: []string{"Stand"}, Cell: regexp.MustCompile(`^\d$`), CellHelp: "a digit"}
	_, err := s.Validate(ChartCopy{Cells: map[string][]string{"Probe": {"1"}, "Asault": {"2"}}, Order: []string{"Probe", "Asault"}})
	if err == nil || !strings.Contains(err.Error(), `it has no row "Asault"`) || !strings.Contains(err.Error(), `row "Assault" is missing`) {
		t.Errorf("err = %v", err)
	}
}

func TestSlotBandsOverlapAndGaps(t *testing.T) {
	var p shapeProblems
	rows := []RowKey{ParseRowKey("1-4"), ParseRowKey("4-6"), ParseRowKey("9 or more"), ParseRowKey("8-7")}
	sortRows(rows)
	bandSequence("rows", "row", rows, func(string) string { return "" }, &p)
	got := strings.Join(p, "\n")
	for _, want := range []string{`rows "1-4" and "4-6" overlap (both hold 4)`, `row "8-7" runs backwards`} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	p = nil
	rows = []RowKey{ParseRowKey("1-4"), ParseRowKey("8 or more")}
	bandSequence("rows", "row", rows, func(string) string { return "" }, &p)
	if len(p) != 1 || p[0] != `rows "1-4" and "8 or more" leave a gap (no row for 5 to 7)` {
		t.Errorf("gap: %q", p)
	}
}

// A combat chart's columns are combat-value bands in two groups, each
// from its first value, open at the top.
func TestSlotColumnBands(t *testing.T) {
	s := &ChartSlot{ID: "x.combat", Title: "Combat", RowBands: BandsOpen, ColumnBands: []string{"D", "A"},
		Cell: regexp.MustCompile(`^\S+$`), CellHelp: "a result", RowsHelp: "the difference", ColumnsHelp: "combat values"}
	good := ChartCopy{Columns: []string{"D 1-4", "D 5 or more", "A 1-2", "A 3 or more"},
		Cells: map[string][]string{"0 or less": {"-", "-", "1", "-"}, "1 or more": {"1", "2", "-", "-"}}}
	lc, err := s.Validate(good)
	if err != nil {
		t.Fatal(err)
	}
	if i, clamped := BandIndex(lc.Rows, -7); i != 0 || clamped {
		t.Errorf("row for -7: %d %v", i, clamped)
	}
	bad := ChartCopy{Columns: []string{"D 1-4", "D 4-8", "A 1-2", "A 5-6", "X 1", "D"},
		Cells: map[string][]string{"0 or less": {"-", "-", "-", "-", "-", "-"}, "2 or more": {"-", "-", "-", "-", "-", "-"}}}
	_, err = s.Validate(bad)
	msg := fmt.Sprint(err)
	for _, want := range []string{`columns D "D 1-4" and "D 4-8" overlap (both hold 4)`, `columns A "A 1-2" and "A 5-6" leave a gap (no column for 3 to 4)`,
		`column "X 1" is not a band of values`, `column "D" is not a band`, `the last of the columns D, "D 4-8", must be open above`,
		`the last of the columns A, "A 5-6", must be open above`, `rows "0 or less" and "2 or more" leave a gap (no row for 1)`} {
		if !strings.Contains(msg, want) {
			t.Errorf("lacks %q:\n%s", want, msg)
		}
	}
	g, k, ok := SplitBandHeading("A 9 or more", s.ColumnBands)
	if !ok || g != "A" || k.Min != 9 {
		t.Errorf("split: %q %+v %v", g, k, ok)
	}
}

// A looked-up chart's banded rows from its start: open at the top only.
func TestSlotRowBandsFromStart(t *testing.T) {
	s := &ChartSlot{ID: "x.band", Title: "Band", RowBands: BandsFromStart, Columns: []string{"v"},
		Cell: regexp.MustCompile(`^\d$`), CellHelp: "a digit", RowsHelp: "values"}
	if _, err := s.Validate(ChartCopy{Cells: map[string][]string{"2-3": {"1"}, "4 or more": {"2"}}}); err != nil {
		t.Fatal(err)
	}
	_, err := s.Validate(ChartCopy{Cells: map[string][]string{"2-3": {"1"}, "4-5": {"2"}, "Fort": {"3"}}})
	if err == nil || !strings.Contains(err.Error(), "must be open above") || !strings.Contains(err.Error(), `row "Fort" is not a number`) ||
		strings.Contains(err.Error(), `no row "Fort"`) {
		t.Errorf("err = %v", err)
	}
	if i, clamped := BandIndex([]string{"2-3", "4 or more"}, 1); i != 0 || !clamped {
		t.Errorf("below the first band: %d %v", i, clamped)
	}
}
