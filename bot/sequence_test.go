package bot

import (
	"context"
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

// The umpire steps through turn 1 of High Tide: the steps that do not
// happen on the opening turns are passed over with why, the turn ends at
// its last step, and /game status and /phase show follow.
func TestPhaseStepsThroughATurn(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	lee := Request{GuildID: "g", ChannelID: "war", User: leeA}
	if out := r.Handle(ctx, phaseReq(lee, "next", nil)).first(); out.Error == nil || out.Error.Code != "phase.umpire" {
		t.Fatalf("a player began a step: %+v", out)
	}
	var texts []string
	for i := 0; i < 13; i++ { // turn 1: 1a 1e 1g 3a 3b 3c 4a 4b 6 7 8 9, then turn 2: 1a
		rep := r.Handle(ctx, phaseReq(ump, "next", nil))
		out := rep.first()
		if out.Error != nil {
			t.Fatalf("step %d: %s", i, out.Text)
		}
		if out.Audience.Kind != AudiencePublic {
			t.Fatalf("step %d: %s", i, out.Audience.Kind)
		}
		for _, v := range out.Events {
			if v.Type != "step.begun" && v.Type != "turn.advanced" {
				t.Errorf("the public step output carries %s", v.Type)
			}
		}
		texts = append(texts, out.Text)
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"▶ 1a Confederate Reinforcements", "– 1b Union Reinforcements and Releases: not this turn (not on turns 1-3).",
		"– 1c Vicksburg Surrenders / Draft Riots: not this turn (not before June 30).", "– 2a Transfer Army Commanders: not this turn (one commander a side).",
		"▶ 9 Advance the Turn Marker", "⏭️ Turn 1 ends. **Turn 2: June 6-8, 1863** begins."} {
		if !strings.Contains(all, want) {
			t.Errorf("the steps lack %q:\n%s", want, all)
		}
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
