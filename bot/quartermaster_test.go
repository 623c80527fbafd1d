package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

var stuartA = engine.Actor{ID: "u5", Name: "Stuart"}

// /game quartermaster (LRTG 21.1): the overall commander appoints a
// subordinate at set-up; his duties are then his alone.
func TestGameQuartermaster(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1,3"}))
	mustOK(t, r, gameReq(stuartA, "join", map[string]string{"side": "csa", "command": "Cav,2,Rich"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	if o := r.Handle(ctx, gameReq(stuartA, "quartermaster", map[string]string{"player": "Stuart"})).first(); o.Error == nil || o.Error.Code != "quartermaster.overall" {
		t.Fatalf("a subordinate appointed: %+v", o)
	}
	if o := r.Handle(ctx, gameReq(leeA, "quartermaster", map[string]string{"player": "Nobody"})).first(); o.Error == nil || o.Error.Code != "quartermaster.player" {
		t.Fatalf("an unknown player: %+v", o)
	}
	out := mustOK(t, r, gameReq(leeA, "quartermaster", map[string]string{"player": "Stuart"}))
	if !strings.Contains(out.Text, "Stuart is the CSA quartermaster general") || !strings.Contains(out.Text, lrtg.DutyForage) || strings.Contains(out.Text, lrtg.DutyHaupt) {
		t.Fatalf("appointment: %s", out.Text)
	}
	mustOK(t, r, gameReq(umpireA, "start", nil))
	adjust := func(u engine.Actor) Output {
		return r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: u, Command: "supply", Path: []string{"adjust"},
			Options: map[string]string{"side": "csa", "by": "-1", "reason": "expenditure", "units": "Hood"}}).first()
	}
	if o := adjust(leeA); o.Error == nil || o.Error.Code != "quartermaster.duty" || !strings.Contains(o.Text, "Stuart") {
		t.Fatalf("Lee adjusts the supply: %+v", o)
	}
	if o := adjust(stuartA); o.Error != nil {
		t.Fatalf("Stuart, the quartermaster general, adjusts Hood's victuals: %s", o.Text)
	}
	// After the start the umpire appoints, with a reason.
	if o := r.Handle(ctx, gameReq(umpireA, "quartermaster", map[string]string{"player": "Lee", "reason": "x"})).first(); o.Error == nil || o.Error.Code != "quartermaster.subordinate" {
		t.Fatalf("the overall commander appointed: %+v", o)
	}
	out = mustOK(t, r, gameReq(umpireA, "quartermaster", map[string]string{"side": "csa", "reason": "Stuart rode away"}))
	if !strings.Contains(out.Text, "no longer have a quartermaster general") {
		t.Fatalf("end: %s", out.Text)
	}
	if o := adjust(leeA); o.Error != nil {
		t.Fatalf("without a quartermaster general Lee adjusts again: %s", o.Text)
	}
}

// The Halleck rule's Leader Transfer check names Union units: with hidden
// units the public line names none, and carries no event.
func TestHalleckPresenterKeepsUnitsSecret(t *testing.T) {
	g := engine.GameState{Options: engine.GameOptions{Scenario: "lrtg-high-tide", LimitedIntel: true}, Units: map[string]engine.UnitState{
		"usa.wadsworth": {ID: "usa.wadsworth", Name: "Wadsworth", Side: engine.USA},
	}}
	e := &lrtg.HalleckDistant{Turn: 3, Halleck: engine.Actor{ID: "u9", Name: "Halleck"}, Hooker: "usa.hooker", HookerRef: "HE1234",
		Units: []lrtg.HalleckUnit{{Unit: "usa.wadsworth", Ref: "HE3434", Hexes: 25}}}
	data, _ := json.Marshal(e)
	view := EventView{Type: e.EventType(), Data: data}
	r := NewRouter(openStore(t))
	outs := presentHalleck(r, Request{}, g, e, view)
	if len(outs) == 0 {
		t.Fatal("no output")
	}
	for _, o := range outs {
		if o.Audience.Kind == AudiencePublic && (strings.Contains(o.Text, "Wadsworth") || strings.Contains(o.Text, "HE3434") || len(o.Events) > 0) {
			t.Fatalf("the public learns the Union's units: %+v", o)
		}
	}
	g.Options.LimitedIntel = false
	outs = presentHalleck(r, Request{}, g, e, view)
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "Wadsworth (HE3434, 25 hexes)") || !strings.Contains(outs[0].Text, "Halleck controls") {
		t.Fatalf("open: %+v", outs)
	}
	if presentHalleck(r, Request{}, g, &lrtg.RandomEventRolled{}, view) != nil {
		t.Fatal("the presenter claims another event")
	}
}
