package bot

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// benchGame starts an LRTG game on a router and returns its state.
func benchGame(b *testing.B) (*Router, engine.GameState) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	r := NewRouter(st, WithLogger(quietLog()))
	for _, req := range []Request{
		gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-gettysburg-campaign", "seed": "1"}),
		gameReq(leeA, "join", map[string]string{"side": "csa"}),
		gameReq(meadeA, "join", map[string]string{"side": "usa"}),
		gameReq(umpireA, "start", nil),
	} {
		if out := r.Handle(ctx, req).first(); out.Error != nil {
			b.Fatal(out.Text)
		}
	}
	g, err := r.gameHere(ctx, Request{ChannelID: "war", User: umpireA})
	if err != nil {
		b.Fatal(err)
	}
	return r, g
}

// BenchmarkDecideRailMove: deciding one rail move with the real map and
// order of battle: eligibility, the route over the railroad graph, enemy
// units and zones of control along it (LRTG 8.2), the area rules.
func BenchmarkDecideRailMove(b *testing.B) {
	r, g := benchGame(b)
	cmd := engine.MoveUnits{By: meadeA, Units: []string{"usa.haupt"}, Mode: engine.MoveRail, Data: r.moveData(g)}
	to := r.theatres["lrtg"].Place("Baltimore Depot")
	cmd.To, cmd.Ref = to.Hex, "Baltimore Depot"
	if _, err := g.Decide(cmd, engine.Script()); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := g.Decide(cmd, engine.Script()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayGame: folding a long game's log from its start, as a
// restart does for a game whose state is not cached: the set-up (131
// units) and 2,000 board actions (moves and manpower changes).
func BenchmarkReplayGame(b *testing.B) {
	_, g := benchGame(b)
	start := engine.GameState{}
	var log []engine.Event
	log = append(log, &engine.GameCreated{Options: g.Options, Umpire: g.Umpire, SeedHash: g.SeedHash})
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
	b.ReportMetric(float64(len(log)), "events")
	for b.Loop() {
		s := start
		for _, e := range log {
			s = s.Apply(e)
		}
		if len(s.Units) != len(units) {
			b.Fatal("units lost")
		}
	}
}
