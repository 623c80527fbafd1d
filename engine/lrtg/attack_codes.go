package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The Combat Chart's extra result letters applied (issue 21, item 4). A
// group's copy may print letters beyond 000's grammar and declare their
// effect in gcacw.combat-codes (docs/series-charts.md; charts_result.go):
// none, advance, exhaust, demoralize, umpire. A battle /attack settles
// applies them with its result, in the same CombatApplied (one battle,
// one record), to the side whose result carries the letter:
//
//   - exhaust: each of the side's units left on the map becomes exhausted
//     (UnitStatus.Exhausted, the counter's exhausted side that 000 reads:
//     18.2's fatigue table, 7.2's attachments);
//   - demoralize: each of its units left on the map rises one level of
//     demoralization, to at most 2 (000 15.1 2)-6) count levels 1 and 2),
//     as a rout does (choice A3); a result with both a rout and the
//     letter raises it one level, once (choice A5);
//   - advance: the side's units may advance, as attackers whose defenders
//     retreated may (MovementState.Advance, move_path.go afterCombat),
//     even without a retreat: each moves once more in the action;
//   - umpire: the engine cannot apply it: it is owed to the umpire (the
//     waits name it, his log has it) until he records what he decided
//     (/attack rule, RuleAttack);
//   - none: printed for information.

// codedChart is a Combat Chart that also gives the extra letters of the
// cells it reads (SeriesCharts does: CombatLookup).
type codedChart interface {
	CombatLookup(attCV, defCV float64, diff int) (CombatReading, error)
}

// hasCode reports whether the letters carry an effect.
func hasCode(codes []ResultCode, effect string) bool {
	return slices.ContainsFunc(codes, func(c ResultCode) bool { return c.Effect == effect })
}

// applyCodes works the letters' effects into one side's changes (before
// the fold applies them): exhausted, demoralized. u is each unit's state
// before the battle.
func (g Game) applyCodes(sa *CombatSideApplied, codes []ResultCode) {
	sa.Codes = codes
	for i := range sa.Units {
		ch := &sa.Units[i]
		if ch.Eliminated {
			continue
		}
		u := g.Units[ch.Unit].WithStatus()
		if hasCode(codes, CodeExhaust) && !u.Status.Exhausted {
			ch.Exhausted = true
		}
		if hasCode(codes, CodeDemoralize) {
			ch.DemoralizationTo = min(2, u.Status.Demoralization+1) // once with a rout (choice A5)
		}
	}
}

// UmpireOwed is an extra letter of a battle's result the loaded chart
// gives to the umpire: owed until he records what he decided.
type UmpireOwed struct {
	Battle  int         `json:"battle"`
	Turn    int         `json:"turn"`
	Role    string      `json:"role"` // Attacker or Defender: whose result carries it
	Side    engine.Side `json:"side"`
	Letters []string    `json:"letters"`
}

// owedOf are the umpire's letters of a settled battle's result.
func owedOf(e *CombatApplied) []UmpireOwed {
	var out []UmpireOwed
	for _, s := range e.Sides {
		var letters []string
		for _, c := range s.Codes {
			if c.Effect == CodeUmpire {
				letters = append(letters, c.Letter)
			}
		}
		if len(letters) > 0 {
			out = append(out, UmpireOwed{Battle: e.Attack, Turn: e.Turn, Role: s.Role, Side: s.Side, Letters: letters})
		}
	}
	return out
}

// RuleAttack is the umpire's record of what he decided for the letters a
// battle's result owes him (he applies it with /unit set, /move, /battle
// result, ...).
type RuleAttack struct {
	By     engine.Actor
	Battle int // 0: the one battle that owes him
	Note   string
}

// CommandName implements Command.
func (RuleAttack) CommandName() string { return "attack rule" }

// EventAttackRuled is AttackRuled's type.
const EventAttackRuled = "attack.ruled"

// AttackRuled records what the umpire decided for a battle's letters.
type AttackRuled struct {
	N       int          `json:"n"`
	By      engine.Actor `json:"by"`
	Letters []string     `json:"letters"`
	Note    string       `json:"note"`
}

// EventType implements Event.
func (*AttackRuled) EventType() string { return EventAttackRuled }

func (g Game) decideRuleAttack(cmd RuleAttack) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("attack.umpire", "Only the umpire records what he decided for a battle's letters", "Ask the umpire")
	}
	owed := g.Attacks.Owed
	var ns []string
	for _, o := range owed {
		if n := fmt.Sprintf("#%d", o.Battle); !slices.Contains(ns, n) {
			ns = append(ns, n)
		}
	}
	n := cmd.Battle
	switch {
	case len(owed) == 0:
		return nil, engine.Illegal("attack.owed", "No battle's result owes you a letter", "")
	case n == 0 && len(ns) > 1:
		return nil, engine.Invalid("attack.battle", fmt.Sprintf("%d battles owe you letters: %s", len(ns), strings.Join(ns, ", ")), "Name one with battle:<number>")
	case n == 0:
		n = owed[0].Battle
	case !slices.ContainsFunc(owed, func(o UmpireOwed) bool { return o.Battle == n }):
		return nil, engine.Invalid("attack.owed", fmt.Sprintf("Battle #%d owes you no letter", n), "These do: "+strings.Join(ns, ", "))
	}
	if strings.TrimSpace(cmd.Note) == "" {
		return nil, engine.Invalid("attack.note", fmt.Sprintf("Say what you decided for battle #%d's letters", n), "Add note:<what you decided and applied>")
	}
	ev := &AttackRuled{N: n, By: cmd.By, Note: strings.TrimSpace(cmd.Note)}
	for _, o := range owed {
		if o.Battle == n {
			ev.Letters = append(ev.Letters, o.Letters...)
		}
	}
	return []engine.Event{ev}, nil
}

// owedWaits are the waits of the letters owed to the umpire (attackWaits).
func (g Game) owedWaits() []string {
	var w []string
	for _, o := range g.Attacks.Owed {
		w = append(w, fmt.Sprintf("the umpire to apply battle #%d's %s for the %s (%s), which the loaded chart leaves to him (/attack rule battle:%d note:<what you decided>)",
			o.Battle, strings.Join(o.Letters, ", "), o.Role, sideName(o.Side), o.Battle))
	}
	return w
}
