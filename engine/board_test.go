package engine

import (
	"errors"
	"testing"
)

var jebA = Actor{ID: "u4", Name: "Jeb"}

// startedGame: Lee (overall, 1st Corps), Jeb (Cav) for the CSA, Meade for the USA.
func startedGame(t *testing.T, o GameOptions) GameState {
	t.Helper()
	g := apply(t, GameState{}, withRules(NewGame{By: ump, Options: o}), Script())
	g = apply(t, g, JoinGame{By: lee, Side: CSA, Commands: []string{"1"}}, Script())
	g = apply(t, g, JoinGame{By: jebA, Side: CSA, Commands: []string{"Cav", "2"}}, Script())
	g = apply(t, g, JoinGame{By: meade, Side: USA}, Script())
	oob := &OrderOfBattle{Units: []UnitSetup{
		{ID: "csa.hood", Name: "Hood", Side: CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Hex: Hex{Q: 1, R: 1}},
		{ID: "csa.lee", Name: "Lee", Side: CSA, Kind: "leader", Command: "ANV", OnMap: true, Hex: Hex{Q: 1, R: 1}},
		{ID: "csa.hampton", Name: "Hampton", Side: CSA, Kind: "cavalry", Command: "Cav", Manpower: 4, OnMap: true, Hex: Hex{Q: 2, R: 1}},
		{ID: "csa.rodes", Name: "Rodes", Side: CSA, Kind: "infantry", Command: "2", Manpower: 8, Track: "reinforcement", Slot: 9},
		{ID: "usa.wright", Name: "Wright", Side: USA, Kind: "infantry", Command: "VI", Manpower: 9, OnMap: true, Hex: Hex{Q: 9, R: 9}},
	}}
	return apply(t, g, StartGame{By: ump, OOB: oob}, Script())
}

func TestBoardCommandStructure(t *testing.T) {
	g := startedGame(t, opts())
	to := Hex{Q: 3, R: 3}
	allowed := []MoveUnits{
		{By: lee, Units: []string{"csa.hood"}, To: to},               // his corps
		{By: lee, Units: []string{"csa.lee"}, To: to},                // unassigned: the overall commander's
		{By: jebA, Units: []string{"csa.hampton"}, To: to},           // his cavalry
		{By: meade, Units: []string{"usa.wright"}, To: to},           // the only Union player
		{By: ump, Units: []string{"csa.hood", "usa.wright"}, To: to}, // the umpire, anything
	}
	for _, m := range allowed {
		if _, err := g.Decide(m, Script()); err != nil {
			t.Errorf("%s moving %v: %v", m.By.Name, m.Units, err)
		}
	}
	refused := []MoveUnits{
		{By: lee, Units: []string{"csa.hampton"}, To: to},  // Jeb's cavalry
		{By: jebA, Units: []string{"csa.hood"}, To: to},    // Lee's corps
		{By: meade, Units: []string{"csa.hood"}, To: to},   // the enemy
		{By: guest(), Units: []string{"csa.hood"}, To: to}, // no player
	}
	for _, m := range refused {
		if _, err := g.Decide(m, Script()); !errors.Is(err, ErrIllegal) {
			t.Errorf("%s moving %v: %v", m.By.Name, m.Units, err)
		}
	}
	if _, err := g.Decide(MoveUnits{By: lee, Units: []string{"csa.nobody"}, To: to}, Script()); !errors.Is(err, ErrInvalid) {
		t.Errorf("unknown unit: %v", err)
	}
}

func guest() Actor { return Actor{ID: "g", Name: "Guest"} }

func TestBoardSetEliminateUndo(t *testing.T) {
	g := startedGame(t, opts())
	g = apply(t, g, SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 13, Reason: "combat 2"}, Script())
	g = apply(t, g, SetUnit{By: lee, Unit: "csa.hood", Field: "fatigue", Value: 2}, Script())
	if u := g.Units["csa.hood"]; u.Manpower != 13 || u.Fatigue != 2 {
		t.Fatalf("hood = %+v", u)
	}
	for _, bad := range []SetUnit{
		{By: lee, Unit: "csa.hood", Field: "fatigue", Value: 5},
		{By: lee, Unit: "csa.hood", Field: "manpower", Value: -1},
		{By: lee, Unit: "csa.lee", Field: "manpower", Value: 2},
		{By: lee, Unit: "csa.hood", Field: "morale", Value: 1},
	} {
		if _, err := g.Decide(bad, Script()); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	g = apply(t, g, RollDice{By: lee, Expression: "d6"}, Script(3))
	g = apply(t, g, EliminateUnit{By: lee, Unit: "csa.hood", Reason: "surrounded"}, Script())
	if u := g.Units["csa.hood"]; !u.Eliminated || u.OnMap {
		t.Fatalf("eliminated = %+v", u)
	}
	if _, err := g.Decide(MoveUnits{By: lee, Units: []string{"csa.hood"}, To: Hex{}}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("moved an eliminated unit: %v", err)
	}
	if _, err := g.Decide(UndoLast{By: lee, Reason: "oops"}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("a player undid: %v", err)
	}
	if _, err := g.Decide(UndoLast{By: ump}, Script()); !errors.Is(err, ErrInvalid) {
		t.Errorf("undo without a reason: %v", err)
	}
	g = apply(t, g, UndoLast{By: ump, Reason: "misclick"}, Script())
	if u := g.Units["csa.hood"]; u.Eliminated || !u.OnMap || u.Fatigue != 2 || g.Rolls != 1 {
		t.Fatalf("after undo: %+v, rolls %d", u, g.Rolls)
	}
	if _, err := g.Decide(UndoLast{By: ump, Reason: "again"}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("a second undo: %v", err)
	}
}

func TestPause(t *testing.T) {
	g := startedGame(t, opts())
	if _, err := g.Decide(PauseGame{By: lee}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("a player paused: %v", err)
	}
	g = apply(t, g, PauseGame{By: ump, Reason: "dinner"}, Script())
	if _, err := g.Decide(MoveUnits{By: lee, Units: []string{"csa.hood"}, To: Hex{}}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("moved while paused: %v", err)
	}
	if _, err := g.Decide(MoveUnits{By: ump, Units: []string{"csa.hood"}, To: Hex{}}, Script()); err != nil {
		t.Errorf("the umpire is stopped by a pause: %v", err)
	}
	g = apply(t, g, PauseGame{By: ump, Resume: true}, Script())
	if _, err := g.Decide(MoveUnits{By: lee, Units: []string{"csa.hood"}, To: Hex{}}, Script()); err != nil {
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
	g = apply(t, g, MarkUnit{By: lee, Unit: "csa.hood", Mark: "flanks-refused"}, Script())
	if m := g.Units["csa.hood"].Marks; len(m) != 1 || m[0] != "flanks-refused" {
		t.Fatalf("marks = %v", m)
	}
	if _, err := g.Decide(MarkUnit{By: lee, Unit: "csa.hood", Mark: "flanks-refused"}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("marked twice: %v", err)
	}
	if _, err := g.Decide(MarkUnit{By: lee, Unit: "csa.hood", Mark: "sleepy"}, Script()); !errors.Is(err, ErrInvalid) {
		t.Errorf("unknown mark: %v", err)
	}
	if _, err := g.Decide(MarkUnit{By: meade, Unit: "csa.hood", Mark: "disorganized"}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("the enemy marked Hood: %v", err)
	}
	g = apply(t, g, MarkUnit{By: lee, Unit: "csa.hood", Mark: "flanks-refused", Off: true}, Script())
	if m := g.Units["csa.hood"].Marks; len(m) != 0 {
		t.Fatalf("marks after removal = %v", m)
	}
	g = apply(t, g, UndoLast{By: ump, Reason: "still dug in"}, Script())
	if m := g.Units["csa.hood"].Marks; len(m) != 1 {
		t.Fatalf("marks after undo = %v", m)
	}
}
