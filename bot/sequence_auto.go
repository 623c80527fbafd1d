package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// A turn that runs itself (engine/sequence_auto.go, issue 22): in a game
// with steps:auto, every command that settles on the game's stream (a
// player's, the umpire's, the scheduler's deadline run) is followed, in
// the same append, by the steps the game then begins by itself; its
// reply carries their presentation after its own outputs, as /phase
// next would have shown them.

// defaultNewGameSteps is how a game created without steps: steps through
// its turns: by itself (issue 22).
const defaultNewGameSteps = engine.StepsAuto

// newGameSteps is the default the router applies. The tests written before
// the option step by hand: TestMain sets it to manual for them
// (main_test.go); the tests of the option say steps:auto.
var newGameSteps = defaultNewGameSteps

// stepsOption is the game's steps option as /game new gives it.
func stepsOption(v string) string {
	switch v = strings.ToLower(strings.TrimSpace(v)); v {
	case "":
		return newGameSteps
	default:
		return v // the engine refuses what is neither auto nor manual (game.steps)
	}
}

// stepsNote tells the table, as a game is created, that its turns run
// themselves ("" for a game stepped by hand: its reply reads as before).
func stepsNote(o engine.GameOptions) string {
	if !o.AutoSteps() {
		return ""
	}
	return "\nTurns run themselves (steps:auto): once the umpire's /phase next has begun the first turn, each step begins by itself when nobody is waited for, and stops where the rules give him a ruling. Create the game with steps:manual to step by hand."
}

// autoSteps are the steps a game with steps:auto begins by itself once
// the command's events evs are folded into g: none in a game stepped by
// hand (nothing is folded twice for it).
func (r *Router) autoSteps(g engine.GameState, evs []engine.Event, d engine.Dice) []engine.Event {
	if !g.Options.AutoSteps() && len(evs) == 0 {
		return nil
	}
	after := g
	for _, e := range evs {
		after = after.Apply(e)
	}
	if !after.Options.AutoSteps() {
		return nil
	}
	c := engine.AutoContext{Sequence: r.sequence(after), Step: r.stepContext(after)}
	if after.Options.TimeLimit {
		c.At = r.now() // as r.timed times /phase next (clock.go; LRTG 22.3)
	}
	return after.AutoSteps(c, d)
}

// autoOutputs present the steps the game began by itself (views, evs),
// after the command's events that triggered them (cmdEvs, folded on
// before): the table's part to the table, each private part to its
// audience, as presentSteps does for /phase next. What presentSteps
// gives the one who typed /phase next (the umpire) goes to him only:
// to the requester when he is the umpire, else to the umpire's channel
// (none: not shown; /phase show and the stored events keep it).
func (r *Router) autoOutputs(req Request, before engine.GameState, cmdEvs []engine.Event, views []EventView, evs []engine.Event, requester bool) []Output {
	if len(evs) == 0 {
		return nil
	}
	g := before
	for _, e := range cmdEvs {
		g = g.Apply(e)
	}
	seq := r.sequence(g)
	if seq == nil {
		return nil
	}
	umpire := requester && before.IsUmpire(req.User)
	var out []Output
	for _, o := range r.presentSteps(req, g, seq, views, evs).Outputs {
		if o.Audience.Kind != AudienceEphemeral || umpire {
			out = append(out, o)
			continue
		}
		after := g
		for _, e := range evs {
			after = after.Apply(e)
		}
		ch, ok := after.Channels.UmpireChannel()
		switch {
		case ok:
		case req.console:
			ch = "umpire"
		default:
			continue
		}
		o.Audience = Audience{Kind: AudienceChannel, Channel: ch, UserID: after.Umpire.ID}
		out = append(out, o)
	}
	return out
}

// openingWords words an opening's code: what the players may do, and the
// command that does it.
var openingWords = map[string]struct{ what, how string }{
	engine.OpenCommandGive:    {"voluntary changes of control", "/command give"},
	engine.OpenDispatches:     {"dispatches", "/dispatch send, /dispatch done"},
	engine.OpenLeaderTransfer: {"leader transfers", "/leader transfer"},
	engine.OpenAttachment:     {"attachments and detachments", "/unit attach, /unit detach"},
	engine.OpenDummies:        {"hidden force markers", "/dummy place"},
	engine.OpenReinforcements: {"reinforcements to enter", "/move"},
}

// openingsLine says who may do what in the step under way although it
// waits for no one, and how the step ends: "lee, jeb: leader transfers
// (/leader transfer), then /phase done; or the umpire's /phase next".
// It names players and commands, never units or places (an opening is a
// code: nothing of a hidden side's board is in it). "" when none is open.
func openingsLine(g engine.GameState) string {
	var codes []string
	who := map[string][]string{}
	for _, o := range g.Openings() {
		if _, ok := who[o.Code]; !ok {
			codes = append(codes, o.Code)
		}
		if !slices.Contains(who[o.Code], o.Player.Name) {
			who[o.Code] = append(who[o.Code], o.Player.Name)
		}
	}
	if len(codes) == 0 {
		return ""
	}
	parts := make([]string, 0, len(codes))
	for _, c := range codes {
		w, ok := openingWords[c]
		if !ok {
			w.what, w.how = c, "its command"
		}
		parts = append(parts, fmt.Sprintf("%s: %s (%s)", strings.Join(who[c], ", "), w.what, w.how))
	}
	return strings.Join(parts, "; ") + ", then /phase done; or the umpire's /phase next"
}

// autoWaitingLine is waitingLine in a game with steps:auto: what the step
// waits for, then what its openings allow; before the turn's first step,
// that the umpire begins it.
func autoWaitingLine(g engine.GameState) string {
	var parts []string
	if w := g.Waiting(); len(w) > 0 {
		parts = append(parts, strings.Join(w, "; "))
	}
	if o := openingsLine(g); o != "" {
		parts = append(parts, o)
	}
	switch {
	case len(parts) > 0:
		return "Waiting for: " + strings.Join(parts, "; ") + "."
	case g.CurrentStep() == "":
		return "Waiting for: the umpire, to begin the turn (/phase next); its steps then run by themselves."
	}
	return "Nobody is waited for: the next step begins by itself."
}

func handlePhaseDone(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Phase bool `opt:"phase"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	g0, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	cmd := engine.PhaseDone{By: req.User, Phase: o.Phase, Sequence: r.sequence(g0)}
	return r.settleGameFrom(ctx, req, cmd, nil, func(before engine.GameState, views []EventView, evs []engine.Event) Reply {
		g := before
		for _, e := range evs {
			g = g.Apply(e)
		}
		text := fmt.Sprintf("✔ %s has nothing more to do in step %s.", req.User.Name, r.phaseLabel(before))
		if d, ok := evs[0].(*engine.StepDone); ok && len(d.Ahead) > 0 {
			text = fmt.Sprintf("✔ %s has nothing more to do in step %s, nor in %s this turn.", req.User.Name, r.phaseLabel(before), strings.Join(d.Ahead, ", "))
		}
		if !g.Options.AutoSteps() || !g.StepFinished() {
			text += " " + waitingLine(g) // else the steps the game begins by itself follow
		}
		return publicText(req, text, views)
	})
}
