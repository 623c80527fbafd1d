package bot

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// /chart show lays a loaded copy out as printed (issue 22, LITN set-up 4):
// a chart too long for one message comes in several, cut at row ends,
// every row once and the column headings on each part, so a group can
// proof-read all of it (it used to stop at "… N more rows").
func TestChartShowLongCopyInParts(t *testing.T) {
	ctx := context.Background()
	sl := &engine.ChartSlot{ID: "test.long", Game: "litn", Title: "Long Chart", Source: "test 1.1",
		RowsHelp: "anything", Columns: []string{"Infantry", "Cavalry", "Artillery"}, Cell: regexp.MustCompile(`^\d+$`), CellHelp: "a number"}
	r := NewRouter(openStore(t), WithLibrary(&engine.Library{Slots: []*engine.ChartSlot{sl}}))
	var b strings.Builder
	b.WriteString("# INVENTED FOR TESTS\nchart: test.long\ncells:\n")
	const rows = 150
	for i := 1; i <= rows; i++ {
		fmt.Fprintf(&b, "  \"Terrain number %03d\": [%d, %d, %d]\n", i, i%7, i%5, i%3)
	}
	if out := r.Handle(ctx, chartReq("load", map[string]string{"name": "test.long", "data": b.String()})).first(); out.Error != nil {
		t.Fatalf("load: %s", out.Text)
	}
	rep := r.Handle(ctx, chartReq("show", map[string]string{"name": "test.long"}))
	if len(rep.Outputs) < 2 {
		t.Fatalf("%d outputs for %d rows", len(rep.Outputs), rows)
	}
	seen := map[string]int{}
	for i, o := range rep.Outputs {
		if o.Error != nil || o.Audience.Kind != AudienceEphemeral || len(o.Text) > 2000 {
			t.Errorf("part %d: %d bytes, %+v", i+1, len(o.Text), o.Audience)
		}
		if !strings.Contains(o.Text, fmt.Sprintf("part %d of %d", i+1, len(rep.Outputs))) || !strings.Contains(o.Text, "| Infantry | Cavalry | Artillery") {
			t.Errorf("part %d lacks its number or the headings:\n%s", i+1, o.Text)
		}
		for _, l := range strings.Split(o.Text, "\n") {
			if strings.HasPrefix(l, "Terrain number") {
				seen[strings.TrimSpace(strings.Split(l, "|")[0])]++
			}
		}
	}
	for i := 1; i <= rows; i++ {
		if n := seen[fmt.Sprintf("Terrain number %03d", i)]; n != 1 {
			t.Errorf("row %d shown %d times", i, n)
		}
	}
	last := rep.Outputs[len(rep.Outputs)-1].Text
	if !strings.Contains(last, "150 rows × 3 columns, digest") || !strings.Contains(last, "Terrain number 150 | 3        | 0       | 0") {
		t.Errorf("last part:\n%s", last)
	}
}

// game:true shows the copy the channel's game keeps, which a copy loaded
// on the server later does not change; without it, the server's.
func TestChartShowGameCopy(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	combat, err := os.ReadFile("../scenarios/testdata/gcacw/combat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	load := func(data string) {
		mustOK(t, r, Request{GuildID: "g", ChannelID: "rules", User: umpireA, Command: "chart", Path: []string{"load"}, Manager: true,
			Options: map[string]string{"name": lrtg.SlotCombat, "data": data}})
	}
	show := func(channel string, game bool) Output {
		opts := map[string]string{"name": lrtg.SlotCombat}
		if game {
			opts["game"] = "true"
		}
		return r.Handle(context.Background(), Request{GuildID: "g", ChannelID: channel, User: leeA, Command: "chart", Path: []string{"show"}, Options: opts}).first()
	}
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrta-campaign"}))
	if out := show("war", true); out.Error == nil || !strings.Contains(out.Text, "has not started") {
		t.Errorf("before the start: %s", out.Text)
	}
	load(string(combat))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	load(strings.Replace(string(combat), "2R*", "3R*", 1)) // INVENTED: a corrected copy on the server

	kept, server := show("war", true), show("war", false)
	if kept.Error != nil || kept.Embed == nil || !strings.Contains(kept.Embed.Title, "the copy this game keeps") || !strings.Contains(kept.Embed.Description, "4 or more  | 2R*") {
		t.Errorf("the game's copy: %+v", kept.Embed)
	}
	if server.Error != nil || server.Embed == nil || !strings.Contains(server.Embed.Title, "your copy") || !strings.Contains(server.Embed.Description, "4 or more  | 3R*") {
		t.Errorf("the server's copy: %+v", server.Embed)
	}
	if out := show("elsewhere", true); out.Error == nil || !strings.Contains(out.Text, "no game in this channel") {
		t.Errorf("no game: %s", out.Text)
	}
	if out := show("war", false); strings.Contains(out.Text, "more rows") {
		t.Errorf("rows left out: %s", out.Text)
	}
}
