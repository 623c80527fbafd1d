package lrtg

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// codedCombat is an INVENTED chart for tests (not the publisher's): one
// cell for every roll, with extra letters (the effects a group's
// gcacw.combat-codes would give them; the letters are made up).
type codedCombat struct {
	att, def           string
	attCodes, defCodes []ResultCode
}

func (c codedCombat) Combat(att, def float64, diff int) (CombatResult, CombatResult, string, string, string, error) {
	r, err := c.CombatLookup(att, def, diff)
	return r.Attacker.Result, r.Defender.Result, r.Row, r.AttackerColumn, r.DefenderColumn, err
}

func (c codedCombat) CombatLookup(_, _ float64, diff int) (CombatReading, error) {
	a, _ := ParseCombatResult(c.att)
	d, _ := ParseCombatResult(c.def)
	return CombatReading{Diff: diff, Row: "any", AttackerColumn: "A any", DefenderColumn: "D any",
		Attacker: ChartResult{Result: a, Codes: c.attCodes}, Defender: ChartResult{Result: d, Codes: c.defCodes}}, nil
}

var (
	codeExhaust    = ResultCode{Letter: "E", Effect: CodeExhaust}
	codeDemoralize = ResultCode{Letter: "M", Effect: CodeDemoralize}
	codeAdvance    = ResultCode{Letter: "Q", Effect: CodeAdvance}
	codeUmpire     = ResultCode{Letter: "X", Effect: CodeUmpire}
	codeNone       = ResultCode{Letter: "N", Effect: CodeNone}
)

// codedBattle settles Hood's march attack on Barnes and Ayres on the chart.
func codedBattle(t *testing.T, g Game, c codedCombat) (Game, *AttackSettled, *CombatApplied) {
	t.Helper()
	charts := &AttackCharts{Chart: c}
	cmd := declare("csa.hood")
	cmd.Charts = charts
	g, _ = acDo(t, g, cmd, engine.Script())
	g, evs := acDo(t, g, AnswerAttack{By: meade, Charts: charts}, engine.Script(3, 3))
	return g, evs[len(evs)-2].(*AttackSettled), evs[len(evs)-1].(*CombatApplied)
}

// exhaust and demoralize: applied with the result, in the same record,
// to the units left on the map of the side whose result carries them;
// a rout and the letter demoralize once.
func TestChartLettersExhaustDemoralize(t *testing.T) {
	g := atkGame(t, opts())
	g = edit(g, "usa.ayres", func(u *engine.UnitState) { u.Manpower, u.Status.Exhausted = 1, true })
	g = edit(g, "usa.barnes", func(u *engine.UnitState) { u.Status.Demoralization = 1 })
	// "2" falls on Barnes (6) first, then... Barnes 6 → 4; Ayres keeps 1.
	g, s, a := codedBattle(t, g, codedCombat{att: "-", def: "2", attCodes: []ResultCode{codeNone}, defCodes: []ResultCode{codeExhaust, codeDemoralize}})
	if len(s.DefCodes) != 2 || len(a.Sides[1].Codes) != 2 || a.Sides[0].Codes[0] != codeNone {
		t.Fatalf("codes %+v / %+v", s, a.Sides)
	}
	b, y, h := g.Units["usa.barnes"], g.Units["usa.ayres"], g.Units["csa.hood"]
	if !b.Status.Exhausted || b.Status.Demoralization != 2 || !y.Status.Exhausted || y.Status.Demoralization != 1 || b.Manpower != 4 {
		t.Errorf("Barnes %+v, Ayres %+v", b, y)
	}
	if h.Status.Exhausted || h.Status.Demoralization != 0 {
		t.Errorf("the attacker's N did something: %+v", h)
	}
	for _, c := range a.Sides[1].Units {
		if c.Unit == "usa.ayres" && c.Exhausted {
			t.Errorf("Ayres was exhausted already: %+v", c)
		}
		if c.Unit == "usa.barnes" && (!c.Exhausted || c.DemoralizationTo != 2) {
			t.Errorf("Barnes's change %+v", c)
		}
	}
	// A rout with the letter: one level, once; an eliminated unit nothing.
	g2 := atkGame(t, opts())
	g2 = edit(g2, "usa.ayres", func(u *engine.UnitState) { u.Manpower = 1 })
	g2, _, a2 := codedBattle(t, g2, codedCombat{att: "-", def: "6R", defCodes: []ResultCode{codeDemoralize, codeExhaust}})
	if b := g2.Units["usa.barnes"]; b.Status.Demoralization != 1 || !b.Status.Exhausted {
		t.Errorf("routed Barnes %+v", b)
	}
	if y := g2.Units["usa.ayres"]; !y.Eliminated || y.Status.Exhausted {
		t.Errorf("Ayres %+v (%+v)", y, a2.Sides[1])
	}
	// One record: the battle cannot be applied again.
	acRefused(t, g2, AnswerAttack{By: ump, Battle: 1, Charts: fakeCharts()}, "attack.settled")
}

// advance: the side may advance without a retreat; an attacker that
// marched moves once more, and a defender moves in the enemy's action.
func TestChartLetterAdvance(t *testing.T) {
	g := atkGame(t, opts())
	there := mv(lee, at(10, 0), "csa.hood")
	there.Path = []engine.Hex{at(10, 1), at(10, 0)} // out and back: Hood has marched
	g, _ = wantMove(t, g, there)
	wantRule(t, g, marched(g, mv(lee, at(10, 1), "csa.hood")), "move.again", "003 4")
	g, _, _ = codedBattle(t, g, codedCombat{att: "-", def: "1", attCodes: []ResultCode{codeAdvance}})
	if !g.advancing("csa.hood") || g.advancing("usa.barnes") {
		t.Fatalf("advance %+v", g.Movement)
	}
	if len(g.RetreatsOwed()) != 0 {
		t.Errorf("no retreat, yet %+v", g.RetreatsOwed())
	}
	moved, _ := wantMove(t, g, marched(g, mv(lee, at(10, 1), "csa.hood")))
	wantRule(t, moved, marched(moved, mv(lee, at(10, 0), "csa.hood")), "move.again", "003 4")
	// Without the letter and without a retreat: no advance.
	plain := atkGame(t, opts())
	plain, _, _ = codedBattle(t, plain, codedCombat{att: "-", def: "1"})
	if plain.advancing("csa.hood") {
		t.Errorf("an advance without a letter or a retreat")
	}
	// The defender's letter: Barnes and Ayres may advance in the CSA's action.
	d := atkGame(t, opts())
	d, _, _ = codedBattle(t, d, codedCombat{att: "1", def: "-", defCodes: []ResultCode{codeAdvance}})
	if !d.advancing("usa.barnes") || d.advancing("csa.hood") {
		t.Fatalf("advance %+v", d.Movement)
	}
	wantMove(t, d, marched(d, mv(meade, at(12, 0), "usa.barnes")))
	wantRule(t, d, marched(d, mv(meade, at(41, 0), "usa.buford")), "move.activation", "003 4")
}

// umpire: owed to the umpire, on his log and in the waits (no deadline),
// until he records what he decided.
func TestChartLetterOwedToTheUmpire(t *testing.T) {
	g := atkGame(t, opts())
	g, s, _ := codedBattle(t, g, codedCombat{att: "-", def: "1", defCodes: []ResultCode{codeUmpire}})
	if len(s.DefCodes) != 1 || len(g.Attacks.Owed) != 1 || g.Attacks.Owed[0].Role != Defender || g.Attacks.Owed[0].Side != engine.USA {
		t.Fatalf("owed %+v", g.Attacks.Owed)
	}
	want := "the umpire to apply battle #1's X for the defender (USA), which the loaded chart leaves to him (/attack rule battle:1 note:<what you decided>)"
	if w := strings.Join(actionWait(g), "; "); !strings.Contains(w, want) {
		t.Errorf("waits %s", w)
	}
	for _, o := range g.Kernel().Owing() {
		if strings.Contains(strings.Join(o.What, ";"), "battle #1's X") {
			t.Errorf("a player owes the umpire's letter: %+v", o)
		}
	}
	var owed []UnitLogEntry
	for _, e := range g.UnitLog() {
		if e.Kind == LogOwed {
			owed = append(owed, e)
		}
	}
	if len(owed) != 1 || owed[0].Attack != 1 || owed[0].Letters[0] != "X" || owed[0].For != engine.USA || owed[0].Side != "" {
		t.Fatalf("log %+v", owed)
	}
	// The action may end (the letter is the umpire's, not a retreat); the
	// wait stays, even when both sides have passed.
	g, _ = acDo(t, g, EndAction{By: lee}, engine.Script(6, 1))
	g, _ = acDo(t, g, PassAction{By: lee}, engine.Script())
	g, _ = acDo(t, g, PassAction{By: meade}, engine.Script())
	if w := strings.Join(actionWait(g), "; "); !strings.Contains(w, want) {
		t.Errorf("after both passes, waits %s", w)
	}
	acRefused(t, g, RuleAttack{By: lee, Note: "x"}, "attack.umpire")
	acRefused(t, g, RuleAttack{By: ump}, "attack.note")
	acRefused(t, g, RuleAttack{By: ump, Battle: 2, Note: "x"}, "attack.owed", "#1")
	g, evs := acDo(t, g, RuleAttack{By: ump, Note: "Barnes loses his artillery"}, engine.Script())
	if r := evs[0].(*AttackRuled); r.N != 1 || r.Letters[0] != "X" {
		t.Errorf("ruled %+v", r)
	}
	if len(g.Attacks.Owed) != 0 || len(actionWait(g)) != 0 {
		t.Errorf("owed %+v, waits %q", g.Attacks.Owed, actionWait(g))
	}
	if l := g.UnitLog(); l[len(l)-1].Kind != LogRuled || l[len(l)-1].Reason != "Barnes loses his artillery" {
		t.Errorf("log %+v", l[len(l)-1])
	}
	acRefused(t, g, RuleAttack{By: ump, Note: "again"}, "attack.owed")
}
