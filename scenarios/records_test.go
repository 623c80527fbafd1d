package scenarios

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The turn record against 003's June and July 1863 turn record tables, typed
// again from the seed: the columns 3-5, 6-8, 9-11, then one a day; the
// letters R (June 6-8, 9-11), W (June 12), V and P (June 30), G (July 1-3),
// E (July 7), D (July 14), H (July 22), L (July 30).
func TestTurnRecordAgainstTheSeed(t *testing.T) {
	rec, err := TurnRecord(library(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec) != 52 {
		t.Fatalf("%d turns, want 52 (June 3 - July 30)", len(rec))
	}
	cases := []struct {
		turn  int
		date  string
		days  int
		marks string
	}{
		{1, "1863-06-03", 3, "None"},
		{2, "1863-06-06", 3, "R,None"},
		{3, "1863-06-09", 3, "R,None"},
		{4, "1863-06-12", 1, "W"},
		{5, "1863-06-13", 1, ""},
		{16, "1863-06-24", 1, ""},
		{22, "1863-06-30", 1, "V,P"},
		{23, "1863-07-01", 1, "G"},
		{25, "1863-07-03", 1, "G"},
		{29, "1863-07-07", 1, "E"},
		{36, "1863-07-14", 1, "D"},
		{44, "1863-07-22", 1, "H"},
		{52, "1863-07-30", 1, "L"},
	}
	for _, c := range cases {
		e := rec[c.turn-1]
		var marks []string
		for _, m := range e.Marks {
			marks = append(marks, m.Mark)
			if m.Meaning == "" {
				t.Errorf("turn %d: mark %s has no meaning", c.turn, m.Mark)
			}
		}
		if e.Turn != c.turn || e.Date.Format(time.DateOnly) != c.date || e.Days != c.days || strings.Join(marks, ",") != c.marks {
			t.Errorf("turn %d: %d %s %d days %v, want %s %d days %s", c.turn, e.Turn, e.Date.Format(time.DateOnly), e.Days, marks, c.date, c.days, c.marks)
		}
	}
	if m := rec[1].Marks[0].Meaning; !strings.Contains(m, "Pickett") {
		t.Errorf("R on turn 2 means %q", m)
	}
}

// The engine's calendar ends each scenario on the catalogue's last day:
// High Tide "at the end of the July 7 turn" (000 VIII 1) 8)), the Gettysburg
// Campaign "at the end of the July 30 turn" (000 VIII 2)).
func TestScenarioLastTurns(t *testing.T) {
	cat, err := Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"lrtg-high-tide": 29, "lrtg-gettysburg-campaign": 52}
	n := 0
	for _, s := range cat {
		if s.Game != lrtg.LRTG {
			continue
		}
		n++
		g := lrtg.Ruleset().Bare(engine.GameOptions{Scenario: s.ID})
		last := g.LastTurn()
		if last != want[s.ID] {
			t.Errorf("%s: last turn %d, want %d", s.ID, last, want[s.ID])
		}
		if d, ok := g.TurnDate(last); !ok || !d.Equal(s.End) {
			t.Errorf("%s: last turn on %v, the catalogue ends on %v", s.ID, d, s.End)
		}
		if d, _ := g.TurnDate(1); !d.Equal(s.Start) {
			t.Errorf("%s: turn 1 on %v, the catalogue starts on %v", s.ID, d, s.Start)
		}
		if _, ok := g.TurnDate(last + 1); ok {
			t.Errorf("%s: a turn after the last has a date", s.ID)
		}
		if lrtg.Of(g).DaysLeft(last) != 0 {
			t.Errorf("%s: %d days left after the last turn", s.ID, lrtg.Of(g).DaysLeft(last))
		}
	}
	if n != len(want) {
		t.Errorf("%d LRTG scenarios, want %d", n, len(want))
	}
	g := lrtg.Ruleset().Bare(engine.GameOptions{Scenario: "lrtg-high-tide"})
	for day, turn := range map[string]int{"1863-06-03": 1, "1863-06-05": 1, "1863-06-06": 2, "1863-06-11": 3, "1863-06-12": 4, "1863-07-04": 26, "1863-07-07": 29} {
		d, _ := time.Parse(time.DateOnly, day)
		if got, ok := lrtg.Of(g).TurnOn(d); !ok || got != turn {
			t.Errorf("TurnOn(%s) = %d, %v; want %d", day, got, ok, turn)
		}
	}
	if _, ok := lrtg.Of(g).TurnOn(time.Date(1863, time.July, 8, 0, 0, 0, 0, time.UTC)); ok {
		t.Error("July 8 is after High Tide")
	}
	if got := g.TurnLabel(1); got != "June 3-5, 1863" {
		t.Errorf("turn 1 label %q", got)
	}
	if got := lrtg.Of(g).DaysLeft(1); got != 32 {
		t.Errorf("days left after June 3-5: %d, want 32 (June 6 - July 7)", got)
	}
}

// The engine's morale thresholds and awards are the morale chart's.
func TestMoraleConstantsAreTheChart(t *testing.T) {
	c := chart(t, "lrtg.army-morale-levels")
	want := map[string][3]int{
		"Disorder": {lrtg.MoraleDisorder, lrtg.DisorderVP, lrtg.DisorderPastVP},
		"Panic":    {lrtg.MoralePanic, lrtg.PanicVP, lrtg.PanicPastVP},
		"Flight":   {lrtg.MoraleFlight, 0, 0},
	}
	for _, row := range c.Rows {
		w, ok := want[row[0]]
		if !ok {
			continue
		}
		delete(want, row[0])
		from, _, _ := strings.Cut(strings.TrimSuffix(row[1], "+"), "-")
		if n, _ := strconv.Atoi(from); n != w[0] {
			t.Errorf("%s starts at %s in the chart, %d in the engine", row[0], row[1], w[0])
		}
		if row[0] == "Flight" {
			continue
		}
		if n, _ := strconv.Atoi(row[3]); n != w[1] {
			t.Errorf("%s in effect: chart %s, engine %d", row[0], row[3], w[1])
		}
		if n, _ := strconv.Atoi(row[4]); n != w[2] {
			t.Errorf("%s over: chart %s, engine %d", row[0], row[4], w[2])
		}
	}
	if len(want) > 0 {
		t.Errorf("the chart lacks %v", want)
	}
}

// The supply tracks chart and the engine's bounds agree, and the Army
// Morale column of the Simplified Supply effects is what the engine adds.
func TestSupplyTracksAreTheChart(t *testing.T) {
	c := chart(t, "lrtg.supply-tracks")
	if len(c.Rows) != 4 {
		t.Fatalf("%d rows", len(c.Rows))
	}
	for _, row := range c.Rows {
		rule := "normal"
		if row[0] == "Simplified" {
			rule = "simplified"
		}
		side := engine.USA
		if row[1] == "Confederate" {
			side = engine.CSA
		}
		g := engine.GameState{Options: engine.GameOptions{Supply: rule}}
		lo, _ := strconv.Atoi(row[3])
		hi, _ := strconv.Atoi(row[4])
		start, _ := strconv.Atoi(row[5])
		if lo != lrtg.SupplyMin(rule) || hi != lrtg.SupplyMax(side) {
			t.Errorf("%v: chart %d..%d, engine %d..%d", row[:2], lo, hi, lrtg.SupplyMin(rule), lrtg.SupplyMax(side))
		}
		got := lrtg.Of(g).SupplyLevel(side)
		if rule == "normal" {
			got = lrtg.Of(g).Victuals(engine.UnitState{ID: "x", Side: side})
		}
		if got != start {
			t.Errorf("%v: starts at %d, chart %d", row[:2], got, start)
		}
	}
	// lrtg.simplified-supply-effects: level -> army morale.
	effects := chart(t, "lrtg.simplified-supply-effects")
	for _, row := range effects.Rows {
		levels := []int{}
		if lo, hi, ok := strings.Cut(row[0], "-"); ok && lo != "" {
			a, _ := strconv.Atoi(lo)
			b, _ := strconv.Atoi(hi)
			for l := a; l <= b; l++ {
				levels = append(levels, l)
			}
		} else {
			l, _ := strconv.Atoi(row[0])
			levels = append(levels, l)
		}
		want := 0
		if row[1] != "-" {
			want, _ = strconv.Atoi(strings.TrimPrefix(row[1], "+"))
		}
		for _, l := range levels {
			g := lrtg.Game{GameState: engine.GameState{Options: engine.GameOptions{Supply: "simplified"}},
				State: lrtg.State{Records: lrtg.RecordsState{Track: map[engine.Side]int{engine.CSA: l}}}}
			if got := g.ArmyMorale(engine.CSA, nil).Level; got != want {
				t.Errorf("supply level %d: morale %d, chart %s", l, got, row[1])
			}
		}
	}
}

// The days left after a LITN turn count every day of the turns to come,
// two a turn (002 2.3: "each turn 2 days"): 14 more turns are 28 days,
// and none are left after the last (issue 22: "14 more turns, 27 days").
func TestLITNDaysLeftCountTwoDayTurns(t *testing.T) {
	for _, id := range []string{"litn-1-frederick-to-antietam", "litn-2-maryland-campaign", "litn-3-pennsylvania-campaign", "litn-4-collision-at-gettysburg"} {
		g := litn.Ruleset().Bare(engine.GameOptions{Scenario: id})
		last := g.LastTurn()
		if last == 0 {
			t.Fatalf("%s: no turn record", id)
		}
		for turn := 1; turn <= last; turn++ {
			want := 0
			for later := turn + 1; later <= last; later++ {
				if g.TurnDays(later) != 2 {
					t.Fatalf("%s turn %d lasts %d days, want 2 (002 2.3)", id, later, g.TurnDays(later))
				}
				want += g.TurnDays(later)
			}
			if got := lrtg.Of(g).DaysLeft(turn); got != want {
				t.Errorf("%s: after turn %d, %d days left; want %d (%d turns of 2 days)", id, turn, got, want, last-turn)
			}
		}
	}
}
