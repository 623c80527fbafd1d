package scenarios

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func library(t *testing.T) *engine.Library {
	t.Helper()
	lib, err := Library()
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

func table(t *testing.T, id string) *engine.Table {
	t.Helper()
	tb := library(t).Table(id)
	if tb == nil {
		t.Fatalf("no table %s", id)
	}
	return tb
}

func chart(t *testing.T, id string) *engine.Chart {
	t.Helper()
	c := library(t).Chart(id)
	if c == nil {
		t.Fatalf("no chart %s", id)
	}
	return c
}

// rollCase is one scripted roll and what it must give.
type rollCase struct {
	name    string
	faces   []int
	set     map[string]int
	total   int
	outcome string
	steps   int // redirects taken
}

// checkRolls rolls each case with its scripted faces and checks the total,
// the outcome and the number of redirects, and that every redirect and
// modifier carries its reason.
func checkRolls(t *testing.T, id string, cases []rollCase) {
	t.Helper()
	tb := table(t, id)
	for _, c := range cases {
		r := rollWith(t, tb, c.set, c.faces...)
		if r.Total != c.total || r.Outcome != c.outcome || len(r.Redirects) != c.steps {
			t.Errorf("%s %s: total %d, %s after %d redirects %+v; want total %d, %s after %d",
				id, c.name, r.Total, r.Outcome, len(r.Redirects), r.Redirects, c.total, c.outcome, c.steps)
		}
		for _, rd := range r.Redirects {
			if rd.Reason == "" {
				t.Errorf("%s %s: a redirect without its reason", id, c.name)
			}
		}
		for _, m := range r.Modifiers {
			if m.Reason == "" {
				t.Errorf("%s %s: a modifier without its reason", id, c.name)
			}
		}
	}
}

// facts builds a full fact set: every fact of the table false/zero/first,
// then the overrides ("name": value).
func facts(tb *engine.Table, set map[string]int) engine.Facts {
	f := engine.Facts{}
	for _, s := range tb.Facts {
		f[s.Name] = s.Min
	}
	for k, v := range set {
		f[k] = v
	}
	return f
}

func rollWith(t *testing.T, tb *engine.Table, set map[string]int, faces ...int) *engine.TableRoll {
	t.Helper()
	d := engine.Script(faces...)
	r, err := tb.Roll(d, facts(tb, set))
	if err != nil {
		t.Fatal(err)
	}
	if d.Remaining() != 0 {
		t.Fatalf("%d scripted faces unrolled", d.Remaining())
	}
	return r
}

// 003 "Random Events", roll by roll, with every redirect branch.
func TestLRTGRandomEvents(t *testing.T) {
	tb := table(t, "lrtg.random-events")
	cases := []struct {
		name    string
		faces   []int
		set     map[string]int
		outcome string
		steps   int
	}{
		{"2 Rain+1", []int{1, 1}, nil, "rain-plus-one", 0},
		{"2 after Rain+1 is Rain", []int{1, 1}, map[string]int{"rain_plus_one_last_turn": 1}, "rain", 1},
		{"3 Rain", []int{1, 2}, nil, "rain", 0},
		{"4 Rain", []int{2, 2}, map[string]int{"rain_days": 3}, "rain", 0},
		{"4 after 4 days of rain", []int{2, 2}, map[string]int{"rain_days": 4}, "richmond-garrison", 1},
		{"4 garrison all arrived", []int{1, 3}, map[string]int{"rain_days": 5, "rg_all_arrived": 1}, "raspberry-raid", 2},
		{"4 raid happened", []int{3, 1}, map[string]int{"rain_days": 9, "rg_all_arrived": 1, "raspberry_raid_happened": 1}, "rain", 1},
		{"4 raid happened, garrison not all in", []int{2, 2}, map[string]int{"rain_days": 4, "raspberry_raid_happened": 1}, "rain", 1}, // "regardless of any previous rain"
		{"5 Halleck", []int{2, 3}, nil, "halleck", 0},
		{"6 Hooker Questioned", []int{3, 3}, nil, "hooker-questioned", 0},
		{"6 Meade, Lee south", []int{3, 3}, map[string]int{"meade_in_command": 1}, "usa-comms-breakdown", 1},
		{"6 Meade, Lee north", []int{4, 2}, map[string]int{"meade_in_command": 1, "lee_north": 1}, "csa-reinforcement", 1},
		{"6 Meade, Lee north, reinforcements all in", []int{5, 1}, map[string]int{"meade_in_command": 1, "lee_north": 1, "csa_reinforcements_all_arrived": 1}, "rain", 2},
		{"7 Rear Area Paralysis", []int{3, 4}, nil, "rear-area-paralysis", 0},
		{"7 CSA infantry crossed", []int{3, 4}, map[string]int{"csa_infantry_crossed": 1}, "hooker-questioned", 1},
		{"7 Meade south", []int{1, 6}, map[string]int{"meade_in_command": 1, "csa_infantry_crossed": 1}, "csa-comms-breakdown", 1},
		{"7 Meade north", []int{2, 5}, map[string]int{"meade_in_command": 1, "meade_north": 1}, "richmond-garrison", 1},
		{"7 Meade north, garrison all in", []int{6, 1}, map[string]int{"meade_in_command": 1, "meade_north": 1, "rg_all_arrived": 1}, "raspberry-raid", 2},
		{"7 Meade north, raid happened", []int{4, 3}, map[string]int{"meade_in_command": 1, "meade_north": 1, "rg_all_arrived": 1, "raspberry_raid_happened": 1}, "no-effect", 1},
		{"7 Meade north, raid happened, garrison not all in", []int{4, 3}, map[string]int{"meade_in_command": 1, "meade_north": 1, "raspberry_raid_happened": 1}, "no-effect", 1},
		{"8 Spy", []int{4, 4}, nil, "spy", 0},
		{"9 Reinforcement and ammo", []int{4, 5}, nil, "csa-reinforcement-ammo", 0},
		{"9 reinforcements all in", []int{6, 3}, map[string]int{"csa_reinforcements_all_arrived": 1}, "rain-and-ammo", 1},
		{"10 Lee is Sick", []int{5, 5}, nil, "lee-sick", 0},
		{"11 Heat", []int{5, 6}, nil, "heat", 0},
		{"12 Heat", []int{6, 6}, nil, "heat", 0},
	}
	for _, c := range cases {
		r := rollWith(t, tb, c.set, c.faces...)
		if r.Outcome != c.outcome || len(r.Redirects) != c.steps {
			t.Errorf("%s: outcome %s after %d redirects %+v, want %s after %d", c.name, r.Outcome, len(r.Redirects), r.Redirects, c.outcome, c.steps)
		}
		if r.Total != c.faces[0]+c.faces[1] {
			t.Errorf("%s: total %d", c.name, r.Total)
		}
		for _, rd := range r.Redirects {
			if rd.Reason == "" {
				t.Errorf("%s: a redirect without its reason", c.name)
			}
		}
	}
}

func TestLRTGSpyContest(t *testing.T) {
	tb := table(t, "lrtg.spy")
	csa, usa := 0, 1
	cases := []struct {
		name   string
		faces  []int
		set    map[string]int
		winner string
	}{
		{"higher wins", []int{5, 3}, nil, "csa"},
		{"Lee north costs one", []int{4, 3}, map[string]int{"lee_north": 1}, "usa"},                                                 // 3 v 3: tie, closest cavalry usa
		{"tie to the closest cavalry", []int{4, 4}, map[string]int{"closest_cavalry": csa}, "csa"},                                  // 4 v 4
		{"tie to the closest cavalry (usa)", []int{2, 2}, map[string]int{"closest_cavalry": usa}, "usa"},                            // 2 v 2
		{"Union commander south costs one", []int{3, 4}, map[string]int{"union_commander_south": 1, "closest_cavalry": csa}, "csa"}, // 3 v 3 tie -> csa
	}
	for _, c := range cases {
		set := c.set
		if set == nil {
			set = map[string]int{}
		}
		if _, ok := set["closest_cavalry"]; !ok {
			set["closest_cavalry"] = usa
		}
		r := rollWith(t, tb, set, c.faces...)
		if r.Outcome != c.winner {
			t.Errorf("%s: %s won (%+v)", c.name, r.Outcome, r.Sides)
		}
	}
	r := rollWith(t, tb, map[string]int{"lee_north": 1, "union_commander_south": 1, "closest_cavalry": csa}, 6, 6)
	if len(r.Sides) != 2 || r.Sides[0].Total != 5 || r.Sides[1].Total != 5 || len(r.Redirects) != 1 || !strings.Contains(r.Redirects[0].Reason, "cavalry") {
		t.Errorf("both -1 and tied: %+v", r)
	}
}

// 003 5) Raspberry Raid: 1 or less 0, 2 5, 3 10, 4 20, 5 30, 6 40 VP; -1 per garrison unit withdrawn.
func TestLRTGRaspberryRaid(t *testing.T) {
	tb := table(t, "lrtg.raspberry-raid")
	want := map[int]int{1: 0, 2: 5, 3: 10, 4: 20, 5: 30, 6: 40}
	for face, vp := range want {
		if r := rollWith(t, tb, nil, face); r.Values["csa_vp_lost"] != vp {
			t.Errorf("roll %d: %d VP, want %d", face, r.Values["csa_vp_lost"], vp)
		}
	}
	r := rollWith(t, tb, map[string]int{"rg_units_removed": 3}, 5)
	if r.Total != 2 || r.Values["csa_vp_lost"] != 5 || len(r.Modifiers) != 1 || r.Modifiers[0].Value != -3 {
		t.Errorf("5 with three units withdrawn: %+v", r)
	}
	if r := rollWith(t, tb, map[string]int{"rg_units_removed": 7}, 6); r.Total != -1 || r.Values["csa_vp_lost"] != 0 {
		t.Errorf("6 with seven withdrawn: %+v", r)
	}
}

// 003 Written Communications Delivery.
func TestLRTGDispatchDelivery(t *testing.T) {
	tb := table(t, "lrtg.dispatch-delivery")
	cases := []struct {
		face, distance int
		want           string
	}{
		{1, 0, "destroyed"}, {2, 19, "delivered"}, {2, 20, "destroyed"}, {3, 19, "delivered"}, {3, 20, "next-day"},
		{4, 29, "delivered"}, {5, 30, "next-day"}, {6, 29, "delivered"}, {6, 31, "next-day"},
	}
	for _, c := range cases {
		if r := rollWith(t, tb, map[string]int{"distance": c.distance}, c.face); r.Outcome != c.want {
			t.Errorf("roll %d at %d hexes: %s, want %s", c.face, c.distance, r.Outcome, c.want)
		}
	}
}

func TestLRTGBeauregard(t *testing.T) {
	tb := table(t, "lrtg.beauregard")
	for face := 1; face <= 6; face++ {
		want := "stays"
		if face == 1 {
			want = "arrives"
		}
		if r := rollWith(t, tb, nil, face); r.Outcome != want {
			t.Errorf("roll %d: %s", face, r.Outcome)
		}
	}
}
