package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// newFakeClock is the router's injected clock (schedule_test.go's
// testClock) at the clock tests' start.
func newFakeClock() *testClock {
	return &testClock{t: time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)}
}

func clockReq(u engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "clock", Path: []string{sub}, Options: opts}
}

func clockAllText(outs []Output) string {
	var s []string
	for _, o := range outs {
		s = append(s, o.Text)
	}
	return strings.Join(s, "\n")
}

// The clocks through the router on High Tide's first turn (the opening:
// the Confederates act first, then the Union, 000 VIII 3)): the clock
// starts when 4a begins, pauses and resumes, takes a chit, switches on
// the Confederate pass, and a player out of time may not activate.
func TestClockThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	clk := newFakeClock()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithClock(clk.now))
	startLRTG(t, r, map[string]string{"time_limitation": "true"})
	acRefusal(t, r, clockReq(leeA, "chit", nil), "clock.allocated")
	if out := mustOK(t, r, clockReq(meadeA, "show", nil)); !strings.Contains(out.Text, "Turn 1's time is not allocated yet") || !strings.Contains(out.Text, "Time chits: CSA 3, USA 3") {
		t.Errorf("/clock show before 1f: %s", out.Text)
	}
	outs := acForceTo(t, r, "4a")
	g, _ := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war"})
	csa, _ := lrtg.Of(g).Declared.Allowance(engine.CSA, 1)
	usa, _ := lrtg.Of(g).Declared.Allowance(engine.USA, 1)
	if csa.Minutes == 0 || usa.Minutes == 0 {
		t.Fatalf("allowances %+v %+v", csa, usa)
	}
	pub := outs[0]
	acWants(t, "4a", pub.Text, fmt.Sprintf("⏱️ Lee's clock runs: %d:00 left (the opening's activations begin (000 VIII 3)))", csa.Minutes))
	found := false
	for _, v := range pub.Events {
		found = found || v.Type == lrtg.EventClockSwitched
	}
	if !found {
		t.Errorf("the switch's record is not public: %+v", pub.Events)
	}
	clk.advance(90 * time.Second)
	show := mustOK(t, r, clockReq(meadeA, "show", nil))
	acWants(t, "/clock show", show.Text, fmt.Sprintf("▶️ Lee: **%d:30** left of %d:00", csa.Minutes-2, csa.Minutes),
		fmt.Sprintf("⏹️ Meade: **%d:00** left of %d:00", usa.Minutes, usa.Minutes), "**CSA** · 3 time chits")
	if show.Audience.Kind != AudienceEphemeral {
		t.Errorf("/clock show is for the asker: %+v", show.Audience)
	}
	// A rules question at 2:00; the umpire answers at 5:00.
	clk.advance(30 * time.Second)
	out := mustOK(t, r, clockReq(meadeA, "pause", map[string]string{"reason": "rules", "note": "may Hood cross at a ford?"}))
	acWants(t, "pause", out.Text, fmt.Sprintf("⏸️ Meade pauses Lee's clock (%d:00 left): a rules question, until it is answered (22.3): may Hood cross at a ford?", csa.Minutes-2),
		"The umpire restarts it with /clock resume")
	clk.advance(3 * time.Minute)
	acRefusal(t, r, clockReq(leeA, "resume", nil), "clock.resume") // a rules question: the umpire's
	acWants(t, "paused", mustOK(t, r, clockReq(leeA, "show", nil)).Text, "⏸️ Lee's clock is paused for a rules question")
	out = mustOK(t, r, clockReq(umpireA, "resume", nil))
	acWants(t, "resume", out.Text, fmt.Sprintf("▶️ Umpire restarts Lee's clock (%d:00 left) after 3:00 paused.", csa.Minutes-2))
	// An attack: the battle's result for both sides restarts the clock.
	mustOK(t, r, clockReq(leeA, "pause", map[string]string{"reason": "attack"}))
	clk.advance(10 * time.Minute)
	mustOK(t, r, battleReq(umpireA, map[string]string{"attacker": "Hood", "attacker_result": "-", "defender": "Wright", "defender_result": "-"}))
	if g, _ := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war"}); lrtg.Of(g).Clock.Pause != nil {
		t.Fatalf("the battle resolved, the clock is still paused: %+v", lrtg.Of(g).Clock.Pause)
	}
	acWants(t, "after the battle", mustOK(t, r, clockReq(leeA, "show", nil)).Text, fmt.Sprintf("▶️ Lee: **%d:00** left", csa.Minutes-2))
	// A chit: three more minutes.
	out = mustOK(t, r, clockReq(leeA, "chit", nil))
	acWants(t, "chit", out.Text, fmt.Sprintf("The CSA spends a time chit: +3 minutes on Lee's clock (now %d:00 left); 2 chits left (22.5)", csa.Minutes+1))
	// Lee activates, ends, passes at 8:00: the Union's clock starts.
	clk.advance(time.Minute)
	mustOK(t, r, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"}))
	mustOK(t, r, actionReq(leeA, "done", nil))
	clk.advance(2 * time.Minute)
	out = mustOK(t, r, actionReq(leeA, "pass", nil))
	acWants(t, "the pass", out.Text, fmt.Sprintf("⏱️ Meade's clock runs: %d:00 left (the CSA passed: the USA decides (22.3 2)))", usa.Minutes))
	acWants(t, "stopped", mustOK(t, r, clockReq(guestA, "show", nil)).Text, fmt.Sprintf("⏹️ Lee: **%d:00** left", csa.Minutes+3-5), fmt.Sprintf("▶️ Meade: **%d:00**", usa.Minutes))
	// 22.4: Meade's time runs out.
	clk.advance(time.Duration(usa.Minutes) * time.Minute)
	refused := acRefusal(t, r, actionReq(meadeA, "activate", map[string]string{"leader_or_unit": "Reynolds"}), "clock.out")
	acWants(t, "out of time", refused.Text, "Meade has no time left on his clock this turn", "LRTG 22.4", "/clock chit")
	acWants(t, "out", mustOK(t, r, clockReq(meadeA, "show", nil)).Text, "Meade: **0:00** left", "out of time: no more activations (22.4)")
	mustOK(t, r, clockReq(meadeA, "chit", nil))
	mustOK(t, r, actionReq(meadeA, "activate", map[string]string{"leader_or_unit": "Reynolds"}))
}

// A game without time limitation has no clocks, and its commands are
// settled untimed.
func TestClockNeedsTimeLimitation(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	out := acRefusal(t, r, clockReq(leeA, "show", nil), "clock.off")
	acWants(t, "/clock show", out.Text, "time_limitation:true")
	acRefusal(t, r, clockReq(leeA, "pause", map[string]string{"reason": "rules"}), "clock.off")
	outs := acForceTo(t, r, "4a")
	if strings.Contains(clockAllText(outs), "clock") {
		t.Errorf("a clock in a game without time limitation: %s", clockAllText(outs))
	}
}

// Under limited intelligence with two Confederate commanders, the Union
// (and the table) see that the Confederates' clock runs, never whose;
// the Confederates and the umpire see it all.
func TestClockHidesWhoseUnderLimitedIntelligence(t *testing.T) {
	ctx := context.Background()
	clk := newFakeClock()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithClock(clk.now))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "time_limitation": "true", "limited_intelligence": "true"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1"}))
	mustOK(t, r, gameReq(jebChA, "join", map[string]string{"side": "csa", "command": "Cav,2,Rich"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	outs := acForceTo(t, r, "4a")
	acWants(t, "4a", clockAllText(outs), "⏱️ The CSA's clock runs")
	if strings.Contains(outs[0].Text, "Lee's clock") {
		t.Errorf("the table learns whose clock: %s", outs[0].Text)
	}
	for _, v := range outs[0].Events {
		if v.Type == lrtg.EventClockSwitched {
			t.Errorf("the switch's record names the player: %s", v.Data)
		}
	}
	clk.advance(time.Minute)
	meade := mustOK(t, r, clockReq(meadeA, "show", nil)).Text
	acWants(t, "Meade's /clock show", meade, "Its clock is running", "⏹️ Meade: **")
	for _, secret := range []string{"Lee:", "Jeb"} {
		if strings.Contains(meade, secret) {
			t.Errorf("Meade sees %q: %s", secret, meade)
		}
	}
	for _, u := range []engine.Actor{jebChA, umpireA} {
		acWants(t, u.Name+"'s /clock show", mustOK(t, r, clockReq(u, "show", nil)).Text, "▶️ Lee: **", "⏹️ Jeb")
	}
	p := mustOK(t, r, clockReq(meadeA, "pause", map[string]string{"reason": "reveal"}))
	if strings.Contains(p.Text, "Lee") || !strings.Contains(p.Text, "the CSA's clock") || len(p.Events) != 0 {
		t.Errorf("the pause: %+v", p)
	}
	g, _ := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war"})
	if lrtg.Of(g).Clock.Pause == nil || lrtg.Of(g).Clock.Running != leeA.ID {
		t.Errorf("%+v", lrtg.Of(g).Clock)
	}
}

// The live clock message through the fake Discord: posted when the clock
// starts, edited on a switch and a pause and while it runs, never twice
// within five seconds (the router's injected clock; the test drives the
// ticker).
func TestDiscordLiveClockMessage(t *testing.T) {
	t.Parallel()
	clk := newFakeClock()
	tick := make(chan time.Time)
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true, Guilds: []string{"g1"}})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithClock(clk.now))
	d := NewDiscord(sess, r, DiscordOptions{GuildID: "g1", Logger: quietLog(), ClockTick: tick})
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(runCtx) }()
	t.Cleanup(func() {
		stop()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			t.Error("Run did not return")
		}
	})
	ctx := waitCtx(t)
	if _, err := srv.WaitCommands(ctx, "g1"); err != nil {
		t.Fatal(err)
	}
	// The game, set up through the router; the table is channel c1.
	in := func(u engine.Actor, cmd string, path []string, opts map[string]string) Request {
		return Request{GuildID: "g1", ChannelID: "c1", User: u, Command: cmd, Path: path, Options: opts}
	}
	mustOK(t, r, in(umpireA, "game", []string{"new"}, map[string]string{"scenario": "lrtg-high-tide", "time_limitation": "true"}))
	mustOK(t, r, in(leeA, "game", []string{"join"}, map[string]string{"side": "csa"}))
	mustOK(t, r, in(meadeA, "game", []string{"join"}, map[string]string{"side": "usa"}))
	mustOK(t, r, in(umpireA, "game", []string{"start"}, nil))
	slash := func(user engine.Actor, name string, sub string, opts ...discordtest.Option) {
		t.Helper()
		i := srv.SlashCommand(discordtest.SlashCommand{Name: name, Subcommand: sub, GuildID: "g1", ChannelID: "c1", UserID: user.ID, Username: user.Name, Options: opts})
		if _, err := srv.DispatchInteraction(i); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.WaitCallback(ctx, i.ID, 1); err != nil {
			t.Fatal(err)
		}
	}
	clockMsgs := func() []*discordtest.ChannelMessage {
		var out []*discordtest.ChannelMessage
		for _, m := range srv.ChannelMessages("c1") {
			if strings.HasPrefix(m.Message.Content, "⏱️ **Chess clocks**") {
				out = append(out, m)
			}
		}
		return out
	}
	// Until 4a no clock runs: no message, even on a tick.
	tick <- clk.now()
	tick <- clk.now()
	if n := len(clockMsgs()); n != 0 {
		t.Fatalf("%d clock messages before the clocks start", n)
	}
	// The umpire moves on through Discord; the /phase next that begins 4a
	// starts Lee's clock, and the message is posted.
	for n := 0; ; n++ {
		if n > 40 {
			t.Fatal("4a never began")
		}
		g, _ := r.gameHere(ctx, in(umpireA, "", nil, nil))
		if g.CurrentStep() == "4a" {
			break
		}
		slash(umpireA, "phase", "next", discordtest.Option{Name: "force", Value: true}, discordtest.Option{Name: "reason", Value: "the test moves on"})
	}
	if err := srv.WaitFor(ctx, func() bool { return len(clockMsgs()) == 1 }); err != nil {
		t.Fatalf("no clock message: %v", err)
	}
	msg := clockMsgs()[0]
	g, _ := r.gameHere(ctx, in(umpireA, "", nil, nil))
	csa, _ := lrtg.Of(g).Declared.Allowance(engine.CSA, 1)
	if !strings.Contains(msg.Message.Content, fmt.Sprintf("▶️ Lee: **%d:00** left", csa.Minutes)) {
		t.Fatalf("the message: %s", msg.Message.Content)
	}
	edits := func() []*discordtest.ChannelMessageEdit { return srv.ChannelMessageEdits("c1") }
	// Two seconds later a tick does not edit (five seconds between edits);
	// the second tick is taken only once the first is done.
	clk.advance(2 * time.Second)
	tick <- clk.now()
	tick <- clk.now()
	if n := len(edits()); n != 0 {
		t.Fatalf("%d edits within five seconds", n)
	}
	// Ten seconds in, a tick edits it with the time left.
	clk.advance(8 * time.Second)
	tick <- clk.now()
	if err := srv.WaitFor(ctx, func() bool { return len(edits()) == 1 }); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("▶️ Lee: **%d:50** left", csa.Minutes-1)
	if e := edits()[0]; e.MessageID != msg.Message.ID || !strings.Contains(e.Message.Content, want) {
		t.Fatalf("edit %s: %s, want %q", e.MessageID, e.Message.Content, want)
	}
	// A pause edits it at once (five seconds after the last edit).
	clk.advance(5 * time.Second)
	slash(meadeA, "clock", "pause", discordtest.Option{Name: "reason", Value: "rules"})
	if err := srv.WaitFor(ctx, func() bool { return len(edits()) == 2 }); err != nil {
		t.Fatal(err)
	}
	if c := edits()[1].Message.Content; !strings.Contains(c, "⏸️ Lee's clock is paused for a rules question") {
		t.Fatalf("paused: %s", c)
	}
	// Paused, the text does not change: ticks edit nothing.
	clk.advance(time.Minute)
	tick <- clk.now()
	tick <- clk.now()
	if n := len(edits()); n != 2 {
		t.Fatalf("%d edits while paused", n)
	}
	// The umpire resumes (a minute after the last edit: edited at once).
	slash(umpireA, "clock", "resume")
	if err := srv.WaitFor(ctx, func() bool { return len(edits()) == 3 }); err != nil {
		t.Fatal(err)
	}
	if c := edits()[2].Message.Content; !strings.Contains(c, "▶️ Lee") || strings.Contains(c, "paused") {
		t.Fatalf("resumed: %s", c)
	}
	// Lee passes two seconds later: the switch waits for the next tick
	// five seconds after the last edit.
	clk.advance(2 * time.Second)
	slash(leeA, "action", "pass")
	tick <- clk.now()
	tick <- clk.now()
	if n := len(edits()); n != 3 {
		t.Fatalf("%d edits: the switch came within five seconds of the last", n)
	}
	clk.advance(3 * time.Second)
	tick <- clk.now()
	if err := srv.WaitFor(ctx, func() bool { return len(edits()) == 4 }); err != nil {
		t.Fatal(err)
	}
	if c := edits()[3].Message.Content; !strings.Contains(c, "▶️ Meade") || !strings.Contains(c, "⏹️ Lee") {
		t.Fatalf("the switch: %s", c)
	}
	if n := len(clockMsgs()); n != 1 {
		t.Errorf("%d clock messages: one a turn", n)
	}
	for i := 1; i < len(edits()); i++ {
		if gap := edits()[i].Time.Sub(edits()[i-1].Time); gap < 0 {
			t.Errorf("edits out of order")
		}
	}
}

// A command settled without the time (a scheduler's default, say) leaves
// the clocks behind; the live clock's refresh switches them (SyncClock).
func TestClockSyncAfterAnUntimedCommand(t *testing.T) {
	ctx := context.Background()
	clk := newFakeClock()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithClock(clk.now))
	startLRTG(t, r, map[string]string{"time_limitation": "true"})
	acForceTo(t, r, "4a")
	req := Request{GuildID: "g", ChannelID: "war", User: leeA}
	if _, err := r.settleGame(ctx, req, lrtg.PassAction{By: leeA}, nil, func([]EventView, []engine.Event) Reply { return Reply{} }); err != nil {
		t.Fatal(err)
	}
	g, _ := r.gameHere(ctx, req)
	if !lrtg.Of(g).ClockOutOfStep() || lrtg.Of(g).Clock.Running != leeA.ID {
		t.Fatalf("%+v", lrtg.Of(g).Clock)
	}
	clk.advance(time.Minute)
	g, ok := r.syncClock(ctx, "g", "war")
	if !ok || lrtg.Of(g).ClockOutOfStep() || lrtg.Of(g).Clock.Running != meadeA.ID || !lrtg.Of(g).Clock.Since.Equal(clk.now()) {
		t.Fatalf("after the sync: %+v", lrtg.Of(g).Clock)
	}
	if _, ok := r.syncClock(ctx, "g", "war"); ok {
		t.Error("a second sync switched again")
	}
	csa, _ := lrtg.Of(g).Declared.Allowance(engine.CSA, 1)
	if left := lrtg.Of(g).ClockRemaining(leeA.ID, clk.now()); left != time.Duration(csa.Minutes-1)*time.Minute {
		t.Errorf("Lee: %v left", left)
	}
}

// In a hidden game a side's minutes count its infantry corps leaders
// within 8 hexes of an enemy unit (LRTG 22.2): the table, and the other
// side, learn neither the minutes nor the time left on its clocks; each
// side reads its own, the umpire both.
func TestClockTimesHiddenFromTheEnemy(t *testing.T) {
	clk := newFakeClock()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithClock(clk.now))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "time_limitation": "true", "intelligence": "double-blind"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	outs := acForceTo(t, r, "1f")
	var public, umpire string
	for _, o := range outs {
		switch o.Audience.Kind {
		case AudiencePublic:
			public += o.Text + "\n"
		case AudienceEphemeral:
			umpire += o.Text + "\n"
		}
	}
	acWants(t, "1f's table post", public, "each side reads its own allowance")
	for _, secret := range []string{"minutes =", "leaders within 8 hexes"} {
		if strings.Contains(public, secret) {
			t.Errorf("the table reads %q: %s", secret, public)
		}
	}
	acWants(t, "the umpire's 1f", umpire, "CSA: **", "USA: **")
	outs = acForceTo(t, r, "4a")
	switched := clockAllText(outs)
	acWants(t, "4a", switched, "⏱️ Lee's clock runs (")
	if strings.Contains(switched, "left") {
		t.Errorf("the table reads the time left: %s", switched)
	}
	lee := mustOK(t, r, clockReq(leeA, "show", nil)).Text
	meade := mustOK(t, r, clockReq(meadeA, "show", nil)).Text
	ump := mustOK(t, r, clockReq(umpireA, "show", nil)).Text
	acWants(t, "Lee's /clock show", lee, "▶️ Lee: **", "Its clock is stopped (its time is the side's")
	acWants(t, "Meade's /clock show", meade, "⏹️ Meade: **", "Its clock is running (its time is the side's")
	if strings.Count(lee, "minutes a player") != 1 || strings.Count(meade, "minutes a player") != 1 || strings.Count(ump, "minutes a player") != 2 {
		t.Errorf("minutes shown: Lee %q, Meade %q, umpire %q", lee, meade, ump)
	}
	if strings.Contains(meade, "Lee:") || strings.Contains(lee, "Meade:") {
		t.Errorf("a side reads the other's clock: %q / %q", lee, meade)
	}
}
