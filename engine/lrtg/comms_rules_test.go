package lrtg_test

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// comms_rules.go: the Spy's hand-over (000 2.0 7)), LRTA's written
// dispatches (004 2) and the Halleck option (000 21.1).

var crPete = engine.Actor{ID: "u3", Name: "Pete"}

// crGame is a started High Tide game with historic communication: Lee
// (the Confederate overall commander, at Culpeper with Longstreet), Pete
// (1st Corps, cavalry, Richmond) and Meade (the Union, alone); at step 2d
// of turn 4, open, with Lee and Pete ruled 25 hexes apart in writing.
func crGame(t *testing.T) engine.GameState {
	t.Helper()
	d := reLoad(t)
	g := engine.GameState{}
	for _, c := range []engine.Command{
		withRules(engine.NewGame{By: reUmpire, Options: engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1}}),
		engine.JoinGame{By: reLee, Side: engine.CSA},
		engine.JoinGame{By: crPete, Side: engine.CSA, Commands: []string{"1", "Cav", "Rich"}},
		engine.JoinGame{By: reMeade, Side: engine.USA},
		engine.StartGame{By: reUmpire, OOB: d.oob},
	} {
		g = cmApply(t, g, c, engine.Script())
	}
	g = place(t, g, "SS1418", "csa.lee")
	g.Turn = 4
	g.Sequence = engine.SequenceState{Step: "2d", Turn: 4}
	g = crOpen(t, g)
	return cmApply(t, g, lrtg.RuleCommsPair{By: reUmpire, A: "Lee", B: "Pete", Mode: lrtg.CommsWritten, Hexes: 25, Reason: "test"}, engine.Script())
}

func crCtx(t *testing.T) engine.StepContext {
	d := reLoad(t)
	return engine.StepContext{Move: &engine.MoveData{Theatre: d.lrtg, OOB: d.oob}, Library: d.lib}
}

func crOpen(t *testing.T, g engine.GameState) engine.GameState {
	t.Helper()
	evs, err := lrtg.OpenCommunications(lrtg.Of(g), engine.Script(), crCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

func crTexts(xs []lrtg.Dispatch) string {
	var s []string
	for _, x := range xs {
		s = append(s, x.Text)
	}
	return strings.Join(s, "|")
}

func crCaptured(cs []lrtg.CapturedDispatch) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.Text)
	}
	return strings.Join(s, "|")
}

// crTurn4 sends Lee's dispatch (a day late: 3 at 25 hexes) and Pete's
// (delivered: 4) on turn 4, then rolls turn 5's random event with faces.
func crTurn4(t *testing.T, faces ...int) (engine.GameState, *lrtg.RandomEventRolled) {
	t.Helper()
	tb := reLoad(t).lib.Table(lrtg.DispatchTable)
	g := crGame(t)
	g = cmApply(t, g, lrtg.SendDispatch{By: reLee, To: "Pete", Text: "SECRET-LATE march on York"}, engine.Script())
	g = cmApply(t, g, lrtg.SendDispatch{By: crPete, To: "Lee", Text: "SECRET-ONTIME at Culpeper"}, engine.Script())
	g = cmApply(t, g, lrtg.CloseComms{By: reUmpire, Table: tb, Reason: "time"}, engine.Script(3, 4))
	if x := lrtg.Of(g).Comms.Dispatches[0]; x.Outcome != lrtg.DispatchNextDay || x.Due != 5 {
		t.Fatalf("Lee's dispatch: %+v, want due turn 5", x)
	}
	if in := crTexts(lrtg.Of(g).DispatchInbox(reLee.ID)); in != "SECRET-ONTIME at Culpeper" {
		t.Fatalf("Lee's inbox on turn 4: %q", in)
	}
	g, _, ev := rollEvent(t, nextTurn(g), faces...)
	return g, ev
}

// A Spy won by the Union on turn 5 hands Meade the Confederate dispatches
// of turn 4; the one due on turn 5 never reaches Pete (000 2.0 7)).
func TestSpyTakesDispatches(t *testing.T) {
	g, ev := crTurn4(t, 4, 4, 1, 6) // 8: the Spy; the Confederates roll 1, the Union 6
	if ev.Outcome != lrtg.RandomSpy || ev.Spy != engine.USA {
		t.Fatalf("turn 5's event: %s won by %q, want the Spy won by the Union", ev.Outcome, ev.Spy)
	}
	// From the Spy's roll on (1d), before the Communications Phase.
	got := lrtg.Of(g).DispatchesCaptured(reMeade)
	if crCaptured(got) != "SECRET-LATE march on York|SECRET-ONTIME at Culpeper" {
		t.Fatalf("Meade's captured dispatches: %+v", got)
	}
	for _, c := range got {
		if c.By != engine.USA || c.Captured != 5 || c.How != lrtg.CaptureSpy || !strings.Contains(c.CaptureText(), "Spy on turn 5") {
			t.Errorf("captured: %+v", c)
		}
	}
	// Step 2d of turn 5 does not deliver the late one.
	g.Sequence = engine.SequenceState{Step: "2d", Turn: 5}
	g = crOpen(t, g)
	if in := lrtg.Of(g).DispatchInbox(crPete.ID); len(in) != 0 {
		t.Errorf("Pete received a dispatch the Spy took: %+v", in)
	}
	if in := crTexts(lrtg.Of(g).DispatchInbox(reLee.ID)); in != "SECRET-ONTIME at Culpeper" {
		t.Errorf("Lee's inbox (delivered before the Spy): %q", in)
	}
	// No one else reads them: not the Confederates, not an outsider.
	for _, v := range []engine.Actor{reLee, crPete, {ID: "x", Name: "Outsider"}} {
		if c := lrtg.Of(g).DispatchesCaptured(v); len(c) != 0 {
			t.Errorf("%s reads captured dispatches: %+v", v.Name, c)
		}
	}
	if c := lrtg.Of(g).DispatchesCaptured(reUmpire); len(c) != 2 {
		t.Errorf("the umpire's view: %+v", c)
	}
	// Dispatches written after the Spy (turn 5's phase) are not the
	// Spy's: "This will not impact messages sent in the upcoming
	// Communications Phase."
	tb := reLoad(t).lib.Table(lrtg.DispatchTable)
	g = cmApply(t, g, lrtg.RuleCommsPair{By: reUmpire, A: "Lee", B: "Pete", Mode: lrtg.CommsWritten, Hexes: 25, Reason: "test"}, engine.Script())
	g = cmApply(t, g, lrtg.SendDispatch{By: reLee, To: "Pete", Text: "SECRET-AFTER"}, engine.Script())
	g = cmApply(t, g, lrtg.CloseComms{By: reUmpire, Table: tb, Reason: "time"}, engine.Script(5))
	if in := crTexts(lrtg.Of(g).DispatchInbox(crPete.ID)); in != "SECRET-AFTER" {
		t.Errorf("Pete's inbox after turn 5's phase: %q", in)
	}
	if n := len(lrtg.Of(g).DispatchesCaptured(reMeade)); n != 2 {
		t.Errorf("Meade holds %d dispatches, want 2", n)
	}
	// And the hand-over survives a replay of its events (it is computed
	// from the log: choice C11).
	g.Turn, g.Sequence = 6, engine.SequenceState{Step: "2d", Turn: 6}
	g = crOpen(t, g)
	if in := lrtg.Of(g).DispatchInbox(crPete.ID); len(in) != 1 || len(lrtg.Of(g).DispatchesCaptured(reMeade)) != 2 {
		t.Errorf("turn 6: Pete %+v, Meade %d", in, len(lrtg.Of(g).DispatchesCaptured(reMeade)))
	}
}

// The Confederates win the Spy: their own dispatch is delivered as usual
// and the Union holds nothing.
func TestSpyWonBySenderSide(t *testing.T) {
	g, ev := crTurn4(t, 4, 4, 6, 1)
	if ev.Outcome != lrtg.RandomSpy || ev.Spy != engine.CSA {
		t.Fatalf("turn 5's event: %s won by %q", ev.Outcome, ev.Spy)
	}
	g.Sequence = engine.SequenceState{Step: "2d", Turn: 5}
	g = crOpen(t, g)
	if in := crTexts(lrtg.Of(g).DispatchInbox(crPete.ID)); in != "SECRET-LATE march on York" {
		t.Errorf("Pete's inbox: %q", in)
	}
	if c := lrtg.Of(g).DispatchesCaptured(reMeade); len(c) != 0 {
		t.Errorf("Meade: %+v", c)
	}
	if c := lrtg.Of(g).DispatchesCaptured(reLee); len(c) != 0 {
		t.Errorf("Lee holds his own side's dispatches: %+v", c)
	}
}

// A dispatch held a turn by a Communications Breakdown is "scheduled to be
// delivered" on its new turn: a Spy then takes it (choice C11).
func TestSpyTakesHeldDispatch(t *testing.T) {
	g := cmOpen(t, cmGame(t, 1, 25), engine.Script())
	tb := cmCtx(t).Library.Table(lrtg.DispatchTable)
	g = cmApply(t, g, lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "Hold"}, engine.Script())
	g = cmApply(t, g, lrtg.CloseComms{By: cmUmpire, Table: tb, Reason: "time"}, engine.Script(3))
	g.Turn, g.Sequence = 6, engine.SequenceState{Step: "2d", Turn: 6}
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Events.Rolled = []lrtg.RandomEventRolled{{Turn: 6, Outcome: lrtg.RandomCSACommsBreak}}
	})
	g = cmOpen(t, g, engine.Script())
	if lrtg.Of(g).Comms.Dispatches[0].Due != 7 {
		t.Fatalf("not held: %+v", lrtg.Of(g).Comms.Dispatches[0])
	}
	g.Turn, g.Sequence = 7, engine.SequenceState{Step: "2d", Turn: 7}
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Events.Rolled = append(s.Events.Rolled, lrtg.RandomEventRolled{Turn: 7, Outcome: lrtg.RandomSpy, Spy: engine.USA})
	})
	g = cmOpen(t, g, engine.Script())
	if in := lrtg.Of(g).DispatchInbox(cmPete.ID); len(in) != 0 {
		t.Errorf("Pete received it: %+v", in)
	}
	if c := lrtg.Of(g).DispatchesCaptured(cmHooker); len(c) != 1 || c[0].Captured != 7 {
		t.Errorf("Hooker: %+v", c)
	}
	if c := lrtg.Of(g).DispatchesCaptured(cmJohn); len(c) != 0 {
		t.Errorf("a Union subordinate reads them: %+v", c)
	}
}

// Halleck (000 21.1): his pairs write, never talk, until Meade commands.
func TestHalleckWrites(t *testing.T) {
	henry := engine.Actor{ID: "c6", Name: "Henry"}
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Command: "ANV", OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "usa.hooker", Name: "Hooker", Side: engine.USA, Kind: "leader", Command: "AoP", OnMap: true, Hex: engine.Hex{Q: 0, R: 20}},
		{ID: "usa.reynolds", Name: "Reynolds", Side: engine.USA, Kind: "leader", Command: "I", OnMap: true, Hex: engine.Hex{Q: 5, R: 20}},
		{ID: "usa.heintzelman", Name: "Heintzelman", Side: engine.USA, Kind: "leader", Command: "DC", OnMap: true, Hex: engine.Hex{Q: 3, R: 20}},
		{ID: "usa.schenck", Name: "Schenck", Side: engine.USA, Kind: "infantry", Command: "Balt", OnMap: true, Hex: engine.Hex{Q: 3, R: 21}},
		{ID: "usa.couch", Name: "Couch", Side: engine.USA, Kind: "infantry", Command: "PA", OnMap: true, Hex: engine.Hex{Q: 3, R: 22}},
	}}
	build := func(halleck bool, comms int) engine.GameState {
		g := engine.GameState{}
		for _, c := range []engine.Command{
			withRules(engine.NewGame{By: cmUmpire, Options: engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: comms, Halleck: halleck}}),
			engine.JoinGame{By: cmLee, Side: engine.CSA},
			engine.JoinGame{By: cmHooker, Side: engine.USA},
			engine.JoinGame{By: cmJohn, Side: engine.USA, Commands: []string{"I"}},
			engine.JoinGame{By: henry, Side: engine.USA, Commands: []string{"DC", "VIII", "PA"}},
			engine.StartGame{By: cmUmpire, OOB: oob},
		} {
			g = cmApply(t, g, c, engine.Script())
		}
		g.Turn, g.Sequence = 5, engine.SequenceState{Step: "2d", Turn: 5}
		return g
	}
	g := cmOpen(t, build(true, 1), engine.Script())
	if h := lrtg.Of(g).HalleckPlayer(); h == nil || h.Actor.ID != henry.ID {
		t.Fatalf("the Halleck player: %+v", h)
	}
	// Hooker and Henry stand 3 hexes apart: written all the same.
	if p := cmPair(t, g, cmHooker, henry); p.Mode != lrtg.CommsWritten || p.Hexes != 3 || !strings.Contains(p.Why, "000 21.1 Halleck") {
		t.Errorf("Hooker-Henry: %+v", p)
	}
	// Two subordinates: Henry and John write to each other.
	if p := cmPair(t, g, cmJohn, henry); p.Mode != lrtg.CommsWritten {
		t.Errorf("John-Henry: %+v", p)
	}
	if p := cmPair(t, g, cmHooker, cmJohn); p.Mode != lrtg.CommsVerbal {
		t.Errorf("Hooker-John (no Halleck): %+v", p)
	}
	g = cmApply(t, g, lrtg.SendDispatch{By: cmJohn, To: "Henry", Text: "Our march"}, engine.Script())
	g = cmApply(t, g, lrtg.SendDispatch{By: henry, To: "Joe Hooker", Text: "My garrisons"}, engine.Script())
	tb := cmCtx(t).Library.Table(lrtg.DispatchTable)
	g = cmApply(t, g, lrtg.CloseComms{By: cmUmpire, Table: tb, Reason: "time"}, engine.Script(4, 4))
	if in := crTexts(lrtg.Of(g).DispatchInbox(henry.ID)); in != "Our march" {
		t.Errorf("Henry's inbox: %q", in)
	}
	if in := crTexts(lrtg.Of(g).DispatchInbox(cmHooker.ID)); in != "My garrisons" {
		t.Errorf("Hooker's inbox: %q", in)
	}
	// Passive: still written.
	gp := build(true, 1)
	gp = lrtg.With(gp, func(s *lrtg.State) {
		s.Declared.Postures = []lrtg.PostureRecord{{Turn: 5, Side: engine.USA, Posture: lrtg.PosturePassive}}
	})
	gp = lrtg.With(gp, func(s *lrtg.State) { s.Declared.Reveals = []int{5} })
	gp = cmOpen(t, gp, engine.Script())
	if p := cmPair(t, gp, cmHooker, henry); p.Mode != lrtg.CommsWritten {
		t.Errorf("passive Hooker-Henry: %+v", p)
	}
	if p := cmPair(t, gp, cmHooker, cmJohn); p.Mode != lrtg.CommsVerbal {
		t.Errorf("passive Hooker-John: %+v", p)
	}
	// After Meade assumes command: the normal rules.
	gm := build(true, 1)
	gm = lrtg.With(gm, func(s *lrtg.State) { s.Movement.Meade = true })
	gm = cmOpen(t, gm, engine.Script())
	if p := cmPair(t, gm, cmHooker, henry); p.Mode != lrtg.CommsVerbal || lrtg.Of(gm).HalleckPlayer() != nil {
		t.Errorf("after Meade, Hooker-Henry: %+v", p)
	}
	// Without the option: the normal rules.
	gn := cmOpen(t, build(false, 1), engine.Script())
	if p := cmPair(t, gn, cmHooker, henry); p.Mode != lrtg.CommsVerbal {
		t.Errorf("no Halleck option: %+v", p)
	}
	// Option 2: free talk, with Halleck's rule said.
	gf := cmOpen(t, build(true, 2), engine.Script())
	if p := cmPair(t, gf, cmHooker, henry); p.Mode != lrtg.CommsFree || !strings.Contains(p.Why, "Halleck") {
		t.Errorf("option 2: %+v", p)
	}
	// A silence still silences.
	gs := build(true, 1)
	gs = lrtg.With(gs, func(s *lrtg.State) {
		s.Events.Rolled = []lrtg.RandomEventRolled{{Turn: 5, Outcome: lrtg.RandomUSACommsBreak}}
	})
	gs = cmOpen(t, gs, engine.Script())
	if p := cmPair(t, gs, cmHooker, henry); p.Mode != lrtg.CommsSilenced {
		t.Errorf("breakdown: %+v", p)
	}
}
