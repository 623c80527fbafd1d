package bot

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The series' charts serve LRTG and LRTA games: a game keeps the copies
// loaded on its server when it starts (as a LITN game does), and is told
// which it has and which it has not; /chart show offers them in an LRTA
// game's channel, and not in a LITN game's.
func TestSeriesChartsReachTheGame(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	combat, err := os.ReadFile("../scenarios/testdata/gcacw/combat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	load := Request{GuildID: "g", ChannelID: "rules", User: umpireA, Command: "chart", Path: []string{"load"}, Manager: true,
		Options: map[string]string{"name": lrtg.SlotCombat, "data": string(combat)}}
	if out := mustOK(t, r, load); !strings.Contains(out.Text, "the umpire looks it up") || strings.Contains(out.Text, "/chart roll") {
		t.Errorf("load of a looked-up chart: %s", out.Text)
	}
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrta-campaign"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	out := mustOK(t, r, gameReq(umpireA, "start", nil))
	if !strings.Contains(out.Text, "The game keeps the server's charts loaded now: gcacw.combat. Not loaded: gcacw.combat-codes, ") {
		t.Errorf("start: %s", out.Text)
	}
	g, err := r.game(ctx, gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	c := lrtg.Of(g).SeriesCharts(r.library)
	if _, def, row, _, _, err := c.Combat(3, 5, 2); err != nil || row != "1-3" || def.String() != "1Dr" {
		t.Errorf("the game's combat chart: %q %v %v", row, def, err)
	}
	if _, err := c.ExtendedMarch(3, ""); err == nil || !strings.Contains(err.Error(), "/chart load name:gcacw.extended-march") {
		t.Errorf("a chart the game lacks: %v", err)
	}

	show := func(channel string) []engine.Match {
		return r.Autocomplete(Request{GuildID: "g", ChannelID: channel, User: umpireA, Command: "chart", Path: []string{"show"}, Options: map[string]string{}}, "name", "gcacw")
	}
	if ms := show("war"); len(ms) != len(lrtg.SeriesSlots) {
		t.Errorf("an LRTA channel is offered %v", ms)
	}
	mustOK(t, r, Request{GuildID: "g", ChannelID: "litn", User: umpireA, Command: "game", Path: []string{"new"}, Options: map[string]string{"scenario": "litn-1-frederick-to-antietam"}})
	if ms := show("litn"); len(ms) != 0 {
		t.Errorf("a LITN channel is offered %v", ms)
	}
	out = mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "chart", Path: []string{"show"}, Options: map[string]string{"name": lrtg.SlotCombat}})
	if out.Embed == nil || !strings.Contains(out.Embed.Title, "(your copy) (LRTG, LRTA)") || !strings.Contains(out.Embed.Description, "4 or more  | 2R*") {
		t.Errorf("show: %+v", out.Embed)
	}
}
