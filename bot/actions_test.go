package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

func actionReq(u engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "action", Path: []string{sub}, Options: opts}
}

// acForceTo steps the game to a step, forcing the steps that wait (the
// other modules' decisions are not what these tests are about).
func acForceTo(t *testing.T, r *Router, step string) []Output {
	t.Helper()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	for i := 0; i < 40; i++ {
		rep := r.Handle(context.Background(), phaseReq(ump, "next", map[string]string{"force": "true", "reason": "the test moves on"}))
		if out := rep.first(); out.Error != nil {
			t.Fatalf("/phase next toward %s: %s", step, out.Text)
		}
		g, err := r.gameHere(context.Background(), ump)
		if err != nil {
			t.Fatal(err)
		}
		if g.CurrentStep() == step {
			return rep.Outputs
		}
	}
	t.Fatalf("step %s never began", step)
	return nil
}

func acRefusal(t *testing.T, r *Router, req Request, code string) Output {
	t.Helper()
	out := r.Handle(context.Background(), req).first()
	if out.Error == nil || out.Error.Code != code {
		t.Fatalf("%s %v: got %+v, want %s", req.Command, req.Path, out, code)
	}
	return out
}

func acWants(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// The opening turn's action cycle through /phase next and /action: the
// Confederates activate without initiative; the umpire begins the rolls
// (scripted); strategic movement waits for 4b; two passes end 4a; 4b
// begins with a roll; an army leader activation and its 10.3 penalty.
// Each action rolls its movement allowance as it begins (LRTG 003
// MOVEMENT; 10.1 3)-4)), told with open intelligence to the channel.
func TestActionCycleThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(4, 5, 2, 2, 6, 6, 6)))
	startLRTG(t, r, nil)
	outs := acForceTo(t, r, "4a")
	acWants(t, "4a", outs[0].Text, "▶ 4a Normal Action Phase", "no initiative rolls on the opening turns",
		"Waiting for: the CSA's activations, without initiative on the opening turns")
	acRefusal(t, r, actionReq(meadeA, "pass", nil), "action.turn")
	acRefusal(t, r, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Sedgwick"}), "unit.unknown")
	out := mustOK(t, r, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"}))
	if out.Audience.Kind != AudiencePublic {
		t.Fatalf("%+v", out)
	}
	acWants(t, "the activation", out.Text, "Lee activates Longstreet (CSA, Normal Action Phase, action phase 1)",
		"🥾 **Movement allowance** (003 MOVEMENT), rolled as the action begins: Roll #1 [4] for infantry and artillery (one die).",
		"· Hood, McLaws: **6** movement points (die 4, +2 infantry with its leader).",
		"Waiting for: the CSA's action to end: Longstreet's activation (/action done).")
	if g, _ := r.gameHere(ctx, Request{ChannelID: "war"}); g.Units == nil {
		t.Fatal("no game")
	} else if mp, ok := lrtg.Of(g).AllowanceOf("csa.hood"); !ok || mp != 6 {
		t.Errorf("Hood's allowance %d %v", mp, ok)
	}
	// The step waits for it.
	next := acRefusal(t, r, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil), "phase.waiting")
	acWants(t, "/phase next", next.Text, "Longstreet's activation")
	out = mustOK(t, r, actionReq(leeA, "done", nil))
	acWants(t, "done", out.Text, "The CSA's action ends.", "Waiting for: the CSA's activations")
	// A Confederate unit left the six counties: the rolls begin.
	acRefusal(t, r, actionReq(leeA, "rolls", map[string]string{"reason": "x"}), "game.umpire")
	out = mustOK(t, r, actionReq(umpireA, "rolls", map[string]string{"reason": "Hood left Culpeper County"}))
	acWants(t, "the first roll", out.Text, "The initiative rolls begin (000 VIII 3))", "🎲 Roll #2", "CSA initiative, Normal Action Phase action phase 2: [5] = **5**",
		"🎲 Roll #3", "**The CSA has the initiative** (Normal Action Phase, action phase 2): CSA 5, USA 2.",
		"Waiting for: the CSA's decision: it has the initiative in Normal Action Phase action phase 2")
	if n := len(out.Events); n != 4 {
		t.Errorf("%d public events", n)
	}
	// Strategic movement waits for the Distance Action Phase.
	mv := r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "Hood", "to": "Culpeper", "mode": "strategic", "fatigue": "2"}}).first()
	if mv.Error == nil || mv.Error.Code != "move.portion" || !strings.Contains(mv.Text, "Distance Action Phase") {
		t.Fatalf("strategic move in 4a: %+v", mv)
	}
	// Army leader: Lee joins Longstreet, and tries (2: success, movement
	// die 6).
	g, _ := r.gameHere(ctx, Request{ChannelID: "war"})
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "Lee", "to": g.Units["csa.longstreet"].Ref}})
	out = mustOK(t, r, actionReq(leeA, "army", map[string]string{"leader": "Lee", "units": "Hood, McLaws"}))
	acWants(t, "the army activation", out.Text, "Roll #4", "on **Activate Army Leader** (000 10.1): [2] → **Army leader activates**",
		"Roll #5", "The CSA attempts Activate Army Leader with Lee (LRTG 10.1; Normal Action Phase, action phase 2): **it succeeds**.", "His movement die counts 6",
		"🥾 **Movement allowance** (003 MOVEMENT; LRTG 10.1 3)-4)), rolled as the action begins: Roll #5 [6] for infantry and artillery (one die).",
		"· Hood, McLaws: **8** movement points (die 6, +2 as a non-cavalry leader's).",
		"The USA wins the next initiative without a roll (10.3)", "Selected (10.1 2)): Hood, McLaws.", "Waiting for: the CSA's action to end: Lee's army activation")
	acWants(t, "/action show in the army activation", mustOK(t, r, actionReq(meadeA, "show", nil)).Text, "· Hood, McLaws: **8** movement points")
	out = mustOK(t, r, actionReq(leeA, "done", nil))
	acWants(t, "after the army activation", out.Text, "**The USA has the initiative** (Normal Action Phase, action phase 3) without a roll", "(LRTG 10.3)")
	// Two passes end the Normal Action Phase.
	out = mustOK(t, r, actionReq(meadeA, "pass", nil))
	acWants(t, "the Union's pass", out.Text, "The USA passes", "Waiting for: the CSA's decision after the USA passed")
	out = mustOK(t, r, actionReq(leeA, "pass", nil))
	acWants(t, "the second pass", out.Text, "Both sides have passed: the Normal Action Phase is over.", "Waiting for: the umpire (/phase next).")
	acRefusal(t, r, actionReq(leeA, "pass", nil), "action.over")
	// 4b: a new roll; 6-6 is the Confederates'.
	outs = acForceTo(t, r, "4b")
	acWants(t, "4b", outs[0].Text, "▶ 4b Distance Action Phase", "Distance Action Phase: regular, strategic, rail and naval movement",
		"Roll #6", "Roll #7", "**The CSA has the initiative** (Distance Action Phase, action phase 1): CSA 6, USA 6: a tie, and the Confederates win it")
	show := mustOK(t, r, actionReq(meadeA, "show", nil))
	acWants(t, "/action show", show.Text, "Turn 1, 4b Distance Action Phase.", "Action phase 1: the CSA has the initiative.",
		"4a phase 1 — CSA: activates Longstreet (allowance Hood, McLaws 6)", "4a phase 2 — CSA: Activate Army Leader with Lee (allowance Hood, McLaws 8)", "Activate Army Leader (CSA): succeeded this turn")
	if show.Audience.Kind != AudienceEphemeral {
		t.Errorf("/action show is %s", show.Audience.Kind)
	}
}

// Under limited intelligence the channel learns that the enemy took an
// action, never which unit: not in the text, not in the event records,
// not in /phase show or /action show; the actor and his side see it. The
// movement allowance, its die and its units are the side's (and the
// umpire's, on his private channel: the console's "umpire"); the enemy
// reads nothing of it, and the public roll count does not move.
func TestActionSecrecyUnderLimitedIntelligence(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(4, 3, 1, 2, 1)))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	acForceTo(t, r, "4a")
	req := actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"})
	req.console = true // the umpire's private channel is the console's "umpire"
	rep := r.Handle(ctx, req)
	if len(rep.Outputs) != 3 || rep.Outputs[0].Error != nil {
		t.Fatalf("%+v", rep.Outputs)
	}
	pub, priv, ump := rep.Outputs[0], rep.Outputs[1], rep.Outputs[2]
	if pub.Audience.Kind != AudiencePublic || priv.Audience.Kind != AudienceEphemeral || ump.Audience.Kind != AudienceChannel || ump.Audience.Channel != "umpire" || ump.Audience.UserID != umpireA.ID {
		t.Fatalf("audiences %+v, %+v, %+v", pub.Audience, priv.Audience, ump.Audience)
	}
	acWants(t, "the public post", pub.Text, "The CSA takes an action: it activates a leader and his units (Normal Action Phase, action phase 1)")
	acWants(t, "Lee's own message", priv.Text, "🥾 **Movement allowance** (003 MOVEMENT), rolled as the action begins: CSA secret roll #1 [4] for infantry and artillery (one die).",
		"· Hood, McLaws: **6** movement points (die 4, +2 infantry with its leader).")
	acWants(t, "the umpire's channel", ump.Text, "Lee activates Longstreet (CSA).", "CSA secret roll #1 [4]", "· Hood, McLaws: **6** movement points")
	secret := []string{"Longstreet", "csa.longstreet", "Hood", "McLaws", "csa.hood", "Movement allowance", "movement points", "movement_allowance", "[4]", "\"faces\":[4]", "\"mp\""}
	for _, s := range secret {
		if strings.Contains(pub.Text, s) {
			t.Errorf("the channel reads %q: %s", s, pub.Text)
		}
		for _, v := range pub.Events {
			if strings.Contains(string(v.Data), s) {
				t.Errorf("a public record carries %q: %s", s, v.Data)
			}
		}
	}
	acWants(t, "Lee's own message", priv.Text, "Lee activates Longstreet")
	if len(priv.Events) != 2 || priv.Events[0].Type != engine.EventDiceRolled || priv.Events[1].Type != lrtg.EventActivated {
		t.Errorf("Lee's record: %+v", priv.Events)
	}
	for _, o := range []Output{
		mustOK(t, r, actionReq(meadeA, "show", nil)),
		mustOK(t, r, phaseReq(Request{GuildID: "g", ChannelID: "war", User: meadeA}, "show", nil)),
		mustOK(t, r, gameReq(meadeA, "status", nil)),
	} {
		for _, s := range secret {
			if strings.Contains(o.Text, s) {
				t.Errorf("Meade reads %q: %s", s, o.Text)
			}
		}
	}
	acWants(t, "Meade's /action show", mustOK(t, r, actionReq(meadeA, "show", nil)).Text, "4a phase 1 — CSA: an action", "the CSA's action to end (/action done)")
	acWants(t, "Lee's /action show", mustOK(t, r, actionReq(leeA, "show", nil)).Text, "4a phase 1 — CSA: activates Longstreet", "· Hood, McLaws: **6** movement points")
	acWants(t, "the umpire's /action show", mustOK(t, r, actionReq(umpireA, "show", nil)).Text, "· Hood, McLaws: **6** movement points")
	acWants(t, "Meade's /game status", mustOK(t, r, gameReq(meadeA, "status", nil)).Text, "rolls so far: 0")
	// The end of the action and the rolls are public.
	mustOK(t, r, actionReq(leeA, "done", nil))
	out := mustOK(t, r, actionReq(umpireA, "rolls", map[string]string{"reason": "Hood left Culpeper County"}))
	acWants(t, "the rolls", out.Text, "**The CSA has the initiative** (Normal Action Phase, action phase 2): CSA 3, USA 1.")
	if out.Audience.Kind != AudiencePublic {
		t.Errorf("the rolls went to %s", out.Audience.Kind)
	}
	// An army leader's movement die and allowance: the side's too; the
	// attempt and its success are public (10.3 tells the enemy anyway).
	g, _ := r.gameHere(ctx, Request{ChannelID: "war"})
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "Lee", "to": g.Units["csa.longstreet"].Ref}})
	rep = r.Handle(ctx, actionReq(leeA, "army", map[string]string{"leader": "Lee", "units": "Hood, McLaws"}))
	if len(rep.Outputs) < 2 || rep.Outputs[0].Error != nil || rep.Outputs[0].Audience.Kind != AudiencePublic || rep.Outputs[1].Audience.Kind != AudienceEphemeral {
		t.Fatalf("%+v", rep.Outputs)
	}
	acWants(t, "the army's public post", rep.Outputs[0].Text, "**it succeeds**", "The USA wins the next initiative without a roll (10.3)")
	acWants(t, "Lee's army message", rep.Outputs[1].Text, "His movement die counts 2 (a 1 counts as 2)",
		"CSA secret roll #2 [1] for infantry and artillery", "· Hood, McLaws: **4** movement points (die 1, +2 as a non-cavalry leader's, +1: a 1 counts as 2 (10.1 3))).")
	for _, s := range []string{"Hood", "McLaws", "movement die", "Movement allowance", "movement points", "\"ma\"", "\"mp\""} {
		if strings.Contains(rep.Outputs[0].Text, s) {
			t.Errorf("the army's public post reads %q: %s", s, rep.Outputs[0].Text)
		}
		for _, v := range rep.Outputs[0].Events {
			if strings.Contains(string(v.Data), s) {
				t.Errorf("a public record of the army carries %q: %s", s, v.Data)
			}
		}
	}
	acWants(t, "the umpire's record of the turn", mustOK(t, r, actionReq(umpireA, "show", nil)).Text,
		"4a phase 1 — CSA: activates Longstreet (allowance Hood, McLaws 6)", "4a phase 2 — CSA: Activate Army Leader with Lee (allowance Hood, McLaws 4)")
	for _, o := range []Output{mustOK(t, r, actionReq(meadeA, "show", nil)), mustOK(t, r, gameReq(meadeA, "status", nil))} {
		for _, s := range []string{"Hood", "McLaws", "Movement allowance", "movement points", "allowance"} {
			if strings.Contains(o.Text, s) {
				t.Errorf("Meade reads %q: %s", s, o.Text)
			}
		}
	}
}

// Moves belong to actions (003 4) and the opening's Union allowance (000
// VIII 3) b)) is counted on the real map and order of battle when the
// Confederates pass.
func TestMovesAndTheOpeningAllowanceThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(5, 2)))
	startLRTG(t, r, nil)
	acForceTo(t, r, "4a")
	move := func(u engine.Actor, units, to string) Output {
		return r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: u, Command: "move", Options: map[string]string{"units": units, "to": to}}).first()
	}
	if out := move(leeA, "Hood", "Culpeper"); out.Error == nil || out.Error.Code != "move.activation" || !strings.Contains(out.Text, "No action of yours is under way: Hood may move only when activated") {
		t.Fatalf("a move without an action: %+v", out)
	}
	mustOK(t, r, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"}))
	// A march is a path (engine/lrtg/move_path.go): Hood from SS2030.
	march := Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "Hood",
		"path": "SS2029 SS2028 SS2027 SS2026 SS2025 SS2024 SS2023 SS2022 SS2021 SS1921 SS1820 SS1720 SS1619 SS1519 Culpeper"}}
	if out := r.Handle(ctx, march).first(); out.Error != nil {
		t.Fatalf("Longstreet's corps: %s", out.Text)
	}
	if out := move(leeA, "Rodes", "Culpeper"); out.Error == nil || !strings.Contains(out.Text, "Rodes is not part of the activation of Longstreet") {
		t.Fatalf("another corps: %+v", out)
	}
	mustOK(t, r, actionReq(leeA, "done", nil))
	out := mustOK(t, r, actionReq(leeA, "pass", nil))
	// McLaws, Rodes, Early, Johnson, Pender, Anderson and Heth set up
	// within 5 hexes of Fredericksburg (000 VIII 3; Hood is at Culpeper):
	// one corps moved, +0.
	g, _ := r.gameHere(ctx, Request{ChannelID: "war"})
	al := lrtg.Of(g).Actions.Allowance
	if al == nil || !al.Counted || al.Total != 1 || al.FullDivisions != 7 {
		t.Fatalf("allowance %+v", al)
	}
	acWants(t, "the pass", out.Text, "1 infantry corps or cavalry divisions: 1 Confederate corps moved; 7 full Confederate infantry divisions within 5 hexes of Fredericksburg: +0")
	mustOK(t, r, actionReq(meadeA, "activate", map[string]string{"leader_or_unit": "Sedgwick"}))
	mustOK(t, r, actionReq(meadeA, "done", nil))
	acRefusal(t, r, actionReq(meadeA, "activate", map[string]string{"leader_or_unit": "Reynolds"}), "action.opening")
}
