package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// 10.6 Demoralization and Retreats: a retreat's path checked against the
// rules (ValidateRetreat). play_combat_retreat.go wires it to the game.

// RetreatStep is one hex of a declared retreat path, with what the map
// says about entering it.
type RetreatStep struct {
	Hex string `json:"hex"`
	// MP is the cost of entering the hex by the unit's terrain costs,
	// without ZOC costs (10.6: retreats do not pay them).
	MP int `json:"mp"`
	// EnemyStrength is the strength of enemy combat units in the hex.
	EnemyStrength int `json:"enemy_strength,omitempty"`
	// NonCombatOnly: the hex holds enemy non-combat units only.
	NonCombatOnly bool `json:"non_combat_only,omitempty"`
	// Bridge: the hexside crossed into the hex is a bridge hexside.
	Bridge bool `json:"bridge,omitempty"`
	// UnbridgedRiver: the hexside crossed into the hex is an unbridged
	// river hexside.
	UnbridgedRiver bool `json:"unbridged_river,omitempty"`
}

// Retreat is a retreat a player declares for units of a force, with
// the facts about the alternatives that the map works out.
type Retreat struct {
	Reason string `json:"reason"` // RetreatDemoralized, RetreatWithdraw or RetreatUnsupplied
	// ForceStrength is the strength of the retreating force, against
	// which enemy units block (20%, 10% at a bridge).
	ForceStrength int           `json:"force_strength"`
	Path          []RetreatStep `json:"path"` // the hexes entered, in order; the combat hex not included
	// ExitEnemyStrength: enemy strength that entered the battle through
	// the hexside the path leaves by (0 when none did), and whether that
	// hexside is a bridge; EnemyRetreatedFirst: those units retreated first.
	ExitEnemyStrength   int  `json:"exit_enemy_strength,omitempty"`
	ExitBridge          bool `json:"exit_bridge,omitempty"`
	EnemyRetreatedFirst bool `json:"enemy_retreated_first,omitempty"`
	// FewestMP is the fewest MPs of any legal retreat of at least 4 MPs
	// (4 when a path exactly 4 long exists); 0 when no legal route of at
	// least 4 MPs exists (the units are removed from play).
	FewestMP int `json:"fewest_mp"`
	// ClearAlternative: a legal path exists that enters no enemy-occupied
	// hex (combat or non-combat units) and leaves by no enemy entry
	// hexside.
	ClearAlternative bool `json:"clear_alternative,omitempty"`
	// Supply line lengths (MPs) from the combat hex, from the path's last
	// hex, and the shortest any legal end hex offers (demoralization).
	SupplyFrom, SupplyTo, SupplyBest int
	// Distances to the nearest other friendly force from the combat hex,
	// from the path's last hex, and the nearest any legal end hex offers.
	FriendFrom, FriendTo, FriendBest int
}

// RetreatNone is the error code for a retreat where no legal route of
// at least 4 MPs exists: the units are removed from play (10.6).
const RetreatNone = "litn.retreat.none"

// ValidateRetreat checks a declared retreat against the limits of 002
// 10.6 and returns nil when it is legal. The path itself, its costs and
// the alternatives come from the map.
func ValidateRetreat(r Retreat) error {
	if r.Reason != RetreatDemoralized && r.Reason != RetreatWithdraw && r.Reason != RetreatUnsupplied {
		return engine.Invalid("litn.retreat.reason", fmt.Sprintf("unknown retreat reason %q", r.Reason), "demoralized, withdraw or unsupplied")
	}
	if r.FewestMP == 0 {
		return engine.Illegal(RetreatNone, "no legal retreat route of at least 4 MPs: the retreating units are removed from play (002 10.6)", "Remove the units")
	}
	if len(r.Path) == 0 {
		return engine.Invalid("litn.retreat.path", "the retreat has no path", "Name the hexes the units retreat through")
	}
	blocks := func(enemy int, bridge bool) bool {
		if bridge {
			return enemy*10 >= r.ForceStrength // at least 10% blocks at a bridge
		}
		return enemy*5 >= r.ForceStrength // at least 20% blocks
	}
	throughEnemy := false
	if r.ExitEnemyStrength > 0 && !r.EnemyRetreatedFirst {
		if blocks(r.ExitEnemyStrength, r.ExitBridge) {
			return engine.Illegal("litn.retreat.exit", fmt.Sprintf("the path leaves by the hexside %d enemy strength points entered the battle through: at least %s of the retreating %d points blocks it", r.ExitEnemyStrength, choose(r.ExitBridge, "10% at a bridge", "20%"), r.ForceStrength),
				"002 10.6 Effect of Enemy Units: leave by another hexside")
		}
		throughEnemy = true
	}
	mp := 0
	for i, st := range r.Path {
		if st.UnbridgedRiver {
			return engine.Illegal("litn.retreat.river", fmt.Sprintf("step %d into %s crosses an unbridged river hexside", i+1, st.Hex), "002 10.6: retreating units cannot cross unbridged river hexsides")
		}
		if st.EnemyStrength > 0 {
			if blocks(st.EnemyStrength, st.Bridge) {
				return engine.Illegal("litn.retreat.enemy", fmt.Sprintf("%s holds %d enemy strength points: at least %s of the retreating %d points blocks the retreat", st.Hex, st.EnemyStrength, choose(st.Bridge, "10% across a bridge", "20%"), r.ForceStrength),
					"002 10.6 Effect of Enemy Units: retreat around it")
			}
			throughEnemy = true
		}
		if st.NonCombatOnly {
			throughEnemy = true
		}
		if st.MP < 0 {
			return engine.Invalid("litn.retreat.path", fmt.Sprintf("step %d into %s costs %d MPs", i+1, st.Hex, st.MP), "Costs are whole MPs")
		}
		mp += st.MP
		if mp >= 4 && i < len(r.Path)-1 {
			return engine.Illegal("litn.retreat.length", fmt.Sprintf("the retreat has spent %d MPs by %s and goes on", mp, st.Hex), "002 10.6: retreating units move 4 MPs; end the retreat there")
		}
	}
	if throughEnemy && r.ClearAlternative {
		return engine.Illegal("litn.retreat.enemy", "the path passes enemy units although a path clear of them exists", "002 10.6: units may retreat through enemy-occupied hexes (or leave through hexsides enemy units entered by) only if there is no alternative")
	}
	if mp != r.FewestMP {
		what := fmt.Sprintf("the retreat costs %d MPs", mp)
		if r.FewestMP == 4 {
			return engine.Illegal("litn.retreat.length", what+"; a path of exactly 4 MPs exists", "002 10.6: retreating units move 4 MPs (not paying ZOC costs)")
		}
		return engine.Illegal("litn.retreat.length", fmt.Sprintf("%s; no path is exactly 4 MPs long, and the fewest MPs any legal path takes is %d", what, r.FewestMP), "002 10.6: a unit may expend more than 4 MPs only as few additional MPs as possible")
	}
	switch r.Reason {
	case RetreatDemoralized:
		if r.SupplyBest < r.SupplyFrom {
			if r.SupplyTo >= r.SupplyFrom {
				return engine.Illegal("litn.retreat.supply", fmt.Sprintf("a demoralized retreat must end where the supply line is shorter than from the combat hex (%d MPs); it ends %d MPs from supply", r.SupplyFrom, r.SupplyTo),
					fmt.Sprintf("002 10.6: end the retreat in a hex with a supply line shorter than %d MPs", r.SupplyFrom))
			}
			return nil
		}
		fallthrough // not possible: closer to another friendly force, if possible
	default:
		if r.FriendBest < r.FriendFrom && r.FriendTo >= r.FriendFrom {
			return engine.Illegal("litn.retreat.friends", fmt.Sprintf("the retreat must end closer to another friendly force than the combat hex (%d); it ends %d away", r.FriendFrom, r.FriendTo),
				"002 10.6: end the retreat nearer another friendly force")
		}
	}
	return nil
}
