package lrtg

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// marched gives a move the straight path from its first unit's hex to
// its destination (a march is a path: move_path.go), for tests whose
// subject is another rule.
func marched(g Game, cmd engine.MoveUnits) engine.MoveUnits {
	cmd.Path = hexLine(g.Units[cmd.Units[0]].Hex, cmd.To)[1:]
	return cmd
}

// marchGame is the action cycle's game (acGame) in step 4a with
// Longstreet's activation under way: Lee, Longstreet and Hood at (0,0),
// McLaws at (2,0), the Union's Barnes at (40,0).
func marchGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	g := acGame(t, o)
	g, _ = acBegin(t, g, 5, "4a", engine.Script(6, 1))
	g, _ = acDo(t, g, ActivateUnit{By: lee, Unit: "csa.longstreet"}, engine.Script())
	return g
}

// path is a march along the row from (0,0): hexes (1,0) ... (n,0) in
// axial terms (each next to the last).
func pathEast(n int) []engine.Hex {
	var out []engine.Hex
	for q := 1; q <= n; q++ {
		out = append(out, engine.Hex{Q: q, R: 0})
	}
	return out
}

func marchCmd(by engine.Actor, path []engine.Hex, units ...string) engine.MoveUnits {
	return engine.MoveUnits{By: by, Units: units, To: path[len(path)-1], Ref: "test", Path: path}
}

// A march is a path: each step next to the last, the hexes recorded, the
// steps counted and left unpriced (no terrain costs in the seeds).
func TestMarchIsAPath(t *testing.T) {
	g := marchGame(t, opts())
	p := pathEast(3)
	after, e := wantMove(t, g, marchCmd(lee, p, "csa.hood", "csa.longstreet"))
	if !slices.Equal(e.Path, p) || e.Hexes != 3 || e.Unpriced != 3 || e.MP != 0 || e.To != p[2] {
		t.Fatalf("%+v", e)
	}
	if u := after.Units["csa.hood"]; u.Hex != p[2] {
		t.Errorf("Hood at %v", u.Hex)
	}
	// The umpire's log: one entry for the stack, with its path.
	if log := after.UnitLog(); len(log) != 1 || log[0].Unit != "csa.hood" || !slices.Equal(log[0].With, []string{"csa.longstreet"}) || !slices.Equal(log[0].Path, p) || log[0].Unpriced != 3 {
		t.Errorf("umpire's log %+v", log)
	}
	// to: alone is a one-hex step.
	wantMove(t, g, mv(lee, p[0], "csa.hood"))
	re := wantRule(t, g, mv(lee, p[2], "csa.hood"), "move.path", "", "is not next to", "path:")
	if !strings.Contains(re.Hint, "one-hex step") {
		t.Errorf("%+v", re)
	}
	// A gap in the path.
	wantRule(t, g, marchCmd(lee, []engine.Hex{p[0], p[2]}, "csa.hood"), "move.path", "", "is not next to")
	// The umpire places with to: alone, as before; his path is checked.
	wantMove(t, g, mv(ump, p[2], "csa.hood"))
	wantRule(t, g, marchCmd(ump, []engine.Hex{p[0], p[2]}, "csa.hood"), "move.path", "", "set the rule aside")
	over := marchCmd(ump, []engine.Hex{p[0], p[2]}, "csa.hood")
	over.Reason = "a correction"
	if _, e := wantMove(t, g, over); e.Override != "a correction" || len(e.Overrode) != 1 {
		t.Errorf("%+v", e)
	}
}

// Every rule a march breaks is listed at once, and nothing changes.
func TestMarchRefusalListsEveryProblem(t *testing.T) {
	g := marchGame(t, opts())
	g = edit(g, "csa.mclaws", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: 0, R: 1} })
	g = edit(g, "usa.barnes", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: 2, R: 0} })
	cmd := marchCmd(lee, []engine.Hex{{Q: 1, R: 0}, {Q: 2, R: 0}, {Q: 4, R: 0}}, "csa.hood", "csa.mclaws")
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("%v", err)
	}
	for _, s := range []string{"3 problems", "One stack moves from one hex", "McLaws", "occupied by Barnes", "is not next to", "Nothing moved"} {
		if !strings.Contains(re.Error(), s) {
			t.Errorf("no %q in %q", s, re.Error())
		}
	}
}

// A unit marches once in an action; a leader may go along again, and the
// next action moves it again.
func TestMarchOncePerAction(t *testing.T) {
	g := marchGame(t, opts())
	g, _ = wantMove(t, g, marchCmd(lee, pathEast(2), "csa.hood", "csa.longstreet"))
	back := []engine.Hex{{Q: 1, R: 0}}
	wantRule(t, g, marchCmd(lee, back, "csa.hood"), "move.again", "003 4", "Hood already moved in this action")
	wantMove(t, g, marchCmd(lee, back, "csa.longstreet")) // leaders go along
	wantMove(t, g, marchCmd(ump, back, "csa.hood"))       // the umpire's corrections
	g, _ = acDo(t, g, EndAction{By: lee}, engine.Script(1, 2))
	if g.Movement.Act == g.actionKey() && g.actionKey() != "" {
		t.Fatalf("the ended action still counts: %+v", g.Movement)
	}
}

// 000 10.2: units selected in an Activate Army Leader action may not
// enter an enemy ZOC, unless they have no other way out of a hex; an
// ordinary march may (the seeds are silent: move_path.go).
func TestArmyMarchKeepsOutOfEnemyZOC(t *testing.T) {
	g := marchGame(t, opts())
	g = edit(g, "usa.barnes", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: 3, R: 0} })
	into := pathEast(2) // (2,0) is next to Barnes
	wantMove(t, g, marchCmd(lee, into, "csa.hood"))
	army := g
	army.Actions.Active = &Activation{Side: engine.CSA, By: lee, Kind: ActionArmy, Unit: "csa.lee", Units: []string{"csa.hood"}}
	army.Actions.Log = append(slices.Clone(army.Actions.Log), ActionEntry{Step: "4a", Side: engine.CSA, Kind: ActionArmy, Unit: "csa.lee"})
	wantRule(t, army, marchCmd(lee, into, "csa.hood"), "move.zoc", "LRTG 10.2", "zone of control of Barnes")
	// Hemmed in: every hex around (0,0) occupied or in an enemy ZOC.
	hemmed := army
	hemmed.Units = engine.CopyUnits(hemmed.Units)
	for i, h := range []engine.Hex{{Q: 2, R: -1}, {Q: -2, R: 1}, {Q: 0, R: 2}, {Q: 0, R: -2}} {
		id := fmt.Sprintf("usa.x%d", i)
		hemmed.Units[id] = engine.UnitState{ID: id, Name: id, Side: engine.USA, Kind: engine.KindInfantry, Manpower: 3, OnMap: true, Hex: h}
	}
	hemmed = edit(hemmed, "usa.barnes", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: 40, R: -20} })
	for _, n := range (engine.Hex{}).Neighbours() {
		if _, ok := hemmed.enemiesOf(engine.CSA).blocking(n); !ok {
			t.Fatalf("%v is free", n)
		}
	}
	wantMove(t, hemmed, marchCmd(lee, []engine.Hex{{Q: 1, R: 0}}, "csa.hood"))
}

// In a hidden mode an enemy unit the mover does not see stops the march
// in the last hex before it: the march is spent as made, the enemy there
// is met, and nothing else of it is told; the umpire's log has the whole
// path.
func TestHiddenMarchStopsAtTheUnseenEnemy(t *testing.T) {
	for name, o := range hiddenModes() {
		t.Run(name, func(t *testing.T) {
			g := marchGame(t, o)
			g = edit(g, "usa.barnes", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: 3, R: 0} })
			if o.Intel == engine.IntelDoubleBlind {
				g.Options.Sighting = 1
			}
			if g.unseenBy(lee) == nil || !g.unseenBy(lee)(g.Units["usa.barnes"]) {
				t.Fatal("Barnes is seen")
			}
			p := pathEast(5)
			cmd := marchCmd(lee, p, "csa.hood", "csa.longstreet")
			cmd.Refs = []string{"T1", "T2", "T3", "T4", "T5"} // as he named them
			evs, err := g.Decide(cmd, engine.Script())
			if err != nil {
				t.Fatalf("refused for free: %v", err)
			}
			e := evs[0].(*engine.UnitsMoved)
			if e.Stopped != MoveStoppedPath || e.To != p[1] || !slices.Equal(e.Path, p[:2]) || e.Hexes != 2 || e.Contact == nil || *e.Contact != p[2] {
				t.Fatalf("%+v", e)
			}
			if e.Ref != "T2" || !slices.Equal(e.Refs, cmd.Refs) {
				t.Errorf("the stop named %q, the path %v", e.Ref, e.Refs)
			}
			noEnemyIn(t, "the event", strings.ReplaceAll(eventText(t, evs), `"contact"`, ""), withoutHex(g.Units["usa.barnes"]))
			after := g.Apply(e)
			if !slices.Contains(after.Movement.ActMoved, "csa.hood") {
				t.Error("the march was not spent")
			}
			log := after.UnitLog()
			if len(log) == 0 || !slices.Equal(log[len(log)-1].Path, p[:2]) || !slices.Equal(log[len(log)-1].Planned, p) || log[len(log)-1].Stopped != MoveStoppedPath {
				t.Errorf("umpire's log %+v", log)
			}
			// A march refused for another rule (a gap) says nothing of the
			// unseen enemy on its path.
			_, err = g.Decide(marchCmd(lee, []engine.Hex{p[0], p[2], p[4]}, "csa.hood"), engine.Script())
			var re *engine.RuleError
			if !errors.As(err, &re) || re.Code != "move.path" {
				t.Fatalf("%v", err)
			}
			noEnemyIn(t, "the refusal", re.Error(), withoutHex(g.Units["usa.barnes"])) // the hexes are the ones he typed
			if strings.Contains(re.Error(), "occupied") {
				t.Errorf("the refusal tells of the enemy: %v", re)
			}
		})
	}
}

// withoutHex is an enemy as noEnemyIn checks him in an event that
// carries the contact hex (the hex the act itself found occupied).
func withoutHex(u engine.UnitState) engine.UnitState {
	u.Hex, u.Ref = engine.Hex{Q: 1 << 20}, ""
	return u
}
