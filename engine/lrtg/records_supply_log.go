// The supply sheet's log (LRTG 13, 24; Records.SupplyLog): every change of
// a side's victuals as facts. The words are the bot's (bot/supply_log.go;
// issue 20: facts in the engine, words in presenters).

package lrtg

import "github.com/umpire-games/umpire/engine"

// The kinds of supply log entries.
const (
	SupplyEntryAdjust      = "adjust"       // SupplyAdjusted: Delta, and Store, Track or Units; Reason
	SupplyEntryDraw        = "draw"         // VictualsDrawn: Store drawn from, Units (13.1, 13.8)
	SupplyEntryForage      = "forage"       // UnitForaged: Units (the one), Levels of fatigue at forage Value (13.5)
	SupplyEntryForageTrack = "forage-track" // UnitForaged under Simplified Supply: Track, Levels of fatigue kept (24.4)
)

// SupplyEntry is one line of a side's supply sheet.
type SupplyEntry struct {
	Turn   int
	Side   engine.Side
	Kind   string
	Delta  int             // adjust: the change
	Store  *VictualChange  // adjust: a store's victuals; draw: the store drawn from
	Track  *VictualChange  // adjust, forage-track: the side's track
	Units  []VictualChange // adjust, draw, forage: the units' victuals
	Levels int             // forage: fatigue spent; forage-track: fatigue kept
	Value  int             // forage: the forage value after modifiers
	Reason string          // adjust: the event's reason in words (a player's, or the engine's before the codes)
	// adjust: the engine's reason, as a code (SupplyWhy*) and its parameter
	ReasonCode string
	Divisions  int
	By         engine.Actor
}

// The engine's reasons for a supply adjustment (SupplyAdjusted.ReasonCode;
// issue 20: codes in events, words in the bot). A code, once written to a
// log, keeps its meaning.
const (
	SupplyWhyExpenditure           = "expenditure"                // 13.4: all but units at fatigue 0 in resupply range
	SupplyWhyExpenditureSimplified = "expenditure.simplified"     // 24.1
	SupplyWhyResupplyInRange       = "resupply.in-range"          // 24.2: Divisions in resupply range
	SupplyWhyResupplyFull          = "resupply.full"              // 13.5: units in resupply range fully resupplied
	SupplyWhyLRTAResupply          = "lrta.resupply.out-of-range" // 004 Simplified Supply: Divisions out of resupply range
	SupplyWhyLRTAProblemsTrack     = "lrta.supply-problems.track" // 004 random event 7, Simplified Supply
	SupplyWhyLRTAProblemsAll       = "lrta.supply-problems.all"   // 004 random event 7: one victual from every unit
	SupplyWhyLRTAProblemsNorth     = "lrta.supply-problems.north" // 004 random event 7: a second victual north of the Potomac
)

// logSupply adds an entry to the supply sheet's log.
func (r *RecordsState) logSupply(e SupplyEntry) {
	r.SupplyLog = append(append([]SupplyEntry(nil), r.SupplyLog...), e)
}
