// Activate Army Leader (LRTG 10): who is an army leader, 10.1's
// conditions for an attempt and the attempt itself (/action army).

package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// armyCommands are the army leaders' designations: the Army of Northern
// Virginia (Lee), the Army of the Potomac (Hooker, Meade; LRTA's
// McClellan, "AP" in its order of battle) and LRTA's Army of Virginia
// (Pope, "AV").
var armyCommands = map[string]bool{"anv": true, "aop": true, "ap": true, "av": true}

// IsArmyLeader reports whether a unit is an army leader: Lee (ANV), Hooker
// or Meade (AoP); in LRTA Pope (AV) and McClellan (AP).
func IsArmyLeader(u engine.UnitState) bool {
	return u.Kind.IsLeader() && armyCommands[strings.ToLower(u.Command)]
}

// ArmyLeaderUnitKinds are the kinds of unit an army leader may select
// (10.1 2): "any combination of infantry, cavalry, or artillery";
// militia are infantry).
var ArmyLeaderUnitKinds = []engine.UnitKind{engine.KindInfantry, engine.KindCavalry, engine.KindArtillery, engine.KindMilitia}

// armyConditions checks 10.1's conditions for an attempt, and returns the
// rules broken and the distance to the nearest eligible infantry.
func (g Game) armyConditions(side engine.Side, leader engine.UnitState, units []string) ([]*engine.RuleError, int, error) {
	var broken []*engine.RuleError
	rule := func(code, what, hint, sec string) { broken = append(broken, moveRule(code, what, hint, sec)) }
	switch v := g.variant().unionArmyLeader; {
	case side != engine.USA:
	case v != nil:
		if e := v(g, leader); e != nil {
			broken = append(broken, e)
		}
	default:
		if !g.Movement.Meade {
			rule("army.meade", "The Union may activate its army leader only once Meade has assumed command", "", "LRTG 10.1")
		}
		if leader.ID == "usa.hooker" {
			rule("army.meade", "Hooker may not activate as army leader: the Union's army leader is Meade", "", "LRTG 10.1")
		}
	}
	if !leader.OnMap || leader.Eliminated {
		return nil, 0, engine.Illegal("army.leader", leader.Name+" is not on the map", "")
	}
	if !g.armyLeaderStacked(side, leader) {
		rule("army.stack", leader.Name+" is not stacked with another friendly non-cavalry leader", "Move him to a corps leader's hex first", "LRTG 10.1")
	}
	nearest := g.nearestFreshInfantry(side, leader.Hex)
	if nearest < 0 {
		rule("army.infantry", "No friendly infantry at fatigue 3 or less is on the map, so none is within the army leader's command radius", "", "LRTG 10.1")
	}
	broken = append(broken, g.armyAttemptLimits(side)...)
	unitRules, err := g.armyUnitRules(side, units)
	if err != nil {
		return nil, 0, err
	}
	return append(broken, unitRules...), nearest, nil
}

// armyLeaderStacked reports whether the army leader is stacked with
// another friendly non-cavalry leader (10.1).
func (g Game) armyLeaderStacked(side engine.Side, leader engine.UnitState) bool {
	stacked := false
	for _, id := range g.StackAt(leader.Hex) {
		o := g.Units[id]
		if id != leader.ID && o.Side == side && o.Kind.IsLeader() && !strings.EqualFold(o.Command, "Cav") && !o.Eliminated {
			stacked = true
		}
	}
	return stacked
}

// nearestFreshInfantry is the distance from h to the side's nearest
// infantry at fatigue 3 or less on the map (10.1's command radius), -1 when
// there is none.
func (g Game) nearestFreshInfantry(side engine.Side, h engine.Hex) int {
	nearest := -1
	for _, id := range g.sortedUnits() {
		o := g.Units[id]
		if o.Side == side && o.OnMap && !o.Eliminated && o.Kind == engine.KindInfantry && o.Fatigue <= 3 {
			if dd := engine.Distance(o.Hex, h); nearest < 0 || dd < nearest {
				nearest = dd
			}
		}
	}
	return nearest
}

// armyAttemptLimits checks 10.1's limits on attempts: one success and two
// attempts a turn, and none the turn after a success.
func (g Game) armyAttemptLimits(side engine.Side) []*engine.RuleError {
	var broken []*engine.RuleError
	rule := func(code, what, hint, sec string) { broken = append(broken, moveRule(code, what, hint, sec)) }
	this, last := 0, false
	for _, t := range g.Actions.Army {
		if t.Side != side {
			continue
		}
		switch {
		case t.Turn == g.Turn && t.Success:
			rule("army.once", "Your side has already activated its army leader this turn", "One successful Activate Army Leader a turn", "LRTG 10.1")
		case t.Turn == g.Turn:
			this++
		case t.Turn == g.Turn-1 && t.Success:
			last = true
		}
	}
	if this >= 2 {
		rule("army.attempts", "Your side has already made two Activate Army Leader attempts this turn", "No more than two attempts a turn", "LRTG 10.1")
	}
	if last {
		rule("army.last_turn", "Your side activated its army leader last turn: none this turn", "Again in the second turn after the success", "LRTG 10.1")
	}
	return broken
}

// armyUnitRules checks the units the army leader selects (10.1 2)): 1 to
// 10 of the side's infantry, cavalry and artillery on the map, each named
// once, at fatigue 3 or less. Bad names are errors; a tired unit is a rule
// broken.
func (g Game) armyUnitRules(side engine.Side, units []string) ([]*engine.RuleError, error) {
	var broken []*engine.RuleError
	if len(units) < 1 || len(units) > 10 {
		return nil, engine.Invalid("army.units", fmt.Sprintf("%d units named: an army leader activates 1 to 10 units", len(units)), "Name the units with units:a,b,c (LRTG 10.1 2))")
	}
	seen := map[string]bool{}
	for _, id := range units {
		u, err := g.Unit(id)
		if err != nil {
			return nil, err
		}
		if u.Side != side {
			return nil, engine.Invalid("unit.unknown", fmt.Sprintf("You have no unit %q", id), "/oob lists your units")
		}
		if seen[id] {
			return nil, engine.Invalid("army.twice", u.Name+" is named twice", "Name each unit once")
		}
		seen[id] = true
		switch {
		case !slices.Contains(ArmyLeaderUnitKinds, u.Kind):
			return nil, engine.Illegal("army.kind", fmt.Sprintf("%s is a %s: an army leader activates infantry, cavalry and artillery", u.Name, u.Kind), "LRTG 10.1 2)")
		case !u.OnMap || u.Eliminated:
			return nil, engine.Illegal("army.unit", u.Name+" is not on the map", "")
		case u.Fatigue > 3:
			broken = append(broken, moveRule("army.fatigue", fmt.Sprintf("%s is at fatigue %d: selected units are at fatigue 3 or less", u.Name, u.Fatigue), "", "LRTG 10.1 2)"))
		}
	}
	return broken, nil
}

func (g Game) decideArmy(cmd ActivateArmyLeader, d engine.Dice) ([]engine.Event, error) {
	a, err := g.underWay(cmd.By)
	if err != nil {
		return nil, err
	}
	side, err := g.decider(cmd.By, a)
	if err != nil {
		return nil, err
	}
	if !a.Opening && a.Initiative != side {
		return nil, engine.Illegal("army.initiative", "Activate Army Leader is an action of the side that won the initiative", "Activate a unit or leader, or pass (LRTG 10.0)")
	}
	leader, err := g.Unit(cmd.Leader)
	if err != nil {
		return nil, err
	}
	if leader.Side != side || !g.Controls(cmd.By, leader) {
		return nil, engine.Illegal("unit.command", fmt.Sprintf("You do not command %s", leader.Name), "")
	}
	if !IsArmyLeader(leader) {
		return nil, engine.Illegal("army.leader", leader.Name+" is not an army leader", g.armyLeaderHint())
	}
	if cmd.Table == nil {
		return nil, fmt.Errorf("engine: no lrtg.activate-army-leader table")
	}
	broken, nearest, err := g.armyConditions(side, leader, cmd.Units)
	if err != nil {
		return nil, err
	}
	ev := &ArmyAttempted{By: cmd.By, Side: side, Turn: g.Turn, Step: a.Step, Phase: a.Phase, Leader: leader.ID, Units: slices.Clone(cmd.Units), Nearest: nearest}
	if a.Opening {
		ev.Phase = a.Phase + 1
	}
	if len(broken) > 0 {
		reason := strings.TrimSpace(cmd.Reason)
		if !g.IsUmpire(cmd.By) || reason == "" {
			e := *broken[0]
			if g.IsUmpire(cmd.By) {
				e.Hint = strings.TrimPrefix(strings.TrimSuffix(e.Hint, ".")+". As umpire you may set the rule aside: add reason:<why>", ". ")
			}
			return nil, &e
		}
		ev.Override = reason
		for _, b := range broken {
			ev.Overrode = append(ev.Overrode, b.What+" ("+b.Rule+")")
		}
	}
	out, err := engine.Channel{Rolls: g.Rolls}.Decide(engine.RollTable{By: cmd.By, Table: cmd.Table, Facts: engine.Facts{}}, d)
	if err != nil {
		return nil, err
	}
	tr := out[0].(*engine.TableRolled)
	ev.Roll, ev.Die, ev.Success = tr.Number, tr.Natural, tr.Outcome == "success"
	evs := []engine.Event{tr}
	state := g.Apply(tr)
	if ev.Success {
		// 10.1 3): the movement die, a 1 counting as 2. With the
		// allowance reckoned, in a hidden mode it is the side's secret
		// (allowance.go); without (a caller with no chart), public as it
		// always was.
		audience := ""
		if cmd.Allowance != nil {
			audience = g.allowanceAudience(side)
		}
		ma, err := state.RollFor(engine.RollDice{By: cmd.By, Expression: "1d6",
			Purpose: fmt.Sprintf("%s's movement allowance die (LRTG 10.1 3): a 1 counts as 2; cavalry double)", leader.Name)}, d, audience)
		if err != nil {
			return nil, err
		}
		r := ma[0].(*engine.DiceRolled)
		ev.MARoll, ev.MADie, ev.MA = r.Number, r.Total, max(r.Total, 2)
		if cmd.Allowance != nil {
			if ev.Allowance, err = g.armyAllowance(leader, cmd.Units, r, cmd.Allowance); err != nil {
				return nil, err
			}
		}
		evs = append(evs, r)
		state = state.Apply(r)
	}
	evs = append(evs, ev)
	state = state.Apply(ev)
	if !ev.Success && !a.Opening {
		// 10.1 Failure: "A new Action Phase begins, and initiative is
		// determined normally."
		more, err := state.rollInitiative(d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, more...)
	}
	return evs, nil
}
