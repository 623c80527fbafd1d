package scenarios

import (
	"math"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func TestLibraryLoads(t *testing.T) {
	lib := library(t)
	if len(lib.Tables) == 0 || len(lib.Rules) == 0 {
		t.Fatalf("%d tables, %d rules", len(lib.Tables), len(lib.Rules))
	}
	for _, tb := range lib.Tables {
		if !strings.HasPrefix(tb.ID, string(tb.Game)+".") {
			t.Errorf("table %s: id does not start with its game %s", tb.ID, tb.Game)
		}
		for _, o := range tb.Outcomes {
			if o.Effect == "" {
				t.Errorf("table %s: outcome %s says nothing of what it does", tb.ID, o.ID)
			}
		}
	}
	for _, c := range lib.Charts {
		if !strings.HasPrefix(c.ID, string(c.Game)+".") {
			t.Errorf("chart %s: id does not start with its game %s", c.ID, c.Game)
		}
	}
}

// dieSides lists the dice a roll of the table uses, in rolling order.
func dieSides(tb *engine.Table) []int {
	var one []int
	for _, term := range tb.Dice.Terms {
		for i := 0; i < term.Count && term.IsDice(); i++ {
			one = append(one, term.Sides)
		}
	}
	if len(tb.Sides) == 0 {
		return one
	}
	var all []int
	for range tb.Sides {
		all = append(all, one...)
	}
	return all
}

// baseFacts gives every fact its lowest value (no, 0, the first enum).
func baseFacts(tb *engine.Table) engine.Facts {
	return facts(tb, nil)
}

// exact enumerates every combination of faces and returns each outcome's
// probability.
func exact(t *testing.T, tb *engine.Table, f engine.Facts) map[string]float64 {
	sides := dieSides(tb)
	combos := 1
	for _, s := range sides {
		combos *= s
	}
	faces := make([]int, len(sides))
	for i := range faces {
		faces[i] = 1
	}
	p := map[string]float64{}
	for n := 0; n < combos; n++ {
		r, err := tb.Roll(engine.Script(append([]int(nil), faces...)...), f)
		if err != nil {
			t.Fatalf("%s with %v: %v", tb.ID, faces, err)
		}
		p[r.Outcome] += 1 / float64(combos)
		for i := len(faces) - 1; i >= 0; i-- {
			if faces[i] < sides[i] {
				faces[i]++
				break
			}
			faces[i] = 1
		}
	}
	return p
}

// Every table's results occur with the frequencies its dice imply: the
// exact distribution (every combination of faces) against 20,000 rolls
// of the seeded dice, within five standard deviations per outcome.
func TestTableDistributions(t *testing.T) {
	for _, tb := range library(t).Tables {
		t.Run(tb.ID, func(t *testing.T) {
			combos := 1
			for _, s := range dieSides(tb) {
				combos *= s
			}
			if combos > 1<<16 {
				t.Skipf("%d combinations", combos)
			}
			f := baseFacts(tb)
			want := exact(t, tb, f)
			sum := 0.0
			for _, p := range want {
				sum += p
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("probabilities sum to %f", sum)
			}
			const n = 20000
			d := engine.NewSeededDice(1863, uint64(len(tb.ID)))
			got := map[string]int{}
			for range n {
				r, err := tb.Roll(d, f)
				if err != nil {
					t.Fatal(err)
				}
				got[r.Outcome]++
			}
			for o, p := range want {
				sd := math.Sqrt(n * p * (1 - p))
				if diff := math.Abs(float64(got[o]) - n*p); diff > 5*sd+1 {
					t.Errorf("%s: %d of %d rolls, expected %.0f ± %.0f", o, got[o], n, n*p, sd)
				}
			}
			for o := range got {
				if want[o] == 0 {
					t.Errorf("%s came up %d times but is impossible", o, got[o])
				}
			}
		})
	}
}

// The 2d6 random events with no redirect in force: the printed odds.
func TestLRTGRandomEventsOdds(t *testing.T) {
	tb := table(t, "lrtg.random-events")
	p := exact(t, tb, baseFacts(tb))
	want := map[string]float64{"rain-plus-one": 1, "rain": 2 + 3, "halleck": 4, "hooker-questioned": 5, "rear-area-paralysis": 6,
		"spy": 5, "csa-reinforcement-ammo": 4, "lee-sick": 3, "heat": 2 + 1}
	for o, n := range want {
		if math.Abs(p[o]-n/36) > 1e-9 {
			t.Errorf("%s: %.4f, want %g/36", o, p[o], n)
		}
	}
}

// BenchmarkLibrary measures loading and validating every rules data file
// (done once at start-up).
func BenchmarkLibrary(b *testing.B) {
	for b.Loop() {
		if _, err := Library(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomEvents measures one explained roll on the LRTG random
// events with the longest redirect chain.
func BenchmarkRandomEvents(b *testing.B) {
	lib, err := Library()
	if err != nil {
		b.Fatal(err)
	}
	tb := lib.Table("lrtg.random-events")
	f := facts(tb, map[string]int{"rain_days": 9, "rg_all_arrived": 1}) // 4: Rain → Richmond Garrison → Raspberry Raid
	d := engine.NewSeededDice(1, 2)
	for b.Loop() {
		if _, err := tb.Roll(d, f); err != nil {
			b.Fatal(err)
		}
	}
}
