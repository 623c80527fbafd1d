package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
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

// FreeDicer is dice that keep the rolls no rule asks for (a /roll, /table
// roll or /chart roll typed by anyone) on a stream of their own, so that
// they cannot advance the dice the rules' procedures draw from (docs/dice.md).
// Free returns those dice and the stream's name, recorded on each roll
// (DiceStreamFree); dice without it (scripted, or a game of the legacy
// scheme) roll free rolls from their one stream.
type FreeDicer interface {
	Free() (Dice, string)
}

// DiceStreamFree names the free rolls' stream on a roll event. The game's
// own stream has no name ("").
const DiceStreamFree = "free"

// freeDice returns the dice a typed roll draws from, and its stream's name.
func freeDice(d Dice) (Dice, string) {
	if f, ok := d.(FreeDicer); ok {
		return f.Free()
	}
	return d, ""
}

// Dice schemes: how a game commits to its seed (GameCreated.DiceScheme).
const (
	// DiceSchemeLegacy publishes SHA-256(seed1‖seed2) and rolls every
	// roll from one stream. A small chosen seed is found from that hash
	// in milliseconds: kept only so that older games still restore and
	// audit.
	DiceSchemeLegacy = 0
	// DiceSchemeSalted publishes SHA-256 of a tag, the seed and a 128-bit
	// secret salt (SaltedCommitment), revealed with the seed at the end;
	// typed rolls draw from a free stream derived from seed and salt.
	DiceSchemeSalted = 2
)

// SaltBytes is the length of a game's secret salt: 128 bits.
const SaltBytes = 16

// SeededDice is a PCG generator seeded once, whose exact state can be saved
// with MarshalBinary and restored with UnmarshalBinary, so a game continues
// its dice across restarts and anyone given the seed can replay every roll.
// math/rand/v2 promises that seeded PCG streams are stable across releases.
//
// The rules' procedures roll from PCG(seed1, seed2), as they always have:
// a game created with a chosen seed replays the same procedure dice. The
// salt (nil in the legacy scheme) blinds the published commitment and
// seeds the free stream, so neither can be found from the seed alone.
type SeededDice struct {
	pcgStream // the rules' procedures' stream: its Roll is the dice's
	seed      [2]uint64
	salt      []byte
	chosen    bool       // the umpire chose the seed (not saved: GameCreated says so)
	free      *pcgStream // the free rolls' stream; nil in the legacy scheme
}

// pcgStream is one PCG generator and the Rand that draws from it.
type pcgStream struct {
	pcg *rand.PCG
	rng *rand.Rand
}

func newPCGStream(pcg *rand.PCG) pcgStream { return pcgStream{pcg: pcg, rng: rand.New(pcg)} }

// Roll returns an unbiased face from 1 to sides.
func (s *pcgStream) Roll(sides int) int { return s.rng.IntN(sides) + 1 }

// NewSeededDice returns dice of the legacy scheme at the start of the
// stream for seed: one stream, no salt. Tests and the audit of older
// games use it; new games use NewSaltedDice.
func NewSeededDice(seed1, seed2 uint64) *SeededDice {
	return &SeededDice{pcgStream: newPCGStream(rand.NewPCG(seed1, seed2)), seed: [2]uint64{seed1, seed2}}
}

// NewSaltedDice returns dice of the salted scheme: the rules' procedures
// roll PCG(seed1, seed2), typed rolls a stream derived from seed and salt.
// The salt must be SaltBytes of secret randomness (crypto/rand).
func NewSaltedDice(seed1, seed2 uint64, salt []byte) (*SeededDice, error) {
	if len(salt) != SaltBytes {
		return nil, fmt.Errorf("engine: a dice salt has %d bytes, not %d", SaltBytes, len(salt))
	}
	d := NewSeededDice(seed1, seed2)
	d.salt = append([]byte(nil), salt...)
	k := freeSeed(seed1, seed2, d.salt)
	free := newPCGStream(rand.NewPCG(k[0], k[1]))
	d.free = &free
	return d, nil
}

// NewChosenSeedDice returns salted dice for a seed the umpire chose
// (/game new seed:N): the procedures' stream is PCG(n, n), as it has
// always been for a chosen seed, so such a game replays; the game says
// that its seed was chosen (GameCreated.ChosenSeed).
func NewChosenSeedDice(n uint64, salt []byte) (*SeededDice, error) {
	d, err := NewSaltedDice(n, n, salt)
	if err == nil {
		d.chosen = true
	}
	return d, err
}

// freeSeed derives the free stream's PCG seed from the seed and the salt.
func freeSeed(s1, s2 uint64, salt []byte) [2]uint64 {
	sum := seedHash("umpire free dice\x00", s1, s2, salt)
	return [2]uint64{binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:16])}
}

// seedHash is SHA-256 of a tag, the seed and the salt: the tag keeps the
// commitment and the free stream's seed apart although both hash the same
// secret.
func seedHash(tag string, s1, s2 uint64, salt []byte) []byte {
	h := sha256.New()
	h.Write([]byte(tag))
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], s1)
	binary.BigEndian.PutUint64(b[8:], s2)
	h.Write(b[:])
	h.Write(salt)
	return h.Sum(nil)
}

// Free implements FreeDicer: the free stream, or the one stream of a
// legacy game (whose audit replays every roll from it).
func (d *SeededDice) Free() (Dice, string) {
	if d.free == nil {
		return d, ""
	}
	return d.free, DiceStreamFree
}

// Seed returns the seed the dice started from (secret until the game ends).
func (d *SeededDice) Seed() (uint64, uint64) { return d.seed[0], d.seed[1] }

// Reveal returns what the game's end reveals and the audit checks.
func (d *SeededDice) Reveal() DiceSeed {
	s := DiceSeed{Seed1: d.seed[0], Seed2: d.seed[1]}
	if d.salt != nil {
		s.Scheme, s.Salt = DiceSchemeSalted, append([]byte(nil), d.salt...)
	}
	return s
}

// Chosen reports whether the umpire chose the seed.
func (d *SeededDice) Chosen() bool { return d.chosen }

// DiceSeed is a game's dice as revealed at its end: the seed, and in the
// salted scheme the salt.
type DiceSeed struct {
	Scheme       int
	Seed1, Seed2 uint64
	Salt         []byte
}

// Commitment is what the game publishes at its start: SeedHash in the
// legacy scheme, SaltedCommitment in the salted one.
func (s DiceSeed) Commitment() string {
	if s.Scheme == DiceSchemeSalted {
		return SaltedCommitment(s.Seed1, s.Seed2, s.Salt)
	}
	return SeedHash(s.Seed1, s.Seed2)
}

// Dice returns the dice at the start of the game.
func (s DiceSeed) Dice() (*SeededDice, error) {
	if s.Scheme == DiceSchemeSalted {
		return NewSaltedDice(s.Seed1, s.Seed2, s.Salt)
	}
	return NewSeededDice(s.Seed1, s.Seed2), nil
}

// SeedHash is the legacy scheme's published SHA-256 of a seed. It hides
// nothing about a small seed: see SaltedCommitment.
func SeedHash(s1, s2 uint64) string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], s1)
	binary.BigEndian.PutUint64(b[8:], s2)
	sum := sha256.Sum256(b[:])
	return hex.EncodeToString(sum[:])
}

// SaltedCommitment is the salted scheme's published SHA-256: of a tag,
// the seed and the 128-bit salt. Whatever seed the umpire typed, finding
// it from the commitment means guessing the salt too.
func SaltedCommitment(s1, s2 uint64, salt []byte) string {
	return hex.EncodeToString(seedHash("umpire dice commitment 2\x00", s1, s2, salt))
}

// Saved dice states. "umpd1" (legacy): seed, PCG. "umpd2" (salted): seed,
// salt, the procedures' PCG, the free stream's PCG.
const (
	diceStateMagic  = "umpd1"
	diceStateMagic2 = "umpd2"
	pcgStateBytes   = 20 // what rand.PCG.MarshalBinary writes
)

// MarshalBinary encodes the seed (and salt) and the generators' positions.
func (d *SeededDice) MarshalBinary() ([]byte, error) {
	st, err := d.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	magic := diceStateMagic
	if d.free != nil {
		magic = diceStateMagic2
	}
	b := make([]byte, 0, len(magic)+16+SaltBytes+2*len(st))
	b = append(b, magic...)
	b = binary.BigEndian.AppendUint64(b, d.seed[0])
	b = binary.BigEndian.AppendUint64(b, d.seed[1])
	if d.free == nil {
		return append(b, st...), nil
	}
	fst, err := d.free.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	if len(st) != pcgStateBytes || len(fst) != pcgStateBytes {
		return nil, fmt.Errorf("engine: a PCG state of %d bytes, not %d", len(st), pcgStateBytes)
	}
	b = append(b, d.salt...)
	b = append(b, st...)
	return append(b, fst...), nil
}

// ErrDiceState is returned for a saved dice state that cannot be restored.
var ErrDiceState = errors.New("engine: bad dice state")

// UnmarshalBinary restores dice saved by MarshalBinary, of either scheme.
func (d *SeededDice) UnmarshalBinary(b []byte) error {
	n := len(diceStateMagic)
	if len(b) < n+16 {
		return ErrDiceState
	}
	seed := [2]uint64{binary.BigEndian.Uint64(b[n:]), binary.BigEndian.Uint64(b[n+8:])}
	switch string(b[:n]) {
	case diceStateMagic:
		pcg := &rand.PCG{}
		if err := pcg.UnmarshalBinary(b[n+16:]); err != nil {
			return fmt.Errorf("%w: %v", ErrDiceState, err)
		}
		*d = SeededDice{pcgStream: newPCGStream(pcg), seed: seed}
		return nil
	case diceStateMagic2:
		rest := b[n+16:]
		if len(rest) != SaltBytes+2*pcgStateBytes {
			return fmt.Errorf("%w: %d bytes after the seed, want %d", ErrDiceState, len(rest), SaltBytes+2*pcgStateBytes)
		}
		pcg, fpcg := &rand.PCG{}, &rand.PCG{}
		if err := pcg.UnmarshalBinary(rest[SaltBytes : SaltBytes+pcgStateBytes]); err != nil {
			return fmt.Errorf("%w: %v", ErrDiceState, err)
		}
		if err := fpcg.UnmarshalBinary(rest[SaltBytes+pcgStateBytes:]); err != nil {
			return fmt.Errorf("%w: %v", ErrDiceState, err)
		}
		free := newPCGStream(fpcg)
		*d = SeededDice{pcgStream: newPCGStream(pcg), seed: seed, salt: append([]byte(nil), rest[:SaltBytes]...), free: &free}
		return nil
	}
	return ErrDiceState
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
