package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// letterFakeChart is INVENTED for tests (not the publisher's chart): one
// cell for every roll, with made-up extra letters of every effect
// (engine/lrtg/attack_codes.go).
type letterFakeChart struct{}

func (c letterFakeChart) Combat(att, def float64, diff int) (lrtg.CombatResult, lrtg.CombatResult, string, string, string, error) {
	r, err := c.CombatLookup(att, def, diff)
	return r.Attacker.Result, r.Defender.Result, r.Row, r.AttackerColumn, r.DefenderColumn, err
}

func (letterFakeChart) CombatLookup(_, _ float64, diff int) (lrtg.CombatReading, error) {
	d, _ := lrtg.ParseCombatResult("1")
	return lrtg.CombatReading{Diff: diff, Row: "any", AttackerColumn: "A any", DefenderColumn: "D any",
		Attacker: lrtg.ChartResult{Codes: []lrtg.ResultCode{{Letter: "Q", Effect: lrtg.CodeAdvance}}},
		Defender: lrtg.ChartResult{Result: d, Codes: []lrtg.ResultCode{{Letter: "E", Effect: lrtg.CodeExhaust}, {Letter: "M", Effect: lrtg.CodeDemoralize}, {Letter: "X", Effect: lrtg.CodeUmpire}}},
	}, nil
}

func letterCharts(engine.GameState) *lrtg.AttackCharts {
	return &lrtg.AttackCharts{Chart: letterFakeChart{}}
}

// The chart's letters applied and told: the settlement says what each
// did; the umpire's letter waits for him and is on his log until he
// rules; nobody else rules.
func TestChartLettersThroughRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), withAttackCharts(letterCharts))
	ref := atkSetUp(t, r, nil)
	mustOK(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march"}))
	out := mustOK(t, r, attackReq(meadeA, "defend", map[string]string{"modifiers": "none"}))
	acWants(t, "the settlement", out.Text, "The chart also prints for the attacker: Q (advance).",
		"The chart also prints for the defender: E (exhaust), M (demoralize), X (umpire).",
		"Wright: 9 → 8 MP, exhausted", "Wright is demoralized by the chart's M: demoralization 0 → 1.",
		"The attacker may advance (the chart's Q): Hood may move once more in this action (/move).",
		"The chart's X for the defender is the umpire's to apply: he records what he decides with /attack rule battle:1",
		"Waiting for: ", "the umpire to apply battle #1's X for the defender (USA)")
	g, _ := r.gameHere(ctx, attackReq(umpireA, "show", nil))
	if w := g.Units["usa.wright"].WithStatus(); !w.Status.Exhausted || w.Status.Demoralization != 1 {
		t.Errorf("Wright %+v", w)
	}
	// Hood's advance reads as one: no allowance, no fatigue.
	var next string
	for _, h := range g.Units["csa.hood"].Hex.Neighbours() {
		if p := r.theatres["lrtg"].Printed(h); len(p) > 0 && p[0] != ref && !occupied(g, h) {
			next = p[0]
			break
		}
	}
	adv := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "Hood", "path": next}})
	acWants(t, "the advance", adv.Text, "➡️ Advance after combat (no movement allowance or fatigue spent): "+next+", 1 hex.")
	if after, _ := r.gameHere(ctx, attackReq(umpireA, "show", nil)); after.Units["csa.hood"].Fatigue != g.Units["csa.hood"].Fatigue {
		t.Errorf("the advance added fatigue: %d → %d", g.Units["csa.hood"].Fatigue, after.Units["csa.hood"].Fatigue)
	}
	log := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "unit", Path: []string{"log"}})
	acWants(t, "the umpire's log", log.Text, "settled battle #1 at "+ref+": the chart's X for the defender (USA) is yours to apply")
	acRefusal(t, r, attackReq(leeA, "rule", map[string]string{"note": "mine"}), "attack.umpire")
	ruled := mustOK(t, r, attackReq(umpireA, "rule", map[string]string{"note": "Wright's guns are lost"}))
	acWants(t, "the ruling", ruled.Text, "Battle #1: the umpire ruled on the chart's X: Wright's guns are lost.")
	if strings.Contains(ruled.Text, "battle #1's X") {
		t.Errorf("the wait outlives the ruling: %s", ruled.Text)
	}
	log = mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "unit", Path: []string{"log"}})
	acWants(t, "the umpire's log", log.Text, "ruled on battle #1's X (reason: Wright's guns are lost)")
	acRefusal(t, r, attackReq(umpireA, "rule", map[string]string{"note": "again"}), "attack.owed")
}

// Limited intelligence: the table reads the letters with the results by
// role, and the umpire's ruling without his note; no unit.
func TestChartLettersHidden(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), withAttackCharts(letterCharts))
	ref := atkSetUp(t, r, map[string]string{"intelligence": "limited"})
	mustOK(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": ref, "type": "march"}))
	var outs []Output
	outs = append(outs, r.Handle(ctx, attackReq(meadeA, "defend", map[string]string{"modifiers": "none"})).Outputs...)
	outs = append(outs, r.Handle(ctx, attackReq(umpireA, "rule", map[string]string{"note": "Wright's guns are lost"})).Outputs...)
	var pub []string
	for _, o := range outs {
		if o.Audience.Kind == AudiencePublic {
			pub = append(pub, o.Text)
		}
	}
	table := strings.Join(pub, "\n")
	acWants(t, "the table", table, "(battle #1; the chart's letters: attacker Q, defender E, defender M, defender X)",
		"Battle #1: the umpire has ruled on the chart's X (his note is recorded).")
	for _, secret := range []string{"Wright", "Hood", ref, "guns"} {
		if strings.Contains(table, secret) {
			t.Errorf("the table reads %q:\n%s", secret, table)
		}
	}
}

// occupied reports whether any unit on the map stands in h.
func occupied(g engine.GameState, h engine.Hex) bool {
	for _, u := range g.Units {
		if u.OnMap && !u.Eliminated && u.Hex == h {
			return true
		}
	}
	return false
}
