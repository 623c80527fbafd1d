package litn_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
)

// The LITN tests' shipped library and their fixture charts under
// testdata, each of which must say it was invented for tests: the
// printed charts are not in the seeds (002's README).

var (
	litnLibOnce sync.Once
	litnLib     *engine.Library
	litnLibErr  error
)

// litnLibrary is the shipped rules library, read once.
func litnLibrary(t *testing.T) *engine.Library {
	t.Helper()
	litnLibOnce.Do(func() { litnLib, litnLibErr = scenarios.Library() })
	if litnLibErr != nil {
		t.Fatal(litnLibErr)
	}
	return litnLib
}

// litnRules decodes the LITN events the tests store.
var litnRules = engine.NewRulesets(litn.Ruleset())

const litnInvented = "# INVENTED FOR TESTS — not the printed chart"

// litnFixture loads testdata/<file> into its slot of the library; the
// file must open with litnInvented.
func litnFixture(t *testing.T, lib *engine.Library, file string) (string, *engine.LoadedChart) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), litnInvented) {
		t.Fatalf("%s does not open with %q", file, litnInvented)
	}
	id, cp, err := scenarios.ParseChartFile(b)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	lc, err := lib.Slot(id).Validate(cp)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return id, lc
}
