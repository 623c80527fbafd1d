package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 A4, Union Militia (4.2) in play: the militia roll as the step
// begins.

func beginMilitia(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	harrisburg := g.LITN.Control["4001"] != ""
	res, err := RollMilitia(g.CurrentTurn(), g.initMilitiaCheck(), harrisburg, g.initCharts(ctx.Library), d)
	if err != nil {
		return nil, err
	}
	e := &MilitiaRolled{Turn: g.Turn, Result: res}
	couch := ""
	for _, u := range g.UnitsOf(engine.USA) {
		if u.Role == SheetCouch {
			couch = u.ID // 15.5: in 1863 the militia are subordinate to Couch
		}
	}
	for i := 1; i <= res.Units; i++ {
		n := g.LITN.Initial.Militia + i
		e.Units = append(e.Units, Unit{ID: fmt.Sprintf("usa.militia-%d", n), Name: fmt.Sprintf("Militia %d", n), Side: engine.USA, Troops: "militia",
			At: "4001", Hex: Harrisburg(), Militia: true, SubordinateTo: couch})
	}
	return []engine.Event{e}, nil
}
