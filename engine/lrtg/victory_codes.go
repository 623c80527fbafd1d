// Why a victory came, why a preliminary victory was won or cancelled and
// why the game ends, as facts: a code and its parameters (issue 20:
// events carry facts, not prose). The words are the bot's
// (bot/victory_words.go). Events stored before the codes carry their
// sentences instead (VictoryResult.Why, Prelim.Why and Cancelled,
// VictoryChecked.End): read, never written.

package lrtg

// The codes of a victory's reason (VictoryResult.Code). A code, once
// written to a log, keeps its meaning and parameters.
const (
	VictoryWhyFlight         = "flight"          // Side's army in Flight at morale Morale (15.2)
	VictoryWhyOccupation     = "occupation"      // Confederate infantry Unit occupies Place (000 VIII)
	VictoryWhyTable          = "table"           // VP on Table's victory table (000 VIII)
	VictoryWhyPrelimStands   = "prelim.stands"   // the preliminary victory of level Prelim stands; VP on the table would be TableLevel
	VictoryWhyLRTAFlight     = "lrta.flight"     // Side's army in Flight at demoralization level Morale (004 Army Morale)
	VictoryWhyLRTAOccupation = "lrta.occupation" // Confederate infantry Unit occupies Place in the Victory Check Phase (004)
	VictoryWhyLRTATable      = "lrta.table"      // VP on LRTG VIII 2)'s campaign victory table (004 prints none)
)

// The codes of a preliminary victory's reason (Prelim.Code, 000 VIII
// optional): one condition a level.
const (
	PrelimWhyUSAPanicVP    = "usa.panic.vp"     // the Army of the Potomac in Panic and VP (180+)
	PrelimWhyUSADisorderVP = "usa.disorder.vp"  // the Army of the Potomac in Disorder or Panic and VP (160+)
	PrelimWhyCSAPanic      = "csa.panic"        // the ANV in Panic, the Army of the Potomac in good order
	PrelimWhyCSAMorale     = "csa.disorder.gap" // the ANV in Disorder or Panic, its morale CSA against USA
)

// The codes of a preliminary victory's cancellation (Prelim.CancelCode,
// 000 VIII optional).
const (
	PrelimCancelCSAPanic       = "csa.panic"           // the ANV in Panic on turn CancelTurn
	PrelimCancelCSADisorder    = "csa.disorder"        // the ANV in Disorder on turn CancelTurn
	PrelimCancelCSASubstantive = "csa.substantive"     // a Confederate preliminary substantive victory during play
	PrelimCancelEndDecisive    = "end.csa.decisive"    // a Confederate decisive VP total at the end
	PrelimCancelEndSubstantive = "end.csa.substantive" // a Confederate substantive VP total at the end
)

// The codes of why a game ends (VictoryChecked.EndCode, 000 VIII; 004).
const (
	EndDecisive     = "decisive"       // a decisive victory: the check's Decisive
	EndPotomac      = "potomac"        // no Confederate infantry north of the Potomac from June 30
	EndLastTurn     = "last-turn"      // the last turn (EndLabel) is played (000 VIII)
	EndRuling       = "ruling"         // LRTA: the umpire's ruling, Ruling
	EndLRTALastTurn = "lrta.last-turn" // LRTA: the last turn (EndLabel, "End LSN") is played (004 Turn Record)
)

// Ends reports whether the game ends with this check: its reason, as a
// code or (an event stored before the codes) in words.
func (e *VictoryChecked) Ends() bool { return e.EndCode != "" || e.End != "" }

// IsCancelled reports whether the preliminary victory is cancelled: by a
// code, or (stored before the codes) in words.
func (p Prelim) IsCancelled() bool { return p.CancelCode != "" || p.Cancelled != "" }
