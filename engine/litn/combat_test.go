package litn_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// LITN combat (002 10, 13, 14.2, 14.3) on the shipped chart slots and
// tables, with the invented fixture charts of engine/litn/testdata/combat-*
// (INVENTED FOR TESTS — not the printed charts) and scripted dice.

func cbtCharts(t *testing.T) litn.Charts {
	t.Helper()
	lib := litnLibrary(t)
	loaded := map[string]*engine.LoadedChart{}
	files, _ := filepath.Glob("testdata/combat-*.yaml")
	for _, f := range files {
		id, lc := litnFixture(t, lib, filepath.Base(f))
		loaded[id] = lc
	}
	if len(loaded) != 4 {
		t.Fatalf("%d fixture charts loaded, want 4", len(loaded))
	}
	return litn.Charts{Library: lib, Loaded: loaded}
}

func cbtLeader(name string, kind litn.LeaderKind, rank, command, bonus int) litn.Leader {
	return litn.Leader{Name: name, Kind: kind, Rank: rank, Command: command, Initiative: 2, CombatBonus: bonus}
}

func cbtInf(id string, strength int) litn.CombatUnit {
	return litn.CombatUnit{ID: id, Name: id, Type: litn.Infantry, Strength: strength}
}

func cbtForce(side engine.Side, l litn.Leader, units ...litn.CombatUnit) litn.Force {
	return litn.Force{Side: side, Leaders: []litn.Leader{l}, Units: units, Supplied: true}
}

// battle is a CSA attack on a Union force, each under a combat leader
// with command rating 2 and no combat bonus.
func cbtBattle(att, def int, ao, do litn.Option) litn.Battle {
	return litn.Battle{Hex: "2020",
		Attacker:       cbtForce(engine.CSA, cbtLeader("Hood", litn.CombatLeader, 2, 2, 0), cbtInf("hood", att)),
		Defender:       cbtForce(engine.USA, cbtLeader("Reno", litn.CombatLeader, 2, 2, 0), cbtInf("ix", def)),
		AttackerOption: ao, DefenderOption: do}
}

func cbtResolve(t *testing.T, b litn.Battle, c litn.Charts, d engine.Dice) *litn.BattleResult {
	t.Helper()
	res, err := litn.ResolveBattle(b, c, d)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func cbtMods(ms []engine.AppliedModifier) []int {
	out := []int{}
	for _, m := range ms {
		out = append(out, m.Value)
	}
	return out
}

func cbtEq(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func cbtFaces(n, f int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = f
	}
	return out
}

func cbtCode(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Code
	}
	return ""
}

// 10.3: every pair of options the rules allow, read on the Combat Options
// Chart slot, with each option's effect on commitment (10.3), on the
// combat roll (10.5), on the rounds and on the Withdraw retreat.
func TestLITNCombatOptionPairs(t *testing.T) {
	c := cbtCharts(t)
	optMod := map[litn.Option][]int{litn.Probe: {-1}, litn.Assault: {}, litn.Pitched: {1}, litn.Withdraw: {-1}, litn.Stand: {}}
	chart := c.Loaded[litn.SlotOptions]
	for i, ao := range litn.AttackerOptions() {
		for j, do := range litn.DefenderOptions() {
			t.Run(string(ao)+"/"+string(do), func(t *testing.T) {
				b := cbtBattle(40, 40, ao, do)
				b.Attacker.Wagons = []litn.Wagon{{ID: "w1"}}
				b.Defender.Wagons = []litn.Wagon{{ID: "w2"}}
				res := cbtResolve(t, b, c, engine.Script(cbtFaces(400, 3)...))
				want := chart.Cells[i][j]
				if res.Rounds != want || res.OptionsLookup.Chart != "litn.combat-options" || res.OptionsLookup.Row != string(ao) || res.OptionsLookup.Column != string(do) {
					t.Fatalf("options lookup %+v rounds %q, want %q", res.OptionsLookup, res.Rounds, want)
				}
				if len(res.Wagons) != 2 || res.Wagons[0].Roll.Table != "litn.wagon-depletion" || res.Wagons[0].Roll.Outcome != "not-depleted" {
					t.Errorf("wagons %+v", res.Wagons)
				}
				// 10.3: Pitched Battle +1, Probe and Withdraw -1 on the Commitment Table.
				for r, o := range []litn.Option{ao, do} {
					cm := res.Commitment[r]
					if cm.Roll.Chart != "litn.commitment" || !cbtEq(cbtMods(cm.Roll.Modifiers), optMod[o]) {
						t.Errorf("%d commitment modifiers %+v for %s", r, cm.Roll.Modifiers, o)
					}
				}
				// 10.5: the same on the Combat Results Table; +1 for the defender's fire.
				f := res.Fought[0].Fire
				if got := cbtMods(f[0].Rolls[0].Roll.Modifiers); !cbtEq(got, optMod[ao]) {
					t.Errorf("attacker fire modifiers %v", got)
				}
				if got := cbtMods(f[1].Rolls[0].Roll.Modifiers); !cbtEq(got, append([]int{}, append(optMod[do], 1)...)) && !cbtEq(got, append([]int{1}, optMod[do]...)) {
					t.Errorf("defender fire modifiers %v", got)
				}
				if f[0].Rolls[0].Roll.Chart != "litn.combat-results" {
					t.Errorf("fire chart %s", f[0].Rolls[0].Roll.Chart)
				}
				last := res.Fought[len(res.Fought)-1]
				switch want {
				case "1", "2":
					if len(res.Fought) != int(want[0]-'0') || res.Demoralized[0] || res.Demoralized[1] {
						t.Errorf("%d rounds fought, demoralized %v", len(res.Fought), res.Demoralized)
					}
				case "U":
					if !res.Demoralized[0] && !res.Demoralized[1] {
						t.Errorf("U ended after %d rounds without demoralization", len(res.Fought))
					}
					if last.Demoralization[0] == nil && last.Demoralization[1] == nil {
						t.Errorf("no check in the last round")
					}
				}
				withdrew := false
				for _, r := range res.Retreats {
					withdrew = withdrew || (r.Role == litn.Def && r.Reason == litn.RetreatWithdraw)
				}
				if withdrew != (do == litn.Withdraw) {
					t.Errorf("retreats %+v", res.Retreats)
				}
				if want != "U" && do != litn.Withdraw && (len(res.Retreats) != 0 || res.Victory != nil) {
					t.Errorf("nobody should retreat: %+v", res.Retreats)
				}
				if do == litn.Withdraw && (res.Victory == nil || res.Victory.Winner != litn.Att || res.Victory.Major) {
					t.Errorf("victory %+v", res.Victory)
				}
				if !strings.Contains(strings.Join(res.Log, "\n"), "(litn.combat-options) row "+string(ao)) {
					t.Errorf("log does not name the slot:\n%s", strings.Join(res.Log, "\n"))
				}
			})
		}
	}
}

// 10.5's example: "Assume the attacker's committed points total 36 and the
// defender's total 10. The attacker is halved for the river; a strength of
// 18 falls into the 17-25 column. He then shifts one left, and uses the
// 6-16 column. The defender doubles his 10 for the entrenchments, and will
// use the 17-25 column."
func TestLITNRoundsRiverEntrenchedExample(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(36, 10, litn.Assault, litn.Stand)
	b.Attacker.Units[0].CrossedRiverOrBridge = true
	b.Defender.Units[0].Entrenched = true
	d := engine.Script(3, 3, 3, 3, 1, 1, 1, 1)
	res := cbtResolve(t, b, c, d)
	a, df := res.Fought[0].Fire[0], res.Fought[0].Fire[1]
	if a.Strength != 18 || a.Rolls[0].Band != "17-25" || a.Rolls[0].Shift != -1 || a.Rolls[0].Roll.Column != "6-16" {
		t.Errorf("attacker fire %+v roll %+v", a, a.Rolls[0])
	}
	if df.Strength != 20 || df.Rolls[0].Roll.Column != "17-25" {
		t.Errorf("defender fire %+v", df)
	}
	// Round 2: 35 committed points halved are 17.5, rounded up to 18
	// ("rounding 1/2 up").
	a2 := res.Fought[1].Fire[0]
	if a2.Committed != 35 || a2.Strength != 18 {
		t.Errorf("round 2 attacker %d -> %d, want 35 -> 18", a2.Committed, a2.Strength)
	}
	if d.Remaining() != 0 {
		t.Errorf("%d dice left", d.Remaining())
	}
}

// 10.5 Excess Strength: "A player's committed strength is 120. He rolls
// twice using the 56 column accounting for 112 points and once for the
// remaining 8 points, using the 6-16 column."
func TestLITNExcessStrengthExample(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(120, 20, litn.Probe, litn.Stand)
	d := engine.Script(3, 3, 3, 3, 1, 1, 1, 1, 1)
	res := cbtResolve(t, b, c, d)
	rolls := res.Fought[0].Fire[0].Rolls
	if len(rolls) != 3 {
		t.Fatalf("%d rolls", len(rolls))
	}
	for i, want := range []struct {
		s   int
		col string
	}{{56, "56"}, {56, "56"}, {8, "6-16"}} {
		if rolls[i].Strength != want.s || rolls[i].Roll.Column != want.col {
			t.Errorf("roll %d: %d on %s, want %d on %s", i, rolls[i].Strength, rolls[i].Roll.Column, want.s, want.col)
		}
	}
	// Fixture: 56 column row "1 or less" is 2, 6-16 is 0.
	if res.Fought[0].Fire[0].Inflicted != 4 || res.Total[litn.Def] != 4 {
		t.Errorf("inflicted %d", res.Fought[0].Fire[0].Inflicted)
	}
	if d.Remaining() != 0 {
		t.Errorf("%d dice left", d.Remaining())
	}
}

// 10.6's example: "A player has a 30-point force, of which 60% - 18 points
// - is committed. Ten percent of 18 strength points is 2. His force loses
// one point in the first round and another in the second round. The player
// must check for demoralization at the end of the second round".
func TestLITNDemoralizationExample(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(50, 30, litn.Assault, litn.Stand)
	d := engine.Script(3, 3, 1, 1, 1, 1, 1, 1, 4)
	res := cbtResolve(t, b, c, d)
	cm := res.Commitment[litn.Def]
	if cm.Percent != 60 || cm.Total != 30 || cm.Committed != 18 {
		t.Fatalf("commitment %+v", cm)
	}
	if len(res.Fought) != 2 || res.Fought[0].Fire[0].Inflicted != 1 || res.Fought[1].Fire[0].Inflicted != 1 {
		t.Fatalf("rounds %+v", res.Fought)
	}
	if res.Fought[0].Demoralization[litn.Def] != nil {
		t.Error("checked after one point lost")
	}
	dm := res.Fought[1].Demoralization[litn.Def]
	if dm == nil || dm.Table != "litn.demoralization" || !cbtEq(cbtMods(dm.Modifiers), []int{1}) || dm.Total != 5 || dm.Outcome != "holds" {
		t.Fatalf("round 2 check %+v", dm)
	}
	if res.Fought[1].Demoralization[litn.Att] != nil || len(res.Retreats) != 0 {
		t.Errorf("attacker checked or someone retreated: %+v", res.Retreats)
	}
	if d.Remaining() != 0 {
		t.Errorf("%d dice left", d.Remaining())
	}
}

// 10.6 Demoralization Procedure: every modifier. The defender (10 points,
// all committed) loses 3 in the first round: 30%, +3.
func TestLITNDemoralizationModifiers(t *testing.T) {
	c := cbtCharts(t)
	// Each case: the full modifiers (the tenths lost first). A command
	// rating of 4 reads the Commitment Table's column 4 (50% on the
	// fixture), so 3 of 5 committed points are lost: +6.
	cases := []struct {
		name string
		set  func(*litn.Battle)
		die  int
		mods []int
		out  string
	}{
		{"tenths lost only", func(*litn.Battle) {}, 2, []int{3}, "holds"},
		{"tenths lost reach 6", func(*litn.Battle) {}, 3, []int{3}, "demoralized"},
		{"command rating 4", func(b *litn.Battle) { b.Defender.Leaders[0].Command = 4 }, 1, []int{6, 1}, "demoralized"},
		{"McClellan counts as 4", func(b *litn.Battle) {
			b.Defender.Leaders[0] = litn.Leader{Name: "McClellan", Kind: litn.Department, Rank: 1, Command: 3, McClellan: true}
		}, 1, []int{6, 1}, "demoralized"},
		{"command rating 1", func(b *litn.Battle) { b.Defender.Leaders[0].Command = 1 }, 3, []int{3, -1}, "holds"},
		{"defender entrenched", func(b *litn.Battle) { b.Defender.Units[0].Entrenched = true }, 3, []int{3, -1}, "holds"},
		{"began demoralized", func(b *litn.Battle) { b.Defender.Units[0].Demoralized = true }, 2, []int{3, 1}, "demoralized"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := cbtBattle(50, 10, litn.Assault, litn.Stand)
			tc.set(&b)
			res := cbtResolve(t, b, c, engine.Script(append([]int{3, 3, 3, 3, 3, 1, tc.die}, cbtFaces(20, 1)...)...))
			dm := res.Fought[0].Demoralization[litn.Def]
			if dm == nil {
				t.Fatalf("no check: %s", strings.Join(res.Log, "\n"))
			}
			if got := cbtMods(dm.Modifiers); !cbtEq(got, tc.mods) {
				t.Errorf("modifiers %+v, want %v", dm.Modifiers, tc.mods)
			}
			sum := dm.Natural
			for _, v := range tc.mods {
				sum += v
			}
			if dm.Total != sum || dm.Outcome != tc.out || res.Demoralized[litn.Def] != (tc.out == "demoralized") {
				t.Errorf("total %d outcome %s demoralized %v", dm.Total, dm.Outcome, res.Demoralized)
			}
		})
	}
}

// 10.6: "-1 (defender only) if any units in his force are entrenched": an
// entrenched attacker gets neither the -1 nor the doubling (8.8).
func TestLITNAttackerEntrenchedNoBenefit(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(10, 50, litn.Assault, litn.Stand)
	b.Attacker.Units[0].Entrenched = true
	res := cbtResolve(t, b, c, engine.Script(append([]int{3, 3, 3, 3, 1, 3, 1}, cbtFaces(20, 1)...)...))
	f := res.Fought[0]
	if f.Fire[0].Strength != 10 || f.Fire[1].Rolls[0].Shift != 0 {
		t.Errorf("attacker strength %d, defender shift %d", f.Fire[0].Strength, f.Fire[1].Rolls[0].Shift)
	}
	dm := f.Demoralization[litn.Att]
	if dm == nil || !cbtEq(cbtMods(dm.Modifiers), []int{4}) {
		t.Fatalf("attacker check %+v", dm)
	}
}

// 10.7: losses beyond the committed strength: the other player rolls on
// the Excess Losses Table with the excess added.
func TestLITNExcessLosses(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(20, 50, litn.Assault, litn.Stand)
	b.Attacker.Leaders[0].Command = 3
	b.Defender.Leaders[0].CombatBonus = 2
	d := engine.Script(2, 2, 3, 3, 1, 6, 3, 1)
	res := cbtResolve(t, b, c, d)
	if res.Commitment[0].Committed != 6 {
		t.Fatalf("attacker committed %d, want 30%% of 20", res.Commitment[0].Committed)
	}
	ex := res.Fought[0].Excess[litn.Att]
	if ex == nil || ex.Excess != 1 || ex.Roll.Chart != "litn.excess-losses" || ex.Roll.Total != 4 || ex.Removed != 1 {
		t.Fatalf("excess %+v", ex)
	}
	if res.Total[0] != 7 || !res.Demoralized[0] || res.Victory == nil || res.Victory.Winner != litn.Def || res.Victory.Major {
		t.Errorf("losses %v demoralized %v victory %+v", res.Total, res.Demoralized, res.Victory)
	}
	// The tenths stop at 10 (a loss of 7 of 6 committed).
	if dm := res.Fought[0].Demoralization[0]; dm.Facts["tenths_lost"] != "10" {
		t.Errorf("facts %v", dm.Facts)
	}
	if d.Remaining() != 0 {
		t.Errorf("%d dice left", d.Remaining())
	}
}

// 10.8: major (15 or more, militia not counted, earlier consecutive turns
// counted) and minor victories.
func TestLITNVictory(t *testing.T) {
	c := cbtCharts(t)
	for _, tc := range []struct {
		name  string
		order []string
		major bool
	}{{"militia losses do not count", []string{"militia"}, false}, {"infantry losses and the turns before", []string{"ix"}, true}} {
		t.Run(tc.name, func(t *testing.T) {
			b := cbtBattle(50, 10, litn.Probe, litn.Withdraw)
			b.Defender.Units = append(b.Defender.Units, litn.CombatUnit{ID: "militia", Name: "militia", Type: litn.Militia, Strength: 10})
			b.Defender.LossOrder = tc.order
			b.Defender.PriorLosses = 14
			res := cbtResolve(t, b, c, engine.Script(3, 3, 3, 3, 6, 1, 1))
			v := res.Victory
			if res.Total[1] != 5 || v == nil || v.Winner != litn.Att || v.Major != tc.major || (v.VP == 5) != tc.major {
				t.Fatalf("losses %v victory %+v", res.Losses[1], v)
			}
			if want := 14 + map[bool]int{true: 5}[tc.major]; v.LossesCounted != want {
				t.Errorf("counted %d want %d", v.LossesCounted, want)
			}
		})
	}
}

// 10.2 Wagon Depletion: 5 or 6 with Pitched Battle, 6 otherwise; a wagon
// already marked is not rolled again.
func TestLITNWagonDepletion(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(40, 40, litn.Assault, litn.Stand)
	b.Attacker.Wagons = []litn.Wagon{{ID: "a"}}
	b.Defender.Wagons = []litn.Wagon{{ID: "b"}, {ID: "c", Marked: true}}
	res := cbtResolve(t, b, c, engine.Script(append([]int{5, 6}, cbtFaces(100, 3)...)...))
	if len(res.Wagons) != 2 || res.Wagons[0].Roll.Outcome != "not-depleted" || res.Wagons[1].Roll.Outcome != "depleted" || res.Wagons[1].Wagon != "b" {
		t.Errorf("wagons %+v", res.Wagons)
	}
	b = cbtBattle(40, 40, litn.Pitched, litn.Pitched)
	b.Attacker.Wagons = []litn.Wagon{{ID: "a"}}
	res = cbtResolve(t, b, c, engine.Script(append([]int{5}, cbtFaces(100, 6)...)...))
	if res.Wagons[0].Roll.Outcome != "depleted" || !strings.Contains(strings.Join(res.Log, "\n"), "wagon a gets a Depletion marker") {
		t.Errorf("pitched wagon %+v", res.Wagons[0].Roll)
	}
	// A surprise attack chooses no option: no wagon roll.
	b = cbtBattle(20, 20, "", "")
	b.Surprise = true
	b.Attacker.Wagons = []litn.Wagon{{ID: "a"}}
	if res = cbtResolve(t, b, c, engine.Script(cbtFaces(40, 3)...)); len(res.Wagons) != 0 {
		t.Errorf("surprise wagons %+v", res.Wagons)
	}
}

// 13: the intrinsic strength defends with the Union, entrenched, takes
// losses, and is eliminated when the Union units retreat or demoralize.
func TestLITNWashingtonFortification(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(50, 10, litn.Assault, litn.Stand)
	b.Fortification = &litn.Fortification{Intrinsic: litn.IntrinsicStart}
	b.Defender.LossOrder = []string{litn.IntrinsicID}
	d := engine.Script(3, 3, 3, 3, 3, 1, 2, 3, 1, 2)
	res := cbtResolve(t, b, c, d)
	if res.Commitment[1].Total != 25 || res.Fought[0].Fire[1].Strength != 50 {
		t.Errorf("defender total %d strength %d", res.Commitment[1].Total, res.Fought[0].Fire[1].Strength)
	}
	if r := res.Fought[0].Fire[0].Rolls[0]; r.Shift != -1 || r.Roll.Column != "36-45" {
		t.Errorf("attacker roll %+v", r)
	}
	if dm := res.Fought[0].Demoralization[1]; dm == nil || !cbtEq(cbtMods(dm.Modifiers), []int{1, -1}) {
		t.Errorf("defender check %+v", dm)
	}
	if res.Intrinsic == nil || *res.Intrinsic != 9 || res.IntrinsicEliminated || res.Losses[1][litn.IntrinsicID] != 6 {
		t.Errorf("intrinsic %v losses %v", res.Intrinsic, res.Losses[1])
	}
	if d.Remaining() != 0 {
		t.Errorf("%d dice left", d.Remaining())
	}
	// The Union withdraws: all its combat units retreat, the intrinsic
	// strength is eliminated.
	b.DefenderOption = litn.Withdraw
	res = cbtResolve(t, b, c, engine.Script(3, 3, 3, 3, 3, 1, 2))
	if !res.IntrinsicEliminated || *res.Intrinsic != 0 {
		t.Errorf("after withdrawal: %v %v", res.IntrinsicEliminated, *res.Intrinsic)
	}
	// Alone, the intrinsic strength may not Withdraw.
	b.Defender.Units = nil
	if _, err := litn.ResolveBattle(b, c, engine.Script()); cbtCode(err) != "litn.combat.option" {
		t.Errorf("withdraw alone: %v", err)
	}
	if ok, refused := b.OptionsAllowed(litn.Def); len(ok) != 2 || !strings.Contains(refused[litn.Withdraw], "002 13") {
		t.Errorf("allowed %v refused %v", ok, refused)
	}
}

// The restrictions on who attacks and which options may be played (10.1,
// 10.2, 10.3, 10.6, 8.9); a refused battle rolls no die.
func TestLITNCombatRestrictions(t *testing.T) {
	c := cbtCharts(t)
	cases := []struct {
		name string
		set  func(*litn.Battle)
		code string
	}{
		{"unsupplied attacker assaults", func(b *litn.Battle) { b.Attacker.Supplied = false }, "litn.combat.option"},
		{"unsupplied defender pitched battle", func(b *litn.Battle) {
			b.Defender.Supplied, b.DefenderOption = false, litn.Pitched
		}, "litn.combat.option"},
		{"demoralized defender pitched battle", func(b *litn.Battle) {
			b.Defender.Units[0].Demoralized, b.DefenderOption = true, litn.Pitched
		}, "litn.combat.option"},
		{"withdraw without a retreat path", func(b *litn.Battle) {
			b.Defender.NoRetreatPath, b.DefenderOption = true, litn.Withdraw
		}, "litn.combat.option"},
		{"attacker plays Stand", func(b *litn.Battle) { b.AttackerOption = litn.Stand }, "litn.combat.option"},
		{"defender plays Probe", func(b *litn.Battle) { b.DefenderOption = litn.Probe }, "litn.combat.option"},
		{"no option", func(b *litn.Battle) { b.DefenderOption = "" }, "litn.combat.options"},
		{"demoralized unit attacks", func(b *litn.Battle) { b.Attacker.Units[0].Demoralized = true }, "litn.combat.demoralized"},
		{"entrained unit attacks", func(b *litn.Battle) { b.Attacker.Units[0].Entrained = true }, "litn.combat.entrained"},
		{"Union artillery attacks alone", func(b *litn.Battle) {
			b.Attacker, b.Defender = b.Defender, b.Attacker
			b.Attacker.Units[0].Type = litn.Artillery
		}, "litn.combat.artillery"},
		{"force march without the printed modifier", func(b *litn.Battle) { b.Attacker.ForceMarched = true }, "litn.combat.forcemarch"},
		{"options in a surprise attack", func(b *litn.Battle) { b.Surprise = true }, "litn.combat.options"},
		{"no leader", func(b *litn.Battle) { b.Defender.Leaders = nil }, "litn.combat.leader"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := cbtBattle(20, 20, litn.Assault, litn.Stand)
			tc.set(&b)
			_, err := litn.ResolveBattle(b, c, engine.Script())
			if cbtCode(err) != tc.code {
				t.Errorf("err = %v, want code %s", err, tc.code)
			}
		})
	}
	b := cbtBattle(20, 20, "", "")
	b.Attacker.Supplied = false
	if ok, refused := b.OptionsAllowed(litn.Att); len(ok) != 1 || ok[0] != litn.Probe || len(refused) != 2 {
		t.Errorf("unsupplied attacker may play %v", ok)
	}
	// An empty slot is named before any die is rolled.
	short := litn.Charts{Library: c.Library, Loaded: map[string]*engine.LoadedChart{litn.SlotOptions: c.Loaded[litn.SlotOptions]}}
	_, err := litn.ResolveBattle(cbtBattle(20, 20, litn.Assault, litn.Stand), short, engine.Script())
	if !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "/chart load name:litn.commitment") {
		t.Errorf("missing chart: %v", err)
	}
}

// 10.2, 10.6: unsupplied units retreat after the last round, unless the
// enemy retreats because of demoralization.
func TestLITNUnsuppliedRetreat(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(40, 40, litn.Probe, litn.Stand)
	b.Attacker.Supplied = false
	res := cbtResolve(t, b, c, engine.Script(3, 3, 3, 3, 1, 1))
	if len(res.Retreats) != 1 || res.Retreats[0].Role != litn.Att || res.Retreats[0].Reason != litn.RetreatUnsupplied || res.Victory.Winner != litn.Def {
		t.Errorf("retreats %+v victory %+v", res.Retreats, res.Victory)
	}
	b = cbtBattle(10, 50, litn.Assault, litn.Stand)
	b.Defender.Supplied = false
	res = cbtResolve(t, b, c, engine.Script(3, 3, 3, 3, 1, 5, 1))
	if len(res.Retreats) != 1 || res.Retreats[0].Role != litn.Att || res.Retreats[0].Reason != litn.RetreatDemoralized || res.Victory.Winner != litn.Def {
		t.Errorf("retreats %+v", res.Retreats)
	}
}

// 10.6: when both sides retreat, the worse command rating (the higher
// number) retreats first; on equal ratings the attacker. No victory.
func TestLITNBothRetreat(t *testing.T) {
	c := cbtCharts(t)
	for _, tc := range []struct {
		defCommand, first int
	}{{3, litn.Def}, {2, litn.Att}} {
		b := cbtBattle(10, 50, litn.Assault, litn.Withdraw)
		b.Defender.Leaders[0].Command = tc.defCommand
		res := cbtResolve(t, b, c, engine.Script(3, 3, 3, 3, 1, 5, 1))
		if len(res.Retreats) != 2 || res.Retreats[0].Role != tc.first || res.Victory != nil {
			t.Errorf("defender command %d: retreats %+v victory %+v", tc.defCommand, res.Retreats, res.Victory)
		}
	}
}

// 14.2: a surprise attack: no options, two rounds, no commitment modifiers
// but the attacker's force march, one column right, no defender fire in
// the first round.
func TestLITNSurpriseAttack(t *testing.T) {
	c := cbtCharts(t)
	fm := -1 // invented for the test: the printed value is not in the seeds
	c.ForceMarchCommitment = &fm
	b := cbtBattle(20, 20, "", "")
	b.Surprise = true
	b.Attacker.ForceMarched = true
	b.Defender.Units = append(b.Defender.Units, litn.CombatUnit{ID: "cav", Name: "cav", Type: litn.Cavalry, Strength: 1, Demoralized: true})
	b.Defender.Units[0].Strength = 19
	d := engine.Script(3, 3, 3, 3, 1, 1, 1, 1)
	res := cbtResolve(t, b, c, d)
	if res.Rounds != "2" || len(res.Fought) != 2 || res.OptionsLookup != nil {
		t.Fatalf("rounds %q fought %d", res.Rounds, len(res.Fought))
	}
	if !cbtEq(cbtMods(res.Commitment[0].Roll.Modifiers), []int{-1}) || len(res.Commitment[1].Roll.Modifiers) != 0 {
		t.Errorf("commitment modifiers %+v / %+v", res.Commitment[0].Roll.Modifiers, res.Commitment[1].Roll.Modifiers)
	}
	r1 := res.Fought[0]
	if r1.Fire[1].Silent == "" || len(r1.Fire[1].Rolls) != 0 {
		t.Errorf("defender fired in round 1: %+v", r1.Fire[1])
	}
	if r := r1.Fire[0].Rolls[0]; r.Shift != 1 || r.Band != "17-25" || r.Roll.Column != "26-35" || len(r.Roll.Modifiers) != 0 {
		t.Errorf("attacker roll %+v", r)
	}
	if len(res.Fought[1].Fire[1].Rolls) != 1 {
		t.Error("defender did not fire in round 2")
	}
	if d.Remaining() != 0 {
		t.Errorf("%d dice left", d.Remaining())
	}
}

// 14.3: a natural 6 in a combat round: a roll for each of the player's
// combat and corps leaders; department leaders and cavalry commanders are
// never casualties.
func TestLITNLeaderCasualties(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(40, 40, litn.Probe, litn.Withdraw)
	b.LeaderCasualties = true
	b.Attacker.Leaders = []litn.Leader{
		cbtLeader("Lee", litn.Department, 1, 1, 0), cbtLeader("Longstreet", litn.CorpsLeader, 2, 2, 0),
		cbtLeader("Hood", litn.CombatLeader, 3, 2, 0), cbtLeader("Stuart", litn.CavalryChief, 4, 2, 0)}
	d := engine.Script(3, 3, 3, 3, 6, 5, 2, 1, 1)
	res := cbtResolve(t, b, c, d)
	if len(res.Casualties) != 2 || res.Casualties[0].Leader != "Longstreet" || !res.Casualties[0].Killed || res.Casualties[1].Leader != "Hood" || res.Casualties[1].Killed {
		t.Errorf("casualties %+v", res.Casualties)
	}
	if res.Casualties[0].Roll.Table != "litn.leader-casualty" || d.Remaining() != 0 {
		t.Errorf("table %s, %d dice left", res.Casualties[0].Roll.Table, d.Remaining())
	}
}

// 7.1's command rating modifier for commitment, 10.4's McClellan, 8.9's
// entrained Union units and 8.8's Harpers Ferry.
func TestLITNCommitmentColumn(t *testing.T) {
	c := cbtCharts(t)
	b := cbtBattle(10, 20, litn.Assault, litn.Stand)
	b.Attacker.Units = append(b.Attacker.Units, cbtInf("b", 10), cbtInf("c", 10))
	b.Defender.Units[0].Entrained = true
	res := cbtResolve(t, b, c, engine.Script(cbtFaces(40, 3)...))
	if res.Commitment[0].Column != "3" || res.Commitment[0].Roll.Column != "3" {
		t.Errorf("three units under a combat leader: column %s", res.Commitment[0].Column)
	}
	if !cbtEq(cbtMods(res.Commitment[1].Roll.Modifiers), []int{-1}) {
		t.Errorf("entrained: %+v", res.Commitment[1].Roll.Modifiers)
	}
	b.Attacker.Leaders[0].Kind = litn.CorpsLeader
	b.Defender.Leaders[0] = litn.Leader{Name: "McClellan", Kind: litn.Department, Rank: 1, Command: 3, McClellan: true}
	res = cbtResolve(t, b, c, engine.Script(cbtFaces(40, 3)...))
	if res.Commitment[0].Column != "2" || res.Commitment[1].Column != "4" {
		t.Errorf("corps leader column %s, McClellan column %s", res.Commitment[0].Column, res.Commitment[1].Column)
	}
	// 10.5: a defender committing less than all may commit his entrenched
	// points first (column 4 on the fixture: 50% of 20).
	for _, first := range []bool{false, true} {
		b = cbtBattle(20, 10, litn.Assault, litn.Stand)
		b.Defender.Leaders[0].Command = 4
		b.Defender.Units[0].Entrenched = true
		b.Defender.Units = append(b.Defender.Units, cbtInf("open", 10))
		b.Defender.EntrenchedFirst = first
		res = cbtResolve(t, b, c, engine.Script(cbtFaces(40, 3)...))
		want := map[bool]int{false: 15, true: 20}[first]
		if cm := res.Commitment[1]; cm.Committed != 10 || res.Fought[0].Fire[1].Strength != want {
			t.Errorf("entrenched first %v: committed %v, strength %d, want %d", first, cm.PerUnit, res.Fought[0].Fire[1].Strength, want)
		}
	}
	// 8.8: no entrenchment benefit at Harpers Ferry against infantry from 1629.
	b = cbtBattle(20, 10, litn.Assault, litn.Stand)
	b.Hex = "1529"
	b.Defender.Units[0].Entrenched = true
	b.Attacker.Units[0].EnteredFrom = "1629"
	res = cbtResolve(t, b, c, engine.Script(cbtFaces(40, 3)...))
	if f := res.Fought[0].Fire; f[1].Strength != 10 || f[0].Rolls[0].Shift != 0 {
		t.Errorf("Harpers Ferry: defender %d, shift %d", f[1].Strength, f[0].Rolls[0].Shift)
	}
}

// 10 steps 1-2: who decides first whether to attack.
func TestLITNFirstChoice(t *testing.T) {
	a := cbtForce(engine.CSA, cbtLeader("Jackson", litn.CorpsLeader, 2, 1, 0))
	u := cbtForce(engine.USA, cbtLeader("Sumner", litn.CombatLeader, 2, 3, 0))
	a.Leaders[0].Initiative = 3
	if s, why, _ := litn.FirstChoice(a, u, engine.USA); s != engine.CSA || !strings.Contains(why, "higher") {
		t.Errorf("%s %s", s, why)
	}
	u.Leaders[0].Initiative = 3
	if s, _, _ := litn.FirstChoice(a, u, engine.USA); s != engine.USA {
		t.Errorf("equal initiative: %s", s)
	}
}

// 10.6 Retreat Procedure and its limits.
func TestLITNRetreatLimits(t *testing.T) {
	step := func(hex string, mp int) litn.RetreatStep { return litn.RetreatStep{Hex: hex, MP: mp} }
	ok := litn.Retreat{Reason: litn.RetreatWithdraw, ForceStrength: 20, FewestMP: 4,
		Path: []litn.RetreatStep{step("a", 2), step("b", 2)}, FriendFrom: 5, FriendTo: 3, FriendBest: 2}
	if err := litn.ValidateRetreat(ok); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		set  func(*litn.Retreat)
		code string
	}{
		// "A force of 20 points could retreat through a hex occupied by 3
		// enemy strength points, if there were no alternative. At a bridge
		// hexside, however, the 3 strength points would block the retreat (3
		// is 15% of 20)."
		{"3 enemy points do not block 20", func(r *litn.Retreat) { r.Path[0].EnemyStrength = 3 }, ""},
		{"3 enemy points across a bridge block 20", func(r *litn.Retreat) { r.Path[0].EnemyStrength, r.Path[0].Bridge = 3, true }, "litn.retreat.enemy"},
		{"4 enemy points (20%) block", func(r *litn.Retreat) { r.Path[0].EnemyStrength = 4 }, "litn.retreat.enemy"},
		{"through enemy with an alternative", func(r *litn.Retreat) { r.Path[0].EnemyStrength, r.ClearAlternative = 3, true }, "litn.retreat.enemy"},
		{"through non-combat units with an alternative", func(r *litn.Retreat) { r.Path[1].NonCombatOnly, r.ClearAlternative = true, true }, "litn.retreat.enemy"},
		{"enemy entry hexside blocks", func(r *litn.Retreat) { r.ExitEnemyStrength = 5 }, "litn.retreat.exit"},
		{"enemy entry hexside after they retreated", func(r *litn.Retreat) { r.ExitEnemyStrength, r.EnemyRetreatedFirst = 5, true }, ""},
		{"unbridged river", func(r *litn.Retreat) { r.Path[1].UnbridgedRiver = true }, "litn.retreat.river"},
		{"too short", func(r *litn.Retreat) { r.Path = r.Path[:1] }, "litn.retreat.length"},
		{"goes on after 4", func(r *litn.Retreat) { r.Path = append(r.Path, step("c", 1)) }, "litn.retreat.length"},
		{"5 when no 4 exists", func(r *litn.Retreat) { r.Path[1].MP, r.FewestMP = 3, 5 }, ""},
		{"6 when 5 is possible", func(r *litn.Retreat) { r.Path[1].MP, r.FewestMP = 4, 5 }, "litn.retreat.length"},
		{"no legal route", func(r *litn.Retreat) { r.FewestMP = 0 }, litn.RetreatNone},
		{"not closer to friends", func(r *litn.Retreat) { r.FriendTo = 5 }, "litn.retreat.friends"},
		{"not closer when none is", func(r *litn.Retreat) { r.FriendTo, r.FriendBest = 6, 5 }, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := ok
			r.Path = append([]litn.RetreatStep(nil), ok.Path...)
			tc.set(&r)
			if err := litn.ValidateRetreat(r); cbtCode(err) != tc.code {
				t.Errorf("err = %v, want %q", err, tc.code)
			}
		})
	}
	// 10.6's example: "Demoralized Union units retreat from a battle in hex
	// 3035. The nearest supply wagon is in 3337 (four MPs away by road). The
	// Union units could not retreat to 3037, because that is five MPs away
	// from the wagon; nor could they retreat to 3335, which is four MPs away
	// (this would not be a shorter supply line than in the combat hex). They
	// could retreat to 3336 (two MPs away) or 3337."
	for _, tc := range []struct {
		hex    string
		supply int
		ok     bool
	}{{"3037", 5, false}, {"3335", 4, false}, {"3336", 2, true}, {"3337", 0, true}} {
		r := litn.Retreat{Reason: litn.RetreatDemoralized, ForceStrength: 20, FewestMP: 4,
			Path: []litn.RetreatStep{step("x", 2), step(tc.hex, 2)}, SupplyFrom: 4, SupplyTo: tc.supply, SupplyBest: 0}
		if err := litn.ValidateRetreat(r); (err == nil) != tc.ok || (err != nil && cbtCode(err) != "litn.retreat.supply") {
			t.Errorf("retreat to %s: %v", tc.hex, err)
		}
	}
	// No shorter supply line possible: closer to a friendly force instead.
	r := litn.Retreat{Reason: litn.RetreatDemoralized, ForceStrength: 20, FewestMP: 4,
		Path: []litn.RetreatStep{step("x", 4)}, SupplyFrom: 0, SupplyTo: 2, SupplyBest: 0, FriendFrom: 6, FriendTo: 7, FriendBest: 3}
	if err := litn.ValidateRetreat(r); cbtCode(err) != "litn.retreat.friends" {
		t.Errorf("depot hex: %v", err)
	}
}
