package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// terrainView is the test section with an invented layer (not any
// group's terrain, not the publisher's map): woods, hills, a swamp and a
// clear hex; a road, a pike, a trail and a railroad; a river with a ford
// and a bridge, a minor river and a creek; and counters on top.
func terrainView(t *testing.T) *engine.MapView {
	t.Helper()
	th := testTheatre()
	at := func(col, row int) engine.Hex { return th.Sheets[0].Global(col, row) }
	hexes := map[string][]engine.Hex{"clear": {at(20, 20)}, "swamp": {at(17, 22), at(17, 23)}}
	for c := 21; c <= 23; c++ {
		for r := 17; r <= 19; r++ {
			hexes["woods"] = append(hexes["woods"], at(c, r))
		}
	}
	hexes["hills"] = []engine.Hex{at(24, 21), at(25, 21), at(25, 22)}
	// Walks by the directions of engine.Hex.Neighbours.
	const se, ne, n, nw, sw, s = 0, 1, 2, 3, 4, 5
	walk := func(h engine.Hex, dirs ...int) []engine.HexPair {
		var out []engine.HexPair
		for _, d := range dirs {
			next := h.Neighbours()[d]
			out = append(out, engine.SideOf(h, next))
			h = next
		}
		return out
	}
	// The river runs under a row of hexes from (17,22) east: each hex's
	// south side, and the lower hexes' south-west and south-east sides.
	var river []engine.HexPair
	h := at(17, 22)
	for i := 0; i < 6; i++ {
		river = append(river, engine.SideOf(h, h.Neighbours()[s]))
		if i%2 == 1 {
			river = append(river, engine.SideOf(h, h.Neighbours()[sw]), engine.SideOf(h, h.Neighbours()[se]))
			h = h.Neighbours()[ne]
		} else {
			h = h.Neighbours()[se]
		}
	}
	road := walk(at(20, 20), s, s, s, s)
	sides := map[string][]engine.HexPair{
		"road":        road,
		"pike":        walk(at(20, 20), ne, ne, ne, n, n, ne),
		"trail":       walk(at(20, 20), nw, nw, sw, nw, nw),
		"railroad":    walk(at(15, 16), se, ne, se, ne, se),
		"river":       river,
		"ford":        {river[1]},
		"bridge":      {},
		"minor-river": walk(at(23, 20), s, se)[:0],
		"creek":       {},
	}
	// Where the road meets the river, a bridge.
	for _, p := range road {
		for _, r := range river {
			if p == r {
				sides["bridge"] = append(sides["bridge"], p)
			}
		}
	}
	for _, d := range []int{ne, se, s} {
		sides["minor-river"] = append(sides["minor-river"], engine.SideOf(at(24, 20), at(24, 20).Neighbours()[d]))
	}
	for _, d := range []int{n, nw, sw} {
		sides["creek"] = append(sides["creek"], engine.SideOf(at(22, 21), at(22, 21).Neighbours()[d]))
	}
	if len(sides["bridge"]) == 0 {
		t.Fatal("the road does not cross the river")
	}
	layer := engine.NewTerrainLayer("test", "invented", hexes, sides)
	v, err := th.Section(th.Place("Harpers Ferry").Hex, 6, "Around Harpers Ferry (HW2020), radius 6, with an invented terrain layer")
	if err != nil {
		t.Fatal(err)
	}
	v.AddTerrain(layer)
	v.Counters = []engine.ViewCounter{
		{Hex: at(20, 20), Side: "usa", Name: "XII Corps", Kind: "infantry", Manpower: 9, Fatigue: 2},
		{Hex: at(22, 18), Side: "csa", Name: "Early", Kind: "infantry", Manpower: 6},
	}
	return v
}

func countColour(img image.Image, c color.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			// Within the paletted image's rounding (palette.go).
			if near(uint8(r>>8), c.R) && near(uint8(g>>8), c.G) && near(uint8(bl>>8), c.B) {
				n++
			}
		}
	}
	return n
}

func near(a, b uint8) bool { return a+6 >= b && b+6 >= a }

// The layer is drawn: the woods tinted, the water blue along hexsides,
// the roads across them; and the image matches its golden copy.
func TestSectionTerrain(t *testing.T) {
	v := terrainView(t)
	if len(v.Terrain) != 15 || len(v.Hexsides) == 0 {
		t.Fatalf("view: %d terrain hexes, %d hexsides", len(v.Terrain), len(v.Hexsides))
	}
	b, err := Section(v, Style{HexSize: 36})
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	// A hex of radius 36 is about 3,400 pixels: most of nine woods hexes
	// keep their tint under labels, lines and one counter.
	if n := countColour(got, tintWoods); n < 9*1500 {
		t.Errorf("%d woods pixels", n)
	}
	if n := countColour(got, tintRough); n < 3*1500 {
		t.Errorf("%d hills pixels", n)
	}
	for name, c := range map[string]color.RGBA{"river": riverInk, "creek": creekInk, "pike": pikeInk, "road": roadInk} {
		if n := countColour(got, c); n < 100 {
			t.Errorf("%s: %d pixels", name, n)
		}
	}
	golden := filepath.Join("testdata", "terrain.golden.png")
	if *update {
		if err := os.WriteFile(golden, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wb, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	want, err := png.Decode(bytes.NewReader(wb))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := compare(got, want); n > 0 {
		out := filepath.Join(t.TempDir(), "got.png")
		os.WriteFile(out, b, 0o644)
		t.Fatalf("%d pixels differ from %s; got: %s", n, golden, out)
	}
}

// Clear ground stays paper; other names get a tint, the same each time.
func TestTerrainTint(t *testing.T) {
	if _, ok := terrainTint("Clear"); ok {
		t.Error("clear is tinted")
	}
	if c, ok := terrainTint("Light Woods"); !ok || c != tintWoods {
		t.Error("light woods is not woods")
	}
	a, ok1 := terrainTint("badlands")
	b, ok2 := terrainTint("badlands")
	if !ok1 || !ok2 || a != b {
		t.Error("an unknown name's tint changes")
	}
}
