package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// FactKind is the type of a fact of the game that a table depends on.
type FactKind string

// Fact kinds.
const (
	FactBool FactKind = "bool"
	FactInt  FactKind = "int"
	FactEnum FactKind = "enum"
)

// FactSpec declares a fact a table needs: "days of rain so far", "Meade has
// assumed command". Inside a game the engine takes facts from the state;
// outside one, the player gives them.
type FactSpec struct {
	Name        string
	Kind        FactKind
	Description string
	Values      []string // enum values, in order
	Min, Max    int      // int range (inclusive)
}

// Facts holds fact values: bools as 0 or 1, enums as the index of their
// value, ints as themselves.
type Facts map[string]int

// Format writes a fact value for people.
func (f FactSpec) Format(v int) string {
	switch f.Kind {
	case FactBool:
		if v != 0 {
			return "yes"
		}
		return "no"
	case FactEnum:
		if v >= 0 && v < len(f.Values) {
			return f.Values[v]
		}
	}
	return strconv.Itoa(v)
}

// Parse reads a fact value as a player types it.
func (f FactSpec) Parse(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch f.Kind {
	case FactBool:
		switch s {
		case "yes", "y", "true", "1":
			return 1, nil
		case "no", "n", "false", "0":
			return 0, nil
		}
		return 0, fmt.Errorf("%s is yes or no, not %q", f.Name, s)
	case FactEnum:
		for i, v := range f.Values {
			if s == v {
				return i, nil
			}
		}
		return 0, fmt.Errorf("%s is one of %s, not %q", f.Name, strings.Join(f.Values, ", "), s)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < f.Min || n > f.Max {
		return 0, fmt.Errorf("%s is a whole number from %d to %d, not %q", f.Name, f.Min, f.Max, s)
	}
	return n, nil
}

// Usage writes how the fact is given, e.g. "rain_days=<0-30>".
func (f FactSpec) Usage() string {
	switch f.Kind {
	case FactBool:
		return f.Name + "=yes|no"
	case FactEnum:
		return f.Name + "=" + strings.Join(f.Values, "|")
	}
	return fmt.Sprintf("%s=<%d-%d>", f.Name, f.Min, f.Max)
}

// ParseFacts reads "name=value name=value" (commas also separate) against
// specs. Unknown names and bad values are refused; missing facts are
// reported by Table.Roll.
func ParseFacts(specs []FactSpec, s string) (Facts, error) {
	byName := map[string]FactSpec{}
	for _, f := range specs {
		byName[f.Name] = f
	}
	out := Facts{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		name, val, ok := strings.Cut(w, "=")
		if !ok {
			return nil, Invalid("facts.syntax", fmt.Sprintf("%q is not name=value", w), factsHint(specs))
		}
		f, ok := byName[strings.ToLower(name)]
		if !ok {
			return nil, Invalid("facts.unknown", fmt.Sprintf("This table does not use the fact %q", name), factsHint(specs))
		}
		v, err := f.Parse(val)
		if err != nil {
			return nil, Invalid("facts.value", err.Error(), factsHint(specs))
		}
		out[f.Name] = v
	}
	return out, nil
}

func factsHint(specs []FactSpec) string {
	if len(specs) == 0 {
		return "This table needs no facts"
	}
	parts := make([]string, len(specs))
	for i, f := range specs {
		parts[i] = f.Usage()
	}
	sort.Strings(parts)
	return "Its facts: " + strings.Join(parts, " ")
}

// Condition is a test on facts. Exactly one form is used: a comparison of
// a fact (Op with Value; for a bool fact Op "true" or "false"), All, Any
// or Not.
type Condition struct {
	Fact  string
	Op    string // "true", "false", "eq", "ne", "ge", "gt", "le", "lt"
	Value int
	All   []Condition
	Any   []Condition
	Not   *Condition
}

// Holds evaluates the condition; a fact it needs that is absent is an error.
func (c Condition) Holds(f Facts) (bool, error) {
	switch {
	case c.All != nil:
		for _, x := range c.All {
			ok, err := x.Holds(f)
			if err != nil || !ok {
				return false, err
			}
		}
		return true, nil
	case c.Any != nil:
		for _, x := range c.Any {
			ok, err := x.Holds(f)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	case c.Not != nil:
		ok, err := c.Not.Holds(f)
		return !ok, err
	}
	v, ok := f[c.Fact]
	if !ok {
		return false, fmt.Errorf("engine: fact %q not given", c.Fact)
	}
	switch c.Op {
	case "true":
		return v != 0, nil
	case "false":
		return v == 0, nil
	case "eq":
		return v == c.Value, nil
	case "ne":
		return v != c.Value, nil
	case "ge":
		return v >= c.Value, nil
	case "gt":
		return v > c.Value, nil
	case "le":
		return v <= c.Value, nil
	case "lt":
		return v < c.Value, nil
	}
	return false, fmt.Errorf("engine: condition on %q has no operator %q", c.Fact, c.Op)
}

// FactsUsed returns the facts the condition reads.
func (c Condition) FactsUsed() []string {
	var out []string
	if c.Fact != "" {
		out = append(out, c.Fact)
	}
	for _, x := range c.All {
		out = append(out, x.FactsUsed()...)
	}
	for _, x := range c.Any {
		out = append(out, x.FactsUsed()...)
	}
	if c.Not != nil {
		out = append(out, c.Not.FactsUsed()...)
	}
	return out
}
