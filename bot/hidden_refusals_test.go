package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// What a player reads when an enemy unit he does not see stops his move
// (engine/lrtg/hidden.go, docs/hidden-refusals.md): the act's outcome and its
// cost, never the unit's name, id, hex or distance; a dummy in its place
// stops nothing; the double-blind map shows the rail column's contact.
func TestHiddenMoveAnswersThroughTheRouter(t *testing.T) {
	for _, intel := range []string{"intelligence:limited", "intelligence:double-blind"} {
		t.Run(intel, func(t *testing.T) {
			r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
			con := &Console{Router: r, User: "umpire", Guild: "g", Channel: "war"}
			do := func(line string) []Output {
				t.Helper()
				req, err := con.Parse(line)
				if err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				rep := r.Handle(context.Background(), req)
				if len(rep.Outputs) == 0 || rep.Outputs[0].Error != nil {
					t.Fatalf("%s: %+v", line, rep.Outputs)
				}
				return rep.Outputs
			}
			text := func(outs []Output) string {
				var b strings.Builder
				for _, o := range outs {
					b.WriteString(o.Text + "\n")
					for _, e := range o.Events {
						b.Write(e.Data)
					}
				}
				return b.String()
			}
			for _, l := range []string{"/game new scenario:lrtg-high-tide " + intel + " seed:1", "@lee /game join side:csa", "@meade /game join side:usa", "/game start",
				// 179 PA at Harpers Ferry; Hood next to the railroad at RS1233, out of sight.
				"/move units:usa.179-pa to:RS0632 reason:setup", "/move units:csa.hood to:RS1233 reason:setup"} {
				do(l)
			}
			secret := []string{"Hood", "csa.hood", "RS1233", "HW3122", "infantry", "within 8", "within 4", "hexes of", "hexes from"}
			// Rail (LRTG 8.2): the column halts before Hood's zone of control.
			got := text(do("@meade /move units:usa.179-pa to:RS1633 mode:rail"))
			if !strings.Contains(got, "🛑 The railroad ahead at RS1232") || !strings.Contains(got, "179 PA halts at RS1132 after 5 hexes") || !strings.Contains(got, "Fatigue +2") {
				t.Errorf("rail answer: %s", got)
			}
			for _, s := range secret {
				if strings.Contains(got, s) {
					t.Errorf("the rail answer tells %q: %s", s, got)
				}
			}
			g, err := r.game(context.Background(), Request{GuildID: "g", ChannelID: "war", User: engine.Actor{ID: "console:umpire"}})
			if err != nil {
				t.Fatal(err)
			}
			if u := g.Units["usa.179-pa"]; u.Fatigue != 2 {
				t.Errorf("the probe cost nothing: %+v", u)
			}
			seenHood := false
			for _, c := range g.MapCounters(engine.Actor{ID: "console:meade", Name: "meade"}) {
				seenHood = seenHood || c.Unit == "csa.hood" // in sight now, or last seen
			}
			if want := strings.Contains(intel, "double-blind"); seenHood != want {
				t.Errorf("Hood on Meade's map: %v, want %v", seenHood, want)
			}
			// Strategic (LRTG 17.1) from Harpers Ferry, 6 hexes from Hood:
			// the unit stays, the fatigue is spent.
			do("/move units:usa.179-pa to:RS0632 reason:back")
			do("/unit set unit:usa.179-pa field:fatigue value:0 reason:rested")
			got = text(do("@meade /move units:usa.179-pa to:RS1433 mode:strategic fatigue:2"))
			if !strings.Contains(got, "179 PA stays at RS0632. The move and its fatigue are spent.") {
				t.Errorf("strategic answer: %s", got)
			}
			for _, s := range secret {
				if strings.Contains(got, s) {
					t.Errorf("the strategic answer tells %q: %s", s, got)
				}
			}
			if !strings.Contains(intel, "limited") {
				return
			}
			// A dummy in Hood's place stops nothing (LRTG 20.0).
			do("/move units:csa.hood to:RS2326 reason:away")
			do("/dummy place hex:RS1233 side:csa reason:test")
			do("/unit set unit:usa.179-pa field:fatigue value:0 reason:rested")
			got = text(do("@meade /move units:usa.179-pa to:RS1433 mode:strategic fatigue:2"))
			if strings.Contains(got, "🛑") || !strings.Contains(got, "meade moves 179 PA to RS1433") {
				t.Errorf("a dummy stopped the move: %s", got)
			}
		})
	}
}
