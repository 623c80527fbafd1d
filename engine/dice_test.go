package engine

import (
	"errors"
	"testing"
)

// The first rolls of a fixed seed are pinned: if they change, every saved
// game would replay differently, so this must never be "updated" lightly.
func TestSeededDicePinned(t *testing.T) {
	d := NewSeededDice(1863, 7)
	want := []int{6, 3, 3, 3, 1, 4, 4, 4, 1, 6, 6, 3}
	for i, w := range want {
		if got := d.Roll(6); got != w {
			t.Fatalf("roll %d of seed (1863,7) = %d, want %d", i+1, got, w)
		}
	}
}

func TestSeededDiceSaveRestore(t *testing.T) {
	a := NewSeededDice(42, 99)
	for range 17 {
		a.Roll(6)
	}
	state, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var b SeededDice
	if err := b.UnmarshalBinary(state); err != nil {
		t.Fatal(err)
	}
	if s1, s2 := b.Seed(); s1 != 42 || s2 != 99 {
		t.Fatalf("restored seed = (%d,%d), want (42,99)", s1, s2)
	}
	for i := range 50 {
		x, y := a.Roll(6), b.Roll(6)
		if x != y {
			t.Fatalf("roll %d after restore: original %d, restored %d", i, x, y)
		}
	}
}

func TestSeededDiceBadState(t *testing.T) {
	var d SeededDice
	for _, b := range [][]byte{nil, []byte("nope"), []byte("umpd1 too short")} {
		if err := d.UnmarshalBinary(b); !errors.Is(err, ErrDiceState) {
			t.Errorf("UnmarshalBinary(%q) = %v, want ErrDiceState", b, err)
		}
	}
}

func TestSeededDiceRange(t *testing.T) {
	d := NewSeededDice(1, 2)
	seen := map[int]int{}
	for range 6000 {
		f := d.Roll(6)
		if f < 1 || f > 6 {
			t.Fatalf("face %d is not on a d6", f)
		}
		seen[f]++
	}
	for f := 1; f <= 6; f++ {
		if seen[f] < 800 || seen[f] > 1200 {
			t.Errorf("face %d came up %d times in 6000 rolls, far from 1000", f, seen[f])
		}
	}
}

func TestScriptedDice(t *testing.T) {
	d := Script(3, 5)
	if got := d.Roll(6); got != 3 {
		t.Fatalf("first face = %d, want 3", got)
	}
	if d.Remaining() != 1 {
		t.Fatalf("Remaining = %d, want 1", d.Remaining())
	}
	if got := d.Roll(6); got != 5 {
		t.Fatalf("second face = %d, want 5", got)
	}
	mustPanic(t, "exhausted", func() { d.Roll(6) })
	mustPanic(t, "face too big", func() { Script(7).Roll(6) })
}

func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: no panic", name)
		}
	}()
	f()
}
