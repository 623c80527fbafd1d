// Steps 5d and 5e of the Supply Segment: supply expenditure (LRTG 13.4;
// 24.1) and forage / resupply: foraging (13.5; 24.4), drawing victuals from
// stores (13.1, 13.8) and Simplified Supply's resupply (24.2).

package lrtg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

func procExpenditure(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	sizes := segSizes(ctx)
	var evs []engine.Event
	state := g
	for _, s := range segSides {
		cmd := AdjustSupply{By: g.Umpire, Side: s, Delta: -1, Sizes: sizes}
		if g.Options.Supply == "simplified" {
			cmd.Code = SupplyWhyExpenditureSimplified
		} else {
			cmd.Code = SupplyWhyExpenditure
			for _, u := range g.SupplyUnits(s, sizes) {
				st, _ := g.SupplyStatus(u.ID)
				if (u.Fatigue == 0 && st.InRange) || g.Victuals(u) <= 0 {
					continue
				}
				cmd.Units = append(cmd.Units, u.ID)
			}
			if len(cmd.Units) == 0 {
				continue
			}
		}
		ev, err := state.decideSupply(cmd)
		if err != nil {
			return nil, err
		}
		evs = append(evs, ev)
		state = state.Apply(ev)
	}
	return evs, nil
}

// segBand reports whether a cell's band holds n: "17+ (of 19)", "14-16",
// "4-5", "7" (the Simplified Supply resupply table).
func segBand(cell string, n int) bool {
	cell = strings.TrimSpace(cell)
	if i := strings.IndexByte(cell, ' '); i > 0 {
		cell = cell[:i]
	}
	if strings.HasSuffix(cell, "+") {
		v, err := strconv.Atoi(strings.TrimSuffix(cell, "+"))
		return err == nil && n >= v
	}
	if a, b, ok := strings.Cut(cell, "-"); ok {
		lo, err1 := strconv.Atoi(a)
		hi, err2 := strconv.Atoi(b)
		return err1 == nil && err2 == nil && n >= lo && n <= hi
	}
	v, err := strconv.Atoi(cell)
	return err == nil && v == n
}

// SimplifiedResupply returns the victuals a passive side gains for its
// divisions in resupply range (24.2), from the chart
// lrtg.simplified-resupply.
func SimplifiedResupply(ch *engine.Chart, s engine.Side, divisions int) (int, error) {
	if ch == nil {
		return 0, fmt.Errorf("engine: no Simplified Supply resupply chart")
	}
	col := 1
	if s == engine.USA {
		col = 0
	}
	for _, row := range ch.Rows {
		if len(row) > 2 && segBand(row[col], divisions) {
			return strconv.Atoi(strings.TrimSpace(row[2]))
		}
	}
	return 0, fmt.Errorf("engine: %s has no row for %d %s divisions", ch.ID, divisions, segSide(s))
}

func procResupply(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	sizes := segSizes(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "5e"}
	var evs []engine.Event
	state := g
	for _, s := range segSides {
		if !g.Passive(s) {
			open.tell(SegmentNote{Code: NoteNotPassive, About: s})
			continue
		}
		open.Waits = append(open.Waits, StepWait{Step: "5e", Side: s, What: fmt.Sprintf("the %s's foraging and draws (/segment forage, /segment draw) or /segment done", segSide(s))})
		cmd := AdjustSupply{By: g.Umpire, Side: s, Sizes: sizes}
		if g.Options.Supply == "simplified" {
			n := 0
			for _, st := range g.Segment.Status {
				if st.Side == s && st.InRange && g.Segment.Turn == g.Turn {
					n++
				}
			}
			var ch *engine.Chart
			if ctx.Library != nil {
				ch = ctx.Library.Chart("lrtg.simplified-resupply")
			}
			v, err := SimplifiedResupply(ch, s, n)
			if err != nil {
				return nil, err
			}
			open.tellSide(s, SegmentNote{Code: NoteResupply, N: n, Delta: v})
			if v == 0 {
				continue
			}
			cmd.Delta, cmd.Code, cmd.Divisions = v, SupplyWhyResupplyInRange, n
		} else {
			for _, u := range g.SupplyUnits(s, sizes) {
				if st, _ := g.SupplyStatus(u.ID); st.InRange && g.Victuals(u) < SupplyMax(s) {
					cmd.Units = append(cmd.Units, u.ID)
				}
			}
			if len(cmd.Units) == 0 {
				continue
			}
			cmd.Delta, cmd.Code = SupplyMax(s), SupplyWhyResupplyFull
		}
		ev, err := state.decideSupply(cmd)
		if err != nil {
			return nil, err
		}
		evs = append(evs, ev)
		state = state.Apply(ev)
	}
	return append(evs, open), nil
}

// Forage is a passive side's foraging (5e): under the normal rules a unit
// not in resupply range spends Levels fatigue for victuals by its county's
// forage Value (13.5; the value is on the Player Aids, not among the
// seeds: the player's word); under Simplified Supply the side keeps Levels
// fatigue in the Recovery Phase (24.4).
type Forage struct {
	By     engine.Actor
	Side   engine.Side // simplified: the side (the player's own)
	Unit   string      // normal
	Levels int
	Value  int
	Chart  *engine.Chart // lrtg.forage (normal) or lrtg.simplified-forage
	Map    *engine.Theatre
	Sizes  engine.UnitSizes
	Reason string
}

// CommandName implements Command.
func (Forage) CommandName() string { return "segment forage" }

func (g Game) decideSegForage(cmd Forage) ([]engine.Event, error) {
	if err := g.inSegStep(cmd.By, "5e", cmd.Reason); err != nil {
		return nil, err
	}
	if cmd.Chart == nil {
		return nil, fmt.Errorf("engine: foraging needs its chart")
	}
	ev := &UnitForaged{By: cmd.By, Turn: g.Turn, Rule: g.Options.Supply, Levels: cmd.Levels}
	if g.Options.Supply == "simplified" {
		return g.decideTrackForage(cmd, ev) // 24.4: the side forages for its supply track
	}
	u, err := g.dutyUnitFor(cmd.By, cmd.Unit, DutyForage) // unitFor, or the quartermaster general's (21.1)
	if err != nil {
		return nil, err
	}
	ev.Side, ev.Unit, ev.Name, ev.Value = u.Side, u.ID, u.Name, cmd.Value
	if !g.Passive(u.Side) && !(g.IsUmpire(cmd.By) && cmd.Reason != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.passive", What: fmt.Sprintf("The %s are not passive this turn", segSide(u.Side)), Hint: "Only passive players forage", Rule: "LRTG 13.0, 13.5"}
	}
	if !g.NeedsSupply(u, cmd.Sizes) {
		return nil, engine.Invalid("segment.forage.unit", u.Name+" keeps no victuals", "Divisions and cavalry brigades do (13.0)")
	}
	if st, _ := g.SupplyStatus(u.ID); st.InRange {
		return nil, engine.Illegal("segment.forage.range", u.Name+" is in resupply range: it is resupplied, not foraging", "LRTG 13.5")
	}
	if g.Segment.Turn == g.Turn && engine.Contains(g.Segment.Foraged, u.ID) {
		return nil, engine.Illegal("segment.forage.twice", u.Name+" has already foraged this turn", "")
	}
	if cmd.Levels < 1 || cmd.Levels > 4 {
		return nil, engine.Invalid("segment.forage.levels", fmt.Sprintf("%d fatigue levels is not a row of the forage table", cmd.Levels), "Spend 1 to 4 fatigue levels (13.5)")
	}
	if u.Fatigue+cmd.Levels > engine.MaxFatigue {
		return nil, engine.Illegal("segment.forage.fatigue", fmt.Sprintf("%s is at fatigue %d: it can spend at most %d levels", u.Name, u.Fatigue, engine.MaxFatigue-u.Fatigue), "")
	}
	if cmd.Value < -5 || cmd.Value > 12 {
		return nil, engine.Invalid("segment.forage.value", fmt.Sprintf("%d is not a county forage value", cmd.Value), "Give the county's forage value from the Player Aids")
	}
	mod := 0
	if u.Side == engine.CSA && cmd.Map != nil && segIn(cmd.Map, "north-of-potomac", u.Hex) {
		mod, ev.Mods = g.segRiverModifiers()
	}
	ev.Modified = cmd.Value + mod
	col := min(max(ev.Modified, -1), 6) + 2 // column 1 is forage -1 (a lower value reads there too)
	if ev.Modified < -1 {
		ev.Mods = append(ev.Mods, ForageMod{Code: ForageBelowTable, N: ev.Modified})
	}
	if cmd.Levels > len(cmd.Chart.Rows) || col >= len(cmd.Chart.Rows[cmd.Levels-1]) {
		return nil, fmt.Errorf("engine: %s has no cell for %d levels, forage %d", cmd.Chart.ID, cmd.Levels, ev.Modified)
	}
	ev.Gained, _ = strconv.Atoi(strings.TrimSpace(cmd.Chart.Rows[cmd.Levels-1][col]))
	from := g.Victuals(u)
	ev.Victuals = &VictualChange{Unit: u.ID, Name: u.Name, From: from, To: min(from+ev.Gained, SupplyMax(u.Side))}
	ev.Fatigue = &VictualChange{Unit: u.ID, Name: u.Name, From: u.Fatigue, To: u.Fatigue + cmd.Levels}
	// The same column, fewer levels: did fewer fill the unit as well?
	for l := 1; l < cmd.Levels; l++ {
		if col >= len(cmd.Chart.Rows[l-1]) {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(cmd.Chart.Rows[l-1][col]))
		if err == nil && min(from+n, SupplyMax(u.Side)) >= ev.Victuals.To {
			ev.Enough = l
			break
		}
	}
	return []engine.Event{ev}, nil
}

// segUnionForage is 24.4's Union modifier: -1 if most Union
// division-sized units are in Virginia, +1 if most are in Pennsylvania.
func (g Game) segUnionForage(t *engine.Theatre, sizes engine.UnitSizes) (int, []ForageMod) {
	divs := g.segUnits(func(u engine.UnitState) bool { return u.Side == engine.USA && sizeOf(u, sizes) == "division" })
	va, pa := 0, 0
	for _, u := range divs {
		switch {
		case segIn(t, "va", u.Hex):
			va++
		case segIn(t, "pa", u.Hex):
			pa++
		}
	}
	switch {
	case 2*va > len(divs):
		return -1, []ForageMod{{Code: ForageUnionVirginia, Value: -1, N: va, Of: len(divs)}}
	case 2*pa > len(divs):
		return 1, []ForageMod{{Code: ForageUnionPenn, Value: 1, N: pa, Of: len(divs)}}
	}
	return 0, nil
}

// DrawVictuals takes victuals from a levied town or a captured depot for
// units of a passive side (13.1, 13.5, 13.8): each is filled up, in the
// order named, while the store lasts; a depot victual feeds a brigade or
// regiment twice (13.8).
type DrawVictuals struct {
	By     engine.Actor
	Store  engine.Place
	Units  []string
	Map    *engine.Theatre
	Sizes  engine.UnitSizes
	Reason string
}

// CommandName implements Command.
func (DrawVictuals) CommandName() string { return "segment draw" }

func (g Game) decideSegDraw(cmd DrawVictuals) ([]engine.Event, error) {
	if err := g.inSegStep(cmd.By, "5e", cmd.Reason); err != nil {
		return nil, err
	}
	if g.Options.Supply == "simplified" {
		return nil, engine.Illegal("segment.draw.simplified", "Under Simplified Supply a store puts divisions in range in the Supply Status step instead", "/segment range units:<...> in_range:true at:<store> in step 5b (24.3)")
	}
	left, holder, _, ok := g.Store(cmd.Store)
	if !ok {
		return nil, engine.Illegal("segment.draw.store", cmd.Store.Name+" is neither a levied town nor a captured depot", "Only levied towns (13.1) and captured depots (13.8) hold victuals")
	}
	if len(cmd.Units) == 0 {
		return nil, engine.Invalid("segment.units", "No units named", "Name them with units:<unit,...>")
	}
	ev := &VictualsDrawn{By: cmd.By, Turn: g.Turn}
	depotStore := g.Places[cmd.Store.Name].Captured != ""
	need := 0
	for _, id := range cmd.Units {
		u, err := g.dutyUnitFor(cmd.By, id, DutyVictuals) // unitFor, or the quartermaster general's (21.1)
		if err != nil {
			return nil, err
		}
		if ev.Side == "" {
			ev.Side = u.Side
		} else if ev.Side != u.Side {
			return nil, engine.Invalid("segment.side", "Name one side's units at a time", "")
		}
		if !g.NeedsSupply(u, cmd.Sizes) {
			return nil, engine.Invalid("segment.draw.unit", u.Name+" keeps no victuals", "")
		}
		if ev.Side != holder {
			// 13.1: Union units occupying a levied town may take its victuals.
			if !(g.Places[cmd.Store.Name].Levied && ev.Side == engine.USA && u.Hex == cmd.Store.Hex) {
				return nil, engine.Illegal("segment.draw.holder", fmt.Sprintf("%s's victuals are the %s's", cmd.Store.Name, segSide(holder)), "The Union takes a levied town's victuals only with units occupying it (13.1)")
			}
		} else if cmd.Map != nil {
			c := segCounty(cmd.Map, cmd.Store.Hex)
			switch d := engine.Distance(u.Hex, cmd.Store.Hex); {
			case c != "" && segCounty(cmd.Map, u.Hex) == c:
			case d <= 6:
				ev.Unchecked = append(ev.Unchecked, fmt.Sprintf("%s's road, pike or railroad path of six hexes or less to %s (%d hexes), clear of enemy units and uncovered enemy ZOC", u.Name, cmd.Store.Name, d))
			default:
				return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.draw.far", What: fmt.Sprintf("%s is neither in %s's county nor within six hexes of it", u.Name, cmd.Store.Name), Rule: "LRTG 13.1, 13.8"}
			}
		}
		from := g.Victuals(u)
		want := SupplyMax(u.Side) - from
		if want <= 0 {
			continue
		}
		cost := want
		small := sizeOf(u, cmd.Sizes) != "division" // 13.8: brigade and regiment size units
		if depotStore && small {
			cost = (want + 1) / 2
		}
		if need+cost > left {
			avail := left - need
			if avail <= 0 {
				break
			}
			if depotStore && small {
				want = min(want, 2*avail)
			} else {
				want = avail
			}
			cost = avail
		}
		need += cost
		ev.Units = append(ev.Units, VictualChange{Unit: u.ID, Name: u.Name, From: from, To: from + want})
	}
	if !g.Passive(ev.Side) && !(g.IsUmpire(cmd.By) && cmd.Reason != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.passive", What: fmt.Sprintf("The %s are not passive this turn", segSide(ev.Side)), Rule: "LRTG 13.0"}
	}
	if len(ev.Units) == 0 {
		return nil, engine.Illegal("segment.draw.none", "No victuals to draw: the units are full or the store is empty", fmt.Sprintf("%s holds %d", cmd.Store.Name, left))
	}
	ev.Store = VictualChange{Unit: cmd.Store.Name, Name: cmd.Store.Name, From: left, To: left - need}
	return []engine.Event{ev}, nil
}

// segVictuals folds victual changes of units (entry.Units) and the line
// on the side's supply sheet.
func (g Game) segVictuals(entry SupplyEntry) Game {
	r := g.Records
	m := copyInts(r.Victuals)
	for _, c := range entry.Units {
		m[c.Unit] = c.To
	}
	r.Victuals = m
	r.logSupply(entry)
	g.Records = r
	return g
}

func (g Game) segUseStore(name string, n int) Game {
	m := copyInts(g.Records.StoreUsed)
	m[name] += n
	g.Records.StoreUsed = m
	return g
}

// applyUnitForaged folds a forage: a unit's fatigue and victuals (13.5), or
// under Simplified Supply the side's track and the fatigue it keeps until
// the Recovery Phase (24.4).
func (g *Game) applyUnitForaged(e *UnitForaged) {
	if e.Unit == "" { // 24.4: the side's track; the fatigue is kept in the Recovery Phase
		*g = g.seg(e.Turn, func(s *SegmentState) { s.Keep[e.Side] = e.Levels })
		t := make(map[engine.Side]int, 2)
		for k, v := range g.Records.Track {
			t[k] = v
		}
		t[e.Side] = e.Victuals.To
		g.Records.Track = t
		g.Records.logSupply(SupplyEntry{Turn: e.Turn, Side: e.Side, Kind: SupplyEntryForageTrack, Track: e.Victuals, Levels: e.Levels, By: e.By})
		return
	}
	*g = g.seg(e.Turn, func(s *SegmentState) { s.Foraged = append(s.Foraged, e.Unit) })
	g.EditUnit(e.Unit, func(u *engine.UnitState) { u.Fatigue = e.Fatigue.To })
	*g = g.segVictuals(SupplyEntry{Turn: e.Turn, Side: e.Side, Kind: SupplyEntryForage, Units: []VictualChange{*e.Victuals}, Levels: e.Levels, Value: e.Modified, By: e.By})
}

// decideTrackForage is a passive side's foraging under the simplified
// supply rules (24.4, 24.5): the levels it keeps, read on the forage
// chart with the side's modifiers, moved on its supply track.
func (g Game) decideTrackForage(cmd Forage, ev *UnitForaged) ([]engine.Event, error) {
	if err := g.sideFor(cmd.By, cmd.Side); err != nil {
		return nil, err
	}
	if err := g.quartermasterDuty(cmd.By, cmd.Side, DutyForage); err != nil { // 21.1 (quartermaster.go)
		return nil, err
	}
	ev.Side = cmd.Side
	if !g.Passive(cmd.Side) && !(g.IsUmpire(cmd.By) && cmd.Reason != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.passive", What: fmt.Sprintf("The %s are not passive this turn", segSide(cmd.Side)), Rule: "LRTG 13.0, 24.4"}
	}
	if _, done := g.Segment.Keep[cmd.Side]; done && g.Segment.Turn == g.Turn {
		return nil, engine.Illegal("segment.forage.twice", "The side has already chosen its foraging this turn", "")
	}
	if cmd.Levels < 1 || cmd.Levels > 3 {
		return nil, engine.Invalid("segment.forage.levels", fmt.Sprintf("%d fatigue levels cannot be kept", cmd.Levels), "Keep 1, 2 or 3 of the 3 levels the Recovery Phase removes (24.4)")
	}
	base := -1
	for _, row := range cmd.Chart.Rows {
		if len(row) > 1 && strings.TrimSpace(row[0]) == strconv.Itoa(cmd.Levels-3) {
			base, _ = strconv.Atoi(strings.TrimSpace(row[1]))
		}
	}
	if base < 0 {
		return nil, fmt.Errorf("engine: %s has no row for %d", cmd.Chart.ID, cmd.Levels-3)
	}
	mod, why := 0, []ForageMod(nil)
	if cmd.Side == engine.CSA {
		mod, why = g.segRiverModifiers()
	} else if cmd.Map != nil {
		mod, why = g.segUnionForage(cmd.Map, cmd.Sizes)
	}
	ev.Gained, ev.Mods = max(base+mod, 0), why
	from := g.SupplyLevel(cmd.Side)
	to := from + ev.Gained
	if ev.Gained > 0 && from < 0 {
		to = ev.Gained // 24.5
	}
	to = min(to, SupplyMax(cmd.Side))
	ev.Victuals = &VictualChange{Unit: string(cmd.Side), Name: "supply track", From: from, To: to}
	return []engine.Event{ev}, nil
}
