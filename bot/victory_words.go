// The words of a victory check (lrtg.VictoryChecked, the game-over notes,
// the segment sheet): why a victory came, why a preliminary victory was
// won or cancelled, why the game ends. The engine says them by a code and
// its parameters (engine/lrtg/victory_codes.go, issue 20); each sentence
// here is word for word what the engine wrote into the event before the
// codes, and a result, preliminary victory or end stored then carries its
// sentence (Why, Cancelled, End), said as stored.

package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// victoryArmy names an army in Flight by its side's adjective.
func victoryArmy(s engine.Side) string {
	if s == engine.USA {
		return "Union"
	}
	return "Confederate"
}

// victoryWhy says why a victory came (000 VIII; 15.2; 004).
func victoryWhy(r lrtg.VictoryResult) string {
	switch r.Code {
	case "":
		return r.Why
	case lrtg.VictoryWhyFlight:
		return fmt.Sprintf("%s Flight (morale %d with a demoralized infantry division, 15.2)", victoryArmy(r.Side), r.Morale)
	case lrtg.VictoryWhyOccupation:
		return fmt.Sprintf("Confederate infantry (%s) occupies %s (000 VIII)", r.Unit, r.Place)
	case lrtg.VictoryWhyTable:
		return fmt.Sprintf("%d VP on the %s victory table", r.VP, r.Table)
	case lrtg.VictoryWhyPrelimStands:
		return fmt.Sprintf("the preliminary %s victory stands (%d VP on the table would be %s)", strings.ToLower(lrtg.VictoryLevelName(r.Prelim)), r.VP, r.TableLevel)
	case lrtg.VictoryWhyLRTAFlight:
		return fmt.Sprintf("%s Flight (demoralization level %d, 16 or more, 004 Army Morale)", victoryArmy(r.Side), r.Morale)
	case lrtg.VictoryWhyLRTAOccupation:
		return fmt.Sprintf("Confederate infantry (%s) occupies the %s in the Victory Check Phase (004 County/DC Control)", r.Unit, strings.TrimPrefix(r.Place, "US "))
	case lrtg.VictoryWhyLRTATable:
		return fmt.Sprintf("%d VP on LRTG VIII 2)'s campaign victory table (004 prints none)", r.VP)
	}
	// A code this program does not know (a newer program's log): say so
	// rather than nothing.
	return fmt.Sprintf("(reason %q)", r.Code)
}

// prelimWhy says why a preliminary victory was won (000 VIII optional).
func prelimWhy(p lrtg.Prelim) string {
	switch p.Code {
	case "":
		return p.Why
	case lrtg.PrelimWhyUSAPanicVP:
		return fmt.Sprintf("the Army of the Potomac in Panic and %d VP (180+)", p.VP)
	case lrtg.PrelimWhyUSADisorderVP:
		return fmt.Sprintf("the Army of the Potomac in Disorder or Panic and %d VP (160+)", p.VP)
	case lrtg.PrelimWhyCSAPanic:
		return "the Army of Northern Virginia in Panic, the Army of the Potomac in good order"
	case lrtg.PrelimWhyCSAMorale:
		return fmt.Sprintf("the Army of Northern Virginia in Disorder or Panic, its morale %d against %d", p.CSA, p.USA)
	}
	return fmt.Sprintf("(reason %q)", p.Code)
}

// prelimCancelWhy says why a preliminary victory was cancelled ("" it
// stands).
func prelimCancelWhy(p lrtg.Prelim) string {
	switch p.CancelCode {
	case "":
		return p.Cancelled
	case lrtg.PrelimCancelCSAPanic:
		return fmt.Sprintf("the Army of Northern Virginia in Panic on turn %d", p.CancelTurn)
	case lrtg.PrelimCancelCSADisorder:
		return fmt.Sprintf("the Army of Northern Virginia in Disorder on turn %d", p.CancelTurn)
	case lrtg.PrelimCancelCSASubstantive:
		return "a Confederate preliminary substantive victory during play"
	case lrtg.PrelimCancelEndDecisive:
		return "a Confederate decisive VP total at the end"
	case lrtg.PrelimCancelEndSubstantive:
		return "a Confederate substantive VP total at the end"
	}
	return fmt.Sprintf("(reason %q)", p.CancelCode)
}

// victoryEndWhy says why the game ends with the check ("" it goes on).
func victoryEndWhy(e *lrtg.VictoryChecked) string {
	switch e.EndCode {
	case "":
		return e.End
	case lrtg.EndDecisive:
		if e.Decisive == nil {
			return "a decisive victory"
		}
		return "a decisive victory: " + victoryWhy(*e.Decisive)
	case lrtg.EndPotomac:
		return "no Confederate infantry unit is north of the Potomac on or after June 30 (000 VIII; 003's High Tide sheet prints June 28, the other sources June 30)"
	case lrtg.EndLastTurn:
		return fmt.Sprintf("the last turn (%s) is played (000 VIII)", e.EndLabel)
	case lrtg.EndRuling:
		return "the umpire's ruling: " + e.Ruling
	case lrtg.EndLRTALastTurn:
		return fmt.Sprintf("the last turn (%s, \"End LSN\") is played (004 Turn Record)", e.EndLabel)
	}
	return fmt.Sprintf("(reason %q)", e.EndCode)
}

// outcomeWhy says why a game over was won: the result a game-over note
// carries, or the words of a note stored before its codes.
func outcomeWhy(o *lrtg.VictoryResult, stored string) string {
	if o == nil {
		return stored
	}
	return victoryWhy(*o)
}
