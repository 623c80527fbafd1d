// Step 3a, leader transfer (LRTG 16; 000 IV b); 4.2) with the Jackson
// relapse roll of the Jackson Lives variant (31.4): the transfer limits,
// where a leader may join, and /leader transfer's decider. Moved out of
// leaders.go, which keeps the steps registered in its init().

package lrtg

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// SidePassive reports whether a side is passive on a turn, as the
// operational / passive declarations (step 1e, declare.go) record it once
// revealed.
func (g Game) SidePassive(s engine.Side, turn int) bool { return g.Declared.Passive(s, turn) }

// TransferLimit is how far a side's leaders transfer this turn (003 3 a);
// 000 IV b); 4.2): 10 hexes, 30 when the side is passive.
func (g Game) TransferLimit(s engine.Side) int {
	if g.SidePassive(s, g.Turn) {
		return TransferHexesPassive
	}
	return TransferHexes
}

// LeadersAway lists a side's leaders off the map since an earlier turn,
// who return to any unit (000 IV b)), sorted.
func (g Game) LeadersAway(s engine.Side) []string {
	var out []string
	for id, t := range g.Command.Away {
		if u, ok := g.Units[id]; ok && u.Side == s && t < g.Turn {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// JacksonPlus reports whether the +1 of 31.4 applies to the next relapse
// roll: two consecutive turns of a natural 2-3 result have been rolled
// and no roll has ended in No effect since (scenarios/rules
// lrtg-p1-optional.yaml states this reading).
func (c CommandState) JacksonPlus() bool {
	plus, streak, last := false, 0, 0
	for _, r := range c.Jackson {
		switch {
		case r.Natural <= 3 && streak > 0 && r.Turn == last+1:
			streak++
		case r.Natural <= 3:
			streak = 1
		default:
			streak = 0
		}
		last = r.Turn
		if streak >= 2 {
			plus = true
		}
		if r.Outcome == "no-effect" {
			plus = false
		}
	}
	return plus
}

// JacksonThisTurn returns this turn's relapse roll, if made.
func (g Game) JacksonThisTurn() (JacksonRoll, bool) {
	for _, r := range g.Command.Jackson {
		if r.Turn == g.Turn {
			return r, true
		}
	}
	return JacksonRoll{}, false
}

func (g Game) rollJackson(t *engine.Table, d engine.Dice) ([]engine.Event, error) {
	if _, done := g.JacksonThisTurn(); done {
		return nil, nil
	}
	plus := g.Command.JacksonPlus()
	facts := engine.Facts{"two_turns_debilitated": engine.B2i(plus), "after_july_1": engine.B2i(g.afterJuly1())}
	evs, err := g.RuleRoll(engine.RollTable{By: g.Umpire, Table: t, Facts: facts}, d)
	if err != nil {
		return nil, err
	}
	tr := evs[0].(*engine.TableRolled)
	return append(evs, &JacksonRelapse{JacksonRoll: JacksonRoll{Turn: g.Turn, Roll: tr.Number, Natural: tr.Natural, Total: tr.Total, Outcome: tr.Outcome}, Plus: plus}), nil
}

// afterJuly1 reports whether the turn is after July 1 (31.4): it begins
// on July 2 or later.
func (g Game) afterJuly1() bool {
	day, ok := g.TurnDate(g.Turn)
	return ok && day.After(time.Date(1863, time.July, 1, 0, 0, 0, 0, time.UTC))
}

// returnSteps are the steps in which a leader taken off the map comes
// back: the next turn's Communications phase (000 IV b): "returned in the
// next Communications Phase"; 4.2: "at the start of the following turn's
// Communications phase"). The game waits for him at the phase's start
// (2a: waitLeaderReturns). A turn that plays none of the phase's steps
// (one commander a side: they are multiple-commanders steps,
// scenarios/sequence/lrtg-sequence.yaml) brings him back in the first step
// after it, the Leader Transfer step (3a). LRTA's leaders return in its
// leader transfer phase (004: "during the leader transfer phase of the
// following turn"), allowed as before in its communications step too.
func (g Game) returnSteps() (steps []string, where, rule string) {
	comms := []string{"2a", "2b", "2c", "2d"}
	switch {
	case g.variant().leadersReturnInTransfer:
		return append(comms, "3a"), "the Leader Transfer step (3a)", "004 3"
	case g.commsPlayed():
		return comms, "the Communications phase (steps 2a-2d)", "000 IV b); 4.2"
	}
	return []string{"3a"}, "the Leader Transfer step (3a): this turn plays no Communications phase (one commander a side)", "000 IV b); 4.2"
}

// returnStepRule refuses a leader's return outside its steps
// (returnSteps); nil in them, or outside the sequence of play.
func (g Game) returnStepRule(l engine.UnitState, step string) *engine.RuleError {
	steps, where, rule := g.returnSteps()
	if step == "" || engine.Contains(steps, step) {
		return nil
	}
	hint := "Wait for that step (/phase show)"
	if step > steps[len(steps)-1] {
		hint = "That step is over this turn: the umpire may place him with reason:<why>"
	}
	return moveRule("leader.step", fmt.Sprintf("%s returns to the map in %s, and this is step %s", l.Name, where, step), hint, rule)
}

// commsPlayed reports whether this turn plays LRTG's Communications
// phase: its steps 2a-2d are played with several commanders on a side
// (scenarios/sequence/lrtg-sequence.yaml: when multiple-commanders).
func (g Game) commsPlayed() bool {
	ok, _ := g.Happens(engine.Step{ID: stepArmy, When: engine.WhenMultipleCommanders})
	return ok
}

// waitLeaderReturns waits, in the step given, for the leaders a passive
// side took off the map on an earlier turn, when that step is where they
// return (returnSteps): LRTG's 2a when the Communications phase is
// played, else 3a; LRTA's 3a.
func waitLeaderReturns(step string) func(g Game) []string {
	return func(g Game) []string {
		at := "3a"
		if !g.variant().leadersReturnInTransfer && g.commsPlayed() {
			at = stepArmy
		}
		if step != at {
			return nil
		}
		return waitLeaderTransfer(g)
	}
}

// meadePlacedLeaders are the leaders 16.2 places "with any" unit of a
// kind: the Union player may choose another in the step Meade assumes
// command (16.2 5), 8) i)).
func meadePlaced(id string) bool {
	if id == idCouch {
		return true
	}
	for _, d := range cavDivisions {
		if d.leader == id {
			return true
		}
	}
	return false
}

// leaderMayJoin checks that a leader may go to a unit: an army leader to
// any friendly unit; a cavalry division leader to a brigade of his
// division (16.2 8) i)); Pleasonton to any AoP cavalry unit (16.4); a
// corps or garrison leader to a unit of his corps or designation (16.3:
// Schenck's VIII Corps is Balt, WV and HF).
func (g Game) leaderMayJoin(l, t engine.UnitState) *engine.RuleError {
	if t.Kind.IsLeader() {
		return engine.Illegal("leader.target", fmt.Sprintf("%s is a leader: a leader transfers to a unit", t.Name), "Name a unit he commands")
	}
	cmd := strings.ToLower(l.Command)
	switch {
	case cmd == "aop" || cmd == "anv":
		return nil
	case CavalryDivision(l.ID) != "":
		div := CavalryDivision(l.ID)
		if g.cavDivisionOf(t) != div {
			return engine.Illegal("leader.command", fmt.Sprintf("%s leads the %s cavalry division; %s is not one of its brigades", l.Name, div, t.Name), "LRTG 16.2 8) i)")
		}
		return nil
	case l.Detached.Division != "":
		if t.Detached.Division != l.Detached.Division {
			return engine.Illegal("leader.command", fmt.Sprintf("%s leads the brigades of his division; %s is not one", l.Name, t.Name), "LRTG 18.3")
		}
		return nil
	}
	if !commandsUnit(g.Options, []string{l.Command}, t) {
		return engine.Illegal("leader.command", fmt.Sprintf("%s commands the %s; %s is %s", l.Name, l.Command, t.Name, engine.Designation(t)), "A corps leader transfers to a unit of his corps")
	}
	return nil
}

// cavDivisionOf returns a unit's cavalry division, through the unit it
// detached from for a substitute.
func (g Game) cavDivisionOf(u engine.UnitState) string {
	for i := 0; i < 8; i++ {
		if d := CavalryDivision(u.ID); d != "" || u.Detached.From == "" {
			return d
		}
		p, ok := g.Units[u.Detached.From]
		if !ok {
			return CavalryDivision(u.Detached.From)
		}
		u = p
	}
	return ""
}

func (g Game) decideTransfer(cmd TransferLeader) ([]engine.Event, error) {
	l, err := g.UnitFor(cmd.By, strings.TrimSpace(cmd.Leader))
	if err != nil {
		return nil, err
	}
	if !l.Kind.IsLeader() {
		return nil, engine.Invalid("leader.kind", fmt.Sprintf("%s is not a leader", l.Name), "Transfer a leader: /oob lists yours")
	}
	if l.Eliminated {
		return nil, engine.Illegal("leader.eliminated", fmt.Sprintf("%s has been eliminated", l.Name), "")
	}
	umpire := g.IsUmpire(cmd.By)
	step := g.CurrentStep()
	turn, away := g.Command.Away[l.ID]
	passive := g.SidePassive(l.Side, g.Turn)
	limit := g.TransferLimit(l.Side)
	ev := &LeaderTransferred{By: cmd.By, Leader: l.ID, Turn: g.Turn, Step: step, From: l.Hex, FromRef: l.Ref, Passive: passive}
	var broken []*engine.RuleError
	stepRule := func(allowed []string, what string) {
		if step != "" && !engine.Contains(allowed, step) {
			broken = append(broken, moveRule("leader.step", fmt.Sprintf("%s: this is step %s", what, step), "Wait for that step (/phase show)", "003 3 a)"))
		}
	}
	to := strings.TrimSpace(cmd.To)
	if strings.EqualFold(to, LeaderOff) {
		switch {
		case away:
			return nil, engine.Illegal("leader.away", fmt.Sprintf("%s is already off the map", l.Name), "Place him with a unit: to:<unit>")
		case !l.OnMap:
			return nil, engine.Illegal("leader.off_map", fmt.Sprintf("%s is not on the map", l.Name), "")
		}
		stepRule([]string{"3a"}, "Leaders leave the map in the Leader Transfer step (3a)")
		if !passive {
			broken = append(broken, moveRule("leader.passive", fmt.Sprintf("Only a passive side's leaders leave the map to return anywhere; the %s is not passive this turn", strings.ToUpper(string(l.Side))), "Transfer him to a unit within 10 hexes", "000 IV b); 4.2"))
		}
		if g.Command.Transferred[l.ID] == g.Turn && step == "3a" {
			broken = append(broken, moveRule("leader.once", fmt.Sprintf("%s has already transferred this turn", l.Name), "", "003 3 a)"))
		}
		ev.Off, ev.Rule = true, "000 IV b); 4.2"
		ev.Hex, ev.Ref = l.Hex, l.Ref
		return g.settleTransfer(cmd, ev, broken, umpire)
	}
	if to == "" {
		return nil, engine.Invalid("leader.to", "No unit to transfer to", "Name the unit: to:<unit>, or to:off for a passive side's leader leaving the map")
	}
	t, err := g.Unit(to)
	if err != nil {
		return nil, err
	}
	if !umpire && t.Side != l.Side {
		// The same answer as for a unit that does not exist.
		return nil, engine.Invalid("unit.unknown", fmt.Sprintf("There is no unit %q", to), "Transfer to a unit of your side")
	}
	if t.Side != l.Side {
		return nil, engine.Illegal("leader.side", fmt.Sprintf("%s is an enemy unit", t.Name), "")
	}
	if t.Eliminated || !t.OnMap {
		return nil, engine.Illegal("leader.target", fmt.Sprintf("%s is not on the map", t.Name), "A leader transfers to a unit on the map")
	}
	if e := g.leaderMayJoin(l, t); e != nil {
		if e.Code == "leader.target" {
			return nil, e
		}
		broken = append(broken, e)
	}
	dist := -1
	if l.OnMap {
		dist = engine.Distance(l.Hex, t.Hex)
	}
	switch {
	case away:
		if turn >= g.Turn {
			broken = append(broken, moveRule("leader.return", fmt.Sprintf("%s left the map this turn: he returns next turn", l.Name), "", "000 IV b); 4.2"))
		}
		if e := g.returnStepRule(l, step); e != nil {
			broken = append(broken, e)
		}
		ev.Return, ev.Rule = true, "000 IV b); 4.2: to any unit"
	case g.Command.Meade && g.Command.MeadeTurn == g.Turn && step == "3b" && meadePlaced(l.ID):
		ev.Rule = "16.2 5), 8) i): with any unit of his command, the step Meade assumes command"
	default:
		if !l.OnMap {
			return nil, engine.Illegal("leader.off_map", fmt.Sprintf("%s is not on the map", l.Name), "A leader off the map comes in as the rules bring him")
		}
		stepRule([]string{"3a"}, "Leaders transfer in the Leader Transfer step (3a)")
		if g.Command.Transferred[l.ID] == g.Turn && (step == "3a" || step == "") {
			broken = append(broken, moveRule("leader.once", fmt.Sprintf("%s has already transferred this turn", l.Name), "", "003 3 a)"))
		}
		if dist > limit {
			hint := fmt.Sprintf("Choose a unit within %d hexes", limit)
			if !passive {
				hint += fmt.Sprintf(" (%d when the side is passive)", TransferHexesPassive)
			}
			broken = append(broken, moveRule("leader.distance", fmt.Sprintf("%s is %d hexes from %s: leaders transfer up to %d hexes this turn", t.Name, dist, l.Name, limit), hint, "003 3 a); 000 IV b)"))
		}
		ev.Limit, ev.Rule = limit, "003 3 a)"
	}
	if d := cmd.Data; d != nil && d.Theatre != nil {
		if e := g.checkArea(l, t.Hex, t.Ref, d); e != nil {
			broken = append(broken, e)
		}
	}
	ev.To, ev.Hex, ev.Ref, ev.Hexes = t.ID, t.Hex, t.Ref, max(dist, 0)
	return g.settleTransfer(cmd, ev, broken, umpire)
}

// settleTransfer refuses a transfer that breaks a rule, unless the umpire
// sets the rules aside with a reason (recorded in the event).
func (g Game) settleTransfer(cmd TransferLeader, ev *LeaderTransferred, broken []*engine.RuleError, umpire bool) ([]engine.Event, error) {
	if len(broken) == 0 {
		return []engine.Event{ev}, nil
	}
	reason := strings.TrimSpace(cmd.Reason)
	if !umpire || reason == "" {
		e := *broken[0]
		if umpire {
			e.Hint = strings.TrimPrefix(strings.TrimSuffix(e.Hint, ".")+". As umpire you may set the rule aside: add reason:<why>", ". ")
		}
		return nil, &e
	}
	ev.Override = reason
	for _, b := range broken {
		what := b.What
		if b.Rule != "" {
			what += " (" + b.Rule + ")"
		}
		ev.Overrode = append(ev.Overrode, what)
	}
	return []engine.Event{ev}, nil
}
