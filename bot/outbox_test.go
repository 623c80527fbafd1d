package bot

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/store"
)

// dyingPoster stands for a process that dies while posting: with after
// set, Discord gets the first message and then the process dies, before it
// can mark the entry posted; otherwise it dies before posting anything.
type dyingPoster struct {
	d     *Discord
	mu    sync.Mutex
	posts int
	after int // messages Discord gets before the death
}

var errKilled = errors.New("killed")

func (p *dyingPoster) Post(ctx context.Context, o Output) error { return p.PostOnce(ctx, o, "") }

func (p *dyingPoster) PostOnce(ctx context.Context, o Output, nonce string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.posts >= p.after {
		return errKilled
	}
	p.posts++
	if err := p.d.PostOnce(ctx, o, nonce); err != nil {
		return err
	}
	return errKilled
}

func (p *dyingPoster) Ready() bool { return p.d.Ready() }

// runDiscord connects an adapter for r to a fresh fake Discord.
func runDiscord(t *testing.T, r *Router) (*discordtest.Server, *Discord) {
	t.Helper()
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true, Guilds: []string{"g"}})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	d := NewDiscord(sess, r, DiscordOptions{Logger: quietLog(), GuildID: "g"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	if err := srv.WaitFor(wctx, d.Ready); err != nil {
		t.Fatal(err)
	}
	return srv, d
}

// created counts the messages of a channel that Discord created (a
// request dropped for its nonce creates none).
func created(srv *discordtest.Server, channel string) (n int, texts []string) {
	for _, m := range srv.ChannelMessages(channel) {
		if m.Message != nil && !m.Deduplicated {
			n++
			texts = append(texts, m.Message.Content)
		}
	}
	return n, texts
}

// A scheduler that dies after Discord created a message but before it
// marked the entry posted: the next one (a restart over the same
// database) posts the entry again with the same nonces, and Discord
// creates nothing twice. One that dies before posting anything: the
// restart posts it. Either way each message exists once and nothing stays
// pending.
func TestSchedulerOutboxSurvivesADeathWhilePosting(t *testing.T) {
	for _, after := range []int{1, 0} {
		t.Run(map[int]string{1: "after the post", 0: "before the post"}[after], func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "u.db")
			st1, err := store.Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer st1.Close()
			r1, _, _, c := deadlineGame(t, st1)
			srv, d := runDiscord(t, r1)
			dying := &dyingPoster{d: d, after: after}
			s1 := &Scheduler{Router: r1, Poster: dying, Now: c.now}
			if err := s1.Tick(ctx); !errors.Is(err, errKilled) {
				t.Fatalf("tick of the dying scheduler: %v", err)
			}
			if n, _ := created(srv, "war"); n != after {
				t.Fatalf("%d messages before the death, want %d", n, after)
			}
			pending, err := st1.PendingOutbox(ctx)
			if err != nil || len(pending) != 1 {
				t.Fatalf("pending after the death: %+v, %v", pending, err)
			}

			// The restart: a new store handle, router and scheduler.
			st2, err := store.Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer st2.Close()
			r2 := NewRouter(st2, WithLogger(quietLog()), WithClock(c.now))
			s2 := &Scheduler{Router: r2, Poster: d, Now: c.now}
			for range 2 {
				if err := s2.Tick(ctx); err != nil {
					t.Fatal(err)
				}
			}
			n, texts := created(srv, "war")
			if n != 1 || !strings.Contains(texts[0], "⏳ Step 1e") {
				t.Fatalf("messages created: %d %q, want the deadline's announcement once", n, texts)
			}
			requests := len(srv.ChannelMessages("war"))
			if want := 1 + after; requests != want {
				t.Errorf("%d post requests, want %d (the restart's repeat of a posted message carries its nonce)", requests, want)
			}
			if after == 1 && !srv.ChannelMessages("war")[1].Deduplicated {
				t.Error("the repeated post was not dropped for its nonce")
			}
			if pending, err := st2.PendingOutbox(ctx); err != nil || len(pending) != 0 {
				t.Fatalf("pending after the restart: %+v, %v", pending, err)
			}
		})
	}
}

// A post that fails while the process lives (Discord down) is retried by a
// later tick once the grace has passed, not before.
func TestSchedulerOutboxRetriesAFailedPost(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r, _, _, c := deadlineGame(t, st)
	srv, d := runDiscord(t, r)
	dying := &dyingPoster{d: d, after: 0}
	s := &Scheduler{Router: r, Poster: dying, Now: c.now, OutboxGrace: time.Hour}
	if err := s.Tick(ctx); !errors.Is(err, errKilled) {
		t.Fatalf("tick with Discord down: %v", err)
	}
	s.Poster = d
	if err := s.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := created(srv, "war"); n != 0 {
		t.Fatalf("retried within the grace: %d messages", n)
	}
	s.OutboxGrace = time.Nanosecond
	if err := s.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := created(srv, "war"); n != 1 {
		t.Fatalf("after the grace: %d messages, want 1", n)
	}
	if pending, err := st.PendingOutbox(ctx); err != nil || len(pending) != 0 {
		t.Fatalf("pending: %+v, %v", pending, err)
	}
}
