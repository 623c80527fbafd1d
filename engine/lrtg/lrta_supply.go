package lrtg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The LRTA Supply Segment (004 Sequence of Play 5 a)-h), "Simplified Supply
// Rules", "Depots and Levied Supplies"). LRTA's rule book is not among the
// seeds; 004 prints the segment's steps in the words of 003's (LRTG), so
// LRTG's procedures run where the chart says the same, and LRTA's own
// tables where it differs:
//
//	5a Confederate Levies      LRTG procLevies: "5MP at 0 fatigue" (004 = 003, LRTG 13.1)
//	5b Supply Status           LRTG procSupplyStatus: 004 5 b) prints 003's ranges (Orange,
//	                           Caroline, Spotsylvania; a friendly depot in the county or
//	                           within 6 hexes; Union: a connected station in the county)
//	5c Potomac / Valley        LRTA: the Union controls the Potomac with Harpers Ferry OR
//	                           Martinsburg, the Valley with Front Royal AND Winchester (004
//	                           Foraging modifiers); the holder is LRTG 13.3's (a Union
//	                           brigade or division of 3+ manpower)
//	5d Supply Expenditure      LRTG procExpenditure: 004 5 d) = 003 5 d) (simplified: -1 a
//	                           side, LRTG 24.1)
//	5e Resupply                normal supply: LRTG procResupply (13.5); simplified: LRTA's
//	                           table by divisions OUT of resupply range, and LRTA's
//	                           foraging table (fatigue removed against the modifier) with
//	                           its own modifiers
//	5f Supply Effects          LRTG procSupplyEffects: 004's Supply Effects table and its
//	                           footnotes are 24.6's word for word; 004 5 f) = 13.6
//	5g RR Repair               LRTG procRepair: "Roll of 1, +1 if Haupt" (004) is 13.7's
//	                           roll of 1 or less with -1 for Haupt
//	5h Depot Placement         LRTG procDepots (13.8), but a Union depot begun on a passive
//	                           turn is completed ("flipped") on the next passive turn (004
//	                           Impacts of Being Passive), not after 7 or 12 turns
//
// Simplified supply is the option supply:simplified (004 prints only the
// simplified rules in full; with supply:normal LRTG's normal rules, which
// 004's Sequence of Play restates, apply).

// lrtaSupplyModule is LRTA's simplified supply: its foraging offer (the Forage command is the supply segment's, lrtaSegmentModule).
func lrtaSupplyModule() engine.Module {
	return engine.Module{Name: "lrta-supply",
		Events: []engine.Event{&LRTAForageOffered{}},
		Apply:  folds(applyLRTASupply)}
}

// LRTASupplyState is this module's state: the foraging tables the
// Resupply step (5e) read for each passive side this turn.
type LRTASupplyState struct {
	Turn   int               `json:"turn,omitempty"`
	Offers []LRTAForageOffer `json:"offers,omitempty"`
}

// LRTAForageOffer is a side's foraging this turn (004 Foraging): its
// modifier with why, and the victuals gained for each number of fatigue
// levels kept in the Recovery Phase (Gains[k], k = 0..3; the table's
// "fatigue removed" is 3 - k).
type LRTAForageOffer struct {
	Side      engine.Side `json:"side"`
	Modifier  int         `json:"modifier"`
	Modifiers []string    `json:"modifiers,omitempty"` // events stored before the codes: what makes it up, in words
	Mods      []ForageMod `json:"mods,omitempty"`      // what makes it up (forage_modifiers.go)
	Gains     []int       `json:"gains"`
}

// EventLRTAForageOffered is the event type of LRTAForageOffered.
const EventLRTAForageOffered = "lrta.forage_offered"

// LRTAForageOffered records the foraging tables of a turn's Resupply step.
type LRTAForageOffered struct {
	Turn   int               `json:"turn"`
	Offers []LRTAForageOffer `json:"offers"`
}

// EventType implements Event.
func (*LRTAForageOffered) EventType() string { return EventLRTAForageOffered }

// ForageOffer returns a side's foraging table of this turn (false: the
// Resupply step has not read one).
func (s LRTASupplyState) ForageOffer(turn int, side engine.Side) (LRTAForageOffer, bool) {
	if s.Turn != turn {
		return LRTAForageOffer{}, false
	}
	for _, o := range s.Offers {
		if o.Side == side {
			return o, true
		}
	}
	return LRTAForageOffer{}, false
}

func applyLRTASupply(g Game, e engine.Event) (Game, bool) {
	if e, ok := e.(*LRTAForageOffered); ok {
		g.LRTASupply = LRTASupplyState{Turn: e.Turn, Offers: append([]LRTAForageOffer(nil), e.Offers...)}
		return g, true
	}
	return g, false
}

func (g Game) decideLRTAForage(cmd Forage) ([]engine.Event, error) {
	if err := g.inSegStep(cmd.By, "5e", cmd.Reason); err != nil {
		return nil, err
	}
	if err := g.sideFor(cmd.By, cmd.Side); err != nil {
		return nil, err
	}
	if !g.Passive(cmd.Side) && !(g.IsUmpire(cmd.By) && strings.TrimSpace(cmd.Reason) != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.passive", What: fmt.Sprintf("The %s are not passive this turn", segSide(cmd.Side)),
			Hint: "Only a passive side forages", Rule: "004 Simplified Supply: Foraging"}
	}
	if _, done := g.Segment.Keep[cmd.Side]; done && g.Segment.Turn == g.Turn {
		return nil, engine.Illegal("segment.forage.twice", "The side has already chosen its foraging this turn", "")
	}
	if cmd.Levels < 1 || cmd.Levels > 3 {
		return nil, engine.Invalid("segment.forage.levels", fmt.Sprintf("%d fatigue levels cannot be kept", cmd.Levels),
			"Keep 1, 2 or 3 of the 3 levels the Recovery Phase removes (004 Foraging: fatigue removed 2, 1 or 0)")
	}
	offer, ok := g.LRTASupply.ForageOffer(g.Turn, cmd.Side)
	if !ok || len(offer.Gains) <= cmd.Levels {
		return nil, engine.Illegal("segment.forage.table", fmt.Sprintf("The %s have no foraging table this turn", segSide(cmd.Side)),
			"The Resupply step (5e) of a passive turn reads it")
	}
	gained := offer.Gains[cmd.Levels]
	from := g.SupplyLevel(cmd.Side)
	to := from + gained
	if gained > 0 && from < 0 {
		to = gained // 004: "it first places its supply status marker on the zero box"
	}
	to = min(to, SupplyMax(cmd.Side))
	return []engine.Event{&UnitForaged{By: cmd.By, Side: cmd.Side, Turn: g.Turn, Rule: g.Options.Supply, Levels: cmd.Levels,
		Modifiers: offer.Modifiers, Mods: offer.Mods, Modified: offer.Modifier, Gained: gained,
		Victuals: &VictualChange{Unit: string(cmd.Side), Name: "supply track", From: from, To: to}}}, nil
}

// ---------------------------------------------------------------------
// 5c Potomac River and Shenandoah Valley control.

// lrtaRiverControl determines LRTA's control: the Union controls the
// Potomac when it holds Harpers Ferry or Martinsburg, the Shenandoah Valley
// when it holds Front Royal and Winchester (004 Foraging modifiers); a hex
// is held by a Union brigade or division of 3 or more manpower (LRTG 13.3).
func (g Game) lrtaRiverControl(t *engine.Theatre, sizes engine.UnitSizes) *RiversControlled {
	ev := &RiversControlled{Turn: g.Turn, Held: map[string]string{}}
	if t == nil {
		ev.Unchecked = []string{"the control hexes (no map data)"}
		return ev
	}
	held := func(name string) bool {
		p := t.Place(name)
		if p == nil {
			ev.Unchecked = append(ev.Unchecked, name+" (not in the map data)")
			return false
		}
		for _, u := range g.segUnits(func(u engine.UnitState) bool { return u.Side == engine.USA && u.Hex == p.Hex }) {
			if s := sizeOf(u, sizes); (s == "brigade" || s == "division") && u.Manpower >= 3 {
				ev.Held[p.Name] = u.Name
				return true
			}
		}
		return false
	}
	hf, mb := held("Harpers Ferry"), held("Martinsburg")
	fr, wi := held("Front Royal"), held("Winchester")
	ev.Potomac, ev.Shenandoah = hf || mb, fr && wi
	return ev
}

func procLRTARivers(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	return []engine.Event{g.lrtaRiverControl(segTheatre(ctx), segSizes(ctx))}, nil
}

// ---------------------------------------------------------------------
// 5e Resupply (004 Simplified Supply Rules: Resupply, Foraging).

// LRTAResupply reads lrta.simplified-resupply: the victuals a passive side
// receives for the number of its divisions OUT of resupply range.
func LRTAResupply(ch *engine.Chart, s engine.Side, out int) (int, error) {
	if ch == nil {
		return 0, fmt.Errorf("engine: no chart lrta.simplified-resupply")
	}
	col := 1
	if s == engine.USA {
		col = 0
	}
	last := -1
	for _, row := range ch.Rows {
		if len(row) < 3 {
			continue
		}
		v, err := strconv.Atoi(strings.TrimSpace(row[2]))
		if err != nil {
			return 0, fmt.Errorf("engine: %s: %q", ch.ID, row[2])
		}
		if segBand(row[col], out) {
			return v, nil
		}
		last = v
	}
	if last == 0 && out > 0 { // beyond the last row (USA "11-12"), which already gives nothing
		return 0, nil
	}
	return 0, fmt.Errorf("engine: %s has no row for %d %s divisions", ch.ID, out, segSide(s))
}

// lrtaForageColumn is the column of lrta.simplified-forage for a modifier:
// +1, none, -1 ... -4 (clamped to the table).
func lrtaForageColumn(mod int) int { return 2 - min(max(mod, -4), 1) }

// lrtaForageGains reads the victuals gained for 0-3 fatigue levels kept.
func lrtaForageGains(ch *engine.Chart, mod int) ([]int, error) {
	if ch == nil {
		return nil, fmt.Errorf("engine: no chart lrta.simplified-forage")
	}
	col := lrtaForageColumn(mod)
	gains := make([]int, 4)
	found := 0
	for _, row := range ch.Rows {
		removed, err := strconv.Atoi(strings.TrimSpace(row[0]))
		if err != nil || removed < 0 || removed > 3 || col >= len(row) {
			return nil, fmt.Errorf("engine: %s row %v", ch.ID, row)
		}
		v, err := strconv.Atoi(strings.TrimSpace(row[col]))
		if err != nil {
			return nil, fmt.Errorf("engine: %s cell %q", ch.ID, row[col])
		}
		gains[3-removed] = v
		found++
	}
	if found != 4 {
		return nil, fmt.Errorf("engine: %s has %d rows, not 4", ch.ID, found)
	}
	return gains, nil
}

// lrtaCSAInfantryLeaderNorth names a Confederate infantry leader north of
// the Potomac ("" when none): a leader on the map whose command is not the
// cavalry's.
func (g Game) lrtaCSAInfantryLeaderNorth(t *engine.Theatre) string {
	if t == nil {
		return ""
	}
	north := t.InAny("north-of-potomac")
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id]
		if u.Side == engine.CSA && u.Kind.IsLeader() && u.OnMap && !u.Eliminated && !strings.HasPrefix(strings.ToLower(u.Command), "cav") && north(u.Hex) {
			return u.Name
		}
	}
	return ""
}

// lrtaForageModifier is a side's foraging modifier (004 Foraging
// modifiers), with why.
func (g Game) lrtaForageModifier(s engine.Side, t *engine.Theatre, sizes engine.UnitSizes) (int, []ForageMod) {
	n := 0
	var why []ForageMod
	if s == engine.USA {
		m, w := g.segUnionForage(t, sizes) // "majority of USA divisions": as 24.4
		n, why = m, w
		if b := g.LRTAUnionForageBonus(); b > 0 {
			// "Add one box to all Union units forage tables (now a maximum of
			// seven are available)": a column to the right (lrta_army.go).
			n += b
			why = append(why, ForageMod{Code: ForageLRTAMcClellan, Value: b})
		}
		return n, why
	}
	rr := g.lrtaRestRefitProposed()
	early, late := 20, 30
	if !rr {
		early, late = 10, 15
	}
	switch {
	case g.Turn >= late:
		n -= 2
		why = append(why, ForageMod{Code: ForageLRTALate, Value: -2, N: g.Turn, From: late, RestRefit: rr})
	case g.Turn >= early:
		n--
		why = append(why, ForageMod{Code: ForageLRTAEarly, Value: -1, N: g.Turn, From: early, To: late - 1, RestRefit: rr})
	}
	if leader := g.lrtaCSAInfantryLeaderNorth(t); leader != "" {
		r := g.Segment.Rivers
		if r.Shenandoah {
			n--
			why = append(why, ForageMod{Code: ForageLRTAShenandoah, Value: -1, Leader: leader})
		}
		if r.Potomac {
			n--
			why = append(why, ForageMod{Code: ForageLRTAPotomac, Value: -1, Leader: leader})
		}
	}
	return n, why
}

func procLRTAResupply(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if g.Options.Supply != "simplified" {
		return procResupply(g, d, ctx) // normal supply: LRTG 13.5
	}
	t, sizes := segTheatre(ctx), segSizes(ctx)
	lib := func(id string) *engine.Chart {
		if ctx.Library == nil {
			return nil
		}
		return ctx.Library.Chart(id)
	}
	open := &SegmentOpened{Turn: g.Turn, Step: "5e"}
	offered := &LRTAForageOffered{Turn: g.Turn}
	var evs []engine.Event
	state := g
	for _, s := range segSides {
		if !g.Passive(s) {
			open.tell(SegmentNote{Code: NoteLRTANotPassive, About: s})
			continue
		}
		open.Waits = append(open.Waits, StepWait{Step: "5e", Side: s, What: fmt.Sprintf("the %s's foraging (/segment forage fatigue:<levels kept>) or /segment done", segSide(s))})
		out := g.SupplyRanges(s).CountedOut() // what /segment show lists (lrta_supply_range.go)
		v, err := LRTAResupply(lib("lrta.simplified-resupply"), s, out)
		if err != nil {
			return nil, err
		}
		open.tellSide(s, SegmentNote{Code: NoteLRTAResupply, N: out, Delta: v})
		if v > 0 {
			ev, err := state.decideSupply(AdjustSupply{By: g.Umpire, Side: s, Delta: v, Sizes: sizes, Code: SupplyWhyLRTAResupply, Divisions: out})
			if err != nil {
				return nil, err
			}
			evs = append(evs, ev)
			state = state.Apply(ev)
		}
		mod, why := g.lrtaForageModifier(s, t, sizes)
		gains, err := lrtaForageGains(lib("lrta.simplified-forage"), mod)
		if err != nil {
			return nil, err
		}
		offered.Offers = append(offered.Offers, LRTAForageOffer{Side: s, Modifier: mod, Mods: why, Gains: gains})
		open.tellSide(s, SegmentNote{Code: NoteLRTAForage, Gains: gains, Modifier: mod, Mods: why})
	}
	if len(offered.Offers) > 0 {
		evs = append(evs, offered)
	}
	return append(evs, open), nil
}

// ---------------------------------------------------------------------
// 5h Depot placement / removal.

// procLRTADepots is LRTG's step (13.8) with LRTA's Union depots: "Passive
// Union players may place a Union depot on its build side or a Union Depot
// on its build side may be flipped to its completed side" (004 Impacts of
// Being Passive; Sequence of Play 5 h) ii) "USA: Each passive turn place or
// flip"). A construction scheduled (/segment depot action:construct) on an
// earlier turn is completed in this step of a passive Union turn; 004 sets
// no number of turns. Where the Union may build is LRTG 13.8's.
func procLRTADepots(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	evs, err := procDepots(g, d, ctx)
	if err != nil || !g.Passive(engine.USA) {
		return evs, err
	}
	t := segTheatre(ctx)
	var ch *DepotsChanged
	at := -1
	for i, e := range evs {
		if c, ok := e.(*DepotsChanged); ok {
			ch, at = c, i
		}
	}
	var changes []DepotChange
	if ch != nil {
		changes = append(changes, ch.Changes...)
	}
	for _, sc := range g.Segment.Schedules {
		if sc.Side != engine.USA || sc.Action != DepotConstruct || sc.Turn >= g.Turn {
			continue
		}
		done := false
		var keep []DepotChange
		for _, c := range changes {
			switch {
			case c.Place == sc.Place && c.Side == engine.USA && c.Action == "hastened":
				continue // the flip replaces LRTG's count of turns
			case c.Place == sc.Place && c.Side == engine.USA:
				done = true
			}
			keep = append(keep, c)
		}
		changes = keep
		if done {
			continue
		}
		flip := DepotChange{Side: engine.USA, Place: sc.Place, Action: "placed", Code: DepotWhyLRTAFlipped}
		if p := placeOfTheatre(t, sc.Place); p == nil {
			flip.Action, flip.Code = "dropped", DepotWhyOffMap
		} else if _, _, err := g.segConstructTurns(t, *p); err != nil {
			flip.Action, flip.Code = "dropped", DepotWhyLRTASite
		}
		changes = append(changes, flip)
	}
	if len(changes) == 0 {
		return evs, nil
	}
	out := &DepotsChanged{Turn: g.Turn, Changes: changes}
	if at >= 0 {
		evs[at] = out
		return evs, nil
	}
	return append([]engine.Event{out}, evs...), nil
}

func placeOfTheatre(t *engine.Theatre, name string) *engine.Place {
	if t == nil {
		return nil
	}
	return t.Place(name)
}
