package scenarios

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The nine LITN printed charts that are not in the seeds are declared as
// slots, never as numbers (002's README: "Its printed charts ... are not
// included").
func TestLITNChartSlots(t *testing.T) {
	lib := library(t)
	want := []string{"litn.command-point", "litn.command-broadcast", "litn.commitment", "litn.combat-options",
		"litn.combat-results", "litn.excess-losses", "litn.attrition", "litn.union-militia", "litn.movement-costs"}
	n := 0
	for _, s := range lib.Slots {
		if s.Game == "litn" {
			n++
		}
	}
	if n != len(want) {
		t.Errorf("%d LITN slots, want %d", n, len(want))
	}
	for _, id := range want {
		s := lib.Slot(id)
		if s == nil {
			t.Errorf("no slot %s", id)
			continue
		}
		if lib.Table(id) != nil || lib.Chart(id) != nil {
			t.Errorf("%s has numbers in the project", id)
		}
		if s.Rolled() {
			_, err := s.RollSlot(engine.Script(), nil, "x", nil)
			if !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "/chart load name:"+id) {
				t.Errorf("%s empty: %v", id, err)
			}
		}
	}
	// 10.1: the attacker's option picks the row, the defender's the column.
	co := lib.Slot("litn.combat-options")
	if strings.Join(co.Columns, ",") != "Withdraw,Stand,Pitched Battle" || len(co.Rows) != 3 || co.Rolled() {
		t.Errorf("combat options shape: %+v", co)
	}
	// 11: attrition reads friendly or enemy territory, rows 1-7 (no LOC adds 1).
	at := lib.Slot("litn.attrition")
	if len(at.Rows) != 7 || len(at.Columns) != 2 || !at.Cell.MatchString("1/0") || at.Cell.MatchString("1") {
		t.Errorf("attrition shape: %+v", at)
	}
}

func TestChartFileKeepsRowOrder(t *testing.T) {
	id, c, err := ParseChartFile([]byte("chart: litn.movement-costs\ncolumns: [Infantry, Cavalry]\ncells:\n  Clear: [1, 1]\n  Ridge: [2, 2]\n  Ford: [3, P]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if id != "litn.movement-costs" || strings.Join(c.Order, ",") != "Clear,Ridge,Ford" || c.Cells["Ford"][1] != "P" {
		t.Fatalf("%s %+v", id, c)
	}
	lc, err := library(t).Slot(id).Validate(c)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(lc.Rows, ",") != "Clear,Ridge,Ford" {
		t.Errorf("rows = %v", lc.Rows)
	}
	for _, bad := range []string{"chart: x\ncells:\n  a: [1]\n  a: [2]\n", "chart: x\ncells:\n  a: 1\n", "chart: x\n", "cells: [\n"} {
		if _, _, err := ParseChartFile([]byte(bad)); err == nil {
			t.Errorf("ParseChartFile(%q) accepted", bad)
		}
	}
}
