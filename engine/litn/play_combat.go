package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 G, the Combat Phase in play (issue 10; docs/litn-play-combat.md):
// the pure battle of combat.go wired to the game.
//
//   - G1 begins: every hex holding combat units of both sides gets a
//     battle, with the side that decides first whether to attack (002 10
//     steps 1-2).
//   - /litn attack: the deciding side attacks (with some or all of its
//     units, 10.1) or declines; then the other may (10 step 3); both
//     declining is no combat (10 step 4).
//   - /litn supply: each side declares its supply source (10.2), checked
//     where the state can (a wagon's side, state, distance; a depot's
//     distance and enemy occupation).
//   - /litn option: each side's chit, secret until both are in (10.3); the
//     second resolves the battle (ResolveBattle) and reveals both.
//   - /litn retreat: the retreats the battle requires, in 10.6's order,
//     within ValidateRetreat's limits.
//   - G2 begins: wagons with Depletion markers are flipped (3.1 G II).

// CombatPlay is 3.1 G's state.
type CombatPlay struct {
	// Turn is the turn the battles belong to.
	Turn int
	// Battles are this turn's battles by printed hex.
	Battles map[string]BattlePlay
	// Intrinsic holds the losses of each Washington fortification hex's
	// intrinsic strength (002 13: "Any losses must be recorded"); the
	// strength left is IntrinsicStart minus them.
	Intrinsic map[string]int
	// Victories are the victories won (10.8), every turn.
	Victories []VictoryRecord
	// Fought is, per hex, the last turn of combat there and each side's
	// non-militia losses over the consecutive turns of combat (10.8).
	Fought map[string]HexFight
	// Surprise are the surprise attacks of the Movement Phase under way,
	// by printed hex (14.2, optional; the section "14.2 Surprise attacks" below).
	Surprise map[string]SurprisePlay
}

// BattlePlay is one hex's battle this turn.
type BattlePlay struct {
	Hex           string
	First         engine.Side   // decides first whether to attack (10 step 2)
	FirstWhy      string        // the umpire's explanation (it names ratings)
	Fortification bool          // a Washington fortification hex (13)
	Declined      []engine.Side // sides that chose not to attack, in order
	Attacker      engine.Side   // "" until a side attacks
	NoCombat      bool          // both declined (10 step 4)
	// Participants are the attacking units chosen and all the defender's
	// combat units in the hex (10.1 Participating Units).
	Participants map[engine.Side][]string
	Supply       map[engine.Side]SupplyDecl
	Options      map[engine.Side]Option // secret until both are in (10.3)
	Fought       bool
	Result       *BattleResult
	Due          []SideRetreat // the retreats required, in order (10.6)
}

// SupplyDecl is a side's declared supply for one battle (10.2).
type SupplyDecl struct {
	Wagon         string   `json:"wagon,omitempty"`
	Depot         string   `json:"depot,omitempty"` // printed hex
	NoRetreatPath bool     `json:"no_retreat_path,omitempty"`
	LossOrder     []string `json:"loss_order,omitempty"`
}

// Supplied reports whether the declaration names a source.
func (s SupplyDecl) Supplied() bool { return s.Wagon != "" || s.Depot != "" }

// SideRetreat is a retreat a battle requires of a side.
type SideRetreat struct {
	Side   engine.Side `json:"side"`
	Reason string      `json:"reason"`
}

// VictoryRecord is a victory won (10.8).
type VictoryRecord struct {
	Turn   int         `json:"turn"`
	Hex    string      `json:"hex"`
	Winner engine.Side `json:"winner"`
	Major  bool        `json:"major"`
	VP     int         `json:"vp"`
}

// HexFight is the record of consecutive turns of combat in a hex.
type HexFight struct {
	Turn       int                 `json:"turn"`
	NonMilitia map[engine.Side]int `json:"non_militia"`
}

// MajorVictories returns the winners of the current turn's major
// victories (10.8), one entry per battle: the Conclusion Phase records
// them (15.1) and Hooker's marker moves back for the Union's (15.6).
func (g Game) MajorVictories() []engine.Side {
	var out []engine.Side
	for _, v := range g.LITN.Combat.Victories {
		if v.Turn == g.Turn && v.Major {
			out = append(out, v.Winner)
		}
	}
	return out
}

// Battles returns this turn's battles, by hex.
func (g Game) Battles() []BattlePlay {
	if g.LITN.Combat.Turn != g.Turn {
		return nil
	}
	var out []BattlePlay
	for _, b := range g.LITN.Combat.Battles {
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Hex < out[j].Hex })
	return out
}

// BattleAt returns this turn's battle in a printed hex.
func (g Game) BattleAt(hex string) (BattlePlay, bool) {
	if g.LITN.Combat.Turn != g.Turn {
		return BattlePlay{}, false
	}
	b, ok := g.LITN.Combat.Battles[strings.TrimSpace(hex)]
	return b, ok
}

// Decider is the side whose decision to attack is awaited ("" for none).
func (b BattlePlay) Decider() engine.Side {
	switch {
	case b.Attacker != "" || b.NoCombat:
		return ""
	case len(b.Declined) == 0:
		return b.First
	case len(b.Declined) == 1:
		return engine.EnemyOf(b.Declined[0])
	}
	return ""
}

// AwaitsOption reports whether the battle waits for the side's chit: the
// attack is declared, the side's supply is declared, its chit is not in.
func (b BattlePlay) AwaitsOption(s engine.Side) bool {
	_, supplied := b.Supply[s]
	_, chose := b.Options[s]
	return b.Attacker != "" && !b.Fought && supplied && !chose
}

// Role is the side's role in the battle (Att or Def).
func (b BattlePlay) Role(s engine.Side) int {
	if s == b.Attacker {
		return Att
	}
	return Def
}

// clone copies the battle's maps and slices (copy on write).
func (b BattlePlay) clone() BattlePlay {
	b.Declined = append([]engine.Side(nil), b.Declined...)
	b.Due = append([]SideRetreat(nil), b.Due...)
	p := map[engine.Side][]string{}
	for k, v := range b.Participants {
		p[k] = append([]string(nil), v...)
	}
	b.Participants = p
	s := map[engine.Side]SupplyDecl{}
	for k, v := range b.Supply {
		s[k] = v
	}
	b.Supply = s
	o := map[engine.Side]Option{}
	for k, v := range b.Options {
		o[k] = v
	}
	b.Options = o
	return b
}

// withBattle returns the state with the battle replaced.
func (g Game) withBattle(b BattlePlay) Game {
	m := make(map[string]BattlePlay, len(g.LITN.Combat.Battles)+1)
	for k, v := range g.LITN.Combat.Battles {
		m[k] = v
	}
	m[b.Hex] = b
	g.LITN.Combat.Battles = m
	return g
}

// retreatsDone reports whether every retreat the battle requires has
// been made: no participating unit of a retreating side is left in the hex.
func (g Game) retreatsDone(b BattlePlay) bool {
	for _, d := range b.Due {
		if len(g.staying(b, d.Side)) > 0 {
			return false
		}
	}
	return true
}

// staying are a side's participating units still in the battle hex.
func (g Game) staying(b BattlePlay, s engine.Side) []Unit {
	var out []Unit
	for _, id := range b.Participants[s] {
		if u, ok := g.LITN.Units[id]; ok && u.OnMap() && u.At == b.Hex {
			out = append(out, u)
		}
	}
	return out
}

// settled reports whether the battle needs nothing more.
func (g Game) settled(b BattlePlay) bool {
	return b.NoCombat || b.Fought && g.retreatsDone(b)
}

// nextDue is the first retreat still to make ("" side for none).
func (g Game) nextDue(b BattlePlay) SideRetreat {
	for _, d := range b.Due {
		if len(g.staying(b, d.Side)) > 0 {
			return d
		}
	}
	return SideRetreat{}
}

// ----- forces from the state -----

// sideAt are a side's units on the map in a hex.
func (g Game) sideAt(hex string, s engine.Side) []Unit {
	var out []Unit
	for _, u := range g.UnitsAt(hex) {
		if u.Side == s {
			out = append(out, u)
		}
	}
	return out
}

// fighting are a side's combat units in a hex with strength.
func (g Game) fighting(hex string, s engine.Side) []Unit {
	var out []Unit
	for _, u := range g.sideAt(hex, s) {
		if u.IsCombat() && u.Strength > 0 {
			out = append(out, u)
		}
	}
	return out
}

// combatLeaders are the leaders of units for the battle (6.4): sorted
// by rank, non-combat leaders before combat leaders of the same rank, then
// by id, and renumbered 1, 2, ... so that equal printed ranks (the sheets
// repeat them) still give one highest-ranking leader (docs/litn-play-combat.md).
// Militia and units without ratings are not leaders.
func combatLeaders(us []Unit) ([]Leader, map[string]string) {
	var ls []Unit
	for _, u := range us {
		if u.Militia || u.Rank < 1 || u.Command < 1 || u.Command > 4 {
			continue
		}
		ls = append(ls, u)
	}
	sort.SliceStable(ls, func(i, j int) bool {
		a, b := ls[i], ls[j]
		if a.Rank != b.Rank {
			return a.Rank < b.Rank
		}
		if a.IsCombat() != b.IsCombat() {
			return !a.IsCombat()
		}
		return a.ID < b.ID
	})
	ids := map[string]string{}
	var out []Leader
	for i, u := range ls {
		kind := CombatLeader
		switch {
		case u.Role == SheetDepartment:
			kind = Department
		case u.Role == SheetCavalryCommander:
			kind = CavalryChief
		case u.Role == SheetCorps, u.Role == SheetCouch && u.Troops == "":
			kind = CorpsLeader
		case u.Troops == string(Artillery) && u.Side == engine.USA:
			kind = UnionArty
		case u.Parent != "":
			kind = Detachment
		}
		out = append(out, Leader{Name: u.Name, Kind: kind, Rank: i + 1, Command: u.Command, Initiative: u.Initiative, CombatBonus: u.CombatBonus,
			McClellan: u.Side == engine.USA && u.Role == SheetDepartment && strings.Contains(strings.ToLower(u.Name), "mcclellan")})
		if _, dup := ids[u.Name]; !dup {
			ids[u.Name] = u.ID
		}
	}
	return out, ids
}

func (g Game) combatUnit(u Unit) CombatUnit {
	t := UnitType(u.Troops)
	if u.Militia {
		t = Militia
	}
	if t == "" {
		t = Infantry
	}
	return CombatUnit{ID: u.ID, Name: u.Name, Type: t, Strength: u.Strength, Entrenched: g.LITN.Moves.Entrenched[u.ID], Demoralized: u.Demoralized}
}

// priorLosses are a side's non-militia losses in the hex on the
// consecutive turns of combat before this one (10.8).
func (g Game) priorLosses(hex string, s engine.Side) int {
	f, ok := g.LITN.Combat.Fought[hex]
	// f.Turn == g.Turn only after a surprise attack there this turn
	// (14.2): its losses count with this turn's (docs/litn-play-combat.md).
	if !ok || f.Turn != g.Turn-1 && f.Turn != g.Turn {
		return 0
	}
	return f.NonMilitia[s]
}

func (g Game) force(b BattlePlay, s engine.Side) Force {
	f := Force{Side: s}
	f.Leaders, _ = combatLeaders(g.sideAt(b.Hex, s))
	for _, u := range g.staying(b, s) {
		if u.IsCombat() && u.Strength > 0 {
			f.Units = append(f.Units, g.combatUnit(u))
		}
	}
	sup := b.Supply[s]
	f.Supplied = sup.Supplied()
	if sup.Wagon != "" {
		f.Wagons = []Wagon{{ID: sup.Wagon, Marked: g.LITN.Wagons[sup.Wagon].Depletion}}
	}
	f.NoRetreatPath, f.LossOrder = sup.NoRetreatPath, append([]string(nil), sup.LossOrder...)
	f.EntrenchedFirst = s != b.Attacker
	f.PriorLosses = g.priorLosses(b.Hex, s)
	return f
}

// intrinsicLeft is a fortification hex's intrinsic strength left (13).
func (g Game) intrinsicLeft(hex string) int {
	return max(0, IntrinsicStart-g.LITN.Combat.Intrinsic[hex])
}

// BattleOf builds the pure battle of combat.go from the state:
// the leaders, participating units, supply, options, the fortification's
// intrinsic strength and the optional rules of the game (14.3). A battle
// of the Combat Phase is never a surprise attack (14.2: those are fought
// in the Movement Phase).
func (g Game) BattleOf(b BattlePlay) Battle {
	at, df := b.Attacker, engine.EnemyOf(b.Attacker)
	bt := Battle{Hex: b.Hex, Attacker: g.force(b, at), Defender: g.force(b, df),
		AttackerOption: b.Options[at], DefenderOption: b.Options[df], LeaderCasualties: OptionsOf(g.Options).LeaderCasualties}
	if b.Fortification && df == engine.USA {
		bt.Fortification = &Fortification{Intrinsic: g.intrinsicLeft(b.Hex)}
	}
	return bt
}

// OptionsFor lists the chits a side may play in a battle and why the
// others are refused (10.2, 10.3, 10.6, 13), for the buttons.
func (g Game) OptionsFor(b BattlePlay, s engine.Side) ([]Option, map[Option]string) {
	bt := g.BattleOf(b)
	return bt.OptionsAllowed(b.Role(s))
}

// ParseOption reads a chit's name or button code.
func ParseOption(s string) (Option, bool) {
	switch strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), " ")) {
	case "probe":
		return Probe, true
	case "assault":
		return Assault, true
	case "pitched", "pitched battle", "pitched_battle":
		return Pitched, true
	case "withdraw", "withdrawal":
		return Withdraw, true
	case "stand":
		return Stand, true
	}
	return "", false
}

// OptionCode is a chit's short code (button routes).
func OptionCode(o Option) string {
	if o == Pitched {
		return "pitched"
	}
	return strings.ToLower(string(o))
}

// ----- commands -----

// Attack declares an attack in a battle hex, or declines (002 10).
type Attack struct {
	By      engine.Actor
	Hex     string
	Side    engine.Side // the umpire's choice ("" : the side whose decision it is)
	Units   []string    // the attacking units (ids or names); none: all that may
	Decline bool
	// Fortification: the umpire declares the hex a Washington fortification
	// hex (13); the map data has none (docs/litn-play-combat.md).
	Fortification bool
	// Surprise: the moving player attempts a surprise attack in the
	// Movement Phase (14.2, optional); in the Movement Phase, Decline is
	// the other player's word that he does not react there (14.2 below).
	Surprise bool
	Library  *engine.Library
}

// CommandName implements Command.
func (Attack) CommandName() string { return "litn attack" }

// Supply declares a side's supply for a battle (10.2).
type Supply struct {
	By            engine.Actor
	Hex           string
	Side          engine.Side
	Wagon         string // a wagon id
	Depot         string // a printed depot hex
	Unsupplied    bool
	NoRetreatPath bool     // the force has no legal retreat path (10.3: no Withdraw)
	LossOrder     []string // units (ids or names) in the order they take losses (10.5)
	Map           *engine.Theatre
}

// CommandName implements Command.
func (Supply) CommandName() string { return "litn supply" }

// ChooseOption plays a side's combat option chit (10.3).
type ChooseOption struct {
	By      engine.Actor
	Hex     string
	Side    engine.Side
	Option  string
	Library *engine.Library
}

// CommandName implements Command.
func (ChooseOption) CommandName() string { return "litn option" }

// RetreatOrder retreats a side's units from a battle hex (10.6).
type RetreatOrder struct {
	By    engine.Actor
	Hex   string
	Side  engine.Side
	Units []string // ids or names; none: every participating unit left
	Path  []string // printed hexes entered, in order; empty with Remove
	Costs []int    // the MPs of each hex entered (none: 1 each)
	// Remove: no legal route of at least 4 MPs exists: the units are
	// removed from play (10.6).
	Remove bool
	Map    *engine.Theatre
}

// CommandName implements Command.
func (RetreatOrder) CommandName() string { return "litn retreat" }

// ----- events -----

// Event types of the Combat Phase.
const (
	EventBattlesOpened = "litn.battles-opened"
	EventAttack        = "litn.attack"
	EventSupply        = "litn.supply"
	EventOption        = "litn.option"
	EventBattle        = "litn.battle"
	EventRetreated     = "litn.retreated"
	EventWagonsFlipped = "litn.wagons-depleted"
)

// BattleOpen is a hex where combat may occur.
type BattleOpen struct {
	Hex           string      `json:"hex"`
	First         engine.Side `json:"first"`
	Why           string      `json:"why"`
	Fortification bool        `json:"fortification,omitempty"`
}

// BattlesOpened begins the Combat Phase (10): the hexes with both
// sides' combat units.
type BattlesOpened struct {
	Turn    int          `json:"turn"`
	Battles []BattleOpen `json:"battles"`
}

// EventType implements Event.
func (*BattlesOpened) EventType() string { return EventBattlesOpened }

// AttackDeclared is a side's decision to attack or not (10).
type AttackDeclared struct {
	By            engine.Actor `json:"by"`
	Turn          int          `json:"turn"`
	Hex           string       `json:"hex"`
	Side          engine.Side  `json:"side"`
	Declined      bool         `json:"declined,omitempty"`
	NoCombat      bool         `json:"no_combat,omitempty"` // both declined
	Attackers     []string     `json:"attackers,omitempty"`
	Defenders     []string     `json:"defenders,omitempty"`
	Fortification bool         `json:"fortification,omitempty"`
}

// EventType implements Event.
func (*AttackDeclared) EventType() string { return EventAttack }

// SupplyDeclared is a side's supply for a battle (10.2): secret to it.
type SupplyDeclared struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Hex    string       `json:"hex"`
	Side   engine.Side  `json:"side"`
	Supply SupplyDecl   `json:"supply"`
	Why    string       `json:"why"`
}

// EventType implements Event.
func (*SupplyDeclared) EventType() string { return EventSupply }

// OptionChosen is a side's chit, face down: secret to the side until
// the battle reveals both (10.3).
type OptionChosen struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Hex    string       `json:"hex"`
	Side   engine.Side  `json:"side"`
	Option Option       `json:"option"`
}

// EventType implements Event.
func (*OptionChosen) EventType() string { return EventOption }

// BattleFought is a resolved battle with everything that explains it.
type BattleFought struct {
	Turn     int          `json:"turn"`
	Hex      string       `json:"hex"`
	Attacker engine.Side  `json:"attacker"`
	Battle   Battle       `json:"battle"`
	Result   BattleResult `json:"result"`
	// Killed are the units whose leaders were killed (14.3).
	Killed []string `json:"killed,omitempty"`
}

// EventType implements Event.
func (*BattleFought) EventType() string { return EventBattle }

// Retreated is a retreat made (10.6).
type Retreated struct {
	By      engine.Actor `json:"by"`
	Turn    int          `json:"turn"`
	Hex     string       `json:"hex"`
	Side    engine.Side  `json:"side"`
	Reason  string       `json:"reason"`
	Units   []string     `json:"units"`
	Path    []string     `json:"path,omitempty"`
	To      engine.Hex   `json:"to"`
	Removed bool         `json:"removed,omitempty"`
	Umpire  bool         `json:"umpire,omitempty"` // the umpire's retreat: 10.6's limits not checked
}

// EventType implements Event.
func (*Retreated) EventType() string { return EventRetreated }

// WagonsFlipped flips the wagons with Depletion markers (3.1 G II).
type WagonsFlipped struct {
	Turn   int      `json:"turn"`
	Wagons []string `json:"wagons"`
}

// EventType implements Event.
func (*WagonsFlipped) EventType() string { return EventWagonsFlipped }

// combatSteps: G1 opens the battles and waits for them (10); G2
// flips the wagons that supplied combat (9.2).
func combatSteps() []stepHooks {
	return []stepHooks{
		{ID: StepCombat, Begin: combatBegin, Wait: combatWait},
		{ID: StepDepletion, Begin: depletionBegin},
	}
}

// ----- the steps -----

// combatBegin opens a battle in every hex holding combat units of both
// sides (10), with who decides first (10 steps 1-2).
func combatBegin(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	ev := &BattlesOpened{Turn: g.Turn}
	seen := map[string]bool{}
	for _, u := range g.UnitsOf("") {
		if !u.OnMap() || seen[u.At] {
			continue
		}
		seen[u.At] = true
		csa, usa := g.fighting(u.At, engine.CSA), g.fighting(u.At, engine.USA)
		if len(csa) == 0 || len(usa) == 0 {
			continue
		}
		a := Force{Side: engine.CSA}
		a.Leaders, _ = combatLeaders(g.sideAt(u.At, engine.CSA))
		b := Force{Side: engine.USA}
		b.Leaders, _ = combatLeaders(g.sideAt(u.At, engine.USA))
		// Who moved into the hex second is not recorded: the second
		// player of the turn is taken to have (docs/litn-play-combat.md).
		second := g.Second()
		if second == "" {
			second = engine.USA
		}
		first, why, err := FirstChoice(a, b, second)
		if err != nil {
			// A side with no leader in the hex (militia alone): the side
			// with one decides first; the rules are silent.
			first, why = second, "neither side has a leader in the hex: the second player decides first (the rules are silent)"
			if len(a.Leaders) > 0 {
				first, why = engine.CSA, "the Union has no leader in the hex (militia alone): the Confederate decides first (the rules are silent)"
			} else if len(b.Leaders) > 0 {
				first, why = engine.USA, "the Confederate has no leader in the hex: the Union decides first (the rules are silent)"
			}
		}
		ev.Battles = append(ev.Battles, BattleOpen{Hex: u.At, First: first, Why: why, Fortification: fortificationHex(ctx.Map, u.Hex)})
	}
	sort.Slice(ev.Battles, func(i, j int) bool { return ev.Battles[i].Hex < ev.Battles[j].Hex })
	return []engine.Event{ev}, nil
}

// fortificationHex reports whether the map marks the hex a Washington
// fortification hex (13): a place of kind fortification there.
func fortificationHex(m *engine.Theatre, h engine.Hex) bool {
	if m == nil {
		return false
	}
	for i := range m.Places {
		p := &m.Places[i]
		if p.Hex == h && (p.Is("fortification") || p.Is("washington-fortification")) {
			return true
		}
	}
	return false
}

// combatWait: every battle settled, then both players' /litn done.
func combatWait(g Game) []string {
	var out []string
	bs := g.Battles()
	for _, b := range bs {
		if g.settled(b) {
			continue
		}
		out = append(out, "the battle in "+b.Hex+": "+g.battleNext(b))
	}
	if len(bs) > 0 {
		out = append(out, waitFor(func(Game) []engine.Side { return []engine.Side{engine.CSA, engine.USA} })(g)...)
	}
	return out
}

// battleNext says what a battle waits for, without saying which side
// has chosen its chit (10.3: secret).
func (g Game) battleNext(b BattlePlay) string {
	switch {
	case b.Decider() != "":
		return fmt.Sprintf("%s decides whether to attack (/litn attack)", strings.ToUpper(string(b.Decider())))
	case !b.Fought:
		return "supply and combat options (/litn supply, /litn option)"
	}
	d := g.nextDue(b)
	return fmt.Sprintf("%s retreats (/litn retreat)", strings.ToUpper(string(d.Side)))
}

// depletionBegin flips the wagons with Depletion markers (3.1 G II).
func depletionBegin(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	ev := &WagonsFlipped{Turn: g.Turn}
	for _, w := range g.WagonsOf("") {
		if w.Depletion {
			ev.Wagons = append(ev.Wagons, w.ID)
		}
	}
	return []engine.Event{ev}, nil
}

// ----- deciding -----

func decideCombat(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	var evs []engine.Event
	var err error
	switch c := cmd.(type) {
	case Attack:
		if c.Surprise || g.movementStep() {
			evs, err = g.decideSurprise(c, d)
		} else {
			evs, err = g.decideAttack(c)
		}
	case Supply:
		evs, err = g.decideSupplyCmd(c)
	case ChooseOption:
		evs, err = g.decideOption(c, d)
	case RetreatOrder:
		evs, err = g.decideRetreat(c)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

// battleFor finds the battle for a command and the side acting.
func (g Game) battleFor(by engine.Actor, hex string, side engine.Side, what string) (BattlePlay, engine.Side, error) {
	s, err := g.ActingSide(by, side, "litn.side", what, sideName)
	if err != nil {
		return BattlePlay{}, "", err
	}
	b, ok := g.SurpriseBattleAt(hex) // 14.2: its retreats are made in the Movement Phase
	if ok {
		if err := g.needStep(by, what, StepFirstMove, StepSecondMove); err != nil {
			return BattlePlay{}, "", err
		}
	} else if err := g.needStep(by, what, StepCombat); err != nil {
		return BattlePlay{}, "", err
	} else {
		b, ok = g.BattleAt(hex)
	}
	if !ok {
		var hexes []string
		for _, b := range g.Battles() {
			hexes = append(hexes, b.Hex)
		}
		hint := "No hex holds both sides' combat units this turn"
		if len(hexes) > 0 {
			hint = "Battles this turn: " + strings.Join(hexes, ", ")
		}
		return b, "", engine.Invalid("litn.battle", fmt.Sprintf("There is no battle in %q this Combat Phase (002 10: combat occurs only in hexes occupied by both sides)", strings.TrimSpace(hex)), hint)
	}
	if s != "" && s != engine.CSA && s != engine.USA {
		return b, "", engine.Invalid("game.side", fmt.Sprintf("%q is not a side", s), "side:csa or side:usa")
	}
	return b, s, nil
}

func (g Game) decideAttack(c Attack) ([]engine.Event, error) {
	b, s, err := g.battleFor(c.By, c.Hex, c.Side, "Declaring an attack")
	if err != nil {
		return nil, err
	}
	dec := b.Decider()
	if dec == "" {
		what := "no combat: neither side attacked"
		if b.Attacker != "" {
			what = "the " + sideName(b.Attacker) + " attacks"
		}
		return nil, engine.Illegal("litn.attack.decided", fmt.Sprintf("The battle in %s is decided: %s", b.Hex, what), "/phase show says what it waits for")
	}
	if s == "" {
		s = dec
	}
	if s != dec {
		return nil, engine.Illegal("litn.attack.turn", fmt.Sprintf("The %s player decides first whether to attack in %s (002 10 steps 2-3)", sideName(dec), b.Hex),
			"Wait for his decision: if he does not attack, you may")
	}
	if c.Fortification && !g.IsUmpire(c.By) {
		return nil, engine.Illegal("litn.fortification", "Only the umpire declares a Washington fortification hex", "Ask the umpire (002 13)")
	}
	ev := &AttackDeclared{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Fortification: c.Fortification || b.Fortification}
	if c.Decline {
		if len(c.Units) > 0 {
			return nil, engine.Invalid("litn.attack.units", "Units attack only when you attack", "Leave units: out to decline, or decline:false to attack")
		}
		ev.Declined = true
		ev.NoCombat = len(b.Declined) == 1
		return []engine.Event{ev}, nil
	}
	var atk []Unit
	if len(c.Units) == 0 {
		for _, u := range g.fighting(b.Hex, s) {
			if !u.Demoralized && !u.Disorganized {
				atk = append(atk, u)
			}
		}
		if len(atk) == 0 {
			return nil, engine.Illegal("litn.attack.demoralized", fmt.Sprintf("All your combat units in %s are demoralized or disorganized: they never attack (002 10.1, 10.6, 15.4)", b.Hex), "Decline with decline:true")
		}
	} else {
		seen := map[string]bool{}
		for _, ref := range c.Units {
			u, ok := g.FindUnit(ref)
			if !ok || u.Side != s || !u.OnMap() || u.At != b.Hex || !u.IsCombat() || u.Strength <= 0 {
				return nil, engine.Invalid("litn.attack.units", fmt.Sprintf("%q is not one of your combat units in %s", ref, b.Hex), "Name your combat units in the hex (/litn status)")
			}
			if u.Demoralized {
				return nil, engine.Illegal("litn.attack.demoralized", u.Name+" is demoralized and may not attack", "002 10.1, 10.6: leave it out")
			}
			if u.Disorganized {
				return nil, engine.Illegal("litn.attack.disorganized", u.Name+" is disorganized and may not attack", "002 15.4: leave it out")
			}
			if !seen[u.ID] {
				seen[u.ID] = true
				atk = append(atk, u)
			}
		}
	}
	arty, inf := false, false
	for _, u := range atk {
		arty = arty || u.Troops == string(Artillery)
		inf = inf || u.Troops == string(Infantry) && !u.Militia
		ev.Attackers = append(ev.Attackers, u.ID)
	}
	if s == engine.USA && arty && !inf {
		return nil, engine.Illegal("litn.attack.artillery", "The Union artillery may attack only if at least one Union infantry unit attacks with it", "002 10.1: add an infantry unit or leave the artillery out")
	}
	for _, u := range g.fighting(b.Hex, engine.EnemyOf(s)) {
		ev.Defenders = append(ev.Defenders, u.ID)
	}
	return []engine.Event{ev}, nil
}

func (g Game) decideSupplyCmd(c Supply) ([]engine.Event, error) {
	b, s, err := g.battleFor(c.By, c.Hex, c.Side, "Declaring supply")
	if err != nil {
		return nil, err
	}
	if s == "" {
		return nil, engine.Invalid("game.side", "Whose supply?", "The umpire gives side:csa or side:usa")
	}
	if b.Attacker == "" {
		return nil, engine.Illegal("litn.supply.early", fmt.Sprintf("No one attacks in %s yet: supply is checked once a battle is fought (002 10.1 step 1)", b.Hex), "/litn attack first")
	}
	if b.Fought {
		return nil, engine.Illegal("litn.supply.late", "The battle in "+b.Hex+" has been fought", "")
	}
	if _, chose := b.Options[s]; chose {
		return nil, engine.Illegal("litn.supply.late", "Your combat option is chosen: the supply it was chosen with stands", "002 10.1: supply is checked before the options")
	}
	n := 0
	for _, set := range []bool{c.Wagon != "", c.Depot != "", c.Unsupplied} {
		if set {
			n++
		}
	}
	if n != 1 {
		return nil, engine.Invalid("litn.supply.source", "Give one supply source: wagon:<id>, depot:<hex>, or unsupplied:true", "002 10.2: an undepleted wagon within 2 MPs or a depot within 4 MPs")
	}
	bh := g.hexOf(b.Hex)
	enemyAt := func(at string) bool { return at != b.Hex && len(g.fighting(at, engine.EnemyOf(s))) > 0 }
	decl := SupplyDecl{NoRetreatPath: c.NoRetreatPath}
	var why string
	switch {
	case c.Wagon != "":
		var w WagonPiece
		found := false
		for _, x := range g.WagonsOf(s) {
			if strings.EqualFold(x.ID, strings.TrimSpace(c.Wagon)) {
				w, found = x, true
			}
		}
		switch {
		case !found:
			return nil, engine.Invalid("litn.supply.wagon", fmt.Sprintf("%q is not one of your wagons", c.Wagon), "/litn status lists your wagons")
		case w.Depleted:
			return nil, engine.Illegal("litn.supply.wagon", fmt.Sprintf("Wagon %s is depleted", w.ID), "002 10.2: only an undepleted wagon supplies")
		case engine.Distance(w.Hex, bh) > 2:
			return nil, engine.Illegal("litn.supply.range", fmt.Sprintf("Wagon %s in %s is %d hexes from %s: more than 2 MPs", w.ID, w.At, engine.Distance(w.Hex, bh), b.Hex),
				"002 10.2: a wagon supplies within two movement points (each hex entered costs at least 1)")
		case enemyAt(w.At):
			return nil, engine.Illegal("litn.supply.enemy", fmt.Sprintf("Enemy combat units hold %s, the wagon's hex", w.At), "002 10.2: a supply line may not include a hex occupied by an enemy combat unit")
		}
		decl.Wagon = w.ID
		why = fmt.Sprintf("wagon %s in %s, %d hex(es) away (002 10.2: within 2 MPs, which the map's terrain is not recorded to check exactly)%s", w.ID, w.At, engine.Distance(w.Hex, bh),
			choose(w.Depletion, "; it already carries a Depletion marker: it supplies without another roll", "; it rolls for depletion right after your option"))
	case c.Depot != "":
		if c.Map == nil {
			return nil, fmt.Errorf("engine: LITN supply without the map")
		}
		at := strings.TrimSpace(c.Depot)
		h, _, err := c.Map.ParseHex(at, "")
		if err != nil {
			return nil, engine.Invalid("litn.supply.depot", fmt.Sprintf("depot %q: %v", at, err), "Give the depot's printed hex, e.g. depot:1026")
		}
		for i := range c.Map.Places {
			p := &c.Map.Places[i]
			if p.Hex != h || !p.Is("depot") {
				continue
			}
			if y := p.Values["from_year"]; y > Year(g.Options.Scenario) {
				return nil, engine.Illegal("litn.supply.depot", fmt.Sprintf("%s does not exist in %d", p.Name, Year(g.Options.Scenario)), p.Source)
			}
			if p.Is("confederate-depot") && s != engine.CSA {
				return nil, engine.Illegal("litn.supply.depot", p.Name+" is a Confederate depot", "002 9.1: a side uses its own depots")
			}
		}
		switch {
		case engine.Distance(h, bh) > 4:
			return nil, engine.Illegal("litn.supply.range", fmt.Sprintf("Depot %s is %d hexes from %s: more than 4 MPs", at, engine.Distance(h, bh), b.Hex), "002 10.2: a depot supplies within four movement points")
		case enemyAt(at):
			return nil, engine.Illegal("litn.supply.enemy", fmt.Sprintf("Enemy combat units occupy the depot in %s", at), "002 9.1: friendly units not in the hex may not use it")
		}
		decl.Depot = at
		why = fmt.Sprintf("the depot in %s, %d hex(es) away (002 10.2: within 4 MPs; the printed depots are not in the map data: declared)", at, engine.Distance(h, bh))
	default:
		why = "unsupplied: no Pitched Battle or Assault, and a retreat after the last round unless the enemy retreats demoralized (002 10.2; a player may not choose to be unsupplied: the umpire may correct)"
	}
	for _, ref := range c.LossOrder {
		ref = strings.TrimSpace(ref)
		if strings.EqualFold(ref, IntrinsicID) || strings.EqualFold(ref, "intrinsic") {
			if !b.Fortification || s != engine.USA {
				return nil, engine.Invalid("litn.supply.loss", "Only the Union in a Washington fortification hex has an intrinsic strength (002 13)", "")
			}
			decl.LossOrder = append(decl.LossOrder, IntrinsicID)
			continue
		}
		u, ok := g.FindUnit(ref)
		if !ok || u.Side != s || u.At != b.Hex || !u.IsCombat() {
			return nil, engine.Invalid("litn.supply.loss", fmt.Sprintf("%q is not one of your combat units in %s", ref, b.Hex), "loss_order: lists your units in the order they lose strength points (002 10.5)")
		}
		decl.LossOrder = append(decl.LossOrder, u.ID)
	}
	if c.NoRetreatPath {
		why += "; no legal retreat path: no Withdraw (002 10.3)"
	}
	return []engine.Event{&SupplyDeclared{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Supply: decl, Why: why}}, nil
}

// hexOf is a printed hex's grid hex, from a unit or wagon there.
func (g Game) hexOf(at string) engine.Hex {
	for _, u := range g.LITN.Units {
		if u.At == at {
			return u.Hex
		}
	}
	for _, w := range g.LITN.Wagons {
		if w.At == at {
			return w.Hex
		}
	}
	return engine.Hex{}
}

func (g Game) decideOption(c ChooseOption, d engine.Dice) ([]engine.Event, error) {
	b, s, err := g.battleFor(c.By, c.Hex, c.Side, "Choosing a combat option")
	if err != nil {
		return nil, err
	}
	if s == "" {
		return nil, engine.Invalid("game.side", "Whose option?", "The umpire gives side:csa or side:usa")
	}
	switch {
	case b.Attacker == "":
		return nil, engine.Illegal("litn.option.early", fmt.Sprintf("No one attacks in %s yet", b.Hex), "Options are chosen once a side attacks (002 10.1)")
	case b.Fought:
		return nil, engine.Illegal("litn.option.late", "The battle in "+b.Hex+" has been fought", "")
	}
	if _, ok := b.Supply[s]; !ok {
		return nil, engine.Illegal("litn.option.supply", "Declare your supply for this battle first", fmt.Sprintf("/litn supply hex:%s wagon:<id> | depot:<hex> | unsupplied:true (002 10.1 step 1)", b.Hex))
	}
	if _, chose := b.Options[s]; chose {
		return nil, engine.Illegal("litn.option.chosen", "Your chit is on the table, face down: it cannot be changed", "002 10.3: the chits are revealed after both players have chosen")
	}
	o, ok := ParseOption(c.Option)
	allowed, refused := g.OptionsFor(b, s)
	if !ok {
		return nil, engine.Invalid("litn.option", fmt.Sprintf("%q is not a combat option", c.Option), "Choose one of "+join(allowed))
	}
	if why, no := refused[o]; no {
		return nil, engine.Illegal("litn.option", fmt.Sprintf("You may not play %s: %s", o, why), "Choose one of "+join(allowed))
	}
	in := false
	for _, a := range allowed {
		in = in || a == o
	}
	if !in {
		set := AttackerOptions()
		if b.Role(s) == Def {
			set = DefenderOptions()
		}
		return nil, engine.Illegal("litn.option", fmt.Sprintf("The %s plays one of %s, not %s (002 10.3 Permissible Options)", roleName(b.Role(s)), join(set), o), "Choose one of "+join(allowed))
	}
	chosen := &OptionChosen{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Option: o}
	evs := []engine.Event{chosen}
	if _, other := b.Options[engine.EnemyOf(s)]; !other {
		return evs, nil
	}
	// Both chits are in: they are revealed and the battle is fought.
	after := g.Apply(chosen)
	nb, _ := after.BattleAt(b.Hex)
	bt := after.BattleOf(nb)
	res, err := ResolveBattle(bt, Charts{Library: c.Library, Loaded: g.LITN.Charts}, d)
	if err != nil {
		return nil, err
	}
	ev := &BattleFought{Turn: g.Turn, Hex: b.Hex, Attacker: b.Attacker, Battle: bt, Result: *res}
	ev.Killed = after.killed(b.Hex, b.Attacker, res)
	return append(evs, ev), nil
}

// killed are the units whose leaders a battle's 14.3 rolls killed.
func (g Game) killed(hex string, attacker engine.Side, res *BattleResult) []string {
	var out []string
	for _, cs := range res.Casualties {
		if !cs.Killed {
			continue
		}
		side := attacker
		if cs.Role == Def {
			side = engine.EnemyOf(attacker)
		}
		_, ids := combatLeaders(g.sideAt(hex, side))
		if id := ids[cs.Leader]; id != "" && !combatHas(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func combatHas(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func (g Game) decideRetreat(c RetreatOrder) ([]engine.Event, error) {
	b, s, err := g.battleFor(c.By, c.Hex, c.Side, "Retreating")
	if err != nil {
		return nil, err
	}
	if !b.Fought {
		return nil, engine.Illegal("litn.retreat.early", "The battle in "+b.Hex+" has not been fought", "Retreats come after the rounds (002 10.1 step 6)")
	}
	due := g.nextDue(b)
	if due.Side == "" {
		return nil, engine.Illegal("litn.retreat.none", "No retreat is due in "+b.Hex, "002 10.3: when no side retreats, all units remain in the hex")
	}
	if s == "" {
		s = due.Side
	}
	if s != due.Side {
		for _, d := range b.Due {
			if d.Side == s {
				return nil, engine.Illegal("litn.retreat.order", fmt.Sprintf("The %s retreats first (002 10.6: the worse command rating first, the attacker on equal ratings)", sideName(due.Side)), "Wait for his retreat")
			}
		}
		return nil, engine.Illegal("litn.retreat.none", fmt.Sprintf("The %s need not retreat from %s", sideName(s), b.Hex), "002 10.6: units retreat when demoralized, unsupplied or after Withdraw")
	}
	staying := g.staying(b, s)
	var units []Unit
	if len(c.Units) == 0 {
		units = staying
	} else {
		seen := map[string]bool{}
		for _, ref := range c.Units {
			u, ok := g.FindUnit(ref)
			if !ok || u.Side != s || !u.OnMap() || u.At != b.Hex {
				return nil, engine.Invalid("litn.retreat.units", fmt.Sprintf("%q is not one of your units in %s", ref, b.Hex), "Name your units in the hex, or leave units: out for all that must retreat")
			}
			if !seen[u.ID] {
				seen[u.ID] = true
				units = append(units, u)
			}
		}
	}
	ev := &Retreated{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Reason: due.Reason, Umpire: g.IsUmpire(c.By)}
	strength := 0
	for _, u := range units {
		ev.Units = append(ev.Units, u.ID)
		if u.IsCombat() {
			strength += u.Strength
		}
	}
	if c.Remove {
		if len(c.Path) > 0 {
			return nil, engine.Invalid("litn.retreat.path", "Give a path or remove the units, not both", "")
		}
		ev.Removed = true
		return []engine.Event{ev}, nil
	}
	if len(c.Path) == 0 {
		return nil, engine.Invalid("litn.retreat.path", "Give the hexes the units retreat through", "path:1726,1727,1827 (4 MPs; path:none when no legal route of 4 MPs exists: the units are removed, 002 10.6)")
	}
	if c.Map == nil {
		return nil, fmt.Errorf("engine: LITN retreat without the map")
	}
	if len(c.Costs) > 0 && len(c.Costs) != len(c.Path) {
		return nil, engine.Invalid("litn.retreat.costs", fmt.Sprintf("%d costs for %d hexes", len(c.Costs), len(c.Path)), "Give one MP cost per hex entered, or none for 1 each")
	}
	prev := g.hexOf(b.Hex)
	r := Retreat{Reason: due.Reason, ForceStrength: strength}
	total := 0
	for i, at := range c.Path {
		at = strings.TrimSpace(at)
		h, _, err := c.Map.ParseHex(at, "")
		if err != nil {
			return nil, engine.Invalid("litn.retreat.path", fmt.Sprintf("%q: %v", at, err), "Give printed hexes, e.g. path:1726,1727")
		}
		if engine.Distance(prev, h) != 1 {
			return nil, engine.Invalid("litn.retreat.path", fmt.Sprintf("%s is not next to the hex before it", at), "Each hex of the path is adjacent to the one before (the first to the battle hex)")
		}
		prev = h
		st := RetreatStep{Hex: at, MP: 1}
		if len(c.Costs) > 0 {
			st.MP = c.Costs[i]
		}
		total += st.MP
		enemy := g.sideAt(at, engine.EnemyOf(s))
		for _, u := range enemy {
			if u.IsCombat() {
				st.EnemyStrength += u.Strength
			}
		}
		st.NonCombatOnly = len(enemy) > 0 && st.EnemyStrength == 0
		r.Path = append(r.Path, st)
		ev.Path = append(ev.Path, at)
	}
	ev.To = prev
	if ev.Umpire {
		return []engine.Event{ev}, nil
	}
	// What the map cannot say is taken from the declared path: it is the
	// fewest MPs of a legal route, and no clear alternative exists
	// (docs/litn-play-combat.md).
	r.FewestMP = max(total, 4)
	bh := g.hexOf(b.Hex)
	if src, ok := g.supplyHex(b, s, c.Map); ok {
		r.SupplyFrom, r.SupplyTo = engine.Distance(bh, src), engine.Distance(prev, src)
		r.SupplyBest = max(0, r.SupplyFrom-1)
	}
	moving := map[string]bool{}
	for _, u := range units {
		moving[u.ID] = true
	}
	friendFrom, friendTo := -1, -1
	for _, u := range g.UnitsOf(s) {
		if !u.OnMap() || !u.IsCombat() || moving[u.ID] || u.At == b.Hex {
			continue
		}
		if d := engine.Distance(bh, u.Hex); friendFrom < 0 || d < friendFrom {
			friendFrom = d
		}
		if d := engine.Distance(prev, u.Hex); friendTo < 0 || d < friendTo {
			friendTo = d
		}
	}
	if friendFrom > 0 {
		r.FriendFrom, r.FriendTo, r.FriendBest = friendFrom, friendTo, max(0, friendFrom-4)
	}
	if err := ValidateRetreat(r); err != nil {
		return nil, err
	}
	return []engine.Event{ev}, nil
}

// supplyHex is the hex of a side's declared supply source.
func (g Game) supplyHex(b BattlePlay, s engine.Side, m *engine.Theatre) (engine.Hex, bool) {
	sup := b.Supply[s]
	if sup.Wagon != "" {
		if w, ok := g.LITN.Wagons[sup.Wagon]; ok {
			return w.Hex, true
		}
	}
	if sup.Depot != "" && m != nil {
		if h, _, err := m.ParseHex(sup.Depot, ""); err == nil {
			return h, true
		}
	}
	return engine.Hex{}, false
}

// ----- applying -----

func applyCombat(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *BattlesOpened:
		g.LITN.Combat.Turn = e.Turn
		m := map[string]BattlePlay{}
		for _, o := range e.Battles {
			m[o.Hex] = BattlePlay{Hex: o.Hex, First: o.First, FirstWhy: o.Why, Fortification: o.Fortification}
		}
		g.LITN.Combat.Battles = m
		return g, true
	case *AttackDeclared:
		b, ok := g.BattleAt(e.Hex)
		if !ok {
			return g, true
		}
		b = b.clone()
		b.Fortification = b.Fortification || e.Fortification
		if e.Declined {
			b.Declined = append(b.Declined, e.Side)
			b.NoCombat = e.NoCombat
		} else {
			b.Attacker = e.Side
			b.Participants = map[engine.Side][]string{e.Side: append([]string(nil), e.Attackers...), engine.EnemyOf(e.Side): append([]string(nil), e.Defenders...)}
		}
		return g.withBattle(b), true
	case *SupplyDeclared:
		b, ok := g.BattleAt(e.Hex)
		if !ok {
			return g, true
		}
		b = b.clone()
		sup := e.Supply
		sup.LossOrder = append([]string(nil), sup.LossOrder...)
		b.Supply[e.Side] = sup
		return g.withBattle(b), true
	case *OptionChosen:
		b, ok := g.BattleAt(e.Hex)
		if !ok {
			return g, true
		}
		b = b.clone()
		b.Options[e.Side] = e.Option
		return g.withBattle(b), true
	case *BattleFought:
		return g.applyBattle(e), true
	case *SurpriseRolled, *NoReaction:
		return g.applySurprise(e), true
	case *Retreated:
		var us []Unit
		for _, id := range e.Units {
			u, ok := g.LITN.Units[id]
			if !ok {
				continue
			}
			if e.Removed {
				u.Eliminated = true
			} else {
				u.At, u.Hex = e.Path[len(e.Path)-1], e.To
			}
			us = append(us, u)
		}
		return g.withUnits(us...), true
	case *WagonsFlipped:
		var ws []WagonPiece
		for _, id := range e.Wagons {
			if w, ok := g.LITN.Wagons[id]; ok {
				w.Depleted, w.Depletion, w.Undeplete = true, false, false
				ws = append(ws, w)
			}
		}
		return g.withWagons(ws...), true
	}
	return g, false
}

// applyBattle applies a battle's results: strengths, eliminations,
// demoralization, the intrinsic strength, Depletion markers, leader
// casualties, the retreats due and the victory.
func (g Game) applyBattle(e *BattleFought) Game {
	if e.Battle.Surprise {
		return g.applySurpriseBattle(e)
	}
	b, ok := g.BattleAt(e.Hex)
	if !ok {
		return g
	}
	g, b = g.battleResults(b.clone(), e)
	return g.withBattle(b)
}

// battleResults applies a battle's results to the state and to its
// battle record b (a clone), shared by the Combat Phase's battles and the
// surprise attacks (14.2).
func (g Game) battleResults(b BattlePlay, e *BattleFought) (Game, BattlePlay) {
	res := e.Result
	sides := [2]engine.Side{e.Attacker, engine.EnemyOf(e.Attacker)}
	changed := map[string]Unit{}
	get := func(id string) (Unit, bool) {
		if u, ok := changed[id]; ok {
			return u, true
		}
		u, ok := g.LITN.Units[id]
		return u, ok
	}
	intrinsic := combatCopyInts(g.LITN.Combat.Intrinsic)
	for r := range sides {
		for id, n := range res.Losses[r] {
			if id == IntrinsicID {
				intrinsic[e.Hex] += n
				continue
			}
			if u, ok := get(id); ok {
				u.Strength = max(0, u.Strength-n)
				if u.Strength == 0 {
					u.Eliminated = true // 2.2: a unit that loses all its strength points
				}
				changed[id] = u
			}
		}
		if res.Demoralized[r] {
			for _, id := range b.Participants[sides[r]] {
				if u, ok := get(id); ok && !u.Eliminated {
					u.Demoralized = true // 10.6: all participating combat units
					changed[id] = u
				}
			}
		}
	}
	if res.IntrinsicEliminated {
		intrinsic[e.Hex] = IntrinsicStart
	}
	for _, id := range e.Killed {
		u, ok := get(id)
		if !ok {
			continue
		}
		if u.IsCombat() && !u.Eliminated {
			// 14.3: his unit is replaced by a detachment of equal strength.
			u.Name, u.Parent = "Detachment ("+u.Name+" killed)", u.ID
		} else {
			u.Eliminated = true
		}
		changed[id] = u
	}
	var us []Unit
	for _, u := range changed {
		us = append(us, u)
	}
	sort.Slice(us, func(i, j int) bool { return us[i].ID < us[j].ID })
	g = g.withUnits(us...)
	var ws []WagonPiece
	for _, w := range res.Wagons {
		if w.Roll != nil && w.Roll.Outcome == "depleted" {
			if p, ok := g.LITN.Wagons[w.Wagon]; ok {
				p.Depletion = true
				ws = append(ws, p)
			}
		}
	}
	g = g.withWagons(ws...)
	g.LITN.Combat.Intrinsic = intrinsic
	// 10.8: losses over consecutive turns of combat in the hex.
	fought := map[string]HexFight{}
	for k, v := range g.LITN.Combat.Fought {
		fought[k] = v
	}
	prev := fought[e.Hex]
	rec := HexFight{Turn: e.Turn, NonMilitia: map[engine.Side]int{}}
	if prev.Turn == e.Turn-1 || prev.Turn == e.Turn { // == e.Turn: after a surprise attack this turn (14.2)
		for k, v := range prev.NonMilitia {
			rec.NonMilitia[k] = v
		}
	}
	for r := range sides {
		rec.NonMilitia[sides[r]] += res.NonMilitia[r]
	}
	if len(res.Retreats) > 0 {
		delete(fought, e.Hex) // one side finally retreats: the count ends
	} else {
		fought[e.Hex] = rec
	}
	g.LITN.Combat.Fought = fought
	if v := res.Victory; v != nil {
		vs := append([]VictoryRecord(nil), g.LITN.Combat.Victories...)
		g.LITN.Combat.Victories = append(vs, VictoryRecord{Turn: e.Turn, Hex: e.Hex, Winner: sides[v.Winner], Major: v.Major, VP: v.VP})
	}
	b.Fought = true
	rc := res
	b.Result = &rc
	for _, d := range res.Retreats {
		b.Due = append(b.Due, SideRetreat{Side: sides[d.Role], Reason: d.Reason})
	}
	return g, b
}

func combatCopyInts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// ----- what each event says (002 2.5; docs/litn-play-combat.md) -----

func names(g Game, ids []string) string {
	var out []string
	for _, id := range ids {
		if u, ok := g.LITN.Units[id]; ok {
			out = append(out, u.Name)
		} else {
			out = append(out, id)
		}
	}
	return strings.Join(out, ", ")
}

// Say implements Sayer.
func (e *BattlesOpened) Say(g Game) []Say {
	if len(e.Battles) == 0 {
		return []Say{{To: "all", Text: "⚔️ **Combat Phase** (002 10): no hex holds combat units of both sides: no combat this turn."}}
	}
	var pub, ump []string
	for _, b := range e.Battles {
		f := ""
		if b.Fortification {
			f = " (a Washington fortification hex, 002 13)"
		}
		pub = append(pub, fmt.Sprintf("**%s**%s: the %s player decides first whether to attack", b.Hex, f, sideName(b.First)))
		ump = append(ump, fmt.Sprintf("%s: %s", b.Hex, b.Why))
	}
	return []Say{
		{To: "all", Text: "⚔️ **Combat Phase** (002 10): combat may occur in " + strings.Join(pub, "; ") +
			" (the higher initiative of the highest-ranking leaders; 10 steps 1-2). He attacks or declines with /litn attack hex:<hex> [units:...] [decline:true]; then his opponent may. The first player settles the order of the battles."},
		{To: "umpire", Text: "who decides first: " + strings.Join(ump, "; ")},
	}
}

// Say implements Sayer.
func (e *AttackDeclared) Say(g Game) []Say {
	if e.Declined {
		if e.NoCombat {
			return []Say{{To: "all", Text: fmt.Sprintf("⚔️ %s: the %s player does not attack either: no combat; all units remain in the hex (002 10 step 4).", e.Hex, sideName(e.Side))}}
		}
		return []Say{{To: "all", Text: fmt.Sprintf("⚔️ %s: the %s player does not attack; the %s player may (/litn attack hex:%s; 002 10 step 3).", e.Hex, sideName(e.Side), sideName(engine.EnemyOf(e.Side)), e.Hex)}}
	}
	f := ""
	if e.Fortification {
		f = " The hex is a Washington fortification hex: Union units there are entrenched and its intrinsic strength defends with them (002 13)."
	}
	return []Say{{To: "all", Text: fmt.Sprintf("⚔️ **%s**: the %s attacks with %s; the %s defends with %s (all defending units take part, 002 10.1).%s Each player declares his supply (/litn supply hex:%s) and then chooses his combat option, secretly (002 10.1-10.3).",
		e.Hex, sideName(e.Side), names(g, e.Attackers), sideName(engine.EnemyOf(e.Side)), names(g, e.Defenders), f, e.Hex)}}
}

// Say implements Sayer: the side's own supply is its own.
func (e *SupplyDeclared) Say(g Game) []Say {
	return []Say{{To: string(e.Side), Text: fmt.Sprintf("🛒 Your supply for the battle in %s: %s. Choose your combat option: /litn option hex:%s choice:<option> (secret until both are in, 002 10.3).", e.Hex, e.Why, e.Hex)}}
}

// Say implements Sayer: the chit is face down; only its side sees it.
func (e *OptionChosen) Say(g Game) []Say {
	return []Say{{To: string(e.Side), Text: fmt.Sprintf("🂠 Your chit for %s: **%s**, face down until your opponent has chosen (002 10.3).", e.Hex, e.Option)}}
}

// Say implements Sayer. The table sees what the rules make public: the
// chits revealed, the rounds, who is demoralized, killed or eliminated, the
// Depletion markers, the retreats due and the victory. Each side sees its
// own commitment, fire (with the hits it inflicts, which it reads off the
// chart itself), losses, excess-loss and demoralization rolls; the
// umpire sees the whole log.
func (e *BattleFought) Say(g Game) []Say {
	res := e.Result
	sides := [2]engine.Side{e.Attacker, engine.EnemyOf(e.Attacker)}
	var pub []string
	if e.Battle.Surprise {
		pub = append(pub, fmt.Sprintf("⚡ **Surprise attack in %s** (002 14.2): the %s attacks the %s at once, without combat options: two rounds unless a side is demoralized in the first; the attacker fires one column right; the defender does not fire in the first round.",
			e.Hex, sideName(sides[0]), sideName(sides[1])))
	} else {
		pub = append(pub, fmt.Sprintf("⚔️ **Battle in %s** (002 10): the chits are revealed together: the %s (attacker) plays **%s**, the %s (defender) **%s**.",
			e.Hex, sideName(sides[0]), e.Battle.AttackerOption, sideName(sides[1]), e.Battle.DefenderOption))
	}
	if lk := res.OptionsLookup; lk != nil {
		what := map[string]string{"1": "one round", "2": "two rounds", "U": "rounds until one or both sides are demoralized"}[lk.Result]
		pub = append(pub, fmt.Sprintf("Combat Options Chart (%s) row %s, column %s: **%s**, %s (10.3).", lk.Chart, lk.Row, lk.Column, lk.Result, what))
	}
	pub = append(pub, fmt.Sprintf("%d round(s) fought (10.5).", len(res.Fought)))
	for _, rd := range res.Fought {
		for r := range sides {
			if tr := rd.Demoralization[r]; tr != nil && tr.Outcome == "demoralized" {
				pub = append(pub, fmt.Sprintf("Round %d: the %s force fails its demoralization check: its participating units are demoralized (10.6).", rd.Number, sideName(sides[r])))
			}
		}
	}
	for _, w := range res.Wagons {
		if w.Roll != nil && w.Roll.Outcome == "depleted" {
			pub = append(pub, fmt.Sprintf("%s wagon %s gets a Depletion marker; it still supplies this Combat Phase (10.2).", sideName(sides[w.Role]), w.Wagon))
		}
	}
	for _, cs := range res.Casualties {
		if cs.Killed {
			pub = append(pub, fmt.Sprintf("%s is killed (14.3, %s rolled %d): his unit is replaced by a detachment of equal strength.", cs.Leader, cs.Roll.Table, cs.Roll.Natural))
		}
	}
	for r := range sides {
		ids := make([]string, 0, len(res.Losses[r]))
		for id := range res.Losses[r] {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if u, ok := g.LITN.Units[id]; ok && res.Losses[r][id] > 0 && u.Eliminated {
				pub = append(pub, fmt.Sprintf("%s is eliminated (2.2).", u.Name))
			}
		}
	}
	if res.IntrinsicEliminated {
		pub = append(pub, "The fortification's intrinsic strength is eliminated; the entrenchment effect remains (13).")
	}
	for _, d := range res.Retreats {
		why := map[string]string{RetreatDemoralized: "demoralized, at once", RetreatWithdraw: "it chose Withdraw", RetreatUnsupplied: "it is unsupplied"}[d.Reason]
		pub = append(pub, fmt.Sprintf("The %s must retreat (%s; 10.6): /litn retreat hex:%s path:<hexes>.", sideName(sides[d.Role]), why, e.Hex))
	}
	if len(res.Retreats) == 0 {
		pub = append(pub, "No side retreats: all units remain in the hex (10.3).")
	}
	if v := res.Victory; v != nil {
		pub = append(pub, fmt.Sprintf("🏆 The %s wins a **%s victory** (10.8)%s.", sideName(sides[v.Winner]), choose(v.Major, "major", "minor"), choose(v.Major, ": 5 VP, recorded in the Conclusion Phase", ": 0 VP")))
	}
	says := []Say{{To: "all", Text: strings.Join(pub, " ")}}
	for r, s := range sides {
		says = append(says, Say{To: string(s), Text: battleSideText(g, e, r)})
	}
	says = append(says, Say{To: "umpire", Text: "battle log: " + strings.Join(res.Log, " | ")})
	return says
}

// battleSideText is what one side sees of its own part of a battle.
// Rounds are compact (a U battle may be long): the fire modifiers, which
// do not change, and the first demoralization check's are explained once.
func battleSideText(g Game, e *BattleFought, r int) string {
	res := e.Result
	var b strings.Builder
	fmt.Fprintf(&b, "Your battle in %s (%s):", e.Hex, roleName(r))
	for _, w := range res.Wagons {
		if w.Role == r {
			fmt.Fprintf(&b, " Wagon %s (%s): %s: %s (10.2).", w.Wagon, w.Roll.Table, tableLine(w.Roll), w.Roll.Name)
		}
	}
	cm := res.Commitment[r]
	if cm.Roll != nil {
		fmt.Fprintf(&b, " Commitment (10.4): %s's column %s: %s: %d%% of %d = **%d** committed.", cm.Leader, cm.Column, chartLine(cm.Roll), cm.Percent, cm.Total, cm.Committed)
	}
	explained, demoExplained := false, false
	for _, rd := range res.Fought {
		f := rd.Fire[r]
		fmt.Fprintf(&b, " Round %d:", rd.Number)
		if f.Silent != "" {
			fmt.Fprintf(&b, " you do not fire (%s).", f.Silent)
		} else {
			if !explained && len(f.Rolls) > 0 {
				fmt.Fprintf(&b, " your fire on the %s (%s), %s%s;", f.Rolls[0].Roll.Title, f.Rolls[0].Roll.Chart, f.Rolls[0].Roll.Dice, choose(len(f.Rolls[0].Roll.Modifiers) > 0, mods(f.Rolls[0].Roll.Modifiers), " without modifiers"))
				explained = true
			}
			if len(f.Why) > 0 {
				fmt.Fprintf(&b, " %d committed -> %d (%s);", f.Committed, f.Strength, strings.Join(f.Why, "; "))
			}
			for i, cr := range f.Rolls {
				fmt.Fprintf(&b, "%s %d points on column %s", choose(i > 0, ";", ""), cr.Strength, cr.Band)
				if cr.Shift != 0 || cr.Edge != "" {
					fmt.Fprintf(&b, " (%s%s)", choose(cr.Shift != 0, fmt.Sprintf("shifted %+d to %s", cr.Shift, cr.Roll.Column), ""), choose(cr.Edge != "", "; "+cr.Edge, ""))
				}
				fmt.Fprintf(&b, ": rolled %s = %d, row %s%s", ints(cr.Roll.Faces), cr.Roll.Total, cr.Roll.Row, choose(len(f.Rolls) > 1, " ("+cr.Roll.Result+")", ""))
			}
			fmt.Fprintf(&b, ": %d enemy points eliminated.", f.Inflicted)
		}
		fmt.Fprintf(&b, " You take %d hits.", rd.Fire[1-r].Inflicted)
		if ex := rd.Excess[r]; ex != nil {
			fmt.Fprintf(&b, " Excess losses (10.7, rolled for your opponent): %s: %d uncommitted points removed.", chartLine(ex.Roll), ex.Removed)
		}
		if tr := rd.Demoralization[r]; tr != nil {
			if !demoExplained {
				fmt.Fprintf(&b, " Demoralization check (10.6, %s): %s: %s.", tr.Table, tableLine(tr), tr.Name)
				demoExplained = true
			} else {
				var vs []string
				for _, m := range tr.Modifiers {
					vs = append(vs, fmt.Sprintf("%+d", m.Value))
				}
				fmt.Fprintf(&b, " Demoralization check: rolled %d %s = %d: %s.", tr.Natural, strings.Join(vs, " "), tr.Total, tr.Name)
			}
		}
	}
	for _, cs := range res.Casualties {
		if cs.Role == r {
			fmt.Fprintf(&b, " Leader casualty roll for %s (14.3): %s: %s.", cs.Leader, tableLine(cs.Roll), cs.Roll.Name)
		}
	}
	var ls []string
	ids := make([]string, 0, len(res.Losses[r]))
	for id := range res.Losses[r] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		n := res.Losses[r][id]
		if n == 0 {
			continue
		}
		if id == IntrinsicID {
			ls = append(ls, fmt.Sprintf("intrinsic strength %d (%d left)", n, g.intrinsicLeft(e.Hex)))
			continue
		}
		u := g.LITN.Units[id]
		ls = append(ls, fmt.Sprintf("%s %d (now %d)", u.Name, n, u.Strength))
	}
	if len(ls) == 0 {
		b.WriteString(" You lose no strength points.")
	} else {
		fmt.Fprintf(&b, " Your losses: %s; %d in all, %d not militia (10.5, 10.7).", strings.Join(ls, ", "), res.Total[r], res.NonMilitia[r])
	}
	return b.String()
}

// Say implements Sayer: a retreat is seen on the map.
func (e *Retreated) Say(g Game) []Say {
	who := names(g, e.Units)
	if e.Removed {
		return []Say{{To: "all", Text: fmt.Sprintf("↩️ %s: the %s units %s have no legal retreat route of 4 MPs and are removed from play (002 10.6).", e.Hex, sideName(e.Side), who)}}
	}
	ump := ""
	if e.Umpire {
		ump = " (by the umpire)"
	}
	return []Say{{To: "all", Text: fmt.Sprintf("↩️ %s: the %s retreats%s (%s): %s to %s via %s (002 10.6).", e.Hex, sideName(e.Side), ump, e.Reason, who, e.Path[len(e.Path)-1], strings.Join(e.Path, ", "))}}
}

// Say implements Sayer: wagons are flipped on the map.
func (e *WagonsFlipped) Say(g Game) []Say {
	if len(e.Wagons) == 0 {
		return []Say{{To: "all", Text: "🛒 Wagon Depletion (002 3.1 G II): no wagon carries a Depletion marker."}}
	}
	var ws []string
	for _, id := range e.Wagons {
		w := g.LITN.Wagons[id]
		ws = append(ws, fmt.Sprintf("%s wagon %s at %s", sideName(w.Side), id, w.At))
	}
	return []Say{{To: "all", Text: "🛒 Wagon Depletion (002 3.1 G II, 10.2): flipped to their depleted sides: " + strings.Join(ws, "; ") + "."}}
}

// ----- 14.2 Surprise attacks (optional; docs/litn-play-combat.md) -----
//
// The procedure in play:
//
//  1. The phasing player force marches units into a hex holding enemy
//     combat units (/litn move ... march:true); their move ends there (8.3).
//  2. The other player may react to that move (8.5). Reactions answer the
//     last move only, so the attempt must come before the mover's next move.
//     The enemy units in the hex must have failed to react (a failed
//     reaction or roll to leave, recorded as Barred for the highest-ranking
//     leader there, or each of them), or their player says he will not
//     react there: /litn attack hex:<hex> decline:true in the Movement Phase
//     (NoReaction). Until then the attempt is refused and says so.
//  3. The mover attempts it: /litn attack hex:<hex> surprise:true. The die
//     is rolled on litn.surprise-attack against the initiative of the
//     highest-ranked moving leader; on a success the battle is fought at
//     once (ResolveBattle, Surprise: true) and its results applied as
//     the Combat Phase's are. Its retreats are made with /litn retreat in
//     the Movement Phase; the units that made it may not move again this
//     phase (SurpriseHeld). A battle in the hex at the Combat Phase is
//     opened as usual.

// SurprisePlay is a hex's surprise attack in the Movement Phase under
// way (14.2).
type SurprisePlay struct {
	Turn int
	Step string
	// Move is the phasing move it answers (LastMove.First).
	Move int
	// NoReaction: the other player said he will not react there to Move.
	NoReaction bool
	Rolled     bool
	Succeeded  bool
	// Units are the moving units of the attempt.
	Units []string
	// Held are the units that made a surprise attack here this phase: no
	// more movement (kept when a later move into the hex starts anew).
	Held []string
	// Battle is the last surprise attack fought here this phase.
	Battle *BattlePlay
}

// TableSurprise is the surprise attack roll (14.2).
const TableSurprise = "litn.surprise-attack"

// Event types of 14.2.
const (
	EventSurprise   = "litn.surprise"
	EventNoReaction = "litn.no-reaction"
)

// SurpriseRolled is a surprise attack attempt (14.2): the roll against
// the highest-ranked moving leader's initiative. On a success a
// BattleFought with Battle.Surprise follows.
type SurpriseRolled struct {
	By         engine.Actor      `json:"by"`
	Turn       int               `json:"turn"`
	Step       string            `json:"step"`
	Move       int               `json:"move"`
	Hex        string            `json:"hex"`
	Side       engine.Side       `json:"side"`
	Units      []string          `json:"units"`               // the moving units in the hex
	Attackers  []string          `json:"attackers,omitempty"` // those that attack
	Defenders  []string          `json:"defenders,omitempty"`
	Leader     string            `json:"leader"`
	Initiative int               `json:"initiative"`
	Roll       *engine.TableRoll `json:"roll"`
	Succeeds   bool              `json:"succeeds"`
}

// EventType implements Event.
func (*SurpriseRolled) EventType() string { return EventSurprise }

// NoReaction is the non-phasing player's word that his units in a hex
// do not react to the last move (14.2: "do not attempt reaction").
type NoReaction struct {
	By   engine.Actor `json:"by"`
	Turn int          `json:"turn"`
	Step string       `json:"step"`
	Move int          `json:"move"`
	Hex  string       `json:"hex"`
	Side engine.Side  `json:"side"`
}

// EventType implements Event.
func (*NoReaction) EventType() string { return EventNoReaction }

// movementStep reports whether a LITN Movement Phase is under way.
func (g Game) movementStep() bool {
	if g.Game() != ID || !g.Started {
		return false
	}
	st := g.CurrentStep()
	return st == StepFirstMove || st == StepSecondMove
}

// surpriseHere is the hex's surprise record of this Movement Phase.
func (g Game) surpriseHere(hex string) (SurprisePlay, bool) {
	r, ok := g.LITN.Combat.Surprise[strings.TrimSpace(hex)]
	if !ok || r.Turn != g.Turn || r.Step != g.CurrentStep() {
		return SurprisePlay{}, false
	}
	return r, true
}

// SurpriseBattleAt is the surprise attack fought in a hex this
// Movement Phase (14.2), for its retreats.
func (g Game) SurpriseBattleAt(hex string) (BattlePlay, bool) {
	r, ok := g.surpriseHere(hex)
	if !ok || r.Battle == nil || !r.Battle.Fought {
		return BattlePlay{}, false
	}
	return *r.Battle, true
}

// SurpriseHeld says why a unit may not move ("" when it may): it made
// a surprise attack this phase (14.2).
func (g Game) SurpriseHeld(id string) string {
	for hex, r := range g.LITN.Combat.Surprise {
		if r.Turn != g.Turn || r.Step != g.CurrentStep() || !combatHas(r.Held, id) {
			continue
		}
		name := id
		if u, ok := g.LITN.Units[id]; ok {
			name = u.Name
		}
		return name + " made a surprise attack in " + hex + " this phase: it may not move for the remainder of the phase (002 14.2)"
	}
	return ""
}

func (g Game) decideSurprise(c Attack, d engine.Dice) ([]engine.Event, error) {
	if !OptionsOf(g.Options).SurpriseAttacks {
		if !c.Surprise {
			return nil, engine.Illegal("litn.attack.step", "Battles are declared in the Combat Phase (002 3.1 G, 10)", "Wait for step G1; in the Movement Phase this game has no surprise attacks (optional rule 14.2 is off)")
		}
		return nil, engine.Illegal("litn.surprise.off", "This game does not play the optional rule 14.2 Surprise Attacks", "It is chosen when the game is created: /game new ... optional:14.2")
	}
	if err := g.needStep(c.By, "A surprise attack", StepFirstMove, StepSecondMove); err != nil {
		return nil, err
	}
	if c.Surprise && c.Decline {
		return nil, engine.Invalid("litn.surprise.decline", "Give surprise:true (the moving player) or decline:true (the other player: no reaction), not both", "002 14.2")
	}
	if c.Fortification || len(c.Units) > 0 {
		return nil, engine.Invalid("litn.surprise.units", "A surprise attack is made by the units that force marched into the hex: no units: or fortification:", "Give hex: and surprise:true (002 14.2)")
	}
	p := g.phase()
	if p == nil {
		return nil, engine.Illegal("litn.move.phase", "The Movement Phase has not begun", "The umpire begins the step with /phase next")
	}
	mover := g.PhaseSide(g.CurrentStep())
	hex := strings.TrimSpace(c.Hex)
	s := g.SideOf(c.By)
	if g.IsUmpire(c.By) {
		s = c.Side
		if s == "" {
			s = sideIf(c.Decline, engine.EnemyOf(mover), mover)
		}
	}
	last := ""
	if p.Last != nil && len(p.Last.Hexes) > 0 {
		last = p.Last.Hexes[len(p.Last.Hexes)-1]
	}
	rec, _ := g.surpriseHere(hex)
	if rec.Move != 0 && p.Last != nil && rec.Move != p.Last.First {
		rec = SurprisePlay{}
	}
	if !c.Surprise {
		// The other player's word: no reaction in the hex to this move.
		if !c.Decline {
			return nil, engine.Illegal("litn.attack.step", "Battles are declared in the Combat Phase (002 3.1 G, 10)",
				fmt.Sprintf("In the Movement Phase the %s player may attempt a surprise attack (surprise:true), and the %s player may say he does not react (decline:true); 002 14.2", sideName(mover), sideName(engine.EnemyOf(mover))))
		}
		if s != engine.EnemyOf(mover) {
			return nil, engine.Illegal("litn.surprise.decline", "decline:true in the Movement Phase is the other player's word that he does not react", "To let a surprise attack go, just move on (002 14.2)")
		}
		if last != hex || len(g.fighting(hex, s)) == 0 {
			return nil, engine.Illegal("litn.surprise.move", fmt.Sprintf("The last %s move did not enter %s, where you have combat units", sideName(mover), hex), "You say you do not react right after the enemy force marches into your hex (002 14.2)")
		}
		if rec.NoReaction || rec.Rolled {
			return nil, engine.Illegal("litn.surprise.decline", "That is already settled for "+hex, "")
		}
		return []engine.Event{&NoReaction{By: c.By, Turn: g.Turn, Step: g.CurrentStep(), Move: p.Last.First, Hex: hex, Side: s}}, nil
	}
	if s != mover {
		return nil, engine.Illegal("litn.surprise.side", fmt.Sprintf("Only the moving player, the %s, attempts a surprise attack in this Movement Phase", sideName(mover)), "002 14.2")
	}
	if rec.Rolled {
		return nil, engine.Illegal("litn.surprise.again", "A surprise attack was already attempted in "+hex+" after this move", "The battle there waits for the Combat Phase (002 14.2)")
	}
	if last != hex {
		return nil, engine.Illegal("litn.surprise.move", fmt.Sprintf("Your last move did not end in %q", hex),
			"A surprise attack is attempted right after force marching into an enemy-occupied hex, before your next move (002 14.2)")
	}
	var moving []Unit
	for _, id := range p.Last.Units {
		u, ok := g.LITN.Units[id]
		if !ok || !u.OnMap() || u.At != hex {
			continue
		}
		if !p.ForceMarched[id] {
			return nil, engine.Illegal("litn.surprise.march", u.Name+" did not force march into "+hex, "002 14.2: only units force marched into an enemy-occupied hex may attempt a surprise attack (/litn move ... march:true)")
		}
		moving = append(moving, u)
	}
	enemy := engine.EnemyOf(mover)
	defenders := g.fighting(hex, enemy)
	if len(defenders) == 0 {
		return nil, engine.Illegal("litn.surprise.enemy", "No enemy combat unit is in "+hex, "002 14.2: a surprise attack is made in an enemy-occupied hex")
	}
	if err := g.surpriseReactions(p, hex, enemy, rec); err != nil {
		return nil, err
	}
	leaders, _ := combatLeaders(moving)
	if len(leaders) == 0 {
		return nil, engine.Illegal("litn.surprise.leader", "No leader moved into "+hex, "002 14.2: the roll is against the highest-ranked moving leader's initiative")
	}
	var atk []CombatUnit
	ev := &SurpriseRolled{By: c.By, Turn: g.Turn, Step: g.CurrentStep(), Move: p.Last.First, Hex: hex, Side: mover, Leader: leaders[0].Name, Initiative: leaders[0].Initiative}
	for _, u := range moving {
		ev.Units = append(ev.Units, u.ID)
		if u.IsCombat() && u.Strength > 0 && !u.Demoralized && !u.Disorganized && !g.LITN.Moves.Entrained[u.ID] {
			ev.Attackers = append(ev.Attackers, u.ID)
			atk = append(atk, g.combatUnit(u))
		}
	}
	if len(atk) == 0 {
		return nil, engine.Illegal("litn.surprise.units", "None of the moving units in "+hex+" may attack (demoralized, disorganized or without strength)", "002 10.1, 10.6, 15.4")
	}
	var def []CombatUnit
	for _, u := range defenders {
		ev.Defenders = append(ev.Defenders, u.ID)
		def = append(def, g.combatUnit(u))
	}
	dl, _ := combatLeaders(g.sideAt(hex, enemy))
	// No supply step and no options (14.2): both sides are taken as
	// supplied; the force-march commitment modifier's printed value is not
	// in the rules text, so it is not applied (docs/litn-play-combat.md).
	bt := Battle{Hex: hex, Surprise: true, LeaderCasualties: OptionsOf(g.Options).LeaderCasualties,
		Attacker: Force{Side: mover, Leaders: leaders, Units: atk, Supplied: true, PriorLosses: g.priorLosses(hex, mover)},
		Defender: Force{Side: enemy, Leaders: dl, Units: def, Supplied: true, EntrenchedFirst: true, PriorLosses: g.priorLosses(hex, enemy)}}
	if c.Library == nil || c.Library.Table(TableSurprise) == nil {
		return nil, fmt.Errorf("engine: no table %s", TableSurprise)
	}
	charts := Charts{Library: c.Library, Loaded: g.LITN.Charts}
	vb := bt
	if err := vb.validate(charts); err != nil {
		return nil, err // a chart not loaded, Union artillery alone: refused before the roll
	}
	tr, err := c.Library.Table(TableSurprise).Roll(d, engine.Facts{"leader_initiative": leaders[0].Initiative})
	if err != nil {
		return nil, err
	}
	ev.Roll, ev.Succeeds = tr, tr.Outcome == "surprise"
	if !ev.Succeeds {
		return []engine.Event{ev}, nil
	}
	res, err := ResolveBattle(bt, charts, d)
	if err != nil {
		return nil, err
	}
	after := g.Apply(ev)
	fought := &BattleFought{Turn: g.Turn, Hex: hex, Attacker: mover, Battle: bt, Result: *res, Killed: after.killed(hex, mover, res)}
	return []engine.Event{ev, fought}, nil
}

func sideIf(c bool, a, b engine.Side) engine.Side {
	if c {
		return a
	}
	return b
}

// surpriseReactions checks 14.2's second condition: every enemy unit
// in the hex failed to react to the move, or did not attempt it.
func (g Game) surpriseReactions(p *PhaseMoves, hex string, enemy engine.Side, rec SurprisePlay) error {
	r := p.Reactions
	units := g.sideAt(hex, enemy)
	for _, u := range units {
		if r.Barred[u.ID] || r.Halted[u.ID] {
			continue // failed to react, or may not react again this phase
		}
		for k := p.Last.First; k < p.Last.First+len(p.Last.Hexes); k++ {
			if r.Tried[fmt.Sprintf("%s@%d", u.ID, k)] {
				return engine.Illegal("litn.surprise.reacted", fmt.Sprintf("%s in %s reacted to your move", u.Name, hex),
					"002 14.2: a surprise attack needs every enemy unit there to fail to react or not to attempt it; combat may occur there in the Combat Phase")
			}
		}
	}
	if rec.NoReaction && rec.Move == p.Last.First {
		return nil
	}
	// A stack reacts under its highest-ranking leader (8.5): his failure is
	// the hex's.
	if ls, ids := combatLeaders(units); len(ls) > 0 && r.Barred[ids[ls[0].Name]] {
		return nil
	}
	all := len(units) > 0
	for _, u := range units {
		all = all && (r.Barred[u.ID] || r.Halted[u.ID])
	}
	if all {
		return nil
	}
	return engine.Illegal("litn.surprise.wait", fmt.Sprintf("The %s player may still react in %s to your move", sideName(enemy), hex),
		fmt.Sprintf("Wait until he has reacted and failed, or says he does not react (/litn attack hex:%s decline:true); 002 14.2", hex))
}

// applySurprise records a no-reaction word or a surprise attempt.
func (g Game) applySurprise(e engine.Event) Game {
	m := make(map[string]SurprisePlay, len(g.LITN.Combat.Surprise)+1)
	for k, v := range g.LITN.Combat.Surprise {
		if v.Turn == g.Turn { // older phases' records are dropped
			m[k] = v
		}
	}
	// A record of another move starts anew, keeping this phase's held
	// units and last battle (its retreats).
	fresh := func(hex string, turn int, step string, move int) SurprisePlay {
		r := m[hex]
		if r.Turn == turn && r.Step == step && r.Move == move {
			return r
		}
		n := SurprisePlay{Turn: turn, Step: step, Move: move}
		if r.Turn == turn && r.Step == step {
			n.Held, n.Battle = r.Held, r.Battle
		}
		return n
	}
	switch e := e.(type) {
	case *NoReaction:
		r := fresh(e.Hex, e.Turn, e.Step, e.Move)
		r.NoReaction = true
		m[e.Hex] = r
	case *SurpriseRolled:
		r := fresh(e.Hex, e.Turn, e.Step, e.Move)
		r.Rolled, r.Succeeded, r.Units = true, e.Succeeds, append([]string(nil), e.Units...)
		if e.Succeeds {
			r.Held = append(append([]string(nil), r.Held...), e.Units...)
			r.Battle = &BattlePlay{Hex: e.Hex, First: e.Side, Attacker: e.Side,
				Participants: map[engine.Side][]string{e.Side: append([]string(nil), e.Attackers...), engine.EnemyOf(e.Side): append([]string(nil), e.Defenders...)},
				Supply:       map[engine.Side]SupplyDecl{}, Options: map[engine.Side]Option{}}
		}
		m[e.Hex] = r
	}
	g.LITN.Combat.Surprise = m
	return g
}

// applySurpriseBattle applies a surprise attack's results (14.2).
func (g Game) applySurpriseBattle(e *BattleFought) Game {
	r, ok := g.LITN.Combat.Surprise[e.Hex]
	if !ok || r.Battle == nil {
		return g
	}
	g, b := g.battleResults(r.Battle.clone(), e)
	r.Battle = &b
	m := make(map[string]SurprisePlay, len(g.LITN.Combat.Surprise))
	for k, v := range g.LITN.Combat.Surprise {
		m[k] = v
	}
	m[e.Hex] = r
	g.LITN.Combat.Surprise = m
	return g
}

// Say implements Sayer: whether the enemy reacts is seen on the map.
func (e *NoReaction) Say(g Game) []Say {
	return []Say{{To: "all", Text: fmt.Sprintf("⚡ %s: the %s player does not react to the %s move (002 8.5); the %s player may attempt a surprise attack there (/litn attack hex:%s surprise:true, 002 14.2).",
		e.Hex, sideName(e.Side), sideName(engine.EnemyOf(e.Side)), sideName(engine.EnemyOf(e.Side)), e.Hex)}}
}

// Say implements Sayer. The table sees the attempt and its outcome;
// the roll, against a leader's secret initiative, is the mover's (2.5).
func (e *SurpriseRolled) Say(g Game) []Say {
	pub := fmt.Sprintf("⚡ %s: the %s attempts a surprise attack with %s (002 14.2): ", e.Hex, sideName(e.Side), names(g, e.Units))
	if e.Succeeds {
		pub += "it succeeds; the battle is fought at once."
	} else {
		pub += "it fails. The units stay in the hex; combat may occur there in the Combat Phase."
	}
	own := fmt.Sprintf("Surprise attack roll (%s, 002 14.2): %s's initiative %d: %s: %s (the die must be less than the initiative).", e.Roll.Table, e.Leader, e.Initiative, tableLine(e.Roll), e.Roll.Name)
	if e.Succeeds {
		own += " Your units that made it may not move for the remainder of the phase."
	}
	return []Say{{To: "all", Text: pub}, {To: string(e.Side), Text: own}, {To: "umpire", Text: strings.Replace(own, "Your units", "The units", 1)}}
}
