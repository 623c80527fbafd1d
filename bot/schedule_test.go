package bot

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/store"
)

// testClock is the scheduler's and the router's injected clock.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newTestClock() *testClock {
	return &testClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// posted records what the scheduler posts. Like Discord with
// enforce_nonce, it drops a message whose nonce was already posted (a
// pending outbox entry that two schedulers both post: schedule.go);
// posters standing for processes of one Discord share their nonces.
type posted struct {
	mu     sync.Mutex
	outs   []Output
	nonces *nonceSet // nil: its own
}

type nonceSet struct {
	mu   sync.Mutex
	seen map[string]bool
}

// first reports whether nonce is new, and remembers it.
func (n *nonceSet) first(nonce string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.seen[nonce] {
		return false
	}
	if n.seen == nil {
		n.seen = map[string]bool{}
	}
	n.seen[nonce] = true
	return true
}

func (p *posted) Post(ctx context.Context, o Output) error { return p.PostOnce(ctx, o, "") }

func (p *posted) PostOnce(_ context.Context, o Output, nonce string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.nonces == nil {
		p.nonces = &nonceSet{}
	}
	if nonce != "" && !p.nonces.first(nonce) {
		return nil
	}
	p.outs = append(p.outs, o)
	return nil
}

// take returns what was posted since the last take.
func (p *posted) take() []Output {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.outs
	p.outs = nil
	return out
}

func deadlineReq(u engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "deadline", Path: []string{sub}, Options: opts}
}

func tick(t *testing.T, s *Scheduler, p *posted) []Output {
	t.Helper()
	if err := s.Tick(context.Background()); err != nil {
		t.Fatalf("tick: %v", err)
	}
	return p.take()
}

func texts(outs []Output) string {
	var b []string
	for _, o := range outs {
		b = append(b, o.Audience.Kind+"/"+o.Audience.Channel+": "+o.Text)
	}
	return strings.Join(b, "\n")
}

// deadlineGame starts High Tide (Lee, Meade) with the router and the
// scheduler on one clock, at step 1e with a 48-hour deadline.
func deadlineGame(t *testing.T, st Store, extra ...string) (*Router, *Scheduler, *posted, *testClock) {
	t.Helper()
	c := newTestClock()
	r := NewRouter(st, WithLogger(quietLog()), WithClock(c.now))
	startLRTG(t, r, nil)
	toStep(t, r, "1e")
	opts := map[string]string{"default": "48h"}
	for i := 0; i+1 < len(extra); i += 2 {
		opts[extra[i]] = extra[i+1]
	}
	mustOK(t, r, deadlineReq(umpireA, "set", opts))
	p := &posted{}
	return r, &Scheduler{Router: r, Poster: p, Now: c.now}, p, c
}

func countEvents(t *testing.T, st Store, typ string) int {
	t.Helper()
	_, recs, err := st.Load(context.Background(), "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, rec := range recs {
		if rec.Type == typ {
			n++
		}
	}
	return n
}

// Reminders go to those who still owe: at the table, a mention of the
// player and the step only; in his private channel when the game has
// them, with what he owes. Nothing is fired twice.
func TestSchedulerRemindsOnlyThoseWhoOwe(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r, s, p, c := deadlineGame(t, st)
	outs := tick(t, s, p)
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "⏳ Step 1e") || !strings.Contains(outs[0].Text, "<@u1>") || !strings.Contains(outs[0].Text, "<@u2>") {
		t.Fatalf("the wait begins:\n%s", texts(outs))
	}
	mustOK(t, r, declareReq(leeA, map[string]string{"posture": "passive"}))
	c.advance(23 * time.Hour)
	if outs := tick(t, s, p); len(outs) != 0 {
		t.Fatalf("before the reminder:\n%s", texts(outs))
	}
	c.advance(time.Hour)
	outs = tick(t, s, p)
	if len(outs) != 1 || outs[0].Audience.Kind != AudiencePublic || !strings.Contains(outs[0].Text, "<@u2>") || strings.Contains(outs[0].Text, "<@u1>") {
		t.Fatalf("the 24-hour reminder, for Meade only:\n%s", texts(outs))
	}
	// At the table it names the step, nothing of Lee's declaration.
	if postureIn(outs[0].Text) {
		t.Fatalf("the reminder names a posture: %s", outs[0].Text)
	}
	if outs := tick(t, s, p); len(outs) != 0 {
		t.Fatalf("fired twice:\n%s", texts(outs))
	}
	// With private channels, the last call goes to Meade's.
	if err := r.recordChannels(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA}, "cat", map[string]string{"u1": "c-lee", "u2": "c-meade"}, false, ""); err != nil {
		t.Fatal(err)
	}
	c.advance(23 * time.Hour)
	outs = tick(t, s, p)
	if len(outs) != 1 || outs[0].Audience.Kind != AudienceChannel || outs[0].Audience.Channel != "c-meade" ||
		!strings.Contains(outs[0].Text, "last call") || !strings.Contains(outs[0].Text, "/declare") {
		t.Fatalf("the last call in Meade's channel:\n%s", texts(outs))
	}
	if n := countEvents(t, st, engine.EventDeadlineReminded); n != 2 {
		t.Fatalf("%d reminders recorded", n)
	}
}

// When everyone is ready the step's wait ends, and its deadline never
// fires, however late the scheduler looks.
func TestSchedulerEarlyResolution(t *testing.T) {
	st := openStore(t)
	r, s, p, c := deadlineGame(t, st)
	tick(t, s, p)
	mustOK(t, r, declareReq(leeA, map[string]string{"posture": "passive"}))
	mustOK(t, r, declareReq(meadeA, map[string]string{"posture": "operational"}))
	c.advance(100 * time.Hour)
	if outs := tick(t, s, p); len(outs) != 0 {
		t.Fatalf("after everyone was ready:\n%s", texts(outs))
	}
	if countEvents(t, st, engine.EventDeadlineMissed) != 0 || countEvents(t, st, engine.EventDeadlineEnded) != 1 {
		t.Fatal("the ended wait fired")
	}
}

// A pause stops the deadlines and extends them by its length; a vacation
// extends the player's and skips him while away; the game's limit holds.
func TestSchedulerPauseAndVacation(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r, s, p, c := deadlineGame(t, st)
	tick(t, s, p)
	c.advance(10 * time.Hour)
	mustOK(t, r, gameReq(umpireA, "pause", map[string]string{"reason": "holiday"}))
	if outs := tick(t, s, p); len(outs) != 1 || !strings.Contains(outs[0].Text, "stopped") {
		t.Fatalf("pause:\n%s", texts(outs))
	}
	c.advance(50 * time.Hour) // past the unpaused deadline
	if outs := tick(t, s, p); len(outs) != 0 {
		t.Fatalf("while paused:\n%s", texts(outs))
	}
	mustOK(t, r, gameReq(umpireA, "pause", map[string]string{"resume": "true"}))
	if outs := tick(t, s, p); len(outs) != 1 || !strings.Contains(outs[0].Text, "extended by the pause (2d2h") {
		t.Fatalf("resume:\n%s", texts(outs))
	}
	g, _ := r.gameHere(ctx, Request{ChannelID: "war"})
	start := newTestClock().now()
	if due, _ := g.Deadlines.Deadline(leeA.ID); !due.Equal(start.Add(48*time.Hour + 50*time.Hour)) {
		t.Fatalf("Lee's deadline after the pause: %v", due)
	}
	// Meade goes away for 3 days: his deadline moves, Lee's does not.
	out := mustOK(t, r, deadlineReq(meadeA, "vacation", map[string]string{"days": "3"}))
	if !strings.Contains(out.Text, "Meade is away until") {
		t.Fatalf("vacation: %s", out.Text)
	}
	g, _ = r.gameHere(ctx, Request{ChannelID: "war"})
	if due, _ := g.Deadlines.Deadline(meadeA.ID); !due.Equal(start.Add(98*time.Hour + 72*time.Hour)) {
		t.Fatalf("Meade's deadline: %v", due)
	}
	show := mustOK(t, r, deadlineReq(meadeA, "show", nil))
	if !strings.Contains(show.Text, "Meade: deadline") || !strings.Contains(show.Text, "(away)") || show.Audience.Kind != AudienceEphemeral {
		t.Fatalf("/deadline show: %s", show.Text)
	}
	// The 24-hour reminder: Lee only, Meade is away.
	c.advance(98*time.Hour - 60*time.Hour - 24*time.Hour)
	outs := tick(t, s, p)
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "<@u1>") {
		t.Fatalf("reminders while Meade is away:\n%s", texts(outs))
	}
	if out := r.Handle(ctx, deadlineReq(meadeA, "vacation", map[string]string{"days": "12"})).first(); out.Error == nil {
		t.Fatalf("a second vacation while away: %s", out.Text)
	}
	if out := r.Handle(ctx, deadlineReq(leeA, "vacation", map[string]string{"days": "15"})).first(); out.Error == nil || out.Error.Code != "deadline.vacation_limit" {
		t.Fatalf("over the game's limit: %+v", out)
	}
	if out := r.Handle(ctx, deadlineReq(leeA, "set", map[string]string{"default": "24h"})).first(); out.Error == nil || out.Error.Code != "deadline.umpire" {
		t.Fatalf("a player sets the deadlines: %+v", out)
	}
}

// After the deadline and its grace the game applies the step's default as
// the umpire, says so at the table and records it: in 1e, Operational.
func TestSchedulerGraceThenDefault(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r, s, p, c := deadlineGame(t, st, "grace", "12h")
	tick(t, s, p)
	mustOK(t, r, declareReq(leeA, map[string]string{"posture": "passive"}))
	c.advance(48 * time.Hour)
	outs := tick(t, s, p)
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "⌛ <@u2> missed the deadline of step 1e") || !strings.Contains(outs[0].Text, "Grace until") {
		t.Fatalf("missed:\n%s", texts(outs))
	}
	c.advance(11 * time.Hour)
	if outs := tick(t, s, p); len(outs) != 0 {
		t.Fatalf("in grace:\n%s", texts(outs))
	}
	c.advance(time.Hour)
	outs = tick(t, s, p)
	all := texts(outs)
	t.Log(all)
	if !strings.Contains(all, "⚖️ Deadline default for <@u2> in step 1e") || !strings.Contains(all, "declared Operational") || !strings.Contains(all, "deadline default") {
		t.Fatalf("the default:\n%s", all)
	}
	g, _ := r.gameHere(ctx, Request{ChannelID: "war"})
	if lrtg.Of(g).Declared.Posture(engine.USA, g.Turn) != lrtg.PostureOperational || !lrtg.Of(g).Declared.Revealed(g.Turn) {
		t.Fatalf("after the default: %q, revealed %v", lrtg.Of(g).Declared.Posture(engine.USA, g.Turn), lrtg.Of(g).Declared.Revealed(g.Turn))
	}
	if countEvents(t, st, engine.EventDeadlineDefaulted) != 1 || countEvents(t, st, lrtg.EventPosturesRevealed) != 1 {
		t.Fatal("the default is not recorded once")
	}
}

// The action cycle's default is a pass; the other side's wait begins.
func TestSchedulerDefaultPass(t *testing.T) {
	ctx := context.Background()
	c := newTestClock()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithClock(c.now), WithDice(ScriptedSource(5, 2, 2, 6, 6, 6)))
	startLRTG(t, r, nil)
	acForceTo(t, r, "4a")
	mustOK(t, r, deadlineReq(umpireA, "set", map[string]string{"step": "4a", "after": "12h"}))
	p := &posted{}
	s := &Scheduler{Router: r, Poster: p, Now: c.now}
	if outs := tick(t, s, p); len(outs) != 1 || !strings.Contains(outs[0].Text, "<@u1>") || strings.Contains(outs[0].Text, "<@u2>") {
		t.Fatalf("4a waits for the CSA:\n%s", texts(outs))
	}
	c.advance(12 * time.Hour)
	all := texts(tick(t, s, p))
	t.Log(all)
	for _, want := range []string{"missed the deadline", "Deadline default for <@u1> in step 4a", "passed (LRTG 5.0)", "The CSA passes", "⏳ Step 4a Normal Action Phase waits for <@u2>"} {
		if !strings.Contains(all, want) {
			t.Fatalf("missing %q in:\n%s", want, all)
		}
	}
	g, _ := r.gameHere(ctx, Request{ChannelID: "war"})
	if w := g.Deadlines.Wait; w == nil || len(w.Owing) != 1 || w.Owing[0] != meadeA.ID || !w.Start.Equal(c.now()) {
		t.Fatalf("the Union's wait: %+v", g.Deadlines.Wait)
	}
}

// A restart in the middle of a deadline: a new router over the same
// store fires what fell due while the bot was down, once and in order;
// the old router (or a second scheduler) finds it done.
func TestSchedulerRestartFiresOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "umpire.db")
	st1, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st1.Close()
	r1, s1, p1, c := deadlineGame(t, st1)
	tick(t, s1, p1)
	mustOK(t, r1, declareReq(leeA, map[string]string{"posture": "passive"}))
	c.advance(10 * time.Hour)
	tick(t, s1, p1)

	// The bot is down from hour 10 to hour 50: the 24-hour reminder, the
	// last call and the deadline (no grace) fell due meanwhile.
	c.advance(40 * time.Hour)
	st2, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	r2 := NewRouter(st2, WithLogger(quietLog()), WithClock(c.now))
	p2 := &posted{}
	s2 := &Scheduler{Router: r2, Poster: p2, Now: c.now}
	outs := tick(t, s2, p2)
	all := texts(outs)
	miss, def := strings.Index(all, "missed the deadline"), strings.Index(all, "Deadline default for <@u2>")
	if miss < 0 || def < 0 || miss > def || strings.Contains(all, "<@u1>") {
		t.Fatalf("after the restart, in order, Meade only:\n%s", all)
	}
	// Reminders that fell due after the deadline itself are not sent late.
	if strings.Contains(all, "Reminder") || strings.Contains(all, "Last call") {
		t.Fatalf("stale reminders:\n%s", all)
	}
	if outs := tick(t, s2, p2); len(outs) != 0 {
		t.Fatalf("the new router fires twice:\n%s", texts(outs))
	}
	if outs := tick(t, s1, p1); len(outs) != 0 {
		t.Fatalf("the old router fires again:\n%s", texts(outs))
	}
	for typ, want := range map[string]int{engine.EventDeadlineMissed: 1, engine.EventDeadlineDefaulted: 1, engine.EventDeadlineStarted: 1, engine.EventDeadlineReminded: 0} {
		if n := countEvents(t, st2, typ); n != want {
			t.Errorf("%s recorded %d times, want %d", typ, n, want)
		}
	}
}

// A restart between a reminder's time and the deadline sends the latest
// reminder once, not every one that fell due.
func TestSchedulerRestartSendsTheLatestReminderOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "umpire.db")
	st1, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st1.Close()
	r1, s1, p1, c := deadlineGame(t, st1, "remind", "24h,12h")
	tick(t, s1, p1)
	mustOK(t, r1, declareReq(leeA, map[string]string{"posture": "passive"}))
	c.advance(40 * time.Hour) // down through the 24h and 12h reminders
	st2, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	r2 := NewRouter(st2, WithLogger(quietLog()), WithClock(c.now))
	p2 := &posted{}
	s2 := &Scheduler{Router: r2, Poster: p2, Now: c.now}
	outs := tick(t, s2, p2)
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "<@u2>") {
		t.Fatalf("one reminder for Meade:\n%s", texts(outs))
	}
	if outs := tick(t, s1, p1); len(outs) != 0 {
		t.Fatalf("again:\n%s", texts(outs))
	}
	if n := countEvents(t, st2, engine.EventDeadlineReminded); n != 2 {
		t.Fatalf("%d reminder records (both marked fired)", n)
	}
}

// Run ticks at once and on every tick it is given.
func TestSchedulerRunDrivenByTicks(t *testing.T) {
	st := openStore(t)
	_, s, p, c := deadlineGame(t, st)
	ctx, cancel := context.WithCancel(context.Background())
	ticks := make(chan time.Time)
	done := make(chan error)
	go func() { done <- s.Run(ctx, ticks) }()
	ticks <- c.now() // the first tick has run once this is received
	c.advance(24 * time.Hour)
	ticks <- c.now()
	ticks <- c.now() // the second has run
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	all := texts(p.take())
	if !strings.Contains(all, "⏳ Step 1e") || !strings.Contains(all, "⏰ Reminder <@u1>") {
		t.Fatalf("posted:\n%s", all)
	}
}

// On Discord the scheduler posts through the adapter, and only once the
// session is connected (what it fires is recorded before it is posted).
func TestSchedulerPostsThroughDiscord(t *testing.T) {
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true, Guilds: []string{"g"}})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	st := openStore(t)
	r, _, _, c := deadlineGame(t, st)
	d := NewDiscord(sess, r, DiscordOptions{Logger: quietLog(), GuildID: "g"})
	s := &Scheduler{Router: r, Poster: d, Now: c.now}
	if err := s.Tick(context.Background()); err != nil || countEvents(t, st, engine.EventDeadlineStarted) != 0 {
		t.Fatalf("fired before the session connected: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	defer func() { cancel(); <-done }()
	wctx, wcancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer wcancel()
	if _, err := srv.WaitCommands(wctx, "g"); err != nil {
		t.Fatal(err)
	}
	for !d.Ready() {
		select {
		case <-wctx.Done():
			t.Fatal("the session never became ready")
		case <-time.After(5 * time.Millisecond):
		}
	}
	if err := s.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	ms, err := srv.WaitChannelMessage(wctx, "war", 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := ms[0].Data.Content; !strings.Contains(got, "⏳ Step 1e") || !strings.Contains(got, "<@u2>") {
		t.Fatalf("posted %q", got)
	}
	if err := d.Post(context.Background(), Output{Audience: Audience{Kind: AudienceEphemeral, UserID: "u1"}, Text: "x"}); err == nil {
		t.Fatal("an ephemeral output posted without an interaction")
	}
}
