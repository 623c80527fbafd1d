package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// supplyRangeLines tells a side its units' resupply range this turn as the
// engine reckons it for the Resupply step (lrtg.SupplyRanges): a unit the
// map cannot settle and the player has not vouched for is listed as not in
// range, because that is how the Resupply step counts it (issue 22: "Not
// in range: none" here, "1 divisions out of resupply range" there).
func supplyRangeLines(r lrtg.SupplyRangeSet) []string {
	if len(r.In)+len(r.Out)+len(r.Awaiting) == 0 {
		return []string{"Supply status: not determined this turn (step 5b)."}
	}
	named := func(st lrtg.UnitSupply) string {
		if st.Claimed != "" {
			return st.Name + " (" + st.Claimed + "'s word)"
		}
		return st.Name
	}
	var in, out, word []string
	for _, st := range r.In {
		in = append(in, named(st))
	}
	for _, st := range r.Out {
		out = append(out, named(st))
	}
	for _, st := range r.Awaiting {
		out = append(out, st.Name+" (no word yet)")
		word = append(word, fmt.Sprintf("%s: %s", st.Name, supplyStatusWhy(st)))
	}
	lines := []string{fmt.Sprintf("In resupply range (13.2): %s.", listOrNone(in)), fmt.Sprintf("Not in range: %s.", listOrNone(out))}
	if len(word) > 0 {
		lines = append(lines, "Your word is needed (/segment range), or the Resupply step counts them out of range: "+strings.Join(word, "; ")+".")
	}
	return lines
}
