package bot

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// A turn of High Tide that runs itself (issue 22: steps:auto), under
// limited intelligence with two commanders a side: the umpire's first
// /phase next begins turn 1 and he types no other; the players answer the
// waits and close the openings with /phase done; every step that happens
// is begun once, in order, and presented once at the table; the table
// never reads the Union's units the umpire's Harpers Ferry note names.
func TestHighTideTurnRunsItself(t *testing.T) {
	r, handle, do := autoHighTide(t)
	begun := regexp.MustCompile(`(?m)^▶ (\S+) `)
	var steps []string // the steps begun, as the table read them
	var table, players []string
	umpireNexts := 0
	play := func(line string) {
		t.Helper()
		if strings.HasPrefix(line, "/phase next") {
			umpireNexts++
		}
		for _, o := range do(line) {
			switch {
			case o.Audience.Kind == AudiencePublic:
				table = append(table, o.Text)
				for _, m := range begun.FindAllStringSubmatch(o.Text, -1) {
					steps = append(steps, m[1])
				}
			case o.Audience.Kind == AudienceChannel && o.Audience.Channel == "umpire":
			case o.Audience.Kind == AudienceEphemeral && !strings.HasPrefix(line, "@"):
			default:
				players = append(players, o.Text)
			}
		}
	}
	play("/phase next") // begins turn 1: the umpire's only one
	for _, l := range []string{
		"@lee /move units:Lee to:SS4331",       // 000 VIII 3): Lee sets up with Longstreet
		"@lee /phase done", "@jeb /phase done", // 1a: reinforcements (every CSA player under limited intelligence)
		"@lee /declare posture:operational", "@hooker /declare posture:passive", // 1e
		"@lee /phase done", "@hooker /phase done", // 2c: the overall commanders' voluntary changes of control
		"@lee /phase done", "@jeb /phase done", "@hooker /phase done", "@reynolds /phase done", // 3a
		"@lee /phase done", "@jeb /phase done", "@hooker /phase done", "@reynolds /phase done", // 3c
		"@lee /phase done", "@jeb /phase done", "@hooker /phase done", // 3d: one still to say
	} {
		play(l)
	}
	if last := steps[len(steps)-1]; last != "3d" {
		t.Fatalf("the game passed 3d before Reynolds said done: steps %v", steps)
	}
	if r := handle("@reynolds /phase next").Outputs[0]; r.Error == nil || r.Error.Code != "phase.umpire" {
		t.Fatalf("a player's /phase next: %+v", r)
	}
	play("@reynolds /phase done")
	for _, l := range []string{"@lee /action pass", "@hooker /action pass", "@lee /segment done"} {
		play(l)
	}
	g, err := r.game(t.Context(), Request{GuildID: "g", ChannelID: "war", User: engine.Actor{ID: "console:umpire"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("turn %d step %s; steps %v", g.Turn, g.CurrentStep(), steps)
	// Turn 1's steps that happen (the supply segment does not on the
	// opening turns), each once, then turn 2 up to its first opening.
	want := []string{"1a", "1e", "1g", "2a", "2b", "2c", "2d", "3a", "3b", "3c", "3d", "4a", "4b", "6", "7", "8", "9", "1a"}
	if !slices.Equal(steps, want) {
		t.Fatalf("steps begun %v, want %v", steps, want)
	}
	if g.Turn != 2 || g.CurrentStep() != "1a" {
		t.Fatalf("turn %d step %s, want turn 2's 1a", g.Turn, g.CurrentStep())
	}
	ends := 0
	for _, text := range table {
		ends += strings.Count(text, "⏭️ Turn 1 ends. **Turn 2")
	}
	if ends != 1 {
		t.Errorf("the turn's end told %d times at the table", ends)
	}
	for _, b := range storedBegun(t, r) {
		if b.Step != "1a" || b.Turn != 1 {
			if !b.Auto || b.By.ID != "console:umpire" || !b.By.Umpire {
				t.Errorf("step %s of turn %d not begun by itself as the umpire's: %+v", b.Step, b.Turn, b)
			}
		} else if b.Auto {
			t.Errorf("the umpire's /phase next recorded as automatic: %+v", b)
		}
	}
	if umpireNexts != 1 {
		t.Errorf("the umpire typed /phase next %d times, want 1 (the turn's start)", umpireNexts)
	}
	// Limited intelligence (LRTG 20): the Harpers Ferry note of 1g names
	// the Union garrison to the umpire only.
	for _, text := range append(table, players...) {
		for _, secret := range []string{"Kenly", "Morris", "RS0632", "RS0732"} {
			if strings.Contains(text, secret) {
				t.Errorf("a player reads %q: %s", secret, text)
			}
		}
	}
}

// storedBegun are the game's step.begun events as stored.
func storedBegun(t *testing.T, r *Router) []engine.StepBegun {
	t.Helper()
	_, recs, err := r.store.Load(t.Context(), "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.StepBegun
	for _, rec := range recs {
		if rec.Type != engine.EventStepBegun {
			continue
		}
		e, err := r.rulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, *e.(*engine.StepBegun))
	}
	return out
}

// A game created without steps: runs itself; steps:manual and every game
// stored before the option (no steps in its options) step by hand: a
// player's command there begins nothing, and the waiting line reads as
// before.
func TestManualStepsAsBefore(t *testing.T) {
	if defaultNewGameSteps != engine.StepsAuto {
		t.Fatalf("new games step %q by default, want auto", defaultNewGameSteps)
	}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
	con := &Console{Router: r, User: "umpire", Guild: "g", Channel: "war"}
	_, do := consoleLines(t, r, con)
	for _, l := range []string{"/game new scenario:lrtg-high-tide seed:1863 steps:manual", "@lee /game join side:csa", "@meade /game join side:usa", "/game start", "/phase next"} {
		do(l)
	}
	out := do("@lee /move units:Lee to:SS4331")
	for _, o := range out {
		if strings.Contains(o.Text, "▶") {
			t.Errorf("a manual game began a step after a player's move: %s", o.Text)
		}
	}
	show := do("/phase show")[0].Text
	if !strings.Contains(show, "Waiting for: the umpire, to begin the next step (/phase next).") {
		t.Errorf("/phase show of a manual game: %s", show)
	}
	other, _ := consoleLines(t, r, &Console{Router: r, User: "umpire", Guild: "g", Channel: "other"})
	if o := other("/game new scenario:lrtg-high-tide steps:some").Outputs[0]; o.Error == nil || o.Error.Code != "game.steps" || !strings.Contains(o.Text, "steps:manual") {
		t.Errorf("steps:some: %+v", o)
	}
}

// After the scheduler applies a deadline default, a game with steps:auto
// goes on by itself in the same run: Meade's missed declaration (1e) is
// declared operational for him, and 1g, then 3a, begin; the posted
// messages tell the steps as /phase next would.
func TestSchedulerDefaultThenAutoSteps(t *testing.T) {
	ctx := context.Background()
	c := newTestClock()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithClock(c.now))
	startLRTG(t, r, map[string]string{"steps": "auto"})
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	mustOK(t, r, phaseReq(ump, "next", nil)) // turn 1 begins
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "phase", Path: []string{"done"}})
	g, err := r.gameHere(ctx, ump)
	if err != nil || g.CurrentStep() != "1e" {
		t.Fatalf("after Lee's /phase done at 1a: step %q, %v", g.CurrentStep(), err)
	}
	mustOK(t, r, deadlineReq(umpireA, "set", map[string]string{"default": "48h"}))
	p := &posted{}
	s := &Scheduler{Router: r, Poster: p, Now: c.now}
	tick(t, s, p)
	mustOK(t, r, declareReq(leeA, map[string]string{"posture": "passive"}))
	var outs []Output
	for range 4 { // the deadline, then its grace
		c.advance(49 * time.Hour)
		outs = append(outs, tick(t, s, p)...)
		if g, _ = r.gameHere(ctx, ump); g.CurrentStep() != "1e" {
			break
		}
	}
	all := texts(outs)
	if !strings.Contains(all, "⚖️ Deadline default for <@u2> in step 1e") || !strings.Contains(all, "▶ 1g Harpers Ferry") || !strings.Contains(all, "▶ 3a Leader Transfer") {
		t.Fatalf("the default and the steps after it:\n%s", all)
	}
	if g, _ = r.gameHere(ctx, ump); g.CurrentStep() != "3a" {
		t.Fatalf("after the default: step %s, want 3a (its leader transfers open)", g.CurrentStep())
	}
	// 3a waits for no one, but is open to both: its deadline runs for
	// each who has not said /phase done (Lee has: he misses nothing), and
	// a missed one counts as done.
	all = texts(tick(t, s, p))
	if !strings.Contains(all, "⏳ Step 3a Leader Transfer waits for <@u1>, <@u2>") {
		t.Fatalf("3a's deadline:\n%s", all)
	}
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "phase", Path: []string{"done"}})
	outs = nil
	for range 4 {
		c.advance(49 * time.Hour)
		outs = append(outs, tick(t, s, p)...)
	}
	all = texts(outs)
	if !strings.Contains(all, "⚖️ Deadline default for <@u2> in step 3a") || !strings.Contains(all, "▶ 3c Attachment") || strings.Contains(all, "<@u1> missed the deadline of step 3a") {
		t.Fatalf("3a's default:\n%s", all)
	}
	if g, _ = r.gameHere(ctx, ump); g.Turn != 1 || g.CurrentStep() == "3a" {
		t.Fatalf("after 3a's default: turn %d step %s", g.Turn, g.CurrentStep())
	}
}

// autoHighTide starts High Tide with steps:auto under limited
// intelligence, two commanders a side (lee and jeb, hooker and
// reynolds), and returns its router and the console's line players.
func autoHighTide(t *testing.T) (r *Router, handle func(string) Reply, do func(string) []Output) {
	t.Helper()
	r = NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
	con := &Console{Router: r, User: "umpire", Guild: "g", Channel: "war"}
	handle, do = consoleLines(t, r, con)
	for _, l := range []string{
		"/game new scenario:lrtg-high-tide seed:1863 limited_intelligence:true steps:auto",
		"@lee /game join side:csa command:1,Imboden",
		"@jeb /game join side:csa command:Cav,2,3,Rich",
		"@hooker /game join side:usa command:I,II,III",
		"@reynolds /game join side:usa command:V,VI,XI,XII,Cav,DC,PA,VIII,RR",
		"/game start",
	} {
		do(l)
	}
	return r, handle, do
}
