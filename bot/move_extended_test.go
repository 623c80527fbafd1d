package bot

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// An extended march through the router (engine/lrtg/move_extended.go), on
// the invented charts of scenarios/testdata/gcacw and the invented terrain
// layer of scenarios/testdata/terrain/good.yaml (both headed so; not the
// publisher's): the mover reads the roll explained, the umpire reads it on
// his channel, and in a hidden mode the enemy reads nothing of it.
func TestExtendedMarchThroughTheRouter(t *testing.T) {
	for _, intel := range []string{"", "limited_intelligence:true"} {
		t.Run("intel="+intel, func(t *testing.T) {
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
			refused := func(line string) string {
				t.Helper()
				req, _ := con.Parse(line)
				rep := r.Handle(context.Background(), req)
				if len(rep.Outputs) == 0 || rep.Outputs[0].Error == nil {
					t.Fatalf("%s was not refused: %+v", line, rep.Outputs)
				}
				return rep.Outputs[0].Text
			}
			// unionReadsNothing: in a hidden mode the Union's reads tell
			// nothing of the Confederate extended march.
			unionReadsNothing := func() {
				t.Helper()
				for _, read := range []string{"@hooker /action show", "@hooker /oob", "@hooker /game status", "@hooker /attack show", "@hooker /phase show"} {
					req, _ := con.Parse(read)
					for _, o := range r.Handle(context.Background(), req).Outputs {
						for _, s := range []string{"Hood", "xtended", "Night march", "HW2622", "RS0734"} {
							if strings.Contains(o.Text, s) {
								t.Errorf("%s tells the Union %q: %s", read, s, o.Text)
							}
						}
					}
				}
			}
			dir := t.TempDir()
			layer, err := os.ReadFile(filepath.Join("..", "scenarios", "testdata", "terrain", "good.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			var kept []string
			for _, l := range strings.Split(string(layer), "\n") {
				if !strings.Contains(l, "mountain") { // a terrain the invented cost chart has no row for
					kept = append(kept, l)
				}
			}
			terrain := filepath.Join(dir, "terrain.yaml")
			if err := os.WriteFile(terrain, []byte(strings.Join(kept, "\n")), 0o600); err != nil {
				t.Fatal(err)
			}
			charts := filepath.Join("..", "scenarios", "testdata", "gcacw")
			for _, c := range []string{"combat", "combat-codes", "combat-modifiers", "combat-settings", "terrain-costs", "extended-march-modifiers"} {
				do("/chart load name:gcacw." + c + " file:" + filepath.Join(charts, c+".yaml"))
			}
			do("/terrain load file:" + terrain)
			// toActions moves on to 4a, where the opening waits for the
			// Confederate activations (a refusal).
			toActions := func() {
				t.Helper()
				for i := 0; i < 20; i++ {
					req, _ := con.Parse("/phase next")
					if rep := r.Handle(context.Background(), req); rep.Outputs[0].Error != nil {
						if !strings.Contains(rep.Outputs[0].Text, "Step 4a waits") {
							t.Fatalf("phase next: %s", rep.Outputs[0].Text)
						}
						return
					}
				}
				t.Fatal("never reached 4a")
			}
			setup := []string{"/game new scenario:lrtg-high-tide seed:1863 " + intel, "@lee /game join side:csa", "@hooker /game join side:usa", "/game start",
				"/phase next", "@lee /move units:Lee to:SS4028", "/phase next", "@lee /declare posture:operational", "@hooker /declare posture:operational",
				"/phase next", "/harpersferry surrounded:false"}
			for _, l := range setup {
				do(l)
			}
			toActions()
			do("/move units:Longstreet,Hood,McLaws to:HW2418 reason:the march begins here")
			do("/move units:Kenly to:HW2018 reason:out of the way")
			do("/unit set unit:Hood field:fatigue value:1 reason:an earlier march")
			do("@lee /action activate leader_or_unit:Longstreet")
			// 10 MP through the invented woods: past any allowance (die + 2).
			path := "path:HW2419 HW2420 HW2520 HW2521 HW2522 HW2622"
			// Without the table (issue 21's fallback): accepted, the die
			// rolled with the modifiers the engine knows, the total the
			// player's to read on his printed table, owed on the umpire's
			// log; in a hidden mode the Union reads nothing of it.
			mover, umpire, others := splitOutputs(do("@lee /move units:Hood " + path + " extended:true"))
			for _, want := range []string{"Fatigue +2", "Extended march (no Extended March Table loaded): Hood rolls", "+0 to fatigue 3, unexhausted (003 MOVEMENT",
				"Hood: read ", " on your Extended March Table and apply the result with /unit set (your word, on the umpire's log)."} {
				if !strings.Contains(mover, want) {
					t.Errorf("without the table the mover does not read %q: %s", want, mover)
				}
			}
			if strings.Contains(mover, "column") || strings.Contains(mover, "no effect") {
				t.Errorf("without the table the mover reads a result: %s", mover)
			}
			for _, want := range []string{"lee (CSA) rolled Hood's extended march (", ") with no Extended March Table loaded: total ",
				"the result is the player's reading of his printed table, applied with /unit set (his word)"} {
				if !strings.Contains(umpire, want) {
					t.Errorf("without the table the umpire's channel does not read %q: %s", want, umpire)
				}
			}
			var log strings.Builder
			for _, o := range do("/unit log") {
				log.WriteString(o.Text)
			}
			if !strings.Contains(log.String(), "with no Extended March Table loaded: total ") {
				t.Errorf("/unit log: %s", log.String())
			}
			if intel != "" {
				if !strings.Contains(mover, "CSA secret roll #") || others != "" || !strings.Contains(umpire, "lee's extended march") {
					t.Errorf("hidden, without the table: the mover reads %q; others %q; the umpire %q", mover, others, umpire)
				}
				unionReadsNothing()
			}
			if got := refused("@hooker /unit log"); strings.Contains(got, "Hood") || strings.Contains(got, "xtended") {
				t.Errorf("a player reads the unit log: %s", got)
			}
			// The game keeps the copies loaded when it started: a new game,
			// in another channel, has the table.
			do("/chart load name:gcacw.extended-march file:" + filepath.Join(charts, "extended-march.yaml"))
			g0, err := r.game(context.Background(), Request{GuildID: "g", ChannelID: "war", User: engine.Actor{ID: "console:umpire"}})
			if err != nil || lrtg.Of(g0).Charts[lrtg.SlotExtendedMarch] != nil {
				t.Fatalf("a copy loaded after the start reached the game: %v", err)
			}
			con.Channel = "war2" // a game in another channel, started with the table
			for _, l := range setup {
				do(l)
			}
			toActions()
			do("/move units:Longstreet,Hood,McLaws to:HW2418 reason:the march begins here")
			do("/move units:Kenly to:HW2018 reason:out of the way")
			do("/unit set unit:Hood field:fatigue value:1 reason:an earlier march")
			do("@lee /action activate leader_or_unit:Longstreet")
			if got := refused("@lee /move units:Hood " + path + " extended:true march_modifiers:Muddy roads"); !strings.Contains(got, "Muddy roads: the umpire states it") {
				t.Errorf("the umpire's modifier: %s", got)
			}
			outs := do("@lee /move units:Hood " + path + " extended:true march_modifiers:night march")
			mover, umpire, others = splitOutputs(outs)
			for _, want := range []string{"Fatigue +2", "Extended march past the allowance: its length is your word", "Modifiers stated: Night march",
				"Extended march (your group's Extended March Table): Hood rolls", "+0 to fatigue 3, unexhausted (003 MOVEMENT", "+1 Night march (your group's table, stated by the player)",
				"column Infantry"} {
				if !strings.Contains(mover, want) {
					t.Errorf("the mover does not read %q: %s", want, mover)
				}
			}
			g, err := r.game(context.Background(), Request{GuildID: "g", ChannelID: "war2", User: engine.Actor{ID: "console:umpire"}})
			if err != nil {
				t.Fatal(err)
			}
			h := g.Units["csa.hood"]
			if h.Fatigue < 3 || h.Manpower > 16 {
				t.Errorf("Hood after the extended march: %+v", h)
			}
			// The mover reads the fatigue where he reads his action and units.
			for _, read := range []string{"@lee /action show", "@lee /oob"} {
				var all strings.Builder
				for _, o := range do(read) {
					all.WriteString(o.Text)
				}
				if want := fmt.Sprintf("Hood %d", h.Fatigue); read == "@lee /action show" && !strings.Contains(all.String(), want) ||
					read == "@lee /oob" && !strings.Contains(all.String(), fmt.Sprintf("fatigue %d", h.Fatigue)) {
					t.Errorf("%s does not show Hood's fatigue %d: %s", read, h.Fatigue, all.String())
				}
			}
			if intel == "" {
				if !strings.Contains(others, "🎲 Roll #") {
					t.Errorf("an open game's roll is public: %s", others)
				}
				return
			}
			// Hidden: the die is the CSA's secret roll; the Union reads
			// nothing of the march or the roll; the umpire all of it.
			if !strings.Contains(mover, "CSA secret roll #") || others != "" {
				t.Errorf("hidden: the mover reads %q; others %q", mover, others)
			}
			if !strings.Contains(umpire, "lee's extended march") || !strings.Contains(umpire, "Hood rolls") {
				t.Errorf("the umpire's channel: %q", umpire)
			}
			unionReadsNothing()
		})
	}
}

// splitOutputs splits a command's outputs into what the mover reads (his
// reply, public or his alone), what the umpire's channel reads, and what
// anyone else reads (the public posts).
func splitOutputs(outs []Output) (mover, umpire, others string) {
	var m, u, o strings.Builder
	for _, out := range outs {
		switch {
		case out.Audience.Kind == AudienceChannel && out.Audience.Channel == "umpire":
			u.WriteString(out.Text)
		case out.Audience.Kind == AudienceEphemeral:
			m.WriteString(out.Text)
		default:
			o.WriteString(out.Text)
			m.WriteString(out.Text)
		}
	}
	return m.String(), u.String(), o.String()
}
