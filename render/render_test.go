package render

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestHexGridPNG(t *testing.T) {
	g := Grid{FirstCol: 41, FirstRow: 27, Cols: 8, Rows: 6, Size: 40, Title: "SS 4127"}
	b, err := HexGrid(g)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	w, h := g.Bounds()
	if img.Bounds() != image.Rect(0, 0, w, h) {
		t.Fatalf("bounds %v, want %dx%d", img.Bounds(), w, h)
	}
	// Keep the picture for a reviewer to look at.
	if dir := os.Getenv("UMPIRE_RENDER_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "hexgrid.png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A hex centre is paper; the edge between two hexes is ink.
	x0, y0 := g.Center(2, 2)
	paper := darkness(img, x0, y0)
	edge := darkness(img, x0+g.Size, y0)
	if paper > 0.1 || edge < 0.2 {
		t.Errorf("centre darkness %.2f, edge darkness %.2f", paper, edge)
	}
	// The label above the centre has dark pixels.
	inked := 0
	for dx := -12.0; dx <= 12; dx++ {
		for dy := -5.0; dy <= 5; dy++ {
			if darkness(img, x0+dx, y0-g.Size*0.55+dy) > 0.4 {
				inked++
			}
		}
	}
	if inked < 10 {
		t.Errorf("hex label has %d inked pixels", inked)
	}
	// An odd printed column sits half a hex lower than an even one.
	_, yEven := g.Center(1, 0) // column 42
	_, yOdd := g.Center(0, 0)  // column 41
	if yOdd <= yEven {
		t.Errorf("odd column at y=%.1f, even at %.1f: odd columns are shifted down", yOdd, yEven)
	}
}

func TestHexGridRefusesBadSections(t *testing.T) {
	for _, g := range []Grid{{Cols: 0, Rows: 3, Size: 20}, {Cols: 3, Rows: 3, Size: 2}, {FirstCol: 98, Cols: 5, Rows: 1, Size: 20}} {
		if _, err := HexGrid(g); err == nil {
			t.Errorf("HexGrid(%+v) drew", g)
		}
	}
}

func darkness(img image.Image, x, y float64) float64 {
	r, g, b, _ := img.At(int(x), int(y)).RGBA()
	return 1 - float64(r+g+b)/(3*0xffff)
}

func BenchmarkHexGrid(b *testing.B) {
	// About 600 hexes, as a 1280x960 section of the design targets.
	g := Grid{FirstCol: 10, FirstRow: 10, Cols: 30, Rows: 20, Size: 28}
	size := 0
	for b.Loop() {
		png, err := HexGrid(g)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size)/1024, "KiB/png")
}
