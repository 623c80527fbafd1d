package discordtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Defaults used for zero [Options] fields and by the interaction builders.
const (
	DefaultBotUserID         = "100000000000000001"
	DefaultBotUsername       = "umpire"
	DefaultApplicationID     = "200000000000000002"
	DefaultToken             = "discordtest-token"
	DefaultHeartbeatInterval = 41250 * time.Millisecond
	DefaultAckDeadline       = discordgo.InteractionDeadline // 3 s, as on Discord
	DefaultChannelID         = "300000000000000003"
	DefaultUserID            = "400000000000000004"
	DefaultUsername          = "player"
)

// discordEpoch is the first millisecond of 2015, where snowflakes start.
const discordEpoch = 1420070400000

// maxBody bounds request bodies (Discord allows 25 MiB of attachments).
const maxBody = 64 << 20

// ErrClosed is returned by methods that need a running server after Close.
var ErrClosed = errors.New("discordtest: server closed")

// Options configures a [Server]. The zero value is usable.
type Options struct {
	// BotUserID and BotUsername describe the bot user sent in READY and as
	// the author of its messages. Defaults: DefaultBotUserID, DefaultBotUsername.
	BotUserID, BotUsername string
	// ApplicationID is the bot's application id. Default: DefaultApplicationID.
	ApplicationID string
	// Token, if set, is the only bot token the fake accepts (without the
	// "Bot " prefix). When empty, any non-empty token is accepted, and
	// NewSession("") uses DefaultToken. Either way REST calls must carry
	// "Bot <token>", as Discord requires of bots.
	Token string
	// Guilds are the guild ids listed (as unavailable guilds) in READY.
	Guilds []string
	// HeartbeatInterval is sent in Hello. Default: DefaultHeartbeatInterval;
	// tests about heartbeats may use e.g. 100 ms. It is sent in whole
	// milliseconds, at least 1.
	HeartbeatInterval time.Duration
	// AckDeadline is how long after an interaction's first dispatch a
	// callback is still accepted; later ones answer 404 (code 10062), as on
	// Discord. Default: DefaultAckDeadline. Negative disables the check.
	AckDeadline time.Duration
	// Logf, if set, receives a line for each gateway event and REST request
	// (e.g. t.Logf). It is not called after Close returns.
	Logf func(format string, args ...any)
	// RequireAllowedMentions refuses (400) a message with content but no
	// allowed_mentions. Discord accepts one and lets every mention in it
	// notify; a bot that sends what players typed must never, and tests
	// turn this on to catch a message that forgot (mentions.go).
	RequireAllowedMentions bool
}

// Server is a fake Discord: REST API and gateway on one loopback HTTP
// server. Create it with [NewServer]. All methods are safe for concurrent use.
type Server struct {
	tb       testing.TB
	opts     Options
	ts       *httptest.Server
	base     *url.URL // http://127.0.0.1:port
	wsURL    string   // ws://127.0.0.1:port/gateway
	httpTr   *http.Transport
	rewriter *rewriteTransport
	builtin  *http.ServeMux
	custom   *http.ServeMux
	upgrader websocket.Upgrader

	closing   atomic.Bool
	closeOnce sync.Once
	wg        sync.WaitGroup // gateway connections and their writers

	idMu   sync.Mutex
	lastID int64

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change
	closed  bool

	// gateway state
	conns       map[*gwConn]struct{}
	sessions    map[string]*gwSession
	current     *gwSession
	shards      map[int]*gwSession // by shard id: the latest session identified with it
	identifies  []*Identify
	resumes     []*Resume
	heartbeats  int
	gatewayRecv []*GatewayPayload

	// REST state
	requests        []*Request
	interactions    map[string]*interactionState // by interaction id
	tokens          map[string]*interactionState // by interaction token
	callbacks       map[string][]*Callback       // by interaction id, including unknown ids
	commands        map[string][]*discordgo.ApplicationCommand
	commandWrites   map[string]int
	messages        map[string]*discordgo.Message // every message the fake created, by id
	channelMessages map[string][]*ChannelMessage
	nonces          map[string]*ChannelMessage // channel + "\x00" + nonce: the message it created
	channelEdits    map[string][]*ChannelMessageEdit
	dmChannels      map[string]string // recipient user id -> DM channel id
	guildChans      guildChannels     // channels.go: guild channels the bot created
	refused         map[string]int    // refused.go: channel id -> the error code its posts get
	faults          []*fault          // faults.go: injected failures, in order
}

// NewServer starts a fake Discord on 127.0.0.1 and registers tb.Cleanup to
// close it. Zero fields of opts take the package defaults.
func NewServer(tb testing.TB, opts Options) *Server {
	tb.Helper()
	if opts.BotUserID == "" {
		opts.BotUserID = DefaultBotUserID
	}
	if opts.BotUsername == "" {
		opts.BotUsername = DefaultBotUsername
	}
	if opts.ApplicationID == "" {
		opts.ApplicationID = DefaultApplicationID
	}
	opts.Token = strings.TrimPrefix(opts.Token, "Bot ")
	if opts.HeartbeatInterval <= 0 {
		opts.HeartbeatInterval = DefaultHeartbeatInterval
	}
	if opts.AckDeadline == 0 {
		opts.AckDeadline = DefaultAckDeadline
	}
	opts.Guilds = append([]string(nil), opts.Guilds...)

	s := &Server{
		tb:              tb,
		opts:            opts,
		builtin:         http.NewServeMux(),
		custom:          http.NewServeMux(),
		changed:         make(chan struct{}),
		conns:           make(map[*gwConn]struct{}),
		sessions:        make(map[string]*gwSession),
		interactions:    make(map[string]*interactionState),
		tokens:          make(map[string]*interactionState),
		callbacks:       make(map[string][]*Callback),
		commands:        make(map[string][]*discordgo.ApplicationCommand),
		commandWrites:   make(map[string]int),
		messages:        make(map[string]*discordgo.Message),
		channelMessages: make(map[string][]*ChannelMessage),
		nonces:          make(map[string]*ChannelMessage),
		channelEdits:    make(map[string][]*ChannelMessageEdit),
		dmChannels:      make(map[string]string),
	}
	s.upgrader = websocket.Upgrader{
		HandshakeTimeout: 5 * time.Second,
		CheckOrigin:      func(*http.Request) bool { return true },
	}
	s.routes()

	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("discordtest: listen on loopback: %v", err)
	}
	s.ts = &httptest.Server{
		Listener: ln,
		Config:   &http.Server{Handler: http.HandlerFunc(s.serveHTTP), ReadHeaderTimeout: 10 * time.Second},
	}
	s.ts.Start()
	s.base, err = url.Parse(s.ts.URL)
	if err != nil {
		s.ts.Close()
		tb.Fatalf("discordtest: parse server URL: %v", err)
	}
	s.wsURL = "ws://" + s.base.Host + "/gateway"
	s.httpTr = &http.Transport{
		Proxy:               nil, // never leave loopback, whatever the environment says
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 16,
		IdleConnTimeout:     30 * time.Second,
	}
	s.rewriter = &rewriteTransport{target: s.base, next: s.httpTr}
	tb.Cleanup(s.Close)
	return s
}

// URL returns the base URL of the fake, e.g. "http://127.0.0.1:41234".
func (s *Server) URL() string { return s.ts.URL }

// GatewayURL returns the websocket URL the fake hands out as the gateway.
func (s *Server) GatewayURL() string { return s.wsURL }

// Token returns the bot token NewSession("") uses (without "Bot "):
// Options.Token, or DefaultToken when that is empty.
func (s *Server) Token() string {
	if s.opts.Token == "" {
		return DefaultToken
	}
	return s.opts.Token
}

// Options returns the options in effect, defaults filled in.
func (s *Server) Options() Options {
	o := s.opts
	o.Guilds = append([]string(nil), o.Guilds...)
	return o
}

// Transport returns a RoundTripper that sends requests for
// https://discord.com/... to the fake and refuses any other host, so that
// nothing leaves the machine. Use it as the Transport of a session's Client.
func (s *Server) Transport() http.RoundTripper { return s.rewriter }

// NewSession returns a discordgo session for the bot, not opened, whose REST
// client goes through [Server.Transport] with short timeouts and whose
// websocket dialer uses no proxy. token is the bot token without "Bot "; ""
// means [Server.Token]. The session is closed at test cleanup (before
// the server), with ShouldReconnectOnError turned off first.
func (s *Server) NewSession(token string) (*discordgo.Session, error) {
	if token == "" {
		token = s.Token()
	}
	if !strings.HasPrefix(token, "Bot ") {
		token = "Bot " + token
	}
	sess, err := discordgo.New(token)
	if err != nil {
		return nil, err
	}
	sess.Client = &http.Client{Transport: s.rewriter, Timeout: 10 * time.Second}
	sess.Dialer = &websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	s.tb.Cleanup(func() { CloseSession(sess) })
	return sess, nil
}

// CloseSession turns off the session's reconnection and closes it. It is
// what [Server.NewSession] registers at cleanup; use it for sessions made
// otherwise.
func CloseSession(sess *discordgo.Session) {
	sess.Lock()
	sess.ShouldReconnectOnError = false
	sess.Unlock()
	_ = sess.Close()
}

// Close stops the server: it drops every gateway connection abruptly, shuts
// the HTTP server down and waits for its goroutines. Waits in progress
// return. Close is idempotent and is called at test cleanup.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.closing.Store(true)
		s.mu.Lock()
		s.closed = true
		conns := make([]*gwConn, 0, len(s.conns))
		for c := range s.conns {
			conns = append(conns, c)
		}
		s.notifyLocked()
		s.mu.Unlock()
		for _, c := range conns {
			c.abort()
		}
		s.ts.Close()
		s.httpTr.CloseIdleConnections()
		s.wg.Wait()
	})
}

// Handle registers a handler for a route the fake does not serve, or to
// override a built-in one, using http.ServeMux pattern syntax, e.g.
// "GET /api/v9/guilds/{guild}/members/{user}". Custom routes are tried
// before the built-in ones; requests they serve are recorded like any other
// (Route "custom <pattern>"), and the handler can read the body again. It
// panics if the pattern conflicts with another custom pattern.
func (s *Server) Handle(pattern string, h http.HandlerFunc) {
	s.custom.HandleFunc(pattern, h)
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Logf == nil || s.closing.Load() {
		return
	}
	s.opts.Logf("discordtest: "+format, args...)
}

// notifyLocked wakes every waiter. s.mu must be held.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

func (s *Server) changedChan() (chan struct{}, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed, s.closed
}

// waitPoll is how often a wait re-evaluates its condition when nothing
// in the fake changed.
const waitPoll = 20 * time.Millisecond

// WaitFor blocks until cond returns true, re-evaluating it whenever the
// fake's state changes (a request, a gateway event, a connection), and at
// least every 20 ms for a condition on state outside the fake. It
// returns an error wrapping ctx.Err() when ctx ends first, or ErrClosed
// when the server is closed. cond may call the Server's accessors. All
// Wait* methods are built on it.
func (s *Server) WaitFor(ctx context.Context, cond func() bool) error {
	return s.waitFor(ctx, "condition", cond)
}

// waitN blocks until get returns at least n items, and returns them all.
func waitN[T any](ctx context.Context, s *Server, what string, n int, get func() []T) ([]T, error) {
	var out []T
	err := s.waitFor(ctx, what, func() bool {
		out = get()
		return len(out) >= n
	})
	return out, err
}

func (s *Server) waitFor(ctx context.Context, what string, cond func() bool) error {
	// A condition may read what the fake does not hold (a log, a store),
	// which no request announces: it is also polled.
	poll := time.NewTicker(waitPoll)
	defer poll.Stop()
	for {
		ch, closed := s.changedChan()
		if cond() {
			return nil
		}
		if closed {
			return fmt.Errorf("discordtest: waiting for %s: %w", what, ErrClosed)
		}
		select {
		case <-ch:
		case <-poll.C:
		case <-ctx.Done():
			return fmt.Errorf("discordtest: waiting for %s: %w", what, ctx.Err())
		}
	}
}

// newID returns a fresh snowflake-like id, increasing within the server.
func (s *Server) newID() string {
	s.idMu.Lock()
	defer s.idMu.Unlock()
	id := (time.Now().UnixMilli() - discordEpoch) << 22
	if id <= s.lastID {
		id = s.lastID + 1
	}
	s.lastID = id
	return strconv.FormatInt(id, 10)
}

// randomToken returns n random bytes, hex encoded.
func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("discordtest: crypto/rand: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// tokenOK reports whether t, as sent in Identify or Resume, is an accepted
// bot token, with or without "Bot ".
func (s *Server) tokenOK(t string) bool {
	t = strings.TrimPrefix(t, "Bot ")
	if s.opts.Token == "" {
		return t != ""
	}
	return t == s.opts.Token
}

// authOK reports whether an Authorization header is "Bot <accepted token>".
func (s *Server) authOK(h string) bool {
	t, ok := strings.CutPrefix(h, "Bot ")
	if !ok {
		return false
	}
	if s.opts.Token == "" {
		return t != "" && !strings.ContainsAny(t, " \t")
	}
	return t == s.opts.Token
}

// botUser returns the bot user object.
func (s *Server) botUser() *discordgo.User {
	return &discordgo.User{ID: s.opts.BotUserID, Username: s.opts.BotUsername, Discriminator: "0", Bot: true}
}

// rewriteTransport sends requests for https://discord.com to the fake.
type rewriteTransport struct {
	target *url.URL
	next   http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Scheme != "https" || req.URL.Hostname() != "discord.com" {
		if req.Body != nil {
			_ = req.Body.Close()
		}
		return nil, fmt.Errorf("discordtest: refusing request to %s://%s: only https://discord.com is faked", req.URL.Scheme, req.URL.Host)
	}
	r := req.Clone(req.Context())
	r.URL.Scheme = t.target.Scheme
	r.URL.Host = t.target.Host
	r.Host = ""
	return t.next.RoundTrip(r)
}

type ctxKey struct{}

// statusWriter remembers the status a custom handler wrote.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// serveHTTP is the fake's single handler: gateway upgrades go to the
// gateway, everything else is recorded and routed.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if websocket.IsWebSocketUpgrade(r) {
		s.serveGateway(w, r)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	rec := newRequest(r, body, s.authOK)
	h := w.Header()
	h.Set("X-RateLimit-Limit", "50")
	h.Set("X-RateLimit-Remaining", "1")
	h.Set("X-RateLimit-Reset-After", "0.001")
	h.Set("X-RateLimit-Bucket", "discordtest")
	if err != nil {
		s.replyError(w, rec, newAPIError(http.StatusRequestEntityTooLarge, 40005, "Request entity too large"))
	} else {
		r.Body = io.NopCloser(bytes.NewReader(body))
		r = r.WithContext(context.WithValue(r.Context(), ctxKey{}, rec))
		if s.serveFault(w, r, rec) { // faults.go: injected 429 and 5xx
		} else if _, pattern := s.custom.Handler(r); pattern != "" {
			rec.Route = "custom " + pattern
			sw := &statusWriter{ResponseWriter: w}
			s.custom.ServeHTTP(sw, r) // sets the path values
			rec.Status = sw.status
			if rec.Status == 0 {
				rec.Status = http.StatusOK
			}
		} else {
			s.builtin.ServeHTTP(w, r)
		}
	}
	s.mu.Lock()
	if !rec.published {
		s.publishLocked(rec)
	}
	s.mu.Unlock()
	s.logf("%s", rec)
}

// publishLocked appends rec to the request log. s.mu must be held.
func (s *Server) publishLocked(rec *Request) {
	rec.published = true
	s.requests = append(s.requests, rec)
	s.notifyLocked()
}

// Requests returns every REST request answered so far, in order.
func (s *Server) Requests() []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Request(nil), s.requests...)
}

// Unhandled returns the requests no route matched (answered 404), so a test
// can assert the bot made no unexpected calls.
func (s *Server) Unhandled() []*Request {
	return s.filterRequests(func(r *Request) bool { return r.Unhandled })
}

// Rejected returns the requests the fake answered with a status of 400 or
// more (unhandled ones included), so a test can assert the bot never broke
// one of Discord's rules.
func (s *Server) Rejected() []*Request {
	return s.filterRequests(func(r *Request) bool { return r.Status >= 400 })
}

func (s *Server) filterRequests(keep func(*Request) bool) []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Request
	for _, r := range s.requests {
		if keep(r) {
			out = append(out, r)
		}
	}
	return out
}

// WaitRequests blocks until at least n recorded requests satisfy match and
// returns them.
func (s *Server) WaitRequests(ctx context.Context, n int, match func(*Request) bool) ([]*Request, error) {
	return waitN(ctx, s, fmt.Sprintf("%d matching requests", n), n, func() []*Request { return s.filterRequests(match) })
}
