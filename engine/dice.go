package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
)

// Dice rolls one die. Games use SeededDice; tests script the faces with
// ScriptedDice.
type Dice interface {
	// Roll returns a face from 1 to sides; sides is at least 2.
	Roll(sides int) int
}

// SeededDice is a PCG generator seeded once, whose exact state can be saved
// with MarshalBinary and restored with UnmarshalBinary, so a game continues
// its dice across restarts and anyone given the seed can replay every roll.
// math/rand/v2 promises that seeded PCG streams are stable across releases.
type SeededDice struct {
	seed [2]uint64
	pcg  *rand.PCG
	rng  *rand.Rand
}

// NewSeededDice returns dice at the start of the stream for seed.
func NewSeededDice(seed1, seed2 uint64) *SeededDice {
	pcg := rand.NewPCG(seed1, seed2)
	return &SeededDice{seed: [2]uint64{seed1, seed2}, pcg: pcg, rng: rand.New(pcg)}
}

// Roll returns an unbiased face from 1 to sides.
func (d *SeededDice) Roll(sides int) int { return d.rng.IntN(sides) + 1 }

// Seed returns the seed the dice started from (secret until the game ends).
func (d *SeededDice) Seed() (uint64, uint64) { return d.seed[0], d.seed[1] }

const diceStateMagic = "umpd1"

// MarshalBinary encodes the seed and the generator's current position.
func (d *SeededDice) MarshalBinary() ([]byte, error) {
	st, err := d.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, len(diceStateMagic)+16+len(st))
	b = append(b, diceStateMagic...)
	b = binary.BigEndian.AppendUint64(b, d.seed[0])
	b = binary.BigEndian.AppendUint64(b, d.seed[1])
	return append(b, st...), nil
}

// ErrDiceState is returned for a saved dice state that cannot be restored.
var ErrDiceState = errors.New("engine: bad dice state")

// UnmarshalBinary restores dice saved by MarshalBinary.
func (d *SeededDice) UnmarshalBinary(b []byte) error {
	n := len(diceStateMagic)
	if len(b) < n+16 || string(b[:n]) != diceStateMagic {
		return ErrDiceState
	}
	pcg := &rand.PCG{}
	if err := pcg.UnmarshalBinary(b[n+16:]); err != nil {
		return fmt.Errorf("%w: %v", ErrDiceState, err)
	}
	d.seed = [2]uint64{binary.BigEndian.Uint64(b[n:]), binary.BigEndian.Uint64(b[n+8:])}
	d.pcg = pcg
	d.rng = rand.New(pcg)
	return nil
}

// ScriptedDice returns the given faces in order, for tests. A face larger
// than the die asked for, or running out of faces, panics: a test that
// scripts the wrong dice should fail loudly.
type ScriptedDice struct {
	Faces []int
	next  int
}

// Script returns dice that will roll faces in order.
func Script(faces ...int) *ScriptedDice { return &ScriptedDice{Faces: faces} }

// Roll returns the next scripted face.
func (d *ScriptedDice) Roll(sides int) int {
	if d.next >= len(d.Faces) {
		panic(fmt.Sprintf("engine: scripted dice exhausted after %d rolls", len(d.Faces)))
	}
	f := d.Faces[d.next]
	if f < 1 || f > sides {
		panic(fmt.Sprintf("engine: scripted face %d is not on a d%d", f, sides))
	}
	d.next++
	return f
}

// Remaining returns how many scripted faces have not been rolled.
func (d *ScriptedDice) Remaining() int { return len(d.Faces) - d.next }
