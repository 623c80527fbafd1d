package litn

import (
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// A battle's forces read from the state (10): the units, leaders and
// wagons each side has in the hex as the pure combat rules (combat.go)
// see them, and the options each side may choose (10.3).

// sideAt are a side's units on the map in a hex.
func (g Game) sideAt(hex string, s engine.Side) []Unit {
	var out []Unit
	for _, u := range g.UnitsAt(hex) {
		if u.Side == s {
			out = append(out, u)
		}
	}
	return out
}

// fighting are a side's combat units in a hex with strength.
func (g Game) fighting(hex string, s engine.Side) []Unit {
	var out []Unit
	for _, u := range g.sideAt(hex, s) {
		if u.IsCombat() && u.Strength > 0 {
			out = append(out, u)
		}
	}
	return out
}

// combatLeaders are the leaders of units for the battle (6.4): sorted
// by rank, non-combat leaders before combat leaders of the same rank, then
// by id, and renumbered 1, 2, ... so that equal printed ranks (the sheets
// repeat them) still give one highest-ranking leader (docs/litn-play-combat.md).
// Militia and units without ratings are not leaders.
func combatLeaders(us []Unit) ([]Leader, map[string]string) {
	var ls []Unit
	for _, u := range us {
		if u.Militia || u.Rank < 1 || u.Command < 1 || u.Command > 4 {
			continue
		}
		ls = append(ls, u)
	}
	sort.SliceStable(ls, func(i, j int) bool {
		a, b := ls[i], ls[j]
		if a.Rank != b.Rank {
			return a.Rank < b.Rank
		}
		if a.IsCombat() != b.IsCombat() {
			return !a.IsCombat()
		}
		return a.ID < b.ID
	})
	ids := map[string]string{}
	var out []Leader
	for i, u := range ls {
		kind := CombatLeader
		switch {
		case u.Role == SheetDepartment:
			kind = Department
		case u.Role == SheetCavalryCommander:
			kind = CavalryChief
		case u.Role == SheetCorps, u.Role == SheetCouch && u.Troops == "":
			kind = CorpsLeader
		case u.Troops == string(Artillery) && u.Side == engine.USA:
			kind = UnionArty
		case u.Parent != "":
			kind = Detachment
		}
		out = append(out, Leader{Name: u.Name, Kind: kind, Rank: i + 1, Command: u.Command, Initiative: u.Initiative, CombatBonus: u.CombatBonus,
			McClellan: u.Side == engine.USA && u.Role == SheetDepartment && strings.Contains(strings.ToLower(u.Name), "mcclellan")})
		if _, dup := ids[u.Name]; !dup {
			ids[u.Name] = u.ID
		}
	}
	return out, ids
}

func (g Game) combatUnit(u Unit) CombatUnit {
	t := UnitType(u.Troops)
	if u.Militia {
		t = Militia
	}
	if t == "" {
		t = Infantry
	}
	return CombatUnit{ID: u.ID, Name: u.Name, Type: t, Strength: u.Strength, Entrenched: g.LITN.Moves.Entrenched[u.ID], Demoralized: u.Demoralized}
}

// priorLosses are a side's non-militia losses in the hex on the
// consecutive turns of combat before this one (10.8).
func (g Game) priorLosses(hex string, s engine.Side) int {
	f, ok := g.LITN.Combat.Fought[hex]
	// f.Turn == g.Turn only after a surprise attack there this turn
	// (14.2): its losses count with this turn's (docs/litn-play-combat.md).
	if !ok || f.Turn != g.Turn-1 && f.Turn != g.Turn {
		return 0
	}
	return f.NonMilitia[s]
}

func (g Game) force(b BattlePlay, s engine.Side) Force {
	f := Force{Side: s}
	f.Leaders, _ = combatLeaders(g.sideAt(b.Hex, s))
	for _, u := range g.staying(b, s) {
		if u.IsCombat() && u.Strength > 0 {
			f.Units = append(f.Units, g.combatUnit(u))
		}
	}
	sup := b.Supply[s]
	f.Supplied = sup.Supplied()
	if sup.Wagon != "" {
		f.Wagons = []Wagon{{ID: sup.Wagon, Marked: g.LITN.Wagons[sup.Wagon].Depletion}}
	}
	f.NoRetreatPath, f.LossOrder = sup.NoRetreatPath, append([]string(nil), sup.LossOrder...)
	f.EntrenchedFirst = s != b.Attacker
	f.PriorLosses = g.priorLosses(b.Hex, s)
	return f
}

// intrinsicLeft is a fortification hex's intrinsic strength left (13).
func (g Game) intrinsicLeft(hex string) int {
	return max(0, IntrinsicStart-g.LITN.Combat.Intrinsic[hex])
}

// BattleOf builds the pure battle of combat.go from the state:
// the leaders, participating units, supply, options, the fortification's
// intrinsic strength and the optional rules of the game (14.3). A battle
// of the Combat Phase is never a surprise attack (14.2: those are fought
// in the Movement Phase).
func (g Game) BattleOf(b BattlePlay) Battle {
	at, df := b.Attacker, engine.EnemyOf(b.Attacker)
	bt := Battle{Hex: b.Hex, Attacker: g.force(b, at), Defender: g.force(b, df),
		AttackerOption: b.Options[at], DefenderOption: b.Options[df], LeaderCasualties: OptionsOf(g.Options).LeaderCasualties}
	if b.Fortification && df == engine.USA {
		bt.Fortification = &Fortification{Intrinsic: g.intrinsicLeft(b.Hex)}
	}
	return bt
}

// OptionsFor lists the chits a side may play in a battle and why the
// others are refused (10.2, 10.3, 10.6, 13), for the buttons.
func (g Game) OptionsFor(b BattlePlay, s engine.Side) ([]Option, map[Option]string) {
	bt := g.BattleOf(b)
	return bt.OptionsAllowed(b.Role(s))
}

// ParseOption reads a chit's name or button code.
func ParseOption(s string) (Option, bool) {
	switch strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), " ")) {
	case "probe":
		return Probe, true
	case "assault":
		return Assault, true
	case "pitched", "pitched battle", "pitched_battle":
		return Pitched, true
	case "withdraw", "withdrawal":
		return Withdraw, true
	case "stand":
		return Stand, true
	}
	return "", false
}

// OptionCode is a chit's short code (button routes).
func OptionCode(o Option) string {
	if o == Pitched {
		return "pitched"
	}
	return strings.ToLower(string(o))
}
