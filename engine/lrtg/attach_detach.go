// Detachment (LRTG 7.1): a unit detaches a substitute, or under optional
// rule 18 one of a division's brigades, which may break the division up
// into a brigade and its leader (18.1-18.4).

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// decideDetach detaches a substitute (7.1), or under optional rule 18 one
// of a division's brigades (18.1-18.3), from a unit. Each step below checks
// one rule; the umpire may waive the limits (attLimits).
func (g Game) decideDetach(cmd DetachUnit) ([]engine.Event, error) {
	p, err := g.UnitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	if err := g.attachStepGate(cmd.By, true); err != nil { // leaders.go: step 3c (7.1)
		return nil, err
	}
	if cmd.Rules == nil {
		return nil, fmt.Errorf("engine: detaching needs the scenario's substitute counters")
	}
	p = p.WithStatus()
	rules := cmd.Rules
	lim := g.attLimitsFor(cmd.By, cmd.Reason)
	arm := attArm(p)
	size := rules.sizeOf(p)
	if err := g.detachParentRules(cmd, p, arm, size, lim); err != nil {
		return nil, err
	}
	div := g.detachDivision(rules, p, arm, size)
	subSize := map[string]string{"infantry": "brigade", "cavalry": "regiment"}[arm]
	counter, brigade, err := g.detachCounter(cmd, p, arm, subSize, div)
	if err != nil {
		return nil, err
	}
	rest := p.Manpower - cmd.Manpower
	breakUp := g.optional(18) && size == "division" && div != nil && rest <= 8
	if err := detachSizeRules(cmd, p, arm, subSize, size, brigade, breakUp, lim); err != nil {
		return nil, err
	}
	u := g.detachedUnit(cmd, p, subSize, counter, brigade, div)
	ev := &UnitDetached{By: cmd.By, Parent: p.ID, Manpower: cmd.Manpower, Artillery: cmd.Artillery, Unit: u, Reason: strings.TrimSpace(cmd.Reason)}
	if breakUp {
		br, l, err := g.detachBreakUp(div, brigade, cmd.Rest, p, rest)
		if err != nil {
			return nil, err
		}
		ev.Brigade, ev.Leader = br, l
	}
	ev.Waived = lim.waived
	return []engine.Event{ev}, nil
}

// detachParentRules checks that the parent may detach what the command
// asks: a unit on the map (7.1), of a kind and group that detaches (7.0,
// 12.4, 12.5; LRTA's list, 004), with the manpower to keep at least 1
// (7.1).
func (g Game) detachParentRules(cmd DetachUnit, p engine.UnitState, arm, size string, lim *attLimits) error {
	switch {
	case p.Eliminated:
		return engine.Illegal("detach.eliminated", fmt.Sprintf("%s has been eliminated", p.Name), "")
	case !p.OnMap:
		return attRuled(engine.Illegal("detach.off_map", fmt.Sprintf("%s is not on the map", p.Name), "A substitute is placed in its parent's hex: detach once the unit is on the map"), "LRTG 7.1")
	}
	if f := g.variant().detachRefused; f != nil {
		if e := f(p); e != nil { // LRTA: the designations that never detach (004)
			if err := lim.breach(e); err != nil {
				return err
			}
		}
	}
	switch {
	case attGroup(p) == "RR" && g.isHaupt(p):
		return attRuled(engine.Illegal("detach.kind", fmt.Sprintf("%s is the Haupt railroad unit: it does not detach", p.Name), ""), "LRTG 7.0, 12.5")
	case arm == "" || size == "":
		return attRuled(engine.Illegal("detach.kind", fmt.Sprintf("%s (%s) cannot detach: only infantry and cavalry units detach substitutes", p.Name, attKindName(p)), ""), "LRTG 7.0")
	}
	if cmd.Manpower < 1 {
		return engine.Invalid("detach.manpower", fmt.Sprintf("A substitute of %d manpower", cmd.Manpower), "Give the substitute's manpower, 1 or more: manpower:<n>")
	}
	if cmd.Artillery < 0 {
		return engine.Invalid("detach.artillery", fmt.Sprintf("Artillery %d", cmd.Artillery), "Give 0 or more artillery points")
	}
	// 7.1: a unit of 2 or more manpower detaches, and keeps at least 1.
	if cmd.Manpower >= p.Manpower {
		hint := fmt.Sprintf("A parent keeps at least 1 manpower: detach %d or less", p.Manpower-1)
		if p.Manpower < 2 {
			hint = "A unit needs 2 or more manpower to detach"
		}
		return attRuled(engine.Illegal("detach.whole", fmt.Sprintf("%s has %d manpower: detaching %d would leave it none", p.Name, p.Manpower, cmd.Manpower), hint), "LRTG 7.1")
	}
	return g.detachGroupRules(p, lim)
}

// detachGroupRules checks 12.4 (and 7.1's list): the groups that may not
// detach. LRTA has no releases (lrtgVariant.noReleases: 004 lists who may
// not detach, detachParentRules); its militia follow 12.4.
func (g Game) detachGroupRules(p engine.UnitState, lim *attLimits) error {
	switch grp := attGroup(p); {
	case g.variant().noReleases && grp != "PA":
	case grp == "PA":
		if err := lim.breach(attRuled(engine.Illegal("detach.group", fmt.Sprintf("%s is Pennsylvania militia: the PA militia never detach", p.Name), ""), "LRTG 12.4")); err != nil {
			return err
		}
	case grp != "" && !g.releasedForAttach(p):
		if err := lim.breach(attRuled(engine.Illegal("detach.released", fmt.Sprintf("%s (%s) has not been released: %s may not detach until released", p.Name, attGroupName(p), attGroupName(p)),
			attReleaseHint(p)), "LRTG 12.4")); err != nil {
			return err
		}
	}
	return nil
}

// detachDivision is the division whose brigades the parent may give under
// optional rule 18 (18.1; 18.2: once 18.3 has replaced the division, its
// brigades may give the division's other brigades), nil when none.
func (g Game) detachDivision(rules *SubstituteRules, p engine.UnitState, arm, size string) *DivisionBrigades {
	var div *DivisionBrigades
	if g.optional(18) && arm == "infantry" {
		switch {
		case size == "division":
			div = rules.division(p.ID)
		case p.Detached.Division != "" && !p.Kind.IsLeader():
			// 18.2: once 18.3 has replaced the division, its brigades may
			// give the division's other brigades (one, some or all).
			if _, broken := g.Attach.Broken[p.Detached.Division]; broken {
				div = rules.division(p.Detached.Division)
			}
		}
	}
	return div
}

// detachCounter picks the counter: a substitute of the parent's arm (the
// one named, or the first free one, 7.1), or a brigade of the division
// (18.1), which it returns by name.
func (g Game) detachCounter(cmd DetachUnit, p engine.UnitState, arm, subSize string, div *DivisionBrigades) (*SubstituteCounter, string, error) {
	rules := cmd.Rules
	inUse := g.attCountersInUse()
	as := strings.TrimSpace(cmd.As)
	if as == "" {
		for i := range rules.Counters {
			c := &rules.Counters[i]
			if c.Side == p.Side && c.Kind == arm && inUse[c.ID] == "" {
				return c, "", nil
			}
		}
		hint := "A substitute that attaches again frees its counter"
		if div != nil {
			hint = fmt.Sprintf("Detach one of %s's brigades instead (optional rule 18): as:<brigade>", div.Leader)
		}
		return nil, "", attRuled(engine.Illegal("detach.counters", fmt.Sprintf("All the %s substitute %ss are in use", strings.ToUpper(string(p.Side)), subSize), hint), "LRTG 7.1")
	}
	var counter *SubstituteCounter
	for i := range rules.Counters {
		c := &rules.Counters[i]
		if c.Side == p.Side && (strings.EqualFold(c.ID, as) || strings.EqualFold(c.Name, as)) {
			counter = c
		}
	}
	switch {
	case counter != nil && counter.Kind != arm:
		return nil, "", attRuled(engine.Illegal("detach.counter", fmt.Sprintf("%s is a %s substitute and %s is %s", counter.Name, counter.Kind, p.Name, arm), "Use a substitute of the parent's arm"), "LRTG 7.0")
	case counter != nil && inUse[counter.ID] != "":
		return nil, "", attRuled(engine.Illegal("detach.counter", fmt.Sprintf("%s is in use", counter.Name), "Leave as: out for the first free counter"), "LRTG 7.1")
	case counter == nil:
		b, err := g.detachNamedBrigade(rules, as, div)
		return nil, b, err
	}
	return counter, "", nil
}

// detachNamedBrigade checks a named counter that is no substitute: a
// brigade of optional rule 18 from its own division (18.1), not already on
// the map.
func (g Game) detachNamedBrigade(rules *SubstituteRules, as string, div *DivisionBrigades) (string, error) {
	b, owner := attFindBrigade(rules, as)
	switch {
	case b == "":
		return "", engine.Invalid("detach.counter", fmt.Sprintf("%q is not a substitute counter", as), "Name a substitute (e.g. Inf Sub 1) or leave as: out")
	case !g.optional(18):
		return "", attRuled(engine.Illegal("detach.optional", fmt.Sprintf("%s is a special substitute of optional rule 18, which this game does not use", b), "Use a substitute counter"), "LRTG 18.1")
	case div == nil || div.Division != owner.Division:
		return "", attRuled(engine.Illegal("detach.brigade", fmt.Sprintf("%s is a brigade of %s: it detaches from that division (or, once it is replaced, its brigades) only", b, owner.Leader), ""), "LRTG 18.1")
	}
	if g.attBrigadeInUse(div.Division, b) {
		return "", attRuled(engine.Illegal("detach.brigade", fmt.Sprintf("%s is already on the map", b), "Each brigade counter is used once at a time"), "LRTG 18.1")
	}
	return b, nil
}

// detachSizeRules checks the sizes (7.1; 18.4 for the brigades'
// artillery): a substitute's manpower and artillery, and what an infantry
// division keeps unless optional rule 18 breaks it up.
func detachSizeRules(cmd DetachUnit, p engine.UnitState, arm, subSize, size, brigade string, breakUp bool, lim *attLimits) error {
	maxMP := map[string]int{"infantry": 8, "cavalry": 2}[arm]
	if cmd.Manpower > maxMP {
		if err := lim.breach(attRuled(engine.Illegal("detach.size", fmt.Sprintf("A substitute %s has at most %d manpower, not %d", subSize, maxMP, cmd.Manpower), fmt.Sprintf("Detach %d or less", maxMP)), "LRTG 7.1")); err != nil {
			return err
		}
	}
	if brigade == "" && cmd.Artillery > 1 {
		if err := lim.breach(attRuled(engine.Illegal("detach.artillery", fmt.Sprintf("A substitute takes at most 1 artillery point, not %d", cmd.Artillery), "Only the brigades of optional rule 18 take more (18.4)"), "LRTG 7.1")); err != nil {
			return err
		}
	}
	rest := p.Manpower - cmd.Manpower
	if size == "division" && !breakUp && rest < 4 {
		hint := fmt.Sprintf("Detach %d or less", p.Manpower-4)
		if p.Manpower-4 < 1 {
			hint = fmt.Sprintf("A division of %d manpower has none to spare", p.Manpower)
		}
		if err := lim.breach(attRuled(engine.Illegal("detach.division", fmt.Sprintf("%s would keep %d manpower: an infantry division keeps at least 4", p.Name, rest), hint), "LRTG 7.1")); err != nil {
			return err
		}
	}
	return nil
}

// detachedUnit is the detachment: in the parent's hex, of its command (7.1
// Command), with its status (7.1 Determining Status).
func (g Game) detachedUnit(cmd DetachUnit, p engine.UnitState, subSize string, counter *SubstituteCounter, brigade string, div *DivisionBrigades) engine.UnitState {
	u := engine.UnitState{Side: p.Side, Kind: p.Kind, Command: p.Command, Manpower: cmd.Manpower, Fatigue: p.Fatigue,
		OnMap: true, Hex: p.Hex, Ref: p.Ref, Marks: attInheritedMarks(p), Status: attInheritedStatus(p.Status)}
	if p.Command == "" {
		// A unit of no corps (Imboden, Jenkins) is its own designation
		// (21.1): its detachment stays under the same commander.
		u.Command = p.Name
	}
	u.Detached = engine.UnitDetachment{Size: subSize, From: p.ID, Artillery: cmd.Artillery}
	if brigade != "" {
		u.ID, u.Name = attBrigadeID(div.Division, brigade), brigade
		u.Detached.Division = div.Division
	} else {
		u.ID, u.Name = fmt.Sprintf("%s.d%d", p.ID, g.Attach.Made[p.ID]+1), counter.Name
		u.Detached.Counter = counter.ID
	}
	return u
}

// detachBreakUp replaces a division brought to 8 or less by one of its
// brigades and its leader (18.3).
func (g Game) detachBreakUp(div *DivisionBrigades, detached, named string, p engine.UnitState, rest int) (*engine.UnitState, *engine.UnitState, error) {
	b, err := g.attRestBrigade(div, detached, named, p, rest)
	if err != nil {
		return nil, nil, err
	}
	// The brigade replacing the division takes its status, ammunition
	// included, as a replacing counter does (16.2's closing note).
	var marks []string
	for _, m := range p.Marks {
		if m != "optional-detachment" {
			marks = append(marks, m)
		}
	}
	br := engine.UnitState{ID: attBrigadeID(div.Division, b), Name: b, Side: p.Side, Kind: p.Kind, Command: p.Command, Manpower: rest,
		Fatigue: p.Fatigue, OnMap: true, Hex: p.Hex, Ref: p.Ref, Marks: marks, Status: p.Status,
		Detached: engine.UnitDetachment{Size: "brigade", From: p.ID, Division: div.Division}}
	l := engine.UnitState{ID: div.Division + ".leader", Name: div.Leader, Side: p.Side, Kind: engine.KindLeader, Command: p.Command,
		OnMap: true, Hex: p.Hex, Ref: p.Ref, Detached: engine.UnitDetachment{Size: "division", From: p.ID, Division: div.Division}}
	return &br, &l, nil
}

// attRestBrigade is the brigade counter that replaces a division brought
// to 8 or less (18.3): the one named, or the first free one.
func (g Game) attRestBrigade(div *DivisionBrigades, detached, named string, p engine.UnitState, rest int) (string, error) {
	named = strings.TrimSpace(named)
	if named == "" {
		for _, b := range div.Brigades {
			if b != detached && !g.attBrigadeInUse(div.Division, b) {
				return b, nil
			}
		}
		return "", attRuled(engine.Illegal("detach.rest", fmt.Sprintf("%s would fall to %d manpower and no brigade counter of the division is free to replace it", p.Name, rest), "Attach a brigade back first"), "LRTG 18.3")
	}
	for _, b := range div.Brigades {
		if !strings.EqualFold(b, named) {
			continue
		}
		if b == detached || g.attBrigadeInUse(div.Division, b) {
			return "", attRuled(engine.Illegal("detach.rest", fmt.Sprintf("%s is already in use", b), "Name a free brigade of "+div.Leader+" in rest:, or leave it out"), "LRTG 18.3")
		}
		return b, nil
	}
	return "", engine.Invalid("detach.rest", fmt.Sprintf("%s is not a brigade of %s", named, div.Leader), "Brigades: "+strings.Join(div.Brigades, ", "))
}

func (g Game) attBrigadeInUse(division, brigade string) bool {
	u, ok := g.Units[attBrigadeID(division, brigade)]
	return ok && !u.Eliminated
}

// attInheritedMarks are the marks a substitute takes from its parent
// (7.1): flanks refused and a fort (entrenchment markers "of the same
// kind"), its supply status, and what the unit is (its release group,
// "may not be activated by Stuart"); not the division's
// "optional-detachment".
func attInheritedMarks(p engine.UnitState) []string {
	var out []string
	for _, m := range p.Marks {
		if m != "optional-detachment" {
			out = append(out, m)
		}
	}
	return out
}

// attInheritedStatus is the status a substitute takes (7.1): the same
// entrenchment, organization, exhaustion and demoralization; no
// ammunition (7.1 Ammo: only Confederate infantry divisions have it).
func attInheritedStatus(s engine.UnitStatus) engine.UnitStatus {
	s.Ammo = 0
	return s
}
