// Random events (LRTG 2.0; 003 "Random Events" and "Effects of Random
// events"): EventsState, the events in force this turn and the tracks they
// fill, as the other modules read them. Moved out of randomevents.go.

package lrtg

import "github.com/umpire-games/umpire/engine"

// EventsState is the random events of the game so far and what they left
// behind: the event of each turn (with the Spy's winner, the installments
// received, Beauregard), the Raspberry Raid's settlement and the
// ammunition trains used.
type EventsState struct {
	Rolled []RandomEventRolled    // one per turn rolled, in order
	Raids  []RaspberryRaidSettled // the Raspberry Raid, once settled
	Ammo   []AmmoTrainUsed        // ammunition trains used or declined
}

// Of returns the random event of a turn, or nil.
func (s EventsState) Of(turn int) *RandomEventRolled {
	for i := range s.Rolled {
		if s.Rolled[i].Turn == turn {
			return &s.Rolled[i]
		}
	}
	return nil
}

// Active reports whether a turn's random event is name: an outcome id of
// the table (Random*), EffectAnyRain or EffectAmmoTrain. Rain, heat,
// paralysis and the breakdowns last the turn they are rolled.
func (s EventsState) Active(turn int, name string) bool {
	e := s.Of(turn)
	if e == nil {
		return false
	}
	switch name {
	case EffectAnyRain:
		return isRain(e.Outcome)
	case EffectAmmoTrain:
		return e.Outcome == RandomReinforceAmmo || e.Outcome == RandomRainAndAmmo
	}
	return e.Outcome == name
}

func isRain(outcome string) bool {
	return outcome == RandomRain || outcome == RandomRainPlusOne || outcome == RandomRainAndAmmo
}

// RainDays counts the days of rain so far (000 2.0 4: "at least four days
// of rain"): each rain event lasts its turn's days.
func (s EventsState) RainDays() int {
	n := 0
	for _, e := range s.Rolled {
		if isRain(e.Outcome) {
			n += max(e.Days, 1)
		}
	}
	return n
}

// HookerQuestioned counts the Hooker Questioned random events (000 2.0 8);
// Union Army Disorder and the Confederates reaching 75 VP count too, but
// they are not random events: the Hooker replacement (16.2) adds them.
func (s EventsState) HookerQuestioned() int {
	n := 0
	for _, e := range s.Rolled {
		if e.Outcome == RandomHooker {
			n++
		}
	}
	return n
}

// SpyWinner returns the side that won a turn's Spy contest ("" for none):
// it takes the first initiative, declares after the loser and sees the
// loser's supply status sheet and depot plans (000 2.0 7).
func (s EventsState) SpyWinner(turn int) engine.Side {
	if e := s.Of(turn); e != nil && e.Outcome == RandomSpy {
		return e.Spy
	}
	return ""
}

// InitiativeModifier is what a turn's random event adds to a side's
// initiative rolls, with why: Halleck -1 to the Union, Lee is Sick -1 to
// the Confederates (who still win ties after it: 000 2.0 3)).
func (s EventsState) InitiativeModifier(turn int, side engine.Side) (int, string) {
	switch {
	case side == engine.USA && s.Active(turn, RandomHalleck):
		return -1, "Halleck Interferes: Union command paralysis (000 2.0 2))"
	case side == engine.CSA && s.Active(turn, RandomLeeSick):
		return -1, "Lee is Sick: Confederate command paralysis; the Confederates still win ties (000 2.0 3))"
	}
	return 0, ""
}

// DisorgModifier is what a turn's random event adds to every
// disorganization (extended march) roll: Heat +1 (000 2.0 11)).
func (s EventsState) DisorgModifier(turn int) (int, string) {
	if s.Active(turn, RandomHeat) {
		return 1, "Heat (000 2.0 11))"
	}
	return 0, ""
}

// ReleasesCancelled reports whether the Baltimore / DC releases of a turn
// are cancelled (Halleck Interferes, 000 2.0 2)).
func (s EventsState) ReleasesCancelled(turn int) bool { return s.Active(turn, RandomHalleck) }

// NoRail reports whether a side may not use railroad movement in a turn:
// Rear Area Paralysis stops Union railroad movement (000 2.0 7, 10)).
func (s EventsState) NoRail(turn int, side engine.Side) bool {
	return side == engine.USA && s.Active(turn, RandomRearParalysis)
}

// RearAreaParalysis reports whether HF, PA, Balt, DC and WV units may
// activate or entrench in a turn only within 8 hexes of an enemy unit
// (000 2.0 10)).
func (s EventsState) RearAreaParalysis(turn int) bool { return s.Active(turn, RandomRearParalysis) }

// NoComms reports whether a side's commanders may not communicate in a
// turn, with why: a Communications Breakdown (historic or hybrid
// communication, 000 2.0 12)), or Lee is Sick for the Confederates (the
// multiplayer communication rules, 2.0 3)). comms is the game's option.
func (s EventsState) NoComms(turn int, side engine.Side, comms int) (bool, string) {
	e := s.Of(turn)
	if e == nil {
		return false, ""
	}
	histOrHybrid := comms == historicCommsOption || comms == hybridCommsOption
	switch {
	case e.Outcome == RandomUSACommsBreak && side == engine.USA && histOrHybrid:
		return true, "Union Communications Breakdown: no communication this turn, and dispatches due are held until the next (000 2.0 12))"
	case e.Outcome == RandomCSACommsBreak && side == engine.CSA && histOrHybrid:
		return true, "Confederate Communications Breakdown: no communication this turn, and dispatches due are held until the next (000 2.0 12))"
	case e.Outcome == RandomLeeSick && side == engine.CSA:
		return true, "Lee is Sick: Confederate commanders may not communicate this turn (000 2.0 3))"
	}
	return false, ""
}

// HalleckCommands reports whether the Halleck player is the Union overall
// commander for a turn (the Halleck option, until Meade commands: 000 2.0
// 2), 21).
func (s EventsState) HalleckCommands(turn int) bool {
	e := s.Of(turn)
	return e != nil && e.Outcome == RandomHalleck && e.HalleckCommands
}

// Received reports whether a unit came as a Richmond Garrison or
// Confederate Reinforcement installment of a random event: it is available
// to enter (the player may delay its entry, 000 3.0).
func (s EventsState) Received(id string) bool {
	if id == BeauregardID {
		return s.Beauregard() != ""
	}
	for _, e := range s.Rolled {
		for _, u := range e.Units {
			if u == id {
				return true
			}
		}
	}
	return false
}

// Beauregard returns the Richmond Garrison unit Beauregard arrived with
// ("" if he has not arrived).
func (s EventsState) Beauregard() string {
	for _, e := range s.Rolled {
		if e.Beauregard != nil {
			return e.BeauregardWith
		}
	}
	return ""
}

// AmmoUsed returns the ammunition train used or declined in a turn, or nil.
func (s EventsState) AmmoUsed(turn int) *AmmoTrainUsed {
	for i := range s.Ammo {
		if s.Ammo[i].Turn == turn {
			return &s.Ammo[i]
		}
	}
	return nil
}

// EventActive reports whether this turn's random event is name (see
// EventsState.Active).
func (g Game) EventActive(name string) bool { return g.Events.Active(g.Turn, name) }

// AvailableToEnter lists the units a random event made available that are
// not on the map yet, sorted: the Confederates place them now or in a
// later Reinforcement Phase (000 3.0, 3.1).
func (g Game) AvailableToEnter() []string {
	var out []string
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id]
		if !u.OnMap && !u.Eliminated && g.Events.Received(id) {
			out = append(out, id)
		}
	}
	return out
}
