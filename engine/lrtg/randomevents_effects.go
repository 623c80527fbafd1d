// Random events (LRTG 2.0; 003 "Effects of Random events"): what step 1d
// works out for an event's effect: the Raspberry Raid's units, the manpower
// Halleck takes, several commanders in a hex, optional rules in play. Moved
// out of randomevents.go.

package lrtg

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// raspberryRaid settles the Raspberry Raid event: with a Richmond Garrison
// unit the Confederates could withdraw, it waits for their choice (/event
// raid); with none, the raid is rolled now (more: its events, after ev).
func (g Game) raspberryRaid(state Game, ev *RandomEventRolled, d engine.Dice, ctx engine.StepContext, m *engine.Theatre, table func(string) (*engine.Table, error)) ([]engine.Event, error) {
	note := func(n RandomNote) { ev.Notes = append(ev.Notes, n) }
	note(RandomNote{Code: RandomNoteRaid})
	if len(g.withdrawable(m)) > 0 {
		ev.RaidPending = true
		note(RandomNote{Code: RandomNoteRaidWithdraw})
		return nil, nil
	}
	note(RandomNote{Code: RandomNoteRaidAtOnce})
	rt, err := table(RaspberryRaidTable)
	if err != nil {
		return nil, err
	}
	after := state.Apply(ev)
	out, err := after.decideRollVP(RollVP{By: ev.By, Event: VPRaspberry, Table: rt, Map: m}, d)
	if err != nil {
		return nil, err
	}
	tr := out[0].(*engine.TableRolled)
	return append(out, &RaspberryRaidSettled{By: ev.By, Turn: g.Turn, Roll: tr.Number, Auto: true}), nil
}

// withdrawable lists the Richmond Garrison units the Raspberry Raid lets
// the Confederates withdraw: on the map, 3+ manpower, south of the Potomac
// (that one is unattached is the player's word).
func (g Game) withdrawable(m *engine.Theatre) []string {
	var out []string
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id]
		if strings.EqualFold(u.Command, richmondCommand) && !u.Kind.IsLeader() && u.OnMap && !u.Eliminated && u.Manpower >= 3 && !northOf(m, u) {
			out = append(out, id)
		}
	}
	return out
}

// halleckManpower is +1 manpower for every Union unit in DC or Baltimore
// (000 2.0 2); the YAML's reading of "any Union unit"). The map data does
// not part Baltimore City from the county: Baltimore County counts.
func (g Game) halleckManpower(m *engine.Theatre) []ManpowerGain {
	var regions []*engine.Region
	for _, id := range []string{dcRegion, baltimoreRegion} {
		if r := m.Region(id); r != nil {
			regions = append(regions, r)
		}
	}
	var out []ManpowerGain
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id]
		if u.Side != engine.USA || !u.OnMap || u.Eliminated || u.Kind.IsLeader() {
			continue
		}
		for _, r := range regions {
			if r.Contains(engine.Center(u.Hex)) {
				out = append(out, ManpowerGain{Unit: id, From: u.Manpower, To: u.Manpower + 1})
				break
			}
		}
	}
	return out
}

// multipleCommanders reports whether a side has two players or more (the
// multiplayer rules of 21).
func (g Game) multipleCommanders() bool {
	n := map[engine.Side]int{}
	for _, p := range g.Players {
		n[p.Side]++
	}
	return n[engine.CSA] > 1 || n[engine.USA] > 1
}

func (g Game) hasOptional(rule int) bool {
	for _, n := range g.Options.Optional {
		if n == rule {
			return true
		}
	}
	return false
}
