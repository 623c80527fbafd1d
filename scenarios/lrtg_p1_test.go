package scenarios

import (
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTG part 1: the tables of scenarios/rules/lrtg-p1-*.yaml checked against
// the seeds (000 LRTG rules, 003 LRTG charts), entry by entry, modifier by
// modifier and redirect by redirect.

// modSum is the sum of the applied modifiers.
func modSum(r *engine.TableRoll) int {
	s := 0
	for _, m := range r.Modifiers {
		s += m.Value
	}
	return s
}

// checkRows compares a chart's rows with the seed text, cell by cell.
func checkRows(t *testing.T, id string, want [][]string) {
	t.Helper()
	c := chart(t, id)
	if len(c.Rows) != len(want) {
		t.Fatalf("%s: %d rows, want %d", id, len(c.Rows), len(want))
	}
	for i, w := range want {
		for j, cell := range w {
			if cell == "*" { // not checked here
				continue
			}
			if c.Rows[i][j] != cell {
				t.Errorf("%s row %d %s: %q, want %q", id, i+1, c.Columns[j], c.Rows[i][j], cell)
			}
		}
	}
}

// 000 6.2 / 003 Harpers Ferry Surrender: 11 or more surrenders; +3 Naval Battery,
// +1 Loudoun Heights, +1 Bolivar Heights, +1 per earlier consecutive turn
// surrounded, -2 Union division within 10 hexes; all cumulative.
func TestLRTGP1HarpersFerrySurrender(t *testing.T) {
	id := "lrtg.harpers-ferry-surrender"
	var cases []rollCase
	// Every natural total: 2-10 no effect, 11 and 12 surrender.
	for total := 2; total <= 12; total++ {
		a := min(6, total-1)
		want := "no-effect"
		if total >= 11 {
			want = "surrender"
		}
		cases = append(cases, rollCase{fmt.Sprintf("natural %d", total), []int{a, total - a}, nil, total, want, 0})
	}
	cases = append(cases,
		// Each modifier alone, at the edge of 10/11.
		rollCase{"Naval Battery +3", []int{4, 4}, map[string]int{"csa_artillery_naval_battery": 1}, 11, "surrender", 0},
		rollCase{"Naval Battery +3 short", []int{3, 4}, map[string]int{"csa_artillery_naval_battery": 1}, 10, "no-effect", 0},
		rollCase{"Loudoun Heights +1", []int{4, 6}, map[string]int{"csa_artillery_loudoun_heights": 1}, 11, "surrender", 0},
		rollCase{"Loudoun Heights +1 short", []int{4, 5}, map[string]int{"csa_artillery_loudoun_heights": 1}, 10, "no-effect", 0},
		rollCase{"Bolivar Heights +1", []int{6, 4}, map[string]int{"csa_artillery_bolivar_heights": 1}, 11, "surrender", 0},
		rollCase{"one earlier turn surrounded", []int{5, 5}, map[string]int{"prior_turns_surrounded": 1}, 11, "surrender", 0},
		rollCase{"four earlier turns surrounded", []int{3, 4}, map[string]int{"prior_turns_surrounded": 4}, 11, "surrender", 0},
		rollCase{"three earlier turns surrounded, short", []int{3, 4}, map[string]int{"prior_turns_surrounded": 3}, 10, "no-effect", 0},
		rollCase{"Union division -2", []int{6, 6}, map[string]int{"union_division_within_10": 1}, 10, "no-effect", 0},
		rollCase{"Union division -2 with Naval Battery", []int{5, 5}, map[string]int{"union_division_within_10": 1, "csa_artillery_naval_battery": 1}, 11, "surrender", 0},
		// All at once: 2 +3 +1 +1 +2 -2 = 7.
		rollCase{"everything", []int{1, 1}, map[string]int{"csa_artillery_naval_battery": 1, "csa_artillery_loudoun_heights": 1, "csa_artillery_bolivar_heights": 1, "prior_turns_surrounded": 2, "union_division_within_10": 1}, 7, "no-effect", 0},
		rollCase{"everything, 11", []int{3, 4}, map[string]int{"csa_artillery_naval_battery": 1, "csa_artillery_loudoun_heights": 1, "csa_artillery_bolivar_heights": 1, "prior_turns_surrounded": 1, "union_division_within_10": 1}, 11, "surrender", 0},
	)
	checkRolls(t, id, cases)

	// The modifiers as printed: +3, +1, +1, +1 per turn, -2 once (a yes/no fact:
	// several divisions do not make it -4; Loudoun Heights is one +1 for either hex).
	tb := table(t, id)
	want := []struct {
		value int
		per   string
		fact  string
	}{{3, "", "csa_artillery_naval_battery"}, {1, "", "csa_artillery_loudoun_heights"}, {1, "", "csa_artillery_bolivar_heights"}, {1, "prior_turns_surrounded", ""}, {-2, "", "union_division_within_10"}}
	if len(tb.Modifiers) != len(want) {
		t.Fatalf("%d modifiers, want %d", len(tb.Modifiers), len(want))
	}
	for i, w := range want {
		m := tb.Modifiers[i]
		if m.Value != w.value || m.Per != w.per || (w.fact != "" && (m.When == nil || m.When.Fact != w.fact)) {
			t.Errorf("modifier %d: %+v, want %+v", i, m, w)
		}
		if w.fact != "" && tb.Fact(w.fact).Kind != engine.FactBool {
			t.Errorf("%s should be yes/no (the modifier applies once)", w.fact)
		}
	}
	r := rollWith(t, tb, map[string]int{"union_division_within_10": 1, "csa_artillery_naval_battery": 1}, 5, 5)
	if len(r.Modifiers) != 2 || modSum(r) != 1 {
		t.Errorf("Naval Battery and a Union division: %+v", r.Modifiers)
	}
}

// 000 3.4, VII 8): from June 30 a die each turn, 1 = surrender, -15 VP.
func TestLRTGP1Vicksburg(t *testing.T) {
	tb := table(t, "lrtg.vicksburg-surrenders")
	for face := 1; face <= 6; face++ {
		r := rollWith(t, tb, nil, face)
		want, vp := "holds", 0
		if face == 1 {
			want, vp = "surrenders", 15
		}
		if r.Outcome != want || r.Values["csa_vp_lost"] != vp {
			t.Errorf("roll %d: %s (%v), want %s with %d VP lost", face, r.Outcome, r.Values, want, vp)
		}
	}
}

// 000 3.3 / VII 9): three dice = Confederate VP, -1 per Union MP removed, at least 3.
func TestLRTGP1DraftRiots(t *testing.T) {
	tb := table(t, "lrtg.draft-riots")
	// Every natural total 3..18 gives that many VP.
	for total := 3; total <= 18; total++ {
		a := min(6, total-2)
		b := min(6, total-a-1)
		c := total - a - b
		r := rollWith(t, tb, nil, a, b, c)
		if r.Total != total || r.Values["csa_vp_gained"] != total || r.Bounded != "" {
			t.Errorf("natural %d (%d,%d,%d): total %d, %v VP", total, a, b, c, r.Total, r.Values)
		}
	}
	// Manpower removed lowers the VP one for one...
	r := rollWith(t, tb, map[string]int{"union_mp_removed": 5}, 6, 5, 4)
	if r.Total != 10 || r.Values["csa_vp_gained"] != 10 || modSum(r) != -5 || r.Bounded != "" {
		t.Errorf("15 less 5 MP: %+v", r)
	}
	// ...down to 3 exactly...
	r = rollWith(t, tb, map[string]int{"union_mp_removed": 12}, 6, 5, 4)
	if r.Total != 3 || r.Values["csa_vp_gained"] != 3 || r.Bounded != "" {
		t.Errorf("15 less 12 MP: %+v", r)
	}
	// ...and never below 3.
	r = rollWith(t, tb, map[string]int{"union_mp_removed": 13}, 6, 5, 4)
	if r.Total != 3 || r.Values["csa_vp_gained"] != 3 || r.Bounded == "" {
		t.Errorf("15 less 13 MP: %+v", r)
	}
	r = rollWith(t, tb, map[string]int{"union_mp_removed": 100}, 6, 6, 6)
	if r.Total != 3 || r.Values["csa_vp_gained"] != 3 || !strings.Contains(r.Bounded, "3") {
		t.Errorf("18 less 100 MP: %+v", r)
	}
}

// 000 3.2 / 003 sequence of play 1 b) i): 1-3 releases the next Balt/DC group;
// Halleck cancels it; Confederate infantry near DC holds the DC units back.
func TestLRTGP1BaltimoreDCRelease(t *testing.T) {
	halleck := map[string]int{"halleck_this_turn": 1}
	threat := map[string]int{"csa_infantry_threatens_dc": 1}
	both := map[string]int{"halleck_this_turn": 1, "csa_infantry_threatens_dc": 1}
	var cases []rollCase
	for face := 1; face <= 6; face++ {
		if face <= 3 {
			cases = append(cases,
				rollCase{fmt.Sprintf("%d releases", face), []int{face}, nil, face, "release", 0},
				rollCase{fmt.Sprintf("%d Halleck", face), []int{face}, halleck, face, "cancelled", 1},
				rollCase{fmt.Sprintf("%d DC threatened", face), []int{face}, threat, face, "release-dc-held", 1},
				// Halleck is checked first: nothing at all is released.
				rollCase{fmt.Sprintf("%d Halleck and DC threatened", face), []int{face}, both, face, "cancelled", 1},
			)
			continue
		}
		cases = append(cases,
			rollCase{fmt.Sprintf("%d no release", face), []int{face}, nil, face, "no-release", 0},
			rollCase{fmt.Sprintf("%d no release, Halleck", face), []int{face}, both, face, "no-release", 0},
		)
	}
	checkRolls(t, "lrtg.baltimore-dc-release", cases)
}

// 000 3.2 WV / 003 1 b) ii): a 1, -1 if Confederate infantry is north of the Potomac.
func TestLRTGP1WestVirginia(t *testing.T) {
	north := map[string]int{"csa_infantry_north_of_potomac": 1}
	checkRolls(t, "lrtg.west-virginia-reinforcement", []rollCase{
		{"1", []int{1}, nil, 1, "arrives", 0},
		{"2", []int{2}, nil, 2, "none", 0},
		{"3", []int{3}, nil, 3, "none", 0},
		{"4", []int{4}, nil, 4, "none", 0},
		{"5", []int{5}, nil, 5, "none", 0},
		{"6", []int{6}, nil, 6, "none", 0},
		{"1 with infantry north (0 counts as 1)", []int{1}, north, 0, "arrives", 0},
		{"2 with infantry north", []int{2}, north, 1, "arrives", 0},
		{"3 with infantry north", []int{3}, north, 2, "none", 0},
	})
}

// 003 1 b) iii) / Release Key (000 3.2): a 1; -1 CSA unit in PA, -1 CSA
// infantry across the Potomac, -1 Lee in PA; held while Camp Curtin is occupied.
func TestLRTGP1PAMilitia(t *testing.T) {
	pa := map[string]int{"csa_unit_in_pennsylvania": 1}
	inf := map[string]int{"csa_infantry_north_of_potomac": 1}
	lee := map[string]int{"lee_in_pennsylvania": 1}
	all := map[string]int{"csa_unit_in_pennsylvania": 1, "csa_infantry_north_of_potomac": 1, "lee_in_pennsylvania": 1}
	allHeld := map[string]int{"csa_unit_in_pennsylvania": 1, "csa_infantry_north_of_potomac": 1, "lee_in_pennsylvania": 1, "camp_curtin_csa_occupied": 1}
	checkRolls(t, "lrtg.pa-militia-reinforcement", []rollCase{
		{"1", []int{1}, nil, 1, "arrives", 0},
		{"2", []int{2}, nil, 2, "none", 0},
		{"6", []int{6}, nil, 6, "none", 0},
		{"2, Confederates in PA", []int{2}, pa, 1, "arrives", 0},
		{"3, Confederates in PA", []int{3}, pa, 2, "none", 0},
		{"2, infantry across", []int{2}, inf, 1, "arrives", 0},
		{"2, Lee in PA", []int{2}, lee, 1, "arrives", 0},
		{"4, all three", []int{4}, all, 1, "arrives", 0},
		{"5, all three", []int{5}, all, 2, "none", 0},
		{"1, all three (-2 counts as 1)", []int{1}, all, -2, "arrives", 0},
		{"1, Camp Curtin occupied", []int{1}, map[string]int{"camp_curtin_csa_occupied": 1}, 1, "arrives-held", 1},
		{"3, all three, Camp Curtin occupied", []int{3}, allHeld, 0, "arrives-held", 1},
		{"6, Camp Curtin occupied", []int{6}, map[string]int{"camp_curtin_csa_occupied": 1}, 6, "none", 0},
	})
	tb := table(t, "lrtg.pa-militia-reinforcement")
	if len(tb.Modifiers) != 3 {
		t.Fatalf("%d modifiers, want 3", len(tb.Modifiers))
	}
	for _, m := range tb.Modifiers {
		if m.Value != -1 {
			t.Errorf("modifier %q is %d, want -1", m.Reason, m.Value)
		}
	}
	// 003's wording is followed: infantry or cavalry in PA; infantry across the Potomac.
	if d := tb.Fact("csa_unit_in_pennsylvania").Description; !strings.Contains(d, "cavalry") {
		t.Errorf("csa_unit_in_pennsylvania: %q", d)
	}
	if d := tb.Fact("csa_infantry_north_of_potomac").Description; !strings.Contains(d, "Potomac") {
		t.Errorf("csa_infantry_north_of_potomac: %q", d)
	}
}

// 000 3.2 release schedule, strengths from the 000 Union set-up.
func TestLRTGP1ReleaseOrders(t *testing.T) {
	checkRows(t, "lrtg.baltimore-dc-release-order", [][]string{
		{"1", "Copeland, DeForest, Price, 2 MA", "DC", "2, 2, 1, 1", "All", "*"},
		{"2", "1 CT, 1 MD, Crawford", "Balt, Balt, DC", "1, 1, 6", "Crawford, unless Meade commands", "*"},
		{"3", "Briggs, 179 PA, 109 NY, 6 NY, 7 NY, 3 MD PHB", "Balt", "5, 1, 1, 1, 1, 1", "None", "*"},
		{"4", "Spinola, Hays or Willard", "DC", "4, 4", "All", "*"},
		{"5", "39 MA, Lockwood", "DC", "1, 3", "39 MA; Lockwood unless Meade commands", "*"},
		{"6", "Wells, Stannard", "DC", "4, 4", "Wells; Stannard unless Meade commands", "*"},
		{"7", "Sickel", "DC", "3", "All", "*"},
		{"8", "Fessenden", "DC", "2", "All", "*"},
	})
	// Every group's unit count matches its manpower list.
	for _, row := range chart(t, "lrtg.baltimore-dc-release-order").Rows {
		units := len(strings.Split(row[1], ","))
		if strings.Contains(row[1], " or ") {
			units = 2
		}
		if mp := len(strings.Split(row[3], ",")); mp != units {
			t.Errorf("group %s: %d units, %d strengths", row[0], units, mp)
		}
	}
	checkRows(t, "lrtg.west-virginia-reinforcement-order", [][]string{
		{"1", "Mulligan", "3"}, {"2", "Campbell", "3"}, {"3", "Wilkinson", "2"},
	})
	// "Nagle" as 003 and the 000 set-up spell it (000 3.2: "Nagel").
	checkRows(t, "lrtg.pa-militia-order", [][]string{
		{"1", "Brisbane", "5"}, {"2", "J. Smith", "5"}, {"3", "Ewen", "4"}, {"4", "Crooke", "3"},
		{"5", "Frick", "3"}, {"6", "Franklin", "11"}, {"7", "Nagle", "10"}, {"8", "Beaver", "7"},
		{"9", "20 PA", "1"}, {"10", "21 PA", "1"},
	})
}

// 000 3.1 and set-up: Pickett turn 2, Pettigrew turn 3, then boxes 1-4
// (Imboden, 54 NC, 58 VA - not "58 NC" -, 12 VA); Richmond Garrison 4,4,4,4.
func TestLRTGP1ConfederateReinforcements(t *testing.T) {
	checkRows(t, "lrtg.csa-reinforcements", [][]string{
		{"Turn 2", "Pickett", "12", "*"},
		{"Turn 3", "Pettigrew", "4", "*"},
		{"Reinforcement box 1", "Imboden", "3", "*"},
		{"Reinforcement box 2", "54 NC", "1", "*"},
		{"Reinforcement box 3", "58 VA", "1", "*"},
		{"Reinforcement box 4", "12 VA", "1", "*"},
	})
	c := chart(t, "lrtg.csa-reinforcements")
	if !strings.Contains(c.Rows[2][3], "Front Royal") {
		t.Errorf("Imboden enters at Front Royal: %q", c.Rows[2][3])
	}
	for _, row := range c.Rows[3:] {
		if !strings.Contains(row[3], "Winchester") {
			t.Errorf("%s enters at Winchester: %q", row[1], row[3])
		}
	}
	checkRows(t, "lrtg.richmond-garrison", [][]string{
		{"Corse", "4", "*"}, {"M. Jenkins", "4", "*"}, {"Cooke", "4", "*"}, {"Wise", "4", "*"},
	})
	// The seeds do not give the garrison's entry order: the chart must not claim one.
	rg := chart(t, "lrtg.richmond-garrison")
	if !strings.Contains(rg.Notes, "not among the seeds") || !strings.Contains(rg.Notes, "do not claim") {
		t.Errorf("Richmond Garrison notes should disclaim the order: %q", rg.Notes)
	}
}

// 000 9.2: Baltimore 1-3/4-5/6 = Class 1/2/3; Washington and Alexandria
// 1-2/3-4/5-6 (the flattened "1-2 = Class 13-4 = Class 25-6 = Class 3").
// Class n: artillery n, intrinsic garrison n+1.
func TestLRTGP1FortClasses(t *testing.T) {
	want := map[string][]int{
		"lrtg.fort-class-baltimore":     {1, 1, 1, 2, 2, 3},
		"lrtg.fort-class-dc-alexandria": {1, 1, 2, 2, 3, 3},
	}
	for id, classes := range want {
		tb := table(t, id)
		for face := 1; face <= 6; face++ {
			r := rollWith(t, tb, nil, face)
			cl := classes[face-1]
			if r.Outcome != fmt.Sprintf("class-%d", cl) || r.Values["fort_class"] != cl || r.Values["artillery_value"] != cl || r.Values["intrinsic_garrison"] != cl+1 {
				t.Errorf("%s roll %d: %s %v, want class %d", id, face, r.Outcome, r.Values, cl)
			}
		}
	}
	checkRows(t, "lrtg.fort-classes", [][]string{{"1", "1", "2"}, {"2", "2", "3"}, {"3", "3", "4"}})
	checkRows(t, "lrtg.permanent-forts", [][]string{
		{"Naval Battery", "2", "0"}, {"Fort Washington, PA", "2", "1"}, {"Baltimore forts", "*", "*"}, {"Washington and Alexandria forts", "*", "*"},
	})
}

// 000 10.1: 3 or less succeeds, 4 or more fails.
func TestLRTGP1ActivateArmyLeader(t *testing.T) {
	var cases []rollCase
	for face := 1; face <= 6; face++ {
		want := "success"
		if face >= 4 {
			want = "failure"
		}
		cases = append(cases, rollCase{fmt.Sprint(face), []int{face}, nil, face, want, 0})
	}
	checkRolls(t, "lrtg.activate-army-leader", cases)
}

// 000 13.8: destroyed if the die is at most the unit's combat value.
func TestLRTGP1DepotDestruction(t *testing.T) {
	var cases []rollCase
	for cv := 2; cv <= 7; cv++ {
		for face := 1; face <= 6; face++ {
			want, steps := "destroyed", 0
			if face > cv {
				want, steps = "no-effect", 1
			}
			cases = append(cases, rollCase{fmt.Sprintf("%d against combat value %d", face, cv), []int{face}, map[string]int{"combat_value": cv}, face, want, steps})
		}
	}
	checkRolls(t, "lrtg.depot-destruction", cases)
	if f := table(t, "lrtg.depot-destruction").Fact("combat_value"); f.Min != 2 {
		t.Errorf("only units of combat value 2 or more may try: min %d", f.Min)
	}
}

// 000 13.7 / 003 5 g): 1 or less; -1 Haupt; -1 per earlier attempt.
func TestLRTGP1RRStationRepair(t *testing.T) {
	haupt := map[string]int{"haupt_in_or_adjacent": 1}
	checkRolls(t, "lrtg.rr-station-repair", []rollCase{
		{"1", []int{1}, nil, 1, "repaired", 0},
		{"2", []int{2}, nil, 2, "still-damaged", 0},
		{"6", []int{6}, nil, 6, "still-damaged", 0},
		{"2 with Haupt", []int{2}, haupt, 1, "repaired", 0},
		{"3 with Haupt", []int{3}, haupt, 2, "still-damaged", 0},
		{"3 after two attempts", []int{3}, map[string]int{"previous_attempts": 2}, 1, "repaired", 0},
		{"4 after two attempts", []int{4}, map[string]int{"previous_attempts": 2}, 2, "still-damaged", 0},
		{"4 with Haupt after two attempts", []int{4}, map[string]int{"haupt_in_or_adjacent": 1, "previous_attempts": 2}, 1, "repaired", 0},
		{"1 with Haupt after five attempts", []int{1}, map[string]int{"haupt_in_or_adjacent": 1, "previous_attempts": 5}, -5, "repaired", 0},
	})
	r := rollWith(t, table(t, "lrtg.rr-station-repair"), map[string]int{"haupt_in_or_adjacent": 1, "previous_attempts": 3}, 6)
	if len(r.Modifiers) != 2 || modSum(r) != -4 {
		t.Errorf("Haupt and three attempts: %+v", r.Modifiers)
	}
}

// 000 29.1-29.2: 1 captured, 2 destroyed, 3-6 retained; -1 R*, a further -1
// eliminated; 0 or less counts as 1; an eliminated unit's uncaptured points
// are destroyed.
func TestLRTGP1CapturedArtillery(t *testing.T) {
	rs := map[string]int{"r_star": 1}
	el := map[string]int{"eliminated": 1}
	both := map[string]int{"r_star": 1, "eliminated": 1}
	checkRolls(t, "lrtg.captured-artillery", []rollCase{
		{"1", []int{1}, nil, 1, "captured", 0},
		{"2", []int{2}, nil, 2, "destroyed", 0},
		{"3", []int{3}, nil, 3, "retained", 0},
		{"4", []int{4}, nil, 4, "retained", 0},
		{"5", []int{5}, nil, 5, "retained", 0},
		{"6", []int{6}, nil, 6, "retained", 0},
		{"1 R* (0 counts as 1)", []int{1}, rs, 0, "captured", 0},
		{"2 R*", []int{2}, rs, 1, "captured", 0},
		{"3 R*", []int{3}, rs, 2, "destroyed", 0},
		{"4 R*", []int{4}, rs, 3, "retained", 0},
		{"2 eliminated", []int{2}, el, 1, "captured", 0},
		{"3 eliminated", []int{3}, el, 2, "destroyed", 0},
		{"4 eliminated: not captured, so destroyed", []int{4}, el, 3, "destroyed", 1},
		{"6 eliminated: not captured, so destroyed", []int{6}, el, 5, "destroyed", 1},
		{"1 R* and eliminated", []int{1}, both, -1, "captured", 0},
		{"3 R* and eliminated", []int{3}, both, 1, "captured", 0},
		{"4 R* and eliminated", []int{4}, both, 2, "destroyed", 0},
		{"5 R* and eliminated", []int{5}, both, 3, "destroyed", 1},
	})
}

// 000 30.2: 1 permanent (combat loss), 2-4 still straggling, 5-6 restored.
func TestLRTGP1Stragglers(t *testing.T) {
	want := []string{"permanent", "still-straggling", "still-straggling", "still-straggling", "returns", "returns"}
	var cases []rollCase
	for face := 1; face <= 6; face++ {
		cases = append(cases, rollCase{fmt.Sprint(face), []int{face}, nil, face, want[face-1], 0})
	}
	checkRolls(t, "lrtg.stragglers", cases)
}

// 000 31.4: 2-3 debilitated, 4-5 impacted, 6+ no effect; +1 after two
// consecutive natural 2-3 results (until a No effect), +1 after July 1; both add up.
func TestLRTGP1JacksonRelapse(t *testing.T) {
	streak := map[string]int{"two_turns_debilitated": 1}
	july := map[string]int{"after_july_1": 1}
	both := map[string]int{"two_turns_debilitated": 1, "after_july_1": 1}
	cases := []rollCase{
		{"2", []int{1, 1}, nil, 2, "debilitated", 0},
		{"3", []int{1, 2}, nil, 3, "debilitated", 0},
		{"4", []int{2, 2}, nil, 4, "impacted", 0},
		{"5", []int{1, 4}, nil, 5, "impacted", 0},
		{"6", []int{3, 3}, nil, 6, "no-effect", 0},
		{"3 after two 2-3s", []int{2, 1}, streak, 4, "impacted", 0},
		{"2 after two 2-3s", []int{1, 1}, streak, 3, "debilitated", 0},
		{"5 after July 1", []int{2, 3}, july, 6, "no-effect", 0},
		{"4 after July 1", []int{1, 3}, july, 5, "impacted", 0},
		{"2 with both", []int{1, 1}, both, 4, "impacted", 0},
		{"4 with both", []int{2, 2}, both, 6, "no-effect", 0},
		{"12 with both", []int{6, 6}, both, 14, "no-effect", 0},
	}
	for total := 7; total <= 12; total++ {
		cases = append(cases, rollCase{fmt.Sprint(total), []int{6, total - 6}, nil, total, "no-effect", 0})
	}
	checkRolls(t, "lrtg.jackson-relapse", cases)
}

// The rule summaries exist, with their phase and source.
func TestLRTGP1Rules(t *testing.T) {
	lib := library(t)
	for _, key := range []string{"lrtg:3.1", "lrtg:3.2", "lrtg:3.3", "lrtg:3.4", "lrtg:6.2", "lrtg:9.2", "lrtg:10.1", "lrtg:13.7", "lrtg:13.8 Depot Destruction", "lrtg:29.0", "lrtg:30.0", "lrtg:31.4"} {
		rs := lib.Rule(key)
		if len(rs) != 1 {
			t.Errorf("%s: %d rule summaries", key, len(rs))
			continue
		}
		r := rs[0]
		if r.Summary == "" || r.Phase == "" || !strings.Contains(r.Source, "000") {
			t.Errorf("%s: %+v", key, r)
		}
	}
	// Every p1 table names its source and says when it is rolled.
	for _, id := range []string{"lrtg.harpers-ferry-surrender", "lrtg.vicksburg-surrenders", "lrtg.draft-riots", "lrtg.baltimore-dc-release", "lrtg.west-virginia-reinforcement", "lrtg.pa-militia-reinforcement", "lrtg.fort-class-baltimore", "lrtg.fort-class-dc-alexandria", "lrtg.activate-army-leader", "lrtg.depot-destruction", "lrtg.rr-station-repair", "lrtg.captured-artillery", "lrtg.stragglers", "lrtg.jackson-relapse"} {
		tb := table(t, id)
		if tb.Game != lrtg.LRTG || !strings.Contains(tb.Source, "000") || tb.Notes == "" {
			t.Errorf("%s: game %s, source %q, notes %q", id, tb.Game, tb.Source, tb.Notes)
		}
		for _, o := range tb.Outcomes {
			if o.Effect == "" {
				t.Errorf("%s outcome %s has no effect", id, o.ID)
			}
		}
	}
}
