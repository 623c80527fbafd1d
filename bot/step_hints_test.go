package bot

import (
	"context"
	"strings"
	"testing"
)

// A declaration made before step 1e is refused with who begins the step:
// in a game with steps:auto the step begins by itself, and the hint must
// not send the player to wait for the umpire (issue 22); in a manual game
// it does.
func TestEarlyDeclarationSaysWhoBeginsTheStep(t *testing.T) {
	for _, c := range []struct {
		steps string
		want  string
		not   string
	}{
		{"auto", "begins by itself", "Wait for the umpire"},
		{"manual", "Wait for the umpire to begin step 1e", "begins by itself"},
	} {
		r := NewRouter(openStore(t))
		startLRTG(t, r, map[string]string{"steps": c.steps})
		mustOK(t, r, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil)) // 1a: the game's first step
		o := r.Handle(context.Background(), declareReq(leeA, map[string]string{"posture": "operational"})).first()
		if o.Error == nil || o.Error.Code != "declare.step" {
			t.Fatalf("%s: an early declaration: %+v", c.steps, o)
		}
		if !strings.Contains(o.Text, c.want) || strings.Contains(o.Text, c.not) {
			t.Errorf("%s: the refusal's hint: %s", c.steps, o.Text)
		}
	}
}
