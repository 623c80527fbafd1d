package bot

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// replayLog is BenchmarkReplayGame's log (the set-up, then 1,000 moves and
// 1,000 fatigue changes) under other options.
func replayLog(b *testing.B, o func(*engine.GameOptions)) ([]engine.Event, int) {
	_, g := benchGame(b)
	opts := g.Options
	o(&opts)
	// The game's ruleset, as the store's decoding gives it: without it the
	// board's moves and changes are no game's and fold to nothing.
	log := []engine.Event{&engine.GameCreated{Options: opts, Umpire: g.Umpire, SeedHash: g.SeedHash, Rules: DefaultRulesets().Of(opts)}}
	for _, p := range g.Players {
		log = append(log, &engine.GameJoined{Player: p})
	}
	var units []engine.UnitState
	for _, id := range sortedUnitIDs(g) {
		units = append(units, g.Units[id])
	}
	log = append(log, &engine.GameStarted{Units: units})
	for i := 0; i < 2000; i++ {
		u := units[i%len(units)]
		if i%2 == 0 {
			log = append(log, &engine.UnitsMoved{By: umpireA, Units: []string{u.ID}, To: engine.Hex{Q: i % 50, R: i % 40}, Ref: "x"})
		} else {
			log = append(log, &engine.UnitSet{By: umpireA, Unit: u.ID, Field: "fatigue", From: 0, To: i % 4})
		}
	}
	return log, len(units)
}

// replayed fails the benchmark when the log's last move did not fold:
// a replay that skips the board measures nothing.
func replayed(b *testing.B, log []engine.Event, s engine.GameState) {
	for i := len(log) - 1; i >= 0; i-- {
		if m, ok := log[i].(*engine.UnitsMoved); ok {
			if u := s.Units[m.Units[0]]; u.Hex != m.To {
				b.Fatalf("%s is at %v, not at %v where the log's last move took it", u.ID, u.Hex, m.To)
			}
			return
		}
	}
	b.Fatal("the log has no move")
}

func doubleBlind(o *engine.GameOptions) { o.Intel, o.LimitedIntel = engine.IntelDoubleBlind, true }

// BenchmarkReplayGameDoubleBlind is BenchmarkReplayGame with double-blind
// intelligence: every move brings the sightings up to date
// (engine/lrtg/sightings.go).
func BenchmarkReplayGameDoubleBlind(b *testing.B) {
	log, n := replayLog(b, doubleBlind)
	b.ReportMetric(float64(len(log)), "events")
	for b.Loop() {
		var s engine.GameState
		for _, e := range log {
			s = s.Apply(e)
		}
		if len(s.Units) != n {
			b.Fatal("units lost")
		}
	}
}

// BenchmarkViewFor is one viewer's view of the whole board after the
// replay, per intelligence mode.
func BenchmarkViewFor(b *testing.B) {
	for _, c := range []struct {
		name string
		o    func(*engine.GameOptions)
	}{
		{"open", func(*engine.GameOptions) {}},
		{"limited", func(o *engine.GameOptions) { o.LimitedIntel = true }},
		{"double-blind", doubleBlind},
	} {
		b.Run(c.name, func(b *testing.B) {
			log, _ := replayLog(b, c.o)
			var s engine.GameState
			for _, e := range log {
				s = s.Apply(e)
			}
			v := engine.Viewer{Kind: engine.ViewerSide, Side: engine.USA}
			for b.Loop() {
				if len(engine.ViewFor(s, v).Counters) == 0 {
					b.Fatal("an empty view")
				}
			}
		})
	}
}
