package lrtg

import (
	"errors"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func TestLevy(t *testing.T) {
	g := startedGame(t, opts()) // Hood (15 MP, fatigue 0) at (1,1); Wright (USA, 9 MP) at (9,9)
	town := engine.Place{Name: "Chambersburg", Hex: engine.Hex{Q: 1, R: 1}, Kinds: []string{"town", "levy-town"}, Values: map[string]int{"levy_vp": 3, "levy_victuals": 28, "levy_victuals_simplified": 4}}
	g = apply(t, g, ActOnPlace{By: lee, Place: town, Action: ActLevy}, engine.Script())
	by, total := g.VPTotals()
	if !g.Places["Chambersburg"].Levied || by["levies"] != 3 || total != 3 {
		t.Fatalf("after the levy: %+v, %v", g.Places, by)
	}
	if _, err := g.Decide(ActOnPlace{By: lee, Place: town, Action: ActLevy}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("levied twice: %v", err)
	}
	if _, err := g.Decide(ActOnPlace{By: meade, Place: engine.Place{Name: "X", Hex: engine.Hex{Q: 1, R: 1}, Kinds: []string{"levy-town"}}, Action: ActLevy}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("the Union levied: %v", err)
	}
	// 13.1: no infantry of 5+ MP at fatigue 0 in the town.
	empty := engine.Place{Name: "York", Hex: engine.Hex{Q: 5, R: 5}, Kinds: []string{"levy-town"}}
	if _, err := g.Decide(ActOnPlace{By: lee, Place: empty, Action: ActLevy}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("levy with no unit there: %v", err)
	}
	// 13.1: an enemy of 3+ MP adjacent.
	g2 := apply(t, g, engine.MoveUnits{By: meade, Units: []string{"usa.wright"}, To: engine.Hex{Q: 2, R: 1}}, engine.Script())
	g2 = apply(t, g2, engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: engine.Hex{Q: 3, R: 1}}, engine.Script())
	adj := engine.Place{Name: "Carlisle", Hex: engine.Hex{Q: 3, R: 1}, Kinds: []string{"levy-town"}}
	if _, err := g2.Decide(ActOnPlace{By: lee, Place: adj, Action: ActLevy}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("levy with Wright adjacent: %v", err)
	}
	// The umpire may override, and undo.
	if _, err := g2.Decide(ActOnPlace{By: ump, Place: adj, Action: ActLevy, Reason: "ruling"}, engine.Script()); err != nil {
		t.Errorf("umpire's levy: %v", err)
	}
}

func TestDepotsStationsStructures(t *testing.T) {
	g := startedGame(t, opts())
	depot := engine.Place{Name: "Harpers Ferry", Kinds: []string{"depot"}, Values: map[string]int{"depot_vp": 8}}
	g.Places = map[string]PlaceState{"Harpers Ferry": {Depot: engine.USA}}
	// The umpire's outright destruction (a unit's roll: depot_test.go).
	g = apply(t, g, ActOnPlace{By: ump, Place: depot, Action: ActDestroyDepot, Reason: "ruling"}, engine.Script())
	station := engine.Place{Name: "Manassas Junction", Kinds: []string{"rr-station"}}
	g = apply(t, g, ActOnPlace{By: lee, Place: station, Action: ActDamageStation}, engine.Script())
	if _, err := g.Decide(ActOnPlace{By: lee, Place: station, Action: ActDamageStation}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("damaged twice: %v", err)
	}
	g = apply(t, g, ActOnPlace{By: meade, Place: station, Action: ActRepairStation}, engine.Script())
	g = apply(t, g, ActOnPlace{By: lee, Place: station, Action: ActDestroyStation}, engine.Script())
	if _, err := g.Decide(ActOnPlace{By: meade, Place: station, Action: ActRepairStation}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("repaired a destroyed station: %v", err)
	}
	bridge := engine.Place{Name: "Chain Bridge", Kinds: []string{"bridge", "indestructible"}}
	if _, err := g.Decide(ActOnPlace{By: lee, Place: bridge, Action: ActDestroyBridge}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("destroyed an indestructible bridge: %v", err)
	}
	capitol := engine.Place{Name: "Harrisburg", Kinds: []string{"capitol"}, Values: map[string]int{"structure_vp": 7}}
	g = apply(t, g, ActOnPlace{By: lee, Place: capitol, Action: ActDestroyStructure}, engine.Script())
	by, total := g.VPTotals()
	if by["depots"] != 8 || by["structures"] != 7 || total != 15 || g.Places["Manassas Junction"].Station != "destroyed" {
		t.Fatalf("record = %v, places %+v", by, g.Places)
	}
	if _, err := g.Decide(ActOnPlace{By: lee, Place: station, Action: ActLevy}, engine.Script()); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("levied a station: %v", err)
	}
}
