package engine

import (
	"fmt"
	"sort"
	"strings"
)

// LRTA random events (004 "Random Events" and the effect paragraphs under
// it; 004 Sequence of Play 1 d), see 6.0; the turn record's "No RE" on
// turns 1 and 2). Step 1d of every LRTA turn from turn 3 rolls the Random
// Events table (lrta.random-events in scenarios/rules/lrta-random-events.yaml)
// as a game roll, with every "treat instead" fact taken from the game state;
// Enemy Intelligence and Leader Casualties roll their own tables
// (lrta.enemy-intelligence, lrta.leader-casualties). What an event does is
// applied where the state holds it (victuals, leader replacements, Raw
// Recruits' manpower) and otherwise recorded in LRTAEventsState, which the
// other modules read through the GameState methods named LRTA... below
// (movement, initiative, objectives, morale, communications).
//
// The LRTA rule book is not among the seeds: where the charts refer to a
// rule they do not print, the LRTG rule of the same name is followed (000
// 2.0 Random Events), as the data's header says.
//
// Unit ids this module relies on (found by id, else by name on the side):
// csa.lee, csa.jackson, usa.pope, usa.mcclellan, usa.reno, usa.hatch; Cox
// and Doubleday are found by name, or a counter is made.

// The LRTA rules tables this module rolls.
const (
	LRTARandomEventsTable     = "lrta.random-events"
	LRTAIntelTable            = "lrta.enemy-intelligence"
	LRTALeaderCasualtiesTable = "lrta.leader-casualties"
)

// The outcomes of lrta.random-events (its ids in the rules data).
const (
	LRTAEventRainPlusOne       = "rain-plus-one"
	LRTAEventRain              = "rain"
	LRTAEventUnionParalysis    = "union-command-paralysis"
	LRTAEventCSAParalysis      = "csa-command-paralysis"
	LRTAEventRearParalysis     = "rear-area-paralysis"
	LRTAEventReleaseHF         = "release-harpers-ferry-garrison"
	LRTAEventSupplyProblems    = "csa-supply-problems"
	LRTAEventIntel             = "enemy-intelligence"
	LRTAEventMcClellanDelays   = "mcclellan-delays-reinforcements"
	LRTAEventLeaderCasualties  = "leader-casualties"
	LRTAEventSpeedsEvacuation  = "aop-speeds-evacuation"
	LRTAEventRawRecruits       = "raw-recruits" // and raw-recruits-second, -third, -fourth-on
	LRTAEventHeat              = "heat"
	LRTAIntelThreeCigars       = "three-cigars" // lrta.enemy-intelligence outcomes: csa, usa, three-cigars, usa-common
	LRTAIntelUnionCommon       = "usa-common"
	lreFirstTurn               = 3 // 004 Turn Record: "No RE" on turns 1 and 2
	lreStep                    = "1d"
	lreRule                    = "004 Random Events"
	lreHFRadius                = 8  // 004 random event 6
	lreRearRadius              = 8  // 004 Rear Area Paralysis
	lreSugarLoafRadius         = 15 // 004 Enemy Intelligence (the place's lrta_intel_radius)
	lreThreeCigarsTurns        = 4  // 004: "this and the following three turns"
	lreTwoTurns                = 2  // Leader Casualties: "this turn and next turn"
	lreRerolls                 = 2  // Enemy Intelligence: two initiative rolls rerolled
	lreObjectiveDiscoveryBonus = 3  // 004 Enemy Intelligence; 004 2 Confederate Objectives
)

// LRTAMcClellanDelaysAreas are where McClellan Delays Reinforcements holds
// the Army of the Potomac's units this turn (004 random event 9).
var LRTAMcClellanDelaysAreas = []string{"Alexandria County", "the DC Defense Area", "Aquia Creek", "Baltimore", "Annapolis"}

// lreRearDesignations are the Union designations Rear Area Paralysis holds
// (004: Shen, RR, DC, Balt, PA).
var lreRearDesignations = []string{"Shen", "RR", "DC", "Balt", "PA"}

// ---------------------------------------------------------------------------
// What other modules own: McClellan's assumption of command, the corps
// reorganized and the Confederate Rest and Refit proposal are the army
// module's (engine/lrta_army.go: LRTAMcClellan, LRTAReorganized,
// LRTAReorganizationParalysis, LRTARestRefitProposed).

// lreFind returns a unit by id, or else the side's unit of that name (the
// first in id order).
func (g GameState) lreFind(side Side, id, name string) (UnitState, bool) {
	if u, ok := g.Units[id]; ok {
		return u, true
	}
	for _, k := range sortedIDs(g.Units) {
		if u := g.Units[k]; u.Side == side && strings.EqualFold(u.Name, name) {
			return u, true
		}
	}
	return UnitState{}, false
}

// lreCommander is the Union army's commanding general: Pope, or McClellan
// once he has assumed command.
func (g GameState) lreCommander() (UnitState, bool) {
	if g.LRTAMcClellan() {
		return g.lreFind(USA, "usa.mcclellan", "McClellan")
	}
	return g.lreFind(USA, "usa.pope", "Pope")
}

// ---------------------------------------------------------------------------
// State, events and commands.

// LRTAEventsState is the LRTA random events of the game so far: the event
// of each turn and what it did, Raw Recruits' manpower as the Union gave
// it, and the leaders Leader Casualties replaced.
type LRTAEventsState struct {
	Rolled   []LRTARandomEvent   // one per turn rolled, in order
	Recruits []LRTARecruitsAdded // Raw Recruits given
	Replaced map[string]string   // a unit Leader Casualties took out -> its replacement
}

// Of returns the random event of a turn, or nil.
func (s LRTAEventsState) Of(turn int) *LRTARandomEvent {
	for i := range s.Rolled {
		if s.Rolled[i].Turn == turn {
			return &s.Rolled[i]
		}
	}
	return nil
}

// Event types of this module.
const (
	EventLRTARandomEvent = "lrta.random-event"
	EventLRTARecruits    = "lrta.recruits"
)

// LRTARandomEvent is a turn's LRTA random event: the roll (the
// table.rolled event before it), the event after the "treat instead"
// chain, and what it did. Effects says, in words that place no unit, what
// was applied, what is tracked and what is left to the players.
type LRTARandomEvent struct {
	By      Actor  `json:"by"`
	Turn    int    `json:"turn"`
	Days    int    `json:"days"`
	Roll    int64  `json:"roll"`
	Printed string `json:"printed"`
	Outcome string `json:"outcome"`
	Name    string `json:"name"`
	// Pope: McClellan had not assumed command when it was rolled.
	Pope bool `json:"pope,omitempty"`
	// SugarLoaf is the side of the last unit seen on Sugar Loaf Mountain
	// as of this step ("" none yet): the Enemy Intelligence modifiers.
	SugarLoaf Side `json:"sugar_loaf,omitempty"`
	// Enemy Intelligence: the contest's roll, winner and form (csa, usa,
	// three-cigars, usa-common); IntelTie explains a tie (umpire).
	IntelRoll int64  `json:"intel_roll,omitempty"`
	Intel     Side   `json:"intel,omitempty"`
	IntelForm string `json:"intel_form,omitempty"`
	IntelTie  string `json:"intel_tie,omitempty"`
	// Leader Casualties: the roll and its outcome id; Replaced is the unit
	// taken out and Replacement the counter that takes its place.
	CasualtyRoll int64      `json:"casualty_roll,omitempty"`
	Casualty     string     `json:"casualty,omitempty"`
	CasualtyName string     `json:"casualty_name,omitempty"`
	Replaced     string     `json:"replaced,omitempty"`
	Replacement  *UnitState `json:"replacement,omitempty"`
	// Raw Recruits: the manpower the Union may give now.
	Recruits int      `json:"recruits,omitempty"`
	Effects  []string `json:"effects"`
}

// EventType implements Event.
func (*LRTARandomEvent) EventType() string { return EventLRTARandomEvent }

// LRTARecruitsAdded is the Union's Raw Recruits: manpower given to its
// infantry, and the Army of the Potomac casualties it adds for army
// demoralization only (004 Raw Recruits).
type LRTARecruitsAdded struct {
	By         Actor          `json:"by"`
	Turn       int            `json:"turn"`
	Gains      []ManpowerGain `json:"gains,omitempty"`
	AoP        int            `json:"aop,omitempty"`        // manpower given to AoP units or units that may attach to them
	Casualties int            `json:"casualties,omitempty"` // AoP casualties for demoralization: one per two (rounded up)
	Unchecked  []string       `json:"unchecked,omitempty"`
	Overruled  string         `json:"overruled,omitempty"`
}

// EventType implements Event.
func (*LRTARecruitsAdded) EventType() string { return EventLRTARecruits }

// GiveRawRecruits is the Union's use of a Raw Recruits event: manpower
// per infantry unit in resupply range, at most the event's total (none:
// declined). Reason is the umpire's, to set the resupply check aside.
type GiveRawRecruits struct {
	By       Actor
	Manpower map[string]int
	Reason   string
}

// CommandName implements Command.
func (GiveRawRecruits) CommandName() string { return "recruits" }

// lrtaEventsModule is LRTA's random events.
func lrtaEventsModule() Module {
	return Module{Name: "lrta-events",
		Commands: []Command{GiveRawRecruits{}}, Decide: claims(decideLRTAEvents),
		Events: []Event{&LRTARandomEvent{}, &LRTARecruitsAdded{}},
		Apply:  folds(applyLRTAEvents)}
}

func decideLRTAEvents(g GameState, cmd Command, _ Dice) ([]Event, bool, error) {
	if c, ok := cmd.(GiveRawRecruits); ok {
		ev, err := g.decideRecruits(c)
		if err != nil {
			return nil, true, err
		}
		return []Event{ev}, true, nil
	}
	return nil, false, nil
}

func applyLRTAEvents(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *LRTARandomEvent:
		// Dice decided it: an undo of an earlier board action keeps it.
		g = g.keep(func(g *GameState) {
			s := g.LRTAEvents
			s.Rolled = append(append([]LRTARandomEvent(nil), s.Rolled...), *e)
			if in := e.Replacement; in != nil && e.Replaced != "" {
				m := make(map[string]string, len(s.Replaced)+1)
				for k, v := range s.Replaced {
					m[k] = v
				}
				m[e.Replaced] = in.ID
				s.Replaced = m
				g.Units = copyUnits(g.Units)
				delete(g.Units, e.Replaced)
				g.Units[in.ID] = *in
				if v, ok := g.Records.Victuals[e.Replaced]; ok {
					r := g.Records
					r.Victuals = copyInts(r.Victuals)
					r.Victuals[in.ID] = v
					delete(r.Victuals, e.Replaced)
					g.Records = r
				}
			}
			g.LRTAEvents = s
		})
	case *LRTARecruitsAdded:
		g = g.action(e, func(g *GameState) {
			s := g.LRTAEvents
			s.Recruits = append(append([]LRTARecruitsAdded(nil), s.Recruits...), *e)
			g.LRTAEvents = s
			for _, m := range e.Gains {
				g.editUnit(m.Unit, func(u *UnitState) { u.Manpower = m.To })
			}
		})
	default:
		return g, false
	}
	return g, true
}

// ---------------------------------------------------------------------------
// Queries for the other modules. Each reads the current turn (g.Turn) and
// returns, where it matters, why (with the 004 reference) for the reply.

// LRTAEvent returns this turn's LRTA random event, or nil.
func (g GameState) LRTAEvent() *LRTARandomEvent { return g.LRTAEvents.Of(g.Turn) }

func (g GameState) lreIs(turn int, outcomes ...string) *LRTARandomEvent {
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
func (g GameState) LRTARain() string {
	if e := g.lreIs(g.Turn, LRTAEventRain, LRTAEventRainPlusOne); e != nil {
		return e.Outcome
	}
	return ""
}

// LRTARainDays counts the days of rain so far (004 random event 4: Raw
// Recruits instead after four days of rain). An LRTA turn is one day.
func (g GameState) LRTARainDays() int {
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
func (g GameState) LRTAHeat() (int, string) {
	if g.lreIs(g.Turn, LRTAEventHeat) != nil {
		return 1, "Heat: +1 to all extended march rolls (004 random event 11)"
	}
	return 0, ""
}

// LRTACommandParalysis reports whether a side suffers the Command
// Paralysis random event this turn (004 random events 5 and 12).
func (g GameState) LRTACommandParalysis(side Side) bool {
	switch side {
	case USA:
		return g.lreIs(g.Turn, LRTAEventUnionParalysis) != nil
	case CSA:
		return g.lreIs(g.Turn, LRTAEventCSAParalysis) != nil
	}
	return false
}

// lreParalysisBase is a unit's paralysis before any doubling: infantry
// (with militia and artillery, which move on the infantry column of 004's
// movement charts) 1, cavalry 2, others (leaders, wagons) none.
func lreParalysisBase(u UnitState) int {
	switch {
	case infantry(u), u.Kind == "artillery":
		return 1
	case u.Kind == "cavalry":
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
func (g GameState) LRTAParalysis(u UnitState, strategic bool) (int, string) {
	base := lreParalysisBase(u)
	if base == 0 {
		return 0, ""
	}
	event := g.LRTACommandParalysis(u.Side)
	mcc := g.LRTAMcClellan()
	reorg := g.LRTAReorganizationParalysis(u)
	switch {
	case event && u.Side == CSA:
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
func (g GameState) LRTAParalysed(u UnitState) (bool, string) {
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
func (g GameState) LRTANoComms(side Side) (bool, string) {
	if g.LRTACommandParalysis(side) && g.multipleCommanders() {
		return true, fmt.Sprintf("%s Command Paralysis: no communication between its commanders this turn (004 Command Paralysis)", sideName(side))
	}
	return false, ""
}

// LRTARearAreaParalysis reports whether Rear Area Paralysis holds this
// turn: rolled this turn, or last turn while Pope commands (004).
func (g GameState) LRTARearAreaParalysis() (bool, string) {
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
func (g GameState) LRTARearAreaRestricted(u UnitState) (bool, string) {
	on, why := g.LRTARearAreaParalysis()
	if !on || u.Side != USA || !lreRearUnit(u) {
		return false, ""
	}
	if u.OnMap {
		for _, id := range sortedIDs(g.Units) {
			if e := g.Units[id]; e.Side == CSA && e.OnMap && !e.Eliminated && Distance(e.Hex, u.Hex) <= lreRearRadius {
				return false, ""
			}
		}
	}
	return true, fmt.Sprintf("%s: %s units may not activate or entrench unless an enemy unit comes within %d hexes", why, u.Command, lreRearRadius)
}

func lreRearUnit(u UnitState) bool {
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
func (g GameState) LRTANoRail(side Side) (bool, string) {
	if side != USA {
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
func (g GameState) LRTAHarpersFerryReleased() bool {
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
func (g GameState) LRTAMcClellanDelays() (bool, string) {
	if g.lreIs(g.Turn, LRTAEventMcClellanDelays) != nil {
		return true, "McClellan Delays Reinforcements: no Army of the Potomac unit may leave " + strings.Join(LRTAMcClellanDelaysAreas, ", ") + " this turn (004 random event 9)"
	}
	return false, ""
}

// LRTANavalDoubled reports whether The AoP Speeds Evacuation doubles Union
// naval movement this turn: 4 boxes for two fatigues, capacity six units
// (004 random event 10).
func (g GameState) LRTANavalDoubled() (bool, string) {
	if g.lreIs(g.Turn, LRTAEventSpeedsEvacuation) != nil {
		return true, "The AoP Speeds Evacuation: Union naval movement 4 boxes for two fatigues, capacity six units this turn (004 random event 10)"
	}
	return false, ""
}

// LRTAReinforcementsAdvanced returns how many turns earlier a side's
// reinforcement scheduled for a turn arrives: one for every The AoP Speeds
// Evacuation rolled before that turn. Union reinforcements advance only
// when they arrive at Harrison's Landing (004 random event 10).
func (g GameState) LRTAReinforcementsAdvanced(side Side, scheduled int, harrisonsLanding bool) int {
	if side == USA && !harrisonsLanding {
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
func (g GameState) LRTAIntelWinner() Side {
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
func (g GameState) LRTAThreeCigars(turn int) string {
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
func (g GameState) LRTAInitiativeModifier(side Side) (int, string) {
	if side == USA && g.LRTAThreeCigars(g.Turn) == "in-effect" {
		t := g.LRTAEvents.lreThreeCigarsTurn()
		return 1, fmt.Sprintf("Three Cigars: +1 to Union initiative rolls on turns %d-%d (004 Enemy Intelligence)", t, t+lreThreeCigarsTurns-1)
	}
	return 0, ""
}

// LRTAInitiativeRerolls is how many initiative rolls a side may have
// rerolled this turn (both dice; never a reroll): two for the Confederates
// when they win Enemy Intelligence (004). The action cycle counts those
// used.
func (g GameState) LRTAInitiativeRerolls(side Side) int {
	if side == CSA && g.LRTAIntelWinner() == CSA {
		return lreRerolls
	}
	return 0
}

// LRTAUnionWinsDoubles reports whether the Union wins the initiative on
// rolls of 4-4, 5-5 and 6-6 this turn: it won Enemy Intelligence with an
// army commander south of the Potomac or Three Cigars completed (004).
func (g GameState) LRTAUnionWinsDoubles() (bool, string) {
	if e := g.lreIs(g.Turn, LRTAEventIntel); e != nil && e.Intel == USA && e.IntelForm == string(USA) {
		return true, "Enemy Intelligence: the Union wins the initiative on 4-4, 5-5 and 6-6 this turn (004)"
	}
	return false, ""
}

// LRTAObjectiveDiscoveryModifier is what the Union adds to its roll to
// discover the Confederate objective this turn: +3 when it benefits from
// Enemy Intelligence (004 Enemy Intelligence; 004 2 Confederate
// Objectives).
func (g GameState) LRTAObjectiveDiscoveryModifier() (int, string) {
	if g.LRTAIntelWinner() == USA {
		return lreObjectiveDiscoveryBonus, "+3: the Union benefits from the Enemy Intelligence random event (004)"
	}
	return 0, ""
}

// LRTARevealsForces reports whether a side must reveal its force markers
// (replacing them by their units) and place none this turn: it lost Enemy
// Intelligence under the limited intelligence rule (004).
func (g GameState) LRTARevealsForces(side Side) (bool, string) {
	if w := g.LRTAIntelWinner(); w != "" && w != side && g.Options.LimitedIntel {
		return true, fmt.Sprintf("the %s won Enemy Intelligence: the %s must remove every force marker, show the units under it and place none this turn (004)", sideName(w), sideName(side))
	}
	return false, ""
}

// LRTAInterceptBonus reports whether a side intercepts communications more
// easily this turn: it won Enemy Intelligence, with the multiplayer
// communication rules (004; the size of the increase is LRTA 21's, not in
// the seeds).
func (g GameState) LRTAInterceptBonus(side Side) (bool, string) {
	if g.LRTAIntelWinner() == side && g.multipleCommanders() {
		return true, fmt.Sprintf("the %s won Enemy Intelligence: they intercept communications more easily this turn (004; LRTA 21)", sideName(side))
	}
	return false, ""
}

// LRTANoGrandAssault reports whether a side may make no grand assault this
// turn: Lee breaks his wrists (Confederates) or McClellan falls ill
// (Union), this turn and next (004 Leader Casualties).
func (g GameState) LRTANoGrandAssault(side Side) (bool, string) {
	want := "mcclellan-ill"
	if side == CSA {
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
func (g GameState) LRTALeaderBonusIgnored(leader string) (bool, string) {
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
func (g GameState) lreCasualty(outcome string) *LRTARandomEvent {
	for t := g.Turn; t > g.Turn-lreTwoTurns; t-- {
		if e := g.LRTAEvents.Of(t); e != nil && e.Casualty == outcome {
			return e
		}
	}
	return nil
}

// LRTAReplacedBy returns the unit that replaced one taken out by Leader
// Casualties ("" none).
func (g GameState) LRTAReplacedBy(id string) string { return g.LRTAEvents.Replaced[id] }

// LRTARawRecruitCasualties is the Army of the Potomac casualties Raw
// Recruits added, for army demoralization only (never VP): one per two
// manpower (rounded up) given to AoP units or units that may attach to
// them (004 Raw Recruits; 004 Army Morale footnote).
func (g GameState) LRTARawRecruitCasualties() int {
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
func (g GameState) LRTARawRecruitsAoP() int {
	n := 0
	for _, r := range g.LRTAEvents.Recruits {
		n += r.AoP
	}
	return n
}

// LRTARawRecruitsTimes counts the Raw Recruits events so far.
func (g GameState) LRTARawRecruitsTimes() int {
	n := 0
	for _, e := range g.LRTAEvents.Rolled {
		if strings.HasPrefix(e.Outcome, LRTAEventRawRecruits) {
			n++
		}
	}
	return n
}

// ---------------------------------------------------------------------------
// Facts from the state.

func lreBool(v bool) int {
	if v {
		return 1
	}
	return 0
}

// LRTARandomEventFacts computes the facts of lrta.random-events from the
// state (004 random events 2, 4, 5, 6, 9, 10).
func (g GameState) LRTARandomEventFacts(m *Theatre) Facts {
	prev := g.LRTAEvents.Of(g.Turn - 1)
	recent := false
	for t := g.Turn - 1; t >= g.Turn-2; t-- {
		if g.lreIs(t, LRTAEventUnionParalysis) != nil {
			recent = true
		}
	}
	near := false
	if hf := placeOf(m, "Harpers Ferry"); hf != nil {
		for _, id := range sortedIDs(g.Units) {
			if u := g.Units[id]; u.Side == CSA && u.Kind == "infantry" && u.OnMap && !u.Eliminated && Distance(u.Hex, hf.Hex) <= lreHFRadius {
				near = true
			}
		}
	}
	return Facts{
		"rain_plus_one_last_turn":         lreBool(prev != nil && prev.Outcome == LRTAEventRainPlusOne),
		"rain_days":                       min(g.LRTARainDays(), 54),
		"raw_recruits_before":             min(g.LRTARawRecruitsTimes(), 54),
		"union_paralysis_recent":          lreBool(recent),
		"csa_infantry_near_harpers_ferry": lreBool(near),
		"mcclellan_in_command":            lreBool(g.LRTAMcClellan()),
	}
}

// lreSugarLoaf returns the side of the last unit seen on Sugar Loaf
// Mountain: a unit there now, else what the last random event saw. Moves
// record no path, so a unit that only passed through is not seen.
func (g GameState) lreSugarLoaf(m *Theatre) Side {
	if p := placeOf(m, "Sugar Loaf Mountain"); p != nil {
		for _, id := range sortedIDs(g.Units) {
			if u := g.Units[id]; u.OnMap && !u.Eliminated && u.Hex == p.Hex {
				return u.Side
			}
		}
	}
	for i := len(g.LRTAEvents.Rolled) - 1; i >= 0; i-- {
		if s := g.LRTAEvents.Rolled[i].SugarLoaf; s != "" {
			return s
		}
	}
	return ""
}

// LRTAIntelFacts computes the Enemy Intelligence contest's facts (004
// Enemy Intelligence modifiers and tie rule), with the tie's distances in
// words for the umpire. The tie goes to the Confederates at equal
// distances or when neither can be measured (as LRTG's Spy).
func (g GameState) LRTAIntelFacts(m *Theatre, tb *Table, sugarLoaf Side) (Facts, string, error) {
	lee, leeOK := g.lreFind(CSA, csaArmyCommanderID, "Lee")
	cmdr, cmdrOK := g.lreCommander()
	tie, why := g.cavalryTie(lee, leeOK, cmdr, cmdrOK)
	near := map[Side]bool{}
	if p := placeOf(m, "Sugar Loaf Mountain"); p != nil {
		radius := lreSugarLoafRadius
		if v, ok := p.Values["lrta_intel_radius"]; ok {
			radius = v
		}
		for _, id := range sortedIDs(g.Units) {
			if u := g.Units[id]; u.Kind == "leader" && u.OnMap && !u.Eliminated && Distance(u.Hex, p.Hex) <= radius {
				near[u.Side] = true
			}
		}
	}
	occupant := "none"
	if sugarLoaf != "" {
		occupant = string(sugarLoaf)
	}
	f := Facts{
		"lee_north":                  lreBool(northOf(m, lee)),
		"aop_commander_south":        lreBool(!northOf(m, cmdr)),
		"csa_leader_near_sugar_loaf": lreBool(near[CSA]),
		"usa_leader_near_sugar_loaf": lreBool(near[USA]),
	}
	for name, v := range map[string]string{"sugar_loaf_last_occupant": occupant, "three_cigars": g.LRTAThreeCigars(g.Turn), "closest_cavalry": tie} {
		spec := tb.Fact(name)
		if spec == nil {
			return nil, "", fmt.Errorf("engine: table %s has no fact %s", tb.ID, name)
		}
		n, err := spec.Parse(v)
		if err != nil {
			return nil, "", fmt.Errorf("engine: table %s: %w", tb.ID, err)
		}
		f[name] = n
	}
	return f, why, nil
}

// ---------------------------------------------------------------------------
// The procedure of step 1d.

func lrtaEventsStep(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	if g.Turn < lreFirstTurn || g.LRTAEvents.Of(g.Turn) != nil {
		return nil, nil // no random events on turns 1-2; or already rolled
	}
	if ctx.Library == nil {
		return nil, fmt.Errorf("engine: step %s needs the rules tables", lreStep)
	}
	m := segTheatre(ctx)
	if m == nil {
		return nil, fmt.Errorf("engine: step %s needs the map (Harpers Ferry, the Potomac, Sugar Loaf Mountain)", lreStep)
	}
	by := g.Umpire
	var evs []Event
	state := g
	table, roll := tableRoller(ctx.Library, by, d, &state, &evs)
	tb, err := table(LRTARandomEventsTable)
	if err != nil {
		return nil, err
	}
	tr, err := roll(tb, g.LRTARandomEventFacts(m))
	if err != nil {
		return nil, err
	}
	pope := !g.LRTAMcClellan()
	ev := &LRTARandomEvent{By: by, Turn: g.Turn, Days: max(g.TurnDays(g.Turn), 1), Roll: tr.Number, Printed: tr.Printed,
		Outcome: tr.Outcome, Name: tr.Name, Pope: pope, SugarLoaf: g.lreSugarLoaf(m)}
	say := func(format string, args ...any) { ev.Effects = append(ev.Effects, fmt.Sprintf(format, args...)) }
	multi := g.multipleCommanders()
	var after []Event // events that follow the random event (victuals)
	switch o := ev.Outcome; {
	case o == LRTAEventRain || o == LRTAEventRainPlusOne:
		what := "Rain"
		if o == LRTAEventRainPlusOne {
			what = "Heavy rain (Rain+1)"
		}
		say("%s for the whole turn, under the Standardized Rules' rain rules (004: \"refer to the Standard rules\"; they are not in the rules documents, so movement and combat in the rain are the players'). Days of rain so far in the game: %d (tracked: after four, a 4 becomes Raw Recruits).",
			what, g.LRTARainDays()+ev.Days)
	case o == LRTAEventUnionParalysis:
		if pope {
			say("Union command paralysis this turn, doubled while Pope commands: every Union infantry unit's movement allowance -2 and cavalry's -4 (never below 1), except in strategic movement (-1 / -2, the strategic chart's paralysis column). Tracked for the movement phases.")
		} else {
			say("Union command paralysis this turn: infantry -1 and cavalry -2 in reorganized corps, -2 / -4 in corps not yet reorganized (never below 1; not cumulative with the reorganization's paralysis: 004's note). Tracked for the movement phases.")
		}
		say("Paralysed units may not force march nor take part in assaults or grand assaults; a Passive Union adds its passive penalties.")
		if multi {
			say("Union commanders may not communicate this turn (tracked).")
		}
	case o == LRTAEventCSAParalysis:
		say("Confederate command paralysis this turn: every Confederate infantry unit's movement allowance -1 and cavalry's -2 (never below 1). Paralysed units may not force march nor take part in assaults or grand assaults; a Passive Confederate side adds its passive penalties. Tracked for the movement phases.")
		if multi {
			say("Confederate commanders may not communicate this turn (tracked).")
		}
	case o == LRTAEventRearParalysis:
		turns := "this turn"
		if pope {
			turns = fmt.Sprintf("this turn and next (turns %d-%d) while Pope commands", g.Turn, g.Turn+1)
		}
		say("Union Shen, RR, DC, Balt and PA units may neither activate nor entrench %s unless an enemy unit comes within 8 hexes of them, and there is no Union railroad movement (tracked).", turns)
	case o == LRTAEventReleaseHF:
		say("For the rest of the game the Union need not keep 5 MP in and around Harpers Ferry, and may dismantle or destroy the Harpers Ferry depot (tracked).")
	case o == LRTAEventSupplyProblems:
		more, err := g.lreSupplyProblems(state.Apply(ev), ev, m, ctx)
		if err != nil {
			return nil, err
		}
		after = more
	case o == LRTAEventIntel:
		it, err := table(LRTAIntelTable)
		if err != nil {
			return nil, err
		}
		f, why, err := g.LRTAIntelFacts(m, it, ev.SugarLoaf)
		if err != nil {
			return nil, err
		}
		ir, err := roll(it, f)
		if err != nil {
			return nil, err
		}
		ev.IntelRoll, ev.IntelForm, ev.IntelTie = ir.Number, ir.Outcome, why
		ev.Intel = USA
		if ir.Outcome == string(CSA) {
			ev.Intel = CSA
		}
		g.lreIntelEffects(ev, say, multi)
	case o == LRTAEventMcClellanDelays:
		say("No Army of the Potomac unit may leave %s this turn (tracked).", strings.Join(LRTAMcClellanDelaysAreas, ", "))
	case o == LRTAEventLeaderCasualties:
		lt, err := table(LRTALeaderCasualtiesTable)
		if err != nil {
			return nil, err
		}
		cr, err := roll(lt, Facts{})
		if err != nil {
			return nil, err
		}
		ev.CasualtyRoll, ev.Casualty, ev.CasualtyName = cr.Number, cr.Outcome, cr.Name
		g.lreCasualtyEffects(ev, say)
	case o == LRTAEventSpeedsEvacuation:
		say("Every Union reinforcement due at Harrison's Landing, and every Confederate reinforcement, arrives one turn earlier (tracked for the Reinforcements step).")
		say("This turn Union naval movement doubles (4 boxes for two fatigues) and Union naval capacity is six units (tracked).")
	case strings.HasPrefix(o, LRTAEventRawRecruits):
		ev.Recruits = tr.Values["union_manpower"]
		n := g.LRTARawRecruitsTimes() + 1
		say("Raw Recruits, its %s occurrence: the Union may add %d manpower in all to Union infantry units in resupply range (/recruits, now). Every two manpower (rounded up) given to Army of the Potomac units, or to Shen, RR, Kan and Res units, adds one AoP casualty for army demoralization only, never for VP.",
			Ordinal(n), ev.Recruits)
		if len(g.lreRecruitable()) == 0 {
			say("No Union infantry unit is on the map: nothing can be given.")
		}
	case o == LRTAEventHeat:
		say("Heat for the whole turn: every extended march roll is one higher (tracked).")
	default:
		say("%s: %s", tr.Name, tr.Effect)
	}
	evs = append(evs, ev)
	return append(evs, after...), nil
}

// lreIntelEffects says what the Enemy Intelligence winner gains (004).
func (g GameState) lreIntelEffects(ev *LRTARandomEvent, say func(string, ...any), multi bool) {
	win, lose, winOf, loseOf := "Confederates", "Union", "Confederates'", "Union's"
	if ev.Intel == USA {
		win, lose, winOf, loseOf = "Union", "Confederates", "Union's", "Confederates'"
	}
	switch ev.IntelForm {
	case string(CSA):
		say("The Confederates may have two initiative rolls of this turn rerolled (both dice; a reroll is never rerolled; tracked for the Action Cycle).")
	case LRTAIntelThreeCigars:
		say("Three Cigars: the Union adds one to all its initiative rolls this turn and the next three (turns %d-%d; tracked). It happens once a game.", ev.Turn, ev.Turn+lreThreeCigarsTurns-1)
	case LRTAIntelUnionCommon:
		say("Three Cigars is still running: no further initiative benefit.")
	default:
		say("The Union wins the initiative on rolls of 4-4, 5-5 and 6-6 this turn (tracked for the Action Cycle).")
	}
	say("The %s must declare Operational or Passive before the %s (tracked for 1e).", lose, win)
	say("The %s may examine the %s supply status sheet (/event show, for the %s only).", win, loseOf, win)
	if g.Options.LimitedIntel {
		say("Limited intelligence: the %s must remove every force marker, show the units under it and place none this turn (the umpire's to apply).", lose)
	}
	if multi {
		say("Multiplayer communication: the %s chance of intercepting communications rises this turn (LRTA 21; tracked).", winOf)
	}
	if ev.Intel == USA && g.Options.Objectives {
		say("Confederate Objectives: the Union adds three to its roll to discover the Confederate objective this turn (tracked for 2b).")
	}
}

// lreCasualtyEffects applies or tracks the Leader Casualties result (004).
func (g GameState) lreCasualtyEffects(ev *LRTARandomEvent, say func(string, ...any)) {
	next := fmt.Sprintf("turns %d-%d", ev.Turn, ev.Turn+1)
	switch ev.Casualty {
	case "lee-wrists":
		say("Lee breaks his wrists: the Lee bonus is ignored and the Confederates may make no grand assault, this turn and next (%s; tracked).", next)
	case "jackson-falls":
		say("Jackson falls off his horse: the Jackson bonus is ignored this turn and next (%s; tracked).", next)
	case "mcclellan-ill":
		say("McClellan falls ill: the Union may make no grand assault this turn and next (%s; tracked).", next)
	case "reno-killed":
		g.lreReplace(ev, say, "usa.reno", "Reno", "Cox", true, "Reno is killed: Cox replaces him at once")
	case "hatch-wounded":
		g.lreReplace(ev, say, "usa.hatch", "Hatch", "Doubleday", false, "Hatch is wounded: Doubleday replaces him at once, with Hatch's artillery value")
	}
}

// lreReplace takes a unit out and puts its replacement in its place (its
// hex, command and, for a division, manpower, fatigue and status): the
// replacement's own counter when the order of battle has one not in play
// (usa.cox-leader, usa.doubleday on its leader-casualty track, marked
// "replaces:<id>"), else a counter made for it. With the unit not in play
// (off the map on a track, or eliminated), nothing happens: the chart
// prints no alternative.
func (g GameState) lreReplace(ev *LRTARandomEvent, say func(string, ...any), id, name, by string, leader bool, what string) {
	out, ok := g.lreFind(USA, id, name)
	if !ok || out.Eliminated || !out.OnMap && out.Track != "" {
		say("%s: %s is not in play, so nothing happens (004 prints no alternative).", what, name)
		return
	}
	// The replacement's counter: the one marked "replaces:<id>" (the order
	// of battle's leader-casualty track), else one of that name not in play.
	var in UnitState
	found := false
	for _, pass := range []bool{true, false} {
		for _, k := range sortedIDs(g.Units) {
			u := g.Units[k]
			if found || u.Side != USA || u.OnMap || u.Eliminated {
				continue
			}
			if pass && contains(u.Marks, "replaces:"+out.ID) || !pass && strings.EqualFold(u.Name, by) && (!leader || u.Kind == "leader") {
				in, found = u, true
			}
		}
	}
	if !found {
		nid := "usa." + strings.ToLower(by)
		if _, taken := g.Units[nid]; taken {
			nid += "-ldr"
		}
		in = UnitState{ID: nid, Name: by, Side: USA, Kind: out.Kind}
	}
	keep := in
	in = out
	in.ID, in.Name, in.Marks = keep.ID, keep.Name, keep.Marks
	if leader {
		in.Kind, in.Manpower = "leader", 0
	}
	ev.Replaced, ev.Replacement = out.ID, &in
	say("%s (applied: the %s counter takes %s's place and command).", what, by, name)
}

// lreSupplyProblems settles Confederate Supply Problems (004 random event
// 7): one victual from every Confederate unit, a second from those north
// of the Potomac unless the Confederates have offered a Rest and Refit
// period; under Simplified Supply the army victuals marker drops by one
// (two without the offer). The victuals are recorded by the records
// module's supply events.
func (g GameState) lreSupplyProblems(state GameState, ev *LRTARandomEvent, m *Theatre, ctx StepContext) ([]Event, error) {
	say := func(format string, args ...any) { ev.Effects = append(ev.Effects, fmt.Sprintf(format, args...)) }
	offered := g.LRTARestRefitProposed()
	sizes := segSizes(ctx)
	var evs []Event
	adjust := func(cmd AdjustSupply) error {
		e, err := state.decideSupply(cmd)
		if err != nil {
			return err
		}
		evs = append(evs, e)
		state = state.Apply(e)
		return nil
	}
	if g.Options.Supply == "simplified" {
		n := 2
		if offered {
			n = 1
		}
		say("Simplified Supply: the Confederate army victuals marker drops by %d (applied; %s).", n, map[bool]string{true: "the Confederates have offered a Rest and Refit period", false: "no Rest and Refit period has been proposed"}[offered])
		return evs, adjust(AdjustSupply{By: ev.By, Side: CSA, Delta: -n, Reason: "Confederate Supply Problems (004 random event 7)", Sizes: sizes})
	}
	var all, north []string
	for _, u := range g.SupplyUnits(CSA, sizes) {
		if g.Victuals(u) > 0 {
			all = append(all, u.ID)
		}
	}
	if len(all) > 0 {
		if err := adjust(AdjustSupply{By: ev.By, Side: CSA, Delta: -1, Units: all, Reason: "Confederate Supply Problems: one victual from every Confederate unit (004 random event 7)", Sizes: sizes}); err != nil {
			return nil, err
		}
	}
	say("Every Confederate unit loses one victual (applied; each side sees its own sheet with /supply show).")
	if offered {
		say("The Confederates have offered a Rest and Refit period (7.3): no second victual is lost north of the Potomac.")
		return evs, nil
	}
	for _, u := range state.SupplyUnits(CSA, sizes) {
		if northOf(m, u) && state.Victuals(u) > 0 {
			north = append(north, u.ID)
		}
	}
	sort.Strings(north)
	if len(north) > 0 {
		if err := adjust(AdjustSupply{By: ev.By, Side: CSA, Delta: -1, Units: north, Reason: "Confederate Supply Problems: a second victual north of the Potomac, no Rest and Refit offered (004 random event 7)", Sizes: sizes}); err != nil {
			return nil, err
		}
	}
	say("No Rest and Refit period has been offered (7.3): Confederate units north of the Potomac lose a second victual (applied).")
	return evs, nil
}

// ---------------------------------------------------------------------------
// Raw Recruits: the Union's choice, which step 1d waits for.

// lrtaEventsWait names what step 1d waits for: the Union's Raw Recruits.
func lrtaEventsWait(g GameState) []string {
	if g.LRTARawRecruitsPending() > 0 {
		return []string{fmt.Sprintf("the Union's Raw Recruits: up to %d manpower to infantry in resupply range (/recruits manpower:<unit MP, ...> or manpower:none)", g.LRTARawRecruitsPending())}
	}
	return nil
}

// LRTARawRecruitsPending is the manpower this turn's Raw Recruits still
// offers the Union (0: none, given, declined, or no infantry to take it).
func (g GameState) LRTARawRecruitsPending() int {
	e := g.LRTAEvent()
	if e == nil || e.Recruits == 0 || g.lreRecruitsGiven(g.Turn) || len(g.lreRecruitable()) == 0 {
		return 0
	}
	return e.Recruits
}

func (g GameState) lreRecruitsGiven(turn int) bool {
	for _, r := range g.LRTAEvents.Recruits {
		if r.Turn == turn {
			return true
		}
	}
	return false
}

// lreRecruitable lists the Union infantry units on the map.
func (g GameState) lreRecruitable() []string {
	var out []string
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Side == USA && infantry(u) && u.OnMap && !u.Eliminated {
			out = append(out, id)
		}
	}
	return out
}

// lreResupply reports whether a unit is in resupply range by the last
// Supply Status Phase (this turn's or the last); known is false when none
// determined it.
func (g GameState) lreResupply(id string) (in, known bool) {
	if g.Segment.Turn != g.Turn && g.Segment.Turn != g.Turn-1 {
		return false, false
	}
	for _, s := range g.Segment.Status {
		if s.Unit == id {
			return s.InRange, s.Sure || s.InRange
		}
	}
	return false, false
}

// lreAoPOrAttachable reports whether Raw Recruits given to a unit count
// for army demoralization: Army of the Potomac / Virginia units and those
// that may attach to them (Shen, RR, Kan, Res), i.e. every Union unit but
// DC, Balt and PA (004 Raw Recruits; 004 Army Morale footnote).
func lreAoPOrAttachable(u UnitState) bool {
	for _, d := range []string{"DC", "Balt", "PA"} {
		if strings.EqualFold(u.Command, d) {
			return false
		}
	}
	return true
}

func (g GameState) decideRecruits(cmd GiveRawRecruits) (Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	p := g.Player(cmd.By.ID)
	if !umpire && (p == nil || p.Side != USA) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "recruits.side", What: "Only the Union gives Raw Recruits", Rule: lreRule}
	}
	// "The Union may add" the total to any Union infantry: one decision
	// for the side, its overall commander's (as the declaration, LRTG 4.1),
	// whoever commands the units.
	overall := umpire || p.Overall
	if !overall {
		hint := ""
		if o := g.overallOf(USA); o != nil {
			hint = "Ask " + o.Actor.Name
		}
		return nil, &RuleError{Kind: ErrIllegal, Code: "recruits.overall", What: "Only the Union's overall commander gives Raw Recruits", Hint: hint, Rule: lreRule}
	}
	if g.Game() != LRTA || g.CurrentStep() != lreStep {
		return nil, &RuleError{Kind: ErrIllegal, Code: "recruits.step", What: fmt.Sprintf("Raw Recruits are given in LRTA's Random Events step (1d); the game is at %q", g.CurrentStep()),
			Hint: "/phase show says where the turn is", Rule: lreRule}
	}
	e := g.LRTAEvent()
	if e == nil || e.Recruits == 0 {
		return nil, &RuleError{Kind: ErrIllegal, Code: "recruits.none", What: "This turn's random event is not Raw Recruits", Hint: "/event show says this turn's random event", Rule: lreRule}
	}
	if g.lreRecruitsGiven(g.Turn) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "recruits.given", What: "This turn's Raw Recruits have already been given", Hint: "The umpire may undo it with /game undo", Rule: lreRule}
	}
	ids := make([]string, 0, len(cmd.Manpower))
	total := 0
	for id, n := range cmd.Manpower {
		ids = append(ids, id)
		total += n
	}
	sort.Strings(ids)
	if total > e.Recruits {
		return nil, &RuleError{Kind: ErrIllegal, Code: "recruits.total", What: fmt.Sprintf("%d manpower asked; this Raw Recruits gives %d in all", total, e.Recruits),
			Hint: "Give at most the total, e.g. manpower:\"King 3, Ricketts 2\"", Rule: lreRule}
	}
	reason := strings.TrimSpace(cmd.Reason)
	ev := &LRTARecruitsAdded{By: cmd.By, Turn: g.Turn}
	out, unknown := 0, 0
	for _, id := range ids {
		n := cmd.Manpower[id]
		u, err := g.unit(id)
		if err != nil {
			return nil, err
		}
		if u.Side != USA {
			return nil, Invalid("unit.unknown", fmt.Sprintf("There is no Union unit %q", id), "/oob lists your side's units")
		}
		switch {
		case n < 1:
			return nil, Invalid("recruits.manpower", fmt.Sprintf("%s: %d manpower; give 1 or more", u.Name, n), "manpower:\"King 3, Ricketts 5\"")
		case !infantry(u):
			return nil, &RuleError{Kind: ErrIllegal, Code: "recruits.unit", What: u.Name + " is not an infantry unit", Hint: "Raw Recruits go to infantry units only", Rule: lreRule}
		case !u.OnMap || u.Eliminated:
			return nil, Illegal("recruits.unit", u.Name+" is not on the map", "")
		}
		switch in, known := g.lreResupply(id); {
		case !known:
			unknown++
		case !in && (!umpire || reason == ""):
			return nil, &RuleError{Kind: ErrIllegal, Code: "recruits.range", What: u.Name + " was out of resupply range at the last Supply Status Phase",
				Hint: "Raw Recruits go to units in resupply range; the umpire may rule otherwise with reason:<why>", Rule: lreRule}
		case !in:
			out++
		}
		ev.Gains = append(ev.Gains, ManpowerGain{Unit: id, From: u.Manpower, To: u.Manpower + n})
		if lreAoPOrAttachable(u) {
			ev.AoP += n
		}
	}
	ev.Casualties = (ev.AoP + 1) / 2
	if out > 0 {
		ev.Overruled = fmt.Sprintf("%d units out of resupply range at the last Supply Status Phase", out)
	}
	if unknown > 0 {
		ev.Unchecked = append(ev.Unchecked, fmt.Sprintf("that %d units no Supply Status Phase has judged yet are in resupply range", unknown))
	}
	return ev, nil
}
