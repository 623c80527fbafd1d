package litn_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
)

// 3.1 G, the Combat Phase in play (002 10, 13, 14.3): battles opened as G1
// begins, /litn attack, supply, option and retreat, the results applied,
// and G2's wagon flip. Charts are the fixtures of engine/litn/testdata
// (INVENTED FOR TESTS — not the printed charts); units are built here
// with invented ratings; dice are scripted.

type lpcEnv struct {
	charts litn.Charts
	m      *engine.Theatre
	seq    *engine.Sequence
}

func lpcSetup(t *testing.T) lpcEnv {
	t.Helper()
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	seqs, err := scenarios.Sequences()
	if err != nil {
		t.Fatal(err)
	}
	env := lpcEnv{charts: cbtCharts(t), m: ts["litn"], seq: seqs[litn.ID]}
	if env.m == nil || env.seq == nil {
		t.Fatal("no LITN map or sequence")
	}
	return env
}

// lpcUnit is a leader with invented ratings in a printed hex.
func lpcUnit(t *testing.T, env lpcEnv, side engine.Side, id, role, troops string, strength, command, initiative, bonus, rank int, at string) litn.Unit {
	t.Helper()
	h, _, err := env.m.ParseHex(at, "")
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(strings.TrimPrefix(id, "csa."), "usa.")
	name = strings.ToUpper(name[:1]) + name[1:]
	return litn.Unit{ID: id, Name: name, Side: side, Role: role, Troops: troops, Strength: strength, Original: strength,
		Command: command, Initiative: initiative, CombatBonus: bonus, Rank: rank, At: at, Hex: h}
}

// lpcStart starts a scenario 1 game with the units and wagons, on turn 4,
// and begins step G1 from F with /phase next.
func lpcStart(t *testing.T, env lpcEnv, units []litn.Unit, wagons []litn.WagonPiece, opts litn.Options) (engine.GameState, []engine.Event) {
	t.Helper()
	g := litnGame(t, "litn-1-frederick-to-antietam")
	litn.SetOptions(&g.Options, opts)
	g = g.Apply(&litn.Started{By: umpireActor, Turn: 4, Units: units, Wagons: wagons, Charts: env.charts.Loaded})
	g = g.Apply(&engine.StepBegun{By: umpireActor, Turn: 4, Step: litn.StepSecondMove})
	return lpcDo(t, g, engine.NextStep{By: umpireActor, Sequence: env.seq, Context: engine.StepContext{Library: env.charts.Library, Map: env.m}, Force: true, Reason: "test"}, engine.Script())
}

func lpcDo(t *testing.T, g engine.GameState, cmd engine.Command, d engine.Dice) (engine.GameState, []engine.Event) {
	t.Helper()
	evs, err := g.Decide(cmd, d)
	if err != nil {
		t.Fatalf("%s: %v", cmd.CommandName(), err)
	}
	for _, e := range evs {
		if _, ok := e.(litn.Sayer); !ok && strings.HasPrefix(e.EventType(), "litn.") && e.EventType() != litn.EventDone {
			t.Errorf("%T does not say what happened", e)
		}
		g = g.Apply(e)
	}
	return g, evs
}

func lpcRefused(t *testing.T, g engine.GameState, cmd engine.Command, code string) {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("%s: want %s, got %v", cmd.CommandName(), code, err)
	}
}

// lpcSays gathers an event's sayings by audience.
func lpcSays(g engine.GameState, e engine.Event) map[string]string {
	out := map[string]string{}
	for _, s := range e.(litn.Sayer).Say(litn.Of(g)) {
		out[s.To] += s.Text + "\n"
	}
	return out
}

// The standard battle hex 1625: Jackson (corps, command 1, initiative 3)
// with Hood (9) for the Confederates, Hooker (14, command 2, initiative 2,
// bonus 1) for the Union.
func lpcHex1625(t *testing.T, env lpcEnv) []litn.Unit {
	return []litn.Unit{
		lpcUnit(t, env, engine.CSA, "csa.jackson", litn.SheetCorps, "", 0, 1, 3, 2, 2, "1625"),
		lpcUnit(t, env, engine.CSA, "csa.hood", "", "infantry", 9, 2, 2, 2, 3, "1625"),
		lpcUnit(t, env, engine.USA, "usa.hooker", "", "infantry", 14, 2, 2, 1, 2, "1625"),
	}
}

func lpcAttack(t *testing.T, g engine.GameState, env lpcEnv) engine.GameState {
	t.Helper()
	g, _ = lpcDo(t, g, litn.Attack{By: leeActor, Hex: "1625"}, engine.Script())
	for _, by := range []engine.Actor{leeActor, mcclellanActor} {
		g, _ = lpcDo(t, g, litn.Supply{By: by, Hex: "1625", Depot: "1624", Map: env.m}, engine.Script())
	}
	return g
}

func TestLITNPlayCombatOpensBattles(t *testing.T) {
	env := lpcSetup(t)
	units := append(lpcHex1625(t, env), lpcUnit(t, env, engine.USA, "usa.sumner", "", "infantry", 16, 4, 1, 1, 2, "3035")) // elsewhere: no battle
	g, evs := lpcStart(t, env, units, nil, litn.Options{})
	if g.CurrentStep() != litn.StepCombat {
		t.Fatalf("step %q", g.CurrentStep())
	}
	bs := litn.Of(g).Battles()
	if len(bs) != 1 || bs[0].Hex != "1625" || bs[0].First != engine.CSA {
		t.Fatalf("battles: %+v", bs)
	}
	says := lpcSays(g, evs[len(evs)-1])
	if !strings.Contains(says["all"], "**1625**: the Confederate player decides first") || strings.Contains(says["all"], "initiative 3") {
		t.Fatalf("table: %s", says["all"])
	}
	if !strings.Contains(says["umpire"], "Jackson's initiative 3 is higher than Hooker's 2") {
		t.Fatalf("umpire: %s", says["umpire"])
	}
	// The step waits for the battle and both players.
	w := strings.Join(g.Waiting(), "; ")
	if !strings.Contains(w, "the battle in 1625: CSA decides whether to attack") || !strings.Contains(w, "Union player") {
		t.Fatalf("waiting: %s", w)
	}
	// The Union may not decide first; then the Confederate declines and
	// the Union may attack (10 steps 2-3); both declining: no combat.
	lpcRefused(t, g, litn.Attack{By: mcclellanActor, Hex: "1625"}, "litn.attack.turn")
	lpcRefused(t, g, litn.Attack{By: leeActor, Hex: "1626"}, "litn.battle")
	lpcRefused(t, g, litn.Supply{By: leeActor, Hex: "1625", Depot: "1624", Map: env.m}, "litn.supply.early")
	g2, _ := lpcDo(t, g, litn.Attack{By: leeActor, Hex: "1625", Decline: true}, engine.Script())
	b, _ := litn.Of(g2).BattleAt("1625")
	if b.Decider() != engine.USA {
		t.Fatalf("after the decline: %+v", b)
	}
	g2, evs = lpcDo(t, g2, litn.Attack{By: mcclellanActor, Hex: "1625", Decline: true}, engine.Script())
	if b, _ := litn.Of(g2).BattleAt("1625"); !b.NoCombat || !strings.Contains(lpcSays(g2, evs[0])["all"], "no combat") {
		t.Fatalf("both declined: %+v", b)
	}
	if w := g2.Waiting(); len(w) != 2 || strings.Contains(strings.Join(w, ";"), "battle") {
		t.Fatalf("waiting after no combat: %v", w)
	}
}

// TestLITNPlayCombatOptionPairs resolves each of the nine option pairs through
// the commands. Both forces commit everything (2d6 = 12 on the fixture
// Commitment Table), fire with a 1 on the fixture Combat Results Table
// (6-16 column): the attacker's 1 + Jackson's bonus 2 + his option (Probe
// -1, Pitched +1) inflicts 1, 1 or 2; the defender's 1 + Hooker's 1 + 1
// (defender) + his option inflicts 1, 1 or 2. Demoralization checks roll 1
// (held: at most 4 tenths lost), except the last of a U battle, a 6.
func TestLITNPlayCombatOptionPairs(t *testing.T) {
	env := lpcSetup(t)
	cases := []struct {
		att, def litn.Option
		cell     string
		dice     []int
		rounds   int
		retreat  string // the Union's retreat reason, "" for none
	}{
		// Commitment 6+6 each; round: att CRT, def CRT, [att demo], [def demo].
		{litn.Probe, litn.Withdraw, "1", []int{6, 6, 6, 6, 1, 1, 1}, 1, litn.RetreatWithdraw},
		{litn.Probe, litn.Stand, "1", []int{6, 6, 6, 6, 1, 1, 1}, 1, ""},
		{litn.Probe, litn.Pitched, "2", []int{6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1}, 2, ""},
		{litn.Assault, litn.Withdraw, "1", []int{6, 6, 6, 6, 1, 1, 1}, 1, litn.RetreatWithdraw},
		{litn.Assault, litn.Stand, "2", []int{6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1}, 2, ""},
		{litn.Assault, litn.Pitched, "U", []int{6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 6}, 2, litn.RetreatDemoralized},
		{litn.Pitched, litn.Withdraw, "2", []int{6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1}, 2, litn.RetreatWithdraw},
		{litn.Pitched, litn.Stand, "U", []int{6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 6}, 2, litn.RetreatDemoralized},
		{litn.Pitched, litn.Pitched, "U", []int{6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 6}, 2, litn.RetreatDemoralized},
	}
	for _, c := range cases {
		t.Run(string(c.att)+"/"+string(c.def), func(t *testing.T) {
			g, _ := lpcStart(t, env, lpcHex1625(t, env), nil, litn.Options{})
			g = lpcAttack(t, g, env)
			// The defender chooses first: his chit is his alone.
			g, evs := lpcDo(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: litn.OptionCode(c.def), Library: env.charts.Library}, engine.Script())
			if len(evs) != 1 {
				t.Fatalf("one chit fought the battle: %v", evs)
			}
			says := lpcSays(g, evs[0])
			if says["all"] != "" || says["csa"] != "" || !strings.Contains(says["usa"], string(c.def)) {
				t.Fatalf("the first chit is not secret: %v", says)
			}
			if w := strings.Join(g.Waiting(), ";"); strings.Contains(w, "CSA") && strings.Contains(w, "option") {
				t.Fatalf("the wait says who has chosen: %s", w)
			}
			lpcRefused(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "stand", Library: env.charts.Library}, "litn.option.chosen")
			g, evs = lpcDo(t, g, litn.ChooseOption{By: leeActor, Hex: "1625", Option: string(c.att), Library: env.charts.Library}, engine.Script(c.dice...))
			if len(evs) != 2 {
				t.Fatalf("events: %v", evs)
			}
			f := evs[1].(*litn.BattleFought)
			if f.Result.Rounds != c.cell || len(f.Result.Fought) != c.rounds {
				t.Fatalf("rounds %s (%d fought), want %s (%d)", f.Result.Rounds, len(f.Result.Fought), c.cell, c.rounds)
			}
			says = lpcSays(g, f)
			if !strings.Contains(says["all"], "plays **"+string(c.att)+"**") || !strings.Contains(says["all"], "(defender) **"+string(c.def)+"**") {
				t.Fatalf("the chits are not revealed together: %s", says["all"])
			}
			// Strengths: the originals less the result's losses.
			hood, hooker := litn.Of(g).LITN.Units["csa.hood"], litn.Of(g).LITN.Units["usa.hooker"]
			if hood.Strength != 9-f.Result.Losses[litn.Att]["csa.hood"] || hooker.Strength != 14-f.Result.Losses[litn.Def]["usa.hooker"] || f.Result.Total[litn.Def] == 0 {
				t.Fatalf("strengths %d, %d after %+v", hood.Strength, hooker.Strength, f.Result.Losses)
			}
			b, _ := litn.Of(g).BattleAt("1625")
			switch {
			case c.retreat == "" && len(b.Due) != 0, c.retreat != "" && (len(b.Due) != 1 || b.Due[0].Side != engine.USA || b.Due[0].Reason != c.retreat):
				t.Fatalf("retreats due %+v, want %q", b.Due, c.retreat)
			}
			if hooker.Demoralized != (c.retreat == litn.RetreatDemoralized) || hood.Demoralized {
				t.Fatalf("demoralized: Hooker %v Hood %v", hooker.Demoralized, hood.Demoralized)
			}
			if (c.retreat != "") != (len(litn.Of(g).LITN.Combat.Victories) == 1) || len(litn.Of(g).MajorVictories()) != 0 {
				t.Fatalf("victories %+v", litn.Of(g).LITN.Combat.Victories)
			}
		})
	}
}

func TestLITNPlayCombatRetreat(t *testing.T) {
	env := lpcSetup(t)
	units := append(lpcHex1625(t, env),
		lpcUnit(t, env, engine.CSA, "csa.walker", "", "infantry", 7, 3, 1, 1, 3, "1527")) // 7 of 14: blocks (20%)
	g, _ := lpcStart(t, env, units, nil, litn.Options{})
	g = lpcAttack(t, g, env)
	g, _ = lpcDo(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "withdraw", Library: env.charts.Library}, engine.Script())
	g, _ = lpcDo(t, g, litn.ChooseOption{By: leeActor, Hex: "1625", Option: "probe", Library: env.charts.Library}, engine.Script(6, 6, 6, 6, 1, 1, 1))
	if w := strings.Join(g.Waiting(), ";"); !strings.Contains(w, "USA retreats") {
		t.Fatalf("waiting: %s", w)
	}
	r := func(by engine.Actor, path string, costs ...int) litn.RetreatOrder {
		return litn.RetreatOrder{By: by, Hex: "1625", Path: strings.Split(path, ","), Costs: costs, Map: env.m}
	}
	lpcRefused(t, g, r(leeActor, "1626,1627,1628,1629"), "litn.retreat.none")
	lpcRefused(t, g, r(mcclellanActor, "1626,1628,1629,1630"), "litn.retreat.path")
	lpcRefused(t, g, r(mcclellanActor, "1626,1627,1628"), "litn.retreat.length")
	lpcRefused(t, g, r(mcclellanActor, "1626,1627,1628,1629", 1, 2, 1, 1), "litn.retreat.length")
	lpcRefused(t, g, r(mcclellanActor, "1626,1627,1527,1528"), "litn.retreat.enemy")
	g, evs := lpcDo(t, g, r(mcclellanActor, "1626,1627,1628,1629"), engine.Script())
	hooker := litn.Of(g).LITN.Units["usa.hooker"]
	if hooker.At != "1629" || hooker.Hex != lpcUnit(t, env, engine.USA, "x", "", "", 0, 1, 1, 1, 1, "1629").Hex {
		t.Fatalf("Hooker at %s", hooker.At)
	}
	if says := lpcSays(g, evs[0]); !strings.Contains(says["all"], "Hooker to 1629 via 1626, 1627, 1628, 1629") {
		t.Fatalf("retreat said: %v", says)
	}
	if w := g.Waiting(); len(w) != 2 {
		t.Fatalf("the battle is not settled: %v", w)
	}
	// Both done: the step may end.
	for _, by := range []engine.Actor{leeActor, mcclellanActor} {
		g, _ = lpcDo(t, g, litn.Done{By: by}, engine.Script())
	}
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("waiting: %v", w)
	}
}

// TestLITNPlayCombatExcessLosses: Farnsworth (cavalry 3) commits 60% (2d6 = 2:
// 2 points) and takes 3 hits from Hood (9 on 6-16, die 6 + 2 = 8: 3); the
// one excess loss rolls on the fixture Excess Losses Table (6 + 1 = 7: 3),
// but only 1 uncommitted point is left: Farnsworth is eliminated. His
// losses (3 of 2 committed) demoralize him (1 + 10 tenths).
func TestLITNPlayCombatExcessLosses(t *testing.T) {
	env := lpcSetup(t)
	units := []litn.Unit{
		lpcUnit(t, env, engine.CSA, "csa.jackson", litn.SheetCorps, "", 0, 1, 3, 2, 2, "1625"),
		lpcUnit(t, env, engine.CSA, "csa.hood", "", "infantry", 9, 2, 2, 2, 3, "1625"),
		lpcUnit(t, env, engine.USA, "usa.farnsworth", "", "cavalry", 3, 2, 2, 1, 3, "1625"),
	}
	g, _ := lpcStart(t, env, units, nil, litn.Options{})
	g = lpcAttack(t, g, env)
	g, _ = lpcDo(t, g, litn.ChooseOption{By: leeActor, Hex: "1625", Option: "Assault", Library: env.charts.Library}, engine.Script())
	g, evs := lpcDo(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "Stand", Library: env.charts.Library},
		engine.Script(6, 6, 1, 1, 6, 1, 6, 1, 1))
	f := evs[1].(*litn.BattleFought)
	ex := f.Result.Fought[0].Excess[litn.Def]
	if ex == nil || ex.Excess != 1 || ex.Removed != 1 || ex.Roll.Result != "3" {
		t.Fatalf("excess %+v", ex)
	}
	fw, hood := litn.Of(g).LITN.Units["usa.farnsworth"], litn.Of(g).LITN.Units["csa.hood"]
	if !fw.Eliminated || fw.Strength != 0 || hood.Strength != 8 {
		t.Fatalf("Farnsworth %+v, Hood %d", fw, hood.Strength)
	}
	says := lpcSays(g, f)
	if !strings.Contains(says["all"], "Farnsworth is eliminated") || !strings.Contains(says["usa"], "Excess losses (10.7") || strings.Contains(says["csa"], "Excess losses") {
		t.Fatalf("says: %v", says)
	}
	// Nothing of the Union's is left in the hex: its retreat is made.
	if w := strings.Join(g.Waiting(), ";"); strings.Contains(w, "battle") {
		t.Fatalf("waiting: %s", w)
	}
	if len(litn.Of(g).LITN.Combat.Victories) != 1 || litn.Of(g).LITN.Combat.Victories[0].Major {
		t.Fatalf("victory %+v", litn.Of(g).LITN.Combat.Victories)
	}
}

// TestLITNPlayCombatMajorVictory: a U battle of 32 against 30 (Pitched Battle
// both): the Union loses 5 a round and is demoralized in round 3 (die 1 +
// 5 tenths); 15 non-militia points lost is a major victory (10.8). The
// Union's loss order puts Sumner first.
func TestLITNPlayCombatMajorVictory(t *testing.T) {
	env := lpcSetup(t)
	units := []litn.Unit{
		lpcUnit(t, env, engine.CSA, "csa.jackson", litn.SheetCorps, "", 0, 1, 3, 2, 2, "1625"),
		lpcUnit(t, env, engine.CSA, "csa.hood", "", "infantry", 9, 2, 2, 2, 3, "1625"),
		lpcUnit(t, env, engine.CSA, "csa.ap-hill", "", "infantry", 11, 2, 2, 2, 3, "1625"),
		lpcUnit(t, env, engine.CSA, "csa.dh-hill", "", "infantry", 12, 2, 1, 1, 3, "1625"),
		lpcUnit(t, env, engine.USA, "usa.hooker", "", "infantry", 14, 2, 2, 1, 2, "1625"),
		lpcUnit(t, env, engine.USA, "usa.sumner", "", "infantry", 16, 4, 1, 1, 2, "1625"),
	}
	g, _ := lpcStart(t, env, units, nil, litn.Options{})
	g, _ = lpcDo(t, g, litn.Attack{By: leeActor, Hex: "1625"}, engine.Script())
	g, _ = lpcDo(t, g, litn.Supply{By: leeActor, Hex: "1625", Depot: "1624", Map: env.m}, engine.Script())
	g, _ = lpcDo(t, g, litn.Supply{By: mcclellanActor, Hex: "1625", Depot: "1624", LossOrder: []string{"Sumner"}, Map: env.m}, engine.Script())
	g, _ = lpcDo(t, g, litn.ChooseOption{By: leeActor, Hex: "1625", Option: "pitched", Library: env.charts.Library}, engine.Script())
	before := g
	g, evs := lpcDo(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "pitched battle", Library: env.charts.Library},
		engine.Script(6, 6, 6, 6, 6, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1))
	f := evs[1].(*litn.BattleFought)
	// The events replay from their JSON to the same state.
	replay := before
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		d, err := litnRules.DecodeEvent(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		replay = replay.Apply(d)
	}
	if !reflect.DeepEqual(litn.Of(replay).LITN.Units, litn.Of(g).LITN.Units) || !reflect.DeepEqual(litn.Of(replay).LITN.Combat, litn.Of(g).LITN.Combat) {
		t.Fatalf("replayed state differs:\n%+v\n%+v", litn.Of(replay).LITN.Combat, litn.Of(g).LITN.Combat)
	}
	if len(f.Result.Fought) != 3 || !f.Result.Demoralized[litn.Def] || f.Result.NonMilitia[litn.Def] != 15 {
		t.Fatalf("result: %d rounds, %+v", len(f.Result.Fought), f.Result)
	}
	if s, h := litn.Of(g).LITN.Units["usa.sumner"], litn.Of(g).LITN.Units["usa.hooker"]; s.Strength != 1 || h.Strength != 14 || !s.Demoralized || !h.Demoralized {
		t.Fatalf("Sumner %+v Hooker %+v", s, h)
	}
	if v := litn.Of(g).MajorVictories(); len(v) != 1 || v[0] != engine.CSA {
		t.Fatalf("major victories %v", v)
	}
	says := lpcSays(g, f)
	if !strings.Contains(says["all"], "**major victory**") || strings.Contains(says["all"], "Sumner 15") || !strings.Contains(says["usa"], "Sumner 15 (now 1)") {
		t.Fatalf("says: %v", says)
	}
	// Secrecy: the table and the enemy read no commitment or strengths.
	for _, leak := range []string{"committed", "now ", "Sumner 15", "Hooker 14"} {
		if strings.Contains(says["all"], leak) {
			t.Fatalf("%q reaches the table: %s", leak, says["all"])
		}
	}
	for _, leak := range []string{"now 1", "Sumner 15", "You take 5", "fire 30"} {
		if strings.Contains(says["csa"], leak) {
			t.Fatalf("%q reaches the Confederate: %s", leak, says["csa"])
		}
	}
	if strings.Contains(says["csa"], "of 30 =") || !strings.Contains(says["usa"], "of 30 = **30** committed") {
		t.Fatalf("commitments: %v", says)
	}
}

func TestLITNPlayCombatSupplyChecks(t *testing.T) {
	env := lpcSetup(t)
	wagon := func(id string, side engine.Side, at string, depleted, marker bool) litn.WagonPiece {
		u := lpcUnit(t, env, side, id, "", "", 0, 1, 1, 1, 1, at)
		return litn.WagonPiece{ID: id, Side: side, At: at, Hex: u.Hex, Depleted: depleted, Depletion: marker}
	}
	wagons := []litn.WagonPiece{wagon("csa-w1", engine.CSA, "1627", false, false), wagon("csa-w2", engine.CSA, "1630", false, false),
		wagon("csa-w3", engine.CSA, "1626", true, false), wagon("usa-w1", engine.USA, "1624", false, false)}
	g, _ := lpcStart(t, env, lpcHex1625(t, env), wagons, litn.Options{})
	g, _ = lpcDo(t, g, litn.Attack{By: leeActor, Hex: "1625"}, engine.Script())
	sup := func(by engine.Actor, s litn.Supply) litn.Supply {
		s.By, s.Hex, s.Map = by, "1625", env.m
		return s
	}
	lpcRefused(t, g, sup(leeActor, litn.Supply{}), "litn.supply.source")
	lpcRefused(t, g, sup(leeActor, litn.Supply{Wagon: "usa-w1"}), "litn.supply.wagon")
	lpcRefused(t, g, sup(leeActor, litn.Supply{Wagon: "csa-w3"}), "litn.supply.wagon")
	lpcRefused(t, g, sup(leeActor, litn.Supply{Wagon: "csa-w2"}), "litn.supply.range")
	lpcRefused(t, g, sup(leeActor, litn.Supply{Depot: "2225"}), "litn.supply.range")
	lpcRefused(t, g, sup(leeActor, litn.Supply{Depot: "1624", LossOrder: []string{"Hooker"}}), "litn.supply.loss")
	// 1026 is the Confederate depot of 1863 (15.2): not in scenario 1.
	lpcRefused(t, g, sup(leeActor, litn.Supply{Depot: "1026"}), "litn.supply.depot")
	lpcRefused(t, g, litn.ChooseOption{By: leeActor, Hex: "1625", Option: "probe", Library: env.charts.Library}, "litn.option.supply")
	// Unsupplied: no Pitched Battle or Assault (10.2).
	g, evs := lpcDo(t, g, sup(mcclellanActor, litn.Supply{Unsupplied: true}), engine.Script())
	if says := lpcSays(g, evs[0]); says["all"] != "" || says["csa"] != "" || !strings.Contains(says["usa"], "unsupplied") {
		t.Fatalf("supply said: %v", says)
	}
	b, _ := litn.Of(g).BattleAt("1625")
	allowed, refused := litn.Of(g).OptionsFor(b, engine.USA)
	if len(allowed) != 2 || refused[litn.Pitched] == "" {
		t.Fatalf("allowed %v refused %v", allowed, refused)
	}
	lpcRefused(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "pitched", Library: env.charts.Library}, "litn.option")
	lpcRefused(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "assault", Library: env.charts.Library}, "litn.option")
	lpcRefused(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "charge", Library: env.charts.Library}, "litn.option")
	// The wagon rolls for depletion after the option; its marker is
	// flipped in G2.
	g, _ = lpcDo(t, g, sup(leeActor, litn.Supply{Wagon: "csa-w1"}), engine.Script())
	g, _ = lpcDo(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "stand", Library: env.charts.Library}, engine.Script())
	g, evs = lpcDo(t, g, litn.ChooseOption{By: leeActor, Hex: "1625", Option: "probe", Library: env.charts.Library}, engine.Script(6, 6, 6, 6, 6, 1, 1, 1))
	f := evs[1].(*litn.BattleFought)
	if len(f.Result.Wagons) != 1 || !litn.Of(g).LITN.Wagons["csa-w1"].Depletion || litn.Of(g).LITN.Wagons["csa-w1"].Depleted {
		t.Fatalf("wagon: %+v %+v", f.Result.Wagons, litn.Of(g).LITN.Wagons["csa-w1"])
	}
	// The unsupplied Union retreats after the last round (10.2).
	b, _ = litn.Of(g).BattleAt("1625")
	if len(b.Due) != 1 || b.Due[0].Reason != litn.RetreatUnsupplied {
		t.Fatalf("due %+v", b.Due)
	}
	g, _ = lpcDo(t, g, litn.RetreatOrder{By: umpireActor, Hex: "1625", Side: engine.USA, Path: []string{"1725"}, Map: env.m}, engine.Script())
	g, _ = lpcDo(t, g, engine.NextStep{By: umpireActor, Sequence: env.seq, Force: true, Reason: "test"}, engine.Script())
	if g.CurrentStep() != litn.StepDepletion || !litn.Of(g).LITN.Wagons["csa-w1"].Depleted || litn.Of(g).LITN.Wagons["csa-w1"].Depletion {
		t.Fatalf("G2: %s %+v", g.CurrentStep(), litn.Of(g).LITN.Wagons["csa-w1"])
	}
}

// TestLITNPlayCombatFortification: the umpire declares 1625 a Washington
// fortification hex (13): the intrinsic strength defends with the Union and
// its losses are recorded.
func TestLITNPlayCombatFortification(t *testing.T) {
	env := lpcSetup(t)
	g, _ := lpcStart(t, env, lpcHex1625(t, env), nil, litn.Options{})
	lpcRefused(t, g, litn.Attack{By: leeActor, Hex: "1625", Fortification: true}, "litn.fortification")
	g, _ = lpcDo(t, g, litn.Attack{By: umpireActor, Hex: "1625", Side: engine.CSA, Fortification: true}, engine.Script())
	for _, by := range []engine.Actor{leeActor, mcclellanActor} {
		g, _ = lpcDo(t, g, litn.Supply{By: by, Hex: "1625", Depot: "1624", Map: env.m}, engine.Script())
	}
	g, _ = lpcDo(t, g, litn.Supply{By: mcclellanActor, Hex: "1625", Depot: "1624", LossOrder: []string{"intrinsic"}, Map: env.m}, engine.Script())
	g, _ = lpcDo(t, g, litn.ChooseOption{By: leeActor, Hex: "1625", Option: "assault", Library: env.charts.Library}, engine.Script())
	// Assault/Stand: two rounds; the attacker hits with 6s.
	g, evs := lpcDo(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "stand", Library: env.charts.Library},
		engine.Script(append([]int{6, 6, 6, 6, 6, 1, 1, 1}, make1s(20)...)...))
	f := evs[1].(*litn.BattleFought)
	if f.Battle.Fortification == nil || f.Battle.Fortification.Intrinsic != litn.IntrinsicStart {
		t.Fatalf("fortification %+v", f.Battle.Fortification)
	}
	lost := f.Result.Losses[litn.Def][litn.IntrinsicID]
	if lost == 0 || litn.Of(g).LITN.Combat.Intrinsic["1625"] != lost || litn.Of(g).LITN.Units["usa.hooker"].Strength != 14-f.Result.Losses[litn.Def]["usa.hooker"] {
		t.Fatalf("intrinsic lost %d, recorded %d", lost, litn.Of(g).LITN.Combat.Intrinsic["1625"])
	}
}

// TestLITNPlayCombatLeaderCasualty: with 14.3, a natural 6 in a round rolls
// for the firer's combat and corps leaders: Hood is killed (5) and his unit
// becomes a detachment of equal strength; Jackson survives (1).
func TestLITNPlayCombatLeaderCasualty(t *testing.T) {
	env := lpcSetup(t)
	g, _ := lpcStart(t, env, lpcHex1625(t, env), nil, litn.Options{LeaderCasualties: true})
	g = lpcAttack(t, g, env)
	g, _ = lpcDo(t, g, litn.ChooseOption{By: leeActor, Hex: "1625", Option: "probe", Library: env.charts.Library}, engine.Script())
	// Probe/Stand: one round. Att CRT 6 (3 hits), casualty rolls Jackson
	// 1, Hood 5; def CRT 1; att demo 1; def demo 1 (3 of 14: 2 tenths).
	g, evs := lpcDo(t, g, litn.ChooseOption{By: mcclellanActor, Hex: "1625", Option: "stand", Library: env.charts.Library},
		engine.Script(6, 6, 6, 6, 6, 1, 5, 1, 1, 1))
	f := evs[1].(*litn.BattleFought)
	if len(f.Killed) != 1 || f.Killed[0] != "csa.hood" {
		t.Fatalf("killed %v (%+v)", f.Killed, f.Result.Casualties)
	}
	hood := litn.Of(g).LITN.Units["csa.hood"]
	if hood.Parent != "csa.hood" || hood.Eliminated || hood.Strength != 9-f.Result.Losses[litn.Att]["csa.hood"] || !strings.Contains(hood.Name, "Detachment") {
		t.Fatalf("Hood %+v", hood)
	}
	if says := lpcSays(g, f); !strings.Contains(says["all"], "Hood is killed (14.3") {
		t.Fatalf("says %v", says)
	}
}

func make1s(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 1
	}
	return out
}
