package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

func segReq(u engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "segment", Path: []string{sub}, Options: opts}
}

// segToTurn advances the game to the turn with /turn next.
func segToTurn(t *testing.T, r *Router, turn int) {
	t.Helper()
	g, err := r.gameHere(context.Background(), Request{ChannelID: "war", User: umpireA})
	if err != nil {
		t.Fatal(err)
	}
	for i := g.Turn; i < turn; i++ {
		mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "turn", Path: []string{"next"}, Options: map[string]string{}})
	}
}

// segToStep runs /phase next (forced past other modules' waits) until the
// step begins, and returns the public texts of the steps on the way.
func segToStep(t *testing.T, r *Router, step string) []Output {
	t.Helper()
	ctx := context.Background()
	var outs []Output
	for i := 0; i < 40; i++ {
		rep := r.Handle(ctx, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", map[string]string{"force": "true", "reason": "test"}))
		if o := rep.first(); o.Error != nil {
			t.Fatalf("/phase next toward %s: %s", step, o.Text)
		}
		outs = append(outs, rep.Outputs...)
		g, _ := r.gameHere(ctx, Request{ChannelID: "war", User: umpireA})
		if g.CurrentStep() == step {
			return outs
		}
	}
	t.Fatalf("never reached step %s", step)
	return nil
}

func segPublicTexts(outs []Output) string {
	var b strings.Builder
	for _, o := range outs {
		if o.Audience.Kind == AudiencePublic {
			b.WriteString(o.Text + "\n")
		}
	}
	return b.String()
}

// Through /phase next across the supply segment, recovery, county control
// and the victory check on turn 4: each step tells the channel only what
// both sides know; each side sees its own supply with /segment show; the
// waits end with /segment done.
func TestSegmentStepsThroughPhaseNext(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	segToTurn(t, r, 4)
	outs := segToStep(t, r, "5a")
	outs = append(outs, segToStep(t, r, "5b")...)
	g, _ := r.gameHere(context.Background(), Request{ChannelID: "war", User: umpireA})
	st, ok := lrtg.Of(g).SupplyStatus("csa.hood")
	if !ok {
		t.Fatal("Hood has no supply status")
	}
	// Both sides' player-word units wait for their word or "done".
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		for _, w := range g.Waiting() {
			if strings.Contains(w, "the "+strings.ToUpper(string(s))+"'s word") {
				u := meadeA
				if s == engine.CSA {
					u = leeA
				}
				mustOK(t, r, segReq(u, "done", nil))
			}
		}
	}
	g, _ = r.gameHere(context.Background(), Request{ChannelID: "war", User: umpireA})
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("5b still waits: %v", w)
	}
	// Lee sees his units, not the Union's; Meade the reverse.
	lee := mustOK(t, r, segReq(leeA, "show", nil))
	meade := mustOK(t, r, segReq(meadeA, "show", nil))
	if lee.Audience.Kind != AudienceEphemeral || !strings.Contains(lee.Text, "Hood") || strings.Contains(lee.Text, "Wright") {
		t.Fatalf("Lee's /segment show: %s", lee.Text)
	}
	if !strings.Contains(meade.Text, "Wright") || strings.Contains(meade.Text, "Hood") || strings.Contains(meade.Text, "McLaws") || strings.Contains(meade.Text, "levied") {
		t.Fatalf("Meade's /segment show: %s", meade.Text)
	}
	if o := r.Handle(context.Background(), segReq(meadeA, "show", map[string]string{"side": "csa"})).first(); o.Error == nil {
		t.Fatal("Meade saw the Confederate supply")
	}
	_ = st
	for _, step := range []string{"5c", "5d", "5e", "5f", "5g", "5h", "5i", "6", "7", "8"} {
		outs = append(outs, segToStep(t, r, step)...)
	}
	pub := segPublicTexts(outs)
	for _, want := range []string{"▶ 5a Confederate Levies", "Each side's supply status is determined (13.2)", "🌊 Union control (13.3)",
		"supply expenditure (13.4) is recorded", "🥀 Supply effects (13.6)", "🛌 Recovery", "▶ 7 County Control", "Army morale:", "🏛️ Victory Check Phase (003 8), turn 4", "The game goes on."} {
		if !strings.Contains(pub, want) {
			t.Errorf("the public steps lack %q:\n%s", want, pub)
		}
	}
	// No unit of either side is named in the channel by the supply steps.
	for _, name := range []string{"Hood", "McLaws", "Rodes", "Wright", "Howe", "Newton"} {
		if strings.Contains(pub, name) {
			t.Errorf("the channel was told of %s:\n%s", name, pub)
		}
	}
	// Lee's victuals after one expenditure: the divisions out of range at
	// fatigue 0 spent one (6 → 5) or none (in range).
	g, _ = r.gameHere(context.Background(), Request{ChannelID: "war", User: umpireA})
	hood := g.Units["csa.hood"]
	want := 6
	if s, _ := lrtg.Of(g).SupplyStatus("csa.hood"); !(s.InRange && hood.Fatigue == 0) {
		want = 5
	}
	if v := lrtg.Of(g).Victuals(hood); v != want && lrtg.Of(g).Segment.Turn == g.Turn {
		t.Errorf("Hood's victuals: %d, want %d (%+v)", v, want, st)
	}
	// The step after 8 ends the turn.
	segToStep(t, r, "1a")
	if g, _ = r.gameHere(context.Background(), Request{ChannelID: "war", User: umpireA}); g.Turn != 5 {
		t.Fatalf("turn %d", g.Turn)
	}
}

// The end of the game on June 30 (turn 22) with no Confederate infantry
// north of the Potomac: the victory level from the scenario's table, and
// the wait for the umpire's /game end.
func TestSegmentGameEndsOnThePotomacCheck(t *testing.T) {
	for _, c := range []struct{ scenario, level string }{
		{"lrtg-high-tide", "Union Decisive"},
		{"lrtg-gettysburg-campaign", "Union Decisive"},
	} {
		r := NewRouter(openStore(t), WithLogger(quietLog()))
		startLRTG(t, r, map[string]string{"scenario": c.scenario})
		segToTurn(t, r, 22)
		outs := segToStep(t, r, "8")
		pub := segPublicTexts(outs)
		g, _ := r.gameHere(context.Background(), Request{ChannelID: "war", User: umpireA})
		_, vp := lrtg.Of(g).VPTotals() // Vicksburg may have fallen on June 30: -15
		if vp > 0 {
			t.Fatalf("%s: %d VP", c.scenario, vp)
		}
		if !strings.Contains(pub, "🏁 **The game ends**: no Confederate infantry unit is north of the Potomac on or after June 30") ||
			!strings.Contains(pub, fmt.Sprintf("**%s** — %d VP on the %s victory table", c.level, vp, c.scenario)) || !strings.Contains(pub, "/game end") {
			t.Fatalf("%s: %s", c.scenario, pub)
		}
		// The step waits for the umpire's /game end.
		o := r.Handle(context.Background(), phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil)).first()
		if o.Error == nil || o.Error.Code != "phase.waiting" || !strings.Contains(o.Text, "/game end") {
			t.Fatalf("%s: /phase next: %+v", c.scenario, o)
		}
		mustOK(t, r, gameReq(umpireA, "end", nil))
	}
}

// The umpire checks victory at any moment; the players may not; a
// decisive victory ends the game.
func TestSegmentVictoryAtAnyTime(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	if o := r.Handle(context.Background(), segReq(leeA, "victory", nil)).first(); o.Error == nil {
		t.Fatal("a player checked victory")
	}
	out := mustOK(t, r, segReq(umpireA, "victory", nil))
	if out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, "The game goes on.") || !strings.Contains(out.Text, "Army morale: CSA 0") {
		t.Fatalf("victory: %s", out.Text)
	}
	// /segment done outside a waiting step is refused with the reason.
	if o := r.Handle(context.Background(), segReq(leeA, "done", nil)).first(); o.Error == nil || o.Error.Code != "segment.done" {
		t.Fatalf("done: %+v", o)
	}
	// A forage outside step 5e names the step.
	o := r.Handle(context.Background(), segReq(leeA, "forage", map[string]string{"unit": "Hood", "fatigue": "1", "value": "3"})).first()
	if o.Error == nil || o.Error.Code != "segment.step" || !strings.Contains(o.Text, "5e") {
		t.Fatalf("forage: %+v", o)
	}
}

// With limited intelligence the steps wait for the side whatever it could
// do (a wait must not tell the enemy); /segment done ends a side's part.
func TestSegmentDoneEndsTheWait(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	segToTurn(t, r, 4)
	segToStep(t, r, "5a")
	o := r.Handle(context.Background(), phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil)).first()
	if o.Error == nil || !strings.Contains(o.Text, "the CSA's levies") {
		t.Fatalf("5a: %+v", o)
	}
	if o := r.Handle(context.Background(), segReq(meadeA, "done", nil)).first(); o.Error == nil || o.Error.Code != "segment.done" {
		t.Fatalf("Meade done: %+v", o)
	}
	out := mustOK(t, r, segReq(leeA, "done", nil))
	if out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, "The CSA are done with step 5a") || !strings.Contains(out.Text, "the umpire (/phase next)") {
		t.Fatalf("done: %+v", out)
	}
	outs := segToStep(t, r, "5b")
	g, _ := r.gameHere(context.Background(), Request{ChannelID: "war", User: umpireA})
	if w := g.Waiting(); len(w) != 2 {
		t.Fatalf("5b waits: %v", w)
	}
	for _, o := range outs {
		if o.Audience.Kind == AudiencePublic && (strings.Contains(o.Text, "Hood") || strings.Contains(o.Text, "Wright")) {
			t.Fatalf("the channel learns of units: %s", o.Text)
		}
	}
}

// Simplified Supply at -1: the Confederate units are disorganized and a
// small unit at fatigue 4 rolls for its manpower (24.6); the channel
// learns neither the units nor the roll, the umpire both.
func TestSegmentSupplyEffectsAreSecret(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, map[string]string{"supply": "simplified"})
	segToTurn(t, r, 4)
	segToStep(t, r, "5e")
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "supply", Path: []string{"adjust"},
		Options: map[string]string{"side": "csa", "by": "-7", "reason": "test"}})
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "unit", Path: []string{"set"},
		Options: map[string]string{"unit": "csa.jenkins", "field": "fatigue", "value": "4"}})
	outs := segToStep(t, r, "5f")
	var umpire string
	for _, o := range outs {
		if o.Audience.Kind == AudiencePublic && (strings.Contains(o.Text, "Jenkins") || strings.Contains(o.Text, "manpower loss")) {
			t.Fatalf("the channel learns: %s", o.Text)
		}
		if o.Audience.Kind == AudienceEphemeral {
			umpire += o.Text + "\n"
		}
	}
	if !strings.Contains(umpire, "supply manpower loss: Jenkins loses 1 on 3 or less (24.6 **)") || !strings.Contains(umpire, "Jenkins disorganized") {
		t.Fatalf("the umpire's view: %s", umpire)
	}
	g, _ := r.gameHere(context.Background(), Request{ChannelID: "war", User: umpireA})
	if lrtg.Of(g).SupplyLevel(engine.CSA) != -1 || !g.Units["csa.hood"].WithStatus().Status.Disorganized {
		t.Fatalf("track %d, Hood %+v", lrtg.Of(g).SupplyLevel(engine.CSA), g.Units["csa.hood"])
	}
}

// The rules data the segment reads: the victory tables of both scenarios
// (000 VIII; 003), the Simplified Supply resupply table (24.2) and the
// forage table (13.5), as the library ships them.
func TestSegmentChartsFromTheLibrary(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	for _, c := range []struct {
		chart string
		vp    []int
		names []string
	}{
		{"lrtg.victory-levels-high-tide", []int{210, 185, 184, 160, 159, 150, 149, 140, 139}, []string{"Confederate Decisive", "Confederate Substantive", "Confederate Marginal", "Confederate Marginal", "Union Marginal", "Union Marginal", "Union Substantive", "Union Substantive", "Union Decisive"}},
		{"lrtg.victory-levels-gettysburg-campaign", []int{250, 249, 220, 219, 190, 189, 180, 179, 150, 149}, []string{"Confederate Decisive", "Confederate Substantive", "Confederate Substantive", "Confederate Marginal", "Confederate Marginal", "Union Marginal", "Union Marginal", "Union Substantive", "Union Substantive", "Union Decisive"}},
	} {
		bands, err := lrtg.VictoryBands(r.library.Chart(c.chart))
		if err != nil {
			t.Fatal(err)
		}
		for i, vp := range c.vp {
			if b, ok := lrtg.VictoryLevel(bands, vp); !ok || b.Name != c.names[i] {
				t.Errorf("%s %d VP: %+v", c.chart, vp, b)
			}
		}
	}
	res := r.library.Chart("lrtg.simplified-resupply")
	for _, c := range []struct {
		side engine.Side
		n, v int
	}{{engine.USA, 17, 6}, {engine.USA, 14, 5}, {engine.USA, 13, 4}, {engine.USA, 10, 3}, {engine.USA, 6, 2}, {engine.USA, 5, 1}, {engine.USA, 2, 0},
		{engine.CSA, 8, 6}, {engine.CSA, 7, 5}, {engine.CSA, 6, 4}, {engine.CSA, 4, 3}, {engine.CSA, 3, 2}, {engine.CSA, 2, 1}, {engine.CSA, 1, 0}} {
		if v, err := lrtg.SimplifiedResupply(res, c.side, c.n); err != nil || v != c.v {
			t.Errorf("24.2 %s %d: %d %v, want %d", c.side, c.n, v, err, c.v)
		}
	}
	f := r.library.Chart("lrtg.forage")
	if len(f.Rows) != 4 || len(f.Rows[3]) != 9 || f.Rows[3][8] != "6" || f.Rows[0][1] != "0" {
		t.Fatalf("forage chart: %v", f.Rows)
	}
	sf := r.library.Chart("lrtg.simplified-forage")
	if len(sf.Rows) != 4 || sf.Rows[3][0] != "0" || sf.Rows[3][1] != "6" {
		t.Fatalf("simplified forage chart: %v", sf.Rows)
	}
}

// The umpire's record says so when a step changes nothing, and what a
// unit without victuals that is already disorganized below fatigue 3
// suffers (nothing, 13.6), instead of an empty line.
func TestSegmentRecordsSayWhenNothingHappens(t *testing.T) {
	req := Request{ChannelID: "c"}
	outs := presentSegment(nil, req, engine.GameState{}, &lrtg.UnitsRecovered{Turn: 1}, EventView{})
	if len(outs) != 2 || outs[1].Text != "Umpire: recovery: no unit changes" {
		t.Errorf("recovery: %+v", outs)
	}
	outs = presentSegment(nil, req, engine.GameState{}, &lrtg.SupplyEffectsApplied{Turn: 9, Rule: "normal",
		Units: []lrtg.SupplyEffect{{Unit: "csa.early", Name: "Early", Side: engine.CSA}, {Unit: "csa.hood", Name: "Hood", Side: engine.CSA, Disorganize: true}}}, EventView{})
	if len(outs) != 2 || outs[1].Text != "Umpire: supply effects: Early no victuals, already disorganized: no loss below fatigue 3, Hood disorganized" {
		t.Errorf("supply effects: %+v", outs)
	}
}
