package engine

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// TerrainCopy is a terrain layer as its file gives it, before it is checked
// against the map: every hex a printed reference, with the file's line
// numbers so that each problem says where it is (scenarios reads the file;
// docs/terrain-layer.md is the format).
type TerrainCopy struct {
	Map   string
	Title string
	// Hexes: Name is a terrain, Refs its hexes and runs ("HW2410",
	// "HW2410-2615": every printed number from column 24 to 26 and row 10
	// to 15 of the sheet).
	Hexes []TerrainItem
	// Chains: Name is a line feature, Refs the hexes it runs through in
	// order (each step gives the hexside it crosses).
	Chains []TerrainItem
	// Sides: Name is a feature, Refs its hexsides as "HW2410/HW2411".
	Sides []TerrainItem
	// Problems the reader found in the file's shape.
	Problems []TerrainProblem
}

// TerrainItem is one list of the file. A bare number in Refs ("2411") is
// on the sheet of the reference before it in the same list.
type TerrainItem struct {
	Name  string
	Refs  []string
	Lines []int // the file's line of each ref (0: not known)
	Line  int   // the line of the list
}

// TerrainProblem is one thing wrong with a layer, at a line of its file.
type TerrainProblem struct {
	Line int
	What string
}

// MaxTerrainProblems bounds the problems a refusal lists; the rest are
// counted.
const MaxTerrainProblems = 20

// maxTerrainTitle bounds a layer's title (one line).
const maxTerrainTitle = 100

// maxTerrainHexes bounds what the runs of one file may expand to (every
// sheet of a theatre holds a few thousand hexes).
const maxTerrainHexes = 200000

var bareNumber = regexp.MustCompile(`^\s*\d{3,4}\s*$`)

// CheckTerrain checks a layer against the theatre's grid and, when costs
// is not nil, its terrain names against the cost chart's rows. It returns
// the layer, or one refusal that lists every problem (up to
// MaxTerrainProblems, then how many more).
func (t *Theatre) CheckTerrain(c TerrainCopy, costs *LoadedChart) (*TerrainLayer, error) {
	ck := terrainChecker{t: t, problems: append([]TerrainProblem(nil), c.Problems...)}
	hexes := ck.hexes(c.Hexes)
	sides := map[string][]HexPair{}
	onSide := map[HexPair]map[string]int{} // features given per side, with a line
	add := func(f string, p HexPair, line int) {
		if onSide[p] == nil {
			onSide[p] = map[string]int{}
		}
		if _, dup := onSide[p][f]; !dup {
			onSide[p][f] = line
			sides[f] = append(sides[f], p)
		}
	}
	for _, it := range c.Chains {
		if !ck.feature(it, true) {
			continue
		}
		ck.chain(it, func(p HexPair, line int) { add(it.Name, p, line) })
	}
	for _, it := range c.Sides {
		if !ck.feature(it, false) {
			continue
		}
		ck.sides(it, func(p HexPair, line int) { add(it.Name, p, line) })
	}
	// A ford or a bridge crosses water: it needs water on its hexside.
	for p, fs := range onSide {
		water := false
		for f := range fs {
			water = water || WaterFeature(f)
		}
		for _, f := range []string{FeatureFord, FeatureBridge} {
			if line, ok := fs[f]; ok && !water {
				ck.add(line, "the %s at %s crosses no water: give the hexside a river, minor-river or creek too", f, ck.sideName(p))
			}
		}
	}
	if costs != nil {
		ck.names(c.Hexes, costs)
	}
	if len(strings.TrimSpace(c.Title)) > maxTerrainTitle {
		ck.add(0, "the title is longer than %d characters: give one line", maxTerrainTitle)
	}
	if len(hexes) == 0 && len(sides) == 0 && len(ck.problems) == 0 {
		ck.add(0, "the layer gives no terrain and no hexside")
	}
	if err := ck.refusal(); err != nil {
		return nil, err
	}
	return NewTerrainLayer(t.ID, strings.TrimSpace(c.Title), hexes, sides), nil
}

type terrainChecker struct {
	t        *Theatre
	problems []TerrainProblem
	expanded int
}

func (ck *terrainChecker) add(line int, f string, a ...any) {
	ck.problems = append(ck.problems, TerrainProblem{Line: line, What: fmt.Sprintf(f, a...)})
}

// refusal lists the problems by line (the shape's problems without a line
// first), up to MaxTerrainProblems.
func (ck *terrainChecker) refusal() error {
	if len(ck.problems) == 0 {
		return nil
	}
	ps := ck.problems
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Line < ps[j].Line })
	var b strings.Builder
	if len(ps) == 1 {
		b.WriteString("The terrain layer has a problem:")
	} else {
		fmt.Fprintf(&b, "The terrain layer has %d problems:", len(ps))
	}
	for i, p := range ps {
		if i == MaxTerrainProblems {
			fmt.Fprintf(&b, "\n… and %d more", len(ps)-i)
			break
		}
		b.WriteString("\n- ")
		if p.Line > 0 {
			fmt.Fprintf(&b, "line %d: ", p.Line)
		}
		b.WriteString(p.What)
	}
	fix := "Correct them all"
	if len(ps) == 1 {
		fix = "Correct it"
	}
	return &RuleError{Kind: ErrInvalid, Code: "terrain.file", What: b.String(),
		Hint: "Nothing was loaded. " + fix + " and load the file again (the format: docs/terrain-layer.md)"}
}

// ref reads one printed reference; a bare number takes the sheet of prev.
func (ck *terrainChecker) ref(s, prevSheet string, line int) (Hex, HexRef, bool) {
	s = strings.TrimSpace(s)
	if bareNumber.MatchString(s) && prevSheet != "" {
		s = prevSheet + s
	}
	h, ref, err := ck.t.ParseHex(s, "")
	if err != nil {
		what := err.Error()
		if e, ok := err.(*RuleError); ok {
			what = e.What
		}
		ck.add(line, "%s", what)
		return Hex{}, ref, false
	}
	return h, ref, true
}

func lineOf(it TerrainItem, i int) int {
	if i < len(it.Lines) && it.Lines[i] > 0 {
		return it.Lines[i]
	}
	return it.Line
}

// hexes expands the terrain lists: every hex once, a hex given two
// terrains a problem (one per run and earlier list, naming the hexes).
func (ck *terrainChecker) hexes(items []TerrainItem) map[string][]Hex {
	type given struct {
		terrain string
		line    int
	}
	at := map[Hex]given{}
	out := map[string][]Hex{}
	for _, it := range items {
		name := strings.TrimSpace(it.Name)
		if name == "" {
			ck.add(it.Line, "a terrain needs a name")
			continue
		}
		if len(name) > 40 {
			ck.add(it.Line, "the terrain name %q is longer than 40 characters", name[:40]+"…")
			continue
		}
		if len(it.Refs) == 0 {
			ck.add(it.Line, "the terrain %q lists no hexes", name)
		}
		prev := ""
		for i, r := range it.Refs {
			line := lineOf(it, i)
			hs, refs, sheet, ok := ck.run(r, prev, line)
			if !ok {
				continue
			}
			prev = sheet
			// Clashes with earlier lists, grouped by the list they
			// clash with.
			clash := map[given][]string{}
			var order []given
			for k, h := range hs {
				g, seen := at[h]
				switch {
				case !seen:
					at[h] = given{name, line}
					out[name] = append(out[name], h)
				case g.terrain != name:
					if _, ok := clash[g]; !ok {
						order = append(order, g)
					}
					clash[g] = append(clash[g], refs[k])
				}
			}
			for _, g := range order {
				ck.add(line, "%s gives %q to %s, which line %d made %q: a hex has one terrain",
					strings.TrimSpace(r), name, listSome(clash[g], 4), g.line, g.terrain)
			}
		}
	}
	return out
}

// run reads "HW2410" or a run "HW2410-2615" (the block of printed numbers
// between the two, on one sheet).
func (ck *terrainChecker) run(s, prevSheet string, line int) ([]Hex, []string, string, bool) {
	first, last, isRun := strings.Cut(strings.TrimSpace(s), "-")
	h, ref, ok := ck.ref(first, prevSheet, line)
	if !ok {
		return nil, nil, "", false
	}
	if !isRun {
		return []Hex{h}, []string{ref.String()}, ref.Sheet, true
	}
	last = strings.TrimSpace(last)
	if !bareNumber.MatchString(last) {
		// The last hex written in full, on the same sheet.
		if _, lr, err := ck.t.ParseHex(last, ""); err == nil && lr.Sheet == ref.Sheet {
			last = fmt.Sprintf("%02d%02d", lr.Col, lr.Row)
		}
	}
	if !bareNumber.MatchString(last) {
		ck.add(line, "%q is not a run: write the first hex and the last printed number of the same sheet, e.g. %s-%02d%02d", s, ref, ref.Col+1, ref.Row+2)
		return nil, nil, "", false
	}
	var sh *Sheet
	for i := range ck.t.Sheets {
		if ck.t.Sheets[i].ID == ref.Sheet {
			sh = &ck.t.Sheets[i]
		}
	}
	if len(last) == 3 {
		last = "0" + last
	}
	col, _ := strconv.Atoi(last[:2])
	row, _ := strconv.Atoi(last[2:])
	if sh == nil {
		ck.add(line, "%q is on no sheet of this map", strings.TrimSpace(s))
		return nil, nil, "", false
	}
	if col < sh.MinCol || col > sh.MaxCol || row < sh.MinRow || row > sh.MaxRow {
		ck.add(line, "the run %s leaves the map: sheet %s runs from %02d%02d to %02d%02d", strings.TrimSpace(s), ref.Sheet, sh.MinCol, sh.MinRow, sh.MaxCol, sh.MaxRow)
		return nil, nil, "", false
	}
	c0, c1 := min(ref.Col, col), max(ref.Col, col)
	r0, r1 := min(ref.Row, row), max(ref.Row, row)
	n := (c1 - c0 + 1) * (r1 - r0 + 1)
	if ck.expanded+n > maxTerrainHexes {
		ck.add(line, "the runs expand to more than %d hexes", maxTerrainHexes)
		return nil, nil, "", false
	}
	ck.expanded += n
	hs := make([]Hex, 0, n)
	refs := make([]string, 0, n)
	for c := c0; c <= c1; c++ {
		for r := r0; r <= r1; r++ {
			hs = append(hs, sh.Global(c, r))
			refs = append(refs, HexRef{Sheet: sh.ID, Col: c, Row: r}.String())
		}
	}
	return hs, refs, ref.Sheet, true
}

// feature checks a list's feature: in the vocabulary and, for a chain, one
// that runs centre to centre.
func (ck *terrainChecker) feature(it TerrainItem, chain bool) bool {
	f := it.Name
	switch {
	case featureRank(f) < 0:
		ck.add(it.Line, "%q is not a hexside feature: use %s", f, strings.Join(HexsideFeatures, ", "))
		return false
	case chain && !LineFeature(f):
		ck.add(it.Line, "a %s runs along hexsides, not through hexes: list its hexsides under hexsides: as pairs, e.g. HW2410/HW2411", f)
		return false
	}
	return true
}

// chain reads a line feature's hexes in order: each step to an adjacent
// hex gives the hexside it crosses; a gap is a problem.
func (ck *terrainChecker) chain(it TerrainItem, give func(HexPair, int)) {
	if len(it.Refs) < 2 {
		ck.add(it.Line, "a %s needs at least two hexes in a row: the hexes it runs through, in order", it.Name)
		return
	}
	var prev Hex
	var prevRef HexRef
	havePrev := false
	sheet := ""
	for i, r := range it.Refs {
		line := lineOf(it, i)
		h, ref, ok := ck.ref(r, sheet, line)
		if !ok {
			havePrev = false
			continue
		}
		sheet = ref.Sheet
		if havePrev {
			switch d := Distance(prev, h); d {
			case 1:
				give(SideOf(prev, h), line)
			case 0:
				ck.add(line, "the %s names %s twice in a row", it.Name, ref)
			default:
				ck.add(line, "the %s has a gap between %s and %s (%d hexes apart): list every hex it runs through", it.Name, prevRef, ref, d)
			}
		}
		prev, prevRef, havePrev = h, ref, true
	}
}

// sides reads hexsides written "HW2410/HW2411" (or "HW2410/2411").
func (ck *terrainChecker) sides(it TerrainItem, give func(HexPair, int)) {
	if len(it.Refs) == 0 {
		ck.add(it.Line, "the %s lists no hexsides", it.Name)
	}
	for i, r := range it.Refs {
		line := lineOf(it, i)
		a, b, ok := strings.Cut(r, "/")
		if !ok {
			ck.add(line, "%q is not a hexside: write its two hexes joined by /, e.g. HW2410/HW2411", strings.TrimSpace(r))
			continue
		}
		ha, ra, okA := ck.ref(a, "", line)
		hb, rb, okB := ck.ref(b, ra.Sheet, line)
		if !okA || !okB {
			continue
		}
		if d := Distance(ha, hb); d != 1 {
			ck.add(line, "%s/%s is not a hexside: the hexes are %d apart, and a hexside lies between two adjacent hexes", ra, rb, d)
			continue
		}
		give(SideOf(ha, hb), line)
	}
}

// names lists the terrains that are not rows of the loaded cost chart.
func (ck *terrainChecker) names(items []TerrainItem, costs *LoadedChart) {
	rows := map[string]bool{}
	for _, r := range costs.Rows {
		rows[strings.ToLower(strings.TrimSpace(r))] = true
	}
	seen := map[string]bool{}
	for _, it := range items {
		n := strings.TrimSpace(it.Name)
		if n == "" || seen[n] || rows[strings.ToLower(n)] {
			continue
		}
		seen[n] = true
		ck.add(it.Line, "the terrain %q is not a row of your loaded terrain cost chart (its rows: %s): rename it, or load a cost chart with that row",
			n, listSome(costs.Rows, 12))
	}
}

func (ck *terrainChecker) sideName(p HexPair) string {
	name := func(h Hex) string {
		if p := ck.t.Printed(h); len(p) > 0 {
			return p[0]
		}
		return fmt.Sprint(h)
	}
	return name(p.A) + "/" + name(p.B)
}

// listSome joins up to n items and counts the rest.
func listSome(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}
