package lrtg

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// engineCommands lists the engine's command types, read from its source
// (every type with a CommandName method): the commands the bot sends.
func engineCommands(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	var out []string
	for dir, pkg := range map[string]string{".": "lrtg", "..": "engine"} { // the series' and the kernel's
		pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, commandTypes(pkgs[pkg].Files)...)
	}
	sort.Strings(out)
	if len(out) < 50 {
		t.Fatalf("only %d command types found: %v", len(out), out)
	}
	return out
}

// commandTypes are the types with a CommandName method in the files.
func commandTypes(files map[string]*ast.File) []string {
	var out []string
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "CommandName" {
				continue
			}
			if id, ok := fn.Recv.List[0].Type.(*ast.Ident); ok {
				out = append(out, id.Name)
			}
		}
	}
	return out
}

// The commands the kernel decides itself, in Decide's switch (the rest of
// the kernel's are kernelRules'), and the one decided outside a game
// (a chart's load: Charts.Decide).
var kernelSwitchCommands = []engine.Command{engine.NewGame{}, engine.JoinGame{}, engine.LeaveGame{}, engine.StartGame{}, engine.EndGame{}, engine.RewindTo{}, engine.MoveUnits{}, engine.SetUnit{},
	engine.EliminateUnit{}, engine.MarkUnit{}, engine.UndoLast{}, engine.PauseGame{}, engine.RollDice{}, engine.RollTable{}, engine.RollChart{}}

// outsideGame are the commands a server decides, not a game: its charts and
// its terrain layers.
var outsideGame = map[string]bool{"LoadChart": true, "LoadTerrain": true}

func decidedBy(rs *engine.Ruleset) map[string]bool {
	out := map[string]bool{}
	for _, t := range rs.CommandTypes() {
		out[t.Name()] = true
	}
	return out
}

// LRTG's and LRTA's constructors build (a command, event or step claimed
// twice would panic: NewRuleset), and every command of the engine is
// decided in a game of each: by its ruleset, by the kernel, or, for one
// of LRTA's commands in an LRTG game, refused as LRTA's (ForeignCommand).
func TestLRTGAndLRTARulesetsDecideEveryCommand(t *testing.T) {
	var lrtg, lrta *engine.Ruleset
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("building the rulesets panicked: %v", r)
			}
		}()
		lrtg, lrta = Ruleset(), LRTARuleset()
		engine.NewRulesets(lrtg, lrta)
	}()
	if lrtg.ID() != LRTG || lrta.ID() != LRTA {
		t.Fatalf("ids %s %s", lrtg.ID(), lrta.ID())
	}
	kernel := decidedBy(engine.KernelRules())
	for _, c := range kernelSwitchCommands {
		kernel[reflect.TypeOf(c).Name()] = true
	}
	foreign := map[string]bool{}
	for _, typ := range lrta.CommandTypes() {
		if _, ok := reflect.Zero(typ).Interface().(engine.ForeignCommand); ok {
			foreign[typ.Name()] = true
		}
	}
	for _, game := range []struct {
		rs      *engine.Ruleset
		foreign map[string]bool
	}{{lrtg, foreign}, {lrta, nil}} {
		own := decidedBy(game.rs)
		for _, name := range engineCommands(t) {
			n := 0
			for _, by := range []map[string]bool{own, kernel, game.foreign} {
				if by[name] {
					n++
				}
			}
			switch {
			case outsideGame[name]:
			case n == 0:
				t.Errorf("%s: no one decides %s", game.rs.ID(), name)
			case n > 1:
				t.Errorf("%s: %s decided twice", game.rs.ID(), name)
			}
		}
	}
	// LRTG has none of LRTA's commands but the foreign ones, and LRTA
	// plays every one of LRTG's.
	for name := range decidedBy(lrtg) {
		if !decidedBy(lrta)[name] {
			t.Errorf("LRTA does not decide LRTG's %s", name)
		}
	}
	for name := range foreign {
		if decidedBy(lrtg)[name] {
			t.Errorf("LRTG decides LRTA's %s", name)
		}
	}
}

// One of LRTA's commands in an LRTG game is refused as LRTA's, in the
// words of LRTA's module, not as an unknown command.
func TestLRTACommandInLRTGGameIsRefusedAsLRTAs(t *testing.T) {
	g := startedGame(t, opts())
	for _, c := range []engine.Command{ClaimDC{By: ump}, DecideEmancipation{By: ump}, CheckLRTAVictory{By: ump}} {
		_, err := g.Decide(c, engine.Script())
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Code == "command.unknown" || !strings.Contains(re.What, "LRTA") && !strings.Contains(re.What, "Antietam") {
			t.Errorf("%s: %v", c.CommandName(), err)
		}
	}
}
