// What makes up a forage modifier, as facts: a code, its value and its
// parameters (issue 20: events carry facts, not prose). The words are the
// bot's (bot/forage_modifiers.go). Events stored before the codes carry
// the sentences in their Modifiers instead.

package lrtg

// The codes of ForageMod. A code, once written to a log, keeps its meaning
// and parameters.
const (
	ForageRiverPotomac    = "river.potomac"    // 13.3: the Union controls the Potomac
	ForageRiverShenandoah = "river.shenandoah" // 13.3: the Union controls the Shenandoah Valley
	ForageCrossed         = "crossed"          // 13.5: Confederate infantry north of the Potomac for N turns (From or more)
	ForageBelowTable      = "below-table"      // 13.5: the modified value N is below the table, read as -1
	ForageUnionVirginia   = "union.virginia"   // 24.4: N of Of Union divisions are in Virginia
	ForageUnionPenn       = "union.penn"       // 24.4: N of Of Union divisions are in Pennsylvania
	ForageLRTAMcClellan   = "lrta.mcclellan"   // 004: McClellan has assumed command (one box more)
	ForageLRTALate        = "lrta.late"        // 004: turn N is turn From or later (RestRefit: Rest & Refit proposed)
	ForageLRTAEarly       = "lrta.early"       // 004: turn N is among turns From-To (RestRefit as above)
	ForageLRTAShenandoah  = "lrta.shenandoah"  // 004: the Union controls the Valley and Leader is north of the Potomac
	ForageLRTAPotomac     = "lrta.potomac"     // 004: the Union controls the Potomac and Leader is north of it
)

// ForageMod is one part of a forage modifier: Value by Code, with its
// parameters (see the code).
type ForageMod struct {
	Code      string `json:"code"`
	Value     int    `json:"value,omitempty"`
	N         int    `json:"n,omitempty"`
	Of        int    `json:"of,omitempty"`
	From      int    `json:"from,omitempty"`
	To        int    `json:"to,omitempty"`
	Leader    string `json:"leader,omitempty"`
	RestRefit bool   `json:"rest_refit,omitempty"`
}
