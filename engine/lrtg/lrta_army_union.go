// Long Roads to Antietam (004): step 3b, Union Army Reorganization (004 3,
// "see 17.0"): McClellan assuming command (every step of 004's chart), the
// corps reorganization rolls (lrta.union-army-reorganization) and the
// counters of the Union Corps Reorganization chart. Moved out of
// lrta_army.go, which keeps the step functions registered in its init().

package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// lrtaMustReorganize says why the Union Army Reorganization must begin
// now ("" it need not): the Union army has panicked, and it is Sept 2 or
// later or the Rest and Refit period has ended (004).
func (g Game) lrtaMustReorganize() string {
	if g.LRTAArmy.McClellan || !g.Records.Armies[engine.USA].EverPanic {
		return ""
	}
	switch {
	case g.lrtaFromSept2():
		return "the Union army has panicked and it is Sept 2 or later (004 Union Army Reorganization)"
	case g.LRTAArmy.EndedTurn > 0:
		return "the Union army has panicked and the Confederate Rest and Refit has ended (004 Union Army Reorganization)"
	}
	return ""
}

func (g Game) lrtaDecideBegin(cmd DecideReorganization) ([]engine.Event, error) {
	if err := g.lrtaSideDecision(cmd.By, engine.USA, cmd.Reason, lrtaUnionReorgWhat); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, ReorganizationStep, "The Union Army Reorganization", "004 3; LRTA 17.0"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case a.McClellan:
		return nil, engine.Illegal("reorganize.begun", fmt.Sprintf("McClellan assumed command on turn %d", a.McClellanTurn), "Roll for the corps: /reorganize roll")
	case !g.LRTAReorganizationOpen():
		return nil, engine.Illegal("reorganize.early", "The Union Army Reorganization may occur from Sept 2, or once the Confederates have proposed a Rest and Refit period", "004 Union Army Reorganization")
	}
	if !cmd.Begin {
		if slices.Contains(a.Deferred, g.Turn) {
			return nil, engine.Illegal("reorganize.deferred", "The Union has already chosen not to begin this turn", "")
		}
		if why := g.lrtaMustReorganize(); why != "" {
			return nil, engine.Illegal("reorganize.must", "The reorganization must occur: "+why, "")
		}
		return []engine.Event{&ReorganizationDeferred{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, nil
	}
	ev, err := g.lrtaMcClellanAssumes(cmd.By, cmd.Overall, cmd.Data)
	if err != nil {
		return nil, err
	}
	ev.Reason = strings.TrimSpace(cmd.Reason)
	return []engine.Event{ev}, nil
}

// lrtaMcClellanAssumes builds 004's McClellan assumes command: McClellan
// replaces Pope (1), a new overall commander with several Union players
// (2), French is placed in the U.S. Capitol (3). Steps 4)-8) change no
// counter: the queries above (and the morale, paralysis, forage and
// movement modules that read them) apply them from the event's turn.
func (g Game) lrtaMcClellanAssumes(by engine.Actor, overall string, data *engine.MoveData) (*McClellanAssumed, error) {
	w := &meadeWork{g: g, units: engine.CopyUnits(g.Units)}
	for _, u := range g.lrtaTrackUnits(trackMcClellan, lrtaOOB(data)) {
		if old := lrtaReplacesOf(u); old != "" {
			w.lrtaReplace("1)", u, fmt.Sprintf("%s replaces %s", u.Name, unitName(g, old)))
		}
	}
	if _, ok := g.Units[lrtaMcClellan]; ok {
		if mc := g.Units[lrtaMcClellan]; mc.OnMap && !mc.Eliminated {
			// McClellan already on the map: Pope simply leaves.
			w.remove("1)", lrtaPope, "Pope leaves: McClellan commands")
		}
	} else {
		w.remove("1)", lrtaPope, "Pope leaves (no McClellan counter in this game)")
	}
	ev := &McClellanAssumed{By: by, Turn: g.Turn, Losses: g.Losses.AoP}
	// 2) A new overall commander.
	if s := strings.TrimSpace(overall); s != "" {
		oc, err := g.lrtaOverall(s)
		if err != nil {
			return nil, err
		}
		ev.Overall = oc
		w.add(MeadeChange{Step: "2)", What: fmt.Sprintf("%s becomes the Union overall commander", oc.To.Name)})
	} else {
		w.add(MeadeChange{Step: "2)", What: "The Union overall commander stays; commands may be transferred (Command Transfers, phase 2)"})
	}
	// 3) French.
	if f, ok := g.Units[lrtaFrench]; ok {
		switch {
		case f.Eliminated:
			w.add(MeadeChange{Step: "3)", What: "French has been eliminated"})
		case data == nil || data.Theatre == nil || data.Theatre.Place(lrtaCapitol) == nil:
			return nil, fmt.Errorf("engine: placing French needs the map's %s", lrtaCapitol)
		default:
			w.lrtaPlace("3)", w.units[lrtaFrench], data.Theatre.Place(lrtaCapitol), "French is placed in the U.S. Capitol")
		}
	} else {
		w.add(MeadeChange{Step: "3)", What: "French: no such counter in this game"})
	}
	ev.Changes = w.changes
	return ev, nil
}

// lrtaOverall makes a Union player the overall commander (McClellan
// assumes command 2)); the former one keeps, as declared commands, what he
// held by default (as LRTG 16.2 14) does).
func (g Game) lrtaOverall(s string) (*OverallChange, error) {
	var to, from *engine.Player
	for i := range g.Players {
		p := &g.Players[i]
		if p.Side != engine.USA {
			continue
		}
		if p.Overall {
			from = p
		}
		if strings.EqualFold(p.Actor.ID, s) || strings.EqualFold(p.Actor.Name, s) {
			to = p
		}
	}
	switch {
	case to == nil:
		return nil, engine.Invalid("reorganize.overall", fmt.Sprintf("%q is not a Union player", s), "Name a Union commander of this game")
	case from == nil || from.Actor.ID == to.Actor.ID:
		return nil, engine.Illegal("reorganize.overall", fmt.Sprintf("%s is already the overall commander", to.Actor.Name), "Leave overall out")
	}
	held := map[string]bool{"ap": true, "av": true}
	var kept []string
	for _, c := range from.Commands {
		held[strings.ToLower(c)] = true
		kept = append(kept, c)
	}
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		d := engine.Designation(u)
		if u.Side != engine.USA || held[strings.ToLower(d)] || !g.Controls(from.Actor, u) {
			continue
		}
		held[strings.ToLower(d)] = true
		kept = append(kept, d)
	}
	return &OverallChange{From: from.Actor, To: to.Actor, FromCommands: kept}, nil
}

func (g Game) lrtaDecideRolls(cmd RollReorganization, d engine.Dice) ([]engine.Event, error) {
	if err := g.lrtaSideDecision(cmd.By, engine.USA, cmd.Reason, lrtaUnionReorgWhat); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, ReorganizationStep, "The Union Army Reorganization", "004 3; LRTA 17.0"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case !a.McClellan:
		return nil, engine.Illegal("reorganize.mcclellan", "The corps reorganize once McClellan has assumed command", "Begin it first: /reorganize begin")
	case slices.Contains(a.Rolled, g.Turn):
		return nil, engine.Illegal("reorganize.rolled", "The Union has made this turn's reorganization rolls", "Each corps tries once a turn")
	case cmd.Table == nil:
		return nil, fmt.Errorf("engine: the reorganization roll needs the table %s", LRTAReorganizationTable)
	}
	open := g.lrtaUnreorganized()
	var corps []string
	for _, s := range cmd.Corps {
		s = strings.TrimSpace(s)
		switch strings.ToLower(s) {
		case "", "none":
			continue
		case "all":
			corps = append(corps[:0], open...)
			continue
		}
		c := lrtaCorpsOf(s)
		switch {
		case c == nil:
			return nil, engine.Invalid("reorganize.corps", fmt.Sprintf("%q is not a Union infantry corps", s), "Name corps as the order of battle does: "+strings.Join(open, ", "))
		case g.LRTAReorganized(c.Corps):
			return nil, engine.Illegal("reorganize.corps", fmt.Sprintf("The %s Corps has reorganized", c.Corps), "")
		case !engine.Contains(open, c.Corps):
			return nil, engine.Illegal("reorganize.corps", fmt.Sprintf("The %s Corps has no unit on the map", c.Corps), "It tries once it has arrived")
		}
		if !engine.Contains(corps, c.Corps) {
			corps = append(corps, c.Corps)
		}
	}
	with, err := g.lrtaWithMcClellan(corps, cmd.WithMcClellan)
	if err != nil {
		return nil, err
	}
	var theatre *engine.Theatre
	if cmd.Data != nil {
		theatre = cmd.Data.Theatre
	}
	if len(corps) > 0 && theatre == nil {
		return nil, fmt.Errorf("engine: the reorganization roll needs the map (the DC defense area)")
	}
	att := &ReorganizationAttempts{By: cmd.By, Turn: g.Turn, Corps: corps, WithMcClellan: with, Reason: strings.TrimSpace(cmd.Reason)}
	evs := []engine.Event{att}
	state := g.Apply(att)
	for _, c := range corps {
		facts := g.LRTAReorganizationFacts(c, c == with, theatre)
		out, err := state.RuleRoll(engine.RollTable{By: cmd.By, Table: cmd.Table, Facts: facts}, d)
		if err != nil {
			return nil, err
		}
		tr := out[0].(*engine.TableRolled)
		evs = append(evs, tr)
		state = state.Apply(tr)
		rolled := &CorpsReorganizationRolled{Turn: g.Turn, Corps: c, Roll: tr.Number, Total: tr.Total, Reorganized: tr.Outcome == "reorganized"}
		evs = append(evs, rolled)
		state = state.Apply(rolled)
		if rolled.Reorganized {
			re := state.lrtaCorpsReorganization(*lrtaCorpsOf(c), cmd.Data)
			evs = append(evs, re)
			state = state.Apply(re)
		}
	}
	return evs, nil
}

// lrtaWithMcClellan is the corps that takes McClellan's +1 this turn: a
// corps rolled whose commander is in McClellan's hex ("Max one Corps leader
// per turn"); when several are, the Union names it.
func (g Game) lrtaWithMcClellan(corps []string, named string) (string, error) {
	var with []string
	for _, c := range corps {
		if g.lrtaCommanderWithMcClellan(c) {
			with = append(with, c)
		}
	}
	named = strings.TrimSpace(named)
	if named != "" {
		c := lrtaCorpsOf(named)
		if c == nil || !engine.Contains(with, c.Corps) {
			return "", engine.Illegal("reorganize.with", fmt.Sprintf("The %s Corps' commander is not in McClellan's hex, or the corps does not roll", named), "Leave with_mcclellan out")
		}
		return c.Corps, nil
	}
	switch len(with) {
	case 0:
		return "", nil
	case 1:
		return with[0], nil
	}
	return "", engine.Invalid("reorganize.with", fmt.Sprintf("The commanders of the %s corps are all in McClellan's hex: one corps a turn gains his +1", strings.Join(with, ", ")),
		"Name it: with_mcclellan:<corps>")
}

// lrtaCorpsLeaderOf returns the leader of a Union corps in play.
func (g Game) lrtaCorpsLeaderOf(corps string) (engine.UnitState, bool) {
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == engine.USA && u.Kind.IsLeader() && strings.EqualFold(u.Command, corps) && u.OnMap && !u.Eliminated {
			return u, true
		}
	}
	return engine.UnitState{}, false
}

func (g Game) lrtaCommanderWithMcClellan(corps string) bool {
	mc, ok := g.Units[lrtaMcClellan]
	if !ok || !mc.OnMap || mc.Eliminated {
		return false
	}
	l, ok := g.lrtaCorpsLeaderOf(corps)
	return ok && l.Hex == mc.Hex
}

// LRTAReorganizationFacts are the facts of a corps' reorganization roll
// (lrta.union-army-reorganization) as the game stands; with says whether
// McClellan's +1 goes to it; t is the map (the DC defense area).
func (g Game) LRTAReorganizationFacts(corps string, with bool, t *engine.Theatre) engine.Facts {
	c := lrtaCorpsOf(corps)
	aov := c != nil && c.AoV
	inDC := false
	if t != nil {
		in := t.InAny(lrtaDCArea)
		inDC = true
		n := 0
		for _, u := range g.Units {
			if u.Side != engine.USA || u.Eliminated || !strings.EqualFold(u.Command, corps) || !u.OnMap {
				continue
			}
			n++
			inDC = inDC && in(u.Hex)
		}
		inDC = inDC && n > 0
	}
	worst := 0 // none, disorder, panic, flight
	switch r := g.Records.Armies[engine.USA]; {
	case r.EverPanic:
		worst = 2
	case r.EverDisorder:
		worst = 1
	}
	return engine.Facts{
		"corps_commander_with_mcclellan": engine.B2i(with),
		"union_passive":                  engine.B2i(g.SidePassive(engine.USA, g.Turn)),
		"corps_in_dc_defense_area":       engine.B2i(inDC),
		"previous_attempts":              g.LRTAArmy.Attempts[corps],
		"army_of_virginia_corps":         engine.B2i(aov),
		"union_worst_army_morale":        worst,
	}
}

// LRTAReorganizationModifiers are the modifiers a corps' roll would have
// now (for /reorganize show), on the table t.
func (g Game) LRTAReorganizationModifiers(corps string, with bool, m *engine.Theatre, t *engine.Table) []engine.AppliedModifier {
	if t == nil {
		return nil
	}
	ms, err := engine.ApplyModifiers(t.Modifiers, g.LRTAReorganizationFacts(corps, with, m), "")
	if err != nil {
		return nil
	}
	return ms
}

// LRTACommanderWithMcClellan reports whether a corps' commander is in
// McClellan's hex (his +1, one corps a turn).
func (g Game) LRTACommanderWithMcClellan(corps string) bool {
	return g.lrtaCommanderWithMcClellan(corps)
}

// lrtaCorpsReorganization builds the Union Corps Reorganization of a corps
// (004): its counters on the union-reorganization track take their places
// (Hatch and Ricketts-A less 3 MP), Meade joins Hooker with 9 MP, Reynolds
// goes to the PA militia as a leader, and every unit of the corps takes
// its new designation.
func (g Game) lrtaCorpsReorganization(c LRTACorps, data *engine.MoveData) *UnionCorpsReorganized {
	w := &meadeWork{g: g, units: engine.CopyUnits(g.Units)}
	var placed []engine.UnitState
	if c.Slot > 0 {
		for _, u := range g.lrtaTrackUnits(trackUnionReorg, lrtaOOB(data)) {
			if u.Slot != c.Slot {
				continue
			}
			if lrtaReplacesOf(u) == "" {
				placed = append(placed, u)
				continue
			}
			what := fmt.Sprintf("%s replaces %s", u.Name, unitName(g, lrtaReplacesOf(u)))
			if u.ID == lrtaHatch || u.ID == lrtaRicketts {
				what += fmt.Sprintf(", less %d MP", lrtaHatchLoss)
			}
			w.lrtaReplace(c.Corps, u, what)
			if nu, ok := w.live(u.ID); ok && (u.ID == lrtaHatch || u.ID == lrtaRicketts) && !nu.Kind.IsLeader() {
				nu.Manpower = max(nu.Manpower-lrtaHatchLoss, 0)
				last := &w.changes[len(w.changes)-1]
				for i := range last.Units {
					if last.Units[i].ID == nu.ID {
						last.Units[i] = nu
					}
				}
				w.units[nu.ID] = nu
			}
		}
	}
	// Counters placed with the corps leader (Meade with Hooker).
	for _, u := range placed {
		var with []string
		if l, ok := w.lrtaLeader(c.Becomes); ok {
			with = append(with, l)
		}
		w.placeWith(c.Corps, u.ID, with, fmt.Sprintf("%s (%d MP) is placed", u.Name, u.Manpower))
	}
	// Reynolds goes to the PA militia (004: tactical 0, command 2).
	if c.Corps == "V-AP" {
		w.lrtaReynolds()
	}
	// The corps' new designation.
	if !strings.EqualFold(c.Corps, c.Becomes) {
		ch := MeadeChange{Step: c.Corps, What: fmt.Sprintf("The %s Corps (AoV) becomes the %s Corps (AoP)", c.Corps, strings.TrimSuffix(c.Becomes, "-AP"))}
		for _, id := range sortedIDs(w.units) {
			u := w.units[id]
			if u.Side == engine.USA && strings.EqualFold(u.Command, c.Corps) {
				u.Command = c.Becomes
				ch.Units = append(ch.Units, u)
			}
		}
		w.add(ch)
	}
	return &UnionCorpsReorganized{Turn: g.Turn, Corps: c.Corps, Becomes: c.Becomes, Changes: w.changes}
}

// lrtaLeader returns the id of a corps' leader in play in the work.
func (w *meadeWork) lrtaLeader(corps string) (string, bool) {
	for _, id := range sortedIDs(w.units) {
		u := w.units[id]
		if u.Side == engine.USA && u.Kind.IsLeader() && strings.EqualFold(u.Command, corps) && u.OnMap && !u.Eliminated {
			return id, true
		}
	}
	return "", false
}

// lrtaReynolds adds Reynolds to the PA militia as a leader (004 V Corps:
// "Assume that he now has a 0 tactical value and a 2 command value"): the
// order of battle has no such counter, so one is made, with the first PA
// militia unit on the map or on the PA militia track.
func (w *meadeWork) lrtaReynolds() {
	const step = "V-AP"
	if _, ok := w.units[lrtaReynoldsPAID]; ok {
		return
	}
	r := engine.UnitState{ID: lrtaReynoldsPAID, Name: "Reynolds", Side: engine.USA, Kind: engine.KindLeader, Command: "PA", Track: lrtaReynoldsPATrack}
	for _, id := range sortedIDs(w.units) {
		if u := w.units[id]; u.Side == engine.USA && strings.EqualFold(u.Command, "PA") && !u.Kind.IsLeader() && u.OnMap && !u.Eliminated {
			r.OnMap, r.Hex, r.Ref, r.Track = true, u.Hex, u.Ref, ""
			w.add(MeadeChange{Step: step, What: "Reynolds joins the PA militia as a leader (tactical 0, command 2), with " + u.Name, Units: []engine.UnitState{r}})
			return
		}
	}
	w.add(MeadeChange{Step: step, What: "Reynolds joins the PA militia as a leader (tactical 0, command 2); no militia unit is on the map: he waits on the PA militia track", Units: []engine.UnitState{r}})
}
