package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// cpReq is a request in a channel of the fake Discord's guild.
func cpReq(u engine.Actor, channel, command string, path []string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g1", ChannelID: channel, User: u, Command: command, Path: path, Options: opts}
}

// cpStepTo steps a game to a step through the router, forcing what waits.
func cpStepTo(t *testing.T, r *Router, channel, step string) {
	t.Helper()
	for i := 0; i < 40; i++ {
		out := r.Handle(context.Background(), cpReq(umpireA, channel, "phase", []string{"next"}, map[string]string{"force": "true", "reason": "the test moves on"})).first()
		if out.Error != nil {
			t.Fatalf("/phase next toward %s: %s", step, out.Text)
		}
		if gameIn(t, r, channel).CurrentStep() == step {
			return
		}
	}
	t.Fatalf("step %s never came", step)
}

// cpCommsGame is commsGame in a channel of the fake's guild: Lee and Pete
// against Meade, Longstreet and Stuart sent to Winchester, at step 2d.
func cpCommsGame(t *testing.T, r *Router, channel string) {
	t.Helper()
	mustOK(t, r, cpReq(umpireA, channel, "game", []string{"new"}, map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, cpReq(leeA, channel, "game", []string{"join"}, map[string]string{"side": "csa"}))
	mustOK(t, r, cpReq(peteA, channel, "game", []string{"join"}, map[string]string{"side": "csa", "command": "1,Cav,Rich"}))
	mustOK(t, r, cpReq(meadeA, channel, "game", []string{"join"}, map[string]string{"side": "usa"}))
	mustOK(t, r, cpReq(umpireA, channel, "game", []string{"start"}, nil))
	mustOK(t, r, cpReq(umpireA, channel, "move", nil, map[string]string{"units": "Longstreet,Stuart", "to": "Winchester", "reason": "test"}))
	cpStepTo(t, r, channel, "2d")
}

// slash sends a slash command through the fake and returns its first
// callback.
func slash(t *testing.T, b *botUnderTest, c discordtest.SlashCommand) (*discordgo.Interaction, *discordtest.Callback) {
	t.Helper()
	c.GuildID = "g1"
	i := b.srv.SlashCommand(c)
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := b.srv.WaitCallback(waitCtx(t), i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	return i, cbs[0]
}

// answered waits for an interaction's callback and returns its data.
func answered(t *testing.T, b *botUnderTest, i *discordgo.Interaction) *discordtest.Callback {
	t.Helper()
	cbs, err := b.srv.WaitCallback(waitCtx(t), i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !cbs[0].Accepted {
		t.Fatalf("callback refused: %s", cbs[0].Request)
	}
	return cbs[0]
}

func ephemeralWith(t *testing.T, what string, cb *discordtest.Callback, wants ...string) {
	t.Helper()
	d := cb.Response.Data
	if cb.Response.Type != discordgo.InteractionResponseChannelMessageWithSource || d == nil || d.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("%s: not an ephemeral answer: %+v", what, cb.Response)
	}
	for _, w := range wants {
		if !strings.Contains(d.Content, w) {
			t.Errorf("%s: %q lacks %q", what, d.Content, w)
		}
	}
}

// /dispatch send to:<commander> without a text opens the form on Discord;
// submitting it seals the dispatch as the slash command with text: would;
// a forged form is refused; the console keeps text: required.
func TestDiscordDispatchForm(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), SeededSource{}, DiscordOptions{GuildID: "g1"})
	cpCommsGame(t, b.router, "c1")
	const secret = "SECRET-FORM hold the Winchester road"

	// Lee opens the form to Pete: nothing is sent yet.
	open, cb := slash(t, b, discordtest.SlashCommand{Name: "dispatch", Subcommand: "send", ChannelID: "c1", UserID: leeA.ID, Username: leeA.Name,
		Options: []discordtest.Option{{Name: "to", Value: "Pete"}}})
	if !cb.Accepted || cb.Response.Type != discordgo.InteractionResponseModal {
		t.Fatalf("/dispatch send to:Pete answered %+v", cb.Response)
	}
	m := b.srv.Modal(open.ID)
	if m.CustomID != "dispatch/c1/"+peteA.ID || m.Title != "Dispatch to Pete" || len(m.Components) != 1 {
		t.Fatalf("form = %+v", m)
	}
	in := m.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput)
	if in.Style != discordgo.TextInputParagraph || !in.Required || in.MaxLength != 1800 || in.CustomID != "text" {
		t.Errorf("input = %+v", in)
	}
	if n := len(lrtg.Of(gameIn(t, b.router, "c1")).Comms.Dispatches); n != 0 {
		t.Fatalf("opening the form sent %d dispatches", n)
	}
	// Too long for the engine: Discord's client refuses it first.
	if _, err := b.srv.SubmitModal(open.ID, map[string]string{"text": strings.Repeat("x", 1801)}); err == nil {
		t.Error("a 1801-character dispatch was submitted")
	}
	sub, err := b.srv.SubmitModal(open.ID, map[string]string{"text": secret})
	if err != nil {
		t.Fatal(err)
	}
	ephemeralWith(t, "the form's submission", answered(t, b, sub), "🔒 Your dispatch to Pete is sealed and sent")
	g := gameIn(t, b.router, "c1")
	if len(lrtg.Of(g).Comms.Dispatches) != 1 {
		t.Fatalf("dispatches = %+v", lrtg.Of(g).Comms.Dispatches)
	}
	if d := lrtg.Of(g).Comms.Dispatches[0]; d.From.ID != leeA.ID || d.To.ID != peteA.ID || d.Text != secret || !d.Sealed() {
		t.Errorf("dispatch = %+v", d)
	}
	for _, ch := range []string{"c1"} {
		for _, msg := range msgs(b.srv.ChannelMessages(ch)) {
			if strings.Contains(msg, "SECRET-FORM") {
				t.Errorf("the dispatch reached channel %s: %q", ch, msg)
			}
		}
	}

	// One a phase: a second form is refused before anyone writes in it.
	again, cb := slash(t, b, discordtest.SlashCommand{Name: "dispatch", Subcommand: "send", ChannelID: "c1", UserID: leeA.ID, Username: leeA.Name,
		Options: []discordtest.Option{{Name: "to", Value: "Pete"}}})
	ephemeralWith(t, "a second form", cb, "already")
	if b.srv.Modal(again.ID) != nil {
		t.Error("a form opened for a dispatch the rules refuse")
	}
	// The enemy is no one to write to.
	_, cb = slash(t, b, discordtest.SlashCommand{Name: "dispatch", Subcommand: "send", ChannelID: "c1", UserID: meadeA.ID, Username: meadeA.Name,
		Options: []discordtest.Option{{Name: "to", Value: "Lee"}}})
	ephemeralWith(t, "Meade's form to Lee", cb, "not a fellow commander")

	// Forged forms: a recipient who is not in the game; the enemy.
	forged := b.srv.ModalSubmitInteraction(discordtest.ModalSubmit{CustomID: "dispatch/c1/u404", Inputs: map[string]string{"text": "x"}, GuildID: "g1", ChannelID: "c1", UserID: peteA.ID, Username: peteA.Name})
	if _, err := b.srv.DispatchInteraction(forged); err != nil {
		t.Fatal(err)
	}
	ephemeralWith(t, "a form to u404", answered(t, b, forged), "not a commander of this game")
	forged = b.srv.ModalSubmitInteraction(discordtest.ModalSubmit{CustomID: "dispatch/c1/" + meadeA.ID, Inputs: map[string]string{"text": "x"}, GuildID: "g1", ChannelID: "c1", UserID: peteA.ID, Username: peteA.Name})
	if _, err := b.srv.DispatchInteraction(forged); err != nil {
		t.Fatal(err)
	}
	ephemeralWith(t, "Pete's form to Meade", answered(t, b, forged), "not a fellow commander")
	// A form of this game submitted from a channel that is not the game's.
	forged = b.srv.ModalSubmitInteraction(discordtest.ModalSubmit{CustomID: "dispatch/c1/" + leeA.ID, Inputs: map[string]string{"text": "x"}, GuildID: "g1", ChannelID: "c7", UserID: peteA.ID, Username: peteA.Name})
	if _, err := b.srv.DispatchInteraction(forged); err != nil {
		t.Fatal(err)
	}
	ephemeralWith(t, "a form from another channel", answered(t, b, forged), "belongs to a game of another channel")
	if n := len(lrtg.Of(gameIn(t, b.router, "c1")).Comms.Dispatches); n != 1 {
		t.Errorf("forged forms sent dispatches: %d", n)
	}
	if rej := b.srv.Rejected(); len(rej) != 0 {
		t.Errorf("Discord refused: %v", rej)
	}

	// The console has no forms: text stays required, and says so.
	out := b.router.Handle(context.Background(), cpReq(peteA, "c1", "dispatch", []string{"send"}, map[string]string{"to": "Lee"})).first()
	if out.Error == nil || out.Error.Code != "dispatch.text" || !strings.Contains(out.Text, "text:<your dispatch>") {
		t.Errorf("the console's send without text: %+v", out)
	}
}

var jebCpA = engine.Actor{ID: "u3", Name: "Jeb Stuart"}

// cpFourCommanders: Lee and Jeb Stuart against Meade and Hancock, dice
// from the router's source (no seed).
func cpFourCommanders(t *testing.T, r *Router, channel string, extra map[string]string) {
	t.Helper()
	opts := map[string]string{"scenario": "lrtg-high-tide"}
	for k, v := range extra {
		opts[k] = v
	}
	mustOK(t, r, cpReq(umpireA, channel, "game", []string{"new"}, opts))
	mustOK(t, r, cpReq(leeA, channel, "game", []string{"join"}, map[string]string{"side": "csa", "command": "1"}))
	mustOK(t, r, cpReq(jebCpA, channel, "game", []string{"join"}, map[string]string{"side": "csa", "command": "Cav,2,Rich"}))
	mustOK(t, r, cpReq(meadeA, channel, "game", []string{"join"}, map[string]string{"side": "usa", "command": "I"}))
	mustOK(t, r, cpReq(hancockChA, channel, "game", []string{"join"}, map[string]string{"side": "usa", "command": "II,III,V,VI,XI,XII,Cav"}))
}

// buttonLabels are a message's buttons as "label=custom id".
func buttonLabels(b *botUnderTest, id string) map[string]*discordgo.Button {
	out := map[string]*discordgo.Button{}
	for _, x := range b.srv.Buttons(id) {
		out[x.Label] = x
	}
	return out
}

// lastMessage is the last message the bot posted in a channel.
func lastMessage(t *testing.T, b *botUnderTest, channel string, n int) *discordtest.ChannelMessage {
	t.Helper()
	ms, err := b.srv.WaitChannelMessage(waitCtx(t), channel, n)
	if err != nil {
		t.Fatalf("channel %s: %v (has %q)", channel, err, msgs(b.srv.ChannelMessages(channel)))
	}
	if len(ms) != n {
		t.Fatalf("channel %s has %d messages, want %d: %q", channel, len(ms), n, msgs(ms))
	}
	return ms[n-1]
}

// click plays a user clicking a button and returns the callback.
func click(t *testing.T, b *botUnderTest, msg string, id string, u engine.Actor) *discordtest.Callback {
	t.Helper()
	i, err := b.srv.ClickButton(discordtest.Component{MessageID: msg, CustomID: id, GuildID: "g1", UserID: u.ID, Username: u.Name})
	if err != nil {
		t.Fatal(err)
	}
	return answered(t, b, i)
}

// The initiative through the fake Discord with private channels (LRTG
// 21.1): the decision with its buttons goes to the overall commander's
// channel only; others' clicks are refused by the engine's checks; a
// deferral to the subordinate moves the buttons to his channel (Defer
// back), and back; a pass hands the enemy's overall commander his.
func TestDiscordInitiativeButtons(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), ScriptedSource(5, 2, 5, 2, 5, 2), DiscordOptions{GuildID: "g1"})
	cpFourCommanders(t, b.router, "c1", nil)
	umpireSlash(t, b, "c1", "start")
	g := gameIn(t, b.router, "c1")
	if len(g.Channels.Players) != 4 {
		t.Fatalf("channels = %+v", g.Channels)
	}
	ch := func(u engine.Actor) string { return g.Channels.Players[u.ID] }
	for _, u := range []engine.Actor{leeA, jebCpA, meadeA, hancockChA} {
		lastMessage(t, b, ch(u), 1) // the welcome
	}
	cpStepTo(t, b.router, "c1", "4a")
	_, cb := slash(t, b, discordtest.SlashCommand{Name: "action", Subcommand: "rolls", ChannelID: "c1", UserID: umpireA.ID, Username: umpireA.Name,
		Options: []discordtest.Option{{Name: "reason", Value: "Hood left Culpeper County"}}})
	if d := cb.Response.Data; !strings.Contains(d.Content, "**The CSA has the initiative**") || len(d.Components) != 0 {
		t.Fatalf("the table's answer: %q with %d components", d.Content, len(d.Components))
	}

	// Lee's channel, and no one else's, gets the decision with its buttons.
	dec := lastMessage(t, b, ch(leeA), 2)
	if !strings.Contains(dec.Data.Content, "**Lee**: the CSA's decision is yours") || !strings.Contains(dec.Data.Content, "/action activate") ||
		!strings.Contains(dec.Data.Content, "/action defer player:<name>") {
		t.Errorf("Lee's decision: %q", dec.Data.Content)
	}
	bs := buttonLabels(b, dec.Message.ID)
	if len(bs) != 2 || bs["Pass"] == nil || bs["Defer to Jeb Stuart"] == nil {
		t.Fatalf("Lee's buttons: %v", bs)
	}
	for _, u := range []engine.Actor{jebCpA, meadeA, hancockChA} {
		if n := len(b.srv.ChannelMessages(ch(u))); n != 1 {
			t.Errorf("%s's channel got %d messages: %q", u.Name, n, msgs(b.srv.ChannelMessages(ch(u))))
		}
	}
	for _, m := range b.srv.ChannelMessages("c1") {
		if len(m.Data.Components) != 0 {
			t.Errorf("the table got buttons: %q", m.Data.Content)
		}
	}

	// Clicks by others: the engine refuses, to the clicker alone.
	ephemeralWith(t, "Meade's click", click(t, b, dec.Message.ID, bs["Pass"].CustomID, meadeA), "It is the CSA's decision, not yours")
	ephemeralWith(t, "Jeb's click", click(t, b, dec.Message.ID, bs["Pass"].CustomID, jebCpA), "overall commander decides")
	if a := lrtg.Of(gameIn(t, b.router, "c1")).Actions; len(a.Passed) != 0 || a.Holder != "" {
		t.Fatalf("a refused click changed the cycle: %+v", a)
	}
	if bs := buttonLabels(b, dec.Message.ID); bs["Pass"].Disabled {
		t.Error("a refused click spent the buttons")
	}

	// Lee defers to Jeb: his buttons are spent; Jeb's channel gets Defer back.
	told := len(b.srv.ChannelMessages("c1"))
	cb = click(t, b, dec.Message.ID, bs["Defer to Jeb Stuart"].CustomID, leeA)
	if cb.Response.Type != discordgo.InteractionResponseUpdateMessage {
		t.Errorf("Lee's deferral answered %+v", cb.Response)
	}
	if a := lrtg.Of(gameIn(t, b.router, "c1")).Actions; a.Holder != jebCpA.ID {
		t.Fatalf("holder = %q", a.Holder)
	}
	for _, x := range b.srv.Buttons(dec.Message.ID) {
		if !x.Disabled {
			t.Errorf("%s still enabled", x.Label)
		}
	}
	if _, err := b.srv.ClickButton(discordtest.Component{MessageID: dec.Message.ID, CustomID: bs["Pass"].CustomID, GuildID: "g1", UserID: leeA.ID}); err == nil {
		t.Error("a spent button was clicked")
	}
	table := lastMessage(t, b, "c1", told+1)
	if !strings.Contains(table.Data.Content, "Lee defers the CSA's decision to Jeb Stuart") {
		t.Errorf("the table: %q", table.Data.Content)
	}
	jeb := lastMessage(t, b, ch(jebCpA), 2)
	jbs := buttonLabels(b, jeb.Message.ID)
	if len(jbs) != 1 || jbs["Defer back to Lee"] == nil || !strings.Contains(jeb.Data.Content, "Lee deferred the CSA's decision to you") {
		t.Fatalf("Jeb's decision: %q %v", jeb.Data.Content, jbs)
	}
	// Lee's old button (forged: it is spent) is stale now.
	forged := b.srv.ComponentInteraction(discordtest.Component{CustomID: bs["Pass"].CustomID, GuildID: "g1", ChannelID: ch(leeA), UserID: leeA.ID, Username: leeA.Name})
	if _, err := b.srv.DispatchInteraction(forged); err != nil {
		t.Fatal(err)
	}
	ephemeralWith(t, "Lee's pass while Jeb decides", answered(t, b, forged), "The decision is deferred to Jeb Stuart")

	// Jeb gives it back: Lee's channel gets the decision again; he passes.
	if cb := click(t, b, jeb.Message.ID, jbs["Defer back to Lee"].CustomID, jebCpA); cb.Response.Type != discordgo.InteractionResponseUpdateMessage {
		t.Errorf("Jeb's deferral back answered %+v", cb.Response)
	}
	dec = lastMessage(t, b, ch(leeA), 3)
	bs = buttonLabels(b, dec.Message.ID)
	if bs["Pass"] == nil || lrtg.Of(gameIn(t, b.router, "c1")).Actions.Holder != "" {
		t.Fatalf("Lee's decision again: %q %v", dec.Data.Content, bs)
	}
	click(t, b, dec.Message.ID, bs["Pass"].CustomID, leeA)
	if a := lrtg.Of(gameIn(t, b.router, "c1")).Actions; len(a.Passed) != 1 || a.ToDecide != engine.USA {
		t.Fatalf("after Lee's pass: %+v", a)
	}
	meade := lastMessage(t, b, ch(meadeA), 2)
	if mbs := buttonLabels(b, meade.Message.ID); mbs["Pass"] == nil || mbs["Defer to Hancock"] == nil || !strings.Contains(meade.Data.Content, "the CSA passed") {
		t.Errorf("Meade's decision: %q %v", meade.Data.Content, mbs)
	}
	if n := len(b.srv.ChannelMessages(ch(hancockChA))); n != 1 {
		t.Errorf("Hancock's channel got %d messages", n)
	}
	// A button of another game's channel is refused.
	forged = b.srv.ComponentInteraction(discordtest.Component{CustomID: strings.Replace(buttonLabels(b, meade.Message.ID)["Pass"].CustomID, "act/c1/", "act/c9/", 1),
		GuildID: "g1", ChannelID: ch(meadeA), UserID: meadeA.ID, Username: meadeA.Name})
	if _, err := b.srv.DispatchInteraction(forged); err != nil {
		t.Fatal(err)
	}
	ephemeralWith(t, "a button of another channel", answered(t, b, forged), "There is no game in this channel")
	if rej := b.srv.Rejected(); len(rej) != 0 {
		t.Errorf("Discord refused: %v", rej)
	}
}

// Without private channels (the console; Discord before channels), the
// decision goes to the table channel, where the initiative is told, and
// its text names the commands the buttons stand for; under limited
// intelligence a deferral is secret there, so Defer back is not posted.
func TestInitiativeDecisionWithoutChannels(t *testing.T) {
	ctx := context.Background()
	for _, li := range []bool{false, true} {
		r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(5, 2)))
		extra := map[string]string{}
		if li {
			extra["limited_intelligence"] = "true"
		}
		cpFourCommanders(t, r, "war", extra)
		mustOK(t, r, cpReq(umpireA, "war", "game", []string{"start"}, nil))
		cpStepTo(t, r, "war", "4a")
		rep := r.Handle(ctx, cpReq(umpireA, "war", "action", []string{"rolls"}, map[string]string{"reason": "Hood left Culpeper County"}))
		var dec *Output
		for i, o := range rep.Outputs {
			if len(o.Buttons) > 0 {
				dec = &rep.Outputs[i]
			}
		}
		if dec == nil || dec.Audience.Kind != AudienceChannel || dec.Audience.Channel != "war" || dec.Audience.UserID != "" {
			t.Fatalf("li %v: decision = %+v", li, dec)
		}
		for _, w := range []string{"**Lee**: the CSA's decision is yours", "/action pass", "/action defer player:<name>", "/action activate leader_or_unit:<unit>"} {
			if !strings.Contains(dec.Text, w) {
				t.Errorf("li %v: the decision lacks %q: %s", li, w, dec.Text)
			}
		}
		var cmds []string
		for _, bt := range dec.Buttons {
			cmds = append(cmds, bt.Command)
		}
		if strings.Join(cmds, "|") != "/action pass|/action defer player:Jeb Stuart" {
			t.Errorf("li %v: buttons stand for %v", li, cmds)
		}
		// A button press through the router is the command.
		wrong := r.Press(ctx, cpReq(meadeA, "war", "", nil, nil), dec.Buttons[1].ID)
		if wrong.first().Error == nil || wrong.first().Error.Code != "action.turn" || !wrong.Ephemeral() {
			t.Errorf("li %v: Meade's press: %+v", li, wrong.first())
		}
		rep = r.Press(ctx, cpReq(leeA, "war", "", nil, nil), dec.Buttons[1].ID)
		if rep.first().Error != nil || lrtg.Of(gameIn(t, r, "war")).Actions.Holder != jebCpA.ID {
			t.Fatalf("li %v: Lee's press: %+v", li, rep.first())
		}
		back := 0
		for _, o := range rep.Outputs {
			if len(o.Buttons) > 0 {
				back++
				if o.Audience.Channel != "war" || !strings.Contains(o.Text, "/action defer") {
					t.Errorf("li %v: Defer back = %+v", li, o)
				}
			}
			if li && o.Audience.Kind != AudienceEphemeral && strings.Contains(o.Text, "Jeb Stuart") {
				t.Errorf("li: the deferral is told at the table: %+v", o)
			}
		}
		if want := map[bool]int{false: 1, true: 0}[li]; back != want {
			t.Errorf("li %v: %d Defer back outputs, want %d", li, back, want)
		}
		if out := r.Press(ctx, cpReq(leeA, "war", "", nil, nil), "act/war/garbage"); out.first().Error == nil || out.first().Error.Code != "component.unknown" {
			t.Errorf("a garbage button: %+v", out.first())
		}
	}
}

// With the adapter deferring at once (a slow store), a click is
// acknowledged as a deferred update and its buttons spent by an edit, a
// form's answer comes as an edit of a deferred ephemeral reply; a click
// Discord delivers twice runs once.
func TestDiscordComponentsDeferredAndRedelivered(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), ScriptedSource(5, 2, 5, 2), DiscordOptions{GuildID: "g1", DeferAfter: time.Nanosecond})
	cpFourCommanders(t, b.router, "c1", nil)
	umpireSlash(t, b, "c1", "start")
	if err := b.srv.WaitFor(waitCtx(t), func() bool { return len(gameIn(t, b.router, "c1").Channels.Players) == 4 }); err != nil {
		t.Fatalf("channels never recorded: %v", err)
	}
	g := gameIn(t, b.router, "c1")
	lee, jeb := g.Channels.Players[leeA.ID], g.Channels.Players[jebCpA.ID]
	lastMessage(t, b, jeb, 1)
	cpStepTo(t, b.router, "c1", "4a")
	slash(t, b, discordtest.SlashCommand{Name: "action", Subcommand: "rolls", ChannelID: "c1", UserID: umpireA.ID, Username: umpireA.Name,
		Options: []discordtest.Option{{Name: "reason", Value: "Hood left Culpeper County"}}})
	dec := lastMessage(t, b, lee, 2)
	id := buttonLabels(b, dec.Message.ID)["Defer to Jeb Stuart"].CustomID
	i, err := b.srv.ClickButton(discordtest.Component{MessageID: dec.Message.ID, CustomID: id, GuildID: "g1", UserID: leeA.ID, Username: leeA.Name})
	if err != nil {
		t.Fatal(err)
	}
	spentAll := func() bool {
		for _, x := range b.srv.Buttons(dec.Message.ID) {
			if !x.Disabled {
				return false
			}
		}
		return true
	}
	if err := b.srv.WaitFor(waitCtx(t), spentAll); err != nil {
		t.Fatalf("buttons never spent: %v", err)
	}
	if ok, typ := b.srv.Acknowledged(i.ID); !ok || (typ != discordgo.InteractionResponseDeferredMessageUpdate && typ != discordgo.InteractionResponseUpdateMessage) {
		t.Errorf("click acknowledged %v with %d", ok, typ)
	}
	lastMessage(t, b, jeb, 2)
	// Discord delivers the click again: nothing more happens.
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	if _, err := b.srv.WaitCallback(waitCtx(t), i.ID, 1); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if n := len(b.srv.ChannelMessages(jeb)); n != 2 {
		t.Errorf("the redelivered click posted again: Jeb's channel has %d messages", n)
	}
	if log := gameIn(t, b.router, "c1"); lrtg.Of(log).Actions.Holder != jebCpA.ID {
		t.Errorf("holder = %q", lrtg.Of(log).Actions.Holder)
	}

	// The form, deferred.
	b2 := startBot(t, openStore(t), SeededSource{}, DiscordOptions{GuildID: "g1", DeferAfter: time.Nanosecond})
	cpCommsGame(t, b2.router, "c2")
	open, _ := slash(t, b2, discordtest.SlashCommand{Name: "dispatch", Subcommand: "send", ChannelID: "c2", UserID: peteA.ID, Username: peteA.Name,
		Options: []discordtest.Option{{Name: "to", Value: "Lee"}}})
	sub, err := b2.srv.SubmitModal(open.ID, map[string]string{"text": "Where is Ewell?"})
	if err != nil {
		t.Fatal(err)
	}
	if err := b2.srv.WaitFor(waitCtx(t), func() bool {
		m := b2.srv.Original(sub.ID)
		return m != nil && strings.Contains(m.Content, "sealed and sent")
	}); err != nil {
		t.Fatalf("the form's answer: %v (%+v)", err, b2.srv.Original(sub.ID))
	}
	if m := b2.srv.Original(sub.ID); m.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("the form's answer is public: %+v", m)
	}
	for _, srv := range []*discordtest.Server{b.srv, b2.srv} {
		for _, rej := range srv.Rejected() {
			if rej.ErrorCode != 40060 || !strings.Contains(rej.Path, i.ID) { // a redelivery may be answered again, and refused
				t.Errorf("Discord refused: %v", rej)
			}
		}
	}
}

// The form works from a commander's private channel (linked to the table,
// bot/links.go): the form names the table's game, and its submission from
// the private channel seals the dispatch there.
func TestDiscordDispatchFormInPrivateChannel(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), SeededSource{}, DiscordOptions{GuildID: "g1"})
	cpFourCommanders(t, b.router, "c1", nil)
	umpireSlash(t, b, "c1", "start")
	g := gameIn(t, b.router, "c1")
	lee := g.Channels.Players[leeA.ID]
	if lee == "" {
		t.Fatalf("channels = %+v", g.Channels)
	}
	cpStepTo(t, b.router, "c1", "2d")
	mustOK(t, b.router, cpReq(umpireA, "c1", "dispatch", []string{"rule"}, map[string]string{"a": "Lee", "b": "Jeb Stuart", "mode": "written", "hexes": "12", "reason": "the test writes"}))
	open, cb := slash(t, b, discordtest.SlashCommand{Name: "dispatch", Subcommand: "send", ChannelID: lee, UserID: leeA.ID, Username: leeA.Name,
		Options: []discordtest.Option{{Name: "to", Value: "Jeb Stuart"}}})
	if cb.Response.Type != discordgo.InteractionResponseModal || b.srv.Modal(open.ID).CustomID != "dispatch/c1/"+jebCpA.ID {
		t.Fatalf("the form from Lee's channel: %+v", cb.Response)
	}
	sub, err := b.srv.SubmitModal(open.ID, map[string]string{"text": "Screen the army's right"})
	if err != nil {
		t.Fatal(err)
	}
	answered(t, b, sub)
	ds := lrtg.Of(gameIn(t, b.router, "c1")).Comms.Dispatches
	if len(ds) != 1 || ds[0].To.ID != jebCpA.ID || ds[0].Text != "Screen the army's right" {
		t.Fatalf("dispatches = %+v", ds)
	}
	for _, ch := range append([]string{"c1"}, g.Channels.Players[jebCpA.ID], g.Channels.Players[meadeA.ID]) {
		for _, m := range msgs(b.srv.ChannelMessages(ch)) {
			if strings.Contains(m, "Screen the army") {
				t.Errorf("the sealed dispatch reached %s: %q", ch, m)
			}
		}
	}
}
