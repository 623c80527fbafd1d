package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The umpire's corrections of a LITN unit (/litn set): what a player
// declared wrongly, what the map data cannot check, and what the seeds do
// not print (4.2: a militia unit's strength "is printed on the counter").
// The umpire gives his reason; the table is told what changed on the map
// (a counter's hex, its morale), the side alone its strength (2.5).

// SetUnit is the umpire's correction.
type SetUnit struct {
	By          engine.Actor
	Unit        string
	Strength    *int   // the current strength (2.5: the side's record)
	At          string // a printed hex of the LITN map; "off" takes it off the map
	Map         *engine.Theatre
	Demoralized *bool
	Reason      string
}

// CommandName implements Command.
func (SetUnit) CommandName() string { return "litn set" }

// EventUnitSet is the event type of UnitSet.
const EventUnitSet = "litn.unit-set"

// UnitSet records a correction: the unit as it was and as it is.
type UnitSet struct {
	By     engine.Actor `json:"by"`
	Before Unit         `json:"before"`
	After  Unit         `json:"after"`
	Reason string       `json:"reason"`
}

// EventType implements Event.
func (*UnitSet) EventType() string { return EventUnitSet }

func decideSetUnit(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	c, ok := cmd.(SetUnit)
	if !ok {
		return nil, false, nil
	}
	if err := g.needStep(c.By, "Correcting a unit"); err != nil {
		return nil, true, err
	}
	if !g.IsUmpire(c.By) {
		return nil, true, engine.Illegal("game.umpire", "Only the umpire corrects a unit", fmt.Sprintf("Ask %s; say what is wrong and what would be right", g.Umpire.Name))
	}
	reason := strings.TrimSpace(c.Reason)
	if reason == "" {
		return nil, true, engine.Invalid("litn.set.reason", "A correction needs the umpire's reason", "Add reason:<why>, e.g. reason:militia counter prints 2")
	}
	u, err := g.ownUnit(c.By, c.Unit)
	if err != nil {
		return nil, true, err
	}
	if c.Strength == nil && c.At == "" && c.Demoralized == nil {
		return nil, true, engine.Invalid("litn.set.nothing", "Nothing to correct was given", "Give strength:, hex: or demoralized:")
	}
	after := u
	if c.Strength != nil {
		if !u.IsCombat() {
			return nil, true, engine.Invalid("litn.set.strength", fmt.Sprintf("%s is a non-combat leader: he has no strength (002 2.2)", u.Name), "Leave out strength:")
		}
		if *c.Strength < 0 {
			return nil, true, engine.Invalid("litn.set.strength", fmt.Sprintf("Strength %d: give 0 or more (0 eliminates the unit, 002 2.2)", *c.Strength), "")
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
		after.At, after.Hex = "", engine.Hex{}
	default:
		if c.Map == nil {
			return nil, true, fmt.Errorf("engine: litn set without the LITN map")
		}
		h, _, err := c.Map.ParseHex(at, "")
		if err != nil {
			return nil, true, engine.Invalid("litn.set.hex", fmt.Sprintf("%q is not a hex of the LITN map: %v", at, err), "Give the four digits printed on the map, e.g. 1529")
		}
		after.At, after.Hex = at, h
	}
	if c.Demoralized != nil {
		after.Demoralized = *c.Demoralized
	}
	return []engine.Event{&UnitSet{By: c.By, Before: u, After: after, Reason: reason}}, true, nil
}

func applySetUnit(g Game, e engine.Event) (Game, bool) {
	ev, ok := e.(*UnitSet)
	if !ok {
		return g, false
	}
	return g.withUnits(ev.After), true
}

// Say implements Sayer: the table learns what changed on the map; the
// unit's side its strength too.
func (e *UnitSet) Say(Game) []Say {
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
	var out []Say
	if len(pub) > 0 {
		out = append(out, Say{To: "all", Text: fmt.Sprintf("⚖️ The umpire corrects %s: %s (%s).", a.Name, strings.Join(pub, ", "), e.Reason)})
	}
	if b.Strength != a.Strength {
		out = append(out, Say{To: string(a.Side), Text: fmt.Sprintf("⚖️ The umpire corrects %s's strength: %d → %d (%s). Secret from the enemy (002 2.5).", a.Name, b.Strength, a.Strength, e.Reason)})
	}
	if len(out) == 0 {
		out = append(out, Say{To: "umpire", Text: fmt.Sprintf("%s: nothing changed.", a.Name)})
	}
	return out
}
