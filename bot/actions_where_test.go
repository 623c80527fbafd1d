package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestActionWhereHasNoPhaseZero: a pass before any action phase (the
// opening turns' Confederates, 000 VIII 3)) names the step, not "action
// phase 0" (issue 22); a numbered phase keeps its number.
func TestActionWhereHasNoPhaseZero(t *testing.T) {
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	g, err := r.game(context.Background(), Request{ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	title := lrtg.Of(g).ActionStepTitle("4a")
	pub, _, _ := actionEventText(g, &lrtg.Passed{Side: engine.CSA, Step: "4a", Phase: 0})
	if strings.Contains(pub, "action phase 0") || !strings.Contains(pub, "("+title+")") {
		t.Errorf("a pass before any action phase: %q", pub)
	}
	pub, _, _ = actionEventText(g, &lrtg.Passed{Side: engine.CSA, Step: "4a", Phase: 2})
	if !strings.Contains(pub, "("+title+", action phase 2)") {
		t.Errorf("a pass in action phase 2: %q", pub)
	}
}
