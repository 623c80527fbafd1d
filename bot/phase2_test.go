package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

var p2Jeb = engine.Actor{ID: "u5", Name: "Jeb"}

// p2Start: High Tide with the Optional Overall Commander Restrictions;
// the Confederates with two commanders (Lee's player: 1, and 3 by
// default; Jeb: Cav, 2, Rich), the Union with one. Lee's counter is set
// up with Ewell (SS4531, 000 VIII), a corps commander of Jeb's.
func p2Start(t *testing.T, limited bool) *Router {
	t.Helper()
	opts := map[string]string{"overall_restrictions": "true"}
	if limited {
		opts["limited_intelligence"] = "true"
	}
	return p2StartWith(t, opts)
}

func p2StartWith(t *testing.T, extra map[string]string) *Router {
	t.Helper()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	opts := map[string]string{"scenario": "lrtg-high-tide"}
	for k, v := range extra {
		opts[k] = v
	}
	mustOK(t, r, gameReq(umpireA, "new", opts))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1"}))
	mustOK(t, r, gameReq(p2Jeb, "join", map[string]string{"side": "csa", "command": "Cav,2,Rich"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "Lee", "to": "SS4531"}})
	return r
}

// p2StepTo runs /phase next (forcing waits) until the step begins, and
// returns every output of the /phase next that began it.
func p2StepTo(t *testing.T, r *Router, step string) []Output {
	t.Helper()
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	for i := 0; i < 20; i++ {
		g, _ := r.gameHere(ctx, ump)
		var opts map[string]string
		if len(g.Waiting()) > 0 {
			opts = map[string]string{"force": "true", "reason": "the test moves on"}
		}
		rep := r.Handle(ctx, phaseReq(ump, "next", opts))
		if rep.first().Error != nil {
			t.Fatalf("phase next: %s", rep.first().Text)
		}
		if g, _ = r.gameHere(ctx, ump); g.CurrentStep() == step {
			return rep.Outputs
		}
	}
	t.Fatalf("step %s never began", step)
	return nil
}

func p2Command(r *Router, by engine.Actor, sub string, opts map[string]string) Output {
	return r.Handle(context.Background(), Request{GuildID: "g", ChannelID: "war", User: by, Command: "command", Path: []string{sub}, Options: opts}).first()
}

func p2Public(outs []Output) Output {
	for _, o := range outs {
		if o.Audience.Kind == AudiencePublic {
			return o
		}
	}
	return Output{}
}

// With open units the step messages tell it all: 2a's candidates and the
// overall commander's choice, 2b's distances and the corps that passes,
// with the rules.
func TestRestrictionStepMessages(t *testing.T) {
	r := p2Start(t, false)
	ctx := context.Background()
	pub := p2Public(p2StepTo(t, r, "2a"))
	// Longstreet (1st Corps, SS4331) and Hill (3rd Corps, SS4028), both
	// the overall commander's; Lee stands with Ewell at SS4531.
	for _, want := range []string{"⭐ CSA 2 a) Lee (now at SS4531) goes to one of the overall commander's infantry corps commanders: Hill (SS4028), Longstreet (SS4331). Lee chooses with /command army",
		"LRTG 21.1; 003 2 a)", "Waiting for: the CSA overall commander (Lee) to place Lee with one of his infantry corps commanders (/command army; 21.1)."} {
		if !strings.Contains(pub.Text, want) {
			t.Fatalf("2a message lacks %q:\n%s", want, pub.Text)
		}
	}
	if strings.Contains(pub.Text, "USA 2 a)") {
		t.Fatalf("the one-commander Union has a 2a: %s", pub.Text)
	}
	if out := p2Command(r, p2Jeb, "army", map[string]string{"with": "Hill"}); out.Error == nil || out.Error.Code != "army.overall" {
		t.Fatalf("Jeb chose: %+v", out)
	}
	if out := p2Command(r, leeA, "army", map[string]string{"with": "Ewell"}); out.Error == nil || out.Error.Code != "army.with" || !strings.Contains(out.Text, "Hill, Longstreet") {
		t.Fatalf("Ewell: %+v", out)
	}
	out := p2Command(r, leeA, "army", map[string]string{"with": "Hill"})
	if out.Error != nil || out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, "Lee joins Hill: SS4531 → SS4028 (Lee's choice)") {
		t.Fatalf("choice: %+v", out)
	}
	// The umpire sends Longstreet away; 2b measures from Lee at SS4028.
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": "Longstreet", "to": "SS2116", "reason": "test"}})
	outs := p2StepTo(t, r, "2b")
	pub = p2Public(outs)
	g, _ := r.gameHere(ctx, Request{ChannelID: "war", User: umpireA})
	lee, long, stuart, ewell := g.Units["csa.lee"], g.Units["csa.longstreet"], g.Units["csa.stuart"], g.Units["csa.ewell"]
	d := engine.Distance(long.Hex, lee.Hex)
	if d <= lrtg.ControlRange || engine.Distance(long.Hex, stuart.Hex) != 0 || engine.Distance(long.Hex, ewell.Hex) == 0 {
		t.Fatalf("set-up: Longstreet %d hexes from Lee", d)
	}
	hill := engine.Distance(g.Units["csa.hill"].Hex, lee.Hex)
	for _, want := range []string{
		"📏 CSA 2 b): the overall commander's (Lee) corps commanders against Lee at SS4028 (LRTG 21.1; 003 2 b)):",
		"· within 10 hexes: Hill (3rd Corps, SS4028) " + strconv.Itoa(hill) + " hexes.",
		"· more than 10: Longstreet (1st Corps, SS2116) " + strconv.Itoa(d) + " hexes: control passes to Jeb, whose Stuart is the nearest corps commander (0 hexes).",
		"🔁 Control of 1st Corps passes from Lee to Jeb. No fatigue: its corps commander is more than 10 hexes from the army commander (LRTG 21.1; 003 2 b)).",
	} {
		if !strings.Contains(pub.Text, want) {
			t.Fatalf("2b message lacks %q:\n%s", want, pub.Text)
		}
	}
	if !g.Controls(p2Jeb, g.Units["csa.hood"]) || g.Controls(leeA, g.Units["csa.hood"]) || g.Units["csa.hood"].Fatigue != 0 {
		t.Fatal("the 1st Corps after 2b")
	}
	// /command show tells Jeb his side's division and the record.
	show := p2Command(r, p2Jeb, "show", nil)
	if show.Error != nil || show.Audience.Kind != AudienceEphemeral || !strings.Contains(show.Text, "· Jeb: Cav; 2; Rich; 1") || !strings.Contains(show.Text, "1st Corps (to Jeb, turn 1)") {
		t.Fatalf("show: %s", show.Text)
	}
}

// With limited intelligence the channel learns that 2a and 2b were
// settled, never where a side's leaders are nor who commands what; the
// side's commanders read theirs with /command show, the Union sees none
// of it.
func TestRestrictionsKeepTheSidesSecrets(t *testing.T) {
	r := p2Start(t, true)
	ctx := context.Background()
	g, _ := r.gameHere(ctx, Request{ChannelID: "war", User: umpireA})
	var secrets []string
	for _, u := range g.Units {
		if u.Side == engine.CSA && u.Kind.IsLeader() && u.Name != "Lee" {
			secrets = append(secrets, u.Name)
		}
		if u.Side == engine.CSA && u.OnMap {
			secrets = append(secrets, u.Ref)
		}
	}
	secrets = append(secrets, "1st Corps", "3rd Corps", "Jeb commands", "passes")
	check := func(what string, outs []Output) {
		t.Helper()
		for _, o := range outs {
			if o.Audience.Kind != AudiencePublic {
				continue
			}
			for _, s := range secrets {
				if s != "" && strings.Contains(o.Text, s) {
					t.Fatalf("%s: the public output tells %q:\n%s", what, s, o.Text)
				}
			}
			for _, v := range o.Events {
				if v.Type == lrtg.EventArmyPlaced || v.Type == lrtg.EventDistantChecked || v.Type == lrtg.EventControlChanged {
					t.Fatalf("%s: the public output carries %s", what, v.Type)
				}
			}
		}
	}
	outs := p2StepTo(t, r, "2a")
	check("2a", outs)
	if pub := p2Public(outs); !strings.Contains(pub.Text, "⭐ CSA 2 a): the overall commander chooses the infantry corps commander his army commander joins (/command army; LRTG 21.1).") {
		t.Fatalf("2a: %s", pub.Text)
	}
	umpire := false
	for _, o := range outs {
		umpire = umpire || (o.Audience.Kind == AudienceEphemeral && strings.Contains(o.Text, "Hill (SS4028), Longstreet (SS4331)"))
	}
	if !umpire {
		t.Fatal("the umpire is not told the candidates")
	}
	out := p2Command(r, leeA, "army", map[string]string{"with": "csa.hill"})
	if out.Error != nil || out.Audience.Kind != AudienceEphemeral {
		t.Fatalf("choice: %+v", out)
	}
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": "Longstreet", "to": "SS2116", "reason": "test"}})
	outs = p2StepTo(t, r, "2b")
	check("2b", outs)
	if pub := p2Public(outs); !strings.Contains(pub.Text, "📏 CSA 2 b) is settled (LRTG 21.1): the CSA's commanders see it with /command show.") {
		t.Fatalf("2b: %s", pub.Text)
	}
	// The Union's /command show says nothing of the Confederates.
	show := p2Command(r, meadeA, "show", nil)
	if show.Error != nil || strings.Contains(show.Text, "CSA") || strings.Contains(show.Text, "Jeb") {
		t.Fatalf("the Union's show: %s", show.Text)
	}
	for _, s := range secrets {
		if s != "" && strings.Contains(show.Text, s) {
			t.Fatalf("the Union's show tells %q: %s", s, show.Text)
		}
	}
	// The Confederates' tells the change, with places.
	show = p2Command(r, leeA, "show", nil)
	if !strings.Contains(show.Text, "Longstreet (1st Corps, SS2116)") || !strings.Contains(show.Text, "control passes to Jeb") {
		t.Fatalf("the CSA's show: %s", show.Text)
	}
	// No autocomplete offers the enemy's corps commanders.
	if m := armyCandidates(r, Request{ChannelID: "war", User: meadeA}, ""); len(m) != 0 {
		t.Fatalf("the Union is offered %v", m)
	}
}

// The option is offered and shown; without it 2a and 2b say they do
// nothing.
func TestRestrictionsOption(t *testing.T) {
	r := p2Start(t, false)
	out := mustOK(t, r, gameReq(leeA, "status", nil))
	if !strings.Contains(out.Text, "Optional Overall Commander Restrictions") {
		t.Fatalf("status: %s", out.Text)
	}
	r = p2StartWith(t, nil)
	if out := mustOK(t, r, gameReq(leeA, "status", nil)); strings.Contains(out.Text, "Optional Overall Commander Restrictions") {
		t.Fatalf("status without the option: %s", out.Text)
	}
	if pub := p2Public(p2StepTo(t, r, "2a")); !strings.Contains(pub.Text, "2 a) The Optional Overall Commander Restrictions (LRTG 21.1) are not in play: the army commanders are not moved.") {
		t.Fatalf("2a: %s", pub.Text)
	}
	if pub := p2Public(p2StepTo(t, r, "2b")); !strings.Contains(pub.Text, "2 b) The Optional Overall Commander Restrictions (LRTG 21.1) are not in play: no corps changes hands for its distance.") {
		t.Fatalf("2b: %s", pub.Text)
	}
	if out := p2Command(r, leeA, "army", map[string]string{"with": "Hill"}); out.Error == nil || out.Error.Code != "army.option" {
		t.Fatalf("/command army without the option: %+v", out)
	}
}
