package lrtg_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// LRTA's Turn Start and garrison rules on the shipped data: the tables
// rolled against 004's numbers (the Harpers Ferry surrender's 13 or more
// and each modifier; the militia entry's reading, pinned here as the
// header of scenarios/rules/lrta-turnstart.yaml says), the DC garrison
// chart's manpower, and the garrison areas on the real map.

var (
	laOnce sync.Once
	laLib  *engine.Library
	laMap  *engine.Theatre
	laOOB  *engine.OrderOfBattle
	laErr  error
)

func laShipped(t *testing.T) (*engine.Library, *engine.Theatre, *engine.OrderOfBattle) {
	t.Helper()
	laOnce.Do(func() {
		if laLib, laErr = scenarios.Library(); laErr != nil {
			return
		}
		ts, err := scenarios.Theatres()
		if err != nil {
			laErr = err
			return
		}
		laMap = ts["lrtg"]
		orders, err := scenarios.OrdersOfBattleOn(ts)
		if err != nil {
			laErr = err
			return
		}
		laOOB = orders["lrta"]
	})
	if laErr != nil {
		t.Fatal(laErr)
	}
	return laLib, laMap, laOOB
}

func laRoll(t *testing.T, tb *engine.Table, f engine.Facts, faces ...int) *engine.TableRoll {
	t.Helper()
	r, err := tb.Roll(engine.Script(faces...), f)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// 004 Harpers Ferry Surrender: "Roll of 13 or higher; +3 CSA artillery in
// Naval Battery; +1 Loudoun Heights; +1 Bolivar Heights; -1 USA division
// within 15 hexes / -1 within 10 / -1 within 5; +1 for each turn Harper's
// Ferry has been surrounded".
func TestLRTAHarpersFerryTableFrom004(t *testing.T) {
	lib, _, _ := laShipped(t)
	tb := lib.Table(lrtg.HarpersFerryTableOf(lrtg.LRTA))
	if tb == nil || tb.Dice.String() != "2d6" {
		t.Fatalf("table %v", tb)
	}
	facts := func(naval, loudoun, bolivar, division, turns int) engine.Facts {
		return engine.Facts{"csa_artillery_naval_battery": naval, "csa_artillery_loudoun_heights": loudoun, "csa_artillery_bolivar_heights": bolivar,
			"nearest_usa_division_hexes": division, "turns_surrounded": turns}
	}
	for _, c := range []struct {
		name    string
		f       engine.Facts
		a, b    int
		total   int
		outcome string
	}{
		{"12 holds", facts(0, 0, 0, 200, 0), 6, 6, 12, "holds"},
		{"Naval Battery +3: 10 is 13", facts(1, 0, 0, 200, 0), 5, 5, 13, "surrenders"},
		{"Loudoun Heights +1", facts(0, 1, 0, 200, 0), 6, 6, 13, "surrenders"},
		{"Bolivar Heights +1", facts(0, 0, 1, 200, 0), 6, 6, 13, "surrenders"},
		{"a division 16 hexes off: nothing", facts(1, 0, 0, 16, 0), 5, 5, 13, "surrenders"},
		{"within 15: -1", facts(1, 0, 0, 15, 0), 5, 5, 12, "holds"},
		{"within 10: -2", facts(1, 0, 0, 10, 0), 6, 5, 12, "holds"},
		{"within 5: -3", facts(1, 1, 1, 5, 0), 6, 5, 13, "surrenders"},
		{"two earlier turns surrounded: +2", facts(0, 0, 0, 200, 2), 6, 5, 13, "surrenders"},
	} {
		r := laRoll(t, tb, c.f, c.a, c.b)
		if r.Total != c.total || r.Outcome != c.outcome {
			t.Errorf("%s: %d %s, want %d %s (%+v)", c.name, r.Total, r.Outcome, c.total, c.outcome, r.Modifiers)
		}
	}
}

// 004 1 a): one die, +1 Confederate infantry across, +1 a Confederate unit
// in Pennsylvania; read as LRTG 3.2's roll from the die's other end: 6 or
// more; Camp Curtin occupied holds the unit off the map.
func TestLRTAPAMilitiaTableReading(t *testing.T) {
	lib, _, _ := laShipped(t)
	tb := lib.Table("lrta.pa-militia-entry")
	if tb == nil || tb.Dice.String() != "1d6" {
		t.Fatalf("table %v", tb)
	}
	f := func(inf, pa, curtin int) engine.Facts {
		return engine.Facts{"csa_infantry_north_of_potomac": inf, "csa_unit_in_pennsylvania": pa, "camp_curtin_csa_occupied": curtin}
	}
	for _, c := range []struct {
		f       engine.Facts
		die     int
		outcome string
	}{
		{f(0, 0, 0), 6, "arrives"}, {f(0, 0, 0), 5, "none"}, {f(1, 0, 0), 5, "arrives"}, {f(0, 1, 0), 5, "arrives"},
		{f(1, 1, 0), 4, "arrives"}, {f(1, 1, 0), 3, "none"}, {f(0, 0, 1), 6, "arrives-held"},
	} {
		if r := laRoll(t, tb, c.f, c.die); r.Outcome != c.outcome {
			t.Errorf("%v, die %d: %s, want %s", c.f, c.die, r.Outcome, c.outcome)
		}
	}
	// LRTG's chances, with 004's signs: P(arrive) is 1/6, 2/6, 3/6 as LRTG's
	// roll of 1 with none, one or two of its -1s.
	for mods := 0; mods <= 2; mods++ {
		n := 0
		for die := 1; die <= 6; die++ {
			if r := laRoll(t, tb, f(min(mods, 1), max(mods-1, 0), 0), die); r.Outcome == "arrives" {
				n++
			}
		}
		if n != mods+1 {
			t.Errorf("%d modifiers: %d of 6", mods, n)
		}
	}
}

// The DC garrison on the real map and order of battle: the chart's 18 at
// the start; the threat area; the railroad to Washington.
func TestLRTADCGarrisonOnTheMap(t *testing.T) {
	lib, th, oob := laShipped(t)
	g := engine.GameState{Options: engine.GameOptions{Scenario: "lrta-campaign", Supply: "normal", Comms: 1}, Started: true, Turn: 1, Units: map[string]engine.UnitState{}}
	for _, u := range oob.Units {
		g.Units[u.ID] = engine.UnitState{ID: u.ID, Name: u.Name, Side: u.Side, Kind: u.Kind, Command: u.Command, Manpower: u.Manpower, OnMap: u.OnMap, Hex: u.Hex, Track: u.Track, Slot: u.Slot}
	}
	data := &engine.MoveData{Theatre: th, OOB: oob}
	set, err := lrtg.Of(g).DCGarrisonRequirement(data, lib)
	if err != nil || set.Total != 18 || set.Cavalry != 2 {
		t.Fatalf("at the start: %+v %v", set, err)
	}
	hood := g.Units["csa.hood"]
	at := func(place string) engine.GameState {
		s := g
		s.Units = map[string]engine.UnitState{}
		for k, v := range g.Units {
			s.Units[k] = v
		}
		u := hood
		u.Hex, u.OnMap = th.Place(place).Hex, true
		s.Units[u.ID] = u
		return s
	}
	for place, want := range map[string]int{
		"Fairfax Court House": 38, // Fairfax County
		"Great Falls Locks":   38, // Montgomery, east of Seneca Creek, south of Rockville
		"Poolesville":         18, // Montgomery, west of Seneca Creek
		"Rockville":           18, // not south of Rockville
		"Leesburg":            18, // Loudoun
	} {
		s, err := lrtg.Of(at(place)).DCGarrisonRequirement(data, lib)
		if err != nil || s.Total != want {
			t.Errorf("Hood (8 MP) at %s: %d, want %d (%v)", place, s.Total, want, err)
		}
	}
	for _, c := range []struct {
		damaged []string
		want    int
	}{{[]string{"Laurel"}, 28}, {[]string{"Beltsville"}, 28}, {[]string{"Annapolis"}, 18}, {[]string{"Annapolis", "Relay House"}, 28}} {
		s := g
		s = lrtg.With(s, func(s *lrtg.State) { s.Places = map[string]lrtg.PlaceState{} })
		for _, p := range c.damaged {
			s = lrtg.With(s, func(s *lrtg.State) { s.Places[p] = lrtg.PlaceState{Station: "destroyed"} })
		}
		if set, _ := lrtg.Of(s).DCGarrisonRequirement(data, lib); set.Total != c.want {
			t.Errorf("%v destroyed: %d, want %d", c.damaged, set.Total, c.want)
		}
	}
	// The Harpers Ferry check on the real set-up knows the nearest Union
	// division (the order of battle's sizes) and asks no LRTG fact.
	chk := lrtg.Of(g).LRTAHarpersFerryCheck(data)
	d, ok := chk.Facts["nearest_usa_division_hexes"]
	if !ok || d <= 0 || d > 200 {
		t.Fatalf("facts %v", chk.Facts)
	}
	for _, a := range chk.Ask {
		if strings.Contains(a, "within_10") {
			t.Errorf("asks %s", a)
		}
	}
}
