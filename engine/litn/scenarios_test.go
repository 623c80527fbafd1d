package litn_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
)

// A scripted game per LITN scenario (issue 10): each one is set up from
// the fixture record sheets (scenarios/testdata/litn, INVENTED FOR TESTS)
// and played on the fixture charts (testdata, INVENTED FOR TESTS)
// through the sequence of play of 002 3.1, with scripted dice, asserting
// the VPs, strengths and morale after each phase.

// litnPlay is a LITN game under test.
type litnPlay struct {
	t   *testing.T
	g   engine.GameState
	lib *engine.Library
	seq *engine.Sequence
	m   *engine.Theatre
	sc  engine.Scenario
	log []engine.Event
}

var (
	lpUmpire = engine.Actor{ID: "ump", Name: "Umpire"}
	lpLee    = engine.Actor{ID: "lee", Name: "Lee"}
	lpUnion  = engine.Actor{ID: "mac", Name: "McClellan"}
)

// newLITNPlay creates, sets up and starts a game of the scenario with
// every fixture chart loaded.
func newLITNPlay(t *testing.T, scenario string, opts litn.Options) *litnPlay {
	t.Helper()
	p := newLITNGame(t, scenario, opts)
	p.do(engine.JoinGame{By: lpLee, Side: engine.CSA})
	p.do(engine.JoinGame{By: lpUnion, Side: engine.USA})
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		p.loadSheet(side)
	}
	p.do(litnPrinted(scenario))
	p.do(litn.Start{By: lpUmpire, Scenario: p.sc, Map: p.m, Library: p.lib, Charts: litnFixtures(t, p.lib)})
	return p
}

// litnFixtures are every fixture chart, by slot (what a server holds
// once the group has loaded them all).
func litnFixtures(t *testing.T, lib *engine.Library) map[string]*engine.LoadedChart {
	t.Helper()
	charts := map[string]*engine.LoadedChart{}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.yaml"))
	for _, f := range files {
		id, lc := litnFixture(t, lib, filepath.Base(f))
		charts[id] = lc
	}
	return charts
}

// loadSheet loads the side's fixture record sheet of the game's scenario.
func (p *litnPlay) loadSheet(side engine.Side) {
	p.t.Helper()
	num := strings.Split(p.sc.ID, "-")[1]
	b, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "testdata", "litn", "sheet-"+num+"-"+string(side)+".yaml"))
	if err != nil {
		p.t.Fatal(err)
	}
	sheet, err := scenarios.ParseLITNSheet(b)
	if err != nil {
		p.t.Fatal(err)
	}
	p.do(litn.LoadSheet{By: lpUmpire, Side: side, Sheet: sheet, Scenario: p.sc, Map: p.m})
}

// newLITNGame creates a game of the scenario, nothing set up, no one
// joined.
func newLITNGame(t *testing.T, scenario string, opts litn.Options) *litnPlay {
	t.Helper()
	lib := litnLibrary(t)
	seqs, err := scenarios.Sequences()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := scenarios.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	p := &litnPlay{t: t, lib: lib, seq: seqs[litn.ID], m: ts["litn"]}
	for _, s := range cat {
		if s.ID == scenario {
			p.sc = s
		}
	}
	if p.seq == nil || p.m == nil || p.sc.ID == "" {
		t.Fatalf("no LITN sequence, map or scenario %s", scenario)
	}
	o := engine.GameOptions{Scenario: scenario, Supply: "normal", Comms: 1}
	litn.SetOptions(&o, opts)
	p.do(engine.NewGame{By: lpUmpire, Rules: litn.Ruleset(), Options: o})
	return p
}

// litnPrinted is the umpire's declaration of the printed values the start
// checks (the fixtures' allowances and year modifiers, INVENTED FOR
// TESTS): the tests that need others declare them again after the start.
func litnPrinted(scenario string) litn.Declare {
	if litn.Year(scenario) == 1863 {
		return litn.Declare{By: lpUmpire, BasicMA: lp63MA, Year: lp63Year}
	}
	return litn.Declare{By: lpUmpire, BasicMA: lmMA, Year: map[string]int{"command-point": 0, "broadcast": 0}}
}

// do decides and applies a command with the scripted faces; every face
// must be used.
func (p *litnPlay) do(cmd engine.Command, faces ...int) []engine.Event {
	p.t.Helper()
	d := engine.Script(faces...)
	evs, err := p.g.Decide(cmd, d)
	if err != nil {
		p.t.Fatalf("%s: %v", cmd.CommandName(), err)
	}
	if d.Remaining() != 0 {
		p.t.Fatalf("%s: %d scripted faces not rolled", cmd.CommandName(), d.Remaining())
	}
	for _, e := range evs {
		p.g = p.g.Apply(litnStored(p.t, e))
	}
	litnSnapshotted(p.t, p.g)
	p.log = append(p.log, evs...)
	return evs
}

// litnStored is the event as the store gives it back: encoded, then
// decoded by the rulesets, so every game test folds what a restarted bot
// folds.
func litnStored(t *testing.T, e engine.Event) engine.Event {
	t.Helper()
	typ, data, err := engine.EncodeEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := litnRules.DecodeEvent(typ, data)
	if err != nil {
		t.Fatalf("%s: %v", typ, err)
	}
	return back
}

// litnSnapshotted checks LITN's state survives a snapshot whole: written
// by its ruleset's codec (EncodeOwn), restored with the ruleset found from
// the options (Rulesets.Restore).
func litnSnapshotted(t *testing.T, g engine.GameState) {
	t.Helper()
	own, err := g.EncodeOwn()
	if err != nil {
		t.Fatal(err)
	}
	bare := g
	bare.Own = nil
	back, err := litnRules.Restore(bare, own)
	if err != nil {
		t.Fatal(err)
	}
	if back.Rules() == nil || back.Rules().ID() != litn.ID {
		t.Fatalf("restored with ruleset %v", back.Rules())
	}
	if g.Own != nil && !reflect.DeepEqual(back.Own, g.Own) {
		t.Fatalf("LITN's state changed through its snapshot codec:\n%+v\n%+v", g.Own, back.Own)
	}
}

// refuse checks a command is refused with the code, changing nothing.
func (p *litnPlay) refuse(cmd engine.Command, code string) {
	p.t.Helper()
	_, err := p.g.Decide(cmd, engine.Script())
	if err == nil || !strings.Contains(errCode(err), code) {
		p.t.Fatalf("%s: want %s, got %v", cmd.CommandName(), code, err)
	}
}

func errCode(err error) string {
	if re, ok := err.(*engine.RuleError); ok {
		return re.Code
	}
	return err.Error()
}

// next begins the next step (the umpire), forcing it with a reason when
// force is set.
func (p *litnPlay) next(force bool, faces ...int) []engine.Event {
	p.t.Helper()
	cmd := engine.NextStep{By: lpUmpire, Sequence: p.seq, Context: engine.StepContext{Library: p.lib, Map: p.m}}
	if force {
		cmd.Force, cmd.Reason = true, "the scripted game moves on"
	}
	return p.do(cmd, faces...)
}

// at checks the step under way.
func (p *litnPlay) at(step string) {
	p.t.Helper()
	if got := p.g.CurrentStep(); got != step {
		p.t.Fatalf("turn %d: at step %q, want %q", p.g.Turn, got, step)
	}
}

// strength checks units' strengths (id=strength).
func (p *litnPlay) strength(want map[string]int) {
	p.t.Helper()
	for id, n := range want {
		u, ok := litn.Of(p.g).LITN.Units[id]
		if !ok || u.Strength != n {
			p.t.Errorf("turn %d step %s: %s strength %d, want %d", p.g.Turn, p.g.CurrentStep(), id, u.Strength, n)
		}
	}
}

// vp checks the score in half VPs (VP).
func (p *litnPlay) vp(csa, usa litn.VP) {
	p.t.Helper()
	if litn.Of(p.g).LITN.Score.CSA != csa || litn.Of(p.g).LITN.Score.USA != usa {
		p.t.Errorf("turn %d step %s: VP %s / %s, want %s / %s", p.g.Turn, p.g.CurrentStep(), litn.Of(p.g).LITN.Score.CSA, litn.Of(p.g).LITN.Score.USA, csa, usa)
	}
}

// demoralized checks the set of demoralized units.
func (p *litnPlay) demoralized(ids ...string) {
	p.t.Helper()
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	for _, u := range litn.Of(p.g).UnitsOf("") {
		if u.Demoralized != want[u.ID] {
			p.t.Errorf("turn %d step %s: %s demoralized %v, want %v", p.g.Turn, p.g.CurrentStep(), u.ID, u.Demoralized, want[u.ID])
		}
	}
}

// The start of every scenario: the sheets' units where they say, the
// turn record's first turn, the initial VPs of 15.7.
func TestLITNScenarioStarts(t *testing.T) {
	for _, c := range []struct {
		scenario    string
		turn, last  int
		csaVP       litn.VP
		onMap, off  string
		labelPrefix string
	}{
		{"litn-1-frederick-to-antietam", 4, 16, 0, "csa.hood", "csa.walker", "September 9-10, 1862"},
		{"litn-2-maryland-campaign", 1, 16, 0, "usa.miles", "", "September 3-4, 1862"},
		{"litn-3-pennsylvania-campaign", 1, 14, 0, "csa.rodes", "csa.lee", "June 17-18, 1863"},
		{"litn-4-collision-at-gettysburg", 1, 9, litn.WholeVP(5), "usa.reynolds", "csa.pickett", "June 28-29, 1863"},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			p := newLITNPlay(t, c.scenario, litn.Options{})
			if p.g.Turn != c.turn || p.g.LastTurn() != c.last || p.g.TurnLabel(p.g.Turn) != c.labelPrefix {
				t.Errorf("turn %d (%s), last %d", p.g.Turn, p.g.TurnLabel(p.g.Turn), p.g.LastTurn())
			}
			if p.g.TurnDays(p.g.Turn) != 2 {
				t.Errorf("a LITN turn is two days (002 2.3), got %d", p.g.TurnDays(p.g.Turn))
			}
			p.vp(c.csaVP, 0)
			if u := litn.Of(p.g).LITN.Units[c.onMap]; !u.OnMap() || u.Strength == 0 || u.Strength != u.Original {
				t.Errorf("%s: %+v", c.onMap, u)
			}
			if c.off != "" {
				if u, ok := litn.Of(p.g).LITN.Units[c.off]; !ok || u.OnMap() {
					t.Errorf("%s should wait off the map: %+v", c.off, u)
				}
			}
			// Both sheets are in the state for the start, each whole.
			for _, s := range []engine.Side{engine.CSA, engine.USA} {
				if litn.Of(p.g).LITN.Sheets[s] == nil || len(litn.Of(p.g).UnitsOf(s)) != len(litn.Of(p.g).LITN.Sheets[s].Leaders) {
					t.Errorf("%s: %d units from the sheet", s, len(litn.Of(p.g).UnitsOf(s)))
				}
			}
			p.refuse(litn.Start{By: lpUmpire, Scenario: p.sc, Map: p.m, Library: p.lib}, "game.started")
		})
	}
}

// 15.1: a place held a whole turn by infantry declared without a line of
// communications (/litn declare loc:, 7.2) scores half its value and its
// Confederate Control marker goes face down.
func TestLITNPlaceHeldWithoutLOC(t *testing.T) {
	p := newTurnPlay(t)
	p.set("csa.dh-hill", func(u *litn.Unit) { u.At = "1719" }) // Hagerstown, 1 VP
	p.do(litn.Declare{By: leeActor, LOC: map[string]bool{"D.H. Hill": false}}, engine.Script())
	if !litn.Of(p.g).LITN.Moves.NoLOC["csa.dh-hill"] {
		t.Fatalf("the declaration was not recorded: %v", litn.Of(p.g).LITN.Moves.NoLOC)
	}
	p.next(false, 2) // B2: the Confederates choose
	p.do(litn.First{By: leeActor, First: engine.CSA}, engine.Script())
	p.next(false) // H1: no one demoralized
	p.next(false) // H2: no wagons
	evs := p.next(false)
	vp := turnEvent[*litn.VictoryRecorded](t, evs)
	// Half of 1 VP: 1 half VP (VP counts halves).
	if litn.Of(p.g).LITN.Score.CSA != litn.VP(1) || litn.Of(p.g).LITN.Control["1719"] != litn.ControlHalf {
		t.Fatalf("score %s, control %v", litn.Of(p.g).LITN.Score.CSA, litn.Of(p.g).LITN.Control)
	}
	if all := turnSay(vp, p.g, "all"); !strings.Contains(all, "without a line of communications") || !strings.Contains(all, "as declared") {
		t.Errorf("public: %s", all)
	}
}

// 9.2: a depleted wagon declared on a road or rail hex within four hexes of
// a friendly depot, which stays put the whole turn, is undepleted at H2;
// the declaration is its side's alone, and what the state can refute is
// refused, changing nothing.
func TestLITNWagonDeclaredReadyUndepletes(t *testing.T) {
	p := newTurnPlay(t)
	p.g = litn.With(p.g, func(lg *litn.State) {
		lg.Wagons = map[string]litn.WagonPiece{
			"csa.w1": {ID: "csa.w1", Side: engine.CSA, At: "1622", Hex: engine.OffsetToAxial(16, 22, engine.OddColumnsDown), Depleted: true},
			"csa.w2": {ID: "csa.w2", Side: engine.CSA, At: "1622", Hex: engine.OffsetToAxial(16, 22, engine.OddColumnsDown)},
			"usa.w1": {ID: "usa.w1", Side: engine.USA, At: "3035", Hex: engine.OffsetToAxial(30, 35, engine.OddColumnsDown), Depleted: true},
		}
	})
	before := litn.Of(p.g).LITN.Wagons
	for _, c := range []struct {
		cmd  litn.WagonReady
		code string
	}{
		{litn.WagonReady{By: leeActor, Wagon: "usa.w1", Depot: "3034"}, "litn.wagon.unknown"}, // the enemy's: as if unknown
		{litn.WagonReady{By: leeActor, Wagon: "csa.w2", Depot: "1624"}, "litn.wagon.undepleted"},
		{litn.WagonReady{By: leeActor, Wagon: "csa.w1", Depot: "1630"}, "litn.wagon.far"},   // 8 rows away
		{litn.WagonReady{By: leeActor, Wagon: "csa.w1", Depot: "1026"}, "litn.wagon.depot"}, // no 1026 depot in 1862 (15.2)
		{litn.WagonReady{By: leeActor, Wagon: "csa.w1", Depot: "99x"}, "litn.wagon.depot"},
	} {
		c.cmd.Map = p.env.m
		_, err := p.g.Decide(c.cmd, engine.Script())
		if err == nil || errCode(err) != c.code {
			t.Errorf("%+v: want %s, got %v", c.cmd, c.code, err)
		}
	}
	if !reflect.DeepEqual(litn.Of(p.g).LITN.Wagons, before) {
		t.Fatal("a refused declaration changed the wagons")
	}
	evs := p.do(litn.WagonReady{By: leeActor, Wagon: "csa.w1", Depot: "1624", Map: p.env.m}, engine.Script())
	e := turnEvent[*litn.WagonDeclaredReady](t, evs)
	if e.Hexes != 2 || !litn.Of(p.g).LITN.Wagons["csa.w1"].Undeplete {
		t.Fatalf("declared: %+v, wagon %+v", e, litn.Of(p.g).LITN.Wagons["csa.w1"])
	}
	if turnSay(e, p.g, "all") != "" || turnSay(e, p.g, "usa") != "" || !strings.Contains(turnSay(e, p.g, "csa"), "Wagon csa.w1") {
		t.Errorf("the declaration is the Confederates' alone: %+v", e.Say(litn.Of(p.g)))
	}
	p.next(false, 2) // B2
	p.do(litn.First{By: leeActor, First: engine.CSA}, engine.Script())
	p.next(false) // H1
	p.next(false) // H2
	if w := litn.Of(p.g).LITN.Wagons["csa.w1"]; w.Depleted || w.Undeplete {
		t.Errorf("after H2: %+v", w)
	}
	if w := litn.Of(p.g).LITN.Wagons["usa.w1"]; !w.Depleted {
		t.Errorf("the undeclared Union wagon: %+v", w)
	}
}
