// Random events (LRTG 2.0; 003 "Effects of Random events"): the commands
// step 1d waits for, the Raspberry Raid settled (/raid) and an ammunition
// train used (/ammo), and what they check. Moved out of randomevents.go,
// which keeps the registered decider.

package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

func (g Game) raidPending() bool {
	e := g.Events.Of(g.Turn)
	return e != nil && e.RaidPending && !g.Victory.RaspberryRaid && len(g.Events.Raids) == 0
}

func (g Game) ammoPending() bool {
	e := g.Events.Of(g.Turn)
	if e == nil || e.Ammo == 0 || g.Events.AmmoUsed(g.Turn) != nil {
		return false
	}
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Side == engine.CSA && u.OnMap && !u.Eliminated && u.Status.Ammo > 0 {
			return true
		}
	}
	return false
}

// inStep refuses a random event choice outside step 1d of the event's turn.
func (g Game) inStep(what, hint string) error {
	if g.CurrentStep() != RandomEventsStep {
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.step", What: fmt.Sprintf("%s is made in the Random Events step (1d); the game is at %q", what, g.CurrentStep()),
			Hint: hint, Rule: "000 2.0"}
	}
	return nil
}

func (g Game) decideRaid(cmd RaspberryRaid, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if p := g.Player(cmd.By.ID); !g.IsUmpire(cmd.By) && (p == nil || p.Side != engine.CSA) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.raid.side", What: "The Confederates choose the Raspberry Raid's withdrawals and roll it", Rule: "000 2.0 5)"}
	}
	if err := g.inStep("The Raspberry Raid choice", "The umpire may roll it out of its step with /vp action:raspberry-raid reason:<why>"); err != nil {
		return nil, err
	}
	if !g.raidPending() {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.raid.none", What: "No Raspberry Raid waits for its roll this turn",
			Hint: "/event show says this turn's random event", Rule: "000 2.0 5)"}
	}
	if cmd.Table == nil {
		return nil, fmt.Errorf("engine: the Raspberry Raid needs its table")
	}
	evs, err := g.decideRollVP(RollVP{By: cmd.By, Event: VPRaspberry, Table: cmd.Table, Units: cmd.Units, Map: cmd.Map}, d)
	if err != nil {
		return nil, err
	}
	tr := evs[0].(*engine.TableRolled)
	settled := &RaspberryRaidSettled{By: cmd.By, Turn: g.Turn, Roll: tr.Number, Units: append([]string(nil), cmd.Units...)}
	if b, ok := g.Units[BeauregardID]; ok && b.OnMap && !b.Eliminated && len(cmd.Units) > 0 {
		settled.BeauregardRemoved = true // 000 2.0 5): he leaves with the units returned
	}
	return append(evs, settled), nil
}

func (g Game) decideAmmo(cmd AmmoTrain) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != engine.CSA) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.ammo.side", What: "Only the Confederates use an ammunition train", Rule: "LRTG 19.4"}
	}
	if err := g.inStep("The ammunition train", "What is not used in the Random Events Phase is lost (19.4)"); err != nil {
		return nil, err
	}
	e := g.Events.Of(g.Turn)
	if e == nil || e.Ammo == 0 {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.ammo.none", What: "This turn's random event brings no ammunition train",
			Hint: "/event show says this turn's random event", Rule: "000 2.0 6)"}
	}
	if g.Events.AmmoUsed(g.Turn) != nil {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.ammo.used", What: "This turn's ammunition train has already been used", Rule: "LRTG 19.4"}
	}
	ev := &AmmoTrainUsed{By: cmd.By, Turn: g.Turn}
	ids := make([]string, 0, len(cmd.Levels))
	total := 0
	for id, n := range cmd.Levels {
		ids = append(ids, id)
		total += n
	}
	sort.Strings(ids)
	if total > e.Ammo {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.ammo.total", What: fmt.Sprintf("%d ammunition levels asked; the train brings %d", total, e.Ammo), Rule: "LRTG 19.4"}
	}
	reason := strings.TrimSpace(cmd.Reason)
	far, unplaced := 0, 0
	var lee *engine.UnitState
	if l, ok := g.firstUnit(csaArmyCommanderID); ok && l.OnMap {
		lee = &l
	}
	for _, id := range ids {
		n := cmd.Levels[id]
		u, err := g.Unit(id)
		if err != nil {
			return nil, err
		}
		if !g.Controls(cmd.By, u) || u.Side != engine.CSA {
			return nil, engine.Invalid("unit.unknown", fmt.Sprintf("You have no unit %q", id), "/oob lists your units")
		}
		switch {
		case n < 1:
			return nil, engine.Invalid("event.ammo.levels", fmt.Sprintf("%s: %d levels; give 1 or more", u.Name, n), "levels:\"Hood 2, McLaws 1\"")
		case !u.OnMap || u.Eliminated:
			return nil, engine.Illegal("event.ammo.unit", u.Name+" is not on the map", "")
		case n > u.Status.Ammo:
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.ammo.unit", What: fmt.Sprintf("%s is at ammunition level %d: it can go at most %d lower", u.Name, u.Status.Ammo, u.Status.Ammo), Rule: "LRTG 19.1"}
		}
		if near, known := nearLee(cmd.Map, lee, u); known && !near {
			if !umpire || reason == "" {
				return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "event.ammo.county", What: fmt.Sprintf("%s is not in Lee's county or one next to it", u.Name),
					Hint: "The umpire may rule otherwise with reason:<why>", Rule: "LRTG 19.4"}
			}
			far++
		} else if !known {
			unplaced++
		}
		ev.Changes = append(ev.Changes, AmmoChange{Unit: id, From: u.Status.Ammo, To: u.Status.Ammo - n})
	}
	// What the event says names no unit: it is public (limited
	// intelligence hides the Confederate divisions).
	if far > 0 {
		ev.Overruled = fmt.Sprintf("%d divisions not in Lee's county or one next to it", far)
	}
	if unplaced > 0 {
		ev.Unchecked = append(ev.Unchecked, fmt.Sprintf("that %d divisions (or Lee) the map cannot place in a county are in the same or an adjacent county as Lee", unplaced))
	}
	if len(ev.Changes) > 0 {
		ev.Unchecked = append(ev.Unchecked, "that no receiving unit is surrounded by Union units, ZOC or impassable hexsides",
			"that no receiving unit north of the Potomac is cut off by Union control of the Potomac or the Shenandoah Valley (13.3)")
	}
	return []engine.Event{ev}, nil
}

// nearLee reports whether u is in Lee's county or one adjacent to it
// (19.4); known is false when the map cannot tell. Counties that share a
// border share its points (the map data draws each border once).
func nearLee(m *engine.Theatre, lee *engine.UnitState, u engine.UnitState) (near, known bool) {
	if m == nil || lee == nil {
		return false, false
	}
	county := func(h engine.Hex) *engine.Region {
		p := engine.Center(h)
		for i := range m.Regions {
			if r := &m.Regions[i]; r.Kind == "county" && r.Contains(p) {
				return r
			}
		}
		return nil
	}
	a, b := county(lee.Hex), county(u.Hex)
	if a == nil || b == nil {
		return false, false
	}
	if a.ID == b.ID {
		return true, true
	}
	pts := map[engine.Point]bool{}
	for _, ring := range a.Rings {
		for _, p := range ring {
			pts[p] = true
		}
	}
	for _, ring := range b.Rings {
		for _, p := range ring {
			if pts[p] {
				return true, true
			}
		}
	}
	return false, true
}
