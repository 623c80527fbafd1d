package lrtg

import (
	"os"
	"regexp"
	"testing"
)

// LRTG's shared modules ask the game's variant hooks (lrtgVariant) where
// LRTA plays a rule differently, never which game they are played in
// (issue 20). These are the files whose branches became hooks (variant1).
func TestSharedModulesAskTheVariant(t *testing.T) {
	branch := regexp.MustCompile(`Game\(\) [!=]=`)
	for _, f := range []string{"move.go", "records.go", "segment_depots.go", "unitlog.go", "turnstart.go", "places.go",
		"attach_units.go", "attach_detach.go", "hidden.go", "halleck.go", "control.go", "comms.go"} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(branch.FindAll(src, -1)); n != 0 {
			t.Errorf("%s tests which game it plays %d times: ask g.variant() (lrtg_variant.go)", f, n)
		}
	}
}
