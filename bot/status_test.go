package bot

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func unitSetReq(u engine.Actor, opts map[string]string) Request {
	return Request{ChannelID: "war", User: u, Command: "unit", Path: []string{"set"}, Options: opts}
}

func battleReq(u engine.Actor, opts map[string]string) Request {
	return Request{ChannelID: "war", User: u, Command: "battle", Path: []string{"result"}, Options: opts}
}

func oobOf(t *testing.T, r *Router, u engine.Actor, side string) string {
	t.Helper()
	return mustOK(t, r, Request{ChannelID: "war", User: u, Command: "oob", Options: map[string]string{"side": side}}).Text
}

func TestUnitStatusThroughRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"optional": "19"})
	out := mustOK(t, r, unitSetReq(leeA, map[string]string{"unit": "Hood", "field": "organization", "value": "disorganized", "reason": "2D"}))
	if out.Text != "Hood: organization organized → disorganized (2D)" {
		t.Fatalf("set organization: %q", out.Text)
	}
	mustOK(t, r, unitSetReq(leeA, map[string]string{"unit": "Hood", "field": "ammo", "value": "low"}))
	mustOK(t, r, unitSetReq(leeA, map[string]string{"unit": "Hood", "field": "demoralization", "value": "1"}))
	bad := r.Handle(ctx, unitSetReq(leeA, map[string]string{"unit": "Hood", "field": "entrenchment", "value": "deep"})).first()
	if bad.Error == nil || bad.Error.Code != "unit.entrenchment" || !strings.Contains(bad.Text, "0 (none), 1 or 2") {
		t.Fatalf("bad entrenchment: %+v", bad)
	}
	if o := r.Handle(ctx, unitSetReq(leeA, map[string]string{"unit": "Hood", "field": "fatigue", "value": "two"})).first(); o.Error == nil || o.Error.Code != "unit.value" {
		t.Fatalf("fatigue two: %+v", o)
	}
	// The old status mark still works, as a status.
	mark := mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "unit", Path: []string{"mark"}, Options: map[string]string{"unit": "McLaws", "mark": "entrenched", "cause": "entrench"}})
	if !strings.Contains(mark.Text, "McLaws is now entrenched") {
		t.Fatalf("mark: %s", mark.Text)
	}
	csa := oobOf(t, r, leeA, "")
	for _, want := range []string{"Hood (1 infantry) 16 MP, disorganized, demoralized (level 1), low ammo — SS2030", "McLaws (1 infantry) 15 MP, entrenched (level 1) — SS4229"} {
		if !strings.Contains(csa, want) {
			t.Errorf("Lee's /oob lacks %q:\n%s", want, csa)
		}
	}
	// Caldwell starts entrenched with flanks refused (000 VIII).
	if usa := oobOf(t, r, meadeA, ""); !strings.Contains(usa, "Caldwell (II infantry) 7 MP, entrenched (level 1), flanks-refused — SS4023") {
		t.Errorf("Meade's /oob:\n%s", usa)
	}
	// Manpower losses: the combat causes score, and the reply says so.
	loss := mustOK(t, r, unitSetReq(meadeA, map[string]string{"unit": "Wright", "field": "manpower", "value": "7", "cause": "retreat"}))
	if !strings.Contains(loss.Text, "Wright: manpower 9 → 7. 2 MP lost to retreat: +4 VP (000 VII 6)") {
		t.Fatalf("loss: %s", loss.Text)
	}
	march := mustOK(t, r, unitSetReq(leeA, map[string]string{"unit": "Hood", "field": "manpower", "value": "15", "cause": "march"}))
	if !strings.Contains(march.Text, "Lost to march: no VP") {
		t.Fatalf("march: %s", march.Text)
	}
	none := mustOK(t, r, unitSetReq(leeA, map[string]string{"unit": "Hood", "field": "manpower", "value": "14"}))
	if !strings.Contains(none.Text, "No cause given, so no VP") {
		t.Fatalf("no cause: %s", none.Text)
	}
	if vp := mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "vp"}); !strings.Contains(vp.Text, "manpower: +4") || !strings.Contains(vp.Text, "2 Union MP lost to retreat +4") {
		t.Fatalf("vp: %s", vp.Text)
	}
	// The map's counters show statuses.
	g, _ := r.game(ctx, Request{ChannelID: "war"})
	for _, c := range g.MapCounters(leeA) {
		if c.Name == "Hood" && strings.Join(c.Marks, " ") != "DIS DEM1 LOW" {
			t.Errorf("Hood's counter: %v", c.Marks)
		}
	}
}

func TestBattleResultThroughRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"optional": "19"})
	out := mustOK(t, r, battleReq(umpireA, map[string]string{"attacker": "Hood, McLaws", "attacker_result": "3f", "defender": "Wright", "defender_result": "2Dr", "reason": "assault"}))
	if out.Audience.Kind != AudiencePublic {
		t.Fatalf("open game: %+v", out.Audience)
	}
	for _, want := range []string{
		"⚔️ Combat at SS4929, turn 1: attacker (CSA) **3f**, defender (USA) **2Dr**. assault",
		"**CSA attacker** (3f): Hood: 16 → 14 MP, fatigue 0 → 1; McLaws: 15 → 14 MP, fatigue 0 → 1.",
		"3 MP lost in combat: -9 VP (000 VII 6).",
		"Wright: 9 → 7 MP, disorganized.",
		"They must retreat (r)",
		"2 MP lost in combat: +4 VP",
	} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("reply lacks %q:\n%s", want, out.Text)
		}
	}
	if len(out.Events) != 1 || out.Events[0].Type != "combat.applied" {
		t.Fatalf("events: %+v", out.Events)
	}
	if vp := mustOK(t, r, Request{ChannelID: "war", User: meadeA, Command: "vp"}); !strings.Contains(vp.Text, "manpower: -5") {
		t.Fatalf("vp: %s", vp.Text)
	}
	// A player applies his own side's result, allocating the loss; an
	// attacking Confederate division spends ammunition on D (LRTG 19.2).
	lee := mustOK(t, r, battleReq(leeA, map[string]string{"attacker": "Hood,McLaws", "attacker_result": "2D", "loss": "McLaws=2", "at": "Culpeper"}))
	if !strings.Contains(lee.Text, "Combat at Culpeper (SS1418)") || !strings.Contains(lee.Text, "McLaws: 14 → 12 MP, disorganized, ammunition 0 → 1 (ammo level 1, LRTG 19.2)") ||
		!strings.Contains(lee.Text, "Hood: disorganized, ammunition 0 → 1") {
		t.Fatalf("Lee's result: %s", lee.Text)
	}
	// The umpire undoes it, whole.
	mustOK(t, r, gameReq(umpireA, "undo", map[string]string{"reason": "wrong hex"}))
	if csa := oobOf(t, r, leeA, ""); !strings.Contains(csa, "McLaws (1 infantry) 14 MP, fatigue 1 — SS4229") {
		t.Fatalf("after undo:\n%s", csa)
	}
	refusals := []struct {
		req  Request
		code string
		hint string
	}{
		{battleReq(meadeA, map[string]string{"defender": "Wright", "defender_result": "2x"}), "combat.result", "R* (rout, starred)"},
		{battleReq(meadeA, map[string]string{"defender": "Wright"}), "combat.result", "defender_result"},
		{battleReq(meadeA, map[string]string{"defender": "Hood", "defender_result": "1"}), "unit.unknown", ""},
		{battleReq(leeA, map[string]string{"attacker": "Hood", "attacker_result": "2", "loss": "Hood=1"}), "combat.loss", ""},
		{battleReq(leeA, map[string]string{"attacker": "Hood", "attacker_result": "2", "loss": "Hood:2"}), "combat.loss", "loss:Hood=2"},
		{battleReq(leeA, map[string]string{"attacker": "Hood", "attacker_result": "2", "loss": "McLaws=2"}), "combat.loss", ""},
	}
	for _, c := range refusals {
		o := r.Handle(ctx, c.req).first()
		if o.Error == nil || o.Error.Code != c.code || !strings.Contains(o.Text, c.hint) {
			t.Errorf("%v: %+v", c.req.Options, o)
		}
	}
}

// With limited intelligence the channel learns of a battle and its printed
// results only; each side's units and losses go to whoever applied them.
func TestBattleResultKeepsLimitedIntelligenceSecret(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true", "optional": "29"})
	// Meade records his own defence; optional rule 29 rolls his artillery.
	rep := r.Handle(ctx, battleReq(meadeA, map[string]string{"defender": "Wright", "defender_result": "4R*", "artillery": "Wright=2"}))
	if len(rep.Outputs) != 2 || rep.Outputs[0].Error != nil {
		t.Fatalf("outputs: %+v", rep.Outputs)
	}
	own, public := rep.Outputs[0], rep.Outputs[1]
	if own.Audience.Kind != AudienceEphemeral || !strings.Contains(own.Text, "Wright: 9 → 5 MP") || !strings.Contains(own.Text, "Artillery of Wright (LRTG 29.1, roll #1)") {
		t.Fatalf("Meade's own reply: %+v", own)
	}
	if public.Audience.Kind != AudiencePublic || public.Audience.Channel != "war" || public.Text != "⚔️ Combat at SS4929, turn 1: defender (USA) **4R***." {
		t.Fatalf("public line: %+v", public)
	}
	if len(public.Events) != 0 {
		t.Fatalf("the public line carries events: %+v", public.Events)
	}
	// The umpire applies both sides: the channel still sees no unit.
	rep = r.Handle(ctx, battleReq(umpireA, map[string]string{"attacker": "Hood", "attacker_result": "1f", "defender": "Caldwell", "defender_result": "2D", "at": "SS4023", "reason": "Hood hits Caldwell at dawn"}))
	if len(rep.Outputs) != 2 || rep.Outputs[0].Audience.Kind != AudienceEphemeral || !strings.Contains(rep.Outputs[0].Text, "Caldwell: 7 → 5 MP") {
		t.Fatalf("umpire: %+v", rep.Outputs)
	}
	public = rep.Outputs[1]
	for _, secret := range []string{"Hood", "Caldwell", "Wright", "MP", "→", "16", "csa.", "usa."} {
		if strings.Contains(public.Text, secret) {
			t.Errorf("the public line tells %q: %s", secret, public.Text)
		}
	}
	// Lee cannot even name a Union unit, and learns nothing of it.
	o := r.Handle(ctx, battleReq(leeA, map[string]string{"attacker": "Hood", "attacker_result": "1", "defender": "Wright", "defender_result": "1"})).first()
	if o.Error == nil || o.Error.Code != "unit.unknown" || strings.Contains(o.Text, "usa.wright") || strings.Contains(o.Text, "5") {
		t.Fatalf("Lee named Wright: %+v", o)
	}
	for _, c := range r.Autocomplete(Request{ChannelID: "war", User: leeA, Command: "battle", Path: []string{"result"}}, "defender", "") {
		if strings.HasPrefix(c.Value, "usa.") {
			t.Fatalf("Lee's autocomplete offers %s", c.Value)
		}
	}
	if csa := oobOf(t, r, leeA, ""); strings.Contains(csa, "Wright") || strings.Contains(csa, "Caldwell") {
		t.Fatalf("Lee's /oob shows Union units:\n%s", csa)
	}
	// The open VP record counts the losses but names no unit.
	vp := mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "vp"})
	if !strings.Contains(vp.Text, "4 Union MP lost in combat") || regexp.MustCompile(`\b(Wright|Caldwell|Hood)\b`).MatchString(vp.Text) {
		t.Fatalf("vp: %s", vp.Text)
	}
	// What Meade's reply carries as events is his own result only.
	for _, ev := range own.Events {
		var data map[string]any
		if err := json.Unmarshal(ev.Data, &data); err != nil {
			t.Fatal(err)
		}
		if b, _ := json.Marshal(data); strings.Contains(string(b), "csa.") {
			t.Fatalf("Meade's events name a Confederate unit: %s", b)
		}
	}
}
