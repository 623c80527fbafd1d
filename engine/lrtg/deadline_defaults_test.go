package lrtg

import (
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// With time limitation (LRTG 22.3), the action cycle's deadline default
// (a pass for the side that missed, LRTG 5.0) switches the chess clocks at
// the instant the scheduler applies it (Hooks.AtInstant), as the bot's
// timed commands do; without it the clocks would be left out of step.
func TestDeadlineDefaultPassSwitchesTheClocks(t *testing.T) {
	g := clockGame(t, opts())
	g, _ = begin4a(t, g, engine.Script(5, 2)) // the Confederates win the initiative: Lee's clock runs
	g = apply(t, g, engine.SetDeadlines{By: ump, Default: span(time.Hour), Grace: span(0)}, engine.Script())
	run := func(m float64) []engine.Event {
		t.Helper()
		evs, err := g.Decide(engine.RunDeadlines{By: ump, At: after(m), Context: engine.DeadlineContext{Sequence: clockSeq}}, engine.Script())
		if err != nil {
			t.Fatalf("run at minute %v: %v", m, err)
		}
		for _, e := range evs {
			g = g.Apply(e)
		}
		return evs
	}
	run(1)
	if w := g.Deadlines.Wait; w == nil || w.Step != "4a" {
		t.Fatalf("the wait: %+v", w)
	}
	evs := run(61)
	var df *engine.DeadlineDefaulted
	for _, e := range evs {
		if d, ok := e.(*engine.DeadlineDefaulted); ok {
			df = d
		}
	}
	if df == nil || df.Default != "passed (LRTG 5.0)" || df.Failed != "" {
		t.Fatalf("the default: %+v in %v", df, evs)
	}
	sw := switchOf(evs)
	if sw == nil || sw.From != lee.ID || sw.To != meade.ID || !sw.At.Equal(after(61)) || !strings.Contains(sw.Why, "CSA passed") {
		t.Fatalf("the clocks at the default: %+v", sw)
	}
	if g.ClockOutOfStep() {
		t.Errorf("the clocks are out of step after the default")
	}
}

// On a turn Halleck interferes (000 2.0 2); LRTG 21.1) the Halleck player
// answers for the Union (Hooks.AnswersForSide): the 1e declaration's
// deadline is his, not the overall commander's.
func TestDeadlineOwedByHalleckWhenHeInterferes(t *testing.T) {
	g, _ := halleckGame(t, true)
	g.Sequence = engine.SequenceState{Step: "1e", Turn: g.Turn}
	owedBy := func(g Game) []string {
		var out []string
		for _, o := range g.Owing() {
			if o.Side == engine.USA {
				out = append(out, o.Player.ID)
			}
		}
		return out
	}
	if got := owedBy(g); len(got) != 1 || got[0] != hkHooker.ID {
		t.Fatalf("without Halleck's interference the Union's declaration is owed by %v, want Hooker's", got)
	}
	g.Events.Rolled = []RandomEventRolled{{Turn: g.Turn, Outcome: RandomHalleck, HalleckCommands: true}}
	if got := owedBy(g); len(got) != 1 || got[0] != hkHalleck.ID {
		t.Fatalf("with Halleck's interference the Union's declaration is owed by %v, want Halleck's", got)
	}
}
