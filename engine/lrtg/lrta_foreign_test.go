package lrtg

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// LRTA's commands in an LRTG game are refused by their ForeignCommand
// (lrta_ruleset.go), not by a test of the game inside LRTA's modules: each
// refusal is what it was when the modules asked which game they were
// played in, checks of who may give the command first, for the umpire, a
// player of either side and a guest, in a game not yet started and in a
// started one.
func TestLRTACommandsRefusedInLRTGAsBefore(t *testing.T) {
	got := lrtaForeignRefusals(t)
	if os.Getenv("UMPIRE_DUMP_FOREIGN") != "" {
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Printf("\t%q: %q,\n", k, got[k])
		}
	}
	for k, want := range lrtaForeignWant {
		if got[k] != want {
			t.Errorf("%s:\n got %q\nwant %q", k, got[k], want)
		}
	}
	if len(got) != len(lrtaForeignWant) {
		t.Errorf("%d refusals, %d expected", len(got), len(lrtaForeignWant))
	}
}

// lrtaForeignRefusals decides each of LRTA's foreign commands in an LRTG
// game: "Command/actor/started" -> the refusal's code, words and rule.
func lrtaForeignRefusals(t *testing.T) map[string]string {
	t.Helper()
	started, _ := segGame(t, opts(), 10)
	ready := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	ready = apply(t, ready, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	ready = apply(t, ready, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	guest := engine.Actor{ID: "u9", Name: "Guest"}
	out := map[string]string{}
	for _, typ := range LRTARuleset().CommandTypes() {
		if _, ok := reflect.Zero(typ).Interface().(engine.ForeignCommand); !ok {
			continue
		}
		for _, g := range []struct {
			name string
			g    Game
		}{{"new", ready}, {"started", started}} {
			for _, by := range []engine.Actor{ump, lee, meade, guest} {
				v := reflect.New(typ).Elem()
				v.FieldByName("By").Set(reflect.ValueOf(by))
				cmd := v.Interface().(engine.Command)
				evs, err := g.g.Decide(cmd, engine.Script())
				key := typ.Name() + "/" + by.Name + "/" + g.name
				var re *engine.RuleError
				switch {
				case err == nil:
					out[key] = fmt.Sprintf("decided: %d events", len(evs))
				case errors.As(err, &re):
					out[key] = strings.Join([]string{re.Code, re.What, re.Hint, re.Rule}, " | ")
				default:
					out[key] = "error: " + err.Error()
				}
			}
		}
	}
	return out
}
