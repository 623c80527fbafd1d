// Long Roads to Antietam (004): the armies' reorganization state (the Union
// corps, LRTAArmyState) and the queries other modules read: whether a Rest and
// Refit was proposed or answered (004 1 e, 7.3), McClellan's command and the
// corps reorganized (004 3, 17.0). Moved out of lrta_army.go.

package lrtg

import (
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// LRTACorps is a Union infantry corps and what the Union Corps
// Reorganization (004) makes of it.
type LRTACorps struct {
	Corps   string // its designation before (as the order of battle prints it)
	Becomes string // after
	AoV     bool   // a corps of the Army of Virginia (-1 to its roll)
	Slot    int    // its counters' slot on the union-reorganization track (0: none)
	What    string // 004's line
}

// LRTAUnionCorps are the Union infantry corps, in 004's order, then the
// two Army of the Potomac corps 004 does not list (their reorganization
// changes no counter: their SJW and HCR counters are the same in play,
// lrta-usa.yaml choice U6).
var LRTAUnionCorps = []LRTACorps{
	{"I", "XI-AP", true, 1, "The I Corps (AoV) becomes the XI Corps (AoP); Stahel replaces Schenck"},
	{"II", "XII-AP", true, 2, "The II Corps (AoV) becomes the XII Corps (AoP): its units and leaders give way to their XII Corps counterparts; Mansfield replaces Banks"},
	{"III", "I-AP", true, 3, "The III Corps (AoV) becomes the I Corps (AoP): Hooker replaces McDowell, Hatch replaces King and Ricketts-A Ricketts, each less 3 MP; Meade (9 MP) is placed with Hooker"},
	{"IX", "IX-AP", true, 4, "The IX Corps (AoV) becomes the IX Corps (AoP): Willcox-A replaces Stevens, Rodman Fairchild, Cox Harland and Sturgis Ferrero"},
	{"III-AP", "III-AP", false, 5, "III Corps (AoP): Stoneman replaces Kearny and Sickles Hooker"},
	{"V-AP", "V-AP", false, 6, "V Corps (AoP): Humphreys replaces Reynolds; Reynolds joins the PA militia (tactical 0, command 2)"},
	{"II-AP", "II-AP", false, 0, "II Corps (AoP): its SJW counters give way to the same HCR counters"},
	{"VI-AP", "VI-AP", false, 0, "VI Corps (AoP): its SJW counters give way to the same HCR counters"},
}

// lrtaCorpsOf returns the corps with the designation (before or after its
// reorganization), or nil.
func lrtaCorpsOf(d string) *LRTACorps {
	for i := range LRTAUnionCorps {
		if strings.EqualFold(LRTAUnionCorps[i].Corps, d) {
			return &LRTAUnionCorps[i]
		}
	}
	for i := range LRTAUnionCorps {
		if strings.EqualFold(LRTAUnionCorps[i].Becomes, d) {
			return &LRTAUnionCorps[i]
		}
	}
	return nil
}

// LRTAArmyState is the game's state of this module. It is folded from
// events; never written in place.
type LRTAArmyState struct {
	// The Confederate Rest and Refit (004 1 e), 7.3).
	Proposed     bool   `json:"proposed,omitempty"`
	ProposedTurn int    `json:"proposed_turn,omitempty"`
	Passed       []int  `json:"passed,omitempty"` // turns the CSA did not propose
	Answer       string `json:"answer,omitempty"` // accepted, declined ("" not yet)
	DHHill       string `json:"dh_hill,omitempty"`
	Funk         string `json:"funk,omitempty"`
	// Consolidated are the units the Confederates broke up (004 (6)).
	Consolidated []string `json:"consolidated,omitempty"`
	Done         bool     `json:"done,omitempty"` // the CSA's reorganization is finished
	EndedTurn    int      `json:"ended_turn,omitempty"`
	// The Union Cavalry Exhaustion: the regiments held in DC for good, and
	// the unit the Pleasonton division leader joined.
	DCRegiments []string `json:"dc_regiments,omitempty"`
	Pleasonton  bool     `json:"pleasonton,omitempty"`
	// McClellan assumes command.
	McClellan       bool  `json:"mcclellan,omitempty"`
	McClellanTurn   int   `json:"mcclellan_turn,omitempty"`
	McClellanLosses int   `json:"mcclellan_losses,omitempty"` // the AoP/AoV combat losses then
	Deferred        []int `json:"deferred,omitempty"`         // turns the Union did not begin
	// The corps rolls: attempts so far, the corps reorganized (by their
	// designation before) with the turn, the turns the Union rolled.
	Attempts    map[string]int `json:"attempts,omitempty"`
	Reorganized map[string]int `json:"reorganized,omitempty"`
	Rolled      []int          `json:"rolled,omitempty"`
	// Replaced maps each unit a reorganization took out of play to its
	// replacement ("" when it was simply removed).
	Replaced map[string]string `json:"replaced,omitempty"`
}

// LRTARestRefitProposed reports whether the Confederates have proposed a
// Rest and Refit period (004 extended march chart; Confederate Supply
// Problems).
func (g Game) LRTARestRefitProposed() bool { return g.LRTAArmy.Proposed }

// LRTARestRefitAnswer is the Union's answer to the proposal: accepted,
// declined, or "" (no proposal, or not answered yet).
func (g Game) LRTARestRefitAnswer() string { return g.LRTAArmy.Answer }

// LRTARestRefitEnded reports whether the umpire has recorded the end of
// the Rest and Refit period.
func (g Game) LRTARestRefitEnded() bool { return g.LRTAArmy.EndedTurn > 0 }

// LRTAMcClellan reports whether McClellan has assumed command (Pope no
// longer commands: 004 Army Morale j), the random events' treat-insteads,
// Union command paralysis, forage, extended march, attachment).
func (g Game) LRTAMcClellan() bool { return g.LRTAArmy.McClellan }

// LRTAMcClellanTurn is the turn McClellan assumed command (0: not yet).
func (g Game) LRTAMcClellanTurn() int { return g.LRTAArmy.McClellanTurn }

// LRTAUnionLossesAtMcClellan is the Army of the Potomac / Virginia combat
// losses counted when McClellan assumed command: 004 halves "existing
// losses" then (Army Morale footnote **).
func (g Game) LRTAUnionLossesAtMcClellan() int { return g.LRTAArmy.McClellanLosses }

// LRTAMoraleCasualtiesHalved reports whether casualty effects on Union
// morale are halved (004 McClellan assumes command, last step).
func (g Game) LRTAMoraleCasualtiesHalved() bool { return g.LRTAArmy.McClellan }

// LRTAUnionParalysis returns the Union command paralysis penalties to the
// movement allowance of infantry and cavalry: doubled while Pope commands
// (-2 / -4), -1 / -2 once McClellan has (004 Command Paralysis; McClellan
// assumes command 5)).
func (g Game) LRTAUnionParalysis() (infantry, cavalry int) {
	if g.LRTAArmy.McClellan {
		return 1, 2
	}
	return 2, 4
}

// LRTAUnionForageBonus is the number of boxes McClellan adds to every
// Union forage table (004 McClellan assumes command 6): one, seven at most.
func (g Game) LRTAUnionForageBonus() int { return engine.B2i(g.LRTAArmy.McClellan) }

// LRTAPleasonton reports whether the Pleasonton cavalry division leader is
// in play (004 Union Cavalry Exhaustion 3): he activates any Union cavalry,
// three units an activation, +1 to their movement).
func (g Game) LRTAPleasonton() bool { return g.LRTAArmy.Pleasonton }

// LRTAReorganizationOpen reports whether the Union Army Reorganization may
// occur this turn: from Sept 2, or once the Confederates have proposed a
// Rest and Refit (004).
func (g Game) LRTAReorganizationOpen() bool {
	return g.LRTAArmy.Proposed || g.lrtaFromSept2()
}

func (g Game) lrtaFromSept2() bool {
	day, ok := g.TurnDate(g.Turn)
	return ok && !day.Before(time.Date(1862, time.September, 2, 0, 0, 0, 0, time.UTC))
}

// LRTAReorganized reports whether a Union corps has reorganized (004 Union
// Army Reorganization), by its designation before or after (I or XI-AP).
func (g Game) LRTAReorganized(corps string) bool {
	c := lrtaCorpsOf(corps)
	if c == nil {
		return false
	}
	_, ok := g.LRTAArmy.Reorganized[c.Corps]
	return ok
}

// LRTAReorganizationParalysis reports whether a Union unit suffers the
// command paralysis of the Union Army Reorganization: once McClellan has
// assumed command, every Union unit except those of reorganized corps (004
// McClellan assumes command 5)). A Command Paralysis random event does not
// add to it (004 Random Events note); the random events module applies
// that.
func (g Game) LRTAReorganizationParalysis(u engine.UnitState) bool {
	if !g.LRTAArmy.McClellan || u.Side != engine.USA {
		return false
	}
	return !g.LRTAReorganized(u.Command)
}

// LRTACorpsStatus is a Union corps' reorganization as the game stands.
type LRTACorpsStatus struct {
	LRTACorps
	InPlay      bool // it has a unit on the map (a corps still to arrive does not roll)
	Attempts    int
	Reorganized int // the turn it reorganized (0: not yet)
}

// LRTACorpsStatuses lists the Union corps, in 004's order.
func (g Game) LRTACorpsStatuses() []LRTACorpsStatus {
	var out []LRTACorpsStatus
	for _, c := range LRTAUnionCorps {
		s := LRTACorpsStatus{LRTACorps: c, Attempts: g.LRTAArmy.Attempts[c.Corps], Reorganized: g.LRTAArmy.Reorganized[c.Corps]}
		d := c.Corps
		if s.Reorganized > 0 {
			d = c.Becomes
		}
		for _, u := range g.Units {
			if u.Side == engine.USA && !u.Eliminated && u.OnMap && strings.EqualFold(u.Command, d) {
				s.InPlay = true
				break
			}
		}
		out = append(out, s)
	}
	return out
}

// lrtaUnreorganized are the corps still to reorganize that have a unit on
// the map.
func (g Game) lrtaUnreorganized() []string {
	var out []string
	for _, s := range g.LRTACorpsStatuses() {
		if s.Reorganized == 0 && s.InPlay {
			out = append(out, s.Corps)
		}
	}
	return out
}
