package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Lee is set up "with any CSA corps commander" (000 VIII): the player
// places him from the track into a hex with one, and nowhere else.
func TestLeeIsPlacedWithACorpsCommander(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	ctx := context.Background()
	move := func(to string) Output {
		return r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "csa.lee", "to": to}}).first()
	}
	out := move("SS2030") // Hood's hex: no corps commander
	if out.Error == nil || out.Error.Code != "move.with_corps_commander" || !strings.Contains(out.Text, "Longstreet (SS4331)") {
		t.Fatalf("Lee placed without a corps commander: %+v", out)
	}
	g, err := r.gameHere(ctx, Request{ChannelID: "war", User: leeA})
	if err != nil {
		t.Fatal(err)
	}
	if g.Units["csa.lee"].OnMap {
		t.Fatal("a refused placement moved Lee")
	}
	out = move("SS4331") // Longstreet
	if out.Error != nil {
		t.Fatalf("Lee with Longstreet: %s", out.Text)
	}
	g, _ = r.gameHere(ctx, Request{ChannelID: "war", User: leeA})
	if u := g.Units["csa.lee"]; !u.OnMap || u.Ref != "SS4331" || u.Track != "" {
		t.Fatalf("Lee = %+v", u)
	}
	// Once on the map he moves as any leader does.
	if out := move("SS2030"); out.Error != nil {
		t.Fatalf("Lee's later move: %s", out.Text)
	}
}

// The towns a railroad runs through are its stations (rail choice R4):
// Harpers Ferry's station is the first on the B&O (000 VII 3: +15), and
// Chambersburg's another in Pennsylvania (+1).
func TestTownStationsScore(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	ctx := context.Background()
	for _, c := range []struct {
		at string
		vp string
	}{{"Harpers Ferry", "+15 VP"}, {"Martinsburg", "+5 VP"}, {"Chambersburg", "+1 VP"}} {
		out := r.Handle(ctx, Request{ChannelID: "war", User: umpireA, Command: "place", Options: map[string]string{"action": "destroy-station", "at": c.at, "reason": "test"}}).first()
		if out.Error != nil || !strings.Contains(out.Text, c.vp) {
			t.Errorf("destroy the station at %s: %s", c.at, out.Text)
		}
	}
}

// A teammate's unit is named as his, not denied (21.1); an enemy unit
// stays unknown.
func TestTeammatesUnitIsNamed(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	ctx := context.Background()
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1,Imboden"}))
	mustOK(t, r, gameReq(engine.Actor{ID: "u5", Name: "Jeb"}, "join", map[string]string{"side": "csa", "command": "Cav,2,3,Rich"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	move := func(unit string) Output {
		return r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": unit, "to": "SS2030"}}).first()
	}
	if out := move("Rodes"); out.Error == nil || out.Error.Code != "unit.command" || !strings.Contains(out.Text, "Rodes is not under your command") {
		t.Errorf("a teammate's unit: %+v", out)
	}
	if out := move("Wright"); out.Error == nil || out.Error.Code != "unit.unknown" || strings.Contains(out.Text, "command") {
		t.Errorf("an enemy unit: %+v", out)
	}
}

// The first Confederate infantry north of the Potomac records the
// crossing's day by itself (000 VII 1); cavalry does not, and a second
// crossing changes nothing.
func TestFirstCrossingIsRecorded(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	ctx := context.Background()
	move := func(unit, to string) Output {
		return r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": unit, "to": to}}).first()
	}
	if out := move("csa.jenkins", "Hagerstown"); out.Error != nil || strings.Contains(out.Text, "crosses the Potomac") {
		t.Fatalf("cavalry: %+v", out)
	}
	out := move("csa.hood", "Hagerstown")
	if out.Error != nil || !strings.Contains(out.Text, "🌊 The first Confederate infantry crosses the Potomac (1863-06-03)") {
		t.Fatalf("Hood crosses: %+v", out)
	}
	g, _ := r.gameHere(ctx, Request{ChannelID: "war", User: umpireA})
	if lrtg.Of(g).Victory.Crossed.Format("2006-01-02") != "1863-06-03" || lrtg.Of(g).Victory.CrossedTurn != 1 {
		t.Fatalf("crossing = %v turn %d", lrtg.Of(g).Victory.Crossed, lrtg.Of(g).Victory.CrossedTurn)
	}
	if out := move("csa.mclaws", "Hagerstown"); out.Error != nil || strings.Contains(out.Text, "crosses the Potomac") {
		t.Fatalf("a second crossing: %+v", out)
	}
}

// A side eliminated by its result is not told to retreat or rout.
func TestEliminatedSideIsNotToldToRout(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	ctx := context.Background()
	out := r.Handle(ctx, Request{ChannelID: "war", User: umpireA, Command: "battle", Path: []string{"result"},
		Options: map[string]string{"attacker": "csa.hood", "attacker_result": "-", "defender": "usa.knipe", "defender_result": "1R"}}).first()
	if out.Error != nil || !strings.Contains(out.Text, "Knipe") || strings.Contains(out.Text, "rout") {
		t.Fatalf("Knipe eliminated: %s", out.Text)
	}
	out = r.Handle(ctx, Request{ChannelID: "war", User: umpireA, Command: "battle", Path: []string{"result"},
		Options: map[string]string{"attacker": "csa.hood", "attacker_result": "-", "defender": "usa.wright", "defender_result": "1R"}}).first()
	if out.Error != nil || !strings.Contains(out.Text, "They rout (R)") {
		t.Fatalf("Wright routs: %s", out.Text)
	}
}

// /command give through the router: the division of command after Meade
// can be put right (21.1), each change refused or made with its reason.
func TestGiveCommandThroughTheRouter(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	ctx := context.Background()
	jeb := engine.Actor{ID: "u5", Name: "Jeb"}
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1,Imboden"}))
	mustOK(t, r, gameReq(jeb, "join", map[string]string{"side": "csa", "command": "Cav,2,3,Rich"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	give := func(by engine.Actor, d, to string) Output {
		return r.Handle(ctx, Request{ChannelID: "war", User: by, Command: "command", Path: []string{"give"}, Options: map[string]string{"designation": d, "to": to}}).first()
	}
	if out := give(jeb, "Cav", "Lee"); out.Error == nil || out.Error.Code != "game.command" || !strings.Contains(out.Text, "cavalry") {
		t.Fatalf("Cav to the overall commander: %+v", out)
	}
	if out := give(leeA, "3", "Jeb"); out.Error == nil || out.Error.Code != "control.holder" || !strings.Contains(out.Text, "Jeb commands 3") {
		t.Fatalf("a corps he does not hold: %+v", out)
	}
	// Lee would hold 1 and 2, Jeb Cav and 3: two corps each. Lee's
	// counter is not on the map yet, so the 10-hex rule has no one to
	// measure from.
	if out := give(jeb, "2", "Lee"); out.Error != nil || !strings.Contains(out.Text, "Jeb gives 2 to Lee (LRTG 21.1). 3 units gain a fatigue") {
		t.Fatalf("2 to Lee: %+v", out)
	}
	// Jeb would keep one corps, fewer than Lee's three.
	if out := give(jeb, "3", "lee"); out.Error == nil || !strings.Contains(out.Text, "fewer than the overall commander") {
		t.Fatalf("3 to Lee as well: %+v", out)
	}
	g, _ := r.gameHere(ctx, Request{ChannelID: "war", User: umpireA})
	if !g.Controls(leeA, g.Units["csa.rodes"]) || g.Controls(jeb, g.Units["csa.rodes"]) || g.Units["csa.rodes"].Fatigue != 1 {
		t.Fatalf("after: Rodes fatigue %d", g.Units["csa.rodes"].Fatigue)
	}
}
