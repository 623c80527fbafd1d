package engine

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Long Roads to Antietam (004): the armies' reorganizations.
//
//   - Step 1r, the CSA Rest and Refit Proposal (004 Sequence of Play 1 e),
//     "see 7.3"): the Confederate overall commander proposes a Rest and
//     Refit period (once a game) or passes; the Union answers it, accepting
//     or not. The proposal starts the Confederate Reorganization (004
//     (1)-(7): the HCR counters of the rest-refit track replace their SJW
//     counters, D.H. Hill joins the corps the Confederates choose, Funk is
//     placed in Front Royal or Winchester, brigades may be broken up) and
//     the answer the Union Cavalry Exhaustion (the brigades break into 1-MP
//     regiments, two or five of which are sent to the DC defense area for
//     good, and the Pleasonton division leader joins the rest). Both states
//     choose the extended march rows (lrta.extended-march-csa/-usa), which
//     lrta_move.go reads through LRTARestRefitProposed and
//     LRTARestRefitAnswer (and LRTAMcClellan).
//   - Step 3b, Union Army Reorganization (004 3, "see 17.0"): from Sept 2,
//     or once the Confederates have proposed a Rest and Refit, the Union may
//     begin it: McClellan assumes command (every step of 004's chart). From
//     then on the Union rolls one die per corps it chooses in step 3b
//     (lrta.union-army-reorganization, 6 or more), and a reorganized corps
//     takes the counters of the Union Corps Reorganization chart.
//
// The LRTA rule book (7.3, 17.0) is not among the seeds. Where the charts
// leave a point open this file reads them as follows (the data's header,
// scenarios/rules/lrta-army.yaml, and the report say the same):
//
//   - The proposal is made once a game, in step 1r, and is public: the Union
//     must answer it, and its answer (public too) picks the Union's extended
//     march row and the regiments sent to DC. The period starts with the
//     proposal, whatever the answer (both answers have effects on the
//     charts); its end is not printed: the umpire records it (/restrefit
//     end) when the group's rule book ends it, for the "must" below.
//   - "Union Army Reorganization ... may occur" is the Union's choice to
//     begin it, which is McClellan assuming command; it "must occur" when
//     the Union army has panicked, from Sept 2 or the end of the Rest and
//     Refit (then step 3b makes McClellan assume command by itself). The
//     corps rolls come after, each turn in step 3b, for the corps the Union
//     chooses ("+1 for each time the corps has previously attempted"
//     implies attempts are chosen); McClellan's +1 goes to one corps a turn
//     (the Union names it when several corps commanders share his hex).
//   - Counters that replace others take their place and status, and their
//     manpower ("units replacing other units should be given the same
//     status", LRTG 16.2's note, followed here as the LRTG rule of the same
//     kind); Hatch and Ricketts-A then lose 3 MP, Meade comes with 9.
//   - A brigade breaks into as many regiments as it has manpower, at most
//     the regiments 004 lists for it (what is beyond them is lost).
//
// The order of battle (scenarios/oob/lrta-*.yaml) carries the counters on
// the tracks rest-refit, mcclellan, union-reorganization (slot = the
// corps in 004's order) and cavalry-exhaustion (slot = the brigade; slot 5
// the Pleasonton leader), a replacing counter with the mark
// "replaces:<id>". The code reads those tracks; the ids it names itself
// are listed below.

// Step ids (scenarios/sequence/lrta-sequence.yaml, choices A1 and A3).
const (
	RestRefitStep      = "1r"
	ReorganizationStep = "3b"
)

// Rest and Refit answers.
const (
	RestRefitAccepted = "accepted"
	RestRefitDeclined = "declined"
)

// Tables and places the module uses.
const (
	LRTAReorganizationTable = "lrta.union-army-reorganization"
	lrtaCapitol             = "US Capitol"
	lrtaDCArea              = "dc-defense-area"
	lrtaConsolidateRange    = 8 // 004 Confederate Reorganization (6): "within 8 hexes"
	lrtaReorganizedOn       = 6 // 004: "6 or higher corps is reorganized"
	lrtaHatchLoss           = 3 // 004 Union Corp Reorganization: "Subtract 3 MP from Hatch and 3 MP from Ricketts"
)

// The tracks of the order of battle this module reads.
const (
	trackRestRefit      = "rest-refit"
	trackMcClellan      = "mcclellan"
	trackUnionReorg     = "union-reorganization"
	trackCavExhaustion  = "cavalry-exhaustion"
	replacesMarkPrefix  = "replaces:"
	lrtaReynoldsPAID    = "usa.reynolds-pa"
	lrtaReynoldsPATrack = "pa-militia"
)

// Unit ids 004 names (scenarios/oob/lrta-csa.yaml, lrta-usa.yaml).
const (
	lrtaLongstreet = "csa.longstreet"
	lrtaJackson    = "csa.jackson"
	lrtaDHHill     = "csa.dh-hill"
	lrtaFunk       = "csa.funk"
	lrtaPope       = "usa.pope"
	lrtaMcClellan  = "usa.mcclellan"
	lrtaFrench     = "usa.french"
	lrtaHatch      = "usa.hatch"
	lrtaRicketts   = "usa.ricketts-a"
)

// lrtaConsolidateDivisions are the division units 004 (6) lets the
// Confederates break up besides any infantry brigade.
var lrtaConsolidateDivisions = []string{"csa.kemper", "csa.wilcox", "csa.ripley"}

// LRTACorps is a Union infantry corps and what the Union Corps
// Reorganization (004) makes of it.
type LRTACorps struct {
	Corps   string // its designation before (as the order of battle prints it)
	Becomes string // after
	AoV     bool   // a corps of the Army of Virginia (-1 to its roll)
	Slot    int    // its counters' slot on the union-reorganization track (0: none)
	What    string // 004's line
}

// LRTAUnionCorps are the Union infantry corps, in 004's order, then the
// two Army of the Potomac corps 004 does not list (their reorganization
// changes no counter: their SJW and HCR counters are the same in play,
// lrta-usa.yaml choice U6).
var LRTAUnionCorps = []LRTACorps{
	{"I", "XI-AP", true, 1, "The I Corps (AoV) becomes the XI Corps (AoP); Stahel replaces Schenck"},
	{"II", "XII-AP", true, 2, "The II Corps (AoV) becomes the XII Corps (AoP): its units and leaders give way to their XII Corps counterparts; Mansfield replaces Banks"},
	{"III", "I-AP", true, 3, "The III Corps (AoV) becomes the I Corps (AoP): Hooker replaces McDowell, Hatch replaces King and Ricketts-A Ricketts, each less 3 MP; Meade (9 MP) is placed with Hooker"},
	{"IX", "IX-AP", true, 4, "The IX Corps (AoV) becomes the IX Corps (AoP): Willcox-A replaces Stevens, Rodman Fairchild, Cox Harland and Sturgis Ferrero"},
	{"III-AP", "III-AP", false, 5, "III Corps (AoP): Stoneman replaces Kearny and Sickles Hooker"},
	{"V-AP", "V-AP", false, 6, "V Corps (AoP): Humphreys replaces Reynolds; Reynolds joins the PA militia (tactical 0, command 2)"},
	{"II-AP", "II-AP", false, 0, "II Corps (AoP): its SJW counters give way to the same HCR counters"},
	{"VI-AP", "VI-AP", false, 0, "VI Corps (AoP): its SJW counters give way to the same HCR counters"},
}

// lrtaCorpsOf returns the corps with the designation (before or after its
// reorganization), or nil.
func lrtaCorpsOf(d string) *LRTACorps {
	for i := range LRTAUnionCorps {
		if strings.EqualFold(LRTAUnionCorps[i].Corps, d) {
			return &LRTAUnionCorps[i]
		}
	}
	for i := range LRTAUnionCorps {
		if strings.EqualFold(LRTAUnionCorps[i].Becomes, d) {
			return &LRTAUnionCorps[i]
		}
	}
	return nil
}

// LRTAArmyState is the game's state of this module. It is folded from
// events; never written in place.
type LRTAArmyState struct {
	// The Confederate Rest and Refit (004 1 e), 7.3).
	Proposed     bool   `json:"proposed,omitempty"`
	ProposedTurn int    `json:"proposed_turn,omitempty"`
	Passed       []int  `json:"passed,omitempty"` // turns the CSA did not propose
	Answer       string `json:"answer,omitempty"` // accepted, declined ("" not yet)
	DHHill       string `json:"dh_hill,omitempty"`
	Funk         string `json:"funk,omitempty"`
	// Consolidated are the units the Confederates broke up (004 (6)).
	Consolidated []string `json:"consolidated,omitempty"`
	Done         bool     `json:"done,omitempty"` // the CSA's reorganization is finished
	EndedTurn    int      `json:"ended_turn,omitempty"`
	// The Union Cavalry Exhaustion: the regiments held in DC for good, and
	// the unit the Pleasonton division leader joined.
	DCRegiments []string `json:"dc_regiments,omitempty"`
	Pleasonton  bool     `json:"pleasonton,omitempty"`
	// McClellan assumes command.
	McClellan       bool  `json:"mcclellan,omitempty"`
	McClellanTurn   int   `json:"mcclellan_turn,omitempty"`
	McClellanLosses int   `json:"mcclellan_losses,omitempty"` // the AoP/AoV combat losses then
	Deferred        []int `json:"deferred,omitempty"`         // turns the Union did not begin
	// The corps rolls: attempts so far, the corps reorganized (by their
	// designation before) with the turn, the turns the Union rolled.
	Attempts    map[string]int `json:"attempts,omitempty"`
	Reorganized map[string]int `json:"reorganized,omitempty"`
	Rolled      []int          `json:"rolled,omitempty"`
	// Replaced maps each unit a reorganization took out of play to its
	// replacement ("" when it was simply removed).
	Replaced map[string]string `json:"replaced,omitempty"`
}

// ---------------------------------------------------------------------------
// Queries for the other modules.

// LRTARestRefitProposed reports whether the Confederates have proposed a
// Rest and Refit period (004 extended march chart; Confederate Supply
// Problems).
func (g GameState) LRTARestRefitProposed() bool { return g.LRTAArmy.Proposed }

// LRTARestRefitAnswer is the Union's answer to the proposal: accepted,
// declined, or "" (no proposal, or not answered yet).
func (g GameState) LRTARestRefitAnswer() string { return g.LRTAArmy.Answer }

// LRTARestRefitEnded reports whether the umpire has recorded the end of
// the Rest and Refit period.
func (g GameState) LRTARestRefitEnded() bool { return g.LRTAArmy.EndedTurn > 0 }

// LRTAMcClellan reports whether McClellan has assumed command (Pope no
// longer commands: 004 Army Morale j), the random events' treat-insteads,
// Union command paralysis, forage, extended march, attachment).
func (g GameState) LRTAMcClellan() bool { return g.LRTAArmy.McClellan }

// LRTAMcClellanTurn is the turn McClellan assumed command (0: not yet).
func (g GameState) LRTAMcClellanTurn() int { return g.LRTAArmy.McClellanTurn }

// LRTAUnionLossesAtMcClellan is the Army of the Potomac / Virginia combat
// losses counted when McClellan assumed command: 004 halves "existing
// losses" then (Army Morale footnote **).
func (g GameState) LRTAUnionLossesAtMcClellan() int { return g.LRTAArmy.McClellanLosses }

// LRTAMoraleCasualtiesHalved reports whether casualty effects on Union
// morale are halved (004 McClellan assumes command, last step).
func (g GameState) LRTAMoraleCasualtiesHalved() bool { return g.LRTAArmy.McClellan }

// LRTAUnionParalysis returns the Union command paralysis penalties to the
// movement allowance of infantry and cavalry: doubled while Pope commands
// (-2 / -4), -1 / -2 once McClellan has (004 Command Paralysis; McClellan
// assumes command 5)).
func (g GameState) LRTAUnionParalysis() (infantry, cavalry int) {
	if g.LRTAArmy.McClellan {
		return 1, 2
	}
	return 2, 4
}

// LRTAUnionForageBonus is the number of boxes McClellan adds to every
// Union forage table (004 McClellan assumes command 6): one, seven at most.
func (g GameState) LRTAUnionForageBonus() int { return b2i(g.LRTAArmy.McClellan) }

// LRTAPleasonton reports whether the Pleasonton cavalry division leader is
// in play (004 Union Cavalry Exhaustion 3): he activates any Union cavalry,
// three units an activation, +1 to their movement).
func (g GameState) LRTAPleasonton() bool { return g.LRTAArmy.Pleasonton }

// LRTAReorganizationOpen reports whether the Union Army Reorganization may
// occur this turn: from Sept 2, or once the Confederates have proposed a
// Rest and Refit (004).
func (g GameState) LRTAReorganizationOpen() bool {
	return g.LRTAArmy.Proposed || g.lrtaFromSept2()
}

func (g GameState) lrtaFromSept2() bool {
	day, ok := g.TurnDate(g.Turn)
	return ok && !day.Before(time.Date(1862, time.September, 2, 0, 0, 0, 0, time.UTC))
}

// LRTAReorganized reports whether a Union corps has reorganized (004 Union
// Army Reorganization), by its designation before or after (I or XI-AP).
func (g GameState) LRTAReorganized(corps string) bool {
	c := lrtaCorpsOf(corps)
	if c == nil {
		return false
	}
	_, ok := g.LRTAArmy.Reorganized[c.Corps]
	return ok
}

// LRTAReorganizationParalysis reports whether a Union unit suffers the
// command paralysis of the Union Army Reorganization: once McClellan has
// assumed command, every Union unit except those of reorganized corps (004
// McClellan assumes command 5)). A Command Paralysis random event does not
// add to it (004 Random Events note); the random events module applies
// that.
func (g GameState) LRTAReorganizationParalysis(u UnitState) bool {
	if !g.LRTAArmy.McClellan || u.Side != USA {
		return false
	}
	return !g.LRTAReorganized(u.Command)
}

// LRTACorpsStatus is a Union corps' reorganization as the game stands.
type LRTACorpsStatus struct {
	LRTACorps
	InPlay      bool // it has a unit on the map (a corps still to arrive does not roll)
	Attempts    int
	Reorganized int // the turn it reorganized (0: not yet)
}

// LRTACorpsStatuses lists the Union corps, in 004's order.
func (g GameState) LRTACorpsStatuses() []LRTACorpsStatus {
	var out []LRTACorpsStatus
	for _, c := range LRTAUnionCorps {
		s := LRTACorpsStatus{LRTACorps: c, Attempts: g.LRTAArmy.Attempts[c.Corps], Reorganized: g.LRTAArmy.Reorganized[c.Corps]}
		d := c.Corps
		if s.Reorganized > 0 {
			d = c.Becomes
		}
		for _, u := range g.Units {
			if u.Side == USA && !u.Eliminated && u.OnMap && strings.EqualFold(u.Command, d) {
				s.InPlay = true
				break
			}
		}
		out = append(out, s)
	}
	return out
}

// lrtaUnreorganized are the corps still to reorganize that have a unit on
// the map.
func (g GameState) lrtaUnreorganized() []string {
	var out []string
	for _, s := range g.LRTACorpsStatuses() {
		if s.Reorganized == 0 && s.InPlay {
			out = append(out, s.Corps)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// Commands.

type (
	// ProposeRestRefit is the Confederate proposal of a Rest and Refit
	// period (step 1r), with the choices the Confederate Reorganization asks
	// then: the corps D.H. Hill joins (L or J; 004 (5)) and where Funk is
	// placed (Front Royal or Winchester; 004 (7)).
	ProposeRestRefit struct {
		By     Actor
		DHHill string
		Funk   string
		Reason string // the umpire's, when he acts for the Confederates
		Data   *MoveData
	}
	// PassRestRefit is the Confederates' choice not to propose this turn.
	PassRestRefit struct {
		By     Actor
		Reason string
	}
	// AnswerRestRefit is the Union's answer, with its choices for the
	// Union Cavalry Exhaustion: the regiments sent to the DC defense area
	// (ids or names; none: the nearest) and the unit the Pleasonton leader
	// joins ("": the first regiment left on the map).
	AnswerRestRefit struct {
		By         Actor
		Accept     bool
		DC         []string
		Pleasonton string
		Reason     string
		Data       *MoveData
	}
	// ConsolidateUnit breaks up a Confederate infantry brigade (or the
	// Kemper, Wilcox or Ripley division unit) and shares its manpower among
	// Confederate units within 8 hexes (004 (6)).
	ConsolidateUnit struct {
		By     Actor
		Unit   string
		Into   []ManpowerShare
		Reason string
		Data   *MoveData
	}
	// FinishRestRefit says the Confederates have finished their
	// reorganization (no more brigades to break up).
	FinishRestRefit struct {
		By     Actor
		Reason string
	}
	// EndRestRefit is the umpire's record that the Rest and Refit period
	// has ended (the rule book's 7.3, not in the seeds).
	EndRestRefit struct {
		By     Actor
		Reason string
	}
	// DecideReorganization is the Union's choice in step 3b, before
	// McClellan commands: Begin (McClellan assumes command now) or not this
	// turn. Overall names the Union player who becomes the overall
	// commander (the multiplayer rules; "" keeps him).
	DecideReorganization struct {
		By      Actor
		Begin   bool
		Overall string
		Reason  string
		Data    *MoveData
	}
	// RollReorganization rolls for the corps the Union names in step 3b
	// (none: no attempt this turn). WithMcClellan names the corps whose
	// commander takes McClellan's +1 when several share his hex.
	RollReorganization struct {
		By            Actor
		Corps         []string
		WithMcClellan string
		Reason        string
		Table         *Table
		Data          *MoveData
	}
)

// ManpowerShare is manpower given to a unit.
type ManpowerShare struct {
	Unit     string `json:"unit"`
	Manpower int    `json:"manpower"`
}

// CommandName implements Command.
func (ProposeRestRefit) CommandName() string { return "restrefit propose" }

// CommandName implements Command.
func (PassRestRefit) CommandName() string { return "restrefit pass" }

// CommandName implements Command.
func (AnswerRestRefit) CommandName() string { return "restrefit answer" }

// CommandName implements Command.
func (ConsolidateUnit) CommandName() string { return "restrefit consolidate" }

// CommandName implements Command.
func (FinishRestRefit) CommandName() string { return "restrefit done" }

// CommandName implements Command.
func (EndRestRefit) CommandName() string { return "restrefit end" }

// CommandName implements Command.
func (DecideReorganization) CommandName() string { return "reorganize begin" }

// CommandName implements Command.
func (RollReorganization) CommandName() string { return "reorganize roll" }

// ---------------------------------------------------------------------------
// Events.

// Event types of this module.
const (
	EventRestRefitProposed       = "lrta.restrefit.proposed"
	EventRestRefitPassed         = "lrta.restrefit.passed"
	EventConfederateReorganized  = "lrta.csa.reorganized"
	EventRestRefitAnswered       = "lrta.restrefit.answered"
	EventUnionCavalryExhausted   = "lrta.cavalry.exhausted"
	EventUnitConsolidated        = "lrta.csa.consolidated"
	EventRestRefitDone           = "lrta.restrefit.done"
	EventRestRefitEnded          = "lrta.restrefit.ended"
	EventReorganizationDeferred  = "lrta.reorganization.deferred"
	EventMcClellanAssumed        = "lrta.mcclellan.assumed"
	EventReorganizationAttempts  = "lrta.reorganization.attempts"
	EventCorpsReorganizationRoll = "lrta.reorganization.rolled"
	EventUnionCorpsReorganized   = "lrta.corps.reorganized"
)

// RestRefitProposed records the Confederate proposal (a board action:
// the umpire's undo takes it back with the reorganization it starts).
type RestRefitProposed struct {
	By     Actor  `json:"by"`
	Turn   int    `json:"turn"`
	DHHill string `json:"dh_hill,omitempty"` // the corps D.H. Hill joins (L or J)
	Funk   string `json:"funk,omitempty"`    // the place Funk is placed in
	Reason string `json:"reason,omitempty"`
}

// RestRefitPassed records that the Confederates did not propose this turn.
type RestRefitPassed struct {
	By     Actor  `json:"by"`
	Turn   int    `json:"turn"`
	Reason string `json:"reason,omitempty"`
}

// ConfederateReorganized records the Confederate Reorganization's changes
// to the order of battle (004 (1)-(5), (7)), in order; it completes the
// proposal before it.
type ConfederateReorganized struct {
	Turn    int           `json:"turn"`
	Changes []MeadeChange `json:"changes"`
}

// RestRefitAnswered records the Union's answer (a board action).
type RestRefitAnswered struct {
	By       Actor  `json:"by"`
	Turn     int    `json:"turn"`
	Accepted bool   `json:"accepted"`
	Reason   string `json:"reason,omitempty"`
}

// UnionCavalryExhausted records the Union Cavalry Exhaustion (004 1)-3));
// it completes the answer before it.
type UnionCavalryExhausted struct {
	Turn       int           `json:"turn"`
	Changes    []MeadeChange `json:"changes"`
	DC         []string      `json:"dc,omitempty"`         // the regiments held in DC for good
	Pleasonton string        `json:"pleasonton,omitempty"` // the unit the division leader joined
}

// UnitConsolidated records a Confederate unit broken up and its manpower
// shared (004 (6)); a board action.
type UnitConsolidated struct {
	By     Actor           `json:"by"`
	Turn   int             `json:"turn"`
	Unit   string          `json:"unit"`
	Shares []ManpowerShare `json:"shares"`
	Reason string          `json:"reason,omitempty"`
}

// RestRefitDone records that the Confederates have finished.
type RestRefitDone struct {
	By   Actor `json:"by"`
	Turn int   `json:"turn"`
}

// RestRefitEnded records the umpire's ruling that the period has ended.
type RestRefitEnded struct {
	By     Actor  `json:"by"`
	Turn   int    `json:"turn"`
	Reason string `json:"reason"`
}

// ReorganizationDeferred records the Union's choice not to begin the Army
// Reorganization this turn.
type ReorganizationDeferred struct {
	By     Actor  `json:"by"`
	Turn   int    `json:"turn"`
	Reason string `json:"reason,omitempty"`
}

// McClellanAssumed records McClellan assuming command with every change
// 004's chart makes to the order of battle (a board action when the Union
// begins it; step 3b's own when it must occur).
type McClellanAssumed struct {
	By      Actor          `json:"by"`
	Turn    int            `json:"turn"`
	Must    string         `json:"must,omitempty"` // why it had to occur (the procedure's)
	Changes []MeadeChange  `json:"changes"`
	Overall *OverallChange `json:"overall,omitempty"`
	Losses  int            `json:"losses"` // AoP/AoV combat losses then (halved for morale)
	Reason  string         `json:"reason,omitempty"`
}

// ReorganizationAttempts records the corps the Union rolls for this turn
// (none: no attempt); the rolls follow.
type ReorganizationAttempts struct {
	By            Actor    `json:"by"`
	Turn          int      `json:"turn"`
	Corps         []string `json:"corps,omitempty"`
	WithMcClellan string   `json:"with_mcclellan,omitempty"`
	Reason        string   `json:"reason,omitempty"`
}

// CorpsReorganizationRolled records one corps' roll (the game roll is the
// TableRolled before it).
type CorpsReorganizationRolled struct {
	Turn        int    `json:"turn"`
	Corps       string `json:"corps"`
	Roll        int64  `json:"roll"`
	Total       int    `json:"total"`
	Reorganized bool   `json:"reorganized"`
}

// UnionCorpsReorganized records a corps' Union Corps Reorganization (004)
// after its successful roll.
type UnionCorpsReorganized struct {
	Turn    int           `json:"turn"`
	Corps   string        `json:"corps"`
	Becomes string        `json:"becomes"`
	Changes []MeadeChange `json:"changes"`
}

// EventType implements Event.
func (*RestRefitProposed) EventType() string { return EventRestRefitProposed }

// EventType implements Event.
func (*RestRefitPassed) EventType() string { return EventRestRefitPassed }

// EventType implements Event.
func (*ConfederateReorganized) EventType() string { return EventConfederateReorganized }

// EventType implements Event.
func (*RestRefitAnswered) EventType() string { return EventRestRefitAnswered }

// EventType implements Event.
func (*UnionCavalryExhausted) EventType() string { return EventUnionCavalryExhausted }

// EventType implements Event.
func (*UnitConsolidated) EventType() string { return EventUnitConsolidated }

// EventType implements Event.
func (*RestRefitDone) EventType() string { return EventRestRefitDone }

// EventType implements Event.
func (*RestRefitEnded) EventType() string { return EventRestRefitEnded }

// EventType implements Event.
func (*ReorganizationDeferred) EventType() string { return EventReorganizationDeferred }

// EventType implements Event.
func (*McClellanAssumed) EventType() string { return EventMcClellanAssumed }

// EventType implements Event.
func (*ReorganizationAttempts) EventType() string { return EventReorganizationAttempts }

// EventType implements Event.
func (*CorpsReorganizationRolled) EventType() string { return EventCorpsReorganizationRoll }

// EventType implements Event.
func (*UnionCorpsReorganized) EventType() string { return EventUnionCorpsReorganized }

// The reorganizations complete the action before them: the umpire's undo
// takes both back together.
func (*ConfederateReorganized) partOfAction() {}
func (*UnionCavalryExhausted) partOfAction()  {}

// lrtaArmyModule is LRTA's Rest and Refit and Union reorganization.
func lrtaArmyModule() Module {
	return Module{Name: "lrta-army",
		Commands: []Command{ProposeRestRefit{}, PassRestRefit{}, AnswerRestRefit{}, ConsolidateUnit{}, FinishRestRefit{}, EndRestRefit{}, DecideReorganization{}, RollReorganization{}}, Decide: claims(decideLRTAArmy),
		Events: []Event{&RestRefitProposed{}, &RestRefitPassed{}, &ConfederateReorganized{}, &RestRefitAnswered{}, &UnionCavalryExhausted{}, &UnitConsolidated{}, &RestRefitDone{}, &RestRefitEnded{}, &ReorganizationDeferred{}, &McClellanAssumed{}, &ReorganizationAttempts{}, &CorpsReorganizationRolled{}, &UnionCorpsReorganized{}},
		Apply:  folds(applyLRTAArmy)}
}

func decideLRTAArmy(g GameState, cmd Command, d Dice) ([]Event, bool, error) {
	var evs []Event
	var err error
	switch c := cmd.(type) {
	case ProposeRestRefit:
		evs, err = g.lrtaDecidePropose(c)
	case PassRestRefit:
		evs, err = g.lrtaDecidePass(c)
	case AnswerRestRefit:
		evs, err = g.lrtaDecideAnswer(c)
	case ConsolidateUnit:
		evs, err = g.lrtaDecideConsolidate(c)
	case FinishRestRefit:
		evs, err = g.lrtaDecideFinish(c)
	case EndRestRefit:
		evs, err = g.lrtaDecideEnd(c)
	case DecideReorganization:
		evs, err = g.lrtaDecideBegin(c)
	case RollReorganization:
		evs, err = g.lrtaDecideRolls(c, d)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

// ---------------------------------------------------------------------------
// Who may decide.

// lrtaSideDecision checks that the actor may make a side's decision: its
// overall commander, or the umpire with a reason (as for the operational /
// passive declaration, LRTG 4.1).
func (g GameState) lrtaSideDecision(by Actor, side Side, reason, what string) error {
	if err := g.BoardReady(by); err != nil {
		return err
	}
	if g.Game() != LRTA {
		return Illegal("lrta.game", what+" is a rule of Long Roads to Antietam (004)", "This game plays "+strings.ToUpper(string(g.Game())))
	}
	p := g.Player(by.ID)
	switch {
	case g.IsUmpire(by) && (p == nil || p.Side != side):
		if strings.TrimSpace(reason) == "" {
			return Invalid("lrta.reason", fmt.Sprintf("The umpire acts for the %s only with a reason", declSide(side)), "Add reason:<why>, e.g. the player is absent")
		}
		return nil
	case p == nil:
		return Illegal("lrta.player", "Only the game's players decide this", "Join the game with /game join")
	case p.Side != side:
		return Illegal("lrta.side", fmt.Sprintf("%s is the %s's to decide", what, declSide(side)), "")
	case !p.Overall:
		over := "its overall commander"
		for _, q := range g.Players {
			if q.Side == p.Side && q.Overall {
				over = q.Actor.Name
			}
		}
		return &RuleError{Kind: ErrIllegal, Code: "lrta.overall", What: fmt.Sprintf("Only the %s's overall commander decides this", declSide(side)), Hint: "Ask " + over}
	}
	return nil
}

// lrtaAtStep refuses a decision outside its step; the umpire may make it
// at any time.
func (g GameState) lrtaAtStep(by Actor, step, what, rule string) error {
	if cur := g.CurrentStep(); cur != step && !g.IsUmpire(by) {
		if cur == "" {
			cur = "none (the turn has not begun)"
		}
		return &RuleError{Kind: ErrIllegal, Code: "lrta.step", What: fmt.Sprintf("%s happens in step %s; the game is at step %s", what, step, cur),
			Hint: "Wait for the umpire to begin it (/phase show says where the turn is)", Rule: rule}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Step 1r: the Rest and Refit proposal and the Confederate Reorganization.

func (g GameState) lrtaDecidePropose(cmd ProposeRestRefit) ([]Event, error) {
	if err := g.lrtaSideDecision(cmd.By, CSA, cmd.Reason, "The Rest and Refit proposal"); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, RestRefitStep, "The Rest and Refit proposal", "004 1 e); LRTA 7.3"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	if a.Proposed {
		return nil, Illegal("restrefit.proposed", fmt.Sprintf("The Confederates proposed their Rest and Refit period on turn %d", a.ProposedTurn), "It is proposed once a game")
	}
	if slices.Contains(a.Passed, g.Turn) && !g.IsUmpire(cmd.By) {
		return nil, Illegal("restrefit.passed", "The Confederates have already passed this turn", "Propose in a later turn's step 1r")
	}
	ev := &RestRefitProposed{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}
	if u, ok := g.Units[lrtaDHHill]; ok && !u.Eliminated {
		corps, err := g.lrtaDHHillCorps(cmd.DHHill)
		if err != nil {
			return nil, err
		}
		ev.DHHill = corps
	}
	if u, ok := g.Units[lrtaFunk]; ok && !u.Eliminated && !u.OnMap {
		place, err := lrtaFunkPlace(cmd.Funk)
		if err != nil {
			return nil, err
		}
		ev.Funk = place
	}
	reorg, err := g.Apply(ev).lrtaConfederateReorganization(ev, cmd.Data)
	if err != nil {
		return nil, err
	}
	return []Event{ev, reorg}, nil
}

// lrtaDHHillCorps reads the corps D.H. Hill joins: Longstreet's or
// Jackson's, by their leaders' designation (L, J).
func (g GameState) lrtaDHHillCorps(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	var leader string
	switch s {
	case "l", "longstreet":
		leader = lrtaLongstreet
	case "j", "jackson":
		leader = lrtaJackson
	default:
		return "", Invalid("restrefit.dh_hill", fmt.Sprintf("D.H. Hill joins Longstreet's or Jackson's corps, not %q", s),
			"Add dh_hill:longstreet or dh_hill:jackson (004 Confederate Reorganization (5))")
	}
	if u, ok := g.Units[leader]; ok && u.Command != "" {
		return u.Command, nil
	}
	return strings.ToUpper(s[:1]), nil
}

// lrtaFunkPlace reads where Funk is placed (004 (7)).
func lrtaFunkPlace(s string) (string, error) {
	switch strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), " ")) {
	case "front royal":
		return "Front Royal", nil
	case "winchester":
		return "Winchester", nil
	}
	return "", Invalid("restrefit.funk", fmt.Sprintf("Funk is placed in Front Royal or Winchester, not %q", s), "Add funk:front-royal or funk:winchester (004 Confederate Reorganization (7))")
}

// lrtaTrackUnits returns the units waiting on a track, by slot, then in
// the order of battle's order (004 prints the regiments a brigade breaks
// into in order: "1st NY then 6th PA then 3rd PA"), then by id.
func (g GameState) lrtaTrackUnits(track string, oob *OrderOfBattle) []UnitState {
	var out []UnitState
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Track == track && !u.OnMap && !u.Eliminated {
			out = append(out, u)
		}
	}
	index := map[string]int{}
	if oob != nil {
		for i, u := range oob.Units {
			index[u.ID] = i + 1
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Slot != out[j].Slot {
			return out[i].Slot < out[j].Slot
		}
		return index[out[i].ID] < index[out[j].ID]
	})
	return out
}

func lrtaOOB(d *MoveData) *OrderOfBattle {
	if d == nil {
		return nil
	}
	return d.OOB
}

// lrtaReplacesOf returns the unit a counter replaces (its replaces: mark).
func lrtaReplacesOf(u UnitState) string {
	for _, m := range u.Marks {
		if strings.HasPrefix(m, replacesMarkPrefix) {
			return strings.TrimPrefix(m, replacesMarkPrefix)
		}
	}
	return ""
}

// lrtaWithoutReplaces drops the replaces: mark of a counter entering play.
func lrtaWithoutReplaces(u UnitState) UnitState {
	var marks []string
	for _, m := range u.Marks {
		if !strings.HasPrefix(m, replacesMarkPrefix) {
			marks = append(marks, m)
		}
	}
	u.Marks = marks
	return u
}

// lrtaReplace is a replacement of a reorganization: the new counter takes
// the old one's place, status and manpower; when the old one is out of
// play, the new one never enters.
func (w *meadeWork) lrtaReplace(step string, nu UnitState, what string) {
	old := lrtaReplacesOf(nu)
	w.replace(step, old, nu.ID, what)
	last := &w.changes[len(w.changes)-1]
	for i, u := range last.Units {
		if u.ID == nu.ID {
			u = lrtaWithoutReplaces(u)
			last.Units[i] = u
			w.units[u.ID] = u
		}
	}
}

// place puts a unit at a place of the map.
func (w *meadeWork) lrtaPlace(step string, u UnitState, at *Place, what string) {
	u = lrtaWithoutReplaces(u)
	u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, at.Hex, at.Ref.String(), "", 0
	w.add(MeadeChange{Step: step, What: what, Units: []UnitState{u}})
}

// lrtaConfederateReorganization builds the Confederate Reorganization (004
// (1)-(7)) on the state after the proposal.
func (g GameState) lrtaConfederateReorganization(p *RestRefitProposed, data *MoveData) (*ConfederateReorganized, error) {
	w := &meadeWork{g: g, units: copyUnits(g.Units)}
	var funk *UnitState
	for _, u := range g.lrtaTrackUnits(trackRestRefit, lrtaOOB(data)) {
		if lrtaReplacesOf(u) == "" {
			if u.ID == lrtaFunk {
				f := u
				funk = &f
			}
			continue
		}
		step := fmt.Sprintf("(%d)", u.Slot)
		w.lrtaReplace(step, u, fmt.Sprintf("%s replaces %s", u.Name, unitName(g, lrtaReplacesOf(u))))
	}
	// (5) D.H. Hill joins the corps chosen.
	if p.DHHill != "" {
		id := lrtaDHHill
		if r := w.lrtaReplacedBy(lrtaDHHill); r != "" {
			id = r
		}
		if u, ok := w.live(id); ok {
			u.Command = p.DHHill
			w.add(MeadeChange{Step: "(5)", What: fmt.Sprintf("%s is part of %s's corps (%s) for the rest of the game", u.Name, lrtaCorpsLeader(g, p.DHHill), p.DHHill), Units: []UnitState{u}})
		}
	}
	w.add(MeadeChange{Step: "(6)", What: fmt.Sprintf("The Confederates may remove any infantry brigade and the Kemper, Wilcox and Ripley division units, sharing their manpower among Confederate units within %d hexes", lrtaConsolidateRange)})
	// (7) Funk.
	if funk != nil && p.Funk != "" {
		if data == nil || data.Theatre == nil || data.Theatre.Place(p.Funk) == nil {
			return nil, fmt.Errorf("engine: placing Funk needs the map's place %s", p.Funk)
		}
		w.lrtaPlace("(7)", *funk, data.Theatre.Place(p.Funk), "Funk is placed in "+p.Funk)
	}
	return &ConfederateReorganized{Turn: g.Turn, Changes: w.changes}, nil
}

// lrtaReplacedBy returns the counter a change of this work put in a unit's
// place ("" none).
func (w *meadeWork) lrtaReplacedBy(id string) string {
	for _, c := range w.changes {
		for nu, old := range c.Replaces {
			if old == id {
				return nu
			}
		}
	}
	return ""
}

func lrtaCorpsLeader(g GameState, corps string) string {
	for _, id := range []string{lrtaLongstreet, lrtaJackson} {
		if u, ok := g.Units[id]; ok && u.Command == corps {
			return u.Name
		}
	}
	return corps
}

func (g GameState) lrtaDecidePass(cmd PassRestRefit) ([]Event, error) {
	if err := g.lrtaSideDecision(cmd.By, CSA, cmd.Reason, "The Rest and Refit proposal"); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, RestRefitStep, "The Rest and Refit proposal", "004 1 e); LRTA 7.3"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case a.Proposed:
		return nil, Illegal("restrefit.proposed", fmt.Sprintf("The Confederates proposed their Rest and Refit period on turn %d", a.ProposedTurn), "")
	case slices.Contains(a.Passed, g.Turn):
		return nil, Illegal("restrefit.passed", "The Confederates have already passed this turn", "")
	}
	return []Event{&RestRefitPassed{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, nil
}

// ---------------------------------------------------------------------------
// The Union's answer and the Union Cavalry Exhaustion.

func (g GameState) lrtaDecideAnswer(cmd AnswerRestRefit) ([]Event, error) {
	if err := g.lrtaSideDecision(cmd.By, USA, cmd.Reason, "The answer to the Rest and Refit proposal"); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, RestRefitStep, "The answer to the Rest and Refit proposal", "004 1 e); LRTA 7.3"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case !a.Proposed:
		return nil, Illegal("restrefit.none", "The Confederates have not proposed a Rest and Refit period", "The Union answers once they have (/restrefit show)")
	case a.Answer != "":
		return nil, Illegal("restrefit.answered", fmt.Sprintf("The Union has already answered: %s", a.Answer), "The answer is final")
	case a.ProposedTurn != g.Turn && !g.IsUmpire(cmd.By):
		return nil, Illegal("restrefit.turn", fmt.Sprintf("The proposal was made on turn %d: the Union answered it then", a.ProposedTurn), "Ask the umpire")
	}
	if cmd.Data == nil || cmd.Data.Theatre == nil {
		return nil, fmt.Errorf("engine: the Union Cavalry Exhaustion needs the map")
	}
	ev := &RestRefitAnswered{By: cmd.By, Turn: g.Turn, Accepted: cmd.Accept, Reason: strings.TrimSpace(cmd.Reason)}
	ex, err := g.Apply(ev).lrtaCavalryExhaustion(cmd)
	if err != nil {
		return nil, err
	}
	return []Event{ev, ex}, nil
}

// LRTADCRegiments is how many regiments the Union Cavalry Exhaustion
// sends to DC for the answer (004 2) Depletion; lrta.union-cavalry-depletion).
func LRTADCRegiments(accepted bool) int {
	if accepted {
		return 2
	}
	return 5
}

// lrtaCavalryExhaustion builds 004's Union Cavalry Exhaustion on the state
// after the answer: 1) each brigade gives way to as many 1-MP regiments as
// it has manpower, in the order printed; 2) two regiments (five when the
// Union did not accept) go to the DC defense area and may never leave it;
// 3) the Pleasonton division leader joins a remaining cavalry unit.
func (g GameState) lrtaCavalryExhaustion(cmd AnswerRestRefit) (*UnionCavalryExhausted, error) {
	t := cmd.Data.Theatre
	w := &meadeWork{g: g, units: copyUnits(g.Units)}
	var leader *UnitState
	byBrigade := map[string][]UnitState{}
	var brigades []string
	for _, u := range g.lrtaTrackUnits(trackCavExhaustion, lrtaOOB(cmd.Data)) {
		b := lrtaReplacesOf(u)
		if b == "" {
			if u.Kind == "leader" {
				l := u
				leader = &l
			}
			continue
		}
		if _, seen := byBrigade[b]; !seen {
			brigades = append(brigades, b)
		}
		byBrigade[b] = append(byBrigade[b], u)
	}
	var regiments []string // those that entered play, in order
	for _, b := range brigades {
		regs := byBrigade[b]
		bu, live := w.live(b)
		if !live {
			c := MeadeChange{Step: "1)", What: fmt.Sprintf("%s: %s, so its regiments do not enter", unitName(g, b), w.gone(b))}
			for _, r := range regs {
				c.Remove = append(c.Remove, r.ID)
			}
			w.add(c)
			continue
		}
		n := min(bu.Manpower, len(regs))
		c := MeadeChange{Step: "1)", Remove: []string{b}, Replaces: map[string]string{}}
		var names []string
		for i, r := range regs {
			if i >= n {
				c.Remove = append(c.Remove, r.ID)
				continue
			}
			nu := lrtaWithoutReplaces(takePlace(r, bu))
			nu.Manpower = 1
			c.Units = append(c.Units, nu)
			c.Replaces[nu.ID] = b
			names = append(names, nu.Name)
			regiments = append(regiments, nu.ID)
		}
		switch {
		case n == 0:
			c.What = fmt.Sprintf("%s has no manpower left: it leaves play and no regiment replaces it", bu.Name)
		default:
			c.What = fmt.Sprintf("%s (%d MP) gives way to %s, 1 MP each", bu.Name, bu.Manpower, strings.Join(names, ", "))
			if lost := bu.Manpower - n; lost > 0 {
				c.What += fmt.Sprintf("; %d MP beyond its %d regiments are lost", lost, len(regs))
			}
		}
		w.add(c)
	}
	// 2) Depletion.
	want := min(LRTADCRegiments(cmd.Accept), len(regiments))
	dc, err := g.lrtaPickDC(w, regiments, cmd.DC, want, t)
	if err != nil {
		return nil, err
	}
	capitol := t.Place(lrtaCapitol)
	inDC := t.inAny(lrtaDCArea)
	var moved []UnitState
	var names []string
	for _, id := range dc {
		u := w.units[id]
		if !u.OnMap || !inDC(u.Hex) {
			if capitol == nil {
				return nil, fmt.Errorf("engine: the map has no %s for the regiments sent to DC", lrtaCapitol)
			}
			u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, capitol.Hex, capitol.Ref.String(), "", 0
		}
		if !contains(u.Marks, "dc-only") {
			u.Marks = append(append([]string(nil), u.Marks...), "dc-only")
		}
		moved = append(moved, u)
		names = append(names, u.Name)
	}
	answer := "accepted"
	if !cmd.Accept {
		answer = "did not accept"
	}
	what := fmt.Sprintf("The Union %s the Rest and Refit period: %d regiments go to the DC defense area and may never leave it", answer, LRTADCRegiments(cmd.Accept))
	if len(names) > 0 {
		what += ": " + strings.Join(names, ", ")
	}
	if want < LRTADCRegiments(cmd.Accept) {
		what += fmt.Sprintf(" (only %d in play)", want)
	}
	w.add(MeadeChange{Step: "2)", What: what, Units: moved})
	// 3) Pleasonton.
	ev := &UnionCavalryExhausted{Turn: g.Turn, DC: dc}
	if leader != nil {
		to, err := g.lrtaPleasontonUnit(w, regiments, dc, cmd.Pleasonton)
		if err != nil {
			return nil, err
		}
		if to != "" {
			u := w.units[to]
			l := *leader
			l.OnMap, l.Hex, l.Ref, l.Track, l.Slot = true, u.Hex, u.Ref, "", 0
			w.add(MeadeChange{Step: "3)", What: fmt.Sprintf("The Pleasonton division leader joins %s: he activates any Union cavalry, three units an activation, with +1 movement (Standardized Rules 5.2)", u.Name), Units: []UnitState{l}})
			ev.Pleasonton = to
		} else {
			w.add(MeadeChange{Step: "3)", What: "The Pleasonton division leader: no Union cavalry unit is on the map to join; the umpire places him when one is"})
		}
	} else {
		w.add(MeadeChange{Step: "3)", What: "The Pleasonton division leader: no such counter in this game"})
	}
	ev.Changes = w.changes
	return ev, nil
}

// lrtaPickDC chooses the regiments sent to DC: those the Union names, or
// by default those in the DC defense area, then the nearest to the
// Capitol (on the map before those still to arrive), in 004's order.
func (g GameState) lrtaPickDC(w *meadeWork, regiments, named []string, want int, t *Theatre) ([]string, error) {
	if len(named) > 0 {
		var out []string
		for _, s := range named {
			id := lrtaFindAmong(w.units, regiments, s)
			if id == "" {
				return nil, Invalid("restrefit.dc", fmt.Sprintf("%q is not one of the regiments the brigades break into", s), "Name regiments of the Union Cavalry Exhaustion (/restrefit show lists them)")
			}
			if contains(out, id) {
				return nil, Invalid("restrefit.dc", fmt.Sprintf("%s is named twice", w.units[id].Name), "Name each regiment once")
			}
			out = append(out, id)
		}
		if len(out) != want {
			return nil, Invalid("restrefit.dc", fmt.Sprintf("%d regiments go to DC, not %d", want, len(out)), "004 Union Cavalry Exhaustion 2)")
		}
		return out, nil
	}
	inDC := t.inAny(lrtaDCArea)
	capitol := Hex{}
	if p := t.Place(lrtaCapitol); p != nil {
		capitol = p.Hex
	}
	rank := func(id string) int {
		u := w.units[id]
		switch {
		case u.OnMap && inDC(u.Hex):
			return 0
		case u.OnMap:
			return 1 + Distance(u.Hex, capitol)
		}
		return 1 << 20
	}
	order := append([]string(nil), regiments...)
	sort.SliceStable(order, func(i, j int) bool { return rank(order[i]) < rank(order[j]) })
	return order[:want], nil
}

// lrtaFindAmong finds a unit by id or name among ids.
func lrtaFindAmong(units map[string]UnitState, ids []string, s string) string {
	s = strings.TrimSpace(s)
	for _, id := range ids {
		if strings.EqualFold(id, s) || strings.EqualFold(units[id].Name, s) {
			return id
		}
	}
	return ""
}

// lrtaPleasontonUnit is the unit the Pleasonton leader joins: the one
// named (any Union cavalry unit on the map but those held in DC), or by
// default the first regiment left on the map, else the first Union
// cavalry unit on the map.
func (g GameState) lrtaPleasontonUnit(w *meadeWork, regiments, dc []string, named string) (string, error) {
	ok := func(id string) bool {
		u, live := w.live(id)
		return live && u.Side == USA && u.Kind == "cavalry" && u.OnMap && !contains(dc, id)
	}
	if s := strings.TrimSpace(named); s != "" {
		for _, id := range sortedIDs(w.units) {
			if (strings.EqualFold(id, s) || strings.EqualFold(w.units[id].Name, s)) && ok(id) {
				return id, nil
			}
		}
		return "", Invalid("restrefit.pleasonton", fmt.Sprintf("%q is not a Union cavalry unit on the map (other than those held in DC)", s), "004 Union Cavalry Exhaustion 3): with any remaining Union cavalry unit")
	}
	for _, id := range regiments {
		if ok(id) {
			return id, nil
		}
	}
	for _, id := range sortedIDs(w.units) {
		if ok(id) {
			return id, nil
		}
	}
	return "", nil
}

// ---------------------------------------------------------------------------
// 004 (6): breaking up brigades; the end of the Confederates' turn.

func (g GameState) lrtaDecideConsolidate(cmd ConsolidateUnit) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if g.Game() != LRTA {
		return nil, Illegal("lrta.game", "The Confederate Reorganization is a rule of Long Roads to Antietam (004)", "")
	}
	u, err := g.unitFor(cmd.By, strings.TrimSpace(cmd.Unit))
	if err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	umpire := g.IsUmpire(cmd.By)
	var broken []*RuleError
	switch {
	case !a.Proposed:
		return nil, Illegal("restrefit.none", "The Confederate Reorganization starts with the Rest and Refit proposal", "Propose it first (/restrefit propose)")
	case u.Side != CSA:
		return nil, Illegal("restrefit.side", u.Name+" is not a Confederate unit", "")
	case a.ProposedTurn != g.Turn || g.CurrentStep() != RestRefitStep || a.Done:
		broken = append(broken, moveRule("restrefit.when", "Units are broken up at the start of the Rest and Refit period: its step 1r, until the Confederates are done", "", "004 Confederate Reorganization (6)"))
	}
	size := u.Detached.Size
	if size == "" && cmd.Data != nil && cmd.Data.OOB != nil {
		if s := cmd.Data.OOB.Unit(u.ID); s != nil {
			size = s.Size
		}
	}
	if !(u.Kind == "infantry" && size == "brigade") && !contains(lrtaConsolidateDivisions, u.ID) {
		broken = append(broken, moveRule("restrefit.unit", fmt.Sprintf("%s is neither an infantry brigade nor the Kemper, Wilcox or Ripley division unit", u.Name), "", "004 Confederate Reorganization (6)"))
	}
	if u.Eliminated || !u.OnMap {
		return nil, Illegal("restrefit.unit", u.Name+" is not on the map", "")
	}
	if len(cmd.Into) == 0 {
		return nil, Invalid("restrefit.into", "No unit receives the manpower", "Add into:<unit>[:<MP>],... (all of it to one unit when no MP is given)")
	}
	ev := &UnitConsolidated{By: cmd.By, Turn: g.Turn, Unit: u.ID, Reason: strings.TrimSpace(cmd.Reason)}
	total := 0
	for i, s := range cmd.Into {
		t, err := g.unit(strings.TrimSpace(s.Unit))
		if err != nil || t.Side != CSA && !umpire {
			return nil, Invalid("unit.unknown", fmt.Sprintf("There is no unit %q", s.Unit), "/oob lists your units")
		}
		mp := s.Manpower
		if mp == 0 && len(cmd.Into) == 1 {
			mp = u.Manpower
		}
		switch {
		case t.ID == u.ID || slices.ContainsFunc(ev.Shares, func(x ManpowerShare) bool { return x.Unit == t.ID }):
			return nil, Invalid("restrefit.into", fmt.Sprintf("%s is named twice, or is the unit broken up", t.Name), "")
		case mp <= 0:
			return nil, Invalid("restrefit.into", fmt.Sprintf("No manpower for %s (share %d)", t.Name, i+1), "Give each unit its MP: into:Hood:2,Evans:1")
		case t.Side != CSA || t.Kind == "leader" || t.Eliminated || !t.OnMap:
			return nil, Illegal("restrefit.into", t.Name+" is not a Confederate unit on the map", "")
		}
		if d := Distance(u.Hex, t.Hex); d > lrtaConsolidateRange {
			broken = append(broken, moveRule("restrefit.range", fmt.Sprintf("%s is %d hexes from %s: the manpower goes to units within %d", t.Name, d, u.Name, lrtaConsolidateRange), "", "004 Confederate Reorganization (6)"))
		}
		total += mp
		ev.Shares = append(ev.Shares, ManpowerShare{Unit: t.ID, Manpower: mp})
	}
	if total != u.Manpower {
		return nil, Invalid("restrefit.into", fmt.Sprintf("%s has %d MP; the shares give %d", u.Name, u.Manpower, total), "Share all of its manpower")
	}
	if len(broken) > 0 {
		if !umpire || ev.Reason == "" {
			e := *broken[0]
			if umpire {
				e.Hint = "As umpire you may set the rule aside: add reason:<why>"
			}
			return nil, &e
		}
	}
	return []Event{ev}, nil
}

func (g GameState) lrtaDecideFinish(cmd FinishRestRefit) ([]Event, error) {
	if err := g.lrtaSideDecision(cmd.By, CSA, cmd.Reason, "The Confederate Reorganization"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case !a.Proposed:
		return nil, Illegal("restrefit.none", "The Confederates have not proposed a Rest and Refit period", "")
	case a.Done:
		return nil, Illegal("restrefit.done", "The Confederate Reorganization is already finished", "")
	}
	return []Event{&RestRefitDone{By: cmd.By, Turn: g.Turn}}, nil
}

func (g GameState) lrtaDecideEnd(cmd EndRestRefit) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, Illegal("restrefit.umpire", "The umpire records the end of the Rest and Refit period", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	a := g.LRTAArmy
	switch {
	case !a.Proposed:
		return nil, Illegal("restrefit.none", "The Confederates have not proposed a Rest and Refit period", "")
	case a.EndedTurn > 0:
		return nil, Illegal("restrefit.ended", fmt.Sprintf("The period ended on turn %d", a.EndedTurn), "")
	case strings.TrimSpace(cmd.Reason) == "":
		return nil, Invalid("restrefit.reason", "Say why it ends", "Add reason:<the rule book's end of the period>")
	}
	return []Event{&RestRefitEnded{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, nil
}

// waitRestRefit names who step 1r waits for: the Confederates' proposal
// (or pass), the Union's answer, the Confederates' brigade consolidation.
func waitRestRefit(g GameState) []string {
	a := g.LRTAArmy
	switch {
	case !a.Proposed && !slices.Contains(a.Passed, g.Turn):
		return []string{"the CSA to propose a Rest and Refit period or not (/restrefit propose or /restrefit pass)"}
	case !a.Proposed || a.ProposedTurn != g.Turn:
		return nil
	}
	var out []string
	if a.Answer == "" {
		out = append(out, "the Union's answer to the Rest and Refit proposal (/restrefit answer accept:true|false)")
	}
	if !a.Done {
		out = append(out, "the CSA to finish its reorganization: break up brigades if it wishes (/restrefit consolidate), then /restrefit done")
	}
	return out
}

// ---------------------------------------------------------------------------
// Step 3b: McClellan and the corps rolls.

// lrtaMustReorganize says why the Union Army Reorganization must begin
// now ("" it need not): the Union army has panicked, and it is Sept 2 or
// later or the Rest and Refit period has ended (004).
func (g GameState) lrtaMustReorganize() string {
	if g.LRTAArmy.McClellan || !g.Records.Armies[USA].EverPanic {
		return ""
	}
	switch {
	case g.lrtaFromSept2():
		return "the Union army has panicked and it is Sept 2 or later (004 Union Army Reorganization)"
	case g.LRTAArmy.EndedTurn > 0:
		return "the Union army has panicked and the Confederate Rest and Refit has ended (004 Union Army Reorganization)"
	}
	return ""
}

// stepUnionReorganization makes McClellan assume command when the
// reorganization must occur; otherwise the step is the Union's.
func stepUnionReorganization(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	why := g.lrtaMustReorganize()
	if why == "" {
		return nil, nil
	}
	ev, err := g.lrtaMcClellanAssumes(g.Umpire, "", ctx.Move)
	if err != nil {
		return nil, err
	}
	ev.Must = why
	return []Event{ev}, nil
}

// waitUnionReorganization names the Union's decisions step 3b waits for.
func waitUnionReorganization(g GameState) []string {
	a := g.LRTAArmy
	switch {
	case !a.McClellan && g.LRTAReorganizationOpen() && !slices.Contains(a.Deferred, g.Turn):
		return []string{"the Union to begin its army reorganization, McClellan assuming command, or not yet (/reorganize begin or /reorganize defer)"}
	case a.McClellan && !slices.Contains(a.Rolled, g.Turn) && len(g.lrtaUnreorganized()) > 0:
		return []string{"the Union's reorganization rolls: the corps it tries this turn (/reorganize roll corps:<corps,...|all|none>)"}
	}
	return nil
}

func (g GameState) lrtaDecideBegin(cmd DecideReorganization) ([]Event, error) {
	if err := g.lrtaSideDecision(cmd.By, USA, cmd.Reason, "The Union Army Reorganization"); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, ReorganizationStep, "The Union Army Reorganization", "004 3; LRTA 17.0"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case a.McClellan:
		return nil, Illegal("reorganize.begun", fmt.Sprintf("McClellan assumed command on turn %d", a.McClellanTurn), "Roll for the corps: /reorganize roll")
	case !g.LRTAReorganizationOpen():
		return nil, Illegal("reorganize.early", "The Union Army Reorganization may occur from Sept 2, or once the Confederates have proposed a Rest and Refit period", "004 Union Army Reorganization")
	}
	if !cmd.Begin {
		if slices.Contains(a.Deferred, g.Turn) {
			return nil, Illegal("reorganize.deferred", "The Union has already chosen not to begin this turn", "")
		}
		if why := g.lrtaMustReorganize(); why != "" {
			return nil, Illegal("reorganize.must", "The reorganization must occur: "+why, "")
		}
		return []Event{&ReorganizationDeferred{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, nil
	}
	ev, err := g.lrtaMcClellanAssumes(cmd.By, cmd.Overall, cmd.Data)
	if err != nil {
		return nil, err
	}
	ev.Reason = strings.TrimSpace(cmd.Reason)
	return []Event{ev}, nil
}

// lrtaMcClellanAssumes builds 004's McClellan assumes command: McClellan
// replaces Pope (1), a new overall commander with several Union players
// (2), French is placed in the U.S. Capitol (3). Steps 4)-8) change no
// counter: the queries above (and the morale, paralysis, forage and
// movement modules that read them) apply them from the event's turn.
func (g GameState) lrtaMcClellanAssumes(by Actor, overall string, data *MoveData) (*McClellanAssumed, error) {
	w := &meadeWork{g: g, units: copyUnits(g.Units)}
	for _, u := range g.lrtaTrackUnits(trackMcClellan, lrtaOOB(data)) {
		if old := lrtaReplacesOf(u); old != "" {
			w.lrtaReplace("1)", u, fmt.Sprintf("%s replaces %s", u.Name, unitName(g, old)))
		}
	}
	if _, ok := g.Units[lrtaMcClellan]; ok {
		if mc := g.Units[lrtaMcClellan]; mc.OnMap && !mc.Eliminated {
			// McClellan already on the map: Pope simply leaves.
			w.remove("1)", lrtaPope, "Pope leaves: McClellan commands")
		}
	} else {
		w.remove("1)", lrtaPope, "Pope leaves (no McClellan counter in this game)")
	}
	ev := &McClellanAssumed{By: by, Turn: g.Turn, Losses: g.Losses.AoP}
	// 2) A new overall commander.
	if s := strings.TrimSpace(overall); s != "" {
		oc, err := g.lrtaOverall(s)
		if err != nil {
			return nil, err
		}
		ev.Overall = oc
		w.add(MeadeChange{Step: "2)", What: fmt.Sprintf("%s becomes the Union overall commander", oc.To.Name)})
	} else {
		w.add(MeadeChange{Step: "2)", What: "The Union overall commander stays; commands may be transferred (Command Transfers, phase 2)"})
	}
	// 3) French.
	if f, ok := g.Units[lrtaFrench]; ok {
		switch {
		case f.Eliminated:
			w.add(MeadeChange{Step: "3)", What: "French has been eliminated"})
		case data == nil || data.Theatre == nil || data.Theatre.Place(lrtaCapitol) == nil:
			return nil, fmt.Errorf("engine: placing French needs the map's %s", lrtaCapitol)
		default:
			w.lrtaPlace("3)", w.units[lrtaFrench], data.Theatre.Place(lrtaCapitol), "French is placed in the U.S. Capitol")
		}
	} else {
		w.add(MeadeChange{Step: "3)", What: "French: no such counter in this game"})
	}
	ev.Changes = w.changes
	return ev, nil
}

// lrtaOverall makes a Union player the overall commander (McClellan
// assumes command 2)); the former one keeps, as declared commands, what he
// held by default (as LRTG 16.2 14) does).
func (g GameState) lrtaOverall(s string) (*OverallChange, error) {
	var to, from *Player
	for i := range g.Players {
		p := &g.Players[i]
		if p.Side != USA {
			continue
		}
		if p.Overall {
			from = p
		}
		if strings.EqualFold(p.Actor.ID, s) || strings.EqualFold(p.Actor.Name, s) {
			to = p
		}
	}
	switch {
	case to == nil:
		return nil, Invalid("reorganize.overall", fmt.Sprintf("%q is not a Union player", s), "Name a Union commander of this game")
	case from == nil || from.Actor.ID == to.Actor.ID:
		return nil, Illegal("reorganize.overall", fmt.Sprintf("%s is already the overall commander", to.Actor.Name), "Leave overall out")
	}
	held := map[string]bool{"ap": true, "av": true}
	var kept []string
	for _, c := range from.Commands {
		held[strings.ToLower(c)] = true
		kept = append(kept, c)
	}
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		d := designation(u)
		if u.Side != USA || held[strings.ToLower(d)] || !g.Controls(from.Actor, u) {
			continue
		}
		held[strings.ToLower(d)] = true
		kept = append(kept, d)
	}
	return &OverallChange{From: from.Actor, To: to.Actor, FromCommands: kept}, nil
}

func (g GameState) lrtaDecideRolls(cmd RollReorganization, d Dice) ([]Event, error) {
	if err := g.lrtaSideDecision(cmd.By, USA, cmd.Reason, "The Union Army Reorganization"); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, ReorganizationStep, "The Union Army Reorganization", "004 3; LRTA 17.0"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case !a.McClellan:
		return nil, Illegal("reorganize.mcclellan", "The corps reorganize once McClellan has assumed command", "Begin it first: /reorganize begin")
	case slices.Contains(a.Rolled, g.Turn):
		return nil, Illegal("reorganize.rolled", "The Union has made this turn's reorganization rolls", "Each corps tries once a turn")
	case cmd.Table == nil:
		return nil, fmt.Errorf("engine: the reorganization roll needs the table %s", LRTAReorganizationTable)
	}
	open := g.lrtaUnreorganized()
	var corps []string
	for _, s := range cmd.Corps {
		s = strings.TrimSpace(s)
		switch strings.ToLower(s) {
		case "", "none":
			continue
		case "all":
			corps = append(corps[:0], open...)
			continue
		}
		c := lrtaCorpsOf(s)
		switch {
		case c == nil:
			return nil, Invalid("reorganize.corps", fmt.Sprintf("%q is not a Union infantry corps", s), "Name corps as the order of battle does: "+strings.Join(open, ", "))
		case g.LRTAReorganized(c.Corps):
			return nil, Illegal("reorganize.corps", fmt.Sprintf("The %s Corps has reorganized", c.Corps), "")
		case !contains(open, c.Corps):
			return nil, Illegal("reorganize.corps", fmt.Sprintf("The %s Corps has no unit on the map", c.Corps), "It tries once it has arrived")
		}
		if !contains(corps, c.Corps) {
			corps = append(corps, c.Corps)
		}
	}
	with, err := g.lrtaWithMcClellan(corps, cmd.WithMcClellan)
	if err != nil {
		return nil, err
	}
	var theatre *Theatre
	if cmd.Data != nil {
		theatre = cmd.Data.Theatre
	}
	if len(corps) > 0 && theatre == nil {
		return nil, fmt.Errorf("engine: the reorganization roll needs the map (the DC defense area)")
	}
	att := &ReorganizationAttempts{By: cmd.By, Turn: g.Turn, Corps: corps, WithMcClellan: with, Reason: strings.TrimSpace(cmd.Reason)}
	evs := []Event{att}
	state := g.Apply(att)
	for _, c := range corps {
		facts := g.LRTAReorganizationFacts(c, c == with, theatre)
		out, err := state.ruleRoll(RollTable{By: cmd.By, Table: cmd.Table, Facts: facts}, d)
		if err != nil {
			return nil, err
		}
		tr := out[0].(*TableRolled)
		evs = append(evs, tr)
		state = state.Apply(tr)
		rolled := &CorpsReorganizationRolled{Turn: g.Turn, Corps: c, Roll: tr.Number, Total: tr.Total, Reorganized: tr.Outcome == "reorganized"}
		evs = append(evs, rolled)
		state = state.Apply(rolled)
		if rolled.Reorganized {
			re := state.lrtaCorpsReorganization(*lrtaCorpsOf(c), cmd.Data)
			evs = append(evs, re)
			state = state.Apply(re)
		}
	}
	return evs, nil
}

// lrtaWithMcClellan is the corps that takes McClellan's +1 this turn: a
// corps rolled whose commander is in McClellan's hex ("Max one Corps leader
// per turn"); when several are, the Union names it.
func (g GameState) lrtaWithMcClellan(corps []string, named string) (string, error) {
	var with []string
	for _, c := range corps {
		if g.lrtaCommanderWithMcClellan(c) {
			with = append(with, c)
		}
	}
	named = strings.TrimSpace(named)
	if named != "" {
		c := lrtaCorpsOf(named)
		if c == nil || !contains(with, c.Corps) {
			return "", Illegal("reorganize.with", fmt.Sprintf("The %s Corps' commander is not in McClellan's hex, or the corps does not roll", named), "Leave with_mcclellan out")
		}
		return c.Corps, nil
	}
	switch len(with) {
	case 0:
		return "", nil
	case 1:
		return with[0], nil
	}
	return "", Invalid("reorganize.with", fmt.Sprintf("The commanders of the %s corps are all in McClellan's hex: one corps a turn gains his +1", strings.Join(with, ", ")),
		"Name it: with_mcclellan:<corps>")
}

// lrtaCorpsLeaderOf returns the leader of a Union corps in play.
func (g GameState) lrtaCorpsLeaderOf(corps string) (UnitState, bool) {
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == USA && u.Kind == "leader" && strings.EqualFold(u.Command, corps) && u.OnMap && !u.Eliminated {
			return u, true
		}
	}
	return UnitState{}, false
}

func (g GameState) lrtaCommanderWithMcClellan(corps string) bool {
	mc, ok := g.Units[lrtaMcClellan]
	if !ok || !mc.OnMap || mc.Eliminated {
		return false
	}
	l, ok := g.lrtaCorpsLeaderOf(corps)
	return ok && l.Hex == mc.Hex
}

// LRTAReorganizationFacts are the facts of a corps' reorganization roll
// (lrta.union-army-reorganization) as the game stands; with says whether
// McClellan's +1 goes to it; t is the map (the DC defense area).
func (g GameState) LRTAReorganizationFacts(corps string, with bool, t *Theatre) Facts {
	c := lrtaCorpsOf(corps)
	aov := c != nil && c.AoV
	inDC := false
	if t != nil {
		in := t.inAny(lrtaDCArea)
		inDC = true
		n := 0
		for _, u := range g.Units {
			if u.Side != USA || u.Eliminated || !strings.EqualFold(u.Command, corps) || !u.OnMap {
				continue
			}
			n++
			inDC = inDC && in(u.Hex)
		}
		inDC = inDC && n > 0
	}
	worst := 0 // none, disorder, panic, flight
	switch r := g.Records.Armies[USA]; {
	case r.EverPanic:
		worst = 2
	case r.EverDisorder:
		worst = 1
	}
	return Facts{
		"corps_commander_with_mcclellan": b2i(with),
		"union_passive":                  b2i(g.SidePassive(USA, g.Turn)),
		"corps_in_dc_defense_area":       b2i(inDC),
		"previous_attempts":              g.LRTAArmy.Attempts[corps],
		"army_of_virginia_corps":         b2i(aov),
		"union_worst_army_morale":        worst,
	}
}

// LRTAReorganizationModifiers are the modifiers a corps' roll would have
// now (for /reorganize show), on the table t.
func (g GameState) LRTAReorganizationModifiers(corps string, with bool, m *Theatre, t *Table) []AppliedModifier {
	if t == nil {
		return nil
	}
	ms, err := applyModifiers(t.Modifiers, g.LRTAReorganizationFacts(corps, with, m), "")
	if err != nil {
		return nil
	}
	return ms
}

// LRTACommanderWithMcClellan reports whether a corps' commander is in
// McClellan's hex (his +1, one corps a turn).
func (g GameState) LRTACommanderWithMcClellan(corps string) bool {
	return g.lrtaCommanderWithMcClellan(corps)
}

// lrtaCorpsReorganization builds the Union Corps Reorganization of a corps
// (004): its counters on the union-reorganization track take their places
// (Hatch and Ricketts-A less 3 MP), Meade joins Hooker with 9 MP, Reynolds
// goes to the PA militia as a leader, and every unit of the corps takes
// its new designation.
func (g GameState) lrtaCorpsReorganization(c LRTACorps, data *MoveData) *UnionCorpsReorganized {
	w := &meadeWork{g: g, units: copyUnits(g.Units)}
	var placed []UnitState
	if c.Slot > 0 {
		for _, u := range g.lrtaTrackUnits(trackUnionReorg, lrtaOOB(data)) {
			if u.Slot != c.Slot {
				continue
			}
			if lrtaReplacesOf(u) == "" {
				placed = append(placed, u)
				continue
			}
			what := fmt.Sprintf("%s replaces %s", u.Name, unitName(g, lrtaReplacesOf(u)))
			if u.ID == lrtaHatch || u.ID == lrtaRicketts {
				what += fmt.Sprintf(", less %d MP", lrtaHatchLoss)
			}
			w.lrtaReplace(c.Corps, u, what)
			if nu, ok := w.live(u.ID); ok && (u.ID == lrtaHatch || u.ID == lrtaRicketts) && nu.Kind != "leader" {
				nu.Manpower = max(nu.Manpower-lrtaHatchLoss, 0)
				last := &w.changes[len(w.changes)-1]
				for i := range last.Units {
					if last.Units[i].ID == nu.ID {
						last.Units[i] = nu
					}
				}
				w.units[nu.ID] = nu
			}
		}
	}
	// Counters placed with the corps leader (Meade with Hooker).
	for _, u := range placed {
		var with []string
		if l, ok := w.lrtaLeader(c.Becomes); ok {
			with = append(with, l)
		}
		w.placeWith(c.Corps, u.ID, with, fmt.Sprintf("%s (%d MP) is placed", u.Name, u.Manpower))
	}
	// Reynolds goes to the PA militia (004: tactical 0, command 2).
	if c.Corps == "V-AP" {
		w.lrtaReynolds()
	}
	// The corps' new designation.
	if !strings.EqualFold(c.Corps, c.Becomes) {
		ch := MeadeChange{Step: c.Corps, What: fmt.Sprintf("The %s Corps (AoV) becomes the %s Corps (AoP)", c.Corps, strings.TrimSuffix(c.Becomes, "-AP"))}
		for _, id := range sortedIDs(w.units) {
			u := w.units[id]
			if u.Side == USA && strings.EqualFold(u.Command, c.Corps) {
				u.Command = c.Becomes
				ch.Units = append(ch.Units, u)
			}
		}
		w.add(ch)
	}
	return &UnionCorpsReorganized{Turn: g.Turn, Corps: c.Corps, Becomes: c.Becomes, Changes: w.changes}
}

// lrtaLeader returns the id of a corps' leader in play in the work.
func (w *meadeWork) lrtaLeader(corps string) (string, bool) {
	for _, id := range sortedIDs(w.units) {
		u := w.units[id]
		if u.Side == USA && u.Kind == "leader" && strings.EqualFold(u.Command, corps) && u.OnMap && !u.Eliminated {
			return id, true
		}
	}
	return "", false
}

// lrtaReynolds adds Reynolds to the PA militia as a leader (004 V Corps:
// "Assume that he now has a 0 tactical value and a 2 command value"): the
// order of battle has no such counter, so one is made, with the first PA
// militia unit on the map or on the PA militia track.
func (w *meadeWork) lrtaReynolds() {
	const step = "V-AP"
	if _, ok := w.units[lrtaReynoldsPAID]; ok {
		return
	}
	r := UnitState{ID: lrtaReynoldsPAID, Name: "Reynolds", Side: USA, Kind: "leader", Command: "PA", Track: lrtaReynoldsPATrack}
	for _, id := range sortedIDs(w.units) {
		if u := w.units[id]; u.Side == USA && strings.EqualFold(u.Command, "PA") && u.Kind != "leader" && u.OnMap && !u.Eliminated {
			r.OnMap, r.Hex, r.Ref, r.Track = true, u.Hex, u.Ref, ""
			w.add(MeadeChange{Step: step, What: "Reynolds joins the PA militia as a leader (tactical 0, command 2), with " + u.Name, Units: []UnitState{r}})
			return
		}
	}
	w.add(MeadeChange{Step: step, What: "Reynolds joins the PA militia as a leader (tactical 0, command 2); no militia unit is on the map: he waits on the PA militia track", Units: []UnitState{r}})
}

// ---------------------------------------------------------------------------
// Folding.

func applyLRTAArmy(g GameState, e Event) (GameState, bool) {
	a := g.LRTAArmy
	switch e := e.(type) {
	case *RestRefitProposed:
		return g.action(e, func(g *GameState) {
			a.Proposed, a.ProposedTurn, a.DHHill, a.Funk = true, e.Turn, e.DHHill, e.Funk
			g.LRTAArmy = a
		}), true
	case *ConfederateReorganized:
		g = g.lrtaApplyChanges(e.Changes)
		return g, true
	case *RestRefitPassed:
		a.Passed = append(append([]int(nil), a.Passed...), e.Turn)
	case *RestRefitAnswered:
		return g.action(e, func(g *GameState) {
			a.Answer = RestRefitDeclined
			if e.Accepted {
				a.Answer = RestRefitAccepted
			}
			g.LRTAArmy = a
		}), true
	case *UnionCavalryExhausted:
		g = g.lrtaApplyChanges(e.Changes)
		a = g.LRTAArmy
		a.DCRegiments = append([]string(nil), e.DC...)
		a.Pleasonton = e.Pleasonton != ""
		g.LRTAArmy = a
		return g, true
	case *UnitConsolidated:
		return g.action(e, func(g *GameState) {
			for _, s := range e.Shares {
				g.editUnit(s.Unit, func(u *UnitState) { u.Manpower += s.Manpower })
			}
			delete(g.Units, e.Unit)
			a.Consolidated = append(append([]string(nil), a.Consolidated...), e.Unit)
			a.Replaced = attCopyMap(a.Replaced)
			a.Replaced[e.Unit] = ""
			g.LRTAArmy = a
		}), true
	case *RestRefitDone:
		a.Done = true
	case *RestRefitEnded:
		a.EndedTurn = e.Turn
	case *ReorganizationDeferred:
		a.Deferred = append(append([]int(nil), a.Deferred...), e.Turn)
	case *McClellanAssumed:
		return g.action(e, func(g *GameState) {
			*g = g.lrtaApplyChanges(e.Changes)
			a := g.LRTAArmy
			a.McClellan, a.McClellanTurn, a.McClellanLosses = true, e.Turn, e.Losses
			g.LRTAArmy = a
			g.Players = e.Overall.applyTo(g.Players)
		}), true
	case *ReorganizationAttempts:
		a.Rolled = append(append([]int(nil), a.Rolled...), e.Turn)
	case *CorpsReorganizationRolled:
		a.Attempts = attCopyMap(a.Attempts)
		a.Attempts[e.Corps]++
	case *UnionCorpsReorganized:
		g = g.lrtaApplyChanges(e.Changes)
		a = g.LRTAArmy
		a.Reorganized = attCopyMap(a.Reorganized)
		a.Reorganized[e.Corps] = e.Turn
		g.LRTAArmy = a
		if !strings.EqualFold(e.Corps, e.Becomes) {
			// A player who commanded the corps commands it under its new
			// designation (LRTG 21.1's division of command); another
			// player's declaration of the new designation (made at the
			// start for the corps to come) yields to him: each corps has
			// one commander.
			ps := append([]Player(nil), g.Players...)
			holder := -1
			for i := range ps {
				if ps[i].Side != USA {
					continue
				}
				for k, c := range ps[i].Commands {
					if strings.EqualFold(c, e.Corps) {
						cmds := append([]string(nil), ps[i].Commands...)
						cmds[k] = e.Becomes
						ps[i].Commands = cmds
						holder = i
					}
				}
			}
			for i := range ps {
				if holder < 0 || i == holder || ps[i].Side != USA {
					continue
				}
				if k := slices.IndexFunc(ps[i].Commands, func(c string) bool { return strings.EqualFold(c, e.Becomes) }); k >= 0 {
					ps[i].Commands = slices.Delete(append([]string(nil), ps[i].Commands...), k, k+1)
				}
			}
			g.Players = ps
		}
		return g, true
	default:
		return g, false
	}
	g.LRTAArmy = a
	return g, true
}

// lrtaApplyChanges folds a reorganization's changes to the order of
// battle: units taken out of play (recorded with their replacement),
// units as the change leaves them; victuals and a passive side's leaders
// off the map follow their replacement.
func (g GameState) lrtaApplyChanges(changes []MeadeChange) GameState {
	g.Units = copyUnits(g.Units)
	a := g.LRTAArmy
	a.Replaced = attCopyMap(a.Replaced)
	victuals := g.Records.Victuals
	away := g.Command.Away
	for _, ch := range changes {
		for _, id := range ch.Remove {
			delete(g.Units, id)
			if _, ok := a.Replaced[id]; !ok {
				a.Replaced[id] = ""
			}
		}
		for _, u := range ch.Units {
			g.Units[u.ID] = u
		}
		news := make([]string, 0, len(ch.Replaces))
		for nu := range ch.Replaces {
			news = append(news, nu)
		}
		sort.Strings(news) // a brigade's regiments: the first (by id) stands for it
		seen := map[string]bool{}
		for _, nu := range news {
			old := ch.Replaces[nu]
			if seen[old] {
				continue
			}
			seen[old] = true
			a.Replaced[old] = nu
			if v, ok := victuals[old]; ok {
				victuals = attCopyMap(victuals)
				victuals[nu] = v
				delete(victuals, old)
			}
			if t, ok := away[old]; ok {
				away = attCopyMap(away)
				away[nu] = t
				delete(away, old)
			}
		}
	}
	g.LRTAArmy = a
	r := g.Records
	r.Victuals = victuals
	g.Records = r
	c := g.Command
	c.Away = away
	g.Command = c
	return g
}

// LRTAShares reads manpower shares as typed: "Hood:2, Evans:1", or one
// unit (all of it).
func LRTAShares(s string) ([]ManpowerShare, error) {
	var out []ManpowerShare
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		sh := ManpowerShare{Unit: part}
		if i := strings.LastIndex(part, ":"); i > 0 {
			n, err := strconv.Atoi(strings.TrimSpace(part[i+1:]))
			if err != nil || n <= 0 {
				return nil, Invalid("restrefit.into", fmt.Sprintf("%q: the manpower after ':' is a whole number above 0", part), "Write into:Hood:2,Evans:1")
			}
			sh = ManpowerShare{Unit: strings.TrimSpace(part[:i]), Manpower: n}
		}
		out = append(out, sh)
	}
	return out, nil
}
