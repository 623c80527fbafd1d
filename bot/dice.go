package bot

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// StreamDice are dice whose position can be saved with the stream.
type StreamDice interface {
	engine.Dice
	MarshalBinary() ([]byte, error)
}

// DiceSource gives a stream its dice: restored from the saved state, or new
// when state is nil (the stream's first roll).
type DiceSource interface {
	Open(state []byte) (StreamDice, error)
}

// SeededSource gives every new stream a PCG generator seeded from the
// operating system's random source, and restores saved ones exactly.
type SeededSource struct{}

// Open implements DiceSource.
func (SeededSource) Open(state []byte) (StreamDice, error) {
	if state == nil {
		var seed [16]byte
		if _, err := rand.Read(seed[:]); err != nil {
			return nil, fmt.Errorf("bot: seed dice: %w", err)
		}
		return engine.NewSeededDice(binary.BigEndian.Uint64(seed[:8]), binary.BigEndian.Uint64(seed[8:])), nil
	}
	d := &engine.SeededDice{}
	if err := d.UnmarshalBinary(state); err != nil {
		return nil, err
	}
	return d, nil
}

// ScriptedSource gives every stream the same scripted dice, for tests and
// rules examples: the faces are rolled in order across all streams.
func ScriptedSource(faces ...int) DiceSource { return scriptedSource{engine.Script(faces...)} }

type scriptedSource struct{ d *engine.ScriptedDice }

func (s scriptedSource) Open([]byte) (StreamDice, error) { return scriptedDice{s.d}, nil }

type scriptedDice struct{ *engine.ScriptedDice }

func (scriptedDice) MarshalBinary() ([]byte, error) { return []byte("scripted"), nil }
