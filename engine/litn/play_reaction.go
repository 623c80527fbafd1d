package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 8.5 Reaction Movement in play: ReactCmd, the non-phasing player's
// reaction to an enemy force moving next to his (the pure rules are
// Reactions in move_reaction.go).

func (g Game) decideReact(c ReactCmd, d engine.Dice) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Reacting", StepFirstMove, StepSecondMove); err != nil {
		return nil, err
	}
	mover := g.PhaseSide(g.CurrentStep())
	side := engine.EnemyOf(mover)
	if err := g.needSide(c.By, side, "Reaction in this Movement Phase"); err != nil {
		return nil, err
	}
	p := g.phase()
	if p == nil {
		return nil, engine.Illegal("litn.move.phase", "The Movement Phase has not begun", "The umpire begins the step with /phase next")
	}
	if p.Last == nil {
		return nil, engine.Illegal("litn.react.trigger", "No enemy force has moved yet this phase", "Reaction may be attempted only after an enemy force has moved (002 8.5)")
	}
	ms, err := g.movers(c.By, side, c.Units)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		// 15.4: "A disorganized unit may not move (including reaction
		// movement)"; the half allowance of 8.5 ignores CPs, so the check
		// is made here.
		if m.Unit.CannotMove != "" {
			return nil, engine.Illegal("litn.react.cannot-move", m.Unit.name()+": "+m.Unit.CannotMove, "React with other units")
		}
	}
	stack := force(ms)
	from := ms[0].At
	idx := len(p.Last.Hexes) - 1
	if at := strings.TrimSpace(c.At); at != "" {
		idx = -1
		for i, h := range p.Last.Hexes {
			if h == at {
				idx = i
			}
		}
		if idx < 0 {
			return nil, engine.Invalid("litn.react.at", fmt.Sprintf("The last enemy move did not enter %s", at), "Give at: one of its hexes: "+strings.Join(p.Last.Hexes, ", "))
		}
	}
	if c.Map == nil {
		return nil, fmt.Errorf("litn: reaction without the map")
	}
	th, _, err := c.Map.ParseHex(p.Last.Hexes[idx], "")
	if err != nil {
		return nil, err
	}
	tu, ok := g.LITN.Units[p.Last.Units[0]]
	var trigger MoveUnit
	if ok {
		trigger = g.moveUnit(tu)
	} else if w, ok := g.LITN.Wagons[p.Last.Units[0]]; ok {
		trigger = g.wagonUnit(w)
	}
	trigger.Hex = th
	a := ReactionAttempt{Stack: stack, Trigger: trigger, EnemyStep: p.Last.First + idx, ZoneBlocked: strings.TrimSpace(c.Blocked)}
	for _, u := range g.UnitsAt(from) {
		if u.Side == mover {
			a.EnemyInHex = g.stack(mover, from)
			break
		}
	}
	charts := g.moveCharts(c.Library)
	r := p.Reactions
	r.Mover = mover
	roll, next, err := r.Attempt(charts, a, d)
	if err != nil {
		return nil, err
	}
	e := &Moved{By: c.By, Side: side, From: from, Reaction: roll, EnemyStep: a.EnemyStep, To: stack[0].Hex}
	for _, u := range stack {
		e.Units = append(e.Units, u.ID)
		e.Names = append(e.Names, u.name())
	}
	if roll.May && len(c.Path) > 0 {
		if charts.Costs == nil {
			return nil, errMoveCostsMissing(c.Library)
		}
		steps, err := g.steps(c.Map, side, stack[0].Hex, charts.Costs, c.Path)
		if err != nil {
			return nil, err
		}
		f := ForceMA{Slowest: roll.Allowance}
		for _, u := range stack {
			f.Units = append(f.Units, UnitMA{Unit: u.ID, Base: roll.Allowance, Allowance: roll.Allowance})
		}
		res, err := PathCost(charts, Path{Force: stack, Allowance: f, Left: roll.Leave != nil && roll.Leave.Leaves, Steps: steps})
		if err != nil {
			return nil, err
		}
		e.Result = res
		for _, s := range steps {
			e.Path = append(e.Path, s.Label)
		}
		last := steps[len(steps)-1]
		e.To = last.To
		if last.EnemyCombat {
			next = next.WithHalted(roll.Leader)
			e.Halted = true
			// 8.3: an enemy unit reacting into a moving unit's hex ends
			// that unit's move for the phase.
			for _, u := range g.UnitsAt(last.Label) {
				if u.Side == mover {
					e.Stops = append(e.Stops, u.ID)
				}
			}
		}
	}
	e.Reactions = &next
	if side == engine.CSA && e.Result != nil {
		var hs []engine.Hex
		for _, s := range e.Result.Steps {
			if h, _, err := c.Map.ParseHex(s.Label, ""); err == nil {
				hs = append(hs, h)
			}
		}
		e.Released = g.releases(hs)
	}
	return []engine.Event{e}, nil
}
