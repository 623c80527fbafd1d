package discordtest_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

func TestFailNextAnswers5xxThenServes(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	srv.FailNext("POST /channels/{id}/messages", 1, discordtest.Fault{Status: http.StatusServiceUnavailable})
	srv.FailNext("POST /channels/{id}/other", 1, discordtest.Fault{Status: http.StatusInternalServerError}) // never matches
	_, err = sess.ChannelMessageSend("c1", "hello")
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("first send: err = %v, want a 503 RESTError", err)
	}
	if n := len(srv.ChannelMessages("c1")); n != 0 {
		t.Fatalf("%d messages after the fault, want 0: a faulted request must not reach the route", n)
	}
	if _, err := sess.ChannelMessageSend("c1", "hello"); err != nil {
		t.Fatalf("second send: %v", err)
	}
	if ms := srv.ChannelMessages("c1"); len(ms) != 1 || ms[0].Message == nil || ms[0].Message.Content != "hello" {
		t.Fatalf("messages = %+v, want one", ms)
	}
	if n := srv.FaultsLeft(); n != 1 {
		t.Errorf("FaultsLeft = %d, want 1 (the unmatched one)", n)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[0].Status != 503 || reqs[0].Route != "fault POST /channels/{id}/messages" || reqs[1].Status != 200 {
		t.Fatalf("requests = %v", reqs)
	}
	srv.ClearFaults()
	if n := srv.FaultsLeft(); n != 0 {
		t.Errorf("FaultsLeft after ClearFaults = %d", n)
	}
}

// discordgo retries a 502 by itself (up to MaxRestRetries) and a 429 after
// retry_after: the call succeeds and the message exists once.
func TestFailNextDiscordgoRetries502And429(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	srv.FailNext("POST /api/v9/channels/{id}/messages", 2, discordtest.Fault{Status: http.StatusBadGateway})
	if _, err := sess.ChannelMessageSend("c1", "after 502"); err != nil {
		t.Fatalf("send after 502s: %v", err)
	}
	srv.FailNext("PATCH /channels/{id}/messages/{msg}", 2, discordtest.Fault{Status: http.StatusTooManyRequests, RetryAfter: 30 * time.Millisecond})
	m := srv.ChannelMessages("c1")[0].Message
	start := time.Now()
	if _, err := sess.ChannelMessageEdit("c1", m.ID, "edited"); err != nil {
		t.Fatalf("edit after 429s: %v", err)
	}
	if d := time.Since(start); d < 60*time.Millisecond {
		t.Errorf("edit took %v: discordgo did not wait retry_after twice", d)
	}
	if ms := srv.ChannelMessages("c1"); len(ms) != 1 {
		t.Fatalf("%d messages, want 1", len(ms))
	}
	if es := srv.ChannelMessageEdits("c1"); len(es) != 1 || srv.Message(m.ID).Content != "edited" {
		t.Fatalf("edits = %v", es)
	}
	var statuses []int
	for _, r := range srv.Requests() {
		statuses = append(statuses, r.Status)
	}
	if got := statuses; len(got) != 6 || got[0] != 502 || got[1] != 502 || got[2] != 200 || got[3] != 429 || got[4] != 429 || got[5] != 200 {
		t.Fatalf("statuses = %v", got)
	}
}

// A 429 looks like Discord's: JSON body with retry_after and global false,
// X-RateLimit-* headers, and no X-RateLimit-Global header.
func TestFailNext429IsDiscordsShape(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	srv.FailNext("POST /interactions/{id}/{token}/callback", 1, discordtest.Fault{Status: 429, RetryAfter: 1500 * time.Millisecond})
	srv.FailNext("GET /users/{rest...}", 1, discordtest.Fault{Status: 429, Global: true})
	c := &http.Client{Transport: srv.Transport()}

	resp, err := c.Post("https://discord.com/api/v9/interactions/1/tok/callback", "application/json", strings.NewReader(`{"type":1}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var got struct {
		Message    string  `json:"message"`
		RetryAfter float64 `json:"retry_after"`
		Global     *bool   `json:"global"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatalf("body %s: %v", body, err)
	}
	h := resp.Header
	if resp.StatusCode != 429 || got.RetryAfter != 1.5 || got.Global == nil || *got.Global || got.Message == "" {
		t.Fatalf("429 = %d %s", resp.StatusCode, body)
	}
	if h.Get("Retry-After") != "2" || h.Get("X-RateLimit-Remaining") != "0" || h.Get("X-RateLimit-Reset-After") != "1.500" ||
		h.Get("X-RateLimit-Scope") != "user" || h.Get("X-RateLimit-Reset") == "" || h.Get("X-RateLimit-Bucket") == "" {
		t.Fatalf("headers = %v", h)
	}
	if _, ok := h["X-Ratelimit-Global"]; ok {
		t.Errorf("a per-route 429 sent X-RateLimit-Global (discordgo would block every route)")
	}

	resp, err = c.Get("https://discord.com/api/v9/users/@me")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("X-RateLimit-Global") != "true" || !strings.Contains(string(body), `"global":true`) {
		t.Fatalf("global 429 = %d %v %s", resp.StatusCode, resp.Header, body)
	}
	// Then served normally (401: no token on this raw request).
	resp, err = c.Get("https://discord.com/api/v9/users/@me")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("after the fault: %d", resp.StatusCode)
	}
	if cbs := srv.Callbacks("1"); len(cbs) != 0 {
		t.Errorf("a faulted callback reached the route: %+v", cbs)
	}
}

func TestFailNextRefusesBadPatterns(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	for _, c := range []struct {
		pattern string
		status  int
	}{{"/channels/{id}/messages", 500}, {"POST channels", 500}, {"POST /channels/{id}/messages", 404}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("FailNext(%q, %d) did not panic", c.pattern, c.status)
				}
			}()
			srv.FailNext(c.pattern, 1, discordtest.Fault{Status: c.status})
		}()
	}
}
