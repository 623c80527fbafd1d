package litn

import (
	"fmt"
	"math"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// LITN combat (002 10, 13, 14.2, 14.3): the pure resolution of one battle
// in one hex, given both forces, their supply, the two combat options and
// the charts. Nothing here reads or writes a game: a later step wires it
// to the record sheets (sheet.go), the command phase and the map.
// Every roll is returned with the chart slot or table it used; Log says the
// whole battle in words, each line naming its 002 section.

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

// ----- validation -----

// validate checks the inputs the rules constrain before any die is rolled.
func (b *Battle) validate(c Charts) error {
	forces := [2]*Force{&b.Attacker, &b.Defender}
	if b.Attacker.Side == b.Defender.Side || (b.Attacker.Side != engine.CSA && b.Attacker.Side != engine.USA) || (b.Defender.Side != engine.CSA && b.Defender.Side != engine.USA) {
		return engine.Invalid("litn.combat.sides", "the attacker and defender must be csa and usa, one each", "Set each force's side")
	}
	if b.Fortification != nil && b.Defender.Side != engine.USA {
		return engine.Invalid("litn.combat.fortification", "a Washington fortification's intrinsic strength only defends with the Union (002 13)", "Give no fortification when the Union attacks")
	}
	for r, f := range forces {
		if len(f.Leaders) == 0 {
			return engine.Invalid("litn.combat.leader", fmt.Sprintf("the %s (%s) has no leader in the hex: commitment needs the highest-ranking leader's command rating (002 10.4)", roleName(r), f.Side),
				"Give the leaders in the hex; where the rules are silent (a force without a leader) the umpire names the rating to use as a leader")
		}
		ranks := map[int]string{}
		for _, l := range f.Leaders {
			if l.Rank < 1 || l.Command < 1 || l.Command > 4 {
				return engine.Invalid("litn.combat.leader", fmt.Sprintf("%s: rank %d, command %d", l.Name, l.Rank, l.Command), "Ranks start at 1 (6.4); command ratings are 1-4")
			}
			if o, dup := ranks[l.Rank]; dup {
				return engine.Invalid("litn.combat.leader", fmt.Sprintf("%s and %s both have rank %d", o, l.Name, l.Rank), "Each leader of a side has his own rank (6.4)")
			}
			ranks[l.Rank] = l.Name
		}
		ids := map[string]bool{}
		for _, u := range f.Units {
			if u.ID == "" || ids[u.ID] || u.ID == IntrinsicID {
				return engine.Invalid("litn.combat.unit", fmt.Sprintf("unit id %q is empty or repeated", u.ID), "Give each unit its own id")
			}
			ids[u.ID] = true
			if u.Strength < 1 {
				return engine.Invalid("litn.combat.unit", fmt.Sprintf("%s has strength %d", u.ID, u.Strength), "A unit with no strength is out of play (2.2)")
			}
		}
		if len(f.Units) == 0 && !(r == Def && b.Fortification != nil) {
			return engine.Invalid("litn.combat.unit", fmt.Sprintf("the %s has no combat units", roleName(r)), "Give the participating combat units")
		}
	}
	inf, arty := false, false
	for _, u := range b.Attacker.Units {
		switch {
		case u.Demoralized:
			return engine.Illegal("litn.combat.demoralized", fmt.Sprintf("%s is demoralized and may not attack", u.Name), "002 10.1, 10.6: demoralized units never attack; leave it out")
		case u.Entrained:
			return engine.Illegal("litn.combat.entrained", fmt.Sprintf("%s is entrained and may not attack", u.Name), "002 8.9: an entrained unit may not attack")
		}
		inf = inf || u.Type == Infantry
		arty = arty || u.Type == Artillery
	}
	if arty && b.Attacker.Side == engine.USA && !inf {
		return engine.Illegal("litn.combat.artillery", "the Union artillery may attack only with at least one Union infantry unit", "002 10.1: add an attacking infantry unit or leave the artillery out")
	}
	if b.Surprise {
		if b.AttackerOption != "" || b.DefenderOption != "" {
			return engine.Invalid("litn.combat.options", "no combat options are chosen in a surprise attack", "002 14.2: leave the options out")
		}
	} else if err := b.checkOptions(); err != nil {
		return err
	}
	for _, id := range []string{SlotOptions, SlotCommitment, SlotResults, SlotExcess} {
		if b.Surprise && id == SlotOptions {
			continue
		}
		s := c.Library.Slot(id)
		if s == nil {
			return fmt.Errorf("engine: no chart slot %s", id)
		}
		if c.Loaded[id] == nil {
			return engine.ErrChartNotLoaded(s)
		}
	}
	for _, id := range []string{TableWagon, TableDemoralize, TableCasualty} {
		if c.Library.Table(id) == nil {
			return fmt.Errorf("engine: no table %s", id)
		}
	}
	for r, f := range forces {
		if f.ForceMarched && c.ForceMarchCommitment == nil {
			return engine.Invalid("litn.combat.forcemarch", fmt.Sprintf("the %s force marched: its Commitment Table roll takes the force-march modifier printed beside your table (002 14.2 names it; the rules text does not give it)", roleName(r)),
				"Give the printed force-march commitment modifier")
		}
	}
	return nil
}

// OptionsAllowed lists the chits a side may play and why the others
// are refused (002 10.2, 10.3, 10.6, 13), for the buttons.
func (b *Battle) OptionsAllowed(role int) (allowed []Option, refused map[Option]string) {
	refused = map[Option]string{}
	set := AttackerOptions()
	if role == Def {
		set = DefenderOptions()
	}
	for _, o := range set {
		if why := b.optionRefused(role, o); why != "" {
			refused[o] = why
			continue
		}
		allowed = append(allowed, o)
	}
	return allowed, refused
}

func (b *Battle) force(role int) *Force {
	if role == Att {
		return &b.Attacker
	}
	return &b.Defender
}

// optionRefused says why a side may not play o, or "".
func (b *Battle) optionRefused(role int, o Option) string {
	f := b.force(role)
	set := AttackerOptions()
	if role == Def {
		set = DefenderOptions()
	}
	in := false
	for _, s := range set {
		in = in || s == o
	}
	if !in {
		return fmt.Sprintf("the %s plays one of %s (002 10.3 Permissible Options)", roleName(role), join(set))
	}
	supplied := f.Supplied || (role == Def && len(f.Units) == 0) // the intrinsic strength needs no supply
	if !supplied && (o == Pitched || o == Assault) {
		return "unsupplied units may not choose Pitched Battle or Assault (002 10.2, 10.3)"
	}
	if o == Withdraw && f.NoRetreatPath {
		return "a force with no legal retreat path may not choose Withdraw (002 10.3)"
	}
	if o == Withdraw && b.Fortification != nil && len(f.Units) == 0 {
		return "Washington's intrinsic strength defending without combat units may not Withdraw (002 13)"
	}
	if role == Def && o == Pitched {
		for _, u := range f.Units {
			if u.Demoralized {
				return fmt.Sprintf("a defender with demoralized units (%s) may not choose Pitched Battle (002 10.6)", u.Name)
			}
		}
	}
	return ""
}

func (b *Battle) checkOptions() error {
	for role, o := range [2]Option{b.AttackerOption, b.DefenderOption} {
		if o == "" {
			return engine.Invalid("litn.combat.options", fmt.Sprintf("the %s has not chosen a combat option", roleName(role)), "Both players choose a chit secretly; they are revealed together (002 10.3)")
		}
		if why := b.optionRefused(role, o); why != "" {
			return engine.Illegal("litn.combat.option", fmt.Sprintf("the %s may not play %s: %s", roleName(role), o, why), "Choose one of "+join(func() []Option { a, _ := b.OptionsAllowed(role); return a }()))
		}
	}
	return nil
}

func join(os []Option) string {
	s := make([]string, len(os))
	for i, o := range os {
		s[i] = string(o)
	}
	return strings.Join(s, ", ")
}

// ----- resolution -----

// pool is a side's strength during the battle.
type pool struct {
	units      []CombatUnit   // including the intrinsic strength
	committed  map[string]int // committed points left per unit
	uncommit   map[string]int // uncommitted points left per unit
	order      []string       // loss order
	initial    int            // initial committed strength
	lost       int
	nonMilitia int
	losses     map[string]int
}

// ResolveBattle fights one battle with dice d on charts c. The battle
// is validated first: a refused battle rolls no die.
func ResolveBattle(b Battle, c Charts, d engine.Dice) (*BattleResult, error) {
	if c.Library == nil {
		return nil, fmt.Errorf("engine: LITN battle without a library")
	}
	if err := b.validate(c); err != nil {
		return nil, err
	}
	res := &BattleResult{}
	logf := func(f string, a ...any) { res.Log = append(res.Log, fmt.Sprintf(f, a...)) }
	forces := [2]*Force{&b.Attacker, &b.Defender}
	opts := [2]Option{b.AttackerOption, b.DefenderOption}
	name := func(r int) string { return fmt.Sprintf("%s (%s)", roleName(r), forces[r].Side) }

	// Washington (13): Union units there are entrenched; 8.8: no
	// entrenchment benefit at Harpers Ferry against infantry from 1629.
	entrenchOK := true
	if b.Hex == "1529" {
		for _, u := range b.Attacker.Units {
			if u.Type == Infantry && u.EnteredFrom == "1629" {
				entrenchOK = false
				logf("002 8.8: %s attacks Harpers Ferry (1529) from Maryland Heights (1629): the defenders get no entrenchment benefit", u.Name)
				break
			}
		}
	}
	entrenched := func(u CombatUnit) bool {
		return entrenchOK && (u.Entrenched || b.Fortification != nil)
	}
	defUnits := append([]CombatUnit(nil), b.Defender.Units...)
	if b.Fortification != nil {
		if b.Fortification.Intrinsic > 0 {
			defUnits = append(defUnits, CombatUnit{ID: IntrinsicID, Name: "Washington fortification intrinsic strength", Type: Infantry, Strength: b.Fortification.Intrinsic})
			logf("002 13: the fortification's intrinsic strength of %d defends with the Union as though it were a combat unit; Union units in the hex are entrenched", b.Fortification.Intrinsic)
		} else {
			logf("002 13: the fortification's intrinsic strength is gone; Union units in the hex are still entrenched")
		}
	}
	anyEntrenched := false
	for _, u := range defUnits {
		anyEntrenched = anyEntrenched || entrenched(u)
	}

	// 10.1 step 3: the Combat Options Chart.
	if b.Surprise {
		res.Rounds = "2"
		logf("002 14.2: surprise attack: no combat options; two rounds unless a side is demoralized in the first")
	} else {
		logf("002 10.3: the options are revealed together: the attacker plays %s, the defender %s", opts[0], opts[1])
		lk, err := lookup(c, SlotOptions, string(opts[0]), string(opts[1]))
		if err != nil {
			return nil, err
		}
		res.OptionsLookup, res.Rounds = lk, lk.Result
		what := map[string]string{"1": "one round", "2": "two rounds", "U": "rounds until one or both sides are demoralized"}[lk.Result]
		logf("002 10.3: %s (%s) row %s, column %s: %s: %s", c.Library.Slot(SlotOptions).Title, SlotOptions, lk.Row, lk.Column, lk.Result, what)
	}

	// 10.1 step 2, 10.2: wagon depletion right after choosing the option.
	if !b.Surprise {
		wt := c.Library.Table(TableWagon)
		for r, f := range forces {
			for _, w := range f.Wagons {
				if w.Marked {
					logf("002 10.2: wagon %s already carries a Depletion marker: it supplies the %s without another roll", w.ID, name(r))
					continue
				}
				pb := 0
				if opts[r] == Pitched {
					pb = 1
				}
				tr, err := wt.Roll(d, engine.Facts{"pitched_battle": pb})
				if err != nil {
					return nil, err
				}
				res.Wagons = append(res.Wagons, WagonRoll{Role: r, Wagon: w.ID, Roll: tr})
				logf("002 10.2: wagon %s supplying the %s (%s): rolled %d%s: %s", w.ID, name(r), TableWagon, tr.Natural, choose(pb == 1, " with Pitched Battle (5 or 6 depletes)", " (6 depletes)"), tr.Name)
			}
		}
	}

	// 10.4: commitment.
	pools := [2]*pool{}
	for r, f := range forces {
		units := f.Units
		if r == Def {
			units = defUnits
		}
		cm, p, err := b.commit(r, units, c, d, opts[r], entrenched, logf)
		if err != nil {
			return nil, err
		}
		res.Commitment[r], pools[r] = cm, p
	}
	began := [2]bool{}
	for r, f := range forces {
		for _, u := range f.Units {
			began[r] = began[r] || u.Demoralized
		}
	}

	// 10.5-10.7: the rounds.
	leaders := [2]Leader{}
	for r, f := range forces {
		leaders[r], _ = highest(f.Leaders)
	}
	checking := [2]bool{}
	for n := 1; ; n++ {
		if res.Rounds != "U" && n > atoi(res.Rounds) {
			break
		}
		if n > maxRounds {
			return nil, engine.Illegal("litn.combat.endless", fmt.Sprintf("the battle in %s has gone %d rounds without a side demoralized", b.Hex, maxRounds), "Check the loaded Combat Results Table; the umpire settles the battle by hand")
		}
		round := Round{Number: n}
		logf("002 10.5: round %d", n)
		for r := range forces {
			fire, err := b.fire(r, n, pools[r], leaders[r], opts[r], anyEntrenched, entrenched, c, d, logf)
			if err != nil {
				return nil, err
			}
			round.Fire[r] = fire
			if b.LeaderCasualties {
				for _, cr := range fire.Rolls {
					if cr.Roll.Natural == 6 {
						cs, err := casualties(r, n, forces[r], c, d, logf)
						if err != nil {
							return nil, err
						}
						res.Casualties = append(res.Casualties, cs...)
					}
				}
			}
		}
		// Fire is simultaneous: losses come off after both have fired.
		for r := range forces {
			ex, err := b.takeLosses(r, pools[r], round.Fire[1-r].Inflicted, c, d, logf)
			if err != nil {
				return nil, err
			}
			round.Excess[r] = ex
		}
		// 10.6: demoralization checks.
		dt := c.Library.Table(TableDemoralize)
		for r := range forces {
			p := pools[r]
			if !checking[r] && p.lost > 0 && p.lost*10 >= p.initial {
				checking[r] = true
				logf("002 10.6: the %s has lost %d of %d committed points (10%% or more): it checks for demoralization now and every later round", name(r), p.lost, p.initial)
			}
			if !checking[r] {
				continue
			}
			tenths := 10
			if p.initial > 0 {
				tenths = min(10, p.lost*10/p.initial)
			}
			ent := 0
			if r == Def && anyEntrenched {
				ent = 1
			}
			facts := engine.Facts{"tenths_lost": tenths, "leader_command_rating": leaders[r].combatCommand(), "defending": r,
				"units_entrenched": ent, "began_demoralized": boolInt(began[r])}
			tr, err := dt.Roll(d, facts)
			if err != nil {
				return nil, err
			}
			round.Demoralization[r] = tr
			logf("002 10.6: %s demoralization check (%s, leader %s): %s: %s", name(r), TableDemoralize, leaders[r].Name, tableLine(tr), tr.Name)
			if tr.Outcome == "demoralized" {
				res.Demoralized[r] = true
			}
		}
		res.Fought = append(res.Fought, round)
		if res.Demoralized[0] || res.Demoralized[1] {
			break
		}
	}

	// 10.6: retreats, in order.
	due := [2]string{}
	for r := range forces {
		if res.Demoralized[r] {
			due[r] = RetreatDemoralized
		}
	}
	for r, f := range forces {
		switch {
		case due[r] != "":
		case opts[r] == Withdraw:
			due[r] = RetreatWithdraw
		case !f.Supplied && len(f.Units) > 0 && !res.Demoralized[1-r]:
			due[r] = RetreatUnsupplied
		case !f.Supplied && len(f.Units) > 0:
			logf("002 10.2: the %s is unsupplied but need not retreat: the enemy retreats because of demoralization", name(r))
		}
	}
	first := Att
	if due[0] != "" && due[1] != "" {
		// The worse command rating (the higher number) retreats first;
		// on equal ratings the attacker.
		if leaders[1].combatCommand() > leaders[0].combatCommand() {
			first = Def
		}
		logf("002 10.6: both sides retreat: the %s retreats first (command ratings %d and %d; the worse first, the attacker on equal)", name(first), leaders[first].combatCommand(), leaders[1-first].combatCommand())
	}
	for _, r := range [2]int{first, 1 - first} {
		if due[r] == "" {
			continue
		}
		res.Retreats = append(res.Retreats, RetreatDue{Role: r, Reason: due[r]})
		why := map[string]string{
			RetreatDemoralized: "demoralized: all participating units are flipped and retreat at once, 4 MPs, to a shorter supply line if possible (10.6)",
			RetreatWithdraw:    "it chose Withdraw: it retreats after the last round, 4 MPs, closer to another friendly force if possible (10.3, 10.6)",
			RetreatUnsupplied:  "it is unsupplied: it retreats after the last round, 4 MPs, closer to another friendly force if possible (10.2, 10.6)",
		}[due[r]]
		logf("002 10.6: the %s retreats: %s", name(r), why)
	}
	if len(res.Retreats) == 0 {
		logf("002 10.3: no side retreats: all units remain in the hex")
	}

	// 13: the intrinsic strength.
	if b.Fortification != nil {
		left := pools[Def].committed[IntrinsicID] + pools[Def].uncommit[IntrinsicID]
		if b.Fortification.Intrinsic <= 0 {
			left = 0
		}
		switch {
		case left > 0 && res.Demoralized[Def]:
			res.IntrinsicEliminated = true
			logf("002 13: the Union defence is demoralized: the intrinsic strength is eliminated (the entrenchment effect remains)")
			left = 0
		case left > 0 && due[Def] != "" && len(b.Defender.Units) > 0:
			res.IntrinsicEliminated = true
			logf("002 13: all Union combat units retreat from the hex: the intrinsic strength is eliminated (the entrenchment effect remains)")
			left = 0
		}
		res.Intrinsic = &left
	}

	// 10.8: victory.
	for r := range forces {
		res.Losses[r], res.Total[r], res.NonMilitia[r] = pools[r].losses, pools[r].lost, pools[r].nonMilitia
	}
	if len(res.Retreats) == 1 {
		loser := res.Retreats[0].Role
		counted := res.NonMilitia[loser] + forces[loser].PriorLosses
		v := &Victory{Winner: 1 - loser, Major: counted >= majorVictory, LossesCounted: counted}
		if v.Major {
			v.VP = majorVictoryVP
		}
		res.Victory = v
		prior := ""
		if forces[loser].PriorLosses > 0 {
			prior = fmt.Sprintf(" (%d this battle and %d on the consecutive turns of combat before it)", res.NonMilitia[loser], forces[loser].PriorLosses)
		}
		logf("002 10.8: only the %s retreats: the %s wins a %s victory: the loser lost %d strength points not counting militia%s; %s",
			name(loser), name(1-loser), choose(v.Major, "major", "minor"), counted, prior, choose(v.Major, "15 or more: 5 VP", "fewer than 15: 0 VP"))
	}
	for _, w := range res.Wagons {
		if w.Roll.Outcome == "depleted" {
			logf("002 10.2: wagon %s gets a Depletion marker; it flips to its depleted side at the end of the Combat Phase", w.Wagon)
		}
	}
	return res, nil
}

// commit rolls a side's commitment (10.4) and splits the committed points
// among its units.
func (b *Battle) commit(r int, units []CombatUnit, c Charts, d engine.Dice, opt Option, entrenched func(CombatUnit) bool, logf func(string, ...any)) (Commitment, *pool, error) {
	f := b.force(r)
	l, _ := highest(f.Leaders)
	rating := l.combatCommand()
	why := fmt.Sprintf("%s's command rating %d", l.Name, l.Command)
	if l.McClellan {
		why = fmt.Sprintf("McClellan's command rating counts as 4 in combat (10.4; printed %d)", l.Command)
	}
	if len(f.Units) >= 3 && l.Kind != Department && l.Kind != CorpsLeader {
		rating++
		why += fmt.Sprintf(", +1 for a force of %d combat units under a leader who is neither a department nor a corps leader (7.1)", len(f.Units))
	}
	var mods []engine.AppliedModifier
	add := func(v int, reason string) { mods = append(mods, engine.AppliedModifier{Value: v, Reason: reason}) }
	if !b.Surprise || r == Att {
		if f.ForceMarched {
			add(*c.ForceMarchCommitment, "force march (the modifier printed beside the table; 14.2)")
		}
	}
	if !b.Surprise {
		switch opt {
		case Pitched:
			add(1, "Pitched Battle (10.3)")
		case Probe:
			add(-1, "Probe (10.3)")
		case Withdraw:
			add(-1, "Withdraw (10.3)")
		}
		if r == Def {
			for _, u := range f.Units {
				if u.Demoralized {
					add(-1, "the defending force has demoralized units (10.6)")
					break
				}
			}
		}
		if f.Side == engine.USA {
			for _, u := range f.Units {
				if u.Entrained {
					add(-1, "a Union entrained unit is involved (8.9)")
					break
				}
			}
		}
	}
	slot := c.Library.Slot(SlotCommitment)
	cr, err := slot.RollSlot(d, c.Loaded[SlotCommitment], fmt.Sprint(rating), mods)
	if err != nil {
		return Commitment{}, nil, err
	}
	pct := atoi(strings.TrimSuffix(cr.Result, "%"))
	total := 0
	for _, u := range units {
		total += u.Strength
	}
	committed := roundHalfUp(int64(total)*int64(pct), 100)
	capped := ""
	if committed > total {
		committed, capped = total, " (more than the whole force: all of it)"
	}
	surprise := ""
	if b.Surprise {
		surprise = choose(r == Def, "; surprise attack: the defender uses no modifiers (14.2)", "; surprise attack: the attacker uses only the force-march modifier (14.2)")
	}
	logf("002 10.4: %s commitment: column %d (%s), %s: %s%% of %d strength points = %d committed%s%s",
		roleName(r), rating, why, chartLine(cr), strings.TrimSuffix(cr.Result, "%"), total, committed, capped, surprise)
	p := &pool{units: units, committed: map[string]int{}, uncommit: map[string]int{}, initial: committed, losses: map[string]int{}}
	// Split the committed points: entrenched first when the defender asks
	// (10.5), otherwise in proportion (largest remainders, in order).
	rest := committed
	var share []CombatUnit
	if r == Def && f.EntrenchedFirst {
		for _, u := range units {
			if entrenched(u) {
				k := min(rest, u.Strength)
				p.committed[u.ID], rest = k, rest-k
			} else {
				share = append(share, u)
			}
		}
		if rest > 0 {
			logf("002 10.5: the defender commits his entrenched points first")
		}
	} else {
		share = units
	}
	apportion(share, rest, p.committed)
	for _, u := range units {
		p.uncommit[u.ID] = u.Strength - p.committed[u.ID]
	}
	p.order = order(units, f.LossOrder)
	return Commitment{Leader: l.Name, Column: fmt.Sprint(rating), Roll: cr, Percent: pct, Total: total, Committed: committed, PerUnit: p.committed}, p, nil
}

// apportion shares n points among units in proportion to strength,
// by largest remainders (ties to the earlier unit).
func apportion(units []CombatUnit, n int, out map[string]int) {
	total := 0
	for _, u := range units {
		total += u.Strength
	}
	if total == 0 || n <= 0 {
		for _, u := range units {
			out[u.ID] = 0
		}
		return
	}
	n = min(n, total)
	given := 0
	rem := make([]int, len(units))
	for i, u := range units {
		q := u.Strength * n / total
		out[u.ID] = q
		rem[i] = u.Strength * n % total
		given += q
	}
	for ; given < n; given++ {
		best := -1
		for i, u := range units {
			if out[u.ID] < u.Strength && (best < 0 || rem[i] > rem[best]) {
				best = i
			}
		}
		out[units[best].ID]++
		rem[best] = -1
	}
}

func order(units []CombatUnit, order []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, id := range order {
		for _, u := range units {
			if u.ID == id && !seen[id] {
				out, seen[id] = append(out, id), true
			}
		}
	}
	for _, u := range units {
		if !seen[u.ID] {
			out = append(out, u.ID)
		}
	}
	return out
}

// fire resolves one side's fire in a round (10.5).
func (b *Battle) fire(r, n int, p *pool, l Leader, opt Option, anyEntrenched bool, entrenched func(CombatUnit) bool, c Charts, d engine.Dice, logf func(string, ...any)) (Fire, error) {
	var fr Fire
	// Strength modifications: each unit's committed points times its
	// multipliers, summed exactly, rounded once (nearest, halves up).
	num, raw := int64(0), 0
	halfRiver, halfSlope, doubled := 0, 0, 0
	for _, u := range p.units {
		k := p.committed[u.ID]
		raw += k
		m := int64(4)
		if u.CrossedRiverOrBridge {
			m /= 2
			halfRiver += k
		}
		if u.CrossedSlope && b.Ridge {
			m /= 2
			halfSlope += k
		}
		if r == Def && entrenched(u) {
			m *= 2
			doubled += k
		}
		num += int64(k) * m
	}
	fr.Committed = raw
	fr.Strength = roundHalfUp(num, 4)
	if halfRiver > 0 {
		fr.Why = append(fr.Why, fmt.Sprintf("x1/2 for %d points that entered this turn across a bridge or river hexside (10.5)", halfRiver))
	}
	if halfSlope > 0 {
		fr.Why = append(fr.Why, fmt.Sprintf("x1/2 for %d points that entered this ridge hex this turn across a slope hexside (10.5)", halfSlope))
	}
	if doubled > 0 {
		fr.Why = append(fr.Why, fmt.Sprintf("x2 for %d entrenched defending points (10.5%s)", doubled, choose(b.Fortification != nil, ", 13", "")))
	}
	if r == Def && b.Surprise && n == 1 {
		fr.Silent = "the defender does not fire in the first round of a surprise attack (14.2)"
		logf("002 14.2: the %s does not fire in the first round of a surprise attack", roleName(r))
		return fr, nil
	}
	if fr.Strength <= 0 {
		fr.Silent = "no committed strength left"
		logf("002 10.5: the %s has no committed strength left and does not fire", roleName(r))
		return fr, nil
	}
	var mods []engine.AppliedModifier
	if l.CombatBonus != 0 {
		mods = append(mods, engine.AppliedModifier{Value: l.CombatBonus, Reason: fmt.Sprintf("combat bonus of %s, the highest-ranking leader (10.5)", l.Name)})
	}
	if !b.Surprise {
		switch opt {
		case Pitched:
			mods = append(mods, engine.AppliedModifier{Value: 1, Reason: "Pitched Battle (10.5)"})
		case Probe, Withdraw:
			mods = append(mods, engine.AppliedModifier{Value: -1, Reason: string(opt) + " (10.5)"})
		}
	}
	if r == Def {
		mods = append(mods, engine.AppliedModifier{Value: 1, Reason: "the defender's fire (10.5)"})
	}
	shift, shiftWhy := 0, []string{}
	if r == Att && anyEntrenched {
		shift--
		shiftWhy = append(shiftWhy, "1 left: a defending unit is entrenched (10.5)")
	}
	if r == Att && b.Surprise {
		shift++
		shiftWhy = append(shiftWhy, "1 right: surprise attack (14.2)")
	}
	slot, lc := c.Library.Slot(SlotResults), c.Loaded[SlotResults]
	cols := make([]engine.RowKey, len(lc.Columns))
	for i, h := range lc.Columns {
		cols[i] = engine.ParseRowKey(h)
	}
	top := cols[len(cols)-1].Min
	if top <= 0 {
		return fr, fmt.Errorf("engine: the Combat Results Table's last column %q is not a strength", lc.Columns[len(cols)-1])
	}
	// Excess strength: once on the top column per full top, once more for
	// the remainder (10.5).
	var parts []int
	s := fr.Strength
	for s > top {
		parts, s = append(parts, top), s-top
	}
	if s == top {
		parts, s = append(parts, top), 0
	}
	if s > 0 {
		parts = append(parts, s)
	}
	if len(parts) > 1 {
		fr.Why = append(fr.Why, fmt.Sprintf("above the last column: %s (10.5 Excess Strength)", ints(parts)))
	}
	if len(fr.Why) > 0 {
		logf("002 10.5: %s strength %d committed -> %d: %s", roleName(r), raw, fr.Strength, strings.Join(fr.Why, "; "))
	}
	for _, part := range parts {
		i, edge := column(cols, part)
		band := lc.Columns[i]
		j := i + shift
		switch {
		case j < 0:
			j, edge = 0, joinS(edge, "the shift stops at the first column")
		case j >= len(cols):
			j, edge = len(cols)-1, joinS(edge, "the shift stops at the last column")
		}
		cr, err := slot.RollSlot(d, lc, lc.Columns[j], mods)
		if err != nil {
			return fr, err
		}
		fr.Rolls = append(fr.Rolls, CRTRoll{Strength: part, Band: band, Shift: shift, Edge: edge, Roll: cr})
		fr.Inflicted += atoi(cr.Result)
		sh := ""
		if len(shiftWhy) > 0 {
			sh = " shifted " + strings.Join(shiftWhy, ", ") + " to " + lc.Columns[j]
		}
		if edge != "" {
			sh += " (" + edge + ")"
		}
		logf("002 10.5: %s fires %d points on column %s%s: %s: %s enemy points eliminated", roleName(r), part, band, sh, chartLine(cr), cr.Result)
	}
	return fr, nil
}

// column finds the column a strength falls in; below the first column
// it reads the first (the rules are silent; see docs/litn-combat.md).
func column(cols []engine.RowKey, s int) (int, string) {
	for i, k := range cols {
		hi := k.Max
		if i == len(cols)-1 {
			hi = math.MaxInt
		}
		if s >= k.Min && s <= hi {
			return i, ""
		}
	}
	return 0, "below the chart's first column: read on it"
}

// takeLosses removes a round's losses from a side: committed points first
// in the owner's order; losses beyond them go to the Excess Losses Table,
// rolled by the other player (10.7).
func (b *Battle) takeLosses(r int, p *pool, loss int, c Charts, d engine.Dice, logf func(string, ...any)) (*Excess, error) {
	left := 0
	for _, id := range p.order {
		left += p.committed[id]
	}
	take := min(loss, left)
	if took := p.remove(p.committed, take); take > 0 {
		logf("002 10.5: the %s loses %d committed points (%s, in the owner's order)", roleName(r), take, took)
	}
	if loss <= left {
		return nil, nil
	}
	excess := loss - left
	slot := c.Library.Slot(SlotExcess)
	cr, err := slot.RollSlot(d, c.Loaded[SlotExcess], c.Loaded[SlotExcess].Columns[0],
		[]engine.AppliedModifier{{Value: excess, Reason: fmt.Sprintf("%d excess losses (10.7)", excess)}})
	if err != nil {
		return nil, err
	}
	unc := 0
	for _, id := range p.order {
		unc += p.uncommit[id]
	}
	removed := min(atoi(cr.Result), unc)
	took := p.remove(p.uncommit, removed)
	logf("002 10.7: the %s's losses (%d) exceed its committed strength (%d) by %d: the %s rolls on the Excess Losses Table: %s: %s uncommitted points removed%s%s",
		roleName(r), loss, left, excess, roleName(1-r), chartLine(cr), cr.Result, choose(removed < atoi(cr.Result), fmt.Sprintf(" (only %d left)", removed), ""), choose(took != "", " ("+took+")", ""))
	return &Excess{Excess: excess, Roll: cr, Removed: removed}, nil
}

// remove takes n points from the pool's units in loss order and says
// which units lost them.
func (p *pool) remove(from map[string]int, n int) string {
	var took []string
	for _, id := range p.order {
		if n == 0 {
			break
		}
		k := min(n, from[id])
		if k == 0 {
			continue
		}
		took = append(took, fmt.Sprintf("%s %d", id, k))
		from[id] -= k
		n -= k
		p.lost += k
		p.losses[id] += k
		militia := false
		for _, u := range p.units {
			militia = militia || (u.ID == id && u.Type == Militia)
		}
		if !militia {
			p.nonMilitia += k
		}
	}
	return strings.Join(took, ", ")
}

// casualties rolls 14.3 for each of a side's combat and corps leaders
// after a natural 6.
func casualties(r, n int, f *Force, c Charts, d engine.Dice, logf func(string, ...any)) ([]LeaderCasualty, error) {
	t := c.Library.Table(TableCasualty)
	var out []LeaderCasualty
	logf("002 14.3: the %s rolled a natural 6: a roll for each of his combat and corps leaders", roleName(r))
	for _, l := range f.Leaders {
		if l.Kind == Department || l.Kind == CavalryChief || l.Kind == UnionArty {
			continue
		}
		kind := 0
		if spec := t.Fact("leader_kind"); spec != nil {
			for i, v := range spec.Values {
				if v == "combat-or-corps-leader" {
					kind = i
				}
			}
		}
		tr, err := t.Roll(d, engine.Facts{"leader_kind": kind})
		if err != nil {
			return nil, err
		}
		killed := tr.Outcome == "killed"
		out = append(out, LeaderCasualty{Role: r, Round: n, Leader: l.Name, Roll: tr, Killed: killed})
		logf("002 14.3: %s (%s): %s: %s", l.Name, TableCasualty, tableLine(tr), tr.Name)
	}
	return out, nil
}

// lookup reads a looked-up chart slot's cell.
func lookup(c Charts, id, row, col string) (*Lookup, error) {
	s, lc := c.Library.Slot(id), c.Loaded[id]
	if lc == nil {
		return nil, engine.ErrChartNotLoaded(s)
	}
	j := engine.Column(lc.Columns, col)
	for i, rw := range lc.Rows {
		if strings.EqualFold(rw, row) && j >= 0 {
			return &Lookup{Chart: id, Row: rw, Column: lc.Columns[j], Result: lc.Cells[i][j]}, nil
		}
	}
	return nil, engine.Invalid("chart.cell", fmt.Sprintf("%s has no cell for row %q, column %q", s.Title, row, col), "Its rows: "+strings.Join(lc.Rows, ", ")+"; columns: "+strings.Join(lc.Columns, ", "))
}

// ----- small helpers -----

// roundHalfUp rounds num/den to the nearest whole number, halves up
// (10.5); den > 0, num >= 0.
func roundHalfUp(num, den int64) int { return int((2*num + den) / (2 * den)) }

func atoi(s string) int {
	n := 0
	for _, ch := range strings.TrimSpace(s) {
		if ch < '0' || ch > '9' {
			break
		}
		n = n*10 + int(ch-'0')
	}
	return n
}

func choose(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

func boolInt(c bool) int {
	if c {
		return 1
	}
	return 0
}

func joinS(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " + ")
}

// chartLine explains a chart slot roll: slot, dice, modifiers, row.
func chartLine(cr *engine.ChartRoll) string {
	return fmt.Sprintf("%s (%s) %s rolled %s%s = %d, row %s%s", cr.Title, cr.Chart, cr.Dice, ints(cr.Faces), mods(cr.Modifiers), cr.Total, cr.Row, choose(cr.Clamped, " (beyond the chart's rows: the nearest)", ""))
}

func tableLine(tr *engine.TableRoll) string {
	return fmt.Sprintf("%s rolled %s%s = %d", tr.Dice, ints(tr.Faces), mods(tr.Modifiers), tr.Total)
}

func mods(ms []engine.AppliedModifier) string {
	var sb strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&sb, " %+d (%s)", m.Value, m.Reason)
	}
	return sb.String()
}

// ----- retreats (002 10.6) -----

// RetreatStep is one hex of a declared retreat path, with what the map
// says about entering it.
type RetreatStep struct {
	Hex string `json:"hex"`
	// MP is the cost of entering the hex by the unit's terrain costs,
	// without ZOC costs (10.6: retreats do not pay them).
	MP int `json:"mp"`
	// EnemyStrength is the strength of enemy combat units in the hex.
	EnemyStrength int `json:"enemy_strength,omitempty"`
	// NonCombatOnly: the hex holds enemy non-combat units only.
	NonCombatOnly bool `json:"non_combat_only,omitempty"`
	// Bridge: the hexside crossed into the hex is a bridge hexside.
	Bridge bool `json:"bridge,omitempty"`
	// UnbridgedRiver: the hexside crossed into the hex is an unbridged
	// river hexside.
	UnbridgedRiver bool `json:"unbridged_river,omitempty"`
}

// Retreat is a retreat a player declares for units of a force, with
// the facts about the alternatives that the map works out.
type Retreat struct {
	Reason string `json:"reason"` // LITNRetreatDemoralized, LITNRetreatWithdraw or LITNRetreatUnsupplied
	// ForceStrength is the strength of the retreating force, against
	// which enemy units block (20%, 10% at a bridge).
	ForceStrength int           `json:"force_strength"`
	Path          []RetreatStep `json:"path"` // the hexes entered, in order; the combat hex not included
	// ExitEnemyStrength: enemy strength that entered the battle through
	// the hexside the path leaves by (0 when none did), and whether that
	// hexside is a bridge; EnemyRetreatedFirst: those units retreated first.
	ExitEnemyStrength   int  `json:"exit_enemy_strength,omitempty"`
	ExitBridge          bool `json:"exit_bridge,omitempty"`
	EnemyRetreatedFirst bool `json:"enemy_retreated_first,omitempty"`
	// FewestMP is the fewest MPs of any legal retreat of at least 4 MPs
	// (4 when a path exactly 4 long exists); 0 when no legal route of at
	// least 4 MPs exists (the units are removed from play).
	FewestMP int `json:"fewest_mp"`
	// ClearAlternative: a legal path exists that enters no enemy-occupied
	// hex (combat or non-combat units) and leaves by no enemy entry
	// hexside.
	ClearAlternative bool `json:"clear_alternative,omitempty"`
	// Supply line lengths (MPs) from the combat hex, from the path's last
	// hex, and the shortest any legal end hex offers (demoralization).
	SupplyFrom, SupplyTo, SupplyBest int
	// Distances to the nearest other friendly force from the combat hex,
	// from the path's last hex, and the nearest any legal end hex offers.
	FriendFrom, FriendTo, FriendBest int
}

// RetreatNone is the error code for a retreat where no legal route of
// at least 4 MPs exists: the units are removed from play (10.6).
const RetreatNone = "litn.retreat.none"

// ValidateRetreat checks a declared retreat against the limits of 002
// 10.6 and returns nil when it is legal. The path itself, its costs and
// the alternatives come from the map.
func ValidateRetreat(r Retreat) error {
	if r.Reason != RetreatDemoralized && r.Reason != RetreatWithdraw && r.Reason != RetreatUnsupplied {
		return engine.Invalid("litn.retreat.reason", fmt.Sprintf("unknown retreat reason %q", r.Reason), "demoralized, withdraw or unsupplied")
	}
	if r.FewestMP == 0 {
		return engine.Illegal(RetreatNone, "no legal retreat route of at least 4 MPs: the retreating units are removed from play (002 10.6)", "Remove the units")
	}
	if len(r.Path) == 0 {
		return engine.Invalid("litn.retreat.path", "the retreat has no path", "Name the hexes the units retreat through")
	}
	blocks := func(enemy int, bridge bool) bool {
		if bridge {
			return enemy*10 >= r.ForceStrength // at least 10% blocks at a bridge
		}
		return enemy*5 >= r.ForceStrength // at least 20% blocks
	}
	throughEnemy := false
	if r.ExitEnemyStrength > 0 && !r.EnemyRetreatedFirst {
		if blocks(r.ExitEnemyStrength, r.ExitBridge) {
			return engine.Illegal("litn.retreat.exit", fmt.Sprintf("the path leaves by the hexside %d enemy strength points entered the battle through: at least %s of the retreating %d points blocks it", r.ExitEnemyStrength, choose(r.ExitBridge, "10% at a bridge", "20%"), r.ForceStrength),
				"002 10.6 Effect of Enemy Units: leave by another hexside")
		}
		throughEnemy = true
	}
	mp := 0
	for i, st := range r.Path {
		if st.UnbridgedRiver {
			return engine.Illegal("litn.retreat.river", fmt.Sprintf("step %d into %s crosses an unbridged river hexside", i+1, st.Hex), "002 10.6: retreating units cannot cross unbridged river hexsides")
		}
		if st.EnemyStrength > 0 {
			if blocks(st.EnemyStrength, st.Bridge) {
				return engine.Illegal("litn.retreat.enemy", fmt.Sprintf("%s holds %d enemy strength points: at least %s of the retreating %d points blocks the retreat", st.Hex, st.EnemyStrength, choose(st.Bridge, "10% across a bridge", "20%"), r.ForceStrength),
					"002 10.6 Effect of Enemy Units: retreat around it")
			}
			throughEnemy = true
		}
		if st.NonCombatOnly {
			throughEnemy = true
		}
		if st.MP < 0 {
			return engine.Invalid("litn.retreat.path", fmt.Sprintf("step %d into %s costs %d MPs", i+1, st.Hex, st.MP), "Costs are whole MPs")
		}
		mp += st.MP
		if mp >= 4 && i < len(r.Path)-1 {
			return engine.Illegal("litn.retreat.length", fmt.Sprintf("the retreat has spent %d MPs by %s and goes on", mp, st.Hex), "002 10.6: retreating units move 4 MPs; end the retreat there")
		}
	}
	if throughEnemy && r.ClearAlternative {
		return engine.Illegal("litn.retreat.enemy", "the path passes enemy units although a path clear of them exists", "002 10.6: units may retreat through enemy-occupied hexes (or leave through hexsides enemy units entered by) only if there is no alternative")
	}
	if mp != r.FewestMP {
		what := fmt.Sprintf("the retreat costs %d MPs", mp)
		if r.FewestMP == 4 {
			return engine.Illegal("litn.retreat.length", what+"; a path of exactly 4 MPs exists", "002 10.6: retreating units move 4 MPs (not paying ZOC costs)")
		}
		return engine.Illegal("litn.retreat.length", fmt.Sprintf("%s; no path is exactly 4 MPs long, and the fewest MPs any legal path takes is %d", what, r.FewestMP), "002 10.6: a unit may expend more than 4 MPs only as few additional MPs as possible")
	}
	switch r.Reason {
	case RetreatDemoralized:
		if r.SupplyBest < r.SupplyFrom {
			if r.SupplyTo >= r.SupplyFrom {
				return engine.Illegal("litn.retreat.supply", fmt.Sprintf("a demoralized retreat must end where the supply line is shorter than from the combat hex (%d MPs); it ends %d MPs from supply", r.SupplyFrom, r.SupplyTo),
					fmt.Sprintf("002 10.6: end the retreat in a hex with a supply line shorter than %d MPs", r.SupplyFrom))
			}
			return nil
		}
		fallthrough // not possible: closer to another friendly force, if possible
	default:
		if r.FriendBest < r.FriendFrom && r.FriendTo >= r.FriendFrom {
			return engine.Illegal("litn.retreat.friends", fmt.Sprintf("the retreat must end closer to another friendly force than the combat hex (%d); it ends %d away", r.FriendFrom, r.FriendTo),
				"002 10.6: end the retreat nearer another friendly force")
		}
	}
	return nil
}
