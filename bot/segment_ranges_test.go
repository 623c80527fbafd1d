package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// /segment show lists a unit left to the player's word as not in range,
// as the Resupply step counts it (issue 22, item 7: "Not in range: none"
// while 5e charged "1 divisions out of resupply range"). The statuses are
// constructed (a Supply Status Phase's record); the enemy's are not shown.
func TestSegmentShowListsUnvouchedUnitsOut(t *testing.T) {
	r, st := armyBotGame(t, true)
	armySeed(t, st, &engine.StepBegun{By: umpireA, Turn: 1, Step: "5b"}, &lrtg.SupplyStatusSet{Turn: 1, Rule: "simplified", Units: []lrtg.UnitSupply{
		{Unit: "usa.king", Name: "King", Side: engine.USA, InRange: true, Sure: true, Code: lrtg.StatusRail, Region: "Culpeper", Depot: "Alexandria"},
		{Unit: "usa.wadsworth", Name: "Wadsworth", Side: engine.USA, Code: lrtg.StatusNear, Hexes: 5, Depot: "Alexandria"},
		{Unit: "csa.hood", Name: "Hood", Side: engine.CSA, Sure: true, Code: lrtg.StatusNone},
	}})
	out := r.Handle(context.Background(), segReq(meadeA, "show", nil)).first()
	if out.Error != nil {
		t.Fatal(out.Text)
	}
	for _, want := range []string{"In resupply range (13.2): King.", "Not in range: Wadsworth (no word yet).", "or the Resupply step counts them out of range: Wadsworth"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("lacks %q:\n%s", want, out.Text)
		}
	}
	if strings.Contains(out.Text, "Not in range: none") || strings.Contains(out.Text, "Hood") {
		t.Errorf("/segment show:\n%s", out.Text)
	}
	g, err := r.game(context.Background(), Request{ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	if got := lrtg.Of(g).SupplyRanges(engine.USA).CountedOut(); got != 1 {
		t.Errorf("the Resupply step counts %d out", got)
	}
}
