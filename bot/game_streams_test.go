package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

func TestGameStreamNames(t *testing.T) {
	for _, c := range []struct {
		stream  string
		channel string
		n       int
	}{{"game:war", "war", 1}, {"game:war/2", "war", 2}, {"game:war/17", "war", 17}, {"game:a/b", "a/b", 1}} {
		if ch, n := channelOfStream(c.stream); ch != c.channel || n != c.n {
			t.Errorf("%s: channel %q game %d, want %q %d", c.stream, ch, n, c.channel, c.n)
		}
		if c.channel != "a/b" && streamOfGame(c.channel, c.n) != c.stream {
			t.Errorf("game %d of %s: %s, want %s", c.n, c.channel, streamOfGame(c.channel, c.n), c.stream)
		}
	}
}

// After /game end the channel holds a new game (issue 22): in a stream of
// its own, so the ended game's log stays as it was and its rolls can
// still be audited; commands go to the new game.
func TestChannelHoldsTheNextGameAfterTheEnd(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	startLRTG(t, r, nil)
	if o := r.Handle(ctx, gameReq(umpireA, "new", map[string]string{"scenario": "lrta-campaign"})).first(); o.Error == nil || o.Error.Code != "game.exists" || !strings.Contains(o.Text, "/game end") {
		t.Fatalf("a second game while the first runs: %+v", o)
	}
	mustOK(t, r, gameReq(umpireA, "end", map[string]string{"reason": "we start over"}))
	first := countEvents(t, st, engine.EventGameEnded)
	_, before, err := st.Load(ctx, "game:war", 0)
	if err != nil || first != 1 {
		t.Fatalf("the first game's log: %d ends, %v", first, err)
	}
	out := mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrta-campaign"}))
	if !strings.Contains(out.Text, "game 2") || !strings.Contains(out.Text, "Long Roads to Antietam") {
		t.Fatalf("the second game's creation: %s", out.Text)
	}
	// Lee joins the new game as he joined the old, on the other side.
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	status := mustOK(t, r, gameReq(leeA, "status", nil)).Text
	if !strings.Contains(status, "lrta-campaign") || strings.Contains(status, "lrtg-high-tide") {
		t.Fatalf("status reads the old game: %s", status)
	}
	// The first game's stream is untouched; the second has its own.
	_, after, err := st.Load(ctx, "game:war", 0)
	if err != nil || len(after) != len(before) {
		t.Fatalf("the first game's log changed: %d → %d events (%v)", len(before), len(after), err)
	}
	_, second, err := st.Load(ctx, "game:war/2", 0)
	if err != nil || len(second) == 0 || second[0].Type != engine.EventGameCreated {
		t.Fatalf("the second game's stream: %d events, %v", len(second), err)
	}
	// The ended game may be audited by its number; the running one not.
	if a := mustOK(t, r, gameReq(leeA, "audit", map[string]string{"game": "1"})); !strings.Contains(a.Text, "matches") {
		t.Fatalf("audit of game 1: %s", a.Text)
	}
	if o := r.Handle(ctx, gameReq(leeA, "audit", nil)).first(); o.Error == nil || o.Error.Code != "game.running" {
		t.Fatalf("audit of the running game: %+v", o)
	}
	if o := r.Handle(ctx, gameReq(leeA, "audit", map[string]string{"game": "3"})).first(); o.Error == nil || o.Error.Code != "game.number" || !strings.Contains(o.Text, "1 to 2") {
		t.Fatalf("audit of a game that does not exist: %+v", o)
	}
	// A router that starts afresh (a restart) finds the same game.
	r2 := NewRouter(st)
	if g, err := r2.gameHere(ctx, gameReq(leeA, "status", nil)); err != nil || g.Options.Scenario != "lrta-campaign" || !g.Started {
		t.Fatalf("after a restart: %s started %v (%v)", g.Options.Scenario, g.Started, err)
	}
}

// The scheduler acts on a later game's deadlines in the channel it is
// played in.
func TestSchedulerServesTheChannelsLaterGame(t *testing.T) {
	st := openStore(t)
	c := newTestClock()
	r := NewRouter(st, WithLogger(quietLog()), WithClock(c.now))
	startLRTG(t, r, nil)
	mustOK(t, r, gameReq(umpireA, "end", map[string]string{"reason": "again"}))
	startLRTG(t, r, nil)
	toStep(t, r, "1e")
	mustOK(t, r, deadlineReq(umpireA, "set", map[string]string{"default": "48h"}))
	p := &posted{}
	s := &Scheduler{Router: r, Poster: p, Now: c.now}
	outs := tick(t, s, p)
	if len(outs) != 1 || outs[0].Audience.Channel != "war" || !strings.Contains(outs[0].Text, "⏳ Step 1e") {
		t.Fatalf("the second game's wait begins:\n%s", texts(outs))
	}
	c.advance(24 * time.Hour)
	outs = tick(t, s, p)
	if len(outs) != 2 || !strings.Contains(texts(outs), "<@u1>") || !strings.Contains(texts(outs), "<@u2>") {
		t.Fatalf("the reminders:\n%s", texts(outs))
	}
	_, recs, err := st.Load(context.Background(), "game:war/2", 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, rec := range recs {
		if rec.Type == engine.EventDeadlineReminded {
			n++
		}
	}
	if n == 0 || countEvents(t, st, engine.EventDeadlineReminded) != 0 {
		t.Fatalf("reminders: %d in game 2, %d in game 1", n, countEvents(t, st, engine.EventDeadlineReminded))
	}
}
