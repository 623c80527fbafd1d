// Random events (LRTG 2.0; 003 "Effects of Random events"): the effects of
// one Random Events roll of step 1d, each outcome's in a named step.
// randomEventsStep (randomevents.go) rolls the table and calls them; they
// were the branches of its switch, split out to keep it readable.

package lrtg

import "github.com/umpire-games/umpire/engine"

// rolledEvent is one Random Events roll of step 1d being worked out: the
// event it records, the game as the step began (g), the state the step's
// own rolls have left (state), and the roller for the tables an effect
// rolls in turn.
type rolledEvent struct {
	g     Game
	state *Game
	ev    *RandomEventRolled
	table func(string) (*engine.Table, error)
	roll  func(*engine.Table, engine.Facts) (*engine.TableRolled, error)
	// multi: several commanders a side; commsRule: the historic or hybrid
	// communication rules are in play.
	multi, commsRule bool
}

// note adds what an effect did or tracks to the event.
func (r *rolledEvent) note(n RandomNote) { r.ev.Notes = append(r.ev.Notes, n) }

// ammo is the ammunition train (19.4), with or without the optional rule.
func (r *rolledEvent) ammo() {
	g, ev := r.g, r.ev
	if !g.hasOptional(ammoOptionalRule) {
		r.note(RandomNote{Code: RandomNoteAmmoOff})
		return
	}
	ev.Ammo = AmmoTrainLevels
	low := 0
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Side == engine.CSA && u.OnMap && !u.Eliminated && u.Status.Ammo > 0 {
			low++
		}
	}
	if low == 0 {
		r.note(RandomNote{Code: RandomNoteAmmoNone})
		return
	}
	r.note(RandomNote{Code: RandomNoteAmmo, N: AmmoTrainLevels})
}

// installment makes a track's next installment available (000 3.0).
func (r *rolledEvent) installment(track, what string) {
	ev := r.ev
	slot, ids := r.state.nextInstallment(track)
	if slot == 0 {
		r.note(RandomNote{Code: RandomNoteInstallmentNone, Track: track})
		return
	}
	ev.Track, ev.Installment, ev.Units = track, slot, ids
	r.note(RandomNote{Code: RandomNoteInstallment, Track: track, N: slot})
}

// rain is Rain, Rain+1 and Rain and the ammunition train.
func (r *rolledEvent) rain() {
	g, ev := r.g, r.ev
	rainCode := RandomNoteRain
	if ev.Outcome == RandomRainPlusOne {
		rainCode = RandomNoteHeavyRain
	}
	r.note(RandomNote{Code: rainCode, N: g.Events.RainDays() + ev.Days})
	if ev.Outcome == RandomRainAndAmmo {
		r.ammo()
	}
}

// halleck is Halleck: the Baltimore / DC release cancelled, DC and
// Baltimore's manpower, and the Halleck option.
func (r *rolledEvent) halleck(m *engine.Theatre) {
	g, ev := r.g, r.ev
	r.note(RandomNote{Code: RandomNoteHalleckInitiative})
	if rel := g.BaltDCReleaseThisTurn(); rel != nil && rel.Group != "" {
		ev.CancelledRelease = rel.Group
		for _, id := range rel.Units {
			if u, ok := g.Units[id]; ok && !u.OnMap && !u.Eliminated {
				ev.CancelledUnits = append(ev.CancelledUnits, id)
			}
		}
		r.note(RandomNote{Code: RandomNoteReleaseCancelled, Name: rel.Group})
	} else {
		r.note(RandomNote{Code: RandomNoteNoRelease})
	}
	ev.Manpower = g.halleckManpower(m)
	r.note(RandomNote{Code: RandomNoteHalleckManpower, N: len(ev.Manpower)})
	switch {
	case g.Options.Halleck && g.Movement.Meade:
		r.note(RandomNote{Code: RandomNoteHalleckMeade})
	case g.Options.Halleck:
		ev.HalleckCommands = true
		r.note(RandomNote{Code: RandomNoteHalleckCommands})
	}
}

// commsBreak is a Union or Confederate communications breakdown.
func (r *rolledEvent) commsBreak() {
	side := engine.USA
	if r.ev.Outcome == RandomCSACommsBreak {
		side = engine.CSA
	}
	if r.commsRule && r.multi {
		r.note(RandomNote{Code: RandomNoteCommsBreak, Side: side})
	} else {
		r.note(RandomNote{Code: RandomNoteCommsBreakNone})
	}
}

// richmond is the Richmond Garrison's next installment and the roll for
// Beauregard (000 2.0 4)).
func (r *rolledEvent) richmond() error {
	g, ev := r.g, r.ev
	r.installment(TrackRichmond, "Richmond Garrison")
	if len(ev.Units) == 0 {
		return nil
	}
	r.note(RandomNote{Code: RandomNoteGarrisonEnters})
	if r.state.Events.Beauregard() != "" {
		r.note(RandomNote{Code: RandomNoteBeauregardHere})
		return nil
	}
	bt, err := r.table(BeauregardTable)
	if err != nil {
		return err
	}
	br, err := r.roll(bt, engine.Facts{})
	if err != nil {
		return err
	}
	ev.BeauregardRoll = br.Number
	if br.Outcome == "arrives" {
		with := g.Units[ev.Units[0]]
		ev.BeauregardWith = with.ID
		ev.Beauregard = &engine.UnitState{ID: BeauregardID, Name: "Beauregard", Side: engine.CSA, Kind: engine.KindLeader, Command: richmondCommand,
			Track: with.Track, Slot: with.Slot}
		r.note(RandomNote{Code: RandomNoteBeauregardArrives})
	} else {
		r.note(RandomNote{Code: RandomNoteBeauregardStays})
	}
	return nil
}

// spy is the Spy: its own table's roll and what the winner gains.
func (r *rolledEvent) spy(m *engine.Theatre) error {
	g, ev := r.g, r.ev
	st, err := r.table(SpyTable)
	if err != nil {
		return err
	}
	f, why, err := g.SpyFacts(m, st)
	if err != nil {
		return err
	}
	sr, err := r.roll(st, f)
	if err != nil {
		return err
	}
	ev.SpyRoll, ev.Spy, ev.SpyCavalry = sr.Number, engine.Side(sr.Outcome), why
	r.note(RandomNote{Code: RandomNoteSpy, Side: ev.Spy})
	r.note(RandomNote{Code: RandomNoteSpyExamine, Side: ev.Spy})
	if g.Options.LimitedIntel {
		r.note(RandomNote{Code: RandomNoteSpyIntel, Side: ev.Spy})
	}
	if g.Options.Comms == historicCommsOption && r.multi {
		r.note(RandomNote{Code: RandomNoteSpyDispatches, Side: ev.Spy})
	}
	return nil
}
