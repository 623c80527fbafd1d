package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

const (
	callbackRoute = "POST /interactions/{id}/{token}/callback"
	postRoute     = "POST /channels/{id}/messages"
)

// startRetryBot is startBot with a tiny back-off and a "post" command
// whose reply is an answer in the channel and a post to <channel>-private.
func startRetryBot(t *testing.T, logs *syncBuffer) *botUnderTest {
	t.Helper()
	b := startBot(t, openStore(t), ScriptedSource(), DiscordOptions{GuildID: "g1", RESTBackoff: time.Millisecond,
		Logger: slog.New(slog.NewJSONHandler(logs, nil))})
	b.router.commands["post"] = &Command{Name: "post", Description: "test", Handle: func(_ context.Context, _ *Router, req Request) (Reply, error) {
		return Reply{Outputs: []Output{
			{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: "answer", Events: []EventView{}},
			{Audience: Audience{Kind: AudienceChannel, Channel: req.ChannelID + "-private"}, Text: "for the private channel", Events: []EventView{}},
		}}, nil
	}}
	return b
}

func (b *botUnderTest) dispatch(t *testing.T, name, channel string) *discordgo.Interaction {
	t.Helper()
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: name, GuildID: "g1", ChannelID: channel, UserID: "u7", Username: "jeb"})
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	return i
}

// countRequests counts the recorded requests with this method whose path
// contains part.
func countRequests(srv *discordtest.Server, method, part string) int {
	n := 0
	for _, r := range srv.Requests() {
		if r.Method == method && strings.Contains(r.Path, part) {
			n++
		}
	}
	return n
}

// After a 429 or a 500, 502 or 503, the answer and the channel post still
// arrive, exactly once each. One bot serves every case in turn, each in
// its own channel.
func TestDiscordRetryAnswerAndPostArriveOnce(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	b := startRetryBot(t, &logs)
	ctx := waitCtx(t)
	for _, status := range []int{http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			b.srv.ClearFaults()
			b.srv.FailNext(callbackRoute, 2, discordtest.Fault{Status: status})
			b.srv.FailNext(postRoute, 2, discordtest.Fault{Status: status})
			ch := fmt.Sprint("c", status)
			i := b.dispatch(t, "post", ch)
			ms, err := b.srv.WaitChannelMessage(ctx, ch+"-private", 1)
			if err != nil {
				t.Fatal(err)
			}
			// Give a duplicate the time to show up.
			if err := b.srv.WaitFor(ctx, func() bool { return b.srv.FaultsLeft() == 0 }); err != nil {
				t.Fatal(err)
			}
			time.Sleep(50 * time.Millisecond)
			cbs := b.srv.Callbacks(i.ID)
			if len(cbs) != 1 || !cbs[0].Accepted || cbs[0].Response.Data.Content != "answer" {
				t.Fatalf("callbacks = %+v, want the answer once", cbs)
			}
			if ms = b.srv.ChannelMessages(ch + "-private"); len(ms) != 1 || ms[0].Message == nil || ms[0].Message.Content != "for the private channel" {
				t.Fatalf("posts = %+v, want one", ms)
			}
			if n := countRequests(b.srv, "POST", "/channels/"+ch+"-private/messages"); n != 3 {
				t.Errorf("%d post requests, want 3 (two refused, one served)", n)
			}
			if n := countRequests(b.srv, "POST", "/interactions/"+i.ID+"/"); n != 3 {
				t.Errorf("%d callback requests, want 3", n)
			}
			if out := logs.String(); strings.Contains(out, `"level":"ERROR"`) {
				t.Errorf("errors logged:\n%s", out)
			}
		})
	}
}

// A deferred answer's edit (idempotent) is retried on a 504 too.
func TestDiscordRetryDeferredEditAfter504(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	var logs syncBuffer
	b := startBot(t, slowStore{st, 300 * time.Millisecond}, ScriptedSource(4), DiscordOptions{GuildID: "g1", DeferAfter: 50 * time.Millisecond,
		RESTBackoff: time.Millisecond, Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	ctx := waitCtx(t)
	b.srv.FailNext("PATCH /webhooks/{app}/{token}/messages/@original", 2, discordtest.Fault{Status: http.StatusGatewayTimeout})
	i := b.roll(t, "d6")
	edits, err := b.srv.WaitEdit(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := *edits[0].Data.Content; !strings.Contains(got, "[4]") {
		t.Fatalf("edited to %q", got)
	}
	if n := countRequests(b.srv, "PATCH", "/messages/@original"); n != 3 {
		t.Errorf("%d edit requests, want 3", n)
	}
	if strings.Contains(logs.String(), `"level":"ERROR"`) {
		t.Errorf("errors logged:\n%s", logs.String())
	}
}

// A 5xx that does not end: the answer still arrives, the post is tried
// restAttempts times, an error is logged, and nothing is posted twice. A
// 504 on a new message is not retried at all (it may have been made).
func TestDiscordRetryPersistent5xxLogsOnce(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		status, tries int
	}{{http.StatusInternalServerError, restAttempts}, {http.StatusGatewayTimeout, 1}} {
		t.Run(fmt.Sprint(c.status), func(t *testing.T) {
			t.Parallel()
			var logs syncBuffer
			b := startRetryBot(t, &logs)
			ctx := waitCtx(t)
			b.srv.FailNext(postRoute, 100, discordtest.Fault{Status: c.status})
			i := b.dispatch(t, "post", "c1")
			if _, err := b.srv.WaitCallback(ctx, i.ID, 1); err != nil {
				t.Fatal(err)
			}
			if err := b.srv.WaitFor(ctx, func() bool { return strings.Contains(logs.String(), `"msg":"discord: post"`) }); err != nil {
				t.Fatalf("no error logged: %v\n%s", err, logs.String())
			}
			time.Sleep(50 * time.Millisecond) // a late retry would show now
			if n := countRequests(b.srv, "POST", "/channels/c1-private/messages"); n != c.tries {
				t.Errorf("%d post requests, want %d", n, c.tries)
			}
			if ms := b.srv.ChannelMessages("c1-private"); len(ms) != 0 {
				t.Errorf("posted %d messages", len(ms))
			}
			if n := strings.Count(logs.String(), `"level":"ERROR"`); n != 1 {
				t.Errorf("%d errors logged, want 1:\n%s", n, logs.String())
			}
			if cbs := b.srv.Callbacks(i.ID); len(cbs) != 1 || !cbs[0].Accepted {
				t.Errorf("callbacks = %+v", cbs)
			}
		})
	}
}

// The scheduler's Post retries a 503, and gives up when its context ends.
func TestDiscordRetryPostHonoursContext(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	d := NewDiscord(sess, NewRouter(openStore(t), WithLogger(quietLog())), DiscordOptions{RESTBackoff: time.Millisecond, Logger: quietLog()})
	o := Output{Audience: Audience{Kind: AudienceChannel, Channel: "c9"}, Text: "deadline passed"}

	srv.FailNext(postRoute, 2, discordtest.Fault{Status: http.StatusServiceUnavailable})
	if err := d.Post(context.Background(), o); err != nil {
		t.Fatalf("Post after two 503s: %v", err)
	}
	if ms := srv.ChannelMessages("c9"); len(ms) != 1 {
		t.Fatalf("%d messages, want 1", len(ms))
	}

	d.backoff = newBackoff(time.Hour)
	srv.FailNext(postRoute, 1, discordtest.Fault{Status: http.StatusServiceUnavailable})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = d.Post(ctx, o)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Fatalf("Post with a long back-off and a short context: %v after %v", err, time.Since(start))
	}
	if ms := srv.ChannelMessages("c9"); len(ms) != 1 {
		t.Fatalf("%d messages, want 1", len(ms))
	}
}

func restErr(status, code int) error {
	e := &discordgo.RESTError{Response: &http.Response{StatusCode: status, Status: http.StatusText(status)}}
	if code != 0 {
		e.Message = &discordgo.APIErrorMessage{Code: code}
	}
	return e
}

// A callback whose first try was carried out although it answered 500:
// the retry's 40060 means done. Errors that are not transient are not
// retried.
func TestDiscordRetryClassifies(t *testing.T) {
	d := &Discord{log: quietLog(), backoff: newBackoff(time.Microsecond)}
	errs := []error{restErr(500, 0), restErr(400, discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged)}
	n := 0
	err := d.retry(context.Background(), "respond", restCallback, func(context.Context) error { n++; return errs[n-1] })
	if err != nil || n != 2 {
		t.Errorf("callback: err %v after %d tries, want nil after 2", err, n)
	}
	for _, c := range []struct {
		err  error
		kind restCall
		want int
	}{
		{restErr(400, 50035), restIdempotent, 1},
		{restErr(404, 10062), restCallback, 1},
		{restErr(504, 0), restCreate, 1},
		{restErr(504, 0), restIdempotent, restAttempts},
		{restErr(503, 0), restCreate, restAttempts},
		{&discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{TooManyRequests: &discordgo.TooManyRequests{RetryAfter: time.Millisecond}}}, restCreate, restAttempts},
		{errors.New("connection refused"), restIdempotent, 1},
	} {
		n := 0
		err := d.retry(context.Background(), "x", c.kind, func(context.Context) error { n++; return c.err })
		if n != c.want || err == nil {
			t.Errorf("%v (kind %d): %d tries (err %v), want %d", c.err, c.kind, n, err, c.want)
		}
	}
	b := newBackoff(100 * time.Millisecond)
	for n := 1; n < 10; n++ {
		full := min(100*time.Millisecond<<(n-1), b.max)
		if p := b.pause(n); p < full/2 || p > full {
			t.Errorf("pause(%d) = %v, want in [%v, %v]", n, p, full/2, full)
		}
	}
}
