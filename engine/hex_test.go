package engine

import (
	"errors"
	"testing"
)

func TestOffsetAxialRoundTrip(t *testing.T) {
	for _, p := range []Parity{OddColumnsDown, EvenColumnsDown} {
		for col := 1; col < 12; col++ {
			for row := 1; row < 12; row++ {
				c, r := AxialToOffset(OffsetToAxial(col, row, p), p)
				if c != col || r != row {
					t.Fatalf("parity %d: %02d%02d -> %02d%02d", p, col, row, c, r)
				}
			}
		}
	}
}

// LITN 002 names the hexsides 1426/1525 and 3902/4002: those hexes touch,
// which holds when odd columns sit lower.
func TestLITNNeighboursFixTheParity(t *testing.T) {
	for _, pair := range [][4]int{{14, 26, 15, 25}, {39, 2, 40, 2}} {
		a := OffsetToAxial(pair[0], pair[1], OddColumnsDown)
		b := OffsetToAxial(pair[2], pair[3], OddColumnsDown)
		if Distance(a, b) != 1 {
			t.Errorf("%02d%02d and %02d%02d are %d apart", pair[0], pair[1], pair[2], pair[3], Distance(a, b))
		}
		if d := Distance(OffsetToAxial(pair[0], pair[1], EvenColumnsDown), OffsetToAxial(pair[2], pair[3], EvenColumnsDown)); d == 1 && pair[1] != pair[3] {
			t.Errorf("the other parity also joins %v", pair)
		}
	}
}

func TestDistance(t *testing.T) {
	a := OffsetToAxial(10, 10, OddColumnsDown)
	for _, n := range a.Neighbours() {
		if Distance(a, n) != 1 {
			t.Fatalf("neighbour %v at %d", n, Distance(a, n))
		}
	}
	// Straight down a column: rows apart.
	if d := Distance(a, OffsetToAxial(10, 17, OddColumnsDown)); d != 7 {
		t.Errorf("down a column: %d", d)
	}
	// Across: columns apart when rows zig-zag within reach.
	if d := Distance(a, OffsetToAxial(16, 10, OddColumnsDown)); d != 6 {
		t.Errorf("across: %d", d)
	}
}

func TestSheetTranslation(t *testing.T) {
	s := Sheet{ID: "SN", Parity: OddColumnsDown, DQ: 3, DR: -2, MinCol: 1, MaxCol: 60, MinRow: 1, MaxRow: 40}
	g := s.Global(25, 30)
	col, row, ok := s.Printed(g)
	if !ok || col != 25 || row != 30 {
		t.Fatalf("printed back %02d%02d %v", col, row, ok)
	}
	// An odd translation keeps neighbours neighbours.
	if Distance(s.Global(25, 30), s.Global(26, 30)) != 1 || Distance(s.Global(26, 30), s.Global(27, 29)) != 1 {
		t.Error("the translation broke adjacency")
	}
}

func testSheets() []Sheet {
	return []Sheet{
		{ID: "SS", Family: "SJW", Letter: "S", MinCol: 1, MaxCol: 60, MinRow: 1, MaxRow: 50},
		{ID: "SN", Family: "SJW", Letter: "N", MinCol: 1, MaxCol: 60, MinRow: 1, MaxRow: 50},
		{ID: "HW", Family: "HCR", Letter: "W", MinCol: 1, MaxCol: 60, MinRow: 1, MaxRow: 60},
		{ID: "HE", Family: "HCR", Letter: "E", MinCol: 1, MaxCol: 60, MinRow: 1, MaxRow: 60},
		{ID: "RS", Family: "RTG", Letter: "S", MinCol: 1, MaxCol: 60, MinRow: 1, MaxRow: 50},
		{ID: "RN", Family: "RTG", Letter: "N", MinCol: 1, MaxCol: 60, MinRow: 1, MaxRow: 50},
	}
}

func TestParseHexRef(t *testing.T) {
	sheets := testSheets()
	cases := []struct {
		in, ctx, want string
	}{
		{"SS4129", "", "SS4129"},
		{"S$4927", "", "SS4927"},
		{"HCR W 4424", "", "HW4424"},
		{"HCR E 2050", "", "HE2050"},
		{"HE 2050", "", "HE2050"},
		{"RTG S0116", "", "RS0116"},
		{"SJW N 4804", "", "SN4804"},
		{"N4907", "RTG", "RN4907"},
		{"E930", "", "HE0930"},
		{"RS0632", "", "RS0632"},
		{"rs0632", "", "RS0632"},
	}
	for _, c := range cases {
		got, err := ParseHexRef(c.in, sheets, c.ctx)
		if err != nil || got.String() != c.want {
			t.Errorf("ParseHexRef(%q, %q) = %v, %v; want %s", c.in, c.ctx, got, err, c.want)
		}
	}
	litn := []Sheet{{ID: "LITN", MinCol: 1, MaxCol: 60, MinRow: 1, MaxRow: 40}}
	if got, err := ParseHexRef("4001", litn, ""); err != nil || got.String() != "LITN4001" {
		t.Errorf("LITN 4001 = %v, %v", got, err)
	}
	for _, bad := range []string{"N4907", "4001", "XX1010", "SS9999", "SS", "hello", "SS41290"} {
		if _, err := ParseHexRef(bad, sheets, ""); !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseHexRef(%q) = %v", bad, err)
		}
	}
}
