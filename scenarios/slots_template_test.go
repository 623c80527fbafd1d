package scenarios

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Every slot's fill-in template (issue 22, LITN set-up 4) is a chart file:
// it reads, it names the rows and columns the slot fixes, every cell is
// "?", and loaded unfilled it is refused cell by cell. Filled in
// programmatically with INVENTED values (placeholders replaced by bands
// and names, "?" by the first value of the cell's form), it loads.
func TestChartSlotTemplatesLoadWhenFilled(t *testing.T) {
	lib := library(t)
	if len(lib.Slots) == 0 {
		t.Fatal("no slots")
	}
	for _, s := range lib.Slots {
		t.Run(s.ID, func(t *testing.T) {
			tpl := s.Template("Games: test")
			for _, want := range []string{"# Fill-in template for " + s.ID, "Used by: " + s.Source, "/chart load name:" + s.ID, "Games: test"} {
				if !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(tpl, "\n# ", " ")), " "), want) {
					t.Errorf("the header lacks %q:\n%s", want, tpl)
				}
			}
			id, cp, err := ParseChartFile([]byte(tpl))
			if err != nil || id != s.ID {
				t.Fatalf("the template does not read: %q %v\n%s", id, err, tpl)
			}
			for _, r := range s.Rows {
				if _, ok := cp.Cells[r.Label]; !ok {
					t.Errorf("fixed row %q is not in the template", r.Label)
				}
			}
			if s.Columns != nil && len(cp.Columns) != 0 {
				t.Errorf("fixed columns given in the template: %v", cp.Columns)
			}
			ncols := len(s.Columns) + len(cp.Columns)
			for _, row := range cp.Order {
				if len(cp.Cells[row]) != ncols {
					t.Errorf("row %q has %d cells, want %d", row, len(cp.Cells[row]), ncols)
				}
				for _, c := range cp.Cells[row] {
					if c != engine.TemplateCell {
						t.Errorf("row %q: cell %q in a template (no numbers)", row, c)
					}
				}
			}
			if _, err := s.Validate(cp); err == nil || !(strings.Contains(err.Error(), "not filled in") || strings.Contains(err.Error(), "placeholder")) {
				t.Errorf("the unfilled template loads or says so badly: %v", err)
			}

			filled := fillTemplate(t, s, cp)
			id, fcp, err := ParseChartFile([]byte(filled))
			if err != nil || id != s.ID {
				t.Fatalf("the filled template does not read: %v\n%s", err, filled)
			}
			lc, err := s.Validate(fcp)
			if err != nil {
				t.Fatalf("the filled template does not load: %v\n%s", err, filled)
			}
			if len(lc.Rows) != len(cp.Order) {
				t.Errorf("%d rows loaded, the template has %d", len(lc.Rows), len(cp.Order))
			}
		})
	}
}

// fillTemplate writes the template's chart file with INVENTED values: a
// placeholder row or column becomes a band or a name of its kind, each
// "?" the first invented value its cell's form takes.
func fillTemplate(t *testing.T, s *engine.ChartSlot, cp engine.ChartCopy) string {
	t.Helper()
	band := map[string]string{"<n> or less": "0 or less", "<band 1>": "1-2", "<band 2>": "3-4", "<n> or more": "5 or more"}
	if s.RowBands == engine.BandsFromStart {
		band = map[string]string{"<band 1>": "1-2", "<band 2>": "3-4", "<n> or more": "5 or more"}
	}
	label := func(l string, n int, kind string) string {
		if !strings.Contains(l, "<") {
			return l
		}
		for ph, b := range band {
			if strings.HasSuffix(l, ph) {
				return strings.TrimSpace(strings.TrimSuffix(l, ph) + " " + b)
			}
		}
		return fmt.Sprintf("%s %d", kind, n)
	}
	cols := s.Columns
	var b strings.Builder
	fmt.Fprintf(&b, "# INVENTED FOR TESTS: a filled-in template, not a printed chart\nchart: %s\n", s.ID)
	if len(cp.Columns) > 0 {
		cols = nil
		for i, c := range cp.Columns {
			cols = append(cols, label(c, i+1, "Column"))
		}
		b.WriteString("columns: [" + quoted(cols) + "]\n")
	}
	b.WriteString("cells:\n")
	invented := []string{"1", "Full", "60%", "U", "1/0", "none", "lower", "attacker", "player", "+1"}
	for i, row := range cp.Order {
		l := label(row, i+1, "Row")
		var cells []string
		for _, c := range cols {
			f := engine.CellForm{Cell: s.Cell, Help: s.CellHelp}
			if rf, ok := s.ColumnCells[c]; ok {
				f = rf
			}
			if rf, ok := s.RowCells[l]; ok {
				f = rf
			}
			v := ""
			for _, x := range invented {
				if f.Cell.MatchString(x) {
					v = x
					break
				}
			}
			if v == "" {
				t.Fatalf("no invented value fits %s", f.Help)
			}
			cells = append(cells, v)
		}
		fmt.Fprintf(&b, "  %s: [%s]\n", strconv.Quote(l), quoted(cells))
	}
	return b.String()
}

func quoted(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}
