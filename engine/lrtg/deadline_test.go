package lrtg

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

var dlT0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func dlAt(h float64) time.Time { return dlT0.Add(time.Duration(h * float64(time.Hour))) }

func span(d time.Duration) *time.Duration { return &d }

// deadlineGame is declareGame (step 1e of turn 5: Lee and Jeb for the
// Confederates, Meade for the Union) with a 48-hour default deadline.
func deadlineGame(t *testing.T) Game {
	t.Helper()
	g, _ := declareGame(t, opts(), nil)
	return apply(t, g, engine.SetDeadlines{By: ump, Default: span(48 * time.Hour)}, engine.Script())
}

// runAt runs the deadlines at h hours and returns the state and events.
func runAt(t *testing.T, g Game, h float64) (Game, []engine.Event) {
	t.Helper()
	evs, err := g.Decide(engine.RunDeadlines{By: ump, At: dlAt(h)}, engine.Script())
	if err != nil {
		t.Fatalf("run at %vh: %v", h, err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	if g.DeadlineWork(dlAt(h)) {
		t.Fatalf("work left at %vh after running", h)
	}
	return g, evs
}

func reminded(evs []engine.Event) []string {
	var out []string
	for _, e := range evs {
		if r, ok := e.(*engine.DeadlineReminded); ok && r.Before > 0 {
			out = append(out, r.Player)
		}
	}
	slices.Sort(out)
	return out
}

func TestDeadlineRemindersOnlyToThoseWhoOwe(t *testing.T) {
	g := deadlineGame(t)
	g, evs := runAt(t, g, 0)
	st, ok := evs[0].(*engine.DeadlineStarted)
	if len(evs) != 1 || !ok || st.Wait.Step != "1e" || st.Wait.Duration != 48*time.Hour {
		t.Fatalf("the wait begins: %#v", evs)
	}
	// The overall commanders declare (LRTG 4.1): Jeb owes nothing.
	if !slices.Equal(st.Wait.Owing, []string{lee.ID, meade.ID}) {
		t.Fatalf("owing %v", st.Wait.Owing)
	}
	if _, evs = runAt(t, g, 23.9); len(evs) != 0 {
		t.Fatalf("nothing before the 24-hour reminder: %v", evs)
	}
	g = apply(t, g, DeclarePosture{By: lee, Posture: "passive"}, engine.Script())
	g, evs = runAt(t, g, 24)
	if got := reminded(evs); !slices.Equal(got, []string{meade.ID}) {
		t.Fatalf("24 hours before: reminded %v, want Meade only", got)
	}
	// Fired once: the same instant again records nothing.
	if _, again := runAt(t, g, 24); len(again) != 0 {
		t.Fatalf("fired twice: %v", again)
	}
	g, evs = runAt(t, g, 47)
	if got := reminded(evs); !slices.Equal(got, []string{meade.ID}) || !evs[0].(*engine.DeadlineReminded).LastCall {
		t.Fatalf("last call: %v", evs)
	}
	// A player's own reminder times replace the game's.
	g = apply(t, g, engine.ChooseReminders{By: meade, Before: []time.Duration{30 * time.Minute}}, engine.Script())
	if _, evs = runAt(t, g, 47.5); !slices.Equal(reminded(evs), []string{meade.ID}) {
		t.Fatalf("Meade's own 30-minute reminder: %v", evs)
	}
	if _, err := g.Decide(engine.ChooseReminders{By: ump, Before: []time.Duration{time.Hour}}, engine.Script()); declCode(err) != "deadline.player" {
		t.Fatalf("the umpire's own reminders: %v", err)
	}
}

func TestDeadlineStepResolvesEarly(t *testing.T) {
	g := deadlineGame(t)
	g, _ = runAt(t, g, 0)
	g = apply(t, g, DeclarePosture{By: lee, Posture: "passive"}, engine.Script())
	g = apply(t, g, DeclarePosture{By: meade, Posture: "operational"}, engine.Script())
	g, evs := runAt(t, g, 1)
	if _, ok := evs[0].(*engine.DeadlineEnded); len(evs) != 1 || !ok || g.Deadlines.Wait != nil {
		t.Fatalf("everyone ready: %v", evs)
	}
	// The expired deadline never fires for the ended wait.
	if _, evs = runAt(t, g, 100); len(evs) != 0 {
		t.Fatalf("after the step: %v", evs)
	}
	// A stale wait (the step moved on before the scheduler saw it) fires
	// nothing either.
	g2 := deadlineGame(t)
	g2, _ = runAt(t, g2, 0)
	g2.Sequence = engine.SequenceState{Step: "1f", Turn: 5}
	_, evs = runAt(t, g2, 100)
	if len(evs) != 1 || evs[0].EventType() != engine.EventDeadlineEnded {
		t.Fatalf("stale wait: %v", evs)
	}
}

func TestDeadlinePauseExtends(t *testing.T) {
	g := deadlineGame(t)
	g, _ = runAt(t, g, 0)
	g = apply(t, g, engine.PauseGame{By: ump, Reason: "holiday"}, engine.Script())
	g, evs := runAt(t, g, 10)
	if len(evs) != 1 || !evs[0].(*engine.DeadlinePauseSeen).Paused {
		t.Fatalf("pause seen: %v", evs)
	}
	if _, evs = runAt(t, g, 60); len(evs) != 0 {
		t.Fatalf("paused: nothing fires: %v", evs)
	}
	g = apply(t, g, engine.PauseGame{By: ump, Resume: true}, engine.Script())
	g, _ = runAt(t, g, 70)
	due, _ := g.Deadlines.Deadline(lee.ID)
	if !due.Equal(dlAt(48 + 60)) {
		t.Fatalf("deadline after a 60-hour pause: %v, want %v", due, dlAt(108))
	}
	if _, evs = runAt(t, g, 107); !slices.Equal(reminded(evs), []string{lee.ID, meade.ID}) {
		t.Fatalf("last call after the pause: %v", evs)
	}
}

func TestDeadlineVacation(t *testing.T) {
	g := deadlineGame(t)
	g, _ = runAt(t, g, 0)
	g = apply(t, g, engine.DeclareVacation{By: meade, Days: 3, At: dlAt(1)}, engine.Script())
	due, _ := g.Deadlines.Deadline(meade.ID)
	if want := dlAt(48 + 72); !due.Equal(want) {
		t.Fatalf("Meade's deadline: %v, want %v", due, want)
	}
	if d, _ := g.Deadlines.Deadline(lee.ID); !d.Equal(dlAt(48)) {
		t.Fatalf("Lee's deadline moved: %v", d)
	}
	// Lee is reminded at 24h; Meade, away, is skipped.
	if _, evs := runAt(t, g, 24); !slices.Equal(reminded(evs), []string{lee.ID}) {
		t.Fatalf("at 24h: %v", evs)
	}
	// The game's limit (14 days by default).
	if _, err := g.Decide(engine.DeclareVacation{By: meade, Days: 12, At: dlAt(100)}, engine.Script()); declCode(err) != "deadline.vacation_limit" {
		t.Fatalf("over the limit: %v", err)
	}
	g = apply(t, g, engine.SetDeadlines{By: ump, VacationDays: ptrInt(20)}, engine.Script())
	g = apply(t, g, engine.DeclareVacation{By: meade, Days: 12, At: dlAt(100)}, engine.Script())
	// days:0 ends it early.
	g = apply(t, g, engine.DeclareVacation{By: meade, Days: 0, At: dlAt(101)}, engine.Script())
	if g.Deadlines.Away(meade.ID, dlAt(102)) {
		t.Fatal("still away after days:0")
	}
}

func ptrInt(n int) *int { return &n }

func TestDeadlineGraceThenDefault(t *testing.T) {
	g := deadlineGame(t)
	g = apply(t, g, engine.SetDeadlines{By: ump, Grace: span(12 * time.Hour)}, engine.Script())
	g, _ = runAt(t, g, 0)
	g = apply(t, g, DeclarePosture{By: lee, Posture: "passive"}, engine.Script())
	g, evs := runAt(t, g, 48)
	if len(evs) != 1 {
		t.Fatalf("at the deadline: %v", evs)
	}
	m, ok := evs[0].(*engine.DeadlineMissed)
	if !ok || m.Player != meade.ID || !m.GraceUntil.Equal(dlAt(60)) {
		t.Fatalf("missed: %#v", evs[0])
	}
	if _, evs = runAt(t, g, 59); len(evs) != 0 {
		t.Fatalf("in the grace period: %v", evs)
	}
	g, evs = runAt(t, g, 60)
	df, ok := evs[0].(*engine.DeadlineDefaulted)
	if !ok || !slices.Equal(df.Players, []string{meade.ID}) || df.Failed != "" {
		t.Fatalf("default: %#v", evs)
	}
	decl, ok := evs[1].(*PostureDeclared)
	if !ok || decl.Side != engine.USA || decl.Posture != PostureOperational || decl.Reason != engine.DeadlineReason || decl.By.ID != ump.ID {
		t.Fatalf("the default declaration: %#v", evs[1])
	}
	if g.Declared.Posture(engine.USA, 5) != PostureOperational || g.Declared.Posture(engine.CSA, 5) != PosturePassive {
		t.Fatalf("after the default: %q %q", g.Declared.Posture(engine.USA, 5), g.Declared.Posture(engine.CSA, 5))
	}
	if last := evs[len(evs)-1]; last.EventType() != engine.EventDeadlineEnded {
		t.Fatalf("the wait ends with the default: %v", evs)
	}
}

func TestDeadlineSettingsRefused(t *testing.T) {
	g, _ := declareGame(t, opts(), nil)
	for _, c := range []struct {
		cmd  engine.SetDeadlines
		code string
	}{
		{engine.SetDeadlines{By: lee, Default: span(48 * time.Hour)}, "deadline.umpire"},
		{engine.SetDeadlines{By: ump, Default: span(30 * time.Minute)}, "deadline.range"},
		{engine.SetDeadlines{By: ump, Default: span(5 * 7 * 24 * time.Hour)}, "deadline.range"},
		{engine.SetDeadlines{By: ump, Step: "1e"}, "deadline.after"},
		{engine.SetDeadlines{By: ump}, "deadline.nothing"},
	} {
		if _, err := g.Decide(c.cmd, engine.Script()); declCode(err) != c.code {
			t.Errorf("%+v: %v, want %s", c.cmd, err, c.code)
		}
	}
	g = apply(t, g, engine.SetDeadlines{By: ump, Default: span(48 * time.Hour)}, engine.Script())
	g = apply(t, g, engine.SetDeadlines{By: ump, Step: "1e", After: span(24 * time.Hour)}, engine.Script())
	if g.Deadlines.Settings.For("1e") != 24*time.Hour || g.Deadlines.Settings.For("4a") != 48*time.Hour {
		t.Fatalf("settings %+v", g.Deadlines.Settings)
	}
	g = apply(t, g, engine.SetDeadlines{By: ump, Step: "1e", ClearStep: true}, engine.Script())
	if g.Deadlines.Settings.For("1e") != 48*time.Hour {
		t.Fatalf("cleared: %+v", g.Deadlines.Settings)
	}
}

func TestSpans(t *testing.T) {
	for in, want := range map[string]time.Duration{"48h": 48 * time.Hour, "3d": 72 * time.Hour, "1w2d": 9 * 24 * time.Hour, "90m": 90 * time.Minute, "12": 12 * time.Hour} {
		if got, err := engine.ParseSpan(in); err != nil || got != want {
			t.Errorf("ParseSpan(%q) = %v, %v", in, got, err)
		}
		if got, _ := engine.ParseSpan(engine.FormatSpan(want)); got != want {
			t.Errorf("FormatSpan(%v) = %q", want, engine.FormatSpan(want))
		}
	}
	for _, bad := range []string{"", "soon", "3x", "h"} {
		if _, err := engine.ParseSpan(bad); err == nil {
			t.Errorf("ParseSpan(%q) accepted", bad)
		}
	}
	// Past the bound, and past time.Duration: refused with the bound named,
	// never wrapped around nor read as 0 ("off").
	if got, err := engine.ParseSpan("4w"); err != nil || got != engine.MaxDeadline {
		t.Errorf("ParseSpan(4w) = %v, %v", got, err)
	}
	for _, long := range []string{"99999999999h", "999999w", "672h1m", "4w1m", "29d", "673", "9223372036854775807", "4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w4w"} {
		got, err := engine.ParseSpan(long)
		if err == nil || !strings.Contains(err.Error(), "longer than 4w (28 days)") || !strings.Contains(err.Error(), "Give at most 4w") {
			t.Errorf("ParseSpan(%q) = %v, %v; want a refusal naming 4w", long, got, err)
		}
	}
}

// days: of a vacation so large that used+days overflowed passed the
// game's limit.
func TestVacationDaysOverflowRefused(t *testing.T) {
	g := deadlineGame(t)
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	g = apply(t, g, engine.DeclareVacation{By: lee, Days: 2, At: at}, engine.Script())
	g = apply(t, g, engine.DeclareVacation{By: lee, Days: 0, At: at.Add(time.Hour)}, engine.Script())
	for _, days := range []int{math.MaxInt, math.MaxInt - 1, 14} {
		if _, err := g.Decide(engine.DeclareVacation{By: lee, Days: days, At: at.Add(2 * time.Hour)}, engine.Script()); err == nil || !strings.Contains(err.Error(), "allows 14 days") {
			t.Errorf("days:%d: %v, want the limit", days, err)
		}
	}
}

func TestDeadlineEventsRoundTrip(t *testing.T) {
	for _, e := range []engine.Event{
		&engine.DeadlinesSet{By: ump, Settings: engine.DeadlineSettings{Default: time.Hour, Steps: map[string]time.Duration{"1e": 2 * time.Hour}}},
		&engine.DeadlineStarted{Wait: engine.DeadlineWait{N: 1, Turn: 2, Step: "1e", Owing: []string{"a"}, Start: dlT0, Duration: time.Hour}},
		&engine.DeadlineReminded{N: 1, Player: "a", Before: time.Hour, Due: dlT0, At: dlT0},
		&engine.DeadlineDefaulted{N: 1, Players: []string{"a"}, Step: "1e", Default: "x", At: dlT0},
	} {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := testDecode(typ, data)
		if err != nil || back.EventType() != e.EventType() {
			t.Fatalf("%s: %v", typ, err)
		}
	}
}

// A default that ends the step for everyone (here the supply segment's
// 5a, ended as /phase next force:true would) waits for a player whose
// vacation extended his deadline; the scheduler has nothing to write
// meanwhile.
func TestDeadlineWholeStepDefaultWaitsForEveryone(t *testing.T) {
	g, _ := declareGame(t, opts(), nil)
	g.Sequence = engine.SequenceState{Step: "5a", Turn: 5}
	g.Segment = SegmentState{Turn: 5, Waits: []StepWait{
		{Step: "5a", Side: engine.CSA, What: "the CSA's levies (/place action:levy) or /segment done"},
		{Step: "5a", Side: engine.USA, What: "the USA's levies (/place action:levy) or /segment done"},
	}}
	g = apply(t, g, engine.SetDeadlines{By: ump, Default: span(24 * time.Hour)}, engine.Script())
	g, _ = runAt(t, g, 0)
	g = apply(t, g, engine.DeclareVacation{By: meade, Days: 2, At: dlAt(1)}, engine.Script())
	g, evs := runAt(t, g, 24)
	if len(evs) != 1 || evs[0].(*engine.DeadlineMissed).Player != lee.ID {
		t.Fatalf("Lee misses: %v", evs)
	}
	if g.DeadlineWork(dlAt(30)) {
		t.Fatal("work while Meade still has time")
	}
	// Meade's deadline: 24h + 48h of vacation. The default ends 5a.
	seq := &engine.Sequence{Game: LRTG, Steps: []engine.Step{{ID: "5a", Phase: "Supply", Name: "Levies"}, {ID: "5x", Phase: "Supply", Name: "Next"}}}
	evs, err := g.Decide(engine.RunDeadlines{By: ump, At: dlAt(72), Context: engine.DeadlineContext{Sequence: seq}}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	var df *engine.DeadlineDefaulted
	for _, e := range evs {
		if d, ok := e.(*engine.DeadlineDefaulted); ok {
			df = d
		}
	}
	if df == nil || len(df.Players) != 2 || df.Failed != "" {
		t.Fatalf("the whole-step default: %v", evs)
	}
	if g.CurrentStep() != "5x" {
		t.Fatalf("the default did not end 5a: %s", g.CurrentStep())
	}
	for _, e := range evs {
		if b, ok := e.(*engine.StepBegun); ok && b.Forced != engine.DeadlineReason {
			t.Fatalf("forced with %q", b.Forced)
		}
	}
}

// A default the engine refuses (no sequence of play to end the step
// with) is recorded as failed, left to the umpire, and not retried.
func TestDeadlineFailedDefaultIsNotRetried(t *testing.T) {
	g, _ := declareGame(t, opts(), nil)
	g.Sequence = engine.SequenceState{Step: "5a", Turn: 5}
	g.Segment = SegmentState{Turn: 5, Waits: []StepWait{{Step: "5a", Side: engine.CSA, What: "the CSA's levies (/place action:levy) or /segment done"}}}
	g = apply(t, g, engine.SetDeadlines{By: ump, Default: span(24 * time.Hour)}, engine.Script())
	g, _ = runAt(t, g, 0)
	g, evs := runAt(t, g, 24)
	df, ok := evs[len(evs)-1].(*engine.DeadlineDefaulted)
	if !ok || df.Failed == "" {
		t.Fatalf("failed default: %v", evs)
	}
	if _, again := runAt(t, g, 80); len(again) != 0 {
		t.Fatalf("retried: %v", again)
	}
}
