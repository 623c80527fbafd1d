package engine

import (
	"errors"
	"testing"
)

// Depots (LRTG 13.8): captured the moment an enemy unit enters their hex,
// a store of victuals for the captor (three times their VP), fully
// stocked again when their owner recaptures them; the Union keeps its
// Harpers Ferry depot until Meade takes command (12.1, 16.1).
func TestDepotCaptureStoresAndRecapture(t *testing.T) {
	g := startedGame(t, opts())
	win := Place{Name: "Winchester", Hex: Hex{Q: 4, R: 4}, Kinds: []string{"depot"}, Values: map[string]int{"depot_victuals": 18, "depot_victuals_simplified": 3, "depot_vp": 6}}
	other := Place{Name: "Rockville", Hex: Hex{Q: 6, R: 6}, Kinds: []string{"depot"}, Values: map[string]int{"depot_vp": 2}}
	hf := Place{Name: "Harpers Ferry", Hex: Hex{Q: 7, R: 7}, Kinds: []string{"depot"}, Values: map[string]int{"depot_victuals": 24, "depot_vp": 8}}
	data := &MoveData{Theatre: &Theatre{Places: []Place{win, other, hf}}}
	g.Places = map[string]PlaceState{"Winchester": {Depot: USA}, "Rockville": {Depot: USA}, "Harpers Ferry": {Depot: USA}}

	// A Union unit entering its own depot captures nothing.
	evs, err := g.Decide(MoveUnits{By: meade, Units: []string{"usa.wright"}, To: win.Hex, Ref: "W", Data: data}, Script())
	if err != nil || len(evs[0].(*UnitsMoved).Captures) != 0 {
		t.Fatalf("own depot: %v %+v", err, evs)
	}
	// Hood enters Winchester: captured.
	evs, err = g.Decide(MoveUnits{By: lee, Units: []string{"csa.hood"}, To: win.Hex, Ref: "W", Data: data}, Script())
	if err != nil {
		t.Fatal(err)
	}
	if c := evs[0].(*UnitsMoved).Captures; len(c) != 1 || c[0] != "Winchester" {
		t.Fatalf("captures = %v", c)
	}
	before := g
	g = g.Apply(evs[0])
	if g.Places["Winchester"].Captured != CSA || before.Places["Winchester"].Captured != "" {
		t.Fatalf("after the capture: %+v (before %+v)", g.Places["Winchester"], before.Places["Winchester"])
	}
	if left, holder, full, ok := g.Store(win); !ok || holder != CSA || left != 18 || full != 18 {
		t.Fatalf("store = %d %s %d %v", left, holder, full, ok)
	}
	// The captor draws on it; the Union may not.
	g = apply(t, g, AdjustSupply{By: lee, Side: CSA, Delta: -5, Reason: "forage", Store: &win}, Script())
	if left, _ := g.StoreVictuals(win); left != 13 {
		t.Fatalf("after drawing 5: %d", left)
	}
	var re *RuleError
	if _, err := g.Decide(AdjustSupply{By: meade, Side: USA, Delta: -1, Reason: "x", Store: &win}, Script()); !errors.As(err, &re) || re.Code != "supply.store" {
		t.Fatalf("the Union drew on a Confederate store: %v", err)
	}
	// An "other" depot holds 3 x its VP (13.8: 6 victuals).
	g2 := g
	g2.Places = map[string]PlaceState{"Rockville": {Depot: USA, Captured: CSA}}
	if left, _ := g2.StoreVictuals(other); left != 6 {
		t.Fatalf("other depot: %d", left)
	}
	// The Union recaptures Winchester: fully stocked, its own again.
	evs, err = g.Decide(MoveUnits{By: meade, Units: []string{"usa.wright"}, To: win.Hex, Ref: "W", Data: data}, Script())
	if err != nil || len(evs[0].(*UnitsMoved).Captures) != 1 {
		t.Fatalf("recapture: %v %+v", err, evs)
	}
	g = g.Apply(evs[0])
	if ps := g.Places["Winchester"]; ps.Captured != "" || ps.Depot != USA {
		t.Fatalf("after the recapture: %+v", ps)
	}
	if _, ok := g.StoreVictuals(win); ok {
		t.Fatal("the owner's depot is no captured store")
	}
	if g.Records.StoreUsed["Winchester"] != 0 {
		t.Fatalf("the recaptured depot is not restocked: %v", g.Records.StoreUsed)
	}
	// 12.1 / 16.1: the Union may not destroy its Harpers Ferry depot
	// before Meade; after, it may.
	_, err = g.Decide(ActOnPlace{By: meade, Place: hf, Action: ActDestroyDepot}, Script())
	if !errors.As(err, &re) || re.Code != "place.depot" {
		t.Fatalf("Harpers Ferry before Meade: %v", err)
	}
	g.Movement.Meade = true
	if _, err := g.Decide(ActOnPlace{By: meade, Place: hf, Action: ActDestroyDepot}, Script()); err != nil {
		t.Fatalf("Harpers Ferry after Meade: %v", err)
	}
}
