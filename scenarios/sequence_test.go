package scenarios

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The LRTG sequence of play against 003's Detailed Sequence of Play: the
// steps as printed, in order, and the ones that do not happen every turn.
func TestLRTGSequenceIsTheChart(t *testing.T) {
	seqs, err := Sequences()
	if err != nil {
		t.Fatal(err)
	}
	seq := seqs[lrtg.LRTG]
	if seq == nil {
		t.Fatal("no LRTG sequence")
	}
	var ids []string
	for _, s := range seq.Steps {
		ids = append(ids, s.ID)
	}
	// 003: 1 a)-g), 2 a)-d), 3 a)-d), 4 a)-b), 5 a)-i), 6, 7, 8, 9.
	want := "1a 1b 1c 1d 1e 1f 1g 2a 2b 2c 2d 3a 3b 3c 3d 4a 4b 5a 5b 5c 5d 5e 5f 5g 5h 5i 6 7 8 9"
	if got := strings.Join(ids, " "); got != want {
		t.Fatalf("steps:\n got %s\nwant %s", got, want)
	}
	for id, name := range map[string]string{"1d": "Random Events", "1e": "Operational / Passive Declaration", "4b": "Distance Action Phase", "5g": "Railroad Repair", "7": "County Control"} {
		if s := seq.Step(id); s == nil || s.Name != name {
			t.Errorf("step %s = %+v, want %s", id, s, name)
		}
	}
	// Turns 1-3 have no Union reinforcement rolls, random events or supply
	// segment (003 turn record).
	for _, s := range seq.Steps {
		opening := s.ID == "1b" || s.ID == "1d" || strings.HasPrefix(s.ID, "5")
		if opening != (s.When == engine.WhenAfterOpening) {
			t.Errorf("step %s: when %q", s.ID, s.When)
		}
	}
	if seq.Step("1c").When != "date>=06-30" || seq.Step("1f").When != "option:time_limitation" || seq.Step("3d").When != "option:limited_intelligence" || seq.Step("2a").When != engine.WhenMultipleCommanders {
		t.Error("conditional steps")
	}
}

func TestSequenceLoaderRefusesBadData(t *testing.T) {
	for name, body := range map[string]string{
		"no header":  "game: lrtg\nsteps: [{id: '1a', phase: p, name: n, rule: r, source: s}]\n",
		"bad id":     "# s\ngame: lrtg\nsteps: [{id: 'x1', phase: p, name: n, rule: r, source: s}]\n",
		"no source":  "# s\ngame: lrtg\nsteps: [{id: '1a', phase: p, name: n, rule: r}]\n",
		"bad order":  "# s\ngame: lrtg\nsteps: [{id: '2a', phase: p, name: n, rule: r, source: s}, {id: '1a', phase: p, name: n, rule: r, source: s}]\n",
		"bad when":   "# s\ngame: lrtg\nsteps: [{id: '1a', phase: p, name: n, rule: r, source: s, when: sometimes}]\n",
		"unknown":    "# s\ngame: lrtg\nsteps: [{id: '1a', phase: p, name: n, rule: r, source: s, colour: red}]\n",
		"duplicated": "# s\ngame: lrtg\nsteps: [{id: '1a', phase: p, name: n, rule: r, source: s}, {id: '1a', phase: p, name: n, rule: r, source: s}]\n",
	} {
		fsys := fstest.MapFS{"seq/x.yaml": {Data: []byte(body)}}
		if _, err := loadSequences(fsys, "seq"); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestStepCitesItsGamesBook: a step's label cites a bare rule number in
// the book its sequence names (LRTG's: "LRTG 3.1"), and a sequence that
// names none cites the number as written: the kernel prefixes no game's
// name of its own (issue 20), so no LITN or LRTA step reads as LRTG's.
func TestStepCitesItsGamesBook(t *testing.T) {
	seqs, err := Sequences()
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.StepLabel(seqs[lrtg.LRTG].Step("1a")); got != "1a Confederate Reinforcements (Turn Start, LRTG 3.1)" {
		t.Errorf("LRTG's 1a: %q", got)
	}
	if s := seqs[lrtg.LRTG].Step("1a"); s.Rule != "3.1" {
		t.Errorf("LRTG's 1a rule %q: /phase lists the bare number", s.Rule)
	}
	for g, seq := range seqs {
		for i := range seq.Steps {
			label := engine.StepLabel(&seq.Steps[i])
			if g != lrtg.LRTG && strings.Contains(label, "LRTG") {
				t.Errorf("%s's step cited as LRTG's: %s", g, label)
			}
		}
	}
	fsys := fstest.MapFS{"seq/x.yaml": {Data: []byte("# s\ngame: other\nsteps: [{id: '1a', phase: P, name: N, rule: '3.1', source: s}]\n")}}
	got, err := loadSequences(fsys, "seq")
	if err != nil {
		t.Fatal(err)
	}
	if label := engine.StepLabel(got["other"].Step("1a")); label != "1a N (P, 3.1)" {
		t.Errorf("a sequence naming no book: %q, want the number as written", label)
	}
}
