package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 A5, Supply Wagons (4.1, 9.2) in play: the Confederate wagons due
// this turn and the Union's wagon creation, placed by PlaceWagon.

func beginWagons(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	p := g.LITN.Initial
	due, why := CSAWagonDue(g.CurrentTurn())
	e := &WagonsBegun{Turn: g.Turn, CSADue: due, CSAOwed: p.owed(g.Turn), Why: strings.TrimSuffix(why, " (002 4.1)")}
	e.Available = e.CSAOwed
	if due {
		e.Available++
	}
	if e.CSAOwed > 0 {
		e.Why += fmt.Sprintf(" (%d delayed before)", e.CSAOwed)
	}
	for _, m := range p.Markers {
		switch {
		case m.Turn == g.Turn-1:
			e.Markers = append(e.Markers, m.Hex)
		case m.Turn < g.Turn-1:
			e.Lapsed = append(e.Lapsed, m.Hex)
		}
	}
	return []engine.Event{e}, nil
}

func (g Game) decideWagon(c PlaceWagon) ([]engine.Event, error) {
	if strings.TrimSpace(c.Unit) != "" {
		return g.decideWagonMarker(c)
	}
	if err := g.needStep(c.By, "Placing a supply wagon", StepWagons); err != nil {
		return nil, err
	}
	side := g.SideOf(c.By)
	if g.IsUmpire(c.By) {
		side = ""
	}
	if c.Map == nil {
		return nil, fmt.Errorf("litn: PlaceWagon without the LITN map")
	}
	at := strings.TrimSpace(c.Hex)
	h, _, err := c.Map.ParseHex(at, "")
	if err != nil {
		return nil, engine.Invalid("litn.wagons.hex", fmt.Sprintf("%q is not a hex of the map", c.Hex), "Give the printed hex number, e.g. hex:1026")
	}
	p := g.LITN.Initial
	markers := p.usableMarkers(g.Turn)
	// The umpire places for the side whose placement the hex is.
	if side == "" {
		side = engine.CSA
		for _, m := range markers {
			if m.Hex == at {
				side = engine.USA
			}
		}
	}
	if err := g.needSide(c.By, side, "This wagon"); err != nil {
		return nil, err
	}
	w := WagonPiece{ID: fmt.Sprintf("%s.wagon-%d", side, p.Made[side]+1), Side: side, At: at, Hex: h}
	ev := &WagonPlaced{By: c.By, Turn: g.Turn, Wagon: w}
	if side == engine.USA {
		// The Union counter mix is not in the seeds: no limit is checked
		// beyond the markers (docs/litn-play-initial.md).
		res, err := PlaceUnionWagons(markers, []string{at}, 1<<20)
		if err != nil {
			return nil, err
		}
		ev.Explanation = res.Explanation[0]
		return []engine.Event{ev}, nil
	}
	if p.CSAWagonsTurn != g.Turn {
		return nil, engine.Illegal("litn.wagons.none", "No Confederate wagon may enter this turn", "002 4.1: one every three turns from the scenario's first wagon turn")
	}
	due, _ := CSAWagonDue(g.CurrentTurn())
	owed := p.CSAWagonsLeft
	if due {
		owed-- // PlaceCSAWagons adds the wagon due
	}
	// The depots are printed on the map, not in the seeds: the hex is taken
	// as the player declares it, with the checks the rules allow (1026 in
	// 1862; six in play).
	res, err := PlaceCSAWagons(g.CurrentTurn(), len(g.WagonsOf(engine.CSA)), owed, []string{at}, []string{at})
	if err != nil {
		return nil, err
	}
	// 4.1: "at any of his supply depot hexes": a printed one (play_depots.go).
	if err := g.depotOK(engine.CSA, h, at, c.Map); err != nil {
		return nil, err
	}
	ev.Explanation = res.Explanation[len(res.Explanation)-1]
	for _, x := range res.Explanation {
		if strings.Contains(x, "enters at the depot") {
			ev.Explanation = x
		}
	}
	return []engine.Event{ev}, nil
}

func (g Game) decideWagonMarker(c PlaceWagon) ([]engine.Event, error) {
	step := g.CurrentStep()
	if err := g.needStep(c.By, "A Wagon Creation marker", StepFirstMove, StepSecondMove); err != nil {
		return nil, err
	}
	if g.PhaseSide(step) != engine.USA {
		return nil, engine.Illegal("litn.wagons.phase", "Wagon creation is at the end of the Union Movement Phase", "002 9.2: the leader spends one full Movement Phase in a Union supply depot hex")
	}
	if err := g.needSide(c.By, engine.USA, "Wagon creation"); err != nil {
		return nil, err
	}
	u, err := g.ownUnit(c.By, c.Unit)
	if err != nil {
		return nil, err
	}
	// 15.2: Miles and White may not "build supply wagons, until released".
	if why := g.Held(u); why != "" {
		return nil, engine.Illegal("litn.wagons.held", u.Name+" may not build supply wagons until released (002 15.2)", why)
	}
	for _, m := range g.LITN.Initial.Markers {
		if m.Leader == u.ID && m.Turn == g.Turn {
			return nil, engine.Illegal("litn.wagons.again", fmt.Sprintf("%s has already created a wagon this turn", u.Name), "002 9.2: each leader in a depot hex can create one wagon")
		}
	}
	// The depot is the leader's hex: one of the Union depots the umpire
	// recorded, once he has (play_depots.go; until then the player's
	// word). The leader's CP are the player's declaration (a hex's CPs are
	// the Command Phase's); the umpire may correct. Staying put is checked against the Movement Phase's
	// record (MovePlay.Phase). Miles and White's release (15.2) is
	// checked above (Held).
	if err := g.depotOK(engine.USA, u.Hex, u.At, c.Map); err != nil {
		return nil, err
	}
	moved := false
	if ph := g.LITN.Moves.Phase; ph != nil && ph.Turn == g.Turn && ph.Step == step {
		moved = ph.Moved[u.ID] || ph.Start[u.ID] != "" && ph.Start[u.ID] != u.At
	}
	cr := WagonCreator{ID: u.ID, Name: u.Name, Side: u.Side, Leader: !u.Militia, Hex: u.At, InUnionDepot: true, CommandPoints: 1,
		WholePhaseHere: u.OnMap(), Moved: moved}
	m, err := CreateWagonMarker(cr, 1<<20)
	if err != nil {
		return nil, err
	}
	return []engine.Event{&WagonMarkerPlaced{By: c.By, Marker: WagonMarkerOn{WagonMarker: *m, Turn: g.Turn}}}, nil
}
