// Army morale (LRTG 15; 003 ARMY MORALE; 000 VII 7): the morale lines, the
// Disorder and Panic levels and their VP, the contributions of eliminated
// units and demoralization. Moved out of records.go, which keeps
// GameState.ArmyMorale (it tells LRTA from LRTG).

package lrtg

import (
	"fmt"
	"sort"

	"github.com/umpire-games/umpire/engine"
)

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
	Side     engine.Side
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
func ArmyName(s engine.Side) string {
	if s == engine.CSA {
		return "Confederate army (ANV)"
	}
	return "Union army (AoP)"
}

// moraleCorps reports whether a command is a corps morale counts (000
// 15.1; 003 ARMY MORALE): the AoP infantry corps and the AoP cavalry; the
// ANV corps I, II, III and the cavalry with Jenkins and Imboden. The AoP
// artillery, DC, Baltimore, WV, HF, PA and RR units, the Richmond Garrison,
// 54 NC, 58 VA and 12 VA are in no corps.
func moraleCorps(s engine.Side, command string) bool {
	var corps []string
	if s == engine.USA {
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
func armyOfThePotomac(u engine.UnitState) bool {
	if u.Side != engine.USA {
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
func sizeOf(u engine.UnitState, sizes engine.UnitSizes) string {
	if s := sizes[u.ID]; s != "" {
		return s
	}
	switch u.Kind {
	case engine.KindInfantry, engine.KindCavalry, engine.KindArtillery, engine.KindMilitia:
		return "brigade"
	}
	return ""
}

// infantry says whether the unit counts as infantry: PA militia are infantry
// brigades (7.2; 10.1 2) "militia are infantry").
func infantry(u engine.UnitState) bool { return infantryKind(u.Kind) }

// infantryKind is infantry for a kind alone (an elimination record's).
func infantryKind(k engine.UnitKind) bool {
	return k == engine.KindInfantry || k == engine.KindMilitia
}

// eliminationMorale is what an eliminated unit adds, age turns after the
// turn it was eliminated (000 15.1; 003 ARMY MORALE).
func eliminationMorale(e engine.Elimination, age int) int {
	if age < 0 || age > 2 {
		return 0
	}
	switch {
	case e.Size == "division" && e.Side == engine.USA:
		return [3]int{3, 2, 1}[age]
	case e.Size == "division":
		return [3]int{6, 4, 2}[age]
	case e.Size != "brigade":
		return 0
	case e.Side == engine.USA && (infantryKind(e.Kind) || e.Kind == engine.KindCavalry || e.Kind == engine.KindArtillery):
		return [3]int{1, 1, 0}[age]
	case e.Side == engine.CSA && (e.Kind == engine.KindInfantry || e.Kind == engine.KindCavalry):
		return [3]int{2, 1, 1}[age]
	}
	return 0
}

// demoralization is a unit's demoralization level (status.go; a
// "demoralized" mark recorded before statuses were typed is level 1).
func demoralization(u engine.UnitState) int { return u.WithStatus().Status.Demoralization }

// eliminations returns the side's eliminated units with the turn each
// counts from: its recorded turn, or this turn when not yet recorded.
func (g Game) eliminations(side engine.Side, sizes engine.UnitSizes) []engine.Elimination {
	stamped := map[string]engine.Elimination{}
	for _, e := range g.Records.Eliminations {
		stamped[e.Unit] = e
	}
	var out []engine.Elimination
	for _, id := range recordUnitIDs(g.Units) {
		u := g.Units[id]
		if u.Side != side || !u.Eliminated {
			continue
		}
		if e, ok := stamped[id]; ok {
			out = append(out, e)
			continue
		}
		out = append(out, engine.Elimination{Unit: id, Name: u.Name, Side: u.Side, Kind: u.Kind, Command: u.Command, Size: sizeOf(u, sizes), Turn: g.Turn})
	}
	return out
}

func recordUnitIDs(m map[string]engine.UnitState) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
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
func (g Game) moraleCheck(sizes engine.UnitSizes, stamp bool) engine.MoraleCheck {
	var c engine.MoraleCheck
	if stamp {
		known := map[string]bool{}
		for _, e := range g.Records.Eliminations {
			known[e.Unit] = true
			if u, ok := g.Units[e.Unit]; !ok || !u.Eliminated {
				c.Unstamped = append(c.Unstamped, e.Unit)
			}
		}
		for _, side := range []engine.Side{engine.CSA, engine.USA} {
			for _, e := range g.eliminations(side, sizes) {
				if !known[e.Unit] {
					c.Stamped = append(c.Stamped, e)
				}
			}
		}
	}
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		m := g.ArmyMorale(side, sizes)
		c.Armies = append(c.Armies, engine.ArmyCheck{Side: side, Level: m.Level, Disorder: m.Disorder, Panic: m.Panic, Flight: m.Flight})
		old := g.Records.Armies[side]
		sign := 1
		if side == engine.CSA {
			sign = -1
		}
		army := "Union"
		if side == engine.CSA {
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
			c.VP = append(c.VP, engine.MoraleVP{Turn: g.Turn, What: what, VP: sign * (after - before)})
		}
		state("Disorder", old.Disorder, m.Disorder, old.EverDisorder, DisorderVP, DisorderPastVP)
		state("Panic", old.Panic, m.Panic, old.EverPanic, PanicVP, PanicPastVP)
	}
	return c
}

// applyCheck folds a morale check.
func (g Game) applyCheck(c engine.MoraleCheck) Game {
	r := g.Records
	if len(c.Stamped) > 0 || len(c.Unstamped) > 0 {
		drop := map[string]bool{}
		for _, id := range c.Unstamped {
			drop[id] = true
		}
		var es []engine.Elimination
		for _, e := range r.Eliminations {
			if !drop[e.Unit] {
				es = append(es, e)
			}
		}
		r.Eliminations = append(es, c.Stamped...)
	}
	armies := make(map[engine.Side]ArmyRecord, 2)
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
