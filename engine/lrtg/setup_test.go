package lrtg

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The set-up beyond units (000 VIII): depots, damaged stations and time
// chits are in the game's state from the start.
func TestStartSetsUpDepotsDamagedStationsAndChits(t *testing.T) {
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	oob := &engine.OrderOfBattle{
		Units:   []engine.UnitSetup{{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15}},
		Depots:  []engine.DepotSetup{{Side: engine.USA, Place: "Alexandria"}, {Side: engine.CSA, Place: "Culpeper", Optional: true}},
		Damaged: []string{"Vienna", "Scotland"},
		Chits:   map[engine.Side]int{engine.CSA: 3, engine.USA: 3},
	}
	g2 := apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
	if g2.Places["Alexandria"].Depot != engine.USA || g2.Places["Culpeper"].Depot != engine.CSA {
		t.Errorf("depots: %+v", g2.Places)
	}
	if g2.Places["Vienna"].Station != "damaged" || g2.Places["Scotland"].Station != "damaged" || g2.Places["Alexandria"].Station != "" {
		t.Errorf("damaged stations: %+v", g2.Places)
	}
	if g2.Chits[engine.CSA] != 3 || g2.Chits[engine.USA] != 3 {
		t.Errorf("chits: %v", g2.Chits)
	}
	if len(g.Places) != 0 {
		t.Error("Apply changed its receiver")
	}
	// Round trip through the store's encoding.
	evs, err := g.Decide(engine.StartGame{By: ump, OOB: oob}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	typ, data, err := engine.EncodeEvent(evs[0])
	if err != nil {
		t.Fatal(err)
	}
	back, err := testDecode(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	if g3 := g.Apply(back); g3.Places["Culpeper"].Depot != engine.CSA || g3.Chits[engine.USA] != 3 || g3.Places["Vienna"].Station != "damaged" {
		t.Errorf("after a round trip: %+v %v", g3.Places, g3.Chits)
	}
}
