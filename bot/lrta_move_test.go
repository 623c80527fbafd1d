package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// startLRTAMoves starts an LRTA game with simplified supply, or skips the
// test while /game new does not run LRTA scenarios yet.
func startLRTAMoves(t *testing.T, r *Router, extra map[string]string) {
	t.Helper()
	opts := map[string]string{"scenario": "lrta-campaign", "supply": "simplified"}
	for k, v := range extra {
		opts[k] = v
	}
	if out := r.Handle(context.Background(), gameReq(umpireA, "new", opts)).first(); out.Error != nil {
		if out.Error.Code == "game.scenario" {
			t.Skip("/game new does not run lrta-campaign yet (bot/game.go)")
		}
		t.Fatalf("game new: %+v", out)
	}
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
}

// The movement rules read the game's charts: LRTA's strategic movement
// charts and its extended march charts for an LRTA game.
func TestLRTAMoveData(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	lrta := r.moveData(bare(engine.GameState{Options: engine.GameOptions{Scenario: "lrta-campaign"}}))
	lrtg := r.moveData(bare(engine.GameState{Options: engine.GameOptions{Scenario: "lrtg-high-tide"}}))
	if lrta.Strategic == nil || lrta.Strategic.ID != "lrta.strategic-movement-allowance" || lrta.StrategicDisorganization.ID != "lrta.strategic-movement-disorganization" {
		t.Errorf("LRTA charts: %+v", lrta)
	}
	if lrtg.Strategic == nil || lrtg.Strategic.ID != "lrtg.strategic-movement" || lrtg.StrategicDisorganization.ID != "lrtg.strategic-movement-disorganization" {
		t.Errorf("LRTG charts: %+v", lrtg)
	}
	for _, id := range []string{"lrta.extended-march-csa", "lrta.extended-march-usa", "lrta.simplified-resupply", "lrta.simplified-forage"} {
		if lrta.Library == nil || lrta.Library.Chart(id) == nil {
			t.Errorf("no chart %s", id)
		}
	}
}

// 004 Depots and Levied Supplies against the map's places: every LRTA depot
// of the order of battle is a depot place, and the places' LRTA values are
// the charts' (lrta.depots, lrta.levies).
func TestLRTADepotAndLevyPlaces(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	th := r.theatres["lrtg"]
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "'", "")) }
	place := func(name string) *engine.Place {
		for i := range th.Places {
			if n := norm(th.Places[i].Name); n == norm(name) || n == norm(name)+" station" {
				return &th.Places[i]
			}
		}
		return nil
	}
	num := func(cell string) (int, bool) {
		n, err := strconv.Atoi(strings.TrimSpace(cell))
		return n, err == nil
	}
	check := func(p *engine.Place, key, cell string) {
		t.Helper()
		want, ok := num(cell)
		got, has := p.Values[key]
		if ok != has || (ok && got != want) {
			t.Errorf("%s %s: %d (%v), the chart prints %q", p.Name, key, got, has, cell)
		}
	}
	depots := r.library.Chart("lrta.depots")
	for _, row := range depots.Rows {
		if strings.HasPrefix(row[0], "All ") {
			continue
		}
		p := place(row[0])
		if p == nil || !p.Is("depot") {
			t.Errorf("depot %s is no depot place", row[0])
			continue
		}
		check(p, "lrta_depot_victuals", row[1])
		check(p, "lrta_depot_vp", row[3])
	}
	for _, row := range r.library.Chart("lrta.levies").Rows {
		p := place(row[0])
		if p == nil {
			continue // the map data leaves out the towns with no hex in the seeds
		}
		if !p.Is("levy-town") {
			t.Errorf("%s is not a levy town", p.Name)
		}
		check(p, "lrta_levy_victuals", row[1])
		check(p, "lrta_levy_victuals_simplified", row[2])
		check(p, "lrta_levy_vp", row[3])
	}
	g := engine.GameState{Options: engine.GameOptions{Scenario: "lrta-campaign"}}
	if oob := r.orderOf(g); oob != nil {
		for _, d := range oob.Depots {
			if p := th.Place(d.Place); p == nil || !p.Is("depot") {
				t.Errorf("the LRTA order of battle's depot %s is no depot place", d.Place)
			}
		}
	}
}

// /unit extended: a game roll with 004's modifiers, told to the channel,
// or to the roller alone when the game hides its units.
func TestLRTAExtendedMarchCommand(t *testing.T) {
	ctx := context.Background()
	for _, hidden := range []bool{false, true} {
		r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(4)))
		extra := map[string]string{}
		if hidden {
			extra["limited_intelligence"] = "true"
		}
		startLRTAMoves(t, r, extra)
		ext := func(u engine.Actor, unit string) Output {
			return r.Handle(ctx, Request{ChannelID: "war", User: u, Command: "unit", Path: []string{"extended"}, Options: map[string]string{"unit": unit}}).first()
		}
		out := ext(leeA, "Hood")
		if out.Error != nil || !strings.Contains(out.Text, "Hood rolls 4") || !strings.Contains(out.Text, "+0 Confederate infantry south of the Potomac") || !strings.Contains(out.Text, "= **4**") {
			t.Fatalf("Hood's extended march: %+v", out)
		}
		// The march's own path is /move extended:true: the older roll says so.
		if !strings.Contains(out.Text, "An extended march is made with /move extended:true") || !strings.Contains(out.Text, "/unit extended is for a march moved without it") {
			t.Errorf("the roll does not point to /move extended:true: %s", out.Text)
		}
		if want := map[bool]string{false: AudiencePublic, true: AudienceEphemeral}[hidden]; out.Audience.Kind != want {
			t.Errorf("limited intelligence %v: audience %v", hidden, out.Audience.Kind)
		}
		if o := ext(meadeA, "csa.hood"); o.Error == nil {
			t.Errorf("Meade rolled for Hood: %+v", o)
		}
		// Hidden, the roll is Lee's side's secret (issue 19): the public
		// count, which Meade reads, does not move.
		g, _ := r.game(ctx, Request{ChannelID: "war"})
		if want := map[bool][2]int64{false: {1, 0}, true: {0, 1}}[hidden]; g.Rolls != want[0] || g.SecretRolls[engine.RollAudienceCSA] != want[1] {
			t.Errorf("limited intelligence %v: %d public rolls, %d CSA secret rolls", hidden, g.Rolls, g.SecretRolls[engine.RollAudienceCSA])
		}
	}
}

// /move mode:naval in an LRTA game: from port to port, a fatigue a box,
// counted toward the turn's five units.
func TestLRTANavalMoveCommand(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTAMoves(t, r, nil)
	move := func(opts map[string]string) Output {
		return r.Handle(ctx, Request{ChannelID: "war", User: meadeA, Command: "move", Options: opts}).first()
	}
	out := move(map[string]string{"units": "Haupt", "to": "Navy Yard", "mode": "naval", "fatigue": "1"})
	if out.Error != nil || !strings.Contains(out.Text, "By sea") || !strings.Contains(out.Text, "1 of 5 units") || !strings.Contains(out.Text, "004 Naval Movement") {
		t.Fatalf("Haupt by sea: %+v", out)
	}
	g, _ := r.game(ctx, Request{ChannelID: "war"})
	if u := g.Units["usa.haupt"]; u.Fatigue != 1 || u.Ref != "HE1240" {
		t.Errorf("Haupt after: %+v", u)
	}
	if o := move(map[string]string{"units": "Haupt", "to": "Alexandria", "mode": "naval", "fatigue": "1"}); o.Error == nil || o.Error.Code != "move.naval" || !strings.Contains(o.Text, "fatigue 1") {
		t.Errorf("a tired unit sailed: %+v", o)
	}
}
