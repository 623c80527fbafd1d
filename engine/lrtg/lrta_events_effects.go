// LRTA random events (004 "Random Events" and the effect paragraphs under
// it): the effects in force, as the other modules read them through the
// GameState methods named LRTA... (movement, initiative, objectives, morale,
// communications). Each reads the current turn (g.Turn) and returns, where
// it matters, why (with the 004 reference) for the reply. Moved out of
// lrta_events.go.

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// LRTAEvent returns this turn's LRTA random event, or nil.
func (g Game) LRTAEvent() *LRTARandomEvent { return g.LRTAEvents.Of(g.Turn) }

func (g Game) lreIs(turn int, outcomes ...string) *LRTARandomEvent {
	e := g.LRTAEvents.Of(turn)
	if e == nil {
		return nil
	}
	for _, o := range outcomes {
		if e.Outcome == o {
			return e
		}
	}
	return nil
}

// LRTARain returns this turn's rain: LRTAEventRainPlusOne (heavy rain),
// LRTAEventRain, or "" (004 random events 2-4; the Standardized Rules'
// rain rules apply).
func (g Game) LRTARain() string {
	if e := g.lreIs(g.Turn, LRTAEventRain, LRTAEventRainPlusOne); e != nil {
		return e.Outcome
	}
	return ""
}

// LRTARainDays counts the days of rain so far (004 random event 4: Raw
// Recruits instead after four days of rain). An LRTA turn is one day.
func (g Game) LRTARainDays() int {
	n := 0
	for _, e := range g.LRTAEvents.Rolled {
		if e.Outcome == LRTAEventRain || e.Outcome == LRTAEventRainPlusOne {
			n += max(e.Days, 1)
		}
	}
	return n
}

// LRTAHeat is what Heat adds to every extended march roll this turn: +1
// (004 random event 11), with why; 0 without Heat.
func (g Game) LRTAHeat() (int, string) {
	if g.lreIs(g.Turn, LRTAEventHeat) != nil {
		return 1, "Heat: +1 to all extended march rolls (004 random event 11)"
	}
	return 0, ""
}

// LRTACommandParalysis reports whether a side suffers the Command
// Paralysis random event this turn (004 random events 5 and 12).
func (g Game) LRTACommandParalysis(side engine.Side) bool {
	switch side {
	case engine.USA:
		return g.lreIs(g.Turn, LRTAEventUnionParalysis) != nil
	case engine.CSA:
		return g.lreIs(g.Turn, LRTAEventCSAParalysis) != nil
	}
	return false
}

// lreParalysisBase is a unit's paralysis before any doubling: infantry
// (with militia and artillery, which move on the infantry column of 004's
// movement charts) 1, cavalry 2, others (leaders, wagons) none.
func lreParalysisBase(u engine.UnitState) int {
	switch {
	case infantry(u), u.Kind == engine.KindArtillery:
		return 1
	case u.Kind == engine.KindCavalry:
		return 2
	}
	return 0
}

// LRTAParalysis returns how many movement allowance points a unit loses to
// command paralysis this turn, with why (0: none). The caller keeps the
// allowance at one at least (ParalysedAllowance). 004 Command Paralysis:
//   - the random event: infantry -1, cavalry -2; Union paralysis doubled
//     (-2 / -4) while Pope commands, except in strategic movement;
//   - after McClellan assumes command, Union Army Reorganization
//     paralyses every Union unit outside a reorganized corps (-1 / -2);
//   - the two are not cumulative (004 line 25's note): a reorganized corps
//     under the random event loses 1, an unreorganized corps 2 (the
//     doubled event, the reorganization's paralysis not added to it);
//     cavalry twice that.
//
// Passive movement penalties add to these (004: "cumulative"): that is the
// movement module's. In strategic movement (strategic true) a paralysed
// unit uses the chart's paralysis column instead (LRTAParalysed).
func (g Game) LRTAParalysis(u engine.UnitState, strategic bool) (int, string) {
	base := lreParalysisBase(u)
	if base == 0 {
		return 0, ""
	}
	event := g.LRTACommandParalysis(u.Side)
	mcc := g.LRTAMcClellan()
	reorg := g.LRTAReorganizationParalysis(u)
	switch {
	case event && u.Side == engine.CSA:
		return base, "Confederate Command Paralysis (004 random event 12)"
	case event && strategic:
		return base, "Union Command Paralysis, not doubled in strategic movement (004 Command Paralysis)"
	case event && !mcc:
		return 2 * base, "Union Command Paralysis, doubled while Pope commands (004 Command Paralysis)"
	case event && reorg:
		return 2 * base, fmt.Sprintf("Union Command Paralysis on the unreorganized %s corps, not cumulative with the reorganization's paralysis (004 Command Paralysis note)", u.Command)
	case event:
		return base, fmt.Sprintf("Union Command Paralysis on the reorganized %s corps (004 Command Paralysis note)", u.Command)
	case reorg:
		return base, "Union Army Reorganization: command paralysis outside the reorganized corps (004 McClellan assumes command)"
	}
	return 0, ""
}

// ParalysedAllowance is a movement allowance less a paralysis, never below
// one (004 Command Paralysis: "to a minimum of one").
func ParalysedAllowance(allowance, paralysis int) int {
	if paralysis <= 0 || allowance <= 1 {
		return allowance
	}
	return max(allowance-paralysis, 1)
}

// LRTAParalysed reports whether a unit suffers command paralysis this turn
// (the random event, or the Union Army Reorganization's): it may not
// force march nor take part in assaults or grand assaults, and strategic
// movement uses the chart's "(#) command paralysis" column (004).
func (g Game) LRTAParalysed(u engine.UnitState) (bool, string) {
	if g.LRTACommandParalysis(u.Side) {
		return true, fmt.Sprintf("%s Command Paralysis this turn (%s)", sideName(u.Side), lreRule)
	}
	if g.LRTAReorganizationParalysis(u) {
		return true, "Union Army Reorganization: command paralysis outside the reorganized corps (004 McClellan assumes command)"
	}
	return false, ""
}

// LRTANoComms reports whether a side's commanders may not communicate this
// turn: the side suffers the Command Paralysis random event and plays with
// the multi-commander rules (004 Command Paralysis). The standing
// paralysis of the Union Army Reorganization is not read as barring
// communication.
func (g Game) LRTANoComms(side engine.Side) (bool, string) {
	if g.LRTACommandParalysis(side) && g.multipleCommanders() {
		return true, fmt.Sprintf("%s Command Paralysis: no communication between its commanders this turn (004 Command Paralysis)", sideName(side))
	}
	return false, ""
}

// LRTARearAreaParalysis reports whether Rear Area Paralysis holds this
// turn: rolled this turn, or last turn while Pope commands (004).
func (g Game) LRTARearAreaParalysis() (bool, string) {
	if g.lreIs(g.Turn, LRTAEventRearParalysis) != nil {
		return true, "Rear Area Paralysis this turn (004 random event 6)"
	}
	if e := g.lreIs(g.Turn-1, LRTAEventRearParalysis); e != nil && e.Pope && !g.LRTAMcClellan() {
		return true, "Rear Area Paralysis, its second turn while Pope commands (004 random event 6)"
	}
	return false, ""
}

// LRTARearAreaRestricted reports whether Rear Area Paralysis forbids a
// unit to activate or entrench: a Union Shen, RR, DC, Balt or PA unit with
// no enemy unit within 8 hexes now (004). An enemy that came within 8
// hexes earlier in the turn also frees it: that is the player's word.
func (g Game) LRTARearAreaRestricted(u engine.UnitState) (bool, string) {
	on, why := g.LRTARearAreaParalysis()
	if !on || u.Side != engine.USA || !lreRearUnit(u) {
		return false, ""
	}
	if u.OnMap {
		for _, id := range sortedIDs(g.Units) {
			if e := g.Units[id]; e.Side == engine.CSA && e.OnMap && !e.Eliminated && engine.Distance(e.Hex, u.Hex) <= lreRearRadius {
				return false, ""
			}
		}
	}
	return true, fmt.Sprintf("%s: %s units may not activate or entrench unless an enemy unit comes within %d hexes", why, u.Command, lreRearRadius)
}

func lreRearUnit(u engine.UnitState) bool {
	for _, d := range lreRearDesignations {
		if strings.EqualFold(u.Command, d) {
			return true
		}
	}
	return false
}

// LRTANoRail reports whether a side may not move by railroad this turn:
// Rear Area Paralysis stops the Union's railroad movement (004; the
// event is the Union rear's, as LRTG 2.0's of the same name).
func (g Game) LRTANoRail(side engine.Side) (bool, string) {
	if side != engine.USA {
		return false, ""
	}
	if on, why := g.LRTARearAreaParalysis(); on {
		return true, why + ": no railroad movement"
	}
	return false, ""
}

// LRTAHarpersFerryReleased reports whether Release of Harpers Ferry
// Garrison has happened: for the rest of the game the Union need not keep
// 5 MP in and around Harpers Ferry, and may dismantle or destroy its depot
// there (004 random event 6).
func (g Game) LRTAHarpersFerryReleased() bool {
	for _, e := range g.LRTAEvents.Rolled {
		if e.Outcome == LRTAEventReleaseHF {
			return true
		}
	}
	return false
}

// LRTAMcClellanDelays reports whether McClellan Delays Reinforcements
// holds this turn: no Army of the Potomac unit may leave
// LRTAMcClellanDelaysAreas (004 random event 9).
func (g Game) LRTAMcClellanDelays() (bool, string) {
	if g.lreIs(g.Turn, LRTAEventMcClellanDelays) != nil {
		return true, "McClellan Delays Reinforcements: no Army of the Potomac unit may leave " + strings.Join(LRTAMcClellanDelaysAreas, ", ") + " this turn (004 random event 9)"
	}
	return false, ""
}

// LRTANavalDoubled reports whether The AoP Speeds Evacuation doubles Union
// naval movement this turn: 4 boxes for two fatigues, capacity six units
// (004 random event 10).
func (g Game) LRTANavalDoubled() (bool, string) {
	if g.lreIs(g.Turn, LRTAEventSpeedsEvacuation) != nil {
		return true, "The AoP Speeds Evacuation: Union naval movement 4 boxes for two fatigues, capacity six units this turn (004 random event 10)"
	}
	return false, ""
}

// LRTAReinforcementsAdvanced returns how many turns earlier a side's
// reinforcement scheduled for a turn arrives: one for every The AoP Speeds
// Evacuation rolled before that turn. Union reinforcements advance only
// when they arrive at Harrison's Landing (004 random event 10).
func (g Game) LRTAReinforcementsAdvanced(side engine.Side, scheduled int, harrisonsLanding bool) int {
	if side == engine.USA && !harrisonsLanding {
		return 0
	}
	n := 0
	for _, e := range g.LRTAEvents.Rolled {
		if e.Outcome == LRTAEventSpeedsEvacuation && e.Turn < scheduled {
			n++
		}
	}
	return n
}

// LRTAIntelWinner is the side that won this turn's Enemy Intelligence
// ("" none): the loser declares Operational or Passive first and the
// winner may examine the loser's supply status sheet (004).
func (g Game) LRTAIntelWinner() engine.Side {
	if e := g.lreIs(g.Turn, LRTAEventIntel); e != nil {
		return e.Intel
	}
	return ""
}

// lreThreeCigarsTurn is the turn Three Cigars happened (0: never).
func (s LRTAEventsState) lreThreeCigarsTurn() int {
	for _, e := range s.Rolled {
		if e.IntelForm == LRTAIntelThreeCigars {
			return e.Turn
		}
	}
	return 0
}

// LRTAThreeCigars says where Three Cigars stands on a turn: "not-yet",
// "in-effect" (the turn it happened and the three after) or "completed"
// (004 Enemy Intelligence; the lrta.enemy-intelligence fact three_cigars).
func (g Game) LRTAThreeCigars(turn int) string {
	t := g.LRTAEvents.lreThreeCigarsTurn()
	switch {
	case t == 0 || turn < t:
		return "not-yet"
	case turn < t+lreThreeCigarsTurns:
		return "in-effect"
	}
	return "completed"
}

// LRTAInitiativeModifier is what the random events add to a side's
// initiative rolls this turn: Three Cigars +1 to the Union for four turns
// (004 Enemy Intelligence).
func (g Game) LRTAInitiativeModifier(side engine.Side) (int, string) {
	if side == engine.USA && g.LRTAThreeCigars(g.Turn) == "in-effect" {
		t := g.LRTAEvents.lreThreeCigarsTurn()
		return 1, fmt.Sprintf("Three Cigars: +1 to Union initiative rolls on turns %d-%d (004 Enemy Intelligence)", t, t+lreThreeCigarsTurns-1)
	}
	return 0, ""
}

// LRTAInitiativeRerolls is how many initiative rolls a side may have
// rerolled this turn (both dice; never a reroll): two for the Confederates
// when they win Enemy Intelligence (004). The action cycle counts those
// used.
func (g Game) LRTAInitiativeRerolls(side engine.Side) int {
	if side == engine.CSA && g.LRTAIntelWinner() == engine.CSA {
		return lreRerolls
	}
	return 0
}

// LRTAUnionWinsDoubles reports whether the Union wins the initiative on
// rolls of 4-4, 5-5 and 6-6 this turn: it won Enemy Intelligence with an
// army commander south of the Potomac or Three Cigars completed (004).
func (g Game) LRTAUnionWinsDoubles() (bool, string) {
	if e := g.lreIs(g.Turn, LRTAEventIntel); e != nil && e.Intel == engine.USA && e.IntelForm == string(engine.USA) {
		return true, "Enemy Intelligence: the Union wins the initiative on 4-4, 5-5 and 6-6 this turn (004)"
	}
	return false, ""
}

// LRTAObjectiveDiscoveryModifier is what the Union adds to its roll to
// discover the Confederate objective this turn: +3 when it benefits from
// Enemy Intelligence (004 Enemy Intelligence; 004 2 Confederate
// Objectives).
func (g Game) LRTAObjectiveDiscoveryModifier() (int, string) {
	if g.LRTAIntelWinner() == engine.USA {
		return lreObjectiveDiscoveryBonus, "+3: the Union benefits from the Enemy Intelligence random event (004)"
	}
	return 0, ""
}

// LRTARevealsForces reports whether a side must reveal its force markers
// (replacing them by their units) and place none this turn: it lost Enemy
// Intelligence under the limited intelligence rule (004).
func (g Game) LRTARevealsForces(side engine.Side) (bool, string) {
	if w := g.LRTAIntelWinner(); w != "" && w != side && g.Options.LimitedIntel {
		return true, fmt.Sprintf("the %s won Enemy Intelligence: the %s must remove every force marker, show the units under it and place none this turn (004)", sideName(w), sideName(side))
	}
	return false, ""
}

// LRTAInterceptBonus reports whether a side intercepts communications more
// easily this turn: it won Enemy Intelligence, with the multiplayer
// communication rules (004; the size of the increase is LRTA 21's, not in
// the seeds).
func (g Game) LRTAInterceptBonus(side engine.Side) (bool, string) {
	if g.LRTAIntelWinner() == side && g.multipleCommanders() {
		return true, fmt.Sprintf("the %s won Enemy Intelligence: they intercept communications more easily this turn (004; LRTA 21)", sideName(side))
	}
	return false, ""
}

// LRTANoGrandAssault reports whether a side may make no grand assault this
// turn: Lee breaks his wrists (Confederates) or McClellan falls ill
// (Union), this turn and next (004 Leader Casualties).
func (g Game) LRTANoGrandAssault(side engine.Side) (bool, string) {
	want := "mcclellan-ill"
	if side == engine.CSA {
		want = "lee-wrists"
	}
	if e := g.lreCasualty(want); e != nil {
		return true, fmt.Sprintf("%s (turn %d): no %s grand assault this turn and next (004 Leader Casualties)", e.CasualtyName, e.Turn, sideName(side))
	}
	return false, ""
}

// LRTALeaderBonusIgnored reports whether a leader's bonus is ignored this
// turn: Lee's (csa.lee) after he breaks his wrists, Jackson's
// (csa.jackson) after he falls off his horse, this turn and next (004
// Leader Casualties).
func (g Game) LRTALeaderBonusIgnored(leader string) (bool, string) {
	want := map[string]string{"csa.lee": "lee-wrists", "csa.jackson": "jackson-falls"}[leader]
	if want == "" {
		return false, ""
	}
	if e := g.lreCasualty(want); e != nil {
		return true, fmt.Sprintf("%s (turn %d): the bonus is ignored this turn and next (004 Leader Casualties)", e.CasualtyName, e.Turn)
	}
	return false, ""
}

// lreCasualty returns the Leader Casualties event with the outcome rolled
// this turn or the last.
func (g Game) lreCasualty(outcome string) *LRTARandomEvent {
	for t := g.Turn; t > g.Turn-lreTwoTurns; t-- {
		if e := g.LRTAEvents.Of(t); e != nil && e.Casualty == outcome {
			return e
		}
	}
	return nil
}

// LRTAReplacedBy returns the unit that replaced one taken out by Leader
// Casualties ("" none).
func (g Game) LRTAReplacedBy(id string) string { return g.LRTAEvents.Replaced[id] }

// LRTARawRecruitCasualties is the Army of the Potomac casualties Raw
// Recruits added, for army demoralization only (never VP): one per two
// manpower (rounded up) given to AoP units or units that may attach to
// them (004 Raw Recruits; 004 Army Morale footnote).
func (g Game) LRTARawRecruitCasualties() int {
	n := 0
	for _, r := range g.LRTAEvents.Recruits {
		n += r.Casualties
	}
	return n
}

// LRTARawRecruitsAoP is the manpower Raw Recruits gave to Army of the
// Potomac / Virginia units and the units that may attach to them (every
// Union unit but DC, Balt and PA: 004 Raw Recruits names Shen, RR, Kan and
// Res as attachable), for a morale module that counts the losses itself.
func (g Game) LRTARawRecruitsAoP() int {
	n := 0
	for _, r := range g.LRTAEvents.Recruits {
		n += r.AoP
	}
	return n
}

// LRTARawRecruitsTimes counts the Raw Recruits events so far.
func (g Game) LRTARawRecruitsTimes() int {
	n := 0
	for _, e := range g.LRTAEvents.Rolled {
		if strings.HasPrefix(e.Outcome, LRTAEventRawRecruits) {
			n++
		}
	}
	return n
}
