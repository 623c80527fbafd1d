package lrtg

import (
	"math/rand/v2"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// randomCombat is an INVENTED chart for the property test: its results
// are drawn at random from 000's grammar; nothing here is the publisher's.
type randomCombat struct{ r *rand.Rand }

var randomResults = []string{"-", "1", "2f", "3Dr", "R", "1R*", "F", "9D", "20Dr", "2FDR"}

func (c randomCombat) Combat(att, def float64, diff int) (CombatResult, CombatResult, string, string, string, error) {
	r, err := c.CombatLookup(att, def, diff)
	return r.Attacker.Result, r.Defender.Result, r.Row, r.AttackerColumn, r.DefenderColumn, err
}

// randomCodes are invented extra letters, one of each effect.
var randomCodes = []ResultCode{{"E", CodeExhaust}, {"M", CodeDemoralize}, {"Q", CodeAdvance}, {"X", CodeUmpire}, {"N", CodeNone}}

// CombatLookup draws both results and, for each, any of the extra letters
// (attack_codes.go): the same draw the battle applies.
func (c randomCombat) CombatLookup(_, _ float64, diff int) (CombatReading, error) {
	r := CombatReading{Diff: diff, Row: "row", AttackerColumn: "A", DefenderColumn: "D"}
	for _, into := range []*ChartResult{&r.Attacker, &r.Defender} {
		into.Result, _ = ParseCombatResult(randomResults[c.r.IntN(len(randomResults))])
		for _, code := range randomCodes {
			if c.r.IntN(4) == 0 {
				into.Codes = append(into.Codes, code)
			}
		}
	}
	return r, nil
}

// Conservation: whatever the units, statuses, dice and results (the
// chart's extra letters too), no manpower appears or vanishes but what
// the results take; the VP and the army morale losses count exactly that;
// no unit goes below nothing, and a unit at nothing is eliminated. The
// letters do what they say and no more: exhausted only by an exhaust
// letter, demoralization one level at most (a rout or a demoralize
// letter), never past 2; an umpire letter owed once per side.
func TestAttackConservesManpower(t *testing.T) {
	base := atkGame(t, opts())
	rng := rand.New(rand.NewPCG(21, 1863))
	ids := []string{"csa.hood", "csa.mclaws", "usa.barnes", "usa.ayres"}
	for i := range 300 {
		g := base
		for _, id := range ids {
			g = edit(g, id, func(u *engine.UnitState) {
				u.Manpower = 1 + rng.IntN(16)
				u.Fatigue = rng.IntN(5)
				u.Status.Disorganized = rng.IntN(3) == 0
				u.Status.Entrenchment = rng.IntN(3)
				u.Status.Demoralization = rng.IntN(3)
			})
		}
		charts := &AttackCharts{Chart: randomCombat{rng}, Disorganized: []string{DisorganizedHalf, DisorganizedFull}[rng.IntN(2)]}
		attackers := [][]string{{"csa.hood"}, {"csa.mclaws"}, {"csa.hood", "csa.mclaws"}}[rng.IntN(3)]
		cmd := declare(attackers...)
		cmd.Charts = charts
		g, _ = acDo(t, g, cmd, engine.Script())
		before, vp, aop, csa := manpowerOnBoard(g), len(g.VP), g.Losses.AoP, g.Losses.CSA
		prior := g
		g, evs := acDo(t, g, AnswerAttack{By: meade, Charts: charts}, engine.Script(1+rng.IntN(6), 1+rng.IntN(6)))
		a := evs[len(evs)-1].(*CombatApplied)
		lost := map[engine.Side]int{}
		vps := 0
		for _, s := range a.Sides {
			lost[s.Side] += s.Lost
			vps += s.VP
			if s.Lost+s.Unabsorbed != s.Result.Loss {
				t.Fatalf("#%d: %s lost %d + %d unabsorbed for a loss of %d", i, s.Role, s.Lost, s.Unabsorbed, s.Result.Loss)
			}
		}
		if got := before - manpowerOnBoard(g); got != lost[engine.CSA]+lost[engine.USA] {
			t.Fatalf("#%d: manpower fell by %d, the results took %d (%+v)", i, got, lost[engine.CSA]+lost[engine.USA], a)
		}
		if g.Losses.AoP-aop != lost[engine.USA] || g.Losses.CSA-csa != lost[engine.CSA] {
			t.Fatalf("#%d: morale losses %+v for %v", i, g.Losses, lost)
		}
		sum := 0
		for _, e := range g.VP[vp:] {
			sum += e.VP
		}
		if sum != vps || vps != 2*lost[engine.USA]-3*lost[engine.CSA] {
			t.Fatalf("#%d: VP %d recorded, %d in the result, for %v", i, sum, vps, lost)
		}
		for _, id := range ids {
			u := g.Units[id]
			if u.Manpower < 0 || (u.Manpower == 0) != u.Eliminated && slicesHas(a, id) {
				t.Fatalf("#%d: %s %+v", i, id, u)
			}
		}
		owed := 0
		for _, s := range a.Sides {
			if hasCode(s.Codes, CodeUmpire) {
				owed++
			}
			for _, c := range s.Units {
				was, u := prior.Units[c.Unit].WithStatus(), g.Units[c.Unit].WithStatus()
				routed := s.Result.Retreat == "R" || s.Result.Retreat == "R*"
				if u.Status.Exhausted != (was.Status.Exhausted || hasCode(s.Codes, CodeExhaust) && !c.Eliminated) {
					t.Fatalf("#%d: %s exhausted %v → %v with %+v", i, c.Unit, was.Status.Exhausted, u.Status.Exhausted, s.Codes)
				}
				want := was.Status.Demoralization
				if !c.Eliminated && (routed || hasCode(s.Codes, CodeDemoralize)) {
					want = min(2, want+1)
				}
				if u.Status.Demoralization != want {
					t.Fatalf("#%d: %s demoralization %d → %d (%s, %+v)", i, c.Unit, was.Status.Demoralization, u.Status.Demoralization, s.Result, s.Codes)
				}
			}
		}
		if len(g.Attacks.Owed) != owed {
			t.Fatalf("#%d: %d letters owed to the umpire, %d sides carry one", i, len(g.Attacks.Owed), owed)
		}
	}
}

// slicesHas reports whether the result names the unit.
func slicesHas(a *CombatApplied, id string) bool {
	for _, s := range a.Sides {
		for _, c := range s.Units {
			if c.Unit == id {
				return true
			}
		}
	}
	return false
}
