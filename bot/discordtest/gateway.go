package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// ErrNoSession is returned by Dispatch before any client has identified.
var ErrNoSession = errors.New("discordtest: no gateway session (no client has identified)")

// ErrNotConnected is returned when an operation needs a connected client.
var ErrNotConnected = errors.New("discordtest: no gateway client connected")

// Gateway opcodes.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opReconnect      = 7
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatACK   = 11
)

// writeTimeout bounds each websocket write so a stuck client never blocks
// the fake forever.
const writeTimeout = 5 * time.Second

// gwSession is one gateway session (from Identify), which may span several
// connections through Resume.
type gwSession struct {
	id      string
	shard   *[2]int // [id, count] as identified; nil: unsharded
	seq     int64
	history []gwFrame // every dispatch, for replay on resume
	conn    *gwConn   // current connection, nil while disconnected
}

type gwFrame struct {
	seq  int64
	data []byte
}

// gwConn is one gateway websocket connection. All writes go through its
// writer goroutine, in the order they were queued.
type gwConn struct {
	ws      *websocket.Conn
	session *gwSession // guarded by Server.mu

	mu     sync.Mutex
	queue  []gwOut
	signal chan struct{}
	done   chan struct{}
	once   sync.Once
}

type gwOut struct {
	typ   int // websocket.TextMessage or websocket.CloseMessage
	data  []byte
	close bool // close the connection after writing
}

// payload is a gateway payload as sent on the wire.
type payload struct {
	Op   int             `json:"op"`
	Data json.RawMessage `json:"d"`
	Seq  *int64          `json:"s"`
	Type *string         `json:"t"`
}

func encodePayload(op int, data any, seq int64, typ string) []byte {
	raw, err := json.Marshal(data)
	if err != nil {
		panic("discordtest: encoding gateway payload: " + err.Error())
	}
	p := payload{Op: op, Data: raw}
	if op == opDispatch {
		p.Seq, p.Type = &seq, &typ
	}
	b, err := json.Marshal(p)
	if err != nil {
		panic("discordtest: encoding gateway payload: " + err.Error())
	}
	return b
}

func (c *gwConn) enqueue(o gwOut) {
	c.mu.Lock()
	c.queue = append(c.queue, o)
	c.mu.Unlock()
	select {
	case c.signal <- struct{}{}:
	default:
	}
}

func (c *gwConn) send(b []byte) { c.enqueue(gwOut{typ: websocket.TextMessage, data: b}) }

// closeWith sends a close frame with the given code and closes the connection.
func (c *gwConn) closeWith(code int, text string) {
	c.enqueue(gwOut{typ: websocket.CloseMessage, data: websocket.FormatCloseMessage(code, text), close: true})
}

// abort closes the underlying network connection without a close frame,
// like a network drop.
func (c *gwConn) abort() {
	c.once.Do(func() { close(c.done) })
	_ = c.ws.NetConn().Close()
}

func (c *gwConn) writer() {
	for {
		select {
		case <-c.done:
			return
		case <-c.signal:
		}
		c.mu.Lock()
		q := c.queue
		c.queue = nil
		c.mu.Unlock()
		for _, o := range q {
			select {
			case <-c.done:
				return
			default:
			}
			_ = c.ws.SetWriteDeadline(time.Now().Add(writeTimeout))
			if err := c.ws.WriteMessage(o.typ, o.data); err != nil || o.close {
				c.abort()
				return
			}
		}
	}
}

// serveGateway upgrades the request to a gateway websocket connection and
// serves it until it closes.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "server closed", http.StatusServiceUnavailable)
		return
	}
	s.wg.Add(1)
	s.mu.Unlock()
	defer s.wg.Done()

	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		s.logf("gateway: upgrade: %v", err)
		return
	}
	ws.SetReadLimit(4 << 20)
	c := &gwConn{ws: ws, signal: make(chan struct{}, 1), done: make(chan struct{})}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		c.writer()
	}()

	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		c.abort()
		return
	}
	s.conns[c] = struct{}{}
	hello := map[string]any{"heartbeat_interval": max(s.opts.HeartbeatInterval.Milliseconds(), 1)}
	c.send(encodePayload(opHello, hello, 0, ""))
	s.notifyLocked()
	s.mu.Unlock()
	s.logf("gateway: connection from %s (%s)", r.RemoteAddr, r.URL.RawQuery)

	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			break
		}
		if !s.handleGateway(c, msg) {
			break
		}
	}

	s.mu.Lock()
	delete(s.conns, c)
	if c.session != nil && c.session.conn == c {
		c.session.conn = nil
	}
	c.session = nil
	s.notifyLocked()
	s.mu.Unlock()
	c.abort()
	s.logf("gateway: connection from %s closed", r.RemoteAddr)
}

// handleGateway handles one client payload; false ends the connection.
func (s *Server) handleGateway(c *gwConn, msg []byte) bool {
	var p struct {
		Op   int             `json:"op"`
		Data json.RawMessage `json:"d"`
	}
	if err := json.Unmarshal(msg, &p); err != nil {
		s.logf("gateway: undecodable payload: %v", err)
		c.closeWith(4002, "Error while decoding payload.")
		return true // the writer closes the connection
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	switch p.Op {
	case opHeartbeat:
		s.heartbeats++
		c.send(encodePayload(opHeartbeatACK, nil, 0, ""))
	case opIdentify:
		s.identifyLocked(c, p.Data, now)
	case opResume:
		s.resumeLocked(c, p.Data, now)
	default:
		s.gatewayRecv = append(s.gatewayRecv, &GatewayPayload{Time: now, Op: p.Op, Data: append(json.RawMessage(nil), p.Data...)})
		s.logf("gateway: received op %d", p.Op)
	}
	s.notifyLocked()
	return true
}

func (s *Server) identifyLocked(c *gwConn, data json.RawMessage, now time.Time) {
	// Only the fields the fake uses: discordgo's own Identify type cannot
	// decode what discordgo encodes (presence timestamps).
	var id struct {
		Token      string                       `json:"token"`
		Properties discordgo.IdentifyProperties `json:"properties"`
		Compress   bool                         `json:"compress"`
		Shard      *[2]int                      `json:"shard"`
		Intents    discordgo.Intent             `json:"intents"`
	}
	rec := &Identify{Time: now, Raw: append(json.RawMessage(nil), data...)}
	s.identifies = append(s.identifies, rec)
	if err := json.Unmarshal(data, &id); err != nil {
		s.logf("gateway: undecodable identify: %v", err)
		c.closeWith(4002, "Error while decoding payload.")
		return
	}
	rec.Token, rec.Intents, rec.Properties, rec.Shard, rec.Compress = id.Token, id.Intents, id.Properties, id.Shard, id.Compress
	if c.session != nil {
		s.logf("gateway: identify on an identified connection")
		c.closeWith(4005, "Already authenticated.")
		return
	}
	if !s.tokenOK(id.Token) {
		s.logf("gateway: identify with a wrong token")
		c.closeWith(4004, "Authentication failed.")
		return
	}
	sess := &gwSession{id: randomToken(16), shard: id.Shard}
	s.sessions[sess.id] = sess
	s.current = sess
	if id.Shard != nil {
		if s.shards == nil {
			s.shards = map[int]*gwSession{}
		}
		s.shards[id.Shard[0]] = sess // the latest identify of the shard
	}
	sess.conn, c.session = c, sess
	rec.Accepted, rec.SessionID = true, sess.id

	guilds := make([]map[string]any, 0, len(s.opts.Guilds))
	for _, g := range s.opts.Guilds {
		guilds = append(guilds, map[string]any{"id": g, "unavailable": true})
	}
	ready := map[string]any{
		"v":                  9,
		"session_id":         sess.id,
		"resume_gateway_url": s.wsURL,
		"user":               s.botUser(),
		"application":        map[string]any{"id": s.opts.ApplicationID, "flags": 0},
		"guilds":             guilds,
		"private_channels":   []any{},
	}
	if id.Shard != nil {
		ready["shard"] = id.Shard
	}
	s.dispatchLocked(sess, "READY", ready)
	s.logf("gateway: identified, session %s", sess.id)
}

func (s *Server) resumeLocked(c *gwConn, data json.RawMessage, now time.Time) {
	var p struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(data, &p)
	rec := &Resume{Time: now, Token: p.Token, SessionID: p.SessionID, Seq: p.Seq}
	s.resumes = append(s.resumes, rec)
	sess := s.sessions[p.SessionID]
	if sess == nil || !s.tokenOK(p.Token) || c.session != nil {
		s.logf("gateway: resume of unknown session %q: invalid session", p.SessionID)
		c.send(encodePayload(opInvalidSession, false, 0, ""))
		return
	}
	if old := sess.conn; old != nil && old != c {
		old.session = nil
		old.abort()
	}
	sess.conn, c.session = c, sess
	s.current = sess
	for _, f := range sess.history {
		if f.seq > p.Seq {
			c.send(f.data)
			rec.Replayed++
		}
	}
	// RESUMED ends the replay, as on Discord. It has a sequence number (a
	// dispatch without one would reset discordgo's) but is not replayed.
	sess.seq++
	c.send(encodePayload(opDispatch, map[string]any{}, sess.seq, "RESUMED"))
	rec.Accepted = true
	s.logf("gateway: resumed session %s from seq %d, replayed %d", sess.id, p.Seq, rec.Replayed)
}

// dispatchLocked assigns the next sequence number of sess to an event,
// keeps it for replay and sends it if a client is connected. s.mu must be
// held.
func (s *Server) dispatchLocked(sess *gwSession, eventType string, data any) int64 {
	sess.seq++
	f := gwFrame{seq: sess.seq, data: encodePayload(opDispatch, data, sess.seq, eventType)}
	sess.history = append(sess.history, f)
	if sess.conn != nil {
		sess.conn.send(f.data)
	}
	return f.seq
}

// Dispatch sends a dispatch (op 0) event of the given type to the client of
// the current session, with data encoded by encoding/json (pass a
// json.RawMessage for pre-encoded JSON). It returns the event's sequence
// number. When the client is disconnected the event is queued and replayed
// when the client resumes. It fails with ErrNoSession before any Identify.
func (s *Server) Dispatch(eventType string, data any) (int64, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return 0, fmt.Errorf("discordtest: encoding %s: %w", eventType, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return 0, ErrClosed
	}
	if s.current == nil {
		return 0, ErrNoSession
	}
	seq := s.dispatchLocked(s.current, eventType, json.RawMessage(raw))
	s.notifyLocked()
	s.logf("gateway: dispatch %s seq %d", eventType, seq)
	return seq, nil
}

// ShardOf is the shard of a guild among count shards, as Discord computes
// it: (guild_id >> 22) % count. A guild id that is not a snowflake is on
// shard 0.
func ShardOf(guildID string, count int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || count <= 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// sessionForLocked is the session an event of guild goes to: with sharded
// clients (Identify with a shard), the latest session of the guild's
// shard, as on Discord; otherwise the current session. s.mu must be held.
func (s *Server) sessionForLocked(guildID string) *gwSession {
	if guildID != "" {
		for _, sess := range s.shards {
			if ShardOf(guildID, sess.shard[1]) == sess.shard[0] {
				return sess
			}
		}
	}
	return s.current
}

// ConnectedShards returns the shard ids whose latest session has a live
// connection, in order.
func (s *Server) ConnectedShards() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []int
	for id, sess := range s.shards {
		if sess.conn != nil {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// WaitShards blocks until n shards are connected.
func (s *Server) WaitShards(ctx context.Context, n int) error {
	return s.waitFor(ctx, fmt.Sprintf("%d connected shards", n), func() bool { return len(s.ConnectedShards()) >= n })
}

// DropConnection closes every gateway connection abruptly (no close frame;
// the TCP connection is closed), simulating a network drop. The sessions
// stay resumable: a discordgo client reconnects and sends Resume. It
// returns ErrNotConnected when there was no connection.
func (s *Server) DropConnection() error {
	s.mu.Lock()
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
		if c.session != nil && c.session.conn == c {
			c.session.conn = nil // dispatches from now on are queued
		}
		c.session = nil
		delete(s.conns, c)
	}
	s.notifyLocked()
	s.mu.Unlock()
	for _, c := range conns {
		c.abort()
	}
	if len(conns) == 0 {
		return ErrNotConnected
	}
	s.logf("gateway: dropped %d connection(s)", len(conns))
	return nil
}

// SendReconnect sends Reconnect (op 7) to the connected client, which
// should close the connection and resume.
func (s *Server) SendReconnect() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current == nil || s.current.conn == nil {
		return ErrNotConnected
	}
	s.current.conn.send(encodePayload(opReconnect, nil, 0, ""))
	return nil
}

// InvalidateSessions forgets every gateway session, so the next Resume is
// answered with Invalid Session (op 9) and the client must identify again.
// Connected clients stay connected; dispatches fail with ErrNoSession until
// a new Identify.
func (s *Server) InvalidateSessions() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		c.session = nil
	}
	s.sessions = make(map[string]*gwSession)
	s.shards = nil
	s.current = nil
	s.notifyLocked()
}

// Connected reports whether a client is connected and has identified or
// resumed the current session.
func (s *Server) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.current != nil && s.current.conn != nil
}

// WaitConnected blocks until Connected is true.
func (s *Server) WaitConnected(ctx context.Context) error {
	return s.waitFor(ctx, "a connected client", s.Connected)
}

// SessionID returns the id of the current gateway session ("" before any
// Identify).
func (s *Server) SessionID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current == nil {
		return ""
	}
	return s.current.id
}

// Identifies returns every Identify received, in order.
func (s *Server) Identifies() []*Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Identify(nil), s.identifies...)
}

// Resumes returns every Resume received, in order.
func (s *Server) Resumes() []*Resume {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Resume(nil), s.resumes...)
}

// Heartbeats returns how many heartbeats (op 1) the gateway received.
func (s *Server) Heartbeats() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.heartbeats
}

// GatewayReceived returns the payloads clients sent other than heartbeats,
// identifies and resumes (e.g. presence updates), in order.
func (s *Server) GatewayReceived() []*GatewayPayload {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*GatewayPayload(nil), s.gatewayRecv...)
}

// WaitIdentify blocks until at least n Identify payloads were received and
// returns them all.
func (s *Server) WaitIdentify(ctx context.Context, n int) ([]*Identify, error) {
	return waitN(ctx, s, fmt.Sprintf("%d identifies", n), n, func() []*Identify { return s.Identifies() })
}

// WaitResume blocks until at least n Resume payloads were received and
// returns them all.
func (s *Server) WaitResume(ctx context.Context, n int) ([]*Resume, error) {
	return waitN(ctx, s, fmt.Sprintf("%d resumes", n), n, func() []*Resume { return s.Resumes() })
}

// WaitHeartbeats blocks until at least n heartbeats were received.
func (s *Server) WaitHeartbeats(ctx context.Context, n int) error {
	return s.waitFor(ctx, fmt.Sprintf("%d heartbeats", n), func() bool { return s.Heartbeats() >= n })
}
