package discordtest_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

// testCtx returns a context that ends with the test or after 10 s.
func testCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// openSession makes a session for srv, lets setup add handlers, and opens it.
func openSession(t *testing.T, srv *discordtest.Server, setup func(*discordgo.Session)) *discordgo.Session {
	t.Helper()
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatalf("NewSession: %v", err)
	}
	if setup != nil {
		setup(sess)
	}
	if err := sess.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	return sess
}

// restError returns err as a *discordgo.RESTError, failing the test if it
// is not one.
func restError(t *testing.T, err error) *discordgo.RESTError {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Fatalf("error %v (%T) is not a *discordgo.RESTError", err, err)
	}
	if re.Message == nil {
		t.Fatalf("RESTError without a decoded message: %s", re.ResponseBody)
	}
	return re
}

// wantRESTError checks err is a RESTError with the given status and code.
func wantRESTError(t *testing.T, err error, status, code int) {
	t.Helper()
	re := restError(t, err)
	if re.Response.StatusCode != status || re.Message.Code != code {
		t.Fatalf("error = HTTP %d code %d (%s), want HTTP %d code %d", re.Response.StatusCode, re.Message.Code, re.Message.Message, status, code)
	}
}

// noUnhandled fails the test if the bot made calls the fake does not know.
func noUnhandled(t *testing.T, srv *discordtest.Server) {
	t.Helper()
	for _, r := range srv.Unhandled() {
		t.Errorf("unhandled request: %s", r)
	}
}

// respond is an InteractionCreate handler answering with content and
// reporting the error, if any, on errs.
func respond(content string, errs chan<- error) func(*discordgo.Session, *discordgo.InteractionCreate) {
	return func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		errs <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: content},
		})
	}
}

// recv receives one value from ch or fails the test when ctx ends.
func recv[T any](t *testing.T, ctx context.Context, ch <-chan T) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-ctx.Done():
		t.Fatalf("waiting for a value: %v", ctx.Err())
		panic("unreachable")
	}
}
