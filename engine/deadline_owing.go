// Who owes what at a step that waits on players (issue 9): the players a
// deadline reminds and defaults, read from the step's waits.

package engine

import (
	"regexp"
	"slices"
	"strings"
)

// Owed is what a player owes the step under way.
type Owed struct {
	Player Actor
	Side   Side
	What   []string // the step's waits that are his
}

var sideWords = regexp.MustCompile(`\b(CSA|USA|Confederate|Confederates|Union)\b`)

// Owing says who owes the step under way something: for each of
// Waiting()'s entries, the side it names first (its overall commander
// answers for it, LRTG 21.1), else the players it names; the written
// dispatches of the communications phase are each writer's. An entry that
// names neither is the umpire's, and has no deadline.
func (g GameState) Owing() []Owed {
	waits := g.Waiting()
	if len(waits) == 0 {
		return nil
	}
	var out []Owed
	add := func(p Player, what string) {
		for i := range out {
			if out[i].Player.ID == p.Actor.ID {
				out[i].What = append(out[i].What, what)
				return
			}
		}
		out = append(out, Owed{Player: p.Actor, Side: p.Side, What: []string{what}})
	}
	if g.Game() == LRTG && g.CurrentStep() == stepComms {
		for _, p := range g.commsWriters() {
			if !slices.Contains(g.Comms.Done, p.Actor.ID) {
				add(p, "your dispatches (/dispatch send, then /dispatch done)")
			}
		}
		return out
	}
	for _, w := range waits {
		if strings.HasPrefix(strings.ToLower(w), "the umpire") {
			continue // the umpire's own ruling: no deadline
		}
		if m := sideWords.FindString(w); m != "" {
			side := CSA
			if m == "USA" || m == "Union" {
				side = USA
			}
			for _, p := range g.deadlineAnswerers(side) {
				add(p, w)
			}
			continue
		}
		for _, p := range g.Players {
			if p.Actor.Name != "" && strings.Contains(w, p.Actor.Name) {
				add(p, w)
			}
		}
	}
	return out
}

// deadlineAnswerers returns the side's overall commander (all its players when
// none acts as one).
func (g GameState) deadlineAnswerers(s Side) []Player {
	var all, over []Player
	for _, p := range g.Players {
		if p.Side != s {
			continue
		}
		all = append(all, p)
		if g.ActsAsOverall(p) {
			over = append(over, p)
		}
	}
	if len(over) > 0 {
		return over
	}
	return all
}

func owedSides(out []Owed) []Side {
	var sides []Side
	for _, o := range out {
		if !slices.Contains(sides, o.Side) {
			sides = append(sides, o.Side)
		}
	}
	return sides
}
