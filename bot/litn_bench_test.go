package bot

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/store"
)

// LITN's speed (docs/benchmarks.md): a whole turn stepped by the umpire
// through the router on SQLite, each step a /phase next (forced where it
// waits for the players), with its rolls, chart lookups and presenters;
// and one /litn status. Fixture charts and sheets (INVENTED FOR TESTS).

func benchOK(b *testing.B, r *Router, req Request) Output {
	b.Helper()
	out := r.Handle(context.Background(), req).first()
	if out.Error != nil {
		b.Fatalf("%s %v: %s", req.Command, req.Path, out.Text)
	}
	return out
}

func benchLITNGame(b *testing.B) *Router {
	b.Helper()
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	r := NewRouter(st, WithLogger(quietLog()))
	benchOK(b, r, gameReq(umpireA, "new", map[string]string{"scenario": "litn-2-maryland-campaign", "seed": "1862"}))
	benchOK(b, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	benchOK(b, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	files, _ := filepath.Glob("../engine/litn/testdata/*.yaml")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		name := ""
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "chart:") {
				name = strings.TrimSpace(strings.TrimPrefix(line, "chart:"))
			}
		}
		benchOK(b, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "chart", Path: []string{"load"}, Manager: true,
			Options: map[string]string{"name": name, "data": string(data)}})
	}
	for _, side := range []string{"csa", "usa"} {
		data, err := os.ReadFile("../scenarios/testdata/litn/sheet-2-" + side + ".yaml")
		if err != nil {
			b.Fatal(err)
		}
		benchOK(b, r, sheetReq(umpireA, "load", map[string]string{"side": side, "data": string(data)}))
	}
	benchOK(b, r, litnReq(umpireA, "declare", map[string]string{"ma": "infantry=6,cavalry=8,artillery=5,wagon=4,leader=8", "year": "command-point=0,broadcast=0"}))
	benchOK(b, r, gameReq(umpireA, "start", nil))
	return r
}

// BenchmarkLITNTurn is one whole LITN turn, A1 to H3: 17 steps, each a
// /phase next through the router, SQLite appends included.
func BenchmarkLITNTurn(b *testing.B) {
	r := benchLITNGame(b)
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	force := map[string]string{"force": "true", "reason": "benchmark"}
	steps := 0
	for b.Loop() {
		start := -1
		for {
			g, err := r.game(context.Background(), ump)
			if err != nil {
				b.Fatal(err)
			}
			if g.CurrentStep() == litn.StepVictory && start >= 0 {
				break
			}
			if g.Turn >= g.LastTurn() && g.CurrentStep() == litn.StepVictory {
				// The game is over: a new one, off the clock.
				b.StopTimer()
				r = benchLITNGame(b)
				b.StartTimer()
				start = -1
				continue
			}
			if start < 0 {
				start = g.Turn
			}
			benchOK(b, r, phaseReq(ump, "next", force))
			steps++
		}
	}
	b.ReportMetric(float64(steps)/float64(b.N), "steps/turn")
}

// BenchmarkLITNStatus is a player's /litn status.
func BenchmarkLITNStatus(b *testing.B) {
	r := benchLITNGame(b)
	for b.Loop() {
		benchOK(b, r, litnReq(leeA, "status", nil))
	}
}
