package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// REST back-off (docs/discord-rest.md). discordgo v0.29 already waits out
// a 429 (ShouldRetryOnRateLimit, the default) and repeats a 502 at once up
// to MaxRestRetries times; any other 5xx comes back as a *RESTError. The
// adapter's own calls go through Discord.retry, which tries again after an
// exponential, jittered, context-aware pause when the error says Discord
// did not, or may not, have done the work.

// Defaults of the back-off; DiscordOptions.RESTBackoff replaces the base.
const (
	restAttempts    = 4                      // tries in all, the first included
	restBackoffBase = 250 * time.Millisecond // pause before the second try
	restBackoffMax  = 2 * time.Second        // no single pause is longer
)

// restCall says what a failed call may have done, hence when a retry is safe.
type restCall int

const (
	// restIdempotent: edits, deletes, the command overwrite. Doing them
	// twice is the same as once, so every 5xx is retried.
	restIdempotent restCall = iota
	// restCallback: an interaction callback. Discord accepts one per
	// interaction: if a retried callback answers 40060 "already
	// acknowledged", the earlier try went through and that is success.
	restCallback
	// restCreate: a new message (channel post, follow-up). A retry after a
	// request Discord carried out would post twice, so only statuses that
	// say the message was not made are retried: 500 (the API failed and
	// rolled back) and 503 (the edge refused it). A 504 means the API may
	// still have made it, and is not retried.
	restCreate
)

// backoff is the schedule of the retries.
type backoff struct {
	attempts int
	base     time.Duration
	max      time.Duration
}

func newBackoff(base time.Duration) backoff {
	if base <= 0 {
		base = restBackoffBase
	}
	return backoff{attempts: restAttempts, base: base, max: max(restBackoffMax, base)}
}

// pause is the wait before try n+1 (n ≥ 1): base·2ⁿ⁻¹, capped, with "equal
// jitter" (half fixed, half random) so that processes hit by one outage do
// not come back in step.
func (b backoff) pause(n int) time.Duration {
	d := b.base << (n - 1)
	if d > b.max || d <= 0 {
		d = b.max
	}
	return d/2 + rand.N(d/2+1)
}

// retryable reports whether err, from a call of the given kind, may be
// retried, and the least wait Discord asked for.
func retryable(err error, kind restCall) (bool, time.Duration) {
	var rl *discordgo.RateLimitError // only when ShouldRetryOnRateLimit is off
	if errors.As(err, &rl) && rl.TooManyRequests != nil {
		return true, rl.RetryAfter
	}
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil {
		return false, 0
	}
	switch re.Response.StatusCode {
	case http.StatusTooManyRequests:
		return true, 0
	case http.StatusInternalServerError, http.StatusServiceUnavailable:
		return true, 0
	case http.StatusGatewayTimeout:
		return kind != restCreate, 0
	}
	return false, 0
}

// alreadyAcknowledged is Discord's answer to a second interaction callback.
func alreadyAcknowledged(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged
}

// retry runs call until it succeeds, fails in a way not worth repeating,
// has been tried d.backoff.attempts times, or ctx ends; it returns the last
// error. call must build its request afresh (file readers are consumed by
// a try). Retries are logged at Warn with what is being done.
func (d *Discord) retry(ctx context.Context, what string, kind restCall, call func(ctx context.Context) error) error {
	if ctx == nil {
		ctx = context.Background()
	}
	b := d.backoff
	if b.attempts == 0 {
		b = newBackoff(0)
	}
	var err error
	for n := 1; ; n++ {
		err = call(ctx)
		if err == nil {
			return nil
		}
		if n > 1 && kind == restCallback && alreadyAcknowledged(err) {
			return nil // the previous try was carried out after all
		}
		ok, least := retryable(err, kind)
		if !ok || n >= b.attempts {
			return err
		}
		wait := max(b.pause(n), least)
		d.log.Warn("discord: retrying", "call", what, "try", n, "wait", wait, "err", err)
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		}
	}
}
