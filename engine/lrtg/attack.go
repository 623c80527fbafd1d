package lrtg

import (
	"slices"

	"github.com/umpire-games/umpire/engine"
)

// Attacks settled by the umpire (issue 21, item 4): /attack declares an
// attack of the action under way (attack_declare.go), the defender's
// owner states his die-roll modifiers (or the umpire settles it, or a
// missed deadline answers "none"), and the umpire rolls both dice, reads
// the group's loaded Combat Chart and applies both sides' results at once
// with the printed-result machinery of /battle result (status.go
// combatSide, CombatApplied), the battle's number on the record so that
// one battle is applied once (attack_settle.go).
//
// Rules (seed 000 unless said):
//   - 10.2: "A marching unit may not attack during its march. Attacks of
//     all kinds are prohibited in an Activate Army Leader action."
//   - 19.3: an Out of Ammunition unit "which is also demoralized may not
//     attack" (optional rule 19).
//   - 31.3 (Jackson Lives): "The Confederate player adds 1 to his attack
//     roll if Jackson successfully undertakes an Assault Action", in
//     addition to the assault's own modifier (the copy's); 31.4: a 2-3
//     relapse result "Jackson may not conduct corps assaults", a 4-5
//     "Jackson does not get the +1 corps assault bonus".
//   - 15.2: Army Disorder, -1 to the side's attack rolls; Army Panic, -1
//     to all its combat rolls (003 ARMY MORALE: "Disordered 8-10 -1 on
//     attack rolls", "Panicked 11-13 -1 all combat rolls"; 004 the same,
//     Panic "-1 attack and defense rolls"). The states are the armies' as
//     last confirmed (records.go).
//   - 15.1 1): a corps with "a routed division or brigade" counts; the
//     morale records count a routed unit as a demoralized one (003 ARMY
//     MORALE: "currently containing a demoralized division or brigade").
//
// Choices where the seeds are silent (the Standardized Rules are not
// among them), each the umpire's to correct with /battle result or /unit
// set:
//   - A1. Attack types: "march" is made by units of an Activate action
//     (the unit activated, or the units of the activated leader's
//     command) from one hex; "assault" by units of an activated leader's
//     command that have not moved in the action, from any hexes next to
//     the defender.
//   - A2. Every enemy combat unit in the defender's hex defends; the
//     attack is declared on a hex where the attacker sees an enemy unit
//     (in limited intelligence every stack next to his units is in
//     contact, view.go V1): units there he could not see defend too, and
//     the battle reveals them (contact).
//   - A3. A rout (R, R*) raises each routed unit's demoralization one
//     level (to at most 2); a retreat or rout takes its entrenchment off
//     (the unit leaves it behind).
//   - A4. Losses fall on the unit with the most manpower first, as
//     /battle result's default does.

// Attack types (choice A1).
const (
	AttackMarch   = "march"
	AttackAssault = "assault"
)

// AttackTypes are the types /attack takes.
var AttackTypes = []string{AttackMarch, AttackAssault}

// StatedModifier is a modifier as a player (or the rules) states it for a
// battle: the name in the copy, its value, the die it modifies and who
// stated it (Attacker, Defender, StatedByUmpire, or StatedByRule with the
// rule's section).
type StatedModifier struct {
	Name     string `json:"name"`
	Value    int    `json:"value"`
	Side     string `json:"side"`      // Attacker or Defender: the die it modifies
	StatedBy string `json:"stated_by"` // Attacker, Defender, umpire or rule
	Rule     string `json:"rule,omitempty"`
	// Bare: named without a value (a command's, never recorded): a
	// modifier with one value takes it.
	Bare bool `json:"-"`
}

// StatedByRule marks a modifier the rules apply by themselves.
const StatedByRule = "rule"

// Battle is an attack declared and not yet applied.
type Battle struct {
	N     int          `json:"n"`
	Turn  int          `json:"turn"`
	Step  string       `json:"step,omitempty"`
	Phase int          `json:"phase,omitempty"`
	Side  engine.Side  `json:"side"` // the attacker's
	By    engine.Actor `json:"by"`
	Type  string       `json:"type"`
	Hex   engine.Hex   `json:"hex"`
	Ref   string       `json:"ref,omitempty"` // the defender's hex, printed
	// Leader is the leader whose activation the attack belongs to ("" a
	// unit's march).
	Leader    string           `json:"leader,omitempty"`
	Attackers []string         `json:"attackers"`
	Defenders []string         `json:"defenders"`
	Stated    []StatedModifier `json:"stated,omitempty"` // the attacker's word
	// Disorganized is how the attacker says his disorganized units count
	// when the copy does not say (DisorganizedHalf or DisorganizedFull).
	Disorganized string `json:"disorganized,omitempty"`
	// The defender's answer, once given.
	Answered        bool             `json:"answered,omitempty"`
	AnsweredBy      engine.Actor     `json:"answered_by,omitempty"`
	DefStated       []StatedModifier `json:"def_stated,omitempty"`
	DefDisorganized string           `json:"def_disorganized,omitempty"`
	// Fort is the Union permanent fort in the hex (000 9, forts.go).
	Fort *BattleFort `json:"fort,omitempty"`
}

// AppliedBattle is one side of a combat result applied, for the check
// that a battle is applied once (status.go decideCombat).
type AppliedBattle struct {
	Turn   int      `json:"turn"`
	Step   string   `json:"step,omitempty"`
	Phase  int      `json:"phase,omitempty"`
	Battle string   `json:"battle,omitempty"`
	Role   string   `json:"role"`
	Units  []string `json:"units"`
	Attack int      `json:"attack,omitempty"` // the battle's number when /attack settled it
}

// AttackState is the attacks module's state.
type AttackState struct {
	Next    int             `json:"next,omitempty"` // the last battle's number
	Pending []Battle        `json:"pending,omitempty"`
	Applied []AppliedBattle `json:"applied,omitempty"`
	// Settled are this turn's settlements, for /attack show (one whose
	// result an undo took back has no Applied record with its number).
	Settled []AttackSettled `json:"settled,omitempty"`
	// Owed are the letters of battles' results the loaded chart leaves to
	// the umpire, until he records what he decided (attack_codes.go).
	Owed []UmpireOwed `json:"owed,omitempty"`
}

// SettledThisTurn are the battles settled this turn whose results stand.
func (s AttackState) SettledThisTurn(turn int) []AttackSettled {
	var out []AttackSettled
	for _, b := range s.Settled {
		if b.Turn == turn && slices.ContainsFunc(s.Applied, func(r AppliedBattle) bool { return r.Attack == b.N }) {
			out = append(out, b)
		}
	}
	return out
}

// Battle returns the battle numbered n that waits to be settled.
func (s AttackState) Battle(n int) (Battle, bool) {
	for _, b := range s.Pending {
		if b.N == n {
			return b, true
		}
	}
	return Battle{}, false
}

// ---- Commands ----

// DeclareAttack declares an attack in the action under way.
type DeclareAttack struct {
	By     engine.Actor
	Units  []string // the attacking units
	Hex    engine.Hex
	Ref    string // the hex as printed, for the record
	Type   string // AttackMarch or AttackAssault
	Stated []StatedModifier
	// Disorganized: how the attacker's disorganized units count, when the
	// copy does not say.
	Disorganized string
	Charts       *AttackCharts // nil: the Combat Chart is not loaded
	// Data is the map (its forts, 000 9: forts.go); nil: none known.
	Data *engine.MoveData
}

// CommandName implements Command.
func (DeclareAttack) CommandName() string { return "attack declare" }

// AnswerAttack is the defender's answer to an attack: his modifiers (none
// is an answer); the umpire's settles the battle with the defender's
// answer or none, and may state the modifiers the copy gives the umpire.
// Without charts (a deadline's default) the answer is recorded and the
// umpire settles the battle.
type AnswerAttack struct {
	By           engine.Actor
	Battle       int // 0: the one battle pending
	Stated       []StatedModifier
	Disorganized string
	Charts       *AttackCharts
	// Divisions are the ids of the engaged units that are divisions in
	// the order of battle (optional rule 19.2, as ApplyCombat's).
	Divisions []string
	Reason    string
}

// CommandName implements Command.
func (AnswerAttack) CommandName() string { return "attack defend" }

// CancelAttack is the umpire's: a battle declared that cannot be settled
// (a copy of the chart the engine cannot read, a ruling) is called off,
// with his reason; he applies what he rules with /battle result.
type CancelAttack struct {
	By     engine.Actor
	Battle int
	Reason string
}

// CommandName implements Command.
func (CancelAttack) CommandName() string { return "attack cancel" }

// ---- Events ----

// Event types.
const (
	EventAttackDeclared  = "attack.declared"
	EventAttackAnswered  = "attack.answered"
	EventAttackSettled   = "attack.settled"
	EventAttackCancelled = "attack.cancelled"
)

// AttackCancelled records a battle the umpire called off.
type AttackCancelled struct {
	N      int          `json:"n"`
	By     engine.Actor `json:"by"`
	Reason string       `json:"reason"`
}

// EventType implements Event.
func (*AttackCancelled) EventType() string { return EventAttackCancelled }

// AttackDeclared records an attack declared.
type AttackDeclared struct {
	Battle Battle `json:"battle"`
}

// AttackAnswered records the defender's modifiers (his word), or a
// deadline's default of none.
type AttackAnswered struct {
	N            int              `json:"n"`
	By           engine.Actor     `json:"by"`
	Stated       []StatedModifier `json:"stated,omitempty"`
	Disorganized string           `json:"disorganized,omitempty"`
	Default      bool             `json:"default,omitempty"` // a missed deadline's answer
}

// UnitValue is what a unit gave its side's combat value.
type UnitValue struct {
	Unit         string  `json:"unit"`
	Manpower     int     `json:"manpower"`
	Disorganized bool    `json:"disorganized,omitempty"`
	Counted      float64 `json:"counted"`
	// Redoubt: a Union unit in a fort hex, counted x1.5 (000 9.4).
	Redoubt bool `json:"redoubt,omitempty"`
}

// AttackSettled explains a battle settled: the combat values and how they
// were counted, every modifier with who stated it, both dice, the
// difference, the chart's row and columns, and both results. The
// CombatApplied after it applies them.
type AttackSettled struct {
	N           int              `json:"n"`
	By          engine.Actor     `json:"by"`
	Turn        int              `json:"turn"`
	Type        string           `json:"type"`
	Ref         string           `json:"ref,omitempty"`
	AttSide     engine.Side      `json:"att_side"`
	Attackers   []UnitValue      `json:"attackers"`
	Defenders   []UnitValue      `json:"defenders"`
	AttValue    float64          `json:"att_value"`
	DefValue    float64          `json:"def_value"`
	AttCounting string           `json:"att_counting,omitempty"` // how disorganized units counted, and on whose word
	DefCounting string           `json:"def_counting,omitempty"`
	Modifiers   []StatedModifier `json:"modifiers,omitempty"`
	AttRoll     int64            `json:"att_roll"` // the numbers of the dice.rolled events
	DefRoll     int64            `json:"def_roll"`
	AttDie      int              `json:"att_die"`
	DefDie      int              `json:"def_die"`
	AttTotal    int              `json:"att_total"`
	DefTotal    int              `json:"def_total"`
	Diff        int              `json:"diff"`
	Row         string           `json:"row"`
	AttColumn   string           `json:"att_column"`
	DefColumn   string           `json:"def_column"`
	AttResult   CombatResult     `json:"att_result"`
	DefResult   CombatResult     `json:"def_result"`
	// AttCodes and DefCodes are the extra letters of the cells read
	// (gcacw.combat-codes: advance, exhaust, demoralize, umpire), applied
	// with the result in the CombatApplied after it (attack_codes.go).
	AttCodes     []ResultCode `json:"att_codes,omitempty"`
	DefCodes     []ResultCode `json:"def_codes,omitempty"`
	DefenderSide engine.Side  `json:"def_side"`
	// Fort is the Union permanent fort in the defender's hex (000 9.2-9.4,
	// forts.go): its intrinsic values, shown beside the column's value.
	Fort *BattleFort `json:"fort,omitempty"`
}

// EventType implements Event.
func (*AttackDeclared) EventType() string { return EventAttackDeclared }

// EventType implements Event.
func (*AttackAnswered) EventType() string { return EventAttackAnswered }

// EventType implements Event.
func (*AttackSettled) EventType() string { return EventAttackSettled }

// ---- The module ----

func attackModule() engine.Module {
	return engine.Module{Name: "attack",
		Commands: []engine.Command{DeclareAttack{}, AnswerAttack{}, CancelAttack{}, RuleAttack{}},
		Decide: claims(func(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
			switch c := cmd.(type) {
			case DeclareAttack:
				evs, err := g.decideDeclareAttack(c, d)
				return evs, true, err
			case AnswerAttack:
				evs, err := g.decideAnswerAttack(c, d)
				return evs, true, err
			case CancelAttack:
				evs, err := g.decideCancelAttack(c)
				return evs, true, err
			case RuleAttack:
				evs, err := g.decideRuleAttack(c) // attack_codes.go
				return evs, true, err
			}
			return nil, false, nil
		}),
		Events: []engine.Event{&AttackDeclared{}, &AttackAnswered{}, &AttackSettled{}, &AttackCancelled{}, &AttackRuled{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			switch e := e.(type) {
			case *AttackDeclared:
				g.Attacks.Next = max(g.Attacks.Next, e.Battle.N)
				g.Attacks.Pending = append(slices.Clone(g.Attacks.Pending), e.Battle)
				g.ForgetUndo() // 22.3: "once an attack is declared it cannot be rescinded"
			case *AttackAnswered:
				p := slices.Clone(g.Attacks.Pending)
				for i := range p {
					if p[i].N == e.N {
						p[i].Answered, p[i].AnsweredBy, p[i].DefStated, p[i].DefDisorganized = true, e.By, e.Stated, e.Disorganized
					}
				}
				g.Attacks.Pending = p
			case *AttackCancelled:
				g.Attacks.Pending = slices.DeleteFunc(slices.Clone(g.Attacks.Pending), func(b Battle) bool { return b.N == e.N })
			case *AttackRuled:
				g.Attacks.Owed = slices.DeleteFunc(slices.Clone(g.Attacks.Owed), func(o UmpireOwed) bool { return o.Battle == e.N })
			case *AttackSettled:
				// The explanation (the CombatApplied after it applies the
				// results), kept for the turn.
				kept := slices.DeleteFunc(slices.Clone(g.Attacks.Settled), func(b AttackSettled) bool { return b.Turn < e.Turn || b.N == e.N })
				g.Attacks.Settled = append(kept, *e)
			default:
				return g, false
			}
			return g, true
		}),
	}
}

// applied records a combat result applied (every CombatApplied, so that
// a battle is applied once) and takes a settled battle off the pending
// list. It folds inside the result's board action: an undo of the result
// puts the battle back.
func (s AttackState) applied(g Game, e *CombatApplied) AttackState {
	rec := AppliedBattle{Turn: e.Turn, Battle: e.Battle, Attack: e.Attack}
	if a, ok := g.cycle(); ok {
		rec.Step, rec.Phase = a.Step, a.Phase
	}
	out := slices.Clone(s.Applied)
	for _, side := range e.Sides {
		r := rec
		r.Role = side.Role
		for _, c := range side.Units {
			r.Units = append(r.Units, c.Unit)
		}
		out = append(out, r)
	}
	// The record serves the current action's checks: older turns' go.
	out = slices.DeleteFunc(out, func(r AppliedBattle) bool { return r.Turn < e.Turn })
	s.Applied = out
	if e.Attack != 0 {
		s.Pending = slices.DeleteFunc(slices.Clone(s.Pending), func(b Battle) bool { return b.N == e.Attack })
		if owed := owedOf(e); len(owed) > 0 { // attack_codes.go: the letters left to the umpire
			s.Owed = append(slices.Clone(s.Owed), owed...)
		}
	}
	return s
}
