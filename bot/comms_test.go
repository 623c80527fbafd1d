package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

var peteA = engine.Actor{ID: "u3", Name: "Pete"}

func dispatchReq(u engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "dispatch", Path: []string{sub}, Options: opts}
}

// commsGame: Lee (CSA overall) and Pete (1st Corps, Cavalry, Richmond)
// against Meade; the umpire sends Longstreet and Stuart to Winchester,
// far from Lee's corps commanders (the Lee counter starts off the map:
// Ewell and Hill stand for him), and steps to 2d.
func commsGame(t *testing.T) (*Router, Output) {
	t.Helper()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	ctx := context.Background()
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(peteA, "join", map[string]string{"side": "csa", "command": "1,Cav,Rich"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": "Longstreet,Stuart", "to": "Winchester", "reason": "test"}})
	for i := 0; i < 30; i++ {
		g, err := r.gameHere(ctx, ump)
		if err != nil {
			t.Fatal(err)
		}
		var opts map[string]string
		if len(g.Waiting()) > 0 {
			opts = map[string]string{"force": "true", "reason": "go"}
		}
		out := r.Handle(ctx, phaseReq(ump, "next", opts)).first()
		if out.Error != nil {
			t.Fatal(out.Text)
		}
		if g, _ = r.gameHere(ctx, ump); g.CurrentStep() == "2d" {
			return r, out
		}
	}
	t.Fatal("step 2d never came")
	return nil, Output{}
}

// outText is an output's text and events, to search for secrets.
func outText(o Output) string {
	b, _ := json.Marshal(o.Events)
	return o.Text + string(b)
}

func TestDispatchCommandsAndLeaks(t *testing.T) {
	r, step := commsGame(t)
	ctx := context.Background()
	const alpha, bravo = "SECRET-ALPHA march on Harrisburg", "SECRET-BRAVO holding Winchester"
	if !strings.Contains(step.Text, "communications phase is open") {
		t.Errorf("2d's step message: %s", step.Text)
	}
	st := mustOK(t, r, dispatchReq(leeA, "status", nil))
	if st.Audience.Kind != AudienceEphemeral || !strings.Contains(st.Text, "Pete: **written** (71 hexes)") {
		t.Errorf("Lee's status: %s", st.Text)
	}
	var replies = map[string][]Output{}
	do := func(u engine.Actor, sub string, opts map[string]string) Reply {
		rep := r.Handle(ctx, dispatchReq(u, sub, opts))
		replies[u.ID] = append(replies[u.ID], rep.Outputs...)
		return rep
	}
	if rep := do(leeA, "send", map[string]string{"to": "Pete", "text": alpha}); rep.first().Error != nil || !strings.Contains(rep.first().Text, "sealed and sent") {
		t.Fatalf("Lee's send: %+v", rep.first())
	}
	if rep := do(leeA, "send", map[string]string{"to": "Pete", "text": "again"}); rep.first().Error == nil || rep.first().Error.Code != "dispatch.one" {
		t.Errorf("second dispatch: %+v", rep.first())
	}
	if rep := do(meadeA, "send", map[string]string{"to": "Lee", "text": "surrender"}); rep.first().Error == nil || rep.first().Error.Code != "dispatch.to" {
		t.Errorf("Meade writes to Lee: %+v", rep.first())
	}
	do(peteA, "send", map[string]string{"to": "Lee", "text": bravo})
	if rep := do(peteA, "inbox", nil); !strings.Contains(rep.first().Text, "No dispatch") {
		t.Errorf("sealed dispatch read before the close: %s", rep.first().Text)
	}
	if out := r.Handle(ctx, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil)).first(); out.Error == nil || !strings.Contains(out.Text, "Pete's dispatches") {
		t.Errorf("2d does not wait for the writers: %+v", out)
	}
	do(leeA, "done", nil)
	closing := do(peteA, "done", nil)
	var public []Output
	for _, o := range closing.Outputs {
		if o.Audience.Kind == AudiencePublic {
			public = append(public, o)
		}
	}
	if len(public) != 1 || public[0].Text != commsOverText || len(public[0].Events) != 0 {
		t.Errorf("the channel's closing message: %+v", public)
	}
	for _, o := range closing.Outputs {
		for _, v := range o.Events {
			if v.Type != lrtg.EventDispatchesDone {
				t.Errorf("Pete's closing reply carries %s (the rolls are the umpire's)", v.Type)
			}
		}
	}
	// 71 hexes: every roll destroys it or delays it a day (003).
	for _, u := range []engine.Actor{leeA, peteA} {
		if rep := do(u, "inbox", nil); !strings.Contains(rep.first().Text, "No dispatch") {
			t.Errorf("%s received at 71 hexes: %s", u.Name, rep.first().Text)
		}
	}
	do(meadeA, "inbox", nil)
	do(meadeA, "status", nil)
	if rep := do(meadeA, "log", nil); rep.first().Error == nil {
		t.Error("a player reads the log")
	}
	log := mustOK(t, r, dispatchReq(umpireA, "log", nil))
	if !strings.Contains(log.Text, alpha) || !strings.Contains(log.Text, bravo) || strings.Count(log.Text, "your secret roll #") != 2 {
		t.Errorf("the umpire's log: %s", log.Text)
	}
	g, _ := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
	if len(g.Waiting()) != 0 || !lrtg.Of(g).Comms.Closed {
		t.Errorf("2d still waits: %v", g.Waiting())
	}
	// Leaks: nothing public names a dispatch; Meade sees nothing of it;
	// a sender never sees the other's text, and no one a fate.
	for id, outs := range replies {
		for _, o := range outs {
			s := outText(o)
			if o.Audience.Kind == AudiencePublic && (strings.Contains(s, "SECRET") || strings.Contains(s, "Pete") || strings.Contains(s, lrtg.EventDispatchSent)) {
				t.Errorf("public output leaks: %s", s)
			}
			if id == meadeA.ID && (strings.Contains(s, "SECRET") || strings.Contains(s, "Pete")) {
				t.Errorf("Meade sees: %s", s)
			}
			if id == peteA.ID && strings.Contains(s, "SECRET-ALPHA") || id == leeA.ID && strings.Contains(s, "SECRET-BRAVO") {
				t.Errorf("a recipient reads an undelivered dispatch: %s", s)
			}
			for _, f := range []string{lrtg.DispatchDestroyed, lrtg.DispatchNextDay, lrtg.EventDispatchRolled} {
				if strings.Contains(s, f) {
					t.Errorf("%s learns a fate: %s", id, s)
				}
			}
		}
	}
	if strings.Contains(step.Text, "SECRET") {
		t.Error("the step message leaks")
	}
}

// The hook for private channels: what a recipient is shown.
func TestDispatchOutputsFor(t *testing.T) {
	g := engine.GameState{Turn: 6}
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Comms.Dispatches = []lrtg.Dispatch{
			{ID: 1, From: leeA, To: peteA, Turn: 5, Text: "Hold", Outcome: lrtg.DispatchNextDay, Due: 6, Delivered: 6},
			{ID: 2, From: leeA, To: peteA, Turn: 6, Text: "Lost", Outcome: lrtg.DispatchDestroyed},
			{ID: 3, From: peteA, To: leeA, Turn: 6, Text: "Yes", Outcome: lrtg.DispatchDelivered, Delivered: 6},
		}
	})
	outs := DispatchOutputsFor(g, peteA.ID, 6, "pete-channel")
	if len(outs) != 1 || outs[0].Audience.Channel != "pete-channel" || !strings.Contains(outs[0].Text, "From **Lee**, sent turn 5, delivered turn 6 (1 turn late)") || strings.Contains(outs[0].Text, "Lost") {
		t.Errorf("Pete's deliveries: %+v", outs)
	}
}

// The umpire rules on a pair (the Union telegraph the map data lacks).
func TestDispatchRule(t *testing.T) {
	r, _ := commsGame(t)
	ctx := context.Background()
	if out := r.Handle(ctx, dispatchReq(leeA, "rule", map[string]string{"a": "Lee", "b": "Pete", "mode": "verbal", "reason": "x"})).first(); out.Error == nil {
		t.Errorf("a player rules: %s", out.Text)
	}
	out := mustOK(t, r, dispatchReq(umpireA, "rule", map[string]string{"a": "Lee", "b": "Pete", "mode": "verbal", "hexes": "8", "reason": "they ride together"}))
	if out.Audience.Kind != AudienceEphemeral || !strings.Contains(out.Text, "**verbal**, 8 hexes") {
		t.Errorf("the ruling: %+v", out)
	}
	if out := r.Handle(ctx, dispatchReq(leeA, "send", map[string]string{"to": "Pete", "text": "x"})).first(); out.Error == nil || out.Error.Code != "dispatch.pair" {
		t.Errorf("written to a verbal pair: %+v", out)
	}
	if st := mustOK(t, r, dispatchReq(peteA, "status", nil)); !strings.Contains(st.Text, "Lee: **verbal** (8 hexes): the umpire rules: they ride together") {
		t.Errorf("Pete's status: %s", st.Text)
	}
}

// Delivered dispatches go to their recipients' private channels when the
// game has them; none when it has not (the console), none once closed.
func TestDispatchDeliveriesInPrivateChannels(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	g := engine.GameState{Turn: 6, Players: []engine.Player{{Actor: leeA, Side: engine.CSA, Overall: true}, {Actor: peteA, Side: engine.CSA}}}
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Comms.Dispatches = []lrtg.Dispatch{
			{ID: 1, From: leeA, To: peteA, Turn: 6, Text: "Hold the ford", Outcome: lrtg.DispatchDelivered, Delivered: 6},
			{ID: 2, From: peteA, To: leeA, Turn: 6, Text: "Lost", Outcome: lrtg.DispatchDestroyed},
		}
	})
	if outs := r.deliveries(g, false); len(outs) != 0 {
		t.Errorf("without channels: %+v", outs)
	}
	g.Channels = engine.ChannelsState{Category: "cat", Players: map[string]string{leeA.ID: "lee-ch", peteA.ID: "pete-ch"}}
	outs := r.deliveries(g, false)
	if len(outs) != 1 || outs[0].Audience.Kind != AudienceChannel || outs[0].Audience.Channel != "pete-ch" || !strings.Contains(outs[0].Text, "Hold the ford") {
		t.Fatalf("deliveries: %+v", outs)
	}
	g.Channels.Closed = engine.ChannelsArchive
	if outs := r.deliveries(g, false); len(outs) != 0 {
		t.Errorf("after the channels closed: %+v", outs)
	}
}
