package engine

import (
	"fmt"
	"sort"
	"strings"
)

// 3.1 G, the Combat Phase in play (issue 10; docs/litn-play-combat.md):
// the pure battle of litn_combat.go wired to the game.
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
//     second resolves the battle (ResolveLITNBattle) and reveals both.
//   - /litn retreat: the retreats the battle requires, in 10.6's order,
//     within ValidateLITNRetreat's limits.
//   - G2 begins: wagons with Depletion markers are flipped (3.1 G II).

// LITNCombatPlay is 3.1 G's state.
type LITNCombatPlay struct {
	// Turn is the turn the battles belong to.
	Turn int
	// Battles are this turn's battles by printed hex.
	Battles map[string]LITNBattlePlay
	// Intrinsic holds the losses of each Washington fortification hex's
	// intrinsic strength (002 13: "Any losses must be recorded"); the
	// strength left is LITNIntrinsicStart minus them.
	Intrinsic map[string]int
	// Victories are the victories won (10.8), every turn.
	Victories []LITNVictoryRecord
	// Fought is, per hex, the last turn of combat there and each side's
	// non-militia losses over the consecutive turns of combat (10.8).
	Fought map[string]LITNHexFight
	// Surprise are the surprise attacks of the Movement Phase under way,
	// by printed hex (14.2, optional; the section "14.2 Surprise attacks" below).
	Surprise map[string]LITNSurprisePlay
}

// LITNBattlePlay is one hex's battle this turn.
type LITNBattlePlay struct {
	Hex           string
	First         Side   // decides first whether to attack (10 step 2)
	FirstWhy      string // the umpire's explanation (it names ratings)
	Fortification bool   // a Washington fortification hex (13)
	Declined      []Side // sides that chose not to attack, in order
	Attacker      Side   // "" until a side attacks
	NoCombat      bool   // both declined (10 step 4)
	// Participants are the attacking units chosen and all the defender's
	// combat units in the hex (10.1 Participating Units).
	Participants map[Side][]string
	Supply       map[Side]LITNSupplyDecl
	Options      map[Side]LITNOption // secret until both are in (10.3)
	Fought       bool
	Result       *LITNBattleResult
	Due          []LITNSideRetreat // the retreats required, in order (10.6)
}

// LITNSupplyDecl is a side's declared supply for one battle (10.2).
type LITNSupplyDecl struct {
	Wagon         string   `json:"wagon,omitempty"`
	Depot         string   `json:"depot,omitempty"` // printed hex
	NoRetreatPath bool     `json:"no_retreat_path,omitempty"`
	LossOrder     []string `json:"loss_order,omitempty"`
}

// Supplied reports whether the declaration names a source.
func (s LITNSupplyDecl) Supplied() bool { return s.Wagon != "" || s.Depot != "" }

// LITNSideRetreat is a retreat a battle requires of a side.
type LITNSideRetreat struct {
	Side   Side   `json:"side"`
	Reason string `json:"reason"`
}

// LITNVictoryRecord is a victory won (10.8).
type LITNVictoryRecord struct {
	Turn   int    `json:"turn"`
	Hex    string `json:"hex"`
	Winner Side   `json:"winner"`
	Major  bool   `json:"major"`
	VP     int    `json:"vp"`
}

// LITNHexFight is the record of consecutive turns of combat in a hex.
type LITNHexFight struct {
	Turn       int          `json:"turn"`
	NonMilitia map[Side]int `json:"non_militia"`
}

// LITNMajorVictories returns the winners of the current turn's major
// victories (10.8), one entry per battle: the Conclusion Phase records
// them (15.1) and Hooker's marker moves back for the Union's (15.6).
func (g LITNGame) LITNMajorVictories() []Side {
	var out []Side
	for _, v := range g.LITN.Combat.Victories {
		if v.Turn == g.Turn && v.Major {
			out = append(out, v.Winner)
		}
	}
	return out
}

// LITNBattles returns this turn's battles, by hex.
func (g LITNGame) LITNBattles() []LITNBattlePlay {
	if g.LITN.Combat.Turn != g.Turn {
		return nil
	}
	var out []LITNBattlePlay
	for _, b := range g.LITN.Combat.Battles {
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Hex < out[j].Hex })
	return out
}

// LITNBattleAt returns this turn's battle in a printed hex.
func (g LITNGame) LITNBattleAt(hex string) (LITNBattlePlay, bool) {
	if g.LITN.Combat.Turn != g.Turn {
		return LITNBattlePlay{}, false
	}
	b, ok := g.LITN.Combat.Battles[strings.TrimSpace(hex)]
	return b, ok
}

// Decider is the side whose decision to attack is awaited ("" for none).
func (b LITNBattlePlay) Decider() Side {
	switch {
	case b.Attacker != "" || b.NoCombat:
		return ""
	case len(b.Declined) == 0:
		return b.First
	case len(b.Declined) == 1:
		return enemyOf(b.Declined[0])
	}
	return ""
}

// AwaitsOption reports whether the battle waits for the side's chit: the
// attack is declared, the side's supply is declared, its chit is not in.
func (b LITNBattlePlay) AwaitsOption(s Side) bool {
	_, supplied := b.Supply[s]
	_, chose := b.Options[s]
	return b.Attacker != "" && !b.Fought && supplied && !chose
}

// Role is the side's role in the battle (LITNAtt or LITNDef).
func (b LITNBattlePlay) Role(s Side) int {
	if s == b.Attacker {
		return LITNAtt
	}
	return LITNDef
}

// clone copies the battle's maps and slices (copy on write).
func (b LITNBattlePlay) clone() LITNBattlePlay {
	b.Declined = append([]Side(nil), b.Declined...)
	b.Due = append([]LITNSideRetreat(nil), b.Due...)
	p := map[Side][]string{}
	for k, v := range b.Participants {
		p[k] = append([]string(nil), v...)
	}
	b.Participants = p
	s := map[Side]LITNSupplyDecl{}
	for k, v := range b.Supply {
		s[k] = v
	}
	b.Supply = s
	o := map[Side]LITNOption{}
	for k, v := range b.Options {
		o[k] = v
	}
	b.Options = o
	return b
}

// withLITNBattle returns the state with the battle replaced.
func (g LITNGame) withLITNBattle(b LITNBattlePlay) LITNGame {
	m := make(map[string]LITNBattlePlay, len(g.LITN.Combat.Battles)+1)
	for k, v := range g.LITN.Combat.Battles {
		m[k] = v
	}
	m[b.Hex] = b
	g.LITN.Combat.Battles = m
	return g
}

// litnRetreatsDone reports whether every retreat the battle requires has
// been made: no participating unit of a retreating side is left in the hex.
func (g LITNGame) litnRetreatsDone(b LITNBattlePlay) bool {
	for _, d := range b.Due {
		if len(g.litnStaying(b, d.Side)) > 0 {
			return false
		}
	}
	return true
}

// litnStaying are a side's participating units still in the battle hex.
func (g LITNGame) litnStaying(b LITNBattlePlay, s Side) []LITNUnit {
	var out []LITNUnit
	for _, id := range b.Participants[s] {
		if u, ok := g.LITN.Units[id]; ok && u.OnMap() && u.At == b.Hex {
			out = append(out, u)
		}
	}
	return out
}

// litnSettled reports whether the battle needs nothing more.
func (g LITNGame) litnSettled(b LITNBattlePlay) bool {
	return b.NoCombat || b.Fought && g.litnRetreatsDone(b)
}

// litnNextDue is the first retreat still to make ("" side for none).
func (g LITNGame) litnNextDue(b LITNBattlePlay) LITNSideRetreat {
	for _, d := range b.Due {
		if len(g.litnStaying(b, d.Side)) > 0 {
			return d
		}
	}
	return LITNSideRetreat{}
}

// ----- forces from the state -----

// litnSideAt are a side's units on the map in a hex.
func (g LITNGame) litnSideAt(hex string, s Side) []LITNUnit {
	var out []LITNUnit
	for _, u := range g.LITNUnitsAt(hex) {
		if u.Side == s {
			out = append(out, u)
		}
	}
	return out
}

// litnFighting are a side's combat units in a hex with strength.
func (g LITNGame) litnFighting(hex string, s Side) []LITNUnit {
	var out []LITNUnit
	for _, u := range g.litnSideAt(hex, s) {
		if u.IsCombat() && u.Strength > 0 {
			out = append(out, u)
		}
	}
	return out
}

// litnCombatLeaders are the leaders of units for the battle (6.4): sorted
// by rank, non-combat leaders before combat leaders of the same rank, then
// by id, and renumbered 1, 2, ... so that equal printed ranks (the sheets
// repeat them) still give one highest-ranking leader (docs/litn-play-combat.md).
// Militia and units without ratings are not leaders.
func litnCombatLeaders(us []LITNUnit) ([]LITNLeader, map[string]string) {
	var ls []LITNUnit
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
	var out []LITNLeader
	for i, u := range ls {
		kind := LITNCombatLeader
		switch {
		case u.Role == SheetDepartment:
			kind = LITNDepartment
		case u.Role == SheetCavalryCommander:
			kind = LITNCavalryChief
		case u.Role == SheetCorps, u.Role == SheetCouch && u.Troops == "":
			kind = LITNCorpsLeader
		case u.Troops == string(LITNArtillery) && u.Side == USA:
			kind = LITNUnionArty
		case u.Parent != "":
			kind = LITNDetachment
		}
		out = append(out, LITNLeader{Name: u.Name, Kind: kind, Rank: i + 1, Command: u.Command, Initiative: u.Initiative, CombatBonus: u.CombatBonus,
			McClellan: u.Side == USA && u.Role == SheetDepartment && strings.Contains(strings.ToLower(u.Name), "mcclellan")})
		if _, dup := ids[u.Name]; !dup {
			ids[u.Name] = u.ID
		}
	}
	return out, ids
}

func (g LITNGame) litnCombatUnit(u LITNUnit) LITNCombatUnit {
	t := LITNUnitType(u.Troops)
	if u.Militia {
		t = LITNMilitia
	}
	if t == "" {
		t = LITNInfantry
	}
	return LITNCombatUnit{ID: u.ID, Name: u.Name, Type: t, Strength: u.Strength, Entrenched: g.LITN.Moves.Entrenched[u.ID], Demoralized: u.Demoralized}
}

// litnPriorLosses are a side's non-militia losses in the hex on the
// consecutive turns of combat before this one (10.8).
func (g LITNGame) litnPriorLosses(hex string, s Side) int {
	f, ok := g.LITN.Combat.Fought[hex]
	// f.Turn == g.Turn only after a surprise attack there this turn
	// (14.2): its losses count with this turn's (docs/litn-play-combat.md).
	if !ok || f.Turn != g.Turn-1 && f.Turn != g.Turn {
		return 0
	}
	return f.NonMilitia[s]
}

func (g LITNGame) litnForce(b LITNBattlePlay, s Side) LITNForce {
	f := LITNForce{Side: s}
	f.Leaders, _ = litnCombatLeaders(g.litnSideAt(b.Hex, s))
	for _, u := range g.litnStaying(b, s) {
		if u.IsCombat() && u.Strength > 0 {
			f.Units = append(f.Units, g.litnCombatUnit(u))
		}
	}
	sup := b.Supply[s]
	f.Supplied = sup.Supplied()
	if sup.Wagon != "" {
		f.Wagons = []LITNWagon{{ID: sup.Wagon, Marked: g.LITN.Wagons[sup.Wagon].Depletion}}
	}
	f.NoRetreatPath, f.LossOrder = sup.NoRetreatPath, append([]string(nil), sup.LossOrder...)
	f.EntrenchedFirst = s != b.Attacker
	f.PriorLosses = g.litnPriorLosses(b.Hex, s)
	return f
}

// litnIntrinsicLeft is a fortification hex's intrinsic strength left (13).
func (g LITNGame) litnIntrinsicLeft(hex string) int {
	return max(0, LITNIntrinsicStart-g.LITN.Combat.Intrinsic[hex])
}

// LITNBattleOf builds the pure battle of litn_combat.go from the state:
// the leaders, participating units, supply, options, the fortification's
// intrinsic strength and the optional rules of the game (14.3). A battle
// of the Combat Phase is never a surprise attack (14.2: those are fought
// in the Movement Phase).
func (g LITNGame) LITNBattleOf(b LITNBattlePlay) LITNBattle {
	at, df := b.Attacker, enemyOf(b.Attacker)
	bt := LITNBattle{Hex: b.Hex, Attacker: g.litnForce(b, at), Defender: g.litnForce(b, df),
		AttackerOption: b.Options[at], DefenderOption: b.Options[df], LeaderCasualties: LITNOptionsOf(g.Options).LeaderCasualties}
	if b.Fortification && df == USA {
		bt.Fortification = &LITNFortification{Intrinsic: g.litnIntrinsicLeft(b.Hex)}
	}
	return bt
}

// LITNOptionsFor lists the chits a side may play in a battle and why the
// others are refused (10.2, 10.3, 10.6, 13), for the buttons.
func (g LITNGame) LITNOptionsFor(b LITNBattlePlay, s Side) ([]LITNOption, map[LITNOption]string) {
	bt := g.LITNBattleOf(b)
	return bt.OptionsAllowed(b.Role(s))
}

// ParseLITNOption reads a chit's name or button code.
func ParseLITNOption(s string) (LITNOption, bool) {
	switch strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), " ")) {
	case "probe":
		return LITNProbe, true
	case "assault":
		return LITNAssault, true
	case "pitched", "pitched battle", "pitched_battle":
		return LITNPitched, true
	case "withdraw", "withdrawal":
		return LITNWithdraw, true
	case "stand":
		return LITNStand, true
	}
	return "", false
}

// LITNOptionCode is a chit's short code (button routes).
func LITNOptionCode(o LITNOption) string {
	if o == LITNPitched {
		return "pitched"
	}
	return strings.ToLower(string(o))
}

// ----- commands -----

// LITNAttack declares an attack in a battle hex, or declines (002 10).
type LITNAttack struct {
	By      Actor
	Hex     string
	Side    Side     // the umpire's choice ("" : the side whose decision it is)
	Units   []string // the attacking units (ids or names); none: all that may
	Decline bool
	// Fortification: the umpire declares the hex a Washington fortification
	// hex (13); the map data has none (docs/litn-play-combat.md).
	Fortification bool
	// Surprise: the moving player attempts a surprise attack in the
	// Movement Phase (14.2, optional); in the Movement Phase, Decline is
	// the other player's word that he does not react there (14.2 below).
	Surprise bool
	Library  *Library
}

// CommandName implements Command.
func (LITNAttack) CommandName() string { return "litn attack" }

// LITNSupply declares a side's supply for a battle (10.2).
type LITNSupply struct {
	By            Actor
	Hex           string
	Side          Side
	Wagon         string // a wagon id
	Depot         string // a printed depot hex
	Unsupplied    bool
	NoRetreatPath bool     // the force has no legal retreat path (10.3: no Withdraw)
	LossOrder     []string // units (ids or names) in the order they take losses (10.5)
	Map           *Theatre
}

// CommandName implements Command.
func (LITNSupply) CommandName() string { return "litn supply" }

// LITNChooseOption plays a side's combat option chit (10.3).
type LITNChooseOption struct {
	By      Actor
	Hex     string
	Side    Side
	Option  string
	Library *Library
}

// CommandName implements Command.
func (LITNChooseOption) CommandName() string { return "litn option" }

// LITNRetreatOrder retreats a side's units from a battle hex (10.6).
type LITNRetreatOrder struct {
	By    Actor
	Hex   string
	Side  Side
	Units []string // ids or names; none: every participating unit left
	Path  []string // printed hexes entered, in order; empty with Remove
	Costs []int    // the MPs of each hex entered (none: 1 each)
	// Remove: no legal route of at least 4 MPs exists: the units are
	// removed from play (10.6).
	Remove bool
	Map    *Theatre
}

// CommandName implements Command.
func (LITNRetreatOrder) CommandName() string { return "litn retreat" }

// ----- events -----

// Event types of the Combat Phase.
const (
	EventLITNBattlesOpened = "litn.battles-opened"
	EventLITNAttack        = "litn.attack"
	EventLITNSupply        = "litn.supply"
	EventLITNOption        = "litn.option"
	EventLITNBattle        = "litn.battle"
	EventLITNRetreated     = "litn.retreated"
	EventLITNWagonsFlipped = "litn.wagons-depleted"
)

// LITNBattleOpen is a hex where combat may occur.
type LITNBattleOpen struct {
	Hex           string `json:"hex"`
	First         Side   `json:"first"`
	Why           string `json:"why"`
	Fortification bool   `json:"fortification,omitempty"`
}

// LITNBattlesOpened begins the Combat Phase (10): the hexes with both
// sides' combat units.
type LITNBattlesOpened struct {
	Turn    int              `json:"turn"`
	Battles []LITNBattleOpen `json:"battles"`
}

// EventType implements Event.
func (*LITNBattlesOpened) EventType() string { return EventLITNBattlesOpened }

// LITNAttackDeclared is a side's decision to attack or not (10).
type LITNAttackDeclared struct {
	By            Actor    `json:"by"`
	Turn          int      `json:"turn"`
	Hex           string   `json:"hex"`
	Side          Side     `json:"side"`
	Declined      bool     `json:"declined,omitempty"`
	NoCombat      bool     `json:"no_combat,omitempty"` // both declined
	Attackers     []string `json:"attackers,omitempty"`
	Defenders     []string `json:"defenders,omitempty"`
	Fortification bool     `json:"fortification,omitempty"`
}

// EventType implements Event.
func (*LITNAttackDeclared) EventType() string { return EventLITNAttack }

// LITNSupplyDeclared is a side's supply for a battle (10.2): secret to it.
type LITNSupplyDeclared struct {
	By     Actor          `json:"by"`
	Turn   int            `json:"turn"`
	Hex    string         `json:"hex"`
	Side   Side           `json:"side"`
	Supply LITNSupplyDecl `json:"supply"`
	Why    string         `json:"why"`
}

// EventType implements Event.
func (*LITNSupplyDeclared) EventType() string { return EventLITNSupply }

// LITNOptionChosen is a side's chit, face down: secret to the side until
// the battle reveals both (10.3).
type LITNOptionChosen struct {
	By     Actor      `json:"by"`
	Turn   int        `json:"turn"`
	Hex    string     `json:"hex"`
	Side   Side       `json:"side"`
	Option LITNOption `json:"option"`
}

// EventType implements Event.
func (*LITNOptionChosen) EventType() string { return EventLITNOption }

// LITNBattleFought is a resolved battle with everything that explains it.
type LITNBattleFought struct {
	Turn     int              `json:"turn"`
	Hex      string           `json:"hex"`
	Attacker Side             `json:"attacker"`
	Battle   LITNBattle       `json:"battle"`
	Result   LITNBattleResult `json:"result"`
	// Killed are the units whose leaders were killed (14.3).
	Killed []string `json:"killed,omitempty"`
}

// EventType implements Event.
func (*LITNBattleFought) EventType() string { return EventLITNBattle }

// LITNRetreated is a retreat made (10.6).
type LITNRetreated struct {
	By      Actor    `json:"by"`
	Turn    int      `json:"turn"`
	Hex     string   `json:"hex"`
	Side    Side     `json:"side"`
	Reason  string   `json:"reason"`
	Units   []string `json:"units"`
	Path    []string `json:"path,omitempty"`
	To      Hex      `json:"to"`
	Removed bool     `json:"removed,omitempty"`
	Umpire  bool     `json:"umpire,omitempty"` // the umpire's retreat: 10.6's limits not checked
}

// EventType implements Event.
func (*LITNRetreated) EventType() string { return EventLITNRetreated }

// LITNWagonsFlipped flips the wagons with Depletion markers (3.1 G II).
type LITNWagonsFlipped struct {
	Turn   int      `json:"turn"`
	Wagons []string `json:"wagons"`
}

// EventType implements Event.
func (*LITNWagonsFlipped) EventType() string { return EventLITNWagonsFlipped }

// litnCombatSteps: G1 opens the battles and waits for them (10); G2
// flips the wagons that supplied combat (9.2).
func litnCombatSteps() []litnStep {
	return []litnStep{
		{ID: LITNStepCombat, Begin: litnCombatBegin, Wait: litnCombatWait},
		{ID: LITNStepDepletion, Begin: litnDepletionBegin},
	}
}

// ----- the steps -----

// litnCombatBegin opens a battle in every hex holding combat units of both
// sides (10), with who decides first (10 steps 1-2).
func litnCombatBegin(g LITNGame, _ Dice, ctx StepContext) ([]Event, error) {
	ev := &LITNBattlesOpened{Turn: g.Turn}
	seen := map[string]bool{}
	for _, u := range g.LITNUnitsOf("") {
		if !u.OnMap() || seen[u.At] {
			continue
		}
		seen[u.At] = true
		csa, usa := g.litnFighting(u.At, CSA), g.litnFighting(u.At, USA)
		if len(csa) == 0 || len(usa) == 0 {
			continue
		}
		a := LITNForce{Side: CSA}
		a.Leaders, _ = litnCombatLeaders(g.litnSideAt(u.At, CSA))
		b := LITNForce{Side: USA}
		b.Leaders, _ = litnCombatLeaders(g.litnSideAt(u.At, USA))
		// Who moved into the hex second is not recorded: the second
		// player of the turn is taken to have (docs/litn-play-combat.md).
		second := g.LITNSecond()
		if second == "" {
			second = USA
		}
		first, why, err := LITNFirstChoice(a, b, second)
		if err != nil {
			// A side with no leader in the hex (militia alone): the side
			// with one decides first; the rules are silent.
			first, why = second, "neither side has a leader in the hex: the second player decides first (the rules are silent)"
			if len(a.Leaders) > 0 {
				first, why = CSA, "the Union has no leader in the hex (militia alone): the Confederate decides first (the rules are silent)"
			} else if len(b.Leaders) > 0 {
				first, why = USA, "the Confederate has no leader in the hex: the Union decides first (the rules are silent)"
			}
		}
		ev.Battles = append(ev.Battles, LITNBattleOpen{Hex: u.At, First: first, Why: why, Fortification: litnFortificationHex(ctx.Map, u.Hex)})
	}
	sort.Slice(ev.Battles, func(i, j int) bool { return ev.Battles[i].Hex < ev.Battles[j].Hex })
	return []Event{ev}, nil
}

// litnFortificationHex reports whether the map marks the hex a Washington
// fortification hex (13): a place of kind fortification there.
func litnFortificationHex(m *Theatre, h Hex) bool {
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

// litnCombatWait: every battle settled, then both players' /litn done.
func litnCombatWait(g LITNGame) []string {
	var out []string
	bs := g.LITNBattles()
	for _, b := range bs {
		if g.litnSettled(b) {
			continue
		}
		out = append(out, "the battle in "+b.Hex+": "+g.litnBattleNext(b))
	}
	if len(bs) > 0 {
		out = append(out, litnWaitFor(func(LITNGame) []Side { return []Side{CSA, USA} })(g)...)
	}
	return out
}

// litnBattleNext says what a battle waits for, without saying which side
// has chosen its chit (10.3: secret).
func (g LITNGame) litnBattleNext(b LITNBattlePlay) string {
	switch {
	case b.Decider() != "":
		return fmt.Sprintf("%s decides whether to attack (/litn attack)", strings.ToUpper(string(b.Decider())))
	case !b.Fought:
		return "supply and combat options (/litn supply, /litn option)"
	}
	d := g.litnNextDue(b)
	return fmt.Sprintf("%s retreats (/litn retreat)", strings.ToUpper(string(d.Side)))
}

// litnDepletionBegin flips the wagons with Depletion markers (3.1 G II).
func litnDepletionBegin(g LITNGame, _ Dice, _ StepContext) ([]Event, error) {
	ev := &LITNWagonsFlipped{Turn: g.Turn}
	for _, w := range g.LITNWagonsOf("") {
		if w.Depletion {
			ev.Wagons = append(ev.Wagons, w.ID)
		}
	}
	return []Event{ev}, nil
}

// ----- deciding -----

func decideLITNCombat(g LITNGame, cmd Command, d Dice) ([]Event, bool, error) {
	var evs []Event
	var err error
	switch c := cmd.(type) {
	case LITNAttack:
		if c.Surprise || g.litnMovementStep() {
			evs, err = g.decideLITNSurprise(c, d)
		} else {
			evs, err = g.decideLITNAttack(c)
		}
	case LITNSupply:
		evs, err = g.decideLITNSupply(c)
	case LITNChooseOption:
		evs, err = g.decideLITNOption(c, d)
	case LITNRetreatOrder:
		evs, err = g.decideLITNRetreat(c)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

// litnBattleFor finds the battle for a command and the side acting.
func (g LITNGame) litnBattleFor(by Actor, hex string, side Side, what string) (LITNBattlePlay, Side, error) {
	s, err := g.actingSide(by, side, "litn.side", what, litnSideName)
	if err != nil {
		return LITNBattlePlay{}, "", err
	}
	b, ok := g.LITNSurpriseBattleAt(hex) // 14.2: its retreats are made in the Movement Phase
	if ok {
		if err := g.litnNeedStep(by, what, LITNStepFirstMove, LITNStepSecondMove); err != nil {
			return LITNBattlePlay{}, "", err
		}
	} else if err := g.litnNeedStep(by, what, LITNStepCombat); err != nil {
		return LITNBattlePlay{}, "", err
	} else {
		b, ok = g.LITNBattleAt(hex)
	}
	if !ok {
		var hexes []string
		for _, b := range g.LITNBattles() {
			hexes = append(hexes, b.Hex)
		}
		hint := "No hex holds both sides' combat units this turn"
		if len(hexes) > 0 {
			hint = "Battles this turn: " + strings.Join(hexes, ", ")
		}
		return b, "", invalid("litn.battle", fmt.Sprintf("There is no battle in %q this Combat Phase (002 10: combat occurs only in hexes occupied by both sides)", strings.TrimSpace(hex)), hint)
	}
	if s != "" && s != CSA && s != USA {
		return b, "", invalid("game.side", fmt.Sprintf("%q is not a side", s), "side:csa or side:usa")
	}
	return b, s, nil
}

func (g LITNGame) decideLITNAttack(c LITNAttack) ([]Event, error) {
	b, s, err := g.litnBattleFor(c.By, c.Hex, c.Side, "Declaring an attack")
	if err != nil {
		return nil, err
	}
	dec := b.Decider()
	if dec == "" {
		what := "no combat: neither side attacked"
		if b.Attacker != "" {
			what = "the " + litnSideName(b.Attacker) + " attacks"
		}
		return nil, illegal("litn.attack.decided", fmt.Sprintf("The battle in %s is decided: %s", b.Hex, what), "/phase show says what it waits for")
	}
	if s == "" {
		s = dec
	}
	if s != dec {
		return nil, illegal("litn.attack.turn", fmt.Sprintf("The %s player decides first whether to attack in %s (002 10 steps 2-3)", litnSideName(dec), b.Hex),
			"Wait for his decision: if he does not attack, you may")
	}
	if c.Fortification && !g.IsUmpire(c.By) {
		return nil, illegal("litn.fortification", "Only the umpire declares a Washington fortification hex", "Ask the umpire (002 13)")
	}
	ev := &LITNAttackDeclared{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Fortification: c.Fortification || b.Fortification}
	if c.Decline {
		if len(c.Units) > 0 {
			return nil, invalid("litn.attack.units", "Units attack only when you attack", "Leave units: out to decline, or decline:false to attack")
		}
		ev.Declined = true
		ev.NoCombat = len(b.Declined) == 1
		return []Event{ev}, nil
	}
	var atk []LITNUnit
	if len(c.Units) == 0 {
		for _, u := range g.litnFighting(b.Hex, s) {
			if !u.Demoralized && !u.Disorganized {
				atk = append(atk, u)
			}
		}
		if len(atk) == 0 {
			return nil, illegal("litn.attack.demoralized", fmt.Sprintf("All your combat units in %s are demoralized or disorganized: they never attack (002 10.1, 10.6, 15.4)", b.Hex), "Decline with decline:true")
		}
	} else {
		seen := map[string]bool{}
		for _, ref := range c.Units {
			u, ok := g.LITNFindUnit(ref)
			if !ok || u.Side != s || !u.OnMap() || u.At != b.Hex || !u.IsCombat() || u.Strength <= 0 {
				return nil, invalid("litn.attack.units", fmt.Sprintf("%q is not one of your combat units in %s", ref, b.Hex), "Name your combat units in the hex (/litn status)")
			}
			if u.Demoralized {
				return nil, illegal("litn.attack.demoralized", u.Name+" is demoralized and may not attack", "002 10.1, 10.6: leave it out")
			}
			if u.Disorganized {
				return nil, illegal("litn.attack.disorganized", u.Name+" is disorganized and may not attack", "002 15.4: leave it out")
			}
			if !seen[u.ID] {
				seen[u.ID] = true
				atk = append(atk, u)
			}
		}
	}
	arty, inf := false, false
	for _, u := range atk {
		arty = arty || u.Troops == string(LITNArtillery)
		inf = inf || u.Troops == string(LITNInfantry) && !u.Militia
		ev.Attackers = append(ev.Attackers, u.ID)
	}
	if s == USA && arty && !inf {
		return nil, illegal("litn.attack.artillery", "The Union artillery may attack only if at least one Union infantry unit attacks with it", "002 10.1: add an infantry unit or leave the artillery out")
	}
	for _, u := range g.litnFighting(b.Hex, enemyOf(s)) {
		ev.Defenders = append(ev.Defenders, u.ID)
	}
	return []Event{ev}, nil
}

func (g LITNGame) decideLITNSupply(c LITNSupply) ([]Event, error) {
	b, s, err := g.litnBattleFor(c.By, c.Hex, c.Side, "Declaring supply")
	if err != nil {
		return nil, err
	}
	if s == "" {
		return nil, invalid("game.side", "Whose supply?", "The umpire gives side:csa or side:usa")
	}
	if b.Attacker == "" {
		return nil, illegal("litn.supply.early", fmt.Sprintf("No one attacks in %s yet: supply is checked once a battle is fought (002 10.1 step 1)", b.Hex), "/litn attack first")
	}
	if b.Fought {
		return nil, illegal("litn.supply.late", "The battle in "+b.Hex+" has been fought", "")
	}
	if _, chose := b.Options[s]; chose {
		return nil, illegal("litn.supply.late", "Your combat option is chosen: the supply it was chosen with stands", "002 10.1: supply is checked before the options")
	}
	n := 0
	for _, set := range []bool{c.Wagon != "", c.Depot != "", c.Unsupplied} {
		if set {
			n++
		}
	}
	if n != 1 {
		return nil, invalid("litn.supply.source", "Give one supply source: wagon:<id>, depot:<hex>, or unsupplied:true", "002 10.2: an undepleted wagon within 2 MPs or a depot within 4 MPs")
	}
	bh := g.litnHexOf(b.Hex)
	enemyAt := func(at string) bool { return at != b.Hex && len(g.litnFighting(at, enemyOf(s))) > 0 }
	decl := LITNSupplyDecl{NoRetreatPath: c.NoRetreatPath}
	var why string
	switch {
	case c.Wagon != "":
		var w LITNWagonPiece
		found := false
		for _, x := range g.LITNWagonsOf(s) {
			if strings.EqualFold(x.ID, strings.TrimSpace(c.Wagon)) {
				w, found = x, true
			}
		}
		switch {
		case !found:
			return nil, invalid("litn.supply.wagon", fmt.Sprintf("%q is not one of your wagons", c.Wagon), "/litn status lists your wagons")
		case w.Depleted:
			return nil, illegal("litn.supply.wagon", fmt.Sprintf("Wagon %s is depleted", w.ID), "002 10.2: only an undepleted wagon supplies")
		case Distance(w.Hex, bh) > 2:
			return nil, illegal("litn.supply.range", fmt.Sprintf("Wagon %s in %s is %d hexes from %s: more than 2 MPs", w.ID, w.At, Distance(w.Hex, bh), b.Hex),
				"002 10.2: a wagon supplies within two movement points (each hex entered costs at least 1)")
		case enemyAt(w.At):
			return nil, illegal("litn.supply.enemy", fmt.Sprintf("Enemy combat units hold %s, the wagon's hex", w.At), "002 10.2: a supply line may not include a hex occupied by an enemy combat unit")
		}
		decl.Wagon = w.ID
		why = fmt.Sprintf("wagon %s in %s, %d hex(es) away (002 10.2: within 2 MPs, which the map's terrain is not recorded to check exactly)%s", w.ID, w.At, Distance(w.Hex, bh),
			litnIf(w.Depletion, "; it already carries a Depletion marker: it supplies without another roll", "; it rolls for depletion right after your option"))
	case c.Depot != "":
		if c.Map == nil {
			return nil, fmt.Errorf("engine: LITN supply without the map")
		}
		at := strings.TrimSpace(c.Depot)
		h, _, err := c.Map.ParseHex(at, "")
		if err != nil {
			return nil, invalid("litn.supply.depot", fmt.Sprintf("depot %q: %v", at, err), "Give the depot's printed hex, e.g. depot:1026")
		}
		for i := range c.Map.Places {
			p := &c.Map.Places[i]
			if p.Hex != h || !p.Is("depot") {
				continue
			}
			if y := p.Values["from_year"]; y > LITNYear(g.Options.Scenario) {
				return nil, illegal("litn.supply.depot", fmt.Sprintf("%s does not exist in %d", p.Name, LITNYear(g.Options.Scenario)), p.Source)
			}
			if p.Is("confederate-depot") && s != CSA {
				return nil, illegal("litn.supply.depot", p.Name+" is a Confederate depot", "002 9.1: a side uses its own depots")
			}
		}
		switch {
		case Distance(h, bh) > 4:
			return nil, illegal("litn.supply.range", fmt.Sprintf("Depot %s is %d hexes from %s: more than 4 MPs", at, Distance(h, bh), b.Hex), "002 10.2: a depot supplies within four movement points")
		case enemyAt(at):
			return nil, illegal("litn.supply.enemy", fmt.Sprintf("Enemy combat units occupy the depot in %s", at), "002 9.1: friendly units not in the hex may not use it")
		}
		decl.Depot = at
		why = fmt.Sprintf("the depot in %s, %d hex(es) away (002 10.2: within 4 MPs; the printed depots are not in the map data: declared)", at, Distance(h, bh))
	default:
		why = "unsupplied: no Pitched Battle or Assault, and a retreat after the last round unless the enemy retreats demoralized (002 10.2; a player may not choose to be unsupplied: the umpire may correct)"
	}
	for _, ref := range c.LossOrder {
		ref = strings.TrimSpace(ref)
		if strings.EqualFold(ref, LITNIntrinsicID) || strings.EqualFold(ref, "intrinsic") {
			if !b.Fortification || s != USA {
				return nil, invalid("litn.supply.loss", "Only the Union in a Washington fortification hex has an intrinsic strength (002 13)", "")
			}
			decl.LossOrder = append(decl.LossOrder, LITNIntrinsicID)
			continue
		}
		u, ok := g.LITNFindUnit(ref)
		if !ok || u.Side != s || u.At != b.Hex || !u.IsCombat() {
			return nil, invalid("litn.supply.loss", fmt.Sprintf("%q is not one of your combat units in %s", ref, b.Hex), "loss_order: lists your units in the order they lose strength points (002 10.5)")
		}
		decl.LossOrder = append(decl.LossOrder, u.ID)
	}
	if c.NoRetreatPath {
		why += "; no legal retreat path: no Withdraw (002 10.3)"
	}
	return []Event{&LITNSupplyDeclared{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Supply: decl, Why: why}}, nil
}

// litnHexOf is a printed hex's grid hex, from a unit or wagon there.
func (g LITNGame) litnHexOf(at string) Hex {
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
	return Hex{}
}

func (g LITNGame) decideLITNOption(c LITNChooseOption, d Dice) ([]Event, error) {
	b, s, err := g.litnBattleFor(c.By, c.Hex, c.Side, "Choosing a combat option")
	if err != nil {
		return nil, err
	}
	if s == "" {
		return nil, invalid("game.side", "Whose option?", "The umpire gives side:csa or side:usa")
	}
	switch {
	case b.Attacker == "":
		return nil, illegal("litn.option.early", fmt.Sprintf("No one attacks in %s yet", b.Hex), "Options are chosen once a side attacks (002 10.1)")
	case b.Fought:
		return nil, illegal("litn.option.late", "The battle in "+b.Hex+" has been fought", "")
	}
	if _, ok := b.Supply[s]; !ok {
		return nil, illegal("litn.option.supply", "Declare your supply for this battle first", fmt.Sprintf("/litn supply hex:%s wagon:<id> | depot:<hex> | unsupplied:true (002 10.1 step 1)", b.Hex))
	}
	if _, chose := b.Options[s]; chose {
		return nil, illegal("litn.option.chosen", "Your chit is on the table, face down: it cannot be changed", "002 10.3: the chits are revealed after both players have chosen")
	}
	o, ok := ParseLITNOption(c.Option)
	allowed, refused := g.LITNOptionsFor(b, s)
	if !ok {
		return nil, invalid("litn.option", fmt.Sprintf("%q is not a combat option", c.Option), "Choose one of "+litnJoin(allowed))
	}
	if why, no := refused[o]; no {
		return nil, illegal("litn.option", fmt.Sprintf("You may not play %s: %s", o, why), "Choose one of "+litnJoin(allowed))
	}
	in := false
	for _, a := range allowed {
		in = in || a == o
	}
	if !in {
		set := LITNAttackerOptions()
		if b.Role(s) == LITNDef {
			set = LITNDefenderOptions()
		}
		return nil, illegal("litn.option", fmt.Sprintf("The %s plays one of %s, not %s (002 10.3 Permissible Options)", litnRole(b.Role(s)), litnJoin(set), o), "Choose one of "+litnJoin(allowed))
	}
	chosen := &LITNOptionChosen{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Option: o}
	evs := []Event{chosen}
	if _, other := b.Options[enemyOf(s)]; !other {
		return evs, nil
	}
	// Both chits are in: they are revealed and the battle is fought.
	after := g.Apply(chosen)
	nb, _ := after.LITNBattleAt(b.Hex)
	bt := after.LITNBattleOf(nb)
	res, err := ResolveLITNBattle(bt, LITNCharts{Library: c.Library, Loaded: g.LITN.Charts}, d)
	if err != nil {
		return nil, err
	}
	ev := &LITNBattleFought{Turn: g.Turn, Hex: b.Hex, Attacker: b.Attacker, Battle: bt, Result: *res}
	ev.Killed = after.litnKilled(b.Hex, b.Attacker, res)
	return append(evs, ev), nil
}

// litnKilled are the units whose leaders a battle's 14.3 rolls killed.
func (g LITNGame) litnKilled(hex string, attacker Side, res *LITNBattleResult) []string {
	var out []string
	for _, cs := range res.Casualties {
		if !cs.Killed {
			continue
		}
		side := attacker
		if cs.Role == LITNDef {
			side = enemyOf(attacker)
		}
		_, ids := litnCombatLeaders(g.litnSideAt(hex, side))
		if id := ids[cs.Leader]; id != "" && !litnCombatHas(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func litnCombatHas(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func (g LITNGame) decideLITNRetreat(c LITNRetreatOrder) ([]Event, error) {
	b, s, err := g.litnBattleFor(c.By, c.Hex, c.Side, "Retreating")
	if err != nil {
		return nil, err
	}
	if !b.Fought {
		return nil, illegal("litn.retreat.early", "The battle in "+b.Hex+" has not been fought", "Retreats come after the rounds (002 10.1 step 6)")
	}
	due := g.litnNextDue(b)
	if due.Side == "" {
		return nil, illegal("litn.retreat.none", "No retreat is due in "+b.Hex, "002 10.3: when no side retreats, all units remain in the hex")
	}
	if s == "" {
		s = due.Side
	}
	if s != due.Side {
		for _, d := range b.Due {
			if d.Side == s {
				return nil, illegal("litn.retreat.order", fmt.Sprintf("The %s retreats first (002 10.6: the worse command rating first, the attacker on equal ratings)", litnSideName(due.Side)), "Wait for his retreat")
			}
		}
		return nil, illegal("litn.retreat.none", fmt.Sprintf("The %s need not retreat from %s", litnSideName(s), b.Hex), "002 10.6: units retreat when demoralized, unsupplied or after Withdraw")
	}
	staying := g.litnStaying(b, s)
	var units []LITNUnit
	if len(c.Units) == 0 {
		units = staying
	} else {
		seen := map[string]bool{}
		for _, ref := range c.Units {
			u, ok := g.LITNFindUnit(ref)
			if !ok || u.Side != s || !u.OnMap() || u.At != b.Hex {
				return nil, invalid("litn.retreat.units", fmt.Sprintf("%q is not one of your units in %s", ref, b.Hex), "Name your units in the hex, or leave units: out for all that must retreat")
			}
			if !seen[u.ID] {
				seen[u.ID] = true
				units = append(units, u)
			}
		}
	}
	ev := &LITNRetreated{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Reason: due.Reason, Umpire: g.IsUmpire(c.By)}
	strength := 0
	for _, u := range units {
		ev.Units = append(ev.Units, u.ID)
		if u.IsCombat() {
			strength += u.Strength
		}
	}
	if c.Remove {
		if len(c.Path) > 0 {
			return nil, invalid("litn.retreat.path", "Give a path or remove the units, not both", "")
		}
		ev.Removed = true
		return []Event{ev}, nil
	}
	if len(c.Path) == 0 {
		return nil, invalid("litn.retreat.path", "Give the hexes the units retreat through", "path:1726,1727,1827 (4 MPs; path:none when no legal route of 4 MPs exists: the units are removed, 002 10.6)")
	}
	if c.Map == nil {
		return nil, fmt.Errorf("engine: LITN retreat without the map")
	}
	if len(c.Costs) > 0 && len(c.Costs) != len(c.Path) {
		return nil, invalid("litn.retreat.costs", fmt.Sprintf("%d costs for %d hexes", len(c.Costs), len(c.Path)), "Give one MP cost per hex entered, or none for 1 each")
	}
	prev := g.litnHexOf(b.Hex)
	r := LITNRetreat{Reason: due.Reason, ForceStrength: strength}
	total := 0
	for i, at := range c.Path {
		at = strings.TrimSpace(at)
		h, _, err := c.Map.ParseHex(at, "")
		if err != nil {
			return nil, invalid("litn.retreat.path", fmt.Sprintf("%q: %v", at, err), "Give printed hexes, e.g. path:1726,1727")
		}
		if Distance(prev, h) != 1 {
			return nil, invalid("litn.retreat.path", fmt.Sprintf("%s is not next to the hex before it", at), "Each hex of the path is adjacent to the one before (the first to the battle hex)")
		}
		prev = h
		st := LITNRetreatStep{Hex: at, MP: 1}
		if len(c.Costs) > 0 {
			st.MP = c.Costs[i]
		}
		total += st.MP
		enemy := g.litnSideAt(at, enemyOf(s))
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
		return []Event{ev}, nil
	}
	// What the map cannot say is taken from the declared path: it is the
	// fewest MPs of a legal route, and no clear alternative exists
	// (docs/litn-play-combat.md).
	r.FewestMP = max(total, 4)
	bh := g.litnHexOf(b.Hex)
	if src, ok := g.litnSupplyHex(b, s, c.Map); ok {
		r.SupplyFrom, r.SupplyTo = Distance(bh, src), Distance(prev, src)
		r.SupplyBest = max(0, r.SupplyFrom-1)
	}
	moving := map[string]bool{}
	for _, u := range units {
		moving[u.ID] = true
	}
	friendFrom, friendTo := -1, -1
	for _, u := range g.LITNUnitsOf(s) {
		if !u.OnMap() || !u.IsCombat() || moving[u.ID] || u.At == b.Hex {
			continue
		}
		if d := Distance(bh, u.Hex); friendFrom < 0 || d < friendFrom {
			friendFrom = d
		}
		if d := Distance(prev, u.Hex); friendTo < 0 || d < friendTo {
			friendTo = d
		}
	}
	if friendFrom > 0 {
		r.FriendFrom, r.FriendTo, r.FriendBest = friendFrom, friendTo, max(0, friendFrom-4)
	}
	if err := ValidateLITNRetreat(r); err != nil {
		return nil, err
	}
	return []Event{ev}, nil
}

// litnSupplyHex is the hex of a side's declared supply source.
func (g LITNGame) litnSupplyHex(b LITNBattlePlay, s Side, m *Theatre) (Hex, bool) {
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
	return Hex{}, false
}

// ----- applying -----

func applyLITNCombat(g LITNGame, e Event) (LITNGame, bool) {
	switch e := e.(type) {
	case *LITNBattlesOpened:
		g.LITN.Combat.Turn = e.Turn
		m := map[string]LITNBattlePlay{}
		for _, o := range e.Battles {
			m[o.Hex] = LITNBattlePlay{Hex: o.Hex, First: o.First, FirstWhy: o.Why, Fortification: o.Fortification}
		}
		g.LITN.Combat.Battles = m
		return g, true
	case *LITNAttackDeclared:
		b, ok := g.LITNBattleAt(e.Hex)
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
			b.Participants = map[Side][]string{e.Side: append([]string(nil), e.Attackers...), enemyOf(e.Side): append([]string(nil), e.Defenders...)}
		}
		return g.withLITNBattle(b), true
	case *LITNSupplyDeclared:
		b, ok := g.LITNBattleAt(e.Hex)
		if !ok {
			return g, true
		}
		b = b.clone()
		sup := e.Supply
		sup.LossOrder = append([]string(nil), sup.LossOrder...)
		b.Supply[e.Side] = sup
		return g.withLITNBattle(b), true
	case *LITNOptionChosen:
		b, ok := g.LITNBattleAt(e.Hex)
		if !ok {
			return g, true
		}
		b = b.clone()
		b.Options[e.Side] = e.Option
		return g.withLITNBattle(b), true
	case *LITNBattleFought:
		return g.applyLITNBattle(e), true
	case *LITNSurpriseRolled, *LITNNoReaction:
		return g.applyLITNSurprise(e), true
	case *LITNRetreated:
		var us []LITNUnit
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
		return g.withLITNUnits(us...), true
	case *LITNWagonsFlipped:
		var ws []LITNWagonPiece
		for _, id := range e.Wagons {
			if w, ok := g.LITN.Wagons[id]; ok {
				w.Depleted, w.Depletion, w.Undeplete = true, false, false
				ws = append(ws, w)
			}
		}
		return g.withLITNWagons(ws...), true
	}
	return g, false
}

// applyLITNBattle applies a battle's results: strengths, eliminations,
// demoralization, the intrinsic strength, Depletion markers, leader
// casualties, the retreats due and the victory.
func (g LITNGame) applyLITNBattle(e *LITNBattleFought) LITNGame {
	if e.Battle.Surprise {
		return g.applyLITNSurpriseBattle(e)
	}
	b, ok := g.LITNBattleAt(e.Hex)
	if !ok {
		return g
	}
	g, b = g.litnBattleResults(b.clone(), e)
	return g.withLITNBattle(b)
}

// litnBattleResults applies a battle's results to the state and to its
// battle record b (a clone), shared by the Combat Phase's battles and the
// surprise attacks (14.2).
func (g LITNGame) litnBattleResults(b LITNBattlePlay, e *LITNBattleFought) (LITNGame, LITNBattlePlay) {
	res := e.Result
	sides := [2]Side{e.Attacker, enemyOf(e.Attacker)}
	changed := map[string]LITNUnit{}
	get := func(id string) (LITNUnit, bool) {
		if u, ok := changed[id]; ok {
			return u, true
		}
		u, ok := g.LITN.Units[id]
		return u, ok
	}
	intrinsic := litnCombatCopyInts(g.LITN.Combat.Intrinsic)
	for r := range sides {
		for id, n := range res.Losses[r] {
			if id == LITNIntrinsicID {
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
		intrinsic[e.Hex] = LITNIntrinsicStart
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
	var us []LITNUnit
	for _, u := range changed {
		us = append(us, u)
	}
	sort.Slice(us, func(i, j int) bool { return us[i].ID < us[j].ID })
	g = g.withLITNUnits(us...)
	var ws []LITNWagonPiece
	for _, w := range res.Wagons {
		if w.Roll != nil && w.Roll.Outcome == "depleted" {
			if p, ok := g.LITN.Wagons[w.Wagon]; ok {
				p.Depletion = true
				ws = append(ws, p)
			}
		}
	}
	g = g.withLITNWagons(ws...)
	g.LITN.Combat.Intrinsic = intrinsic
	// 10.8: losses over consecutive turns of combat in the hex.
	fought := map[string]LITNHexFight{}
	for k, v := range g.LITN.Combat.Fought {
		fought[k] = v
	}
	prev := fought[e.Hex]
	rec := LITNHexFight{Turn: e.Turn, NonMilitia: map[Side]int{}}
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
		vs := append([]LITNVictoryRecord(nil), g.LITN.Combat.Victories...)
		g.LITN.Combat.Victories = append(vs, LITNVictoryRecord{Turn: e.Turn, Hex: e.Hex, Winner: sides[v.Winner], Major: v.Major, VP: v.VP})
	}
	b.Fought = true
	rc := res
	b.Result = &rc
	for _, d := range res.Retreats {
		b.Due = append(b.Due, LITNSideRetreat{Side: sides[d.Role], Reason: d.Reason})
	}
	return g, b
}

func litnCombatCopyInts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// ----- what each event says (002 2.5; docs/litn-play-combat.md) -----

func litnNames(g LITNGame, ids []string) string {
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

// Say implements LITNSayer.
func (e *LITNBattlesOpened) Say(g LITNGame) []LITNSay {
	if len(e.Battles) == 0 {
		return []LITNSay{{To: "all", Text: "⚔️ **Combat Phase** (002 10): no hex holds combat units of both sides: no combat this turn."}}
	}
	var pub, ump []string
	for _, b := range e.Battles {
		f := ""
		if b.Fortification {
			f = " (a Washington fortification hex, 002 13)"
		}
		pub = append(pub, fmt.Sprintf("**%s**%s: the %s player decides first whether to attack", b.Hex, f, litnSideName(b.First)))
		ump = append(ump, fmt.Sprintf("%s: %s", b.Hex, b.Why))
	}
	return []LITNSay{
		{To: "all", Text: "⚔️ **Combat Phase** (002 10): combat may occur in " + strings.Join(pub, "; ") +
			" (the higher initiative of the highest-ranking leaders; 10 steps 1-2). He attacks or declines with /litn attack hex:<hex> [units:...] [decline:true]; then his opponent may. The first player settles the order of the battles."},
		{To: "umpire", Text: "who decides first: " + strings.Join(ump, "; ")},
	}
}

// Say implements LITNSayer.
func (e *LITNAttackDeclared) Say(g LITNGame) []LITNSay {
	if e.Declined {
		if e.NoCombat {
			return []LITNSay{{To: "all", Text: fmt.Sprintf("⚔️ %s: the %s player does not attack either: no combat; all units remain in the hex (002 10 step 4).", e.Hex, litnSideName(e.Side))}}
		}
		return []LITNSay{{To: "all", Text: fmt.Sprintf("⚔️ %s: the %s player does not attack; the %s player may (/litn attack hex:%s; 002 10 step 3).", e.Hex, litnSideName(e.Side), litnSideName(enemyOf(e.Side)), e.Hex)}}
	}
	f := ""
	if e.Fortification {
		f = " The hex is a Washington fortification hex: Union units there are entrenched and its intrinsic strength defends with them (002 13)."
	}
	return []LITNSay{{To: "all", Text: fmt.Sprintf("⚔️ **%s**: the %s attacks with %s; the %s defends with %s (all defending units take part, 002 10.1).%s Each player declares his supply (/litn supply hex:%s) and then chooses his combat option, secretly (002 10.1-10.3).",
		e.Hex, litnSideName(e.Side), litnNames(g, e.Attackers), litnSideName(enemyOf(e.Side)), litnNames(g, e.Defenders), f, e.Hex)}}
}

// Say implements LITNSayer: the side's own supply is its own.
func (e *LITNSupplyDeclared) Say(g LITNGame) []LITNSay {
	return []LITNSay{{To: string(e.Side), Text: fmt.Sprintf("🛒 Your supply for the battle in %s: %s. Choose your combat option: /litn option hex:%s choice:<option> (secret until both are in, 002 10.3).", e.Hex, e.Why, e.Hex)}}
}

// Say implements LITNSayer: the chit is face down; only its side sees it.
func (e *LITNOptionChosen) Say(g LITNGame) []LITNSay {
	return []LITNSay{{To: string(e.Side), Text: fmt.Sprintf("🂠 Your chit for %s: **%s**, face down until your opponent has chosen (002 10.3).", e.Hex, e.Option)}}
}

// Say implements LITNSayer. The table sees what the rules make public: the
// chits revealed, the rounds, who is demoralized, killed or eliminated, the
// Depletion markers, the retreats due and the victory. Each side sees its
// own commitment, fire (with the hits it inflicts, which it reads off the
// chart itself), losses, excess-loss and demoralization rolls; the
// umpire sees the whole log.
func (e *LITNBattleFought) Say(g LITNGame) []LITNSay {
	res := e.Result
	sides := [2]Side{e.Attacker, enemyOf(e.Attacker)}
	var pub []string
	if e.Battle.Surprise {
		pub = append(pub, fmt.Sprintf("⚡ **Surprise attack in %s** (002 14.2): the %s attacks the %s at once, without combat options: two rounds unless a side is demoralized in the first; the attacker fires one column right; the defender does not fire in the first round.",
			e.Hex, litnSideName(sides[0]), litnSideName(sides[1])))
	} else {
		pub = append(pub, fmt.Sprintf("⚔️ **Battle in %s** (002 10): the chits are revealed together: the %s (attacker) plays **%s**, the %s (defender) **%s**.",
			e.Hex, litnSideName(sides[0]), e.Battle.AttackerOption, litnSideName(sides[1]), e.Battle.DefenderOption))
	}
	if lk := res.OptionsLookup; lk != nil {
		what := map[string]string{"1": "one round", "2": "two rounds", "U": "rounds until one or both sides are demoralized"}[lk.Result]
		pub = append(pub, fmt.Sprintf("Combat Options Chart (%s) row %s, column %s: **%s**, %s (10.3).", lk.Chart, lk.Row, lk.Column, lk.Result, what))
	}
	pub = append(pub, fmt.Sprintf("%d round(s) fought (10.5).", len(res.Fought)))
	for _, rd := range res.Fought {
		for r := range sides {
			if tr := rd.Demoralization[r]; tr != nil && tr.Outcome == "demoralized" {
				pub = append(pub, fmt.Sprintf("Round %d: the %s force fails its demoralization check: its participating units are demoralized (10.6).", rd.Number, litnSideName(sides[r])))
			}
		}
	}
	for _, w := range res.Wagons {
		if w.Roll != nil && w.Roll.Outcome == "depleted" {
			pub = append(pub, fmt.Sprintf("%s wagon %s gets a Depletion marker; it still supplies this Combat Phase (10.2).", litnSideName(sides[w.Role]), w.Wagon))
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
		why := map[string]string{LITNRetreatDemoralized: "demoralized, at once", LITNRetreatWithdraw: "it chose Withdraw", LITNRetreatUnsupplied: "it is unsupplied"}[d.Reason]
		pub = append(pub, fmt.Sprintf("The %s must retreat (%s; 10.6): /litn retreat hex:%s path:<hexes>.", litnSideName(sides[d.Role]), why, e.Hex))
	}
	if len(res.Retreats) == 0 {
		pub = append(pub, "No side retreats: all units remain in the hex (10.3).")
	}
	if v := res.Victory; v != nil {
		pub = append(pub, fmt.Sprintf("🏆 The %s wins a **%s victory** (10.8)%s.", litnSideName(sides[v.Winner]), litnIf(v.Major, "major", "minor"), litnIf(v.Major, ": 5 VP, recorded in the Conclusion Phase", ": 0 VP")))
	}
	says := []LITNSay{{To: "all", Text: strings.Join(pub, " ")}}
	for r, s := range sides {
		says = append(says, LITNSay{To: string(s), Text: litnBattleSideText(g, e, r)})
	}
	says = append(says, LITNSay{To: "umpire", Text: "battle log: " + strings.Join(res.Log, " | ")})
	return says
}

// litnBattleSideText is what one side sees of its own part of a battle.
// Rounds are compact (a U battle may be long): the fire modifiers, which
// do not change, and the first demoralization check's are explained once.
func litnBattleSideText(g LITNGame, e *LITNBattleFought, r int) string {
	res := e.Result
	var b strings.Builder
	fmt.Fprintf(&b, "Your battle in %s (%s):", e.Hex, litnRole(r))
	for _, w := range res.Wagons {
		if w.Role == r {
			fmt.Fprintf(&b, " Wagon %s (%s): %s: %s (10.2).", w.Wagon, w.Roll.Table, litnTableLine(w.Roll), w.Roll.Name)
		}
	}
	cm := res.Commitment[r]
	if cm.Roll != nil {
		fmt.Fprintf(&b, " Commitment (10.4): %s's column %s: %s: %d%% of %d = **%d** committed.", cm.Leader, cm.Column, litnChartLine(cm.Roll), cm.Percent, cm.Total, cm.Committed)
	}
	explained, demoExplained := false, false
	for _, rd := range res.Fought {
		f := rd.Fire[r]
		fmt.Fprintf(&b, " Round %d:", rd.Number)
		if f.Silent != "" {
			fmt.Fprintf(&b, " you do not fire (%s).", f.Silent)
		} else {
			if !explained && len(f.Rolls) > 0 {
				fmt.Fprintf(&b, " your fire on the %s (%s), %s%s;", f.Rolls[0].Roll.Title, f.Rolls[0].Roll.Chart, f.Rolls[0].Roll.Dice, litnIf(len(f.Rolls[0].Roll.Modifiers) > 0, litnMods(f.Rolls[0].Roll.Modifiers), " without modifiers"))
				explained = true
			}
			if len(f.Why) > 0 {
				fmt.Fprintf(&b, " %d committed -> %d (%s);", f.Committed, f.Strength, strings.Join(f.Why, "; "))
			}
			for i, cr := range f.Rolls {
				fmt.Fprintf(&b, "%s %d points on column %s", litnIf(i > 0, ";", ""), cr.Strength, cr.Band)
				if cr.Shift != 0 || cr.Edge != "" {
					fmt.Fprintf(&b, " (%s%s)", litnIf(cr.Shift != 0, fmt.Sprintf("shifted %+d to %s", cr.Shift, cr.Roll.Column), ""), litnIf(cr.Edge != "", "; "+cr.Edge, ""))
				}
				fmt.Fprintf(&b, ": rolled %s = %d, row %s%s", litnInts(cr.Roll.Faces), cr.Roll.Total, cr.Roll.Row, litnIf(len(f.Rolls) > 1, " ("+cr.Roll.Result+")", ""))
			}
			fmt.Fprintf(&b, ": %d enemy points eliminated.", f.Inflicted)
		}
		fmt.Fprintf(&b, " You take %d hits.", rd.Fire[1-r].Inflicted)
		if ex := rd.Excess[r]; ex != nil {
			fmt.Fprintf(&b, " Excess losses (10.7, rolled for your opponent): %s: %d uncommitted points removed.", litnChartLine(ex.Roll), ex.Removed)
		}
		if tr := rd.Demoralization[r]; tr != nil {
			if !demoExplained {
				fmt.Fprintf(&b, " Demoralization check (10.6, %s): %s: %s.", tr.Table, litnTableLine(tr), tr.Name)
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
			fmt.Fprintf(&b, " Leader casualty roll for %s (14.3): %s: %s.", cs.Leader, litnTableLine(cs.Roll), cs.Roll.Name)
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
		if id == LITNIntrinsicID {
			ls = append(ls, fmt.Sprintf("intrinsic strength %d (%d left)", n, g.litnIntrinsicLeft(e.Hex)))
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

// Say implements LITNSayer: a retreat is seen on the map.
func (e *LITNRetreated) Say(g LITNGame) []LITNSay {
	who := litnNames(g, e.Units)
	if e.Removed {
		return []LITNSay{{To: "all", Text: fmt.Sprintf("↩️ %s: the %s units %s have no legal retreat route of 4 MPs and are removed from play (002 10.6).", e.Hex, litnSideName(e.Side), who)}}
	}
	ump := ""
	if e.Umpire {
		ump = " (by the umpire)"
	}
	return []LITNSay{{To: "all", Text: fmt.Sprintf("↩️ %s: the %s retreats%s (%s): %s to %s via %s (002 10.6).", e.Hex, litnSideName(e.Side), ump, e.Reason, who, e.Path[len(e.Path)-1], strings.Join(e.Path, ", "))}}
}

// Say implements LITNSayer: wagons are flipped on the map.
func (e *LITNWagonsFlipped) Say(g LITNGame) []LITNSay {
	if len(e.Wagons) == 0 {
		return []LITNSay{{To: "all", Text: "🛒 Wagon Depletion (002 3.1 G II): no wagon carries a Depletion marker."}}
	}
	var ws []string
	for _, id := range e.Wagons {
		w := g.LITN.Wagons[id]
		ws = append(ws, fmt.Sprintf("%s wagon %s at %s", litnSideName(w.Side), id, w.At))
	}
	return []LITNSay{{To: "all", Text: "🛒 Wagon Depletion (002 3.1 G II, 10.2): flipped to their depleted sides: " + strings.Join(ws, "; ") + "."}}
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
//     (LITNNoReaction). Until then the attempt is refused and says so.
//  3. The mover attempts it: /litn attack hex:<hex> surprise:true. The die
//     is rolled on litn.surprise-attack against the initiative of the
//     highest-ranked moving leader; on a success the battle is fought at
//     once (ResolveLITNBattle, Surprise: true) and its results applied as
//     the Combat Phase's are. Its retreats are made with /litn retreat in
//     the Movement Phase; the units that made it may not move again this
//     phase (LITNSurpriseHeld). A battle in the hex at the Combat Phase is
//     opened as usual.

// LITNSurprisePlay is a hex's surprise attack in the Movement Phase under
// way (14.2).
type LITNSurprisePlay struct {
	Turn int
	Step string
	// Move is the phasing move it answers (LITNLastMove.First).
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
	Battle *LITNBattlePlay
}

// LITNTableSurprise is the surprise attack roll (14.2).
const LITNTableSurprise = "litn.surprise-attack"

// Event types of 14.2.
const (
	EventLITNSurprise   = "litn.surprise"
	EventLITNNoReaction = "litn.no-reaction"
)

// LITNSurpriseRolled is a surprise attack attempt (14.2): the roll against
// the highest-ranked moving leader's initiative. On a success a
// LITNBattleFought with Battle.Surprise follows.
type LITNSurpriseRolled struct {
	By         Actor      `json:"by"`
	Turn       int        `json:"turn"`
	Step       string     `json:"step"`
	Move       int        `json:"move"`
	Hex        string     `json:"hex"`
	Side       Side       `json:"side"`
	Units      []string   `json:"units"`               // the moving units in the hex
	Attackers  []string   `json:"attackers,omitempty"` // those that attack
	Defenders  []string   `json:"defenders,omitempty"`
	Leader     string     `json:"leader"`
	Initiative int        `json:"initiative"`
	Roll       *TableRoll `json:"roll"`
	Succeeds   bool       `json:"succeeds"`
}

// EventType implements Event.
func (*LITNSurpriseRolled) EventType() string { return EventLITNSurprise }

// LITNNoReaction is the non-phasing player's word that his units in a hex
// do not react to the last move (14.2: "do not attempt reaction").
type LITNNoReaction struct {
	By   Actor  `json:"by"`
	Turn int    `json:"turn"`
	Step string `json:"step"`
	Move int    `json:"move"`
	Hex  string `json:"hex"`
	Side Side   `json:"side"`
}

// EventType implements Event.
func (*LITNNoReaction) EventType() string { return EventLITNNoReaction }

// litnMovementStep reports whether a LITN Movement Phase is under way.
func (g LITNGame) litnMovementStep() bool {
	if g.Game() != LITN || !g.Started {
		return false
	}
	st := g.CurrentStep()
	return st == LITNStepFirstMove || st == LITNStepSecondMove
}

// litnSurpriseHere is the hex's surprise record of this Movement Phase.
func (g LITNGame) litnSurpriseHere(hex string) (LITNSurprisePlay, bool) {
	r, ok := g.LITN.Combat.Surprise[strings.TrimSpace(hex)]
	if !ok || r.Turn != g.Turn || r.Step != g.CurrentStep() {
		return LITNSurprisePlay{}, false
	}
	return r, true
}

// LITNSurpriseBattleAt is the surprise attack fought in a hex this
// Movement Phase (14.2), for its retreats.
func (g LITNGame) LITNSurpriseBattleAt(hex string) (LITNBattlePlay, bool) {
	r, ok := g.litnSurpriseHere(hex)
	if !ok || r.Battle == nil || !r.Battle.Fought {
		return LITNBattlePlay{}, false
	}
	return *r.Battle, true
}

// LITNSurpriseHeld says why a unit may not move ("" when it may): it made
// a surprise attack this phase (14.2).
func (g LITNGame) LITNSurpriseHeld(id string) string {
	for hex, r := range g.LITN.Combat.Surprise {
		if r.Turn != g.Turn || r.Step != g.CurrentStep() || !litnCombatHas(r.Held, id) {
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

func (g LITNGame) decideLITNSurprise(c LITNAttack, d Dice) ([]Event, error) {
	if !LITNOptionsOf(g.Options).SurpriseAttacks {
		if !c.Surprise {
			return nil, illegal("litn.attack.step", "Battles are declared in the Combat Phase (002 3.1 G, 10)", "Wait for step G1; in the Movement Phase this game has no surprise attacks (optional rule 14.2 is off)")
		}
		return nil, illegal("litn.surprise.off", "This game does not play the optional rule 14.2 Surprise Attacks", "It is chosen when the game is created: /game new ... optional:14.2")
	}
	if err := g.litnNeedStep(c.By, "A surprise attack", LITNStepFirstMove, LITNStepSecondMove); err != nil {
		return nil, err
	}
	if c.Surprise && c.Decline {
		return nil, invalid("litn.surprise.decline", "Give surprise:true (the moving player) or decline:true (the other player: no reaction), not both", "002 14.2")
	}
	if c.Fortification || len(c.Units) > 0 {
		return nil, invalid("litn.surprise.units", "A surprise attack is made by the units that force marched into the hex: no units: or fortification:", "Give hex: and surprise:true (002 14.2)")
	}
	p := g.litnPhase()
	if p == nil {
		return nil, illegal("litn.move.phase", "The Movement Phase has not begun", "The umpire begins the step with /phase next")
	}
	mover := g.LITNPhaseSide(g.CurrentStep())
	hex := strings.TrimSpace(c.Hex)
	s := g.LITNSideOf(c.By)
	if g.IsUmpire(c.By) {
		s = c.Side
		if s == "" {
			s = litnSideIf(c.Decline, enemyOf(mover), mover)
		}
	}
	last := ""
	if p.Last != nil && len(p.Last.Hexes) > 0 {
		last = p.Last.Hexes[len(p.Last.Hexes)-1]
	}
	rec, _ := g.litnSurpriseHere(hex)
	if rec.Move != 0 && p.Last != nil && rec.Move != p.Last.First {
		rec = LITNSurprisePlay{}
	}
	if !c.Surprise {
		// The other player's word: no reaction in the hex to this move.
		if !c.Decline {
			return nil, illegal("litn.attack.step", "Battles are declared in the Combat Phase (002 3.1 G, 10)",
				fmt.Sprintf("In the Movement Phase the %s player may attempt a surprise attack (surprise:true), and the %s player may say he does not react (decline:true); 002 14.2", litnSideName(mover), litnSideName(enemyOf(mover))))
		}
		if s != enemyOf(mover) {
			return nil, illegal("litn.surprise.decline", "decline:true in the Movement Phase is the other player's word that he does not react", "To let a surprise attack go, just move on (002 14.2)")
		}
		if last != hex || len(g.litnFighting(hex, s)) == 0 {
			return nil, illegal("litn.surprise.move", fmt.Sprintf("The last %s move did not enter %s, where you have combat units", litnSideName(mover), hex), "You say you do not react right after the enemy force marches into your hex (002 14.2)")
		}
		if rec.NoReaction || rec.Rolled {
			return nil, illegal("litn.surprise.decline", "That is already settled for "+hex, "")
		}
		return []Event{&LITNNoReaction{By: c.By, Turn: g.Turn, Step: g.CurrentStep(), Move: p.Last.First, Hex: hex, Side: s}}, nil
	}
	if s != mover {
		return nil, illegal("litn.surprise.side", fmt.Sprintf("Only the moving player, the %s, attempts a surprise attack in this Movement Phase", litnSideName(mover)), "002 14.2")
	}
	if rec.Rolled {
		return nil, illegal("litn.surprise.again", "A surprise attack was already attempted in "+hex+" after this move", "The battle there waits for the Combat Phase (002 14.2)")
	}
	if last != hex {
		return nil, illegal("litn.surprise.move", fmt.Sprintf("Your last move did not end in %q", hex),
			"A surprise attack is attempted right after force marching into an enemy-occupied hex, before your next move (002 14.2)")
	}
	var moving []LITNUnit
	for _, id := range p.Last.Units {
		u, ok := g.LITN.Units[id]
		if !ok || !u.OnMap() || u.At != hex {
			continue
		}
		if !p.ForceMarched[id] {
			return nil, illegal("litn.surprise.march", u.Name+" did not force march into "+hex, "002 14.2: only units force marched into an enemy-occupied hex may attempt a surprise attack (/litn move ... march:true)")
		}
		moving = append(moving, u)
	}
	enemy := enemyOf(mover)
	defenders := g.litnFighting(hex, enemy)
	if len(defenders) == 0 {
		return nil, illegal("litn.surprise.enemy", "No enemy combat unit is in "+hex, "002 14.2: a surprise attack is made in an enemy-occupied hex")
	}
	if err := g.litnSurpriseReactions(p, hex, enemy, rec); err != nil {
		return nil, err
	}
	leaders, _ := litnCombatLeaders(moving)
	if len(leaders) == 0 {
		return nil, illegal("litn.surprise.leader", "No leader moved into "+hex, "002 14.2: the roll is against the highest-ranked moving leader's initiative")
	}
	var atk []LITNCombatUnit
	ev := &LITNSurpriseRolled{By: c.By, Turn: g.Turn, Step: g.CurrentStep(), Move: p.Last.First, Hex: hex, Side: mover, Leader: leaders[0].Name, Initiative: leaders[0].Initiative}
	for _, u := range moving {
		ev.Units = append(ev.Units, u.ID)
		if u.IsCombat() && u.Strength > 0 && !u.Demoralized && !u.Disorganized && !g.LITN.Moves.Entrained[u.ID] {
			ev.Attackers = append(ev.Attackers, u.ID)
			atk = append(atk, g.litnCombatUnit(u))
		}
	}
	if len(atk) == 0 {
		return nil, illegal("litn.surprise.units", "None of the moving units in "+hex+" may attack (demoralized, disorganized or without strength)", "002 10.1, 10.6, 15.4")
	}
	var def []LITNCombatUnit
	for _, u := range defenders {
		ev.Defenders = append(ev.Defenders, u.ID)
		def = append(def, g.litnCombatUnit(u))
	}
	dl, _ := litnCombatLeaders(g.litnSideAt(hex, enemy))
	// No supply step and no options (14.2): both sides are taken as
	// supplied; the force-march commitment modifier's printed value is not
	// in the rules text, so it is not applied (docs/litn-play-combat.md).
	bt := LITNBattle{Hex: hex, Surprise: true, LeaderCasualties: LITNOptionsOf(g.Options).LeaderCasualties,
		Attacker: LITNForce{Side: mover, Leaders: leaders, Units: atk, Supplied: true, PriorLosses: g.litnPriorLosses(hex, mover)},
		Defender: LITNForce{Side: enemy, Leaders: dl, Units: def, Supplied: true, EntrenchedFirst: true, PriorLosses: g.litnPriorLosses(hex, enemy)}}
	if c.Library == nil || c.Library.Table(LITNTableSurprise) == nil {
		return nil, fmt.Errorf("engine: no table %s", LITNTableSurprise)
	}
	charts := LITNCharts{Library: c.Library, Loaded: g.LITN.Charts}
	vb := bt
	if err := vb.validate(charts); err != nil {
		return nil, err // a chart not loaded, Union artillery alone: refused before the roll
	}
	tr, err := c.Library.Table(LITNTableSurprise).Roll(d, Facts{"leader_initiative": leaders[0].Initiative})
	if err != nil {
		return nil, err
	}
	ev.Roll, ev.Succeeds = tr, tr.Outcome == "surprise"
	if !ev.Succeeds {
		return []Event{ev}, nil
	}
	res, err := ResolveLITNBattle(bt, charts, d)
	if err != nil {
		return nil, err
	}
	after := g.Apply(ev)
	fought := &LITNBattleFought{Turn: g.Turn, Hex: hex, Attacker: mover, Battle: bt, Result: *res, Killed: after.litnKilled(hex, mover, res)}
	return []Event{ev, fought}, nil
}

func litnSideIf(c bool, a, b Side) Side {
	if c {
		return a
	}
	return b
}

// litnSurpriseReactions checks 14.2's second condition: every enemy unit
// in the hex failed to react to the move, or did not attempt it.
func (g LITNGame) litnSurpriseReactions(p *LITNPhaseMoves, hex string, enemy Side, rec LITNSurprisePlay) error {
	r := p.Reactions
	units := g.litnSideAt(hex, enemy)
	for _, u := range units {
		if r.Barred[u.ID] || r.Halted[u.ID] {
			continue // failed to react, or may not react again this phase
		}
		for k := p.Last.First; k < p.Last.First+len(p.Last.Hexes); k++ {
			if r.Tried[fmt.Sprintf("%s@%d", u.ID, k)] {
				return illegal("litn.surprise.reacted", fmt.Sprintf("%s in %s reacted to your move", u.Name, hex),
					"002 14.2: a surprise attack needs every enemy unit there to fail to react or not to attempt it; combat may occur there in the Combat Phase")
			}
		}
	}
	if rec.NoReaction && rec.Move == p.Last.First {
		return nil
	}
	// A stack reacts under its highest-ranking leader (8.5): his failure is
	// the hex's.
	if ls, ids := litnCombatLeaders(units); len(ls) > 0 && r.Barred[ids[ls[0].Name]] {
		return nil
	}
	all := len(units) > 0
	for _, u := range units {
		all = all && (r.Barred[u.ID] || r.Halted[u.ID])
	}
	if all {
		return nil
	}
	return illegal("litn.surprise.wait", fmt.Sprintf("The %s player may still react in %s to your move", litnSideName(enemy), hex),
		fmt.Sprintf("Wait until he has reacted and failed, or says he does not react (/litn attack hex:%s decline:true); 002 14.2", hex))
}

// applyLITNSurprise records a no-reaction word or a surprise attempt.
func (g LITNGame) applyLITNSurprise(e Event) LITNGame {
	m := make(map[string]LITNSurprisePlay, len(g.LITN.Combat.Surprise)+1)
	for k, v := range g.LITN.Combat.Surprise {
		if v.Turn == g.Turn { // older phases' records are dropped
			m[k] = v
		}
	}
	// A record of another move starts anew, keeping this phase's held
	// units and last battle (its retreats).
	fresh := func(hex string, turn int, step string, move int) LITNSurprisePlay {
		r := m[hex]
		if r.Turn == turn && r.Step == step && r.Move == move {
			return r
		}
		n := LITNSurprisePlay{Turn: turn, Step: step, Move: move}
		if r.Turn == turn && r.Step == step {
			n.Held, n.Battle = r.Held, r.Battle
		}
		return n
	}
	switch e := e.(type) {
	case *LITNNoReaction:
		r := fresh(e.Hex, e.Turn, e.Step, e.Move)
		r.NoReaction = true
		m[e.Hex] = r
	case *LITNSurpriseRolled:
		r := fresh(e.Hex, e.Turn, e.Step, e.Move)
		r.Rolled, r.Succeeded, r.Units = true, e.Succeeds, append([]string(nil), e.Units...)
		if e.Succeeds {
			r.Held = append(append([]string(nil), r.Held...), e.Units...)
			r.Battle = &LITNBattlePlay{Hex: e.Hex, First: e.Side, Attacker: e.Side,
				Participants: map[Side][]string{e.Side: append([]string(nil), e.Attackers...), enemyOf(e.Side): append([]string(nil), e.Defenders...)},
				Supply:       map[Side]LITNSupplyDecl{}, Options: map[Side]LITNOption{}}
		}
		m[e.Hex] = r
	}
	g.LITN.Combat.Surprise = m
	return g
}

// applyLITNSurpriseBattle applies a surprise attack's results (14.2).
func (g LITNGame) applyLITNSurpriseBattle(e *LITNBattleFought) LITNGame {
	r, ok := g.LITN.Combat.Surprise[e.Hex]
	if !ok || r.Battle == nil {
		return g
	}
	g, b := g.litnBattleResults(r.Battle.clone(), e)
	r.Battle = &b
	m := make(map[string]LITNSurprisePlay, len(g.LITN.Combat.Surprise))
	for k, v := range g.LITN.Combat.Surprise {
		m[k] = v
	}
	m[e.Hex] = r
	g.LITN.Combat.Surprise = m
	return g
}

// Say implements LITNSayer: whether the enemy reacts is seen on the map.
func (e *LITNNoReaction) Say(g LITNGame) []LITNSay {
	return []LITNSay{{To: "all", Text: fmt.Sprintf("⚡ %s: the %s player does not react to the %s move (002 8.5); the %s player may attempt a surprise attack there (/litn attack hex:%s surprise:true, 002 14.2).",
		e.Hex, litnSideName(e.Side), litnSideName(enemyOf(e.Side)), litnSideName(enemyOf(e.Side)), e.Hex)}}
}

// Say implements LITNSayer. The table sees the attempt and its outcome;
// the roll, against a leader's secret initiative, is the mover's (2.5).
func (e *LITNSurpriseRolled) Say(g LITNGame) []LITNSay {
	pub := fmt.Sprintf("⚡ %s: the %s attempts a surprise attack with %s (002 14.2): ", e.Hex, litnSideName(e.Side), litnNames(g, e.Units))
	if e.Succeeds {
		pub += "it succeeds; the battle is fought at once."
	} else {
		pub += "it fails. The units stay in the hex; combat may occur there in the Combat Phase."
	}
	own := fmt.Sprintf("Surprise attack roll (%s, 002 14.2): %s's initiative %d: %s: %s (the die must be less than the initiative).", e.Roll.Table, e.Leader, e.Initiative, litnTableLine(e.Roll), e.Roll.Name)
	if e.Succeeds {
		own += " Your units that made it may not move for the remainder of the phase."
	}
	return []LITNSay{{To: "all", Text: pub}, {To: string(e.Side), Text: own}, {To: "umpire", Text: strings.Replace(own, "Your units", "The units", 1)}}
}
