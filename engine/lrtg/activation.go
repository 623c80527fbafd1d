package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Moves belong to actions (003 4; the Standardized Rules' action cycle):
// once the sequence of play is under way, a player's unit on the map moves
// only in the action cycle (steps 4a and 4b), as part of an action of his
// side that is under way:
//
//   - the unit activated (a march), or, when a leader is activated, the
//     units of his command: his corps or designation (VIII covers HF, WV
//     and Balt, 16.3), his cavalry division (16.2 8)); Stuart not Jenkins,
//     Imboden or the 12 VA (000 IV c)); Richmond Garrison units with any
//     Confederate infantry corps leader but Stuart (000 2.0 4));
//   - an Activate Army Leader action: the units selected (10.1 2)) and the
//     army leader;
//   - a leader may go along with units that may move, in the same move
//     (leaders move with the units they are stacked with);
//   - units the enemy allowed to move without the initiative (17.2);
//   - units a combat result of the action retreats or routs (9.3), which
//     their owner moves once;
//   - in LRTA, naval movement in phase 3, the "Leader Transfer / Naval
//     Movement / Attachment Phase" (004 3).
//
// Units entering the map (reinforcements, the Richmond Garrison, Lee from
// his track) follow their own rules (turnstart.go, randomevents.go). The
// umpire's moves (retreats, corrections) are his to make. Without the
// sequence of play (a game whose umpire does not use /phase) moves are
// free, as before.

// activationGate refuses a player's move of units that are not part of an
// action of his side under way; nil when the move may go on.
func (g Game) activationGate(cmd engine.MoveUnits) *engine.RuleError {
	step := g.CurrentStep()
	if step == "" || g.IsUmpire(cmd.By) {
		return nil
	}
	onMap := g.onMap(cmd.Units) // move_path.go
	if len(onMap) == 0 {
		return nil
	}
	names := func(us []engine.UnitState) string {
		var n []string
		for _, u := range us {
			n = append(n, u.Name)
		}
		return strings.Join(n, ", ")
	}
	// LRTA's phase 3 is the "Leader Transfer / Naval Movement / Attachment
	// Phase" (004 3): naval movement happens there, without an action.
	if p := g.variant().navalPhase; p != "" && strings.HasPrefix(step, p) && strings.EqualFold(strings.TrimSpace(cmd.Mode), MoveNaval) {
		return nil
	}
	if step != "4a" && step != "4b" {
		return moveRule("move.step", fmt.Sprintf("Units on the map move in the action cycle (steps 4a and 4b), not in step %s", step),
			"Move them when one of your actions is under way in steps 4a/4b (/action activate); leaders transfer with /leader in step 3a", g.actionsRule())
	}
	a, ok := g.cycle()
	if !ok {
		return nil
	}
	if a.Skipped != "" {
		return moveRule("move.step", fmt.Sprintf("The %s is not played this turn: %s", g.ActionStepTitle(a.Step), a.Skipped), "The umpire moves on with /phase next", g.actionsRule())
	}
	var side engine.Side
	if p := g.Player(cmd.By.ID); p != nil {
		side = p.Side
	}
	var outside []engine.UnitState
	some := false // some unit of the move may move
	for _, u := range onMap {
		if g.RemoteAllowed(u.ID) || slices.Contains(a.Retreats, u.ID) || g.advancing(u.ID) || (a.Active != nil && a.Active.Side == side && g.inActivation(*a.Active, u)) {
			some = true // 17.2; a retreat or rout; an advance (the chart's letter: attack_codes.go); the action
			continue
		}
		outside = append(outside, u)
	}
	// Leaders go along with the units they move with.
	if some {
		outside = slices.DeleteFunc(outside, func(u engine.UnitState) bool { return u.Kind.IsLeader() })
	}
	if len(outside) == 0 {
		if a.Opening && side == engine.USA && a.Active != nil && a.Active.Side == engine.USA {
			return g.openingMoveCheck(a, onMap)
		}
		return nil
	}
	if a.Active == nil || a.Active.Side != side {
		return moveRule("move.activation", fmt.Sprintf("No action of yours is under way: %s may move only when activated", names(outside)),
			"Activate the unit or its leader when your side decides (/action activate or /action army), or ask the enemy to let units far from him move (/action remote, 17.2)", g.actionsRule())
	}
	who := "the activation of " + unitName(g, a.Active.Unit)
	if a.Active.Kind == ActionArmy {
		who = unitName(g, a.Active.Unit) + "'s Activate Army Leader action (10.1 2))"
	}
	return moveRule("move.activation", fmt.Sprintf("%s %s not part of %s", names(outside), map[bool]string{true: "is", false: "are"}[len(outside) == 1], who),
		"Move the units of the action under way; the others move in an action of their own", g.actionsRule())
}

// actionsRule is the sequence of play's action cycle: 003 4 (LRTG), 004 4
// (LRTA).
func (g Game) actionsRule() string {
	return g.sequenceRule() + " 4"
}

// sequenceRule is the rule book whose sequence of play the game follows:
// 003 (LRTG), or its variant's (LRTA: 004).
func (g Game) sequenceRule() string {
	if s := g.variant().sequence; s != "" {
		return s
	}
	return "003"
}

// inActivation reports whether the unit is part of the action.
func (g Game) inActivation(act Activation, u engine.UnitState) bool {
	if u.ID == act.Unit {
		return true
	}
	if act.Kind == ActionArmy {
		return slices.Contains(act.Units, u.ID)
	}
	l, ok := g.Units[act.Unit]
	if !ok || !l.Kind.IsLeader() || IsArmyLeader(l) || u.Side != l.Side {
		return false
	}
	return g.leaderActivates(l, u)
}

// leaderActivates reports whether an activated leader's command includes
// the unit.
func (g Game) leaderActivates(l, u engine.UnitState) bool {
	stuart := l.Side == engine.CSA && strings.EqualFold(l.Command, "Cav")
	// 000 2.0 4): Richmond Garrison units join any Confederate infantry
	// corps leader's activation but Stuart's.
	if strings.EqualFold(u.Command, richmondCommand) && l.Side == engine.CSA && !stuart {
		return true
	}
	// 000 IV c): Stuart does not activate Jenkins, Imboden or the 12 VA.
	if stuart && hasUnitMark(u, "no-stuart-activation") {
		return false
	}
	// A cavalry division leader (16.2 8)) activates his division.
	if d := CavalryDivision(l.ID); d != "" {
		return CavalryDivision(u.ID) == d
	}
	return l.Command != "" && commandsUnit(g.Options, []string{l.Command}, u)
}

// ---- The opening's Union allowance (000 VIII 3) b)) ----

// OpeningAllowance is what the Union may activate on an opening turn,
// counted when the Confederates have completed their activations (000
// VIII 3) b)): one infantry corps or cavalry division for each Confederate
// corps (the cavalry corps included) that moved, plus one if fewer than
// three full Confederate infantry divisions are within 5 hexes of
// Fredericksburg, and two more if none is.
type OpeningAllowance struct {
	Corps          []string `json:"corps,omitempty"` // the Confederate corps that moved
	FullDivisions  int      `json:"full_divisions"`  // full CSA infantry divisions within 5 hexes of Fredericksburg
	Fredericksburg int      `json:"fredericksburg"`  // the allowance they give: 0, 1 or 3
	Total          int      `json:"total"`
	// Counted is false when the umpire counts (no map; the Brandy Station
	// opening, whose allowances go by its own segments, 27.1).
	Counted bool   `json:"counted"`
	Why     string `json:"why,omitempty"` // why the umpire counts
}

// FredericksburgRange is the distance of VIII 3) b) i)-ii).
const FredericksburgRange = 5

// openingAllowanceNow counts the Union's allowance as the Confederates
// pass on an opening turn.
func (g Game) openingAllowanceNow(d *engine.MoveData) *OpeningAllowance {
	al := &OpeningAllowance{Corps: g.csaCorpsMoved()}
	switch {
	case g.Options.BrandyStation:
		al.Why = "the Brandy Station opening allows by its segments (27.1, 27.2)"
		return al
	case d == nil || d.Theatre == nil || d.OOB == nil || d.Theatre.Place("Fredericksburg") == nil:
		al.Why = "no map to count the divisions near Fredericksburg"
		return al
	}
	al.FullDivisions = g.fullDivisionsNear(d.Theatre.Place("Fredericksburg").Hex, d.OOB)
	switch {
	case al.FullDivisions == 0:
		al.Fredericksburg = 3
	case al.FullDivisions < 3:
		al.Fredericksburg = 1
	}
	al.Total, al.Counted = len(al.Corps)+al.Fredericksburg, true
	return al
}

// csaCorpsMoved is the Confederate corps activated this turn.
func (g Game) csaCorpsMoved() []string {
	var corps []string
	for _, e := range g.Actions.Log {
		if e.Side != engine.CSA || e.Kind == ActionPass { // the log is this turn's
			continue
		}
		c := engine.Designation(g.Units[e.Unit])
		if !strings.EqualFold(c, "ANV") && !slices.Contains(corps, c) {
			corps = append(corps, c)
		}
	}
	return corps
}

// fullDivisionsNear counts the full (original strength) Confederate
// infantry divisions within 5 hexes of the hex, as a division or broken
// into its brigades (18.1), all of them within range.
func (g Game) fullDivisionsNear(h engine.Hex, oob *engine.OrderOfBattle) int {
	printed := map[string]int{}
	for _, u := range oob.Units {
		printed[u.ID] = u.Manpower
	}
	sizes := engine.SizesOf(oob)
	n := 0
	brigades := map[string]int{} // division -> manpower of its brigades in range
	far := map[string]bool{}
	for _, u := range g.Units {
		if u.Side != engine.CSA || u.Kind != engine.KindInfantry || u.Eliminated {
			continue
		}
		near := u.OnMap && engine.Distance(u.Hex, h) <= FredericksburgRange
		if div := u.Detached.Division; div != "" {
			if near {
				brigades[div] += u.Manpower
			} else {
				far[div] = true
			}
			continue
		}
		if near && u.Detached.From == "" && sizes[u.ID] == "division" && u.Manpower == printed[u.ID] && u.Manpower > 0 {
			n++
		}
	}
	for div, mp := range brigades {
		if !far[div] && mp == printed[div] && mp > 0 {
			if d, ok := g.Units[div]; !ok || !d.OnMap {
				n++
			}
		}
	}
	return n
}

// unionCost is what an activation uses of the allowance: its corps, or
// its cavalry division. The cavalry corps leader's activation (Pleasonton)
// uses the divisions whose units move in it (openingMoveCheck).
func (g Game) unionCost(u engine.UnitState) []string {
	if d := CavalryDivision(u.ID); d != "" {
		return []string{d + " cavalry division"}
	}
	if strings.EqualFold(u.Command, "Cav") {
		if u.Kind.IsLeader() {
			return nil
		}
		return []string{u.Name + " (cavalry)"}
	}
	return []string{engine.Designation(u) + " corps"}
}

// unionUsed is what the Union's activations and moves of this step used
// of the opening allowance.
func (g Game) unionUsed(a ActionState) []string {
	var used []string
	add := func(keys []string) {
		for _, k := range keys {
			if !slices.Contains(used, k) {
				used = append(used, k)
			}
		}
	}
	for _, e := range a.Log {
		if e.Side == engine.USA && e.Kind == ActionActivate {
			add(g.unionCost(g.Units[e.Unit]))
		}
	}
	for _, id := range a.Moved {
		if u := g.Units[id]; u.Side == engine.USA {
			add(g.unionCost(u))
		}
	}
	return used
}

// moved records the units a move of an action under way moved; a
// retreat is made.
func (a ActionState) moved(g Game, e *engine.UnitsMoved) ActionState {
	if e.Stopped == MoveStoppedRemote { // hidden.go: the enemy's permission is spent
		a.Remotes = slices.Clone(a.Remotes)
		for i, r := range a.Remotes {
			a.Remotes[i].Units = slices.DeleteFunc(slices.Clone(r.Units), func(id string) bool { return slices.Contains(e.Units, id) })
		}
	}
	if c, ok := g.cycle(); !ok || c.Active == nil {
		return a
	}
	a.Retreats = slices.DeleteFunc(slices.Clone(a.Retreats), func(id string) bool { return slices.Contains(e.Units, id) })
	a.Owed = slices.DeleteFunc(slices.Clone(a.Owed), func(o RetreatOwed) bool { return slices.Contains(e.Units, o.Unit) }) // made (retreat_owed.go)
	a.Moved = append(slices.Clone(a.Moved), e.Units...)
	if e.Mode == MoveRail || e.Mode == MoveStrategic || e.Mode == MoveNaval {
		a.Long = append(slices.Clone(a.Long), e.Units...) // their own allowance, not the rolled one (allowance.go)
	}
	return a
}

// retreating records the units a combat result in the action under way
// retreats or routs ("r", "R", "R*"): their owner moves them, and the
// action waits for it (retreat_owed.go).
func (a ActionState) retreating(g Game, e *CombatApplied) ActionState {
	if c, ok := g.cycle(); !ok || c.Active == nil {
		return a
	}
	for _, s := range e.Sides {
		if s.Result.Retreat == "" {
			continue
		}
		for _, u := range s.Units {
			if !u.Eliminated && !slices.Contains(a.Retreats, u.Unit) {
				a.Retreats = append(slices.Clone(a.Retreats), u.Unit)
			}
			if !u.Eliminated && !slices.ContainsFunc(a.Owed, func(o RetreatOwed) bool { return o.Unit == u.Unit }) {
				a.Owed = append(slices.Clone(a.Owed), RetreatOwed{Unit: u.Unit, Side: s.Side, Result: s.Result.Retreat, Battle: e.Attack, Ref: e.Battle})
			}
		}
	}
	return a
}

// openingMoveCheck refuses a Union move on an opening turn that would use
// more than the allowance: the cavalry divisions moved under the cavalry
// corps leader's activation count one each.
func (g Game) openingMoveCheck(a ActionState, units []engine.UnitState) *engine.RuleError {
	al := a.Allowance
	if al == nil || !al.Counted {
		return nil
	}
	used := g.unionUsed(a)
	n := len(used)
	var more []string
	for _, u := range units {
		for _, k := range g.unionCost(u) {
			if !slices.Contains(used, k) && !slices.Contains(more, k) {
				more = append(more, k)
			}
		}
	}
	if n+len(more) <= al.Total {
		return nil
	}
	return moveRule("action.opening", fmt.Sprintf("The Union's opening allowance this turn is %d (%s); moving units of the %s would make it %d", al.Total, al.Explain(), strings.Join(more, ", "), n+len(more)),
		"Move units of the corps and cavalry divisions already counted this turn", "000 VIII 3) b)")
}

// openingUnionCheck refuses a Union activation beyond the opening
// allowance; nil when it fits (or the umpire counts).
func (g Game) openingUnionCheck(a ActionState, u engine.UnitState) *engine.RuleError {
	al := a.Allowance
	if al == nil || !al.Counted {
		return nil
	}
	used := g.unionUsed(a)
	n := len(used)
	for _, k := range g.unionCost(u) {
		if !slices.Contains(used, k) {
			n++
		}
	}
	if n <= al.Total {
		return nil
	}
	return moveRule("action.opening", fmt.Sprintf("The Union's opening allowance this turn is %d (%s); activating %s would make it %d", al.Total, al.Explain(), u.Name, n),
		"Activate units of a corps or cavalry division already activated this turn, or pass", "000 VIII 3) b)")
}

// Explain says how the allowance was counted.
func (al *OpeningAllowance) Explain() string {
	if al == nil {
		return ""
	}
	s := fmt.Sprintf("%d Confederate corps moved", len(al.Corps))
	if !al.Counted {
		return s + "; the umpire counts the rest: " + al.Why
	}
	switch al.Fredericksburg {
	case 3:
		s += "; no full Confederate infantry division within 5 hexes of Fredericksburg: +3"
	case 1:
		s += fmt.Sprintf("; %d full Confederate infantry division(s) within 5 hexes of Fredericksburg, fewer than three: +1", al.FullDivisions)
	default:
		s += fmt.Sprintf("; %d full Confederate infantry divisions within 5 hexes of Fredericksburg: +0", al.FullDivisions)
	}
	return s
}
