package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Extended marches (issue 21). A march dearer than its movement allowance
// may go on past it as an extended march (/move extended:true). The seeds
// name it without printing its table: 000 8.2 ("A unit does not need to
// make an extended march die roll when moving by rail"), 19.3 (no extra
// modifier for low ammunition), 30.1 ("a record is maintained of all
// non-combat manpower losses due to Extended March"), Heat's "+1 to
// extended march rolls" (000 random events 11, 12; 004), 003 MOVEMENT's
// "Extend March die roll modifiers" by the fatigue reached and exhaustion
// ("Treat Results >8 on Extend March Table as 8"), 004's by unit type.
// The table, what else it lists and how far an extension goes are the
// Standardized Rules': the group loads them (gcacw.extended-march,
// gcacw.extended-march-modifiers, gcacw.extended-march-settings).
//
// The choices (docs/series-charts.md):
//   - an extended march adds one more fatigue level (ExtendedMarchFatigue:
//     two with the march's), and a unit it would take above 4 is refused,
//     as 17.1 refuses a strategic move past 4 (move_fatigue.go);
//   - it goes as far past the allowance as gcacw.extended-march-settings
//     says, or, without a copy, as far as the player says (recorded, on
//     the umpire's log); a march priced whole within the allowance is no
//     extended march (move_price.go);
//   - without gcacw.extended-march loaded it is accepted all the same
//     (issue 21: "falling back to the players' word ... only for what no
//     loaded data can decide"): the fatigue levels and the length as
//     above, and each unit still rolls with every modifier the engine
//     knows (the group's own rows only where their slot is loaded); the
//     total (LRTG's cap applied) is read by the players on their printed
//     table and applied with /unit set. The settlement records it
//     (NoTable), the umpire's log lists it as owed on the player's word
//     (unitlog.go), and nothing of the unit is changed here;
//   - after the march each unit of the stack (not leaders, not a unit the
//     march spares) rolls one die from the free stream, as the allowance
//     does (docs/dice.md), so the scripted games' procedure dice stay
//     where they are; secret to the side in a hidden mode;
//   - the modifiers: the fatigue reached and exhaustion (the game's
//     strategic disorganization chart, 003 or 004: "No roll necessary" is
//     no roll), LRTA's unit type (004), Heat this turn, the supply
//     effects of the last Supply Segment (24.6, as the strategic roll
//     has them), and the group's own: a row the engine can state itself
//     (out of supply: its name says "supply") it states; the others are
//     stated by whom the copy says, the mover naming his
//     (march_modifiers:), the umpire his when he moves the units;
//   - LRTG reads a total above 8 as 8 (003); LRTA's charts say nothing of
//     it, so LRTA reads the total as it is (the table's ends hold it);
//   - the column: the copy's only one, or the one named for the unit's
//     kind (militia as infantry where the copy has no column for them);
//   - the result is applied as a combat result is to a unit (status.go's
//     grammar: a manpower loss, f or F, D; the extra letters' exhaust and
//     demoralize); a retreat letter, or a letter the group marks umpire,
//     is left to the umpire and said to him; the manpower lost is a
//     non-combat loss (no Victory Points), recorded for 30.1 (and counted
//     as stragglers when the game plays optional rule 30).

// ExtendedMarchFatigue is the fatigue level an extension adds to the
// march's own.
const ExtendedMarchFatigue = 1

// EventExtendedMarchSettled is the event type of an extended march's roll
// settled on the group's table.
const EventExtendedMarchSettled = "march.extended-settled"

// Codes of an extended march modifier (MarchModifierApplied.Code).
const (
	MarchModFatigue       = "fatigue"        // 003/004: the fatigue reached and exhaustion
	MarchModUnitType      = "unit-type"      // 004 Extended March Modifiers for Unit Type
	MarchModHeat          = "heat"           // 000 random events 11, 12; 004 Heat
	MarchModSupplyEffects = "supply-effects" // 24.6; 004 Supply Effects
	MarchModOutOfSupply   = "out-of-supply"  // the group's row the engine states
	MarchModChart         = "chart"          // a row of the group's table, stated
)

// MarchNoRollFatigue: the chart of the fatigue reached says "No roll
// necessary" (003, 004).
const MarchNoRollFatigue = "fatigue"

// MarchModifierApplied is one modifier of an extended march's roll: its
// code, the group's name for it (MarchModChart, MarchModOutOfSupply), its
// value and who stated it ("" the engine).
type MarchModifierApplied struct {
	Code     string `json:"code"`
	Name     string `json:"name,omitempty"`
	Value    int    `json:"value"`
	StatedBy string `json:"stated_by,omitempty"`
}

// ExtendedMarchSettled records one unit's extended march roll and its
// result applied. The die is the dice.rolled event before it (Roll).
type ExtendedMarchSettled struct {
	By        engine.Actor `json:"by"`
	Turn      int          `json:"turn"`
	Unit      string       `json:"unit"`
	Side      engine.Side  `json:"side"`
	Fatigue   int          `json:"fatigue"` // the level the march reached
	Exhausted bool         `json:"exhausted,omitempty"`
	// NoRoll says why no die was rolled (MarchNoRollFatigue).
	NoRoll    string                 `json:"no_roll,omitempty"`
	Roll      int64                  `json:"roll,omitempty"`
	Secret    string                 `json:"secret,omitempty"`
	Die       int                    `json:"die,omitempty"`
	Modifiers []MarchModifierApplied `json:"modifiers,omitempty"`
	Total     int                    `json:"total,omitempty"`  // the die and every modifier
	Capped    bool                   `json:"capped,omitempty"` // LRTG read it as ExtendedMarchCap (003)
	Reading   *MarchReading          `json:"reading,omitempty"`
	Change    UnitCombatChange       `json:"change"`
	Exhaust   bool                   `json:"exhaust,omitempty"` // an extra letter that exhausts
	// ForUmpire are the letters of the result the engine does not apply
	// (a retreat; a letter the group marks umpire): he does.
	ForUmpire []string `json:"for_umpire,omitempty"`
	// Lost is the manpower lost: a non-combat loss (30.1).
	Lost int `json:"lost,omitempty"`
	// NoTable: the game has no Extended March Table loaded; the total
	// (Capped applied) is the players' to read on their printed table,
	// and Reading and Change are empty (issue 21's fallback).
	NoTable bool `json:"no_table,omitempty"`
}

// Read is the total read on the table: ExtendedMarchCap when capped.
func (s *ExtendedMarchSettled) Read() int {
	if s.Capped {
		return ExtendedMarchCap
	}
	return s.Total
}

// EventType implements Event.
func (*ExtendedMarchSettled) EventType() string { return EventExtendedMarchSettled }

// libraryOf is the rules library a move carries (nil: none).
func libraryOf(d *engine.MoveData) *engine.Library {
	if d == nil {
		return nil
	}
	return d.Library
}

// chartRule is a chart's refusal as a rule a move breaks.
func chartRule(err error) *engine.RuleError {
	if re, ok := err.(*engine.RuleError); ok {
		return re
	}
	return &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.content", What: err.Error()}
}

// outOfSupplyRow reports whether a row of the group's modifiers is the
// one the engine states itself: being out of supply.
func outOfSupplyRow(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "out of supply") || strings.Contains(n, "unsupplied")
}

// outOfSupply reports whether a unit is out of supply as army morale
// counts it (15.1 9)-10)): marked so, or without victuals.
func (g Game) outOfSupply(u engine.UnitState) bool {
	return engine.Contains(u.Marks, "out-of-supply") || g.Victuals(u) <= 0
}

// marchColumn is the column of the group's Extended March Table a unit
// reads: its only one, or the one of the unit's kind (militia as
// infantry); -1 none.
func marchColumn(cols []string, u engine.UnitState) int {
	if len(cols) == 1 {
		return 0
	}
	j := engine.Column(cols, string(u.Kind))
	if j < 0 && u.Kind == engine.KindMilitia {
		j = engine.Column(cols, string(engine.KindInfantry))
	}
	return j
}

// checkExtended checks an extended march's own rules (above) and records
// the declaration on the event: every problem at once.
func (g Game) checkExtended(cmd engine.MoveUnits, on []engine.UnitState, ev *engine.UnitsMoved) []*engine.RuleError {
	if !cmd.Extended {
		return nil
	}
	ev.Extended = true
	var broken []*engine.RuleError
	if _, ok := g.cycle(); !ok {
		return append(broken, moveRule("move.extended", "An extended march is a march made in an action of the action cycle (steps 4a and 4b)",
			"Move the units in an action of yours; the umpire's placements need no extension", g.actionsRule()))
	}
	c := g.SeriesCharts(libraryOf(cmd.Data))
	if lc := c.Loaded[SlotExtendedMarch]; lc != nil { // without it: the players read the total (above)
		var none []string
		for _, u := range on {
			if !u.Kind.IsLeader() && !slices.Contains(ev.Spared, u.ID) && marchColumn(lc.Columns, u) < 0 {
				none = append(none, fmt.Sprintf("%s (%s)", u.Name, u.Kind))
			}
		}
		if len(none) > 0 {
			broken = append(broken, moveRule("move.extended", fmt.Sprintf("The Extended March Table has no column for %s", strings.Join(none, ", ")),
				"Its columns: "+strings.Join(lc.Columns, ", ")+" (a column per kind of unit, or one for all: docs/series-charts.md)", ""))
		}
	}
	mods, err := c.MarchModifiers()
	if err != nil {
		return append(broken, chartRule(err))
	}
	var unknown, umpires, engines []string
	for _, name := range cmd.MarchModifiers {
		i := slices.IndexFunc(mods, func(m MarchModifier) bool { return strings.EqualFold(strings.TrimSpace(name), m.Name) })
		switch {
		case i < 0:
			unknown = append(unknown, strings.TrimSpace(name))
		case outOfSupplyRow(mods[i].Name):
			engines = append(engines, mods[i].Name)
		case mods[i].StatedBy == "umpire" && !g.IsUmpire(cmd.By):
			umpires = append(umpires, mods[i].Name)
		case !slices.Contains(ev.Stated, mods[i].Name):
			ev.Stated = append(ev.Stated, mods[i].Name)
		}
	}
	if len(unknown) > 0 {
		var names []string
		for _, m := range mods {
			if !outOfSupplyRow(m.Name) && (m.StatedBy == "player" || g.IsUmpire(cmd.By)) {
				names = append(names, m.Name)
			}
		}
		hint := "The group's table (gcacw.extended-march-modifiers) lists none you state"
		if len(names) > 0 {
			hint = "The modifiers you state: " + strings.Join(names, ", ")
		}
		broken = append(broken, moveRule("move.extended", fmt.Sprintf("No extended march modifier is named %s", strings.Join(unknown, ", ")), hint, ""))
	}
	if len(umpires) > 0 {
		broken = append(broken, moveRule("move.extended", fmt.Sprintf("%s: the umpire states it", strings.Join(umpires, ", ")),
			"Leave it out; ask the umpire, who applies it when he moves the units", ""))
	}
	if len(engines) > 0 {
		broken = append(broken, moveRule("move.extended", fmt.Sprintf("%s: the umpire works it out from the unit", strings.Join(engines, ", ")),
			"Leave it out: a unit out of supply (no victuals, or marked so) has it", ""))
	}
	return broken
}

// extendedRolls settles the extended march of a move decided: after the
// march's events, a roll for each unit it moved (not leaders, not those
// it spares), its result applied. A march the enemy stopped before it
// began (remoteStops) gains no fatigue and rolls nothing; one an unseen
// enemy stopped on the way rolls (the extension was declared and spent).
// Without the table each unit rolls all the same, and the players read
// the total on their printed table (NoTable).
func (g Game) extendedRolls(cmd engine.MoveUnits, evs []engine.Event, d engine.Dice) ([]engine.Event, error) {
	if !cmd.Extended {
		return evs, nil
	}
	c := g.SeriesCharts(libraryOf(cmd.Data))
	state := g
	var moves []*engine.UnitsMoved
	for _, e := range evs {
		state = state.Apply(e)
		if m, ok := e.(*engine.UnitsMoved); ok && m.Extended && m.Fatigue > 0 {
			moves = append(moves, m)
		}
	}
	out := evs
	for _, m := range moves {
		for _, id := range m.Units {
			u := state.Units[id]
			if u.Kind.IsLeader() || u.Eliminated || slices.Contains(m.Spared, id) {
				continue
			}
			more, err := state.settleExtended(cmd, m, u.WithStatus(), c, d)
			if err != nil {
				return nil, err
			}
			for _, e := range more {
				state = state.Apply(e)
			}
			out = append(out, more...)
		}
	}
	return out, nil
}

// settleExtended rolls one unit's extended march and applies its result.
func (g Game) settleExtended(cmd engine.MoveUnits, m *engine.UnitsMoved, u engine.UnitState, c SeriesCharts, d engine.Dice) ([]engine.Event, error) {
	data := cmd.Data
	s := &ExtendedMarchSettled{By: cmd.By, Turn: g.Turn, Unit: u.ID, Side: u.Side, Fatigue: u.Fatigue, Exhausted: exhausted(u)}
	s.Change = UnitCombatChange{Unit: u.ID, ManpowerFrom: u.Manpower, ManpowerTo: u.Manpower, FatigueFrom: u.Fatigue, FatigueTo: u.Fatigue,
		AmmoFrom: u.Status.Ammo, AmmoTo: u.Status.Ammo}
	if data == nil || data.StrategicDisorganization == nil {
		return nil, fmt.Errorf("engine: an extended march needs the fatigue modifiers chart (003 MOVEMENT)")
	}
	roll, mod, _, err := strategicDisorg(data.StrategicDisorganization, s.Exhausted, max(u.Fatigue, 2))
	if err != nil {
		return nil, err
	}
	if !roll {
		s.NoRoll = MarchNoRollFatigue
		return []engine.Event{s}, nil
	}
	s.Modifiers = append(s.Modifiers, MarchModifierApplied{Code: MarchModFatigue, Value: mod})
	if g.variant().marchModifier != nil { // LRTA: 004's unit type, and its Heat
		n, _, err := extendedMarchModifier(lrtaLibraryChart(data, "lrta.extended-march-csa"), lrtaLibraryChart(data, "lrta.extended-march-usa"),
			u, northOfPotomac(data, u.Hex), g.lrtaMarchFacts())
		if err != nil {
			return nil, err
		}
		s.Modifiers = append(s.Modifiers, MarchModifierApplied{Code: MarchModUnitType, Value: n})
		if g.lrtaHeat() {
			s.Modifiers = append(s.Modifiers, MarchModifierApplied{Code: MarchModHeat, Value: HeatMarchModifier})
		}
	} else if n, _ := g.Events.DisorgModifier(g.Turn); n != 0 {
		s.Modifiers = append(s.Modifiers, MarchModifierApplied{Code: MarchModHeat, Value: n})
	}
	if n := g.SupplyDisorganizationDRM(u.Side); n != 0 {
		s.Modifiers = append(s.Modifiers, MarchModifierApplied{Code: MarchModSupplyEffects, Value: n})
	}
	mods, err := c.MarchModifiers()
	if err != nil {
		return nil, err
	}
	for _, x := range mods {
		switch {
		case outOfSupplyRow(x.Name):
			if g.outOfSupply(u) {
				s.Modifiers = append(s.Modifiers, MarchModifierApplied{Code: MarchModOutOfSupply, Name: x.Name, Value: x.Value})
			}
		case slices.Contains(m.Stated, x.Name):
			s.Modifiers = append(s.Modifiers, MarchModifierApplied{Code: MarchModChart, Name: x.Name, Value: x.Value, StatedBy: x.StatedBy})
		}
	}
	r, err := g.allowanceRoll(engine.RollDice{By: cmd.By, Expression: "1d6", Purpose: fmt.Sprintf("%s's extended march", u.Name)}, d, g.allowanceAudience(u.Side))
	if err != nil {
		return nil, err
	}
	s.Roll, s.Secret, s.Die, s.Total = r.Number, r.Secret, r.Total, r.Total
	for _, x := range s.Modifiers {
		s.Total += x.Value
	}
	read := s.Total
	if !g.variant().ownMoveCharts && read > ExtendedMarchCap { // 003: "Treat Results >8 ... as 8"
		read, s.Capped = ExtendedMarchCap, true
	}
	lc := c.Loaded[SlotExtendedMarch]
	if lc == nil { // the players read it on their printed table
		s.NoTable = true
		return []engine.Event{r, s}, nil
	}
	col := marchColumn(lc.Columns, u)
	if col < 0 {
		return nil, moveRule("move.extended", fmt.Sprintf("The Extended March Table has no column for %s (%s)", u.Name, u.Kind), "Its columns: "+strings.Join(lc.Columns, ", "), "")
	}
	reading, err := c.ExtendedMarch(read, lc.Columns[col])
	if err != nil {
		return nil, err
	}
	s.Reading = &reading
	s.applyResult(u, reading.Result)
	return []engine.Event{r, s}, nil
}

// applyResult works out the unit's change from the table's result, as a
// combat result changes a unit (status.go combatSide): the loss (all of
// it from this unit), f or F, D; the extra letters' exhaust and
// demoralize; a retreat or an umpire letter for the umpire.
func (s *ExtendedMarchSettled) applyResult(u engine.UnitState, r ChartResult) {
	res := r.Result
	c := &s.Change
	loss := min(res.Loss, u.Manpower)
	c.ManpowerTo, s.Lost = u.Manpower-loss, loss
	if u.Manpower > 0 && c.ManpowerTo == 0 {
		c.Eliminated = true
		return
	}
	c.FatigueTo = min(engine.MaxFatigue, u.Fatigue+res.Fatigue)
	c.Disorganized = res.Disorganize && !u.Status.Disorganized
	if res.Retreat != "" {
		s.ForUmpire = append(s.ForUmpire, res.Retreat)
	}
	for _, code := range r.Codes {
		switch code.Effect {
		case CodeExhaust:
			s.Exhaust = !u.Status.Exhausted
		case CodeDemoralize:
			c.DemoralizationTo = min(engine.MaxDemoralization, u.Status.Demoralization+1)
		case CodeUmpire:
			s.ForUmpire = append(s.ForUmpire, code.Letter)
		}
	}
}

// applyExtendedSettled folds an extended march's result into the unit;
// its manpower lost is a non-combat loss (no Victory Points, not army
// morale's), counted as stragglers when the game plays optional rule 30
// (30.1).
func (g *Game) applyExtendedSettled(e *ExtendedMarchSettled) {
	c := e.Change
	g.EditUnit(e.Unit, func(u *engine.UnitState) {
		*u = u.WithStatus()
		u.Manpower, u.Fatigue = c.ManpowerTo, c.FatigueTo
		if c.Disorganized {
			u.Status.Disorganized = true
		}
		if e.Exhaust {
			u.Status.Exhausted = true
		}
		if c.DemoralizationTo > u.Status.Demoralization {
			u.Status.Demoralization = c.DemoralizationTo
		}
		if c.Eliminated {
			u.Eliminated, u.OnMap = true, false
		}
	})
	if key := g.actionKey(); key != "" { // no second roll by /unit extended (lrta_move.go)
		m := g.Movement
		if m.Act != key {
			m.Act, m.ActMoved, m.Advance, m.ActExtended = key, nil, nil, nil
		}
		m.ActExtended = append(slices.Clone(m.ActExtended), e.Unit)
		g.Movement = m
	}
	if e.Lost > 0 && g.optional(30) {
		s := g.Segment.clone()
		s.Stragglers = copyInts(s.Stragglers)
		s.Stragglers[e.Unit] += e.Lost
		g.Segment = s
	}
}
