package bot

import (
	"context"
	"strings"
	"testing"
)

// Issue 20: a command with two wrong options names both in one refusal
// (before, the player learnt of the second only after fixing the first).
func TestMoveRefusesEveryWrongOptionAtOnce(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	out := r.Handle(ctx, moveReq(leeA, map[string]string{"units": "Nobody", "to": "Atlantis"})).first()
	if out.Error == nil || !strings.Contains(out.Text, `You have no unit "Nobody"`) || !strings.Contains(out.Text, "Atlantis") || !strings.Contains(out.Text, "2 problems with the options") {
		t.Fatalf("wrong unit and wrong destination: %+v", out)
	}
	if testing.Verbose() {
		t.Log(out.Text)
	}
	// One wrong option is refused in the words it always was.
	out = r.Handle(ctx, moveReq(leeA, map[string]string{"units": "Nobody", "to": "Culpeper"})).first()
	if out.Error == nil || out.Error.Code != "unit.unknown" || strings.Contains(out.Text, "problems") {
		t.Fatalf("wrong unit: %+v", out)
	}
}

func TestUnitSetAndPlaceRefuseEveryWrongOptionAtOnce(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	out := r.Handle(ctx, unitSetReq(leeA, map[string]string{"unit": "Nobody", "field": "fatigue", "value": "two"})).first()
	if out.Error == nil || !strings.Contains(out.Text, `You have no unit "Nobody"`) || !strings.Contains(out.Text, `"two" is not a number (fatigue is a whole number)`) {
		t.Fatalf("wrong unit and wrong value: %+v", out)
	}
	out = r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "place", Options: map[string]string{"at": "Atlantis", "action": "destroy-depot", "unit": "Nobody"}}).first()
	if out.Error == nil || !strings.Contains(out.Text, `There is no place "Atlantis"`) || !strings.Contains(out.Text, `You have no unit "Nobody"`) {
		t.Fatalf("wrong place and wrong unit: %+v", out)
	}
}

func TestGameNewRefusesEveryWrongOptionAtOnce(t *testing.T) {
	r := NewRouter(openStore(t))
	out := r.Handle(context.Background(), gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "optional": "18,x,y", "confederate_objectives": "true"})).first()
	if out.Error == nil || !strings.Contains(out.Text, `"x" is not a rule number`) || !strings.Contains(out.Text, `"y" is not a rule number`) ||
		!strings.Contains(out.Text, "The Confederate Objectives optional rule is LRTA's") {
		t.Fatalf("two wrong rule numbers and LRTA's objectives: %+v", out)
	}
}

func TestActionArmyAndDispatchRuleRefuseEveryWrongOptionAtOnce(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	out := r.Handle(ctx, actionReq(leeA, "army", map[string]string{"leader": "Nobody", "units": "Hood, Noone"})).first()
	if out.Error == nil || !strings.Contains(out.Text, `"Nobody"`) || !strings.Contains(out.Text, `"Noone"`) {
		t.Fatalf("wrong leader and wrong unit: %+v", out)
	}
	// One wrong option keeps its code and words.
	out = r.Handle(ctx, Request{ChannelID: "war", User: umpireA, Command: "dispatch", Path: []string{"rule"}, Options: map[string]string{"a": "Lee", "b": "Stuart", "mode": "verbal", "hexes": "-3", "reason": "r"}}).first()
	if out.Error == nil || out.Error.Code != "comms.hexes" || !strings.Contains(out.Text, `"-3" is not a distance. hexes:<0 or more>`) {
		t.Fatalf("hexes -3: %+v", out)
	}
}

// The router's own check of option types and presence lists every problem
// too, in a fixed order (the options by name, then the missing ones).
func TestCommandCheckListsEveryProblem(t *testing.T) {
	r := NewRouter(openStore(t))
	out := r.Handle(context.Background(), Request{Command: "roll", Options: map[string]string{"colour": "red", "for": strings.Repeat("x", 101)}}).first()
	want := `3 problems with the options: /roll has no option "colour"; for is 101 characters long, more than 100; /roll needs the option dice. Usage: /roll`
	if out.Error == nil || out.Error.Code != "option.unknown" || !strings.HasPrefix(out.Text, want) {
		t.Fatalf("got %+v, want %q", out, want)
	}
}

func TestAttachAndBattleRefuseEveryWrongOptionAtOnce(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	out := r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "battle", Path: []string{"result"}, Options: map[string]string{"attacker": "Nobody", "defender": "Hood"}}).first()
	if out.Error == nil || !strings.Contains(out.Text, `"Nobody"`) || !strings.Contains(out.Text, "The defender's units have no result") {
		t.Fatalf("wrong attacker and a defender without result: %+v", out)
	}
	out = r.Handle(ctx, unitReq(leeA, "attach", map[string]string{"unit": "Nobody", "to": "Noone"})).first()
	if out.Error == nil || !strings.Contains(out.Text, `"Nobody"`) || !strings.Contains(out.Text, `"Noone"`) {
		t.Fatalf("wrong unit and wrong unit to join: %+v", out)
	}
}

// /vp names every option given with the wrong action (before: one, picked
// at random from a map).
func TestVPListsEveryOptionOfAnotherAction(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	out := r.Handle(ctx, Request{ChannelID: "war", User: umpireA, Command: "vp", Options: map[string]string{"action": "crossed", "county": "Adams", "removed": "2"}}).first()
	if out.Error == nil || out.Error.Code != "vp.option" || !strings.Contains(out.Text, "county: goes with action:county") || !strings.Contains(out.Text, "removed: goes with action:") {
		t.Fatalf("county and removed with action:crossed: %+v", out)
	}
}
