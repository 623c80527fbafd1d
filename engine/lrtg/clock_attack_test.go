package lrtg

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// 22.3: "The active player's clock is paused ... when an attack is
// declared" and restarted "as soon as the battle is completely resolved":
// /attack declare pauses the running clock; the battle settled (/attack
// defend) or called off (/attack cancel) restarts it. (The Combat Chart
// is the invented one of attack_test.go.)
func TestClockPausesForADeclaredAttack(t *testing.T) {
	g := clockGame(t, opts())
	g = edit(g, "usa.barnes", func(u *engine.UnitState) { u.Hex = at(1, 0) })
	g, _ = begin4a(t, g, engine.Script(5, 2))
	g, _ = clockDo(t, g, 1, ActivateUnit{By: lee, Unit: "csa.longstreet"}, engine.Script(3, 3, 3, 3))
	decl := DeclareAttack{By: lee, Units: []string{"csa.hood"}, Hex: at(1, 0), Ref: "0101", Type: AttackMarch, Charts: fakeCharts()}
	g, evs := clockDo(t, g, 2, decl, engine.Script())
	p, ok := evs[len(evs)-1].(*ClockPaused)
	if !ok || p.Reason != PauseAttack || p.Player != lee.ID || p.By != lee || g.Clock.Pause == nil {
		t.Fatalf("the declaration did not pause Lee's clock: %+v", evs)
	}
	// The defender thinks for four minutes: Lee's clock stands still.
	wantLeft(t, g, lee, 12, 5)
	g, evs = clockDo(t, g, 6, AnswerAttack{By: meade, Charts: fakeCharts()}, engine.Script(1, 1))
	r, ok := evs[len(evs)-1].(*ClockResumed)
	if !ok || r.Reason != PauseAttack || r.Paused != mins(4) || r.By != meade || g.Clock.Pause != nil {
		t.Fatalf("the settled battle did not restart the clock: %+v", evs)
	}
	wantLeft(t, g, lee, 11, 7) // ran 0-2, 6-7
	// A battle the umpire calls off restarts it too.
	decl.Units = []string{"csa.hood"}
	g, evs = clockDo(t, g, 7, decl, engine.Script())
	if _, ok := evs[len(evs)-1].(*ClockPaused); !ok {
		t.Fatalf("second declaration: %+v", evs)
	}
	g, evs = clockDo(t, g, 9, CancelAttack{By: ump, Battle: 2, Reason: "a ruling"}, engine.Script())
	if r, ok := evs[len(evs)-1].(*ClockResumed); !ok || r.Paused != mins(2) || g.Clock.Pause != nil {
		t.Fatalf("the cancelled battle did not restart the clock: %+v", evs)
	}
	wantLeft(t, g, lee, 10, 10) // ran 0-2, 6-7, 9-10
	// A clock already paused for a rules question stays so: the
	// declaration adds no pause of its own.
	g, _ = acDo(t, g, PauseClock{By: meade, At: after(10), Reason: PauseRules}, engine.Script())
	_, evs = clockDo(t, g, 11, decl, engine.Script())
	for _, e := range evs {
		if _, ok := e.(*ClockPaused); ok {
			t.Errorf("a second pause: %+v", evs)
		}
	}
}

// Without the time limitation rule a declaration pauses nothing.
func TestAttackWithoutClockPausesNothing(t *testing.T) {
	g := atkGame(t, opts())
	_, evs := acDo(t, g, Timed{Command: declare("csa.hood"), At: after(1)}, engine.Script())
	for _, e := range evs {
		if _, ok := e.(*ClockPaused); ok {
			t.Fatalf("paused: %+v", evs)
		}
	}
}
