package engine

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestSnapshotRestoresEveryState: each state of a log, encoded and
// decoded, is the state (reflect.DeepEqual: the undo's prev and
// lastAction too), and folding the rest of the log from it gives the
// final state.
func TestSnapshotRestoresEveryState(t *testing.T) {
	log := foldLog(t)
	states := sequentialStates(log)
	final := states[len(states)-1]
	for k, g := range states {
		b, err := EncodeSnapshot(g, testRulesets)
		if err != nil {
			t.Fatalf("state %d: %v", k, err)
		}
		got, err := DecodeSnapshot(b, testRulesets)
		if err != nil {
			t.Fatalf("state %d: %v", k, err)
		}
		if !reflect.DeepEqual(got, g) {
			t.Fatalf("state %d decodes to another state", k)
		}
		if again, _ := EncodeSnapshot(got, testRulesets); !bytes.Equal(again, b) {
			t.Fatalf("state %d: encoding is not deterministic", k)
		}
		if !reflect.DeepEqual(got.ApplyAll(log[k:]), final) {
			t.Fatalf("restored at %d and folded on: not the final state", k)
		}
	}
}

// TestSnapshotKeepsWhatDeepEqualSees: nil and empty maps and slices,
// pointers, times.
func TestSnapshotKeepsWhatDeepEqualSees(t *testing.T) {
	g := GameState{
		Created:     true,
		SecretRolls: map[string]int64{},
		Units:       map[string]UnitState{"a": {ID: "a", Marks: []string{}}, "b": {ID: "b"}},
		Ended:       &GameEnded{},
		Chits:       map[Side]int{CSA: 3},
		lastAction:  EventUnitsMoved,
		prev:        &GameState{Players: []Player{}},
	}
	g.Victory.Crossed = time.Date(1863, 6, 15, 0, 0, 0, 0, time.UTC)
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
	if got.SecretRolls == nil || got.Units["a"].Marks == nil || got.Units["b"].Marks != nil || got.prev.Players == nil || got.Places != nil {
		t.Fatal("nil and empty not kept apart")
	}
}

// TestSnapshotRefusesOtherBytes: another format, a truncated or padded
// snapshot and garbage are errors, never a state (nor a panic).
func TestSnapshotRefusesOtherBytes(t *testing.T) {
	log := foldLog(t)
	g := GameState{}.ApplyAll(log)
	b, err := EncodeSnapshot(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	other := bytes.Replace(b, []byte(SnapshotFormat()), []byte(strings.Repeat("0", len(SnapshotFormat()))), 1)
	if _, err := DecodeSnapshot(other, nil); err == nil || !strings.Contains(err.Error(), "format") {
		t.Errorf("another format: %v", err)
	}
	for n := 0; n < len(b); n += 1 + n/50 {
		if _, err := DecodeSnapshot(b[:n], nil); err == nil {
			t.Fatalf("%d of %d bytes decoded", n, len(b))
		}
	}
	if _, err := DecodeSnapshot(append(append([]byte(nil), b...), 0), nil); err == nil {
		t.Error("a byte too many decoded")
	}
	flipped := 0
	for i := len(b) / 2; i < len(b); i += 7 {
		c := append([]byte(nil), b...)
		c[i] ^= 0xff
		if _, err := DecodeSnapshot(c, nil); err != nil {
			flipped++
		}
	}
	if flipped == 0 {
		t.Error("no corrupted snapshot was refused")
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

// fuzzSnapshotLog is a short game: set-up, moves, a roll, an undo.
func fuzzSnapshotLog() []Event {
	units := []UnitState{{ID: "csa.hood", Name: "Hood", Side: CSA, Kind: "infantry", Manpower: 15, OnMap: true, Hex: Hex{Q: 1, R: 1}},
		{ID: "usa.wright", Name: "Wright", Side: USA, Kind: "infantry", Manpower: 9, OnMap: true, Hex: Hex{Q: 9, R: 9}, Marks: []string{}}}
	return []Event{
		created(&GameCreated{Options: GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1}, Umpire: ump}),
		&GameJoined{Player: Player{Actor: lee, Side: CSA}},
		&GameStarted{Units: units},
		&UnitsMoved{By: ump, Units: []string{"csa.hood"}, To: Hex{Q: 2, R: 1}, Ref: "x"},
		&DiceRolled{Number: 1, Expression: "2d6", By: lee, Terms: []TermResult{{Count: 2, Sides: 6, Faces: []int{3, 4}, Sign: 1, Value: 7}}, Total: 7},
		&UnitSet{By: ump, Unit: "usa.wright", Field: "fatigue", To: 2},
		&Undone{By: ump, What: EventUnitSet, Reason: "x"},
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
