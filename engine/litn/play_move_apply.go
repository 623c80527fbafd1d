package litn

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Folding the Command and Movement Phases' events (3.1 C-F) into the
// state: allowances, spent MPs, positions, reactions, works and rail
// moves (7.1, 8.1-8.9). The deciders are in play_command_phase.go,
// play_movement.go, play_reaction.go, play_detach.go, play_works.go and
// play_rail.go.

func applyMoves(g Game, e engine.Event) (Game, bool) {
	mv := g.LITN.Moves
	switch e := e.(type) {
	case *Declared:
		if len(e.BasicMA) > 0 {
			mv.BasicMA = lpmClone(mv.BasicMA)
			for k, v := range e.BasicMA {
				mv.BasicMA[k] = v
			}
		}
		if len(e.Year) > 0 {
			cp, bc := lpmClone(mv.Year.CommandPoint), lpmClone(mv.Year.Broadcast)
			if v, ok := e.Year["command-point"]; ok {
				cp[e.Years] = v
			}
			if v, ok := e.Year["broadcast"]; ok {
				bc[e.Years] = v
			}
			mv.Year = YearModifiers{CommandPoint: cp, Broadcast: bc}
		}
		if len(e.LOC) > 0 {
			mv.NoLOC = lpmClone(mv.NoLOC)
			for id, has := range e.LOC {
				if has {
					delete(mv.NoLOC, id)
				} else {
					mv.NoLOC[id] = true
				}
			}
		}
	case *Arrived:
		g = g.withUnits(e.Units...)
	case *CommandRolled:
		ph := NewCommandPhase(e.Context)
		for _, r := range e.Rolls {
			ph = ph.WithRoll(r)
		}
		mv.Command = lpmClone(mv.Command)
		mv.Command[e.Context.Side] = ph
	case *BroadcastMade:
		mv.Command = lpmClone(mv.Command)
		mv.Command[e.Side] = g.CommandOf(e.Side).WithBroadcast(e.Broadcast)
	case *MovementBegun:
		mv.Phase = &PhaseMoves{Turn: e.Turn, Step: e.Step, Side: e.Side, Allowance: lpmClone(e.Allowance), Start: lpmClone(e.Start),
			Spent: map[string]int{}, Moved: map[string]bool{}, Ended: map[string]bool{}, ForceMarched: map[string]bool{},
			Entrench: map[string]bool{}, Repair: map[string]string{}, Reactions: Reactions{Mover: e.Side}}
	case *Moved:
		g, mv = applyMoved(g, mv, e)
	case *DetachEvent:
		p := mv.Phase.clone()
		if e.Reattach {
			g = g.withUnits(e.Unit, e.Leader)
			if p != nil {
				p.Spent[e.Leader.ID]++ // 6.3: the leader pays 1 MP
			}
		} else {
			g = g.withUnits(e.Unit, e.Leader)
			if p != nil {
				p.Allowance[e.Unit.ID] = p.Allowance[e.Leader.ID]
				p.Start[e.Unit.ID] = e.Unit.At
				p.Spent[e.Unit.ID] = 1 // 6.3: the detachment pays 1 MP
			}
		}
		mv.Phase = p
	case *Worked:
		p := mv.Phase.clone()
		switch e.Kind {
		case "entrench":
			for _, id := range e.Units {
				p.Entrench[id] = true
			}
		case "repair-bridge":
			for _, id := range e.Units {
				p.Repair[id] = strings.Join(e.Places, "\x00")
			}
		case "destroy-bridge":
			mv.DestroyedBridges = lpmClone(mv.DestroyedBridges)
			for _, pl := range e.Places {
				mv.DestroyedBridges[pl] = true
			}
		case "destroy-rail":
			mv.DestroyedRail = lpmClone(mv.DestroyedRail)
			mv.DestroyedRail[e.At] = true
		case "repair-rail":
			mv.DestroyedRail = lpmClone(mv.DestroyedRail)
			delete(mv.DestroyedRail, e.At)
		}
		for _, id := range e.Units {
			p.Spent[id] += e.Cost
			if e.Cost > 0 {
				p.Moved[id] = true
			}
		}
		mv.Phase = p
	case *RailMoved:
		p := mv.Phase.clone()
		mv.Entrained = lpmClone(mv.Entrained)
		for _, id := range e.Units {
			p.Spent[id] += e.Cost
			p.Moved[id] = true
			p.Rail = append(p.Rail, id)
			if e.Entrained {
				mv.Entrained[id] = true
			} else {
				delete(mv.Entrained, id)
			}
		}
		g = place(g, e.Units, e.To, e.Hex)
		mv.Phase = p
	case *PhaseSettled:
		mv.Entrenchment = lpmClone(mv.Entrenchment)
		mv.Entrenched = lpmClone(mv.Entrenched)
		for _, st := range e.Entrenchment {
			if st.Stage == NotEntrenched {
				delete(mv.Entrenchment, st.Unit)
			} else {
				mv.Entrenchment[st.Unit] = st
			}
			if st.Stage == Entrenched {
				mv.Entrenched[st.Unit] = true
			} else {
				delete(mv.Entrenched, st.Unit)
			}
		}
		if len(e.Repaired) > 0 {
			mv.DestroyedBridges = lpmClone(mv.DestroyedBridges)
			for _, pl := range e.Repaired {
				delete(mv.DestroyedBridges, pl)
			}
		}
	default:
		return g, false
	}
	g.LITN.Moves = mv
	return g, true
}

// place moves units and wagons to a hex.
func place(g Game, ids []string, at string, h engine.Hex) Game {
	var us []Unit
	var ws []WagonPiece
	for _, id := range ids {
		if u, ok := g.LITN.Units[id]; ok {
			u.At, u.Hex = at, h
			us = append(us, u)
		} else if w, ok := g.LITN.Wagons[id]; ok {
			w.At, w.Hex = at, h
			ws = append(ws, w)
		}
	}
	return g.withUnits(us...).withWagons(ws...)
}

func applyMoved(g Game, mv MovePlay, e *Moved) (Game, MovePlay) {
	p := mv.Phase.clone()
	if p == nil {
		p = &PhaseMoves{Spent: map[string]int{}, Moved: map[string]bool{}, Ended: map[string]bool{}, ForceMarched: map[string]bool{}, Entrench: map[string]bool{}, Repair: map[string]string{}}
	}
	if e.Reactions != nil {
		p.Reactions = *e.Reactions
	}
	if len(e.Released) > 0 {
		mv.Released = lpmClone(mv.Released)
		for _, id := range e.Released {
			mv.Released[id] = true
		}
	}
	if e.Stopped {
		for _, id := range e.Units {
			p.Ended[id] = true
			p.Moved[id] = true
		}
		mv.Phase = p
		return g, mv
	}
	if e.Result == nil || len(e.Path) == 0 {
		mv.Phase = p
		return g, mv
	}
	to := e.Path[len(e.Path)-1]
	g = place(g, e.Units, to, e.To)
	if e.Reaction == nil {
		for _, id := range e.Units {
			p.Spent[id] = e.Result.Spent[id]
			p.Moved[id] = true
			if e.Result.Ended {
				p.Ended[id] = true
			}
			if e.March > 0 {
				p.ForceMarched[id] = true
			}
		}
		p.Last = &LastMove{Units: append([]string(nil), e.Units...), Hexes: append([]string(nil), e.Path...), First: p.Steps + 1}
		p.Steps += len(e.Path)
	}
	for _, id := range e.Stops {
		p.Ended[id] = true
	}
	// 8.8: an entrenched unit that moves loses its marker.
	if mv.Entrenched != nil || mv.Entrenchment != nil {
		mv.Entrenched, mv.Entrenchment = lpmClone(mv.Entrenched), lpmClone(mv.Entrenchment)
		for _, id := range e.Units {
			delete(mv.Entrenched, id)
			delete(mv.Entrenchment, id)
		}
	}
	// 8.6: force-march losses.
	var us []Unit
	for _, l := range e.Losses {
		if u, ok := g.LITN.Units[l.Unit]; ok && l.Lost > 0 {
			u.Strength = max(0, u.Strength-l.Lost)
			us = append(us, u)
		}
	}
	g = g.withUnits(us...)
	// 8.3: enemy non-combat units alone are eliminated.
	var dead []Unit
	var gone []WagonPiece
	for _, id := range e.Result.Eliminated {
		if u, ok := g.LITN.Units[id]; ok {
			u.Eliminated = true
			dead = append(dead, u)
		} else if w, ok := g.LITN.Wagons[id]; ok {
			w.At = ""
			gone = append(gone, w)
		}
	}
	g = g.withUnits(dead...).withWagons(gone...)
	mv.Phase = p
	return g, mv
}
