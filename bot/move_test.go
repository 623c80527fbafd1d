package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

func moveReq(u engine.Actor, opts map[string]string) Request {
	return Request{ChannelID: "war", User: u, Command: "move", Options: opts}
}

// Every unit of the set-up (000 VIII) stands where its restriction lets
// it: the map's regions, the Shenandoah line and the release marks agree
// with the order of battle.
func TestSetUpRespectsMovementRestrictions(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	g, err := r.game(ctx, Request{ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	d := r.moveData(g)
	restricted := 0
	for _, id := range sortedUnitIDs(g) {
		u := g.Units[id]
		if !u.OnMap {
			continue
		}
		if ok, _ := lrtg.Of(g).Restricted(u, d); ok {
			restricted++
		}
		if _, err := g.Decide(engine.MoveUnits{By: umpireA, Units: []string{id}, To: u.Hex, Ref: u.Ref, Data: d}, engine.Script()); err != nil {
			t.Errorf("%s (%s) at its set-up hex %s: %v", u.Name, u.Command, u.Ref, err)
		}
	}
	// HF 5, WV 3, Balt 8, DC 14 with Heintzelman, PA 2 on the map.
	if restricted != 32 {
		t.Errorf("%d restricted units on the map at the start, want 32", restricted)
	}
}

func TestMoveRestrictionsAndReleasesThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	out := r.Handle(ctx, moveReq(meadeA, map[string]string{"units": "Briggs", "to": "Culpeper"})).first()
	if out.Error == nil || out.Error.Code != "move.restricted" || !strings.Contains(out.Text, "Briggs (Balt) may not go to Culpeper (SS1418): until Baltimore / DC group 3 is released (3.2), it must remain north of the Potomac") || !strings.Contains(out.Text, "LRTG 12.1") {
		t.Fatalf("Briggs to Culpeper: %+v", out)
	}
	// Releases are the umpire's.
	if o := r.Handle(ctx, gameReq(meadeA, "release", map[string]string{"group": "3"})).first(); o.Error == nil || o.Error.Code != "game.umpire" {
		t.Fatalf("Meade released: %+v", o)
	}
	if o := r.Handle(ctx, gameReq(umpireA, "release", map[string]string{"group": "9"})).first(); o.Error == nil || o.Error.Code != "release.group" {
		t.Fatalf("group 9: %+v", o)
	}
	rel := mustOK(t, r, gameReq(umpireA, "release", map[string]string{"group": "3", "reason": "release roll 2"}))
	if rel.Audience.Kind != AudiencePublic || !strings.Contains(rel.Text, "Baltimore / DC group 3") || !strings.Contains(rel.Text, "Briggs") || !strings.Contains(rel.Text, "release roll 2") {
		t.Fatalf("release: %+v", rel)
	}
	if o := r.Handle(ctx, gameReq(umpireA, "release", map[string]string{"group": "group 3"})).first(); o.Error == nil || o.Error.Code != "release.already" {
		t.Fatalf("released twice: %+v", o)
	}
	mustOK(t, r, moveReq(meadeA, map[string]string{"units": "Briggs", "to": "Culpeper"}))
	// Kenly holds Harpers Ferry until Meade takes command.
	if o := r.Handle(ctx, moveReq(meadeA, map[string]string{"units": "Kenly", "to": "Frederick"})).first(); o.Error == nil || o.Error.Code != "move.garrison" {
		t.Fatalf("Kenly left Harpers Ferry: %+v", o)
	}
	m := mustOK(t, r, gameReq(umpireA, "meade", map[string]string{"reason": "third Hooker Questioned event"}))
	if !strings.Contains(m.Text, "Meade takes command") || !strings.Contains(m.Text, "HF and WV units are released") {
		t.Fatalf("meade: %s", m.Text)
	}
	mustOK(t, r, moveReq(meadeA, map[string]string{"units": "Kenly", "to": "Culpeper"}))
	// The umpire overrides with a reason, and the reply says so.
	if o := r.Handle(ctx, moveReq(umpireA, map[string]string{"units": "Wells", "to": "Culpeper"})).first(); o.Error == nil || !strings.Contains(o.Text, "reason:") {
		t.Fatalf("umpire without a reason: %+v", o)
	}
	ov := mustOK(t, r, moveReq(umpireA, map[string]string{"units": "Wells", "to": "Culpeper", "reason": "ordered to the front"}))
	if !strings.Contains(ov.Text, "The umpire set aside") || !strings.Contains(ov.Text, "LRTG 12.2") || !strings.Contains(ov.Text, "ordered to the front") {
		t.Fatalf("override: %s", ov.Text)
	}
}

func TestRailAndStrategicMovesThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	out := mustOK(t, r, moveReq(meadeA, map[string]string{"units": "7 NY", "to": "Annapolis Junction", "mode": "rail"}))
	for _, want := range []string{"Meade moves 7 NY to Annapolis Junction", "By rail: Camden Station – Mt. Claire Station – Relay House – Annapolis Junction", "Fatigue +2", "1 of 2"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("rail reply lacks %q:\n%s", want, out.Text)
		}
	}
	g, _ := r.game(ctx, Request{ChannelID: "war"})
	if u := g.Units["usa.7-ny"]; u.Fatigue != 2 || u.Ref != "HE2223" {
		t.Errorf("7 NY after the rail move: %+v", u)
	}
	if o := r.Handle(ctx, moveReq(meadeA, map[string]string{"units": "6 NY", "to": "HE2519", "mode": "rail"})).first(); o.Error == nil || o.Error.Code != "move.rail" || !strings.Contains(o.Text, "HE2519 is not a railroad station") {
		t.Fatalf("rail to a hex without a station: %+v", o)
	}
	if o := r.Handle(ctx, moveReq(meadeA, map[string]string{"units": "6 NY", "to": "Frederick", "mode": "rail"})).first(); o.Error == nil || o.Error.Code != "move.rail" || !strings.Contains(o.Text, "up to 40 hexes") {
		t.Fatalf("rail beyond 40 hexes: %+v", o)
	}
	// Strategic: Union infantry (militia) expending 2 levels, 9 hexes (000
	// 17.1, 003 MOVEMENT: "2 | 9 (7)").
	st := mustOK(t, r, moveReq(meadeA, map[string]string{"units": "Yates", "to": "Mechanicsburg", "mode": "strategic", "fatigue": "2"}))
	for _, want := range []string{"Strategic movement (LRTG 17.1): fatigue +2; allowance 9 hexes", "no roads", "Yates no roll (unexhausted, to fatigue 2)", "/unit set field:organization value:disorganized"} {
		if !strings.Contains(st.Text, want) {
			t.Errorf("strategic reply lacks %q:\n%s", want, st.Text)
		}
	}
	// Disorganization is a status, set with /unit set (/unit mark's option
	// says so); the reply names that command (issue 22).
	if strings.Contains(st.Text, "/unit mark") {
		t.Errorf("strategic reply points to /unit mark for a disorganization:\n%s", st.Text)
	}
	if o := r.Handle(ctx, moveReq(meadeA, map[string]string{"units": "Knipe", "to": "Harrisburg", "mode": "strategic", "fatigue": "2", "passive": "true"})).first(); o.Error == nil || !strings.Contains(o.Text, "allowance of 7") {
		t.Fatalf("passive Knipe to Harrisburg: %+v", o)
	}
	if o := r.Handle(ctx, moveReq(meadeA, map[string]string{"units": "Knipe", "to": "Carlisle", "mode": "strategic", "fatigue": "6"})).first(); o.Error == nil || o.Error.Code != "move.fatigue" {
		t.Fatalf("fatigue 6: %+v", o)
	}
}

// A refused rail move under limited intelligence tells the Union player
// that the enemy blocks the line, never which enemy unit or where; the
// same refusal in an open game names it.
func TestRailRefusalKeepsTheEnemySecret(t *testing.T) {
	ctx := context.Background()
	for _, hidden := range []bool{false, true} {
		r := NewRouter(openStore(t))
		extra := map[string]string{}
		if hidden {
			extra["limited_intelligence"] = "true"
		}
		startLRTG(t, r, extra)
		// The umpire puts Jones's cavalry next to Relay House.
		mustOK(t, r, moveReq(umpireA, map[string]string{"units": "csa.jones", "to": "HE2519"}))
		out := r.Handle(ctx, moveReq(meadeA, map[string]string{"units": "7 NY", "to": "Annapolis Junction", "mode": "rail"})).first()
		if out.Error == nil || out.Error.Code != "move.rail" || out.Audience.Kind != AudienceEphemeral || len(out.Events) != 0 {
			t.Fatalf("hidden %v: rail through Jones's zone of control: %+v", hidden, out)
		}
		if !strings.Contains(out.Text, "zone of control") {
			t.Errorf("hidden %v: the refusal does not say why: %s", hidden, out.Text)
		}
		named := strings.Contains(out.Text, "Jones") || strings.Contains(out.Text, "HE2519")
		if named == hidden {
			t.Errorf("hidden %v: the refusal names Jones %v: %s", hidden, named, out.Text)
		}
	}
}
