package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Discord message components and modals (issue 8; DESIGN "Discord
// surface"). They are shortcuts, never the only way: every button stands
// for a command the output's text names, so the console, which has no
// buttons, shows the same text and the player types the command.
//
// A component's custom id is a route, as a URL path (STYLE: disgo), and
// carries everything needed to run the command again:
//
//	dispatch/<game channel>/<recipient id>           the dispatch form (modal)
//	act/<game channel>/<turn>.<step>.<phase>.<side>/pass
//	act/<game channel>/<turn>.<step>.<phase>.<side>/defer/<player id>
//	act/<game channel>/<turn>.<step>.<phase>.<side>/back
//
// Nothing in a custom id is trusted: a click or a submission runs the same
// engine command as the slash command, as the user who clicked, so the
// engine's own checks refuse what he may not do; the routes are checked
// too (the recipient is a commander of the game, the button's game is the
// one of the channel it was clicked in (the table, or a commander's private
// channel), the decision it was made for is the one under way).

// Button is a button of an output: on Discord a message component; in the
// console nothing (the output's text names Command).
type Button struct {
	ID      string `json:"id"`              // the custom id (a route, above)
	Label   string `json:"label"`           // at most 80 characters
	Command string `json:"command"`         // the command it stands for, e.g. "/action pass"
	Style   string `json:"style,omitempty"` // "primary"; default secondary
}

// Discord's limits on components.
const (
	maxButtonsPerRow = 5
	maxRows          = 5
	maxCustomID      = 100
	maxButtonLabel   = 80
	maxModalTitle    = 45
	maxInputLabel    = 45
)

// discordComponents are an output's buttons as Discord rows of at most
// five; nil when it has none.
func discordComponents(o Output) []discordgo.MessageComponent {
	if len(o.Buttons) == 0 {
		return nil
	}
	var rows []discordgo.MessageComponent
	var row discordgo.ActionsRow
	for i, b := range o.Buttons {
		if i == maxButtonsPerRow*maxRows {
			break
		}
		style := discordgo.SecondaryButton
		if b.Style == "primary" {
			style = discordgo.PrimaryButton
		}
		row.Components = append(row.Components, discordgo.Button{CustomID: b.ID, Label: clipN(b.Label, maxButtonLabel), Style: style})
		if len(row.Components) == maxButtonsPerRow {
			rows = append(rows, row)
			row = discordgo.ActionsRow{}
		}
	}
	if len(row.Components) > 0 {
		rows = append(rows, row)
	}
	return rows
}

// spent is a message's components with every button disabled: a button
// that did its work is not clicked twice.
func spent(comps []discordgo.MessageComponent) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, 0, len(comps))
	for _, c := range comps {
		switch c := c.(type) {
		case *discordgo.ActionsRow:
			out = append(out, discordgo.ActionsRow{Components: spent(c.Components)})
		case discordgo.ActionsRow:
			out = append(out, discordgo.ActionsRow{Components: spent(c.Components)})
		case *discordgo.Button:
			b := *c
			b.Disabled = true
			out = append(out, b)
		case discordgo.Button:
			c.Disabled = true
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// --- the dispatch form (LRTG 21.2) ---

// Form is a Discord modal with one paragraph input.
type Form struct {
	ID    string // custom id: dispatch/<game channel>/<recipient id>
	Title string
	Input FormInput
}

// FormInput is a form's text input.
type FormInput struct {
	ID          string
	Label       string
	Placeholder string
	Max         int
}

const dispatchFormPrefix = "dispatch/"

// dispatchTextMissing refuses /dispatch send without its text: on Discord
// the adapter opens the form before the router sees the command, so only
// the console (or a blank text) comes here.
func dispatchTextMissing(text string) error {
	if strings.TrimSpace(text) != "" {
		return nil
	}
	return &engine.RuleError{Kind: engine.ErrInvalid, Code: "dispatch.text", What: "A dispatch needs its text",
		Hint: "Write /dispatch send to:<commander> text:<your dispatch> (on Discord, leaving text out opens a form for it)"}
}

// wantsDispatchForm reports whether a request is /dispatch send without a
// text: on Discord it opens the form.
func wantsDispatchForm(req Request) bool {
	if req.Command != "dispatch" || len(req.Path) != 1 || req.Path[0] != "send" {
		return false
	}
	var o dispatchSendOpts
	_ = decodeOptions(req, &o) // strings: nothing to refuse
	return strings.TrimSpace(o.Text) == ""
}

// dispatchTextMax is the longest dispatch: the text option's limit, which
// is the engine's (engine/lrtg/comms.go dispatchMaxLen).
func (r *Router) dispatchTextMax() int {
	if c := r.Command("dispatch"); c != nil {
		if s := c.Sub("send"); s != nil {
			if o := s.Option("text"); o != nil && o.MaxLength > 0 {
				return o.MaxLength
			}
		}
	}
	return 1800
}

// DispatchForm checks /dispatch send to:<commander> as far as it can
// without the text, and returns the form to write it in; or, when the
// dispatch could not be sent anyway (no phase, not a fellow commander,
// already written), the refusal, so no one writes in vain.
func (r *Router) DispatchForm(ctx context.Context, req Request) (*Form, Reply) {
	start := r.now()
	c, rerr := r.resolve(req)
	if rerr == nil {
		rerr = c.check(req)
	}
	if rerr != nil {
		return nil, r.refused(req, start, rerr)
	}
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return nil, r.refused(req, start, err)
	}
	if !c.playedIn(g.Game()) { // games.go: another game's command
		return nil, r.refused(req, start, notThisGame(c, g.Game()))
	}
	// A trial of the engine's own command with a placeholder text: it
	// finds the recipient and every refusal but the text's.
	var o dispatchSendOpts
	if err := decodeOptions(req, &o); err != nil {
		return nil, r.refused(req, start, err)
	}
	evs, err := g.Decide(lrtg.SendDispatch{By: r.channelActor(req), To: o.To, Text: "…"}, engine.Script())
	if err != nil {
		return nil, r.refused(req, start, err)
	}
	var to engine.Actor
	for _, e := range evs {
		if s, ok := e.(*lrtg.DispatchSent); ok {
			to = s.Dispatch.To
		}
	}
	id := dispatchFormPrefix + req.ChannelID + "/" + to.ID
	if to.ID == "" || strings.Contains(to.ID, "/") || strings.Contains(req.ChannelID, "/") || len(id) > maxCustomID {
		return nil, r.refused(req, start, fmt.Errorf("no form for the recipient %q in %q", to.ID, req.ChannelID))
	}
	r.logInteraction(req, start, "form")
	return &Form{
		ID:    id,
		Title: clipN("Dispatch to "+to.Name, maxModalTitle),
		Input: FormInput{ID: "text", Label: "Your dispatch, sealed until the phase closes", Placeholder: "Your orders, news or questions for " + clipN(to.Name, 40), Max: r.dispatchTextMax()},
	}, Reply{}
}

// SubmitForm sends the dispatch written in the form: the same command,
// and the same reply, as /dispatch send to:<recipient> text:<text> in the
// form's game. The form must come from that game's channels, and its
// recipient must be a commander of the game (the engine then checks he is
// a fellow commander one may write to).
func (r *Router) SubmitForm(ctx context.Context, req Request, customID string, values map[string]string) Reply {
	start := r.now()
	rest, _ := strings.CutPrefix(customID, dispatchFormPrefix)
	p := strings.Split(rest, "/")
	if !strings.HasPrefix(customID, dispatchFormPrefix) || len(p) != 2 || p[0] == "" || p[1] == "" {
		return r.refused(req, start, &engine.RuleError{Kind: engine.ErrInvalid, Code: "form.unknown", What: "This form is not one the umpire knows",
			Hint: "Write a dispatch with /dispatch send to:<commander>"})
	}
	from, to := req.ChannelID, p[1]
	req.ChannelID = p[0]
	if rep, ok := r.delivered(ctx, req, start); ok {
		return rep
	}
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return r.refused(req, start, err)
	}
	if from != req.ChannelID && !gameChannel(g, from) {
		return r.refused(req, start, &engine.RuleError{Kind: engine.ErrIllegal, Code: "component.channel", What: "This form belongs to a game of another channel",
			Hint: "Write a dispatch with /dispatch send to:<commander> in your game's channels"})
	}
	if g.Player(to) == nil {
		return r.refused(req, start, &engine.RuleError{Kind: engine.ErrInvalid, Code: "dispatch.form",
			What: "This dispatch form is addressed to someone who is not a commander of this game", Hint: "Open a new one with /dispatch send to:<commander>"})
	}
	req.Command, req.Path = "dispatch", []string{"send"}
	req.Options = map[string]string{"to": to, "text": values["text"]}
	return r.Handle(ctx, req)
}

// --- initiative deferral (LRTG 21.1 Initiative Determination) ---

const actionRoutePrefix = "act/"

// actionRoute is a parsed action button.
type actionRoute struct {
	channel string // the game's channel (its stream)
	key     string // the decision it was made for: turn.step.phase.side
	verb    string // pass, defer or back
	player  string // defer: the subordinate's id
}

func (a actionRoute) id() string {
	id := actionRoutePrefix + a.channel + "/" + a.key + "/" + a.verb
	if a.player != "" {
		id += "/" + a.player
	}
	return id
}

func parseActionRoute(id string) (actionRoute, bool) {
	rest, ok := strings.CutPrefix(id, actionRoutePrefix)
	if !ok {
		return actionRoute{}, false
	}
	p := strings.Split(rest, "/")
	if len(p) < 3 || p[0] == "" || p[1] == "" {
		return actionRoute{}, false
	}
	a := actionRoute{channel: p[0], key: p[1], verb: p[2]}
	switch {
	case a.verb == "pass" && len(p) == 3, a.verb == "back" && len(p) == 3:
	case a.verb == "defer" && len(p) == 4 && p[3] != "":
		a.player = p[3]
	default:
		return actionRoute{}, false
	}
	return a, true
}

// decisionKey names the decision under way: its turn, step, action phase
// and side.
func decisionKey(g engine.GameState) string {
	a := lrtg.Of(g).Actions
	return fmt.Sprintf("%d.%s.%d.%s", a.Turn, a.Step, a.Phase, a.ToDecide)
}

// pendingDecision reports whether the action cycle waits for a side's
// decision with the initiative (not the opening's activations, not an
// action under way).
func pendingDecision(g engine.GameState) bool {
	a := lrtg.Of(g).Actions
	step := g.CurrentStep()
	return (step == "4a" || step == "4b") && a.Turn == g.Turn && a.Step == step && a.Skipped == "" && !a.Over &&
		!a.Opening && a.Active == nil && a.ToDecide != ""
}

// decisionOutputs tells the commander who decides for the side with the
// initiative that the decision is his, with buttons for what needs no
// unit: Pass and Defer to <subordinate> for the overall commander, Defer
// back for a subordinate deferred to (LRTG 21.1). Activation stays a
// slash command: it names a unit. Only for a side of several commanders,
// and only after events that hand a decision on (the initiative won, a
// pass, a deferral). The message goes to the decider's private channel
// when the game has one; otherwise to the table channel, where the
// initiative is told today, unless the deferral it follows is secret
// there (limited intelligence).
func decisionOutputs(req Request, g engine.GameState, evs []engine.Event) []Output {
	handed, secret := false, false
	for _, e := range evs {
		switch e := e.(type) {
		case *lrtg.InitiativeWon:
			handed = true
		case *lrtg.Passed:
			handed = handed || !e.Ends
		case *lrtg.Deferred:
			handed, secret = true, g.Options.LimitedIntel
		}
	}
	if !handed || !pendingDecision(g) {
		return nil
	}
	a := lrtg.Of(g).Actions
	var side []engine.Player
	var overall *engine.Player
	for _, p := range g.Players {
		if p.Side == a.ToDecide {
			side = append(side, p)
			if p.Overall {
				overall = &p
			}
		}
	}
	if len(side) < 2 || overall == nil {
		return nil
	}
	decider := *overall
	if a.Holder != "" {
		p := g.Player(a.Holder)
		if p == nil {
			return nil
		}
		decider = *p
	}
	aud := Audience{Kind: AudienceChannel, Channel: req.ChannelID}
	if ch, ok := g.Channels.Channel(decider.Actor.ID); ok {
		aud = Audience{Kind: AudienceChannel, UserID: decider.Actor.ID, Channel: ch}
	} else if secret {
		return nil
	}
	S := strings.ToUpper(string(a.ToDecide))
	where := actionWhere(g, a.Step, a.Phase)
	route := actionRoute{channel: req.ChannelID, key: decisionKey(g)}
	var text string
	var buttons []Button
	if a.Holder != "" {
		text = fmt.Sprintf("🎖️ **%s**: %s deferred the %s's decision to you (%s; LRTG 21.1). Activate one of your leaders or units with /action activate leader_or_unit:<unit> (a slash command: it names the unit), or give the decision back with /action defer.",
			decider.Actor.Name, overall.Actor.Name, S, where)
		r := route
		r.verb = "back"
		buttons = append(buttons, Button{ID: r.id(), Label: "Defer back to " + overall.Actor.Name, Command: "/action defer"})
	} else {
		why := "it has the initiative"
		if len(a.Passed) > 0 {
			why = fmt.Sprintf("the %s passed", strings.ToUpper(string(a.Passed[0])))
		}
		text = fmt.Sprintf("🎖️ **%s**: the %s's decision is yours (%s: %s; LRTG 21.1). Activate a leader or unit with /action activate leader_or_unit:<unit> (a slash command: it names the unit), /action army, or pass with /action pass, or defer it to a subordinate with /action defer player:<name>.",
			decider.Actor.Name, S, where, why)
		r := route
		r.verb = "pass"
		buttons = append(buttons, Button{ID: r.id(), Label: "Pass", Command: "/action pass", Style: "primary"})
		for _, p := range side {
			if p.Overall {
				continue
			}
			r := route
			r.verb, r.player = "defer", p.Actor.ID
			buttons = append(buttons, Button{ID: r.id(), Label: "Defer to " + p.Actor.Name, Command: "/action defer player:" + p.Actor.Name})
		}
	}
	for _, b := range buttons {
		if len(b.ID) > maxCustomID || strings.Count(b.ID, "/") > 4 {
			buttons = nil // ids that do not fit a route: the text commands only
			break
		}
	}
	return []Output{{Audience: aud, Text: text, Events: []EventView{}, Buttons: buttons}}
}

// buttonGame moves a click to its button's game channel and reads the
// game there. done: rep is the answer already (a redelivered click's
// recorded reply, no game, or a button of another game's channel).
func (r *Router) buttonGame(ctx context.Context, req Request, start time.Time, channel string) (g engine.GameState, _ Request, rep Reply, done bool) {
	from := req.ChannelID
	req.ChannelID = channel
	if rep, ok := r.delivered(ctx, req, start); ok {
		return g, req, rep, true
	}
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return g, req, r.refused(req, start, err), true
	}
	if from != channel && !gameChannel(g, from) {
		return g, req, r.refused(req, start, &engine.RuleError{Kind: engine.ErrIllegal, Code: "component.channel", What: "This button belongs to a game of another channel",
			Hint: "Use the buttons of your game's channels, or its slash commands"}), true
	}
	return g, req, Reply{}, false
}

// Press runs the command of an action button, as the user who clicked it,
// in the button's game.
func (r *Router) Press(ctx context.Context, req Request, customID string) Reply {
	if strings.HasPrefix(customID, litnOptionPrefix) {
		return r.pressLITNOption(ctx, req, customID) // litn_play_combat.go
	}
	start := r.now()
	rt, ok := parseActionRoute(customID)
	if !ok {
		return r.refused(req, start, &engine.RuleError{Kind: engine.ErrInvalid, Code: "component.unknown", What: "This button is not one the umpire knows",
			Hint: "Use the slash commands; /help lists them"})
	}
	g, req, rep, done := r.buttonGame(ctx, req, start, rt.channel)
	if done {
		return rep
	}
	if !pendingDecision(g) || decisionKey(g) != rt.key {
		return r.refused(req, start, &engine.RuleError{Kind: engine.ErrIllegal, Code: "component.stale", What: "This button was for a decision that is no longer the one under way",
			Hint: "/action show says where the action cycle is"})
	}
	req.Command, req.Options = "action", map[string]string{}
	switch rt.verb {
	case "pass":
		req.Path = []string{"pass"}
	case "defer":
		req.Path, req.Options["player"] = []string{"defer"}, rt.player
	case "back":
		req.Path = []string{"defer"}
	}
	return r.Handle(ctx, req)
}

// delivered returns the saved reply of an interaction delivered before:
// its checks are past (a click that ran makes its decision stale).
func (r *Router) delivered(ctx context.Context, req Request, start time.Time) (Reply, bool) {
	rep, ok, err := r.savedReply(ctx, req.InteractionID)
	if err != nil || !ok {
		return Reply{}, false
	}
	rep.addressEphemeral(req.User.ID)
	r.logInteraction(req, start, "duplicate")
	return rep, true
}

// gameChannel reports whether a channel is one of the game's private
// channels.
func gameChannel(g engine.GameState, channel string) bool {
	for id := range g.Channels.Players {
		if ch, ok := g.Channels.Channel(id); ok && ch == channel {
			return true
		}
	}
	return false
}

// refused answers a component or form the router refuses before its
// command runs, logged as Handle logs a command.
func (r *Router) refused(req Request, start time.Time, err error) Reply {
	var re *engine.RuleError
	rep, outcome := internalReply(), "internal"
	var busy *busyError
	if errors.As(err, &busy) {
		rep, outcome = busyReply(), "busy"
	} else if errors.As(err, &re) {
		rep, outcome = errorReply(re), "invalid"
		if errors.Is(re, engine.ErrIllegal) {
			outcome = "illegal"
		}
	} else {
		r.log.Error("component failed", "command", commandLine(req), "user", req.User.ID, "channel", req.ChannelID, "err", err)
	}
	rep.addressEphemeral(req.User.ID)
	r.logInteraction(req, start, outcome)
	return rep
}

func (r *Router) logInteraction(req Request, start time.Time, outcome string) {
	r.log.Info("interaction",
		"id", req.InteractionID, "command", commandLine(req), "user", req.User.ID,
		"guild", req.GuildID, "channel", req.ChannelID,
		"outcome", outcome, "duration_ms", float64(r.now().Sub(start).Microseconds())/1000)
}

// --- the Discord side ---

// componentRequest is the request of a component or modal interaction:
// who, where; the command comes from the custom id.
func componentRequest(i *discordgo.Interaction, command string) Request {
	req := Request{InteractionID: i.ID, GuildID: i.GuildID, ChannelID: i.ChannelID, Command: command, Options: map[string]string{}}
	if u := interactionUser(i); u != nil {
		name := u.GlobalName
		if i.Member != nil && i.Member.Nick != "" {
			name = i.Member.Nick
		}
		if name == "" {
			name = u.Username
		}
		req.User = engine.Actor{ID: u.ID, Name: name}
	}
	if i.Member != nil {
		req.Manager = i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
		req.Roles = i.Member.Roles
	}
	return req
}

func (d *Discord) handlerContext() context.Context {
	if d.ctx == nil {
		return context.Background()
	}
	return d.ctx
}

// openDispatchForm answers /dispatch send without a text with the form
// (Discord's modal), or with the refusal. It reports whether the request
// was one.
func (d *Discord) openDispatchForm(i *discordgo.Interaction, req Request) bool {
	if !wantsDispatchForm(req) {
		return false
	}
	d.inflight.Add(1)
	defer d.inflight.Done()
	ctx := d.handlerContext()
	d.router.linkRequest(ctx, &req) // from a commander's private channel: the table's game (links.go)
	form, rep := d.router.DispatchForm(ctx, req)
	if form == nil {
		d.respond(i, rep)
		return true
	}
	err := d.session.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: form.ID, Title: form.Title, Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{
				CustomID: form.Input.ID, Label: form.Input.Label, Style: discordgo.TextInputParagraph,
				Placeholder: clipN(form.Input.Placeholder, 100), Required: true, MinLength: 1, MaxLength: form.Input.Max,
			}}},
		}},
	})
	if err != nil {
		d.log.Error("discord: open form", "id", i.ID, "err", err)
	}
	return true
}

// onModalSubmit sends what a form holds: an ephemeral answer as the slash
// command's, deferred when it takes long.
func (d *Discord) onModalSubmit(i *discordgo.Interaction) {
	d.inflight.Add(1)
	defer d.inflight.Done()
	data := i.ModalSubmitData()
	values := map[string]string{}
	var walk func([]discordgo.MessageComponent)
	walk = func(cs []discordgo.MessageComponent) {
		for _, c := range cs {
			switch c := c.(type) {
			case *discordgo.ActionsRow:
				walk(c.Components)
			case *discordgo.TextInput:
				values[c.CustomID] = c.Value
			}
		}
	}
	walk(data.Components)
	req := componentRequest(i, "dispatch")
	done := make(chan Reply, 1)
	go func() { done <- d.router.SubmitForm(d.handlerContext(), req, data.CustomID, values) }()
	timer := time.NewTimer(d.deferAfter)
	defer timer.Stop()
	var rep Reply
	select {
	case rep = <-done:
		d.respond(i, rep)
	case <-timer.C:
		err := d.session.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		})
		if err != nil {
			d.log.Error("discord: defer form", "id", i.ID, "err", err)
		}
		rep = <-done
		d.followUp(i, rep, true)
	}
	d.post(i, rep)
}

// onComponent runs a clicked button's command. A refusal is the clicker's
// alone (ephemeral); a command that ran disables the buttons of the
// message (they did their work) and posts its outputs where they belong:
// the table's news to the table, the actor's to him, a decision to the
// next decider's channel.
func (d *Discord) onComponent(i *discordgo.Interaction) {
	d.inflight.Add(1)
	defer d.inflight.Done()
	data := i.MessageComponentData()
	req := componentRequest(i, "action")
	done := make(chan Reply, 1)
	go func() { done <- d.router.Press(d.handlerContext(), req, data.CustomID) }()
	timer := time.NewTimer(d.deferAfter)
	defer timer.Stop()
	deferred := false
	var rep Reply
	select {
	case rep = <-done:
	case <-timer.C:
		deferred = true
		if err := d.session.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
			d.log.Error("discord: defer click", "id", i.ID, "err", err)
		}
		rep = <-done
	}
	if rep.Duplicate || rep.first().Error != nil {
		if !deferred {
			d.respond(i, rep)
			return
		}
		if !rep.Duplicate {
			if _, err := d.session.FollowupMessageCreate(i, true, followupParams(rep.first(), false)); err != nil {
				d.log.Error("discord: click refusal", "id", i.ID, "err", err)
			}
		}
		return
	}
	var comps []discordgo.MessageComponent
	var content string
	var embeds []*discordgo.MessageEmbed
	if i.Message != nil {
		comps, content, embeds = spent(i.Message.Components), i.Message.Content, i.Message.Embeds
	}
	var err error
	if deferred {
		_, err = d.session.InteractionResponseEdit(i, spentButtonsEdit(comps))
	} else {
		err = d.session.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: spentButtons(content, embeds, comps),
		})
	}
	if err != nil {
		d.log.Error("discord: spend buttons", "id", i.ID, "err", err)
	}
	// Every output is sent as post sends the ones after the first.
	d.post(i, Reply{Outputs: append([]Output{{}}, rep.Outputs...)})
}
