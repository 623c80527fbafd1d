package bot

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/umpire-games/umpire/store"
)

// countingStore counts the events the router loads.
type countingStore struct {
	*store.Store
	events atomic.Int64
}

func (s *countingStore) Load(ctx context.Context, id string, after int64) (store.Stream, []store.Record, error) {
	st, recs, err := s.Store.Load(ctx, id, after)
	s.events.Add(int64(len(recs)))
	return st, recs, err
}

// A read keeps its fold: after a restart, the first /game status folds
// the game's log and the next ones load only what is new (BenchmarkLoad
// found every read of a game no one had written to since the restart
// folding the whole log again: 40 ms a read at 3,000 events).
func TestReadsKeepTheirFold(t *testing.T) {
	st := openStore(t)
	r := NewRouter(st)
	startLRTG(t, r, nil)
	for i := range 20 {
		req := rollReq(fmt.Sprintf("r%d", i), "war", "2d6")
		req.GuildID = "g"
		mustOK(t, r, req)
	}
	cs := &countingStore{Store: st}
	cold := NewRouter(cs)
	mustOK(t, cold, gameReq(leeA, "status", nil))
	first := cs.events.Load()
	if first < 20 {
		t.Fatalf("the first status loaded %d events, the log has more than 20", first)
	}
	mustOK(t, cold, gameReq(meadeA, "status", nil))
	mustOK(t, cold, gameReq(leeA, "status", nil))
	if n := cs.events.Load() - first; n != 0 {
		t.Errorf("two more statuses loaded %d events again", n)
	}
	// A new event is loaded alone, by the next read.
	req := rollReq("r-last", "war", "d6")
	req.GuildID = "g"
	mustOK(t, r, req)
	out := mustOK(t, cold, gameReq(leeA, "status", nil))
	if n := cs.events.Load() - first; n != 1 {
		t.Errorf("after one more roll, the status loaded %d events, want 1", n)
	}
	if want := "rolls so far: 21"; !strings.Contains(out.Text, want) {
		t.Errorf("status lacks %q:\n%s", want, out.Text)
	}
}
