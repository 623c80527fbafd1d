// What an opened step of the Supply Segment and phases 7-8 tells, as facts:
// a code and its parameters (issue 20: events carry facts, not prose). The
// words are the bot's (bot/segment_notes.go). Events stored before the
// codes carry their sentences instead (SegmentOpened.Public and Secret);
// they still fold, into StepNote.What.

package lrtg

import "github.com/umpire-games/umpire/engine"

// The codes of segment notes. A code, once written to a log, keeps its
// meaning and parameters: a new wording is the presenter's, a new fact a
// new code.
const (
	NoteLevyOpen       = "levy.open"            // 5a: the Confederates may levy towns (13.1)
	NoteLevyTowns      = "levy.towns"           // 5a: Names, the towns the CSA may levy now
	NoteLevyNone       = "levy.none"            // 5a: no town can be levied now (13.1)
	NoteStatusOpen     = "status.open"          // 5b: supply status is determined (13.2)
	NoteStatusUnsure   = "status.unsure"        // 5b: N units within six hexes of a depot await the side's word
	NoteNotPassive     = "resupply.not-passive" // 5e: About is not passive, gains no victuals (13.0)
	NoteResupply       = "resupply.in-range"    // 5e: N divisions in resupply range, Delta victuals (24.2)
	NoteRepairStations = "repair.stations"      // 5g: Names, the damaged stations the USA may try to repair (13.7)
	NoteDepotsOpen     = "depots.open"          // 5h: depot schedules are secret (13.8)
	NoteAmmoUntracked  = "ammo.untracked"       // 5i: optional rule 19 is off
	NoteAmmoDepots     = "ammo.depots"          // 5i: Names, captured depots with ammunition (19.5)
	NoteCountyOpen     = "county.open"          // 7: the Confederates claim counties (LRTG 11)
	NoteCountyCan      = "county.can"           // 7: Names, counties with N+ Confederate manpower
	NoteGameOver       = "game.over"            // 8: the game is over: Name (Outcome's reason; Why in notes stored before its codes)

	NoteLRTANotPassive = "lrta.resupply.not-passive"  // 5e: About is not passive (004 Impacts of Being Passive)
	NoteLRTAResupply   = "lrta.resupply.out-of-range" // 5e: N divisions out of resupply range, Delta victuals (004)
	NoteLRTAForage     = "lrta.forage.offer"          // 5e: Gains for keeping 1-3 fatigue levels, Modifier and Modifiers (004)
	NoteLRTACountyOpen = "lrta.county.open"           // 7: county and DC claims (004 County/DC Control)
	NoteLRTACountyCan  = "lrta.county.can"            // 7: Names, counties with N+ Confederate manpower; Items, DC awards occupied
)

// SegmentNote is one thing an opened step tells: to everyone when Side is
// empty, else to that side alone (its /segment show).
type SegmentNote struct {
	Code      string         `json:"code"`
	Side      engine.Side    `json:"side,omitempty"`
	About     engine.Side    `json:"about,omitempty"`     // the side the note is about
	N         int            `json:"n,omitempty"`         // a count or a threshold (see the code)
	Delta     int            `json:"delta,omitempty"`     // victuals gained
	Names     []string       `json:"names,omitempty"`     // places, counties
	Items     []string       `json:"items,omitempty"`     // LRTA: Washington, DC's awards by title
	Gains     []int          `json:"gains,omitempty"`     // LRTA foraging: victuals for keeping 0-3 fatigue levels
	Modifier  int            `json:"modifier,omitempty"`  // LRTA foraging: the column's modifier
	Modifiers []string       `json:"modifiers,omitempty"` // LRTA foraging: what makes it up, in words (notes stored before the codes)
	Mods      []ForageMod    `json:"mods,omitempty"`      // LRTA foraging: what makes it up
	Name      string         `json:"name,omitempty"`      // game over: the result
	Why       string         `json:"why,omitempty"`       // game over: its reason in words (notes stored before its codes)
	Outcome   *VictoryResult `json:"outcome,omitempty"`   // game over: the result, its reason by a code
}

// StepNote is what a step told a side alone, kept for /segment show this
// turn: the note, or (from an event stored before the codes) its sentence.
type StepNote struct {
	Step string      `json:"step"`
	Side engine.Side `json:"side"`
	Note SegmentNote `json:"note,omitzero"`
	What string      `json:"what,omitempty"`
}

// gameOverNote is the note of a game already over: its result.
func gameOverNote(o VictoryResult) SegmentNote {
	return SegmentNote{Code: NoteGameOver, Name: o.Name, Outcome: &o}
}

// tell adds a note for everyone.
func (o *SegmentOpened) tell(n SegmentNote) { o.Notes = append(o.Notes, n) }

// tellSide adds a note for side s alone.
func (o *SegmentOpened) tellSide(s engine.Side, n SegmentNote) {
	n.Side = s
	o.Notes = append(o.Notes, n)
}

// Told is what the step told side s alone (none from an event stored
// before the codes: its Secret holds the sentences).
func (o *SegmentOpened) Told(s engine.Side) []SegmentNote {
	var out []SegmentNote
	for _, n := range o.Notes {
		if n.Side == s {
			out = append(out, n)
		}
	}
	return out
}
