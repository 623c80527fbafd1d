package engine

import "fmt"

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

func init() {
	registerModule(decideRandomEvents, applyRandomEvents, &RandomEventRolled{}, &RaspberryRaidSettled{}, &AmmoTrainUsed{})
	registerStep(RandomEventsStep, randomEventsStep, randomEventsWait)
}

func decideRandomEvents(g GameState, cmd Command, d Dice) ([]Event, bool, error) {
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

func applyRandomEvents(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *RandomEventRolled:
		// Dice decided it: an undo of an earlier board action keeps it.
		g = g.keep(func(g *GameState) {
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
					if !contains(e.CancelledUnits, id) {
						arrived = append(arrived, id)
					}
				}
				g.TurnStart.Arrived = arrived
			}
			if len(e.Manpower) > 0 || e.Beauregard != nil {
				g.Units = copyUnits(g.Units)
				for _, m := range e.Manpower {
					g.editUnit(m.Unit, func(u *UnitState) { u.Manpower = m.To })
				}
				if b := e.Beauregard; b != nil {
					g.Units[b.ID] = *b
				}
			}
		})
	case *RaspberryRaidSettled:
		g = g.keep(func(g *GameState) {
			s := g.Events
			s.Raids = append(append([]RaspberryRaidSettled(nil), s.Raids...), *e)
			g.Events = s
			if e.BeauregardRemoved {
				g.Units = copyUnits(g.Units)
				g.editUnit(BeauregardID, func(u *UnitState) {
					u.OnMap, u.Eliminated, u.Track, u.Slot = false, true, "withdrawn-raspberry-raid", 0
				})
			}
		})
	case *AmmoTrainUsed:
		g = g.action(e, func(g *GameState) {
			s := g.Events
			s.Ammo = append(append([]AmmoTrainUsed(nil), s.Ammo...), *e)
			g.Events = s
			for _, c := range e.Changes {
				g.editUnit(c.Unit, func(u *UnitState) { u.Status.Ammo = c.To })
			}
		})
	default:
		return g, false
	}
	return g, true
}

// ---------------------------------------------------------------------------
// The procedure of step 1d.

func randomEventsStep(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	if g.Events.Of(g.Turn) != nil {
		return nil, nil // already rolled this turn
	}
	if ctx.Library == nil {
		return nil, fmt.Errorf("engine: step %s needs the rules tables", RandomEventsStep)
	}
	var m *Theatre
	if ctx.Move != nil {
		m = ctx.Move.Theatre
	}
	if m == nil {
		return nil, fmt.Errorf("engine: step %s needs the map (north of the Potomac)", RandomEventsStep)
	}
	by := g.Umpire
	var evs []Event
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
	say := func(format string, args ...any) { ev.Effects = append(ev.Effects, fmt.Sprintf(format, args...)) }
	multi := g.multipleCommanders()
	commsRule := g.Options.Comms == historicCommsOption || g.Options.Comms == hybridCommsOption
	ammo := func() {
		if !g.hasOptional(ammoOptionalRule) {
			say("Ammunition train: without the ammunition optional rule (19) it does nothing.")
			return
		}
		ev.Ammo = AmmoTrainLevels
		low := 0
		for _, id := range sortedIDs(g.Units) {
			if u := g.Units[id]; u.Side == CSA && u.OnMap && !u.Eliminated && u.Status.Ammo > 0 {
				low++
			}
		}
		if low == 0 {
			say("Ammunition train: no Confederate division has lost ammunition, so nothing is replenished (what is not used now is lost, 19.4).")
			return
		}
		say("Ammunition train: the Confederates may move ammunition markers %d levels lower in all, now or never (19.4): /event ammo. Divisions in the same or an adjacent county as Lee only; none north of the Potomac while the Union controls the Potomac or the Shenandoah Valley.", AmmoTrainLevels)
	}
	installment := func(track, what string) {
		slot, ids := state.nextInstallment(track)
		if slot == 0 {
			say("%s: every installment has already arrived; nothing more comes.", what)
			return
		}
		ev.Track, ev.Installment, ev.Units = track, slot, ids
		say("%s: installment %d is available to enter (the Confederates may place it now or delay it to a later Reinforcement Phase, 000 3.0).", what, slot)
	}
	switch ev.Outcome {
	case RandomRain, RandomRainPlusOne, RandomRainAndAmmo:
		heavy := ""
		if ev.Outcome == RandomRainPlusOne {
			heavy = "Heavy rain (Rain+1)"
		} else {
			heavy = "Rain"
		}
		say("%s for the whole turn: %d days of rain so far in the game. Movement and combat under the Standardized Rules' rain rules are the players' (those rules are not in the rules documents); the turn is marked rainy for the other phases.", heavy, g.Events.RainDays()+ev.Days)
		if ev.Outcome == RandomRainAndAmmo {
			ammo()
		}
	case RandomHalleck:
		say("Union initiative rolls are one less this turn (tracked for the Action Cycle).")
		if r := g.BaltDCReleaseThisTurn(); r != nil && r.Group != "" {
			ev.CancelledRelease = r.Group
			for _, id := range r.Units {
				if u, ok := g.Units[id]; ok && !u.OnMap && !u.Eliminated {
					ev.CancelledUnits = append(ev.CancelledUnits, id)
				}
			}
			say("No Baltimore / DC units are released this turn: the release of %s rolled in step 1b is cancelled (applied; the group comes up again at the next release roll).", r.Group)
		} else {
			say("No Baltimore / DC units are released this turn (none was released in step 1b).")
		}
		ev.Manpower = g.halleckManpower(m)
		say("Every Union unit in DC or Baltimore gains one manpower: %d units (applied; the map data does not part Baltimore City from Baltimore County, so the county counts).", len(ev.Manpower))
		switch {
		case g.Options.Halleck && g.Movement.Meade:
			say("Halleck option: Meade has assumed command, so the Halleck player does not take overall command.")
		case g.Options.Halleck:
			ev.HalleckCommands = true
			say("Halleck option: the Halleck player is the Union overall commander for the rest of the turn (tracked).")
		}
	case RandomHooker:
		n := g.Events.HookerQuestioned() + 1
		say("Hooker Questioned: occurrence %d from the random events (the first Union Army Disorder and the Confederates' 75 VP count too). At the third, Meade replaces Hooker in step 3b (16.2).", n)
	case RandomUSACommsBreak, RandomCSACommsBreak:
		side := "Union"
		if ev.Outcome == RandomCSACommsBreak {
			side = "Confederate"
		}
		if commsRule && multi {
			say("%s commanders may not communicate in this turn's Communications Phase, and their dispatches due this turn are held until the next (tracked).", side)
		} else {
			say("No effect: the breakdown matters only with the historic or hybrid communication rules and several commanders a side.")
		}
	case RandomRichmond:
		installment(TrackRichmond, "Richmond Garrison")
		if len(ev.Units) > 0 {
			say("The garrison unit enters on the southern edge of the SJW map.")
			if state.Events.Beauregard() != "" {
				say("Beauregard has already arrived: no roll for him.")
			} else if bt, err := table(BeauregardTable); err != nil {
				return nil, err
			} else {
				br, err := roll(bt, Facts{})
				if err != nil {
					return nil, err
				}
				ev.BeauregardRoll = br.Number
				if br.Outcome == "arrives" {
					with := g.Units[ev.Units[0]]
					ev.BeauregardWith = with.ID
					ev.Beauregard = &UnitState{ID: BeauregardID, Name: "Beauregard", Side: CSA, Kind: "leader", Command: richmondCommand,
						Track: with.Track, Slot: with.Slot}
					say("Beauregard arrives with the garrison unit: from now on he is the corps commander of the Richmond Garrison units, a 2-4 leader (%s).", richmondGarrisonRule)
				} else {
					say("Beauregard stays in Richmond.")
				}
			}
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
		st, err := table(SpyTable)
		if err != nil {
			return nil, err
		}
		f, why, err := g.SpyFacts(m, st)
		if err != nil {
			return nil, err
		}
		sr, err := roll(st, f)
		if err != nil {
			return nil, err
		}
		ev.SpyRoll, ev.Spy, ev.SpyTie = sr.Number, Side(sr.Outcome), why
		// Subjects and possessives: "the Confederates win", "the Union
		// wins"; "the Confederates'", "the Union's".
		win, winVerb, winOf, lose, loseVerb, loseOf := "Confederates", "", "Confederates'", "Union", "s", "Union's"
		if ev.Spy == USA {
			win, winVerb, winOf, lose, loseVerb, loseOf = "Union", "s", "Union's", "Confederates", "", "Confederates'"
		}
		say("The %s win%s the Spy and take%s the first initiative; the %s declare%s Operational or Passive first and may not switch to Passive if the %s declare%s Passive (tracked for 1e and the Action Cycle).",
			win, winVerb, winVerb, lose, loseVerb, win, winVerb)
		say("The %s may examine the %s supply status sheet and depot schedule for the next Depot Placement / Removal (/event show, for the %s only).", win, loseOf, win)
		if g.Options.LimitedIntel {
			say("Limited intelligence: the %s reveal every force marker and place none this turn (the umpire's to apply).", lose)
		}
		if g.Options.Comms == historicCommsOption && multi {
			say("Historic communication: the %s overall commander receives the %s written dispatches of the previous turn and those due this turn, which are not delivered (he reads them with /dispatch intercepted).", winOf, loseOf)
		}
	case RandomReinforceAmmo:
		installment(TrackCSAReinforce, "Confederate Reinforcement")
		ammo()
	case RandomReinforcement:
		installment(TrackCSAReinforce, "Confederate Reinforcement")
	case RandomRearParalysis:
		say("HF, PA, Balt, DC and WV units may activate or entrench only if within 8 hexes of an enemy unit at some point this turn (tracked; the players' to observe), and there is no Union railroad movement (tracked).")
	case RandomLeeSick:
		say("Confederate initiative rolls are one less this turn; the Confederates still win ties after the subtraction (tracked for the Action Cycle).")
		if multi {
			say("Confederate commanders may not communicate this turn (tracked).")
		}
	case RandomHeat:
		say("Heat for the whole turn: every disorganization (extended march) roll is one higher (tracked).")
	case RandomNoEffect:
		say("Nothing happens.")
	default:
		say("%s: %s", tr.Name, tr.Effect)
	}
	return append(evs, ev), nil
}

// randomEventsWait names what step 1d waits for: the Confederate choice of
// the Raspberry Raid, and the use of an ammunition train.
func randomEventsWait(g GameState) []string {
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
