package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// /litn depots (the issue 22 ruling on depots, 002 9.1): the umpire
// records a side's printed depots (INVENTED hexes) and the table is told;
// a player may not; a hex off the map is refused with the others.
func TestLITNDepotsRecorded(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	newLITNGame(t, r, "litn-1-frederick-to-antietam")
	rep := r.Handle(ctx, litnReq(umpireA, "depots", map[string]string{"side": "csa", "hexes": "1929, 1730"}))
	if pub, _ := lpmOutputs(rep); rep.first().Error != nil || !strings.Contains(pub, "Confederate supply depots printed on the map (002 9.1): 1929, 1730") {
		t.Fatalf("record: %+v", rep.Outputs)
	}
	if o := r.Handle(ctx, litnReq(leeA, "depots", map[string]string{"side": "usa", "hexes": "1129"})).first(); o.Error == nil || o.Error.Code != "litn.depots.umpire" {
		t.Errorf("a player records depots: %+v", o)
	}
	if o := r.Handle(ctx, litnReq(umpireA, "depots", map[string]string{"side": "usa", "hexes": "9999,1129,12"})).first(); o.Error == nil ||
		!strings.Contains(o.Text, `"9999" is not a hex`) || !strings.Contains(o.Text, `"12" is not a hex`) {
		t.Errorf("bad hexes: %+v", o)
	}
	g, err := r.game(ctx, gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	if d := litn.Of(g).LITN.Depots; len(d[engine.CSA]) != 2 || d[engine.USA] != nil {
		t.Errorf("depots %+v", d)
	}
}
