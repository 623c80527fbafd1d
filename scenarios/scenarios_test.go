package scenarios

import (
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

func TestCatalogueMatchesTheSeeds(t *testing.T) {
	all, err := Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]engine.Scenario{}
	for _, s := range all {
		byID[s.ID] = s
	}
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	cases := []struct {
		id         string
		game       engine.Game
		start, end string
		turns      int
	}{
		// 000 VIII: June 3, 1863 to the July 7 / July 30 turn.
		{"lrtg-high-tide", lrtg.LRTG, "1863-06-03", "1863-07-07", 0},
		{"lrtg-gettysburg-campaign", lrtg.LRTG, "1863-06-03", "1863-07-30", 0},
		// 004 turn record: Aug 19 - Oct 10 (the 54 turns of the turn record).
		{"lrta-campaign", lrtg.LRTA, "1862-08-19", "1862-10-10", 54},
		// 002 15.3-15.7: "Scenario Length" of each.
		{"litn-1-frederick-to-antietam", litn.ID, "1862-09-09", "1862-10-05", 13},
		{"litn-2-maryland-campaign", litn.ID, "1862-09-03", "1862-10-05", 16},
		{"litn-3-pennsylvania-campaign", litn.ID, "1863-06-17", "1863-07-13", 14},
		{"litn-4-collision-at-gettysburg", litn.ID, "1863-06-28", "1863-07-14", 9},
	}
	if len(all) != len(cases) {
		t.Errorf("%d scenarios, want %d", len(all), len(cases))
	}
	for _, c := range cases {
		s, ok := byID[c.id]
		if !ok {
			t.Errorf("no scenario %s", c.id)
			continue
		}
		if s.Game != c.game || !s.Start.Equal(day(c.start)) || !s.End.Equal(day(c.end)) || s.Turns() != c.turns {
			t.Errorf("%s = %+v (turns %d)", c.id, s, s.Turns())
		}
	}
	// LRTA's 54 turns span 53 calendar days: 004's turn record prints a
	// "Sept 31" as turn 44.
	lrta := byID["lrta-campaign"]
	if days := int(lrta.End.Sub(lrta.Start).Hours()/24) + 1; days != 53 || lrta.Turns() != 54 {
		t.Errorf("LRTA spans %d days in %d turns, want 53 days in 54 turns", days, lrta.Turns())
	}
}

func TestCatalogueRefusesBadData(t *testing.T) {
	cases := map[string]string{
		"unknown game":  "scenarios:\n  - {id: x, game: chess, title: X, start: 1863-06-03, end: 1863-06-04, source: s}\n",
		"duplicate id":  "scenarios:\n  - {id: x, game: lrtg, title: X, start: 1863-06-03, end: 1863-06-04, source: s}\n  - {id: x, game: lrtg, title: X, start: 1863-06-03, end: 1863-06-04, source: s}\n",
		"bad date":      "scenarios:\n  - {id: x, game: lrtg, title: X, start: June 3, end: 1863-06-04, source: s}\n",
		"backwards":     "scenarios:\n  - {id: x, game: lrtg, title: X, start: 1863-06-05, end: 1863-06-04, source: s}\n",
		"no source":     "scenarios:\n  - {id: x, game: lrtg, title: X, start: 1863-06-03, end: 1863-06-04}\n",
		"unknown field": "scenarios:\n  - {id: x, game: lrtg, title: X, start: 1863-06-03, end: 1863-06-04, source: s, turns: 3}\n",
		"half turns":    "scenarios:\n  - {id: x, game: litn, title: X, start: 1863-06-03, end: 1863-06-04, source: s, first_turn: 2}\n",
	}
	for name, doc := range cases {
		if _, err := parseCatalogue([]byte(doc)); err == nil || !strings.Contains(err.Error(), "scenarios: catalogue") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}
