package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Bands: rows or columns keyed by ranges of whole numbers ("1-4", "5-8",
// "9 or more"), as a rolled chart's rows and a combat chart's
// combat-value columns are printed. A sequence of bands must hold every
// value once: the checks here say which two bands overlap or leave a gap,
// and where.

// parseBand reads a band label: a number, a range or an open end. ok is
// false for a label that is not one (ParseRowKey keeps such a label as a
// name, with 0..0).
func parseBand(label string) (RowKey, bool) {
	k := ParseRowKey(label)
	if k.Min == 0 && k.Max == 0 {
		if _, err := strconv.Atoi(k.Label); err != nil {
			return k, false
		}
	}
	return k, true
}

// bandText is a value as a player reads it in a problem.
func bandText(v int) string {
	switch v {
	case math.MinInt:
		return "the lowest values"
	case math.MaxInt:
		return "the highest values"
	}
	return strconv.Itoa(v)
}

// bandSequence checks sorted bands (by Min): none runs backwards, and
// each follows the one before it with no value twice and none left out.
// what names them in the plural ("rows", "columns D"), one in the
// singular ("row", "column"). at says where a band is in the file
// ("line 7: "), or "".
func bandSequence(what, one string, bands []RowKey, at func(string) string, p *shapeProblems) {
	for i, b := range bands {
		if b.Min > b.Max {
			p.add("%s%s %q runs backwards: give the lower number first", at(b.Label), one, b.Label)
			continue
		}
		if i == 0 {
			continue
		}
		prev := bands[i-1]
		switch {
		case b.Min <= prev.Max:
			p.add("%s%s %q and %q overlap (both hold %s)", at(b.Label), what, prev.Label, b.Label, bandText(b.Min))
		case b.Min-1 > prev.Max:
			gap := bandText(prev.Max + 1)
			if b.Min-1 > prev.Max+1 {
				gap += " to " + bandText(b.Min-1)
			}
			p.add("%s%s %q and %q leave a gap (no %s for %s)", at(b.Label), what, prev.Label, b.Label, one, gap)
		}
	}
}

// SplitBandHeading reads a banded column heading into its group and band:
// "D 1-4" is the band 1-4 of the group D; in the group "" the heading is
// the band. ok is false when the heading is in none of the groups or its
// band is not a number or range.
func SplitBandHeading(heading string, groups []string) (group string, band RowKey, ok bool) {
	h := strings.TrimSpace(heading)
	for _, g := range groups {
		rest := h
		if g != "" {
			if !strings.HasPrefix(h, g+" ") {
				continue
			}
			rest = strings.TrimSpace(h[len(g)+1:])
		}
		if k, ok := parseBand(rest); ok {
			return g, k, true
		}
	}
	return "", RowKey{Label: h}, false
}

// checkColumnBands checks the copy's banded columns: each heading is in
// a group, and each group's bands cover every value from its first, once,
// the last open at the top when openTop (a combat value above the chart
// reads its last column). at says where the headings are in the file.
func checkColumnBands(cols, groups []string, openTop bool, at string, p *shapeProblems) {
	by := map[string][]RowKey{}
	for _, h := range cols {
		g, k, ok := SplitBandHeading(h, groups)
		if !ok {
			p.add("%scolumn %q is not a band of values %s", at, h, bandGroupsHelp(groups))
			continue
		}
		k.Label = h
		by[g] = append(by[g], k)
	}
	for _, g := range groups {
		bands := by[g]
		name := "columns"
		if g != "" {
			name = "columns " + g
		}
		if len(bands) == 0 {
			p.add("it has no %s (e.g. %q)", name, strings.TrimSpace(g+" 1-4"))
			continue
		}
		sortRows(bands)
		bandSequence(name, "column", bands, func(string) string { return at }, p)
		if last := bands[len(bands)-1]; openTop && last.Max != math.MaxInt {
			p.add("%sthe last of the %s, %q, must be open above (e.g. %q), so every value has a column", at, name, last.Label, strings.TrimSpace(g+" 9 or more"))
		}
	}
}

// bandGroupsHelp says how banded headings are written.
func bandGroupsHelp(groups []string) string {
	var ex []string
	for _, g := range groups {
		ex = append(ex, fmt.Sprintf("%q", strings.TrimSpace(g+" 1-4")))
	}
	if len(groups) == 1 && groups[0] == "" {
		return "(numbers or ranges such as \"1-4\", \"9 or more\")"
	}
	return fmt.Sprintf("(a group, a space and a number or range: %s ...; groups %s)", strings.Join(ex, ", "), strings.Join(groups, ", "))
}

// BandIndex returns the index of the band of labels that holds v, and
// whether v was off the bands and the nearest end was taken instead
// (the printed charts' "treat as the last row"). It is -1 when no label
// is a band.
func BandIndex(labels []string, v int) (int, bool) {
	keys := make([]RowKey, 0, len(labels))
	idx := make([]int, 0, len(labels))
	for i, l := range labels {
		if k, ok := parseBand(l); ok {
			keys = append(keys, k)
			idx = append(idx, i)
		}
	}
	lo, hi := -1, -1
	for j, k := range keys {
		if v >= k.Min && v <= k.Max {
			return idx[j], false
		}
		if lo < 0 || k.Min < keys[lo].Min {
			lo = j
		}
		if hi < 0 || k.Max > keys[hi].Max {
			hi = j
		}
	}
	switch {
	case len(keys) == 0:
		return -1, false
	case v < keys[lo].Min:
		return idx[lo], true
	case v > keys[hi].Max:
		return idx[hi], true
	}
	return -1, false // in a gap: a checked copy has none
}
