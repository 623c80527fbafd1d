package lrtg

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// 000 8.2 ("increased by two (not one)"): a unit selected to march gains
// one fatigue level; leaders none; the umpire's placement is no march.
func TestMarchAddsAFatigueLevel(t *testing.T) {
	g := marchGame(t, opts())
	hood := g.Units["csa.hood"].Fatigue
	after, e := wantMove(t, g, marchCmd(lee, pathEast(2), "csa.hood", "csa.longstreet"))
	if e.Fatigue != MarchFatigue || len(e.Spared) != 0 {
		t.Fatalf("the march's event: fatigue %d, spared %v", e.Fatigue, e.Spared)
	}
	if got := after.Units["csa.hood"].Fatigue; got != hood+1 {
		t.Errorf("Hood at fatigue %d after a march from %d", got, hood)
	}
	if got := after.Units["csa.longstreet"].Fatigue; got != 0 {
		t.Errorf("Longstreet (a leader) at fatigue %d", got)
	}
	// The umpire's placement (to: alone) is a correction, not a march.
	if _, e := wantMove(t, g, mv(ump, at(5, 5), "csa.hood")); e.Fatigue != 0 {
		t.Errorf("a placement added fatigue %d", e.Fatigue)
	}
	// Outside the action cycle (no /phase): no action, no march fatigue.
	free := acGame(t, opts())
	if _, e := wantMove(t, free, marchCmd(lee, pathEast(1), "csa.hood")); e.Fatigue != 0 {
		t.Errorf("a move outside the action cycle added fatigue %d", e.Fatigue)
	}
}

// A unit at fatigue 4 may not march: every such unit named at once, with
// the other problems; the umpire may set it aside, and the level stays 4.
func TestMarchRefusedAtFatigueFour(t *testing.T) {
	g := marchGame(t, opts())
	g = edit(g, "csa.mclaws", func(u *engine.UnitState) { u.Hex, u.Fatigue = at(0, 0), engine.MaxFatigue })
	g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue = engine.MaxFatigue })
	gap := []engine.Hex{{Q: 1, R: 0}, {Q: 3, R: 0}}
	re := wantRule(t, g, marchCmd(lee, gap, "csa.hood", "csa.mclaws"), "move.fatigue", "LRTG 8.2",
		"2 problems", "Hood (fatigue 4), McLaws (fatigue 4) are at the highest fatigue level", "Nothing moved")
	if strings.Count(re.Error(), "highest fatigue level") != 1 {
		t.Errorf("one line for both units: %s", re.Error())
	}
	wantRule(t, g, marchCmd(lee, pathEast(1), "csa.hood"), "move.fatigue", "LRTG 8.2", "Hood (fatigue 4) is at the highest fatigue level", "until it recovers")
	wantRule(t, g, marchCmd(ump, pathEast(1), "csa.hood"), "move.fatigue", "", "add reason:")
	over := marchCmd(ump, pathEast(1), "csa.hood")
	over.Reason = "a forced march the umpire allows"
	after, e := wantMove(t, g, over)
	if len(e.Overrode) != 1 || after.Units["csa.hood"].Fatigue != engine.MaxFatigue {
		t.Errorf("overridden: %+v, Hood at %d", e, after.Units["csa.hood"].Fatigue)
	}
}

// A retreat or rout owed (9.3) and the advance after combat are not
// marches: their units gain nothing, in a stack with marching units too.
func TestRetreatAndAdvanceAreNotMarches(t *testing.T) {
	g := marchGame(t, opts())
	g = edit(g, "csa.mclaws", func(u *engine.UnitState) { u.Hex = at(0, 0) })
	owed := g
	owed.Actions.Retreats = []string{"csa.hood"}
	after, e := wantMove(t, owed, marchCmd(lee, pathEast(1), "csa.hood", "csa.mclaws"))
	if e.Fatigue != 1 || !slices.Equal(e.Spared, []string{"csa.hood"}) {
		t.Fatalf("mixed stack: fatigue %d, spared %v", e.Fatigue, e.Spared)
	}
	if after.Units["csa.hood"].Fatigue != 0 || after.Units["csa.mclaws"].Fatigue != 1 {
		t.Errorf("Hood %d (retreating), McLaws %d (marching)", after.Units["csa.hood"].Fatigue, after.Units["csa.mclaws"].Fatigue)
	}
	if _, e := wantMove(t, owed, marchCmd(lee, pathEast(1), "csa.hood")); e.Fatigue != 0 {
		t.Errorf("a retreat added fatigue %d", e.Fatigue)
	}
	// A retreating unit at fatigue 4 still retreats.
	tired := edit(owed, "csa.hood", func(u *engine.UnitState) { u.Fatigue = engine.MaxFatigue })
	wantMove(t, tired, marchCmd(lee, pathEast(1), "csa.hood"))
	// The advance after combat.
	adv := g
	adv.Movement.Act, adv.Movement.Advance = g.actionKey(), []string{"csa.hood"}
	if _, e := wantMove(t, adv, marchCmd(lee, pathEast(1), "csa.hood")); e.Fatigue != 0 {
		t.Errorf("an advance added fatigue %d", e.Fatigue)
	}
}

// 17.2: a remote move is the march the unit would make in its own
// action, made out of turn: it gains the level too.
func TestRemoteMarchAddsFatigue(t *testing.T) {
	g := marchGame(t, opts())
	g.Actions.Remotes = []RemoteRequest{{Side: engine.USA, Units: []string{"usa.barnes"}, Answer: "allowed"}}
	from := g.Units["usa.barnes"].Hex
	after, e := wantMove(t, g, marchCmd(meade, []engine.Hex{{Q: from.Q + 1, R: from.R}}, "usa.barnes"))
	if e.Fatigue != 1 || after.Units["usa.barnes"].Fatigue != 1 {
		t.Errorf("remote march: event %d, Barnes at %d", e.Fatigue, after.Units["usa.barnes"].Fatigue)
	}
}

// Stored marches (before issue 21's fatigue) decode and fold as they did:
// no fatigue field, no fatigue gained.
func TestStoredMarchFoldsTheSame(t *testing.T) {
	g := marchGame(t, opts())
	var e engine.UnitsMoved
	if err := json.Unmarshal([]byte(`{"by":{"id":"lee","name":"lee"},"units":["csa.hood"],"to":{"q":1,"r":0},"ref":"x","path":[{"q":1,"r":0}],"hexes":1,"unpriced":1}`), &e); err != nil {
		t.Fatal(err)
	}
	if after := g.Apply(&e); after.Units["csa.hood"].Fatigue != g.Units["csa.hood"].Fatigue || after.Units["csa.hood"].Hex != at(1, 0) {
		t.Errorf("an old march folds to fatigue %d at %v", after.Units["csa.hood"].Fatigue, after.Units["csa.hood"].Hex)
	}
	// And a new one round-trips its fields.
	_, ev := wantMove(t, edit(g, "csa.mclaws", func(u *engine.UnitState) { u.Hex = at(0, 0) }), marchCmd(lee, pathEast(1), "csa.hood", "csa.mclaws"))
	ev.Spared = []string{"csa.mclaws"}
	b, _ := json.Marshal(ev)
	var back engine.UnitsMoved
	if err := json.Unmarshal(b, &back); err != nil || back.Fatigue != 1 || !slices.Equal(back.Spared, ev.Spared) {
		t.Errorf("round trip %s: %+v, %v", b, back, err)
	}
}

// 13.4: a unit in resupply range spends nothing at fatigue 0 and a
// victual above it, so a march's level is what the Supply Segment sees
// (Sykes is in range in segGame: TestExpenditureAndResupply).
func TestMarchFatigueReachesSupplyExpenditure(t *testing.T) {
	g, ctx := segGame(t, opts(), 4)
	g, _ = runStep(t, g, "5b", engine.Script(), ctx)
	marched := g.Apply(&engine.UnitsMoved{By: meade, Units: []string{"usa.sykes"}, To: g.Units["usa.sykes"].Hex, Ref: "x", Fatigue: MarchFatigue})
	rested, _ := runStep(t, g, "5d", engine.Script(), ctx)
	m, _ := runStep(t, marched, "5d", engine.Script(), ctx)
	before, spent := rested.Victuals(rested.Units["usa.sykes"]), m.Victuals(m.Units["usa.sykes"])
	if marched.Units["usa.sykes"].Fatigue != 1 || before != g.Victuals(g.Units["usa.sykes"]) || spent != before-1 {
		t.Errorf("Sykes's victuals: %d after a march, %d without (from %d; fatigue %d)", spent, before, g.Victuals(g.Units["usa.sykes"]), marched.Units["usa.sykes"].Fatigue)
	}
}
