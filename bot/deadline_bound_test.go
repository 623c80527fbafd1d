package bot

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// /deadline set default:99999999999h was announced as set and recorded
// 0 (no deadline): every span option is now refused past 4w with the
// bound named, and nothing is recorded.
func TestDeadlineSpanPastTheBoundRefused(t *testing.T) {
	lines := []string{
		"/game new scenario:lrtg-high-tide",
		"/deadline set default:99999999999h",
		"/deadline set default:999999w",
		"/deadline set grace:5w",
		"/deadline set remind:24h,99999999999h",
		"/deadline set step:1e after:99999999999h",
		"/deadline show",
	}
	var out bytes.Buffer
	c := &Console{Router: NewRouter(openStore(t)), In: strings.NewReader(strings.Join(lines, "\n")), Out: &out, User: "meade", Guild: "g", Channel: "t"}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Contains(got, "set the game's deadlines") {
		t.Errorf("an overlong span was announced as set:\n%s", got)
	}
	if n := strings.Count(got, "longer than 4w (28 days)"); n != 5 {
		t.Errorf("%d refusals naming the bound, want 5:\n%s", n, got)
	}
	if !strings.Contains(got, "Deadlines: none") {
		t.Errorf("/deadline show does not say none were set:\n%s", got)
	}
}
