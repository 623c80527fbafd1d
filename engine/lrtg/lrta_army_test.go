package lrtg_test

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// LRTA's reorganizations (004: CSA Rest and Refit Proposal, Confederate
// Reorganization, Union Cavalry Exhaustion, Union Army Reorganization,
// McClellan assumes command, Union Corps Reorganization, the extended
// march rows) on the real rules tables, map and LRTA order of battle.

var (
	armyUmpire = engine.Actor{ID: "u0", Name: "Umpire"}
	armyLee    = engine.Actor{ID: "u1", Name: "Lee"}
	armyPope   = engine.Actor{ID: "u2", Name: "Pope"}
	armyMac    = engine.Actor{ID: "u3", Name: "Mac"}
)

type armyData struct {
	lib  *engine.Library
	map_ *engine.Theatre
	oob  *engine.OrderOfBattle
	seq  *engine.Sequence
}

var (
	armyOnce sync.Once
	armyD    armyData
	armyErr  error
)

func armyLoad(t *testing.T) armyData {
	t.Helper()
	armyOnce.Do(func() {
		if armyD.lib, armyErr = scenarios.Library(); armyErr != nil {
			return
		}
		ts, err := scenarios.Theatres()
		if err != nil {
			armyErr = err
			return
		}
		armyD.map_ = ts["lrtg"]
		orders, err := scenarios.OrdersOfBattleOn(ts)
		if err != nil {
			armyErr = err
			return
		}
		armyD.oob = orders["lrta"]
		seqs, err := scenarios.Sequences()
		if err != nil {
			armyErr = err
			return
		}
		armyD.seq = seqs[lrtg.LRTA]
	})
	if armyErr != nil {
		t.Fatal(armyErr)
	}
	if armyD.oob == nil || armyD.seq == nil {
		t.Fatal("no LRTA order of battle or sequence of play")
	}
	return armyD
}

func (d armyData) move() *engine.MoveData { return &engine.MoveData{Theatre: d.map_, OOB: d.oob} }

// armyGame is a started LRTA campaign game (one player a side, or two
// Union players with two) at a turn and step.
func armyGame(t *testing.T, turn int, step string, twoUnion bool) engine.GameState {
	t.Helper()
	d := armyLoad(t)
	g := engine.GameState{}
	cmds := []engine.Command{
		withRules(engine.NewGame{By: armyUmpire, Options: engine.GameOptions{Scenario: "lrta-campaign", Supply: "normal", Comms: 1}}),
		engine.JoinGame{By: armyLee, Side: engine.CSA},
		engine.JoinGame{By: armyPope, Side: engine.USA, Commands: []string{"AV", "AP"}},
	}
	if twoUnion {
		// Mac commands the rest (LRTG 21.1: no fewer corps than the
		// overall commander, who may not hold the cavalry).
		cmds = append(cmds, engine.JoinGame{By: armyMac, Side: engine.USA, Commands: []string{"I", "II", "III", "IX", "II-AP", "III-AP", "V-AP", "VI-AP",
			"I-AP", "IX-AP", "XI-AP", "XII-AP", "Cav", "DC", "Balt", "Shen", "Kan", "Res", "RR"}})
	}
	cmds = append(cmds, engine.StartGame{By: armyUmpire, OOB: d.oob})
	for _, c := range cmds {
		g = armyApply(t, g, c, engine.Script())
	}
	g.Turn = turn
	g.Sequence = engine.SequenceState{Step: step, Turn: turn}
	return g
}

func armyApply(t *testing.T, g engine.GameState, c engine.Command, d engine.Dice) engine.GameState {
	t.Helper()
	evs, err := g.Decide(c, d)
	if err != nil {
		t.Fatalf("%s: %v", c.CommandName(), err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

func armyRefused(t *testing.T, g engine.GameState, c engine.Command, code string) {
	t.Helper()
	_, err := g.Decide(c, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("%s: want refusal %s, got %v", c.CommandName(), code, err)
	}
}

// armyAt puts units at a printed hex (a constructed state).
func armyAt(t *testing.T, g engine.GameState, ref string, ids ...string) engine.GameState {
	t.Helper()
	h, _, err := armyLoad(t).map_.ParseHex(ref, "")
	if err != nil {
		t.Fatal(err)
	}
	g.Units = maps.Clone(g.Units)
	for _, id := range ids {
		u, ok := g.Units[id]
		if !ok {
			t.Fatalf("no unit %s", id)
		}
		u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, h, ref, "", 0
		g.Units[id] = u
	}
	return g
}

func armyUnit(t *testing.T, g engine.GameState, id string) engine.UnitState {
	t.Helper()
	u, ok := g.Units[id]
	if !ok {
		t.Fatalf("no unit %s in play", id)
	}
	return u
}

func armyGone(t *testing.T, g engine.GameState, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if _, ok := g.Units[id]; ok {
			t.Errorf("%s is still in play", id)
		}
	}
}

func armyInDC(t *testing.T, u engine.UnitState) bool {
	t.Helper()
	return u.OnMap && slices.Contains(armyLoad(t).map_.RegionsAt(u.Hex), "dc-defense-area")
}

func armyWaits(g engine.GameState, who string) bool {
	for _, w := range g.Waiting() {
		if strings.Contains(w, who) {
			return true
		}
	}
	return false
}

// The order of battle has every counter the module names.
func TestLRTAArmyCountersExist(t *testing.T) {
	d := armyLoad(t)
	for _, id := range []string{"csa.longstreet", "csa.jackson", "csa.dh-hill", "csa.funk", "csa.kemper", "csa.wilcox", "csa.ripley",
		"usa.pope", "usa.mcclellan", "usa.french", "usa.hatch", "usa.ricketts-a", "usa.meade", "usa.hooker-i", "usa.pleasonton-leader"} {
		if d.oob.Unit(id) == nil {
			t.Errorf("the LRTA order of battle has no %s", id)
		}
	}
	for _, c := range lrtg.LRTAUnionCorps {
		n := 0
		for _, u := range d.oob.Units {
			if u.Side == engine.USA && u.Command == c.Corps {
				n++
			}
		}
		if n == 0 {
			t.Errorf("no unit of the %s Corps", c.Corps)
		}
	}
}

// 004 1 e) and the Confederate Reorganization: the proposal is the CSA's
// in step 1r, once; it swaps the rest-refit counters in with the replaced
// units' places and manpower, puts D.H. Hill in the corps chosen and Funk
// where chosen; the umpire's undo takes all of it back.
func TestLRTARestRefitProposal(t *testing.T) {
	d := armyLoad(t)
	g := armyGame(t, 5, "1r", false)
	if !armyWaits(g, "CSA to propose") {
		t.Fatalf("1r waits for %v", g.Waiting())
	}
	if lrtg.Of(g).LRTARestRefitProposed() || lrtg.Of(g).LRTARestRefitAnswer() != "" {
		t.Errorf("a proposal before any: %+v", lrtg.Of(g).LRTAArmy)
	}
	propose := lrtg.ProposeRestRefit{By: armyLee, DHHill: "jackson", Funk: "winchester", Data: d.move()}
	armyRefused(t, g, lrtg.ProposeRestRefit{By: armyPope, DHHill: "jackson", Funk: "winchester", Data: d.move()}, "lrta.side")
	armyRefused(t, g, lrtg.ProposeRestRefit{By: armyLee, DHHill: "jackson", Funk: "Frederick", Data: d.move()}, "restrefit.funk")
	armyRefused(t, g, lrtg.ProposeRestRefit{By: armyLee, Funk: "winchester", Data: d.move()}, "restrefit.dh_hill")
	g1e := g
	g1e.Sequence = engine.SequenceState{Step: "1e", Turn: 5}
	armyRefused(t, g1e, propose, "lrta.step")

	before := g
	g = armyApply(t, g, propose, engine.Script())
	if !lrtg.Of(g).LRTARestRefitProposed() || lrtg.Of(g).LRTAArmy.ProposedTurn != 5 {
		t.Fatalf("state: %+v", lrtg.Of(g).LRTAArmy)
	}
	// (1)-(3): the HCR counters in the SJW counters' places, with their manpower.
	for old, nu := range map[string]string{"csa.robertson": "csa.munford", "csa.taliaferro": "csa.jr-jones", "csa.ewell": "csa.lawton", "csa.anderson": "csa.anderson-a"} {
		o := armyUnit(t, before, old)
		n := armyUnit(t, g, nu)
		if !n.OnMap || n.Hex != o.Hex || n.Manpower != o.Manpower {
			t.Errorf("%s: %+v, want %s's place and %d MP", nu, n, old, o.Manpower)
		}
		if slices.ContainsFunc(n.Marks, func(m string) bool { return strings.HasPrefix(m, "replaces:") }) {
			t.Errorf("%s keeps its replaces mark: %v", nu, n.Marks)
		}
		armyGone(t, g, old)
		if lrtg.Of(g).LRTAArmy.Replaced[old] != nu {
			t.Errorf("Replaced[%s] = %q", old, lrtg.Of(g).LRTAArmy.Replaced[old])
		}
	}
	if n := armyUnit(t, g, "csa.munford"); n.Manpower != 2 {
		t.Errorf("Munford %d MP, want Robertson's 2", n.Manpower)
	}
	// (4) McLaws and D.H. Hill arrive on turn 10: their (A) counters wait
	// on the reinforcement track in their place; (5) D.H. Hill joins J.
	for _, id := range []string{"csa.mclaws-a", "csa.dh-hill-a"} {
		if u := armyUnit(t, g, id); u.OnMap || u.Track != "reinforcement" || u.Slot != 10 {
			t.Errorf("%s: %+v, want the reinforcement track, turn 10", id, u)
		}
	}
	if u := armyUnit(t, g, "csa.dh-hill-a"); u.Command != "J" || u.Manpower != 11 {
		t.Errorf("D.H. Hill-A: command %q, %d MP; want J and 11", u.Command, u.Manpower)
	}
	if u := armyUnit(t, g, "csa.mclaws-a"); u.Command != "L" || u.Manpower != 17 {
		t.Errorf("McLaws-A: command %q, %d MP; want L and 17", u.Command, u.Manpower)
	}
	// (7) Funk in Winchester with 3 MP.
	f := armyUnit(t, g, "csa.funk")
	if w := d.map_.Place("Winchester"); !f.OnMap || f.Hex != w.Hex || f.Manpower != 3 || f.Track != "" {
		t.Errorf("Funk: %+v, want Winchester (%v), 3 MP", f, w.Hex)
	}
	if !armyWaits(g, "Union's answer") || !armyWaits(g, "CSA to finish") {
		t.Errorf("after the proposal 1r waits for %v", g.Waiting())
	}
	armyRefused(t, g, propose, "restrefit.proposed")
	armyRefused(t, g, lrtg.PassRestRefit{By: armyLee}, "restrefit.proposed")

	// The umpire's undo takes the proposal and the reorganization back.
	u := armyApply(t, g, engine.UndoLast{By: armyUmpire, Reason: "wrong place for Funk"}, engine.Script())
	if lrtg.Of(u).LRTARestRefitProposed() || armyUnit(t, u, "csa.robertson").Manpower != 2 || armyUnit(t, u, "csa.funk").OnMap {
		t.Errorf("undo left %+v", lrtg.Of(u).LRTAArmy)
	}
	if m := armyUnit(t, u, "csa.munford"); m.OnMap || m.Track != "rest-refit" {
		t.Errorf("after the undo Munford is %+v, want back on the rest-refit track", m)
	}
}

// A CSA that does not propose passes; the step then waits for no one.
func TestLRTARestRefitPass(t *testing.T) {
	g := armyGame(t, 3, "1r", false)
	g = armyApply(t, g, lrtg.PassRestRefit{By: armyLee}, engine.Script())
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("after a pass 1r waits for %v", w)
	}
	armyRefused(t, g, lrtg.PassRestRefit{By: armyLee}, "restrefit.passed")
	armyRefused(t, g, lrtg.AnswerRestRefit{By: armyPope, Accept: true, Data: armyLoad(t).move()}, "restrefit.none")
	if lrtg.Of(g).LRTAReorganizationOpen() {
		t.Error("the reorganization is open on turn 3 without a proposal")
	}
	// The next turn the question is asked again.
	g.Turn, g.Sequence = 4, engine.SequenceState{Step: "1r", Turn: 4}
	if !armyWaits(g, "CSA to propose") {
		t.Errorf("turn 4's 1r waits for %v", g.Waiting())
	}
}

// 004 Union Cavalry Exhaustion when the Union does not accept: every
// brigade breaks into as many regiments as it has manpower (at most those
// listed), five regiments go to DC for good, Pleasonton joins a remaining
// regiment; the Union's extended march row is "does not accept".
func TestLRTAUnionCavalryExhaustionDeclined(t *testing.T) {
	d := armyLoad(t)
	g := armyGame(t, 5, "1r", false)
	g = armyApply(t, g, lrtg.ProposeRestRefit{By: armyLee, DHHill: "L", Funk: "front-royal", Data: d.move()}, engine.Script())
	if f := armyUnit(t, g, "csa.funk"); f.Hex != d.map_.Place("Front Royal").Hex {
		t.Errorf("Funk at %v, want Front Royal", f.Ref)
	}
	if u := armyUnit(t, g, "csa.dh-hill-a"); u.Command != "L" {
		t.Errorf("D.H. Hill-A command %q, want L", u.Command)
	}
	// Buford has lost 1 MP: two regiments of his three.
	g.Units = maps.Clone(g.Units)
	b := g.Units["usa.buford"]
	b.Manpower = 2
	g.Units["usa.buford"] = b
	before := g
	armyRefused(t, g, lrtg.AnswerRestRefit{By: armyLee, Accept: false, Data: d.move()}, "lrta.side")
	armyRefused(t, g, lrtg.AnswerRestRefit{By: armyPope, Accept: false, DC: []string{"1 ME", "1 RI"}, Data: d.move()}, "restrefit.dc")
	g = armyApply(t, g, lrtg.AnswerRestRefit{By: armyPope, Accept: false, Data: d.move()}, engine.Script())
	if lrtg.Of(g).LRTARestRefitAnswer() != lrtg.RestRefitDeclined {
		t.Fatalf("answer %q", lrtg.Of(g).LRTARestRefitAnswer())
	}
	armyGone(t, g, "usa.bayard", "usa.beardsley", "usa.buford", "usa.pleasonton", "usa.3-pa")
	from := map[string]string{"usa.1-me": "usa.bayard", "usa.1-ri": "usa.bayard", "usa.1-ma": "usa.beardsley", "usa.8-il": "usa.beardsley", "usa.1-ny": "usa.buford", "usa.6-pa": "usa.buford"}
	var dc []string
	for id, bid := range from {
		r := armyUnit(t, g, id)
		if r.Manpower != 1 {
			t.Errorf("%s: %d MP, want 1", id, r.Manpower)
		}
		if slices.Contains(r.Marks, "dc-only") {
			dc = append(dc, id)
			if !armyInDC(t, r) {
				t.Errorf("%s is held in DC but at %s", id, r.Ref)
			}
		} else if r.Hex != armyUnit(t, before, bid).Hex {
			t.Errorf("%s at %s, want its brigade's hex %s", id, r.Ref, armyUnit(t, before, bid).Ref)
		}
	}
	// Pleasonton (3 MP) has not arrived: his two regiments wait on his
	// reinforcement slot (Sept 2, turn 15); his third MP is lost.
	for _, id := range []string{"usa.6-us", "usa.12-pa"} {
		r := armyUnit(t, g, id)
		if slices.Contains(r.Marks, "dc-only") {
			dc = append(dc, id)
			continue
		}
		if r.OnMap || r.Track != "reinforcement" || r.Slot != 15 {
			t.Errorf("%s: %+v, want Pleasonton's reinforcement slot 15", id, r)
		}
	}
	if len(dc) != 5 || len(lrtg.Of(g).LRTAArmy.DCRegiments) != 5 {
		t.Errorf("%d regiments held in DC (%v), want 5", len(dc), lrtg.Of(g).LRTAArmy.DCRegiments)
	}
	l := armyUnit(t, g, "usa.pleasonton-leader")
	if !l.OnMap || !lrtg.Of(g).LRTAPleasonton() {
		t.Fatalf("Pleasonton leader: %+v", l)
	}
	joined := false
	for id := range from {
		if r := g.Units[id]; r.Hex == l.Hex && !slices.Contains(r.Marks, "dc-only") {
			joined = true
		}
	}
	if !joined {
		t.Errorf("the Pleasonton leader at %s is with no remaining regiment", l.Ref)
	}
	if !armyWaits(g, "CSA to finish") || armyWaits(g, "Union's answer") {
		t.Errorf("waits %v", g.Waiting())
	}
	g = armyApply(t, g, lrtg.FinishRestRefit{By: armyLee}, engine.Script())
	if w := g.Waiting(); len(w) != 0 {
		t.Errorf("1r still waits for %v", w)
	}
}

// Accepted: two regiments, named by the Union, and Pleasonton with the
// unit named; the extended march rows of "accepts".
func TestLRTAUnionCavalryExhaustionAccepted(t *testing.T) {
	d := armyLoad(t)
	g := armyGame(t, 5, "1r", false)
	g = armyApply(t, g, lrtg.ProposeRestRefit{By: armyLee, DHHill: "longstreet", Funk: "Winchester", Data: d.move()}, engine.Script())
	armyRefused(t, g, lrtg.AnswerRestRefit{By: armyPope, Accept: true, DC: []string{"1 ME", "1 ME"}, Data: d.move()}, "restrefit.dc")
	armyRefused(t, g, lrtg.AnswerRestRefit{By: armyPope, Accept: true, DC: []string{"1 ME", "6 PA", "3 PA"}, Data: d.move()}, "restrefit.dc")
	armyRefused(t, g, lrtg.AnswerRestRefit{By: armyPope, Accept: true, DC: []string{"1 ME", "6 PA"}, Pleasonton: "1 ME", Data: d.move()}, "restrefit.pleasonton")
	g = armyApply(t, g, lrtg.AnswerRestRefit{By: armyPope, Accept: true, DC: []string{"1 ME", "usa.6-pa"}, Pleasonton: "3 PA", Data: d.move()}, engine.Script())
	if !slices.Equal(lrtg.Of(g).LRTAArmy.DCRegiments, []string{"usa.1-me", "usa.6-pa"}) {
		t.Errorf("DC regiments %v", lrtg.Of(g).LRTAArmy.DCRegiments)
	}
	for _, id := range lrtg.Of(g).LRTAArmy.DCRegiments {
		if r := armyUnit(t, g, id); !armyInDC(t, r) || !slices.Contains(r.Marks, "dc-only") {
			t.Errorf("%s: %+v", id, r)
		}
	}
	if l, p := armyUnit(t, g, "usa.pleasonton-leader"), armyUnit(t, g, "usa.3-pa"); l.Hex != p.Hex {
		t.Errorf("Pleasonton at %s, 3 PA at %s", l.Ref, p.Ref)
	}
	if lrtg.Of(g).LRTARestRefitAnswer() != lrtg.RestRefitAccepted {
		t.Errorf("answer %q", lrtg.Of(g).LRTARestRefitAnswer())
	}
	armyRefused(t, g, lrtg.AnswerRestRefit{By: armyPope, Accept: false, Data: d.move()}, "restrefit.answered")
}

// 004 (6): a brigade or Kemper, Wilcox, Ripley broken up, its manpower
// shared among units within 8 hexes, in the proposal's step 1r only.
func TestLRTAConsolidate(t *testing.T) {
	d := armyLoad(t)
	g := armyGame(t, 5, "1r", false)
	c := lrtg.ConsolidateUnit{By: armyLee, Unit: "csa.evans", Into: []lrtg.ManpowerShare{{Unit: "csa.hood", Manpower: 3}, {Unit: "csa.dr-jones", Manpower: 2}}, Data: d.move()}
	armyRefused(t, g, c, "restrefit.none")
	g = armyApply(t, g, lrtg.ProposeRestRefit{By: armyLee, DHHill: "J", Funk: "Winchester", Data: d.move()}, engine.Script())
	armyRefused(t, g, lrtg.ConsolidateUnit{By: armyLee, Unit: "csa.hood", Into: []lrtg.ManpowerShare{{Unit: "csa.evans"}}, Data: d.move()}, "restrefit.unit")
	armyRefused(t, g, lrtg.ConsolidateUnit{By: armyLee, Unit: "csa.evans", Into: []lrtg.ManpowerShare{{Unit: "csa.hood", Manpower: 3}}, Data: d.move()}, "restrefit.into")
	far := armyAt(t, g, "SS3030", "csa.hood")
	armyRefused(t, far, c, "restrefit.range")
	g = armyApply(t, g, c, engine.Script())
	armyGone(t, g, "csa.evans")
	if h, j := armyUnit(t, g, "csa.hood"), armyUnit(t, g, "csa.dr-jones"); h.Manpower != 8+3 || j.Manpower != 14+2 {
		t.Errorf("Hood %d (want 11), D.R. Jones %d (want 16)", h.Manpower, j.Manpower)
	}
	// Kemper, a division unit 004 names, to one unit: all of it.
	g = armyApply(t, g, lrtg.ConsolidateUnit{By: armyLee, Unit: "csa.kemper", Into: []lrtg.ManpowerShare{{Unit: "csa.wilcox"}}, Data: d.move()}, engine.Script())
	if w := armyUnit(t, g, "csa.wilcox"); w.Manpower != 9+10 {
		t.Errorf("Wilcox %d, want 19", w.Manpower)
	}
	if !slices.Equal(lrtg.Of(g).LRTAArmy.Consolidated, []string{"csa.evans", "csa.kemper"}) {
		t.Errorf("consolidated %v", lrtg.Of(g).LRTAArmy.Consolidated)
	}
	u := armyApply(t, g, engine.UndoLast{By: armyUmpire, Reason: "meant Hood"}, engine.Script())
	if armyUnit(t, u, "csa.kemper").Manpower != 10 || armyUnit(t, u, "csa.wilcox").Manpower != 9 {
		t.Error("undo did not restore Kemper and Wilcox")
	}
	g = armyApply(t, g, lrtg.FinishRestRefit{By: armyLee}, engine.Script())
	armyRefused(t, g, lrtg.ConsolidateUnit{By: armyLee, Unit: "csa.wilcox", Into: []lrtg.ManpowerShare{{Unit: "csa.hood"}}, Data: d.move()}, "restrefit.when")
}

// 004 Union Army Reorganization: not before Sept 2 without a proposal;
// from Sept 2 the Union begins it or not; McClellan assumes command with
// every change of the chart.
func TestLRTAMcClellanAssumesCommand(t *testing.T) {
	d := armyLoad(t)
	g := armyGame(t, 14, "3b", true) // Sept 1
	if w := g.Waiting(); len(w) != 0 {
		t.Errorf("3b on Sept 1 waits for %v", w)
	}
	begin := lrtg.DecideReorganization{By: armyPope, Begin: true, Data: d.move()}
	armyRefused(t, g, begin, "reorganize.early")
	g.Turn, g.Sequence = 15, engine.SequenceState{Step: "3b", Turn: 15} // Sept 2
	if !armyWaits(g, "Union to begin") {
		t.Fatalf("3b on Sept 2 waits for %v", g.Waiting())
	}
	armyRefused(t, g, lrtg.DecideReorganization{By: armyMac, Begin: true, Data: d.move()}, "lrta.overall")
	g = armyApply(t, g, lrtg.DecideReorganization{By: armyPope, Data: d.move()}, engine.Script())
	if w := g.Waiting(); len(w) != 0 {
		t.Errorf("after deferring 3b waits for %v", w)
	}
	g.Turn, g.Sequence = 16, engine.SequenceState{Step: "3b", Turn: 16}
	g.Units = maps.Clone(g.Units)
	pope := armyUnit(t, g, "usa.pope")
	if inf, cav := lrtg.Of(g).LRTAUnionParalysis(); inf != 2 || cav != 4 {
		t.Errorf("paralysis under Pope -%d/-%d, want -2/-4", inf, cav)
	}
	// The Union has fought: 11 AoP/AoV MP lost so far.
	g = lrtg.With(g, func(s *lrtg.State) { s.Losses = lrtg.CombatLosses{AoP: 11} })
	g = armyApply(t, g, lrtg.DecideReorganization{By: armyPope, Begin: true, Overall: "Mac", Data: d.move()}, engine.Script())
	if !lrtg.Of(g).LRTAMcClellan() || lrtg.Of(g).LRTAMcClellanTurn() != 16 || lrtg.Of(g).LRTAUnionLossesAtMcClellan() != 11 {
		t.Fatalf("state %+v", lrtg.Of(g).LRTAArmy)
	}
	armyGone(t, g, "usa.pope")
	if m := armyUnit(t, g, "usa.mcclellan"); !m.OnMap || m.Hex != pope.Hex || m.Track != "" {
		t.Errorf("McClellan %+v, want Pope's hex", m)
	}
	if f := armyUnit(t, g, "usa.french"); !f.OnMap || f.Hex != d.map_.Place("US Capitol").Hex || f.Manpower != 10 {
		t.Errorf("French %+v, want the US Capitol with 10 MP", f)
	}
	if p := g.Player(armyMac.ID); !p.Overall {
		t.Error("Mac is not the overall commander")
	}
	if p := g.Player(armyPope.ID); p.Overall || len(p.Commands) == 0 {
		t.Errorf("the former overall commander: %+v", p)
	}
	if inf, cav := lrtg.Of(g).LRTAUnionParalysis(); inf != 1 || cav != 2 {
		t.Errorf("paralysis under McClellan -%d/-%d, want -1/-2", inf, cav)
	}
	if lrtg.Of(g).LRTAUnionForageBonus() != 1 || !lrtg.Of(g).LRTAMoraleCasualtiesHalved() {
		t.Error("forage and morale effects of McClellan missing")
	}
	if !lrtg.Of(g).LRTAReorganizationParalysis(armyUnit(t, g, "usa.king")) || !lrtg.Of(g).LRTAReorganizationParalysis(armyUnit(t, g, "usa.white")) {
		t.Error("unreorganized units are not paralysed after McClellan")
	}
	if !armyWaits(g, "reorganization rolls") {
		t.Errorf("3b waits for %v", g.Waiting())
	}
	armyRefused(t, g, begin, "lrta.overall") // Pope no longer commands
	armyRefused(t, g, lrtg.DecideReorganization{By: armyMac, Begin: true, Data: d.move()}, "reorganize.begun")
	u := armyApply(t, g, engine.UndoLast{By: armyUmpire, Reason: "too early"}, engine.Script())
	if lrtg.Of(u).LRTAMcClellan() || armyUnit(t, u, "usa.pope").Hex != pope.Hex {
		t.Error("undo did not take McClellan back")
	}
}

// 004: the reorganization must occur once the Union army has panicked,
// from Sept 2: step 3b makes McClellan assume command by itself.
func TestLRTAReorganizationMust(t *testing.T) {
	d := armyLoad(t)
	g := armyGame(t, 15, "3a", false)
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Records.Armies = map[engine.Side]lrtg.ArmyRecord{engine.USA: {EverDisorder: true, EverPanic: true}}
	})
	ctx := engine.StepContext{Move: d.move(), Library: d.lib}
	evs, err := g.Decide(engine.NextStep{By: armyUmpire, Sequence: d.seq, Context: ctx}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	var mc *lrtg.McClellanAssumed
	for _, e := range evs {
		g = g.Apply(e)
		if m, ok := e.(*lrtg.McClellanAssumed); ok {
			mc = m
		}
	}
	if g.CurrentStep() != "3b" || mc == nil || !strings.Contains(mc.Must, "panicked") || !lrtg.Of(g).LRTAMcClellan() {
		t.Fatalf("step %s, event %+v", g.CurrentStep(), mc)
	}
	armyRefused(t, g, lrtg.DecideReorganization{By: armyPope, Data: d.move()}, "reorganize.begun")
}

// The corps rolls (lrta.union-army-reorganization): the corps the Union
// names, with each modifier from the state; 6 or more reorganizes the
// corps with the Union Corps Reorganization chart.
func TestLRTACorpsRolls(t *testing.T) {
	d := armyLoad(t)
	tb := d.lib.Table(lrtg.LRTAReorganizationTable)
	g := armyGame(t, 16, "3b", true)
	g = armyApply(t, g, lrtg.DecideReorganization{By: armyPope, Begin: true, Data: d.move()}, engine.Script())
	mc := armyUnit(t, g, "usa.mcclellan")
	g = armyAt(t, g, mc.Ref, "usa.mcdowell", "usa.sigel")
	roll := lrtg.RollReorganization{By: armyPope, Corps: []string{"I", "III"}, Table: tb, Data: d.move()}
	armyRefused(t, g, roll, "reorganize.with") // both commanders with McClellan: the Union names one
	armyRefused(t, g, lrtg.RollReorganization{By: armyPope, Corps: []string{"XX"}, Table: tb, Data: d.move()}, "reorganize.corps")
	roll.WithMcClellan = "III"
	// The Union army has been in Disorder: -1 to every roll.
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Records.Armies = map[engine.Side]lrtg.ArmyRecord{engine.USA: {EverDisorder: true}}
	})
	evs, err := g.Decide(roll, engine.Script(6, 6))
	if err != nil {
		t.Fatal(err)
	}
	var totals []int
	var re *lrtg.UnionCorpsReorganized
	for _, e := range evs {
		g = g.Apply(e)
		switch e := e.(type) {
		case *engine.TableRolled:
			totals = append(totals, e.Total)
		case *lrtg.UnionCorpsReorganized:
			re = e
		}
	}
	// I: 6 - 1 (AoV) - 1 (Disorder) = 4; III: 6 + 1 (McClellan) - 1 - 1 = 5.
	if !slices.Equal(totals, []int{4, 5}) || re != nil {
		t.Fatalf("totals %v, reorganized %+v", totals, re)
	}
	if lrtg.Of(g).LRTAArmy.Attempts["I"] != 1 || lrtg.Of(g).LRTAArmy.Attempts["III"] != 1 || lrtg.Of(g).LRTAReorganized("III") {
		t.Errorf("attempts %v", lrtg.Of(g).LRTAArmy.Attempts)
	}
	armyRefused(t, g, roll, "reorganize.rolled")
	if armyWaits(g, "reorganization rolls") {
		t.Errorf("3b still waits: %v", g.Waiting())
	}

	// Next turns, passive and with the Disorder forgotten (a constructed
	// state): III rolls 1 +1 (McClellan) +2 (passive) +1 (one earlier
	// attempt) -1 (AoV) = 4, not reorganized; then 2 +1 +2 +2 -1 = 6.
	g = lrtg.With(g, func(s *lrtg.State) { s.Records.Armies = nil })
	passive := func(g engine.GameState, turn int) engine.GameState {
		g.Turn, g.Sequence = turn, engine.SequenceState{Step: "3b", Turn: turn}
		g = lrtg.With(g, func(s *lrtg.State) {
			s.Declared = lrtg.DeclaredState{Postures: []lrtg.PostureRecord{{Turn: turn, Side: engine.USA, Posture: lrtg.PosturePassive}, {Turn: turn, Side: engine.CSA, Posture: lrtg.PostureOperational}}, Reveals: []int{turn}}
		})
		return g
	}
	g = armyApply(t, passive(g, 17), lrtg.RollReorganization{By: armyPope, Corps: []string{"III"}, Table: tb, Data: d.move()}, engine.Script(1))
	if lrtg.Of(g).LRTAReorganized("III") || lrtg.Of(g).LRTAArmy.Attempts["III"] != 2 {
		t.Fatalf("III after a 1: %+v", lrtg.Of(g).LRTAArmy)
	}
	g = passive(g, 18)
	evs, err = g.Decide(lrtg.RollReorganization{By: armyPope, Corps: []string{"III"}, Table: tb, Data: d.move()}, engine.Script(2))
	if err != nil {
		t.Fatal(err)
	}
	tr := evs[1].(*engine.TableRolled)
	if tr.Total != 2+1+2+2-1 || tr.Outcome != "reorganized" {
		t.Fatalf("III's roll: %d %s, modifiers %+v", tr.Total, tr.Outcome, tr.Modifiers)
	}
	old := g
	for _, e := range evs {
		g = g.Apply(e)
	}
	if !lrtg.Of(g).LRTAReorganized("III") || !lrtg.Of(g).LRTAReorganized("I-AP") || lrtg.Of(g).LRTAReorganized("I") {
		t.Fatalf("reorganized %v", lrtg.Of(g).LRTAArmy.Reorganized)
	}
	// The III Corps (AoV) is the I Corps (AoP): Hooker for McDowell, Hatch
	// for King and Ricketts-A for Ricketts less 3 MP, Meade (9) with Hooker.
	armyGone(t, g, "usa.mcdowell", "usa.king", "usa.ricketts")
	h := armyUnit(t, g, "usa.hooker-i")
	if h.Hex != armyUnit(t, old, "usa.mcdowell").Hex || h.Command != "I-AP" {
		t.Errorf("Hooker %+v", h)
	}
	for id, want := range map[string]int{"usa.hatch": 18 - 3, "usa.ricketts-a": 18 - 3, "usa.meade": 9} {
		u := armyUnit(t, g, id)
		if u.Manpower != want || u.Command != "I-AP" || !u.OnMap {
			t.Errorf("%s: %+v, want %d MP in I-AP", id, u, want)
		}
	}
	if armyUnit(t, g, "usa.meade").Hex != h.Hex {
		t.Error("Meade is not with Hooker")
	}
	if p := g.Player(armyMac.ID); !slices.Contains(p.Commands, "I-AP") || slices.Contains(p.Commands, "III") {
		t.Errorf("Mac's commands %v, want I-AP for III", p.Commands)
	}
	if lrtg.Of(g).LRTAReorganizationParalysis(armyUnit(t, g, "usa.hatch")) || !lrtg.Of(g).LRTAReorganizationParalysis(armyUnit(t, g, "usa.schenck")) {
		t.Error("paralysis does not follow the reorganization")
	}
}

// The V Corps (AoP): Humphreys for Reynolds, and Reynolds to the PA
// militia as a leader; the IX Corps' four replacements. A corps whose
// units are all in the DC defense area gains +2.
func TestLRTACorpsReorganizationVAndIX(t *testing.T) {
	d := armyLoad(t)
	tb := d.lib.Table(lrtg.LRTAReorganizationTable)
	g := armyGame(t, 16, "3b", false)
	g = armyApply(t, g, lrtg.DecideReorganization{By: armyPope, Begin: true, Data: d.move()}, engine.Script())
	// Every unit of the V Corps in Alexandria (HE0944): +2.
	var v []string
	for id, u := range g.Units {
		if u.Command == "V-AP" && u.OnMap {
			v = append(v, id)
		}
	}
	g = armyAt(t, g, "HE0944", v...)
	f := lrtg.Of(g).LRTAReorganizationFacts("V-AP", false, d.map_)
	if f["corps_in_dc_defense_area"] != 1 || f["army_of_virginia_corps"] != 0 {
		t.Fatalf("V Corps facts %v", f)
	}
	if f := lrtg.Of(g).LRTAReorganizationFacts("IX", false, d.map_); f["corps_in_dc_defense_area"] != 0 || f["army_of_virginia_corps"] != 1 {
		t.Errorf("IX Corps facts %v", f)
	}
	reynolds := armyUnit(t, g, "usa.reynolds")
	stevens := armyUnit(t, g, "usa.stevens")
	// V: 4 + 2 (DC) = 6; IX: 6 - 1 = 5 ... then IX's second roll next turn.
	evs, err := g.Decide(lrtg.RollReorganization{By: armyPope, Corps: []string{"V-AP", "IX"}, Table: tb, Data: d.move()}, engine.Script(4, 6))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	if !lrtg.Of(g).LRTAReorganized("V-AP") || lrtg.Of(g).LRTAReorganized("IX") {
		t.Fatalf("reorganized %v", lrtg.Of(g).LRTAArmy.Reorganized)
	}
	armyGone(t, g, "usa.reynolds")
	if h := armyUnit(t, g, "usa.humphreys"); h.Hex != reynolds.Hex || h.Manpower != 13 || h.Command != "V-AP" {
		t.Errorf("Humphreys %+v", h)
	}
	if r := armyUnit(t, g, "usa.reynolds-pa"); !r.Kind.IsLeader() || r.Command != "PA" {
		t.Errorf("Reynolds (PA) %+v", r)
	}
	g.Turn, g.Sequence = 17, engine.SequenceState{Step: "3b", Turn: 17}
	// "all": the corps on the map not yet reorganized: the II Corps (AoP)
	// by French in the Capitol; its other units, the III and VI Corps of
	// the AoP have not arrived (nothing moved them in this test).
	dice := engine.Script(6, 6, 6, 6, 6)
	evs, err = g.Decide(lrtg.RollReorganization{By: armyPope, Corps: []string{"all"}, Table: tb, Data: d.move()}, dice)
	if err != nil {
		t.Fatal(err)
	}
	if a := evs[0].(*lrtg.ReorganizationAttempts); !slices.Equal(a.Corps, []string{"I", "II", "III", "IX", "II-AP"}) || dice.Remaining() != 0 {
		t.Fatalf("all = %v, %d dice left", a.Corps, dice.Remaining())
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	// IX: 6 - 1 + 1 (earlier attempt) = 6.
	if !lrtg.Of(g).LRTAReorganized("IX") {
		t.Fatalf("IX not reorganized: attempts %v", lrtg.Of(g).LRTAArmy.Attempts)
	}
	if w := armyUnit(t, g, "usa.willcox-a"); w.Hex != stevens.Hex || w.Manpower != 8 || w.Command != "IX-AP" {
		t.Errorf("Willcox-A %+v", w)
	}
	for _, id := range []string{"usa.rodman", "usa.cox", "usa.sturgis-ix", "usa.reno"} {
		if u := armyUnit(t, g, id); u.Command != "IX-AP" {
			t.Errorf("%s command %q, want IX-AP", id, u.Command)
		}
	}
	if u := armyUnit(t, g, "usa.cox-leader"); u.Command != "IX-AP" {
		t.Errorf("Cox (leader casualty) command %q: he will replace Reno in IX-AP", u.Command)
	}
}

// The events round-trip through their JSON encoding.
func TestLRTAArmyEventsEncode(t *testing.T) {
	d := armyLoad(t)
	g := armyGame(t, 16, "1r", false)
	var all []engine.Event
	do := func(c engine.Command, dice engine.Dice) {
		evs, err := g.Decide(c, dice)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			g = g.Apply(e)
		}
		all = append(all, evs...)
	}
	do(lrtg.ProposeRestRefit{By: armyLee, DHHill: "J", Funk: "Winchester", Data: d.move()}, engine.Script())
	do(lrtg.AnswerRestRefit{By: armyPope, Accept: true, Data: d.move()}, engine.Script())
	do(lrtg.FinishRestRefit{By: armyLee}, engine.Script())
	do(lrtg.EndRestRefit{By: armyUmpire, Reason: "7.3"}, engine.Script())
	g.Sequence = engine.SequenceState{Step: "3b", Turn: 16}
	do(lrtg.DecideReorganization{By: armyPope, Begin: true, Data: d.move()}, engine.Script())
	// Banks is at Brandy Station with Pope, now McClellan: +1.
	do(lrtg.RollReorganization{By: armyPope, Corps: []string{"II"}, Table: d.lib.Table(lrtg.LRTAReorganizationTable), Data: d.move()}, engine.Script(6))
	for _, e := range all {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeEvent(typ, data)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		_, again, _ := engine.EncodeEvent(back)
		if string(again) != string(data) {
			t.Errorf("%s does not round-trip:\n%s\n%s", typ, data, again)
		}
	}
	// II: 6 + 1 (McClellan) - 1 (AoV) = 6: the XII Corps (AoP), Mansfield
	// for Banks, Williams and Greene of the XII for their II Corps selves.
	if !lrtg.Of(g).LRTAReorganized("XII-AP") || !lrtg.Of(g).LRTARestRefitEnded() {
		t.Errorf("state %+v", lrtg.Of(g).LRTAArmy)
	}
	for id, want := range map[string]int{"usa.mansfield": 0, "usa.williams-xii": 6, "usa.greene-xii": 9, "usa.purnell-legion": 1, "usa.60-ny": 1} {
		if u := armyUnit(t, g, id); u.Command != "XII-AP" || u.Manpower != want || !u.OnMap {
			t.Errorf("%s: %+v", id, u)
		}
	}
	armyGone(t, g, "usa.banks", "usa.williams", "usa.greene")
}
