package lrtg

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
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
//
// This file keeps the module's registration (init), state, decider and
// applier, and what tells LRTA from LRTG; the rest is in records_turns.go
// (the turn record's calendar), records_events.go (commands and events),
// records_morale.go (army morale) and records_supply.go (supply).

// recordsModule is LRTG's morale and supply records.
func recordsModule() engine.Module {
	return engine.Module{Name: "records",
		Commands: []engine.Command{AdjustMorale{}, CheckMorale{}, AdjustSupply{}}, Decide: claims(decideRecords),
		Events: []engine.Event{&MoraleAdjusted{}, &MoraleChecked{}, &SupplyAdjusted{}},
		Apply:  folds(applyRecords)}
}

// RecordsState is the game's state of this rule module: eliminations as
// morale counts them, the players' and umpire's morale adjustments, each
// army's confirmed morale state and the supply sheets (the record of each
// finished turn is the kernel's: GameState.TurnRecord, turn.go).
type RecordsState struct {
	Eliminations []engine.Elimination       // each eliminated unit with the turn it was eliminated (15.1)
	Adjustments  []MoraleAdjustment         // morale contributions the engine cannot compute yet
	Armies       map[engine.Side]ArmyRecord // each army's morale as last confirmed
	Track        map[engine.Side]int        // simplified supply: the side's victual track (24.0); absent = the start
	Victuals     map[string]int             // normal / augmented supply: a unit's victuals (13.0); absent = full
	StoreUsed    map[string]int             // levied towns: victuals taken from them (13.1, 24.3)
	SupplyLog    []SupplyEntry              // every supply change, for the side's sheet
}

// MoraleAdjustment is a morale contribution a player or the umpire records:
// it counts from its turn until another adjustment takes it back.
type MoraleAdjustment struct {
	Side   engine.Side
	Turn   int
	Delta  int
	Reason string
	By     engine.Actor
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

// supplyMoraleLine is army morale's supply contribution (LRTG 15.1 9)-10),
// 24.6; 004 Army Morale h)-i)): the simplified supply track's, or one for
// every three Union (two Confederate) infantry divisions out of supply;
// the rules cited are the game's.
func (g Game) supplyMoraleLine(side engine.Side, sizes engine.UnitSizes, simplified, usa, csa string) (MoraleLine, bool) {
	if g.Options.Supply == "simplified" {
		v := simplifiedSupplyMorale(g.SupplyLevel(side))
		return MoraleLine{What: fmt.Sprintf("Supply track at %+d", g.SupplyLevel(side)), Value: v, Rule: simplified}, v > 0
	}
	n := 0
	for _, id := range recordUnitIDs(g.Units) {
		u := g.Units[id]
		if u.Side == side && u.OnMap && !u.Eliminated && infantry(u) && sizeOf(u, sizes) == "division" &&
			(engine.Contains(u.Marks, "out-of-supply") || g.Victuals(u) <= 0) {
			n++
		}
	}
	per, rule := 3, usa
	if side == engine.CSA {
		per, rule = 2, csa
	}
	return MoraleLine{What: fmt.Sprintf("%d infantry divisions out of supply (one per %d)", n, per), Value: n / per, Rule: rule}, n/per > 0
}

// ---------------------------------------------------------------------
// The turn record.

// DaysLeft returns the calendar days that follow the given turn until the
// end of the scenario's last turn.
func (g Game) DaysLeft(turn int) int {
	d, ok := g.TurnDate(turn)
	if !ok {
		return 0
	}
	// From the last day of this turn to the last day of the last turn: a
	// turn of several days (LITN's two, 002 2.3) counts all of them, so
	// 14 two-day turns are 28 days, not the 27 to the last turn's first
	// day (issue 22, LITN set-up 5).
	lastTurn := g.LastTurn()
	last, _ := g.TurnDate(lastTurn)
	lastEnd := last.AddDate(0, 0, g.TurnDays(lastTurn)-1)
	end := d.AddDate(0, 0, g.TurnDays(turn)-1)
	days := int(lastEnd.Sub(end).Hours() / 24)
	if g.Rules() != nil && g.Rules().Hooks().UncountedDays != nil {
		days += g.Rules().Hooks().UncountedDays(g.Options.Scenario, turn)
	}
	return days
}

// ---------------------------------------------------------------------
// Army morale (LRTG 15; 003 ARMY MORALE).

// ArmyMorale computes a side's morale level now (000 15.1) with every
// contribution: its units' eliminations (and their corps), demoralized
// divisions and brigades, supply, and the recorded adjustments (combat
// losses and whatever else the engine does not compute yet).
func (g Game) ArmyMorale(side engine.Side, sizes engine.UnitSizes) ArmyMorale {
	if f := g.variant().armyMorale; f != nil {
		return f(g, side, sizes)
	}
	m := ArmyMorale{Side: side}
	corps := map[string]string{} // corps -> why it counts (15.1 1))
	g.moraleEliminations(&m, side, sizes, corps)
	g.moraleDemoralized(&m, side, sizes, corps)
	names := make([]string, 0, len(corps))
	for c := range corps {
		names = append(names, c)
	}
	sort.Strings(names)
	for _, c := range names {
		m.add(MoraleLine{What: fmt.Sprintf("Corps %s: %s", c, corps[c]), Value: 1, Rule: "15.1 1)"})
	}
	g.moraleLosses(&m, side)
	if l, ok := g.supplyMoraleLine(side, sizes, "24.6", "15.1 9)-10)", "15.1 9)-10)"); ok {
		m.add(l)
	}
	for _, a := range g.Records.Adjustments {
		if a.Side == side {
			m.add(MoraleLine{What: fmt.Sprintf("%s (%s)", a.Reason, a.By.Name), Turn: a.Turn, Value: a.Delta, Rule: "15.1"})
		}
	}
	m.Disorder = m.Level >= MoraleDisorder
	m.Panic = m.Level >= MoralePanic
	m.Flight = m.Level >= MoraleFlight && m.DemoralizedDivision
	return m
}

// add counts a line of the army's morale; a line worth nothing is left out.
func (m *ArmyMorale) add(l MoraleLine) {
	if l.Value != 0 {
		m.Lines = append(m.Lines, l)
		m.Level += l.Value
	}
}

// moraleEliminations adds the side's units eliminated in the last three
// turns (15.1), and notes the corps a division or brigade of which was
// among them (15.1 1)).
func (g Game) moraleEliminations(m *ArmyMorale, side engine.Side, sizes engine.UnitSizes, corps map[string]string) {
	for _, e := range g.eliminations(side, sizes) {
		age := g.Turn - e.Turn
		v := eliminationMorale(e, age)
		when := [3]string{"this turn", "last turn", "two turns ago"}
		if v != 0 {
			m.add(MoraleLine{What: fmt.Sprintf("%s (%s) eliminated %s", e.Name, e.Size, when[age]), Turn: e.Turn, Value: v, Rule: "15.1"})
		}
		if age >= 0 && age <= 2 && (e.Size == "division" || e.Size == "brigade") && moraleCorps(side, e.Command) && corps[e.Command] == "" {
			corps[e.Command] = fmt.Sprintf("%s eliminated on turn %d", e.Name, e.Turn)
		}
	}
}

// moraleDemoralized adds the side's demoralized divisions and brigades on
// the map (15.1 2)-6)), and notes their corps (15.1 1)).
func (g Game) moraleDemoralized(m *ArmyMorale, side engine.Side, sizes engine.UnitSizes, corps map[string]string) {
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
		case size == "division" && infantry(u) && side == engine.USA && armyOfThePotomac(u):
			m.DemoralizedDivision = true
			m.add(MoraleLine{What: fmt.Sprintf("%s (AoP infantry division) at demoralization %d", u.Name, d), Value: d, Rule: "15.1 2)-3)"})
		case size == "division" && infantry(u) && side == engine.USA:
			m.DemoralizedDivision = true
		case size == "division" && infantry(u) && side == engine.CSA:
			m.DemoralizedDivision = true
			m.add(MoraleLine{What: fmt.Sprintf("%s (infantry division) at demoralization %d", u.Name, d), Value: 2 * d, Rule: "15.1 4)-5)"})
		case size == "brigade" && infantry(u) && side == engine.CSA:
			m.add(MoraleLine{What: fmt.Sprintf("%s (infantry brigade) demoralized", u.Name), Value: 1, Rule: "15.1 6)"})
		}
	}
}

// moraleLosses adds the manpower the side lost in combat: one per 5
// Confederate MP (15.1 8)), one per 8 MP of the Army of the Potomac (15.1 7)).
func (g Game) moraleLosses(m *ArmyMorale, side engine.Side) {
	if side == engine.CSA {
		if n := g.Losses.CSA; n/5 > 0 {
			m.add(MoraleLine{What: fmt.Sprintf("%d Confederate MP lost in combat (one per 5)", n), Value: n / 5, Rule: "15.1 8)"})
		}
	} else if n := g.Losses.AoP; n/8 > 0 {
		m.add(MoraleLine{What: fmt.Sprintf("%d MP of Army of the Potomac units lost in combat (one per 8)", n), Value: n / 8, Rule: "15.1 7)"})
	}
}

// ---------------------------------------------------------------------
// Supply (LRTG 13, 23, 24; 003 supply & losses sheets, Simplified Supply).

// LevyVictuals is what a levied town holds under the game's supply rule
// (000 13.1 normal, 24.3 simplified), as the levy recorded it; in a
// variant the map's values of its own table (lrtgVariant.placeValues:
// LRTA's lrta_, 004 Depots and Levied Supplies).
func (g Game) LevyVictuals(p engine.Place) int {
	pre := g.variant().placeValues
	if g.Options.Supply == "simplified" {
		if v, ok := p.Values[pre+"levy_victuals_simplified"]; ok {
			return v
		}
	}
	return p.Values[pre+"levy_victuals"]
}

// LevyVP is what levying the town scores (+ Confederate): LRTG 13.1's
// levy_vp, LRTA's lrta_levy_vp (004: "-" is none).
func (g Game) LevyVP(p engine.Place) int {
	return p.Values[g.variant().placeValues+"levy_vp"]
}

// DepotVP is what destroying the depot at p scores (+ Confederate): the
// depot table's VPs (LRTG 13.8; 004 in an LRTA game).
func (g Game) DepotVP(p engine.Place) int {
	_, _, vp, _ := g.depotValues(p, g.Places[p.Name].Depot)
	return vp
}

// depotValues returns what the game's depot table gives a depot of side
// at p (lrtgVariant.depotValues: LRTA's LRTADepotValues, else
// lrtgDepotValues).
func (g Game) depotValues(p engine.Place, side engine.Side) (victuals, simplified, vp int, stocked bool) {
	if f := g.variant().depotValues; f != nil {
		return f(p, side)
	}
	return lrtgDepotValues(p, side)
}

// lrtgDepotValues is LRTG 13.8's depot table, as the map prints it: the
// victuals of a captured depot under the normal and the simplified supply
// rules (24.3's column where the map gives one), "all other" depots three
// times the VP of their destruction; every depot holds victuals for its
// captor.
func lrtgDepotValues(p engine.Place, _ engine.Side) (victuals, simplified, vp int, stocked bool) {
	others := func(v int) int {
		if v == 0 { // "all other" depots: 3 x their VP (13.8)
			return 3 * max(p.Values["depot_vp"], -p.Values["depot_vp"], 2)
		}
		return v
	}
	victuals = p.Values["depot_victuals"]
	simplified = victuals
	if v, ok := p.Values["depot_victuals_simplified"]; ok {
		simplified = v
	}
	return others(victuals), others(simplified), p.Values["depot_vp"], true
}

// store is what a place holds as a store, and for whom: a levied town the
// Confederates' (13.1); a captured depot its captor's, three times the VP
// of its destruction in victuals (13.8; 24.3's column under simplified
// supply), as the depot table prints them.
func (g Game) store(p engine.Place) (full int, holder engine.Side, ok bool) {
	ps := g.Places[p.Name]
	if ps.Captured != "" && !ps.DepotDestroyed {
		// A depot the table marks "NA" (LRTA's Confederate depots) holds
		// nothing for its captor.
		if v, s, _, stocked := g.depotValues(p, ps.Depot); stocked {
			if g.Options.Supply == "simplified" {
				v = s
			}
			return v, ps.Captured, true
		}
	}
	if ps.Levied {
		return g.LevyVictuals(p), engine.CSA, true
	}
	return 0, "", false
}

// ---------------------------------------------------------------------
// Deciding and folding.

func decideRecords(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	var ev engine.Event
	var err error
	switch cmd := cmd.(type) {
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
	return []engine.Event{ev}, true, nil
}

func applyRecords(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *MoraleAdjusted:
		return g.action(e, func(g *Game) { *g = g.applyMoraleAdjust(e).applyCheck(e.Check) }), true
	case *MoraleChecked:
		return g.action(e, func(g *Game) { *g = g.applyCheck(e.Check) }), true
	case *SupplyAdjusted:
		return g.action(e, func(g *Game) { *g = g.applySupply(e).applyCheck(e.Check) }), true
	}
	return g, false
}

func (g Game) needUmpire(by engine.Actor, what string) error {
	if !g.IsUmpire(by) {
		return engine.Illegal("game.umpire", "Only the umpire "+what, fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	return nil
}

// sideFor checks that the actor may record for the side: the umpire for
// either, a player for his own.
func (g Game) sideFor(by engine.Actor, s engine.Side) error {
	if s != engine.CSA && s != engine.USA {
		return engine.Invalid("records.side", fmt.Sprintf("%q is not a side", s), "Use side:csa or side:usa")
	}
	if g.IsUmpire(by) {
		return nil
	}
	p := g.Player(by.ID)
	if p == nil {
		return engine.Illegal("records.player", "Only the game's players and umpire keep its records", "Join the game with /game join")
	}
	if p.Side != s {
		return engine.Illegal("records.side", fmt.Sprintf("You command for the %s: the %s keep their own records", strings.ToUpper(string(p.Side)), strings.ToUpper(string(s))),
			"Ask the umpire if the other side's record is wrong")
	}
	return nil
}

// recordTurn is LRTG's record of a turn's advance (Hooks.RecordTurn; the
// kernel's decideAdvance, turn.go): the ending turn's morale confirmed
// (its Victory Check Phase, 000 VII 7), its line on the turn record, and
// the new turn's morale once eliminations age.
func recordTurn(g Game, ev *engine.TurnAdvanced, sizes engine.UnitSizes) {
	ev.Closing = g.moraleCheck(sizes, true)
	ended := g.applyCheck(ev.Closing)
	ev.Point = ended.turnPoint()
	next := ended
	next.Turn = ev.To
	ev.Opening = next.moraleCheck(sizes, false)
}

// turnRecordModule folds LRTG's record of a turn's advance after the
// kernel has advanced the turn (turn.go): the ending turn's morale check,
// its line on the record, the new turn's check. The checks read no turn,
// so folding them after the kernel's Turn = To leaves the state as the
// one fold before did.
func turnRecordModule() engine.Module {
	return engine.Module{Name: "turn-record",
		Subscribes: []engine.Event{&engine.TurnAdvanced{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			ta, ok := e.(*engine.TurnAdvanced)
			if !ok {
				return g, false
			}
			return g.applyTurnRecord(ta), true
		})}
}

func (g Game) applyTurnRecord(e *engine.TurnAdvanced) Game {
	g = g.applyCheck(e.Closing)
	// The turn's line on the record (e.Point) is the kernel's (turn.go:
	// GameState.TurnRecord). Rail moves and the like are counted per turn
	// by their own modules.
	return g.applyCheck(e.Opening)
}

// turnPoint is the current turn's line on the record.
func (g Game) turnPoint() engine.TurnPoint {
	d, _ := g.TurnDate(g.Turn)
	_, total := g.VPTotals()
	p := engine.TurnPoint{Turn: g.Turn, Date: d.Format(time.DateOnly), VP: total}
	p.CSA, p.USA = g.Records.Armies[engine.CSA].Level, g.Records.Armies[engine.USA].Level
	return p
}

// TurnHistory returns the record of every finished turn, and the current
// turn as it stands (its VP and its morale as last confirmed).
func (g Game) TurnHistory() []engine.TurnPoint {
	out := append([]engine.TurnPoint(nil), g.TurnRecord...)
	if g.Started {
		out = append(out, g.turnPoint())
	}
	return out
}

func (g Game) decideMoraleAdjust(cmd AdjustMorale) (engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.sideFor(cmd.By, cmd.Side); err != nil {
		return nil, err
	}
	if cmd.Delta == 0 {
		return nil, engine.Invalid("morale.delta", "An adjustment of 0 changes nothing", "Give by: a number such as 1 or -2")
	}
	if cmd.Delta < -20 || cmd.Delta > 20 {
		return nil, engine.Invalid("morale.delta", fmt.Sprintf("%+d is more than any one contribution", cmd.Delta), "Adjust by -20 to +20 at a time")
	}
	reason := strings.TrimSpace(cmd.Reason)
	if reason == "" {
		return nil, engine.Invalid("morale.reason", "A morale adjustment needs its reason", "Add reason:, e.g. reason:16 AoP combat losses (15.1 7)")
	}
	ev := &MoraleAdjusted{By: cmd.By, Side: cmd.Side, Delta: cmd.Delta, Reason: reason, Turn: g.Turn}
	ev.Check = g.applyMoraleAdjust(ev).moraleCheck(cmd.Sizes, true)
	return ev, nil
}

func (g Game) applyMoraleAdjust(e *MoraleAdjusted) Game {
	g.Records.Adjustments = append(append([]MoraleAdjustment(nil), g.Records.Adjustments...),
		MoraleAdjustment{Side: e.Side, Turn: e.Turn, Delta: e.Delta, Reason: e.Reason, By: e.By})
	return g
}

func (g Game) decideMoraleCheck(cmd CheckMorale) (engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) && g.Player(cmd.By.ID) == nil {
		return nil, engine.Illegal("records.player", "Only the game's players and umpire confirm its morale", "Join the game with /game join")
	}
	return &MoraleChecked{By: cmd.By, Turn: g.Turn, Check: g.moraleCheck(cmd.Sizes, true)}, nil
}
