package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 6.3 Detachments in play: DetachCmd detaches a leader's detachment or
// reattaches one (the pure rules are Detach and ReattachDetachment in
// move_detach.go).

func (g Game) decideDetachCmd(c DetachCmd) ([]engine.Event, error) {
	p, side, err := g.needMover(c.By, "Detaching and reattaching")
	if err != nil {
		return nil, err
	}
	u, err := g.ownUnit(c.By, c.Unit)
	if err != nil {
		return nil, err
	}
	if u.Side != side || !u.OnMap() {
		return nil, engine.Illegal("litn.detach.side", u.Name+" is not a phasing unit on the map", "Detachments are made in their side's Movement Phase (002 6.3)")
	}
	if c.Reattach != "" {
		l, err := g.ownUnit(c.By, c.Reattach)
		if err != nil {
			return nil, err
		}
		start := !p.Moved[l.ID] && p.Spent[l.ID] == 0 && !p.Moved[u.ID]
		ra, err := ReattachDetachment(g.moveUnit(l), g.moveUnit(u), start)
		if err != nil {
			return nil, err
		}
		l.Strength = ra.Leader.Strength
		u.Eliminated, u.Strength = true, 0 // absorbed: the counter leaves the map
		return []engine.Event{&DetachEvent{By: c.By, Side: side, Unit: u, Leader: l, Reattach: true, Forfeited: ra.Forfeited, Why: []string{ra.Why}}}, nil
	}
	if _, ok := p.Allowance[u.ID]; !ok {
		return nil, engine.Illegal("litn.detach.allowance", u.Name+" has no allowance this phase", "002 6.3: the detachment takes the detaching unit's allowance")
	}
	n := 1
	for {
		if _, ok := g.LITN.Units[fmt.Sprintf("%s.det%d", u.ID, n)]; !ok {
			break
		}
		n++
	}
	id := fmt.Sprintf("%s.det%d", u.ID, n)
	name := strings.TrimSpace(c.Name)
	if name == "" {
		name = fmt.Sprintf("%s detachment %d", u.Name, n)
	}
	dt, err := Detach(g.moveUnit(u), id, name, c.Strength, p.Moved[u.ID] || p.Spent[u.ID] > 0)
	if err != nil {
		return nil, err
	}
	det := Unit{ID: id, Name: name, Side: u.Side, Troops: u.Troops, Strength: c.Strength, Original: c.Strength,
		Command: u.Command, Initiative: u.Initiative, CombatBonus: u.CombatBonus, Rank: u.Rank, SubordinateTo: u.SubordinateTo,
		At: u.At, Hex: u.Hex, Parent: u.ID}
	u.Strength = dt.Parent.Strength
	return []engine.Event{&DetachEvent{By: c.By, Side: side, Unit: det, Leader: u, Why: append(dt.Why,
		"its ratings are taken from "+u.Name+": the detachment counters' printed ratings are not in the seeds (the umpire may correct)")}}, nil
}

// Say implements Sayer: the counter is on the open map; strengths are
// the side's.
func (e *DetachEvent) Say(g Game) []Say {
	if e.Reattach {
		return []Say{{"all", fmt.Sprintf("🔗 %s rejoins %s at %s (002 6.3).", e.Unit.Name, e.Leader.Name, e.Leader.At)},
			{string(e.Side), strings.Join(e.Why, "; ")}}
	}
	return []Say{{"all", fmt.Sprintf("✂️ %s forms a detachment, %s, at %s (002 6.3).", e.Leader.Name, e.Unit.Name, e.Unit.At)},
		{string(e.Side), strings.Join(e.Why, "; ")}}
}
