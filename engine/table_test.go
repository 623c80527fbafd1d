package engine

import (
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"
)

func riotTable() *Table {
	x, _ := ParseDice("3d6")
	return &Table{
		ID: "t.riots", Title: "Riots", Dice: x,
		Facts: []FactSpec{{Name: "removed", Kind: FactInt, Min: 0, Max: 20, Description: "manpower removed"},
			{Name: "rain", Kind: FactBool, Description: "it rains"}},
		Modifiers: []Modifier{{Value: -1, Per: "removed", Reason: "manpower removed"},
			{Value: 2, When: &Condition{Fact: "rain", Op: "true"}, Reason: "rain"}},
		Floor:    &Bound{Value: 3, Reason: "never less than 3"},
		Entries:  []Entry{{Min: math.MinInt, Max: 10, Outcome: "low"}, {Min: 11, Max: math.MaxInt, Outcome: "high"}},
		Outcomes: []Outcome{{ID: "low", Name: "Low", Values: map[string]int{"n": 1}}, {ID: "high", Name: "High"}},
	}
}

func TestTableModifiersAndFloor(t *testing.T) {
	tb := riotTable()
	r, err := tb.Roll(Script(6, 6, 5), Facts{"removed": 4, "rain": 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Natural != 17 || r.Total != 15 || len(r.Modifiers) != 2 || r.Modifiers[0].Value != -4 || r.Outcome != "high" {
		t.Fatalf("roll = %+v", r)
	}
	if !strings.Contains(r.Modifiers[0].Reason, "4 × -1") {
		t.Errorf("per-unit reason = %q", r.Modifiers[0].Reason)
	}
	r, err = tb.Roll(Script(1, 1, 2), Facts{"removed": 9, "rain": 0})
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 3 || r.Bounded != "never less than 3" || r.Outcome != "low" || r.Values["n"] != 1 {
		t.Fatalf("floored roll = %+v", r)
	}
	if r.Facts["rain"] != "no" || r.Facts["removed"] != "9" {
		t.Errorf("facts shown = %v", r.Facts)
	}
}

func TestTableRefusesMissingFactsBeforeRolling(t *testing.T) {
	d := Script(1, 2, 3)
	_, err := riotTable().Roll(d, Facts{"rain": 1})
	var re *RuleError
	if !errors.As(err, &re) || re.Code != "table.facts" || !strings.Contains(err.Error(), "removed=<0-20>") {
		t.Fatalf("err = %v", err)
	}
	if d.Remaining() != 3 {
		t.Fatal("dice were rolled before the facts were checked")
	}
}

func chainTable() *Table {
	x, _ := ParseDice("1d6")
	yes := func(f string) Condition { return Condition{Fact: f, Op: "true"} }
	return &Table{
		ID: "t.chain", Title: "Chain", Dice: x,
		Facts: []FactSpec{{Name: "a", Kind: FactBool, Description: "a"}, {Name: "b", Kind: FactBool, Description: "b"}, {Name: "c", Kind: FactBool, Description: "c"}},
		Entries: []Entry{{Min: math.MinInt, Max: math.MaxInt, Outcome: "rain", Redirects: []Redirect{
			{From: "rain", When: yes("a"), To: "garrison", Reason: "a"},
			{From: "raid", When: yes("c"), To: "rain", Reason: "c"},
		}}},
		Outcomes: []Outcome{
			{ID: "rain", Name: "Rain"},
			{ID: "garrison", Name: "Garrison", Redirects: []Redirect{{From: "garrison", When: yes("b"), To: "raid", Reason: "b"}}},
			{ID: "raid", Name: "Raid"},
		},
	}
}

func TestRedirectChains(t *testing.T) {
	tb := chainTable()
	cases := []struct {
		f     Facts
		want  string
		steps int
	}{
		{Facts{"a": 0, "b": 1, "c": 1}, "rain", 0},
		{Facts{"a": 1, "b": 0, "c": 1}, "garrison", 1},
		{Facts{"a": 1, "b": 1, "c": 0}, "raid", 2},
		// Back to Rain: the chain ends where it began instead of looping.
		{Facts{"a": 1, "b": 1, "c": 1}, "rain", 3},
	}
	for _, c := range cases {
		r, err := tb.Roll(Script(3), c.f)
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != c.want || len(r.Redirects) != c.steps || r.Printed != "rain" {
			t.Errorf("%v: %s after %+v", c.f, r.Outcome, r.Redirects)
		}
	}
}

func TestContestTie(t *testing.T) {
	x, _ := ParseDice("1d6")
	tb := &Table{ID: "t.spy", Title: "Spy", Dice: x,
		Facts: []FactSpec{{Name: "tie", Kind: FactEnum, Values: []string{"csa", "usa"}, Description: "tie"},
			{Name: "north", Kind: FactBool, Description: "north"}},
		Sides:   []TableSide{{ID: "csa", Modifiers: []Modifier{{Value: -1, When: &Condition{Fact: "north", Op: "true"}, Reason: "north"}}}, {ID: "usa"}},
		TieFact: "tie", TieReason: "closest cavalry",
		Outcomes: []Outcome{{ID: "csa", Name: "CSA"}, {ID: "usa", Name: "USA"}},
	}
	r, err := tb.Roll(Script(5, 4), Facts{"tie": 1, "north": 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != "usa" || r.Sides[0].Total != 4 || r.Sides[1].Total != 4 || len(r.Redirects) != 1 {
		t.Fatalf("tie = %+v", r)
	}
	r, _ = tb.Roll(Script(5, 4), Facts{"tie": 1, "north": 0})
	if r.Outcome != "csa" || len(r.Redirects) != 0 {
		t.Fatalf("no tie = %+v", r)
	}
}

func TestPossibleTotals(t *testing.T) {
	lo, hi := riotTable().PossibleTotals()
	if lo != 3 || hi != 20 {
		t.Fatalf("3d6, -1 per 0..20, +2, floor 3: %d..%d, want 3..20", lo, hi)
	}
}

func TestParseFacts(t *testing.T) {
	specs := riotTable().Facts
	f, err := ParseFacts(specs, "removed=4, rain=yes")
	if err != nil || f["removed"] != 4 || f["rain"] != 1 {
		t.Fatalf("%v %v", f, err)
	}
	for _, bad := range []string{"removed=21", "rain=maybe", "snow=1", "removed"} {
		if _, err := ParseFacts(specs, bad); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "rain=yes|no") {
			t.Errorf("ParseFacts(%q) = %v", bad, err)
		}
	}
}

func TestConditions(t *testing.T) {
	f := Facts{"n": 4, "b": 0}
	cases := []struct {
		c    Condition
		want bool
	}{
		{Condition{Fact: "n", Op: "ge", Value: 4}, true},
		{Condition{Fact: "n", Op: "gt", Value: 4}, false},
		{Condition{Fact: "n", Op: "le", Value: 3}, false},
		{Condition{Fact: "n", Op: "lt", Value: 5}, true},
		{Condition{Fact: "n", Op: "eq", Value: 4}, true},
		{Condition{Fact: "n", Op: "ne", Value: 4}, false},
		{Condition{Fact: "b", Op: "false"}, true},
		{Condition{All: []Condition{{Fact: "b", Op: "false"}, {Fact: "n", Op: "eq", Value: 4}}}, true},
		{Condition{Any: []Condition{{Fact: "b", Op: "true"}, {Fact: "n", Op: "eq", Value: 3}}}, false},
		{Condition{Not: &Condition{Fact: "b", Op: "true"}}, true},
	}
	for _, c := range cases {
		got, err := c.c.Holds(f)
		if err != nil || got != c.want {
			t.Errorf("%+v = %v, %v", c.c, got, err)
		}
	}
	if _, err := (Condition{Fact: "zz", Op: "true"}).Holds(f); err == nil {
		t.Error("a missing fact held")
	}
}

func TestSlotRowsAndClamping(t *testing.T) {
	rows := []RowKey{ParseRowKey("1"), ParseRowKey("2-3"), ParseRowKey("4-6")}
	cases := []struct {
		total, row int
		clamped    bool
	}{{1, 0, false}, {3, 1, false}, {6, 2, false}, {0, 0, true}, {9, 2, true}}
	for _, c := range cases {
		row, clamped := rowFor(rows, c.total)
		if row != c.row || clamped != c.clamped {
			t.Errorf("total %d: row %d clamped %v", c.total, row, clamped)
		}
	}
	for label, want := range map[string][2]int{"0 or less": {math.MinInt, 0}, "7 or more": {7, math.MaxInt}, "-1": {-1, -1}, "2-3": {2, 3}, "Fort": {0, 0}} {
		k := ParseRowKey(label)
		if k.Min != want[0] || k.Max != want[1] {
			t.Errorf("%q = %d..%d", label, k.Min, k.Max)
		}
	}
}

func TestSlotCopyNamesItsRowsAndColumns(t *testing.T) {
	d6, _ := ParseDice("1d6")
	s := &ChartSlot{ID: "x.broadcast", Title: "Broadcast", Dice: d6, Cell: regexp.MustCompile(`^(Full|-[1-9])$`), CellHelp: "Full or -N",
		ColumnsHelp: "distance bands"}
	good := ChartCopy{Columns: []string{"1-4", "5-8", "9 or more"}, Cells: map[string][]string{
		"1 or less": {"-1", "-2", "-3"}, "2-4": {"Full", "-1", "-2"}, "5 or more": {"Full", "Full", "-1"}}}
	lc, err := s.Validate(good)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(lc.Rows, ",") != "1 or less,2-4,5 or more" || lc.Cells[2][2] != "-1" {
		t.Fatalf("loaded = %+v", lc)
	}
	r, err := s.RollSlot(Script(3), lc, "5-8", []AppliedModifier{{Value: 2, Reason: "x"}})
	if err != nil || r.Row != "5 or more" || r.Result != "Full" {
		t.Fatalf("roll = %+v, %v", r, err)
	}
	gap := ChartCopy{Columns: good.Columns, Cells: map[string][]string{"1 or less": {"-1", "-1", "-1"}, "3 or more": {"Full", "Full", "Full"}}}
	if _, err := s.Validate(gap); err == nil || !strings.Contains(err.Error(), "gap") {
		t.Errorf("gap: %v", err)
	}
	closed := ChartCopy{Columns: good.Columns, Cells: map[string][]string{"1": {"-1", "-1", "-1"}, "2 or more": {"Full", "Full", "Full"}}}
	if _, err := s.Validate(closed); err == nil || !strings.Contains(err.Error(), "open below") {
		t.Errorf("closed: %v", err)
	}
	if _, err := s.Validate(ChartCopy{Cells: good.Cells}); err == nil || !strings.Contains(err.Error(), "name its columns") {
		t.Errorf("no columns: %v", err)
	}
	if _, err := s.RollSlot(Script(), nil, "5-8", nil); !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), "/chart load name:x.broadcast") {
		t.Errorf("empty slot: %v", err)
	}
}
