package litn_test

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// LITN Player Record Sheets (002 2.5, 6, 15): the checks of
// litn.ValidateSheet and the /sheet load command's engine part, on
// the fixtures under scenarios/testdata/litn (INVENTED FOR TESTS — not the
// printed record sheets).

type sheetEnv struct {
	sc  engine.Scenario
	sc3 engine.Scenario
	sc4 engine.Scenario
	m   *engine.Theatre
}

func litnSheetEnv(t *testing.T) sheetEnv {
	t.Helper()
	cat, err := scenarios.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	var env sheetEnv
	for _, s := range cat {
		switch s.ID {
		case "litn-1-frederick-to-antietam":
			env.sc = s
		case "litn-3-pennsylvania-campaign":
			env.sc3 = s
		case "litn-4-collision-at-gettysburg":
			env.sc4 = s
		}
	}
	env.m = ts["litn"]
	if env.sc.ID == "" || env.sc3.ID == "" || env.m == nil {
		t.Fatal("no LITN scenario 1/3 or map")
	}
	return env
}

func litnSheetFixture(t *testing.T, side string) *litn.Sheet {
	t.Helper()
	b, err := os.ReadFile("../../scenarios/testdata/litn/sheet-1-" + side + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "INVENTED FOR TESTS — not the printed record sheet") {
		t.Fatal("a fixture must say it is invented for tests")
	}
	s, err := scenarios.ParseLITNSheet(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestLITNSheetFixturesAreValid(t *testing.T) {
	env := litnSheetEnv(t)
	for _, side := range []string{"csa", "usa"} {
		s := litnSheetFixture(t, side)
		if probs := litn.ValidateSheet(s, env.sc, env.m); len(probs) != 0 {
			t.Errorf("%s: %v", side, probs)
		}
		if string(s.Side) != side || s.Scenario != env.sc.ID {
			t.Errorf("%s: read as %s / %s", side, s.Side, s.Scenario)
		}
	}
	csa := litnSheetFixture(t, "csa")
	if l := csa.Leader("csa.walker"); l == nil || len(l.Arrives) != 1 || l.Arrives[0].Turn != 6 || l.Arrives[0].Hexes[0] != "1529" {
		t.Errorf("walker: %+v", l)
	}
	if l := csa.Leader("csa.hood"); l == nil || l.SubordinateTo != "csa.longstreet" || l.Troops != "infantry" || l.Line == 0 {
		t.Errorf("hood: %+v", l)
	}
}

// Each check of ValidateSheet, on a fixture with one thing wrong: the
// message says what is wrong and what would be right.
func TestLITNSheetValidationErrors(t *testing.T) {
	env := litnSheetEnv(t)
	lead := func(s *litn.Sheet, id string) *litn.SheetLeader {
		l := s.Leader(id)
		if l == nil {
			t.Fatalf("no %s", id)
		}
		return l
	}
	cases := []struct {
		name   string
		side   string
		sc     *engine.Scenario
		break_ func(s *litn.Sheet)
		want   []string
	}{
		{"no department leader", "csa", nil, func(s *litn.Sheet) {
			lead(s, "csa.lee").Role = ""
			lead(s, "csa.lee").Troops = "infantry"
			lead(s, "csa.lee").Strength = 1
		},
			[]string{"0 department leaders", "give exactly one, role: department", "6.1"}},
		{"two department leaders", "csa", nil, func(s *litn.Sheet) {
			lead(s, "csa.longstreet").Role = litn.SheetDepartment
			lead(s, "csa.longstreet").SubordinateTo = ""
		},
			[]string{"2 department leaders", "csa.lee", "csa.longstreet"}},
		{"department subordinate", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.lee").SubordinateTo = "csa.jackson" },
			[]string{"the department leader is subordinate to no one", "leave out subordinate_to"}},
		{"unknown superior", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").SubordinateTo = "csa.magruder" },
			[]string{"csa.hood", `subordinate to "csa.magruder", which is not a leader of this sheet`}},
		{"self", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").SubordinateTo = "csa.hood" },
			[]string{"subordinate to itself"}},
		{"cycle", "csa", nil, func(s *litn.Sheet) {
			lead(s, "csa.longstreet").SubordinateTo = "csa.jackson"
			lead(s, "csa.jackson").SubordinateTo = "csa.longstreet"
		}, []string{"goes round in a circle", "csa.longstreet → csa.jackson → csa.longstreet", "must end at the department leader"}},
		{"cavalry commander's infantry", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").SubordinateTo = "csa.stuart" },
			[]string{"it is not cavalry", "commands only cavalry"}},
		{"corps cavalry", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.fitz-lee").SubordinateTo = "csa.jackson" },
			[]string{"only Confederate infantry divisions belong to a corps"}},
		{"subordinate to a combat unit", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.lawton").SubordinateTo = "csa.hood" },
			[]string{"a combat unit", "broadcast command points"}},
		{"duplicate id", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.lawton").ID = "csa.hood" },
			[]string{"the id is already used", "ids are unique"}},
		{"id prefix", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.lawton").ID = "lawton" },
			[]string{"ids start with the side, csa."}},
		{"hex off the map", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Hex = "9999" },
			[]string{`hex "9999" is not a hex of the LITN map`, "e.g. 1529"}},
		{"hex not a number", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Hex = "Frederick" },
			[]string{`hex "Frederick" is not a hex of the LITN map`}},
		{"entry hex off the map", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.walker").Arrives[0].Hexes = []string{"0000"} },
			[]string{`entry hex "0000" is not a hex of the LITN map`}},
		{"arrival before the start", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.walker").Arrives[0].Turn = 3 },
			[]string{"arrives on turn 3", "runs from turn 4 to 16"}},
		{"arrival after the end", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.walker").Arrives[0].Turn = 17 },
			[]string{"arrives on turn 17", "runs from turn 4 to 16"}},
		{"hex and arrival", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.walker").Hex = "1622" },
			[]string{"give a starting hex or its arrivals, not both"}},
		{"neither hex nor arrival", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Hex = "" },
			[]string{"give a starting hex (hex:) or when it arrives (arrives:)"}},
		{"command rating", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Command = 5 },
			[]string{"command rating 5: give 1 to 4"}},
		{"command rating 0", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Command = 0 },
			[]string{"command rating 0: give 1 to 4"}},
		{"initiative", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Initiative = -1 },
			[]string{"initiative rating -1: give 0 or more"}},
		{"combat bonus", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").CombatBonus = -2 },
			[]string{"combat bonus -2: give 0 or more"}},
		{"rank", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Rank = 0 },
			[]string{"rank 0: give 1 or more, 1 the highest", "6.4"}},
		{"strength", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Strength = 0 },
			[]string{"strength 0: a combat unit starts with 1 or more"}},
		{"troops", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Troops = "dragoons" },
			[]string{"infantry, cavalry or artillery", `"dragoons"`}},
		{"non-combat with troops", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.longstreet").Strength = 3 },
			[]string{"a corps leader is a non-combat leader", "leave out troops and strength"}},
		{"role", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.hood").Role = "wing" },
			[]string{`role "wing" is not one of`}},
		{"two cavalry commanders", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.jackson").Role = litn.SheetCavalryCommander },
			[]string{"2 cavalry commanders"}},
		{"union corps leader", "usa", nil, func(s *litn.Sheet) {
			l := lead(s, "usa.sumner")
			l.Role, l.Troops, l.Strength = litn.SheetCorps, "", 0
		}, []string{"corps leaders are Confederate"}},
		{"couch in 1862", "usa", nil, func(s *litn.Sheet) {
			l := lead(s, "usa.miles")
			l.Role, l.Troops, l.Strength = litn.SheetCouch, "", 0
		}, []string{"Union and 1863 only", "15.5"}},
		{"variable entry in scenario 1", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.walker").Arrives[0].By = litn.SheetByVariableEntry },
			[]string{"variable entry is the Confederates' in scenario 3"}},
		{"unknown arrival condition", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.walker").Arrives[0].By = "rail" },
			[]string{`arrives by "rail"`}},
		{"off-map hex on a leader on the map", "csa", nil, func(s *litn.Sheet) { lead(s, "csa.lee").OffMapHex = "1026" },
			[]string{"off_map_hex is for a leader who starts off the map"}},
		{"wrong scenario", "csa", &env.sc4, func(*litn.Sheet) {},
			[]string{`the sheet is for scenario "litn-1-frederick-to-antietam"`, "give scenario: litn-4-collision-at-gettysburg"}},
		{"wrong game", "csa", nil, func(s *litn.Sheet) { s.Game = lrtg.LRTG },
			[]string{`game is "lrtg"`, "game: litn"}},
		{"wrong side", "csa", nil, func(s *litn.Sheet) { s.Side = "confederate" },
			[]string{`side is "confederate": give csa or usa`}},
	}
	for _, c := range cases {
		s := litnSheetFixture(t, c.side)
		c.break_(s)
		sc := env.sc
		if c.sc != nil {
			sc = *c.sc
		}
		probs := litn.ValidateSheet(s, sc, env.m)
		all := strings.Join(probs, "\n")
		if len(probs) == 0 {
			t.Errorf("%s: no problem found", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: the problems do not say %q:\n%s", c.name, w, all)
			}
		}
	}
}

// Scenario 3's conditional entries (15.6): Meade's department leader
// counter by Hooker dissatisfaction is not a second department leader;
// variable entry is allowed there; Lee may start off the map.
func TestLITNSheetScenario3Entries(t *testing.T) {
	env := litnSheetEnv(t)
	usa := litnSheetFixture(t, "usa")
	usa.Scenario = env.sc3.ID
	usa.Leaders = append(usa.Leaders, litn.SheetLeader{ID: "usa.meade-dept", Name: "G. Meade", Role: litn.SheetDepartment,
		Command: 2, Initiative: 2, CombatBonus: 1, Rank: 1, Arrives: []litn.SheetArrival{{By: litn.SheetByHookerOut}}})
	if probs := litn.ValidateSheet(usa, env.sc3, env.m); len(probs) != 0 {
		t.Errorf("usa: %v", probs)
	}
	usa.Leaders[len(usa.Leaders)-1].Arrives[0].Turn = 5
	if probs := litn.ValidateSheet(usa, env.sc3, env.m); len(probs) != 1 || !strings.Contains(probs[0], "leave out turn") {
		t.Errorf("hooker-dissatisfaction with a turn: %v", probs)
	}
	csa := litnSheetFixture(t, "csa")
	csa.Scenario = env.sc3.ID
	w := csa.Leader("csa.walker")
	w.Arrives = []litn.SheetArrival{{Turn: 3, By: litn.SheetByVariableEntry, Hexes: []string{"1031", "1029", "1026"}}}
	lee := csa.Leader("csa.lee")
	lee.Hex, lee.OffMapHex = "", "1026"
	lee.Arrives = []litn.SheetArrival{{Turn: 2, Hexes: []string{"1026"}}}
	if probs := litn.ValidateSheet(csa, env.sc3, env.m); len(probs) != 0 {
		t.Errorf("csa: %v", probs)
	}
}

func litnGame(t *testing.T, scenario string) engine.GameState {
	t.Helper()
	var g engine.GameState
	evs, err := g.Decide(engine.NewGame{By: umpireActor, Rules: litnRules.ForScenario(scenario), Options: engine.GameOptions{Scenario: scenario, Supply: "normal", Comms: 1}}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	for _, j := range []engine.JoinGame{{By: leeActor, Side: engine.CSA}, {By: mcclellanActor, Side: engine.USA}} {
		evs, err := g.Decide(j, engine.Script())
		if err != nil {
			t.Fatal(err)
		}
		g = g.Apply(evs[0])
	}
	return g
}

var (
	umpireActor    = engine.Actor{ID: "ump", Name: "Umpire"}
	leeActor       = engine.Actor{ID: "lee", Name: "Lee"}
	mcclellanActor = engine.Actor{ID: "mac", Name: "McClellan"}
)

func TestLITNSheetLoadCommand(t *testing.T) {
	env := litnSheetEnv(t)
	g := litnGame(t, env.sc.ID)
	csa := litnSheetFixture(t, "csa")
	cmd := litn.LoadSheet{By: umpireActor, Side: engine.CSA, Sheet: csa, SHA256: "abc", Scenario: env.sc, Map: env.m}
	evs, err := g.Decide(cmd, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	e, ok := evs[0].(*litn.SheetLoaded)
	if len(evs) != 1 || !ok || e.Side != engine.CSA || e.SHA256 != "abc" || !reflect.DeepEqual(e.Sheet, *csa) {
		t.Fatalf("event: %+v", evs)
	}
	// The event is a copy: changing the command's sheet changes nothing.
	csa.Leaders[0].Arrives = append(csa.Leaders[0].Arrives, litn.SheetArrival{Turn: 9})
	csa.Leaders[1].Name = "changed"
	if len(e.Sheet.Leaders[0].Arrives) != 0 || e.Sheet.Leaders[1].Name == "changed" {
		t.Error("the event shares the command's sheet")
	}
	// It round-trips through the stream's encoding.
	typ, data, err := engine.EncodeEvent(e)
	if err != nil || typ != "litn.sheet-loaded" {
		t.Fatal(typ, err)
	}
	back, err := litnRules.DecodeEvent(typ, data)
	if err != nil || !reflect.DeepEqual(back, e) {
		t.Fatalf("decoded %+v, %v", back, err)
	}
	// Folding it keeps the side's sheet for the start, as a copy; the
	// other side's slot stays empty.
	next := g.Apply(e)
	if got := litn.Of(next).LITN.Sheets[engine.CSA]; got == nil || !reflect.DeepEqual(*got, e.Sheet) || litn.Of(next).LITN.Sheets[engine.USA] != nil {
		t.Errorf("folded sheets: %+v", litn.Of(next).LITN.Sheets)
	}
	if litn.Of(next).LITN.Sheets[engine.CSA] == &e.Sheet {
		t.Error("the state shares the event's sheet")
	}

	refuse := func(name string, g engine.GameState, cmd litn.LoadSheet, kind error, code string, says ...string) {
		t.Helper()
		_, err := g.Decide(cmd, engine.Script())
		var re *engine.RuleError
		if !errors.As(err, &re) || !errors.Is(err, kind) || re.Code != code {
			t.Errorf("%s: %v", name, err)
			return
		}
		for _, s := range says {
			if !strings.Contains(re.What+" "+re.Hint, s) {
				t.Errorf("%s: %q does not say %q", name, re.Error(), s)
			}
		}
	}
	fresh := func() litn.LoadSheet {
		return litn.LoadSheet{By: umpireActor, Side: engine.CSA, Sheet: litnSheetFixture(t, "csa"), Scenario: env.sc, Map: env.m}
	}
	c := fresh()
	c.By = leeActor
	refuse("a player", g, c, engine.ErrIllegal, "game.umpire", "Only the umpire")
	c = fresh()
	c.Side = engine.USA
	refuse("the other side", g, c, engine.ErrInvalid, "sheet.side", "the CSA record sheet", "it was loaded for the USA", "side:csa")
	c = fresh()
	c.Sheet = nil
	refuse("no sheet", g, c, engine.ErrInvalid, "sheet.file", "No record sheet")
	c = fresh()
	c.Sheet.Leaders[0].Rank = 0
	c.Sheet.Leaders[4].Hex = "7777"
	refuse("an invalid sheet", g, c, engine.ErrInvalid, "sheet.invalid", "1) line", "rank 0", "2) line", `"7777"`, "docs/litn-record-sheet.md")

	lrtg := litnGame(t, "lrtg-high-tide")
	c = fresh()
	refuse("an LRTG game", lrtg, c, engine.ErrIllegal, "sheet.litn_only", "LITN only")

	// A LITN game cannot start yet (its set-up is next session's): a
	// started state is enough for the check.
	started := g
	started.Started = true
	refuse("after the start", started, fresh(), engine.ErrIllegal, "sheet.started", "before /game start")
}

// Every scenario's fixture sheets (scenarios/testdata/litn/sheet-N-side.yaml,
// INVENTED FOR TESTS) pass the checks against their scenario and the map.
func TestLITNSheetFixturesEveryScenario(t *testing.T) {
	cat, err := scenarios.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	env := litnSheetEnv(t)
	n := 0
	for _, sc := range cat {
		if sc.Game != litn.ID {
			continue
		}
		num := strings.Split(sc.ID, "-")[1]
		for _, side := range []string{"csa", "usa"} {
			b, err := os.ReadFile("../../scenarios/testdata/litn/sheet-" + num + "-" + side + ".yaml")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(b), "# INVENTED FOR TESTS — not the printed record sheet.") {
				t.Errorf("sheet %s %s: the first line must say it is invented for tests", num, side)
			}
			s, err := scenarios.ParseLITNSheet(b)
			if err != nil {
				t.Fatalf("sheet %s %s: %v", num, side, err)
			}
			if probs := litn.ValidateSheet(s, sc, env.m); len(probs) != 0 {
				t.Errorf("sheet %s %s: %v", num, side, probs)
			}
			n++
		}
	}
	if n != 8 {
		t.Errorf("%d fixture sheets, want 2 for each of the 4 scenarios", n)
	}
}
