package render

import (
	"image"
	"image/color"
	"sort"
)

// toPaletted reduces an opaque map image to at most 256 colours: the most
// used colours of a 5-bit-per-channel histogram (a map has a few flat
// colours and their antialiased blends), each bucket drawn as its average
// colour. Flat colours stay exact; only blends move, by at most a few
// levels. A paletted PNG skips the per-row filter search and deflates a
// quarter of the bytes, which halves the encoding time.
func toPaletted(src *image.RGBA) *image.Paletted {
	const buckets = 1 << 15
	var count [buckets]uint32
	var sum [buckets][3]uint32
	pix := src.Pix
	for i := 0; i+3 < len(pix); i += 4 {
		k := int(pix[i]>>3)<<10 | int(pix[i+1]>>3)<<5 | int(pix[i+2]>>3)
		count[k]++
		sum[k][0] += uint32(pix[i])
		sum[k][1] += uint32(pix[i+1])
		sum[k][2] += uint32(pix[i+2])
	}
	used := make([]int, 0, 4096)
	for k, n := range count {
		if n > 0 {
			used = append(used, k)
		}
	}
	sort.Slice(used, func(a, b int) bool { return count[used[a]] > count[used[b]] })
	n := min(len(used), 256)
	pal := make(color.Palette, n)
	var table [buckets]uint8
	for i := 0; i < n; i++ {
		k := used[i]
		c := count[k]
		pal[i] = color.RGBA{uint8(sum[k][0] / c), uint8(sum[k][1] / c), uint8(sum[k][2] / c), 0xff}
		table[k] = uint8(i)
	}
	for _, k := range used[n:] {
		c := count[k]
		table[k] = uint8(pal.Index(color.RGBA{uint8(sum[k][0] / c), uint8(sum[k][1] / c), uint8(sum[k][2] / c), 0xff}))
	}
	dst := image.NewPaletted(src.Rect, pal)
	for i, j := 0, 0; i+3 < len(pix); i, j = i+4, j+1 {
		dst.Pix[j] = table[int(pix[i]>>3)<<10|int(pix[i+1]>>3)<<5|int(pix[i+2]>>3)]
	}
	return dst
}
