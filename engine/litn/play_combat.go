package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 G, the Combat Phase in play (issue 10; docs/litn-play-combat.md):
// the pure battle of combat*.go wired to the game.
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
//
// This file holds the phase's state and its steps; each part has its own
// file: play_combat_forces.go, play_combat_commands.go,
// play_combat_declare.go (attack, supply), play_combat_options.go,
// play_combat_retreat.go, play_combat_apply.go, play_combat_say.go and
// play_surprise.go (14.2).

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

// ----- the steps -----

// combatSteps: G1 opens the battles and waits for them (10); G2
// flips the wagons that supplied combat (9.2).
func combatSteps() []stepHooks {
	return []stepHooks{
		{ID: StepCombat, Begin: combatBegin, Wait: combatWait},
		{ID: StepDepletion, Begin: depletionBegin},
	}
}

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
