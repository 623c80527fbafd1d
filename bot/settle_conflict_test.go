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
