package lrtg

import (
	"errors"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

var jebA = engine.Actor{ID: "u4", Name: "Jeb"}

// startedGame: Lee (overall, 1st Corps), Jeb (Cav) for the CSA, Meade for the USA.
func startedGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: jebA, Side: engine.CSA, Commands: []string{"Cav", "2"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Command: "ANV", OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "csa.hampton", Name: "Hampton", Side: engine.CSA, Kind: "cavalry", Command: "Cav", Manpower: 4, OnMap: true, Hex: engine.Hex{Q: 2, R: 1}},
		{ID: "csa.rodes", Name: "Rodes", Side: engine.CSA, Kind: "infantry", Command: "2", Manpower: 8, Track: "reinforcement", Slot: 9},
		{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Command: "VI", Manpower: 9, OnMap: true, Hex: engine.Hex{Q: 9, R: 9}},
	}}
	return apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
}

func TestBoardCommandStructure(t *testing.T) {
	g := startedGame(t, opts())
	to := engine.Hex{Q: 3, R: 3}
	allowed := []engine.MoveUnits{
		{By: lee, Units: []string{"csa.hood"}, To: to},               // his corps
		{By: lee, Units: []string{"csa.lee"}, To: to},                // unassigned: the overall commander's
		{By: jebA, Units: []string{"csa.hampton"}, To: to},           // his cavalry
		{By: meade, Units: []string{"usa.wright"}, To: to},           // the only Union player
		{By: ump, Units: []string{"csa.hood", "usa.wright"}, To: to}, // the umpire, anything
	}
	for _, m := range allowed {
		if _, err := g.Decide(m, engine.Script()); err != nil {
			t.Errorf("%s moving %v: %v", m.By.Name, m.Units, err)
		}
	}
	refused := []engine.MoveUnits{
		{By: lee, Units: []string{"csa.hampton"}, To: to},  // Jeb's cavalry
		{By: jebA, Units: []string{"csa.hood"}, To: to},    // Lee's corps
		{By: meade, Units: []string{"csa.hood"}, To: to},   // the enemy
		{By: guest(), Units: []string{"csa.hood"}, To: to}, // no player
	}
	for _, m := range refused {
		if _, err := g.Decide(m, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("%s moving %v: %v", m.By.Name, m.Units, err)
		}
	}
	if _, err := g.Decide(engine.MoveUnits{By: lee, Units: []string{"csa.nobody"}, To: to}, engine.Script()); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("unknown unit: %v", err)
	}
}

func guest() engine.Actor { return engine.Actor{ID: "g", Name: "Guest"} }

func TestBoardSetEliminateUndo(t *testing.T) {
	g := startedGame(t, opts())
	g = apply(t, g, engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 13, Reason: "combat 2"}, engine.Script())
	g = apply(t, g, engine.SetUnit{By: lee, Unit: "csa.hood", Field: "fatigue", Value: 2}, engine.Script())
	if u := g.Units["csa.hood"]; u.Manpower != 13 || u.Fatigue != 2 {
		t.Fatalf("hood = %+v", u)
	}
	for _, bad := range []engine.SetUnit{
		{By: lee, Unit: "csa.hood", Field: "fatigue", Value: 5},
		{By: lee, Unit: "csa.hood", Field: "manpower", Value: -1},
		{By: lee, Unit: "csa.lee", Field: "manpower", Value: 2},
		{By: lee, Unit: "csa.hood", Field: "morale", Value: 1},
	} {
		if _, err := g.Decide(bad, engine.Script()); !errors.Is(err, engine.ErrInvalid) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	g = apply(t, g, engine.RollDice{By: lee, Expression: "d6"}, engine.Script(3))
	g = apply(t, g, engine.EliminateUnit{By: lee, Unit: "csa.hood", Reason: "surrounded"}, engine.Script())
	if u := g.Units["csa.hood"]; !u.Eliminated || u.OnMap {
		t.Fatalf("eliminated = %+v", u)
	}
	if _, err := g.Decide(engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: engine.Hex{}}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("moved an eliminated unit: %v", err)
	}
	if _, err := g.Decide(engine.UndoLast{By: lee, Reason: "oops"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a player undid: %v", err)
	}
	if _, err := g.Decide(engine.UndoLast{By: ump}, engine.Script()); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("undo without a reason: %v", err)
	}
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "misclick"}, engine.Script())
	if u := g.Units["csa.hood"]; u.Eliminated || !u.OnMap || u.Fatigue != 2 || g.Rolls != 1 {
		t.Fatalf("after undo: %+v, rolls %d", u, g.Rolls)
	}
	if _, err := g.Decide(engine.UndoLast{By: ump, Reason: "again"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a second undo: %v", err)
	}
}

func TestPause(t *testing.T) {
	g := startedGame(t, opts())
	if _, err := g.Decide(engine.PauseGame{By: lee}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a player paused: %v", err)
	}
	g = apply(t, g, engine.PauseGame{By: ump, Reason: "dinner"}, engine.Script())
	if _, err := g.Decide(engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: engine.Hex{}}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("moved while paused: %v", err)
	}
	if _, err := g.Decide(engine.MoveUnits{By: ump, Units: []string{"csa.hood"}, To: engine.Hex{}}, engine.Script()); err != nil {
		t.Errorf("the umpire is stopped by a pause: %v", err)
	}
	g = apply(t, g, engine.PauseGame{By: ump, Resume: true}, engine.Script())
	if _, err := g.Decide(engine.MoveUnits{By: lee, Units: []string{"csa.hood"}, To: engine.Hex{}}, engine.Script()); err != nil {
		t.Errorf("after resume: %v", err)
	}
}

func TestMapCountersKeepLimitedIntelligenceSecret(t *testing.T) {
	o := opts()
	open := startedGame(t, o)
	if n := len(open.MapCounters(meade)); n != 4 {
		t.Errorf("open game: Meade sees %d counters, want 4", n)
	}
	o.LimitedIntel = true
	hidden := startedGame(t, o)
	for _, c := range hidden.MapCounters(meade) {
		if c.Side != "usa" && (!c.Unidentified || c.Name != "" || c.Unit != "") {
			t.Fatalf("Meade sees a Confederate counter as more than a force marker: %+v", c)
		}
	}
	for _, c := range hidden.MapCounters(guest()) {
		if !c.Unidentified || c.Name != "" || c.Unit != "" || c.Manpower != 0 {
			t.Errorf("an observer of a hidden game sees more than a force marker: %+v", c)
		}
	}
	if n := len(hidden.MapCounters(ump)); n != 4 {
		t.Errorf("the umpire sees %d counters, want 4", n)
	}
}

func TestMarks(t *testing.T) {
	g := startedGame(t, opts())
	g = apply(t, g, engine.MarkUnit{By: lee, Unit: "csa.hood", Mark: "flanks-refused"}, engine.Script())
	if m := g.Units["csa.hood"].Marks; len(m) != 1 || m[0] != "flanks-refused" {
		t.Fatalf("marks = %v", m)
	}
	if _, err := g.Decide(engine.MarkUnit{By: lee, Unit: "csa.hood", Mark: "flanks-refused"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("marked twice: %v", err)
	}
	if _, err := g.Decide(engine.MarkUnit{By: lee, Unit: "csa.hood", Mark: "sleepy"}, engine.Script()); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("unknown mark: %v", err)
	}
	if _, err := g.Decide(engine.MarkUnit{By: meade, Unit: "csa.hood", Mark: "disorganized"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("the enemy marked Hood: %v", err)
	}
	g = apply(t, g, engine.MarkUnit{By: lee, Unit: "csa.hood", Mark: "flanks-refused", Off: true}, engine.Script())
	if m := g.Units["csa.hood"].Marks; len(m) != 0 {
		t.Fatalf("marks after removal = %v", m)
	}
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "still dug in"}, engine.Script())
	if m := g.Units["csa.hood"].Marks; len(m) != 1 {
		t.Fatalf("marks after undo = %v", m)
	}
}
