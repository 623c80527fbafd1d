package bot

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"strings"

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

// SeedChooser is a DiceSource that gives a new game the seed its umpire
// chose (/game new seed:N).
type SeedChooser interface {
	Chosen(seed uint64) DiceSource
}

// SeededSource gives every new stream a PCG generator seeded from the
// operating system's random source, with a 128-bit secret salt for the
// commitment and the free rolls (engine.NewSaltedDice, docs/dice.md), and
// restores saved ones exactly, of either scheme.
type SeededSource struct {
	// Entropy is where seeds and salts come from; nil is crypto/rand.
	// Tests that compare two runs give a fixed one.
	Entropy io.Reader
}

func (s SeededSource) read(b []byte) error {
	var err error
	if s.Entropy == nil {
		_, err = rand.Read(b)
	} else {
		_, err = io.ReadFull(s.Entropy, b)
	}
	if err != nil {
		return fmt.Errorf("bot: seed dice: %w", err)
	}
	return nil
}

// Open implements DiceSource.
func (s SeededSource) Open(state []byte) (StreamDice, error) {
	if state != nil {
		return restoreDice(state)
	}
	var b [16 + engine.SaltBytes]byte
	if err := s.read(b[:]); err != nil {
		return nil, err
	}
	return engine.NewSaltedDice(binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:16]), b[16:])
}

// Chosen implements SeedChooser: the seed is the umpire's, the salt is
// still secret randomness, so the published commitment hides the seed.
func (s SeededSource) Chosen(seed uint64) DiceSource { return chosenSeed{seed: seed, src: s} }

func restoreDice(state []byte) (StreamDice, error) {
	d := &engine.SeededDice{}
	if err := d.UnmarshalBinary(state); err != nil {
		return nil, err
	}
	return d, nil
}

// chosenSeed gives a new game the seed its umpire chose.
type chosenSeed struct {
	seed uint64
	src  SeededSource
}

func (c chosenSeed) Open(state []byte) (StreamDice, error) {
	if state != nil {
		return restoreDice(state)
	}
	salt := make([]byte, engine.SaltBytes)
	if err := c.src.read(salt); err != nil {
		return nil, err
	}
	return engine.NewChosenSeedDice(c.seed, salt)
}

// chosenSource returns the dice source of a game created with the seed
// typed in seed ("" none: the router's).
func (r *Router) chosenSource(seed string) DiceSource {
	if seed == "" {
		return nil
	}
	var n int64
	fmt.Sscan(seed, &n) // the option's type was checked
	if c, ok := r.dice.(SeedChooser); ok {
		return c.Chosen(uint64(n))
	}
	return SeededSource{}.Chosen(uint64(n))
}

// ScriptedSource gives every stream the same scripted dice, for tests and
// rules examples: the faces are rolled in order across all streams.
func ScriptedSource(faces ...int) DiceSource { return scriptedSource{engine.Script(faces...)} }

type scriptedSource struct{ d *engine.ScriptedDice }

func (s scriptedSource) Open([]byte) (StreamDice, error) { return scriptedDice{s.d}, nil }

type scriptedDice struct{ *engine.ScriptedDice }

func (scriptedDice) MarshalBinary() ([]byte, error) { return []byte("scripted"), nil }

// chosenSeedNote is what everyone is told of a game whose umpire chose
// the dice seed (at its creation, as each player joins, in /game status):
// the rules' dice follow from that seed, so he can know them
// (docs/dice.md). "" for a random seed.
func chosenSeedNote(chosen bool) string {
	if !chosen {
		return ""
	}
	return "\n⚠️ The umpire chose this game's dice seed: he can know every die the rules will roll, and so can anyone he tells or who guesses it. " +
		"Play a game that matters with a random seed (/game new without seed). Rolls typed with /roll, /table roll or /chart roll do not come from the seed alone."
}

// chosenSeedJoinNote is the reminder each player reads as he joins.
func chosenSeedJoinNote(chosen bool) string {
	if !chosen {
		return ""
	}
	return "\n⚠️ The umpire chose this game's dice seed: he can know every die the rules will roll (/game status)."
}

// secretRollsLine tells a viewer how many secret rolls his own audience
// has had (the umpire's: dispatch deliveries); the other audiences' counts
// are not his to know (engine/rollstream.go).
func secretRollsLine(g engine.GameState, viewer engine.Actor) string {
	var aud, whose string
	switch {
	case g.IsUmpire(viewer):
		aud, whose = engine.RollAudienceUmpire, "the umpire's"
	case g.Player(viewer.ID) != nil:
		aud = string(g.Player(viewer.ID).Side)
		whose = "the " + strings.ToUpper(aud) + "'s"
	}
	if n := g.SecretRolls[aud]; aud != "" && n > 0 {
		return fmt.Sprintf("; %s secret rolls so far: %d", whose, n)
	}
	return ""
}
