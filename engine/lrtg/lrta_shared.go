package lrtg

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// LRTA's answers where LRTG's shared modules ask the variant
// (lrtgVariant's variant1 block, filled in LRTARuleset): each the rule of
// 004 that replaces LRTG's there. The longer procedures stay in LRTA's
// own files (lrta_move.go, lrta_attach.go, lrta_turnstart.go, lrta.go).

// lrtaStrategic is 004's strategic movement: "Infantry – must be more
// than 8 hexes from infantry and more than 4 hexes from cavalry Cavalry
// must be more than 4 hexes from any unit" (LRTG 17.1: cavalry more than
// eight from any enemy unit); the allowance by normal (passive or
// paralysed) [passive and paralysed], and "Other modifiers (ex. +2 for
// AoV units) also may apply" to the disorganization roll (lrta_move.go).
var lrtaStrategic = strategicRules{
	cavalryRange: 4,
	clearHint:    "Strategic movement stays more than 8 hexes from enemy infantry and more than 4 from enemy cavalry; cavalry more than 4 from any enemy unit",
	allowance: func(g Game, cmd engine.MoveUnits, u engine.UnitState, ev *engine.UnitsMoved) (int, error) {
		passive := cmd.Passive || g.Passive(u.Side) // 004: "Passive players have reduced strategic movement"
		ev.Passive = passive
		allow, _, err := lrtaStrategicAllowance(cmd.Data.Strategic, u.Side, cmd.Fatigue, u.Kind == engine.KindCavalry, passive, g.lrtaParalysed(u))
		return allow, err
	},
	disorg: Game.lrtaStrategicDisorg,
}

// lrtaRailParalysed: "No Railroad movement is permitted this turn (and
// for a 2nd turn if Pope is in command)" for the Union (004 Random
// Events: Rear Area Paralysis).
func lrtaRailParalysed(g Game, side engine.Side) bool {
	return side == engine.USA && g.lrtaNoRail()
}

// lrtaDetachRefused: the Union designations that never detach (004 Union
// Attachment / Detachment Restrictions: Shen, RR, Kan, Res), Haupt aside
// (he never detaches either, as LRTG 7.0's railroad unit).
func lrtaDetachRefused(p engine.UnitState) *engine.RuleError {
	if p.Side != engine.USA || !lrtaIn(lrtaNoDetach, p.Command) || lrtaHaupt(p) {
		return nil
	}
	return attRuled(engine.Illegal("detach.group", fmt.Sprintf("%s (%s) may not detach: Shen, RR, Kan and Res units never detach", p.Name, p.Command), ""), lrtaAttachRule)
}

// lrtaLevyRefused: LRTA's Confederates levy the towns 004's Depots and
// Levied Supplies lists (the map's lrta_levy_victuals), not every LRTG
// levy town (13.1).
func lrtaLevyRefused(p engine.Place) *engine.RuleError {
	if _, ok := p.Values["lrta_levy_victuals"]; ok {
		return nil
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "place.kind", What: p.Name + " is not a town LRTA's Confederates may levy",
		Hint: "004's Depots and Levied Supplies lists the towns", Rule: "004 Depots and Levied Supplies"}
}

// lrtaHFDepot: "the depot in Harper's Ferry may be dismantled or
// destroyed" once the Release of Harpers Ferry Garrison random event is
// drawn (004 Random Events), not when Meade takes command (LRTG 13.8,
// 16.1).
var lrtaHFDepot = depotHold{released: Game.LRTAHarpersFerryReleased,
	until: "until the Release of Harpers Ferry Garrison random event",
	rule:  "004 Random Events (Release of Harpers Ferry Garrison)", destroyRule: "004 Random Events (Release of Harpers Ferry Garrison)"}

// lrtaManpowerMisfits: LRTA's Raw Recruits random event gives Union
// units manpower (004; LRTG has no such event), and 004's corps
// reorganizations give any unit manpower (LRTG 16.2 8) g), h): Price's and
// Kilpatrick's, Union units).
var lrtaManpowerMisfits = map[string]func(g Game, u engine.UnitState, gain int) string{
	"recruits":       unionOnly,
	"reorganization": func(Game, engine.UnitState, int) string { return "" },
}

// lrtaControlModule is LRTG's control module, whose GiveCommand LRTA
// decides by its own rule: 004 2 Command Transfers ("Mandatory if unit
// more than 8 hexes from overall commander - Optional when McClellan
// Assumes Command", in step 2a) in place of LRTG 21.1's control changes
// in step 2c (lrta.go).
func lrtaControlModule() engine.Module {
	m := controlModule()
	m.Name = "lrta-control"
	m.Decide = claims(func(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
		c, ok := cmd.(GiveCommand)
		if !ok {
			return nil, false, nil
		}
		if err := g.BoardReady(c.By); err != nil {
			return nil, true, err
		}
		evs, err := g.decideLRTATransfer(c)
		return evs, true, err
	})
	return m
}
