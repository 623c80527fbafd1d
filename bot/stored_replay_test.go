package bot

import (
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestStoredScriptsReadAsStored plays the stored logs' scripts again with
// today's code (writing nothing, unlike -update) and checks that the
// events today's engine writes read word for word as the ones older code
// stored: what every player reads at every cut (testdata/stored/*.reads.txt)
// and what each step of the Supply Segment and phases 7-8 told (a
// segment.opened event: sentences when stored, codes and parameters now,
// issue 20), to everyone and to each side alone.
func TestStoredScriptsReadAsStored(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every stored script")
	}
	for _, g := range storedGames {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			stored := readStoredLog(t, g)
			recs, _ := playStored(t, g)
			compareStoredReads(t, g, readStored(t, g, recs), readStored(t, g, stored))

			was, now := storedOpened(t, stored), storedOpened(t, recs)
			if len(was) != len(now) {
				t.Fatalf("%d segment.opened events stored, %d written now", len(was), len(now))
			}
			for i := range was {
				if len(was[i].Notes) > 0 {
					t.Fatalf("stored segment.opened %d (step %s) carries codes: the stored log is not older code's", i, was[i].Step)
				}
				if len(now[i].Public) > 0 || len(now[i].Secret) > 0 {
					t.Errorf("segment.opened %d (step %s) written with sentences: %q %q", i, now[i].Step, now[i].Public, now[i].Secret)
				}
				wp, ws := openedLines(was[i])
				np, ns := openedLines(now[i])
				if !reflect.DeepEqual(wp, np) || !reflect.DeepEqual(ws, ns) {
					t.Errorf("segment.opened %d (turn %d, step %s) reads differently:\nstored: %q %q\nnow:    %q %q", i, was[i].Turn, was[i].Step, wp, ws, np, ns)
				}
			}
		})
	}
}

// storedOpened decodes the segment.opened events of a log, in order.
func storedOpened(t *testing.T, recs []storedRecord) []*lrtg.SegmentOpened {
	t.Helper()
	var out []*lrtg.SegmentOpened
	for _, rec := range recs {
		if rec.Type != lrtg.EventSegmentOpened {
			continue
		}
		e, err := storedRulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e.(*lrtg.SegmentOpened))
	}
	return out
}
