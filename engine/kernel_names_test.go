package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestKernelNamesNoGame: the kernel knows no game by name (issue 20): no
// file of the package, no identifier it declares or uses, and no string
// literal of its non-test files (what a player may read: a refusal, a
// label) names LRTG, LRTA or LITN. A game's rules and the words that cite
// them belong in its ruleset's package (engine/lrtg, engine/litn),
// reached through Hooks, or in the bot's presenters. Comments may name
// games: they say where a rule comes from.
func TestKernelNamesNoGame(t *testing.T) {
	game := regexp.MustCompile(`(?i)lrtg|lrta|litn`)
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			continue
		}
		if game.MatchString(name) {
			t.Errorf("file %s names a game", name)
		}
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if game.MatchString(n.Name) {
					t.Errorf("%s: identifier %s names a game", fset.Position(n.Pos()), n.Name)
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING && game.MatchString(n.Value) {
					t.Errorf("%s: string %s names a game: the game's words are its ruleset's (a hook) or a presenter's", fset.Position(n.Pos()), n.Value)
				}
			}
			return true
		})
	}
	if files < 30 {
		t.Fatalf("read %d files of the kernel: not the package's directory?", files)
	}
}
