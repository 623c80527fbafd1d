package litn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
)

// LITN's Initiative Phase (002 3.1 B, 5, 5.1, 15.2) on the shipped tables
// litn.lost-dispatch and litn.initiative, with scripted dice.

func liScenario(t *testing.T, id string) engine.Scenario {
	t.Helper()
	cat, err := scenarios.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range cat {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no scenario %s", id)
	return engine.Scenario{}
}

// 002 5: "In this phase the Confederate player rolls the die. On a roll of
// 1-5, the Confederate player then immediately chooses who will be the
// first player (i.e., move first) for the turn. On a roll of 6, the Union
// player chooses."
func TestLITNInitiativeBeforeTheDispatch(t *testing.T) {
	lib := lcLibrary(t)
	for _, c := range []litn.InitiativeContext{{Year: 1862, Turn: 5}, {Year: 1863, Turn: 1}, {Year: 1863, Turn: 12}} {
		for face := 1; face <= 6; face++ {
			d := engine.Script(face)
			r, err := litn.RollInitiative(lib, c, d)
			if err != nil {
				t.Fatal(err)
			}
			if d.Remaining() != 0 || r.LostDispatch != nil {
				t.Errorf("%+v: a Lost Dispatch roll was made (002 5.1: 1862, from turn 6)", c)
			}
			want := engine.CSA
			if face == 6 {
				want = engine.USA
			}
			if r.Roller != engine.CSA || r.Chooser != want || r.Found {
				t.Errorf("%+v roll %d: roller %s chooser %s, want csa / %s", c, face, r.Roller, r.Chooser, want)
			}
			if !strings.Contains(r.Explain(), "002 5") {
				t.Errorf("explanation does not cite 002 5: %s", r.Explain())
			}
		}
	}
}

// 002 5.1: "Starting on turn 6 of both 1862 scenarios, the Union player
// attempts to discover the Lost Dispatch. (Note: Scenario 1 begins on turn
// 4, so turn 6 will be the third turn of play.) The Union player rolls the
// die. On a roll of 1 or 2 the dispatch is discovered." and then "the Union
// player - not the Confederate - rolls the die to determine initiative. On
// a roll of 1-5 the Union player decides who will be first player. On a
// roll of 6 the Confederate player decides." and "The Union player adds 1
// to his Command Point Table die rolls for the rest of the game."
func TestLITNInitiativeLostDispatch(t *testing.T) {
	lib := lcLibrary(t)
	s1 := liScenario(t, "litn-1-frederick-to-antietam")
	third := s1.FirstTurn + 2
	if third != 6 || !litn.LostDispatchDue(litn.InitiativeContext{Year: s1.Start.Year(), Turn: third}) {
		t.Fatalf("scenario 1's third turn is %d, want 6 with the dispatch roll due", third)
	}
	if litn.LostDispatchDue(litn.InitiativeContext{Year: 1862, Turn: third - 1}) {
		t.Error("the dispatch roll is due before turn 6")
	}
	for ld := 1; ld <= 6; ld++ {
		for ini := 1; ini <= 6; ini++ {
			d := engine.Script(ld, ini)
			r, err := litn.RollInitiative(lib, litn.InitiativeContext{Year: 1862, Turn: 6}, d)
			if err != nil {
				t.Fatal(err)
			}
			if d.Remaining() != 0 || r.LostDispatch == nil || r.LostDispatch.Total != ld {
				t.Fatalf("dispatch %d: the two rolls were not made in order", ld)
			}
			found := ld <= 2
			if r.Found != found || r.NewlyFound != found {
				t.Errorf("dispatch roll %d: found %v, want %v", ld, r.Found, found)
			}
			roller, chooser := engine.CSA, engine.CSA
			if found {
				roller = engine.USA
				if ini <= 5 {
					chooser = engine.USA
				}
			} else if ini == 6 {
				chooser = engine.USA
			}
			if r.Roller != roller || r.Chooser != chooser {
				t.Errorf("dispatch %d initiative %d: roller %s chooser %s, want %s / %s", ld, ini, r.Roller, r.Chooser, roller, chooser)
			}
			wantMod := 0
			if found {
				wantMod = 1
			}
			if r.UnionCommandPointModifier != wantMod {
				t.Errorf("dispatch %d: Union CP modifier %d, want %d", ld, r.UnionCommandPointModifier, wantMod)
			}
			if found && !strings.Contains(r.Explain(), "Miles and White") {
				t.Errorf("the discovery does not say Miles and White are released (15.2): %s", r.Explain())
			}
		}
	}
	// Once found, no more dispatch rolls; the Union keeps rolling.
	d := engine.Script(6)
	r, err := litn.RollInitiative(lib, litn.InitiativeContext{Year: 1862, Turn: 11, LostDispatchFound: true}, d)
	if err != nil {
		t.Fatal(err)
	}
	if r.LostDispatch != nil || d.Remaining() != 0 || r.Roller != engine.USA || r.Chooser != engine.CSA || r.NewlyFound || r.UnionCommandPointModifier != 1 {
		t.Errorf("after discovery: %+v", r)
	}
}

func TestLITNChooseFirst(t *testing.T) {
	lib := lcLibrary(t)
	r, err := litn.RollInitiative(lib, litn.InitiativeContext{Year: 1863, Turn: 2}, engine.Script(3))
	if err != nil {
		t.Fatal(err)
	}
	if first, err := litn.ChooseFirst(*r, engine.CSA, engine.USA); err != nil || first != engine.USA {
		t.Errorf("the Confederate choice was refused: %v", err)
	}
	_, err = litn.ChooseFirst(*r, engine.USA, engine.USA)
	if !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("the Union chose on a Confederate roll: %v", err)
	}
	lcRuleCode(t, err, "litn.initiative.chooser")
	_, err = litn.ChooseFirst(*r, engine.CSA, "rebels")
	lcRuleCode(t, err, "litn.initiative.first")
}

func TestLITNInitiativeRefusals(t *testing.T) {
	lib := lcLibrary(t)
	for _, c := range []struct {
		ctx  litn.InitiativeContext
		code string
	}{
		{litn.InitiativeContext{Year: 1864, Turn: 3}, "litn.initiative.year"},
		{litn.InitiativeContext{Year: 1863, Turn: 7, LostDispatchFound: true}, "litn.initiative.dispatch"},
		{litn.InitiativeContext{Year: 1862, Turn: 0}, "litn.initiative.turn"},
	} {
		d := engine.Script(1, 1)
		_, err := litn.RollInitiative(lib, c.ctx, d)
		lcRuleCode(t, err, c.code)
		if d.Remaining() != 2 {
			t.Errorf("%s: dice were spent on a refused roll", c.code)
		}
	}
}
