package bot

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// commandersText is a side's players as /game status names them for the
// viewer. Their names are the table's (they sit at it, and join in its
// channel). The division of command (LRTG 21.1: the overall commander and
// the forces each player commands) is told in full in an open game, where
// every unit and who moves it is in view and 21 keeps nothing of it
// secret; in a hidden mode (limited intelligence, double-blind) it is the
// side's own (issue 22): which player commands a corps would tell the
// enemy whose moves and dispatches concern which units, what 20 hides and
// 21.2's written communications keep between the side's commanders. The
// side's players and the umpire read it; the enemy and a guest read the
// names only.
func commandersText(g engine.GameState, viewer engine.Actor, side engine.Side) string {
	full := !g.Options.LimitedIntel || g.IsUmpire(viewer)
	if p := g.Player(viewer.ID); p != nil && p.Side == side {
		full = true
	}
	var ps []string
	for _, p := range g.Players {
		if p.Side != side {
			continue
		}
		s := p.Actor.Name
		if full && p.Overall {
			s += " (overall)"
		}
		if full && len(p.Commands) > 0 {
			s += " [" + strings.Join(p.Commands, ", ") + "]"
		}
		ps = append(ps, s)
	}
	if len(ps) == 0 {
		return "no one yet"
	}
	out := strings.Join(ps, "; ")
	if !full && len(ps) > 1 {
		out += " (their division of command is their side's, in a hidden game: LRTG 21.1)"
	}
	return out
}

// unitCommanders names the player who commands a unit (LRTG 21.1, as
// engine.GameState.Controls reads the division of command, Halleck's
// distant units included), for /oob: a side of several commanders reads
// whose each of its units is (issue 22). "" when the side has one player:
// every unit is his.
func unitCommanders(g engine.GameState, u engine.UnitState) string {
	n := 0
	var who []string
	for _, p := range g.Players {
		if p.Side != u.Side {
			continue
		}
		n++
		if g.Controls(p.Actor, u) {
			who = append(who, p.Actor.Name)
		}
	}
	switch {
	case n < 2:
		return ""
	case len(who) == 0:
		return "no one's (the umpire's to assign)"
	}
	return strings.Join(who, ", ")
}
