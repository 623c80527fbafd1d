package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"
)

func samplePlot(turns int) Plot {
	p := Plot{Title: "High Tide of the Confederacy — turn record", Caption: "Turns 1-3 are three days each (000 VIII 1) 3))"}
	vp := Series{Name: "VP", Color: ColorVP}
	csa := Series{Name: "CSA", Color: ColorCSA}
	usa := Series{Name: "USA", Color: ColorUSA}
	for t := 1; t <= turns; t++ {
		p.XLabels = append(p.XLabels, fmt.Sprintf("%d|Jun %d", t, t+2))
		vp.Values = append(vp.Values, float64(t*7-10))
		csa.Values = append(csa.Values, float64(t%5))
		usa.Values = append(usa.Values, float64(t%13))
	}
	p.Panels = []Panel{
		{Title: "Victory points (+ Confederate)", Series: []Series{vp}},
		{Title: "Army morale level", Series: []Series{csa, usa}, Min: 0, Max: 14,
			Guides: []Guide{{Value: 8, Label: "Disorder 8"}, {Value: 11, Label: "Panic 11"}, {Value: 14, Label: "Flight 14"}}},
	}
	return p
}

func TestLinePlotDecodes(t *testing.T) {
	for _, turns := range []int{1, 12, 52} {
		b, err := LinePlot(samplePlot(turns))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%d turns: not a PNG: %v", turns, err)
		}
		want := image.Rect(0, 0, plotW, int(plotTitleH+2*plotPanelH+plotAxisH+plotCaption))
		if img.Bounds() != want {
			t.Errorf("%d turns: bounds %v, want %v", turns, img.Bounds(), want)
		}
		pal, ok := img.(*image.Paletted)
		if !ok {
			t.Fatalf("%d turns: %T, want a paletted image", turns, img)
		}
		if len(b) > 120<<10 {
			t.Errorf("%d turns: %d bytes: too big for a chart", turns, len(b))
		}
		// Both armies' colours and the VP ink are drawn.
		for _, c := range []color.RGBA{ColorCSA, ColorUSA} {
			if !hasColour(pal, c) {
				t.Errorf("%d turns: no pixel of %v", turns, c)
			}
		}
		if dir := os.Getenv("PLOT_OUT"); dir != "" {
			os.WriteFile(fmt.Sprintf("%s/plot-%d.png", dir, turns), b, 0o644)
		}
	}
}

func hasColour(img *image.Paletted, c color.RGBA) bool {
	for _, p := range img.Palette {
		r, g, b, _ := p.RGBA()
		if absDiff(r>>8, uint32(c.R)) <= 8 && absDiff(g>>8, uint32(c.G)) <= 8 && absDiff(b>>8, uint32(c.B)) <= 8 {
			return true
		}
	}
	return false
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestLinePlotRefusals(t *testing.T) {
	if _, err := LinePlot(Plot{}); err == nil {
		t.Error("a plot with no points")
	}
	p := samplePlot(3)
	p.Panels[0].Series[0].Values = p.Panels[0].Series[0].Values[:2]
	if _, err := LinePlot(p); err == nil {
		t.Error("a series shorter than the axis")
	}
	if _, err := LinePlot(Plot{XLabels: []string{"1"}}); err == nil {
		t.Error("a plot with no panel")
	}
}
