package bot

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The Combat Chart below is INVENTED for tests; it is not the publisher's
// chart, and none of its columns, rows or results are the printed ones.
type atkFakeChart struct{}

func (atkFakeChart) Combat(att, def float64, diff int) (lrtg.CombatResult, lrtg.CombatResult, string, string, string, error) {
	row, a, d := "1 or more", "-", "1r"
	if diff <= 0 {
		row, a, d = "0 or less", "1f", "-"
	}
	ar, _ := lrtg.ParseCombatResult(a)
	dr, _ := lrtg.ParseCombatResult(d)
	return ar, dr, row, "A any", "D any", nil
}

func atkCharts(engine.GameState) *lrtg.AttackCharts {
	return &lrtg.AttackCharts{Chart: atkFakeChart{}, Modifiers: []lrtg.CombatModifier{
		{Name: "flank", Side: lrtg.Attacker, Min: 1, Max: 1, StatedBy: lrtg.Attacker},
		{Name: "terrain", Side: lrtg.Defender, Min: 0, Max: 2, StatedBy: lrtg.Defender},
	}}
}

func attackReq(u engine.Actor, sub string, opts map[string]string) Request {
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "attack", Path: []string{sub}, Options: opts}
}

// atkSetUp starts High Tide, brings Wright next to Hood (the umpire's
// move), and opens the Confederates' activation of Longstreet in 4a. It
// returns the hex Wright stands on.
func atkSetUp(t *testing.T, r *Router, extra map[string]string) string {
	t.Helper()
	ctx := context.Background()
	startLRTG(t, r, extra)
	g, err := r.gameHere(ctx, attackReq(umpireA, "show", nil))
	if err != nil {
		t.Fatal(err)
	}
	th := r.theatres["lrtg"]
	var ref string
	for _, h := range g.Units["csa.hood"].Hex.Neighbours() {
		if p := th.Printed(h); len(p) > 0 {
			ref = p[0]
			break
		}
	}
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": "Wright", "to": ref}})
	acForceTo(t, r, "4a")
	mustOK(t, r, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"}))
	return ref
}

func settledEvent(t *testing.T, outs []Output) (*lrtg.AttackSettled, *lrtg.CombatApplied) {
	t.Helper()
	var s *lrtg.AttackSettled
	var a *lrtg.CombatApplied
	for _, o := range outs {
		for _, v := range o.Events {
			switch v.Type {
			case lrtg.EventAttackSettled:
				s = &lrtg.AttackSettled{}
				if err := json.Unmarshal(v.Data, s); err != nil {
					t.Fatal(err)
				}
			case lrtg.EventCombatApplied:
				a = &lrtg.CombatApplied{}
				if err := json.Unmarshal(v.Data, a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if s == nil || a == nil {
		t.Fatalf("no battle settled in %+v", outs)
	}
	return s, a
}

// An open game: the attack and its settlement told at the table, every
// number of the explanation the event's, and no manpower made or lost but
// by the result.
func TestAttackThroughRouterOpen(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), withAttackCharts(atkCharts))
	ref := atkSetUp(t, r, nil)
	out := mustOK(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march", "modifiers": "flank"}))
	acWants(t, "the declaration", out.Text, "Battle #1** declared: Lee attacks USA at "+ref+" with Hood (march attack, CSA). Defending: Wright (USA)",
		"flank +1 (the attacker's die; stated by the attacker)", "Waiting for: ", "the USA's modifiers for battle #1 at "+ref)
	acRefusal(t, r, attackReq(leeA, "defend", map[string]string{"modifiers": "none"}), "attack.defender")
	before, _ := r.gameHere(ctx, attackReq(umpireA, "show", nil))
	rep := r.Handle(ctx, attackReq(meadeA, "defend", map[string]string{"modifiers": "terrain=2"}))
	if o := rep.first(); o.Error != nil {
		t.Fatalf("defend: %s", o.Text)
	}
	s, a := settledEvent(t, rep.Outputs)
	text := rep.first().Text
	acWants(t, "the settlement", text, "Battle #1 at "+ref, "Hood 16 MP: combat value **16**", "Wright 9 MP: combat value **9**",
		"terrain +2 (the defender's die; stated by the defender)",
		"Results: attacker **"+s.AttResult.String()+"**, defender **"+s.DefResult.String()+"**",
		"Chart: row \""+s.Row+"\"")
	if s.AttTotal != s.AttDie+1 || s.DefTotal != s.DefDie+2 || s.Diff != s.AttTotal-s.DefTotal {
		t.Errorf("settled %+v", s)
	}
	after, _ := r.gameHere(ctx, attackReq(umpireA, "show", nil))
	total := func(g engine.GameState) int {
		n := 0
		for _, u := range g.Units {
			n += u.Manpower
		}
		return n
	}
	if lost := total(before) - total(after); lost != a.Sides[0].Lost+a.Sides[1].Lost {
		t.Errorf("manpower lost %d, the results %d", lost, a.Sides[0].Lost+a.Sides[1].Lost)
	}
	// One battle, one record.
	acRefusal(t, r, attackReq(umpireA, "defend", map[string]string{"battle": "1"}), "attack.settled")
	acRefusal(t, r, battleReq(meadeA, map[string]string{"defender": "Wright", "defender_result": "1r"}), "combat.settled")
	// The players' word is on the umpire's log.
	log := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "unit", Path: []string{"log"}})
	acWants(t, "the unit log", log.Text, "Lee (CSA) stated the attacker's modifiers for battle #1 at "+ref+": flank +1",
		"Meade (USA) stated the defender's modifiers for battle #1 at "+ref+": terrain +2")
}

// Limited intelligence: each side reads the units engaged and the
// results; the table neither units nor the hex; no reply names a unit not
// engaged, refusals included.
func TestAttackThroughRouterLimited(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), withAttackCharts(atkCharts))
	ref := atkSetUp(t, r, map[string]string{"intelligence": "limited"})
	g, _ := r.gameHere(ctx, attackReq(umpireA, "show", nil))
	var outs []Output
	decl := r.Handle(ctx, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march", "modifiers": "flank"}))
	outs = append(outs, decl.Outputs...)
	// A refusal: a hex far off, where an enemy stands out of contact.
	far := ""
	for _, u := range g.Units {
		if u.Side == engine.USA && u.OnMap && engine.Distance(u.Hex, g.Units["csa.hood"].Hex) > 3 {
			far = u.Ref
			break
		}
	}
	outs = append(outs, r.Handle(ctx, attackReq(leeA, "declare", map[string]string{"units": "McLaws", "at": far, "type": "march"})).Outputs...)
	if show := r.Handle(ctx, attackReq(meadeA, "show", nil)); !strings.Contains(show.first().Text, "#1 at "+ref) {
		t.Errorf("Meade's /attack show: %s", show.first().Text)
	}
	def := r.Handle(ctx, attackReq(meadeA, "defend", map[string]string{"modifiers": "none"}))
	outs = append(outs, def.Outputs...)
	var public []string
	for _, o := range outs {
		if o.Audience.Kind == AudiencePublic {
			public = append(public, o.Text)
		}
	}
	pub := strings.Join(public, "\n")
	for _, secret := range []string{"Hood", "Wright", ref, "MP"} {
		if strings.Contains(pub, secret) {
			t.Errorf("the table reads %q:\n%s", secret, pub)
		}
	}
	if !strings.Contains(pub, "Battle #1 is declared") || !strings.Contains(pub, "(battle #1)") {
		t.Errorf("the table: %s", pub)
	}
	d := def.first()
	if d.Audience.Kind != AudienceEphemeral || !strings.Contains(d.Text, "Hood 16 MP") || !strings.Contains(d.Text, "Wright 9 MP") {
		t.Errorf("Meade's reply: %+v", d)
	}
	// The attacker, who has no channel in the console, reads it with /attack show; a guest not.
	show := r.Handle(ctx, attackReq(leeA, "show", nil)).first()
	outs = append(outs, show)
	acWants(t, "Lee's /attack show", show.Text, "Settled this turn", "Battle #1 at "+ref, "Wright 9 MP", "Results: attacker")
	if guest := r.Handle(ctx, attackReq(engine.Actor{ID: "u9", Name: "Guest"}, "show", nil)).first(); strings.Contains(guest.Text, "Wright") || strings.Contains(guest.Text, ref) {
		t.Errorf("a guest reads: %s", guest.Text)
	}
	engaged := map[string]bool{"csa.hood": true, "usa.wright": true}
	for _, o := range outs {
		for id, u := range g.Units {
			if engaged[id] || u.Name == "Lee" || u.Name == "Meade" || u.Name == "Longstreet" || u.Name == "McLaws" && o.Error != nil {
				continue // the players' names; his own McLaws in his own refusal
			}
			if strings.Contains(o.Text, u.Name) && len(u.Name) > 3 {
				t.Errorf("an output (%s) names %s, not engaged: %s", o.Audience.Kind, u.Name, o.Text)
			}
		}
	}
}

// Without the loaded chart the attack is refused with the slot to load.
func TestAttackNeedsTheChart(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	ref := atkSetUp(t, r, nil)
	out := acRefusal(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march"}), "chart.empty")
	if !strings.Contains(out.Text, "/chart load name:gcacw.combat") {
		t.Errorf("refusal: %s", out.Text)
	}
	acRefusal(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march", "modifiers": "flank=x"}), "attack.modifier")
}

// The wiring: a game settles its battles on the series' charts it kept
// at /game start (the invented fixtures of scenarios/testdata/gcacw).
func TestAttackOnTheLoadedCharts(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	for _, slot := range []string{"combat", "combat-codes", "combat-modifiers", "combat-settings"} {
		data, err := os.ReadFile("../scenarios/testdata/gcacw/" + slot + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		mustOK(t, r, Request{GuildID: "g", ChannelID: "rules", User: umpireA, Command: "chart", Path: []string{"load"}, Manager: true,
			Options: map[string]string{"name": "gcacw." + slot, "data": string(data)}})
	}
	ref := atkSetUp(t, r, nil)
	// The fixture's modifiers: Surprise (the attacker's, -1 to +2), Ridge (the umpire's).
	out := r.Handle(ctx, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march", "modifiers": "Surprise=3,Ridge=1"})).first()
	acWants(t, "the refusal", out.Text, "2 problems with the attack", "Surprise is +3, out of its range (Surprise runs from -1 to +2)", "Ridge is stated by the umpire")
	mustOK(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march", "modifiers": "Surprise=2"}))
	rep := r.Handle(ctx, attackReq(meadeA, "defend", map[string]string{"modifiers": "Flank held=1"}))
	if o := rep.first(); o.Error != nil {
		t.Fatalf("defend: %s", o.Text)
	}
	s, _ := settledEvent(t, rep.Outputs)
	g, _ := r.gameHere(ctx, attackReq(umpireA, "show", nil))
	att, def, row, attCol, defCol, err := lrtg.Of(g).SeriesCharts(r.library).Combat(16, 9, s.Diff)
	if err != nil || s.Row != row || s.AttColumn != attCol || s.DefColumn != defCol || s.AttResult != att || s.DefResult != def {
		t.Fatalf("settled %+v; the chart reads %q %q %q %v %v (%v)", s, row, attCol, defCol, att, def, err)
	}
	if s.AttColumn != "A 6 or more" || s.DefColumn != "D 7 or more" || s.Diff != s.AttDie+2-s.DefDie-1 {
		t.Errorf("settled %+v", s)
	}
	// The copy's extra letters (the fixture's Q, X) are shown with their effect.
	look, _ := lrtg.Of(g).SeriesCharts(r.library).CombatLookup(16, 9, s.Diff)
	if len(look.Attacker.Codes) != len(s.AttCodes) || len(look.Defender.Codes) != len(s.DefCodes) {
		t.Errorf("codes %+v %+v, the chart %+v", s.AttCodes, s.DefCodes, look)
	}
	for _, c := range append(s.AttCodes, s.DefCodes...) {
		if !strings.Contains(rep.first().Text, c.Letter+" ("+c.Effect+")") {
			t.Errorf("the letter %s is not told: %s", c.Letter, rep.first().Text)
		}
	}
}
