package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The opening's limits on the Union (000 VIII 3), High Tide and the
// Gettysburg Campaign alike), while its restrictions hold
// (openingRestricted: turns 1-3, until the umpire lifts them with
// /action rolls):
//
//   - "No Union unit may move into Caroline, Spotsylvania, Orange,
//     Culpepper, Rappahannock, or Warren counties." The counties are the
//     map's regions (scenarios/maps/lrtg-regions.yaml, modern boundaries
//     fitted to the hexes: near a county line the umpire judges, and a
//     reason overrides). 000's "treat hex SJW W0618 as being part of
//     Warren County" names no sheet of the map (lrtg-sheets.yaml note 6):
//     the umpire judges it. With Brandy Station, 27.1 b) lets the Union
//     cavalry into them on turn 3 ("With the exception of Union Cavalry
//     units on Turn 3"; 27.2: Culpeper and Orange).
//   - "Union units of activated corps may utilize strategic and naval
//     movement": the Distance Action Phase is not played, and the one
//     sentence that grants the long moves in the Normal Action Phase names
//     strategic and naval movement, not rail. Read as written: no rail
//     movement on the opening turns ("No units may activate ... except as
//     follows": what is not granted is not allowed).
//   - "the units of one infantry corps or one cavalry division": the
//     Union's infantry corps are the Army of the Potomac's seven (000 VIII
//     4) set-up: I, II, III, V, VI, XI, XII; armyInfantryCorps). The garrisons (DC, the VIII
//     Corps' Balt, HF and WV, PA), Haupt's RR and the army's own AoP
//     units are none, so they do not activate on the opening turns.

// openingCounties are the six counties of 000 VIII 3), by map region.
var openingCounties = []string{"va.caroline", "va.spotsylvania", "va.orange", "va.culpeper", "va.rappahannock", "va.warren"}

// openingCountiesCheck refuses a Union move on an opening turn that
// enters one of the six counties: a hex of its path, or its destination,
// in a county the unit did not start in.
func (g Game) openingCountiesCheck(cmd engine.MoveUnits) *engine.RuleError {
	d := cmd.Data
	if d == nil || d.Theatre == nil || !g.openingRestricted() {
		return nil
	}
	if step := g.CurrentStep(); step != "4a" && step != "4b" {
		return nil // moves outside the action cycle (no sequence of play) are the table's own
	}
	if g.IsUmpire(cmd.By) && len(cmd.Path) == 0 {
		return nil // the umpire's placement, as move_path.go leaves it
	}
	hexes := append(slices.Clone(cmd.Path), cmd.To)
	for _, id := range cmd.Units {
		u := g.Units[id]
		if u.Side != engine.USA || (g.Options.BrandyStation && g.Turn == 3 && isCavalry(u)) {
			continue
		}
		for _, c := range openingCounties {
			in := d.Theatre.InAny(c)
			if u.OnMap && in(u.Hex) {
				continue // already there: moving within is no moving into
			}
			for i, h := range hexes {
				if !in(h) {
					continue
				}
				ref := ""
				if i == len(hexes)-1 {
					ref = cmd.Ref
				}
				return moveRule("move.opening", fmt.Sprintf("%s may not move into %s on the opening turns (%s): no Union unit may move into Caroline, Spotsylvania, Orange, Culpeper, Rappahannock or Warren counties",
					u.Name, d.Theatre.Region(c).Name, d.Theatre.Named(h, ref)),
					"Keep out of the six counties until the restrictions are lifted: at the start of turn 4, or when a Confederate unit leaves the six counties (the umpire's /action rolls); the umpire may rule otherwise with reason:<why>", "000 VIII 3)")
			}
		}
	}
	return nil
}

// isCavalry reports whether a unit is cavalry, or of a cavalry command.
func isCavalry(u engine.UnitState) bool {
	return u.Kind == engine.KindCavalry || strings.EqualFold(u.Command, "Cav")
}

// openingRailCheck refuses rail movement on an opening turn: VIII 3)
// grants the activated corps strategic and naval movement only.
func (g Game) openingRailCheck(mode string) *engine.RuleError {
	if mode != MoveRail || !g.openingRestricted() {
		return nil
	}
	step := g.CurrentStep()
	if step != "4a" && step != "4b" {
		return nil
	}
	return moveRule("move.opening", "Rail movement is not allowed on the opening turns: VIII 3) lets the Union's activated corps use strategic and naval movement, and names no rail movement",
		"Move by road, by strategic or by naval movement; rail movement returns when the restrictions are lifted (turn 4, or the umpire's /action rolls)", "000 VIII 3)")
}

// openingCorpsCheck refuses the activation, on an opening turn, of a
// Union unit of no infantry corps and no cavalry division (the AoP's
// cavalry, "Cav": a garrison's cavalry is no division of it): VIII 3) b)
// allows "the units of one infantry corps or one cavalry division" and
// nothing else.
func (g Game) openingCorpsCheck(u engine.UnitState) *engine.RuleError {
	if u.Side != engine.USA || strings.EqualFold(u.Command, "Cav") || slices.Contains(armyInfantryCorps[engine.USA], strings.ToUpper(u.Command)) {
		return nil
	}
	return moveRule("action.opening", fmt.Sprintf("%s is of %s, not of one of the Union's seven infantry corps (%s) nor a cavalry division: on the opening turns only those activate",
		u.Name, engine.Designation(u), strings.Join(armyInfantryCorps[engine.USA], ", ")),
		"Activate a unit or leader of an infantry corps or a cavalry division, or pass", "000 VIII 3) b)")
}
