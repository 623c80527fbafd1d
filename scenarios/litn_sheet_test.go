package scenarios

import (
	"os"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine/litn"
)

// The record sheet reader (ParseLITNSheet, docs/litn-record-sheet.md): the
// fixtures (INVENTED FOR TESTS — not the printed record sheets) read, and
// every way a file can be refused before the engine's checks.

func TestLITNSheetFixturesRead(t *testing.T) {
	for _, side := range []string{"csa", "usa"} {
		b, err := os.ReadFile("testdata/litn/sheet-1-" + side + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), "# INVENTED FOR TESTS — not the printed record sheet.") {
			t.Errorf("%s: the fixture's first line must say it is invented for tests", side)
		}
		s, err := ParseLITNSheet(b)
		if err != nil {
			t.Fatalf("%s: %v", side, err)
		}
		if s.Game != litn.ID || string(s.Side) != side || s.Scenario != "litn-1-frederick-to-antietam" || len(s.Leaders) < 8 {
			t.Errorf("%s: %+v", side, s)
		}
		for _, l := range s.Leaders {
			if l.Line == 0 {
				t.Errorf("%s: %s has no line", side, l.ID)
			}
		}
	}
}

// The template has no numbers (the printed sheets are not in the seeds):
// every field is one the reader knows, and every rating is left to fill.
func TestLITNSheetTemplate(t *testing.T) {
	b, err := os.ReadFile("../docs/litn-record-sheet-template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = ParseLITNSheet(b)
	if err == nil {
		t.Fatal("the template read as a complete sheet: it must leave every rating to fill in")
	}
	msg := err.Error()
	if strings.Contains(msg, "is not a") {
		t.Errorf("the template has a field the reader does not know: %s", msg)
	}
	if n := strings.Count(msg, "is missing"); n != 5*4 {
		t.Errorf("want the 4 ratings of the 5 leaders missing, got %d: %s", n, msg)
	}
	// No invented numbers: ratings, strengths and turns are all "~".
	for _, f := range []string{"command:", "initiative:", "combat_bonus:", "rank:", "strength:", "turn:"} {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimLeft(strings.TrimSpace(line), "- "), f) && !strings.Contains(line, "~") {
				t.Errorf("template line with a number: %q", line)
			}
		}
	}
}

func TestLITNSheetReadErrors(t *testing.T) {
	base := "game: litn\nscenario: litn-1-frederick-to-antietam\nside: csa\nsource: t\nleaders:\n"
	lee := "  - {id: csa.lee, name: Lee, role: department, command: 1, initiative: 1, combat_bonus: 1, rank: 1, hex: \"1622\"}\n"
	cases := map[string]struct{ file, want string }{
		"empty":            {"", "the file is empty"},
		"unknown top":      {base + lee + "year: 1862\n", "field year is not a top-level field"},
		"unknown leader":   {base + "  - {id: csa.lee, name: Lee, role: department, command: 1, initiative: 1, combat_bonus: 1, rank: 1, hex: \"1622\", morale: 3}\n", "field morale is not a leader field"},
		"unknown arrival":  {base + "  - {id: csa.x, name: X, troops: infantry, strength: 3, command: 1, initiative: 1, combat_bonus: 1, rank: 2, arrives: [{turn: 5, at: \"1026\"}]}\n", "field at is not an arrival field"},
		"missing rating":   {base + "  - {id: csa.lee, name: Lee, role: department, command: 1, initiative: 1, rank: 1, hex: \"1622\"}\n", "line 6: csa.lee: combat_bonus is missing"},
		"missing turn":     {base + lee + "  - {id: csa.x, name: X, troops: infantry, strength: 3, command: 1, initiative: 1, combat_bonus: 1, rank: 2, arrives: [{hexes: [\"1026\"]}]}\n", "line 7: csa.x: an arrival needs its turn"},
		"not a number":     {base + "  - {id: csa.lee, name: Lee, role: department, command: two, initiative: 1, combat_bonus: 1, rank: 1, hex: \"1622\"}\n", `"two" is not a whole number`},
		"no source":        {strings.Replace(base, "source: t\n", "", 1) + lee, "source: say where the sheet comes from"},
		"leaders not list": {base + "  id: csa.lee\n", "line 6: this is not a list"},
	}
	for name, c := range cases {
		_, err := ParseLITNSheet([]byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", name, err, c.want)
		}
	}
	// A bare hex number (unquoted) reads as its printed digits.
	s, err := ParseLITNSheet([]byte(base + "  - {id: csa.lee, name: Lee, role: department, command: 1, initiative: 1, combat_bonus: 1, rank: 1, hex: 1622}\n"))
	if err != nil || s.Leaders[0].Hex != "1622" {
		t.Errorf("unquoted hex: %v %+v", err, s)
	}
}
