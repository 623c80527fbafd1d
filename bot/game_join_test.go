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
