package scenarios

import (
	"os"
	"strings"
	"testing"
)

// LITN's banded columns (broadcast distances, combat strengths) are
// checked for gaps and overlaps like rows, and every problem of a file is
// reported at once with its line (issue 22, LITN set-up 3). The copies
// here are invented: only their headings and shape matter.
func TestLITNColumnBandsChecked(t *testing.T) {
	lib := library(t)
	file := `chart: litn.combat-results
columns: ["1-16", "17-25", "20-35", "40 or more"]
cells:
  "1 or less": [0, 0, 0, 0]
  "2-3": [0, 0, x, 0]
  "5 or more": [0, 0, 0]
`
	id, c, err := ParseChartFile([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	_, err = lib.Slot(id).Validate(c)
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	for _, want := range []string{
		`line 2: columns "17-25" and "20-35" overlap (both hold 20)`,
		`line 2: columns "20-35" and "40 or more" leave a gap (no column for 36 to 39)`,
		`line 5: row "2-3", column "20-35": "x" is not`,
		`line 6: rows "2-3" and "5 or more" leave a gap (no row for 4)`,
		`line 6: row "5 or more" has 3 cells; it needs 4`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("refusal lacks %q:\n%s", want, msg)
		}
	}
	// The broadcast table's distances have no maximum (7.1): its last
	// column is open; the combat table's may be closed (10.5).
	_, c, err = ParseChartFile([]byte(`chart: litn.command-broadcast
columns: ["1-4", "5-8"]
cells:
  "1 or less": [Full, Full]
  "2 or more": [Full, Full]
`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lib.Slot("litn.command-broadcast").Validate(c); err == nil || !strings.Contains(err.Error(), `line 2: the last of the columns, "5-8", must be open above`) {
		t.Errorf("closed broadcast bands: %v", err)
	}
	// The invented test fixtures stay valid.
	for _, f := range []string{"combat-results", "command-broadcast"} {
		b, err := os.ReadFile("../engine/litn/testdata/" + f + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		id, c, err := ParseChartFile(b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lib.Slot(id).Validate(c); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// A file whose rows cannot be read lists each, with its line.
func TestChartFileListsEveryProblem(t *testing.T) {
	_, _, err := ParseChartFile([]byte(`chart: litn.attrition
cells:
  "1": [1/0, 1/0]
  "2": 1/0
  "1": [1/0, 1/0]
  "3": [[1], 1/0]
`))
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	for _, want := range []string{"3 problems", `line 4: row "2": give its cells as a list`,
		`line 5: row "1" is given twice (first on line 3)`, `line 6: row "3": every cell is a single value`} {
		if !strings.Contains(msg, want) {
			t.Errorf("lacks %q:\n%s", want, msg)
		}
	}
}
