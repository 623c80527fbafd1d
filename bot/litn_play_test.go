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
)

// The LITN game through the router (issue 10): /game new with a LITN
// scenario, the record sheets and the group's charts loaded, /game start,
// /phase next through the sequence of play of 002 3.1, /litn status and
// /litn done. The charts and sheets are the fixtures under
// engine/litn/testdata and scenarios/testdata/litn (INVENTED FOR TESTS —
// not the printed charts and sheets).

func litnReq(user engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: user, Command: "litn", Path: []string{sub}, Options: opts}
}

// loadLITNCharts loads every chart fixture into guild "g".
func loadLITNCharts(t *testing.T, r *Router) {
	t.Helper()
	files, err := filepath.Glob("../engine/litn/testdata/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("chart fixtures: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := ""
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "chart:") {
				name = strings.TrimSpace(strings.TrimPrefix(line, "chart:"))
			}
		}
		if name == "" {
			continue
		}
		req := Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "chart", Path: []string{"load"}, Manager: true,
			Options: map[string]string{"name": name, "data": string(b)}}
		mustOK(t, r, req)
	}
}

// litnSheetData reads a record sheet fixture of scenarios/testdata/litn.
func litnSheetData(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../scenarios/testdata/litn", file))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// startLITNGame creates, sets up and starts a LITN game in channel "war"
// of guild "g": Lee (csa) and Meade (usa) play, umpireA umpires. sheets
// are the fixture files of the two sides (csa, usa).
func startLITNGame(t *testing.T, r *Router, scenario string, opts map[string]string, csaSheet, usaSheet string) {
	t.Helper()
	o := map[string]string{"scenario": scenario, "seed": "1862"}
	for k, v := range opts {
		o[k] = v
	}
	mustOK(t, r, gameReq(umpireA, "new", o))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	loadLITNCharts(t, r)
	declareLITNPrinted(t, r, scenario)
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": litnSheetData(t, csaSheet)}))
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "usa", "data": litnSheetData(t, usaSheet)}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
}

// litnPrintedOpts are the umpire's /litn declare of the printed values
// the start checks (INVENTED FOR TESTS): the fixtures' allowances and
// year modifiers of the scenario's year.
func litnPrintedOpts(scenario string) map[string]string {
	if litn.Year(scenario) == 1863 {
		return map[string]string{"ma": "infantry=12,cavalry=16,artillery=12,wagon=8,leader=16", "year": "command-point=-1,broadcast=1"}
	}
	return map[string]string{"ma": "infantry=6,cavalry=9,artillery=5,wagon=4,leader=9", "year": "command-point=0,broadcast=0"}
}

// declareLITNPrinted declares them in the channel's game before the start.
func declareLITNPrinted(t *testing.T, r *Router, scenario string) {
	t.Helper()
	mustOK(t, r, litnReq(umpireA, "declare", litnPrintedOpts(scenario)))
}

func TestLITNGameStartsFromTheSheets(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	// LRTG's options are refused for a LITN game, with what it takes.
	out := r.Handle(ctx, gameReq(umpireA, "new", map[string]string{"scenario": "litn-1-frederick-to-antietam", "jackson_lives": "true"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "optional:14.2,14.3") {
		t.Fatalf("jackson_lives for LITN: %+v", out)
	}
	out = r.Handle(ctx, gameReq(umpireA, "new", map[string]string{"scenario": "litn-1-frederick-to-antietam", "optional": "14.9"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "14.2 (Surprise Attacks)") {
		t.Fatalf("optional 14.9: %+v", out)
	}
	// Not before both sheets are loaded.
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "litn-1-frederick-to-antietam", "optional": "14.2,14.3", "seed": "7"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	loadLITNCharts(t, r)
	declareLITNPrinted(t, r, "litn-1-frederick-to-antietam")
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": litnSheetData(t, "sheet-1-csa.yaml")}))
	out = r.Handle(ctx, gameReq(umpireA, "start", nil)).first()
	if out.Error == nil || !strings.Contains(out.Text, "Union Player Record Sheet is not loaded") {
		t.Fatalf("start without the Union sheet: %+v", out)
	}
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "usa", "data": litnSheetData(t, "sheet-1-usa.yaml")}))
	out = mustOK(t, r, gameReq(umpireA, "start", nil))
	if !strings.Contains(out.Text, "Turn 4 (September 9") || strings.Contains(out.Text, "1622") || len(out.Events) != 0 {
		t.Fatalf("start: %+v", out)
	}
	g, err := r.game(ctx, gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	if o := litn.OptionsOf(g.Options); !o.SurpriseAttacks || !o.LeaderCasualties || g.Turn != 4 || g.LastTurn() != 16 {
		t.Fatalf("options %+v turn %d last %d", o, g.Turn, g.LastTurn())
	}
	hood, ok := litn.Of(g).FindUnit("Hood")
	if !ok || hood.At != "1625" || hood.Strength != 9 || hood.Original != 9 {
		t.Fatalf("Hood: %+v", hood)
	}
	// Each side reads its own strengths and only the enemy's counters.
	lee := mustOK(t, r, litnReq(leeA, "status", nil))
	meade := mustOK(t, r, litnReq(meadeA, "status", nil))
	if !strings.Contains(lee.Text, "Hood (infantry 9 of 9) at 1625") || lee.Audience.Kind != AudienceEphemeral {
		t.Fatalf("Lee's status: %s", lee.Text)
	}
	if !strings.Contains(meade.Text, "Hood at 1625") || strings.Contains(meade.Text, "infantry 9") || strings.Contains(meade.Text, "Not yet on the map: Hood") {
		t.Fatalf("Meade's status shows Confederate strengths: %s", meade.Text)
	}
	if o := r.Handle(ctx, litnReq(leeA, "status", map[string]string{"side": "usa"})).first(); o.Error == nil || o.Error.Code != "litn.secret" {
		t.Fatalf("Lee read the Union side: %+v", o)
	}
	if o := r.Handle(ctx, litnReq(guestA, "status", nil)).first(); o.Error == nil {
		t.Fatalf("a guest read a side: %+v", o)
	}
}

// A unit answers to its id, its name, its id without the side and its
// name's last word, when only one unit does.
func TestLITNFindUnitShortNames(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLITNGame(t, r, "litn-1-frederick-to-antietam", nil, "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	g, err := r.game(context.Background(), gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	for ref, want := range map[string]string{"csa.lee": "csa.lee", "R.E. Lee": "csa.lee", "lee": "csa.lee", "Lee": "csa.lee", "mcclellan": "usa.mcclellan", "Stuart": "csa.stuart"} {
		if u, ok := litn.Of(g).FindUnit(ref); !ok || u.ID != want {
			t.Errorf("%q: %s %v, want %s", ref, u.ID, ok, want)
		}
	}
	// "Hill" is A.P. Hill's and D.H. Hill's: neither.
	if u, ok := litn.Of(g).FindUnit("Hill"); ok {
		t.Errorf("Hill found %s: two units answer to it", u.ID)
	}
}

// /litn set: the umpire's correction. Only he may, with a reason; the table
// learns the counter's new hex and morale, the unit's side alone its
// strength (002 2.5); refusals change nothing.
func TestLITNUmpireSetsAUnit(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLITNGame(t, r, "litn-1-frederick-to-antietam", nil, "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	before, _ := r.game(ctx, gameReq(umpireA, "status", nil))
	for _, c := range []struct {
		user engine.Actor
		opts map[string]string
		code string
	}{
		{leeA, map[string]string{"unit": "Hood", "strength": "20", "reason": "x"}, "game.umpire"},
		{umpireA, map[string]string{"unit": "Hood", "strength": "20", "reason": " "}, "litn.set.reason"},
		{umpireA, map[string]string{"unit": "Hood", "reason": "nothing"}, "litn.set.nothing"},
		{umpireA, map[string]string{"unit": "Lee", "strength": "3", "reason": "x"}, "litn.set.strength"},
		{umpireA, map[string]string{"unit": "Hood", "hex": "9999", "reason": "x"}, "litn.set.hex"},
		{umpireA, map[string]string{"unit": "Nobody", "hex": "1626", "reason": "x"}, "litn.unit"},
	} {
		if o := r.Handle(ctx, litnReq(c.user, "set", c.opts)).first(); o.Error == nil || o.Error.Code != c.code {
			t.Errorf("%v: want %s, got %+v", c.opts, c.code, o)
		}
	}
	if after, _ := r.game(ctx, gameReq(umpireA, "status", nil)); !reflect.DeepEqual(litn.Of(after).LITN.Units, litn.Of(before).LITN.Units) {
		t.Fatal("a refused correction changed a unit")
	}
	rep := r.Handle(ctx, litnReq(umpireA, "set", map[string]string{"unit": "Hood", "strength": "7", "hex": "1626", "demoralized": "true", "reason": "the move was misread"}))
	pub, ump := publicAndEphemeral(t, rep, "set")
	if !strings.Contains(pub, "The umpire corrects Hood: to 1626, demoralized (the move was misread)") || strings.Contains(pub, "7") || strings.Contains(pub, "9") {
		t.Errorf("public: %s", pub)
	}
	if !strings.Contains(ump, "Hood's strength: 9 → 7") {
		t.Errorf("the umpire's copy of the Confederate text: %s", ump)
	}
	g, _ := r.game(ctx, gameReq(umpireA, "status", nil))
	if h := litn.Of(g).LITN.Units["csa.hood"]; h.Strength != 7 || h.At != "1626" || !h.Demoralized || h.Original != 9 {
		t.Errorf("Hood: %+v", h)
	}
	// Meade reads the counter where it is now, not its strength.
	if o := mustOK(t, r, litnReq(meadeA, "status", nil)); !strings.Contains(o.Text, "Hood at 1626 [demoralized]") || strings.Contains(o.Text, "infantry 7") {
		t.Errorf("Meade's status: %s", o.Text)
	}
}
