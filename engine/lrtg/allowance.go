// The movement allowance rolled when an action begins (issue 21, item 2):
// a march, an Activate Leader action, an Activate Army Leader action, in
// LRTG and LRTA alike.
//
// Sources:
//   - the bases: 003 MOVEMENT "Normal Movement" and 004 "Movement: Normal
//     Movement", as the charts lrtg.movement-allowance and
//     lrta.movement-allowance (scenarios/rules), one die for infantry
//     (artillery, militia and wagon trains move on it: 003's "Inf / Art",
//     23.4), two for cavalry, plus the row's bonus;
//   - passive: 000 4.2, 003 / 004 "Impacts of Being Passive": infantry and
//     artillery -1, cavalry -2, never below one (the chart's column);
//   - LRTA Command Paralysis (004): -1 / -2, doubled for the Union while
//     Pope commands, cumulative with passive, at least one
//     (LRTAParalysis, allowance_lrta.go);
//   - Jackson's Foot Cavalry (000 31.3, Jackson Lives): Jackson's Activate
//     Leader rolls a white and a colored die; the white die takes the +2,
//     an even colored die adds one, not for a unit disorganized when
//     selected; a relapse this turn (31.4) takes the Foot Cavalry away
//     (4-5) or both it and the +2 (2-3);
//   - Activate Army Leader (000 10.1 3)-4)): one die as a non-cavalry
//     leader's, a 1 counting as 2; cavalry twice the allowance;
//   - Pleasonton (004 Union Cavalry Exhaustion 3)): "+1 to the movement of
//     cavalry when activated by Pleasanton", citing the Standardized
//     Rules' 5.2, is the chart's "USA Cavalry + Leader = two dice +1": a
//     Union cavalry leader's activation gives it; it is not added twice.
//
// A wagon train (23.4) loses one in rain unless it starts and stays on a
// pike. Where the seeds give no number the umpire decides and the allowance says
// so: rain (003, 004: "per the Standardized Rules", which are not among the
// seeds) is recorded as a note, not a number. Heat changes no allowance
// (it adds to extended march and disorganization rolls: 003 11), 004
// random event 11).
//
// When: the allowance is rolled as the action is declared (the
// Standardized Rules' step 3 of an activation, which 10.1 3) cites), for
// the units the action moves as they stand then. 17.1 has the player
// declare strategic movement with the march or activation; this umpire
// takes the kind of movement with each /move (mode:), after the roll. So
// the roll is made for every action, and a unit that then moves by
// strategic, rail or naval movement moves on that movement's own
// allowance (17.1's table, 8.2's 40 hexes, naval boxes): the rolled one no
// longer applies to it (AllowanceOf says false), and the roll is spent
// for nothing, as a declared strategic move would not have rolled it.
//
// Hidden modes: the roll is the acting side's secret (numbered by its own
// count, engine/rollstream.go) and the bot tells it to the side and the
// umpire only.

package lrtg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// AllowanceChartLRTG is the chart LRTG rolls the allowance on; a variant
// names its own (LRTA: lrta.movement-allowance).
const AllowanceChartLRTG = "lrtg.movement-allowance"

// AllowanceChart is the id of the chart the game's allowance is rolled on.
func (g Game) AllowanceChart() string {
	if r := g.variant().allowance; r != nil && r.chart != "" {
		return r.chart
	}
	return AllowanceChartLRTG
}

// Arms of the allowance: infantry (with artillery, militia and wagon
// trains) rolls one die, cavalry two.
const (
	ArmInfantry = "infantry"
	ArmCavalry  = "cavalry"
)

// Codes of the allowance's steps (AllowanceStep.Code) and notes.
const (
	AllowArmyOneAsTwo      = "army.one-as-two"       // 10.1 3): a 1 counts as 2
	AllowArmyCavalryDouble = "army.cavalry-double"   // 10.1 4): cavalry twice
	AllowFootCavalry       = "jackson.foot-cavalry"  // 31.3: an even colored die, +1
	AllowFootCavalryOdd    = "jackson.colored-odd"   // 31.3: an odd colored die, nothing
	AllowFootCavalryDisorg = "jackson.disorganized"  // 31.3: not for a disorganized unit
	AllowFootCavalryLost   = "jackson.relapse"       // 31.4: no Foot Cavalry this turn
	AllowJacksonNoBonus    = "jackson.debilitated"   // 31.4 2-3 b): no +2 leader bonus
	AllowNoLeaderLine      = "leader.no-line"        // the seeds print no line for the unit with a leader
	AllowPassive           = "passive"               // 000 4.2; 004
	AllowParalysisCSA      = "paralysis.csa"         // 004 random event 12
	AllowParalysisPope     = "paralysis.usa.pope"    // doubled while Pope commands
	AllowParalysisReorg    = "paralysis.reorganized" // the event on a reorganized corps
	AllowParalysisUnreorg  = "paralysis.unreorganized"
	AllowParalysisArmy     = "paralysis.reorganization" // the Union Army Reorganization's own
	AllowNoteRain          = "rain"                     // the Standardized Rules' rain: the umpire's
	AllowRainWagon         = "rain.wagon"               // 23.4: a wagon train -1 in rain, unless on a pike
)

// MovementAllowance is the allowance rolled when an action began: the
// dice of each arm, and each unit's allowance with how it was reached.
type MovementAllowance struct {
	Rolls []AllowanceRoll `json:"rolls,omitempty"`
	Units []UnitAllowance `json:"units,omitempty"`
	Notes []string        `json:"notes,omitempty"` // AllowNote*: what the umpire settles
}

// AllowanceRoll is one arm's roll.
type AllowanceRoll struct {
	Arm    string `json:"arm"`
	Roll   int64  `json:"roll"`             // the roll's number
	Secret string `json:"secret,omitempty"` // its audience when secret (hidden modes)
	Faces  []int  `json:"faces"`            // as rolled; Foot Cavalry: white, colored
}

// UnitAllowance is one unit's allowance.
type UnitAllowance struct {
	Unit  string          `json:"unit"`
	Arm   string          `json:"arm"`
	With  string          `json:"with"` // the chart row's "With": none, leader, Stuart, leader (AoP)...
	Dice  int             `json:"dice"` // the faces it counts
	Plus  int             `json:"plus"` // the row's bonus
	Steps []AllowanceStep `json:"steps,omitempty"`
	MP    int             `json:"mp"`
}

// AllowanceStep is one change to a unit's allowance: Value added (or
// subtracted), or Times multiplied; Floor when the minimum of one held
// it.
type AllowanceStep struct {
	Code  string `json:"code"`
	Value int    `json:"value,omitempty"`
	Times int    `json:"times,omitempty"`
	Floor bool   `json:"floor,omitempty"`
}

// Of returns a unit's allowance.
func (m *MovementAllowance) Of(unit string) (UnitAllowance, bool) {
	if m == nil {
		return UnitAllowance{}, false
	}
	for _, u := range m.Units {
		if u.Unit == unit {
			return u, true
		}
	}
	return UnitAllowance{}, false
}

// AllowanceOf is the movement points a unit has in the action under way
// (for the path's check of a move); false outside an action, for a unit
// that is not part of it, and for a unit that moved by strategic, rail or
// naval movement in it, which has that movement's allowance instead.
func (g Game) AllowanceOf(unitID string) (mp int, ok bool) {
	a, under := g.cycle()
	if !under || a.Active == nil || slices.Contains(a.Long, unitID) {
		return 0, false
	}
	u, ok := a.Active.Allowance.Of(unitID)
	return u.MP, ok
}

// allowanceRules is what a variant changes of the allowance (nil: LRTG's).
type allowanceRules struct {
	chart string // the chart's id
	// armies: the armies a unit belongs to, for the chart's "leader
	// (...)" rows (LRTG: the AoP, every Union unit but the garrisons').
	armies func(u engine.UnitState) []string
	// paralysis: the points a unit loses to command paralysis, with its
	// code (allowance_lrta.go).
	paralysis func(g Game, u engine.UnitState) (int, string)
	// rain: the variant's own rain this turn (LRTG's: its random events).
	rain func(g Game) bool
}

// lrtgGarrisons are the Union designations LRTG's chart reads apart from
// the AoP (003 "USA DC/BALT/HF/RR/PA/WV + Leader"; VIII is Schenck's
// command of HF, WV and Balt, 16.3).
var lrtgGarrisons = []string{"DC", "Balt", "HF", "RR", "PA", "WV", "VIII"}

// lrtgArmies: a Union unit outside the garrisons is the AoP's.
func lrtgArmies(u engine.UnitState) []string {
	if u.Side != engine.USA || engine.Contains(lrtgGarrisons, u.Command) {
		return nil
	}
	return []string{"AoP"}
}

// allowanceLine is a chart row read.
type allowanceLine struct {
	side    engine.Side
	arm     string
	with    string   // the cell as printed
	kind    string   // none, leader, stuart
	among   []string // "leader (...)": armies or designations
	dice    int
	plus    int
	passive int
}

// readAllowanceChart reads the chart's rows: Side, Unit, With, Dice, Plus,
// Passive.
func readAllowanceChart(c *engine.Chart) ([]allowanceLine, error) {
	if c == nil {
		return nil, fmt.Errorf("engine: no movement allowance chart")
	}
	var out []allowanceLine
	for i, r := range c.Rows {
		if len(r) != 6 {
			return nil, fmt.Errorf("engine: %s row %d has %d cells, not 6", c.ID, i+1, len(r))
		}
		l := allowanceLine{side: engine.Side(strings.ToLower(strings.TrimSpace(r[0]))), arm: strings.ToLower(strings.TrimSpace(r[1])), with: strings.TrimSpace(r[2])}
		w := strings.ToLower(l.with)
		switch {
		case w == "none":
			l.kind = "none"
		case w == "stuart":
			l.kind = "stuart"
		case w == "leader":
			l.kind = "leader"
		case strings.HasPrefix(w, "leader (") && strings.HasSuffix(w, ")"):
			l.kind = "leader"
			for _, x := range strings.Split(l.with[len("leader ("):len(l.with)-1], ",") {
				l.among = append(l.among, strings.TrimSpace(x))
			}
		default:
			return nil, fmt.Errorf("engine: %s row %d: unknown With %q", c.ID, i+1, l.with)
		}
		var err error
		for j, p := range []*int{&l.dice, &l.plus, &l.passive} {
			if *p, err = strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(r[3+j]), "+")); err != nil {
				return nil, fmt.Errorf("engine: %s row %d: %q is not a number", c.ID, i+1, r[3+j])
			}
		}
		out = append(out, l)
	}
	return out, nil
}

// allowanceArm is the arm a unit moves with; "" a leader (leaders move
// with the units they go along with) or a unit that does not move.
func allowanceArm(u engine.UnitState) string {
	switch u.Kind {
	case engine.KindCavalry:
		return ArmCavalry
	case engine.KindInfantry, engine.KindArtillery, engine.KindMilitia, engine.KindWagon:
		return ArmInfantry
	}
	return ""
}

// isStuart: the Confederate cavalry corps leader (003 "+ Stuart").
func isStuart(l engine.UnitState) bool {
	return l.Side == engine.CSA && l.Kind.IsLeader() && strings.EqualFold(l.Command, "Cav")
}

// line finds the row for a unit of the arm moving alone (leader nil) or in
// a leader's activation; fell is set when a leader moves it but the chart
// has no line for it with one (it rolls as a unit alone).
func (g Game) allowanceLine(lines []allowanceLine, u engine.UnitState, arm string, leader *engine.UnitState) (l allowanceLine, fell bool, err error) {
	none := -1
	for i, x := range lines {
		if x.side != u.Side || x.arm != arm {
			continue
		}
		switch {
		case x.kind == "none":
			if none < 0 {
				none = i
			}
		case leader == nil:
		case x.kind == "stuart":
			if isStuart(*leader) {
				return x, false, nil
			}
		case len(x.among) == 0:
			return x, false, nil
		case g.unitAmong(u, x.among):
			return x, false, nil
		}
	}
	if none < 0 {
		return l, false, fmt.Errorf("engine: the movement allowance chart has no %s %s row", sideName(u.Side), arm)
	}
	return lines[none], leader != nil, nil
}

// unitAmong reports whether a unit's designation or army is one named.
func (g Game) unitAmong(u engine.UnitState, names []string) bool {
	armies := lrtgArmies
	if r := g.variant().allowance; r != nil && r.armies != nil {
		armies = r.armies
	}
	tags := append([]string{u.Command}, armies(u)...)
	for _, n := range names {
		for _, t := range tags {
			if t != "" && strings.EqualFold(n, t) {
				return true
			}
		}
	}
	return false
}

// passiveOf is the passive penalty of a side's arm: the chart's column
// (000 4.2).
func passiveOf(lines []allowanceLine, side engine.Side, arm string) int {
	for _, l := range lines {
		if l.side == side && l.arm == arm {
			return l.passive
		}
	}
	return 0
}

// actionUnits are the units an action moves as it is declared: the unit
// marching, or the units of the leader's command (inActivation), or the
// units an army leader selected; leaders have no allowance of their own.
func (g Game) actionUnits(act Activation) []engine.UnitState {
	var out []engine.UnitState
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != act.Side || !u.OnMap || u.Eliminated || allowanceArm(u) == "" {
			continue
		}
		if g.inActivation(act, u) {
			out = append(out, u)
		}
	}
	return out
}

// allowanceAudience is who sees the allowance's dice: everyone with open
// intelligence; the acting side in a hidden mode.
func (g Game) allowanceAudience(side engine.Side) string {
	if !g.Options.LimitedIntel {
		return ""
	}
	return string(side)
}

// rollAllowance rolls the allowance of an Activate Leader action or a
// march (act): one roll for each arm the action moves. It returns the dice
// events and the allowance.
func (g Game) rollAllowance(act Activation, chart *engine.Chart, by engine.Actor, d engine.Dice) ([]engine.Event, *MovementAllowance, error) {
	lines, err := readAllowanceChart(chart)
	if err != nil {
		return nil, nil, err
	}
	actor := g.Units[act.Unit]
	var leader *engine.UnitState
	if actor.Kind.IsLeader() {
		leader = &actor
	}
	units := g.actionUnits(act)
	al := &MovementAllowance{}
	if g.rainToday() {
		al.Notes = append(al.Notes, AllowNoteRain)
	}
	jackson, relapse := g.footCavalry(leader)
	audience := g.allowanceAudience(act.Side)
	rolls := map[string]AllowanceRoll{}
	var evs []engine.Event
	state := g
	for _, arm := range []string{ArmInfantry, ArmCavalry} {
		if !slices.ContainsFunc(units, func(u engine.UnitState) bool { return allowanceArm(u) == arm }) {
			continue
		}
		expr, purpose := "1d6", fmt.Sprintf("%s's movement allowance, infantry and artillery (one die)", actor.Name)
		switch {
		case arm == ArmCavalry:
			expr, purpose = "2d6", fmt.Sprintf("%s's movement allowance, cavalry (two dice)", actor.Name)
		case jackson:
			expr, purpose = "2d6", fmt.Sprintf("%s's movement allowance, infantry and artillery with the Foot Cavalry: the first die white, the second colored (LRTG 31.3)", actor.Name)
		}
		r, err := state.allowanceRoll(engine.RollDice{By: by, Expression: expr, Purpose: purpose}, d, audience)
		if err != nil {
			return nil, nil, err
		}
		ar := AllowanceRoll{Arm: arm, Roll: r.Number, Secret: r.Secret}
		for _, t := range r.Terms {
			ar.Faces = append(ar.Faces, t.Faces...)
		}
		rolls[arm] = ar
		al.Rolls = append(al.Rolls, ar)
		evs = append(evs, r)
		state = state.Apply(r)
	}
	for _, u := range units {
		arm := allowanceArm(u)
		l, fell, err := g.allowanceLine(lines, u, arm, leader)
		if err != nil {
			return nil, nil, err
		}
		faces := rolls[arm].Faces
		ua := UnitAllowance{Unit: u.ID, Arm: arm, With: l.with, Plus: l.plus}
		if fell {
			ua.Steps = append(ua.Steps, AllowanceStep{Code: AllowNoLeaderLine})
		}
		if arm == ArmInfantry && jackson {
			ua.Dice = faces[0]
		} else {
			for _, f := range faces {
				ua.Dice += f
			}
		}
		mp := ua.Dice + ua.Plus
		if arm == ArmInfantry && leader != nil && leader.ID == idJackson && g.Options.JacksonLives {
			mp, ua = jacksonSteps(mp, ua, u, faces, jackson, relapse, lines)
		}
		ua.MP = mp
		ua = g.allowancePenalties(ua, u, lines)
		al.Units = append(al.Units, ua)
	}
	return evs, al, nil
}

// footCavalry reports whether the activating leader is Jackson with his
// Foot Cavalry this turn (31.3), and this turn's relapse outcome (31.4).
func (g Game) footCavalry(leader *engine.UnitState) (bool, string) {
	if leader == nil || leader.ID != idJackson || !g.Options.JacksonLives {
		return false, ""
	}
	r, ok := g.JacksonThisTurn()
	if ok && (r.Outcome == "debilitated" || r.Outcome == "impacted") {
		return false, r.Outcome
	}
	return true, ""
}

// jacksonSteps applies Jackson's Foot Cavalry (31.3) and his relapse
// (31.4) to a unit of his activation: mp is the white die plus the row's
// bonus.
func jacksonSteps(mp int, ua UnitAllowance, u engine.UnitState, faces []int, jackson bool, relapse string, lines []allowanceLine) (int, UnitAllowance) {
	if relapse == "debilitated" { // 31.4 2-3 b): the +2 is not applicable: the unit rolls as CSA infantry alone
		for _, l := range lines {
			if l.side == engine.CSA && l.arm == ArmInfantry && l.kind == "none" {
				mp += l.plus - ua.Plus
				ua.Steps = append(ua.Steps, AllowanceStep{Code: AllowJacksonNoBonus, Value: l.plus - ua.Plus})
				break
			}
		}
	}
	switch {
	case relapse != "":
		ua.Steps = append(ua.Steps, AllowanceStep{Code: AllowFootCavalryLost})
	case !jackson || len(faces) < 2:
	case faces[1]%2 != 0:
		ua.Steps = append(ua.Steps, AllowanceStep{Code: AllowFootCavalryOdd})
	case u.Status.Disorganized:
		ua.Steps = append(ua.Steps, AllowanceStep{Code: AllowFootCavalryDisorg})
	default:
		mp++
		ua.Steps = append(ua.Steps, AllowanceStep{Code: AllowFootCavalry, Value: 1})
	}
	return mp, ua
}

// allowancePenalties applies the passive penalty and command paralysis,
// cumulative, never below one (000 4.2; 004 Command Paralysis:
// "these penalties are cumulative", "to a minimum of one").
func (g Game) allowancePenalties(ua UnitAllowance, u engine.UnitState, lines []allowanceLine) UnitAllowance {
	sub := func(code string, n int) {
		if n == 0 {
			return
		}
		after := max(ua.MP-n, 1)
		ua.Steps = append(ua.Steps, AllowanceStep{Code: code, Value: after - ua.MP, Floor: after > ua.MP-n})
		ua.MP = after
	}
	if g.Passive(u.Side) {
		sub(AllowPassive, -passiveOf(lines, u.Side, ua.Arm))
	}
	// 23.4: "In rain turns, wagon trains reduce their movement rolls by
	// one (to a minimum of one hex) unless they start and remain on a pike
	// for their entire movement": the pike is the player's word, so the
	// allowance counts the penalty and its step says when it does not
	// apply.
	if u.Kind == engine.KindWagon && g.rainToday() {
		sub(AllowRainWagon, 1)
	}
	if r := g.variant().allowance; r != nil && r.paralysis != nil {
		n, code := r.paralysis(g, u)
		sub(code, n)
	}
	return ua
}

// armyAllowance is an Activate Army Leader action's allowance (10.1
// 3)-4)): the die counted as a non-cavalry leader's (a 1 as 2), for each
// infantry and artillery unit selected; twice that for cavalry; then the
// passive penalty and paralysis of each unit.
func (g Game) armyAllowance(leader engine.UnitState, units []string, roll *engine.DiceRolled, chart *engine.Chart) (*MovementAllowance, error) {
	lines, err := readAllowanceChart(chart)
	if err != nil {
		return nil, err
	}
	l, _, err := g.allowanceLine(lines, leader, ArmInfantry, &leader)
	if err != nil {
		return nil, err
	}
	al := &MovementAllowance{Rolls: []AllowanceRoll{{Arm: ArmInfantry, Roll: roll.Number, Secret: roll.Secret, Faces: []int{roll.Total}}}}
	if g.rainToday() {
		al.Notes = append(al.Notes, AllowNoteRain)
	}
	for _, id := range units {
		u, ok := g.Units[id]
		arm := allowanceArm(u)
		if !ok || arm == "" {
			continue
		}
		ua := UnitAllowance{Unit: id, Arm: arm, With: l.with, Dice: roll.Total, Plus: l.plus}
		ua.MP = roll.Total + l.plus
		if roll.Total == 1 {
			ua.MP++
			ua.Steps = append(ua.Steps, AllowanceStep{Code: AllowArmyOneAsTwo, Value: 1})
		}
		if arm == ArmCavalry {
			ua.Steps = append(ua.Steps, AllowanceStep{Code: AllowArmyCavalryDouble, Times: 2})
			ua.MP *= 2
		}
		al.Units = append(al.Units, g.allowancePenalties(ua, u, lines))
	}
	return al, nil
}

// allowanceRoll rolls an allowance's dice from the free stream (the
// stream typed rolls draw from, engine/dice.go), numbered by audience's
// count: an allowance is rolled at every action, and drawing it from the
// game's own stream would move every later procedure die of every game
// replayed from a chosen seed (docs/dice.md's reason for one free stream).
// Nobody can predict the free stream, a chosen seed's game included (its
// salt is secret), so no /roll burnt before an action steers its
// allowance; the audit replays it with the free rolls.
func (g Game) allowanceRoll(cmd engine.RollDice, d engine.Dice, audience string) (*engine.DiceRolled, error) {
	stream := ""
	if f, ok := d.(engine.FreeDicer); ok {
		d, stream = f.Free()
	}
	out, err := engine.NumberedRoll(cmd, d, g.RollsOf(audience), audience)
	if err != nil {
		return nil, err
	}
	r := out[0].(*engine.DiceRolled)
	r.DiceStream = stream
	return r, nil
}

// rainToday reports whether it rains this turn (LRTG's random events, or
// the variant's).
func (g Game) rainToday() bool {
	if r := g.variant().allowance; r != nil && r.rain != nil && r.rain(g) {
		return true
	}
	return g.EventActive(EffectAnyRain)
}
