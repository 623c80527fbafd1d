package engine

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Table is a rules table that is rolled on: dice, modifiers that each carry
// a value and a reason, result ranges, and "treat instead" redirects
// decided by facts of the game. A contest table (Sides) has each side roll
// and compares the totals. Tables are data (package scenarios loads them).
type Table struct {
	ID     string // e.g. "lrtg.random-events"
	Game   Game
	Title  string
	Source string // seed file and section
	Notes  string // how the table is used, in our own words

	Dice      DiceExpr
	Modifiers []Modifier
	Floor     *Bound // the modified total is at least this (e.g. draft riots: at least 3)
	Ceiling   *Bound
	Facts     []FactSpec
	Entries   []Entry     // result ranges over the modified total, in order
	Outcomes  []Outcome   // what results mean; entries and redirects name them
	Sides     []TableSide // a contest: each side rolls Dice with its own modifiers
	TieFact   string      // contest: the enum fact naming the side that wins a tie
	TieReason string
}

// Bound limits a modified total, with the reason.
type Bound struct {
	Value  int
	Reason string
}

// Modifier adds Value to the roll when its condition holds (always when
// When is nil); with Per set, Value is added once per unit of that fact
// ("-1 for each Richmond Garrison unit removed").
type Modifier struct {
	Value  int
	Per    string
	When   *Condition
	Reason string
}

// Entry maps a range of modified totals to an outcome. Min and Max are
// inclusive; an open end is math.MinInt / math.MaxInt ("1 or less", "6+").
// Redirects are tried in order along the chain that starts at Outcome.
type Entry struct {
	Min, Max  int
	Outcome   string
	Redirects []Redirect
}

// Redirect is a "treat instead" rule: when the chain stands at From and
// When holds, it moves to To.
type Redirect struct {
	From   string
	When   Condition
	To     string
	Reason string
}

// Outcome is a named result: what it is and what it does. Its Redirects
// apply wherever it is reached (e.g. "if all Richmond Garrison units have
// been received, treat as Raspberry Raid").
type Outcome struct {
	ID        string
	Name      string
	Effect    string
	Values    map[string]int // numbers the result carries, e.g. {"vp": 5}
	Redirects []Redirect
}

// TableSide is one party of a contest roll.
type TableSide struct {
	ID        string // e.g. "csa"
	Name      string
	Modifiers []Modifier
}

// Outcome returns the named outcome, or nil.
func (t *Table) Outcome(id string) *Outcome {
	for i := range t.Outcomes {
		if t.Outcomes[i].ID == id {
			return &t.Outcomes[i]
		}
	}
	return nil
}

// Fact returns the spec of the named fact, or nil.
func (t *Table) Fact(name string) *FactSpec {
	for i := range t.Facts {
		if t.Facts[i].Name == name {
			return &t.Facts[i]
		}
	}
	return nil
}

// AppliedModifier is a modifier that applied to a roll.
type AppliedModifier struct {
	Value  int    `json:"value"`
	Reason string `json:"reason"`
	Side   string `json:"side,omitempty"`
}

// AppliedRedirect is one step of a "treat instead" chain.
type AppliedRedirect struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Reason string `json:"reason"`
}

// SideRoll is one side's roll in a contest.
type SideRoll struct {
	Side      string            `json:"side"`
	Faces     []int             `json:"faces"`
	Modifiers []AppliedModifier `json:"modifiers,omitempty"`
	Total     int               `json:"total"`
}

// TableRoll is a settled roll on a table, with everything that explains it.
type TableRoll struct {
	Table     string            `json:"table"`
	Title     string            `json:"title"`
	Source    string            `json:"source"`
	Dice      string            `json:"dice"`
	Faces     []int             `json:"faces,omitempty"`
	Natural   int               `json:"natural"`
	Modifiers []AppliedModifier `json:"modifiers,omitempty"`
	Bounded   string            `json:"bounded,omitempty"` // why the total was raised or lowered to a bound
	Total     int               `json:"total"`
	Sides     []SideRoll        `json:"sides,omitempty"`
	Facts     map[string]string `json:"facts,omitempty"` // the facts used, as people read them
	Printed   string            `json:"printed"`         // the outcome the table prints for the total
	Redirects []AppliedRedirect `json:"redirects,omitempty"`
	Outcome   string            `json:"outcome"`
	Name      string            `json:"name"`
	Effect    string            `json:"effect"`
	Values    map[string]int    `json:"values,omitempty"`
}

// maxChain bounds a redirect chain; data that needs more is refused by
// the loader long before.
const maxChain = 16

// MissingFacts returns the facts the table needs that f lacks.
func (t *Table) MissingFacts(f Facts) []FactSpec {
	var out []FactSpec
	for _, s := range t.Facts {
		if _, ok := f[s.Name]; !ok {
			out = append(out, s)
		}
	}
	return out
}

// Roll rolls the table with dice d and facts f. All the table's facts must
// be given: a roll is never made, and its dice spent, only to find that a
// fact is missing.
func (t *Table) Roll(d Dice, f Facts) (*TableRoll, error) {
	if miss := t.MissingFacts(f); len(miss) > 0 {
		names := make([]string, len(miss))
		for i, m := range miss {
			names[i] = fmt.Sprintf("%s (%s)", m.Usage(), m.Description)
		}
		return nil, &RuleError{Kind: ErrInvalid, Code: "table.facts",
			What: fmt.Sprintf("%s needs facts that were not given: %s", t.Title, strings.Join(names, "; ")),
			Hint: "Give them as facts:\"name=value name=value\""}
	}
	r := &TableRoll{Table: t.ID, Title: t.Title, Source: t.Source, Dice: t.Dice.String(), Facts: map[string]string{}}
	for _, s := range t.Facts {
		r.Facts[s.Name] = s.Format(f[s.Name])
	}
	if len(t.Sides) > 0 {
		return r, t.contest(r, d, f)
	}
	terms, natural := t.Dice.Roll(d)
	for _, term := range terms {
		r.Faces = append(r.Faces, term.Faces...)
	}
	r.Natural = natural
	mods, err := ApplyModifiers(t.Modifiers, f, "")
	if err != nil {
		return nil, err
	}
	r.Modifiers = mods
	r.Total = natural
	for _, m := range mods {
		r.Total += m.Value
	}
	if t.Floor != nil && r.Total < t.Floor.Value {
		r.Total, r.Bounded = t.Floor.Value, t.Floor.Reason
	}
	if t.Ceiling != nil && r.Total > t.Ceiling.Value {
		r.Total, r.Bounded = t.Ceiling.Value, t.Ceiling.Reason
	}
	e := t.entryFor(r.Total)
	if e == nil {
		return nil, fmt.Errorf("engine: table %s has no result for %d", t.ID, r.Total)
	}
	return r, t.resolve(r, e.Outcome, e.Redirects, f)
}

func (t *Table) entryFor(total int) *Entry {
	for i := range t.Entries {
		if e := &t.Entries[i]; total >= e.Min && total <= e.Max {
			return e
		}
	}
	return nil
}

func ApplyModifiers(ms []Modifier, f Facts, side string) ([]AppliedModifier, error) {
	var out []AppliedModifier
	for _, m := range ms {
		if m.When != nil {
			ok, err := m.When.Holds(f)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
		}
		v := m.Value
		reason := m.Reason
		if m.Per != "" {
			n := f[m.Per]
			if n == 0 {
				continue
			}
			v *= n
			reason = fmt.Sprintf("%s (%d × %+d)", m.Reason, n, m.Value)
		}
		out = append(out, AppliedModifier{Value: v, Reason: reason, Side: side})
	}
	return out, nil
}

// resolve follows the "treat instead" chain from the printed outcome. An
// outcome reached a second time ends the chain (a chain can end where it
// began, as LRTG's 4 ends at Rain after the Raspberry Raid).
func (t *Table) resolve(r *TableRoll, start string, entryRedirects []Redirect, f Facts) error {
	r.Printed = start
	cur := start
	seen := map[string]bool{cur: true}
	for step := 0; step < maxChain; step++ {
		o := t.Outcome(cur)
		if o == nil {
			return fmt.Errorf("engine: table %s: no outcome %q", t.ID, cur)
		}
		next, err := firstRedirect(cur, f, entryRedirects, o.Redirects)
		if err != nil {
			return err
		}
		if next == nil {
			break
		}
		r.Redirects = append(r.Redirects, AppliedRedirect{From: cur, To: next.To, Reason: next.Reason})
		cur = next.To
		if seen[cur] {
			break
		}
		seen[cur] = true
	}
	o := t.Outcome(cur)
	if o == nil {
		return fmt.Errorf("engine: table %s: no outcome %q", t.ID, cur)
	}
	r.Outcome, r.Name, r.Effect, r.Values = o.ID, o.Name, o.Effect, o.Values
	return nil
}

// firstRedirect returns the first redirect, entry rules before outcome
// rules, that leaves cur and whose condition holds.
func firstRedirect(cur string, f Facts, lists ...[]Redirect) (*Redirect, error) {
	for _, list := range lists {
		for i := range list {
			rd := &list[i]
			if rd.From != cur {
				continue
			}
			ok, err := rd.When.Holds(f)
			if err != nil {
				return nil, err
			}
			if ok {
				return rd, nil
			}
		}
	}
	return nil, nil
}

func (t *Table) contest(r *TableRoll, d Dice, f Facts) error {
	best, bestSide, tie := math.MinInt, "", false
	for _, s := range t.Sides {
		terms, natural := t.Dice.Roll(d)
		sr := SideRoll{Side: s.ID, Total: natural}
		for _, term := range terms {
			sr.Faces = append(sr.Faces, term.Faces...)
		}
		mods, err := ApplyModifiers(s.Modifiers, f, s.ID)
		if err != nil {
			return err
		}
		sr.Modifiers = mods
		for _, m := range mods {
			sr.Total += m.Value
		}
		r.Sides = append(r.Sides, sr)
		switch {
		case sr.Total > best:
			best, bestSide, tie = sr.Total, s.ID, false
		case sr.Total == best:
			tie = true
		}
	}
	r.Total = best
	winner := bestSide
	if tie {
		spec := t.Fact(t.TieFact)
		if spec == nil {
			return fmt.Errorf("engine: table %s: a tie needs the fact %q", t.ID, t.TieFact)
		}
		winner = spec.Format(f[t.TieFact])
		r.Redirects = append(r.Redirects, AppliedRedirect{From: "tie", To: winner, Reason: t.TieReason})
	}
	return t.resolve(r, winner, nil, f)
}

// PossibleTotals returns the lowest and highest modified totals the table
// can produce with its modifiers at their extremes (for validation and
// distribution tests). Per-fact modifiers use the fact's range.
func (t *Table) PossibleTotals() (lo, hi int) {
	for _, term := range t.Dice.Terms {
		n := term.Sign * term.Count
		if term.IsDice() {
			a, b := n, n*term.Sides
			lo, hi = lo+min(a, b), hi+max(a, b)
		} else {
			lo, hi = lo+n, hi+n
		}
	}
	for _, m := range t.Modifiers {
		v := m.Value
		if m.Per != "" {
			if s := t.Fact(m.Per); s != nil {
				a, b := v*s.Min, v*s.Max
				lo, hi = lo+min(a, b, 0), hi+max(a, b, 0)
			}
			continue
		}
		lo, hi = lo+min(v, 0), hi+max(v, 0)
	}
	if t.Floor != nil {
		lo, hi = max(lo, t.Floor.Value), max(hi, t.Floor.Value)
	}
	if t.Ceiling != nil {
		lo, hi = min(lo, t.Ceiling.Value), min(hi, t.Ceiling.Value)
	}
	return lo, hi
}

// OutcomeIDs returns the ids of the outcomes, sorted.
func (t *Table) OutcomeIDs() []string {
	ids := make([]string, len(t.Outcomes))
	for i, o := range t.Outcomes {
		ids[i] = o.ID
	}
	sort.Strings(ids)
	return ids
}
