package bot

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// requests counts the post requests a channel got, refused ones included.
func requests(srv *discordtest.Server, channel string) int { return len(srv.ChannelMessages(channel)) }

// A scheduled post to a deleted channel (here the table itself) is tried
// once, marked failed and the entry closed; the umpire is told once, in
// his own channel since the table is the channel gone; further ticks and a
// restart over the same database try nothing again.
func TestOutboxGivesUpOnADeletedChannel(t *testing.T) {
	ctx := context.Background()
	path, _, r1, c := channelledDeadlineGame(t)
	srv, d := runDiscord(t, r1)
	srv.RefuseChannel("war", discordtest.CodeUnknownChannel)
	s1 := &Scheduler{Router: r1, Poster: d, Now: c.now, OutboxGrace: time.Nanosecond}
	for range 3 {
		if err := s1.Tick(ctx); err != nil {
			t.Fatalf("tick: %v", err)
		}
	}
	st2, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	r2 := NewRouter(st2, WithLogger(quietLog()), WithClock(c.now))
	s2 := &Scheduler{Router: r2, Poster: d, Now: c.now, OutboxGrace: time.Nanosecond}
	for range 2 {
		if err := s2.Tick(ctx); err != nil {
			t.Fatalf("tick after the restart: %v", err)
		}
	}
	if n := requests(srv, "war"); n != 1 {
		t.Errorf("%d posts to the deleted table, want 1", n)
	}
	n, notes := created(srv, "c-ump")
	if n != 1 {
		t.Fatalf("the umpire was told %d times: %q", n, notes)
	}
	if want := "The table channel is gone (deleted?): the announcement of the deadline for step 1e was not delivered."; !strings.Contains(notes[0], want) || !strings.Contains(notes[0], "<@u0>") {
		t.Errorf("the umpire read %q, want his mention and %q", notes[0], want)
	}
	if strings.Contains(notes[0], "⏳") {
		t.Errorf("the notice quotes the lost message: %q", notes[0])
	}
	for _, ch := range []string{"c-lee", "c-meade"} {
		if n, texts := created(srv, ch); n != 0 {
			t.Errorf("%s got %q", ch, texts)
		}
	}
	if pending, err := st2.PendingOutbox(ctx); err != nil || len(pending) != 0 {
		t.Fatalf("pending: %+v, %v", pending, err)
	}
}

// An entry with a good and a refused channel posts the good one once and
// is closed, so no later tick posts it again; the umpire is told at the table what Lee's channel lost and
// why, without its words. A message refused before a restart (recorded
// failed) is not tried after it.
func TestOutboxPostsTheGoodChannelOnce(t *testing.T) {
	ctx := context.Background()
	path, st1, r1, c := channelledDeadlineGame(t)
	srv, d := runDiscord(t, r1)
	srv.RefuseChannel("c-lee", discordtest.CodeMissingPermissions)
	stream, _, err := st1.Load(ctx, "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	reminded := EventView{Type: engine.EventDeadlineReminded, Stream: "game:war", Data: json.RawMessage(`{"player":"u1"}`)}
	body, _ := json.Marshal(Reply{Outputs: []Output{
		{Audience: Audience{Kind: AudiencePublic, Channel: "war"}, Text: "⏰ <@u1>, step 1e is waiting for you.", Events: []EventView{reminded}},
		{Audience: Audience{Kind: AudienceChannel, Channel: "c-lee"}, Text: "⏰ Lee's secret orders are due.", Events: []EventView{reminded}},
		{Audience: Audience{Kind: AudienceChannel, Channel: "c-meade"}, Text: "⏰ a word to Meade."},
	}})
	// The entry is recorded as the scheduler records one; a 503 on the
	// third message (transient) leaves it pending after the first pass.
	if _, err := st1.Append(ctx, store.Append{Stream: "game:war", Expected: stream.Version, Outbox: &store.OutboxEntry{ID: "game:war@x", Body: body}}); err != nil {
		t.Fatal(err)
	}
	srv.FailNext("POST /channels/c-meade/messages", 1000, discordtest.Fault{Status: 503})
	s1 := &Scheduler{Router: r1, Poster: d, Now: c.now, OutboxGrace: time.Nanosecond}
	_ = s1.Tick(ctx)
	pending, err := st1.PendingOutbox(ctx)
	if err != nil || len(pending) != 1 || len(pending[0].Failed) != 1 || pending[0].Failed[0] != 1 {
		t.Fatalf("after a refusal and a transient error: %+v, %v", pending, err)
	}

	// Restart; Discord is back. The table's message is requested again
	// with its nonce (the entry was pending: a transient error, as
	// before) and dropped; Lee's refused one is not requested again.
	srv.ClearFaults()
	st2, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	r2 := NewRouter(st2, WithLogger(quietLog()), WithClock(c.now))
	s2 := &Scheduler{Router: r2, Poster: d, Now: c.now, OutboxGrace: time.Nanosecond}
	for range 3 {
		if err := s2.Tick(ctx); err != nil {
			t.Fatalf("tick after the restart: %v", err)
		}
	}
	if pending, err := st2.PendingOutbox(ctx); err != nil || len(pending) != 0 {
		t.Fatalf("pending at the end: %+v, %v", pending, err)
	}
	_, texts := created(srv, "war") // with the step's own announcement, fired by the ticks
	var posted, notes []string
	for _, t := range texts {
		if strings.Contains(t, "waiting for you") {
			posted = append(posted, t)
		} else if strings.Contains(t, "⚠️") {
			notes = append(notes, t)
		}
	}
	if len(posted) != 1 || len(notes) != 1 {
		t.Fatalf("the table got %q, want the reminder once and one notice", texts)
	}
	if want := "Lee's private channel does not let me post (Missing Permissions): the reminder for step 1e was not delivered."; !strings.Contains(notes[0], want) {
		t.Errorf("the umpire read %q, want %q", notes[0], want)
	}
	if strings.Contains(notes[0], "secret orders") {
		t.Errorf("the notice at the table quotes Lee's private message: %q", notes[0])
	}
	if n := requests(srv, "c-lee"); n != 1 {
		t.Errorf("%d posts to Lee's refused channel, want 1", n)
	}
	if n, _ := created(srv, "c-meade"); n != 1 {
		t.Errorf("%d messages in Meade's channel, want 1", n)
	}
}

// channelledDeadlineGame is deadlineGame on a SQLite file (path, for a
// restart over the same database) with a private channel for Lee, Meade
// and the umpire.
func channelledDeadlineGame(t *testing.T) (string, *store.Store, *Router, *testClock) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "u.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	r, _, _, c := deadlineGame(t, st)
	if err := r.recordChannels(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA}, "cat", map[string]string{"u1": "c-lee", "u2": "c-meade"}, false, "c-ump"); err != nil {
		t.Fatal(err)
	}
	return path, st, r, c
}
