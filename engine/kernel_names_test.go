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
// file of the package, and no identifier it declares or uses, names
// LRTG, LRTA or LITN. A game's rules belong in its ruleset's package
// (engine/lrtg, engine/litn), reached through Hooks.
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
			if id, ok := n.(*ast.Ident); ok && game.MatchString(id.Name) {
				t.Errorf("%s: identifier %s names a game", fset.Position(id.Pos()), id.Name)
			}
			return true
		})
	}
	if files < 30 {
		t.Fatalf("read %d files of the kernel: not the package's directory?", files)
	}
}
