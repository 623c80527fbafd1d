package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 14.2 Surprise Attacks (optional; docs/litn-play-combat.md) in play: a
// force that force marched into an enemy hex attacks at once, in the
// Movement Phase; its record, events, deciding and applying.

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

// movementStep reports whether a Movement Phase is under way (asked by
// LITN's combat decider: in a LITN game only).
func (g Game) movementStep() bool {
	if !g.Started {
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

// decideSurprise settles /litn attack in the Movement Phase (14.2): the
// other player's word that he does not react in the hex (decline:true),
// or the moving player's attempt (surprise:true): its conditions, the
// roll against the moving leader's initiative, and on a success the
// battle, fought at once. Refusals come in the order the steps are
// named.
func (g Game) decideSurprise(c Attack, d engine.Dice) ([]engine.Event, error) {
	if err := g.surpriseAllowed(c); err != nil {
		return nil, err
	}
	p := g.phase()
	if p == nil {
		return nil, engine.Illegal("litn.move.phase", "The Movement Phase has not begun", "The umpire begins the step with /phase next")
	}
	sc := surpriseCase{p: p, mover: g.PhaseSide(g.CurrentStep()), hex: strings.TrimSpace(c.Hex)}
	sc.side = g.SideOf(c.By)
	if g.IsUmpire(c.By) {
		sc.side = c.Side
		if sc.side == "" {
			sc.side = sideIf(c.Decline, engine.EnemyOf(sc.mover), sc.mover)
		}
	}
	if p.Last != nil && len(p.Last.Hexes) > 0 {
		sc.last = p.Last.Hexes[len(p.Last.Hexes)-1]
	}
	sc.rec, _ = g.surpriseHere(sc.hex)
	if sc.rec.Move != 0 && p.Last != nil && sc.rec.Move != p.Last.First {
		sc.rec = SurprisePlay{}
	}
	if !c.Surprise {
		return g.decideNoReaction(c, sc)
	}
	moving, err := g.surpriseMovers(sc)
	if err != nil {
		return nil, err
	}
	ev, bt, err := g.surpriseForces(c, sc, moving)
	if err != nil {
		return nil, err
	}
	return g.surpriseFight(c, d, ev, bt)
}

// surpriseCase is what decideSurprise reads once for its steps: the
// Movement Phase, the moving side, the side acting (the umpire's given
// or implied), the hex, the hex the last move ended in, and the hex's
// record of that move (a record of an earlier move is dropped).
type surpriseCase struct {
	p           *PhaseMoves
	mover, side engine.Side
	hex, last   string
	rec         SurprisePlay
}

// surpriseAllowed: the game plays optional rule 14.2, it is a Movement
// Phase, and the command names a hex and one intent, not units.
func (g Game) surpriseAllowed(c Attack) error {
	if !OptionsOf(g.Options).SurpriseAttacks {
		if !c.Surprise {
			return engine.Illegal("litn.attack.step", "Battles are declared in the Combat Phase (002 3.1 G, 10)", "Wait for step G1; in the Movement Phase this game has no surprise attacks (optional rule 14.2 is off)")
		}
		return engine.Illegal("litn.surprise.off", "This game does not play the optional rule 14.2 Surprise Attacks", "It is chosen when the game is created: /game new ... optional:14.2")
	}
	if err := g.needStep(c.By, "A surprise attack", StepFirstMove, StepSecondMove); err != nil {
		return err
	}
	if c.Surprise && c.Decline {
		return engine.Invalid("litn.surprise.decline", "Give surprise:true (the moving player) or decline:true (the other player: no reaction), not both", "002 14.2")
	}
	if c.Fortification || len(c.Units) > 0 {
		return engine.Invalid("litn.surprise.units", "A surprise attack is made by the units that force marched into the hex: no units: or fortification:", "Give hex: and surprise:true (002 14.2)")
	}
	return nil
}

// decideNoReaction: the other player's word that he does not react in
// the hex to the move that just entered it (14.2's second condition).
func (g Game) decideNoReaction(c Attack, sc surpriseCase) ([]engine.Event, error) {
	mover, s, hex, p := sc.mover, sc.side, sc.hex, sc.p
	if !c.Decline {
		return nil, engine.Illegal("litn.attack.step", "Battles are declared in the Combat Phase (002 3.1 G, 10)",
			fmt.Sprintf("In the Movement Phase the %s player may attempt a surprise attack (surprise:true), and the %s player may say he does not react (decline:true); 002 14.2", sideName(mover), sideName(engine.EnemyOf(mover))))
	}
	if s != engine.EnemyOf(mover) {
		return nil, engine.Illegal("litn.surprise.decline", "decline:true in the Movement Phase is the other player's word that he does not react", "To let a surprise attack go, just move on (002 14.2)")
	}
	if sc.last != hex || len(g.fighting(hex, s)) == 0 {
		return nil, engine.Illegal("litn.surprise.move", fmt.Sprintf("The last %s move did not enter %s, where you have combat units", sideName(mover), hex), "You say you do not react right after the enemy force marches into your hex (002 14.2)")
	}
	if sc.rec.NoReaction || sc.rec.Rolled {
		return nil, engine.Illegal("litn.surprise.decline", "That is already settled for "+hex, "")
	}
	return []engine.Event{&NoReaction{By: c.By, Turn: g.Turn, Step: g.CurrentStep(), Move: p.Last.First, Hex: hex, Side: s}}, nil
}

// surpriseMovers: the moving player attempts it once, right after his
// last move ended in the hex, with the units of that move, all of which
// force marched (14.2's first condition).
func (g Game) surpriseMovers(sc surpriseCase) ([]Unit, error) {
	mover, hex, p := sc.mover, sc.hex, sc.p
	if sc.side != mover {
		return nil, engine.Illegal("litn.surprise.side", fmt.Sprintf("Only the moving player, the %s, attempts a surprise attack in this Movement Phase", sideName(mover)), "002 14.2")
	}
	if sc.rec.Rolled {
		return nil, engine.Illegal("litn.surprise.again", "A surprise attack was already attempted in "+hex+" after this move", "The battle there waits for the Combat Phase (002 14.2)")
	}
	if sc.last != hex {
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
	return moving, nil
}

// surpriseForces: the enemy is in the hex and failed to react (14.2's
// second condition), a leader moved in (the roll is against his
// initiative), and some moving unit may attack (10.1, 10.6, 15.4); it
// returns the attempt's event and the battle it would fight.
func (g Game) surpriseForces(c Attack, sc surpriseCase, moving []Unit) (*SurpriseRolled, Battle, error) {
	mover, hex, p := sc.mover, sc.hex, sc.p
	enemy := engine.EnemyOf(mover)
	defenders := g.fighting(hex, enemy)
	if len(defenders) == 0 {
		return nil, Battle{}, engine.Illegal("litn.surprise.enemy", "No enemy combat unit is in "+hex, "002 14.2: a surprise attack is made in an enemy-occupied hex")
	}
	if err := g.surpriseReactions(p, hex, enemy, sc.rec); err != nil {
		return nil, Battle{}, err
	}
	leaders, _ := combatLeaders(moving)
	if len(leaders) == 0 {
		return nil, Battle{}, engine.Illegal("litn.surprise.leader", "No leader moved into "+hex, "002 14.2: the roll is against the highest-ranked moving leader's initiative")
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
		return nil, Battle{}, engine.Illegal("litn.surprise.units", "None of the moving units in "+hex+" may attack (demoralized, disorganized or without strength)", "002 10.1, 10.6, 15.4")
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
	return ev, bt, nil
}

// surpriseFight: the battle is checked before the roll (a chart not
// loaded refuses it with no die rolled), the roll on the Surprise Attack
// Table, and on a success the battle fought at once (14.2, 10).
func (g Game) surpriseFight(c Attack, d engine.Dice, ev *SurpriseRolled, bt Battle) ([]engine.Event, error) {
	if c.Library == nil || c.Library.Table(TableSurprise) == nil {
		return nil, fmt.Errorf("litn: no table %s", TableSurprise)
	}
	charts := Charts{Library: c.Library, Loaded: g.LITN.Charts}
	vb := bt
	if err := vb.validate(charts); err != nil {
		return nil, err // a chart not loaded, Union artillery alone: refused before the roll
	}
	tr, err := c.Library.Table(TableSurprise).Roll(d, engine.Facts{"leader_initiative": ev.Initiative})
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
	fought := &BattleFought{Turn: g.Turn, Hex: ev.Hex, Attacker: ev.Side, Battle: bt, Result: *res, Killed: after.killed(ev.Hex, ev.Side, res)}
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
