package engine

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// The records module: the turn record (000 VIII; 003 June and July 1863
// turn records), army morale (LRTG 15; 003 ARMY MORALE; 000 VII 7) and
// supply (LRTG 13, 24; 003 supply & losses sheets).
//
// Morale contributions that come from other modules' events (a unit
// eliminated, a demoralized or out-of-supply mark) are read from the state
// whenever the morale is computed. The army's state (Disorder, Panic) and
// its victory points are confirmed by this module's events: /turn next
// (the Victory Check Phase, 003 sequence of play 8: "confirm Army
// Demoralization level"), /morale check, /morale adjust and /supply adjust.

// recordsModule is LRTG's morale and supply records.
func recordsModule() Module {
	return Module{Name: "records",
		Commands: []Command{AdjustMorale{}, CheckMorale{}, AdjustSupply{}}, Decide: claims(decideRecords),
		Events: []Event{&MoraleAdjusted{}, &MoraleChecked{}, &SupplyAdjusted{}},
		Apply:  folds(applyRecords)}
}

// turnModule is the turn record's advance (a kernel module: every game
// advances its turn with AdvanceTurn).
func turnModule() Module {
	return Module{Name: "turn",
		Commands: []Command{AdvanceTurn{}}, Decide: claims(decideRecords),
		Events: []Event{&TurnAdvanced{}},
		Apply:  folds(applyRecords)}
}

// RecordsState is the game's state of this rule module: eliminations as
// morale counts them, the players' and umpire's morale adjustments, each
// army's confirmed morale state, the supply sheets, and the record of each
// finished turn.
type RecordsState struct {
	Eliminations []Elimination       // each eliminated unit with the turn it was eliminated (15.1)
	Adjustments  []MoraleAdjustment  // morale contributions the engine cannot compute yet
	Armies       map[Side]ArmyRecord // each army's morale as last confirmed
	Track        map[Side]int        // simplified supply: the side's victual track (24.0); absent = the start
	Victuals     map[string]int      // normal / augmented supply: a unit's victuals (13.0); absent = full
	StoreUsed    map[string]int      // levied towns: victuals taken from them (13.1, 24.3)
	SupplyLog    []SupplyEntry       // every supply change, for the side's sheet
	History      []TurnPoint         // the turn record so far: each finished turn's VP and morale
}

// Elimination is a unit eliminated, with the turn morale counts it from.
type Elimination struct {
	Unit    string `json:"unit"`
	Name    string `json:"name"`
	Side    Side   `json:"side"`
	Kind    string `json:"kind"`
	Command string `json:"command,omitempty"`
	Size    string `json:"size"`
	Turn    int    `json:"turn"`
}

// MoraleAdjustment is a morale contribution a player or the umpire records:
// it counts from its turn until another adjustment takes it back.
type MoraleAdjustment struct {
	Side   Side
	Turn   int
	Delta  int
	Reason string
	By     Actor
}

// ArmyRecord is an army's morale as last confirmed, and the states it has
// ever reached (000 VII 7: the awards remember them).
type ArmyRecord struct {
	Level        int
	Disorder     bool
	Panic        bool
	EverDisorder bool
	EverPanic    bool
}

// SupplyEntry is one line of a side's supply sheet.
type SupplyEntry struct {
	Turn   int
	Side   Side
	What   string
	Reason string
	By     Actor
}

// TurnPoint is one finished turn on the record: the VP total (+ is
// Confederate) and both armies' morale levels at its end.
type TurnPoint struct {
	Turn int    `json:"turn"`
	Date string `json:"date"` // first day of the turn, 1863-06-03
	VP   int    `json:"vp"`
	CSA  int    `json:"csa_morale"`
	USA  int    `json:"usa_morale"`
}

// supplyMoraleLine is army morale's supply contribution (LRTG 15.1 9)-10),
// 24.6; 004 Army Morale h)-i)): the simplified supply track's, or one for
// every three Union (two Confederate) infantry divisions out of supply;
// the rules cited are the game's.
func (g GameState) supplyMoraleLine(side Side, sizes UnitSizes, simplified, usa, csa string) (MoraleLine, bool) {
	if g.Options.Supply == "simplified" {
		v := simplifiedSupplyMorale(g.SupplyLevel(side))
		return MoraleLine{What: fmt.Sprintf("Supply track at %+d", g.SupplyLevel(side)), Value: v, Rule: simplified}, v > 0
	}
	n := 0
	for _, id := range recordUnitIDs(g.Units) {
		u := g.Units[id]
		if u.Side == side && u.OnMap && !u.Eliminated && infantry(u) && sizeOf(u, sizes) == "division" &&
			(contains(u.Marks, "out-of-supply") || g.Victuals(u) <= 0) {
			n++
		}
	}
	per, rule := 3, usa
	if side == CSA {
		per, rule = 2, csa
	}
	return MoraleLine{What: fmt.Sprintf("%d infantry divisions out of supply (one per %d)", n, per), Value: n / per, Rule: rule}, n/per > 0
}

// ---------------------------------------------------------------------
// The turn record.

// lrtgTurnDate returns the first calendar day of an LRTG turn. The game
// starts on June 3, 1863 (000 VIII 1) 2)); each of the first three turns is
// three days (000 VIII 1) 3): June 3-5, 6-8, 9-11), every later turn one
// day (003 June and July 1863 turn records: June 12 is turn 4, with the
// first Random Events roll of 000 2.0; July 7 is turn 29, July 30 turn 52).
func lrtgTurnDate(turn int) time.Time {
	start := time.Date(1863, time.June, 3, 0, 0, 0, 0, time.UTC)
	if turn <= 3 {
		return start.AddDate(0, 0, 3*(turn-1))
	}
	return start.AddDate(0, 0, 9+turn-4)
}

// lrtgTurnDays returns how many days an LRTG turn lasts (000 VIII 1) 3)).
func lrtgTurnDays(turn int) int {
	if turn <= 3 {
		return 3
	}
	return 1
}

// lrtgLastDay is the day of an LRTG scenario's last turn: "at the end of
// the July 7 turn" (000 VIII 1) 8)), "at the end of the July 30 turn"
// (000 VIII 2) Ending Date). scenarios/catalogue.yaml holds the same dates;
// a scenarios test keeps the two together.
func lrtgLastDay(scenario string) (time.Time, bool) {
	switch scenario {
	case "lrtg-high-tide":
		return time.Date(1863, time.July, 7, 0, 0, 0, 0, time.UTC), true
	case "lrtg-gettysburg-campaign":
		return time.Date(1863, time.July, 30, 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}

// LRTA's turn record (004 Turn Record, lrta.turn-record): one day a turn
// from Aug 19, 1862 (turn 1) to Oct 10 (turn 54). The record prints a
// "Sept 31" (turn 44) between Sept 30 and Oct 1: the record is followed,
// so turn 44 is a second day dated Sept 30 that prints "September 31".
const (
	LRTATurns       = 54
	lrtaSeptember31 = 44
)

func lrtaTurnDate(turn int) time.Time {
	start := time.Date(1862, time.August, 19, 0, 0, 0, 0, time.UTC)
	if turn >= lrtaSeptember31 {
		return start.AddDate(0, 0, turn-2)
	}
	return start.AddDate(0, 0, turn-1)
}

// Game returns the game this game plays: its ruleset's ("" before the
// game is created). A game stored before its ruleset was recorded finds
// it by its scenario (Rulesets.Of, Hooks.OwnsScenario).
func (g GameState) Game() Game {
	if g.rules != nil {
		return g.rules.id
	}
	return ""
}

// turnDate and turnDays are the scenario's turn record: the ruleset's
// (a game with none has no turn record: LastTurn is 0).
func (g GameState) turnDate(turn int) time.Time {
	if g.rules != nil && g.rules.hooks.TurnDate != nil {
		return g.rules.hooks.TurnDate(g.Options.Scenario, turn)
	}
	return time.Time{}
}

func (g GameState) turnDays(turn int) int {
	if g.rules != nil && g.rules.hooks.TurnDays != nil {
		return g.rules.hooks.TurnDays(g.Options.Scenario, turn)
	}
	return 1
}

// inOpening says whether the turn is one of the game's opening turns
// (Hooks.OpeningTurns: LRTG's first three).
func (g GameState) inOpening() bool {
	return g.rules != nil && g.rules.hooks.OpeningTurns > 0 && g.Turn <= g.rules.hooks.OpeningTurns
}

// ScenarioLastTurn returns the number of a scenario's last turn, or 0
// for a scenario the turn record does not know.
func ScenarioLastTurn(scenario string) int {
	if scenario == "lrta-campaign" {
		return LRTATurns
	}
	last, ok := lrtgLastDay(scenario)
	if !ok {
		return 0
	}
	for t := 1; ; t++ {
		if !lrtgTurnDate(t).Before(last) {
			return t
		}
	}
}

// LastTurn returns the game's last turn (0: the scenario is not known).
func (g GameState) LastTurn() int {
	if g.rules != nil && g.rules.hooks.LastTurn != nil {
		return g.rules.hooks.LastTurn(g.Options.Scenario)
	}
	return ScenarioLastTurn(g.Options.Scenario)
}

// TurnDate returns the first calendar day of one of the game's turns, and
// false for a turn outside the scenario (before 1 or after its last).
func (g GameState) TurnDate(turn int) (time.Time, bool) {
	if turn < 1 || turn > g.LastTurn() {
		return time.Time{}, false
	}
	return g.turnDate(turn), true
}

// TurnDays returns how many days one of the game's turns lasts (0 outside
// the scenario).
func (g GameState) TurnDays(turn int) int {
	if _, ok := g.TurnDate(turn); !ok {
		return 0
	}
	return g.turnDays(turn)
}

// TurnOn returns the turn a calendar day falls in, and false for a day
// outside the scenario.
func (g GameState) TurnOn(day time.Time) (int, bool) {
	day = time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	for t := 1; t <= g.LastTurn(); t++ {
		first := g.turnDate(t)
		if !day.Before(first) && day.Before(first.AddDate(0, 0, g.turnDays(t))) {
			return t, true
		}
	}
	return 0, false
}

// DaysLeft returns the calendar days that follow the given turn until the
// end of the scenario's last turn.
func (g GameState) DaysLeft(turn int) int {
	d, ok := g.TurnDate(turn)
	if !ok {
		return 0
	}
	last, _ := g.TurnDate(g.LastTurn())
	end := d.AddDate(0, 0, g.TurnDays(turn)-1)
	days := int(last.Sub(end).Hours() / 24)
	if g.rules != nil && g.rules.hooks.UncountedDays != nil {
		days += g.rules.hooks.UncountedDays(g.Options.Scenario, turn)
	}
	return days
}

// TurnLabel writes a turn's dates as the turn record prints them:
// "June 3-5, 1863", "July 1, 1863"; "" outside the scenario.
func (g GameState) TurnLabel(turn int) string {
	d, ok := g.TurnDate(turn)
	if !ok {
		return ""
	}
	if g.rules != nil && g.rules.hooks.TurnLabel != nil {
		if l := g.rules.hooks.TurnLabel(g.Options.Scenario, turn); l != "" {
			return l
		}
	}
	return DateLabel(d, g.TurnDays(turn))
}

// DateLabel writes a span of days as the turn record prints it.
func DateLabel(first time.Time, days int) string {
	if days <= 1 {
		return first.Format("January 2, 2006")
	}
	last := first.AddDate(0, 0, days-1)
	if last.Month() != first.Month() {
		return first.Format("January 2") + " - " + last.Format("January 2, 2006")
	}
	return fmt.Sprintf("%s-%d, %d", first.Format("January 2"), last.Day(), first.Year())
}

// TurnEntry is one turn of the printed turn record: its dates and the
// letters printed on it, with their meanings (scenarios.TurnRecord).
type TurnEntry struct {
	Turn  int
	Date  time.Time
	Days  int
	Marks []TurnMark
}

// TurnMark is a letter printed on the turn record and what it means.
type TurnMark struct {
	Mark    string
	Meaning string
}

// ---------------------------------------------------------------------
// Commands and events.

// UnitSizes gives each unit's size by id (division, brigade, regiment...):
// the order of battle's, which the game state does not copy. Morale and
// supply need it (15.1 counts divisions and brigades; 13.0 supplies
// divisions and cavalry brigades).
type UnitSizes map[string]string

// SizesOf returns the unit sizes of an order of battle.
func SizesOf(o *OrderOfBattle) UnitSizes {
	if o == nil {
		return nil
	}
	out := make(UnitSizes, len(o.Units))
	for _, u := range o.Units {
		out[u.ID] = u.Size
	}
	return out
}

type (
	// AdvanceTurn ends the turn and starts the next (umpire; until the
	// sequence of play does it).
	AdvanceTurn struct {
		By     Actor
		Reason string
		Sizes  UnitSizes
	}
	// AdjustMorale records a morale contribution the engine cannot compute
	// yet (combat losses, a second demoralization level, ...).
	AdjustMorale struct {
		By     Actor
		Side   Side
		Delta  int
		Reason string
		Sizes  UnitSizes
	}
	// CheckMorale confirms both armies' morale states and their VP now.
	CheckMorale struct {
		By    Actor
		Sizes UnitSizes
	}
	// AdjustSupply records victuals spent or gained: the side's track
	// (simplified supply), its units' victuals (normal and augmented
	// supply), or a levied town's store.
	AdjustSupply struct {
		By     Actor
		Side   Side
		Delta  int
		Reason string
		Units  []string // normal / augmented supply: these units (none: every unit of the side on the map that needs supply)
		Store  *Place   // a levied town or a captured depot whose victuals are taken
		Sizes  UnitSizes
	}
)

// CommandName implements Command.
func (AdvanceTurn) CommandName() string { return "turn next" }

// CommandName implements Command.
func (AdjustMorale) CommandName() string { return "morale adjust" }

// CommandName implements Command.
func (CheckMorale) CommandName() string { return "morale check" }

// CommandName implements Command.
func (AdjustSupply) CommandName() string { return "supply adjust" }

// Records events.
const (
	EventTurnAdvanced   = "turn.advanced"
	EventMoraleAdjusted = "morale.adjusted"
	EventMoraleChecked  = "morale.checked"
	EventSupplyAdjusted = "supply.adjusted"
)

// MoraleCheck is a confirmation of both armies' morale: the eliminations
// counted from now on, each army's level and state, and the Disorder /
// Panic VP it moves (000 VII 7).
type MoraleCheck struct {
	Stamped   []Elimination `json:"stamped,omitempty"`
	Unstamped []string      `json:"unstamped,omitempty"` // units no longer eliminated
	Armies    []ArmyCheck   `json:"armies"`
	VP        []MoraleVP    `json:"vp,omitempty"`
}

// ArmyCheck is one army's confirmed morale.
type ArmyCheck struct {
	Side     Side `json:"side"`
	Level    int  `json:"level"`
	Disorder bool `json:"disorder,omitempty"`
	Panic    bool `json:"panic,omitempty"`
	Flight   bool `json:"flight,omitempty"`
}

// MoraleVP is a change of the Disorder / Panic award (+ is Confederate).
type MoraleVP struct {
	Turn int    `json:"turn"`
	What string `json:"what"`
	VP   int    `json:"vp"`
}

// TurnAdvanced records the end of a turn and the start of the next: the
// ending turn's morale confirmed (its Victory Check Phase), its line on
// the record, and the new turn's morale once eliminations age.
type TurnAdvanced struct {
	By      Actor       `json:"by"`
	From    int         `json:"from"`
	To      int         `json:"to"`
	Date    string      `json:"date"` // the new turn's first day
	Reason  string      `json:"reason,omitempty"`
	Closing MoraleCheck `json:"closing"`
	Point   TurnPoint   `json:"point"`
	Opening MoraleCheck `json:"opening"`
}

// MoraleAdjusted records a morale contribution and the check after it.
type MoraleAdjusted struct {
	By     Actor       `json:"by"`
	Side   Side        `json:"side"`
	Delta  int         `json:"delta"`
	Reason string      `json:"reason"`
	Turn   int         `json:"turn"`
	Check  MoraleCheck `json:"check"`
}

// MoraleChecked records a confirmation of the armies' morale.
type MoraleChecked struct {
	By    Actor       `json:"by"`
	Turn  int         `json:"turn"`
	Check MoraleCheck `json:"check"`
}

// VictualChange is one unit's victuals before and after.
type VictualChange struct {
	Unit string `json:"unit"`
	Name string `json:"name"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// SupplyAdjusted records victuals spent or gained, and the morale check
// after (simplified supply moves morale, 24.6; out-of-supply divisions do,
// 15.1).
type SupplyAdjusted struct {
	By     Actor           `json:"by"`
	Side   Side            `json:"side"`
	Turn   int             `json:"turn"`
	Rule   string          `json:"rule"` // normal, simplified or augmented
	Delta  int             `json:"delta"`
	Reason string          `json:"reason"`
	Track  *VictualChange  `json:"track,omitempty"` // simplified: the side's track
	Units  []VictualChange `json:"units,omitempty"` // normal / augmented
	Store  *VictualChange  `json:"store,omitempty"` // a levied town (Unit is its name)
	Check  MoraleCheck     `json:"check"`
}

// EventType implements Event.
func (*TurnAdvanced) EventType() string { return EventTurnAdvanced }

// EventType implements Event.
func (*MoraleAdjusted) EventType() string { return EventMoraleAdjusted }

// EventType implements Event.
func (*MoraleChecked) EventType() string { return EventMoraleChecked }

// EventType implements Event.
func (*SupplyAdjusted) EventType() string { return EventSupplyAdjusted }

// ---------------------------------------------------------------------
// Army morale (LRTG 15; 003 ARMY MORALE).

// Morale thresholds (000 15.2; 003 ARMY MORALE morale table; the chart
// lrtg.army-morale-levels, checked against these by a scenarios test).
const (
	MoraleDisorder = 8
	MoralePanic    = 11
	MoraleFlight   = 14
)

// Disorder / Panic awards (000 VII 7; 003 ARMY MORALE "Victory Points if
// in status" / "if achieved but no longer in status"), to the enemy of the
// army in the state.
const (
	DisorderVP     = 30
	DisorderPastVP = 15
	PanicVP        = 20
	PanicPastVP    = 10
)

// MoraleLine is one contribution to an army's morale level.
type MoraleLine struct {
	What  string
	Turn  int // the turn it counts from (0: the current state of the army)
	Value int
	Rule  string
}

// ArmyMorale is an army's morale level now, with every contribution.
type ArmyMorale struct {
	Side     Side
	Level    int
	Lines    []MoraleLine
	Disorder bool // level 8+
	Panic    bool // level 11+
	Flight   bool // level 14+ with a demoralized infantry division
	// DemoralizedDivision: one of its infantry divisions is demoralized
	// (Flight needs one, 15.2).
	DemoralizedDivision bool
}

// State names the army's state as the morale chart does.
func (m ArmyMorale) State() string { return moraleState(m.Disorder, m.Panic, m.Flight) }

func moraleState(disorder, panic, flight bool) string {
	switch {
	case flight:
		return "Flight"
	case panic:
		return "Panic"
	case disorder:
		return "Disorder"
	}
	return "Normal"
}

// MoraleEffect says what an army's state does (000 15.2; 003 ARMY MORALE).
func MoraleEffect(state string) string {
	switch state {
	case "Flight":
		return "the game ends at once in a decisive victory for the other side (15.2)"
	case "Panic":
		return "-1 to all its combat rolls (15.2)"
	case "Disorder":
		return "-1 to its attack combat rolls (15.2)"
	}
	return "no effect"
}

// ArmyName names a side's army.
func ArmyName(s Side) string {
	if s == CSA {
		return "Confederate army (ANV)"
	}
	return "Union army (AoP)"
}

// moraleCorps reports whether a command is a corps morale counts (000
// 15.1; 003 ARMY MORALE): the AoP infantry corps and the AoP cavalry; the
// ANV corps I, II, III and the cavalry with Jenkins and Imboden. The AoP
// artillery, DC, Baltimore, WV, HF, PA and RR units, the Richmond Garrison,
// 54 NC, 58 VA and 12 VA are in no corps.
func moraleCorps(s Side, command string) bool {
	var corps []string
	if s == USA {
		corps = []string{"I", "II", "III", "V", "VI", "XI", "XII", "Cav"}
	} else {
		corps = []string{"1", "2", "3", "Cav"}
	}
	for _, c := range corps {
		if c == command {
			return true
		}
	}
	return false
}

// armyOfThePotomac reports whether a Union unit is of the AoP: all but the
// DC, Balt, WV, HF, PA and RR designated units (000 15.1).
func armyOfThePotomac(u UnitState) bool {
	if u.Side != USA {
		return false
	}
	switch u.Command {
	case "DC", "Balt", "WV", "HF", "PA", "RR", "VIII", "Shen": // Shen: LRTA's (004 Army Morale **)
		return false
	}
	return true
}

// sizeOf returns a unit's size; a unit the order of battle does not know
// (a substitute counter, LRTG 7) is a brigade.
func sizeOf(u UnitState, sizes UnitSizes) string {
	if s := sizes[u.ID]; s != "" {
		return s
	}
	switch u.Kind {
	case "infantry", "cavalry", "artillery", "militia":
		return "brigade"
	}
	return ""
}

func infantry(u UnitState) bool { return u.Kind == "infantry" || u.Kind == "militia" }

// eliminationMorale is what an eliminated unit adds, age turns after the
// turn it was eliminated (000 15.1; 003 ARMY MORALE).
func eliminationMorale(e Elimination, age int) int {
	if age < 0 || age > 2 {
		return 0
	}
	switch {
	case e.Size == "division" && e.Side == USA:
		return [3]int{3, 2, 1}[age]
	case e.Size == "division":
		return [3]int{6, 4, 2}[age]
	case e.Size != "brigade":
		return 0
	case e.Side == USA && (e.Kind == "infantry" || e.Kind == "militia" || e.Kind == "cavalry" || e.Kind == "artillery"):
		return [3]int{1, 1, 0}[age]
	case e.Side == CSA && (e.Kind == "infantry" || e.Kind == "cavalry"):
		return [3]int{2, 1, 1}[age]
	}
	return 0
}

// demoralization is a unit's demoralization level (status.go; a
// "demoralized" mark recorded before statuses were typed is level 1).
func demoralization(u UnitState) int { return u.WithStatus().Status.Demoralization }

// eliminations returns the side's eliminated units with the turn each
// counts from: its recorded turn, or this turn when not yet recorded.
func (g GameState) eliminations(side Side, sizes UnitSizes) []Elimination {
	stamped := map[string]Elimination{}
	for _, e := range g.Records.Eliminations {
		stamped[e.Unit] = e
	}
	var out []Elimination
	for _, id := range recordUnitIDs(g.Units) {
		u := g.Units[id]
		if u.Side != side || !u.Eliminated {
			continue
		}
		if e, ok := stamped[id]; ok {
			out = append(out, e)
			continue
		}
		out = append(out, Elimination{Unit: id, Name: u.Name, Side: u.Side, Kind: u.Kind, Command: u.Command, Size: sizeOf(u, sizes), Turn: g.Turn})
	}
	return out
}

func recordUnitIDs(m map[string]UnitState) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// ArmyMorale computes a side's morale level now (000 15.1) with every
// contribution: its units' eliminations (and their corps), demoralized
// divisions and brigades, supply, and the recorded adjustments (combat
// losses and whatever else the engine does not compute yet).
func (g GameState) ArmyMorale(side Side, sizes UnitSizes) ArmyMorale {
	if g.Game() == LRTA {
		return g.lrtaArmyMorale(side, sizes) // lrta_morale.go: 004 Army Morale
	}
	m := ArmyMorale{Side: side}
	add := func(l MoraleLine) {
		if l.Value != 0 {
			m.Lines = append(m.Lines, l)
			m.Level += l.Value
		}
	}
	corps := map[string]string{} // corps -> why it counts
	for _, e := range g.eliminations(side, sizes) {
		age := g.Turn - e.Turn
		v := eliminationMorale(e, age)
		when := [3]string{"this turn", "last turn", "two turns ago"}
		if v != 0 {
			add(MoraleLine{What: fmt.Sprintf("%s (%s) eliminated %s", e.Name, e.Size, when[age]), Turn: e.Turn, Value: v, Rule: "15.1"})
		}
		if age >= 0 && age <= 2 && (e.Size == "division" || e.Size == "brigade") && moraleCorps(side, e.Command) && corps[e.Command] == "" {
			corps[e.Command] = fmt.Sprintf("%s eliminated on turn %d", e.Name, e.Turn)
		}
	}
	for _, id := range recordUnitIDs(g.Units) {
		u := g.Units[id]
		if u.Side != side || u.Eliminated || !u.OnMap {
			continue
		}
		d := demoralization(u)
		if d == 0 {
			continue
		}
		size := sizeOf(u, sizes)
		if (size == "division" || size == "brigade") && moraleCorps(side, u.Command) && corps[u.Command] == "" {
			corps[u.Command] = u.Name + " demoralized"
		}
		switch {
		case size == "division" && infantry(u) && side == USA && armyOfThePotomac(u):
			m.DemoralizedDivision = true
			add(MoraleLine{What: fmt.Sprintf("%s (AoP infantry division) at demoralization %d", u.Name, d), Value: d, Rule: "15.1 2)-3)"})
		case size == "division" && infantry(u) && side == USA:
			m.DemoralizedDivision = true
		case size == "division" && infantry(u) && side == CSA:
			m.DemoralizedDivision = true
			add(MoraleLine{What: fmt.Sprintf("%s (infantry division) at demoralization %d", u.Name, d), Value: 2 * d, Rule: "15.1 4)-5)"})
		case size == "brigade" && infantry(u) && side == CSA:
			add(MoraleLine{What: fmt.Sprintf("%s (infantry brigade) demoralized", u.Name), Value: 1, Rule: "15.1 6)"})
		}
	}
	names := make([]string, 0, len(corps))
	for c := range corps {
		names = append(names, c)
	}
	sort.Strings(names)
	for _, c := range names {
		add(MoraleLine{What: fmt.Sprintf("Corps %s: %s", c, corps[c]), Value: 1, Rule: "15.1 1)"})
	}
	if side == CSA {
		if n := g.Losses.CSA; n/5 > 0 {
			add(MoraleLine{What: fmt.Sprintf("%d Confederate MP lost in combat (one per 5)", n), Value: n / 5, Rule: "15.1 8)"})
		}
	} else if n := g.Losses.AoP; n/8 > 0 {
		add(MoraleLine{What: fmt.Sprintf("%d MP of Army of the Potomac units lost in combat (one per 8)", n), Value: n / 8, Rule: "15.1 7)"})
	}
	if l, ok := g.supplyMoraleLine(side, sizes, "24.6", "15.1 9)-10)", "15.1 9)-10)"); ok {
		add(l)
	}
	for _, a := range g.Records.Adjustments {
		if a.Side == side {
			add(MoraleLine{What: fmt.Sprintf("%s (%s)", a.Reason, a.By.Name), Turn: a.Turn, Value: a.Delta, Rule: "15.1"})
		}
	}
	m.Disorder = m.Level >= MoraleDisorder
	m.Panic = m.Level >= MoralePanic
	m.Flight = m.Level >= MoraleFlight && m.DemoralizedDivision
	return m
}

// simplifiedSupplyMorale is the Army Morale column of the Simplified
// Supply effects (000 24.6; 003 Simplified Supply Rules).
func simplifiedSupplyMorale(level int) int {
	switch {
	case level <= -1:
		return 3
	case level == 0:
		return 2
	case level == 1:
		return 1
	}
	return 0
}

// MoraleAward is the Disorder / Panic award of 000 VII 7 for an army's
// record, as a size (the sign is the enemy's): a current state counts in
// full, a state reached before at half, and the two add up.
func MoraleAward(r ArmyRecord) int {
	v := 0
	switch {
	case r.Disorder:
		v += DisorderVP
	case r.EverDisorder:
		v += DisorderPastVP
	}
	switch {
	case r.Panic:
		v += PanicVP
	case r.EverPanic:
		v += PanicPastVP
	}
	return v
}

// moraleCheck confirms both armies' morale now. With stamp, eliminations
// not yet recorded are recorded with this turn.
func (g GameState) moraleCheck(sizes UnitSizes, stamp bool) MoraleCheck {
	var c MoraleCheck
	if stamp {
		known := map[string]bool{}
		for _, e := range g.Records.Eliminations {
			known[e.Unit] = true
			if u, ok := g.Units[e.Unit]; !ok || !u.Eliminated {
				c.Unstamped = append(c.Unstamped, e.Unit)
			}
		}
		for _, side := range []Side{CSA, USA} {
			for _, e := range g.eliminations(side, sizes) {
				if !known[e.Unit] {
					c.Stamped = append(c.Stamped, e)
				}
			}
		}
	}
	for _, side := range []Side{CSA, USA} {
		m := g.ArmyMorale(side, sizes)
		c.Armies = append(c.Armies, ArmyCheck{Side: side, Level: m.Level, Disorder: m.Disorder, Panic: m.Panic, Flight: m.Flight})
		old := g.Records.Armies[side]
		sign := 1
		if side == CSA {
			sign = -1
		}
		army := "Union"
		if side == CSA {
			army = "Confederate"
		}
		state := func(name string, was, is bool, ever bool, full, past int) {
			before, after := 0, 0
			switch {
			case was:
				before = full
			case ever:
				before = past
			}
			switch {
			case is:
				after = full
			case ever || was:
				after = past
			}
			if before == after {
				return
			}
			what := fmt.Sprintf("%s Army %s begins (morale %d)", army, name, m.Level)
			if !is {
				what = fmt.Sprintf("%s Army %s over (morale %d): %d for having occurred", army, name, m.Level, past)
			}
			c.VP = append(c.VP, MoraleVP{Turn: g.Turn, What: what, VP: sign * (after - before)})
		}
		state("Disorder", old.Disorder, m.Disorder, old.EverDisorder, DisorderVP, DisorderPastVP)
		state("Panic", old.Panic, m.Panic, old.EverPanic, PanicVP, PanicPastVP)
	}
	return c
}

// applyCheck folds a morale check.
func (g GameState) applyCheck(c MoraleCheck) GameState {
	r := g.Records
	if len(c.Stamped) > 0 || len(c.Unstamped) > 0 {
		drop := map[string]bool{}
		for _, id := range c.Unstamped {
			drop[id] = true
		}
		var es []Elimination
		for _, e := range r.Eliminations {
			if !drop[e.Unit] {
				es = append(es, e)
			}
		}
		r.Eliminations = append(es, c.Stamped...)
	}
	armies := make(map[Side]ArmyRecord, 2)
	for k, v := range r.Armies {
		armies[k] = v
	}
	for _, a := range c.Armies {
		old := armies[a.Side]
		armies[a.Side] = ArmyRecord{Level: a.Level, Disorder: a.Disorder, Panic: a.Panic,
			EverDisorder: old.EverDisorder || a.Disorder, EverPanic: old.EverPanic || a.Panic}
	}
	r.Armies = armies
	g.Records = r
	if len(c.VP) > 0 {
		vp := append([]VPEntry(nil), g.VP...)
		for _, e := range c.VP {
			vp = append(vp, VPEntry{Turn: e.Turn, Category: "disorder-panic", What: e.What, VP: e.VP})
		}
		g.VP = vp
	}
	return g
}

// ---------------------------------------------------------------------
// Supply (LRTG 13, 23, 24; 003 supply & losses sheets, Simplified Supply).

// SupplyMax is the most victuals a side's unit (normal supply, 13.0) or
// its track (simplified supply, 24.0) holds: 6 Confederate, 7 Union.
func SupplyMax(s Side) int {
	if s == CSA {
		return 6
	}
	return 7
}

// SupplyMin is the lowest box of a simplified supply track (24.0), and
// the fewest victuals a unit has under the normal rules (13.6: none).
func SupplyMin(rule string) int {
	if rule == "simplified" {
		return -1
	}
	return 0
}

// SupplyLevel returns a side's simplified supply track. It starts full
// (13.0: every unit is fully victualled at the start; 24.0 keeps the
// side's victuals on one track).
func (g GameState) SupplyLevel(s Side) int {
	if v, ok := g.Records.Track[s]; ok {
		return v
	}
	return SupplyMax(s)
}

// Victuals returns a unit's victuals under the normal supply rules: full
// until spent (13.0: units start, and enter as reinforcements, full).
func (g GameState) Victuals(u UnitState) int {
	if v, ok := g.Records.Victuals[u.ID]; ok {
		return v
	}
	return SupplyMax(u.Side)
}

// NeedsSupply reports whether a unit is a Unit Requiring Supply: a
// division-sized infantry unit or a brigade-sized cavalry unit (13.0);
// with augmented supply also infantry brigades and regiments and cavalry
// regiments (23.1).
func (g GameState) NeedsSupply(u UnitState, sizes UnitSizes) bool {
	size := sizeOf(u, sizes)
	switch {
	case infantry(u) && size == "division":
		return true
	case u.Kind == "cavalry" && size == "brigade":
		return true
	case g.Options.Supply == "augmented" && (infantry(u) || u.Kind == "cavalry") && (size == "brigade" || size == "regiment"):
		return true
	}
	return false
}

// SupplyUnits returns the side's units requiring supply that are on the
// map, sorted by command and name.
func (g GameState) SupplyUnits(s Side, sizes UnitSizes) []UnitState {
	var out []UnitState
	for _, u := range g.Units {
		if u.Side == s && u.OnMap && !u.Eliminated && g.NeedsSupply(u, sizes) {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Command != out[j].Command {
			return out[i].Command < out[j].Command
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// LevyVictuals is what a levied town holds under the game's supply rule
// (000 13.1 normal, 24.3 simplified), as the levy recorded it; in an LRTA
// game the map's lrta_ values (004 Depots and Levied Supplies).
func (g GameState) LevyVictuals(p Place) int {
	if g.Game() == LRTA {
		if g.Options.Supply == "simplified" {
			if v, ok := p.Values["lrta_levy_victuals_simplified"]; ok {
				return v
			}
		}
		return p.Values["lrta_levy_victuals"]
	}
	if g.Options.Supply == "simplified" {
		if v, ok := p.Values["levy_victuals_simplified"]; ok {
			return v
		}
	}
	return p.Values["levy_victuals"]
}

// LevyVP is what levying the town scores (+ Confederate): LRTG 13.1's
// levy_vp, LRTA's lrta_levy_vp (004: "-" is none).
func (g GameState) LevyVP(p Place) int {
	if g.Game() == LRTA {
		return p.Values["lrta_levy_vp"]
	}
	return p.Values["levy_vp"]
}

// LRTA depots (004 Depots and Levied Supplies). A depot's victuals under
// the normal supply rules and its VPs are the map's lrta_depot_victuals
// and lrta_depot_vp (scenarios/maps/lrtg-places-charts.yaml). What the
// map data does not carry is here, as 004 prints it (the library's
// lrta.depots holds the whole table: bot/lrta_polish_test.go checks these
// against it):
//   - the victuals under the simplified supply rules (the table's middle
//     column, read as lrta.depots reads it, the levies' table heading its
//     middle column so; the map data's value keys, pinned by
//     scenarios/maps_places_test.go, have none for it);
//   - "All other Union Depots 10 3 2": a Union depot 004 gives no row (one
//     the Union builds, or an LRTG depot place);
//   - "All Confederate Depots NA NA 2": its captor draws no victuals; its
//     destruction scores 2 for the Union.
const (
	lrtaOtherDepotVictuals   = 10
	lrtaOtherDepotSimplified = 3
	lrtaOtherDepotVP         = 2
	lrtaCSADepotVP           = 2
)

// lrtaDepotSimplified is a depot's victuals under the simplified supply
// rules, for the depots 004 names (false: none of them).
func lrtaDepotSimplified(place string) (int, bool) {
	switch place {
	case "Alexandria", "Camden Station":
		return 14, true
	case "Manassas Junction":
		return 7, true
	case "Harrisburg":
		return 12, true
	case "Harpers Ferry", "Winchester":
		return 4, true
	case "Aquia Creek Station":
		return 5, true
	}
	return 0, false
}

// LRTADepotValues returns what 004's depot table gives a depot of side at
// p: victuals under the normal and the simplified supply rules, the VP of
// its destruction (+ Confederate), and whether it holds victuals for a
// captor at all (false: "NA", the Confederate depots).
func LRTADepotValues(p Place, side Side) (victuals, simplified, vp int, stocked bool) {
	if side == CSA {
		return 0, 0, -lrtaCSADepotVP, false
	}
	v, okV := p.Values["lrta_depot_victuals"]
	s, okS := lrtaDepotSimplified(p.Name)
	if !okV || !okS {
		return lrtaOtherDepotVictuals, lrtaOtherDepotSimplified, lrtaOtherDepotVP, true
	}
	return v, s, p.Values["lrta_depot_vp"], true
}

// DepotVP is what destroying the depot at p scores (+ Confederate): the
// depot table's VPs (LRTG 13.8; 004 in an LRTA game).
func (g GameState) DepotVP(p Place) int {
	if g.Game() == LRTA {
		_, _, vp, _ := LRTADepotValues(p, g.Places[p.Name].Depot)
		return vp
	}
	return p.Values["depot_vp"]
}

// StoreVictuals returns what is left in a levied town or a captured depot
// (false: it is neither).
func (g GameState) StoreVictuals(p Place) (int, bool) {
	left, _, _, ok := g.Store(p)
	return left, ok
}

// Store returns a store's victuals left, its holder and what it holds
// full (false: the place is no store).
func (g GameState) Store(p Place) (left int, holder Side, full int, ok bool) {
	full, holder, ok = g.store(p)
	if !ok {
		return 0, "", 0, false
	}
	return full - g.Records.StoreUsed[p.Name], holder, full, true
}

// store is what a place holds as a store, and for whom: a levied town the
// Confederates' (13.1); a captured depot its captor's, three times the VP
// of its destruction in victuals (13.8; 24.3's column under simplified
// supply), as the depot table prints them.
func (g GameState) store(p Place) (full int, holder Side, ok bool) {
	ps := g.Places[p.Name]
	if g.Game() == LRTA {
		if ps.Captured != "" && !ps.DepotDestroyed {
			if v, s, _, stocked := LRTADepotValues(p, ps.Depot); stocked {
				if g.Options.Supply == "simplified" {
					v = s
				}
				return v, ps.Captured, true
			}
		}
		if ps.Levied {
			return g.LevyVictuals(p), CSA, true
		}
		return 0, "", false
	}
	switch {
	case ps.Captured != "" && !ps.DepotDestroyed:
		full = p.Values["depot_victuals"]
		if g.Options.Supply == "simplified" {
			if v, ok := p.Values["depot_victuals_simplified"]; ok {
				full = v
			}
		}
		if full == 0 { // "all other" depots: 3 x their VP (13.8)
			full = 3 * max(p.Values["depot_vp"], -p.Values["depot_vp"], 2)
		}
		return full, ps.Captured, true
	case ps.Levied:
		return g.LevyVictuals(p), CSA, true
	}
	return 0, "", false
}

// ---------------------------------------------------------------------
// Deciding and folding.

func decideRecords(g GameState, cmd Command, _ Dice) ([]Event, bool, error) {
	var ev Event
	var err error
	switch cmd := cmd.(type) {
	case AdvanceTurn:
		ev, err = g.decideAdvance(cmd)
	case AdjustMorale:
		ev, err = g.decideMoraleAdjust(cmd)
	case CheckMorale:
		ev, err = g.decideMoraleCheck(cmd)
	case AdjustSupply:
		ev, err = g.decideSupply(cmd)
	default:
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	return []Event{ev}, true, nil
}

func applyRecords(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *TurnAdvanced:
		return g.action(e, func(g *GameState) { *g = g.applyAdvance(e) }), true
	case *MoraleAdjusted:
		return g.action(e, func(g *GameState) { *g = g.applyMoraleAdjust(e).applyCheck(e.Check) }), true
	case *MoraleChecked:
		return g.action(e, func(g *GameState) { *g = g.applyCheck(e.Check) }), true
	case *SupplyAdjusted:
		return g.action(e, func(g *GameState) { *g = g.applySupply(e).applyCheck(e.Check) }), true
	}
	return g, false
}

func (g GameState) needUmpire(by Actor, what string) error {
	if !g.IsUmpire(by) {
		return Illegal("game.umpire", "Only the umpire "+what, fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	return nil
}

// sideFor checks that the actor may record for the side: the umpire for
// either, a player for his own.
func (g GameState) sideFor(by Actor, s Side) error {
	if s != CSA && s != USA {
		return Invalid("records.side", fmt.Sprintf("%q is not a side", s), "Use side:csa or side:usa")
	}
	if g.IsUmpire(by) {
		return nil
	}
	p := g.Player(by.ID)
	if p == nil {
		return Illegal("records.player", "Only the game's players and umpire keep its records", "Join the game with /game join")
	}
	if p.Side != s {
		return Illegal("records.side", fmt.Sprintf("You command for the %s: the %s keep their own records", strings.ToUpper(string(p.Side)), strings.ToUpper(string(s))),
			"Ask the umpire if the other side's record is wrong")
	}
	return nil
}

func (g GameState) decideAdvance(cmd AdvanceTurn) (Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.needUmpire(cmd.By, "advances the turn"); err != nil {
		return nil, err
	}
	last := g.LastTurn()
	if last == 0 {
		return nil, Illegal("turn.record", fmt.Sprintf("The turn record does not know the scenario %q", g.Options.Scenario), "")
	}
	if g.Turn >= last {
		return nil, &RuleError{Kind: ErrIllegal, Code: "turn.last",
			What: fmt.Sprintf("Turn %d (%s) is the scenario's last turn", g.Turn, g.TurnLabel(g.Turn)),
			Hint: "The game ends at the end of this turn: the umpire ends it with /game end", Rule: "000 VIII 1) 8), VIII 2)"}
	}
	ev := &TurnAdvanced{By: cmd.By, From: g.Turn, To: g.Turn + 1, Reason: strings.TrimSpace(cmd.Reason)}
	d, _ := g.TurnDate(ev.To)
	ev.Date = d.Format(time.DateOnly)
	ev.Closing = g.moraleCheck(cmd.Sizes, true)
	ended := g.applyCheck(ev.Closing)
	ev.Point = ended.turnPoint()
	next := ended
	next.Turn = ev.To
	ev.Opening = next.moraleCheck(cmd.Sizes, false)
	return ev, nil
}

// turnPoint is the current turn's line on the record.
func (g GameState) turnPoint() TurnPoint {
	d, _ := g.TurnDate(g.Turn)
	_, total := g.VPTotals()
	p := TurnPoint{Turn: g.Turn, Date: d.Format(time.DateOnly), VP: total}
	p.CSA, p.USA = g.Records.Armies[CSA].Level, g.Records.Armies[USA].Level
	return p
}

func (g GameState) applyAdvance(e *TurnAdvanced) GameState {
	g = g.applyCheck(e.Closing)
	g.Records.History = append(append([]TurnPoint(nil), g.Records.History...), e.Point)
	g.Turn = e.To
	// Rail moves and the like are counted per turn by their own modules.
	return g.applyCheck(e.Opening)
}

// TurnHistory returns the record of every finished turn, and the current
// turn as it stands (its VP and its morale as last confirmed).
func (g GameState) TurnHistory() []TurnPoint {
	out := append([]TurnPoint(nil), g.Records.History...)
	if g.Started {
		out = append(out, g.turnPoint())
	}
	return out
}

func (g GameState) decideMoraleAdjust(cmd AdjustMorale) (Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.sideFor(cmd.By, cmd.Side); err != nil {
		return nil, err
	}
	if cmd.Delta == 0 {
		return nil, Invalid("morale.delta", "An adjustment of 0 changes nothing", "Give by: a number such as 1 or -2")
	}
	if cmd.Delta < -20 || cmd.Delta > 20 {
		return nil, Invalid("morale.delta", fmt.Sprintf("%+d is more than any one contribution", cmd.Delta), "Adjust by -20 to +20 at a time")
	}
	reason := strings.TrimSpace(cmd.Reason)
	if reason == "" {
		return nil, Invalid("morale.reason", "A morale adjustment needs its reason", "Add reason:, e.g. reason:16 AoP combat losses (15.1 7)")
	}
	ev := &MoraleAdjusted{By: cmd.By, Side: cmd.Side, Delta: cmd.Delta, Reason: reason, Turn: g.Turn}
	ev.Check = g.applyMoraleAdjust(ev).moraleCheck(cmd.Sizes, true)
	return ev, nil
}

func (g GameState) applyMoraleAdjust(e *MoraleAdjusted) GameState {
	g.Records.Adjustments = append(append([]MoraleAdjustment(nil), g.Records.Adjustments...),
		MoraleAdjustment{Side: e.Side, Turn: e.Turn, Delta: e.Delta, Reason: e.Reason, By: e.By})
	return g
}

func (g GameState) decideMoraleCheck(cmd CheckMorale) (Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) && g.Player(cmd.By.ID) == nil {
		return nil, Illegal("records.player", "Only the game's players and umpire confirm its morale", "Join the game with /game join")
	}
	return &MoraleChecked{By: cmd.By, Turn: g.Turn, Check: g.moraleCheck(cmd.Sizes, true)}, nil
}

func (g GameState) decideSupply(cmd AdjustSupply) (Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.sideFor(cmd.By, cmd.Side); err != nil {
		return nil, err
	}
	if err := g.quartermasterDuty(cmd.By, cmd.Side, DutySupply); err != nil { // 21.1 (quartermaster.go)
		return nil, err
	}
	if cmd.Delta == 0 {
		return nil, Invalid("supply.delta", "An adjustment of 0 changes nothing", "Give by: a number, e.g. -1 for the Supply Expenditure Phase")
	}
	reason := strings.TrimSpace(cmd.Reason)
	if reason == "" {
		return nil, Invalid("supply.reason", "A supply adjustment needs its reason", "Add reason:, e.g. reason:supply expenditure (13.4)")
	}
	rule := g.Options.Supply
	ev := &SupplyAdjusted{By: cmd.By, Side: cmd.Side, Turn: g.Turn, Rule: rule, Delta: cmd.Delta, Reason: reason}
	switch {
	case cmd.Store != nil:
		if len(cmd.Units) > 0 {
			return nil, Invalid("supply.store", "Adjust a town's store or units' victuals, not both at once", "Take from the town first, then give the units their victuals")
		}
		full, holder, ok := g.store(*cmd.Store)
		if !ok {
			return nil, Illegal("supply.store", cmd.Store.Name+" is neither a levied town nor a captured depot", "Only levied towns (13.1) and captured depots (13.8) hold victuals")
		}
		left := full - g.Records.StoreUsed[cmd.Store.Name]
		if cmd.Side != holder && !g.IsUmpire(cmd.By) {
			return nil, Illegal("supply.store", fmt.Sprintf("%s's victuals are the %s's", cmd.Store.Name, strings.ToUpper(string(holder))), "Another side taking them is the umpire's ruling (13.1, 13.8)")
		}
		to := min(max(left+cmd.Delta, 0), full)
		if to == left {
			return nil, Illegal("supply.store", fmt.Sprintf("%s holds %d victuals: nothing to change", cmd.Store.Name, left), "")
		}
		ev.Store = &VictualChange{Unit: cmd.Store.Name, Name: cmd.Store.Name, From: left, To: to}
	case rule == "simplified":
		if len(cmd.Units) > 0 {
			return nil, Invalid("supply.units", "Simplified supply tracks the whole side, not its units", "Leave out units: (24.0)")
		}
		from := g.SupplyLevel(cmd.Side)
		to := from + cmd.Delta
		if cmd.Delta > 0 && from < 0 {
			to = cmd.Delta // 24.5: a gain starts from the 0 box
		}
		to = min(max(to, SupplyMin(rule)), SupplyMax(cmd.Side))
		ev.Track = &VictualChange{Unit: string(cmd.Side), Name: "supply track", From: from, To: to}
	default:
		var units []UnitState
		if len(cmd.Units) == 0 {
			units = g.SupplyUnits(cmd.Side, cmd.Sizes)
		}
		for _, id := range cmd.Units {
			u, err := g.unit(id)
			if err != nil {
				return nil, err
			}
			if u.Side != cmd.Side {
				return nil, Invalid("supply.unit", fmt.Sprintf("%s is not a %s unit", u.Name, strings.ToUpper(string(cmd.Side))), "")
			}
			if !g.NeedsSupply(u, cmd.Sizes) {
				return nil, Invalid("supply.unit", fmt.Sprintf("%s does not track victuals under the %s supply rules", u.Name, rule),
					"Divisions and cavalry brigades do (13.0); with augmented supply also brigades and regiments (23.1)")
			}
			units = append(units, u)
		}
		if len(units) == 0 {
			return nil, Illegal("supply.units", "No unit of the side on the map tracks victuals", "")
		}
		for _, u := range units {
			from := g.Victuals(u)
			to := min(max(from+cmd.Delta, SupplyMin(rule)), SupplyMax(u.Side))
			ev.Units = append(ev.Units, VictualChange{Unit: u.ID, Name: u.Name, From: from, To: to})
		}
	}
	ev.Check = g.applySupply(ev).moraleCheck(cmd.Sizes, true)
	return ev, nil
}

func (g GameState) applySupply(e *SupplyAdjusted) GameState {
	r := g.Records
	var what []string
	switch {
	case e.Store != nil:
		m := copyInts(r.StoreUsed)
		m[e.Store.Unit] += e.Store.From - e.Store.To
		r.StoreUsed = m
		what = append(what, fmt.Sprintf("%s store %d → %d", e.Store.Name, e.Store.From, e.Store.To))
	case e.Track != nil:
		m := make(map[Side]int, 2)
		for k, v := range r.Track {
			m[k] = v
		}
		m[e.Side] = e.Track.To
		r.Track = m
		what = append(what, fmt.Sprintf("track %+d → %+d", e.Track.From, e.Track.To))
	default:
		m := copyInts(r.Victuals)
		for _, c := range e.Units {
			m[c.Unit] = c.To
			what = append(what, fmt.Sprintf("%s %d → %d", c.Name, c.From, c.To))
		}
		r.Victuals = m
	}
	r.SupplyLog = append(append([]SupplyEntry(nil), r.SupplyLog...),
		SupplyEntry{Turn: e.Turn, Side: e.Side, What: fmt.Sprintf("%+d: %s", e.Delta, strings.Join(what, ", ")), Reason: e.Reason, By: e.By})
	g.Records = r
	return g
}

func copyInts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}
