package bot

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
	"github.com/umpire-games/umpire/store"
)

// LITN set-up without dead ends through the router (issue 22, LITN
// set-up 1-3): /game start refuses a scenario 4 game while anything it
// needs is missing and lists all of it at once; the umpire, without
// Manage Server, loads the charts into his game, records the printed
// values before the start, loads the sheets, and the start goes; and
// into a running game that lacks a chart he loads it with his reason, the
// table is told, and the step that was refused goes on. The charts and
// sheets are the fixtures (INVENTED FOR TESTS).

// litnChartFixtures are the fixture chart files by slot.
func litnChartFixtures(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("../engine/litn/testdata/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("chart fixtures: %v", err)
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "chart:") {
				out[strings.TrimSpace(strings.TrimPrefix(line, "chart:"))] = string(b)
			}
		}
	}
	return out
}

// gameChartReq is /chart load ... game:true in the game's channel, by a
// user without Manage Server.
func gameChartReq(user engine.Actor, name, data, reason string) Request {
	opts := map[string]string{"name": name, "data": data, "game": "true"}
	if reason != "" {
		opts["reason"] = reason
	}
	return Request{GuildID: "g", ChannelID: "war", User: user, Command: "chart", Path: []string{"load"}, Options: opts}
}

// litnLeaderNames are every leader's name of a fixture sheet (a side's
// secret, 002 2.5).
func litnLeaderNames(t *testing.T, file string) []string {
	t.Helper()
	sheet, err := scenarios.ParseLITNSheet([]byte(litnSheetData(t, file)))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range sheet.Leaders {
		out = append(out, l.Name)
	}
	if len(out) < 3 {
		t.Fatalf("%s: leaders %v", file, out)
	}
	return out
}

func TestLITNStartRefusesListingEverythingMissing(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	const sc = "litn-4-collision-at-gettysburg"
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": sc, "seed": "1863"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": litnSheetData(t, "sheet-4-csa.yaml")}))
	// A player may not start it, and does not hear the list.
	if o := r.Handle(ctx, gameReq(leeA, "start", nil)).first(); o.Error == nil || o.Error.Code != "game.umpire" || strings.Contains(o.Text, "/chart load") {
		t.Fatalf("Lee starts: %+v", o)
	}
	out := r.Handle(ctx, gameReq(umpireA, "start", nil)).first()
	if out.Error == nil || out.Error.Code != "litn.setup" || out.Audience.Kind != AudienceEphemeral {
		t.Fatalf("start with nothing set up: %+v", out)
	}
	// Every item at once, a line each, with the command that supplies it.
	want := []string{
		"needs 12 more things:\n1) no one commands the USA yet: a player joins with /game join side:usa\n2) the Command Point Table is not loaded: /chart load name:litn.command-point",
		"\n9) the Movement Costs Chart is not loaded: /chart load name:litn.movement-costs",
		"\n10) the Command Point and Command Broadcast Tables' modifiers for 1863, printed beside the tables, are not recorded: /litn declare year:command-point=N,broadcast=N",
		"\n11) the basic movement allowances printed on the map are not recorded for infantry, cavalry, artillery, wagon, leader: /litn declare ma:",
		"\n12) the Union Player Record Sheet is not loaded: /sheet load side:usa",
	}
	for _, w := range want {
		if !strings.Contains(out.Text, w) {
			t.Errorf("the refusal lacks %q:\n%s", w, out.Text)
		}
	}
	if strings.Contains(out.Text, "litn.attrition") || strings.Contains(out.Text, "Confederate Player Record Sheet") {
		t.Errorf("1863 needs no Attrition Table, and the Confederate sheet is loaded:\n%s", out.Text)
	}
	for _, sl := range litn.NeededSlots(r.library, sc) {
		if !strings.Contains(out.Text, "/chart load name:"+sl.ID+" ") {
			t.Errorf("the refusal does not name %s", sl.ID)
		}
	}
	// The loaded sheet is the Confederates' secret (002 2.5): the list
	// names none of its leaders.
	for _, n := range litnLeaderNames(t, "sheet-4-csa.yaml") {
		if strings.Contains(out.Text, n) {
			t.Errorf("the refusal names %s:\n%s", n, out.Text)
		}
	}

	// Everything supplied, each by its command: the charts by the umpire
	// into his game, without Manage Server (a player may not).
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	charts := litnChartFixtures(t)
	if o := r.Handle(ctx, gameChartReq(leeA, litn.SlotMilitia, charts[litn.SlotMilitia], "")).first(); o.Error == nil || o.Error.Code != "game.umpire" {
		t.Fatalf("Lee loads a chart into the game: %+v", o)
	}
	for _, sl := range litn.NeededSlots(r.library, sc) {
		mustOK(t, r, gameChartReq(umpireA, sl.ID, charts[sl.ID], ""))
	}
	declareLITNPrinted(t, r, sc)
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "usa", "data": litnSheetData(t, "sheet-4-usa.yaml")}))
	if out := mustOK(t, r, gameReq(umpireA, "start", nil)); !strings.Contains(out.Text, "has started") {
		t.Fatalf("start: %s", out.Text)
	}
	// The server's slots are untouched: the copies are the game's.
	if loaded, err := r.loadedCharts(ctx, gameReq(umpireA, "status", nil)); err != nil || len(loaded.Loaded) != 0 {
		t.Fatalf("the server's charts: %v %v", loaded.Loaded, err)
	}
	g, _ := r.game(ctx, gameReq(umpireA, "status", nil))
	if got := litn.Of(g).LITN.Charts; len(got) != len(litn.NeededSlots(r.library, sc)) {
		t.Fatalf("the game keeps %d charts", len(got))
	}
	list := Request{GuildID: "g", ChannelID: "war", User: meadeA, Command: "chart", Path: []string{"list"}, Options: map[string]string{}}
	if o := mustOK(t, r, list); !strings.Contains(o.Text, "0 of 9 not loaded") || !strings.Contains(o.Text, "Attrition Table: not read by this scenario") {
		t.Errorf("/chart list: %s", o.Text)
	}
}

// litnOldStart starts the channel's game as the code before issue 22
// did, without one chart: the litn.started event as it wrote it (the
// slot in missing_charts), appended to the game's stream.
func litnOldStart(t *testing.T, r *Router, without string) {
	t.Helper()
	ctx := context.Background()
	req := gameReq(umpireA, "status", nil)
	stream, st, g, err := r.foldGame(ctx, req) // game_streams.go
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := r.loadedCharts(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := g.Decide(litn.Start{By: umpireA, Scenario: *r.scenarioOf(g), Map: r.theatres[string(litn.ID)], Library: r.library, Charts: loaded.Loaded}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	started := evs[0].(*litn.Started)
	delete(started.Charts, without)
	started.Missing = []string{without}
	typ, data, err := engine.EncodeEvent(started)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.store.Append(ctx, store.Append{Stream: stream, GuildID: "g", Kind: kindGame, Expected: st.Version,
		Records: []store.NewRecord{{Type: typ, Data: data}}}); err != nil {
		t.Fatal(err)
	}
}

func TestLITNUmpireLoadsAChartIntoARunningGame(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	const sc = "litn-4-collision-at-gettysburg"
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": sc, "seed": "1863"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	loadLITNCharts(t, r)
	declareLITNPrinted(t, r, sc)
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": litnSheetData(t, "sheet-4-csa.yaml")}))
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "usa", "data": litnSheetData(t, "sheet-4-usa.yaml")}))
	litnOldStart(t, r, litn.SlotMilitia)

	// 3.1 A IV: the Confederates start with 5 VPs (15.7), so the Union
	// rolls for militia (4.2): refused without the table, and the
	// refusal says how to mend it.
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	out := r.Handle(ctx, phaseReq(ump, "next", nil)).first()
	if out.Error == nil || out.Error.Code != "chart.empty" || !strings.Contains(out.Text, "/chart load name:litn.union-militia game:true reason:") {
		t.Fatalf("the militia step without the table: %+v", out)
	}
	// /chart list in the game's channel says what the game holds.
	list := Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "chart", Path: []string{"list"}, Options: map[string]string{}}
	if o := mustOK(t, r, list); !strings.Contains(o.Text, "1 of 9 not loaded") ||
		!strings.Contains(o.Text, "Union Militia Table: **not in this game**, /chart load name:litn.union-militia game:true reason:<why>") {
		t.Errorf("/chart list: %s", o.Text)
	}
	before, _ := r.game(ctx, gameReq(umpireA, "status", nil))
	data := litnChartFixtures(t)[litn.SlotMilitia]
	for _, c := range []struct {
		req  Request
		code string
	}{
		{gameChartReq(leeA, litn.SlotMilitia, data, "mine"), "game.umpire"},
		{gameChartReq(meadeA, litn.SlotMilitia, data, "mine"), "game.umpire"},
		{gameChartReq(umpireA, litn.SlotMilitia, data, ""), "chart.reason"},
		{gameChartReq(umpireA, litn.SlotMilitia, "chart: litn.union-militia\ncells: {}\n", "x"), "chart."},
		{gameChartReq(umpireA, "gcacw.combat", data, "x"), "chart."},
	} {
		if o := r.Handle(ctx, c.req).first(); o.Error == nil || !strings.HasPrefix(o.Error.Code, c.code) {
			t.Errorf("%s %v: want %s, got %+v", c.req.User.Name, c.req.Options["name"], c.code, o)
		}
	}
	if after, _ := r.game(ctx, gameReq(umpireA, "status", nil)); !reflect.DeepEqual(after, before) {
		t.Fatal("a refused load changed the game")
	}

	rep := r.Handle(ctx, gameChartReq(umpireA, litn.SlotMilitia, data, "the game started without it"))
	pub, eph := publicAndEphemeral(t, rep, "load")
	loaded, _ := r.loadedCharts(ctx, gameReq(umpireA, "status", nil))
	digest := chartDigest(loaded.Loaded[litn.SlotMilitia]) // the same file: the same digest
	if wantPub := "📋 The umpire loaded the Union Militia Table (digest " + digest + ") into the game: the game started without it. The game reads this copy from now on."; pub != wantPub {
		t.Errorf("the table reads:\n%s\nwant:\n%s", pub, wantPub)
	}
	if rep.Outputs[0].Audience.Kind != AudienceEphemeral || !strings.Contains(eph, "Loaded your copy of Union Militia Table into this game") {
		t.Errorf("the umpire's confirmation: %+v", rep.Outputs)
	}
	for _, f := range []string{"sheet-4-csa.yaml", "sheet-4-usa.yaml"} {
		for _, n := range litnLeaderNames(t, f) {
			if strings.Contains(pub, n) {
				t.Errorf("the table's message names %s: %s", n, pub)
			}
		}
	}
	if o := mustOK(t, r, list); !strings.Contains(o.Text, "0 of 9 not loaded") || !strings.Contains(o.Text, "Union Militia Table: in this game, 5 rows x 1 columns, digest "+digest) {
		t.Errorf("/chart list after the load: %s", o.Text)
	}
	// The step that was refused goes on, on the game's copy.
	out = mustOK(t, r, phaseReq(ump, "next", nil))
	g, _ := r.game(ctx, gameReq(umpireA, "status", nil))
	if g.CurrentStep() != litn.StepMilitia || litn.Of(g).LITN.Charts[litn.SlotMilitia] == nil {
		t.Fatalf("at %s; charts %v\n%s", g.CurrentStep(), litn.Of(g).LITN.Charts, out.Text)
	}
}

// game:true is a LITN game's; reason: goes with it; neither changes the
// server's charts when refused.
func TestChartLoadGameRefusals(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	data := litnChartFixtures(t)[litn.SlotMilitia]
	// No game in the channel.
	if o := r.Handle(ctx, gameChartReq(umpireA, litn.SlotMilitia, data, "")).first(); o.Error == nil || o.Error.Code != "game.none" {
		t.Errorf("no game: %+v", o)
	}
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "1"}))
	o := r.Handle(ctx, gameChartReq(umpireA, litn.SlotMilitia, data, "")).first()
	if o.Error == nil || o.Error.Code != "chart.game" || !strings.Contains(o.Text, "this channel's game is LRTG") {
		t.Errorf("an LRTG game: %+v", o)
	}
	server := Request{GuildID: "g", ChannelID: "war", User: managerA, Manager: true, Command: "chart", Path: []string{"load"},
		Options: map[string]string{"name": litn.SlotMilitia, "data": data, "reason": "why"}}
	if o := r.Handle(ctx, server).first(); o.Error == nil || o.Error.Code != "chart.reason" || !strings.Contains(o.Text, "game:true") {
		t.Errorf("reason: without game:true: %+v", o)
	}
	if loaded, err := r.loadedCharts(ctx, server); err != nil || len(loaded.Loaded) != 0 {
		t.Fatalf("a refused load changed the server's charts: %v %v", loaded.Loaded, err)
	}
}

// publicAndEphemeral are a reply's public and ephemeral texts, each
// joined; an output refused fails the test (what names the command).
func publicAndEphemeral(t *testing.T, rep Reply, what string) (pub, eph string) {
	t.Helper()
	for _, o := range rep.Outputs {
		if o.Error != nil {
			t.Fatalf("%s: %s", what, o.Text)
		}
		switch o.Audience.Kind {
		case AudiencePublic:
			pub += o.Text
		case AudienceEphemeral:
			eph += o.Text
		}
	}
	return pub, eph
}
