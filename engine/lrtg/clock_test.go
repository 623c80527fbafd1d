package lrtg

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// The clock tests play the action cycle's small board (acGame) with time
// limitation: Lee and Jeb command the Confederates (two players: 20 - 6 =
// 14 minutes each, 22.2), Meade the Union (20 - 3 = 17). The instants come
// from t0 on; nothing reads the wall clock.

var t0 = time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)

func mins(m float64) time.Duration { return time.Duration(m * float64(time.Minute)) }

func after(m float64) time.Time { return t0.Add(mins(m)) }

var clockSeq = &engine.Sequence{Game: LRTG, Steps: []engine.Step{{ID: "1f"}, {ID: "4a"}, {ID: "4b"}, {ID: "9"}}}

// clockGame: turn 5 at step 1f, the time allocated (no leaders near the
// enemy: 14 and 17 minutes) and the chits of the set-up.
func clockGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	o.TimeLimit = true
	g := acGame(t, o)
	g.Turn = 5
	g.Sequence = engine.SequenceState{Step: "1f", Turn: 5}
	g.Chits = map[engine.Side]int{engine.CSA: 3, engine.USA: 1}
	g = g.Apply(g.TimeAllocation(nil))
	return g
}

// clockDo settles cmd at minute m, timed as the bot times it.
func clockDo(t *testing.T, g Game, m float64, cmd engine.Command, d engine.Dice) (Game, []engine.Event) {
	t.Helper()
	return acDo(t, g, Timed{Command: cmd, At: after(m)}, d)
}

// begin4a: the umpire begins the Normal Action Phase at t0; dice decide
// the initiative.
func begin4a(t *testing.T, g Game, d engine.Dice) (Game, []engine.Event) {
	t.Helper()
	return clockDo(t, g, 0, engine.NextStep{By: ump, Sequence: clockSeq}, d)
}

func switchOf(evs []engine.Event) *ClockSwitched {
	for _, e := range evs {
		if s, ok := e.(*ClockSwitched); ok {
			return s
		}
	}
	return nil
}

func wantLeft(t *testing.T, g Game, who engine.Actor, m float64, now float64) {
	t.Helper()
	if got := g.ClockRemaining(who.ID, after(now)); got != mins(m) {
		t.Errorf("%s at minute %v: %v left, want %v", who.Name, now, got, mins(m))
	}
}

// 22.3: the winner's clock starts on the initiative's resolution; it
// stops and the opponent's starts when the following initiative goes to
// the opponent, and when the winner passes; both stop when both passed.
func TestClockSwitchesOnInitiativeAndPasses(t *testing.T) {
	g := clockGame(t, opts())
	g, evs := begin4a(t, g, engine.Script(5, 2))
	sw := switchOf(evs)
	if sw == nil || sw.To != lee.ID || sw.From != "" || !sw.At.Equal(t0) || !strings.Contains(sw.Why, "CSA won the initiative") {
		t.Fatalf("start: %+v", sw)
	}
	if _, ok := evs[len(evs)-1].(*ClockSwitched); !ok {
		t.Errorf("the switch is not the command's last event: %T", evs[len(evs)-1])
	}
	wantLeft(t, g, lee, 14, 0)
	wantLeft(t, g, lee, 11.5, 2.5)
	wantLeft(t, g, meade, 17, 2.5)
	// Lee acts: his clock keeps running.
	g, evs = clockDo(t, g, 2, ActivateUnit{By: lee, Unit: "csa.longstreet"}, engine.Script())
	if switchOf(evs) != nil {
		t.Errorf("activation switched: %+v", switchOf(evs))
	}
	// The next initiative goes to the Confederates again: no switch.
	g, evs = clockDo(t, g, 4, EndAction{By: lee}, engine.Script(6, 1))
	if switchOf(evs) != nil {
		t.Errorf("initiative kept: %+v", switchOf(evs))
	}
	g, _ = clockDo(t, g, 5, ActivateUnit{By: lee, Unit: "csa.mclaws"}, engine.Script())
	// 22.3 1): the following initiative is won by the Union.
	g, evs = clockDo(t, g, 6, EndAction{By: lee}, engine.Script(1, 6))
	sw = switchOf(evs)
	if sw == nil || sw.From != lee.ID || sw.To != meade.ID || sw.Side != engine.USA || !strings.Contains(sw.Why, "USA won the initiative") {
		t.Fatalf("initiative to the Union: %+v", sw)
	}
	wantLeft(t, g, lee, 8, 20) // 14 - 6, stopped
	wantLeft(t, g, meade, 15, 8)
	// 22.3 2): the Union passes; the Confederates' clock starts.
	g, evs = clockDo(t, g, 9, PassAction{By: meade}, engine.Script())
	if sw = switchOf(evs); sw == nil || sw.To != lee.ID || !strings.Contains(sw.Why, "USA passed") {
		t.Fatalf("pass: %+v", sw)
	}
	wantLeft(t, g, meade, 14, 30)
	// The Confederates pass too: the cycle is over, the clocks stop.
	g, evs = clockDo(t, g, 10, PassAction{By: lee}, engine.Script())
	if sw = switchOf(evs); sw == nil || sw.To != "" || sw.From != lee.ID {
		t.Fatalf("end: %+v", sw)
	}
	wantLeft(t, g, lee, 7, 60)
	wantLeft(t, g, meade, 14, 60)
	v := g.Clocks(after(60))
	if _, running := v.Running(); running || len(v.Clocks) != 3 || v.Clocks[0].Player != lee || v.Clocks[1].Player != jebA || v.Clocks[2].Player != meade {
		t.Errorf("view %+v", v)
	}
	if v.Clocks[1].Remaining != mins(14) || v.Clocks[1].Allowance != 14 {
		t.Errorf("Jeb's clock never ran: %+v", v.Clocks[1])
	}
}

// A decision deferred to a subordinate runs his own clock (21.1): each
// player of a side has the side's allowance.
func TestClockFollowsTheDeferredDecision(t *testing.T) {
	g := clockGame(t, opts())
	g, _ = begin4a(t, g, engine.Script(5, 2))
	g, evs := clockDo(t, g, 1, DeferInitiative{By: lee, To: "Jeb"}, engine.Script())
	if sw := switchOf(evs); sw == nil || sw.From != lee.ID || sw.To != jebA.ID || !strings.Contains(sw.Why, "deferred to Jeb") {
		t.Fatalf("defer: %+v", sw)
	}
	g, evs = clockDo(t, g, 2, ActivateUnit{By: jebA, Unit: "csa.stuart"}, engine.Script())
	if switchOf(evs) != nil {
		t.Errorf("Jeb's activation switched: %+v", switchOf(evs))
	}
	g, evs = clockDo(t, g, 5, EndAction{By: jebA}, engine.Script(6, 1))
	if sw := switchOf(evs); sw == nil || sw.From != jebA.ID || sw.To != lee.ID {
		t.Fatalf("back to Lee: %+v", sw)
	}
	wantLeft(t, g, lee, 13, 5)
	wantLeft(t, g, jebA, 10, 9)
	wantLeft(t, g, lee, 9, 9)
}

// 22.3: the clock pauses for an attack, a rules question, a reveal
// request, and restarts after; a switch ends a pause.
func TestClockPausesAndResumes(t *testing.T) {
	g := clockGame(t, opts())
	pause := func(by engine.Actor, m float64, reason string) PauseClock {
		return PauseClock{By: by, At: after(m), Reason: reason}
	}
	acRefused(t, g, pause(meade, 0, PauseRules), "clock.stopped", "No clock is running")
	g, _ = begin4a(t, g, engine.Script(5, 2))
	acRefused(t, g, pause(meade, 1, "lunch"), "clock.reason")
	acRefused(t, g, pause(meade, 1, PauseUmpire), "clock.reason", "Only the umpire")
	acRefused(t, g, pause(meade, 1, PauseReveal), "clock.reveal", "no enemy unit to reveal")
	acRefused(t, g, ResumeClock{By: ump, At: after(1)}, "clock.running")
	// Meade asks a rules question at minute 1; the umpire answers at 4.
	g, evs := acDo(t, g, pause(meade, 1, PauseRules), engine.Script())
	if p := evs[0].(*ClockPaused); p.Player != lee.ID || p.Reason != PauseRules {
		t.Fatalf("%+v", p)
	}
	wantLeft(t, g, lee, 13, 3)
	acRefused(t, g, pause(lee, 2, PauseAttack), "clock.paused", "already paused")
	acRefused(t, g, ResumeClock{By: lee, At: after(3)}, "clock.resume", "the umpire restarts it")
	g, evs = acDo(t, g, ResumeClock{By: ump, At: after(4)}, engine.Script())
	if r := evs[0].(*ClockResumed); r.Paused != mins(3) || r.Reason != PauseRules {
		t.Errorf("%+v", r)
	}
	wantLeft(t, g, lee, 12, 5)
	// An attack: any player resumes once the battle is resolved.
	g, _ = clockDo(t, g, 5, ActivateUnit{By: lee, Unit: "csa.longstreet"}, engine.Script())
	g, _ = acDo(t, g, pause(lee, 6, PauseAttack), engine.Script())
	g, _ = acDo(t, g, ResumeClock{By: meade, At: after(10)}, engine.Script())
	wantLeft(t, g, lee, 9, 12) // ran 0-1, 4-6, 10-12
	// A pause the action's end overtakes: the switch ends it.
	g, _ = acDo(t, g, pause(lee, 12, PauseAttack), engine.Script())
	g, evs = clockDo(t, g, 15, EndAction{By: lee}, engine.Script(1, 6))
	sw := switchOf(evs)
	if sw == nil || sw.Unpaused != PauseAttack || sw.To != meade.ID || g.Clock.Pause != nil {
		t.Fatalf("%+v %+v", sw, g.Clock.Pause)
	}
	wantLeft(t, g, lee, 9, 20)
	wantLeft(t, g, meade, 12, 20)
	// 22.3: the battle completely resolved restarts it: a result for
	// attacker and defender; one side's alone does not.
	g, _ = acDo(t, g, pause(meade, 21, PauseAttack), engine.Script())
	one := ApplyCombat{By: meade, Defender: CombatSide{Units: []string{"usa.barnes"}, Result: "-"}}
	g, evs = clockDo(t, g, 22, one, engine.Script())
	if g.Clock.Pause == nil {
		t.Fatalf("one side's result resumed: %v", evs)
	}
	both := ApplyCombat{By: ump, Attacker: CombatSide{Units: []string{"usa.barnes"}, Result: "-"}, Defender: CombatSide{Units: []string{"csa.hood"}, Result: "-"}}
	g, evs = clockDo(t, g, 23, both, engine.Script())
	if r, ok := evs[len(evs)-1].(*ClockResumed); !ok || r.Paused != mins(2) || r.By != ump || g.Clock.Pause != nil {
		t.Fatalf("the battle resolved: %+v", evs)
	}
	wantLeft(t, g, meade, 10, 24) // ran 15-21, 23-24
	// The umpire pauses for his own reasons; a reveal request under
	// limited intelligence.
	g, _ = acDo(t, g, PauseClock{By: ump, At: after(24), Reason: PauseUmpire, Note: "connection trouble"}, engine.Script())
	if v := g.Clocks(after(30)); v.Pause == nil || v.Pause.Note != "connection trouble" || v.Clocks[2].Remaining != mins(10) {
		t.Errorf("%+v", v)
	}
	o := opts()
	o.LimitedIntel = true
	h, _ := begin4a(t, clockGame(t, o), engine.Script(5, 2))
	acDo(t, h, pause(meade, 1, PauseReveal), engine.Script())
}

// 22.5: chits add 3 minutes to the spender's clock, from the side's pool;
// not while passive, not before the turn's time is allocated.
func TestTimeChits(t *testing.T) {
	g := clockGame(t, opts())
	g, _ = begin4a(t, g, engine.Script(5, 2))
	g, evs := acDo(t, g, SpendChit{By: lee, At: after(1)}, engine.Script())
	if c := evs[0].(*ChitSpent); c.Player != lee.ID || c.Side != engine.CSA || c.Left != 2 || g.Chits[engine.CSA] != 2 {
		t.Fatalf("%+v %v", c, g.Chits)
	}
	wantLeft(t, g, lee, 15, 2) // 14 + 3 - 2
	// Jeb spends one on his own clock (not running); the umpire one on
	// Meade's.
	g, _ = acDo(t, g, SpendChit{By: jebA, At: after(2)}, engine.Script())
	acRefused(t, g, SpendChit{By: jebA, At: after(2), Player: "Lee"}, "clock.chit", "his own clock")
	acRefused(t, g, SpendChit{By: ump, At: after(2)}, "clock.player")
	g, _ = acDo(t, g, SpendChit{By: ump, At: after(2), Player: "Meade"}, engine.Script())
	wantLeft(t, g, jebA, 17, 3)
	wantLeft(t, g, meade, 20, 3)
	if g.Chits[engine.CSA] != 1 || g.Chits[engine.USA] != 0 {
		t.Errorf("chits %v", g.Chits)
	}
	acRefused(t, g, SpendChit{By: meade, At: after(3)}, "clock.chits", "no time chits left")
	// A passive side spends none; nothing before 1f's allocation.
	p := clockGame(t, opts())
	p.Declared.Postures = []PostureRecord{{Turn: 5, Side: engine.CSA, Posture: PosturePassive}, {Turn: 5, Side: engine.USA, Posture: PostureOperational}}
	p.Declared.Reveals = []int{5}
	acRefused(t, p, SpendChit{By: lee, At: after(0)}, "clock.passive", "passive players may not use time chits")
	p.Turn = 6
	acRefused(t, p, SpendChit{By: meade, At: after(0)}, "clock.allocated")
	// Chits do not outlive the turn on the clock: turn 6's clock is fresh.
	g.Turn = 6
	if v := g.Clocks(after(3)); v.Allocated || v.Clocks[0].Chits != 0 {
		t.Errorf("turn 6: %+v", v)
	}
	n := clockGame(t, opts())
	n.Options.TimeLimit = false
	acRefused(t, n, SpendChit{By: lee, At: t0}, "clock.off")
}

// 22.4: out of time, no activation; passes, remote movement (17.2) and
// the units denied permission at the end of the cycle still move.
func TestOutOfTimeMayNotActivate(t *testing.T) {
	g := clockGame(t, opts())
	g, _ = begin4a(t, g, engine.Script(1, 6)) // the Union has the initiative
	re := acRefused(t, g, Timed{Command: ActivateUnit{By: meade, Unit: "usa.sykes"}, At: after(17)}, "clock.out", "Meade has no time left", "/clock chit")
	if re.Rule != "LRTG 22.4" {
		t.Errorf("rule %q", re.Rule)
	}
	commands := g
	commands.Movement.Meade = true // Meade commands: his army leader may activate (10.1)
	if _, err := commands.Decide(Timed{Command: ActivateArmyLeader{By: meade, Leader: "usa.meade-army", Units: []string{"usa.barnes"}, Table: acArmyTable()}, At: after(18)}, engine.Script(1, 3)); declCode(err) != "clock.out" {
		t.Errorf("army leader out of time: %v", err)
	}
	// The umpire may set it aside with a reason; a second before, Meade
	// could.
	clockDo(t, g, 18, ActivateUnit{By: ump, Unit: "usa.sykes", Reason: "the clock app failed"}, engine.Script())
	clockDo(t, g, 16.99, ActivateUnit{By: meade, Unit: "usa.sykes"}, engine.Script())
	// A chit gives him three more minutes.
	h, _ := acDo(t, g, SpendChit{By: meade, At: after(17)}, engine.Script())
	h, _ = clockDo(t, h, 18, ActivateUnit{By: meade, Unit: "usa.sykes"}, engine.Script())
	if h.Actions.Active == nil || h.Actions.Active.Unit != "usa.sykes" {
		t.Errorf("%+v", h.Actions.Active)
	}
	// Without chits he passes; the Confederates act.
	g.Chits = map[engine.Side]int{}
	re = acRefused(t, g, Timed{Command: ActivateUnit{By: meade, Unit: "usa.sykes"}, At: after(17)}, "clock.out")
	if strings.Contains(re.Hint, "/clock chit") {
		t.Errorf("no chit to spend: %q", re.Hint)
	}
	g, _ = clockDo(t, g, 20, PassAction{By: meade}, engine.Script())
	wantLeft(t, g, meade, -3, 30)
	// 17.2: Meade asks to move Buford, far from the enemy; allowed, he
	// moves it though out of time.
	g, _ = clockDo(t, g, 21, AskRemote{By: meade, Units: []string{"usa.buford"}}, engine.Script())
	g, _ = clockDo(t, g, 22, AnswerRemote{By: lee, Allow: true}, engine.Script())
	g, _ = clockDo(t, g, 23, engine.MoveUnits{By: meade, Units: []string{"usa.buford"}, To: at(61, 30)}, engine.Script())
	if g.Units["usa.buford"].Hex != at(61, 30) {
		t.Errorf("Buford at %v", g.Units["usa.buford"].Hex)
	}
	// Barnes is denied: he moves at the end of the action cycle (17.2
	// with time allocation), not before.
	far := edit(g, "usa.barnes", func(u *engine.UnitState) { u.Hex = at(60, 10) })
	far, _ = clockDo(t, far, 24, AskRemote{By: meade, Units: []string{"usa.barnes"}}, engine.Script())
	far, _ = clockDo(t, far, 25, AnswerRemote{By: lee, Allow: false}, engine.Script())
	acRefused(t, far, Timed{Command: engine.MoveUnits{By: meade, Units: []string{"usa.barnes"}, To: at(61, 10)}, At: after(26)}, "move.activation")
	far, _ = clockDo(t, far, 27, PassAction{By: lee}, engine.Script())
	if !far.Actions.Over {
		t.Fatal("the cycle is not over")
	}
	far, _ = clockDo(t, far, 28, engine.MoveUnits{By: meade, Units: []string{"usa.barnes"}, To: at(61, 10)}, engine.Script())
	if far.Units["usa.barnes"].Hex != at(61, 10) {
		t.Errorf("Barnes at %v", far.Units["usa.barnes"].Hex)
	}
}

// A game without time limitation settles a timed command exactly as the
// command; the clock commands are refused.
func TestTimedWithoutTimeLimitationChangesNothing(t *testing.T) {
	g := acGame(t, opts())
	g.Turn = 5
	g.Sequence = engine.SequenceState{Step: "1f", Turn: 5}
	plain, err := g.Decide(engine.NextStep{By: ump, Sequence: clockSeq}, engine.Script(5, 2))
	if err != nil {
		t.Fatal(err)
	}
	timed, err := g.Decide(Timed{Command: engine.NextStep{By: ump, Sequence: clockSeq}, At: t0}, engine.Script(5, 2))
	if err != nil || len(timed) != len(plain) || switchOf(timed) != nil {
		t.Fatalf("%d vs %d events, %v", len(timed), len(plain), err)
	}
	acRefused(t, g, PauseClock{By: lee, At: t0, Reason: PauseRules}, "clock.off")
	if _, err := g.Decide(Timed{Command: Timed{Command: EndAction{By: lee}}}, engine.Script()); declCode(err) != "clock.command" {
		t.Errorf("nested: %v", err)
	}
}

// A command given without an instant (an undo, a correction) leaves the
// clocks behind; SyncClock switches them; a replay of the recorded events
// gives the same times, and folding writes into no state it came from.
func TestClockEventsReplayAndFoldImmutably(t *testing.T) {
	g := clockGame(t, opts())
	var log []engine.Event
	do := func(m float64, cmd engine.Command, d engine.Dice) {
		var evs []engine.Event
		g, evs = clockDo(t, g, m, cmd, d)
		log = append(log, evs...)
	}
	start := g
	do(0, engine.NextStep{By: ump, Sequence: clockSeq}, engine.Script(5, 2))
	do(1, PauseClock{By: meade, Reason: PauseRules, At: after(1)}, engine.Script())
	do(2, ResumeClock{By: ump, At: after(2)}, engine.Script())
	do(3, SpendChit{By: lee, At: after(3)}, engine.Script())
	// Untimed: the pass changes who decides, the clocks do not see it.
	evs, _ := g.Decide(PassAction{By: lee}, engine.Script())
	for _, e := range evs {
		g = g.Apply(e)
	}
	log = append(log, evs...)
	if !g.ClockOutOfStep() || g.Clock.Running != lee.ID {
		t.Fatalf("in step after an untimed pass: %+v", g.Clock)
	}
	before := g
	usedBefore := maps2(before.Clock.Used)
	sync, err := g.Decide(SyncClock{At: after(5)}, engine.Script())
	if err != nil || len(sync) != 1 || sync[0].(*ClockSwitched).To != meade.ID {
		t.Fatalf("sync %v %v", sync, err)
	}
	g = g.Apply(sync[0])
	log = append(log, sync...)
	if !mapsEqual(before.Clock.Used, usedBefore) {
		t.Errorf("the fold wrote into the state before: %v", before.Clock.Used)
	}
	if again, _ := g.Decide(SyncClock{At: after(6)}, engine.Script()); len(again) != 0 {
		t.Errorf("sync twice: %v", again)
	}
	// Replay from JSON.
	r := start
	for _, e := range log {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := testDecode(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		r = r.Apply(back)
	}
	for _, p := range []engine.Actor{lee, jebA, meade} {
		if a, b := g.ClockRemaining(p.ID, after(9)), r.ClockRemaining(p.ID, after(9)); a != b {
			t.Errorf("%s: %v live, %v replayed", p.Name, a, b)
		}
	}
	wantLeft(t, r, lee, 14+3-4, 9) // ran 0-1 and 2-5
	wantLeft(t, r, meade, 13, 9)   // runs from 5
	if r.Chits[engine.CSA] != 2 || start.Chits[engine.CSA] != 3 {
		t.Errorf("chits %v, start %v", r.Chits, start.Chits)
	}
}

func maps2(m map[string]time.Duration) map[string]time.Duration {
	out := map[string]time.Duration{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func mapsEqual(a, b map[string]time.Duration) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// 22.2's allowance has no floor in the rules; a clock cannot start below
// zero. Leaders off the map or eliminated do not count.
func TestTimeAllocationFloorAndAbsentLeaders(t *testing.T) {
	g, _ := declareGame(t, opts(), map[string]engine.Hex{"csa.longstreet": {Q: 0, R: 0}, "usa.wadsworth": {Q: 3, R: 0}, "csa.ewell": {Q: 0, R: 0}})
	for i := 0; i < 6; i++ {
		g.Players = append(slices.Clone(g.Players), engine.Player{Actor: engine.Actor{ID: "x" + string(rune('a'+i))}, Side: engine.USA})
	}
	units := engine.CopyUnits(g.Units)
	l := units["csa.longstreet"]
	l.Eliminated, l.OnMap = true, false
	units["csa.longstreet"] = l
	e := units["csa.ewell"]
	e.OnMap = false
	units["csa.ewell"] = e
	g.Units = units
	sizes := engine.SizesOf(declareOOB())
	ta := g.TimeAllocation(sizes)
	csa, usa := ta.Sides[0], ta.Sides[1]
	if len(csa.Leaders) != 0 || csa.Minutes != 14 {
		t.Errorf("CSA %+v", csa)
	}
	// USA: 20 - 3x7 players = -1: floored at 0.
	if usa.Players != 7 || usa.Minutes != 0 || !usa.Floored {
		t.Errorf("USA %+v", usa)
	}
}
