package discordtest_test

import (
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/umpire-games/umpire/bot/discordtest"
)

func TestConnectIdentifyReady(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{Guilds: []string{"500000000000000005", "500000000000000006"}, Logf: t.Logf})
	readies := make(chan *discordgo.Ready, 1)
	sess := openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { readies <- r })
	})
	r := recv(t, ctx, readies)

	if r.User == nil || r.User.ID != discordtest.DefaultBotUserID || r.User.Username != discordtest.DefaultBotUsername || !r.User.Bot {
		t.Errorf("READY user = %+v", r.User)
	}
	if r.Version != 9 || r.SessionID == "" || r.SessionID != srv.SessionID() {
		t.Errorf("READY v=%d session_id=%q, server session %q", r.Version, r.SessionID, srv.SessionID())
	}
	if r.Application == nil || r.Application.ID != discordtest.DefaultApplicationID {
		t.Errorf("READY application = %+v", r.Application)
	}
	if len(r.Guilds) != 2 || r.Guilds[0].ID != "500000000000000005" || !r.Guilds[0].Unavailable || !r.Guilds[1].Unavailable {
		t.Errorf("READY guilds = %+v", r.Guilds)
	}
	sess.State.RLock()
	userID := sess.State.User.ID
	sess.State.RUnlock()
	if userID != srv.Options().BotUserID {
		t.Errorf("State.User.ID = %q, want %q", userID, srv.Options().BotUserID)
	}

	ids := srv.Identifies()
	if len(ids) != 1 {
		t.Fatalf("identifies = %d, want 1", len(ids))
	}
	id := ids[0]
	if id.Token != "Bot "+srv.Token() || !id.Accepted || id.SessionID != r.SessionID {
		t.Errorf("identify = token %q accepted %v session %q", id.Token, id.Accepted, id.SessionID)
	}
	if id.Intents != sess.Identify.Intents || id.Properties.OS != runtime.GOOS || !strings.HasPrefix(id.Properties.Browser, "DiscordGo") {
		t.Errorf("identify intents %d properties %+v", id.Intents, id.Properties)
	}
	if !srv.Connected() {
		t.Error("Connected() = false after READY")
	}
	reqs := srv.Requests()
	if len(reqs) == 0 || reqs[0].Method != "GET" || reqs[0].Path != "/api/v9/gateway" || reqs[0].Route != "gateway" || reqs[0].Status != 200 {
		t.Fatalf("first request = %v", reqs)
	}
	if !reqs[0].HasAuthorization || !reqs[0].Authorized || reqs[0].Header.Get("Authorization") != "" {
		t.Errorf("gateway request authorization: has %v ok %v header %q", reqs[0].HasAuthorization, reqs[0].Authorized, reqs[0].Header.Get("Authorization"))
	}
	if ua := reqs[0].Header.Get("User-Agent"); !strings.Contains(ua, "discordgo") {
		t.Errorf("User-Agent = %q", ua)
	}

	// Any dispatch reaches the handlers; presence updates are recorded.
	typing := make(chan *discordgo.TypingStart, 1)
	sess.AddHandler(func(_ *discordgo.Session, ts *discordgo.TypingStart) { typing <- ts })
	seq, err := srv.Dispatch("TYPING_START", map[string]any{"user_id": "7", "channel_id": "8", "timestamp": 1})
	if err != nil || seq != 2 {
		t.Fatalf("Dispatch = %d, %v; want seq 2", seq, err)
	}
	if ts := recv(t, ctx, typing); ts.UserID != "7" || ts.ChannelID != "8" {
		t.Errorf("TypingStart = %+v", ts)
	}
	if err := sess.UpdateGameStatus(0, "chess"); err != nil {
		t.Fatal(err)
	}
	if err := srv.WaitFor(ctx, func() bool { return len(srv.GatewayReceived()) > 0 }); err != nil {
		t.Fatal(err)
	}
	if p := srv.GatewayReceived()[0]; p.Op != 3 || !strings.Contains(string(p.Data), "chess") {
		t.Errorf("gateway received op %d %s", p.Op, p.Data)
	}
	noUnhandled(t, srv)
}

func TestHeartbeatsAcknowledged(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{HeartbeatInterval: 200 * time.Millisecond})
	opened := time.Now().UTC()
	sess := openSession(t, srv, nil)
	if err := srv.WaitHeartbeats(ctx, 4); err != nil {
		t.Fatal(err)
	}
	// The client saw the ACKs: its last ACK is recent, and it has not
	// reconnected for want of them.
	sess.RLock()
	lastAck := sess.LastHeartbeatAck
	sess.RUnlock()
	if !lastAck.After(opened) {
		t.Errorf("LastHeartbeatAck %v not after open %v", lastAck, opened)
	}
	if n := len(srv.Identifies()); n != 1 || len(srv.Resumes()) != 0 {
		t.Errorf("identifies %d resumes %d, want 1 and 0", n, len(srv.Resumes()))
	}
}

func TestIdentifyWrongTokenFails(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{Token: "the-token"})
	sess, err := srv.NewSession("not-the-token")
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Open(); err == nil {
		t.Fatal("Open with a wrong token succeeded")
	} else if !strings.Contains(err.Error(), "4004") {
		t.Errorf("Open error = %v, want close 4004", err)
	}
	ids := srv.Identifies()
	if len(ids) != 1 || ids[0].Accepted {
		t.Errorf("identifies = %+v, want one refused", ids)
	}
	if srv.Connected() {
		t.Error("Connected() after a refused identify")
	}
}

func TestDispatchBeforeIdentify(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{})
	if _, err := srv.Dispatch("TYPING_START", map[string]any{}); !errors.Is(err, discordtest.ErrNoSession) {
		t.Errorf("Dispatch = %v, want ErrNoSession", err)
	}
	if err := srv.DropConnection(); !errors.Is(err, discordtest.ErrNotConnected) {
		t.Errorf("DropConnection = %v, want ErrNotConnected", err)
	}
}

func TestDropConnectionResumesAndReplays(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	// A generous acknowledgement deadline: the replayed interaction is
	// answered only after discordgo's one-second reconnection pause.
	srv := discordtest.NewServer(t, discordtest.Options{Logf: t.Logf, AckDeadline: 10 * time.Second})
	errs := make(chan error, 4)
	resumed := make(chan struct{}, 1)
	sess := openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(respond("still here", errs))
		s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { resumed <- struct{}{} })
	})
	ids, err := srv.WaitIdentify(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	// discordgo's heartbeat goroutine sends its first heartbeat as it
	// starts; if that is still pending when the drop is noticed it fails
	// and reconnects a second time. Wait for it.
	if err := srv.WaitHeartbeats(ctx, 1); err != nil {
		t.Fatal(err)
	}

	if err := srv.DropConnection(); err != nil {
		t.Fatal(err)
	}
	if srv.Connected() {
		t.Fatal("Connected() right after DropConnection")
	}
	// Sent while the client is away: queued, replayed on resume.
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "status", GuildID: "500000000000000005"})
	seq, err := srv.DispatchInteraction(i)
	if err != nil || seq != 2 {
		t.Fatalf("DispatchInteraction = %d, %v; want queued as seq 2", seq, err)
	}

	rs, err := srv.WaitResume(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.SessionID != ids[0].SessionID || r.Seq != 1 || !r.Accepted || r.Replayed != 1 || r.Token != sess.Token {
		t.Errorf("resume = %+v, want session %s seq 1 accepted, 1 replayed", r, ids[0].SessionID)
	}
	recv(t, ctx, resumed)
	if err := recv(t, ctx, errs); err != nil {
		t.Fatalf("responding to the replayed interaction: %v", err)
	}
	cbs, err := srv.WaitCallback(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !cbs[0].Accepted || cbs[0].Response.Data.Content != "still here" {
		t.Errorf("callback = accepted %v %+v", cbs[0].Accepted, cbs[0].Response.Data)
	}
	if n := len(srv.Identifies()); n != 1 {
		t.Errorf("identifies = %d, want 1 (resumed, not re-identified)", n)
	}
	if err := srv.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	// Sequence numbers continue: READY 1, interaction 2, RESUMED 3.
	if seq, err := srv.Dispatch("TYPING_START", map[string]any{"user_id": "1"}); err != nil || seq != 4 {
		t.Errorf("Dispatch after resume = %d, %v; want seq 4", seq, err)
	}
	noUnhandled(t, srv)
}

func TestInvalidSessionReidentifies(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	srv := discordtest.NewServer(t, discordtest.Options{})
	readies := make(chan *discordgo.Ready, 2)
	openSession(t, srv, func(s *discordgo.Session) {
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { readies <- r })
	})
	first := recv(t, ctx, readies)
	if err := srv.WaitHeartbeats(ctx, 1); err != nil { // see TestDropConnectionResumesAndReplays
		t.Fatal(err)
	}
	srv.InvalidateSessions()
	if err := srv.DropConnection(); err != nil {
		t.Fatal(err)
	}
	ids, err := srv.WaitIdentify(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	second := recv(t, ctx, readies)
	rs := srv.Resumes()
	if len(rs) != 1 || rs[0].Accepted || rs[0].SessionID != first.SessionID {
		t.Errorf("resumes = %+v, want one refused for %s", rs, first.SessionID)
	}
	if !ids[1].Accepted || second.SessionID == first.SessionID || second.SessionID != ids[1].SessionID {
		t.Errorf("second session %q (identify %+v), first %q", second.SessionID, ids[1], first.SessionID)
	}
	if err := srv.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	if seq, err := srv.Dispatch("TYPING_START", map[string]any{}); err != nil || seq != 2 {
		t.Errorf("Dispatch in the new session = %d, %v; want seq 2", seq, err)
	}
}

// wsClient is a bare gateway client for checking the wire format.
type wsClient struct {
	t  *testing.T
	ws *websocket.Conn
}

func dialGateway(t *testing.T, srv *discordtest.Server) *wsClient {
	t.Helper()
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	ws, _, err := d.Dial(srv.GatewayURL()+"/?v=9&encoding=json", nil)
	if err != nil {
		t.Fatalf("dial gateway: %v", err)
	}
	t.Cleanup(func() { _ = ws.Close() })
	return &wsClient{t: t, ws: ws}
}

type frame struct {
	Op   int             `json:"op"`
	D    json.RawMessage `json:"d"`
	S    *int64          `json:"s"`
	T    *string         `json:"t"`
	Type string          `json:"-"`
}

func (c *wsClient) read() frame {
	c.t.Helper()
	_ = c.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	var f frame
	if err := c.ws.ReadJSON(&f); err != nil {
		c.t.Fatalf("read gateway frame: %v", err)
	}
	if f.T != nil {
		f.Type = *f.T
	}
	return f
}

func (c *wsClient) write(v any) {
	c.t.Helper()
	if err := c.ws.WriteJSON(v); err != nil {
		c.t.Fatalf("write gateway frame: %v", err)
	}
}

func TestGatewayWireFormat(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{HeartbeatInterval: 1500 * time.Millisecond, Guilds: []string{"9"}})
	c := dialGateway(t, srv)

	hello := c.read()
	if hello.Op != 10 || string(hello.D) != `{"heartbeat_interval":1500}` || hello.S != nil || hello.T != nil {
		t.Fatalf("hello = op %d d %s s %v t %v", hello.Op, hello.D, hello.S, hello.T)
	}
	c.write(map[string]any{"op": 2, "d": map[string]any{"token": srv.Token(), "intents": 513, "properties": map[string]string{"os": "linux"}}})
	ready := c.read()
	if ready.Op != 0 || ready.Type != "READY" || ready.S == nil || *ready.S != 1 {
		t.Fatalf("ready = op %d t %q s %v", ready.Op, ready.Type, ready.S)
	}
	var rd struct {
		V                int    `json:"v"`
		SessionID        string `json:"session_id"`
		ResumeGatewayURL string `json:"resume_gateway_url"`
		User             struct {
			ID  string `json:"id"`
			Bot bool   `json:"bot"`
		} `json:"user"`
		Application struct {
			ID    string `json:"id"`
			Flags *int   `json:"flags"`
		} `json:"application"`
		Guilds []struct {
			ID          string `json:"id"`
			Unavailable bool   `json:"unavailable"`
		} `json:"guilds"`
	}
	if err := json.Unmarshal(ready.D, &rd); err != nil {
		t.Fatal(err)
	}
	if rd.V != 9 || rd.SessionID == "" || rd.ResumeGatewayURL != srv.GatewayURL() || rd.User.ID != discordtest.DefaultBotUserID || !rd.User.Bot ||
		rd.Application.ID != discordtest.DefaultApplicationID || rd.Application.Flags == nil || len(rd.Guilds) != 1 || rd.Guilds[0].ID != "9" || !rd.Guilds[0].Unavailable {
		t.Errorf("READY d = %s", ready.D)
	}
	if ids := srv.Identifies(); len(ids) != 1 || ids[0].Intents != 513 || ids[0].Token != srv.Token() {
		t.Errorf("identify recorded as %+v", ids)
	}

	c.write(map[string]any{"op": 1, "d": 1})
	if ack := c.read(); ack.Op != 11 {
		t.Fatalf("after heartbeat got op %d, want 11", ack.Op)
	}
	if n := srv.Heartbeats(); n != 1 {
		t.Errorf("Heartbeats() = %d", n)
	}

	// Two events arrive; the client then drops having seen only seq 2.
	if _, err := srv.Dispatch("EVENT_A", map[string]int{"n": 1}); err != nil {
		t.Fatal(err)
	}
	if f := c.read(); f.Type != "EVENT_A" || *f.S != 2 {
		t.Fatalf("got %q seq %v", f.Type, f.S)
	}
	if _, err := srv.Dispatch("EVENT_B", map[string]int{"n": 2}); err != nil {
		t.Fatal(err)
	}
	_ = c.ws.Close()
	if err := srv.WaitFor(testCtx(t), func() bool { return !srv.Connected() }); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Dispatch("EVENT_C", map[string]int{"n": 3}); err != nil {
		t.Fatal(err)
	}

	// A resume with a wrong session id is refused with op 9, d false.
	c2 := dialGateway(t, srv)
	c2.read() // hello
	c2.write(map[string]any{"op": 6, "d": map[string]any{"token": srv.Token(), "session_id": "nope", "seq": 2}})
	if f := c2.read(); f.Op != 9 || string(f.D) != "false" {
		t.Fatalf("unknown resume: op %d d %s, want op 9 d false", f.Op, f.D)
	}
	// The right one replays B and C, then RESUMED, with increasing seqs.
	c2.write(map[string]any{"op": 6, "d": map[string]any{"token": "Bot " + srv.Token(), "session_id": rd.SessionID, "seq": 2}})
	var got []string
	var seqs []int64
	for range 3 {
		f := c2.read()
		got = append(got, f.Type)
		seqs = append(seqs, *f.S)
	}
	if strings.Join(got, ",") != "EVENT_B,EVENT_C,RESUMED" || seqs[0] != 3 || seqs[1] != 4 || seqs[2] != 5 {
		t.Errorf("after resume got %v seqs %v, want EVENT_B,EVENT_C,RESUMED 3,4,5", got, seqs)
	}
	rs := srv.Resumes()
	if len(rs) != 2 || rs[0].Accepted || !rs[1].Accepted || rs[1].Replayed != 2 || rs[1].Seq != 2 {
		t.Errorf("resumes = %+v %+v", rs[0], rs[len(rs)-1])
	}

	// Close drops the connection and waits return.
	srv.Close()
	_ = c2.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, _, err := c2.ws.ReadMessage(); err == nil {
		t.Error("connection still open after Close")
	}
	if _, err := srv.WaitIdentify(testCtx(t), 5); !errors.Is(err, discordtest.ErrClosed) {
		t.Errorf("WaitIdentify after Close = %v, want ErrClosed", err)
	}
	srv.Close() // idempotent
}

// TestCloseLeavesNoGoroutines is not parallel, so that the goroutines it
// looks for can only be its own.
func TestCloseLeavesNoGoroutines(t *testing.T) {
	srv := discordtest.NewServer(t, discordtest.Options{})
	c := dialGateway(t, srv)
	c.read()
	c.write(map[string]any{"op": 2, "d": map[string]any{"token": srv.Token()}})
	c.read()
	c2 := dialGateway(t, srv) // connected, never identified
	c2.read()
	srv.Close()

	deadline := time.Now().Add(5 * time.Second)
	for {
		buf := make([]byte, 1<<20)
		stacks := string(buf[:runtime.Stack(buf, true)])
		if !strings.Contains(stacks, "bot/discordtest.(*") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("discordtest goroutines left after Close:\n%s", stacks)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
