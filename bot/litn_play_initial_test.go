package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// The Initial Phase (002 3.1 A) through the router: /phase next rolls what
// the rules roll, /litn reorganize, replace and wagon are the players'.
// The sheets and charts are the fixtures (INVENTED FOR TESTS — not the
// printed ones); the dice are queued (queueDice: 4 when none is queued).

// litnInitRouter starts a LITN game with queued dice and private channels
// for Lee (lee-ch) and Meade (meade-ch).
func litnInitRouter(t *testing.T, scenario, csaSheet, usaSheet string) (*Router, *queueDice) {
	t.Helper()
	q := &queueDice{}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(q))
	startLITNGame(t, r, scenario, nil, csaSheet, usaSheet)
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	if err := r.recordChannels(context.Background(), ump, "cat", map[string]string{leeA.ID: "lee-ch", meadeA.ID: "meade-ch"}, false, ""); err != nil {
		t.Fatal(err)
	}
	return r, q
}

// litnInitTexts splits a reply's texts by audience: the table ("war"),
// each private channel, and the ephemeral answers.
func litnInitTexts(rep Reply) map[string]string {
	out := map[string]string{}
	for _, o := range rep.Outputs {
		key := "ephemeral"
		switch o.Audience.Kind {
		case AudiencePublic:
			key = "table"
		case AudienceChannel:
			key = o.Audience.Channel
		}
		out[key] += o.Text + "\n"
	}
	return out
}

// litnInitNoLeak fails if any of the words reaches the audiences named.
func litnInitNoLeak(t *testing.T, what string, texts map[string]string, audiences []string, words ...string) {
	t.Helper()
	for _, a := range audiences {
		for _, w := range words {
			if strings.Contains(texts[a], w) {
				t.Errorf("%s: %q reached %s: %s", what, w, a, texts[a])
			}
		}
	}
}

func litnInitGame(t *testing.T, r *Router) engine.GameState {
	t.Helper()
	g, err := r.game(context.Background(), gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestLITNInitialAttritionReplacementsSecrecy(t *testing.T) {
	ctx := context.Background()
	r, q := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	// Lee declares D.H. Hill near a depot before the Initial Phase: his own.
	rep := r.Handle(ctx, litnReq(leeA, "replace", map[string]string{"unit": "D.H. Hill", "depot": "yes"}))
	texts := litnInitTexts(rep)
	if rep.first().Error != nil || !strings.Contains(texts["lee-ch"], "D.H. Hill") {
		t.Fatalf("declaration: %+v", rep.Outputs)
	}
	litnInitNoLeak(t, "declaration", texts, []string{"table", "meade-ch"}, "Hill", "depot")
	if o := r.Handle(ctx, litnReq(leeA, "replace", map[string]string{"unit": "Hood", "depot": "maybe"})).first(); o.Error == nil {
		t.Fatal("depot:maybe accepted")
	}

	// Scenario 1 begins on turn 4; the umpire moves to turn 5 (odd: attrition).
	req := recordsReq("turn", "next", map[string]string{"reason": "to turn 5"})
	req.User = umpireA
	mustOK(t, r, req)
	q.push(5, 5) // the Confederate's die, the Union's (11.1's example roll)
	rep = r.Handle(ctx, phaseReq(ump, "next", nil))
	if o := rep.first(); o.Error != nil {
		t.Fatalf("/phase next: %s", o.Text)
	}
	texts = litnInitTexts(rep)
	if !strings.Contains(texts["table"], "Confederate player rolls once for all his units: 5") || !strings.Contains(texts["table"], "Union player rolls once") {
		t.Fatalf("table: %s", texts["table"])
	}
	// Hood (1625: north of the Potomac, enemy territory) loses 2 on row 5;
	// Sumner (Rockville, friendly) 1; D.H. Hill is spared near his depot.
	if !strings.Contains(texts["lee-ch"], "strength 9 → 7") || !strings.Contains(texts["lee-ch"], "D.H. Hill is within four movement points") {
		t.Errorf("Lee's channel: %s", texts["lee-ch"])
	}
	if !strings.Contains(texts["meade-ch"], "strength 16 → 15") {
		t.Errorf("Meade's channel: %s", texts["meade-ch"])
	}
	// Secrecy (002 2.5): no strength or loss of one side reaches the table
	// or the other side.
	litnInitNoLeak(t, "attrition", texts, []string{"table", "meade-ch"}, "Hood", "9 → 7", "Hill", "Fitz", "Lawton")
	litnInitNoLeak(t, "attrition", texts, []string{"table", "lee-ch"}, "Sumner", "16 → 15", "Farnsworth", "Miles")
	g := litnInitGame(t, r)
	if g.CurrentStep() != "A2" || litn.Of(g).LITN.Units["csa.hood"].Strength != 7 || litn.Of(g).LITN.Units["usa.sumner"].Strength != 15 || litn.Of(g).LITN.Units["csa.dh-hill"].Strength != 12 {
		t.Fatalf("after attrition: step %s, Hood %d, Sumner %d, D.H. Hill %d", g.CurrentStep(), litn.Of(g).LITN.Units["csa.hood"].Strength, litn.Of(g).LITN.Units["usa.sumner"].Strength, litn.Of(g).LITN.Units["csa.dh-hill"].Strength)
	}

	// A3: 1 replacement point each (turn 5, 15.2).
	rep = r.Handle(ctx, phaseReq(ump, "next", nil))
	if texts = litnInitTexts(rep); !strings.Contains(texts["table"], "1 replacement point") {
		t.Fatalf("A3: %s", texts["table"])
	}
	rep = r.Handle(ctx, litnReq(leeA, "replace", map[string]string{"unit": "Hood", "points": "1"}))
	texts = litnInitTexts(rep)
	if rep.first().Error != nil || !strings.Contains(texts["lee-ch"], "strength 7 → 8") {
		t.Fatalf("Lee's replacement: %+v", rep.Outputs)
	}
	litnInitNoLeak(t, "replacement", texts, []string{"table", "meade-ch"}, "Hood", "7 → 8")
	// The Union cannot spend on (or learn about) a Confederate unit.
	o := r.Handle(ctx, litnReq(meadeA, "replace", map[string]string{"unit": "Hood", "points": "1"})).first()
	if o.Error == nil || o.Error.Code != "litn.unit" || strings.Contains(o.Text, "8") {
		t.Fatalf("Meade on Hood: %+v", o)
	}
	if o := r.Handle(ctx, litnReq(leeA, "replace", map[string]string{"unit": "Lawton", "points": "1"})).first(); o.Error == nil || o.Error.Code != "litn.replacements.too-many" {
		t.Fatalf("a second point: %+v", o)
	}
	if s := mustOK(t, r, litnReq(leeA, "status", nil)).Text; !strings.Contains(s, "Hood (infantry 8 of 9)") {
		t.Errorf("Lee's status: %s", s)
	}
	// The step waits for both players.
	if o := r.Handle(ctx, phaseReq(ump, "next", nil)).first(); o.Error == nil {
		t.Fatal("A3 ended while the players were spending")
	}
	mustOK(t, r, litnReq(leeA, "done", nil))
	mustOK(t, r, litnReq(meadeA, "done", nil))
	if g := litnInitGame(t, r); len(g.Waiting()) != 0 {
		t.Fatalf("still waiting: %v", g.Waiting())
	}
}

func TestLITNInitialReorganizationScenario2(t *testing.T) {
	ctx := context.Background()
	r, q := litnInitRouter(t, "litn-2-maryland-campaign", "sheet-2-csa.yaml", "sheet-2-usa.yaml")
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	rep := r.Handle(ctx, phaseReq(ump, "next", nil))
	texts := litnInitTexts(rep)
	if rep.first().Error != nil || !strings.Contains(texts["table"], "face down") {
		t.Fatalf("A1: %+v", rep.Outputs)
	}
	g := litnInitGame(t, r)
	if g.CurrentStep() != "A1" || !litn.Of(g).LITN.Units["usa.sumner"].Disorganized || litn.Of(g).LITN.Units["usa.miles"].Disorganized || litn.Of(g).LITN.Units["usa.farnsworth"].Disorganized {
		t.Fatalf("A1 set-up: %s %+v", g.CurrentStep(), litn.Of(g).LITN.Units["usa.sumner"])
	}
	if o := r.Handle(ctx, litnReq(leeA, "reorganize", map[string]string{"units": "Sumner"})).first(); o.Error == nil || o.Error.Code != "litn.side" {
		t.Fatalf("Lee reorganizes: %+v", o)
	}
	if o := r.Handle(ctx, litnReq(meadeA, "reorganize", map[string]string{"units": "Burnside"})).first(); o.Error == nil || o.Error.Code != "litn.reorg.range" {
		t.Fatalf("Burnside (3038, far from McClellan at 3541): %+v", o)
	}
	q.push(3, 6)
	rep = r.Handle(ctx, litnReq(meadeA, "reorganize", map[string]string{"units": "Sumner, Hooker"}))
	texts = litnInitTexts(rep)
	if rep.first().Error != nil || !strings.Contains(texts["table"], "Sumner (0 hexes from McClellan): 1d6 rolled 3 = 3: reorganized") ||
		!strings.Contains(texts["table"], "Hooker (1 hexes from McClellan): 1d6 rolled 6 = 6: stays disorganized") {
		t.Fatalf("reorganize: %+v", rep.Outputs)
	}
	g = litnInitGame(t, r)
	if litn.Of(g).LITN.Units["usa.sumner"].Disorganized || !litn.Of(g).LITN.Units["usa.hooker"].Disorganized || len(g.Waiting()) != 0 {
		t.Fatalf("after: Sumner %v Hooker %v waiting %v", litn.Of(g).LITN.Units["usa.sumner"].Disorganized, litn.Of(g).LITN.Units["usa.hooker"].Disorganized, g.Waiting())
	}
	// No strength reaches the table.
	litnInitNoLeak(t, "reorganization", texts, []string{"table", "lee-ch"}, "16", "14")
}

func TestLITNInitialHookerScenario3(t *testing.T) {
	ctx := context.Background()
	r, q := litnInitRouter(t, "litn-3-pennsylvania-campaign", "sheet-3-csa.yaml", "sheet-3-usa.yaml")
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	req := recordsReq("turn", "next", map[string]string{"reason": "to turn 2"})
	req.User = umpireA
	mustOK(t, r, req)
	q.push(5) // box 1 + 5 = 6: Meade replaces Hooker (15.6)
	rep := r.Handle(ctx, phaseReq(ump, "next", nil))
	texts := litnInitTexts(rep)
	if rep.first().Error != nil || !strings.Contains(texts["table"], "Meade replaces Hooker") {
		t.Fatalf("A6: %+v", rep.Outputs)
	}
	g := litnInitGame(t, r)
	sykes, meade := litn.Of(g).LITN.Units["usa.sykes"], litn.Of(g).LITN.Units["usa.meade"]
	if g.CurrentStep() != "A6" || litn.Of(g).LITN.Units["usa.hooker"].OnMap() || meade.OnMap() || sykes.At != "3340" || sykes.Strength != 12 || litn.Of(g).LITN.Units["usa.meade-dept"].At != "3340" {
		t.Fatalf("swap: step %s sykes %+v", g.CurrentStep(), sykes)
	}
	// Sykes's new strength is the Union's secret: the table reads the
	// counters, not the record sheet.
	litnInitNoLeak(t, "Hooker", texts, []string{"table", "lee-ch"}, "12")
	if s := mustOK(t, r, litnReq(leeA, "status", nil)).Text; !strings.Contains(s, "Sykes at 3340") || strings.Contains(s, "infantry 12") {
		t.Errorf("Lee's status: %s", s)
	}
}

func TestLITNInitialWagonsScenario4(t *testing.T) {
	ctx := context.Background()
	r, _ := litnInitRouter(t, "litn-4-collision-at-gettysburg", "sheet-4-csa.yaml", "sheet-4-usa.yaml")
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	for i := 0; i < 2; i++ {
		req := recordsReq("turn", "next", map[string]string{"reason": "to turn 3"})
		req.User = umpireA
		mustOK(t, r, req)
	}
	// Turn 3: the first Confederate wagon of scenario 4 (15.7). Earlier
	// steps of the phase (militia: 5 VPs at the start) may come first.
	for i := 0; i < 4 && litnInitGame(t, r).CurrentStep() != "A5"; i++ {
		if o := r.Handle(ctx, phaseReq(ump, "next", map[string]string{"force": "true", "reason": "test"})).first(); o.Error != nil {
			t.Fatalf("/phase next: %s", o.Text)
		}
	}
	if g := litnInitGame(t, r); g.CurrentStep() != "A5" {
		t.Fatalf("step %s", g.CurrentStep())
	}
	if o := r.Handle(ctx, litnReq(leeA, "wagon", map[string]string{"hex": "1026", "unit": "x"})).first(); o.Error == nil || o.Error.Code != "litn.wagon.what" {
		t.Fatalf("both options: %+v", o)
	}
	rep := r.Handle(ctx, litnReq(leeA, "wagon", map[string]string{"hex": "1026"}))
	if texts := litnInitTexts(rep); rep.first().Error != nil || !strings.Contains(texts["table"], "hex 1026") {
		t.Fatalf("wagon: %+v", rep.Outputs)
	}
	if ws := litn.Of(litnInitGame(t, r)).WagonsOf(engine.CSA); len(ws) != 1 || ws[0].At != "1026" {
		t.Fatalf("wagons %+v", ws)
	}
	if s := mustOK(t, r, litnReq(leeA, "status", nil)).Text; !strings.Contains(s, "wagon csa.wagon-1 at 1026") {
		t.Errorf("Lee's status: %s", s)
	}
}
