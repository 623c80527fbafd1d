// Random events (LRTG 2.0; 003 "Random Events"): the events step 1d records
// (the roll, the Raspberry Raid settled, an ammunition train used) and the
// commands that answer them (/raid, /ammo). Moved out of randomevents.go.

package lrtg

import "github.com/umpire-games/umpire/engine"

// Event types of this module.
const (
	EventRandomEvent   = "random.event"
	EventRaidSettled   = "random.raid"
	EventAmmoTrainUsed = "random.ammo"
)

// RandomEventRolled is a turn's random event: the roll (the table.rolled
// event before it), the outcome after the "treat instead" chain, and what
// it did (Notes).
type RandomEventRolled struct {
	By      engine.Actor `json:"by"`
	Turn    int          `json:"turn"`
	Days    int          `json:"days"`
	Roll    int64        `json:"roll"`
	Printed string       `json:"printed"`
	Outcome string       `json:"outcome"`
	Name    string       `json:"name"`
	// Richmond Garrison or Confederate Reinforcement: the installment and
	// its units, now available to enter.
	Track       string   `json:"track,omitempty"`
	Installment int      `json:"installment,omitempty"`
	Units       []string `json:"units,omitempty"`
	// Beauregard: the roll, and his counter when he arrives with the
	// garrison unit BeauregardWith.
	BeauregardRoll int64             `json:"beauregard_roll,omitempty"`
	Beauregard     *engine.UnitState `json:"beauregard,omitempty"`
	BeauregardWith string            `json:"beauregard_with,omitempty"`
	// Spy: the contest's roll and winner; SpyCavalry settles a tie
	// (umpire; cavalry_tie.go), SpyTie in words in events stored before.
	SpyRoll    int64       `json:"spy_roll,omitempty"`
	Spy        engine.Side `json:"spy,omitempty"`
	SpyTie     string      `json:"spy_tie,omitempty"`
	SpyCavalry *CavalryTie `json:"spy_cavalry,omitempty"`
	// Halleck: the manpower added in DC and Baltimore, and whether the
	// Halleck player commands this turn.
	Manpower        []ManpowerGain `json:"manpower,omitempty"`
	HalleckCommands bool           `json:"halleck_commands,omitempty"`
	// CancelledRelease is the Baltimore / DC group that step 1b released
	// this turn, and CancelledUnits its reinforcements not yet placed:
	// Halleck cancels the release (003 random event 5).
	CancelledRelease string   `json:"cancelled_release,omitempty"`
	CancelledUnits   []string `json:"cancelled_units,omitempty"`
	// Ammo is the ammunition levels the Confederates may replenish now.
	Ammo int `json:"ammo,omitempty"`
	// RaidPending: the Raspberry Raid waits for the Confederate choice.
	RaidPending bool `json:"raid_pending,omitempty"`
	// Notes says what was applied, what is tracked for the turn and what
	// is left to the players: codes and parameters (randomevents_notes.go),
	// naming no unit. Effects is the sentences events stored before the
	// codes carry: read, never written.
	Effects []string     `json:"effects,omitempty"`
	Notes   []RandomNote `json:"notes,omitempty"`
}

// ManpowerGain is a unit's manpower change.
type ManpowerGain struct {
	Unit string `json:"unit"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// EventType implements Event.
func (*RandomEventRolled) EventType() string { return EventRandomEvent }

// RaspberryRaidSettled records the Raspberry Raid's settlement beyond its
// VP roll (vp.go's VPRolled): Beauregard leaves with the garrison units
// withdrawn (000 2.0 5)).
type RaspberryRaidSettled struct {
	By                engine.Actor `json:"by"`
	Turn              int          `json:"turn"`
	Roll              int64        `json:"roll"`
	Units             []string     `json:"units,omitempty"`
	BeauregardRemoved bool         `json:"beauregard_removed,omitempty"`
	Auto              bool         `json:"auto,omitempty"` // rolled by the procedure: no unit could be withdrawn
}

// EventType implements Event.
func (*RaspberryRaidSettled) EventType() string { return EventRaidSettled }

// AmmoTrainUsed records the Confederate ammunition train of a turn:
// the ammunition levels each division moved lower (none: declined).
type AmmoTrainUsed struct {
	By        engine.Actor `json:"by"`
	Turn      int          `json:"turn"`
	Changes   []AmmoChange `json:"changes,omitempty"`
	Unchecked []string     `json:"unchecked,omitempty"`
	Overruled string       `json:"overruled,omitempty"`
}

// AmmoChange is one division's ammunition level change.
type AmmoChange struct {
	Unit string `json:"unit"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// EventType implements Event.
func (*AmmoTrainUsed) EventType() string { return EventAmmoTrainUsed }

// RaspberryRaid is the Confederate choice of the Raspberry Raid: the
// Richmond Garrison units withdrawn (each -1), then the roll (000 2.0 5)).
// The VP roll is vp.go's.
type RaspberryRaid struct {
	By    engine.Actor
	Units []string
	Table *engine.Table   // lrtg.raspberry-raid
	Map   *engine.Theatre // south of the Potomac
}

// CommandName implements Command.
func (RaspberryRaid) CommandName() string { return "event raid" }

// AmmoTrain is the Confederate use of an ammunition train: levels to move
// each division's marker lower, seven at most (000 2.0 6), 19.4). No
// levels declines it.
type AmmoTrain struct {
	By     engine.Actor
	Levels map[string]int
	Map    *engine.Theatre // counties, for the "same or adjacent county as Lee" check
	Reason string          // the umpire's, to set a check aside
}

// CommandName implements Command.
func (AmmoTrain) CommandName() string { return "event ammo" }
