package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// A join's commands are checked as the join is made (issue 22): every
// designation the side does not have is named at once, with the valid
// list of the joiner's own side only, and nothing is recorded.
func TestGameJoinChecksCommandsAtOnce(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	// "Foo" and "99" are invented: no side has them.
	o := r.Handle(ctx, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1,Imboden,Foo,12 VA,Rich,99"})).first()
	if o.Error == nil || o.Error.Code != "game.command" {
		t.Fatalf("a join with unknown designations was accepted: %+v", o)
	}
	for _, want := range []string{`"Foo"`, `"99"`, "Imboden", "Cav", "12 VA"} {
		if !strings.Contains(o.Text, want) {
			t.Errorf("the refusal lacks %q: %s", want, o.Text)
		}
	}
	// The refusal lists the joiner's side only: the Union's corps are
	// not the Confederate player's to read.
	for _, secret := range []string{"AoP", "XII", "Balt"} {
		if strings.Contains(o.Text, secret) {
			t.Errorf("the Confederate refusal names the Union's %q: %s", secret, o.Text)
		}
	}
	if g, _ := r.gameHere(ctx, gameReq(umpireA, "status", nil)); len(g.Players) != 0 {
		t.Fatalf("the refused join was recorded: %+v", g.Players)
	}
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1,Imboden,12 VA,Rich"}))
	o = r.Handle(ctx, gameReq(meadeA, "join", map[string]string{"side": "usa", "command": "Zed"})).first()
	if o.Error == nil || !strings.Contains(o.Text, `"Zed" is not a USA`) || strings.Contains(o.Text, "Imboden") {
		t.Fatalf("Meade's unknown designation: %+v", o)
	}
	_ = engine.CSA
}

// Before the start a player mends his join by joining again (it replaces
// the earlier one, and the table is told) or leaves with /game leave; an
// overall commander who leaves his side hands it to the earliest joined
// who remains (issue 22). After the start neither is allowed.
func TestGameRejoinAndLeaveBeforeStart(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	longA := engine.Actor{ID: "u3", Name: "Longstreet"}
	players := func() []engine.Player {
		g, _ := r.gameHere(ctx, gameReq(umpireA, "status", nil))
		return g.Players
	}
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1"}))
	mustOK(t, r, gameReq(longA, "join", map[string]string{"side": "csa", "command": "Cav"}))
	o := mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1,2"}))
	if !strings.Contains(o.Text, "replacing his earlier join") || !strings.Contains(o.Text, "overall commander of the CSA") || o.Audience.Kind != AudiencePublic {
		t.Fatalf("the rejoin is not told at the table: %+v", o)
	}
	ps := players()
	if len(ps) != 2 || ps[1].Actor.ID != leeA.ID || !ps[1].Overall || strings.Join(ps[1].Commands, ",") != "1,2" || ps[0].Overall {
		t.Fatalf("after Lee's rejoin: %+v", ps)
	}
	// Lee goes to the Union: Longstreet is now the CSA's overall commander.
	o = mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "usa"}))
	if !strings.Contains(o.Text, "Longstreet is now the CSA's overall commander") {
		t.Fatalf("the new overall commander is not named: %s", o.Text)
	}
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	o = mustOK(t, r, gameReq(leeA, "leave", nil))
	if !strings.Contains(o.Text, "Lee leaves the USA") || !strings.Contains(o.Text, "Meade is now the USA's overall commander") {
		t.Fatalf("leave: %s", o.Text)
	}
	ps = players()
	if len(ps) != 2 || !ps[0].Overall || !ps[1].Overall || ps[0].Actor.ID != longA.ID || ps[1].Actor.ID != meadeA.ID {
		t.Fatalf("after Lee left: %+v", ps)
	}
	if o := r.Handle(ctx, gameReq(leeA, "leave", nil)).first(); o.Error == nil || o.Error.Code != "game.not_joined" {
		t.Fatalf("a second leave: %+v", o)
	}
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "Cav,Rich,1,2"}))
	if o := mustOK(t, r, gameReq(longA, "join", map[string]string{"side": "csa", "command": "3"})); !strings.Contains(o.Text, "overall commander of the CSA, command 3") {
		t.Fatalf("the overall commander lost his place by mending his command: %s", o.Text)
	}
	mustOK(t, r, gameReq(umpireA, "start", nil))
	for sub, opts := range map[string]map[string]string{"leave": nil, "join": {"side": "usa"}} {
		if o := r.Handle(ctx, gameReq(leeA, sub, opts)).first(); o.Error == nil || o.Error.Code != "game.started" {
			t.Fatalf("/game %s after the start: %+v", sub, o)
		}
	}
}
