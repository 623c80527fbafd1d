// Phase 8, the Victory Check (LRTG 15.2; 000 VIII): decisive victories at
// any time, the optional preliminary victories and their cancellations, the
// end of the game and its result on the scenario's victory table.

package lrtg

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// Victory levels, + Confederate.
const (
	UnionDecisive          = -3
	UnionSubstantive       = -2
	UnionMarginal          = -1
	ConfederateMarginal    = 1
	ConfederateSubstantive = 2
	ConfederateDecisive    = 3
	prelimCSASubstantiveVP = 180
	prelimCSAMarginalVP    = 160
	prelimMoraleGap        = 3
	potomacCheckMonthDay   = "06-30"
)

// VictoryLevelName names a victory level.
func VictoryLevelName(level int) string {
	return map[int]string{UnionDecisive: "Union Decisive", UnionSubstantive: "Union Substantive", UnionMarginal: "Union Marginal",
		ConfederateMarginal: "Confederate Marginal", ConfederateSubstantive: "Confederate Substantive", ConfederateDecisive: "Confederate Decisive"}[level]
}

// VictoryResult is a victory: its level (+ Confederate) and how it came,
// by a code and its parameters (victory_codes.go). Why is how it came in
// words, in events stored before the codes: read, never written.
type VictoryResult struct {
	Level      int         `json:"level"`
	Name       string      `json:"name"`
	Why        string      `json:"why,omitempty"`
	Turn       int         `json:"turn"`
	Code       string      `json:"code,omitempty"`
	Side       engine.Side `json:"side,omitempty"`        // flight: the army in Flight
	Morale     int         `json:"morale,omitempty"`      // flight: its morale (LRTA: demoralization) level
	Unit       string      `json:"unit,omitempty"`        // occupation: the Confederate infantry's name
	Place      string      `json:"place,omitempty"`       // occupation: the place occupied
	VP         int         `json:"vp,omitempty"`          // table, prelim.stands: the VP total
	Table      string      `json:"table,omitempty"`       // table: the scenario whose victory table
	Prelim     int         `json:"prelim,omitempty"`      // prelim.stands: the preliminary victory's level
	TableLevel string      `json:"table_level,omitempty"` // prelim.stands: what the table would give
}

// Prelim is a preliminary victory (000 VIII optional preliminary victory
// conditions): Level is ±1 (marginal) or ±2 (substantive).
//
// Code and its parameters say why it was won, CancelCode and CancelTurn
// why it was cancelled (victory_codes.go); Why and Cancelled say both in
// words in events stored before the codes: read, never written.
type Prelim struct {
	Turn       int    `json:"turn"`
	Level      int    `json:"level"`
	Name       string `json:"name"`
	Why        string `json:"why,omitempty"`
	Cancelled  string `json:"prelimCancelled,omitempty"`
	Code       string `json:"code,omitempty"`
	VP         int    `json:"vp,omitempty"`  // the VP total (usa.panic.vp, usa.disorder.vp)
	CSA        int    `json:"csa,omitempty"` // the armies' morale levels (csa.disorder.gap)
	USA        int    `json:"usa,omitempty"`
	CancelCode string `json:"cancel_code,omitempty"`
	CancelTurn int    `json:"cancel_turn,omitempty"` // the turn of the Panic or Disorder that cancels it
}

// VictoryChecked records a victory check: the Victory Check Phase (003 8)
// or the umpire's check at any moment (decisive victories and the Potomac
// end happen "at any time", 000 VIII).
type VictoryChecked struct {
	By        engine.Actor       `json:"by"`
	Turn      int                `json:"turn"`
	Phase     bool               `json:"phase"` // the Victory Check Phase (preliminary victories are checked only there)
	VP        int                `json:"vp"`
	Morale    []engine.ArmyCheck `json:"morale"`
	Decisive  *VictoryResult     `json:"decisive,omitempty"`
	Prelims   []Prelim           `json:"prelims,omitempty"`         // new preliminary victories
	Cancelled []Prelim           `json:"prelimCancelled,omitempty"` // preliminary victories prelimCancelled now
	End       string             `json:"end,omitempty"`             // stored before the codes: why the game ends, in words ("" it goes on)
	EndCode   string             `json:"end_code,omitempty"`        // why the game ends ("" it goes on; victory_codes.go)
	EndLabel  string             `json:"end_label,omitempty"`       // last-turn: the last turn's label
	Ruling    string             `json:"ruling,omitempty"`          // LRTA's ruling: the umpire's reason, his words
	Result    *VictoryResult     `json:"result,omitempty"`
	Checked   []string           `json:"checked,omitempty"`
	Unchecked []string           `json:"unchecked,omitempty"`
}

// VictoryBand is a row of a scenario's victory table.
type VictoryBand struct {
	Min, Max int // VP, inclusive (math.MinInt / MaxInt when open)
	Level    int
	Name     string
}

// VictoryBands reads a scenario's victory table (lrtg.victory-levels-*):
// rows "210+", "185-209", "Less than 140" with their result.
func VictoryBands(ch *engine.Chart) ([]VictoryBand, error) {
	if ch == nil {
		return nil, fmt.Errorf("engine: no victory table")
	}
	var out []VictoryBand
	for _, row := range ch.Rows {
		if len(row) < 2 {
			return nil, fmt.Errorf("engine: %s: short row %v", ch.ID, row)
		}
		b := VictoryBand{Name: strings.TrimSpace(row[1]), Min: math.MinInt, Max: math.MaxInt}
		cell := strings.TrimSpace(row[0])
		var err error
		switch {
		case strings.HasPrefix(strings.ToLower(cell), "less than "):
			var n int
			n, err = strconv.Atoi(strings.TrimSpace(cell[len("less than "):]))
			b.Max = n - 1
		case strings.HasSuffix(cell, "+"):
			b.Min, err = strconv.Atoi(strings.TrimSuffix(cell, "+"))
		default:
			a, c, ok := strings.Cut(cell, "-")
			if !ok {
				return nil, fmt.Errorf("engine: %s: %q is not a VP band", ch.ID, cell)
			}
			if b.Min, err = strconv.Atoi(strings.TrimSpace(a)); err == nil {
				b.Max, err = strconv.Atoi(strings.TrimSpace(c))
			}
		}
		if err != nil {
			return nil, fmt.Errorf("engine: %s: %q: %v", ch.ID, cell, err)
		}
		for lvl := UnionDecisive; lvl <= ConfederateDecisive; lvl++ {
			if lvl != 0 && strings.EqualFold(VictoryLevelName(lvl), b.Name) {
				b.Level = lvl
			}
		}
		if b.Level == 0 {
			return nil, fmt.Errorf("engine: %s: %q is not a victory level", ch.ID, b.Name)
		}
		out = append(out, b)
	}
	return out, nil
}

// segVictoryTable is the chart id of a scenario's victory levels.
func segVictoryTable(scenario string) string {
	return "lrtg.victory-levels-" + strings.TrimPrefix(scenario, "lrtg-")
}

// VictoryLevel reads the level of a VP total on the bands.
func VictoryLevel(bands []VictoryBand, vp int) (VictoryBand, bool) {
	for _, b := range bands {
		if vp >= b.Min && vp <= b.Max {
			return b, true
		}
	}
	return VictoryBand{}, false
}

// segPotomacDay is the first day of the Potomac end check: June 30 in
// both scenarios. 003's High Tide sheet prints June 28 against 000 VIII 1)
// (twice), 003's Gettysburg sheet and the June turn record (P on June 30):
// lrtg-p2-victory.yaml uses June 30 for both scenarios.
func segPotomacDay(year int) time.Time {
	d, _ := time.Parse("2006-01-02", fmt.Sprintf("%d-%s", year, potomacCheckMonthDay))
	return d
}

// segCSANorth returns the Confederate infantry units north of the Potomac.
func (g Game) segCSANorth(t *engine.Theatre) []string {
	var out []string
	for _, u := range g.segUnits(func(u engine.UnitState) bool { return u.Side == engine.CSA && u.Kind == engine.KindInfantry }) {
		if segIn(t, "north-of-potomac", u.Hex) {
			out = append(out, u.Name)
		}
	}
	return out
}

// CheckVictory is a victory check: in the Victory Check Phase (the step's
// procedure) or by the umpire at any moment (decisive victories and the
// Potomac end happen "at any time", 000 VIII).
type CheckVictory struct {
	By      engine.Actor
	Context engine.StepContext
	Reason  string
}

// CommandName implements Command.
func (CheckVictory) CommandName() string { return "segment victory" }

func procVictory(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if o := g.Segment.Outcome; o != nil { // decided earlier this turn (/segment victory)
		return []engine.Event{&SegmentOpened{Turn: g.Turn, Step: "8", Notes: []SegmentNote{gameOverNote(*o)}}}, nil
	}
	return g.segVictoryEvents(g.Umpire, ctx, true)
}

func (g Game) segVictoryEvents(by engine.Actor, ctx engine.StepContext, phase bool) ([]engine.Event, error) {
	mc, err := g.decideMoraleCheck(CheckMorale{By: by, Sizes: segSizes(ctx)})
	if err != nil {
		return nil, err
	}
	after := g.Apply(mc)
	vc, err := after.segVictoryCheck(by, ctx, phase)
	if err != nil {
		return nil, err
	}
	return []engine.Event{mc, vc}, nil
}

// segVictoryCheck settles the victory conditions now (morale as last
// confirmed): the decisive victories, the preliminary ones and their
// cancellations, whether the game ends, and its result when it does.
func (g Game) segVictoryCheck(by engine.Actor, ctx engine.StepContext, phase bool) (*VictoryChecked, error) {
	t := segTheatre(ctx)
	_, vp := g.VPTotals()
	ev := &VictoryChecked{By: by, Turn: g.Turn, Phase: phase, VP: vp}
	csa, usa := g.segArmyChecks(ev, ctx)
	g.segDecisiveVictory(ev, t, csa, usa)
	prelims := append([]Prelim(nil), g.Segment.Prelims...)
	if phase && g.Options.PrelimVictory {
		prelims = g.segPrelimVictories(ev, prelims, csa, usa)
	}
	if g.Options.PrelimVictory {
		g.segPrelimCancellations(ev, prelims, csa)
	}
	g.segGameEnd(ev, t, phase)
	if !ev.Ends() {
		return ev, nil
	}
	if ev.Decisive != nil {
		ev.Result = ev.Decisive
		return ev, nil
	}
	return g.segFinalResult(ev, prelims, ctx)
}

// segArmyChecks records both armies' morale as the check reads it (15.2)
// and returns the Confederate's and the Union's.
func (g Game) segArmyChecks(ev *VictoryChecked, ctx engine.StepContext) (csa, usa engine.ArmyCheck) {
	armies := map[engine.Side]engine.ArmyCheck{}
	for _, s := range segSides {
		m := g.ArmyMorale(s, segSizes(ctx))
		c := engine.ArmyCheck{Side: s, Level: m.Level, Disorder: m.Disorder, Panic: m.Panic, Flight: m.Flight}
		armies[s] = c
		ev.Morale = append(ev.Morale, c)
	}
	return armies[engine.CSA], armies[engine.USA]
}

// segDecisiveVictory checks the decisive victories at any time (000 VIII;
// 15.2): an army's Flight, or Confederate infantry in the White House, the
// US Capitol or Baltimore Depot.
func (g Game) segDecisiveVictory(ev *VictoryChecked, t *engine.Theatre, csa, usa engine.ArmyCheck) {
	switch {
	case usa.Flight:
		ev.Decisive = &VictoryResult{Level: ConfederateDecisive, Code: VictoryWhyFlight, Side: engine.USA, Morale: usa.Level}
	case csa.Flight:
		ev.Decisive = &VictoryResult{Level: UnionDecisive, Code: VictoryWhyFlight, Side: engine.CSA, Morale: csa.Level}
	}
	if t != nil {
		for _, name := range []string{"White House", "US Capitol", "Baltimore Depot"} {
			p := t.Place(name)
			if p == nil {
				ev.Unchecked = append(ev.Unchecked, name+" (not in the map data)")
				continue
			}
			for _, u := range g.segUnits(func(u engine.UnitState) bool {
				return u.Side == engine.CSA && u.Kind == engine.KindInfantry && u.Hex == p.Hex
			}) {
				if ev.Decisive == nil {
					ev.Decisive = &VictoryResult{Level: ConfederateDecisive, Code: VictoryWhyOccupation, Unit: u.Name, Place: name}
				}
			}
		}
		ev.Checked = append(ev.Checked, "Confederate infantry in the White House, the US Capitol or Baltimore Depot now")
		ev.Unchecked = append(ev.Unchecked, "an occupation of those hexes between two checks (the umpire checks at any moment with /segment victory)")
	} else {
		ev.Unchecked = append(ev.Unchecked, "the White House, US Capitol and Baltimore Depot (no map data)")
	}
	ev.Checked = append(ev.Checked, "Flight of either army (15.2)")
	if ev.Decisive != nil {
		ev.Decisive.Name, ev.Decisive.Turn = VictoryLevelName(ev.Decisive.Level), g.Turn
	}
}

// segPrelimVictories awards the preliminary victories (000 VIII optional),
// in the Victory Check Phase only: each level once, and none against one
// the other side already holds at the matching level. It returns the
// preliminary victories with the new ones.
func (g Game) segPrelimVictories(ev *VictoryChecked, prelims []Prelim, csa, usa engine.ArmyCheck) []Prelim {
	vp := ev.VP
	ev.Checked = append(ev.Checked, "the preliminary victory conditions (optional)")
	add := func(level int, why Prelim) {
		if prelimHad(prelims, level) {
			return
		}
		p := why
		p.Turn, p.Level, p.Name = g.Turn, level, "Preliminary "+VictoryLevelName(level)
		prelims = append(prelims, p)
		ev.Prelims = append(ev.Prelims, p)
	}
	if usa.Panic && vp >= prelimCSASubstantiveVP && !prelimHad(prelims, UnionSubstantive) {
		add(ConfederateSubstantive, Prelim{Code: PrelimWhyUSAPanicVP, VP: vp})
	}
	if (usa.Disorder || usa.Panic) && vp >= prelimCSAMarginalVP && !prelimHad(prelims, UnionMarginal) {
		add(ConfederateMarginal, Prelim{Code: PrelimWhyUSADisorderVP, VP: vp})
	}
	if csa.Panic && !usa.Disorder && !usa.Panic && !prelimHad(prelims, ConfederateSubstantive) {
		add(UnionSubstantive, Prelim{Code: PrelimWhyCSAPanic})
	}
	if (csa.Disorder || csa.Panic) && csa.Level >= usa.Level+prelimMoraleGap && !prelimHad(prelims, ConfederateMarginal) {
		add(UnionMarginal, Prelim{Code: PrelimWhyCSAMorale, CSA: csa.Level, USA: usa.Level})
	}
	return prelims
}

// prelimHad reports whether a preliminary victory of the level was ever
// won (cancelled or not).
func prelimHad(prelims []Prelim, level int) bool {
	for _, p := range prelims {
		if p.Level == level {
			return true
		}
	}
	return false
}

// segPrelimCancellations cancels preliminary victories during play ("at
// the time ... or thereafter", 000 VIII: at every check), in place.
func (g Game) segPrelimCancellations(ev *VictoryChecked, prelims []Prelim, csa engine.ArmyCheck) {
	for i := range prelims {
		p := &prelims[i]
		if p.IsCancelled() {
			continue
		}
		switch {
		case p.Level == ConfederateSubstantive && csa.Panic:
			p.CancelCode, p.CancelTurn = PrelimCancelCSAPanic, g.Turn
		case p.Level == ConfederateMarginal && (csa.Disorder || csa.Panic):
			p.CancelCode, p.CancelTurn = PrelimCancelCSADisorder, g.Turn
		case p.Level == UnionMarginal && prelimHad(prelims, ConfederateSubstantive) && !prelimCancelled(prelims, ConfederateSubstantive):
			p.CancelCode = PrelimCancelCSASubstantive
		}
		if p.IsCancelled() {
			ev.Cancelled = append(ev.Cancelled, *p)
		}
	}
}

// segGameEnd says whether and why the game ends (000 VIII): a decisive
// victory, no Confederate infantry north of the Potomac from June 30, or
// the last turn played.
func (g Game) segGameEnd(ev *VictoryChecked, t *engine.Theatre, phase bool) {
	day, _ := g.TurnDate(g.Turn)
	last := day.AddDate(0, 0, g.TurnDays(g.Turn)-1)
	switch {
	case ev.Decisive != nil:
		ev.EndCode = EndDecisive
	case t != nil && !last.Before(segPotomacDay(last.Year())) && len(g.segCSANorth(t)) == 0:
		ev.EndCode = EndPotomac
	case phase && g.Turn >= g.LastTurn():
		ev.EndCode, ev.EndLabel = EndLastTurn, g.TurnLabel(g.Turn)
	}
	if t != nil && !last.Before(segPotomacDay(last.Year())) {
		ev.Checked = append(ev.Checked, "Confederate infantry north of the Potomac (from June 30)")
	}
}

// segFinalResult sets the result of a game that ends without a decisive
// victory: the VP total on the scenario's victory table, unless a
// preliminary victory that stands is better for its side (000 VIII).
func (g Game) segFinalResult(ev *VictoryChecked, prelims []Prelim, ctx engine.StepContext) (*VictoryChecked, error) {
	vp := ev.VP
	var ch *engine.Chart
	if ctx.Library != nil {
		ch = ctx.Library.Chart(segVictoryTable(g.Options.Scenario))
	}
	bands, err := VictoryBands(ch)
	if err != nil {
		return nil, err
	}
	band, ok := VictoryLevel(bands, vp)
	if !ok {
		return nil, fmt.Errorf("engine: no victory level for %d VP", vp)
	}
	res := &VictoryResult{Level: band.Level, Name: band.Name, Turn: g.Turn, Code: VictoryWhyTable, VP: vp, Table: g.Options.Scenario}
	best := segEndCancellations(ev, prelims, band)
	if best != 0 && !(segSameSign(best, band.Level) && engine.Abs(band.Level) >= engine.Abs(best)) {
		res = &VictoryResult{Level: best, Name: VictoryLevelName(best), Turn: g.Turn,
			Code: VictoryWhyPrelimStands, Prelim: best, VP: vp, TableLevel: band.Name}
	}
	ev.Result = res
	return ev, nil
}

// segEndCancellations cancels the Union's preliminary victories at the end
// of the game (000 VIII): a substantive one by a decisive Confederate
// result (210 / 250 VP), a marginal one by a substantive one (185 / 220
// VP). It returns the best preliminary level that stands (0: none).
func segEndCancellations(ev *VictoryChecked, prelims []Prelim, band VictoryBand) int {
	best := 0
	for i := range prelims {
		p := &prelims[i]
		if !p.IsCancelled() && p.Level == UnionSubstantive && band.Level == ConfederateDecisive {
			p.CancelCode = PrelimCancelEndDecisive
			ev.Cancelled = append(ev.Cancelled, *p)
		}
		if !p.IsCancelled() && p.Level == UnionMarginal && band.Level >= ConfederateSubstantive {
			p.CancelCode = PrelimCancelEndSubstantive
			ev.Cancelled = append(ev.Cancelled, *p)
		}
		if !p.IsCancelled() && engine.Abs(p.Level) > engine.Abs(best) {
			best = p.Level
		}
	}
	return best
}

func prelimCancelled(ps []Prelim, level int) bool {
	for _, p := range ps {
		if p.Level == level && !p.IsCancelled() {
			return false
		}
	}
	return true
}

func segSameSign(a, b int) bool { return a > 0 && b > 0 || a < 0 && b < 0 }

func segWaitVictory(g Game) []string {
	if o := g.Segment.Outcome; o != nil {
		return []string{gameOverWait(*o)}
	}
	return nil
}

func (g Game) decideSegVictory(cmd CheckVictory) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if r := g.variant().victoryRefused; r != nil {
		// A variant's victory conditions are its own (LRTA's:
		// lrta_victory.go, 004): its own command checks them.
		refused := *r
		return nil, &refused
	}
	if err := g.needUmpire(cmd.By, "checks victory outside the Victory Check Phase"); err != nil {
		return nil, err
	}
	if g.Segment.Outcome != nil {
		return nil, engine.Illegal("segment.victory.over", alreadyOver(*g.Segment.Outcome), "The umpire ends it with /game end")
	}
	return g.segVictoryEvents(cmd.By, cmd.Context, false)
}

// applyVictoryChecked records the check's new preliminary victories and
// cancellations (000 VIII optional) and, when the game ends, its outcome.
func (s *SegmentState) applyVictoryChecked(e *VictoryChecked) {
	for _, p := range e.Prelims {
		s.Prelims = append(s.Prelims, p)
	}
	for _, c := range e.Cancelled {
		for i := range s.Prelims {
			if s.Prelims[i].Level == c.Level && s.Prelims[i].Turn == c.Turn {
				s.Prelims[i].Cancelled, s.Prelims[i].CancelCode, s.Prelims[i].CancelTurn = c.Cancelled, c.CancelCode, c.CancelTurn
			}
		}
	}
	if e.Ends() && e.Result != nil {
		r := *e.Result
		s.Outcome = &r
	}
}
