// Long Roads to Antietam (004): step 1r, the CSA Rest and Refit Proposal
// (004 Sequence of Play 1 e, "see 7.3"): the proposal, pass and answer, the
// Confederate Reorganization it starts (004 (1)-(7)) and the end of the
// period. The cavalry exhaustion is in lrta_army_cavalry.go; consolidation
// (which names the game) stays in lrta_army.go. Moved out of lrta_army.go.

package lrtg

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// lrtaAtStep refuses a decision outside its step; the umpire may make it
// at any time.
func (g Game) lrtaAtStep(by engine.Actor, step, what, rule string) error {
	if cur := g.CurrentStep(); cur != step && !g.IsUmpire(by) {
		if cur == "" {
			cur = "none (the turn has not begun)"
		}
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "lrta.step", What: fmt.Sprintf("%s happens in step %s; the game is at step %s", what, step, cur),
			Hint: untilStep(g, step), Rule: rule}
	}
	return nil
}

func (g Game) lrtaDecidePropose(cmd ProposeRestRefit) ([]engine.Event, error) {
	if err := g.lrtaSideDecision(cmd.By, engine.CSA, cmd.Reason, lrtaRestRefitWhat); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, RestRefitStep, "The Rest and Refit proposal", "004 1 e); LRTA 7.3"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	if a.Proposed {
		return nil, engine.Illegal("restrefit.proposed", fmt.Sprintf("The Confederates proposed their Rest and Refit period on turn %d", a.ProposedTurn), "It is proposed once a game")
	}
	if slices.Contains(a.Passed, g.Turn) && !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("restrefit.passed", "The Confederates have already passed this turn", "Propose in a later turn's step 1r")
	}
	ev := &RestRefitProposed{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}
	if u, ok := g.Units[lrtaDHHill]; ok && !u.Eliminated {
		corps, err := g.lrtaDHHillCorps(cmd.DHHill)
		if err != nil {
			return nil, err
		}
		ev.DHHill = corps
	}
	if u, ok := g.Units[lrtaFunk]; ok && !u.Eliminated && !u.OnMap {
		place, err := lrtaFunkPlace(cmd.Funk)
		if err != nil {
			return nil, err
		}
		ev.Funk = place
	}
	reorg, err := g.Apply(ev).lrtaConfederateReorganization(ev, cmd.Data)
	if err != nil {
		return nil, err
	}
	return []engine.Event{ev, reorg}, nil
}

// lrtaDHHillCorps reads the corps D.H. Hill joins: Longstreet's or
// Jackson's, by their leaders' designation (L, J).
func (g Game) lrtaDHHillCorps(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	var leader string
	switch s {
	case "l", "longstreet":
		leader = lrtaLongstreet
	case "j", "jackson":
		leader = lrtaJackson
	default:
		return "", engine.Invalid("restrefit.dh_hill", fmt.Sprintf("D.H. Hill joins Longstreet's or Jackson's corps, not %q", s),
			"Add dh_hill:longstreet or dh_hill:jackson (004 Confederate Reorganization (5))")
	}
	if u, ok := g.Units[leader]; ok && u.Command != "" {
		return u.Command, nil
	}
	return strings.ToUpper(s[:1]), nil
}

// lrtaFunkPlace reads where Funk is placed (004 (7)).
func lrtaFunkPlace(s string) (string, error) {
	switch strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), " ")) {
	case "front royal":
		return "Front Royal", nil
	case "winchester":
		return "Winchester", nil
	}
	return "", engine.Invalid("restrefit.funk", fmt.Sprintf("Funk is placed in Front Royal or Winchester, not %q", s), "Add funk:front-royal or funk:winchester (004 Confederate Reorganization (7))")
}

// lrtaTrackUnits returns the units waiting on a track, by slot, then in
// the order of battle's order (004 prints the regiments a brigade breaks
// into in order: "1st NY then 6th PA then 3rd PA"), then by id.
func (g Game) lrtaTrackUnits(track string, oob *engine.OrderOfBattle) []engine.UnitState {
	var out []engine.UnitState
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Track == track && !u.OnMap && !u.Eliminated {
			out = append(out, u)
		}
	}
	index := map[string]int{}
	if oob != nil {
		for i, u := range oob.Units {
			index[u.ID] = i + 1
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Slot != out[j].Slot {
			return out[i].Slot < out[j].Slot
		}
		return index[out[i].ID] < index[out[j].ID]
	})
	return out
}

func lrtaOOB(d *engine.MoveData) *engine.OrderOfBattle {
	if d == nil {
		return nil
	}
	return d.OOB
}

// lrtaReplacesOf returns the unit a counter replaces (its replaces: mark).
func lrtaReplacesOf(u engine.UnitState) string {
	for _, m := range u.Marks {
		if strings.HasPrefix(m, replacesMarkPrefix) {
			return strings.TrimPrefix(m, replacesMarkPrefix)
		}
	}
	return ""
}

// lrtaWithoutReplaces drops the replaces: mark of a counter entering play.
func lrtaWithoutReplaces(u engine.UnitState) engine.UnitState {
	var marks []string
	for _, m := range u.Marks {
		if !strings.HasPrefix(m, replacesMarkPrefix) {
			marks = append(marks, m)
		}
	}
	u.Marks = marks
	return u
}

// lrtaReplace is a replacement of a reorganization: the new counter takes
// the old one's place, status and manpower; when the old one is out of
// play, the new one never enters.
func (w *meadeWork) lrtaReplace(step string, nu engine.UnitState, what string) {
	old := lrtaReplacesOf(nu)
	w.replace(step, old, nu.ID, what)
	last := &w.changes[len(w.changes)-1]
	for i, u := range last.Units {
		if u.ID == nu.ID {
			u = lrtaWithoutReplaces(u)
			last.Units[i] = u
			w.units[u.ID] = u
		}
	}
}

// place puts a unit at a place of the map.
func (w *meadeWork) lrtaPlace(step string, u engine.UnitState, at *engine.Place, what string) {
	u = lrtaWithoutReplaces(u)
	u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, at.Hex, at.Ref.String(), "", 0
	w.add(MeadeChange{Step: step, What: what, Units: []engine.UnitState{u}})
}

// lrtaConfederateReorganization builds the Confederate Reorganization (004
// (1)-(7)) on the state after the proposal.
func (g Game) lrtaConfederateReorganization(p *RestRefitProposed, data *engine.MoveData) (*ConfederateReorganized, error) {
	w := &meadeWork{g: g, units: engine.CopyUnits(g.Units)}
	var funk *engine.UnitState
	for _, u := range g.lrtaTrackUnits(trackRestRefit, lrtaOOB(data)) {
		if lrtaReplacesOf(u) == "" {
			if u.ID == lrtaFunk {
				f := u
				funk = &f
			}
			continue
		}
		step := fmt.Sprintf("(%d)", u.Slot)
		w.lrtaReplace(step, u, fmt.Sprintf("%s replaces %s", u.Name, unitName(g, lrtaReplacesOf(u))))
	}
	// (5) D.H. Hill joins the corps chosen.
	if p.DHHill != "" {
		id := lrtaDHHill
		if r := w.lrtaReplacedBy(lrtaDHHill); r != "" {
			id = r
		}
		if u, ok := w.live(id); ok {
			u.Command = p.DHHill
			w.add(MeadeChange{Step: "(5)", What: fmt.Sprintf("%s is part of %s's corps (%s) for the rest of the game", u.Name, lrtaCorpsLeader(g, p.DHHill), p.DHHill), Units: []engine.UnitState{u}})
		}
	}
	w.add(MeadeChange{Step: "(6)", What: fmt.Sprintf("The Confederates may remove any infantry brigade and the Kemper, Wilcox and Ripley division units, sharing their manpower among Confederate units within %d hexes", lrtaConsolidateRange)})
	// (7) Funk.
	if funk != nil && p.Funk != "" {
		if data == nil || data.Theatre == nil || data.Theatre.Place(p.Funk) == nil {
			return nil, fmt.Errorf("engine: placing Funk needs the map's place %s", p.Funk)
		}
		w.lrtaPlace("(7)", *funk, data.Theatre.Place(p.Funk), "Funk is placed in "+p.Funk)
	}
	return &ConfederateReorganized{Turn: g.Turn, Changes: w.changes}, nil
}

// lrtaReplacedBy returns the counter a change of this work put in a unit's
// place ("" none).
func (w *meadeWork) lrtaReplacedBy(id string) string {
	for _, c := range w.changes {
		for nu, old := range c.Replaces {
			if old == id {
				return nu
			}
		}
	}
	return ""
}

func lrtaCorpsLeader(g Game, corps string) string {
	for _, id := range []string{lrtaLongstreet, lrtaJackson} {
		if u, ok := g.Units[id]; ok && u.Command == corps {
			return u.Name
		}
	}
	return corps
}

func (g Game) lrtaDecidePass(cmd PassRestRefit) ([]engine.Event, error) {
	if err := g.lrtaSideDecision(cmd.By, engine.CSA, cmd.Reason, lrtaRestRefitWhat); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, RestRefitStep, "The Rest and Refit proposal", "004 1 e); LRTA 7.3"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case a.Proposed:
		return nil, engine.Illegal("restrefit.proposed", fmt.Sprintf("The Confederates proposed their Rest and Refit period on turn %d", a.ProposedTurn), "")
	case slices.Contains(a.Passed, g.Turn):
		return nil, engine.Illegal("restrefit.passed", "The Confederates have already passed this turn", "")
	}
	return []engine.Event{&RestRefitPassed{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, nil
}

func (g Game) lrtaDecideAnswer(cmd AnswerRestRefit) ([]engine.Event, error) {
	if err := g.lrtaSideDecision(cmd.By, engine.USA, cmd.Reason, lrtaAnswerWhat); err != nil {
		return nil, err
	}
	if err := g.lrtaAtStep(cmd.By, RestRefitStep, "The answer to the Rest and Refit proposal", "004 1 e); LRTA 7.3"); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case !a.Proposed:
		return nil, engine.Illegal("restrefit.none", "The Confederates have not proposed a Rest and Refit period", "The Union answers once they have (/restrefit show)")
	case a.Answer != "":
		return nil, engine.Illegal("restrefit.answered", fmt.Sprintf("The Union has already answered: %s", a.Answer), "The answer is final")
	case a.ProposedTurn != g.Turn && !g.IsUmpire(cmd.By):
		return nil, engine.Illegal("restrefit.turn", fmt.Sprintf("The proposal was made on turn %d: the Union answered it then", a.ProposedTurn), "Ask the umpire")
	}
	if cmd.Data == nil || cmd.Data.Theatre == nil {
		return nil, fmt.Errorf("engine: the Union Cavalry Exhaustion needs the map")
	}
	ev := &RestRefitAnswered{By: cmd.By, Turn: g.Turn, Accepted: cmd.Accept, Reason: strings.TrimSpace(cmd.Reason)}
	ex, err := g.Apply(ev).lrtaCavalryExhaustion(cmd)
	if err != nil {
		return nil, err
	}
	return []engine.Event{ev, ex}, nil
}

func (g Game) lrtaDecideFinish(cmd FinishRestRefit) ([]engine.Event, error) {
	if err := g.lrtaSideDecision(cmd.By, engine.CSA, cmd.Reason, lrtaCSAReorgWhat); err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	switch {
	case !a.Proposed:
		return nil, engine.Illegal("restrefit.none", "The Confederates have not proposed a Rest and Refit period", "")
	case a.Done:
		return nil, engine.Illegal("restrefit.done", "The Confederate Reorganization is already finished", "")
	}
	return []engine.Event{&RestRefitDone{By: cmd.By, Turn: g.Turn}}, nil
}

func (g Game) lrtaDecideEnd(cmd EndRestRefit) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("restrefit.umpire", "The umpire records the end of the Rest and Refit period", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	a := g.LRTAArmy
	switch {
	case !a.Proposed:
		return nil, engine.Illegal("restrefit.none", "The Confederates have not proposed a Rest and Refit period", "")
	case a.EndedTurn > 0:
		return nil, engine.Illegal("restrefit.ended", fmt.Sprintf("The period ended on turn %d", a.EndedTurn), "")
	case strings.TrimSpace(cmd.Reason) == "":
		return nil, engine.Invalid("restrefit.reason", "Say why it ends", "Add reason:<the rule book's end of the period>")
	}
	return []engine.Event{&RestRefitEnded{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, nil
}
