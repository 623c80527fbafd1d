package render

import (
	"hash/fnv"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/umpire-games/umpire/engine"
)

// What a group's terrain layer says, drawn under the counters: a light
// tint per hex (light enough that hex numbers, names and counters stay
// legible), roads, pikes, trails and railroads across the hexsides they
// cross, and water along its hexsides.

var (
	pikeInk  = color.RGBA{0x6e, 0x35, 0x12, 0xff}
	trailInk = color.RGBA{0xa8, 0x7a, 0x4a, 0xff}
	creekInk = color.RGBA{0x4a, 0x88, 0xd0, 0xff}
	fordInk  = color.RGBA{0xf4, 0xee, 0xdc, 0xff}
)

// Tints for the terrains a layer names. The names are the group's own, so
// they are matched by the words they hold; a name none matches gets one
// of the spare tints, the same one every time.
var (
	tintWoods   = color.RGBA{0xd5, 0xe6, 0xbf, 0xff}
	tintRough   = color.RGBA{0xe8, 0xd6, 0xb4, 0xff}
	tintSwamp   = color.RGBA{0xc9, 0xe0, 0xd8, 0xff}
	tintTown    = color.RGBA{0xe0, 0xda, 0xd2, 0xff}
	tintWater   = color.RGBA{0xcc, 0xde, 0xf0, 0xff}
	spareTints  = []color.RGBA{{0xe6, 0xdc, 0xef, 0xff}, {0xf2, 0xdc, 0xd6, 0xff}, {0xef, 0xe8, 0xb8, 0xff}, {0xd8, 0xe8, 0xe8, 0xff}, {0xe8, 0xe0, 0xc8, 0xff}}
	tintByWords = []struct {
		words []string
		tint  color.RGBA
	}{
		{[]string{"wood", "forest", "orchard"}, tintWoods},
		{[]string{"mountain", "hill", "rough", "ridge", "slope"}, tintRough},
		{[]string{"swamp", "marsh", "bog"}, tintSwamp},
		{[]string{"town", "city", "village"}, tintTown},
		{[]string{"water", "lake", "bay", "pond"}, tintWater},
	}
)

// terrainTint is a terrain's tint; clear and open ground stay paper.
func terrainTint(name string) (color.RGBA, bool) {
	n := strings.ToLower(name)
	if strings.Contains(n, "clear") || strings.Contains(n, "open") {
		return color.RGBA{}, false
	}
	for _, t := range tintByWords {
		for _, w := range t.words {
			if strings.Contains(n, w) {
				return t.tint, true
			}
		}
	}
	h := fnv.New32a()
	h.Write([]byte(n))
	return spareTints[h.Sum32()%uint32(len(spareTints))], true
}

// drawTints fills each hex the layer gives a tinted terrain, under the
// grid.
func drawTints(dc *canvas, v *engine.MapView, hexPx func(engine.Hex) (float64, float64), size float64) {
	byTint := map[color.RGBA][]engine.Hex{}
	var order []color.RGBA
	for _, t := range v.Terrain {
		c, ok := terrainTint(t.Terrain)
		if !ok {
			continue
		}
		if _, seen := byTint[c]; !seen {
			order = append(order, c)
		}
		byTint[c] = append(byTint[c], t.Hex)
	}
	for _, c := range order {
		dc.SetColor(c)
		for i, h := range byTint[c] {
			x, y := hexPx(h)
			dc.NewSubPath()
			for k := 0; k < 6; k++ {
				a := math.Pi / 3 * float64(k)
				dc.LineTo(x+size*math.Cos(a), y+size*math.Sin(a))
			}
			dc.ClosePath()
			if i%40 == 39 {
				dc.Fill()
			}
		}
		dc.Fill()
	}
}

// drawHexsides draws the layer's hexsides: water along the hexside first,
// then what crosses it (roads, fords, bridges) over the water.
func drawHexsides(dc *canvas, v *engine.MapView, hexPx func(engine.Hex) (float64, float64), size float64) {
	if len(v.Hexsides) == 0 {
		return
	}
	dc.SetLineCap(gg.LineCapRound)
	defer dc.SetLineCap(gg.LineCapButt)
	type seg struct{ ax, ay, bx, by, ex, ey, fx, fy float64 } // centre to centre; the hexside's ends
	segs := make([]seg, len(v.Hexsides))
	for i, s := range v.Hexsides {
		ax, ay := hexPx(s.A)
		bx, by := hexPx(s.B)
		mx, my := (ax+bx)/2, (ay+by)/2
		d := math.Hypot(bx-ax, by-ay)
		nx, ny := -(by-ay)/d*size/2, (bx-ax)/d*size/2 // half a hexside, across the join
		segs[i] = seg{ax, ay, bx, by, mx - nx, my - ny, mx + nx, my + ny}
	}
	stroke := func(feature string, c color.Color, width float64, dash []float64, across bool, shrink float64) {
		drawn := false
		for i, s := range v.Hexsides {
			if !has(s.Features, feature) {
				continue
			}
			g := segs[i]
			if across {
				// Centre to centre, through the hexside.
				dc.MoveTo(g.ax, g.ay)
				dc.LineTo(g.bx, g.by)
			} else {
				// Along the hexside (shrink: a part of it about its middle).
				mx, my := (g.ex+g.fx)/2, (g.ey+g.fy)/2
				dc.MoveTo(mx+(g.ex-mx)*shrink, my+(g.ey-my)*shrink)
				dc.LineTo(mx+(g.fx-mx)*shrink, my+(g.fy-my)*shrink)
			}
			drawn = true
		}
		if !drawn {
			return
		}
		dc.SetColor(c)
		dc.SetLineWidth(width)
		dc.SetDash(dash...)
		dc.Stroke()
		dc.SetDash()
	}
	stroke(engine.FeatureRiver, riverInk, size*0.2, nil, false, 1)
	stroke(engine.FeatureMinorRiver, riverInk, size*0.12, nil, false, 1)
	stroke(engine.FeatureCreek, creekInk, size*0.09, nil, false, 1)
	stroke(engine.FeatureTrail, trailInk, size*0.06, []float64{size * 0.15, size * 0.12}, true, 0)
	stroke(engine.FeatureRoad, roadInk, size*0.1, nil, true, 0)
	stroke(engine.FeaturePike, pikeInk, size*0.14, nil, true, 0)
	stroke(engine.FeatureRailroad, railInk, size*0.07, nil, true, 0)
	// A ford: the water broken by a pale gap; a bridge: a dark bar
	// across the water where a road would cross it.
	stroke(engine.FeatureFord, fordInk, size*0.1, []float64{size * 0.06, size * 0.06}, false, 0.45)
	for i, s := range v.Hexsides {
		if !has(s.Features, engine.FeatureBridge) {
			continue
		}
		g := segs[i]
		mx, my := (g.ex+g.fx)/2, (g.ey+g.fy)/2
		ux, uy := (g.bx-g.ax)*0.16, (g.by-g.ay)*0.16
		for _, side := range []float64{-0.22, 0.22} {
			ox, oy := (g.fx-mx)*side*2, (g.fy-my)*side*2
			dc.MoveTo(mx-ux+ox, my-uy+oy)
			dc.LineTo(mx+ux+ox, my+uy+oy)
		}
	}
	dc.SetColor(ink)
	dc.SetLineWidth(math.Max(1.5, size*0.06))
	dc.Stroke()
}

// terrainLegend lists the tinted terrains and the hexside features the
// section shows, for the footer.
func terrainLegend(v *engine.MapView) (tints []string, features []string) {
	seen := map[string]bool{}
	for _, t := range v.Terrain {
		if _, ok := terrainTint(t.Terrain); ok && !seen[t.Terrain] {
			seen[t.Terrain] = true
			tints = append(tints, t.Terrain)
		}
	}
	sort.Strings(tints)
	got := map[string]bool{}
	for _, s := range v.Hexsides {
		for _, f := range s.Features {
			got[f] = true
		}
	}
	for _, f := range engine.HexsideFeatures {
		if got[f] {
			features = append(features, f)
		}
	}
	return tints, features
}

// drawFeatureSample draws a feature's mark in the legend, from x, at y.
func drawFeatureSample(dc *canvas, f string, x, y float64) {
	switch f {
	case engine.FeatureRoad:
		dc.SetColor(roadInk)
		dc.SetLineWidth(3)
	case engine.FeaturePike:
		dc.SetColor(pikeInk)
		dc.SetLineWidth(4)
	case engine.FeatureTrail:
		dc.SetColor(trailInk)
		dc.SetLineWidth(2)
		dc.SetDash(4, 3)
	case engine.FeatureRailroad:
		dc.SetColor(railInk)
		dc.SetLineWidth(2)
	case engine.FeatureRiver:
		dc.SetColor(riverInk)
		dc.SetLineWidth(5)
	case engine.FeatureMinorRiver:
		dc.SetColor(riverInk)
		dc.SetLineWidth(3)
	case engine.FeatureCreek:
		dc.SetColor(creekInk)
		dc.SetLineWidth(2)
	case engine.FeatureFord:
		dc.SetColor(riverInk)
		dc.SetLineWidth(4)
		dc.DrawLine(x, y, x+18, y)
		dc.Stroke()
		dc.SetColor(fordInk)
		dc.SetLineWidth(3)
		dc.SetDash(2, 2)
		dc.DrawLine(x+5, y, x+13, y)
		dc.Stroke()
		dc.SetDash()
		return
	case engine.FeatureBridge:
		dc.SetColor(riverInk)
		dc.SetLineWidth(4)
		dc.DrawLine(x, y, x+18, y)
		dc.Stroke()
		dc.SetColor(ink)
		dc.SetLineWidth(2)
		dc.DrawLine(x+6, y-5, x+6, y+5)
		dc.DrawLine(x+12, y-5, x+12, y+5)
		dc.Stroke()
		return
	}
	dc.DrawLine(x, y, x+18, y)
	dc.Stroke()
	dc.SetDash()
}

// terrainLegendH is the height of a footer line of the terrain legend.
const terrainLegendH = 22.0

// legendItem is an entry of the terrain legend: a tinted terrain's swatch
// or a feature's sample, and its name.
type legendItem struct {
	name           string
	feature, label bool
}

// terrainLegendLines lays the terrain legend out in lines that fit the
// width: "Terrain layer:", each tinted terrain, each feature; none when
// the section shows nothing of a layer.
func terrainLegendLines(v *engine.MapView, face font.Face, width float64) [][]legendItem {
	tints, features := terrainLegend(v)
	if len(tints)+len(features) == 0 {
		return nil
	}
	items := []legendItem{{name: "Terrain layer:", label: true}}
	for _, t := range tints {
		items = append(items, legendItem{name: t})
	}
	for _, f := range features {
		items = append(items, legendItem{name: f, feature: true})
	}
	var lines [][]legendItem
	var line []legendItem
	x := 8.0
	for i, it := range items {
		wd := float64(font.MeasureString(face, it.name))/64 + 12
		if i > 0 {
			wd += 22 // the swatch or sample
		}
		if len(line) > 0 && x+wd > width-8 {
			lines, line, x = append(lines, line), nil, 8.0
		}
		line = append(line, it)
		x += wd
	}
	return append(lines, line)
}

// drawTerrainLegend writes one line of the terrain legend.
func drawTerrainLegend(dc *canvas, items []legendItem, y float64) {
	x := 8.0
	for _, it := range items {
		switch {
		case it.label:
		case it.feature:
			drawFeatureSample(dc, it.name, x, y)
			x += 22
		default:
			c, _ := terrainTint(it.name)
			dc.SetColor(c)
			dc.DrawRectangle(x, y-6, 14, 12)
			dc.Fill()
			dc.SetColor(gridInk)
			dc.SetLineWidth(1)
			dc.DrawRectangle(x, y-6, 14, 12)
			dc.Stroke()
			x += 22
		}
		dc.SetColor(ink)
		dc.DrawStringAnchored(it.name, x, y, 0, 0.5)
		w, _ := dc.MeasureString(it.name)
		x += w + 12
	}
}
