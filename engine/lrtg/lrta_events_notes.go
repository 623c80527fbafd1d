// LRTA's random events (004 "Random Events"): what a roll of step 1d did,
// as facts: RandomNote codes and parameters (randomevents_notes.go; issue
// 20). The words are the bot's (bot/lrta_events_notes.go). Events stored
// before the codes carry their sentences (LRTARandomEvent.Effects).

package lrtg

// The codes of LRTA's random-event notes (an outcome the step does not
// work out is RandomNoteTable, as in LRTG). A code, once written to a log,
// keeps its meaning and parameters.
const (
	LRTANoteRain               = "lrta.rain"                          // N days of rain so far, this turn's included
	LRTANoteHeavyRain          = "lrta.rain.heavy"                    // Rain+1: N as LRTANoteRain
	LRTANoteUnionParalysis     = "lrta.paralysis.usa"                 // Union command paralysis (McClellan commands)
	LRTANoteUnionParalysisPope = "lrta.paralysis.usa.pope"            // doubled while Pope commands
	LRTANoteParalysedUnion     = "lrta.paralysis.usa.limits"          // paralysed Union units: no force march nor assaults
	LRTANoteCSAParalysis       = "lrta.paralysis.csa"                 // Confederate command paralysis
	LRTANoteNoComms            = "lrta.no-comms"                      // Side's commanders may not communicate this turn
	LRTANoteRearParalysis      = "lrta.rear-paralysis"                // Union rear units restricted this turn
	LRTANoteRearParalysisPope  = "lrta.rear-paralysis.pope"           // ... turns From-To, while Pope commands
	LRTANoteReleaseHF          = "lrta.release-hf"                    // Harpers Ferry's garrison and depot released
	LRTANoteMcClellanDelays    = "lrta.mcclellan-delays"              // no AoP unit may leave Names this turn
	LRTANoteEvacuationEarlier  = "lrta.evacuation.earlier"            // reinforcements arrive a turn earlier
	LRTANoteEvacuationNaval    = "lrta.evacuation.naval"              // Union naval movement doubles this turn
	LRTANoteRecruits           = "lrta.recruits"                      // the Nth Raw Recruits: M manpower to give
	LRTANoteRecruitsNone       = "lrta.recruits.none"                 // no Union infantry unit on the map
	LRTANoteHeat               = "lrta.heat"                          // every extended march roll one higher
	LRTANoteIntelRerolls       = "lrta.intel.rerolls"                 // Confederate win: two initiative rerolls
	LRTANoteThreeCigars        = "lrta.intel.three-cigars"            // Three Cigars: +1 initiative, turns From-To
	LRTANoteCigarsRunning      = "lrta.intel.cigars-running"          // Three Cigars still running
	LRTANoteIntelDoubles       = "lrta.intel.doubles"                 // the Union wins initiative on 4-4, 5-5, 6-6
	LRTANoteIntelDeclare       = "lrta.intel.declare"                 // the side other than Side declares first
	LRTANoteIntelExamine       = "lrta.intel.examine"                 // Side may examine the other's supply sheet
	LRTANoteIntelMarkers       = "lrta.intel.markers"                 // limited intelligence: the other side removes its force markers
	LRTANoteIntelIntercept     = "lrta.intel.intercept"               // multiplayer: Side's interception chance rises
	LRTANoteIntelObjectives    = "lrta.intel.objectives"              // the Union's +3 to discover the objective
	LRTANoteLeeWrists          = "lrta.casualty.lee-wrists"           // turns From-To
	LRTANoteJacksonFalls       = "lrta.casualty.jackson-falls"        // turns From-To
	LRTANoteMcClellanIll       = "lrta.casualty.mcclellan-ill"        // turns From-To
	LRTANoteCasualtyAbsent     = "lrta.casualty.absent"               // Name, the casualty outcome: its unit is not in play
	LRTANoteCasualtyReplaced   = "lrta.casualty.replaced"             // Name, the casualty outcome: replaced at once
	LRTANoteSupplyTrack        = "lrta.supply-problems.track"         // Simplified Supply: the marker drops by N, no Rest and Refit proposed
	LRTANoteSupplyTrackOffered = "lrta.supply-problems.track.offered" // ... N, a Rest and Refit offered
	LRTANoteSupplyAll          = "lrta.supply-problems.all"           // every Confederate unit loses one victual
	LRTANoteSupplyOffered      = "lrta.supply-problems.offered"       // Rest and Refit offered: no second victual
	LRTANoteSupplyNorth        = "lrta.supply-problems.north"         // a second victual north of the Potomac
)

// note adds what the event did or tracks.
func (e *LRTARandomEvent) note(n RandomNote) { e.Notes = append(e.Notes, n) }
