package lrtg

import (
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// A march's movement points, priced by a terrain layer and the group's
// terrain cost chart (move_price.go), and compared with the allowance
// rolled at activation. The layer and the chart are invented for tests
// (inventedCharts: Clear 1, Woods 2, Pike ½, Creek +1, River P for
// infantry); they are not the publisher's.

// priceGame is Longstreet's activation with Hood's allowance 5 (die 3,
// +2 infantry with its leader), the invented charts kept by the game.
func priceGame(t *testing.T) Game {
	t.Helper()
	g := alGame(t, opts(), engine.CSA)
	g, _, _ = alActivate(t, g, lee, "csa.longstreet", allowanceChartLRTG(), 3)
	if mp, ok := g.AllowanceOf("csa.hood"); !ok || mp != 5 {
		t.Fatalf("Hood's allowance %d %v", mp, ok)
	}
	g.Charts = inventedCharts().Loaded
	return g
}

// layerEast is an invented layer along the row east of (0,0): the hexes
// given Clear unless named in woods; the hexsides given per feature.
func layerEast(n int, woods []engine.Hex, sides map[string][]engine.HexPair) *engine.TerrainLayer {
	clear := []engine.Hex{{}}
	for _, h := range pathEast(n) {
		if !slices.Contains(woods, h) {
			clear = append(clear, h)
		}
	}
	return engine.NewTerrainLayer("lrtg", "invented for tests", map[string][]engine.Hex{"Clear": clear, "Woods": woods}, sides)
}

func priced(layer *engine.TerrainLayer, path []engine.Hex) engine.MoveUnits {
	cmd := marchCmd(lee, path, "csa.hood", "csa.longstreet")
	cmd.Data = &engine.MoveData{Terrain: layer}
	return cmd
}

func TestMarchPricedByTheLayerAndTheChart(t *testing.T) {
	g := priceGame(t)
	// Three clear hexes: 3 MP, every step priced.
	if _, e := wantMove(t, g, priced(layerEast(6, nil, nil), pathEast(3))); e.MP != 3 || e.Unpriced != 0 {
		t.Errorf("clear: %+v", e)
	}
	// Woods entered across a creek: 2 + 1; then clear: 1.
	creek := map[string][]engine.HexPair{"creek": {engine.SideOf(engine.Hex{}, engine.Hex{Q: 1})}}
	if _, e := wantMove(t, g, priced(layerEast(6, []engine.Hex{{Q: 1}}, creek), pathEast(2))); e.MP != 4 || e.Unpriced != 0 {
		t.Errorf("woods across a creek: %+v", e)
	}
	// Along a pike the road's cost replaces the terrain's: six steps at ½.
	var pike []engine.HexPair
	prev := engine.Hex{}
	for _, h := range pathEast(6) {
		pike = append(pike, engine.SideOf(prev, h))
		prev = h
	}
	if _, e := wantMove(t, g, priced(layerEast(6, pathEast(6), map[string][]engine.HexPair{"pike": pike}), pathEast(6))); e.MP != 3 || e.Unpriced != 0 {
		t.Errorf("pike: %+v", e)
	}
	// Six clear hexes cost 6: Hood has 5.
	wantRule(t, g, priced(layerEast(6, nil, nil), pathEast(6)), "move.allowance", "", "Hood has 5 movement points in this action; this march costs 6 MP")
	// Where the layer is silent a step costs at least the chart's cheapest
	// (Pike ½): 3 priced + 5 unpriced × ½ = 5½.
	wantRule(t, g, priced(layerEast(3, nil, nil), pathEast(8)), "move.allowance", "", "costs at least 5½ MP (3 MP for the steps the terrain layer prices, 5 steps at ½ MP or more each)")
	// 3 priced + 4 unpriced × ½ = 5: within the allowance, the 4 steps on
	// the umpire's log.
	if _, e := wantMove(t, g, priced(layerEast(3, nil, nil), pathEast(7))); e.MP != 3 || e.Unpriced != 4 {
		t.Errorf("partial layer: %+v", e)
	}
	// A river hexside is prohibited to infantry on the invented chart.
	river := map[string][]engine.HexPair{"river": {engine.SideOf(engine.Hex{Q: 1}, engine.Hex{Q: 2})}}
	wantRule(t, g, priced(layerEast(6, nil, river), pathEast(2)), "move.prohibited", "", `forbids the stack the step into hex 2,0 (row "hexside: River" is P)`)
	// No layer: nothing priced, nothing bounded but by what the chart's
	// cheapest step allows (5 / ½ = 10 steps).
	if _, e := wantMove(t, g, priced(nil, pathEast(10))); e.MP != 0 || e.Unpriced != 10 {
		t.Errorf("no layer: %+v", e)
	}
	wantRule(t, g, priced(nil, pathEast(11)), "move.allowance", "", "at least 5½ MP")
}

// Strategic (and rail, naval) movement moves a unit once in an action, as
// a march does: a unit that moved in the action is refused a strategic
// move in it (issue 21: "Strategic movement was accepted twice in one
// activation").
func TestStrategicMoveOnceInAnAction(t *testing.T) {
	g := marchGame(t, opts())
	g.Actions.AllMoves = true // strategic movement allowed in 4a (time limitation, the opening)
	first := marchCmd(lee, pathEast(1), "csa.hood")
	g, _ = wantMove(t, g, first)
	again := strategic(lee, engine.Hex{Q: 3}, 2, "csa.hood")
	again.Data = moveData()
	_, err := g.Decide(again, engine.Script())
	if err == nil || !strings.Contains(err.Error(), "Hood already moved in this action") {
		t.Fatalf("a second move in the action, strategic: %v", err)
	}
	// McLaws, who has not moved, is not refused for it.
	other := strategic(lee, engine.Hex{Q: 5}, 2, "csa.mclaws")
	other.Data = moveData()
	if _, err := g.Decide(other, engine.Script()); err != nil && strings.Contains(err.Error(), "already moved") {
		t.Errorf("McLaws: %v", err)
	}
}
