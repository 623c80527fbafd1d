package litn

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// A LITN game's set-up, checked at /game start (issue 22, LITN set-up 1
// and 2): a game started without what its scenario needs could never go
// on (a step refused for a chart it did not keep, a value asked only
// mid-turn), so the start refuses while anything is missing and lists
// all of it at once, each with the command that supplies it:
//
//   - a player for each side (/game join);
//   - each side's Player Record Sheet (002 2.5, 15: /sheet load);
//   - every chart slot the scenario's play reads (NeededSlots: /chart
//     load, the server's copy or, game:true, the game's own);
//   - the Command Point and Command Broadcast Tables' modifiers for the
//     scenario's year, "listed beside the table" (7.1 step 2; Broadcast
//     Procedure step 3), and the basic movement allowances printed on the
//     map (7.1 A): /litn declare year: and ma:, which the umpire may give
//     before the start (decideDeclare).
//
// Nothing in the list is a side's secret: the sheets are named by side,
// the allowances by every kind the map prints (not by the kinds a sheet
// holds), the charts by slot.

// NeededSlots are the chart slots a scenario's play reads: every LITN
// slot but the Attrition Table outside the 1862 scenarios (002 11: "In
// 1862 scenarios (only) each side suffers attrition"; 3.1 A II).
func NeededSlots(lib *engine.Library, scenario string) []*engine.ChartSlot {
	if lib == nil {
		return nil
	}
	var out []*engine.ChartSlot
	for _, sl := range lib.Slots {
		if sl.Game != ID || sl.ID == SlotAttrition && Year(scenario) != 1862 {
			continue
		}
		out = append(out, sl)
	}
	return out
}

// setupMissing lists what the start needs and the game lacks, in the
// order the README's set-up list gives them; charts are the copies the
// game would keep (the server's, and the game's own over them).
func (g Game) setupMissing(lib *engine.Library, charts map[string]*engine.LoadedChart) []string {
	var out []string
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if !slices.ContainsFunc(g.Players, func(p engine.Player) bool { return p.Side == s }) {
			out = append(out, fmt.Sprintf("no one commands the %s yet: a player joins with /game join side:%s", strings.ToUpper(string(s)), s))
		}
	}
	for _, sl := range NeededSlots(lib, g.Options.Scenario) {
		if charts[sl.ID] == nil {
			out = append(out, fmt.Sprintf("the %s is not loaded: /chart load name:%s file:<your copy>", sl.Title, sl.ID))
		}
	}
	year := Year(g.Options.Scenario)
	var tables []string
	if _, ok := g.LITN.Moves.Year.CommandPoint[year]; !ok {
		tables = append(tables, "Command Point Table")
	}
	if _, ok := g.LITN.Moves.Year.Broadcast[year]; !ok {
		tables = append(tables, "Command Broadcast Table")
	}
	switch len(tables) {
	case 2:
		out = append(out, fmt.Sprintf("the Command Point and Command Broadcast Tables' modifiers for %d, printed beside the tables, are not recorded: %s", year, yearHow))
	case 1:
		out = append(out, fmt.Sprintf("the %s's modifier for %d, printed beside the table, is not recorded: %s", tables[0], year, yearHow))
	}
	var kinds []string
	for _, k := range mAKinds {
		if _, ok := g.LITN.Moves.BasicMA[k]; !ok {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) > 0 {
		out = append(out, fmt.Sprintf("the basic movement allowances printed on the map are not recorded for %s: /litn declare ma:infantry=N,cavalry=N,artillery=N,wagon=N,leader=N (002 7.1 A)",
			strings.Join(kinds, ", ")))
	}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if g.LITN.Sheets[s] == nil {
			out = append(out, fmt.Sprintf("the %s Player Record Sheet is not loaded: /sheet load side:%s file:<the sheet> (002 2.5; docs/litn-record-sheet.md)", sideName(s), s))
		}
	}
	return out
}

// yearHow is the command that records the year modifiers.
const yearHow = "/litn declare year:command-point=N,broadcast=N (0 where the chart prints none; 002 7.1)"

// errSetup is the start's refusal: every missing thing, numbered.
func errSetup(missing []string) error {
	var b strings.Builder
	for i, m := range missing {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d) %s", i+1, m)
	}
	what := "The game cannot start: its scenario needs 1 more thing: "
	if len(missing) > 1 {
		what = fmt.Sprintf("The game cannot start: its scenario needs %d more things: ", len(missing))
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "litn.setup", What: what + b.String(),
		Hint: "This is the whole list: supply each, then /game start again. A chart loads as the server's copy (Manage Server) or, with game:true, as this game's own (its umpire); /chart list shows the charts and their digests", Rule: "LITN 2.5, 7.1, 15"}
}

// startCharts are the copies a game starting now keeps: the server's,
// with the game's own (/chart load game:true before the start) over them.
func (g Game) startCharts(server map[string]*engine.LoadedChart) map[string]*engine.LoadedChart {
	out := make(map[string]*engine.LoadedChart, len(server)+len(g.LITN.Charts))
	for k, v := range server {
		out[k] = v
	}
	for k, v := range g.LITN.Charts {
		out[k] = v
	}
	return out
}
