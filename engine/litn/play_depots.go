package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Supply depots (002 9.1: "Supply depots for both sides are printed on
// the map"). The map data has only 1026 (15.2); the rest are printed on
// the group's map and not in the seeds, so a depot used to be whatever hex
// a player named (issue 22: "depots declared at any hex").
//
// Ruling (issue 22, docs/litn-play-initial.md): a depot is a printed one,
// never a player's choice. The umpire records each side's depot hexes from
// the group's map once (/litn depots), as he records the printed movement
// allowances; from then on every depot a player names (a supply source,
// 10.2; the hex a Confederate wagon enters at, 4.1; the hex where a Union
// leader creates a wagon, 9.2) must be one of his side's, or the map's
// own (1026 for the Confederates from 1863), and is refused otherwise with
// the list. Until the umpire has recorded a side's, its players' word
// stands, as before (the umpire may correct it), so games under way play
// on.

// DeclareDepots records one side's supply depots as printed on the map
// (the umpire; it replaces the side's list recorded before).
type DeclareDepots struct {
	By    engine.Actor
	Side  engine.Side
	Hexes []string // printed hex numbers
	Map   *engine.Theatre
}

// CommandName implements Command.
func (DeclareDepots) CommandName() string { return "litn depots" }

// EventDepotsDeclared is the event type of a side's recorded depots.
const EventDepotsDeclared = "litn.depots-declared"

// DepotsDeclared is a side's supply depot hexes as printed on the map.
// The map is open (2.5): the table is told.
type DepotsDeclared struct {
	By    engine.Actor `json:"by"`
	Side  engine.Side  `json:"side"`
	Hexes []string     `json:"hexes"`
}

// EventType implements Event.
func (*DepotsDeclared) EventType() string { return EventDepotsDeclared }

// Say implements Sayer.
func (e *DepotsDeclared) Say(g Game) []Say {
	return []Say{{"all", fmt.Sprintf("🏭 The umpire records the %s supply depots printed on the map (002 9.1): %s. A depot named for supply (10.2), a wagon's entry (4.1) or wagon creation (9.2) must be one of them.",
		sideName(e.Side), strings.Join(e.Hexes, ", "))}}
}

func decideDepots(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	c, ok := cmd.(DeclareDepots)
	if !ok {
		return nil, false, nil
	}
	if !g.IsUmpire(c.By) {
		return nil, true, engine.Illegal("litn.depots.umpire", "The depots printed on the map are the umpire's to record",
			fmt.Sprintf("Ask %s (002 9.1)", g.Umpire.Name))
	}
	if c.Side != engine.CSA && c.Side != engine.USA {
		return nil, true, engine.Invalid("game.side", fmt.Sprintf("%q is not a side", c.Side), "Give side:csa or side:usa")
	}
	if c.Map == nil {
		return nil, true, fmt.Errorf("litn: depots without the map")
	}
	if len(c.Hexes) == 0 {
		return nil, true, engine.Invalid("litn.depots.none", "No depot hex was given", "Give hexes:<hex>,<hex>... as printed on the map (002 9.1)")
	}
	var bad []string
	var hexes []string
	seen := map[engine.Hex]bool{}
	for _, at := range c.Hexes {
		at = strings.TrimSpace(at)
		h, ref, err := c.Map.ParseHex(at, "")
		if err != nil || ref.Sheet != "LITN" {
			bad = append(bad, fmt.Sprintf("%q is not a hex of the LITN map", at))
			continue
		}
		if !seen[h] {
			seen[h] = true
			hexes = append(hexes, at)
		}
	}
	if len(bad) > 0 {
		return nil, true, engine.Invalid("litn.depots.hex", strings.Join(bad, "; "), "Give the four digits printed on the map, e.g. hexes:1026,1529")
	}
	return []engine.Event{&DepotsDeclared{By: c.By, Side: c.Side, Hexes: hexes}}, true, nil
}

func applyDepots(g Game, e engine.Event) (Game, bool) {
	ev, ok := e.(*DepotsDeclared)
	if !ok {
		return g, false
	}
	m := make(map[engine.Side][]string, 2)
	for k, v := range g.LITN.Depots {
		m[k] = v
	}
	m[ev.Side] = append([]string(nil), ev.Hexes...)
	g.LITN.Depots = m
	return g, true
}

// depotOK refuses a hex named as a side's depot that is not one of the
// depots the umpire recorded for it (nor the map's own for the side and
// year). Nothing is refused while none is recorded: the player's word.
func (g Game) depotOK(side engine.Side, h engine.Hex, at string, m *engine.Theatre) error {
	list, ok := g.LITN.Depots[side]
	if !ok || m == nil {
		return nil
	}
	for _, l := range list {
		if d, _, err := m.ParseHex(l, ""); err == nil && d == h {
			return nil
		}
	}
	for i := range m.Places {
		p := &m.Places[i]
		if p.Hex == h && p.Is("depot") && (side == engine.CSA) == p.Is("confederate-depot") && p.Values["from_year"] <= Year(g.Options.Scenario) {
			return nil
		}
	}
	return engine.Illegal("litn.depot.unknown", fmt.Sprintf("%s is not a %s supply depot: the depots recorded from the map are %s", at, sideName(side), strings.Join(list, ", ")),
		"002 9.1: supply depots are printed on the map; name one of them (the umpire corrects the list with /litn depots)")
}
