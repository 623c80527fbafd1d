package lrtg_test

import (
	"slices"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The communications phase's default (LRTG 21.2): the writers who missed
// the deadline are done with no dispatch; the phase closes and what was
// written is rolled.
func TestDeadlineDefaultCommsNoDispatch(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tb := cmCtx(t).Library.Table(lrtg.DispatchTable)
	day := 24 * time.Hour
	g := cmOpen(t, cmGame(t, 1, 19), engine.Script())
	g = cmApply(t, g, engine.SetDeadlines{By: cmUmpire, Default: &day}, engine.Script())
	run := func(at time.Time, d engine.Dice) []engine.Event {
		t.Helper()
		evs, err := g.Decide(engine.RunDeadlines{By: cmUmpire, At: at, Context: engine.DeadlineContext{DispatchTable: tb}}, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			g = g.Apply(e)
		}
		return evs
	}
	// The phase waits on the writers once they use the dispatch commands
	// (comms.go, choice C10).
	g = cmApply(t, g, lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "Move on Chambersburg"}, engine.Script())
	run(t0, engine.Script())
	w := g.Deadlines.Wait
	if w == nil || len(w.Owing) < 2 || !slices.Contains(w.Owing, cmLee.ID) || !slices.Contains(w.Owing, cmPete.ID) {
		t.Fatalf("the writers owe: %+v", w)
	}
	g = cmApply(t, g, lrtg.DoneDispatches{By: cmLee, Table: tb}, engine.Script())
	evs := run(t0.Add(day), engine.Script(2))
	var df *engine.DeadlineDefaulted
	for _, e := range evs {
		if d, ok := e.(*engine.DeadlineDefaulted); ok {
			df = d
		}
	}
	if df == nil || slices.Contains(df.Players, cmLee.ID) || !slices.Contains(df.Players, cmPete.ID) || df.Failed != "" {
		t.Fatalf("the default: %+v in %v", df, evs)
	}
	if !lrtg.Of(g).Comms.Closed || len(g.Waiting()) != 0 || lrtg.Of(g).Comms.Dispatches[0].Outcome != lrtg.DispatchDelivered {
		t.Fatalf("after the default: closed %v, waiting %v, %+v", lrtg.Of(g).Comms.Closed, g.Waiting(), lrtg.Of(g).Comms.Dispatches)
	}
}

// A wait that is the umpire's own has no deadline: the game-over wait of
// step 8 names a side in its reason, and still owes no player anything.
func TestDeadlineUmpireWaitHasNone(t *testing.T) {
	g := cmGame(t, 1, 10)
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Segment.Outcome = &lrtg.VictoryResult{Name: "Confederate decisive victory", Why: "the Union army morale"}
	})
	g.Sequence = engine.SequenceState{Step: "8", Turn: 5}
	if len(g.Waiting()) == 0 {
		t.Fatal("step 8 waits for the umpire")
	}
	if o := g.Owing(); len(o) != 0 {
		t.Fatalf("owing %+v", o)
	}
}
