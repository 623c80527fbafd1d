package bot

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// proseEvents are the event types whose sentences became codes and
// parameters (issue 20): for each, the words a presenter says of one
// event, and whether the event carries the sentences of older code (nil
// when players' words share the field).
var proseEvents = map[string]struct {
	words func(engine.Event) string
	old   func(engine.Event) bool
}{
	lrtg.EventSegmentOpened: {
		words: func(e engine.Event) string {
			public, secret := openedLines(e.(*lrtg.SegmentOpened))
			return fmt.Sprintf("%q %q", public, secret)
		},
		old: func(e engine.Event) bool {
			o := e.(*lrtg.SegmentOpened)
			for _, n := range o.Notes {
				if n.Why != "" {
					return true
				}
			}
			return len(o.Public)+len(o.Secret) > 0
		},
	},
	lrtg.EventRandomEvent: {
		words: func(e engine.Event) string {
			r := e.(*lrtg.RandomEventRolled)
			return fmt.Sprintf("%q %q", effectLines(r), cavalryTieText(r.SpyCavalry, r.SpyTie))
		},
		old: func(e engine.Event) bool {
			r := e.(*lrtg.RandomEventRolled)
			return len(r.Effects) > 0 || r.SpyTie != ""
		},
	},
	lrtg.EventDepotsChanged: {
		words: func(e engine.Event) string {
			public, secret := depotChangeLines(e.(*lrtg.DepotsChanged))
			return fmt.Sprintf("%q %q", public, secret)
		},
		old: func(e engine.Event) bool {
			for _, c := range e.(*lrtg.DepotsChanged).Changes {
				if c.Why != "" {
					return true
				}
			}
			return false
		},
	},
	lrtg.EventSupplyAdjusted: {
		words: func(e engine.Event) string {
			a := e.(*lrtg.SupplyAdjusted)
			return supplyReason(a.ReasonCode, a.Divisions, a.Reason)
		},
		// The stored events carry every reason in words, the engine's too;
		// an adjustment by the umpire or a player still does: no old.
	},
	lrtg.EventForaged: {
		words: func(e engine.Event) string {
			f := e.(*lrtg.UnitForaged)
			return fmt.Sprintf("%q", forageModifiers(f.Mods, f.Modifiers))
		},
		old: func(e engine.Event) bool { return len(e.(*lrtg.UnitForaged).Modifiers) > 0 },
	},
	lrtg.EventLRTAForageOffered: {
		words: func(e engine.Event) string {
			var ws []string
			for _, o := range e.(*lrtg.LRTAForageOffered).Offers {
				ws = append(ws, forageModifiers(o.Mods, o.Modifiers)...)
			}
			return fmt.Sprintf("%q", ws)
		},
		old: func(e engine.Event) bool {
			for _, o := range e.(*lrtg.LRTAForageOffered).Offers {
				if len(o.Modifiers) > 0 {
					return true
				}
			}
			return false
		},
	},
	lrtg.EventGarrisonChecked: {
		words: func(e engine.Event) string {
			var ws []string
			for _, s := range e.(*lrtg.GarrisonChecked).Garrisons {
				ws = append(ws, garrisonWhy(s))
			}
			return fmt.Sprintf("%q", ws)
		},
		old: func(e engine.Event) bool {
			for _, s := range e.(*lrtg.GarrisonChecked).Garrisons {
				if s.Why != "" {
					return true
				}
			}
			return false
		},
	},
	lrtg.EventSupplyStatus: {
		words: func(e engine.Event) string {
			var ws []string
			for _, st := range e.(*lrtg.SupplyStatusSet).Units {
				ws = append(ws, supplyStatusWhy(st))
			}
			return fmt.Sprintf("%q", ws)
		},
		old: func(e engine.Event) bool {
			for _, st := range e.(*lrtg.SupplyStatusSet).Units {
				if st.Why != "" {
					return true
				}
			}
			return false
		},
	},
	lrtg.EventLRTAVictoryPhase: {
		words: func(e engine.Event) string { return fmt.Sprintf("%q", victoryPhaseLines(e.(*lrtg.LRTAVictoryPhase))) },
		old: func(e engine.Event) bool {
			p := e.(*lrtg.LRTAVictoryPhase)
			for _, n := range p.Facts {
				if n.Why != "" {
					return true
				}
			}
			return len(p.Notes) > 0
		},
	},
	lrtg.EventUnionRolled: {
		words: func(e engine.Event) string {
			r := e.(*lrtg.UnionRolled)
			return fmt.Sprintf("%q %q", unionNoRoll(r), unionBegan(r))
		},
		old: func(e engine.Event) bool {
			r := e.(*lrtg.UnionRolled)
			return r.Why != "" || r.Began != ""
		},
	},
	lrtg.EventCycleBegun: {
		words: func(e engine.Event) string { return cycleAllMovesWhy(e.(*lrtg.CycleBegun)) },
		old:   func(e engine.Event) bool { return e.(*lrtg.CycleBegun).Why != "" },
	},
	lrtg.EventVictoryChecked: {
		// The reasons alone: a check that goes on says none, as the
		// zero event (TestStoredProseIsOld).
		words: func(e engine.Event) string { return fmt.Sprintf("%q", victoryReasons(e.(*lrtg.VictoryChecked))) },
		old: func(e engine.Event) bool {
			v := e.(*lrtg.VictoryChecked)
			old := v.End != ""
			for _, r := range []*lrtg.VictoryResult{v.Decisive, v.Result} {
				old = old || r != nil && r.Why != ""
			}
			for _, p := range append(append([]lrtg.Prelim(nil), v.Prelims...), v.Cancelled...) {
				old = old || p.Why != "" || p.Cancelled != ""
			}
			return old
		},
	},
	lrtg.EventLRTARandomEvent: {
		words: func(e engine.Event) string {
			r := e.(*lrtg.LRTARandomEvent)
			return fmt.Sprintf("%q %q", lrtaEffectLines(r), cavalryTieText(r.IntelCavalry, r.IntelTie))
		},
		old: func(e engine.Event) bool {
			r := e.(*lrtg.LRTARandomEvent)
			return len(r.Effects) > 0 || r.IntelTie != ""
		},
	},
}

// victoryReasons is every reason a victory check says, in words.
func victoryReasons(v *lrtg.VictoryChecked) []string {
	var out []string
	for _, r := range []*lrtg.VictoryResult{v.Decisive, v.Result} {
		if r != nil {
			out = append(out, victoryWhy(*r))
		}
	}
	for _, p := range v.Prelims {
		out = append(out, prelimWhy(p))
	}
	for _, p := range v.Cancelled {
		out = append(out, prelimWhy(p), prelimCancelWhy(p))
	}
	return append(out, victoryEndWhy(v))
}

// TestStoredScriptsReadAsStored plays the stored logs' scripts again with
// today's code (writing nothing, unlike -update) and checks that the
// events today's engine writes read word for word as the ones older code
// stored: what every player reads at every cut (testdata/stored/*.reads.txt),
// and what the presenters say of every event whose sentences became codes
// and parameters (proseEvents), stored then and written now.
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

			was, now := storedProse(t, stored), storedProse(t, recs)
			if len(was) != len(now) {
				t.Fatalf("%d events of proseEvents stored, %d written now", len(was), len(now))
			}
			for i := range was {
				typ := was[i].EventType()
				if now[i].EventType() != typ {
					t.Fatalf("event %d: %s stored, %s now", i, typ, now[i].EventType())
				}
				p := proseEvents[typ]
				if p.old != nil && p.old(now[i]) {
					t.Errorf("%s %d written with sentences: %+v", typ, i, now[i])
				}
				if w, n := p.words(was[i]), p.words(now[i]); w != n {
					t.Errorf("%s %d reads differently:\nstored: %s\nnow:    %s", typ, i, w, n)
				}
			}
		})
	}
}

// storedProse decodes the events of a log whose sentences became codes,
// in order.
func storedProse(t *testing.T, recs []storedRecord) []engine.Event {
	t.Helper()
	var out []engine.Event
	for _, rec := range recs {
		if _, ok := proseEvents[rec.Type]; !ok {
			continue
		}
		e, err := storedRulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// TestStoredProseIsOld: the stored logs hold the sentences of older code
// (so TestStoredScriptsReadAsStored compares the two shapes).
func TestStoredProseIsOld(t *testing.T) {
	for _, g := range storedGames {
		for i, e := range storedProse(t, readStoredLog(t, g)) {
			if p := proseEvents[e.EventType()]; p.old != nil && !p.old(e) && !reflect.DeepEqual(p.words(e), p.words(reflect.New(reflect.TypeOf(e).Elem()).Interface().(engine.Event))) {
				t.Errorf("%s: %s %d carries codes: the stored log is not older code's", g.name, e.EventType(), i)
			}
		}
	}
}
