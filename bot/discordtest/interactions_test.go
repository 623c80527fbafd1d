package discordtest_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

const guildID = "500000000000000005"

func TestInteractionRespond(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{})
	type seen struct {
		i       *discordgo.Interaction
		content string
	}
	got := make(chan seen, 2)
	errs := make(chan error, 2)
	openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			d := ic.ApplicationCommandData()
			content := d.Name
			opts := d.Options
			if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
				content += " " + opts[0].Name
				opts = opts[0].Options
			}
			for _, o := range opts {
				switch o.Type {
				case discordgo.ApplicationCommandOptionString:
					content += fmt.Sprintf(" %s=%s", o.Name, o.StringValue())
				case discordgo.ApplicationCommandOptionInteger:
					content += fmt.Sprintf(" %s=%d", o.Name, o.IntValue())
				case discordgo.ApplicationCommandOptionBoolean:
					content += fmt.Sprintf(" %s=%t", o.Name, o.BoolValue())
				}
			}
			got <- seen{ic.Interaction, content}
			data := &discordgo.InteractionResponseData{Content: content, Flags: discordgo.MessageFlagsEphemeral}
			if d.Name == "board" { // answered with an image: a multipart callback
				data.Files = []*discordgo.File{{Name: "map.png", ContentType: "image/png", Reader: strings.NewReader("PNG")}}
			}
			errs <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: data,
			})
		})
	})

	// A guild command with a subcommand and one option of each kind.
	i := srv.SlashCommand(discordtest.SlashCommand{
		Name: "game", Subcommand: "new", GuildID: guildID, UserID: "42", Username: "alice",
		Options: []discordtest.Option{{Name: "scenario", Value: "kursk"}, {Name: "turns", Value: 12}, {Name: "fog", Value: true}},
	})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	s := recv(t, ctx, got)
	if err := recv(t, ctx, errs); err != nil {
		t.Fatalf("InteractionRespond: %v", err)
	}
	const want = "game new scenario=kursk turns=12 fog=true"
	if s.content != want {
		t.Errorf("handler saw %q, want %q", s.content, want)
	}
	if s.i.ID != i.ID || s.i.Token != i.Token || s.i.AppID != discordtest.DefaultApplicationID || s.i.GuildID != guildID ||
		s.i.ChannelID != discordtest.DefaultChannelID || s.i.Member == nil || s.i.Member.User.ID != "42" || s.i.Member.User.Username != "alice" || s.i.User != nil {
		t.Errorf("interaction as received = %+v", s.i)
	}
	cbs, err := srv.WaitCallback(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	cb := cbs[0]
	if !cb.Accepted || cb.Status != 204 || cb.Token != i.Token || cb.Response.Type != discordgo.InteractionResponseChannelMessageWithSource {
		t.Errorf("callback = %s accepted %v type %d", cb.Request, cb.Accepted, cb.Response.Type)
	}
	if cb.Response.Data.Content != want || cb.Response.Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("callback data = %+v", cb.Response.Data)
	}
	if time.Since(cb.Time) > time.Minute || cb.Route != "interaction_callback" {
		t.Errorf("callback time %v route %q", cb.Time, cb.Route)
	}
	if m := srv.Original(i.ID); m == nil || m.Content != want || m.ChannelID != discordtest.DefaultChannelID {
		t.Errorf("original message = %+v", m)
	}
	if ok, typ := srv.Acknowledged(i.ID); !ok || typ != discordgo.InteractionResponseChannelMessageWithSource {
		t.Errorf("Acknowledged = %v, %d", ok, typ)
	}

	// In a DM the interaction carries User, not Member, and the DM channel.
	dm := srv.SlashCommand(discordtest.SlashCommand{Name: "roll", Options: []discordtest.Option{{Name: "dice", Value: "2d6"}}})
	if _, err := srv.DispatchInteraction(dm); err != nil {
		t.Fatal(err)
	}
	s = recv(t, ctx, got)
	if err := recv(t, ctx, errs); err != nil {
		t.Fatal(err)
	}
	if s.content != "roll dice=2d6" || s.i.Member != nil || s.i.User == nil || s.i.User.ID != discordtest.DefaultUserID ||
		s.i.GuildID != "" || s.i.ChannelID != srv.DMChannel(discordtest.DefaultUserID) {
		t.Errorf("DM interaction: %q %+v", s.content, s.i)
	}

	// A callback with a file arrives as multipart: payload_json plus the file.
	board := srv.SlashCommand(discordtest.SlashCommand{Name: "board", GuildID: guildID})
	if _, err := srv.DispatchInteraction(board); err != nil {
		t.Fatal(err)
	}
	recv(t, ctx, got)
	if err := recv(t, ctx, errs); err != nil {
		t.Fatal(err)
	}
	bcb := srv.Callbacks(board.ID)
	if len(bcb) != 1 || !bcb[0].Accepted || bcb[0].Response.Data.Content != "board" || len(bcb[0].Files) != 1 ||
		bcb[0].Files[0].Name != "map.png" || string(bcb[0].Files[0].Data) != "PNG" || !strings.HasPrefix(bcb[0].ContentType, "multipart/form-data") {
		t.Errorf("multipart callback = %+v", bcb)
	}
	if m := srv.Original(board.ID); m == nil || len(m.Attachments) != 1 || m.Attachments[0].Filename != "map.png" {
		t.Errorf("original with attachment = %+v", m)
	}

	noUnhandled(t, srv)
	if r := srv.Rejected(); len(r) != 0 {
		t.Errorf("rejected requests: %v", r)
	}
}

func TestSecondCallbackRefused(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{})
	errs := make(chan error, 4)
	sess := openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			for _, c := range []string{"first", "second"} {
				errs <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: c},
				})
			}
		})
	})
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "ping", GuildID: guildID})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	if err := recv(t, ctx, errs); err != nil {
		t.Fatalf("first callback: %v", err)
	}
	second := recv(t, ctx, errs)
	re := restError(t, second)
	if re.Response.StatusCode != 400 || re.Message.Code != 40060 || re.Message.Message != "Interaction has already been acknowledged." {
		t.Errorf("second callback error = %d %+v", re.Response.StatusCode, re.Message)
	}
	cbs := srv.Callbacks(i.ID)
	if len(cbs) != 2 || !cbs[0].Accepted || cbs[1].Accepted || cbs[1].Status != 400 || cbs[1].ErrorCode != 40060 {
		t.Fatalf("callbacks = %v", cbs)
	}
	if cbs[1].Response == nil || cbs[1].Response.Data.Content != "second" {
		t.Errorf("refused callback body not recorded: %+v", cbs[1].Response)
	}
	if m := srv.Original(i.ID); m == nil || m.Content != "first" {
		t.Errorf("original = %+v, want the first answer", m)
	}
	if r := srv.Rejected(); len(r) != 1 || r[0] != cbs[1].Request {
		t.Errorf("Rejected() = %v", r)
	}

	// Redelivery of the same interaction: the bot must not answer again.
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	if err := recv(t, ctx, errs); err == nil {
		t.Error("answer to the redelivered interaction accepted")
	}
	recv(t, ctx, errs)

	// An interaction the fake never sent.
	err := sess.InteractionRespond(&discordgo.Interaction{ID: "123", Token: "abc"}, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
	})
	wantRESTError(t, err, 400, 10062)
	if cbs := srv.Callbacks("123"); len(cbs) != 1 || cbs[0].Accepted {
		t.Errorf("unknown interaction callbacks = %v", cbs)
	}
}

func TestDeferredResponseThenEdit(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{})
	type result struct {
		early    error
		deferErr error
		edited   *discordgo.Message
		editErr  error
		followup *discordgo.Message
		fupErr   error
		fetched  *discordgo.Message
	}
	results := make(chan result, 1)
	png := []byte("\x89PNG\r\n\x1a\nboard")
	openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			var r result
			early := "too early"
			// Editing before acknowledging is refused, as on Discord.
			_, r.early = s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &early})
			r.deferErr = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
			})
			content := "turn 3: your move"
			r.edited, r.editErr = s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{
				Content: &content,
				Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
				Components: &[]discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "End turn", CustomID: "end-turn", Style: discordgo.PrimaryButton},
				}}},
			})
			r.followup, r.fupErr = s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "logged"})
			r.fetched, _ = s.InteractionResponse(ic.Interaction)
			results <- r
		})
	})
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "move", GuildID: guildID})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	r := recv(t, ctx, results)
	wantRESTError(t, r.early, 404, 10015)
	if r.deferErr != nil || r.editErr != nil || r.fupErr != nil {
		t.Fatalf("defer %v, edit %v, follow-up %v", r.deferErr, r.editErr, r.fupErr)
	}

	cbs := srv.Callbacks(i.ID)
	if len(cbs) != 1 || cbs[0].Response.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("callbacks = %v", cbs)
	}
	edits, err := srv.WaitEdit(ctx, i.ID, 2)
	if err != nil {
		t.Fatal(err)
	}
	if edits[0].Status != 404 || edits[1].Status != 200 || edits[1].MessageID != "@original" {
		t.Fatalf("edits = %v, %v", edits[0].Request, edits[1].Request)
	}
	e := edits[1]
	if e.Data == nil || e.Data.Content == nil || *e.Data.Content != "turn 3: your move" {
		t.Errorf("edit data = %+v", e.Data)
	}
	if len(e.Files) != 1 || e.Files[0].Name != "board.png" || e.Files[0].ContentType != "image/png" || !bytes.Equal(e.Files[0].Data, png) || e.Files[0].Field != "files[0]" {
		t.Errorf("edit files = %+v", e.Files)
	}
	if !strings.HasPrefix(e.ContentType, "multipart/form-data") {
		t.Errorf("edit content type = %q", e.ContentType)
	}
	if e.Data.Components == nil || len(*e.Data.Components) != 1 {
		t.Fatalf("edit components = %v", e.Data.Components)
	}
	row, ok := (*e.Data.Components)[0].(*discordgo.ActionsRow)
	if !ok || len(row.Components) != 1 {
		t.Fatalf("component = %#v", (*e.Data.Components)[0])
	}
	if b, ok := row.Components[0].(*discordgo.Button); !ok || b.CustomID != "end-turn" {
		t.Errorf("button = %#v", row.Components[0])
	}

	// The bot got the message back, as Discord returns it.
	if r.edited == nil || r.edited.Content != "turn 3: your move" || len(r.edited.Attachments) != 1 || r.edited.Attachments[0].Filename != "board.png" ||
		r.edited.Attachments[0].Size != len(png) || len(r.edited.Components) != 1 {
		t.Errorf("edited message = %+v", r.edited)
	}
	orig := srv.Original(i.ID)
	if orig == nil || orig.ID != r.edited.ID || orig.Flags != discordgo.MessageFlagsEphemeral || orig.EditedTimestamp == nil {
		t.Errorf("original = %+v (flags %d)", orig, orig.Flags)
	}
	if r.fetched == nil || r.fetched.ID != orig.ID || r.fetched.Content != orig.Content {
		t.Errorf("GET @original = %+v", r.fetched)
	}

	fups := srv.Followups(i.ID)
	if len(fups) != 1 || !fups[0].Wait || fups[0].Data.Content != "logged" || fups[0].Message == nil ||
		r.followup == nil || r.followup.ID != fups[0].Message.ID || r.followup.Content != "logged" {
		t.Errorf("follow-ups = %+v, bot got %+v", fups, r.followup)
	}
	noUnhandled(t, srv)
}

func TestLateAcknowledgementRefused(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{AckDeadline: 100 * time.Millisecond})
	errs := make(chan error, 1)
	openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			time.Sleep(300 * time.Millisecond)
			respond("slow", errs)(s, ic)
		})
	})
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "slow", GuildID: guildID})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	wantRESTError(t, recv(t, ctx, errs), 404, 10062)
	if ok, _ := srv.Acknowledged(i.ID); ok {
		t.Error("late callback acknowledged the interaction")
	}
}

func TestComponentUpdateMessage(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{})
	errs := make(chan error, 1)
	sess := openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			if ic.Type != discordgo.InteractionMessageComponent {
				errs <- fmt.Errorf("interaction type %v", ic.Type)
				return
			}
			errs <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "turn ended by " + ic.Member.User.ID + " via " + ic.MessageComponentData().CustomID},
			})
		})
	})
	m, err := sess.ChannelMessageSendComplex("600000000000000006", &discordgo.MessageSend{
		Content: "turn 1",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "End turn", CustomID: "end-turn"},
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Components) != 1 {
		t.Errorf("sent message components = %v", m.Components)
	}
	i := srv.ComponentInteraction(discordtest.Component{CustomID: "end-turn", MessageID: m.ID, GuildID: guildID})
	if i.Message == nil || i.Message.ID != m.ID || len(i.Message.Components) != 1 || i.ChannelID != m.ChannelID {
		t.Fatalf("component interaction message = %+v", i.Message)
	}
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	if err := recv(t, ctx, errs); err != nil {
		t.Fatal(err)
	}
	want := "turn ended by " + discordtest.DefaultUserID + " via end-turn"
	if got := srv.Message(m.ID); got == nil || got.Content != want {
		t.Errorf("message after update = %+v", got)
	}
}
