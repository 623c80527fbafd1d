package scenarios

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func lrtgTheatre(t *testing.T) *engine.Theatre {
	t.Helper()
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	return ts["lrtg"]
}

func loadTerrainFixture(t *testing.T, name string) engine.TerrainCopy {
	t.Helper()
	b, err := os.ReadFile("testdata/terrain/" + name)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ParseTerrainFile(b)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The invented layer loads, and says what it was given: terrain by hex
// (runs expanded), the hexsides of each chain's steps, and the hexsides
// given as pairs, the same from either side.
func TestTerrainLayerGood(t *testing.T) {
	th := lrtgTheatre(t)
	c := loadTerrainFixture(t, "good.yaml")
	if len(c.Problems) > 0 {
		t.Fatalf("problems: %v", c.Problems)
	}
	l, err := th.CheckTerrain(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	hex := func(ref string) engine.Hex {
		h, _, err := th.ParseHex(ref, "")
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	if l.Map != "lrtg" || l.Title != "Invented test layer around HW2420" {
		t.Errorf("map %q title %q", l.Map, l.Title)
	}
	for ref, want := range map[string]string{"HW2018": "clear", "HW2317": "clear", "HW2218": "clear", "HW2419": "clear",
		"HW2420": "woods", "HW2622": "woods", "HW2521": "woods", "HW2024": "woods", "HW2723": "mountain"} {
		if got, ok := l.Terrain(hex(ref)); !ok || got != want {
			t.Errorf("%s: %q %v, want %q", ref, got, ok, want)
		}
	}
	if got, ok := l.Terrain(hex("HW0101")); ok {
		t.Errorf("HW0101 is not in the layer, got %q", got)
	}
	// Runs expand to blocks: 4 columns x 2 rows, 2, 3 x 3, 1, 1.
	if n, _ := l.Counts(); n != 8+2+9+1+1 {
		t.Errorf("%d hexes, want 21", n)
	}
	for _, tc := range []struct {
		a, b string
		want []string
	}{
		{"HW2420", "HW2520", []string{"road"}},
		{"HW2520", "HW2420", []string{"road"}},
		{"HW2720", "HW2820", []string{"road"}},
		{"HW2419", "HW2420", []string{"pike"}},
		{"HW2118", "HW2218", []string{"railroad"}},
		{"HW2421", "HW2420", []string{"creek", "ford"}},
		{"HW2520", "HW2521", []string{"creek"}},
		{"HW2620", "HW2621", []string{"river", "bridge"}},
		{"HW2420", "HW2421", []string{"creek", "ford"}},
		{"HW2420", "HW2319", nil},
		{"HW2420", "HW2620", nil}, // not adjacent
	} {
		if got := l.Hexside(hex(tc.a), hex(tc.b)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s/%s: %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	// Against a cost chart that has its rows (in other letters) the
	// layer loads; against one that lacks one, the refusal names it.
	if _, err := th.CheckTerrain(c, &engine.LoadedChart{Rows: []string{"Clear", "WOODS", "mountain", "road"}}); err != nil {
		t.Errorf("with the chart's rows: %v", err)
	}
	_, err = th.CheckTerrain(c, &engine.LoadedChart{Rows: []string{"clear", "forest", "road"}})
	if err == nil {
		t.Fatal("woods and mountain are not rows of the chart: loaded")
	}
	for _, want := range []string{`"woods" is not a row of your loaded terrain cost chart`, `"mountain" is not a row`, "its rows: clear, forest, road"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q not in %v", want, err)
		}
	}
}

// Every problem of the bad fixture is in one refusal, each at its line.
func TestTerrainLayerEveryProblemAtOnce(t *testing.T) {
	th := lrtgTheatre(t)
	c := loadTerrainFixture(t, "bad.yaml")
	_, err := th.CheckTerrain(c, &engine.LoadedChart{Rows: []string{"clear", "woods"}})
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "terrain.file" || !errors.Is(err, engine.ErrInvalid) {
		t.Fatalf("want a terrain.file refusal, got %v", err)
	}
	for _, want := range []string{
		"The terrain layer has 13 problems:",
		`line 5: "colour" is not part of a terrain layer`,
		`line 7: "XX1010" is not a hex: no sheet "XX"`,
		`line 7: "HW9999" is not a hex: sheet HW runs from 0101 to 5834`,
		`line 8: HW2412 gives "clear" to HW2412, which line 7 made "woods": a hex has one terrain`,
		"line 9: the run HW5010-6010 leaves the map: sheet HW runs from 0101 to 5834",
		`line 9: the terrain "swamp" is not a row of your loaded terrain cost chart`,
		"line 12: the road has a gap between HW2520 and HW2820 (3 hexes apart)",
		"line 14: a creek runs along hexsides, not through hexes",
		`line 16: "highway" is not a hexside feature: use road, pike, trail, railroad, river, minor-river, creek, ford, bridge`,
		"line 18: HW2420/HW2422 is not a hexside: the hexes are 2 apart",
		`line 18: "HW2420-2421" is not a hexside: write its two hexes joined by /`,
		"line 19: the ford at HW3030/HW3031 crosses no water",
		`line 20: "lava" is not a hexside feature`,
		"Nothing was loaded",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q not in:\n%v", want, err)
		}
	}
	// In the file's order.
	if i, j := strings.Index(err.Error(), "line 5:"), strings.Index(err.Error(), "line 20:"); i < 0 || j < i {
		t.Errorf("problems not in line order:\n%v", err)
	}
}

// A refusal lists MaxTerrainProblems problems and counts the rest.
func TestTerrainLayerProblemsCapped(t *testing.T) {
	th := lrtgTheatre(t)
	var b strings.Builder
	b.WriteString("map: lrtg\nterrain:\n")
	for i := 0; i < 30; i++ {
		b.WriteString("  t" + strings.Repeat("x", i) + ": [ZZ0101]\n")
	}
	c, err := ParseTerrainFile([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	_, err = th.CheckTerrain(c, nil)
	if err == nil {
		t.Fatal("loaded")
	}
	msg := err.Error()
	if got := strings.Count(msg, "\n- "); got != engine.MaxTerrainProblems {
		t.Errorf("%d problems listed, want %d", got, engine.MaxTerrainProblems)
	}
	if !strings.Contains(msg, "The terrain layer has 30 problems:") || !strings.Contains(msg, "… and 10 more") {
		t.Errorf("no count of the rest:\n%s", msg)
	}
}

// The file's shape: what cannot be read is a problem with its line, not
// the end of the reading; a file that is not YAML is an error.
func TestParseTerrainFileShape(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		want       []string // in the problems, or the error
	}{
		{"empty", "", []string{"the terrain file is empty"}},
		{"not yaml", "map: [lrtg", []string{"not valid YAML"}},
		{"a list", "- HW2420", []string{"needs map:"}},
		{"no map", "terrain:\n  woods: [HW2420]\n", []string{"map: is missing"}},
		{"map twice", "map: lrtg\nmap: lrtg\n", []string{"line 2: map: is given twice"}},
		{"terrain a list", "map: lrtg\nterrain: [HW2420]\n", []string{"line 2: terrain: gives each terrain its hexes"}},
		{"nested hexes", "map: lrtg\nterrain:\n  woods: [[HW2420]]\n", []string{"line 3: list the hexes of woods"}},
		{"chain a scalar", "map: lrtg\nlines:\n  road: HW2420\n", []string{"line 3: road: give each road as a list"}},
		{"chain of lists", "map: lrtg\nlines:\n  road:\n    - [[HW2420]]\n", []string{"line 4: give each road as a list of the hexes"}},
		{"hexsides a map", "map: lrtg\nhexsides:\n  creek: {a: b}\n", []string{"line 3: list the hexsides"}},
	} {
		c, err := ParseTerrainFile([]byte(tc.file))
		got := ""
		if err != nil {
			got = err.Error()
		}
		for _, p := range c.Problems {
			got += "\n" + "line " + itoa(p.Line) + ": " + p.What
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q not in %q", tc.name, w, got)
			}
		}
	}
}

func itoa(n int) string {
	s := ""
	if n == 0 {
		return "0"
	}
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// A feature is read as the vocabulary writes it, and one chain may be
// written without the outer list.
func TestParseTerrainFileForms(t *testing.T) {
	th := lrtgTheatre(t)
	c, err := ParseTerrainFile([]byte("map: lrtg\nlines:\n  Road: [HW2420, 2520]\nhexsides:\n  Minor River: HW2420/2421\n"))
	if err != nil || len(c.Problems) > 0 {
		t.Fatal(err, c.Problems)
	}
	l, err := th.CheckTerrain(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, _, _ := th.ParseHex("HW2420", "")
	b, _, _ := th.ParseHex("HW2520", "")
	d, _, _ := th.ParseHex("HW2421", "")
	if got := l.Hexside(a, b); !reflect.DeepEqual(got, []string{"road"}) {
		t.Errorf("road: %v", got)
	}
	if got := l.Hexside(d, a); !reflect.DeepEqual(got, []string{"minor-river"}) {
		t.Errorf("minor river: %v", got)
	}
	// A block's last hex may be written in full, on the same sheet.
	c, _ = ParseTerrainFile([]byte("map: lrtg\nterrain:\n  woods: [HW2420-HW2521]\n  clear: [HW2410-RS0101]\n"))
	if _, err := th.CheckTerrain(c, nil); err == nil || strings.Contains(err.Error(), "HW2420-HW2521") || !strings.Contains(err.Error(), `"HW2410-RS0101" is not a run`) {
		t.Errorf("full last hex: %v", err)
	}
	// A hex printed on two sheets is one hex: HW2420 is RS0532 (the
	// sheets' calibration, lrtg-sheets.yaml), so giving it two terrains
	// under its two names is a clash.
	c, _ = ParseTerrainFile([]byte("map: lrtg\nterrain:\n  woods: [HW2420]\n  clear: [RS0532]\n"))
	if _, err := th.CheckTerrain(c, nil); err == nil || !strings.Contains(err.Error(), `RS0532 gives "clear" to RS0532, which line 3 made "woods"`) {
		t.Errorf("one hex under two names: %v", err)
	}
}
