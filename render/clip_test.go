package render

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

// The dashes of a ring, cut by addDashedRing and stroked without a dash
// pattern, paint the same pixels as gg's own dashed stroke of the whole
// ring, for rings inside the canvas, across it and far around it.
func TestDashedRingMatchesGG(t *testing.T) {
	const w, h = 300, 200
	rng := rand.New(rand.NewPCG(1, 2))
	rings := [][][2]float64{
		{{20, 20}, {280, 20}, {280, 180}, {20, 180}},        // inside
		{{-500, 50}, {150, 60}, {800, 120}, {140, 900}},     // across
		{{-3000, -2000}, {4000, -2500}, {3500, 3000}},       // around, off the canvas
		{{-40, -40}, {-10, -3}, {-3, -10}, {-20, -50}},      // off, near the corner
		{{150.3, 10.7}, {151.1, 10.9}, {420, 95}, {2, 199}}, // short edges
	}
	for range 20 { // wandering rings, as county borders are
		var ring [][2]float64
		x, y := rng.Float64()*2000-850, rng.Float64()*2000-900
		for range 200 {
			a := rng.Float64() * 2 * math.Pi
			x, y = x+30*math.Cos(a), y+30*math.Sin(a)
			ring = append(ring, [2]float64{x, y})
		}
		rings = append(rings, ring)
	}
	for i, ring := range rings {
		want := newCanvas(w, h)
		want.SetColor(border)
		want.SetLineWidth(2.5)
		want.SetDash(8, 5)
		want.NewSubPath()
		for _, p := range ring {
			want.LineTo(p[0], p[1])
		}
		want.ClosePath()
		want.Stroke()

		got := newCanvas(w, h)
		got.SetColor(border)
		got.SetLineWidth(2.5)
		addDashedRing(got, ring, 8, 5, rect{-8, -8, w + 8, h + 8})
		got.Stroke()
		if !bytes.Equal(got.img.Pix, want.img.Pix) {
			n := 0
			for k := range got.img.Pix {
				if got.img.Pix[k] != want.img.Pix[k] {
					n++
				}
			}
			t.Errorf("ring %d: %d bytes differ from gg's dashed stroke", i, n)
		}
	}
}
