package discordtest_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

// A bot opens a modal, the fake plays the user submitting it (its checks
// first), and the submission reaches the bot with its inputs; a forged
// submission by hand reaches it too; a bad modal is refused.
func TestModalOpenedAndSubmitted(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	got := make(chan discordgo.ModalSubmitInteractionData, 4)
	openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			switch ic.Type {
			case discordgo.InteractionApplicationCommand:
				title := "Dispatch to Pete"
				if ic.ApplicationCommandData().Name == "bad" {
					title = strings.Repeat("x", 46)
				}
				err := s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
					Data: &discordgo.InteractionResponseData{CustomID: "dispatch/u3", Title: title, Components: []discordgo.MessageComponent{
						discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "text", Label: "Your dispatch",
							Style: discordgo.TextInputParagraph, Required: true, MinLength: 1, MaxLength: 20}}}}}})
				if ic.ApplicationCommandData().Name == "bad" {
					var re *discordgo.RESTError
					if !errors.As(err, &re) || re.Message == nil || re.Message.Code != 50035 {
						t.Errorf("a 46-character title: %v", err)
					}
				} else if err != nil {
					t.Error(err)
				}
			case discordgo.InteractionModalSubmit:
				got <- ic.ModalSubmitData()
				_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: "sent", Flags: discordgo.MessageFlagsEphemeral}})
			}
		})
	})
	ctx := testCtx(t)
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "dispatch", GuildID: "g", UserID: "u1", Username: "lee"})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.WaitCallback(ctx, i.ID, 1); err != nil {
		t.Fatal(err)
	}
	m := srv.Modal(i.ID)
	if m == nil || m.CustomID != "dispatch/u3" || m.Title != "Dispatch to Pete" || len(m.Components) != 1 {
		t.Fatalf("modal = %+v", m)
	}
	// The user's client refuses what Discord would.
	for _, bad := range []map[string]string{{"text": ""}, {"text": strings.Repeat("y", 21)}, {"text": "ok", "other": "x"}} {
		if _, err := srv.SubmitModal(i.ID, bad); err == nil {
			t.Errorf("submitted %v", bad)
		}
	}
	sub, err := srv.SubmitModal(i.ID, map[string]string{"text": "Hold the ford"})
	if err != nil {
		t.Fatal(err)
	}
	if sub.Member == nil || sub.Member.User.ID != "u1" || sub.GuildID != "g" {
		t.Errorf("submitted by %+v in %s", sub.Member, sub.GuildID)
	}
	d := <-got
	if d.CustomID != "dispatch/u3" || len(d.Components) != 1 {
		t.Fatalf("submission = %+v", d)
	}
	row := d.Components[0].(*discordgo.ActionsRow)
	if in := row.Components[0].(*discordgo.TextInput); in.CustomID != "text" || in.Value != "Hold the ford" {
		t.Errorf("input = %+v", in)
	}
	cbs, err := srv.WaitCallback(ctx, sub.ID, 1)
	if err != nil || !cbs[0].Accepted || cbs[0].Response.Data.Content != "sent" {
		t.Fatalf("submission answered %v, %v", cbs, err)
	}
	forged := srv.ModalSubmitInteraction(discordtest.ModalSubmit{CustomID: "dispatch/u99", Inputs: map[string]string{"text": "x"}, GuildID: "g", UserID: "u1"})
	if _, err := srv.DispatchInteraction(forged); err != nil {
		t.Fatal(err)
	}
	if d := <-got; d.CustomID != "dispatch/u99" {
		t.Errorf("forged submission = %+v", d)
	}
	bad := srv.SlashCommand(discordtest.SlashCommand{Name: "bad", GuildID: "g"})
	if _, err := srv.DispatchInteraction(bad); err != nil {
		t.Fatal(err)
	}
	if cbs, err := srv.WaitCallback(ctx, bad.ID, 1); err != nil || cbs[0].Accepted || srv.Modal(bad.ID) != nil {
		t.Errorf("a bad modal was accepted: %v %v", cbs, err)
	}
}

// Components in messages are held to Discord's limits; a click is played
// only on an enabled button the message has.
func TestButtonsCheckedAndClicked(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	clicks := make(chan string, 4)
	sess := openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			if ic.Type == discordgo.InteractionMessageComponent {
				clicks <- ic.MessageComponentData().CustomID + " by " + ic.Member.User.ID
				_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
					Data: &discordgo.InteractionResponseData{Content: ic.Message.Content, Components: []discordgo.MessageComponent{
						discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{CustomID: "pass", Label: "Pass", Disabled: true}}}}}})
			}
		})
	})
	button := func(id string) discordgo.MessageComponent { return discordgo.Button{CustomID: id, Label: id} }
	for name, comps := range map[string][]discordgo.MessageComponent{
		"six in a row":   {discordgo.ActionsRow{Components: []discordgo.MessageComponent{button("a"), button("b"), button("c"), button("d"), button("e"), button("f")}}},
		"a duplicate id": {discordgo.ActionsRow{Components: []discordgo.MessageComponent{button("a"), button("a")}}},
		"a long id":      {discordgo.ActionsRow{Components: []discordgo.MessageComponent{button(strings.Repeat("a", 101))}}},
		"no row":         {button("a")},
	} {
		if _, err := sess.ChannelMessageSendComplex("c1", &discordgo.MessageSend{Content: "x", Components: comps}); err == nil {
			t.Errorf("%s: accepted", name)
		} else if re := restError(t, err); re.Message.Code != 50035 {
			t.Errorf("%s: %v", name, err)
		}
	}
	m, err := sess.ChannelMessageSendComplex("c1", &discordgo.MessageSend{Content: "Your decision", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{button("pass"), button("defer/u3")}}}})
	if err != nil {
		t.Fatal(err)
	}
	if bs := srv.Buttons(m.ID); len(bs) != 2 || bs[1].CustomID != "defer/u3" {
		t.Fatalf("buttons = %+v", bs)
	}
	if _, err := srv.ClickButton(discordtest.Component{MessageID: m.ID, CustomID: "nope", GuildID: "g"}); err == nil {
		t.Error("clicked a button the message lacks")
	}
	i, err := srv.ClickButton(discordtest.Component{MessageID: m.ID, CustomID: "pass", GuildID: "g", UserID: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	if got := <-clicks; got != "pass by u1" {
		t.Errorf("click = %q", got)
	}
	if _, err := srv.WaitCallback(testCtx(t), i.ID, 1); err != nil {
		t.Fatal(err)
	}
	if bs := srv.Buttons(m.ID); len(bs) != 1 || !bs[0].Disabled || srv.Message(m.ID).Content != "Your decision" {
		t.Fatalf("after the update: %+v", bs)
	}
	if _, err := srv.ClickButton(discordtest.Component{MessageID: m.ID, CustomID: "pass", GuildID: "g"}); err == nil || !strings.Contains(err.Error(), "disabled") {
		t.Errorf("clicked a disabled button: %v", err)
	}
}
