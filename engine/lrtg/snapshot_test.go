package lrtg

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The kernel's snapshot codec on the series' games: the series' own state
// (State, in GameState.Own) is written by its ruleset's codec
// (encodeState) and comes back whole, the undo's state included.

// TestSnapshotRestoresEveryState: each state of a log, encoded and
// decoded, is the state (reflect.DeepEqual: the undo's prev and
// lastAction too), and folding the rest of the log from it gives the
// final state.
func TestSnapshotRestoresEveryLRTGState(t *testing.T) {
	log := foldLog(t)
	states := sequentialStates(log)
	final := states[len(states)-1]
	for k, g := range states {
		b, err := engine.EncodeSnapshot(g.Kernel(), testRulesets)
		if err != nil {
			t.Fatalf("state %d: %v", k, err)
		}
		kgot, err := engine.DecodeSnapshot(b, testRulesets)
		if err != nil {
			t.Fatalf("state %d: %v", k, err)
		}
		got := Of(kgot)
		if !reflect.DeepEqual(got.Kernel(), g.Kernel()) {
			t.Fatalf("state %d decodes to another state", k)
		}
		if again, _ := engine.EncodeSnapshot(got.Kernel(), testRulesets); !bytes.Equal(again, b) {
			t.Fatalf("state %d: encoding is not deterministic", k)
		}
		if !reflect.DeepEqual(got.ApplyAll(log[k:]).Kernel(), final.Kernel()) {
			t.Fatalf("restored at %d and folded on: not the final state", k)
		}
	}
}

// TestSnapshotRefusesOtherBytes: another format, a truncated or padded
// snapshot and garbage are errors, never a state (nor a panic).
func TestSnapshotRefusesOtherLRTGBytes(t *testing.T) {
	log := foldLog(t)
	g := Game{}.ApplyAll(log)
	b, err := engine.EncodeSnapshot(g.Kernel(), testRulesets)
	if err != nil {
		t.Fatal(err)
	}
	other := bytes.Replace(b, []byte(testRulesets.SnapshotFormat()), []byte(strings.Repeat("0", len(testRulesets.SnapshotFormat()))), 1)
	if _, err := engine.DecodeSnapshot(other, testRulesets); err == nil || !strings.Contains(err.Error(), "format") {
		t.Errorf("another format: %v", err)
	}
	for n := 0; n < len(b); n += 1 + n/50 {
		if _, err := engine.DecodeSnapshot(b[:n], testRulesets); err == nil {
			t.Fatalf("%d of %d bytes decoded", n, len(b))
		}
	}
	if _, err := engine.DecodeSnapshot(append(append([]byte(nil), b...), 0), testRulesets); err == nil {
		t.Error("a byte too many decoded")
	}
	flipped := 0
	for i := len(b) / 2; i < len(b); i += 7 {
		c := append([]byte(nil), b...)
		c[i] ^= 0xff
		if _, err := engine.DecodeSnapshot(c, testRulesets); err != nil {
			flipped++
		}
	}
	if flipped == 0 {
		t.Error("no corrupted snapshot was refused")
	}
}
