package lrtg

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/umpire-games/umpire/engine"
)

// The effects a Combat Chart's extra result letter may have
// (gcacw.combat-codes): a small vocabulary the engine can apply, and
// "umpire" for what it cannot (recorded and shown to him).
const (
	CodeNone       = "none"       // printed for information: nothing happens
	CodeAdvance    = "advance"    // the side whose result carries it may advance into the hex the enemy leaves
	CodeExhaust    = "exhaust"    // its units become exhausted
	CodeDemoralize = "demoralize" // its units become demoralized
	CodeUmpire     = "umpire"     // the umpire applies it by hand
)

// ResultCode is an extra letter of a chart's result, with the effect the
// group's gcacw.combat-codes gives it.
type ResultCode struct {
	Letter string `json:"letter"`
	Effect string `json:"effect"`
}

// ChartResult is a cell of the Combat Chart or the Extended March Table:
// a result in 000's grammar (status.go: a manpower loss, f, F, D, r, R,
// R*) and the extra letters the copy declares, in the order printed.
type ChartResult struct {
	Result CombatResult `json:"result"`
	Codes  []ResultCode `json:"codes,omitempty"`
}

// String writes the result as the chart prints it: the grammar's part in
// canonical order, then the extra letters.
func (r ChartResult) String() string {
	s := r.Result.String()
	if len(r.Codes) == 0 {
		return s
	}
	if s == "-" {
		s = ""
	}
	for _, c := range r.Codes {
		s += c.Letter
	}
	return s
}

// grammarLetters are the letters 000's result grammar reads: an extra
// letter may not start with one, so a cell reads one way only.
const grammarLetters = "fFDrR*"

// codes returns the extra letters the group's gcacw.combat-codes declares
// (none when it is not loaded: a chart that prints none needs no copy),
// checking each is a word of letters the grammar does not read.
func (c SeriesCharts) codes() (map[string]string, error) {
	lc := c.Loaded[SlotCombatCodes]
	out := map[string]string{}
	if lc == nil {
		return out, nil
	}
	var list []*engine.RuleError
	for i, r := range lc.Rows {
		letter := strings.TrimSpace(r)
		ok := letter != "" && !strings.ContainsAny(letter[:1], grammarLetters)
		for _, ch := range letter {
			ok = ok && unicode.IsLetter(ch)
		}
		if !ok {
			list = append(list, chartProblem(SlotCombatCodes, fmt.Sprintf("row %q is not an extra result letter", r),
				"A row is a letter or a word of letters that does not start with f, F, D, r or R (those are 000's own)").(*engine.RuleError))
			continue
		}
		out[letter] = lc.Cells[i][0]
	}
	return out, joinChartProblems(list)
}

// parseChartResult reads a cell: an optional loss, then 000's letters and
// the declared extra letters (the longest declared one that matches).
func parseChartResult(cell string, codes map[string]string) (ChartResult, error) {
	s := strings.Join(strings.Fields(cell), "")
	var r ChartResult
	if s == "-" {
		return r, nil
	}
	letters := make([]string, 0, len(codes))
	for k := range codes {
		letters = append(letters, k)
	}
	sort.Slice(letters, func(i, j int) bool { return len(letters[i]) > len(letters[j]) })
	var grammar strings.Builder
	i := 0
	for i < len(s) && engine.IsDigit(s[i]) {
		grammar.WriteByte(s[i])
		i++
	}
	for i < len(s) {
		if strings.IndexByte(grammarLetters, s[i]) >= 0 {
			grammar.WriteByte(s[i])
			i++
			continue
		}
		found := ""
		for _, l := range letters {
			if strings.HasPrefix(s[i:], l) {
				found = l
				break
			}
		}
		if found == "" {
			return r, fmt.Errorf("%q in %q is neither one of 000's result letters (f, F, D, r, R, R*) nor a letter gcacw.combat-codes declares", s[i:i+1], cell)
		}
		r.Codes = append(r.Codes, ResultCode{Letter: found, Effect: codes[found]})
		i += len(found)
	}
	if grammar.Len() == 0 {
		return r, nil // only extra letters
	}
	res, err := ParseCombatResult(grammar.String())
	if err != nil {
		what := err.Error()
		if re, ok := err.(*engine.RuleError); ok {
			what = re.What
		}
		return r, fmt.Errorf("%q: %s", cell, what)
	}
	r.Result = res
	return r, nil
}
