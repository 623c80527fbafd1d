package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Step 2d, the Communications Phase (engine/lrtg/comms.go; LRTG 21.2): the
// /dispatch commands. A dispatch is the sender's and the umpire's alone
// until the phase closes; then the recipient reads what was delivered
// with /dispatch inbox; the sender never learns its fate from the bot;
// the channel learns only that the phase is over.
//
// The dispatch text is an option (text:); on Discord, /dispatch send
// without it opens a form (a modal: components.go).
//
// Per-commander channels (issue 8): DispatchOutputsFor(g, recipient, turn)
// returns what a recipient should be shown of the dispatches delivered on
// a turn; the channels module should post it to the recipient's private
// channel after each CommsOpened (next-day deliveries) and CommsClosed
// (deliveries at close) event.
//
// Captured dispatches (engine/lrtg/comms_rules.go: the LRTG Spy's hand-over,
// LRTA's interceptions) are read by the capturing side's overall
// commander alone: /dispatch intercepted, and a section of his /dispatch
// inbox; they are posted in his private channel when the Spy is rolled
// (step 1d) or the phase closes (interceptions). No one else learns of them. LRTA's
// phase is its step 2a and cites 004 2.

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
					{Name: "text", Description: "Your dispatch, sealed until the phase closes (on Discord leave it out to write it in a form)", Type: String, MaxLength: 1800, Placeholder: "text"},
				},
				Handle: handleDispatchSend,
			},
			{Name: "done", Description: "You have written all you will this phase", Ephemeral: true, Handle: handleDispatchDone},
			{Name: "inbox", Description: "The dispatches delivered to you", Ephemeral: true, Handle: handleDispatchInbox},
			{Name: "intercepted", Description: "Enemy dispatches in your hands: the Spy's, intercepted ones (overall commander)", Ephemeral: true, Handle: handleDispatchIntercepted},
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

// dispatchSendOpts are /dispatch send's options; Discord's form
// (components.go) reads them too.
type dispatchSendOpts struct {
	To   string `opt:"to,raw"`
	Text string `opt:"text,raw"` // the dispatch as written
}

func handleDispatchSend(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o dispatchSendOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	if err := dispatchTextMissing(o.Text); err != nil { // Discord's form: components.go
		return Reply{}, err
	}
	cmd := lrtg.SendDispatch{By: req.User, To: o.To, Text: o.Text}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		d := evs[0].(*lrtg.DispatchSent).Dispatch
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
	cmd := lrtg.DoneDispatches{By: req.User, Table: r.library.Table(lrtg.Of(before).DispatchTableID())}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		own := "✅ You are done writing this phase."
		if len(evs) == 1 {
			return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: own, Events: views}}}
		}
		rep := commsClosedReply(req, before, own+" Everyone is: the phase is closed.", views[:1])
		rep.Outputs = append(rep.Outputs, r.deliveries(after(before, evs), false)...)
		return rep
	})
}

func handleDispatchClose(ctx context.Context, r *Router, req Request) (Reply, error) {
	before, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Reason string `opt:"reason,raw"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.CloseComms{By: req.User, Table: r.library.Table(lrtg.Of(before).DispatchTableID()), Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		rep := commsClosedReply(req, before, "The communications phase is closed. "+rolledText(evs), views)
		rep.Outputs = append(rep.Outputs, r.deliveries(after(before, evs), false)...)
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
// channels the recipient reads them with /dispatch inbox. When the phase
// opens (opening) they are the late dispatches of earlier turns and the
// Spy's captures; when it closes, this phase's dispatches and their
// interceptions, each to the capturing side's overall commander.
func (r *Router) deliveries(g engine.GameState, opening bool) []Output {
	var out []Output
	for _, p := range g.Players {
		ch, ok := r.commanderChannel(g, p.Actor.ID)
		if !ok {
			continue
		}
		for _, d := range lrtg.Of(g).DispatchInbox(p.Actor.ID) {
			if d.Delivered == g.Turn && (d.Turn < g.Turn) == opening {
				out = append(out, Output{Audience: Audience{Kind: AudienceChannel, UserID: p.Actor.ID, Channel: ch}, Text: "📬 " + dispatchLine(d), Events: []EventView{}})
			}
		}
		if !p.Overall {
			continue
		}
		for _, c := range lrtg.Of(g).Captured(p.Side) {
			// The Spy's hand-over is posted when the Spy is rolled (1d:
			// spyCaptures); interceptions when the phase closes.
			if c.Captured == g.Turn && c.How != lrtg.CaptureSpy && !opening {
				out = append(out, Output{Audience: Audience{Kind: AudienceChannel, UserID: p.Actor.ID, Channel: ch}, Text: "🕵️ " + capturedLine(c), Events: []EventView{}})
			}
		}
	}
	return out
}

// spyCaptures posts the Spy's hand-over (000 2.0 7)) in the winning
// overall commander's private channel as the Spy is rolled (step 1d): the
// previous turn's enemy dispatches and those due now, which will not be
// delivered.
func (r *Router) spyCaptures(g engine.GameState) []Output {
	var out []Output
	for _, p := range g.Players {
		ch, ok := r.commanderChannel(g, p.Actor.ID)
		if !ok || !p.Overall {
			continue
		}
		for _, c := range lrtg.Of(g).Captured(p.Side) {
			if c.Captured == g.Turn && c.How == lrtg.CaptureSpy {
				out = append(out, Output{Audience: Audience{Kind: AudienceChannel, UserID: p.Actor.ID, Channel: ch}, Text: "🕵️ " + capturedLine(c), Events: []EventView{}})
			}
		}
	}
	return out
}

// commsOver is what the channel learns when the game's phase closes,
// citing the game's rule of the phase (LRTG 21.2, LRTA's 004 2): it
// reads commsOverText in LRTG.
func commsOver(g engine.GameState) string {
	return "📨 The communications phase is over (" + lrtg.Of(g).CommsRule() + ")."
}

// commsClosedReply: the actor sees the events given (a player his own
// "done", the umpire all); the channel only that the phase is over.
func commsClosedReply(req Request, g engine.GameState, own string, views []EventView) Reply {
	return Reply{Outputs: []Output{
		{Audience: Audience{Kind: AudienceEphemeral}, Text: own, Events: views},
		{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: commsOver(g), Events: []EventView{}},
	}}
}

// rolledText is the umpire's summary of the rolls.
func rolledText(evs []engine.Event) string {
	var parts []string
	for _, e := range evs {
		if d, ok := e.(*lrtg.DispatchRolled); ok {
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
	return ephemeralText(inboxText(g, req.User)), nil
}

// inboxText is a commander's inbox: what was delivered to him and, for
// an overall commander, the enemy dispatches in his hands.
func inboxText(g engine.GameState, viewer engine.Actor) string {
	var lines []string
	if in := lrtg.Of(g).DispatchInbox(viewer.ID); len(in) == 0 {
		lines = append(lines, "📭 No dispatch has been delivered to you.")
	} else {
		lines = append(lines, "📬 **Dispatches delivered to you**")
		for _, d := range in {
			lines = append(lines, dispatchLine(d))
		}
	}
	if p := g.Player(viewer.ID); p != nil && p.Overall {
		if cs := lrtg.Of(g).DispatchesCaptured(viewer); len(cs) > 0 {
			lines = append(lines, "🕵️ **Captured enemy dispatches**")
			for _, c := range cs {
				lines = append(lines, capturedLine(c))
			}
		}
	}
	return strings.Join(lines, "\n")
}

func handleDispatchIntercepted(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return ephemeralText(interceptedText(g, req.User)), nil
}

// interceptedText is what a viewer may read of the captured enemy
// dispatches: his side's overall commander reads them, the umpire all.
func interceptedText(g engine.GameState, viewer engine.Actor) string {
	umpire := g.IsUmpire(viewer)
	p := g.Player(viewer.ID)
	if !umpire && (p == nil || !p.Overall) {
		return "Only a side's overall commander receives the enemy dispatches his side captures (" + capturedRule(g) + ")."
	}
	cs := lrtg.Of(g).DispatchesCaptured(viewer)
	if len(cs) == 0 {
		return "🕵️ No enemy dispatch has fallen into your hands (" + capturedRule(g) + ")."
	}
	lines := []string{"🕵️ **Captured enemy dispatches** (" + capturedRule(g) + ")"}
	for _, c := range cs {
		l := capturedLine(c)
		if umpire {
			l = fmt.Sprintf("%s hold: %s", strings.ToUpper(string(c.By)), l)
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

// capturedRule cites the game's rule of captured dispatches.
func capturedRule(g engine.GameState) string { return seriesOf(g).capturedRule }

// capturedLine is a captured dispatch as its captor reads it: the writer,
// the intended recipient, when it was written and taken, and its text.
func capturedLine(c lrtg.CapturedDispatch) string {
	return fmt.Sprintf("From **%s** to **%s**, written turn %d, %s:\n> %s", c.From.Name, c.To.Name, c.Turn, c.CaptureText(), strings.ReplaceAll(c.Text, "\n", "\n> "))
}

func dispatchLine(d lrtg.Dispatch) string {
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
	for _, d := range lrtg.Of(g).DispatchInbox(recipient) {
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
	lines := []string{fmt.Sprintf("**Communications, turn %d** (%s; option %d)", g.Turn, lrtg.Of(g).CommsRule(), g.Options.Comms)}
	if lrtg.Of(g).Comms.Turn != g.Turn {
		lines = append(lines, "The phase (step "+lrtg.Of(g).CommsStep()+") has not begun this turn; the game is at step "+declOrNone(g.CurrentStep())+".")
		return ephemeralText(strings.Join(lines, "\n")), nil
	}
	if lrtg.Of(g).Comms.Closed {
		lines = append(lines, "The phase is closed.")
	}
	name := func(id string) string { return g.Units[id].Name }
	for _, pr := range lrtg.Of(g).Comms.Pairs {
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
	for _, d := range lrtg.Of(g).Comms.Dispatches {
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
	if w := g.Waiting(); g.CurrentStep() == lrtg.Of(g).CommsStep() && len(w) > 0 {
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
	if len(lrtg.Of(g).Comms.Dispatches) == 0 {
		return ephemeralText("No dispatch has been written."), nil
	}
	lines := []string{"**Every dispatch** (" + lrtg.Of(g).CommsRule() + ")"}
	taken := map[int]lrtg.CapturedDispatch{}
	for _, c := range lrtg.Of(g).DispatchesCaptured(req.User) {
		taken[c.ID] = c
	}
	for _, d := range lrtg.Of(g).Comms.Dispatches {
		fate := "sealed"
		if !d.Sealed() {
			fate = fmt.Sprintf("roll #%d: %d, %s", d.Roll, d.Face, d.Outcome)
			if d.RollSecret == engine.RollAudienceUmpire {
				fate = fmt.Sprintf("your secret roll #%d: %d, %s", d.Roll, d.Face, d.Outcome)
			}
			switch {
			case d.Delivered != 0:
				fate += fmt.Sprintf(", delivered turn %d", d.Delivered)
			case d.Outcome == lrtg.DispatchNextDay:
				fate += fmt.Sprintf(", due turn %d", d.Due)
			}
			if c, ok := taken[d.ID]; ok && c.How == lrtg.CaptureSpy {
				fate += fmt.Sprintf(", the %s Spy took it on turn %d", strings.ToUpper(string(c.By)), c.Captured)
			}
		}
		lines = append(lines, fmt.Sprintf("#%d turn %d, %s → %s (%d hexes; %s):\n> %s", d.ID, d.Turn, d.From.Name, d.To.Name, d.Hexes, fate, d.Text))
	}
	return ephemeralText(strings.Join(lines, "\n")), nil
}

func handleDispatchRule(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		A      string `opt:"a,raw"`
		B      string `opt:"b,raw"`
		Mode   string `opt:"mode,lower"`
		Hexes  int    `opt:"hexes" default:"-1" min:"0" bad:"comms.hexes|%q is not a distance|hexes:<0 or more>"` // -1: not given
		Reason string `opt:"reason,raw"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.RuleCommsPair{By: req.User, A: o.A, B: o.B, Mode: o.Mode, Hexes: o.Hexes, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		p := evs[0].(*lrtg.CommsPairRuled).Pair
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral},
			Text: fmt.Sprintf("⚖️ %s – %s: **%s**, %d hexes (%s).", p.A.Name, p.B.Name, p.Mode, p.Hexes, p.Why), Events: views}}}
	})
}

// presentComms tells what step 2d's procedure did: in the channel only
// that the phase is open and which sides the random events silence; the
// rolls of leftover dispatches and the deliveries are the umpire's.
func presentComms(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	switch e := e.(type) {
	case *lrtg.CommsOpened:
		lines := []string{"📨 The communications phase is open (" + lrtg.Of(g).CommsRule() + "): /dispatch status shows what you may do with each fellow commander."}
		if e.Option == 1 {
			lines = append(lines, "Written dispatches: /dispatch send, then /dispatch done; /dispatch inbox reads what reaches you.")
		}
		for _, s := range []engine.Side{engine.CSA, engine.USA} {
			if why := e.Silenced[s]; why != "" {
				lines = append(lines, why)
			}
		}
		out := []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: strings.Join(lines, "\n"), Events: []EventView{}}}
		return append(out, r.deliveries(g, true)...) // the late dispatches of the last turn, the Spy's
	case *lrtg.CommsClosed:
		out := r.deliveries(g, false)
		if out == nil {
			out = []Output{}
		}
		return out
	case *lrtg.DispatchRolled:
		return []Output{}
	case *engine.TableRolled:
		if e.Table == lrtg.DispatchTable || e.Table == lrtg.LRTADispatchTable {
			return []Output{}
		}
	}
	return nil
}
