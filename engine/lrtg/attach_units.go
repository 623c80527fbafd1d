// Attachment (LRTG 7.2-7.3): which units attach to which, under the
// restricted Union groups (12.1-12.3, 16.1 e), the status after attachment,
// and optional rule 18's re-forming of a division from its brigades (18.3).

package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

func (g Game) decideAttachUnits(cmd AttachUnits) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.attachStepGate(cmd.By, false); err != nil { // leaders.go: step 3c (7.2)
		return nil, err
	}
	if cmd.Rules == nil {
		return nil, fmt.Errorf("engine: attaching needs the scenario's order of battle")
	}
	rules := cmd.Rules
	lim := g.attLimitsFor(cmd.By, cmd.Reason)
	if len(cmd.Units) == 0 {
		return nil, engine.Invalid("attach.units", "No unit to attach", "Name the attaching units: unit:<unit>")
	}
	t, err := g.Unit(cmd.To)
	if err != nil {
		return nil, err
	}
	if p := g.Player(cmd.By.ID); !g.IsUmpire(cmd.By) && (p == nil || p.Side != t.Side) {
		// The same answer as for a unit that does not exist: a name never
		// confirms an enemy unit.
		return nil, engine.Invalid("unit.unknown", fmt.Sprintf("There is no unit %q", cmd.To), "Attach to a unit of your side")
	}
	t = t.WithStatus()
	if t.Eliminated || !t.OnMap {
		return nil, engine.Illegal("attach.target", fmt.Sprintf("%s is not on the map", t.Name), "")
	}
	var units []engine.UnitState
	seen := map[string]bool{}
	for _, id := range cmd.Units {
		u, err := g.UnitFor(cmd.By, id)
		if err != nil {
			return nil, err
		}
		switch {
		case seen[id]:
			return nil, engine.Invalid("attach.twice", fmt.Sprintf("%s is named twice", u.Name), "Name each unit once")
		case id == t.ID:
			return nil, engine.Invalid("attach.self", fmt.Sprintf("%s cannot attach to itself", u.Name), "")
		case u.Eliminated || !u.OnMap:
			return nil, engine.Illegal("attach.target", fmt.Sprintf("%s is not on the map", u.Name), "")
		case u.Side != t.Side:
			return nil, engine.Illegal("attach.side", fmt.Sprintf("%s is not a friendly unit of %s", t.Name, u.Name), "A unit attaches to a friendly unit")
		}
		seen[id] = true
		units = append(units, u.WithStatus())
	}
	for _, u := range units {
		if u.Hex != t.Hex {
			if err := lim.breach(attRuled(engine.Illegal("attach.hex", fmt.Sprintf("%s is not in %s's hex", u.Name, t.Name), "A unit attaches to a unit it is stacked with"), "LRTG 7.2")); err != nil {
				return nil, err
			}
		}
	}
	// 18.3: two or more brigades of a replaced division, 9 manpower or
	// more, re-form it.
	total := t.Manpower
	for _, u := range units {
		total += u.Manpower
	}
	if d := t.Detached.Division; g.optional(18) && d != "" && !t.Kind.IsLeader() && total >= 9 {
		if _, broken := g.Attach.Broken[d]; broken {
			all := true
			for _, u := range units {
				all = all && u.Detached.Division == d && !u.Kind.IsLeader()
			}
			if all {
				return g.attReform(cmd, lim, t, units, total)
			}
		}
	}
	res := t
	for _, u := range units {
		if err := g.attCanAttach(rules, lim, u, t); err != nil {
			return nil, err
		}
		res = attMerge(res, u)
	}
	// 7.2 Size: the unit remaining on the map.
	arm, size := attArm(t), rules.sizeOf(t)
	caps := map[string]int{"infantry/division": 16, "infantry/brigade": 8, "infantry/regiment": 2, "cavalry/brigade": 4, "cavalry/regiment": 2}
	limit, ok := caps[arm+"/"+size]
	if !ok {
		return nil, attRuled(engine.Illegal("attach.receive", fmt.Sprintf("%s (%s) cannot take attaching units", t.Name, strings.TrimSpace(size+" "+attKindName(t))), "Attach to an infantry or cavalry division, brigade or regiment"), "LRTG 7.2")
	}
	if res.Manpower > limit {
		if err := lim.breach(attRuled(engine.Illegal("attach.size", fmt.Sprintf("%s would have %d manpower: %s %ss go no higher than %d", t.Name, res.Manpower, arm, size, limit), ""), "LRTG 7.2")); err != nil {
			return nil, err
		}
	}
	ev := &UnitsAttached{By: cmd.By, Units: cmd.Units, To: t.ID, Reason: strings.TrimSpace(cmd.Reason)}
	for _, u := range units {
		if attIsSubstitute(u) {
			ev.Freed = append(ev.Freed, u.ID)
		}
	}
	ev.Control = g.attControlFatigue(units, t)
	if ev.Control {
		res.Fatigue = min(res.Fatigue+1, engine.MaxFatigue)
	}
	ev.Result, ev.Waived = res, lim.waived
	return []engine.Event{ev}, nil
}

// attCanAttach checks that u may attach to t (7.2, 7.3, 12.1-12.3,
// 16.1 e).
func (g Game) attCanAttach(rules *SubstituteRules, lim *attLimits, u, t engine.UnitState) error {
	if err := g.attKindRules(rules, u, t); err != nil {
		return err
	}
	if f := g.variant().unionAttachLimit; f != nil && u.Side == engine.USA {
		// LRTA: 004's Union restrictions replace LRTG 12's releases and 16.1 e.
		if e := f(g, rules, u, t); e != nil {
			return lim.breach(e)
		}
		return nil
	}
	if !attIsSubstitute(u) && attArm(u) == "cavalry" && rules.sizeOf(t) != "brigade" {
		if err := lim.breach(attRuled(engine.Illegal("attach.cavalry", fmt.Sprintf("%s is a cavalry regiment: it attaches to a cavalry brigade, and %s is not one", u.Name, t.Name), ""), "LRTG 7.3")); err != nil {
			return err
		}
	}
	if e := g.attUnionGroupRule(u, t); e != nil {
		return lim.breach(e)
	}
	return nil
}

// isHaupt reports whether a unit of the RR designation is Haupt's
// railroad unit, which never attaches or detaches (LRTG 7.0, 7.3, 12.5:
// the designation is his unit alone; a variant may say otherwise,
// lrtgVariant.haupt).
func (g Game) isHaupt(u engine.UnitState) bool {
	if f := g.variant().haupt; f != nil {
		return f(u)
	}
	return true
}

// attKindRules checks the units that never attach or cannot (7.2, 7.3):
// the Haupt railroad unit, DC units not scheduled for release, leaders and
// divisions; the others attach only as substitutes, infantry brigades and
// regiments and cavalry regiments, to a unit of their own type. These are
// not limits the umpire waives.
func (g Game) attKindRules(rules *SubstituteRules, u, t engine.UnitState) error {
	arm, size := attArm(u), rules.sizeOf(u)
	sub := attIsSubstitute(u)
	switch {
	case attGroup(u) == "RR" && g.isHaupt(u):
		return attRuled(engine.Illegal("attach.never", fmt.Sprintf("%s may not attach", u.Name), "The Haupt railroad unit never attaches"), "LRTG 7.3")
	case engine.Contains(u.Marks, "dc-only"):
		return attRuled(engine.Illegal("attach.never", fmt.Sprintf("%s may never attach", u.Name), "DC units not scheduled for release (Jewett, Casey) never attach"), "LRTG 7.3")
	case arm == "" || u.Kind.IsLeader():
		return attRuled(engine.Illegal("attach.cannot", fmt.Sprintf("%s (%s) cannot attach: only infantry and cavalry units attach", u.Name, attKindName(u)), ""), "LRTG 7.2")
	case !sub && size == "division":
		return attRuled(engine.Illegal("attach.cannot", fmt.Sprintf("%s is an infantry division: divisions do not attach", u.Name), "Units attach to it"), "LRTG 7.2")
	case !sub && arm == "cavalry" && size != "regiment":
		return attRuled(engine.Illegal("attach.cannot", fmt.Sprintf("%s is a cavalry %s: of the cavalry only regiments attach", u.Name, size), ""), "LRTG 7.2")
	case !sub && size != "brigade" && size != "regiment":
		return attRuled(engine.Illegal("attach.cannot", fmt.Sprintf("%s may not attach", u.Name), "Substitutes, infantry brigades and regiments and cavalry regiments attach"), "LRTG 7.2, 7.3")
	case attArm(t) != arm || t.Kind.IsLeader():
		return attRuled(engine.Illegal("attach.type", fmt.Sprintf("%s is %s and %s is not: a unit attaches to a unit of its own type", u.Name, arm, t.Name), ""), "LRTG 7.2")
	}
	return nil
}

// attUnionGroupRule checks the restricted Union groups (12.1-12.3, 3.2,
// 7.3) and, while Hooker commands, the Army of the Potomac's refusal of
// other units (16.1 e). It returns the limit broken (nil: none) for the
// umpire to waive or not.
func (g Game) attUnionGroupRule(u, t engine.UnitState) *engine.RuleError {
	grp, tgrp, meade := attGroup(u), attGroup(t), g.meadeInCommandForAttach()
	var e *engine.RuleError
	switch grp {
	case "PA":
		if tgrp != "PA" {
			e = attRuled(engine.Illegal("attach.pa", fmt.Sprintf("%s is Pennsylvania militia: it attaches only to other PA militia", u.Name), ""), "LRTG 12.3, 7.3")
		}
	case "Balt", "DC":
		switch {
		case !g.releasedForAttach(u):
			e = attRuled(engine.Illegal("attach.released", fmt.Sprintf("%s (%s) has not been released: it may not attach until released", u.Name, u.Command), attReleaseHint(u)), "LRTG 12.1, 12.2")
		case tgrp == grp:
		case attIsAoP(t) && !meade:
			e = attRuled(engine.Illegal("attach.meade", fmt.Sprintf("%s (%s) may attach to Army of the Potomac units only once Meade has taken command", u.Name, u.Command), ""), "LRTG 12.1, 12.2, 16.1 e")
		case !attIsAoP(t):
			e = attRuled(engine.Illegal("attach.group", fmt.Sprintf("%s (%s) attaches to other %s units or, once Meade commands, to Army of the Potomac units; %s is %s", u.Name, u.Command, u.Command, t.Name, t.Command), ""), "LRTG 7.3")
		}
	case "HF", "WV":
		switch {
		case tgrp == grp:
		case attIsAoP(t) && !meade:
			e = attRuled(engine.Illegal("attach.meade", fmt.Sprintf("%s (%s) may attach to Army of the Potomac units only once Meade has taken command", u.Name, u.Command), ""), "LRTG 12.1, 16.1 e")
		case !attIsAoP(t):
			e = attRuled(engine.Illegal("attach.group", fmt.Sprintf("%s (%s) attaches only to other %s units (and, once Meade commands, to Army of the Potomac units); %s is %s", u.Name, u.Command, u.Command, t.Name, t.Command), ""), "LRTG 7.3")
		}
	case "release":
		if !g.releasedForAttach(u) {
			e = attRuled(engine.Illegal("attach.released", fmt.Sprintf("%s has not been released: it may not attach until released", u.Name), attReleaseHint(u)), "LRTG 3.2, 7.3")
		}
	default:
		if u.Side == engine.USA && !attIsAoP(u) && attIsAoP(t) && !meade {
			e = attRuled(engine.Illegal("attach.meade", fmt.Sprintf("While Hooker commands, Army of the Potomac units may not take non-AoP units such as %s", u.Name), ""), "LRTG 16.1 e")
		}
	}
	return e
}

// attDesignation names a unit's designation for a message.
func attDesignation(u engine.UnitState) string {
	if strings.TrimSpace(u.Command) == "" {
		return "of no designation"
	}
	return u.Command
}

// attMerge is 7.2's Determining Status after Attachment: a attaches to t,
// which remains on the map.
func attMerge(t, a engine.UnitState) engine.UnitState {
	r := t
	if a.Manpower > t.Manpower {
		// The Strength marker goes on the larger attaching unit's side.
		r.Status.Disorganized = a.Status.Disorganized
	}
	r.Status.Exhausted = t.Status.Exhausted || a.Status.Exhausted
	r.Status.Demoralization = max(t.Status.Demoralization, a.Status.Demoralization)
	// Entrenchment, ammunition, marks: the remaining unit's.
	r.Manpower = t.Manpower + a.Manpower
	r.Fatigue = max(t.Fatigue, a.Fatigue)
	r.Detached.Artillery = t.Detached.Artillery + a.Detached.Artillery // 7.3 Artillery
	return r
}

// attControlFatigue: a unit that attaches a unit its commander does not
// control gains a fatigue (21, Changing control).
func (g Game) attControlFatigue(units []engine.UnitState, t engine.UnitState) bool {
	ct := g.attCommanderOf(t)
	for _, u := range units {
		if g.attCommanderOf(u) != ct {
			return true
		}
	}
	return false
}

// attReform re-forms a division of 18.3 from two or more of its brigades
// (9 manpower or more) in one hex: the division comes back with their
// manpower and its leader leaves the map wherever it is. Two units take
// 7.2's status rules; more take the status of the largest, the most
// favourable where the largest tie.
func (g Game) attReform(cmd AttachUnits, lim *attLimits, t engine.UnitState, units []engine.UnitState, total int) ([]engine.Event, error) {
	d := g.Attach.Broken[t.Detached.Division]
	if total > 16 {
		if err := lim.breach(attRuled(engine.Illegal("attach.size", fmt.Sprintf("%s would have %d manpower: infantry divisions go no higher than 16", d.Name, total), ""), "LRTG 7.2")); err != nil {
			return nil, err
		}
	}
	all := append([]engine.UnitState{t}, units...)
	status := attMerge(t, units[0])
	if len(all) > 2 {
		status = attFavourable(all)
	}
	res := d
	res.OnMap, res.Hex, res.Ref, res.Track, res.Slot = true, t.Hex, t.Ref, "", 0
	res.Manpower, res.Fatigue, res.Status = total, status.Fatigue, status.Status
	// Marks: the division's own (what it is), the status marks of the
	// unit whose status it takes.
	marks := []string{}
	for _, m := range d.Marks {
		if !engine.Contains(engine.UnitMarks, m) {
			marks = append(marks, m)
		}
	}
	for _, m := range status.Marks {
		if engine.Contains(engine.UnitMarks, m) {
			marks = append(marks, m)
		}
	}
	res.Marks = marks
	for _, u := range all {
		res.Detached.Artillery += u.Detached.Artillery
	}
	ev := &UnitsAttached{By: cmd.By, Units: cmd.Units, To: t.ID, Reformed: true, Reason: strings.TrimSpace(cmd.Reason)}
	ev.Freed = append(ev.Freed, t.ID)
	for _, u := range units {
		ev.Freed = append(ev.Freed, u.ID)
	}
	for _, id := range g.sortedUnits() {
		if u := g.Units[id]; u.Detached.Division == d.ID && u.Kind.IsLeader() {
			ev.Freed = append(ev.Freed, id)
		}
	}
	ev.Control = g.attControlFatigue(units, t)
	if ev.Control {
		res.Fatigue = min(res.Fatigue+1, engine.MaxFatigue)
	}
	ev.Result, ev.Waived = res, lim.waived
	return []engine.Event{ev}, nil
}

// attFavourable is the status of the largest of the units; where several
// tie for largest, the Confederate player takes the most favourable of
// theirs (18.3): the lowest fatigue, demoralization and ammunition
// level, organized and unexhausted if any is, the strongest entrenchment,
// out of supply only if all are.
func attFavourable(units []engine.UnitState) engine.UnitState {
	most := 0
	for _, u := range units {
		most = max(most, u.Manpower)
	}
	var tied []engine.UnitState
	for _, u := range units {
		if u.Manpower == most {
			tied = append(tied, u)
		}
	}
	r := tied[0]
	var supplied, fort, refused bool
	for _, u := range tied {
		r.Fatigue = min(r.Fatigue, u.Fatigue)
		r.Status.Disorganized = r.Status.Disorganized && u.Status.Disorganized
		r.Status.Exhausted = r.Status.Exhausted && u.Status.Exhausted
		r.Status.Demoralization = min(r.Status.Demoralization, u.Status.Demoralization)
		r.Status.Ammo = min(r.Status.Ammo, u.Status.Ammo)
		r.Status.Entrenchment = max(r.Status.Entrenchment, u.Status.Entrenchment)
		supplied = supplied || !engine.Contains(u.Marks, "out-of-supply")
		fort = fort || engine.Contains(u.Marks, "fort")
		refused = refused || engine.Contains(u.Marks, "flanks-refused")
	}
	r.Marks = nil
	for m, on := range map[string]bool{"out-of-supply": !supplied, "fort": fort, "flanks-refused": refused} {
		if on {
			r.Marks = append(r.Marks, m)
		}
	}
	sort.Strings(r.Marks)
	return r
}
