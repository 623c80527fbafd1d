// The events of phases 5-8 (the Supply Segment, the Recovery, County Control
// and Victory Check Phases): what each step and command records, and their
// event type names. The victory check's own types are in segment_victory.go.

package lrtg

import "github.com/umpire-games/umpire/engine"

// Segment events.
const (
	EventSegmentOpened   = "segment.opened"
	EventSegmentDone     = "segment.done"
	EventSupplyStatus    = "supply.status"
	EventSupplyRange     = "supply.range"
	EventRivers          = "supply.rivers"
	EventForaged         = "supply.foraged"
	EventVictualsDrawn   = "supply.drawn"
	EventSupplyEffects   = "supply.effects"
	EventRepairAttempted = "supply.repair"
	EventDepotScheduled  = "depot.scheduled"
	EventDepotsChanged   = "depot.changed"
	EventAmmoDrawn       = "supply.ammo"
	EventUnitsRecovered  = "recovery.done"
	EventStragglers      = "recovery.stragglers"
	EventVictoryChecked  = "victory.checked"
)

// SegmentOpened records what a step of this module waits for and what it
// tells (Notes: codes and parameters, segment_notes.go). Public (to
// everyone) and Secret (to each side alone) are the sentences events
// stored before the codes carry: read, never written.
type SegmentOpened struct {
	Turn   int                      `json:"turn"`
	Step   string                   `json:"step"`
	Waits  []StepWait               `json:"waits,omitempty"`
	Public []string                 `json:"public,omitempty"`
	Secret map[engine.Side][]string `json:"secret,omitempty"`
	Notes  []SegmentNote            `json:"notes,omitempty"`
}

// SegmentDone records a side done with its part of a step.
type SegmentDone struct {
	By   engine.Actor `json:"by"`
	Side engine.Side  `json:"side"`
	Turn int          `json:"turn"`
	Step string       `json:"step"`
}

// SupplyStatusSet records the Supply Status Phase (13.2): each unit's
// status as the map data settles it.
type SupplyStatusSet struct {
	Turn  int          `json:"turn"`
	Rule  string       `json:"rule"`
	Units []UnitSupply `json:"units"`
}

// SupplyRangeClaimed records a player's word (or the umpire's ruling) on
// units the map data cannot settle; under Simplified Supply a division put
// in range from a captured depot or levied town spends one of its victuals
// each (24.3).
type SupplyRangeClaimed struct {
	By      engine.Actor   `json:"by"`
	Side    engine.Side    `json:"side"`
	Turn    int            `json:"turn"`
	Units   []string       `json:"units"`
	Names   []string       `json:"names"`
	InRange bool           `json:"in_range"`
	Store   *VictualChange `json:"store,omitempty"`
	Reason  string         `json:"reason,omitempty"`
}

// RiversControlled records the Potomac River & Shenandoah Valley Control
// Phase (13.3): which control hexes Union brigades or divisions of 3+
// manpower hold.
type RiversControlled struct {
	By         engine.Actor      `json:"by,omitzero"`
	Turn       int               `json:"turn"`
	Potomac    bool              `json:"potomac"`
	Shenandoah bool              `json:"shenandoah"`
	Held       map[string]string `json:"held,omitempty"` // control hex -> the Union unit holding it
	Unchecked  []string          `json:"unchecked,omitempty"`
	Ruling     string            `json:"ruling,omitempty"`
}

// UnitForaged records foraging (13.5: a unit spends fatigue for victuals
// by its county's forage value; 24.4: a passive side keeps fatigue in the
// Recovery Phase for victuals).
type UnitForaged struct {
	By        engine.Actor   `json:"by"`
	Side      engine.Side    `json:"side"`
	Turn      int            `json:"turn"`
	Rule      string         `json:"rule"`
	Unit      string         `json:"unit,omitempty"`
	Name      string         `json:"name,omitempty"`
	Levels    int            `json:"levels"`              // normal: fatigue spent; simplified: fatigue kept
	Value     int            `json:"value,omitempty"`     // normal: the county's printed forage value (the forager's word)
	Modifiers []string       `json:"modifiers,omitempty"` // events stored before the codes: the modifiers in words
	Mods      []ForageMod    `json:"mods,omitempty"`      // the modifiers (forage_modifiers.go)
	Modified  int            `json:"modified,omitempty"`  // normal: the value after modifiers
	Gained    int            `json:"gained"`
	Fatigue   *VictualChange `json:"fatigue,omitempty"` // normal: the unit's fatigue before and after
	Victuals  *VictualChange `json:"victuals"`          // the unit's victuals, or the side's track
	// Enough is, when fewer fatigue levels would have given the unit as
	// many victuals (it holds at most SupplyMax, 13.0), the fewest that
	// would (normal supply; 0 otherwise). Issue 22: 4 fatigue spent for
	// one needed victual went unremarked.
	Enough int `json:"enough,omitempty"`
}

// VictualsDrawn records victuals drawn from a levied town or a captured
// depot by units of a passive side (13.1, 13.5, 13.8).
type VictualsDrawn struct {
	By        engine.Actor    `json:"by"`
	Side      engine.Side     `json:"side"`
	Turn      int             `json:"turn"`
	Store     VictualChange   `json:"store"`
	Units     []VictualChange `json:"units"`
	Unchecked []string        `json:"unchecked,omitempty"`
}

// SupplyEffect is what the Supply Effects Phase does to one unit.
type SupplyEffect struct {
	Unit        string      `json:"unit"`
	Name        string      `json:"name"`
	Side        engine.Side `json:"side"`
	Disorganize bool        `json:"disorganize,omitempty"`
	Manpower    int         `json:"manpower,omitempty"` // manpower before a loss (the loss is one)
	Lost        bool        `json:"lost,omitempty"`
	Roll        int64       `json:"roll,omitempty"` // the roll for a unit of 6 manpower or less (24.6 **)
	Die         int         `json:"die,omitempty"`
	Exempt      string      `json:"exempt,omitempty"` // why 24.6 * spares it
}

// SupplyEffectsApplied records the Supply Effects Phase (13.6; 24.6).
type SupplyEffectsApplied struct {
	Turn   int                 `json:"turn"`
	Rule   string              `json:"rule"`
	Levels map[engine.Side]int `json:"levels,omitempty"` // simplified: each side's track
	DRM    map[engine.Side]int `json:"drm,omitempty"`    // simplified: disorganization roll modifier next turn
	Units  []SupplyEffect      `json:"units,omitempty"`
}

// RepairAttempted records a Union attempt to repair a damaged station
// (13.7); the roll is the dice.rolled event before it.
type RepairAttempted struct {
	By        engine.Actor `json:"by"`
	Turn      int          `json:"turn"`
	Station   string       `json:"station"`
	Roll      int64        `json:"roll"`
	Die       int          `json:"die"`
	Modifiers []string     `json:"modifiers,omitempty"`
	Total     int          `json:"total"`
	Repaired  bool         `json:"repaired"`
	Unchecked []string     `json:"unchecked,omitempty"`
	Reason    string       `json:"reason,omitempty"`
	// Prevented: in a hidden mode an enemy unit the Union did not see in
	// or next to the station prevented the attempt (13.7; hidden.go):
	// the turn's attempt is spent, no die is rolled, and it does not
	// count as an earlier attempt for the modifier.
	Prevented bool `json:"prevented,omitempty"`
}

// DepotScheduled records a side's secret depot schedule (13.8).
type DepotScheduled struct {
	By       engine.Actor  `json:"by"`
	Schedule DepotSchedule `json:"schedule"`
	Reason   string        `json:"reason,omitempty"`
}

// DepotChange is a depot placed, removed, or a schedule hastened or
// dropped.
type DepotChange struct {
	Side   engine.Side `json:"side"`
	Place  string      `json:"place"`
	Action string      `json:"action"`        // placed, removed, hastened, dropped
	Why    string      `json:"why,omitempty"` // stored before the codes: read, never written
	Due    int         `json:"due,omitempty"`
	Code   string      `json:"code,omitempty"` // why (DepotWhy*; the words are the bot's)
}

// Why a depot changed (DepotChange.Code; issue 20: codes in events, words
// in the bot). A code, once written to a log, keeps its meaning.
const (
	DepotWhyHastened    = "hastened"     // passive again before it is done: one turn less (13.8)
	DepotWhyCaptured    = "captured"     // captured or destroyed before it was dismantled (13.8)
	DepotWhyDismantled  = "dismantled"   // dismantled as scheduled (13.8)
	DepotWhyOffMap      = "off-map"      // the place is not in the map data
	DepotWhySite        = "site"         // the site no longer meets its conditions (13.8)
	DepotWhyConstructed = "constructed"  // constructed as scheduled (13.8)
	DepotWhyCSA         = "csa"          // a Confederate depot at Winchester or Berryville (13.8)
	DepotWhyLRTAFlipped = "lrta-flipped" // LRTA: flipped to its completed side on a passive turn (004)
	DepotWhyLRTASite    = "lrta-site"    // LRTA: the site no longer meets the conditions it was begun under (LRTG 13.8)
)

// DepotsChanged records the Depot Placement / Removal step (13.8), or a
// Confederate depot placed at Winchester or Berryville.
type DepotsChanged struct {
	By      engine.Actor  `json:"by,omitzero"`
	Turn    int           `json:"turn"`
	Changes []DepotChange `json:"changes"`
}

// AmmoDrawChange is a unit's Ammunition Track space before and after.
type AmmoDrawChange struct {
	Unit string `json:"unit"`
	Name string `json:"name"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// AmmoDrawn records Confederate divisions drawing ammunition from a
// captured depot in their county (19.5, 19.6).
type AmmoDrawn struct {
	By    engine.Actor     `json:"by"`
	Turn  int              `json:"turn"`
	Depot string           `json:"depot"`
	From  int              `json:"from"` // the depot's ammunition before
	To    int              `json:"to"`
	Units []AmmoDrawChange `json:"units"`
}

// Recovery is what the Recovery Phase does to one unit.
type Recovery struct {
	Unit           string      `json:"unit"`
	Name           string      `json:"name"`
	Side           engine.Side `json:"side"`
	Fatigue        [2]int      `json:"fatigue"`
	Reorganized    bool        `json:"reorganized,omitempty"`
	Undemoralized  int         `json:"undemoralized,omitempty"` // the level removed
	Recovered      bool        `json:"recovered,omitempty"`     // from exhaustion
	Exhausted      bool        `json:"exhausted,omitempty"`     // newly
	NoReorganizing string      `json:"no_reorganizing,omitempty"`
}

// StragglerRoll is one roll of optional rule 30.2 for a unit's stragglers.
type StragglerRoll struct {
	Unit      string      `json:"unit"`
	Name      string      `json:"name"`
	Side      engine.Side `json:"side"`
	Roll      int64       `json:"roll"`
	Faces     []int       `json:"faces"`
	Lost      int         `json:"lost,omitempty"`     // 1: permanent, a combat loss
	Kept      int         `json:"kept,omitempty"`     // 2-4: still stragglers
	Restored  int         `json:"restored,omitempty"` // 5-6: back to the unit
	VP        int         `json:"vp,omitempty"`
	Manpower0 int         `json:"manpower_before"`
}

// UnitsRecovered records the Recovery Phase.
type UnitsRecovered struct {
	Turn       int                 `json:"turn"`
	Units      []Recovery          `json:"units"`
	Keep       map[engine.Side]int `json:"keep,omitempty"` // 24.4: fatigue kept to forage
	Stragglers []StragglerRoll     `json:"stragglers,omitempty"`
}

// StragglersRecorded records non-combat march losses for optional rule
// 30 (30.1): they are rolled for in the Recovery Phase of a passive turn.
type StragglersRecorded struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Unit   string       `json:"unit"`
	Name   string       `json:"name"`
	MP     int          `json:"mp"`
	Reason string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*SegmentOpened) EventType() string { return EventSegmentOpened }

// EventType implements Event.
func (*SegmentDone) EventType() string { return EventSegmentDone }

// EventType implements Event.
func (*SupplyStatusSet) EventType() string { return EventSupplyStatus }

// EventType implements Event.
func (*SupplyRangeClaimed) EventType() string { return EventSupplyRange }

// EventType implements Event.
func (*RiversControlled) EventType() string { return EventRivers }

// EventType implements Event.
func (*UnitForaged) EventType() string { return EventForaged }

// EventType implements Event.
func (*VictualsDrawn) EventType() string { return EventVictualsDrawn }

// EventType implements Event.
func (*SupplyEffectsApplied) EventType() string { return EventSupplyEffects }

// EventType implements Event.
func (*RepairAttempted) EventType() string { return EventRepairAttempted }

// EventType implements Event.
func (*DepotScheduled) EventType() string { return EventDepotScheduled }

// EventType implements Event.
func (*DepotsChanged) EventType() string { return EventDepotsChanged }

// EventType implements Event.
func (*AmmoDrawn) EventType() string { return EventAmmoDrawn }

// EventType implements Event.
func (*UnitsRecovered) EventType() string { return EventUnitsRecovered }

// EventType implements Event.
func (*StragglersRecorded) EventType() string { return EventStragglers }

// EventType implements Event.
func (*VictoryChecked) EventType() string { return EventVictoryChecked }
