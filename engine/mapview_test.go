package engine

import "testing"

func boxTheatre() *Theatre {
	s := Sheet{ID: "HW", Family: "HCR", Letter: "W", Parity: EvenColumnsDown, MinCol: 1, MaxCol: 40, MinRow: 1, MaxRow: 40}
	t := &Theatre{ID: "t", Sheets: []Sheet{s}}
	t.Places = []Place{{Name: "A", Hex: s.Global(10, 10), Kinds: []string{"town"}}, {Name: "B", Hex: s.Global(14, 13), Kinds: []string{"town"}},
		{Name: "Far", Hex: s.Global(30, 30), Kinds: []string{"town"}}}
	return t
}

func TestBoxSection(t *testing.T) {
	th := boxTheatre()
	a, b := th.Place("A").Hex, th.Place("B").Hex
	v1, err := th.Box(a, b, "x")
	if err != nil {
		t.Fatal(err)
	}
	v2, _ := th.Box(b, a, "x")
	if len(v1.Hexes) != len(v2.Hexes) || len(v1.Hexes) < 15 || len(v1.Hexes) > 25 {
		t.Fatalf("box 10,10-14,13: %d and %d hexes", len(v1.Hexes), len(v2.Hexes))
	}
	in := map[Hex]bool{}
	for _, h := range v1.Hexes {
		in[h.Hex] = true
	}
	if !in[a] || !in[b] || len(v1.Places) != 2 {
		t.Fatalf("corners in: %v %v, places %+v", in[a], in[b], v1.Places)
	}
	s := th.Sheets[0]
	if _, err := th.Box(s.Global(1, 1), s.Global(40, 40), "x"); err == nil {
		t.Error("a 1,600-hex box was drawn")
	}
}

func TestSectionOffTheMap(t *testing.T) {
	th := boxTheatre()
	if _, err := th.Section(Hex{Q: 500, R: 500}, 3, "x"); err == nil {
		t.Error("a section off the map was drawn")
	}
	v, err := th.Section(th.Sheets[0].Global(1, 1), 3, "x")
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range v.Hexes {
		if h.Label == "" {
			t.Fatal("a hex off the sheet is in the view")
		}
	}
	if len(v.Hexes) >= 37 {
		t.Errorf("corner section has %d hexes: those off the sheet should be left out", len(v.Hexes))
	}
}
