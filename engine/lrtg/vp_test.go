package lrtg

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// The VP rules of vp.go on hand-made rules and maps; the shipped data is
// tested in scenarios/vp_test.go against the seeds.

// vpTestStations mirrors the Virginia and B&O rows of 000 VII 3 on a few
// stations: A - B - C - R (Alexandria - Rappahannock, 7 / 3), A - B - F
// (Alexandria - Front Royal, 5), the B&O X1..X4 (15 / 5 / 5) and the
// Marysville bonus.
func vpTestStations() *StationVP {
	return &StationVP{
		Awards: []StationAward{
			{ID: "rapp", Title: "the A - R line", Stations: []string{"A", "B", "C", "R"}, Values: []int{7, 3}},
			{ID: "fr", Title: "the A - F line", Stations: []string{"A", "B", "F"}, Values: []int{5}},
			{ID: "dc1", Title: "the D - E line", Stations: []string{"D", "E"}, Values: []int{25}},
			{ID: "dceach", Title: "the D lines", Stations: []string{"D", "E", "G"}, Each: 5, Except: []string{"dc1"}},
			{ID: "bo", Title: "the B&O", Stations: []string{"X1", "X2", "X3", "X4"}, Values: []int{15, 5, 5}},
		},
		Other: map[string]int{"A": 1, "B": 1, "C": 1, "F": 1, "S": 1, "X3": 1, "X4": 1, "G": 1},
		State: map[string]string{"A": "Virginia", "S": "Virginia", "X4": "Maryland"},
		Bonus: &StationBonus{Award: "bo", Count: 3, Structure: "Marysville Bridge", VP: 15, Title: "three B&O stations and the Marysville bridge"},
	}
}

func stationPlace(name string, own int) engine.Place {
	p := engine.Place{Name: name, Kinds: []string{"rr-station"}}
	if own != 0 {
		p.Values = map[string]int{"station_vp": own}
	}
	return p
}

func destroy(t *testing.T, g Game, rules *StationVP, p engine.Place) (Game, *PlaceActed) {
	t.Helper()
	evs, err := g.Decide(ActOnPlace{By: lee, Place: p, Action: ActDestroyStation, Stations: rules}, engine.Script())
	if err != nil {
		t.Fatalf("destroy %s: %v", p.Name, err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g, evs[0].(*PlaceActed)
}

func TestStationAwardsCountInOrder(t *testing.T) {
	rules := vpTestStations()
	for _, c := range []struct {
		name  string
		order []string
		own   map[string]int
		want  []int
	}{
		// 000 VII 3 note: the first station of a line scores its first value on
		// every line it is on, and its own value ("A" stands for Alexandria:
		// 7 + 5 + 3 own).
		{"end station", []string{"A"}, map[string]int{"A": 3}, []int{7 + 5 + 3}},
		// Manassas: 7 + 5, no "other" point.
		{"shared station", []string{"B"}, nil, []int{12}},
		// The second on the Rappahannock line scores 3; the Front Royal line
		// pays its first only.
		{"second", []string{"B", "A"}, nil, []int{12, 3}},
		// The third on a line scores nothing there, so it is an "other"
		// station (+1).
		{"third is other", []string{"B", "A", "C"}, nil, []int{12, 3, 1}},
		{"other only", []string{"S"}, nil, []int{1}},
		{"not eligible", []string{"Z"}, nil, []int{0}},
		// S4: "each additional" over both DC lines, not for the station that
		// took the first award of the D - E line.
		{"each additional", []string{"E", "D", "G"}, nil, []int{25, 5, 5}},
		// The B&O: 15, 5, 5, then an "other" point.
		{"b&o", []string{"X2", "X1", "X4", "X3"}, nil, []int{15, 5, 5, 1}},
	} {
		g := startedGame(t, opts())
		for i, s := range c.order {
			var ev *PlaceActed
			g, ev = destroy(t, g, rules, stationPlace(s, c.own[s]))
			if ev.VP != c.want[i] {
				t.Errorf("%s: destroying %s (#%d) scores %d (%s), want %d", c.name, s, i+1, ev.VP, ev.Detail, c.want[i])
			}
			if (ev.VP != 0) != (ev.Category == CategoryStations) {
				t.Errorf("%s: %s: category %q for %d VP", c.name, s, ev.Category, ev.VP)
			}
		}
		total := 0
		for _, v := range c.want {
			total += v
		}
		if by, _ := g.VPTotals(); by[CategoryStations] != total {
			t.Errorf("%s: the record has %d station VP, want %d", c.name, by[CategoryStations], total)
		}
	}
	// The explanation names each part.
	g := startedGame(t, opts())
	_, ev := destroy(t, g, rules, stationPlace("A", 3))
	for _, want := range []string{"+7 the first station destroyed on the A - R line", "+5 the first station destroyed on the A - F line", "+3 A station"} {
		if !strings.Contains(ev.Detail, want) {
			t.Errorf("detail %q lacks %q", ev.Detail, want)
		}
	}
	// Without rules a station scores only its own value.
	_, ev = destroy(t, g, nil, stationPlace("A", 3))
	if ev.VP != 3 {
		t.Errorf("no rules: %d VP, want the station's own 3", ev.VP)
	}
}

// An award is recorded in its event: a replay folds the recorded value,
// whatever the rules say later.
func TestStationAwardIsRecorded(t *testing.T) {
	g := startedGame(t, opts())
	typ, data, err := engine.EncodeEvent(&PlaceActed{By: lee, Place: "Old Station", Action: ActDestroyStation, VP: 9, Category: CategoryStations, Turn: 1, Detail: "+9 by the rules of the day"})
	if err != nil {
		t.Fatal(err)
	}
	e, err := testDecode(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	g = g.Apply(e)
	if len(g.VP) != 1 || g.VP[0].VP != 9 || g.VP[0].Detail != "+9 by the rules of the day" {
		t.Fatalf("record = %+v", g.VP)
	}
}

func TestStationBonusPaidOnce(t *testing.T) {
	rules := vpTestStations()
	bridge := engine.Place{Name: "Marysville Bridge", Kinds: []string{"bridge"}, Values: map[string]int{"structure_vp": 10}}
	bonus := func(g Game) int {
		n := 0
		for _, e := range g.VP {
			if e.Category == CategoryStations && strings.Contains(e.What, "Marysville") {
				n += e.VP
			}
		}
		return n
	}
	// The bridge last: its destruction completes the bonus.
	g := startedGame(t, opts())
	for _, s := range []string{"X1", "X2", "X3"} {
		g, _ = destroy(t, g, rules, stationPlace(s, 0))
	}
	if bonus(g) != 0 {
		t.Fatal("bonus before the bridge")
	}
	evs, err := g.Decide(ActOnPlace{By: lee, Place: bridge, Action: ActDestroyBridge, Stations: rules}, engine.Script())
	if err != nil || len(evs) != 2 {
		t.Fatalf("bridge: %v %v", evs, err)
	}
	if b := evs[1].(*VPBonus); b.VP != 15 || b.Category != CategoryStations {
		t.Fatalf("bonus event %+v", b)
	}
	after := g
	for _, e := range evs {
		after = after.Apply(e)
	}
	if by, _ := after.VPTotals(); bonus(after) != 15 || by["structures"] != 10 {
		t.Fatalf("after the bridge: bonus %d, %v", bonus(after), by)
	}
	// A fourth B&O station pays no second bonus.
	after, _ = destroy(t, after, rules, stationPlace("X4", 0))
	if bonus(after) != 15 {
		t.Errorf("bonus paid again: %d", bonus(after))
	}
	// The umpire's undo of the bridge takes its bonus back with it.
	undone := apply(t, g.Apply(evs[0]).Apply(evs[1]), engine.UndoLast{By: ump, Reason: "wrong bridge"}, engine.Script())
	if bonus(undone) != 0 || undone.Victory.Bonus || undone.Places["Marysville Bridge"].Destroyed {
		t.Errorf("undo left the bonus: %d %+v", bonus(undone), undone.Victory)
	}
	// The bridge first: the third B&O station completes it.
	g = startedGame(t, opts())
	g = apply(t, g, ActOnPlace{By: lee, Place: bridge, Action: ActDestroyBridge, Stations: rules}, engine.Script())
	for _, s := range []string{"X1", "X2"} {
		g, _ = destroy(t, g, rules, stationPlace(s, 0))
	}
	if bonus(g) != 0 {
		t.Fatal("bonus with two stations")
	}
	g, _ = destroy(t, g, rules, stationPlace("X3", 0))
	if bonus(g) != 15 || !g.Victory.Bonus {
		t.Errorf("third station: bonus %d", bonus(g))
	}
}

func TestRailPath(t *testing.T) {
	th := &engine.Theatre{Lines: []engine.Line{
		{ID: "main", Kind: "railroad", Stops: []string{"A", "B", "C", "D"}, Hexes: []engine.Hex{{Q: 0, R: 0}, {Q: 2, R: 0}, {Q: 4, R: 0}, {Q: 6, R: 0}}},
		{ID: "cut", Kind: "railroad", Stops: []string{"A", "E", "D"}, Hexes: []engine.Hex{{Q: 0, R: 0}, {Q: 3, R: 3}, {Q: 6, R: 0}}},
		{ID: "river", Kind: "river", Stops: []string{"A", "Z"}, Hexes: []engine.Hex{{Q: 0, R: 0}, {Q: 0, R: 1}}},
	}}
	if p := th.RailPath("A", "D"); strings.Join(p, ",") != "A,B,C,D" {
		t.Errorf("A-D = %v (the shorter way in hexes)", p)
	}
	if p := th.RailPath("E", "C"); strings.Join(p, ",") != "E,D,C" {
		t.Errorf("E-C = %v", p)
	}
	if p := th.RailPath("A", "Z"); p != nil {
		t.Errorf("rivers are not railroads: %v", p)
	}
}

// vpTestMap has one county around Hood (1,1) and Hampton (2,1) with its
// control hex at Hood's, and the south bank of the Potomac over both.
func vpTestMap() *engine.Theatre {
	square := func(x0, y0, x1, y1 float64) [][]engine.Point {
		return [][]engine.Point{{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}}}
	}
	return &engine.Theatre{
		ID:     "test",
		Places: []engine.Place{{Name: "Westminster", Hex: engine.Hex{Q: 1, R: 1}, Kinds: []string{"county-control"}}},
		Regions: []engine.Region{
			{ID: "md.carroll", Name: "Carroll County", Kind: "county", Rings: square(0, 0, 5, 5)},
			{ID: "south-of-potomac", Name: "South of the Potomac", Kind: "area", Rings: square(0, 0, 10, 10)},
		},
	}
}

var carroll = County{ID: "md.carroll", Name: "Carroll County", State: "Maryland", Region: "md.carroll", Control: "Westminster", Values: [3]int{4, 2, 1}}

func claim(t *testing.T, g Game, by engine.Actor, c County, reason string) (Game, *CountyControlled, error) {
	t.Helper()
	evs, err := g.Decide(ClaimCounty{By: by, County: c, Map: vpTestMap(), Reason: reason}, engine.Script())
	if err != nil {
		return g, nil, err
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g, evs[0].(*CountyControlled), nil
}

func TestCountyControlChecksAndValues(t *testing.T) {
	g := startedGame(t, opts()) // Hood 15 MP at (1,1) = Westminster; Hampton 4 MP at (2,1)
	if _, _, err := claim(t, g, meade, carroll, ""); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "Only the Confederates") {
		t.Errorf("the Union claimed a county: %v", err)
	}
	// First, second, third and later turns of control, not consecutive
	// (11.2), once per turn.
	want := map[int]int{1: 4, 3: 2, 4: 1, 9: 1}
	for _, turn := range []int{1, 3, 4, 9} {
		g.Turn = turn
		var ev *CountyControlled
		var err error
		g, ev, err = claim(t, g, lee, carroll, "")
		if err != nil {
			t.Fatalf("turn %d: %v", turn, err)
		}
		if ev.VP != want[turn] || ev.Doubled {
			t.Errorf("turn %d: %d VP (nth %d), want %d", turn, ev.VP, ev.Nth, want[turn])
		}
		if _, _, err := claim(t, g, lee, carroll, ""); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("turn %d: claimed twice: %v", turn, err)
		}
	}
	if by, _ := g.VPTotals(); by[CategoryCounties] != 4+2+1+1 {
		t.Errorf("county VP %d", by[CategoryCounties])
	}
	// What was checked is said without units; the path is on the
	// claimant's word.
	g2 := startedGame(t, opts())
	_, ev, _ := claim(t, g2, lee, carroll, "")
	text := strings.Join(ev.Checked, " ") + strings.Join(ev.Unchecked, " ")
	if len(ev.Checked) != 2 || !strings.Contains(text, "south SJW map edge") || strings.Contains(text, "Hood") || strings.Contains(text, "15") {
		t.Errorf("checked %q, unchecked %q", ev.Checked, ev.Unchecked)
	}
}

func TestCountyControlRefusals(t *testing.T) {
	g := startedGame(t, opts())
	// 11.1: the control hex needs a unit of 2+ manpower.
	moved := apply(t, g, engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: engine.Hex{Q: 2, R: 1}}, engine.Script())
	if _, _, err := claim(t, moved, lee, carroll, ""); err == nil || !strings.Contains(err.Error(), "No Confederate unit of 2 or more manpower is in Westminster") {
		t.Errorf("empty control hex: %v", err)
	}
	// 11.1: 12 manpower in the county (Hampton's 4 alone is not).
	away := apply(t, g, engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: engine.Hex{Q: 30, R: 30}}, engine.Script())
	away = apply(t, away, engine.MoveUnits{By: jebA, Units: []string{"csa.hampton"}, To: engine.Hex{Q: 1, R: 1}}, engine.Script())
	_, _, err := claim(t, away, lee, carroll, "")
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "vp.county.manpower" || !strings.Contains(re.What, "total 4 manpower") {
		t.Fatalf("4 MP in the county: %v", err)
	}
	// The umpire overrules with a reason, and the record says which check
	// he set aside, without the numbers.
	if _, _, err := claim(t, away, ump, carroll, ""); err == nil || !strings.Contains(err.Error(), "reason") {
		t.Errorf("umpire without a reason: %v", err)
	}
	g3, ev, err := claim(t, away, ump, carroll, "the militia counters were misplaced")
	if err != nil || ev.Overruled != "12+ Confederate manpower in Carroll County" || ev.VP != 4 {
		t.Fatalf("overruled: %+v %v", ev, err)
	}
	// The umpire may undo a claim.
	g3 = apply(t, g3, engine.UndoLast{By: ump, Reason: "claimed by mistake"}, engine.Script())
	if len(g3.VP) != 0 || len(g3.Victory.Counties["md.carroll"]) != 0 {
		t.Errorf("undo left %+v %+v", g3.VP, g3.Victory)
	}
	// A county without a printed control hex, or region, is taken on word.
	loudoun := County{ID: "va.loudoun", Name: "Loudoun County", Region: "va.loudoun", Values: [3]int{4, 2, 1}}
	_, ev, err = claim(t, g, lee, loudoun, "")
	if err != nil || len(ev.Checked) != 0 || len(ev.Unchecked) != 3 {
		t.Errorf("unchecked county: %+v %v", ev, err)
	}
}

func TestCountyPointsDoubleThirtyDaysAfterTheCrossing(t *testing.T) {
	g := gettysburgGame(t) // Hood 15 MP at Westminster (1,1)
	// Only the umpire records the crossing; not in the future.
	if _, err := g.Decide(RecordCrossing{By: meade}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a player recorded the crossing: %v", err)
	}
	g.Turn = 6 // June 14
	if _, err := g.Decide(RecordCrossing{By: ump, Date: time.Date(1863, time.June, 20, 0, 0, 0, 0, time.UTC)}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a crossing after this turn: %v", err)
	}
	g = apply(t, g, RecordCrossing{By: ump, Date: time.Date(1863, time.June, 13, 0, 0, 0, 0, time.UTC)}, engine.Script())
	if g.Victory.CrossedTurn != 5 || g.Victory.Crossed.Day() != 13 {
		t.Fatalf("crossing %+v", g.Victory)
	}
	// July 12 is 29 days after: not doubled. July 13, 30 days: doubled. The
	// points received before are not doubled afterwards.
	g.Turn = 34 // July 12
	g, ev, err := claim(t, g, lee, carroll, "")
	if err != nil || ev.VP != 4 || ev.Doubled || ev.Date != "1863-07-12" {
		t.Fatalf("29 days: %+v %v", ev, err)
	}
	g.Turn = 35 // July 13
	g, ev, err = claim(t, g, lee, carroll, "")
	if err != nil || ev.VP != 4 || !ev.Doubled || ev.Base != 2 {
		t.Fatalf("30 days: %+v %v", ev, err)
	}
	if by, _ := g.VPTotals(); by[CategoryCounties] != 4+4 {
		t.Errorf("county VP %d, want 8", by[CategoryCounties])
	}
	// The crossing defaults to this turn's day.
	g2 := startedGame(t, opts())
	g2.Turn = 5
	g2 = apply(t, g2, RecordCrossing{By: ump}, engine.Script())
	if g2.Victory.Crossed != time.Date(1863, time.June, 13, 0, 0, 0, 0, time.UTC) {
		t.Errorf("default crossing %v", g2.Victory.Crossed)
	}
}

// Tables as the rules data has them (scenarios/rules): built here, since
// the engine's tests do not read the data.
func vpTestTable(id string) *engine.Table {
	d6 := engine.DiceExpr{Terms: []engine.Term{{Sign: 1, Count: 1, Sides: 6}}}
	vp := func(key string, n int) engine.Outcome {
		return engine.Outcome{ID: "vp" + string(rune('a'+n)), Name: "vp", Values: map[string]int{key: n}}
	}
	switch id {
	case "vicksburg":
		return &engine.Table{ID: "lrtg.vicksburg-surrenders", Title: "Vicksburg Surrenders", Dice: d6,
			Entries:  []engine.Entry{{Min: 1, Max: 1, Outcome: "surrenders"}, {Min: 2, Max: math.MaxInt, Outcome: "holds"}},
			Outcomes: []engine.Outcome{{ID: "surrenders", Values: map[string]int{"csa_vp_lost": 15}}, {ID: "holds", Values: map[string]int{"csa_vp_lost": 0}}}}
	case "draft":
		t := &engine.Table{ID: "lrtg.draft-riots", Title: "Draft riots", Dice: engine.DiceExpr{Terms: []engine.Term{{Sign: 1, Count: 3, Sides: 6}}},
			Facts:     []engine.FactSpec{{Name: "union_mp_removed", Kind: engine.FactInt, Min: 0, Max: 100}},
			Modifiers: []engine.Modifier{{Value: -1, Per: "union_mp_removed", Reason: "Union manpower sent"}},
			Floor:     &engine.Bound{Value: 3, Reason: "at least 3"}}
		for n := 3; n <= 18; n++ {
			o := vp("csa_vp_gained", n)
			t.Entries = append(t.Entries, engine.Entry{Min: n, Max: n, Outcome: o.ID})
			t.Outcomes = append(t.Outcomes, o)
		}
		return t
	case "raspberry":
		t := &engine.Table{ID: "lrtg.raspberry-raid", Title: "Raspberry Raid", Dice: d6,
			Facts:     []engine.FactSpec{{Name: "rg_units_removed", Kind: engine.FactInt, Min: 0, Max: 12}},
			Modifiers: []engine.Modifier{{Value: -1, Per: "rg_units_removed", Reason: "Richmond Garrison units withdrawn"}}}
		for i, v := range []int{0, 5, 10, 20, 30, 40} {
			o := vp("csa_vp_lost", v)
			e := engine.Entry{Min: i + 1, Max: i + 1, Outcome: o.ID}
			if i == 0 {
				e.Min = math.MinInt
			}
			t.Entries = append(t.Entries, e)
			t.Outcomes = append(t.Outcomes, o)
		}
		return t
	}
	return nil
}

func gettysburgGame(t *testing.T) Game {
	t.Helper()
	o := opts()
	o.Scenario = "lrtg-gettysburg-campaign"
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "csa.corse", Name: "Corse", Side: engine.CSA, Kind: "infantry", Command: "Rich", Manpower: 4, OnMap: true, Hex: engine.Hex{Q: 2, R: 2}},
		{ID: "csa.wise", Name: "Wise", Side: engine.CSA, Kind: "infantry", Command: "Rich", Manpower: 4, OnMap: true, Hex: engine.Hex{Q: 2, R: 2}},
		{ID: "csa.cooke", Name: "Cooke", Side: engine.CSA, Kind: "infantry", Command: "Rich", Manpower: 2, OnMap: true, Hex: engine.Hex{Q: 2, R: 2}},
		{ID: "csa.mjenkins", Name: "M. Jenkins", Side: engine.CSA, Kind: "infantry", Command: "Rich", Manpower: 4, OnMap: true, Hex: engine.Hex{Q: 40, R: 40}},
		{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Command: "VI", Manpower: 9, OnMap: true, Hex: engine.Hex{Q: 9, R: 9}},
	}}
	return apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
}

func rollVP(t *testing.T, g Game, cmd RollVP, d engine.Dice) (Game, []engine.Event, error) {
	t.Helper()
	evs, err := g.Decide(cmd, d)
	if err != nil {
		return g, nil, err
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g, evs, nil
}

func TestVicksburgRolls(t *testing.T) {
	g := gettysburgGame(t)
	tb := vpTestTable("vicksburg")
	// 000 3.4: from the June 30 turn (turn 22) on.
	g.Turn = 21
	if _, _, err := rollVP(t, g, RollVP{By: meade, Event: VPVicksburg, Table: tb}, engine.Script(1)); err == nil || !strings.Contains(err.Error(), "June 30") {
		t.Errorf("rolled on June 29: %v", err)
	}
	if _, _, err := rollVP(t, g, RollVP{By: ump, Event: VPVicksburg, Table: tb, Reason: "house rule"}, engine.Script(2)); err != nil {
		t.Errorf("the umpire's early roll: %v", err)
	}
	g.Turn = 22
	g, evs, err := rollVP(t, g, RollVP{By: meade, Event: VPVicksburg, Table: tb}, engine.Script(2))
	if err != nil || len(evs) != 2 {
		t.Fatalf("June 30: %v %v", evs, err)
	}
	tr, ev := evs[0].(*engine.TableRolled), evs[1].(*VPRolled)
	if tr.Number != 1 || g.Rolls != 1 || ev.Roll != 1 || ev.VP != 0 || g.Victory.VicksburgFell || len(g.VP) != 0 {
		t.Fatalf("holds: %+v %+v rolls %d", tr, ev, g.Rolls)
	}
	if _, _, err := rollVP(t, g, RollVP{By: lee, Event: VPVicksburg, Table: tb}, engine.Script(1)); err == nil {
		t.Error("rolled twice in a turn")
	}
	g.Turn = 23
	g, _, err = rollVP(t, g, RollVP{By: lee, Event: VPVicksburg, Table: tb}, engine.Script(1))
	if err != nil || !g.Victory.VicksburgFell || g.Rolls != 2 {
		t.Fatalf("falls: %v %+v", err, g.Victory)
	}
	if by, total := g.VPTotals(); by[CategoryVicksburg] != -15 || total != -15 {
		t.Errorf("record %v", by)
	}
	g.Turn = 24
	if _, _, err := rollVP(t, g, RollVP{By: lee, Event: VPVicksburg, Table: tb}, engine.Script(1)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("rolled after the fall: %v", err)
	}
}

func TestDraftRiotsRoll(t *testing.T) {
	g := gettysburgGame(t)
	tb := vpTestTable("draft")
	g.Turn = 36 // July 14
	if _, _, err := rollVP(t, g, RollVP{By: lee, Event: VPDraftRiots, Table: tb}, engine.Script(6, 6, 6)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("the Confederates rolled the riots: %v", err)
	}
	// 3 dice, less the Union manpower removed.
	g2, evs, err := rollVP(t, g, RollVP{By: meade, Event: VPDraftRiots, Table: tb, Removed: 4}, engine.Script(6, 5, 4))
	if err != nil {
		t.Fatal(err)
	}
	if ev := evs[1].(*VPRolled); ev.VP != 15-4 || ev.Removed != 4 || !g2.Victory.DraftRiots {
		t.Errorf("riots: %+v", ev)
	}
	if _, _, err := rollVP(t, g2, RollVP{By: meade, Event: VPDraftRiots, Table: tb}, engine.Script(1, 1, 1)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("rolled twice: %v", err)
	}
	// Never below 3.
	_, evs, _ = rollVP(t, g, RollVP{By: meade, Event: VPDraftRiots, Table: tb, Removed: 9}, engine.Script(1, 2, 3))
	if ev := evs[1].(*VPRolled); ev.VP != 3 {
		t.Errorf("floor: %d", ev.VP)
	}
	// Only on July 14.
	g.Turn = 35
	if _, _, err := rollVP(t, g, RollVP{By: meade, Event: VPDraftRiots, Table: tb}, engine.Script(1, 2, 3)); err == nil || !strings.Contains(err.Error(), "July 14") {
		t.Errorf("rolled on July 13: %v", err)
	}
}

func TestRaspberryRaidRoll(t *testing.T) {
	g := gettysburgGame(t)
	tb := vpTestTable("raspberry")
	m := vpTestMap()
	bad := map[string][]string{
		"not a Richmond Garrison unit": {"csa.hood"},
		"needs at least 3":             {"csa.cooke"},
		"not south of the Potomac":     {"csa.mjenkins"},
		"named twice":                  {"csa.corse", "csa.corse"},
	}
	for want, units := range bad {
		if _, _, err := rollVP(t, g, RollVP{By: lee, Event: VPRaspberry, Table: tb, Units: units, Map: m}, engine.Script(4)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v, want %q", units, err, want)
		}
	}
	if _, _, err := rollVP(t, g, RollVP{By: meade, Event: VPRaspberry, Table: tb, Map: m}, engine.Script(4)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("the Union rolled the raid: %v", err)
	}
	// A 5, less 2 withdrawn units: 3, the Confederates lose 10.
	g2, evs, err := rollVP(t, g, RollVP{By: lee, Event: VPRaspberry, Table: tb, Units: []string{"csa.corse", "csa.wise"}, Map: m}, engine.Script(5))
	if err != nil {
		t.Fatal(err)
	}
	if ev := evs[1].(*VPRolled); ev.VP != -10 || evs[0].(*engine.TableRolled).Total != 3 {
		t.Errorf("raid: %+v", ev)
	}
	if u := g2.Units["csa.corse"]; u.OnMap || !u.Eliminated || !g2.Victory.RaspberryRaid {
		t.Errorf("Corse not withdrawn: %+v", u)
	}
	if _, _, err := rollVP(t, g2, RollVP{By: lee, Event: VPRaspberry, Table: tb, Map: m}, engine.Script(4)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a second raid: %v", err)
	}
}

// Dice rolled are rolled: undoing an earlier board action keeps a roll's
// VP; the rolls are game rolls that the audit replays from the seed.
func TestRolledVPSurviveUndoAndAudit(t *testing.T) {
	g := gettysburgGame(t)
	g.Turn = 36
	var all []engine.Event
	step := func(cmd engine.Command, d engine.Dice) {
		evs, err := g.Decide(cmd, d)
		if err != nil {
			t.Fatalf("%s: %v", cmd.CommandName(), err)
		}
		for _, e := range evs {
			g = g.Apply(e)
		}
		all = append(all, evs...)
	}
	dice := engine.NewSeededDice(7, 11)
	step(engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: engine.Hex{Q: 3, R: 3}}, dice)
	step(RollVP{By: meade, Event: VPDraftRiots, Table: vpTestTable("draft")}, dice)
	step(RollVP{By: meade, Event: VPVicksburg, Table: vpTestTable("vicksburg")}, dice)
	before, _ := g.VPTotals()
	step(engine.UndoLast{By: ump, Reason: "the move was illegal"}, dice)
	if after, _ := g.VPTotals(); after[CategoryDraft] != before[CategoryDraft] || after[CategoryDraft] < 3 || !g.Victory.DraftRiots || len(g.Victory.VicksburgRolls) != 1 {
		t.Errorf("undo took back rolled VP: %v -> %v, %+v", before, after, g.Victory)
	}
	if g.Units["csa.hood"].Hex != (engine.Hex{Q: 1, R: 1}) || g.Rolls != 2 {
		t.Errorf("undo: Hood at %v, rolls %d", g.Units["csa.hood"].Hex, g.Rolls)
	}
	if n, err := engine.AuditRolls(7, 11, all); err != nil || n != 4 {
		t.Errorf("audit: %d dice, %v", n, err)
	}
	// The events survive encoding.
	for _, e := range all {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := testDecode(typ, data)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		a, _ := json.Marshal(e)
		b, _ := json.Marshal(back)
		if string(a) != string(b) {
			t.Errorf("%s: %s != %s", typ, a, b)
		}
	}
}

func TestVPByTurnAndCategoryOrder(t *testing.T) {
	g := startedGame(t, opts())
	g.VP = []VPEntry{{Turn: 4, Category: "levies", VP: 6}, {Turn: 1, Category: "zeta", VP: 1}, {Turn: 4, Category: CategoryCounties, VP: 4},
		{Turn: 4, Category: "levies", VP: 2}, {Turn: 2, Category: CategoryStations, VP: 12}, {Turn: 9, Category: "manpower", VP: -3}}
	if got := strings.Join(g.VPCategoriesOrdered(), ","); got != "counties,levies,stations,manpower,zeta" {
		t.Errorf("order %s", got)
	}
	cells, turns := g.VPByTurn()
	if cells["levies"][4] != 8 || cells["manpower"][9] != -3 || len(turns) != 4 || turns[0] != 1 || turns[3] != 9 {
		t.Errorf("cells %v turns %v", cells, turns)
	}
}

// Once the sequence of play runs, counties are claimed in step 7 only
// (LRTG 11.2; 003 7); the umpire may record a claim at any time.
func TestCountyClaimedInStep7(t *testing.T) {
	g := startedGame(t, opts())
	g = apply(t, g, engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: engine.Hex{Q: 1, R: 1}}, engine.Script())
	g.Sequence = engine.SequenceState{Step: "1e", Turn: g.Turn}
	_, _, err := claim(t, g, lee, carroll, "")
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "vp.county.step" {
		t.Fatalf("a claim in step 1e: %v", err)
	}
	if _, _, err := claim(t, g, ump, carroll, "the umpire's ruling"); err != nil && errors.As(err, &re) && re.Code == "vp.county.step" {
		t.Fatalf("the umpire refused by step: %v", err)
	}
	g.Sequence.Step = "7"
	if _, _, err := claim(t, g, lee, carroll, ""); errors.As(err, &re) && re.Code == "vp.county.step" {
		t.Fatalf("a claim in step 7: %v", err)
	}
}
