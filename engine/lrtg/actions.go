package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Phase 4 of the sequence of play, the Action Cycle (003 Detailed Sequence
// of Play 4 a)-b); 000 IV e), 1.0, 10, 17, 22.1, 25; VIII 3)).
//
// The cycle is a series of action phases. Each begins with the initiative:
// both sides roll a die, the higher modified roll wins (the Confederates win
// ties, 000 2.0 3); with optional rule 25 after Meade takes command, ties of
// 5-5 and 6-6 go to the Union). The winner takes one action (activates a
// unit, a leader's units, or his army leader: 10.1) or passes; after a
// pass, the other side acts or passes. When both pass in the same action
// phase the portion ends: the Normal Action Phase (4a, no strategic, rail or
// naval movement), then the Distance Action Phase (4b, every kind of
// movement, a new initiative roll to begin it).
//
// The umpire rolls every initiative; the players declare their actions
// (/action activate, /action army, /action pass) and end each action with
// /action done, which rolls the next initiative (22.3: "the active player
// rolls the following initiative").
//
// Choices where the rules are silent or disagree:
//   - Ties go to the Confederates: the Standardized Rules are not among the
//     seeds, but 2.0 3) ("The Confederate player wins tied initiative die
//     rolls after the subtraction") and 25 (which gives the Union only the
//     5-5 and 6-6 ties) both say so.
//   - Ties are compared after the modifiers (2.0 3)); under rule 25 a tie
//     of modified totals 5 or more goes to the Union, 4 or less to the
//     Confederates.
//   - The first initiative of the turn that the Spy winner takes
//     automatically (2.0 7)) is the first of the Normal Action Phase.
//   - Activate Army Leader is for the side that won the initiative (10.0
//     "the player who takes initiative"), not for the side that acts after
//     the winner passed. Its units are named with the attempt, before any
//     die (10.1 2) comes before the movement roll of 3)). The command radius
//     is printed on the counters, not in the seeds: the engine checks the
//     other conditions and reports the distance to the nearest eligible
//     infantry for the umpire.
//   - Time limitation (22): the Distance Action Phase is not played and
//     every kind of movement is allowed in the Normal Action Phase (000 IV
//     e) note and 003 4 a) agree; 22.1's "short break between the Normal
//     and Distance Action Cycles" is read as the pause at the end of the one
//     cycle).
//   - The opening (000 VIII 3), turns 1-3): no initiative rolls until the
//     restrictions are lifted. The Confederates make all their activations,
//     then the Union its allowed ones; every kind of movement is allowed
//     (Union activated corps "may utilize strategic and naval movement";
//     27.1 c) bans strategic movement on turns 1-3 with Brandy Station), and
//     the Distance Action Phase is not played. The umpire lifts the
//     restrictions with /action rolls (a Confederate unit left the six
//     counties, or the first Union cavalry crossed the Rappahannock with
//     Brandy Station, 27.2): the initiative rolls begin at once.
//   - An action declared under limited intelligence names to the enemy only
//     that the side took an action (and an Activate Army Leader attempt,
//     whose result the enemy learns from 10.3 anyway): which unit or leader
//     acts is for the side and the umpire.
//
// This file holds the cycle's state, commands, waits and the deciding and
// folding dispatch; the initiative is in actions_initiative.go, Activate
// Army Leader in actions_army.go, remote movement requests in
// actions_remote.go and the events in actions_events.go.

// ActionState is the game's state of this module of the sequence of play.
type ActionState struct {
	Turn       int           `json:"turn,omitempty"`       // the turn of the cycle below
	Step       string        `json:"step,omitempty"`       // "4a" or "4b"
	Opening    bool          `json:"opening,omitempty"`    // no initiative rolls (000 VIII 3))
	AllMoves   bool          `json:"all_moves,omitempty"`  // strategic and rail movement allowed in 4a (time limitation, opening)
	Skipped    string        `json:"skipped,omitempty"`    // why this portion is not played
	Phase      int           `json:"phase,omitempty"`      // action phases begun in this step
	Initiative engine.Side   `json:"initiative,omitempty"` // the side that won the action phase's initiative
	ToDecide   engine.Side   `json:"to_decide,omitempty"`  // whose decision it is ("" an action is under way, or over)
	Holder     string        `json:"holder,omitempty"`     // the player the overall commander deferred to (21.1)
	Passed     []engine.Side `json:"passed,omitempty"`     // who passed in this action phase (the opening: this step)
	Active     *Activation   `json:"active,omitempty"`     // the action under way
	Over       bool          `json:"over,omitempty"`       // both sides passed: this portion is over
	Automatic  engine.Side   `json:"automatic,omitempty"`  // the side that wins the next initiative without a roll (10.3)
	AutoWhy    string        `json:"auto_why,omitempty"`
	SpyDone    bool          `json:"spy_done,omitempty"`   // the Spy's first initiative was given this turn
	RollsTurn  int           `json:"rolls_turn,omitempty"` // the opening turn the umpire began the initiative rolls
	// Log is this turn's actions; Army every Activate Army Leader attempt.
	Log  []ActionEntry `json:"log,omitempty"`
	Army []ArmyAttempt `json:"army,omitempty"`
	// Remote is the open request to move units without the initiative
	// (17.2), and the answers given this step.
	Remote  *RemoteRequest  `json:"remote,omitempty"`
	Remotes []RemoteRequest `json:"remotes,omitempty"`
	// Allowance is the Union's opening allowance, counted when the
	// Confederates passed (000 VIII 3) b); activation.go).
	Allowance *OpeningAllowance `json:"allowance,omitempty"`
	// Moved is the units moved in the actions of this step; Retreats the
	// units a combat result of the action under way retreats or routs,
	// which their owner moves once (activation.go).
	Moved    []string `json:"moved,omitempty"`
	Retreats []string `json:"retreats,omitempty"`
	// Owed is what the retreats owe: the action waits for them
	// (retreat_owed.go).
	Owed []RetreatOwed `json:"owed,omitempty"`
	// Long is the units of the action under way that moved by strategic,
	// rail or naval movement: the allowance rolled for the action is not
	// theirs (allowance.go).
	Long []string `json:"long,omitempty"`
	// Rolled: this phase's initiative came from the dice; Rerolls the
	// rerolls used this turn (LRTA Enemy Intelligence).
	Rolled  bool `json:"rolled,omitempty"`
	Rerolls int  `json:"rerolls,omitempty"`
	// Rerolled: this phase's initiative is itself a reroll, which 004
	// forbids rerolling ("may not reroll a reroll").
	Rerolled bool `json:"rerolled,omitempty"`
}

// Activation is an action under way.
type Activation struct {
	Side  engine.Side  `json:"side"`
	By    engine.Actor `json:"by"`
	Kind  string       `json:"kind"`            // ActionActivate or ActionArmy
	Unit  string       `json:"unit"`            // the unit or leader activated; the army leader
	Units []string     `json:"units,omitempty"` // Activate Army Leader: the units selected
	// Allowance is the movement allowance rolled as the action began
	// (allowance.go); nil for an action declared before it was rolled.
	Allowance *MovementAllowance `json:"allowance,omitempty"`
}

// Kinds of action.
const (
	ActionActivate = "activate"
	ActionArmy     = "army"
	ActionPass     = "pass"
)

// ActionEntry is one action of the turn's record.
type ActionEntry struct {
	Step  string      `json:"step"`
	Phase int         `json:"phase"`
	Side  engine.Side `json:"side"`
	Kind  string      `json:"kind"`
	Unit  string      `json:"unit,omitempty"`
	// Allowance is the movement allowance rolled as the action began
	// (allowance.go), kept for the turn's record.
	Allowance *MovementAllowance `json:"allowance,omitempty"`
}

// ArmyAttempt is an Activate Army Leader attempt (10.1).
type ArmyAttempt struct {
	Side    engine.Side `json:"side"`
	Turn    int         `json:"turn"`
	Step    string      `json:"step"`
	Phase   int         `json:"phase"`
	Leader  string      `json:"leader"`
	Success bool        `json:"success"`
}

// Action commands.
type (
	// ActivateUnit declares an activation: a unit, or a leader with his
	// units (the Standardized Rules' activate leader action).
	ActivateUnit struct {
		By     engine.Actor
		Unit   string
		Reason string // the umpire's, to set a restriction aside
		// Allowance is the game's movement allowance chart (AllowanceChart);
		// nil: no allowance is rolled (a caller without the rules library).
		Allowance *engine.Chart
	}
	// ActivateArmyLeader attempts an Activate Army Leader action (10.1).
	ActivateArmyLeader struct {
		By     engine.Actor
		Leader string
		Units  []string      // 1-10 units, any command (10.1 2))
		Table  *engine.Table // lrtg.activate-army-leader
		Reason string        // the umpire's, to set a condition aside
		// Allowance is the game's movement allowance chart; nil: the
		// movement die is rolled but no allowance is reckoned.
		Allowance *engine.Chart
	}
	// PassAction passes (the side's overall commander, or the umpire).
	PassAction struct {
		By   engine.Actor
		Data *engine.MoveData // the map and order of battle, for the opening's Union allowance; nil: the umpire counts it
	}
	// EndAction ends the action under way; the next action phase begins
	// with its initiative roll. Reason is the umpire's, to end it while
	// a retreat is owed (retreat_owed.go).
	EndAction struct {
		By     engine.Actor
		Reason string
		Data   *engine.MoveData // the map, for 000 9.2 b)'s forts (forts_watch.go); nil: none rolled
	}
	// DeferInitiative hands the side's decision to a subordinate, or back
	// to the overall commander (To empty) (21.1 Initiative Determination).
	DeferInitiative struct {
		By engine.Actor
		To string // a player's id or name
	}
	// BeginInitiativeRolls ends the opening's activations without
	// initiative (000 VIII 3), 27.2): the umpire's.
	BeginInitiativeRolls struct {
		By     engine.Actor
		Reason string
	}
	// AskRemote asks the enemy's permission to move units more than 8
	// hexes from every enemy unit without the initiative (17.2).
	AskRemote struct {
		By    engine.Actor
		Units []string
	}
	// RerollInitiative rerolls both initiative dice of the action phase
	// (LRTA Enemy Intelligence: the Confederates' two rerolls).
	RerollInitiative struct {
		By engine.Actor
	}
	// AnswerRemote answers the open remote movement request.
	AnswerRemote struct {
		By      engine.Actor
		Allow   bool
		Comment string
	}
)

// CommandName implements Command.
func (ActivateUnit) CommandName() string { return "action activate" }

// CommandName implements Command.
func (RerollInitiative) CommandName() string { return "action reroll" }

// CommandName implements Command.
func (ActivateArmyLeader) CommandName() string { return "action army" }

// CommandName implements Command.
func (PassAction) CommandName() string { return "action pass" }

// CommandName implements Command.
func (EndAction) CommandName() string { return "action done" }

// CommandName implements Command.
func (DeferInitiative) CommandName() string { return "action defer" }

// CommandName implements Command.
func (BeginInitiativeRolls) CommandName() string { return "action rolls" }

// CommandName implements Command.
func (AskRemote) CommandName() string { return "action remote" }

// CommandName implements Command.
func (AnswerRemote) CommandName() string { return "action answer" }

// actionsModule is the action cycle (LRTG 10, 17.2).
func actionsModule() engine.Module {
	return engine.Module{Name: "actions",
		Commands: []engine.Command{ActivateUnit{}, ActivateArmyLeader{}, PassAction{}, EndAction{}, DeferInitiative{}, BeginInitiativeRolls{}, AskRemote{}, AnswerRemote{}, RerollInitiative{}, RetreatDeadline{}}, Decide: claims(decideActions),
		Events: []engine.Event{&CycleBegun{}, &InitiativeWon{}, &Activated{}, &ArmyAttempted{}, &ActionEnded{}, &Passed{}, &Deferred{}, &RollsBegun{}, &RemoteAsked{}, &RemoteAnswered{}, &RetreatHanded{}},
		Apply:  folds(applyActions)}
}

// ActionStepTitle is the name of an LRTG action cycle step (003 4 a), b)).
func ActionStepTitle(step string) string {
	switch step {
	case "4a":
		return "Normal Action Phase"
	case "4b":
		return "Distance Action Phase"
	}
	return step
}

// ActionStepTitle is the name of an action cycle step in the game's own
// words: LRTG's (003 4 a), b)) or LRTA's "Regular Movement Phase" and
// "Long Distance Movement Phase" (004 4 a), b)).
func (g Game) ActionStepTitle(step string) string {
	if t, ok := g.variant().actionSteps[step]; ok {
		return t
	}
	return ActionStepTitle(step)
}

// sideName is the side as the rules write it: CSA, USA.
func sideName(s engine.Side) string { return strings.ToUpper(string(s)) }

// VariableInitiative reports whether optional rule 25 decides ties: it is
// in play and Meade has taken command.
func (g Game) VariableInitiative() bool {
	return slices.Contains(g.Options.Optional, 25) && g.Movement.Meade
}

// openingRestricted reports whether the opening's activations without
// initiative, and its limits (opening_limits.go), hold this turn (000
// VIII 3)).
func (g Game) openingRestricted() bool {
	// Lifted for good: "All movement restrictions ... are lifted ... at
	// the moment a Confederate unit moves outside" the six counties.
	return g.InOpening() && (g.Actions.RollsTurn == 0 || g.Actions.RollsTurn > g.Turn)
}

// cycle returns the action state of the step under way, or false when no
// action cycle is under way.
func (g Game) cycle() (ActionState, bool) {
	a := g.Actions
	step := g.CurrentStep()
	if (step != "4a" && step != "4b") || a.Turn != g.Turn || a.Step != step {
		return a, false
	}
	return a, true
}

func cycleProcedure(step string) procedure {
	return func(g Game, d engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
		begun := &CycleBegun{Turn: g.Turn, Step: step}
		switch {
		case step == "4b" && g.Options.TimeLimit:
			begun.Skipped = "with time limitation all movement happens in the " + g.ActionStepTitle("4a") + " (000 IV e) note, 22.1)"
		case step == "4b" && g.openingRestricted():
			begun.Skipped = "on the opening turns every kind of movement happens in the Normal Action Phase (000 VIII 3))"
		case step == "4a" && g.Options.TimeLimit:
			begun.AllMoves, begun.WhyCode = true, AllMovesTimeLimit
		}
		if step == "4a" && g.openingRestricted() {
			begun.Opening = true
			begun.AllMoves, begun.WhyCode = true, AllMovesOpening
		}
		if begun.Skipped != "" || begun.Opening {
			return []engine.Event{begun}, nil
		}
		return g.thenInitiative(d, begun)
	}
}

// actionWait names whose initiative or decision the action cycle waits
// for. Under limited intelligence it names no unit.
func actionWait(g Game) []string {
	a, ok := g.cycle()
	if !ok || a.Skipped != "" {
		return nil
	}
	if a.Over {
		return g.attackWaits() // what the umpire still owes a battle (attack_codes.go)
	}
	title := g.ActionStepTitle(a.Step)
	var w []string
	switch {
	case a.Active != nil && g.actionHeld(a):
		// A battle or a retreat holds the action (retreat_owed.go): the
		// waits name them, not its end.
		w = append(w, g.retreatWaits(a)...)
	case a.Active != nil:
		what := ""
		if !g.Options.LimitedIntel {
			if u, ok := g.Units[a.Active.Unit]; ok {
				what = ": " + u.Name + "'s activation"
				if a.Active.Kind == ActionArmy {
					what = ": " + u.Name + "'s army activation"
				}
			}
		}
		w = append(w, fmt.Sprintf("the %s's action to end%s (/action done)", sideName(a.Active.Side), what))
	case a.Opening && a.ToDecide == engine.CSA:
		w = append(w, "the CSA's activations, without initiative on the opening turns (000 VIII 3)): /action activate, then /action pass when done")
	case a.Opening:
		w = append(w, "the USA's activations after the Confederates' (000 VIII 3) b): "+g.openingAllowance()+"): /action activate, then /action pass when done")
	case a.ToDecide != "" && len(a.Passed) == 0:
		w = append(w, fmt.Sprintf("the %s's decision: it has the initiative in %s action phase %d (/action activate, /action army or /action pass)%s",
			sideName(a.ToDecide), title, a.Phase, g.deferredNote(a)))
	case a.ToDecide != "":
		w = append(w, fmt.Sprintf("the %s's decision after the %s passed (/action activate, or /action pass, which ends the %s)%s",
			sideName(a.ToDecide), sideName(a.Passed[0]), title, g.deferredNote(a)))
	}
	if r := a.Remote; r != nil && r.Answer == "" {
		w = append(w, fmt.Sprintf("the %s's answer to a remote movement request (/action answer; 17.2)", sideName(engine.EnemyOf(r.Side))))
	}
	return append(w, g.attackWaits()...) // attack_settle.go: battles declared
}

// openingAllowance says what the Union may activate on an opening turn
// (000 VIII 3) b)): the allowance counted when the Confederates passed
// (activation.go), or, when the umpire counts it, its rule. The wait is
// public: under limited intelligence it says how many corps moved and the
// total, not which corps or how many divisions are near Fredericksburg.
func (g Game) openingAllowance() string {
	corps := g.csaCorpsMoved()
	which := ""
	if len(corps) > 0 && !g.Options.LimitedIntel {
		which = " (" + strings.Join(corps, ", ") + ")"
	}
	al := g.Actions.Allowance
	if al != nil && al.Counted {
		detail := al.Explain()
		if g.Options.LimitedIntel {
			detail = fmt.Sprintf("%d for the Confederate corps that moved, %d for Fredericksburg", len(al.Corps), al.Fredericksburg)
		}
		return fmt.Sprintf("%d infantry corps or cavalry divisions: %s", al.Total, detail)
	}
	return fmt.Sprintf("one infantry corps or cavalry division for each of the %d Confederate corps that moved%s, plus the Fredericksburg allowance of VIII 3) b) i)-ii), which the umpire counts",
		len(corps), which)
}

// movePortionGate refuses strategic and rail movement in the Normal
// Action Phase (003 4 a); 000 IV e)), unless time limitation or the
// opening allows every kind of movement; with Brandy Station no strategic
// movement on turns 1-3 (27.1 c)). Nil when the move may go on.
//
// LRTA (004 4 a), b)): the Regular Movement Phase allows normal and remote
// movement only; naval, rail and strategic movement wait for the Long
// Distance Movement Phase (4b). Naval movement is LRTG's Distance Action
// Phase's too (003 4 a)).
func (g Game) movePortionGate(mode string) *engine.RuleError {
	if mode != MoveRail && mode != MoveStrategic && mode != MoveNaval {
		return nil
	}
	step := g.CurrentStep()
	if step == "" {
		return nil
	}
	what := map[string]string{MoveRail: "Rail movement", MoveStrategic: "Strategic movement", MoveNaval: "Naval movement"}[mode]
	if mode == MoveStrategic && g.Options.BrandyStation && g.Turn <= engine.OpeningTurns && (step == "4a" || step == "4b") {
		return moveRule("move.portion", "No unit may use strategic movement on turns 1-3 with the Brandy Station opening", "Move normally", "LRTG 27.1 c)")
	}
	if step != "4a" {
		return nil
	}
	if a, ok := g.cycle(); ok && a.AllMoves {
		return nil
	}
	if g.Options.TimeLimit || g.openingRestricted() {
		return nil
	}
	allows, rule := "regular movement only", "003 4 a); 000 IV e)"
	if p := g.variant().firstPortion; p[0] != "" {
		allows, rule = p[0], p[1]
	}
	return moveRule("move.portion", fmt.Sprintf("%s waits for the %s (4b): the %s allows %s", what, g.ActionStepTitle("4b"), g.ActionStepTitle("4a"), allows),
		"Move normally now, or by "+strings.ToLower(what[:1])+what[1:]+" once both sides have passed and 4b begins", rule)
}

// ---- Deciding ----

func decideActions(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	var evs []engine.Event
	var err error
	switch cmd := cmd.(type) {
	case ActivateUnit:
		evs, err = g.decideActivate(cmd, d)
	case ActivateArmyLeader:
		evs, err = g.decideArmy(cmd, d)
	case PassAction:
		evs, err = g.decidePass(cmd)
	case EndAction:
		evs, err = g.decideEnd(cmd, d)
	case DeferInitiative:
		evs, err = g.decideDefer(cmd)
	case BeginInitiativeRolls:
		evs, err = g.decideRollsBegin(cmd, d)
	case AskRemote:
		evs, err = g.decideAskRemote(cmd)
	case AnswerRemote:
		evs, err = g.decideAnswerRemote(cmd)
	case RerollInitiative:
		evs, err = g.decideReroll(cmd, d)
	case RetreatDeadline:
		evs, err = g.decideRetreatDeadline(cmd)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

// underWay returns the cycle of the step under way, refusing outside it.
func (g Game) underWay(by engine.Actor) (ActionState, error) {
	if err := g.BoardReady(by); err != nil {
		return ActionState{}, err
	}
	a, ok := g.cycle()
	if !ok {
		return a, engine.Illegal("action.step", fmt.Sprintf("No action cycle is under way: actions are declared in steps 4a (%s) and 4b (%s)", g.ActionStepTitle("4a"), g.ActionStepTitle("4b")),
			"/phase show says where the turn is; the umpire moves on with /phase next")
	}
	if a.Skipped != "" {
		return a, engine.Illegal("action.skipped", fmt.Sprintf("The %s is not played this turn: %s", g.ActionStepTitle(a.Step), a.Skipped), "The umpire moves on with /phase next")
	}
	if a.Over {
		return a, engine.Illegal("action.over", fmt.Sprintf("The %s is over: both sides passed", g.ActionStepTitle(a.Step)), "The umpire moves on with /phase next")
	}
	return a, nil
}

// decider checks that the actor may make his side's decision now: his
// side's turn to decide, and he is the one who decides (21.1: the overall
// commander, or the subordinate he deferred to). The umpire decides for
// the side whose decision it is.
func (g Game) decider(by engine.Actor, a ActionState) (engine.Side, error) {
	if a.Active != nil {
		hint := "It ends with /action done"
		if g.actionHeld(a) { // retreat_owed.go: the waits are public
			hint = "It ends with /action done once it waits no more for " + strings.Join(append(g.attackWaits(), g.retreatWaits(a)...), "; ")
		}
		return "", engine.Illegal("action.active", fmt.Sprintf("The %s's action is under way", sideName(a.Active.Side)), hint)
	}
	if g.IsUmpire(by) {
		return a.ToDecide, nil
	}
	p := g.Player(by.ID)
	if p == nil {
		return "", engine.Illegal("action.player", "You are not a commander in this game", "")
	}
	if p.Side != a.ToDecide {
		return "", engine.Illegal("action.turn", fmt.Sprintf("It is the %s's decision, not yours", sideName(a.ToDecide)), "Wait for your side's initiative; /phase show says what the game waits for")
	}
	holder := a.Holder
	if holder == "" {
		if !g.ActsAsOverall(*p) { // halleck.go: Halleck Interferes (21.1)
			return "", engine.Illegal("action.overall", "Your side's overall commander decides what to do with the initiative", "He may defer it to you (/action defer; LRTG 21.1)")
		}
	} else if holder != by.ID {
		name := holder
		if h := g.Player(holder); h != nil {
			name = h.Actor.Name
		}
		return "", engine.Illegal("action.deferred", fmt.Sprintf("The decision is deferred to %s", name), "He activates one of his units or defers it back (LRTG 21.1)")
	}
	return p.Side, nil
}

func (g Game) decideActivate(cmd ActivateUnit, d engine.Dice) ([]engine.Event, error) {
	a, err := g.underWay(cmd.By)
	if err != nil {
		return nil, err
	}
	side, err := g.decider(cmd.By, a)
	if err != nil {
		return nil, err
	}
	u, err := g.Unit(cmd.Unit)
	if err != nil {
		return nil, err
	}
	if u.Side != side || !g.Controls(cmd.By, u) {
		if g.IsUmpire(cmd.By) {
			return nil, engine.Illegal("action.side", fmt.Sprintf("%s is not a %s unit: the %s decides now", u.Name, sideName(side), sideName(side)), "")
		}
		return nil, engine.Illegal("unit.command", fmt.Sprintf("You do not command %s", u.Name), "Activate a unit or leader of your own command (LRTG 21.1)")
	}
	if u.Eliminated || !u.OnMap {
		return nil, engine.Illegal("action.unit", fmt.Sprintf("%s is not on the map", u.Name), "Activate a unit or leader on the map")
	}
	ev := &Activated{By: cmd.By, Side: side, Turn: g.Turn, Step: a.Step, Phase: a.Phase, Unit: u.ID, Name: u.Name, Leader: u.Kind.IsLeader()}
	if a.Opening {
		ev.Phase = a.Phase + 1
	}
	// 000 VIII 3) a): Confederate cavalry may not move on turns 1 and 2.
	if a.Opening && side == engine.CSA && g.Turn <= 2 && (u.Kind == engine.KindCavalry || strings.EqualFold(u.Command, "Cav")) {
		broken := fmt.Sprintf("Confederate cavalry may not activate on turns 1 and 2 of the opening; %s is cavalry", u.Name)
		reason := strings.TrimSpace(cmd.Reason)
		if !g.IsUmpire(cmd.By) || reason == "" {
			e := moveRule("action.opening", broken, "Activate infantry; the umpire may rule otherwise with reason:<why> (e.g. Brandy Station releases, 27.2)", "000 VIII 3) a)")
			return nil, e
		}
		ev.Override, ev.Overrode = reason, broken+" (000 VIII 3) a))"
	}
	// 000 VIII 3) b): the Union's allowance after the Confederates'
	// activations.
	if a.Opening && side == engine.USA {
		e := g.openingCorpsCheck(u) // opening_limits.go: the garrisons are no infantry corps
		if e == nil {
			e = g.openingUnionCheck(a, u)
		}
		if e != nil {
			reason := strings.TrimSpace(cmd.Reason)
			if !g.IsUmpire(cmd.By) || reason == "" {
				if g.IsUmpire(cmd.By) {
					e.Hint += ". As umpire you may allow it: add reason:<why>"
				}
				return nil, e
			}
			ev.Override, ev.Overrode = reason, e.What+" (000 VIII 3) b))"
		}
	}
	if cmd.Allowance == nil {
		return []engine.Event{ev}, nil
	}
	// The movement allowance, as the action begins (allowance.go).
	dice, al, err := g.rollAllowance(Activation{Side: side, By: cmd.By, Kind: ActionActivate, Unit: u.ID}, cmd.Allowance, cmd.By, d)
	if err != nil {
		return nil, err
	}
	ev.Allowance = al
	return append(dice, ev), nil
}

func (g Game) decidePass(cmd PassAction) ([]engine.Event, error) {
	a, err := g.underWay(cmd.By)
	if err != nil {
		return nil, err
	}
	side, err := g.decider(cmd.By, a)
	if err != nil {
		return nil, err
	}
	if a.Holder != "" && !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("action.pass", "A subordinate given the initiative activates one of his units or defers it back; only the overall commander passes", "/action activate, or /action defer (LRTG 21.1)")
	}
	ends := slices.Contains(a.Passed, engine.EnemyOf(side))
	ev := &Passed{By: cmd.By, Side: side, Turn: g.Turn, Step: a.Step, Phase: a.Phase, Ends: ends}
	if a.Opening && side == engine.CSA {
		ev.Allowance = g.openingAllowanceNow(cmd.Data)
	}
	return []engine.Event{ev}, nil
}

func (g Game) decideEnd(cmd EndAction, d engine.Dice) ([]engine.Event, error) {
	a, err := g.underWay(cmd.By)
	if err != nil {
		return nil, err
	}
	act := a.Active
	if act == nil {
		return nil, engine.Illegal("action.none", "No action is under way", "Declare one with /action activate or /action army")
	}
	if !g.IsUmpire(cmd.By) && cmd.By.ID != act.By.ID {
		p := g.Player(cmd.By.ID)
		if p == nil || p.Side != act.Side || !g.ActsAsOverall(*p) {
			return nil, engine.Illegal("action.end", fmt.Sprintf("The action is %s's to end", act.By.Name), "He, his side's overall commander or the umpire ends it with /action done")
		}
	}
	ended := &ActionEnded{By: cmd.By, Side: act.Side, Turn: g.Turn, Step: a.Step, Phase: a.Phase}
	// A battle or a retreat owed holds the action (retreat_owed.go); the
	// umpire may end it with a reason while only retreats hold it.
	owed := g.RetreatsOwed()
	reason := strings.TrimSpace(cmd.Reason)
	if reason != "" && !g.IsUmpire(cmd.By) {
		return nil, engine.Invalid("action.reason", "reason: is the umpire's, to end an action while a retreat is owed", "Leave reason out")
	}
	if g.IsUmpire(cmd.By) && reason != "" && len(owed) > 0 && len(g.actionBattles(a)) == 0 {
		ended.Forced = reason
		for _, o := range owed {
			ended.Unretreated = append(ended.Unretreated, o.Unit)
		}
	} else if err := g.heldRefusal(cmd.By, a, owed); err != nil {
		return nil, err
	}
	// 000 9.2 b): forts classed by a strong unit that stayed beside them
	// (forts_watch.go), rolled before the action's end is recorded.
	rolled, err := g.fortsWatched(cmd.Data, a, cmd.By, d)
	if err != nil {
		return nil, err
	}
	evs := append(rolled, ended)
	if a.Opening {
		return evs, nil
	}
	return g.thenInitiative(d, evs...)
}

// ---- Folding ----

func applyActions(g Game, e engine.Event) (Game, bool) {
	a := g.Actions
	switch e := e.(type) {
	case *CycleBegun:
		if a.Turn != e.Turn {
			a.Log, a.SpyDone, a.Rerolls = nil, false, 0
		}
		a.Turn, a.Step, a.Opening, a.AllMoves, a.Skipped = e.Turn, e.Step, e.Opening, e.AllMoves, e.Skipped
		a.Phase, a.Initiative, a.ToDecide, a.Holder, a.Passed, a.Active = 0, "", "", "", nil, nil
		a.Over, a.Automatic, a.AutoWhy, a.Remote, a.Remotes = e.Skipped != "", "", "", nil, nil
		a.Allowance, a.Moved, a.Retreats, a.Owed, a.Long = nil, nil, nil, nil, nil
		if e.Opening {
			a.ToDecide = engine.CSA
		}
	case *InitiativeWon:
		a.Phase, a.Initiative, a.ToDecide, a.Holder, a.Passed = e.Phase, e.Side, e.Side, "", nil
		a.Rolled, a.Rerolled = len(e.Rolls) == 2, e.Reroll != ""
		if e.Reroll != "" {
			a.Rerolls++
		}
		a.Automatic, a.AutoWhy = "", ""
		if e.Step == "4a" {
			a.SpyDone = true // only the first initiative of the turn may be the Spy's
		}
	case *Activated:
		a.Phase = e.Phase
		a.Active = &Activation{Side: e.Side, By: e.By, Kind: ActionActivate, Unit: e.Unit, Allowance: e.Allowance}
		a.Long = nil
		a.ToDecide, a.Holder = "", ""
		a.Log = append(slices.Clone(a.Log), ActionEntry{Step: e.Step, Phase: e.Phase, Side: e.Side, Kind: ActionActivate, Unit: e.Unit, Allowance: e.Allowance})
	case *ArmyAttempted:
		a.Phase = e.Phase
		a.Army = append(slices.Clone(a.Army), ArmyAttempt{Side: e.Side, Turn: e.Turn, Step: e.Step, Phase: e.Phase, Leader: e.Leader, Success: e.Success})
		a.Log = append(slices.Clone(a.Log), ActionEntry{Step: e.Step, Phase: e.Phase, Side: e.Side, Kind: ActionArmy, Unit: e.Leader, Allowance: e.Allowance})
		a.Holder = ""
		if e.Success {
			a.Active = &Activation{Side: e.Side, By: e.By, Kind: ActionArmy, Unit: e.Leader, Units: slices.Clone(e.Units), Allowance: e.Allowance}
			a.Long = nil
			a.ToDecide = ""
			if !a.Opening {
				a.Automatic = engine.EnemyOf(e.Side)
				a.AutoWhy = fmt.Sprintf("the %s's Activate Army Leader succeeded: the %s wins this initiative without a roll (LRTG 10.3)", sideName(e.Side), sideName(engine.EnemyOf(e.Side)))
			}
		} else if !a.Opening {
			a.ToDecide = "" // a new action phase: its initiative follows
		}
	case *ActionEnded:
		a.Active, a.Retreats, a.Owed, a.Long = nil, nil, nil, nil
		if a.Opening {
			a.ToDecide = engine.CSA
			if slices.Contains(a.Passed, engine.CSA) {
				a.ToDecide = engine.USA
			}
		}
	case *Passed:
		a.Passed = append(slices.Clone(a.Passed), e.Side)
		a.Holder = ""
		a.Log = append(slices.Clone(a.Log), ActionEntry{Step: e.Step, Phase: e.Phase, Side: e.Side, Kind: ActionPass})
		if e.Allowance != nil {
			a.Allowance = e.Allowance
		}
		if e.Ends {
			a.Over, a.ToDecide = true, ""
		} else {
			a.ToDecide = engine.EnemyOf(e.Side)
		}
	case *Deferred:
		a.Holder = e.To.ID
	case *RollsBegun:
		a.RollsTurn, a.Opening, a.Passed = e.Turn, false, nil
		a.AllMoves = g.Options.TimeLimit
		a.ToDecide = ""
	case *RetreatHanded:
		a = a.handed(e) // retreat_owed.go
	case *RemoteAsked:
		a.Remote = &RemoteRequest{Side: e.Side, By: e.By, Units: slices.Clone(e.Units), Phase: e.Phase}
	case *RemoteAnswered:
		if a.Remote != nil {
			r := *a.Remote
			r.Answer, r.Comment = "denied", e.Comment
			if e.Allow {
				r.Answer = "allowed"
			}
			a.Remote = &r
			a.Remotes = append(slices.Clone(a.Remotes), r)
		}
	default:
		return g, false
	}
	g.Actions = a
	// The cycle has moved on: an undo would take back more than the last
	// board action.
	g.ForgetUndo()
	return g, true
}
