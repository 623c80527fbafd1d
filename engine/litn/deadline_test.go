package litn_test

import (
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// A LITN game's deadlines (issue 9) need none of LRTG's: LITN's ruleset
// fills no deadline hook, so who owes is read from the step's waits and a
// missed deadline's default is the kernel's, the umpire ending the step
// as /phase next force:true would. The default is settled as it is: LRTG
// 22's chess clocks (which time LRTG's defaults) are no module of LITN's.
func TestLITNDeadlineDefaultEndsTheStep(t *testing.T) {
	p := newTurnPlay(t)
	p.next(false, 3) // B2: the Confederate player names the first player
	hour := time.Hour
	p.do(engine.SetDeadlines{By: umpireActor, Default: &hour, Grace: new(time.Duration)}, engine.Script())
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	run := func(at time.Time) []engine.Event {
		t.Helper()
		return p.do(engine.RunDeadlines{By: umpireActor, At: at, Context: engine.DeadlineContext{Sequence: p.seq, Step: p.nextCmd(false).Context}}, engine.Script())
	}
	run(t0)
	w := p.g.Deadlines.Wait
	if w == nil || w.Step != "B2" || len(w.Owing) != 1 || w.Owing[0] != leeActor.ID {
		t.Fatalf("the wait: %+v (waiting %v)", w, p.g.Waiting())
	}
	evs := run(t0.Add(hour))
	var df *engine.DeadlineDefaulted
	for _, e := range evs {
		if d, ok := e.(*engine.DeadlineDefaulted); ok {
			df = d
		}
		if strings.HasPrefix(e.EventType(), "clock.") {
			t.Errorf("a clock event in a LITN game: %T", e)
		}
	}
	if df == nil || df.Failed != "" || df.Default != "the umpire ended the step (as /phase next force:true)" || len(df.Players) != 1 || df.Players[0] != leeActor.ID {
		t.Fatalf("the default: %+v in %v", df, evs)
	}
	if p.g.CurrentStep() != "H1" {
		t.Fatalf("after the default the step is %q, want H1", p.g.CurrentStep())
	}
}
