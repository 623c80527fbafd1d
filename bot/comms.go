package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Step 2d, the Communications Phase (engine/comms.go; LRTG 21.2): the
// /dispatch commands. A dispatch is the sender's and the umpire's alone
// until the phase closes; then the recipient reads what was delivered
// with /dispatch inbox; the sender never learns its fate from the bot;
// the channel learns only that the phase is over.
//
// The dispatch text is an option (text:) for now; a Discord modal opening
// from /dispatch send is a later step.
//
// Per-commander channels (issue 8): DispatchOutputsFor(g, recipient, turn)
// returns what a recipient should be shown of the dispatches delivered on
// a turn; the channels module should post it to the recipient's private
// channel after each CommsOpened (next-day deliveries) and CommsClosed
// (deliveries at close) event.

func init() { stepPresenters = append(stepPresenters, presentComms) }

func commsCommands() []*Command {
	fellows := func(r *Router, req Request, typed string) []engine.Match {
		g, err := r.gameHere(context.Background(), req)
		if err != nil {
			return nil
		}
		p := g.Player(req.User.ID)
		var out []engine.Match
		for _, q := range g.Players {
			if p != nil && q.Side == p.Side && q.Actor.ID != p.Actor.ID && strings.HasPrefix(strings.ToLower(q.Actor.Name), strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: q.Actor.Name, Label: q.Actor.Name})
			}
		}
		return out
	}
	return []*Command{{
		Name:        "dispatch",
		Description: "Written dispatches of the Communications Phase (step 2d; LRTG 21.2)",
		Subcommands: []*Command{
			{
				Name:        "send",
				Description: "Seal a written dispatch to a fellow commander (one each a phase)",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "to", Description: "The commander you write to", Type: String, Required: true, MaxLength: 100, Placeholder: "commander", Autocomplete: fellows},
					{Name: "text", Description: "Your dispatch (sealed until the phase closes)", Type: String, Required: true, MaxLength: 1800, Placeholder: "text"},
				},
				Handle: handleDispatchSend,
			},
			{Name: "done", Description: "You have written all you will this phase", Ephemeral: true, Handle: handleDispatchDone},
			{Name: "inbox", Description: "The dispatches delivered to you", Ephemeral: true, Handle: handleDispatchInbox},
			{Name: "status", Description: "What you may do with each commander this phase (verbal / written)", Ephemeral: true, Handle: handleDispatchStatus},
			{
				Name:        "close",
				Description: "Close the communications phase and roll the dispatches (umpire)",
				Ephemeral:   true,
				Options:     []OptionSpec{{Name: "reason", Description: "Why, while commanders are still writing", Type: String, MaxLength: 200, Placeholder: "text"}},
				Handle:      handleDispatchClose,
			},
			{Name: "log", Description: "Every dispatch, its roll and fate (umpire)", Ephemeral: true, Handle: handleDispatchLog},
			{
				Name:        "rule",
				Description: "Rule on a pair: verbal or written, and the dispatch distance (umpire; Union telegraph, 21.2 3))",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "a", Description: "A commander", Type: String, Required: true, MaxLength: 100, Placeholder: "commander"},
					{Name: "b", Description: "Another commander of his side", Type: String, Required: true, MaxLength: 100, Placeholder: "commander"},
					{Name: "reason", Description: "Why (e.g. the rail line joining them)", Type: String, Required: true, MaxLength: 200, Placeholder: "text"},
					{Name: "mode", Description: "verbal or written", Type: String, MaxLength: 8, Placeholder: "verbal|written"},
					{Name: "hexes", Description: "The distance a dispatch travels (Union: not counting connected rail or the Telegraph Road)", Type: Integer, Placeholder: "hexes"},
				},
				Handle: handleDispatchRule,
			},
		},
	}}
}

const commsOverText = "📨 The communications phase is over (LRTG 21.2)."

func handleDispatchSend(ctx context.Context, r *Router, req Request) (Reply, error) {
	cmd := engine.SendDispatch{By: req.User, To: req.Options["to"], Text: req.Options["text"]}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		d := evs[0].(*engine.DispatchSent).Dispatch
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral},
			Text:   fmt.Sprintf("🔒 Your dispatch to %s is sealed and sent (turn %d). It is rolled for when the phase closes; you will not learn its fate.", d.To.Name, d.Turn),
			Events: views}}}
	})
}

func handleDispatchDone(ctx context.Context, r *Router, req Request) (Reply, error) {
	before, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	cmd := engine.DoneDispatches{By: req.User, Table: r.library.Table(engine.DispatchTable)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		own := "✅ You are done writing this phase."
		if len(evs) == 1 {
			return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: own, Events: views}}}
		}
		rep := commsClosedReply(req, own+" Everyone is: the phase is closed.", views[:1])
		rep.Outputs = append(rep.Outputs, r.deliveries(after(before, evs))...)
		return rep
	})
}

func handleDispatchClose(ctx context.Context, r *Router, req Request) (Reply, error) {
	before, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	cmd := engine.CloseComms{By: req.User, Table: r.library.Table(engine.DispatchTable), Reason: req.Options["reason"]}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		rep := commsClosedReply(req, "The communications phase is closed. "+rolledText(evs), views)
		rep.Outputs = append(rep.Outputs, r.deliveries(after(before, evs))...)
		return rep
	})
}

// after is the state after the events.
func after(g engine.GameState, evs []engine.Event) engine.GameState {
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

// deliveries posts this turn's delivered dispatches in their recipients'
// private channels, where the game has them (bot/channels.go); without
// channels the recipient reads them with /dispatch inbox.
func (r *Router) deliveries(g engine.GameState) []Output {
	var out []Output
	for _, p := range g.Players {
		if ch, ok := r.commanderChannel(g, p.Actor.ID); ok {
			out = append(out, DispatchOutputsFor(g, p.Actor.ID, g.Turn, ch)...)
		}
	}
	return out
}

// commsClosedReply: the actor sees the events given (a player his own
// "done", the umpire all); the channel only that the phase is over.
func commsClosedReply(req Request, own string, views []EventView) Reply {
	return Reply{Outputs: []Output{
		{Audience: Audience{Kind: AudienceEphemeral}, Text: own, Events: views},
		{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: commsOverText, Events: []EventView{}},
	}}
}

// rolledText is the umpire's summary of the rolls.
func rolledText(evs []engine.Event) string {
	var parts []string
	for _, e := range evs {
		if d, ok := e.(*engine.DispatchRolled); ok {
			parts = append(parts, fmt.Sprintf("#%d rolled %d (roll %d): %s", d.ID, d.Face, d.Roll, d.Outcome))
		}
	}
	if len(parts) == 0 {
		return "No dispatch to roll."
	}
	return strings.Join(parts, "; ") + "."
}

func handleDispatchInbox(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	in := g.DispatchInbox(req.User.ID)
	if len(in) == 0 {
		return ephemeralText("📭 No dispatch has been delivered to you."), nil
	}
	lines := []string{"📬 **Dispatches delivered to you**"}
	for _, d := range in {
		lines = append(lines, dispatchLine(d))
	}
	return ephemeralText(strings.Join(lines, "\n")), nil
}

func dispatchLine(d engine.Dispatch) string {
	delay := "on time"
	if n := d.Delivered - d.Turn; n > 0 {
		delay = fmt.Sprintf("%d turn%s late", n, commsPlural(n))
	}
	return fmt.Sprintf("From **%s**, sent turn %d, delivered turn %d (%s):\n> %s", d.From.Name, d.Turn, d.Delivered, delay, strings.ReplaceAll(d.Text, "\n", "\n> "))
}

func commsPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// DispatchOutputsFor is the hook for per-commander channels: the outputs
// to post in a recipient's private channel for the dispatches delivered
// to him on a turn (channel is his channel's id).
func DispatchOutputsFor(g engine.GameState, recipient string, turn int, channel string) []Output {
	var out []Output
	for _, d := range g.DispatchInbox(recipient) {
		if d.Delivered == turn {
			out = append(out, Output{Audience: Audience{Kind: AudienceChannel, UserID: recipient, Channel: channel}, Text: "📬 " + dispatchLine(d), Events: []EventView{}})
		}
	}
	return out
}

func handleDispatchStatus(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	umpire := g.IsUmpire(req.User)
	p := g.Player(req.User.ID)
	if p == nil && !umpire {
		return ephemeralText("You are not a commander of this game."), nil
	}
	lines := []string{fmt.Sprintf("**Communications, turn %d** (LRTG 21.2; option %d)", g.Turn, g.Options.Comms)}
	if g.Comms.Turn != g.Turn {
		lines = append(lines, "The phase (step 2d) has not begun this turn; the game is at step "+declOrNone(g.CurrentStep())+".")
		return ephemeralText(strings.Join(lines, "\n")), nil
	}
	if g.Comms.Closed {
		lines = append(lines, "The phase is closed.")
	}
	name := func(id string) string { return g.Units[id].Name }
	for _, pr := range g.Comms.Pairs {
		if !umpire && pr.A.ID != p.Actor.ID && pr.B.ID != p.Actor.ID {
			continue
		}
		if !umpire && pr.Side != p.Side {
			continue
		}
		other := pr.B.Name
		if umpire {
			other = pr.A.Name + " – " + pr.B.Name
		} else if pr.B.ID == p.Actor.ID {
			other = pr.A.Name
		}
		hexes := "distance unknown"
		if pr.Hexes >= 0 {
			hexes = fmt.Sprintf("%d hexes", pr.Hexes)
		}
		l := fmt.Sprintf("• %s: **%s** (%s): %s", other, pr.Mode, hexes, pr.Why)
		if len(pr.About) > 0 {
			var ns []string
			for _, id := range pr.About {
				ns = append(ns, name(id))
			}
			l += "; talk only about " + strings.Join(ns, ", ")
		}
		lines = append(lines, l)
	}
	for _, d := range g.Comms.Dispatches {
		if d.Turn != g.Turn {
			continue
		}
		switch {
		case umpire:
			fate := "sealed"
			if !d.Sealed() {
				fate = d.Outcome
			}
			lines = append(lines, fmt.Sprintf("#%d %s → %s: %s", d.ID, d.From.Name, d.To.Name, fate))
		case d.From.ID == p.Actor.ID:
			lines = append(lines, "You sent a dispatch to "+d.To.Name+".")
		}
	}
	if w := g.Waiting(); g.CurrentStep() == "2d" && len(w) > 0 {
		lines = append(lines, "Waiting for: "+strings.Join(w, "; ")+".")
	}
	return ephemeralText(strings.Join(lines, "\n")), nil
}

func handleDispatchLog(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.IsUmpire(req.User) {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "dispatch.log", What: "Only the umpire reads every dispatch", Hint: "/dispatch inbox shows those delivered to you"}
	}
	if len(g.Comms.Dispatches) == 0 {
		return ephemeralText("No dispatch has been written."), nil
	}
	lines := []string{"**Every dispatch** (LRTG 21.2)"}
	for _, d := range g.Comms.Dispatches {
		fate := "sealed"
		if !d.Sealed() {
			fate = fmt.Sprintf("roll #%d: %d, %s", d.Roll, d.Face, d.Outcome)
			switch {
			case d.Delivered != 0:
				fate += fmt.Sprintf(", delivered turn %d", d.Delivered)
			case d.Outcome == engine.DispatchNextDay:
				fate += fmt.Sprintf(", due turn %d", d.Due)
			}
		}
		lines = append(lines, fmt.Sprintf("#%d turn %d, %s → %s (%d hexes; %s):\n> %s", d.ID, d.Turn, d.From.Name, d.To.Name, d.Hexes, fate, d.Text))
	}
	return ephemeralText(strings.Join(lines, "\n")), nil
}

func handleDispatchRule(ctx context.Context, r *Router, req Request) (Reply, error) {
	hexes := -1
	if v := strings.TrimSpace(req.Options["hexes"]); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "comms.hexes", What: fmt.Sprintf("%q is not a distance", v), Hint: "hexes:<0 or more>"}
		}
		hexes = n
	}
	cmd := engine.RuleCommsPair{By: req.User, A: req.Options["a"], B: req.Options["b"], Mode: strings.ToLower(strings.TrimSpace(req.Options["mode"])), Hexes: hexes, Reason: req.Options["reason"]}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		p := evs[0].(*engine.CommsPairRuled).Pair
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral},
			Text: fmt.Sprintf("⚖️ %s – %s: **%s**, %d hexes (%s).", p.A.Name, p.B.Name, p.Mode, p.Hexes, p.Why), Events: views}}}
	})
}

// presentComms tells what step 2d's procedure did: in the channel only
// that the phase is open and which sides the random events silence; the
// rolls of leftover dispatches and the deliveries are the umpire's.
func presentComms(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	switch e := e.(type) {
	case *engine.CommsOpened:
		lines := []string{"📨 The communications phase is open (LRTG 21.2): /dispatch status shows what you may do with each fellow commander."}
		if e.Option == 1 {
			lines = append(lines, "Written dispatches: /dispatch send, then /dispatch done; /dispatch inbox reads what reaches you.")
		}
		for _, s := range []engine.Side{engine.CSA, engine.USA} {
			if why := e.Silenced[s]; why != "" {
				lines = append(lines, why)
			}
		}
		out := []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: strings.Join(lines, "\n"), Events: []EventView{}}}
		return append(out, r.deliveries(g)...) // the late dispatches of the last turn
	case *engine.CommsClosed:
		out := r.deliveries(g)
		if out == nil {
			out = []Output{}
		}
		return out
	case *engine.DispatchRolled:
		return []Output{}
	case *engine.TableRolled:
		if e.Table == engine.DispatchTable {
			return []Output{}
		}
	}
	return nil
}
