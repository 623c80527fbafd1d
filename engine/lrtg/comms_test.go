package lrtg_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// Step 2d, LRTG 21.2 and 003 "Historic Multiplayer Communication Rules".

var (
	cmUmpire = engine.Actor{ID: "c0", Name: "Umpire"}
	cmLee    = engine.Actor{ID: "c1", Name: "Lee"}        // CSA overall: the Lee counter
	cmPete   = engine.Actor{ID: "c2", Name: "Pete"}       // CSA 1st Corps
	cmDick   = engine.Actor{ID: "c3", Name: "Dick"}       // CSA 2nd Corps
	cmHooker = engine.Actor{ID: "c4", Name: "Joe Hooker"} // USA overall
	cmJohn   = engine.Actor{ID: "c5", Name: "John"}       // USA I Corps
)

// cmGame: Lee at (0,0); Longstreet (1) dist hexes away along a row;
// Ewell (2) 40 hexes away; Hooker at (0,20), Reynolds (I) 5 hexes from him.
func cmGame(t *testing.T, comms, dist int) engine.GameState {
	t.Helper()
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Command: "ANV", OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.longstreet", Name: "Longstreet", Side: engine.CSA, Kind: "leader", Command: "1", OnMap: true, Hex: engine.Hex{Q: dist, R: 0}},
		{ID: "csa.ewell", Name: "Ewell", Side: engine.CSA, Kind: "leader", Command: "2", OnMap: true, Hex: engine.Hex{Q: 40, R: 0}},
		{ID: "usa.hooker", Name: "Hooker", Side: engine.USA, Kind: "leader", Command: "AoP", OnMap: true, Hex: engine.Hex{Q: 0, R: 20}},
		{ID: "usa.reynolds", Name: "Reynolds", Side: engine.USA, Kind: "leader", Command: "I", OnMap: true, Hex: engine.Hex{Q: 5, R: 20}},
	}}
	g := engine.GameState{}
	for _, c := range []engine.Command{
		withRules(engine.NewGame{By: cmUmpire, Options: engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: comms}}),
		engine.JoinGame{By: cmLee, Side: engine.CSA},
		engine.JoinGame{By: cmPete, Side: engine.CSA, Commands: []string{"1"}},
		engine.JoinGame{By: cmDick, Side: engine.CSA, Commands: []string{"2"}},
		engine.JoinGame{By: cmHooker, Side: engine.USA},
		engine.JoinGame{By: cmJohn, Side: engine.USA, Commands: []string{"I"}},
		engine.StartGame{By: cmUmpire, OOB: oob},
	} {
		g = cmApply(t, g, c, engine.Script())
	}
	g.Turn = 5
	g.Sequence = engine.SequenceState{Step: "2d", Turn: 5}
	return g
}

func cmApply(t *testing.T, g engine.GameState, c engine.Command, d engine.Dice) engine.GameState {
	t.Helper()
	evs, err := g.Decide(c, d)
	if err != nil {
		t.Fatalf("%s: %v", c.CommandName(), err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

func cmCtx(t *testing.T) engine.StepContext {
	t.Helper()
	lib, err := scenarios.Library()
	if err != nil {
		t.Fatal(err)
	}
	return engine.StepContext{Library: lib}
}

func cmOpen(t *testing.T, g engine.GameState, d engine.Dice) engine.GameState {
	t.Helper()
	evs, err := lrtg.OpenCommunications(lrtg.Of(g), d, cmCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

func cmPair(t *testing.T, g engine.GameState, a, b engine.Actor) lrtg.CommsPair {
	t.Helper()
	for _, p := range lrtg.Of(g).Comms.Pairs {
		if p.Has(a.ID, b.ID) {
			return p
		}
	}
	t.Fatalf("no pair %s-%s", a.Name, b.Name)
	return lrtg.CommsPair{}
}

func cmCode(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Code
	}
	return ""
}

func TestCommsPairs(t *testing.T) {
	g := cmOpen(t, cmGame(t, 1, 10), engine.Script())
	if p := cmPair(t, g, cmLee, cmPete); p.Mode != lrtg.CommsVerbal || p.Hexes != 10 || !slices.Contains(p.About, "csa.longstreet") {
		t.Errorf("Lee-Pete at 10 hexes: %+v, want verbal about Longstreet (21.2 2))", p)
	}
	if p := cmPair(t, g, cmLee, cmDick); p.Mode != lrtg.CommsWritten || p.Hexes != 40 {
		t.Errorf("Lee-Dick at 40 hexes: %+v, want written", p)
	}
	if p := cmPair(t, g, cmPete, cmDick); p.Mode != lrtg.CommsNone {
		t.Errorf("Pete-Dick at 30 hexes: %+v, want none (subordinates write to the overall commander)", p)
	}
	if p := cmPair(t, g, cmHooker, cmJohn); p.Mode != lrtg.CommsVerbal || p.Hexes != 5 {
		t.Errorf("Hooker-John: %+v", p)
	}
	g11 := cmOpen(t, cmGame(t, 1, 11), engine.Script())
	if p := cmPair(t, g11, cmLee, cmPete); p.Mode != lrtg.CommsWritten {
		t.Errorf("Lee-Pete at 11 hexes: %+v, want written (003 2 d) 11+ hexes written)", p)
	}
	// Until the game uses dispatches, 2d does not wait (choice C10); then
	// the wait names the writers: Lee, Pete, Dick; not the Union.
	if w := g11.Waiting(); len(w) != 0 {
		t.Errorf("2d waits before any dispatch: %v", w)
	}
	g11 = cmApply(t, g11, lrtg.SendDispatch{By: cmDick, To: "Lee", Text: "Where?"}, engine.Script())
	w := strings.Join(g11.Waiting(), ";")
	for _, n := range []string{"Lee", "Pete", "Dick"} {
		if !strings.Contains(w, n) {
			t.Errorf("2d waits %q, want %s", w, n)
		}
	}
	if strings.Contains(w, "Hooker") || strings.Contains(w, "John") {
		t.Errorf("2d waits for the verbal Union: %q", w)
	}
	// Passive: every pair talks (21.2 1)).
	gp := cmGame(t, 1, 11)
	gp = lrtg.With(gp, func(s *lrtg.State) {
		s.Declared.Postures = []lrtg.PostureRecord{{Turn: 5, Side: engine.CSA, Posture: lrtg.PosturePassive}}
	})
	gp = lrtg.With(gp, func(s *lrtg.State) { s.Declared.Reveals = []int{5} })
	gp = cmOpen(t, gp, engine.Script())
	if p := cmPair(t, gp, cmLee, cmDick); p.Mode != lrtg.CommsVerbal {
		t.Errorf("passive Lee-Dick: %+v", p)
	}
	// Options 2 and 3: free talk, no dispatch.
	for _, o := range []int{2, 3} {
		gf := cmOpen(t, cmGame(t, o, 30), engine.Script())
		if p := cmPair(t, gf, cmLee, cmDick); p.Mode != lrtg.CommsFree {
			t.Errorf("option %d: %+v", o, p)
		}
		if _, err := gf.Decide(lrtg.SendDispatch{By: cmLee, To: "Dick", Text: "x"}, engine.Script()); cmCode(err) != "dispatch.option" {
			t.Errorf("option %d dispatch: %v", o, err)
		}
		if len(gf.Waiting()) != 0 {
			t.Errorf("option %d waits: %v", o, gf.Waiting())
		}
	}
}

// Each outcome of 003 Written Communications Delivery by distance.
func TestDispatchDeliveryRolls(t *testing.T) {
	tb := cmCtx(t).Library.Table(lrtg.DispatchTable)
	cases := []struct {
		dist, face int
		want       string
		delivered  int // turn delivered at close (0: not)
		due        int
	}{
		{11, 1, lrtg.DispatchDestroyed, 0, 0},
		{19, 2, lrtg.DispatchDelivered, 5, 0},
		{20, 2, lrtg.DispatchDestroyed, 0, 0},
		{19, 3, lrtg.DispatchDelivered, 5, 0},
		{20, 3, lrtg.DispatchNextDay, 0, 6},
		{29, 4, lrtg.DispatchDelivered, 5, 0},
		{30, 5, lrtg.DispatchNextDay, 0, 6},
		{35, 6, lrtg.DispatchNextDay, 0, 6},
	}
	for _, c := range cases {
		g := cmOpen(t, cmGame(t, 1, c.dist), engine.Script())
		g = cmApply(t, g, lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "Move on Chambersburg"}, engine.Script())
		g = cmApply(t, g, lrtg.DoneDispatches{By: cmLee, Table: tb}, engine.Script())
		g = cmApply(t, g, lrtg.DoneDispatches{By: cmDick, Table: tb}, engine.Script())
		rolls, secret := g.Rolls, g.SecretRolls[engine.RollAudienceUmpire]
		g = cmApply(t, g, lrtg.DoneDispatches{By: cmPete, Table: tb}, engine.Script(c.face))
		x := lrtg.Of(g).Comms.Dispatches[0]
		if x.Outcome != c.want || x.Delivered != c.delivered || x.Due != c.due || x.Face != c.face {
			t.Errorf("%d hexes, roll %d: %+v, want %s", c.dist, c.face, x, c.want)
		}
		// The delivery roll is the umpire's secret roll (issue 19): the
		// public count does not move.
		if x.Roll != secret+1 || g.SecretRolls[engine.RollAudienceUmpire] != secret+1 || g.Rolls != rolls {
			t.Errorf("the roll is not the umpire's next secret roll: #%d after %d (public %d after %d)", x.Roll, secret, g.Rolls, rolls)
		}
		if !lrtg.Of(g).Comms.Closed || len(g.Waiting()) != 0 {
			t.Errorf("not closed: %v", g.Waiting())
		}
	}
}

// One per pair, sealed until the phase closes, delayed to the next 2d.
func TestDispatchSealedAndDelayed(t *testing.T) {
	tb := cmCtx(t).Library.Table(lrtg.DispatchTable)
	g := cmOpen(t, cmGame(t, 1, 25), engine.Script())
	g = cmApply(t, g, lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "Hold"}, engine.Script())
	if _, err := g.Decide(lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "again"}, engine.Script()); cmCode(err) != "dispatch.one" {
		t.Errorf("second dispatch to Pete: %v", err)
	}
	if _, err := g.Decide(lrtg.SendDispatch{By: cmPete, To: "Dick", Text: "hi"}, engine.Script()); cmCode(err) != "dispatch.pair" {
		t.Errorf("subordinate to subordinate: %v", err)
	}
	if _, err := g.Decide(lrtg.SendDispatch{By: cmLee, To: "Joe Hooker", Text: "hi"}, engine.Script()); cmCode(err) != "dispatch.to" {
		t.Errorf("to the enemy: %v", err)
	}
	g = cmApply(t, g, lrtg.SendDispatch{By: cmPete, To: "Lee", Text: "Yes sir"}, engine.Script())
	if len(lrtg.Of(g).DispatchInbox(cmPete.ID)) != 0 || len(lrtg.Of(g).DispatchInbox(cmLee.ID)) != 0 {
		t.Error("a dispatch is read before the phase closes")
	}
	if _, err := g.Decide(lrtg.CloseComms{By: cmLee, Table: tb, Reason: "x"}, engine.Script()); cmCode(err) != "comms.umpire" {
		t.Errorf("a player closes: %v", err)
	}
	if _, err := g.Decide(lrtg.CloseComms{By: cmUmpire, Table: tb}, engine.Script()); cmCode(err) != "comms.reason" {
		t.Errorf("close while waiting without reason: %v", err)
	}
	// 25 hexes: 3 is a day late, 4 delivered (003).
	g = cmApply(t, g, lrtg.CloseComms{By: cmUmpire, Table: tb, Reason: "time"}, engine.Script(3, 4))
	if in := lrtg.Of(g).DispatchInbox(cmPete.ID); len(in) != 0 {
		t.Errorf("Pete received a late dispatch now: %+v", in)
	}
	if in := lrtg.Of(g).DispatchInbox(cmLee.ID); len(in) != 1 || in[0].Text != "Yes sir" || in[0].Delivered != 5 {
		t.Errorf("Lee's inbox: %+v", in)
	}
	if _, err := g.Decide(lrtg.SendDispatch{By: cmDick, To: "Lee", Text: "late"}, engine.Script()); cmCode(err) != "comms.closed" {
		t.Errorf("sending after close: %v", err)
	}
	// The next turn's 2d delivers it.
	g.Turn, g.Sequence = 6, engine.SequenceState{Step: "2d", Turn: 6}
	g = cmOpen(t, g, engine.Script())
	if in := lrtg.Of(g).DispatchInbox(cmPete.ID); len(in) != 1 || in[0].Turn != 5 || in[0].Delivered != 6 {
		t.Errorf("Pete's inbox on turn 6: %+v", in)
	}
	if lrtg.Of(g).Comms.Closed || len(lrtg.Of(g).Comms.Done) != 0 {
		t.Error("the new phase is not open")
	}
	// Out of step.
	g.Sequence = engine.SequenceState{Step: "3a", Turn: 6}
	if _, err := g.Decide(lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "x"}, engine.Script()); cmCode(err) != "comms.step" {
		t.Errorf("out of step: %v", err)
	}
}

// Communications Breakdown and Lee is Sick (000 2.0 3), 12)).
func TestCommsSilence(t *testing.T) {
	tb := cmCtx(t).Library.Table(lrtg.DispatchTable)
	g := cmOpen(t, cmGame(t, 1, 25), engine.Script())
	g = cmApply(t, g, lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "Hold"}, engine.Script())
	g = cmApply(t, g, lrtg.CloseComms{By: cmUmpire, Table: tb, Reason: "time"}, engine.Script(3))
	if lrtg.Of(g).Comms.Dispatches[0].Due != 6 {
		t.Fatalf("not a day late: %+v", lrtg.Of(g).Comms.Dispatches[0])
	}
	for _, ev := range []string{lrtg.RandomCSACommsBreak, lrtg.RandomLeeSick} {
		h := g
		h.Turn, h.Sequence = 6, engine.SequenceState{Step: "2d", Turn: 6}
		h = lrtg.With(h, func(s *lrtg.State) { s.Events.Rolled = []lrtg.RandomEventRolled{{Turn: 6, Outcome: ev}} })
		h = cmOpen(t, h, engine.Script())
		if p := cmPair(t, h, cmLee, cmDick); p.Mode != lrtg.CommsSilenced {
			t.Errorf("%s: %+v", ev, p)
		}
		if p := cmPair(t, h, cmHooker, cmJohn); p.Mode != lrtg.CommsVerbal {
			t.Errorf("%s silences the Union: %+v", ev, p)
		}
		if _, err := h.Decide(lrtg.SendDispatch{By: cmLee, To: "Dick", Text: "x"}, engine.Script()); cmCode(err) != "dispatch.silenced" {
			t.Errorf("%s: a silenced side sends: %v", ev, err)
		}
		if len(lrtg.Of(h).DispatchInbox(cmPete.ID)) != 0 || lrtg.Of(h).Comms.Dispatches[0].Due != 7 {
			t.Errorf("%s: the dispatch due is not held: %+v", ev, lrtg.Of(h).Comms.Dispatches[0])
		}
		if len(h.Waiting()) != 0 {
			t.Errorf("%s: waits for a silenced side: %v", ev, h.Waiting())
		}
		// Turn 7, no event: delivered.
		h.Turn, h.Sequence = 7, engine.SequenceState{Step: "2d", Turn: 7}
		h = cmOpen(t, h, engine.Script())
		if in := lrtg.Of(h).DispatchInbox(cmPete.ID); len(in) != 1 || in[0].Delivered != 7 {
			t.Errorf("%s: turn 7 inbox %+v", ev, in)
		}
	}
	// A Union breakdown under option 2 (friendly) does not silence (000 2.0 12)).
	f := cmGame(t, 2, 25)
	f = lrtg.With(f, func(s *lrtg.State) {
		s.Events.Rolled = []lrtg.RandomEventRolled{{Turn: 5, Outcome: lrtg.RandomUSACommsBreak}}
	})
	f = cmOpen(t, f, engine.Script())
	if p := cmPair(t, f, cmHooker, cmJohn); p.Mode != lrtg.CommsFree {
		t.Errorf("option 2 breakdown: %+v", p)
	}
}

// A phase left sealed by /phase next force is rolled when the next 2d begins.
func TestCommsLeftoverRolled(t *testing.T) {
	g := cmOpen(t, cmGame(t, 1, 15), engine.Script())
	g = cmApply(t, g, lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "Hold"}, engine.Script())
	g.Turn, g.Sequence = 6, engine.SequenceState{Step: "2d", Turn: 6}
	g = cmOpen(t, g, engine.Script(2))
	if x := lrtg.Of(g).Comms.Dispatches[0]; x.Outcome != lrtg.DispatchDelivered || x.Roll == 0 {
		t.Errorf("leftover: %+v", x)
	}
	if in := lrtg.Of(g).DispatchInbox(cmPete.ID); len(in) != 1 {
		t.Errorf("leftover inbox: %+v", in)
	}
}

func TestCommsEventsRoundTrip(t *testing.T) {
	for _, e := range []engine.Event{&lrtg.CommsOpened{Turn: 3}, &lrtg.DispatchSent{Dispatch: lrtg.Dispatch{ID: 1, Text: "x"}},
		&lrtg.DispatchesDone{Turn: 3}, &lrtg.DispatchRolled{ID: 1}, &lrtg.CommsClosed{Turn: 3}} {
		typ, b, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeEvent(typ, b)
		if err != nil || back.EventType() != e.EventType() {
			t.Errorf("%s: %v", e.EventType(), err)
		}
	}
}

// The umpire's ruling (choice C2): the telegraph and rail distance.
func TestCommsUmpireRuling(t *testing.T) {
	tb := cmCtx(t).Library.Table(lrtg.DispatchTable)
	g := cmOpen(t, cmGame(t, 1, 25), engine.Script())
	g = cmApply(t, g, lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "Hold"}, engine.Script())
	if _, err := g.Decide(lrtg.RuleCommsPair{By: cmLee, A: "Lee", B: "Dick", Mode: lrtg.CommsVerbal, Hexes: -1, Reason: "x"}, engine.Script()); cmCode(err) != "comms.umpire" {
		t.Errorf("a player rules: %v", err)
	}
	if _, err := g.Decide(lrtg.RuleCommsPair{By: cmUmpire, A: "Lee", B: "Dick", Mode: lrtg.CommsVerbal, Hexes: -1}, engine.Script()); cmCode(err) != "comms.reason" {
		t.Errorf("no reason: %v", err)
	}
	g = cmApply(t, g, lrtg.RuleCommsPair{By: cmUmpire, A: "Lee", B: "Dick", Mode: lrtg.CommsVerbal, Hexes: -1, Reason: "telegraph"}, engine.Script())
	if _, err := g.Decide(lrtg.SendDispatch{By: cmLee, To: "Dick", Text: "x"}, engine.Script()); cmCode(err) != "dispatch.pair" {
		t.Errorf("written to a verbal pair: %v", err)
	}
	// 12 hexes by the umpire's count: a 3 is delivered (under 20), not a day late.
	g = cmApply(t, g, lrtg.RuleCommsPair{By: cmUmpire, A: "Pete", B: "Lee", Hexes: 12, Reason: "rail"}, engine.Script())
	if p := cmPair(t, g, cmLee, cmPete); p.Mode != lrtg.CommsWritten || p.Hexes != 12 {
		t.Errorf("ruled pair: %+v", p)
	}
	g = cmApply(t, g, lrtg.CloseComms{By: cmUmpire, Table: tb, Reason: "time"}, engine.Script(3))
	if in := lrtg.Of(g).DispatchInbox(cmPete.ID); len(in) != 1 || in[0].Hexes != 12 {
		t.Errorf("Pete's inbox: %+v", in)
	}
}

// The umpire ends step 2d while a dispatch is still sealed (/phase next,
// forced): it is rolled then, not carried to the next turn.
func TestCommsClosedWhenTheStepEnds(t *testing.T) {
	g := cmOpen(t, cmGame(t, 1, 15), engine.Script())
	g = cmApply(t, g, lrtg.SendDispatch{By: cmLee, To: "Pete", Text: "Hold"}, engine.Script())
	seq := &engine.Sequence{Game: lrtg.LRTG, Steps: []engine.Step{{ID: "2d", Phase: "Communications", Name: "Communications", Rule: "21.2"}, {ID: "3a", Phase: "Leader Transfer", Name: "Leader Transfer", Rule: "16"}}}
	if _, err := g.Decide(engine.NextStep{By: cmUmpire, Sequence: seq, Context: cmCtx(t)}, engine.Script(4)); err == nil {
		t.Fatal("2d ended while commanders were writing, unforced")
	}
	g = cmApply(t, g, engine.NextStep{By: cmUmpire, Sequence: seq, Context: cmCtx(t), Force: true, Reason: "time is up"}, engine.Script(4))
	x := lrtg.Of(g).Comms.Dispatches[0]
	if x.Outcome != lrtg.DispatchDelivered || x.Roll == 0 || !lrtg.Of(g).Comms.Closed || g.CurrentStep() != "3a" {
		t.Errorf("dispatch %+v, closed %v, step %s", x, lrtg.Of(g).Comms.Closed, g.CurrentStep())
	}
	if in := lrtg.Of(g).DispatchInbox(cmPete.ID); len(in) != 1 {
		t.Errorf("inbox: %+v", in)
	}
}
