package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Issue 23 item 9: a game's replies cite its own game's rules. LRTA plays
// with LRTG's manpower-loss Victory Points (000 VII 6), as 004 prints none
// of its own: its replies say so, where an LRTG game's cite 000 VII 6
// alone.
func TestLRTALossVPCitesLRTA(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTA(t, r, nil)
	g, err := r.game(ctx, Request{ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	// A Union unit on the map with manpower to lose, the first by id.
	var ids []string
	for id, u := range g.Units {
		if u.Side == engine.USA && u.OnMap && u.Manpower >= 6 && !u.Eliminated {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		t.Fatal("no Union unit on the map with 6 MP")
	}
	sort.Strings(ids)
	u := g.Units[ids[0]]
	for _, c := range []struct{ cause, want string }{
		{"retreat", "2 MP lost to retreat: +4 VP (000 VII 6, which LRTA follows: 004 prints no VP for losses)"},
		{"march", "Lost to march: no VP (000 VII 6, which LRTA follows: 004 prints no VP for losses: only losses in combat"},
		{"", "if it was one (000 VII 6, which LRTA follows: 004 prints no VP for losses)"},
	} {
		u.Manpower -= 2
		opts := map[string]string{"unit": u.Name, "field": "manpower", "value": fmt.Sprint(u.Manpower)}
		if c.cause != "" {
			opts["cause"] = c.cause
		}
		out := mustOK(t, r, unitSetReq(umpireA, opts))
		if !strings.Contains(out.Text, c.want) {
			t.Errorf("LRTA loss, cause %q: want %q in\n%s", c.cause, c.want, out.Text)
		}
	}
}
