package render

import (
	"image"
	"image/color"
	"testing"
)

func TestToPalettedKeepsFlatColoursExact(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	flat := []color.RGBA{paper, gridInk, ink, riverInk}
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			c := flat[(x/16)%len(flat)]
			if y > 60 { // a strip of many blends, more than a palette holds
				c = color.RGBA{uint8(x * 4), uint8(y * 4), uint8(x + y), 0xff}
			}
			img.SetRGBA(x, y, c)
		}
	}
	p := toPaletted(img)
	if len(p.Palette) > 256 {
		t.Fatalf("%d colours", len(p.Palette))
	}
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			want := img.RGBAAt(x, y)
			r, g, b, _ := p.At(x, y).RGBA()
			got := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
			if y <= 60 && got != want {
				t.Fatalf("flat colour at %d,%d: %v, want %v", x, y, got, want)
			}
			if d := maxDiff(got, want); d > 24 {
				t.Fatalf("blend at %d,%d moved by %d", x, y, d)
			}
		}
	}
}

func maxDiff(a, b color.RGBA) int {
	d := 0
	for _, p := range [][2]uint8{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}} {
		x := int(p[0]) - int(p[1])
		if x < 0 {
			x = -x
		}
		d = max(d, x)
	}
	return d
}
