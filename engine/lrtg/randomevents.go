package lrtg

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// Random events (LRTG 2.0; 003 "Random Events" and "Effects of Random
// events"): step 1d of every turn from turn 4 rolls the Random Events table
// (scenarios/rules/lrtg-random-events.yaml) with every fact taken from the
// game state, follows its "treat instead" chain, and applies or tracks what
// the event does. Effects that belong to other phases (initiative, rain,
// heat, paralysis, communications, the Spy's benefits) are flags for the
// turn that the other modules read through EventsState's methods.
//
// This file keeps the module's registration (init), decider, applier and the
// step functions; the rest is in randomevents_state.go (EventsState),
// randomevents_types.go (events and commands), randomevents_facts.go (the
// facts of the rolls, the table roller), randomevents_effects.go (what an
// effect works out), randomevents_commands.go (/raid and /ammo) and
// randomevents_entry.go (where arriving units enter the map).

// The rules tables this module rolls.
const (
	RandomEventsTable  = "lrtg.random-events"
	SpyTable           = "lrtg.spy"
	BeauregardTable    = "lrtg.beauregard"
	RaspberryRaidTable = "lrtg.raspberry-raid"
)

// The outcomes of the Random Events table (its ids in the rules data).
const (
	RandomRainPlusOne    = "rain-plus-one"
	RandomRain           = "rain"
	RandomHalleck        = "halleck"
	RandomHooker         = "hooker-questioned"
	RandomUSACommsBreak  = "usa-comms-breakdown"
	RandomCSACommsBreak  = "csa-comms-breakdown"
	RandomRichmond       = "richmond-garrison"
	RandomRaspberryRaid  = "raspberry-raid"
	RandomSpy            = "spy"
	RandomReinforceAmmo  = "csa-reinforcement-ammo"
	RandomReinforcement  = "csa-reinforcement"
	RandomRainAndAmmo    = "rain-and-ammo"
	RandomRearParalysis  = "rear-area-paralysis"
	RandomLeeSick        = "lee-sick"
	RandomHeat           = "heat"
	RandomNoEffect       = "no-effect"
	EffectAnyRain        = "any-rain"   // Active: Rain, Rain+1, or Rain with the ammunition train
	EffectAmmoTrain      = "ammo-train" // Active: a Confederate ammunition train this turn
	AmmoTrainLevels      = 7            // 000 2.0 6), 19.4: seven ammunition levels
	TrackRichmond        = "richmond-garrison"
	TrackCSAReinforce    = "csa-reinforcement"
	BeauregardID         = "csa.beauregard"
	RandomEventsStep     = "1d"
	ammoOptionalRule     = 19
	richmondCommand      = "Rich"
	potomacNorthRegion   = "north-of-potomac"
	dcRegion             = "dc"
	baltimoreRegion      = "md.baltimore"
	csaArmyCommanderID   = "csa.lee"
	usaHookerID          = "usa.hooker"
	usaMeadeArmyID       = "usa.meade-army"
	usaMeadeCorpsID      = "usa.meade"
	historicCommsOption  = 1
	hybridCommsOption    = 3
	richmondGarrisonRule = "000 2.0 4)"
)

// ---------------------------------------------------------------------------
// Registration, the decider and the applier.

// randomEventsModule is LRTG's random events.
func randomEventsModule() engine.Module {
	return engine.Module{Name: "random-events",
		Commands: []engine.Command{RaspberryRaid{}, AmmoTrain{}}, Decide: claims(decideRandomEvents),
		Events: []engine.Event{&RandomEventRolled{}, &RaspberryRaidSettled{}, &AmmoTrainUsed{}},
		Apply:  folds(applyRandomEvents)}
}

func decideRandomEvents(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	switch cmd := cmd.(type) {
	case RaspberryRaid:
		evs, err := g.decideRaid(cmd, d)
		return evs, true, err
	case AmmoTrain:
		evs, err := g.decideAmmo(cmd)
		return evs, true, err
	}
	return nil, false, nil
}

func applyRandomEvents(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *RandomEventRolled:
		// Dice decided it: an undo of an earlier board action keeps it.
		g = g.keep(func(g *Game) {
			s := g.Events
			s.Rolled = append(append([]RandomEventRolled(nil), s.Rolled...), *e)
			g.Events = s
			if e.CancelledRelease != "" {
				var rel []string
				for _, r := range g.Movement.Released {
					if r != e.CancelledRelease {
						rel = append(rel, r)
					}
				}
				g.Movement.Released = rel
				var arrived []string
				for _, id := range g.TurnStart.Arrived {
					if !engine.Contains(e.CancelledUnits, id) {
						arrived = append(arrived, id)
					}
				}
				g.TurnStart.Arrived = arrived
			}
			if len(e.Manpower) > 0 || e.Beauregard != nil {
				g.Units = engine.CopyUnits(g.Units)
				for _, m := range e.Manpower {
					g.EditUnit(m.Unit, func(u *engine.UnitState) { u.Manpower = m.To })
				}
				if b := e.Beauregard; b != nil {
					g.Units[b.ID] = *b
				}
			}
		})
	case *RaspberryRaidSettled:
		g = g.keep(func(g *Game) {
			s := g.Events
			s.Raids = append(append([]RaspberryRaidSettled(nil), s.Raids...), *e)
			g.Events = s
			if e.BeauregardRemoved {
				g.Units = engine.CopyUnits(g.Units)
				g.EditUnit(BeauregardID, func(u *engine.UnitState) {
					u.OnMap, u.Eliminated, u.Track, u.Slot = false, true, "withdrawn-raspberry-raid", 0
				})
			}
		})
	case *AmmoTrainUsed:
		g = g.action(e, func(g *Game) {
			s := g.Events
			s.Ammo = append(append([]AmmoTrainUsed(nil), s.Ammo...), *e)
			g.Events = s
			for _, c := range e.Changes {
				g.EditUnit(c.Unit, func(u *engine.UnitState) { u.Status.Ammo = c.To })
			}
		})
	default:
		return g, false
	}
	return g, true
}

// ---------------------------------------------------------------------------
// The procedure of step 1d.

func randomEventsStep(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if g.Events.Of(g.Turn) != nil {
		return nil, nil // already rolled this turn
	}
	if ctx.Library == nil {
		return nil, fmt.Errorf("engine: step %s needs the rules tables", RandomEventsStep)
	}
	var m *engine.Theatre
	if ctx.Move != nil {
		m = ctx.Move.Theatre
	}
	if m == nil {
		return nil, fmt.Errorf("engine: step %s needs the map (north of the Potomac)", RandomEventsStep)
	}
	by := g.Umpire
	var evs []engine.Event
	state := g
	table, roll := tableRoller(ctx.Library, by, d, &state, &evs)
	tb, err := table(RandomEventsTable)
	if err != nil {
		return nil, err
	}
	tr, err := roll(tb, g.RandomEventFacts(m))
	if err != nil {
		return nil, err
	}
	ev := &RandomEventRolled{By: by, Turn: g.Turn, Days: max(g.TurnDays(g.Turn), 1), Roll: tr.Number, Printed: tr.Printed, Outcome: tr.Outcome, Name: tr.Name}
	r := &rolledEvent{g: g, state: &state, ev: ev, table: table, roll: roll,
		multi:     g.multipleCommanders(),
		commsRule: g.Options.Comms == historicCommsOption || g.Options.Comms == hybridCommsOption}
	switch ev.Outcome {
	case RandomRain, RandomRainPlusOne, RandomRainAndAmmo:
		r.rain()
	case RandomHalleck:
		r.halleck(m)
	case RandomHooker:
		n := g.Events.HookerQuestioned() + 1
		r.note(RandomNote{Code: RandomNoteHooker, N: n})
	case RandomUSACommsBreak, RandomCSACommsBreak:
		r.commsBreak()
	case RandomRichmond:
		if err := r.richmond(); err != nil {
			return nil, err
		}
	case RandomRaspberryRaid:
		more, err := g.raspberryRaid(state, ev, d, ctx, m, table)
		if err != nil {
			return nil, err
		}
		if len(more) > 0 {
			evs = append(evs, ev)
			return append(evs, more...), nil
		}
	case RandomSpy:
		if err := r.spy(m); err != nil {
			return nil, err
		}
	case RandomReinforceAmmo:
		r.installment(TrackCSAReinforce, "Confederate Reinforcement")
		r.ammo()
	case RandomReinforcement:
		r.installment(TrackCSAReinforce, "Confederate Reinforcement")
	case RandomRearParalysis:
		r.note(RandomNote{Code: RandomNoteRearParalysis})
	case RandomLeeSick:
		r.note(RandomNote{Code: RandomNoteLeeSick})
		if r.multi {
			r.note(RandomNote{Code: RandomNoteLeeSickComms})
		}
	case RandomHeat:
		r.note(RandomNote{Code: RandomNoteHeat})
	case RandomNoEffect:
		r.note(RandomNote{Code: RandomNoteNothing})
	default:
		r.note(RandomNote{Code: RandomNoteTable, Name: tr.Name, Effect: tr.Effect})
	}
	return append(evs, ev), nil
}

// randomEventsWait names what step 1d waits for: the Confederate choice of
// the Raspberry Raid, and the use of an ammunition train.
func randomEventsWait(g Game) []string {
	e := g.Events.Of(g.Turn)
	if e == nil {
		return nil
	}
	var out []string
	if g.raidPending() {
		out = append(out, "the Confederates' Raspberry Raid choice: Richmond Garrison units to withdraw, then the roll (/event raid)")
	}
	if g.ammoPending() {
		out = append(out, "the Confederates' ammunition train (/event ammo levels:<division level, ...> or levels:none)")
	}
	return out
}
