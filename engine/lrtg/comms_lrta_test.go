package lrtg_test

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA's Communications Phase (004 Sequence of Play 2; comms_rules.go
// choices C13-C15): verbal within 8 hexes or when passive, otherwise
// written and rolled on lrta.written-dispatch (2d6: 11-12 intercepted, 10
// lost, 9 lost beyond 16 hexes).

var (
	laLee     = engine.Actor{ID: "a1", Name: "Lee"}
	laJackson = engine.Actor{ID: "a2", Name: "Jackson"}
	laPope    = engine.Actor{ID: "a3", Name: "Pope"}
	laPorter  = engine.Actor{ID: "a4", Name: "Porter"}
	laUmpire  = engine.Actor{ID: "a0", Name: "Umpire"}
)

// laGame: Lee at (0,0), Jackson dist hexes away; Pope at (0,30), Porter
// 20 hexes from him. Step 2a of turn 5, not yet opened.
func laGame(t *testing.T, dist int) engine.GameState {
	t.Helper()
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Command: "ANV", OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.longstreet", Name: "Longstreet", Side: engine.CSA, Kind: "leader", Command: "L", OnMap: true, Hex: engine.Hex{Q: 0, R: 1}},
		{ID: "csa.jackson", Name: "Jackson", Side: engine.CSA, Kind: "leader", Command: "J", OnMap: true, Hex: engine.Hex{Q: dist, R: 0}},
		{ID: "usa.pope", Name: "Pope", Side: engine.USA, Kind: "leader", Command: "AV", OnMap: true, Hex: engine.Hex{Q: 0, R: 30}},
		{ID: "usa.mcdowell", Name: "McDowell", Side: engine.USA, Kind: "leader", Command: "III", OnMap: true, Hex: engine.Hex{Q: 0, R: 31}},
		{ID: "usa.porter", Name: "Porter", Side: engine.USA, Kind: "leader", Command: "V-AP", OnMap: true, Hex: engine.Hex{Q: 20, R: 30}},
		{ID: "usa.reno", Name: "Reno", Side: engine.USA, Kind: "leader", Command: "IX", OnMap: true, Hex: engine.Hex{Q: 21, R: 30}},
	}}
	g := engine.GameState{}
	for _, c := range []engine.Command{
		withRules(engine.NewGame{By: laUmpire, Options: engine.GameOptions{Scenario: "lrta-campaign", Supply: "simplified", Comms: 1}}),
		engine.JoinGame{By: laLee, Side: engine.CSA},
		engine.JoinGame{By: laJackson, Side: engine.CSA, Commands: []string{"J"}},
		engine.JoinGame{By: laPope, Side: engine.USA},
		engine.JoinGame{By: laPorter, Side: engine.USA, Commands: []string{"V-AP", "IX"}},
		engine.StartGame{By: laUmpire, OOB: oob},
	} {
		g = cmApply(t, g, c, engine.Script())
	}
	if g.Game() != lrtg.LRTA {
		t.Fatalf("game %s", g.Game())
	}
	g.Turn = 5
	g.Sequence = engine.SequenceState{Step: "2a", Turn: 5}
	return g
}

func laTable(t *testing.T) *engine.Table {
	tb := cmCtx(t).Library.Table(lrtg.LRTADispatchTable)
	if tb == nil {
		t.Fatal("no lrta.written-dispatch")
	}
	return tb
}

func TestLRTACommsPairs(t *testing.T) {
	g := laGame(t, 8)
	if lrtg.Of(g).CommsStep() != "2a" || lrtg.Of(g).DispatchTableID() != lrtg.LRTADispatchTable || lrtg.Of(g).CommsRule() != "004 2" {
		t.Fatalf("LRTA's phase: step %s, table %s, rule %s", lrtg.Of(g).CommsStep(), lrtg.Of(g).DispatchTableID(), lrtg.Of(g).CommsRule())
	}
	g = cmOpen(t, g, engine.Script())
	if p := cmPair(t, g, laLee, laJackson); p.Mode != lrtg.CommsVerbal || p.Hexes != 8 || len(p.About) != 0 || !strings.Contains(p.Why, "004 2") {
		t.Errorf("Lee-Jackson at 8 hexes: %+v, want verbal about anything (004 2)", p)
	}
	// The Union 20 hexes apart: written, and no telegraph ruling (004
	// has none).
	if p := cmPair(t, g, laPope, laPorter); p.Mode != lrtg.CommsWritten || p.Telegraph || strings.Contains(p.Why, "LRTG") {
		t.Errorf("Pope-Porter at 20 hexes: %+v", p)
	}
	g9 := cmOpen(t, laGame(t, 9), engine.Script())
	if p := cmPair(t, g9, laLee, laJackson); p.Mode != lrtg.CommsWritten {
		t.Errorf("Lee-Jackson at 9 hexes: %+v, want written (004 2: more than 8 written)", p)
	}
	// Passive: private verbal.
	gp := laGame(t, 30)
	gp = lrtg.With(gp, func(s *lrtg.State) {
		s.Declared.Postures = []lrtg.PostureRecord{{Turn: 5, Side: engine.CSA, Posture: lrtg.PosturePassive}}
	})
	gp = lrtg.With(gp, func(s *lrtg.State) { s.Declared.Reveals = []int{5} })
	gp = cmOpen(t, gp, engine.Script())
	if p := cmPair(t, gp, laLee, laJackson); p.Mode != lrtg.CommsVerbal || !strings.Contains(p.Why, "passive") {
		t.Errorf("passive Lee-Jackson: %+v", p)
	}
	// LRTG's step 2d is not LRTA's.
	g9.Sequence = engine.SequenceState{Step: "2d", Turn: 5}
	if _, err := g9.Decide(lrtg.SendDispatch{By: laLee, To: "Jackson", Text: "x"}, engine.Script()); cmCode(err) != "comms.step" || !strings.Contains(err.Error(), "004 2") {
		t.Errorf("a dispatch out of 2a: %v", err)
	}
	// The LRTG table is refused for an LRTA game's dispatches.
	g9.Sequence = engine.SequenceState{Step: "2a", Turn: 5}
	g9 = cmApply(t, g9, lrtg.SendDispatch{By: laLee, To: "Jackson", Text: "x"}, engine.Script())
	if _, err := g9.Decide(lrtg.CloseComms{By: laUmpire, Table: cmCtx(t).Library.Table(lrtg.DispatchTable), Reason: "x"}, engine.Script(4)); err == nil {
		t.Error("an LRTA dispatch rolled on the LRTG table")
	}
}

// Each outcome of 004 2 on two dice, and who reads an intercepted one.
func TestLRTADispatchRolls(t *testing.T) {
	cases := []struct {
		name       string
		dist       int
		faces      []int
		want       string
		jackson    bool // Jackson reads it
		pope       bool // the Union overall commander reads it
		intelUnion bool // the Union won Enemy Intelligence this turn
	}{
		{"8 delivered", 40, []int{4, 4}, lrtg.DispatchDelivered, true, false, false},
		{"9 at 16 hexes delivered", 16, []int{4, 5}, lrtg.DispatchDelivered, true, false, false},
		{"9 at 17 hexes lost", 17, []int{4, 5}, lrtg.DispatchLost, false, false, false},
		{"10 lost", 9, []int{5, 5}, lrtg.DispatchLost, false, false, false},
		{"11 intercepted", 9, []int{5, 6}, lrtg.DispatchIntercepted, false, true, false},
		{"12 intercepted", 40, []int{6, 6}, lrtg.DispatchIntercepted, false, true, false},
		{"10 intercepted: the Union won Enemy Intelligence", 9, []int{5, 5}, lrtg.DispatchIntercepted, false, true, true},
		{"9 lost beyond 16 hexes, Enemy Intelligence or not", 17, []int{4, 5}, lrtg.DispatchLost, false, false, true},
		{"8 delivered, Enemy Intelligence or not", 17, []int{4, 4}, lrtg.DispatchDelivered, true, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := laGame(t, c.dist)
			if c.intelUnion {
				g = lrtg.With(g, func(s *lrtg.State) {
					s.LRTAEvents.Rolled = []lrtg.LRTARandomEvent{{Turn: 5, Outcome: "enemy-intelligence", Intel: engine.USA, IntelForm: "usa"}}
				})
			}
			g = cmOpen(t, g, engine.Script())
			g = cmApply(t, g, lrtg.SendDispatch{By: laLee, To: "Jackson", Text: "SECRET-LRTA"}, engine.Script())
			rolls := g.Rolls
			evs, err := g.Decide(lrtg.CloseComms{By: laUmpire, Table: laTable(t), Reason: "time"}, engine.Script(c.faces...))
			if err != nil {
				t.Fatal(err)
			}
			tr := evs[0].(*engine.TableRolled)
			if want := map[bool]string{true: "yes", false: "no"}[c.intelUnion]; tr.Facts["intel_lost"] != want {
				t.Errorf("the roll's facts: %+v, want intel_lost %s", tr.Facts, want)
			}
			for _, e := range evs {
				g = g.Apply(e)
			}
			x := lrtg.Of(g).Comms.Dispatches[0]
			if x.Outcome != c.want || x.Face != c.faces[0]+c.faces[1] || x.Roll != rolls+1 || x.Rolled != 5 {
				t.Fatalf("%+v, want %s", x, c.want)
			}
			if got := len(lrtg.Of(g).DispatchInbox(laJackson.ID)) == 1; got != c.jackson {
				t.Errorf("Jackson reads it: %v", got)
			}
			cap := lrtg.Of(g).DispatchesCaptured(laPope)
			if got := len(cap) == 1 && cap[0].Text == "SECRET-LRTA"; got != c.pope {
				t.Errorf("Pope reads it: %+v", cap)
			}
			if c.pope && (cap[0].How != lrtg.CaptureIntercepted || cap[0].Captured != 5 || !strings.Contains(cap[0].CaptureText(), "004 2")) {
				t.Errorf("captured: %+v", cap[0])
			}
			for _, v := range []engine.Actor{laPorter, laLee, laJackson} {
				if len(lrtg.Of(g).DispatchesCaptured(v)) != 0 {
					t.Errorf("%s reads a captured dispatch", v.Name)
				}
			}
		})
	}
	// The Union's own dispatch is not helped by the Union's intelligence.
	g := laGame(t, 30)
	g = lrtg.With(g, func(s *lrtg.State) {
		s.LRTAEvents.Rolled = []lrtg.LRTARandomEvent{{Turn: 5, Outcome: "enemy-intelligence", Intel: engine.USA, IntelForm: "usa"}}
	})
	g = cmOpen(t, g, engine.Script())
	g = cmApply(t, g, lrtg.SendDispatch{By: laPope, To: "Porter", Text: "hold"}, engine.Script())
	g = cmApply(t, g, lrtg.CloseComms{By: laUmpire, Table: laTable(t), Reason: "time"}, engine.Script(5, 5))
	if x := lrtg.Of(g).Comms.Dispatches[0]; x.Outcome != lrtg.DispatchLost {
		t.Errorf("the Union's 10: %+v", x)
	}
}

// The LRTA sequence opens the phase in 2a, which waits for the writers
// once the game uses dispatches, and rolls them when it ends.
func TestLRTACommsStep(t *testing.T) {
	g := laGame(t, 30)
	g.Sequence = engine.SequenceState{Step: "1g", Turn: 5}
	seq := &engine.Sequence{Game: lrtg.LRTA, Steps: []engine.Step{
		{ID: "1g", Phase: "Turn Start", Name: "Harpers Ferry"},
		{ID: "2a", Phase: "Communications", Name: "Command Transfers", When: engine.WhenMultipleCommanders},
		{ID: "3a", Phase: "Leader Transfer", Name: "Leader Transfer"},
	}}
	g = cmApply(t, g, engine.NextStep{By: laUmpire, Sequence: seq, Context: cmCtx(t), Force: true, Reason: "test"}, engine.Script())
	if g.CurrentStep() != "2a" || lrtg.Of(g).Comms.Turn != 5 || len(lrtg.Of(g).Comms.Pairs) != 2 {
		t.Fatalf("2a: step %s, comms turn %d, pairs %+v", g.CurrentStep(), lrtg.Of(g).Comms.Turn, lrtg.Of(g).Comms.Pairs)
	}
	g = cmApply(t, g, lrtg.SendDispatch{By: laJackson, To: "Lee", Text: "At Manassas"}, engine.Script())
	if w := strings.Join(g.Waiting(), ";"); !strings.Contains(w, "Lee's dispatches") || !strings.Contains(w, "Jackson's dispatches") {
		t.Errorf("2a waits for %q", w)
	}
	g = cmApply(t, g, engine.NextStep{By: laUmpire, Sequence: seq, Context: cmCtx(t), Force: true, Reason: "time"}, engine.Script(3, 4))
	if x := lrtg.Of(g).Comms.Dispatches[0]; x.Outcome != lrtg.DispatchDelivered || !lrtg.Of(g).Comms.Closed || g.CurrentStep() != "3a" {
		t.Errorf("at 2a's end: %+v, closed %v, step %s", x, lrtg.Of(g).Comms.Closed, g.CurrentStep())
	}
	if in := lrtg.Of(g).DispatchInbox(laLee.ID); len(in) != 1 {
		t.Errorf("Lee's inbox: %+v", in)
	}
}
