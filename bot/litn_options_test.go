package bot

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// Issue 20: a /litn command's options are decoded once, every problem
// found before anything is refused. Two wrong options of /litn replace
// used to be refused one at a time (points: first); now both are listed
// in one refusal under points:'s code, each alone reads word for word as
// before, and none changes the game or shows the other side's secrets.
func TestLITNReplaceListsEveryWrongOption(t *testing.T) {
	ctx := context.Background()
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	before := litnInitGame(t, r)
	for _, c := range []struct {
		name       string
		opts       map[string]string
		code, what string
		hint       string
	}{
		{"points alone", map[string]string{"unit": "Hood", "points": "0"}, "litn.replace.points",
			"points:0 is not a number of strength points", "Give points:1 or more (002 15.2)"},
		{"depot alone", map[string]string{"unit": "Hood", "depot": "ok"}, "litn.replace.depot",
			"depot:ok is not yes or no", "Give depot:yes or depot:no"},
		{"both", map[string]string{"unit": "Hood", "points": "0", "depot": "ok"}, "litn.replace.points",
			"2 problems with the options: points:0 is not a number of strength points (Give points:1 or more (002 15.2)); depot:ok is not yes or no (Give depot:yes or depot:no)",
			"Correct them all and send the command again"},
	} {
		rep := r.Handle(ctx, litnReq(leeA, "replace", c.opts))
		o := rep.first()
		if o.Error == nil || o.Error.Code != c.code || o.Text != c.what+". "+c.hint || len(rep.Outputs) != 1 {
			t.Errorf("%s: %+v (error %+v)", c.name, rep.Outputs, o.Error)
			continue
		}
		// What Lee reads echoes what he typed, nothing of the Union's.
		for _, secret := range []string{"Sumner", "Hooker", "usa."} {
			if strings.Contains(o.Text, secret) {
				t.Errorf("%s: the refusal shows %q: %s", c.name, secret, o.Text)
			}
		}
	}
	after := litnInitGame(t, r)
	if !reflect.DeepEqual(litn.Of(before).LITN, litn.Of(after).LITN) || before.Rolls != after.Rolls || before.CurrentStep() != after.CurrentStep() {
		t.Error("a refused /litn replace changed the game")
	}
}

// /litn declare lists every item of every list that is wrong, in the
// order typed (once one of them, at random when a list had two).
func TestLITNDeclareListsEveryWrongItem(t *testing.T) {
	ctx := context.Background()
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	before := litnInitGame(t, r)
	o := r.Handle(ctx, litnReq(umpireA, "declare", map[string]string{"ma": "infantry=x,cavalry=y", "loc": "hood=maybe", "arrive": "stuart"})).first()
	want := `4 problems with the options: ma: infantry="x" is not a number (Write ma:name=N,...); ma: cavalry="y" is not a number (Write ma:name=N,...); ` +
		`loc: hood="maybe" (Write loc:<unit>=in or loc:<unit>=out (002 7.2)); arrive: "stuart" is not name=value (Write arrive:name=value,name=value)`
	if o.Error == nil || o.Error.Code != "litn.declare" || o.Text != want+". Correct them all and send the command again" {
		t.Fatalf("got %+v: %s", o.Error, o.Text)
	}
	if after := litnInitGame(t, r); !reflect.DeepEqual(litn.Of(before).LITN, litn.Of(after).LITN) {
		t.Error("a refused /litn declare changed the game")
	}
}

// A LITN game's /game new refuses every LRTG option and every optional
// rule it has not together; one alone reads as before.
func TestLITNGameOptionsListEveryProblem(t *testing.T) {
	var o engine.GameOptions
	err := litnGameOptions(Request{Options: map[string]string{"halleck": "true", "optional": "14.2,14.9"}}, &o)
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "game.option" || !strings.Contains(re.What, "2 problems") ||
		!strings.Contains(re.What, "halleck is not a Lee Invades the North option") || !strings.Contains(re.What, `"14.9" is not one of LITN's optional rules`) {
		t.Fatalf("got %#v", err)
	}
	if !reflect.DeepEqual(o, engine.GameOptions{}) {
		t.Errorf("a refusal set options: %+v", o)
	}
	err = litnGameOptions(Request{Options: map[string]string{"optional": "14.9"}}, &o)
	if !errors.As(err, &re) || re.Code != "game.optional" || re.What != `"14.9" is not one of LITN's optional rules` || !strings.HasPrefix(re.Hint, "Give optional:14.2") {
		t.Fatalf("one problem: %#v", err)
	}
	if err := litnGameOptions(Request{Options: map[string]string{"halleck": "false", "optional": "14.2 casualties"}}, &o); err != nil || !litn.OptionsOf(o).SurpriseAttacks || !litn.OptionsOf(o).LeaderCasualties {
		t.Fatalf("good options: %v, %+v", err, litn.OptionsOf(o))
	}
}
