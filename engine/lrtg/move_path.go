package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// A march is a path (issue 21). A player's normal move of units on the map
// names the hexes it enters in order (MoveUnits.Path; To alone is a
// one-hex step), and the umpire checks it step by step:
//
//   - one stack moves from one hex: every unit named starts in the same
//     hex;
//   - each step enters a hex next to the last (engine.Hex neighbours);
//   - no step enters an enemy-occupied hex;
//   - in an Activate Army Leader action the units selected may not enter
//     an enemy ZOC (000 10.2: "A marching unit may not enter an enemy ZOC
//     (including restricted ZOC) during its march. (Exception: If, in
//     order to exit a given hex, a unit has no choice but to enter an
//     enemy ZOC, it may do so.)"). For an ordinary march the seeds are
//     silent: 10.2 is written as a restriction of Activate Army Leader
//     alone, 8.2 as one of rail movement, and a march attack needs the
//     attacker next to the enemy, so an ordinary march may enter an enemy
//     ZOC. What the Standardized Rules charge for it (their ZOC and
//     terrain costs, not in the seeds) is left to the loaded charts: a
//     step the engine cannot price (move_price.go) is counted (UnitsMoved.Unpriced) and
//     goes on the umpire's log;
//   - a unit moves once in an action (leaders, who go along with the
//     units they are stacked with, a retreat after combat, 9.3, and the
//     attackers' advance into a hex their combat cleared aside).
//
// The umpire's move with To alone is a placement (corrections, set-up),
// as before, and so is a player's outside the sequence of play (a game
// played without /phase, where no action is known: activation.go; the
// move goes on the umpire's log); a path he gives is checked, and he may set the rules aside
// with a reason. Units entering the map follow their entry rules
// (turnstart.go). In a hidden mode an enemy unit the mover does not see
// stops the march where the rules stop it (pathStops, hidden.go).

// MoveStoppedPath is the code of a march an unseen enemy unit stopped
// (UnitsMoved.Stopped).
const MoveStoppedPath = "move.path"

// pathCheck is what checkPath found of the enemy the mover does not see:
// the step (index in the path) an unseen enemy unit forbids, -1 none.
type pathCheck struct {
	start   engine.Hex
	path    []engine.Hex
	blocked int
}

// marchStack returns the units of a move that are on the map, and
// whether the move is a march checked hex by hex (a player's, or the
// umpire's with a path, of units on the map, in normal mode).
func (g Game) marchStack(cmd engine.MoveUnits) ([]engine.UnitState, bool) {
	on := g.onMap(cmd.Units)
	if len(on) == 0 || (g.IsUmpire(cmd.By) && len(cmd.Path) == 0) || cmd.Data != nil && cmd.Data.FreeMarches {
		return on, false
	}
	if g.CurrentStep() == "" && len(cmd.Path) == 0 {
		// No sequence of play (a game whose umpire does not use /phase):
		// moves are free, as activation.go has them, and go on the
		// umpire's log (MoveNoStep); a path given is still checked.
		return on, false
	}
	return on, true
}

// checkPath checks a march (see above) and fills in the event's path and
// its movement points; every rule broken is returned, so that a refusal
// lists them all. An enemy unit the mover does not see (hid.unseen)
// breaks nothing here: it stops the march (hid.path, pathStops).
func (g Game) checkPath(cmd engine.MoveUnits, ev *engine.UnitsMoved, hid *hiddenBlock) []*engine.RuleError {
	on, ok := g.marchStack(cmd)
	if len(on) == 0 && len(cmd.Path) > 0 {
		return []*engine.RuleError{moveRule("move.path", "A path is a march of units on the map, and none of these is", "Units entering the map are placed with to: (their entry rules: /reinforcements)", "")}
	}
	if !ok {
		if cmd.Extended && len(on) > 0 { // move_extended.go
			return []*engine.RuleError{moveRule("move.extended", "An extended march is a march checked hex by hex, and this move is a placement",
				"Give the march's hexes with path:, or leave extended out", "")}
		}
		if len(cmd.Terrain) > 0 {
			return []*engine.RuleError{moveRule("move.terrain", "terrain: states the terrain of a march's steps, and this move is not a march the umpire prices (a placement, or a move outside the sequence of play)",
				"Leave terrain: out, or give the march's hexes with path:", "")}
		}
		return nil
	}
	var broken []*engine.RuleError
	d := cmd.Data
	start := on[0].Hex
	path := cmd.Path
	if len(path) == 0 {
		path = []engine.Hex{cmd.To}
	}
	ref := g.marchRefs(cmd, path, on[0]) // the hexes as the mover named them
	var elsewhere []string
	for _, id := range cmd.Units {
		u := g.Units[id]
		if !u.OnMap || u.Hex != start {
			where := u.Ref
			if !u.OnMap {
				where = "off the map"
			}
			elsewhere = append(elsewhere, fmt.Sprintf("%s (%s)", u.Name, where))
		}
	}
	if len(elsewhere) > 0 {
		broken = append(broken, moveRule("move.stack", fmt.Sprintf("One stack moves from one hex: %s is in %s, but %s", on[0].Name, ref(start), strings.Join(elsewhere, ", ")+map[bool]string{true: " is", false: " are"}[len(elsewhere) == 1]+" not"),
			"Move each stack with its own /move", ""))
	}
	ev.Path, ev.Hexes = slices.Clone(path), len(path)
	if len(cmd.Refs) == len(path) {
		ev.Refs, ev.Ref = slices.Clone(cmd.Refs), cmd.Refs[len(path)-1]
	}
	t, _ := g.marchChart(d, on)
	stated, bad := readStated(t, cmd.Terrain, len(path), func(i int) string { return ref(path[i]) }) // move_stated.go
	broken = append(broken, bad...)
	price := g.pricePath(d, on, start, path, stated, ref) // move_price.go
	ev.MP, ev.Unpriced, ev.Steps = price.mp, price.unpriced, price.steps
	broken = append(broken, price.problems...)
	broken = append(broken, g.marchFatigue(cmd, on, ev)...) // move_fatigue.go: a march adds a fatigue level
	ev.Extended = cmd.Extended                              // move_extended.go
	broken = append(broken, g.checkAllowance(d, on, price, ref, ev)...)
	broken = append(broken, g.checkExtended(cmd, on, ev)...)  // move_extended.go
	broken = append(broken, g.fortSteps(d, on, path, ref)...) // forts.go: 000 9.1
	side := on[0].Side
	seen, all := g.seenPresence(side, hid.unseen), g.enemiesOf(side)
	zoc := g.armyMarch(cmd, on) // 000 10.2
	hid.path = &pathCheck{start: start, path: path, blocked: -1}
	unseen := func(i int) {
		if hid.path.blocked < 0 {
			hid.path.blocked = i
		}
	}
	prev := start
	for i, h := range path {
		if engine.Distance(prev, h) != 1 {
			what := fmt.Sprintf("%s is not next to %s", ref(h), ref(prev))
			switch {
			case h == prev && i == 0:
				what = fmt.Sprintf("The stack is in %s already", ref(h))
			case h == prev:
				what = fmt.Sprintf("The path names %s twice in a row", ref(h))
			}
			hint := "Give every hex the stack enters, in order, each next to the last: path:<hex> <hex> ..."
			if len(cmd.Path) == 0 {
				hint = "to: alone is a one-hex step: give the march's hexes in order with path:<hex> <hex> ..."
			}
			broken = append(broken, moveRule("move.path", what, hint, ""))
		}
		if e, ok := seen.occupied[h]; ok {
			broken = append(broken, moveRule("move.enemy", fmt.Sprintf("%s is occupied by %s", ref(h), g.enemyName(cmd.By, e)), "A march may not enter an enemy-occupied hex", ""))
		} else if _, ok := all.occupied[h]; ok {
			unseen(i)
		}
		if zoc {
			if e, ok := seen.zoc[h]; ok && !g.noChoice(d, seen, prev) {
				broken = append(broken, moveRule("move.zoc", fmt.Sprintf("%s is in the zone of control of %s", ref(h), g.enemyName(cmd.By, e)),
					"Units selected in an Activate Army Leader action may not enter an enemy ZOC, unless it is the only way out of a hex", "LRTG 10.2"))
			} else if _, ok := all.zoc[h]; ok && !g.noChoice(d, all, prev) {
				unseen(i)
			}
		}
		prev = h
	}
	if e := g.movedInAction(cmd, on); e != nil {
		broken = append(broken, e)
	}
	if hid.path.blocked >= 0 {
		hid.blocked = true
	}
	return broken
}

// noChoice reports whether a unit leaving h has no choice but to enter
// an enemy ZOC (000 10.2's exception): every hex next to it on the map is
// enemy-occupied or in an enemy ZOC.
func (g Game) noChoice(d *engine.MoveData, p enemyPresence, h engine.Hex) bool {
	for _, n := range h.Neighbours() {
		if d != nil && d.Theatre != nil && len(d.Theatre.Printed(n)) == 0 {
			continue // off the map
		}
		if _, ok := p.blocking(n); !ok {
			return false
		}
	}
	return true
}

// armyMarch reports whether the march is one of units selected in an
// Activate Army Leader action under way (000 10.2), not a retreat (9.3).
func (g Game) armyMarch(cmd engine.MoveUnits, on []engine.UnitState) bool {
	a, ok := g.cycle()
	if !ok || a.Active == nil || a.Active.Kind != ActionArmy {
		return false
	}
	for _, u := range on {
		if !u.Kind.IsLeader() && slices.Contains(a.Active.Units, u.ID) && !slices.Contains(a.Retreats, u.ID) {
			return true
		}
	}
	return false
}

// actionKey names the action under way ("" none): the turn and the
// action's place in the turn's log, which each activation lengthens.
func (g Game) actionKey() string {
	a, ok := g.cycle()
	if !ok || a.Active == nil {
		return ""
	}
	return fmt.Sprintf("%d/%d", g.Turn, len(a.Log))
}

// movedInAction refuses a player's march of a unit that already moved in
// the action under way: a unit marches once in an action. Leaders go
// along with the units they are stacked with, and may go again with
// others; a retreat or rout (9.3) is moved once more by its owner.
func (g Game) movedInAction(cmd engine.MoveUnits, on []engine.UnitState) *engine.RuleError {
	key := g.actionKey()
	if key == "" || g.IsUmpire(cmd.By) || g.Movement.Act != key {
		return nil
	}
	a, _ := g.cycle()
	var again []string
	for _, u := range on {
		if !u.Kind.IsLeader() && slices.Contains(g.Movement.ActMoved, u.ID) && !slices.Contains(a.Retreats, u.ID) && !slices.Contains(g.Movement.Advance, u.ID) {
			again = append(again, u.Name)
		}
	}
	if len(again) == 0 {
		return nil
	}
	return moveRule("move.again", fmt.Sprintf("%s already moved in this action", strings.Join(again, ", ")),
		"A unit marches once in an action: give its whole path in one /move", g.actionsRule())
}

// recordActionMove notes the units a player's move moved in the action
// under way (movedInAction).
func (g *Game) recordActionMove(e *engine.UnitsMoved) {
	key := g.actionKey()
	if key == "" || g.IsUmpire(e.By) || e.Stopped == MoveStoppedRemote {
		return
	}
	m := g.Movement
	if m.Act != key {
		m.Act, m.ActMoved, m.Advance, m.ActExtended = key, nil, nil, nil
	}
	m.ActMoved = append(slices.Clone(m.ActMoved), e.Units...)
	m.Advance = slices.DeleteFunc(slices.Clone(m.Advance), func(id string) bool { return slices.Contains(e.Units, id) })
	g.Movement = m
}

// afterCombat notes the attackers of a combat of the action under way
// whose defenders retreated or were eliminated: they may move once more
// in the action, to advance after combat (the advance's own limits are
// the Standardized Rules', not in the seeds: the umpire's log has the
// path). A side whose result carries the chart's advance letter may too,
// retreat or not (attack_codes.go).
func (m MovementState) afterCombat(g Game, e *CombatApplied) MovementState {
	key := g.actionKey()
	if key == "" {
		return m
	}
	cleared := false
	var attackers, lettered []string
	for _, s := range e.Sides {
		if hasCode(s.Codes, CodeAdvance) {
			for _, u := range s.Units {
				if !u.Eliminated {
					lettered = append(lettered, u.Unit)
				}
			}
		}
		switch s.Role {
		case "defender":
			gone := len(s.Units) > 0
			for _, u := range s.Units {
				gone = gone && u.Eliminated
			}
			cleared = cleared || s.Result.Retreat != "" || gone
		case "attacker":
			for _, u := range s.Units {
				if !u.Eliminated {
					attackers = append(attackers, u.Unit)
				}
			}
		}
	}
	if !cleared {
		attackers = nil
	}
	for _, id := range lettered {
		if !slices.Contains(attackers, id) {
			attackers = append(attackers, id)
		}
	}
	if len(attackers) == 0 {
		return m
	}
	if m.Act != key {
		m.Act, m.ActMoved, m.Advance, m.ActExtended = key, nil, nil, nil
	}
	m.Advance = append(slices.Clone(m.Advance), attackers...)
	return m
}

// advancing reports whether a unit may advance after a combat of the
// action under way (afterCombat): the enemy's too, when his result
// carries the chart's advance letter (activation.go's gate).
func (g Game) advancing(id string) bool {
	key := g.actionKey()
	return key != "" && g.Movement.Act == key && slices.Contains(g.Movement.Advance, id)
}

// pathStops is the event of a march an unseen enemy unit stopped: the
// stack halts in the last hex before the step the rules forbid (an
// enemy-occupied hex; in an Activate Army Leader action an enemy ZOC,
// 000 10.2), the march is spent as made, and the enemy there is met
// (Contact: sightings.go).
func (g Game) pathStops(cmd engine.MoveUnits, ev *engine.UnitsMoved, pc *pathCheck) []engine.Event {
	at := pc.blocked
	stop := pc.start
	if at > 0 {
		stop = pc.path[at-1]
	}
	contact := pc.path[at]
	e := g.stoppedEvent(cmd, ev, cmd.Units, stop, MoveStoppedPath, &contact)
	e.Path, e.Hexes, e.Planned = slices.Clone(pc.path[:at]), at, slices.Clone(pc.path)
	if at == 0 {
		e.Path = nil
	}
	var on []engine.UnitState
	for _, id := range cmd.Units {
		on = append(on, g.Units[id])
	}
	ref := g.marchRefs(cmd, pc.path, on[0])
	e.Ref = ref(stop)
	var stated []*statedTerrain
	if t, _ := g.marchChart(cmd.Data, on); t != nil {
		stated, _ = readStated(t, cmd.Terrain, len(pc.path), func(i int) string { return ref(pc.path[i]) })
	}
	if len(stated) > at {
		stated = stated[:at]
	}
	price := g.pricePath(cmd.Data, on, pc.start, pc.path[:at], stated, ref)
	e.MP, e.Unpriced, e.Steps = price.mp, price.unpriced, price.steps
	if allow, _, ok := g.stackAllowance(on); ok && e.Extended && price.unpriced == 0 && !price.inPart() && price.mp <= float64(allow) {
		// The extension was declared but never reached: the march as
		// made, priced whole, stayed within the allowance, so it was an
		// ordinary march (one fatigue level, no roll). The stop itself
		// tells the mover an enemy is there; this tells him nothing more.
		e.Extended, e.Extension, e.Stated = false, 0, nil
		e.Fatigue = max(e.Fatigue-ExtendedMarchFatigue, 0)
	}
	return []engine.Event{e}
}

// marchRefs names a march's hexes as the mover named them (MoveUnits.Refs,
// the replies and the record echo them: a hex printed on two sheets has
// two names), the hex the stack starts in as its units have it, and any
// other hex by its first printed number.
func (g Game) marchRefs(cmd engine.MoveUnits, path []engine.Hex, first engine.UnitState) func(engine.Hex) string {
	named := map[engine.Hex]string{}
	if first.Ref != "" {
		named[first.Hex] = first.Ref
	}
	if len(cmd.Refs) == len(path) {
		for i, h := range path {
			named[h] = cmd.Refs[i]
		}
	}
	return func(h engine.Hex) string {
		if r, ok := named[h]; ok {
			return r
		}
		return hexRefOf(cmd.Data, h)
	}
}

// moveProblems is the refusal of a move that breaks rules: the one rule
// as it reads alone, or every one at once, each with its section (the
// refusal's code is the first's, as when it said only that one).
func moveProblems(list []*engine.RuleError) *engine.RuleError {
	return engine.Problems{About: "this move", Hint: "Nothing moved", Sections: true}.JoinErr(list)
}

// ArmyActionUnderWay reports whether an Activate Army Leader action is
// under way (its marches keep out of enemy ZOCs, 000 10.2).
func (g Game) ArmyActionUnderWay() bool {
	a, ok := g.cycle()
	return ok && a.Active != nil && a.Active.Kind == ActionArmy
}

// onMap returns the named units that are on the map and not eliminated.
func (g Game) onMap(ids []string) []engine.UnitState {
	var on []engine.UnitState
	for _, id := range ids {
		if u, ok := g.Units[id]; ok && u.OnMap && !u.Eliminated {
			on = append(on, u)
		}
	}
	return on
}
