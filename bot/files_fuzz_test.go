package bot

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
	"github.com/umpire-games/umpire/store"
)

// Fuzz tests for the files a group loads through the router (issue 11,
// "Hostile and careless input"; docs/fuzzing.md): /chart load, /sheet load
// into a LITN game and /game oob. Whatever the file, the router answers
// (no panic, no internal failure), a refusal says in plain words what is
// wrong, and a refused file records nothing: the version of the guild's
// charts stream and of the game's stream are unchanged. The readers
// themselves are fuzzed in scenarios/files_fuzz_test.go.

// fuzzStore opens an in-memory store that lives as long as the fuzz test.
func fuzzStore(f *testing.F) *store.Store {
	f.Helper()
	st, err := store.Open(context.Background(), ":memory:")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	return st
}

// streamVersion is a stream's version, 0 before its first event.
func streamVersion(t testing.TB, st *store.Store, id string) int64 {
	t.Helper()
	s, _, err := st.Load(context.Background(), id, 0)
	if errors.Is(err, store.ErrNotFound) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return s.Version
}

// fileFuzzSeeds adds the files matching the patterns (relative to this
// package) and variants of each: its first half, without its first line,
// a tab for its first indentation.
func fileFuzzSeeds(f *testing.F, add func([]byte), patterns ...string) {
	f.Helper()
	n := 0
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			n++
			add(b)
			add(b[:len(b)/2])
			if i := strings.IndexByte(string(b), '\n'); i >= 0 {
				add(b[i+1:])
			}
			add([]byte(strings.Replace(string(b), "\n  ", "\n\t", 1)))
		}
	}
	if n == 0 {
		f.Fatalf("no seed files match %v", patterns)
	}
	for _, s := range []string{"", " \n", "# only a comment\n", "~", "---\n---\n", "[", "- 1\n", "\x00\xff"} {
		add([]byte(s))
	}
}

// checkRefusal fails unless a refused file got a clear answer for the one
// who loaded it, and nothing was recorded.
func checkRefusal(t *testing.T, o Output, in []byte, before, after int64) {
	t.Helper()
	if o.Error.Code == "internal" {
		t.Fatalf("the router failed (a panic or an internal error) on the file: %q", o.Text)
	}
	if strings.TrimSpace(o.Text) == "" {
		t.Fatal("the refusal says nothing")
	}
	for _, noise := range []string{"%!", "<nil>", "scenarios.", "engine.", "runtime error", "goroutine", "map[", "[]string", "!!"} {
		if strings.Contains(o.Text, noise) && !strings.Contains(string(in), noise) {
			t.Fatalf("the refusal has Go's noise %q: %s", noise, o.Text)
		}
	}
	if o.Audience.Kind != AudienceEphemeral {
		t.Fatalf("a refusal is for the one who loaded the file only: %+v", o.Audience)
	}
	if before != after {
		t.Fatalf("a refused file was recorded: stream version %d -> %d (%s)", before, after, o.Text)
	}
}

// FuzzChartLoad: /chart load name:<the slot the file names> data:<file>.
func FuzzChartLoad(f *testing.F) {
	fileFuzzSeeds(f, func(b []byte) { f.Add(b) }, "../engine/litn/testdata/*.yaml")
	st := fuzzStore(f)
	r := NewRouter(st)
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, b []byte) {
		// The slot the file names, so that the copy is checked against
		// it; a file for no slot is loaded into one (and refused).
		name := "litn.command-broadcast"
		if id, _, err := scenarios.ParseChartFile(b); err == nil && r.library.Slot(id) != nil {
			name = id
		}
		req := Request{GuildID: "g", ChannelID: "c", User: umpireA, Command: "chart", Path: []string{"load"}, Manager: true,
			Options: map[string]string{"name": name}, Attachments: map[string][]byte{"file": b}}
		before := streamVersion(t, st, chartsStream(req))
		o := r.Handle(ctx, req).first()
		if o.Error == nil {
			return
		}
		checkRefusal(t, o, b, before, streamVersion(t, st, chartsStream(req)))
	})
}

// FuzzTerrainLoad: /terrain load file:<file> by a guild manager.
func FuzzTerrainLoad(f *testing.F) {
	fileFuzzSeeds(f, func(b []byte) { f.Add(b) }, "../scenarios/testdata/terrain/*.yaml", "../docs/terrain-layer-template.yaml")
	st := fuzzStore(f)
	r := NewRouter(st)
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, b []byte) {
		req := Request{GuildID: "g", ChannelID: "c", User: umpireA, Command: "terrain", Path: []string{"load"}, Manager: true,
			Options: map[string]string{}, Attachments: map[string][]byte{"file": b}}
		before := streamVersion(t, st, terrainStream(req))
		o := r.Handle(ctx, req).first()
		if o.Error == nil {
			return
		}
		checkRefusal(t, o, b, before, streamVersion(t, st, terrainStream(req)))
	})
}

// FuzzSheetLoad: /sheet load side:<csa|usa> file:<file> into a LITN game
// before its start.
func FuzzSheetLoad(f *testing.F) {
	fileFuzzSeeds(f, func(b []byte) { f.Add(false, b); f.Add(true, b) },
		"../scenarios/testdata/litn/*.yaml", "../docs/litn-record-sheet-template.yaml")
	st := fuzzStore(f)
	r := NewRouter(st)
	ctx := context.Background()
	// A LITN game as newLITNGame makes it (litn_sheet_test.go).
	ump := gameReq(umpireA, "new", nil)
	if _, err := r.settleGame(ctx, ump, engine.NewGame{By: umpireA, Rules: r.rulesets.Get(litn.ID),
		Options: engine.GameOptions{Scenario: "litn-1-frederick-to-antietam", Supply: "normal", Comms: 1}}, nil,
		func([]EventView, []engine.Event) Reply { return Reply{} }); err != nil {
		f.Fatal(err)
	}
	for _, j := range []Request{gameReq(leeA, "join", map[string]string{"side": "csa"}), gameReq(meadeA, "join", map[string]string{"side": "usa"})} {
		if o := r.Handle(ctx, j).first(); o.Error != nil {
			f.Fatal(o.Text)
		}
	}
	f.Fuzz(func(t *testing.T, usa bool, b []byte) {
		side := "csa"
		if usa {
			side = "usa"
		}
		req := sheetReq(umpireA, "load", map[string]string{"side": side})
		req.GuildID = "g"
		req.Attachments = map[string][]byte{"file": b}
		before := streamVersion(t, st, streamOfGame(req.ChannelID, 1))
		o := r.Handle(ctx, req).first()
		if o.Error == nil {
			return
		}
		checkRefusal(t, o, b, before, streamVersion(t, st, streamOfGame(req.ChannelID, 1)))
	})
}

// FuzzGameOOB: /game oob file:<file> into an LRTA game (channel "war") or
// an LRTG game (channel "war2") before its start.
func FuzzGameOOB(f *testing.F) {
	fileFuzzSeeds(f, func(b []byte) { f.Add(false, b); f.Add(true, b) },
		"../docs/oob-template.yaml", "../scenarios/oob/*.yaml")
	st := fuzzStore(f)
	r := NewRouter(st)
	ctx := context.Background()
	// The LRTA game as newLRTAGame makes it (oob_test.go).
	if o := r.Handle(ctx, gameReq(umpireA, "new", map[string]string{"scenario": "lrta-campaign", "seed": "1862"})).first(); o.Error != nil {
		if o.Error.Code != "game.scenario" {
			f.Fatalf("new: %s", o.Text)
		}
		typ, data, err := engine.EncodeEvent(&engine.GameCreated{Options: engine.GameOptions{Scenario: "lrta-campaign", Supply: "normal", Comms: 1},
			Umpire: umpireA, SeedHash: engine.SeedHash(1862, 1862)})
		if err != nil {
			f.Fatal(err)
		}
		dice, _ := engine.NewSeededDice(1862, 1862).MarshalBinary()
		if _, err := st.Append(ctx, store.Append{Stream: "game:war", GuildID: "g", Kind: kindGame, Records: []store.NewRecord{{Type: typ, Data: data}}, Dice: dice}); err != nil {
			f.Fatal(err)
		}
	}
	lrtg := gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "1863"})
	lrtg.ChannelID = "war2"
	if o := r.Handle(ctx, lrtg).first(); o.Error != nil {
		f.Fatalf("new: %s", o.Text)
	}
	f.Fuzz(func(t *testing.T, inLRTG bool, b []byte) {
		req := oobReq(umpireA, b)
		if inLRTG {
			req.ChannelID = "war2"
		}
		before := streamVersion(t, st, streamOfGame(req.ChannelID, 1))
		o := r.Handle(ctx, req).first()
		if o.Error == nil {
			return
		}
		checkRefusal(t, o, b, before, streamVersion(t, st, streamOfGame(req.ChannelID, 1)))
	})
}
