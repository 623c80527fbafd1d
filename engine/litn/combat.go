package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// LITN combat (002 10, 13, 14.2, 14.3): the pure resolution of one battle
// in one hex, given both forces, their supply, the two combat options and
// the charts. Nothing here reads or writes a game: a later step wires it
// to the record sheets (sheet.go), the command phase and the map.
// Every roll is returned with the chart slot or table it used; Log says the
// whole battle in words, each line naming its 002 section.
//
// This file holds a battle's types and who attacks first (10 opening);
// the checks, the resolution, commitment, fire, losses and retreats are in
// combat_*.go.

// Option is a combat option chit (002 10.3).
type Option string

// The five chits: the attacker plays one of the first three, the defender
// one of the last three (Pitched Battle is in both sets).
const (
	Probe    Option = "Probe"
	Assault  Option = "Assault"
	Pitched  Option = "Pitched Battle"
	Withdraw Option = "Withdraw"
	Stand    Option = "Stand"
)

// AttackerOptions and DefenderOptions are the chits each side may
// play (002 10.3 "Permissible Options"), in the Combat Options Chart's
// row and column order.
func AttackerOptions() []Option { return []Option{Probe, Assault, Pitched} }

// DefenderOptions: see AttackerOptions.
func DefenderOptions() []Option { return []Option{Withdraw, Stand, Pitched} }

// LeaderKind says what a leader is, for 7.1's command rating modifier
// and 14.3's casualties.
type LeaderKind string

// Leader kinds (002 2.2, 6.1, 6.3).
const (
	Department   LeaderKind = "department"        // Lee, McClellan, Hooker, Meade
	CavalryChief LeaderKind = "cavalry-commander" // non-combat cavalry commander
	CorpsLeader  LeaderKind = "corps"             // Confederate non-combat corps leader
	CombatLeader LeaderKind = "combat"            // a leader with troops (a division, a Union corps...)
	Detachment   LeaderKind = "detachment"        // 6.3: treated like a named leader
	UnionArty    LeaderKind = "union-artillery"   // 14.3: never killed
)

// Leader is a leader present in the battle hex with his ratings from
// the Player Record Sheet (002 6).
type Leader struct {
	Name        string     `json:"name"`
	Kind        LeaderKind `json:"kind"`
	Rank        int        `json:"rank"` // 1 is the highest (6.4)
	Command     int        `json:"command"`
	Initiative  int        `json:"initiative"`
	CombatBonus int        `json:"combat_bonus"`
	// McClellan's command rating counts as 4 for commitment and
	// demoralization (002 10.4).
	McClellan bool `json:"mcclellan,omitempty"`
}

// combatCommand is the leader's command rating for combat (10.4).
func (l Leader) combatCommand() int {
	if l.McClellan {
		return 4
	}
	return l.Command
}

// UnitType is a combat unit's troop type (002 2.2).
type UnitType string

// Troop types.
const (
	Infantry  UnitType = "infantry"
	Cavalry   UnitType = "cavalry"
	Artillery UnitType = "artillery" // the Union artillery unit
	Militia   UnitType = "militia"
)

// CombatUnit is a participating combat unit and what 10.5 needs about
// how it came into the hex.
type CombatUnit struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Type        UnitType `json:"type"`
	Strength    int      `json:"strength"`
	Entrenched  bool     `json:"entrenched,omitempty"`  // 8.8
	Demoralized bool     `json:"demoralized,omitempty"` // 10.6
	Entrained   bool     `json:"entrained,omitempty"`   // 8.9
	// CrossedRiverOrBridge: entered the hex this turn through a bridge or
	// river hexside (10.5: x1/2).
	CrossedRiverOrBridge bool `json:"crossed_river_or_bridge,omitempty"`
	// CrossedSlope: entered the hex this turn through a slope hexside of
	// it (10.5: x1/2 when the battle hex is a ridge hex).
	CrossedSlope bool `json:"crossed_slope,omitempty"`
	// EnteredFrom is the hex it entered the battle hex from this turn
	// (8.8: Harpers Ferry and Maryland Heights); empty when it did not move.
	EnteredFrom string `json:"entered_from,omitempty"`
}

// Wagon is a supply wagon supplying this battle (002 10.2).
type Wagon struct {
	ID string `json:"id"`
	// Marked: it already carries a Depletion marker from an earlier battle
	// this Combat Phase; it still supplies and is not rolled for again.
	Marked bool `json:"marked,omitempty"`
}

// Force is one side's force in the battle.
type Force struct {
	Side    engine.Side `json:"side"`
	Leaders []Leader    `json:"leaders"` // every leader of the side in the hex
	// Units are the participating combat units: for the attacker those
	// he attacks with, for the defender every unit in the hex (10.1).
	Units []CombatUnit `json:"units"`
	// Supplied by a depot within 4 MPs or an undepleted wagon within 2
	// (10.2), as the players declare and the map checks.
	Supplied bool    `json:"supplied"`
	Wagons   []Wagon `json:"wagons,omitempty"` // wagons used for supply; each rolls 10.2
	// NoRetreatPath: the force has no legal retreat path (10.3: no
	// Withdraw). The map wiring works it out.
	NoRetreatPath bool `json:"no_retreat_path,omitempty"`
	ForceMarched  bool `json:"force_marched,omitempty"` // some units force marched this turn (14.2's commitment modifier)
	// EntrenchedFirst: a defender committing less than all his strength
	// commits entrenched points before others (10.5).
	EntrenchedFirst bool `json:"entrenched_first,omitempty"`
	// LossOrder lists unit ids in the order the owner takes losses
	// (10.5 step 4: "The enemy player chooses"); units not listed follow
	// in their order. IntrinsicID names Washington's intrinsic strength.
	LossOrder []string `json:"loss_order,omitempty"`
	// PriorLosses are the non-militia strength points this side lost in
	// this hex in combat on the consecutive turns before this one (10.8).
	PriorLosses int `json:"prior_losses,omitempty"`
}

// IntrinsicID is the unit id the Washington fortification hex's
// intrinsic strength fights under (002 13).
const IntrinsicID = "washington-intrinsic"

// Battle is everything one battle's resolution needs.
type Battle struct {
	Hex      string `json:"hex"`
	Ridge    bool   `json:"ridge,omitempty"` // the battle hex is a ridge hex (10.5)
	Attacker Force  `json:"attacker"`
	Defender Force  `json:"defender"`
	// The chits revealed together (10.3); empty in a surprise attack.
	AttackerOption Option `json:"attacker_option,omitempty"`
	DefenderOption Option `json:"defender_option,omitempty"`
	// Fortification: the hex is a Washington fortification hex; its
	// intrinsic strength left (15 at the start, 13) defends with the
	// Union. Nil elsewhere.
	Fortification    *Fortification `json:"fortification,omitempty"`
	Surprise         bool           `json:"surprise,omitempty"`          // 14.2 (optional)
	LeaderCasualties bool           `json:"leader_casualties,omitempty"` // 14.3 (optional)
}

// Fortification is a Washington fortification hex (002 13).
type Fortification struct {
	Intrinsic int `json:"intrinsic"`
}

// IntrinsicStart is the intrinsic strength of each fortification hex
// at the start of the game (002 13).
const IntrinsicStart = 15

// Charts are the charts a battle rolls on: the chart slots and the
// group's loaded copies (Charts.Loaded), the shipped tables for wagon
// depletion, demoralization and leader casualties, and the commitment
// force-march modifier, which 14.2 names but only the printed table gives.
type Charts struct {
	Library *engine.Library
	Loaded  map[string]*engine.LoadedChart
	// ForceMarchCommitment is the force-march modifier printed beside the
	// group's Commitment Table; nil when not given (a battle that needs it
	// is refused).
	ForceMarchCommitment *int
}

// The slots and tables a battle uses.
const (
	SlotOptions     = "litn.combat-options"
	SlotCommitment  = "litn.commitment"
	SlotResults     = "litn.combat-results"
	SlotExcess      = "litn.excess-losses"
	TableWagon      = "litn.wagon-depletion"
	TableDemoralize = "litn.demoralization"
	TableCasualty   = "litn.leader-casualty"
)

// Roles in a battle.
const (
	Att = 0
	Def = 1
)

// roleName names a role for people.
func roleName(r int) string { return [2]string{"attacker", "defender"}[r] }

// BattleResult is a settled battle with everything that explains it.
type BattleResult struct {
	Rounds        string        `json:"rounds"` // the Combat Options Chart's cell: 1, 2 or U (2 in a surprise attack)
	OptionsLookup *Lookup       `json:"options_lookup,omitempty"`
	Wagons        []WagonRoll   `json:"wagons,omitempty"`
	Commitment    [2]Commitment `json:"commitment"`
	Fought        []Round       `json:"fought"`
	Demoralized   [2]bool       `json:"demoralized"`
	Retreats      []RetreatDue  `json:"retreats,omitempty"` // in the order they are made
	Victory       *Victory      `json:"victory,omitempty"`
	// Losses are the strength points each unit lost, per side (committed
	// and excess), including the intrinsic strength under IntrinsicID.
	Losses [2]map[string]int `json:"losses"`
	// Total and NonMilitia are each side's losses in this battle.
	Total      [2]int `json:"total"`
	NonMilitia [2]int `json:"non_militia"`
	// Intrinsic is the fortification's intrinsic strength after the
	// battle (0 once eliminated); nil without a fortification.
	Intrinsic           *int             `json:"intrinsic,omitempty"`
	IntrinsicEliminated bool             `json:"intrinsic_eliminated,omitempty"`
	Casualties          []LeaderCasualty `json:"casualties,omitempty"`
	Log                 []string         `json:"log"`
}

// Lookup is a cell read from a looked-up chart slot.
type Lookup struct {
	Chart  string `json:"chart"`
	Row    string `json:"row"`
	Column string `json:"column"`
	Result string `json:"result"`
}

// WagonRoll is a wagon depletion roll (10.2).
type WagonRoll struct {
	Role  int               `json:"role"`
	Wagon string            `json:"wagon"`
	Roll  *engine.TableRoll `json:"roll"`
}

// Commitment is one side's commitment (10.4).
type Commitment struct {
	Leader    string            `json:"leader"`
	Column    string            `json:"column"`
	Roll      *engine.ChartRoll `json:"roll"`
	Percent   int               `json:"percent"`
	Total     int               `json:"total"`
	Committed int               `json:"committed"`
	PerUnit   map[string]int    `json:"per_unit"`
}

// Round is one combat round (10.5, 10.6, 10.7).
type Round struct {
	Number         int                  `json:"number"`
	Fire           [2]Fire              `json:"fire"`
	Excess         [2]*Excess           `json:"excess,omitempty"`
	Demoralization [2]*engine.TableRoll `json:"demoralization,omitempty"`
}

// Fire is one side's fire in a round.
type Fire struct {
	Committed int       `json:"committed"` // committed strength left before the round
	Strength  int       `json:"strength"`  // after 10.5's modifications
	Why       []string  `json:"why,omitempty"`
	Rolls     []CRTRoll `json:"rolls,omitempty"`
	Inflicted int       `json:"inflicted"`
	Silent    string    `json:"silent,omitempty"` // why the side did not fire
}

// CRTRoll is one roll on the Combat Results Table.
type CRTRoll struct {
	Strength int               `json:"strength"` // the points this roll is for (56 per roll above the top column)
	Band     string            `json:"band"`     // the column the strength falls in, before shifts
	Shift    int               `json:"shift"`    // columns right (+) or left (-)
	Edge     string            `json:"edge,omitempty"`
	Roll     *engine.ChartRoll `json:"roll"`
}

// Excess is an Excess Losses roll (10.7).
type Excess struct {
	Excess  int               `json:"excess"`
	Roll    *engine.ChartRoll `json:"roll"`
	Removed int               `json:"removed"`
}

// RetreatDue is a retreat the battle requires (10.6).
type RetreatDue struct {
	Role   int    `json:"role"`
	Reason string `json:"reason"` // demoralized, withdraw, unsupplied
}

// Retreat reasons (002 10.6 "Retreats").
const (
	RetreatDemoralized = "demoralized"
	RetreatWithdraw    = "withdraw"
	RetreatUnsupplied  = "unsupplied"
)

// Victory is the winner's victory (10.8).
type Victory struct {
	Winner int  `json:"winner"`
	Major  bool `json:"major"`
	// LossesCounted: the loser's non-militia losses, this battle plus
	// consecutive earlier turns in the hex.
	LossesCounted int `json:"losses_counted"`
	VP            int `json:"vp"`
}

// LeaderCasualty is a 14.3 roll for one leader.
type LeaderCasualty struct {
	Role   int               `json:"role"`
	Round  int               `json:"round"`
	Leader string            `json:"leader"`
	Roll   *engine.TableRoll `json:"roll"`
	Killed bool              `json:"killed"`
}

// majorVictory is the loss that makes a victory major, and its VPs
// (002 10.8).
const (
	majorVictory   = 15
	majorVictoryVP = 5
	maxRounds      = 100 // a "U" battle that never breaks is refused
)

// ----- who attacks (002 10 opening) -----

// FirstChoice says which side decides first whether to attack: the
// higher initiative of the two highest-ranking leaders; on equal
// initiatives, the player who moved into the hex second (002 10, steps
// 1-2). a and b are the two sides' leaders in the hex; secondIn is the
// side that moved into the hex second.
func FirstChoice(a, b Force, secondIn engine.Side) (engine.Side, string, error) {
	la, ok := highest(a.Leaders)
	if !ok {
		return "", "", engine.Invalid("litn.combat.leader", fmt.Sprintf("%s has no leader in the hex", a.Side), "Give the leaders in the hex with their ranks")
	}
	lb, ok := highest(b.Leaders)
	if !ok {
		return "", "", engine.Invalid("litn.combat.leader", fmt.Sprintf("%s has no leader in the hex", b.Side), "Give the leaders in the hex with their ranks")
	}
	switch {
	case la.Initiative > lb.Initiative:
		return a.Side, fmt.Sprintf("%s's initiative %d is higher than %s's %d (002 10 step 2)", la.Name, la.Initiative, lb.Name, lb.Initiative), nil
	case lb.Initiative > la.Initiative:
		return b.Side, fmt.Sprintf("%s's initiative %d is higher than %s's %d (002 10 step 2)", lb.Name, lb.Initiative, la.Name, la.Initiative), nil
	}
	return secondIn, fmt.Sprintf("initiatives are equal (%d): the side that moved into the hex second decides first (002 10 step 2)", la.Initiative), nil
}

// highest returns the highest-ranking leader (6.4: rank 1 is highest).
func highest(ls []Leader) (Leader, bool) {
	var best Leader
	found := false
	for _, l := range ls {
		if !found || l.Rank < best.Rank {
			best, found = l, true
		}
	}
	return best, found
}
