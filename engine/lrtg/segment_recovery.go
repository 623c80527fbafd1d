// Step 5i of the Supply Segment and phase 6: ammunition distribution from
// captured depots (LRTG 19.5, 19.6) and the Recovery Phase (GCACW Standardized Rules as
// 003 6 a)-d) prints them; stragglers, optional rule 30).

package lrtg

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// StoreAmmo returns what is left of a captured depot's ammunition (19.6)
// for its captor (false: the place is no captured depot with ammunition).
func (g Game) StoreAmmo(p engine.Place) (left, full int, ok bool) {
	ps := g.Places[p.Name]
	full, has := p.Values["depot_ammo"]
	if ps.Captured == "" || ps.DepotDestroyed || !has {
		return 0, 0, false
	}
	return full - g.Segment.AmmoUsed[p.Name], full, true
}

func procAmmo(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if !g.optional(19) {
		return []engine.Event{&SegmentOpened{Turn: g.Turn, Step: "5i", Notes: []SegmentNote{{Code: NoteAmmoUntracked}}}}, nil
	}
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "5i"}
	can := g.segAmmoCandidates(t)
	if len(can) > 0 || g.Options.LimitedIntel {
		open.Waits = []StepWait{{Step: "5i", Side: engine.CSA, What: "the CSA's ammunition draws (/segment ammo) or /segment done"}}
	}
	if len(can) > 0 {
		open.tellSide(engine.CSA, SegmentNote{Code: NoteAmmoDepots, Names: can})
	}
	return []engine.Event{open}, nil
}

func (g Game) segAmmoCandidates(t *engine.Theatre) []string {
	if t == nil {
		return nil
	}
	var out []string
	for _, d := range g.segDepots(t) {
		left, _, ok := g.StoreAmmo(d.Place)
		if !ok || d.Holder != engine.CSA || left <= 0 {
			continue
		}
		c := segCounty(t, d.Hex)
		for _, u := range g.segUnits(func(u engine.UnitState) bool {
			return u.Side == engine.CSA && u.Kind == engine.KindInfantry && u.Status.Ammo > 0
		}) {
			if c != "" && segCounty(t, u.Hex) == c {
				out = append(out, d.Name)
				break
			}
		}
	}
	return out
}

// DrawAmmo has Confederate infantry divisions in a captured depot's county
// draw ammunition from it (19.5-19.6): each is brought back off its
// Ammunition Track, one level per depot point, while the depot lasts.
type DrawAmmo struct {
	By     engine.Actor
	Depot  engine.Place
	Units  []string
	Map    *engine.Theatre
	Reason string
}

// CommandName implements Command.
func (DrawAmmo) CommandName() string { return "segment ammo" }

func (g Game) decideSegAmmo(cmd DrawAmmo) ([]engine.Event, error) {
	if err := g.inSegStep(cmd.By, "5i", cmd.Reason); err != nil {
		return nil, err
	}
	if !g.optional(19) {
		return nil, engine.Illegal("segment.ammo.rule", "This game does not use optional rule 19 (Ammunition)", "")
	}
	left, _, ok := g.StoreAmmo(cmd.Depot)
	if !ok || g.Places[cmd.Depot.Name].Captured != engine.CSA {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.ammo.depot", What: cmd.Depot.Name + " is not a depot the Confederates captured", Rule: "LRTG 19.5"}
	}
	ev := &AmmoDrawn{By: cmd.By, Turn: g.Turn, Depot: cmd.Depot.Name, From: left}
	c := ""
	if cmd.Map != nil {
		c = segCounty(cmd.Map, cmd.Depot.Hex)
	}
	use := 0
	for _, id := range cmd.Units {
		u, err := g.UnitFor(cmd.By, id)
		if err != nil {
			return nil, err
		}
		u = u.WithStatus()
		if u.Side != engine.CSA || u.Kind != engine.KindInfantry {
			return nil, engine.Invalid("segment.ammo.unit", u.Name+" does not track ammunition", "Confederate infantry divisions do (LRTG 19)")
		}
		if cmd.Map != nil && (c == "" || segCounty(cmd.Map, u.Hex) != c) {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "segment.ammo.county", What: fmt.Sprintf("%s is not in %s's county", u.Name, cmd.Depot.Name), Rule: "LRTG 19.5"}
		}
		n := min(u.Status.Ammo, left-use)
		if n <= 0 {
			continue
		}
		use += n
		ev.Units = append(ev.Units, AmmoDrawChange{Unit: u.ID, Name: u.Name, From: u.Status.Ammo, To: u.Status.Ammo - n})
	}
	if len(ev.Units) == 0 {
		return nil, engine.Illegal("segment.ammo.none", "No ammunition to draw: the units are on no Ammunition Track space or the depot is empty", fmt.Sprintf("%s holds %d", cmd.Depot.Name, left))
	}
	ev.To = left - use
	return []engine.Event{ev}, nil
}

// segNoReorganizing says why a unit may not reorganize: out of victuals
// (13.6), or its side's simplified track at 0 or below (24.6).
func (g Game) segNoReorganizing(u engine.UnitState, sizes engine.UnitSizes) string {
	if g.Options.Supply == "simplified" {
		if lvl := g.SupplyLevel(u.Side); lvl <= 0 {
			return fmt.Sprintf("the %s supply track is at %+d (24.6)", segSide(u.Side), lvl)
		}
		return ""
	}
	if g.NeedsSupply(u, sizes) && g.Victuals(u) <= 0 {
		return "no victuals (13.6)"
	}
	return ""
}

func procRecovery(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	sizes := segSizes(ctx)
	ev := &UnitsRecovered{Turn: g.Turn}
	keep := map[engine.Side]int{}
	if g.Segment.Turn == g.Turn {
		for s, k := range g.Segment.Keep {
			keep[s] = k
		}
	}
	if len(keep) > 0 {
		ev.Keep = keep
	}
	for _, u := range g.segUnits(nil) {
		r := Recovery{Unit: u.ID, Name: u.Name, Side: u.Side, Fatigue: [2]int{u.Fatigue, max(u.Fatigue-(3-keep[u.Side]), 0)}}
		rested := u.Fatigue <= 1
		why := g.segNoReorganizing(u, sizes)
		if rested && (u.Status.Disorganized || u.Status.Demoralization > 0) && why != "" {
			r.NoReorganizing = why
		} else if rested {
			r.Reorganized = u.Status.Disorganized
			r.Undemoralized = u.Status.Demoralization
		}
		if rested && u.Status.Exhausted {
			r.Recovered = true
		}
		if u.Fatigue >= 3 && !u.Status.Exhausted {
			r.Exhausted = true
		}
		if r.Fatigue[0] != r.Fatigue[1] || r.Reorganized || r.Undemoralized > 0 || r.Recovered || r.Exhausted || r.NoReorganizing != "" {
			ev.Units = append(ev.Units, r)
		}
	}
	var evs []engine.Event
	if g.optional(30) {
		state := g
		for _, id := range segKeys(g.Segment.Stragglers) {
			n := g.Segment.Stragglers[id]
			u, ok := g.Units[id]
			if !ok || n <= 0 || !g.Passive(u.Side) || u.Eliminated {
				continue
			}
			// The umpire's secret roll, as the supply losses' above.
			out, err := state.SecretRoll(engine.RollDice{By: g.Umpire, Expression: fmt.Sprintf("%dd6", n),
				Purpose: fmt.Sprintf("stragglers of %s: 1 lost, 2-4 kept, 5-6 restored (30.2)", u.Name)}, d, engine.RollAudienceUmpire)
			if err != nil {
				return nil, err
			}
			r := out[0].(*engine.DiceRolled)
			evs = append(evs, r)
			state = state.Apply(r)
			sr := StragglerRoll{Unit: id, Name: u.Name, Side: u.Side, Roll: r.Number, Manpower0: u.Manpower}
			for _, t := range r.Terms {
				sr.Faces = append(sr.Faces, t.Faces...)
			}
			for _, f := range sr.Faces {
				switch {
				case f == 1:
					sr.Lost++
				case f <= 4:
					sr.Kept++
				default:
					sr.Restored++
				}
			}
			sr.VP = ManpowerVP(u.Side, "combat", sr.Lost)
			ev.Stragglers = append(ev.Stragglers, sr)
		}
	}
	return append(evs, ev), nil
}

// RecordStragglers records non-combat manpower lost to an extended or
// forced march for optional rule 30 (30.1).
type RecordStragglers struct {
	By     engine.Actor
	Unit   string
	MP     int
	Reason string
}

// CommandName implements Command.
func (RecordStragglers) CommandName() string { return "segment stragglers" }

func (g Game) decideSegStragglers(cmd RecordStragglers) ([]engine.Event, error) {
	u, err := g.UnitFor(cmd.By, cmd.Unit)
	if err != nil {
		return nil, err
	}
	if !g.optional(30) {
		return nil, engine.Illegal("segment.stragglers.rule", "This game does not use optional rule 30 (Stragglers)", "")
	}
	if cmd.MP < 1 || cmd.MP > 20 {
		return nil, engine.Invalid("segment.stragglers.mp", fmt.Sprintf("%d manpower points", cmd.MP), "Give mp: 1 to 20, the march losses of the unit")
	}
	return []engine.Event{&StragglersRecorded{By: cmd.By, Turn: g.Turn, Unit: u.ID, Name: u.Name, MP: cmd.MP, Reason: cmd.Reason}}, nil
}

// applyAmmoDrawn refills units' ammunition from a captured depot and
// counts what the depot gave (19.6).
func (g *Game) applyAmmoDrawn(e *AmmoDrawn) {
	for _, c := range e.Units {
		g.EditUnit(c.Unit, func(u *engine.UnitState) {
			*u = u.WithStatus()
			u.Status.Ammo = c.To
		})
	}
	*g = g.seg(g.Turn, func(s *SegmentState) { s.AmmoUsed[e.Depot] += e.From - e.To })
}

// applyUnitsRecovered folds the Recovery Phase: fatigue, reorganization,
// demoralization and exhaustion (003 6 a)-d)), then the stragglers' rolls
// (30.2).
func (g *Game) applyUnitsRecovered(e *UnitsRecovered) {
	for _, r := range e.Units {
		g.EditUnit(r.Unit, func(u *engine.UnitState) {
			*u = u.WithStatus()
			u.Fatigue = r.Fatigue[1]
			if r.Reorganized {
				u.Status.Disorganized = false
			}
			if r.Undemoralized > 0 {
				u.Status.Demoralization = 0
			}
			if r.Recovered {
				u.Status.Exhausted = false
			}
			if r.Exhausted {
				u.Status.Exhausted = true
			}
		})
	}
	if len(e.Stragglers) == 0 {
		return
	}
	g.applyStragglerRolls(e.Turn, e.Stragglers)
}

// applyStragglerRolls takes the rolled stragglers off the record: the
// restored return to their units, the lost count as combat losses and
// score their VP (30.2).
func (g *Game) applyStragglerRolls(turn int, rolls []StragglerRoll) {
	vp := append([]VPEntry(nil), g.VP...)
	*g = g.seg(g.Turn, func(s *SegmentState) {
		for _, sr := range rolls {
			s.Stragglers[sr.Unit] -= sr.Lost + sr.Restored
			if s.Stragglers[sr.Unit] <= 0 {
				delete(s.Stragglers, sr.Unit)
			}
		}
	})
	for _, sr := range rolls {
		if sr.Restored > 0 {
			g.EditUnit(sr.Unit, func(u *engine.UnitState) { u.Manpower += sr.Restored })
		}
		if sr.Lost > 0 {
			g.Losses = g.Losses.add(g.Units[sr.Unit], "combat", sr.Lost)
			if sr.VP != 0 {
				vp = append(vp, manpowerVPEntry(turn, sr.Side, "combat", sr.Lost, sr.VP))
			}
		}
	}
	g.VP = vp
}
