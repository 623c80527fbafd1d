package bot

import (
	"strings"
	"testing"
)

// Time limitation's clocks run on wall time: /deadline set warns when a
// game has them and deadlines longer than a sitting (issue 22), and only
// then.
func TestDeadlinesWarnOfWallClockDrain(t *testing.T) {
	for _, c := range []struct {
		clocks bool
		span   string
		warn   bool
	}{
		{true, "48h", true},
		{true, "3d", true},
		{true, "1h", false},
		{false, "48h", false},
	} {
		r := NewRouter(openStore(t))
		extra := map[string]string{}
		if c.clocks {
			extra["time_limitation"] = "true"
		}
		startLRTG(t, r, extra)
		out := mustOK(t, r, deadlineReq(umpireA, "set", map[string]string{"default": c.span}))
		warned := strings.Contains(out.Text, "run on wall time")
		if warned != c.warn {
			t.Errorf("clocks %v, deadline %s: warned %v:\n%s", c.clocks, c.span, warned, out.Text)
		}
		if warned && (!strings.Contains(out.Text, "without time_limitation") || out.Audience.Kind != AudiencePublic) {
			t.Errorf("the warning does not say what would be right, or not to the table: %+v", out)
		}
	}
	// A step's own longer deadline counts too.
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"time_limitation": "true"})
	out := mustOK(t, r, deadlineReq(umpireA, "set", map[string]string{"default": "1h", "step": "4a", "after": "3d"}))
	if !strings.Contains(out.Text, "up to 3 days") {
		t.Errorf("a step's 3-day deadline with clocks:\n%s", out.Text)
	}
}
