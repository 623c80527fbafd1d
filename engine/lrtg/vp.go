package lrtg

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// The Victory Point Record beyond levies, depots and structures (places.go):
// railroad stations (000 VII 3), county control (000 VII 1, LRTG 11),
// Vicksburg (VII 8), the New York draft riots (VII 9) and the Raspberry
// Raid (VII 10). Every award is computed when it happens and recorded in
// its event, so that old events keep their values when data changes.

// VictoryState is the state the Victory Point record needs beyond its
// entries (vp.go: stations by line, counties' turns of control, LRTG VII).
type VictoryState struct {
	// Counties holds, per county id, the turns in which the Confederates
	// controlled it (000 VII 1: first, second, later turns of control,
	// consecutive or not).
	Counties map[string][]int
	// Crossed is the day the first Confederate infantry unit crossed the
	// Potomac (zero: not recorded); CrossedTurn its turn.
	Crossed     time.Time
	CrossedTurn int
	// Bonus is set once the three-B&O-stations-and-Marysville-bridge bonus
	// has been awarded (000 VII 3 and 4 list it twice; it is paid once).
	Bonus bool
	// VicksburgRolls are the turns a Vicksburg roll was made;
	// VicksburgFell is set when it surrendered (000 3.4, VII 8).
	VicksburgRolls []int
	VicksburgFell  bool
	DraftRiots     bool // rolled (000 3.3, VII 9: once, on July 14)
	RaspberryRaid  bool // rolled (000 2.0 5), VII 10: once per game)
}

// VP record categories of this file (places.go has levies, depots,
// structures).
const (
	CategoryStations  = "stations"
	CategoryCounties  = "counties"
	CategoryVicksburg = "vicksburg"
	CategoryDraft     = "draft-riots"
	CategoryRaspberry = "raspberry-raid"
)

// vpCategoryOrder is the order of the Victory Point Record Table of 003
// (its summary column: county control from the turn record, town levies,
// strategic structures, depots, Vicksburg / draft riots, railroads,
// demoralization, losses); categories not named here follow, sorted.
func vpCategoryOrder() []string {
	return []string{CategoryCounties, "levies", "structures", "depots", CategoryVicksburg, CategoryDraft,
		CategoryStations, "disorder-panic", "manpower", CategoryRaspberry}
}

// Turn dates are the turn record's (records.go: GameState.TurnDate,
// TurnOn, TurnLabel).

func dayString(t time.Time) string { return t.Format(time.DateOnly) }

// ---------------------------------------------------------------------------
// Railroad stations (000 VII 3).

// StationAward is a row of 000 VII 3 that scores the destroyed stations of
// a stretch of railroad in the order they fall, its end stations included:
// Values[0] for the first destroyed there, Values[1] for the second, ...;
// Each for every later one, except a station that took a Values award of
// one of the Except rows in the same destruction ("each additional station
// on the line between DC & Baltimore or DC and Annapolis (except those
// already counted per above)").
type StationAward struct {
	ID       string
	Title    string // "the Alexandria - Rappahannock Station line"
	State    string
	Stations []string // the stations on it, in line order
	Values   []int
	Each     int
	Except   []string // ids of earlier awards
	Source   string
}

// Has reports whether the station is on the award's stretch.
func (a *StationAward) Has(station string) bool {
	for _, s := range a.Stations {
		if s == station {
			return true
		}
	}
	return false
}

// StationBonus is the bonus of 000 VII 3 and 4: Count stations of the
// Award row destroyed and the Structure destroyed, paid once.
type StationBonus struct {
	Award     string
	Count     int
	Structure string
	VP        int
	Title     string
	Source    string
}

// StationVP is the railroad station destruction rules of 000 VII 3 on one
// map: the line awards, each station's "other station" value and state,
// and the B&O / Marysville bridge bonus. scenarios.StationVP builds it
// from its data file and the map's lines and regions.
type StationVP struct {
	Awards []StationAward
	// Other is the VP of a destroyed station that scored nothing else ("+1
	// for each other RR station destroyed in Virginia which is north of hex
	// row xx15 S SJW", "in Maryland", "in Pennsylvania"); 0 or absent: none.
	Other map[string]int
	// State names each station's state, for the explanation.
	State  map[string]string
	Bonus  *StationBonus
	Source string
}

// Award returns the VP for destroying the station, given which stations
// are already destroyed and the station's own value (station_vp: Alexandria,
// Aquia Creek, Camden Station, Frederick Junction, Camp Curtin,
// Harrisburg), with the parts that make it up. The rows add up (000 VII 3
// note: "cumulative and inclusive of the last station on the line"); the
// "other station" value only comes to a station that scored nothing else.
func (r *StationVP) Award(station string, own int, destroyed func(string) bool) (int, []string) {
	vp := 0
	var parts []string
	if r != nil {
		took := map[string]bool{}
		for i := range r.Awards {
			a := &r.Awards[i]
			if !a.Has(station) {
				continue
			}
			n := 0
			for _, s := range a.Stations {
				if s != station && destroyed(s) {
					n++
				}
			}
			switch {
			case n < len(a.Values):
				if v := a.Values[n]; v != 0 {
					vp += v
					took[a.ID] = true
					parts = append(parts, fmt.Sprintf("%+d the %s station destroyed on %s", v, Ordinal(n+1), a.Title))
				}
			case a.Each != 0:
				excepted := false
				for _, x := range a.Except {
					excepted = excepted || took[x]
				}
				if !excepted {
					vp += a.Each
					parts = append(parts, fmt.Sprintf("%+d another station destroyed on %s", a.Each, a.Title))
				}
			}
		}
	}
	if own != 0 {
		vp += own
		name := station
		if !strings.HasSuffix(strings.ToLower(name), "station") {
			name += " station"
		}
		parts = append(parts, fmt.Sprintf("%+d %s", own, name))
	}
	if vp == 0 && r != nil {
		if v := r.Other[station]; v != 0 {
			vp += v
			where := r.State[station]
			if where == "" {
				where = "its state"
			}
			parts = append(parts, fmt.Sprintf("%+d another station in %s", v, where))
		}
	}
	return vp, parts
}

// Ordinal spells 1, 2, 3 as first, second, third (and 4 as 4th).
func Ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}

// destroyedStation reports whether the game's station is destroyed.
func (g Game) destroyedStation(name string) bool { return g.Places[name].Station == "destroyed" }

// stationAward is the VP of destroying a station now (000 VII 3), and the
// explanation recorded with it.
func (g Game) stationAward(rules *StationVP, p engine.Place) (int, string) {
	vp, parts := rules.Award(p.Name, p.Values["station_vp"], g.destroyedStation)
	return vp, strings.Join(parts, "; ")
}

// stationBonus returns the bonus event when this place action completes
// three destroyed B&O stations and the destroyed Marysville bridge (000 VII
// 3, 4: paid once), or nil.
func (g Game) stationBonus(cmd ActOnPlace) *VPBonus {
	rules := cmd.Stations
	if rules == nil || rules.Bonus == nil || g.Victory.Bonus {
		return nil
	}
	b := rules.Bonus
	var award *StationAward
	for i := range rules.Awards {
		if rules.Awards[i].ID == b.Award {
			award = &rules.Awards[i]
		}
	}
	if award == nil {
		return nil
	}
	station := cmd.Action == ActDestroyStation && award.Has(cmd.Place.Name)
	bridge := (cmd.Action == ActDestroyBridge || cmd.Action == ActDestroyStructure) && cmd.Place.Name == b.Structure
	if !station && !bridge {
		return nil
	}
	n := 0
	for _, s := range award.Stations {
		if g.destroyedStation(s) || (station && s == cmd.Place.Name) {
			n++
		}
	}
	if n < b.Count || !(bridge || g.Places[b.Structure].Destroyed) {
		return nil
	}
	return &VPBonus{Turn: g.Turn, Place: cmd.Place.Name, VP: b.VP, Category: CategoryStations, What: b.Title}
}

// EventVPBonus is the type of VPBonus.
const EventVPBonus = "vp.bonus"

// VPBonus records a bonus a place action earned (000 VII 3 / 4: three B&O
// stations and the Marysville bridge). It belongs to the place action: an
// undo of that action takes it back too.
type VPBonus struct {
	Turn     int    `json:"turn"`
	Place    string `json:"place"`
	VP       int    `json:"vp"`
	Category string `json:"category"`
	What     string `json:"what"`
}

// EventType implements Event.
func (*VPBonus) EventType() string { return EventVPBonus }

// ---------------------------------------------------------------------------
// County control (000 VII 1, LRTG 11).

// County is a county that scores for Confederate control.
type County struct {
	ID      string // e.g. "md.baltimore", "md.frederick-west"
	Name    string
	State   string
	Region  string // the map region holding it ("md.frederick" for both halves)
	Control string // the control hex's place; "" when the seeds print none
	Values  [3]int // first turn, second turn, third and later turns
	Note    string // what the map data cannot check of it
	Source  string
}

// Control needs (LRTG 11.1).
const (
	ControlHexMP = 2  // a Confederate unit of 2+ manpower in the control hex
	CountyMP     = 12 // 12+ Confederate manpower in the county
	DoublingDays = 30 // points double 30 days after the crossing (000 VII 1, 11.2)
)

// ClaimCounty records that the Confederates control a county in this
// turn's County Control Phase (LRTG 11; 000 VII 1).
type ClaimCounty struct {
	By     engine.Actor
	County County
	Map    *engine.Theatre // regions and places for the checks; nil: nothing is checked
	Reason string
}

// CommandName implements Command.
func (ClaimCounty) CommandName() string { return "vp county" }

// EventCountyControlled is the type of CountyControlled.
const EventCountyControlled = "vp.county"

// CountyControlled records a turn of Confederate control of a county and
// its VP: Nth is the turn of control (1, 2, 3 or more), Base the printed
// value, VP what was scored (doubled 30 days after the crossing). Checked
// and Unchecked say what the umpire verified and what it took on the
// claimant's word; Overruled is the check the umpire set aside.
type CountyControlled struct {
	By        engine.Actor `json:"by"`
	County    string       `json:"county"`
	Name      string       `json:"name"`
	Turn      int          `json:"turn"`
	Date      string       `json:"date"`
	Nth       int          `json:"nth"`
	Base      int          `json:"base"`
	VP        int          `json:"vp"`
	Doubled   bool         `json:"doubled,omitempty"`
	Checked   []string     `json:"checked,omitempty"`
	Unchecked []string     `json:"unchecked,omitempty"`
	Overruled string       `json:"overruled,omitempty"`
	Reason    string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*CountyControlled) EventType() string { return EventCountyControlled }

func (g Game) decideCounty(cmd ClaimCounty) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != engine.CSA) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.side", What: "Only the Confederates claim control of a county", Rule: "LRTG 11.1"}
	}
	if step := g.CurrentStep(); !umpire && step != "" && step != "7" {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.county.step", What: "Counties are claimed in the County Control Phase (step 7), not now",
			Hint: "/phase show says where the turn is", Rule: "LRTG 11.2; 003 7"}
	}
	c := cmd.County
	if c.ID == "" {
		return nil, engine.Invalid("vp.county", "No county named", "Name one of the counties of 000 VII 1")
	}
	for _, t := range g.Victory.Counties[c.ID] {
		if t == g.Turn {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.county.turn", What: fmt.Sprintf("%s has already scored for turn %d", c.Name, g.Turn),
				Hint: "A county scores once per County Control Phase", Rule: "LRTG 11.2"}
		}
	}
	day, ok := g.TurnDate(g.Turn)
	if !ok {
		return nil, engine.Illegal("vp.turn", fmt.Sprintf("Turn %d is not a turn of this scenario", g.Turn), "")
	}
	checked, unchecked, failed, fail := g.countyChecks(c, cmd.Map)
	ev := &CountyControlled{By: cmd.By, County: c.ID, Name: c.Name, Turn: g.Turn, Checked: checked, Unchecked: unchecked, Reason: cmd.Reason}
	if fail != nil {
		if !umpire {
			return nil, fail
		}
		if strings.TrimSpace(cmd.Reason) == "" {
			fail.Hint = "The umpire overrules a check with reason:<why>"
			return nil, fail
		}
		ev.Overruled = failed
	}
	ev.Date = dayString(day)
	ev.Nth = len(g.Victory.Counties[c.ID]) + 1
	ev.Base = c.Values[min(ev.Nth, 3)-1]
	ev.VP = ev.Base
	if g.doubled(day) {
		ev.VP, ev.Doubled = 2*ev.Base, true
	}
	return []engine.Event{ev}, nil
}

// doubled reports whether county points of that day are doubled: 30 days
// or more after the first Confederate infantry crossed the Potomac (000 VII
// 1, 11.2).
func (g Game) doubled(day time.Time) bool {
	c := g.Victory.Crossed
	return !c.IsZero() && !day.Before(c.AddDate(0, 0, DoublingDays))
}

// countyChecks checks what the map data can of LRTG 11.1: a Confederate
// unit of 2+ manpower in the control hex, and 12+ Confederate manpower in
// the county. What it checks is said without naming units, hexes or
// strengths (the record is public): failed names the check that failed;
// fail, told to the claimant only, says by how much.
func (g Game) countyChecks(c County, m *engine.Theatre) (checked, unchecked []string, failed string, fail *engine.RuleError) {
	unchecked = append(unchecked, "the control unit's road, pike or railroad path to the south SJW map edge, clear of Union units, uncontested Union ZOC and Union forts (the map data has no roads)")
	csa := func(yield func(engine.UnitState) bool) {
		for _, id := range sortedIDs(g.Units) {
			u := g.Units[id]
			if u.Side == engine.CSA && u.OnMap && !u.Eliminated && u.Manpower > 0 {
				if !yield(u) {
					return
				}
			}
		}
	}
	var ctl *engine.Place
	if m != nil && c.Control != "" {
		ctl = m.Place(c.Control)
	}
	if ctl == nil {
		unchecked = append(unchecked, "a Confederate unit of 2+ manpower in the control hex (its hex is not in the map data)")
	} else {
		ok := false
		for u := range csa {
			if u.Hex == ctl.Hex && u.Manpower >= ControlHexMP {
				ok = true
				break
			}
		}
		check := fmt.Sprintf("a Confederate unit of %d+ manpower in the control hex (%s)", ControlHexMP, c.Control)
		if !ok {
			return checked, unchecked, check, &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.county.control",
				What: fmt.Sprintf("No Confederate unit of %d or more manpower is in %s, the control hex of %s", ControlHexMP, c.Control, c.Name), Rule: "LRTG 11.1"}
		}
		checked = append(checked, check)
	}
	var reg *engine.Region
	if m != nil {
		reg = m.Region(c.Region)
	}
	if reg == nil {
		unchecked = append(unchecked, fmt.Sprintf("%d+ Confederate manpower in the county (no map region)", CountyMP))
	} else {
		mp := 0
		for u := range csa {
			if reg.Contains(engine.Center(u.Hex)) {
				mp += u.Manpower
			}
		}
		where := c.Name
		if c.Region != c.ID {
			where = reg.Name + " (the whole county: the map data does not split it)"
		}
		check := fmt.Sprintf("%d+ Confederate manpower in %s", CountyMP, where)
		if mp < CountyMP {
			return checked, unchecked, check, &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.county.manpower",
				What: fmt.Sprintf("Confederate units in %s total %d manpower; control needs %d or more", where, mp, CountyMP), Rule: "LRTG 11.1"}
		}
		checked = append(checked, check)
	}
	if c.Note != "" {
		unchecked = append(unchecked, c.Note)
	}
	return checked, unchecked, "", nil
}

func sortedIDs(m map[string]engine.UnitState) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// RecordCrossing records the day the first Confederate infantry unit
// crossed the Potomac (000 VII 1: county points double 30 days later).
// The umpire records it; a zero Date is the current turn's first day.
type RecordCrossing struct {
	By     engine.Actor
	Date   time.Time
	Reason string
}

// CommandName implements Command.
func (RecordCrossing) CommandName() string { return "vp crossed" }

// EventPotomacCrossed is the type of PotomacCrossed.
const EventPotomacCrossed = "vp.crossed"

// PotomacCrossed records the day of the first Confederate infantry
// crossing of the Potomac, from which county points double 30 days later.
type PotomacCrossed struct {
	By     engine.Actor `json:"by"`
	Date   string       `json:"date"` // YYYY-MM-DD
	Turn   int          `json:"turn"`
	Reason string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*PotomacCrossed) EventType() string { return EventPotomacCrossed }

func (g Game) decideCrossing(cmd RecordCrossing) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("vp.umpire", "Only the umpire records the Potomac crossing", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	day := cmd.Date
	if day.IsZero() {
		now, ok := g.TurnDate(g.Turn)
		if !ok {
			return nil, engine.Illegal("vp.turn", fmt.Sprintf("Turn %d is not a turn of this scenario", g.Turn), "")
		}
		day = now
	}
	turn, ok := g.TurnOn(day)
	if !ok || turn > g.Turn {
		first, _ := g.TurnDate(1)
		return nil, engine.Illegal("vp.crossed.date", fmt.Sprintf("%s is not between the game's first day (%s) and this turn (%s)", dayString(day), dayString(first), g.TurnLabel(g.Turn)),
			"Give the day the first Confederate infantry unit crossed")
	}
	return []engine.Event{&PotomacCrossed{By: cmd.By, Date: dayString(day), Turn: turn, Reason: cmd.Reason}}, nil
}

// ---------------------------------------------------------------------------
// Vicksburg, the draft riots and the Raspberry Raid: rolled VP.

// The rolled VP events (RollVP.Event).
const (
	VPVicksburg  = "vicksburg"      // 000 3.4, VII 8
	VPDraftRiots = "draft-riots"    // 000 3.3, VII 9
	VPRaspberry  = "raspberry-raid" // 000 2.0 5), VII 10
)

// RollVP rolls a VP event on its rules table with the game's dice:
// Vicksburg (from the June 30 turn, until it falls), the draft riots (the
// July 14 turn, reduced by Removed Union manpower) or the Raspberry Raid
// (reduced by the Richmond Garrison Units withdrawn). Table is the rules
// table (lrtg.vicksburg-surrenders, lrtg.draft-riots, lrtg.raspberry-raid).
type RollVP struct {
	By      engine.Actor
	Event   string
	Table   *engine.Table
	Removed int             // draft riots: Union manpower removed
	Units   []string        // Raspberry Raid: Richmond Garrison units withdrawn
	Map     *engine.Theatre // Raspberry Raid: south of the Potomac
	Reason  string          // the umpire's, to roll out of season
}

// CommandName implements Command.
func (c RollVP) CommandName() string { return "vp " + c.Event }

// EventVPRolled is the type of VPRolled.
const EventVPRolled = "vp.rolled"

// VPRolled records the VP of a rolled event (the roll itself is the
// table.rolled event before it, numbered with the game's rolls). Dice
// rolled are rolled: an undo of an earlier board action keeps it.
type VPRolled struct {
	By        engine.Actor `json:"by"`
	Event     string       `json:"event"`
	Turn      int          `json:"turn"`
	Date      string       `json:"date"`
	Roll      int64        `json:"roll"`
	Outcome   string       `json:"outcome"`
	VP        int          `json:"vp"`
	Category  string       `json:"category"`
	What      string       `json:"what"`
	Removed   int          `json:"removed,omitempty"`
	Units     []string     `json:"units,omitempty"`
	Overruled string       `json:"overruled,omitempty"`
	Reason    string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*VPRolled) EventType() string { return EventVPRolled }

// vicksburgFrom is the first day of the Vicksburg rolls (000 3.4; 003
// June turn record V).
func vicksburgFrom(day time.Time) time.Time {
	return time.Date(day.Year(), time.June, 30, 0, 0, 0, 0, day.Location())
}

// draftRiotsOn is the day of the draft riots (000 3.3; 003 July turn
// record D).
func draftRiotsOn(day time.Time) time.Time {
	return time.Date(day.Year(), time.July, 14, 0, 0, 0, 0, day.Location())
}

func (g Game) decideRollVP(cmd RollVP, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if cmd.Table == nil {
		return nil, fmt.Errorf("engine: %s needs its table", cmd.CommandName())
	}
	umpire := g.IsUmpire(cmd.By)
	side := engine.Side("")
	if p := g.Player(cmd.By.ID); p != nil {
		side = p.Side
	}
	day, ok := g.TurnDate(g.Turn)
	if !ok {
		return nil, engine.Illegal("vp.turn", fmt.Sprintf("Turn %d is not a turn of this scenario", g.Turn), "")
	}
	ev := &VPRolled{By: cmd.By, Event: cmd.Event, Turn: g.Turn, Date: dayString(day), Reason: cmd.Reason}
	// outOfSeason refuses a roll on the wrong day, unless the umpire rules
	// it with a reason.
	outOfSeason := func(what, rule string) error {
		if umpire && strings.TrimSpace(cmd.Reason) != "" {
			ev.Overruled = what
			return nil
		}
		hint := "The umpire may rule otherwise with reason:<why>"
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.season", What: what, Hint: hint, Rule: rule}
	}
	facts := engine.Facts{}
	switch cmd.Event {
	case VPVicksburg:
		if !umpire && side == "" {
			return nil, engine.Illegal("vp.player", "Only the game's players and umpire roll for Vicksburg", "")
		}
		if g.Victory.VicksburgFell {
			return nil, engine.Illegal("vp.vicksburg.fallen", "Vicksburg has already surrendered", "No further rolls are made (000 3.4)")
		}
		for _, t := range g.Victory.VicksburgRolls {
			if t == g.Turn {
				return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.vicksburg.turn", What: fmt.Sprintf("Vicksburg has already been rolled for on turn %d", g.Turn), Hint: "One roll each turn", Rule: "000 3.4"}
			}
		}
		if from := vicksburgFrom(day); day.Before(from) {
			if err := outOfSeason(fmt.Sprintf("Rolling for Vicksburg begins on the June 30 turn; this is turn %d (%s)", g.Turn, g.TurnLabel(g.Turn)), "000 3.4, VII 8"); err != nil {
				return nil, err
			}
		}
		ev.Category, ev.What = CategoryVicksburg, "Vicksburg surrender roll"
	case VPDraftRiots:
		if !umpire && side != engine.USA {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.side", What: "The Union player rolls for the draft riots", Rule: "000 3.3"}
		}
		if g.Victory.DraftRiots {
			return nil, engine.Illegal("vp.draft.done", "The draft riots have already been rolled", "They are rolled once, on July 14 (000 3.3)")
		}
		if cmd.Removed < 0 || cmd.Removed > 100 {
			return nil, engine.Invalid("vp.draft.removed", fmt.Sprintf("%d manpower points cannot be removed", cmd.Removed), "Give removed: from 0 to 100")
		}
		if on := draftRiotsOn(day); !day.Equal(on) {
			if err := outOfSeason(fmt.Sprintf("The draft riots are rolled on the July 14 turn; this is turn %d (%s)", g.Turn, g.TurnLabel(g.Turn)), "000 3.3, VII 9"); err != nil {
				return nil, err
			}
		}
		facts["union_mp_removed"] = cmd.Removed
		ev.Removed = cmd.Removed
		ev.Category, ev.What = CategoryDraft, "New York City draft riots"
	case VPRaspberry:
		if !umpire && side != engine.CSA {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.side", What: "The Confederate player rolls for the Raspberry Raid", Rule: "000 2.0 5)"}
		}
		if g.Victory.RaspberryRaid {
			return nil, engine.Illegal("vp.raspberry.done", "The Raspberry Raid has already occurred", "It happens once; the random event is treated as Rain afterwards (000 2.0 4))")
		}
		if err := g.checkWithdrawn(cmd); err != nil {
			return nil, err
		}
		facts["rg_units_removed"] = len(cmd.Units)
		ev.Units = append([]string(nil), cmd.Units...)
		ev.Category, ev.What = CategoryRaspberry, "Raspberry Raid"
	default:
		return nil, engine.Invalid("vp.event", fmt.Sprintf("%q is not a rolled VP event", cmd.Event), "Roll vicksburg, draft-riots or raspberry-raid")
	}
	evs, err := engine.Channel{Rolls: g.Rolls}.Decide(engine.RollTable{By: cmd.By, Table: cmd.Table, Facts: facts}, d)
	if err != nil {
		return nil, err
	}
	tr := evs[0].(*engine.TableRolled)
	ev.Roll, ev.Outcome = tr.Number, tr.Outcome
	if v, ok := tr.Values["csa_vp_lost"]; ok {
		ev.VP = -v
	} else if v, ok := tr.Values["csa_vp_gained"]; ok {
		ev.VP = v
	} else {
		return nil, fmt.Errorf("engine: table %s outcome %s carries no csa_vp_lost or csa_vp_gained", tr.Table, tr.Outcome)
	}
	return append(evs, ev), nil
}

// checkWithdrawn checks the Richmond Garrison units withdrawn before the
// Raspberry Raid roll (000 2.0 5)): each one's own, on the map, at least 3
// manpower, south of the Potomac. That it "has not been attached" the map
// record cannot tell: it is the player's word.
func (g Game) checkWithdrawn(cmd RollVP) error {
	seen := map[string]bool{}
	var south *engine.Region
	if cmd.Map != nil {
		south = cmd.Map.Region("south-of-potomac")
	}
	for _, id := range cmd.Units {
		u, err := g.Unit(id)
		if err != nil {
			return err
		}
		if !g.Controls(cmd.By, u) {
			return engine.Invalid("unit.unknown", fmt.Sprintf("You have no unit %q", id), "/oob lists your units")
		}
		if seen[id] {
			return engine.Invalid("vp.raspberry.twice", fmt.Sprintf("%s is named twice", u.Name), "Name each unit once")
		}
		seen[id] = true
		rule := "000 2.0 5)"
		switch {
		case !strings.EqualFold(u.Command, "Rich"):
			return &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.raspberry.unit", What: u.Name + " is not a Richmond Garrison unit", Rule: rule}
		case !u.OnMap || u.Eliminated:
			return &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.raspberry.unit", What: u.Name + " is not on the map", Hint: "Only units on the map are withdrawn", Rule: rule}
		case u.Manpower < 3:
			return &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.raspberry.unit", What: fmt.Sprintf("%s has %d manpower; a withdrawn unit needs at least 3", u.Name, u.Manpower), Rule: rule}
		case south == nil:
			return fmt.Errorf("engine: the map has no region south-of-potomac")
		case !south.Contains(engine.Center(u.Hex)):
			return &engine.RuleError{Kind: engine.ErrIllegal, Code: "vp.raspberry.unit", What: u.Name + " is not south of the Potomac", Rule: rule}
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// The module.

// victoryModule is victory points.
func victoryModule() engine.Module {
	return engine.Module{Name: "victory",
		Commands: []engine.Command{ClaimCounty{}, RecordCrossing{}, RollVP{}}, Decide: claims(decideVictory),
		Events: []engine.Event{&CountyControlled{}, &PotomacCrossed{}, &VPRolled{}, &VPBonus{}},
		Apply:  folds(applyVictory)}
}

func decideVictory(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	var (
		evs []engine.Event
		err error
	)
	switch cmd := cmd.(type) {
	case ClaimCounty:
		evs, err = g.decideCounty(cmd)
	case RecordCrossing:
		evs, err = g.decideCrossing(cmd)
	case RollVP:
		evs, err = g.decideRollVP(cmd, d)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

func applyVictory(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *CountyControlled:
		g = g.action(e, func(g *Game) {
			v := g.Victory.clone()
			v.Counties[e.County] = append(append([]int(nil), v.Counties[e.County]...), e.Turn)
			g.Victory = v
			what := fmt.Sprintf("%s: %s turn of control", e.Name, Ordinal(e.Nth))
			if e.Doubled {
				what += fmt.Sprintf(" (%+d doubled)", e.Base)
			}
			g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: CategoryCounties, What: what, VP: e.VP})
		})
	case *PotomacCrossed:
		g = g.action(e, func(g *Game) {
			v := g.Victory.clone()
			v.Crossed, _ = time.Parse(time.DateOnly, e.Date)
			v.CrossedTurn = e.Turn
			g.Victory = v
		})
	case *VPBonus:
		// Part of the place action before it (PartOfAction): not kept
		// from its undo.
		v := g.Victory.clone()
		v.Bonus = true
		g.Victory = v
		g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: e.Category, What: e.What, VP: e.VP})
	case *VPRolled:
		g = g.keep(func(g *Game) {
			v := g.Victory.clone()
			switch e.Event {
			case VPVicksburg:
				v.VicksburgRolls = append(append([]int(nil), v.VicksburgRolls...), e.Turn)
				v.VicksburgFell = v.VicksburgFell || e.VP != 0
			case VPDraftRiots:
				v.DraftRiots = true
			case VPRaspberry:
				v.RaspberryRaid = true
				if len(e.Units) > 0 {
					g.Units = engine.CopyUnits(g.Units)
					for _, id := range e.Units {
						g.EditUnit(id, func(u *engine.UnitState) {
							u.OnMap, u.Eliminated, u.Track, u.Slot = false, true, "withdrawn-raspberry-raid", 0
						})
					}
				}
			}
			g.Victory = v
			if e.VP != 0 {
				g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: e.Category, What: fmt.Sprintf("%s (roll #%d)", e.What, e.Roll), VP: e.VP})
			}
		})
	default:
		return g, false
	}
	return g, true
}

// keep folds a change that is not a board action into the state. An undo
// of an earlier board action does not take it back: GameState.Apply folds
// every such event into the state the undo returns to as well.
func (g Game) keep(f func(*Game)) Game {
	f(&g)
	return g
}

func (v VictoryState) clone() VictoryState {
	c := v
	c.Counties = make(map[string][]int, len(v.Counties)+1)
	for k, t := range v.Counties {
		c.Counties[k] = t
	}
	return c
}

func appendVP(vp []VPEntry, e VPEntry) []VPEntry {
	return append(append([]VPEntry(nil), vp...), e)
}

// ---------------------------------------------------------------------------
// The record by category and turn.

// VPCategoriesOrdered returns the record's categories in the order of the
// 003 Victory Point Record Table, then any others sorted.
func (g Game) VPCategoriesOrdered() []string {
	by, _ := g.VPTotals()
	var out []string
	for _, c := range vpCategoryOrder() {
		if _, ok := by[c]; ok {
			out = append(out, c)
			delete(by, c)
		}
	}
	rest := make([]string, 0, len(by))
	for c := range by {
		rest = append(rest, c)
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// VPByTurn sums the record by category and turn, and returns the turns
// that have entries, in order.
func (g Game) VPByTurn() (map[string]map[int]int, []int) {
	cells := map[string]map[int]int{}
	seen := map[int]bool{}
	var turns []int
	for _, e := range g.VP {
		if cells[e.Category] == nil {
			cells[e.Category] = map[int]int{}
		}
		cells[e.Category][e.Turn] += e.VP
		if !seen[e.Turn] {
			seen[e.Turn] = true
			turns = append(turns, e.Turn)
		}
	}
	sort.Ints(turns)
	return cells, turns
}

func (*VPBonus) PartOfAction() {}
