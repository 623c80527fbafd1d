package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine/litn"
)

// 002 15.6 Confederate Option through the router: /litn declare
// arrive:<unit>=<turn>. The decision goes to the Confederate's channel
// only (2.5: units still to come are the sheet's secret); refusals say
// what is wrong and change nothing.
func TestLITNArrivalsDeclareThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r, _ := litnInitRouter(t, "litn-3-pennsylvania-campaign", "sheet-3-csa.yaml", "sheet-3-usa.yaml")
	rep := r.Handle(ctx, litnReq(leeA, "declare", map[string]string{"arrive": "stuart=6"}))
	texts := litnInitTexts(rep)
	if rep.first().Error != nil || !strings.Contains(texts["lee-ch"], "J.E.B. Stuart enters on turn 6 at 1031, 1029 or 1026") {
		t.Fatalf("decision: %+v", rep.Outputs)
	}
	litnInitNoLeak(t, "decision", texts, []string{"table", "meade-ch"}, "Stuart", "turn 6", "1031")
	if c, ok := litn.Of(litnInitGame(t, r)).LITN.Moves.Arrivals.Chosen["csa.stuart"]; !ok || c != 1 {
		t.Fatalf("chosen %d %v, want the sheet's second arrival", c, ok)
	}
	for _, w := range []struct {
		user                    string
		arrive, code, inMessage string
	}{
		{"lee", "stuart=5", "litn.arrive.choice", "on turn 4 at 1044"},
		{"lee", "stuart", "litn.declare", "not name=value"},
		{"lee", "ewell=4", "litn.arrive.choice", "nothing to decide"},
		{"meade", "stuart=4", "litn.unit", "not one of your units"},
	} {
		u := leeA
		if w.user == "meade" {
			u = meadeA
		}
		o := r.Handle(ctx, litnReq(u, "declare", map[string]string{"arrive": w.arrive})).first()
		if o.Error == nil || o.Error.Code != w.code || !strings.Contains(o.Text, w.inMessage) {
			t.Errorf("arrive:%s by %s: %+v", w.arrive, w.user, o)
		}
	}
	if c := litn.Of(litnInitGame(t, r)).LITN.Moves.Arrivals.Chosen["csa.stuart"]; c != 1 {
		t.Errorf("a refusal changed the decision: %d", c)
	}
	// The Union's status does not show a unit still to come.
	if s := mustOK(t, r, litnReq(meadeA, "status", nil)).Text; strings.Contains(s, "Stuart") {
		t.Errorf("Meade's status shows Stuart: %s", s)
	}
}

// 002 15.5 through the router: Pickett (scenario 4, turn 3) is announced
// to the Confederate only as his Movement Phase begins, and enters with
// /litn move from his entry hex; the table sees the counter appear.
func TestLITNArrivalsEnterThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r, _ := litnInitRouter(t, "litn-4-collision-at-gettysburg", "sheet-4-csa.yaml", "sheet-4-usa.yaml")
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	mustOK(t, r, litnReq(umpireA, "declare", map[string]string{"ma": "infantry=12,cavalry=16,artillery=12,wagon=8,leader=16", "year": "command-point=-1,broadcast=1"}))
	for i := 0; i < 2; i++ {
		req := recordsReq("turn", "next", map[string]string{"reason": "to turn 3"})
		req.User = umpireA
		mustOK(t, r, req)
	}
	var due map[string]string
	for i := 0; i < 30; i++ {
		rep := r.Handle(ctx, phaseReq(ump, "next", map[string]string{"force": "true", "reason": "test"}))
		if o := rep.first(); o.Error != nil {
			t.Fatalf("/phase next: %s", o.Text)
		}
		g := litnInitGame(t, r)
		if s := g.CurrentStep(); (s == "D" || s == "F") && litn.Of(g).PhaseSide(s) == "csa" {
			due = litnInitTexts(rep)
			break
		}
	}
	if due == nil || !strings.Contains(due["lee-ch"], "Pickett at 1026, 1029 or 1031 with 12 MP") {
		t.Fatalf("the due announcement: %v", due)
	}
	litnInitNoLeak(t, "due", due, []string{"table", "meade-ch"}, "Pickett")
	rep := r.Handle(ctx, litnReq(leeA, "move", map[string]string{"units": "Pickett", "path": "1040 clear"}))
	if o := rep.first(); o.Error == nil || o.Error.Code != "litn.move.entry" || !strings.Contains(o.Text, "1026, 1029 or 1031") {
		t.Fatalf("a wrong entry hex: %+v", o)
	}
	rep = r.Handle(ctx, litnReq(leeA, "move", map[string]string{"units": "Pickett", "path": "1026 clear"}))
	texts := litnInitTexts(rep)
	if rep.first().Error != nil || !strings.Contains(texts["table"], "Pickett enter the map at 1026") {
		t.Fatalf("entry: %+v", rep.Outputs)
	}
	litnInitNoLeak(t, "entry", texts, []string{"table", "meade-ch"}, "MP")
	if u := litn.Of(litnInitGame(t, r)).LITN.Units["csa.pickett"]; u.At != "1026" {
		t.Fatalf("Pickett at %q", u.At)
	}
}
