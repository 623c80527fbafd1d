package engine

import (
	"errors"
	"reflect"
	"testing"
)

// rewindLog is a short game of the kernel alone (invented units): set-up,
// then an elimination (version 4), a mark, a roll and another elimination
// (version 7).
func rewindLog() []StoredEvent {
	evs := fuzzSnapshotLog()[:3]
	evs = append(evs,
		&UnitEliminated{By: snapUmpire, Unit: "csa.hood", Reason: "x"},
		&UnitMarked{By: snapUmpire, Unit: "usa.wright", Mark: "fort"},
		&DiceRolled{Number: 1, Expression: "1d6", By: snapPlayer, Terms: []TermResult{{Count: 1, Sides: 6, Faces: []int{5}, Sign: 1, Value: 5}}, Total: 5},
		&UnitEliminated{By: snapUmpire, Unit: "usa.wright", Reason: "x"})
	out := make([]StoredEvent, len(evs))
	for i, e := range evs {
		out[i] = StoredEvent{Version: int64(i + 1), Event: e}
	}
	return out
}

func foldStored(evs []StoredEvent) GameState {
	var g GameState
	for _, se := range LiveEvents(evs) {
		g = g.Apply(se.Event)
	}
	return g
}

// Taking back action 4 after three later events returns the game to the
// state before it, the dice's count going on; the events stay in the log;
// a log with no rewind folds as it always did.
func TestRewindTakesBackAnActionAndWhatFollowed(t *testing.T) {
	log := rewindLog()
	now := foldStored(log)
	var plain GameState
	for _, se := range log {
		plain = plain.Apply(se.Event)
	}
	if !reflect.DeepEqual(now, plain) {
		t.Fatal("a log without a rewind folds differently through LiveEvents")
	}
	before := foldStored(log[:3])
	evs, err := now.Decide(RewindTo{By: snapUmpire, Reason: "wrong unit", From: 4, Taken: log[3:], Before: before}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := evs[0].(*Rewound)
	if r.From != 4 || r.Count != 4 || r.Rolls != 1 {
		t.Fatalf("rewound = %+v, want from 4, 4 events, the count of 1 roll", r)
	}
	log = append(log, StoredEvent{Version: 8, Event: r})
	after := foldStored(log)
	if !reflect.DeepEqual(after.Units, before.Units) {
		t.Fatalf("units after the rewind = %+v, want %+v", after.Units, before.Units)
	}
	if after.Rolls != 1 || after.CanUndo() {
		t.Fatalf("rolls %d (want 1: dice rolled stay rolled), undo %v (want none)", after.Rolls, after.CanUndo())
	}
	if len(LiveEvents(log)) != 4 {
		t.Fatalf("live events = %d, want the 3 of the set-up and the rewind", len(LiveEvents(log)))
	}
	// A later rewind over the first keeps its range taken back.
	log = append(log, StoredEvent{Version: 9, Event: &UnitMarked{By: snapUmpire, Unit: "csa.hood", Mark: "fort"}},
		StoredEvent{Version: 10, Event: &Rewound{By: snapUmpire, From: 8, Count: 2, Reason: "y"}})
	if got := foldStored(log); !reflect.DeepEqual(got.Units, before.Units) {
		t.Fatalf("a rewind over a rewind brought back what it took: %+v", got.Units)
	}
}

// A rewind is the umpire's, with a reason, within the step under way, and
// never takes back the game's set-up.
func TestRewindRefusals(t *testing.T) {
	log := rewindLog()
	now := foldStored(log)
	before := foldStored(log[:3])
	cases := []struct {
		name string
		cmd  RewindTo
		code string
	}{
		{"player", RewindTo{By: snapPlayer, Reason: "x", From: 4, Taken: log[3:], Before: before}, "game.umpire"},
		{"no reason", RewindTo{By: snapUmpire, Reason: " ", From: 4, Taken: log[3:], Before: before}, "game.reason"},
		{"no such action", RewindTo{By: snapUmpire, Reason: "x", From: 40, Before: before}, "game.undo_to"},
		{"set-up", RewindTo{By: snapUmpire, Reason: "x", From: 3, Taken: log[2:], Before: foldStored(log[:2])}, "game.undo_step"},
		{"another step", RewindTo{By: snapUmpire, Reason: "x", From: 4, Taken: log[3:], Before: func() GameState { b := before; b.Sequence.Step = "1a"; return b }()}, "game.undo_step"},
		{"lasting", RewindTo{By: snapUmpire, Reason: "x", From: 4, Taken: append(log[3:4:4], StoredEvent{Version: 5, Event: &ChannelsRecorded{}}), Before: before}, "game.undo_lasting"},
	}
	for _, c := range cases {
		_, err := now.Decide(c.cmd, nil)
		var re *RuleError
		if !errors.As(err, &re) || re.Code != c.code {
			t.Errorf("%s: err = %v, want %s", c.name, err, c.code)
		}
	}
}
