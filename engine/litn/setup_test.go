package litn_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
)

// The set-up /game start checks (issue 22, LITN set-up 1 and 2): the
// start refuses while anything the scenario needs is missing and lists
// all of it at once; each item is supplied by its command, the printed
// values before the start too; then the start goes. The charts are the
// fixtures (INVENTED FOR TESTS).

// refusal is the start's refusal text, failing the test when it started.
func (p *litnPlay) startRefusal(charts map[string]*engine.LoadedChart) string {
	p.t.Helper()
	_, err := p.g.Decide(litn.Start{By: lpUmpire, Scenario: p.sc, Map: p.m, Library: p.lib, Charts: charts}, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "litn.setup" {
		p.t.Fatalf("start: want litn.setup, got %v", err)
	}
	return re.What
}

func TestLITNStartListsEverythingMissing(t *testing.T) {
	p := newLITNGame(t, "litn-4-collision-at-gettysburg", litn.Options{})
	p.do(engine.JoinGame{By: lpLee, Side: engine.CSA})
	// A player may not start it, nor hear the list.
	p.refuse(litn.Start{By: lpLee, Scenario: p.sc, Map: p.m, Library: p.lib}, "game.umpire")
	what := p.startRefusal(nil)
	for _, want := range []string{
		"needs 13 more things",
		"no one commands the USA yet: a player joins with /game join side:usa",
		"the Command Point Table is not loaded: /chart load name:litn.command-point",
		"the Union Militia Table is not loaded: /chart load name:litn.union-militia",
		"the Movement Costs Chart is not loaded: /chart load name:litn.movement-costs",
		"the Command Point and Command Broadcast Tables' modifiers for 1863, printed beside the tables, are not recorded",
		"/litn declare year:command-point=N,broadcast=N",
		"not recorded for infantry, cavalry, artillery, wagon, leader: /litn declare ma:",
		"the Confederate Player Record Sheet is not loaded: /sheet load side:csa",
		"the Union Player Record Sheet is not loaded: /sheet load side:usa",
	} {
		if !strings.Contains(what, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, what)
		}
	}
	// 002 11: attrition is the 1862 scenarios' only.
	if strings.Contains(what, "litn.attrition") {
		t.Errorf("scenario 4 (1863) asks for the Attrition Table:\n%s", what)
	}
	for _, sl := range litn.NeededSlots(p.lib, p.sc.ID) {
		if !strings.Contains(what, "name:"+sl.ID+" ") {
			t.Errorf("the refusal does not name %s", sl.ID)
		}
	}

	// Supplied one by one, each leaves the list; the printed values before
	// the start (the umpire's alone; loc: waits for the game).
	p.do(engine.JoinGame{By: lpUnion, Side: engine.USA})
	p.refuse(litn.Declare{By: lpLee, BasicMA: lp63MA}, "litn.declare.umpire")
	p.refuse(litn.Declare{By: lpUmpire, LOC: map[string]bool{"Lee": false}}, "game.not_started")
	evs := p.do(litn.Declare{By: lpUmpire, Year: map[string]int{"command-point": -1}})
	// One modifier declared is one recorded: the other is not told as +0.
	if all := lmSays(p.g, evs[0], "all"); all != "📋 Year modifiers printed beside the tables for 1863 (002 7.1): Command Point Table -1." {
		t.Errorf("the table reads: %s", all)
	}
	p.do(litn.Declare{By: lpUmpire, BasicMA: map[string]int{"infantry": 12, "cavalry": 16}})
	p.loadSheet(engine.CSA)
	what = p.startRefusal(nil)
	if strings.Contains(what, "no one commands") || strings.Contains(what, "Command Point and") || strings.Contains(what, "Confederate Player Record Sheet") ||
		!strings.Contains(what, "the Command Broadcast Table's modifier for 1863") || !strings.Contains(what, "not recorded for artillery, wagon, leader:") ||
		!strings.Contains(what, "the Union Player Record Sheet is not loaded") {
		t.Errorf("after the join, a year modifier, two allowances and a sheet:\n%s", what)
	}
	// A loaded sheet's contents are the side's secret (002 2.5): the
	// umpire's list names none of them.
	for _, l := range litn.Of(p.g).LITN.Sheets[engine.CSA].Leaders {
		if strings.Contains(what, l.Name) || l.Hex != "" && strings.Contains(what, l.Hex) {
			t.Errorf("the refusal names %s or his hex:\n%s", l.Name, what)
		}
	}
	p.loadSheet(engine.USA)
	p.do(litnPrinted(p.sc.ID))
	charts := litnFixtures(t, p.lib)
	delete(charts, litn.SlotAttrition) // not needed in 1863
	delete(charts, litn.SlotMilitia)
	what = p.startRefusal(charts)
	if !strings.Contains(what, "needs 1 more thing: 1) the Union Militia Table is not loaded") {
		t.Errorf("one chart missing:\n%s", what)
	}
	charts[litn.SlotMilitia] = litnFixtures(t, p.lib)[litn.SlotMilitia]
	p.do(litn.Start{By: lpUmpire, Scenario: p.sc, Map: p.m, Library: p.lib, Charts: charts})
	if !p.g.Started || litn.Of(p.g).LITN.Charts[litn.SlotMilitia] == nil {
		t.Fatal("the start with everything did not keep the charts")
	}
}

// litnCopy reads a fixture file as a group's copy (a chart file).
func litnCopy(t *testing.T, file string) (*engine.ChartSlot, engine.ChartCopy) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	id, cp, err := scenarios.ParseChartFile(b)
	if err != nil {
		t.Fatal(err)
	}
	return litnLibrary(t).Slot(id), cp
}

// The umpire loads a chart into his running game with his reason: a
// game without the Movement Costs Chart (started before the start
// checked its charts) refuses a move and says how to mend it; the chart
// loaded, the same move goes; the table hears which chart and why.
func TestLITNUmpireLoadsAChartIntoTheGame(t *testing.T) {
	p := lmPlay(t, engine.CSA)
	p.g = litn.With(p.g, func(s *litn.State) {
		m := map[string]*engine.LoadedChart{}
		for k, v := range s.Charts {
			if k != litn.SlotMoveCosts {
				m[k] = v
			}
		}
		s.Charts = m
	})
	lmToMovement(t, p)
	move := litn.MoveCmd{By: lpLee, Units: []string{"Hood"}, Path: lmPath(t, "1624"), Map: p.m, Library: p.lib}
	_, err := p.g.Decide(move, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "chart.empty" || !strings.Contains(re.Hint, "/chart load name:litn.movement-costs game:true reason:") {
		t.Fatalf("a move without the chart: %v", err)
	}
	slot, cp := litnCopy(t, "movement-costs.yaml")
	before := p.g
	for _, c := range []struct {
		cmd  litn.LoadGameChart
		code string
	}{
		{litn.LoadGameChart{By: lpLee, Slot: slot, Copy: cp, Reason: "x"}, "game.umpire"},
		{litn.LoadGameChart{By: lpUmpire, Slot: slot, Copy: cp, Reason: "  "}, "chart.reason"},
		{litn.LoadGameChart{By: lpUmpire, Slot: &engine.ChartSlot{ID: "gcacw.combat", Game: "lrtg"}, Copy: cp, Reason: "x"}, "chart.game"},
		{litn.LoadGameChart{By: lpUmpire, Slot: slot, Copy: engine.ChartCopy{}, Reason: "x"}, "chart"},
	} {
		p.refuse(c.cmd, c.code)
	}
	if !reflect.DeepEqual(litn.Of(p.g).LITN.Charts, litn.Of(before).LITN.Charts) {
		t.Fatal("a refused load changed the game's charts")
	}
	evs := p.do(litn.LoadGameChart{By: lpUmpire, Slot: slot, Copy: cp, Digest: "ab12cd34ef56ab78", Reason: "the game started without it"})
	ev, ok := evs[0].(*litn.GameChartLoaded)
	if len(evs) != 1 || !ok || ev.Slot != litn.SlotMoveCosts || ev.Digest != "ab12cd34ef56ab78" || ev.Turn != p.g.Turn || ev.Step != litn.StepFirstMove {
		t.Fatalf("events %+v", evs)
	}
	if all := lmSays(p.g, ev, "all"); all != "📋 The umpire loaded the Movement Costs Chart (digest ab12cd34ef56ab78) into the game: the game started without it. The game reads this copy from now on." {
		t.Errorf("the table reads: %s", all)
	}
	if litn.Of(p.g).LITN.Charts[litn.SlotMoveCosts] == nil || litn.Of(before).LITN.Charts[litn.SlotMoveCosts] != nil {
		t.Fatal("the copy is not the game's, or the state before was changed")
	}
	p.do(move)
	if u := litn.Of(p.g).LITN.Units["csa.hood"]; u.At != "1624" {
		t.Fatalf("Hood did not move: %+v", u)
	}
}

// Before the start the umpire's copy is the game's own: the start keeps
// it over the server's, and needs no reason.
func TestLITNGameChartBeforeTheStart(t *testing.T) {
	p := newLITNGame(t, "litn-2-maryland-campaign", litn.Options{})
	p.do(engine.JoinGame{By: lpLee, Side: engine.CSA})
	p.do(engine.JoinGame{By: lpUnion, Side: engine.USA})
	p.loadSheet(engine.CSA)
	p.loadSheet(engine.USA)
	p.do(litnPrinted(p.sc.ID))
	slot, cp := litnCopy(t, "union-militia.yaml")
	evs := p.do(litn.LoadGameChart{By: lpUmpire, Slot: slot, Copy: cp})
	if all := lmSays(p.g, evs[0], "all"); !strings.Contains(all, "loaded the Union Militia Table for this game: it keeps this copy, not the server's") {
		t.Errorf("the table reads: %s", all)
	}
	server := litnFixtures(t, p.lib)
	mine := litn.Of(p.g).LITN.Charts[litn.SlotMilitia]
	delete(server, litn.SlotMilitia)
	p.do(litn.Start{By: lpUmpire, Scenario: p.sc, Map: p.m, Library: p.lib, Charts: server})
	if got := litn.Of(p.g).LITN.Charts[litn.SlotMilitia]; got == nil || !reflect.DeepEqual(got, mine) {
		t.Fatalf("the start did not keep the game's copy: %+v", got)
	}
}
