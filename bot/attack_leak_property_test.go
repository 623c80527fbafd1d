package bot

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/scenarios"
)

// The leak property test (leak_property_test.go) with battles: the same
// generated games, in which the players also declare attacks (/attack,
// docs/attacks.md) on enemy hexes, most refused, and the umpire brings an
// enemy unit next to an activated one, which attacks it and has the
// defender (or the umpire) answer. A battle's units and hex are both
// sides' to read (contact, engine/view.go V1); nothing else of the enemy
// may show, refusals included. Kept apart from TestLeakProperty so that
// its games, and the leaks they find, stay as they were.
//
// Its players' marches are sometimes extended marches (extended:true) on
// an invented Extended March Table (scenarios/testdata/gcacw), or, in a
// quarter of the games, with no table loaded (the players read the total),
// rolled in secret for the side: the enemy reads nothing of them.
//
// go test ./bot -run TestLeakPropertyAttacks -leak.n=60 plays more games.

// leakKnownAttacks are the leaks these games find, as leakKnown's.
var leakKnownAttacks = []string{
	// Not /attack's: these games' moves take a Confederate division into
	// the Capitol, and the game's end names it (000 VIII's decisive
	// victory, bot's victory words). TestLeakProperty's games never get
	// there.
	"/phase next|commander|name", "/phase next|guest|name", "/segment show|commander|name",
}

func TestLeakPropertyAttacks(t *testing.T) {
	n := 12
	if *leakGames > 0 {
		n = *leakGames
	}
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	stats := map[string]int{}
	start := time.Now()
	for i := range n {
		if *leakSeed > 0 && i+1 != *leakSeed {
			continue
		}
		scenario := []string{"lrtg-high-tide", "lrtg-gettysburg-campaign", "lrta-campaign"}[i%3]
		leakGame(t, ts["lrtg"], uint64(i+1), scenario, found, stats, true)
	}
	t.Logf("%d games in %v; commands: %v", n, time.Since(start), stats)
	if stats["/attack defend"] == 0 {
		t.Errorf("no battle was settled: %v", stats)
	}
	if stats["extended rolled"] == 0 && *leakSeed == 0 {
		t.Errorf("no extended march was rolled: %v", stats)
	}
	if stats["extended read"] == 0 && *leakSeed == 0 {
		t.Errorf("no extended march was rolled without the table: %v", stats)
	}
	var got []string
	for k := range found {
		got = append(got, k)
	}
	sort.Strings(got)
	known := strings.Join(leakKnownAttacks, "\n")
	for _, k := range got {
		if !strings.Contains(known, k) {
			t.Errorf("leak %s:\n%s", k, found[k])
		}
	}
}
