package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/store"
)

// /game oob (bot/oob.go): the umpire's import of an order of battle, and
// /game start of an LRTA game with the shipped one.

func readTemplate(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../docs/oob-template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func oobReq(user engine.Actor, file []byte) Request {
	req := gameReq(user, "oob", nil)
	if file != nil {
		req.Attachments = map[string][]byte{"file": file}
	}
	return req
}

// newLRTAGame creates an lrta-campaign game in "war" with Lee and Meade
// joined. /game new takes LRTA scenarios once the LRTA sequence of play
// opens them (issue 7); until then the game.created event is written as
// /game new would write it.
func newLRTAGame(t *testing.T, r *Router, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	out := r.Handle(ctx, gameReq(umpireA, "new", map[string]string{"scenario": "lrta-campaign", "seed": "1862"})).first()
	if out.Error != nil {
		if out.Error.Code != "game.scenario" {
			t.Fatalf("new: %s", out.Text)
		}
		typ, data, err := engine.EncodeEvent(&engine.GameCreated{Options: engine.GameOptions{Scenario: "lrta-campaign", Supply: "normal", Comms: 1},
			Umpire: umpireA, SeedHash: engine.SeedHash(1862, 1862)})
		if err != nil {
			t.Fatal(err)
		}
		dice, _ := engine.NewSeededDice(1862, 1862).MarshalBinary()
		if _, err := st.Append(ctx, store.Append{Stream: "game:war", GuildID: "g", Kind: kindGame, Records: []store.NewRecord{{Type: typ, Data: data}}, Dice: dice}); err != nil {
			t.Fatal(err)
		}
	}
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
}

func TestLRTAStartsWithTheShippedOOB(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	newLRTAGame(t, r, st)
	out := mustOK(t, r, gameReq(umpireA, "start", nil))
	if !strings.Contains(out.Text, "28 Confederate and 98 Union units are set up (the shipped LRTA order of battle") {
		t.Fatalf("start: %s", out.Text)
	}
	g, err := r.game(ctx, gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	if lee := g.Units["csa.lee"]; !lee.OnMap || lee.Ref != "SS1727" {
		t.Errorf("Lee: %+v", lee)
	}
	if m := g.Units["usa.mcclellan"]; m.OnMap || m.Track != "mcclellan" {
		t.Errorf("McClellan: %+v", m)
	}
	if h := g.Units["usa.heintzelman"]; h.Track != "reinforcement" || h.Slot != 6 {
		t.Errorf("Heintzelman: %+v", h)
	}
	if len(lrtg.Of(g).Places) == 0 || lrtg.Of(g).Places["Aquia Creek Station"].Depot != engine.USA {
		t.Errorf("the Union depot at Aquia Creek Station is not set up: %+v", lrtg.Of(g).Places["Aquia Creek Station"])
	}
	// Each side sees its own order of battle only.
	own := r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "oob", Options: map[string]string{}}).first()
	if own.Error != nil || !strings.Contains(own.Text, "CSA order of battle (28 units)") || strings.Contains(own.Text, "Pope") {
		t.Errorf("Lee's /oob: %s", own.Text)
	}
}

func TestGameOOBImportAndStart(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	newLRTAGame(t, r, st)
	rep := r.Handle(ctx, oobReq(umpireA, readTemplate(t)))
	if len(rep.Outputs) != 2 || rep.Outputs[0].Error != nil {
		t.Fatalf("import: %+v", rep)
	}
	pub, priv := rep.Outputs[0], rep.Outputs[1]
	if pub.Audience.Kind != AudiencePublic || pub.Text != "📋 The umpire loaded an order of battle for Long Roads to Antietam: 8 Confederate and 9 Union units. /game start sets it up instead of the shipped one." {
		t.Errorf("public: %+v", pub)
	}
	if priv.Audience.Kind != AudienceEphemeral || !strings.Contains(priv.Text, "CSA: 8 units (1 cavalry, 3 infantry, 3 leader, 1 wagon; 7 on the map, 1 track reinforcement)") ||
		!strings.Contains(priv.Text, "USA: 9 units (1 artillery, 1 cavalry, 3 infantry, 3 leader, 1 militia; 7 on the map, 1 track mcclellan, 1 track reinforcement); depots: Alexandria, Harpers Ferry; 0 time chits") ||
		len(priv.Events) != 1 || priv.Events[0].Type != engine.EventOOBImported {
		t.Errorf("umpire: %+v", priv)
	}
	out := mustOK(t, r, gameReq(umpireA, "start", nil))
	if !strings.Contains(out.Text, "8 Confederate and 9 Union units are set up (the order of battle the umpire loaded)") {
		t.Fatalf("start: %s", out.Text)
	}
	g, _ := r.game(ctx, gameReq(umpireA, "status", nil))
	if a := g.Units["csa.anderson"]; a.Ref != "SS0832" || a.Manpower != 14 || a.Command != "L" {
		t.Errorf("Anderson (hex: Orange Court House): %+v", a)
	}
	if d := g.Units["usa.dutassy"]; d.Ref != "HW2521" || len(d.Marks) != 1 || d.Marks[0] != "fort" {
		t.Errorf("D'Utassy: %+v", d)
	}
	if lrtg.Of(g).Places["Harpers Ferry"].Depot != engine.USA || lrtg.Of(g).Chits[engine.USA] != 0 {
		t.Errorf("depots / chits: %+v %v", lrtg.Of(g).Places["Harpers Ferry"], lrtg.Of(g).Chits)
	}
	if len(g.Units) != 17 {
		t.Errorf("%d units set up, want the template's 17", len(g.Units))
	}
	// After the start an import is refused.
	if o := r.Handle(ctx, oobReq(umpireA, readTemplate(t))).first(); o.Error == nil || o.Error.Code != "oob.started" {
		t.Errorf("import after the start: %+v", o)
	}
}

func TestGameOOBLastImportWinsAndSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	newLRTAGame(t, r, st)
	mustOK(t, r, oobReq(umpireA, []byte("game: lrta\nsides:\n  - side: csa\n    units:\n      - {id: csa.x, name: X, kind: infantry, hex: SS1418, source: t}\n"+
		"  - side: usa\n    units:\n      - {id: usa.y, name: Y, kind: infantry, hex: SS1916, source: t}\n")))
	mustOK(t, r, oobReq(umpireA, readTemplate(t)))
	// A new router on the same store (a restart) starts the game from the
	// stream alone: the second import, not the first, not the shipped one.
	r2 := NewRouter(st)
	out := mustOK(t, r2, gameReq(umpireA, "start", nil))
	if !strings.Contains(out.Text, "8 Confederate and 9 Union units") {
		t.Fatalf("start after restart: %s", out.Text)
	}
	// The fold from the first event gives the same set-up.
	_, recs, err := st.Load(ctx, "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	var g engine.GameState
	for _, rec := range recs {
		e, err := storedRulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			t.Fatal(err)
		}
		g = g.Apply(e)
	}
	if len(g.Units) != 17 || g.Units["usa.pope"].Ref != "SS1916" {
		t.Errorf("replayed: %d units, Pope %+v", len(g.Units), g.Units["usa.pope"])
	}
}

func TestGameOOBRefusals(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	newLRTAGame(t, r, st)
	refuse := func(req Request, code, text string) {
		t.Helper()
		o := r.Handle(ctx, req).first()
		if o.Error == nil || o.Error.Code != code || (text != "" && o.Text != text) {
			t.Errorf("want %s %q, got %+v", code, text, o)
		}
		if o.Audience.Kind != AudienceEphemeral {
			t.Errorf("a refusal is for the umpire only: %+v", o.Audience)
		}
	}
	refuse(oobReq(leeA, readTemplate(t)), "game.umpire", "")
	refuse(oobReq(umpireA, nil), "oob.file", "")
	bad := strings.Replace(string(readTemplate(t)), "kind: cavalry, size: brigade, command: Cav, manpower: 3, hex: SS1824", "kind: cavalry, size: brigade, command: Cav, manpower: 3, hex: SS9924", 1)
	o := r.Handle(ctx, oobReq(umpireA, []byte(bad))).first()
	if o.Error == nil || o.Error.Code != "oob.file" ||
		!strings.Contains(o.Text, `The order of battle file is not right: usa: line 64: unit usa.buford: "SS9924" is not a hex: sheet SS runs from 0102 to 5833.`) {
		t.Errorf("bad hex: %+v", o)
	}
	lrtg := strings.Replace(string(readTemplate(t)), "game: lrta ", "game: lrtg ", 1)
	refuse(oobReq(umpireA, []byte(lrtg)), "oob.game",
		"The file is an order of battle for LRTG (game: lrtg), but this game is Long Roads to Antietam (lrta). Give the file game: lrta")
	jl := strings.Replace(string(readTemplate(t)), "# variant: jackson-lives", "variant: jackson-lives", 1)
	refuse(oobReq(umpireA, []byte(jl)), "oob.variant", "")
	// Nothing refused was recorded.
	_, recs, _ := st.Load(ctx, "game:war", 0)
	for _, rec := range recs {
		if rec.Type == engine.EventOOBImported {
			t.Fatalf("a refused import was recorded")
		}
	}
	// Without a game.
	if o := r.Handle(ctx, Request{ChannelID: "elsewhere", User: umpireA, Command: "game", Path: []string{"oob"}, Attachments: map[string][]byte{"file": readTemplate(t)}}).first(); o.Error == nil || o.Error.Code != "game.none" {
		t.Errorf("no game: %+v", o)
	}
}

// The channel learns the counts, never a unit: not in the text, not in
// the events of the public output (the umpire's own output carries them).
func TestGameOOBPublicReplyLeaksNoUnits(t *testing.T) {
	st := openStore(t)
	r := NewRouter(st)
	newLRTAGame(t, r, st)
	rep := r.Handle(context.Background(), oobReq(umpireA, readTemplate(t)))
	var public []Output
	for _, o := range rep.Outputs {
		if o.Audience.Kind != AudienceEphemeral {
			public = append(public, o)
		}
	}
	if len(public) != 1 {
		t.Fatalf("public outputs: %+v", rep.Outputs)
	}
	b, _ := json.Marshal(public)
	for _, secret := range []string{"csa.", "usa.", "Jackson", "A.P. Hill", "McLaws", "Buford", "D'Utassy", "Schurz", "SS1529", "SS1418", "HW2521", "Alexandria", "reinforcement", "oob.imported"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("the public reply names %q: %s", secret, b)
		}
	}
}

// The console reads file: as a path, like Discord's attachment.
func TestConsoleGameOOBFile(t *testing.T) {
	c := &Console{Router: NewRouter(openStore(t)), User: "umpire", Channel: "war", Guild: "g"}
	req, err := c.Parse("/game oob file:../docs/oob-template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if string(req.Attachments["file"]) != string(readTemplate(t)) {
		t.Errorf("the console did not read the file: %d bytes", len(req.Attachments["file"]))
	}
}

// A large order of battle (1,200 units, near the 256 KiB attachment
// limit) goes into one event and sets up whole.
func TestGameOOBLargeFileFits(t *testing.T) {
	var b strings.Builder
	b.WriteString("game: lrta\nsides:\n")
	for _, side := range []string{"csa", "usa"} {
		b.WriteString("  - side: " + side + "\n    units:\n")
		for i := 0; i < 600; i++ {
			fmt.Fprintf(&b, "      - {id: %s.u%03d, name: Unit %d, kind: infantry, size: brigade, manpower: %d, hex: SS%02d%02d, source: \"test row %d\"}\n",
				side, i, i, 1+i%9, 10+i%40, 10+i/40, i)
		}
	}
	if b.Len() > maxAttachment {
		t.Fatalf("the test file is %d bytes, more than an attachment may be", b.Len())
	}
	st := openStore(t)
	r := NewRouter(st)
	newLRTAGame(t, r, st)
	out := mustOK(t, r, oobReq(umpireA, []byte(b.String())))
	if !strings.Contains(out.Text, "600 Confederate and 600 Union units") {
		t.Fatalf("import: %s", out.Text)
	}
	out = mustOK(t, NewRouter(st), gameReq(umpireA, "start", nil))
	if !strings.Contains(out.Text, "600 Confederate and 600 Union units are set up") {
		t.Fatalf("start: %s", out.Text)
	}
}
