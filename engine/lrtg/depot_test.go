package lrtg

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Depots (LRTG 13.8): captured the moment an enemy unit enters their hex,
// a store of victuals for the captor (three times their VP), fully
// stocked again when their owner recaptures them; the Union keeps its
// Harpers Ferry depot until Meade takes command (12.1, 16.1).
func TestDepotCaptureStoresAndRecapture(t *testing.T) {
	g := startedGame(t, opts())
	win := engine.Place{Name: "Winchester", Hex: engine.Hex{Q: 4, R: 4}, Kinds: []string{"depot"}, Values: map[string]int{"depot_victuals": 18, "depot_victuals_simplified": 3, "depot_vp": 6}}
	other := engine.Place{Name: "Rockville", Hex: engine.Hex{Q: 6, R: 6}, Kinds: []string{"depot"}, Values: map[string]int{"depot_vp": 2}}
	hf := engine.Place{Name: "Harpers Ferry", Hex: engine.Hex{Q: 7, R: 7}, Kinds: []string{"depot"}, Values: map[string]int{"depot_victuals": 24, "depot_vp": 8}}
	data := &engine.MoveData{Theatre: &engine.Theatre{Places: []engine.Place{win, other, hf}}}
	g.Places = map[string]PlaceState{"Winchester": {Depot: engine.USA}, "Rockville": {Depot: engine.USA}, "Harpers Ferry": {Depot: engine.USA}}

	// A Union unit entering its own depot captures nothing.
	evs, err := g.Decide(engine.MoveUnits{By: meade, Units: []string{"usa.wright"}, To: win.Hex, Ref: "W", Data: data}, engine.Script())
	if err != nil || len(evs[0].(*engine.UnitsMoved).Captures) != 0 {
		t.Fatalf("own depot: %v %+v", err, evs)
	}
	// Hood enters Winchester: captured.
	evs, err = g.Decide(engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: win.Hex, Ref: "W", Data: data}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if c := evs[0].(*engine.UnitsMoved).Captures; len(c) != 1 || c[0] != "Winchester" {
		t.Fatalf("captures = %v", c)
	}
	before := g
	g = g.Apply(evs[0])
	if g.Places["Winchester"].Captured != engine.CSA || before.Places["Winchester"].Captured != "" {
		t.Fatalf("after the capture: %+v (before %+v)", g.Places["Winchester"], before.Places["Winchester"])
	}
	if left, holder, full, ok := g.Store(win); !ok || holder != engine.CSA || left != 18 || full != 18 {
		t.Fatalf("store = %d %s %d %v", left, holder, full, ok)
	}
	// The captor draws on it; the Union may not.
	g = apply(t, g, AdjustSupply{By: lee, Side: engine.CSA, Delta: -5, Reason: "forage", Store: &win}, engine.Script())
	if left, _ := g.StoreVictuals(win); left != 13 {
		t.Fatalf("after drawing 5: %d", left)
	}
	var re *engine.RuleError
	if _, err := g.Decide(AdjustSupply{By: meade, Side: engine.USA, Delta: -1, Reason: "x", Store: &win}, engine.Script()); !errors.As(err, &re) || re.Code != "supply.store" {
		t.Fatalf("the Union drew on a Confederate store: %v", err)
	}
	// An "other" depot holds 3 x its VP (13.8: 6 victuals).
	g2 := g
	g2.Places = map[string]PlaceState{"Rockville": {Depot: engine.USA, Captured: engine.CSA}}
	if left, _ := g2.StoreVictuals(other); left != 6 {
		t.Fatalf("other depot: %d", left)
	}
	// The Union recaptures Winchester: fully stocked, its own again.
	evs, err = g.Decide(engine.MoveUnits{By: meade, Units: []string{"usa.wright"}, To: win.Hex, Ref: "W", Data: data}, engine.Script())
	if err != nil || len(evs[0].(*engine.UnitsMoved).Captures) != 1 {
		t.Fatalf("recapture: %v %+v", err, evs)
	}
	g = g.Apply(evs[0])
	if ps := g.Places["Winchester"]; ps.Captured != "" || ps.Depot != engine.USA {
		t.Fatalf("after the recapture: %+v", ps)
	}
	if _, ok := g.StoreVictuals(win); ok {
		t.Fatal("the owner's depot is no captured store")
	}
	if g.Records.StoreUsed["Winchester"] != 0 {
		t.Fatalf("the recaptured depot is not restocked: %v", g.Records.StoreUsed)
	}
	// 12.1 / 16.1: the Union may not destroy its Harpers Ferry depot
	// before Meade (no die is rolled); after, it may.
	g = apply(t, g, engine.MoveUnits{By: meade, Units: []string{"usa.wright"}, To: hf.Hex, Ref: "HF", Data: data}, engine.Script())
	burn := ActOnPlace{By: meade, Place: hf, Action: ActDestroyDepot, Unit: "usa.wright"}
	_, err = g.Decide(burn, engine.Script())
	if !errors.As(err, &re) || re.Code != "place.depot" {
		t.Fatalf("Harpers Ferry before Meade: %v", err)
	}
	g.Movement.Meade = true
	if _, err := g.Decide(burn, engine.Script(3)); err != nil {
		t.Fatalf("Harpers Ferry after Meade: %v", err)
	}
}

// LRTG 13.8 Depot Destruction: a unit of combat value 2 or more in the
// hex of its side's own or captured depot rolls a die; the depot is
// destroyed on a roll equal to or less than the combat value (the unit's
// manpower: the order of battle has no other), and any other result has
// no effect. The umpire may destroy a depot outright, with a reason.
func TestDepotDestructionRoll(t *testing.T) {
	g := startedGame(t, opts()) // Hood (CSA, 15 MP) at (1,1); Hampton (CSA cavalry, 4 MP) at (2,1); Wright (USA, 9 MP) at (9,9)
	win := engine.Place{Name: "Winchester", Hex: engine.Hex{Q: 4, R: 4}, Kinds: []string{"depot", "csa-depot"}, Values: map[string]int{"depot_vp": 6}}
	rock := engine.Place{Name: "Rockville", Hex: engine.Hex{Q: 6, R: 6}, Kinds: []string{"depot"}, Values: map[string]int{"depot_vp": 2}}
	hf := engine.Place{Name: "Harpers Ferry", Hex: engine.Hex{Q: 7, R: 7}, Kinds: []string{"depot"}, Values: map[string]int{"depot_vp": 8}}
	data := &engine.MoveData{Theatre: &engine.Theatre{Places: []engine.Place{win, rock, hf}}}
	g.Places = map[string]PlaceState{"Winchester": {Depot: engine.USA}, "Rockville": {Depot: engine.USA}, "Harpers Ferry": {Depot: engine.USA}}
	code := func(err error) string {
		var re *engine.RuleError
		if errors.As(err, &re) {
			return re.Code
		}
		return fmt.Sprint(err)
	}
	burn := func(by engine.Actor, p engine.Place, unit string) ActOnPlace {
		return ActOnPlace{By: by, Place: p, Action: ActDestroyDepot, Unit: unit}
	}

	// Hood is not in Winchester's hex yet; a player must name a unit.
	if _, err := g.Decide(burn(lee, win, "csa.hood"), engine.Script()); code(err) != "place.unit" {
		t.Errorf("Hood away from the depot: %v", err)
	}
	if _, err := g.Decide(burn(lee, win, ""), engine.Script()); !errors.Is(err, engine.ErrInvalid) || code(err) != "place.unit" {
		t.Errorf("no unit named: %v", err)
	}
	// An enemy depot he has not captured is not his to burn. (Entering
	// the hex captures it: the state below is a move without map data.)
	g2 := apply(t, g, engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: rock.Hex}, engine.Script())
	if g2.Places["Rockville"].Captured != "" {
		t.Fatalf("captured without map data: %+v", g2.Places["Rockville"])
	}
	if _, err := g2.Decide(burn(lee, rock, "csa.hood"), engine.Script()); code(err) != "place.depot" {
		t.Errorf("an uncaptured enemy depot: %v", err)
	}
	// Nor may Meade name a Confederate unit, or the Union a depot the
	// Confederates hold.
	if _, err := g2.Decide(burn(meade, rock, "csa.hood"), engine.Script()); code(err) != "unit.command" {
		t.Errorf("Meade named Hood: %v", err)
	}

	// Hood enters Winchester and captures it; the umpire brings him down
	// to 5 manpower.
	g = apply(t, g, engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: win.Hex, Ref: "W", Data: data}, engine.Script())
	if g.Places["Winchester"].Captured != engine.CSA {
		t.Fatalf("not captured: %+v", g.Places["Winchester"])
	}
	g = apply(t, g, engine.SetUnit{By: ump, Unit: "csa.hood", Field: "manpower", Value: 5, Reason: "test"}, engine.Script())
	rolls := g.Rolls

	// A 6 is more than 5: no effect, but the attempt and its roll are
	// recorded.
	evs, err := g.Decide(burn(lee, win, "csa.hood"), engine.Script(6))
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 {
		t.Fatalf("events = %+v", evs)
	}
	roll, ok := evs[0].(*engine.DiceRolled)
	if !ok || roll.Number != rolls+1 || roll.Total != 6 || !strings.Contains(roll.Purpose, "Hood burns the depot at Winchester (LRTG 13.8)") {
		t.Fatalf("roll = %+v", evs[0])
	}
	f, ok := evs[1].(*PlaceFailed)
	if !ok || f.Unit != "csa.hood" || f.Die != 6 || f.Needs != 5 || f.Roll != roll.Number || f.Place != "Winchester" {
		t.Fatalf("failure = %+v", evs[1])
	}
	failed := g
	for _, e := range evs {
		failed = failed.Apply(e)
	}
	if ps := failed.Places["Winchester"]; ps.DepotDestroyed || ps.Captured != engine.CSA || failed.Rolls != rolls+1 || len(failed.VP) != len(g.VP) {
		t.Fatalf("after the failure: %+v, rolls %d, VP %v", ps, failed.Rolls, failed.VP)
	}
	// The event survives its encoding.
	typ, raw, err := engine.EncodeEvent(f)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := testDecode(typ, raw); err != nil || *back.(*PlaceFailed) != *f {
		t.Fatalf("decoded %+v, %v", back, err)
	}

	// A 5 is equal to the combat value: destroyed, with its VP.
	g = failed
	evs, err = g.Decide(burn(lee, win, "csa.hood"), engine.Script(5))
	if err != nil {
		t.Fatal(err)
	}
	a, ok := evs[1].(*PlaceActed)
	if !ok || a.Unit != "csa.hood" || a.Die != 5 || a.Needs != 5 || a.Roll != rolls+2 || a.VP != 6 || a.Category != "depots" {
		t.Fatalf("success = %+v", evs)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	if ps := g.Places["Winchester"]; !ps.DepotDestroyed || ps.Depot != "" {
		t.Fatalf("after the success: %+v", ps)
	}
	if by, _ := g.VPTotals(); by["depots"] != 6 {
		t.Fatalf("VP = %v", by)
	}
	if _, err := g.Decide(burn(lee, win, "csa.hood"), engine.Script()); code(err) != "place.depot" {
		t.Errorf("burned twice: %v", err)
	}

	// Combat value 1 may not try (and nothing is rolled); 2 may.
	g3 := g
	g3.Places = map[string]PlaceState{"Rockville": {Depot: engine.USA, Captured: engine.CSA}}
	g3 = apply(t, g3, engine.MoveUnits{By: jebA, Units: []string{"csa.hampton"}, To: rock.Hex}, engine.Script())
	g3 = apply(t, g3, engine.SetUnit{By: ump, Unit: "csa.hampton", Field: "manpower", Value: 1, Reason: "test"}, engine.Script())
	if _, err := g3.Decide(burn(jebA, rock, "csa.hampton"), engine.Script()); code(err) != "place.combat" {
		t.Errorf("manpower 1: %v", err)
	}
	g3 = apply(t, g3, engine.SetUnit{By: ump, Unit: "csa.hampton", Field: "manpower", Value: 2, Reason: "test"}, engine.Script())
	if evs, err := g3.Decide(burn(jebA, rock, "csa.hampton"), engine.Script(2)); err != nil || evs[1].(*PlaceActed).VP != 2 {
		t.Errorf("manpower 2 rolling 2: %v %+v", err, evs)
	}
	// Lee does not command Hampton (Jeb's cavalry).
	if _, err := g3.Decide(burn(lee, rock, "csa.hampton"), engine.Script()); code(err) != "unit.command" {
		t.Errorf("Lee named Jeb's unit: %v", err)
	}

	// Harpers Ferry: the Union's own depot, refused before Meade even with
	// a unit there, and no die rolled.
	g4 := apply(t, g, engine.MoveUnits{By: meade, Units: []string{"usa.wright"}, To: hf.Hex, Ref: "HF", Data: data}, engine.Script())
	if _, err := g4.Decide(burn(meade, hf, "usa.wright"), engine.Script()); code(err) != "place.depot" {
		t.Errorf("Harpers Ferry before Meade: %v", err)
	}

	// The umpire: outright, with a reason and no roll; without a reason,
	// refused.
	if _, err := g4.Decide(ActOnPlace{By: ump, Place: hf, Action: ActDestroyDepot}, engine.Script()); code(err) != "place.reason" {
		t.Errorf("the umpire without a reason: %v", err)
	}
	evs, err = g4.Decide(ActOnPlace{By: ump, Place: hf, Action: ActDestroyDepot, Reason: "the garrison burned it"}, engine.Script())
	if err != nil || len(evs) != 1 {
		t.Fatalf("the umpire's outright destruction: %v %+v", err, evs)
	}
	if a := evs[0].(*PlaceActed); a.Unit != "" || a.Roll != 0 || a.VP != 8 || a.Reason != "the garrison burned it" {
		t.Fatalf("outright = %+v", a)
	}
}

// The depot roll is a game roll: numbered with the game's and replayed by
// the audit from the seed.
func TestDepotRollIsAudited(t *testing.T) {
	g := startedGame(t, opts())
	win := engine.Place{Name: "Winchester", Hex: engine.Hex{Q: 1, R: 1}, Kinds: []string{"depot"}, Values: map[string]int{"depot_vp": 6}}
	g.Places = map[string]PlaceState{"Winchester": {Depot: engine.USA, Captured: engine.CSA}}
	d := engine.NewSeededDice(7, 9)
	evs, err := g.Decide(ActOnPlace{By: lee, Place: win, Action: ActDestroyDepot, Unit: "csa.hood"}, d)
	if err != nil {
		t.Fatal(err)
	}
	roll := evs[0].(*engine.DiceRolled)
	if n, err := engine.AuditRolls(7, 9, evs); err != nil || n != 1 {
		t.Fatalf("audit: %d dice, %v", n, err)
	}
	// Hood's 15 manpower: every die destroys.
	if a, ok := evs[1].(*PlaceActed); !ok || a.Die != roll.Total || a.Needs != 15 {
		t.Fatalf("events = %+v", evs)
	}
}
