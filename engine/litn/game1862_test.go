package litn_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// The scripted games of the two 1862 scenarios (issue 10; 002 15.2-15.4):
// scenario 1 (Frederick to Antietam, turns 4-16) and scenario 2 (the
// Maryland Campaign, turns 1-16), from the fixture record sheets
// (scenarios/testdata/litn, INVENTED FOR TESTS) on the fixture charts
// (testdata, INVENTED FOR TESTS), with scripted dice. Every expected
// number is worked out in a comment from the rules and the fixture
// charts; the basic movement allowances are lmMA's (invented).

// g62Secrets checks that no event logged since from tells the table or
// the other side a strength of a side's unit (2.5: the record sheets are
// secret): no sentence naming the unit holds a number it has had as its
// strength, once hex numbers, rule sections, turns, dice, VPs and CPs
// are taken out. The same search over the side's own texts must find
// its strengths (so the search does look where they are written): it
// returns how many it found there.
func g62Secrets(p *litnPlay, from int, seen map[string]map[int]bool) int {
	p.t.Helper()
	for _, u := range litn.Of(p.g).UnitsOf("") {
		if seen[u.ID] == nil {
			seen[u.ID] = map[int]bool{}
		}
		if u.Original > 0 {
			seen[u.ID][u.Original] = true
		}
		if u.Strength > 0 {
			seen[u.ID][u.Strength] = true
		}
	}
	own := 0
	for _, e := range p.log[from:] {
		s, ok := e.(litn.Sayer)
		if !ok {
			continue
		}
		for _, say := range s.Say(litn.Of(p.g)) {
			for _, chunk := range g62Split.Split(say.Text, -1) {
				for _, u := range litn.Of(p.g).UnitsOf("") {
					if !strings.Contains(chunk, u.Name) {
						continue
					}
					n := g62Numbers(chunk, seen[u.ID])
					switch {
					case n == 0:
					case say.To == string(u.Side):
						own++
					case say.To == "all" || say.To == string(g62Other(u.Side)):
						p.t.Errorf("turn %d: %s tells %q the strength %d of %s: %s", p.g.Turn, e.EventType(), say.To, n, u.Name, chunk)
					}
				}
			}
		}
	}
	return own
}

var (
	g62Split = regexp.MustCompile(`\n|[.;] `)
	// What is not a strength: hexes, rule sections, turns, dice and
	// their modifiers, VPs, CPs, counts of rounds and points of the
	// charts.
	g62NotStrength = regexp.MustCompile(`\(002 [^)]*\)|\b\d{4}\b|002 [\d.]+|\d+(\.\d+)+|turn \d+|(rolled|1d6|2d6|row|column) [\d +=-]+|[+-]\d+|\d+ VPs?|\d+ CPs?|\d+ hex|\d+ MPs?|\d+ round`)
	g62Number      = regexp.MustCompile(`\b\d+\b`)
)

// g62Numbers returns a number of the chunk (outside what is not a
// strength) that is one of the strengths, or 0.
func g62Numbers(chunk string, strengths map[int]bool) int {
	for _, m := range g62Number.FindAllString(g62NotStrength.ReplaceAllString(chunk, " "), -1) {
		var n int
		fmt.Sscan(m, &n)
		if strengths[n] {
			return n
		}
	}
	return 0
}

func g62Other(s engine.Side) engine.Side {
	if s == engine.CSA {
		return engine.USA
	}
	return engine.CSA
}

// g62Forward forces /phase next until the game stands at the step of
// the turn, rolling 3 whenever a die is needed (the fast-forward part of
// the game: its rolls are not asserted).
func g62Forward(p *litnPlay, turn int, step string) {
	p.t.Helper()
	for i := 0; i < 400; i++ {
		if p.g.Turn == turn && p.g.CurrentStep() == step {
			return
		}
		faces := make([]int, 60)
		for j := range faces {
			faces[j] = 3
		}
		cmd := engine.NextStep{By: lpUmpire, Sequence: p.seq, Context: engine.StepContext{Library: p.lib, Map: p.m}, Force: true, Reason: "fast forward"}
		evs, err := p.g.Decide(cmd, engine.Script(faces...))
		if err != nil {
			p.t.Fatalf("turn %d step %s: forcing on: %v", p.g.Turn, p.g.CurrentStep(), err)
		}
		for _, e := range evs {
			p.g = p.g.Apply(e)
		}
		p.log = append(p.log, evs...)
	}
	p.t.Fatalf("never reached turn %d step %s", turn, step)
}

// g62Said gathers what the events say to an audience.
func g62Said(p *litnPlay, evs []engine.Event, to string) string {
	var b strings.Builder
	for _, e := range evs {
		if x := lmSays(p.g, e, to); x != "" {
			b.WriteString(x + "\n")
		}
	}
	return b.String()
}

func TestLITNGame1FrederickToAntietam(t *testing.T) {
	p := newLITNPlay(t, "litn-1-frederick-to-antietam", litn.Options{})
	seen := map[string]map[int]bool{}
	mark, own := 0, 0
	phase := func() {
		t.Helper()
		own += g62Secrets(p, mark, seen)
		mark = len(p.log)
	}
	// The printed values the map and the charts' margins hold (invented
	// here): basic allowances and the 1862 year modifiers.
	p.do(litn.Declare{By: lpUmpire, BasicMA: lmMA, Year: map[string]int{"command-point": 0, "broadcast": 0}})
	// 15.2: Lee has no LOC at the start of scenario 1; on turns 1-6 the
	// Confederate does not modify his Command Point or Broadcast rolls
	// for it, so the rolls below read straight.
	evs := p.do(litn.Declare{By: lpLee, LOC: map[string]bool{"R.E. Lee": false}})
	if g62Said(p, evs, "all")+g62Said(p, evs, "usa") != "" {
		t.Error("the LOC declaration reaches the Union")
	}

	// ---- Turn 4 (15.3: the scenario starts on turn 4) ----
	// A1-A6 do not happen: no reorganization (scenario 2), no attrition
	// (even turn), no replacements (from turn 5), no militia, no wagon
	// (the first on turn 6); B1 neither (from turn 6). B2: the
	// Confederate rolls 4: 1-5, he chooses (litn.initiative).
	evs = p.next(false, 4)
	p.at(litn.StepInitiative)
	if !strings.Contains(g62Said(p, evs, "all"), "Confederate") {
		t.Errorf("initiative said: %s", g62Said(p, evs, "all"))
	}
	p.refuse(litn.First{By: lpUnion, First: engine.USA}, "litn")
	p.do(litn.First{By: lpLee, First: engine.CSA})
	p.vp(0, 0)
	p.demoralized()
	phase()
	// C: Lee rolls 2 (1 CP on the fixture Command Point Table, row 2),
	// Stuart 1 (row 1: 0 CP); no broadcast.
	p.next(false, 2, 1)
	p.at(litn.StepFirstCommand)
	if pts := litn.Of(p.g).CommandOf(engine.CSA).Points; pts["csa.lee"] != 1 || pts["csa.stuart"] != 0 {
		t.Fatalf("turn 4 CPs %v", pts)
	}
	p.do(litn.Done{By: lpLee})
	p.next(false)
	p.at(litn.StepFirstMove)
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	// E: McClellan rolls 1, Pleasonton 1: 0 CP each (row 1).
	p.next(false, 1, 1)
	p.at(litn.StepSecondCommand)
	p.do(litn.Done{By: lpUnion})
	p.next(false)
	p.at(litn.StepSecondMove)
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.strength(map[string]int{"csa.hood": 9, "csa.lawton": 10, "usa.miles": 12, "usa.sumner": 16})
	phase()
	// G1: no hex holds both sides: no battle, no wait. G2, H1 (nobody
	// demoralized), H2 (no wagon), H3: no place held (15.1: Harpers Ferry
	// is the Union's; no Confederate infantry stands on a town).
	for _, st := range []string{litn.StepCombat, litn.StepDepletion, litn.StepRecovery, litn.StepUndepletion, litn.StepVictory} {
		p.next(false)
		p.at(st)
	}
	p.vp(0, 0)
	p.demoralized()
	phase()

	// ---- Turn 5 ----
	// A2 Attrition (odd turn, 1862: 11, 15.2): each side rolls one die;
	// every unit has its LOC (none declared otherwise) and none is near
	// a depot. The Confederate rolls 3: his units stand in Union
	// territory (north of the Potomac; Maryland Heights 1629 is
	// Maryland), the fixture Attrition Table row 3, enemy column "1/0":
	// each infantry unit loses 1, cavalry none. The Union rolls 3: friendly
	// territory (Harpers Ferry is friendly to both, 2.1), row 3 "1/0":
	// infantry 1, cavalry 0; the artillery takes no attrition (11.1 names
	// only infantry and cavalry).
	evs = p.next(false, 3, 3)
	p.at(litn.StepAttrition)
	p.strength(map[string]int{"csa.hood": 8, "csa.dh-hill": 11, "csa.lawton": 9, "csa.ap-hill": 10, "csa.fitz-lee": 4,
		"usa.hooker": 13, "usa.sumner": 15, "usa.miles": 11, "usa.farnsworth": 3, "usa.artillery": 5})
	// Off the map, Walker (arriving turn 6) takes none.
	p.strength(map[string]int{"csa.walker": 7, "usa.porter": 13})
	if csa := g62Said(p, evs, "csa"); !strings.Contains(csa, "Hood") || strings.Contains(g62Said(p, evs, "usa"), "Hood") {
		t.Errorf("the attrition losses: csa %q / usa %q", csa, g62Said(p, evs, "usa"))
	}
	p.demoralized()
	p.vp(0, 0)
	// A3 Replacements (15.2, from turn 5): 1 point on an odd turn.
	p.next(false)
	p.at(litn.StepReplacements)
	p.refuse(litn.Replace{By: lpLee, Unit: "Hood", Points: 2}, "litn.replace")
	p.do(litn.Replace{By: lpLee, Unit: "Hood", Points: 1})
	// The turn's one point is spent.
	p.refuse(litn.Replace{By: lpLee, Unit: "Lawton", Points: 1}, "litn.replacements.too-many")
	p.do(litn.Replace{By: lpUnion, Unit: "Sumner", Points: 1})
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.strength(map[string]int{"csa.hood": 9, "usa.sumner": 16, "csa.lawton": 9})
	p.demoralized()
	p.vp(0, 0)
	phase()
	// B2 (A4-A6 and B1 do not happen: no militia condition, the first
	// wagon is turn 6, the dispatch from turn 6): the Confederate rolls
	// 3: he chooses, and moves first.
	p.next(false, 3)
	p.at(litn.StepInitiative)
	p.do(litn.First{By: lpLee, First: engine.CSA})
	phase()
	// C: Lee rolls 4 (row 4: 2 CP, 7.1's example), Stuart 5 (row 5: 3
	// CP); 15.2 waives the Confederate LOC modifier on turns 1-6 anyway.
	p.next(false, 4, 5)
	p.at(litn.StepFirstCommand)
	// Lee to Jackson in 1625 (3 hexes, column 1-4): 5 is Full, 2 CP;
	// Jackson on to Lawton in 1629 (4 hexes, column 1-4): 3 is Full.
	p.do(litn.BroadcastCmd{By: lpLee, From: "R.E. Lee", To: "1625", Map: p.m, Library: p.lib}, 5)
	p.do(litn.BroadcastCmd{By: lpLee, From: "Jackson", To: "1629", Map: p.m, Library: p.lib}, 3)
	// Jackson also to D.H. Hill in 1924 (3 hexes, column 1-4): 3 is Full.
	p.do(litn.BroadcastCmd{By: lpLee, From: "Jackson", To: "1924", Map: p.m, Library: p.lib}, 3)
	if pts := litn.Of(p.g).CommandOf(engine.CSA).Points; pts["csa.lawton"] != 2 || pts["csa.dh-hill"] != 2 {
		t.Fatalf("Lawton's and D.H. Hill's CPs %v", pts)
	}
	p.do(litn.Done{By: lpLee})
	// D: Lawton's hex has 2 CP for his rating 3: 2/3 of the basic 6 = 4
	// MP. He crosses into Harpers Ferry (1529), Miles's hex: clear 1 + 1
	// for the enemy combat unit (8.3), and his move ends there. Entering
	// a hex within 5 of Miles releases him (15.2).
	p.next(false)
	p.at(litn.StepFirstMove)
	evs = p.do(litn.MoveCmd{By: lpLee, Units: []string{"Lawton"}, Path: lmPath(t, "1529 clear"), Map: p.m, Library: p.lib})
	if mv := evs[0].(*litn.Moved); !mv.Result.Ended || mv.Result.Spent["csa.lawton"] != 2 {
		t.Fatalf("Lawton's move %+v", mv.Result)
	}
	if all := g62Said(p, evs, "all"); !strings.Contains(all, "Miles") {
		t.Errorf("Miles's release not told: %s", all)
	}
	// D.H. Hill: 2 CP of his rating 2, the full 6 MP: six clear hexes to
	// Hagerstown (1719, 1 VP, 15.1).
	p.refuse(litn.MoveCmd{By: lpLee, Units: []string{"D.H. Hill"}, Path: lmPath(t, "1824,1723,1722,1721,1720 ridge,1719"), Map: p.m, Library: p.lib}, "litn.move.cost")
	p.do(litn.MoveCmd{By: lpLee, Units: []string{"D.H. Hill"}, Path: lmPath(t, "1824,1723,1722,1721,1720,1719"), Map: p.m, Library: p.lib})
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.strength(map[string]int{"csa.lawton": 9, "usa.miles": 11})
	p.demoralized()
	p.vp(0, 0)
	phase()

	// E: McClellan rolls 2 (row 2: 1 CP), Pleasonton 1 (row 1: 0 CP).
	p.next(false, 2, 1)
	p.at(litn.StepSecondCommand)
	p.do(litn.Done{By: lpUnion})
	// F: Sumner stands with McClellan (rating 3, 1 CP: 1/3 of 6 = 2 MP)
	// and moves one clear hex.
	p.next(false)
	p.at(litn.StepSecondMove)
	p.refuse(litn.MoveCmd{By: lpUnion, Units: []string{"Sumner"}, Path: lmPath(t, "3036 clear,3037 clear,3038 clear"), Map: p.m, Library: p.lib}, "litn.move.cost")
	p.do(litn.MoveCmd{By: lpUnion, Units: []string{"Sumner"}, Path: lmPath(t, "3036 clear"), Map: p.m, Library: p.lib})
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.strength(map[string]int{"usa.sumner": 16})
	p.demoralized()
	p.vp(0, 0)
	phase()

	// G1: a battle in Harpers Ferry (1529). Lawton's initiative 1 beats
	// Miles's 0: the Confederate decides first (10 steps 1-2).
	p.next(false)
	p.at(litn.StepCombat)
	if _, ok := litn.Of(p.g).BattleAt("1529"); !ok {
		t.Fatal("no battle in 1529")
	}
	p.refuse(litn.Attack{By: lpUnion, Hex: "1529"}, "litn")
	// An observer is not the umpire: he decides nothing in a battle.
	p.refuse(litn.Attack{By: engine.Actor{ID: "observer", Name: "Observer"}, Hex: "1529"}, "game.player")
	p.do(litn.Attack{By: lpLee, Hex: "1529"})
	// Supply: the Confederate from a depot in 1929 (4 hexes), the Union
	// from one he declares in 1129 (4 hexes). The umpire has recorded the
	// Confederate depots printed on the group's map (INVENTED hexes; the
	// issue 22 ruling, play_depots.go): a hex off that list is refused,
	// and only the umpire records them. The Union's are not recorded: its
	// player's word stands.
	p.refuse(litn.DeclareDepots{By: lpLee, Side: engine.CSA, Hexes: []string{"1929"}, Map: p.m}, "litn.depots.umpire")
	p.refuse(litn.DeclareDepots{By: lpUmpire, Side: engine.CSA, Hexes: []string{"1929", "9999"}, Map: p.m}, "litn.depots.hex")
	evs = p.do(litn.DeclareDepots{By: lpUmpire, Side: engine.CSA, Hexes: []string{"1929", "1730", "2838", "2938"}, Map: p.m})
	if all := lmSays(p.g, evs[0], "all"); !strings.Contains(all, "Confederate supply depots printed on the map (002 9.1): 1929, 1730, 2838, 2938") {
		t.Errorf("the table is told: %q", all)
	}
	p.refuse(litn.Supply{By: lpLee, Hex: "1529", Depot: "1530", Map: p.m}, "litn.depot.unknown")
	p.do(litn.Supply{By: lpLee, Hex: "1529", Depot: "1929", Map: p.m})
	p.do(litn.Supply{By: lpUnion, Hex: "1529", Depot: "1129", Map: p.m})
	p.do(litn.ChooseOption{By: lpUnion, Hex: "1529", Option: "stand", Library: p.lib})
	// Assault against Stand: the fixture Combat Options Chart row
	// Assault, column Stand: 2 rounds.
	// Commitment (10.4): Lawton, column 3 (his rating), 4+4 = 8: row 8
	// column 3: 100% of 9 = 9. Miles, column 4, 3+3 = 6: row 5-6 column
	// 4: 50% of 11 = 5.5, 6 (halves up).
	// Round 1: Lawton fires 9 (column 6-16), 4 + 1 (his combat bonus) = 5:
	// 2 hits; Miles fires 6 (6-16), 3 + 1 (the defender's fire) = 4: 2
	// hits. Both have lost 10% or more and check (10.6): the Confederate
	// 1 + 2 tenths (2 of 9) = 3, holds; the Union 1 + 3 tenths (2 of 6) +
	// 1 (command rating 4) = 5, holds.
	// Round 2: Lawton 7 left (6-16), 2 + 1 = 3: 1 hit; Miles 4 left (1-5),
	// 5 + 1 = 6: 2 hits. Checks: the Confederate 1 + 4 tenths (4 of 9) =
	// 5, holds; the Union 1 + 5 tenths (3 of 6) + 1 = 7: demoralized.
	evs = p.do(litn.ChooseOption{By: lpLee, Hex: "1529", Option: "assault", Library: p.lib}, 4, 4, 3, 3, 4, 3, 1, 1, 2, 5, 1, 1)
	var fought *litn.BattleFought
	for _, e := range evs {
		if f, ok := e.(*litn.BattleFought); ok {
			fought = f
		}
	}
	if fought == nil || fought.Result.Rounds != "2" || len(fought.Result.Fought) != 2 || fought.Result.Commitment[0].Committed != 9 || fought.Result.Commitment[1].Committed != 6 {
		t.Fatalf("battle %+v", fought)
	}
	// Lawton 9 - 4 = 5; Miles 11 - 3 = 8, demoralized; a minor victory
	// (3 points lost, fewer than 15: 0 VP, 10.8).
	p.strength(map[string]int{"csa.lawton": 5, "usa.miles": 8})
	p.demoralized("usa.miles")
	if v := fought.Result.Victory; v == nil || v.Winner != litn.Att || v.Major {
		t.Fatalf("victory %+v", v)
	}
	if all := g62Said(p, evs, "all"); !strings.Contains(all, "Assault") || !strings.Contains(all, "Stand") {
		t.Errorf("the chits are not revealed: %s", all)
	}
	// Miles retreats 4 MPs toward his supply (10.6): 1429, 1329, 1229,
	// 1129.
	p.refuse(litn.RetreatOrder{By: lpLee, Hex: "1529", Path: []string{"1629"}, Map: p.m}, "litn.retreat")
	p.do(litn.RetreatOrder{By: lpUnion, Hex: "1529", Path: []string{"1429", "1329", "1229", "1129"}, Map: p.m})
	if u := litn.Of(p.g).LITN.Units["usa.miles"]; u.At != "1129" {
		t.Fatalf("Miles at %s", u.At)
	}
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.vp(0, 0)
	phase()

	// G2: no Depletion marker. H1: Miles rolls 2 on the Morale Recovery
	// table with his own initiative 0: 2 exceeds 0 + 1, still
	// demoralized (12). H2: no wagon. H3: nothing scores (Lawton entered
	// Harpers Ferry this turn; its value is unknown, 15.1).
	p.next(false)
	p.at(litn.StepDepletion)
	evs = p.next(false, 2)
	p.at(litn.StepRecovery)
	if all := g62Said(p, evs, "all"); !strings.Contains(all, "Miles") {
		t.Errorf("recovery said %q", all)
	}
	p.demoralized("usa.miles")
	p.next(false)
	p.at(litn.StepUndepletion)
	p.next(false)
	p.at(litn.StepVictory)
	p.vp(0, 0)
	p.strength(map[string]int{"csa.lawton": 5, "usa.miles": 8, "csa.hood": 9, "usa.sumner": 16})
	phase()

	// ---- Turn 6 ----
	// A2 does not happen (even turn). A3: 2 points on an even turn
	// (15.2). Lawton 5 + 2 = 7. A demoralized unit gets none: Miles is
	// refused; Hooker 13 + 2 = 15, past his original 14 (15.2: "Players
	// may add in excess of a unit's original strength").
	p.next(false)
	p.at(litn.StepReplacements)
	p.do(litn.Replace{By: lpLee, Unit: "Lawton", Points: 2})
	p.refuse(litn.Replace{By: lpUnion, Unit: "Miles", Points: 1}, "litn.replace")
	p.do(litn.Replace{By: lpUnion, Unit: "Hooker", Points: 2})
	p.refuse(litn.Replace{By: lpUnion, Unit: "Sumner", Points: 1}, "litn.replacements.too-many")
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.strength(map[string]int{"csa.lawton": 7, "usa.hooker": 15, "usa.miles": 8})
	// A5 (15.2: scenario 1's first Confederate wagon on turn 6): Lee
	// places it at the depot he names.
	p.next(false)
	p.at(litn.StepWagons)
	p.refuse(litn.PlaceWagon{By: lpLee, Hex: "1026", Map: p.m}, "litn.wagons")
	p.refuse(litn.PlaceWagon{By: lpLee, Hex: "1731", Map: p.m}, "litn.depot.unknown") // not a recorded depot (4.1, 9.1)
	p.do(litn.PlaceWagon{By: lpLee, Hex: "1730", Map: p.m})
	if len(litn.Of(p.g).LITN.Wagons) != 1 {
		t.Fatalf("wagons %+v", litn.Of(p.g).LITN.Wagons)
	}
	// The wagon placed, A5 waits for no one.
	p.refuse(litn.Done{By: lpLee}, "litn")
	p.demoralized("usa.miles")
	p.vp(0, 0)
	phase()
	// B1 (5.1, from turn 6): the Union rolls 1: found. B2: from now on
	// the Union rolls for initiative: 2, 1-5: the Union chooses.
	evs = p.next(false, 1)
	p.at(litn.StepLostDispatch)
	if !litn.Of(p.g).LostDispatchFound() {
		t.Fatal("the dispatch is not found")
	}
	p.next(false, 2)
	p.at(litn.StepInitiative)
	p.refuse(litn.First{By: lpLee, First: engine.CSA}, "litn")
	p.do(litn.First{By: lpUnion, First: engine.USA})
	p.demoralized("usa.miles")
	p.vp(0, 0)
	phase()

	// C (the Union first): the dispatch adds 1 to the Union's Command
	// Point Table rolls (5.1). McClellan 3 + 1 = 4: 2 CP; Pleasonton 1 +
	// 1 = 2: 1 CP.
	p.next(false, 3, 1)
	p.at(litn.StepFirstCommand)
	if pts := litn.Of(p.g).CommandOf(engine.USA).Points; pts["usa.mcclellan"] != 2 || pts["usa.pleasonton"] != 1 {
		t.Fatalf("turn 6 Union CPs %v", pts)
	}
	// McClellan to Sumner in 3036 (1 hex, column 1-4): 4 is Full.
	p.do(litn.BroadcastCmd{By: lpUnion, From: "G. McClellan", To: "3036", Map: p.m, Library: p.lib}, 4)
	p.do(litn.Done{By: lpUnion})
	// D: Sumner, 2 CP for his rating 4: 1/2 of 6 = 3 MP, goes back to
	// Rockville.
	p.next(false)
	p.at(litn.StepFirstMove)
	p.refuse(litn.MoveCmd{By: lpUnion, Units: []string{"Sumner"}, Path: lmPath(t, "3035 ridge,3034 ridge"), Map: p.m, Library: p.lib}, "litn.move.cost")
	p.do(litn.MoveCmd{By: lpUnion, Units: []string{"Sumner"}, Path: lmPath(t, "3035 clear"), Map: p.m, Library: p.lib})
	p.do(litn.Done{By: lpUnion})
	p.do(litn.Done{By: lpLee})
	if u := litn.Of(p.g).LITN.Units["usa.sumner"]; u.At != "3035" {
		t.Fatalf("Sumner at %s", u.At)
	}
	p.demoralized("usa.miles")
	p.vp(0, 0)
	phase()
	// E: Lee and Stuart roll 1: 0 CP (row 1). Walker (his sheet's turn 6)
	// is still off the map: arrivals enter in their side's Movement Phase
	// (15.5; docs/litn-play-movement.md).
	p.next(false, 1, 1)
	p.at(litn.StepSecondCommand)
	if u := litn.Of(p.g).LITN.Units["csa.walker"]; u.OnMap() {
		t.Fatalf("Walker on the map in the Command Phase: %+v", u)
	}
	p.do(litn.Done{By: lpLee})
	// F: Walker enters at 1529, the path's first hex (15.5), with his
	// full allowance though no CP reached him.
	p.next(false)
	p.at(litn.StepSecondMove)
	if a := litn.Of(p.g).LITN.Moves.Phase.Allowance["csa.walker"]; !a.Full {
		t.Errorf("Walker's allowance on entry: %+v", a)
	}
	p.do(litn.MoveCmd{By: lpLee, Units: []string{"Walker"}, Path: lmPath(t, "1529 clear"), Map: p.m, Library: p.lib})
	if u := litn.Of(p.g).LITN.Units["csa.walker"]; u.At != "1529" || u.Strength != 7 {
		t.Fatalf("Walker %+v", u)
	}
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	phase()
	// G1: no hex holds both sides (Miles left 1529): no battle. G2.
	p.next(false)
	p.at(litn.StepCombat)
	p.next(false)
	p.at(litn.StepDepletion)
	// H1: Miles rolls 1: recovers (a 1 always does, 12).
	p.next(false, 1)
	p.at(litn.StepRecovery)
	p.demoralized()
	p.next(false)
	p.at(litn.StepUndepletion)
	// H3: D.H. Hill (11 strength points, 10 or more) has held Hagerstown
	// from the start of the turn with no Union unit entering: 1 VP, full
	// value (his line of communications is taken as present, 15.1).
	evs = p.next(false)
	p.at(litn.StepVictory)
	p.vp(litn.WholeVP(1), 0)
	if all := g62Said(p, evs, "all"); !strings.Contains(all, "Hagerstown") {
		t.Errorf("VPs said %q", all)
	}
	p.strength(map[string]int{"csa.lawton": 7, "csa.walker": 7, "csa.hood": 9, "csa.dh-hill": 11, "usa.miles": 8, "usa.hooker": 15, "usa.sumner": 16})
	phase()
	// ---- To the end (turn 16) ----
	g62Forward(p, 16, litn.StepVictory)
	// Nothing more scored (the forced turns roll no battle, and a place
	// scores once): the net Confederate score 1 is "4 or fewer": a Union
	// strategic victory (15.2).
	p.vp(litn.WholeVP(1), 0)
	end := g62Said(p, p.log[len(p.log)-3:], "all")
	if !strings.Contains(end, "Union strategic victory") || !strings.Contains(end, "The game is over") {
		t.Errorf("the end said: %s", end)
	}
	p.refuse(engine.NextStep{By: lpUmpire, Sequence: p.seq, Context: engine.StepContext{Library: p.lib, Map: p.m}}, "litn.game-over")
	p.refuse(engine.NextStep{By: lpUmpire, Sequence: p.seq, Context: engine.StepContext{Library: p.lib, Map: p.m}, Force: true, Reason: "x"}, "litn.game-over")
	phase()
	if own == 0 {
		t.Error("the secrecy check found no strength even in the sides' own texts")
	}
}
func TestLITNGame2MarylandCampaign(t *testing.T) {
	p := newLITNPlay(t, "litn-2-maryland-campaign", litn.Options{})
	seen := map[string]map[int]bool{}
	mark, own := 0, 0
	phase := func() {
		t.Helper()
		own += g62Secrets(p, mark, seen)
		mark = len(p.log)
	}
	p.do(litn.Declare{By: lpUmpire, BasicMA: lmMA, Year: map[string]int{"command-point": 0, "broadcast": 0}})
	disorganized := func(ids ...string) {
		t.Helper()
		want := map[string]bool{}
		for _, id := range ids {
			want[id] = true
		}
		for _, u := range litn.Of(p.g).UnitsOf(engine.USA) {
			if u.Disorganized != want[u.ID] {
				t.Errorf("turn %d step %s: %s disorganized %v, want %v", p.g.Turn, p.g.CurrentStep(), u.ID, u.Disorganized, want[u.ID])
			}
		}
	}

	// ---- Turn 1 ----
	// A1 (15.4): the Union infantry but Miles are turned face down; the
	// cavalry is not. The Union rolls for up to four units within three
	// hexes of McClellan (3541) on litn.union-reorganization: Hooker
	// (3540) 1: reorganized; Sumner (3541) 5 and Franklin (3642) 6: still
	// disorganized. Burnside (3038) is too far.
	p.next(false)
	p.at(litn.StepReorganization)
	disorganized("usa.hooker", "usa.sumner", "usa.franklin", "usa.burnside")
	p.refuse(litn.ReorganizeUnits{By: lpUnion, Units: []string{"Burnside"}, Library: p.lib}, "litn.reorg")
	p.refuse(litn.ReorganizeUnits{By: lpLee, Units: []string{"Hooker"}, Library: p.lib}, "litn")
	evs := p.do(litn.ReorganizeUnits{By: lpUnion, Units: []string{"Hooker", "Sumner", "Franklin"}, Library: p.lib}, 1, 5, 6)
	disorganized("usa.sumner", "usa.franklin", "usa.burnside")
	if all := g62Said(p, evs, "all"); !strings.Contains(all, "Hooker") {
		t.Errorf("reorganization said %q", all)
	}
	// Once a turn (15.4).
	p.refuse(litn.ReorganizeUnits{By: lpUnion, Units: []string{"Sumner"}, Library: p.lib}, "litn.reorg")
	p.strength(map[string]int{"usa.burnside": 13, "csa.hood": 9, "csa.dh-hill": 12})
	p.demoralized()
	p.vp(0, 0)
	phase()
	// A2-A6 and B1 do not happen on turn 1 (attrition from turn 3, the
	// first wagon on turn 3, the dispatch from turn 6). B2: the
	// Confederate rolls 2: he chooses and moves first.
	p.next(false, 2)
	p.at(litn.StepInitiative)
	p.do(litn.First{By: lpLee, First: engine.CSA})
	// C: Lee rolls 5 (row 5: 3 CP), Stuart 1 (0 CP). In 2838 Lee is the
	// highest-ranking leader: 3 CP of his rating 1 is the full allowance.
	p.next(false, 5, 1)
	p.at(litn.StepFirstCommand)
	p.do(litn.Done{By: lpLee})
	p.next(false)
	p.at(litn.StepFirstMove)
	mv := func(by engine.Actor, units, path string) litn.MoveCmd {
		return litn.MoveCmd{By: by, Units: strings.Split(units, ","), Path: lmPath(t, path), Map: p.m, Library: p.lib}
	}
	// A disorganized unit may not move, even in reaction (15.4).
	p.do(mv(lpLee, "Hood,D.H. Hill", "2938 clear"))
	p.refuse(litn.ReactCmd{By: lpUnion, Units: []string{"Burnside"}, Path: lmPath(t, "3138 clear"), Map: p.m, Library: p.lib}, "litn.react.cannot-move")
	// Farnsworth (cavalry, not disorganized) reacts (8.5): 1 is within
	// his initiative 2; he moves to 3039.
	evs = p.do(litn.ReactCmd{By: lpUnion, Units: []string{"Farnsworth"}, Path: lmPath(t, "3039 clear"), Map: p.m, Library: p.lib}, 1)
	if u := litn.Of(p.g).LITN.Units["usa.farnsworth"]; u.At != "3039" {
		t.Fatalf("Farnsworth at %s", u.At)
	}
	if g62Said(p, evs, "csa") != "" {
		t.Errorf("the reaction's roll reaches the Confederate: %s", g62Said(p, evs, "csa"))
	}
	// Hood and D.H. Hill go on into Burnside's hex 3038: 1 + 1 + 1 for
	// the enemy (8.3) = 3 of their 6 MP; their move ends.
	evs = p.do(mv(lpLee, "Hood,D.H. Hill", "3038 clear"))
	if m := evs[0].(*litn.Moved); !m.Result.Ended || m.Result.Spent["csa.hood"] != 3 {
		t.Fatalf("into 3038: %+v", m.Result)
	}
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.demoralized()
	p.vp(0, 0)
	phase()
	// E: McClellan 1, Pleasonton 1: 0 CP. F: nothing moves. Miles (no
	// Confederate within 5 hexes, no dispatch) may neither move nor build
	// a wagon (15.2). McClellan, who stays in Washington (the depot and
	// his CP on the player's word), places a Wagon Creation marker (9.2).
	p.next(false, 1, 1)
	p.at(litn.StepSecondCommand)
	p.do(litn.Done{By: lpUnion})
	p.next(false)
	p.at(litn.StepSecondMove)
	p.refuse(mv(lpUnion, "Miles", "1530"), "litn.move.held")
	p.refuse(litn.PlaceWagon{By: lpUnion, Unit: "Miles", Map: p.m}, "litn.wagons.held")
	p.do(litn.PlaceWagon{By: lpUnion, Unit: "G. McClellan", Map: p.m})
	p.do(litn.Done{By: lpUnion})
	p.do(litn.Done{By: lpLee})
	phase()

	// G1: a battle in 3038. The highest-ranking leaders: D.H. Hill (rank
	// 3, tied with Hood, first by id) and Burnside, initiative 1 each:
	// the turn's second player, the Union, decides first (10 step 2, the
	// engine's reading). A disorganized unit may not attack (15.4): the
	// Union declines; the Confederate attacks.
	p.next(false)
	p.at(litn.StepCombat)
	p.refuse(litn.Attack{By: lpUnion, Hex: "3038"}, "litn.attack.demoralized")
	p.refuse(litn.Attack{By: lpUnion, Hex: "3038", Units: []string{"Burnside"}}, "litn.attack.disorganized")
	p.do(litn.Attack{By: lpUnion, Hex: "3038", Decline: true})
	p.do(litn.Attack{By: lpLee, Hex: "3038"})
	p.do(litn.Supply{By: lpLee, Hex: "3038", Depot: "2838", LossOrder: []string{"Hood"}, Map: p.m})
	p.do(litn.Supply{By: lpUnion, Hex: "3038", Depot: "3438", Map: p.m})
	p.do(litn.ChooseOption{By: lpLee, Hex: "3038", Option: "probe", Library: p.lib})
	// Probe against Stand: 1 round (the fixture chart).
	// Commitment: D.H. Hill's column 2, 4 + 4 - 1 (Probe) = 7: 100% of 21
	// = 21. Burnside's column 4, 2 + 2 = 4: "4 or less" 20% of 13 = 2.6,
	// 3.
	// Round 1: the Confederate fires 21 (column 17-25), 3 + 1 (D.H.
	// Hill's bonus) - 1 (Probe) = 3: 2 hits; the Union fires 3 (1-5), 4 +
	// 0 + 1 (defender) = 5: 1 hit. The Confederate lost 1 of 21, under
	// 10%: no check. The Union lost 2 of 3: 1 + 6 tenths + 1 (Burnside's
	// rating 4) = 8: demoralized.
	evs = p.do(litn.ChooseOption{By: lpUnion, Hex: "3038", Option: "stand", Library: p.lib}, 4, 4, 2, 2, 3, 4, 1)
	var fought *litn.BattleFought
	for _, e := range evs {
		if f, ok := e.(*litn.BattleFought); ok {
			fought = f
		}
	}
	if fought == nil || fought.Result.Commitment[0].Leader != "D.H. Hill" || fought.Result.Commitment[0].Committed != 21 || fought.Result.Commitment[1].Committed != 3 {
		t.Fatalf("battle %+v", fought)
	}
	// Hood takes the Confederate loss (the loss order): 9 - 1 = 8;
	// Burnside 13 - 2 = 11, demoralized; a minor victory (2 < 15).
	p.strength(map[string]int{"csa.hood": 8, "csa.dh-hill": 12, "usa.burnside": 11})
	p.demoralized("usa.burnside")
	if v := fought.Result.Victory; v == nil || v.Major {
		t.Fatalf("victory %+v", v)
	}
	// The disorganized unit retreats normally (15.4): to its supply.
	p.do(litn.RetreatOrder{By: lpUnion, Hex: "3038", Path: []string{"3138", "3238", "3338", "3438"}, Map: p.m})
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.vp(0, 0)
	disorganized("usa.sumner", "usa.franklin", "usa.burnside")
	phase()
	// G2; H1: Burnside rolls 2 against his initiative 1 + 1: recovers.
	p.next(false)
	p.at(litn.StepDepletion)
	p.next(false, 2)
	p.at(litn.StepRecovery)
	p.demoralized()
	p.next(false)
	p.at(litn.StepUndepletion)
	p.next(false)
	p.at(litn.StepVictory)
	p.vp(0, 0)
	p.strength(map[string]int{"csa.hood": 8, "usa.burnside": 11})
	phase()

	// ---- Turn 2 ----
	// A1: Sumner 4: reorganized; Franklin 5: still disorganized (Burnside
	// in 3438 is still beyond three hexes of McClellan).
	p.next(false)
	p.at(litn.StepReorganization)
	p.refuse(litn.ReorganizeUnits{By: lpUnion, Units: []string{"Burnside"}, Library: p.lib}, "litn.reorg")
	p.do(litn.ReorganizeUnits{By: lpUnion, Units: []string{"Sumner", "Franklin"}, Library: p.lib}, 4, 5)
	disorganized("usa.franklin", "usa.burnside")
	// A5: the marker placed last turn gives the Union a wagon in 3541.
	p.next(false)
	p.at(litn.StepWagons)
	p.do(litn.PlaceWagon{By: lpUnion, Hex: "3541", Map: p.m})
	if ws := litn.Of(p.g).WagonsOf(engine.USA); len(ws) != 1 || ws[0].At != "3541" {
		t.Fatalf("Union wagons %+v", ws)
	}
	phase()
	// The rest of turn 2 is forced on (3 for every roll).
	g62Forward(p, 3, litn.StepReorganization)
	p.strength(map[string]int{"csa.hood": 8, "csa.dh-hill": 12, "usa.burnside": 11})
	p.demoralized()
	p.vp(0, 0)
	phase()

	// ---- Turn 3 ----
	// A1: Franklin rolls 2: reorganized. Burnside is left face down.
	p.do(litn.ReorganizeUnits{By: lpUnion, Units: []string{"Franklin"}, Library: p.lib}, 2)
	disorganized("usa.burnside")
	// The Confederate declares Lawton (csa.ewell) within four MPs of a
	// friendly depot: spared by attrition (11).
	yes := true
	p.do(litn.Replace{By: lpLee, Unit: "csa.ewell", NearDepot: &yes})
	// A2 (odd turn, not turn 1): the Confederate rolls 2, row 2, enemy
	// territory "1/0": Hood 8 - 1 = 7, D.H. Hill 12 - 1 = 11, Fitz Lee
	// (cavalry) 3, Lawton spared. The Union rolls 4, row 4, friendly
	// "1/0": every infantry unit loses 1, the cavalry none.
	p.next(false, 2, 4)
	p.at(litn.StepAttrition)
	p.strength(map[string]int{"csa.hood": 7, "csa.dh-hill": 11, "csa.ewell": 10, "csa.fitz-lee": 3,
		"usa.hooker": 13, "usa.sumner": 15, "usa.franklin": 11, "usa.burnside": 10, "usa.miles": 11, "usa.farnsworth": 3})
	// A3 does not happen before turn 5. A5: the Confederate's first
	// wagon (15.4: turn 3), at the depot he names.
	p.next(false)
	p.at(litn.StepWagons)
	p.do(litn.PlaceWagon{By: lpLee, Hex: "2938", Map: p.m})
	cw := litn.Of(p.g).WagonsOf(engine.CSA)
	if len(cw) != 1 || cw[0].At != "2938" {
		t.Fatalf("Confederate wagons %+v", cw)
	}
	wagon := cw[0].ID
	p.demoralized()
	p.vp(0, 0)
	phase()
	// B2: the Confederate rolls 1: he chooses, and moves first.
	p.next(false, 1)
	p.at(litn.StepInitiative)
	p.do(litn.First{By: lpLee, First: engine.CSA})
	// C: Lee 5 (3 CP), Stuart 1 (0 CP). Lee broadcasts to 3038 (2
	// hexes, column 1-4): 3 is Full; D.H. Hill receives (tied ranks: the
	// player names him).
	p.next(false, 5, 1)
	p.at(litn.StepFirstCommand)
	p.do(litn.BroadcastCmd{By: lpLee, From: "R.E. Lee", To: "3038", Leader: "D.H. Hill", Map: p.m, Library: p.lib}, 3)
	if pts := litn.Of(p.g).CommandOf(engine.CSA).Points; pts["csa.dh-hill"] != 3 {
		t.Fatalf("D.H. Hill's CPs %v", pts)
	}
	p.do(litn.Done{By: lpLee})
	// D: 3 CP of D.H. Hill's rating 2: the full 6 MP. Into Farnsworth's
	// hex 3039: 1 + 1 (enemy) = 2 MP; the move ends.
	p.next(false)
	p.at(litn.StepFirstMove)
	p.do(mv(lpLee, "Hood,D.H. Hill", "3039 clear"))
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	phase()
	// E: McClellan 1, Pleasonton 1: 0 CP. F: nothing moves.
	p.next(false, 1, 1)
	p.at(litn.StepSecondCommand)
	p.do(litn.Done{By: lpUnion})
	p.next(false)
	p.at(litn.StepSecondMove)
	p.do(litn.Done{By: lpUnion})
	p.do(litn.Done{By: lpLee})
	p.demoralized()
	p.vp(0, 0)
	phase()
	// G1: 3039. Farnsworth's initiative 2 beats D.H. Hill's 1: the Union
	// decides first and declines; the Confederate attacks, supplied by
	// his wagon (2938); the Union by a depot in 3043.
	p.next(false)
	p.at(litn.StepCombat)
	p.do(litn.Attack{By: lpUnion, Hex: "3039", Decline: true})
	p.do(litn.Attack{By: lpLee, Hex: "3039"})
	p.do(litn.Supply{By: lpLee, Hex: "3039", Wagon: wagon, Map: p.m})
	p.do(litn.Supply{By: lpUnion, Hex: "3039", Depot: "3043", Map: p.m})
	p.do(litn.ChooseOption{By: lpUnion, Hex: "3039", Option: "withdraw", Library: p.lib})
	// Pitched Battle against Withdraw: 2 rounds. The wagon rolls 5 with
	// Pitched Battle: depleted (10.2), a Depletion marker.
	// Commitment: D.H. Hill's column 2, 3 + 3 + 1 (Pitched) = 7: 100% of
	// 18 = 18; Farnsworth's column 2, 1 + 1 - 1 (Withdraw) = 1: "4 or
	// less" 60% of 3 = 1.8, 2.
	// Round 1: the Confederate fires 18 (17-25), 1 + 1 (bonus) + 1
	// (Pitched) = 3: 2 hits; the Union fires 2 (1-5), 1 + 1 (bonus) - 1
	// (Withdraw) + 1 (defender) = 2: 0. The 2 hits take the Union's 2
	// committed points (no excess). The Union lost 2 of 2: 1 + 10 tenths
	// = 11: demoralized; the battle ends after the round.
	evs = p.do(litn.ChooseOption{By: lpLee, Hex: "3039", Option: "pitched", Library: p.lib}, 5, 3, 3, 1, 1, 1, 1, 1)
	fought = nil
	for _, e := range evs {
		if f, ok := e.(*litn.BattleFought); ok {
			fought = f
		}
	}
	if fought == nil || len(fought.Result.Fought) != 1 || fought.Result.Commitment[0].Committed != 18 || fought.Result.Commitment[1].Committed != 2 {
		t.Fatalf("battle %+v", fought)
	}
	p.strength(map[string]int{"csa.hood": 7, "csa.dh-hill": 11, "usa.farnsworth": 1})
	p.demoralized("usa.farnsworth")
	if w := litn.Of(p.g).LITN.Wagons[wagon]; !w.Depletion {
		t.Fatalf("wagon %+v", w)
	}
	p.do(litn.RetreatOrder{By: lpUnion, Hex: "3039", Path: []string{"3040", "3041", "3042", "3043"}, Map: p.m})
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.vp(0, 0)
	phase()
	// G2: the wagon flips to its depleted side. H1: Farnsworth rolls 6
	// against his initiative 2 + 1: still demoralized. H2: the wagon was
	// not declared for undepletion (9.2): it stays depleted. H3: 0.
	p.next(false)
	p.at(litn.StepDepletion)
	if w := litn.Of(p.g).LITN.Wagons[wagon]; !w.Depleted {
		t.Fatalf("wagon not flipped: %+v", w)
	}
	p.next(false, 6)
	p.at(litn.StepRecovery)
	p.demoralized("usa.farnsworth")
	p.next(false)
	p.at(litn.StepUndepletion)
	if w := litn.Of(p.g).LITN.Wagons[wagon]; !w.Depleted {
		t.Fatalf("wagon undepleted: %+v", w)
	}
	p.next(false)
	p.at(litn.StepVictory)
	p.vp(0, 0)
	phase()

	// ---- Turn 4 forced; turn 5 ----
	// Turn 4 changes no strength (no attrition, no battle); H1 rolls 3
	// for Farnsworth: 3 is within 2 + 1: he recovers.
	g62Forward(p, 4, litn.StepVictory)
	p.demoralized()
	// A1 on turn 5: every disorganized unit reorganizes, no roll (15.4).
	p.next(false)
	p.at(litn.StepReorganization)
	disorganized()
	// A2: the Confederate rolls 1, row 1, enemy "1/0": Hood 6, D.H.
	// Hill 10, Lawton spared; the Union 1, row 1, friendly "0/0".
	p.next(false, 1, 1)
	p.at(litn.StepAttrition)
	p.strength(map[string]int{"csa.hood": 6, "csa.dh-hill": 10, "csa.ewell": 10, "usa.burnside": 10, "usa.farnsworth": 1})
	// A3: 1 point: a cavalry point costs 2 (15.2).
	p.next(false)
	p.at(litn.StepReplacements)
	p.refuse(litn.Replace{By: lpUnion, Unit: "Farnsworth", Points: 1}, "litn.replacements.too-many")
	p.do(litn.Replace{By: lpUnion, Unit: "Burnside", Points: 1})
	p.do(litn.Replace{By: lpLee, Unit: "Hood", Points: 1})
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	p.strength(map[string]int{"csa.hood": 7, "usa.burnside": 11})
	p.vp(0, 0)
	phase()

	// ---- Turn 6: the second wagon (every third turn), the dispatch ----
	g62Forward(p, 6, litn.StepWagons)
	last := p.log[len(p.log)-1]
	if b, ok := last.(*litn.WagonsBegun); !ok || !b.CSADue {
		t.Fatalf("turn 6 wagons: %+v", last)
	}
	// The Confederate delays it (4.1): it stays owed.
	p.do(litn.Done{By: lpLee})
	// B1: the Union rolls 4: not found (3-6).
	p.next(false, 4)
	p.at(litn.StepLostDispatch)
	if litn.Of(p.g).LostDispatchFound() {
		t.Fatal("found on a 4")
	}
	phase()

	// ---- To the end (turn 16) ----
	g62Forward(p, 16, litn.StepVictory)
	p.vp(0, 0)
	end := g62Said(p, p.log[len(p.log)-3:], "all")
	if !strings.Contains(end, "Union strategic victory") || !strings.Contains(end, "The game is over") {
		t.Errorf("the end said: %s", end)
	}
	p.refuse(engine.NextStep{By: lpUmpire, Sequence: p.seq, Context: engine.StepContext{Library: p.lib, Map: p.m}, Force: true, Reason: "x"}, "litn.game-over")
	phase()
	if own == 0 {
		t.Error("the secrecy check found no strength even in the sides' own texts")
	}
}
