package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Long Roads to Antietam (004) plays on the machinery built for LRTG: its
// own sequence of play (scenarios/sequence/lrta-sequence.yaml), whose steps
// take the LRTG ids where they are the same step (1e the declaration, 3a
// leader transfer, 4a/4b the action cycle, 6 recovery), so that their
// commands and waits are shared; the steps LRTA has alone (1a PA militia
// entry, 1c DC garrison requirements, 1r Rest and Refit...) have their
// procedures listed in LRTA's sequence of play (lrtaSteps, lrta_ruleset.go). The LRTA rule book is not
// among the seeds: where a chart refers to a rule it does not print, the
// LRTG rule of the same name is followed, and the code says so.

// ---- Command Transfers (004 2) ----
//
// "Command Transfers - Mandatory if unit more than 8 hexes from overall
// commander - Optional when McClellan Assumes Command" (004 2). Read: in
// step 2a a corps the overall commander holds whose corps commander is more
// than 8 hexes from his army commander's counter must go to a subordinate
// (the step waits for it); any other change of control is allowed only on
// the turn McClellan assumes command (in 2a, or in 3b as it happens). LRTG
// 21.1's corps lists (V, the AoP cavalry...) are LRTG's and are not
// applied; a change costs no fatigue (the LRTG rules of the same name:
// 21.1's Overall Commander Restrictions, 16.2 14) for Meade).

// LRTATransferRange is the distance of 004 2's Command Transfers.
const LRTATransferRange = 8

// lrtaFarDesignations lists the corps the side's overall commander holds
// whose corps commander is more than 8 hexes from his army commander's
// counter. "Unit" is read with the LRTG rule of the same name (21.1's
// Optional Overall Commander Restrictions), which measures the corps
// commanders: a designation without a corps commander on the map (the
// garrisons) is not transferred by it.
func (g Game) lrtaFarDesignations(side engine.Side) []string {
	army := g.armyCommander(side)
	if army == nil {
		return nil
	}
	var far []string
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != side || !u.OnMap || u.Eliminated || !u.Kind.IsLeader() || IsArmyLeader(u) || u.Command == "" {
			continue
		}
		if h := g.holder(side, u); h == nil || !h.Overall {
			continue
		}
		if d := engine.Designation(u); engine.Distance(u.Hex, army.Hex) > LRTATransferRange && !slices.Contains(far, d) {
			far = append(far, d)
		}
	}
	return far
}

func waitLRTATransfers(g Game) []string {
	var w []string
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		subs := 0
		for _, p := range g.Players {
			if p.Side == side && !p.Overall {
				subs++
			}
		}
		if subs == 0 {
			continue
		}
		if far := g.lrtaFarDesignations(side); len(far) > 0 {
			what := strings.Join(far, ", ")
			if g.Options.LimitedIntel {
				what = fmt.Sprintf("%d of them", len(far)) // the wait is public
			}
			w = append(w, fmt.Sprintf("the %s overall commander to hand to a subordinate the corps whose commanders are more than %d hexes from his army commander (%s; /command give, 004 2)",
				sideName(side), LRTATransferRange, what))
		}
	}
	return w
}

func (g Game) decideLRTATransfer(cmd GiveCommand) ([]engine.Event, error) {
	umpire := g.IsUmpire(cmd.By)
	reason := strings.TrimSpace(cmd.Reason)
	step := g.CurrentStep()
	mcclellan := g.LRTAMcClellanTurn() == g.Turn && g.LRTAMcClellan()
	if !umpire && step != "" && step != "2a" && !(step == "3b" && mcclellan) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "control.step", What: "Control changes hands in the Communications Phase (step 2a, Command Transfers), not now",
			Hint: "/phase show says where the turn is", Rule: "004 2"}
	}
	to := g.Player(cmd.To)
	if to == nil {
		return nil, engine.Invalid("control.to", "The receiver is not a commander of this game", "Name a player of your side")
	}
	d := strings.TrimSpace(cmd.Designation)
	var units []engine.UnitState
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == to.Side && !u.Eliminated && strings.EqualFold(engine.Designation(u), d) {
			units = append(units, u)
		}
	}
	if len(units) == 0 {
		return nil, engine.Invalid("control.designation", fmt.Sprintf("The %s has no corps or designation %q", sideName(to.Side), d),
			"Name a corps or designation as /oob prints it, e.g. L, J, Cav, V-AP")
	}
	d = engine.Designation(units[0])
	from := g.holder(to.Side, units[0])
	if from == nil {
		return nil, engine.Illegal("control.holder", "No one commands "+d, "")
	}
	if !umpire && from.Actor.ID != cmd.By.ID {
		return nil, engine.Illegal("control.holder", fmt.Sprintf("%s commands %s, not you", from.Actor.Name, d), "Only its commander gives it (004 2)")
	}
	if from.Actor.ID == to.Actor.ID {
		return nil, engine.Illegal("control.same", fmt.Sprintf("%s already commands %s", to.Actor.Name, d), "")
	}
	mandatory := from.Overall && !to.Overall && slices.Contains(g.lrtaFarDesignations(to.Side), d)
	if !mandatory && !mcclellan && !(umpire && reason != "") {
		e := &engine.RuleError{Kind: engine.ErrIllegal, Code: "control.optional",
			What: fmt.Sprintf("In LRTA control changes hands only when it must: %s is not a command of the overall commander more than %d hexes from his army commander", d, LRTATransferRange),
			Hint: "Other changes are allowed on the turn McClellan assumes command", Rule: "004 2"}
		if umpire {
			e.Hint += "; as umpire you may rule it: add reason:<why>"
		}
		return nil, e
	}
	// A corps goes to the overall commander only within 8 hexes of him.
	if to.Overall && !(umpire && reason != "") {
		if army := g.armyCommander(to.Side); army != nil {
			near := false
			for _, u := range units {
				near = near || (u.OnMap && engine.Distance(u.Hex, army.Hex) <= LRTATransferRange)
			}
			if !near {
				return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "control.range", What: fmt.Sprintf("No unit of %s is within %d hexes of %s", d, LRTATransferRange, army.Name),
					Hint: "The overall commander commands only what is near him", Rule: "004 2"}
			}
		}
	}
	// No fatigue: the mandatory transfer is LRTG's Overall Commander
	// Restrictions' ("This transfer does not require the addition of a
	// fatigue", 21.1), the optional one McClellan's like Meade's (16.2
	// 14): "Units changing command shall not incur a fatigue penalty").
	why := "a mandatory Command Transfer: more than 8 hexes from the army commander (004 2; no fatigue, as LRTG 21.1's restrictions)"
	if !mandatory {
		why = "McClellan assumes command: an optional Command Transfer (004 2; no fatigue, as LRTG 16.2 14))"
	}
	return []engine.Event{&ControlChanged{By: cmd.By, Designation: d, From: from.Actor, To: to.Actor, Turn: g.Turn, Reason: reason, Why: why}}, nil
}
