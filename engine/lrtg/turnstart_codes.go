// Why a Union reinforcement track does not roll this turn, and what began
// its rolls, as facts: a code and its parameters (issue 20: events carry
// facts, not prose). The words are the bot's (bot/union_roll_words.go).
// Events stored before the codes carry their sentences instead
// (UnionRolled.Why and Began): read, never written.

package lrtg

// The codes of why a track does not roll (UnionRolled.NoRoll). A code,
// once written to a log, keeps its meaning and parameters.
const (
	NoRollNoMap          = "no-map"            // no map data: the umpire rolls with /table roll
	NoRollBaltDCReleased = "baltdc.released"   // all eight Baltimore / DC groups are released
	NoRollBaltDCNotBegun = "baltdc.not-begun"  // no Confederate infantry in Maryland, Meade not in command (000 3.2)
	NoRollWVArrived      = "wv.arrived"        // the West Virginia units have all arrived
	NoRollWVNotBegun     = "wv.not-begun"      // the rolls begin on turn From (WVFromTurn)
	NoRollPAArrived      = "pa.arrived"        // the Pennsylvania militia have all arrived
	NoRollPANotBegun     = "pa.not-begun"      // no Confederate infantry or cavalry across the Potomac yet
	NoRollLRTAPANoTrack  = "lrta.pa.no-track"  // LRTA: the order of battle has no militia on its track
	NoRollLRTAPANotBegun = "lrta.pa.not-begun" // LRTA: no Confederate unit across the Potomac yet (004 1 a))
)

// The codes of what began a track's rolls this turn (UnionRolled.BeganCode).
const (
	BeganMeade       = "meade"          // Meade commands the Army of the Potomac
	BeganMaryland    = "csa.maryland"   // Confederate infantry is in Maryland
	BeganCrossed     = "csa.crossed"    // the first Confederate infantry crossed the Potomac on turn From (/vp action:crossed)
	BeganPAAcross    = "pa.across"      // Confederate infantry or cavalry is across the Potomac
	BeganLRTAPAcross = "lrta.pa.across" // LRTA: a Confederate unit is across the Potomac
)

// NoRolls reports whether the track did not roll for a reason the event
// gives: a code, or (stored before the codes) in words.
func (e *UnionRolled) NoRolls() bool { return e.NoRoll != "" || e.Why != "" }

// RollsBegan reports whether the track's rolls began this turn: by a code,
// or (stored before the codes) in words.
func (e *UnionRolled) RollsBegan() bool { return e.BeganCode != "" || e.Began != "" }
