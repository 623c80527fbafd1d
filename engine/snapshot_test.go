package engine

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestSnapshotKeepsWhatDeepEqualSees: nil and empty maps and slices,
// pointers, times.
func TestSnapshotKeepsWhatDeepEqualSees(t *testing.T) {
	g := GameState{
		Created:     true,
		SecretRolls: map[string]int64{},
		Units:       map[string]UnitState{"a": {ID: "a", Marks: []string{}}, "b": {ID: "b"}},
		Ended:       &GameEnded{},
		TurnRecord:  []TurnPoint{},
		lastAction:  EventUnitsMoved,
		prev:        &GameState{Players: []Player{}},
	}
	g.Deadlines.PausedAt = time.Date(1863, 6, 15, 0, 0, 0, 0, time.UTC)
	b, err := EncodeSnapshot(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeSnapshot(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, g) {
		t.Fatalf("got %+v\nwant %+v", got, g)
	}
	if got.SecretRolls == nil || got.Units["a"].Marks == nil || got.Units["b"].Marks != nil || got.prev.Players == nil || got.TurnRecord == nil || got.prev.TurnRecord != nil {
		t.Fatal("nil and empty not kept apart")
	}
}

// TestSnapshotFormatFollowsTheStateType: the fingerprint is the version
// and a hash of the state's structure, so that a change of any field
// changes it.
func TestSnapshotFormatFollowsTheStateType(t *testing.T) {
	f := SnapshotFormat()
	if !strings.HasPrefix(f, "1-") || len(f) != 2+24 {
		t.Fatalf("format %q", f)
	}
	type other struct {
		GameState
		Extra int
	}
	var a, b strings.Builder
	describeType(&a, reflect.TypeFor[GameState](), map[reflect.Type]bool{})
	describeType(&b, reflect.TypeFor[other](), map[reflect.Type]bool{})
	if a.String() == b.String() || !strings.Contains(a.String(), "lastAction") || !strings.Contains(a.String(), "Marks") {
		t.Fatalf("the description misses fields: %.200s", a.String())
	}
}

// TestSnapshotNamesWhatItCannotWrite: a state that holds a bulk fold's
// buffers is refused (it would share them).
func TestSnapshotNamesWhatItCannotWrite(t *testing.T) {
	g := GameState{units: &unitBuffers{}}
	if _, err := EncodeSnapshot(g, nil); err == nil || !strings.Contains(err.Error(), "bulk fold") {
		t.Fatalf("got %v", err)
	}
}

// FuzzDecodeSnapshot: a snapshot's bytes come back from the database,
// which a disk or an operator may have damaged: decoding never panics,
// and bytes that decode are a state that encodes and decodes to itself.
func FuzzDecodeSnapshot(f *testing.F) {
	g := GameState{}
	for i, e := range fuzzSnapshotLog() {
		g = g.Apply(e)
		if i%3 == 0 {
			if b, err := EncodeSnapshot(g, nil); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := DecodeSnapshot(data, nil)
		if err != nil {
			return
		}
		b, err := EncodeSnapshot(got, nil)
		if err != nil {
			t.Fatalf("a decoded state does not encode: %v", err)
		}
		again, err := DecodeSnapshot(b, nil)
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Fatalf("a decoded state does not come back: %v", err)
		}
	})
}

// The fuzz log's actors (invented).
var snapUmpire, snapPlayer = Actor{ID: "u1", Name: "Umpire"}, Actor{ID: "p1", Name: "Player"}

// fuzzSnapshotLog is a short game of the kernel alone (no ruleset: the
// board's moves are the game's, so only the undo's bookkeeping changes):
// set-up, a move, a roll, an undo.
func fuzzSnapshotLog() []Event {
	units := []UnitState{{ID: "csa.hood", Name: "Hood", Side: CSA, Kind: "infantry", Manpower: 15, OnMap: true, Hex: Hex{Q: 1, R: 1}},
		{ID: "usa.wright", Name: "Wright", Side: USA, Kind: "infantry", Manpower: 9, OnMap: true, Hex: Hex{Q: 9, R: 9}, Marks: []string{}}}
	return []Event{
		&GameCreated{Options: GameOptions{Scenario: "x"}, Umpire: snapUmpire},
		&GameJoined{Player: Player{Actor: snapPlayer, Side: CSA}},
		&GameStarted{Units: units},
		&UnitsMoved{By: snapUmpire, Units: []string{"csa.hood"}, To: Hex{Q: 2, R: 1}, Ref: "x"},
		&DiceRolled{Number: 1, Expression: "2d6", By: snapPlayer, Terms: []TermResult{{Count: 2, Sides: 6, Faces: []int{3, 4}, Sign: 1, Value: 7}}, Total: 7},
		&UnitSet{By: snapUmpire, Unit: "usa.wright", Field: "fatigue", To: 2},
		&Undone{By: snapUmpire, What: EventUnitSet, Reason: "x"},
	}
}

// TestSnapshotOfARulesetsGame: a game's own state is written by its
// ruleset's codec and read back with the ruleset found from the options
// (the same ruleset: reflect.DeepEqual sees its pointer), in the undo's
// state too; the format names the rulesets' own states.
func TestSnapshotOfARulesetsGame(t *testing.T) {
	rs := toyRuleset()
	all := NewRulesets(rs)
	g := GameState{Created: true, Options: GameOptions{Scenario: "toy-1"}, rules: rs, Own: toyState{Pongs: 3, Joins: 2}, lastAction: "x"}
	g.prev = &GameState{Created: true, Options: g.Options, rules: rs, Own: toyState{Pongs: 2}}
	b, err := EncodeSnapshot(g, all)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeSnapshot(b, all)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, g) || got.Rules() != rs || got.prev.Rules() != rs {
		t.Fatalf("got %+v\nwant %+v", got, g)
	}
	if all.SnapshotFormat() == SnapshotFormat() {
		t.Error("the format does not name the rulesets")
	}
	if _, err := DecodeSnapshot(b, nil); err == nil {
		t.Error("a ruleset's game decoded by a program without the ruleset")
	}
	orphan := GameState{Created: true, Own: toyState{}}
	if _, err := EncodeSnapshot(orphan, all); err == nil || !strings.Contains(err.Error(), "no ruleset codec") {
		t.Errorf("an own state without a ruleset: %v", err)
	}
}
