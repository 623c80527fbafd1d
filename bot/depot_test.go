package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// depotAtWinchester starts a High Tide game whose Early (at the manpower
// given) holds the Union depot at Winchester, captured (LRTG 13.8): the
// umpire clears Elliott out and moves Early in, setting the rules aside.
func depotAtWinchester(t *testing.T, r *Router, extra map[string]string, manpower string) {
	t.Helper()
	startLRTG(t, r, extra)
	req := func(cmd string, opts map[string]string) Request {
		return Request{ChannelID: "war", User: umpireA, Command: cmd, Options: opts}
	}
	mustOK(t, r, req("move", map[string]string{"units": "usa.elliott", "to": "Martinsburg", "reason": "the test"}))
	mustOK(t, r, req("move", map[string]string{"units": "csa.early", "to": "Winchester", "reason": "the test"}))
	mustOK(t, r, Request{ChannelID: "war", User: umpireA, Command: "unit", Path: []string{"set"},
		Options: map[string]string{"unit": "csa.early", "field": "manpower", "value": manpower, "reason": "the test"}})
	g, err := r.gameHere(context.Background(), req("game", nil))
	if err != nil {
		t.Fatal(err)
	}
	if ps := lrtg.Of(g).Places["Winchester"]; ps.Depot != engine.USA || ps.Captured != engine.CSA {
		t.Fatalf("Winchester: %+v", ps)
	}
}

func burnReq(user engine.Actor, opts map[string]string) Request {
	o := map[string]string{"action": "destroy-depot", "at": "Winchester"}
	for k, v := range opts {
		o[k] = v
	}
	return Request{ChannelID: "war", User: user, Command: "place", Options: o}
}

// 13.8: the unit named rolls a die against its combat value (its
// manpower); the reply tells the roll, what it needed and the outcome.
func TestPlaceDepotBurnReply(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(4)))
	depotAtWinchester(t, r, nil, "6")

	// A player names the unit; he may not name the enemy's.
	if o := r.Handle(ctx, burnReq(leeA, nil)).first(); o.Error == nil || o.Error.Code != "place.unit" {
		t.Fatalf("no unit: %+v", o)
	}
	if o := r.Handle(ctx, burnReq(leeA, map[string]string{"unit": "Elliott"})).first(); o.Error == nil || o.Error.Code != "unit.unknown" {
		t.Fatalf("Lee named Elliott: %+v", o)
	}
	out := mustOK(t, r, burnReq(leeA, map[string]string{"unit": "Early"}))
	want := "Early (manpower 6) tries to burn the depot at Winchester: rolled 4, needs 6 or less: destroyed (LRTG 13.8). +6 VP (depots)."
	if out.Text != want || out.Audience.Kind != AudiencePublic {
		t.Fatalf("reply = %q (%s), want %q", out.Text, out.Audience.Kind, want)
	}
	if len(out.Events) != 2 || out.Events[0].Type != engine.EventDiceRolled || out.Events[1].Type != lrtg.EventPlaceActed {
		t.Fatalf("events = %+v", out.Events)
	}
	g, _ := r.gameHere(ctx, burnReq(umpireA, nil))
	if !lrtg.Of(g).Places["Winchester"].DepotDestroyed {
		t.Fatalf("Winchester stands: %+v", lrtg.Of(g).Places["Winchester"])
	}
	if by, _ := lrtg.Of(g).VPTotals(); by["depots"] != 6 {
		t.Fatalf("VP = %v", by)
	}
}

// Under limited intelligence the attempt is told to its player alone:
// nothing public names the unit, the place or its hex.
func TestPlaceDepotBurnIsSecretUnderLimitedIntelligence(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(6)))
	depotAtWinchester(t, r, map[string]string{"limited_intelligence": "true"}, "5")
	rep := r.Handle(ctx, burnReq(leeA, map[string]string{"unit": "csa.early"}))
	var private string
	for _, o := range rep.Outputs {
		if o.Error != nil {
			t.Fatalf("refused: %s", o.Text)
		}
		if o.Audience.Kind == AudiencePublic {
			for _, secret := range []string{"Early", "early", "Winchester", "HW0330"} {
				if strings.Contains(o.Text, secret) {
					t.Fatalf("public output tells %q: %s", secret, o.Text)
				}
				for _, v := range o.Events {
					if strings.Contains(string(v.Data), secret) {
						t.Fatalf("public event tells %q: %s", secret, v.Data)
					}
				}
			}
			continue
		}
		private += o.Text
	}
	want := "Early (manpower 5) tries to burn the depot at Winchester: rolled 6, needs 5 or less: no effect (LRTG 13.8)."
	if private != want {
		t.Fatalf("private reply = %q, want %q", private, want)
	}
	g, _ := r.gameHere(ctx, burnReq(umpireA, nil))
	if ps := lrtg.Of(g).Places["Winchester"]; ps.DepotDestroyed || ps.Captured != engine.CSA {
		t.Fatalf("a failed attempt changed the depot: %+v", ps)
	}
	if _, total := lrtg.Of(g).VPTotals(); total != 0 {
		t.Fatalf("VP after a failure: %d", total)
	}
}
