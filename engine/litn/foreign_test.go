package litn_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LITN's deciders hold no check that the game is a LITN game (issue 20):
// the kernel hands a command to the deciders of the game's own ruleset,
// so in a game of another ruleset every LITN command is refused before
// any LITN rule runs, as not a game command, and a record sheet as
// LITN's (LoadSheet.Foreign). In a LITN game none is "not a game command".
func TestLITNCommandsElsewhere(t *testing.T) {
	cmds := map[string]engine.Command{}
	for _, typ := range litn.Ruleset().CommandTypes() {
		v := reflect.New(typ).Elem()
		if f := v.FieldByName("By"); f.IsValid() && f.Type() == reflect.TypeOf(engine.Actor{}) {
			f.Set(reflect.ValueOf(umpireActor))
		}
		cmds[typ.String()] = v.Interface().(engine.Command)
	}
	if len(cmds) < 10 {
		t.Fatalf("LITN's ruleset lists %d commands", len(cmds))
	}
	code := func(g engine.GameState, cmd engine.Command) string {
		_, err := g.Decide(cmd, engine.Script(1, 2, 3, 4, 5, 6))
		var re *engine.RuleError
		if !errors.As(err, &re) {
			return ""
		}
		return re.Code
	}
	for _, c := range []struct {
		rs       *engine.Ruleset
		scenario string
	}{{lrtg.Ruleset(), "lrtg-high-tide"}, {lrtg.LRTARuleset(), "lrta-campaign"}} {
		g := foreignGame(t, c.rs, c.scenario)
		started := g
		started.Started = true
		for name, cmd := range cmds {
			want := "command.unknown"
			if _, ok := cmd.(litn.LoadSheet); ok {
				want = "sheet.litn_only"
			}
			for _, g := range []engine.GameState{g, started} {
				if got := code(g, cmd); got != want {
					t.Errorf("%s in a %s game (started %v): %q, want %q", name, g.Game(), g.Started, got, want)
				}
			}
		}
	}
	g := litnGame(t, "litn-1-frederick-to-antietam")
	for name, cmd := range cmds {
		if got := code(g, cmd); got == "command.unknown" {
			t.Errorf("%s in a LITN game: not a game command", name)
		}
	}
}

// foreignGame is a created game of another ruleset, with both sides'
// players.
func foreignGame(t *testing.T, rs *engine.Ruleset, scenario string) engine.GameState {
	t.Helper()
	var g engine.GameState
	evs, err := g.Decide(engine.NewGame{By: umpireActor, Rules: rs, Options: engine.GameOptions{Scenario: scenario, Supply: "normal", Comms: 1}}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	for _, j := range []engine.JoinGame{{By: leeActor, Side: engine.CSA}, {By: mcclellanActor, Side: engine.USA}} {
		evs, err := g.Decide(j, engine.Script())
		if err != nil {
			t.Fatal(err)
		}
		g = g.Apply(evs[0])
	}
	if g.Game() != rs.ID() {
		t.Fatalf("the game plays %q", g.Game())
	}
	return g
}
