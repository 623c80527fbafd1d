package bot

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Captured dispatches (engine/lrtg/comms_rules.go): the Spy's hand-over (000
// 2.0 7)) and LRTA's interceptions (004 2) reach the capturing side's
// overall commander and no one else.

var unionSubA = engine.Actor{ID: "u9", Name: "Reynolds-player"}

// spyState is turn 5 of an LRTG game after the Union won the Spy (step
// 2d open): Lee's dispatch to Pete of turn 4, due on turn 5, was not
// delivered; Pete's to Lee was delivered on turn 4. winner is the Spy's.
func spyState(winner engine.Side) engine.GameState {
	g := engine.GameState{Turn: 5, Umpire: umpireA, Created: true, Started: true,
		Options: engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1},
		Players: []engine.Player{
			{Actor: leeA, Side: engine.CSA, Overall: true}, {Actor: peteA, Side: engine.CSA, Commands: []string{"1"}},
			{Actor: meadeA, Side: engine.USA, Overall: true}, {Actor: unionSubA, Side: engine.USA, Commands: []string{"I"}},
		}}
	g.Sequence = engine.SequenceState{Step: "2d", Turn: 5}
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Events.Rolled = []lrtg.RandomEventRolled{{Turn: 5, Outcome: lrtg.RandomSpy, Spy: winner}}
	})
	late := lrtg.Dispatch{ID: 1, Side: engine.CSA, From: leeA, To: peteA, Turn: 4, Text: "SECRET-LATE march on York", Hexes: 25, Outcome: lrtg.DispatchNextDay, Due: 5, Rolled: 4}
	if winner == engine.CSA {
		late.Delivered = 5
	}
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Comms = lrtg.CommsState{Turn: 5, Dispatches: []lrtg.Dispatch{
			late,
			{ID: 2, Side: engine.CSA, From: peteA, To: leeA, Turn: 4, Text: "SECRET-ONTIME at Culpeper", Hexes: 25, Outcome: lrtg.DispatchDelivered, Delivered: 4, Rolled: 4},
		}}
	})
	g.Channels = engine.ChannelsState{Category: "cat", Players: map[string]string{leeA.ID: "lee-ch", peteA.ID: "pete-ch", meadeA.ID: "meade-ch", unionSubA.ID: "sub-ch"}}
	return g
}

func TestSpyHandOverOutputsAndLeaks(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	g := spyState(engine.USA)
	both := []string{"SECRET-LATE", "SECRET-ONTIME"}
	// What each viewer may read: Meade both, the umpire both; Lee only
	// the one delivered to him before the Spy; Pete and the Union
	// subordinate nothing.
	want := map[string][]string{meadeA.ID: both, umpireA.ID: both, leeA.ID: {"SECRET-ONTIME"}}
	for _, v := range []engine.Actor{leeA, peteA, meadeA, unionSubA, umpireA, {ID: "x", Name: "Outsider"}} {
		text := inboxText(g, v) + "\n" + interceptedText(g, v)
		for _, s := range both {
			if got, ok := strings.Contains(text, s), slices.Contains(want[v.ID], s); got != ok {
				t.Errorf("%s reads %s: %v, want %v\n%s", v.Name, s, got, ok, text)
			}
		}
	}
	if s := interceptedText(g, meadeA); !strings.Contains(s, "From **Lee** to **Pete**, written turn 4, taken by the Spy on turn 5") {
		t.Errorf("Meade's intercepted: %s", s)
	}
	if s := inboxText(g, meadeA); !strings.Contains(s, "Captured enemy dispatches") {
		t.Errorf("Meade's inbox: %s", s)
	}
	if s := interceptedText(g, unionSubA); !strings.Contains(s, "Only a side's overall commander") {
		t.Errorf("a subordinate's intercepted: %s", s)
	}
	// The Spy's roll posts the captures in Meade's channel alone; Pete's
	// channel receives nothing (the Spy took his dispatch), and the phase's
	// opening posts nothing more.
	if outs := r.deliveries(g, true); len(outs) != 0 {
		t.Errorf("opening outputs: %+v", outs)
	}
	outs := r.spyCaptures(g)
	if len(outs) != 2 {
		t.Fatalf("the Spy's outputs: %+v", outs)
	}
	for _, o := range outs {
		if o.Audience.Kind != AudienceChannel || o.Audience.Channel != "meade-ch" || o.Audience.UserID != meadeA.ID || !strings.HasPrefix(o.Text, "🕵️") {
			t.Errorf("an output for %+v: %s", o.Audience, o.Text)
		}
	}
	if outs := r.deliveries(g, false); len(outs) != 0 {
		t.Errorf("closing outputs: %+v", outs)
	}
	// The Confederates win instead: Pete's dispatch arrives, Meade has
	// nothing.
	c := spyState(engine.CSA)
	outs = r.deliveries(c, true)
	if len(outs) != 1 || outs[0].Audience.Channel != "pete-ch" || !strings.Contains(outs[0].Text, "SECRET-LATE") {
		t.Errorf("the Confederates' Spy: %+v", outs)
	}
	if s := interceptedText(c, meadeA); strings.Contains(s, "SECRET") {
		t.Errorf("Meade reads: %s", s)
	}
}

// An intercepted LRTA dispatch is posted, at the phase's close, in the
// enemy overall commander's channel alone.
func TestLRTAInterceptedOutputs(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	g := spyState(engine.USA)
	g.Options.Scenario = "lrta-campaign"
	g = bare(g)
	g = lrtg.With(g, func(s *lrtg.State) { s.Events.Rolled = nil })
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Comms.Dispatches = []lrtg.Dispatch{
			{ID: 1, Side: engine.CSA, From: leeA, To: peteA, Turn: 5, Text: "SECRET-CAUGHT", Outcome: lrtg.DispatchIntercepted, Rolled: 5},
			{ID: 2, Side: engine.CSA, From: peteA, To: leeA, Turn: 5, Text: "SECRET-LOST", Outcome: lrtg.DispatchLost, Rolled: 5},
		}
	})
	outs := r.deliveries(g, false)
	if len(outs) != 1 || outs[0].Audience.Channel != "meade-ch" || !strings.Contains(outs[0].Text, "SECRET-CAUGHT") || !strings.Contains(outs[0].Text, "intercepted on turn 5 (004 2)") {
		t.Fatalf("closing outputs: %+v", outs)
	}
	for _, v := range []engine.Actor{leeA, peteA, unionSubA} {
		if s := inboxText(g, v) + interceptedText(g, v); strings.Contains(s, "SECRET") {
			t.Errorf("%s reads: %s", v.Name, s)
		}
	}
	if commsOver(g) != "📨 The communications phase is over (004 2)." {
		t.Errorf("LRTA's close: %s", commsOver(g))
	}
}

// An LRTA game with two commanders a side: the phase opens in 2a and its
// texts cite 004, not LRTG.
func TestLRTADispatchStatus(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	ctx := context.Background()
	jackA, popeA, porterA := engine.Actor{ID: "u5", Name: "Jackson"}, engine.Actor{ID: "u6", Name: "Pope"}, engine.Actor{ID: "u7", Name: "Porter"}
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrta-campaign", "supply": "simplified"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(jackA, "join", map[string]string{"side": "csa", "command": "J,Cav"}))
	mustOK(t, r, gameReq(popeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(porterA, "join", map[string]string{"side": "usa", "command": "V-AP,III-AP,II-AP,VI-AP,AP,I-AP,IX-AP,XI-AP,XII-AP,Cav,Kan,Res"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	var opened Output
	for i := 0; i < 30; i++ {
		g, err := r.gameHere(ctx, ump)
		if err != nil {
			t.Fatal(err)
		}
		if g.CurrentStep() == "2a" {
			break
		}
		var opts map[string]string
		if len(g.Waiting()) > 0 {
			opts = map[string]string{"force": "true", "reason": "go"}
		}
		if opened = r.Handle(ctx, phaseReq(ump, "next", opts)).first(); opened.Error != nil {
			t.Fatal(opened.Text)
		}
	}
	if !strings.Contains(opened.Text, "communications phase is open (004 2)") || strings.Contains(opened.Text, "LRTG 21.2") {
		t.Errorf("2a's message: %s", opened.Text)
	}
	st := mustOK(t, r, dispatchReq(leeA, "status", nil))
	if !strings.Contains(st.Text, "(004 2; option 1)") || !strings.Contains(st.Text, "Jackson: **") || strings.Contains(st.Text, "LRTG") {
		t.Errorf("Lee's status: %s", st.Text)
	}
	if st := mustOK(t, r, dispatchReq(leeA, "intercepted", nil)); !strings.Contains(st.Text, "No enemy dispatch") || !strings.Contains(st.Text, "004 2") {
		t.Errorf("Lee's intercepted: %s", st.Text)
	}
	if st := mustOK(t, r, dispatchReq(jackA, "intercepted", nil)); !strings.Contains(st.Text, "Only a side's overall commander") {
		t.Errorf("Jackson's intercepted: %s", st.Text)
	}
}
