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

// Owing says who owes the step under way something: who the game's rules
// say (Hooks.DeadlineOwing: LRTG 21.2's written dispatches are each
// writer's), else, for each of Waiting()'s entries, the side it names
// first (the player who answers for it: Hooks.AnswersForSide), else the
// players it names. An entry that names neither is the umpire's, and has
// no deadline.
//
// A step of a game with steps:auto that waits for no one but has openings
// (sequence_auto.go) is owed by the players it is still open to: their
// deadline's default ends the step as the umpire's /phase next would, so
// a missed deadline counts as their /phase done.
func (g GameState) Owing() []Owed {
	waits := g.Waiting()
	if len(waits) == 0 {
		return g.openingsOwing()
	}
	if f := g.deadlineHooks().DeadlineOwing; f != nil {
		if out, ok := f(g); ok {
			return out
		}
	}
	var out []Owed
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
				out = AddOwed(out, p, w)
			}
			continue
		}
		for _, p := range g.Players {
			if p.Actor.Name != "" && strings.Contains(w, p.Actor.Name) {
				out = AddOwed(out, p, w)
			}
		}
	}
	return out
}

// AddOwed adds what a player owes to the list: to his entry when he has
// one, else as a new entry.
func AddOwed(out []Owed, p Player, what string) []Owed {
	for i := range out {
		if out[i].Player.ID == p.Actor.ID {
			out[i].What = append(out[i].What, what)
			return out
		}
	}
	return append(out, Owed{Player: p.Actor, Side: p.Side, What: []string{what}})
}

// deadlineAnswerers returns the players who answer for the side
// (Hooks.AnswersForSide; all its players when none does).
func (g GameState) deadlineAnswerers(s Side) []Player {
	answers := func(p Player) bool { return p.Overall }
	if f := g.deadlineHooks().AnswersForSide; f != nil {
		answers = func(p Player) bool { return f(g, p) }
	}
	var all, over []Player
	for _, p := range g.Players {
		if p.Side != s {
			continue
		}
		all = append(all, p)
		if answers(p) {
			over = append(over, p)
		}
	}
	if len(over) > 0 {
		return over
	}
	return all
}

// deadlineHooks are the game's hooks the deadlines ask (none before the
// game is created).
func (g GameState) deadlineHooks() Hooks {
	if g.rules == nil {
		return Hooks{}
	}
	return g.rules.hooks
}

// OwedSides are the sides of the players who owe, in their order.
func OwedSides(out []Owed) []Side {
	var sides []Side
	for _, o := range out {
		if !slices.Contains(sides, o.Side) {
			sides = append(sides, o.Side)
		}
	}
	return sides
}

// openingsOwing is who owes a step that waits for no one in a game with
// steps:auto: each player it is still open to, what it opens to him.
func (g GameState) openingsOwing() []Owed {
	if !g.Options.AutoSteps() {
		return nil
	}
	var out []Owed
	for _, o := range g.Openings() {
		if p := g.Player(o.Player.ID); p != nil {
			out = AddOwed(out, *p, openingWait(o))
		}
	}
	return out
}

// openingWait is an opening as the deadline's wait records it (its code,
// and how the player closes it).
func openingWait(o Opening) string {
	return o.Code + ", then /phase done"
}

// deadlineWaits are what the deadline's wait records of the step: its
// waits, or in a game with steps:auto its open openings.
func (g GameState) deadlineWaits() []string {
	if w := g.Waiting(); len(w) > 0 || !g.Options.AutoSteps() {
		return w
	}
	var out []string
	for _, o := range g.Openings() {
		if s := openingWait(o); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
