package litn_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// 002 14.2 Surprise Attacks in play (optional rule), on scenario 1's
// fixture sheets and the fixture charts (INVENTED FOR TESTS), with scripted
// dice. docs/litn-play-combat.md.

// lsPlay starts scenario 1 with the options, the printed values declared
// (invented; leaders and cavalry 2 MP, so that the move into Hooker's hex
// across a ridge, 2 + 1 for the enemy, needs force march: 8.6 and the
// issue 22 ruling, a force march is MPs beyond the allowance), Hooker
// placed in 1626 next to Jackson's hex, and goes on to the Confederate
// Movement Phase (D).
func lsPlay(t *testing.T, opts litn.Options) *litnPlay {
	t.Helper()
	p := newLITNPlay(t, "litn-1-frederick-to-antietam", opts)
	ma := map[string]int{}
	for k, v := range lmMA {
		ma[k] = v
	}
	ma["leader"], ma["cavalry"] = 2, 2
	p.do(litn.Declare{By: lpUmpire, BasicMA: ma, Year: map[string]int{"command-point": 0, "broadcast": 0}})
	p.g = p.g.Apply(&engine.StepBegun{By: lpUmpire, Turn: p.g.Turn, Step: litn.StepInitiative})
	p.g = p.g.Apply(&litn.FirstChosen{By: lpUmpire, Turn: p.g.Turn, Chooser: engine.CSA, First: engine.CSA})
	lmPlace(p, map[string]string{"usa.hooker": "1626"})
	lmToMovement(t, p)
	return p
}

// lsMarch is the force march into Hooker's hex: 3 MP, beyond the 2 of
// lsPlay's allowance.
const lsMarch = "1626 ridge"

func lsMove(p *litnPlay, units, path string, march bool) litn.MoveCmd {
	return litn.MoveCmd{By: lpLee, Units: strings.Split(units, ","), Path: lmPath(p.t, path), ForceMarch: march, Map: p.m, Library: p.lib}
}

func lsAttack(p *litnPlay, by engine.Actor, hex string, surprise, decline bool) litn.Attack {
	return litn.Attack{By: by, Hex: hex, Surprise: surprise, Decline: decline, Library: p.lib}
}

// lsSays is everything an audience hears of the events.
func lsSays(g engine.GameState, evs []engine.Event, to string) string {
	var out []string
	for _, e := range evs {
		if s := lmSays(g, e, to); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, "\n")
}

// 14.2 in play: Jackson and Fitz Lee force march into Hooker's hex; a
// surprise attempt waits for the Union's reaction; Hooker fails to react
// (6 > his initiative 2); the die 1 is less than Jackson's initiative 3:
// the battle is fought at once (two rounds, the defender silent in the
// first, one column right), its results applied, its retreat made in the
// Movement Phase, the attackers held for the rest of the phase, and each
// side told only its own part.
func TestLITNSurpriseAttackInPlay(t *testing.T) {
	p := lsPlay(t, litn.Options{SurpriseAttacks: true})
	p.refuse(lsAttack(p, lpLee, "1626", true, false), "litn.surprise.move") // nothing has moved yet
	p.do(lsMove(p, "Jackson,Fitz Lee", lsMarch, true), 1)                   // force-march loss roll: none
	p.refuse(lsAttack(p, lpLee, "1626", true, false), "litn.surprise.wait")
	p.refuse(lsAttack(p, lpUnion, "1626", true, false), "litn.surprise.side")
	p.refuse(lsAttack(p, lpLee, "1626", false, true), "litn.surprise.decline")
	p.refuse(lsAttack(p, lpLee, "1626", true, true), "litn.surprise.decline")
	withUnits := lsAttack(p, lpLee, "1626", true, false)
	withUnits.Units = []string{"Fitz Lee"}
	p.refuse(withUnits, "litn.surprise.units")
	p.do(litn.ReactCmd{By: lpUnion, Units: []string{"Hooker"}, Map: p.m, Library: p.lib}, 6) // fails to react
	// The surprise roll 1 (< 3), commitments 3+3 and 3+3, then 2s: round 1
	// the attacker alone fires (2 hits), the Union's check holds; round 2
	// both fire (2 hits each); Fitz Lee's force is demoralized.
	evs := p.do(lsAttack(p, lpLee, "1626", true, false), 1, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2)
	if len(evs) != 2 {
		t.Fatalf("events %+v", evs)
	}
	sr, ok := evs[0].(*litn.SurpriseRolled)
	if !ok || !sr.Succeeds || sr.Initiative != 3 || sr.Leader != "Jackson" || sr.Roll.Natural != 1 {
		t.Fatalf("roll %+v", evs[0])
	}
	bf, ok := evs[1].(*litn.BattleFought)
	if !ok || !bf.Battle.Surprise || bf.Attacker != engine.CSA {
		t.Fatalf("battle %+v", evs[1])
	}
	res := bf.Result
	if res.Rounds != "2" || len(res.Fought) != 2 || res.OptionsLookup != nil || len(res.Commitment[1].Roll.Modifiers) != 0 {
		t.Fatalf("rounds %q fought %d commitment %+v", res.Rounds, len(res.Fought), res.Commitment)
	}
	if r1 := res.Fought[0]; r1.Fire[1].Silent == "" || r1.Fire[0].Rolls[0].Shift != 1 {
		t.Fatalf("round 1 %+v", r1.Fire)
	}
	p.strength(map[string]int{"csa.fitz-lee": 2, "usa.hooker": 10})
	p.demoralized("csa.fitz-lee")
	if v := litn.Of(p.g).LITN.Combat.Victories; len(v) != 1 || v[0].Hex != "1626" || v[0].Winner != engine.USA || v[0].Major {
		t.Fatalf("victories %+v", v)
	}
	b, ok := litn.Of(p.g).SurpriseBattleAt("1626")
	if !ok || len(b.Due) != 1 || b.Due[0].Side != engine.CSA {
		t.Fatalf("surprise battle %+v", b)
	}
	if _, ok := litn.Of(p.g).BattleAt("1626"); ok {
		t.Fatal("a Combat Phase battle was opened in the Movement Phase")
	}
	// Secrecy (2.5): the table sees the attempt, its outcome, the
	// demoralization, the retreat due and the victory; each side its own
	// commitment, fire and losses; the roll against Jackson's initiative is
	// the Confederate's.
	all, csa, usa := lsSays(p.g, evs, "all"), lsSays(p.g, evs, "csa"), lsSays(p.g, evs, "usa")
	for _, want := range []string{"attempts a surprise attack with Jackson, Fitz Lee", "it succeeds", "Surprise attack in 1626", "Confederate must retreat", "minor victory"} {
		if !strings.Contains(all, want) {
			t.Errorf("the table misses %q: %s", want, all)
		}
	}
	for _, secret := range []string{"initiative", "committed", "now 10", "now 2", "rolled", "Hooker 4", "Fitz Lee 2"} {
		if strings.Contains(all, secret) {
			t.Errorf("the table hears %q: %s", secret, all)
		}
	}
	if !strings.Contains(csa, "Jackson's initiative 3") || !strings.Contains(csa, "Fitz Lee 2 (now 2)") || strings.Contains(csa, "Hooker 4 (now 10)") {
		t.Errorf("csa: %s", csa)
	}
	if strings.Contains(usa, "initiative 3") || strings.Contains(usa, "Fitz Lee 2 (now 2)") || !strings.Contains(usa, "Hooker 4 (now 10)") || !strings.Contains(usa, "you do not fire") {
		t.Errorf("usa: %s", usa)
	}
	// The attackers may not move again this phase; no second attempt.
	p.refuse(lsMove(p, "Fitz Lee", "1625", false), "litn.move.surprise")
	p.refuse(lsMove(p, "Jackson", "1625", false), "litn.move.surprise")
	p.refuse(lsAttack(p, lpLee, "1626", true, false), "litn.surprise.again")
	// The retreat due is made at once, in the Movement Phase (10.6).
	p.refuse(litn.RetreatOrder{By: lpUnion, Hex: "1626", Path: []string{"1627"}, Map: p.m}, "litn.retreat")
	p.do(litn.RetreatOrder{By: lpLee, Hex: "1626", Units: []string{"Fitz Lee", "Jackson"}, Path: []string{"1625"}, Costs: []int{4}, Map: p.m})
	p.where(map[string]string{"csa.fitz-lee": "1625", "csa.jackson": "1625", "usa.hooker": "1626"})
	p.refuse(lsMove(p, "Fitz Lee", "1624", false), "litn.move.surprise")
	// Other units still move.
	p.do(lsMove(p, "Hood", "1624", false))
	lsRoundTrip(t, p.log)
}

func lsRoundTrip(t *testing.T, evs []engine.Event) {
	t.Helper()
	n := 0
	for _, e := range evs {
		switch e.(type) {
		case *litn.SurpriseRolled, *litn.NoReaction, *litn.BattleFought:
		default:
			continue
		}
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := litnRules.DecodeEvent(typ, data)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		if !reflect.DeepEqual(back, e) {
			t.Errorf("%s: %+v\nread back as %+v", typ, e, back)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no 14.2 events")
	}
}

// The other player's word that he does not react lets the attempt go on;
// a die not less than the initiative fails: no battle, nothing changes but
// the record, and the Union hears only that it failed.
func TestLITNSurpriseNoReactionFails(t *testing.T) {
	p := lsPlay(t, litn.Options{SurpriseAttacks: true})
	p.do(lsMove(p, "Jackson,Fitz Lee", lsMarch, true), 1)
	evs := p.do(lsAttack(p, lpUnion, "1626", false, true))
	if nr, ok := evs[0].(*litn.NoReaction); !ok || nr.Side != engine.USA || !strings.Contains(lsSays(p.g, evs, "all"), "does not react") {
		t.Fatalf("%+v", evs)
	}
	p.refuse(lsAttack(p, lpUnion, "1626", false, true), "litn.surprise.decline") // said once
	evs = p.do(lsAttack(p, lpLee, "1626", true, false), 3)                       // 3 is not less than 3
	sr, ok := evs[0].(*litn.SurpriseRolled)
	if len(evs) != 1 || !ok || sr.Succeeds {
		t.Fatalf("%+v", evs)
	}
	p.strength(map[string]int{"csa.fitz-lee": 4, "usa.hooker": 14})
	if all := lsSays(p.g, evs, "all"); !strings.Contains(all, "it fails") || strings.Contains(all, "rolled") {
		t.Errorf("table: %s", all)
	}
	if usa := lsSays(p.g, evs, "usa"); usa != "" {
		t.Errorf("usa hears the roll: %s", usa)
	}
	if _, ok := litn.Of(p.g).SurpriseBattleAt("1626"); ok {
		t.Error("a failed attempt fought a battle")
	}
	p.refuse(lsAttack(p, lpLee, "1626", true, false), "litn.surprise.again")
	// Not a surprise attack: the 8.3 stop holds them, as usual.
	p.refuse(lsMove(p, "Fitz Lee", "1625", false), "litn.move.ended")
	lsRoundTrip(t, p.log)
}

// Refusals: the option off, a move without force march, a successful
// reaction, a later move, the umpire acting for a side.
func TestLITNSurpriseRefusals(t *testing.T) {
	off := lsPlay(t, litn.Options{})
	off.do(lsMove(off, "Jackson,Fitz Lee", lsMarch, true), 1)
	off.refuse(lsAttack(off, lpLee, "1626", true, false), "litn.surprise.off")
	off.refuse(lsAttack(off, lpUnion, "1626", false, true), "litn.attack.step")

	walk := lsPlay(t, litn.Options{SurpriseAttacks: true})
	walk.do(lsMove(walk, "Jackson,Fitz Lee", "1626", false))
	walk.do(lsAttack(walk, lpUnion, "1626", false, true))
	walk.refuse(lsAttack(walk, lpLee, "1626", true, false), "litn.surprise.march")

	// Force march asked for, but the move (2 MP) is within the allowance
	// (2): nobody force marched, so no loss roll and no surprise attack
	// (8.6, 14.2: "He force marches units into an enemy-occupied hex";
	// the issue 22 ruling).
	within := lsPlay(t, litn.Options{SurpriseAttacks: true})
	within.do(lsMove(within, "Jackson,Fitz Lee", "1626", true))
	within.do(lsAttack(within, lpUnion, "1626", false, true))
	within.refuse(lsAttack(within, lpLee, "1626", true, false), "litn.surprise.march")

	// Hooker reacts (1 <= 2), may leave (1), and stays: he reacted.
	reacted := lsPlay(t, litn.Options{SurpriseAttacks: true})
	reacted.do(lsMove(reacted, "Jackson,Fitz Lee", lsMarch, true), 1)
	reacted.do(litn.ReactCmd{By: lpUnion, Units: []string{"Hooker"}, Map: reacted.m, Library: reacted.lib}, 1, 1)
	reacted.refuse(lsAttack(reacted, lpLee, "1626", true, false), "litn.surprise.reacted")

	// Another move first: the attempt is no longer "immediate".
	later := lsPlay(t, litn.Options{SurpriseAttacks: true})
	later.do(lsMove(later, "Jackson,Fitz Lee", lsMarch, true), 1)
	later.do(lsAttack(later, lpUnion, "1626", false, true))
	later.do(lsMove(later, "Hood", "1624", false))
	later.refuse(lsAttack(later, lpLee, "1626", true, false), "litn.surprise.move")

	// The umpire may give the Union's word (side:usa) and roll for Lee.
	ump := lsPlay(t, litn.Options{SurpriseAttacks: true})
	ump.do(lsMove(ump, "Jackson,Fitz Lee", lsMarch, true), 1)
	word := lsAttack(ump, lpUmpire, "1626", false, true)
	word.Side = engine.USA
	ump.do(word)
	ump.do(lsAttack(ump, lpUmpire, "1626", true, false), 5)
}

// 14.2: "If both sides have units in the hex at the start of the Combat
// Phase, combat may occur there as usual": after a surprise attack that
// neither side retreats from, G1 opens the battle, and the surprise
// attack's losses count with the turn's for 10.8.
func TestLITNSurpriseThenCombatPhase(t *testing.T) {
	p := lsPlay(t, litn.Options{SurpriseAttacks: true, LeaderCasualties: true})
	p.do(lsMove(p, "Jackson,Fitz Lee", lsMarch, true), 1)
	p.do(lsAttack(p, lpUnion, "1626", false, true))
	evs := p.do(lsAttack(p, lpLee, "1626", true, false), 2, 3, 3, 3, 3, 1, 1, 1, 1, 1)
	if bf := evs[1].(*litn.BattleFought); !bf.Battle.LeaderCasualties || len(bf.Result.Retreats) != 0 {
		t.Fatalf("battle %+v", bf)
	}
	p.strength(map[string]int{"csa.fitz-lee": 3, "usa.hooker": 12})
	f := litn.Of(p.g).LITN.Combat.Fought["1626"]
	if f.Turn != p.g.Turn || f.NonMilitia[engine.CSA] != 1 || f.NonMilitia[engine.USA] != 2 {
		t.Fatalf("10.8 record %+v", f)
	}
	p.next(true, 4, 4) // E: the Union's Command Point rolls
	p.next(true)
	p.next(true)
	p.at(litn.StepCombat)
	b, ok := litn.Of(p.g).BattleAt("1626")
	if !ok || b.Fought || b.First != engine.CSA {
		t.Fatalf("G1 battle %+v", b)
	}
	if _, ok := litn.Of(p.g).SurpriseBattleAt("1626"); ok {
		t.Error("the surprise battle outlived its Movement Phase")
	}
	if bt := litn.Of(p.g).BattleOf(b); bt.Surprise {
		t.Error("the Combat Phase battle is a surprise attack")
	}
}
