package lrtg

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// Movement: the restrictions on Union garrison units until they are
// released (LRTG 3.2, 12.1-12.3, 16.2, 16.3), Union railroad movement
// (LRTG 8.1-8.3, 12.5) and strategic movement (LRTG 17.1).
//
// This file keeps the module's registration (init), decider and applier and
// the checks that tell LRTA from LRTG; the rest is in move_release.go (the
// release groups and their commands and events), move_areas.go (where a
// restricted unit may go), move_rail.go (the rail network, strategic
// allowance) and move_checks.go (enemy presence, corps commanders, the first
// crossing).

// Movement modes of a move.
const (
	MoveNormal    = ""          // a move the players have worked out on the map
	MoveRail      = "rail"      // LRTG 8
	MoveStrategic = "strategic" // LRTG 17.1
)

// MoveModes are the modes /move offers (MoveNaval: lrta_move.go).
var MoveModes = []string{"normal", MoveRail, MoveStrategic, MoveNaval}

// RailMaxHexes is how far a unit moves by rail (LRTG 8.2).
const RailMaxHexes = 40

// railMaxLoad is the 8.3 maximum per turn, "one division or two brigades /
// regiments": a division counts 2, a brigade or a regiment 1.
const railMaxLoad = 2

// railMaximumWhat says why a rail move breaks the turn's maximum: the move
// alone is more than it, or what is left of it is less than the move
// needs (issue 22: "used up: 0 of 2" when none was used misled).
func railMaximumWhat(used, load int) string {
	if used == 0 {
		return fmt.Sprintf("This move needs %d brigade-equivalents by rail, more than the maximum of %d a turn", load, railMaxLoad)
	}
	if used >= railMaxLoad {
		return fmt.Sprintf("The rail maximum is used up: %d of %d brigade-equivalents this turn, and this move needs %d", used, railMaxLoad, load)
	}
	return fmt.Sprintf("The rail maximum has %d of %d brigade-equivalents used this turn, so %d is left, and this move needs %d", used, railMaxLoad, railMaxLoad-used, load)
}

// MovementState is the game's state of this rule module: the restricted
// groups released (LRTG 3.2), whether Meade commands the Army of the
// Potomac (16.2), and the rail movement of the current turn (8.2, 8.3).
type MovementState struct {
	Released []string `json:"released,omitempty"` // ReleaseGroups ids, in order of release
	Meade    bool     `json:"meade,omitempty"`
	RailTurn int      `json:"rail_turn,omitempty"` // the turn Railed and RailLoad count
	Railed   []string `json:"railed,omitempty"`    // units moved by rail in RailTurn
	RailLoad int      `json:"rail_load,omitempty"` // toward the 8.3 maximum in RailTurn
	// Naval movement (lrta_move.go): the half units moved by sea in
	// NavalTurn (LRTG 5.0; 004 Naval Movement).
	NavalTurn int `json:"naval_turn,omitempty"`
	NavalLoad int `json:"naval_load,omitempty"`
	// The units the players moved in the action under way (Act:
	// actionKey): a unit marches once in an action (move_path.go).
	Act      string   `json:"act,omitempty"`
	ActMoved []string `json:"act_moved,omitempty"`
	// Advance: attackers of a combat of the action whose defenders
	// retreated, who may move once more (the advance after combat).
	Advance []string `json:"advance,omitempty"`
	// ActExtended: the units whose extended march /move settled in the
	// action Act (move_extended.go): LRTA's /unit extended rolls no
	// second time for them (lrta_move.go).
	ActExtended []string `json:"act_extended,omitempty"`
}

// IsReleased reports whether the group (a ReleaseGroups id) is released.
// HF and WV are released when Meade takes command (12.1).
func (m MovementState) IsReleased(group string) bool {
	if m.Meade && (group == "HF" || group == "WV") {
		return true
	}
	for _, r := range m.Released {
		if strings.EqualFold(r, group) {
			return true
		}
	}
	return false
}

// railThisTurn returns the units moved by rail and the 8.3 load of the
// turn.
func (g Game) railThisTurn() ([]string, int) {
	if g.Movement.RailTurn != g.Turn {
		return nil, 0
	}
	return g.Movement.Railed, g.Movement.RailLoad
}

// movementModule is the release of units and Meade's command.
func movementModule() engine.Module {
	return engine.Module{Name: "movement",
		Commands: []engine.Command{ReleaseUnits{}, MeadeTakesCommand{}}, Decide: claims(decideMovement),
		Events: []engine.Event{&UnitsReleased{}, &MeadeCommands{}, &ExtendedMarchSettled{}},
		Apply:  folds(applyMovement)}
}

func decideMovement(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	switch cmd := cmd.(type) {
	case ReleaseUnits:
		evs, err := g.decideRelease(cmd)
		return evs, true, err
	case MeadeTakesCommand:
		if err := g.BoardReady(cmd.By); err != nil {
			return nil, true, err
		}
		if !g.IsUmpire(cmd.By) {
			return nil, true, engine.Illegal("game.umpire", "Only the umpire records that Meade takes command", fmt.Sprintf("Ask %s", g.Umpire.Name))
		}
		if g.Movement.Meade {
			return nil, true, engine.Illegal("meade.already", "Meade already commands the Army of the Potomac", "")
		}
		return []engine.Event{&MeadeCommands{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, true, nil
	}
	return nil, false, nil
}

func applyMovement(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *UnitsReleased:
		g = g.action(e, func(g *Game) {
			g.Movement.Released = append(append([]string(nil), g.Movement.Released...), e.Group)
		})
	case *MeadeCommands:
		g = g.action(e, func(g *Game) { g.Movement.Meade = true })
	case *ExtendedMarchSettled:
		g = g.action(e, func(g *Game) { g.applyExtendedSettled(e) }) // move_extended.go
		// The undo is one level: it would take back this unit's result
		// alone, leaving the march and the other units' results, and a
		// march replayed would roll its dice again. The umpire corrects
		// a settled extended march with /unit set, as a battle's.
		g.ForgetUndo()
	default:
		return g, false
	}
	return g, true
}

func (g Game) sortedUnits() []string {
	ids := make([]string, 0, len(g.Units))
	for id := range g.Units {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// applyMoved folds a move into a state whose Units map is already its own.
func (g *Game) applyMoved(e *engine.UnitsMoved) {
	for _, id := range e.Units {
		g.EditUnit(id, func(u *engine.UnitState) {
			u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, e.To, e.Ref, "", 0
			if e.Fatigue > 0 && !u.Kind.IsLeader() && !slices.Contains(e.Spared, u.ID) {
				u.Fatigue = min(u.Fatigue+e.Fatigue, engine.MaxFatigue)
			}
		})
	}
	if e.CrossesPotomac != "" && g.Victory.Crossed.IsZero() {
		v := g.Victory.clone()
		v.Crossed, _ = time.Parse(time.DateOnly, e.CrossesPotomac)
		v.CrossedTurn = g.Turn
		g.Victory = v
	}
	if len(e.Captures) > 0 {
		*g = g.captureDepots(g.Units[e.Units[0]].Side, e.Captures)
	}
	if e.Mode == MoveRail {
		m := g.Movement
		if m.RailTurn != e.Turn {
			m.RailTurn, m.Railed, m.RailLoad = e.Turn, nil, 0
		}
		m.Railed = append(append([]string(nil), m.Railed...), e.Units...)
		m.RailLoad += e.RailLoad
		g.Movement = m
	}
	if e.Mode == MoveNaval { // RailLoad carries a naval move's half units (lrta_move.go)
		m := g.Movement
		if m.NavalTurn != e.Turn {
			m.NavalTurn, m.NavalLoad = e.Turn, 0
		}
		m.NavalLoad += e.RailLoad
		g.Movement = m
	}
	g.recordActionMove(e)              // move_path.go: a unit marches once in an action
	g.Actions = g.Actions.moved(*g, e) // activation.go: the opening's cavalry divisions
}

// disorganized reports whether a unit is disorganized: the mark, or the
// unit's status (status.go), which is taking the marks over.
func disorganized(u engine.UnitState) bool {
	return hasUnitMark(u, "disorganized") || u.Status.Disorganized
}

// exhausted reports whether a unit is exhausted (as disorganized).
func exhausted(u engine.UnitState) bool { return hasUnitMark(u, "exhausted") || u.Status.Exhausted }

func hasUnitMark(u engine.UnitState, m string) bool { return engine.Contains(u.Marks, m) }

// moveOptionsFit refuses options that do not go with the move's mode:
// fatigue and passive are strategic (and naval) movement's, a path, an
// extension and its modifiers a march's.
func moveOptionsFit(cmd engine.MoveUnits, mode string) error {
	if (mode != MoveStrategic && mode != MoveNaval && cmd.Fatigue != 0) || (mode != MoveStrategic && cmd.Passive) {
		return engine.Invalid("move.fatigue", "fatigue is for strategic and naval movement, passive for strategic movement", "Add mode:strategic or mode:naval, or leave them out (LRTG 17.1, 5.0)")
	}
	if len(cmd.Path) > 0 && mode != MoveNormal {
		return engine.Invalid("move.path", "path: is for a march (mode:normal)", "Rail, strategic and naval moves name their destination alone with to:")
	}
	if (cmd.Extended || len(cmd.MarchModifiers) > 0) && mode != MoveNormal {
		return engine.Invalid("move.extended", "extended: and march_modifiers: are for a march (mode:normal)", "Rail, strategic and naval moves have their own fatigue: leave them out")
	}
	if len(cmd.MarchModifiers) > 0 && !cmd.Extended {
		return engine.Invalid("move.extended", "march_modifiers: are the modifiers of an extended march's roll", "Add extended:true, or leave them out")
	}
	return nil
}

// theatreChecks are the rules a move keeps that need the map's areas: the
// garrison restrictions, the Harpers Ferry garrison and the variant's own
// (LRTA: McClellan Delays Reinforcements, lrtaDelayed in lrta_move.go).
func (g Game) theatreChecks(cmd engine.MoveUnits) []*engine.RuleError {
	d := cmd.Data
	if d == nil || d.Theatre == nil {
		return nil
	}
	var broken []*engine.RuleError
	for _, id := range cmd.Units {
		if e := g.checkArea(g.Units[id], cmd.To, cmd.Ref, d); e != nil {
			broken = append(broken, e)
		}
	}
	if e := g.openingCountiesCheck(cmd); e != nil { // opening_limits.go: 000 VIII 3)
		broken = append(broken, e)
	}
	if e := g.checkHFGarrison(cmd, d); e != nil && !g.variant().garrisonsAtVictory {
		broken = append(broken, e)
	}
	if f := g.variant().moveRefused; f != nil {
		if e := f(g, cmd); e != nil {
			broken = append(broken, e)
		}
	}
	return broken
}

// decideMove settles a move whose units the actor may move: its mode's
// rules (rail, strategic), the garrison restrictions and the Harpers Ferry
// garrison. A rule the move breaks refuses it, unless the umpire sets the
// rules aside with a reason (recorded in the event).
func (g Game) decideMove(cmd engine.MoveUnits, d engine.Dice) ([]engine.Event, error) {
	ev := &engine.UnitsMoved{By: cmd.By, Units: cmd.Units, To: cmd.To, Ref: cmd.Ref}
	mode := strings.ToLower(strings.TrimSpace(cmd.Mode))
	if mode == "normal" {
		mode = MoveNormal
	}
	if err := moveOptionsFit(cmd, mode); err != nil {
		return nil, err
	}
	var broken []*engine.RuleError
	var err error
	hid := &hiddenBlock{unseen: g.unseenBy(cmd.By)} // hidden.go
	switch mode {
	case MoveNormal:
		broken = g.checkPath(cmd, ev, hid) // move_path.go: a march is a path
	case MoveRail:
		broken, err = g.checkRail(cmd, ev, hid)
	case MoveStrategic:
		broken, err = g.checkStrategic(cmd, ev, hid)
	case MoveNaval:
		broken, err = g.checkNaval(cmd, ev) // lrta_move.go
	default:
		return nil, engine.Invalid("move.mode", fmt.Sprintf("%q is not a way to move", cmd.Mode), "Use mode:normal, rail (LRTG 8), strategic (LRTG 17.1) or naval (LRTG 5.0)")
	}
	if err != nil {
		return nil, err
	}
	if mode != MoveNormal { // a normal march checks it with its path (move_path.go)
		if e := g.movedInAction(cmd, g.onMap(cmd.Units)); e != nil {
			broken = append(broken, e) // rail, strategic and naval too move a unit once in an action
		}
	}
	if e := g.activationGate(cmd); e != nil { // moves belong to actions (activation.go)
		broken = append([]*engine.RuleError{e}, broken...)
	}
	if e := g.movePortionGate(mode); e != nil { // the action cycle's portions (actions.go)
		broken = append([]*engine.RuleError{e}, broken...)
	}
	if e := g.openingRailCheck(mode); e != nil { // opening_limits.go: 000 VIII 3)
		broken = append([]*engine.RuleError{e}, broken...)
	}
	ev.Mode = mode
	ev.Captures = g.depotsCaptured(cmd)
	ev.CrossesPotomac = g.firstCrossing(cmd)
	ev.Unchecked = g.moveUnchecked(cmd) // unitlog.go: the umpire's log
	if e := g.checkWithCorpsCommander(cmd); e != nil {
		broken = append(broken, e)
	}
	broken = append(broken, g.checkReinforcements(cmd)...) // turnstart.go: entry (LRTG 3.1, 3.2), draft riots (3.3)
	broken = append(broken, g.theatreChecks(cmd)...)
	if e, stop := g.remoteCheck(cmd, hid.unseen); e != nil { // hidden.go: 17.2 in a hidden mode
		broken = append(broken, e)
	} else if stop {
		hid.remote = true
	}
	if len(broken) == 0 && hid.remote {
		return g.remoteStops(cmd, ev), nil
	}
	if len(broken) == 0 && hid.blocked {
		// An enemy unit the player does not see stops the move where
		// the rules stop it, at the move's cost (hidden.go). Any other
		// broken rule refuses it first, as it would with no enemy there.
		return g.extendedRolls(cmd, g.hiddenStops(cmd, ev, mode, hid), d) // move_extended.go
	}
	if len(broken) == 0 {
		return g.extendedRolls(cmd, []engine.Event{ev}, d)
	}
	reason := strings.TrimSpace(cmd.Reason)
	if !g.IsUmpire(cmd.By) || reason == "" {
		e := moveProblems(broken) // every rule broken at once (move_path.go)
		if g.IsUmpire(cmd.By) {
			e.Hint = strings.TrimSuffix(e.Hint, ".") + ". As umpire you may set the rule aside: add reason:<why>"
			e.Hint = strings.TrimPrefix(e.Hint, ". ")
		}
		return nil, e
	}
	ev.Override = reason
	for _, b := range broken {
		what := b.What
		if b.Rule != "" {
			what += " (" + b.Rule + ")"
		}
		ev.Overrode = append(ev.Overrode, what)
	}
	return g.extendedRolls(cmd, []engine.Event{ev}, d)
}

// ---- Releases and garrison restrictions (LRTG 3.2, 12.1-12.3, 16.3) ----

// restriction returns the area a unit must remain in, or nil when it is
// free. Leaders are free, except Heintzelman (16.3): a garrison leader
// moves with his units, and 12.x restricts the designated units.
func (g Game) restriction(u engine.UnitState, d *engine.MoveData) *moveArea {
	if f := g.variant().restriction; f != nil {
		return f(g, u, d) // LRTA: 004's restrictions replace 12.x (lrta_move.go)
	}
	if u.Side != engine.USA || d == nil || d.Theatre == nil {
		return nil
	}
	t, m := d.Theatre, g.Movement
	if u.ID == idHeintzelman {
		return &moveArea{rule: "LRTG 16.3", where: "in the DC defense area (Washington and Alexandria County)", until: "always",
			in: t.InAny("dc-defense-area")}
	}
	if u.Kind.IsLeader() {
		return nil
	}
	switch group := releaseMark(u); {
	case hasUnitMark(u, "dc-only"):
		return g.dcArea(u, d, "a DC Only unit, never released (it is not scheduled for release, 3.2)")
	case group != "":
		if m.IsReleased(group) || m.IsReleased(u.Command) || (m.Meade && (u.ID == idCrawford || u.ID == idStannard)) {
			return nil
		}
		n := strings.TrimPrefix(group, "release-group-")
		if u.Command == "Balt" {
			return viiiArea(t, fmt.Sprintf("until Baltimore / DC group %s is released (3.2)", n))
		}
		return g.dcArea(u, d, fmt.Sprintf("until Baltimore / DC group %s is released (3.2)", n))
	case u.Command == "HF" || u.Command == "WV":
		if m.IsReleased(u.Command) {
			return nil
		}
		return viiiArea(t, "until released (3.2; all HF and WV units are released when Meade takes command)")
	case u.Command == "Balt" && !m.IsReleased("Balt"):
		return viiiArea(t, "until released (3.2)")
	case u.Command == "DC" && !m.IsReleased("DC"):
		return g.dcArea(u, d, "until released (3.2)")
	case u.Command == "PA" && !m.IsReleased("PA"):
		return &moveArea{rule: "LRTG 12.3", where: "in Pennsylvania (forced out by a retreat, it may not go further from it)", until: "as Pennsylvania militia",
			in: t.InAny("pa"), noFurther: true}
	}
	return nil
}

// ---- Rail movement (LRTG 8.1-8.3, 12.5) ----

// railParalysed reports whether a variant's own event forbids the side
// rail movement this turn (LRTA: 004 Rear Area Paralysis); LRTG's
// (2.0) are g.Events.NoRail.
func (g Game) railParalysed(side engine.Side) bool {
	if f := g.variant().railParalysed; f != nil {
		return f(g, side)
	}
	return false
}

// checkRail checks a move by rail (8.1-8.3, 12.5) and fills in the event:
// the route, the fatigue (+2) and the load toward the turn's maximum.
func (g Game) checkRail(cmd engine.MoveUnits, ev *engine.UnitsMoved, hid *hiddenBlock) ([]*engine.RuleError, error) {
	d := cmd.Data
	if d == nil || d.Theatre == nil {
		return nil, fmt.Errorf("engine: a rail move needs the map")
	}
	var broken []*engine.RuleError
	first := g.Units[cmd.Units[0]]
	if g.Events.NoRail(g.Turn, first.Side) || g.railParalysed(first.Side) {
		broken = append(broken, moveRule("move.rail", "Rear Area Paralysis: the Union may not move by rail this turn", "Move by road, or wait for the next turn",
			g.moveSection("LRTG 2.0", "004 Random Events: Rear Area Paralysis")))
	}
	railed, used := g.railThisTurn()
	load, troops := 0, 0
	for _, id := range cmd.Units {
		u := g.Units[id]
		if !u.OnMap || u.Hex != first.Hex {
			return nil, engine.Invalid("move.rail-stack", "Units moving by rail together must start in one hex", "Move each stack by rail on its own")
		}
		if u.Kind.IsLeader() {
			continue // he travels with his units
		}
		troops++
		switch {
		case u.Side != engine.USA:
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is Confederate: only the Union moves by rail", u.Name), "", g.moveSection("LRTG 8", "004 Railroad Movement")))
		case u.Kind != engine.KindInfantry && u.Kind != engine.KindMilitia:
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is %s: cavalry and artillery may not move by rail", u.Name, u.Kind), "Only infantry moves by rail", g.moveSection("LRTG 8.1", "004 Railroad Restrictions")))
		case disorganized(u):
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is disorganized", u.Name), "Only organized units move by rail", g.moveSection("LRTG 8.1", "004 Railroad Movement (LRTG 8.1)")))
		case u.Fatigue != 0:
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is at fatigue %d", u.Name, u.Fatigue), "Only units at fatigue 0 move by rail", g.moveSection("LRTG 8.1", "004 Railroad Movement")))
		case engine.Contains(railed, id):
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s has already moved by rail this turn", u.Name), "A unit moves by rail once per turn", g.moveSection("LRTG 8.2", "004 Railroad Restrictions")))
		}
		switch {
		case g.railExempt(u): // Haupt does not count (12.5; 004 Maximums)
		case unitSize(d, id) == "division":
			load += 2
		default:
			load++
		}
	}
	if troops == 0 {
		return nil, engine.Invalid("move.rail", "No infantry unit to move by rail", "Leaders move by rail with their units (LRTG 8.1)")
	}
	if used+load > railMaxLoad {
		broken = append(broken, moveRule("move.rail-maximum", railMaximumWhat(used, load),
			"At most one division or two brigades / regiments move by rail each turn; Haupt does not count", g.moveSection("LRTG 8.3, 12.5", "004 Railroad Maximums")))
	}
	net := newRailNet(d.Theatre)
	// The route and the refusals go by the enemy the mover sees (all of
	// it in an open game); one he does not see stops the column where it
	// meets him (hidden.go).
	enemy := g.seenPresence(engine.USA, hid.unseen)
	start, ok := net.at[first.Hex]
	if !ok {
		broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is not in a railroad station", first.Name), "A unit moves by rail from a station", g.moveSection("LRTG 8.1", "004 Railroad Movement")))
	}
	if e, ok := enemy.blocking(first.Hex); ok {
		broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is in the zone of control of %s", first.Name, g.enemyName(cmd.By, e)), "A unit in an enemy zone of control may not move by rail", g.moveSection("LRTG 8.1", "004 Railroad Restrictions (LRTG 8.1)")))
	}
	dest, ok2 := net.at[cmd.To]
	if !ok2 {
		broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is not a railroad station", cmd.Ref),
			"The map data has the railroads as stations in order: a rail move ends at a station (then march on)", g.moveSection("LRTG 8.2", "004 Railroad Movement")))
	}
	ev.Fatigue, ev.RailLoad, ev.Turn = 2, load, g.Turn
	if ok && ok2 {
		path, hexes, err := g.railRoute(cmd.By, d, net, enemy, start, dest)
		if err != nil {
			broken = append(broken, err)
		} else {
			ev.Route, ev.Hexes = path, hexes
			if hid.unseen != nil {
				if stop, passed, n, contact, stopped := g.railStop(net, g.enemiesOf(engine.USA), path); stopped {
					hid.blocked, hid.stop, hid.passed, hid.hexes, hid.contact = true, stop, passed, n, contact
				}
			}
		}
	}
	return broken, nil
}

// railRoute finds the rail route and, when there is none, says why: no
// railroad joins the stations, the route is too long, a damaged station
// lies on it, or the enemy blocks it.
func (g Game) railRoute(by engine.Actor, d *engine.MoveData, net railNet, enemy enemyPresence, from, to string) ([]string, int, *engine.RuleError) {
	if from == to {
		return nil, 0, moveRule("move.rail", "The unit is already at "+to, "", g.moveSection("LRTG 8.2", "004 Railroad Movement"))
	}
	open := func(string) bool { return true }
	clear := func(a, b engine.Hex) bool { return true }
	// 004 also keeps LRTA rail moves out of Confederate-controlled counties.
	undamaged := func(s string) bool { return g.stationDamaged(d, s) == "" && !g.railCSACounty(d, net.hex[s]) }
	start := net.hex[from]
	blocked := func(a, b engine.Hex) (engine.UnitState, bool) {
		for _, h := range hexLine(a, b) {
			if h == start {
				continue
			}
			if u, ok := enemy.blocking(h); ok {
				return u, true
			}
		}
		return engine.UnitState{}, false
	}
	unblocked := func(a, b engine.Hex) bool { _, ok := blocked(a, b); return !ok }
	if path, n, ok := net.route(from, to, undamaged, unblocked); ok && n <= RailMaxHexes {
		return path, n, nil
	}
	raw, n, ok := net.route(from, to, open, clear)
	switch {
	case !ok:
		return nil, 0, moveRule("move.rail", fmt.Sprintf("No railroad joins %s and %s", from, to), "Rail moves follow continuous railroad", g.moveSection("LRTG 8.2", "004 Railroad Movement"))
	case n > RailMaxHexes:
		return nil, 0, moveRule("move.rail", fmt.Sprintf("The shortest railroad route from %s to %s is %d hexes", from, to, n),
			fmt.Sprintf("A unit moves up to %d hexes by rail", RailMaxHexes), g.moveSection("LRTG 8.2", "004 Railroad Movement"))
	}
	path, n, ok := net.route(from, to, undamaged, clear)
	if !ok || n > RailMaxHexes {
		var bad []string
		barred, barredOr := g.variant().railBarredWhere, ""
		if barred != "" {
			barredOr = " or " + barred
		}
		for _, s := range raw[1:] {
			if st := g.stationDamaged(d, s); st != "" {
				bad = append(bad, s+" ("+st+")")
			} else if g.railCSACounty(d, net.hex[s]) {
				bad = append(bad, s+" (in "+barred+")")
			}
		}
		return nil, 0, moveRule("move.rail", fmt.Sprintf("Every railroad route of %d hexes or less from %s to %s enters a damaged or destroyed station%s: %s", RailMaxHexes, from, to,
			barredOr, strings.Join(bad, ", ")),
			"Repair the station first", g.moveSection("LRTG 8.2", "004 Railroad Restrictions"))
	}
	// The enemy blocks every short enough route. Name the one on the
	// shortest route, where the mover may know it.
	who := "an enemy unit"
	for i := 1; i < len(path); i++ {
		if u, ok := blocked(net.hex[path[i-1]], net.hex[path[i]]); ok {
			who = g.enemyName(by, u)
			break
		}
	}
	return nil, 0, moveRule("move.rail", fmt.Sprintf("Every railroad route of %d hexes or less from %s to %s enters a hex occupied by %s or in an enemy zone of control", RailMaxHexes, from, to, who),
		"A unit moving by rail may not enter an enemy-occupied hex or an enemy zone of control", g.moveSection("LRTG 8.2", "004 Railroad Restrictions"))
}

// ---- Strategic movement (LRTG 17.1) ----

// strategicRules are the game's strategic movement where a variant plays
// it differently (lrtgVariant.strategic).
type strategicRules struct {
	// cavalryRange: strategically moving cavalry stays more than this
	// many hexes from any enemy unit (LRTG 17.1: "cavalry units must be
	// more than eight hexes from any enemy unit"; 004: "Cavalry must be
	// more than 4 hexes from any unit").
	cavalryRange int
	// clearHint is the hint of a move that comes too near the enemy.
	clearHint string
	// allowance is a unit's strategic allowance; it may set the event's
	// Passive (LRTG 17.1 2.: the chart's column for the fatigue spent).
	allowance func(g Game, cmd engine.MoveUnits, u engine.UnitState, ev *engine.UnitsMoved) (int, error)
	// disorg adds the variant's modifiers to a disorganization check
	// (nil: none beyond the chart's).
	disorg func(g Game, u engine.UnitState, d *engine.MoveData, c *engine.DisorgCheck) error
}

// lrtgStrategic is LRTG 17.1's strategic movement.
var lrtgStrategic = strategicRules{
	cavalryRange: 8,
	clearHint:    "Strategic movement stays more than 8 hexes from enemy infantry (cavalry: from any enemy unit) and more than 4 from enemy cavalry",
	allowance: func(_ Game, cmd engine.MoveUnits, u engine.UnitState, _ *engine.UnitsMoved) (int, error) {
		return strategicAllowance(cmd.Data.Strategic, u.Side, cmd.Fatigue, u.Kind == engine.KindCavalry, cmd.Passive)
	},
}

// strategicRules are the game's: a variant's, else LRTG's.
func (g Game) strategicRules() strategicRules {
	if s := g.variant().strategic; s != nil {
		return *s
	}
	return lrtgStrategic
}

// checkStrategic checks a strategic move and fills in the event: fatigue,
// allowance, distance and the disorganization rolls to make.
func (g Game) checkStrategic(cmd engine.MoveUnits, ev *engine.UnitsMoved, hid *hiddenBlock) ([]*engine.RuleError, error) {
	d := cmd.Data
	if d == nil || d.Strategic == nil || d.StrategicDisorganization == nil {
		return nil, fmt.Errorf("engine: strategic movement needs the 17.1 charts")
	}
	if cmd.Fatigue < 2 || cmd.Fatigue > engine.MaxFatigue {
		return nil, engine.Invalid("move.fatigue", fmt.Sprintf("%d fatigue levels: a strategic move expends 2 to 4", cmd.Fatigue), "Add fatigue:2, 3 or 4 ("+g.moveSection("LRTG 17.1", "004 Strategic Movement")+")")
	}
	cmd, posture, err := g.strategicPosture(cmd) // 9, 17.1: the declaration's allowance
	if err != nil {
		return nil, err
	}
	sr := g.strategicRules()
	var broken []*engine.RuleError
	ev.Fatigue, ev.Passive, ev.Allowance, ev.Posture = cmd.Fatigue, cmd.Passive, -1, posture
	troops := 0
	for _, id := range cmd.Units {
		u := g.Units[id]
		if u.Kind.IsLeader() {
			continue // he moves with his units and has no fatigue
		}
		troops++
		if !u.OnMap {
			return nil, engine.Invalid("move.strategic", fmt.Sprintf("%s is not on the map", u.Name), "Strategic movement starts on the map")
		}
		if u.Fatigue+cmd.Fatigue > engine.MaxFatigue {
			broken = append(broken, moveRule("move.strategic", fmt.Sprintf("%s is at fatigue %d: %d more levels would take it above 4", u.Name, u.Fatigue, cmd.Fatigue),
				fmt.Sprintf("It may expend at most %d", max(engine.MaxFatigue-u.Fatigue, 0)), g.moveSection("LRTG 17.1 1.", "004 Strategic Movement")))
		}
		allow, err := sr.allowance(g, cmd, u, ev)
		if err != nil {
			return nil, err
		}
		if ev.Allowance < 0 || allow < ev.Allowance {
			ev.Allowance = allow
		}
		dist := engine.Distance(u.Hex, cmd.To)
		ev.Hexes = max(ev.Hexes, dist)
		if dist > allow {
			broken = append(broken, moveRule("move.strategic", fmt.Sprintf("%s would move %d hexes in a straight line: more than its strategic allowance of %d", u.Name, dist, allow),
				"The road distance is at least the straight one: choose a nearer destination or expend more fatigue", g.moveSection("LRTG 17.1 2.", "004 Strategic Movement")))
		}
		if e, unseen := g.strategicClear(cmd.By, u, cmd.To, hid.unseen); e != nil {
			broken = append(broken, e)
		} else if unseen {
			hid.blocked = true
		}
		reached := min(u.Fatigue+cmd.Fatigue, engine.MaxFatigue)
		roll, mod, why, err := strategicDisorg(d.StrategicDisorganization, exhausted(u), reached)
		if err != nil {
			return nil, err
		}
		check := engine.DisorgCheck{Unit: id, Fatigue: reached, Roll: roll, Modifier: mod, Why: why}
		if sr.disorg != nil { // LRTA: "Other modifiers (ex. +2 for AoV units) also may apply" (004)
			if err := sr.disorg(g, u, d, &check); err != nil {
				return nil, err
			}
		}
		ev.Disorganization = append(ev.Disorganization, check)
	}
	if troops == 0 {
		return nil, engine.Invalid("move.strategic", "No unit to move strategically", "Leaders move with their units ("+g.moveSection("LRTG 17.1", "004 Strategic Movement")+")")
	}
	return broken, nil
}

// strategicClear checks the distance to the enemy where the move starts
// and ends (17.1: infantry more than 8 hexes from enemy infantry and more
// than 4 from enemy cavalry; cavalry more than 8 from any enemy unit). The
// map data has no roads: the straight distance is used, which is never
// more than the path 17.1 traces. An enemy unit the mover sees refuses
// the move, named as he knows it; one he does not see (unseen, hidden
// modes) refuses nothing: it stops the move (hidden.go), reported by
// hidden.
func (g Game) strategicClear(by engine.Actor, u engine.UnitState, to engine.Hex, unseen func(engine.UnitState) bool) (err *engine.RuleError, hidden bool) {
	for _, at := range []engine.Hex{u.Hex, to} {
		for _, id := range g.sortedUnits() {
			e := g.Units[id]
			limit := g.strategicLimit(u, e)
			if limit == 0 || engine.Distance(at, e.Hex) > limit {
				continue
			}
			if unseen != nil && unseen(e) {
				hidden = true
				continue
			}
			return moveRule("move.strategic", fmt.Sprintf("%s would be within %d hexes of %s", u.Name, limit, g.enemyName(by, e)), g.strategicRules().clearHint,
				g.moveSection("LRTG 17.1", "004 Strategic Movement")), false
		}
	}
	return nil, hidden
}
