package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func phaseReq(u Request, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	u.Command, u.Path, u.Options = "phase", []string{sub}, opts
	return u
}

// The umpire steps through turn 1 of High Tide with the players: the
// steps that do not happen on the opening turns are passed over with why,
// 1e waits for both declarations, the umpire forces what the players
// leave undone (with his reason), the turn ends at its last step, and
// /game status and /phase show follow. No secret event reaches the
// channel.
func TestPhaseStepsThroughATurn(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	lee := Request{GuildID: "g", ChannelID: "war", User: leeA}
	meade := Request{GuildID: "g", ChannelID: "war", User: meadeA}
	if out := r.Handle(ctx, phaseReq(lee, "next", nil)).first(); out.Error == nil || out.Error.Code != "phase.umpire" {
		t.Fatalf("a player began a step: %+v", out)
	}
	var texts, steps []string
	forced := 0
	for i := 0; i < 60; i++ {
		g, err := r.gameHere(ctx, ump)
		if err != nil {
			t.Fatal(err)
		}
		if g.Turn == 2 && g.CurrentStep() == "1a" {
			break
		}
		var opts map[string]string
		if w := g.Waiting(); len(w) > 0 {
			if g.CurrentStep() == "1e" {
				for _, p := range []Request{lee, meade} {
					p.Command, p.Options = "declare", map[string]string{"posture": "operational"}
					if out := r.Handle(ctx, p).first(); out.Error != nil {
						t.Fatalf("declare: %s", out.Text)
					}
				}
			} else {
				opts = map[string]string{"force": "true", "reason": "the players are done"}
				forced++
			}
		}
		rep := r.Handle(ctx, phaseReq(ump, "next", opts))
		out := rep.first()
		if out.Error != nil {
			t.Fatalf("step %d: %s", i, out.Text)
		}
		if out.Audience.Kind != AudiencePublic {
			t.Fatalf("step %d: %s", i, out.Audience.Kind)
		}
		for _, v := range out.Events {
			if v.Type == "posture.declared" {
				t.Errorf("the public step output carries a secret %s", v.Type)
			}
			if v.Type == "step.begun" {
				var b struct{ Step string }
				_ = json.Unmarshal(v.Data, &b)
				steps = append(steps, b.Step)
			}
		}
		texts = append(texts, out.Text)
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"▶ 1a Confederate Reinforcements", "– 1b Union Reinforcements and Releases: not this turn (not on turns 1-3).",
		"– 1c Vicksburg Surrenders / Draft Riots: not this turn (not before June 30).", "– 2a Transfer Army Commanders: not this turn (one commander a side).",
		"▶ 9 Advance the Turn Marker", "⏭️ Turn 1 ends. **Turn 2: June 6-8, 1863** begins.", "⚖️ The umpire ended the last step while it waited: the players are done"} {
		if !strings.Contains(all, want) {
			t.Errorf("the steps lack %q:\n%s", want, all)
		}
	}
	// Turn 1: 1a 1e 1g 3a 3b 3c 4a (4b passed over on the opening turns
	// until the umpire lifts the restrictions) 6 7 8 9; then turn 2's 1a.
	if got := strings.Join(steps, " "); !strings.HasPrefix(got, "1a 1e 1g 3a 3b 3c 4a") || !strings.HasSuffix(got, "6 7 8 9 1a") {
		t.Errorf("steps: %s", got)
	}
	g, err := r.gameHere(ctx, ump)
	if err != nil || g.Turn != 2 || g.CurrentStep() != "1a" {
		t.Fatalf("turn %d step %q (%v)", g.Turn, g.CurrentStep(), err)
	}
	show := r.Handle(ctx, phaseReq(lee, "show", nil)).first()
	if show.Audience.Kind != AudienceEphemeral || !strings.Contains(show.Text, "▶ 1a Confederate Reinforcements") || !strings.Contains(show.Text, "Turn 2 (June 6-8, 1863)") {
		t.Fatalf("/phase show: %+v", show)
	}
	status := mustOK(t, r, gameReq(leeA, "status", nil)).Text
	if !strings.Contains(status, "Phase: 1a Confederate Reinforcements (Turn Start, LRTG 3.1)") {
		t.Fatalf("/game status: %s", status)
	}
}
