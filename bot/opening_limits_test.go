package bot

import (
	"context"
	"strings"
	"testing"
)

// The opening's limits on the Union (000 VIII 3); engine/lrtg
// opening_limits.go), on the real map and order of battle, as issue 22
// met them: a DC unit is no infantry corps, no Union unit moves into the
// six counties, and rail movement is not one of the kinds VIII 3) grants.
// Each refusal names the rule and what would be right, goes to the mover
// alone, and names no Confederate unit (limited intelligence).
func TestOpeningLimitsThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(5, 2)))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	acForceTo(t, r, "4a")
	mustOK(t, r, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"}))
	mustOK(t, r, actionReq(leeA, "done", nil))
	mustOK(t, r, actionReq(leeA, "pass", nil))

	secret := []string{"Longstreet", "Hood", "McLaws", "Pickett", "Stuart"}
	private := func(what string, out Output) {
		t.Helper()
		if out.Audience.Kind == AudiencePublic {
			t.Errorf("%s: the refusal is public", what)
		}
		for _, s := range secret {
			if strings.Contains(out.Text, s) {
				t.Errorf("%s names the Confederate %q: %s", what, s, out.Text)
			}
		}
	}

	// A DC activation is none of the Union's infantry corps (VIII 3) b)).
	out := acRefusal(t, r, actionReq(meadeA, "activate", map[string]string{"leader_or_unit": "Wells"}), "action.opening")
	acWants(t, "Wells' activation", out.Text, "Wells is of DC, not of one of the Union's seven infantry corps (I, II, III, V, VI, XI, XII) nor a cavalry division", "000 VIII 3) b)", "Activate a unit or leader of an infantry corps or a cavalry division")
	private("Wells' activation", out)

	mustOK(t, r, actionReq(meadeA, "activate", map[string]string{"leader_or_unit": "Sedgwick"}))
	move := func(opts map[string]string) Output {
		return r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: meadeA, Command: "move", Options: opts}).first()
	}
	// Newton marches for Culpeper County (issue 22's move).
	out = move(map[string]string{"units": "Newton", "to": "Culpeper"})
	if out.Error == nil {
		t.Fatalf("Newton to Culpeper on turn 1 was accepted: %s", out.Text)
	}
	acWants(t, "Newton to Culpeper", out.Text, "Newton may not move into Culpeper County on the opening turns", "no Union unit may move into Caroline, Spotsylvania, Orange, Culpeper, Rappahannock or Warren counties", "000 VIII 3)", "at the start of turn 4")
	private("Newton to Culpeper", out)

	// Rail movement is not granted on the opening turns.
	out = move(map[string]string{"units": "Newton", "to": "Alexandria", "mode": "rail"})
	if out.Error == nil {
		t.Fatalf("a rail move on turn 1 was accepted: %s", out.Text)
	}
	acWants(t, "Newton by rail", out.Text, "Rail movement is not allowed on the opening turns", "strategic and naval movement", "000 VIII 3)")
	private("Newton by rail", out)

	// The action cycle's status says what the opening allows.
	st := r.Handle(ctx, actionReq(meadeA, "show", nil)).first()
	if strings.Contains(st.Text, "Strategic, rail and naval") || !strings.Contains(st.Text, "rail movement is not (000 VIII 3))") {
		t.Errorf("the opening's status: %s", st.Text)
	}
}
