package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 9.2 Undepleting a Supply Wagon, declared: "To become undepleted, a wagon
// must remain stationary for one full turn, located on a road or rail hex
// and within four undestroyed rail and/or road hexes of a friendly supply
// depot. ... The supply wagon is flipped to its undepleted side during the
// Conclusion Phase." The map data has no roads, rail lines or (but for
// 1026) depots, so the wagon's player declares the road/rail path to his
// depot (/litn wagon ready:<wagon> hex:<depot>); the engine checks what
// the state can tell: his own depleted wagon, the depot within four hexes,
// no enemy combat unit in the wagon's hex or the depot's. Staying put for
// the whole turn is checked at H2 (play_turn.go). The declaration
// holds for the turn; H2 clears it.

// WagonReady declares a depleted wagon ready to be undepleted.
type WagonReady struct {
	By    engine.Actor
	Wagon string // wagon id
	Depot string // the printed hex of the friendly depot
	Map   *engine.Theatre
}

// CommandName implements Command.
func (WagonReady) CommandName() string { return "litn wagon ready" }

// EventWagonReady is the event type of WagonDeclaredReady.
const EventWagonReady = "litn.wagon-ready"

// WagonDeclaredReady records the declaration (the wagon's side only).
type WagonDeclaredReady struct {
	By    engine.Actor `json:"by"`
	Turn  int          `json:"turn"`
	Wagon string       `json:"wagon"`
	Side  engine.Side  `json:"side"`
	Depot string       `json:"depot"`
	Hexes int          `json:"hexes"` // the wagon's distance to the depot
}

// EventType implements Event.
func (*WagonDeclaredReady) EventType() string { return EventWagonReady }

func decideWagonReady(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	c, ok := cmd.(WagonReady)
	if !ok {
		return nil, false, nil
	}
	if err := g.needStep(c.By, "Declaring a wagon ready to be undepleted"); err != nil {
		return nil, true, err
	}
	w, found := g.LITN.Wagons[strings.TrimSpace(c.Wagon)]
	side := g.SideOf(c.By)
	if !found || !g.IsUmpire(c.By) && w.Side != side {
		return nil, true, engine.Invalid("litn.wagon.unknown", fmt.Sprintf("%q is not one of your wagons", c.Wagon), "Give the id of one of your wagons: /litn status lists them")
	}
	if !w.Depleted {
		return nil, true, engine.Illegal("litn.wagon.undepleted", fmt.Sprintf("Wagon %s is not depleted", w.ID), "Only a depleted wagon is undepleted (002 9.2)")
	}
	if c.Map == nil {
		return nil, true, fmt.Errorf("engine: litn wagon ready without the LITN map")
	}
	depot := strings.TrimSpace(c.Depot)
	dh, _, err := c.Map.ParseHex(depot, "")
	if err != nil {
		return nil, true, engine.Invalid("litn.wagon.depot", fmt.Sprintf("%q is not a hex of the LITN map: %v", depot, err), "Give hex: the printed hex of your depot, e.g. 1026")
	}
	if depot == "1026" && Year(g.Options.Scenario) == 1862 {
		return nil, true, engine.Illegal("litn.wagon.depot", "The hex 1026 depot does not exist in 1862 scenarios (002 15.2)", "Give another depot of yours")
	}
	n := engine.Distance(w.Hex, dh)
	if n > 4 {
		return nil, true, engine.Illegal("litn.wagon.far", fmt.Sprintf("Wagon %s in %s is %d hexes from %s: it must be within four road or rail hexes of a friendly depot (002 9.2)", w.ID, w.At, n, depot),
			"Move it nearer a depot first; it must then stay put a full turn")
	}
	for _, at := range []string{w.At, depot} {
		for _, u := range g.UnitsAt(at) {
			if u.Side != w.Side && u.IsCombat() {
				return nil, true, engine.Illegal("litn.wagon.enemy", fmt.Sprintf("An enemy combat unit is in %s: the path to the depot cannot be traced through enemy combat units (002 9.2)", at), "")
			}
		}
	}
	return []engine.Event{&WagonDeclaredReady{By: c.By, Turn: g.Turn, Wagon: w.ID, Side: w.Side, Depot: depot, Hexes: n}}, true, nil
}

func applyWagonReady(g Game, e engine.Event) (Game, bool) {
	ev, ok := e.(*WagonDeclaredReady)
	if !ok {
		return g, false
	}
	w := g.LITN.Wagons[ev.Wagon]
	w.Undeplete = true
	return g.withWagons(w), true
}

// Say implements Sayer: the wagon's side only (its wagons are its own,
// 002 2.5).
func (e *WagonDeclaredReady) Say(Game) []Say {
	return []Say{{To: string(e.Side), Text: fmt.Sprintf("🛒 Wagon %s is declared on a road or rail hex, %d hexes from your depot in %s by road or rail (002 9.2): if it stays put the whole turn, it is undepleted in the Conclusion Phase (H2).", e.Wagon, e.Hexes, e.Depot)}}
}
