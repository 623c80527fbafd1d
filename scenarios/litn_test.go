package scenarios

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// LITN (002) tables, charts and rule summaries, checked against the numbers
// of the 002 rules text. Most tables are checked exhaustively: every face
// against every value of the facts, with the expected result worked out
// from the rule's own wording.

// chartRows indexes a chart's rows by their first cell.
func litnRows(t *testing.T, c *engine.Chart) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, r := range c.Rows {
		if _, dup := out[r[0]]; dup {
			t.Errorf("%s: row %q twice", c.ID, r[0])
		}
		out[r[0]] = r
	}
	return out
}

// checkRows compares the chart with want, row by row (first cell to the
// whole row), and checks that it has no other rows.
func litnCheckRows(t *testing.T, c *engine.Chart, want [][]string) {
	t.Helper()
	if len(c.Rows) != len(want) {
		t.Errorf("%s: %d rows, want %d", c.ID, len(c.Rows), len(want))
	}
	got := litnRows(t, c)
	for _, w := range want {
		g, ok := got[w[0]]
		if !ok {
			t.Errorf("%s: no row %q", c.ID, w[0])
			continue
		}
		if strings.Join(g, "|") != strings.Join(w, "|") {
			t.Errorf("%s: row %q = %q, want %q", c.ID, w[0], g, w)
		}
	}
}

func litnSign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

// 002 5 and 5.1: Confederate rolls, 1-5 he chooses, 6 the Union; after the
// Lost Dispatch the Union rolls, 1-5 he chooses, 6 the Confederates.
func TestLITNInitiative(t *testing.T) {
	tb := table(t, "litn.initiative")
	for face := 1; face <= 6; face++ {
		for found := 0; found <= 1; found++ {
			want := map[[2]int]string{{0, 0}: "csa-chooses", {0, 1}: "usa-chooses", {1, 0}: "usa-chooses", {1, 1}: "csa-chooses"}[[2]int{found, min(face/6, 1)}]
			r := rollWith(t, tb, map[string]int{"lost_dispatch_found": found}, face)
			if r.Outcome != want || len(r.Redirects) != found {
				t.Errorf("roll %d, dispatch found %d: %s after %d redirects, want %s", face, found, r.Outcome, len(r.Redirects), want)
			}
		}
	}
}

// 002 5.1: 1 or 2 finds the dispatch; the Union then adds 1 to Command Point rolls.
func TestLITNLostDispatch(t *testing.T) {
	tb := table(t, "litn.lost-dispatch")
	for face := 1; face <= 6; face++ {
		r := rollWith(t, tb, nil, face)
		if found := face <= 2; found != (r.Outcome == "found") {
			t.Errorf("roll %d: %s", face, r.Outcome)
		}
		if face <= 2 && r.Values["union_command_point_modifier"] != 1 {
			t.Errorf("roll %d: values %v", face, r.Values)
		}
	}
	if o := tb.Outcome("found"); !strings.Contains(o.Effect, "Miles and White") || !strings.Contains(o.Effect, "initiative") {
		t.Errorf("discovery effect misses the initiative change or the release of Miles and White (15.2): %s", o.Effect)
	}
}

// 002 8.3: +1 if the enemy leader's initiative is higher, -1 if lower; leave
// if the modified roll is at most the moving leader's initiative, paying 1 MP.
func TestLITNLeaveEnemyHex(t *testing.T) {
	tb := table(t, "litn.leave-enemy-hex")
	for face := 1; face <= 6; face++ {
		for mine := 0; mine <= 6; mine++ {
			for theirs := 0; theirs <= 6; theirs++ {
				r := rollWith(t, tb, map[string]int{"moving_leader_initiative": mine, "enemy_leader_initiative": theirs}, face)
				total := face + litnSign(theirs-mine)
				want := "stays"
				if total <= mine {
					want = "leaves"
				}
				if r.Total != total || r.Outcome != want {
					t.Errorf("roll %d, initiative %d against %d: total %d %s, want %d %s", face, mine, theirs, r.Total, r.Outcome, total, want)
				}
				if (theirs != mine) != (len(r.Modifiers) == 1) {
					t.Errorf("roll %d, initiative %d against %d: modifiers %+v", face, mine, theirs, r.Modifiers)
				}
			}
		}
	}
	if r := rollWith(t, tb, map[string]int{"moving_leader_initiative": 3, "enemy_leader_initiative": 2}, 1); r.Total != 0 || r.Outcome != "leaves" || r.Values["extra_movement_points"] != 1 {
		t.Errorf("a 1 with the -1: %+v", r)
	}
	// Example worked by hand: initiative 2 against an enemy 3, a roll of 2 becomes 3 > 2.
	r := rollWith(t, tb, map[string]int{"moving_leader_initiative": 2, "enemy_leader_initiative": 3}, 2)
	if r.Total != 3 || r.Outcome != "stays" || len(r.Redirects) != 1 || !strings.Contains(r.Modifiers[0].Reason, "higher") {
		t.Errorf("2 against a better enemy: %+v", r)
	}
}

// 002 8.5: reaction succeeds if the roll is at most the leader's initiative.
func TestLITNReaction(t *testing.T) {
	tb := table(t, "litn.reaction")
	for face := 1; face <= 6; face++ {
		for ini := 0; ini <= 6; ini++ {
			r := rollWith(t, tb, map[string]int{"leader_initiative": ini}, face)
			want := "no-reaction"
			if face <= ini {
				want = "reacts"
			}
			if r.Outcome != want {
				t.Errorf("roll %d, initiative %d: %s", face, ini, r.Outcome)
			}
		}
	}
	if v := tb.Outcome("reacts").Values["movement_allowance_percent"]; v != 50 {
		t.Errorf("reaction moves %d%% of the basic allowance, want 50", v)
	}
}

// 002 8.6: 1-4 no loss, 5-6 lose 10% rounded up.
func TestLITNForceMarchLosses(t *testing.T) {
	tb := table(t, "litn.force-march-losses")
	for face := 1; face <= 6; face++ {
		r := rollWith(t, tb, nil, face)
		want := 0
		if face >= 5 {
			want = 10
		}
		if r.Values["strength_loss_percent"] != want {
			t.Errorf("roll %d: %v", face, r.Values)
		}
	}
	if !strings.Contains(tb.Outcome("loses-tenth").Effect, "rounded up") {
		t.Error("the 10% loss must say it rounds up")
	}
}

// 002 10.2 and the Optional Charts: 5-6 deplete with Pitched Battle, 6 otherwise.
func TestLITNWagonDepletion(t *testing.T) {
	tb := table(t, "litn.wagon-depletion")
	for face := 1; face <= 6; face++ {
		for pb := 0; pb <= 1; pb++ {
			r := rollWith(t, tb, map[string]int{"pitched_battle": pb}, face)
			depleted := face == 6 || (face == 5 && pb == 1)
			if depleted != (r.Outcome == "depleted") {
				t.Errorf("roll %d, pitched battle %d: %s", face, pb, r.Outcome)
			}
		}
	}
}

// 002 10.6 and the Optional Charts' Demoralization Table.
func TestLITNDemoralization(t *testing.T) {
	tb := table(t, "litn.demoralization")
	for face := 1; face <= 6; face++ {
		for tenths := 0; tenths <= 10; tenths++ {
			for rating := 1; rating <= 4; rating++ {
				for bits := 0; bits < 8; bits++ {
					def, ent, began := bits&1, bits>>1&1, bits>>2&1
					total := face + tenths + began
					if rating == 4 {
						total++
					}
					if rating == 1 {
						total--
					}
					if def == 1 && ent == 1 {
						total--
					}
					r := rollWith(t, tb, map[string]int{"tenths_lost": tenths, "leader_command_rating": rating, "defending": def, "units_entrenched": ent, "began_demoralized": began}, face)
					want := "holds"
					if total >= 6 {
						want = "demoralized"
					}
					if r.Total != total || r.Outcome != want {
						t.Errorf("roll %d tenths %d rating %d def %d ent %d began %d: %d %s, want %d %s", face, tenths, rating, def, ent, began, r.Total, r.Outcome, total, want)
					}
				}
			}
		}
	}
	// 10.6: "if the player has lost 29%, add 2"; the attacker's entrenchment does not count.
	r := rollWith(t, tb, map[string]int{"tenths_lost": 2, "leader_command_rating": 2, "units_entrenched": 1}, 3)
	if r.Total != 5 || r.Outcome != "holds" || len(r.Modifiers) != 1 || r.Modifiers[0].Value != 2 {
		t.Errorf("attacker, 2 tenths lost, entrenched: %+v", r)
	}
	if lo, hi := tb.PossibleTotals(); lo != -1 || hi != 18 {
		t.Errorf("totals %d to %d, want -1 to 18", lo, hi)
	}
}

// 002 12 and the Optional Charts' Recovery: roll at most initiative + 1.
func TestLITNMoraleRecovery(t *testing.T) {
	tb := table(t, "litn.morale-recovery")
	for face := 1; face <= 6; face++ {
		for ini := 0; ini <= 6; ini++ {
			r := rollWith(t, tb, map[string]int{"leader_initiative": ini}, face)
			if (face <= ini+1) != (r.Outcome == "recovers") {
				t.Errorf("roll %d, initiative %d: %s", face, ini, r.Outcome)
			}
		}
	}
}

// 002 14.2: surprise if the roll is less than (not equal to) the initiative.
func TestLITNSurpriseAttack(t *testing.T) {
	tb := table(t, "litn.surprise-attack")
	for face := 1; face <= 6; face++ {
		for ini := 0; ini <= 6; ini++ {
			r := rollWith(t, tb, map[string]int{"leader_initiative": ini}, face)
			if (face < ini) != (r.Outcome == "surprise") {
				t.Errorf("roll %d, initiative %d: %s", face, ini, r.Outcome)
			}
		}
	}
	if r := rollWith(t, tb, map[string]int{"leader_initiative": 3}, 3); r.Outcome != "no-surprise" {
		t.Errorf("a roll equal to the initiative must fail: %s", r.Outcome)
	}
}

// 002 14.3: 5 or 6 kills a combat or corps leader; others are never casualties.
func TestLITNLeaderCasualty(t *testing.T) {
	tb := table(t, "litn.leader-casualty")
	kinds := tb.Fact("leader_kind").Values
	for face := 1; face <= 6; face++ {
		for k, kind := range kinds {
			r := rollWith(t, tb, map[string]int{"leader_kind": k}, face)
			want := "survives"
			switch {
			case face >= 5 && kind == "combat-or-corps-leader":
				want = "killed"
			case face >= 5:
				want = "never-a-casualty"
			}
			if r.Outcome != want {
				t.Errorf("roll %d, %s: %s, want %s", face, kind, r.Outcome, want)
			}
		}
	}
}

// 002 14.1: -1 for a combat bonus of 2 or 3; 1-2 Pitched Battle (0 too),
// 3-4 Stand, 5-6 Withdraw; roll again for a forbidden option.
func TestLITNSolitaireDefenderOption(t *testing.T) {
	tb := table(t, "litn.solitaire-defender-option")
	for face := 1; face <= 6; face++ {
		for bonus := 0; bonus <= 3; bonus++ {
			for bits := 0; bits < 8; bits++ {
				unsup, demor, noWd := bits&1, bits>>1&1, bits>>2&1
				total := face
				if bonus == 2 || bonus == 3 {
					total--
				}
				var want string
				switch {
				case total <= 2 && (unsup == 1 || demor == 1):
					want = "roll-again"
				case total <= 2:
					want = "pitched-battle"
				case total <= 4:
					want = "stand"
				case noWd == 1:
					want = "roll-again"
				default:
					want = "withdraw"
				}
				r := rollWith(t, tb, map[string]int{"defender_combat_bonus": bonus, "defender_unsupplied": unsup, "defender_demoralized": demor, "withdraw_forbidden": noWd}, face)
				if r.Total != total || r.Outcome != want {
					t.Errorf("roll %d bonus %d unsupplied %d demoralized %d no-withdraw %d: %d %s, want %d %s", face, bonus, unsup, demor, noWd, r.Total, r.Outcome, total, want)
				}
			}
		}
	}
	// The printed case: an unsupplied defender rolling Pitched Battle rolls again.
	r := rollWith(t, tb, map[string]int{"defender_unsupplied": 1}, 2)
	if r.Printed != "pitched-battle" || r.Outcome != "roll-again" || !strings.Contains(r.Redirects[0].Reason, "unsupplied") {
		t.Errorf("unsupplied Pitched Battle: %+v", r)
	}
}

// 002 15.6 Variable Entry: turns 3-4 need 1-2, 5-6 1-3, 7-8 1-4, 9+ 1-5.
func TestLITNVariableEntry(t *testing.T) {
	tb := table(t, "litn.variable-entry")
	need := func(turn int) int {
		switch {
		case turn <= 4:
			return 2
		case turn <= 6:
			return 3
		case turn <= 8:
			return 4
		}
		return 5
	}
	for turn := 3; turn <= 14; turn++ {
		for face := 1; face <= 6; face++ {
			r := rollWith(t, tb, map[string]int{"turn": turn}, face)
			if (face <= need(turn)) != (r.Outcome == "enters") {
				t.Errorf("turn %d, roll %d: %s", turn, face, r.Outcome)
			}
		}
	}
}

// 002 15.6 Hooker Dissatisfaction: die + box, 6 or more and Meade takes over.
func TestLITNHookerDissatisfaction(t *testing.T) {
	tb := table(t, "litn.hooker-dissatisfaction")
	for box := 1; box <= 16; box++ {
		for face := 1; face <= 6; face++ {
			r := rollWith(t, tb, map[string]int{"dissatisfaction_box": box}, face)
			if r.Total != face+box || (face+box >= 6) != (r.Outcome == "meade-replaces-hooker") {
				t.Errorf("box %d, roll %d: %d %s", box, face, r.Total, r.Outcome)
			}
		}
	}
	if f := tb.Fact("dissatisfaction_box"); f.Min != 1 {
		t.Errorf("the marker starts in box 1 and goes no lower; min %d", f.Min)
	}
}

// 002 15.4: 1-4 reorganized, 5-6 still disorganized.
func TestLITNUnionReorganization(t *testing.T) {
	tb := table(t, "litn.union-reorganization")
	for face := 1; face <= 6; face++ {
		if r := rollWith(t, tb, nil, face); (face <= 4) != (r.Outcome == "reorganized") {
			t.Errorf("roll %d: %s", face, r.Outcome)
		}
	}
}

// 002 7.1: CPs over command rating, capped at the full allowance; 0 CPs, no move.
func TestLITNMovementAllowanceFraction(t *testing.T) {
	c := chart(t, "litn.movement-allowance-fraction")
	if len(c.Rows) != 6 || len(c.Columns) != 6 {
		t.Fatalf("%d rows, %d columns", len(c.Rows), len(c.Columns))
	}
	for i, row := range c.Rows {
		cp := i // rows 0..4, then "5 or more"
		for rating := 1; rating <= 5; rating++ {
			if c.Columns[rating] != fmt.Sprintf("Command rating %d", rating) {
				t.Fatalf("column %d is %q", rating, c.Columns[rating])
			}
			var want string
			switch {
			case cp == 0:
				want = "none"
			case cp >= rating:
				want = "full"
			default:
				g := litnGCD(cp, rating)
				want = fmt.Sprintf("%d/%d", cp/g, rating/g)
			}
			if row[rating] != want {
				t.Errorf("%s CPs, rating %d: %q, want %q", row[0], rating, row[rating], want)
			}
		}
	}
	rows := litnRows(t, c)
	// 7.1's examples: rating 4 with 2 CPs is 50%; Lawton (rating 3, 1 CP) uses 1/3;
	// Lee and Jackson (rating 1, 1 CP) use their full allowances.
	if rows["2"][4] != "1/2" || rows["1"][3] != "1/3" || rows["1"][1] != "full" {
		t.Errorf("7.1 examples: %q %q %q", rows["2"][4], rows["1"][3], rows["1"][1])
	}
	if !strings.Contains(c.Notes, "more than 6 hexes") || !strings.Contains(c.Notes, "never more than 6") {
		t.Errorf("notes miss the minimum allowance or the wagon limit: %s", c.Notes)
	}
}

func litnGCD(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// 002 6.3.
func TestLITNDetachmentLimits(t *testing.T) {
	litnCheckRows(t, chart(t, "litn.detachment-limits"), [][]string{
		{"Units contributing strength to one detachment", "1"},
		{"Largest share of the detaching unit's current strength", "1/3"},
		{"Troop types in one detachment", "1 (infantry, cavalry or artillery)"},
		{"Movement points the new detachment pays when created", "1"},
		{"Movement points the detaching unit pays", "0"},
		{"Movement points a leader pays to reattach a detachment", "1"},
		{"Strength a leader may hold after reattaching", "his strength at the start of the game; the excess is lost"},
		{"Militia units forming detachments", "not allowed"},
	})
}

// 002 8.2.
func TestLITNStackingReductions(t *testing.T) {
	litnCheckRows(t, chart(t, "litn.stacking-reductions"), [][]string{
		{"A force moving together", "-1 MP for each corps after the first", "-1 MP for each division after the second"},
		{"25 or more strength points of cavalry", "counts as one corps", "counts as one division"},
		{"25 or more strength points of detachments", "counts as one corps", "counts as one division"},
		{"The Union artillery unit", "counts as one corps", "-"},
		{"Militia units", "every three count as one corps (fractions ignored)", "-"},
		{"Units that began the phase in the hex and left it earlier", "-1 MP for each Union corps that left ahead", "-1 MP for each Confederate division that left ahead"},
		{"Lowest allowance after reductions", "1 MP", "1 MP"},
		{"Units never reduced", "wagons, non-combat leaders", "wagons, non-combat leaders"},
	})
}

// 002 6.3, 8.3, 8.4, 8.7, 8.9, 10.6: the costs the rules text states.
func TestLITNMovementExtraCosts(t *testing.T) {
	c := chart(t, "litn.movement-extra-costs")
	if len(c.Rows) != 18 {
		t.Errorf("%d rows, want 18", len(c.Rows))
	}
	want := map[string][2]string{
		"Enter a hex with an enemy combat unit (the move then ends)":                       {"+1", "8.3"},
		"Enter a frontal hex of a Confederate cavalry unit (Union units)":                  {"+2", "8.4"},
		"Enter a Confederate cavalry ZOC hex two hexes away (Union units)":                 {"+1", "8.4"},
		"Enter a hex in a Union cavalry ZOC (Confederate units)":                           {"+1", "8.4"},
		"Destroy a rail bridge across the Potomac (from an adjoining hex; force of 5+ SP)": {"4", "8.7"},
		"Destroy any other bridge (from an adjoining hex; force of 5+ SP)":                 {"3", "8.7"},
		"Destroy a bridge with an enemy combat unit adjoining it":                          {"+2 on either cost", "8.7"},
		"Destroy a rail line (force of 5+ SP; no enemy units in the hex)":                  {"3", "8.7"},
		"Repair a rail line (5+ infantry SP; friendly territory; no enemy in the hex)":     {"4", "8.7"},
		"Repair a bridge (5+ infantry SP, adjacent, not moving, at least 1 CP)":            {"one full Movement Phase", "8.7"},
		"Rail movement (Union only)":                                                       {"1 per 7 hexes", "8.9"},
		"Rail movement toward a Destination marker without a CP":                           {"up to 28 hexes a turn", "8.9"},
		"Create a detachment (the detachment pays)":                                        {"1", "6.3"},
		"Retreat": {"4 (more only if no path of exactly 4; ZOC costs not paid)", "10.6"},
	}
	rows := litnRows(t, c)
	for k, w := range want {
		if r, ok := rows[k]; !ok || r[1] != w[0] || r[2] != w[1] {
			t.Errorf("%q: %q, want %q", k, r, w)
		}
	}
}

// 002 15.1 town list, read through the extraction's garbles.
func TestLITNTownVP(t *testing.T) {
	c := chart(t, "litn.town-vp")
	litnCheckRows(t, c, [][]string{
		{"Washington", "3541, 3542, 3642", "5 per hex"},
		{"Fortification hexes", "each fortification hex", "2 per hex"},
		{"Baltimore", "4631", "5"},
		{"Carlisle", "3103", "2"},
		{"Chambersburg", "1910", "1"},
		{"Ellicott City", "4131", "1"},
		{"Gettysburg", "3014", "1"},
		{"Hagerstown", "1719", "1"},
		{"Hanover Junction", "4313", "1"},
		{"Harpers Ferry", "1529", "unknown (illegible in 002)"},
		{"Harrisburg", "4001", "2"},
		{"New Oxford", "3513", "1"},
		{"Rockville", "3035", "1"},
		{"York", "4410", "1"},
		{"York Haven", "4406", "1"},
	})
	// 15.7: scenario 4 starts with 5 VPs for Hagerstown, Chambersburg, Carlisle and York.
	rows := litnRows(t, c)
	sum := 0
	for _, p := range []string{"Hagerstown", "Chambersburg", "Carlisle", "York"} {
		n, err := strconv.Atoi(rows[p][2])
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		sum += n
	}
	if sum != 5 {
		t.Errorf("scenario 4's four towns are worth %d, 15.7 says 5", sum)
	}
}

// 002 10.8 and 15.1.
func TestLITNOtherVP(t *testing.T) {
	litnCheckRows(t, chart(t, "litn.other-vp"), [][]string{
		{"Major victory", "either", "5", "when won"},
		{"Minor victory", "either", "0", "when won"},
		{"Confederate infantry on the Baltimore-Harrisburg railroad", "Confederate", "2", "end of the game"},
		{"Confederate infantry on the Washington-Baltimore railroad", "Confederate", "3", "end of the game"},
		{"Harrisburg bridge (hexside 3902/4002) destroyed", "Confederate", "2", "end of the game"},
	})
}

// levelOf reads a victory level chart: "13 or more", "10-12", "9", "4 or fewer".
func litnLevelOf(t *testing.T, c *engine.Chart, vp int) []string {
	t.Helper()
	var hits []string
	for _, r := range c.Rows {
		lo, hi := -1000, 1000
		s := r[0]
		switch {
		case strings.HasSuffix(s, " or more"):
			lo, _ = strconv.Atoi(strings.TrimSuffix(s, " or more"))
		case strings.HasSuffix(s, " or fewer"):
			hi, _ = strconv.Atoi(strings.TrimSuffix(s, " or fewer"))
		case strings.Contains(s, "-"):
			a, b, _ := strings.Cut(s, "-")
			lo, _ = strconv.Atoi(a)
			hi, _ = strconv.Atoi(b)
		default:
			lo, _ = strconv.Atoi(s)
			hi = lo
		}
		if vp >= lo && vp <= hi {
			hits = append(hits, r[1])
		}
	}
	return hits
}

// 002 15.2 and 15.5 victory point requirements; 1863's 11 is read as Union tactical.
func TestLITNVictoryLevels(t *testing.T) {
	c62 := chart(t, "litn.victory-levels-1862")
	c63 := chart(t, "litn.victory-levels-1863")
	want62 := map[int]string{14: "Confederate strategic victory", 13: "Confederate strategic victory", 12: "Confederate operational victory",
		10: "Confederate operational victory", 9: "Confederate tactical victory", 8: "Union tactical victory", 7: "Union operational victory",
		5: "Union operational victory", 4: "Union strategic victory", -3: "Union strategic victory"}
	want63 := map[int]string{20: "Confederate strategic victory", 16: "Confederate strategic victory", 15: "Confederate operational victory",
		14: "Confederate operational victory", 13: "Confederate tactical victory", 12: "Union tactical victory", 11: "Union tactical victory",
		10: "Union operational victory", 9: "Union operational victory", 8: "Union strategic victory", 0: "Union strategic victory"}
	for _, c := range []struct {
		ch   *engine.Chart
		want map[int]string
	}{{c62, want62}, {c63, want63}} {
		for vp := -5; vp <= 25; vp++ {
			hits := litnLevelOf(t, c.ch, vp)
			if len(hits) != 1 {
				t.Errorf("%s: %d VP matches %q", c.ch.ID, vp, hits)
				continue
			}
			if w, ok := c.want[vp]; ok && hits[0] != w {
				t.Errorf("%s: %d VP is %s, want %s", c.ch.ID, vp, hits[0], w)
			}
		}
	}
	// The printed text is kept beside the reading.
	for _, r := range c63.Rows {
		if r[1] == "Union operational victory" && (r[0] != "9-10" || r[2] != "9-11") {
			t.Errorf("1863 Union operational row %q", r)
		}
	}
	for _, r := range c62.Rows {
		if r[0] != r[2] {
			t.Errorf("1862 row %q differs from print", r)
		}
	}
}

// 002 4.2.
func TestLITNMilitiaEligibility(t *testing.T) {
	rows := litnRows(t, chart(t, "litn.militia-eligibility"))
	if rows["Net Confederate VPs that start the militia rolls"][1] != "5 or more" ||
		rows["Confederate combat unit distance from Harrisburg (hex 4001) that starts them"][1] != "within 15 hexes" ||
		rows["Militia cannot appear when"][1] != "Harrisburg is Confederate-controlled" ||
		rows["Where militia appear"][1] != "Harrisburg (hex 4001)" || len(rows) != 5 {
		t.Errorf("militia eligibility: %q", rows)
	}
}

// 002 15.2 and 3.1 A III; 4.1 and the scenarios' wagon turns.
func TestLITNReplacementsAndWagons(t *testing.T) {
	litnCheckRows(t, chart(t, "litn.replacements"), [][]string{{"1-4", "0"}, {"Odd turns from 5", "1"}, {"Even turns from 6", "2"}})
	litnCheckRows(t, chart(t, "litn.replacement-costs"), [][]string{{"Infantry", "1"}, {"Cavalry", "2"}})
	litnCheckRows(t, chart(t, "litn.confederate-wagons"), [][]string{
		{"1 Frederick to Antietam", "6", "every third turn"},
		{"2 The Maryland Campaign", "3", "every third turn"},
		{"3 The Pennsylvania Campaign", "5", "every third turn"},
		{"4 Collision at Gettysburg", "3", "every third turn"},
	})
	if c := chart(t, "litn.confederate-wagons"); !strings.Contains(c.Notes, "six") {
		t.Errorf("the six-wagon limit is missing: %s", c.Notes)
	}
}

// 002 10.2-10.8, 13.
func TestLITNCombatNumbers(t *testing.T) {
	c := chart(t, "litn.combat-numbers")
	if len(c.Rows) != 17 {
		t.Errorf("%d rows, want 17", len(c.Rows))
	}
	rows := litnRows(t, c)
	want := map[string]string{
		"Supply from an undepleted wagon": "within 2 movement points",
		"Supply from a depot":             "within 4 movement points",
		"McClellan's command rating in combat (commitment and demoralization)": "4",
		"Strength of entrenched defending units":                               "x2",
		"Combat Results roll with Pitched Battle":                              "+1",
		"Combat Results roll with Withdrawal or Probe":                         "-1",
		"Combat Results roll for all defender's fire":                          "+1",
		"Highest Combat Results column":                                        "56 (the excess is rolled again on its own column)",
		"Losses that start demoralization checks":                              "10% of the initial committed strength",
		"Enemy strength that blocks a retreat":                                 "20% of the retreating force (10% at a bridge hexside)",
		"Washington fortification hex intrinsic strength":                      "15 at the start",
	}
	for k, v := range want {
		if rows[k] == nil || rows[k][1] != v {
			t.Errorf("%q: %q, want %q", k, rows[k], v)
		}
	}
}

// Every LITN table and chart is present, and every encoded section has its summary.
func TestLITNLibrary(t *testing.T) {
	lib := library(t)
	tables := []string{"litn.initiative", "litn.lost-dispatch", "litn.leave-enemy-hex", "litn.reaction", "litn.force-march-losses",
		"litn.wagon-depletion", "litn.demoralization", "litn.morale-recovery", "litn.surprise-attack", "litn.leader-casualty",
		"litn.solitaire-defender-option", "litn.variable-entry", "litn.hooker-dissatisfaction", "litn.union-reorganization"}
	charts := []string{"litn.movement-allowance-fraction", "litn.detachment-limits", "litn.stacking-reductions", "litn.movement-extra-costs",
		"litn.combat-numbers", "litn.town-vp", "litn.other-vp", "litn.victory-levels-1862", "litn.victory-levels-1863",
		"litn.militia-eligibility", "litn.replacements", "litn.replacement-costs", "litn.confederate-wagons"}
	for _, id := range tables {
		tb := lib.Table(id)
		if tb == nil {
			t.Errorf("no table %s", id)
			continue
		}
		if tb.Game != litn.ID || !strings.HasPrefix(tb.Source, "002 ") || tb.Notes == "" {
			t.Errorf("%s: game %s, source %q, notes %q", id, tb.Game, tb.Source, tb.Notes)
		}
		for _, o := range tb.Outcomes {
			if o.Effect == "" {
				t.Errorf("%s: outcome %s has no effect", id, o.ID)
			}
		}
	}
	for _, id := range charts {
		c := lib.Chart(id)
		if c == nil {
			t.Errorf("no chart %s", id)
			continue
		}
		if c.Game != litn.ID || !strings.HasPrefix(c.Source, "002 ") {
			t.Errorf("%s: game %s, source %q", id, c.Game, c.Source)
		}
	}
	n := 0
	for _, tb := range lib.Tables {
		if tb.Game == litn.ID {
			n++
		}
	}
	if n != len(tables) {
		t.Errorf("%d LITN tables in the library, %d checked here", n, len(tables))
	}
	for _, sec := range []string{"4.2", "5", "5.1", "6.3", "7.1", "7.2", "8.2", "8.3", "8.5", "8.6", "8.7", "10.2", "10.6", "10.7",
		"11", "12", "14.1", "14.2", "14.3", "15.1", "15.2", "15.4", "15.6"} {
		rs := lib.Rule("litn:" + sec)
		if len(rs) != 1 {
			t.Errorf("litn:%s: %d summaries", sec, len(rs))
			continue
		}
		if r := rs[0]; r.Summary == "" || r.Phase == "" || !strings.HasPrefix(r.Source, "002 ") || !strings.Contains(r.Source, sec) {
			t.Errorf("litn:%s: %+v", sec, r)
		}
	}
}
