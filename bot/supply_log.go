// The words of the supply sheet's log (lrtg.SupplyEntry: what changed and
// why, as facts; issue 20). Each line is word for word what the engine's
// fold wrote before the words moved here.

package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// supplyEntryText says what a supply log entry changed and why.
func supplyEntryText(s lrtg.SupplyEntry) (what, reason string) {
	var parts []string
	for _, c := range s.Units {
		parts = append(parts, fmt.Sprintf("%s %d → %d", c.Name, c.From, c.To))
	}
	units := strings.Join(parts, ", ")
	switch s.Kind {
	case lrtg.SupplyEntryDraw:
		if s.Store != nil {
			return fmt.Sprintf("%d from %s: %s", s.Store.From-s.Store.To, s.Store.Name, units), "drawn from a store (13.1, 13.8)"
		}
	case lrtg.SupplyEntryForage:
		if len(s.Units) > 0 {
			return fmt.Sprintf("%+d: %s", s.Units[0].To-s.Units[0].From, units), fmt.Sprintf("foraging: %d fatigue at forage %d (13.5)", s.Levels, s.Value)
		}
	case lrtg.SupplyEntryForageTrack:
		if s.Track != nil {
			return fmt.Sprintf("%+d: track %+d → %+d", s.Track.To-s.Track.From, s.Track.From, s.Track.To), fmt.Sprintf("foraging: %d fatigue kept (24.4)", s.Levels)
		}
	case lrtg.SupplyEntryAdjust:
		switch {
		case s.Store != nil:
			units = fmt.Sprintf("%s store %d → %d", s.Store.Name, s.Store.From, s.Store.To)
		case s.Track != nil:
			units = fmt.Sprintf("track %+d → %+d", s.Track.From, s.Track.To)
		}
		if s.Store == nil && s.Track == nil {
			return unitsChange(s.Units, units), supplyReason(s.ReasonCode, s.Divisions, s.Reason)
		}
		return fmt.Sprintf("%+d: %s", s.Delta, units), supplyReason(s.ReasonCode, s.Divisions, s.Reason)
	}
	return fmt.Sprintf("%s: %s", s.Kind, units), s.Reason
}

// unitsChange heads an adjustment of units' victuals with the change they
// got. That is not always the adjustment's Delta: a unit holds at most
// lrtg.SupplyMax victuals (13.0) and at least none (13.6), and a full
// resupply (13.5) asks for the maximum, so "+6: Rodes 5 → 6" read as a
// gain of 6 (issue 22). When the units got different changes, each one's
// "from → to" says it and no single number heads them.
func unitsChange(changes []lrtg.VictualChange, units string) string {
	if len(changes) == 0 {
		return units
	}
	d := changes[0].To - changes[0].From
	for _, c := range changes[1:] {
		if c.To-c.From != d {
			return units
		}
	}
	return fmt.Sprintf("%+d: %s", d, units)
}

// supplyReason says why the supply was adjusted: the engine's reason by
// its code (lrtg.SupplyWhy*), word for word what the engine wrote before
// the codes, or the words the umpire, a player or older code gave.
func supplyReason(code string, divisions int, reason string) string {
	switch code {
	case "":
		return reason
	case lrtg.SupplyWhyExpenditure:
		return "supply expenditure (13.4: all but units at fatigue 0 in resupply range)"
	case lrtg.SupplyWhyExpenditureSimplified:
		return "supply expenditure (24.1)"
	case lrtg.SupplyWhyResupplyInRange:
		return fmt.Sprintf("resupply: %d divisions in resupply range (24.2)", divisions)
	case lrtg.SupplyWhyResupplyFull:
		return "resupply: units in resupply range are fully resupplied (13.5)"
	case lrtg.SupplyWhyLRTAResupply:
		return fmt.Sprintf("resupply: %d divisions out of resupply range (004 Simplified Supply)", divisions)
	case lrtg.SupplyWhyLRTAProblemsTrack:
		return "Confederate Supply Problems (004 random event 7)"
	case lrtg.SupplyWhyLRTAProblemsAll:
		return "Confederate Supply Problems: one victual from every Confederate unit (004 random event 7)"
	case lrtg.SupplyWhyLRTAProblemsNorth:
		return "Confederate Supply Problems: a second victual north of the Potomac, no Rest and Refit offered (004 random event 7)"
	}
	return code
}
