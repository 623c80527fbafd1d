package litn

import (
	"sort"

	"github.com/umpire-games/umpire/engine"
)

// Folding the Combat Phase's events (3.1 G) into the state: battles
// opened, declarations, a battle's results (losses, leader casualties,
// victories: 10.5-10.8, 14.3), retreats (10.6) and wagon depletion (9.2).

func applyCombat(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *BattlesOpened:
		g.LITN.Combat.Turn = e.Turn
		m := map[string]BattlePlay{}
		for _, o := range e.Battles {
			m[o.Hex] = BattlePlay{Hex: o.Hex, First: o.First, FirstWhy: o.Why, Fortification: o.Fortification}
		}
		g.LITN.Combat.Battles = m
		return g, true
	case *AttackDeclared:
		b, ok := g.BattleAt(e.Hex)
		if !ok {
			return g, true
		}
		b = b.clone()
		b.Fortification = b.Fortification || e.Fortification
		if e.Declined {
			b.Declined = append(b.Declined, e.Side)
			b.NoCombat = e.NoCombat
		} else {
			b.Attacker = e.Side
			b.Participants = map[engine.Side][]string{e.Side: append([]string(nil), e.Attackers...), engine.EnemyOf(e.Side): append([]string(nil), e.Defenders...)}
		}
		return g.withBattle(b), true
	case *SupplyDeclared:
		b, ok := g.BattleAt(e.Hex)
		if !ok {
			return g, true
		}
		b = b.clone()
		sup := e.Supply
		sup.LossOrder = append([]string(nil), sup.LossOrder...)
		b.Supply[e.Side] = sup
		return g.withBattle(b), true
	case *OptionChosen:
		b, ok := g.BattleAt(e.Hex)
		if !ok {
			return g, true
		}
		b = b.clone()
		b.Options[e.Side] = e.Option
		return g.withBattle(b), true
	case *BattleFought:
		return g.applyBattle(e), true
	case *SurpriseRolled, *NoReaction:
		return g.applySurprise(e), true
	case *Retreated:
		var us []Unit
		for _, id := range e.Units {
			u, ok := g.LITN.Units[id]
			if !ok {
				continue
			}
			if e.Removed {
				u.Eliminated = true
			} else {
				u.At, u.Hex = e.Path[len(e.Path)-1], e.To
			}
			us = append(us, u)
		}
		return g.withUnits(us...), true
	case *WagonsFlipped:
		var ws []WagonPiece
		for _, id := range e.Wagons {
			if w, ok := g.LITN.Wagons[id]; ok {
				w.Depleted, w.Depletion, w.Undeplete = true, false, false
				ws = append(ws, w)
			}
		}
		return g.withWagons(ws...), true
	}
	return g, false
}

// applyBattle applies a battle's results: strengths, eliminations,
// demoralization, the intrinsic strength, Depletion markers, leader
// casualties, the retreats due and the victory.
func (g Game) applyBattle(e *BattleFought) Game {
	if e.Battle.Surprise {
		return g.applySurpriseBattle(e)
	}
	b, ok := g.BattleAt(e.Hex)
	if !ok {
		return g
	}
	g, b = g.battleResults(b.clone(), e)
	return g.withBattle(b)
}

// battleResults applies a battle's results to the state and to its
// battle record b (a clone), shared by the Combat Phase's battles and the
// surprise attacks (14.2).
func (g Game) battleResults(b BattlePlay, e *BattleFought) (Game, BattlePlay) {
	res := e.Result
	sides := [2]engine.Side{e.Attacker, engine.EnemyOf(e.Attacker)}
	changed := map[string]Unit{}
	get := func(id string) (Unit, bool) {
		if u, ok := changed[id]; ok {
			return u, true
		}
		u, ok := g.LITN.Units[id]
		return u, ok
	}
	intrinsic := combatCopyInts(g.LITN.Combat.Intrinsic)
	for r := range sides {
		for id, n := range res.Losses[r] {
			if id == IntrinsicID {
				intrinsic[e.Hex] += n
				continue
			}
			if u, ok := get(id); ok {
				u.Strength = max(0, u.Strength-n)
				if u.Strength == 0 {
					u.Eliminated = true // 2.2: a unit that loses all its strength points
				}
				changed[id] = u
			}
		}
		if res.Demoralized[r] {
			for _, id := range b.Participants[sides[r]] {
				if u, ok := get(id); ok && !u.Eliminated {
					u.Demoralized = true // 10.6: all participating combat units
					changed[id] = u
				}
			}
		}
	}
	if res.IntrinsicEliminated {
		intrinsic[e.Hex] = IntrinsicStart
	}
	for _, id := range e.Killed {
		u, ok := get(id)
		if !ok {
			continue
		}
		if u.IsCombat() && !u.Eliminated {
			// 14.3: his unit is replaced by a detachment of equal strength.
			u.Name, u.Parent = "Detachment ("+u.Name+" killed)", u.ID
		} else {
			u.Eliminated = true
		}
		changed[id] = u
	}
	var us []Unit
	for _, u := range changed {
		us = append(us, u)
	}
	sort.Slice(us, func(i, j int) bool { return us[i].ID < us[j].ID })
	g = g.withUnits(us...)
	var ws []WagonPiece
	for _, w := range res.Wagons {
		if w.Roll != nil && w.Roll.Outcome == "depleted" {
			if p, ok := g.LITN.Wagons[w.Wagon]; ok {
				p.Depletion = true
				ws = append(ws, p)
			}
		}
	}
	g = g.withWagons(ws...)
	g.LITN.Combat.Intrinsic = intrinsic
	// 10.8: losses over consecutive turns of combat in the hex.
	fought := map[string]HexFight{}
	for k, v := range g.LITN.Combat.Fought {
		fought[k] = v
	}
	prev := fought[e.Hex]
	rec := HexFight{Turn: e.Turn, NonMilitia: map[engine.Side]int{}}
	if prev.Turn == e.Turn-1 || prev.Turn == e.Turn { // == e.Turn: after a surprise attack this turn (14.2)
		for k, v := range prev.NonMilitia {
			rec.NonMilitia[k] = v
		}
	}
	for r := range sides {
		rec.NonMilitia[sides[r]] += res.NonMilitia[r]
	}
	if len(res.Retreats) > 0 {
		delete(fought, e.Hex) // one side finally retreats: the count ends
	} else {
		fought[e.Hex] = rec
	}
	g.LITN.Combat.Fought = fought
	if v := res.Victory; v != nil {
		vs := append([]VictoryRecord(nil), g.LITN.Combat.Victories...)
		g.LITN.Combat.Victories = append(vs, VictoryRecord{Turn: e.Turn, Hex: e.Hex, Winner: sides[v.Winner], Major: v.Major, VP: v.VP})
	}
	b.Fought = true
	rc := res
	b.Result = &rc
	for _, d := range res.Retreats {
		b.Due = append(b.Due, SideRetreat{Side: sides[d.Role], Reason: d.Reason})
	}
	return g, b
}

func combatCopyInts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}
