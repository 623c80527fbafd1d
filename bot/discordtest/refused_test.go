package discordtest_test

import (
	"net/http"
	"testing"

	"github.com/umpire-games/umpire/bot/discordtest"
)

// A refused channel answers every post as Discord would (404 for a
// deleted channel, 403 for one the bot cannot see or send to), creates
// nothing, and is served again once cleared; other channels are unaffected.
func TestRefuseChannel(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		code, status int
	}{
		{discordtest.CodeUnknownChannel, http.StatusNotFound},
		{discordtest.CodeMissingAccess, http.StatusForbidden},
		{discordtest.CodeMissingPermissions, http.StatusForbidden},
	} {
		srv.RefuseChannel("gone", c.code)
		_, err := sess.ChannelMessageSend("gone", "hello")
		wantRESTError(t, err, c.status, c.code)
	}
	if _, err := sess.ChannelMessageSend("other", "hello"); err != nil {
		t.Fatalf("another channel: %v", err)
	}
	for _, m := range srv.ChannelMessages("gone") {
		if m.Message != nil {
			t.Fatalf("a refused post created a message: %+v", m.Message)
		}
	}
	srv.RefuseChannel("gone", 0)
	if _, err := sess.ChannelMessageSend("gone", "hello"); err != nil {
		t.Fatalf("after clearing: %v", err)
	}
}
