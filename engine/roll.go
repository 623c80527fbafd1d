package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits on a dice expression. The games need at most a few d6 at a time;
// the limits keep a typo from rolling a thousand dice into a channel.
const (
	MaxDice      = 100  // dice in one expression, all terms together
	MaxSides     = 1000 // faces on one die
	MaxTerms     = 20   // dice groups and modifiers together
	MaxModifier  = 1000 // absolute value of one modifier
	MaxExprBytes = 100  // length of the expression as typed
)

// diceHint says what a dice expression may be; it ends every error about one.
var diceHint = fmt.Sprintf("Write dice as NdS (N dice of S sides, N optional), joined by + or - with whole-number modifiers, e.g. 2d6+1, 3d6-2, d6, 1d6+1d6; "+
	"at most %d dice, %d sides, %d terms", MaxDice, MaxSides, MaxTerms)

// DiceHint returns the one-line description of the dice expression syntax.
func DiceHint() string { return diceHint }

// Term is one part of a dice expression: Count dice of Sides faces, or a
// modifier (Sides 0) of value Count. Sign is +1 or -1.
type Term struct {
	Sign  int
	Count int
	Sides int
}

// IsDice reports whether the term rolls dice (otherwise it is a modifier).
func (t Term) IsDice() bool { return t.Sides > 0 }

// DiceExpr is a parsed dice expression, e.g. 2d6+1.
type DiceExpr struct {
	Terms []Term
}

// String writes the expression in canonical form: lower-case d, no spaces,
// a count on every dice term ("d6" becomes "1d6").
func (x DiceExpr) String() string {
	var b strings.Builder
	for i, t := range x.Terms {
		switch {
		case t.Sign < 0:
			b.WriteByte('-')
		case i > 0:
			b.WriteByte('+')
		}
		if t.IsDice() {
			fmt.Fprintf(&b, "%dd%d", t.Count, t.Sides)
		} else {
			b.WriteString(strconv.Itoa(t.Count))
		}
	}
	return b.String()
}

// ParseDice parses a dice expression such as "2d6+1", "3d6-2", "d6" or
// "1d6+1d6". Spaces are ignored and D may be capital. A bad expression is a
// *RuleError of kind ErrInvalid whose message says what is allowed.
func ParseDice(s string) (DiceExpr, error) {
	raw := strings.TrimSpace(s)
	if raw == "" {
		return DiceExpr{}, Invalid("dice.empty", "No dice given", diceHint)
	}
	if len(raw) > MaxExprBytes {
		return DiceExpr{}, Invalid("dice.too_long", fmt.Sprintf("The dice expression is %d characters long, more than %d", len(raw), MaxExprBytes), diceHint)
	}
	src := strings.ToLower(strings.Join(strings.Fields(raw), ""))
	var x DiceExpr
	dice := 0
	i := 0
	for i < len(src) {
		sign := 1
		if c := src[i]; c == '+' || c == '-' {
			if c == '-' {
				sign = -1
			}
			i++
		} else if i > 0 {
			return DiceExpr{}, Invalid("dice.syntax", fmt.Sprintf("Expected + or - before %q in %q", src[i:], raw), diceHint)
		}
		start := i
		for i < len(src) && IsDigit(src[i]) {
			i++
		}
		count, hasCount := 0, i > start
		if hasCount {
			n, err := strconv.Atoi(src[start:i])
			if err != nil || n > 1_000_000 {
				return DiceExpr{}, Invalid("dice.number", fmt.Sprintf("%q is too large a number", src[start:i]), diceHint)
			}
			count = n
		}
		if i < len(src) && src[i] == 'd' {
			i++
			sStart := i
			for i < len(src) && IsDigit(src[i]) {
				i++
			}
			if i == sStart {
				return DiceExpr{}, Invalid("dice.sides", fmt.Sprintf("A die needs its number of sides after the d in %q", raw), diceHint)
			}
			sides, err := strconv.Atoi(src[sStart:i])
			if err != nil || sides > MaxSides {
				return DiceExpr{}, Invalid("dice.sides", fmt.Sprintf("d%s has more than %d sides", src[sStart:i], MaxSides), diceHint)
			}
			if sides < 2 {
				return DiceExpr{}, Invalid("dice.sides", fmt.Sprintf("A d%d cannot be rolled: a die has at least 2 sides", sides), diceHint)
			}
			if !hasCount {
				count = 1
			}
			if count < 1 {
				return DiceExpr{}, Invalid("dice.count", fmt.Sprintf("%dd%d rolls no dice", count, sides), diceHint)
			}
			dice += count
			if dice > MaxDice {
				return DiceExpr{}, Invalid("dice.count", fmt.Sprintf("%q rolls more than %d dice", raw, MaxDice), diceHint)
			}
			x.Terms = append(x.Terms, Term{Sign: sign, Count: count, Sides: sides})
		} else {
			if !hasCount {
				what := fmt.Sprintf("%q is not a dice expression", raw)
				if i < len(src) {
					what = fmt.Sprintf("%q is not a dice expression: unexpected %q", raw, src[i:i+1])
				}
				return DiceExpr{}, Invalid("dice.syntax", what, diceHint)
			}
			if count > MaxModifier {
				return DiceExpr{}, Invalid("dice.modifier", fmt.Sprintf("The modifier %d is larger than %d", count, MaxModifier), diceHint)
			}
			x.Terms = append(x.Terms, Term{Sign: sign, Count: count})
		}
		if len(x.Terms) > MaxTerms {
			return DiceExpr{}, Invalid("dice.terms", fmt.Sprintf("%q has more than %d terms", raw, MaxTerms), diceHint)
		}
	}
	if dice == 0 {
		return DiceExpr{}, Invalid("dice.none", fmt.Sprintf("%q rolls no dice", raw), diceHint)
	}
	return x, nil
}

func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// TermResult is one term of a rolled expression: the faces of a dice term,
// or a modifier. Value is the term's signed contribution to the total.
type TermResult struct {
	Sign  int   `json:"sign"`
	Count int   `json:"count"`
	Sides int   `json:"sides,omitempty"`
	Faces []int `json:"faces,omitempty"`
	Value int   `json:"value"`
}

// Roll rolls every dice term of x with d and adds the modifiers.
func (x DiceExpr) Roll(d Dice) ([]TermResult, int) {
	out := make([]TermResult, 0, len(x.Terms))
	total := 0
	for _, t := range x.Terms {
		r := TermResult{Sign: t.Sign, Count: t.Count, Sides: t.Sides}
		if t.IsDice() {
			r.Faces = make([]int, t.Count)
			sum := 0
			for i := range r.Faces {
				r.Faces[i] = d.Roll(t.Sides)
				sum += r.Faces[i]
			}
			r.Value = t.Sign * sum
		} else {
			r.Value = t.Sign * t.Count
		}
		total += r.Value
		out = append(out, r)
	}
	return out, total
}
