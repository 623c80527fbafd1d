package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 8.9 Railroad Movement: what a rail move may carry (RailCapacity) and
// what a leg costs (RailMove). play_rail.go wires it to the game.

// RailCapacity checks the units moving by rail this Movement Phase
// (8.9 Rail Capacity): one corps, or the artillery division, or two of
// detachments, militia units, supply wagons and cavalry divisions (in any
// mix), plus the department leader and cavalry commander. Units that
// start entrained and do not move by rail are not given.
func RailCapacity(units []MoveUnit) (string, error) {
	var corps, art, small []string
	for _, u := range units {
		if u.Side != engine.USA {
			return "", engine.Illegal("litn.rail.side", u.name()+" is Confederate", "Only Union units may move by rail (002 8.9)")
		}
		switch {
		case u.Role == CommandDepartment || u.Role == CommandCavalryCommander:
		case u.infantryFormation():
			corps = append(corps, u.name())
		case u.Role == CommandArtillery:
			art = append(art, u.name())
		case u.Role == CommandDetachment || u.Role == CommandMilitia || u.Role == CommandWagon || (u.Role == CommandLeader && u.Troop == CommandCavalry):
			small = append(small, u.name())
		default:
			return "", engine.Illegal("litn.rail.unit", u.name()+" cannot move by rail", "002 8.9 Rail Capacity")
		}
	}
	groups := 0
	for _, g := range [][]string{corps, art, small} {
		if len(g) > 0 {
			groups++
		}
	}
	all := append(append(append([]string(nil), corps...), art...), small...)
	sort.Strings(all)
	if groups > 1 || len(corps) > 1 || len(art) > 1 || len(small) > 2 {
		return "", engine.Illegal("litn.rail.capacity", "Too many units by rail this phase: "+strings.Join(all, ", "),
			"The Union may move by rail one corps, or his artillery division, or two detachments, militia units, supply wagons or cavalry divisions, plus the department leader and cavalry commander (002 8.9)")
	}
	return "002 8.9: within the rail capacity: " + strings.Join(all, ", "), nil
}

// RailLeg is a unit's rail move in one phase.
type RailLeg struct {
	Unit    MoveUnit
	Entrain bool // it entrains this phase (1 MP)
	Hexes   int  // hexes along the rail line
	Detrain bool // it detrains this phase (1 MP)
	// Destination: it is entrained with a Destination marker from last
	// phase and continues by the most direct route to it (the caller
	// vouches for the route): no CP needed, at most 28 hexes, and it may
	// detrain on arriving.
	Destination bool
	Arrives     bool // reaches the destination this phase
	// Lines: the route uses only rail hexes north of the Potomac and the
	// B&O south of it (1529 to 1021): the map data lacks the lines.
	Lines bool
}

// RailMove settles a rail leg's MPs (8.9): 1 to entrain, 1 per 7 hexes
// (a part of 7 costs 1: the rules do not say), 1 to detrain; toward a
// Destination marker no CP and at most 28 hexes a turn.
func RailMove(l RailLeg) (int, string, error) {
	u := l.Unit
	switch {
	case u.Side != engine.USA:
		return 0, "", engine.Illegal("litn.rail.side", u.name()+" is Confederate", "Only Union units may move by rail (002 8.9)")
	case !l.Lines:
		return 0, "", engine.Illegal("litn.rail.lines", "The route leaves the lines the Union may use", "Any rail hex north of the Potomac and the B&O south of it, 1529 to 1021, not 1529 to 1031 (002 8.9)")
	case l.Hexes < 0:
		return 0, "", engine.Invalid("litn.rail.hexes", "A negative number of hexes", "Count the rail hexes moved")
	case !l.Entrain && !u.Entrained:
		return 0, "", engine.Illegal("litn.rail.entrain", u.name()+" is not entrained", "Entrain in a rail hex first, 1 MP (002 8.9)")
	case l.Entrain && u.Entrained:
		return 0, "", engine.Illegal("litn.rail.entrained", u.name()+" is already entrained", "It moves on without entraining again (002 8.9)")
	}
	if l.Destination {
		if l.Entrain {
			return 0, "", engine.Illegal("litn.rail.destination", "A Destination marker is for a unit left entrained last phase", "002 8.9 Destination Markers")
		}
		if l.Hexes > 28 {
			return 0, "", engine.Illegal("litn.rail.28", fmt.Sprintf("%d hexes toward the destination", l.Hexes), "Without a CP an entrained unit moves at most 28 hexes (4 MP's worth) a turn toward its destination (002 8.9)")
		}
		if l.Detrain && !l.Arrives {
			return 0, "", engine.Illegal("litn.rail.arrive", "It may detrain without a CP only on arriving at the destination", "To go elsewhere it needs a CP, and the marker is removed (002 8.9)")
		}
		return 0, fmt.Sprintf("002 8.9: %s goes %d hexes toward its Destination marker by the most direct route, without a CP%s", u.name(), l.Hexes, lmIf(l.Detrain, ", and detrains on arriving", "")), nil
	}
	cost, parts := 0, []string{}
	if l.Entrain {
		cost++
		parts = append(parts, "1 to entrain")
	}
	if l.Hexes > 0 {
		n := (l.Hexes + 6) / 7
		cost += n
		parts = append(parts, fmt.Sprintf("%d for %d rail hexes (1 per 7)", n, l.Hexes))
	}
	if l.Detrain {
		cost++
		parts = append(parts, "1 to detrain")
	}
	return cost, fmt.Sprintf("002 8.9: %s by rail: %d MP (%s)%s", u.name(), cost, strings.Join(parts, ", "), lmIf(!l.Detrain, "; it stays entrained and may get a Destination marker", "")), nil
}
