package scenarios

import (
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA: the tables and charts of scenarios/rules/lrta-*.yaml checked against
// 004 (LRTA charts 9-12-25), entry by entry, modifier by modifier, redirect
// by redirect, and the charts cell by cell against the seed's figures.

func lrtaChart(t *testing.T, id string) *engine.Chart {
	t.Helper()
	c := library(t).Chart(id)
	if c == nil {
		t.Fatalf("no chart %s", id)
	}
	return c
}

// lrtaRows checks a chart row by row against the figures transcribed from
// the seed.
func lrtaRows(t *testing.T, id string, want [][]string) {
	t.Helper()
	c := lrtaChart(t, id)
	if len(c.Rows) != len(want) {
		t.Errorf("%s: %d rows, want %d", id, len(c.Rows), len(want))
	}
	for i := 0; i < len(c.Rows) && i < len(want); i++ {
		if strings.Join(c.Rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("%s row %d: %q, want %q", id, i+1, c.Rows[i], want[i])
		}
	}
}

// lrtaHeaderSays checks that a file header records an interpretation.
func lrtaHeaderSays(t *testing.T, file string, phrases ...string) {
	t.Helper()
	b, err := rulesFS.ReadFile("rules/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var head strings.Builder
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "#") {
			break
		}
		head.WriteString(strings.TrimPrefix(line, "#"))
		head.WriteString(" ")
	}
	h := strings.Join(strings.Fields(head.String()), " ")
	for _, p := range phrases {
		if !strings.Contains(h, p) {
			t.Errorf("%s: the header does not record %q", file, p)
		}
	}
}

// 004 Random Events, roll by roll, with every redirect branch.
func TestLRTARandomEvents(t *testing.T) {
	checkRolls(t, "lrta.random-events", []rollCase{
		{"2 Rain+1", []int{1, 1}, nil, 2, "rain-plus-one", 0},
		{"2 after Rain+1 is Rain", []int{1, 1}, map[string]int{"rain_plus_one_last_turn": 1}, 2, "rain", 1},
		{"3 Rain", []int{2, 1}, map[string]int{"rain_days": 9}, 3, "rain", 0},
		{"4 Rain", []int{2, 2}, map[string]int{"rain_days": 3}, 4, "rain", 0},
		{"4 after four days of rain", []int{1, 3}, map[string]int{"rain_days": 4}, 4, "raw-recruits", 1},
		{"4 Raw Recruits second time", []int{3, 1}, map[string]int{"rain_days": 6, "raw_recruits_before": 1}, 4, "raw-recruits-second", 2},
		{"5 Union Command Paralysis", []int{2, 3}, nil, 5, "union-command-paralysis", 0},
		{"5 after recent Union paralysis", []int{4, 1}, map[string]int{"union_paralysis_recent": 1}, 5, "leader-casualties", 1},
		{"6 Rear Area Paralysis", []int{3, 3}, nil, 6, "rear-area-paralysis", 0},
		{"6 CSA infantry near Harpers Ferry", []int{5, 1}, map[string]int{"csa_infantry_near_harpers_ferry": 1}, 6, "release-harpers-ferry-garrison", 1},
		{"7 Confederate Supply Problems", []int{3, 4}, map[string]int{"mcclellan_in_command": 1}, 7, "csa-supply-problems", 0},
		{"8 Enemy Intelligence", []int{4, 4}, nil, 8, "enemy-intelligence", 0},
		{"9 McClellan Delays Reinforcements", []int{4, 5}, nil, 9, "mcclellan-delays-reinforcements", 0},
		{"9 McClellan in command", []int{6, 3}, map[string]int{"mcclellan_in_command": 1}, 9, "leader-casualties", 1},
		{"10 AoP Speeds Evacuation", []int{5, 5}, nil, 10, "aop-speeds-evacuation", 0},
		{"10 McClellan in command", []int{4, 6}, map[string]int{"mcclellan_in_command": 1}, 10, "raw-recruits", 1},
		{"10 McClellan, third Raw Recruits", []int{6, 4}, map[string]int{"mcclellan_in_command": 1, "raw_recruits_before": 2}, 10, "raw-recruits-third", 2},
		{"11 Heat", []int{5, 6}, nil, 11, "heat", 0},
		{"12 CSA Command Paralysis", []int{6, 6}, map[string]int{"mcclellan_in_command": 1}, 12, "csa-command-paralysis", 0},
	})
}

// The printed odds with no redirect in force: one result per total 2-12.
func TestLRTARandomEventsOdds(t *testing.T) {
	tb := table(t, "lrta.random-events")
	count := map[string]int{}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			count[rollWith(t, tb, nil, a, b).Outcome]++
		}
	}
	want := map[string]int{"rain-plus-one": 1, "rain": 2 + 3, "union-command-paralysis": 4, "rear-area-paralysis": 5,
		"csa-supply-problems": 6, "enemy-intelligence": 5, "mcclellan-delays-reinforcements": 4, "aop-speeds-evacuation": 3,
		"heat": 2, "csa-command-paralysis": 1}
	for o, n := range want {
		if count[o] != n {
			t.Errorf("%s: %d of 36, want %d", o, count[o], n)
		}
	}
	if len(count) != len(want) {
		t.Errorf("outcomes %v", count)
	}
}

// Raw Recruits: 8 manpower the first time, 6 the second, 4 the third, 2 after.
// Heat: +1 to extended march rolls. Supply problems: one victual, two north
// of the Potomac without a Rest & Refit proposal.
func TestLRTARandomEventValues(t *testing.T) {
	tb := table(t, "lrta.random-events")
	for before, mp := range map[int]int{0: 8, 1: 6, 2: 4, 3: 2, 4: 2, 10: 2} {
		r := rollWith(t, tb, map[string]int{"rain_days": 4, "raw_recruits_before": before}, 2, 2)
		if r.Values["union_manpower"] != mp || r.Printed != "rain" {
			t.Errorf("Raw Recruits after %d: %d manpower (%s from %s), want %d", before, r.Values["union_manpower"], r.Outcome, r.Printed, mp)
		}
		r = rollWith(t, tb, map[string]int{"mcclellan_in_command": 1, "raw_recruits_before": before}, 5, 5)
		if r.Values["union_manpower"] != mp || r.Printed != "aop-speeds-evacuation" {
			t.Errorf("10 -> Raw Recruits after %d: %d manpower, want %d", before, r.Values["union_manpower"], mp)
		}
	}
	if r := rollWith(t, tb, nil, 5, 6); r.Values["extended_march_modifier"] != 1 {
		t.Errorf("heat: %+v", r.Values)
	}
	if r := rollWith(t, tb, nil, 1, 6); r.Values["victuals_lost"] != 1 || r.Values["victuals_lost_north_without_rest_and_refit"] != 2 {
		t.Errorf("supply problems: %+v", r.Values)
	}
	// Choices recorded in the header.
	lrtaHeaderSays(t, "lrta-random-events.yaml", "at least four days", "8, then 6, then 4, then 2",
		"the event that actually took effect", "mcclellan_in_command", "Three Cigars", "Leader Casualties prints no alternative",
		"Release of Harpers Ferry Garrison prints no alternative")
}

// 004 Enemy Intelligence: each modifier on its side, the tie, and the three
// forms of a Union win.
func TestLRTAEnemyIntelligence(t *testing.T) {
	tb := table(t, "lrta.enemy-intelligence")
	const (
		none, usaLast, csaLast = 0, 1, 2
		notYet, inEffect, done = 0, 1, 2
		csaCav, usaCav         = 0, 1
	)
	cases := []struct {
		name             string
		faces            []int // csa, usa
		set              map[string]int
		csaTotal, usaTot int
		outcome          string
	}{
		{"higher wins (csa)", []int{5, 3}, nil, 5, 3, "csa"},
		{"higher wins (usa), Lee south", []int{2, 6}, nil, 2, 6, "usa"},
		{"Lee north: Union +1", []int{4, 3}, map[string]int{"lee_north": 1, "aop_commander_south": 1}, 5, 4, "csa"},
		{"Union commander south: CSA +1", []int{3, 4}, map[string]int{"aop_commander_south": 1, "closest_cavalry": csaCav}, 4, 4, "csa"},
		{"tie to the closest cavalry (usa)", []int{3, 3}, map[string]int{"closest_cavalry": usaCav}, 3, 3, "usa"},
		{"CSA leader near Sugar Loaf, no one there yet: Union +1", []int{4, 4}, map[string]int{"csa_leader_near_sugar_loaf": 1, "sugar_loaf_last_occupant": none}, 4, 5, "usa"},
		{"CSA leader near Sugar Loaf, Union last there: Union +1", []int{4, 4}, map[string]int{"csa_leader_near_sugar_loaf": 1, "sugar_loaf_last_occupant": usaLast}, 4, 5, "usa"},
		{"CSA leader near Sugar Loaf, CSA last there: no Union +1", []int{4, 4}, map[string]int{"csa_leader_near_sugar_loaf": 1, "sugar_loaf_last_occupant": csaLast, "closest_cavalry": csaCav}, 4, 4, "csa"},
		{"Union leader near Sugar Loaf, CSA last there: CSA +1", []int{4, 4}, map[string]int{"usa_leader_near_sugar_loaf": 1, "sugar_loaf_last_occupant": csaLast}, 5, 4, "csa"},
		{"Union leader near Sugar Loaf, Union last there: no CSA +1", []int{4, 4}, map[string]int{"usa_leader_near_sugar_loaf": 1, "sugar_loaf_last_occupant": usaLast, "closest_cavalry": usaCav}, 4, 4, "usa"},
		{"Union leader near Sugar Loaf, nobody there: no CSA +1", []int{4, 4}, map[string]int{"usa_leader_near_sugar_loaf": 1, "closest_cavalry": usaCav}, 4, 4, "usa"},
		{"Three Cigars: both commanders north", []int{1, 2}, map[string]int{"lee_north": 1}, 1, 3, "three-cigars"},
		{"Three Cigars running: common benefits only", []int{1, 2}, map[string]int{"lee_north": 1, "three_cigars": inEffect}, 1, 3, "usa-common"},
		{"Three Cigars completed: doubles", []int{1, 2}, map[string]int{"lee_north": 1, "three_cigars": done}, 1, 3, "usa"},
		{"Union commander south: doubles, no Three Cigars", []int{1, 5}, map[string]int{"lee_north": 1, "aop_commander_south": 1}, 2, 6, "usa"},
		{"Lee south: doubles, no Three Cigars", []int{1, 5}, map[string]int{"three_cigars": notYet}, 1, 5, "usa"},
		{"all four modifiers", []int{2, 2}, map[string]int{"lee_north": 1, "aop_commander_south": 1, "csa_leader_near_sugar_loaf": 1, "usa_leader_near_sugar_loaf": 1, "sugar_loaf_last_occupant": csaLast, "closest_cavalry": usaCav}, 4, 3, "csa"},
	}
	for _, c := range cases {
		set := map[string]int{"closest_cavalry": usaCav}
		if c.set != nil {
			for k, v := range c.set {
				set[k] = v
			}
		}
		r := rollWith(t, tb, set, c.faces...)
		if len(r.Sides) != 2 || r.Sides[0].Side != "csa" || r.Sides[1].Side != "usa" {
			t.Fatalf("%s: sides %+v", c.name, r.Sides)
		}
		if r.Sides[0].Total != c.csaTotal || r.Sides[1].Total != c.usaTot || r.Outcome != c.outcome {
			t.Errorf("%s: csa %d usa %d -> %s (%+v), want %d %d -> %s", c.name, r.Sides[0].Total, r.Sides[1].Total, r.Outcome, r.Redirects, c.csaTotal, c.usaTot, c.outcome)
		}
	}
	if r := rollWith(t, tb, map[string]int{"lee_north": 1, "closest_cavalry": usaCav}, 1, 2); r.Values["union_initiative_modifier"] != 1 || r.Values["turns"] != 4 {
		t.Errorf("Three Cigars values %+v", r.Values)
	}
	if o := tb.Outcome("usa"); o == nil || !strings.Contains(o.Effect, "4-4, 5-5 and 6-6") || !strings.Contains(o.Effect, "adds three") {
		t.Errorf("the Union win must carry the doubles and the +3 to discovery")
	}
	if o := tb.Outcome("csa"); o == nil || !strings.Contains(o.Effect, "two initiative rolls") {
		t.Errorf("the Confederate win must carry the two rerolls")
	}
}

// 004 Leader Casualties: 1-2 Lee, 3 Jackson, 4 McClellan, 5 Reno, 6 Hatch.
func TestLRTALeaderCasualties(t *testing.T) {
	want := []string{"", "lee-wrists", "lee-wrists", "jackson-falls", "mcclellan-ill", "reno-killed", "hatch-wounded"}
	var cases []rollCase
	for f := 1; f <= 6; f++ {
		cases = append(cases, rollCase{fmt.Sprint(f), []int{f}, nil, f, want[f], 0})
	}
	checkRolls(t, "lrta.leader-casualties", cases)
	tb := table(t, "lrta.leader-casualties")
	if !strings.Contains(tb.Outcome("reno-killed").Effect, "Cox") || !strings.Contains(tb.Outcome("hatch-wounded").Effect, "Doubleday") {
		t.Error("replacements: Reno by Cox, Hatch by Doubleday")
	}
	for _, id := range []string{"lee-wrists", "jackson-falls", "mcclellan-ill"} {
		if tb.Outcome(id).Values["turns"] != 2 {
			t.Errorf("%s lasts this turn and next", id)
		}
	}
}

// 004 Harpers Ferry Surrender: 13 or higher on two dice, every modifier.
func TestLRTAHarpersFerrySurrender(t *testing.T) {
	far := map[string]int{"nearest_usa_division_hexes": 200}
	with := func(extra map[string]int) map[string]int {
		m := map[string]int{"nearest_usa_division_hexes": 200}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	checkRolls(t, "lrta.harpers-ferry-surrender", []rollCase{
		{"12 holds", []int{6, 6}, far, 12, "holds", 0},
		{"Naval Battery +3: 13 surrenders", []int{6, 4}, with(map[string]int{"csa_artillery_naval_battery": 1}), 13, "surrenders", 0},
		{"Naval Battery +3: 12 holds", []int{5, 4}, with(map[string]int{"csa_artillery_naval_battery": 1}), 12, "holds", 0},
		{"Loudoun Heights +1", []int{6, 6}, with(map[string]int{"csa_artillery_loudoun_heights": 1}), 13, "surrenders", 0},
		{"Bolivar Heights +1", []int{6, 6}, with(map[string]int{"csa_artillery_bolivar_heights": 1}), 13, "surrenders", 0},
		{"all three positions +5", []int{4, 4}, with(map[string]int{"csa_artillery_naval_battery": 1, "csa_artillery_loudoun_heights": 1, "csa_artillery_bolivar_heights": 1}), 13, "surrenders", 0},
		{"division 16 hexes away: no modifier", []int{6, 6}, map[string]int{"nearest_usa_division_hexes": 16, "turns_surrounded": 1}, 13, "surrenders", 0},
		{"division within 15: -1", []int{6, 6}, map[string]int{"nearest_usa_division_hexes": 15, "turns_surrounded": 1}, 12, "holds", 0},
		{"division within 11: -1", []int{6, 6}, map[string]int{"nearest_usa_division_hexes": 11, "turns_surrounded": 2}, 13, "surrenders", 0},
		{"division within 10: -2", []int{6, 6}, map[string]int{"nearest_usa_division_hexes": 10, "turns_surrounded": 2}, 12, "holds", 0},
		{"division within 6: -2", []int{6, 6}, map[string]int{"nearest_usa_division_hexes": 6, "turns_surrounded": 3}, 13, "surrenders", 0},
		{"division within 5: -3", []int{6, 6}, map[string]int{"nearest_usa_division_hexes": 5, "turns_surrounded": 3}, 12, "holds", 0},
		{"division adjacent: -3", []int{6, 6}, map[string]int{"nearest_usa_division_hexes": 1, "turns_surrounded": 4}, 13, "surrenders", 0},
		{"four earlier turns surrounded +4", []int{5, 4}, with(map[string]int{"turns_surrounded": 4}), 13, "surrenders", 0},
	})
	tb := table(t, "lrta.harpers-ferry-surrender")
	r := rollWith(t, tb, map[string]int{"nearest_usa_division_hexes": 3, "turns_surrounded": 2, "csa_artillery_naval_battery": 1}, 1, 1)
	if r.Total != 2+3-3+2 || len(r.Modifiers) != 5 {
		t.Errorf("combined modifiers: %+v", r)
	}
	if tb.Dice.String() != "2d6" {
		t.Errorf("dice %s: two dice as LRTG 6.2", tb.Dice.String())
	}
	lrtaHeaderSays(t, "lrta-operations.yaml", "13 or higher", "graduated and cumulative", "each consecutive turn")
}

// 004 Union Army Reorganization: 6 or higher on one die, every modifier.
func TestLRTAUnionArmyReorganization(t *testing.T) {
	const disorder, panic, flight = 1, 2, 3
	checkRolls(t, "lrta.union-army-reorganization", []rollCase{
		{"5 fails", []int{5}, nil, 5, "not-reorganized", 0},
		{"6 succeeds", []int{6}, nil, 6, "reorganized", 0},
		{"commander with McClellan +1", []int{5}, map[string]int{"corps_commander_with_mcclellan": 1}, 6, "reorganized", 0},
		{"Union passive +2", []int{4}, map[string]int{"union_passive": 1}, 6, "reorganized", 0},
		{"Union passive +2, 3 fails", []int{3}, map[string]int{"union_passive": 1}, 5, "not-reorganized", 0},
		{"corps in the DC Defense Area +2", []int{4}, map[string]int{"corps_in_dc_defense_area": 1}, 6, "reorganized", 0},
		{"three earlier attempts +3", []int{3}, map[string]int{"previous_attempts": 3}, 6, "reorganized", 0},
		{"Army of Virginia corps -1", []int{6}, map[string]int{"army_of_virginia_corps": 1}, 5, "not-reorganized", 0},
		{"Disorder -1", []int{6}, map[string]int{"union_worst_army_morale": disorder}, 5, "not-reorganized", 0},
		{"Panic -2 with Disorder", []int{6}, map[string]int{"union_worst_army_morale": panic, "previous_attempts": 1}, 5, "not-reorganized", 0},
		{"Flight -3 with Disorder and Panic", []int{6}, map[string]int{"union_worst_army_morale": flight, "previous_attempts": 2}, 5, "not-reorganized", 0},
		{"Flight -3, 3 attempts", []int{6}, map[string]int{"union_worst_army_morale": flight, "previous_attempts": 3}, 6, "reorganized", 0},
		{"everything", []int{3}, map[string]int{"corps_commander_with_mcclellan": 1, "union_passive": 1, "corps_in_dc_defense_area": 1, "army_of_virginia_corps": 1, "union_worst_army_morale": panic, "previous_attempts": 1}, 3 + 1 + 2 + 2 - 1 - 2 + 1, "reorganized", 0},
	})
	tb := table(t, "lrta.union-army-reorganization")
	r := rollWith(t, tb, map[string]int{"union_worst_army_morale": flight}, 4)
	if len(r.Modifiers) != 3 {
		t.Errorf("flight counts as three separate -1s (disorder, panic, flight): %+v", r.Modifiers)
	}
	lrtaHeaderSays(t, "lrta-army.yaml", "8 / 12 / 16", "Confederate level of 6 or more", "cumulatively (-1, -2, -3")
}

// 004 Sequence of Play 2: the Union's roll to discover the Confederate
// objective, with the overlapping 8 read as no effect.
func TestLRTAObjectiveDiscovery(t *testing.T) {
	want := map[int]string{2: "no-effect", 3: "no-effect", 4: "no-effect", 5: "no-effect", 6: "no-effect", 7: "no-effect",
		8: "no-effect", 9: "learns", 10: "learns", 11: "examines", 12: "examines"}
	var cases []rollCase
	for total, o := range want {
		a := min(6, total-1)
		cases = append(cases, rollCase{fmt.Sprint(total), []int{a, total - a}, nil, total, o, 0})
	}
	cases = append(cases,
		rollCase{"Lee north +1: 8 -> 9", []int{4, 4}, map[string]int{"lee_north": 1}, 9, "learns", 0},
		rollCase{"Enemy Intelligence +3: 8 -> 11", []int{5, 3}, map[string]int{"union_won_enemy_intelligence": 1}, 11, "examines", 0},
		rollCase{"both +4: 4 -> 8", []int{2, 2}, map[string]int{"lee_north": 1, "union_won_enemy_intelligence": 1}, 8, "no-effect", 0},
		rollCase{"both +4: 12 -> 16", []int{6, 6}, map[string]int{"lee_north": 1, "union_won_enemy_intelligence": 1}, 16, "examines", 0},
	)
	checkRolls(t, "lrta.csa-objective-discovery", cases)
	lrtaHeaderSays(t, "lrta-victory.yaml", "A total of 8 is read as no effect")
}

// 004 Command Paralysis and McClellan assumes command.
func TestLRTACommandParalysis(t *testing.T) {
	c := lrtaChart(t, "lrta.command-paralysis")
	want := map[string][2]string{
		"Confederate":        {"-1 (minimum 1)", "-2 (minimum 1)"},
		"Union while Pope":   {"-2 (minimum 1)", "-4 (minimum 1)"},
		"Union after McClel": {"-1 (minimum 1)", "-2 (minimum 1)"},
		"Printed example: r": {"-1", "-"},
		"Printed example: u": {"-2", "-"},
	}
	for prefix, w := range want {
		found := false
		for _, r := range c.Rows {
			if strings.HasPrefix(r[0], prefix) {
				found = true
				if r[1] != w[0] || r[2] != w[1] {
					t.Errorf("%s: %q %q, want %q %q", r[0], r[1], r[2], w[0], w[1])
				}
			}
		}
		if !found {
			t.Errorf("no row %s", prefix)
		}
	}
	if len(c.Rows) != len(want) || !strings.Contains(c.Notes, "strategic movement") || !strings.Contains(c.Notes, "do not add up") {
		t.Errorf("command paralysis: %d rows, notes %q", len(c.Rows), c.Notes)
	}
	m := lrtaChart(t, "lrta.mcclellan-assumes-command")
	all := ""
	for _, r := range m.Rows {
		all += r[1] + " | "
	}
	for _, p := range []string{"replaces Pope", "French", "-2", "halved", "-1 / -2", "seven at most", "Extended march", "halved"} {
		if !strings.Contains(all, p) {
			t.Errorf("McClellan assumes command lacks %q", p)
		}
	}
	if len(m.Rows) != 8 {
		t.Errorf("McClellan assumes command: %d steps, want 8", len(m.Rows))
	}
}

// 004 Extended March Modifiers (both sides), normal movement, naval and
// railroad movement, strategic movement.
func TestLRTAMovementCharts(t *testing.T) {
	lrtaRows(t, "lrta.extended-march-csa", [][]string{
		{"The Confederates have not proposed a Rest & Refit period", "+0", "+2", "+0"},
		{"The Confederates have proposed a Rest & Refit period", "+0", "+1", "+0"},
	})
	lrtaRows(t, "lrta.extended-march-usa", [][]string{
		{"At start", "+2", "+1", "+2"},
		{"The Union accepts the Confederate Rest & Refit period", "+2*", "+1*", "+2*"},
		{"The Union does not accept the Confederate Rest & Refit period", "+2*", "+2*", "+2*"},
		{"McClellan takes command", "+1", "+1", "+2"},
	})
	lrtaRows(t, "lrta.normal-movement", [][]string{
		{"CSA", "Infantry", "1 die +1"}, {"CSA", "Infantry with a leader", "1 die +2"},
		{"CSA", "Cavalry", "2 dice +1"}, {"CSA", "Cavalry with Stuart", "2 dice +3"},
		{"USA", "Infantry", "1 die"}, {"USA", "AOP/ANV infantry with a leader", "1 die +1"},
		{"USA", "Cavalry", "2 dice"}, {"USA", "Cavalry with a leader", "2 dice +1"},
	})
	nr := lrtaChart(t, "lrta.naval-and-railroad-movement")
	cells := ""
	for _, r := range nr.Rows {
		cells += r[2] + " | "
	}
	for _, p := range []string{"2 boxes per turn", "At most 5 units", "half a unit", "+1 fatigue per box", "fatigue 0 in a railroad station",
		"+2 fatigues", "Up to 40 hexes", "Not twice", "Confederate-controlled county", "ZOC", "damaged or destroyed station", "destroyed bridge",
		"No cavalry or artillery", "1 division or 2 brigades"} {
		if !strings.Contains(cells, p) {
			t.Errorf("naval and railroad movement lacks %q", p)
		}
	}
	// 004 Strategic Movement: normal (passive or paralysed) [passive and paralysed].
	lrtaRows(t, "lrta.strategic-movement-allowance", [][]string{
		{"CSA", "2", "11(9)[7]", "16(12)[8]"},
		{"CSA", "3", "16(13)[10]", "24(18)[12]"},
		{"CSA", "4", "22(18)[14]", "32(24)[12]"}, // [12] as printed (kept, see header)
		{"USA", "2", "9(7)[5]", "14(10)[6]"},
		{"USA", "3", "13(10)[7]", "21(15)[9]"},
		{"USA", "4", "18(14)[10]", "28(20)[12]"},
	})
	lrtaRows(t, "lrta.strategic-movement-disorganization", [][]string{
		{"Unexhausted", "No roll necessary", "0", "+2"},
		{"Exhausted", "0", "+2", "+4"},
	})
	if n := lrtaChart(t, "lrta.strategic-movement-allowance").Notes; !strings.Contains(n, "more than 4 hexes from any enemy unit") {
		t.Errorf("cavalry eligibility is 004's 4 hexes: %q", n)
	}
	lrtaHeaderSays(t, "lrta-movement.yaml", "garbled fourth row", "the LRTA chart (004) is followed", "kept as printed")
}

// 004 Army Morale, elimination schedules and thresholds.
func TestLRTAArmyMorale(t *testing.T) {
	lrtaRows(t, "lrta.army-morale-eliminations", [][]string{
		{"Union division (for whatever reason)", "+3", "+2", "+1"},
		{"AoP or AoV brigade, cavalry or infantry (not by attaching)", "+1", "+1", "+0"},
		{"Confederate division (not by attaching)", "+6", "+4", "+2"},
		{"Confederate brigade, cavalry or infantry (not by attaching)", "+2", "+1", "+1"},
	})
	lvl := lrtaChart(t, "lrta.army-morale-level")
	want := map[string][2]string{
		"a)": {"+1 each", "+1 each (all CSA cavalry brigades form the cavalry corps)"},
		"b-e) Infantry divisions at demoralization level 1": {"+1 each (AoP/AoV)", "+2 each"},
		"b-e) Infantry divisions at demoralization level 2": {"+2 each (AoP/AoV)", "+4 each"},
		"f-g)": {"AoP/AoV infantry and cavalry losses / 8, rounded down", "Losses in all units / 5, rounded down"},
		"h-i)": {"1/3 of them, rounded down", "1/2 of them, rounded down"},
		"j)":   {"+2", "-"},
	}
	if len(lvl.Rows) != len(want) {
		t.Errorf("army morale level: %d rows", len(lvl.Rows))
	}
	for prefix, w := range want {
		n := 0
		for _, r := range lvl.Rows {
			if strings.HasPrefix(r[0], prefix) {
				n++
				if r[1] != w[0] || r[2] != w[1] {
					t.Errorf("%s: %q %q, want %q %q", r[0], r[1], r[2], w[0], w[1])
				}
			}
		}
		if n != 1 {
			t.Errorf("%d rows for %s", n, prefix)
		}
	}
	eff := lrtaChart(t, "lrta.army-morale-effects")
	for i, w := range [][2]string{{"8 or more", "Army Disorder"}, {"12 or more", "Army Panic"}, {"16 or more", "Flight"}} {
		if eff.Rows[i][0] != w[0] || eff.Rows[i][2] != w[1] || !strings.Contains(eff.Rows[i][1], "demoralized") {
			t.Errorf("morale effect %d: %q", i, eff.Rows[i])
		}
	}
	if len(eff.Rows) != 3 {
		t.Errorf("%d morale effects", len(eff.Rows))
	}
	ep := lrtaChart(t, "lrta.emancipation-proclamation")
	if ep.Rows[1][1] != "6 or more" || !strings.Contains(ep.Rows[3][1], "Not greater") || !strings.Contains(ep.Rows[0][1], "Victory Check") {
		t.Errorf("Emancipation Proclamation: %q", ep.Rows)
	}
}

// 004 Union Corp Reorganization, Confederate Reorganization, Union Cavalry
// Exhaustion.
func TestLRTAReorganizations(t *testing.T) {
	u := lrtaChart(t, "lrta.union-corps-reorganization")
	wantU := [][3]string{
		{"I Corps (AoV)", "XI Corps (AoP)", "Stahel replaces Schenk"},
		{"II Corps (AoV)", "XII Corps (AoP)", "Mansfield replaces Banks"},
		{"III Corps (AoV)", "I Corps (AoP)", "each lose 3 MP; Meade (manpower 9)"},
		{"IX Corps (AoV)", "IX Corps (AoP)", "WilcoxA replaces Stevens, Rodman replaces Fairchild, Cox replaces Harland, Sturgis replaces Ferraro"},
		{"III Corps (AoP)", "III Corps (AoP)", "Stoneman replaces Kearney, Sickles replaces Hooker"},
		{"V Corps (AoP)", "V Corps (AoP)", "tactical value 0 and command value 2"},
	}
	if len(u.Rows) != len(wantU) {
		t.Fatalf("%d Union corps rows", len(u.Rows))
	}
	for i, w := range wantU {
		if u.Rows[i][0] != w[0] || u.Rows[i][1] != w[1] || !strings.Contains(u.Rows[i][2], w[2]) {
			t.Errorf("Union corps row %d: %q", i+1, u.Rows[i])
		}
	}
	c := lrtaChart(t, "lrta.confederate-reorganization")
	for i, p := range []string{"Munford replaces Robertson", "J.R. Jones replaces Taliaferro", "Lawton replaces Ewell(B)", "(A) counters",
		"Longstreet's or Jackson's", "Kemper, Wilcox and Ripley", "Front Royal or Winchester"} {
		if c.Rows[i][0] != fmt.Sprint(i+1) || !strings.Contains(c.Rows[i][1], p) {
			t.Errorf("Confederate reorganization step %d: %q", i+1, c.Rows[i])
		}
	}
	if len(c.Rows) != 7 {
		t.Errorf("%d Confederate steps", len(c.Rows))
	}
	lrtaRows(t, "lrta.union-cavalry-exhaustion", [][]string{
		{"Bayard", "1st ME, 1st RI"}, {"Beardsley", "1st MA, 8th IL"},
		{"Buford", "1st NY, 6th PA, 3rd PA"}, {"Pleasanton", "6th US, 12th PA"},
	})
	lrtaRows(t, "lrta.union-cavalry-depletion", [][]string{{"Accepted", "2"}, {"Not accepted", "5"}})
	if n := lrtaChart(t, "lrta.union-cavalry-depletion").Notes; !strings.Contains(n, "three units") {
		t.Errorf("Pleasanton activates three units at most: %q", n)
	}
}

// 004 Passive / Operational, DC Garrison, attachment and movement restrictions.
func TestLRTAOperationsCharts(t *testing.T) {
	p := lrtaChart(t, "lrta.passive-operational")
	byMatter := map[string][]string{}
	for _, r := range p.Rows {
		byMatter[r[0]] = r
	}
	for matter, w := range map[string][2]string{
		"Infantry movement die roll":                       {"Normal", "-1 (minimum 1)"},
		"Cavalry movement die roll":                        {"Normal", "-2 (minimum 1)"},
		"Leader transfer range":                            {"10 hexes", "30 hexes"},
		"Time allotment (optional Time Allotment rule)":    {"Normal", "3 minutes less"},
		"Resupply, forage, victuals from levies or depots": {"Not allowed", "Allowed"},
	} {
		r := byMatter[matter]
		if r == nil || r[1] != w[0] || r[2] != w[1] {
			t.Errorf("passive/operational %s: %q", matter, r)
		}
	}
	if len(p.Rows) != 10 {
		t.Errorf("%d passive/operational rows (004 prints ten impacts)", len(p.Rows))
	}
	dc := lrtaChart(t, "lrta.dc-garrison-requirements")
	wantMP := []string{"18", "+20", "+10", "+10", "+10", "+10", "+10"}
	if len(dc.Rows) != len(wantMP) {
		t.Fatalf("%d DC garrison rows", len(dc.Rows))
	}
	for i, mp := range wantMP {
		if dc.Rows[i][1] != mp {
			t.Errorf("DC garrison row %d: %q, want %s", i+1, dc.Rows[i], mp)
		}
	}
	for i, p := range []string{"2 MP must be cavalry", "now occupies", "has occupied", "Disorder", "Panic", "Optional Rule 20", "Annapolis Junction"} {
		if !strings.Contains(dc.Rows[i][0], p) {
			t.Errorf("DC garrison row %d lacks %q", i+1, p)
		}
	}
	a := lrtaChart(t, "lrta.union-attachment-restrictions")
	if len(a.Rows) != 6 || a.Rows[4][1] != "May not attach" || a.Rows[5][1] != "May not detach" || !strings.Contains(a.Rows[2][1], "McClellan") {
		t.Errorf("attachment restrictions: %q", a.Rows)
	}
	mv := lrtaChart(t, "lrta.union-movement-restrictions")
	if len(mv.Rows) != 3 || !strings.Contains(mv.Rows[1][1], "Monocacy") || !strings.Contains(mv.Rows[2][1], "Haupt") {
		t.Errorf("movement restrictions: %q", mv.Rows)
	}
}

// 004 Simplified Supply: resupply, foraging, modifiers, supply effects.
func TestLRTASimplifiedSupply(t *testing.T) {
	lrtaRows(t, "lrta.simplified-resupply", [][]string{
		{"0", "N/A", "7"}, {"1", "0", "6"}, {"2", "1", "5"}, {"3-4", "2", "4"},
		{"5-6", "3", "3"}, {"7-8", "4", "2"}, {"9-10", "5", "1"}, {"11-12", "6+", "0"},
	})
	lrtaRows(t, "lrta.simplified-forage", [][]string{
		{"3", "0", "0", "0", "0", "0", "0"},
		{"2", "3", "2", "1", "1", "1", "0"},
		{"1", "5", "4", "3", "3", "2", "2"},
		{"0", "7", "6", "5", "4", "3", "2"},
	})
	mods := lrtaChart(t, "lrta.simplified-forage-modifiers")
	wantMods := [][2]string{{"CSA", "-1"}, {"CSA", "-2"}, {"CSA", "-1"}, {"CSA", "-1"}, {"USA", "-1"}, {"USA", "+1"}}
	if len(mods.Rows) != len(wantMods) {
		t.Fatalf("%d forage modifiers", len(mods.Rows))
	}
	for i, w := range wantMods {
		if mods.Rows[i][0] != w[0] || mods.Rows[i][2] != w[1] {
			t.Errorf("forage modifier %d: %q", i+1, mods.Rows[i])
		}
	}
	if !strings.Contains(mods.Rows[0][1], "20-29") || !strings.Contains(mods.Rows[0][1], "10-14") || !strings.Contains(mods.Rows[1][1], "turn 15 and later") {
		t.Errorf("forage turn modifiers: %q", mods.Rows[:2])
	}
	eff := lrtaChart(t, "lrta.simplified-supply-effects")
	wantEff := [][2]string{{"3-7", "-"}, {"2", "-"}, {"1", "+1"}, {"0", "+2"}, {"-1", "+3"}}
	for i, w := range wantEff {
		if eff.Rows[i][0] != w[0] || eff.Rows[i][1] != w[1] {
			t.Errorf("supply effects %d: %q", i+1, eff.Rows[i])
		}
	}
	if !strings.Contains(eff.Rows[1][2], "+1") || !strings.Contains(eff.Rows[2][2], "+2") || !strings.Contains(eff.Rows[3][3], "F4") ||
		!strings.Contains(eff.Rows[4][3], "F3 or F4") || len(eff.Rows) != 5 {
		t.Errorf("supply effects: %q", eff.Rows)
	}
	if len(lrtaChart(t, "lrta.simplified-resupply-range").Rows) != 4 {
		t.Error("resupply range: 004 prints four cases")
	}
}

// 004 Depots and Levied Supplies: every row against the figures printed in
// the table's own columns.
func TestLRTADepotsAndLevies(t *testing.T) {
	lrtaRows(t, "lrta.depots", [][]string{
		{"Alexandria", "40", "14", "14"}, {"Manassas Junction", "30", "7", "10"}, {"Camden Station", "30", "14", "10"},
		{"Harrisburg", "30", "12", "10"}, {"Harper's Ferry", "20", "4", "8"}, {"Aquia Creek", "15", "5", "6"},
		{"Winchester", "15", "4", "6"}, {"All other Union depots", "10", "3", "2"}, {"All Confederate depots", "NA", "NA", "2"},
	})
	// Transcribed from 004 "LEVIES": name, normal victuals, simplified victuals, VP.
	printed := "Annapolis 20 4 -; Baltimore (each hex) 40 8 -; Bladensburg 10 2 -; Canton 10 2 -; Carlisle 35 7 8; " +
		"Chambersburg 30 6 6; Columbia 30 6 10; Ellicott Mills 10 2 -; Frederick 40 8 -; Gettysburg 15 3 4; " +
		"Greencastle 10 2 2; Hagerstown 20 4 -; Hanover 10 2 4; Harrisburg 60 12 16; Harpers Ferry 10 2 -; Laurel 10 2 -; " +
		"Littlestown 10 2 2; Martinsburg 20 4 -; Mechanicsburg 15 3 4; New Cumberland 10 2 2; Newville 10 2 2; " +
		"Pikesville 10 2 -; Rockville 10 2 -; Sharpsburg 10 2 -; Shippensburg 10 2 4; Taneytown 10 2 -; " +
		"Towsontown 10 2 -; Wash DC (each hex) 30 6 -; Waynesboro 10 2 2; Westminster 10 2 -; Williamsport 10 2 -; York 40 8 12"
	var want [][]string
	for _, item := range strings.Split(printed, "; ") {
		f := strings.Fields(item)
		n := len(f)
		want = append(want, []string{strings.Join(f[:n-3], " "), f[n-3], f[n-2], f[n-1]})
	}
	lrtaRows(t, "lrta.levies", want)
	lrtaHeaderSays(t, "lrta-supply.yaml", "Newville and Shippensburg", "Columbia", "no ammunition column")
}

// 004 County/DC Control, with Cumberland 5/3/2 from the chart (the sequence
// of play summary prints 5/3/1).
func TestLRTACountyAndDCControl(t *testing.T) {
	lrtaRows(t, "lrta.county-control-vp", [][]string{
		{"Maryland", "Baltimore", "40", "20", "10"},
		{"Maryland", "Prince George's", "20", "10", "5"},
		{"Maryland", "Anne Arundel", "20", "10", "5"},
		{"Maryland", "Montgomery", "10", "5", "3"},
		{"Maryland", "Howard", "10", "5", "3"},
		{"Maryland", "Frederick (West)", "6", "3", "2"},
		{"Maryland", "Frederick (East)", "4", "2", "1"},
		{"Maryland", "Carroll", "4", "2", "1"},
		{"Maryland", "Washington", "4", "2", "1"},
		{"Virginia", "Alexandria", "20", "10", "5"},
		{"Virginia", "Fairfax", "10", "5", "3"},
		{"Virginia", "Loudoun", "4", "2", "1"},
		{"Pennsylvania", "Adams", "4", "2", "1"},
		{"Pennsylvania", "York", "8", "4", "2"},
		{"Pennsylvania", "Dauphin", "16", "8", "4"},
		{"Pennsylvania", "Cumberland", "5", "3", "2"},
		{"Pennsylvania", "All other Pennsylvania counties", "0", "0", "0"},
	})
	lrtaRows(t, "lrta.dc-control-vp", [][]string{
		{"Each destroyed fort in and around Washington and Alexandria", "+10"},
		{"A CSA cavalry unit occupies any city hex of Washington, DC", "+25"},
		{"A CSA cavalry unit occupies the White House", "+25"},
		{"A CSA cavalry unit occupies the Capitol", "+25"},
		{"A CSA infantry unit occupies any city hex of Washington, DC", "+50"},
		{"A CSA infantry unit occupies the White House or the Capitol in the Victory Check Phase", "Automatic decisive victory"},
	})
	if n := lrtaChart(t, "lrta.county-control-vp").Notes; !strings.Contains(n, "12 MP") || !strings.Contains(n, "30 days") {
		t.Errorf("county control notes: %q", n)
	}
	lrtaHeaderSays(t, "lrta-victory.yaml", "Cumberland County: 5/3/2 in the chart, 5/3/1", "10/5/3")
}

// 004 Confederate Objectives: the terms and the fifteen objectives.
func TestLRTAConfederateObjectives(t *testing.T) {
	terms := lrtaChart(t, "lrta.confederate-objectives-terms")
	if terms.Rows[0][1] != "-40" || terms.Rows[1][1] != "10 VP" || terms.Rows[3][1] != "35" || len(terms.Rows) != 5 {
		t.Errorf("objective terms: %q", terms.Rows)
	}
	obj := lrtaChart(t, "lrta.confederate-objectives")
	want := []struct{ name, req string }{
		{"Suppress the Miscreant Pope", "Disorder"},
		{"Crush the Miscreant Pope", "Panic"},
		{"Wreck the Orange & Alexandria RR", "7 more"},
		{"Wreck the B&O RR", "8 more stations or bridges on the B&O, 4 of them east"},
		{"Wreck the C&O Canal", "'a fifth one' (as printed"},
		{"Raid Pennsylvania", "14 VP"},
		{"Occupy the North", "20 consecutive turns"},
		{"Recruit in the Lower Valley", "3+ MP, in the County Control Phase of four consecutive turns"},
		{"Recruit in Western Maryland", "three consecutive turns"},
		{"Recruit in Central Maryland", "Westminster"},
		{"Threaten Alexandria", "Fairfax County for three"},
		{"Threaten Baltimore", "Howard County for three"},
		{"Threaten DC", "Montgomery County for three"},
		{"Isolate DC", "Relay House and Gambrill's Station"},
		{"Cut off Communications to DC", "four stations"},
	}
	if len(obj.Rows) != len(want) {
		t.Fatalf("%d objectives, want %d", len(obj.Rows), len(want))
	}
	for i, w := range want {
		if obj.Rows[i][0] != w.name || !strings.Contains(obj.Rows[i][1], w.req) {
			t.Errorf("objective %d: %q", i+1, obj.Rows[i])
		}
	}
	// The eight C&O sites, HCR W / SJW N hexes as printed.
	for _, hex := range []string{"HCR W 1904", "HCR W 2010", "HCR W 2515", "HCR W 3421", "HCR W 3933", "HCR W 4126", "SJW N 4804", "SJW N 5510"} {
		if !strings.Contains(obj.Rows[4][1], hex) {
			t.Errorf("C&O Canal lacks %s", hex)
		}
	}
}

// 004 Turn Record: 54 turns Aug 19 - Oct 10 with the printed Sept 31 as turn
// 44 and the notes printed on turns 1, 2, 23, 30 and 54; it agrees with the
// scenario catalogue.
func TestLRTATurnRecord(t *testing.T) {
	c := lrtaChart(t, "lrta.turn-record")
	var dates []string
	for d := 19; d <= 31; d++ {
		dates = append(dates, fmt.Sprintf("Aug %d", d))
	}
	for d := 1; d <= 31; d++ { // the record prints a Sept 31
		dates = append(dates, fmt.Sprintf("Sept %d", d))
	}
	for d := 1; d <= 10; d++ {
		dates = append(dates, fmt.Sprintf("Oct %d", d))
	}
	notes := map[int]string{1: "No RE", 2: "No RE", 23: "Potomac", 30: "End RTA", 54: "End LSN"}
	if len(c.Rows) != 54 || len(dates) != 54 {
		t.Fatalf("%d turns", len(c.Rows))
	}
	for i, r := range c.Rows {
		turn := i + 1
		if r[0] != fmt.Sprint(turn) || r[1] != dates[i] || r[2] != notes[turn] {
			t.Errorf("turn %d: %q, want %d %s %q", turn, r, turn, dates[i], notes[turn])
		}
	}
	if c.Rows[43][1] != "Sept 31" || c.Rows[42][1] != "Sept 30" || c.Rows[44][1] != "Oct 1" {
		t.Errorf("turns 43-45: %q", c.Rows[42:45])
	}
	// Spot checks of the printed grid: each row's first date and turn.
	for turn, date := range map[int]string{1: "Aug 19", 8: "Aug 26", 15: "Sept 2", 22: "Sept 9", 29: "Sept 16", 36: "Sept 23", 43: "Sept 30", 50: "Oct 6", 54: "Oct 10"} {
		if c.Rows[turn-1][1] != date {
			t.Errorf("turn %d is %s, want %s", turn, c.Rows[turn-1][1], date)
		}
	}
	scs, err := Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scs {
		if s.ID == "lrta-campaign" && (s.FirstTurn != 1 || s.LastTurn != len(c.Rows)) {
			t.Errorf("catalogue lrta-campaign turns %d-%d, turn record 1-%d", s.FirstTurn, s.LastTurn, len(c.Rows))
		}
	}
	lrtaHeaderSays(t, "lrta-victory.yaml", "Aug 25, Sept 15, Sept 22, Sept 29", "\"Sept 31\" (turn 44) is kept")
}

// Every LRTA rules section encoded has its summary, phase and source.
func TestLRTARules(t *testing.T) {
	lib := library(t)
	want := []string{"6.0", "Command Paralysis", "Extended March", "Movement", "5.1", "Army Morale", "16.2", "17.0", "7.3",
		"9.0", "7.0", "3.2", "10.4", "Simplified Supply", "14.8", "13", "22.0", "Turn Record"}
	for _, sec := range want {
		rs := lib.Rule("lrta:" + sec)
		if len(rs) != 1 {
			t.Errorf("lrta:%s: %d rules", sec, len(rs))
			continue
		}
		r := rs[0]
		if r.Game != lrtg.LRTA || r.Summary == "" || r.Phase == "" || !strings.HasPrefix(r.Source, "004") {
			t.Errorf("lrta:%s: %+v", sec, r)
		}
	}
	// Every LRTA table and chart names 004 as its source.
	for _, tb := range lib.Tables {
		if tb.Game == lrtg.LRTA && !strings.HasPrefix(tb.Source, "004") {
			t.Errorf("table %s: source %q", tb.ID, tb.Source)
		}
	}
	for _, c := range lib.Charts {
		if c.Game == lrtg.LRTA && !strings.HasPrefix(c.Source, "004") {
			t.Errorf("chart %s: source %q", c.ID, c.Source)
		}
	}
}

// 004 Sequence of Play 2: written dispatches, 11-12 intercepted, 10 lost, 9
// lost beyond 16 hexes; otherwise delivered.
func TestLRTAWrittenDispatch(t *testing.T) {
	checkRolls(t, "lrta.written-dispatch", []rollCase{
		{"2 delivered", []int{1, 1}, map[string]int{"distance": 40}, 2, "delivered", 0},
		{"8 delivered", []int{4, 4}, map[string]int{"distance": 40}, 8, "delivered", 0},
		{"9 at 16 hexes delivered", []int{4, 5}, map[string]int{"distance": 16}, 9, "delivered", 0},
		{"9 at 17 hexes lost", []int{5, 4}, map[string]int{"distance": 17}, 9, "lost", 1},
		{"10 lost", []int{5, 5}, map[string]int{"distance": 9}, 10, "lost", 0},
		{"11 intercepted", []int{5, 6}, map[string]int{"distance": 9}, 11, "intercepted", 0},
		{"12 intercepted", []int{6, 6}, map[string]int{"distance": 100}, 12, "intercepted", 0},
	})
	if len(library(t).Rule("lrta:20.4")) != 1 {
		t.Error("no rule lrta:20.4")
	}
	lrtaHeaderSays(t, "lrta-communications.yaml", "read as delivered", "no modifier is invented")
}
