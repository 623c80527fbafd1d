package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/store"
)

// The Spy's hand-over reaches the winner's private channel as the Spy is
// rolled in step 1d (000 2.0 7)), through /phase next: a Union dispatch of
// turn 3, the Confederates win turn 4's Spy, and Lee's channel receives it;
// the table does not.
func TestSpyHandOverPostedAtTheRoll(t *testing.T) {
	q := &queueDice{}
	st := openStore(t)
	r := NewRouter(st, WithLogger(quietLog()), WithDice(q))
	startLRTG(t, r, nil)
	toRandomEvents(t, r)
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	// The Union dispatch of turn 3, as the communications phase records it.
	s, _, err := st.Load(ctx, "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	typ, data, err := engine.EncodeEvent(&lrtg.DispatchSent{By: meadeA, Dispatch: lrtg.Dispatch{ID: 1, Side: engine.USA, From: meadeA,
		To: engine.Actor{ID: "u9", Name: "Reynolds-player"}, Turn: 3, Text: "SECRET-WIRE hold Frederick", Hexes: 12}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Append(ctx, store.Append{Stream: "game:war", GuildID: "g", Kind: s.Kind, Expected: s.Version, Records: []store.NewRecord{{Type: typ, Data: data}}}); err != nil {
		t.Fatal(err)
	}
	if err := r.recordChannels(ctx, ump, "cat", map[string]string{leeA.ID: "lee-ch", meadeA.ID: "meade-ch"}, false, ""); err != nil {
		t.Fatal(err)
	}
	q.push(4, 4, 5, 2) // 8: the Spy; the Confederates 5, the Union 2-1
	rep := r.Handle(ctx, phaseReq(ump, "next", nil))
	if out := rep.first(); out.Error != nil || strings.Contains(out.Text, "SECRET-WIRE") {
		t.Fatalf("/phase next: %+v", out)
	}
	found := false
	for _, o := range rep.Outputs {
		if strings.Contains(o.Text, "SECRET-WIRE") {
			if o.Audience.Kind != AudienceChannel || o.Audience.Channel != "lee-ch" || o.Audience.UserID != leeA.ID {
				t.Errorf("the captured dispatch goes to %+v", o.Audience)
			}
			found = true
		}
	}
	if !found {
		t.Fatalf("no captured dispatch posted: %+v", rep.Outputs)
	}
}
