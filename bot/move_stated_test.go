package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The terrain a player states for a march's steps where the terrain layer
// is silent (engine/lrtg/move_stated.go), through the router, on the
// invented cost chart and layer of testdata/marches (INVENTED FOR TESTS:
// not the publisher's chart nor any map's terrain). In limited
// intelligence the statement is the mover's and the umpire's alone: the
// reply goes to him, the umpire's log to the umpire's channel, and the
// enemy reads nothing of it, refusals included.
func TestStatedTerrainThroughTheRouter(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
	con := &Console{Router: r, User: "umpire", Guild: "g", Channel: "war"}
	handle, do := consoleLines(t, r, con)
	for _, l := range []string{
		"/chart load name:gcacw.terrain-costs file:testdata/marches/terrain-costs.yaml",
		"/terrain load file:testdata/marches/terrain.yaml",
		"/game new scenario:lrtg-high-tide limited_intelligence:true seed:1863",
		"@lee /game join side:csa", "@hooker /game join side:usa", "/game start",
		// Hood and McLaws on the invented layer's clear HW2418, on the
		// pike; McLaws marches west, off the layer.
		"/move units:Longstreet,Hood,McLaws to:HW2418 reason:test",
	} {
		do(l)
	}
	// The enemy must read none of this.
	secret := []string{"Woods", "Pike", "Creek", "Swamp", "McLaws", "Hood", "HW2417", "HW2416", "HW2415", "HW2419", "terrain"}
	// Lee's own answers and the umpire's channel aside, every output is
	// checked (an ephemeral one without a user goes to the asker).
	enemySees := func(line string, rep Reply) {
		t.Helper()
		lees := strings.HasPrefix(line, "@lee ")
		checked := 0
		defer func() {
			if !lees && checked == 0 {
				t.Errorf("%s: nothing checked", line)
			}
		}()
		for _, o := range rep.Outputs {
			switch {
			case o.Audience.Kind == AudienceEphemeral && (o.Audience.UserID == "" && lees || o.Audience.UserID == "console:lee"):
			case o.Audience.Kind == AudienceChannel && o.Audience.Channel == "umpire":
			default:
				checked++
				for _, s := range secret {
					if strings.Contains(o.Text, s) {
						t.Errorf("%s: an output the enemy may see (%+v) tells %q: %s", line, o.Audience, s, o.Text)
					}
				}
			}
		}
	}

	// Every problem at once, nothing moves: a name the chart lacks (its
	// rows listed), a count that does not match the path, and a statement
	// the layer contradicts (HW2419 is clear, on the pike, in the layer).
	line := `@lee /move units:Hood path:HW2419 HW2420 terrain:"Swamp"`
	rep := handle(line)
	got := rep.Outputs[0].Text
	for _, want := range []string{"terrain: gives 1 entry for a march of 2 steps", `terrain: "Swamp" is not on the terrain cost chart`, "Clear, Woods, road: Pike, road: Trail, hexside: Creek, hexside: River", "Nothing moved"} {
		if rep.Outputs[0].Error == nil || !strings.Contains(got, want) {
			t.Errorf("%s: %q does not say %q", line, got, want)
		}
	}
	enemySees(line, rep)
	line = `@lee /move units:Hood path:HW2419 terrain:"Woods"`
	rep = handle(line)
	if o := rep.Outputs[0]; o.Error == nil || !strings.Contains(o.Text, "terrain: step 1 into HW2419: you state Woods; the terrain layer has clear + pike") {
		t.Errorf("%s: %+v", line, o)
	}
	enemySees(line, rep)

	// Off the layer, every step stated: priced on the chart, the reply
	// says so to the mover, the umpire's log has his word.
	line = `@lee /move units:McLaws path:HW2417 HW2416 HW2415 terrain:"Woods; road:Pike; Clear + Creek"`
	rep = handle(line)
	var reply, umpire string
	for _, o := range rep.Outputs {
		if o.Error != nil {
			t.Fatalf("%s: %s", line, o.Text)
		}
		if o.Audience.Kind == AudienceChannel && o.Audience.Channel == "umpire" {
			umpire += o.Text
		} else {
			reply += o.Text
		}
	}
	if !strings.Contains(reply, "🥾 March: HW2417 – HW2416 – HW2415, 3 hexes. Movement points: 4½. On the terrain you state: HW2417 Woods (2 MP); HW2416 road: Pike (½ MP); HW2415 Clear + hexside: Creek (2 MP). The umpire's log has the path.") {
		t.Errorf("the reply: %s", reply)
	}
	if !strings.Contains(umpire, "moved McLaws") || !strings.Contains(umpire, "→ HW2415 by HW2417 – HW2416 – HW2415 (3 steps), priced on the terrain the player states (his word): HW2417 Woods (2 MP); HW2416 road: Pike (½ MP); HW2415 Clear + hexside: Creek (2 MP)") {
		t.Errorf("the umpire's log: %s", umpire)
	}
	enemySees(line, rep)
	// /unit log keeps it for the umpire; the enemy is refused with
	// nothing of it.
	if log := do("/unit log")[0].Text; !strings.Contains(log, "HW2415 Clear + hexside: Creek (2 MP)") {
		t.Errorf("/unit log: %s", log)
	}
	for _, l := range []string{"@hooker /unit log", "@hooker /oob", "@hooker /game status"} {
		enemySees(l, handle(l))
	}
	g, err := r.game(context.Background(), Request{GuildID: "g", ChannelID: "war", User: engine.Actor{ID: "console:umpire"}})
	if err != nil {
		t.Fatal(err)
	}
	if u := g.Units["csa.mclaws"]; u.Ref != "HW2415" {
		t.Errorf("McLaws at %q, want HW2415 as typed", u.Ref)
	}
}
