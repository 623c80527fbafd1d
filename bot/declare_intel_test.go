package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA's Enemy Intelligence orders the declarations (004: "The losing
// player must declare ... prior to the winning player"). When the Union,
// which lost it, declares first, the table is told that the Confederates
// won the contest and declare now (not "stays secret until the CSA's is
// in"), the Union that the Confederates see its choice, and Lee, in his
// own channel, what the Union declared and that it is his turn (issue 22,
// item 9). Nothing public says the Union's posture.
func TestEnemyIntelligenceDeclarationsTellWhoIsNext(t *testing.T) {
	for _, limited := range []bool{false, true} {
		r, st := armyBotGame(t, limited)
		armySeed(t, st,
			&engine.TurnAdvanced{By: umpireA, From: 1, To: 2}, &engine.TurnAdvanced{By: umpireA, From: 2, To: 3},
			&engine.StepBegun{By: umpireA, Turn: 3, Step: "1d"},
			&lrtg.LRTARandomEvent{Turn: 3, Outcome: lrtg.LRTAEventIntel, Intel: engine.CSA, IntelForm: string(engine.CSA)},
			&engine.StepBegun{By: umpireA, Turn: 3, Step: "1e"})
		ctx := context.Background()
		if err := r.recordChannels(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA}, "cat", map[string]string{leeA.ID: "lee-ch", meadeA.ID: "meade-ch"}, false, ""); err != nil {
			t.Fatal(err)
		}
		rep := r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: meadeA, Command: "declare", Options: map[string]string{"posture": "passive"}})
		var own, pub, lee string
		for _, o := range rep.Outputs {
			switch {
			case o.Error != nil:
				t.Fatalf("limited %v: %s", limited, o.Text)
			case o.Audience.Kind == AudienceEphemeral:
				own += o.Text
			case o.Audience.Kind == AudiencePublic:
				pub += o.Text
			case o.Audience.Kind == AudienceChannel && o.Audience.Channel == "lee-ch" && o.Audience.UserID == leeA.ID:
				lee += o.Text
			default:
				t.Errorf("limited %v: an output to %+v: %s", limited, o.Audience, o.Text)
			}
		}
		for _, c := range []struct{ who, text, want string }{
			{"public", pub, "The CSA won Enemy Intelligence"},
			{"public", pub, "declares now"},
			{"public", pub, "004 Enemy Intelligence"},
			{"the Union's", own, "The CSA won Enemy Intelligence: it is shown your choice"},
			{"Lee's", lee, "the USA declared **passive**"},
			{"Lee's", lee, "/declare posture:"},
		} {
			if !strings.Contains(c.text, c.want) {
				t.Errorf("limited %v: %s lacks %q:\n%s", limited, c.who, c.want, c.text)
			}
		}
		for _, bad := range []string{"stays secret until", "LRTG 4.1", "**passive**", "declared passive"} {
			if strings.Contains(pub, bad) {
				t.Errorf("limited %v: public says %q:\n%s", limited, bad, pub)
			}
		}
		if strings.Contains(own, "secret until both sides are in") {
			t.Errorf("limited %v: the Union is told its choice is secret from the winner:\n%s", limited, own)
		}
	}
}
