package bot

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// interleavedStore is one process's view of a database another process writes
// to: before each of this process's next `races` appends, the other
// process's command runs and appends first, so this append is stale.
type interleavedStore struct {
	*store.Store
	mu    sync.Mutex
	races int
	other func()
}

func (s *interleavedStore) Append(ctx context.Context, a store.Append) (store.Stream, error) {
	s.mu.Lock()
	race := s.races > 0
	if race {
		s.races--
	}
	s.mu.Unlock()
	if race {
		s.other()
	}
	return s.Store.Append(ctx, a)
}

// Two processes on one database whose appends interleave: the command
// that keeps losing the version guard is decided again on the fresh state
// and answered normally, recorded once (a second conflict used to answer
// "Internal error"); past settleAttempts the player reads that the game is
// busy, and nothing of his is recorded.
func TestSettleRetriesConflictsFromAnotherProcess(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		races int
		busy  bool
	}{{1, false}, {2, false}, {settleAttempts - 1, false}, {settleAttempts, true}, {settleAttempts + 3, true}} {
		st := openStore(t)
		other := NewRouter(st, WithDice(ScriptedSource(1, 1, 1, 1, 1, 1, 1, 1, 1, 1)), WithLogger(quietLog()))
		n := 0
		rs := &interleavedStore{Store: st, races: tc.races}
		rs.other = func() {
			n++
			req := rollReq(fmt.Sprintf("other-%d", n), "c1", "d6")
			req.User = engine.Actor{ID: "u2", Name: "Pickett"}
			if rep := other.Handle(ctx, req); rep.first().Error != nil {
				t.Errorf("the other process's roll: %s", rep.first().Text)
			}
		}
		r := NewRouter(rs, WithDice(ScriptedSource(6, 6, 6, 6, 6, 6, 6, 6, 6, 6)), WithLogger(quietLog()))
		rep := r.Handle(ctx, rollReq("mine", "c1", "d6"))
		got := rep.first()

		_, recs, err := st.Load(ctx, channelStream(Request{ChannelID: "c1"}), 0)
		if err != nil {
			t.Fatal(err)
		}
		mine := 0
		for _, rec := range recs {
			if strings.Contains(string(rec.Data), `"u1"`) {
				mine++
			}
		}
		if tc.busy {
			if got.Error == nil || got.Error.Code != "busy" || !strings.Contains(got.Text, "The game is busy") || strings.Contains(got.Text, "Internal error") {
				t.Errorf("%d races: %+v, want the busy answer", tc.races, got)
			}
			if mine != 0 {
				t.Errorf("%d races: a busy command recorded %d events", tc.races, mine)
			}
			continue
		}
		if got.Error != nil || !strings.Contains(got.Text, "Longstreet rolls") || !strings.Contains(got.Text, "**6**") {
			t.Errorf("%d races: %q, want the roll", tc.races, got.Text)
		}
		if mine != 1 || len(recs) != tc.races+1 {
			t.Errorf("%d races: %d events of mine, %d in all; want 1 and %d", tc.races, mine, len(recs), tc.races+1)
		}
		// The interaction is recorded with that answer: a second delivery,
		// to either process, gets it.
		if again := other.Handle(ctx, rollReq("mine", "c1", "d6")); !again.Duplicate || again.first().Text != got.Text {
			t.Errorf("%d races: redelivery = %+v", tc.races, again)
		}
	}
}

// A channel's link meets another process's append: it is tried again on
// the new version, and not recorded twice when the other process linked
// the channel the same way.
func TestLinkRetriesAConflict(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		owner string // the other process's link of the channel
		want  int    // link records after both
	}{{"u1", 1}, {"u9", 2}} {
		st := openStore(t)
		other := NewRouter(st, WithLogger(quietLog()))
		rs := &interleavedStore{Store: st, races: 1}
		rs.other = func() {
			if err := other.recordLinks(ctx, "g1", "table", map[string]string{tc.owner: "priv"}); err != nil {
				t.Errorf("the other process's link: %v", err)
			}
		}
		r := NewRouter(rs, WithLogger(quietLog()))
		if err := r.recordLinks(ctx, "g1", "table", map[string]string{"u1": "priv"}); err != nil {
			t.Fatalf("other owner %s: %v", tc.owner, err)
		}
		_, recs, err := st.Load(ctx, linkStreamPrefix+"priv", 0)
		if err != nil || len(recs) != tc.want || !strings.Contains(string(recs[len(recs)-1].Data), `"u1"`) {
			t.Errorf("other owner %s: %d records (%v), want %d ending with u1's", tc.owner, len(recs), err, tc.want)
		}
	}
}
