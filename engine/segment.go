package engine

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Phases 5-8 of the sequence of play (003 Detailed Sequence of Play 5-8):
// the Supply Segment (LRTG 13, 19, 24), the Recovery Phase (GCACW
// Standardized Rules as 003 6 a)-d) prints them; optional rule 30), the
// County Control Phase (LRTG 11) and the Victory Check Phase (LRTG 15.2;
// 000 VIII).
//
// What the engine computes and what is the players' word: supply status
// follows 13.2 as far as the map data goes (counties are regions, depots and
// stations are places, railroads are station lists). The map data has no
// roads, pikes or ZOC, so "a path of six hexes or less" to a depot is the
// owning player's word when the unit is six hexes or less from it (and
// impossible beyond). County forage values are on the Player Aids, not
// among the seeds: the forager gives his county's value and the engine
// applies the modifiers it can compute. Everything else the steps do
// (expenditure, resupply, supply effects, recovery, depot schedules, the
// victory check) is applied from the state.

func init() {
	registerModule(decideSegment, applySegment,
		&SegmentOpened{}, &SegmentDone{}, &SupplyStatusSet{}, &SupplyRangeClaimed{}, &RiversControlled{},
		&UnitForaged{}, &VictualsDrawn{}, &SupplyEffectsApplied{}, &RepairAttempted{}, &DepotScheduled{},
		&DepotsChanged{}, &AmmoDrawn{}, &UnitsRecovered{}, &StragglersRecorded{}, &VictoryChecked{})
	registerStep("5a", procLevies, segWait("5a"))
	registerStep("5b", procSupplyStatus, segWait("5b"))
	registerStep("5c", procRivers, nil)
	registerStep("5d", procExpenditure, nil)
	registerStep("5e", procResupply, segWait("5e"))
	registerStep("5f", procSupplyEffects, nil)
	registerStep("5g", procRepair, segWait("5g"))
	registerStep("5h", procDepots, segWait("5h"))
	registerStep("5i", procAmmo, segWait("5i"))
	registerStep("6", procRecovery, nil)
	registerStep("7", procCounty, segWait("7"))
	registerStep("8", procVictory, segWaitVictory)
}

// SegmentState is the game's state of this module: what this turn's steps
// determined (Turn names the turn; a new turn starts them afresh), and
// what lasts from turn to turn (repair attempts, depot schedules, captured
// depots' ammunition, stragglers, preliminary victories, the outcome).
type SegmentState struct {
	Turn    int          `json:"turn,omitempty"`
	Waits   []StepWait   `json:"waits,omitempty"`   // this turn: who each step waits for
	Done    []StepWait   `json:"done,omitempty"`    // this turn: who has said /segment done
	Notes   []StepWait   `json:"notes,omitempty"`   // this turn: what each step told a side alone
	Status  []UnitSupply `json:"status,omitempty"`  // this turn: 5b
	Foraged []string     `json:"foraged,omitempty"` // this turn: units that foraged (13.5)
	Keep    map[Side]int `json:"keep,omitempty"`    // this turn: fatigue a side keeps to forage (24.4)
	Flipped string       `json:"flipped,omitempty"` // this turn: the Union depot LRTA's 5h completed (004 5 h) ii))

	Rivers      RiverControl    `json:"rivers,omitzero"`   // 13.3 as last determined
	Effects     map[Side]int    `json:"effects,omitempty"` // 24.6: disorganization modifier for the turn after EffectsTurn
	EffectsTurn int             `json:"effects_turn,omitempty"`
	RepairTurn  int             `json:"repair_turn,omitempty"` // the turn of the last repair attempt (13.7: one a turn)
	Repairs     map[string]int  `json:"repairs,omitempty"`     // attempts made per station (13.7)
	Schedules   []DepotSchedule `json:"schedules,omitempty"`   // pending depot schedules (13.8)
	Gone        []string        `json:"gone,omitempty"`        // depots dismantled or removed: not replaced (13.8)
	AmmoUsed    map[string]int  `json:"ammo_used,omitempty"`   // captured depots' ammunition drawn (19.5-19.6)
	Stragglers  map[string]int  `json:"stragglers,omitempty"`  // non-combat march losses awaiting recovery (30.1)
	Prelims     []Prelim        `json:"prelims,omitempty"`     // preliminary victories (000 VIII optional)
	Outcome     *VictoryResult  `json:"outcome,omitempty"`     // the game is over: its result
}

// StepWait is a side a step waits for, and what for.
type StepWait struct {
	Step string `json:"step"`
	Side Side   `json:"side"`
	What string `json:"what,omitempty"`
}

// UnitSupply is a unit's supply status (13.2): in resupply range or not,
// why, and whether the map data settles it (Sure) or it is the owning
// player's word (Claimed names who said so).
type UnitSupply struct {
	Unit    string `json:"unit"`
	Name    string `json:"name"`
	Side    Side   `json:"side"`
	InRange bool   `json:"in_range"`
	Sure    bool   `json:"sure"`
	Why     string `json:"why"`
	Claimed string `json:"claimed,omitempty"`
}

// RiverControl is the Union's control of the Potomac River and the
// Shenandoah Valley (13.3) as determined on Turn.
type RiverControl struct {
	Turn       int    `json:"turn,omitempty"`
	Potomac    bool   `json:"potomac,omitempty"`
	Shenandoah bool   `json:"shenandoah,omitempty"`
	Ruling     string `json:"ruling,omitempty"` // the umpire's, when he set it
}

// DepotSchedule is a depot a side has scheduled to construct or dismantle
// (13.8): it takes effect in the Depot Placement / Removal step of Due.
type DepotSchedule struct {
	Side   Side   `json:"side"`
	Place  string `json:"place"`
	Action string `json:"action"` // construct or dismantle
	Turn   int    `json:"turn"`   // scheduled on
	Due    int    `json:"due"`
	Rail   bool   `json:"rail,omitempty"` // a construction on a connected station (7 turns, not 12)
}

// Depot schedule actions.
const (
	DepotConstruct = "construct"
	DepotDismantle = "dismantle"
	DepotPlace     = "place" // the Confederate depots at Winchester and Berryville (13.8)
)

// Depot schedule lengths (13.8).
const (
	DismantleTurns     = 5
	ConstructRailTurns = 7
	ConstructTownTurns = 12
)

// ---------------------------------------------------------------------
// Events.

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
// tells: Public to everyone, Secret to each side alone.
type SegmentOpened struct {
	Turn   int               `json:"turn"`
	Step   string            `json:"step"`
	Waits  []StepWait        `json:"waits,omitempty"`
	Public []string          `json:"public,omitempty"`
	Secret map[Side][]string `json:"secret,omitempty"`
}

// SegmentDone records a side done with its part of a step.
type SegmentDone struct {
	By   Actor  `json:"by"`
	Side Side   `json:"side"`
	Turn int    `json:"turn"`
	Step string `json:"step"`
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
	By      Actor          `json:"by"`
	Side    Side           `json:"side"`
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
	By         Actor             `json:"by,omitzero"`
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
	By        Actor          `json:"by"`
	Side      Side           `json:"side"`
	Turn      int            `json:"turn"`
	Rule      string         `json:"rule"`
	Unit      string         `json:"unit,omitempty"`
	Name      string         `json:"name,omitempty"`
	Levels    int            `json:"levels"`          // normal: fatigue spent; simplified: fatigue kept
	Value     int            `json:"value,omitempty"` // normal: the county's printed forage value (the forager's word)
	Modifiers []string       `json:"modifiers,omitempty"`
	Modified  int            `json:"modified,omitempty"` // normal: the value after modifiers
	Gained    int            `json:"gained"`
	Fatigue   *VictualChange `json:"fatigue,omitempty"` // normal: the unit's fatigue before and after
	Victuals  *VictualChange `json:"victuals"`          // the unit's victuals, or the side's track
}

// VictualsDrawn records victuals drawn from a levied town or a captured
// depot by units of a passive side (13.1, 13.5, 13.8).
type VictualsDrawn struct {
	By        Actor           `json:"by"`
	Side      Side            `json:"side"`
	Turn      int             `json:"turn"`
	Store     VictualChange   `json:"store"`
	Units     []VictualChange `json:"units"`
	Unchecked []string        `json:"unchecked,omitempty"`
}

// SupplyEffect is what the Supply Effects Phase does to one unit.
type SupplyEffect struct {
	Unit        string `json:"unit"`
	Name        string `json:"name"`
	Side        Side   `json:"side"`
	Disorganize bool   `json:"disorganize,omitempty"`
	Manpower    int    `json:"manpower,omitempty"` // manpower before a loss (the loss is one)
	Lost        bool   `json:"lost,omitempty"`
	Roll        int64  `json:"roll,omitempty"` // the roll for a unit of 6 manpower or less (24.6 **)
	Die         int    `json:"die,omitempty"`
	Exempt      string `json:"exempt,omitempty"` // why 24.6 * spares it
}

// SupplyEffectsApplied records the Supply Effects Phase (13.6; 24.6).
type SupplyEffectsApplied struct {
	Turn   int            `json:"turn"`
	Rule   string         `json:"rule"`
	Levels map[Side]int   `json:"levels,omitempty"` // simplified: each side's track
	DRM    map[Side]int   `json:"drm,omitempty"`    // simplified: disorganization roll modifier next turn
	Units  []SupplyEffect `json:"units,omitempty"`
}

// RepairAttempted records a Union attempt to repair a damaged station
// (13.7); the roll is the dice.rolled event before it.
type RepairAttempted struct {
	By        Actor    `json:"by"`
	Turn      int      `json:"turn"`
	Station   string   `json:"station"`
	Roll      int64    `json:"roll"`
	Die       int      `json:"die"`
	Modifiers []string `json:"modifiers,omitempty"`
	Total     int      `json:"total"`
	Repaired  bool     `json:"repaired"`
	Unchecked []string `json:"unchecked,omitempty"`
	Reason    string   `json:"reason,omitempty"`
	// Prevented: in a hidden mode an enemy unit the Union did not see in
	// or next to the station prevented the attempt (13.7; hidden.go):
	// the turn's attempt is spent, no die is rolled, and it does not
	// count as an earlier attempt for the modifier.
	Prevented bool `json:"prevented,omitempty"`
}

// DepotScheduled records a side's secret depot schedule (13.8).
type DepotScheduled struct {
	By       Actor         `json:"by"`
	Schedule DepotSchedule `json:"schedule"`
	Reason   string        `json:"reason,omitempty"`
}

// DepotChange is a depot placed, removed, or a schedule hastened or
// dropped.
type DepotChange struct {
	Side   Side   `json:"side"`
	Place  string `json:"place"`
	Action string `json:"action"` // placed, removed, hastened, dropped
	Why    string `json:"why,omitempty"`
	Due    int    `json:"due,omitempty"`
}

// DepotsChanged records the Depot Placement / Removal step (13.8), or a
// Confederate depot placed at Winchester or Berryville.
type DepotsChanged struct {
	By      Actor         `json:"by,omitzero"`
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
	By    Actor            `json:"by"`
	Turn  int              `json:"turn"`
	Depot string           `json:"depot"`
	From  int              `json:"from"` // the depot's ammunition before
	To    int              `json:"to"`
	Units []AmmoDrawChange `json:"units"`
}

// Recovery is what the Recovery Phase does to one unit.
type Recovery struct {
	Unit           string `json:"unit"`
	Name           string `json:"name"`
	Side           Side   `json:"side"`
	Fatigue        [2]int `json:"fatigue"`
	Reorganized    bool   `json:"reorganized,omitempty"`
	Undemoralized  int    `json:"undemoralized,omitempty"` // the level removed
	Recovered      bool   `json:"recovered,omitempty"`     // from exhaustion
	Exhausted      bool   `json:"exhausted,omitempty"`     // newly
	NoReorganizing string `json:"no_reorganizing,omitempty"`
}

// StragglerRoll is one roll of optional rule 30.2 for a unit's stragglers.
type StragglerRoll struct {
	Unit      string `json:"unit"`
	Name      string `json:"name"`
	Side      Side   `json:"side"`
	Roll      int64  `json:"roll"`
	Faces     []int  `json:"faces"`
	Lost      int    `json:"lost,omitempty"`     // 1: permanent, a combat loss
	Kept      int    `json:"kept,omitempty"`     // 2-4: still stragglers
	Restored  int    `json:"restored,omitempty"` // 5-6: back to the unit
	VP        int    `json:"vp,omitempty"`
	Manpower0 int    `json:"manpower_before"`
}

// UnitsRecovered records the Recovery Phase.
type UnitsRecovered struct {
	Turn       int             `json:"turn"`
	Units      []Recovery      `json:"units"`
	Keep       map[Side]int    `json:"keep,omitempty"` // 24.4: fatigue kept to forage
	Stragglers []StragglerRoll `json:"stragglers,omitempty"`
}

// StragglersRecorded records non-combat march losses for optional rule
// 30 (30.1): they are rolled for in the Recovery Phase of a passive turn.
type StragglersRecorded struct {
	By     Actor  `json:"by"`
	Turn   int    `json:"turn"`
	Unit   string `json:"unit"`
	Name   string `json:"name"`
	MP     int    `json:"mp"`
	Reason string `json:"reason,omitempty"`
}

// Victory levels, + Confederate.
const (
	UnionDecisive          = -3
	UnionSubstantive       = -2
	UnionMarginal          = -1
	ConfederateMarginal    = 1
	ConfederateSubstantive = 2
	ConfederateDecisive    = 3
	prelimCSASubstantiveVP = 180
	prelimCSAMarginalVP    = 160
	prelimMoraleGap        = 3
	potomacCheckMonthDay   = "06-30"
)

// VictoryLevelName names a victory level.
func VictoryLevelName(level int) string {
	return map[int]string{UnionDecisive: "Union Decisive", UnionSubstantive: "Union Substantive", UnionMarginal: "Union Marginal",
		ConfederateMarginal: "Confederate Marginal", ConfederateSubstantive: "Confederate Substantive", ConfederateDecisive: "Confederate Decisive"}[level]
}

// VictoryResult is a victory: its level (+ Confederate) and how it came.
type VictoryResult struct {
	Level int    `json:"level"`
	Name  string `json:"name"`
	Why   string `json:"why"`
	Turn  int    `json:"turn"`
}

// Prelim is a preliminary victory (000 VIII optional preliminary victory
// conditions): Level is ±1 (marginal) or ±2 (substantive).
type Prelim struct {
	Turn      int    `json:"turn"`
	Level     int    `json:"level"`
	Name      string `json:"name"`
	Why       string `json:"why"`
	Cancelled string `json:"prelimCancelled,omitempty"`
}

// VictoryChecked records a victory check: the Victory Check Phase (003 8)
// or the umpire's check at any moment (decisive victories and the Potomac
// end happen "at any time", 000 VIII).
type VictoryChecked struct {
	By        Actor          `json:"by"`
	Turn      int            `json:"turn"`
	Phase     bool           `json:"phase"` // the Victory Check Phase (preliminary victories are checked only there)
	VP        int            `json:"vp"`
	Morale    []ArmyCheck    `json:"morale"`
	Decisive  *VictoryResult `json:"decisive,omitempty"`
	Prelims   []Prelim       `json:"prelims,omitempty"`         // new preliminary victories
	Cancelled []Prelim       `json:"prelimCancelled,omitempty"` // preliminary victories prelimCancelled now
	End       string         `json:"end,omitempty"`             // why the game ends ("" it goes on)
	Result    *VictoryResult `json:"result,omitempty"`
	Checked   []string       `json:"checked,omitempty"`
	Unchecked []string       `json:"unchecked,omitempty"`
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

// ---------------------------------------------------------------------
// Reading the state.

// SupplyStatus returns the unit's supply status this turn (false: not
// determined this turn).
func (g GameState) SupplyStatus(id string) (UnitSupply, bool) {
	if g.Segment.Turn != g.Turn {
		return UnitSupply{}, false
	}
	for _, s := range g.Segment.Status {
		if s.Unit == id {
			return s, true
		}
	}
	return UnitSupply{}, false
}

// SupplyDisorganizationDRM is what Simplified Supply adds to a side's
// disorganization rolls in this turn's action phase (24.6: from the
// last turn's Supply Effects Phase).
func (g GameState) SupplyDisorganizationDRM(s Side) int {
	if g.Segment.EffectsTurn != g.Turn-1 {
		return 0
	}
	return g.Segment.Effects[s]
}

// PendingSchedules returns a side's depot schedules not yet due.
func (g GameState) PendingSchedules(s Side) []DepotSchedule {
	var out []DepotSchedule
	for _, d := range g.Segment.Schedules {
		if d.Side == s {
			out = append(out, d)
		}
	}
	return out
}

// StoreAmmo returns what is left of a captured depot's ammunition (19.6)
// for its captor (false: the place is no captured depot with ammunition).
func (g GameState) StoreAmmo(p Place) (left, full int, ok bool) {
	ps := g.Places[p.Name]
	full, has := p.Values["depot_ammo"]
	if ps.Captured == "" || ps.DepotDestroyed || !has {
		return 0, 0, false
	}
	return full - g.Segment.AmmoUsed[p.Name], full, true
}

// Passive reports whether a side is passive this turn (1e; LRTG 4.0).
// Only passive segSides gain victuals (13.0), forage, schedule depots (13.8)
// and roll for stragglers (30.2).
func (g GameState) Passive(s Side) bool { return g.Declared.Passive(s, g.Turn) }

// segSides are both segSides in a fixed order.
var segSides = [2]Side{CSA, USA}

func segSide(s Side) string { return strings.ToUpper(string(s)) }

func segTheatre(ctx StepContext) *Theatre {
	if ctx.Move != nil {
		return ctx.Move.Theatre
	}
	return nil
}

func segSizes(ctx StepContext) UnitSizes {
	if ctx.Move != nil {
		return SizesOf(ctx.Move.OOB)
	}
	return nil
}

// segCounty returns the county region holding h ("" when none does).
func segCounty(t *Theatre, h Hex) string {
	if t == nil {
		return ""
	}
	p := Center(h)
	for i := range t.Regions {
		if t.Regions[i].Kind == "county" && t.Regions[i].Contains(p) {
			return t.Regions[i].ID
		}
	}
	return ""
}

func segRegionName(t *Theatre, id string) string {
	if t != nil {
		if r := t.Region(id); r != nil {
			return r.Name
		}
	}
	return id
}

// segIn reports whether h lies in the region (false without map data).
func segIn(t *Theatre, id string, h Hex) bool {
	if t == nil {
		return false
	}
	r := t.Region(id)
	return r != nil && r.Contains(Center(h))
}

// segUnits returns the units on the map that are not leaders, sorted by
// id.
func (g GameState) segUnits(keep func(UnitState) bool) []UnitState {
	var out []UnitState
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id].WithStatus()
		if u.OnMap && !u.Eliminated && u.Kind != "leader" && (keep == nil || keep(u)) {
			out = append(out, u)
		}
	}
	return out
}

// segEnemyNear reports whether a unit of the enemy of s is in h or, with
// adjacent, next to it.
func (g GameState) segEnemyNear(s Side, h Hex, adjacent bool) bool {
	for _, u := range g.Units {
		if u.Side != s && u.OnMap && !u.Eliminated && u.Kind != "leader" {
			if d := Distance(u.Hex, h); d == 0 || adjacent && d == 1 {
				return true
			}
		}
	}
	return false
}

// segEnemyNearBy is segEnemyNear as an actor knows it (hidden.go): seen,
// a unit he sees identified is there; hidden, only units he does not see.
func (g GameState) segEnemyNearBy(s Side, h Hex, adjacent bool, unseen func(UnitState) bool) (seen, hidden bool) {
	for _, u := range g.Units {
		if u.Side != s && u.OnMap && !u.Eliminated && u.Kind != "leader" {
			if d := Distance(u.Hex, h); d == 0 || adjacent && d == 1 {
				if unseen != nil && unseen(u) {
					hidden = true
				} else {
					seen = true
				}
			}
		}
	}
	return seen, hidden
}

// segDepot is a standing depot on the map.
type segDepot struct {
	Place
	Owner  Side
	Holder Side // the owner, or the enemy that captured it
}

// depots returns the standing depots of the map, sorted by name.
func (g GameState) segDepots(t *Theatre) []segDepot {
	if t == nil {
		return nil
	}
	var out []segDepot
	for _, name := range segPlaceNames(g.Places) {
		ps := g.Places[name]
		if ps.Depot == "" || ps.DepotDestroyed {
			continue
		}
		p := t.Place(name)
		if p == nil {
			continue
		}
		d := segDepot{Place: *p, Owner: ps.Depot, Holder: ps.Depot}
		if ps.Captured != "" {
			d.Holder = ps.Captured
		}
		out = append(out, d)
	}
	return out
}

func segPlaceNames(m map[string]PlaceState) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// segFriendlyDepots are the side's own depots, not captured and not
// occupied by an enemy unit (13.2 note: "a player may not utilize a depot for supply
// if the depot is occupied by an enemy unit").
func (g GameState) segFriendlyDepots(t *Theatre, s Side) []segDepot {
	var out []segDepot
	for _, d := range g.segDepots(t) {
		if d.Owner == s && d.Holder == s && !g.segEnemyNear(s, d.Hex, false) {
			out = append(out, d)
		}
	}
	return out
}

// ---------------------------------------------------------------------
// Railroads.

// segRailLinks returns the stations joined to each station by the map's
// railroads (neighbouring stops).
func segRailLinks(t *Theatre) map[string][]string {
	adj := map[string][]string{}
	for _, l := range t.Lines {
		if l.Kind != "railroad" {
			continue
		}
		for i := 1; i < len(l.Stops); i++ {
			a, b := l.Stops[i-1], l.Stops[i]
			adj[a] = append(adj[a], b)
			adj[b] = append(adj[b], a)
		}
	}
	return adj
}

// segRailReach returns the stations reached by rail from the start stations
// without entering a blocked one (a start station that is blocked is not
// left).
func segRailReach(t *Theatre, start []string, blocked func(string) bool) map[string]bool {
	adj := segRailLinks(t)
	seen := map[string]bool{}
	queue := []string{}
	for _, s := range start {
		if !blocked(s) && !seen[s] {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, n := range adj[cur] {
			if !seen[n] && !blocked(n) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return seen
}

// segStationOut reports whether a station carries a Damage or Destroy marker.
func (g GameState) segStationOut(name string) bool { return g.Places[name].Station != "" }

// segCSAControls reports whether the Confederates control the county
// region now: they scored it in the last County Control Phase (LRTG 11;
// the halves of Frederick County count for the county's region).
func (g GameState) segCSAControls(region string) bool {
	if region == "" {
		return false
	}
	for id, turns := range g.Victory.Counties {
		if id != region && !strings.HasPrefix(id, region+"-") {
			continue
		}
		for _, t := range turns {
			if t == g.Turn || t == g.Turn-1 {
				return true
			}
		}
	}
	return false
}

// segUnionRail reports whether a Union unit's county has a station
// without a Damage or Destroy marker from which a railroad path reaches a
// Union depot, entering no damaged or destroyed station and no
// Confederate-controlled county (13.2). Destroyed bridges are not on the
// map's railroads: the path does not see them.
func (g GameState) segUnionRail(t *Theatre, county string) (string, bool) {
	if t == nil || county == "" || g.segCSAControls(county) {
		return "", false
	}
	var start []string
	for i := range t.Places {
		p := &t.Places[i]
		if p.Is("rr-station") && segCounty(t, p.Hex) == county && !g.segStationOut(p.Name) {
			start = append(start, p.Name)
		}
	}
	if len(start) == 0 {
		return "", false
	}
	blocked := func(name string) bool {
		if g.segStationOut(name) {
			return true
		}
		p := t.Place(name)
		return p != nil && g.segCSAControls(segCounty(t, p.Hex))
	}
	reach := segRailReach(t, start, blocked)
	for _, d := range g.segFriendlyDepots(t, USA) {
		if reach[d.Name] {
			return d.Name, true
		}
	}
	return "", false
}

// ---------------------------------------------------------------------
// 5b Supply status (13.2).

// segStatusOf settles a unit's resupply range as far as the map data
// allows.
func (g GameState) segStatusOf(t *Theatre, u UnitState) UnitSupply {
	st := UnitSupply{Unit: u.ID, Name: u.Name, Side: u.Side}
	if t == nil {
		st.Why = "no map data: the owning player's word"
		return st
	}
	county := segCounty(t, u.Hex)
	deps := g.segFriendlyDepots(t, u.Side)
	for _, d := range deps {
		if county != "" && segCounty(t, d.Hex) == county {
			st.InRange, st.Sure, st.Why = true, true, fmt.Sprintf("a %s depot in its county (%s at %s)", segSide(u.Side), segRegionName(t, county), d.Name)
			return st
		}
	}
	if u.Side == CSA {
		for _, c := range []string{"va.orange", "va.spotsylvania", "va.caroline"} {
			if county == c {
				st.InRange, st.Sure, st.Why = true, true, "in "+segRegionName(t, c)+" (13.2)"
				return st
			}
		}
	} else if via, ok := g.segUnionRail(t, county); ok {
		st.InRange, st.Sure, st.Why = true, true, fmt.Sprintf("a station in %s connected by rail to the depot at %s", segRegionName(t, county), via)
		return st
	}
	near := ""
	best := 0
	for _, d := range deps {
		if n := Distance(u.Hex, d.Hex); n <= 6 && (near == "" || n < best) {
			near, best = d.Name, n
		}
	}
	if near != "" {
		st.Why = fmt.Sprintf("%d hexes from the depot at %s: in range if a road, pike or railroad path of six hexes or less, clear of enemy units and uncovered enemy ZOC, reaches it (the owner's word: the map data has no roads)", best, near)
		return st
	}
	st.Sure, st.Why = true, "no friendly depot in its county or within six hexes"
	if u.Side == USA {
		st.Why += ", and no station of its county connected by rail to one"
	}
	return st
}

// segStatusUnits are the units the Supply Status Phase settles: the Units
// Requiring Supply (13.0), or, under Simplified Supply, the side's
// division-sized units (24.2).
func (g GameState) segStatusUnits(s Side, sizes UnitSizes) []UnitState {
	if g.Options.Supply != "simplified" {
		return g.SupplyUnits(s, sizes)
	}
	return g.segUnits(func(u UnitState) bool { return u.Side == s && sizeOf(u, sizes) == "division" })
}

func procSupplyStatus(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	t, sizes := segTheatre(ctx), segSizes(ctx)
	ev := &SupplyStatusSet{Turn: g.Turn, Rule: g.Options.Supply}
	open := &SegmentOpened{Turn: g.Turn, Step: "5b", Public: []string{"Each side's supply status is determined (13.2); each side sees its own with /segment show."}}
	for _, s := range segSides {
		unsure := 0
		for _, u := range g.segStatusUnits(s, sizes) {
			st := g.segStatusOf(t, u)
			if !st.Sure {
				unsure++
			}
			ev.Units = append(ev.Units, st)
		}
		if unsure > 0 || g.Options.LimitedIntel {
			open.Waits = append(open.Waits, StepWait{Step: "5b", Side: s,
				What: fmt.Sprintf("the %s's word on units the map cannot settle (/segment range, then /segment done)", segSide(s))})
		}
		if unsure > 0 {
			open.addSecret(s, fmt.Sprintf("%d of your units are within six hexes of a depot: say which are in resupply range with /segment range units:<...> in_range:true; the others are not.", unsure))
		}
	}
	return []Event{ev, open}, nil
}

func (o *SegmentOpened) addSecret(s Side, line string) {
	if o.Secret == nil {
		o.Secret = map[Side][]string{}
	}
	o.Secret[s] = append(o.Secret[s], line)
}

// ClaimRange records a player's word on units the map data cannot settle
// (5b), or, under Simplified Supply, puts Confederate divisions in range
// from a captured depot or levied town in their county (24.3).
type ClaimRange struct {
	By      Actor
	Units   []string
	InRange bool
	Store   *Place
	Map     *Theatre
	Reason  string
}

// CommandName implements Command.
func (ClaimRange) CommandName() string { return "segment range" }

func (g GameState) decideSegRange(cmd ClaimRange) ([]Event, error) {
	if err := g.inSegStep(cmd.By, "5b", cmd.Reason); err != nil {
		return nil, err
	}
	if len(cmd.Units) == 0 {
		return nil, Invalid("segment.units", "No units named", "Name them with units:<unit,...>")
	}
	umpire := g.IsUmpire(cmd.By)
	ev := &SupplyRangeClaimed{By: cmd.By, Turn: g.Turn, InRange: cmd.InRange, Reason: strings.TrimSpace(cmd.Reason)}
	for _, id := range cmd.Units {
		u, err := g.unitFor(cmd.By, id)
		if err != nil {
			return nil, err
		}
		if ev.Side == "" {
			ev.Side = u.Side
		} else if u.Side != ev.Side {
			return nil, Invalid("segment.side", "Name one side's units at a time", "")
		}
		st, ok := g.SupplyStatus(u.ID)
		if !ok {
			return nil, Illegal("segment.range", fmt.Sprintf("%s has no supply status this turn", u.Name), "Only the units the Supply Status Phase lists (13.2; 24.2 divisions)")
		}
		if st.Sure && !umpire && cmd.Store == nil {
			return nil, &RuleError{Kind: ErrIllegal, Code: "segment.range.sure", What: fmt.Sprintf("%s's status is settled by the map: %s", u.Name, st.Why),
				Hint: "Only units six hexes or less from a depot are the player's word; the umpire may overrule with reason:", Rule: "LRTG 13.2"}
		}
		if contains(ev.Units, u.ID) {
			return nil, Invalid("segment.twice", u.Name+" is named twice", "")
		}
		ev.Units, ev.Names = append(ev.Units, u.ID), append(ev.Names, u.Name)
	}
	if cmd.Store != nil {
		if g.Options.Supply != "simplified" || ev.Side != CSA {
			return nil, Illegal("segment.range.store", "Only Confederate divisions under Simplified Supply spend a store's victuals to be in range", "Normal supply draws from stores in the Forage / Resupply step (/segment draw); 24.3")
		}
		if !cmd.InRange {
			return nil, Invalid("segment.range.store", "A store puts divisions in range", "Give in_range:true with at:")
		}
		left, holder, _, ok := g.Store(*cmd.Store)
		if !ok || holder != CSA {
			return nil, Illegal("segment.range.store", cmd.Store.Name+" is neither a levied town nor a depot the Confederates captured", "LRTG 24.3")
		}
		if left < len(ev.Units) {
			return nil, Illegal("segment.range.store", fmt.Sprintf("%s has %d victuals left; %d divisions need one each", cmd.Store.Name, left, len(ev.Units)), "LRTG 24.3")
		}
		if cmd.Map != nil {
			c := segCounty(cmd.Map, cmd.Store.Hex)
			for _, id := range ev.Units {
				if segCounty(cmd.Map, g.Units[id].Hex) != c || c == "" {
					return nil, &RuleError{Kind: ErrIllegal, Code: "segment.range.county", What: fmt.Sprintf("%s is not in %s's county", g.Units[id].Name, cmd.Store.Name), Rule: "LRTG 13.2, 24.3"}
				}
			}
		}
		ev.Store = &VictualChange{Unit: cmd.Store.Name, Name: cmd.Store.Name, From: left, To: left - len(ev.Units)}
	}
	return []Event{ev}, nil
}

// ---------------------------------------------------------------------
// 5a Confederate levies (13.1).

func procLevies(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "5a", Public: []string{"The Confederates may levy towns (/place action:levy, LRTG 13.1)."}}
	var towns []string
	if t != nil {
		for i := range t.Places {
			p := t.Places[i]
			if p.Is("levy-town") && !g.Places[p.Name].Levied && g.levyAllowed(p, false) == nil {
				towns = append(towns, p.Name)
			}
		}
	}
	if len(towns) > 0 || g.Options.LimitedIntel {
		open.Waits = []StepWait{{Step: "5a", Side: CSA, What: "the CSA's levies (/place action:levy) or /segment done"}}
	}
	if len(towns) > 0 {
		open.addSecret(CSA, "Towns you may levy now: "+strings.Join(towns, ", ")+".")
	} else {
		open.addSecret(CSA, "No town can be levied now (13.1: infantry of 5+ manpower at fatigue 0 in it, no enemy of 3+ manpower adjacent).")
	}
	return []Event{open}, nil
}

// ---------------------------------------------------------------------
// 5c Potomac River and Shenandoah Valley control (13.3).

func (g GameState) segRiverControl(t *Theatre, sizes UnitSizes) *RiversControlled {
	ev := &RiversControlled{Turn: g.Turn, Held: map[string]string{},
		Unchecked: []string{"a Confederate pontoon bridge across the Potomac (not in the game state: the umpire rules with /segment rivers)"}}
	if t == nil {
		ev.Unchecked = append(ev.Unchecked, "the control hexes (no map data)")
		return ev
	}
	held := func(kind string) bool {
		all, any := true, false
		for i := range t.Places {
			p := t.Places[i]
			if !p.Is(kind) {
				continue
			}
			any = true
			holder := ""
			for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == USA && u.Hex == p.Hex }) {
				if s := sizeOf(u, sizes); (s == "brigade" || s == "division") && u.Manpower >= 3 {
					holder = u.Name
					break
				}
			}
			if holder == "" {
				all = false
			} else {
				ev.Held[p.Name] = holder
			}
		}
		return any && all
	}
	ev.Potomac = held("potomac-control")
	ev.Shenandoah = held("valley-control")
	return ev
}

func procRivers(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	return []Event{g.segRiverControl(segTheatre(ctx), segSizes(ctx))}, nil
}

// SetRivers is the umpire's ruling on the Union's control of the Potomac
// and the Shenandoah Valley (13.3: a Confederate pontoon bridge, which the
// game state does not hold, cancels control of the Potomac).
type SetRivers struct {
	By         Actor
	Potomac    bool
	Shenandoah bool
	Reason     string
}

// CommandName implements Command.
func (SetRivers) CommandName() string { return "segment rivers" }

// segRiverModifiers are the Confederate forage modifiers of 13.3 / 13.5 1)-4)
// and 24.4 for a unit north of the Potomac (or the whole side under
// Simplified Supply): each Union control -1, and -1 / -2 / -3 after 15 /
// 22 / 29 turns of Confederate infantry north of the Potomac (the crossing
// turn counts as the first: the 24.4 count, lrtg-p2-supply.yaml).
func (g GameState) segRiverModifiers() (int, []string) {
	n := 0
	var why []string
	r := g.Segment.Rivers
	if r.Potomac {
		n--
		why = append(why, "-1 the Union controls the Potomac (13.3)")
	}
	if r.Shenandoah {
		n--
		why = append(why, "-1 the Union controls the Shenandoah Valley (13.3)")
	}
	if c := g.Victory.CrossedTurn; c > 0 {
		turns := g.Turn - c + 1
		switch {
		case turns >= 29:
			n -= 3
			why = append(why, fmt.Sprintf("-3 Confederate infantry north of the Potomac for %d turns (29 or more)", turns))
		case turns >= 22:
			n -= 2
			why = append(why, fmt.Sprintf("-2 Confederate infantry north of the Potomac for %d turns (22 or more)", turns))
		case turns >= 15:
			n--
			why = append(why, fmt.Sprintf("-1 Confederate infantry north of the Potomac for %d turns (15 or more)", turns))
		}
	}
	return n, why
}

// ---------------------------------------------------------------------
// 5d Supply expenditure (13.4; 24.1).

func procExpenditure(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	sizes := segSizes(ctx)
	var evs []Event
	state := g
	for _, s := range segSides {
		cmd := AdjustSupply{By: g.Umpire, Side: s, Delta: -1, Sizes: sizes}
		if g.Options.Supply == "simplified" {
			cmd.Reason = "supply expenditure (24.1)"
		} else {
			cmd.Reason = "supply expenditure (13.4: all but units at fatigue 0 in resupply range)"
			for _, u := range g.SupplyUnits(s, sizes) {
				st, _ := g.SupplyStatus(u.ID)
				if (u.Fatigue == 0 && st.InRange) || g.Victuals(u) <= 0 {
					continue
				}
				cmd.Units = append(cmd.Units, u.ID)
			}
			if len(cmd.Units) == 0 {
				continue
			}
		}
		ev, err := state.decideSupply(cmd)
		if err != nil {
			return nil, err
		}
		evs = append(evs, ev)
		state = state.Apply(ev)
	}
	return evs, nil
}

// ---------------------------------------------------------------------
// 5e Forage / resupply (13.5; 24.2, 24.4).

// segBand reports whether a cell's band holds n: "17+ (of 19)", "14-16",
// "4-5", "7" (the Simplified Supply resupply table).
func segBand(cell string, n int) bool {
	cell = strings.TrimSpace(cell)
	if i := strings.IndexByte(cell, ' '); i > 0 {
		cell = cell[:i]
	}
	if strings.HasSuffix(cell, "+") {
		v, err := strconv.Atoi(strings.TrimSuffix(cell, "+"))
		return err == nil && n >= v
	}
	if a, b, ok := strings.Cut(cell, "-"); ok {
		lo, err1 := strconv.Atoi(a)
		hi, err2 := strconv.Atoi(b)
		return err1 == nil && err2 == nil && n >= lo && n <= hi
	}
	v, err := strconv.Atoi(cell)
	return err == nil && v == n
}

// SimplifiedResupply returns the victuals a passive side gains for its
// divisions in resupply range (24.2), from the chart
// lrtg.simplified-resupply.
func SimplifiedResupply(ch *Chart, s Side, divisions int) (int, error) {
	if ch == nil {
		return 0, fmt.Errorf("engine: no Simplified Supply resupply chart")
	}
	col := 1
	if s == USA {
		col = 0
	}
	for _, row := range ch.Rows {
		if len(row) > 2 && segBand(row[col], divisions) {
			return strconv.Atoi(strings.TrimSpace(row[2]))
		}
	}
	return 0, fmt.Errorf("engine: %s has no row for %d %s divisions", ch.ID, divisions, segSide(s))
}

func procResupply(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	sizes := segSizes(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "5e"}
	var evs []Event
	state := g
	for _, s := range segSides {
		if !g.Passive(s) {
			open.Public = append(open.Public, fmt.Sprintf("The %s are not passive: they gain no victuals (13.0).", segSide(s)))
			continue
		}
		open.Waits = append(open.Waits, StepWait{Step: "5e", Side: s, What: fmt.Sprintf("the %s's foraging and draws (/segment forage, /segment draw) or /segment done", segSide(s))})
		cmd := AdjustSupply{By: g.Umpire, Side: s, Sizes: sizes}
		if g.Options.Supply == "simplified" {
			n := 0
			for _, st := range g.Segment.Status {
				if st.Side == s && st.InRange && g.Segment.Turn == g.Turn {
					n++
				}
			}
			var ch *Chart
			if ctx.Library != nil {
				ch = ctx.Library.Chart("lrtg.simplified-resupply")
			}
			v, err := SimplifiedResupply(ch, s, n)
			if err != nil {
				return nil, err
			}
			open.addSecret(s, fmt.Sprintf("Resupply: %d divisions in resupply range: %+d victuals (24.2).", n, v))
			if v == 0 {
				continue
			}
			cmd.Delta, cmd.Reason = v, fmt.Sprintf("resupply: %d divisions in resupply range (24.2)", n)
		} else {
			for _, u := range g.SupplyUnits(s, sizes) {
				if st, _ := g.SupplyStatus(u.ID); st.InRange && g.Victuals(u) < SupplyMax(s) {
					cmd.Units = append(cmd.Units, u.ID)
				}
			}
			if len(cmd.Units) == 0 {
				continue
			}
			cmd.Delta, cmd.Reason = SupplyMax(s), "resupply: units in resupply range are fully resupplied (13.5)"
		}
		ev, err := state.decideSupply(cmd)
		if err != nil {
			return nil, err
		}
		evs = append(evs, ev)
		state = state.Apply(ev)
	}
	return append(evs, open), nil
}

// Forage is a passive side's foraging (5e): under the normal rules a unit
// not in resupply range spends Levels fatigue for victuals by its county's
// forage Value (13.5; the value is on the Player Aids, not among the
// seeds: the player's word); under Simplified Supply the side keeps Levels
// fatigue in the Recovery Phase (24.4).
type Forage struct {
	By     Actor
	Side   Side   // simplified: the side (the player's own)
	Unit   string // normal
	Levels int
	Value  int
	Chart  *Chart // lrtg.forage (normal) or lrtg.simplified-forage
	Map    *Theatre
	Sizes  UnitSizes
	Reason string
}

// CommandName implements Command.
func (Forage) CommandName() string { return "segment forage" }

func (g GameState) decideSegForage(cmd Forage) ([]Event, error) {
	if err := g.inSegStep(cmd.By, "5e", cmd.Reason); err != nil {
		return nil, err
	}
	if cmd.Chart == nil {
		return nil, fmt.Errorf("engine: foraging needs its chart")
	}
	ev := &UnitForaged{By: cmd.By, Turn: g.Turn, Rule: g.Options.Supply, Levels: cmd.Levels}
	if g.Options.Supply == "simplified" {
		if err := g.sideFor(cmd.By, cmd.Side); err != nil {
			return nil, err
		}
		if err := g.quartermasterDuty(cmd.By, cmd.Side, DutyForage); err != nil { // 21.1 (quartermaster.go)
			return nil, err
		}
		ev.Side = cmd.Side
		if !g.Passive(cmd.Side) && !(g.IsUmpire(cmd.By) && cmd.Reason != "") {
			return nil, &RuleError{Kind: ErrIllegal, Code: "segment.passive", What: fmt.Sprintf("The %s are not passive this turn", segSide(cmd.Side)), Rule: "LRTG 13.0, 24.4"}
		}
		if _, done := g.Segment.Keep[cmd.Side]; done && g.Segment.Turn == g.Turn {
			return nil, Illegal("segment.forage.twice", "The side has already chosen its foraging this turn", "")
		}
		if cmd.Levels < 1 || cmd.Levels > 3 {
			return nil, Invalid("segment.forage.levels", fmt.Sprintf("%d fatigue levels cannot be kept", cmd.Levels), "Keep 1, 2 or 3 of the 3 levels the Recovery Phase removes (24.4)")
		}
		base := -1
		for _, row := range cmd.Chart.Rows {
			if len(row) > 1 && strings.TrimSpace(row[0]) == strconv.Itoa(cmd.Levels-3) {
				base, _ = strconv.Atoi(strings.TrimSpace(row[1]))
			}
		}
		if base < 0 {
			return nil, fmt.Errorf("engine: %s has no row for %d", cmd.Chart.ID, cmd.Levels-3)
		}
		mod, why := 0, []string(nil)
		if cmd.Side == CSA {
			mod, why = g.segRiverModifiers()
		} else if cmd.Map != nil {
			mod, why = g.segUnionForage(cmd.Map, cmd.Sizes)
		}
		ev.Gained, ev.Modifiers = max(base+mod, 0), why
		from := g.SupplyLevel(cmd.Side)
		to := from + ev.Gained
		if ev.Gained > 0 && from < 0 {
			to = ev.Gained // 24.5
		}
		to = min(to, SupplyMax(cmd.Side))
		ev.Victuals = &VictualChange{Unit: string(cmd.Side), Name: "supply track", From: from, To: to}
		return []Event{ev}, nil
	}
	u, err := g.dutyUnitFor(cmd.By, cmd.Unit, DutyForage) // unitFor, or the quartermaster general's (21.1)
	if err != nil {
		return nil, err
	}
	ev.Side, ev.Unit, ev.Name, ev.Value = u.Side, u.ID, u.Name, cmd.Value
	if !g.Passive(u.Side) && !(g.IsUmpire(cmd.By) && cmd.Reason != "") {
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.passive", What: fmt.Sprintf("The %s are not passive this turn", segSide(u.Side)), Hint: "Only passive players forage", Rule: "LRTG 13.0, 13.5"}
	}
	if !g.NeedsSupply(u, cmd.Sizes) {
		return nil, Invalid("segment.forage.unit", u.Name+" keeps no victuals", "Divisions and cavalry brigades do (13.0)")
	}
	if st, _ := g.SupplyStatus(u.ID); st.InRange {
		return nil, Illegal("segment.forage.range", u.Name+" is in resupply range: it is resupplied, not foraging", "LRTG 13.5")
	}
	if g.Segment.Turn == g.Turn && contains(g.Segment.Foraged, u.ID) {
		return nil, Illegal("segment.forage.twice", u.Name+" has already foraged this turn", "")
	}
	if cmd.Levels < 1 || cmd.Levels > 4 {
		return nil, Invalid("segment.forage.levels", fmt.Sprintf("%d fatigue levels is not a row of the forage table", cmd.Levels), "Spend 1 to 4 fatigue levels (13.5)")
	}
	if u.Fatigue+cmd.Levels > MaxFatigue {
		return nil, Illegal("segment.forage.fatigue", fmt.Sprintf("%s is at fatigue %d: it can spend at most %d levels", u.Name, u.Fatigue, MaxFatigue-u.Fatigue), "")
	}
	if cmd.Value < -5 || cmd.Value > 12 {
		return nil, Invalid("segment.forage.value", fmt.Sprintf("%d is not a county forage value", cmd.Value), "Give the county's forage value from the Player Aids")
	}
	mod := 0
	if u.Side == CSA && cmd.Map != nil && segIn(cmd.Map, "north-of-potomac", u.Hex) {
		mod, ev.Modifiers = g.segRiverModifiers()
	}
	ev.Modified = cmd.Value + mod
	col := min(max(ev.Modified, -1), 6) + 2 // column 1 is forage -1 (a lower value reads there too)
	if ev.Modified < -1 {
		ev.Modifiers = append(ev.Modifiers, fmt.Sprintf("%d is below the table: read as -1", ev.Modified))
	}
	if cmd.Levels > len(cmd.Chart.Rows) || col >= len(cmd.Chart.Rows[cmd.Levels-1]) {
		return nil, fmt.Errorf("engine: %s has no cell for %d levels, forage %d", cmd.Chart.ID, cmd.Levels, ev.Modified)
	}
	ev.Gained, _ = strconv.Atoi(strings.TrimSpace(cmd.Chart.Rows[cmd.Levels-1][col]))
	from := g.Victuals(u)
	ev.Victuals = &VictualChange{Unit: u.ID, Name: u.Name, From: from, To: min(from+ev.Gained, SupplyMax(u.Side))}
	ev.Fatigue = &VictualChange{Unit: u.ID, Name: u.Name, From: u.Fatigue, To: u.Fatigue + cmd.Levels}
	return []Event{ev}, nil
}

// segUnionForage is 24.4's Union modifier: -1 if most Union
// division-sized units are in Virginia, +1 if most are in Pennsylvania.
func (g GameState) segUnionForage(t *Theatre, sizes UnitSizes) (int, []string) {
	divs := g.segUnits(func(u UnitState) bool { return u.Side == USA && sizeOf(u, sizes) == "division" })
	va, pa := 0, 0
	for _, u := range divs {
		switch {
		case segIn(t, "va", u.Hex):
			va++
		case segIn(t, "pa", u.Hex):
			pa++
		}
	}
	switch {
	case 2*va > len(divs):
		return -1, []string{fmt.Sprintf("-1 most Union divisions are in Virginia (%d of %d)", va, len(divs))}
	case 2*pa > len(divs):
		return 1, []string{fmt.Sprintf("+1 most Union divisions are in Pennsylvania (%d of %d)", pa, len(divs))}
	}
	return 0, nil
}

// DrawVictuals takes victuals from a levied town or a captured depot for
// units of a passive side (13.1, 13.5, 13.8): each is filled up, in the
// order named, while the store lasts; a depot victual feeds a brigade or
// regiment twice (13.8).
type DrawVictuals struct {
	By     Actor
	Store  Place
	Units  []string
	Map    *Theatre
	Sizes  UnitSizes
	Reason string
}

// CommandName implements Command.
func (DrawVictuals) CommandName() string { return "segment draw" }

func (g GameState) decideSegDraw(cmd DrawVictuals) ([]Event, error) {
	if err := g.inSegStep(cmd.By, "5e", cmd.Reason); err != nil {
		return nil, err
	}
	if g.Options.Supply == "simplified" {
		return nil, Illegal("segment.draw.simplified", "Under Simplified Supply a store puts divisions in range in the Supply Status step instead", "/segment range units:<...> in_range:true at:<store> in step 5b (24.3)")
	}
	left, holder, _, ok := g.Store(cmd.Store)
	if !ok {
		return nil, Illegal("segment.draw.store", cmd.Store.Name+" is neither a levied town nor a captured depot", "Only levied towns (13.1) and captured depots (13.8) hold victuals")
	}
	if len(cmd.Units) == 0 {
		return nil, Invalid("segment.units", "No units named", "Name them with units:<unit,...>")
	}
	ev := &VictualsDrawn{By: cmd.By, Turn: g.Turn}
	depotStore := g.Places[cmd.Store.Name].Captured != ""
	need := 0
	for _, id := range cmd.Units {
		u, err := g.dutyUnitFor(cmd.By, id, DutyVictuals) // unitFor, or the quartermaster general's (21.1)
		if err != nil {
			return nil, err
		}
		if ev.Side == "" {
			ev.Side = u.Side
		} else if ev.Side != u.Side {
			return nil, Invalid("segment.side", "Name one side's units at a time", "")
		}
		if !g.NeedsSupply(u, cmd.Sizes) {
			return nil, Invalid("segment.draw.unit", u.Name+" keeps no victuals", "")
		}
		if ev.Side != holder {
			// 13.1: Union units occupying a levied town may take its victuals.
			if !(g.Places[cmd.Store.Name].Levied && ev.Side == USA && u.Hex == cmd.Store.Hex) {
				return nil, Illegal("segment.draw.holder", fmt.Sprintf("%s's victuals are the %s's", cmd.Store.Name, segSide(holder)), "The Union takes a levied town's victuals only with units occupying it (13.1)")
			}
		} else if cmd.Map != nil {
			c := segCounty(cmd.Map, cmd.Store.Hex)
			switch d := Distance(u.Hex, cmd.Store.Hex); {
			case c != "" && segCounty(cmd.Map, u.Hex) == c:
			case d <= 6:
				ev.Unchecked = append(ev.Unchecked, fmt.Sprintf("%s's road, pike or railroad path of six hexes or less to %s (%d hexes), clear of enemy units and uncovered enemy ZOC", u.Name, cmd.Store.Name, d))
			default:
				return nil, &RuleError{Kind: ErrIllegal, Code: "segment.draw.far", What: fmt.Sprintf("%s is neither in %s's county nor within six hexes of it", u.Name, cmd.Store.Name), Rule: "LRTG 13.1, 13.8"}
			}
		}
		from := g.Victuals(u)
		want := SupplyMax(u.Side) - from
		if want <= 0 {
			continue
		}
		cost := want
		small := sizeOf(u, cmd.Sizes) != "division" // 13.8: brigade and regiment size units
		if depotStore && small {
			cost = (want + 1) / 2
		}
		if need+cost > left {
			avail := left - need
			if avail <= 0 {
				break
			}
			if depotStore && small {
				want = min(want, 2*avail)
			} else {
				want = avail
			}
			cost = avail
		}
		need += cost
		ev.Units = append(ev.Units, VictualChange{Unit: u.ID, Name: u.Name, From: from, To: from + want})
	}
	if !g.Passive(ev.Side) && !(g.IsUmpire(cmd.By) && cmd.Reason != "") {
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.passive", What: fmt.Sprintf("The %s are not passive this turn", segSide(ev.Side)), Rule: "LRTG 13.0"}
	}
	if len(ev.Units) == 0 {
		return nil, Illegal("segment.draw.none", "No victuals to draw: the units are full or the store is empty", fmt.Sprintf("%s holds %d", cmd.Store.Name, left))
	}
	ev.Store = VictualChange{Unit: cmd.Store.Name, Name: cmd.Store.Name, From: left, To: left - need}
	return []Event{ev}, nil
}

// ---------------------------------------------------------------------
// 5f Supply effects (13.6; 24.6).

// segExempt says why 24.6 * spares a unit: in or next to a friendly
// depot (its own, or one it captured), or in or next to a station
// connected by rail to one.
func (g GameState) segExempt(t *Theatre, u UnitState) string {
	if t == nil {
		return ""
	}
	var held []segDepot
	for _, d := range g.segDepots(t) {
		if d.Holder == u.Side {
			held = append(held, d)
		}
	}
	var stations []string
	for _, d := range held {
		if Distance(u.Hex, d.Hex) <= 1 {
			return "in or next to the depot at " + d.Name
		}
		stations = append(stations, d.Name)
	}
	reach := segRailReach(t, stations, g.segStationOut)
	names := make([]string, 0, len(reach))
	for n := range reach {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if p := t.Place(n); p != nil && Distance(u.Hex, p.Hex) <= 1 {
			return "in or next to " + n + " station, connected by rail to a friendly depot"
		}
	}
	return ""
}

func procSupplyEffects(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	t, sizes := segTheatre(ctx), segSizes(ctx)
	ev := &SupplyEffectsApplied{Turn: g.Turn, Rule: g.Options.Supply}
	var evs []Event
	state := g
	roll := func(u UnitState) (*DiceRolled, error) {
		// The umpire's secret roll (rollstream.go): the outputs show it to
		// him alone, so its count is not the public's.
		out, err := state.secretRoll(RollDice{By: g.Umpire, Expression: "1d6",
			Purpose: fmt.Sprintf("supply manpower loss: %s loses 1 on %d or less (24.6 **)", u.Name, u.Manpower)}, d, RollAudienceUmpire)
		if err != nil {
			return nil, err
		}
		r := out[0].(*DiceRolled)
		evs = append(evs, r)
		state = state.Apply(r)
		return r, nil
	}
	if g.Options.Supply == "simplified" {
		ev.Levels, ev.DRM = map[Side]int{}, map[Side]int{}
		for _, s := range segSides {
			lvl := g.SupplyLevel(s)
			ev.Levels[s] = lvl
			switch {
			case lvl == 2:
				ev.DRM[s] = 1
			case lvl <= 1:
				ev.DRM[s] = 2
			}
			if lvl > 0 {
				continue
			}
			for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == s }) {
				e := SupplyEffect{Unit: u.ID, Name: u.Name, Side: s}
				if why := g.segExempt(t, u); why != "" {
					e.Exempt = why
					ev.Units = append(ev.Units, e)
					continue
				}
				e.Disorganize = !u.Status.Disorganized
				if u.Fatigue == 4 || lvl < 0 && u.Fatigue == 3 {
					e.Manpower = u.Manpower
					if u.Manpower > 0 && u.Manpower <= 6 {
						r, err := roll(u)
						if err != nil {
							return nil, err
						}
						e.Roll, e.Die = r.Number, r.Total
						e.Lost = r.Total <= u.Manpower
					} else {
						e.Lost = u.Manpower > 0
					}
				}
				if e.Disorganize || e.Lost || e.Roll != 0 {
					ev.Units = append(ev.Units, e)
				}
			}
		}
	} else {
		for _, s := range segSides {
			for _, u := range g.SupplyUnits(s, sizes) {
				u = u.WithStatus()
				if g.Victuals(u) > 0 {
					continue
				}
				e := SupplyEffect{Unit: u.ID, Name: u.Name, Side: s}
				if !u.Status.Disorganized {
					e.Disorganize = true
				} else if u.Fatigue >= 3 && u.Manpower > 0 {
					e.Manpower, e.Lost = u.Manpower, true
				}
				ev.Units = append(ev.Units, e)
			}
		}
	}
	return append(evs, ev), nil
}

// ---------------------------------------------------------------------
// 5g Railroad repair (13.7).

// segRepairers are the Union infantry or engineer units at fatigue 0 in or
// next to the station (003 5 g): Haupt is the engineer (kind infantry).
func (g GameState) segRepairers(p Place) []UnitState {
	return g.segUnits(func(u UnitState) bool {
		return u.Side == USA && infantry(u) && u.Fatigue == 0 && Distance(u.Hex, p.Hex) <= 1
	})
}

func (g GameState) segHauptNear(p Place) bool {
	for _, u := range g.segUnits(nil) {
		if u.Side == USA && strings.EqualFold(u.Name, "Haupt") && Distance(u.Hex, p.Hex) <= 1 {
			return true
		}
	}
	return false
}

func procRepair(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "5g"}
	var can []string
	// In a hidden mode the list leaves out only the stations an enemy
	// unit the Union sees stands in or next to: one it does not see
	// prevents the attempt itself (decideSegRepair; hidden.go).
	var unseen func(UnitState) bool
	if g.Options.IntelMode() != IntelOpen {
		v := ViewFor(g, Viewer{Kind: ViewerSide, Side: USA})
		unseen = func(u UnitState) bool { return !v.Knows(u.ID) }
	}
	if t != nil && g.Segment.RepairTurn != g.Turn {
		for _, name := range segPlaceNames(g.Places) {
			p := t.Place(name)
			if seen, _ := g.segEnemyNearBy(USA, p.Hex, true, unseen); g.Places[name].Station == "damaged" && p != nil && len(g.segRepairers(*p)) > 0 && !seen {
				can = append(can, name)
			}
		}
	}
	if len(can) > 0 || g.Options.LimitedIntel {
		open.Waits = []StepWait{{Step: "5g", Side: USA, What: "the USA's railroad repair attempt (/segment repair) or /segment done"}}
	}
	if len(can) > 0 {
		open.addSecret(USA, "Damaged stations you may try to repair (one a turn, 13.7): "+strings.Join(can, ", ")+".")
	}
	return []Event{open}, nil
}

// AttemptRepair is the Union's attempt to repair a damaged station (13.7).
type AttemptRepair struct {
	By      Actor
	Station Place
	Reason  string
}

// CommandName implements Command.
func (AttemptRepair) CommandName() string { return "segment repair" }

func (g GameState) decideSegRepair(cmd AttemptRepair, d Dice) ([]Event, error) {
	if err := g.inSegStep(cmd.By, "5g", cmd.Reason); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != USA) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.repair.side", What: "Only the Union repairs railroad stations", Rule: "LRTG 13.7"}
	}
	if err := g.quartermasterDuty(cmd.By, USA, DutyRepair); err != nil { // 21.1 (quartermaster.go)
		return nil, err
	}
	p := cmd.Station
	if !p.Is("rr-station") {
		return nil, Invalid("segment.repair.station", p.Name+" is not a railroad station", "")
	}
	switch g.Places[p.Name].Station {
	case "destroyed":
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.repair.destroyed", What: p.Name + " station is destroyed", Hint: "Destroyed markers are never removed", Rule: "LRTG 13.7"}
	case "":
		return nil, Illegal("segment.repair.station", p.Name+" station is not damaged", "")
	}
	if g.Segment.RepairTurn == g.Turn {
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.repair.twice", What: "The Union has already attempted a repair this turn", Hint: "One attempt a turn", Rule: "LRTG 13.7"}
	}
	if len(g.segRepairers(p)) == 0 && !(umpire && cmd.Reason != "") {
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.repair.unit", What: "No Union infantry or engineer unit at fatigue 0 is in or next to " + p.Name, Rule: "LRTG 13.7; 003 5 g)"}
	}
	seen, hidden := g.segEnemyNearBy(USA, p.Hex, true, g.unseenBy(cmd.By))
	if seen && !(umpire && cmd.Reason != "") {
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.repair.enemy", What: "A Confederate unit is in or next to " + p.Name, Rule: "LRTG 13.7"}
	}
	if hidden {
		// 13.7: the attempt needs "no enemy unit ... in or adjacent to
		// the damaged station". One the Union does not see prevents the
		// attempt, which is spent (one a turn) without a roll: the
		// answer is the act's, not a free probe (hidden.go).
		return []Event{&RepairAttempted{By: cmd.By, Turn: g.Turn, Station: p.Name, Prevented: true, Reason: cmd.Reason}}, nil
	}
	// rollstream.go: the actor's secret with limited intelligence.
	out, err := g.rollFor(RollDice{By: cmd.By, Expression: "1d6", Purpose: "railroad repair: " + p.Name + " (13.7)"}, d, g.actorAudience(cmd.By))
	if err != nil {
		return nil, err
	}
	r := out[0].(*DiceRolled)
	ev := &RepairAttempted{By: cmd.By, Turn: g.Turn, Station: p.Name, Roll: r.Number, Die: r.Total, Total: r.Total, Reason: cmd.Reason,
		Unchecked: []string{"the repairing unit is not in an enemy ZOC (003 5 g): the map data has no ZOC"}}
	if g.segHauptNear(p) {
		ev.Total--
		ev.Modifiers = append(ev.Modifiers, "-1 Haupt in or next to the station")
	}
	if n := g.Segment.Repairs[p.Name]; n > 0 {
		ev.Total -= n
		ev.Modifiers = append(ev.Modifiers, fmt.Sprintf("-%d for %d earlier attempts", n, n))
	}
	ev.Repaired = ev.Total <= 1
	return []Event{r, ev}, nil
}

// ---------------------------------------------------------------------
// 5h Depot placement / removal (13.8).

// segRailConnected reports whether a station has an uninterrupted railroad
// connection to Alexandria, Harrisburg or Baltimore (13.8): no damaged or
// destroyed station and no Confederate-controlled county on the way.
func (g GameState) segRailConnected(t *Theatre, station string) bool {
	blocked := func(name string) bool {
		if g.segStationOut(name) {
			return true
		}
		p := t.Place(name)
		return p != nil && g.segCSAControls(segCounty(t, p.Hex))
	}
	reach := segRailReach(t, []string{station}, blocked)
	for _, end := range []string{"Alexandria", "Harrisburg", "Camden Station", "Mt. Royal Depot"} {
		if reach[end] {
			return true
		}
	}
	return false
}

// segConstructTurns says how long a Union depot takes to build at p, or
// why it cannot be built there (13.8).
func (g GameState) segConstructTurns(t *Theatre, p Place) (int, bool, error) {
	ps := g.Places[p.Name]
	if ps.Depot != "" && !ps.DepotDestroyed {
		return 0, false, Illegal("segment.depot.there", "There is already a depot at "+p.Name, "")
	}
	if p.Is("rr-station") && g.segRailConnected(t, p.Name) {
		return ConstructRailTurns, true, nil
	}
	if p.Is("levy-town") && (segIn(t, "pa", p.Hex) || segIn(t, "md", p.Hex)) {
		return ConstructTownTurns, false, nil
	}
	return 0, false, &RuleError{Kind: ErrIllegal, Code: "segment.depot.site",
		What: p.Name + " is neither a station with an uninterrupted railroad connection to Alexandria, Harrisburg or Baltimore nor a Pennsylvania or Maryland town that may be levied",
		Rule: "LRTG 13.8"}
}

// segCSADepotSite checks the conditions of a Confederate depot at Winchester
// or Berryville (13.8; 003 5 h) i)).
func (g GameState) segCSADepotSite(t *Theatre, p Place) error {
	if p.Name != "Winchester" && p.Name != "Berryville" {
		return &RuleError{Kind: ErrIllegal, Code: "segment.depot.site", What: "The Confederates place depots only at Winchester and Berryville", Rule: "LRTG 13.8"}
	}
	if contains(g.Segment.Gone, p.Name+"/csa") {
		return &RuleError{Kind: ErrIllegal, Code: "segment.depot.gone", What: "The Confederate depot at " + p.Name + " was destroyed or dismantled: it is not replaced", Rule: "LRTG 13.8"}
	}
	ps := g.Places[p.Name]
	if ps.Depot == CSA && !ps.DepotDestroyed {
		return Illegal("segment.depot.there", "There is already a Confederate depot at "+p.Name, "")
	}
	if contains(g.Segment.Gone, p.Name+"/csa-placed") {
		return &RuleError{Kind: ErrIllegal, Code: "segment.depot.gone", What: "The Confederate depot placed at " + p.Name + " is gone: it is not replaced", Rule: "LRTG 13.8"}
	}
	counties := []string{"va.frederick"}
	if p.Name == "Winchester" {
		if ps.Depot == USA && !ps.DepotDestroyed && ps.Captured == "" {
			return &RuleError{Kind: ErrIllegal, Code: "segment.depot.union", What: "The Union depot at Winchester stands: it must be destroyed or captured first", Rule: "LRTG 13.8"}
		}
	} else {
		counties = append(counties, "va.clarke", "va.warren")
	}
	for _, c := range counties {
		for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == USA && infantry(u) }) {
			if segIn(t, c, u.Hex) {
				return &RuleError{Kind: ErrIllegal, Code: "segment.depot.union", What: fmt.Sprintf("Union infantry occupies %s", segRegionName(t, c)), Rule: "LRTG 13.8"}
			}
		}
	}
	return nil
}

func procDepots(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	t := segTheatre(ctx)
	ch := &DepotsChanged{Turn: g.Turn}
	open := &SegmentOpened{Turn: g.Turn, Step: "5h"}
	for _, sc := range g.Segment.Schedules {
		due := sc.Due
		if g.Passive(sc.Side) && sc.Turn < g.Turn && due > g.Turn {
			due--
			ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "hastened", Due: due,
				Why: "passive again before it is done: one turn less (13.8)"})
		}
		if due > g.Turn {
			continue
		}
		ps := g.Places[sc.Place]
		var p *Place
		if t != nil {
			p = t.Place(sc.Place)
		}
		switch {
		case sc.Action == DepotDismantle && (ps.Captured != "" || ps.DepotDestroyed || ps.Depot != sc.Side):
			ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "dropped", Why: "the depot was captured or destroyed before it was dismantled (13.8)"})
		case sc.Action == DepotDismantle:
			ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "removed", Why: "dismantled as scheduled (13.8)"})
		case p == nil:
			ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "dropped", Why: "the place is not in the map data"})
		default:
			if _, _, err := g.segConstructTurns(t, *p); err != nil {
				ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "dropped", Why: "the site no longer meets the conditions it was scheduled under (13.8)"})
			} else {
				ch.Changes = append(ch.Changes, DepotChange{Side: sc.Side, Place: sc.Place, Action: "placed", Why: "constructed as scheduled (13.8)"})
			}
		}
	}
	var evs []Event
	if len(ch.Changes) > 0 {
		evs = append(evs, ch)
	}
	for _, s := range segSides {
		if g.Passive(s) {
			open.Waits = append(open.Waits, StepWait{Step: "5h", Side: s, What: fmt.Sprintf("the %s's depot schedule (/segment depot) or /segment done", segSide(s))})
		}
	}
	if !g.Passive(CSA) && t != nil {
		for _, name := range []string{"Winchester", "Berryville"} {
			if p := t.Place(name); p != nil && g.segCSADepotSite(t, *p) == nil {
				open.Waits = append(open.Waits, StepWait{Step: "5h", Side: CSA, What: "the CSA's depot placement (/segment depot action:place) or /segment done"})
				break
			}
		}
	}
	open.Public = append(open.Public, "Depot placement and removal (13.8): schedules are secret; each side sees its own with /segment show.")
	return append(evs, open), nil
}

// harpersFerryDepotHeld says until when the Union must keep its depot at
// Harpers Ferry, and the rule ("" once it may dismantle or destroy it):
// LRTG until Meade takes command (12.1, 13.8, 16.1); LRTA until the
// Release of Harpers Ferry Garrison random event ("the depot in Harper's
// Ferry may be dismantled or destroyed", 004 Random Events 6).
func (g GameState) harpersFerryDepotHeld() (until, rule string) {
	if g.Game() == LRTA {
		if g.LRTAHarpersFerryReleased() {
			return "", ""
		}
		return "until the Release of Harpers Ferry Garrison random event", "004 Random Events (Release of Harpers Ferry Garrison)"
	}
	if g.Movement.Meade {
		return "", ""
	}
	return "until Meade takes command", "LRTG 13.8, 16.1"
}

// ScheduleDepot schedules a depot's construction (Union) or dismantling,
// or places a Confederate depot at Winchester or Berryville (13.8).
type ScheduleDepot struct {
	By     Actor
	Action string
	Place  Place
	Map    *Theatre
	Reason string
}

// CommandName implements Command.
func (ScheduleDepot) CommandName() string { return "segment depot" }

func (g GameState) decideSegDepot(cmd ScheduleDepot) ([]Event, error) {
	if _, err := g.ActingSide(cmd.By, "", "records.side", "Scheduling and placing depots", segSide); err != nil {
		return nil, err
	}
	if err := g.inSegStep(cmd.By, "5h", cmd.Reason); err != nil {
		return nil, err
	}
	if err := g.quartermasterDuty(cmd.By, "", DutyDepots); err != nil { // 21.1 (quartermaster.go)
		return nil, err
	}
	if cmd.Map == nil {
		return nil, fmt.Errorf("engine: depots need the map")
	}
	umpire := g.IsUmpire(cmd.By)
	side := Side("")
	if p := g.Player(cmd.By.ID); p != nil {
		side = p.Side
	}
	p := cmd.Place
	ps := g.Places[p.Name]
	if umpire && side == "" {
		side = ps.Depot
		if cmd.Action == DepotConstruct {
			side = USA
		}
		if cmd.Action == DepotPlace {
			side = CSA
		}
	}
	if cmd.Action == DepotPlace {
		if side != CSA {
			return nil, &RuleError{Kind: ErrIllegal, Code: "segment.depot.side", What: "Only the Confederates place depots at Winchester and Berryville", Rule: "LRTG 13.8"}
		}
		if err := g.segCSADepotSite(cmd.Map, p); err != nil {
			return nil, err
		}
		return []Event{&DepotsChanged{By: cmd.By, Turn: g.Turn, Changes: []DepotChange{{Side: CSA, Place: p.Name, Action: "placed", Why: "a Confederate depot (13.8)"}}}}, nil
	}
	if !g.Passive(side) && !(umpire && cmd.Reason != "") {
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.passive", What: fmt.Sprintf("The %s are not passive this turn", segSide(side)), Hint: "Only passive players schedule depots", Rule: "LRTG 13.8"}
	}
	for _, sc := range g.Segment.Schedules {
		if sc.Side == side {
			return nil, &RuleError{Kind: ErrIllegal, Code: "segment.depot.one", What: fmt.Sprintf("The %s are already %sing the depot at %s (due turn %d)", segSide(side), strings.TrimSuffix(sc.Action, "e"), sc.Place, sc.Due),
				Hint: "One depot at a time", Rule: "LRTG 13.8"}
		}
	}
	sc := DepotSchedule{Side: side, Place: p.Name, Action: cmd.Action, Turn: g.Turn}
	switch cmd.Action {
	case DepotDismantle:
		if ps.Depot != side || ps.DepotDestroyed || ps.Captured != "" {
			return nil, Illegal("segment.depot.own", fmt.Sprintf("The %s have no standing depot at %s", segSide(side), p.Name), "")
		}
		if p.Name == "Harpers Ferry" && side == USA {
			if until, rule := g.harpersFerryDepotHeld(); until != "" {
				return nil, &RuleError{Kind: ErrIllegal, Code: "segment.depot.hf", What: "The Union depot at Harpers Ferry may not be removed " + until, Rule: rule}
			}
		}
		sc.Due = g.Turn + DismantleTurns
	case DepotConstruct:
		if side != USA {
			return nil, &RuleError{Kind: ErrIllegal, Code: "segment.depot.side", What: "Only the Union constructs depots", Rule: "LRTG 13.8"}
		}
		if g.Game() == LRTA && g.Segment.Turn == g.Turn && g.Segment.Flipped != "" && !(umpire && cmd.Reason != "") {
			return nil, &RuleError{Kind: ErrIllegal, Code: "segment.depot.one", What: fmt.Sprintf("The Union depot at %s was flipped to its completed side this turn", g.Segment.Flipped),
				Hint: "Each passive turn the Union places one depot on its build side or flips one, not both: place this one on a later passive turn", Rule: "004 Sequence of Play 5 h) ii); Impacts of Being Passive"}
		}
		n, rail, err := g.segConstructTurns(cmd.Map, p)
		if err != nil {
			return nil, err
		}
		sc.Due, sc.Rail = g.Turn+n, rail
	default:
		return nil, Invalid("segment.depot.action", fmt.Sprintf("%q is not a depot action", cmd.Action), "Use construct, dismantle or place")
	}
	return []Event{&DepotScheduled{By: cmd.By, Schedule: sc, Reason: cmd.Reason}}, nil
}

// ---------------------------------------------------------------------
// 5i Ammunition distribution (19.5, 19.6).

func procAmmo(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	if !g.optional(19) {
		return []Event{&SegmentOpened{Turn: g.Turn, Step: "5i", Public: []string{"Ammunition is not tracked in this game (optional rule 19)."}}}, nil
	}
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "5i"}
	can := g.segAmmoCandidates(t)
	if len(can) > 0 || g.Options.LimitedIntel {
		open.Waits = []StepWait{{Step: "5i", Side: CSA, What: "the CSA's ammunition draws (/segment ammo) or /segment done"}}
	}
	if len(can) > 0 {
		open.addSecret(CSA, "Captured depots with ammunition for divisions in their county (19.5): "+strings.Join(can, ", ")+".")
	}
	return []Event{open}, nil
}

func (g GameState) segAmmoCandidates(t *Theatre) []string {
	if t == nil {
		return nil
	}
	var out []string
	for _, d := range g.segDepots(t) {
		left, _, ok := g.StoreAmmo(d.Place)
		if !ok || d.Holder != CSA || left <= 0 {
			continue
		}
		c := segCounty(t, d.Hex)
		for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == CSA && u.Kind == "infantry" && u.Status.Ammo > 0 }) {
			if c != "" && segCounty(t, u.Hex) == c {
				out = append(out, d.Name)
				break
			}
		}
	}
	return out
}

// DrawAmmo has Confederate infantry divisions in a captured depot's county
// draw ammunition from it (19.5-19.6): each is brought back off its
// Ammunition Track, one level per depot point, while the depot lasts.
type DrawAmmo struct {
	By     Actor
	Depot  Place
	Units  []string
	Map    *Theatre
	Reason string
}

// CommandName implements Command.
func (DrawAmmo) CommandName() string { return "segment ammo" }

func (g GameState) decideSegAmmo(cmd DrawAmmo) ([]Event, error) {
	if err := g.inSegStep(cmd.By, "5i", cmd.Reason); err != nil {
		return nil, err
	}
	if !g.optional(19) {
		return nil, Illegal("segment.ammo.rule", "This game does not use optional rule 19 (Ammunition)", "")
	}
	left, _, ok := g.StoreAmmo(cmd.Depot)
	if !ok || g.Places[cmd.Depot.Name].Captured != CSA {
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.ammo.depot", What: cmd.Depot.Name + " is not a depot the Confederates captured", Rule: "LRTG 19.5"}
	}
	ev := &AmmoDrawn{By: cmd.By, Turn: g.Turn, Depot: cmd.Depot.Name, From: left}
	c := ""
	if cmd.Map != nil {
		c = segCounty(cmd.Map, cmd.Depot.Hex)
	}
	use := 0
	for _, id := range cmd.Units {
		u, err := g.unitFor(cmd.By, id)
		if err != nil {
			return nil, err
		}
		u = u.WithStatus()
		if u.Side != CSA || u.Kind != "infantry" {
			return nil, Invalid("segment.ammo.unit", u.Name+" does not track ammunition", "Confederate infantry divisions do (LRTG 19)")
		}
		if cmd.Map != nil && (c == "" || segCounty(cmd.Map, u.Hex) != c) {
			return nil, &RuleError{Kind: ErrIllegal, Code: "segment.ammo.county", What: fmt.Sprintf("%s is not in %s's county", u.Name, cmd.Depot.Name), Rule: "LRTG 19.5"}
		}
		n := min(u.Status.Ammo, left-use)
		if n <= 0 {
			continue
		}
		use += n
		ev.Units = append(ev.Units, AmmoDrawChange{Unit: u.ID, Name: u.Name, From: u.Status.Ammo, To: u.Status.Ammo - n})
	}
	if len(ev.Units) == 0 {
		return nil, Illegal("segment.ammo.none", "No ammunition to draw: the units are on no Ammunition Track space or the depot is empty", fmt.Sprintf("%s holds %d", cmd.Depot.Name, left))
	}
	ev.To = left - use
	return []Event{ev}, nil
}

// ---------------------------------------------------------------------
// 6 Recovery (GCACW Standardized Rules as 003 6 a)-d) prints them;
// optional rule 30).

// segNoReorganizing says why a unit may not reorganize: out of victuals
// (13.6), or its side's simplified track at 0 or below (24.6).
func (g GameState) segNoReorganizing(u UnitState, sizes UnitSizes) string {
	if g.Options.Supply == "simplified" {
		if lvl := g.SupplyLevel(u.Side); lvl <= 0 {
			return fmt.Sprintf("the %s supply track is at %+d (24.6)", segSide(u.Side), lvl)
		}
		return ""
	}
	if g.NeedsSupply(u, sizes) && g.Victuals(u) <= 0 {
		return "no victuals (13.6)"
	}
	return ""
}

func procRecovery(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	sizes := segSizes(ctx)
	ev := &UnitsRecovered{Turn: g.Turn}
	keep := map[Side]int{}
	if g.Segment.Turn == g.Turn {
		for s, k := range g.Segment.Keep {
			keep[s] = k
		}
	}
	if len(keep) > 0 {
		ev.Keep = keep
	}
	for _, u := range g.segUnits(nil) {
		r := Recovery{Unit: u.ID, Name: u.Name, Side: u.Side, Fatigue: [2]int{u.Fatigue, max(u.Fatigue-(3-keep[u.Side]), 0)}}
		rested := u.Fatigue <= 1
		why := g.segNoReorganizing(u, sizes)
		if rested && (u.Status.Disorganized || u.Status.Demoralization > 0) && why != "" {
			r.NoReorganizing = why
		} else if rested {
			r.Reorganized = u.Status.Disorganized
			r.Undemoralized = u.Status.Demoralization
		}
		if rested && u.Status.Exhausted {
			r.Recovered = true
		}
		if u.Fatigue >= 3 && !u.Status.Exhausted {
			r.Exhausted = true
		}
		if r.Fatigue[0] != r.Fatigue[1] || r.Reorganized || r.Undemoralized > 0 || r.Recovered || r.Exhausted || r.NoReorganizing != "" {
			ev.Units = append(ev.Units, r)
		}
	}
	var evs []Event
	if g.optional(30) {
		state := g
		for _, id := range segKeys(g.Segment.Stragglers) {
			n := g.Segment.Stragglers[id]
			u, ok := g.Units[id]
			if !ok || n <= 0 || !g.Passive(u.Side) || u.Eliminated {
				continue
			}
			// The umpire's secret roll, as the supply losses' above.
			out, err := state.secretRoll(RollDice{By: g.Umpire, Expression: fmt.Sprintf("%dd6", n),
				Purpose: fmt.Sprintf("stragglers of %s: 1 lost, 2-4 kept, 5-6 restored (30.2)", u.Name)}, d, RollAudienceUmpire)
			if err != nil {
				return nil, err
			}
			r := out[0].(*DiceRolled)
			evs = append(evs, r)
			state = state.Apply(r)
			sr := StragglerRoll{Unit: id, Name: u.Name, Side: u.Side, Roll: r.Number, Manpower0: u.Manpower}
			for _, t := range r.Terms {
				sr.Faces = append(sr.Faces, t.Faces...)
			}
			for _, f := range sr.Faces {
				switch {
				case f == 1:
					sr.Lost++
				case f <= 4:
					sr.Kept++
				default:
					sr.Restored++
				}
			}
			sr.VP = ManpowerVP(u.Side, "combat", sr.Lost)
			ev.Stragglers = append(ev.Stragglers, sr)
		}
	}
	return append(evs, ev), nil
}

func segKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// RecordStragglers records non-combat manpower lost to an extended or
// forced march for optional rule 30 (30.1).
type RecordStragglers struct {
	By     Actor
	Unit   string
	MP     int
	Reason string
}

// CommandName implements Command.
func (RecordStragglers) CommandName() string { return "segment stragglers" }

func (g GameState) decideSegStragglers(cmd RecordStragglers) ([]Event, error) {
	u, err := g.unitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	if !g.optional(30) {
		return nil, Illegal("segment.stragglers.rule", "This game does not use optional rule 30 (Stragglers)", "")
	}
	if cmd.MP < 1 || cmd.MP > 20 {
		return nil, Invalid("segment.stragglers.mp", fmt.Sprintf("%d manpower points", cmd.MP), "Give mp: 1 to 20, the march losses of the unit")
	}
	return []Event{&StragglersRecorded{By: cmd.By, Turn: g.Turn, Unit: u.ID, Name: u.Name, MP: cmd.MP, Reason: cmd.Reason}}, nil
}

// ---------------------------------------------------------------------
// 7 County control (LRTG 11).

// segScoringCounty reports whether a county region scores county control
// (000 VII 1; scenarios/vp/lrtg-vp-counties.yaml): the other counties,
// Pennsylvania's "+0 all other", do not make step 7 wait.
func segScoringCounty(r *Region) bool {
	return r.Kind == "county" && scoringCounties[r.ID]
}

// scoringCounties are the map regions of the counties 000 VII 1 scores.
var scoringCounties = map[string]bool{
	"md.baltimore": true, "md.prince-georges": true, "md.anne-arundel": true, "md.montgomery": true, "md.howard": true,
	"md.frederick": true, "md.carroll": true, "va.alexandria": true, "va.fairfax": true, "va.loudoun": true,
	"pa.adams": true, "pa.york": true, "pa.dauphin": true, "pa.cumberland": true,
}

func procCounty(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "7", Public: []string{"The Confederates claim the counties they control (/vp action:county, LRTG 11)."}}
	var can []string
	if t != nil {
		for i := range t.Regions {
			r := &t.Regions[i]
			if !segScoringCounty(r) {
				continue
			}
			mp := 0
			for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == CSA }) {
				if r.Contains(Center(u.Hex)) {
					mp += u.Manpower
				}
			}
			if mp >= CountyMP {
				can = append(can, r.Name)
			}
		}
	}
	if len(can) > 0 || g.Options.LimitedIntel || t == nil {
		open.Waits = []StepWait{{Step: "7", Side: CSA, What: "the CSA's county control claims (/vp action:county) or /segment done"}}
	}
	if len(can) > 0 {
		open.addSecret(CSA, fmt.Sprintf("Counties with %d+ Confederate manpower: %s.", CountyMP, strings.Join(can, ", ")))
	}
	return []Event{open}, nil
}

// ---------------------------------------------------------------------
// 8 Victory check (LRTG 15.2; 000 VIII).

// VictoryBand is a row of a scenario's victory table.
type VictoryBand struct {
	Min, Max int // VP, inclusive (math.MinInt / MaxInt when open)
	Level    int
	Name     string
}

// VictoryBands reads a scenario's victory table (lrtg.victory-levels-*):
// rows "210+", "185-209", "Less than 140" with their result.
func VictoryBands(ch *Chart) ([]VictoryBand, error) {
	if ch == nil {
		return nil, fmt.Errorf("engine: no victory table")
	}
	var out []VictoryBand
	for _, row := range ch.Rows {
		if len(row) < 2 {
			return nil, fmt.Errorf("engine: %s: short row %v", ch.ID, row)
		}
		b := VictoryBand{Name: strings.TrimSpace(row[1]), Min: math.MinInt, Max: math.MaxInt}
		cell := strings.TrimSpace(row[0])
		var err error
		switch {
		case strings.HasPrefix(strings.ToLower(cell), "less than "):
			var n int
			n, err = strconv.Atoi(strings.TrimSpace(cell[len("less than "):]))
			b.Max = n - 1
		case strings.HasSuffix(cell, "+"):
			b.Min, err = strconv.Atoi(strings.TrimSuffix(cell, "+"))
		default:
			a, c, ok := strings.Cut(cell, "-")
			if !ok {
				return nil, fmt.Errorf("engine: %s: %q is not a VP band", ch.ID, cell)
			}
			if b.Min, err = strconv.Atoi(strings.TrimSpace(a)); err == nil {
				b.Max, err = strconv.Atoi(strings.TrimSpace(c))
			}
		}
		if err != nil {
			return nil, fmt.Errorf("engine: %s: %q: %v", ch.ID, cell, err)
		}
		for lvl := UnionDecisive; lvl <= ConfederateDecisive; lvl++ {
			if lvl != 0 && strings.EqualFold(VictoryLevelName(lvl), b.Name) {
				b.Level = lvl
			}
		}
		if b.Level == 0 {
			return nil, fmt.Errorf("engine: %s: %q is not a victory level", ch.ID, b.Name)
		}
		out = append(out, b)
	}
	return out, nil
}

// segVictoryTable is the chart id of a scenario's victory levels.
func segVictoryTable(scenario string) string {
	return "lrtg.victory-levels-" + strings.TrimPrefix(scenario, "lrtg-")
}

// VictoryLevel reads the level of a VP total on the bands.
func VictoryLevel(bands []VictoryBand, vp int) (VictoryBand, bool) {
	for _, b := range bands {
		if vp >= b.Min && vp <= b.Max {
			return b, true
		}
	}
	return VictoryBand{}, false
}

// segPotomacDay is the first day of the Potomac end check: June 30 in
// both scenarios. 003's High Tide sheet prints June 28 against 000 VIII 1)
// (twice), 003's Gettysburg sheet and the June turn record (P on June 30):
// lrtg-p2-victory.yaml uses June 30 for both scenarios.
func segPotomacDay(year int) time.Time {
	d, _ := time.Parse("2006-01-02", fmt.Sprintf("%d-%s", year, potomacCheckMonthDay))
	return d
}

// segCSANorth returns the Confederate infantry units north of the Potomac.
func (g GameState) segCSANorth(t *Theatre) []string {
	var out []string
	for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == CSA && u.Kind == "infantry" }) {
		if segIn(t, "north-of-potomac", u.Hex) {
			out = append(out, u.Name)
		}
	}
	return out
}

// CheckVictory is a victory check: in the Victory Check Phase (the step's
// procedure) or by the umpire at any moment (decisive victories and the
// Potomac end happen "at any time", 000 VIII).
type CheckVictory struct {
	By      Actor
	Context StepContext
	Reason  string
}

// CommandName implements Command.
func (CheckVictory) CommandName() string { return "segment victory" }

func procVictory(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	if o := g.Segment.Outcome; o != nil { // decided earlier this turn (/segment victory)
		return []Event{&SegmentOpened{Turn: g.Turn, Step: "8", Public: []string{fmt.Sprintf("🏁 The game is over: %s (%s).", o.Name, o.Why)}}}, nil
	}
	return g.segVictoryEvents(g.Umpire, ctx, true)
}

func (g GameState) segVictoryEvents(by Actor, ctx StepContext, phase bool) ([]Event, error) {
	mc, err := g.decideMoraleCheck(CheckMorale{By: by, Sizes: segSizes(ctx)})
	if err != nil {
		return nil, err
	}
	after := g.Apply(mc)
	vc, err := after.segVictoryCheck(by, ctx, phase)
	if err != nil {
		return nil, err
	}
	return []Event{mc, vc}, nil
}

// segVictoryCheck settles the victory conditions now (morale as last
// confirmed).
func (g GameState) segVictoryCheck(by Actor, ctx StepContext, phase bool) (*VictoryChecked, error) {
	t := segTheatre(ctx)
	_, vp := g.VPTotals()
	ev := &VictoryChecked{By: by, Turn: g.Turn, Phase: phase, VP: vp}
	armies := map[Side]ArmyCheck{}
	for _, s := range segSides {
		m := g.ArmyMorale(s, segSizes(ctx))
		c := ArmyCheck{Side: s, Level: m.Level, Disorder: m.Disorder, Panic: m.Panic, Flight: m.Flight}
		armies[s] = c
		ev.Morale = append(ev.Morale, c)
	}
	csa, usa := armies[CSA], armies[USA]
	// Decisive victories at any time (000 VIII; 15.2).
	switch {
	case usa.Flight:
		ev.Decisive = &VictoryResult{Level: ConfederateDecisive, Why: fmt.Sprintf("Union Flight (morale %d with a demoralized infantry division, 15.2)", usa.Level)}
	case csa.Flight:
		ev.Decisive = &VictoryResult{Level: UnionDecisive, Why: fmt.Sprintf("Confederate Flight (morale %d with a demoralized infantry division, 15.2)", csa.Level)}
	}
	if t != nil {
		for _, name := range []string{"White House", "US Capitol", "Baltimore Depot"} {
			p := t.Place(name)
			if p == nil {
				ev.Unchecked = append(ev.Unchecked, name+" (not in the map data)")
				continue
			}
			for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == CSA && u.Kind == "infantry" && u.Hex == p.Hex }) {
				if ev.Decisive == nil {
					ev.Decisive = &VictoryResult{Level: ConfederateDecisive, Why: fmt.Sprintf("Confederate infantry (%s) occupies %s (000 VIII)", u.Name, name)}
				}
			}
		}
		ev.Checked = append(ev.Checked, "Confederate infantry in the White House, the US Capitol or Baltimore Depot now")
		ev.Unchecked = append(ev.Unchecked, "an occupation of those hexes between two checks (the umpire checks at any moment with /segment victory)")
	} else {
		ev.Unchecked = append(ev.Unchecked, "the White House, US Capitol and Baltimore Depot (no map data)")
	}
	ev.Checked = append(ev.Checked, "Flight of either army (15.2)")
	if ev.Decisive != nil {
		ev.Decisive.Name, ev.Decisive.Turn = VictoryLevelName(ev.Decisive.Level), g.Turn
	}
	// Preliminary victories (optional), in the Victory Check Phase only.
	prelims := append([]Prelim(nil), g.Segment.Prelims...)
	had := func(level int) bool {
		for _, p := range prelims {
			if p.Level == level {
				return true
			}
		}
		return false
	}
	if phase && g.Options.PrelimVictory {
		ev.Checked = append(ev.Checked, "the preliminary victory conditions (optional)")
		add := func(level int, why string) {
			if had(level) {
				return
			}
			p := Prelim{Turn: g.Turn, Level: level, Name: "Preliminary " + VictoryLevelName(level), Why: why}
			prelims = append(prelims, p)
			ev.Prelims = append(ev.Prelims, p)
		}
		if usa.Panic && vp >= prelimCSASubstantiveVP && !had(UnionSubstantive) {
			add(ConfederateSubstantive, fmt.Sprintf("the Army of the Potomac in Panic and %d VP (180+)", vp))
		}
		if (usa.Disorder || usa.Panic) && vp >= prelimCSAMarginalVP && !had(UnionMarginal) {
			add(ConfederateMarginal, fmt.Sprintf("the Army of the Potomac in Disorder or Panic and %d VP (160+)", vp))
		}
		if csa.Panic && !usa.Disorder && !usa.Panic && !had(ConfederateSubstantive) {
			add(UnionSubstantive, "the Army of Northern Virginia in Panic, the Army of the Potomac in good order")
		}
		if (csa.Disorder || csa.Panic) && csa.Level >= usa.Level+prelimMoraleGap && !had(ConfederateMarginal) {
			add(UnionMarginal, fmt.Sprintf("the Army of Northern Virginia in Disorder or Panic, its morale %d against %d", csa.Level, usa.Level))
		}
	}
	// Cancellations during play ("at the time ... or thereafter": at every
	// check).
	if g.Options.PrelimVictory {
		for i := range prelims {
			p := &prelims[i]
			if p.Cancelled != "" {
				continue
			}
			switch {
			case p.Level == ConfederateSubstantive && csa.Panic:
				p.Cancelled = fmt.Sprintf("the Army of Northern Virginia in Panic on turn %d", g.Turn)
			case p.Level == ConfederateMarginal && (csa.Disorder || csa.Panic):
				p.Cancelled = fmt.Sprintf("the Army of Northern Virginia in Disorder on turn %d", g.Turn)
			case p.Level == UnionMarginal && had(ConfederateSubstantive) && !prelimCancelled(prelims, ConfederateSubstantive):
				p.Cancelled = "a Confederate preliminary substantive victory during play"
			}
			if p.Cancelled != "" {
				ev.Cancelled = append(ev.Cancelled, *p)
			}
		}
	}
	// The end of the game.
	day, _ := g.TurnDate(g.Turn)
	last := day.AddDate(0, 0, g.TurnDays(g.Turn)-1)
	switch {
	case ev.Decisive != nil:
		ev.End = "a decisive victory: " + ev.Decisive.Why
	case t != nil && !last.Before(segPotomacDay(last.Year())) && len(g.segCSANorth(t)) == 0:
		ev.End = fmt.Sprintf("no Confederate infantry unit is north of the Potomac on or after June 30 (000 VIII; 003's High Tide sheet prints June 28, the other sources June 30)")
	case phase && g.Turn >= g.LastTurn():
		ev.End = fmt.Sprintf("the last turn (%s) is played (000 VIII)", g.TurnLabel(g.Turn))
	}
	if t != nil && !last.Before(segPotomacDay(last.Year())) {
		ev.Checked = append(ev.Checked, "Confederate infantry north of the Potomac (from June 30)")
	}
	if ev.End == "" {
		return ev, nil
	}
	if ev.Decisive != nil {
		ev.Result = ev.Decisive
		return ev, nil
	}
	var ch *Chart
	if ctx.Library != nil {
		ch = ctx.Library.Chart(segVictoryTable(g.Options.Scenario))
	}
	bands, err := VictoryBands(ch)
	if err != nil {
		return nil, err
	}
	band, ok := VictoryLevel(bands, vp)
	if !ok {
		return nil, fmt.Errorf("engine: no victory level for %d VP", vp)
	}
	res := &VictoryResult{Level: band.Level, Name: band.Name, Turn: g.Turn, Why: fmt.Sprintf("%d VP on the %s victory table", vp, g.Options.Scenario)}
	// End-of-game cancellations of the Union's preliminary victories (000
	// VIII): a substantive one by a decisive Confederate result (210 / 250
	// VP), a marginal one by a substantive one (185 / 220 VP).
	best := 0
	for i := range prelims {
		p := &prelims[i]
		if p.Cancelled == "" && p.Level == UnionSubstantive && band.Level == ConfederateDecisive {
			p.Cancelled = "a Confederate decisive VP total at the end"
			ev.Cancelled = append(ev.Cancelled, *p)
		}
		if p.Cancelled == "" && p.Level == UnionMarginal && band.Level >= ConfederateSubstantive {
			p.Cancelled = "a Confederate substantive VP total at the end"
			ev.Cancelled = append(ev.Cancelled, *p)
		}
		if p.Cancelled == "" && abs(p.Level) > abs(best) {
			best = p.Level
		}
	}
	if best != 0 && !(segSameSign(best, band.Level) && abs(band.Level) >= abs(best)) {
		res = &VictoryResult{Level: best, Name: VictoryLevelName(best), Turn: g.Turn,
			Why: fmt.Sprintf("the preliminary %s victory stands (%d VP on the table would be %s)", strings.ToLower(VictoryLevelName(best)), vp, band.Name)}
	}
	ev.Result = res
	return ev, nil
}

func prelimCancelled(ps []Prelim, level int) bool {
	for _, p := range ps {
		if p.Level == level && p.Cancelled == "" {
			return false
		}
	}
	return true
}

func segSameSign(a, b int) bool { return a > 0 && b > 0 || a < 0 && b < 0 }

func segWaitVictory(g GameState) []string {
	if o := g.Segment.Outcome; o != nil {
		return []string{fmt.Sprintf("the umpire's /game end: the game is over (%s, %s); /game end reveals the seed", o.Name, o.Why)}
	}
	return nil
}

// ---------------------------------------------------------------------
// Waits and /segment done.

func segWait(step string) StepWaiting {
	return func(g GameState) []string {
		s := g.Segment
		if s.Turn != g.Turn {
			return nil
		}
		var out []string
		seen := map[Side]bool{}
		for _, w := range s.Waits {
			if w.Step != step || seen[w.Side] || s.done(step, w.Side) || step == "5g" && s.RepairTurn == g.Turn {
				continue
			}
			seen[w.Side] = true
			out = append(out, w.What)
		}
		return out
	}
}

func (s SegmentState) done(step string, side Side) bool {
	for _, d := range s.Done {
		if d.Step == step && d.Side == side {
			return true
		}
	}
	return false
}

// segWaitsFor reports whether this turn's step waits for the side.
func (g GameState) segWaitsFor(step string, side Side) bool {
	if g.Segment.Turn != g.Turn {
		return false
	}
	for _, w := range g.Segment.Waits {
		if w.Step == step && w.Side == side {
			return true
		}
	}
	return false
}

// FinishStep is a player's /segment done: his side has nothing more to do
// in the step under way.
type FinishStep struct {
	By   Actor
	Side Side // the umpire's choice; a player's own side otherwise
}

// CommandName implements Command.
func (FinishStep) CommandName() string { return "segment done" }

func (g GameState) decideSegFinish(cmd FinishStep) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	side, err := g.ActingSide(cmd.By, cmd.Side, "records.side", "Finishing a step", segSide)
	if err != nil {
		return nil, err
	}
	if side == "" {
		return nil, Invalid("records.side", "Say which side is done", "side:csa or side:usa (the umpire finishes a step for a side)")
	}
	if err := g.sideFor(cmd.By, side); err != nil {
		return nil, err
	}
	step := g.CurrentStep()
	if !g.segWaitsFor(step, side) {
		return nil, Illegal("segment.done", fmt.Sprintf("Step %q does not wait for the %s", step, segSide(side)), "/phase show says what the game waits for")
	}
	if g.Segment.done(step, side) {
		return nil, Illegal("segment.done.twice", fmt.Sprintf("The %s are already done with step %s", segSide(side), step), "")
	}
	return []Event{&SegmentDone{By: cmd.By, Side: side, Turn: g.Turn, Step: step}}, nil
}

// inSegStep checks that the game is at the step; the umpire may act outside
// it with a reason.
func (g GameState) inSegStep(by Actor, step, reason string) error {
	if err := g.BoardReady(by); err != nil {
		return err
	}
	if g.CurrentStep() == step || g.IsUmpire(by) && strings.TrimSpace(reason) != "" {
		return nil
	}
	now := g.CurrentStep()
	if now == "" {
		now = "before the turn's first step"
	}
	return &RuleError{Kind: ErrIllegal, Code: "segment.step", What: fmt.Sprintf("This happens in step %s of the Supply Segment; the game is at %s", step, now),
		Hint: "/phase show says where the turn is; the umpire may act outside the step with reason:", Rule: "003 Detailed Sequence of Play"}
}

// ---------------------------------------------------------------------
// Deciding and folding.

func decideSegment(g GameState, cmd Command, d Dice) ([]Event, bool, error) {
	var evs []Event
	var err error
	switch cmd := cmd.(type) {
	case FinishStep:
		evs, err = g.decideSegFinish(cmd)
	case ClaimRange:
		evs, err = g.decideSegRange(cmd)
	case SetRivers:
		evs, err = g.decideSegRivers(cmd)
	case Forage:
		evs, err = g.decideSegForage(cmd)
	case DrawVictuals:
		evs, err = g.decideSegDraw(cmd)
	case AttemptRepair:
		evs, err = g.decideSegRepair(cmd, d)
	case ScheduleDepot:
		evs, err = g.decideSegDepot(cmd)
	case DrawAmmo:
		evs, err = g.decideSegAmmo(cmd)
	case RecordStragglers:
		evs, err = g.decideSegStragglers(cmd)
	case CheckVictory:
		evs, err = g.decideSegVictory(cmd)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

func (g GameState) decideSegRivers(cmd SetRivers) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.needUmpire(cmd.By, "rules on river control"); err != nil {
		return nil, err
	}
	if strings.TrimSpace(cmd.Reason) == "" {
		return nil, Invalid("segment.rivers.reason", "A ruling on river control needs its reason", "e.g. reason:Confederate pontoon bridge at Williamsport")
	}
	return []Event{&RiversControlled{By: cmd.By, Turn: g.Turn, Potomac: cmd.Potomac, Shenandoah: cmd.Shenandoah, Ruling: strings.TrimSpace(cmd.Reason)}}, nil
}

func (g GameState) decideSegVictory(cmd CheckVictory) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if g.Game() == LRTA {
		// LRTA's victory conditions are lrta_victory.go's (004): one
		// command checks them, as /segment victory checks LRTG's.
		return nil, &RuleError{Kind: ErrIllegal, Code: "segment.victory.game", What: "/segment victory checks LRTG's victory conditions; this is an LRTA game",
			Hint: "Check LRTA's with /victory check (end:true reason:... rules that the game ends)", Rule: "004 Sequence of Play 8"}
	}
	if err := g.needUmpire(cmd.By, "checks victory outside the Victory Check Phase"); err != nil {
		return nil, err
	}
	if g.Segment.Outcome != nil {
		return nil, Illegal("segment.victory.over", fmt.Sprintf("The game is already over: %s (%s)", g.Segment.Outcome.Name, g.Segment.Outcome.Why), "The umpire ends it with /game end")
	}
	return g.segVictoryEvents(cmd.By, cmd.Context, false)
}

// seg folds a change of this module's state for a turn: the state is
// copied, and this turn's fields start afresh when the turn changed.
func (g GameState) seg(turn int, f func(*SegmentState)) GameState {
	s := g.Segment.clone()
	if s.Turn != turn {
		s.Turn, s.Waits, s.Done, s.Notes, s.Status, s.Foraged, s.Keep = turn, nil, nil, nil, nil, nil, map[Side]int{}
		s.Flipped = ""
	}
	f(&s)
	g.Segment = s
	return g
}

func (s SegmentState) clone() SegmentState {
	c := s
	c.Waits = append([]StepWait(nil), s.Waits...)
	c.Done = append([]StepWait(nil), s.Done...)
	c.Notes = append([]StepWait(nil), s.Notes...)
	c.Status = append([]UnitSupply(nil), s.Status...)
	c.Foraged = append([]string(nil), s.Foraged...)
	c.Keep = segSideInts(s.Keep)
	c.Effects = segSideInts(s.Effects)
	c.Repairs = copyInts(s.Repairs)
	c.Schedules = append([]DepotSchedule(nil), s.Schedules...)
	c.Gone = append([]string(nil), s.Gone...)
	c.AmmoUsed = copyInts(s.AmmoUsed)
	c.Stragglers = copyInts(s.Stragglers)
	c.Prelims = append([]Prelim(nil), s.Prelims...)
	return c
}

func segSideInts(m map[Side]int) map[Side]int {
	out := make(map[Side]int, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// segVictuals folds victual changes of units and a line on the side's
// supply sheet.
func (g GameState) segVictuals(turn int, side Side, by Actor, changes []VictualChange, what, reason string) GameState {
	r := g.Records
	m := copyInts(r.Victuals)
	var parts []string
	for _, c := range changes {
		m[c.Unit] = c.To
		parts = append(parts, fmt.Sprintf("%s %d → %d", c.Name, c.From, c.To))
	}
	r.Victuals = m
	r.SupplyLog = append(append([]SupplyEntry(nil), r.SupplyLog...), SupplyEntry{Turn: turn, Side: side, What: what + ": " + strings.Join(parts, ", "), Reason: reason, By: by})
	g.Records = r
	return g
}

func (g GameState) segUseStore(name string, n int) GameState {
	m := copyInts(g.Records.StoreUsed)
	m[name] += n
	g.Records.StoreUsed = m
	return g
}

func (g GameState) segPlaces(f func(map[string]PlaceState)) GameState {
	m := make(map[string]PlaceState, len(g.Places)+1)
	for k, v := range g.Places {
		m[k] = v
	}
	f(m)
	g.Places = m
	return g
}

func applySegment(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *SegmentOpened:
		return g.seg(e.Turn, func(s *SegmentState) {
			var keep []StepWait
			for _, w := range s.Waits {
				if w.Step != e.Step {
					keep = append(keep, w)
				}
			}
			s.Waits = append(keep, e.Waits...)
			var notes []StepWait
			for _, n := range s.Notes {
				if n.Step != e.Step {
					notes = append(notes, n)
				}
			}
			for _, side := range segSides {
				for _, line := range e.Secret[side] {
					notes = append(notes, StepWait{Step: e.Step, Side: side, What: line})
				}
			}
			s.Notes = notes
		}), true
	case *SegmentDone:
		return g.seg(e.Turn, func(s *SegmentState) { s.Done = append(s.Done, StepWait{Step: e.Step, Side: e.Side}) }), true
	case *SupplyStatusSet:
		return g.seg(e.Turn, func(s *SegmentState) { s.Status = append([]UnitSupply(nil), e.Units...) }), true
	case *SupplyRangeClaimed:
		g = g.seg(e.Turn, func(s *SegmentState) {
			for i := range s.Status {
				if contains(e.Units, s.Status[i].Unit) {
					s.Status[i].InRange, s.Status[i].Claimed = e.InRange, e.By.Name
					if e.Store != nil {
						s.Status[i].Why = "a victual of " + e.Store.Name + " (24.3)"
					}
				}
			}
		})
		if e.Store != nil {
			g = g.segUseStore(e.Store.Unit, e.Store.From-e.Store.To)
		}
		return g, true
	case *RiversControlled:
		return g.seg(g.Turn, func(s *SegmentState) {
			s.Rivers = RiverControl{Turn: e.Turn, Potomac: e.Potomac, Shenandoah: e.Shenandoah, Ruling: e.Ruling}
		}), true
	case *UnitForaged:
		return g.action(e, func(g *GameState) {
			if e.Unit == "" { // 24.4: the side's track; the fatigue is kept in the Recovery Phase
				*g = g.seg(e.Turn, func(s *SegmentState) { s.Keep[e.Side] = e.Levels })
				t := make(map[Side]int, 2)
				for k, v := range g.Records.Track {
					t[k] = v
				}
				t[e.Side] = e.Victuals.To
				g.Records.Track = t
				g.Records.SupplyLog = append(append([]SupplyEntry(nil), g.Records.SupplyLog...), SupplyEntry{Turn: e.Turn, Side: e.Side,
					What: fmt.Sprintf("%+d: track %+d → %+d", e.Victuals.To-e.Victuals.From, e.Victuals.From, e.Victuals.To), Reason: fmt.Sprintf("foraging: %d fatigue kept (24.4)", e.Levels), By: e.By})
				return
			}
			*g = g.seg(e.Turn, func(s *SegmentState) { s.Foraged = append(s.Foraged, e.Unit) })
			g.editUnit(e.Unit, func(u *UnitState) { u.Fatigue = e.Fatigue.To })
			*g = g.segVictuals(e.Turn, e.Side, e.By, []VictualChange{*e.Victuals}, fmt.Sprintf("%+d", e.Victuals.To-e.Victuals.From),
				fmt.Sprintf("foraging: %d fatigue at forage %d (13.5)", e.Levels, e.Modified))
		}), true
	case *VictualsDrawn:
		return g.action(e, func(g *GameState) {
			*g = g.segUseStore(e.Store.Unit, e.Store.From-e.Store.To)
			*g = g.segVictuals(e.Turn, e.Side, e.By, e.Units, fmt.Sprintf("%d from %s", e.Store.From-e.Store.To, e.Store.Name), "drawn from a store (13.1, 13.8)")
		}), true
	case *SupplyEffectsApplied:
		return g.action(e, func(g *GameState) {
			for _, x := range e.Units {
				if x.Exempt != "" {
					continue
				}
				g.editUnit(x.Unit, func(u *UnitState) {
					*u = u.WithStatus()
					if x.Disorganize {
						u.Status.Disorganized = true
					}
					if x.Lost && u.Manpower > 0 {
						u.Manpower--
						if u.Manpower == 0 {
							u.Eliminated, u.OnMap = true, false
						}
					}
				})
			}
			if len(e.DRM) > 0 {
				*g = g.seg(g.Turn, func(s *SegmentState) { s.Effects, s.EffectsTurn = segSideInts(e.DRM), e.Turn })
			}
		}), true
	case *RepairAttempted:
		return g.action(e, func(g *GameState) {
			*g = g.seg(g.Turn, func(s *SegmentState) {
				s.RepairTurn = e.Turn
				if !e.Prevented {
					s.Repairs[e.Station]++
				}
			})
			if e.Repaired {
				*g = g.segPlaces(func(m map[string]PlaceState) {
					ps := m[e.Station]
					ps.Station = ""
					m[e.Station] = ps
				})
			}
		}), true
	case *DepotScheduled:
		return g.seg(g.Turn, func(s *SegmentState) { s.Schedules = append(s.Schedules, e.Schedule) }), true
	case *DepotsChanged:
		return g.action(e, func(g *GameState) {
			var gone []string
			*g = g.segPlaces(func(m map[string]PlaceState) {
				for _, c := range e.Changes {
					ps := m[c.Place]
					switch c.Action {
					case "placed":
						ps.Depot, ps.DepotDestroyed, ps.Captured = c.Side, false, ""
						if c.Side == CSA {
							gone = append(gone, c.Place+"/csa-placed")
						}
					case "removed":
						ps.Depot = ""
						gone = append(gone, c.Place+"/"+string(c.Side))
					}
					m[c.Place] = ps
				}
			})
			lrta := g.Game() == LRTA
			*g = g.seg(g.Turn, func(s *SegmentState) {
				s.Gone = append(s.Gone, gone...)
				for _, c := range e.Changes {
					if lrta && c.Side == USA && c.Action == "placed" {
						s.Flipped = c.Place // 004 5 h) ii): one place or flip a turn
					}
				}
				var keep []DepotSchedule
				for _, sc := range s.Schedules {
					drop := false
					for _, c := range e.Changes {
						if c.Place == sc.Place && c.Side == sc.Side {
							switch c.Action {
							case "placed", "removed", "dropped":
								drop = true
							case "hastened":
								sc.Due = c.Due
							}
						}
					}
					if !drop {
						keep = append(keep, sc)
					}
				}
				s.Schedules = keep
			})
		}), true
	case *AmmoDrawn:
		return g.action(e, func(g *GameState) {
			for _, c := range e.Units {
				g.editUnit(c.Unit, func(u *UnitState) {
					*u = u.WithStatus()
					u.Status.Ammo = c.To
				})
			}
			*g = g.seg(g.Turn, func(s *SegmentState) { s.AmmoUsed[e.Depot] += e.From - e.To })
		}), true
	case *UnitsRecovered:
		return g.action(e, func(g *GameState) {
			for _, r := range e.Units {
				g.editUnit(r.Unit, func(u *UnitState) {
					*u = u.WithStatus()
					u.Fatigue = r.Fatigue[1]
					if r.Reorganized {
						u.Status.Disorganized = false
					}
					if r.Undemoralized > 0 {
						u.Status.Demoralization = 0
					}
					if r.Recovered {
						u.Status.Exhausted = false
					}
					if r.Exhausted {
						u.Status.Exhausted = true
					}
				})
			}
			if len(e.Stragglers) == 0 {
				return
			}
			vp := append([]VPEntry(nil), g.VP...)
			*g = g.seg(g.Turn, func(s *SegmentState) {
				for _, sr := range e.Stragglers {
					s.Stragglers[sr.Unit] -= sr.Lost + sr.Restored
					if s.Stragglers[sr.Unit] <= 0 {
						delete(s.Stragglers, sr.Unit)
					}
				}
			})
			for _, sr := range e.Stragglers {
				if sr.Restored > 0 {
					g.editUnit(sr.Unit, func(u *UnitState) { u.Manpower += sr.Restored })
				}
				if sr.Lost > 0 {
					g.Losses = g.Losses.add(g.Units[sr.Unit], "combat", sr.Lost)
					if sr.VP != 0 {
						vp = append(vp, manpowerVPEntry(e.Turn, sr.Side, "combat", sr.Lost, sr.VP))
					}
				}
			}
			g.VP = vp
		}), true
	case *StragglersRecorded:
		return g.seg(g.Turn, func(s *SegmentState) { s.Stragglers[e.Unit] += e.MP }), true
	case *VictoryChecked:
		return g.seg(g.Turn, func(s *SegmentState) {
			for _, p := range e.Prelims {
				s.Prelims = append(s.Prelims, p)
			}
			for _, c := range e.Cancelled {
				for i := range s.Prelims {
					if s.Prelims[i].Level == c.Level && s.Prelims[i].Turn == c.Turn {
						s.Prelims[i].Cancelled = c.Cancelled
					}
				}
			}
			if e.End != "" && e.Result != nil {
				r := *e.Result
				s.Outcome = &r
			}
		}), true
	}
	return g, false
}
