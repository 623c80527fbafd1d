package lrtg

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The steps segVictoryCheck is made of, one by one, where the scripted
// checks of segment_test.go do not reach: which preliminary victories are
// won and which are cancelled during play and at the end (000 VIII
// optional).

// A preliminary victory is won once, and not against the one the other
// side already holds at the matching level.
func TestPrelimVictoriesEachOnce(t *testing.T) {
	g := Game{GameState: engine.GameState{Turn: 9}}
	calm := engine.ArmyCheck{Side: engine.USA, Level: 2}
	anvPanic := engine.ArmyCheck{Side: engine.CSA, Level: 12, Disorder: true, Panic: true}
	// The ANV in Panic, the AoP in good order: a Union substantive and (by
	// 3 morale levels or more) a Union marginal victory.
	ev := &VictoryChecked{VP: 100}
	got := g.segPrelimVictories(ev, nil, anvPanic, calm)
	if len(got) != 2 || got[0].Level != UnionSubstantive || got[1].Level != UnionMarginal || len(ev.Prelims) != 2 {
		t.Fatalf("won: %+v (event %+v)", got, ev.Prelims)
	}
	// Checked again: nothing new.
	ev = &VictoryChecked{VP: 100}
	if again := g.segPrelimVictories(ev, got, anvPanic, calm); len(again) != 2 || len(ev.Prelims) != 0 {
		t.Fatalf("again: %+v (event %+v)", again, ev.Prelims)
	}
	// The AoP in Panic at 185 VP: no Confederate substantive or marginal
	// victory against the Union ones held.
	ev = &VictoryChecked{VP: 185}
	aopPanic := engine.ArmyCheck{Side: engine.USA, Level: 12, Disorder: true, Panic: true}
	calmCSA := engine.ArmyCheck{Side: engine.CSA, Level: 2}
	if held := g.segPrelimVictories(ev, got, calmCSA, aopPanic); len(held) != 2 || len(ev.Prelims) != 0 {
		t.Fatalf("against the Union's: %+v (event %+v)", held, ev.Prelims)
	}
	// Without them, the same check wins both.
	ev = &VictoryChecked{VP: 185}
	if won := g.segPrelimVictories(ev, nil, calmCSA, aopPanic); len(won) != 2 || won[0].Level != ConfederateSubstantive || won[1].Level != ConfederateMarginal {
		t.Fatalf("Confederate: %+v", won)
	}
}

// During play a standing Confederate substantive victory cancels a Union
// marginal one, unless the same check cancels it first (the ANV in Panic).
func TestPrelimCancellationsDuringPlay(t *testing.T) {
	g := Game{GameState: engine.GameState{Turn: 11}}
	prelims := func() []Prelim {
		return []Prelim{{Turn: 5, Level: ConfederateSubstantive}, {Turn: 6, Level: UnionMarginal}}
	}
	ps := prelims()
	ev := &VictoryChecked{}
	g.segPrelimCancellations(ev, ps, engine.ArmyCheck{Side: engine.CSA, Level: 2})
	if ps[0].IsCancelled() || ps[1].CancelCode != PrelimCancelCSASubstantive || len(ev.Cancelled) != 1 || ev.Cancelled[0].Level != UnionMarginal {
		t.Fatalf("the Union marginal: %+v, event %+v", ps, ev.Cancelled)
	}
	ps = prelims()
	ev = &VictoryChecked{}
	g.segPrelimCancellations(ev, ps, engine.ArmyCheck{Side: engine.CSA, Level: 12, Disorder: true, Panic: true})
	if ps[0].CancelCode != PrelimCancelCSAPanic || ps[0].CancelTurn != 11 || ps[1].IsCancelled() || len(ev.Cancelled) != 1 || ev.Cancelled[0].Level != ConfederateSubstantive {
		t.Fatalf("the ANV in Panic: %+v, event %+v", ps, ev.Cancelled)
	}
}

// At the end a Confederate decisive total cancels the Union substantive
// victory, a substantive one the Union marginal; the best that stands is
// returned.
func TestPrelimCancellationsAtTheEnd(t *testing.T) {
	prelims := func() []Prelim {
		return []Prelim{{Turn: 5, Level: UnionSubstantive}, {Turn: 6, Level: UnionMarginal}}
	}
	for _, c := range []struct {
		band      int
		best      int
		cancelled int
	}{
		{ConfederateDecisive, 0, 2},
		{ConfederateSubstantive, UnionSubstantive, 1},
		{ConfederateMarginal, UnionSubstantive, 0},
	} {
		ps := prelims()
		ev := &VictoryChecked{}
		if best := segEndCancellations(ev, ps, VictoryBand{Level: c.band}); best != c.best || len(ev.Cancelled) != c.cancelled {
			t.Errorf("band %d: best %d, cancelled %+v", c.band, best, ev.Cancelled)
		}
	}
}
