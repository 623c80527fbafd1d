package engine

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The sequence of play (003 Detailed Sequence of Play): the umpire steps
// through a turn with /phase next. Entering a step runs its procedure (the
// rolls and the changes the rules make by themselves); a step that needs
// the players' decisions waits for them before the next may begin. The
// steps are data (scenarios/sequence); the procedures and the waits are
// code, listed step by step by each game's ruleset (StepRules).

// Step is one step of a sequence of play.
type Step struct {
	ID    string // as printed: "1a", "4b", "9"
	Phase string // "Turn Start", "Action Cycle"...
	Name  string
	Rule  string // the rules section(s)
	// Book is the rule book a bare section number of Rule cites, as
	// the game's sequence names it (its YAML's book: "LRTG"); "" when
	// Rule names its book itself ("LITN 15.4") or the game names none.
	Book   string
	When   string // the condition under which it happens ("" every turn)
	Source string
}

// Sequence is a game's sequence of play.
type Sequence struct {
	Game  Game
	Steps []Step
}

// Step returns the step with the id, or nil.
func (s *Sequence) Step(id string) *Step {
	for i := range s.Steps {
		if s.Steps[i].ID == id {
			return &s.Steps[i]
		}
	}
	return nil
}

// Conditions a step's When may hold.
const (
	WhenAfterOpening       = "after-opening"
	WhenMultipleCommanders = "multiple-commanders"
	// WhenRules: the game's ruleset says whether the step happens this
	// turn (StepRules.Happens).
	WhenRules = "rules"
)

// CheckCondition reports whether a condition is one the engine knows.
func CheckCondition(when string) error {
	switch {
	case when == "", when == WhenAfterOpening, when == WhenMultipleCommanders, when == WhenRules:
		return nil
	case strings.HasPrefix(when, "option:"):
		switch strings.TrimPrefix(when, "option:") {
		case "time_limitation", "limited_intelligence", "confederate_objectives":
			return nil
		}
	case strings.HasPrefix(when, "turn>="):
		if n, err := strconv.Atoi(strings.TrimPrefix(when, "turn>=")); err == nil && n > 1 {
			return nil
		}
	case strings.HasPrefix(when, "date>="):
		if _, err := time.Parse("01-02", strings.TrimPrefix(when, "date>=")); err == nil {
			return nil
		}
	}
	return fmt.Errorf("engine: unknown step condition %q", when)
}

// OpeningTurns are the first turns of LRTG, three days each, with no
// random events, Union reinforcement rolls or supply segment (000 VIII 1)
// 3); 003 turn record).
const OpeningTurns = 3

// Happens reports whether a step happens this turn, and why not.
func (g GameState) Happens(s Step) (bool, string) {
	switch when := s.When; {
	case when == "":
		return true, ""
	case when == WhenRules:
		if sr := g.rules.step(s.ID); sr != nil && sr.Happens != nil {
			return sr.Happens(g)
		}
	case when == WhenAfterOpening:
		if g.InOpening() {
			return false, fmt.Sprintf("not on turns 1-%d", OpeningTurns)
		}
	case when == WhenMultipleCommanders:
		for _, side := range []Side{CSA, USA} {
			n := 0
			for _, p := range g.Players {
				if p.Side == side {
					n++
				}
			}
			if n > 1 {
				return true, ""
			}
		}
		return false, "one commander a side"
	case when == "option:time_limitation":
		if !g.Options.TimeLimit {
			return false, "not playing with time limitation"
		}
	case when == "option:limited_intelligence":
		if !g.Options.LimitedIntel {
			return false, "not playing with limited intelligence"
		}
	case when == "option:confederate_objectives":
		if !g.Options.Objectives {
			return false, "not playing with the Confederate Objectives optional rule"
		}
	case strings.HasPrefix(when, "turn>="):
		if n, _ := strconv.Atoi(strings.TrimPrefix(when, "turn>=")); g.Turn < n {
			return false, fmt.Sprintf("not on turns 1-%d", n-1)
		}
	case strings.HasPrefix(when, "date>="):
		from, err := time.Parse("01-02", strings.TrimPrefix(when, "date>="))
		day, ok := g.TurnDate(g.Turn)
		if err != nil || !ok {
			return true, ""
		}
		last := day.AddDate(0, 0, g.TurnDays(g.Turn)-1)
		if last.Month() < from.Month() || last.Month() == from.Month() && last.Day() < from.Day() {
			return false, "not before " + from.Format("January 2")
		}
	}
	return true, ""
}

// StepContext is what a step's procedure may read beyond the state: the
// data the bot holds (the map, the order of battle, the rules tables).
type StepContext struct {
	Move    *MoveData
	Library *Library
	Map     *Theatre // the game's map (a ruleset's steps read it)
}

// StepProcedureOf, StepWaitOf and stepEndOf find a step's procedure,
// wait and end for the game's sequence of play: its ruleset's (none
// before the game is created).
func (g GameState) StepProcedureOf(id string) StepProcedure {
	if g.rules != nil {
		if sr := g.rules.step(id); sr != nil {
			return sr.Begin
		}
	}
	return nil
}

func (g GameState) StepWaitOf(id string) StepWaiting {
	if g.rules != nil {
		if sr := g.rules.step(id); sr != nil {
			return sr.Wait
		}
	}
	return nil
}

func (g GameState) stepEndOf(id string) StepProcedure {
	if g.rules != nil {
		return g.rules.stepEnd(id)
	}
	return nil
}

// SequenceState is where the game is in its turn.
type SequenceState struct {
	Step string `json:"step,omitempty"` // the step under way ("": the turn has not begun)
	Turn int    `json:"turn,omitempty"` // the turn the step belongs to
	// Done are the players (actor ids) who said /phase done in the step
	// under way (sequence_auto.go): its openings to them are closed.
	Done []string `json:"done,omitempty"`
	// Ahead are the players done with a later step of this turn before
	// it began (/phase done phase:true): its Done as it begins.
	Ahead []DoneAhead `json:"ahead,omitempty"`
}

// DoneAhead is a player done with a later step of the turn.
type DoneAhead struct {
	Player string `json:"player"`
	Step   string `json:"step"`
}

// SameStep reports whether two states are in the same step of the same
// turn (whoever has said /phase done in it).
func (s SequenceState) SameStep(o SequenceState) bool {
	return s.Step == o.Step && s.Turn == o.Turn
}

// CurrentStep returns the id of the step under way this turn ("" before
// the first).
func (g GameState) CurrentStep() string {
	if g.Sequence.Turn != g.Turn {
		return ""
	}
	return g.Sequence.Step
}

// Waiting says who the current step waits for.
func (g GameState) Waiting() []string {
	if w := g.StepWaitOf(g.CurrentStep()); w != nil { // nil: waits for no one
		return w(g)
	}
	return nil
}

// NextStep ends the step under way and begins the next that happens this
// turn (after the last step, the next turn's first): the umpire's.
type NextStep struct {
	By       Actor
	Sequence *Sequence
	Context  StepContext
	Force    bool   // end the step although it waits for someone
	Reason   string // the umpire's reason to force it
	// Auto: the game begins the step by itself (sequence_auto.go), the
	// step under way waiting for no one; never forced.
	Auto bool
}

// CommandName implements Command.
func (NextStep) CommandName() string { return "phase next" }

// EventStepBegun is the type of StepBegun.
const EventStepBegun = "step.begun"

// StepBegun records the start of a step, and the steps passed over to
// reach it with why.
type StepBegun struct {
	By      Actor         `json:"by"`
	Turn    int           `json:"turn"`
	Step    string        `json:"step"`
	Skipped []SkippedStep `json:"skipped,omitempty"`
	Forced  string        `json:"forced,omitempty"` // the umpire's reason to end the last step while it waited
	// Auto: the game began the step by itself, the last one waiting for
	// no one (a game with steps:auto; sequence_auto.go). By is then the
	// umpire's actor as the scheduler's (AutoActor).
	Auto bool `json:"auto,omitempty"`
}

// SkippedStep is a step that does not happen this turn.
type SkippedStep struct {
	Step string `json:"step"`
	Why  string `json:"why"`
}

// EventType implements Event.
func (*StepBegun) EventType() string { return EventStepBegun }

// sequenceModule is the sequence of play (a kernel module: every game steps through its turn with NextStep).
func sequenceModule() Module {
	return Module{Name: "sequence",
		Commands: []Command{NextStep{}, PhaseDone{}},
		Decide: Claims(func(g GameState, cmd Command, d Dice) ([]Event, bool, error) {
			switch c := cmd.(type) {
			case NextStep:
				evs, err := g.decideNextStep(c, d)
				return evs, true, err
			case PhaseDone:
				evs, err := g.decidePhaseDone(c)
				return evs, true, err
			}
			return nil, false, nil
		}),
		Events: []Event{&StepBegun{}, &StepDone{}},
		Apply: Folds(func(g GameState, e Event) (GameState, bool) {
			switch s := e.(type) {
			case *StepBegun:
				next := SequenceState{Step: s.Step, Turn: s.Turn}
				if s.Turn == g.Sequence.Turn {
					// The players who said they were done with it ahead.
					for _, a := range g.Sequence.Ahead {
						if a.Step == s.Step {
							next.Done = append(next.Done, a.Player)
						} else {
							next.Ahead = append(next.Ahead, a)
						}
					}
				}
				g.Sequence = next
				return g, true
			case *StepDone:
				if s.Step == g.CurrentStep() && !Contains(g.Sequence.Done, s.By.ID) {
					g.Sequence.Done = append(append([]string(nil), g.Sequence.Done...), s.By.ID)
				}
				if s.Step == g.CurrentStep() && len(s.Ahead) > 0 {
					ahead := append([]DoneAhead(nil), g.Sequence.Ahead...)
					for _, id := range s.Ahead {
						ahead = append(ahead, DoneAhead{Player: s.By.ID, Step: id})
					}
					g.Sequence.Ahead = ahead
				}
				return g, true
			}
			return g, false
		}),
	}
}

func (g GameState) decideNextStep(cmd NextStep, d Dice) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, Illegal("phase.umpire", "Only the umpire moves the game to its next step", fmt.Sprintf("Ask %s; /phase show says what the game waits for", g.Umpire.Name))
	}
	if cmd.Sequence == nil || len(cmd.Sequence.Steps) == 0 {
		return nil, fmt.Errorf("engine: no sequence of play for %s", g.Options.Scenario)
	}
	var evs []Event
	forced := ""
	if w := g.Waiting(); len(w) > 0 {
		if cmd.Auto {
			return nil, fmt.Errorf("engine: step %s waits for %s: not begun by itself", g.CurrentStep(), strings.Join(w, "; "))
		}
		if !cmd.Force || strings.TrimSpace(cmd.Reason) == "" {
			return nil, Illegal("phase.waiting", fmt.Sprintf("Step %s waits for %s", g.CurrentStep(), strings.Join(w, "; ")),
				"When they are done, /phase next; to end it anyway, /phase next force:true reason:<why>")
		}
		forced = strings.TrimSpace(cmd.Reason)
	}
	state := g
	if end := g.stepEndOf(g.CurrentStep()); end != nil && g.CurrentStep() != "" {
		more, err := end(g, d, cmd.Context)
		if err != nil {
			return nil, err
		}
		for _, e := range more {
			state = state.Apply(e)
		}
		evs = append(evs, more...)
	}
	steps := cmd.Sequence.Steps
	i := -1 // the index of the step under way
	for k, s := range steps {
		if s.ID == g.CurrentStep() {
			i = k
		}
	}
	if i == len(steps)-1 {
		// The turn's last step is done: the next turn begins.
		var sizes UnitSizes
		if cmd.Context.Move != nil {
			sizes = SizesOf(cmd.Context.Move.OOB)
		}
		adv, err := state.decideAdvance(AdvanceTurn{By: cmd.By, Reason: "the sequence of play (003 9)", Sizes: sizes})
		if err != nil {
			return nil, err
		}
		evs = append(evs, adv)
		state = state.Apply(adv)
		i = -1
	}
	var skipped []SkippedStep
	for k := i + 1; k < len(steps); k++ {
		s := steps[k]
		ok, why := state.Happens(s)
		if !ok {
			skipped = append(skipped, SkippedStep{Step: s.ID, Why: why})
			continue
		}
		begun := &StepBegun{By: cmd.By, Turn: state.Turn, Step: s.ID, Skipped: skipped, Forced: forced, Auto: cmd.Auto}
		evs = append(evs, begun)
		state = state.Apply(begun)
		if p := state.StepProcedureOf(s.ID); p != nil {
			more, err := p(state, d, cmd.Context)
			if err != nil {
				return nil, err
			}
			evs = append(evs, more...)
		}
		return evs, nil
	}
	// Every remaining step is skipped: the turn ends at its last step,
	// which always happens (9: advance the turn marker).
	return nil, fmt.Errorf("engine: the sequence of play has no step that happens after %q", g.CurrentStep())
}

// StepLabel is a step's id, phase and name, e.g. "1d Random Events (Turn
// Start)".
func StepLabel(s *Step) string {
	if s == nil {
		return "before the turn's first step"
	}
	return fmt.Sprintf("%s %s (%s, %s)", s.ID, s.Name, s.Phase, s.Citation())
}

// Citation is the step's rule as its label cites it: a bare section
// number with its book ("3.1" in LRTG's sequence: "LRTG 3.1"), anything
// else as written ("Standardized Rules", "LITN 15.4").
func (s *Step) Citation() string {
	if s.Book != "" && s.Rule != "" && s.Rule[0] >= '0' && s.Rule[0] <= '9' {
		return s.Book + " " + s.Rule
	}
	return s.Rule
}
