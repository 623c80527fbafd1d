package litn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Lee Invades the North (002) Initial Phase, 3.1 A: I Reorganization
// (scenario 2, 15.4), II Attrition (1862, odd turns from 3; 11, 11.1),
// III Replacements (1862, from turn 5; 15.2), IV Militia (4.2), V Supply
// Wagons (Confederate arrivals 4.1, Union wagon creation 9.2), VI Hooker
// Dissatisfaction (scenario 3, 15.6).
//
// Every procedure here is a pure function of its inputs (the turn, the
// units, what the record sheets say): it decides and explains, it changes
// nothing. Rolls go through the chart slots the rules name (litn.attrition,
// litn.union-militia: the group's loaded copies, never invented numbers) or
// the shipped tables that encode numbers 002 prints in its text
// (litn.union-reorganization, litn.hooker-dissatisfaction). Wiring them into
// a game's sequence of play comes later (docs/litn-initial.md).

// Chart slot and table ids used by the Initial Phase.
const (
	SlotAttrition     = "litn.attrition"
	SlotMilitia       = "litn.union-militia"
	TableReorganize   = "litn.union-reorganization"
	TableHooker       = "litn.hooker-dissatisfaction"
	attritionFriendly = "Friendly territory"
	attritionEnemy    = "Enemy territory"
)

// LITN scenario ids (scenarios/catalogue.yaml).
const (
	Scenario1 = "litn-1-frederick-to-antietam"
	Scenario2 = "litn-2-maryland-campaign"
	Scenario3 = "litn-3-pennsylvania-campaign"
	Scenario4 = "litn-4-collision-at-gettysburg"
)

// Numbers 002 prints in its text (cross-checked against the shipped charts
// litn.confederate-wagons, litn.replacements, litn.replacement-costs and
// litn.militia-eligibility by initial_test.go).
const (
	MaxCSAWagons          = 6  // 4.1 "limited to six supply wagons"
	WagonInterval         = 3  // 4.1 "one supply wagon every three turns"
	ReplacementsStart     = 5  // 15.2 "Replacements begin on turn 5"
	ReplacementInfantry   = 1  // 15.2 "One infantry strength point costs 1 replacement point"
	ReplacementCavalry    = 2  // 15.2 "One cavalry strength point costs 2 replacement points"
	MilitiaVP             = 5  // 4.2 "5 net victory points"
	MilitiaRange          = 15 // 4.2 "within 15 hexes of Harrisburg (hex 4001)"
	ReorganizeLastRoll    = 4  // 15.4 "During each Initial Phase on turns 1-4"
	ReorganizeAll         = 5  // 15.4 "In the Initial Phase of turn 5 all units become reorganized"
	ReorganizeMax         = 4  // 15.4 "attempt to reorganize four units"
	ReorganizeRange       = 3  // 15.4 "within three hexes of McClellan"
	AttritionDepotMP      = 4  // 11 "within four movement points of a friendly supply depot"
	HookerFirstTurn       = 2  // 15.6 "In each Initial Phase starting with turn 2"
	HookerStartBox        = 1  // 15.6 "place the Hooker Dissatisfaction marker in the "1" box"
	HookerBackPerMajorWin = 2  // 15.6 "back two boxes - not five - for each Union major victory"
)

// cSAWagonFirst is the first Confederate wagon turn of each scenario
// (15.3: turn 6; 15.4: turn 3; 15.6: turn 5; 15.7: turn 3).
var cSAWagonFirst = map[string]int{Scenario1: 6, Scenario2: 3, Scenario3: 5, Scenario4: 3}

// Harrisburg is hex 4001, where militia appear (4.2).
func Harrisburg() engine.Hex { return engine.OffsetToAxial(40, 1, engine.OddColumnsDown) }

// InitTurn is the turn whose Initial Phase is settled.
type InitTurn struct {
	Scenario string `json:"scenario"` // a LITN catalogue id
	Turn     int    `json:"turn"`     // the Turn Record Track's turn (scenario 1 starts on turn 4)
}

// Year is the scenario's year: 1862 for scenarios 1 and 2, 1863 for 3 and 4
// (15: "Scenarios 1 and 2 simulate the 1862 campaign, while scenarios 3 and
// 4 are set in 1863").
func (t InitTurn) Year() int {
	switch t.Scenario {
	case Scenario1, Scenario2:
		return 1862
	case Scenario3, Scenario4:
		return 1863
	}
	return 0
}

func (t InitTurn) check() error {
	if t.Year() == 0 {
		return engine.Invalid("litn.initial.scenario", fmt.Sprintf("%q is not a LITN scenario", t.Scenario),
			"Give one of "+strings.Join([]string{Scenario1, Scenario2, Scenario3, Scenario4}, ", "))
	}
	if t.Turn < 1 {
		return engine.Invalid("litn.initial.turn", fmt.Sprintf("turn %d is not a turn", t.Turn), "Turns are numbered from 1 on the Turn Record Track")
	}
	return nil
}

// InitCharts are what the Initial Phase rolls on: the library (its
// slots and tables) and the group's loaded chart copies by slot id.
type InitCharts struct {
	Library *engine.Library
	Loaded  map[string]*engine.LoadedChart
}

func (c InitCharts) slot(id string) (*engine.ChartSlot, *engine.LoadedChart, error) {
	if c.Library == nil || c.Library.Slot(id) == nil {
		return nil, nil, engine.Invalid("litn.initial.chart", "The chart slot "+id+" is missing", "Pass the library with LITN's chart slots (scenarios/rules/litn-slots.yaml)")
	}
	s := c.Library.Slot(id)
	lc := c.Loaded[id]
	if lc == nil {
		return nil, nil, errChartMissing(s)
	}
	return s, lc, nil
}

func (c InitCharts) table(id string) (*engine.Table, error) {
	if c.Library == nil || c.Library.Table(id) == nil {
		return nil, engine.Invalid("litn.initial.table", "The table "+id+" is missing", "Pass the library with LITN's tables (scenarios/rules/litn-scenarios.yaml)")
	}
	return c.Library.Table(id), nil
}

// ----- which procedures happen this turn (3.1 A) -----

// InitState is what the game knows that decides the optional steps.
type InitState struct {
	MilitiaEligible bool `json:"militia_eligible,omitempty"` // 4.2: either condition met, now or before
	HookerReplaced  bool `json:"hooker_replaced,omitempty"`  // 15.6: Meade has taken over
	WagonMarkers    int  `json:"wagon_markers,omitempty"`    // 9.2: Union Wagon Creation markers on the map
	CSAWagonsOwed   int  `json:"csa_wagons_owed,omitempty"`  // 4.1: wagons due earlier and delayed
}

// InitStep is one step of 3.1 A and whether it happens this turn.
type InitStep struct {
	Step    string `json:"step"` // "I Reorganization", ...
	Section string `json:"section"`
	Happens bool   `json:"happens"`
	Why     string `json:"why"`
}

// InitialSteps lists the six steps of 3.1 A in order, each saying
// whether it happens this turn and why (its section).
func InitialSteps(t InitTurn, st InitState) ([]InitStep, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	var out []InitStep
	add := func(step, sec string, ok bool, why string) {
		out = append(out, InitStep{Step: step, Section: sec, Happens: ok, Why: why})
	}
	switch {
	case t.Scenario != Scenario2:
		add("I Reorganization", "15.4", false, "Union reorganization is scenario 2's only (002 3.1 A I, 15.4)")
	case t.Turn <= ReorganizeLastRoll:
		add("I Reorganization", "15.4", true, fmt.Sprintf("turn %d of scenario 2: the Union may roll for up to four disorganized units within three hexes of McClellan (002 15.4)", t.Turn))
	case t.Turn == ReorganizeAll:
		add("I Reorganization", "15.4", true, "turn 5 of scenario 2: all units become reorganized, without rolls (002 15.4)")
	default:
		add("I Reorganization", "15.4", false, "reorganization ends on turn 5 of scenario 2 (002 15.4)")
	}
	ok, why := AttritionDue(t)
	add("II Attrition", "11", ok, why)
	n, why := ReplacementPoints(t)
	add("III Replacements", "15.2", n > 0, why)
	if st.MilitiaEligible {
		add("IV Militia", "4.2", true, "the Union is eligible for militia (5 net Confederate VPs or a Confederate combat unit within 15 hexes of Harrisburg, met at some time): it rolls every turn for the rest of the game (002 4.2)")
	} else {
		add("IV Militia", "4.2", false, "neither of 4.2's conditions has been met yet: no militia roll (002 4.2)")
	}
	due, why := CSAWagonDue(t)
	csa := due || st.CSAWagonsOwed > 0
	if !due && st.CSAWagonsOwed > 0 {
		why += fmt.Sprintf("; %d delayed wagon(s) may still enter (002 4.1)", st.CSAWagonsOwed)
	}
	add("V Supply Wagons (Confederate)", "4.1", csa, why)
	if st.WagonMarkers > 0 {
		add("V Supply Wagons (Union)", "9.2", true, fmt.Sprintf("%d Wagon Creation marker(s) on the map: the Union may place a wagon in each marker's hex (002 9.2)", st.WagonMarkers))
	} else {
		add("V Supply Wagons (Union)", "9.2", false, "no Wagon Creation markers on the map (002 9.2)")
	}
	switch {
	case t.Scenario != Scenario3:
		add("VI Hooker Dissatisfaction", "15.6", false, "Hooker dissatisfaction is scenario 3's only (002 3.1 A VI, 15.6)")
	case st.HookerReplaced:
		add("VI Hooker Dissatisfaction", "15.6", false, "Meade has already replaced Hooker (002 15.6)")
	case t.Turn < HookerFirstTurn:
		add("VI Hooker Dissatisfaction", "15.6", false, "the Hooker dissatisfaction rolls start on turn 2 (002 15.6)")
	default:
		add("VI Hooker Dissatisfaction", "15.6", true, fmt.Sprintf("turn %d of scenario 3: the Union rolls a die and adds the marker's box (002 15.6)", t.Turn))
	}
	return out, nil
}

// ----- I Union reorganization (15.4) -----

// ReorgUnit is a Union unit for 15.4.
type ReorgUnit struct {
	ID           string     `json:"id"`
	Name         string     `json:"name,omitempty"`
	Hex          engine.Hex `json:"hex"`
	Disorganized bool       `json:"disorganized"` // face down (15.4)
}

// ReorgRoll is one unit's reorganization roll.
type ReorgRoll struct {
	Unit        string            `json:"unit"`
	Distance    int               `json:"distance"` // hexes from McClellan
	Roll        *engine.TableRoll `json:"roll,omitempty"`
	Reorganized bool              `json:"reorganized"`
	Explanation string            `json:"explanation"`
}

// Reorganization is the Union's reorganization in one Initial Phase.
type Reorganization struct {
	Turn        int         `json:"turn"`
	Rolls       []ReorgRoll `json:"rolls,omitempty"`
	Reorganized []string    `json:"reorganized,omitempty"` // every unit turned face up
	Explanation []string    `json:"explanation"`
}

// Reorganize settles 15.4 for scenario 2: on turns 1-4 the Union
// player rolls (table litn.union-reorganization, 1-4 reorganizes) for each
// of up to four chosen disorganized units within three hexes of McClellan
// ("traced through any type of terrain or units"); on turn 5 every unit
// reorganizes without a roll and McClellan's position does not matter.
func Reorganize(t InitTurn, mcclellan engine.Hex, units []ReorgUnit, chosen []string, ch InitCharts, d engine.Dice) (*Reorganization, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	if t.Scenario != Scenario2 {
		return nil, engine.Illegal("litn.reorg.scenario", "Union reorganization is part of scenario 2 only", "002 3.1 A I, 15.4: no reorganization in "+t.Scenario)
	}
	res := &Reorganization{Turn: t.Turn}
	byID := map[string]ReorgUnit{}
	for _, u := range units {
		byID[u.ID] = u
	}
	switch {
	case t.Turn == ReorganizeAll:
		if len(chosen) > 0 {
			return nil, engine.Illegal("litn.reorg.turn5", "On turn 5 no units are chosen or rolled for", "002 15.4: \"In the Initial Phase of turn 5 all units become reorganized. No die rolls are necessary\"")
		}
		for _, u := range units {
			if u.Disorganized {
				res.Reorganized = append(res.Reorganized, u.ID)
			}
		}
		res.Explanation = append(res.Explanation, fmt.Sprintf("002 15.4: turn 5: all %d disorganized units become reorganized, with no rolls and wherever McClellan is", len(res.Reorganized)))
		return res, nil
	case t.Turn > ReorganizeAll:
		return nil, engine.Illegal("litn.reorg.over", fmt.Sprintf("Turn %d: reorganization is over (every unit was reorganized on turn 5)", t.Turn), "002 15.4")
	}
	if len(chosen) > ReorganizeMax {
		return nil, engine.Illegal("litn.reorg.four", fmt.Sprintf("%d units were chosen: the Union may attempt to reorganize four units a turn", len(chosen)), "Choose at most four (002 15.4)")
	}
	tb, err := ch.table(TableReorganize)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, id := range chosen {
		u, ok := byID[id]
		switch {
		case !ok:
			return nil, engine.Invalid("litn.reorg.unit", fmt.Sprintf("%q is not one of the Union units given", id), "Choose disorganized Union units by id")
		case seen[id]:
			return nil, engine.Illegal("litn.reorg.twice", fmt.Sprintf("%s was chosen twice", initName(u.Name, u.ID)), "Each unit is rolled for once a turn (002 15.4)")
		case !u.Disorganized:
			return nil, engine.Illegal("litn.reorg.organized", fmt.Sprintf("%s is not disorganized", initName(u.Name, u.ID)), "Only disorganized (face-down) infantry units are rolled for; cavalry, Miles and White never were (002 15.4)")
		}
		seen[id] = true
		dist := engine.Distance(u.Hex, mcclellan)
		if dist > ReorganizeRange {
			return nil, engine.Illegal("litn.reorg.range", fmt.Sprintf("%s is %d hexes from McClellan", initName(u.Name, u.ID), dist), "The units must be within three hexes of McClellan, counted through any terrain or units (002 15.4)")
		}
	}
	for _, id := range chosen {
		u := byID[id]
		dist := engine.Distance(u.Hex, mcclellan)
		tr, err := tb.Roll(d, engine.Facts{})
		if err != nil {
			return nil, err
		}
		ok := tr.Outcome == "reorganized"
		r := ReorgRoll{Unit: id, Distance: dist, Roll: tr, Reorganized: ok,
			Explanation: fmt.Sprintf("002 15.4: %s, %d hexes from McClellan (%s): %s: %s (1-4 reorganizes, 5-6 does not)", initName(u.Name, u.ID), dist, TableReorganize, tableLine(tr), tr.Name)}
		res.Rolls = append(res.Rolls, r)
		res.Explanation = append(res.Explanation, r.Explanation)
		if ok {
			res.Reorganized = append(res.Reorganized, id)
		}
	}
	if len(chosen) == 0 {
		res.Explanation = append(res.Explanation, "002 15.4: the Union attempts no reorganization this turn")
	}
	return res, nil
}

// ----- II Attrition (11, 11.1, 15.2) -----

// AttritionDue says whether attrition happens this turn: 1862 scenarios
// only, odd turns except turn 1 (3.1 A II, 11, 15.2, 15.5).
func AttritionDue(t InitTurn) (bool, string) {
	switch {
	case t.Year() != 1862:
		return false, "attrition is not used in the 1863 scenarios (002 11, 15.5)"
	case t.Turn == 1:
		return false, "no attrition on turn 1 (002 3.1 A II, 11)"
	case t.Turn%2 == 0:
		return false, fmt.Sprintf("turn %d is even: attrition is on odd turns 3, 5, 7... (002 11)", t.Turn)
	}
	return true, fmt.Sprintf("turn %d is odd and not turn 1 in an 1862 scenario: each player rolls one die on the Attrition Table (002 11)", t.Turn)
}

// AttritionUnit is one of the player's units for attrition.
type AttritionUnit struct {
	ID       string `json:"id"`
	Name     string `json:"name,omitempty"`
	Troops   string `json:"troops"` // infantry, cavalry, artillery, militia, wagon
	Strength int    `json:"strength"`
	// Friendly: the unit is in its side's friendly territory (2.1).
	Friendly bool `json:"friendly"`
	// LOC: the unit has a line of communications now (11.1 "at the time
	// attrition is determined").
	LOC bool `json:"loc"`
	// NearDepot: within four movement points of a friendly supply depot,
	// traced with the unit's costs and not through enemy units (11).
	NearDepot bool `json:"near_depot,omitempty"`
}

// AttritionUnitFromSheet makes an attrition unit of a record sheet line; the
// caller fills in the current strength (the sheet's is the starting one)
// and where the unit stands.
func AttritionUnitFromSheet(l SheetLeader) AttritionUnit {
	return AttritionUnit{ID: l.ID, Name: l.Name, Troops: l.Troops, Strength: l.Strength}
}

// AttritionLoss is what attrition does to one unit.
type AttritionLoss struct {
	Unit        string `json:"unit"`
	Column      string `json:"column,omitempty"`
	Row         string `json:"row,omitempty"`
	Read        int    `json:"read"` // the losses the table gives
	Lost        int    `json:"lost"` // after the no-zero rule
	Strength    int    `json:"strength"`
	Explanation string `json:"explanation"`
}

// AttritionResult is one player's attrition.
type AttritionResult struct {
	Side  engine.Side        `json:"side"`
	Die   int                `json:"die"`   // the one roll for all units (11.1)
	Rolls []engine.ChartRoll `json:"rolls"` // the lookups, each naming the slot
	Units []AttritionLoss    `json:"units"`
	Lines []string           `json:"explanation"`
}

// replay replays the faces of one roll for several lookups on the same
// chart: 11.1 "A player makes just one die roll to determine losses for all
// his units". Each lookup takes a fresh replay.
type replay struct {
	faces []int
	i     int
}

func (r *replay) Roll(int) int {
	f := r.faces[r.i%len(r.faces)]
	r.i++
	return f
}

// Attrition settles one player's attrition (11, 11.1): one die for all
// his units, read per unit in the column of the territory it stands in, one
// row higher without a line of communications; units within four MPs of a
// friendly depot and supply wagons are spared; no unit drops to 0 by
// attrition. The losses are read on the group's copy of litn.attrition.
func Attrition(t InitTurn, side engine.Side, units []AttritionUnit, ch InitCharts, d engine.Dice) (*AttritionResult, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	if side != engine.CSA && side != engine.USA {
		return nil, engine.Invalid("litn.attrition.side", fmt.Sprintf("%q is not a side", side), "Give csa or usa")
	}
	if ok, why := AttritionDue(t); !ok {
		return nil, engine.Illegal("litn.attrition.turn", "No attrition this turn: "+why, "Attrition is rolled in the Initial Phase of odd turns from turn 3 of the 1862 scenarios (002 11)")
	}
	s, lc, err := ch.slot(SlotAttrition)
	if err != nil {
		return nil, err
	}
	// The one roll, on the slot's own dice (1d6), replayed for every lookup.
	terms, face := s.Dice.Roll(d)
	var faces []int
	for _, tr := range terms {
		faces = append(faces, tr.Faces...)
	}
	res := &AttritionResult{Side: side, Die: face}
	res.Lines = append(res.Lines, fmt.Sprintf("002 11.1: the %s player rolls %s once for all his units: %d", strings.ToUpper(string(side)), s.Dice.String(), face))
	cache := map[string]*engine.ChartRoll{}
	lookup := func(col string, noLOC bool) (*engine.ChartRoll, error) {
		key := fmt.Sprintf("%s/%v", col, noLOC)
		if r, ok := cache[key]; ok {
			return r, nil
		}
		var mods []engine.AppliedModifier
		if noLOC {
			mods = []engine.AppliedModifier{{Value: 1, Reason: "no line of communications (002 11.1)", Side: string(side)}}
		}
		r, err := s.RollSlot(&replay{faces: faces}, lc, col, mods)
		if err != nil {
			return nil, err
		}
		cache[key] = r
		res.Rolls = append(res.Rolls, *r)
		return r, nil
	}
	for _, u := range units {
		name := initName(u.Name, u.ID)
		l := AttritionLoss{Unit: u.ID, Strength: u.Strength}
		switch {
		case u.Strength < 1 && u.Troops != "wagon":
			return nil, engine.Invalid("litn.attrition.strength", fmt.Sprintf("%s has %d strength points: an eliminated unit is out of play", name, u.Strength), "Give only units in play (002 2.2)")
		case u.Troops == "wagon":
			l.Explanation = fmt.Sprintf("002 11: %s is a supply wagon: attrition never affects wagons", name)
		case u.NearDepot:
			l.Explanation = fmt.Sprintf("002 11: %s is within four movement points of a friendly supply depot: no attrition", name)
		case u.Troops == "militia":
			l.Explanation = fmt.Sprintf("%s is militia: 11.1 gives infantry and cavalry losses to units of the record sheets; militia are not on them (their strength is on the counter, 4.2): no attrition (the rules are silent)", name)
		case u.Troops == "artillery":
			l.Explanation = fmt.Sprintf("%s is artillery: 11.1 gives losses only for infantry and cavalry units: none (the rules are silent on artillery)", name)
		case u.Troops == "infantry" || u.Troops == "cavalry":
			col := attritionEnemy
			if u.Friendly {
				col = attritionFriendly
			}
			r, err := lookup(col, !u.LOC)
			if err != nil {
				return nil, err
			}
			inf, cav, ok := splitLosses(r.Result)
			if !ok {
				return nil, engine.Invalid("litn.attrition.cell", fmt.Sprintf("The Attrition Table's row %s, column %s holds %q, not infantry/cavalry losses", r.Row, r.Column, r.Result), "Reload the chart ("+s.CellHelp+")")
			}
			l.Column, l.Row, l.Read = r.Column, r.Row, inf
			if u.Troops == "cavalry" {
				l.Read = cav
			}
			l.Lost = l.Read
			loc := ""
			if !u.LOC {
				loc = ", no line of communications: read one row higher (+1)"
			}
			l.Explanation = fmt.Sprintf("002 11.1: %s (%s, %s%s): %s (%s) row %s, column %s: %s: %d %s loss(es)", name, u.Troops, strings.ToLower(col), loc, s.Title, s.ID, r.Row, r.Column, r.Result, l.Read, u.Troops)
			if l.Lost > u.Strength-1 {
				l.Lost = u.Strength - 1
				l.Explanation += fmt.Sprintf("; no unit can be reduced to 0 strength points by attrition: it loses %d (002 11.1)", l.Lost)
			}
			l.Strength = u.Strength - l.Lost
			l.Explanation += fmt.Sprintf("; strength %d → %d", u.Strength, l.Strength)
		default:
			return nil, engine.Invalid("litn.attrition.troops", fmt.Sprintf("%s: troops %q", name, u.Troops), "Give infantry, cavalry, artillery, militia or wagon")
		}
		res.Units = append(res.Units, l)
		res.Lines = append(res.Lines, l.Explanation)
	}
	return res, nil
}

// splitLosses reads an attrition cell "inf/cav".
func splitLosses(cell string) (int, int, bool) {
	a, b, ok := strings.Cut(strings.TrimSpace(cell), "/")
	if !ok {
		return 0, 0, false
	}
	i, err1 := strconv.Atoi(a)
	c, err2 := strconv.Atoi(b)
	return i, c, err1 == nil && err2 == nil && i >= 0 && c >= 0
}

// ----- III Replacements (15.2) -----

// ReplacementPoints is the replacement points each player receives this
// turn and why (15.2; 3.1 A III).
func ReplacementPoints(t InitTurn) (int, string) {
	switch {
	case t.Year() != 1862:
		return 0, "replacements are not used in the 1863 scenarios (002 15.5)"
	case t.Turn < ReplacementsStart:
		return 0, fmt.Sprintf("turn %d: replacements begin on turn 5 (002 15.2)", t.Turn)
	case t.Turn%2 == 1:
		return 1, fmt.Sprintf("turn %d is odd: each player receives 1 replacement point (002 15.2)", t.Turn)
	}
	return 2, fmt.Sprintf("turn %d is even: each player receives 2 replacement points (002 15.2)", t.Turn)
}

// ReplacementUnit is a unit that may receive replacements.
type ReplacementUnit struct {
	ID          string      `json:"id"`
	Name        string      `json:"name,omitempty"`
	Side        engine.Side `json:"side"`
	Troops      string      `json:"troops"` // infantry, cavalry, artillery, militia
	Strength    int         `json:"strength"`
	LOC         bool        `json:"loc"`
	Demoralized bool        `json:"demoralized,omitempty"`
}

// FortHex is a Washington fortification hex's intrinsic strength (13).
type FortHex struct {
	Hex       string `json:"hex"` // the printed number
	Intrinsic int    `json:"intrinsic"`
}

// ReplacementSpend is one purchase: strength points for a unit or
// (Union) a fortification hex.
type ReplacementSpend struct {
	Unit     string `json:"unit,omitempty"`
	FortHex  string `json:"fort_hex,omitempty"`
	Strength int    `json:"strength"` // strength points added
}

// ReplacementGain is one settled purchase.
type ReplacementGain struct {
	Unit        string `json:"unit,omitempty"`
	FortHex     string `json:"fort_hex,omitempty"`
	Added       int    `json:"added"`
	Cost        int    `json:"cost"`
	Strength    int    `json:"strength"` // after
	Explanation string `json:"explanation"`
}

// Replacements is a player's replacements for one turn.
type Replacements struct {
	Side      engine.Side       `json:"side"`
	Points    int               `json:"points"`
	Spent     int               `json:"spent"`
	Lost      int               `json:"lost"` // unspent: "Replacement points cannot be saved"
	Gains     []ReplacementGain `json:"gains,omitempty"`
	Explained []string          `json:"explanation"`
}

// SpendReplacements settles a player's replacements (15.2): points by
// turn, 1 per infantry and 2 per cavalry strength point, only to units with
// a line of communications that are not demoralized and not eliminated,
// above the original strength if he likes, unspent points lost; the Union
// may also raise a fortification hex's intrinsic strength (13).
func SpendReplacements(t InitTurn, side engine.Side, units []ReplacementUnit, forts []FortHex, spend []ReplacementSpend) (*Replacements, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	if side != engine.CSA && side != engine.USA {
		return nil, engine.Invalid("litn.replacements.side", fmt.Sprintf("%q is not a side", side), "Give csa or usa")
	}
	pts, why := ReplacementPoints(t)
	res := &Replacements{Side: side, Points: pts, Explained: []string{"002 15.2: " + strings.TrimSuffix(why, " (002 15.2)")}}
	if pts == 0 {
		if len(spend) > 0 {
			return nil, engine.Illegal("litn.replacements.none", "No replacement points this turn: "+why, "Replacements are 1862's, from turn 5 (002 15.2)")
		}
		return res, nil
	}
	byID := map[string]ReplacementUnit{}
	for _, u := range units {
		byID[u.ID] = u
	}
	fortBy := map[string]FortHex{}
	for _, f := range forts {
		fortBy[f.Hex] = f
	}
	added := map[string]int{}
	for _, sp := range spend {
		if sp.Strength < 1 {
			return nil, engine.Invalid("litn.replacements.amount", fmt.Sprintf("%d strength points: give 1 or more", sp.Strength), "Each purchase adds whole strength points")
		}
		var g ReplacementGain
		switch {
		case sp.Unit != "" && sp.FortHex != "":
			return nil, engine.Invalid("litn.replacements.target", "A purchase is for a unit or a fortification hex, not both", "Give unit or fort_hex")
		case sp.FortHex != "":
			f, ok := fortBy[sp.FortHex]
			switch {
			case side != engine.USA:
				return nil, engine.Illegal("litn.replacements.fort", "Only the Union may add intrinsic fortification strength", "002 15.2: \"(or for the Union, to intrinsic fortification strength)\"")
			case !ok:
				return nil, engine.Invalid("litn.replacements.fort", fmt.Sprintf("Hex %s is not one of the fortification hexes given", sp.FortHex), "Give a Washington fortification hex (002 13)")
			case f.Intrinsic+added["fort:"+f.Hex] < 1:
				return nil, engine.Illegal("litn.replacements.eliminated", fmt.Sprintf("The intrinsic strength of hex %s is eliminated", f.Hex), "An eliminated strength cannot be brought back through replacements (002 13, 15.2)")
			}
			g = ReplacementGain{FortHex: f.Hex, Added: sp.Strength, Cost: sp.Strength * ReplacementInfantry}
			added["fort:"+f.Hex] += sp.Strength
			g.Strength = f.Intrinsic + added["fort:"+f.Hex]
			g.Explanation = fmt.Sprintf("002 15.2, 13: fortification hex %s: +%d intrinsic strength for %d replacement point(s) (1 a point, as infantry: 15.2 gives no separate cost): %d", f.Hex, g.Added, g.Cost, g.Strength)
		default:
			u, ok := byID[sp.Unit]
			name := initName(u.Name, u.ID)
			switch {
			case !ok:
				return nil, engine.Invalid("litn.replacements.unit", fmt.Sprintf("%q is not one of the units given", sp.Unit), "Give the unit's id")
			case u.Side != side:
				return nil, engine.Illegal("litn.replacements.side", fmt.Sprintf("%s is not a %s unit", name, strings.ToUpper(string(side))), "Each player spends his points on his own units")
			case u.Strength < 1:
				return nil, engine.Illegal("litn.replacements.eliminated", fmt.Sprintf("%s is eliminated", name), "A completely eliminated unit cannot be brought back into play through replacements (002 15.2)")
			case !u.LOC:
				return nil, engine.Illegal("litn.replacements.loc", fmt.Sprintf("%s has no line of communications", name), "To receive replacement points a unit must have a line of communications (002 15.2, 7.2)")
			case u.Demoralized:
				return nil, engine.Illegal("litn.replacements.demoralized", fmt.Sprintf("%s is demoralized", name), "A demoralized unit cannot receive replacements (002 15.2)")
			case u.Troops == "militia":
				return nil, engine.Illegal("litn.replacements.militia", fmt.Sprintf("%s is militia", name), "Militia strength is printed on the counter, not on the record sheet (002 4.2); 15.2 adds strength on the sheet")
			case u.Troops != "infantry" && u.Troops != "cavalry":
				return nil, engine.Illegal("litn.replacements.troops", fmt.Sprintf("%s is %s", name, u.Troops), "002 15.2 prices only infantry (1) and cavalry (2) strength points")
			}
			cost := ReplacementInfantry
			if u.Troops == "cavalry" {
				cost = ReplacementCavalry
			}
			g = ReplacementGain{Unit: u.ID, Added: sp.Strength, Cost: sp.Strength * cost}
			added[u.ID] += sp.Strength
			g.Strength = u.Strength + added[u.ID]
			g.Explanation = fmt.Sprintf("002 15.2: %s (%s, with a line of communications, not demoralized): +%d strength point(s) at %d replacement point(s) each = %d; strength %d → %d (noted on the Player Record Sheet; it may exceed the original strength)",
				name, u.Troops, g.Added, cost, g.Cost, g.Strength-g.Added, g.Strength)
		}
		res.Spent += g.Cost
		if res.Spent > pts {
			return nil, engine.Illegal("litn.replacements.too-many", fmt.Sprintf("The purchases cost %d replacement points; the %s has %d this turn", res.Spent, strings.ToUpper(string(side)), pts),
				fmt.Sprintf("Spend at most %d (infantry 1 a point, cavalry 2; 002 15.2)", pts))
		}
		res.Gains = append(res.Gains, g)
		res.Explained = append(res.Explained, g.Explanation)
	}
	res.Lost = pts - res.Spent
	if res.Lost > 0 {
		res.Explained = append(res.Explained, fmt.Sprintf("002 15.2: %d replacement point(s) unspent are lost: replacement points cannot be saved", res.Lost))
	}
	return res, nil
}

// ----- IV Militia (4.2) -----

// MilitiaCheck is what decides militia eligibility (4.2).
type MilitiaCheck struct {
	AlreadyEligible bool         `json:"already_eligible,omitempty"` // met on an earlier turn
	NetCSAVP        float64      `json:"net_csa_vp"`                 // 15.1: fractions are kept
	CSACombatHexes  []engine.Hex `json:"csa_combat_hexes,omitempty"` // where the Confederate combat units are
}

// MilitiaEligible says whether the Union rolls for militia: once 5 net
// Confederate VPs have been earned or a Confederate combat unit has come
// within 15 hexes of Harrisburg (hex 4001), every turn for the rest of the
// game (4.2; 15.1 Victory Point Marker).
func MilitiaEligible(c MilitiaCheck) (bool, string) {
	if c.AlreadyEligible {
		return true, "a condition of 4.2 was met earlier: the Union rolls for militia every turn for the rest of the game (002 4.2)"
	}
	if c.NetCSAVP >= MilitiaVP {
		return true, fmt.Sprintf("the Confederates have %g net victory points (5 or more): the Union may begin rolling for militia (002 4.2, 15.1)", c.NetCSAVP)
	}
	h := Harrisburg()
	near := -1
	for _, x := range c.CSACombatHexes {
		if dd := engine.Distance(x, h); near < 0 || dd < near {
			near = dd
		}
	}
	if near >= 0 && near <= MilitiaRange {
		return true, fmt.Sprintf("a Confederate combat unit is %d hexes from Harrisburg (hex 4001), within 15: the Union may begin rolling for militia (002 4.2)", near)
	}
	why := fmt.Sprintf("the Confederates have %g net victory points (fewer than 5)", c.NetCSAVP)
	if near >= 0 {
		why += fmt.Sprintf(" and their nearest combat unit is %d hexes from Harrisburg (more than 15)", near)
	}
	return false, why + ": no militia yet (002 4.2)"
}

// MilitiaRoll is the Union's militia roll.
type MilitiaRoll struct {
	Eligible    bool              `json:"eligible"`
	Roll        *engine.ChartRoll `json:"roll,omitempty"` // names the slot
	Units       int               `json:"units"`          // militia units placed at Harrisburg
	Explanation string            `json:"explanation"`
}

// RollMilitia settles 3.1 A IV: when eligible, the Union rolls on the
// group's Union Militia Table (slot litn.union-militia) and places that
// many militia units at Harrisburg, hex 4001 (4.2); no militia appear
// while Harrisburg is Confederate-controlled, and then there is no roll.
func RollMilitia(t InitTurn, c MilitiaCheck, harrisburgCSA bool, ch InitCharts, d engine.Dice) (*MilitiaRoll, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	ok, why := MilitiaEligible(c)
	res := &MilitiaRoll{Eligible: ok}
	switch {
	case !ok:
		res.Explanation = "002 4.2: " + why
		return res, nil
	case harrisburgCSA:
		res.Explanation = "002 4.2: the Union is eligible, but militia cannot appear while Harrisburg is Confederate-controlled: no roll"
		return res, nil
	}
	s, lc, err := ch.slot(SlotMilitia)
	if err != nil {
		return nil, err
	}
	r, err := s.RollSlot(d, lc, lc.Columns[0], nil)
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(r.Result)
	if err != nil || n < 0 {
		return nil, engine.Invalid("litn.militia.cell", fmt.Sprintf("The Union Militia Table's row %s holds %q, not a number of units", r.Row, r.Result), "Reload the chart ("+s.CellHelp+")")
	}
	res.Roll, res.Units = r, n
	res.Explanation = fmt.Sprintf("002 4.2: %s; %s: %d militia unit(s) placed at Harrisburg (hex 4001), strength as printed on the counters", why, chartLine(r), n)
	return res, nil
}

// ----- V Supply wagons (4.1, 9.2) -----

// CSAWagonDue says whether a Confederate wagon is due this turn: one
// every three turns from the scenario's first wagon turn (4.1; 15.3 turn 6,
// 15.4 turn 3, 15.6 turn 5, 15.7 turn 3).
func CSAWagonDue(t InitTurn) (bool, string) {
	first, ok := cSAWagonFirst[t.Scenario]
	switch {
	case !ok:
		return false, "not a LITN scenario"
	case t.Turn < first:
		return false, fmt.Sprintf("the first Confederate wagon comes on turn %d in this scenario (002 4.1)", first)
	case (t.Turn-first)%WagonInterval != 0:
		return false, fmt.Sprintf("Confederate wagons come on turn %d and every third turn after it; turn %d is not one (002 4.1)", first, t.Turn)
	}
	return true, fmt.Sprintf("turn %d: a Confederate supply wagon is due (from turn %d, every third turn; 002 4.1)", t.Turn, first)
}

// CSAWagons is the Confederate wagon arrival of one Initial Phase.
type CSAWagons struct {
	Due         bool     `json:"due"`
	Available   int      `json:"available"` // due now plus delayed before
	Placed      []string `json:"placed,omitempty"`
	Owed        int      `json:"owed"` // delayed to a later turn
	Explanation []string `json:"explanation"`
}

// PlaceCSAWagons settles 4.1: the wagon due this turn (and any delayed
// before) may be placed at Confederate supply depot hexes (the player's
// choice, place), or delayed; never more than six in play. depots are the
// Confederate depot hexes (printed numbers); hex 1026's depot does not
// exist in 1862 (15.2). inPlay counts the Confederate wagons on the map.
func PlaceCSAWagons(t InitTurn, inPlay, owed int, depots, place []string) (*CSAWagons, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	due, why := CSAWagonDue(t)
	res := &CSAWagons{Due: due, Available: owed}
	if due {
		res.Available++
	}
	res.Explanation = append(res.Explanation, "002 4.1: "+strings.TrimSuffix(why, " (002 4.1)"))
	if owed > 0 {
		res.Explanation = append(res.Explanation, fmt.Sprintf("002 4.1: %d wagon(s) delayed from earlier turns may enter", owed))
	}
	if len(place) > res.Available {
		return nil, engine.Illegal("litn.wagons.none", fmt.Sprintf("%d wagon(s) to place, but %d may enter this turn", len(place), res.Available), "One wagon every three turns, plus any delayed (002 4.1)")
	}
	if inPlay+len(place) > MaxCSAWagons {
		return nil, engine.Illegal("litn.wagons.six", fmt.Sprintf("%d Confederate wagons are in play: placing %d would make %d", inPlay, len(place), inPlay+len(place)),
			fmt.Sprintf("The Confederate player is limited to six supply wagons (002 4.1): place at most %d; the others wait", max(0, MaxCSAWagons-inPlay)))
	}
	ok := map[string]bool{}
	for _, h := range depots {
		ok[h] = true
	}
	for _, h := range place {
		switch {
		case t.Year() == 1862 && h == "1026":
			return nil, engine.Illegal("litn.wagons.1026", "The hex 1026 depot does not exist in 1862 scenarios", "002 15.2: place it at another Confederate depot")
		case !ok[h]:
			return nil, engine.Illegal("litn.wagons.depot", fmt.Sprintf("Hex %s is not a Confederate supply depot", h), "Place it at any of his supply depot hexes (002 4.1): "+strings.Join(depots, ", "))
		}
		res.Placed = append(res.Placed, h)
		res.Explanation = append(res.Explanation, fmt.Sprintf("002 4.1: a Confederate supply wagon enters at the depot in hex %s", h))
	}
	res.Owed = res.Available - len(res.Placed)
	if res.Owed > 0 {
		res.Explanation = append(res.Explanation, fmt.Sprintf("002 4.1: %d wagon(s) delayed (the player may voluntarily delay a wagon's entry)", res.Owed))
	}
	return res, nil
}

// WagonCreator is a Union leader at the end of his Movement Phase,
// asking for a Wagon Creation marker (9.2).
type WagonCreator struct {
	ID   string      `json:"id"`
	Name string      `json:"name,omitempty"`
	Side engine.Side `json:"side"`
	// Leader: a leader, including a detachment (9.2); not militia, wagons
	// or the Union artillery unit.
	Leader         bool   `json:"leader"`
	Hex            string `json:"hex"`
	InUnionDepot   bool   `json:"in_union_depot"`
	CommandPoints  int    `json:"command_points"`
	Moved          bool   `json:"moved,omitempty"`        // spent MPs this Movement Phase
	NotReleased    bool   `json:"not_released,omitempty"` // Miles or White before release (15.2)
	WholePhaseHere bool   `json:"whole_phase_here"`       // in the hex the whole Movement Phase
}

// WagonMarker is a Wagon Creation marker placed at the end of a
// Movement Phase; the wagon may be placed in the next Initial Phase.
type WagonMarker struct {
	Leader      string `json:"leader"`
	Hex         string `json:"hex"`
	Explanation string `json:"explanation"`
}

// CreateWagonMarker checks 9.2 Union Supply Wagon Creation for one
// leader: a Union leader (detachments too) spends one full Movement Phase
// in a Union supply depot hex with 1 CP, without moving; Miles and White
// may not until released (15.2); none while every wagon is in play.
// Several leaders in a depot each create one. countersLeft is how many
// Union wagon counters are not in play, wagons and markers already made
// counted (the counter mix is not in the seeds).
func CreateWagonMarker(l WagonCreator, countersLeft int) (*WagonMarker, error) {
	name := initName(l.Name, l.ID)
	switch {
	case l.Side != engine.USA:
		return nil, engine.Illegal("litn.wagons.union", "Wagon creation is the Union's", "002 9.2: the Confederates receive wagons every three turns (4.1)")
	case !l.Leader:
		return nil, engine.Illegal("litn.wagons.leader", fmt.Sprintf("%s is not a leader", name), "The Union player may use leaders, including detachments, to create supply wagons (002 9.2)")
	case l.NotReleased:
		return nil, engine.Illegal("litn.wagons.released", fmt.Sprintf("%s has not been released", name), "Miles and White may not build supply wagons until released (002 15.2)")
	case !l.InUnionDepot:
		return nil, engine.Illegal("litn.wagons.depot", fmt.Sprintf("%s is not in a Union supply depot hex", name), "The leader must spend one full Movement Phase in a Union supply depot hex (002 9.2)")
	case !l.WholePhaseHere || l.Moved:
		return nil, engine.Illegal("litn.wagons.moved", fmt.Sprintf("%s did not stay in hex %s throughout the Movement Phase", name, l.Hex), "The leader must not move throughout the phase (002 9.2)")
	case l.CommandPoints < 1:
		return nil, engine.Illegal("litn.wagons.cp", fmt.Sprintf("%s has %d CPs this turn", name, l.CommandPoints), "The leader must have 1 CP (002 9.2)")
	case countersLeft < 1:
		return nil, engine.Illegal("litn.wagons.all", "All Union supply wagons are in play", "If all supply wagons are in play, none can be created (002 9.2)")
	}
	return &WagonMarker{Leader: l.ID, Hex: l.Hex,
		Explanation: fmt.Sprintf("002 9.2: %s spent the whole Movement Phase unmoved in the Union depot hex %s with %d CP(s): a Wagon Creation marker goes in the hex; a wagon may be placed there in the next Initial Phase", name, l.Hex, l.CommandPoints)}, nil
}

// UnionWagons is the Union wagon placement of an Initial Phase.
type UnionWagons struct {
	Placed      []string `json:"placed,omitempty"` // hexes
	Lapsed      []string `json:"lapsed,omitempty"` // markers not used
	Explanation []string `json:"explanation"`
}

// PlaceUnionWagons settles 3.1 A V's Union part: a wagon may be placed
// in each hex with a Wagon Creation marker (one per marker), none beyond
// the counters left; markers not used this Initial Phase are removed.
func PlaceUnionWagons(markers []WagonMarker, place []string, countersLeft int) (*UnionWagons, error) {
	res := &UnionWagons{}
	left := map[string]int{}
	for _, m := range markers {
		left[m.Hex]++
	}
	if len(place) > countersLeft {
		return nil, engine.Illegal("litn.wagons.all", fmt.Sprintf("%d wagon(s) to place, %d Union wagon counter(s) left", len(place), countersLeft), "If all supply wagons are in play, none can be created (002 9.2)")
	}
	for _, h := range place {
		if left[h] < 1 {
			return nil, engine.Illegal("litn.wagons.marker", fmt.Sprintf("Hex %s has no (unused) Wagon Creation marker", h), "The Union player may place wagons only in hexes with Wagon Creation markers (002 3.1 A V, 9.2)")
		}
		left[h]--
		res.Placed = append(res.Placed, h)
		res.Explanation = append(res.Explanation, fmt.Sprintf("002 9.2: a Union supply wagon is placed in hex %s (its Wagon Creation marker is removed)", h))
	}
	for _, m := range markers {
		if left[m.Hex] > 0 {
			left[m.Hex]--
			res.Lapsed = append(res.Lapsed, m.Hex)
			res.Explanation = append(res.Explanation, fmt.Sprintf("002 9.2: the Wagon Creation marker in hex %s is not used this Initial Phase and is removed (the rule places the wagon \"during the Initial Phase of the following turn\")", m.Hex))
		}
	}
	return res, nil
}

// ----- VI Hooker dissatisfaction (15.6) -----

// HookerMarker is the Hooker Dissatisfaction marker on the Turn Record
// Track: its box, and half a Confederate VP not yet moved (15.1 keeps
// fractions; 15.6 moves a box per VP).
type HookerMarker struct {
	Box  int  `json:"box"`
	Half bool `json:"half,omitempty"`
}

// NewHookerMarker is the marker at the start of scenario 3: box 1.
func NewHookerMarker() HookerMarker { return HookerMarker{Box: HookerStartBox} }

// Moved returns the marker after Confederate VPs scored (in half points,
// 15.1) and Union major victories: forward one box per VP, back two per
// Union major victory, never below box 1 (15.6).
func (m HookerMarker) Moved(csaHalfVPs, unionMajors int) HookerMarker {
	halves := csaHalfVPs
	if m.Half {
		halves++
	}
	m.Box += halves / 2
	m.Half = halves%2 == 1
	m.Box -= HookerBackPerMajorWin * unionMajors
	if m.Box < HookerStartBox {
		m.Box = HookerStartBox
	}
	return m
}

// HookerRoll is a settled Hooker dissatisfaction roll.
type HookerRoll struct {
	Box         int               `json:"box"`
	Roll        *engine.TableRoll `json:"roll"`
	Replaced    bool              `json:"replaced"`
	Steps       []string          `json:"steps,omitempty"` // 15.6 steps 1-3 when replaced
	Explanation string            `json:"explanation"`
}

// HookerDissatisfaction settles 3.1 A VI for scenario 3: from turn 2,
// while Hooker commands, the Union rolls a die and adds the marker's box;
// 6 or more and Meade replaces Hooker (table litn.hooker-dissatisfaction).
// sheet, if given, is the Union record sheet: the steps then name its
// counters (Hooker's department counter, Meade's corps, Sykes, Meade's
// department counter arriving by hooker-dissatisfaction).
func HookerDissatisfaction(t InitTurn, m HookerMarker, replaced bool, sheet *Sheet, ch InitCharts, d engine.Dice) (*HookerRoll, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	switch {
	case t.Scenario != Scenario3:
		return nil, engine.Illegal("litn.hooker.scenario", "Hooker dissatisfaction is part of scenario 3 only", "002 3.1 A VI, 15.6")
	case replaced:
		return nil, engine.Illegal("litn.hooker.replaced", "Meade has already replaced Hooker", "There is no more Hooker dissatisfaction roll (002 15.6)")
	case t.Turn < HookerFirstTurn:
		return nil, engine.Illegal("litn.hooker.turn", "No Hooker dissatisfaction roll on turn 1", "The rolls start in the Initial Phase of turn 2 (002 15.6)")
	}
	tb, err := ch.table(TableHooker)
	if err != nil {
		return nil, err
	}
	box := max(m.Box, HookerStartBox)
	fact := box
	if spec := tb.Fact("dissatisfaction_box"); spec != nil && spec.Max > 0 && fact > spec.Max {
		fact = spec.Max // any roll succeeds long before
	}
	tr, err := tb.Roll(d, engine.Facts{"dissatisfaction_box": fact})
	if err != nil {
		return nil, err
	}
	res := &HookerRoll{Box: box, Roll: tr, Replaced: tr.Outcome == "meade-replaces-hooker"}
	res.Explanation = fmt.Sprintf("002 15.6: the marker is in box %d: %s (%s): %s: %s (6 or more replaces Hooker)", box, tb.Title, TableHooker, tableLine(tr), tr.Name)
	if res.Replaced {
		res.Steps = hookerSteps(sheet)
	}
	return res, nil
}

// hookerSteps are 15.6's three steps, naming the sheet's counters.
func hookerSteps(s *Sheet) []string {
	hooker, meade, sykes, meadeDept := "Hooker's department leader counter", "the Meade leader counter", "the Sykes counter", "the Meade department leader counter"
	if s != nil {
		for _, l := range s.Leaders {
			switch {
			case l.Role == SheetDepartment && !sheetHookerOut(l):
				hooker = fmt.Sprintf("%s (%s)", l.Name, l.ID)
			case l.Role == SheetDepartment:
				meadeDept = fmt.Sprintf("%s (%s)", l.Name, l.ID)
			case l.IsCombat() && sheetHookerOut(l):
				sykes = fmt.Sprintf("%s (%s)", l.Name, l.ID)
			case l.IsCombat() && strings.Contains(strings.ToLower(l.Name), "meade"):
				meade = fmt.Sprintf("%s (%s)", l.Name, l.ID)
			}
		}
	}
	return []string{
		fmt.Sprintf("1. Remove %s from the map (002 15.6)", hooker),
		fmt.Sprintf("2. Remove %s and put %s in its place; Sykes takes over Meade's current strength (002 15.6)", meade, sykes),
		fmt.Sprintf("3. Place %s in the hex where Meade was (002 15.6)", meadeDept),
	}
}

// initName is a unit's name for explanations.
func initName(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
