// Package render draws map sections as PNG from engine views only: it never
// sees a full game state, so it cannot draw what a viewer may not know.
package render

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
)

// Grid describes a rectangle of a printed hex map: flat-topped hexes in
// printed columns and rows (XXYY), odd columns shifted half a hex down, as
// on the GCACW sheets.
type Grid struct {
	FirstCol, FirstRow int     // printed number of the top-left hex
	Cols, Rows         int     // how many hexes across and down
	Size               float64 // hex radius in pixels (centre to corner)
	Title              string  // drawn in the top-left corner; may be empty
}

// Validate reports a grid that cannot be drawn.
func (g Grid) Validate() error {
	switch {
	case g.Cols < 1 || g.Rows < 1 || g.Cols > 200 || g.Rows > 200:
		return fmt.Errorf("render: a section is 1 to 200 hexes each way, not %dx%d", g.Cols, g.Rows)
	case g.Size < 8 || g.Size > 200:
		return fmt.Errorf("render: hex size %.0f px is outside 8-200", g.Size)
	case g.FirstCol < 0 || g.FirstRow < 0 || g.FirstCol+g.Cols > 100 || g.FirstRow+g.Rows > 100:
		return fmt.Errorf("render: printed hexes run from 0101 to 9999")
	}
	return nil
}

// Center returns the pixel centre of the i-th column and j-th row of the
// section (0-based).
func (g Grid) Center(i, j int) (float64, float64) {
	w := g.Size * 1.5
	h := g.Size * math.Sqrt(3)
	x := g.Size + float64(i)*w
	y := h/2 + float64(j)*h
	if (g.FirstCol+i)%2 == 1 {
		y += h / 2
	}
	return x, y
}

// Bounds returns the image size in pixels that holds the section.
func (g Grid) Bounds() (int, int) {
	w := g.Size*1.5*float64(g.Cols) + g.Size/2
	h := g.Size*math.Sqrt(3)*(float64(g.Rows)+0.5) + 1
	return int(math.Ceil(w)), int(math.Ceil(h))
}

// HexGrid draws the section's hexes with their printed numbers as PNG.
func HexGrid(g Grid) ([]byte, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	face, err := labelFace(g.Size * 0.32)
	if err != nil {
		return nil, err
	}
	w, h := g.Bounds()
	dc := gg.NewContext(w, h)
	dc.SetColor(color.RGBA{0xf4, 0xee, 0xdc, 0xff}) // map paper
	dc.Clear()
	dc.SetFontFace(face)
	dc.SetLineWidth(1)
	// One path per column, stroked at once: gg rasterizes each stroke over
	// the whole canvas (a stroke per hex costs the canvas per hex), while
	// freetype's rasterizer slows down on one path with very many cells.
	dc.SetColor(color.RGBA{0x8a, 0x7f, 0x66, 0xff})
	for i := 0; i < g.Cols; i++ {
		for j := 0; j < g.Rows; j++ {
			x, y := g.Center(i, j)
			dc.NewSubPath()
			for k := 0; k < 6; k++ {
				a := math.Pi / 3 * float64(k)
				dc.LineTo(x+g.Size*math.Cos(a), y+g.Size*math.Sin(a))
			}
			dc.ClosePath()
		}
		dc.Stroke()
	}
	dc.SetColor(color.RGBA{0x4a, 0x44, 0x38, 0xff})
	for i := 0; i < g.Cols; i++ {
		for j := 0; j < g.Rows; j++ {
			x, y := g.Center(i, j)
			dc.DrawStringAnchored(fmt.Sprintf("%02d%02d", g.FirstCol+i, g.FirstRow+j), x, y-g.Size*0.55, 0.5, 0.5)
		}
	}
	if g.Title != "" {
		dc.SetColor(color.Black)
		dc.DrawStringAnchored(g.Title, 4, 4, 0, 1)
	}
	var buf bytes.Buffer
	// BestSpeed: default compression took half of the render time for a
	// few percent of size.
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, dc.Image()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// labelFace returns the embedded Go font at the given size: never a system
// font, so images are the same on every machine.
func labelFace(points float64) (font.Face, error) {
	f, err := truetype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	return truetype.NewFace(f, &truetype.Options{Size: points}), nil
}
