package lrtg

import "github.com/umpire-games/umpire/engine"

// Openings (engine/sequence_auto.go, issue 22): what players may do in a
// step of the sequence of play although the step waits for no one. A
// game with steps:auto does not pass such a step until every player it
// opens to has said /phase done (or the umpire's /phase next ends it).
// The steps' lists (lrtgStepRules, lrtaStepRules) name them; the rules
// that open each are quoted at each.

// openToEvery opens the step to every player of the game: 003 3 "Leader
// Transfer / Attachment Phase (all occur simultaneously)", both sides at
// once.
func openToEvery(code, rule string) func(g Game) []engine.Opening {
	return func(g Game) []engine.Opening {
		out := make([]engine.Opening, 0, len(g.Players))
		for _, p := range g.Players {
			out = append(out, engine.Opening{Player: p.Actor, Code: code, Rule: rule})
		}
		return out
	}
}

// openReinforcements opens the step to the players of the sides who
// control a unit received as a reinforcement (TurnStartState.Arrived)
// that has not yet entered the map: it enters at its entry hexes with
// /move (003 1 a), 1 b); LRTG 3.0-3.2; R.E. Lee's set-up with a corps
// commander, 000 VIII 3)).
//
// In a hidden mode (LRTG 20) the step opens to every player of the sides,
// arrivals or not: an opening the table reads must not tell it that a
// side has units still to enter.
func openReinforcements(rule string, sides ...engine.Side) func(g Game) []engine.Opening {
	return func(g Game) []engine.Opening {
		var out []engine.Opening
		for _, p := range g.Players {
			if !engine.Contains(sideNames(sides), string(p.Side)) {
				continue
			}
			if g.Options.LimitedIntel {
				out = append(out, engine.Opening{Player: p.Actor, Code: engine.OpenReinforcements, Rule: rule})
				continue
			}
			for _, id := range g.TurnStart.Arrived {
				if u, ok := g.Units[id]; ok && !u.OnMap && !u.Eliminated && u.Side == p.Side && g.Controls(p.Actor, u) {
					out = append(out, engine.Opening{Player: p.Actor, Code: engine.OpenReinforcements, Rule: rule})
					break
				}
			}
		}
		return out
	}
}

func sideNames(sides []engine.Side) []string {
	out := make([]string, len(sides))
	for i, s := range sides {
		out[i] = string(s)
	}
	return out
}

// openCommandGive opens the step to the overall commander of each side
// that has several commanders: he changes the control of units
// voluntarily (003 2 c) "Voluntary Change of control of units"; LRTG
// 21.1; LRTA's Command Transfers, 004 2).
func openCommandGive(rule string) func(g Game) []engine.Opening {
	return func(g Game) []engine.Opening {
		var out []engine.Opening
		for _, s := range []engine.Side{engine.CSA, engine.USA} {
			if len(g.sidePlayers(s)) < 2 {
				continue
			}
			if p := g.overallOf(s); p != nil {
				out = append(out, engine.Opening{Player: p.Actor, Code: engine.OpenCommandGive, Rule: rule})
			}
		}
		return out
	}
}

// openDispatches opens the communications phase to the commanders in a
// written pair (003 2 d); LRTG 21.2: 11 hexes or more apart) who have not
// said /dispatch done: before anyone sends a dispatch the phase waits for
// no one (comms.go, choice C10), yet each may write.
func openDispatches(rule string) func(g Game) []engine.Opening {
	return func(g Game) []engine.Opening {
		if g.Comms.Turn != g.Turn || g.Comms.Closed {
			return nil
		}
		var out []engine.Opening
		for _, p := range g.commsWriters() {
			if !engine.Contains(g.Comms.Done, p.Actor.ID) {
				out = append(out, engine.Opening{Player: p.Actor, Code: engine.OpenDispatches, Rule: rule})
			}
		}
		return out
	}
}

// openAll joins a step's openings.
func openAll(fs ...func(g Game) []engine.Opening) func(g Game) []engine.Opening {
	return func(g Game) []engine.Opening {
		var out []engine.Opening
		for _, f := range fs {
			out = append(out, f(g)...)
		}
		return out
	}
}
