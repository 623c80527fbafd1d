// Random events (LRTG 2.0; 003 "Effects of Random events"): what a roll of
// step 1d did, as facts: a code and its parameters (issue 20: events carry
// facts, not prose). The words are the bot's (bot/randomevents_notes.go).
// Events stored before the codes carry their sentences instead
// (RandomEventRolled.Effects), which the bot shows as stored.

package lrtg

import "github.com/umpire-games/umpire/engine"

// The codes of random-event notes. A code, once written to a log, keeps
// its meaning and parameters: a new wording is the presenter's, a new fact
// a new code.
const (
	RandomNoteRain              = "random.rain"               // N days of rain so far in the game, this turn's included
	RandomNoteHeavyRain         = "random.rain.heavy"         // Rain+1: N as RandomNoteRain
	RandomNoteAmmoOff           = "random.ammo.off"           // the ammunition optional rule (19) is off
	RandomNoteAmmoNone          = "random.ammo.none"          // no Confederate division has lost ammunition (19.4)
	RandomNoteAmmo              = "random.ammo"               // N ammunition levels to replenish now or never (19.4)
	RandomNoteInstallmentNone   = "random.installment.none"   // Track: every installment has arrived
	RandomNoteInstallment       = "random.installment"        // Track: installment N is available (000 3.0)
	RandomNoteHalleckInitiative = "random.halleck.initiative" // Union initiative rolls one less
	RandomNoteReleaseCancelled  = "random.halleck.cancelled"  // Name: the Baltimore / DC group step 1b released, cancelled
	RandomNoteNoRelease         = "random.halleck.no-release" // none was released in step 1b
	RandomNoteHalleckManpower   = "random.halleck.manpower"   // N Union units in DC or Baltimore gain one manpower
	RandomNoteHalleckMeade      = "random.halleck.meade"      // Halleck option: Meade commands, Halleck does not
	RandomNoteHalleckCommands   = "random.halleck.commands"   // Halleck option: Halleck commands the rest of the turn
	RandomNoteHooker            = "random.hooker"             // Hooker Questioned: occurrence N (16.2)
	RandomNoteCommsBreak        = "random.comms-break"        // Side's commanders may not communicate this turn
	RandomNoteCommsBreakNone    = "random.comms-break.none"   // the breakdown matters only under historic or hybrid comms
	RandomNoteGarrisonEnters    = "random.garrison.enters"    // the Richmond Garrison unit enters on the SJW map's southern edge
	RandomNoteBeauregardHere    = "random.beauregard.here"    // Beauregard has already arrived: no roll
	RandomNoteBeauregardArrives = "random.beauregard.arrives" // Beauregard arrives with the garrison unit (000 2.0 4))
	RandomNoteBeauregardStays   = "random.beauregard.stays"   // Beauregard stays in Richmond
	RandomNoteRaid              = "random.raid"               // Dix moves on Richmond (000 2.0 5))
	RandomNoteRaidWithdraw      = "random.raid.withdraw"      // the Confederates may first withdraw garrison units: /event raid
	RandomNoteRaidAtOnce        = "random.raid.at-once"       // no garrison unit can be withdrawn: rolled at once
	RandomNoteSpy               = "random.spy"                // Side wins the Spy and the first initiative
	RandomNoteSpyExamine        = "random.spy.examine"        // Side may examine the other's supply sheet and depot schedule
	RandomNoteSpyIntel          = "random.spy.intel"          // limited intelligence: the side other than Side reveals its force markers
	RandomNoteSpyDispatches     = "random.spy.dispatches"     // historic comms: Side's commander receives the other's dispatches
	RandomNoteRearParalysis     = "random.rear-paralysis"     // HF, PA, Balt, DC and WV units restricted; no Union rail movement
	RandomNoteLeeSick           = "random.lee-sick"           // Confederate initiative rolls one less
	RandomNoteLeeSickComms      = "random.lee-sick.comms"     // Confederate commanders may not communicate this turn
	RandomNoteHeat              = "random.heat"               // every disorganization roll one higher
	RandomNoteNothing           = "random.nothing"            // nothing happens
	RandomNoteTable             = "random.table"              // an outcome step 1d does not work out: the table's Name and Effect
)

// RandomNote is one thing a random event did or tracks.
type RandomNote struct {
	Code   string      `json:"code"`
	Side   engine.Side `json:"side,omitempty"`   // the side the note is about
	N      int         `json:"n,omitempty"`      // a count (see the code)
	Track  string      `json:"track,omitempty"`  // a reinforcement track (Track* constants)
	M      int         `json:"m,omitempty"`      // a second count (see the code)
	From   int         `json:"from,omitempty"`   // the first turn of a span
	To     int         `json:"to,omitempty"`     // its last turn
	Names  []string    `json:"names,omitempty"`  // places (see the code)
	Name   string      `json:"name,omitempty"`   // a group released, an outcome (see the code), or a table outcome's name
	Effect string      `json:"effect,omitempty"` // a table outcome's effect as the table prints it
}
