package bot

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNoCodeAsksWhichGameItIs: no rule and no presenter tests which game
// it serves (issue 20: "no Game() == test anywhere"). A game's rules run
// only in its games (the kernel hands a game's commands, events and steps
// to its own ruleset); a variant's differences are its variant's fields
// (engine/lrtg/lrtg_variant.go); a presenter's differences are its game's
// entry (games.go, games_series.go).
func TestNoCodeAsksWhichGameItIs(t *testing.T) {
	asks := regexp.MustCompile(`\.Game\(\)\s*[!=]=|[!=]=\s*[A-Za-z_.]*\.Game\(\)|switch\s+[A-Za-z_.()]*\.Game\(\)\s*\{`)
	files := 0
	for _, root := range []string{"../engine", "../bot", "../scenarios", "../render", "../cmd"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files++
			for _, loc := range asks.FindAllIndex(src, -1) {
				line := 1 + strings.Count(string(src[:loc[0]]), "\n")
				t.Errorf("%s:%d asks which game it is: %s", path, line, src[loc[0]:loc[1]])
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 200 {
		t.Fatalf("read %d source files: not run from bot/?", files)
	}
}
