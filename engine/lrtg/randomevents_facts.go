// Random events (LRTG 2.0; 003 "Random Events"): the facts each roll of
// step 1d is made with (every "treat instead" fact taken from the game
// state, the Spy table's facts) and the table roller the step rolls with.
// Moved out of randomevents.go, which keeps the step itself.

package lrtg

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// northOf reports whether a unit is on the map north of the Potomac (a unit
// off the map is not).
func northOf(m *engine.Theatre, u engine.UnitState) bool {
	if m == nil || !u.OnMap || u.Eliminated {
		return false
	}
	r := m.Region(potomacNorthRegion)
	return r != nil && r.Contains(engine.Center(u.Hex))
}

// firstUnit returns the first of the ids that is a unit not eliminated,
// preferring one on the map.
func (g Game) firstUnit(ids ...string) (engine.UnitState, bool) {
	for _, onMap := range []bool{true, false} {
		for _, id := range ids {
			if u, ok := g.Units[id]; ok && !u.Eliminated && (u.OnMap || !onMap) {
				return u, true
			}
		}
	}
	return engine.UnitState{}, false
}

// unionCommander is the Army of the Potomac's commanding general: Hooker,
// or Meade once he has taken command (his army counter, or his V Corps
// counter until the counters are changed).
func (g Game) unionCommander() (engine.UnitState, bool) {
	if g.Movement.Meade {
		return g.firstUnit(usaMeadeArmyID, usaMeadeCorpsID)
	}
	return g.firstUnit(usaHookerID)
}

// nextInstallment returns a track's next installment: the lowest slot of
// the units still on it that no random event has brought, and its units.
// Slot 0: every installment has arrived.
func (g Game) nextInstallment(track string) (int, []string) {
	slot := 0
	var ids []string
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id]
		if u.Track != track || u.OnMap || u.Eliminated || id == BeauregardID || g.Events.Received(id) {
			continue
		}
		switch {
		case slot == 0 || u.Slot < slot:
			slot, ids = u.Slot, []string{id}
		case u.Slot == slot:
			ids = append(ids, id)
		}
	}
	return slot, ids
}

// RandomEventFacts computes the Random Events table's facts from the state
// (000 2.0; the table's facts in scenarios/rules/lrtg-random-events.yaml).
// North of the Potomac is the map's region; a unit off the map is not
// north of it.
func (g Game) RandomEventFacts(m *engine.Theatre) engine.Facts {
	b := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	prev := g.Events.Of(g.Turn - 1)
	rgSlot, _ := g.nextInstallment(TrackRichmond)
	reSlot, _ := g.nextInstallment(TrackCSAReinforce)
	lee, _ := g.firstUnit(csaArmyCommanderID)
	meade, _ := g.firstUnit(usaMeadeArmyID, usaMeadeCorpsID)
	crossed := g.Victory.CrossedTurn > 0
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Side == engine.CSA && u.Kind == engine.KindInfantry && northOf(m, u) {
			crossed = true
		}
	}
	return engine.Facts{
		"rain_plus_one_last_turn":        b(prev != nil && prev.Outcome == RandomRainPlusOne),
		"rain_days":                      min(g.Events.RainDays(), 60),
		"rg_all_arrived":                 b(rgSlot == 0),
		"raspberry_raid_happened":        b(g.Victory.RaspberryRaid || len(g.Events.Raids) > 0),
		"meade_in_command":               b(g.Movement.Meade),
		"lee_north":                      b(northOf(m, lee)),
		"meade_north":                    b(northOf(m, meade)),
		"csa_infantry_crossed":           b(crossed),
		"csa_reinforcements_all_arrived": b(reSlot == 0),
	}
}

// cavalryTie settles the Spy's (and LRTA Enemy Intelligence's) tie: the
// side whose cavalry is closest to the other side's army commander, the
// Confederates when equal or when neither can be measured (2.0 7); 004).
func (g Game) cavalryTie(lee engine.UnitState, leeOK bool, cmdr engine.UnitState, cmdrOK bool) (string, *CavalryTie) {
	closest := func(side engine.Side, target engine.UnitState, ok bool) int {
		best := -1
		if !ok || !target.OnMap || target.Eliminated {
			return best
		}
		for _, id := range sortedIDs(g.Units) {
			u := g.Units[id]
			if u.Side == side && u.Kind == engine.KindCavalry && u.OnMap && !u.Eliminated {
				if d := engine.Distance(u.Hex, target.Hex); best < 0 || d < best {
					best = d
				}
			}
		}
		return best
	}
	csaD, usaD := closest(engine.CSA, cmdr, cmdrOK), closest(engine.USA, lee, leeOK)
	tie := "csa"
	if usaD >= 0 && (csaD < 0 || usaD < csaD) {
		tie = "usa"
	}
	why := &CavalryTie{CSA: csaD, USA: usaD, To: engine.Side(tie)}
	if cmdrOK {
		why.Commander = cmdr.Name
	}
	return tie, why
}

// SpyFacts computes the Spy contest's facts (000 2.0 7)): Lee north of
// the Potomac, the Union army commander south of it, and the side whose
// cavalry is closest to the enemy's commanding general (the Confederates
// at the same distance, or when neither can be measured), with the
// distances for the umpire.
func (g Game) SpyFacts(m *engine.Theatre, tb *engine.Table) (engine.Facts, *CavalryTie, error) {
	lee, leeOK := g.firstUnit(csaArmyCommanderID)
	cmdr, cmdrOK := g.unionCommander()
	tie, why := g.cavalryTie(lee, leeOK, cmdr, cmdrOK)
	spec := tb.Fact("closest_cavalry")
	if spec == nil {
		return nil, nil, fmt.Errorf("engine: table %s has no fact closest_cavalry", tb.ID)
	}
	v, err := spec.Parse(tie)
	if err != nil {
		return nil, nil, fmt.Errorf("engine: table %s: %w", tb.ID, err)
	}
	south := 0
	if !northOf(m, cmdr) {
		south = 1
	}
	north := 0
	if northOf(m, lee) {
		north = 1
	}
	return engine.Facts{"lee_north": north, "union_commander_south": south, "closest_cavalry": v}, why, nil
}

// tableRoller gives a step's procedure a lookup of the rules tables and a
// roll that rolls one as a game roll (numbered, audited) on the state the
// last roll left: each table.rolled event is appended to *evs and folded
// into *state.
func tableRoller(lib *engine.Library, by engine.Actor, d engine.Dice, state *Game, evs *[]engine.Event) (func(string) (*engine.Table, error), func(*engine.Table, engine.Facts) (*engine.TableRolled, error)) {
	table := func(id string) (*engine.Table, error) {
		if t := lib.Table(id); t != nil {
			return t, nil
		}
		return nil, fmt.Errorf("engine: the rules table %s is missing", id)
	}
	roll := func(t *engine.Table, f engine.Facts) (*engine.TableRolled, error) {
		out, err := state.RuleRoll(engine.RollTable{By: by, Table: t, Facts: f}, d)
		if err != nil {
			return nil, err
		}
		tr := out[0].(*engine.TableRolled)
		*evs = append(*evs, tr)
		*state = state.Apply(tr)
		return tr, nil
	}
	return table, roll
}
