package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// A march is a path (engine/lrtg/move_path.go), through the router: the
// reply says the path; a march into an enemy the mover does not see halts
// before him and tells nothing of him but that a unit is there, refusals
// included; the umpire's log has the whole path.
func TestMarchPathThroughTheRouter(t *testing.T) {
	for _, intel := range []string{"intelligence:open", "intelligence:limited", "intelligence:double-blind sighting:1"} {
		t.Run(intel, func(t *testing.T) {
			r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
			con := &Console{Router: r, User: "umpire", Guild: "g", Channel: "war"}
			handle, do := consoleLines(t, r, con)
			for _, l := range []string{"/game new scenario:lrtg-high-tide " + intel + " seed:1", "@lee /game join side:csa", "@meade /game join side:usa", "/game start",
				"/move units:usa.179-pa to:RS0632 reason:setup", "/move units:csa.hood to:RS0932 reason:setup"} {
				do(l)
			}
			open := strings.Contains(intel, "open")
			secret := []string{"Hood", "csa.hood", "infantry", "15"}
			// A bad hex and a gap refused together; nothing moves.
			rep := handle("@meade /move units:usa.179-pa path:RS0732 XX9999")
			if o := rep.Outputs[0]; o.Error == nil || !strings.Contains(o.Text, "XX9999") || !strings.Contains(o.Text, "commas when a place name has spaces") {
				t.Errorf("bad path: %+v", o)
			}
			rep = handle("@meade /move units:usa.179-pa path:RS0732 RS0932 RS1032")
			got := rep.Outputs[0].Text
			if rep.Outputs[0].Error == nil || !strings.Contains(got, "RS0932 is not next to RS0732") {
				t.Fatalf("gap: %+v", rep.Outputs)
			}
			switch {
			case open && !strings.Contains(got, "occupied by Hood (RS0932)"):
				t.Errorf("open: the refusal does not name Hood: %s", got)
			case !open:
				for _, s := range append(secret, "occupied") {
					if strings.Contains(got, s) {
						t.Errorf("the refusal tells %q: %s", s, got)
					}
				}
			}
			if open {
				return // the seen enemy refuses: TestMarchRefusalListsEveryProblem
			}
			// Hood, unseen, stops the march in the last hex before him.
			var b strings.Builder
			for _, o := range do("@meade /move units:usa.179-pa path:RS0732 RS0832 RS0932 RS1032") {
				if o.Audience.Kind == AudienceChannel && o.Audience.Channel == "umpire" {
					if !strings.Contains(o.Text, "by RS0732 – RS0832 (2 steps)") || !strings.Contains(o.Text, "stopped by an enemy unit the player did not see in RS0932 (the path given: RS0732 – RS0832 – RS0932 – RS1032)") || !strings.Contains(o.Text, "movement points not checked") {
						t.Errorf("umpire's log: %s", o.Text)
					}
					continue
				}
				b.WriteString(o.Text)
			}
			got = b.String()
			if !strings.Contains(got, "🛑 The march meets an enemy unit ahead at RS0932") || !strings.Contains(got, "179 PA halts at RS0832 after 2 hexes") || !strings.Contains(got, "🥾 March: RS0732 – RS0832, 2 hexes") {
				t.Errorf("answer: %s", got)
			}
			for _, s := range secret {
				if strings.Contains(got, s) {
					t.Errorf("the answer tells %q: %s", s, got)
				}
			}
			g, err := r.game(context.Background(), Request{GuildID: "g", ChannelID: "war", User: engine.Actor{ID: "console:umpire"}})
			if err != nil {
				t.Fatal(err)
			}
			if u := g.Units["usa.179-pa"]; u.Ref != "RS0832" {
				t.Errorf("179 PA at %s", u.Ref)
			}
		})
	}
}

// consoleLines plays console lines through the router as its tests type
// them: handle returns the reply, do fails the test on a refusal.
func consoleLines(t *testing.T, r *Router, con *Console) (handle func(string) Reply, do func(string) []Output) {
	handle = func(line string) Reply {
		t.Helper()
		req, err := con.Parse(line)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		return r.Handle(context.Background(), req)
	}
	do = func(line string) []Output {
		t.Helper()
		rep := handle(line)
		if len(rep.Outputs) == 0 || rep.Outputs[0].Error != nil {
			t.Fatalf("%s: %+v", line, rep.Outputs)
		}
		return rep.Outputs
	}
	return handle, do
}
