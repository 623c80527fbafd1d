package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 8.9 Railroad Movement in play: RailCmd moves a force along a rail line
// (the pure rules are RailCapacity and RailMove in move_rail.go).

func (g Game) decideRail(c RailCmd) ([]engine.Event, error) {
	p, side, err := g.needMover(c.By, "Rail movement")
	if err != nil {
		return nil, err
	}
	if side != engine.USA {
		return nil, engine.Illegal("litn.rail.side", "Only Union units may move by rail", "002 8.9")
	}
	ms, err := g.movers(c.By, side, c.Units)
	if err != nil {
		return nil, err
	}
	force := force(ms)
	from := ms[0].At
	if c.Map == nil {
		return nil, fmt.Errorf("litn: rail move without the map")
	}
	to := strings.TrimSpace(c.To)
	if to == "" {
		to = from
	}
	th, _, err := c.Map.ParseHex(to, "")
	if err != nil {
		return nil, engine.Invalid("litn.rail.to", fmt.Sprintf("%q is not a hex of the LITN map", c.To), "Give to:<printed hex>")
	}
	for _, h := range []string{from, to} {
		if g.LITN.Moves.DestroyedRail[h] {
			return nil, engine.Illegal("litn.rail.destroyed", "The rail line in "+h+" is destroyed", "Repair it first (4 MP, 002 8.7)")
		}
	}
	hexes := engine.Distance(force[0].Hex, th)
	if c.Hexes != 0 {
		if c.Hexes < hexes {
			return nil, engine.Illegal("litn.rail.hexes", fmt.Sprintf("%s is %d hexes from %s: the line cannot be shorter", to, hexes, from), "Give hexes: the rail hexes along the line, at least the distance")
		}
		hexes = c.Hexes
	}
	// 8.9 capacity: the units moved by rail this phase.
	all := map[string]bool{}
	for _, id := range p.Rail {
		all[id] = true
	}
	for _, u := range force {
		all[u.ID] = true
	}
	var byRail []MoveUnit
	for _, id := range lpmKeys(all) {
		if u, ok := g.LITN.Units[id]; ok {
			byRail = append(byRail, g.moveUnit(u))
		} else if w, ok := g.LITN.Wagons[id]; ok {
			byRail = append(byRail, g.wagonUnit(w))
		}
	}
	capWhy, err := RailCapacity(byRail)
	if err != nil {
		return nil, err
	}
	e := &RailMoved{By: c.By, From: from, To: to, Hex: th, Entrained: !c.Detrain, Why: []string{capWhy}}
	for _, u := range force {
		if why := g.SurpriseHeld(u.ID); why != "" {
			return nil, engine.Illegal("litn.move.surprise", why, "Move other units")
		}
		if p.Ended[u.ID] {
			return nil, engine.Illegal("litn.move.ended", u.name()+" may not move again this phase", "002 8.3")
		}
		cost, why, err := RailMove(RailLeg{Unit: u, Entrain: c.Entrain, Hexes: hexes, Detrain: c.Detrain, Destination: c.Destination, Arrives: c.Destination && c.Detrain, Lines: true})
		if err != nil {
			return nil, err
		}
		a := p.Allowance[u.ID].Allowance
		if !c.Destination && a.Less(Share{p.Spent[u.ID] + cost, 1}) {
			return nil, engine.Illegal("litn.rail.mp", fmt.Sprintf("%s needs %d MP by rail after %d spent, but its CPs give %s", u.name(), cost, p.Spent[u.ID], a),
				"Rail movement is paid from the allowance CPs give (002 8.9)")
		}
		e.Cost = max(e.Cost, cost)
		e.Units = append(e.Units, u.ID)
		e.Names = append(e.Names, u.name())
		e.Why = append(e.Why, why)
	}
	e.Why = append(e.Why, "the route is taken on the player's word to be on the lines the Union may use (002 8.9: the map data has no rail lines; the umpire may correct)")
	return []engine.Event{e}, nil
}

// Say implements Sayer.
func (e *RailMoved) Say(g Game) []Say {
	st := "detrained"
	if e.Entrained {
		st = "entrained"
	}
	return []Say{{"all", fmt.Sprintf("🚂 %s by rail %s → %s, %s (002 8.9).", strings.Join(e.Names, ", "), e.From, e.To, st)}, {string(engine.USA), strings.Join(e.Why, "\n")}}
}
