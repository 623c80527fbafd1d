package lrtg

import (
	"slices"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The terrain a mover states where the layer is silent (move_stated.go),
// and steps the chart prices only in part (move_price.go's stepCost), on
// the invented chart of inventedCharts (infantry: Clear 1, Woods 2, Pike
// ½, Trail 1, Creek +1, River P; not the publisher's). priceGame gives
// Hood an allowance of 5.

func stated(layer *engine.TerrainLayer, path []engine.Hex, terrain ...string) engine.MoveUnits {
	cmd := priced(layer, path)
	cmd.Terrain = terrain
	return cmd
}

// layerOf is an invented layer: the hexes by terrain, the hexsides by
// feature.
func layerOf(hexes map[string][]engine.Hex, sides map[string][]engine.HexPair) *engine.TerrainLayer {
	return engine.NewTerrainLayer("lrtg", "invented for tests", hexes, sides)
}

func TestStatedTerrainIsPricedAndRecorded(t *testing.T) {
	g := priceGame(t)
	// No layer: every step stated, priced as the chart prices it (the
	// stack's dearest kind, the cheapest way): 2 + ½ + (1 + 1) = 4½.
	after, e := wantMove(t, g, stated(nil, pathEast(3), "Woods", "road:pike", "clear+Creek"))
	if e.MP != 4.5 || e.Unpriced != 0 || len(e.Steps) != 3 {
		t.Fatalf("stated march: %+v", e)
	}
	want := []engine.MarchStep{{Step: 1, Stated: "Woods", MP: 2}, {Step: 2, Stated: "road: Pike", MP: 0.5}, {Step: 3, Stated: "Clear + hexside: Creek", MP: 2}}
	for i, s := range e.Steps {
		if s.Step != want[i].Step || s.Stated != want[i].Stated || s.MP != want[i].MP || len(s.Unrowed) != 0 {
			t.Errorf("step %d: %+v, want %+v", i+1, s, want[i])
		}
	}
	// His word is on the umpire's log, with the steps.
	if log := after.UnitLog(); len(log) != 1 || len(log[0].Steps) != 3 || log[0].Steps[2].Stated != "Clear + hexside: Creek" {
		t.Errorf("umpire's log: %+v", log)
	}
	// A road stated beside the hex: the cheapest way (the pike, ½).
	if _, e := wantMove(t, g, stated(nil, pathEast(1), "Woods + road: Pike")); e.MP != 0.5 || e.Steps[0].Stated != "Woods + road: Pike" {
		t.Errorf("woods on the pike: %+v", e)
	}
	// Steps nobody states stay unpriced, at the cheapest step (½).
	if _, e := wantMove(t, g, stated(nil, pathEast(3), "Woods", "-", "")); e.MP != 2 || e.Unpriced != 2 || len(e.Steps) != 1 {
		t.Errorf("partly stated: %+v", e)
	}
	// Too dear on the stated terrain: 3 woods cost 6, Hood has 5.
	wantRule(t, g, stated(nil, pathEast(3), "Woods", "Woods", "Woods"), "move.allowance", "",
		"Hood has 5 movement points in this action; this march costs 6 MP (3 steps on the terrain you state)")
	// With unstated steps: 4 + 2 × ½ = 5 fits; 4 + 3 × ½ does not.
	wantMove(t, g, stated(nil, pathEast(4), "Woods", "Woods", "-", "-"))
	wantRule(t, g, stated(nil, pathEast(5), "Woods", "Woods", "-", "-", "-"), "move.allowance", "",
		"costs at least 5½ MP (4 MP for the steps priced, 2 steps on the terrain you state, 3 steps at ½ MP or more each)")
	// Prohibited on the stated terrain, as on the layer's.
	wantRule(t, g, stated(nil, pathEast(2), "Clear", "Clear + hexside: River"), "move.prohibited", "",
		"forbids the stack the step into hex 2,0 (on the terrain you state; row \"hexside: River\" is P)")
}

func TestStatedTerrainTheLayerWins(t *testing.T) {
	g := priceGame(t)
	// The layer knows (0,0)-(3,0) all clear, every hexside between them.
	full := layerEast(3, nil, nil)
	r := wantRule(t, g, stated(full, pathEast(2), "-", "Woods"), "move.terrain", "",
		"terrain: step 2 into hex 2,0: you state Woods; the terrain layer has Clear, nothing on the hexside crossed")
	if r.Hint == "" {
		t.Errorf("no hint: %+v", r)
	}
	wantRule(t, g, stated(full, pathEast(1), "Clear + hexside: Creek"), "move.terrain", "", "you state Clear + hexside: Creek; the terrain layer has Clear, nothing on the hexside crossed")
	// A statement that agrees is fine; the layer priced the step, so it
	// is not recorded as his word.
	if _, e := wantMove(t, g, stated(full, pathEast(2), "clear", "-")); e.MP != 2 || len(e.Steps) != 0 || e.Unpriced != 0 {
		t.Errorf("agreeing: %+v", e)
	}
	// (1,0) named, (0,0) not: the hex is the layer's, the hexside the
	// mover's. Unstated, the step is unpriced; stated, the layer's clear
	// and his creek: 2.
	half := layerOf(map[string][]engine.Hex{"Clear": {{Q: 1}}}, nil)
	if _, e := wantMove(t, g, stated(half, pathEast(1))); e.Unpriced != 1 {
		t.Errorf("unstated: %+v", e)
	}
	if _, e := wantMove(t, g, stated(half, pathEast(1), "hexside: creek")); e.MP != 2 || len(e.Steps) != 1 || e.Steps[0].Stated != "hexside: Creek" {
		t.Errorf("the layer's hex, his hexside: %+v", e)
	}
	wantRule(t, g, stated(half, pathEast(1), "Woods"), "move.terrain", "", "you state Woods; the terrain layer has Clear")
	// Only a hexside, where the layer knows no hex: the step is unknown.
	wantRule(t, g, stated(nil, pathEast(1), "hexside: Creek"), "move.terrain", "", "not the terrain of the hex entered")
}

func TestStatedTerrainEveryProblemAtOnce(t *testing.T) {
	g := priceGame(t)
	before := g.Units["csa.hood"].Hex
	r := wantRule(t, g, stated(nil, pathEast(3), "Swamp", "Woods + Clear"), "move.terrain", "",
		"terrain: gives 2 entries for a march of 3 steps",
		`terrain: "Swamp" is not on the terrain cost chart`,
		"Clear, Woods, road: Pike, road: Trail, hexside: Creek, hexside: River",
		"names two hex terrains, Woods and Clear")
	if g.Units["csa.hood"].Hex != before {
		t.Errorf("Hood moved: %+v", r)
	}
	// Without the chart a statement means nothing: refused, saying so.
	noChart := g
	noChart.Charts = nil
	wantRule(t, noChart, stated(nil, pathEast(1), "Woods"), "move.terrain", "", "this game keeps none")
	// The umpire's placement is not a march the umpire prices.
	place := engine.MoveUnits{By: ump, Units: []string{"csa.hood"}, To: engine.Hex{Q: 3}, Ref: "test", Data: &engine.MoveData{}, Terrain: []string{"Woods"}}
	wantRule(t, g, place, "move.terrain", "", "not a march the umpire prices")
}

// A step the chart knows in part: what it has rows for is priced, the
// rest at the least it can cost, and the step goes on the record.
func TestPartlyKnownSteps(t *testing.T) {
	g := priceGame(t)
	side := engine.SideOf(engine.Hex{}, engine.Hex{Q: 1})
	// Clear across a creek (+1) and a ford the chart has no row for (+0).
	ford := layerEast(2, nil, map[string][]engine.HexPair{"creek": {side}, "ford": {side}})
	after, e := wantMove(t, g, priced(ford, pathEast(2)))
	if e.MP != 3 || e.Unpriced != 0 || len(e.Steps) != 1 || e.Steps[0].Step != 1 || e.Steps[0].MP != 2 || !slices.Equal(e.Steps[0].Unrowed, []string{"ford"}) || e.Steps[0].Stated != "" {
		t.Fatalf("ford: %+v", e)
	}
	if log := after.UnitLog(); len(log) != 1 || len(log[0].Steps) != 1 {
		t.Errorf("umpire's log: %+v", log)
	}
	// A road the chart has no row for, into woods: at least the chart's
	// cheapest step (½), not the woods' 2.
	road := layerEast(2, []engine.Hex{{Q: 1}}, map[string][]engine.HexPair{"road": {side}})
	if _, e := wantMove(t, g, priced(road, pathEast(1))); e.MP != 0.5 || len(e.Steps) != 1 || !slices.Equal(e.Steps[0].Unrowed, []string{"road"}) {
		t.Errorf("road: %+v", e)
	}
	// A hex terrain the chart has no row for: at least ½, plus the creek.
	mountain := layerOf(map[string][]engine.Hex{"Clear": {{}}, "Mountain": {{Q: 1}}}, map[string][]engine.HexPair{"creek": {side}})
	if _, e := wantMove(t, g, priced(mountain, pathEast(1))); e.MP != 1.5 || !slices.Equal(e.Steps[0].Unrowed, []string{"Mountain"}) {
		t.Errorf("mountain: %+v", e)
	}
	// Too dear even at the least: 2 woods + 3 steps along the road at ½
	// at least, on an allowance of 5.
	var roadAll []engine.HexPair
	prev := engine.Hex{}
	for _, h := range pathEast(5) {
		roadAll = append(roadAll, engine.SideOf(prev, h))
		prev = h
	}
	roads := layerEast(5, pathEast(5), map[string][]engine.HexPair{"road": roadAll[2:]})
	wantRule(t, g, stated(roads, pathEast(6), "-", "-", "-", "-", "-", "Clear"), "move.allowance", "",
		"this march costs at least 6½ MP (1 step on the terrain you state, 3 steps priced in part at the least they can cost)")
	// A P the chart has still prohibits: the river, with a bridge it has
	// no row for.
	bridge := layerEast(2, nil, map[string][]engine.HexPair{"river": {side}, "bridge": {side}})
	wantRule(t, g, priced(bridge, pathEast(1)), "move.prohibited", "", "forbids the stack the step into")
}

// The march's hexes are recorded as the mover named them.
func TestMarchRefsAsNamed(t *testing.T) {
	g := priceGame(t)
	cmd := priced(nil, pathEast(2))
	cmd.Refs = []string{"HW0101", "HW0102"}
	after, e := wantMove(t, g, cmd)
	if e.Ref != "HW0102" || !slices.Equal(e.Refs, cmd.Refs) || after.Units["csa.hood"].Ref != "HW0102" {
		t.Errorf("refs: %q %v", e.Ref, e.Refs)
	}
	if log := after.UnitLog(); len(log) != 1 || !slices.Equal(log[0].Refs, cmd.Refs) || log[0].ToRef != "HW0102" {
		t.Errorf("umpire's log: %+v", log)
	}
	// A refusal names them so too.
	cmd = priced(nil, []engine.Hex{{Q: 1}, {Q: 3}})
	cmd.Refs = []string{"HW0101", "HW0103"}
	wantRule(t, g, cmd, "move.path", "", "HW0103 is not next to HW0101")
}
