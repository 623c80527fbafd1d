package engine

import "testing"

// The set-up beyond units (000 VIII): depots, damaged stations and time
// chits are in the game's state from the start.
func TestStartSetsUpDepotsDamagedStationsAndChits(t *testing.T) {
	g := apply(t, GameState{}, withRules(NewGame{By: ump, Options: opts()}), Script())
	g = apply(t, g, JoinGame{By: lee, Side: CSA}, Script())
	g = apply(t, g, JoinGame{By: meade, Side: USA}, Script())
	oob := &OrderOfBattle{
		Units:   []UnitSetup{{ID: "csa.hood", Name: "Hood", Side: CSA, Kind: "infantry", Command: "1", Manpower: 15}},
		Depots:  []DepotSetup{{Side: USA, Place: "Alexandria"}, {Side: CSA, Place: "Culpeper", Optional: true}},
		Damaged: []string{"Vienna", "Scotland"},
		Chits:   map[Side]int{CSA: 3, USA: 3},
	}
	g2 := apply(t, g, StartGame{By: ump, OOB: oob}, Script())
	if g2.Places["Alexandria"].Depot != USA || g2.Places["Culpeper"].Depot != CSA {
		t.Errorf("depots: %+v", g2.Places)
	}
	if g2.Places["Vienna"].Station != "damaged" || g2.Places["Scotland"].Station != "damaged" || g2.Places["Alexandria"].Station != "" {
		t.Errorf("damaged stations: %+v", g2.Places)
	}
	if g2.Chits[CSA] != 3 || g2.Chits[USA] != 3 {
		t.Errorf("chits: %v", g2.Chits)
	}
	if len(g.Places) != 0 {
		t.Error("Apply changed its receiver")
	}
	// Round trip through the store's encoding.
	evs, err := g.Decide(StartGame{By: ump, OOB: oob}, Script())
	if err != nil {
		t.Fatal(err)
	}
	typ, data, err := EncodeEvent(evs[0])
	if err != nil {
		t.Fatal(err)
	}
	back, err := testDecode(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	if g3 := g.Apply(back); g3.Places["Culpeper"].Depot != CSA || g3.Chits[USA] != 3 || g3.Places["Vienna"].Station != "damaged" {
		t.Errorf("after a round trip: %+v %v", g3.Places, g3.Chits)
	}
}
