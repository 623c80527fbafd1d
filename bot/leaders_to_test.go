package bot

import (
	"context"
	"strings"
	"testing"
)

// TestLeaderTransferToALeader: to: naming a leader of one's own side says
// a leader joins a unit and names the units with him (issue 22: "You have
// no unit "Slocum""); an enemy leader's name gets the plain refusal and
// nothing about who is with him.
func TestLeaderTransferToALeader(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	o := r.Handle(ctx, leaderReq(ldMea, "transfer", map[string]string{"leader": "Hooker", "to": "Slocum"})).first()
	if o.Error == nil || o.Error.Code != "leader.to" || !strings.Contains(o.Text, "Slocum is a leader: a leader transfers to a unit") || !strings.Contains(o.Text, "Slocum is with ") {
		t.Fatalf("Hooker to Slocum: %+v", o)
	}
	if strings.Contains(o.Text, "You have no unit") {
		t.Errorf("Hooker to Slocum still says Slocum is unknown: %s", o.Text)
	}
	o = r.Handle(ctx, leaderReq(ldLee, "transfer", map[string]string{"leader": "Longstreet", "to": "Slocum"})).first()
	if o.Error == nil || o.Error.Code != "unit.unknown" || strings.Contains(o.Text, "Slocum is") {
		t.Fatalf("Longstreet to the enemy's Slocum: %+v", o)
	}
}
