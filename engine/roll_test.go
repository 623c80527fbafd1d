package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestParseDiceGood(t *testing.T) {
	cases := []struct {
		in, canon string
		dice      int
	}{
		{"2d6+1", "2d6+1", 2},
		{"3d6-2", "3d6-2", 3},
		{"d6", "1d6", 1},
		{"1d6+1d6", "1d6+1d6", 2},
		{" 2D6 + 1 ", "2d6+1", 2},
		{"-1+2d6", "-1+2d6", 2},
		{"d100", "1d100", 1},
		{"100d6", "100d6", 100},
		{"2d6-1d6+3-2", "2d6-1d6+3-2", 3},
	}
	for _, c := range cases {
		x, err := ParseDice(c.in)
		if err != nil {
			t.Errorf("ParseDice(%q): %v", c.in, err)
			continue
		}
		if x.String() != c.canon {
			t.Errorf("ParseDice(%q) = %q, want %q", c.in, x.String(), c.canon)
		}
		n := 0
		for _, term := range x.Terms {
			if term.IsDice() {
				n += term.Count
			}
		}
		if n != c.dice {
			t.Errorf("ParseDice(%q) rolls %d dice, want %d", c.in, n, c.dice)
		}
	}
}

func TestParseDiceBad(t *testing.T) {
	cases := []struct{ in, code, mention string }{
		{"", "dice.empty", "No dice"},
		{"   ", "dice.empty", "No dice"},
		{"2d0", "dice.sides", "d0"},
		{"2d1", "dice.sides", "d1"},
		{"1000d6", "dice.count", "more than 100 dice"},
		{"60d6+60d6", "dice.count", "more than 100 dice"},
		{"abc", "dice.syntax", "abc"},
		{"2d", "dice.sides", "sides"},
		{"0d6", "dice.count", "no dice"},
		{"5", "dice.none", "no dice"},
		{"2d6+", "dice.syntax", "2d6+"},
		{"2d6 x 3", "dice.syntax", "x"},
		{"2d6+5000", "dice.modifier", "5000"},
		{"d1001", "dice.sides", "1000"},
		{"2d6++1", "dice.syntax", "+"},
		{"99999999999999999999d6", "dice.number", "too large"},
		{strings.Repeat("d6+", 40) + "1", "dice.too_long", "characters"},
		{strings.Repeat("+1", 21) + "+d6", "dice.terms", "terms"},
	}
	for _, c := range cases {
		_, err := ParseDice(c.in)
		var re *RuleError
		if !errors.As(err, &re) {
			t.Errorf("ParseDice(%q) = %v, want a *RuleError", c.in, err)
			continue
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseDice(%q): not ErrInvalid", c.in)
		}
		if re.Code != c.code {
			t.Errorf("ParseDice(%q) code = %q, want %q (%v)", c.in, re.Code, c.code, err)
		}
		if !strings.Contains(err.Error(), c.mention) {
			t.Errorf("ParseDice(%q) = %q, should mention %q", c.in, err, c.mention)
		}
		if !strings.Contains(err.Error(), "NdS") {
			t.Errorf("ParseDice(%q) = %q, should say what is allowed", c.in, err)
		}
	}
}

func TestRollScripted(t *testing.T) {
	x, err := ParseDice("2d6+1d6-2+1")
	if err != nil {
		t.Fatal(err)
	}
	d := Script(4, 6, 2)
	terms, total := x.Roll(d)
	if total != 4+6+2-2+1 {
		t.Fatalf("total = %d, want %d", total, 4+6+2-2+1)
	}
	if len(terms) != 4 {
		t.Fatalf("%d terms, want 4", len(terms))
	}
	if got := terms[0].Faces; len(got) != 2 || got[0] != 4 || got[1] != 6 || terms[0].Value != 10 {
		t.Errorf("first term = %+v", terms[0])
	}
	if terms[2].Value != -2 || terms[2].Faces != nil {
		t.Errorf("modifier term = %+v", terms[2])
	}
	if d.Remaining() != 0 {
		t.Errorf("%d scripted faces left unrolled", d.Remaining())
	}
}

func TestRollNegativeDice(t *testing.T) {
	x, err := ParseDice("1d6-1d6")
	if err != nil {
		t.Fatal(err)
	}
	terms, total := x.Roll(Script(2, 5))
	if total != -3 || terms[1].Value != -5 {
		t.Fatalf("1d6-1d6 with 2,5 = %d (%+v), want -3", total, terms)
	}
}

func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"2d6+1", "d6", "1000d6", "abc", "-1+d20", "3d6-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseDice(s)
		if err != nil {
			return
		}
		// A valid expression reparses to itself and rolls within bounds.
		y, err := ParseDice(x.String())
		if err != nil || y.String() != x.String() {
			t.Fatalf("%q canonical %q reparses to %q, %v", s, x.String(), y.String(), err)
		}
		_, total := x.Roll(NewSeededDice(1, 1))
		if total > MaxDice*MaxSides+MaxTerms*MaxModifier || total < -(MaxDice*MaxSides+MaxTerms*MaxModifier) {
			t.Fatalf("%q total %d out of bounds", s, total)
		}
	})
}
