package lrtg

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// fortRolls are the fort classes an action's end rolled.
func fortRolls(evs []engine.Event) []*FortClassified {
	var out []*FortClassified
	for _, e := range evs {
		if f, ok := e.(*FortClassified); ok {
			out = append(out, f)
		}
	}
	return out
}

func endWithForts() EndAction { return EndAction{By: lee, Data: fortData()} }

// 000 9.2 b): Longstreet's Hood (15) and McLaws (14) stand at (10,0),
// beside Ft. Stevens, Ft. Federal Hill (Baltimore) and Ft. Reno, and end
// the action without moving or attacking: each unclassed fort rolls its
// class (the Naval Battery's values are printed: no die), public and kept,
// the dice numbered in the game's stream before the initiative's; no
// event names the unit, its hex or its strength.
func TestFortClassedByAStrongUnitStaying(t *testing.T) {
	g := atkGame(t, opts())
	g2, evs := acDo(t, g, endWithForts(), engine.Script(5, 3, 1, 6, 1))
	got := fortRolls(evs)
	if len(got) != 3 {
		t.Fatalf("rolls %+v", evs)
	}
	want := []struct {
		place string
		balt  bool
		die   int
		class int
	}{{"Ft. Stevens", false, 5, 3}, {"Ft. Federal Hill", true, 3, 1}, {"Ft. Reno", false, 1, 1}}
	var last int64
	for i, w := range want {
		f := got[i]
		if f.Place != w.place || f.Baltimore != w.balt || f.Die != w.die || f.Class != w.class || !f.Stayed || f.Battle != 0 || f.Roll <= last {
			t.Errorf("roll %d: %+v, want %+v", i, f, w)
		}
		last = f.Roll
		if g2.Places[w.place].FortClass != w.class {
			t.Errorf("%s not kept: %+v", w.place, g2.Places)
		}
	}
	if _, ok := evs[len(got)*2].(*ActionEnded); !ok {
		t.Errorf("the action's end after the rolls: %+v", evs)
	}
	for _, e := range evs[:len(got)*2] {
		if r, ok := e.(*engine.DiceRolled); ok && (r.Secret != "" || !strings.Contains(r.Purpose, "(9.2 b)")) {
			t.Errorf("roll %+v", r)
		}
		b, _ := json.Marshal(e)
		for _, secret := range []string{"hood", "Hood", "mclaws", "McLaws", "Longstreet", "longstreet", "10,0", `"q":10`, "15", "14"} {
			if strings.Contains(string(b), secret) {
				t.Errorf("%s tells %q: %s", e.EventType(), secret, b)
			}
		}
	}
	// Classed forts are not rolled again; the next Confederate action
	// ends with nothing to roll.
	if more, err := g2.fortsWatched(fortData(), ActionState{Active: &Activation{Side: engine.CSA, Unit: "csa.longstreet", Kind: ActionActivate}}, lee, engine.Script()); err != nil || len(more) != 0 {
		t.Errorf("rolled again: %+v", more)
	}
}

// A classed fort keeps its class; a destroyed one rolls nothing; only the
// others roll.
func TestFortStayingSkipsClassedAndDestroyed(t *testing.T) {
	g := atkGame(t, opts())
	g.Places = map[string]PlaceState{"Ft. Stevens": {FortClass: 2}, "Ft. Reno": {FortDestroyed: true}}
	_, evs := acDo(t, g, endWithForts(), engine.Script(4, 6, 1))
	if got := fortRolls(evs); len(got) != 1 || got[0].Place != "Ft. Federal Hill" || got[0].Class != 2 {
		t.Fatalf("rolls %+v", evs)
	}
}

// No roll: the units of the action (Hood, McLaws and Pickett, who stands
// beside Ft. Reno) marched in it, or their combat value is under 5, or the map is not given (nil data: the umpire's).
func TestFortStayingNeedsAStrongUnitThatStayed(t *testing.T) {
	g := atkGame(t, opts())
	moved := g
	moved.Movement.Act, moved.Movement.ActMoved = g.actionKey(), []string{"csa.hood", "csa.mclaws", "csa.pickett"} // as recordActionMove notes a march
	weak := g
	weak.Units = map[string]engine.UnitState{}
	for id, u := range g.Units {
		if id == "csa.hood" || id == "csa.mclaws" || id == "csa.pickett" {
			u.Manpower = 4
		}
		weak.Units[id] = u
	}
	for name, c := range map[string]struct {
		g   Game
		cmd EndAction
	}{"moved": {moved, endWithForts()}, "combat value 4": {weak, endWithForts()}, "no map": {g, EndAction{By: lee}}} {
		_, evs := acDo(t, c.g, c.cmd, engine.Script(6, 1, 6, 1, 6, 1, 6, 1))
		if got := fortRolls(evs); len(got) != 0 {
			t.Errorf("%s: rolled %+v", name, got)
		}
	}
}

// A unit that attacked in the action does not class the forts beside it
// by 9.2 b) (the fort attacked rolls by 9.2 a); one that did not does.
func TestFortStayingNotAfterAttacking(t *testing.T) {
	g := atkGame(t, opts())
	g, evs := acDo(t, g, fortDeclare(at(11, 0), "csa.hood", "csa.mclaws"), engine.Script(2))
	if f := fortRolls(evs); len(f) != 1 || f[0].Stayed || f[0].Battle != 1 {
		t.Fatalf("9.2 a): %+v", evs)
	}
	g, _ = acDo(t, g, AnswerAttack{By: meade, Charts: fakeCharts(), Disorganized: DisorganizedFull}, engine.Script(2, 1))
	g.Actions.Retreats, g.Actions.Owed = nil, nil
	_, evs = acDo(t, g, endWithForts(), engine.Script(6, 1))
	if got := fortRolls(evs); len(got) != 0 {
		t.Errorf("the attackers classed a fort: %+v", got)
	}
}
