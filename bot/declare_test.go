package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

func declareReq(u engine.Actor, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "declare", Options: opts}
}

// toStep moves the game on with /phase next until the step begins.
func toStep(t *testing.T, r *Router, step string) []Output {
	t.Helper()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	for i := 0; i < 40; i++ {
		rep := r.Handle(context.Background(), phaseReq(ump, "next", nil))
		if out := rep.first(); out.Error != nil {
			t.Fatalf("/phase next toward %s: %s", step, out.Text)
		}
		g, err := r.gameHere(context.Background(), ump)
		if err != nil {
			t.Fatal(err)
		}
		if g.CurrentStep() == step {
			return rep.Outputs
		}
	}
	t.Fatalf("step %s never began", step)
	return nil
}

// postureIn strips the words every player may see ("the CSA's operational
// / passive declaration") and reports whether a posture is left.
func postureIn(s string) bool {
	s = strings.ReplaceAll(strings.ToLower(s), "operational / passive", "")
	s = strings.ReplaceAll(s, "operational|passive", "")
	s = strings.ReplaceAll(s, "posture:operational or posture:passive", "")
	return strings.Contains(s, "passive") || strings.Contains(s, "operational")
}

// The declarations through the sequence of play: 1e waits for both; the
// first stays secret from the other side everywhere it could show (the
// channel, /declare, /phase show, /game status, the events); the second
// reveals both together in the channel; 1f allocates the time and 1g
// checks Harpers Ferry.
func TestDeclareThroughTheSequence(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, map[string]string{"time_limitation": "true"})
	toStep(t, r, "1e")
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	if out := r.Handle(ctx, phaseReq(ump, "next", nil)).first(); out.Error == nil || out.Error.Code != "phase.waiting" || !strings.Contains(out.Text, "/declare") {
		t.Fatalf("1e ended before the declarations: %+v", out)
	}
	if out := r.Handle(ctx, declareReq(guestA, map[string]string{"posture": "passive"})).first(); out.Error == nil || out.Error.Code != "declare.player" {
		t.Fatalf("a guest declared: %+v", out)
	}
	rep := r.Handle(ctx, declareReq(leeA, map[string]string{"posture": "passive"}))
	if len(rep.Outputs) != 2 {
		t.Fatalf("Lee's declaration: %+v", rep.Outputs)
	}
	own, pub := rep.Outputs[0], rep.Outputs[1]
	if own.Error != nil || own.Audience.Kind != AudienceEphemeral || !strings.Contains(own.Text, "CSA **passive**") {
		t.Fatalf("Lee's reply: %+v", own)
	}
	if pub.Audience.Kind != AudiencePublic || postureIn(pub.Text) || len(pub.Events) != 0 || !strings.Contains(pub.Text, "The CSA has made its declaration") {
		t.Fatalf("the channel learns Lee's choice: %+v", pub)
	}
	// Everything Meade (and a guest) may look at says nothing of it.
	for _, u := range []engine.Actor{meadeA, guestA} {
		seen := []Output{
			r.Handle(ctx, declareReq(u, nil)).first(),
			r.Handle(ctx, phaseReq(Request{GuildID: "g", ChannelID: "war", User: u}, "show", nil)).first(),
			r.Handle(ctx, gameReq(u, "status", nil)).first(),
		}
		for _, o := range seen {
			if postureIn(o.Text) {
				t.Errorf("%s sees the CSA's declaration: %s", u.Name, o.Text)
			}
			for _, v := range o.Events {
				if strings.Contains(string(v.Data), "passive") {
					t.Errorf("%s gets the event %s", u.Name, v.Data)
				}
			}
		}
		if u == meadeA && !strings.Contains(seen[0].Text, "CSA: declared (secret)") {
			t.Errorf("Meade's /declare: %s", seen[0].Text)
		}
	}
	if st := r.Handle(ctx, declareReq(leeA, nil)).first(); !strings.Contains(st.Text, "CSA: declared **passive**") {
		t.Errorf("Lee's own /declare: %s", st.Text)
	}
	if st := r.Handle(ctx, declareReq(umpireA, nil)).first(); !strings.Contains(st.Text, "CSA: declared **passive**") || !strings.Contains(st.Text, "USA: not declared yet") {
		t.Errorf("the umpire's /declare: %s", st.Text)
	}
	if out := r.Handle(ctx, declareReq(leeA, map[string]string{"posture": "operational"})).first(); out.Error == nil || out.Error.Code != "declare.twice" {
		t.Fatalf("Lee declared twice: %+v", out)
	}
	rep = r.Handle(ctx, declareReq(meadeA, map[string]string{"posture": "operational"}))
	if len(rep.Outputs) != 2 || rep.Outputs[0].Error != nil {
		t.Fatalf("Meade's declaration: %+v", rep.Outputs)
	}
	pub = rep.Outputs[1]
	if pub.Audience.Kind != AudiencePublic || !strings.Contains(pub.Text, "CSA **passive**, USA **operational**") || !strings.Contains(pub.Text, "receives a time chit (now 4)") {
		t.Fatalf("the reveal: %+v", pub)
	}
	if len(pub.Events) != 1 || pub.Events[0].Type != "posture.revealed" {
		t.Fatalf("the reveal's events: %+v", pub.Events)
	}
	if out := r.Handle(ctx, declareReq(meadeA, map[string]string{"posture": "passive"})).first(); out.Error == nil || out.Error.Code != "declare.revealed" {
		t.Fatalf("a declaration after the reveal: %+v", out)
	}
	// 1f on the set-up of 000 VIII, the armies facing each other across
	// the Rappahannock: the three Confederate corps leaders are within 8
	// hexes of Union units, and six Union ones (not Slocum at Stafford
	// Court House, nor the garrisons' or the cavalry's): CSA 20 - 3x1
	// player - 3 passive + 3x3 = 23; USA 20 - 3x1 + 2x6 = 29.
	outs := toStep(t, r, "1f")
	txt := outs[0].Text
	for _, want := range []string{"CSA: **23 minutes** = 20 −3 (1 player) −3 (passive) +9 (3 infantry corps leaders within 8 hexes of the enemy) [Ewell, Hill, Longstreet]",
		"USA: **29 minutes** = 20 −3 (1 player) +12 (6 infantry corps leaders within 8 hexes of the enemy) [Hancock, Howard, Meade, Reynolds, Sedgwick, Sickles]",
		"Time chits: CSA 4, USA 3"} {
		if !strings.Contains(txt, want) {
			t.Errorf("1f lacks %q:\n%s", want, txt)
		}
	}
	g, _ := r.gameHere(ctx, ump)
	if a, ok := lrtg.Of(g).Declared.Allowance(engine.CSA, 1); !ok || a.Minutes != 23 || !lrtg.Of(g).Declared.Passive(engine.CSA, 1) {
		t.Fatalf("allowance %+v", a)
	}
	// 1g: the garrison (Kenly at Harpers Ferry, Morris on Naval Battery)
	// has no Confederate near on turn 1.
	outs = toStep(t, r, "1g")
	if txt := outs[0].Text; !strings.Contains(txt, "Harpers Ferry: the Union units there (Kenly, Morris) can reach the map edge") {
		t.Fatalf("1g: %s", txt)
	}
	if out := r.Handle(ctx, declareReq(leeA, map[string]string{"posture": "passive"})).first(); out.Error == nil || out.Error.Code != "declare.step" {
		t.Fatalf("a declaration in 1g: %+v", out)
	}
}

// The umpire ends 1e with one declaration in: the next step reveals both,
// the missing side operational.
func TestForcedDeclarationIsRevealedAtPhaseNext(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	toStep(t, r, "1e")
	mustOK(t, r, declareReq(meadeA, map[string]string{"posture": "passive"}))
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	rep := r.Handle(ctx, phaseReq(ump, "next", map[string]string{"force": "true", "reason": "Lee is away"}))
	txt := rep.first().Text
	if rep.first().Error != nil || !strings.Contains(txt, "CSA **operational** (not declared when the umpire ended the step: operational), USA **passive**") {
		t.Fatalf("forced: %s", txt)
	}
	if strings.Contains(txt, "time chit") {
		t.Errorf("a chit without the time limitation option: %s", txt)
	}
}

// Harpers Ferry with Confederates near: the umpire rules, and the
// surrender roll is a game roll with the table's modifiers.
func TestHarpersFerryRuling(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(6, 5)))
	startLRTG(t, r, nil)
	// Hood to Bolivar Heights (the umpire may move anything).
	mv := Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": "Hood", "to": "Bolivar Heights", "reason": "test"}}
	mustOK(t, r, mv)
	toStep(t, r, "1e")
	mustOK(t, r, declareReq(leeA, map[string]string{"posture": "operational"}))
	mustOK(t, r, declareReq(meadeA, map[string]string{"posture": "operational"}))
	outs := toStep(t, r, "1g")
	if !strings.Contains(outs[0].Text, "the umpire rules whether it is surrounded") || !strings.Contains(outs[0].Text, "Waiting for: the umpire's ruling whether Harpers Ferry is surrounded") {
		t.Fatalf("1g: %s", outs[0].Text)
	}
	var brief string
	for _, o := range outs[1:] {
		if strings.HasPrefix(o.Text, "Umpire, Harpers Ferry") {
			brief = o.Text
		}
	}
	if !strings.Contains(brief, "Hood") || !strings.Contains(brief, "bolivar_heights:true|false") || !strings.Contains(brief, "loudoun_heights:true|false") || strings.Contains(brief, "naval_battery") {
		t.Fatalf("the umpire's brief: %q", brief)
	}
	if strings.Contains(outs[0].Text, "Hood") {
		t.Errorf("the channel's message names the Confederates near: %s", outs[0].Text)
	}
	hf := func(u engine.Actor, opts map[string]string) Output {
		return r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: u, Command: "harpersferry", Options: opts}).first()
	}
	if out := hf(leeA, map[string]string{"surrounded": "true"}); out.Error == nil || out.Error.Code != "harpersferry.umpire" {
		t.Fatalf("Lee ruled: %+v", out)
	}
	if out := hf(umpireA, map[string]string{"surrounded": "true"}); out.Error == nil || out.Error.Code != "harpersferry.facts" {
		t.Fatalf("ruled without the heights: %+v", out)
	}
	g0, _ := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
	rec, _ := lrtg.Of(g0).Declared.HarpersFerry(1)
	mp := 0
	for _, id := range rec.Check.Units {
		mp += g0.Units[id].Manpower
	}
	// 6 + 5 = 11, +1 Bolivar Heights = 12: surrender (11 or more).
	out := hf(umpireA, map[string]string{"surrounded": "true", "bolivar_heights": "true", "loudoun_heights": "false", "reason": "Hood holds the pike"})
	if out.Error != nil || out.Audience.Kind != AudiencePublic {
		t.Fatalf("ruling: %+v", out)
	}
	for _, want := range []string{"Harpers Ferry is **surrounded**", "[6 5] = 11 +1 (Confederate artillery on Bolivar Heights) → 12", "**Harpers Ferry surrenders**", "Kenly", "Morris"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("the ruling lacks %q:\n%s", want, out.Text)
		}
	}
	g, _ := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
	if !g.Units["usa.kenly"].Eliminated || !g.Units["usa.morris"].Eliminated || len(g.Waiting()) != 0 {
		t.Fatal("the garrison did not surrender")
	}
	if _, total := lrtg.Of(g).VPTotals(); total != 2*mp || mp == 0 {
		t.Fatalf("VP %d for %d MP", total, mp)
	}
	// The roll is the game's: numbered with its rolls.
	var roll struct {
		Number int64 `json:"number"`
	}
	for _, v := range out.Events {
		if v.Type == "table.rolled" {
			if err := json.Unmarshal(v.Data, &roll); err != nil {
				t.Fatal(err)
			}
		}
	}
	if roll.Number == 0 || roll.Number != g.Rolls {
		t.Fatalf("roll #%d, game rolls %d", roll.Number, g.Rolls)
	}
	if out := hf(umpireA, map[string]string{"surrounded": "true", "bolivar_heights": "true", "loudoun_heights": "false"}); out.Error == nil || out.Error.Code != "harpersferry.rolled" {
		t.Fatalf("a second roll: %+v", out)
	}
}

// With limited intelligence the channel hears the results without the
// units' names.
func TestHarpersFerryKeepsHiddenUnitsHidden(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	toStep(t, r, "1e")
	mustOK(t, r, declareReq(leeA, map[string]string{"posture": "operational"}))
	mustOK(t, r, declareReq(meadeA, map[string]string{"posture": "operational"}))
	outs := toStep(t, r, "1g")
	if txt := outs[0].Text; strings.Contains(txt, "Kenly") || !strings.Contains(txt, "Harpers Ferry: not surrounded") {
		t.Fatalf("1g with hidden units: %s", txt)
	}
	for _, v := range outs[0].Events {
		if v.Type == "harpersferry.checked" {
			t.Fatalf("the channel gets the check's event: %s", v.Data)
		}
	}
}

// After a Spy the winner's /declare shows the loser's choice, marked as
// shown to him alone; the loser's shows nothing of the winner's.
func TestDeclareStatusShowsTheSpyWinnerTheLosersChoice(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	toStep(t, r, "1e")
	mustOK(t, r, declareReq(leeA, map[string]string{"posture": "passive"}))
	g, err := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
	if err != nil {
		t.Fatal(err)
	}
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Events = lrtg.EventsState{Rolled: []lrtg.RandomEventRolled{{Turn: g.Turn, Outcome: lrtg.RandomSpy, Spy: engine.USA}}}
	})
	if txt := declareStatus(g, meadeA); !strings.Contains(txt, "CSA: declared **passive**, shown to you alone as the Spy's winner") {
		t.Fatalf("the winner's /declare: %s", txt)
	}
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Events = lrtg.EventsState{Rolled: []lrtg.RandomEventRolled{{Turn: g.Turn, Outcome: lrtg.RandomSpy, Spy: engine.CSA}}}
	})
	if txt := declareStatus(g, meadeA); postureIn(txt) {
		t.Fatalf("the loser sees the winner's choice: %s", txt)
	}
}

// The umpire's Harpers Ferry brief asks the facts in the check's order and
// says why the map data cannot tell them (it said "the map data cannot
// tell" of Bolivar Heights, a place the map has: what it lacks is the
// artillery values).
func TestHarpersFerryBriefSaysWhatIsMissing(t *testing.T) {
	var g engine.GameState
	e := &lrtg.HarpersFerryChecked{Status: lrtg.HFAsk, Why: "the umpire rules",
		Ask: []string{"surrounded", "csa_artillery_naval_battery", "csa_artillery_loudoun_heights", "csa_artillery_bolivar_heights", "union_division_within_10"}}
	want := "Rule with /harpersferry surrounded:true|false; if surrounded, also naval_battery:true|false loudoun_heights:true|false bolivar_heights:true|false union_division:true|false (the map data cannot tell them: it has no artillery values)."
	if got := hfUmpireText(g, e); !strings.HasSuffix(got, want) {
		t.Fatalf("brief:\n%s\nwant it to end\n%s", got, want)
	}
}
