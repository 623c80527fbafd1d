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
func TestActionCycleThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(5, 2, 2, 6, 6, 6)))
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
		"Waiting for: the CSA's action to end: Longstreet's activation (/action done).")
	// The step waits for it.
	next := acRefusal(t, r, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil), "phase.waiting")
	acWants(t, "/phase next", next.Text, "Longstreet's activation")
	out = mustOK(t, r, actionReq(leeA, "done", nil))
	acWants(t, "done", out.Text, "The CSA's action ends.", "Waiting for: the CSA's activations")
	// A Confederate unit left the six counties: the rolls begin.
	acRefusal(t, r, actionReq(leeA, "rolls", map[string]string{"reason": "x"}), "game.umpire")
	out = mustOK(t, r, actionReq(umpireA, "rolls", map[string]string{"reason": "Hood left Culpeper County"}))
	acWants(t, "the first roll", out.Text, "The initiative rolls begin (000 VIII 3))", "🎲 Roll #1", "CSA initiative, Normal Action Phase action phase 2: [5] = **5**",
		"🎲 Roll #2", "**The CSA has the initiative** (Normal Action Phase, action phase 2): CSA 5, USA 2.",
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
	acWants(t, "the army activation", out.Text, "Roll #3", "on **Activate Army Leader** (000 10.1): [2] → **Army leader activates**",
		"Roll #4", "The CSA attempts Activate Army Leader with Lee (LRTG 10.1; Normal Action Phase, action phase 2): **it succeeds**. His movement die counts 6",
		"The USA wins the next initiative without a roll (10.3)", "Selected (10.1 2)): Hood, McLaws.", "Waiting for: the CSA's action to end: Lee's army activation")
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
		"Roll #5", "Roll #6", "**The CSA has the initiative** (Distance Action Phase, action phase 1): CSA 6, USA 6: a tie, and the Confederates win it")
	show := mustOK(t, r, actionReq(meadeA, "show", nil))
	acWants(t, "/action show", show.Text, "Turn 1, 4b Distance Action Phase.", "Action phase 1: the CSA has the initiative.",
		"4a phase 1 — CSA: activates Longstreet", "4a phase 2 — CSA: Activate Army Leader with Lee", "Activate Army Leader (CSA): succeeded this turn")
	if show.Audience.Kind != AudienceEphemeral {
		t.Errorf("/action show is %s", show.Audience.Kind)
	}
}

// Under limited intelligence the channel learns that the enemy took an
// action, never which unit: not in the text, not in the event records,
// not in /phase show or /action show; the actor and his side see it.
func TestActionSecrecyUnderLimitedIntelligence(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(3, 1)))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	acForceTo(t, r, "4a")
	rep := r.Handle(ctx, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"}))
	if len(rep.Outputs) != 2 || rep.Outputs[0].Error != nil {
		t.Fatalf("%+v", rep.Outputs)
	}
	pub, priv := rep.Outputs[0], rep.Outputs[1]
	if pub.Audience.Kind != AudiencePublic || priv.Audience.Kind != AudienceEphemeral {
		t.Fatalf("audiences %s, %s", pub.Audience.Kind, priv.Audience.Kind)
	}
	acWants(t, "the public post", pub.Text, "The CSA takes an action: it activates a leader and his units (Normal Action Phase, action phase 1)")
	secret := []string{"Longstreet", "csa.longstreet"}
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
	if len(priv.Events) != 1 || priv.Events[0].Type != lrtg.EventActivated {
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
	acWants(t, "Lee's /action show", mustOK(t, r, actionReq(leeA, "show", nil)).Text, "4a phase 1 — CSA: activates Longstreet")
	// The end of the action and the rolls are public.
	mustOK(t, r, actionReq(leeA, "done", nil))
	out := mustOK(t, r, actionReq(umpireA, "rolls", map[string]string{"reason": "Hood left Culpeper County"}))
	acWants(t, "the rolls", out.Text, "**The CSA has the initiative** (Normal Action Phase, action phase 2): CSA 3, USA 1.")
	if out.Audience.Kind != AudiencePublic {
		t.Errorf("the rolls went to %s", out.Audience.Kind)
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
