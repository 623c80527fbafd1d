package scenarios

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// Fuzz tests for the files a group loads (issue 11, "Hostile and careless
// input"; docs/fuzzing.md): a chart file (/chart load), a LITN record sheet
// (/sheet load) and an order of battle (/game oob). Whatever the bytes, the
// readers and the checks after them do not panic, and a refusal says in
// plain words what is wrong. The seeds are the repository's own files, cut
// short and mangled; testdata/fuzz/Fuzz* keeps the corpus (and every
// regression found).

// fileSeeds reads the files matching the patterns (relative to this
// package) and adds each, and variants of it, as seeds: the whole file, its
// first half, its first line cut off, and a tab instead of its first
// indentation.
func fileSeeds(f *testing.F, patterns ...string) {
	f.Helper()
	n := 0
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			n++
			f.Add(b)
			f.Add(b[:len(b)/2])
			if i := strings.IndexByte(string(b), '\n'); i >= 0 {
				f.Add(b[i+1:])
			}
			f.Add([]byte(strings.Replace(string(b), "\n  ", "\n\t", 1)))
		}
	}
	if n == 0 {
		f.Fatalf("no seed files match %v", patterns)
	}
	for _, s := range []string{"", "~", "---\n---\n", "[", "{", "- 1\n- 2\n", "\"x\"", "&a [*a]", "!!binary AAAA", "\x00\xff"} {
		f.Add([]byte(s))
	}
}

// checkMessage fails unless msg is a message for a person: not empty, and
// none of Go's noise (a format verb gone wrong, a nil, a Go type name, a
// runtime error) unless the file itself has it (a message may quote it).
func checkMessage(t *testing.T, what, msg string, in []byte) {
	t.Helper()
	if strings.TrimSpace(msg) == "" {
		t.Fatalf("%s: the refusal says nothing", what)
	}
	for _, noise := range []string{"%!", "<nil>", "scenarios.", "engine.", "runtime error", "goroutine", "map[", "[]string", "!!", "EOF"} {
		if strings.Contains(msg, noise) && !strings.Contains(string(in), noise) {
			t.Fatalf("%s: the message has Go's noise %q: %s", what, noise, msg)
		}
	}
}

// FuzzParseChartFile: a chart file read (scenarios.ParseChartFile), then
// checked against the slot it names (engine.ChartSlot.Validate).
func FuzzParseChartFile(f *testing.F) {
	fileSeeds(f, "../engine/litn/testdata/*.yaml")
	f.Add([]byte("chart: litn.command-broadcast\ncells:\n  \"1\": [Full]\n  \"1\": [Full]\n"))
	f.Add([]byte("chart: litn.command-broadcast\ncells:\n  [1, 2]: [Full]\n"))
	f.Add([]byte("chart: litn.command-broadcast\ncells:\n  \"1\": [[Full]]\n"))
	f.Add([]byte("chart: litn.command-broadcast\ncolumns: [\"\", \"\"]\ncells:\n  \"99999999999999999999 or more\": [Full]\n"))
	lib, err := Library()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		id, cp, err := ParseChartFile(b)
		if err != nil {
			checkMessage(t, "ParseChartFile", err.Error(), b)
			return
		}
		if id == "" || len(cp.Cells) == 0 || len(cp.Order) != len(cp.Cells) {
			t.Fatalf("read without an error but incomplete: %q %+v", id, cp)
		}
		sl := lib.Slot(id)
		if sl == nil {
			return // /chart load refuses a file for another slot by its name
		}
		loaded, err := sl.Validate(cp)
		if err != nil {
			checkMessage(t, "Validate", err.Error(), b)
			return
		}
		if len(loaded.Rows) != len(loaded.Cells) {
			t.Fatalf("validated copy with %d rows and %d lines of cells", len(loaded.Rows), len(loaded.Cells))
		}
		for i, row := range loaded.Cells {
			if len(row) != len(loaded.Columns) {
				t.Fatalf("row %s has %d cells for %d columns", loaded.Rows[i], len(row), len(loaded.Columns))
			}
		}
	})
}

// FuzzParseLITNSheet: a record sheet read (scenarios.ParseLITNSheet), then
// checked (litn.ValidateSheet) against the scenario it names (or the
// first LITN scenario) and the LITN map.
func FuzzParseLITNSheet(f *testing.F) {
	fileSeeds(f, "testdata/litn/*.yaml", "../docs/litn-record-sheet-template.yaml")
	f.Add([]byte("game: litn\nscenario: litn-1-frederick-to-antietam\nside: csa\nsource: x\nleaders:\n  - id: csa.a\n    command: 1\n    initiative: 1\n    combat_bonus: 0\n    rank: 1\n    hex: \"0000\"\n    arrives: [{by: hooker-out}, {turn: -5, hexes: [\"\", \"LITN9999\"]}]\n"))
	f.Add([]byte("leaders: {id: x}\n"))
	f.Add([]byte("leaders:\n  - 3\n"))
	cat, err := Catalogue()
	if err != nil {
		f.Fatal(err)
	}
	ts, err := Theatres()
	if err != nil {
		f.Fatal(err)
	}
	var first *engine.Scenario
	for i := range cat {
		if cat[i].Game == litn.ID {
			first = &cat[i]
			break
		}
	}
	if first == nil {
		f.Fatal("no LITN scenario in the catalogue")
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseLITNSheet(b)
		if err != nil {
			checkMessage(t, "ParseLITNSheet", err.Error(), b)
			return
		}
		sc := *first
		for i := range cat {
			if cat[i].ID == s.Scenario {
				sc = cat[i]
			}
		}
		for _, p := range litn.ValidateSheet(s, sc, ts[string(litn.ID)]) {
			checkMessage(t, "ValidateLITNSheet", p, b)
		}
	})
}

// FuzzParseOrderOfBattle: an order of battle the umpire imports (/game
// oob), read and checked on the shipped maps (ParseOrderOfBattle). The
// seeds are the template with both sides and the shipped files of one
// side each (which an import refuses).
func FuzzParseOrderOfBattle(f *testing.F) {
	fileSeeds(f, "../docs/oob-template.yaml", "oob/*.yaml")
	f.Add([]byte("game: lrta\nsides:\n  - side: csa\n  - side: csa\n"))
	f.Add([]byte("game: lrta\nside: csa\nsides:\n  - side: usa\n"))
	f.Add([]byte("game: lrtx\nsides: []\n"))
	ts, err := Theatres()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		o, err := ParseOrderOfBattle(b, ts)
		if err != nil {
			checkMessage(t, "ParseOrderOfBattle", err.Error(), b)
			return
		}
		if o == nil {
			t.Fatal("no order of battle and no error")
		}
		if err := CheckOrderOfBattle(o); err != nil {
			t.Fatalf("read, but its own check refuses it: %v", err)
		}
	})
}

// FuzzParseTerrainFile: a terrain layer read (scenarios.ParseTerrainFile),
// then checked against the map it names (engine.Theatre.CheckTerrain; the
// LRTG map when it names none there is). Every problem is clear; what is
// accepted holds only hexes on the map and hexsides of adjacent hexes.
func FuzzParseTerrainFile(f *testing.F) {
	fileSeeds(f, "testdata/terrain/*.yaml", "../docs/terrain-layer-template.yaml")
	f.Add([]byte("map: lrtg\nterrain:\n  woods: [HW0101-5834]\n  clear: [HW0101-5834]\n"))
	f.Add([]byte("map: lrtg\nlines:\n  road: [[HW2420, 2420, 99999]]\nhexsides:\n  ford: [/, HW2420/, /2421, HW2420/HW2420]\n"))
	f.Add([]byte("map: litn\nterrain:\n  ? [a]\n  : b\n"))
	ts, err := Theatres()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ParseTerrainFile(b)
		if err != nil {
			checkMessage(t, "ParseTerrainFile", err.Error(), b)
			return
		}
		for _, p := range c.Problems {
			checkMessage(t, "ParseTerrainFile", p.What, b)
		}
		th := ts[c.Map]
		if th == nil {
			th = ts["lrtg"] // /terrain load refuses an unknown map by its name
		}
		l, err := th.CheckTerrain(c, &engine.LoadedChart{Rows: []string{"clear", "woods"}})
		if err != nil {
			checkMessage(t, "CheckTerrain", err.Error(), b)
			return
		}
		for _, hs := range l.Hexes {
			for _, h := range hs {
				if len(th.Printed(h)) == 0 {
					t.Fatalf("accepted a hex off the map: %v", h)
				}
			}
		}
		for _, ps := range l.Sides {
			for _, p := range ps {
				if engine.Distance(p.A, p.B) != 1 {
					t.Fatalf("accepted a hexside of hexes %d apart", engine.Distance(p.A, p.B))
				}
			}
		}
	})
}
