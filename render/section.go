// Package render draws map sections as PNG from engine views only: it never
// sees a full game state, so it cannot draw what a viewer may not know.
package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"sort"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"

	"github.com/umpire-games/umpire/engine"
)

// Style sets the drawing scale.
type Style struct {
	HexSize float64 // hex radius in pixels (centre to corner); default 36
}

var (
	paper    = color.RGBA{0xf4, 0xee, 0xdc, 0xff}
	gridInk  = color.RGBA{0xa8, 0x9d, 0x82, 0xff}
	labelInk = color.RGBA{0x7a, 0x70, 0x5c, 0xff}
	ink      = color.RGBA{0x2a, 0x26, 0x20, 0xff}
	riverInk = color.RGBA{0x3a, 0x78, 0xc0, 0xff}
	railInk  = color.RGBA{0x30, 0x30, 0x30, 0xff}
	roadInk  = color.RGBA{0x9a, 0x5b, 0x2b, 0xff}
	border   = color.NRGBA{0x8c, 0x3b, 0x8c, 0xc0}
	centreHi = color.RGBA{0xd9, 0x4b, 0x2b, 0xff}
)

const headerH, footerH = 34.0, 26.0

// Section draws a map view as PNG: the hexes with their printed numbers,
// region borders, rivers, railroads and roads, places with symbols and
// names, a title and a legend. It sees only the view.
func Section(v *engine.MapView, st Style) ([]byte, error) {
	size := st.HexSize
	if size == 0 {
		size = 36
	}
	if size < 12 || size > 80 {
		return nil, fmt.Errorf("render: hex size %.0f px is outside 12-80", size)
	}
	if len(v.Hexes) == 0 {
		return nil, fmt.Errorf("render: the view has no hexes")
	}
	// The plane's bounding box of the section's hex centres.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, h := range v.Hexes {
		p := engine.Center(h.Hex)
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	w := int(math.Ceil((maxX-minX)*size + 2*size + 2))
	w = max(w, 480)
	faces, err := newFaces(size)
	if err != nil {
		return nil, err
	}
	// A terrain layer's legend takes footer lines of its own (terrain.go).
	legend := terrainLegendLines(v, faces.small, float64(w))
	foot := footerH + float64(len(legend))*terrainLegendH
	h := int(math.Ceil((maxY-minY)*size + math.Sqrt(3)*size + headerH + foot + 2))
	dc := newCanvas(w, h)
	ox := (float64(w) - (maxX-minX)*size) / 2
	oy := headerH + math.Sqrt(3)*size/2 + 1
	px := func(p engine.Point) (float64, float64) { return ox + (p.X-minX)*size, oy + (p.Y-minY)*size }
	hexPx := func(hx engine.Hex) (float64, float64) { return px(engine.Center(hx)) }

	dc.SetColor(paper)
	dc.Clear()

	// The terrain layer's tints (terrain.go), under everything else.
	drawTints(dc, v, hexPx, size)

	// Region borders, dashed, under everything else.
	dc.SetColor(border)
	dc.SetLineWidth(2.5)
	view := rect{-8, -8, float64(w) + 8, float64(h) + 8} // the canvas, and a line's width and caps
	var pts [][2]float64
	for _, r := range v.Regions {
		for _, ring := range r.Rings {
			pts = pts[:0]
			for _, p := range ring {
				x, y := px(p)
				pts = append(pts, [2]float64{x, y})
			}
			addDashedRing(dc, pts, 8, 5, view) // clip.go: the dashes on the canvas only
		}
		dc.Stroke()
	}

	// The grid, stroked in batches (gg rasterizes a stroke over the whole
	// canvas; freetype slows on one huge path).
	dc.SetColor(gridInk)
	dc.SetLineWidth(1)
	for i, vh := range v.Hexes {
		x, y := hexPx(vh.Hex)
		dc.NewSubPath()
		for k := 0; k < 6; k++ {
			a := math.Pi / 3 * float64(k)
			dc.LineTo(x+size*math.Cos(a), y+size*math.Sin(a))
		}
		dc.ClosePath()
		if i%40 == 39 {
			dc.Stroke()
		}
	}
	dc.Stroke()

	// The centre hex, outlined.
	cx, cy := hexPx(v.Center)
	dc.SetColor(centreHi)
	dc.SetLineWidth(2.5)
	for k := 0; k < 6; k++ {
		a := math.Pi / 3 * float64(k)
		dc.LineTo(cx+size*0.92*math.Cos(a), cy+size*0.92*math.Sin(a))
	}
	dc.ClosePath()
	dc.Stroke()

	// Printed hex numbers; the sheet is named when it differs from the
	// centre's.
	centreSheet := ""
	for _, vh := range v.Hexes {
		if vh.Hex == v.Center {
			centreSheet = vh.Sheet
		}
	}
	dc.SetFontFace(faces.small)
	dc.SetColor(labelInk)
	for _, vh := range v.Hexes {
		if vh.Label == "" {
			continue
		}
		label := vh.Label
		if vh.Sheet != centreSheet {
			label = vh.Sheet + vh.Label
		}
		x, y := hexPx(vh.Hex)
		dc.DrawStringAnchored(label, x, y-size*0.62, 0.5, 0.5)
	}

	// Lines: roads, rails, rivers.
	sort.SliceStable(v.Lines, func(i, j int) bool { return lineOrder(v.Lines[i].Kind) < lineOrder(v.Lines[j].Kind) })
	for _, l := range v.Lines {
		if len(l.Hexes) < 2 {
			continue
		}
		switch l.Kind {
		case "river":
			dc.SetColor(riverInk)
			dc.SetLineWidth(size * 0.18)
		case "railroad":
			dc.SetColor(railInk)
			dc.SetLineWidth(size * 0.09)
		default:
			dc.SetColor(roadInk)
			dc.SetLineWidth(size * 0.12)
		}
		for _, hx := range l.Hexes {
			x, y := hexPx(hx)
			dc.LineTo(x, y)
		}
		dc.Stroke()
	}

	// The terrain layer's hexsides (terrain.go).
	drawHexsides(dc, v, hexPx, size)

	// Places: a symbol by kind and the name under it, on a halo.
	for _, p := range v.Places {
		x, y := hexPx(p.Hex)
		drawSymbol(dc, p.Kinds, x, y, size)
	}
	occupied := map[engine.Hex]bool{}
	for _, c := range v.Counters {
		occupied[c.Hex] = true
	}
	drawCounters(dc, v.Counters, hexPx, size, faces)
	dc.SetFontFace(faces.name)
	for _, p := range v.Places {
		x, y := hexPx(p.Hex)
		dy := size * 0.5
		if occupied[p.Hex] {
			dy = size * 0.78 // under the stack
		}
		halo(dc, p.Name, x, y+dy)
	}

	// Title and legend.
	dc.SetColor(color.RGBA{0xe6, 0xdc, 0xc2, 0xff})
	dc.DrawRectangle(0, 0, float64(w), headerH)
	dc.Fill()
	dc.DrawRectangle(0, float64(h)-foot, float64(w), foot)
	dc.Fill()
	dc.SetColor(ink)
	dc.SetFontFace(faces.title)
	dc.DrawStringAnchored(v.Title, 8, headerH/2, 0, 0.5)
	dc.SetFontFace(faces.small)
	drawLegend(dc, v, centreSheet, float64(h)-foot+footerH/2, size)
	for i, line := range legend {
		drawTerrainLegend(dc, line, float64(h)-foot+footerH+(float64(i)+0.5)*terrainLegendH-2)
	}

	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, toPaletted(dc.img)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func lineOrder(kind string) int {
	switch kind {
	case "river":
		return 0
	case "road":
		return 1
	}
	return 2
}

func has(kinds []string, k string) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

func drawSymbol(dc *canvas, kinds []string, x, y, size float64) {
	s := size * 0.22
	switch {
	case has(kinds, "fort") || has(kinds, "battery"):
		dc.SetColor(ink)
		dc.MoveTo(x, y-s*1.2)
		dc.LineTo(x+s*1.1, y+s*0.8)
		dc.LineTo(x-s*1.1, y+s*0.8)
		dc.ClosePath()
		dc.Fill()
	case has(kinds, "depot"):
		dc.SetColor(color.RGBA{0x2b, 0x55, 0x2b, 0xff})
		dc.DrawRectangle(x-s, y-s, 2*s, 2*s)
		dc.Fill()
	case has(kinds, "city") || has(kinds, "town") || has(kinds, "levy-town") || has(kinds, "county-control"):
		dc.SetColor(ink)
		dc.DrawCircle(x, y, s)
		dc.Fill()
	case has(kinds, "rr-station"):
		dc.SetColor(railInk)
		dc.DrawRectangle(x-s*0.7, y-s*0.7, 1.4*s, 1.4*s)
		dc.Fill()
	default:
		dc.SetColor(ink)
		dc.DrawCircle(x, y, s*0.6)
		dc.SetLineWidth(1.5)
		dc.Stroke()
	}
}

func halo(dc *canvas, s string, x, y float64) {
	dc.SetColor(color.NRGBA{0xff, 0xfb, 0xf0, 0xd8})
	for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		dc.DrawStringAnchored(s, x+d[0], y+d[1], 0.5, 0.5)
	}
	dc.SetColor(ink)
	dc.DrawStringAnchored(s, x, y, 0.5, 0.5)
}

type faceSet struct{ small, name, title font.Face }

func newFaces(size float64) (faceSet, error) {
	reg, err := truetype.Parse(goregular.TTF)
	if err != nil {
		return faceSet{}, err
	}
	bold, err := truetype.Parse(gobold.TTF)
	if err != nil {
		return faceSet{}, err
	}
	return faceSet{
		small: truetype.NewFace(reg, &truetype.Options{Size: math.Max(8, size*0.3)}),
		name:  truetype.NewFace(bold, &truetype.Options{Size: math.Max(9, size*0.36)}),
		title: truetype.NewFace(bold, &truetype.Options{Size: 15}),
	}, nil
}

// drawLegend writes the footer: captions, the sheet of the hex numbers,
// and a sample of each symbol and line.
func drawLegend(dc *canvas, v *engine.MapView, sheet string, y, size float64) {
	x := 8.0
	text := func(s string) {
		dc.SetColor(ink)
		dc.DrawStringAnchored(s, x, y, 0, 0.5)
		w, _ := dc.MeasureString(s)
		x += w + 14
	}
	for _, c := range v.Caption {
		text(c)
	}
	if sheet != "" {
		text("Hex numbers: sheet " + sheet)
	}
	// Only what the section shows.
	kinds := map[string]bool{}
	for _, p := range v.Places {
		for _, k := range p.Kinds {
			kinds[k] = true
		}
	}
	lines := map[string]bool{}
	for _, l := range v.Lines {
		lines[l.Kind] = true
	}
	small := math.Min(size, 26)
	for _, k := range []struct {
		kinds []string
		label string
	}{{[]string{"town", "city", "levy-town", "county-control"}, "town"}, {[]string{"depot"}, "depot"}, {[]string{"rr-station"}, "station"}, {[]string{"fort", "battery"}, "fort"}} {
		shown := false
		for _, kk := range k.kinds {
			shown = shown || kinds[kk]
		}
		if !shown {
			continue
		}
		drawSymbol(dc, k.kinds[:1], x+small*0.25, y, small)
		x += small * 0.6
		text(k.label)
	}
	for _, l := range []struct {
		kind  string
		c     color.Color
		w     float64
		label string
	}{{"railroad", railInk, 2, "railroad"}, {"river", riverInk, 4, "river"}, {"road", roadInk, 3, "road"}} {
		if !lines[l.kind] {
			continue
		}
		dc.SetColor(l.c)
		dc.SetLineWidth(l.w)
		dc.DrawLine(x, y, x+18, y)
		dc.Stroke()
		x += 22
		text(l.label)
	}
	if len(v.Regions) > 0 {
		dc.SetColor(border)
		dc.SetLineWidth(2)
		dc.SetDash(5, 3)
		dc.DrawLine(x, y, x+18, y)
		dc.Stroke()
		dc.SetDash()
		x += 22
		text("border")
	}
}

var (
	csaFill = color.RGBA{0x9a, 0x9c, 0x9e, 0xff}
	usaFill = color.RGBA{0x35, 0x57, 0x9c, 0xff}
)

// drawCounters draws each hex's counters as a stack: the top counter in
// full (name, manpower, fatigue, marks), up to two more edges behind it,
// and the number in the stack when there are more than one.
func drawCounters(dc *canvas, cs []engine.ViewCounter, hexPx func(engine.Hex) (float64, float64), size float64, faces faceSet) {
	stacks := map[engine.Hex][]engine.ViewCounter{}
	var order []engine.Hex
	for _, c := range cs {
		if _, ok := stacks[c.Hex]; !ok {
			order = append(order, c.Hex)
		}
		stacks[c.Hex] = append(stacks[c.Hex], c)
	}
	s := size * 1.05 // counter side
	for _, hx := range order {
		stack := stacks[hx]
		x, y := hexPx(hx)
		x, y = x-s/2, y-s/2-size*0.05
		depth := min(len(stack), 3)
		for i := depth - 1; i >= 0; i-- {
			c := stack[i]
			ox, oy := x+float64(i)*3, y-float64(i)*3
			fill, text := csaFill, color.Color(ink)
			if c.Side == "usa" {
				fill, text = usaFill, color.White
			}
			alpha := uint8(0xff)
			if c.SeenTurn > 0 {
				alpha = 0x80
			}
			dc.SetColor(color.NRGBA{fill.R, fill.G, fill.B, alpha})
			dc.DrawRoundedRectangle(ox, oy, s, s, 3)
			dc.Fill()
			dc.SetColor(color.NRGBA{0x20, 0x20, 0x20, alpha})
			dc.SetLineWidth(1)
			dc.DrawRoundedRectangle(ox, oy, s, s, 3)
			dc.Stroke()
			if i > 0 {
				continue
			}
			dc.SetColor(text)
			switch {
			case c.Unidentified:
				dc.SetFontFace(faces.title)
				dc.DrawStringAnchored("?", ox+s/2, oy+s/2, 0.5, 0.5)
			default:
				dc.SetFontFace(faces.small)
				dc.DrawStringAnchored(shorten(c.Name, 9), ox+s/2, oy+s*0.22, 0.5, 0.5)
				dc.SetFontFace(faces.name)
				if c.Manpower > 0 {
					dc.DrawStringAnchored(fmt.Sprint(c.Manpower), ox+s/2, oy+s*0.55, 0.5, 0.5)
				}
				dc.SetFontFace(faces.small)
				var marks []string
				if c.Fatigue > 0 {
					marks = append(marks, fmt.Sprintf("F%d", c.Fatigue))
				}
				marks = append(marks, c.Marks...)
				if len(marks) > 0 {
					dc.DrawStringAnchored(shorten(joinMarks(marks), 10), ox+s/2, oy+s*0.84, 0.5, 0.5)
				}
			}
			if c.SeenTurn > 0 {
				dc.SetFontFace(faces.small)
				halo(dc, fmt.Sprintf("seen T%d", c.SeenTurn), ox+s/2, oy+s+size*0.15)
			}
		}
		if len(stack) > 1 {
			bx, by := x+s+1, y-4
			dc.SetColor(centreHi)
			dc.DrawCircle(bx, by, size*0.2)
			dc.Fill()
			dc.SetColor(color.White)
			dc.SetFontFace(faces.small)
			dc.DrawStringAnchored(fmt.Sprint(len(stack)), bx, by, 0.5, 0.5)
		}
	}
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "."
}

func joinMarks(m []string) string {
	out := m[0]
	for _, x := range m[1:] {
		out += " " + x
	}
	return out
}

// canvas is a gg context whose text is drawn straight onto the image:
// gg draws every glyph through a bilinear transform (for its matrix),
// which took a sixth of a map's time; the map never transforms text.
type canvas struct {
	*gg.Context
	img  *image.RGBA
	face font.Face
	col  color.Color
}

func newCanvas(w, h int) *canvas {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	return &canvas{Context: gg.NewContextForRGBA(img), img: img, col: color.Black}
}

func (c *canvas) SetFontFace(f font.Face) {
	c.face = f
	c.Context.SetFontFace(f)
}

func (c *canvas) SetColor(col color.Color) {
	c.col = col
	c.Context.SetColor(col)
}

// DrawStringAnchored draws s with its anchor point (ax, ay of its width
// and height) at x, y, as gg does, without the transform.
func (c *canvas) DrawStringAnchored(s string, x, y, ax, ay float64) {
	w := float64(font.MeasureString(c.face, s)) / 64
	h := float64(c.face.Metrics().Height) / 64
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(c.col), Face: c.face,
		Dot: fixed.P(int(math.Round(x-ax*w)), int(math.Round(y+ay*h)))}
	d.DrawString(s)
}

func (c *canvas) MeasureString(s string) (float64, float64) {
	return float64(font.MeasureString(c.face, s)) / 64, float64(c.face.Metrics().Height) / 64
}
