package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// LRTA army morale (004 "Army Morale": the Demoralization Level a) to j),
// its two footnotes, the elimination schedules, Disorder / Panic / Flight;
// the data is lrta.army-morale-level, lrta.army-morale-eliminations and
// lrta.army-morale-effects). GameState.ArmyMorale (records.go) computes
// this for LRTA games, so /morale show|check, the turn's end and the
// Victory Check confirm it as they do LRTG's 15.1.
//
// Readings where 004 is short (the LRTA rule book is not among the seeds;
// LRTG 15 is followed where 004 is silent):
//   - a) "corps which currently have a routed division or brigade": a
//     routed unit is a demoralized one, as LRTG 15.1 reads it. 004 prints no
//     "or eliminated in the last two turns" clause for a) (LRTG 15.1 does):
//     eliminations count only by their schedule.
//   - Corps for a): a unit's command is its corps, except the Union Balt,
//     DC, RR, Shen, PA designations and all Union cavalry, and the
//     Confederate Funk (004's list); every Confederate cavalry brigade is in
//     the Confederate cavalry corps. Army commands (AP, AV, ANV) are no
//     corps; the Kan and Res designations, which 004 does not list, are
//     corps of their own.
//   - AoP/AoV units (b, c, f and the brigade schedule): every Union unit but
//     those designated DC, Balt, RR, Shen and PA (004 footnote **).
//   - f) Raw Recruits: one more loss per two manpower added to AoP/AoV
//     units, rounded up (004 Random Events, Raw Recruits). McClellan: once
//     he has assumed command all counted Union losses (with the recruits)
//     are halved, rounded down: "reduce existing losses by one half" (the
//     footnote, McClellan's step 4) and "casualty effects on morale are
//     halved" (his step 8) together halve the losses before and after. The
//     halving is f)'s only, not the elimination schedule's.
//   - j) Pope commands the Army of Virginia until McClellan assumes command.
//   - Thresholds 8 / 12 / 16, each needing an infantry division or cavalry
//     brigade of the army demoralized or eliminated in the last three turns
//     (this turn or the two before), as 004 prints for all three.
//   - Out-of-supply divisions and Simplified Supply: as LRTG (the LRTA
//     Simplified Supply table has the same Army Morale column as LRTG 24.6).

// LRTA morale thresholds (004 Army Morale; lrta.army-morale-effects).
const (
	LRTAMoraleDisorder = 8
	LRTAMoralePanic    = 12
	LRTAMoraleFlight   = 16
	lrtaPopeMorale     = 2 // j)
)

// MoraleThresholds returns a game's Disorder, Panic and Flight levels
// (LRTG 15.2: 8 / 11 / 14; LRTA 004: 8 / 12 / 16).
func MoraleThresholds(game engine.Game) (disorder, panic, flight int) {
	if game == LRTA {
		return LRTAMoraleDisorder, LRTAMoralePanic, LRTAMoraleFlight
	}
	return MoraleDisorder, MoralePanic, MoraleFlight
}

// lrtaNonArmy are the Union designations that are neither AoP nor AoV (004
// Army Morale footnote **) and are in no corps for a).
var lrtaNonArmy = []string{"DC", "Balt", "RR", "Shen", "PA"}

func lrtaIn(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, strings.TrimSpace(s)) {
			return true
		}
	}
	return false
}

// lrtaArmyUnit reports whether a Union unit is of the AoP or the AoV (004
// footnote **: all but DC, Balt, RR, Shen and PA).
func lrtaArmyUnit(u engine.UnitState) bool {
	return u.Side == engine.USA && !lrtaIn(lrtaNonArmy, u.Command)
}

// lrtaIsFunk reports whether the unit is the Confederate Funk, in no corps
// for a).
func lrtaIsFunk(u engine.UnitState) bool {
	return u.Side == engine.CSA && (u.ID == lrtaFunk || strings.EqualFold(u.Name, "Funk"))
}

// lrtaCorps returns the corps a unit counts in for a) ("" for none).
func lrtaCorps(u engine.UnitState) string {
	switch {
	case u.Side == engine.CSA && u.Kind == engine.KindCavalry:
		return "Cav" // all Confederate cavalry brigades form the cavalry corps
	case u.Side == engine.CSA && lrtaIsFunk(u):
		return ""
	case u.Side == engine.USA && (u.Kind == engine.KindCavalry || lrtaIn(lrtaNonArmy, u.Command) || strings.EqualFold(u.Command, "Cav")):
		return ""
	case lrtaIn([]string{"", "AP", "AV", "AoP", "AoV", "ANV"}, u.Command):
		return ""
	}
	return u.Command
}

// lrtaEliminationMorale is what an eliminated unit adds, age turns after
// the turn it was eliminated (004 Army Morale; lrta.army-morale-eliminations).
// Units removed by attaching are not eliminated (attach.go), so "other than
// being attached" needs no test here.
func lrtaEliminationMorale(e engine.Elimination, age int) int {
	if age < 0 || age > 2 {
		return 0
	}
	brigade := e.Size == "brigade" && (infantryKind(e.Kind) || e.Kind == engine.KindCavalry)
	switch {
	case e.Size == "division" && e.Side == engine.USA:
		return [3]int{3, 2, 1}[age] // "for whatever reason"
	case e.Size == "division" && e.Side == engine.CSA:
		return [3]int{6, 4, 2}[age]
	case brigade && e.Side == engine.CSA:
		return [3]int{2, 1, 1}[age]
	case brigade && e.Side == engine.USA && !lrtaIn(lrtaNonArmy, e.Command):
		return [3]int{1, 1, 0}[age] // AoP or AoV brigades only
	}
	return 0
}

// lrtaPopeCommands reports whether Pope commands the Army of Virginia
// (004 j)): until McClellan assumes command.
func (g Game) lrtaPopeCommands() bool { return !g.lrtaMcClellanCommands() }

// lrtaMcClellanCommands reports whether McClellan has assumed command of
// the Union army (004 McClellan assumes command; lrta_army.go).
func (g Game) lrtaMcClellanCommands() bool { return g.LRTAMcClellan() }

// lrtaRawRecruits returns the Union losses Raw Recruits add to f): one
// per two manpower given to AoP/AoV units, rounded up (004 Random Events,
// Raw Recruits; lrta_events.go counts them).
func (g Game) lrtaRawRecruits() int { return g.LRTARawRecruitCasualties() }

// lrtaArmyMorale computes an LRTA army's demoralization level now with
// every contribution (004 Army Morale a) to j) and the elimination
// schedules).
func (g Game) lrtaArmyMorale(side engine.Side, sizes engine.UnitSizes) ArmyMorale {
	m := ArmyMorale{Side: side}
	g.lrtaEliminationLines(&m, side, sizes)
	g.lrtaDemoralizedLines(&m, side, sizes)
	g.lrtaLossLines(&m, side)
	if l, ok := g.supplyMoraleLine(side, sizes, "004 Simplified Supply Effects", "004 Army Morale h)", "004 Army Morale i)"); ok {
		lrtaAddMorale(&m, l)
	}
	if side == engine.USA && g.lrtaPopeCommands() {
		lrtaAddMorale(&m, MoraleLine{What: "Pope commands the Army of Virginia", Value: lrtaPopeMorale, Rule: "004 Army Morale j)"})
	}
	for _, a := range g.Records.Adjustments {
		if a.Side == side {
			lrtaAddMorale(&m, MoraleLine{What: fmt.Sprintf("%s (%s)", a.Reason, a.By.Name), Turn: a.Turn, Value: a.Delta, Rule: "004 Army Morale"})
		}
	}
	m.Disorder = m.Level >= LRTAMoraleDisorder && m.DemoralizedDivision
	m.Panic = m.Level >= LRTAMoralePanic && m.DemoralizedDivision
	m.Flight = m.Level >= LRTAMoraleFlight && m.DemoralizedDivision
	return m
}

// lrtaAddMorale adds a contribution to the army's level (none when it is
// 0).
func lrtaAddMorale(m *ArmyMorale, l MoraleLine) {
	if l.Value != 0 {
		m.Lines = append(m.Lines, l)
		m.Level += l.Value
	}
}

// lrtaStrikes is the threshold condition: an infantry division or cavalry
// brigade demoralized, or eliminated in the last three turns.
func lrtaStrikes(kind engine.UnitKind, size string) bool {
	return infantryKind(kind) && size == "division" || kind == engine.KindCavalry && size == "brigade"
}

// lrtaEliminationLines adds the elimination schedules: the units the side
// lost in the last three turns (004 Army Morale, eliminations).
func (g Game) lrtaEliminationLines(m *ArmyMorale, side engine.Side, sizes engine.UnitSizes) {
	when := [3]string{"this turn", "last turn", "two turns ago"}
	for _, e := range g.eliminations(side, sizes) {
		age := g.Turn - e.Turn
		if age < 0 || age > 2 {
			continue
		}
		if lrtaStrikes(e.Kind, e.Size) {
			m.DemoralizedDivision = true
		}
		if v := lrtaEliminationMorale(e, age); v != 0 {
			lrtaAddMorale(m, MoraleLine{What: fmt.Sprintf("%s (%s) eliminated %s", e.Name, e.Size, when[age]), Turn: e.Turn, Value: v, Rule: "004 Army Morale, eliminations"})
		}
	}
}

// lrtaDemoralizedLines adds the demoralized units on the map: the
// infantry divisions (004 Army Morale b)-e)) and one a corps with a routed
// division or brigade (a)).
func (g Game) lrtaDemoralizedLines(m *ArmyMorale, side engine.Side, sizes engine.UnitSizes) {
	corps := map[string]string{} // corps -> the routed unit that counts it
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
		if lrtaStrikes(u.Kind, size) {
			m.DemoralizedDivision = true
		}
		if c := lrtaCorps(u); c != "" && (size == "division" || size == "brigade") && corps[c] == "" {
			corps[c] = u.Name
		}
		if size != "division" || !infantry(u) {
			continue
		}
		switch {
		case side == engine.USA && lrtaArmyUnit(u):
			lrtaAddMorale(m, MoraleLine{What: fmt.Sprintf("%s (AoP/AoV infantry division) at demoralization %d", u.Name, d), Value: d, Rule: "004 Army Morale b)-c)"})
		case side == engine.CSA:
			lrtaAddMorale(m, MoraleLine{What: fmt.Sprintf("%s (infantry division) at demoralization %d", u.Name, d), Value: 2 * d, Rule: "004 Army Morale d)-e)"})
		}
	}
	names := make([]string, 0, len(corps))
	for c := range corps {
		names = append(names, c)
	}
	sort.Strings(names)
	for _, c := range names {
		lrtaAddMorale(m, MoraleLine{What: fmt.Sprintf("Corps %s: %s routed", c, corps[c]), Value: 1, Rule: "004 Army Morale a)"})
	}
}

// lrtaLossLines adds the combat losses: one per 5 Confederate MP (004 Army
// Morale g)); one per 8 MP of AoP/AoV infantry and cavalry, with Raw
// Recruits and halved under McClellan (f)).
func (g Game) lrtaLossLines(m *ArmyMorale, side engine.Side) {
	if side == engine.CSA {
		if n := g.Losses.CSA; n/5 > 0 {
			lrtaAddMorale(m, MoraleLine{What: fmt.Sprintf("%d Confederate MP lost in combat (one per 5)", n), Value: n / 5, Rule: "004 Army Morale g)"})
		}
	} else {
		aop := g.Losses.AoP - g.Losses.AoPArtillery // f): infantry and cavalry only
		n, parts := aop, []string{fmt.Sprintf("%d MP of AoP/AoV units lost in combat", aop)}
		if rr := g.lrtaRawRecruits(); rr > 0 {
			n += rr
			parts = append(parts, fmt.Sprintf("+%d for Raw Recruits (one per two MP)", rr))
		}
		if g.lrtaMcClellanCommands() && n > 0 {
			parts = append(parts, fmt.Sprintf("halved to %d (McClellan)", n/2))
			n /= 2
		}
		if n/8 > 0 {
			lrtaAddMorale(m, MoraleLine{What: strings.Join(parts, ", ") + " (one per 8)", Value: n / 8, Rule: "004 Army Morale f)"})
		}
	}
}
