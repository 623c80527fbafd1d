package engine

import (
	"fmt"
	"sort"
	"strings"
)

// Substitute units, detachment and attachment (LRTG 7.0-7.3), the limits
// of the Union garrisons and militia (LRTG 12.1-12.4, 16.1 e) and the
// optional Confederate detachments (LRTG 18.1-18.4).
//
// What waits for the sequence of play (a later issue): WHEN a unit may
// detach or attach. 7.1 allows detachment in the Attachment/Detachment
// phase or from a marching unit (then the substitute's fatigue is the
// marcher's before it marched when placed in the starting hex, and the
// substitute may not move further in that action); 7.2 and 18.3 allow
// attachment in the Attachment phase only. Until the engine knows the
// phase, a detachment is treated as one of the Attachment/Detachment phase
// (the substitute takes the parent's fatigue and entrenchment now) and
// the timing is the players' and the umpire's to keep.
//
// Still outside: printed artillery values (they are not in the set-up
// tables of the seeds), so artillery is recorded as a change to the
// printed value (UnitDetachment.Artillery) and 7.1's "an infantry division
// keeps one artillery" is not checked; victuals (7.2, 18.5) wait for the
// supply records.

// AttachState is the game's state of this rule module.
type AttachState struct {
	// Made counts the detachments made from each parent unit, so that a
	// new detachment's id (csa.hood.d1, csa.hood.d2, ...) is never reused.
	Made map[string]int `json:"made,omitempty"`
	// Broken holds the divisions of optional rule 18 that 18.3 replaced by
	// a brigade and their leader, as they were, until their brigades
	// re-form them. They are out of Units: no one moves or names them.
	Broken map[string]UnitState `json:"broken,omitempty"`
	// Attached maps each unit of the order of battle that attached to
	// another (7.3: it leaves the map for good) to the unit it joined.
	Attached map[string]string `json:"attached,omitempty"`
}

// UnitDetachment is what a unit records of detachment and attachment.
type UnitDetachment struct {
	// Size is the size of a unit made by detachment (brigade, regiment;
	// "division" for a division leader counter): the order of battle
	// knows the others'.
	Size string `json:"size,omitempty"`
	// From is the unit it detached from.
	From string `json:"from,omitempty"`
	// Counter is the substitute counter a detachment uses (7.0), e.g.
	// "csa.inf-sub-2"; empty for the brigade counters of 18.1.
	Counter string `json:"counter,omitempty"`
	// Division is, under optional rule 18, the division whose brigade or
	// leader counter this is (18.1, 18.3).
	Division string `json:"division,omitempty"`
	// Artillery is the change to the unit's printed artillery value: a
	// substitute's printed value is 0, so its value is this (7.1, 7.3,
	// 18.4).
	Artillery int `json:"artillery,omitempty"`
}

// SubstituteCounter is one of a side's substitute counters (LRTG 7.0).
type SubstituteCounter struct {
	ID     string // e.g. "csa.inf-sub-1"
	Name   string // e.g. "Inf Sub 1"
	Side   Side
	Kind   string // infantry or cavalry
	Size   string // brigade (infantry) or regiment (cavalry)
	Source string
}

// DivisionBrigades are a division's special substitutes under optional
// rule 18 (LRTG 18.1) and its leader counter (18.3).
type DivisionBrigades struct {
	Division string   // the division's unit id, e.g. "csa.mclaws"
	Leader   string   // the leader counter's name, e.g. "McLaws"
	Brigades []string // e.g. Kershaw, Semmes, Wofford, Barksdale
	Source   string
}

// SubstituteRules are the scenario data detachment and attachment need:
// the substitute counters, the divisions of 18.1, and the sizes of the
// order of battle's units (which the game state does not carry). The bot
// gives them with each command, as it gives the order of battle to
// StartGame.
type SubstituteRules struct {
	Counters  []SubstituteCounter
	Divisions []DivisionBrigades
	Sizes     UnitSizes // from the order of battle
}

// WithOrder returns a copy of the rules with the sizes of the order of
// battle's units.
func (s SubstituteRules) WithOrder(o *OrderOfBattle) *SubstituteRules {
	s.Sizes = SizesOf(o)
	return &s
}

func (s *SubstituteRules) division(id string) *DivisionBrigades {
	for i := range s.Divisions {
		if s.Divisions[i].Division == id {
			return &s.Divisions[i]
		}
	}
	return nil
}

// Commands of this module.
type (
	// DetachUnit detaches a substitute from a unit (LRTG 7.1, 18.2).
	DetachUnit struct {
		By       Actor
		Unit     string // the parent
		Manpower int    // the substitute's manpower
		// As names the counter: a substitute counter (id or name) of the
		// parent's arm, or, under optional rule 18, one of the division's
		// brigades (18.1). Empty: the first free substitute counter.
		As string
		// Rest names the brigade that replaces a division brought to 8 or
		// less (18.3). Empty: the first free brigade of the division.
		Rest      string
		Artillery int // artillery points the substitute takes (7.1, 18.4)
		Reason    string
		Rules     *SubstituteRules
	}
	// AttachUnits attaches units to a unit in their hex (LRTG 7.2, 7.3,
	// 18.3).
	AttachUnits struct {
		By     Actor
		Units  []string
		To     string
		Reason string
		Rules  *SubstituteRules
	}
)

// CommandName implements Command.
func (DetachUnit) CommandName() string { return "unit detach" }

// CommandName implements Command.
func (AttachUnits) CommandName() string { return "unit attach" }

// Events of this module.
const (
	EventUnitDetached  = "unit.detached"
	EventUnitsAttached = "unit.attached"
)

// UnitDetached records a detachment: the new unit as placed, the manpower
// (and artillery) it took from its parent and, when a division of 18.1
// fell to 8 or less, the brigade and leader counters that replace it.
type UnitDetached struct {
	By        Actor      `json:"by"`
	Parent    string     `json:"parent"`
	Manpower  int        `json:"manpower"`
	Artillery int        `json:"artillery,omitempty"`
	Unit      UnitState  `json:"unit"`
	Brigade   *UnitState `json:"brigade,omitempty"` // 18.3: the division's remainder
	Leader    *UnitState `json:"leader,omitempty"`  // 18.3: the division leader counter
	Waived    []string   `json:"waived,omitempty"`  // limits the umpire waived (codes)
	Reason    string     `json:"reason,omitempty"`
}

// EventType implements Event.
func (*UnitDetached) EventType() string { return EventUnitDetached }

// UnitsAttached records an attachment: the unit remaining on the map as it
// is after (manpower, fatigue, marks), the units attached, and the
// counters taken off the map.
type UnitsAttached struct {
	By     Actor     `json:"by"`
	Units  []string  `json:"units"` // the attaching units
	To     string    `json:"to"`
	Result UnitState `json:"result"` // the unit remaining on the map
	// Freed are taken out of play: substitutes (their counters are free
	// again, 7.1), brigade and leader counters of 18.3. The other
	// attaching units are units of the order of battle: off the map for
	// good (7.3).
	Freed []string `json:"freed,omitempty"`
	// Reformed: brigades re-formed their division (18.3); Result is the
	// division.
	Reformed bool     `json:"reformed,omitempty"`
	Control  bool     `json:"control_fatigue,omitempty"` // +1 fatigue: attached a unit of another commander (21)
	Waived   []string `json:"waived,omitempty"`
	Reason   string   `json:"reason,omitempty"`
}

// EventType implements Event.
func (*UnitsAttached) EventType() string { return EventUnitsAttached }

func init() {
	registerModule(decideAttach, applyAttach, &UnitDetached{}, &UnitsAttached{})
}

func decideAttach(g GameState, cmd Command, _ Dice) ([]Event, bool, error) {
	switch cmd := cmd.(type) {
	case DetachUnit:
		evs, err := g.decideDetach(cmd)
		return evs, true, err
	case AttachUnits:
		evs, err := g.decideAttachUnits(cmd)
		return evs, true, err
	}
	return nil, false, nil
}

func applyAttach(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *UnitDetached:
		return g.action(e, func(g *GameState) {
			g.Attach.Made = attCopyMap(g.Attach.Made)
			g.Attach.Made[e.Parent]++
			g.editUnit(e.Parent, func(p *UnitState) {
				p.Manpower -= e.Manpower
				p.Detached.Artillery -= e.Artillery
			})
			if e.Brigade != nil {
				// 18.3: the division leaves the map, kept until re-formed;
				// its remainder is the brigade's.
				d := g.Units[e.Parent]
				d.Manpower = 0
				g.Attach.Broken = attCopyMap(g.Attach.Broken)
				g.Attach.Broken[e.Parent] = d
				delete(g.Units, e.Parent)
				g.Units[e.Brigade.ID] = *e.Brigade
			}
			if e.Leader != nil {
				g.Units[e.Leader.ID] = *e.Leader
			}
			g.Units[e.Unit.ID] = e.Unit
		}), true
	case *UnitsAttached:
		return g.action(e, func(g *GameState) {
			freed := map[string]bool{}
			for _, id := range e.Freed {
				freed[id] = true
			}
			copied := false
			for _, id := range e.Units {
				if !freed[id] {
					if !copied {
						g.Attach.Attached, copied = attCopyMap(g.Attach.Attached), true
					}
					g.Attach.Attached[id] = e.Result.ID
				}
				delete(g.Units, id)
			}
			for _, id := range e.Freed {
				delete(g.Units, id)
			}
			if e.Reformed {
				g.Attach.Broken = attCopyMap(g.Attach.Broken)
				delete(g.Attach.Broken, e.Result.ID)
			}
			g.Units[e.Result.ID] = e.Result
		}), true
	}
	return g, false
}

// attCopyMap returns a copy of m to write into (Apply never writes into the
// state it was given).
func attCopyMap[V any](m map[string]V) map[string]V {
	out := make(map[string]V, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// The limits of this module, as the umpire may waive them: the umpire may
// do anything, and with a reason may override a limit of 7, 12 and 18
// (a ruling, a scenario's special rule); the event names what he waived.
// What cannot be waived: who commands a unit, the counters that exist,
// manpower that is not there.
type attLimits struct {
	umpire bool
	reason bool
	waived []string
}

func (g GameState) attLimitsFor(by Actor, reason string) *attLimits {
	return &attLimits{umpire: g.IsUmpire(by), reason: strings.TrimSpace(reason) != ""}
}

// breach refuses a command that breaks a limit, unless the umpire waives
// it with a reason.
func (l *attLimits) breach(e *RuleError) error {
	if l.umpire && l.reason {
		l.waived = append(l.waived, e.Code)
		return nil
	}
	if l.umpire {
		e.Hint = strings.TrimSpace(e.Hint + ". As umpire, add reason:<why> to waive this limit")
		e.Hint = strings.TrimPrefix(e.Hint, ". ")
	}
	return e
}

func attRuled(e *RuleError, rule string) *RuleError {
	e.Rule = rule
	return e
}

// attArm is a unit's type for 7.2: infantry (PA militia are infantry
// brigades) or cavalry; "" for the others.
func attArm(u UnitState) string {
	switch u.Kind {
	case "infantry", "militia":
		return "infantry"
	case "cavalry":
		return "cavalry"
	}
	return ""
}

func (s *SubstituteRules) sizeOf(u UnitState) string {
	if u.Detached.Size != "" {
		return u.Detached.Size
	}
	return s.Sizes[u.ID]
}

// attIsSubstitute reports whether a unit is a substitute, or a brigade or
// leader counter of 18.1: it leaves play when it attaches, and its
// counter is free again.
func attIsSubstitute(u UnitState) bool { return u.Detached.Counter != "" || u.Detached.Division != "" }

// Union designations outside the Army of the Potomac (21.1, 003's release
// key): the VIII Corps (Balt, WV, HF), the railroad unit, DC and the PA
// militia.
var attNonAoP = map[string]bool{"viii": true, "balt": true, "wv": true, "hf": true, "rr": true, "dc": true, "pa": true}

func attIsAoP(u UnitState) bool { return u.Side == USA && !attNonAoP[strings.ToLower(u.Command)] }

// attGroup is a Union unit's restricted group of 7.3 and 12: PA, RR, HF,
// WV, Balt, DC ("" for the others). A unit of an Army of the Potomac corps
// with a Baltimore/DC release-group mark (Lockwood, XII) is "release":
// bound by its release only.
func attGroup(u UnitState) string {
	if u.Side != USA {
		return ""
	}
	switch c := strings.ToLower(u.Command); c {
	case "pa", "rr", "hf", "wv", "dc":
		return strings.ToUpper(c)
	case "balt":
		return "Balt"
	}
	if releaseMark(u) != "" {
		return "release"
	}
	return ""
}

// meadeInCommandForAttach reports whether Meade has taken command of the
// Army of the Potomac (LRTG 16.2), as the movement module records it.
func (g GameState) meadeInCommandForAttach() bool { return g.Movement.Meade }

// releasedForAttach reports whether a unit of a restricted group has been
// released (LRTG 3.2, 12.1, 12.2), by the releases the movement module
// records: a Baltimore/DC unit by its release group (or its whole
// designation), Crawford and Stannard also when Meade takes command
// (16.2 3, 4); HF and WV units when released, which they all are when
// Meade takes command (12.1); "DC Only" units (Jewett, Casey) never.
// The same releases free them to move (move.go, Restricted).
func (g GameState) releasedForAttach(u UnitState) bool {
	m := g.Movement
	switch {
	case contains(u.Marks, "dc-only"):
		return false
	case releaseMark(u) != "":
		return m.IsReleased(releaseMark(u)) || m.IsReleased(u.Command) || (m.Meade && (u.ID == idCrawford || u.ID == idStannard))
	}
	switch grp := attGroup(u); grp {
	case "HF", "WV", "Balt", "DC":
		return m.IsReleased(grp)
	}
	return true
}

// attCommanderOf is the player who commands a unit (21.1): the one who
// declared its designation, else the side's overall commander.
func (g GameState) attCommanderOf(u UnitState) string {
	overall := ""
	for _, p := range g.Players {
		if p.Side != u.Side {
			continue
		}
		if !p.Overall && g.Controls(Actor{ID: p.Actor.ID}, u) {
			return p.Actor.ID
		}
		if p.Overall {
			overall = p.Actor.ID
		}
	}
	return overall
}

func (g GameState) decideDetach(cmd DetachUnit) ([]Event, error) {
	p, err := g.unitFor(cmd.By, cmd.Unit)
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
	switch {
	case p.Eliminated:
		return nil, Illegal("detach.eliminated", fmt.Sprintf("%s has been eliminated", p.Name), "")
	case !p.OnMap:
		return nil, attRuled(Illegal("detach.off_map", fmt.Sprintf("%s is not on the map", p.Name), "A substitute is placed in its parent's hex: detach once the unit is on the map"), "LRTG 7.1")
	}
	arm := attArm(p)
	size := rules.sizeOf(p)
	lrta := g.Game() == LRTA && p.Side == USA
	if lrta && lrtaIn(lrtaNoDetach, p.Command) && !lrtaHaupt(p) {
		if err := lim.breach(attRuled(Illegal("detach.group", fmt.Sprintf("%s (%s) may not detach: Shen, RR, Kan and Res units never detach", p.Name, p.Command), ""), lrtaAttachRule)); err != nil {
			return nil, err
		}
	}
	switch {
	case attGroup(p) == "RR" && (!lrta || lrtaHaupt(p)):
		return nil, attRuled(Illegal("detach.kind", fmt.Sprintf("%s is the Haupt railroad unit: it does not detach", p.Name), ""), "LRTG 7.0, 12.5")
	case arm == "" || size == "":
		return nil, attRuled(Illegal("detach.kind", fmt.Sprintf("%s (%s) cannot detach: only infantry and cavalry units detach substitutes", p.Name, attKindName(p)), ""), "LRTG 7.0")
	}
	if cmd.Manpower < 1 {
		return nil, Invalid("detach.manpower", fmt.Sprintf("A substitute of %d manpower", cmd.Manpower), "Give the substitute's manpower, 1 or more: manpower:<n>")
	}
	if cmd.Artillery < 0 {
		return nil, Invalid("detach.artillery", fmt.Sprintf("Artillery %d", cmd.Artillery), "Give 0 or more artillery points")
	}
	// 7.1: a unit of 2 or more manpower detaches, and keeps at least 1.
	if cmd.Manpower >= p.Manpower {
		hint := fmt.Sprintf("A parent keeps at least 1 manpower: detach %d or less", p.Manpower-1)
		if p.Manpower < 2 {
			hint = "A unit needs 2 or more manpower to detach"
		}
		return nil, attRuled(Illegal("detach.whole", fmt.Sprintf("%s has %d manpower: detaching %d would leave it none", p.Name, p.Manpower, cmd.Manpower), hint), "LRTG 7.1")
	}
	// 12.4 (and 7.1's list): the groups that may not detach. LRTA has no
	// releases (004 lists who may not detach, above); its militia follow
	// 12.4.
	switch grp := attGroup(p); {
	case lrta && grp != "PA":
	case grp == "PA":
		if err := lim.breach(attRuled(Illegal("detach.group", fmt.Sprintf("%s is Pennsylvania militia: the PA militia never detach", p.Name), ""), "LRTG 12.4")); err != nil {
			return nil, err
		}
	case grp != "" && !g.releasedForAttach(p):
		if err := lim.breach(attRuled(Illegal("detach.released", fmt.Sprintf("%s (%s) has not been released: %s may not detach until released", p.Name, attGroupName(p), attGroupName(p)),
			attReleaseHint(p)), "LRTG 12.4")); err != nil {
			return nil, err
		}
	}

	// The counter: a substitute of the parent's arm, or a brigade of the
	// division (18.1).
	rule18 := g.optional(18)
	var div *DivisionBrigades
	if rule18 && arm == "infantry" {
		switch {
		case size == "division":
			div = rules.division(p.ID)
		case p.Detached.Division != "" && p.Kind != "leader":
			// 18.2: once 18.3 has replaced the division, its brigades may
			// give the division's other brigades (one, some or all).
			if _, broken := g.Attach.Broken[p.Detached.Division]; broken {
				div = rules.division(p.Detached.Division)
			}
		}
	}
	inUse := g.attCountersInUse()
	subSize := map[string]string{"infantry": "brigade", "cavalry": "regiment"}[arm]
	var counter *SubstituteCounter
	brigade := ""
	as := strings.TrimSpace(cmd.As)
	if as == "" {
		for i := range rules.Counters {
			c := &rules.Counters[i]
			if c.Side == p.Side && c.Kind == arm && inUse[c.ID] == "" {
				counter = c
				break
			}
		}
		if counter == nil {
			hint := "A substitute that attaches again frees its counter"
			if div != nil {
				hint = fmt.Sprintf("Detach one of %s's brigades instead (optional rule 18): as:<brigade>", div.Leader)
			}
			return nil, attRuled(Illegal("detach.counters", fmt.Sprintf("All the %s substitute %ss are in use", strings.ToUpper(string(p.Side)), subSize), hint), "LRTG 7.1")
		}
	} else {
		for i := range rules.Counters {
			c := &rules.Counters[i]
			if c.Side == p.Side && (strings.EqualFold(c.ID, as) || strings.EqualFold(c.Name, as)) {
				counter = c
			}
		}
		switch {
		case counter != nil && counter.Kind != arm:
			return nil, attRuled(Illegal("detach.counter", fmt.Sprintf("%s is a %s substitute and %s is %s", counter.Name, counter.Kind, p.Name, arm), "Use a substitute of the parent's arm"), "LRTG 7.0")
		case counter != nil && inUse[counter.ID] != "":
			return nil, attRuled(Illegal("detach.counter", fmt.Sprintf("%s is in use", counter.Name), "Leave as: out for the first free counter"), "LRTG 7.1")
		case counter == nil:
			b, owner := attFindBrigade(rules, as)
			switch {
			case b == "":
				return nil, Invalid("detach.counter", fmt.Sprintf("%q is not a substitute counter", as), "Name a substitute (e.g. Inf Sub 1) or leave as: out")
			case !rule18:
				return nil, attRuled(Illegal("detach.optional", fmt.Sprintf("%s is a special substitute of optional rule 18, which this game does not use", b), "Use a substitute counter"), "LRTG 18.1")
			case div == nil || div.Division != owner.Division:
				return nil, attRuled(Illegal("detach.brigade", fmt.Sprintf("%s is a brigade of %s: it detaches from that division (or, once it is replaced, its brigades) only", b, owner.Leader), ""), "LRTG 18.1")
			}
			brigade = b
			if g.attBrigadeInUse(div.Division, b) {
				return nil, attRuled(Illegal("detach.brigade", fmt.Sprintf("%s is already on the map", b), "Each brigade counter is used once at a time"), "LRTG 18.1")
			}
		}
	}
	// Sizes (7.1; 18.4 for the brigades' artillery).
	maxMP := map[string]int{"infantry": 8, "cavalry": 2}[arm]
	if cmd.Manpower > maxMP {
		if err := lim.breach(attRuled(Illegal("detach.size", fmt.Sprintf("A substitute %s has at most %d manpower, not %d", subSize, maxMP, cmd.Manpower), fmt.Sprintf("Detach %d or less", maxMP)), "LRTG 7.1")); err != nil {
			return nil, err
		}
	}
	if brigade == "" && cmd.Artillery > 1 {
		if err := lim.breach(attRuled(Illegal("detach.artillery", fmt.Sprintf("A substitute takes at most 1 artillery point, not %d", cmd.Artillery), "Only the brigades of optional rule 18 take more (18.4)"), "LRTG 7.1")); err != nil {
			return nil, err
		}
	}
	rest := p.Manpower - cmd.Manpower
	breakUp := rule18 && size == "division" && div != nil && rest <= 8
	if size == "division" && !breakUp && rest < 4 {
		hint := fmt.Sprintf("Detach %d or less", p.Manpower-4)
		if p.Manpower-4 < 1 {
			hint = fmt.Sprintf("A division of %d manpower has none to spare", p.Manpower)
		}
		if err := lim.breach(attRuled(Illegal("detach.division", fmt.Sprintf("%s would keep %d manpower: an infantry division keeps at least 4", p.Name, rest), hint), "LRTG 7.1")); err != nil {
			return nil, err
		}
	}

	// The detachment: in the parent's hex, of its command (7.1 Command),
	// with its status (7.1 Determining Status).
	u := UnitState{Side: p.Side, Kind: p.Kind, Command: p.Command, Manpower: cmd.Manpower, Fatigue: p.Fatigue,
		OnMap: true, Hex: p.Hex, Ref: p.Ref, Marks: attInheritedMarks(p), Status: attInheritedStatus(p.Status)}
	if p.Command == "" {
		// A unit of no corps (Imboden, Jenkins) is its own designation
		// (21.1): its detachment stays under the same commander.
		u.Command = p.Name
	}
	u.Detached = UnitDetachment{Size: subSize, From: p.ID, Artillery: cmd.Artillery}
	if brigade != "" {
		u.ID, u.Name = attBrigadeID(div.Division, brigade), brigade
		u.Detached.Division = div.Division
	} else {
		u.ID, u.Name = fmt.Sprintf("%s.d%d", p.ID, g.Attach.Made[p.ID]+1), counter.Name
		u.Detached.Counter = counter.ID
	}
	ev := &UnitDetached{By: cmd.By, Parent: p.ID, Manpower: cmd.Manpower, Artillery: cmd.Artillery, Unit: u, Reason: strings.TrimSpace(cmd.Reason)}
	if breakUp {
		b, err := g.attRestBrigade(div, brigade, cmd.Rest, p, rest)
		if err != nil {
			return nil, err
		}
		// The brigade replacing the division takes its status, ammunition
		// included, as a replacing counter does (16.2's closing note).
		var marks []string
		for _, m := range p.Marks {
			if m != "optional-detachment" {
				marks = append(marks, m)
			}
		}
		br := UnitState{ID: attBrigadeID(div.Division, b), Name: b, Side: p.Side, Kind: p.Kind, Command: p.Command, Manpower: rest,
			Fatigue: p.Fatigue, OnMap: true, Hex: p.Hex, Ref: p.Ref, Marks: marks, Status: p.Status,
			Detached: UnitDetachment{Size: "brigade", From: p.ID, Division: div.Division}}
		l := UnitState{ID: div.Division + ".leader", Name: div.Leader, Side: p.Side, Kind: "leader", Command: p.Command,
			OnMap: true, Hex: p.Hex, Ref: p.Ref, Detached: UnitDetachment{Size: "division", From: p.ID, Division: div.Division}}
		ev.Brigade, ev.Leader = &br, &l
	}
	ev.Waived = lim.waived
	return []Event{ev}, nil
}

// attRestBrigade is the brigade counter that replaces a division brought
// to 8 or less (18.3): the one named, or the first free one.
func (g GameState) attRestBrigade(div *DivisionBrigades, detached, named string, p UnitState, rest int) (string, error) {
	named = strings.TrimSpace(named)
	if named == "" {
		for _, b := range div.Brigades {
			if b != detached && !g.attBrigadeInUse(div.Division, b) {
				return b, nil
			}
		}
		return "", attRuled(Illegal("detach.rest", fmt.Sprintf("%s would fall to %d manpower and no brigade counter of the division is free to replace it", p.Name, rest), "Attach a brigade back first"), "LRTG 18.3")
	}
	for _, b := range div.Brigades {
		if !strings.EqualFold(b, named) {
			continue
		}
		if b == detached || g.attBrigadeInUse(div.Division, b) {
			return "", attRuled(Illegal("detach.rest", fmt.Sprintf("%s is already in use", b), "Name a free brigade of "+div.Leader+" in rest:, or leave it out"), "LRTG 18.3")
		}
		return b, nil
	}
	return "", Invalid("detach.rest", fmt.Sprintf("%s is not a brigade of %s", named, div.Leader), "Brigades: "+strings.Join(div.Brigades, ", "))
}

func (g GameState) attBrigadeInUse(division, brigade string) bool {
	u, ok := g.Units[attBrigadeID(division, brigade)]
	return ok && !u.Eliminated
}

// attInheritedMarks are the marks a substitute takes from its parent
// (7.1): flanks refused and a fort (entrenchment markers "of the same
// kind"), its supply status, and what the unit is (its release group,
// "may not be activated by Stuart"); not the division's
// "optional-detachment".
func attInheritedMarks(p UnitState) []string {
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
func attInheritedStatus(s UnitStatus) UnitStatus {
	s.Ammo = 0
	return s
}

func attKindName(u UnitState) string {
	if u.Kind == "" {
		return "unit"
	}
	return u.Kind
}

func attGroupName(u UnitState) string {
	if attGroup(u) == "release" {
		return "a Baltimore/DC release-group unit"
	}
	return "the " + u.Command + " units"
}

func attReleaseHint(u UnitState) string {
	switch attGroup(u) {
	case "HF", "WV":
		return "HF and WV units are released when Meade takes command (12.1); the umpire records it with /game meade"
	}
	return "Baltimore/DC units are released by group on a roll of 1-3 (3.2); the umpire records it with /game release"
}

func attBrigadeID(division, brigade string) string {
	return division + "." + strings.ToLower(strings.NewReplacer(" ", "-", ".", "", "'", "").Replace(brigade))
}

func attFindBrigade(rules *SubstituteRules, name string) (string, *DivisionBrigades) {
	for i := range rules.Divisions {
		for _, b := range rules.Divisions[i].Brigades {
			if strings.EqualFold(b, name) {
				return b, &rules.Divisions[i]
			}
		}
	}
	return "", nil
}

// attCountersInUse maps each substitute counter on the map to its unit.
// An eliminated substitute's counter is free again, as one that attaches.
func (g GameState) attCountersInUse() map[string]string {
	out := map[string]string{}
	for id, u := range g.Units {
		if u.Detached.Counter != "" && !u.Eliminated {
			out[u.Detached.Counter] = id
		}
	}
	return out
}

// FreeCounters lists the substitute counters of a side not in use (of the
// unit's arm, when a unit is named) and the brigades of optional rule 18
// the unit may detach: what autocomplete offers.
func (g GameState) FreeCounters(rules *SubstituteRules, side Side, unit string) []string {
	if rules == nil {
		return nil
	}
	inUse := g.attCountersInUse()
	u, ok := g.Units[unit]
	var out []string
	for _, c := range rules.Counters {
		if c.Side == side && inUse[c.ID] == "" && (!ok || attArm(u) == c.Kind) {
			out = append(out, c.Name)
		}
	}
	if !ok || !g.optional(18) {
		return out
	}
	d := unit
	if u.Detached.Division != "" {
		if _, broken := g.Attach.Broken[u.Detached.Division]; !broken {
			return out
		}
		d = u.Detached.Division
	}
	if div := rules.division(d); div != nil {
		for _, b := range div.Brigades {
			if !g.attBrigadeInUse(d, b) {
				out = append(out, b)
			}
		}
	}
	return out
}

func (g GameState) decideAttachUnits(cmd AttachUnits) ([]Event, error) {
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
		return nil, Invalid("attach.units", "No unit to attach", "Name the attaching units: unit:<unit>")
	}
	t, err := g.unit(cmd.To)
	if err != nil {
		return nil, err
	}
	if p := g.Player(cmd.By.ID); !g.IsUmpire(cmd.By) && (p == nil || p.Side != t.Side) {
		// The same answer as for a unit that does not exist: a name never
		// confirms an enemy unit.
		return nil, Invalid("unit.unknown", fmt.Sprintf("There is no unit %q", cmd.To), "Attach to a unit of your side")
	}
	t = t.WithStatus()
	if t.Eliminated || !t.OnMap {
		return nil, Illegal("attach.target", fmt.Sprintf("%s is not on the map", t.Name), "")
	}
	var units []UnitState
	seen := map[string]bool{}
	for _, id := range cmd.Units {
		u, err := g.unitFor(cmd.By, id)
		if err != nil {
			return nil, err
		}
		switch {
		case seen[id]:
			return nil, Invalid("attach.twice", fmt.Sprintf("%s is named twice", u.Name), "Name each unit once")
		case id == t.ID:
			return nil, Invalid("attach.self", fmt.Sprintf("%s cannot attach to itself", u.Name), "")
		case u.Eliminated || !u.OnMap:
			return nil, Illegal("attach.target", fmt.Sprintf("%s is not on the map", u.Name), "")
		case u.Side != t.Side:
			return nil, Illegal("attach.side", fmt.Sprintf("%s is not a friendly unit of %s", t.Name, u.Name), "A unit attaches to a friendly unit")
		}
		seen[id] = true
		units = append(units, u.WithStatus())
	}
	for _, u := range units {
		if u.Hex != t.Hex {
			if err := lim.breach(attRuled(Illegal("attach.hex", fmt.Sprintf("%s is not in %s's hex", u.Name, t.Name), "A unit attaches to a unit it is stacked with"), "LRTG 7.2")); err != nil {
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
	if d := t.Detached.Division; g.optional(18) && d != "" && t.Kind != "leader" && total >= 9 {
		if _, broken := g.Attach.Broken[d]; broken {
			all := true
			for _, u := range units {
				all = all && u.Detached.Division == d && u.Kind != "leader"
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
		return nil, attRuled(Illegal("attach.receive", fmt.Sprintf("%s (%s) cannot take attaching units", t.Name, strings.TrimSpace(size+" "+attKindName(t))), "Attach to an infantry or cavalry division, brigade or regiment"), "LRTG 7.2")
	}
	if res.Manpower > limit {
		if err := lim.breach(attRuled(Illegal("attach.size", fmt.Sprintf("%s would have %d manpower: %s %ss go no higher than %d", t.Name, res.Manpower, arm, size, limit), ""), "LRTG 7.2")); err != nil {
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
		res.Fatigue = min(res.Fatigue+1, MaxFatigue)
	}
	ev.Result, ev.Waived = res, lim.waived
	return []Event{ev}, nil
}

// attCanAttach checks that u may attach to t (7.2, 7.3, 12.1-12.3,
// 16.1 e).
func (g GameState) attCanAttach(rules *SubstituteRules, lim *attLimits, u, t UnitState) error {
	arm, size := attArm(u), rules.sizeOf(u)
	sub := attIsSubstitute(u)
	switch {
	case attGroup(u) == "RR" && (g.Game() != LRTA || lrtaHaupt(u)):
		return attRuled(Illegal("attach.never", fmt.Sprintf("%s may not attach", u.Name), "The Haupt railroad unit never attaches"), "LRTG 7.3")
	case contains(u.Marks, "dc-only"):
		return attRuled(Illegal("attach.never", fmt.Sprintf("%s may never attach", u.Name), "DC units not scheduled for release (Jewett, Casey) never attach"), "LRTG 7.3")
	case arm == "" || u.Kind == "leader":
		return attRuled(Illegal("attach.cannot", fmt.Sprintf("%s (%s) cannot attach: only infantry and cavalry units attach", u.Name, attKindName(u)), ""), "LRTG 7.2")
	case !sub && size == "division":
		return attRuled(Illegal("attach.cannot", fmt.Sprintf("%s is an infantry division: divisions do not attach", u.Name), "Units attach to it"), "LRTG 7.2")
	case !sub && arm == "cavalry" && size != "regiment":
		return attRuled(Illegal("attach.cannot", fmt.Sprintf("%s is a cavalry %s: of the cavalry only regiments attach", u.Name, size), ""), "LRTG 7.2")
	case !sub && size != "brigade" && size != "regiment":
		return attRuled(Illegal("attach.cannot", fmt.Sprintf("%s may not attach", u.Name), "Substitutes, infantry brigades and regiments and cavalry regiments attach"), "LRTG 7.2, 7.3")
	case attArm(t) != arm || t.Kind == "leader":
		return attRuled(Illegal("attach.type", fmt.Sprintf("%s is %s and %s is not: a unit attaches to a unit of its own type", u.Name, arm, t.Name), ""), "LRTG 7.2")
	}
	if g.Game() == LRTA && u.Side == USA {
		// 004's Union restrictions replace LRTG 12's releases and 16.1 e.
		if e := g.lrtaAttachLimit(rules, u, t); e != nil {
			return lim.breach(e)
		}
		return nil
	}
	if !sub && arm == "cavalry" && rules.sizeOf(t) != "brigade" {
		if err := lim.breach(attRuled(Illegal("attach.cavalry", fmt.Sprintf("%s is a cavalry regiment: it attaches to a cavalry brigade, and %s is not one", u.Name, t.Name), ""), "LRTG 7.3")); err != nil {
			return err
		}
	}
	// The restricted Union groups.
	grp, tgrp, meade := attGroup(u), attGroup(t), g.meadeInCommandForAttach()
	var e *RuleError
	switch grp {
	case "PA":
		if tgrp != "PA" {
			e = attRuled(Illegal("attach.pa", fmt.Sprintf("%s is Pennsylvania militia: it attaches only to other PA militia", u.Name), ""), "LRTG 12.3, 7.3")
		}
	case "Balt", "DC":
		switch {
		case !g.releasedForAttach(u):
			e = attRuled(Illegal("attach.released", fmt.Sprintf("%s (%s) has not been released: it may not attach until released", u.Name, u.Command), attReleaseHint(u)), "LRTG 12.1, 12.2")
		case tgrp == grp:
		case attIsAoP(t) && !meade:
			e = attRuled(Illegal("attach.meade", fmt.Sprintf("%s (%s) may attach to Army of the Potomac units only once Meade has taken command", u.Name, u.Command), ""), "LRTG 12.1, 12.2, 16.1 e")
		case !attIsAoP(t):
			e = attRuled(Illegal("attach.group", fmt.Sprintf("%s (%s) attaches to other %s units or, once Meade commands, to Army of the Potomac units; %s is %s", u.Name, u.Command, u.Command, t.Name, t.Command), ""), "LRTG 7.3")
		}
	case "HF", "WV":
		switch {
		case tgrp == grp:
		case attIsAoP(t) && !meade:
			e = attRuled(Illegal("attach.meade", fmt.Sprintf("%s (%s) may attach to Army of the Potomac units only once Meade has taken command", u.Name, u.Command), ""), "LRTG 12.1, 16.1 e")
		case !attIsAoP(t):
			e = attRuled(Illegal("attach.group", fmt.Sprintf("%s (%s) attaches only to other %s units (and, once Meade commands, to Army of the Potomac units); %s is %s", u.Name, u.Command, u.Command, t.Name, t.Command), ""), "LRTG 7.3")
		}
	case "release":
		if !g.releasedForAttach(u) {
			e = attRuled(Illegal("attach.released", fmt.Sprintf("%s has not been released: it may not attach until released", u.Name), attReleaseHint(u)), "LRTG 3.2, 7.3")
		}
	default:
		if u.Side == USA && !attIsAoP(u) && attIsAoP(t) && !meade {
			e = attRuled(Illegal("attach.meade", fmt.Sprintf("While Hooker commands, Army of the Potomac units may not take non-AoP units such as %s", u.Name), ""), "LRTG 16.1 e")
		}
	}
	if e != nil {
		return lim.breach(e)
	}
	return nil
}

// LRTA's Union Attachment / Detachment Restrictions (004;
// lrta.union-attachment-restrictions), which replace LRTG 12's releases
// and 16.1 e in an LRTA game. Readings where 004 is short:
//   - "a corps affiliation": a unit whose designation is a corps (any but
//     DC, Balt, RR, Shen, Kan, Res, PA, the cavalry and the army commands)
//     attaches only to a unit of the same designation; 004 names the
//     brigades and regiments this concerns (Pnell Leg., 60 NY, Piatt,
//     Taylor, Griffin, Kimball), and substitutes carry their parent's.
//   - "similarly designated": the same designation (DC to DC, Balt to Balt,
//     Shen to Shen...).
//   - "any Army of the Potomac unit" once McClellan takes command: a unit
//     of none of those designations (McClellan then commands both armies).
//   - "the Pa. Militia division": a PA unit of division size.
//   - Haupt (RR) is LRTG's railroad unit: he never attaches or detaches
//     (LRTG 7.0, 7.3, 12.5).
//   - 004 says nothing of PA militia detaching: LRTG 12.4 (never).
const lrtaAttachRule = "004 Union Attachment / Detachment Restrictions"

// lrtaNoDetach are the Union designations that never detach (004); until
// McClellan takes command they attach only to their own designation.
var lrtaNoDetach = []string{"Shen", "RR", "Kan", "Res"}

// lrtaHaupt reports whether a unit is Haupt's railroad unit.
func lrtaHaupt(u UnitState) bool {
	return u.ID == "usa.haupt" || strings.EqualFold(u.Name, "Haupt")
}

// lrtaDesignated reports whether a Union unit bears one of 004's
// restricted designations (or is cavalry, or of an army command): it has
// no corps affiliation and is no Army of the Potomac unit for 004.
func lrtaDesignated(u UnitState) bool {
	return u.Kind == "cavalry" || lrtaIn([]string{"DC", "Balt", "RR", "Shen", "Kan", "Res", "PA", "Cav", "", "AP", "AV", "AoP", "AoV"}, u.Command)
}

// lrtaAttachLimit is why 004 forbids the Union unit u to attach to t (nil:
// it may).
func (g GameState) lrtaAttachLimit(rules *SubstituteRules, u, t UnitState) *RuleError {
	refuse := func(what string) *RuleError { return attRuled(Illegal("attach.group", what, ""), lrtaAttachRule) }
	same := strings.EqualFold(strings.TrimSpace(u.Command), strings.TrimSpace(t.Command))
	switch {
	case u.Kind == "cavalry":
		return refuse(fmt.Sprintf("%s is Union cavalry: Union cavalry units may not attach", u.Name))
	case strings.EqualFold(u.Command, "PA"):
		if !strings.EqualFold(t.Command, "PA") || rules.sizeOf(t) != "division" {
			return refuse(fmt.Sprintf("%s is Pennsylvania militia: it attaches only to the Pa. Militia division; %s is not it", u.Name, t.Name))
		}
	case lrtaIn([]string{"DC", "Balt"}, u.Command):
		if !same {
			return refuse(fmt.Sprintf("%s (%s) attaches only to other %s units; %s is %s", u.Name, u.Command, u.Command, t.Name, attDesignation(t)))
		}
	case lrtaIn(lrtaNoDetach, u.Command):
		switch {
		case same:
		case g.LRTAMcClellan() && !lrtaDesignated(t):
		case g.LRTAMcClellan():
			return refuse(fmt.Sprintf("%s (%s) attaches to other %s units or, McClellan commanding, to Army of the Potomac units; %s is %s", u.Name, u.Command, u.Command, t.Name, attDesignation(t)))
		default:
			return refuse(fmt.Sprintf("%s (%s) attaches only to other %s units until McClellan takes command; %s is %s", u.Name, u.Command, u.Command, t.Name, attDesignation(t)))
		}
	case !lrtaDesignated(u) && !same:
		return refuse(fmt.Sprintf("%s is of the %s Corps: it attaches only to another unit of its corps; %s is %s", u.Name, u.Command, t.Name, attDesignation(t)))
	}
	return nil
}

// attDesignation names a unit's designation for a message.
func attDesignation(u UnitState) string {
	if strings.TrimSpace(u.Command) == "" {
		return "of no designation"
	}
	return u.Command
}

// attMerge is 7.2's Determining Status after Attachment: a attaches to t,
// which remains on the map.
func attMerge(t, a UnitState) UnitState {
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
func (g GameState) attControlFatigue(units []UnitState, t UnitState) bool {
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
func (g GameState) attReform(cmd AttachUnits, lim *attLimits, t UnitState, units []UnitState, total int) ([]Event, error) {
	d := g.Attach.Broken[t.Detached.Division]
	if total > 16 {
		if err := lim.breach(attRuled(Illegal("attach.size", fmt.Sprintf("%s would have %d manpower: infantry divisions go no higher than 16", d.Name, total), ""), "LRTG 7.2")); err != nil {
			return nil, err
		}
	}
	all := append([]UnitState{t}, units...)
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
		if !contains(UnitMarks, m) {
			marks = append(marks, m)
		}
	}
	for _, m := range status.Marks {
		if contains(UnitMarks, m) {
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
		if u := g.Units[id]; u.Detached.Division == d.ID && u.Kind == "leader" {
			ev.Freed = append(ev.Freed, id)
		}
	}
	ev.Control = g.attControlFatigue(units, t)
	if ev.Control {
		res.Fatigue = min(res.Fatigue+1, MaxFatigue)
	}
	ev.Result, ev.Waived = res, lim.waived
	return []Event{ev}, nil
}

// attFavourable is the status of the largest of the units; where several
// tie for largest, the Confederate player takes the most favourable of
// theirs (18.3): the lowest fatigue, demoralization and ammunition
// level, organized and unexhausted if any is, the strongest entrenchment,
// out of supply only if all are.
func attFavourable(units []UnitState) UnitState {
	most := 0
	for _, u := range units {
		most = max(most, u.Manpower)
	}
	var tied []UnitState
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
		supplied = supplied || !contains(u.Marks, "out-of-supply")
		fort = fort || contains(u.Marks, "fort")
		refused = refused || contains(u.Marks, "flanks-refused")
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
