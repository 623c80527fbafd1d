package lrtg

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Phase 2 of the sequence of play, the Communications Phase, steps a) and
// b) (003 2 a), b)): LRTG 21.1's "Optional Overall Commander
// Restrictions" (GameOptions.OverallRestrictions). At the start of the
// phase each side's army commander (Lee, Hooker, Meade) is placed with an
// ANV / AoP infantry corps commander its overall commander controls (2a);
// then every corps commander the overall commander controls that is more
// than 10 hexes from the army commander passes, with his corps, to the
// player controlling the corps commander nearest him, without fatigue
// (2b). Such a corps may come back to the overall commander without
// fatigue in a later Communications Phase, within 10 hexes of him
// (GiveCommand, control.go).
//
// Also here: 16.2 14), the redistribution of command when Meade assumes
// command (step 3b): the new overall commander may change the commands of
// Union corps, without fatigue, and step 3b waits until the division of
// command meets 21.1 again.
//
// Where the rules are silent (choices):
//   P1. 2a's "infantry corps commander" is the leader of an ANV infantry
//       corps (1, 2, 3) or AoP infantry corps (I, II, III, V, VI, XI,
//       XII): 000 VIII's set-up; the garrison "corps" of 21.1 (DC, VIII,
//       PA), the cavalry and the Richmond Garrison are not.
//   P2. 2a: an army commander already with such a corps commander stays;
//       with one candidate he is placed at once; with several the overall
//       commander chooses (/command army), and may change his choice
//       while step 2a lasts. An army commander off the map is not placed
//       (he comes back as the rules bring him).
//   P3. 2b measures from the army commander's counter (003: "within 10
//       hexes of the Army Commander"; 21.1 says "of the overall commander",
//       whom the counter represents). 10 hexes is within; 11 is not.
//   P4. 2b's "nearest corps commander" is the nearest corps commander on
//       the map controlled by a player other than the overall commander,
//       as the division stood when the step began (a corps passed in the
//       same step does not draw another). Ties: the player who commands
//       the fewest corps (21.1 wants subordinates to command at least as
//       many as the overall commander), then the one who joined first.
//       With no such corps commander on the map the corps stays.
//   P5. "May be returned ... without fatigue penalty during subsequent
//       Communications Phase": from the next turn's step 2c, by the
//       player who received it in 2b, to the overall commander.
//   P6. 16.2 14): on the turn Meade assumes command, in step 3b, the new
//       overall commander may give any Union designation (its holder's
//       consent is the rule's), without fatigue; while the division still
//       breaks 21.1, a designation he gives away is accepted even if the
//       division is not yet right, and step 3b waits until it is.

// RestrictionsState is the module's state: each side's step 2a and 2b
// records of the turn, and the corps 2b took from an overall commander.
type RestrictionsState struct {
	Army    map[engine.Side]ArmyCommanderPlaced `json:"army,omitempty"`
	Checked map[engine.Side]DistantCorpsChecked `json:"checked,omitempty"`
	// Distant holds, by lower-case designation, the corps 2b passed away
	// from the overall commander (until they change hands again).
	Distant map[string]DistantTransfer `json:"distant,omitempty"`
}

// DistantTransfer is a corps 2b took from its overall commander.
type DistantTransfer struct {
	Designation string       `json:"designation"`
	From        engine.Actor `json:"from"`
	To          engine.Actor `json:"to"`
	Turn        int          `json:"turn"`
}

// Outcomes of steps 2a and 2b.
const (
	RestrictOff    = "not-in-play" // the option is not in play
	ArmyStays      = "stays"       // already with a candidate
	ArmyPlaced     = "placed"      // placed with the only candidate
	ArmyChoose     = "choose"      // several candidates: the overall commander chooses
	ArmyChosen     = "chosen"      // his choice (/command army), or the umpire's
	ArmyNone       = "none"        // the overall commander controls no infantry corps commander on the map
	ArmyAbsent     = "absent"      // the army commander is not on the map
	DistantChecked = "checked"     // 2b: the corps commanders were measured
	DistantNoArmy  = "absent"      // 2b: the army commander is not on the map
)

// ControlChanged.Why: the changes of control that add no fatigue.
const (
	WhyDistant = "distant" // 2b: a corps commander more than 10 hexes from the army commander
	WhyReturn  = "return"  // a corps 2b passed away, returned to the overall commander
	WhyMeade   = "meade"   // 16.2 14): the redistribution when Meade assumes command
)

// Event types of this module.
const (
	EventArmyPlaced     = "army.placed"
	EventDistantChecked = "control.distant"
)

const (
	stepArmy      = "2a"
	stepDistant   = "2b"
	stepRedistrib = "3b"
)

// The ANV and AoP infantry corps (choice P1; 000 VIII set-up).
var armyInfantryCorps = map[engine.Side][]string{
	engine.CSA: {"1", "2", "3"},
	engine.USA: {"I", "II", "III", "V", "VI", "XI", "XII"},
}

// copyBySide copies a map keyed by side for writing.
func copyBySide[V any](m map[engine.Side]V) map[engine.Side]V {
	out := make(map[engine.Side]V, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// ArmyCommanderPlaced records step 2a for a side (Side "" with the
// option not in play), or the overall commander's choice.
type ArmyCommanderPlaced struct {
	By         engine.Actor `json:"by"`
	Turn       int          `json:"turn"`
	Side       engine.Side  `json:"side,omitempty"`
	Outcome    string       `json:"outcome"`
	Leader     string       `json:"leader,omitempty"`     // the army commander
	With       string       `json:"with,omitempty"`       // the corps commander he is (or stays) with
	Candidates []string     `json:"candidates,omitempty"` // ArmyChoose: the corps commanders to choose from
	From       engine.Hex   `json:"from,omitzero"`
	FromRef    string       `json:"from_ref,omitempty"`
	Hex        engine.Hex   `json:"hex,omitzero"`
	Ref        string       `json:"ref,omitempty"`
	Reason     string       `json:"reason,omitempty"` // the umpire's reason to set a rule aside
}

// EventType implements Event.
func (*ArmyCommanderPlaced) EventType() string { return EventArmyPlaced }

// DistantCorpsChecked records step 2b for a side (Side "" with the
// option not in play): each corps commander of the overall commander's,
// his distance from the army commander, and where control went. The
// changes themselves are the ControlChanged events (Why WhyDistant) that
// follow.
type DistantCorpsChecked struct {
	By      engine.Actor    `json:"by"`
	Turn    int             `json:"turn"`
	Side    engine.Side     `json:"side,omitempty"`
	Outcome string          `json:"outcome"`
	Army    string          `json:"army,omitempty"`
	ArmyRef string          `json:"army_ref,omitempty"`
	Overall engine.Actor    `json:"overall,omitzero"`
	Corps   []CorpsDistance `json:"corps,omitempty"`
}

// EventType implements Event.
func (*DistantCorpsChecked) EventType() string { return EventDistantChecked }

// CorpsDistance is one corps commander of the overall commander's in 2b.
type CorpsDistance struct {
	Leader       string       `json:"leader"`
	Designation  string       `json:"designation"`
	Ref          string       `json:"ref,omitempty"`
	Hexes        int          `json:"hexes"`                   // from the army commander
	Nearest      string       `json:"nearest,omitempty"`       // over 10: the nearest other commander's corps commander
	NearestHexes int          `json:"nearest_hexes,omitempty"` // his distance from this one
	Tied         []string     `json:"tied,omitempty"`          // others as near, of other players
	To           engine.Actor `json:"to,omitzero"`             // the player who receives the corps
}

// Passes reports whether the corps passed to another commander.
func (c CorpsDistance) Passes() bool { return c.To.ID != "" }

// PlaceArmyCommander is the overall commander's choice in step 2a: the
// infantry corps commander his army commander joins (or the umpire's).
type PlaceArmyCommander struct {
	By     engine.Actor
	With   string // the corps commander's unit id
	Reason string
}

// CommandName implements Command.
func (PlaceArmyCommander) CommandName() string { return "command army" }

// phase2Module is the army commander and the distant corps (16.2).
func phase2Module() engine.Module {
	return engine.Module{Name: "phase2",
		Commands: []engine.Command{PlaceArmyCommander{}},
		Decide: claims(func(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
			c, ok := cmd.(PlaceArmyCommander)
			if !ok {
				return nil, false, nil
			}
			evs, err := g.decidePlaceArmy(c)
			return evs, true, err
		}),
		Events: []engine.Event{&ArmyCommanderPlaced{}, &DistantCorpsChecked{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			switch e := e.(type) {
			case *ArmyCommanderPlaced:
				if e.Outcome == ArmyPlaced || e.Outcome == ArmyChosen {
					return g.action(e, func(g *Game) {
						g.EditUnit(e.Leader, func(u *engine.UnitState) {
							u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, e.Hex, e.Ref, "", 0
						})
						g.Restrictions = g.Restrictions.withArmy(*e)
					}), true
				}
				g.Restrictions = g.Restrictions.withArmy(*e)
				return g, true
			case *DistantCorpsChecked:
				r := g.Restrictions
				if e.Side != "" {
					r.Checked = copyBySide(r.Checked)
					r.Checked[e.Side] = *e
				}
				g.Restrictions = r
				return g, true
			}
			return g, false
		}),
	}
}

func (r RestrictionsState) withArmy(e ArmyCommanderPlaced) RestrictionsState {
	if e.Side == "" {
		return r
	}
	r.Army = copyBySide(r.Army)
	r.Army[e.Side] = e
	return r
}

// afterControl keeps the record of the corps 2b passed away: a 2b change
// adds one; any other change of the designation ends it (control.go's
// applyControl calls it).
func (r RestrictionsState) afterControl(e *ControlChanged) RestrictionsState {
	k := strings.ToLower(e.Designation)
	_, had := r.Distant[k]
	if e.Why != WhyDistant && !had {
		return r
	}
	r.Distant = attCopyMap(r.Distant)
	if e.Why == WhyDistant {
		r.Distant[k] = DistantTransfer{Designation: e.Designation, From: e.From, To: e.To, Turn: e.Turn}
	} else {
		delete(r.Distant, k)
	}
	return r
}

// ArmyThisTurn returns a side's step 2a record of this turn.
func (g Game) ArmyThisTurn(s engine.Side) (ArmyCommanderPlaced, bool) {
	a, ok := g.Restrictions.Army[s]
	return a, ok && a.Turn == g.Turn
}

// DistantThisTurn returns a side's step 2b record of this turn.
func (g Game) DistantThisTurn(s engine.Side) (DistantCorpsChecked, bool) {
	c, ok := g.Restrictions.Checked[s]
	return c, ok && c.Turn == g.Turn
}

// overallOf returns a side's overall commander when the side has two
// commanders or more (21.1 is about them), or nil.
func (g Game) overallOf(s engine.Side) *engine.Player {
	var overall *engine.Player
	n := 0
	for i := range g.Players {
		if g.Players[i].Side != s {
			continue
		}
		n++
		if g.Players[i].Overall {
			overall = &g.Players[i]
		}
	}
	if n < 2 {
		return nil
	}
	return overall
}

// isArmyInfantryCorps reports whether a designation is an ANV or AoP
// infantry corps (choice P1).
func isArmyInfantryCorps(s engine.Side, d string) bool {
	return engine.Contains(armyInfantryCorps[s], d)
}

// ArmyCandidates lists the corps commanders a side's army commander may
// be placed with in step 2a: the ANV / AoP infantry corps commanders on
// the map that the overall commander controls, by id.
func (g Game) ArmyCandidates(s engine.Side) []engine.UnitState {
	overall := g.overallOf(s)
	if overall == nil {
		return nil
	}
	var out []engine.UnitState
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != s || !u.Kind.IsLeader() || !u.OnMap || u.Eliminated || u.Detached.Division != "" || !isArmyInfantryCorps(s, u.Command) {
			continue
		}
		if h := g.holder(s, u); h != nil && h.Actor.ID == overall.Actor.ID {
			out = append(out, u)
		}
	}
	return out
}

// stepArmyCommander is step 2a.
func stepArmyCommander(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	if !g.Options.OverallRestrictions {
		return []engine.Event{&ArmyCommanderPlaced{By: g.Umpire, Turn: g.Turn, Outcome: RestrictOff}}, nil
	}
	var evs []engine.Event
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if g.overallOf(s) == nil {
			continue // one commander: 21.1 does not apply
		}
		ev := &ArmyCommanderPlaced{By: g.Umpire, Turn: g.Turn, Side: s}
		army := g.armyCommander(s)
		if army == nil {
			ev.Outcome = ArmyAbsent
			evs = append(evs, ev)
			continue
		}
		ev.Leader, ev.From, ev.FromRef, ev.Hex, ev.Ref = army.ID, army.Hex, army.Ref, army.Hex, army.Ref
		cands := g.ArmyCandidates(s)
		for _, c := range cands {
			if c.Hex == army.Hex {
				ev.Outcome, ev.With = ArmyStays, c.ID
				break
			}
		}
		switch {
		case ev.Outcome != "":
		case len(cands) == 0:
			ev.Outcome = ArmyNone
		case len(cands) == 1:
			ev.Outcome, ev.With, ev.Hex, ev.Ref = ArmyPlaced, cands[0].ID, cands[0].Hex, cands[0].Ref
		default:
			ev.Outcome = ArmyChoose
			for _, c := range cands {
				ev.Candidates = append(ev.Candidates, c.ID)
			}
		}
		evs = append(evs, ev)
	}
	return evs, nil
}

// waitArmyCommander waits for the overall commanders who must choose.
func waitArmyCommander(g Game) []string {
	var out []string
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		a, ok := g.ArmyThisTurn(s)
		if !ok || a.Outcome != ArmyChoose {
			continue
		}
		who := "its overall commander"
		if p := g.overallOf(s); p != nil {
			who = p.Actor.Name
		}
		out = append(out, fmt.Sprintf("the %s overall commander (%s) to place %s with one of his infantry corps commanders (/command army; 21.1)",
			strings.ToUpper(string(s)), who, g.Units[a.Leader].Name))
	}
	return out
}

func (g Game) decidePlaceArmy(cmd PlaceArmyCommander) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	reason := strings.TrimSpace(cmd.Reason)
	w, ok := g.Units[strings.TrimSpace(cmd.With)]
	p := g.Player(cmd.By.ID)
	if !ok || (!umpire && (p == nil || p.Side != w.Side)) {
		return nil, engine.Invalid("unit.unknown", fmt.Sprintf("There is no corps commander %q of your side", cmd.With), "Name one of your infantry corps commanders: Discord completes them")
	}
	S := strings.ToUpper(string(w.Side))
	if !umpire && !p.Overall {
		return nil, engine.Illegal("army.overall", "Only the overall commander places the army commander", "LRTG 21.1 (003 2 a))")
	}
	overridable := func(e *engine.RuleError) error {
		if umpire && reason != "" {
			return nil
		}
		if umpire {
			e.Hint = strings.TrimPrefix(strings.TrimSuffix(e.Hint, ".")+". As umpire you may set the rule aside: add reason:<why>", ". ")
		}
		return e
	}
	if !g.Options.OverallRestrictions {
		if err := overridable(&engine.RuleError{Kind: engine.ErrIllegal, Code: "army.option", What: "This game does not play the Optional Overall Commander Restrictions", Hint: "The army commander moves as any leader (/leader transfer, /move)", Rule: "LRTG 21.1"}); err != nil {
			return nil, err
		}
	}
	if step := g.CurrentStep(); step != stepArmy {
		if err := overridable(&engine.RuleError{Kind: engine.ErrIllegal, Code: "army.step", What: fmt.Sprintf("The army commander is placed in step 2a; this is step %s", orNone(step)), Hint: "/phase show says where the turn is", Rule: "003 2 a)"}); err != nil {
			return nil, err
		}
	}
	army := g.armyCommander(w.Side)
	if army == nil {
		return nil, engine.Illegal("army.absent", "The "+S+" army commander is not on the map", "")
	}
	cands := g.ArmyCandidates(w.Side)
	found := false
	var names []string
	for _, c := range cands {
		found = found || c.ID == w.ID
		names = append(names, c.Name)
	}
	if !found {
		hint := "The overall commander controls no infantry corps commander on the map"
		if len(names) > 0 {
			hint = "Choose one of: " + strings.Join(names, ", ")
		}
		if err := overridable(&engine.RuleError{Kind: engine.ErrIllegal, Code: "army.with", What: fmt.Sprintf("%s is not an ANV / AoP infantry corps commander of the overall commander's on the map", w.Name), Hint: hint, Rule: "LRTG 21.1"}); err != nil {
			return nil, err
		}
	}
	if !w.OnMap || w.Eliminated {
		return nil, engine.Illegal("army.with", w.Name+" is not on the map", "")
	}
	if w.Hex == army.Hex {
		return nil, engine.Illegal("army.already", fmt.Sprintf("%s is already with %s", army.Name, w.Name), "Nothing to move: /phase next goes on")
	}
	return []engine.Event{&ArmyCommanderPlaced{By: cmd.By, Turn: g.Turn, Side: w.Side, Outcome: ArmyChosen, Leader: army.ID, With: w.ID,
		From: army.Hex, FromRef: army.Ref, Hex: w.Hex, Ref: w.Ref, Reason: reasonIf(umpire, reason)}}, nil
}

func orNone(step string) string {
	if step == "" {
		return "none (the turn has not begun)"
	}
	return step
}

func reasonIf(umpire bool, reason string) string {
	if umpire {
		return reason
	}
	return ""
}

// isCorpsCommanderFor2b: a corps commander for 2b is a leader of a corps
// (the order of battle's "corps" size when known), neither the army
// commander nor a division leader.
func isCorpsCommanderFor2b(d *engine.MoveData, u engine.UnitState) bool {
	if !u.Kind.IsLeader() || !u.OnMap || u.Eliminated || u.Detached.Division != "" || CavalryDivision(u.ID) != "" {
		return false
	}
	if c := strings.ToLower(u.Command); c == "anv" || c == "aop" {
		return false
	}
	return isCorpsCommander(d, u)
}

// stepDistantCorps is step 2b.
func stepDistantCorps(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if !g.Options.OverallRestrictions {
		return []engine.Event{&DistantCorpsChecked{By: g.Umpire, Turn: g.Turn, Outcome: RestrictOff}}, nil
	}
	var evs []engine.Event
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		overall := g.overallOf(s)
		if overall == nil {
			continue
		}
		chk := &DistantCorpsChecked{By: g.Umpire, Turn: g.Turn, Side: s, Overall: overall.Actor}
		army := g.armyCommander(s)
		if army == nil {
			chk.Outcome = DistantNoArmy
			evs = append(evs, chk)
			continue
		}
		chk.Outcome, chk.Army, chk.ArmyRef = DistantChecked, army.ID, army.Ref
		// The corps commanders as the division stands (choice P4).
		type cc struct {
			u      engine.UnitState
			holder engine.Player
		}
		var own, others []cc
		for _, id := range g.sortedUnits() {
			u := g.Units[id]
			if u.Side != s || !isCorpsCommanderFor2b(ctx.Move, u) {
				continue
			}
			h := g.holder(s, u)
			if h == nil {
				continue
			}
			if h.Actor.ID == overall.Actor.ID {
				own = append(own, cc{u, *h})
			} else {
				others = append(others, cc{u, *h})
			}
		}
		done := map[string]bool{}
		var changes []engine.Event
		for _, o := range own {
			d := engine.Designation(o.u)
			if done[strings.ToLower(d)] {
				continue
			}
			done[strings.ToLower(d)] = true
			cd := CorpsDistance{Leader: o.u.ID, Designation: d, Ref: o.u.Ref, Hexes: engine.Distance(o.u.Hex, army.Hex)}
			if cd.Hexes > ControlRange && len(others) > 0 {
				best := []cc{}
				min := -1
				for _, x := range others {
					switch dist := engine.Distance(o.u.Hex, x.u.Hex); {
					case min < 0 || dist < min:
						min, best = dist, []cc{x}
					case dist == min:
						best = append(best, x)
					}
				}
				sort.SliceStable(best, func(i, j int) bool {
					ci, cj := g.corpsCount(best[i].holder), g.corpsCount(best[j].holder)
					if ci != cj {
						return ci < cj
					}
					return g.joinOrder(best[i].holder) < g.joinOrder(best[j].holder)
				})
				cd.Nearest, cd.NearestHexes, cd.To = best[0].u.ID, min, best[0].holder.Actor
				for _, x := range best[1:] {
					cd.Tied = append(cd.Tied, x.u.ID)
				}
				changes = append(changes, &ControlChanged{By: g.Umpire, Designation: d, From: overall.Actor, To: cd.To, Turn: g.Turn, Why: WhyDistant})
			}
			chk.Corps = append(chk.Corps, cd)
		}
		evs = append(evs, chk)
		evs = append(evs, changes...)
	}
	return evs, nil
}

// corpsCount is how many corps a player declares (21.1's count).
func (g Game) corpsCount(p engine.Player) int {
	n := 0
	for _, c := range p.Commands {
		if corpsKey(p.Side, c) != "" {
			n++
		}
	}
	return n
}

func (g Game) joinOrder(p engine.Player) int {
	for i := range g.Players {
		if g.Players[i].Actor.ID == p.Actor.ID {
			return i
		}
	}
	return len(g.Players)
}

// ---- Changing control: the free changes (control.go) ----

// meadeRedistributes reports whether by is a Union player in the step
// Meade assumed command (16.2 14): step 3b of that turn).
func (g Game) meadeRedistributes(by engine.Actor) bool {
	p := g.Player(by.ID)
	return p != nil && p.Side == engine.USA && g.Command.Meade && g.Command.MeadeTurn == g.Turn && g.CurrentStep() == stepRedistrib
}

// meadeRedistributor reports whether by is the new Union overall
// commander redistributing command (16.2 14); choice P6).
func (g Game) meadeRedistributor(by engine.Actor) bool {
	p := g.Player(by.ID)
	return g.meadeRedistributes(by) && p.Overall
}

// settlingMeade reports whether a give from the overall commander is
// accepted although the division after it still breaks 21.1: in 16.2
// 14)'s redistribution, while the division breaks it already (choice
// P6).
func (g Game) settlingMeade(by engine.Actor, from engine.Player, oob *engine.OrderOfBattle) bool {
	if !g.meadeRedistributes(by) || !from.Overall || from.Side != engine.USA || oob == nil {
		return false
	}
	var side []engine.Player
	for _, p := range g.Players {
		if p.Side == engine.USA {
			side = append(side, p)
		}
	}
	return checkSideCommand(engine.USA, side, oob, g.Options, false) != nil
}

// freeControl says why a change of control adds no fatigue ("" when it
// does, if the side is operational): 16.2 14), or a corps 2b passed away
// returning to the overall commander in a later Communications Phase.
func (g Game) freeControl(d string, from, to engine.Player) string {
	if from.Side == engine.USA && g.Command.Meade && g.Command.MeadeTurn == g.Turn && g.CurrentStep() == stepRedistrib {
		return WhyMeade
	}
	t, ok := g.Restrictions.Distant[strings.ToLower(d)]
	if ok && to.Overall && t.To.ID == from.Actor.ID && t.Turn < g.Turn && strings.HasPrefix(g.CurrentStep(), "2") {
		return WhyReturn
	}
	return ""
}

// ---- Step 3b: 16.2 14) ----

// unitsOOB is the side's units in play as an order of battle, for the
// division of command's check.
func (g Game) unitsOOB(s engine.Side) *engine.OrderOfBattle {
	o := &engine.OrderOfBattle{}
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == s && !u.Eliminated {
			o.Units = append(o.Units, engine.UnitSetup{ID: u.ID, Name: u.Name, Side: u.Side, Kind: u.Kind, Command: u.Command})
		}
	}
	return o
}

// MeadeDivisionProblem says what in the Union division of command breaks
// 21.1 on the turn Meade assumed command ("" when nothing does, or it is
// not that turn).
func (g Game) MeadeDivisionProblem() string {
	if !g.Command.Meade || g.Command.MeadeTurn != g.Turn {
		return ""
	}
	var side []engine.Player
	for _, p := range g.Players {
		if p.Side == engine.USA {
			side = append(side, p)
		}
	}
	if len(side) < 2 {
		return ""
	}
	err := checkSideCommand(engine.USA, side, g.unitsOOB(engine.USA), g.Options, false)
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.What
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// waitMeadeDivision: on the turn Meade assumed command, step 3b waits
// until the new overall commander has given away what 21.1 forbids him
// (16.2 14)). The problem is told only with open units: under limited
// intelligence the division of command is the Union's (/command show).
func waitMeadeDivision(g Game) []string {
	problem := g.MeadeDivisionProblem()
	if problem == "" {
		return nil
	}
	who := "the Union overall commander"
	if p := g.overallOf(engine.USA); p != nil {
		who += " (" + p.Actor.Name + ")"
	}
	if g.Options.LimitedIntel {
		return []string{who + " to put the division of command right after Meade (/command give; 16.2 14), 21.1; /command show tells the Union what)"}
	}
	return []string{fmt.Sprintf("%s to put the division of command right after Meade (/command give; 16.2 14), 21.1): %s", who, problem)}
}

// DivisionLine is one commander's designations, for /command show.
type DivisionLine struct {
	Player   engine.Player
	Declared []string // what he declared (or was given)
	Default  []string // the overall commander's: designations no one declared
}

// Division lists a side's commanders and what each commands now.
func (g Game) Division(s engine.Side) []DivisionLine {
	var out []DivisionLine
	idx := map[string]int{}
	for _, p := range g.Players {
		if p.Side != s {
			continue
		}
		idx[p.Actor.ID] = len(out)
		out = append(out, DivisionLine{Player: p, Declared: append([]string(nil), p.Commands...)})
	}
	seen := map[string]bool{}
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != s || u.Eliminated {
			continue
		}
		d := engine.Designation(u)
		if seen[strings.ToLower(d)] {
			continue
		}
		seen[strings.ToLower(d)] = true
		h := g.holder(s, u)
		if h == nil || commandsUnit(g.Options, h.Commands, u) {
			continue
		}
		i := idx[h.Actor.ID]
		out[i].Default = append(out[i].Default, d)
	}
	return out
}
