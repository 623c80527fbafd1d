package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA's Turn Start steps and the Union garrison in the channel: the step
// messages of 1a-1c, the garrison check of 8 and its penalty, /garrison
// show for each side; with limited intelligence the garrisons' strength
// stays the Union's.

func startLRTA(t *testing.T, r *Router, extra map[string]string) {
	t.Helper()
	opts := map[string]string{"scenario": "lrta-campaign"}
	for k, v := range extra {
		opts[k] = v
	}
	if out := r.Handle(context.Background(), gameReq(umpireA, "new", opts)).first(); out.Error != nil {
		if out.Error.Code == "game.scenario" {
			t.Skip("/game new does not run lrta-campaign yet: " + out.Text)
		}
		t.Fatalf("game new: %s", out.Text)
	}
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
}

func garrisonReq(u engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "garrison", Path: []string{sub}, Options: opts}
}

// lrtaStepTo steps the game (forcing what waits) until the step under way
// is step, and returns every public text and the outputs of the steps.
func lrtaStepTo(t *testing.T, r *Router, step string) (string, []Reply) {
	t.Helper()
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	var texts []string
	var reps []Reply
	for i := 0; i < 60; i++ {
		g, err := r.gameHere(ctx, ump)
		if err != nil {
			t.Fatal(err)
		}
		if g.CurrentStep() == step {
			return strings.Join(texts, "\n"), reps
		}
		var opts map[string]string
		if len(g.Waiting()) > 0 {
			opts = map[string]string{"force": "true", "reason": "test: the players are done"}
		}
		rep := r.Handle(ctx, phaseReq(ump, "next", opts))
		if out := rep.first(); out.Error != nil {
			t.Fatalf("phase next at %s: %s", g.CurrentStep(), out.Text)
		}
		reps = append(reps, rep)
		texts = append(texts, rep.first().Text)
	}
	t.Fatalf("never reached step %s", step)
	return "", nil
}

func TestLRTATurnStartStepMessages(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTA(t, r, nil)
	text, _ := lrtaStepTo(t, r, "1r")
	for _, want := range []string{
		"▶ 1a PA Militia Entry",
		"– Pennsylvania militia entry (LRTA 2.3; 004 1 a)): no roll — the order of battle has no Pennsylvania militia on its track",
		"▶ 1b Reinforcements",
		"▶ 1c DC Garrison Requirements",
		"🏛️ DC garrison requirement, turn 1 (004 1 c); LRTA 3.2): **18 MP** in the DC Defense Area, 2 of it cavalry — 18 at all times (2 MP of it cavalry).",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the step messages lack %q:\n%s", want, text)
		}
	}
	// Turn 1 brings no scheduled arrival (the first is turn 6).
	if strings.Contains(text, "reinforcements (LRTA 2.0") {
		t.Errorf("arrivals on turn 1:\n%s", text)
	}
}

// The garrison check in step 8 and the umpire's penalty; /garrison show.
func TestLRTAGarrisonCheckAndPenalty(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTA(t, r, nil)
	text, _ := lrtaStepTo(t, r, "8")
	ctx := context.Background()
	g, err := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := lrtg.Of(g).LRTAStart.CheckOf(g.Turn)
	if !ok {
		t.Fatalf("no garrison check at step 8:\n%s", text)
	}
	if !strings.Contains(text, "🛡️ Union garrison check, turn 1 (004 8):") || !strings.Contains(text, "Baltimore: 004 prints no Baltimore requirement") {
		t.Fatalf("step 8 message:\n%s", text)
	}
	// /garrison show: the requirement and the check, for both sides in an
	// open game.
	for _, u := range []engine.Actor{leeA, meadeA, umpireA} {
		out := mustOK(t, r, garrisonReq(u, "show", nil))
		if out.Audience.Kind != AudienceEphemeral || !strings.Contains(out.Text, "**18 MP**") || !strings.Contains(out.Text, "MP in the DC Defense Area") {
			t.Errorf("%s's /garrison show: %s", u.Name, out.Text)
		}
	}
	if len(c.Short()) == 0 {
		t.Skip("the shipped set-up meets every garrison on turn 1: no penalty to assess")
	}
	if w := g.Waiting(); len(w) == 0 || !strings.Contains(strings.Join(w, ";"), "/garrison penalty") {
		t.Fatalf("step 8 waits for %v", w)
	}
	if out := r.Handle(ctx, garrisonReq(meadeA, "penalty", map[string]string{"vp": "5", "reason": "3.2"})).first(); out.Error == nil || out.Error.Code != "garrison.umpire" {
		t.Fatalf("a player assessed: %+v", out)
	}
	if out := r.Handle(ctx, garrisonReq(umpireA, "penalty", map[string]string{"vp": "-3", "reason": "3.2"})).first(); out.Error == nil || out.Error.Code != "garrison.vp" {
		t.Fatalf("vp:-3: %+v", out)
	}
	out := mustOK(t, r, garrisonReq(umpireA, "penalty", map[string]string{"vp": "12", "reason": "our 3.2"}))
	if out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, "⚖️ Union garrison penalty, turn 1 (004 8):") || !strings.Contains(out.Text, "**+12 VP** to the Confederates (our 3.2)") || len(out.Events) != 1 {
		t.Fatalf("penalty: %+v", out)
	}
	g, _ = r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
	if by, _ := lrtg.Of(g).VPTotals(); by[lrtg.CategoryGarrison] != 12 {
		t.Fatalf("VP by category: %v", by)
	}
	for _, w := range g.Waiting() {
		if strings.Contains(w, "/garrison penalty") {
			t.Fatalf("still waits: %v", g.Waiting())
		}
	}
}

// With limited intelligence the garrisons' strength is the Union's: the
// channel learns that the check was made, the Confederates' /garrison show
// has no figures, the Union's has; the requirement stays public without
// naming Confederate units.
func TestLRTAGarrisonSecrecy(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTA(t, r, map[string]string{"limited_intelligence": "true"})
	ctx := context.Background()
	g, _ := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
	if !g.Options.LimitedIntel {
		t.Fatal("not a limited intelligence game")
	}
	text, reps := lrtaStepTo(t, r, "8")
	g, _ = r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
	c, ok := lrtg.Of(g).LRTAStart.CheckOf(g.Turn)
	if !ok {
		t.Fatal("no check")
	}
	if !strings.Contains(text, "🛡️ Union garrison check (004 8): made.") || strings.Contains(text, "MP in the DC Defense Area (") {
		t.Fatalf("the public step 8 message:\n%s", text)
	}
	var union []string
	for _, s := range c.Garrisons {
		for _, id := range s.Units {
			union = append(union, g.Units[id].Name)
		}
	}
	last := reps[len(reps)-1]
	pub := last.first()
	for _, v := range pub.Events {
		if v.Type == lrtg.EventGarrisonChecked || v.Type == lrtg.EventDCGarrisonSet {
			t.Errorf("the public message carries %s", v.Type)
		}
	}
	for _, n := range union {
		if strings.Contains(pub.Text, n) {
			t.Errorf("the public message names the Union's %s", n)
		}
	}
	umpireSaw := false
	for _, o := range last.Outputs[1:] {
		umpireSaw = umpireSaw || (o.Audience.Kind == AudienceEphemeral && strings.Contains(o.Text, "MP in the DC Defense Area"))
	}
	if !umpireSaw {
		t.Error("the umpire is not told the garrisons' strength")
	}
	lee := mustOK(t, r, garrisonReq(leeA, "show", nil)).Text
	if !strings.Contains(lee, "**18 MP**") || strings.Contains(lee, "MP in the DC Defense Area (") || !strings.Contains(lee, "the garrisons' strength is the Union's") {
		t.Errorf("Lee's /garrison show: %s", lee)
	}
	for _, n := range union {
		if strings.Contains(lee, n) {
			t.Errorf("Lee sees the Union's %s", n)
		}
	}
	meade := mustOK(t, r, garrisonReq(meadeA, "show", nil)).Text
	if !strings.Contains(meade, "MP in the DC Defense Area (") {
		t.Errorf("Meade's /garrison show: %s", meade)
	}
	if len(c.Short()) == 0 {
		return
	}
	out := r.Handle(ctx, garrisonReq(umpireA, "penalty", map[string]string{"vp": "7", "reason": "3.2: 7 MP short"}))
	pub = out.first()
	if pub.Error != nil || pub.Audience.Kind != AudiencePublic || !strings.Contains(pub.Text, "**+7 VP**") || strings.Contains(pub.Text, "7 MP short") || strings.Contains(pub.Text, "Washington, DC") || len(pub.Events) != 0 {
		t.Fatalf("the public penalty: %+v", pub)
	}
	vp := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "vp", Options: map[string]string{}}).Text
	if strings.Contains(vp, "7 MP short") || strings.Contains(vp, "Washington, DC") {
		t.Errorf("the VP record tells the Confederates the shortfall: %s", vp)
	}
}

// The presenter is LRTA's only; an LRTG game's events go to LRTG's.
func TestLRTAPresenterOnlyForLRTA(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	req := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	lrtgGame := bare(engine.GameState{Options: engine.GameOptions{Scenario: "lrtg-high-tide"}})
	if outs := presentLRTATurnStart(r, req, lrtgGame, &lrtg.UnionRolled{Track: lrtg.TrackPAMilitia}, EventView{}); outs != nil {
		t.Fatalf("LRTG: %v", outs)
	}
	lrta := bare(engine.GameState{Options: engine.GameOptions{Scenario: "lrta-campaign"}})
	roll := &lrtg.UnionRolled{Turn: 5, Track: lrtg.TrackPAMilitia, Rolled: true, Number: 9, Dice: "1d6", Faces: []int{5},
		Modifiers: []engine.AppliedModifier{{Value: 1, Reason: "Confederate infantry is across the Potomac"}}, Total: 6, Target: "6 or more",
		Outcome: "arrives", Result: "Next militia unit arrives", Success: true, Units: []string{"usa.brisbane"}}
	lrta.Units = map[string]engine.UnitState{"usa.brisbane": {ID: "usa.brisbane", Name: "Brisbane", Side: engine.USA}}
	outs := presentLRTATurnStart(r, req, lrta, roll, EventView{Type: lrtg.EventUnionRolled})
	if len(outs) != 1 || outs[0].Audience.Kind != AudiencePublic || len(outs[0].Events) != 1 ||
		!strings.Contains(outs[0].Text, "🎲 Roll #9 · Pennsylvania militia entry (LRTA 2.3; 004 1 a)): 1d6 [5] +1 (Confederate infantry is across the Potomac) → 6; needs 6 or more: **Next militia unit arrives**.") ||
		!strings.Contains(outs[0].Text, "Arrives: Brisbane, in Camp Curtin (RN4907)") {
		t.Fatalf("open: %+v", outs)
	}
	lrta.Options.LimitedIntel = true
	outs = presentLRTATurnStart(r, req, lrta, roll, EventView{Type: lrtg.EventUnionRolled})
	if len(outs) != 2 || outs[0].Audience.Kind != AudienceEphemeral || outs[1].Audience.Kind != AudiencePublic || len(outs[1].Events) != 0 || strings.Contains(outs[1].Text, "Brisbane") {
		t.Fatalf("limited intelligence: %+v", outs)
	}
	// The requirement names no Confederate unit, and under limited
	// intelligence carries no event (whose Threats do).
	set := &lrtg.DCGarrisonSet{Turn: 4, Total: 38, Cavalry: 2, Threat: true, Threats: []string{"csa.hood"},
		Lines: []lrtg.GarrisonLine{{What: "at all times (2 MP of it cavalry)", MP: 18, Applies: true}, {What: "Confederate infantry of 5+ MP in Fairfax", MP: 20, Applies: true, Why: "a Confederate infantry unit of 5 or more manpower is there now"}}}
	outs = presentLRTATurnStart(r, req, lrta, set, EventView{Type: lrtg.EventDCGarrisonSet})
	if len(outs) != 1 || len(outs[0].Events) != 0 || strings.Contains(outs[0].Text, "Hood") || !strings.Contains(outs[0].Text, "**38 MP**") || !strings.Contains(outs[0].Text, "+20 Confederate infantry") {
		t.Fatalf("requirement: %+v", outs)
	}
	// LRTA's surrender: 13 or more.
	held := &lrtg.HarpersFerryRolled{Turn: 5, Total: 12, Outcome: "holds"}
	if outs := presentLRTATurnStart(r, req, lrta, held, EventView{}); len(outs) != 1 || !strings.Contains(outs[0].Text, "total 12; 13 or more surrenders") {
		t.Fatalf("holds: %+v", outs)
	}
}

// /harpersferry in an LRTA game rolls on LRTA's table (13 or more) with
// LRTA's facts.
func TestLRTAHarpersFerryRuling(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTA(t, r, nil)
	lrtaStepTo(t, r, "1g")
	out := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "harpersferry",
		Options: map[string]string{"surrounded": "true", "reason": "test: cut off"}})
	if !strings.Contains(out.Text, "13 or more") || strings.Contains(out.Text, "11 or more") {
		t.Fatalf("/harpersferry: %s", out.Text)
	}
	rolled := false
	for _, v := range out.Events {
		if v.Type == "table.rolled" {
			rolled = strings.Contains(string(v.Data), `"table":"lrta.harpers-ferry-surrender"`) && strings.Contains(string(v.Data), "nearest_usa_division_hexes")
		}
	}
	if !rolled {
		t.Fatalf("not LRTA's table: %+v", out.Events)
	}
}
