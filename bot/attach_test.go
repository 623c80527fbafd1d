package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func unitReq(user engine.Actor, sub string, opts map[string]string) Request {
	return Request{GuildID: "g", ChannelID: "war", User: user, Command: "unit", Path: []string{sub}, Options: opts}
}

func TestDetachAndAttachThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"optional": "18"})
	out := mustOK(t, r, unitReq(leeA, "detach", map[string]string{"unit": "Hood", "manpower": "3"}))
	if out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, "Hood detaches Inf Sub 1 (3 MP) at SS2030; Hood now has 13 MP") {
		t.Fatalf("detach: %+v", out)
	}
	g, _ := r.game(ctx, Request{ChannelID: "war"})
	if g.Units["csa.hood"].Manpower+g.Units["csa.hood.d1"].Manpower != 16 {
		t.Fatal("manpower not conserved")
	}
	oob := mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "oob"}).Text
	if !strings.Contains(oob, "Inf Sub 1 (1 infantry) 3 MP — SS2030") {
		t.Fatalf("/oob does not list the substitute: %s", oob)
	}
	// Refusals say why (7.1 sizes), and a name never reaches the enemy's.
	if o := r.Handle(ctx, unitReq(leeA, "detach", map[string]string{"unit": "Hood", "manpower": "9"})).first(); o.Error == nil || o.Error.Code != "detach.size" {
		t.Fatalf("9 MP: %+v", o)
	}
	if o := r.Handle(ctx, unitReq(meadeA, "detach", map[string]string{"unit": "Hood", "manpower": "2"})).first(); o.Error == nil || o.Error.Code != "unit.unknown" {
		t.Fatalf("Meade detached from Hood: %+v", o)
	}
	// The counter chooser offers the free counters of the unit's arm.
	var got []string
	for _, m := range r.Autocomplete(unitReq(leeA, "detach", map[string]string{"unit": "McLaws"}), "as", "") {
		got = append(got, m.Value)
	}
	if strings.Join(got, ",") != "Inf Sub 2,Inf Sub 3,Inf Sub 4,Inf Sub 5,Kershaw,Semmes,Wofford,Barksdale" {
		t.Fatalf("counters offered for McLaws: %v", got)
	}
	out = mustOK(t, r, unitReq(leeA, "attach", map[string]string{"unit": "Inf Sub 1", "to": "Hood"}))
	if !strings.Contains(out.Text, "Inf Sub 1 attaches to Hood at SS2030: Hood now has 16 MP") {
		t.Fatalf("attach: %s", out.Text)
	}
	if o := r.Handle(ctx, unitReq(leeA, "attach", map[string]string{"unit": "Pickett", "to": "Hood"})).first(); o.Error == nil || o.Error.Code != "attach.target" {
		t.Fatalf("an off-map division attached: %+v", o)
	}

	// Optional rule 18: McLaws's brigades, the division leader, and the
	// division re-formed.
	mustOK(t, r, unitReq(leeA, "detach", map[string]string{"unit": "McLaws", "manpower": "4", "as": "Kershaw", "artillery": "2"}))
	out = mustOK(t, r, unitReq(leeA, "detach", map[string]string{"unit": "McLaws", "manpower": "4", "as": "Semmes"}))
	if !strings.Contains(out.Text, "McLaws falls to 7 MP: the division is replaced by the brigade Wofford and its leader McLaws (LRTG 18.3)") {
		t.Fatalf("18.3: %s", out.Text)
	}
	out = mustOK(t, r, unitReq(leeA, "attach", map[string]string{"unit": "Kershaw, Semmes", "to": "Wofford"}))
	if !strings.Contains(out.Text, "Kershaw, Semmes and Wofford re-form the division McLaws (15 MP) at SS4229") {
		t.Fatalf("re-forming: %s", out.Text)
	}
	// The umpire takes it back.
	mustOK(t, r, gameReq(umpireA, "undo", map[string]string{"reason": "not the attachment phase"}))
	g, _ = r.game(ctx, Request{ChannelID: "war"})
	if _, ok := g.Units["csa.mclaws"]; ok || g.Units["csa.mclaws.wofford"].Manpower != 7 {
		t.Fatal("the undo did not take the re-forming back")
	}
}

// The target of an attachment may be another commander's unit, found by
// name among the side's units, never among the enemy's.
func TestAttachTargetsAFriendlyUnitOnly(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	mustOK(t, r, unitReq(meadeA, "detach", map[string]string{"unit": "Wright", "manpower": "2"}))
	for _, to := range []string{"Hood", "csa.hood"} {
		o := r.Handle(ctx, unitReq(meadeA, "attach", map[string]string{"unit": "Inf Sub 1", "to": to})).first()
		if o.Error == nil || o.Error.Code != "unit.unknown" || !strings.Contains(o.Text, "Your side has no unit") {
			t.Fatalf("attach to %s: %+v", to, o)
		}
	}
	for _, m := range r.Autocomplete(unitReq(meadeA, "attach", nil), "to", "") {
		if strings.HasPrefix(m.Value, "csa.") {
			t.Fatalf("Meade is offered %s", m.Value)
		}
	}
}

// With limited intelligence, a detachment and an attachment are told to
// the actor alone: nothing public names the unit or its hex, and the enemy
// sees none of it on his map, his autocomplete or his refusals.
func TestDetachmentStaysSecretUnderLimitedIntelligence(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	secret := []string{"Hood", "Inf Sub", "SS2030", "csa.hood"}
	check := func(rep Reply) {
		t.Helper()
		told := false
		for _, o := range rep.Outputs {
			told = told || (o.Audience.Kind == AudienceEphemeral && strings.Contains(o.Text, "Hood"))
		}
		if !told {
			t.Fatalf("the actor is not told: %+v", rep.Outputs)
		}
		for _, o := range rep.Outputs {
			if o.Error != nil {
				t.Fatalf("refused: %s", o.Text)
			}
			if o.Audience.Kind != AudienceEphemeral {
				for _, s := range secret {
					if strings.Contains(o.Text, s) || strings.Contains(eventsText(o.Events), s) {
						t.Fatalf("a %s output names %q: %s", o.Audience.Kind, s, o.Text)
					}
				}
			}
		}
	}
	check(r.Handle(ctx, unitReq(leeA, "detach", map[string]string{"unit": "Hood", "manpower": "3"})))
	g, _ := r.game(ctx, Request{ChannelID: "war"})
	for _, c := range g.MapCounters(meadeA) {
		if c.Side == "csa" && (c.Name != "" || c.Unit != "" || !c.Unidentified) { // a force marker only (engine/view.go)
			t.Fatalf("Meade's map shows %+v", c)
		}
	}
	for _, c := range g.MapCounters(guestA) {
		if c.Name != "" || c.Unit != "" || !c.Unidentified {
			t.Fatalf("an observer sees more than force markers: %+v", c)
		}
	}
	for _, m := range r.Autocomplete(unitReq(meadeA, "attach", nil), "to", "") {
		if strings.HasPrefix(m.Value, "csa.") {
			t.Fatalf("Meade is offered %s", m.Value)
		}
	}
	// Meade's refusal for the new unit's id is the one for an id that
	// does not exist.
	mustOK(t, r, unitReq(meadeA, "detach", map[string]string{"unit": "Wright", "manpower": "2"}))
	real := r.Handle(ctx, unitReq(meadeA, "attach", map[string]string{"unit": "Inf Sub 1", "to": "csa.hood.d1"})).first()
	none := r.Handle(ctx, unitReq(meadeA, "attach", map[string]string{"unit": "Inf Sub 1", "to": "csa.hood.d9"})).first()
	if real.Error == nil || none.Error == nil || strings.ReplaceAll(real.Text, "d1", "d9") != none.Text {
		t.Fatalf("the refusals differ:\n%s\n%s", real.Text, none.Text)
	}
	check(r.Handle(ctx, unitReq(leeA, "attach", map[string]string{"unit": "Inf Sub 1", "to": "Hood"})))
}

func eventsText(evs []EventView) string {
	b, _ := json.Marshal(evs)
	return string(b)
}
