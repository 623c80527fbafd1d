package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The Combat Chart below is INVENTED for tests; it is not the publisher's
// chart: every battle on it costs the defender one manpower and a retreat.
type retreatFakeChart struct{}

func (retreatFakeChart) Combat(float64, float64, int) (lrtg.CombatResult, lrtg.CombatResult, string, string, string, error) {
	dr, _ := lrtg.ParseCombatResult("1r")
	return lrtg.CombatResult{}, dr, "any", "A any", "D any", nil
}

func retreatCharts(engine.GameState) *lrtg.AttackCharts {
	return &lrtg.AttackCharts{Chart: retreatFakeChart{}}
}

// retreatHex is a hex next to from, on the map, empty, and not next to
// the enemy unit: where a retreat may go.
func retreatHex(t *testing.T, r *Router, g engine.GameState, from engine.Hex, enemy string) string {
	t.Helper()
	th := r.theatres["lrtg"]
	for _, h := range from.Neighbours() {
		p := th.Printed(h)
		if len(p) == 0 || engine.Distance(h, g.Units[enemy].Hex) < 2 {
			continue
		}
		empty := true
		for _, u := range g.Units {
			empty = empty && !(u.OnMap && u.Hex == h)
		}
		if empty {
			return p[0]
		}
	}
	t.Fatal("no hex to retreat into")
	return ""
}

// A retreat owed holds the action through the router, in a limited
// intelligence game: the attacker's /action done is refused naming
// Wright, whom he fought; the table's wait names the USA and the battle,
// not the unit; Meade retreats him, and nothing of where shows to the
// Confederates; then the action ends.
func TestRetreatOwedThroughRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), withAttackCharts(retreatCharts))
	ref := atkSetUp(t, r, map[string]string{"intelligence": "limited"})
	mustOK(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march"}))
	var csaReads []Output
	def := r.Handle(ctx, attackReq(meadeA, "defend", map[string]string{"modifiers": "none"}))
	acWants(t, "Meade's settlement", def.first().Text, "defender **1r**", "They must retreat")
	for _, o := range def.Outputs {
		if o.Audience.Kind != AudienceEphemeral {
			csaReads = append(csaReads, o)
		}
	}
	done := acRefusal(t, r, actionReq(leeA, "done", nil), "action.held")
	acWants(t, "Lee's refusal", done.Text, "Wright must retreat after battle #1 (r); the USA moves it", "/move units:")
	acRefusal(t, r, actionReq(meadeA, "pass", nil), "action.active")
	acRefusal(t, r, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil), "phase.waiting")
	show := r.Handle(ctx, phaseReq(Request{GuildID: "g", ChannelID: "war", User: leeA}, "show", nil)).first()
	acWants(t, "/phase show", show.Text, "the USA's retreat of 1 unit after battle #1, before the CSA's action ends")
	if strings.Contains(show.Text, "Wright") || strings.Contains(show.Text, ref) {
		t.Errorf("the table's wait names the unit or the hex: %s", show.Text)
	}
	// Meade retreats Wright; the Confederates read nothing of where.
	g, _ := r.gameHere(ctx, attackReq(umpireA, "show", nil))
	to := retreatHex(t, r, g, g.Units["usa.wright"].Hex, "csa.hood")
	mv := r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: meadeA, Command: "move", Options: map[string]string{"units": "Wright", "path": to}})
	if o := mv.first(); o.Error != nil {
		t.Fatalf("the retreat: %s", o.Text)
	}
	// The retreat reads as one, not as a march with its movement points
	// and fatigue (it spends neither).
	acWants(t, "the retreat's reply", mv.first().Text, "↩️ Retreat after battle #1 (no movement allowance or fatigue spent")
	if txt := mv.first().Text; strings.Contains(txt, "🥾 March") || strings.Contains(txt, "Movement points") {
		t.Errorf("the retreat reads as a march: %s", txt)
	}
	for _, o := range mv.Outputs {
		if o.Audience.Kind != AudienceEphemeral && o.Audience.UserID != umpireA.ID {
			csaReads = append(csaReads, o)
		}
	}
	end := r.Handle(ctx, actionReq(leeA, "done", nil))
	if o := end.first(); o.Error != nil {
		t.Fatalf("the action's end after the retreat: %s", o.Text)
	}
	csaReads = append(csaReads, end.Outputs...)
	csaReads = append(csaReads, r.Handle(ctx, attackReq(leeA, "show", nil)).Outputs...)
	for _, o := range csaReads {
		if o.Audience.Kind == AudienceChannel && o.Audience.UserID == umpireA.ID {
			continue
		}
		if strings.Contains(o.Text, to) {
			t.Errorf("a Confederate reads where Wright retreated (%s): %s", to, o.Text)
		}
	}
}

// The umpire ends an action anyway, with his reason: the table of an
// open game reads it with the unit left unretreated.
func TestUmpireEndsHeldActionThroughRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), withAttackCharts(retreatCharts))
	ref := atkSetUp(t, r, nil)
	mustOK(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march"}))
	mustOK(t, r, attackReq(meadeA, "defend", map[string]string{"modifiers": "none"}))
	out := acRefusal(t, r, actionReq(umpireA, "done", nil), "action.held")
	acWants(t, "the umpire's refusal", out.Text, "Wright must retreat after battle #1 at "+ref, "/action done reason:<why>")
	acRefusal(t, r, actionReq(leeA, "done", map[string]string{"reason": "mine"}), "action.reason")
	end := r.Handle(ctx, actionReq(umpireA, "done", map[string]string{"reason": "no hex to retreat into"}))
	acWants(t, "the forced end", end.first().Text, "The CSA's action ends: the umpire ended it with the retreat of Wright unmade (reason: no hex to retreat into).")
}

// A missed deadline hands a retreat owed to the umpire, never past it: in
// a limited intelligence game the table reads the default and that the
// USA's retreat is the umpire's, without the unit; the step then waits
// for the umpire, with no deadline.
func TestRetreatDeadlineThroughScheduler(t *testing.T) {
	ctx := context.Background()
	c := newTestClock()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithClock(c.now), withAttackCharts(retreatCharts))
	ref := atkSetUp(t, r, map[string]string{"intelligence": "limited"})
	mustOK(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march"}))
	mustOK(t, r, attackReq(meadeA, "defend", map[string]string{"modifiers": "none"}))
	mustOK(t, r, deadlineReq(umpireA, "set", map[string]string{"step": "4a", "after": "12h"}))
	p := &posted{}
	s := &Scheduler{Router: r, Poster: p, Now: c.now}
	if outs := tick(t, s, p); len(outs) != 1 || !strings.Contains(outs[0].Text, "<@u2>") || strings.Contains(outs[0].Text, "<@u1>") {
		t.Fatalf("4a waits for the Union's retreat:\n%s", texts(outs))
	}
	c.advance(12 * time.Hour)
	outs := tick(t, s, p)
	all := texts(outs)
	for _, want := range []string{"missed the deadline", "Deadline default for <@u2> in step 4a Normal Action Phase: the retreat owed handed to the umpire",
		"The USA's retreat of 1 unit is the umpire's now (its deadline passed)"} {
		if !strings.Contains(all, want) {
			t.Fatalf("missing %q in:\n%s", want, all)
		}
	}
	for _, o := range outs {
		if strings.Contains(o.Text, "Wright") || strings.Contains(o.Text, ref) {
			t.Errorf("%s reads the unit or the hex: %s", o.Audience.Kind, o.Text)
		}
		for _, v := range o.Events {
			if strings.Contains(string(v.Data), "usa.wright") {
				t.Errorf("%s's events name the unit: %s", o.Audience.Kind, v.Data)
			}
		}
	}
	g, _ := r.gameHere(ctx, Request{ChannelID: "war"})
	if w := strings.Join(g.Waiting(), "; "); !strings.HasPrefix(w, "the umpire to make the USA's retreat of 1 unit after battle #1") {
		t.Errorf("waits %s", w)
	}
	if len(g.Owing()) != 0 || len(lrtg.Of(g).RetreatsOwed()) != 1 {
		t.Errorf("owing %+v, owed %+v", g.Owing(), lrtg.Of(g).RetreatsOwed())
	}
}
