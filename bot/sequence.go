package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The sequence of play (engine/sequence.go): /phase show says where the
// turn is and what it waits for; /phase next (the umpire's) ends the step
// and begins the next, running its procedure.

// A stepPresenter tells what a step's procedure did: the outputs for an
// event it knows, each for its audience (public only what every player may
// know), or nil for an event that is not its own.
type stepPresenter func(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output

// stepPresenters are the presenters of the modules whose steps have
// procedures, in the order they are asked: the first that knows an event
// tells it. LRTA's turn start and LITN's come first (they know events
// whose LRTG presenters would tell them otherwise); the order is the one
// the modules' init functions used to build, kept so that every reply
// reads as before.
func stepPresenters() []stepPresenter {
	return []stepPresenter{presentLRTATurnStart, presentLITN, presentActionStep, presentComms, presentDeclared,
		presentLeaders, presentLRTAArmy, presentLRTAEvent, presentLRTAVictory, presentRestrictions, presentHalleck,
		presentRandomEvent, presentSegment, presentTurnStart}
}

func phaseCommands() []*Command {
	return []*Command{{
		Name:        "phase",
		Description: "The sequence of play: where the turn is, and the umpire's next step",
		Subcommands: []*Command{
			{
				Name:        "show",
				Description: "The turn's steps, the one under way and what it waits for",
				Ephemeral:   true,
				Handle:      handlePhaseShow,
			},
			{
				Name:        "next",
				Description: "End the step under way and begin the next, with its rolls (umpire)",
				Options: []OptionSpec{
					{Name: "force", Description: "true: end the step although it waits for someone (give a reason)", Type: Boolean},
					{Name: "reason", Description: "Why the step is forced", Type: String, MaxLength: 200, Placeholder: "text"},
				},
				Handle: handlePhaseNext,
			},
			{
				Name:        "done",
				Description: "You have nothing more to do in the step under way (its openings to you close)",
				Options: []OptionSpec{
					{Name: "phase", Description: "true: nor in the later steps of this phase this turn (3a, 3c and 3d at once)", Type: Boolean},
				},
				Handle: handlePhaseDone, // sequence_auto.go
			},
		},
	}}
}

func (r *Router) sequence(g engine.GameState) *engine.Sequence {
	for _, s := range r.scenarios {
		if s.ID == g.Options.Scenario {
			return r.sequences[s.Game]
		}
	}
	return nil
}

func handlePhaseShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started: its turns have no steps yet", Hint: "The umpire starts it with /game start"}
	}
	seq := r.sequence(g)
	if seq == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "phase.none", What: "This game has no sequence of play yet", Hint: ""}
	}
	cur := g.CurrentStep()
	lines := []string{fmt.Sprintf("Turn %d (%s): %s.", g.Turn, g.TurnLabel(g.Turn), engine.StepLabel(seq.Step(cur)))}
	switch w := g.Waiting(); {
	case g.Options.AutoSteps():
		lines = append(lines, autoWaitingLine(g)) // sequence_auto.go
	case len(w) > 0:
		lines = append(lines, "Waiting for: "+strings.Join(w, "; ")+".")
	default:
		lines = append(lines, "Waiting for: the umpire, to begin the next step (/phase next).")
	}
	phase := ""
	for _, s := range seq.Steps {
		if s.Phase != phase {
			phase = s.Phase
			lines = append(lines, "**"+phase+"**")
		}
		mark := "·"
		switch ok, why := g.Happens(s); {
		case s.ID == cur:
			mark = "▶"
		case !ok:
			mark = "–"
			lines = append(lines, fmt.Sprintf("%s %s %s — not this turn: %s", mark, s.ID, s.Name, why))
			continue
		}
		lines = append(lines, fmt.Sprintf("%s %s %s (%s)", mark, s.ID, s.Name, s.Rule))
	}
	e := &Embed{Title: "Sequence of play", Description: clipLines(lines, 4000), Footer: gameNamed(g.Game()).sequenceSource + ". ▶ under way, – not this turn."}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

func handlePhaseNext(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	seq := r.sequence(g)
	if seq == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "phase.none", What: "This game has no sequence of play yet", Hint: ""}
	}
	var o struct {
		Force  bool   `opt:"force"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := engine.NextStep{By: req.User, Sequence: seq, Force: o.Force, Reason: o.Reason,
		Context: r.stepContext(g)}
	return r.settleGame(ctx, req, r.timed(g, cmd), nil, func(views []EventView, evs []engine.Event) Reply { // clock.go: timed (LRTG 22.3)
		return r.presentSteps(req, g, seq, views, evs)
	})
}

// presentSteps tells the channel which step begins (and which were passed
// over), what its procedure did as far as every player may know, and what
// it waits for; the umpire gets every event.
func (r *Router) presentSteps(req Request, before engine.GameState, seq *engine.Sequence, views []EventView, evs []engine.Event) Reply {
	g := before
	var public []string
	var publicViews []EventView
	var extra []Output
	for i, e := range evs {
		g = g.Apply(e)
		switch e := e.(type) {
		case *engine.TurnAdvanced:
			public = append(public, fmt.Sprintf("⏭️ Turn %d ends. **Turn %d: %s** begins.", e.From, e.To, g.TurnLabel(e.To)))
			// Its morale checks name the units eliminated (000 VII 7):
			// under limited intelligence (LRTG 20) the umpire's record only.
			if !g.Options.LimitedIntel || !moraleNamesUnits(e.Closing) && !moraleNamesUnits(e.Opening) {
				publicViews = append(publicViews, views[i])
			}
		case *engine.StepBegun:
			if e.Forced != "" {
				public = append(public, "⚖️ The umpire ended the last step while it waited: "+e.Forced)
			}
			for _, s := range e.Skipped {
				if st := seq.Step(s.Step); st != nil {
					public = append(public, fmt.Sprintf("– %s %s: not this turn (%s).", st.ID, st.Name, s.Why))
				}
			}
			public = append(public, "▶ "+engine.StepLabel(seq.Step(e.Step))+".")
			publicViews = append(publicViews, views[i])
		default:
			for _, p := range stepPresenters() {
				if outs := p(r, req, g, e, views[i]); outs != nil {
					for _, o := range outs {
						if o.Audience.Kind == AudiencePublic {
							public = append(public, o.Text)
							publicViews = append(publicViews, o.Events...)
						} else {
							extra = append(extra, o)
						}
					}
					break
				}
			}
		}
	}
	public = append(public, waitingLine(g))
	if publicViews == nil {
		publicViews = []EventView{}
	}
	out := []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: strings.Join(public, "\n"), Events: publicViews}}
	out = append(out, extra...)
	if len(publicViews) < len(views) {
		// The umpire's record of everything the procedures did.
		out = append(out, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: fmt.Sprintf("Umpire: %d events recorded for this step.", len(views)), Events: views})
	}
	return Reply{Outputs: out}
}

// phaseLabel is the step under way, e.g. "1d Random Events (Turn Start,
// LRTG 2.0)".
func (r *Router) phaseLabel(g engine.GameState) string {
	seq := r.sequence(g)
	if seq == nil {
		return "not tracked for this game"
	}
	return engine.StepLabel(seq.Step(g.CurrentStep()))
}

// waitingLine says whom the step under way waits for; in a game with
// steps:auto, also what its openings allow (sequence_auto.go).
func waitingLine(g engine.GameState) string {
	if g.Options.AutoSteps() {
		return autoWaitingLine(g)
	}
	if w := g.Waiting(); len(w) > 0 {
		return "Waiting for: " + strings.Join(w, "; ") + "."
	}
	return "Waiting for: the umpire (/phase next)."
}

// moraleNamesUnits reports whether a morale check names units (the
// eliminations it stamps or unstamps).
func moraleNamesUnits(c engine.MoraleCheck) bool {
	return len(c.Stamped) > 0 || len(c.Unstamped) > 0
}
