package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// /sheet load and /sheet show (002 2.5): loading a LITN Player Record Sheet and its
// secrecy, on the fixtures under scenarios/testdata/litn (INVENTED FOR
// TESTS — not the printed record sheets). /game new refuses LITN scenarios
// until the LITN game is playable, so newLITNGame creates one through the
// engine's NewGame directly.

func newLITNGame(t *testing.T, r *Router, scenario string) {
	t.Helper()
	req := gameReq(umpireA, "new", nil)
	_, err := r.settleGame(context.Background(), req, engine.NewGame{By: umpireA, Rules: r.rulesets.ForScenario(scenario),
		Options: engine.GameOptions{Scenario: scenario, Supply: "normal", Comms: 1}}, nil,
		func([]EventView, []engine.Event) Reply { return Reply{} })
	if err != nil {
		t.Fatal(err)
	}
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
}

func sheetReq(user engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: user, Command: "sheet", Path: []string{sub}, Options: opts}
}

func litnSheetFile(t *testing.T, side string) string {
	t.Helper()
	b, err := os.ReadFile("../scenarios/testdata/litn/sheet-1-" + side + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// csaSecrets are what the Confederate fixture says that the Union fixture
// does not: ids, hexes, a rating line.
var csaSecrets = []string{"csa.hood", "csa.dh-hill", "csa.walker", "1622", "1625", "1924", "1629", "D.H. Hill", "Lawton", "strength 9", "sheet-1-csa"}

func TestLITNSheetLoadAndShow(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	newLITNGame(t, r, "litn-1-frederick-to-antietam")

	// A player may not load one; the file is not even read.
	if o := r.Handle(ctx, sheetReq(leeA, "load", map[string]string{"side": "csa", "data": litnSheetFile(t, "csa")})).first(); o.Error == nil || o.Error.Code != "game.umpire" {
		t.Fatalf("a player loaded a sheet: %+v", o)
	}
	// The umpire loads the Confederate sheet as a file attachment.
	req := sheetReq(umpireA, "load", map[string]string{"side": "csa"})
	req.Attachments = map[string][]byte{"file": []byte(litnSheetFile(t, "csa"))}
	rep := r.Handle(ctx, req)
	if len(rep.Outputs) != 1 {
		t.Fatalf("load: want one (ephemeral) output, got %+v", rep.Outputs)
	}
	out := rep.Outputs[0]
	if out.Error != nil || out.Audience.Kind != AudienceEphemeral || !strings.Contains(out.Text, "Confederate Player Record Sheet") ||
		!strings.Contains(out.Text, "4 non-combat leaders, 5 combat units on the map and 1 arriving later, 53 strength points") {
		t.Fatalf("load: %+v", out)
	}
	if len(out.Events) != 1 || out.Events[0].Type != litn.EventSheetLoaded || !strings.Contains(string(out.Events[0].Data), "csa.hood") {
		t.Fatalf("load event: %+v", out.Events)
	}
	// The Union sheet, pasted as data:.
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "usa", "data": litnSheetFile(t, "usa")}))

	// Lee reads his own; McClellan's player reads his own and not Lee's.
	lee := mustOK(t, r, sheetReq(leeA, "show", nil))
	if lee.Audience.Kind != AudienceEphemeral || len(lee.Events) != 0 {
		t.Fatalf("Lee's sheet is not private: %+v", lee)
	}
	for _, want := range []string{"Confederate Player Record Sheet", "Scenario 1: Frederick to Antietam", "**Hood** (`csa.hood`) · infantry, strength 9 · command 2, initiative 2, combat bonus 2, rank 3 · subordinate to Longstreet · starts in 1625",
		"**R.E. Lee** (`csa.lee`) · department leader", "arrives on turn 6 at 1529", "Set-up instructions: INVENTED FOR TESTS"} {
		if !strings.Contains(lee.Text, want) {
			t.Errorf("Lee's sheet lacks %q:\n%s", want, lee.Text)
		}
	}
	usa := mustOK(t, r, sheetReq(meadeA, "show", nil))
	if !strings.Contains(usa.Text, "Union Player Record Sheet") || !strings.Contains(usa.Text, "usa.porter") {
		t.Errorf("the Union player's sheet: %s", usa.Text)
	}
	for _, s := range csaSecrets {
		if strings.Contains(usa.Text, s) {
			t.Errorf("the Union sheet shows %q", s)
		}
	}
	if o := mustOK(t, r, sheetReq(umpireA, "show", map[string]string{"side": "csa"})); !strings.Contains(o.Text, "csa.hood") {
		t.Errorf("the umpire's read: %s", o.Text)
	}
	if o := r.Handle(ctx, sheetReq(umpireA, "show", nil)).first(); o.Error == nil || o.Error.Code != "game.side" {
		t.Errorf("the umpire without a side: %+v", o)
	}

	// A later load replaces the side's sheet.
	changed := strings.Replace(litnSheetFile(t, "csa"), "strength: 9", "strength: 8", 1)
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": changed}))
	if o := mustOK(t, r, sheetReq(leeA, "show", nil)); !strings.Contains(o.Text, "infantry, strength 8") {
		t.Errorf("the reloaded sheet: %s", o.Text)
	}
}

// The enemy never sees a side's sheet: not by asking for it, not in any
// output of the load, not in what he reads afterwards (the approach of
// TestLeakProperty: the text and the events' data of every output he
// sees).
func TestLITNSheetSecretFromEnemy(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	newLITNGame(t, r, "litn-1-frederick-to-antietam")
	load := r.Handle(ctx, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": litnSheetFile(t, "csa")}))
	for _, o := range load.Outputs {
		if o.Audience.Kind != AudienceEphemeral {
			t.Errorf("the load posted to %s: %+v", o.Audience.Kind, o)
		}
	}
	seen := func(who string, rep Reply) string {
		var b strings.Builder
		for _, o := range rep.Outputs {
			b.WriteString(o.Text)
			if o.Embed != nil {
				b.WriteString(o.Embed.PlainText())
			}
			for _, e := range o.Events {
				b.Write(e.Data)
			}
			j, _ := json.Marshal(o.Buttons)
			b.Write(j)
		}
		return b.String()
	}
	for _, v := range []struct {
		who  engine.Actor
		opts map[string]string
		code string
	}{
		{meadeA, map[string]string{"side": "csa"}, "sheet.secret"},
		{guestA, map[string]string{}, "sheet.secret"},
		{guestA, map[string]string{"side": "csa"}, "sheet.secret"},
		{meadeA, map[string]string{}, "sheet.none"}, // his own is not loaded: he is not shown Lee's
	} {
		rep := r.Handle(ctx, sheetReq(v.who, "show", v.opts))
		if o := rep.first(); o.Error == nil || o.Error.Code != v.code {
			t.Errorf("%s %v: %+v", v.who.Name, v.opts, o)
		}
		text := seen(v.who.Name, rep)
		for _, s := range csaSecrets {
			if strings.Contains(text, s) {
				t.Errorf("%s %v sees %q: %s", v.who.Name, v.opts, s, text)
			}
		}
	}
	// Every read the Union player and a guest can run on the game.
	reads := []Request{
		gameReq(meadeA, "status", nil), gameReq(guestA, "status", nil),
		{GuildID: "g", ChannelID: "war", User: meadeA, Command: "oob"},
		{GuildID: "g", ChannelID: "war", User: meadeA, Command: "oob", Options: map[string]string{"side": "csa"}},
		{GuildID: "g", ChannelID: "war", User: guestA, Command: "oob"},
		{GuildID: "g", ChannelID: "war", User: meadeA, Command: "roll", Options: map[string]string{"dice": "d6"}},
	}
	for _, req := range reads {
		if req.Options == nil {
			req.Options = map[string]string{}
		}
		text := seen(req.User.Name, r.Handle(ctx, req))
		for _, s := range csaSecrets {
			if strings.Contains(text, s) {
				t.Errorf("%s /%s %v sees %q: %s", req.User.Name, req.Command, req.Path, s, text)
			}
		}
	}
}

func TestLITNSheetRefusals(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	o := r.Handle(ctx, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": litnSheetFile(t, "csa")})).first()
	if o.Error == nil || o.Error.Code != "command.game" || !strings.Contains(o.Text, "Long Roads to Gettysburg (LRTG)") || !strings.Contains(o.Text, "/game oob") {
		t.Fatalf("an LRTG game: %+v", o)
	}

	r = NewRouter(openStore(t))
	newLITNGame(t, r, "litn-1-frederick-to-antietam")
	bad := strings.Replace(litnSheetFile(t, "csa"), "    rank: 3\n    subordinate_to: csa.longstreet\n    hex: \"1625\"", "    rank: 3\n    subordinate_to: csa.magruder\n    hex: \"9999\"", 1)
	if bad == litnSheetFile(t, "csa") {
		t.Fatal("the fixture changed: fix the test's replacement")
	}
	for _, c := range []struct {
		name string
		opts map[string]string
		code string
		says []string
	}{
		{"no side", map[string]string{"data": litnSheetFile(t, "csa")}, "", []string{"needs the option side"}},
		{"bad side", map[string]string{"side": "usx", "data": litnSheetFile(t, "csa")}, "game.side", []string{`"usx" is not a side`, "side:csa or side:usa"}},
		{"no file", map[string]string{"side": "csa"}, "sheet.file", []string{"No record sheet file", "docs/litn-record-sheet.md"}},
		{"other side's file", map[string]string{"side": "usa", "data": litnSheetFile(t, "csa")}, "sheet.side", []string{"the CSA record sheet", "side:csa"}},
		{"unknown field", map[string]string{"side": "csa", "data": litnSheetFile(t, "csa") + "morale: high\n"}, "sheet.file", []string{"field morale is not a top-level field"}},
		{"invalid", map[string]string{"side": "csa", "data": bad}, "sheet.invalid", []string{`subordinate to "csa.magruder"`, `hex "9999" is not a hex of the LITN map`, "csa.hood"}},
	} {
		o := r.Handle(ctx, sheetReq(umpireA, "load", c.opts)).first()
		if o.Error == nil || (c.code != "" && o.Error.Code != c.code) || o.Audience.Kind != AudienceEphemeral {
			t.Errorf("%s: %+v", c.name, o)
			continue
		}
		for _, s := range c.says {
			if !strings.Contains(o.Text, s) {
				t.Errorf("%s: %q does not say %q", c.name, o.Text, s)
			}
		}
	}
}

// The console reads file: as a path, like Discord's attachment.
func TestLITNSheetConsoleFile(t *testing.T) {
	c := &Console{Router: NewRouter(openStore(t)), User: "umpire", Channel: "war", Guild: "g"}
	req, err := c.Parse("/sheet load side:csa file:../scenarios/testdata/litn/sheet-1-csa.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if string(req.Attachments["file"]) != litnSheetFile(t, "csa") || req.Options["side"] != "csa" {
		t.Errorf("the console did not read the file: %d bytes, options %v", len(req.Attachments["file"]), req.Options)
	}
}

// A whole sheet is longer than one Discord message: /sheet show sends it in
// several private messages, every line whole. (Synthetic units, numbered.)
func TestLITNSheetShowLongSheet(t *testing.T) {
	r := NewRouter(openStore(t))
	newLITNGame(t, r, "litn-1-frederick-to-antietam")
	var b strings.Builder
	b.WriteString(litnSheetFile(t, "csa"))
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "  - {id: csa.synthetic-%02d, name: Synthetic unit %d, troops: infantry, strength: 5, command: 2, initiative: 1, combat_bonus: 1, rank: 3, subordinate_to: csa.longstreet, hex: \"1622\"}\n", i, i)
	}
	load := sheetReq(umpireA, "load", map[string]string{"side": "csa"})
	load.Attachments = map[string][]byte{"file": []byte(b.String())}
	mustOK(t, r, load)
	rep := r.Handle(context.Background(), sheetReq(leeA, "show", nil))
	if len(rep.Outputs) < 2 {
		t.Fatalf("one message for a long sheet: %d characters", len(rep.Outputs[0].Text))
	}
	var all strings.Builder
	for _, o := range rep.Outputs {
		if o.Error != nil || o.Audience.Kind != AudienceEphemeral || len(o.Text) > 2000 {
			t.Errorf("part: %s, %d characters", o.Audience.Kind, len(o.Text))
		}
		all.WriteString(o.Text + "\n")
	}
	for i := 0; i < 40; i++ {
		if !strings.Contains(all.String(), fmt.Sprintf("**Synthetic unit %d** (`csa.synthetic-%02d`) · infantry, strength 5", i, i)) {
			t.Errorf("unit %d is missing or cut", i)
		}
	}
}

// A sheet with problems of every kind is refused once, listing all of
// them with their lines (issue 22, LITN set-up 4: "sheets that report all
// missing fields at once"): a value of the wrong kind and an unknown field
// (the file's), a rating left out, a hex off the map and a subordinate who
// is not on the sheet (the rules'). Only the umpire reads it.
func TestLITNSheetAllProblemsAtOnce(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	newLITNGame(t, r, "litn-1-frederick-to-antietam")
	good := litnSheetFile(t, "csa")
	bad := good
	for _, c := range []struct{ from, to string }{
		{"    command: 2\n    initiative: 3\n    combat_bonus: 1\n    rank: 4\n", "    command: two\n    initiative: 3\n    combat_bonus: 1\n    rank: 4\n    morale: high\n"}, // Stuart, line 23
		{"    command: 2\n    initiative: 1\n    combat_bonus: 2\n    rank: 2\n", "    command: 2\n    combat_bonus: 2\n    rank: 2\n"},                                        // Longstreet: no initiative
		{"    rank: 3\n    subordinate_to: csa.longstreet\n    hex: \"1625\"", "    rank: 3\n    subordinate_to: csa.magruder\n    hex: \"9999\""},                             // Hood
	} {
		next := strings.Replace(bad, c.from, c.to, 1)
		if next == bad {
			t.Fatalf("the fixture changed: fix the replacement of %q", c.from)
		}
		bad = next
	}
	rep := r.Handle(ctx, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": bad}))
	var all []string
	for _, o := range rep.Outputs {
		if o.Error == nil || o.Error.Code != "sheet.file" || o.Audience.Kind != AudienceEphemeral || len(o.Text) > 2000 || len(o.Events) != 0 {
			t.Errorf("part: %+v", o)
		}
		all = append(all, o.Text)
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{
		`line 23: "two" is not a whole number`,
		"field morale is not a leader field",
		"line 30: csa.longstreet: initiative is missing",
		`subordinate to "csa.magruder"`,
		`hex "9999" is not a hex of the LITN map`,
		"nothing was loaded",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "initiative rating 0") {
		t.Errorf("a missing rating is also reported out of range:\n%s", text)
	}
	if e, err := r.loadedSheet(ctx, sheetReq(umpireA, "show", nil), engine.CSA); err != nil || e != nil {
		t.Errorf("a refused sheet was recorded: %+v %v", e, err)
	}
	// A player may not load one, and learns nothing of its checks.
	if o := r.Handle(ctx, sheetReq(leeA, "load", map[string]string{"side": "csa", "data": bad})).first(); o.Error == nil || strings.Contains(o.Text, "magruder") || strings.Contains(o.Text, "9999") {
		t.Errorf("a player's load: %+v", o)
	}
}
