package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Issue 22: in a hidden game with several commanders a side, the public
// clock line of a deferral (21.1, 22.3) names the side, never the
// commander who now holds the decision; the Confederates still read it
// in their own replies. An open game names him at the table, as before.
func TestClockDeferralNamesTheSideOnly(t *testing.T) {
	ctx := context.Background()
	for _, li := range []bool{false, true} {
		clk := newFakeClock()
		r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(5, 2)), WithClock(clk.now))
		extra := map[string]string{"time_limitation": "true"}
		if li {
			extra["limited_intelligence"] = "true"
		}
		cpFourCommanders(t, r, "war", extra)
		mustOK(t, r, cpReq(umpireA, "war", "game", []string{"start"}, nil))
		cpStepTo(t, r, "war", "4a")
		mustOK(t, r, cpReq(umpireA, "war", "action", []string{"rolls"}, map[string]string{"reason": "Hood left Culpeper County"}))
		clk.advance(30e9)
		rep := r.Handle(ctx, cpReq(leeA, "war", "action", []string{"defer"}, map[string]string{"player": "Jeb Stuart"}))
		if out := rep.first(); out.Error != nil {
			t.Fatalf("li %v: defer: %s", li, out.Text)
		}
		if lrtg.Of(gameIn(t, r, "war")).Clock.Running != jebCpA.ID {
			t.Fatalf("li %v: the clock did not switch to Jeb: %+v", li, lrtg.Of(gameIn(t, r, "war")).Clock)
		}
		var table, own []string
		for _, o := range rep.Outputs {
			if o.Audience.Kind == AudienceEphemeral {
				own = append(own, o.Text)
				continue
			}
			if o.Audience.Kind == AudienceChannel && o.Audience.UserID != "" && gameIn(t, r, "war").Player(o.Audience.UserID).Side == engine.CSA {
				continue // a Confederate's own channel
			}
			table = append(table, o.Text)
			for _, v := range o.Events {
				if li && strings.Contains(string(v.Data), jebCpA.ID) || li && strings.Contains(string(v.Data), "Jeb") {
					t.Errorf("li %v: a record the table sees names Jeb: %s", li, v.Data)
				}
			}
		}
		pub := strings.Join(table, "\n")
		if !strings.Contains(pub, "⏱️") {
			t.Fatalf("li %v: no clock line at the table: %q", li, pub)
		}
		if li {
			if strings.Contains(pub, "Jeb") || strings.Contains(pub, "Lee") {
				t.Errorf("li: the table reads a commander's name: %s", pub)
			}
			acWants(t, "the table", pub, "⏱️ The CSA's clock runs (the CSA's decision is deferred to another of its commanders (21.1))")
			acWants(t, "Lee's reply", strings.Join(own, "\n"), "Jeb Stuart")
		} else {
			acWants(t, "the table", pub, "Jeb Stuart's clock runs", "the decision is deferred to Jeb Stuart (21.1)")
		}
	}
}

// A switch stored before its cause was recorded says only the rule at a
// hidden table: its sentence may name a commander.
func TestClockCausePublicOfAStoredSwitch(t *testing.T) {
	e := &lrtg.ClockSwitched{Why: "the decision is deferred to Jeb Stuart (21.1)"}
	if got := clockCausePublic(e); strings.Contains(got, "Jeb") || got != "the clocks follow who decides or acts (22.3)" {
		t.Errorf("stored switch: %q", got)
	}
	e = &lrtg.ClockSwitched{Cause: lrtg.ClockCauseActivated, CauseSide: engine.USA}
	if got := clockCausePublic(e); got != "the USA activates" {
		t.Errorf("activation: %q", got)
	}
}
