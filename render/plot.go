package render

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"strings"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Plot is a line chart over a game's turns: panels stacked over one shared
// x axis, one point per turn. It is drawn from the values it is given
// only, as maps are drawn from views.
type Plot struct {
	Title   string
	XLabels []string // one per point, e.g. "1|Jun 3": lines split at "|"
	Panels  []Panel
	Caption string // under the chart
}

// Panel is one chart of a plot, with its own y axis and legend.
type Panel struct {
	Title  string
	Series []Series
	Guides []Guide // horizontal reference lines (thresholds)
	// Min and Max are a y range the axis includes at least; the data widen it.
	Min, Max float64
}

// Series is one line.
type Series struct {
	Name   string
	Color  color.RGBA
	Values []float64 // one per x label
}

// Guide is a labelled horizontal line.
type Guide struct {
	Value float64
	Label string
	Color color.RGBA
}

// Plot layout, in pixels.
const (
	plotW       = 880
	plotTitleH  = 34.0
	plotPanelH  = 230.0
	plotAxisH   = 40.0
	plotCaption = 24.0
	plotLeft    = 58.0
	plotRight   = 150.0 // the legend's column
)

// PlotColors are the series colours the umpire uses: the Confederate grey,
// the Union blue, the VP record's ink.
var (
	ColorCSA = color.RGBA{0x8a, 0x2b, 0x1f, 0xff}
	ColorUSA = color.RGBA{0x24, 0x4f, 0x9e, 0xff}
	ColorVP  = color.RGBA{0x2a, 0x26, 0x20, 0xff}
	guideInk = color.RGBA{0xb0, 0x6a, 0x2a, 0xff}
)

// LinePlot draws a plot as a paletted PNG.
func LinePlot(p Plot) ([]byte, error) {
	n := len(p.XLabels)
	if n == 0 {
		return nil, fmt.Errorf("render: a plot needs at least one point")
	}
	if len(p.Panels) == 0 {
		return nil, fmt.Errorf("render: a plot needs a panel")
	}
	for _, pn := range p.Panels {
		for _, s := range pn.Series {
			if len(s.Values) != n {
				return nil, fmt.Errorf("render: series %q has %d values for %d points", s.Name, len(s.Values), n)
			}
		}
	}
	h := int(plotTitleH + float64(len(p.Panels))*plotPanelH + plotAxisH + plotCaption)
	dc := newCanvas(plotW, h)
	reg, err := truetype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	bold, err := truetype.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	small := truetype.NewFace(reg, &truetype.Options{Size: 10})
	label := truetype.NewFace(bold, &truetype.Options{Size: 11})
	title := truetype.NewFace(bold, &truetype.Options{Size: 15})

	dc.SetColor(paper)
	dc.Clear()
	dc.SetColor(color.RGBA{0xe6, 0xdc, 0xc2, 0xff})
	dc.DrawRectangle(0, 0, plotW, plotTitleH)
	dc.Fill()
	dc.SetColor(ink)
	dc.SetFontFace(title)
	dc.DrawStringAnchored(p.Title, 8, plotTitleH/2, 0, 0.35)

	x0, x1 := plotLeft, float64(plotW)-plotRight
	xAt := func(i int) float64 {
		if n == 1 {
			return (x0 + x1) / 2
		}
		return x0 + 8 + (x1-x0-16)*float64(i)/float64(n-1)
	}
	// Label every k-th turn so labels stay at least 56 px apart.
	step := 1
	for step < n && (x1-x0)*float64(step)/float64(max(n-1, 1)) < 56 {
		step++
	}
	for pi, pn := range p.Panels {
		top := plotTitleH + float64(pi)*plotPanelH + 24
		bottom := plotTitleH + float64(pi+1)*plotPanelH - 8
		lo, hi := pn.Min, pn.Max
		for _, s := range pn.Series {
			for _, v := range s.Values {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		for _, g := range pn.Guides {
			lo, hi = math.Min(lo, g.Value), math.Max(hi, g.Value)
		}
		if hi <= lo {
			hi = lo + 1
		}
		tick := niceStep((hi - lo) / 5)
		lo, hi = math.Floor(lo/tick)*tick, math.Ceil(hi/tick)*tick
		yAt := func(v float64) float64 { return bottom - (v-lo)/(hi-lo)*(bottom-top) }

		// The frame, the grid and the y labels.
		dc.SetColor(color.RGBA{0xfb, 0xf8, 0xee, 0xff})
		dc.DrawRectangle(x0, top, x1-x0, bottom-top)
		dc.Fill()
		dc.SetFontFace(small)
		dc.SetLineWidth(1)
		for v := lo; v <= hi+tick/2; v += tick {
			y := yAt(v)
			dc.SetColor(color.RGBA{0xdd, 0xd4, 0xbd, 0xff})
			dc.DrawLine(x0, y, x1, y)
			dc.Stroke()
			dc.SetColor(labelInk)
			dc.DrawStringAnchored(formatTick(v), x0-6, y, 1, 0.35)
		}
		for i := 0; i < n; i += step {
			dc.SetColor(color.RGBA{0xe8, 0xe0, 0xcb, 0xff})
			dc.DrawLine(xAt(i), top, xAt(i), bottom)
			dc.Stroke()
		}
		if lo < 0 && hi > 0 {
			dc.SetColor(gridInk)
			dc.SetLineWidth(1.5)
			dc.DrawLine(x0, yAt(0), x1, yAt(0))
			dc.Stroke()
		}
		dc.SetColor(gridInk)
		dc.SetLineWidth(1)
		dc.DrawRectangle(x0, top, x1-x0, bottom-top)
		dc.Stroke()
		dc.SetColor(ink)
		dc.SetFontFace(label)
		dc.DrawStringAnchored(pn.Title, x0, top-8, 0, 0)

		// Guides: dashed, labelled at the right.
		dc.SetFontFace(small)
		for _, g := range pn.Guides {
			c := g.Color
			if c.A == 0 {
				c = guideInk
			}
			dc.SetColor(c)
			dc.SetLineWidth(1.2)
			dc.SetDash(6, 4)
			dc.DrawLine(x0, yAt(g.Value), x1, yAt(g.Value))
			dc.Stroke()
			dc.SetDash()
			dc.DrawStringAnchored(g.Label, x1+6, yAt(g.Value), 0, 0.35)
		}

		// The series, with a dot on every point.
		for _, s := range pn.Series {
			dc.SetColor(s.Color)
			dc.SetLineWidth(2.4)
			for i, v := range s.Values {
				if i == 0 {
					dc.MoveTo(xAt(i), yAt(v))
				} else {
					dc.LineTo(xAt(i), yAt(v))
				}
			}
			dc.Stroke()
			for i, v := range s.Values {
				dc.DrawCircle(xAt(i), yAt(v), 3)
				dc.Fill()
			}
		}

		// The legend, at the foot of the right-hand column (guides are
		// labelled above it): each series with its last value.
		ly := bottom - 6 - 18*float64(len(pn.Series)-1)
		for _, s := range pn.Series {
			dc.SetColor(s.Color)
			dc.SetLineWidth(3)
			dc.DrawLine(x1+12, ly, x1+34, ly)
			dc.Stroke()
			dc.SetColor(ink)
			dc.SetFontFace(small)
			dc.DrawStringAnchored(fmt.Sprintf("%s: %s", s.Name, formatTick(s.Values[n-1])), x1+40, ly, 0, 0.35)
			ly += 18
		}
	}

	// The shared x axis: turn numbers and dates.
	axisY := plotTitleH + float64(len(p.Panels))*plotPanelH
	dc.SetFontFace(small)
	dc.SetColor(ink)
	for i := 0; i < n; i += step {
		for j, line := range strings.Split(p.XLabels[i], "|") {
			dc.DrawStringAnchored(line, xAt(i), axisY+4+float64(j)*13, 0.5, 0.8)
		}
	}
	if p.Caption != "" {
		dc.SetColor(color.RGBA{0xe6, 0xdc, 0xc2, 0xff})
		dc.DrawRectangle(0, float64(h)-plotCaption, plotW, plotCaption)
		dc.Fill()
		dc.SetColor(ink)
		dc.DrawStringAnchored(p.Caption, 8, float64(h)-plotCaption/2, 0, 0.35)
	}

	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, toPaletted(dc.img)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// niceStep rounds a raw tick step up to 1, 2 or 5 times a power of ten
// (at least 1: the plotted values are whole numbers).
func niceStep(raw float64) float64 {
	if raw <= 1 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*p {
			return m * p
		}
	}
	return 10 * p
}

func formatTick(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
