package render

import (
	"github.com/fogleman/gg"
	"golang.org/x/image/math/fixed"
)

// Region borders are whole county and state polygons of the theatre, most
// of their length far off a section's canvas. Stroked by gg with a dash
// pattern, every dash of every ring was rasterized with its round caps, off
// the canvas too: about 90% of a real map's time (85-135 ms a section in
// bot's BenchmarkLoad). The dashes are cut here exactly as gg cuts them
// (its dashPath, on the ring's points as its 26.6 fixed-point path holds
// them), and only those that can touch the canvas are stroked: the pixels
// are the same, since a closed outline wholly off the canvas adds nothing
// to any pixel on it.

// rect is an axis-aligned rectangle in pixels.
type rect struct{ x0, y0, x1, y1 float64 }

// addDashedRing adds to dc's path the dashes (on, off pixels) of a closed
// ring of pixel points that reach r; stroke them without a dash pattern.
func addDashedRing(dc *canvas, ring [][2]float64, on, off float64, r rect) {
	if len(ring) == 0 {
		return
	}
	x0, y0, x1, y1 := ring[0][0], ring[0][1], ring[0][0], ring[0][1]
	for _, p := range ring[1:] {
		x0, y0, x1, y1 = min(x0, p[0]), min(y0, p[1]), max(x1, p[0]), max(y1, p[1])
	}
	if x1 < r.x0 || x0 > r.x1 || y1 < r.y0 || y0 > r.y1 {
		return // no dash of it can reach r
	}
	q := func(v float64) float64 { return float64(fixed.Int26_6(v*64)) / 64 } // gg's fix, then unfix
	pts := make([]gg.Point, 0, len(ring)+1)
	for _, p := range ring {
		pts = append(pts, gg.Point{X: q(p[0]), Y: q(p[1])})
	}
	pts = append(pts, pts[0]) // ClosePath
	emit := func(d []gg.Point) {
		if len(d) < 2 {
			return
		}
		x0, y0, x1, y1 := d[0].X, d[0].Y, d[0].X, d[0].Y
		for _, p := range d[1:] {
			x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
		}
		if x1 < r.x0 || x0 > r.x1 || y1 < r.y0 || y0 > r.y1 {
			return
		}
		dc.MoveTo(d[0].X, d[0].Y)
		for _, p := range d[1:] {
			dc.LineTo(p.X, p.Y)
		}
	}
	// gg's dashPath with offset 0, for one sub-path.
	dashes := [2]float64{on, off}
	prev, i, k, done := pts[0], 1, 0, 0.0
	dash := []gg.Point{prev}
	for i < len(pts) {
		p := pts[i]
		d := prev.Distance(p)
		if rest := dashes[k] - done; d > rest {
			m := prev.Interpolate(p, rest/d)
			dash = append(dash, m)
			if k == 0 {
				emit(dash)
			}
			dash = append(dash[:0], m)
			done, prev, k = 0, m, 1-k
		} else {
			dash = append(dash, p)
			prev, done, i = p, done+d, i+1
		}
	}
	if k == 0 {
		emit(dash)
	}
}
