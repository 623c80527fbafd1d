package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The division of command (LRTG 21.1; LRTA's games are checked alike:
// seriesHooks). Players declare the corps and designations they command when
// they join; at the start the umpire's /game start checks the division
// against the order of battle (the kernel asks through Hooks.CheckCommand:
// adapters.go). Units whose designation no one declared are the overall
// commander's. The rule is about multiple commanders: a side of one
// player commands all. The kernel's rule of control (GameState.Controls)
// reads who commands a unit through Hooks.CommandsUnit: commandsUnit,
// with 21.1's corps of several designations (VIII).

// Designations that 21.1 counts as one "corps" between them: the Union
// VIII Corps is every "Balt", "WV" and "HF" unit (Gen. Schenck).
var corpsOf = map[engine.Side]map[string]string{
	engine.USA: {"balt": "VIII", "wv": "VIII", "hf": "VIII", "viii": "VIII"},
}

// Designations that are not corps for 21.1's count: the army
// headquarters, the Haupt railroad unit, the Richmond Garrison
// reinforcements (21.1 gives them to one commander but does not call them
// a corps), and single units named for themselves (Imboden, Jenkins,
// 12 VA: "not part of a corps").
var notCorps = map[string]bool{"anv": true, "aop": true, "rr": true, "rich": true}

// designation is the unit's designation for the division of command. The
// non-CAV designated Confederate cavalry (21.1: "i.e., Imboden, Jenkins &
// 12 VA") go by their own names even where the order of battle prints
// them "Cav" (Jenkins, 000 line 1806): 21.1 keeps them from the CAV
// corps' commander, so the Cav designation must not carry them.
func designation(o engine.GameOptions, u engine.UnitState) string {
	if nonCavCavalry(o, u) {
		return u.Name
	}
	return engine.Designation(u)
}

// commandCorps is the unit's corps for 21.1's division of command: its
// printed command, except none for the non-CAV designated cavalry.
func commandCorps(o engine.GameOptions, u engine.UnitState) string {
	if nonCavCavalry(o, u) {
		return ""
	}
	return u.Command
}

// nonCavCavalry reports whether the unit is one of 21.1's non-CAV
// designated Confederate cavalry units, in a game that reads them by
// their own names: one created since the reading (readingNonCavByName).
// A game stored before keeps the division it was played with, Jenkins
// under Cav, so that a running game's commands do not change hands.
func nonCavCavalry(o engine.GameOptions, u engine.UnitState) bool {
	return o.Readings >= readingNonCavByName && u.Side == engine.CSA && isNonCavCavalry(u.Name)
}

// readingNonCavByName is the edition of the rules' readings
// (engine.GameOptions.Readings) from which 21.1's non-CAV cavalry go by
// their own names.
const readingNonCavByName = 1

// commandsUnit reports whether a declared list of commands covers the
// unit: its designation, or its 21.1 corps (VIII covers Balt, WV, HF).
func commandsUnit(o engine.GameOptions, cmds []string, u engine.UnitState) bool {
	d := designation(o, u)
	for _, c := range cmds {
		if strings.EqualFold(c, d) {
			return true
		}
		if k, ok := corpsOf[u.Side][strings.ToLower(d)]; ok && strings.EqualFold(c, k) {
			return true
		}
	}
	return false
}

// corpsKey is the 21.1 corps a declared designation counts as, or "" when
// it counts as none.
func corpsKey(side engine.Side, c string) string {
	l := strings.ToLower(strings.TrimSpace(c))
	if k, ok := corpsOf[side][l]; ok {
		return k
	}
	if notCorps[l] {
		return ""
	}
	return strings.ToUpper(l)
}

// checkSideCommand checks a side's division of command (21.1) against an
// order of battle; atStart adds the rules of the start of the game (the V
// Corps not the Union overall commander's, the Halleck player's
// commands).
func checkSideCommand(side engine.Side, players []engine.Player, oob *engine.OrderOfBattle, o engine.GameOptions, atStart bool) error {
	units, known := sideCommandUnits(o, side, oob)
	if err := checkDeclaredCommands(side, players, units, known); err != nil {
		return err
	}
	if len(players) < 2 {
		return nil // one commander commands everything
	}
	var overall *engine.Player
	for i := range players {
		if players[i].Overall {
			overall = &players[i]
		}
	}
	corps := declaredCorps(o, side, players, units)
	// Halleck with two Union players (21.1): "Hooker shall receive control
	// of all AOP units and Halleck shall have control of the DC, VIII Corps
	// and PA forces only" until Meade assumes command, so the overall
	// commander's limits (V Corps, AoP cavalry, fewest corps) wait for him.
	hooker2 := side == engine.USA && o.Halleck && atStart && len(players) == 2
	var cavCommander *engine.Player
	for _, u := range units {
		p := sideCommanderOf(o, players, overall, u)
		if k := corpsKey(side, commandCorps(o, u)); k != "" && commandCorps(o, u) != "" {
			corps[p.Actor.ID][k] = true
		}
		if side == engine.CSA && strings.EqualFold(commandCorps(o, u), "Cav") {
			cavCommander = p
		}
	}
	if err := checkCommandLimits(o, side, players, overall, cavCommander, units, atStart, hooker2); err != nil {
		return err
	}
	if side == engine.USA && o.Halleck && atStart {
		if err := checkHalleckCommand(players, overall, corps); err != nil {
			return err
		}
	}
	return checkFewestCorps(players, overall, corps, hooker2)
}

// sideCommandUnits returns the side's units of the order of battle (as far
// as command goes) and its designations and corps by lower-case name, as
// printed.
func sideCommandUnits(o engine.GameOptions, side engine.Side, oob *engine.OrderOfBattle) ([]engine.UnitState, map[string]string) {
	known := map[string]string{} // lower-case designation or corps -> as printed
	var units []engine.UnitState
	for _, u := range oob.Units {
		if u.Side != side {
			continue
		}
		us := engine.UnitState{Side: u.Side, Name: u.Name, Command: u.Command}
		units = append(units, us)
		d := designation(o, us)
		known[strings.ToLower(d)] = d
		if k, ok := corpsOf[side][strings.ToLower(d)]; ok {
			known[strings.ToLower(k)] = k
		}
	}
	return units, known
}

// checkDeclaredCommands checks that every declared designation exists on
// the side, and that one player has it (21.1).
func checkDeclaredCommands(side engine.Side, players []engine.Player, units []engine.UnitState, known map[string]string) error {
	S := strings.ToUpper(string(side))
	owner := map[string]string{}
	for _, p := range players {
		for _, c := range p.Commands {
			l := strings.ToLower(strings.TrimSpace(c))
			if len(units) > 0 && known[l] == "" {
				var names []string
				for _, v := range known {
					names = append(names, v)
				}
				sort.Strings(names)
				return engine.Invalid("game.command", fmt.Sprintf("%s declared %q, which is not a %s corps or designation", p.Actor.Name, c, S),
					"The "+S+" designations: "+strings.Join(names, ", "))
			}
			if o, ok := owner[l]; ok && o != p.Actor.Name {
				return engine.Illegal("game.command", fmt.Sprintf("Both %s and %s declared %q", o, p.Actor.Name, c), "Each corps or designation has one commander (LRTG 21.1)")
			}
			owner[l] = p.Actor.Name
		}
	}
	return nil
}

// sideCommanderOf is who commands a unit: its declared commander, else the
// overall commander.
func sideCommanderOf(o engine.GameOptions, players []engine.Player, overall *engine.Player, u engine.UnitState) *engine.Player {
	for i := range players {
		if commandsUnit(o, players[i].Commands, u) {
			return &players[i]
		}
	}
	return overall
}

// declaredCorps returns the corps each player (by id) declared. A declared
// designation is a corps when units carry it as their command (a unit
// named for itself, e.g. Imboden, is none).
func declaredCorps(o engine.GameOptions, side engine.Side, players []engine.Player, units []engine.UnitState) map[string]map[string]bool {
	isCorps := map[string]bool{}
	for _, u := range units {
		if c := commandCorps(o, u); c != "" {
			isCorps[strings.ToLower(c)] = true
		}
	}
	corps := map[string]map[string]bool{} // player id -> corps keys
	for _, p := range players {
		corps[p.Actor.ID] = map[string]bool{}
		for _, c := range p.Commands {
			l := strings.ToLower(strings.TrimSpace(c))
			if k := corpsKey(side, c); k != "" && (isCorps[l] || len(units) == 0 || corpsOf[side][l] != "") {
				corps[p.Actor.ID][k] = true
			}
		}
	}
	return corps
}

// checkCommandLimits checks the commands 21.1 keeps from the overall
// commander (the cavalry corps, the Richmond Garrison, the V Corps at the
// start) and from the Confederate cavalry corps' commander (Imboden,
// Jenkins, the 12 VA). It lists every problem in one refusal, so that the
// players mend the division at once rather than one refusal at a time.
func checkCommandLimits(o engine.GameOptions, side engine.Side, players []engine.Player, overall, cavCommander *engine.Player, units []engine.UnitState, atStart, hooker2 bool) error {
	var what, hints []string
	seen := map[string]bool{}
	add := func(w, h string) {
		if !seen[w] {
			seen[w] = true
			what, hints = append(what, w), append(hints, h)
		}
	}
	for _, u := range units {
		p := sideCommanderOf(o, players, overall, u)
		cmd := strings.ToLower(commandCorps(o, u))
		switch {
		case side == engine.CSA && cmd == "cav" && p == overall:
			add("The Confederate overall commander may not command the cavalry corps (CAV)", "Give Cav to another Confederate player")
		case side == engine.CSA && cmd == "rich" && p == overall:
			add("The Richmond Garrison units may not be the overall commander's", "Give Rich to one other Confederate player")
		case nonCavCavalry(o, u) && cavCommander != nil && p == cavCommander:
			add(fmt.Sprintf("%s may not be under the cavalry corps' commander (%s)", u.Name, p.Actor.Name), "Give Imboden, Jenkins and 12 VA to another Confederate player")
		case side == engine.USA && cmd == "v" && p == overall && atStart && !hooker2:
			add("The Union overall commander may not command the V Corps at the start", "Give V to another Union player: he becomes the overall commander when Meade takes command")
		case side == engine.USA && cmd == "cav" && p == overall && !hooker2:
			add("The Union overall commander may not command the Army of the Potomac's cavalry", "Give Cav to another Union player (he may command garrison cavalry)")
		}
	}
	if len(what) == 0 {
		return nil
	}
	return engine.Illegal("game.command", strings.Join(what, "; "), strings.Join(hints, "; ")+" (LRTG 21.1)")
}

// checkHalleckCommand checks Halleck (21.1, optional): one player commands
// the DC, VIII Corps and PA forces only, until Meade takes command.
func checkHalleckCommand(players []engine.Player, overall *engine.Player, corps map[string]map[string]bool) error {
	var halleck *engine.Player
	for i := range players {
		if engine.Contains(players[i].Commands, "DC") {
			halleck = &players[i]
		}
	}
	want := map[string]bool{"DC": true, "VIII": true, "PA": true}
	ok := halleck != nil && halleck != overall
	if ok {
		for k := range corps[halleck.Actor.ID] {
			ok = ok && want[k]
		}
		ok = ok && len(corps[halleck.Actor.ID]) == len(want)
	}
	if !ok {
		return engine.Illegal("game.command", "With the Halleck rule, one Union player other than the overall commander commands exactly DC, VIII (Balt, WV, HF) and PA", "e.g. /game join side:usa command:DC,VIII,PA (LRTG 21.1 Halleck)")
	}
	return nil
}

// checkFewestCorps checks that every subordinate commands at least as many
// corps as the overall commander (21.1); with Halleck and two Union
// players (hooker2) that waits for Meade.
func checkFewestCorps(players []engine.Player, overall *engine.Player, corps map[string]map[string]bool, hooker2 bool) error {
	n := len(corps[overall.Actor.ID])
	for _, p := range players {
		if hooker2 {
			break
		}
		if p.Actor.ID == overall.Actor.ID {
			continue
		}
		if m := len(corps[p.Actor.ID]); m < n {
			return engine.Illegal("game.command", fmt.Sprintf("%s commands %d corps, fewer than the overall commander's %d (%s)", p.Actor.Name, m, n, strings.Join(sortedKeys(corps[overall.Actor.ID]), ", ")),
				"Every subordinate commands at least as many corps as the overall commander (LRTG 21.1): give him more, or declare more for the others")
		}
	}
	return nil
}

func isNonCavCavalry(name string) bool {
	for _, n := range []string{"Imboden", "Jenkins", "12 VA"} {
		if strings.EqualFold(name, n) {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkJoinCommands checks a joining player's declared commands against
// the side's designations (21.1) as he joins, naming every unknown one at
// once with the valid list, so he can mend them all before the start. An
// order of battle without the side's units checks nothing.
func checkJoinCommands(g engine.GameState, side engine.Side, commands []string, oob *engine.OrderOfBattle) error {
	units, known := sideCommandUnits(g.Options, side, oob)
	if len(units) == 0 {
		return nil
	}
	var bad []string
	for _, c := range commands {
		if known[strings.ToLower(strings.TrimSpace(c))] == "" {
			bad = append(bad, fmt.Sprintf("%q", strings.TrimSpace(c)))
		}
	}
	if len(bad) == 0 {
		return nil
	}
	S := strings.ToUpper(string(side))
	names := make([]string, 0, len(known))
	for _, v := range known {
		names = append(names, v)
	}
	sort.Strings(names)
	what := fmt.Sprintf("%s is not a %s corps or designation", bad[0], S)
	if len(bad) > 1 {
		what = fmt.Sprintf("%s are not %s corps or designations", strings.Join(bad, ", "), S)
	}
	return engine.Invalid("game.command", what, "Join again with command: from the "+S+" designations: "+strings.Join(names, ", "))
}
