package engine

import (
	"fmt"
	"time"
)

// A turn that runs itself (issue 22). In a game with steps:auto the game
// begins the next step by itself whenever the step under way waits for no
// one (its Wait names no one) and has no open opening (Open: what players
// may do there although nobody is waited for, until each says /phase
// done). It stops where a step waits for someone, the umpire's rulings
// included (a step's Wait names him: Harpers Ferry's surrounding, a
// random event's ruling, a battle he settles), where a step has openings,
// and at the game's end. The umpire's /phase next still ends a step with
// openings at any time (no force: openings are not waits), and in a game
// with steps:manual (every game stored before the option) he steps by
// hand as before.

// The values of GameOptions.Steps.
const (
	StepsAuto   = "auto"
	StepsManual = "manual"
)

// AutoSteps reports whether the game begins its steps by itself.
func (o GameOptions) AutoSteps() bool { return o.Steps == StepsAuto }

func checkStepsOption(o GameOptions) error {
	switch o.Steps {
	case "", StepsAuto, StepsManual:
		return nil
	}
	return Invalid("game.steps", fmt.Sprintf("%q is not a way to step through the turns", o.Steps),
		"Use steps:auto (the game begins each step by itself when nobody is waited for) or steps:manual (the umpire steps with /phase next)")
}

// An Opening is what a player may do in a step although it waits for no
// one: a code the bot words ("leader.transfer": /leader transfer), the
// player it is open to, and the rule that opens it.
type Opening struct {
	Player Actor  // the player (his actor as the game holds it)
	Code   string // what he may do: OpenLeaderTransfer...
	Rule   string // the rule or sequence entry that opens it, e.g. "003 3 a)"
}

// Opening codes the kernel's games share (the bot words each).
const (
	OpenCommandGive    = "command.give"    // a voluntary change of control (/command give)
	OpenDispatches     = "dispatch.send"   // the communications phase's dispatches (/dispatch send)
	OpenLeaderTransfer = "leader.transfer" // a leader's transfer (/leader transfer)
	OpenAttachment     = "unit.attach"     // attachment and detachment (/unit attach, /unit detach)
	OpenDummies        = "dummy.place"     // hidden force markers (/dummy place)
	OpenReinforcements = "reinforcements"  // reinforcements placed (/move)
)

// Openings are the step under way's openings still open: those of the
// players who have not said /phase done in it.
func (g GameState) Openings() []Opening {
	step := g.CurrentStep()
	if step == "" || g.rules == nil {
		return nil
	}
	sr := g.rules.step(step)
	if sr == nil || sr.Open == nil {
		return nil
	}
	var out []Opening
	for _, o := range sr.Open(g) {
		if !Contains(g.Sequence.Done, o.Player.ID) {
			out = append(out, o)
		}
	}
	return out
}

// StepFinished reports whether the step under way may end by itself: it
// waits for no one and has no open opening.
func (g GameState) StepFinished() bool {
	return len(g.Waiting()) == 0 && len(g.Openings()) == 0
}

// AutoActor is who begins a step by itself: the umpire's actor as the
// scheduler acts (bot/schedule.go), without his id when he also plays a
// side, so that nothing the game does by itself reads as his play.
func (g GameState) AutoActor() Actor {
	a := Actor{ID: g.Umpire.ID, Name: g.Umpire.Name, Umpire: true}
	if g.Player(a.ID) != nil {
		a.ID = ""
	}
	return a
}

// AutoContext is what the game's own steps need from the bot: the
// sequence of play, the steps' context, and the instant (for a game whose
// rules time commands: Hooks.AtInstant; zero: not timed).
type AutoContext struct {
	Sequence *Sequence
	Step     StepContext
	At       time.Time
}

// AutoSteps are the steps the game begins by itself after the state g
// (the command that settled last already folded): the events of each,
// in order, none when the game steps by hand, has not begun its first
// turn (the umpire's first /phase next begins it, after any set-up), is
// paused or over, or the step under way is not finished. The safety
// bound: never more steps in one go than the turn has, so a game whose
// every step finished by itself would stop after one turn. A step whose
// procedure fails is not begun (the triggering command stands; the
// umpire's /phase next says why).
func (g GameState) AutoSteps(c AutoContext, d Dice) []Event {
	if !g.Options.AutoSteps() || c.Sequence == nil || len(c.Sequence.Steps) == 0 {
		return nil
	}
	var evs []Event
	state := g
	for range c.Sequence.Steps {
		if !state.Started || state.Ended != nil || state.Paused || state.CurrentStep() == "" || !state.StepFinished() {
			break
		}
		var cmd Command = NextStep{By: state.AutoActor(), Sequence: c.Sequence, Context: c.Step, Auto: true}
		if f := state.deadlineHooks().AtInstant; f != nil && !c.At.IsZero() {
			cmd = f(cmd, c.At)
		}
		more, err := state.Decide(cmd, d)
		if err != nil || len(more) == 0 {
			break
		}
		for _, e := range more {
			state = state.Apply(e)
		}
		evs = append(evs, more...)
	}
	return evs
}

// PhaseDone is a player's "I have nothing more to do in this step": it
// closes the step's openings to him (/phase done).
type PhaseDone struct {
	By Actor
	// Phase: nothing more from him in the later steps of the step's
	// phase this turn either (003 3: "Leader Transfer / Attachment Phase
	// (all occur simultaneously)"): one /phase done for 3a, 3c and 3d.
	// Sequence is the game's, to find them.
	Phase    bool
	Sequence *Sequence
}

// CommandName implements Command.
func (PhaseDone) CommandName() string { return "phase done" }

// EventStepDone is the type of StepDone.
const EventStepDone = "step.done"

// StepDone records a player's /phase done in a step.
type StepDone struct {
	By   Actor  `json:"by"`
	Turn int    `json:"turn"`
	Step string `json:"step"`
	// Ahead are the later steps of the phase he is done with too
	// (/phase done phase:true): their openings to him are closed as
	// they begin this turn.
	Ahead []string `json:"ahead,omitempty"`
}

// laterInPhase are the steps after the one under way in its phase.
func laterInPhase(seq *Sequence, step string) []string {
	if seq == nil {
		return nil
	}
	cur := seq.Step(step)
	if cur == nil {
		return nil
	}
	var out []string
	after := false
	for _, s := range seq.Steps {
		switch {
		case s.ID == step:
			after = true
		case after && s.Phase == cur.Phase:
			out = append(out, s.ID)
		}
	}
	return out
}

// EventType implements Event.
func (*StepDone) EventType() string { return EventStepDone }

func (g GameState) decidePhaseDone(cmd PhaseDone) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	step := g.CurrentStep()
	if g.Player(cmd.By.ID) == nil {
		return nil, Illegal("phase.done.player", "Only a player says he has nothing more to do in a step",
			"The umpire ends the step with /phase next")
	}
	if step == "" {
		return nil, Illegal("phase.done.step", "The turn has not begun: no step is under way",
			"The umpire begins it with /phase next")
	}
	open := false
	if sr := g.rules.step(step); sr != nil && sr.Open != nil {
		for _, o := range sr.Open(g) {
			open = open || o.Player.ID == cmd.By.ID
		}
	}
	if !open {
		return nil, Illegal("phase.done.nothing", fmt.Sprintf("Step %s opens nothing to you: /phase done closes what a step opens to its player", step),
			"/phase show says what the step waits for; answer that with its own command")
	}
	if Contains(g.Sequence.Done, cmd.By.ID) {
		return nil, Illegal("phase.done.again", fmt.Sprintf("You have already said you are done with step %s", step),
			"The step ends when the others are done too, or with the umpire's /phase next")
	}
	done := &StepDone{By: cmd.By, Turn: g.Turn, Step: step}
	if cmd.Phase {
		done.Ahead = laterInPhase(cmd.Sequence, step)
	}
	return []Event{done}, nil
}
