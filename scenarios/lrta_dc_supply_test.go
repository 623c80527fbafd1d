package scenarios

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The map as the LRTA resupply range reads it in Washington
// (engine/lrtg/lrta_supply_range.go, 004 Simplified Supply Rules): the
// District of Columbia is the region "dc", no county of the map holds it,
// and the Baltimore Depot (Wadsworth's set-up hex) and the US Capitol
// (French's, 004 McClellan assumes command) lie in it; the Baltimore Depot
// is a railroad station.
func TestWashingtonIsTheDCRegion(t *testing.T) {
	all, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := all["lrtg"]
	dc := th.Region("dc")
	if dc == nil {
		t.Fatal("no region dc")
	}
	for _, ref := range []string{"HE1139", "HE1140"} {
		h, _, err := th.ParseHex(ref, "")
		if err != nil {
			t.Fatal(err)
		}
		if !dc.Contains(engine.Center(h)) {
			t.Errorf("%s is not in the District", ref)
		}
		for i := range th.Regions {
			if r := &th.Regions[i]; r.Kind == "county" && r.Contains(engine.Center(h)) {
				t.Errorf("%s lies in the county %s", ref, r.ID)
			}
		}
	}
	if p := th.Place("Baltimore Depot"); p == nil || !p.Is("rr-station") {
		t.Errorf("Baltimore Depot: %+v", p)
	}
}
