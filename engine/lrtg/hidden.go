package lrtg

import (
	"fmt"
	"slices"

	"github.com/umpire-games/umpire/engine"
)

// Hidden modes: what a refusal may say (docs/hidden-refusals.md; DESIGN
// "Fog of war"). In limited intelligence (LRTG 20) and double-blind games
// the answer to a player's command, refusals included, tells him nothing
// of enemy units he cannot see beyond what the act itself reveals under
// the rules, and a probe costs what the act costs:
//
//   - a check that only enemy units he sees identified decide keeps its
//     precise answer (he knows them);
//   - a movement rule that an unseen enemy unit breaks does not refuse the
//     move for free: the move is made as the rules make it, and stops
//     where the enemy stops it (LRTG 17.1: strategic movement stays more
//     than 8 / 4 hexes away, so the column halts before it comes that
//     near; LRTG 8.2: a rail column may not enter an enemy-occupied hex or
//     zone of control, so it halts before the first one). The declared
//     fatigue, the rail move of the turn and the action's move are spent
//     (UnitsMoved.Stopped), and a column that ran into an enemy zone of
//     control records a sighting of the units exerting it (Contact).
//   - a march (move_path.go) may not enter an enemy-occupied hex (nor, in
//     an Activate Army Leader action, an enemy ZOC, 000 10.2): it halts in
//     the last hex before the one an unseen enemy unit forbids, the march
//     is spent as made, and the units in that hex (in 10.2's case, those
//     whose ZOC it is) are met (Contact);
//   - dummies are not units: "the presence of dummy markers does not
//     restrict strategic movement" (LRTG 20.0), and a dummy has no zone of
//     control to stop a rail column; a column that is stopped tells the
//     player that a real unit is there, which is what the act reveals at
//     its cost.
//
// The umpire sees everything: his answers stay precise, and he may set a
// rule aside with a reason as before.

// Rules that stop a move (UnitsMoved.Stopped).
const (
	MoveStoppedStrategic = "move.strategic" // LRTG 17.1
	MoveStoppedRail      = "move.rail"      // LRTG 8.2
	MoveStoppedRemote    = "remote.near"    // LRTG 17.2
)

// unseenBy returns a test of the enemy units the actor does not see
// identified now (ViewFor): nil in an open game or for the umpire, who
// see every unit.
func (g Game) unseenBy(by engine.Actor) func(engine.UnitState) bool {
	if g.Options.IntelMode() == engine.IntelOpen || g.IsUmpire(by) {
		return nil
	}
	v := engine.ViewFor(g.Kernel(), g.ViewerOf(by))
	return func(u engine.UnitState) bool { return !v.Knows(u.ID) }
}

// hexRefOf is a hex as the players read it: its first printed number,
// else its coordinates.
func hexRefOf(d *engine.MoveData, h engine.Hex) string {
	if d != nil && d.Theatre != nil {
		if refs := d.Theatre.Printed(h); len(refs) > 0 {
			return refs[0]
		}
	}
	return fmt.Sprintf("hex %d,%d", h.Q, h.R)
}

// strategicLimit is how near a unit moving strategically may not come to
// an enemy unit (LRTG 17.1: infantry more than 8 hexes from enemy
// infantry and more than 4 from enemy cavalry; cavalry more than 8 from
// any enemy unit; 004: LRTA cavalry more than 4 from any unit); 0: the
// enemy unit does not restrict it (leaders, artillery for infantry).
func (g Game) strategicLimit(u, e engine.UnitState) int {
	if e.Side == u.Side || !e.OnMap || e.Eliminated || e.Kind.IsLeader() {
		return 0
	}
	if u.Kind == engine.KindCavalry {
		return g.strategicRules().cavalryRange // LRTG 8; 004: "Cavalry must be more than 4 hexes from any unit"
	}
	switch e.Kind {
	case engine.KindCavalry:
		return 4
	case engine.KindInfantry, engine.KindMilitia:
		return 8
	}
	return 0
}

// strategicStops makes the events of a strategic move the unseen enemy
// stops (LRTG 17.1 "it is and remains more than eight hexes ..."): each
// stack walks the straight line to the destination (the map data has no
// roads) and halts on the last hex before one within a forbidden distance
// of an enemy unit; a stack already within it stays. The declared fatigue
// is spent (17.1 1. comes before the movement) and so is the action's
// move.
func (g Game) strategicStops(cmd engine.MoveUnits, ev *engine.UnitsMoved) []engine.Event {
	var out []engine.Event
	for _, stack := range g.stacks(cmd.Units) {
		start := g.Units[stack[0]].Hex
		stop := start
		line := hexLine(start, cmd.To)
		for i, h := range line {
			if g.strategicNear(stack, h) {
				break
			}
			stop = line[i]
		}
		out = append(out, g.stoppedEvent(cmd, ev, stack, stop, MoveStoppedStrategic, nil))
	}
	return out
}

// strategicNear reports whether a stack on h is within a forbidden
// distance of an enemy unit (17.1).
func (g Game) strategicNear(stack []string, h engine.Hex) bool {
	for _, id := range stack {
		u := g.Units[id]
		if u.Kind.IsLeader() {
			continue
		}
		for _, e := range g.Units {
			if l := g.strategicLimit(u, e); l > 0 && engine.Distance(h, e.Hex) <= l {
				return true
			}
		}
	}
	return false
}

// stacks groups units by the hex they start in, in the order named.
func (g Game) stacks(units []string) [][]string {
	var out [][]string
	at := map[engine.Hex]int{}
	for _, id := range units {
		h := g.Units[id].Hex
		i, ok := at[h]
		if !ok {
			i = len(out)
			at[h] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], id)
	}
	return out
}

// stoppedEvent is the move of a stack that halted at stop: the event of
// the whole move, cut down to the stack and to where it got.
func (g Game) stoppedEvent(cmd engine.MoveUnits, ev *engine.UnitsMoved, stack []string, stop engine.Hex, code string, contact *engine.Hex) *engine.UnitsMoved {
	e := *ev
	e.Units = append([]string(nil), stack...)
	e.To, e.Ref = stop, hexRefOf(cmd.Data, stop)
	if stop == cmd.To {
		e.Ref = cmd.Ref
	}
	e.Hexes = engine.Distance(g.Units[stack[0]].Hex, stop)
	if stop != cmd.To {
		e.Stopped = code
	}
	e.Contact = contact
	e.Disorganization = nil
	for _, d := range ev.Disorganization {
		for _, id := range stack {
			if d.Unit == id {
				e.Disorganization = append(e.Disorganization, d)
			}
		}
	}
	part := cmd
	part.Units, part.To = e.Units, stop
	e.Captures = g.depotsCaptured(part)
	e.CrossesPotomac = g.firstCrossing(part)
	return &e
}

// railStop walks a rail route the mover chose around the enemy he sees
// and halts the column before the first hex an enemy unit he does not see
// occupies or holds in its zone of control (LRTG 8.2): the hex it stops
// on, the stations passed, the hexes moved, and the hex it could not
// enter; ok false when nothing stops it.
func (g Game) railStop(net railNet, enemy enemyPresence, path []string) (stop engine.Hex, passed []string, hexes int, contact engine.Hex, ok bool) {
	start := net.hex[path[0]]
	if _, blocked := enemy.blocking(start); blocked {
		return start, path[:1], 0, start, true
	}
	stop, passed = start, path[:1]
	for i := 1; i < len(path); i++ {
		line := hexLine(net.hex[path[i-1]], net.hex[path[i]])
		for _, h := range line[1:] {
			if _, blocked := enemy.blocking(h); blocked {
				return stop, passed, hexes, h, true
			}
			stop = h
			hexes++
		}
		passed = path[:i+1]
	}
	return engine.Hex{}, nil, 0, engine.Hex{}, false
}

// hiddenBlock is what the movement checks found of the enemy the mover
// does not see: whether such a unit breaks the rule, and where a rail
// column it stops halts.
type hiddenBlock struct {
	unseen  func(engine.UnitState) bool // nil: the mover sees every unit
	blocked bool
	remote  bool       // a remote move (17.2) an unseen unit stops
	stop    engine.Hex // rail: where the column halts
	passed  []string   // rail: the stations it passed
	hexes   int        // rail: the hexes it moved
	contact engine.Hex // rail: the hex it could not enter
	path    *pathCheck // a march: its path and the step forbidden (move_path.go)
}

// hiddenStops are the events of a move an unseen enemy stopped.
func (g Game) hiddenStops(cmd engine.MoveUnits, ev *engine.UnitsMoved, mode string, hid *hiddenBlock) []engine.Event {
	if mode == MoveNormal && hid.path != nil && hid.path.blocked >= 0 {
		return g.pathStops(cmd, ev, hid.path) // move_path.go
	}
	if mode == MoveRail {
		contact := hid.contact
		e := g.stoppedEvent(cmd, ev, cmd.Units, hid.stop, MoveStoppedRail, &contact)
		e.Route, e.Hexes = append([]string(nil), hid.passed...), hid.hexes
		return []engine.Event{e}
	}
	return g.strategicStops(cmd, ev)
}

// remoteCheck holds a player's move of units that move only by the
// enemy's permission (LRTG 17.2: "more than 8 hexes from an enemy unit";
// 003 chart: 8 or more) to the distance in a hidden mode, where the
// request was checked only against the enemy the asker saw
// (decideAskRemote) and the enemy who allowed it was not told which units
// they are: an enemy unit the mover sees that near refuses the move as the
// request would have been refused; one he does not see stops it before it
// starts (stop), and the permission is spent (ActionState.moved).
func (g Game) remoteCheck(cmd engine.MoveUnits, unseen func(engine.UnitState) bool) (err *engine.RuleError, stop bool) {
	if unseen == nil {
		return nil, false
	}
	for _, u := range g.remoteOnly(cmd) {
		if d, near := g.nearestEnemy(u, unseen); near != "" && d < RemoteDistance {
			return engine.Illegal("remote.near", fmt.Sprintf("%s is %d hexes from an enemy unit: remote movement needs %d or more", u.Name, d, RemoteDistance), "Move it in your own action (LRTG 17.2; 003 movement chart)"), false
		}
		if d, near := g.nearestEnemy(u, nil); near != "" && d < RemoteDistance {
			stop = true
		}
	}
	return nil, stop
}

// remoteOnly are the units of a player's move that may move only by the
// enemy's permission (17.2): not retreating, not in an action of his.
func (g Game) remoteOnly(cmd engine.MoveUnits) []engine.UnitState {
	step := g.CurrentStep()
	if (step != "4a" && step != "4b") || g.IsUmpire(cmd.By) {
		return nil
	}
	a, ok := g.cycle()
	if !ok {
		return nil
	}
	var side engine.Side
	if p := g.Player(cmd.By.ID); p != nil {
		side = p.Side
	}
	var out []engine.UnitState
	for _, id := range cmd.Units {
		u, ok := g.Units[id]
		if !ok || !u.OnMap || u.Eliminated || u.Kind.IsLeader() || !g.RemoteAllowed(id) || slices.Contains(a.Retreats, id) ||
			a.Active != nil && a.Active.Side == side && g.inActivation(*a.Active, u) {
			continue
		}
		out = append(out, u)
	}
	return out
}

// remoteStops are the events of a remote move an unseen enemy stopped: the
// stacks stay where they are, with no fatigue or rail spent (the move
// never began); the enemy's permission for the units is spent.
func (g Game) remoteStops(cmd engine.MoveUnits, ev *engine.UnitsMoved) []engine.Event {
	var out []engine.Event
	for _, stack := range g.stacks(cmd.Units) {
		e := g.stoppedEvent(cmd, ev, stack, g.Units[stack[0]].Hex, MoveStoppedRemote, nil)
		e.Stopped = MoveStoppedRemote
		e.Mode, e.Fatigue, e.Route, e.RailLoad, e.Allowance, e.Passive, e.Disorganization = MoveNormal, 0, nil, 0, 0, false, nil
		e.Path, e.Hexes, e.MP, e.Unpriced, e.Steps, e.Refs = nil, 0, 0, 0, nil, nil // the march never began
		e.Extended, e.Extension, e.Stated, e.Spared = false, 0, nil, nil
		out = append(out, e)
	}
	return out
}
