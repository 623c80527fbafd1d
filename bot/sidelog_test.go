package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// sideLogGame: Lee and Jeb Stuart against Meade and Hancock, each with a
// private channel (bot/channels.go), started.
func sideLogGame(t *testing.T, extra map[string]string) *Router {
	t.Helper()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(5, 2, 4, 4, 4, 4)))
	cpFourCommanders(t, r, "war", extra)
	mustOK(t, r, cpReq(umpireA, "war", "game", []string{"start"}, nil))
	ump := cpReq(umpireA, "war", "game", nil, nil)
	chs := map[string]string{leeA.ID: "lee-ch", jebCpA.ID: "jeb-ch", meadeA.ID: "meade-ch", hancockChA.ID: "hancock-ch"}
	if err := r.recordChannels(context.Background(), ump, "cat", chs, false, "ump-ch"); err != nil {
		t.Fatal(err)
	}
	return r
}

// inChannel is what a reply posts in one private channel.
func inChannel(rep Reply, ch string) string {
	var s []string
	for _, o := range rep.Outputs {
		if o.Audience.Kind == AudienceChannel && o.Audience.Channel == ch {
			s = append(s, o.Text)
		}
	}
	return strings.Join(s, "\n")
}

// Issue 22 (LRTG 21): in a hidden game a commander's board actions on his
// units reach his side's other commanders' channels (the side's log), and
// nothing of them the enemy's; a combat's results reach each side's log
// with its own units only; a refusal is logged nowhere. An open game
// tells the table and keeps no log.
func TestSideLogReachesTheSidesCommandersOnly(t *testing.T) {
	ctx := context.Background()
	r := sideLogGame(t, map[string]string{"limited_intelligence": "true"})
	rep := r.Handle(ctx, cpReq(jebCpA, "war", "unit", []string{"set"}, map[string]string{"unit": "Hampton", "field": "fatigue", "value": "2", "reason": "a hard ride"}))
	if rep.first().Error != nil {
		t.Fatalf("Jeb's /unit set: %s", rep.first().Text)
	}
	acWants(t, "Lee's channel", inChannel(rep, "lee-ch"), "📒 CSA log · Jeb Stuart: Hampton: fatigue 0 → 2 (a hard ride)")
	for _, ch := range []string{"jeb-ch", "meade-ch", "hancock-ch", "war"} {
		if s := inChannel(rep, ch); s != "" {
			t.Errorf("%s reads Jeb's action: %s", ch, s)
		}
	}
	for _, o := range rep.Outputs {
		if o.Audience.Kind == AudiencePublic && strings.Contains(o.Text, "Hampton") {
			t.Errorf("the table reads Jeb's action: %s", o.Text)
		}
	}
	// A refusal is his alone.
	rep = r.Handle(ctx, cpReq(jebCpA, "war", "unit", []string{"set"}, map[string]string{"unit": "Hampton", "field": "fatigue", "value": "x"}))
	if rep.first().Error == nil || len(rep.Outputs) != 1 || rep.Outputs[0].Audience.Kind != AudienceEphemeral {
		t.Errorf("a refusal: %+v", rep.Outputs)
	}
	// A combat the umpire records: each side's log has its own units.
	rep = r.Handle(ctx, battleReq(umpireA, map[string]string{"attacker": "Hood", "attacker_result": "1", "defender": "Wright", "defender_result": "2", "reason": "Hood's assault on Wright"}))
	if rep.first().Error != nil {
		t.Fatalf("/battle result: %s", rep.first().Text)
	}
	for _, c := range []struct{ ch, own, enemy string }{{"lee-ch", "Hood", "Wright"}, {"jeb-ch", "Hood", "Wright"}, {"meade-ch", "Wright", "Hood"}, {"hancock-ch", "Wright", "Hood"}} {
		s := inChannel(rep, c.ch)
		acWants(t, c.ch, s, "📒", c.own+": ")
		if strings.Contains(s, c.enemy) || strings.Contains(s, "assault") {
			t.Errorf("%s reads the enemy's %s or the umpire's reason: %s", c.ch, c.enemy, s)
		}
	}
	// An open game: the table is told, no log.
	r = sideLogGame(t, nil)
	rep = r.Handle(ctx, cpReq(jebCpA, "war", "unit", []string{"set"}, map[string]string{"unit": "Hampton", "field": "fatigue", "value": "2"}))
	if s := inChannel(rep, "lee-ch"); s != "" || rep.first().Audience.Kind != AudiencePublic {
		t.Errorf("open game: %+v", rep.Outputs)
	}
}

// An activation (LRTG 1.0) in a hidden game: its units and allowance are
// the actor's side's, and reach the side's other commanders' channels.
func TestSideLogActivation(t *testing.T) {
	ctx := context.Background()
	r := sideLogGame(t, map[string]string{"limited_intelligence": "true"})
	cpStepTo(t, r, "war", "4a")
	mustOK(t, r, cpReq(umpireA, "war", "action", []string{"rolls"}, map[string]string{"reason": "Hood left Culpeper County"}))
	if h := engine.Side(actorSide(gameIn(t, r, "war"), leeA)); h != engine.CSA {
		t.Fatalf("Lee plays %q", h)
	}
	rep := r.Handle(ctx, cpReq(leeA, "war", "action", []string{"activate"}, map[string]string{"leader_or_unit": "Longstreet"}))
	if rep.first().Error != nil {
		t.Fatalf("activate: %s", rep.first().Text)
	}
	acWants(t, "Jeb's channel", inChannel(rep, "jeb-ch"), "📒 CSA log · Lee: ⚔️ Lee activates Longstreet")
	for _, ch := range []string{"lee-ch", "meade-ch", "hancock-ch"} {
		if s := inChannel(rep, ch); strings.Contains(s, "Longstreet") {
			t.Errorf("%s reads the activation: %s", ch, s)
		}
	}
}

// Issue 22: /oob names who commands each of the asker's side's units
// (LRTG 21.1); the enemy's stays refused, and says nothing of it.
func TestOOBNamesEachUnitsCommander(t *testing.T) {
	r := sideLogGame(t, map[string]string{"limited_intelligence": "true"})
	for _, u := range []engine.Actor{leeA, jebCpA} {
		out := mustOK(t, r, cpReq(u, "war", "oob", nil, nil)).Text
		heading := ""
		for _, l := range strings.Split(out, "\n") {
			switch {
			case strings.HasPrefix(l, "**Commanded by "):
				heading = l
			case strings.HasPrefix(l, "Hood ("):
				acWants(t, u.Name+"'s /oob: Hood's heading", heading, "**Commanded by Lee:**")
			case strings.HasPrefix(l, "Hampton ("):
				acWants(t, u.Name+"'s /oob: Hampton's heading", heading, "**Commanded by Jeb Stuart:**")
			}
		}
		acWants(t, u.Name+"'s /oob", out, "Hood (", "Hampton (")
	}
	refused := r.Handle(context.Background(), cpReq(meadeA, "war", "oob", nil, map[string]string{"side": "csa"})).first()
	if refused.Error == nil || strings.Contains(refused.Text, "Lee") || strings.Contains(refused.Text, "Jeb") {
		t.Errorf("Meade's /oob side:csa: %+v", refused)
	}
}
