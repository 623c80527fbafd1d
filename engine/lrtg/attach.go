package lrtg

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
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
//
// This file holds the module's state, commands, events, folding and the
// helpers both directions share; detachment is in attach_detach.go,
// attachment in attach_units.go, LRTA's Union restrictions in
// lrta_attach.go.

// AttachState is the game's state of this rule module.
type AttachState struct {
	// Made counts the detachments made from each parent unit, so that a
	// new detachment's id (csa.hood.d1, csa.hood.d2, ...) is never reused.
	Made map[string]int `json:"made,omitempty"`
	// Broken holds the divisions of optional rule 18 that 18.3 replaced by
	// a brigade and their leader, as they were, until their brigades
	// re-form them. They are out of Units: no one moves or names them.
	Broken map[string]engine.UnitState `json:"broken,omitempty"`
	// Attached maps each unit of the order of battle that attached to
	// another (7.3: it leaves the map for good) to the unit it joined.
	Attached map[string]string `json:"attached,omitempty"`
}

// SubstituteCounter is one of a side's substitute counters (LRTG 7.0).
type SubstituteCounter struct {
	ID     string // e.g. "csa.inf-sub-1"
	Name   string // e.g. "Inf Sub 1"
	Side   engine.Side
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
	Sizes     engine.UnitSizes // from the order of battle
}

// WithOrder returns a copy of the rules with the sizes of the order of
// battle's units.
func (s SubstituteRules) WithOrder(o *engine.OrderOfBattle) *SubstituteRules {
	s.Sizes = engine.SizesOf(o)
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
		By       engine.Actor
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
		By     engine.Actor
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
	By        engine.Actor      `json:"by"`
	Parent    string            `json:"parent"`
	Manpower  int               `json:"manpower"`
	Artillery int               `json:"artillery,omitempty"`
	Unit      engine.UnitState  `json:"unit"`
	Brigade   *engine.UnitState `json:"brigade,omitempty"` // 18.3: the division's remainder
	Leader    *engine.UnitState `json:"leader,omitempty"`  // 18.3: the division leader counter
	Waived    []string          `json:"waived,omitempty"`  // limits the umpire waived (codes)
	Reason    string            `json:"reason,omitempty"`
}

// EventType implements Event.
func (*UnitDetached) EventType() string { return EventUnitDetached }

// UnitsAttached records an attachment: the unit remaining on the map as it
// is after (manpower, fatigue, marks), the units attached, and the
// counters taken off the map.
type UnitsAttached struct {
	By     engine.Actor     `json:"by"`
	Units  []string         `json:"units"` // the attaching units
	To     string           `json:"to"`
	Result engine.UnitState `json:"result"` // the unit remaining on the map
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

// attachModule is attachment and detachment.
func attachModule() engine.Module {
	return engine.Module{Name: "attach",
		Commands: []engine.Command{DetachUnit{}, AttachUnits{}}, Decide: claims(decideAttach),
		Events: []engine.Event{&UnitDetached{}, &UnitsAttached{}},
		Apply:  folds(applyAttach)}
}

func decideAttach(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
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

func applyAttach(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *UnitDetached:
		return g.action(e, func(g *Game) {
			g.Attach.Made = attCopyMap(g.Attach.Made)
			g.Attach.Made[e.Parent]++
			g.EditUnit(e.Parent, func(p *engine.UnitState) {
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
		return g.action(e, func(g *Game) {
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

func (g Game) attLimitsFor(by engine.Actor, reason string) *attLimits {
	return &attLimits{umpire: g.IsUmpire(by), reason: strings.TrimSpace(reason) != ""}
}

// breach refuses a command that breaks a limit, unless the umpire waives
// it with a reason.
func (l *attLimits) breach(e *engine.RuleError) error {
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

func attRuled(e *engine.RuleError, rule string) *engine.RuleError {
	e.Rule = rule
	return e
}

// attArm is a unit's type for 7.2: infantry (PA militia are infantry
// brigades) or cavalry; "" for the others.
func attArm(u engine.UnitState) string {
	switch u.Kind {
	case engine.KindInfantry, engine.KindMilitia:
		return "infantry"
	case engine.KindCavalry:
		return "cavalry"
	}
	return ""
}

func (s *SubstituteRules) sizeOf(u engine.UnitState) string {
	if u.Detached.Size != "" {
		return u.Detached.Size
	}
	return s.Sizes[u.ID]
}

// attIsSubstitute reports whether a unit is a substitute, or a brigade or
// leader counter of 18.1: it leaves play when it attaches, and its
// counter is free again.
func attIsSubstitute(u engine.UnitState) bool {
	return u.Detached.Counter != "" || u.Detached.Division != ""
}

// Union designations outside the Army of the Potomac (21.1, 003's release
// key): the VIII Corps (Balt, WV, HF), the railroad unit, DC and the PA
// militia.
var attNonAoP = map[string]bool{"viii": true, "balt": true, "wv": true, "hf": true, "rr": true, "dc": true, "pa": true}

func attIsAoP(u engine.UnitState) bool {
	return u.Side == engine.USA && !attNonAoP[strings.ToLower(u.Command)]
}

// attGroup is a Union unit's restricted group of 7.3 and 12: PA, RR, HF,
// WV, Balt, DC ("" for the others). A unit of an Army of the Potomac corps
// with a Baltimore/DC release-group mark (Lockwood, XII) is "release":
// bound by its release only.
func attGroup(u engine.UnitState) string {
	if u.Side != engine.USA {
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
func (g Game) meadeInCommandForAttach() bool { return g.Movement.Meade }

// releasedForAttach reports whether a unit of a restricted group has been
// released (LRTG 3.2, 12.1, 12.2), by the releases the movement module
// records: a Baltimore/DC unit by its release group (or its whole
// designation), Crawford and Stannard also when Meade takes command
// (16.2 3, 4); HF and WV units when released, which they all are when
// Meade takes command (12.1); "DC Only" units (Jewett, Casey) never.
// The same releases free them to move (move.go, Restricted).
func (g Game) releasedForAttach(u engine.UnitState) bool {
	m := g.Movement
	switch {
	case engine.Contains(u.Marks, "dc-only"):
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
func (g Game) attCommanderOf(u engine.UnitState) string {
	overall := ""
	for _, p := range g.Players {
		if p.Side != u.Side {
			continue
		}
		if !p.Overall && g.Controls(engine.Actor{ID: p.Actor.ID}, u) {
			return p.Actor.ID
		}
		if p.Overall {
			overall = p.Actor.ID
		}
	}
	return overall
}

func attKindName(u engine.UnitState) string {
	if u.Kind == "" {
		return "unit"
	}
	return string(u.Kind)
}

func attGroupName(u engine.UnitState) string {
	if attGroup(u) == "release" {
		return "a Baltimore/DC release-group unit"
	}
	return "the " + u.Command + " units"
}

func attReleaseHint(u engine.UnitState) string {
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
func (g Game) attCountersInUse() map[string]string {
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
func (g Game) FreeCounters(rules *SubstituteRules, side engine.Side, unit string) []string {
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
