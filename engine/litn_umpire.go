package engine

import (
	"fmt"
	"strings"
)

// The umpire's corrections of a LITN unit (/litn set): what a player
// declared wrongly, what the map data cannot check, and what the seeds do
// not print (4.2: a militia unit's strength "is printed on the counter").
// The umpire gives his reason; the table is told what changed on the map
// (a counter's hex, its morale), the side alone its strength (2.5).

// LITNSetUnit is the umpire's correction.
type LITNSetUnit struct {
	By          Actor
	Unit        string
	Strength    *int   // the current strength (2.5: the side's record)
	At          string // a printed hex of the LITN map; "off" takes it off the map
	Map         *Theatre
	Demoralized *bool
	Reason      string
}

// CommandName implements Command.
func (LITNSetUnit) CommandName() string { return "litn set" }

// EventLITNUnitSet is the event type of LITNUnitSet.
const EventLITNUnitSet = "litn.unit-set"

// LITNUnitSet records a correction: the unit as it was and as it is.
type LITNUnitSet struct {
	By     Actor    `json:"by"`
	Before LITNUnit `json:"before"`
	After  LITNUnit `json:"after"`
	Reason string   `json:"reason"`
}

// EventType implements Event.
func (*LITNUnitSet) EventType() string { return EventLITNUnitSet }

func decideLITNSetUnit(g LITNGame, cmd Command, _ Dice) ([]Event, bool, error) {
	c, ok := cmd.(LITNSetUnit)
	if !ok {
		return nil, false, nil
	}
	if err := g.litnNeedStep(c.By, "Correcting a unit"); err != nil {
		return nil, true, err
	}
	if !g.IsUmpire(c.By) {
		return nil, true, illegal("game.umpire", "Only the umpire corrects a unit", fmt.Sprintf("Ask %s; say what is wrong and what would be right", g.Umpire.Name))
	}
	reason := strings.TrimSpace(c.Reason)
	if reason == "" {
		return nil, true, invalid("litn.set.reason", "A correction needs the umpire's reason", "Add reason:<why>, e.g. reason:militia counter prints 2")
	}
	u, err := g.litnOwnUnit(c.By, c.Unit)
	if err != nil {
		return nil, true, err
	}
	if c.Strength == nil && c.At == "" && c.Demoralized == nil {
		return nil, true, invalid("litn.set.nothing", "Nothing to correct was given", "Give strength:, hex: or demoralized:")
	}
	after := u
	if c.Strength != nil {
		if !u.IsCombat() {
			return nil, true, invalid("litn.set.strength", fmt.Sprintf("%s is a non-combat leader: he has no strength (002 2.2)", u.Name), "Leave out strength:")
		}
		if *c.Strength < 0 {
			return nil, true, invalid("litn.set.strength", fmt.Sprintf("Strength %d: give 0 or more (0 eliminates the unit, 002 2.2)", *c.Strength), "")
		}
		after.Strength = *c.Strength
		after.Eliminated = *c.Strength == 0
		if u.Militia && after.Original == 0 {
			after.Original = *c.Strength // 4.2: the counter's printed strength
		}
	}
	switch at := strings.TrimSpace(c.At); {
	case at == "":
	case strings.EqualFold(at, "off"):
		after.At, after.Hex = "", Hex{}
	default:
		if c.Map == nil {
			return nil, true, fmt.Errorf("engine: litn set without the LITN map")
		}
		h, _, err := c.Map.ParseHex(at, "")
		if err != nil {
			return nil, true, invalid("litn.set.hex", fmt.Sprintf("%q is not a hex of the LITN map: %v", at, err), "Give the four digits printed on the map, e.g. 1529")
		}
		after.At, after.Hex = at, h
	}
	if c.Demoralized != nil {
		after.Demoralized = *c.Demoralized
	}
	return []Event{&LITNUnitSet{By: c.By, Before: u, After: after, Reason: reason}}, true, nil
}

func applyLITNSetUnit(g LITNGame, e Event) (LITNGame, bool) {
	ev, ok := e.(*LITNUnitSet)
	if !ok {
		return g, false
	}
	return g.withLITNUnits(ev.After), true
}

// Say implements LITNSayer: the table learns what changed on the map; the
// unit's side its strength too.
func (e *LITNUnitSet) Say(LITNGame) []LITNSay {
	b, a := e.Before, e.After
	var pub []string
	if b.At != a.At {
		switch {
		case a.At == "":
			pub = append(pub, "off the map")
		default:
			pub = append(pub, "to "+a.At)
		}
	}
	if b.Demoralized != a.Demoralized {
		pub = append(pub, map[bool]string{true: "demoralized", false: "no longer demoralized"}[a.Demoralized])
	}
	if a.Eliminated && !b.Eliminated {
		pub = append(pub, "eliminated")
	}
	var out []LITNSay
	if len(pub) > 0 {
		out = append(out, LITNSay{To: "all", Text: fmt.Sprintf("⚖️ The umpire corrects %s: %s (%s).", a.Name, strings.Join(pub, ", "), e.Reason)})
	}
	if b.Strength != a.Strength {
		out = append(out, LITNSay{To: string(a.Side), Text: fmt.Sprintf("⚖️ The umpire corrects %s's strength: %d → %d (%s). Secret from the enemy (002 2.5).", a.Name, b.Strength, a.Strength, e.Reason)})
	}
	if len(out) == 0 {
		out = append(out, LITNSay{To: "umpire", Text: fmt.Sprintf("%s: nothing changed.", a.Name)})
	}
	return out
}
