package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

var update = flag.Bool("update", false, "rewrite the golden images")

// testTheatre is a small map of its own, so the golden image does not move
// when the shipped map data grows.
func testTheatre() *engine.Theatre {
	sheets := []engine.Sheet{{ID: "HW", Name: "West", Family: "HCR", Letter: "W", Parity: engine.OddColumnsDown, MinCol: 1, MaxCol: 40, MinRow: 1, MaxRow: 40}}
	t := &engine.Theatre{ID: "test", Sheets: sheets}
	at := func(col, row int) engine.Hex { return sheets[0].Global(col, row) }
	t.Places = []engine.Place{
		{Name: "Harpers Ferry", Hex: at(20, 20), Kinds: []string{"town", "rr-station"}},
		{Name: "Frederick", Hex: at(24, 16), Kinds: []string{"town", "depot"}},
		{Name: "Fort Duncan", Hex: at(18, 22), Kinds: []string{"fort"}},
		{Name: "Sugar Loaf", Hex: at(25, 22), Kinds: []string{"mountain"}},
	}
	t.Lines = []engine.Line{
		{Name: "Potomac", Kind: "river", Hexes: []engine.Hex{at(14, 22), at(16, 21), at(18, 21), at(20, 21), at(22, 22), at(24, 23), at(27, 23)}},
		{Name: "B&O", Kind: "railroad", Hexes: []engine.Hex{at(14, 19), at(17, 20), at(20, 20), at(23, 18), at(24, 16)}},
	}
	c := func(col, row int) engine.Point { return engine.Center(at(col, row)) }
	t.Regions = []engine.Region{{ID: "md", Name: "Maryland", Kind: "state", Rings: [][]engine.Point{{c(12, 10), c(30, 10), c(30, 21), c(12, 21)}}}}
	return t
}

func TestSectionGolden(t *testing.T) {
	th := testTheatre()
	centre := th.Place("Harpers Ferry").Hex
	v, err := th.Section(centre, 6, "Around Harpers Ferry (HW2020), radius 6")
	if err != nil {
		t.Fatal(err)
	}
	v.Caption = []string{"Turn 12, June 24, 1863"}
	at := func(col, row int) engine.Hex { return th.Sheets[0].Global(col, row) }
	v.Counters = []engine.ViewCounter{
		{Hex: at(20, 20), Side: "usa", Name: "XII Corps", Kind: "infantry", Manpower: 9, Fatigue: 2},
		{Hex: at(20, 20), Side: "usa", Name: "Slocum", Kind: "leader"},
		{Hex: at(22, 18), Side: "csa", Name: "Early", Kind: "infantry", Manpower: 6, Marks: []string{"OOS"}},
		{Hex: at(17, 17), Side: "csa", Unidentified: true, Kind: "force"},
		{Hex: at(23, 21), Side: "csa", Name: "Stuart", Kind: "cavalry", Manpower: 4, SeenTurn: 10},
	}
	b, err := Section(v, Style{HexSize: 36})
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 1<<20 {
		t.Errorf("PNG is %d bytes, more than 1 MB", len(b))
	}
	got, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "section.golden.png")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
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
	if n, diff := compare(got, want); n > 0 {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "got.png"), b, 0o644)
		var db bytes.Buffer
		png.Encode(&db, diff)
		os.WriteFile(filepath.Join(dir, "diff.png"), db.Bytes(), 0o644)
		t.Fatalf("%d pixels differ from %s; got and diff images in %s", n, golden, dir)
	}
}

// compare counts differing pixels and paints them red on a faded copy.
func compare(got, want image.Image) (int, image.Image) {
	if got.Bounds() != want.Bounds() {
		return got.Bounds().Dx() * got.Bounds().Dy(), got
	}
	b := got.Bounds()
	diff := image.NewRGBA(b)
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, a1 := got.At(x, y).RGBA()
			r2, g2, b2, a2 := want.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				n++
				diff.Set(x, y, color.RGBA{0xff, 0, 0, 0xff})
				continue
			}
			diff.Set(x, y, color.RGBA{uint8(r1 >> 9), uint8(g1 >> 9), uint8(b1 >> 9), 0xff})
		}
	}
	return n, diff
}

func TestSectionContent(t *testing.T) {
	th := testTheatre()
	v, _ := th.Section(th.Place("Harpers Ferry").Hex, 6, "t")
	if len(v.Hexes) != 127 { // 1 + 6*(1+2+...+6)
		t.Errorf("%d hexes in a radius-6 section, want 127", len(v.Hexes))
	}
	if len(v.Places) != 4 {
		t.Errorf("places: %+v", v.Places)
	}
	far, _ := th.Section(th.Place("Harpers Ferry").Hex, 1, "t")
	if len(far.Places) != 1 || far.Places[0].Name != "Harpers Ferry" {
		t.Errorf("radius 1: %+v", far.Places)
	}
	if _, err := th.Section(engine.Hex{}, 0, "t"); err == nil {
		t.Error("radius 0 drawn")
	}
}

func BenchmarkSection(b *testing.B) {
	th := testTheatre()
	// Radius 14: 631 hexes, about the 600 of the design target, and 100
	// counters in stacks of one to three.
	v, err := th.Section(th.Place("Harpers Ferry").Hex, 14, "bench")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		h := v.Hexes[(i*7)%len(v.Hexes)].Hex
		side := "csa"
		if i%2 == 0 {
			side = "usa"
		}
		v.Counters = append(v.Counters, engine.ViewCounter{Hex: h, Side: side, Name: fmt.Sprintf("Unit %d", i), Kind: "infantry", Manpower: i%9 + 1, Fatigue: i % 4})
	}
	size := 0
	for b.Loop() {
		png, err := Section(v, Style{HexSize: 22})
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size)/1024, "KiB/png")
}
