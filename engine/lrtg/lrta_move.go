package lrtg

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// LRTA movement (004 "Movement", "Extended March Modifiers for Unit Type",
// "Union Extended March Die Roll Modifiers", "Union Movements
// Restrictions"; 004 Sequence of Play 4). The LRTA rule book is not among
// the seeds: where 004 names a rule it does not print, the LRTG rule of the
// same name is followed (000 5.0 naval movement, 8 railroad movement, 17.1
// strategic movement) and the code says so. move.go calls in here where the
// games differ:
//
//   - Strategic movement (004 Strategic Movement): LRTA's allowance chart
//     prints three figures, normal (passive or paralysed) [passive and
//     paralysed]; cavalry stays more than 4 hexes from any enemy unit (LRTG:
//     8); the disorganization roll also takes the unit type's extended
//     march modifier ("other modifiers (ex. +2 for AoV units) also may
//     apply") and Heat.
//   - Railroad movement (004 Railroad Movement): LRTG's rail graph and 8.x
//     checks, and besides no station in a Confederate-controlled county; only
//     Haupt is exempt from the maximum (LRTA has other "RR" units).
//   - Naval movement (004 Naval Movement; LRTG 5.0 for what 004 leaves
//     out): mode naval, from a naval port to a naval port, one fatigue per
//     box, at most 5 units a turn (LRTG: 3), brigades and regiments half.
//   - The Union Movement Restrictions of 004 replace LRTG's garrison areas
//     (12.x, 16.3) and the Harpers Ferry garrison of 12.1: LRTA checks its
//     garrisons in the Victory Check Phase (004 8), not on the move.
//   - Extended march rolls (RollExtendedMarch): a game roll with the unit
//     type's modifier, Heat and the supply effects' disorganization
//     modifier.

// MoveNaval is naval movement (LRTG 5.0; 004 Naval Movement).
const MoveNaval = "naval"

// Naval capacities per turn, in units (a brigade or regiment is half).
const (
	navalMaxLRTG = 3 // 000 5.0
	navalMaxLRTA = 5 // 004 Naval Movement (+1 with the AR random event)
)

// ---------------------------------------------------------------------
// The facts below belong to other LRTA modules: the army module
// (lrta_army.go: the Rest & Refit proposal and the Union's answer,
// McClellan in command) and the random events module (lrta_events.go:
// Heat, command paralysis, Rear Area Paralysis, The AoP Speeds Evacuation,
// McClellan Delays Reinforcements). These wrappers are the only places this
// file reads them.

// lrtaRestRefitProposed: the Confederates have proposed a Rest & Refit
// period (004 1 e); LRTA 7.3).
func (g Game) lrtaRestRefitProposed() bool { return g.LRTARestRefitProposed() }

// lrtaRestRefitAnswer: the Union's answer to the proposal (accepted, and
// whether it has answered).
func (g Game) lrtaRestRefitAnswer() (accepted, answered bool) {
	a := g.LRTARestRefitAnswer()
	return a == RestRefitAccepted, a != ""
}

// lrtaMcClellan: McClellan has assumed command (004 McClellan assumes
// command).
func (g Game) lrtaMcClellan() bool { return g.LRTAMcClellan() }

// lrtaHeat: random event 11 Heat this turn (004: add one to all extended
// march rolls).
func (g Game) lrtaHeat() bool { n, _ := g.LRTAHeat(); return n > 0 }

// lrtaParalysed: the unit suffers command paralysis this turn (004 Random
// Events 5 and 12; Union Army Reorganization).
func (g Game) lrtaParalysed(u engine.UnitState) bool { p, _ := g.LRTAParalysed(u); return p }

// lrtaNavalBonus: The AoP Speeds Evacuation (random event 10) this turn:
// naval movement doubled (4 boxes for two fatigues), capacity six units.
func (g Game) lrtaNavalBonus() bool { b, _ := g.LRTANavalDoubled(); return b }

// lrtaNoRail: no railroad movement this turn (004 Rear Area Paralysis, and
// its second turn while Pope commands).
func (g Game) lrtaNoRail() bool { n, _ := g.LRTANoRail(engine.USA); return n }

// ---------------------------------------------------------------------

// lrtaMarchFacts are the facts the extended march modifiers depend on.
type lrtaMarchFacts struct {
	Proposed  bool // the Confederates have proposed a Rest & Refit period
	Answered  bool // the Union has answered it
	Accepted  bool // ... and accepted it
	McClellan bool // McClellan has taken command
}

func (g Game) lrtaMarchFacts() lrtaMarchFacts {
	acc, ans := g.lrtaRestRefitAnswer()
	return lrtaMarchFacts{Proposed: g.lrtaRestRefitProposed(), Answered: ans, Accepted: acc, McClellan: g.lrtaMcClellan()}
}

// moveSection cites a movement rule for the game: LRTG's section, or the
// LRTA chart that replaces it.
func (g Game) moveSection(lrtg, lrta string) string {
	if g.variant().ownMoveCharts {
		return lrta
	}
	return lrtg
}

// Union armies for the extended march modifiers.
const (
	armyAoV   = "aov"
	armyAoP   = "aop"
	armyOther = "other"
)

// lrtaUnionArmy says which column of the Union extended march chart a unit
// reads: Army of Virginia infantry, Army of the Potomac infantry, or all
// others (DC, Balt, Shen, RR, Kan, Res, PA and cavalry). A mark "aov" or
// "aop" decides; otherwise the designation: "-AP"/"AoP" AoP, "-AV"/"AoV"
// AoV, as the GCACW rosters write them (sjw: "V-AP", "II-AP"); bare I, II,
// III and IX are Pope's Army of Virginia in August 1862 (with Reno's IX);
// bare IV, V, VI, XI and XII the Army of the Potomac's. Once McClellan
// commands the AoV and AoP columns are the same (+1).
func lrtaUnionArmy(u engine.UnitState) string {
	switch {
	case u.Kind == engine.KindCavalry:
		return armyOther
	case hasUnitMark(u, armyAoV):
		return armyAoV
	case hasUnitMark(u, armyAoP):
		return armyAoP
	}
	c := strings.ToUpper(strings.TrimSpace(u.Command))
	switch {
	case strings.HasSuffix(c, "-AP") || strings.HasSuffix(c, " AOP") || strings.HasPrefix(c, "AOP"):
		return armyAoP
	case strings.HasSuffix(c, "-AV") || strings.HasSuffix(c, " AOV") || strings.HasPrefix(c, "AOV"):
		return armyAoV
	}
	switch c {
	case "I", "II", "III", "IX", "AV":
		return armyAoV
	case "IV", "V", "VI", "XI", "XII", "AP":
		return armyAoP
	}
	return armyOther
}

// chartRow finds the chart's row whose first cell contains every word.
func chartRow(c *engine.Chart, words ...string) []string {
	for _, row := range c.Rows {
		if len(row) == 0 {
			continue
		}
		label := strings.ToLower(row[0])
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(label, w)
		}
		if ok {
			return row
		}
	}
	return nil
}

// chartModifier reads a modifier cell: "+2", "+1*", "0".
func chartModifier(cell string) (int, error) {
	s := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(cell), "*"))
	return strconv.Atoi(strings.TrimPrefix(s, "+"))
}

// extendedMarchModifier is the unit type's extended march modifier (004
// Extended March Modifiers for Unit Type; Union Extended March Die Roll
// Modifiers), from lrta.extended-march-csa or -usa, with why.
func extendedMarchModifier(csa, usa *engine.Chart, u engine.UnitState, north bool, f lrtaMarchFacts) (int, string, error) {
	var row []string
	col := 0
	var what string
	if u.Side == engine.CSA {
		if csa == nil {
			return 0, "", fmt.Errorf("engine: no chart lrta.extended-march-csa")
		}
		if f.Proposed {
			row = chartRow(csa, "have proposed")
		} else {
			row = chartRow(csa, "have not proposed")
		}
		switch {
		case u.Kind == engine.KindCavalry:
			col, what = 3, "Confederate cavalry"
		case north:
			col, what = 2, "Confederate infantry north of the Potomac"
		default:
			col, what = 1, "Confederate infantry south of the Potomac"
		}
		if f.Proposed {
			what += ", Rest & Refit proposed"
		} else {
			what += ", no Rest & Refit proposed"
		}
	} else {
		if usa == nil {
			return 0, "", fmt.Errorf("engine: no chart lrta.extended-march-usa")
		}
		switch {
		case f.McClellan:
			row, what = chartRow(usa, "mcclellan"), "McClellan in command"
		case f.Proposed && f.Answered && f.Accepted:
			row, what = chartRow(usa, "accepts"), "the Union accepted the Rest & Refit period"
		case f.Proposed && f.Answered:
			row, what = chartRow(usa, "does not accept"), "the Union did not accept the Rest & Refit period"
		default:
			row, what = chartRow(usa, "at start"), "at start"
		}
		switch lrtaUnionArmy(u) {
		case armyAoV:
			col, what = 1, "Army of Virginia infantry, "+what
		case armyAoP:
			col, what = 2, "Army of the Potomac infantry, "+what
		default:
			col, what = 3, fmt.Sprintf("%s (%s), %s", u.Name, strings.TrimSpace(u.Command+" "+string(u.Kind)), what)
		}
	}
	if row == nil || col >= len(row) {
		return 0, "", fmt.Errorf("engine: the extended march chart has no cell for %s", what)
	}
	n, err := chartModifier(row[col])
	if err != nil {
		return 0, "", fmt.Errorf("engine: extended march cell %q: %v", row[col], err)
	}
	return n, fmt.Sprintf("%+d %s (004 Extended March Modifiers)", n, what), nil
}

// lrtaLibraryChart returns a chart of the move data's library, or nil.
func lrtaLibraryChart(d *engine.MoveData, id string) *engine.Chart {
	if d == nil || d.Library == nil {
		return nil
	}
	return d.Library.Chart(id)
}

// northOfPotomac reports whether h lies north of the Potomac (false
// without map data).
func northOfPotomac(d *engine.MoveData, h engine.Hex) bool {
	return d != nil && d.Theatre != nil && d.Theatre.InAny("north-of-potomac")(h)
}

// marchModifiers are the modifiers of a unit's disorganization (extended
// march) roll the game state settles: the unit type's (LRTA), Heat, and the
// supply effects of the last Supply Segment (24.6; 004 Supply Effects).
// Fatigue and exhaustion modifiers are the Standardized Rules' table's.
func (g Game) marchModifiers(u engine.UnitState, d *engine.MoveData) (int, []string, error) {
	total := 0
	var why []string
	if f := g.variant().marchModifier; f != nil {
		n, w, err := f(g, u, d) // LRTA's: lrtaMarchModifier
		if err != nil {
			return 0, nil, err
		}
		total += n
		why = append(why, w...)
	} else if n, w := g.Events.DisorgModifier(g.Turn); n != 0 {
		total += n
		why = append(why, fmt.Sprintf("%+d %s", n, w))
	}
	if n := g.SupplyDisorganizationDRM(u.Side); n != 0 {
		total += n
		why = append(why, fmt.Sprintf("%+d supply effects of the last Supply Segment (24.6; 004 Supply Effects)", n))
	}
	return total, why, nil
}

// ---------------------------------------------------------------------
// Strategic movement (004 Strategic Movement).

// lrtaStrategicAllowance reads LRTA's allowance chart: rows side (CSA,
// USA), fatigue levels; cells "11(9)[7]": normal, (passive or paralysed),
// [passive and paralysed].
func lrtaStrategicAllowance(c *engine.Chart, side engine.Side, levels int, cav, passive, paralysed bool) (int, string, error) {
	name := strings.ToUpper(string(side))
	col := 2
	if cav {
		col = 3
	}
	for _, row := range c.Rows {
		if len(row) <= col || !strings.EqualFold(strings.TrimSpace(row[0]), name) || strings.TrimSpace(row[1]) != strconv.Itoa(levels) {
			continue
		}
		cell := strings.TrimSpace(row[col])
		normal, rest, _ := strings.Cut(cell, "(")
		either, rest, _ := strings.Cut(rest, ")")
		both := strings.Trim(strings.TrimSpace(rest), "[]")
		pick, why := normal, "normal"
		switch {
		case passive && paralysed:
			pick, why = both, "passive and paralysed"
		case passive:
			pick, why = either, "passive"
		case paralysed:
			pick, why = either, "paralysed"
		}
		n, err := strconv.Atoi(strings.TrimSpace(pick))
		if err != nil {
			return 0, "", fmt.Errorf("engine: chart %s cell %q: %v", c.ID, cell, err)
		}
		return n, why, nil
	}
	return 0, "", fmt.Errorf("engine: chart %s has no row %s %d", c.ID, name, levels)
}

// lrtaStrategicDisorg adds to a strategic move's disorganization roll what
// 004 adds: "Other modifiers (ex. +2 for AoV units) also may apply".
func (g Game) lrtaStrategicDisorg(u engine.UnitState, d *engine.MoveData, c *engine.DisorgCheck) error {
	if !c.Roll {
		return nil
	}
	n, why, err := g.marchModifiers(u, d)
	if err != nil {
		return err
	}
	c.Modifier += n
	if len(why) > 0 {
		c.Why += "; " + strings.Join(why, "; ")
	}
	return nil
}

// ---------------------------------------------------------------------
// Union Movement Restrictions (004).

// lrtaRestriction is where an LRTA Union unit must remain (004 Union
// Movements Restrictions): DC units in the DC Defense Area; Balt north of
// the Potomac, east of the Monocacy and south of the Mason-Dixon Line;
// Shen, PA militia and RR north of the Potomac or the Shenandoah, Haupt
// excepted; and the cavalry regiments the Union Cavalry Depletion puts in
// the DC defense area ("dc-only": they may not leave DC for the rest of the
// game). Leaders are free, as in LRTG (12.x restricts the designated
// units). 004 prints no release: the restrictions hold "at all times".
func (g Game) lrtaRestriction(u engine.UnitState, d *engine.MoveData) *moveArea {
	if u.Side != engine.USA || d == nil || d.Theatre == nil || u.Kind.IsLeader() || strings.EqualFold(u.Name, "Haupt") {
		return nil
	}
	t := d.Theatre
	const rule = "004 Union Movement Restrictions"
	dc := &moveArea{rule: rule, where: "within the DC Defense Area (Washington and Alexandria County)", until: "at all times", in: t.InAny("dc-defense-area")}
	if hasUnitMark(u, "dc-only") {
		dc.rule, dc.until = "004 Union Cavalry Exhaustion 2)", "for the rest of the game"
		return dc
	}
	switch c := strings.ToLower(strings.TrimSpace(u.Command)); {
	case c == "dc":
		return dc
	case c == "balt":
		north, pa, east := t.InAny("north-of-potomac"), t.InAny("pa"), eastOfMonocacy(t)
		return &moveArea{rule: rule, where: "north of the Potomac, east of the Monocacy and south of the Mason-Dixon Line", until: "at all times",
			in: func(h engine.Hex) bool { return north(h) && !pa(h) && east(h) }}
	case c == "shen" || c == "rr" || c == "pa" || strings.HasPrefix(c, "pa ") || strings.HasPrefix(c, "pa-"):
		north, west := t.InAny("north-of-potomac"), westOfShenandoah(t)
		return &moveArea{rule: rule, where: "north of the Potomac or of the Shenandoah", until: "at all times",
			in: func(h engine.Hex) bool { return north(h) || west(h) }}
	}
	return nil
}

// eastOfMonocacy tests whether a hex lies east of the Monocacy. The map
// data has the river as a sketch through two known hexes (Frederick
// Junction and its mouth, the C&O Aqueduct): east is the side of that
// line, extended both ways, toward Baltimore; hexes on the line count as
// east. Near the river the umpire judges (a reason overrides). Without the
// river in the data every hex counts.
func eastOfMonocacy(t *engine.Theatre) func(engine.Hex) bool {
	var river *engine.Line
	for i := range t.Lines {
		if t.Lines[i].ID == "monocacy" && len(t.Lines[i].Hexes) >= 2 {
			river = &t.Lines[i]
		}
	}
	if river == nil {
		return func(engine.Hex) bool { return true }
	}
	a, b := engine.Center(river.Hexes[0]), engine.Center(river.Hexes[len(river.Hexes)-1])
	side := func(p engine.Point) float64 { return (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X) }
	east := side(engine.Point{X: (a.X+b.X)/2 + 1000, Y: (a.Y + b.Y) / 2})
	return func(h engine.Hex) bool {
		s := side(engine.Center(h))
		return math.Abs(s) < 1e-6 || (s > 0) == (east > 0)
	}
}

// ---------------------------------------------------------------------
// Railroad movement (004 Railroad Movement).

// railExempt: the unit does not count toward the rail maximum (LRTG 12.5:
// Haupt, the RR unit; 004: "Movement of Haupt does not count").
func (g Game) railExempt(u engine.UnitState) bool {
	if f := g.variant().railExempt; f != nil {
		return f(u)
	}
	return u.Command == "RR"
}

// lrtaRailExempt: "Movement of Haupt does not count" (004).
func lrtaRailExempt(u engine.UnitState) bool { return strings.EqualFold(u.Name, "Haupt") }

// railCSACounty reports whether an LRTA rail move may not enter the
// station at h: it lies in a Confederate-controlled county (004 Railroad
// Restrictions). LRTG prints no such restriction.
func (g Game) railCSACounty(d *engine.MoveData, h engine.Hex) bool {
	if f := g.variant().railBarred; f != nil {
		return f(g, d, h)
	}
	return false
}

// lrtaRailBarred: an LRTA rail move may not enter a Confederate-controlled
// county (railCSACounty).
func lrtaRailBarred(g Game, d *engine.MoveData, h engine.Hex) bool {
	if d == nil || d.Theatre == nil {
		return false
	}
	return g.segCSAControls(segCounty(d.Theatre, h))
}

// ---------------------------------------------------------------------
// Naval movement (LRTG 5.0; 004 Naval Movement).

// navalPort returns the naval port at h, or nil.
func navalPort(t *engine.Theatre, h engine.Hex) *engine.Place {
	for i := range t.Places {
		if t.Places[i].Hex == h && t.Places[i].Is("naval-port") {
			return &t.Places[i]
		}
	}
	return nil
}

func navalPorts(t *engine.Theatre) []string {
	var out []string
	for i := range t.Places {
		if t.Places[i].Is("naval-port") {
			out = append(out, t.Places[i].Name)
		}
	}
	return out
}

// navalThisTurn returns the turn's naval load (half units).
func (g Game) navalThisTurn() int {
	if g.Movement.NavalTurn != g.Turn {
		return 0
	}
	return g.Movement.NavalLoad
}

// NavalCapacity is the most units (a brigade or regiment counts half) the
// Union may move by sea this turn, with why.
func (g Game) NavalCapacity() (int, string) {
	if f := g.variant().navalCapacity; f != nil {
		n, why, _ := f(g)
		return n, why
	}
	return navalMaxLRTG, "LRTG 5.0"
}

// navalPerFatigue is the fatigue a box of naval movement costs.
func (g Game) navalPerFatigue() int {
	if f := g.variant().navalCapacity; f != nil {
		_, _, per := f(g)
		return per
	}
	return 1
}

// lrtaNavalCapacity is 004 Naval Movement's: 5 units, +1 (and two boxes a
// fatigue level) with The AoP Speeds Evacuation.
func lrtaNavalCapacity(g Game) (int, string, int) {
	if g.lrtaNavalBonus() {
		return navalMaxLRTA + 1, "004 Naval Movement: 5, +1 with The AoP Speeds Evacuation", 2
	}
	return navalMaxLRTA, "004 Naval Movement", 1
}

// checkNaval checks a naval move and fills in the event: the fatigue (one
// a box; with The AoP Speeds Evacuation two boxes a fatigue), the boxes
// (Hexes) and the load toward the turn's capacity (RailLoad, half units).
// The Naval Movement chart's boxes are not in the map data: a naval move
// goes from port to port, and the boxes it takes are the mover's word
// (fatigue:1 or 2); units staying at sea are not modelled.
func (g Game) checkNaval(cmd engine.MoveUnits, ev *engine.UnitsMoved) ([]*engine.RuleError, error) {
	d := cmd.Data
	if d == nil || d.Theatre == nil {
		return nil, fmt.Errorf("engine: a naval move needs the map")
	}
	rule := g.moveSection("LRTG 5.0", "004 Naval Movement")
	perFatigue := g.navalPerFatigue()
	if cmd.Fatigue < 1 || cmd.Fatigue > 2 {
		return nil, engine.Invalid("move.fatigue", fmt.Sprintf("%d fatigue levels: a naval move gains one fatigue per box moved, two boxes a turn", cmd.Fatigue),
			"Add fatigue:1 or 2, the boxes moved on the Naval Movement chart ("+rule+")")
	}
	var broken []*engine.RuleError
	first := g.Units[cmd.Units[0]]
	load, troops := 0, 0
	for _, id := range cmd.Units {
		u := g.Units[id]
		if !u.OnMap || u.Hex != first.Hex {
			return nil, engine.Invalid("move.naval-stack", "Units moving by sea together must start in one hex", "Move each stack on its own")
		}
		if u.Kind.IsLeader() {
			continue // he sails with his units
		}
		troops++
		switch {
		case u.Side != engine.USA:
			broken = append(broken, moveRule("move.naval", fmt.Sprintf("%s is Confederate: only the Union moves by sea", u.Name), "", rule))
		case disorganized(u):
			broken = append(broken, moveRule("move.naval", fmt.Sprintf("%s is disorganized", u.Name), "Only organized units move by sea", rule))
		case u.Fatigue != 0:
			broken = append(broken, moveRule("move.naval", fmt.Sprintf("%s is at fatigue %d", u.Name, u.Fatigue), "Only units at fatigue 0 move by sea", rule))
		}
		switch s := unitSize(d, id); {
		case infantry(u) && (s == "brigade" || s == "regiment"):
			load++ // "Inf. brigades / rgmts. = 1/2 unit"
		default:
			load += 2
		}
	}
	if troops == 0 {
		return nil, engine.Invalid("move.naval", "No unit to move by sea", "Leaders sail with their units")
	}
	ports := strings.Join(navalPorts(d.Theatre), ", ")
	if navalPort(d.Theatre, first.Hex) == nil {
		broken = append(broken, moveRule("move.naval", fmt.Sprintf("%s is not in a naval port", first.Name), "Units go to sea from "+ports, rule))
	}
	if navalPort(d.Theatre, cmd.To) == nil {
		broken = append(broken, moveRule("move.naval", fmt.Sprintf("%s is not a naval port", cmd.Ref), "A naval move ends at one of "+ports+" (the sea boxes are not in the map data)", rule))
	}
	capacity, why := g.NavalCapacity()
	if used := g.navalThisTurn(); used+load > 2*capacity {
		broken = append(broken, moveRule("move.naval-maximum", fmt.Sprintf("The naval capacity is used up: %s of %d units this turn, and this move needs %s", halves(used), capacity, halves(load)),
			"Infantry brigades and regiments count half a unit", why))
	}
	ev.Fatigue, ev.Hexes, ev.RailLoad, ev.Turn = cmd.Fatigue, cmd.Fatigue*perFatigue, load, g.Turn
	return broken, nil
}

// halves writes a count of half units: "2", "2½".
func halves(n int) string {
	if n%2 == 0 {
		return strconv.Itoa(n / 2)
	}
	if n == 1 {
		return "½"
	}
	return fmt.Sprintf("%d½", n/2)
}

// ---------------------------------------------------------------------
// Extended march rolls.

// RollExtendedMarch rolls a unit's extended march (disorganization) roll
// as a game roll, with the modifiers the game state settles: LRTA's unit
// type modifiers (004), Heat, the supply effects' modifier. The table
// itself, and its fatigue and exhaustion modifiers, are the Standardized
// Rules' and not in the seeds: the result is read on the group's copy.
type RollExtendedMarch struct {
	By     engine.Actor
	Unit   string
	Data   *engine.MoveData
	Reason string // the umpire's, to roll outside the action cycle
}

// CommandName implements Command.
func (RollExtendedMarch) CommandName() string { return "unit extended" }

// EventExtendedMarch is the event type of an extended march roll.
const EventExtendedMarch = "march.extended"

// ExtendedMarchRolled records an extended march roll; the die is the
// dice.rolled event before it.
type ExtendedMarchRolled struct {
	By        engine.Actor `json:"by"`
	Turn      int          `json:"turn"`
	Unit      string       `json:"unit"`
	Name      string       `json:"name"`
	Side      engine.Side  `json:"side"`
	Roll      int64        `json:"roll"`
	Die       int          `json:"die"`
	Modifier  int          `json:"modifier"`
	Modifiers []string     `json:"modifiers,omitempty"`
	Total     int          `json:"total"`
	Fatigue   int          `json:"fatigue"`
	Exhausted bool         `json:"exhausted,omitempty"`
	Reason    string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*ExtendedMarchRolled) EventType() string { return EventExtendedMarch }

// lrtaMoveModule is LRTA's extended march.
func lrtaMoveModule() engine.Module {
	return engine.Module{Name: "lrta-move",
		Commands: []engine.Command{RollExtendedMarch{}}, Decide: claims(decideLRTAMove),
		Events: []engine.Event{&ExtendedMarchRolled{}},
		Apply:  folds(applyLRTAMove)}
}

func decideLRTAMove(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	if cmd, ok := cmd.(RollExtendedMarch); ok {
		evs, err := g.decideExtendedMarch(cmd, d)
		return evs, true, err
	}
	return nil, false, nil
}

// applyLRTAMove: a roll changes nothing on the board; the unit's player
// applies its result (/unit mark, /unit set).
func applyLRTAMove(g Game, e engine.Event) (Game, bool) {
	if _, ok := e.(*ExtendedMarchRolled); ok {
		return g, true
	}
	return g, false
}

func (g Game) decideExtendedMarch(cmd RollExtendedMarch, d engine.Dice) ([]engine.Event, error) {
	u, err := g.UnitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	if !u.OnMap || u.Eliminated {
		return nil, engine.Illegal("march.unit", u.Name+" is not on the map", "Only units on the map march")
	}
	if u.Kind.IsLeader() {
		return nil, engine.Invalid("march.unit", u.Name+" is a leader", "Leaders make no extended march roll; roll for the units he moves with")
	}
	reason := strings.TrimSpace(cmd.Reason)
	if step := g.CurrentStep(); step != "" && step != "4a" && step != "4b" && !(g.IsUmpire(cmd.By) && reason != "") {
		return nil, moveRule("march.step", fmt.Sprintf("Extended marches are made in the action cycle (steps 4a and 4b), not in step %s", step),
			"Roll when the unit marches in your action; the umpire may roll outside it with reason:", "003 4; 004 4")
	}
	// The march's own path is /move extended:true (move_extended.go): a
	// unit whose extended march it settled in this action rolls no second
	// time (the umpire may, with reason:).
	if key := g.actionKey(); key != "" && g.Movement.Act == key && slices.Contains(g.Movement.ActExtended, u.ID) && !(g.IsUmpire(cmd.By) && reason != "") {
		return nil, moveRule("march.again", fmt.Sprintf("%s's extended march was settled by its /move extended:true in this action", u.Name),
			"Its roll (or its \"No roll necessary\") is in that move's reply: no second roll; the umpire may roll again with reason:", "")
	}
	u = u.WithStatus()
	mod, why, err := g.marchModifiers(u, cmd.Data)
	if err != nil {
		return nil, err
	}
	// rollstream.go: the actor's secret with limited intelligence.
	out, err := g.RollFor(engine.RollDice{By: cmd.By, Expression: "1d6",
		Purpose: fmt.Sprintf("extended march: %s (%+d)", u.Name, mod)}, d, g.ActorAudience(cmd.By))
	if err != nil {
		return nil, err
	}
	r := out[0].(*engine.DiceRolled)
	ev := &ExtendedMarchRolled{By: cmd.By, Turn: g.Turn, Unit: u.ID, Name: u.Name, Side: u.Side, Roll: r.Number, Die: r.Total,
		Modifier: mod, Modifiers: why, Total: r.Total + mod, Fatigue: u.Fatigue, Exhausted: exhausted(u), Reason: reason}
	return []engine.Event{r, ev}, nil
}

// ---------------------------------------------------------------------
// McClellan Delays Reinforcements (004 random event 9).

// lrtaDelayed refuses a move that takes an Army of the Potomac unit out of
// Alexandria County, the DC Defense Area, Aquia Creek, Baltimore or
// Annapolis while McClellan Delays Reinforcements holds. Aquia Creek and
// Annapolis are their places' hexes; Baltimore the hexes of its stations in
// the map data (Camden Station, Baltimore Depot, Mt. Royal Depot): the
// city's hexes are not in the data.
func lrtaDelayed(g Game, cmd engine.MoveUnits) *engine.RuleError {
	d := cmd.Data
	if d == nil || d.Theatre == nil {
		return nil
	}
	on, why := g.LRTAMcClellanDelays()
	if !on {
		return nil
	}
	t := d.Theatre
	places := func(names ...string) func(engine.Hex) bool {
		return func(h engine.Hex) bool {
			for _, n := range names {
				if p := t.Place(n); p != nil && p.Hex == h {
					return true
				}
			}
			return false
		}
	}
	areas := []struct {
		name string
		in   func(engine.Hex) bool
	}{
		{"Alexandria County", t.InAny("va.alexandria")},
		{"the DC Defense Area", t.InAny("dc-defense-area")},
		{"Aquia Creek", places("Aquia Creek Station", "Aquia Creek")},
		{"Baltimore", places("Camden Station", "Baltimore Depot", "Mt. Royal Depot")},
		{"Annapolis", places("Annapolis")},
	}
	for _, id := range cmd.Units {
		u := g.Units[id]
		if u.Side != engine.USA || !u.OnMap || u.Kind.IsLeader() || lrtaUnionArmy(u) != armyAoP {
			continue
		}
		for _, a := range areas {
			if a.in(u.Hex) && !a.in(cmd.To) {
				return moveRule("move.delayed", fmt.Sprintf("%s (Army of the Potomac) may not leave %s this turn", u.Name, a.name), why, "004 Random Events 9")
			}
		}
	}
	return nil
}
