package discordtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

// TestPing is the example of the package documentation, kept compiling
// and passing.
func TestPing(t *testing.T) {
	t.Parallel() // discordgo's Session.Close sleeps one second
	srv := discordtest.NewServer(t, discordtest.Options{HeartbeatInterval: 400 * time.Millisecond})
	sess, err := srv.NewSession("") // "" = srv.Token(); closed at cleanup
	if err != nil {
		t.Fatal(err)
	}
	sess.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"},
		})
	})
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "ping", GuildID: "1"})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := srv.WaitCallback(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := cbs[0].Response.Data.Content; got != "pong" {
		t.Errorf("content = %q", got)
	}
	if u := srv.Unhandled(); len(u) != 0 {
		t.Errorf("unexpected calls: %v", u)
	}
}
