package discordtest_test

import (
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

// The fake refuses the allowed_mentions Discord refuses (400, code 50035)
// and records whom an accepted message notifies.
func TestAllowedMentionsRules(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	url := discordgo.EndpointChannelMessages("c1")
	post := func(body any) error {
		_, err := sess.RequestWithBucketID(http.MethodPost, url, body, url)
		return err
	}
	many := make([]string, 101)
	for i := range many {
		many[i] = strconv.Itoa(1000 + i)
	}
	for name, am := range map[string]any{
		"users parsed and listed": map[string]any{"parse": []string{"users"}, "users": []string{"1"}},
		"roles parsed and listed": map[string]any{"parse": []string{"roles"}, "roles": []string{"1"}},
		"101 users":               map[string]any{"parse": []string{}, "users": many},
		"101 roles":               map[string]any{"parse": []string{}, "roles": many},
		"unknown parse value":     map[string]any{"parse": []string{"channels"}},
	} {
		err := post(map[string]any{"content": "<@1> hi", "allowed_mentions": am})
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		wantRESTError(t, err, http.StatusBadRequest, 50035)
	}
	if n := len(srv.ChannelMessages("c1")); n != 5 {
		t.Fatalf("%d requests recorded, want 5", n)
	}
	for _, m := range srv.ChannelMessages("c1") {
		if m.Message != nil {
			t.Errorf("a refused message was created: %+v", m.Message)
		}
	}

	// Accepted: who is notified, as Discord works it out.
	content := "@everyone @here <@&5> <@1> <@!2> <@3>"
	cases := []struct {
		am       any
		everyone bool
		roles    []string
		users    []string
	}{
		{nil, true, []string{"5"}, []string{"1", "2", "3"}},
		{map[string]any{"parse": []string{}}, false, nil, nil},
		{map[string]any{"parse": []string{}, "users": []string{"2", "9"}}, false, nil, []string{"2"}},
		{map[string]any{"parse": []string{"users"}, "roles": []string{"5"}}, false, []string{"5"}, []string{"1", "2", "3"}},
		{map[string]any{"parse": []string{"everyone"}}, true, nil, nil},
		{map[string]any{"parse": []string{}, "users": many[:100]}, false, nil, nil},
	}
	for i, c := range cases {
		body := map[string]any{"content": content}
		if c.am != nil {
			body["allowed_mentions"] = c.am
		}
		if err := post(body); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		all := srv.ChannelMessages("c1")
		m := all[len(all)-1].Mentions
		if m == nil || m.Everyone != c.everyone || !slices.Equal(m.Roles, c.roles) || !slices.Equal(m.Users, c.users) || m.Content != content {
			t.Errorf("case %d: mentions %+v, want everyone %v roles %v users %v", i, m, c.everyone, c.roles, c.users)
		}
		if (c.am == nil) != (m.Allowed == nil) {
			t.Errorf("case %d: allowed_mentions recorded as %+v", i, m.Allowed)
		}
	}
}

// The rules hold on every route that carries a message: an interaction
// callback refused for its allowed_mentions does not acknowledge the
// interaction; follow-ups and edits are checked alike.
func TestAllowedMentionsOnInteractionRoutes(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	errs := make(chan error, 4)
	openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
			bad := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{"1"}}
			none := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
			errs <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "<@1>", AllowedMentions: bad}})
			errs <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "<@1>", AllowedMentions: none}})
			_, err := s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "<@1>", AllowedMentions: bad})
			errs <- err
			text := "@everyone"
			_, err = s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &text, AllowedMentions: bad})
			errs <- err
		})
	})
	ctx := testCtx(t)
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "x", GuildID: "g", ChannelID: "c", UserID: "1", Username: "u"})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	wantRESTError(t, recv(t, ctx, errs), http.StatusBadRequest, 50035)
	if err := recv(t, ctx, errs); err != nil {
		t.Fatalf("the valid callback after the refused one: %v", err)
	}
	wantRESTError(t, recv(t, ctx, errs), http.StatusBadRequest, 50035)
	wantRESTError(t, recv(t, ctx, errs), http.StatusBadRequest, 50035)
	cbs := srv.Callbacks(i.ID)
	if len(cbs) != 2 || cbs[0].Accepted || !cbs[1].Accepted || cbs[1].Mentions == nil || cbs[1].Mentions.Pings() {
		t.Errorf("callbacks %+v", cbs)
	}
	if got := srv.Original(i.ID); got == nil || got.Content != "<@1>" {
		t.Errorf("original = %+v", got)
	}
}

// With RequireAllowedMentions, a message with content and no
// allowed_mentions is refused (a test's guard; Discord accepts it).
func TestRequireAllowedMentions(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	_, err = sess.ChannelMessageSend("c1", "hello")
	wantRESTError(t, err, http.StatusBadRequest, 50035)
	if _, err := sess.ChannelMessageSendComplex("c1", &discordgo.MessageSend{Content: "hello", AllowedMentions: &discordgo.MessageAllowedMentions{}}); err != nil {
		t.Errorf("with allowed_mentions: %v", err)
	}
	if _, err := sess.ChannelMessageSendComplex("c1", &discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Title: "x"}}}); err != nil {
		t.Errorf("an embed alone (no content to ping): %v", err)
	}
}
