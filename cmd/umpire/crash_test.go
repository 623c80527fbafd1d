package main

// Crash safety (issue 11, docs/crash-safety.md): the real umpire binary,
// serving the fake Discord, is killed with SIGKILL at seeded random moments
// under a scripted load and restarted; then the log is checked against
// what the players were told.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot"
	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
	"github.com/umpire-games/umpire/store/storetest"
)

const (
	crashGuild = "500000000000000005"
	crashToken = "crash-test-token"
	// crashTick is the scheduler's period in the process (-tick).
	crashTick = 100 * time.Millisecond
)

var (
	crashUmpire = engine.Actor{ID: "700000000000000000", Name: "Umpire"}
	crashLee    = engine.Actor{ID: "700000000000000001", Name: "Lee"}
	crashMeade  = engine.Actor{ID: "700000000000000002", Name: "Meade"}
	// More players, who only roll.
	crashRollers = []engine.Actor{crashLee, crashMeade,
		{ID: "700000000000000003", Name: "Stuart"}, {ID: "700000000000000004", Name: "Buford"}, {ID: "700000000000000005", Name: "Hooker"}}
)

// crashSeed is the seed of the script and the kill moments; UMPIRE_CRASH_SEED
// replays another (the test logs the one it used).
func crashSeed(t *testing.T) uint64 {
	seed := uint64(11)
	if s := os.Getenv("UMPIRE_CRASH_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("UMPIRE_CRASH_SEED=%q: %v", s, err)
		}
		seed = n
	}
	t.Logf("seed %d (UMPIRE_CRASH_SEED replays another)", seed)
	return seed
}

// crashBackends are the stores the tests run against, each a fresh
// database: SQLite always, PostgreSQL when a test server answers
// (storetest: UMPIRE_TEST_POSTGRES; skipped otherwise, failed under CI).
var crashBackends = []struct {
	name string
	dsn  func(t *testing.T) string
}{
	{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "umpire.db") }},
	{"postgres", func(t *testing.T) string { return storetest.PostgresDSN(t) }},
}

func runOnBackends(t *testing.T, test func(t *testing.T, dsn string)) {
	skipShort(t)
	t.Parallel()
	for _, b := range crashBackends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			test(t, b.dsn(t))
		})
	}
}

func skipShort(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills the umpire binary: not in -short mode")
	}
}

// incarnation is one run of the process.
type incarnation struct{ start, end time.Time }

// crashRig is the fake Discord and the umpire processes serving it, one
// at a time, over one database.
type crashRig struct {
	t     *testing.T
	ctx   context.Context
	srv   *discordtest.Server
	cfg   procConfig
	proc  *umpireProc
	runs  []incarnation
	kills int
}

func newCrashRig(t *testing.T, ctx context.Context, dsn string) *crashRig {
	srv := discordtest.NewServer(t, discordtest.Options{
		RequireAllowedMentions: true,
		Token:                  crashToken, Guilds: []string{crashGuild},
		HeartbeatInterval: time.Second,
		// An interaction redelivered to the next process is answered
		// seconds after its first delivery; Discord would have given up,
		// but what is tested is how the umpire answers it.
		AckDeadline: -1,
	})
	dir := t.TempDir()
	return &crashRig{t: t, ctx: ctx, srv: srv, cfg: procConfig{
		Token: crashToken, DB: dsn, Guild: crashGuild, DiscordURL: srv.URL(),
		Args: []string{"-tick", crashTick.String(), "-log-level", "info"},
		Log:  filepath.Join(dir, "umpire.log"),
	}}
}

// start starts a process and waits until it serves.
func (r *crashRig) start() {
	r.t.Helper()
	r.proc = startUmpire(r.t, r.cfg)
	r.runs = append(r.runs, incarnation{start: r.proc.start})
	r.proc.waitServing(r.ctx, r.t, r.srv, len(r.runs))
}

// kill kills the process with SIGKILL.
func (r *crashRig) kill() {
	r.t.Helper()
	r.proc.Kill(r.t)
	r.kills++
	r.runs[len(r.runs)-1].end = r.proc.end
}

// stop stops the process with SIGTERM.
func (r *crashRig) stop() {
	r.t.Helper()
	r.proc.Stop(r.t)
	r.runs[len(r.runs)-1].end = r.proc.end
}

// finish ends the last process (a kill: a clean stop costs discordgo's
// second and is tested elsewhere) and checks the log of every process.
func (r *crashRig) finish() {
	r.t.Helper()
	r.proc.Kill(r.t)
	r.runs[len(r.runs)-1].end = r.proc.end
	if bad := logProblems(r.cfg.Log); len(bad) > 0 {
		r.t.Errorf("the umpire's log has %d problem lines, e.g.:\n%s", len(bad), strings.Join(bad[:min(len(bad), 10)], "\n"))
	}
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// prepare runs fn on an in-process router over the database (its clock at
// now), and closes it before any process uses the database again.
func prepare(t *testing.T, dsn string, now time.Time, fn func(st *store.Store, r *bot.Router)) {
	t.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	fn(st, bot.NewRouter(st, bot.WithLogger(quiet()), bot.WithClock(func() time.Time { return now })))
}

// must handles req and fails the test on a refusal.
func must(t *testing.T, r *bot.Router, req bot.Request) bot.Output {
	t.Helper()
	req.GuildID = crashGuild
	if req.Options == nil {
		req.Options = map[string]string{}
	}
	rep := r.Handle(context.Background(), req)
	if o := rep.Outputs[0]; o.Error != nil {
		t.Fatalf("/%s %v: %s", req.Command, req.Path, o.Text)
	}
	return rep.Outputs[0]
}

// newGame creates a High Tide game in channel (Lee and Meade, started).
func newGame(t *testing.T, r *bot.Router, channel string) {
	t.Helper()
	g := func(u engine.Actor, sub string, opts map[string]string) bot.Request {
		return bot.Request{ChannelID: channel, User: u, Command: "game", Path: []string{sub}, Options: opts}
	}
	must(t, r, g(crashUmpire, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	must(t, r, g(crashLee, "join", map[string]string{"side": "csa"}))
	must(t, r, g(crashMeade, "join", map[string]string{"side": "usa"}))
	must(t, r, g(crashUmpire, "start", nil))
}

// --- the load ---

// A scripted command: what was sent, and what came of it.
type sentCmd struct {
	n       int // order in the script
	i       *discordgo.Interaction
	kind    string // "roll", "game roll", "move", "status"
	channel string
	// redelivered counts the deliveries after the first; callbacks is
	// how many callbacks the fake must have had once it is answered.
	redelivered int
	callbacks   int
	// killedAt: a kill came while it was unanswered, at this instant.
	killedAt time.Time
}

// The load's channels: three for plain rolls, one with a game.
var (
	rollChannels = []string{"310000000000000001", "310000000000000002", "310000000000000003"}
	gameChannel  = "320000000000000001"
	moveUnits    = []string{"Hood", "McLaws", "Early", "Rodes", "Pickett", "Heth"}
	moveTo       = []string{"Culpeper", "Fredericksburg", "SS4328", "SS4229", "SS1418", "SS4532", "Orange"}
	diceExprs    = []string{"d6", "2d6", "2d6+1", "3d6-2", "d10"}
)

// crashScript is the seeded load.
func crashScript(rng *rand.Rand, srv *discordtest.Server, n int) []*sentCmd {
	var out []*sentCmd
	for k := range n {
		c := &sentCmd{n: k, callbacks: 1}
		sc := discordtest.SlashCommand{GuildID: crashGuild}
		user := crashRollers[rng.IntN(len(crashRollers))]
		switch x := rng.IntN(10); {
		case x < 5:
			c.kind, c.channel = "roll", rollChannels[rng.IntN(len(rollChannels))]
			sc.Name, sc.Options = "roll", []discordtest.Option{{Name: "dice", Value: diceExprs[rng.IntN(len(diceExprs))]}}
		case x < 7:
			c.kind, c.channel = "game roll", gameChannel
			user = []engine.Actor{crashLee, crashMeade}[rng.IntN(2)]
			sc.Name, sc.Options = "roll", []discordtest.Option{{Name: "dice", Value: diceExprs[rng.IntN(len(diceExprs))]}}
		case x < 9:
			c.kind, c.channel, user = "move", gameChannel, crashLee
			sc.Name, sc.Options = "move", []discordtest.Option{
				{Name: "units", Value: moveUnits[rng.IntN(len(moveUnits))]},
				{Name: "to", Value: moveTo[rng.IntN(len(moveTo))]}}
		default:
			c.kind, c.channel = "status", gameChannel
			user = []engine.Actor{crashLee, crashMeade}[rng.IntN(2)]
			sc.Name, sc.Subcommand = "game", "status"
		}
		sc.ChannelID, sc.UserID, sc.Username = c.channel, user.ID, user.Name
		c.i = srv.SlashCommand(sc)
		out = append(out, c)
	}
	return out
}

// answer is the acknowledged answer to an interaction: its accepted
// callback's message (or the edit of a deferred one).
func answer(srv *discordtest.Server, id string) (text string, ephemeral, ok bool) {
	for _, cb := range srv.Callbacks(id) {
		if !cb.Accepted || cb.Response == nil || cb.Response.Data == nil {
			continue
		}
		d := cb.Response.Data
		ephemeral = d.Flags&discordgo.MessageFlagsEphemeral != 0
		switch cb.Response.Type {
		case discordgo.InteractionResponseChannelMessageWithSource:
			return messageText(d.Content, d.Embeds), ephemeral, true
		case discordgo.InteractionResponseDeferredChannelMessageWithSource:
			eds := srv.Edits(id)
			for j := len(eds) - 1; j >= 0; j-- {
				if m := eds[j].Message; m != nil {
					return messageText(m.Content, m.Embeds), ephemeral, true
				}
			}
			for _, f := range srv.Followups(id) { // a secret answer after a public deferral
				if m := f.Message; m != nil {
					return messageText(m.Content, m.Embeds), true, true
				}
			}
		}
	}
	return "", false, false
}

func acked(srv *discordtest.Server, id string) bool {
	_, _, ok := answer(srv, id)
	return ok
}

// waitAnswered waits until every command has an acknowledged answer and,
// for redelivered ones, a callback for each delivery.
func waitAnswered(ctx context.Context, t *testing.T, r *crashRig, cmds []*sentCmd) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	err := r.srv.WaitFor(ctx, func() bool {
		for _, c := range cmds {
			if !acked(r.srv, c.i.ID) || len(r.srv.Callbacks(c.i.ID)) < c.callbacks {
				return false
			}
		}
		return true
	})
	if err != nil {
		var missing []string
		for _, c := range cmds {
			if !acked(r.srv, c.i.ID) {
				missing = append(missing, fmt.Sprintf("#%d %s", c.n, c.kind))
			}
		}
		t.Fatalf("unanswered: %v (%v); log:\n%s", missing, err, tail(r.cfg.Log, 30))
	}
}

// TestCrashKillsUnderLoad kills the umpire with SIGKILL at seeded random
// moments while a seeded script of slash commands (rolls in three
// channels, rolls, moves and status in a game) comes through the fake
// Discord, restarts it, and redelivers what was unanswered. Then, from the
// database: every acknowledged command is in the log once, with the reply
// the player got; roll numbers run 1..n in every channel; a fresh fold
// answers as the process did; a redelivered answered interaction got its
// saved reply.
func TestCrashKillsUnderLoad(t *testing.T) {
	runOnBackends(t, crashUnderLoad)
}

func crashUnderLoad(t *testing.T, dsn string) {
	const (
		commands = 150
		kills    = 6
	)
	began := time.Now()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(crashSeed(t), 1))
	prepare(t, dsn, time.Now(), func(_ *store.Store, r *bot.Router) { newGame(t, r, gameChannel) })
	rig := newCrashRig(t, ctx, dsn)
	rig.start()

	script := crashScript(rng, rig.srv, commands)
	// Bursts of 1-5 commands sent at once; kills after seeded bursts, a
	// seeded 0-12 ms after the burst went out (some land while commands
	// are in flight, some after).
	var bursts [][]*sentCmd
	for k := 0; k < len(script); {
		n := min(1+rng.IntN(5), len(script)-k)
		bursts = append(bursts, script[k:k+n])
		k += n
	}
	killAt := map[int]time.Duration{}
	for len(killAt) < kills {
		killAt[1+rng.IntN(len(bursts)-2)] = time.Duration(rng.IntN(13)) * time.Millisecond
	}
	var redeliveredAnswered []*sentCmd
	inFlightAtKill := 0
	for b, burst := range bursts {
		for _, c := range burst {
			if _, err := rig.srv.DispatchInteraction(c.i); err != nil {
				t.Fatal(err)
			}
		}
		delay, kill := killAt[b]
		if !kill {
			waitAnswered(ctx, t, rig, burst)
			continue
		}
		time.Sleep(delay)
		rig.kill()
		rig.start()
		// Discord would not redeliver; the test does, to the new
		// process, what the old one left unanswered, and two answered
		// commands that were recorded, whose saved replies must come back.
		var again []*sentCmd
		for _, c := range script[:burstEnd(bursts, b)] {
			if !acked(rig.srv, c.i.ID) {
				c.killedAt = rig.runs[len(rig.runs)-2].end
				inFlightAtKill++
				again = append(again, c)
			}
		}
		var answered []*sentCmd
		for _, c := range script[:burstEnd(bursts, b)] {
			if text, eph, ok := answer(rig.srv, c.i.ID); ok && !eph && text != "" && c.redelivered == 0 {
				answered = append(answered, c)
			}
		}
		for k := 0; k < 2 && len(answered) > 0; k++ {
			j := rng.IntN(len(answered))
			again = append(again, answered[j])
			redeliveredAnswered = append(redeliveredAnswered, answered[j])
			answered = slices.Delete(answered, j, j+1)
		}
		for _, c := range again {
			c.redelivered++
			c.callbacks = len(rig.srv.Callbacks(c.i.ID)) + 1
			if _, err := rig.srv.DispatchInteraction(c.i); err != nil {
				t.Fatal(err)
			}
		}
		waitAnswered(ctx, t, rig, again)
	}
	waitAnswered(ctx, t, rig, script)

	// The process's last word on the game.
	final := map[string]*discordgo.Interaction{
		"status": rig.srv.SlashCommand(discordtest.SlashCommand{Name: "game", Subcommand: "status", GuildID: crashGuild, ChannelID: gameChannel, UserID: crashLee.ID, Username: crashLee.Name}),
		"oob":    rig.srv.SlashCommand(discordtest.SlashCommand{Name: "oob", Options: []discordtest.Option{{Name: "side", Value: "csa"}}, GuildID: crashGuild, ChannelID: gameChannel, UserID: crashLee.ID, Username: crashLee.Name}),
	}
	for _, i := range final {
		if _, err := rig.srv.DispatchInteraction(i); err != nil {
			t.Fatal(err)
		}
	}
	wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	for _, i := range final {
		if _, err := rig.srv.WaitCallback(wctx, i.ID, 1); err != nil {
			t.Fatal(err)
		}
	}
	rig.finish()

	st, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	recorded, early := checkLoad(t, ctx, st, rig.srv, script)

	// Replay: a fresh router folds the game from its first event and must
	// answer as the process did.
	fresh := bot.NewRouter(st, bot.WithLogger(quiet()))
	for name, i := range final {
		req := bot.RequestFromInteraction(i)
		req.InteractionID = "" // a read, not a redelivery
		got := discordText(fresh.Handle(ctx, req).Outputs[0])
		want, _, _ := answer(rig.srv, i.ID)
		if got != want {
			t.Errorf("replay: /%s from a fresh fold differs from the process's answer:\nfresh:   %q\nprocess: %q", name, got, want)
		}
	}
	// Redelivered answered commands got their saved reply back.
	for _, c := range redeliveredAnswered {
		cbs := rig.srv.Callbacks(c.i.ID)
		first, _, _ := answer(rig.srv, c.i.ID)
		last := cbs[len(cbs)-1]
		if last.Accepted || last.Response == nil || last.Response.Data == nil || messageText(last.Response.Data.Content, last.Response.Data.Embeds) != first {
			t.Errorf("#%d %s redelivered after a restart: callback %+v, want the saved reply %q refused as already acknowledged", c.n, c.kind, last.Response, first)
		}
	}
	t.Logf("%d commands (%d recorded), %d kills; %d commands unanswered at a kill and redelivered (%d of them recorded before the kill), %d answered ones redelivered; %d processes; %s",
		len(script), recorded, rig.kills, inFlightAtKill, early, len(redeliveredAnswered), len(rig.runs), time.Since(began).Round(time.Millisecond))
}

func burstEnd(bursts [][]*sentCmd, b int) int {
	n := 0
	for _, burst := range bursts[:b+1] {
		n += len(burst)
	}
	return n
}

var rollNumber = regexp.MustCompile(`Roll #(\d+)`)

// checkLoad checks the database against the answers. It returns how many
// commands were recorded, and how many of those unanswered at a kill had
// been recorded before it (their redelivery was answered from the saved
// reply).
func checkLoad(t *testing.T, ctx context.Context, st *store.Store, srv *discordtest.Server, script []*sentCmd) (recorded, early int) {
	t.Helper()
	streams, err := st.Streams(ctx, crashGuild)
	if err != nil {
		t.Fatal(err)
	}
	type span struct {
		stream string
		first  int64
		last   int64
		n      int
		at     time.Time
	}
	byInteraction := map[string]*span{}
	rolls := map[string][]int64{} // stream -> roll numbers in version order
	rollOf := map[string]int64{}  // interaction -> its roll's number
	for _, s := range streams {
		_, recs, err := st.Load(ctx, s.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs {
			if rec.Type == engine.EventDiceRolled {
				var e engine.DiceRolled
				if err := json.Unmarshal(rec.Data, &e); err != nil {
					t.Fatal(err)
				}
				rolls[s.ID] = append(rolls[s.ID], e.Number)
				if rec.InteractionID != "" {
					rollOf[rec.InteractionID] = e.Number
				}
			}
			if rec.InteractionID == "" {
				continue
			}
			sp := byInteraction[rec.InteractionID]
			switch {
			case sp == nil:
				byInteraction[rec.InteractionID] = &span{stream: s.ID, first: rec.Version, last: rec.Version, n: 1, at: rec.At}
			case sp.stream != s.ID || rec.Version != sp.last+1:
				t.Errorf("interaction %s is recorded twice: %s v%d-%d and %s v%d", rec.InteractionID, sp.stream, sp.first, sp.last, s.ID, rec.Version)
			default:
				sp.last, sp.n = rec.Version, sp.n+1
			}
		}
	}
	// Roll numbers: 1..n in each stream, in the order recorded.
	for id, nums := range rolls {
		for k, n := range nums {
			if n != int64(k+1) {
				t.Errorf("%s: roll numbers %v: want 1..%d without gaps or repeats", id, nums, len(nums))
				break
			}
		}
	}
	sent := map[string]*sentCmd{}
	for _, c := range script {
		sent[c.i.ID] = c
		text, eph, ok := answer(srv, c.i.ID)
		if !ok {
			t.Errorf("#%d %s was never answered", c.n, c.kind)
			continue
		}
		saved, err := st.Interaction(ctx, c.i.ID)
		sp := byInteraction[c.i.ID]
		if eph {
			// A refusal or a read: nothing recorded.
			if err == nil || sp != nil {
				t.Errorf("#%d %s answered %q (ephemeral) but recorded", c.n, c.kind, text)
			}
			if c.kind == "roll" || c.kind == "game roll" {
				t.Errorf("#%d %s refused: %q", c.n, c.kind, text)
			}
			continue
		}
		recorded++
		if err != nil || sp == nil {
			t.Errorf("#%d %s was acknowledged (%q) but is not in the log: interaction %v, events %v", c.n, c.kind, text, err, sp)
			continue
		}
		if !c.killedAt.IsZero() && sp.at.Before(c.killedAt) {
			early++
		}
		var rep bot.Reply
		if err := json.Unmarshal(saved.Reply, &rep); err != nil || len(rep.Outputs) == 0 {
			t.Errorf("#%d: saved reply %s: %v", c.n, saved.Reply, err)
		} else if got := discordText(rep.Outputs[0]); got != text {
			t.Errorf("#%d %s: the player was told %q, the log saved %q", c.n, c.kind, text, got)
		}
		if c.kind == "roll" || c.kind == "game roll" {
			m := rollNumber.FindStringSubmatch(text)
			if m == nil || strconv.FormatInt(rollOf[c.i.ID], 10) != m[1] {
				t.Errorf("#%d %s: answered %q, the log has roll #%d", c.n, c.kind, text, rollOf[c.i.ID])
			}
		}
	}
	for id := range byInteraction {
		if sent[id] == nil {
			t.Errorf("interaction %s in the log was never sent", id)
		}
	}
	return recorded, early
}

// messageText is a Discord message as text: its content, or its embed as
// the console writes one.
func messageText(content string, embeds []*discordgo.MessageEmbed) string {
	if len(embeds) == 0 {
		return content
	}
	e := embeds[0]
	be := &bot.Embed{Title: e.Title, Description: e.Description}
	for _, f := range e.Fields {
		be.Fields = append(be.Fields, bot.EmbedField{Name: f.Name, Value: f.Value})
	}
	if e.Footer != nil {
		be.Footer = e.Footer.Text
	}
	return be.PlainText()
}

// discordText is what the adapter sends of an output (bot/discord.go
// messageData), as text.
func discordText(o bot.Output) string {
	if o.Embed == nil {
		return clipN(o.Text, 2000)
	}
	e := *o.Embed
	e.Fields = nil
	for _, f := range o.Embed.Fields {
		e.Fields = append(e.Fields, bot.EmbedField{Name: f.Name, Value: clipN(f.Value, 1024)})
	}
	e.Footer = clipN(e.Footer, 2048)
	return e.PlainText()
}

func clipN(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-10]) + " […]"
}

// --- reminders ---

// slowGame is a game with deadlines whose reminders or deadline are due.
type slowGame struct {
	channel string
	after   int64          // the stream's version when prepared
	want    map[string]int // what must be recorded once: deadlineKey
}

// prepSlowGame prepares, in process, a High Tide game at step 1e with a
// 48-hour deadline whose wait the scheduler saw begin at start; with
// leeDeclared, Lee has declared and only Meade owes.
func prepSlowGame(t *testing.T, dsn, channel string, start time.Time, leeDeclared bool, want map[string]int) slowGame {
	t.Helper()
	g := slowGame{channel: channel, want: want}
	prepare(t, dsn, start, func(st *store.Store, r *bot.Router) {
		newGame(t, r, channel)
		for k := 0; ; k++ {
			out := must(t, r, bot.Request{ChannelID: channel, User: crashUmpire, Command: "phase", Path: []string{"next"}})
			if strings.Contains(out.Text, "▶ 1e ") {
				break
			}
			if k == 10 {
				t.Fatalf("step 1e never began: %s", out.Text)
			}
		}
		must(t, r, bot.Request{ChannelID: channel, User: crashUmpire, Command: "deadline", Path: []string{"set"}, Options: map[string]string{"default": "48h"}})
		// The wait begins at start. Without a poster the scheduler
		// posts nothing, not even other games' pending outbox entries
		// (a process killed before posting them left them for the
		// next process); this game's announcement is in the test's
		// past: marked posted.
		ctx := context.Background()
		if err := (&bot.Scheduler{Router: r}).Tick(ctx); err != nil {
			t.Fatal(err)
		}
		pending, err := st.PendingOutbox(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range pending {
			if e.Stream == "game:"+channel {
				if err := st.MarkPosted(ctx, e.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		if leeDeclared {
			must(t, r, bot.Request{ChannelID: channel, User: crashLee, Command: "declare", Options: map[string]string{"posture": "passive"}})
		}
		s, _, err := st.Load(context.Background(), "game:"+channel, 0)
		if err != nil {
			t.Fatal(err)
		}
		g.after = s.Version
	})
	return g
}

// deadlineKey names a deadline event that has a message at the table, ""
// for one that has none.
func deadlineKey(rec store.Record) string {
	switch rec.Type {
	case engine.EventDeadlineReminded:
		var e engine.DeadlineReminded
		if json.Unmarshal(rec.Data, &e) != nil || e.Before <= 0 {
			return "" // covered by a later reminder: recorded, not posted
		}
		if e.LastCall {
			return "last call " + e.Player
		}
		return "reminder " + e.Player
	case engine.EventDeadlineMissed:
		var e engine.DeadlineMissed
		_ = json.Unmarshal(rec.Data, &e)
		return "missed " + e.Player
	case engine.EventDeadlineDefaulted:
		return "default"
	case engine.EventDeadlineStarted:
		return "started"
	}
	return ""
}

var postedKey = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile(`^⏰ Last call <@(\d+)>`), "last call "},
	{regexp.MustCompile(`^⏰ Reminder <@(\d+)>`), "reminder "},
	{regexp.MustCompile(`^⌛ <@(\d+)> missed the deadline`), "missed "},
	{regexp.MustCompile(`^⚖️ `), "default"},
	{regexp.MustCompile(`^⏳ Step `), "started"},
}

// posted counts the deadline messages the fake created in a channel.
func posted(srv *discordtest.Server, channel string) map[string]int {
	out := map[string]int{}
	for _, m := range srv.ChannelMessages(channel) {
		if m.Message == nil || m.Deduplicated {
			continue // refused (an injected fault), or a repeat Discord dropped (its nonce)
		}
		for _, p := range postedKey {
			if sm := p.re.FindStringSubmatch(m.Message.Content); sm != nil {
				k := p.key
				if len(sm) > 1 {
					k += sm[1]
				}
				out[k]++
				break
			}
		}
	}
	return out
}

// waitPosted waits until each of the games' wanted messages is in its
// channel, or 20 s have passed (the checks then say what is missing).
func waitPosted(ctx context.Context, srv *discordtest.Server, games []slowGame) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	_ = srv.WaitFor(ctx, func() bool {
		for _, g := range games {
			p := posted(srv, g.channel)
			for k, n := range g.want {
				if p[k] < n {
					return false
				}
			}
		}
		return true
	})
}

// deduplicated counts the posts the fake dropped for their nonce: a
// process died after posting an outbox entry's message, before marking it
// posted, and the next one posted it again.
func deduplicated(srv *discordtest.Server, channels ...string) int {
	n := 0
	for _, ch := range channels {
		for _, m := range srv.ChannelMessages(ch) {
			if m.Deduplicated {
				n++
			}
		}
	}
	return n
}

// checkFiredOnce checks each game's deadline events after its preparation
// against the fake: recorded as wanted, and each posted exactly once.
func checkFiredOnce(t *testing.T, ctx context.Context, st *store.Store, srv *discordtest.Server, games []slowGame) {
	t.Helper()
	for _, g := range games {
		_, recs, err := st.Load(ctx, "game:"+g.channel, g.after)
		if err != nil {
			t.Fatal(err)
		}
		rec := map[string]int{}
		for _, r := range recs {
			if k := deadlineKey(r); k != "" {
				rec[k]++
			}
		}
		for k, n := range g.want {
			if rec[k] != n {
				t.Errorf("%s: %q recorded %d times, want %d", g.channel, k, rec[k], n)
			}
		}
		p := posted(srv, g.channel)
		for k, n := range rec {
			if p[k] != n {
				t.Errorf("%s: %q recorded %d times, posted %d times", g.channel, k, n, p[k])
			}
		}
		for k, n := range p {
			if rec[k] == 0 {
				t.Errorf("%s: %q posted %d times, never recorded", g.channel, k, n)
			}
		}
	}
}

// TestCrashRemindersDueDuringOutage prepares games whose reminders and
// deadlines fell due while no umpire ran (an injected clock in the past
// starts their waits), starts the umpire and kills it again soon after, at
// seeded moments (within its first scheduler ticks), twice; then, during
// a second outage, more games fall due, and the umpire is restarted and
// killed soon again. Each reminder, miss and default must be recorded
// once and posted once (docs/crash-safety.md).
func TestCrashRemindersDueDuringOutage(t *testing.T) {
	runOnBackends(t, crashReminders)
}

func crashReminders(t *testing.T, dsn string) {
	began := time.Now()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(crashSeed(t), 2))
	lee, meade := crashLee.ID, crashMeade.ID
	lastCalls := func(now time.Time) time.Time { return now.Add(-47*time.Hour - time.Minute) } // both reminders due, the 24h one covered
	overdue := func(now time.Time) time.Time { return now.Add(-48*time.Hour - time.Minute) }   // the deadline and its (zero) grace passed
	now := time.Now()
	games := []slowGame{
		prepSlowGame(t, dsn, "330000000000000001", lastCalls(now), false, map[string]int{"last call " + lee: 1, "last call " + meade: 1}),
		prepSlowGame(t, dsn, "330000000000000002", lastCalls(now), true, map[string]int{"last call " + meade: 1}),
		prepSlowGame(t, dsn, "330000000000000003", overdue(now), false, map[string]int{"missed " + lee: 1, "missed " + meade: 1, "default": 1}),
	}
	rig := newCrashRig(t, ctx, dsn)
	soon := func() time.Duration {
		return time.Duration(rng.IntN(4*int(crashTick/time.Millisecond))) * time.Millisecond
	}
	for range 2 {
		rig.start()
		time.Sleep(soon())
		rig.kill()
	}
	rig.start()
	waitPosted(ctx, rig.srv, games)

	// A second outage, in which more games fall due.
	rig.kill()
	now = time.Now()
	games = append(games,
		prepSlowGame(t, dsn, "330000000000000004", lastCalls(now), false, map[string]int{"last call " + lee: 1, "last call " + meade: 1}),
		prepSlowGame(t, dsn, "330000000000000005", overdue(now), true, map[string]int{"missed " + meade: 1, "default": 1}))
	rig.start()
	time.Sleep(soon())
	rig.kill()
	rig.start()
	waitPosted(ctx, rig.srv, games)
	rig.finish()

	st, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	checkFiredOnce(t, ctx, st, rig.srv, games)
	var channels []string
	for _, g := range games {
		channels = append(channels, g.channel)
	}
	t.Logf("%d games, %d kills, %d processes, %d repeated posts dropped by their nonce; %s",
		len(games), rig.kills, len(rig.runs), deduplicated(rig.srv, channels...), time.Since(began).Round(time.Millisecond))
}

// TestCrashBetweenRecordAndPost kills the umpire in the one window where
// a reminder exists only in the database: the scheduler has recorded a
// game's last calls with their outbox entry, its post to the table failed
// once (a 503: the adapter backs off before it retries), and the process
// is killed in that pause. Then the same with a clean stop (SIGTERM) in
// that pause, which cancels the post. The next process must post each
// last call once. The window is the scheduler's, whatever the store:
// SQLite only.
func TestCrashBetweenRecordAndPost(t *testing.T) {
	skipShort(t)
	t.Parallel()
	dsn := filepath.Join(t.TempDir(), "umpire.db")
	ctx := context.Background()
	lee, meade := crashLee.ID, crashMeade.ID
	rig := newCrashRig(t, ctx, dsn)
	want := map[string]int{"last call " + lee: 1, "last call " + meade: 1}
	pinned := func(ch string) slowGame {
		g := prepSlowGame(t, dsn, ch, time.Now().Add(-47*time.Hour-time.Minute), false, want)
		rig.srv.FailNext("POST /channels/"+ch+"/messages", 1, discordtest.Fault{Status: 503})
		return g
	}
	refused := func(ch string) {
		t.Helper()
		wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if _, err := rig.srv.WaitRequests(wctx, 1, func(r *discordtest.Request) bool {
			return strings.Contains(r.Path, "/channels/"+ch+"/messages") && r.Status == 503
		}); err != nil {
			t.Fatalf("no post to %s: %v", ch, err)
		}
	}
	killed := pinned("340000000000000001")
	rig.start()
	refused(killed.channel)
	rig.kill() // in the adapter's back-off before the retry
	stopped := pinned("340000000000000002")
	rig.start()
	refused(stopped.channel)
	rig.stop() // likewise, cleanly
	rig.start()
	games := []slowGame{killed, stopped}
	waitPosted(ctx, rig.srv, games)
	st, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// The process marks the entries posted. (Wait for it: a SIGTERM
	// right after a post cancels the scheduler at once, and may leave
	// an entry pending that the next process would post again.)
	var pending []store.OutboxEntry
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(crashTick) {
		if pending, err = st.PendingOutbox(ctx); err != nil {
			t.Fatal(err)
		}
		if len(pending) == 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(pending) != 0 {
		t.Errorf("%d outbox entries still pending after their messages were posted: %v", len(pending), pending)
	}
	rig.finish()
	checkFiredOnce(t, ctx, st, rig.srv, games)
}
