package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Issue 22 (LRTG 20, choice D5 of engine/lrtg/dummies.go): a force that
// moves onto its side's dummy merges with it; the mover is told, his side
// has one dummy fewer in play, and nothing of it reaches the enemy or the
// table (the reply is his; Meade's map keeps one marker there).
func TestDummyMergedIntoTheForceThatReachesIt(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
	con := &Console{Router: r, User: "umpire", Guild: "g", Channel: "war"}
	handle, do := consoleLines(t, r, con)
	for _, l := range []string{"/game new scenario:lrtg-high-tide intelligence:limited seed:1", "@lee /game join side:csa", "@meade /game join side:usa", "/game start",
		"/move units:csa.hood to:RS0932 reason:setup", "/dummy place hex:RS0933 side:csa reason:setup"} {
		do(l)
	}
	rep := handle("@lee /move units:csa.hood path:RS0933")
	var mine, others []string
	for _, o := range rep.Outputs {
		if o.Error != nil {
			t.Fatalf("move: %s", o.Text)
		}
		if o.Audience.Kind == AudienceEphemeral {
			mine = append(mine, o.Text)
		} else if o.Audience.UserID == "" || o.Audience.UserID != "console:umpire" {
			others = append(others, o.Text)
		}
	}
	acWants(t, "Lee's reply", strings.Join(mine, "\n"), "🎭 The dummy at RS0933 now covers this force: it is its force marker, no longer a dummy")
	if s := strings.Join(others, "\n"); strings.Contains(strings.ToLower(s), "dumm") {
		t.Errorf("the table reads of the dummy: %s", s)
	}
	acWants(t, "Lee's /dummy list", do("@lee /dummy list")[0].Text, "CSA dummies in play: 0 of 12")
	g, err := r.game(context.Background(), Request{GuildID: "g", ChannelID: "war", User: engine.Actor{ID: "console:umpire"}})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	for _, c := range g.MapCounters(engine.Actor{ID: "console:meade", Name: "meade"}) {
		if c.Side == "csa" && c.Hex == g.Units["csa.hood"].Hex {
			n++
		}
	}
	if n != 1 {
		t.Errorf("Meade's map shows %d Confederate counters where Hood stands, want one marker", n)
	}
}
