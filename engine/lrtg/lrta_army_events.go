// Long Roads to Antietam (004): the commands and events of the armies'
// reorganizations (step 1r Rest and Refit, 004 Sequence of Play 1 e, "see
// 7.3"; step 3b Union Army Reorganization, 004 3, "see 17.0"). Moved out of
// lrta_army.go, which keeps the module's registration, decider and applier.

package lrtg

import "github.com/umpire-games/umpire/engine"

type (
	// ProposeRestRefit is the Confederate proposal of a Rest and Refit
	// period (step 1r), with the choices the Confederate Reorganization asks
	// then: the corps D.H. Hill joins (L or J; 004 (5)) and where Funk is
	// placed (Front Royal or Winchester; 004 (7)).
	ProposeRestRefit struct {
		By     engine.Actor
		DHHill string
		Funk   string
		Reason string // the umpire's, when he acts for the Confederates
		Data   *engine.MoveData
	}
	// PassRestRefit is the Confederates' choice not to propose this turn.
	PassRestRefit struct {
		By     engine.Actor
		Reason string
	}
	// AnswerRestRefit is the Union's answer, with its choices for the
	// Union Cavalry Exhaustion: the regiments sent to the DC defense area
	// (ids or names; none: the nearest) and the unit the Pleasonton leader
	// joins ("": the first regiment left on the map).
	AnswerRestRefit struct {
		By         engine.Actor
		Accept     bool
		DC         []string
		Pleasonton string
		Reason     string
		Data       *engine.MoveData
	}
	// ConsolidateUnit breaks up a Confederate infantry brigade (or the
	// Kemper, Wilcox or Ripley division unit) and shares its manpower among
	// Confederate units within 8 hexes (004 (6)).
	ConsolidateUnit struct {
		By     engine.Actor
		Unit   string
		Into   []ManpowerShare
		Reason string
		Data   *engine.MoveData
	}
	// FinishRestRefit says the Confederates have finished their
	// reorganization (no more brigades to break up).
	FinishRestRefit struct {
		By     engine.Actor
		Reason string
	}
	// EndRestRefit is the umpire's record that the Rest and Refit period
	// has ended (the rule book's 7.3, not in the seeds).
	EndRestRefit struct {
		By     engine.Actor
		Reason string
	}
	// DecideReorganization is the Union's choice in step 3b, before
	// McClellan commands: Begin (McClellan assumes command now) or not this
	// turn. Overall names the Union player who becomes the overall
	// commander (the multiplayer rules; "" keeps him).
	DecideReorganization struct {
		By      engine.Actor
		Begin   bool
		Overall string
		Reason  string
		Data    *engine.MoveData
	}
	// RollReorganization rolls for the corps the Union names in step 3b
	// (none: no attempt this turn). WithMcClellan names the corps whose
	// commander takes McClellan's +1 when several share his hex.
	RollReorganization struct {
		By            engine.Actor
		Corps         []string
		WithMcClellan string
		Reason        string
		Table         *engine.Table
		Data          *engine.MoveData
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
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	DHHill string       `json:"dh_hill,omitempty"` // the corps D.H. Hill joins (L or J)
	Funk   string       `json:"funk,omitempty"`    // the place Funk is placed in
	Reason string       `json:"reason,omitempty"`
}

// RestRefitPassed records that the Confederates did not propose this turn.
type RestRefitPassed struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Reason string       `json:"reason,omitempty"`
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
	By       engine.Actor `json:"by"`
	Turn     int          `json:"turn"`
	Accepted bool         `json:"accepted"`
	Reason   string       `json:"reason,omitempty"`
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
	By     engine.Actor    `json:"by"`
	Turn   int             `json:"turn"`
	Unit   string          `json:"unit"`
	Shares []ManpowerShare `json:"shares"`
	Reason string          `json:"reason,omitempty"`
}

// RestRefitDone records that the Confederates have finished.
type RestRefitDone struct {
	By   engine.Actor `json:"by"`
	Turn int          `json:"turn"`
}

// RestRefitEnded records the umpire's ruling that the period has ended.
type RestRefitEnded struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Reason string       `json:"reason"`
}

// ReorganizationDeferred records the Union's choice not to begin the Army
// Reorganization this turn.
type ReorganizationDeferred struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Reason string       `json:"reason,omitempty"`
}

// McClellanAssumed records McClellan assuming command with every change
// 004's chart makes to the order of battle (a board action when the Union
// begins it; step 3b's own when it must occur).
type McClellanAssumed struct {
	By      engine.Actor   `json:"by"`
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
	By            engine.Actor `json:"by"`
	Turn          int          `json:"turn"`
	Corps         []string     `json:"corps,omitempty"`
	WithMcClellan string       `json:"with_mcclellan,omitempty"`
	Reason        string       `json:"reason,omitempty"`
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
func (*ConfederateReorganized) PartOfAction() {}
func (*UnionCavalryExhausted) PartOfAction()  {}
