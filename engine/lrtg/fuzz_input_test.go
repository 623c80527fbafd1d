package lrtg_test

// Fuzz tests for what players type (issue 11, hostile and careless input):
// dice expressions, hex references and place names on the shipped maps,
// and the path syntax of /litn move. Each asserts no panic, a clear
// *engine.RuleError on bad input, and sound values on good input. The seed
// corpora are the f.Add calls and testdata/fuzz/<FuzzName>/; they run as
// plain tests; `go test -fuzz` explores further (docs/fuzzing.md).

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
)

// inClear fails unless err is an *engine.RuleError of kind ErrInvalid
// that says what was wrong and what would be right, without Go's
// formatting noise.
func inClear(t *testing.T, input string, err error) {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%q: error %T %v is not a *engine.RuleError", input, err, err)
	}
	if !errors.Is(err, engine.ErrInvalid) {
		t.Fatalf("%q: error %v is not of kind ErrInvalid", input, err)
	}
	if strings.TrimSpace(re.What) == "" || strings.TrimSpace(re.Hint) == "" || re.Code == "" {
		t.Fatalf("%q: error without what, hint or code: %+v", input, re)
	}
	msg := re.Error()
	for _, noise := range []string{"%!", "<nil>", "engine: "} {
		// Noise counts only when the input did not bring it.
		if strings.Contains(msg, noise) && !strings.Contains(strings.ToLower(input), strings.ToLower(strings.TrimSpace(noise))) {
			t.Fatalf("%q: message %q contains %q", input, msg, noise)
		}
	}
	// Discord sends valid UTF-8; what a console line brings may not be.
	if utf8.ValidString(input) && !utf8.ValidString(msg) {
		t.Fatalf("%q: message %q is not valid UTF-8", input, msg)
	}
}

var (
	inTheatresOnce sync.Once
	inShipped      map[string]*engine.Theatre
	inTheatresErr  error
)

// inTheatres loads the embedded maps once per test binary.
func inTheatres(t *testing.T) map[string]*engine.Theatre {
	inTheatresOnce.Do(func() { inShipped, inTheatresErr = scenarios.Theatres() })
	if inTheatresErr != nil {
		t.Fatal(inTheatresErr)
	}
	for _, id := range []string{"lrtg", "litn"} {
		if inShipped[id] == nil {
			t.Fatalf("no theatre %q", id)
		}
	}
	return inShipped
}

func FuzzDiceErrors(f *testing.F) {
	for _, s := range []string{"2d6+1", "d6", "2d0", "d", "1d", "+", "--d6", "2d6 + x", "99999999999999999999d6",
		"d99999999999999999999", "101d6", "0d6", "1d1", "3+4", "d6" + strings.Repeat("+1", 25), "\xff", "2d6\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := engine.ParseDice(s)
		if err != nil {
			inClear(t, s, err)
			return
		}
		dice := 0
		for _, term := range x.Terms {
			if term.Sign != 1 && term.Sign != -1 {
				t.Fatalf("%q: term %+v has sign %d", s, term, term.Sign)
			}
			if term.IsDice() {
				if term.Count < 1 || term.Sides < 2 || term.Sides > engine.MaxSides {
					t.Fatalf("%q: bad dice term %+v", s, term)
				}
				dice += term.Count
			} else if term.Count < 0 || term.Count > engine.MaxModifier {
				t.Fatalf("%q: bad modifier %+v", s, term)
			}
		}
		if dice < 1 || dice > engine.MaxDice || len(x.Terms) > engine.MaxTerms {
			t.Fatalf("%q: %d dice in %d terms accepted", s, dice, len(x.Terms))
		}
	})
}

func FuzzParseHexRef(f *testing.F) {
	for _, s := range []string{"SS4129", "HCR W 4424", "HE 2050", "RTG S0116", "SJW N 4804", "RS0632", "E930", "4001",
		"N4907", "S$4927", "1624", "LITN1624", "", "SS", "SS99999", "ZZ4129", "s s 4129", "$ 1234", "SS 0000", " \t4001 \n"} {
		f.Add(s, "")
		f.Add(s, "RTG")
	}
	f.Fuzz(func(t *testing.T, s, context string) {
		ts := inTheatres(t)
		for _, id := range []string{"lrtg", "litn"} {
			th := ts[id]
			ref, err := engine.ParseHexRef(s, th.Sheets, context)
			if err != nil {
				inClear(t, s, err)
				continue
			}
			var sheet *engine.Sheet
			for i := range th.Sheets {
				if th.Sheets[i].ID == ref.Sheet {
					sheet = &th.Sheets[i]
				}
			}
			if sheet == nil {
				t.Fatalf("%s %q: parsed to unknown sheet %q", id, s, ref.Sheet)
			}
			if ref.Col < sheet.MinCol || ref.Col > sheet.MaxCol || ref.Row < sheet.MinRow || ref.Row > sheet.MaxRow {
				t.Fatalf("%s %q: %v is off sheet %s", id, s, ref, sheet.ID)
			}
			// The canonical form reads back as the same hex.
			again, err := engine.ParseHexRef(ref.String(), th.Sheets, "")
			if err != nil || again != ref {
				t.Fatalf("%s %q: canonical %q reads back as %v, %v", id, s, ref.String(), again, err)
			}
		}
	})
}

func FuzzTheatreLocate(f *testing.F) {
	for _, s := range []string{"Gettysburg", "gettysburg", "  Frederick ", "Harpers Ferry", "SS4129", "HW0612", "1624",
		"LITN 1624", "Nowhere", "", "Gettysburg 1234", "4129", "SS 9999", "(SS4129)", "\x00", "Sharpsburg", "Washington"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ts := inTheatres(t)
		for _, id := range []string{"lrtg", "litn"} {
			th := ts[id]
			h, ref, err := th.ParseHex(s, "")
			if err != nil {
				inClear(t, s, err)
			} else {
				// A parsed hex is printed where it was read.
				found := false
				for _, p := range th.Printed(h) {
					found = found || p == ref.String()
				}
				if !found {
					t.Fatalf("%s %q: hex %v (%s) is printed as %v", id, s, h, ref, th.Printed(h))
				}
			}
			lh, label, err := th.Locate(s)
			if err != nil {
				inClear(t, s, err)
				continue
			}
			if strings.TrimSpace(label) == "" {
				t.Fatalf("%s %q: located at %v without a label", id, s, lh)
			}
			if p := th.Place(strings.TrimSpace(s)); p != nil && p.Hex != lh {
				t.Fatalf("%s %q: place %s at %v located at %v", id, s, p.Name, p.Hex, lh)
			}
			if len(th.Printed(lh)) == 0 {
				t.Fatalf("%s %q: located at %v, which no sheet prints", id, s, lh)
			}
		}
	})
}

func FuzzParseLITNPath(f *testing.F) {
	for _, s := range []string{"1624 clear road,1623 ridge slope", "1623 ridge slope2 ford +stream zoc:front", "1624", "", ",,,",
		"1624 zoc:three", "1624 zoc:two, 1625 rail", "162", "16245", "+123", "-123", "abcd", "1624 +", "1624 slopes +bridge +stream",
		"1624,\t1623\nwoods", "١٦٢٤"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		path, err := litn.ParsePath(s)
		if err != nil {
			inClear(t, s, err)
			return
		}
		if len(path) == 0 {
			t.Fatalf("%q: empty path accepted", s)
		}
		litn := inTheatres(t)["litn"]
		for _, p := range path {
			if len(p.At) != 4 || strings.Trim(p.At, "0123456789") != "" {
				t.Fatalf("%q: %q accepted as a printed hex number", s, p.At)
			}
			if p.Slopes < 0 || p.Slopes > 2 {
				t.Fatalf("%q: %d slopes", s, p.Slopes)
			}
			if p.ZOC != "" && p.ZOC != "front" && p.ZOC != "two" {
				t.Fatalf("%q: ZOC %q", s, p.ZOC)
			}
			for _, o := range p.Other {
				if o == "" {
					t.Fatalf("%q: an empty +row", s)
				}
			}
			// Every hex of a path is read on the LITN map by the move.
			if _, _, err := litn.ParseHex(p.At, ""); err != nil {
				inClear(t, p.At, err)
			}
		}
	})
}
