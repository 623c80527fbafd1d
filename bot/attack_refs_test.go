package bot

import (
	"context"
	"strings"
	"testing"
)

// An attack names its hex as the attacker typed it, as a march does: HW2421
// is printed on two sheets (the RS sheet calls it RS0533), and a player who
// typed HW2421 must not read of a battle at a hex he does not recognise.
func TestAttackNamesTheHexAsTyped(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), withAttackCharts(atkCharts))
	startLRTG(t, r, nil)
	th := r.theatres["lrtg"]
	h, _, printed, err := locateRef(th, "HW2421")
	if err != nil || printed == "HW2421" || len(th.Printed(h)) < 2 {
		t.Fatalf("HW2421 should be printed on two sheets, the first not HW: %q %v (%v)", printed, th.Printed(h), err)
	}
	for unit, at := range map[string]string{"Hood": "HW2420", "Wright": "HW2421"} {
		mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": unit, "to": at, "reason": "the test's battle"}})
	}
	acForceTo(t, r, "4a")
	mustOK(t, r, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"}))
	out := mustOK(t, r, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": "HW2421", "type": "march"}))
	acWants(t, "the declaration", out.Text, "attacks USA at HW2421 with Hood")
	if strings.Contains(out.Text, printed) {
		t.Errorf("the declaration names %s, not the hex as typed: %s", printed, out.Text)
	}
	// A refusal names it as typed too.
	refused := r.Handle(context.Background(), attackReq(leeA, "declare", map[string]string{"units": "McLaws", "at": "HW2421", "type": "march"})).first()
	if refused.Error == nil || !strings.Contains(refused.Text, "HW2421") || strings.Contains(refused.Text, printed) {
		t.Errorf("the refusal: %s", refused.Text)
	}
}
