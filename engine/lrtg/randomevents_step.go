// Random events (LRTG 2.0; 003 "Effects of Random events"): the effects of
// one Random Events roll of step 1d, each outcome's in a named step.
// randomEventsStep (randomevents.go) rolls the table and calls them; they
// were the branches of its switch, split out to keep it readable.

package lrtg

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

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

// say adds an effect's sentence to the event.
func (r *rolledEvent) say(format string, args ...any) {
	r.ev.Effects = append(r.ev.Effects, fmt.Sprintf(format, args...))
}

// ammo is the ammunition train (19.4), with or without the optional rule.
func (r *rolledEvent) ammo() {
	g, ev, say := r.g, r.ev, r.say
	if !g.hasOptional(ammoOptionalRule) {
		say("Ammunition train: without the ammunition optional rule (19) it does nothing.")
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
		say("Ammunition train: no Confederate division has lost ammunition, so nothing is replenished (what is not used now is lost, 19.4).")
		return
	}
	say("Ammunition train: the Confederates may move ammunition markers %d levels lower in all, now or never (19.4): /event ammo. Divisions in the same or an adjacent county as Lee only; none north of the Potomac while the Union controls the Potomac or the Shenandoah Valley.", AmmoTrainLevels)
}

// installment makes a track's next installment available (000 3.0).
func (r *rolledEvent) installment(track, what string) {
	ev, say := r.ev, r.say
	slot, ids := r.state.nextInstallment(track)
	if slot == 0 {
		say("%s: every installment has already arrived; nothing more comes.", what)
		return
	}
	ev.Track, ev.Installment, ev.Units = track, slot, ids
	say("%s: installment %d is available to enter (the Confederates may place it now or delay it to a later Reinforcement Phase, 000 3.0).", what, slot)
}

// rain is Rain, Rain+1 and Rain and the ammunition train.
func (r *rolledEvent) rain() {
	g, ev, say := r.g, r.ev, r.say
	heavy := ""
	if ev.Outcome == RandomRainPlusOne {
		heavy = "Heavy rain (Rain+1)"
	} else {
		heavy = "Rain"
	}
	say("%s for the whole turn: %d days of rain so far in the game. Movement and combat under the Standardized Rules' rain rules are the players' (those rules are not in the rules documents); the turn is marked rainy for the other phases.", heavy, g.Events.RainDays()+ev.Days)
	if ev.Outcome == RandomRainAndAmmo {
		r.ammo()
	}
}

// halleck is Halleck: the Baltimore / DC release cancelled, DC and
// Baltimore's manpower, and the Halleck option.
func (r *rolledEvent) halleck(m *engine.Theatre) {
	g, ev, say := r.g, r.ev, r.say
	say("Union initiative rolls are one less this turn (tracked for the Action Cycle).")
	if rel := g.BaltDCReleaseThisTurn(); rel != nil && rel.Group != "" {
		ev.CancelledRelease = rel.Group
		for _, id := range rel.Units {
			if u, ok := g.Units[id]; ok && !u.OnMap && !u.Eliminated {
				ev.CancelledUnits = append(ev.CancelledUnits, id)
			}
		}
		say("No Baltimore / DC units are released this turn: the release of %s rolled in step 1b is cancelled (applied; the group comes up again at the next release roll).", rel.Group)
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
}

// commsBreak is a Union or Confederate communications breakdown.
func (r *rolledEvent) commsBreak() {
	side := "Union"
	if r.ev.Outcome == RandomCSACommsBreak {
		side = "Confederate"
	}
	if r.commsRule && r.multi {
		r.say("%s commanders may not communicate in this turn's Communications Phase, and their dispatches due this turn are held until the next (tracked).", side)
	} else {
		r.say("No effect: the breakdown matters only with the historic or hybrid communication rules and several commanders a side.")
	}
}

// richmond is the Richmond Garrison's next installment and the roll for
// Beauregard (000 2.0 4)).
func (r *rolledEvent) richmond() error {
	g, ev, say := r.g, r.ev, r.say
	r.installment(TrackRichmond, "Richmond Garrison")
	if len(ev.Units) == 0 {
		return nil
	}
	say("The garrison unit enters on the southern edge of the SJW map.")
	if r.state.Events.Beauregard() != "" {
		say("Beauregard has already arrived: no roll for him.")
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
		ev.Beauregard = &engine.UnitState{ID: BeauregardID, Name: "Beauregard", Side: engine.CSA, Kind: "leader", Command: richmondCommand,
			Track: with.Track, Slot: with.Slot}
		say("Beauregard arrives with the garrison unit: from now on he is the corps commander of the Richmond Garrison units, a 2-4 leader (%s).", richmondGarrisonRule)
	} else {
		say("Beauregard stays in Richmond.")
	}
	return nil
}

// spy is the Spy: its own table's roll and what the winner gains.
func (r *rolledEvent) spy(m *engine.Theatre) error {
	g, ev, say := r.g, r.ev, r.say
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
	ev.SpyRoll, ev.Spy, ev.SpyTie = sr.Number, engine.Side(sr.Outcome), why
	// Subjects and possessives: "the Confederates win", "the Union
	// wins"; "the Confederates'", "the Union's".
	win, winVerb, winOf, lose, loseVerb, loseOf := "Confederates", "", "Confederates'", "Union", "s", "Union's"
	if ev.Spy == engine.USA {
		win, winVerb, winOf, lose, loseVerb, loseOf = "Union", "s", "Union's", "Confederates", "", "Confederates'"
	}
	say("The %s win%s the Spy and take%s the first initiative; the %s declare%s Operational or Passive first and may not switch to Passive if the %s declare%s Passive (tracked for 1e and the Action Cycle).",
		win, winVerb, winVerb, lose, loseVerb, win, winVerb)
	say("The %s may examine the %s supply status sheet and depot schedule for the next Depot Placement / Removal (/event show, for the %s only).", win, loseOf, win)
	if g.Options.LimitedIntel {
		say("Limited intelligence: the %s reveal every force marker and place none this turn (the umpire's to apply).", lose)
	}
	if g.Options.Comms == historicCommsOption && r.multi {
		say("Historic communication: the %s overall commander receives the %s written dispatches of the previous turn and those due this turn, which are not delivered (he reads them with /dispatch intercepted).", winOf, loseOf)
	}
	return nil
}
